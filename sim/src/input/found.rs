//! What paths on a command line name: workload manifests and Amber
//! scripts, or every one of them under a folder, in path order.

use crate::input::amber::is_amber_path;
use std::path::{Path, PathBuf};

/// One thing to run.
pub enum Item {
    Manifest(PathBuf),
    Script(PathBuf),
}

/// The workload manifests at `paths`, for `gpusim bench`, `compare` and
/// a sweep (`command`): each path a manifest, or a folder whose manifests (in
/// path order, as `run` finds them) are taken; the folder's Amber scripts
/// are passed over, and a script named on its own is an error, as is a
/// path to nothing (before anything runs).
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
        expand(path, None, &mut items)?;
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
/// `skip` are passed over); a folder holding neither is an error.
pub fn expand(path: &Path, skip: Option<&Path>, items: &mut Vec<Item>) -> Result<(), String> {
    if !path.is_dir() {
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        if let Some(ext @ ("spv" | "spvasm" | "comp" | "cl" | "glsl" | "hlsl")) = ext.as_deref() {
            return Err(format!(
                "{}: a .{ext} file is a kernel, not something to run: run takes workload manifests (.toml), Amber scripts (.amber, .vkscript) and folders of them; a manifest names its kernel with `kernel` (docs/workloads.md)",
                path.display()
            ));
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
            items.push(Item::Manifest(f));
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
    use super::manifests_at;
    use std::path::PathBuf;

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
