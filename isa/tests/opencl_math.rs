//! OpenCL.std math (section 2.1): accuracy against independent references.
//!
//! * half and float: every function is compared with the same function
//!   computed in f64 through std/libm (with the OpenCL special-value rules
//!   written out here), over edge values and a seeded sweep of 3000 inputs
//!   per function and type; the worst error in ulp must be within the
//!   OpenCL full-profile bound (cl_khr_fp16 table for half).
//! * double: against reference values computed with mpmath at 160 bits
//!   (table `ref64` of `isa/tests/tables/opencl_std.jsonl`, written by
//!   `isa/tests/tables/opencl_std_ref64.py`), 300 seeded inputs per
//!   function; the exact functions (table `exact`) are checked bit for bit
//!   against std operations and exact integer arithmetic over 3000 inputs.
//! * edge cases (table `math_edge`): exact results from the OpenCL C spec's
//!   section 7.5.1 rules, C99 Annex F and exact arithmetic, scalar and
//!   3-component, through `lower`.
//! * vectors and pointer outputs go through `lower` with a one-lane builder.
//!
//! `cargo test -p gpusim-isa --test opencl_math -- --nocapture report_worst_ulp`
//! prints the measured worst error table.

#![allow(clippy::needless_range_loop)]

use isa::core::Scalar;
use isa::ext::{eval, op_class, Call, ExtOp, ExtSet, Operand};
use isa::ir::Reg;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::f64::consts::PI;
use std::sync::OnceLock;

mod common;
use common::Eval;

/// The table file of this instruction set.
const SET: &str = "opencl_std";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Deterministic xorshift generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }
    /// ±(1..2) * 2^[lo, hi].
    fn pw(&mut self, lo: i32, hi: i32, signed: bool) -> f64 {
        let e = lo + (self.next() % (hi - lo + 1) as u64) as i32;
        let v = (1.0 + self.unit()) * p2(e);
        if signed && self.next() & 1 == 1 {
            -v
        } else {
            v
        }
    }
    fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo + 1) as u64) as i32
    }
}

/// 2^e, exact for every e in the f64 range (denormals included).
fn p2(e: i32) -> f64 {
    libm::scalbn(1.0, e)
}

fn to_f64(w: u32, b: u64) -> f64 {
    match w {
        16 => half::f16::from_bits(b as u16).to_f64(),
        32 => f32::from_bits(b as u32) as f64,
        _ => f64::from_bits(b),
    }
}

