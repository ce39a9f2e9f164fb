//! Microbenchmarks that measure the timing model back (docs/timing.md).
//!
//! Each test runs a small kernel from `workloads/micro/` on the teaching GPU
//! (`configs/teaching.toml`: one CU, two 8-lane SIMDs, wave32, so an ALU
//! instruction takes `passes = 32 / 8 = 4` passes), recovers a configured
//! number from the issue trace or the summary, asserts the formula stated
//! next to it, and then turns the knob and checks that the measured figure
//! moves as the formula predicts.
//!
//! The expected values come from the documented semantics of the model,
//! worked out by hand from the config (never from the model's code).
//!
//! The last tests check determinism, and that a timed run and a functional
//! run of every bundled workload give the same output buffers.

mod common;
use common::Traced;
use common::{micro, micro_waves, num, root, timed};
use gpusim::input::config::Config;
use gpusim::input::workload::{SpecValue, Workload};
use gpusim::run::{run_workload, RunOptions};
use gpusim::timing::trace::IssueRecord;
use serde_json::Value;
use std::path::{Path, PathBuf};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The teaching config. The tests' hand-worked numbers use its values;
/// they are checked here so that an edit of the file points at this list.
fn teaching() -> Config {
    let c = Config::load(&root().join("configs/teaching.toml")).expect("teaching config loads");
    let m = &c.memory;
    let unit = |u: &str| (c.units[u].count, c.units[u].latency, c.units[u].interval);
    let seen = (
        (
            c.gpu.compute_units,
            c.cu.simds,
            c.cu.lanes_per_simd,
            c.cu.wave_size,
        ),
        (
            c.cu.wave_slots_per_simd,
            c.cu.vgprs_per_simd,
            c.cu.vgpr_granule,
            c.cu.workgroups_per_cu,
        ),
        (unit("valu"), unit("trans"), unit("f64")),
        (
            m.l1.size_bytes,
            m.l1.line_bytes,
            m.l1.ways,
            m.l1.latency,
            m.l1.mshrs,
        ),
        (
            m.l2.size_bytes,
            m.l2.line_bytes,
            m.l2.ways,
            m.l2.banks,
            m.l2.latency,
        ),
        (
            m.dram.latency,
            m.dram.bytes_per_cycle,
            m.lds.bytes,
            m.lds.banks,
            m.lds.latency,
        ),
        (
            c.atomics.units_per_bank,
            c.atomics.integer.latency,
            c.atomics.integer.interval,
        ),
    );
    let documented = (
        (1, 2, 8, 32),
        (4, 128, 4, 4),
        ((1, 4, 1), (1, 16, 4), (1, 16, 4)),
        (4096, 64, 4, 10, 64),
        (65536, 64, 16, 4, 20),
        (50, 16, 65536, 32, 20),
        (1, 40, 4),
    );
    assert_eq!(
        seen, documented,
        "configs/teaching.toml changed: update tests/micro.rs"
    );
    c
}

/// The trace records of instructions named one of `ops` on unit `unit`.
fn records<'a>(r: &'a Traced, ops: &[&str], unit: &str) -> Vec<&'a IssueRecord> {
    r.issue_trace
        .iter()
        .filter(|x| ops.contains(&x.op.as_str()) && x.unit == unit)
        .collect()
}

fn unit_cfg<'a>(cfg: &'a mut Config, unit: &str) -> &'a mut gpusim::input::config::Unit {
    cfg.units.get_mut(unit).expect("unit exists")
}

/// `passes` of an ALU instruction: wave_size / lanes_per_simd.
fn passes(cfg: &Config) -> u64 {
    (cfg.cu.wave_size / cfg.cu.lanes_per_simd) as u64
}

// ---------------------------------------------------------------------------
// 1. Dependent chains take N x latency
// ---------------------------------------------------------------------------

/// Runs a chain kernel and returns (span of the chain = complete of the last
/// instruction - issue of the first, issue gaps between consecutive chain
/// instructions, number of chain instructions).
fn chain(w: &Workload, cfg: &Config, ops: &[&str], unit: &str) -> (u64, Vec<u64>, usize) {
    let (_, r) = timed(w, cfg);
    let all = records(&r, ops, unit);
    assert!(
        !all.is_empty(),
        "{}: no {ops:?} on {unit} in the trace",
        w.name
    );
    // The chain is the longest run at consecutive pcs: the address
    // arithmetic of the loads and stores (also IAdd, IMul) lies elsewhere.
    let recs = common::longest_consecutive_run(&all);
    let first = recs[0];
    let last = recs[recs.len() - 1];
    let gaps = recs.windows(2).map(|p| p[1].cycle - p[0].cycle).collect();
    (last.complete - first.cycle, gaps, recs.len())
}

#[test]
fn dependent_valu_chain_takes_n_times_latency() {
    // chain_f32: 64 dependent FMul/FAdd, one wave. Each needs the previous
    // result, so instruction k issues at first + k * L and the chain is done
    // at first + 64 * L (overhead 0), as long as L >= interval x passes
    // (otherwise the unit, not the dependency, sets the pace).
    let w = micro("chain_f32");
    let ops = ["FMul", "FAdd"];
    let mut spans = Vec::new();
    for latency in [6u32, 10] {
        let mut cfg = teaching();
        unit_cfg(&mut cfg, "valu").latency = latency;
        let (span, gaps, n) = chain(&w, &cfg, &ops, "valu");
        assert_eq!(n, 64);
        assert_eq!(span, 64 * latency as u64, "latency {latency}");
        assert!(gaps.iter().all(|&g| g == latency as u64), "gaps {gaps:?}");
        spans.push(span);
    }
    // Changing the latency by 4 moves the chain by N x 4.
    assert_eq!(spans[1] - spans[0], 64 * 4);

    // Latency below interval x passes: the unit is the limit, the chain takes
    // N x max(latency, interval x passes) = 64 x 4 on the teaching GPU.
    let mut cfg = teaching();
    unit_cfg(&mut cfg, "valu").latency = 2;
    let (span, gaps, _) = chain(&w, &cfg, &ops, "valu");
    assert!(gaps.iter().all(|&g| g == 4), "gaps {gaps:?}");
    // The last result is ready 2 cycles after its issue.
    assert_eq!(span, 63 * 4 + 2);
}

#[test]
fn dependent_integer_chain_takes_n_times_latency() {
    // chain_u32: 64 dependent IMul/IAdd (class valu).
    let w = micro("chain_u32");
    let mut spans = Vec::new();
    for latency in [4u32, 12] {
        let mut cfg = teaching();
        unit_cfg(&mut cfg, "valu").latency = latency;
        let (span, gaps, n) = chain(&w, &cfg, &["IMul", "IAdd"], "valu");
        assert_eq!(n, 64);
        assert_eq!(span, 64 * latency as u64);
        assert!(gaps.iter().all(|&g| g == latency as u64));
        spans.push(span);
    }
    assert_eq!(spans[1] - spans[0], 64 * 8);
}

#[test]
fn per_instruction_override_changes_only_that_instruction() {
    // [instructions."FMul"] latency = 12: the 32 FMul of chain_f32 take 12
    // each, the 32 FAdd keep the unit's 6: span = 32 x 12 + 32 x 6.
    let w = micro("chain_f32");
    let mut cfg = teaching();
    unit_cfg(&mut cfg, "valu").latency = 6;
    cfg.instructions.insert(
        "FMul".into(),
        gpusim::input::config::InstructionTiming {
            unit: None,
            latency: Some(12),
            interval: None,
        },
    );
    let (span, _, _) = chain(&w, &cfg, &["FMul", "FAdd"], "valu");
    assert_eq!(span, 32 * 12 + 32 * 6);
}

#[test]
fn dependent_f64_chain_runs_on_the_f64_unit() {
    // chain_f64: 32 dependent double FMul/FAdd, class valu.f64 -> unit f64
    // (teaching: latency 16, interval 4 x 4 passes = 16).
    let w = micro("chain_f64");
    let mut spans = Vec::new();
    for latency in [16u32, 24] {
        let mut cfg = teaching();
        unit_cfg(&mut cfg, "f64").latency = latency;
        let (span, gaps, n) = chain(&w, &cfg, &["FMul", "FAdd"], "f64");
        assert_eq!(n, 32);
        assert_eq!(span, 32 * latency as u64);
        assert!(gaps.iter().all(|&g| g == latency as u64));
        spans.push(span);
    }
    assert_eq!(spans[1] - spans[0], 32 * 8);
    // The f32 unit's latency does not touch the f64 chain.
    let mut cfg = teaching();
    unit_cfg(&mut cfg, "valu").latency = 40;
    let (span, _, _) = chain(&w, &cfg, &["FMul", "FAdd"], "f64");
    assert_eq!(span, spans[0]);
}

