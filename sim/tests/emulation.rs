//! Native versus emulated extended-instruction families: the same bits
//! either way, and the emulated sequence costs what its operations cost.

use gpusim::config::Config;
use gpusim::run::{run_workload, RunOptions, RunOutput};
use gpusim::workload::Workload;
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

fn run(manifest: &str, cfg: Config) -> RunOutput {
    let w = Workload::load(&root().join(manifest)).unwrap();
    run_workload(&w, &RunOptions::timed(cfg)).unwrap()
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
fn chain_span(out: &RunOutput, first_op: &str, last_op: &str) -> (u64, usize) {
    let trace = &out.timing.as_ref().unwrap().issue_trace;
    let wave0: Vec<_> = trace.iter().filter(|r| r.wave == 0).collect();
    let start = wave0.iter().position(|r| r.op == first_op).unwrap();
    let end = wave0.iter().rposition(|r| r.op == last_op).unwrap();
    (wave0[end].cycle - wave0[start].cycle, end - start + 1)
}

#[test]
fn emulated_mid3_costs_what_its_sequence_costs() {
    // 32 dependent UMid3. Native: one valu op each, issued when the
    // previous result is ready: 31 x latency between the first and last.
    // Emulated: each mid3 is min(a,b), max(a,b), min(max, c), max(min, ..):
    // four two-operand min/max ops, all on the valu unit, one wave issuing
    // an op every interval x passes cycles, and every op's inputs ready by
    // then (latency <= interval x passes here): 4 x 4 cycles each.
    let cfg = config(false);
    let latency = cfg.units["valu"].latency as u64;
    let issue =
        cfg.units["valu"].interval as u64 * (cfg.cu.wave_size / cfg.cu.lanes_per_simd) as u64;
    assert!(latency <= issue, "the prediction below assumes this");

    let native = run("workloads/micro_emulation/mid3_chain.toml", cfg);
    let (span, ops) = chain_span(&native, "AMD.UMid3", "AMD.UMid3");
    assert_eq!(ops, 32);
    assert_eq!(span, 31 * latency.max(issue));

    let emulated = run("workloads/micro_emulation/mid3_chain.toml", config(true));
    let (span_e, ops_e) = chain_span(&emulated, "UMin", "UMax");
    assert_eq!(ops_e, 32 * 4, "4 basic ops per emulated mid3");
    assert_eq!(span_e, (32 * 4 - 1) * issue);
    assert_eq!(native.buffers[0].bytes, emulated.buffers[0].bytes);

    // The median of x, 3x + 7 and (x ^ 0x55) + 1, computed in plain Rust.
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

#[test]
fn a_float_atomic_can_be_given_its_own_timing() {
    // [instructions."EXT.AtomicFMin"] sets the latency and interval of that
    // atomic at the L2's atomic units; the bits stay the same.
    let base = run("workloads/extensions/float_atomics.toml", config(false));
    let mut cfg = config(false);
    cfg.instructions.insert(
        "EXT.AtomicFMin".into(),
        gpusim::config::InstructionTiming {
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
