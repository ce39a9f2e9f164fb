//! Native versus emulated extended-instruction families: the same bits
//! either way, and the emulated sequence costs what its operations cost.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload_with, Hooks, RunOptions, RunOutput};
use gpusim::timing::trace::{IssueRecord, Recorder};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn config(emulate_all: bool) -> Config {
    let mut c = Config::default_config();
    let e = &mut c.emulate;
    e.trinary_minmax = emulate_all;
    e.saturating = emulate_all;
    e.averages = emulate_all;
    e.abs_diff = emulate_all;
    e.mul32x16 = emulate_all;
    e.count_zeros = emulate_all;
    e.float_atomic_minmax = emulate_all;
    c
}

/// A timed run and the instructions it issued.
struct Run {
    out: RunOutput,
    issue_trace: Vec<IssueRecord>,
}

impl std::ops::Deref for Run {
    type Target = RunOutput;
    fn deref(&self) -> &RunOutput {
        &self.out
    }
}

fn run(manifest: &str, cfg: Config) -> Run {
    let w = Workload::load(&root().join(manifest)).unwrap();
    let mut recorder = Recorder::default();
    let hooks = Hooks {
        trace: Some(&mut recorder),
        ..Hooks::default()
    };
    let out = run_workload_with(&w, &RunOptions::timed(cfg), hooks).unwrap();
    Run {
        out,
        issue_trace: recorder.issue_trace,
    }
}

#[test]
fn emulated_families_give_the_same_bits_and_cost_more() {
    for manifest in [
        "workloads/extensions/trinary.toml",
        "workloads/extensions/intel_int2.toml",
        "workloads/extensions/float_atomics.toml",
        // OpenCL.std's add_sat, sub_sat, hadd, rhadd, abs_diff, clz and
        // ctz over every integer width, scalar and vector.
        "workloads/opencl_int/int_ops.toml",
    ] {
        let native = run(manifest, config(false));
        let emulated = run(manifest, config(true));
        assert!(native.all_checks_passed(), "{manifest}");
        assert!(emulated.all_checks_passed(), "{manifest}");
        for (a, b) in native.buffers.iter().zip(&emulated.buffers) {
            assert_eq!(a.bytes, b.bytes, "{manifest}: buffer {}", a.name);
        }
        assert!(
            emulated.counts.wave_instructions > native.counts.wave_instructions,
            "{manifest}"
        );
        let cycles = |o: &RunOutput| o.timing.as_ref().unwrap().cycles;
        assert!(cycles(&emulated) > cycles(&native), "{manifest}");
    }
}

/// Cycles from the first to the last UMid3 step of wave 0, from the trace.
fn chain_span(out: &Run, first_op: &str, last_op: &str) -> (u64, usize) {
    let trace = &out.issue_trace;
    let wave0: Vec<_> = trace.iter().filter(|r| r.wave == 0).collect();
    let start = wave0.iter().position(|r| r.op == first_op).unwrap();
    let end = wave0.iter().rposition(|r| r.op == last_op).unwrap();
    (wave0[end].cycle - wave0[start].cycle, end - start + 1)
}

/// Issue cycles of wave 0's instructions named one of `ops`, in order.
fn issue_cycles(out: &Run, ops: &[&str]) -> Vec<u64> {
    let trace = &out.issue_trace;
    trace
        .iter()
        .filter(|r| r.wave == 0 && ops.contains(&r.op.as_str()))
        .inspect(|r| assert_eq!(r.unit, "valu", "{r:?}"))
        .map(|r| r.cycle)
        .collect()
}

/// The default config with the valu latency set to `latency`.
fn with_valu_latency(emulate_all: bool, latency: u32) -> Config {
    let mut c = config(emulate_all);
    c.units.get_mut("valu").expect("a valu unit").latency = latency;
    c
}

