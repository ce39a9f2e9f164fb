//! GLSL.std.450: the semantic tables of `tests/tables/glsl_std_450.jsonl`
//! (lane operations one lane at a time; whole instructions lowered and run
//! on one lane), refused operands, error sweeps against independent
//! references, and coverage.

use isa::core::Scalar;
use isa::ext::{Call, ExtOp, ExtSet, OpClass, Operand};
use isa::glsl_std_450::*;
use serde::Deserialize;
use std::collections::HashMap;

mod common;
use common::Eval;

const F16: Scalar = Scalar::Float(16);
const F32: Scalar = Scalar::Float(32);
const F64: Scalar = Scalar::Float(64);
const I8: Scalar = Scalar::Int(8);
const I16: Scalar = Scalar::Int(16);
const I32: Scalar = Scalar::Int(32);
const I64: Scalar = Scalar::Int(64);

/// One lane of one lane operation (table `lane`).
#[derive(Deserialize)]
struct Case {
    op: u16,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::scalar")]
    aux: Scalar,
    #[serde(deserialize_with = "common::hex")]
    a: u64,
    #[serde(deserialize_with = "common::hex")]
    b: u64,
    #[serde(deserialize_with = "common::hex")]
    c: u64,
    /// Expected bits (any NaN matches a NaN).
    #[serde(deserialize_with = "common::hex")]
    want: u64,
}

/// One operand of a lowering case: component type, values, and whether
/// it is a pointer (then `vals` gives the pointee's component count).
#[derive(Deserialize)]
struct Arg {
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    vals: Vec<u64>,
    ptr: bool,
}

/// A whole instruction lowered and executed (table `vector`): result
/// types, operands, expected result components (then, for pointer forms,
/// the values stored through the pointer) and the tolerance in ulps.
#[derive(Deserialize)]
struct VecCase {
    op: u16,
    #[serde(deserialize_with = "common::scalar_list")]
    res: Vec<Scalar>,
    args: Vec<Arg>,
    #[serde(deserialize_with = "common::hex_list")]
    want: Vec<u64>,
    ulp: u32,
}

/// Every row's instruction name (`inst`), whatever its table.
#[derive(Deserialize)]
struct Named {
    inst: String,
}

fn xop(opcode: u16, ty: Scalar, aux: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::Glsl,
        opcode,
        ty,
        aux,
    }
}

fn op(opcode: u16, ty: Scalar) -> ExtOp {
    xop(opcode, ty, ty)
}

fn width(ty: Scalar) -> u8 {
    ty.bits() as u8
}

fn tof(w: u8, a: u64) -> f64 {
    isa::core::to_f64(w as u32, a)
}

fn fromf(w: u8, x: f64) -> u64 {
    isa::core::from_f64(w as u32, x)
}

fn sext(x: u64, w: u8) -> i64 {
    isa::core::sign_extend(x, w as u32)
}

fn is_nan(ty: Scalar, x: u64) -> bool {
    matches!(ty, Scalar::Float(_)) && tof(width(ty), x).is_nan()
}

#[test]
fn lane_cases() {
    let mut bad = Vec::new();
    for (i, c) in common::table::<Case>("glsl_std_450", "lane")
        .iter()
        .enumerate()
    {
        let got = isa::ext::eval(xop(c.op, c.ty, c.aux), c.a, c.b, c.c);
        let ok = if is_nan(c.ty, c.want) && c.op != UNPACK_DOUBLE2X32 {
            is_nan(c.ty, got)
        } else {
            got == c.want
        };
        if !ok {
            bad.push(format!(
                "row {i}: op {} {:?} ({:#x}, {:#x}, {:#x}) = {got:#x}, want {:#x}",
                c.op, c.ty, c.a, c.b, c.c, c.want
            ));
        }
    }
    common::assert_no_failures(&bad);
}

