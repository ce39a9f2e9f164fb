//! `gpusim bench`: how fast the simulator runs. Each workload's kernel is
//! lowered once (that time is reported on its own), then launched
//! functionally on one thread, functionally on every thread, and timed (no
//! traces, one thread) on the built-in model widened to the given number of
//! CUs, repeatedly for at least `seconds`; the rates are simulated
//! instructions per host second, counting each launch's set-up (copying
//! the inputs, made once per row, into the last launch's buffers, then
//! placing and binding the buffers)
//! and execution, in batches of launches: the median
//! batch's, with the slowest and fastest batch's beside it. Host memory is
//! the process's peak resident set during the row (Linux).

use crate::input::config::Config;
use crate::input::workload::Workload;
use crate::run::{dispatch, initial_buffers, lower_workload, Dispatch, Hooks, RunOptions};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Seconds of launches per batch.
const BATCH: f64 = 0.1;

pub struct BenchRow {
    pub workload: String,
    pub mode: &'static str,
    pub threads: usize,
    pub runs: u32,
    pub batches: u32,
    /// Lowering the kernel once, in milliseconds.
    pub lower_ms: f64,
    pub seconds: f64,
    /// Wave-instructions per second: slowest, median and fastest batch.
    pub wave_per_second: [f64; 3],
    /// Lane-instructions per second of the median batch.
    pub lane_per_second: f64,
    /// Peak resident set during the row, in bytes, where the host says.
    pub peak_bytes: Option<u64>,
}

/// The modes a benchmark can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Functional, one thread.
    Functional,
    /// Functional, on the all-core thread count.
    AllCores,
    /// Timed, no traces, one thread.
    Timed,
}

/// The longest `--seconds` taken: a week, far past any useful figure and
/// well inside what a `Duration` holds.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// `--seconds`: a number of seconds from 0 to a week.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if (0.0..=MAX_SECONDS).contains(&x) => Ok(x),
        _ => Err(format!(
            "'{s}' is not a number of seconds from 0 to {MAX_SECONDS} (a week)"
        )),
    }
}

/// Benchmarks `workloads` with `cus` compute units for `seconds` each in
/// every mode of `modes`; the all-core functional mode runs on `threads`
/// threads (skipped when 1).
pub fn run(
    workloads: &[PathBuf],
    cus: u32,
    seconds: f64,
    threads: usize,
    modes: &[Mode],
) -> Result<Vec<BenchRow>, String> {
    let mut cfg = Config::default_config();
    cfg.gpu.compute_units = cus;
    cfg.validate().map_err(|e| format!("--cus: {e}"))?;
    let mut rows = Vec::new();
    for path in workloads {
        let w = Workload::load(path)?;
        let mut runs_of = Vec::new();
        for mode in modes {
            match mode {
                Mode::Functional => runs_of.push(("functional", RunOptions::default())),
                Mode::AllCores if threads > 1 => runs_of.push((
                    "functional",
                    RunOptions {
                        threads,
                        ..RunOptions::default()
                    },
                )),
                Mode::AllCores => {}
                Mode::Timed => runs_of.push(("timed", RunOptions::timed(cfg.clone()))),
            }
        }
        for (mode, opts) in runs_of {
            reset_peak_memory();
            let lowering = Instant::now();
            let kernel = lower_workload(&w, &opts)?;
            let lower_ms = lowering.elapsed().as_secs_f64() * 1e3;
            let bindings: Vec<_> = w.buffers.iter().map(|b| b.binding.clone()).collect();
            let context = w.path.display().to_string();
            let d = Dispatch {
                kernel: &kernel,
                context: &context,
                workgroups: w.workgroups,
                local_size: w.local_size,
                bindings: &bindings,
                args: &w.args,
                robust_buffer_access: w.robust_buffer_access,
            };
            // Batches of at least BATCH seconds spent in launches; the median batch's rates
            // are reported, so that a burst of noise on a shared host (a
            // stolen time slice) does not move the figure much.
            let inputs = initial_buffers(&w);
            // Each launch starts from a copy of the inputs, made into the
            // last launch's buffers (as a host reuses its allocations).
            // Only the launches are timed: the copy is the bench's work,
            // not the simulator's (48 MiB of it took 14% of the
            // memory-bound kernel's one-thread time).
            let mut buffers = inputs.clone();
            let start = Instant::now();
            let mut runs = 0u32;
            let mut batches: Vec<(f64, f64)> = Vec::new();
            while batches.is_empty() || start.elapsed() < Duration::from_secs_f64(seconds) {
                let (mut launches, mut waves, mut lanes) = (0u32, 0u64, 0u64);
                let mut in_launches = Duration::ZERO;
                while launches == 0 || in_launches < Duration::from_secs_f64(BATCH.min(seconds)) {
                    for (b, input) in buffers.iter_mut().zip(&inputs) {
                        b.bytes.clone_from(&input.bytes);
                    }
                    let launch = Instant::now();
                    let launched = dispatch(&d, &mut buffers, &opts, Hooks::default())?;
                    in_launches += launch.elapsed();
                    waves += launched.counts.wave_instructions;
                    lanes += launched.counts.lane_instructions;
                    launches += 1;
                }
                runs += launches;
                let t = in_launches.as_secs_f64();
                batches.push((waves as f64 / t, lanes as f64 / t));
            }
            let t = start.elapsed().as_secs_f64();
            batches.sort_by(|a, b| a.0.total_cmp(&b.0));
            let median = median(&batches);
            rows.push(BenchRow {
                workload: w.name.clone(),
                mode,
                threads: opts.threads,
                runs,
                lower_ms,
                seconds: t,
                batches: batches.len() as u32,
                wave_per_second: [batches[0].0, median.0, batches[batches.len() - 1].0],
                lane_per_second: median.1,
                peak_bytes: peak_memory(),
            });
        }
    }
    Ok(rows)
}