#[test]
fn emulated_mid3_costs_what_its_sequence_costs() {
    // 32 dependent UMid3 (x = mid3(x, a, b)), one wave. One valu instance
    // per SIMD, held I = interval x passes cycles per instruction, result
    // ready L = latency after issue: a dependent instruction issues
    // step = max(L, I) after its producer.
    // Native: one valu op per mid3, each waiting for the previous:
    // step apart, 31 x step from the first to the last.
    // Emulated: mid3(x, a, b) = max(lo, min(hi, b)) with lo = min(x, a),
    // hi = max(x, a), issued in the order lo, hi, hi_b = min(hi, b),
    // mid = max(lo, hi_b). The critical path from x is x -> hi -> hi_b ->
    // mid, three dependent ops; lo is off it, but it issues first (in-order
    // issue), so hi goes I after lo. Each mid3 therefore takes
    // I + 3 x step, the gaps within it being I (lo -> hi), step (hi ->
    // hi_b), step (hi_b -> mid; lo was ready long before) and step (mid ->
    // the next lo): from the first UMin to the last UMax,
    // 31 x (I + 3 x step) + I + 2 x step.
    // With L <= I every gap is I (the unit is the limit): 127 x I; with
    // L > I the dependency chain is: a latency of 12 on the default GPU
    // (I = 4) makes it 40 cycles per emulated mid3, 12 per native one.
    let base = config(false);
    let default_latency = base.units["valu"].latency;
    let issue =
        base.units["valu"].interval as u64 * (base.cu.wave_size / base.cu.lanes_per_simd) as u64;
    assert!(
        default_latency as u64 <= issue,
        "the first case is unit-bound"
    );
    let mut outputs = Vec::new();
    for latency in [default_latency, 6, 12] {
        let step = (latency as u64).max(issue);
        let native = run(
            "workloads/micro_emulation/mid3_chain.toml",
            with_valu_latency(false, latency),
        );
        let (span, ops) = chain_span(&native, "AMD.UMid3", "AMD.UMid3");
        assert_eq!(ops, 32, "latency {latency}");
        assert_eq!(span, 31 * step, "native, latency {latency}");
        let t = issue_cycles(&native, &["AMD.UMid3"]);
        assert!(
            t.windows(2).all(|p| p[1] - p[0] == step),
            "native, latency {latency}"
        );

        let emulated = run(
            "workloads/micro_emulation/mid3_chain.toml",
            with_valu_latency(true, latency),
        );
        let (span_e, ops_e) = chain_span(&emulated, "UMin", "UMax");
        assert_eq!(ops_e, 32 * 4, "4 basic ops per emulated mid3");
        let per_mid3 = issue + 3 * step;
        assert_eq!(
            span_e,
            31 * per_mid3 + issue + 2 * step,
            "emulated, latency {latency}"
        );
        // Each emulated mid3 issues min, max, min, max with gaps I, step,
        // step, then step to the next one.
        let t = issue_cycles(&emulated, &["UMin", "UMax"]);
        assert_eq!(t.len(), 128);
        for (k, p) in t.windows(2).enumerate() {
            let want = if k % 4 == 0 { issue } else { step };
            assert_eq!(p[1] - p[0], want, "emulated, latency {latency}, gap {k}");
        }
        assert_eq!(native.buffers[0].bytes, emulated.buffers[0].bytes);
        outputs.push(native);
    }
    // The median of x, 3x + 7 and (x ^ 0x55) + 1, computed in plain Rust,
    // whatever the timing.
    for native in &outputs {
        let got: Vec<u32> = native.buffers[0]
            .bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for (x, g) in (0u32..64).zip(got) {
            let mut v = [x, x * 3 + 7, (x ^ 0x55) + 1];
            v.sort();
            assert_eq!(g, v[1], "x = {x}");
        }
    }
}

#[test]
fn a_float_atomic_can_be_given_its_own_timing() {
    // [instructions."EXT.AtomicFMin"] sets the latency and interval of that
    // atomic at the L2's atomic units; the bits stay the same.
    let base = run("workloads/extensions/float_atomics.toml", config(false));
    let mut cfg = config(false);
    cfg.instructions.insert(
        "EXT.AtomicFMin".into(),
        gpusim::input::config::InstructionTiming {
            unit: None,
            latency: Some(400),
            interval: Some(40),
        },
    );
    let slow = run("workloads/extensions/float_atomics.toml", cfg);
    for (a, b) in base.buffers.iter().zip(&slow.buffers) {
        assert_eq!(a.bytes, b.bytes, "{}", a.name);
    }
    let cycles = |o: &RunOutput| o.timing.as_ref().unwrap().cycles;
    assert!(cycles(&slow) > cycles(&base) + 400);
    let queue = |o: &RunOutput| {
        o.timing.as_ref().unwrap().summary()["atomics"]["queue_cycles"]
            .as_u64()
            .unwrap()
    };
    assert!(queue(&slow) > queue(&base));
}