/// Lowers and runs one instruction; returns results then stored values.
fn run(code: u16, res: &[Scalar], args: &[(Scalar, &[u64], bool)]) -> Result<Vec<u64>, String> {
    let mut f = Eval {
        mem: Some(HashMap::new()),
        ..Eval::default()
    };
    const BASE: u64 = 0x1000;
    let mut ptr_fields = Vec::new();
    let ops: Vec<Operand> = args
        .iter()
        .map(|&(ty, vals, is_ptr)| {
            if is_ptr {
                let fields: Vec<(Scalar, u32)> = (0..vals.len())
                    .map(|i| (ty, (i as u32) * ty.bytes()))
                    .collect();
                ptr_fields = fields.clone();
                Operand {
                    literal: None,
                    regs: vec![f.push(BASE)],
                    types: vec![Scalar::Int(64)],
                    pointer: Some((16, fields)),
                }
            } else {
                Operand {
                    literal: None,
                    regs: vals.iter().map(|&x| f.push(x)).collect(),
                    types: vec![ty; vals.len()],
                    pointer: None,
                }
            }
        })
        .collect();
    let call = Call {
        opcode: code as u32,
        result: res,
        operands: &ops,
    };
    let out = lower(&mut f, &call)?;
    assert_eq!(out.len(), res.len(), "result component count");
    let mut vals: Vec<u64> = out.iter().map(|&r| f.regs[r as usize]).collect();
    let mem = f.mem.as_ref().unwrap();
    for (_, off) in ptr_fields {
        vals.push(
            mem.get(&(BASE as i64 + 16 + off as i64))
                .copied()
                .unwrap_or(0xdead),
        );
    }
    Ok(vals)
}

#[test]
fn vec_cases() {
    let mut bad = Vec::new();
    for (i, c) in common::table::<VecCase>("glsl_std_450", "vector")
        .iter()
        .enumerate()
    {
        let args: Vec<(Scalar, &[u64], bool)> =
            c.args.iter().map(|a| (a.ty, &a.vals[..], a.ptr)).collect();
        let got = match run(c.op, &c.res, &args) {
            Ok(g) => g,
            Err(e) => {
                bad.push(format!("row {i} (op {}): error {e}", c.op));
                continue;
            }
        };
        // Types of the expected values: results, then the pointee.
        let mut tys: Vec<Scalar> = c.res.to_vec();
        if let Some(p) = c.args.iter().find(|a| a.ptr) {
            tys.extend(std::iter::repeat_n(p.ty, p.vals.len()));
        }
        let ok = got.len() == c.want.len()
            && got.iter().zip(&c.want).zip(&tys).all(|((&g, &w), &t)| {
                if is_nan(t, w) {
                    is_nan(t, g)
                } else if g == w {
                    true
                } else if let Scalar::Float(fw) = t {
                    !is_nan(t, g) && common::ulp_distance(fw as u32, g, w) <= c.ulp as u64
                } else {
                    false
                }
            });
        if !ok {
            bad.push(format!(
                "row {i} (op {}): got {got:x?}, want {:x?}",
                c.op, c.want
            ));
        }
    }
    common::assert_no_failures(&bad);
}

