//! `gpusim bench`: how fast the simulator runs. Each workload's kernel is
//! lowered once per mode (that time is reported on its own), then
//! launched functionally on one thread, functionally on every thread, and
//! timed (no traces, one thread) on the built-in model widened to the
//! given number of CUs, repeatedly for at least `seconds`, the first
//! launch's result checked against the manifest's checks. The rates are
//! simulated instructions per host second of the launches (placing and
//! binding the buffers, and execution; the copy of the inputs into the
//! last launch's buffers before each is not timed), in batches of
//! launches: the median batch's, with the slowest and fastest batch's
//! beside it. Host memory is the process's peak resident set during the
//! row (Linux).

use crate::console::plural;
use crate::input::config::Config;
use crate::input::workload::Workload;
use crate::run::{
    check_outcomes, dispatch, initial_buffers, lower_runnable, Dispatch, Hooks, RunOptions,
};
use std::path::{Path, PathBuf};
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
    /// Some workgroups of its launches were committed from parallel
    /// batches (a launch stays on one thread when it is too small for the
    /// pool, or while its workgroups run global atomics).
    pub ran_parallel: bool,
    /// Its launches ran atomics on global memory that are not blind
    /// (`Counts::ordered_atomics`): why they stayed on one thread when none
    /// of their workgroups ran in parallel (without such atomics, only a
    /// launch too small for the pool does).
    pub ordered_atomics: bool,
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

/// What to benchmark, apart from the workloads.
pub struct Settings {
    /// Compute units of the timed model (the built-in one, widened).
    pub cus: u32,
    /// Minimum seconds per workload and mode.
    pub seconds: f64,
    /// Threads of the all-core functional mode.
    pub threads: usize,
    /// The modes, each once, in this order.
    pub modes: Vec<Mode>,
    /// A launch past this many wave-instructions is stopped as hung.
    pub max_wave_instructions: u64,
}

/// A workload that could not be benchmarked, and why.
pub struct BenchError {
    pub workload: String,
    pub message: String,
    pub kind: ErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// It did not load, lower or launch, or ran past its budget.
    Failed,
    /// Its kernel ran, and a check of the manifest failed on the result.
    CheckFailed,
    /// It needs a subgroup size other than the benchmark's wave of 64
    /// lanes, as `gpusim run` skips it.
    Skipped,
}

/// Benchmarks `workloads` in every mode of `settings`, telling `on_row`
/// each row as it is measured. A workload that fails to load, lower or
/// launch, or whose first launch in a mode fails one of its checks, is
/// given up (its remaining modes too) and named in the errors returned;
/// the others go on.
pub fn run(
    workloads: &[PathBuf],
    settings: &Settings,
    on_row: &mut dyn FnMut(&BenchRow),
) -> Result<Vec<BenchError>, String> {
    let mut cfg = Config::default_config();
    cfg.gpu.compute_units = settings.cus;
    cfg.validate().map_err(|e| format!("--cus: {e}"))?;
    let mut errors = Vec::new();
    for path in workloads {
        if let Err(e) = bench_workload(path, &cfg, settings, on_row) {
            errors.push(e);
        }
    }
    Ok(errors)
}

/// Every mode's row of the workload at `path`.
fn bench_workload(
    path: &Path,
    cfg: &Config,
    settings: &Settings,
    on_row: &mut dyn FnMut(&BenchRow),
) -> Result<(), BenchError> {
    let error = |message: String, kind| BenchError {
        workload: path.display().to_string(),
        message,
        kind,
    };
    let w = Workload::load(path).map_err(|e| error(e, ErrorKind::Failed))?;
    if let Some((required, _)) = &w.subgroup_size {
        // The benchmark's model has waves of 64 (functional runs too).
        if crate::run::check_subgroup_size(*required, 64).is_err() {
            let message = format!("it asks for subgroup size {required}; bench runs waves of 64");
            return Err(error(message, ErrorKind::Skipped));
        }
    }
    let max_wave_instructions = settings.max_wave_instructions;
    for mode in &settings.modes {
        let (name, opts) = match mode {
            Mode::Functional => ("functional", RunOptions::default()),
            Mode::AllCores => (
                "all-cores",
                RunOptions {
                    threads: settings.threads,
                    ..RunOptions::default()
                },
            ),
            Mode::Timed => ("timed", RunOptions::timed(cfg.clone())),
        };
        let opts = RunOptions {
            max_wave_instructions,
            ..opts
        };
        let row = bench_mode(&w, name, &opts, settings.seconds).map_err(|(message, checked)| {
            let kind = if checked {
                ErrorKind::CheckFailed
            } else {
                ErrorKind::Failed
            };
            let threads = plural(opts.threads as u64, "thread", "threads");
            error(
                format!("{name}, {} {threads}: {message}", opts.threads),
                kind,
            )
        })?;
        on_row(&row);
    }
    Ok(())
}

