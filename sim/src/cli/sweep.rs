//! `gpusim sweep`: the points of a sweep file on all cores (or this
//! shard's share of them), one CSV row each, and plots; `--merge` joins
//! shards' CSVs into the whole sweep's.

use super::exit;
use super::progress::Counter;
use crate::input::config::Config;
use crate::input::sweep::Sweep;
use crate::output::results::{self, ResultsFolder};
use crate::output::sweep;
use crate::run::grid::{run_points, Point};
use serde_json::json;
use std::path::{Path, PathBuf};

/// A shard: `I/N`, I from 0 to N-1 (as a job array's task id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {s}: expected I/N with 0 <= I < N (e.g. 0/4)");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            i.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

pub struct Request {
    pub file: PathBuf,
    pub results: PathBuf,
    pub force: bool,
    pub threads: Option<usize>,
    pub shard: Option<Shard>,
    pub max_instructions: u64,
    pub quiet: bool,
}

pub fn run(r: &Request) -> u8 {
    let s = match Sweep::load(&r.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let all = s.points();
    let points: Vec<_> = all
        .iter()
        .filter(|p| r.shard.is_none_or(|sh| p.index % sh.count == sh.index))
        .collect();
    let name = match r.shard {
        Some(sh) => format!("{}.shard-{}-of-{}", s.name, sh.index, sh.count),
        None => s.name.clone(),
    };
    let folder = match ResultsFolder::create(&r.results, &name, r.force) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    };
    // A point whose config does not load fails alone, with the message.
    let configs: Vec<Result<Config, String>> = points
        .iter()
        .map(|p| Config::load_with(&s.base, &s.overrides(p)))
        .collect();
    let runnable: Vec<Point> = points
        .iter()
        .zip(&configs)
        .filter_map(|(p, c)| {
            c.as_ref().ok().map(|c| Point {
                workload: s.workloads[p.workload].1.clone(),
                config: c.clone(),
            })
        })
        .collect();
    let counter = Counter::new(&name, runnable.len() as u64, r.quiet);
    let outputs = match run_points(&runnable, r.threads, r.max_instructions, &|| counter.inc()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    counter.finish();
    let mut outputs = outputs.into_iter();
    let runs: Vec<Result<_, String>> = configs
        .into_iter()
        .map(|c| match c {
            Ok(_) => outputs.next().expect("one output per runnable point"),
            Err(e) => Err(e),
        })
        .collect();
    let header = sweep::header(&s);
    let rows: Vec<Vec<String>> = points
        .iter()
        .zip(&runs)
        .map(|(p, run)| sweep::row(&s, p, run))
        .collect();
    let status = 2 + s.parameters.len();
    let failed = rows.iter().filter(|r| r[status] == "failed").count();
    let checks_failed = rows.iter().filter(|r| r[status] == "check failed").count();
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let written = results::csv_text(&header_refs, &rows).and_then(|csv| {
        if r.shard.is_none() {
            sweep::plots(&s, &header, &rows, folder.path())?;
        }
        let summary = json!({
            "sweep": {
                "name": s.name,
                "file": r.file.display().to_string(),
                "base": s.base,
                "points": all.len(),
                "shard": r.shard.map(|sh| format!("{}/{}", sh.index, sh.count)),
                "points_run": points.len(),
                "failed": failed,
                "checks_failed": checks_failed,
            },
            "run": {
                "gpusim": results::VERSION,
                "command": std::env::args().collect::<Vec<_>>(),
            },
        });
        folder.finish_with(&[("sweep.csv", csv.as_bytes())], &summary)
    });
    match written {
        Ok(dir) => say!(
            "{}: {} of {} points run, {failed} failed, {checks_failed} failed a check; {}",
            s.name,
            points.len(),
            all.len(),
            dir.join("sweep.csv").display()
        ),
        Err(e) => {
            eprintln!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    }
    for r in rows.iter().filter(|r| r[status] == "failed") {
        eprintln!("point {} ({}) failed: {}", r[0], r[1], r[status + 1]);
    }
    if failed > 0 {
        exit::BAD_INPUT
    } else if checks_failed > 0 {
        exit::CHECK_FAILED
    } else {
        exit::PASSED
    }
}

/// `gpusim sweep --merge CSV... --output FILE`.
pub fn merge(inputs: &[PathBuf], output: &Path) -> u8 {
    let mut shards = Vec::new();
    for p in inputs {
        match std::fs::read_to_string(p) {
            Ok(t) => shards.push((p.display().to_string(), t)),
            Err(e) => {
                eprintln!("error: {}: {e}", p.display());
                return exit::BAD_INPUT;
            }
        }
    }
    let merged = match sweep::merge(&shards) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    match std::fs::write(output, merged) {
        Ok(()) => exit::PASSED,
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", output.display());
            exit::OUTPUT_FAILED
        }
    }
}
