//! The uniformity analysis against execution: every bundled workload runs
//! timed on the built-in model with the uniformity check on, so each value
//! the analysis puts in a scalar register is compared across the lanes
//! that computed it, at every issue. Then hand-written kernels pin the
//! rules down: what is scalar, and what must not be.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};

mod common;

fn checked(cfg: Config) -> RunOptions {
    let mut opts = RunOptions::timed(cfg);
    opts.timing.as_mut().expect("timed").check_uniformity = true;
    opts
}

#[test]
fn every_scalar_register_of_every_bundled_workload_is_uniform_when_it_runs() {
    let root = common::root();
    let mut paths = Vec::new();
    common::manifests(&root.join("workloads"), false, &mut paths);
    let mut scalar_issued = 0u64;
    for path in &paths {
        let w = Workload::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let width = w.subgroup_size.as_ref().map_or(64, |s| s.0);
        for name in ["gcn", "rdna"] {
            let mut cfg = Config::load_with(name, &[]).expect("bundled config");
            cfg.cu.wave_size = width;
            let out = run_workload(&w, &checked(cfg))
                .unwrap_or_else(|e| panic!("{} on {name}: {e}", path.display()));
            let report = out.timing.expect("a timed run has a report");
            let summary = report.summary();
            scalar_issued += summary["instruction_mix"]["by_unit"]["scalar"]
                .as_u64()
                .unwrap_or(0);
        }
    }
    assert!(paths.len() > 40, "only {} workloads found", paths.len());
    // Most kernels compute addresses and loop counters on the scalar unit.
    assert!(scalar_issued > 10_000, "{scalar_issued} scalar instructions");
}
