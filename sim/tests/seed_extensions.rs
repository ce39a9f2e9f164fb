//! End to end: the GLSL kernels of `workloads/extensions/` (AMD trinary
//! min/max, Intel integer functions 2, float atomic min/max, workgroup
//! memory explicit layout) run through
//! `gpusim::run::run_workload` at wave sizes 32 and 64; their outputs are
//! compared with plain-Rust references computed here from the inputs, and
//! the manifests' own checks (computed by Python) must pass too.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::cmp::Ordering;
use std::path::PathBuf;

fn manifest(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../workloads/extensions")
        .join(format!("{name}.toml"))
}

fn run_at(name: &str, wave_width: usize) -> Result<RunOutput, String> {
    let path = manifest(name);
    let w = Workload::load(&path).map_err(|e| format!("loading {}: {e}", path.display()))?;
    let opts = RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    run_workload(&w, &opts)
}

/// Runs at wave sizes 32 and 64: identical buffers, all manifest checks pass.
fn run_both(name: &str) -> RunOutput {
    let a = run_at(name, 32).unwrap_or_else(|e| panic!("{name} (wave 32): {e}"));
    let b = run_at(name, 64).unwrap_or_else(|e| panic!("{name} (wave 64): {e}"));
    for (x, y) in a.buffers.iter().zip(&b.buffers) {
        assert!(
            x.bytes == y.bytes,
            "{name}: buffer '{}' differs between wave sizes",
            x.name
        );
    }
    for out in [&a, &b] {
        for c in &out.checks {
            assert!(
                c.passed,
                "{name} at wave {}: check failed: {c:?}",
                out.wave_width
            );
        }
    }
    b
}

fn words<const N: usize>(out: &RunOutput, name: &str) -> Vec<u64> {
    out.buffer(name)
        .unwrap_or_else(|| panic!("no buffer '{name}'"))
        .chunks_exact(N)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..N].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect()
}

fn sext(v: u64, bits: u32) -> i64 {
    ((v << (64 - bits)) as i64) >> (64 - bits)
}

/// Sorted triples of `inp` (component c of elements 3i, 3i+1, 3i+2) must be
/// the outputs 3i (min3), 3i+1 (mid3), 3i+2 (max3).
fn check_triples(
    inp: &[u64],
    out: &[u64],
    comps: usize,
    cmp: impl Fn(u64, u64) -> Ordering,
    what: &str,
) {
    assert_eq!(inp.len(), out.len());
    let n = inp.len() / comps / 3;
    assert!(n >= 128);
    for i in 0..n {
        for c in 0..comps {
            let at = |k: usize| (3 * i + k) * comps + c;
            let mut t = [inp[at(0)], inp[at(1)], inp[at(2)]];
            t.sort_by(|a, b| cmp(*a, *b));
            let got = [out[at(0)], out[at(1)], out[at(2)]];
            assert_eq!(got, t, "{what}: invocation {i} component {c}");
        }
    }
}

#[test]
fn amd_trinary_min_mid_max() {
    let out = run_both("trinary");
    let f16 = |a: u64, b: u64| {
        let x = half::f16::from_bits(a as u16).to_f32();
        let y = half::f16::from_bits(b as u16).to_f32();
        x.total_cmp(&y)
    };
    let f32c = |a: u64, b: u64| f32::from_bits(a as u32).total_cmp(&f32::from_bits(b as u32));
    check_triples(
        &words::<2>(&out, "f16in"),
        &words::<2>(&out, "f16out"),
        4,
        f16,
        "f16",
    );
    check_triples(
        &words::<4>(&out, "f32in"),
        &words::<4>(&out, "f32out"),
        4,
        f32c,
        "f32",
    );
    let i16 = words::<2>(&out, "i16in");
    check_triples(
        &i16,
        &words::<2>(&out, "u16out"),
        4,
        |a, b| a.cmp(&b),
        "u16",
    );
    check_triples(
        &i16,
        &words::<2>(&out, "s16out"),
        4,
        |a, b| sext(a, 16).cmp(&sext(b, 16)),
        "s16",
    );
    let i32 = words::<4>(&out, "i32in");
    check_triples(
        &i32,
        &words::<4>(&out, "u32out"),
        4,
        |a, b| a.cmp(&b),
        "u32",
    );
    check_triples(
        &i32,
        &words::<4>(&out, "s32out"),
        4,
        |a, b| sext(a, 32).cmp(&sext(b, 32)),
        "s32",
    );
    // Scalars: component x.
    let fx: Vec<u64> = words::<4>(&out, "f32in")
        .iter()
        .step_by(4)
        .copied()
        .collect();
    check_triples(&fx, &words::<4>(&out, "fs"), 1, f32c, "f32 scalar");
    let ix: Vec<u64> = i32.iter().step_by(4).copied().collect();
    check_triples(
        &ix,
        &words::<4>(&out, "is"),
        1,
        |a, b| sext(a, 32).cmp(&sext(b, 32)),
        "s32 scalar",
    );
    // The inputs really contain signed zeros and equal values.
    let f = words::<4>(&out, "f32in");
    assert!(f.contains(&0x8000_0000) && f.contains(&0));
}

