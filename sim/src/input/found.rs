//! What paths on a command line name: workload manifests and Amber
//! scripts, or every one of them under a folder, in path order.

use crate::input::amber::is_amber_path;
use std::path::{Path, PathBuf};

/// One thing to run.
pub enum Item {
    Manifest(PathBuf),
    Script(PathBuf),
}

/// The top-level keys of a sweep file that no workload manifest has: its
/// keys but `name` (kept here, where files are told apart, rather than in
/// `sweep`, which finds its workloads through this module; a test in
/// `sweep` checks them against the keys it takes).
pub const SWEEP_KEYS: [&str; 5] = ["base", "workloads", "metric", "set", "parameters"];

/// A TOML file of gpusim's that is not a workload manifest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherToml {
    Config,
    Sweep,
}

impl OtherToml {
    /// What the file at `path` is, if it is a GPU config or a sweep file:
    /// a TOML table with a top-level key of theirs (`config::OWN_KEYS`,
    /// `SWEEP_KEYS`) and no `kernel`, which every manifest has (a
    /// file with one is a manifest, however broken, and its run says
    /// what is wrong).
    pub fn of(path: &Path) -> Option<OtherToml> {
        let text = crate::input::read_text(path).ok()?;
        let table: toml::Table = toml::from_str(&text).ok()?;
        let has = |keys: &[&str]| keys.iter().any(|k| table.contains_key(*k));
        if table.contains_key("kernel") {
            None
        } else if has(&crate::input::config::OWN_KEYS) {
            Some(OtherToml::Config)
        } else if has(&SWEEP_KEYS) {
            Some(OtherToml::Sweep)
        } else {
            None
        }
    }

    /// What the file at `path`, which is this, is and how to use it.
    pub fn describe(self, path: &Path) -> String {
        let p = path.display();
        match self {
            OtherToml::Config => {
                format!("{p}: a GPU config, not a workload manifest; give it as `--config {p}`")
            }
            OtherToml::Sweep => {
                format!(
                    "{p}: a sweep file, not a workload manifest; run it with `gpusim sweep {p}`"
                )
            }
        }
    }
}

/// The workload manifests at `paths`, for `gpusim bench`, `compare` and
/// a sweep (`command`): each path a manifest, or a folder whose manifests (in
/// path order, as `run` finds them) are taken; the folder's Amber scripts,
/// GPU configs and sweep files are passed over, and a script, config or
/// sweep file named on its own is an error, as is a path to nothing
/// (before anything runs).
pub fn manifests_at(paths: &[PathBuf], command: &str) -> Result<Vec<PathBuf>, String> {
    let mut manifests = Vec::new();
    for path in paths {
        if !path.exists() {
            return Err(format!("{}: no such file or folder", path.display()));
        }
        if !path.is_dir() && is_amber_path(path) {
            return Err(format!(
                "{}: {command} takes workload manifests (.toml) and folders of them, not Amber scripts (`gpusim run` runs those)",
                path.display()
            ));
        }
        let mut items = Vec::new();
        expand(path, None, &mut items, &mut Vec::new())?;
        let before = manifests.len();
        manifests.extend(items.into_iter().filter_map(|i| match i {
            Item::Manifest(p) => Some(p),
            Item::Script(_) => None,
        }));
        if manifests.len() == before {
            return Err(format!(
                "{}: no workload manifest (.toml) in this folder ({command} does not run Amber scripts)",
                path.display()
            ));
        }
    }
    Ok(manifests)
}

/// A manifest, a script, or every manifest and script under a folder (in
/// path order; hidden entries, links to folders and the results folder
/// `skip` are passed over, and so are GPU configs and sweep files, each
/// with a line in `notes` saying what it is); a folder holding neither is
/// an error, and so is a config or sweep file named on its own.
pub fn expand(
    path: &Path,
    skip: Option<&Path>,
    items: &mut Vec<Item>,
    notes: &mut Vec<String>,
) -> Result<(), String> {
    if !path.is_dir() {
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        if let Some(ext @ ("spv" | "spvasm" | "comp" | "cl" | "glsl" | "hlsl")) = ext.as_deref() {
            return Err(format!(
                "{}: a .{ext} file is a kernel, not something to run: run takes workload manifests (.toml), Amber scripts (.amber, .vkscript) and folders of them; a manifest names its kernel with `kernel` (docs/workloads.md)",
                path.display()
            ));
        }
        if let Some(other) = OtherToml::of(path) {
            return Err(other.describe(path));
        }
        if is_amber_path(path) {
            items.push(Item::Script(path.to_path_buf()));
        } else {
            items.push(Item::Manifest(path.to_path_buf()));
        }
        return Ok(());
    }
    let before = items.len();
    let mut files = Vec::new();
    collect(path, skip, &mut files)?;
    files.sort();
    for f in files {
        if is_amber_path(&f) {
            items.push(Item::Script(f));
        } else if f.extension().is_some_and(|e| e == "toml") {
            match OtherToml::of(&f) {
                Some(other) => notes.push(format!("passed over {}", other.describe(&f))),
                None => items.push(Item::Manifest(f)),
            }
        }
    }
    if items.len() == before {
        return Err(format!(
            "{}: no workload manifest (.toml) or Amber script (.amber, .vkscript) in this folder",
            path.display()
        ));
    }
    Ok(())
}

