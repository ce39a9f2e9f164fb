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

/// What can be checked before any point runs: the metric, the base, and
/// each parameter's key with each of its values on the base alone (a
/// value wrong only beside another parameter's fails its points alone).
fn check(s: &Sweep, file: &Path) -> Result<(), String> {
    let f = file.display();
    let numbers: Vec<&str> = sweep::figure_names()
        .into_iter()
        .filter(|n| !sweep::TEXT_FIGURES.contains(n))
        .collect();
    if !numbers.contains(&s.metric.as_str()) {
        let what = if sweep::TEXT_FIGURES.contains(&s.metric.as_str()) {
            "is a column of words, which a plot cannot draw; a metric is one of the numbers"
        } else {
            "is not a figure of the sweep CSV; a metric is one of its numbers"
        };
        return Err(format!(
            "{f}: metric = {:?} {what} ({})",
            s.metric,
            numbers.join(", ")
        ));
    }
    Config::load_with(&s.base, &s.set).map_err(|e| format!("{f}: base and set: {e}"))?;
    for (key, values) in &s.parameters {
        for value in values {
            let mut set = s.set.clone();
            set.push(format!("{key}={value}"));
            Config::load_with(&s.base, &set)
                .map_err(|e| format!("{f}: parameters.{key:?}: {e}"))?;
        }
    }
    Ok(())
}

