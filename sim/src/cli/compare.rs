//! `gpusim compare`: every workload on every config (or variant of one
//! config), side by side, checking that all computed the same bits.

use super::exit;
use super::progress::Counter;
use crate::input::config::Config;
use crate::output::compare::{self, Cell, WorkloadRuns};
use crate::output::results::{self, ResultsFolder};
use crate::run::grid::{run_points, Point};
use serde_json::json;
use std::path::PathBuf;

/// What `gpusim compare` was asked.
pub struct Request {
    pub configs: Vec<String>,
    pub variants: Vec<String>,
    pub set: Vec<String>,
    pub workloads: Vec<PathBuf>,
    pub results: PathBuf,
    pub force: bool,
    pub threads: Option<usize>,
    pub max_instructions: u64,
    pub quiet: bool,
}

/// The configs to compare, labelled: each `--config` (its name, which
/// `--set` extends with what it sets), or each `--variant
/// LABEL:KEY=VALUE,...` of the one `--config` (gcn by default); `--set`
/// applies to all.
fn configs(r: &Request) -> Result<Vec<(String, Config)>, String> {
    let mut out = Vec::new();
    if r.variants.is_empty() {
        for c in &r.configs {
            let config = Config::load_with(c, &r.set)?;
            out.push((config.name.clone(), config));
        }
    } else {
        if r.configs.len() > 1 {
            return Err("--variant applies to one base config: give at most one --config".into());
        }
        let base = r.configs.first().map_or("gcn", String::as_str);
        for v in &r.variants {
            let (label, sets) = v.split_once(':').ok_or_else(|| {
                format!("--variant {v}: expected LABEL:KEY=VALUE[,KEY=VALUE...] (e.g. emulated:emulate.trinary_minmax=true, or native: for none)")
            })?;
            if !crate::input::sweep::is_file_name(label) {
                return Err(format!(
                    "--variant {v}: the label {label:?} names files: use letters, digits, '-', '_' and '.'"
                ));
            }
            let mut set = r.set.clone();
            set.extend(split_sets(sets));
            let mut config =
                Config::load_with(base, &set).map_err(|e| format!("--variant {label}: {e}"))?;
            config.name = label.to_string();
            out.push((label.to_string(), config));
        }
    }
    if out.len() < 2 {
        return Err("compare needs at least two configs: --config A --config B, or --variant LABEL:... twice".into());
    }
    let mut labels: Vec<&str> = out.iter().map(|c| c.0.as_str()).collect();
    labels.sort();
    if let Some(twice) = labels.windows(2).find(|w| w[0] == w[1]) {
        let fix = if r.variants.is_empty() {
            "give the config files distinct `name`s, or use --variant labels"
        } else {
            "give each --variant its own label"
        };
        return Err(format!(
            "two configs have the same name '{}' ({}): {fix}",
            twice[0],
            labels.join(", ")
        ));
    }
    Ok(out)
}

/// The longest stem of a config's file name: room for `-N.config.toml`
/// in a file name of 255 bytes, with plenty to spare.
const MAX_STEM: usize = 128;

/// The stem of each config's file (`STEM.config.toml`), for `labels` in
/// order: the label with each run of characters that do not name files
/// well (not a letter, digit, '-', '_' or '.') made one '_' (none at the
/// ends), dots at the start dropped, cut to `MAX_STEM` bytes, and `-2`, `-3`, ... added to
/// one an earlier label's took, so that no file is written twice.
fn file_stems<'a>(labels: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut taken = std::collections::HashSet::new();
    labels
        .map(|label| {
            let named = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
            let parts: Vec<&str> = label
                .split(|c| !named(c))
                .filter(|p| !p.is_empty())
                .collect();
            let mut stem = parts.join("_");
            // ASCII only, so any byte is a character boundary.
            stem.truncate(MAX_STEM);
            let stem = stem.trim_start_matches('.');
            let stem = if stem.is_empty() { "config" } else { stem };
            let mut unique = stem.to_string();
            for n in 2.. {
                if taken.insert(unique.clone()) {
                    break;
                }
                unique = format!("{stem}-{n}");
            }
            unique
        })
        .collect()
}