/// The ten binary instructions 5587..=5596 on `bits`-bit values, in i128.
fn intel_binops(a: u64, b: u64, bits: u32) -> [u64; 10] {
    let m = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let (ua, ub) = (a as i128, b as i128);
    let (sa, sb) = (sext(a, bits) as i128, sext(b, bits) as i128);
    let (lo, hi) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
    let r = [
        (sa - sb).abs(),
        (ua - ub).abs(),
        (sa + sb).clamp(lo, hi),
        (ua + ub).min(m as i128),
        (sa + sb).div_euclid(2),
        (ua + ub) / 2,
        (sa + sb + 1).div_euclid(2),
        (ua + ub + 1) / 2,
        (sa - sb).clamp(lo, hi),
        (ua - ub).max(0),
    ];
    r.map(|x| x as u64 & m)
}

#[test]
fn intel_integer_functions2() {
    let out = run_both("intel_int2");
    let (a32, b32, o32) = (
        words::<4>(&out, "a32"),
        words::<4>(&out, "b32"),
        words::<4>(&out, "o32"),
    );
    let n = a32.len() / 4;
    assert_eq!(n, 128);
    for i in 0..n {
        for c in 0..4 {
            let (a, b) = (a32[4 * i + c], b32[4 * i + c]);
            let mut want = vec![
                a.leading_zeros() as u64 - 32,
                (a as u32).trailing_zeros() as u64,
            ];
            want.extend(intel_binops(a, b, 32));
            want.push((a as i64 * (b as u16 as i16) as i64) as u64 & 0xffff_ffff);
            want.push((a * (b & 0xffff)) & 0xffff_ffff);
            for (k, w) in want.iter().enumerate() {
                assert_eq!(
                    o32[(14 * i + k) * 4 + c],
                    *w,
                    "32-bit op {} invocation {i} comp {c}",
                    5585 + k
                );
            }
        }
    }
    for (bits, comps, a, b, o) in [
        (64u32, 2usize, "a64", "b64", "o64"),
        (16, 4, "a16", "b16", "o16"),
    ] {
        let (a, b, o) = if bits == 64 {
            (
                words::<8>(&out, a),
                words::<8>(&out, b),
                words::<8>(&out, o),
            )
        } else {
            (
                words::<2>(&out, a),
                words::<2>(&out, b),
                words::<2>(&out, o),
            )
        };
        for i in 0..n {
            for c in 0..comps {
                let want = intel_binops(a[comps * i + c], b[comps * i + c], bits);
                for (k, w) in want.iter().enumerate() {
                    assert_eq!(
                        o[(10 * i + k) * comps + c],
                        *w,
                        "{bits}-bit op {} invocation {i}",
                        5587 + k
                    );
                }
            }
        }
    }
}

/// min with NaN operands ignored and -0 below +0 (total_cmp order on
/// non-NaN values); `None` stands for NaN.
fn fold<T: Copy>(
    init: Option<T>,
    xs: impl Iterator<Item = Option<T>>,
    better: impl Fn(T, T) -> bool,
) -> Option<T> {
    xs.fold(init, |acc, x| match (acc, x) {
        (None, x) => x,
        (a, None) => a,
        (Some(a), Some(x)) => Some(if better(x, a) { x } else { a }),
    })
}

fn nan_none(v: f32) -> Option<f32> {
    (!v.is_nan()).then_some(v)
}

fn same(a: Option<f32>, b: f32) -> bool {
    match a {
        None => b.is_nan(),
        Some(a) => a.to_bits() == b.to_bits(),
    }
}