pub fn run(r: &Request) -> u8 {
    let s = match Sweep::load(&r.file).and_then(|s| check(&s, &r.file).map(|_| s)) {
        Ok(s) => s,
        Err(e) => {
            say_err!("error: {e}");
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
            say_err!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    };
    // A point whose config does not load fails alone, with the message.
    // Its model is named as `run --set` names it for the sweep's own
    // `set`, which is in no column; the point's parameters are columns of
    // their own.
    let model = Config::load_with(&s.base, &s.set).map(|c| c.name);
    let configs: Vec<Result<Config, String>> = points
        .iter()
        .map(|p| {
            let config = Config::load_with(&s.base, &s.overrides(p))?;
            Ok(Config {
                name: model.clone().unwrap_or(config.name.clone()),
                ..config
            })
        })
        .collect();
    // A point whose config's wave size is not the subgroup size its
    // workload requires is skipped, as `gpusim run` skips it: a feature
    // the model lacks, not a failure.
    let required: Vec<Option<(u32, String)>> = s
        .workloads
        .iter()
        .map(|(_, path)| crate::run::required_subgroup(path))
        .collect();
    let skips: Vec<Option<String>> = points
        .iter()
        .zip(&configs)
        .map(|(p, c)| {
            let (n, at) = required[p.workload].as_ref()?;
            let wave = c.as_ref().ok()?.cu.wave_size as usize;
            crate::run::check_subgroup_size(*n, wave)
                .err()
                .map(|e| s.as_written(p, &format!("{at}: {e}")))
        })
        .collect();
    let runnable: Vec<(usize, Point)> = points
        .iter()
        .zip(&configs)
        .enumerate()
        .filter(|(i, _)| skips[*i].is_none())
        .filter_map(|(i, (p, c))| {
            c.as_ref().ok().map(|c| {
                let point = Point {
                    workload: s.workloads[p.workload].1.clone(),
                    config: c.clone(),
                };
                (i, point)
            })
        })
        .collect();
    let grid: Vec<Point> = runnable.iter().map(|(_, p)| p.clone()).collect();
    let counter = Counter::new(&name, grid.len() as u64, r.quiet);
    // Only each point's row is kept, not its buffers.
    let row_of = |k: usize, out: Result<_, String>| {
        let p = points[runnable[k].0];
        sweep::row(&s, p, &out.map_err(|e| s.as_written(p, &e)))
    };
    let ran = match run_points(
        &grid,
        r.threads,
        r.max_instructions,
        &|| counter.inc(),
        &row_of,
    ) {
        Ok(o) => o,
        Err(e) => {
            say_err!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    counter.finish();
    let mut ran = ran.into_iter();
    let header = sweep::header(&s);
    let rows: Vec<Vec<String>> = points
        .iter()
        .zip(configs)
        .zip(&skips)
        .map(|((p, c), skip)| match (c, skip) {
            (Ok(_), Some(why)) => sweep::row_without_figures(&s, p, "skip", why),
            (Ok(_), None) => ran.next().expect("one row per runnable point"),
            (Err(e), _) => sweep::row(&s, p, &Err(e)),
        })
        .collect();
    let status = 2 + s.parameters.len();
    let failed = rows.iter().filter(|r| r[status] == "failed").count();
    let skipped = rows.iter().filter(|r| r[status] == "skip").count();
    let checks_failed = rows.iter().filter(|r| r[status] == "check failed").count();
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let written = results::csv_text(&header_refs, &rows).and_then(|csv| {
        if r.shard.is_none() {
            sweep::plots(&s, &header, &rows, folder.path())?;
        }
        // The sweep's definition, which a merge checks its shards agree
        // on, then this run's share of it.
        let mut record = sweep::definition(&s);
        record.extend(
            [
                ("file", json!(r.file.display().to_string())),
                ("points", json!(all.len())),
                (
                    "shard",
                    json!(r.shard.map(|sh| format!("{}/{}", sh.index, sh.count))),
                ),
                ("points_run", json!(points.len())),
                ("failed", json!(failed)),
                ("checks_failed", json!(checks_failed)),
                ("skipped", json!(skipped)),
            ]
            .map(|(k, v)| (k.to_string(), v)),
        );
        let summary = json!({
            "sweep": record,
            "run": {
                "gpusim": results::VERSION,
                "command": std::env::args().collect::<Vec<_>>(),
            },
        });
        folder.finish_with(&[("sweep.csv", csv.as_bytes())], &summary)
    });
    match written {
        // Of this shard's points, those skipped did not run.
        Ok(dir) => say!(
            "{}: {} of {} points, {} run, {failed} failed, {checks_failed} failed a check, {skipped} skipped; {}{}",
            s.name,
            points.len(),
            all.len(),
            points.len() - skipped,
            dir.join("sweep.csv").display(),
            results::taken_name_note(&dir, &r.results, &name, r.force)
        ),
        Err(e) => {
            say_err!("error: cannot write results: {e}");
            return exit::OUTPUT_FAILED;
        }
    }
    for r in rows.iter().filter(|r| r[status] == "failed") {
        say_err!("point {} ({}) failed: {}", r[0], r[1], r[status + 1]);
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
/// Joins shards' CSVs into `output`; with the sweep file, draws its plots
/// of the joined rows beside it.
pub fn merge(inputs: &[PathBuf], output: &Path, file: Option<&Path>) -> u8 {
    // The sweep file is read first: a mistake in it writes nothing.
    let s = match file {
        None => None,
        Some(f) => match Sweep::load(f).and_then(|s| check(&s, f).map(|_| s)) {
            Ok(s) => Some((s, f)),
            Err(e) => {
                say_err!("error: {e}");
                return exit::BAD_INPUT;
            }
        },
    };
    let mut shards = Vec::new();
    // Each shard's summary.json, beside its CSV, says which sweep it is a
    // shard of, and how many points that has: every one must be there.
    let mut first: Option<(&Path, serde_json::Value)> = None;
    for p in inputs {
        let checked = crate::input::read_text(p)
            .map_err(|e| format!("{}: {e}", p.display()))
            .and_then(|t| {
                let recorded = shard_record(p)?;
                match &first {
                    None => first = Some((p.as_path(), recorded)),
                    Some((f, was)) => same_sweep((f, was), (p, &recorded))?,
                }
                Ok(t)
            });
        match checked {
            Ok(t) => shards.push((p.display().to_string(), t)),
            Err(e) => {
                say_err!("error: {e}");
                return exit::BAD_INPUT;
            }
        }
    }
    let points = first.and_then(|(_, r)| r["points"].as_u64());
    let merged = match sweep::merge(&shards, points.unwrap_or(0) as usize) {
        Ok(m) => m,
        Err(e) => {
            say_err!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    // With the sweep file: its rows, which must be the shards' points (the
    // same columns, and each row its point's number, workload and values).
    let plotted = match &s {
        None => None,
        Some((s, f)) => match merged_rows(s, &merged) {
            Some(rows) => Some((s, rows)),
            None => {
                say_err!(
                    "error: {}: its points are not the shards' (their columns, workloads or parameter values differ): the shards come from another sweep file",
                    f.display()
                );
                return exit::BAD_INPUT;
            }
        },
    };
    // Its folder is made as --results folders are.
    let folder = output.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some((folder, Err(e))) = folder.map(|f| (f, std::fs::create_dir_all(f))) {
        say_err!(
            "error: cannot write {}: {}",
            output.display(),
            results::folder_error(folder, &e)
        );
        return exit::OUTPUT_FAILED;
    }
    // The CSV and its plots replace those there only when all are written.
    let written = results::write_replacing(output, |staged| {
        std::fs::write(staged, &merged).map_err(|e| format!("{}: {e}", output.display()))?;
        match &plotted {
            Some((s, rows)) => {
                let beside = staged.parent().expect("a staged file is in its folder");
                sweep::plots(s, &sweep::header(s), rows, beside)
                    .map_err(|e| format!("the plots beside {}: {e}", output.display()))
            }
            None => Ok(()),
        }
    });
    if let Err(e) = written {
        say_err!("error: cannot write {e}");
        return exit::OUTPUT_FAILED;
    }
    let mut said = format!(
        "merged {} points into {}",
        points.unwrap_or(0),
        output.display()
    );
    if let Some((s, _)) = plotted {
        said.push_str(&format!(", with the plots of '{}' beside it", s.metric));
    }
    say!("{said}");
    exit::PASSED
}

/// What the summary.json beside shard CSV `csv` records of its sweep.
fn shard_record(csv: &Path) -> Result<serde_json::Value, String> {
    std::fs::read_to_string(csv.with_file_name("summary.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .map(|v| v["sweep"].clone())
        .filter(|s| s["points"].is_u64())
        .ok_or_else(|| {
            format!(
                "{}: no summary.json of a sweep beside it, to say which sweep it is a shard of and how many points that has",
                csv.display()
            )
        })
}

/// Whether two shards' records (`shard_record`) are of one sweep: the
/// same definition and number of points; if not, the first field that
/// differs, with both shards' values.
fn same_sweep(
    (a, was): (&Path, &serde_json::Value),
    (b, is): (&Path, &serde_json::Value),
) -> Result<(), String> {
    let fields = sweep::DEFINITION_FIELDS.iter().chain(&["points"]);
    let Some((field, x, y)) = fields
        .filter_map(|f| first_difference(f, &was[f], &is[f]))
        .next()
    else {
        return Ok(());
    };
    let shown = |v: &serde_json::Value| match v {
        serde_json::Value::Null => "nothing".to_string(),
        v => v.to_string(),
    };
    Err(format!(
        "{} and {} are shards of different sweeps: their summary.json give {field} = {} and {}",
        a.display(),
        b.display(),
        shown(x),
        shown(y)
    ))
}

/// The first place where `a` and `b` (under `path`) differ: a field of an
/// object (`parameters."gpu.clock_mhz"`), or the values themselves.
fn first_difference<'v>(
    path: &str,
    a: &'v serde_json::Value,
    b: &'v serde_json::Value,
) -> Option<(String, &'v serde_json::Value, &'v serde_json::Value)> {
    use serde_json::Value;
    static NONE: Value = Value::Null;
    match (a, b) {
        _ if a == b => None,
        (Value::Object(x), Value::Object(y)) => x.keys().chain(y.keys()).find_map(|k| {
            let (xk, yk) = (x.get(k).unwrap_or(&NONE), y.get(k).unwrap_or(&NONE));
            first_difference(&format!("{path}.{k:?}"), xk, yk)
        }),
        _ => Some((path.to_string(), a, b)),
    }
}

/// The rows of a merged sweep CSV, if they are sweep `s`'s points under
/// its header.
fn merged_rows(s: &Sweep, csv_text: &str) -> Option<Vec<Vec<String>>> {
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    let header: Vec<String> = reader.headers().ok()?.iter().map(String::from).collect();
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.map(|r| r.iter().map(String::from).collect()))
        .collect::<Result<_, _>>()
        .ok()?;
    let points = s.points();
    let same = header == sweep::header(s)
        && rows.len() == points.len()
        && rows.iter().zip(&points).all(|(r, p)| {
            let which = sweep::point_columns(s, p);
            r[..which.len()] == which[..]
        });
    same.then_some(rows)
}
