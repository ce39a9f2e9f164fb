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
    assert!(
        scalar_issued > 10_000,
        "{scalar_issued} scalar instructions"
    );
}

#[test]
fn the_marked_cases_run_with_uniform_scalar_registers_and_the_same_results() {
    let path = common::root().join("sim/tests/kernels/uniformity.toml");
    let w = Workload::load(&path).expect("manifest");
    let functional = run_workload(&w, &RunOptions::default()).expect("functional run");
    for name in ["gcn", "rdna", "teaching"] {
        let mut cfg = Config::load_with(name, &[]).expect("bundled config");
        cfg.cu.wave_size = 64;
        let timed = run_workload(&w, &checked(cfg)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (f, t) in functional.buffers.iter().zip(&timed.buffers) {
            assert_eq!(f.bytes, t.bytes, "{name}: buffer {}", f.name);
        }
        let summary = timed.timing.expect("report").summary();
        let by_unit = &summary["instruction_mix"]["by_unit"];
        assert!(
            by_unit["scalar"].as_u64().unwrap_or(0) > 0,
            "{name}: {by_unit}"
        );
        assert!(
            by_unit["scalar_memory"].as_u64().unwrap_or(0) > 0,
            "{name}: {by_unit}"
        );
    }
}
