//! `gpusim bench`: how fast the simulator runs. Each workload's kernel is
//! lowered once (that time is reported on its own), then launched
//! functionally and timed (no traces) on the built-in model widened to the
//! given number of CUs, repeatedly for at least `seconds`, on the calling
//! thread; the rates are simulated instructions per host second, counting
//! each launch's set-up (placing and binding buffers) and execution, in
//! the median of batches of launches.

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
    pub runs: u32,
    pub batches: u32,
    /// Lowering the kernel once, in milliseconds.
    pub lower_ms: f64,
    pub seconds: f64,
    pub wave_per_second: f64,
    pub lane_per_second: f64,
}

/// Benchmarks `workloads` with `cus` compute units for `seconds` each.
pub fn run(workloads: &[PathBuf], cus: u32, seconds: f64) -> Result<Vec<BenchRow>, String> {
    let mut cfg = Config::default_config();
    cfg.gpu.compute_units = cus;
    cfg.validate().map_err(|e| format!("--cus: {e}"))?;
    let mut rows = Vec::new();
    for path in workloads {
        let w = Workload::load(path)?;
        let timed = RunOptions::timed(cfg.clone());
        let modes = [("functional", RunOptions::default()), ("timed", timed)];
        for (mode, opts) in modes {
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
            };
            // Batches of at least BATCH seconds; the median batch's rates
            // are reported, so that a burst of noise on a shared host (a
            // stolen time slice) does not move the figure much.
            let start = Instant::now();
            let mut runs = 0u32;
            let mut batches: Vec<(f64, f64)> = Vec::new();
            while batches.is_empty() || start.elapsed() < Duration::from_secs_f64(seconds) {
                let batch = Instant::now();
                let (mut launches, mut waves, mut lanes) = (0u32, 0u64, 0u64);
                while launches == 0 || batch.elapsed() < Duration::from_secs_f64(BATCH.min(seconds))
                {
                    let mut buffers = initial_buffers(&w);
                    let launched = dispatch(&d, &mut buffers, &opts, Hooks::default())?;
                    waves += launched.counts.wave_instructions;
                    lanes += launched.counts.lane_instructions;
                    launches += 1;
                }
                runs += launches;
                let t = batch.elapsed().as_secs_f64();
                batches.push((waves as f64 / t, lanes as f64 / t));
            }
            let t = start.elapsed().as_secs_f64();
            batches.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (wave_per_second, lane_per_second) = batches[batches.len() / 2];
            rows.push(BenchRow {
                workload: w.name.clone(),
                mode,
                runs,
                lower_ms,
                seconds: t,
                batches: batches.len() as u32,
                wave_per_second,
                lane_per_second,
            });
        }
    }
    Ok(rows)
}

/// The rows as a Markdown table.
pub fn table(rows: &[BenchRow]) -> String {
    let mut s = String::from(
        "| workload | mode | lowering ms | runs | batches | seconds | wave-instructions/s | lane-instructions/s |\n|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {:.2} | {} | {} | {:.2} | {:.2} M | {:.1} M |",
            r.workload,
            r.mode,
            r.lower_ms,
            r.runs,
            r.batches,
            r.seconds,
            r.wave_per_second / 1e6,
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
        let rows = run(std::slice::from_ref(&path), 2, 0.0).unwrap();
        let modes: Vec<&str> = rows.iter().map(|r| r.mode).collect();
        assert_eq!(modes, ["functional", "timed"]);
        for r in &rows {
            assert_eq!((r.runs, r.batches), (1, 1), "{}", r.mode);
            // 250 active invocations in 4 waves of 64: the rates are the
            // launch's instructions over its time, so their ratio is the
            // mean of active lanes per wave-instruction.
            let lanes_per_wave = r.lane_per_second / r.wave_per_second;
            assert!(
                lanes_per_wave > 32.0 && lanes_per_wave <= 64.0,
                "{lanes_per_wave}"
            );
        }
        let t = table(&rows);
        assert!(t.contains("| vector_add | timed |"), "{t}");
    }
}
