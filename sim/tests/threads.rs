//! A functional launch gives the same bits on any number of threads:
//! every bundled workload, the deliberately bad ones (the same error) and
//! the test kernels, at 1, 2 and 4 threads; and a kernel whose results
//! depend on the order of its workgroups gives the in-order results.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};

mod common;
use common::*;

/// A run's buffers (name, bytes), printed text and counts.
type Outcome = (Vec<(String, Vec<u8>)>, String, String);

/// What a run gave, or its error.
fn outcome(w: &Workload, threads: usize) -> Result<Outcome, String> {
    let width = w.subgroup_size.as_ref().map_or(64, |s| s.0 as usize);
    // Every launch stays parallel, however short its workgroups, so that
    // the parallel path is what is compared.
    let opts = RunOptions {
        wave_width: width,
        threads,
        min_parallel_work: 0,
        ..RunOptions::default()
    };
    run_workload(w, &opts).map(|out| {
        let buffers = out
            .buffers
            .iter()
            .map(|b| (b.name.clone(), b.bytes.clone()))
            .collect();
        let c = out.counts;
        let counts = (c.wave_instructions, c.lane_instructions, c.copies);
        (buffers, out.printf, format!("{counts:?}"))
    })
}

#[test]
fn every_workload_gives_the_same_bits_on_1_2_and_4_threads() {
    let root = root();
    let mut paths = Vec::new();
    manifests(&root.join("workloads"), true, &mut paths);
    manifests(&root.join("sim/tests/kernels"), true, &mut paths);
    let mut compared = 0;
    let mut parallel = 0;
    for path in &paths {
        // Manifests that do not load are the loader's tests.
        let Ok(w) = Workload::load(path) else {
            continue;
        };
        let one = outcome(&w, 1);
        let opts = RunOptions {
            threads: 2,
            wave_width: w.subgroup_size.as_ref().map_or(64, |s| s.0 as usize),
            min_parallel_work: 0,
            ..RunOptions::default()
        };
        parallel += run_workload(&w, &opts).map_or(0, |o| o.counts.parallel_workgroups);
        for threads in [2, 4] {
            let many = outcome(&w, threads);
            assert!(
                one == many,
                "{}: {threads} threads differ from one: {:?} vs {:?}",
                path.display(),
                one.as_ref().map(|o| &o.2),
                many.as_ref().map(|o| &o.2)
            );
        }
        compared += 1;
    }
    assert!(compared > 100, "only {compared} workloads ran");
    assert!(
        parallel > 10_000,
        "only {parallel} workgroups ran in parallel"
    );
}

#[test]
fn workgroups_that_depend_on_their_order_see_the_in_order_results() {
    let w = Workload::load(&root().join("sim/tests/kernels/chain.toml")).unwrap();
    let mut total: Vec<u32> = (0..300).collect();
    total[200] = 199 + 200;
    let mut count = vec![0u32; 300];
    for (k, w) in (250..300).step_by(5).enumerate() {
        count[w] = k as u32;
    }
    count[299] = 10;
    for threads in [1, 2, 4] {
        let out = run_workload(
            &w,
            &RunOptions {
                threads,
                min_parallel_work: 0,
                ..RunOptions::default()
            },
        )
        .unwrap();
        assert_same(
            &format!("total, {threads} threads"),
            &u32s(bytes(&out, "total")),
            &total,
        );
        assert_same(
            &format!("count, {threads} threads"),
            &u32s(bytes(&out, "count")),
            &count,
        );
        // Workgroups 0 to 199 ran in parallel; 200 read what 199 wrote,
        // so it ran again and the rest ran on one thread.
        let parallel = if threads == 1 { 0 } else { 200 };
        assert_eq!(
            out.counts.parallel_workgroups, parallel,
            "{threads} threads"
        );
    }
}

#[test]
fn launches_of_short_workgroups_finish_on_one_thread_after_their_first_batch() {
    // vector_add over 2^22 elements: 65536 workgroups of 23
    // wave-instructions, below the default's 256 per workgroup.
    let w = Workload::load(&root().join("workloads/bench/memory.toml")).unwrap();
    let run = |threads| {
        run_workload(
            &w,
            &RunOptions {
                threads,
                ..RunOptions::default()
            },
        )
        .unwrap()
    };
    let (one, two) = (run(1), run(2));
    let bits = |o: &gpusim::run::RunOutput| -> Vec<Vec<u8>> {
        o.buffers.iter().map(|b| b.bytes.clone()).collect()
    };
    assert!(bits(&one) == bits(&two), "the results differ");
    assert_eq!(one.counts.wave_instructions, two.counts.wave_instructions);
    // The first batch is 32 workgroups per thread.
    assert_eq!(two.counts.parallel_workgroups, 64);
    // Longer workgroups stay parallel: nbody's run thousands of
    // instructions each.
    let w = Workload::load(&root().join("workloads/scale/nbody_1024.toml")).unwrap();
    let out = run_workload(
        &w,
        &RunOptions {
            threads: 2,
            ..RunOptions::default()
        },
    )
    .unwrap();
    let workgroups: u64 = w.workgroups.iter().map(|&n| n as u64).product();
    assert_eq!(out.counts.parallel_workgroups, workgroups);
}