#[test]
fn float_atomics_min_max() {
    let out = run_both("float_atomics");
    let f32s = |name| -> Vec<f32> {
        words::<4>(&out, name)
            .iter()
            .map(|&b| f32::from_bits(b as u32))
            .collect()
    };
    let vals = f32s("vals");
    assert_eq!(vals.len(), 8 * 256);
    let lt = |a: f32, b: f32| a.total_cmp(&b) == Ordering::Less;
    let gt = |a: f32, b: f32| a.total_cmp(&b) == Ordering::Greater;
    let it = || vals.iter().map(|&v| nan_none(v));

    // One hot address, 2048 invocations (initial value NaN).
    let hot = f32s("hot");
    assert!(same(fold(None, it(), lt), hot[0]), "min {}", hot[0]);
    assert!(same(fold(None, it(), gt), hot[1]), "max {}", hot[1]);
    assert_eq!(hot[0], f32::NEG_INFINITY);
    assert_eq!(hot[1], f32::INFINITY);

    // Returned old values: in the order the simulator applies atomics
    // (workgroups in order, waves in order, lanes in order: invocation
    // order here, since a barrier precedes them), the old values of min
    // never increase, of max never decrease, NaN only before the first
    // non-NaN operand, and each is the initial NaN or some operand.
    for (name, better) in [
        ("ret_min", &lt as &dyn Fn(f32, f32) -> bool),
        ("ret_max", &gt),
    ] {
        let ret = f32s(name);
        let mut prev: Option<f32> = None;
        let mut seen_number = false;
        for (g, r) in ret.iter().enumerate() {
            assert!(
                r.is_nan() || vals.iter().any(|v| v.to_bits() == r.to_bits()),
                "{name}[{g}] = {r} is no operand"
            );
            if r.is_nan() {
                assert!(!seen_number, "{name}[{g}] NaN after a number");
                continue;
            }
            seen_number = true;
            if let Some(p) = prev {
                assert!(!better(p, *r), "{name}[{g}]: {r} after {p}");
            }
            prev = Some(*r);
            // Exactly the fold of the operands applied before it.
            let want = fold(None, vals[..g].iter().map(|&v| nan_none(v)), |a, b| {
                better(a, b)
            });
            assert!(same(want, *r), "{name}[{g}] = {r}, want {want:?}");
        }
        assert!(ret[0].is_nan(), "the first atomic sees the initial NaN");
    }

    // Sixteen addresses, 128 invocations each.
    let many = f32s("many");
    for k in 0..16 {
        let xs = || vals.iter().skip(k).step_by(16).map(|&v| nan_none(v));
        assert!(same(fold(Some(500.0), xs(), lt), many[k]), "many min {k}");
        assert!(
            same(fold(Some(-500.0), xs(), gt), many[16 + k]),
            "many max {k}"
        );
    }

    // Shared memory, per workgroup; workgroup 5 has only zeros and NaN, 6
    // only NaN.
    let wg = f32s("wg");
    for w in 0..8 {
        let xs = || vals[256 * w..256 * (w + 1)].iter().map(|&v| nan_none(v));
        assert!(same(fold(Some(1000.0), xs(), lt), wg[2 * w]), "wg min {w}");
        assert!(
            same(fold(Some(-1000.0), xs(), gt), wg[2 * w + 1]),
            "wg max {w}"
        );
    }
    assert_eq!(
        wg[10].to_bits(),
        (-0.0f32).to_bits(),
        "min of +0 and -0 is -0"
    );
    assert_eq!(wg[11].to_bits(), 0, "max of +0 and -0 is +0");
    assert_eq!(
        (wg[12], wg[13]),
        (1000.0, -1000.0),
        "all-NaN operands leave memory"
    );

    // f64 and f16 hot addresses.
    let dvals: Vec<f64> = words::<8>(&out, "dvals")
        .iter()
        .map(|&b| f64::from_bits(b))
        .collect();
    let dhot: Vec<f64> = words::<8>(&out, "dhot")
        .iter()
        .map(|&b| f64::from_bits(b))
        .collect();
    let dn = |v: f64| (!v.is_nan()).then_some(v);
    let dmin = fold(Some(f64::INFINITY), dvals.iter().map(|&v| dn(v)), |a, b| {
        a.total_cmp(&b).is_lt()
    });
    let dmax = fold(
        Some(f64::NEG_INFINITY),
        dvals.iter().map(|&v| dn(v)),
        |a, b| a.total_cmp(&b).is_gt(),
    );
    assert_eq!(dmin.map(f64::to_bits), Some(dhot[0].to_bits()));
    assert_eq!(dmax.map(f64::to_bits), Some(dhot[1].to_bits()));
    let hvals: Vec<half::f16> = words::<2>(&out, "hvals")
        .iter()
        .map(|&b| half::f16::from_bits(b as u16))
        .collect();
    let hhot: Vec<u64> = words::<2>(&out, "hhot");
    let hn = |v: half::f16| (!v.is_nan()).then_some(v);
    let hmin = fold(
        Some(half::f16::ZERO),
        hvals.iter().map(|&v| hn(v)),
        |a, b| a.total_cmp(&b).is_lt(),
    );
    let hmax = fold(
        Some(half::f16::NEG_ZERO),
        hvals.iter().map(|&v| hn(v)),
        |a, b| a.total_cmp(&b).is_gt(),
    );
    assert_eq!(hmin.map(|h| h.to_bits() as u64), Some(hhot[0]));
    assert_eq!(hmax.map(|h| h.to_bits() as u64), Some(hhot[1]));
}