fn collect(dir: &Path, skip: Option<&Path>, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries {
        let e = e.map_err(|e| format!("{}: {e}", dir.display()))?;
        let p = e.path();
        let hidden = e.file_name().to_string_lossy().starts_with('.');
        let kind = e
            .file_type()
            .map_err(|err| format!("{}: {err}", p.display()))?;
        if hidden {
            continue;
        }
        if kind.is_dir() {
            if skip.is_none_or(|s| p.canonicalize().ok().as_deref() != Some(s)) {
                collect(&p, skip, out)?;
            }
        } else if !kind.is_symlink() || p.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{expand, manifests_at, Item, OtherToml};
    use std::path::PathBuf;

    #[test]
    fn a_folder_search_passes_over_configs_and_sweep_files_saying_so() {
        let dir = std::env::temp_dir().join(format!("gpusim_other_toml_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let files = [
            ("gpu.toml", "inherit = \"gcn\"\n[gpu]\ncompute_units = 2\n", Some(OtherToml::Config)),
            ("l1.toml", "[memory.l1]\nlatency = 4\n", Some(OtherToml::Config)),
            (
                "study.toml",
                "name = \"s\"\nbase = \"gcn\"\nworkloads = [\"m.toml\"]\n[parameters]\n\"cu.simds\" = [1, 2]\n",
                Some(OtherToml::Sweep),
            ),
            ("m.toml", "name = \"m\"\nkernel = \"k.spv\"\n", None),
            // A manifest with a stray key of a config's is a manifest.
            ("stray.toml", "name = \"m\"\nkernel = \"k.spv\"\n[gpu]\n", None),
            ("unreadable.toml", "[[[", None),
        ];
        for (name, text, kind) in files {
            std::fs::write(dir.join(name), text).unwrap();
            assert_eq!(OtherToml::of(&dir.join(name)), kind, "{name}");
        }
        let (mut items, mut notes) = (Vec::new(), Vec::new());
        expand(&dir, None, &mut items, &mut notes).unwrap();
        let manifests: Vec<PathBuf> = items
            .into_iter()
            .map(|i| match i {
                Item::Manifest(p) => p,
                Item::Script(p) => panic!("{}", p.display()),
            })
            .collect();
        let want: Vec<PathBuf> = ["m.toml", "stray.toml", "unreadable.toml"]
            .iter()
            .map(|f| dir.join(f))
            .collect();
        assert_eq!(manifests, want);
        let at = |f: &str| dir.join(f).display().to_string();
        assert_eq!(
            notes,
            [
                format!("passed over {0}: a GPU config, not a workload manifest; give it as `--config {0}`", at("gpu.toml")),
                format!("passed over {0}: a GPU config, not a workload manifest; give it as `--config {0}`", at("l1.toml")),
                format!("passed over {0}: a sweep file, not a workload manifest; run it with `gpusim sweep {0}`", at("study.toml")),
            ]
        );
        // Named on their own, they are errors saying so.
        for (name, what) in [("gpu.toml", "a GPU config"), ("study.toml", "a sweep file")] {
            let e = expand(&dir.join(name), None, &mut Vec::new(), &mut Vec::new()).unwrap_err();
            assert!(
                e.starts_with(&format!("{}: {what}, not a workload manifest", at(name))),
                "{e}"
            );
        }
        let e = manifests_at(&[dir.join("gpu.toml")], "compare").unwrap_err();
        assert!(e.contains("a GPU config"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bench_and_compare_take_a_folders_manifests_in_order_and_no_script() {
        let dir = std::env::temp_dir().join(format!("gpusim_manifests_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("inner")).unwrap();
        for f in [
            "b.toml",
            "a.toml",
            "inner/c.toml",
            "s.amber",
            "k.spv",
            ".hidden.toml",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let found = manifests_at(std::slice::from_ref(&dir), "bench").unwrap();
        let want: Vec<PathBuf> = ["a.toml", "b.toml", "inner/c.toml"]
            .iter()
            .map(|f| dir.join(f))
            .collect();
        assert_eq!(found, want);
        let e = manifests_at(&[dir.join("s.amber")], "compare").unwrap_err();
        assert!(
            e.contains("compare takes") && e.contains("not Amber scripts"),
            "{e}"
        );
        let e = manifests_at(&[dir.join("k.spv")], "bench").unwrap_err();
        assert!(e.contains("is a kernel"), "{e}");
        std::fs::create_dir_all(dir.join("scripts")).unwrap();
        std::fs::write(dir.join("scripts/t.amber"), "").unwrap();
        let e = manifests_at(&[dir.join("scripts")], "bench").unwrap_err();
        assert!(e.contains("no workload manifest"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
