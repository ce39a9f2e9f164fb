//! Turning a knob moves the measured figure as the model predicts.
//!
//! Each test varies one knob of the timing model that `tests/micro.rs` does
//! not vary (workgroup placement, the wave scheduler, the per-cycle issue
//! limits, the number of unit instances, cache sizes and associativity, the
//! L2's miss slots) on the teaching GPU (`configs/teaching.toml`), and
//! checks the figure it should move (which CU a workgroup lands on, the
//! order of issue in the trace, issues per cycle, spans between issue
//! cycles, hit counts, MSHR waits) against a prediction worked out from the
//! documented model (docs/timing.md, docs/config.md) and the config values
//! read here. Total cycles are not asserted exactly: spans between issue
//! and completion cycles in the trace say the same thing and do not depend
//! on how the end of a run is accounted.

mod common;
use common::Traced;
use common::{micro, micro_waves, num, root, timed};
use gpusim::input::config::{Config, DispatchPolicy, SchedulerPolicy, WaveRelease};
use gpusim::input::workload::SpecValue;
use gpusim::timing::trace::IssueRecord;
use serde_json::Value;
use std::collections::BTreeMap;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The teaching config; the few values the tests rely on directly are
/// checked here (the predictions themselves read the config).
fn teaching() -> Config {
    let c = Config::load(&root().join("configs/teaching.toml")).expect("teaching config loads");
    assert_eq!(
        (
            c.cu.wave_size,
            c.memory.l1.line_bytes,
            c.memory.l2.line_bytes
        ),
        (32, 64, 64),
        "configs/teaching.toml changed: update tests/knobs.rs"
    );
    c
}

/// Trace records of instructions named one of `ops`.
fn records<'a>(r: &'a Traced, ops: &[&str]) -> Vec<&'a IssueRecord> {
    r.issue_trace
        .iter()
        .filter(|x| ops.contains(&x.op.as_str()))
        .collect()
}

fn stall(r: &Traced, reason: &str) -> u64 {
    num(&r.summary(), &["stall_cycles", reason]) as u64
}

fn unit<'a>(cfg: &'a mut Config, name: &str) -> &'a mut gpusim::input::config::Unit {
    cfg.units.get_mut(name).expect("unit exists")
}

/// `passes` of an ALU instruction: wave_size / lanes_per_simd.
fn passes(cfg: &Config) -> u64 {
    (cfg.cu.wave_size / cfg.cu.lanes_per_simd) as u64
}

/// Cycles one instruction holds an instance of unit `name`.
fn occupancy_of(cfg: &Config, name: &str) -> u64 {
    cfg.units[name].interval as u64 * passes(cfg)
}

/// The CU each wave ran on (waves are numbered in dispatch order).
fn cu_of_waves(r: &Traced) -> BTreeMap<u32, u32> {
    let mut m = BTreeMap::new();
    for x in &r.issue_trace {
        let cu = *m.entry(x.wave).or_insert(x.cu);
        assert_eq!(cu, x.cu, "wave {} moved between CUs", x.wave);
    }
    m
}

/// How many of `recs` issued in each cycle on each CU.
fn per_cycle(recs: &[&IssueRecord]) -> BTreeMap<(u32, u64), u32> {
    let mut m = BTreeMap::new();
    for x in recs {
        *m.entry((x.cu, x.cycle)).or_insert(0) += 1;
    }
    m
}

// ---------------------------------------------------------------------------
// 1. gpu.dispatch: where workgroups land
// ---------------------------------------------------------------------------

#[test]
fn dispatch_policy_decides_which_cu_a_workgroup_lands_on() {
    // chain_f32 as one-wave workgroups (waves are numbered in dispatch
    // order, so wave k is workgroup k). Everything fits at once, so every
    // workgroup is placed at cycle 0 in order: `round_robin` starts each
    // search at the CU after the one used last (workgroup k on CU k mod n);
    // `fill_first` always starts at CU 0 and so fills it up to
    // `cu.workgroups_per_cu` before the next (workgroup k on CU k / per_cu).
    for (n_cus, per_cu, n_wgs) in [(2u32, 4u32, 4u32), (3, 2, 6), (4, 3, 7)] {
        for policy in [DispatchPolicy::RoundRobin, DispatchPolicy::FillFirst] {
            let mut cfg = teaching();
            cfg.gpu.compute_units = n_cus;
            cfg.cu.workgroups_per_cu = per_cu;
            cfg.gpu.dispatch = policy;
            assert!(n_wgs <= n_cus * per_cu, "all fit at once");
            let (_, r) = timed(&micro_waves("chain_f32", n_wgs), &cfg);
            let expected: BTreeMap<u32, u32> = (0..n_wgs)
                .map(|k| {
                    let cu = match policy {
                        DispatchPolicy::RoundRobin => k % n_cus,
                        DispatchPolicy::FillFirst => k / per_cu,
                    };
                    (k, cu)
                })
                .collect();
            let case = format!("{policy:?}, {n_cus} CUs x {per_cu}, {n_wgs} workgroups");
            assert_eq!(cu_of_waves(&r), expected, "{case}");
            // The occupancy trace agrees: at cycle 0 each CU holds the
            // workgroups placed on it, and a CU that got none never
            // appears.
            for cu in 0..n_cus {
                let placed = expected.values().filter(|&&c| c == cu).count() as u32;
                let at0 = r
                    .occupancy_trace
                    .iter()
                    .rfind(|o| o.cu == cu && o.cycle == 0);
                match at0 {
                    Some(o) => assert_eq!((o.workgroups, o.waves), (placed, placed), "{case}"),
                    None => assert_eq!(placed, 0, "{case}: CU {cu} has no record"),
                }
                if placed == 0 {
                    assert!(
                        r.occupancy_trace.iter().all(|o| o.cu != cu),
                        "{case}: CU {cu} got work"
                    );
                }
            }
        }
    }
}

