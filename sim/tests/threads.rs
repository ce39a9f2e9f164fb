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
    // Every launch on the threads, however small (by default a small one
    // stays on one thread).
    let opts = RunOptions {
        wave_width: width,
        threads,
        parallel_from: 0,
        ..RunOptions::default()
    };
    run_workload(w, &opts).map(|out| {
        let buffers = out
            .buffers
            .iter()
            .map(|b| (b.name.clone(), b.bytes.clone()))
            .collect();
        let c = out.counts;
        let counts = (
            c.wave_instructions,
            c.lane_instructions,
            c.copies,
            c.global_atomics,
        );
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
            parallel_from: 0,
            wave_width: w.subgroup_size.as_ref().map_or(64, |s| s.0 as usize),
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
                parallel_from: 0,
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
        // Consecutive workgroups run in chunks, in order within a chunk:
        // 199 and 200 may share one (then 200 reads 199's write from the
        // chunk's overlay) or not (then 200's chunk conflicts and runs
        // again on one thread). Either way the first two batches (up to
        // workgroup 192 on 2 threads, 384 on 4) hold no conflict, and no
        // chunk from the one holding workgroup 250's atomic on is
        // committed from a parallel batch.
        let parallel = out.counts.parallel_workgroups;
        if threads == 1 {
            assert_eq!(parallel, 0);
        } else {
            assert!(
                (192..=250).contains(&parallel),
                "{threads} threads: {parallel}"
            );
        }
    }
}

/// A run of `w` on `threads` threads, every launch offered to the pool.
fn every_launch_on(w: &Workload, threads: usize) -> gpusim::run::RunOutput {
    let opts = RunOptions {
        threads,
        parallel_from: 0,
        ..RunOptions::default()
    };
    run_workload(w, &opts).unwrap()
}