#[test]
fn dependent_trans_chain_runs_on_the_trans_unit() {
    // chain_trans: 32 dependent GLSL InverseSqrt, class trans -> unit trans
    // (teaching: latency 16, interval 4 x 4 passes = 16).
    let w = micro("chain_trans");
    let ops = ["GLSL.InverseSqrt"];
    let mut spans = Vec::new();
    for latency in [16u32, 20, 36] {
        let mut cfg = teaching();
        unit_cfg(&mut cfg, "trans").latency = latency;
        let (span, gaps, n) = chain(&w, &cfg, &ops, "trans");
        assert_eq!(n, 32);
        assert_eq!(span, 32 * latency as u64);
        assert!(gaps.iter().all(|&g| g == latency as u64));
        spans.push(span);
    }
    assert_eq!(spans[1] - spans[0], 32 * 4);
    assert_eq!(spans[2] - spans[0], 32 * 20);
}

// ---------------------------------------------------------------------------
// 2. Independent instructions reach the issue rate
// ---------------------------------------------------------------------------

/// indep_f32: 8 interleaved independent chains of 8 FAdd (64 in a row).
/// Returns the issue cycles of the 64 FAdd.
fn indep_issue(cfg: &Config) -> Vec<u64> {
    let (_, r) = timed(&micro("indep_f32"), cfg);
    let recs = records(&r, &["FAdd"], "valu");
    assert_eq!(recs.len(), 64);
    recs.iter().map(|x| x.cycle).collect()
}

#[test]
fn independent_instructions_issue_every_interval_times_passes() {
    // While 8 x interval x passes >= latency, the unit sets the pace: one
    // FAdd every interval x passes cycles, 63 gaps in all.
    let cases = [
        // (interval, lanes_per_simd, expected gap)
        (1u32, 8u32, 4u64), // teaching: 1 x 32/8
        (2, 8, 8),          // half-rate unit: 2 x 4
        (1, 16, 2),         // 16-lane SIMD: 1 x 2 passes
        (1, 32, 1),         // one pass: a wave issues at most once a cycle
    ];
    let mut spans = Vec::new();
    for (interval, lanes, gap) in cases {
        let mut cfg = teaching();
        unit_cfg(&mut cfg, "valu").interval = interval;
        cfg.cu.lanes_per_simd = lanes;
        assert_eq!(interval as u64 * passes(&cfg), gap);
        let t = indep_issue(&cfg);
        let gaps: Vec<u64> = t.windows(2).map(|p| p[1] - p[0]).collect();
        assert!(
            gaps.iter().all(|&g| g == gap),
            "interval {interval}, lanes {lanes}: gaps {gaps:?}"
        );
        spans.push(t[63] - t[0]);
    }
    assert_eq!(spans, vec![63 * 4, 63 * 8, 63 * 2, 63]);

    // Latency 40 > 8 chains x 4: the chains are the limit. Round r of chain
    // k issues at first + r x 40 + k x 4.
    let mut cfg = teaching();
    unit_cfg(&mut cfg, "valu").latency = 40;
    let t = indep_issue(&cfg);
    for r in 0..8u64 {
        for k in 0..8u64 {
            assert_eq!(
                t[(r * 8 + k) as usize] - t[0],
                r * 40 + k * 4,
                "round {r} chain {k}"
            );
        }
    }
}

#[test]
fn many_waves_fill_the_unit() {
    // chain_f32 on 8 waves (4 per SIMD) with latency 4 x (interval x passes):
    // each wave's chain alone would use the unit a quarter of the time; four
    // waves' chains interleave and keep it busy. While all four waves of a
    // SIMD are inside their chains, its valu instructions issue exactly
    // interval x passes apart. The unit is busy interval x passes cycles per
    // instruction in all.
    // (workgroups_per_cu raised to 8: all 8 one-wave workgroups resident.)
    let mut w = micro("chain_f32");
    w.workgroups = [8, 1, 1];
    w.buffers[0].len = 256;
    w.buffers[0].init = 2.0f32.to_le_bytes().repeat(256);
    w.checks.clear();
    for interval in [1u32, 2] {
        let mut cfg = teaching();
        cfg.cu.workgroups_per_cu = 8;
        let u = unit_cfg(&mut cfg, "valu");
        u.latency = 16 * interval;
        u.interval = interval;
        let (_, r) = timed(&w, &cfg);
        let gap = interval as u64 * 4;
        for simd in 0..2 {
            let chain: Vec<_> = records(&r, &["FMul", "FAdd"], "valu")
                .into_iter()
                .filter(|x| x.simd == simd)
                .collect();
            assert_eq!(chain.len(), 4 * 64, "simd {simd}");
            let waves: std::collections::BTreeSet<u32> = chain.iter().map(|x| x.wave).collect();
            assert_eq!(waves.len(), 4);
            let first = |wv: u32| chain.iter().find(|x| x.wave == wv).unwrap().cycle;
            let last = |wv: u32| chain.iter().rev().find(|x| x.wave == wv).unwrap().cycle;
            let from = waves.iter().map(|&wv| first(wv)).max().unwrap();
            let to = waves.iter().map(|&wv| last(wv)).min().unwrap();
            let window: Vec<u64> = r
                .issue_trace
                .iter()
                .filter(|x| x.simd == simd && x.unit == "valu")
                .filter(|x| x.cycle >= from && x.cycle <= to)
                .map(|x| x.cycle)
                .collect();
            assert!(
                window.len() >= 150,
                "simd {simd}: window of {}",
                window.len()
            );
            let gaps: Vec<u64> = window.windows(2).map(|p| p[1] - p[0]).collect();
            assert!(
                gaps.iter().all(|&g| g == gap),
                "interval {interval} simd {simd}: gaps {gaps:?}"
            );
        }
        let valu_insts = r.issue_trace.iter().filter(|x| x.unit == "valu").count() as u64;
        let busy = num(&r.summary(), &["units", "valu", "busy_cycles"]) as u64;
        assert_eq!(busy, valu_insts * gap);
    }
}

// ---------------------------------------------------------------------------
// 3. Memory latencies
// ---------------------------------------------------------------------------

/// `complete - cycle` of the 8 global loads of the pointer chase.
fn chase_latencies(cfg: &Config) -> (Vec<u64>, Value) {
    let (_, r) = timed(&micro("chase"), cfg);
    let lat: Vec<u64> = records(&r, &["Load"], "memory")
        .iter()
        .map(|x| x.complete - x.cycle)
        .collect();
    assert_eq!(lat.len(), 8);
    (lat, r.summary().clone())
}

/// What the chase should see: 5 fresh lines from DRAM, an L1 hit, an L2 hit
/// (a line the 4-way L1 set evicted), an L1 hit.
/// L1 hit = l1; L2 hit = l1 + l2; DRAM = l1 + l2 + line / bytes_per_cycle + dram.
fn chase_expected(cfg: &Config) -> Vec<u64> {
    let m = &cfg.memory;
    let l1 = m.l1.latency as u64;
    let l2 = l1 + m.l2.latency as u64;
    let dram = l2
        + (m.l2.line_bytes as u64).div_ceil(m.dram.bytes_per_cycle as u64)
        + m.dram.latency as u64;
    vec![dram, dram, dram, dram, dram, l1, l2, l1]
}