#[test]
fn refusals() {
    let one = [0x3f80_0000u64];
    let e = run(SIN, &[F64], &[(F64, &[0], false)]).unwrap_err();
    assert!(e.contains("16- or 32-bit"), "{e}");
    let e = run(POW, &[F64], &[(F64, &[0], false), (F64, &[0], false)]).unwrap_err();
    assert!(e.contains("16- or 32-bit"), "{e}");
    for code in [
        INTERPOLATE_AT_CENTROID,
        INTERPOLATE_AT_SAMPLE,
        INTERPOLATE_AT_OFFSET,
    ] {
        let e = run(code, &[F32], &[(F32, &one, true)]).unwrap_err();
        assert!(e.contains("only fragment shaders can interpolate"), "{e}");
    }
    assert!(run(FMA, &[F32], &[(F32, &one, false), (F32, &one, false)]).is_err());
    assert!(run(SABS, &[F32], &[(F32, &one, false)]).is_err());
    assert!(run(FABS, &[I32], &[(I32, &one, false)]).is_err());
    assert!(run(
        CROSS,
        &[F32, F32],
        &[(F32, &[0, 0], false), (F32, &[0, 0], false)]
    )
    .is_err());
    assert!(run(DETERMINANT, &[F32], &[(F32, &[0, 0, 0], false)]).is_err());
    assert!(run(PACK_HALF2X16, &[I32], &[(F32, &[0, 0, 0], false)]).is_err());
    assert!(run(47, &[F32], &[(F32, &one, false)]).is_err());
    assert!(run(200, &[F32], &[(F32, &one, false)]).is_err());
    assert!(run(MODF, &[F32], &[(F32, &one, false), (F32, &one, false)]).is_err());
}

/// Every lane op at every type with awkward bits: no panic, deterministic.
#[test]
fn never_panics() {
    let tys = [
        Scalar::Bool,
        I8,
        I16,
        I32,
        I64,
        F16,
        F32,
        F64,
        Scalar::Int(0),
        Scalar::Float(7),
    ];
    let vals = [
        0,
        1,
        u64::MAX,
        0x8000_0000,
        0x7ff8_0000_0000_0001,
        0xfc00,
        0x7f80_0001,
        1 << 63,
    ];
    for opcode in 0..0x140u16 {
        for &ty in &tys {
            for &aux in &tys {
                for &a in &vals {
                    for &b in &vals {
                        let o = xop(opcode, ty, aux);
                        assert_eq!(eval(o, a, b, a ^ b), eval(o, a, b, a ^ b));
                    }
                }
            }
            let _ = op_class(xop(opcode, ty, ty));
        }
    }
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64))
    }
}

