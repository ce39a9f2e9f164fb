//! The study pages cannot go stale: each study's command runs at its
//! smallest size and what its page concludes is checked on the result.

use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{column, csv_rows};

/// Runs `docs/studies/<study>.sh SIZE` into a scratch folder; returns it.
fn run_study(study: &str, size: &str) -> PathBuf {
    let out = common::scratch("studies", study);
    let status = Command::new("bash")
        .current_dir(common::root())
        .args([
            &format!("docs/studies/{study}.sh"),
            size,
            out.to_str().unwrap(),
        ])
        .env("GPUSIM", env!("CARGO_BIN_EXE_gpusim"))
        .status()
        .unwrap();
    assert!(status.success(), "{study}");
    out
}

#[test]
fn the_min3_mid3_study_runs_and_native_is_faster() {
    let out = run_study("min3_mid3", "32");
    for model in ["gcn", "rdna"] {
        let rows = csv_rows(&out.join(model).join("compare/compare.csv"));
        let (config, cycles, results) = (
            column(&rows, "config"),
            column(&rows, "cycles"),
            column(&rows, "results"),
        );
        assert_eq!(
            rows.len(),
            17,
            "6 median filters and 2 sorts x (native, emulated)"
        );
        for pair in rows[1..].chunks(2) {
            assert_eq!(
                (pair[0][config].as_str(), pair[1][config].as_str()),
                ("native", "emulated")
            );
            let (native, emulated): (u64, u64) = (
                pair[0][cycles].parse().unwrap(),
                pair[1][cycles].parse().unwrap(),
            );
            assert!(
                emulated > native,
                "{model} {}: {emulated} <= {native}",
                pair[0][0]
            );
            assert_eq!(pair[1][results], "identical");
        }
    }
    let rows = csv_rows(&out.join("min3_latency/sweep.csv"));
    assert_eq!(rows.len(), 17, "4 workloads x 4 latencies");
    let (status, cycles) = (column(&rows, "status"), column(&rows, "cycles"));
    for image in rows[1..].chunks(4) {
        let c: Vec<u64> = image.iter().map(|r| r[cycles].parse().unwrap()).collect();
        assert!(image.iter().all(|r| r[status] == "ok"));
        assert!(
            c.windows(2).all(|w| w[0] <= w[1]),
            "a slower unit is never faster: {c:?}"
        );
    }
}

#[test]
fn the_saturating_study_runs_with_identical_results() {
    let out = run_study("saturating", "64");
    for model in ["gcn", "rdna"] {
        let rows = csv_rows(&out.join(model).join("compare/compare.csv"));
        assert_eq!(rows.len(), 17, "8 workloads x (native, emulated)");
        let (waves, results) = (column(&rows, "wave_instructions"), column(&rows, "results"));
        let cycles = column(&rows, "cycles");
        for pair in rows[1..].chunks(2) {
            let (native, emulated): (u64, u64) = (
                pair[0][waves].parse().unwrap(),
                pair[1][waves].parse().unwrap(),
            );
            assert!(
                emulated > native,
                "{model} {}: emulation adds instructions",
                pair[0][0]
            );
            assert_eq!(pair[1][results], "identical");
            if pair[0][0] == "fixed_point_add_sat" {
                // The ALU-bound filter, nearly all add_sat: emulation costs
                // cycles, not only instructions.
                let (n, e): (f64, f64) = (
                    pair[0][cycles].parse().unwrap(),
                    pair[1][cycles].parse().unwrap(),
                );
                assert!(e > 1.05 * n, "{model}: {e} against {n} cycles");
            }
        }
    }
}

#[test]
fn the_atomic_units_study_runs_and_spreading_pays() {
    let out = common::scratch("studies", "atomic_units");
    let status = Command::new("bash")
        .current_dir(common::root())
        .args([
            "docs/studies/atomic_units.sh",
            "4096",
            out.to_str().unwrap(),
        ])
        .env("GPUSIM", env!("CARGO_BIN_EXE_gpusim"))
        .status()
        .unwrap();
    assert!(status.success());
    let rows = csv_rows(&out.join("atomic_units/sweep.csv"));
    assert_eq!(
        rows.len(),
        41,
        "2 workloads x 2 latencies x 5 unit counts x 2 queue limits"
    );
    let (workload, units, queue, cycles, status) = (
        column(&rows, "workload"),
        column(&rows, "atomics.units_per_bank"),
        column(&rows, "atomics.queue_per_bank"),
        column(&rows, "cycles"),
        column(&rows, "status"),
    );
    assert!(rows[1..].iter().all(|r| r[status] == "ok"));
    let utilisation = column(&rows, "atomic_unit_utilisation");
    let row = |w: &str, u: &str, q: &str| {
        rows[1..]
            .iter()
            .find(|r| r[workload].ends_with(w) && r[units] == u && r[queue] == q)
            .unwrap()
    };
    let at = |w: &str, u: &str, q: &str| -> u64 { row(w, u, q)[cycles].parse().unwrap() };
    let (spread, contended) = ("bbox_spread.toml", "bbox_contended.toml");
    assert!(at(spread, "1", "256") < at(contended, "1", "256"));
    for w in [spread, contended] {
        for q in ["256", "0"] {
            assert!(
                at(w, "16", q) <= at(w, "1", q),
                "{w}: more units never slow it down"
            );
        }
    }
    // The units bound the spread box: doubling them nearly halves it.
    assert!(at(spread, "2", "0") * 10 < at(spread, "1", "0") * 6);
    // Contended, the six addresses share a bank: without a queue limit,
    // six units or more serve them side by side (the floor is one
    // address's operations); with one, they take turns.
    assert!(at(contended, "8", "0") * 4 < at(contended, "1", "0"));
    // Its operations waiting for one address fill a limited queue, so
    // more units buy far less.
    assert!(at(contended, "8", "256") > 3 * at(contended, "8", "0"));
    // What the units did, over all 8 banks' units: spread, one a bank
    // are busy most of the run; contended, only one bank's work, and
    // with the queue limit its units mostly idle.
    let busy = |w: &str, u: &str, q: &str| -> f64 { row(w, u, q)[utilisation].parse().unwrap() };
    assert!(busy(spread, "1", "256") > 0.8);
    assert!(busy(contended, "1", "0") <= 1.0 / 8.0);
    assert!(busy(contended, "8", "256") * 4.0 < busy(contended, "8", "0"));
}

#[test]
fn the_occupancy_study_runs_and_the_limiter_moves_to_vgprs() {
    let out = run_study("occupancy", "teaching");
    let rows = csv_rows(&out.join("occupancy/sweep.csv"));
    let (limiter, theoretical, status) = (
        column(&rows, "occupancy_limiter"),
        column(&rows, "occupancy_theoretical"),
        column(&rows, "status"),
    );
    let row = |name: &str| rows.iter().find(|r| r[1].ends_with(name)).unwrap();
    assert_eq!(row("pressure_8.toml")[limiter], "wave_slots");
    assert_eq!(row("pressure_64.toml")[limiter], "vgprs");
    let occ = |name: &str| row(name)[theoretical].parse::<f64>().unwrap();
    assert!(occ("pressure_64.toml") < occ("pressure_32.toml"));
    assert!(occ("pressure_32.toml") < occ("pressure_8.toml"));
    assert_eq!(row("opencl_local_big_lds.toml")[limiter], "lds");
    assert_eq!(
        row("pressure_128.toml")[status],
        "failed",
        "132 VGPRs do not fit"
    );
}