#[test]
fn load_latencies_l1_l2_dram() {
    let base = teaching();
    let (lat, s) = chase_latencies(&base);
    // Teaching: L1 10, L2 10 + 20 = 30, DRAM 30 + 64/16 + 50 = 84.
    assert_eq!(lat, vec![84, 84, 84, 84, 84, 10, 30, 10]);
    assert_eq!(lat, chase_expected(&base));
    assert_eq!(num(&s, &["memory", "l1_hits"]), 2.0);
    assert_eq!(num(&s, &["memory", "l1_misses"]), 6.0);
    assert_eq!(num(&s, &["memory", "l2_hits"]), 1.0);
    assert_eq!(num(&s, &["memory", "dram_read_bytes"]), 5.0 * 64.0);

    // Each knob moves exactly the latencies that include it.
    type Knob = (&'static str, fn(&mut Config));
    let knobs: [Knob; 4] = [
        ("dram.latency 50 -> 150", |c| c.memory.dram.latency = 150),
        ("l2.latency 20 -> 45", |c| c.memory.l2.latency = 45),
        ("l1.latency 10 -> 3", |c| c.memory.l1.latency = 3),
        ("dram.bytes_per_cycle 16 -> 2", |c| {
            c.memory.dram.bytes_per_cycle = 2
        }),
    ];
    let deltas = [
        [100, 0, 0],  // DRAM, L1 hit, L2 hit
        [25, 0, 25],  //
        [-7, -7, -7], //
        [28, 0, 0],   // transfer 64 / 2 = 32 instead of 4
    ];
    for ((name, f), d) in knobs.iter().zip(deltas) {
        let mut cfg = teaching();
        f(&mut cfg);
        let (l, _) = chase_latencies(&cfg);
        assert_eq!(l, chase_expected(&cfg), "{name}");
        let diff = |i: usize| l[i] as i64 - lat[i] as i64;
        assert_eq!([diff(0), diff(5), diff(6)], d, "{name}");
    }
}

/// Latencies (`complete - cycle`) of the 8 chase loads of each CU.
fn chase_2cu(cfg: &Config) -> (Vec<u64>, Vec<u64>) {
    let mut cfg = cfg.clone();
    cfg.gpu.compute_units = 2;
    let (_, r) = timed(&micro("chase_2cu"), &cfg);
    let lat = |cu: u32| -> Vec<u64> {
        records(&r, &["Load"], "memory")
            .iter()
            .filter(|x| x.cu == cu)
            .map(|x| x.complete - x.cycle)
            .collect()
    };
    (lat(0), lat(1))
}

#[test]
fn a_second_cu_hits_in_the_l2() {
    // chase_2cu on two CUs: workgroup 0 (CU 0) chases as `chase` does;
    // workgroup 1 (CU 1) first runs 64 dependent valu operations. With a valu
    // latency of 16 that is 1024 cycles, longer than CU 0's 5 x 84-cycle
    // DRAM misses, so CU 1 finds all five lines in the L2: L1 + L2 = 30
    // each; then an L1 hit (10), line 0 evicted from its own 4-way L1 set:
    // L2 hit (30), and an L1 hit (10).
    let mut cfg = teaching();
    unit_cfg(&mut cfg, "valu").latency = 16;
    let (cu0, cu1) = chase_2cu(&cfg);
    assert_eq!(cu0, vec![84, 84, 84, 84, 84, 10, 30, 10]);
    assert_eq!(cu1, vec![30, 30, 30, 30, 30, 10, 30, 10]);
    // The L2 latency knob moves CU 1's L2 hits one for one.
    cfg.memory.l2.latency = 33;
    let (cu0, cu1) = chase_2cu(&cfg);
    assert_eq!(cu0, vec![97, 97, 97, 97, 97, 10, 43, 10]);
    assert_eq!(cu1, vec![43, 43, 43, 43, 43, 10, 43, 10]);
}

#[test]
fn a_hit_on_a_line_in_flight_waits_for_the_fill() {
    // chase on two CUs with two workgroups that start together: both waves
    // ask for line 0 in the same cycles. CU 0's request misses and the line
    // arrives from DRAM 84 cycles after issue; CU 1's request reaches the L2
    // a cycle later, while the line is still being fetched, so its data can
    // be ready no earlier than CU 0's.
    let mut w = micro("chase");
    w.workgroups = [2, 1, 1];
    w.buffers[1].len = 64;
    w.buffers[1].init = vec![0; 256];
    w.checks.clear();
    let mut cfg = teaching();
    cfg.gpu.compute_units = 2;
    let (_, r) = timed(&w, &cfg);
    let first = |cu: u32| {
        *records(&r, &["Load"], "memory")
            .iter()
            .find(|x| x.cu == cu)
            .expect("a load")
    };
    let (a, b) = (first(0), first(1));
    assert!(b.cycle <= a.cycle + 1, "both ask at once: {a:?} {b:?}");
    assert!(
        b.complete >= a.complete,
        "CU 1 got line 0 before it arrived: {a:?} {b:?}"
    );
}

// ---------------------------------------------------------------------------
// 4. DRAM bandwidth
// ---------------------------------------------------------------------------

#[test]
fn dram_bandwidth_is_the_bottleneck_when_low() {
    // stream: 32 waves, each lane loads its own 64-byte line: 1024 lines,
    // 65536 bytes read. With bytes_per_cycle = 8 a line takes 8 cycles of
    // DRAM time, far more than the L1 pipeline (1 line per cycle) and the L2
    // banks (1 request per cycle each) need, so DRAM is busy the whole run:
    // cycles = (read + written bytes) / bytes_per_cycle + start-up and the
    // last miss's latency (< 200). (The stores of `out` allocate dirty lines
    // in the full L2; evicting them later costs DRAM writes.)
    let run = |bpc: u32| {
        let mut cfg = teaching();
        cfg.memory.dram.bytes_per_cycle = bpc;
        let (_, r) = timed(&micro("stream"), &cfg);
        let s = r.summary();
        let read = num(&s, &["memory", "dram_read_bytes"]) as u64;
        // Write-backs during the run; the flush at the end is after it.
        let flushed = num(&s, &["memory", "dram_flush_bytes"]) as u64;
        let written = num(&s, &["memory", "dram_write_bytes"]) as u64 - flushed;
        assert_eq!(read, 65536);
        assert!(
            written + flushed <= 64 * 64,
            "at most the 64 lines of out: {written} + {flushed}"
        );
        let busy = (read + written) / bpc as u64;
        assert!(
            r.cycles >= busy && r.cycles <= busy + 200,
            "bpc {bpc}: cycles {} vs DRAM busy {busy}",
            r.cycles
        );
        let bw = (read + written) as f64 / r.cycles as f64;
        assert!(
            bw > 0.97 * bpc as f64 && bw <= bpc as f64,
            "bytes/cycle {bw}"
        );
        r.cycles
    };
    let c8 = run(8);
    let c4 = run(4);
    // Halving the bandwidth about doubles the time.
    let ratio = c4 as f64 / c8 as f64;
    assert!((1.95..=2.01).contains(&ratio), "ratio {ratio}");
    // With plenty of bandwidth DRAM is no longer the limit.
    let c64 = run_free(64);
    assert!(c64 < c8 / 3, "bpc 64: {c64} cycles");
}

fn run_free(bpc: u32) -> u64 {
    let mut cfg = teaching();
    cfg.memory.dram.bytes_per_cycle = bpc;
    timed(&micro("stream"), &cfg).1.cycles
}

#[test]
fn l1_mshrs_limit_outstanding_misses() {
    // stream with ample DRAM bandwidth (64 bytes per cycle: 1 cycle a line)
    // and few MSHRs: each miss holds its MSHR for l2.latency + 1 + dram.latency
    // = 20 + 1 + 50 = 71 cycles after reaching the L2 (l1.latency after the
    // pipeline takes it; the MSHR is taken at that pipeline slot, so it is
    // held 10 + 71 = 81 cycles). With m MSHRs the 1024 misses take about
    // 1024 / m x 81 cycles.
    let run = |m: u32| {
        let mut cfg = teaching();
        cfg.memory.dram.bytes_per_cycle = 64;
        cfg.memory.l1.mshrs = m;
        let (_, r) = timed(&micro("stream"), &cfg);
        assert!(num(&r.summary(), &["memory", "mshr_wait_cycles"]) > 0.0);
        r.cycles
    };
    for m in [4u64, 8] {
        let c = run(m as u32);
        let ideal = 1024 / m * 81;
        assert!(
            c >= ideal && c <= ideal + 400,
            "mshrs {m}: {c} cycles, ideal {ideal}"
        );
    }
    let ratio = run(4) as f64 / run(8) as f64;
    assert!((1.9..=2.05).contains(&ratio), "ratio {ratio}");
}

#[test]
fn mshr_bound_loads_scale_with_compute_units() {
    // stream at 4 times its size (4096 lines, each lane its own) with 4
    // MSHRs per CU and DRAM and L2 to spare: each miss holds its MSHR 81
    // cycles (see above), so c CUs move 4c lines per 81 cycles, whatever
    // the other CUs do (Little's law). A miss that waited for an MSHR
    // reaches the L2 later than other CUs' misses timed after it: those
    // must not queue behind it at the bank or DRAM.
    let run = |cus: u32| {
        let mut cfg = teaching();
        cfg.gpu.compute_units = cus;
        cfg.memory.dram.bytes_per_cycle = 64;
        cfg.memory.l1.mshrs = 4;
        let mut w = micro("stream");
        w.workgroups[0] *= 4;
        w.checks.clear();
        for b in &mut w.buffers {
            b.len *= 4;
            b.init = vec![0; b.len * 4];
        }
        timed(&w, &cfg).1.cycles
    };
    for cus in [1u64, 2, 4] {
        let c = run(cus as u32);
        let ideal = 4096 / (4 * cus) * 81;
        assert!(
            c >= ideal && c <= ideal + ideal / 10 + 400,
            "{cus} CUs: {c} cycles, ideal {ideal}"
        );
    }
}

// ---------------------------------------------------------------------------
// 5. LDS bank conflicts
// ---------------------------------------------------------------------------

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn lds_bank_conflicts_follow_the_stride() {
    // lds_stride: lane l stores then loads word l x stride (one wave of 32).
    // Lanes go `banks` at a time; in a group, word w is in bank w mod banks;
    // lanes l x stride cover banks/gcd(stride, banks) banks with
    // gcd(stride, banks) distinct words each, so each group takes
    // gcd(stride, banks) cycles (1 for stride 0: one word, a broadcast).
    // Access time = groups x degree + lds.latency; conflict cycles per
    // access = groups x (degree - 1); two accesses (store, load).
    for banks in [32u32, 16] {
        for lds_latency in [20u32, 7] {
            for stride in [0u64, 1, 2, 4, 32] {
                let mut w = micro("lds_stride");
                w.spec_constants.insert(0, SpecValue::Int(stride as i128));
                if stride == 0 {
                    w.checks.clear();
                }
                let mut cfg = teaching();
                cfg.memory.lds.banks = banks;
                cfg.memory.lds.latency = lds_latency;
                let (_, r) = timed(&w, &cfg);
                let groups = 32 / banks as u64;
                let degree = if stride == 0 {
                    1
                } else {
                    gcd(stride, banks as u64)
                };
                let recs = records(&r, &["Load", "Store"], "lds");
                assert_eq!(recs.len(), 2);
                // The store starts at issue (the LDS is idle); the load at
                // issue or when the store's cycles are over, if later.
                let cycles = groups * degree;
                let (st, ld) = (recs[0], recs[1]);
                assert_eq!(st.op, "Store");
                assert_eq!(
                    st.complete - st.cycle,
                    cycles + lds_latency as u64,
                    "{st:?}"
                );
                let start = ld.cycle.max(st.cycle + cycles);
                assert_eq!(
                    ld.complete,
                    start + cycles + lds_latency as u64,
                    "banks {banks} stride {stride}: {ld:?}"
                );
                let conflicts = num(&r.summary(), &["memory", "lds_conflict_cycles"]) as u64;
                assert_eq!(
                    conflicts,
                    2 * groups * (degree - 1),
                    "banks {banks} stride {stride}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 6. Atomics
// ---------------------------------------------------------------------------

/// The documented atomic model, re-done here from the trace's issue cycles:
/// each lane's operation arrives at issue + l1 + l2 and waits for its L2
/// line, for the previous operation on its address, and for a unit of its
/// bank (a unit is busy `interval`; the result is ready `latency` after the
/// start). An instruction's lines are looked up in order of first use at
/// issue + l1: a line not seen before is fetched, the DRAM bus booked at
/// issue + l1 + l2 or when it frees, for `transfer` cycles, and filled
/// `transfer + dram.latency` after that; a line seen before is there at
/// the later of arrival and its fill. An operation takes the unit that can
/// start it first (the lowest of equals), at the first gap of `interval`
/// cycles from when it is ready.
/// Returns (per-instruction ready cycles, queue cycles, serialised).
fn atomic_reference(
    cfg: &Config,
    issues: &[(u64, u32)],             // (cycle, wave)
    addr_of: impl Fn(u32, u64) -> u64, // (wave, lane) -> word address
) -> (Vec<u64>, u64, u64) {
    let m = &cfg.memory;
    let banks = m.l2.banks as u64;
    let line_bytes = m.l2.line_bytes as u64;
    let (latency, interval) = (
        cfg.atomics.integer.latency as u64,
        cfg.atomics.integer.interval as u64,
    );
    let transfer = line_bytes.div_ceil(m.dram.bytes_per_cycle as u64);
    // Per unit of each bank: its busy cycles [start, end).
    let mut units: Vec<Vec<Vec<(u64, u64)>>> =
        vec![vec![Vec::new(); cfg.atomics.units_per_bank as usize]; banks as usize];
    let mut addr_free = std::collections::HashMap::new();
    let mut filled = std::collections::HashMap::new();
    let mut bus_free = 0;
    let (mut queue, mut serialised) = (0, 0);
    let mut readies = Vec::new();
    for &(cycle, wave) in issues {
        let arrive = cycle + m.l1.latency as u64 + m.l2.latency as u64;
        let mut ready = arrive;
        for lane in 0..32 {
            let a = addr_of(wave, lane);
            let line = a * 4 / line_bytes;
            let fill = *filled.entry(line).or_insert_with(|| {
                let booked = arrive.max(bus_free);
                bus_free = booked + transfer;
                booked + transfer + m.dram.latency as u64
            });
            let bank = &mut units[(line % banks) as usize];
            let free = *addr_free.get(&a).unwrap_or(&0);
            if free > arrive {
                serialised += 1;
            }
            let op_ready = arrive.max(free).max(fill);
            // Each unit's first gap of `interval` cycles from `op_ready`.
            let opening = |busy: &Vec<(u64, u64)>| {
                let mut s = op_ready;
                while let Some(&(_, end)) = busy.iter().find(|&&(b, e)| b < s + interval && e > s) {
                    s = end;
                }
                s
            };
            let (u, start) = (0..bank.len())
                .map(|u| (u, opening(&bank[u])))
                .min_by_key(|&(u, s)| (s, u))
                .unwrap();
            bank[u].push((start, start + interval));
            addr_free.insert(a, start + interval);
            queue += start - arrive;
            ready = ready.max(start + latency);
        }
        readies.push(ready);
    }
    (readies, queue, serialised)
}

struct AtomicRun {
    span: u64,
    /// Cycles between the first and the last atomic instruction's issue.
    issue_spread: u64,
    queue: u64,
    serialised: u64,
    operations: u64,
}

fn atomic_run(stride: u64, cfg: &Config) -> AtomicRun {
    let mut w = micro("atomic_add");
    w.spec_constants.insert(0, SpecValue::Int(stride as i128));
    if stride != 0 {
        w.checks.clear();
    }
    let (out, r) = timed(&w, cfg);
    // Functional result: every lane added 1 to its word.
    let c = out.buffer("c").unwrap();
    let word = |i: usize| u32::from_le_bytes(c[4 * i..4 * i + 4].try_into().unwrap());
    if stride == 0 {
        assert_eq!(word(0), 256);
    } else {
        assert!((0..256).all(|g| word(g * stride as usize) == 1));
    }
    let recs = records(&r, &["AtomicIAdd"], "memory");
    assert_eq!(recs.len(), 8);
    let issues: Vec<(u64, u32)> = recs.iter().map(|x| (x.cycle, x.wave)).collect();
    // The buffer's base line only relabels the banks; take it as 0.
    let (readies, queue, serialised) = atomic_reference(cfg, &issues, |wave, lane| {
        (wave as u64 * 32 + lane) * stride
    });
    for (x, ready) in recs.iter().zip(&readies) {
        assert_eq!(x.complete, *ready, "stride {stride}: {x:?}");
    }
    let s = r.summary();
    let got_queue = num(&s, &["atomics", "queue_cycles"]) as u64;
    assert_eq!(got_queue, queue, "stride {stride}: queue cycles");
    AtomicRun {
        span: recs.iter().map(|x| x.complete).max().unwrap() - recs[0].cycle,
        issue_spread: recs[recs.len() - 1].cycle - recs[0].cycle,
        queue,
        serialised: num(&s, &["atomics", "serialised"]) as u64,
        operations: num(&s, &["atomics", "operations"]) as u64,
    }
    .check_serialised(serialised)
}

impl AtomicRun {
    fn check_serialised(self, expected: u64) -> AtomicRun {
        assert_eq!(self.serialised, expected, "serialised");
        self
    }
}

#[test]
fn atomics_on_one_address_serialise() {
    // 8 waves x 32 lanes = 256 atomicAdd on one word. The first waits at
    // the L2 (issue + l1 + l2 = +30) for the word's line from DRAM (one
    // 64-byte line at 16 bytes a cycle, then the DRAM latency: 4 + 50).
    // Then they run one after another at `interval` each: the last starts
    // 255 x interval after the first, and is ready `latency` later:
    // span = 30 + 54 + 255 x interval + latency (all arrive within the
    // chain).
    let mut cfg = teaching();
    cfg.atomics.units_per_bank = 4;
    let a = atomic_run(0, &cfg);
    assert_eq!(a.operations, 256);
    assert_eq!(a.span, 30 + 54 + 255 * 4 + 40);
    // With 4 units the unit is free: all but the first wait for the address.
    assert_eq!(a.serialised, 255);
    // One unit per bank: the same time (the address is the limit).
    let one = atomic_run(0, &teaching());
    assert_eq!(one.span, a.span);
    assert_eq!(one.queue, a.queue);
    // Doubling the interval adds 255 x 4.
    cfg.atomics.integer.interval = 8;
    let slow = atomic_run(0, &cfg);
    assert_eq!(slow.span - a.span, 255 * 4);
    assert!(slow.queue > a.queue);
}

#[test]
fn atomics_serialised_counts_address_waits_with_one_unit() {
    // One unit per bank, one address: every operation but the first found
    // its address busy when it arrived, so it had to wait for an earlier
    // operation on the same address (the documented meaning of
    // `serialised`): 255.
    let w = {
        let mut w = micro("atomic_add");
        w.spec_constants.insert(0, SpecValue::Int(0));
        w
    };
    let (_, r) = timed(&w, &teaching());
    assert_eq!(num(&r.summary(), &["atomics", "serialised"]), 255.0);
}

#[test]
fn atomics_on_spread_addresses_scale_with_units() {
    // stride 1: lane g updates word g, so the 256 operations touch 16
    // lines of 16 words, 4 lines (64 operations) in each of the 4 L2 banks,
    // and none waits for its address. (With every lane on a line of its own
    // the DRAM bus, fetching a line every 4 cycles, would bound the run
    // instead of the units.) A bank's first operation waits for its line
    // from DRAM, 30 + 54 after the first issue (see above); then its units
    // share 64 operations of 4 cycles: span ~ 30 + 54 + (64 / units - 1) x
    // 4 + 40, plus the spread of the 8 waves' issue cycles (which also
    // covers the other lines' fetches); well under one address's
    // 30 + 54 + 255 x 4 + 40.
    let fetch = 54;
    let one_address = 30 + fetch + 255 * 4 + 40;
    let mut spans = Vec::new();
    for units in [1u32, 2, 4] {
        let mut cfg = teaching();
        cfg.atomics.units_per_bank = units;
        let a = atomic_run(1, &cfg);
        assert_eq!(a.serialised, 0);
        let ideal = 30 + fetch + (64 / units as u64 - 1) * 4 + 40;
        assert!(
            a.span >= ideal && a.span <= ideal + a.issue_spread,
            "units {units}: span {} ideal {ideal}",
            a.span
        );
        assert!(a.span < one_address / 2);
        spans.push((a.span, a.queue));
    }
    // Twice the units: the serial part halves and the queueing shrinks.
    assert!(spans[1].0 < spans[0].0 && spans[2].0 < spans[1].0);
    assert!(spans[1].1 < spans[0].1 && spans[2].1 < spans[1].1);
    // More L2 banks spread the same operations wider: 8 banks, 1 unit,
    // 2 lines (32 operations) a bank.
    let mut cfg = teaching();
    cfg.memory.l2.banks = 8;
    let a = atomic_run(1, &cfg);
    let ideal = 30 + fetch + (32 - 1) * 4 + 40;
    assert!(
        a.span >= ideal && a.span <= ideal + a.issue_spread,
        "8 banks: span {}",
        a.span
    );
    assert!(a.span < spans[0].0);
}

// ---------------------------------------------------------------------------
// 7. Occupancy
// ---------------------------------------------------------------------------

struct Occ {
    vgprs: u64,
    waves_per_simd: u64,
    theoretical: f64,
    limiter: String,
    achieved: f64,
    max_waves: u32,
    max_workgroups: u32,
}

fn occupancy(w: &Workload, cfg: &Config) -> Occ {
    let (_, r) = timed(w, cfg);
    let s = r.summary();
    let o = &s["occupancy"];
    // Achieved occupancy recomputed from the occupancy trace: resident
    // waves integrated over time / (cycles x CUs x SIMDs x slots).
    let slots = (cfg.gpu.compute_units * cfg.cu.simds * cfg.cu.wave_slots_per_simd) as f64;
    let mut area = 0u64;
    let t = &r.occupancy_trace;
    for (i, rec) in t.iter().enumerate() {
        // Until the next record of the same CU.
        let end = t[i + 1..]
            .iter()
            .find(|n| n.cu == rec.cu)
            .map_or(r.cycles, |n| n.cycle);
        area += rec.waves as u64 * (end - rec.cycle);
    }
    let achieved = num(o, &["achieved"]);
    assert!(
        (achieved - area as f64 / (r.cycles as f64 * slots)).abs() < 1e-9,
        "achieved {achieved} vs trace"
    );
    for rec in t {
        assert!(rec.vgprs <= cfg.cu.vgprs_per_simd * cfg.cu.simds);
        assert!(rec.lds_bytes <= cfg.memory.lds.bytes);
        assert!(rec.workgroups <= cfg.cu.workgroups_per_cu);
    }
    Occ {
        vgprs: num(o, &["vgprs_per_wave"]) as u64,
        waves_per_simd: num(o, &["theoretical_waves_per_simd"]) as u64,
        theoretical: num(o, &["theoretical"]),
        limiter: o["limiter"].as_str().unwrap().to_string(),
        achieved,
        max_waves: t.iter().map(|x| x.waves).max().unwrap(),
        max_workgroups: t.iter().map(|x| x.workgroups).max().unwrap(),
    }
}

#[test]
fn occupancy_limited_by_registers() {
    // occ_vgpr keeps 40 loaded floats live at once: at least 40 VGPRs, and
    // with an address or two beside them, at most 44 after rounding to the
    // granule of 4. Waves per SIMD = min(slots, floor(vgprs_per_simd / v)).
    // (workgroups_per_cu raised to 16 so that only registers and slots bind.)
    let w = micro("occ_vgpr");
    let teaching = || {
        let mut c = teaching();
        c.cu.workgroups_per_cu = 16;
        c
    };
    let base = occupancy(&w, &teaching());
    let v = base.vgprs;
    assert!((40..=44).contains(&v) && v.is_multiple_of(4), "vgprs {v}");
    assert_eq!(base.waves_per_simd, 128 / v);
    assert_eq!(base.limiter, "vgprs");
    assert!((base.theoretical - (128 / v) as f64 / 4.0).abs() < 1e-12);
    // 16 one-wave workgroups are more than fit: the CU fills up to the limit.
    assert_eq!(base.max_waves as u64, 2 * base.waves_per_simd);
    assert!(base.achieved <= base.theoretical + 1e-12);
    assert!(
        base.achieved > 0.6 * base.theoretical,
        "achieved {}",
        base.achieved
    );

    // A bigger register file: 4 x v fits, so the wave slots bind.
    let mut cfg = teaching();
    cfg.cu.vgprs_per_simd = 4 * v as u32;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (4, "wave_slots"));
    assert_eq!(o.max_waves, 8);
    // Just under 2 x v: one wave per SIMD.
    cfg.cu.vgprs_per_simd = 2 * v as u32 - 1;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (1, "vgprs"));
    assert_eq!(o.max_waves, 2);
    // A coarser granule: v rounds up to 64, 128 / 64 = 2.
    let mut cfg = teaching();
    cfg.cu.vgpr_granule = 64;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.vgprs, o.waves_per_simd), (64, 2));
}

#[test]
fn occupancy_limited_by_lds() {
    // occ_lds: 2 waves and 12000 bytes of LDS per workgroup. Waves per SIMD
    // = floor(lds.bytes / 12000) workgroups x 2 waves / 2 SIMDs, at most 4.
    let w = micro("occ_lds");
    // LDS 65536: 5 workgroups would fit, 10 waves: the 4 wave slots bind.
    let mut cfg = teaching();
    cfg.cu.workgroups_per_cu = 16;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (4, "wave_slots"));
    assert_eq!(o.max_waves, 8);
    // LDS 40000: 3 workgroups, 3 waves per SIMD.
    cfg.memory.lds.bytes = 40000;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (3, "lds"));
    assert_eq!((o.max_workgroups, o.max_waves), (3, 6));
    assert!(o.achieved <= o.theoretical + 1e-12);
    assert!(o.achieved > 0.5 * o.theoretical, "achieved {}", o.achieved);
    // LDS 30000: 2 workgroups, 2 waves per SIMD.
    cfg.memory.lds.bytes = 30000;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (2, "lds"));
    assert_eq!((o.max_workgroups, o.max_waves), (2, 4));
    // A workgroup limit of 1 binds before the LDS.
    cfg.cu.workgroups_per_cu = 1;
    let o = occupancy(&w, &cfg);
    assert_eq!(
        (o.waves_per_simd, o.limiter.as_str()),
        (1, "workgroups_per_cu")
    );
    assert_eq!((o.max_workgroups, o.max_waves), (1, 2));
}

