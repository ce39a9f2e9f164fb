//! Many runs at once: every (config, workload) point of a comparison or a
//! sweep, on a pool of threads (rayon). Each point is an independent run
//! with its own memory and model, so the results are the same bits in the
//! same order whatever the number of threads.

use super::{run_workload, RunOptions, RunOutput};
use crate::input::config::Config;
use crate::input::workload::Workload;
use rayon::prelude::*;
use std::path::PathBuf;

/// One run of a grid.
#[derive(Clone, Debug)]
pub struct Point {
    pub workload: PathBuf,
    pub config: Config,
}

/// Most threads a grid may ask for.
pub const MAX_THREADS: usize = 1024;

/// Runs every point on `threads` threads (all cores with `None`), calling
/// `done` after each; `keep` turns each point's outcome (by the point's
/// index) into what is kept of it, so a long sweep need not hold every
/// run's buffers. The results come back in the points' order. A point that
/// fails gives its message and does not stop the others.
pub fn run_points<T: Send>(
    points: &[Point],
    threads: Option<usize>,
    max_wave_instructions: u64,
    done: &(dyn Fn() + Sync),
    keep: &(dyn Fn(usize, Result<RunOutput, String>) -> T + Sync),
) -> Result<Vec<T>, String> {
    if threads.is_some_and(|n| n == 0 || n > MAX_THREADS) {
        return Err(format!(
            "--threads must be from 1 to {MAX_THREADS}, not {}",
            threads.unwrap_or(0)
        ));
    }
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("cannot start {threads:?} threads: {e}"))?;
    Ok(pool.install(|| {
        points
            .par_iter()
            .enumerate()
            .map(|(i, p)| {
                let mut opts = RunOptions::timed(p.config.clone());
                opts.max_wave_instructions = max_wave_instructions;
                let out = Workload::load(&p.workload).and_then(|w| run_workload(&w, &opts));
                done();
                keep(i, out)
            })
            .collect()
    }))
}