/// One row: workload `w` launched with `opts` repeatedly for at least
/// `seconds`. An error says whether it is a failed check.
fn bench_mode(
    w: &Workload,
    mode: &'static str,
    opts: &RunOptions,
    seconds: f64,
) -> Result<BenchRow, (String, bool)> {
    reset_peak_memory();
    let lowering = Instant::now();
    let kernel = lower_runnable(w, opts).map_err(|e| (e, false))?;
    let lower_ms = lowering.elapsed().as_secs_f64() * 1e3;
    let bindings: Vec<_> = w.buffers.iter().map(|b| b.binding.clone()).collect();
    let context = w.path.display().to_string();
    let d = Dispatch::of_manifest(w, &kernel, &context, &bindings);
    // Batches of at least BATCH seconds spent in launches; the median batch's rates
    // are reported, so that a burst of noise on a shared host (a
    // stolen time slice) does not move the figure much.
    let inputs = initial_buffers(w);
    // Each launch starts from a copy of the inputs, made into the
    // last launch's buffers (as a host reuses its allocations).
    // Only the launches are timed: the copy is the bench's work,
    // not the simulator's (48 MiB of it took 14% of the
    // memory-bound kernel's one-thread time).
    let mut buffers = inputs.clone();
    let start = Instant::now();
    let mut runs = 0u32;
    let mut ran_parallel = false;
    let mut ordered_atomics = false;
    let mut batches: Vec<(f64, f64)> = Vec::new();
    while batches.is_empty() || start.elapsed() < Duration::from_secs_f64(seconds) {
        let (mut launches, mut waves, mut lanes) = (0u32, 0u64, 0u64);
        let mut in_launches = Duration::ZERO;
        while launches == 0 || in_launches < Duration::from_secs_f64(BATCH.min(seconds)) {
            for (b, input) in buffers.iter_mut().zip(&inputs) {
                b.bytes.clone_from(&input.bytes);
            }
            let launch = Instant::now();
            let launched = dispatch(&d, &mut buffers, opts, Hooks::default())
                .map_err(|e| (e.into(), false))?;
            in_launches += launch.elapsed();
            if runs == 0 && launches == 0 {
                // A wrong result is not worth timing: the first launch
                // must pass the manifest's checks.
                if let Some(c) = check_outcomes(w, &buffers).iter().find(|c| !c.passed) {
                    let wrong = c.wrong_elements("; ");
                    return Err((format!("check of '{}' failed: {wrong}", c.buffer), true));
                }
            }
            ran_parallel |= launched.counts.parallel_workgroups > 0;
            ordered_atomics |= launched.counts.ordered_atomics > 0;
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
    Ok(BenchRow {
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
        ran_parallel,
        ordered_atomics,
    })
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

/// A line saying how the rows were taken: the build, the host and the
/// settings, for figures that depend on them.
pub fn provenance(settings: &Settings) -> String {
    let modes: Vec<&str> = settings
        .modes
        .iter()
        .map(|m| match m {
            Mode::Functional => "functional",
            Mode::AllCores => "all-cores",
            Mode::Timed => "timed",
        })
        .collect();
    // The all-core mode's threads, when it runs.
    let threads = match settings.modes.contains(&Mode::AllCores) {
        true => format!(" (all-cores on {} threads)", settings.threads),
        false => String::new(),
    };
    format!(
        "gpusim {} on {} ({} cores); timed model: the built-in one widened to {} CUs; modes {}{threads}; at least {} s per row, rows the median of batches of at least {} s of launches\n\n",
        crate::output::results::VERSION,
        host_cpu(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        settings.cus,
        modes.join(", "),
        settings.seconds,
        BATCH.min(settings.seconds)
    )
}

/// The host's processor, as Linux names it, or its architecture.
fn host_cpu() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// The head of the Markdown table of rows.
pub const TABLE_HEAD: &str = "| workload | mode | threads | lowering ms | runs | batches | seconds | wave-instructions/s, median batch (slowest-fastest) | lane-instructions/s | peak MiB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";

/// One row of the Markdown table, with its line end.
pub fn table_row(r: &BenchRow) -> String {
    let [lo, mid, hi] = r.wave_per_second.map(|v| v / 1e6);
    let peak = r
        .peak_bytes
        .map_or("-".to_string(), |b| format!("{:.1}", b as f64 / 1048576.0));
    let threads = if r.threads > 1 && !r.ran_parallel {
        let why = if r.ordered_atomics {
            "global atomics"
        } else {
            "too small"
        };
        format!("{} (ran on 1: {why})", r.threads)
    } else {
        r.threads.to_string()
    };
    format!(
        "| {} | {} | {threads} | {:.2} | {} | {} | {:.2} | {mid:.2} M ({lo:.2}-{hi:.2}) | {:.1} M | {peak} |\n",
        r.workload,
        r.mode,
        r.lower_ms,
        r.runs,
        r.batches,
        r.seconds,
        r.lane_per_second / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(threads: usize, modes: &[Mode]) -> Settings {
        Settings {
            cus: 2,
            seconds: 0.0,
            threads,
            modes: modes.to_vec(),
            max_wave_instructions: RunOptions::default().max_wave_instructions,
        }
    }

    fn rows_of(paths: &[PathBuf], s: &Settings) -> (Vec<BenchRow>, Vec<BenchError>) {
        let mut rows = Vec::new();
        let errors = run(paths, s, &mut |r| {
            rows.push(BenchRow {
                workload: r.workload.clone(),
                ..*r
            })
        })
        .unwrap();
        (rows, errors)
    }

    fn workload(name: &str) -> PathBuf {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../workloads/")).join(name)
    }

    #[test]
    fn an_all_core_row_says_global_atomics_kept_it_on_one_thread() {
        // 2^18 invocations each adding 1 to one word and storing the
        // value it returned, which depends on the order: 8,192
        // workgroups, past the pool's threshold.
        let dir = std::env::temp_dir().join(format!("gpusim_ordered_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("counter.toml");
        let kernel = workload("micro/atomic_add.spvasm");
        let manifest = format!(
            "name = \"counter\"\nkernel = {:?}\nentry = \"main\"\nworkgroups = [8192, 1, 1]\n\
             spec_constants = {{ 0 = 0 }}\n\
             [[buffer]]\nname = \"c\"\ntype = \"u32\"\nlen = 1\nbinding = {{ set = 0, binding = 0 }}\n\
             [[buffer]]\nname = \"out\"\ntype = \"u32\"\nlen = 262144\nbinding = {{ set = 0, binding = 1 }}\n",
            kernel.display().to_string()
        );
        std::fs::write(&path, manifest).unwrap();
        let (rows, errors) = rows_of(std::slice::from_ref(&path), &settings(2, &[Mode::AllCores]));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            errors.is_empty(),
            "{:?}",
            errors.first().map(|e| &e.message)
        );
        assert!(rows[0].ordered_atomics && !rows[0].ran_parallel);
        let row = table_row(&rows[0]);
        assert!(
            row.starts_with("| counter | all-cores | 2 (ran on 1: global atomics) |"),
            "{row}"
        );
    }

    #[test]
    fn blind_global_atomics_run_on_every_thread() {
        // 3.3 M wave-instructions, every workgroup adding to a global
        // histogram, the values returned unread: gathered per chunk.
        let path = workload("bench/atomics.toml");
        let (rows, errors) = rows_of(std::slice::from_ref(&path), &settings(2, &[Mode::AllCores]));
        assert!(errors.is_empty());
        assert!(!rows[0].ordered_atomics && rows[0].ran_parallel);
        let row = table_row(&rows[0]);
        assert!(
            row.starts_with("| bench_atomics | all-cores | 2 |"),
            "{row}"
        );
    }

    #[test]
    fn one_batch_per_mode_counts_the_launches_instructions() {
        let path = workload("vector_add.toml");
        let all = [Mode::Functional, Mode::AllCores, Mode::Timed];
        let (rows, errors) = rows_of(std::slice::from_ref(&path), &settings(2, &all));
        assert!(errors.is_empty());
        let modes: Vec<(&str, usize)> = rows.iter().map(|r| (r.mode, r.threads)).collect();
        assert_eq!(modes, [("functional", 1), ("all-cores", 2), ("timed", 1)]);
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
        assert!(table_row(&rows[2]).starts_with("| vector_add | timed | 1 |"));
        // vector_add is 92 wave-instructions: its all-core launches stay
        // on one thread, and the row says so.
        assert!(!rows[1].ran_parallel);
        assert!(
            table_row(&rows[1]).starts_with("| vector_add | all-cores | 2 (ran on 1: too small) |"),
            "{}",
            table_row(&rows[1])
        );
        assert_eq!(
            TABLE_HEAD.lines().next().map(|l| l.matches('|').count()),
            table_row(&rows[2])
                .lines()
                .next()
                .map(|l| l.matches('|').count()),
            "as many columns as the head"
        );
        // The all-core mode on one thread is still a row of its own.
        let (one, _) = rows_of(std::slice::from_ref(&path), &settings(1, &[Mode::AllCores]));
        assert_eq!(
            one.iter().map(|r| (r.mode, r.threads)).collect::<Vec<_>>(),
            [("all-cores", 1)]
        );
        if cfg!(target_os = "linux") {
            assert!(rows
                .iter()
                .all(|r| r.peak_bytes.is_some_and(|b| b > 1 << 20)));
        }
    }

    #[test]
    fn a_workload_that_fails_a_check_or_hangs_is_named_and_the_others_run() {
        // vector_add with its push constant changed: the kernel adds fewer
        // elements than the check expects.
        let dir = std::env::temp_dir().join(format!("gpusim_bench_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let wrong = dir.join("wrong.toml");
        let manifest = std::fs::read_to_string(workload("vector_add.toml")).unwrap();
        let kernel = workload("vector_add.spv");
        let changed = manifest.replace("data = [250]", "data = [200]").replace(
            "\"vector_add.spv\"",
            &format!("{:?}", kernel.display().to_string()),
        );
        assert_ne!(changed, manifest, "the push constant was found");
        std::fs::write(&wrong, changed).unwrap();
        let mut s = settings(2, &[Mode::Functional, Mode::Timed]);
        s.max_wave_instructions = 100_000;
        let paths = [
            wrong,
            workload("bad/endless_loop.toml"),
            workload("vector_add.toml"),
        ];
        let (rows, errors) = rows_of(&paths, &s);
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<(&str, &str)> = rows.iter().map(|r| (r.workload.as_str(), r.mode)).collect();
        assert_eq!(
            names,
            [("vector_add", "functional"), ("vector_add", "timed")]
        );
        assert_eq!(errors.len(), 2);
        assert_eq!(
            errors[0].kind,
            ErrorKind::CheckFailed,
            "{}",
            errors[0].message
        );
        assert!(
            errors[0]
                .message
                .contains("check of 'c' failed: 50 of 256 elements wrong; first at [200]"),
            "{}",
            errors[0].message
        );
        assert!(errors[0].workload.ends_with("wrong.toml"));
        assert_eq!(errors[1].kind, ErrorKind::Failed);
        assert!(errors[1].workload.ends_with("endless_loop.toml"));
        assert!(
            errors[1].message.contains("100000"),
            "{}",
            errors[1].message
        );
    }

    #[test]
    fn a_workload_for_another_subgroup_size_is_skipped() {
        let dir = workload("opencl_work_group");
        let w32 = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_string_lossy().ends_with("_w32.toml"))
            .expect("a wave32 manifest");
        let (rows, errors) = rows_of(&[w32], &settings(2, &[Mode::Functional]));
        assert!(rows.is_empty());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::Skipped, "{}", errors[0].message);
        assert!(errors[0].message.contains("32"), "{}", errors[0].message);
    }

    #[test]
    fn the_provenance_names_the_build_host_and_settings() {
        let line = provenance(&settings(3, &[Mode::Functional, Mode::AllCores]));
        assert!(line.starts_with(&format!("gpusim {} on ", crate::output::results::VERSION)));
        assert!(line.contains("widened to 2 CUs"), "{line}");
        assert!(
            line.contains("modes functional, all-cores (all-cores on 3 threads)"),
            "{line}"
        );
        // Threads are said only for the mode that uses them.
        let line = provenance(&settings(3, &[Mode::Timed]));
        assert!(line.contains("modes timed; at least"), "{line}");
        assert!(!host_cpu().is_empty());
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