#[test]
fn one_wave_workgroups_limited_by_lds_still_run() {
    // occ_lds on the GCN-like default: 64 lanes = one wave64 per workgroup.
    // With 36000 bytes of LDS per CU, three 12000-byte workgroups fit, so
    // three waves are resident on the CU's 4 SIMDs: the busiest SIMD holds
    // one, which is the theoretical figure (not floor(3 / 4) = 0, which
    // would refuse to run).
    let w = micro("occ_lds");
    let mut cfg = Config::default_config();
    cfg.memory.lds.bytes = 36000;
    // One CU, so that every workgroup lands on it.
    cfg.gpu.compute_units = 1;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.max_workgroups, o.max_waves), (3, 3));
    // Theoretical occupancy covers what is actually resident.
    assert!(
        o.achieved <= o.theoretical + 1e-12,
        "achieved {} theoretical {}",
        o.achieved,
        o.theoretical
    );
    // The same on the teaching CU with wave64 (one wave per workgroup, 2
    // SIMDs, 3 workgroups): the busiest SIMD holds 2 of the 4 slots.
    let mut cfg = teaching();
    cfg.cu.wave_size = 64;
    cfg.memory.lds.bytes = 36000;
    let o = occupancy(&w, &cfg);
    assert_eq!(o.max_waves, 3);
    assert!(
        o.achieved <= o.theoretical + 1e-12,
        "achieved {} theoretical {}",
        o.achieved,
        o.theoretical
    );
}

