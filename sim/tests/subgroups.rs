//! Timing of subgroup operations: a reduction or scan (class
//! `xlane.reduce`) takes log2(wave size) cross-lane steps of its unit's
//! latency (log2 of the cluster size when clustered), other subgroup
//! operations (`xlane.permute`) one; an `[instructions]` entry by
//! canonical name sets the per-step figures of one instruction. Checked on
//! the trace of `workloads/subgroups/arithmetic.toml` and `vote_ballot.toml`
//! on each bundled config. (Their results are checked by the manifests, on
//! every config, in `tests/micro.rs`.)

mod common;
use common::{root, timed};
use gpusim::input::config::{Config, InstructionTiming};
use gpusim::input::workload::Workload;
use isa::ir::Inst;
use isa::subgroup::{CrossLaneOp, GroupOp};

fn workload(name: &str) -> Workload {
    let p = root().join(format!("workloads/subgroups/{name}.toml"));
    Workload::load(&p).expect("manifest loads")
}

fn configs() -> Vec<Config> {
    ["gcn", "rdna", "teaching"]
        .iter()
        .map(|c| Config::load(&root().join(format!("configs/{c}.toml"))).expect("config loads"))
        .collect()
}

/// The cross-lane steps the documented model charges `op` on `wave` lanes.
fn steps(op: CrossLaneOp, wave: u64) -> u64 {
    let log2 = |n: u64| n.trailing_zeros() as u64;
    match op {
        CrossLaneOp::Arith(_, GroupOp::ClusteredReduce(c)) => log2((c as u64).min(wave)).max(1),
        CrossLaneOp::Arith(..) => log2(wave),
        _ => 1,
    }
}

/// Checks the result latency of every issued cross-lane instruction of
/// `name` on `cfg`; returns how many were checked, and how many of those
/// had an `[instructions]` entry.
fn check_latencies(name: &str, cfg: &Config) -> (usize, usize) {
    let (out, traced) = timed(&workload(name), cfg);
    assert!(
        out.checks.iter().all(|c| c.passed),
        "{name} on {}",
        cfg.name
    );
    let wave = cfg.cu.wave_size as u64;
    let (mut checked, mut overridden) = (0, 0);
    for r in &traced.issue_trace {
        let Inst::CrossLane { op, .. } = out.kernel.insts[r.pc as usize] else {
            continue;
        };
        let class = if op.is_reduction() {
            "xlane.reduce"
        } else {
            "xlane.permute"
        };
        let unit = &cfg.classes[class];
        assert_eq!(r.unit, *unit, "{} of {name} on {}", r.op, cfg.name);
        let entry = cfg.instructions.get(&r.op).and_then(|o| o.latency);
        overridden += entry.is_some() as usize;
        let latency = entry.unwrap_or(cfg.units[unit].latency) as u64;
        assert_eq!(
            r.complete - r.cycle,
            steps(op, wave) * latency,
            "{op:?} of {name} on {}",
            cfg.name
        );
        checked += 1;
    }
    (checked, overridden)
}

#[test]
fn reductions_take_log2_wave_size_steps_and_permutes_one() {
    for cfg in configs() {
        for name in ["arithmetic", "vote_ballot"] {
            let (checked, _) = check_latencies(name, &cfg);
            assert!(checked > 100, "{name} on {}", cfg.name);
        }
    }
}

#[test]
fn an_instruction_entry_sets_the_per_step_figures_of_one_instruction() {
    let mut cfg = Config::default_config();
    for name in ["GroupNonUniformIAdd", "GroupNonUniformBallot"] {
        assert!(isa::vocabulary::is_instruction_name(name));
        cfg.instructions.insert(
            name.to_string(),
            InstructionTiming {
                unit: None,
                latency: Some(3),
                interval: None,
            },
        );
    }
    let (reductions, adds) = check_latencies("arithmetic", &cfg);
    let (votes, ballots) = check_latencies("vote_ballot", &cfg);
    assert!(adds > 10 && adds < reductions, "{adds} of {reductions}");
    assert!(ballots > 1 && ballots < votes, "{ballots} of {votes}");
}

/// `vote_ballot.toml` with `keys` added after `workgroups`, loaded from the
/// same folder (so the kernel resolves).
fn with_keys(keys: &str) -> Result<Workload, String> {
    let path = root().join("workloads/subgroups/vote_ballot.toml");
    let text = std::fs::read_to_string(&path).expect("manifest reads");
    let text = text.replacen(
        "workgroups = [2, 1, 1]\n",
        &format!("workgroups = [2, 1, 1]\n{keys}"),
        1,
    );
    Workload::from_str(&text, &path)
}

