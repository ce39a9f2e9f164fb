//! Shared by the simulator's integration tests: buffers decoded from
//! their little-endian bytes, and timed runs of the microbenchmarks. (Each
//! test binary uses a different part.)
#![allow(dead_code)]

use gpusim::input::config::Config;
use gpusim::input::workload::{Contents, Workload};
use gpusim::run::{run_workload, run_workload_with, Hooks, RunOptions, RunOutput};
use gpusim::timing::trace::{IssueRecord, OccupancyRecord, Recorder};
use gpusim::timing::Report;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("sim/ has a parent")
        .to_path_buf()
}

/// workloads/vector_add.toml's text with its kernel named by its full path,
/// so that a copy written anywhere runs.
pub fn vector_add_anywhere() -> String {
    let kernel = root().join("workloads/vector_add.spv");
    std::fs::read_to_string(root().join("workloads/vector_add.toml"))
        .unwrap()
        .replace(
            "kernel = \"vector_add.spv\"",
            &format!("kernel = {:?}", kernel.display().to_string()),
        )
}

/// Every manifest under `dir`, sorted, with or without the deliberately
/// bad ones (folders named `bad`).
pub fn manifests(dir: &Path, with_bad: bool, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if with_bad || p.file_name().is_some_and(|n| n != "bad") {
                manifests(&p, with_bad, out);
            }
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
}

/// `workloads/micro/<name>.toml`.
pub fn micro(name: &str) -> Workload {
    let p = root().join("workloads/micro").join(format!("{name}.toml"));
    Workload::load(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `micro(name)` launched as `n` one-wave workgroups: every buffer (and
/// check) that holds one element per lane of one wave (32 elements) is
/// repeated `n` times, so that each wave works on its own copy.
pub fn micro_waves(name: &str, n: u32) -> Workload {
    let mut w = micro(name);
    assert_eq!(w.workgroups, [1, 1, 1], "{name} is one workgroup");
    w.workgroups = [n, 1, 1];
    let per_wave: Vec<String> = w
        .buffers
        .iter()
        .filter(|b| b.len == 32)
        .map(|b| b.name.clone())
        .collect();
    for b in &mut w.buffers {
        if per_wave.contains(&b.name) {
            b.len *= n as usize;
            b.init = b.init.repeat(n as usize);
        }
    }
    for c in &mut w.checks {
        if per_wave.contains(&c.buffer) {
            assert_eq!(c.range, (0, 32), "{name}: a check on the whole wave");
            c.range = (0, 32 * n as usize);
            let wave = c.expected.clone().into_bytes();
            c.expected = Contents::Elements(wave.repeat(n as usize));
        }
    }
    w
}

/// A timed run's report with the trace events it told, kept in memory.
pub struct Traced {
    pub report: Report,
    pub issue_trace: Vec<IssueRecord>,
    pub occupancy_trace: Vec<OccupancyRecord>,
}

impl std::ops::Deref for Traced {
    type Target = Report;
    fn deref(&self) -> &Report {
        &self.report
    }
}

/// A timed run with traces; the manifest's checks must pass.
pub fn timed(w: &Workload, cfg: &Config) -> (RunOutput, Traced) {
    let mut recorder = Recorder::default();
    let hooks = Hooks {
        trace: Some(&mut recorder),
        ..Hooks::default()
    };
    let mut out = run_workload_with(w, &RunOptions::timed(cfg.clone()), hooks)
        .unwrap_or_else(|e| panic!("{}: timed run failed: {e}", w.name));
    for c in &out.checks {
        assert!(
            c.passed,
            "{}: check on '{}' failed: {c:?}",
            w.name, c.buffer
        );
    }
    let report = out.timing.take().expect("a timed run has a report");
    let traced = Traced {
        report,
        issue_trace: recorder.issue_trace,
        occupancy_trace: recorder.occupancy_trace,
    };
    (out, traced)
}

use half::f16;

/// The values of type `T` (each `N` bytes) in `b`.
fn decode<T, const N: usize>(b: &[u8], from: fn([u8; N]) -> T) -> Vec<T> {
    b.chunks_exact(N)
        .map(|c| from(c.try_into().expect("chunks of N bytes")))
        .collect()
}

pub fn u8s(b: &[u8]) -> Vec<u8> {
    b.to_vec()
}
pub fn i8s(b: &[u8]) -> Vec<i8> {
    decode(b, i8::from_le_bytes)
}
pub fn i16s(b: &[u8]) -> Vec<i16> {
    decode(b, i16::from_le_bytes)
}
pub fn u64s(b: &[u8]) -> Vec<u64> {
    decode(b, u64::from_le_bytes)
}
pub fn u32s(b: &[u8]) -> Vec<u32> {
    decode(b, u32::from_le_bytes)
}
pub fn i32s(b: &[u8]) -> Vec<i32> {
    decode(b, i32::from_le_bytes)
}
pub fn i64s(b: &[u8]) -> Vec<i64> {
    decode(b, i64::from_le_bytes)
}
pub fn f16s(b: &[u8]) -> Vec<f16> {
    decode(b, f16::from_le_bytes)
}
pub fn f32s(b: &[u8]) -> Vec<f32> {
    decode(b, f32::from_le_bytes)
}
pub fn f64s(b: &[u8]) -> Vec<f64> {
    decode(b, f64::from_le_bytes)
}

/// `text` with the first line starting with `old` replaced by `new`;
/// returns the text and that line's number.
pub fn edit_line(text: &str, old: &str, new: &str) -> (String, usize) {
    let mut at = 0;
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if at == 0 && l.starts_with(old) {
                at = i + 1;
                new.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(at > 0, "no line starts with {old:?}");
    (lines.join("\n"), at)
}

/// The number at `path` in a summary.
pub fn num(v: &Value, path: &[&str]) -> f64 {
    let mut x = v;
    for p in path {
        x = &x[*p];
    }
    x.as_f64()
        .unwrap_or_else(|| panic!("summary has no number at {path:?}: {v}"))
}

/// Writes `text` to `<folder>/<test>.toml` under the test's scratch folder
/// and loads it as `--config` would; returns the file's name and the error
/// it must give.
pub fn config_error(folder: &str, test: &str, text: &str) -> (String, String) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{test}.toml"));
    std::fs::write(&path, text).unwrap();
    match Config::load(&path) {
        Ok(_) => panic!("{test}: the bad config was accepted"),
        Err(e) => (path.display().to_string(), e),
    }
}

/// The bytes of output buffer `name`.
pub fn bytes<'a>(out: &'a RunOutput, name: &str) -> &'a [u8] {
    out.buffer(name)
        .unwrap_or_else(|| panic!("no buffer '{name}'"))
}

/// Compares element by element and reports the mismatches (the first 10)
/// with their indices, so a failure says where and how.
pub fn assert_same<T: PartialEq + std::fmt::Debug>(what: &str, actual: &[T], expected: &[T]) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "{what}: length {} but expected {}",
        actual.len(),
        expected.len()
    );
    let bad: Vec<String> = actual
        .iter()
        .zip(expected)
        .enumerate()
        .filter(|(_, (a, e))| a != e)
        .map(|(i, (a, e))| format!("[{i}] expected {e:?}, got {a:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} elements differ:\n  {}",
        bad.len(),
        actual.len(),
        bad[..bad.len().min(10)].join("\n  ")
    );
}