#[test]
fn occupancy_counts_whole_workgroups() {
    // occ_lds on teaching: 64 lanes of wave32 = 2 waves per workgroup. With
    // one SIMD of 3 slots, one workgroup fits (2 waves), not 1.5: a
    // workgroup is placed whole.
    let w = micro("occ_lds");
    let mut cfg = teaching();
    cfg.cu.simds = 1;
    cfg.cu.wave_slots_per_simd = 3;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (2, "wave_slots"));
    assert!((o.theoretical - 2.0 / 3.0).abs() < 1e-12);
    assert_eq!((o.max_workgroups, o.max_waves), (1, 2));
    // One slot: no workgroup can ever be placed, and the run says so.
    cfg.cu.wave_slots_per_simd = 1;
    let Err(e) = run_workload(&w, &RunOptions::timed(cfg)) else {
        panic!("a CU with one wave slot ran 2-wave workgroups");
    };
    assert!(
        e.contains("a workgroup does not fit") && e.contains("wave_slots"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// 8. Accounting: every SIMD-cycle once, stores until they are done, lines
// ---------------------------------------------------------------------------

#[test]
fn every_simd_cycle_is_issue_or_one_stall() {
    let wide = {
        let mut c = Config::default_config();
        c.gpu.compute_units = 8;
        c
    };
    let runs = [
        ("chain_f32", teaching()),
        ("stream", teaching()),
        ("occ_lds", teaching()),
        ("atomic_add", teaching()),
        ("stream", wide),
    ];
    for (name, cfg) in runs {
        let (_, r) = timed(&micro(name), &cfg);
        let simds = (cfg.gpu.compute_units * cfg.cu.simds) as u64;
        let issue: u64 = r.simd_cycles.iter().map(|s| s.issue).sum();
        let stalls: u64 = r.simd_cycles.iter().flat_map(|s| s.stalls).sum();
        assert_eq!(issue + stalls, r.cycles * simds, "{name}");
        // The SIMDs that never get a wave are idle throughout: without a
        // wave, then draining with every other SIMD.
        let stall = |reason| num(&r.summary(), &["stall_cycles", reason]) as u64;
        let (no_wave, drain) = (stall("no_wave"), stall("drain"));
        let unused = r.simd_cycles.iter().filter(|s| s.issue == 0).count() as u64;
        assert!(
            no_wave + drain >= unused * r.cycles,
            "{name}: no_wave {no_wave}, drain {drain}"
        );
    }
}

#[test]
fn a_run_ends_when_its_last_store_is_done() {
    // The kernel's time is its last issue or its last global write,
    // whichever ends later (a wave does not wait for its stores).
    for name in ["stream", "atomic_add", "chase"] {
        let (_, r) = timed(&micro(name), &teaching());
        let last_issue = r.issue_trace.iter().map(|x| x.cycle).max().unwrap();
        // Global stores and atomics (unit "memory"; LDS ones are "lds").
        let writes: Vec<u64> = r
            .issue_trace
            .iter()
            .filter(|x| x.unit == "memory" && (x.op == "Store" || x.op.contains("Atomic")))
            .map(|x| x.complete)
            .collect();
        assert!(!writes.is_empty(), "{name} writes");
        let last_write = *writes.iter().max().unwrap();
        if name == "stream" {
            // Its stores are its last instructions: nothing waits for them.
            assert!(last_write > last_issue + 1, "the test needs this");
        }
        assert_eq!(r.cycles, last_write.max(last_issue + 1), "{name}");
        // From the last issue on, every SIMD waits for the writes: the
        // drain, and nothing else that late.
        let simds = r.simd_cycles.len() as u64;
        let drain = num(&r.summary(), &["stall_cycles", "drain"]) as u64;
        assert_eq!(drain, (r.cycles - (last_issue + 1)) * simds, "{name}");
    }
}

#[test]
fn an_l1_line_wider_than_the_l2_line_fetches_all_of_it() {
    // stream reads 1024 separate 64-byte lines. With 128-byte L1 lines over
    // 64-byte L2 lines, each L1 miss fills its line from two L2 lines: DRAM
    // still delivers every byte once.
    let mut cfg = teaching();
    cfg.memory.l1.line_bytes = 128;
    let (_, r) = timed(&micro("stream"), &cfg);
    let s = r.summary();
    assert_eq!(num(&s, &["memory", "dram_read_bytes"]) as u64, 65536);
    assert_eq!(num(&s, &["memory", "l1_misses"]) as u64, 512);
}

// ---------------------------------------------------------------------------
// 8b. The scalar unit
// ---------------------------------------------------------------------------

fn scalar_unit(cfg: &mut Config) -> &mut gpusim::input::config::ScalarUnit {
    cfg.scalar
        .as_mut()
        .expect("the teaching GPU has a scalar unit")
}

#[test]
fn dependent_scalar_chain_takes_n_times_the_scalar_latency() {
    // chain_scalar: 64 dependent IMul/IAdd on a push constant, the same in
    // every lane, so on the scalar ALU: one operation per wave (no passes).
    // The CU's two SIMDs take the ALU in turn, `interval` (1) cycles each:
    // SIMD 0 issues at even cycles, so each instruction waits latency
    // cycles rounded up to an even number, and the chain takes N x that.
    let w = micro("chain_scalar");
    let ops = ["IMul", "IAdd"];
    let mut spans = Vec::new();
    for (latency, gap) in [(2u32, 2u64), (6, 6), (3, 4)] {
        let mut cfg = teaching();
        scalar_unit(&mut cfg).latency = latency;
        let (span, gaps, n) = chain(&w, &cfg, &ops, "scalar");
        assert_eq!(n, 64);
        assert!(
            gaps.iter().all(|&g| g == gap),
            "latency {latency}: gaps {gaps:?}"
        );
        assert_eq!(span, 63 * gap + latency as u64, "latency {latency}");
        spans.push(span);
        // None of the chain is on the vector ALU.
        let (_, r) = timed(&w, &cfg);
        assert!(
            records(&r, &ops, "valu").len() < 4,
            "the chain went to the valu"
        );
    }
    assert_eq!(spans[1] - spans[0], 64 * 4);
    // Turns of 3 cycles: SIMD 0's start every 6 cycles, whatever the
    // latency below that.
    let mut cfg = teaching();
    (
        scalar_unit(&mut cfg).latency,
        scalar_unit(&mut cfg).interval,
    ) = (1, 3);
    let (span, gaps, _) = chain(&w, &cfg, &ops, "scalar");
    assert!(gaps.iter().all(|&g| g == 6), "gaps {gaps:?}");
    assert_eq!(span, 63 * 6 + 1);
    // Without a scalar unit the same chain is vector work again: N x the
    // valu latency (4 on the teaching GPU).
    let mut cfg = teaching();
    cfg.scalar = None;
    let (span, _, n) = chain(&w, &cfg, &ops, "valu");
    assert_eq!((n, span), (64, 64 * 4));
    // And so with the table kept but the unit switched off.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).enabled = false;
    assert_eq!(chain(&w, &cfg, &ops, "valu").0, span);
}

#[test]
fn the_simds_of_a_cu_share_one_scalar_alu() {
    // Two one-wave workgroups, one per SIMD of the teaching CU, run the
    // chain at once. With latency 1 and turns of 2 cycles, each SIMD owns
    // the ALU every 4 cycles: one chain alone issues every 4, and two
    // together each still every 4, two cycles apart, so the ALU issues
    // every 2 cycles.
    let mut cfg = teaching();
    (
        scalar_unit(&mut cfg).latency,
        scalar_unit(&mut cfg).interval,
    ) = (1, 2);
    let one = micro("chain_scalar");
    let (_, gaps, _) = chain(&one, &cfg, &["IMul", "IAdd"], "scalar");
    assert!(gaps.iter().all(|&g| g == 4), "one wave: {gaps:?}");
    let two = micro_waves("chain_scalar", 2);
    let (_, r) = timed(&two, &cfg);
    let mut firsts = Vec::new();
    for wave in 0..2 {
        let mine: Vec<&IssueRecord> = records(&r, &["IMul", "IAdd"], "scalar")
            .into_iter()
            .filter(|x| x.wave == wave)
            .collect();
        let run = common::longest_consecutive_run(&mine);
        assert_eq!(run.len(), 64);
        let gaps: Vec<u64> = run.windows(2).map(|p| p[1].cycle - p[0].cycle).collect();
        assert!(gaps.iter().all(|&g| g == 4), "wave {wave}: {gaps:?}");
        // Each SIMD issues in its own turns: SIMD s at 4k + 2s.
        assert!(run.iter().all(|x| x.cycle % 4 == 2 * x.simd as u64));
        firsts.push(run[0].cycle);
    }
    assert_eq!(firsts[0].abs_diff(firsts[1]), 2);
}

/// `complete - cycle` of the 16 scalar loads of the scalar chase.
fn scalar_chase_latencies(cfg: &Config) -> (Vec<u64>, Value) {
    let (_, r) = timed(&micro("scalar_chase"), cfg);
    let lat: Vec<u64> = records(&r, &["Load"], "scalar_memory")
        .iter()
        .map(|x| x.complete - x.cycle)
        .collect();
    assert_eq!(lat.len(), 16);
    (lat, r.summary().clone())
}

#[test]
fn scalar_loads_hit_and_miss_in_the_scalar_cache() {
    // scalar_chase: 8 loads of fresh lines (from DRAM through the L2), then
    // the same 8 lines again (scalar-cache hits). Miss = scalar.cache.latency
    // + l2.latency + line / bytes_per_cycle + dram.latency; hit =
    // scalar.cache.latency. Teaching: 5 + 20 + 64/16 + 50 = 79, and 5.
    let expected = |cfg: &Config| {
        let m = &cfg.memory;
        let hit = cfg.scalar.as_ref().unwrap().cache.latency as u64;
        let miss = hit
            + m.l2.latency as u64
            + (m.l2.line_bytes as u64).div_ceil(m.dram.bytes_per_cycle as u64)
            + m.dram.latency as u64;
        [vec![miss; 8], vec![hit; 8]].concat()
    };
    let base = teaching();
    let (lat, s) = scalar_chase_latencies(&base);
    assert_eq!(lat, [vec![79; 8], vec![5; 8]].concat());
    assert_eq!(lat, expected(&base));
    assert_eq!(num(&s, &["memory", "scalar_cache_hits"]), 8.0);
    assert_eq!(num(&s, &["memory", "scalar_cache_misses"]), 8.0);
    assert_eq!(num(&s, &["memory", "scalar_load_instructions"]), 16.0);
    // The vector L1 saw none of them.
    assert_eq!(
        num(&s, &["memory", "l1_hits"]) + num(&s, &["memory", "l1_misses"]),
        0.0
    );
    // Each knob moves the latencies that include it.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).cache.latency = 9;
    let (l, _) = scalar_chase_latencies(&cfg);
    assert_eq!(l, [vec![83; 8], vec![9; 8]].concat());
    let mut cfg = teaching();
    cfg.memory.dram.latency = 150;
    let (l, _) = scalar_chase_latencies(&cfg);
    assert_eq!(l, expected(&cfg));
    assert_eq!(l[0] - lat[0], 100);
    assert_eq!(l[8], lat[8]);
    // A cache of 4 lines (2 sets of 2 ways) cannot hold the 8: the second
    // pass misses again, and finds the lines in the L2: 5 + 20.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).cache.size_bytes = 256;
    let (l, s) = scalar_chase_latencies(&cfg);
    assert_eq!(l, [vec![79; 8], vec![25; 8]].concat());
    assert_eq!(num(&s, &["memory", "scalar_cache_hits"]), 0.0);
}

#[test]
fn occupancy_limited_by_scalar_registers() {
    // occ_sgpr keeps 40 uniform words live at once in scalar registers,
    // with the two buffers' 64-bit addresses (4 more) and the 2 reserved:
    // 46, rounded to the granule of 8 = 48. Waves per SIMD = min(slots,
    // floor(sgprs_per_simd / 48)).
    let w = micro("occ_sgpr");
    let teaching = || {
        let mut c = teaching();
        c.cu.workgroups_per_cu = 16;
        c
    };
    let sgprs = |cfg: &Config| {
        let (_, r) = timed(&w, cfg);
        let o = &r.summary()["occupancy"];
        (
            num(o, &["sgprs_per_wave"]) as u32,
            num(o, &["vgprs_per_wave"]) as u32,
        )
    };
    let base = teaching();
    let (g, v) = sgprs(&base);
    assert_eq!(g, 48);
    let o = occupancy(&w, &base);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (4, "wave_slots"));
    // A scalar file of just under 2 x 48: one wave per SIMD.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).sgprs_per_simd = 2 * g - 1;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (1, "sgprs"));
    assert_eq!(o.max_waves, 2);
    // 3 x 48: three.
    scalar_unit(&mut cfg).sgprs_per_simd = 3 * g;
    let o = occupancy(&w, &cfg);
    assert_eq!((o.waves_per_simd, o.limiter.as_str()), (3, "sgprs"));
    // A coarser granule: 48 rounds up to 64.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).sgpr_granule = 32;
    assert_eq!(sgprs(&cfg).0, 64);
    // At most 24 per wave: the other 22 go into lanes of one more VGPR
    // (32 lanes hold 22), and the VGPR count grows by that one before
    // rounding to the granule of 4.
    let mut cfg = teaching();
    scalar_unit(&mut cfg).sgprs_per_wave = 24;
    let (g24, v24) = sgprs(&cfg);
    assert_eq!(g24, 24);
    assert!(v24 >= v && v24 <= v + 4, "vgprs {v} -> {v24}");
    // Without a scalar unit no scalar register is counted, and the 40
    // values are vector registers.
    let mut cfg = teaching();
    cfg.scalar = None;
    let (g0, v0) = sgprs(&cfg);
    assert_eq!(g0, 0);
    assert!(v0 >= 40, "vgprs {v0}");
}

// ---------------------------------------------------------------------------
// 9. Determinism; timed and functional runs agree
// ---------------------------------------------------------------------------

#[test]
fn timed_runs_are_deterministic() {
    for name in ["chase", "stream", "atomic_add", "occ_lds", "indep_f32"] {
        let w = micro(name);
        let (o1, r1) = timed(&w, &teaching());
        let (o2, r2) = timed(&w, &teaching());
        assert_eq!(r1.cycles, r2.cycles, "{name}");
        assert_eq!(r1.summary(), r2.summary(), "{name}");
        assert_eq!(r1.issue_trace, r2.issue_trace, "{name}");
        assert_eq!(r1.occupancy_trace, r2.occupancy_trace, "{name}");
        for (a, b) in o1.buffers.iter().zip(&o2.buffers) {
            assert_eq!(a.bytes, b.bytes, "{name}: {}", a.name);
        }
    }
}

/// Every `*.toml` under `workloads/`, except those under a `bad` folder.
fn all_manifests() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "bad") {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|e| e == "toml") {
                out.push(p);
            }
        }
    }
    let mut v = Vec::new();
    walk(&root().join("workloads"), &mut v);
    v
}