/// Issue cycles of the chain instructions (FMul, FAdd) of chain_f32 on SIMD
/// `simd` of CU `cu`.
fn chain_cycles(r: &Traced, cu: u32, simd: u32) -> Vec<u64> {
    records(r, &["FMul", "FAdd"])
        .iter()
        .filter(|x| x.cu == cu && x.simd == simd)
        .map(|x| x.cycle)
        .collect()
}

#[test]
fn dispatch_policy_moves_the_time_of_a_shared_simd() {
    // Four chain_f32 waves on two CUs. With `round_robin` each CU gets two
    // workgroups, one wave per SIMD: a chain of 64 dependent instructions
    // issues one every max(latency, interval x passes) cycles, so the
    // chain spans 63 of those. With `fill_first` all four go to CU 0, two
    // waves per SIMD share its one valu instance (held interval x passes
    // per instruction): 128 chain instructions need at least 127 x interval
    // x passes. With latency = interval x passes the older wave (teaching's
    // `oldest_first`) is ready each time the instance frees, so it runs its
    // whole chain first, then issues its Store and Return (one instruction
    // per SIMD and cycle), and the younger wave's chain follows at once:
    // 127 x interval x passes + 2.
    let mut cfg = teaching();
    cfg.gpu.compute_units = 2;
    let busy = occupancy_of(&cfg, "valu");
    unit(&mut cfg, "valu").latency = busy as u32;
    assert_eq!(cfg.cu.issue.per_simd, 1);
    assert_eq!(cfg.cu.scheduler, SchedulerPolicy::OldestFirst);
    let w = micro_waves("chain_f32", 4);

    cfg.gpu.dispatch = DispatchPolicy::RoundRobin;
    let (_, r) = timed(&w, &cfg);
    for (cu, simd) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let t = chain_cycles(&r, cu, simd);
        assert_eq!(t.len(), 64, "round_robin: CU {cu} SIMD {simd}");
        assert_eq!(t[63] - t[0], 63 * busy, "round_robin: CU {cu} SIMD {simd}");
    }

    cfg.gpu.dispatch = DispatchPolicy::FillFirst;
    let (_, r) = timed(&w, &cfg);
    for simd in 0..2 {
        let t = chain_cycles(&r, 0, simd);
        assert_eq!(t.len(), 128, "fill_first: SIMD {simd}");
        for half in [&t[..64], &t[64..]] {
            assert_eq!(half[63] - half[0], 63 * busy, "fill_first: SIMD {simd}");
        }
        assert_eq!(t[127] - t[0], 127 * busy + 2, "fill_first: SIMD {simd}");
    }
    assert!(chain_cycles(&r, 1, 0).is_empty() && chain_cycles(&r, 1, 1).is_empty());
}

// ---------------------------------------------------------------------------
// 2. cu.scheduler: which ready wave a SIMD picks
// ---------------------------------------------------------------------------

/// indep_f32 as three one-wave workgroups on a single SIMD, valu latency
/// 3 x interval x passes. Returns the SIMD's trace (issue order).
fn three_waves_one_simd(policy: SchedulerPolicy) -> (Vec<IssueRecord>, u64, u64) {
    let mut cfg = teaching();
    cfg.cu.simds = 1;
    cfg.cu.scheduler = policy;
    let busy = occupancy_of(&cfg, "valu");
    let latency = 3 * busy;
    unit(&mut cfg, "valu").latency = latency as u32;
    let (_, r) = timed(&micro_waves("indep_f32", 3), &cfg);
    (r.issue_trace.clone(), busy, latency)
}

/// Positions in `trace` of wave `w`'s instructions named `op`.
fn positions(trace: &[IssueRecord], w: u32, op: &str) -> Vec<usize> {
    trace
        .iter()
        .enumerate()
        .filter(|(_, x)| x.wave == w && x.op == op)
        .map(|(i, _)| i)
        .collect()
}

/// Whether positions `p` are consecutive in the trace (nothing issued
/// between them on the SIMD).
fn contiguous(p: &[usize]) -> bool {
    p.windows(2).all(|q| q[1] == q[0] + 1)
}