/// A variant's `KEY=VALUE` settings: split at the commas between them, not
/// at those inside a value's braces, brackets or quotes (as in
/// `units.min3={count = 1, latency = 8}`).
fn split_sets(sets: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    for (i, c) in sets.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '[') => depth += 1,
            (None, '}' | ']') => depth -= 1,
            (None, ',') if depth == 0 => {
                out.push(&sets[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&sets[start..]);
    out.into_iter()
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .collect()
}

pub fn run(r: &Request) -> u8 {
    let configs = match configs(r) {
        Ok(c) => c,
        Err(e) => {
            say_err!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    if r.workloads.is_empty() {
        say_err!("error: name at least one workload manifest to compare on");
        return exit::BAD_INPUT;
    }
    let workloads = match crate::input::found::manifests_at(&r.workloads, "compare") {
        Ok(w) => w,
        Err(e) => {
            say_err!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let folder = match ResultsFolder::create(&r.results, "compare", r.force) {
        Ok(f) => f,
        Err(e) => {
            say_err!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    };
    let points: Vec<Point> = workloads
        .iter()
        .flat_map(|w| {
            configs.iter().map(|(_, c)| Point {
                workload: w.clone(),
                config: c.clone(),
            })
        })
        .collect();
    // A manifest that requires another subgroup size than a config's waves
    // is skipped on that config, as `run` and `sweep` skip it.
    let required: Vec<Option<(u32, String)>> = workloads
        .iter()
        .map(|w| crate::run::required_subgroup(w))
        .collect();
    // Points go workload by workload, a config each.
    let skips: Vec<Option<String>> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (n, at) = required[i / configs.len()].as_ref()?;
            let wave = p.config.cu.wave_size as usize;
            crate::run::check_subgroup_size(*n, wave)
                .err()
                .map(|e| format!("{at}: {e}"))
        })
        .collect();
    let runnable: Vec<Point> = points
        .iter()
        .zip(&skips)
        .filter(|(_, skip)| skip.is_none())
        .map(|(p, _)| p.clone())
        .collect();
    let counter = Counter::new("compare", runnable.len() as u64, r.quiet);
    let ran = match run_points(
        &runnable,
        r.threads,
        r.max_instructions,
        &|| counter.inc(),
        &|_, out| out,
    ) {
        Ok(o) => o,
        Err(e) => {
            say_err!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    counter.finish();
    let mut ran = ran.into_iter();
    let outputs: Vec<Result<crate::run::RunOutput, String>> = skips
        .iter()
        .map(|skip| match skip {
            Some(why) => Err(why.clone()),
            None => ran.next().expect("a run per runnable point"),
        })
        .collect();
    let runs: Vec<WorkloadRuns> = workloads
        .iter()
        .zip(outputs.chunks(configs.len()))
        .zip(skips.chunks(configs.len()))
        .map(|((w, outs), skips)| WorkloadRuns {
            workload: outs
                .iter()
                .find_map(|o| o.as_ref().ok().map(|o| o.name.clone()))
                .unwrap_or_else(|| w.display().to_string()),
            cells: configs
                .iter()
                .zip(outs)
                .zip(skips)
                .map(|(((label, _), run), skip)| Cell {
                    config: label,
                    run,
                    skipped: skip.is_some(),
                })
                .collect(),
        })
        .collect();
    let table = compare::table(&runs);
    let markdown = table.markdown();
    say_raw!("{markdown}");
    let written = table.csv().and_then(|csv| {
        compare::chart(&runs, folder.path())?;
        let summary = json!({
            "compare": {
                "configs": configs.iter().map(|c| &c.0).collect::<Vec<_>>(),
                "workloads": workloads.iter().map(|w| w.display().to_string()).collect::<Vec<_>>(),
                "identical": table.identical(),
                "differences": table.differences,
                "failures": table.failures,
                "skipped": table.skipped,
            },
            "run": {
                "gpusim": results::VERSION,
                "command": std::env::args().collect::<Vec<_>>(),
            },
        });
        let mut files: Vec<(String, Vec<u8>)> = vec![
            ("compare.md".into(), markdown.clone().into_bytes()),
            ("compare.csv".into(), csv.into_bytes()),
        ];
        let stems = file_stems(configs.iter().map(|(label, _)| label.as_str()));
        for (stem, (_, c)) in stems.iter().zip(&configs) {
            files.push((format!("{stem}.config.toml"), c.to_toml().into_bytes()));
        }
        let files: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        folder.finish_with(&files, &summary)
    });
    match written {
        Ok(dir) => say!(
            "comparison in {}{}",
            dir.display(),
            crate::output::results::taken_name_note(&dir, &r.results, "compare", r.force)
        ),
        Err(e) => {
            say_err!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    }
    if !table.failures.is_empty() {
        exit::BAD_INPUT
    } else if !table.identical() || table.failed_checks > 0 {
        exit::CHECK_FAILED
    } else {
        exit::PASSED
    }
}

#[cfg(test)]
mod tests {
    use super::{file_stems, split_sets};

    #[test]
    fn config_files_are_named_after_their_labels_and_never_twice() {
        let long = "x".repeat(200);
        let labels = [
            "gcn-like (cu.scheduler=round_robin)",
            "teaching",
            "a b",
            "a/b",
            "a_b",
            "..hidden (x)",
            "()",
            "été",
            long.as_str(),
        ];
        let want = [
            "gcn-like_cu.scheduler_round_robin",
            "teaching",
            "a_b",
            "a_b-2",
            "a_b-3",
            "hidden_x",
            "config",
            "t",
            &long[..128],
        ];
        assert_eq!(file_stems(labels.into_iter()), want);
        for stem in want {
            assert!(crate::input::sweep::is_file_name(stem), "{stem}");
        }
    }

    #[test]
    fn variant_settings_split_only_between_settings() {
        assert_eq!(
            split_sets("a=1,units.min3={count = 1, latency = 8},b=[1, 2],c=\"x,y\","),
            [
                "a=1",
                "units.min3={count = 1, latency = 8}",
                "b=[1, 2]",
                "c=\"x,y\""
            ]
        );
        assert!(split_sets("").is_empty());
    }
}