/// Buffers that receive the old values returned by atomics from several
/// waves of one workgroup: which wave gets which old value depends on the
/// order the waves reach the atomic, in which a functional run (waves one
/// after another) and a timed run (waves interleaved) legitimately differ.
/// With wave64 (the default config) each of these workgroups is one wave.
const ORDER_DEPENDENT_WAVE32: &[(&str, &str)] = &[
    ("extensions/float_atomics.toml", "ret_min"),
    ("extensions/float_atomics.toml", "ret_max"),
    ("micro/atomic_add.toml", "out"),
];

/// Workloads whose workgroup does not fit on the teaching GPU's CU, and the
/// limit named: more registers than a SIMD has; more waves (32) than its
/// wave slots (8).
const TOO_BIG_FOR_TEACHING: &[(&str, &str)] = &[
    ("occupancy/pressure_128.toml", "limited by vgprs"),
    (
        "opencl_work_group/collectives_1024_w32.toml",
        "limited by wave_slots",
    ),
];

#[test]
fn timed_and_functional_runs_give_identical_buffers() {
    // Every bundled manifest (workloads/**/*.toml outside bad/ folders; each
    // must load and run, and pass its checks): the timed run on the default
    // GCN-like config gives the same bytes in every buffer; so do the
    // teaching and RDNA-like configs (wave32) except the atomic-order buffers
    // listed above. A manifest pinned to a wave size (`subgroup_size`) runs
    // on the configs of that size.
    let manifests = all_manifests();
    assert!(
        manifests.len() >= 20,
        "found only {} manifests",
        manifests.len()
    );
    let workloads = root().join("workloads");
    let mut compared = 0;
    for p in &manifests {
        let w = Workload::load(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let rel = p
            .strip_prefix(&workloads)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let rdna = Config::load(&root().join("configs/rdna.toml")).expect("rdna config loads");
        for (k, cfg) in [Config::default_config(), teaching(), rdna]
            .into_iter()
            .enumerate()
        {
            // A manifest pinned to a wave size (float results that follow
            // the waves) runs on the configs of that size.
            if w.subgroup_size
                .as_ref()
                .is_some_and(|(size, _)| *size != cfg.cu.wave_size)
            {
                continue;
            }
            let functional = RunOptions {
                wave_width: cfg.cu.wave_size as usize,
                ..RunOptions::default()
            };
            let f = run_workload(&w, &functional)
                .unwrap_or_else(|e| panic!("{}: functional run failed: {e}", p.display()));
            let opts = RunOptions::timed(cfg.clone());
            let too_big = TOO_BIG_FOR_TEACHING.iter().find(|(m, _)| *m == rel);
            if let (1, Some((_, limit))) = (k, too_big) {
                // Refused with the limit named, not run.
                let Err(e) = run_workload(&w, &opts) else {
                    panic!("{rel} ran on the teaching GPU, which has no room for its workgroup");
                };
                assert!(e.contains(limit), "{rel}: {e}");
                continue;
            }
            let t = run_workload(&w, &opts)
                .unwrap_or_else(|e| panic!("{rel}: timed run on {} failed: {e}", cfg.name));
            for (mode, out) in [("functional", &f), ("timed", &t)] {
                let failed: Vec<_> = out.checks.iter().filter(|c| !c.passed).collect();
                assert!(
                    failed.is_empty(),
                    "{rel} on {} ({mode}): {failed:?}",
                    cfg.name
                );
            }
            assert_eq!(f.buffers.len(), t.buffers.len());
            for (a, b) in f.buffers.iter().zip(&t.buffers) {
                if k >= 1 && ORDER_DEPENDENT_WAVE32.contains(&(rel.as_str(), a.name.as_str())) {
                    continue;
                }
                assert!(
                    a.bytes == b.bytes,
                    "{rel} on {}: buffer '{}' differs between functional and timed runs",
                    cfg.name,
                    a.name
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 40, "compared only {compared} runs");
}

/// The L2's atomic units' busy time over the run: each lane's operation
/// holds a unit for its kind's interval from the cycle it starts, so the
/// timeline's bins add up to operations x interval, and the utilisation
/// plot draws their line (only when atomics ran).
#[test]
fn the_atomic_units_busy_time_is_each_operations_interval() {
    let cfg = teaching();
    let (_, r) = timed(&micro("atomic_add"), &cfg);
    let operations = num(&r.summary(), &["atomics", "operations"]) as u64;
    assert_eq!(operations, 8 * 32, "one per lane");
    let busy: u64 = r.timeline.atomic_busy.iter().sum();
    assert_eq!(busy, operations * cfg.atomics.integer.interval as u64);
    let units = (cfg.memory.l2.banks * cfg.atomics.units_per_bank) as u64;
    assert_eq!(r.atomic_units(), units);
    let dir = common::scratch("micro", "atomic-plot");
    for (name, drawn) in [("atomic_add", true), ("chain_f32", false)] {
        let (_, r) = timed(&micro(name), &cfg);
        let title = gpusim::output::plots::Title {
            workload: name,
            config: &cfg.name,
            cycles: r.cycles,
        };
        gpusim::output::plots::write_all(&r, &title, &dir).unwrap();
        let svg = std::fs::read_to_string(dir.join("utilisation.svg")).unwrap();
        assert_eq!(svg.contains("L2 atomic units"), drawn, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A limit on the atomic units' queues holds waves whose blind atomics
/// find them full (stall `atomic_queue`), where without one the waves run
/// on and the kernel drains their operations after they end; the results
/// are the same bits.
#[test]
fn a_queue_limit_at_the_atomic_units_holds_the_waves() {
    let w =
        Workload::load(&root().join("workloads/histogram/histogram_global_uniform.toml")).unwrap();
    let figures = |limit: u32| {
        let mut cfg = teaching();
        cfg.atomics.queue_per_bank = limit;
        let (out, r) = timed(&w, &cfg);
        let s = r.summary();
        let figure = |path: &[&str]| num(&s, path) as u64;
        (
            out.buffer("bins").unwrap().to_vec(),
            figure(&["atomics", "queue_full"]),
            figure(&["stall_cycles", "atomic_queue"]),
            figure(&["stall_cycles", "drain"]),
        )
    };
    let (bins, full, held, drain) = figures(0);
    assert_eq!(
        (full, held),
        (0, 0),
        "blind atomics never hold a wave without a limit"
    );
    let (limited_bins, limited_full, limited_held, limited_drain) = figures(4);
    assert_eq!(bins, limited_bins);
    assert!(
        limited_full > 0 && limited_held > 0,
        "{limited_full} {limited_held}"
    );
    assert!(limited_drain < drain, "{limited_drain} against {drain}");
}