/// The median of batches' (wave, lane) rates sorted by wave rate: the
/// middle one, or the mean of the middle two of an even count (two batches
/// give their mean, not the faster).
fn median(sorted: &[(f64, f64)]) -> (f64, f64) {
    let n = sorted.len();
    let (a, b) = (sorted[(n - 1) / 2], sorted[n / 2]);
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// Starts a new peak-resident-set measurement (Linux: clear_refs 5).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The peak resident set since the last reset (Linux: VmHWM).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The rows as a Markdown table.
pub fn table(rows: &[BenchRow]) -> String {
    let mut s = String::from(
        "| workload | mode | threads | lowering ms | runs | batches | seconds | wave-instructions/s (min-max) | lane-instructions/s | peak MiB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let [lo, mid, hi] = r.wave_per_second.map(|v| v / 1e6);
        let peak = r
            .peak_bytes
            .map_or("-".to_string(), |b| format!("{:.1}", b as f64 / 1048576.0));
        let _ = writeln!(
            s,
            "| {} | {} | {} | {:.2} | {} | {} | {:.2} | {mid:.2} M ({lo:.2}-{hi:.2}) | {:.1} M | {peak} |",
            r.workload,
            r.mode,
            r.threads,
            r.lower_ms,
            r.runs,
            r.batches,
            r.seconds,
            r.lane_per_second / 1e6
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_batch_per_mode_counts_the_launches_instructions() {
        let path = PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../workloads/vector_add.toml"
        ));
        let all = [Mode::Functional, Mode::AllCores, Mode::Timed];
        let rows = run(std::slice::from_ref(&path), 2, 0.0, 2, &all).unwrap();
        let modes: Vec<(&str, usize)> = rows.iter().map(|r| (r.mode, r.threads)).collect();
        assert_eq!(modes, [("functional", 1), ("functional", 2), ("timed", 1)]);
        for r in &rows {
            assert_eq!((r.runs, r.batches), (1, 1), "{}", r.mode);
            // 250 active invocations in 4 waves of 64: the rates are the
            // launch's instructions over its time, so their ratio is the
            // mean of active lanes per wave-instruction.
            let lanes_per_wave = r.lane_per_second / r.wave_per_second[1];
            assert!(
                lanes_per_wave > 32.0 && lanes_per_wave <= 64.0,
                "{lanes_per_wave}"
            );
        }
        let t = table(&rows);
        assert!(t.contains("| vector_add | timed | 1 |"), "{t}");
        let timed = run(std::slice::from_ref(&path), 2, 0.0, 2, &[Mode::Timed]).unwrap();
        assert_eq!(timed.iter().map(|r| r.mode).collect::<Vec<_>>(), ["timed"]);
        if cfg!(target_os = "linux") {
            assert!(rows
                .iter()
                .all(|r| r.peak_bytes.is_some_and(|b| b > 1 << 20)));
        }
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&[(1.0, 10.0)]), (1.0, 10.0));
        assert_eq!(median(&[(1.0, 10.0), (3.0, 30.0)]), (2.0, 20.0));
        assert_eq!(
            median(&[(1.0, 10.0), (2.0, 20.0), (7.0, 70.0)]),
            (2.0, 20.0)
        );
        assert_eq!(
            median(&[(1.0, 10.0), (2.0, 20.0), (4.0, 40.0), (9.0, 90.0)]),
            (3.0, 30.0)
        );
    }
}