#[test]
fn scheduler_policy_decides_which_ready_wave_issues() {
    // indep_f32: 64 FAdd in 8 independent chains (each FAdd's operand was
    // produced 8 FAdds earlier, so a wave can issue one whenever the valu
    // instance is free), then 7 dependent FMul. Three waves share one SIMD
    // and its single valu instance (interval x passes = `busy` cycles per
    // instruction); latency = 3 x busy, so an FMul waits 2 instance slots
    // for the previous one.
    use SchedulerPolicy::*;

    // oldest_first: the oldest wave issues whenever it can. Wave 0 issues
    // its 64 FAdds back to back (busy apart, nothing between them); its
    // FMul chain then waits `latency` each time, the younger waves fill
    // the gaps, and each FMul issues the very cycle its operand is ready
    // (latency is a multiple of busy, so the instance is free then):
    // latency apart, all but the first inside wave 1's FAdds.
    let (t, busy, latency) = three_waves_one_simd(OldestFirst);
    let fadd0 = positions(&t, 0, "FAdd");
    assert_eq!(fadd0.len(), 64);
    assert!(
        contiguous(&fadd0),
        "oldest_first: wave 0's FAdds interleaved"
    );
    assert_eq!(t[fadd0[63]].cycle - t[fadd0[0]].cycle, 63 * busy);
    let fmul0 = positions(&t, 0, "FMul");
    assert_eq!(fmul0.len(), 7);
    let gaps: Vec<u64> = fmul0
        .windows(2)
        .map(|p| t[p[1]].cycle - t[p[0]].cycle)
        .collect();
    assert_eq!(gaps, vec![latency; 6], "oldest_first: wave 0's FMul chain");
    let fadd1 = positions(&t, 1, "FAdd");
    assert!(
        fmul0[1..].iter().all(|&p| p > fadd1[0] && p < fadd1[63]),
        "oldest_first: wave 0's FMuls preempt wave 1"
    );

    // greedy_then_oldest: the wave issued last goes first. Once a wave has
    // started its FAdds it keeps the SIMD until it blocks (at its FMul
    // chain): every wave's FAdds are back to back, and wave 0's second FMul
    // waits, though ready, until wave 1 has issued all its FAdds.
    let (t, busy, latency) = three_waves_one_simd(GreedyThenOldest);
    for w in 0..3 {
        let p = positions(&t, w, "FAdd");
        assert_eq!(p.len(), 64);
        assert!(contiguous(&p), "greedy_then_oldest: wave {w}'s FAdds");
        assert_eq!(t[p[63]].cycle - t[p[0]].cycle, 63 * busy);
    }
    let fmul0 = positions(&t, 0, "FMul");
    let fadd1 = positions(&t, 1, "FAdd");
    assert!(
        fmul0[1] > fadd1[63],
        "greedy_then_oldest: wave 1 kept the SIMD"
    );
    assert!(t[fmul0[1]].cycle - t[fmul0[0]].cycle > latency);

    // round_robin: the search starts after the wave issued last. While all
    // three waves have FAdds left (from the last wave's first FAdd to the
    // first wave's last), every wave can issue, so the SIMD takes them in
    // turn, 0, 1, 2, 0, ..., one every `busy` cycles.
    let (t, busy, _) = three_waves_one_simd(RoundRobin);
    let fadds: Vec<Vec<usize>> = (0..3).map(|w| positions(&t, w, "FAdd")).collect();
    let from = fadds.iter().map(|p| p[0]).max().unwrap();
    let to = fadds.iter().map(|p| p[63]).min().unwrap();
    assert!(
        to - from >= 3 * 32,
        "round_robin: a long window ({from}..{to})"
    );
    for i in from..to {
        let (a, b) = (&t[i], &t[i + 1]);
        assert_eq!(b.wave, (a.wave + 1) % 3, "round_robin: {a:?} then {b:?}");
        assert_eq!(b.cycle - a.cycle, busy, "round_robin: {a:?} then {b:?}");
    }
    // So no wave's FAdds are back to back.
    assert!(fadds.iter().all(|p| !contiguous(p)));
}

// ---------------------------------------------------------------------------
// 3. cu.issue.*: instructions per cycle
// ---------------------------------------------------------------------------

/// A config where a dependent chain can issue one instruction every cycle:
/// one pass per instruction (lanes_per_simd = wave_size), and units
/// `names` with interval 1 and latency 1. Every per-CU issue limit is 2, so
/// that two waves never compete for one (each test then lowers the one it
/// is about).
fn one_per_cycle(names: &[&str]) -> Config {
    let mut cfg = teaching();
    cfg.cu.lanes_per_simd = cfg.cu.wave_size;
    for n in names {
        let u = unit(&mut cfg, n);
        u.interval = 1;
        u.latency = 1;
    }
    assert_eq!(passes(&cfg), 1);
    let i = &mut cfg.cu.issue;
    (i.valu, i.trans, i.memory, i.lds, i.branch) = (2, 2, 2, 2, 2);
    cfg
}

/// Runs two one-wave workgroups of `name` and checks the issue of their
/// dependent chains (instructions `ops`, `n` per wave), each of which could
/// issue one instruction per cycle, against a limit of `limit` (1 or 2)
/// instructions per cycle among those that `counted` selects, which
/// include the chains:
/// - limit 2: both chains run unhindered, each on consecutive cycles
///   (span n - 1), and while both run, two issue every cycle;
/// - limit 1: one counted instruction issues per cycle: from the first
///   chain instruction to the last, exactly one every cycle.
///
/// Returns the run's `issue_limit` stall cycles and, for limit 1, how long
/// the chain that went second was held up after its operand was loaded.
fn two_competing_chains(
    name: &str,
    ops: &[&str],
    n: usize,
    cfg: &Config,
    limit: u32,
    counted: impl Fn(&IssueRecord) -> bool,
) -> (u64, u64) {
    let (_, r) = timed(&micro_waves(name, 2), cfg);
    let recs = records(&r, ops);
    let chains: Vec<Vec<u64>> = (0..2)
        .map(|w| {
            recs.iter()
                .filter(|x| x.wave == w)
                .map(|x| x.cycle)
                .collect()
        })
        .collect();
    assert!(chains.iter().all(|c| c.len() == n), "{name}: chains of {n}");
    assert!(recs.iter().all(|x| counted(x)));
    let all: Vec<&IssueRecord> = r.issue_trace.iter().filter(|x| counted(x)).collect();
    let counts = per_cycle(&all);
    assert!(
        counts.values().all(|&k| k <= limit),
        "{name}: more than {limit} in a cycle"
    );
    let mut waited = 0;
    match limit {
        1 => {
            let first = chains.iter().map(|c| c[0]).min().unwrap();
            let last = chains.iter().map(|c| c[n - 1]).max().unwrap();
            assert!(
                (first..=last).all(|t| counts.get(&(0, t)) == Some(&1)),
                "{name}, limit 1: a cycle without an issue"
            );
            // At least the 2n chain instructions, one a cycle.
            assert!(last - first >= 2 * n as u64 - 1, "{name}, limit 1");
            // The wave that went second had its operand (the loaded
            // value) long before it could issue.
            let (w, start) = if chains[0][0] < chains[1][0] {
                (1, chains[1][0])
            } else {
                (0, chains[0][0])
            };
            let loaded = r
                .issue_trace
                .iter()
                .filter(|x| x.wave == w && x.op == "Load" && x.unit == "memory")
                .map(|x| x.complete)
                .max()
                .expect("the chain's operand is loaded");
            assert!(start > loaded, "{name}, limit 1: the second chain waited");
            waited = start - loaded;
        }
        2 => {
            for c in &chains {
                assert_eq!(c[n - 1] - c[0], n as u64 - 1, "{name}, limit 2");
            }
            let from = chains.iter().map(|c| c[0]).max().unwrap();
            let to = chains.iter().map(|c| c[n - 1]).min().unwrap();
            assert!(to > from + n as u64 / 2, "{name}: the chains overlap");
            assert!((from..=to).all(|t| counts.get(&(0, t)) == Some(&2)));
        }
        _ => unreachable!(),
    }
    (stall(&r, "issue_limit"), waited)
}

