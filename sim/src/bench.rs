//! `gpusim bench`: how fast the simulator runs. Each workload's kernel is
//! lowered once (that time is reported on its own), then launched
//! functionally and timed (no traces) on the built-in model widened to the
//! given number of CUs, repeatedly for at least `seconds`, on the calling
//! thread; the rates are simulated instructions per host second, counting
//! each launch's set-up (placing and binding buffers) and execution.

use crate::config::Config;
use crate::run::{dispatch, initial_buffers, lower_workload, Dispatch, RunOptions};
use crate::workload::Workload;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub struct BenchRow {
    pub workload: String,
    pub mode: &'static str,
    pub runs: u32,
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
    let mut rows = Vec::new();
    for path in workloads {
        let w = Workload::load(path)?;
        let mut timed = RunOptions::timed(cfg.clone());
        if let Some(t) = &mut timed.timing {
            t.trace = false;
        }
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
            let start = Instant::now();
            let (mut runs, mut waves, mut lanes) = (0u32, 0u64, 0u64);
            while runs == 0 || start.elapsed() < Duration::from_secs_f64(seconds) {
                let mut buffers = initial_buffers(&w);
                let launched = dispatch(&d, &mut buffers, &opts)?;
                waves += launched.counts.wave_instructions;
                lanes += launched.counts.lane_instructions;
                runs += 1;
            }
            let t = start.elapsed().as_secs_f64();
            rows.push(BenchRow {
                workload: w.name.clone(),
                mode,
                runs,
                lower_ms,
                seconds: t,
                wave_per_second: waves as f64 / t,
                lane_per_second: lanes as f64 / t,
            });
        }
    }
    Ok(rows)
}

/// The rows as a Markdown table.
pub fn table(rows: &[BenchRow]) -> String {
    let mut s = String::from(
        "| workload | mode | lowering ms | runs | seconds | wave-instructions/s | lane-instructions/s |\n|---|---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {:.2} | {} | {:.2} | {:.2} M | {:.1} M |",
            r.workload,
            r.mode,
            r.lower_ms,
            r.runs,
            r.seconds,
            r.wave_per_second / 1e6,
            r.lane_per_second / 1e6
        );
    }
    s
}