#[test]
fn a_required_subgroup_size_runs_only_on_a_model_of_that_wave_size() {
    use gpusim::run::{run_workload, RunOptions};
    let w = with_keys("subgroup_size = 32\nfull_subgroups = true\n").expect("manifest parses");
    let wave32 = RunOptions {
        wave_width: 32,
        ..RunOptions::default()
    };
    let out = run_workload(&w, &wave32).expect("a wave-32 run honours it");
    assert!(out.all_checks_passed());
    // The default wave is 64: an error naming the key's line, the required
    // size and the model's, not a run at another size.
    let e = run_workload(&w, &RunOptions::default())
        .err()
        .expect("wave 64 refuses");
    assert!(
        e.contains("vote_ballot.toml:10:17: subgroup_size")
            && e.contains("requires subgroup size 32")
            && e.contains("wave size is 64"),
        "{e}"
    );
    // Full subgroups need the local size x (64 here) to be a multiple of the wave.
    let w = with_keys("full_subgroups = true\n").expect("manifest parses");
    run_workload(&w, &RunOptions::default()).expect("64 lanes fill a 64-wide wave");
    let e = with_keys(
        "subgroup_size = 48
",
    )
    .expect_err("48 is no wave size");
    assert!(
        e.contains("vote_ballot.toml:10:17:") && e.contains("32 or 64"),
        "{e}"
    );
}

/// A work-group collective (OpenCL `work_group_reduce_add`, lowered in
/// `isa/src/lower/work_group.rs`) is timed as the parts a compiler emits,
/// on every bundled config: per wave one cross-lane reduce of log2(wave
/// size) steps, one LDS store of the wave's partial, two workgroup
/// barriers, and one LDS load per wave of the workgroup (the fold in wave
/// order). Its scratch (a slot of 8 bytes for each of the 32 waves of the
/// largest workgroup) counts as LDS for occupancy.
#[test]
fn a_work_group_reduce_is_timed_as_cross_lane_lds_and_barrier_work() {
    use std::collections::BTreeMap;
    let path = root().join("workloads/opencl_work_group/reduce_add.toml");
    let w = Workload::load(&path).expect("manifest loads");
    let mut lds_limited = 0;
    for cfg in configs() {
        let (out, traced) = timed(&w, &cfg);
        assert_eq!(out.kernel.workgroup_bytes, 32 * 8, "{}", cfg.name);
        let wave = cfg.cu.wave_size as u64;
        let waves = 256 / wave;
        let xlane = &cfg.classes["xlane.reduce"];
        // (cross-lane reduces, LDS stores, LDS loads, barriers) per wave.
        let mut seen: BTreeMap<u32, [u64; 4]> = BTreeMap::new();
        // Per CU (each holds one workgroup here): the first cross-lane
        // reduce's issue and the last barrier's completion.
        let mut span: BTreeMap<u32, (u64, u64)> = BTreeMap::new();
        for r in &traced.issue_trace {
            let s = span.entry(r.cu).or_insert((u64::MAX, 0));
            match r.op.as_str() {
                "GroupNonUniformIAdd" => s.0 = s.0.min(r.cycle),
                "ControlBarrier" => s.1 = s.1.max(r.complete),
                _ => {}
            }
            let at = match (r.op.as_str(), r.unit.as_str()) {
                ("GroupNonUniformIAdd", u) if u == xlane => {
                    let latency = cfg.units[xlane].latency as u64;
                    assert_eq!(r.complete - r.cycle, wave.ilog2() as u64 * latency);
                    0
                }
                ("Store", "lds") => 1,
                ("Load", "lds") => 2,
                ("ControlBarrier", _) => 3,
                _ => continue,
            };
            seen.entry(r.wave).or_default()[at] += 1;
        }
        assert_eq!(seen.len() as u64, 2 * waves, "{}", cfg.name);
        for (id, counts) in seen {
            assert_eq!(counts, [1, 1, waves, 2], "wave {id} on {}", cfg.name);
        }
        if cfg.name == "gcn-like" {
            // The figure docs/isa-coverage.md quotes (written by
            // sim/src/cli/coverage.rs): update both if the model moves.
            let spans: Vec<u64> = span.values().map(|(a, b)| b - a).collect();
            assert_eq!(spans, [491, 491], "the quoted work_group_reduce_add cycles");
        }
        // Room in the LDS for one workgroup's scratch and not two: one
        // workgroup per CU, limited by the LDS (where the CU holds more
        // than one otherwise; the teaching CU's 8 wave slots hold one).
        let o = &traced.report.occupancy;
        if o.waves_per_simd * cfg.cu.simds < 2 * o.waves_per_workgroup {
            continue;
        }
        let mut small = cfg.clone();
        small.memory.lds.bytes = 3 * 32 * 8 / 2;
        let (_, traced) = timed(&w, &small);
        assert_eq!(traced.report.occupancy.limiter, "lds", "{}", cfg.name);
        lds_limited += 1;
    }
    assert_eq!(lds_limited, 2, "gcn and rdna hold several such workgroups");
}

#[test]
fn lanes_that_do_not_break_meet_at_the_selection_merge() {
    // kernels/break_reconverge.comp: the ballot after an `if` holding a
    // break counts every lane not yet broken, functional and timed.
    use gpusim::run::{run_workload, RunOptions};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kernels/break_reconverge.toml");
    let w = Workload::load(&path).expect("manifest loads");
    for opts in [
        RunOptions::default(),
        RunOptions::timed(Config::default_config()),
    ] {
        let out = run_workload(&w, &opts).expect("runs");
        assert!(out.all_checks_passed(), "{:?}", out.checks);
    }
}