#[test]
fn issue_per_simd_limits_instructions_of_one_simd() {
    // Both chain_f32 waves on one SIMD with two valu instances: the unit
    // could take two instructions a cycle, and the CU's valu limit (2)
    // allows it; `per_simd` decides. (Each wave issues at most one
    // instruction a cycle, so only the other wave can use the second
    // instance in the same cycle.) per_simd counts every instruction of the
    // SIMD: with 1, the older wave's chain, Store and Return, then the
    // younger wave's chain, all on consecutive cycles.
    let mut cfg = one_per_cycle(&["valu"]);
    cfg.cu.simds = 1;
    unit(&mut cfg, "valu").count = 2;
    for per_simd in [1, 2] {
        cfg.cu.issue.per_simd = per_simd;
        let ops = ["FMul", "FAdd"];
        // A SIMD that issued its quota does not stall: no issue_limit.
        let (stalls, _) = two_competing_chains("chain_f32", &ops, 64, &cfg, per_simd, |_| true);
        assert_eq!(stalls, 0, "per_simd {per_simd}");
    }
}

#[test]
fn issue_valu_and_trans_limits_cap_their_instructions_per_cu() {
    // One chain wave on each of the two SIMDs (one unit instance each): the
    // CU-wide limit of the chain's category decides whether both issue in a
    // cycle. With limit 1 the SIMD that misses out stalls with
    // `issue_limit`, at least from when its chain's operand arrives until
    // the other chain is done. chain_f32: 64 dependent FMul / FAdd (valu);
    // chain_trans: 32 dependent InverseSqrt (trans), to which valu
    // instructions do not count.
    type Limit = fn(&mut Config) -> &mut u32;
    let cases: [(&str, &str, &[&str], usize, Limit); 2] = [
        ("valu", "chain_f32", &["FMul", "FAdd"], 64, |c| {
            &mut c.cu.issue.valu
        }),
        ("trans", "chain_trans", &["GLSL.InverseSqrt"], 32, |c| {
            &mut c.cu.issue.trans
        }),
    ];
    for (unit, workload, ops, n, limit_of) in cases {
        for limit in [1, 2] {
            let mut cfg = one_per_cycle(&[unit]);
            *limit_of(&mut cfg) = limit;
            let (stalls, waited) =
                two_competing_chains(workload, ops, n, &cfg, limit, |x| x.unit == unit);
            if limit == 1 {
                assert!(stalls >= waited, "{unit} 1: {stalls} issue_limit cycles");
            } else {
                assert_eq!(stalls, 0, "{unit} 2");
            }
        }
    }
}