/// (opcode, operand words) of every instruction of a committed binary.
fn instructions(file: &str) -> Vec<(u32, Vec<u32>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../workloads/extensions")
        .join(file);
    let bytes = std::fs::read(&path).unwrap();
    let w: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut out = vec![];
    let mut i = 5;
    while i < w.len() {
        let n = (w[i] >> 16) as usize;
        assert!(n > 0 && i + n <= w.len(), "{file}: bad word count at {i}");
        out.push((w[i] & 0xffff, w[i + 1..i + n].to_vec()));
        i += n;
    }
    out
}

#[test]
fn kernels_use_the_extension_opcodes() {
    // The committed binaries really contain the instructions under test.
    let a = instructions("float_atomics.spv");
    // OpTypeFloat (22): result id -> width.
    let width = |id: u32| {
        a.iter()
            .find(|(op, o)| *op == 22 && o[0] == id)
            .map(|(_, o)| o[1])
    };
    for (opcode, bits) in [
        (5614, 16),
        (5614, 32),
        (5614, 64),
        (5615, 16),
        (5615, 32),
        (5615, 64),
    ] {
        assert!(
            a.iter()
                .any(|(op, o)| *op == opcode && width(o[0]) == Some(bits)),
            "float_atomics.spv lacks opcode {opcode} on f{bits}"
        );
    }
    let t = instructions("trinary.spv");
    // OpExtInstImport (11) of the AMD set, then OpExtInst (12) of it.
    let amd = t
        .iter()
        .find(|(op, o)| {
            *op == 11 && isa::module::literal_string(&o[1..]).0 == "SPV_AMD_shader_trinary_minmax"
        })
        .map(|(_, o)| o[0])
        .expect("trinary.spv imports SPV_AMD_shader_trinary_minmax");
    for n in 1..=9 {
        assert!(
            t.iter()
                .any(|(op, o)| *op == 12 && o[2] == amd && o[3] == n),
            "trinary.spv lacks AMD instruction {n}"
        );
    }
    let i = instructions("intel_int2.spv");
    for opcode in 5585..=5598 {
        assert!(
            i.iter().any(|(op, _)| *op == opcode),
            "intel_int2.spv lacks opcode {opcode}"
        );
    }
}

#[test]
fn fmin_without_its_capability_is_refused() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../workloads/extensions/bad/fmin_no_capability.toml");
    let w = Workload::load(&path).unwrap();
    let err = match run_workload(&w, &RunOptions::default()) {
        Ok(_) => panic!("the run must fail"),
        Err(e) => e,
    };
    assert!(err.contains("AtomicFloat32MinMaxEXT"), "{err}");
}

/// VK_KHR_workgroup_memory_explicit_layout: three Block-decorated shared
/// blocks alias one workgroup memory from offset 0 (workgroup_layout.comp);
/// what was written as 32-bit words reads back as their 16-bit halves and,
/// through a member at Offset 16, four words further on.
#[test]
fn workgroup_blocks_alias_from_offset_zero() {
    let out = run_both("workgroup_layout");
    // Aliased, the three 256-byte blocks take 256 bytes, not 768.
    assert_eq!(out.kernel.workgroup_bytes, 256);
    let got = words::<4>(&out, "out");
    let word = |n: u64| n.wrapping_mul(2_654_435_761) & 0xffff_ffff;
    let n = 128;
    for g in 0..2u64 {
        for i in 0..64u64 {
            let k = (g * 64 + i) as usize;
            let w = word(g * 64 + i);
            assert_eq!(got[k], w & 0xffff, "lo[{k}]");
            assert_eq!(got[n + k], w >> 16, "hi[{k}]");
            assert_eq!(got[2 * n + k], word(g * 64 + i % 60 + 4), "sh[{k}]");
        }
    }
}