/// Rounds to width w (nearest even); used only to make inputs and to
/// encode exact values.
fn round(w: u32, x: f64) -> u64 {
    match w {
        16 => half::f16::from_f64(x).to_bits() as u64,
        32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

fn fmt(w: u32) -> (i32, i32, i32) {
    // (mantissa bits, min normal exponent, max exponent)
    match w {
        16 => (10, -14, 15),
        32 => (23, -126, 127),
        _ => (52, -1022, 1023),
    }
}

fn ulp_of(w: u32, v: f64) -> f64 {
    let (mb, emin, _) = fmt(w);
    let e = if v == 0.0 {
        emin
    } else {
        v.abs().log2().floor() as i32
    };
    // log2 may be off by one near powers of two: fix it exactly.
    let mut e = e;
    if v != 0.0 {
        while p2(e) > v.abs() {
            e -= 1;
        }
        while p2(e + 1) <= v.abs() {
            e += 1;
        }
    }
    p2(e.max(emin) - mb)
}

/// Error in ulp of `got` (bits of width w) against the real value `want`,
/// given as `hi` plus `d` ulps of hi.
fn ulp_err(w: u32, got: u64, hi: f64, d: f64) -> f64 {
    let g = to_f64(w, got);
    if hi.is_nan() || g.is_nan() {
        return if hi.is_nan() && g.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let (_, _, emax) = fmt(w);
    let top = p2(emax + 1);
    if hi.is_infinite() {
        return if g == hi { 0.0 } else { f64::INFINITY };
    }
    // An infinite result counts as 2^(emax+1) (beyond the largest finite).
    let gv = if g.is_infinite() { top.copysign(g) } else { g };
    if w == 64 {
        let u = ulp_of(64, hi);
        if g.is_infinite() {
            return ((gv / 2.0 - hi / 2.0) / (u / 2.0) - d).abs();
        }
        return ((gv - hi) / u - d).abs();
    }
    let hv = if hi.abs() >= top {
        top.copysign(hi)
    } else {
        hi
    };
    (gv - hv).abs() / ulp_of(w, hv.abs().min(top / 2.0 * 1.999))
}

fn op(opcode: u16, w: u32, aux: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::OpenCl,
        opcode,
        ty: Scalar::Float(w as u8),
        aux,
    }
}

fn fl(w: u32) -> Scalar {
    Scalar::Float(w as u8)
}

fn i32bits(k: i32) -> u64 {
    k as u32 as u64
}

// ---------------------------------------------------------------------------
// Function table: opcode, arity kind, bounds (half, float, double), f64
// reference for half/float, input sampler.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Un,
    Bin,
    /// float x, i32 n.
    Int,
}

struct Fun {
    name: &'static str,
    op: u16,
    kind: Kind,
    /// Worst error allowed in ulp for half, float, double (None: no bound).
    bound: [Option<f64>; 3],
    reference: fn(f64, f64) -> f64,
    sample: fn(&mut Rng) -> (f64, f64),
}

fn sinpi_ref(x: f64) -> f64 {
    // x - 2*round(x/2) is exact; sin is odd and 2-periodic in x.
    let r = x - 2.0 * (x / 2.0).round();
    if r == 0.0 || r.abs() == 1.0 {
        return 0f64.copysign(x);
    }
    (PI * r).sin()
}
fn cospi_ref(x: f64) -> f64 {
    let r = (x - 2.0 * (x / 2.0).round()).abs();
    if r == 0.5 {
        return 0.0;
    }
    if r <= 0.5 {
        (PI * (0.5 - r)).sin()
    } else {
        -(PI * (r - 0.5)).sin()
    }
}
fn tanpi_ref(x: f64) -> f64 {
    let r = x - x.round(); // in [-0.5, 0.5], exact
    if r == 0.0 {
        let odd = (x.abs() % 2.0) == 1.0;
        return if odd {
            -0f64.copysign(x)
        } else {
            0f64.copysign(x)
        };
    }
    if r.abs() == 0.5 {
        let k = (x - 0.5).round(); // x = k + 1/2
        return if k.rem_euclid(2.0) == 0.0 {
            f64::INFINITY
        } else {
            f64::NEG_INFINITY
        };
    }
    (PI * r).sin() / (PI * r).cos()
}
fn powr_ref(x: f64, y: f64) -> f64 {
    if x < 0.0 || (x == 0.0 && y == 0.0) {
        f64::NAN
    } else if x == 0.0 {
        if y < 0.0 {
            f64::INFINITY
        } else {
            0.0
        }
    } else {
        x.powf(y)
    }
}
fn rootn_ref(x: f64, n: f64) -> f64 {
    let n = n as i32;
    if n == 0 || (x < 0.0 && n % 2 == 0) {
        return f64::NAN;
    }
    let v = x.abs().powf(1.0 / n as f64);
    if x.is_sign_negative() && n % 2 != 0 {
        -v
    } else {
        v
    }
}

macro_rules! f {
    ($name:expr, $op:expr, $kind:ident, [$h:expr, $f:expr, $d:expr], $r:expr, $s:expr) => {
        Fun {
            name: $name,
            op: $op,
            kind: Kind::$kind,
            bound: [$h, $f, $d],
            reference: $r,
            sample: $s,
        }
    };
}

fn funs() -> Vec<Fun> {
    let s = Some;
    vec![
        f!("acos", 0, Un, [s(2.), s(4.), s(4.)], |x, _| x.acos(), |r| (
            r.range(-1.0, 1.0),
            0.0
        )),
        f!(
            "acosh",
            1,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.acosh(),
            |r| (1.0 + r.pw(-20, 20, false), 0.0)
        ),
        f!(
            "acospi",
            2,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.acos() / PI,
            |r| (r.range(-1.0, 1.0), 0.0)
        ),
        f!("asin", 3, Un, [s(2.), s(4.), s(4.)], |x, _| x.asin(), |r| (
            r.range(-1.0, 1.0),
            0.0
        )),
        f!(
            "asinh",
            4,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.asinh(),
            |r| (r.pw(-30, 30, true), 0.0)
        ),
        f!(
            "asinpi",
            5,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.asin() / PI,
            |r| (r.range(-1.0, 1.0), 0.0)
        ),
        f!("atan", 6, Un, [s(2.), s(5.), s(5.)], |x, _| x.atan(), |r| (
            r.pw(-30, 30, true),
            0.0
        )),
        f!(
            "atan2",
            7,
            Bin,
            [s(2.), s(6.), s(6.)],
            |y, x| y.atan2(x),
            |r| (r.pw(-30, 30, true), r.pw(-30, 30, true))
        ),
        f!(
            "atanh",
            8,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.atanh(),
            |r| (r.range(-1.0, 1.0), 0.0)
        ),
        f!(
            "atanpi",
            9,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.atan() / PI,
            |r| (r.pw(-30, 30, true), 0.0)
        ),
        f!(
            "atan2pi",
            10,
            Bin,
            [s(2.), s(6.), s(6.)],
            |y, x| y.atan2(x) / PI,
            |r| (r.pw(-30, 30, true), r.pw(-30, 30, true))
        ),
        f!(
            "cbrt",
            11,
            Un,
            [s(2.), s(2.), s(2.)],
            |x, _| x.cbrt(),
            |r| (r.pw(-140, 120, true), 0.0)
        ),
        f!("cos", 14, Un, [s(2.), s(4.), s(4.)], |x, _| x.cos(), |r| (
            r.pw(-20, 20, true),
            0.0
        )),
        f!(
            "cosh",
            15,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.cosh(),
            |r| (r.range(-90.0, 90.0), 0.0)
        ),
        f!(
            "cospi",
            16,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| cospi_ref(x),
            |r| (r.pw(-20, 25, true), 0.0)
        ),
        f!(
            "erfc",
            17,
            Un,
            [s(4.), s(16.), s(16.)],
            |x, _| libm::erfc(x),
            |r| (r.range(-5.0, 12.0), 0.0)
        ),
        f!(
            "erf",
            18,
            Un,
            [s(4.), s(16.), s(16.)],
            |x, _| libm::erf(x),
            |r| (r.pw(-30, 2, true), 0.0)
        ),
        f!("exp", 19, Un, [s(2.), s(3.), s(3.)], |x, _| x.exp(), |r| (
            r.range(-104.0, 89.0),
            0.0
        )),
        f!(
            "exp2",
            20,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.exp2(),
            |r| (r.range(-150.0, 128.0), 0.0)
        ),
        f!(
            "exp10",
            21,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| 10f64.powf(x),
            |r| (r.range(-45.0, 38.5), 0.0)
        ),
        f!(
            "expm1",
            22,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.exp_m1(),
            |r| (
                if r.next() & 1 == 0 {
                    r.range(-20.0, 88.0)
                } else {
                    r.pw(-30, 0, true)
                },
                0.0
            )
        ),
        f!(
            "hypot",
            32,
            Bin,
            [s(2.), s(4.), s(4.)],
            |x, y| x.hypot(y),
            |r| (r.pw(-70, 70, true), r.pw(-70, 70, true))
        ),
        f!(
            "lgamma",
            35,
            Un,
            [None, None, None],
            |x, _| libm::lgamma(x),
            |r| (r.range(-30.0, 1000.0), 0.0)
        ),
        f!("log", 37, Un, [s(2.), s(3.), s(3.)], |x, _| x.ln(), |r| (
            r.pw(-149, 127, false),
            0.0
        )),
        f!(
            "log2",
            38,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.log2(),
            |r| (r.pw(-149, 127, false), 0.0)
        ),
        f!(
            "log10",
            39,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.log10(),
            |r| (r.pw(-149, 127, false), 0.0)
        ),
        f!(
            "log1p",
            40,
            Un,
            [s(2.), s(2.), s(2.)],
            |x, _| x.ln_1p(),
            |r| (
                if r.next() & 1 == 0 {
                    r.pw(-30, 100, false)
                } else {
                    -r.pw(-30, -1, false).min(0.99)
                },
                0.0
            )
        ),
        f!(
            "pow",
            48,
            Bin,
            [s(4.), s(16.), s(16.)],
            |x, y| x.powf(y),
            |r| (r.pw(-10, 10, false), r.pw(-8, 3, true))
        ),
        f!(
            "pown",
            49,
            Int,
            [s(4.), s(16.), s(16.)],
            |x, n| x.powi(n as i32),
            |r| (r.pw(-4, 4, true), r.int(-30, 30) as f64)
        ),
        f!("powr", 50, Bin, [s(4.), s(16.), s(16.)], powr_ref, |r| (
            r.pw(-10, 10, false),
            r.pw(-8, 3, true)
        )),
        f!("rootn", 54, Int, [s(4.), s(16.), s(16.)], rootn_ref, |r| (
            r.pw(-140, 120, true),
            r.int(-12, 12) as f64
        )),
        f!(
            "rsqrt",
            56,
            Un,
            [s(1.), s(2.), s(2.)],
            |x, _| 1.0 / x.sqrt(),
            |r| (r.pw(-149, 127, false), 0.0)
        ),
        f!("sin", 57, Un, [s(2.), s(4.), s(4.)], |x, _| x.sin(), |r| (
            r.pw(-20, 20, true),
            0.0
        )),
        f!(
            "sincos",
            58,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.sin(),
            |r| (r.pw(-20, 20, true), 0.0)
        ),
        f!(
            "sinh",
            59,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.sinh(),
            |r| (r.range(-90.0, 90.0), 0.0)
        ),
        f!(
            "sinpi",
            60,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| sinpi_ref(x),
            |r| (r.pw(-20, 25, true), 0.0)
        ),
        f!(
            "sqrt",
            61,
            Un,
            [s(0.5), s(0.5), s(0.5)],
            |x, _| x.sqrt(),
            |r| (r.pw(-149, 127, false), 0.0)
        ),
        f!("tan", 62, Un, [s(2.), s(5.), s(5.)], |x, _| x.tan(), |r| (
            r.pw(-20, 20, true),
            0.0
        )),
        f!(
            "tanh",
            63,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.tanh(),
            |r| (r.pw(-20, 5, true), 0.0)
        ),
        f!(
            "tanpi",
            64,
            Un,
            [s(2.), s(6.), s(6.)],
            |x, _| tanpi_ref(x),
            |r| (r.pw(-20, 25, true), 0.0)
        ),
        f!(
            "tgamma",
            65,
            Un,
            [s(4.), s(16.), s(16.)],
            |x, _| libm::tgamma(x),
            |r| (r.range(-40.0, 36.0), 0.0)
        ),
        // half_* (bound 8192 ulp) and native_* (implementation-defined; we
        // hold them to the full function's bound): float only in OpenCL C,
        // accepted for every type here.
        f!(
            "half_cos",
            67,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.cos(),
            |r| (r.range(-65536.0, 65536.0), 0.0)
        ),
        f!(
            "half_divide",
            68,
            Bin,
            [s(8192.), s(8192.), s(8192.)],
            |x, y| x / y,
            |r| (r.pw(-60, 60, true), r.pw(-60, 60, true))
        ),
        f!(
            "half_exp",
            69,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.exp(),
            |r| (r.range(-80.0, 80.0), 0.0)
        ),
        f!(
            "half_exp2",
            70,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.exp2(),
            |r| (r.range(-120.0, 120.0), 0.0)
        ),
        f!(
            "half_exp10",
            71,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| 10f64.powf(x),
            |r| (r.range(-35.0, 35.0), 0.0)
        ),
        f!(
            "half_log",
            72,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.ln(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "half_log2",
            73,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.log2(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "half_log10",
            74,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.log10(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "half_powr",
            75,
            Bin,
            [s(8192.), s(8192.), s(8192.)],
            powr_ref,
            |r| (r.pw(-10, 10, false), r.pw(-8, 3, true))
        ),
        f!(
            "half_recip",
            76,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| 1.0 / x,
            |r| (r.pw(-120, 120, true), 0.0)
        ),
        f!(
            "half_rsqrt",
            77,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| 1.0 / x.sqrt(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "half_sin",
            78,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.sin(),
            |r| (r.range(-65536.0, 65536.0), 0.0)
        ),
        f!(
            "half_sqrt",
            79,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.sqrt(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "half_tan",
            80,
            Un,
            [s(8192.), s(8192.), s(8192.)],
            |x, _| x.tan(),
            |r| (r.range(-65536.0, 65536.0), 0.0)
        ),
        f!(
            "native_cos",
            81,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.cos(),
            |r| (r.pw(-20, 20, true), 0.0)
        ),
        f!(
            "native_divide",
            82,
            Bin,
            [s(0.5), s(0.5), s(0.5)],
            |x, y| x / y,
            |r| (r.pw(-60, 60, true), r.pw(-60, 60, true))
        ),
        f!(
            "native_exp",
            83,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.exp(),
            |r| (r.range(-80.0, 80.0), 0.0)
        ),
        f!(
            "native_exp2",
            84,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.exp2(),
            |r| (r.range(-120.0, 120.0), 0.0)
        ),
        f!(
            "native_exp10",
            85,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| 10f64.powf(x),
            |r| (r.range(-35.0, 35.0), 0.0)
        ),
        f!(
            "native_log",
            86,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.ln(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "native_log2",
            87,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.log2(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "native_log10",
            88,
            Un,
            [s(2.), s(3.), s(3.)],
            |x, _| x.log10(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "native_powr",
            89,
            Bin,
            [s(4.), s(16.), s(16.)],
            powr_ref,
            |r| (r.pw(-10, 10, false), r.pw(-8, 3, true))
        ),
        f!(
            "native_recip",
            90,
            Un,
            [s(0.5), s(0.5), s(0.5)],
            |x, _| 1.0 / x,
            |r| (r.pw(-120, 120, true), 0.0)
        ),
        f!(
            "native_rsqrt",
            91,
            Un,
            [s(1.), s(2.), s(2.)],
            |x, _| 1.0 / x.sqrt(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "native_sin",
            92,
            Un,
            [s(2.), s(4.), s(4.)],
            |x, _| x.sin(),
            |r| (r.pw(-20, 20, true), 0.0)
        ),
        f!(
            "native_sqrt",
            93,
            Un,
            [s(0.5), s(0.5), s(0.5)],
            |x, _| x.sqrt(),
            |r| (r.pw(-120, 120, false), 0.0)
        ),
        f!(
            "native_tan",
            94,
            Un,
            [s(2.), s(5.), s(5.)],
            |x, _| x.tan(),
            |r| (r.pw(-20, 20, true), 0.0)
        ),
    ]
}

// ---------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------

fn aux_of(f: &Fun, w: u32) -> Scalar {
    if f.kind == Kind::Int {
        Scalar::Int(32)
    } else {
        fl(w)
    }
}

/// Worst error of `f` in width 16 or 32 over edge values and 3000 samples.
fn measure_narrow(f: &Fun, w: u32) -> (f64, String) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (f.op as u64 * 7919 + w as u64));
    let edges = [
        0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 0.25, 10.0, 1e-3, -1e-3, 100.0,
    ];
    let mut worst = (0.0f64, String::new());
    let n_edges = edges.len() * edges.len();
    for i in 0..(3000 + n_edges) {
        let (x, y) = if i < n_edges {
            (edges[i % edges.len()], edges[i / edges.len()])
        } else if i % 4 == 0 {
            // Any finite bit pattern.
            let mask = if w == 16 { 0xffff } else { 0xffff_ffff };
            (to_f64(w, rng.next() & mask), to_f64(w, rng.next() & mask))
        } else {
            (f.sample)(&mut rng)
        };
        let xb = round(w, x);
        let xv = to_f64(w, xb);
        let (yb, yv) = if f.kind == Kind::Int {
            let n = (y as i64).clamp(-40, 40) as i32;
            (i32bits(n), n as f64)
        } else {
            let b = round(w, y);
            (b, to_f64(w, b))
        };
        if !xv.is_finite() || !yv.is_finite() {
            continue;
        }
        let got = eval(op(f.op, w, aux_of(f, w)), xb, yb, 0);
        let want = (f.reference)(xv, yv);
        let e = ulp_err(w, got, want, 0.0);
        if e > worst.0 {
            worst = (
                e,
                format!(
                    "{}({xv:e}, {yv:e}) = {:e}, want {want:e}",
                    f.name,
                    to_f64(w, got)
                ),
            );
        }
    }
    worst
}

/// A row of table `ref64`: the exact value of the instruction at (x, y)
/// is hi + d ulp(hi), with x, y, hi f64 bits and d f32 bits.
#[derive(Deserialize)]
struct Ref64 {
    inst: String,
    #[serde(deserialize_with = "common::hex")]
    x: u64,
    #[serde(deserialize_with = "common::hex")]
    y: u64,
    #[serde(deserialize_with = "common::hex")]
    hi: u64,
    #[serde(deserialize_with = "common::hex")]
    d: u64,
}

/// The mpmath rows, read once.
fn ref64() -> &'static [Ref64] {
    static ROWS: OnceLock<Vec<Ref64>> = OnceLock::new();
    ROWS.get_or_init(|| common::table(SET, "ref64"))
}

/// Worst error of `f` for f64 against the mpmath rows.
fn measure_f64(f: &Fun) -> Option<(f64, String)> {
    let mut worst = (0.0f64, String::new());
    let mut rows = 0;
    let base = f
        .name
        .trim_start_matches("native_")
        .trim_start_matches("half_");
    let base = if base == "sincos" { "sin" } else { base };
    for r in ref64() {
        if r.inst.strip_prefix("CL.") != Some(base) {
            continue;
        }
        let (x, y) = (r.x, r.y);
        let (hi, d) = (f64::from_bits(r.hi), f32::from_bits(r.d as u32) as f64);
        let yb = if f.kind == Kind::Int {
            i32bits(f64::from_bits(y) as i32)
        } else {
            y
        };
        let got = eval(op(f.op, 64, aux_of(f, 64)), x, yb, 0);
        let e = ulp_err(64, got, hi, d);
        rows += 1;
        if e > worst.0 {
            worst = (
                e,
                format!(
                    "{}({:e}, {:e}) = {:e}, want {hi:e}",
                    f.name,
                    f64::from_bits(x),
                    f64::from_bits(y),
                    f64::from_bits(got)
                ),
            );
        }
    }
    (rows >= 300).then_some(worst)
}

/// lgamma on the negative axis (OpenCL sets it no bound): within 1 ulp of
/// the mpmath rows, next to its zeros too, where a plain reflection
/// formula has no correct digit (e.g. 1.25e15 ulp at -2.747682646727413).
#[test]
fn lgamma_negative_axis_within_1_ulp() {
    let (mut rows, mut near_zero, mut worst) = (0, 0, (0.0f64, 0.0f64));
    for r in ref64() {
        let x = f64::from_bits(r.x);
        if r.inst != "CL.lgamma" || x >= 0.0 {
            continue;
        }
        let hi = f64::from_bits(r.hi);
        let got = eval(op(35, 64, Scalar::Float(64)), r.x, 0, 0);
        let e = ulp_err(64, got, hi, f32::from_bits(r.d as u32) as f64);
        rows += 1;
        near_zero += usize::from(hi.abs() < 1e-6);
        if e > worst.0 {
            worst = (e, x);
        }
    }
    assert!(
        rows >= 300 && near_zero >= 100,
        "{rows} rows, {near_zero} near a zero"
    );
    assert!(worst.0 <= 1.0, "lgamma({:e}): {} ulp", worst.1, worst.0);
}

type Table = BTreeMap<&'static str, [Option<(f64, String)>; 3]>;

fn measure_all() -> Table {
    let mut t = Table::new();
    for f in funs() {
        let h = measure_narrow(&f, 16);
        let s = measure_narrow(&f, 32);
        // half_divide etc. have no mpmath rows: their f64 reference is the
        // correctly rounded std operation, measured like the narrow types.
        let d = measure_f64(&f).or_else(|| Some(measure_wide_exactish(&f)));
        t.insert(f.name, [Some(h), Some(s), d]);
    }
    t
}

/// f64 functions whose reference is a correctly rounded std operation
/// (divide, recip, sqrt): compare bit for bit with it.
fn measure_wide_exactish(f: &Fun) -> (f64, String) {
    let mut rng = Rng(0x1234_5678 ^ f.op as u64);
    let mut worst = (0.0f64, String::new());
    for _ in 0..3000 {
        let (x, y) = (f.sample)(&mut rng);
        let got = eval(op(f.op, 64, aux_of(f, 64)), x.to_bits(), y.to_bits(), 0);
        let want = (f.reference)(x, y);
        let e = ulp_err(64, got, want, 0.0);
        if e > worst.0 {
            worst = (e, format!("{}({x:e}, {y:e})", f.name));
        }
    }
    worst
}

#[test]
fn accuracy_within_opencl_bounds() {
    let funs = funs();
    let t = measure_all();
    let mut bad = Vec::new();
    for f in &funs {
        for (i, m) in t[f.name].iter().enumerate() {
            let Some((e, at)) = m else { continue };
            if let Some(b) = f.bound[i] {
                if *e > b {
                    bad.push(format!(
                        "{} f{}: {e:.3} ulp > {b} at {at}",
                        f.name,
                        [16, 32, 64][i]
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "over the bound:\n{}", bad.join("\n"));
}

#[test]
fn f64_reference_rows_present() {
    // Every f64 transcendental function has its mpmath rows.
    for f in funs() {
        if !f.name.starts_with("half_") && !f.name.starts_with("native_") && f.name != "sqrt" {
            assert!(
                measure_f64(&f).is_some(),
                "{} has no f64 reference rows",
                f.name
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Exact functions: bit for bit against independent references
// ---------------------------------------------------------------------------

/// The f16 value nearest to n * 2^-48 (ties to even), by exact search.
fn f16_nearest(n: i128) -> u64 {
    let approx = half::f16::from_f64(n as f64 * p2(-48)).to_bits() as i64;
    let mut best: Option<(i128, u64)> = None;
    for d in -2i64..=2 {
        let b = approx + d;
        if !(0..=0xffff).contains(&b) {
            continue;
        }
        let v = half::f16::from_bits(b as u16).to_f64();
        if !v.is_finite() {
            continue;
        }
        let vn = (v * p2(48)) as i128; // exact: f16 values are multiples of 2^-24
        let dist = (vn - n).abs();
        let better = match best {
            None => true,
            Some((bd, bb)) => dist < bd || (dist == bd && (b as u64) & 1 == 0 && bb & 1 == 1),
        };
        if better {
            best = Some((dist, b as u64));
        }
    }
    let (_, b) = best.unwrap();
    // Beyond the largest finite value by half an ulp or more: infinity.
    let big = 65520i128 << 48;
    if n >= big {
        return 0x7c00;
    }
    if n <= -big {
        return 0xfc00;
    }
    if n == 0 {
        return 0;
    }
    b
}

fn fma_ref(w: u32, a: f64, b: f64, c: f64) -> u64 {
    match w {
        32 => (a as f32).mul_add(b as f32, c as f32).to_bits() as u64,
        64 => a.mul_add(b, c).to_bits(),
        _ => {
            if !(a.is_finite() && b.is_finite() && c.is_finite()) {
                return round(16, a * b + c);
            }
            let s = p2(24);
            let n = (a * s) as i128 * (b * s) as i128 + ((c * s) as i128) * (1i128 << 24);
            let r = f16_nearest(n);
            if n == 0 {
                // Exact zero: +0 unless both addends are -0 / negative zero sum.
                let p_neg = (a * b).is_sign_negative();
                return if p_neg && c.is_sign_negative() {
                    0x8000
                } else {
                    0
                };
            }
            r
        }
    }
}

/// remainder and remquo's quotient bits for operands with at most 45
/// significant bits (so k*|y| below is exact).
fn remquo_ref(x: f64, y: f64) -> (f64, i32) {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return (f64::NAN, 0);
    }
    if y.is_infinite() {
        return (x, 0);
    }
    let (ax, ay) = (x.abs(), y.abs());
    // |x| = q*|y| + r exactly; low 7 bits of q from |x| mod 128|y|.
    let big = if (ay * 128.0).is_finite() {
        ax % (ay * 128.0)
    } else {
        ax
    };
    let mut k = (big / ay).floor();
    if k * ay > big {
        k -= 1.0;
    }
    let mut r = big - k * ay; // exact, 0 <= r < |y|
    let mut q = k as i64;
    if r > ay - r || (r == ay - r && q & 1 == 1) {
        r -= ay;
        q += 1;
    }
    let r = if x.is_sign_negative() { -r } else { r };
    let r = if r == 0.0 { 0f64.copysign(x) } else { r };
    let q = (q & 0x7f) as i32;
    let neg = x.is_sign_negative() != y.is_sign_negative();
    (r, if neg { -q } else { q })
}

fn frexp_ref(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (mut m, mut e) = (x, 0);
    while m.abs() >= 1.0 {
        m /= 2.0;
        e += 1;
    }
    while m.abs() < 0.5 {
        m *= 2.0;
        e -= 1;
    }
    (m, e)
}

fn exact_value(name: &str, w: u32, x: f64, y: f64, z: f64) -> f64 {
    let nan = f64::NAN;
    match name {
        "ceil" => x.ceil(),
        "floor" => x.floor(),
        "trunc" => x.trunc(),
        "round" => x.round(),
        "rint" => x.round_ties_even(),
        "fabs" => x.abs(),
        "copysign" => x.copysign(y),
        "fdim" => {
            if x.is_nan() || y.is_nan() {
                nan
            } else if x > y {
                x - y
            } else {
                0.0
            }
        }
        "fmax" | "fmin" => {
            if x.is_nan() {
                return y;
            }
            if y.is_nan() {
                return x;
            }
            if x == y {
                return if (name == "fmax") == x.is_sign_negative() {
                    y
                } else {
                    x
                };
            }
            if name == "fmax" {
                x.max(y)
            } else {
                x.min(y)
            }
        }
        "fmod" => x % y,
        "remainder" | "remquo" => remquo_ref(x, y).0,
        "fract" => {
            if x.is_nan() {
                nan
            } else if x.is_infinite() || x == 0.0 {
                0f64.copysign(x)
            } else {
                let below = 1.0 - p2(-(fmt(w).0 + 1));
                (x - x.floor()).min(below)
            }
        }
        "frexp" => frexp_ref(x).0,
        "modf" => {
            if x.is_infinite() {
                0f64.copysign(x)
            } else {
                (x - x.trunc()).copysign(x)
            }
        }
        "logb" => {
            if x == 0.0 {
                f64::NEG_INFINITY
            } else if x.is_infinite() {
                f64::INFINITY
            } else {
                (frexp_ref(x).1 - 1) as f64
            }
        }
        "sqrt" => x.sqrt(),
        "divide" => x / y,
        "recip" => 1.0 / x,
        "fma" | "mad" => to_f64(w, fma_ref(w, x, y, z)),
        _ => unreachable!("{name}"),
    }
}

fn sample_exact(rng: &mut Rng, w: u32) -> f64 {
    // Finite values of width w with at most 45 significant bits (f64).
    let v = match rng.next() % 4 {
        0 => rng.range(-8.0, 8.0),
        1 => rng.pw(-30, 30, true),
        2 => rng.int(-300, 300) as f64 * 0.5,
        _ => {
            let mask = match w {
                16 => 0xffff,
                32 => 0xffff_ffff,
                _ => u64::MAX,
            };
            to_f64(w, rng.next() & mask)
        }
    };
    let v = if w == 64 {
        f64::from_bits(v.to_bits() & !0xff)
    } else {
        to_f64(w, round(w, v))
    };
    if v.is_finite() {
        v
    } else {
        1.5
    }
}

/// A row of table `exact`: an instruction checked bit for bit at type
/// `ty` against the exact function `reference` of `exact_value`.
#[derive(Deserialize)]
struct ExactRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    reference: String,
}

#[test]
fn exact_functions_bit_exact() {
    let mut bad = Vec::new();
    for row in common::table::<ExactRow>(SET, "exact") {
        let (name, opcode, w) = (
            row.reference.as_str(),
            common::opcode_of(&row.inst),
            row.ty.bits(),
        );
        let mut rng = Rng(0xdead_beef ^ (opcode as u64) << 8 ^ w as u64);
        for i in 0..3000 {
            let x = sample_exact(&mut rng, w);
            let mut y = sample_exact(&mut rng, w);
            let z = sample_exact(&mut rng, w);
            if name == "remquo" || name == "remainder" {
                // Keep x/y below 2^60 so the reference stays exact.
                if (x / y).abs() > 1e15 {
                    y = x / 3.0;
                    y = to_f64(w, round(w, y));
                    if w == 64 {
                        y = f64::from_bits(y.to_bits() & !0xff);
                    }
                }
            }
            let o = op(opcode, w, fl(w));
            let got = eval(o, round(w, x), round(w, y), round(w, z));
            let want = exact_value(name, w, x, y, z);
            let ok = if want.is_nan() {
                to_f64(w, got).is_nan()
            } else {
                got == round(w, want)
            };
            if !ok {
                bad.push(format!(
                    "{name} f{w} #{i}: ({x:e}, {y:e}, {z:e}) = {:e}, want {want:e}",
                    to_f64(w, got)
                ));
            }
            // Second results.
            let second = match name {
                "frexp" => Some((frexp_ref(x).1 as i64, Scalar::Int(32))),
                "remquo" => Some((remquo_ref(x, y).1 as i64, Scalar::Int(32))),
                _ => None,
            };
            if let Some((want2, aux)) = second {
                let got2 =
                    eval(op(opcode, w, aux), round(w, x), round(w, y), 0) as u32 as i32 as i64;
                if got2 != want2 {
                    bad.push(format!(
                        "{name} f{w} second #{i}: ({x:e}, {y:e}) = {got2}, want {want2}"
                    ));
                }
            }
            if name == "frexp" {
                // ilogb agrees with frexp's exponent - 1 for nonzero x.
                let il = eval(op(33, w, Scalar::Int(32)), round(w, x), 0, 0) as u32 as i32;
                let want = if x == 0.0 {
                    i32::MIN
                } else {
                    frexp_ref(x).1 - 1
                };
                if il != want {
                    bad.push(format!("ilogb f{w}({x:e}) = {il}, want {want}"));
                }
                // ldexp(m, e) gives x back; ldexp by k is exact scaling.
                let (m, e) = frexp_ref(x);
                let back = eval(op(34, w, Scalar::Int(32)), round(w, m), i32bits(e), 0);
                if back != round(w, x) {
                    bad.push(format!("ldexp f{w}({m:e}, {e}) != {x:e}"));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad[..bad.len().min(30)].join("\n")
    );
}

// ---------------------------------------------------------------------------
// Edge cases through `lower`: exact expected bits
// ---------------------------------------------------------------------------

/// A row of table `math_edge`: operands and results as bits of `ty` (the
/// integer operands of ldexp, pown, rootn as i32, nan's code as the integer
/// of `ty`'s width; ilogb's result and the integer stored by frexp,
/// lgamma_r and remquo as i32). A NaN `want` means "a quiet NaN" (nan:
/// exactly these bits); every other value is compared bit for bit. `want2`
/// is the value stored through the pointer.
#[derive(Deserialize)]
struct EdgeRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    args: Vec<u64>,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
    #[serde(default, deserialize_with = "common::hex_opt")]
    want2: Option<u64>,
}

/// How a math instruction takes its operands (OpenCL C signatures).
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// n float operands of the result type.
    Float(usize),
    /// float x, i32 k.
    FloatInt,
    /// integer nancode.
    Nan,
    /// float x, result i32.
    Ilogb,
    /// float x, pointer to floats.
    PtrFloat,
    /// float x, pointer to i32.
    PtrInt,
    /// float x, float y, pointer to i32 (remquo).
    Remquo,
}

fn shape(inst: &str) -> Shape {
    match inst.strip_prefix("CL.").unwrap() {
        "atan2" | "atan2pi" | "copysign" | "fdim" | "fmax" | "fmin" | "fmod" | "hypot"
        | "maxmag" | "minmag" | "nextafter" | "pow" | "powr" | "remainder" | "half_divide"
        | "half_powr" | "native_divide" | "native_powr" => Shape::Float(2),
        "fma" | "mad" => Shape::Float(3),
        "ldexp" | "pown" | "rootn" => Shape::FloatInt,
        "nan" => Shape::Nan,
        "ilogb" => Shape::Ilogb,
        "fract" | "modf" | "sincos" => Shape::PtrFloat,
        "frexp" | "lgamma_r" => Shape::PtrInt,
        "remquo" => Shape::Remquo,
        _ => Shape::Float(1),
    }
}

/// The canonical quiet NaN of width `w`.
fn qnan(w: u32) -> u64 {
    isa::core::default_nan(w)
}

/// `got` must be `want` bit for bit, or a quiet NaN where `want` is a NaN.
fn check_bits(w: u32, got: u64, want: u64, what: &str) {
    if to_f64(w, want).is_nan() {
        let mag = isa::core::mask(w - 1);
        let q = qnan(w);
        assert!(
            got & mag > (q & !(q >> 1)) & mag || got & q == q,
            "{what}: {got:#x} is not a NaN"
        );
        assert_eq!(got & q, q, "{what}: NaN {got:#x} is not quiet");
    } else {
        assert_eq!(
            got,
            want,
            "{what}: got {:e}, want {:e}",
            to_f64(w, got),
            to_f64(w, want)
        );
    }
}

/// Lowers the row's instruction as an `n`-component vector whose components
/// all hold the row's operands, and checks every component.
fn run_edge(row: &EdgeRow, n: usize) {
    let fty = row.ty;
    let w = fty.bits();
    let what = format!("{}[f{w} x{n}]({:x?})", row.inst, row.args);
    let mut lane = new_lane();
    let sh = shape(&row.inst);
    let int_arg = |i: usize| matches!((sh, i), (Shape::FloatInt, 1) | (Shape::Nan, 0));
    let nargs = match sh {
        Shape::Float(k) => k,
        Shape::FloatInt => 2,
        Shape::Nan | Shape::Ilogb | Shape::PtrFloat | Shape::PtrInt => 1,
        Shape::Remquo => 2,
    };
    let mut operands = Vec::new();
    for i in 0..nargs {
        let ty = match (int_arg(i), sh) {
            (true, Shape::Nan) => Scalar::Int(w as u8),
            (true, _) => Scalar::Int(32),
            (false, _) => fty,
        };
        let regs: Vec<Reg> = (0..n).map(|_| lane.push(row.args[i])).collect();
        operands.push(Operand {
            literal: None,
            regs,
            types: vec![ty; n],
            pointer: None,
        });
    }
    let second_ty = match sh {
        Shape::PtrFloat => Some(fty),
        Shape::PtrInt | Shape::Remquo => Some(Scalar::Int(32)),
        _ => None,
    };
    if let Some(t) = second_ty {
        let addr = lane.push(0x1000);
        let fields = (0..n).map(|i| (t, i as u32 * t.bytes())).collect();
        operands.push(Operand {
            literal: None,
            regs: vec![addr],
            types: vec![Scalar::Int(64)],
            pointer: Some((16, fields)),
        });
    }
    let ilogb = row.inst == "CL.ilogb";
    let result = vec![if ilogb { Scalar::Int(32) } else { fty }; n];
    let call = Call {
        opcode: common::opcode_of(&row.inst) as u32,
        result: &result,
        operands: &operands,
    };
    let out = isa::opencl_std::lower(&mut lane, &call).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(lane.basic, 0, "{what}: math lowering emits no core ops");
    assert!(lane.loads.is_empty(), "{what}: math lowering loads nothing");
    assert_eq!(out.len(), n);
    for &r in &out {
        let got = lane.regs[r as usize];
        if ilogb {
            assert_eq!(got as u32, row.want as u32, "{what}");
        } else if row.inst == "CL.nan" {
            assert_eq!(got, row.want, "{what}");
        } else {
            check_bits(w, got, row.want, &what);
        }
    }
    match (row.want2, second_ty) {
        (Some(want2), Some(t)) => {
            assert_eq!(lane.stores.len(), n, "{what}");
            for (i, &(ty, v, addr, off)) in lane.stores.iter().enumerate() {
                assert_eq!(addr, 0x1000);
                assert_eq!(ty, t);
                assert_eq!(off, 16 + (i as u32 * t.bytes()) as i64);
                if let Scalar::Int(_) = t {
                    assert_eq!(v as u32, want2 as u32, "{what} (stored)");
                } else {
                    check_bits(w, v, want2, &format!("{what} (stored)"));
                }
            }
        }
        (None, None) => assert!(lane.stores.is_empty()),
        _ => panic!("{what}: table row and shape disagree"),
    }
}

#[test]
fn edge_cases() {
    let mut failed = 0;
    for row in common::table::<EdgeRow>(SET, "math_edge") {
        let ok = std::panic::catch_unwind(|| {
            run_edge(&row, 1);
            run_edge(&row, 3);
        });
        failed += ok.is_err() as usize;
    }
    assert_eq!(failed, 0, "edge-case rows failed (messages above)");
}

#[test]
fn every_instruction_has_edge_rows() {
    let rows = common::table::<EdgeRow>(SET, "math_edge");
    let math: Vec<_> = isa::opencl_std::coverage()
        .into_iter()
        .filter(|c| common::opcode_of(&c.name) <= 94)
        .collect();
    assert_eq!(math.len(), 95);
    for c in math {
        assert!(
            rows.iter().any(|r| r.inst == c.name),
            "{} has no edge-case rows",
            c.name
        );
    }
}

#[test]
fn bad_calls_are_errors() {
    let mut lane = Eval::default();
    let x = lane.push(0);
    let f32s = [Scalar::Float(32)];
    let op = |regs: Vec<Reg>, types: Vec<Scalar>| Operand {
        literal: None,
        regs,
        types,
        pointer: None,
    };
    let sin = common::opcode_of("CL.sin") as u32;
    let sincos = common::opcode_of("CL.sincos") as u32;
    let lower = |lane: &mut Eval, opcode: u32, result: &[Scalar], operands: &[Operand]| {
        isa::opencl_std::lower(
            lane,
            &Call {
                opcode,
                result,
                operands,
            },
        )
    };
    // Wrong operand count.
    let ops = [op(vec![x], f32s.to_vec()), op(vec![x], f32s.to_vec())];
    assert!(lower(&mut lane, sin, &f32s, &ops).is_err());
    // Mixed types.
    let ops = [op(vec![x], vec![Scalar::Float(64)])];
    assert!(lower(&mut lane, sin, &f32s, &ops).is_err());
    // Integer result.
    let ops = [op(vec![x], f32s.to_vec())];
    assert!(lower(&mut lane, sin, &[Scalar::Int(32)], &ops).is_err());
    // sincos without a pointer.
    let ops = [op(vec![x], f32s.to_vec()), op(vec![x], f32s.to_vec())];
    assert!(lower(&mut lane, sincos, &f32s, &ops).is_err());
    // Not a math opcode (95 is fclamp, which takes three operands).
    assert!(lower(&mut lane, 95, &f32s, &ops[..1]).is_err());
}

#[test]
fn never_panics_on_odd_bits() {
    let odd = [
        0u64,
        1,
        u64::MAX,
        0x7ff0_0000_0000_0001,
        0x8000_0000_0000_0000,
        0xffff,
        0x7c01,
        0x7f80_0001,
    ];
    for opcode in 0..=common::opcode_of("CL.native_tan") {
        for ty in [
            Scalar::Float(16),
            Scalar::Float(32),
            Scalar::Float(64),
            Scalar::Int(32),
        ] {
            for aux in [ty, Scalar::Int(32), Scalar::Int(8)] {
                let op = ExtOp {
                    set: ExtSet::OpenCl,
                    opcode,
                    ty,
                    aux,
                };
                for &a in &odd {
                    for &b in &odd {
                        let _ = eval(op, a, b, a ^ b);
                    }
                }
                let _ = op_class(op);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Vectors and pointer outputs through `lower`
// ---------------------------------------------------------------------------

/// The one-lane builder, with memory for the pointer outputs.
fn new_lane() -> Eval {
    Eval {
        mem: Some(HashMap::new()),
        ..Eval::default()
    }
}

/// Lowers `call`, which must succeed; math lowering loads nothing.
fn lower(lane: &mut Eval, call: &Call) -> Vec<Reg> {
    let out = isa::opencl_std::lower(lane, call).unwrap();
    assert!(lane.loads.is_empty(), "no loads expected");
    out
}

fn vec_operand(lane: &mut Eval, ty: Scalar, vals: &[u64]) -> Operand {
    Operand {
        literal: None,
        regs: vals.iter().map(|&v| lane.push(v)).collect(),
        types: vec![ty; vals.len()],
        pointer: None,
    }
}

fn ptr_operand(lane: &mut Eval, ty: Scalar, n: usize, offset: i64) -> Operand {
    let stride = ty.bytes();
    let addr = lane.push(0x4_0000);
    Operand {
        literal: None,
        regs: vec![addr],
        types: vec![Scalar::Int(64)],
        pointer: Some((offset, (0..n as u32).map(|i| (ty, i * stride)).collect())),
    }
}

#[test]
fn vectors_and_pointer_outputs() {
    for w in [16u32, 32, 64] {
        for n in [2usize, 3, 4, 8, 16] {
            let xs: Vec<f64> = (0..n).map(|i| (i as f64 - 5.5) * 0.75).collect();
            let xb: Vec<u64> = xs.iter().map(|&x| round(w, x)).collect();
            // sincos: sin returned, cos stored.
            let mut lane = new_lane();
            let ops = [
                vec_operand(&mut lane, fl(w), &xb),
                ptr_operand(&mut lane, fl(w), n, 8),
            ];
            let res = vec![fl(w); n];
            let out = lower(
                &mut lane,
                &Call {
                    opcode: 58,
                    result: &res,
                    operands: &ops,
                },
            );
            for i in 0..n {
                let x = to_f64(w, xb[i]);
                assert!(ulp_err(w, lane.regs[out[i] as usize], x.sin(), 0.0) <= 1.0);
                let (ty, v, a, off) = lane.stores[i];
                assert_eq!(
                    (ty, a, off),
                    (fl(w), 0x4_0000, 8 + (i as i64) * (w as i64 / 8))
                );
                assert!(ulp_err(w, v, x.cos(), 0.0) <= 1.0, "cos f{w} {x}");
            }
            // frexp: mantissa returned, exponent (i32) stored.
            for (opcode, name) in [
                (31u32, "frexp"),
                (45, "modf"),
                (30, "fract"),
                (36, "lgamma_r"),
            ] {
                let int_out = opcode == 31 || opcode == 36;
                let pty = if int_out { Scalar::Int(32) } else { fl(w) };
                let mut lane = new_lane();
                let ops = [
                    vec_operand(&mut lane, fl(w), &xb),
                    ptr_operand(&mut lane, pty, n, 0),
                ];
                let out = lower(
                    &mut lane,
                    &Call {
                        opcode,
                        result: &res,
                        operands: &ops,
                    },
                );
                assert_eq!(lane.stores.len(), n, "{name}");
                for i in 0..n {
                    let x = to_f64(w, xb[i]);
                    let r = to_f64(w, lane.regs[out[i] as usize]);
                    let s = lane.stores[i].1;
                    match name {
                        "frexp" => {
                            assert_eq!((r, s as u32 as i32), frexp_ref(x), "frexp {x}");
                        }
                        "modf" => {
                            assert_eq!(r, x - x.trunc());
                            assert_eq!(to_f64(w, s), x.trunc());
                        }
                        "fract" => {
                            assert_eq!(r, x - x.floor());
                            assert_eq!(to_f64(w, s), x.floor());
                        }
                        _ => {
                            let g = libm::tgamma(x);
                            if g.is_finite() {
                                assert_eq!(
                                    s as u32 as i32,
                                    if g < 0.0 { -1 } else { 1 },
                                    "lgamma_r sign {x}"
                                );
                                assert!(
                                    (r - g.abs().ln()).abs() <= 1e-2 * g.abs().ln().abs().max(1.0),
                                    "lgamma_r {x}"
                                );
                            }
                        }
                    }
                }
            }
            // remquo: remainder returned, quotient bits stored.
            let ys: Vec<u64> = (0..n).map(|i| round(w, 0.5 + i as f64 * 0.25)).collect();
            let mut lane = new_lane();
            let ops = [
                vec_operand(&mut lane, fl(w), &xb),
                vec_operand(&mut lane, fl(w), &ys),
                ptr_operand(&mut lane, Scalar::Int(32), n, 4),
            ];
            let out = lower(
                &mut lane,
                &Call {
                    opcode: 52,
                    result: &res,
                    operands: &ops,
                },
            );
            for i in 0..n {
                let (x, y) = (to_f64(w, xb[i]), to_f64(w, ys[i]));
                let (r, q) = remquo_ref(x, y);
                assert_eq!(to_f64(w, lane.regs[out[i] as usize]), r, "remquo({x}, {y})");
                assert_eq!(lane.stores[i].1 as u32 as i32, q, "remquo quo({x}, {y})");
                assert_eq!(lane.stores[i].3, 4 + 4 * i as i64);
            }
            // ldexp / pown / rootn with i32 vectors; ilogb to i32; nan from integers.
            let ks: Vec<u64> = (0..n).map(|i| i32bits(i as i32 - 3)).collect();
            for opcode in [34u32, 49, 54] {
                let mut lane = new_lane();
                let ops = [
                    vec_operand(&mut lane, fl(w), &xb),
                    vec_operand(&mut lane, Scalar::Int(32), &ks),
                ];
                let out = lower(
                    &mut lane,
                    &Call {
                        opcode,
                        result: &res,
                        operands: &ops,
                    },
                );
                for i in 0..n {
                    let single = eval(op(opcode as u16, w, Scalar::Int(32)), xb[i], ks[i], 0);
                    assert_eq!(lane.regs[out[i] as usize], single);
                }
            }
            let mut lane = new_lane();
            let ops = [vec_operand(&mut lane, fl(w), &xb)];
            let ires = vec![Scalar::Int(32); n];
            let out = lower(
                &mut lane,
                &Call {
                    opcode: 33,
                    result: &ires,
                    operands: &ops,
                },
            );
            for i in 0..n {
                let x = to_f64(w, xb[i]);
                let want = if x == 0.0 {
                    i32::MIN
                } else {
                    frexp_ref(x).1 - 1
                };
                assert_eq!(lane.regs[out[i] as usize] as u32 as i32, want);
            }
            let codes: Vec<u64> = (0..n as u64).collect();
            let mut lane = new_lane();
            let ops = [vec_operand(&mut lane, Scalar::Int(w as u8), &codes)];
            let out = lower(
                &mut lane,
                &Call {
                    opcode: 46,
                    result: &res,
                    operands: &ops,
                },
            );
            for i in 0..n {
                let v = to_f64(w, lane.regs[out[i] as usize]);
                assert!(v.is_nan());
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

#[test]
fn report_worst_ulp() {
    // The measured table must be the one the docs show
    // (isa::opencl_std::ACCURACY, printed in docs/isa-coverage.md).
    let t = measure_all();
    let funs = funs();
    let mut table = String::from(
        "| function | half | float | double | bound (half/float/double) |\n|---|---|---|---|---|\n",
    );
    for f in &funs {
        let cell = |m: &Option<(f64, String)>| match m {
            Some((e, _)) => format!("{e:.3}"),
            None => "-".into(),
        };
        let b = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v}"));
        let m = &t[f.name];
        table += &format!(
            "| {} | {} | {} | {} | {}/{}/{} |\n",
            f.name,
            cell(&m[0]),
            cell(&m[1]),
            cell(&m[2]),
            b(f.bound[0]),
            b(f.bound[1]),
            b(f.bound[2])
        );
    }
    print!("{table}");
    assert_eq!(
        table,
        isa::opencl_std::ACCURACY,
        "update ACCURACY in isa/src/opencl_std/math.rs"
    );
}