/// Error of the result bits `got` (width w) against a reference value,
/// in units of the result's last place.
fn err_ulps(w: u8, got: u64, r: f64) -> f64 {
    let g = tof(w, got);
    if g == r || (g.is_nan() && r.is_nan()) {
        return 0.0;
    }
    if !g.is_finite() || !r.is_finite() {
        // An overflow boundary: the result must be the rounding of r.
        return if fromf(w, r) == got {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let (mb, emin) = match w {
        16 => (10, -14),
        32 => (23, -126),
        _ => (52, -1022),
    };
    let e = (r.abs().log2().floor() as i32).max(emin);
    (g - r).abs() / 2f64.powi(e - mb)
}

/// Each f32/f16 transcendental against the platform's f64 math (an
/// implementation independent of the `libm` crate): measured error in
/// result ulps. The bound documented in `isa::glsl_std_450` is
/// 0.5 ulp + 2^-29.
#[test]
fn transcendental_sweeps() {
    type F = fn(f64) -> f64;
    let unary: &[(u16, F, f64, f64)] = &[
        (SIN, f64::sin, -100.0, 100.0),
        (COS, f64::cos, -100.0, 100.0),
        (TAN, f64::tan, -10.0, 10.0),
        (ASIN, f64::asin, -1.0, 1.0),
        (ACOS, f64::acos, -1.0, 1.0),
        (ATAN, f64::atan, -1e4, 1e4),
        (SINH, f64::sinh, -80.0, 80.0),
        (COSH, f64::cosh, -80.0, 80.0),
        (TANH, f64::tanh, -10.0, 10.0),
        (ASINH, f64::asinh, -1e5, 1e5),
        (ACOSH, f64::acosh, 1.0, 1e5),
        (ATANH, f64::atanh, -1.0, 1.0),
        (EXP, f64::exp, -100.0, 88.0),
        (EXP2, f64::exp2, -150.0, 127.0),
        (LOG, f64::ln, 0.0, 1e30),
        (LOG2, f64::log2, 0.0, 1e-30),
        (SQRT, f64::sqrt, 0.0, 1e38),
        (INVERSE_SQRT, |x| 1.0 / x.sqrt(), 1e-38, 1e38),
        (RADIANS, |x| x.to_radians(), -1e4, 1e4),
        (DEGREES, |x| x.to_degrees(), -100.0, 100.0),
    ];
    let mut rng = Rng(2024);
    let mut report = Vec::new();
    for &(code, f, lo, hi) in unary {
        let mut worst: f64 = 0.0;
        for _ in 0..20_000 {
            let x = rng.range(lo, hi) as f32;
            let got = eval(op(code, F32), x.to_bits() as u64, 0, 0);
            worst = worst.max(err_ulps(32, got, f(x as f64)));
        }
        // f16: every input.
        let mut worst16: f64 = 0.0;
        for bits in 0..=0xffffu64 {
            let x = tof(16, bits);
            let got = eval(op(code, F16), bits, 0, 0);
            worst16 = worst16.max(err_ulps(16, got, f(x)));
        }
        report.push(format!(
            "op {code}: f32 {worst:.6} ulp, f16 {worst16:.6} ulp"
        ));
        assert!(
            worst <= 0.500001 && worst16 <= 0.500001,
            "{}",
            report.join("\n")
        );
    }
    type F2 = fn(f64, f64) -> f64;
    let binary: &[(u16, F2, f64, f64)] = &[
        (ATAN2, f64::atan2, -100.0, 100.0),
        (POW, f64::powf, 0.0, 20.0),
    ];
    for &(code, f, lo, hi) in binary {
        let mut worst: f64 = 0.0;
        for _ in 0..20_000 {
            let x = rng.range(lo, hi) as f32;
            let y = rng.range(-20.0, 20.0) as f32;
            let got = eval(op(code, F32), x.to_bits() as u64, y.to_bits() as u64, 0);
            worst = worst.max(err_ulps(32, got, f(x as f64, y as f64)));
        }
        assert!(worst <= 0.500001, "op {code}: {worst} ulp");
    }
}

/// f64 InverseSqrt: error measured with an exact residual
/// (1 - x*y*y computed with fma), bound 0.51 ulp.
#[test]
fn inverse_sqrt_f64() {
    let mut rng = Rng(7);
    let mut worst: f64 = 0.0;
    for _ in 0..100_000 {
        let x = f64::from_bits((rng.next() >> 2) | 0x0010_0000_0000_0000) % 1e300;
        let x = x.abs().max(1e-300);
        let y = f64::from_bits(eval(op(INVERSE_SQRT, F64), x.to_bits(), 0, 0));
        let p = y * y;
        let pe = y.mul_add(y, -p);
        let res = (-x).mul_add(p, 1.0) - x * pe;
        // y = (1/sqrt x)(1 - res/2 + ...): relative error ~ res/2.
        let rel = (res / 2.0).abs();
        let ulp = 2f64.powi(y.log2().floor() as i32 - 52);
        worst = worst.max(rel * y / ulp);
    }
    assert!(worst <= 0.51, "{worst}");
}

/// f16 Fma against exact integer arithmetic: the result is the nearest
/// f16 (ties to even) to a*b + c.
#[test]
fn fma_f16_exact() {
    let mut rng = Rng(99);
    // Value of an f16 in units of 2^-48, exactly.
    let units = |b: u64| -> Option<i128> {
        let x = tof(16, b);
        x.is_finite()
            .then(|| (x * 2f64.powi(24)) as i128 * (1i128 << 24))
    };
    for i in 0..200_000 {
        let (a, b, c) = (
            rng.next() & 0xffff,
            rng.next() & 0xffff,
            rng.next() & 0xffff,
        );
        let (Some(ua), Some(ub), Some(uc)) = (units(a), units(b), units(c)) else {
            continue;
        };
        let exact = (ua >> 24) * (ub >> 24) + uc;
        let got = eval(op(FMA, F16), a, b, c);
        let Some(g) = units(got) else {
            // Overflow: the exact value must be beyond the largest finite + half ulp.
            assert!(
                exact.abs() >= 65520i128 << 48,
                "case {i}: {a:#x} {b:#x} {c:#x}"
            );
            continue;
        };
        let dist = (g - exact).abs();
        for nb in [got.wrapping_add(1) & 0xffff, got.wrapping_sub(1) & 0xffff] {
            if let Some(n) = units(nb) {
                let nd = (n - exact).abs();
                assert!(
                    dist < nd || (dist == nd && got & 1 == 0) || (dist == nd && n == g),
                    "case {i}: fma({a:#x}, {b:#x}, {c:#x}) = {got:#x}"
                );
            }
        }
    }
}

/// Unpack*norm: every input gives the f32 nearest to f / scale.
#[test]
fn unpack_norm_exhaustive() {
    let cases: &[(u16, u32, f64, bool)] = &[
        (UNPACK_SNORM2X16, 16, 32767.0, true),
        (UNPACK_UNORM2X16, 16, 65535.0, false),
        (UNPACK_SNORM4X8, 8, 127.0, true),
        (UNPACK_UNORM4X8, 8, 255.0, false),
    ];
    for &(code, bits, scale, signed) in cases {
        for raw in 0..(1u64 << bits) {
            let f = if signed {
                sext(raw, bits as u8) as f64
            } else {
                raw as f64
            };
            let want_exact = (f / scale).clamp(-1.0, 1.0);
            let got = eval(op(code, F32), raw << bits, 1, 0);
            let g = f32::from_bits(got as u32);
            if want_exact == -1.0 || want_exact == 1.0 || f == 0.0 {
                assert_eq!(g as f64, want_exact, "op {code} raw {raw}");
                continue;
            }
            // |g*scale - f| must not exceed that of either neighbour (exact in f64).
            let d = |x: f32| ((x as f64) * scale - f).abs();
            let up = f32::from_bits(g.to_bits() + 1);
            let down = f32::from_bits(g.to_bits() - 1);
            assert!(d(g) <= d(up) && d(g) <= d(down), "op {code} raw {raw}: {g}");
        }
    }
}

/// Pack*norm on a sweep: each field is within 0.5 of the scaled value.
#[test]
fn pack_norm_sweep() {
    let mut rng = Rng(5);
    for _ in 0..50_000 {
        let (x, y) = (rng.range(-1.5, 1.5) as f32, rng.range(-1.5, 1.5) as f32);
        let (xb, yb) = (x.to_bits() as u64, y.to_bits() as u64);
        let check = |code: u16, field: u32, scale: f64, signed: bool| {
            let got = eval(op(code, F32), xb, yb, 0);
            for (k, c) in [x, y].into_iter().enumerate() {
                let raw = (got >> (field * k as u32)) & ((1 << field) - 1);
                let v = if signed {
                    sext(raw, field as u8) as f64
                } else {
                    raw as f64
                };
                let lo = if signed { -1.0 } else { 0.0 };
                let t = (c as f64).clamp(lo, 1.0) * scale;
                assert!((v - t).abs() <= 0.5, "op {code}: {c} -> {v}");
            }
        };
        check(PACK_SNORM2X16, 16, 32767.0, true);
        check(PACK_UNORM2X16, 16, 65535.0, false);
        check(PACK_SNORM4X8, 8, 127.0, true);
        check(PACK_UNORM4X8, 8, 255.0, false);
        // Half: round trip through UnpackHalf2x16 is within half an f16 ulp.
        let hp = eval(op(PACK_HALF2X16, F32), xb, yb, 0);
        let back = f32::from_bits(eval(op(UNPACK_HALF2X16, F32), hp, 0, 0) as u32);
        assert!(err_ulps(16, half::f16::from_f32(back).to_bits() as u64, x as f64) <= 0.5);
    }
}

/// Length/Normalize/Distance/Cross/Determinant of random f32 vectors
/// against the formulas evaluated in f64: at most 1 ulp.
#[test]
fn geometry_sweep() {
    let mut rng = Rng(11);
    let mut worst: f64 = 0.0;
    for _ in 0..5_000 {
        let n = 2 + (rng.next() % 3) as usize;
        let x: Vec<f32> = (0..n).map(|_| rng.range(-100.0, 100.0) as f32).collect();
        let y: Vec<f32> = (0..n).map(|_| rng.range(-100.0, 100.0) as f32).collect();
        let xb: Vec<u64> = x.iter().map(|v| v.to_bits() as u64).collect();
        let yb: Vec<u64> = y.iter().map(|v| v.to_bits() as u64).collect();
        let len: f64 = x
            .iter()
            .map(|&v| (v as f64) * (v as f64))
            .sum::<f64>()
            .sqrt();
        let got = run(LENGTH, &[F32], &[(F32, &xb, false)]).unwrap();
        worst = worst.max(err_ulps(32, got[0], len));
        let dist: f64 = x
            .iter()
            .zip(&y)
            .map(|(&a, &b)| (a as f64 - b as f64).powi(2))
            .sum::<f64>()
            .sqrt();
        let got = run(DISTANCE, &[F32], &[(F32, &xb, false), (F32, &yb, false)]).unwrap();
        worst = worst.max(err_ulps(32, got[0], dist));
        let res = vec![F32; n];
        let got = run(NORMALIZE, &res, &[(F32, &xb, false)]).unwrap();
        for (g, &v) in got.iter().zip(&x) {
            worst = worst.max(err_ulps(32, *g, v as f64 / len));
        }
        if n == 3 {
            let got = run(CROSS, &res, &[(F32, &xb, false), (F32, &yb, false)]).unwrap();
            let (a, b): (Vec<f64>, Vec<f64>) = (
                x.iter().map(|&v| v as f64).collect(),
                y.iter().map(|&v| v as f64).collect(),
            );
            let c = [
                a[1] * b[2] - b[1] * a[2],
                a[2] * b[0] - b[2] * a[0],
                a[0] * b[1] - b[0] * a[1],
            ];
            for k in 0..3 {
                worst = worst.max(err_ulps(32, got[k], c[k]));
            }
        }
    }
    assert!(worst <= 1.0, "{worst}");
}

#[test]
fn coverage_lists_every_instruction() {
    let cov = coverage();
    assert_eq!(cov.len(), 80);
    let names: std::collections::HashSet<_> = cov.iter().map(|c| c.name.clone()).collect();
    assert_eq!(names.len(), 80);
    // Rows of both tables per instruction name.
    let mut rows: HashMap<String, usize> = HashMap::new();
    for table in ["lane", "vector"] {
        for r in common::table::<Named>("glsl_std_450", table) {
            assert!(names.contains(&r.inst), "row names {}", r.inst);
            *rows.entry(r.inst).or_default() += 1;
        }
    }
    for c in &cov {
        assert!(c.name.starts_with("GLSL."));
        if c.implemented {
            assert!(
                rows.get(&c.name).copied().unwrap_or(0) > 0,
                "{} has no test rows",
                c.name
            );
            assert!(c.class.is_some());
        } else {
            assert!(c.name.starts_with("GLSL.InterpolateAt"), "{}", c.name);
        }
    }
    let get = |n: &str| cov.iter().find(|c| c.name == n).unwrap().class;
    assert_eq!(get("GLSL.Exp"), Some(OpClass::Trans));
    assert_eq!(get("GLSL.FMix"), Some(OpClass::Valu));
    assert_eq!(op_class(op(FMIX, F64)), OpClass::ValuF64);
    assert_eq!(op_class(op(SQRT, F64)), OpClass::Trans);
    assert_eq!(op_class(op(FIND_UMSB, I32)), OpClass::BitScan);
}