#[test]
fn issue_memory_lds_and_branch_limits_cap_their_categories() {
    // Two identical waves, one per SIMD, reach their first global load
    // (chase), LDS store (lds_stride) or conditional branch (chase_2cu) in
    // the same cycle. With the category's CU-wide limit at 2 both issue in
    // that cycle; at 1 the second SIMD's goes a cycle later (SIMDs are
    // served in order), having stalled with `issue_limit`. Every other
    // limit is 2, so no other category makes them drift apart.
    type Case = (
        &'static str,
        &'static str,
        &'static str,
        fn(&mut Config, u32),
    );
    let cases: [Case; 3] = [
        ("chase", "Load", "memory", |c, n| c.cu.issue.memory = n),
        ("lds_stride", "Store", "lds", |c, n| c.cu.issue.lds = n),
        ("chase_2cu", "BranchConditional", "branch", |c, n| {
            c.cu.issue.branch = n
        }),
    ];
    for (name, op, unit_name, set) in cases {
        let w = if name == "chase_2cu" {
            micro(name)
        } else {
            micro_waves(name, 2)
        };
        for limit in [1u32, 2] {
            let mut cfg = teaching();
            let i = &mut cfg.cu.issue;
            (i.valu, i.trans, i.memory, i.lds, i.branch) = (2, 2, 2, 2, 2);
            // The branch's condition would take the CU's one scalar ALU, a
            // cycle apart: compared here as vector work.
            cfg.scalar = None;
            set(&mut cfg, limit);
            let (_, r) = timed(&w, &cfg);
            let first = |wave: u32| {
                r.issue_trace
                    .iter()
                    .find(|x| x.wave == wave && x.op == op && x.unit == unit_name)
                    .unwrap_or_else(|| panic!("{name}: wave {wave} issued no {op}"))
            };
            let (a, b) = (first(0), first(1));
            assert_ne!(a.simd, b.simd, "{name}: one wave per SIMD");
            assert_eq!(a.pc, b.pc);
            assert_eq!(
                b.cycle - a.cycle,
                2 - limit as u64,
                "{name}, {unit_name} limit {limit}: {a:?} {b:?}"
            );
            let category: Vec<&IssueRecord> = r
                .issue_trace
                .iter()
                .filter(|x| x.unit == unit_name)
                .collect();
            assert!(
                per_cycle(&category).values().all(|&k| k <= limit),
                "{name}, {unit_name} limit {limit}"
            );
            let stalls = stall(&r, "issue_limit");
            if limit == 1 {
                assert!(stalls >= 1, "{name}: no issue_limit stall");
            } else {
                assert_eq!(stalls, 0, "{name}, limit 2");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 4. units.<name>.count: instances per SIMD
// ---------------------------------------------------------------------------

/// Four one-wave workgroups of `name` on a single SIMD with `count`
/// instances of unit `unit_name`, scheduled round-robin so that all four
/// progress together. Returns the SIMD's issue cycles of the instructions
/// `ops` while all four waves are inside their run of them (the SIMD
/// issues nothing else then), and the whole trace.
fn four_waves_sharing(
    name: &str,
    ops: &[&str],
    unit_name: &str,
    count: u32,
) -> (Vec<u64>, Vec<IssueRecord>) {
    let mut cfg = teaching();
    cfg.cu.simds = 1;
    cfg.cu.scheduler = SchedulerPolicy::RoundRobin;
    unit(&mut cfg, unit_name).count = count;
    let (_, r) = timed(&micro_waves(name, 4), &cfg);
    let recs = records(&r, ops);
    let first = |w: u32| recs.iter().position(|x| x.wave == w).unwrap();
    let last = |w: u32| recs.iter().rposition(|x| x.wave == w).unwrap();
    let from = (0..4).map(first).max().unwrap();
    let to = (0..4).map(last).min().unwrap();
    assert!(to > from + 32, "{name}, count {count}: a long window");
    // Nothing else issued on the SIMD between them.
    let (a, b) = (recs[from].cycle, recs[to].cycle);
    let others = r
        .issue_trace
        .iter()
        .filter(|x| x.cycle >= a && x.cycle <= b && !ops.contains(&x.op.as_str()))
        .count();
    assert_eq!(others, 0, "{name}, count {count}");
    (
        recs[from..=to].iter().map(|x| x.cycle).collect(),
        r.issue_trace.clone(),
    )
}

#[test]
fn unit_count_lets_instructions_from_several_waves_overlap() {
    // An instruction holds one instance of its unit for interval x passes
    // cycles (`busy`), so with `count` instances at most `count`
    // instructions start in any `busy` cycles; a SIMD also issues at most
    // per_simd (1) a cycle, so at most busy x per_simd. When enough work is
    // ready, exactly m = min(count, busy x per_simd) start per `busy`
    // cycles: the k-th and (k+m)-th are `busy` apart. Past that point more
    // instances change nothing at all.
    let cfg = teaching();
    assert_eq!(cfg.cu.issue.per_simd, 1);

    // valu: indep_f32, whose FAdds are independent (each one's operand was
    // made 8 FAdds earlier by the same wave), so any wave can use any free
    // instance: m = min(count, busy), busy = 1 x 4 passes on the teaching
    // GPU. trans: chain_trans, 32 dependent InverseSqrt per wave with
    // latency = busy (teaching: 16 = 4 x 4 passes), so one wave has at most
    // one in flight: m = min(count, 4 waves). Beyond m, count 8 adds
    // nothing to 4.
    assert_eq!(
        cfg.units["trans"].latency as u64,
        occupancy_of(&cfg, "trans")
    );
    let valu_m = |count: u64, busy: u64| count.min(busy);
    let trans_m = |count: u64, _: u64| count.min(4);
    // (unit, workload, op, instances that overlap given (count, busy)).
    type Case<'a> = (&'a str, &'a str, &'a str, &'a dyn Fn(u64, u64) -> u64);
    let cases: [Case; 2] = [
        ("valu", "indep_f32", "FAdd", &valu_m),
        ("trans", "chain_trans", "GLSL.InverseSqrt", &trans_m),
    ];
    for (unit, workload, op, overlap) in cases {
        let busy = occupancy_of(&cfg, unit);
        let mut traces = Vec::new();
        for count in [1u32, 2, 4, 8] {
            let (t, trace) = four_waves_sharing(workload, &[op], unit, count);
            let m = overlap(count as u64, busy) as usize;
            for k in 0..t.len() - m {
                assert_eq!(
                    t[k + m] - t[k],
                    busy,
                    "{unit} count {count}: {:?}",
                    &t[k..=k + m]
                );
            }
            traces.push(trace);
        }
        assert_eq!(
            traces[2], traces[3],
            "{unit}: 8 instances are no better than 4"
        );
    }
}

// ---------------------------------------------------------------------------
// 5. Cache capacity and associativity
// ---------------------------------------------------------------------------

/// The reuse kernel over `lines` 64-byte lines: each of its load
/// instructions brings in 32 lines; it reads all `lines` twice, one load
/// after another. Returns each load's `complete - issue` per pass and the
/// summary.
fn reuse(lines: u64, cfg: &Config) -> (Vec<u64>, Vec<u64>, Value) {
    let mut w = micro("reuse");
    w.spec_constants.insert(0, SpecValue::Int(lines as i128));
    w.checks.clear();
    let (out, r) = timed(&w, cfg);
    // o[l] = 2 x the sum of the words loaded by lane l, a[i] = i.
    let o = out.buffer("o").unwrap();
    for l in 0..32u64 {
        let want: u64 = (0..lines / 32).map(|j| 2 * 16 * (32 * j + l)).sum();
        let got = u32::from_le_bytes(o[4 * l as usize..4 * l as usize + 4].try_into().unwrap());
        assert_eq!(got as u64, want % (1 << 32), "o[{l}]");
    }
    let lat: Vec<u64> = r
        .issue_trace
        .iter()
        .filter(|x| x.op == "Load" && x.unit == "memory")
        .map(|x| x.complete - x.cycle)
        .collect();
    let per_pass = (lines / 32) as usize;
    assert_eq!(lat.len(), 2 * per_pass);
    (
        lat[..per_pass].to_vec(),
        lat[per_pass..].to_vec(),
        r.summary().clone(),
    )
}

#[test]
fn l1_size_decides_whether_a_working_set_is_reread_from_the_l1() {
    // Pass 1 misses every line; the L1 (LRU, allocate on load miss)
    // then holds the working set iff it fits: for consecutive lines, each
    // of the size / (line x ways) sets gets lines / sets of them, so pass 2
    // hits all of them iff lines x line_bytes <= size_bytes, and none
    // otherwise (LRU re-reading lines in the order they were brought in
    // evicts each just before it is wanted).
    // A pass-2 load's 32 lines enter the CU's pipeline one per cycle, so it
    // is ready 31 + l1.latency after issue if all hit, and 31 + l1.latency
    // + l2.latency if all are L2 hits (the teaching L2 holds the set).
    for (lines, size) in [
        (64u64, 4096u32),
        (64, 2048),
        (64, 8192),
        (128, 4096),
        (128, 8192),
    ] {
        let mut cfg = teaching();
        cfg.memory.l1.size_bytes = size;
        let (l1, l2) = (cfg.memory.l1.latency as u64, cfg.memory.l2.latency as u64);
        let fits = lines * cfg.memory.l1.line_bytes as u64 <= size as u64;
        let (_, pass2, s) = reuse(lines, &cfg);
        let case = format!("{lines} lines, L1 of {size} bytes");
        let hits = if fits { lines } else { 0 };
        assert_eq!(num(&s, &["memory", "l1_hits"]) as u64, hits, "{case}");
        assert_eq!(
            num(&s, &["memory", "l1_misses"]) as u64,
            2 * lines - hits,
            "{case}"
        );
        let expected = 31 + l1 + if fits { 0 } else { l2 };
        assert!(pass2.iter().all(|&x| x == expected), "{case}: {pass2:?}");
    }
}

#[test]
fn l1_ways_decide_whether_conflicting_lines_stay() {
    // chase reads lines 0, 16, 32, 48, 64 (from DRAM), 64 again, then 0
    // twice (line numbers relative to the buffer, which starts on a line
    // that is a multiple of every set count used here). With S = size /
    // (line x ways) sets, line x is in set x mod S. Line 0 is still in the
    // L1 for the 7th load iff fewer than `ways` of 16, 32, 48, 64 share
    // its set (LRU: it is the oldest there). Then the 7th load is an L1 hit
    // (l1.latency) instead of an L2 hit (l1 + l2.latency), and the L1 has
    // 3 hits instead of 2.
    let cases = [
        // (size, ways, line 0 stays)
        (4096u32, 1u32, false),
        (4096, 2, false),
        (4096, 4, false),
        (4096, 8, true),
        (8192, 1, true),
        (8192, 2, true),
        (8192, 4, true),
        (2048, 4, false),
        (2048, 8, true),
    ];
    for (size, ways, stays) in cases {
        let mut cfg = teaching();
        cfg.memory.l1.size_bytes = size;
        cfg.memory.l1.ways = ways;
        let sets = (size / (cfg.memory.l1.line_bytes * ways)) as u64;
        let rivals = [16u64, 32, 48, 64]
            .iter()
            .filter(|&&x| x % sets == 0)
            .count();
        assert_eq!(rivals < ways as usize, stays, "the table, {size} / {ways}");
        let (_, r) = timed(&micro("chase"), &cfg);
        let lat: Vec<u64> = records(&r, &["Load"])
            .iter()
            .filter(|x| x.unit == "memory")
            .map(|x| x.complete - x.cycle)
            .collect();
        let (l1, l2) = (cfg.memory.l1.latency as u64, cfg.memory.l2.latency as u64);
        let seventh = if stays { l1 } else { l1 + l2 };
        assert_eq!(&lat[5..], &[l1, seventh, l1], "{size} bytes, {ways} ways");
        let s = r.summary();
        assert_eq!(num(&s, &["memory", "l1_hits"]), 2.0 + stays as u8 as f64);
        assert_eq!(num(&s, &["memory", "l2_hits"]), 1.0 - stays as u8 as f64);
    }
}

#[test]
fn l2_size_decides_whether_a_working_set_is_reread_from_the_l2() {
    // reuse over 512 lines (32 KiB), more than the teaching L1 holds, so
    // pass 2 misses the L1 throughout; the L2 (one bank here, so that its
    // capacity is one set-associative cache of size_bytes) holds the whole
    // working set iff 512 x line <= size_bytes: then pass 2 is all L2 hits,
    // each load ready after 31 + l1 + l2.latency; otherwise none hit and
    // pass 2 costs exactly what pass 1 did (every line from DRAM).
    let lines = 512u64;
    for (size, fits) in [
        (65536u32, true),
        (32768, true),
        (16384, false),
        (8192, false),
    ] {
        let mut cfg = teaching();
        cfg.memory.l2.banks = 1;
        cfg.memory.l2.size_bytes = size;
        assert_eq!(lines * cfg.memory.l2.line_bytes as u64 <= size as u64, fits);
        assert!(lines * cfg.memory.l1.line_bytes as u64 > cfg.memory.l1.size_bytes as u64);
        let (pass1, pass2, s) = reuse(lines, &cfg);
        let m = |k: &str| num(&s, &["memory", k]) as u64;
        assert_eq!(m("l1_hits"), 0, "L2 of {size}");
        let hits = if fits { lines } else { 0 };
        assert_eq!(m("l2_hits"), hits, "L2 of {size}");
        // Every L1 miss and every stored line reaches the L2.
        assert_eq!(m("l2_hits") + m("l2_misses"), 2 * lines + m("store_lines"));
        assert_eq!(
            m("dram_read_bytes"),
            (2 * lines - hits) * 64,
            "L2 of {size}"
        );
        let m = &cfg.memory;
        if fits {
            let l2_hit = 31 + m.l1.latency as u64 + m.l2.latency as u64;
            assert!(
                pass2.iter().all(|&x| x == l2_hit),
                "L2 of {size}: {pass2:?}"
            );
        } else {
            assert_eq!(pass2, pass1, "L2 of {size}");
        }
        assert!(pass1
            .iter()
            .all(|&x| x > 31 + m.l1.latency as u64 + m.l2.latency as u64));
    }
}

#[test]
fn l2_ways_decide_whether_conflicting_lines_stay() {
    // chase again, with an L2 of one or two sets per bank: its five lines
    // are all in bank 0 (line mod banks) and in one set of it. Line 0,
    // evicted from the teaching L1 by then, is still in the L2 for the 7th
    // load iff the set has more than 4 ways (the other four lines are
    // newer): an L2 hit, l1 + l2.latency, instead of a second trip to DRAM
    // that costs what the first five loads did.
    let base = teaching();
    let banks = base.memory.l2.banks;
    let line = base.memory.l2.line_bytes;
    for (ways, sets) in [(4u32, 1u32), (4, 2), (8, 1), (5, 1), (16, 1)] {
        let mut cfg = base.clone();
        cfg.memory.l2.ways = ways;
        cfg.memory.l2.size_bytes = banks * sets * ways * line;
        let stays = ways > 4;
        let (_, r) = timed(&micro("chase"), &cfg);
        let lat: Vec<u64> = records(&r, &["Load"])
            .iter()
            .filter(|x| x.unit == "memory")
            .map(|x| x.complete - x.cycle)
            .collect();
        let m = &cfg.memory;
        let seventh = if stays {
            (m.l1.latency + m.l2.latency) as u64
        } else {
            lat[0]
        };
        let case = format!("{ways} ways x {sets} sets per bank");
        assert_eq!(
            &lat[5..],
            &[m.l1.latency as u64, seventh, m.l1.latency as u64],
            "{case}"
        );
        let s = r.summary();
        assert_eq!(
            num(&s, &["memory", "l2_hits"]),
            stays as u8 as f64,
            "{case}"
        );
        let dram_lines = if stays { 5.0 } else { 6.0 };
        assert_eq!(
            num(&s, &["memory", "dram_read_bytes"]),
            dram_lines * line as f64,
            "{case}"
        );
    }
}

#[test]
fn l2_capacity_is_the_total_over_all_banks() {
    // docs/config.md: `memory.l2.size_bytes` is the "total capacity over all
    // banks; each bank holds size_bytes / banks". 512 consecutive lines
    // (32 KiB) spread evenly over the teaching L2's 4 banks (128 lines to
    // each bank of 16 KiB = 256 lines), so they fit and pass 2 should be
    // all L2 hits, as it is with one bank of 64 KiB. The model picks the
    // set of a line inside its bank as line mod sets (16 sets per bank):
    // the lines of bank b all have line mod 4 = b, so they use only sets
    // b, b + 4, b + 8, b + 12; 128 lines in 4 x 16 ways thrash, no hits.
    let lines = 512u64;
    let cfg = teaching();
    assert!(lines * 64 <= cfg.memory.l2.size_bytes as u64 / 2);
    let (_, _, s) = reuse(lines, &cfg);
    assert_eq!(num(&s, &["memory", "l2_hits"]) as u64, lines);
}

// ---------------------------------------------------------------------------
// 6. memory.l2.mshrs: outstanding misses per L2 bank
// ---------------------------------------------------------------------------

/// stream (32 waves, each lane loading its own fresh line: 1024 L2 misses
/// spread evenly over the banks) with ample L1 MSHRs and DRAM bandwidth,
/// an L2 so large that no line is evicted (so no write-back competes for
/// DRAM), and `mshrs` miss slots per L2 bank. Returns the span from the
/// first load's issue to the last load's completion, and mshr_wait_cycles.
fn stream_l2_mshrs(mshrs: u32) -> (u64, u64, Config) {
    let mut cfg = teaching();
    cfg.memory.l1.mshrs = 1024;
    cfg.memory.l2.size_bytes *= 64;
    cfg.memory.dram.bytes_per_cycle = cfg.memory.l2.line_bytes;
    cfg.memory.l2.mshrs = mshrs;
    let (_, r) = timed(&micro("stream"), &cfg);
    let loads = records(&r, &["Load"]);
    let loads: Vec<_> = loads.iter().filter(|x| x.unit == "memory").collect();
    assert_eq!(loads.len(), 32);
    let s = r.summary();
    let m = |k: &str| num(&s, &["memory", k]) as u64;
    assert_eq!(m("l2_misses"), 1024 + m("store_lines"));
    assert_eq!(
        m("dram_write_bytes"),
        m("dram_flush_bytes"),
        "no write-back"
    );
    let span = loads.iter().map(|x| x.complete).max().unwrap() - loads[0].cycle;
    (span, num(&s, &["memory", "mshr_wait_cycles"]) as u64, cfg)
}

#[test]
fn l2_mshrs_limit_outstanding_misses_per_bank() {
    // A miss holds its bank's MSHR from when the bank takes it until its
    // line is back: l2.latency + transfer (64 bytes at 64 bytes a cycle: 1)
    // + dram.latency = `hold` cycles. Lines k, k + banks, ... of the first
    // wave reach bank k mod banks one per `banks` cycles, far faster than m
    // MSHRs can serve them, so each bank runs m back-to-back chains of
    // 1024 / banks / m misses (the bank never runs dry: four resident waves
    // keep 128 lines queued). Chain j of bank b starts when the first
    // wave's line b + banks x j reaches the L2, l1.latency after it entered
    // the pipeline at (first issue) + b + banks x j; no two chains ever
    // want DRAM in the same cycle. The last to finish is bank banks - 1,
    // chain m - 1:
    //   span = l1 + (banks - 1) + banks x (m - 1) + 1024 / banks / m x hold.
    // With 32 MSHRs per bank no miss waits: at most four waves x 32 lines
    // are in flight, 32 per bank.
    let mut spans = Vec::new();
    for m in [1u64, 2, 4, 8] {
        let (span, waited, cfg) = stream_l2_mshrs(m as u32);
        let mem = &cfg.memory;
        let banks = mem.l2.banks as u64;
        let transfer = (mem.l2.line_bytes / mem.dram.bytes_per_cycle) as u64;
        let hold = mem.l2.latency as u64 + transfer + mem.dram.latency as u64;
        let expected =
            mem.l1.latency as u64 + (banks - 1) + banks * (m - 1) + 1024 / banks / m * hold;
        assert_eq!(span, expected, "l2.mshrs {m}");
        assert!(waited > 0, "l2.mshrs {m}: no MSHR waits");
        spans.push((span, waited));
    }
    // Doubling the MSHRs halves the time and the waiting shrinks.
    for p in spans.windows(2) {
        assert!(p[1].1 < p[0].1, "{spans:?}");
        let ratio = p[0].0 as f64 / p[1].0 as f64;
        assert!((1.9..=2.0).contains(&ratio), "{spans:?}");
    }
    for m in [32, 256] {
        let (span, waited, _) = stream_l2_mshrs(m);
        assert_eq!(waited, 0, "l2.mshrs {m}");
        assert!(span < spans[3].0, "l2.mshrs {m}: {span}");
    }
}

/// A wave's return ends it in its cycle: the trace's slice for it ends the
/// next cycle (not after the branch unit's latency, past the kernel's
/// end), and the wave's slot is free from then on (the occupancy trace).
#[test]
fn a_return_completes_in_its_cycle() {
    let cfg = teaching();
    let (_, r) = timed(&micro_waves("chain_f32", 4), &cfg);
    let cycles = num(&r.summary(), &["cycles"]) as u64;
    let returns = records(&r, &["Return"]);
    assert_eq!(returns.len(), 4);
    for x in &returns {
        assert_eq!(x.complete, x.cycle + 1, "{x:?}");
        assert!(x.complete <= cycles, "{x:?} after {cycles}");
    }
    let last = returns.iter().map(|x| x.cycle).max().unwrap();
    let freed = r
        .occupancy_trace
        .iter()
        .find(|o| o.cycle >= last && o.waves == 0)
        .expect("the last wave leaves");
    assert!(
        freed.cycle <= last + 1,
        "{freed:?} after the return at {last}"
    );
}

/// `cu.wave_release`: with "workgroup" a finished wave keeps its slot
/// until its workgroup's last wave ends; with "wave" it gives it back at
/// once. early_exit.cl's workgroups are two waves, the second returning at
/// once; on one SIMD of 3 slots a second workgroup fits only where the
/// finished waves' slots come back, so 2 waves are resident at most with
/// the workgroup's release and 3 with the wave's, which finishes sooner.
/// The results are the same bits.
#[test]
fn wave_release_frees_a_finished_waves_slot_at_its_end() {
    let w =
        gpusim::input::workload::Workload::load(&root().join("sim/tests/kernels/early_exit.toml"))
            .unwrap();
    let mut cfg = teaching();
    cfg.cu.simds = 1;
    cfg.cu.wave_slots_per_simd = 3;
    assert_eq!(cfg.cu.wave_release, WaveRelease::Workgroup, "the default");
    let (held_out, held) = timed(&w, &cfg);
    cfg.cu.wave_release = WaveRelease::Wave;
    let (freed_out, freed) = timed(&w, &cfg);
    let most = |t: &Traced| t.occupancy_trace.iter().map(|r| r.waves).max().unwrap();
    assert_eq!((most(&held), most(&freed)), (2, 3));
    assert!(
        freed.cycles < held.cycles,
        "{} vs {}",
        freed.cycles,
        held.cycles
    );
    // o[i] = the loop's value for the first 32 of each workgroup, else 0.
    let sum = (0..100u32).fold(0u32, |acc, k| acc.wrapping_mul(3).wrapping_add(k));
    let want: Vec<u8> = (0..256)
        .flat_map(|i| if i % 64 < 32 { sum } else { 0 }.to_le_bytes())
        .collect();
    assert_eq!(held_out.buffer("o").unwrap(), want.as_slice());
    assert_eq!(freed_out.buffer("o").unwrap(), want.as_slice());
}