/// Runs `tests/kernels/<name>.toml` functionally with waves of `wave_width`.
pub fn run_at(name: &str, wave_width: usize) -> RunOutput {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kernels")
        .join(format!("{name}.toml"));
    let w = Workload::load(&path).unwrap_or_else(|e| panic!("loading {}: {e}", path.display()));
    let opts = RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    run_workload(&w, &opts)
        .unwrap_or_else(|e| panic!("running {name} at wave size {wave_width}: {e}"))
}

/// A fresh empty folder for one test, under Cargo's temporary folder.
pub fn scratch(group: &str, test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the `gpusim` command from the workspace root.
pub fn gpusim(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("gpusim runs")
}

/// `gpusim run PATH --quiet --force --results RESULTS`, then `extra`.
pub fn run_into(path: &Path, results: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "run",
        path.to_str().unwrap(),
        "--quiet",
        "--force",
        "--results",
        results.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    gpusim(&args)
}

/// What a command printed, stdout then stderr.
pub fn printed(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The rows of a CSV file, header first.
pub fn csv_rows(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_path(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    r.records()
        .map(|x| x.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// The index of column `name` in `rows`' header.
pub fn column(rows: &[Vec<String>], name: &str) -> usize {
    rows[0].iter().position(|h| h == name).expect(name)
}

/// The longest run of `recs` at consecutive pcs: a microbenchmark's chain
/// of instructions, apart from the address arithmetic around it.
pub fn longest_consecutive_run<'a>(recs: &[&'a IssueRecord]) -> Vec<&'a IssueRecord> {
    let (mut best, mut start) = ((0, 0), 0);
    for i in 1..=recs.len() {
        if i == recs.len() || recs[i].pc != recs[i - 1].pc + 1 {
            if i - start > best.1 - best.0 {
                best = (start, i);
            }
            start = i;
        }
    }
    recs[best.0..best.1].to_vec()
}

/// Where manifest `text` (at `manifest`) writes the `[[buffer]]` named
/// `name`: `path:line:1`, as warnings about the buffer name it.
pub fn buffer_place(manifest: &Path, text: &str, name: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == format!("name = \"{name}\""))
        .unwrap_or_else(|| panic!("no buffer {name}"));
    let header = lines[..at]
        .iter()
        .rposition(|l| l.trim() == "[[buffer]]")
        .expect("a [[buffer]] header");
    format!("{}:{}:1", manifest.display(), header + 1)
}