/// Buffer `i` of a run's output as little-endian u32 words.
fn words(out: &gpusim::run::RunOutput, i: usize) -> Vec<u32> {
    out.buffers[i]
        .bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

/// The counts of a run of the manifest at `path` on two threads, every
/// launch offered to the pool.
fn counts_on_two_threads(path: &str) -> gpusim::exec::wave::Counts {
    let w = Workload::load(&root().join(path)).unwrap();
    every_launch_on(&w, 2).counts
}

#[test]
fn workgroups_running_global_atomics_stay_on_the_calling_thread() {
    let run = counts_on_two_threads;
    // Every workgroup (one wave each, 4 in all) runs 11 global atomics
    // outside its compare-and-swap loop and at least one in it: no batch
    // is started (it would be committed no further than its first
    // workgroup).
    let atomics = run("workloads/atomics.toml");
    assert!(atomics.global_atomics >= 48, "{}", atomics.global_atomics);
    assert_eq!(atomics.parallel_batches, 0);
    assert_eq!(atomics.parallel_workgroups, 0);
    // Only workgroup 0 does, in its one wave: it and workgroup 1 (the
    // first to run none) run here, the 62 others in batches.
    let first = run("sim/tests/kernels/first_atomic.toml");
    assert_eq!(first.global_atomics, 1);
    assert!(first.parallel_batches >= 1);
    assert_eq!(first.parallel_workgroups, 62);
    // No atomic: from the second workgroup on.
    let plain = run("workloads/vector_add.toml");
    assert_eq!(plain.global_atomics, 0);
    assert_eq!(plain.parallel_workgroups, 3);
}

#[test]
fn a_small_launch_stays_on_one_thread_unless_told() {
    // vector_add: 4 workgroups, 23 wave-instructions each (92 in all,
    // far below the default threshold).
    let w = Workload::load(&root().join("workloads/vector_add.toml")).unwrap();
    let run = |parallel_from| {
        let opts = RunOptions {
            threads: 2,
            parallel_from,
            ..RunOptions::default()
        };
        run_workload(&w, &opts).unwrap()
    };
    let (small, forced) = (run(RunOptions::default().parallel_from), run(0));
    assert_eq!(small.counts.parallel_workgroups, 0);
    // The first workgroup runs on the calling thread either way.
    assert_eq!(forced.counts.parallel_workgroups, 3);
    // Just at the threshold (the first workgroup's 23 times 4), it goes.
    assert_eq!(run(92).counts.parallel_workgroups, 3);
    assert_eq!(run(93).counts.parallel_workgroups, 0);
    let bytes = |o: &gpusim::run::RunOutput| -> Vec<Vec<u8>> {
        o.buffers.iter().map(|b| b.bytes.clone()).collect()
    };
    assert!(bytes(&small) == bytes(&forced));
}

#[test]
fn a_run_that_takes_the_inputs_gives_what_a_run_that_copies_them_gives() {
    for name in ["workloads/vector_add.toml", "workloads/atomics.toml"] {
        let w = Workload::load(&root().join(name)).unwrap();
        let opts = RunOptions::default();
        let copied = run_workload(&w, &opts).unwrap();
        let mut taken_from = w.clone();
        let taken =
            gpusim::run::run_workload_taking(&mut taken_from, &opts, Default::default()).unwrap();
        let bytes = |o: &gpusim::run::RunOutput| -> Vec<(String, Vec<u8>)> {
            o.buffers
                .iter()
                .map(|b| (b.name.clone(), b.bytes.clone()))
                .collect()
        };
        assert!(bytes(&copied) == bytes(&taken), "{name}");
        assert!(taken.all_checks_passed(), "{name}");
        // The inputs went into the launch; the copied run left them.
        assert!(
            taken_from.buffers.iter().all(|b| b.init.is_empty()),
            "{name}"
        );
        assert!(w.buffers.iter().any(|b| !b.init.is_empty()), "{name}");
    }
}

#[test]
fn kernels_whose_invocations_store_to_their_own_words_write_in_place() {
    let run = counts_on_two_threads;
    // c[i] = a[i] + b[i]; y[i] = a x[i] + y[i] (loads of the words
    // stored, through OpenCL arguments) with found[i] set: every workgroup
    // after the first in place.
    for path in [
        "workloads/vector_add.toml",
        "workloads/opencl_saxpy_branchy.toml",
    ] {
        let c = run(path);
        assert_eq!(c.parallel_workgroups, 3, "{path}");
        assert_eq!(c.in_place_workgroups, 3, "{path}");
    }
    // A reduction stores each workgroup's sum at its workgroup id: in
    // place too.
    let reduction = run("workloads/reduction.toml");
    assert_eq!(reduction.parallel_workgroups, 3);
    assert_eq!(reduction.in_place_workgroups, 3);
    // A 3x3 median reads its neighbours' rows and writes at an index
    // built from the id's y as well: through overlays.
    let median = run("workloads/median/median3x3_u8.toml");
    assert!(median.parallel_workgroups > 0);
    assert_eq!(median.in_place_workgroups, 0);
}

#[test]
fn a_chunk_that_reads_what_others_write_in_place_is_undone() {
    // Workgroups 0-15 write c[0..1024) in place; 16-31 load past buffer
    // a into c[2048..4096), which workgroups 32-63 write (see
    // in_place_conflict.spvasm). The chunk holding workgroup 16 reads c:
    // it and every chunk after it are undone (those from 32 on wrote
    // their windows), and the launch finishes on one thread, where
    // workgroups 16-31 read c before 32-63 write it.
    let w = Workload::load(&root().join("sim/tests/kernels/in_place_conflict.toml")).unwrap();
    let want: Vec<u32> = (0..4096u32)
        .map(|i| match i {
            0..1024 => i + 1,
            1024..2048 => 1,
            _ => 3 * i,
        })
        .collect();
    for threads in [2, 4] {
        let out = every_launch_on(&w, threads);
        let c = out.counts;
        assert!(
            (1..16).contains(&c.parallel_workgroups),
            "{threads} threads: {c:?}"
        );
        assert_eq!(c.in_place_workgroups, c.parallel_workgroups);
        assert_eq!(out.buffers[1].name, "c");
        assert!(words(&out, 1) == want, "{threads} threads");
    }
}

#[test]
fn a_buffer_every_workgroup_writes_goes_through_overlays_beside_buffers_written_in_place() {
    // Each workgroup w writes words[64w..64w + 64) in place and last[0]
    // through its chunk's overlay; workgroups 200, 205, ... first read
    // last[0], what w - 1 wrote (overlaid_conflict.comp). A reader that
    // starts a chunk read it as the batch began: from that chunk on, the
    // launch runs on one thread (the batches before 200 committed).
    let w = Workload::load(&root().join("sim/tests/kernels/overlaid_conflict.toml")).unwrap();
    let want: Vec<u32> = (0..400 * 64u32)
        .map(|g| {
            let w = g / 64;
            let reader = w >= 200 && w % 5 == 0;
            g + if reader { w - 1 } else { 0 }
        })
        .collect();
    for threads in [1, 2, 4] {
        let out = every_launch_on(&w, threads);
        let c = out.counts;
        if threads > 1 {
            assert!(
                (190..300).contains(&c.parallel_workgroups),
                "{threads} threads: {c:?}"
            );
            assert_eq!(c.in_place_workgroups, c.parallel_workgroups);
        }
        assert_eq!(out.buffers[0].name, "words");
        assert!(words(&out, 0) == want, "{threads} threads");
        assert_eq!(words(&out, 1), [399], "{threads} threads");
    }
}

#[test]
fn a_launch_whose_stores_scatter_over_pages_goes_on_on_one_thread() {
    // Every store a page from the others (scattered_stores.comp): the
    // first batch's overlays take a page a store, and the launch runs on
    // one thread from the next workgroup on.
    let w = Workload::load(&root().join("sim/tests/kernels/scattered_stores.toml")).unwrap();
    let mut want = vec![0u32; 1_048_573];
    for g in 0..512 * 64u64 {
        want[(g * 1025 % 1_048_573) as usize] = g as u32;
    }
    for threads in [1, 2, 4] {
        let out = every_launch_on(&w, threads);
        let c = out.counts;
        // The first workgroup runs on the calling thread, the first batch
        // (32 a thread) on the pool.
        let first_batch = if threads == 1 { 0 } else { 32 * threads as u64 };
        assert_eq!(
            c.parallel_workgroups, first_batch,
            "{threads} threads: {c:?}"
        );
        assert_eq!(c.parallel_batches, u64::from(threads > 1));
        assert_eq!(c.in_place_workgroups, 0, "its one buffer is overlaid");
        assert!(words(&out, 0) == want, "{threads} threads");
    }
}

#[test]
fn blind_global_atomics_are_gathered_per_chunk_and_applied_in_order() {
    // A histogram whose every workgroup adds to the global bins, the
    // values returned unread: every workgroup after the first runs in
    // parallel, in place, the additions gathered.
    let hist = counts_on_two_threads("workloads/histogram/histogram_global_uniform.toml");
    assert!(hist.global_atomics > 0 && hist.ordered_atomics == 0);
    assert!(hist.parallel_workgroups > 0);
    assert_eq!(hist.in_place_workgroups, hist.parallel_workgroups);
    // Workgroups 32-63 read what 0-31 added (gathered_conflict.comp): the
    // chunk holding workgroup 32 comes after chunks that gathered
    // additions to that buffer, and the launch finishes on one thread
    // from it, where the reads see every addition.
    let w = Workload::load(&root().join("sim/tests/kernels/gathered_conflict.toml")).unwrap();
    for threads in [2, 4] {
        let out = every_launch_on(&w, threads);
        let c = out.counts;
        assert!(
            (1..32).contains(&c.parallel_workgroups),
            "{threads} threads: {c:?}"
        );
        let words = |i: usize| -> Vec<u32> {
            out.buffers[i]
                .bytes
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                .collect()
        };
        assert_eq!(words(0), [2048], "{threads} threads: every addition");
        assert!(
            words(1) == (0..4096).collect::<Vec<u32>>(),
            "{threads} threads"
        );
    }
}
