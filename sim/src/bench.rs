//! `gpusim bench`: how fast the simulator runs. Each workload runs
//! functionally and timed (no traces) on the built-in model widened to the
//! given number of CUs, repeatedly for at least `seconds`, on the calling
//! thread; the rates are simulated instructions per host second.

use crate::config::Config;
use crate::run::{lower_workload, run_workload, RunOptions};
use crate::workload::Workload;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub struct BenchRow {
    pub workload: String,
    pub mode: &'static str,
    pub runs: u32,
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
            // Lowering is done once per run too; it is part of the cost.
            lower_workload(&w, &opts)?;
            let start = Instant::now();
            let (mut runs, mut waves, mut lanes) = (0u32, 0u64, 0u64);
            while runs == 0 || start.elapsed() < Duration::from_secs_f64(seconds) {
                let out = run_workload(&w, &opts)?;
                waves += out.counts.wave_instructions;
                lanes += out.counts.lane_instructions;
                runs += 1;
            }
            let t = start.elapsed().as_secs_f64();
            rows.push(BenchRow {
                workload: w.name.clone(),
                mode,
                runs,
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
        "| workload | mode | runs | seconds | wave-instructions/s | lane-instructions/s |\n|---|---|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {:.2} | {:.2} M | {:.1} M |",
            r.workload,
            r.mode,
            r.runs,
            r.seconds,
            r.wave_per_second / 1e6,
            r.lane_per_second / 1e6
        );
    }
    s
}
