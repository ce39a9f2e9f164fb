//! GLSL.std.450: the meaning of every instruction of the extended
//! instruction set (specification: `GLSL.std.450`, version 1.00 rev. 13).
//!
//! Most instructions become one lane operation per component ([`ExtOp`]
//! with `opcode` = the instruction number). Geometry (Length, Distance,
//! Normalize, Cross, FaceForward, Reflect, Refract), Determinant,
//! MatrixInverse and the 4x8 packs are lowered into several lane operations;
//! those use private opcodes (`0x100` and up, see [`private`]) whose
//! intermediate values are f64 bits, so the whole computation is done in f64
//! and rounded once to the shader's type. Their `ty` is the shader's float
//! type, so the timing model charges them as work in that type.
//!
//! # Precision
//!
//! f16 and f32 results are computed in f64 (the `libm` crate, pure Rust, so
//! every platform gives the same bits; `sqrt` from std, which is IEEE exact)
//! and rounded once, to nearest even, to the result type. The f64 result is
//! within 1 f64 ulp of the true value, so the f32/f16 result is correctly
//! rounded except when the true value lies within ~2^-29 f32 ulp of a
//! rounding boundary. f64 results use `libm` directly. Bounds below are what
//! the tests measure (the Vulkan requirement is given for comparison; "inh."
//! = inherited from the defining expression in Vulkan's table):
//!
//! The table is [`PRECISION`] (also printed by `gpusim isa coverage`).
//!
//! # Choices where the specification leaves freedom
//!
//! * `Round`: ties go to even (like `RoundEven`); the spec lets the
//!   implementation choose, and GPUs round with their round-to-nearest-even
//!   instruction.
//! * `FMin`/`FMax`/`FClamp` with a NaN operand: the non-NaN operand is the
//!   result (the same as `NMin`/`NMax`/`NClamp`); both NaN gives NaN.
//!   Otherwise the spec's literal rule, so `FMin(+0, -0)` = `+0` (x).
//! * `FSign(±0)` = the same zero; `FSign(NaN)` = NaN.
//! * Pack*norm: `round` is round-half-to-even; a NaN component packs as 0.
//! * `Frexp`/`FrexpStruct` of ±inf or NaN: significand = x, exponent 0.
//! * `Modf`: whole part = `Trunc(x)`, fraction = `x - Trunc(x)` carrying the
//!   sign of x (so `Modf(-3.0)` = (-0.0, -3.0)); ±inf gives (±0, ±inf).
//! * `Ldexp`: the exponent operand is read as signed (its type is in `aux`);
//!   results round once (denormal results are kept, not flushed).
//! * `Fract` is the literal `x - floor(x)` rounded once (so a tiny negative
//!   x gives 1.0, as the formula says).
//! * Length/Distance/Normalize: a NaN component gives NaN (no `hypot`
//!   inf-beats-NaN rule).
//! * `FindILsb`/`FindSMsb`/`FindUMsb` work at every integer width; the
//!   result may be any integer width (the value is the same, -1 for no bit).
//! * f64 operands of the 16/32-bit-only instructions (Radians … Log2, Pow,
//!   Atan2) and the InterpolateAt* instructions are refused with a message.
//! * Undefined inputs (Asin of |x| > 1, Log of negatives, Pow of negative x,
//!   …) give what the f64 `libm` function gives (usually NaN), rounded.

use crate::core::{AluOp, Scalar};
use crate::ext::{per_component, Builder, Call, Coverage, ExtOp, ExtSet, OpClass, Operand};
use crate::ir::Reg;

/// Precision per instruction family, measured by the tests, as a Markdown table (docs/isa-coverage.md shows it).
pub const PRECISION: &str = "\
| Instructions | f16 / f32 (measured) | f64 | Vulkan requires (f32) |\n\
|---|---|---|---|\n\
| Round RoundEven Trunc Floor Ceil Fract FAbs FSign Modf Frexp Ldexp Step FMin/FMax/FClamp NMin/NMax/NClamp | exact | exact | exact |\n\
| Sqrt | correctly rounded | correctly rounded | inh. 1/InverseSqrt |\n\
| InverseSqrt | ≤ 0.5 ulp + 2^-29 | ≤ 0.51 ulp (1/sqrt plus one Newton step on an exact fma residual) | 2 ulp |\n\
| Fma | correctly rounded (single rounding; f16 by round-to-odd in f64) | correctly rounded | inh. |\n\
| Exp Exp2 Log Log2 Pow Sin Cos Tan Asin Acos Atan Atan2 Sinh Cosh Tanh Asinh Acosh Atanh Radians Degrees | ≤ 0.5 ulp + 2^-29 (test asserts ≤ 0.5001 ulp against the f64 value over a seeded sweep, and exact bits against mpmath at spot points) | refused (spec: 16/32-bit only) | exp: 3+2\\|x\\| ulp; log: 3 ulp / 2^-21 abs; sin/cos: 2^-11 abs; atan: 4096 ulp; others inh. |\n\
| FMix SmoothStep | ≤ 0.5 ulp + tiny (whole formula in f64) | formula in f64 (inh.) | inh. |\n\
| Length Distance Normalize Cross Reflect Refract FaceForward | dot/hypot accumulated in f64, one final rounding: ≤ 0.5 ulp + tiny (cancellation in Cross/Reflect/Refract aside) | ≤ n ulp (hypot chain) | inh. |\n\
| Determinant MatrixInverse | cofactors in f64, one rounding per result (f32: ≤ 1 ulp on well-conditioned inputs) | f64 cofactor expansion (inh.) | inh. |\n\
| Pack*/Unpack* | exact per spec formula (Unpack*norm correctly rounded; checked exhaustively) | — | exact |\n\
";

// Instruction numbers.
pub const ROUND: u16 = 1;
pub const ROUND_EVEN: u16 = 2;
pub const TRUNC: u16 = 3;
pub const FABS: u16 = 4;
pub const SABS: u16 = 5;
pub const FSIGN: u16 = 6;
pub const SSIGN: u16 = 7;
pub const FLOOR: u16 = 8;
pub const CEIL: u16 = 9;
pub const FRACT: u16 = 10;
pub const RADIANS: u16 = 11;
pub const DEGREES: u16 = 12;
pub const SIN: u16 = 13;
pub const COS: u16 = 14;
pub const TAN: u16 = 15;
pub const ASIN: u16 = 16;
pub const ACOS: u16 = 17;
pub const ATAN: u16 = 18;
pub const SINH: u16 = 19;
pub const COSH: u16 = 20;
pub const TANH: u16 = 21;
pub const ASINH: u16 = 22;
pub const ACOSH: u16 = 23;
pub const ATANH: u16 = 24;
pub const ATAN2: u16 = 25;
pub const POW: u16 = 26;
pub const EXP: u16 = 27;
pub const LOG: u16 = 28;
pub const EXP2: u16 = 29;
pub const LOG2: u16 = 30;
pub const SQRT: u16 = 31;
pub const INVERSE_SQRT: u16 = 32;
pub const DETERMINANT: u16 = 33;
pub const MATRIX_INVERSE: u16 = 34;
pub const MODF: u16 = 35;
pub const MODF_STRUCT: u16 = 36;
pub const FMIN: u16 = 37;
pub const UMIN: u16 = 38;
pub const SMIN: u16 = 39;
pub const FMAX: u16 = 40;
pub const UMAX: u16 = 41;
pub const SMAX: u16 = 42;
pub const FCLAMP: u16 = 43;
pub const UCLAMP: u16 = 44;
pub const SCLAMP: u16 = 45;
pub const FMIX: u16 = 46;
pub const STEP: u16 = 48;
pub const SMOOTH_STEP: u16 = 49;
pub const FMA: u16 = 50;
pub const FREXP: u16 = 51;
pub const FREXP_STRUCT: u16 = 52;
pub const LDEXP: u16 = 53;
pub const PACK_SNORM4X8: u16 = 54;
pub const PACK_UNORM4X8: u16 = 55;
pub const PACK_SNORM2X16: u16 = 56;
pub const PACK_UNORM2X16: u16 = 57;
pub const PACK_HALF2X16: u16 = 58;
pub const PACK_DOUBLE2X32: u16 = 59;
pub const UNPACK_SNORM2X16: u16 = 60;
pub const UNPACK_UNORM2X16: u16 = 61;
pub const UNPACK_HALF2X16: u16 = 62;
pub const UNPACK_SNORM4X8: u16 = 63;
pub const UNPACK_UNORM4X8: u16 = 64;
pub const UNPACK_DOUBLE2X32: u16 = 65;
pub const LENGTH: u16 = 66;
pub const DISTANCE: u16 = 67;
pub const CROSS: u16 = 68;
pub const NORMALIZE: u16 = 69;
pub const FACE_FORWARD: u16 = 70;
pub const REFLECT: u16 = 71;
pub const REFRACT: u16 = 72;
pub const FIND_ILSB: u16 = 73;
pub const FIND_SMSB: u16 = 74;
pub const FIND_UMSB: u16 = 75;
pub const INTERPOLATE_AT_CENTROID: u16 = 76;
pub const INTERPOLATE_AT_SAMPLE: u16 = 77;
pub const INTERPOLATE_AT_OFFSET: u16 = 78;
pub const NMIN: u16 = 79;
pub const NMAX: u16 = 80;
pub const NCLAMP: u16 = 81;

/// Every instruction of the specification: number and name (47, IMix, was
/// removed from the set and is not listed).
pub static INSTRUCTIONS: &[(u16, &str)] = &[
    (1, "Round"),
    (2, "RoundEven"),
    (3, "Trunc"),
    (4, "FAbs"),
    (5, "SAbs"),
    (6, "FSign"),
    (7, "SSign"),
    (8, "Floor"),
    (9, "Ceil"),
    (10, "Fract"),
    (11, "Radians"),
    (12, "Degrees"),
    (13, "Sin"),
    (14, "Cos"),
    (15, "Tan"),
    (16, "Asin"),
    (17, "Acos"),
    (18, "Atan"),
    (19, "Sinh"),
    (20, "Cosh"),
    (21, "Tanh"),
    (22, "Asinh"),
    (23, "Acosh"),
    (24, "Atanh"),
    (25, "Atan2"),
    (26, "Pow"),
    (27, "Exp"),
    (28, "Log"),
    (29, "Exp2"),
    (30, "Log2"),
    (31, "Sqrt"),
    (32, "InverseSqrt"),
    (33, "Determinant"),
    (34, "MatrixInverse"),
    (35, "Modf"),
    (36, "ModfStruct"),
    (37, "FMin"),
    (38, "UMin"),
    (39, "SMin"),
    (40, "FMax"),
    (41, "UMax"),
    (42, "SMax"),
    (43, "FClamp"),
    (44, "UClamp"),
    (45, "SClamp"),
    (46, "FMix"),
    (48, "Step"),
    (49, "SmoothStep"),
    (50, "Fma"),
    (51, "Frexp"),
    (52, "FrexpStruct"),
    (53, "Ldexp"),
    (54, "PackSnorm4x8"),
    (55, "PackUnorm4x8"),
    (56, "PackSnorm2x16"),
    (57, "PackUnorm2x16"),
    (58, "PackHalf2x16"),
    (59, "PackDouble2x32"),
    (60, "UnpackSnorm2x16"),
    (61, "UnpackUnorm2x16"),
    (62, "UnpackHalf2x16"),
    (63, "UnpackSnorm4x8"),
    (64, "UnpackUnorm4x8"),
    (65, "UnpackDouble2x32"),
    (66, "Length"),
    (67, "Distance"),
    (68, "Cross"),
    (69, "Normalize"),
    (70, "FaceForward"),
    (71, "Reflect"),
    (72, "Refract"),
    (73, "FindILsb"),
    (74, "FindSMsb"),
    (75, "FindUMsb"),
    (76, "InterpolateAtCentroid"),
    (77, "InterpolateAtSample"),
    (78, "InterpolateAtOffset"),
    (79, "NMin"),
    (80, "NMax"),
    (81, "NClamp"),
];

/// Lane operations private to this lowering. "W" values are f64 bits; `ty`
/// is always the shader's float type (the final rounding target).
pub mod private {
    /// (acc W, a, b) -> acc + a*b (fma in f64).
    pub const DOT: u16 = 0x100;
    /// (acc W, a) -> hypot(acc, a); NaN if either is NaN.
    pub const HYPOT: u16 = 0x101;
    /// (acc W, a, b) -> hypot(acc, a - b).
    pub const HYPOT_DIFF: u16 = 0x102;
    /// (W) -> W rounded to `ty`: the end of Length/Distance (stands for the sqrt).
    pub const LEN_ROUND: u16 = 0x103;
    /// (W) -> 1 / W (stays W): Normalize's reciprocal length.
    pub const RECIP: u16 = 0x104;
    /// (x, W) -> x * W rounded to `ty`.
    pub const MUL_ROUND: u16 = 0x105;
    /// (n, dot W) -> n if dot (rounded to `ty`) < 0, else -n.
    pub const FACE: u16 = 0x106;
    /// (i, n, dot W) -> i - 2*dot*n rounded to `ty`.
    pub const REFLECT: u16 = 0x107;
    /// (dot W, eta of type `aux`) -> eta*dot + sqrt(k), W.
    pub const REFRACT_COEF: u16 = 0x108;
    /// (dot W, eta of type `aux`) -> Bool: k < 0.
    pub const REFRACT_TIR: u16 = 0x109;
    /// (i, eta of type `aux`) -> eta * i, W.
    pub const REFRACT_EI: u16 = 0x10a;
    /// (ei W, n, coef W) -> ei - coef*n rounded to `ty`.
    pub const REFRACT_OUT: u16 = 0x10b;
    /// (a, b) -> a*b, W.
    pub const MUL_W: u16 = 0x10c;
    /// (p W, c, d) -> p - c*d rounded to `ty`.
    pub const FMS_ROUND: u16 = 0x10d;
    /// (x) -> x widened to W.
    pub const WIDEN: u16 = 0x110;
    /// (a W, b W) -> a*b, W.
    pub const WMUL: u16 = 0x111;
    /// (a W, b W, c W) -> a*b + c, W.
    pub const WFMA: u16 = 0x112;
    /// (a W, b W, c W) -> c - a*b, W.
    pub const WFMS: u16 = 0x113;
    /// (a W, b W, neg) -> ±a/b rounded to `ty` (negated when neg != 0).
    pub const WDIV_ROUND: u16 = 0x114;
    /// (W) -> W rounded to `ty`.
    pub const WROUND: u16 = 0x115;
    /// (x) -> the exponent of frexp(x), an integer of type `aux`.
    pub const FREXP_EXP: u16 = 0x120;
    /// (lo, z, w) -> lo | snorm8(z) << 16 | snorm8(w) << 24.
    pub const PACK_SNORM8_HI: u16 = 0x130;
    /// (lo, z, w) -> lo | unorm8(z) << 16 | unorm8(w) << 24.
    pub const PACK_UNORM8_HI: u16 = 0x131;
}
use private as p;

// ---------------------------------------------------------------------------
// Lane helpers.

#[inline(always)]
fn width(ty: Scalar) -> u8 {
    match ty {
        Scalar::Bool => 1,
        Scalar::Int(w) | Scalar::Float(w) => w,
    }
}

#[inline(always)]
fn mask(w: u8) -> u64 {
    crate::core::mask(w as u32)
}

#[inline(always)]
fn sext(x: u64, w: u8) -> i64 {
    crate::core::sign_extend(x, w as u32)
}

/// A float of width `w` widened (exactly) to f64.
#[inline(always)]
fn tof(w: u8, a: u64) -> f64 {
    crate::core::to_f64(w as u32, a)
}

/// An f64 rounded once (to nearest even) to the float of width `w`.
#[inline(always)]
fn fromf(w: u8, x: f64) -> u64 {
    crate::core::from_f64(w as u32, x)
}

/// An f64 rounded once, to nearest even, to binary16.
#[inline]
fn f64_to_f16(x: f64) -> u16 {
    crate::core::from_f64(16, x) as u16
}

#[inline(always)]
fn wf(a: u64) -> f64 {
    f64::from_bits(a)
}

#[inline(always)]
fn fmin(x: f64, y: f64) -> f64 {
    if x.is_nan() {
        y
    } else if y.is_nan() || y >= x {
        x
    } else {
        y
    }
}

#[inline(always)]
fn fmax(x: f64, y: f64) -> f64 {
    if x.is_nan() {
        y
    } else if y.is_nan() || x >= y {
        x
    } else {
        y
    }
}

/// Fused multiply-add of binary16 values, rounded once: the product is
/// exact in f64, the sum is rounded to odd in f64 (53 >= 11 + 2 bits, so the
/// final rounding to f16 is correct).
#[inline]
fn fma16(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b;
    let s = p + c;
    if !s.is_finite() {
        return s;
    }
    // TwoSum error term.
    let bb = s - p;
    let err = (p - (s - bb)) + (c - bb);
    if err != 0.0 && s.to_bits() & 1 == 0 {
        let up = (err > 0.0) == (s > 0.0);
        let bits = s.to_bits();
        return f64::from_bits(if up { bits + 1 } else { bits - 1 });
    }
    s
}

/// 1/sqrt(x) in f64 with one Newton step on an exact residual, so the
/// result is within ~0.5 ulp (two plain roundings could reach 2 ulp).
#[inline]
fn rsqrt64(x: f64) -> f64 {
    let y = 1.0 / x.sqrt();
    if !y.is_normal() || !x.is_normal() {
        return y;
    }
    let p = y * y;
    let pe = libm::fma(y, y, -p);
    let res = libm::fma(-x, p, 1.0) - x * pe;
    libm::fma(y * 0.5, res, y)
}

#[inline(always)]
fn snorm(c: f64, scale: f64) -> i64 {
    if c.is_nan() {
        return 0;
    }
    (c.clamp(-1.0, 1.0) * scale).round_ties_even() as i64
}

#[inline(always)]
fn unorm(c: f64, scale: f64) -> u64 {
    if c.is_nan() {
        return 0;
    }
    (c.clamp(0.0, 1.0) * scale).round_ties_even() as u64
}

/// Refraction's k = 1 - eta^2 (1 - d^2).
#[inline(always)]
fn refract_k(d: f64, eta: f64) -> f64 {
    1.0 - eta * eta * (1.0 - d * d)
}

/// The meaning of one lane of `op` on operands `a`, `b`, `c`. Never panics;
/// an unknown opcode gives 0.
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    let w = width(op.ty);
    let m = mask(w);
    let x = || tof(w, a);
    let y = || tof(w, b);
    let z = || tof(w, c);
    let un = |f: fn(f64) -> f64| fromf(w, f(tof(w, a)));
    let minus1 = mask(width(op.aux));
    match op.opcode {
        ROUND | ROUND_EVEN => un(f64::round_ties_even),
        TRUNC => un(f64::trunc),
        FABS => a & (m >> 1),
        SABS => sext(a, w).wrapping_abs() as u64 & m,
        FSIGN => {
            let v = x();
            if v.is_nan() || v == 0.0 {
                a
            } else {
                fromf(w, if v > 0.0 { 1.0 } else { -1.0 })
            }
        }
        SSIGN => sext(a, w).signum() as u64 & m,
        FLOOR => un(f64::floor),
        CEIL => un(f64::ceil),
        FRACT => un(|v| v - v.floor()),
        RADIANS => un(|v| v * (std::f64::consts::PI / 180.0)),
        DEGREES => un(|v| v * (180.0 / std::f64::consts::PI)),
        SIN => un(libm::sin),
        COS => un(libm::cos),
        TAN => un(libm::tan),
        ASIN => un(libm::asin),
        ACOS => un(libm::acos),
        ATAN => un(libm::atan),
        SINH => un(libm::sinh),
        COSH => un(libm::cosh),
        TANH => un(libm::tanh),
        ASINH => un(libm::asinh),
        // libm's acosh gives finite values for some x < 1; keep NaN there.
        ACOSH => un(|v| if v < 1.0 { f64::NAN } else { libm::acosh(v) }),
        ATANH => un(libm::atanh),
        ATAN2 => fromf(w, libm::atan2(x(), y())),
        POW => fromf(w, libm::pow(x(), y())),
        EXP => un(libm::exp),
        LOG => un(libm::log),
        EXP2 => un(libm::exp2),
        LOG2 => un(libm::log2),
        SQRT => un(f64::sqrt),
        INVERSE_SQRT => {
            if w == 64 {
                rsqrt64(x()).to_bits()
            } else {
                un(|v| 1.0 / v.sqrt())
            }
        }
        // Modf's lane op is the fraction; the whole part is TRUNC.
        MODF | MODF_STRUCT => {
            let v = x();
            if v.is_nan() {
                return fromf(w, v);
            }
            let f = if v.is_infinite() { 0.0 } else { v - v.trunc() };
            fromf(w, f.copysign(v))
        }
        FMIN | NMIN => fromf(w, fmin(x(), y())),
        FMAX | NMAX => fromf(w, fmax(x(), y())),
        FCLAMP | NCLAMP => fromf(w, fmin(fmax(x(), y()), z())),
        UMIN => (a & m).min(b & m),
        SMIN => sext(a, w).min(sext(b, w)) as u64 & m,
        UMAX => (a & m).max(b & m),
        SMAX => sext(a, w).max(sext(b, w)) as u64 & m,
        UCLAMP => (a & m).max(b & m).min(c & m),
        SCLAMP => sext(a, w).max(sext(b, w)).min(sext(c, w)) as u64 & m,
        FMIX => {
            let (x, y, t) = (x(), y(), z());
            if w == 64 {
                libm::fma(y, t, x * (1.0 - t)).to_bits()
            } else {
                fromf(w, x * (1.0 - t) + y * t)
            }
        }
        STEP => fromf(w, if y() < x() { 0.0 } else { 1.0 }),
        SMOOTH_STEP => {
            let (e0, e1, v) = (x(), y(), z());
            // NaN stays NaN (clamp only panics on NaN bounds).
            let t = ((v - e0) / (e1 - e0)).clamp(0.0, 1.0);
            fromf(w, t * t * (3.0 - 2.0 * t))
        }
        FMA => match w {
            16 => fromf(16, fma16(x(), y(), z())),
            32 => libm::fmaf(
                f32::from_bits(a as u32),
                f32::from_bits(b as u32),
                f32::from_bits(c as u32),
            )
            .to_bits() as u64,
            _ => libm::fma(x(), y(), z()).to_bits(),
        },
        FREXP | FREXP_STRUCT => fromf(w, libm::frexp(x()).0),
        p::FREXP_EXP => {
            let v = x();
            if v.is_finite() {
                libm::frexp(v).1 as i64 as u64 & minus1
            } else {
                0
            }
        }
        LDEXP => {
            let e = sext(b, width(op.aux)).clamp(-4000, 4000) as i32;
            fromf(w, libm::scalbn(x(), e))
        }
        PACK_SNORM4X8 => {
            let lo = snorm(tof(32, a), 127.0) as u64 & 0xff;
            let hi = snorm(tof(32, b), 127.0) as u64 & 0xff;
            lo | hi << 8
        }
        PACK_UNORM4X8 => unorm(tof(32, a), 255.0) | unorm(tof(32, b), 255.0) << 8,
        p::PACK_SNORM8_HI => {
            let z = snorm(tof(32, b), 127.0) as u64 & 0xff;
            let w = snorm(tof(32, c), 127.0) as u64 & 0xff;
            (a & 0xffff) | z << 16 | w << 24
        }
        p::PACK_UNORM8_HI => {
            (a & 0xffff) | unorm(tof(32, b), 255.0) << 16 | unorm(tof(32, c), 255.0) << 24
        }
        PACK_SNORM2X16 => {
            let lo = snorm(tof(32, a), 32767.0) as u64 & 0xffff;
            let hi = snorm(tof(32, b), 32767.0) as u64 & 0xffff;
            lo | hi << 16
        }
        PACK_UNORM2X16 => unorm(tof(32, a), 65535.0) | unorm(tof(32, b), 65535.0) << 16,
        PACK_HALF2X16 => {
            let lo = f64_to_f16(tof(32, a)) as u64;
            let hi = f64_to_f16(tof(32, b)) as u64;
            lo | hi << 16
        }
        PACK_DOUBLE2X32 => (a & 0xffff_ffff) | (b & 0xffff_ffff) << 32,
        // Unpacks: `b` is the component index.
        UNPACK_SNORM2X16 => {
            let f = sext(a >> (16 * (b & 1)), 16) as f64;
            fromf(32, (f / 32767.0).clamp(-1.0, 1.0))
        }
        UNPACK_UNORM2X16 => fromf(32, ((a >> (16 * (b & 1))) & 0xffff) as f64 / 65535.0),
        UNPACK_HALF2X16 => {
            let h = half::f16::from_bits((a >> (16 * (b & 1))) as u16);
            h.to_f32().to_bits() as u64
        }
        UNPACK_SNORM4X8 => {
            let f = sext(a >> (8 * (b & 3)), 8) as f64;
            fromf(32, (f / 127.0).clamp(-1.0, 1.0))
        }
        UNPACK_UNORM4X8 => fromf(32, ((a >> (8 * (b & 3))) & 0xff) as f64 / 255.0),
        UNPACK_DOUBLE2X32 => (a >> (32 * (b & 1))) & 0xffff_ffff,
        FIND_ILSB => {
            if a & m == 0 {
                minus1
            } else {
                (a & m).trailing_zeros() as u64
            }
        }
        FIND_UMSB => {
            if a & m == 0 {
                minus1
            } else {
                63 - (a & m).leading_zeros() as u64
            }
        }
        FIND_SMSB => {
            let v = sext(a, w);
            let v = if v < 0 { !v } else { v } as u64;
            if v == 0 {
                minus1
            } else {
                63 - v.leading_zeros() as u64
            }
        }
        // Private lane operations (W = f64 bits).
        p::DOT => {
            let (acc, a, b) = (wf(a), y(), z());
            libm::fma(a, b, acc).to_bits()
        }
        p::HYPOT | p::HYPOT_DIFF => {
            let acc = wf(a);
            let v = if op.opcode == p::HYPOT {
                y()
            } else {
                y() - z()
            };
            if acc.is_nan() || v.is_nan() {
                f64::NAN.to_bits()
            } else {
                libm::hypot(acc, v).to_bits()
            }
        }
        p::LEN_ROUND | p::WROUND => fromf(w, wf(a)),
        p::RECIP => (1.0 / wf(a)).to_bits(),
        p::MUL_ROUND => fromf(w, x() * wf(b)),
        p::FACE => {
            let d = tof(w, fromf(w, wf(b)));
            if d < 0.0 {
                a
            } else {
                a ^ (1u64 << (w.clamp(1, 64) - 1))
            }
        }
        p::REFLECT => {
            let (i, n, d) = (x(), y(), wf(c));
            fromf(w, libm::fma(-2.0 * d, n, i))
        }
        p::REFRACT_COEF => {
            let (d, eta) = (wf(a), tof(width(op.aux), b));
            (eta * d + refract_k(d, eta).sqrt()).to_bits()
        }
        p::REFRACT_TIR => (refract_k(wf(a), tof(width(op.aux), b)) < 0.0) as u64,
        p::REFRACT_EI => (x() * tof(width(op.aux), b)).to_bits(),
        p::REFRACT_OUT => fromf(w, libm::fma(-wf(c), y(), wf(a))),
        p::MUL_W => (x() * y()).to_bits(),
        p::FMS_ROUND => fromf(w, libm::fma(-y(), z(), wf(a))),
        p::WIDEN => x().to_bits(),
        p::WMUL => (wf(a) * wf(b)).to_bits(),
        p::WFMA => libm::fma(wf(a), wf(b), wf(c)).to_bits(),
        p::WFMS => libm::fma(-wf(a), wf(b), wf(c)).to_bits(),
        p::WDIV_ROUND => {
            let q = wf(a) / wf(b);
            fromf(w, if c != 0 { -q } else { q })
        }
        _ => 0,
    }
}

/// The functional unit an operation needs.
pub fn op_class(op: ExtOp) -> OpClass {
    match op.opcode {
        SIN..=INVERSE_SQRT | p::LEN_ROUND | p::RECIP | p::REFRACT_COEF => OpClass::Trans,
        FIND_ILSB | FIND_SMSB | FIND_UMSB => OpClass::BitScan,
        // Bit moves, whatever the type.
        PACK_DOUBLE2X32 | UNPACK_DOUBLE2X32 => OpClass::Valu,
        _ if op.ty == Scalar::Float(64) => OpClass::ValuF64,
        _ => OpClass::Valu,
    }
}

// ---------------------------------------------------------------------------
// Lowering.

type R<T> = Result<T, String>;

fn op(opcode: u16, ty: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::Glsl,
        opcode,
        ty,
        aux: ty,
    }
}

fn op2(opcode: u16, ty: Scalar, aux: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::Glsl,
        opcode,
        ty,
        aux,
    }
}

fn tyname(t: Scalar) -> String {
    match t {
        Scalar::Bool => "bool".into(),
        Scalar::Int(w) => format!("{w}-bit integer"),
        Scalar::Float(w) => format!("{w}-bit float"),
    }
}

fn operands<'a>(call: &'a Call, n: usize) -> R<&'a [Operand]> {
    if call.operands.len() != n {
        return Err(format!(
            "expects {n} operand(s), got {}",
            call.operands.len()
        ));
    }
    Ok(call.operands)
}

fn value(o: &Operand, i: usize) -> R<&Operand> {
    if o.pointer.is_some() {
        return Err(format!("operand {} must be a value, not a pointer", i + 1));
    }
    if o.regs.len() != o.types.len() || o.regs.is_empty() {
        return Err(format!("operand {} has no components", i + 1));
    }
    Ok(o)
}

/// The single component type of a list of types, if they all agree.
fn uniform(types: &[Scalar]) -> Option<Scalar> {
    let t = *types.first()?;
    types.iter().all(|&u| u == t).then_some(t)
}

fn is_float(t: Scalar) -> bool {
    matches!(t, Scalar::Float(16 | 32 | 64))
}

fn is_int(t: Scalar) -> bool {
    matches!(t, Scalar::Int(8 | 16 | 32 | 64))
}

/// Checks a component-wise instruction whose result and operands all share
/// one type (`n` components of `kind`), returning that type.
fn same_type(call: &Call, nops: usize, want: fn(Scalar) -> bool, what: &str) -> R<Scalar> {
    let ops = operands(call, nops)?;
    let ty = uniform(call.result)
        .filter(|&t| want(t))
        .ok_or_else(|| format!("result must be a {what} scalar or vector"))?;
    for (i, o) in ops.iter().enumerate() {
        let o = value(o, i)?;
        if o.regs.len() != call.result.len() || uniform(&o.types) != Some(ty) {
            return Err(format!(
                "operand {} must have the result type ({} component(s) of {})",
                i + 1,
                call.result.len(),
                tyname(ty)
            ));
        }
    }
    Ok(ty)
}

fn regs<'a>(call: &'a Call, i: usize) -> &'a [Reg] {
    &call.operands[i].regs
}

fn bits16_32(ty: Scalar) -> R<()> {
    match ty {
        Scalar::Float(16 | 32) => Ok(()),
        _ => Err(format!(
            "takes 16- or 32-bit floats only, not {}",
            tyname(ty)
        )),
    }
}

/// Lowers one GLSL.std.450 instruction.
pub fn lower(b: &mut dyn Builder, call: &Call) -> R<Vec<Reg>> {
    let Ok(code) = u16::try_from(call.opcode) else {
        return Err(format!("unknown instruction number {}", call.opcode));
    };
    let n = call.result.len();
    match code {
        // Component-wise float, one operand.
        ROUND
        | ROUND_EVEN
        | TRUNC
        | FABS
        | FSIGN
        | FLOOR
        | CEIL
        | FRACT
        | SQRT
        | INVERSE_SQRT
        | RADIANS..=LOG2 => {
            let nops = if code == ATAN2 || code == POW { 2 } else { 1 };
            let ty = same_type(call, nops, is_float, "float")?;
            if (RADIANS..=LOG2).contains(&code) {
                bits16_32(ty)?;
            }
            let args: Vec<&[Reg]> = (0..nops).map(|i| regs(call, i)).collect();
            Ok(per_component(b, op(code, ty), n, &args))
        }
        FMIN | FMAX | NMIN | NMAX | STEP => {
            let ty = same_type(call, 2, is_float, "float")?;
            Ok(per_component(
                b,
                op(code, ty),
                n,
                &[regs(call, 0), regs(call, 1)],
            ))
        }
        FCLAMP | NCLAMP | FMIX | SMOOTH_STEP | FMA => {
            let ty = same_type(call, 3, is_float, "float")?;
            let args = [regs(call, 0), regs(call, 1), regs(call, 2)];
            Ok(per_component(b, op(code, ty), n, &args))
        }
        SABS | SSIGN => {
            let ty = same_type(call, 1, is_int, "integer")?;
            Ok(per_component(b, op(code, ty), n, &[regs(call, 0)]))
        }
        UMIN | SMIN | UMAX | SMAX => {
            let ty = same_type(call, 2, is_int, "integer")?;
            Ok(per_component(
                b,
                op(code, ty),
                n,
                &[regs(call, 0), regs(call, 1)],
            ))
        }
        UCLAMP | SCLAMP => {
            let ty = same_type(call, 3, is_int, "integer")?;
            let args = [regs(call, 0), regs(call, 1), regs(call, 2)];
            Ok(per_component(b, op(code, ty), n, &args))
        }
        FIND_ILSB | FIND_SMSB | FIND_UMSB => {
            let ops = operands(call, 1)?;
            let o = value(&ops[0], 0)?;
            let rt = uniform(call.result)
                .filter(|&t| is_int(t))
                .ok_or("result must be an integer scalar or vector")?;
            let ty = uniform(&o.types)
                .filter(|&t| is_int(t))
                .ok_or("operand must be an integer scalar or vector")?;
            if o.regs.len() != n {
                return Err("operand and result must have the same number of components".into());
            }
            Ok(per_component(b, op2(code, ty, rt), n, &[&o.regs]))
        }
        LDEXP => {
            let ops = operands(call, 2)?;
            let ty = uniform(call.result)
                .filter(|&t| is_float(t))
                .ok_or("result must be a float scalar or vector")?;
            let x = value(&ops[0], 0)?;
            let e = value(&ops[1], 1)?;
            if x.regs.len() != n || uniform(&x.types) != Some(ty) {
                return Err("x must have the result type".into());
            }
            let et = uniform(&e.types)
                .filter(|&t| is_int(t))
                .ok_or("exp must be an integer scalar or vector")?;
            if e.regs.len() != n && e.regs.len() != 1 {
                return Err("exp must have as many components as x".into());
            }
            Ok(per_component(b, op2(code, ty, et), n, &[&x.regs, &e.regs]))
        }
        MODF | FREXP => {
            let ops = operands(call, 2)?;
            let ty = uniform(call.result)
                .filter(|&t| is_float(t))
                .ok_or("result must be a float scalar or vector")?;
            let x = value(&ops[0], 0)?;
            if x.regs.len() != n || uniform(&x.types) != Some(ty) {
                return Err("x must have the result type".into());
            }
            let (addr, (base, fields)) = match (&ops[1].pointer, ops[1].regs.first()) {
                (Some(p), Some(&r)) => (r, p),
                _ => return Err("operand 2 must be a pointer".into()),
            };
            if fields.len() != n {
                return Err(format!(
                    "the pointer's pointee must have {n} component(s), not {}",
                    fields.len()
                ));
            }
            let mut out = Vec::with_capacity(n);
            for (i, &(ft, off)) in fields.iter().enumerate() {
                let xi = x.regs[i];
                let (val, store) = if code == MODF {
                    if ft != ty {
                        return Err("Modf's pointer must point to the result type".into());
                    }
                    (b.ext(op(MODF, ty), &[xi]), b.ext(op(TRUNC, ty), &[xi]))
                } else {
                    if !is_int(ft) {
                        return Err("Frexp's exp must point to integers".into());
                    }
                    (
                        b.ext(op(FREXP, ty), &[xi]),
                        b.ext(op2(p::FREXP_EXP, ty, ft), &[xi]),
                    )
                };
                b.store(ft, store, addr, base + off as i64);
                out.push(val);
            }
            Ok(out)
        }
        MODF_STRUCT | FREXP_STRUCT => {
            let ops = operands(call, 1)?;
            let x = value(&ops[0], 0)?;
            let k = x.regs.len();
            let ty = uniform(&x.types)
                .filter(|&t| is_float(t))
                .ok_or("x must be a float scalar or vector")?;
            if n != 2 * k || call.result[..k].iter().any(|&t| t != ty) {
                return Err(format!(
                    "result must be a struct of two members with {k} component(s) each, the first of x's type"
                ));
            }
            let second = uniform(&call.result[k..]).unwrap_or(Scalar::Bool);
            let mut first = Vec::with_capacity(n);
            let mut rest = Vec::with_capacity(k);
            for &xi in &x.regs {
                if code == MODF_STRUCT {
                    if second != ty {
                        return Err("both members must have x's type".into());
                    }
                    first.push(b.ext(op(MODF, ty), &[xi]));
                    rest.push(b.ext(op(TRUNC, ty), &[xi]));
                } else {
                    if !is_int(second) {
                        return Err("member 1 must be an integer scalar or vector".into());
                    }
                    first.push(b.ext(op(FREXP, ty), &[xi]));
                    rest.push(b.ext(op2(p::FREXP_EXP, ty, second), &[xi]));
                }
            }
            first.extend(rest);
            Ok(first)
        }
        PACK_SNORM4X8..=PACK_HALF2X16 => {
            let ops = operands(call, 1)?;
            let v = value(&ops[0], 0)?;
            let comps = if code <= PACK_UNORM4X8 { 4 } else { 2 };
            if call.result != [Scalar::Int(32)] {
                return Err("result must be a 32-bit integer".into());
            }
            if v.regs.len() != comps || uniform(&v.types) != Some(Scalar::Float(32)) {
                return Err(format!("v must be a vector of {comps} 32-bit floats"));
            }
            let f = Scalar::Float(32);
            let lo = b.ext(op(code, f), &[v.regs[0], v.regs[1]]);
            if comps == 2 {
                return Ok(vec![lo]);
            }
            let hi = if code == PACK_SNORM4X8 {
                p::PACK_SNORM8_HI
            } else {
                p::PACK_UNORM8_HI
            };
            Ok(vec![b.ext(op(hi, f), &[lo, v.regs[2], v.regs[3]])])
        }
        PACK_DOUBLE2X32 => {
            let ops = operands(call, 1)?;
            let v = value(&ops[0], 0)?;
            if call.result != [Scalar::Float(64)] {
                return Err("result must be a 64-bit float".into());
            }
            if v.regs.len() != 2 || uniform(&v.types) != Some(Scalar::Int(32)) {
                return Err("v must be a vector of 2 32-bit integers".into());
            }
            Ok(vec![
                b.ext(op(code, Scalar::Float(64)), &[v.regs[0], v.regs[1]])
            ])
        }
        UNPACK_SNORM2X16..=UNPACK_DOUBLE2X32 => {
            let ops = operands(call, 1)?;
            let v = value(&ops[0], 0)?;
            let (comps, rt, vt) = match code {
                UNPACK_SNORM4X8 | UNPACK_UNORM4X8 => (4, Scalar::Float(32), Scalar::Int(32)),
                UNPACK_DOUBLE2X32 => (2, Scalar::Int(32), Scalar::Float(64)),
                _ => (2, Scalar::Float(32), Scalar::Int(32)),
            };
            if n != comps || uniform(call.result) != Some(rt) {
                return Err(format!(
                    "result must be a vector of {comps} {}s",
                    tyname(rt)
                ));
            }
            if v.types != [vt] {
                return Err(format!("the operand must be a scalar {}", tyname(vt)));
            }
            let ty = if code == UNPACK_DOUBLE2X32 { vt } else { rt };
            Ok((0..comps)
                .map(|i| {
                    let k = b.constant(i as u64);
                    b.ext(op(code, ty), &[v.regs[0], k])
                })
                .collect())
        }
        LENGTH | DISTANCE => {
            let nops = if code == LENGTH { 1 } else { 2 };
            let ops = operands(call, nops)?;
            let ty = uniform(call.result)
                .filter(|&t| is_float(t) && n == 1)
                .ok_or("result must be a float scalar")?;
            let k = ops[0].regs.len();
            for (i, o) in ops.iter().enumerate() {
                let o = value(o, i)?;
                if o.regs.len() != k || uniform(&o.types) != Some(ty) {
                    return Err(format!(
                        "operand {} must be a scalar or vector of the result type",
                        i + 1
                    ));
                }
            }
            let mut acc = b.constant(0f64.to_bits());
            for i in 0..k {
                acc = if code == LENGTH {
                    b.ext(op(p::HYPOT, ty), &[acc, regs(call, 0)[i]])
                } else {
                    b.ext(
                        op(p::HYPOT_DIFF, ty),
                        &[acc, regs(call, 0)[i], regs(call, 1)[i]],
                    )
                };
            }
            Ok(vec![b.ext(op(p::LEN_ROUND, ty), &[acc])])
        }
        NORMALIZE => {
            let ty = same_type(call, 1, is_float, "float")?;
            let x = regs(call, 0);
            let mut acc = b.constant(0f64.to_bits());
            for &xi in x {
                acc = b.ext(op(p::HYPOT, ty), &[acc, xi]);
            }
            let inv = b.ext(op(p::RECIP, ty), &[acc]);
            Ok(x.iter()
                .map(|&xi| b.ext(op(p::MUL_ROUND, ty), &[xi, inv]))
                .collect())
        }
        CROSS => {
            let ty = same_type(call, 2, is_float, "float")?;
            if n != 3 {
                return Err("operands must be vectors of 3 components".into());
            }
            let (x, y) = (regs(call, 0), regs(call, 1));
            Ok((0..3)
                .map(|i| {
                    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                    let pw = b.ext(op(p::MUL_W, ty), &[x[j], y[k]]);
                    b.ext(op(p::FMS_ROUND, ty), &[pw, y[j], x[k]])
                })
                .collect())
        }
        FACE_FORWARD => {
            let ty = same_type(call, 3, is_float, "float")?;
            let d = dot(b, ty, regs(call, 2), regs(call, 1));
            Ok(regs(call, 0)
                .iter()
                .map(|&ni| b.ext(op(p::FACE, ty), &[ni, d]))
                .collect())
        }
        REFLECT => {
            let ty = same_type(call, 2, is_float, "float")?;
            let (i, nn) = (regs(call, 0), regs(call, 1));
            let d = dot(b, ty, nn, i);
            Ok((0..n)
                .map(|k| b.ext(op(p::REFLECT, ty), &[i[k], nn[k], d]))
                .collect())
        }
        REFRACT => {
            let ops = operands(call, 3)?;
            let ty = uniform(call.result)
                .filter(|&t| is_float(t))
                .ok_or("result must be a float scalar or vector")?;
            for (k, o) in ops[..2].iter().enumerate() {
                let o = value(o, k)?;
                if o.regs.len() != n || uniform(&o.types) != Some(ty) {
                    return Err(format!("operand {} must have the result type", k + 1));
                }
            }
            let e = value(&ops[2], 2)?;
            let et = match e.types[..] {
                [t] if is_float(t) => t,
                _ => return Err("eta must be a float scalar".into()),
            };
            let eta = e.regs[0];
            let (i, nn) = (regs(call, 0), regs(call, 1));
            let d = dot(b, ty, nn, i);
            let coef = b.ext(op2(p::REFRACT_COEF, ty, et), &[d, eta]);
            let tir = b.ext(op2(p::REFRACT_TIR, ty, et), &[d, eta]);
            let zero = b.constant(0);
            Ok((0..n)
                .map(|k| {
                    let ei = b.ext(op2(p::REFRACT_EI, ty, et), &[i[k], eta]);
                    let out = b.ext(op(p::REFRACT_OUT, ty), &[ei, nn[k], coef]);
                    b.alu(AluOp::Select, ty, &[tir, zero, out])
                })
                .collect())
        }
        DETERMINANT | MATRIX_INVERSE => {
            let ops = operands(call, 1)?;
            let m = value(&ops[0], 0)?;
            let ty = uniform(&m.types)
                .filter(|&t| is_float(t))
                .ok_or("x must be a float matrix")?;
            let dim = match m.regs.len() {
                4 => 2,
                9 => 3,
                16 => 4,
                k => {
                    return Err(format!(
                        "x must be a 2x2, 3x3 or 4x4 matrix ({k} components)"
                    ))
                }
            };
            let want = if code == DETERMINANT { 1 } else { dim * dim };
            if n != want || uniform(call.result) != Some(ty) {
                return Err(if code == DETERMINANT {
                    "result must be the matrix's component type".into()
                } else {
                    "result must have the matrix's type".into()
                });
            }
            Ok(matrix(b, code, ty, dim, &m.regs))
        }
        INTERPOLATE_AT_CENTROID | INTERPOLATE_AT_SAMPLE | INTERPOLATE_AT_OFFSET => Err(
            "only fragment shaders can interpolate: this instruction needs the Fragment \
             execution model and compute kernels have no interpolated inputs"
                .into(),
        ),
        47 => Err("IMix (47) was removed from GLSL.std.450".into()),
        _ => Err(format!("unknown instruction number {}", call.opcode)),
    }
}

/// dot(a, b) accumulated in f64 (a W value).
fn dot(b: &mut dyn Builder, ty: Scalar, x: &[Reg], y: &[Reg]) -> Reg {
    let mut acc = b.constant(0f64.to_bits());
    for (&xi, &yi) in x.iter().zip(y) {
        acc = b.ext(op(p::DOT, ty), &[acc, xi, yi]);
    }
    acc
}

/// Determinant or inverse of the `dim`x`dim` matrix `m` (flattened, column
/// major; the computation does not depend on the order since
/// det(A) = det(A^T) and inverse(A^T) = inverse(A)^T). Cofactors are
/// computed in f64 by Laplace expansion with memoised minors.
fn matrix(b: &mut dyn Builder, code: u16, ty: Scalar, dim: usize, m: &[Reg]) -> Vec<Reg> {
    let wide: Vec<Reg> = if ty == Scalar::Float(64) {
        m.to_vec()
    } else {
        m.iter().map(|&r| b.ext(op(p::WIDEN, ty), &[r])).collect()
    };
    let mut memo = std::collections::HashMap::new();
    let all = (1u8 << dim) - 1;
    if code == DETERMINANT {
        let d = minor(b, ty, dim, &wide, all, all, &mut memo);
        return vec![b.ext(op(p::WROUND, ty), &[d])];
    }
    let det = minor(b, ty, dim, &wide, all, all, &mut memo);
    let zero = b.constant(0);
    let one = b.constant(1);
    let mut out = vec![0; dim * dim];
    for (i, o) in out.iter_mut().enumerate() {
        let (r, c) = (i / dim, i % dim);
        // inverse[r][c] = (-1)^(r+c) det(minor without row c, column r) / det.
        let mnr = minor(
            b,
            ty,
            dim,
            &wide,
            all & !(1 << c),
            all & !(1 << r),
            &mut memo,
        );
        let neg = if (r + c) % 2 == 1 { one } else { zero };
        *o = b.ext(op(p::WDIV_ROUND, ty), &[mnr, det, neg]);
    }
    out
}

/// Determinant (W) of the submatrix of rows `rows` and columns `cols`
/// (bit sets of equal size), expanding along its first row.
fn minor(
    b: &mut dyn Builder,
    ty: Scalar,
    dim: usize,
    wide: &[Reg],
    rows: u8,
    cols: u8,
    memo: &mut std::collections::HashMap<(u8, u8), Reg>,
) -> Reg {
    if let Some(&r) = memo.get(&(rows, cols)) {
        return r;
    }
    let r0 = rows.trailing_zeros() as usize;
    let res = if rows.count_ones() == 1 {
        wide[r0 * dim + cols.trailing_zeros() as usize]
    } else {
        let mut acc: Option<Reg> = None;
        let mut sign_neg = false;
        for c in 0..dim {
            if cols & (1 << c) == 0 {
                continue;
            }
            let e = wide[r0 * dim + c];
            let sub = minor(b, ty, dim, wide, rows & !(1 << r0), cols & !(1 << c), memo);
            acc = Some(match acc {
                None => b.ext(op(p::WMUL, ty), &[e, sub]),
                Some(a) if sign_neg => b.ext(op(p::WFMS, ty), &[e, sub, a]),
                Some(a) => b.ext(op(p::WFMA, ty), &[e, sub, a]),
            });
            sign_neg = !sign_neg;
        }
        acc.unwrap_or_else(|| b.constant(0f64.to_bits()))
    };
    memo.insert((rows, cols), res);
    res
}

// ---------------------------------------------------------------------------
// Coverage and the semantic test tables.

/// The class of an instruction when used on 32-bit values (f64 use turns
/// Valu into ValuF64, see [`op_class`]).
fn class_of(code: u16) -> OpClass {
    match code {
        DETERMINANT | MATRIX_INVERSE | MODF | MODF_STRUCT | FREXP | FREXP_STRUCT => OpClass::Valu,
        LENGTH | DISTANCE | NORMALIZE | REFRACT => OpClass::Trans,
        _ => op_class(op(code, Scalar::Float(32))),
    }
}

/// Every instruction of GLSL.std.450 with its support and class.
pub fn coverage() -> Vec<Coverage> {
    INSTRUCTIONS
        .iter()
        .map(|&(code, name)| {
            let implemented = !(INTERPOLATE_AT_CENTROID..=INTERPOLATE_AT_OFFSET).contains(&code);
            Coverage {
                name: format!("GLSL.{name}"),
                implemented,
                class: implemented.then(|| class_of(code)),
            }
        })
        .collect()
}

/// Semantic test tables (public so `coverage()` can count their rows).
/// Expected values are exact by hand, from the spec's formulas, or
/// correctly rounded values computed with Python's mpmath at 300 bits.
pub mod tables {
    use super::*;
    use crate::core::Scalar;

    /// One lane of one lane operation.
    pub struct Case {
        pub op: u16,
        pub ty: Scalar,
        pub aux: Scalar,
        pub a: u64,
        pub b: u64,
        pub c: u64,
        /// Expected bits (any NaN matches a NaN).
        pub want: u64,
    }

    /// One operand of a lowering case: component type, values, and whether
    /// it is a pointer (then `vals` gives the pointee's component count).
    pub struct Arg {
        pub ty: Scalar,
        pub vals: &'static [u64],
        pub ptr: bool,
    }

    /// A whole instruction lowered and executed: result types, operands,
    /// expected result components (then, for pointer forms, the values
    /// stored through the pointer) and the tolerance in ulps.
    pub struct VecCase {
        pub op: u16,
        pub res: &'static [Scalar],
        pub args: &'static [Arg],
        pub want: &'static [u64],
        pub ulp: u32,
    }

    pub const F16: Scalar = Scalar::Float(16);
    pub const F32: Scalar = Scalar::Float(32);
    pub const F64: Scalar = Scalar::Float(64);
    pub const I8: Scalar = Scalar::Int(8);
    pub const I16: Scalar = Scalar::Int(16);
    pub const I32: Scalar = Scalar::Int(32);
    pub const I64: Scalar = Scalar::Int(64);

    const fn s(x: f32) -> u64 {
        x.to_bits() as u64
    }
    const fn d(x: f64) -> u64 {
        x.to_bits()
    }
    /// An f16 from an exactly representable value.
    const fn h(x: f64) -> u64 {
        half::f16::from_f64_const(x).to_bits() as u64
    }
    /// A signed integer as `w`-bit two's complement bits.
    const fn iw(x: i64, w: u32) -> u64 {
        (x as u64) & (u64::MAX >> (64 - w))
    }
    const fn c1(op: u16, ty: Scalar, a: u64, want: u64) -> Case {
        Case {
            op,
            ty,
            aux: ty,
            a,
            b: 0,
            c: 0,
            want,
        }
    }
    const fn c2(op: u16, ty: Scalar, a: u64, b: u64, want: u64) -> Case {
        Case {
            op,
            ty,
            aux: ty,
            a,
            b,
            c: 0,
            want,
        }
    }
    const fn c3(op: u16, ty: Scalar, a: u64, b: u64, c: u64, want: u64) -> Case {
        Case {
            op,
            ty,
            aux: ty,
            a,
            b,
            c,
            want,
        }
    }
    const fn cx(op: u16, ty: Scalar, aux: Scalar, a: u64, b: u64, want: u64) -> Case {
        Case {
            op,
            ty,
            aux,
            a,
            b,
            c: 0,
            want,
        }
    }
    const fn v(ty: Scalar, vals: &'static [u64]) -> Arg {
        Arg {
            ty,
            vals,
            ptr: false,
        }
    }
    const fn ptr(ty: Scalar, vals: &'static [u64]) -> Arg {
        Arg {
            ty,
            vals,
            ptr: true,
        }
    }

    const NAN32: u64 = 0x7fc0_0000;
    const NAN16: u64 = 0x7e00;
    const NAN64: u64 = 0x7ff8_0000_0000_0000;
    const INF32: u64 = 0x7f80_0000;
    const NINF32: u64 = 0xff80_0000;
    const DEN32: u64 = 0x0000_0001; // 2^-149
    const DEN16: u64 = 0x0001; // 2^-24
    const DEN64: u64 = 0x1; // 2^-1074
    const MAX32: u64 = 0x7f7f_ffff;
    const MAX16: u64 = 0x7bff;

    pub static CASES: &[Case] = &[
        // Round (ties to even, our choice) and RoundEven.
        c1(ROUND, F32, s(2.5), s(2.0)),
        c1(ROUND, F32, s(3.5), s(4.0)),
        c1(ROUND, F32, s(-2.5), s(-2.0)),
        c1(ROUND, F32, s(-0.5), s(-0.0)),
        c1(ROUND, F32, s(0.49999997), s(0.0)),
        c1(ROUND, F16, h(1.5), h(2.0)),
        c1(ROUND, F64, d(-1.5), d(-2.0)),
        c1(ROUND, F32, INF32, INF32),
        c1(ROUND, F32, NAN32, NAN32),
        c1(ROUND_EVEN, F32, s(3.5), s(4.0)),
        c1(ROUND_EVEN, F32, s(4.5), s(4.0)),
        c1(ROUND_EVEN, F32, s(8388609.0), s(8388609.0)),
        c1(ROUND_EVEN, F16, h(-2.5), h(-2.0)),
        c1(
            ROUND_EVEN,
            F64,
            d(4503599627370497.0),
            d(4503599627370497.0),
        ),
        c1(ROUND_EVEN, F64, d(0.5), d(0.0)),
        c1(ROUND_EVEN, F32, DEN32, 0),
        // Trunc, Floor, Ceil, Fract.
        c1(TRUNC, F32, s(-0.5), s(-0.0)),
        c1(TRUNC, F32, s(2.75), s(2.0)),
        c1(TRUNC, F16, h(-3.75), h(-3.0)),
        c1(TRUNC, F64, d(-1e300), d(-1e300)),
        c1(TRUNC, F64, NAN64, NAN64),
        c1(FLOOR, F32, s(-0.5), s(-1.0)),
        c1(FLOOR, F32, s(-0.0), s(-0.0)),
        c1(FLOOR, F32, DEN32, 0),
        c1(FLOOR, F16, h(2.5), h(2.0)),
        c1(FLOOR, F64, d(-2.5), d(-3.0)),
        c1(CEIL, F32, s(-0.5), s(-0.0)),
        c1(CEIL, F32, DEN32, s(1.0)),
        c1(CEIL, F16, DEN16, h(1.0)),
        c1(CEIL, F64, d(2.000001), d(3.0)),
        c1(CEIL, F32, NINF32, NINF32),
        c1(FRACT, F32, s(-0.25), s(0.75)),
        c1(FRACT, F32, s(1.5), s(0.5)),
        c1(FRACT, F32, s(-1e-30), s(1.0)),
        c1(FRACT, F16, h(-1.25), h(0.75)),
        c1(FRACT, F64, d(-2.5), d(0.5)),
        c1(FRACT, F32, INF32, NAN32),
        // FAbs, FSign.
        c1(FABS, F32, s(-0.0), s(0.0)),
        c1(FABS, F32, 0x8000_0001, DEN32),
        c1(FABS, F16, 0xfc00, 0x7c00),
        c1(FABS, F64, d(-3.5), d(3.5)),
        c1(FABS, F32, 0xffc0_0000, NAN32),
        c1(FSIGN, F32, s(-7.5), s(-1.0)),
        c1(FSIGN, F32, DEN32, s(1.0)),
        c1(FSIGN, F32, s(-0.0), s(-0.0)),
        c1(FSIGN, F32, s(0.0), s(0.0)),
        c1(FSIGN, F16, 0xfc00, h(-1.0)),
        c1(FSIGN, F64, d(1e-310), d(1.0)),
        c1(FSIGN, F64, NAN64, NAN64),
        // SAbs, SSign at every width.
        c1(SABS, I8, 0x80, 0x80),
        c1(SABS, I8, 0xff, 0x01),
        c1(SABS, I8, 0x7f, 0x7f),
        c1(SABS, I16, 0x8000, 0x8000),
        c1(SABS, I16, iw(-300, 16), 300),
        c1(SABS, I32, 0x8000_0000, 0x8000_0000),
        c1(SABS, I32, iw(-1, 32), 1),
        c1(SABS, I32, 0, 0),
        c1(SABS, I64, 0x8000_0000_0000_0000, 0x8000_0000_0000_0000),
        c1(SABS, I64, iw(-5, 64), 5),
        c1(SSIGN, I8, 0x80, 0xff),
        c1(SSIGN, I8, 0x7f, 1),
        c1(SSIGN, I16, 0, 0),
        c1(SSIGN, I16, 0x8000, 0xffff),
        c1(SSIGN, I32, iw(-1, 32), 0xffff_ffff),
        c1(SSIGN, I32, 0x7fff_ffff, 1),
        c1(SSIGN, I64, iw(i64::MIN, 64), u64::MAX),
        c1(SSIGN, I64, 42, 1),
        // Min/Max/Clamp on integers, mixed signs, every width.
        c2(UMIN, I8, 0xff, 0x01, 0x01),
        c2(SMIN, I8, 0xff, 0x01, 0xff),
        c2(UMAX, I8, 0xff, 0x01, 0xff),
        c2(SMAX, I8, 0xff, 0x01, 0x01),
        c2(SMIN, I8, 0x80, 0x7f, 0x80),
        c2(UMIN, I16, 0x8000, 0x7fff, 0x7fff),
        c2(SMIN, I16, 0x8000, 0x7fff, 0x8000),
        c2(UMAX, I16, 0, 0xffff, 0xffff),
        c2(SMAX, I16, 0, 0xffff, 0),
        c2(UMIN, I32, 0xffff_ffff, 0, 0),
        c2(SMIN, I32, 0xffff_ffff, 0, 0xffff_ffff),
        c2(UMAX, I32, 0x8000_0000, 0x7fff_ffff, 0x8000_0000),
        c2(SMAX, I32, 0x8000_0000, 0x7fff_ffff, 0x7fff_ffff),
        c2(UMIN, I64, u64::MAX, 3, 3),
        c2(SMIN, I64, u64::MAX, 3, u64::MAX),
        c2(UMAX, I64, 1 << 63, 5, 1 << 63),
        c2(SMAX, I64, 1 << 63, 5, 5),
        c3(UCLAMP, I8, 0xf0, 0x10, 0x20, 0x20),
        c3(SCLAMP, I8, 0xf0, iw(-5, 8), 0x20, iw(-5, 8)),
        c3(UCLAMP, I16, 3, 5, 9, 5),
        c3(SCLAMP, I16, 0x8000, iw(-2, 16), 2, iw(-2, 16)),
        c3(UCLAMP, I32, 0xffff_ffff, 0, 100, 100),
        c3(SCLAMP, I32, 0xffff_ffff, 0, 100, 0),
        c3(UCLAMP, I64, 7, 1, 9, 7),
        c3(SCLAMP, I64, 1 << 63, iw(-9, 64), 9, iw(-9, 64)),
        // FMin/FMax/FClamp (NaN: the other operand) and NMin/NMax/NClamp.
        c2(FMIN, F32, s(1.0), s(-2.0), s(-2.0)),
        c2(FMIN, F32, NAN32, s(3.0), s(3.0)),
        c2(FMIN, F32, s(3.0), NAN32, s(3.0)),
        c2(FMIN, F32, s(0.0), s(-0.0), s(0.0)),
        c2(FMIN, F16, h(-1.0), h(2.0), h(-1.0)),
        c2(FMIN, F64, d(5.0), d(-1e-310), d(-1e-310)),
        c2(FMAX, F32, s(1.0), s(-2.0), s(1.0)),
        c2(FMAX, F32, NAN32, s(3.0), s(3.0)),
        c2(FMAX, F16, NAN16, h(-3.0), h(-3.0)),
        c2(FMAX, F64, d(2.0), NAN64, d(2.0)),
        c2(FMAX, F32, s(-0.0), s(0.0), s(-0.0)),
        c3(FCLAMP, F32, s(5.0), s(0.0), s(1.0), s(1.0)),
        c3(FCLAMP, F32, s(-5.0), s(0.0), s(1.0), s(0.0)),
        c3(FCLAMP, F32, NAN32, s(0.0), s(1.0), s(0.0)),
        c3(FCLAMP, F16, h(0.5), h(0.0), h(1.0), h(0.5)),
        c3(FCLAMP, F64, d(2.0), d(-1.0), d(1.0), d(1.0)),
        c2(NMIN, F32, NAN32, s(1.0), s(1.0)),
        c2(NMIN, F32, s(1.0), NAN32, s(1.0)),
        c2(NMIN, F32, NAN32, NAN32, NAN32),
        c2(NMIN, F16, h(2.0), h(-2.0), h(-2.0)),
        c2(NMIN, F64, d(2.0), d(3.0), d(2.0)),
        c2(NMAX, F32, NAN32, s(-1.0), s(-1.0)),
        c2(NMAX, F32, NAN32, NAN32, NAN32),
        c2(NMAX, F16, NAN16, h(0.5), h(0.5)),
        c2(NMAX, F64, d(-7.0), NAN64, d(-7.0)),
        c3(NCLAMP, F32, NAN32, s(-1.0), s(1.0), s(-1.0)),
        c3(NCLAMP, F32, s(2.0), NAN32, s(1.0), s(1.0)),
        c3(NCLAMP, F16, h(-3.0), h(-1.0), h(1.0), h(-1.0)),
        c3(NCLAMP, F64, d(0.25), d(-1.0), d(1.0), d(0.25)),
        // FMix, Step, SmoothStep.
        c3(FMIX, F32, s(1.0), s(3.0), s(0.25), s(1.5)),
        c3(FMIX, F32, s(-2.0), s(2.0), s(1.0), s(2.0)),
        c3(FMIX, F16, h(0.0), h(8.0), h(0.5), h(4.0)),
        c3(FMIX, F64, d(10.0), d(20.0), d(0.1), d(11.0)),
        c3(FMIX, F32, NAN32, s(1.0), s(0.5), NAN32),
        c2(STEP, F32, s(1.0), s(0.5), s(0.0)),
        c2(STEP, F32, s(1.0), s(1.0), s(1.0)),
        c2(STEP, F32, s(1.0), NAN32, s(1.0)),
        c2(STEP, F16, h(-1.0), h(0.0), h(1.0)),
        c2(STEP, F64, d(0.0), d(-1e-320), d(0.0)),
        c3(SMOOTH_STEP, F32, s(0.0), s(1.0), s(0.5), s(0.5)),
        c3(SMOOTH_STEP, F32, s(0.0), s(2.0), s(0.5), s(0.15625)),
        c3(SMOOTH_STEP, F32, s(0.0), s(1.0), s(-3.0), s(0.0)),
        c3(SMOOTH_STEP, F32, s(0.0), s(1.0), s(7.0), s(1.0)),
        c3(SMOOTH_STEP, F16, h(1.0), h(3.0), h(2.5), h(0.84375)),
        c3(SMOOTH_STEP, F64, d(0.0), d(4.0), d(1.0), d(0.15625)),
        c3(SMOOTH_STEP, F32, s(0.0), s(1.0), NAN32, NAN32),
        // Fma: single rounding. (1+2^-23)(1-2^-24) - 1 = 2^-24 - 2^-47 - ...
        // = 2^-25 * (2 - 2^-22): exact, 0x337ffffe; an unfused multiply-add
        // would give 0.
        c3(FMA, F32, 0x3f80_0001, 0x3f7f_ffff, s(-1.0), 0x337f_fffe),
        c3(FMA, F32, s(2.0), s(3.0), s(4.0), s(10.0)),
        c3(FMA, F32, MAX32, s(2.0), NINF32, NINF32),
        c3(FMA, F32, DEN32, s(0.5), s(0.0), 0),
        // (1+2^-52)(1-2^-53) - 1 = 2^-53 - 2^-105: 53 ones is too many, so
        // the result rounds (to 2^-53 - 2^-105 - ... = 0x3c9ffffffffffffe).
        c3(
            FMA,
            F64,
            0x3ff0_0000_0000_0001,
            0x3fef_ffff_ffff_ffff,
            d(-1.0),
            0x3c9f_ffff_ffff_fffe,
        ),
        // f16: (1+2^-10)(1-2^-11) - 1 = 2^-11 - 2^-21 = 2^-12 * 1022/512.
        // The next row is a case where rounding through f32 would be wrong.
        c3(FMA, F16, 0xd807, 0xb20a, 0x945f, 0x4e15),
        c3(FMA, F16, 0x3c01, 0x3bff, h(-1.0), 0x0ffe),
        c3(FMA, F16, h(3.0), h(5.0), h(-0.5), h(14.5)),
        c3(FMA, F16, MAX16, h(2.0), h(0.0), 0x7c00),
        // Frexp: significand lane and exponent lane (aux = the int type).
        c1(FREXP, F32, s(8.0), s(0.5)),
        c1(FREXP, F32, s(-0.75), s(-0.75)),
        c1(FREXP, F32, s(-0.0), s(-0.0)),
        c1(FREXP, F32, DEN32, s(0.5)),
        c1(FREXP, F16, DEN16, h(0.5)),
        c1(FREXP, F64, DEN64, d(0.5)),
        c1(FREXP, F64, d(-6.0), d(-0.75)),
        c1(FREXP_STRUCT, F32, s(3.0), s(0.75)),
        cx(private::FREXP_EXP, F32, I32, s(8.0), 0, 4),
        cx(private::FREXP_EXP, F32, I32, s(-0.75), 0, 0),
        cx(private::FREXP_EXP, F32, I32, DEN32, 0, iw(-148, 32)),
        cx(private::FREXP_EXP, F32, I32, s(0.0), 0, 0),
        cx(private::FREXP_EXP, F16, I32, DEN16, 0, iw(-23, 32)),
        cx(private::FREXP_EXP, F64, I32, DEN64, 0, iw(-1073, 32)),
        cx(private::FREXP_EXP, F32, I32, INF32, 0, 0),
        cx(private::FREXP_EXP, F64, I64, d(1e300), 0, 997),
        // Ldexp (aux = exponent type).
        cx(LDEXP, F32, I32, s(1.0), iw(-149, 32), DEN32),
        cx(LDEXP, F32, I32, s(1.0), iw(-150, 32), 0),
        cx(LDEXP, F32, I32, s(1.5), iw(-149, 32), 2),
        cx(LDEXP, F32, I32, s(1.0), 128, INF32),
        cx(LDEXP, F32, I32, s(0.75), 3, s(6.0)),
        cx(LDEXP, F32, I64, s(1.0), iw(-5_000_000_000, 64), 0),
        cx(LDEXP, F32, I16, s(-1.0), 0x7fff, NINF32),
        cx(LDEXP, F16, I32, h(1.0), iw(-24, 32), DEN16),
        cx(LDEXP, F16, I8, h(1.0), 15, h(32768.0)),
        cx(LDEXP, F64, I32, d(1.0), iw(-1074, 32), DEN64),
        cx(LDEXP, F64, I32, d(0.5), 1024, 0x7fe0_0000_0000_0000),
        // Modf fraction lane (whole part = Trunc).
        c1(MODF, F32, s(-3.25), s(-0.25)),
        c1(MODF, F32, s(-3.0), s(-0.0)),
        c1(MODF, F32, NINF32, s(-0.0)),
        c1(MODF, F16, h(2.5), h(0.5)),
        c1(MODF, F64, d(-0.5), d(-0.5)),
        c1(MODF_STRUCT, F64, NAN64, NAN64),
        // Packing lanes (low halves; see VEC_CASES for whole vectors).
        c2(PACK_SNORM4X8, F32, s(1.0), s(-1.0), 0x817f),
        c2(PACK_SNORM4X8, F32, s(0.5), s(-0.3), 0xda40),
        c2(PACK_SNORM4X8, F32, NAN32, s(-2.0), 0x8100),
        c2(PACK_UNORM4X8, F32, s(0.0), s(1.0), 0xff00),
        c2(PACK_UNORM4X8, F32, s(0.5), s(2.0), 0xff80),
        c2(PACK_SNORM2X16, F32, s(0.25), s(-1.5), 0x8001_2000),
        c2(PACK_UNORM2X16, F32, s(0.1), s(-1.0), 0x0000_199a),
        c2(PACK_HALF2X16, F32, s(1.0), s(-2.5), 0xc100_3c00),
        c2(PACK_HALF2X16, F32, s(1e-8), s(65520.0), 0x7c00_0000),
        c2(
            PACK_DOUBLE2X32,
            F64,
            0x5444_2d18,
            0x4009_21fb,
            d(std::f64::consts::PI),
        ),
        c2(UNPACK_SNORM2X16, F32, 0x8001_2000, 0, 0x3e80_0100),
        c2(UNPACK_SNORM2X16, F32, 0x8000_2000, 1, s(-1.0)),
        c2(UNPACK_UNORM2X16, F32, 0xffff_0000, 1, s(1.0)),
        c2(UNPACK_UNORM2X16, F32, 0xffff_0000, 0, s(0.0)),
        c2(UNPACK_HALF2X16, F32, 0xc100_3c00, 1, s(-2.5)),
        c2(UNPACK_HALF2X16, F32, 0x0000_0001, 0, s(5.9604645e-8)),
        c2(UNPACK_SNORM4X8, F32, 0x8081_007f, 0, s(1.0)),
        c2(UNPACK_SNORM4X8, F32, 0x8081_007f, 3, s(-1.0)),
        c2(UNPACK_UNORM4X8, F32, 0xff80_ff00, 2, 0x3f00_8081),
        c2(UNPACK_UNORM4X8, F32, 0xff80_ff00, 3, s(1.0)),
        c2(
            UNPACK_DOUBLE2X32,
            I32,
            d(std::f64::consts::PI),
            0,
            0x5444_2d18,
        ),
        c2(
            UNPACK_DOUBLE2X32,
            I32,
            d(std::f64::consts::PI),
            1,
            0x4009_21fb,
        ),
        // FindILsb / FindSMsb / FindUMsb at every width (aux = result type).
        cx(FIND_ILSB, I32, I32, 0, 0, 0xffff_ffff),
        cx(FIND_ILSB, I32, I32, 0x8000_0000, 0, 31),
        cx(FIND_ILSB, I32, I32, 12, 0, 2),
        cx(FIND_ILSB, I8, I8, 0, 0, 0xff),
        cx(FIND_ILSB, I8, I8, 0x80, 0, 7),
        cx(FIND_ILSB, I16, I16, 0x8000, 0, 15),
        cx(FIND_ILSB, I64, I64, 1 << 63, 0, 63),
        cx(FIND_ILSB, I64, I32, 0, 0, 0xffff_ffff),
        cx(FIND_SMSB, I32, I32, 0, 0, 0xffff_ffff),
        cx(FIND_SMSB, I32, I32, 0xffff_ffff, 0, 0xffff_ffff),
        cx(FIND_SMSB, I32, I32, 0x8000_0000, 0, 30),
        cx(FIND_SMSB, I32, I32, 0x7fff_ffff, 0, 30),
        cx(FIND_SMSB, I32, I32, 1, 0, 0),
        cx(FIND_SMSB, I32, I32, iw(-2, 32), 0, 0),
        cx(FIND_SMSB, I8, I8, 0x80, 0, 6),
        cx(FIND_SMSB, I8, I8, 0xff, 0, 0xff),
        cx(FIND_SMSB, I16, I16, 0x0100, 0, 8),
        cx(FIND_SMSB, I64, I64, 1 << 63, 0, 62),
        cx(FIND_SMSB, I64, I64, u64::MAX, 0, u64::MAX),
        cx(FIND_UMSB, I32, I32, 0, 0, 0xffff_ffff),
        cx(FIND_UMSB, I32, I32, 0x8000_0000, 0, 31),
        cx(FIND_UMSB, I32, I32, 1, 0, 0),
        cx(FIND_UMSB, I8, I8, 0xff, 0, 7),
        cx(FIND_UMSB, I16, I16, 0x00ff, 0, 7),
        cx(FIND_UMSB, I64, I64, u64::MAX, 0, 63),
        cx(FIND_UMSB, I64, I64, 0, 0, u64::MAX),
        // Sqrt / InverseSqrt edge cases, every width.
        c1(SQRT, F32, s(-0.0), s(-0.0)),
        c1(SQRT, F32, s(-1.0), NAN32),
        c1(SQRT, F32, INF32, INF32),
        c1(SQRT, F32, DEN32, 0x1a35_04f3),
        c1(SQRT, F16, h(4.0), h(2.0)),
        c1(SQRT, F16, MAX16, h(255.875)),
        c1(SQRT, F64, d(2.0), d(std::f64::consts::SQRT_2)),
        c1(SQRT, F64, DEN64, d(2.2227587494850775e-162)),
        c1(INVERSE_SQRT, F32, s(0.0), INF32),
        c1(INVERSE_SQRT, F32, s(4.0), s(0.5)),
        c1(INVERSE_SQRT, F32, INF32, 0),
        c1(INVERSE_SQRT, F16, h(0.25), h(2.0)),
        c1(INVERSE_SQRT, F64, d(16.0), d(0.25)),
        // Transcendentals: NaN and infinity handling.
        c1(EXP, F32, NAN32, NAN32),
        c1(EXP, F32, NINF32, 0),
        c1(EXP, F32, s(89.0), INF32),
        c1(EXP, F16, h(12.0), 0x7c00),
        c1(LOG, F32, s(0.0), NINF32),
        c1(LOG, F32, s(-1.0), NAN32),
        c1(LOG, F32, INF32, INF32),
        c1(LOG2, F32, s(1024.0), s(10.0)),
        c1(LOG2, F32, DEN32, s(-149.0)),
        c1(LOG2, F16, DEN16, h(-24.0)),
        c1(EXP2, F32, s(-149.0), DEN32),
        c1(EXP2, F32, s(10.0), s(1024.0)),
        c1(EXP2, F16, h(-24.0), DEN16),
        c1(SIN, F32, s(-0.0), s(-0.0)),
        c1(SIN, F32, INF32, NAN32),
        c1(SIN, F32, DEN32, DEN32),
        c1(COS, F32, s(0.0), s(1.0)),
        c1(TAN, F32, s(-0.0), s(-0.0)),
        c1(ASIN, F32, s(1.5), NAN32),
        c1(ASIN, F32, s(1.0), 0x3fc9_0fdb),
        c1(ACOS, F32, s(1.0), s(0.0)),
        c1(ATAN, F32, INF32, 0x3fc9_0fdb),
        c1(SINH, F32, s(-0.0), s(-0.0)),
        c1(COSH, F32, s(100.0), INF32),
        c1(TANH, F32, s(50.0), s(1.0)),
        c1(ASINH, F32, NINF32, NINF32),
        c1(ACOSH, F32, s(1.0), s(0.0)),
        c1(ACOSH, F32, s(0.5), NAN32),
        c1(ACOSH, F16, h(-3.0), NAN16),
        c1(ATANH, F32, s(1.0), INF32),
        c2(ATAN2, F32, s(0.0), s(-0.0), 0x4049_0fdb),
        c2(ATAN2, F32, s(-0.0), s(1.0), s(-0.0)),
        c2(ATAN2, F32, NAN32, s(1.0), NAN32),
        c2(POW, F32, s(0.0), s(-1.0), INF32),
        c2(POW, F32, s(2.0), s(10.0), s(1024.0)),
        c2(POW, F32, s(-2.0), s(3.0), s(-8.0)),
        c2(POW, F32, s(-2.0), s(0.5), NAN32),
        c2(POW, F32, s(1.0), NAN32, s(1.0)),
        c1(RADIANS, F32, s(180.0), 0x4049_0fdb),
        c1(DEGREES, F32, 0x4049_0fdb, s(180.0)),
        c1(RADIANS, F32, NAN32, NAN32),
        c1(DEGREES, F16, DEN16, 0x0039),
        // Correctly rounded values (mpmath, 300 bits).
        c1(SIN, F32, 0x3f000000, 0x3ef57744), // sin(0.5) = 0.479425538604
        c1(SIN, F32, 0x42c80000, 0xbf01a12e), // sin(100.0) = -0.50636564111
        c1(SIN, F32, 0xc0400000, 0xbe1081c3), // sin(-3.0) = -0.14112000806
        c1(SIN, F32, 0x1e3ce508, 0x1e3ce508), // sin(1e-20) = 9.99999968266e-21
        c1(COS, F32, 0x3f800000, 0x3f0a5140), // cos(1.0) = 0.540302305868
        c1(COS, F32, 0xc2c90000, 0x3f7fe095), // cos(-100.5) = 0.999520625328
        c1(COS, F32, 0x40400000, 0xbf7d7026), // cos(3.0) = -0.9899924966
        c1(TAN, F32, 0x3fc00000, 0x41619f6b), // tan(1.5) = 14.1014199472
        c1(TAN, F32, 0xbe800000, 0xbe82bc2d), // tan(-0.25) = -0.255341921221
        c1(ASIN, F32, 0x3e99999a, 0x3e9c00ad), // asin(0.3) = 0.304692666512
        c1(ASIN, F32, 0xbf7d70a4, 0xbfb6f1e4), // asin(-0.99) = -1.42925692107
        c1(ACOS, F32, 0xbf333333, 0x4016280a), // acos(-0.7) = 2.34619380671
        c1(ACOS, F32, 0x3e000000, 0x3fb9051d), // acos(0.125) = 1.44546849563
        c1(ATAN, F32, 0x40000000, 0x3f8db70d), // atan(2.0) = 1.10714871779
        c1(ATAN, F32, 0xd01502f9, 0xbfc90fdb), // atan(-10000000000.0) = -1.57079632669
        c1(SINH, F32, 0x3fa00000, 0x3fcd0baf), // sinh(1.25) = 1.6019190803
        c1(SINH, F32, 0xc0b00000, 0xc2f4b017), // sinh(-5.5) = -122.343922746
        c1(COSH, F32, 0xc0000000, 0x4070c7d0), // cosh(-2.0) = 3.76219569108
        c1(COSH, F32, 0x41200000, 0x462c14ef), // cosh(10.0) = 11013.2329201
        c1(TANH, F32, 0x3f400000, 0x3f22991f), // tanh(0.75) = 0.635148952387
        c1(TANH, F32, 0xbc23d70a, 0xbc23d5a4), // tanh(-0.01) = -0.0099996664565
        c1(ASINH, F32, 0x40400000, 0x3fe8c2db), // asinh(3.0) = 1.81844645923
        c1(ASINH, F32, 0xba83126f, 0xba83126e), // asinh(-0.001) = -0.000999999880831
        c1(ACOSH, F32, 0x40200000, 0x3fc88ce1), // acosh(2.5) = 1.56679923697
        c1(ACOSH, F32, 0x49742400, 0x41682376), // acosh(1000000.0) = 14.5086577385
        c1(ATANH, F32, 0x3ecccccd, 0x3ed8e883), // atanh(0.4) = 0.423648937289
        c1(ATANH, F32, 0xbf666666, 0xbfbc71af), // atanh(-0.9) = -1.4722193641
        c1(EXP, F32, 0x3f800000, 0x402df854), // exp(1.0) = 2.71828182846
        c1(EXP, F32, 0xc1240000, 0x38144cd4), // exp(-10.25) = 3.53575008504e-5
        c1(EXP, F32, 0x42a00000, 0x792abbce), // exp(80.0) = 5.54062238439e+34
        c1(LOG, F32, 0x40400000, 0x3f8c9f54), // log(3.0) = 1.09861228867
        c1(LOG, F32, 0x0da24260, 0xc28a27b5), // log(1e-30) = -69.0775527867
        c1(LOG, F32, 0x3f7fbe77, 0xba8322ca), // log(0.999) = -0.00100048744609
        c1(EXP2, F32, 0x3e99999a, 0x3f9d9624), // exp2(0.3) = 1.23114442352
        c1(EXP2, F32, 0xc2fd0000, 0x005a827a), // exp2(-126.5) = 8.31200026713e-39
        c1(LOG2, F32, 0x41200000, 0x40549a78), // log2(10.0) = 3.32192809489
        c1(LOG2, F32, 0x0001a224, 0xc3044acb), // log2(1.5e-40) = -132.292155593
        c1(SQRT, F32, 0x40000000, 0x3fb504f3), // sqrt(2.0) = 1.41421356237
        c1(SQRT, F32, 0x000116c2, 0x1e3ce4e7), // sqrt(1e-40) = 9.99997305052e-21
        c1(SQRT, F32, 0x7f61b1e6, 0x5f705ece), // sqrt(3e+38) = 1.73205080916e+19
        c1(INVERSE_SQRT, F32, 0x40400000, 0x3f13cd3a), // inverse_sqrt(3.0) = 0.57735026919
        c1(INVERSE_SQRT, F32, 0x000116c2, 0x60ad790a), // inverse_sqrt(1e-40) = 1.00000269496e+20
        c1(INVERSE_SQRT, F32, 0x3f333333, 0x3f98fd40), // inverse_sqrt(0.7) = 1.19522861951
        c1(RADIANS, F32, 0x42340000, 0x3f490fdb), // radians(45.0) = 0.785398163397
        c1(RADIANS, F32, 0xc4342000, 0xc1493399), // radians(-720.5) = -12.5750972606
        c1(DEGREES, F32, 0x3f800000, 0x42652ee1), // degrees(1.0) = 57.2957795131
        c1(DEGREES, F32, 0xc0490fd0, 0xc333fff6), // degrees(-3.14159) = -179.999854745
        c1(SIN, F16, 0x3800, 0x37ac),         // sin(0.5) = 0.47942554
        c1(SIN, F16, 0x4200, 0x3084),         // sin(3.0) = 0.14112001
        c1(COS, F16, 0x3c00, 0x3853),         // cos(1.0) = 0.54030231
        c1(TAN, F16, 0x3d00, 0x4205),         // tan(1.25) = 3.0095697
        c1(ASIN, F16, 0x34cd, 0x34e0),        // asin(0.3) = 0.30474384
        c1(ACOS, F16, 0xb99a, 0x40b1),        // acos(-0.7) = 2.3464674
        c1(ATAN, F16, 0x4000, 0x3c6e),        // atan(2.0) = 1.1071487
        c1(SINH, F16, 0x3d00, 0x3e68),        // sinh(1.25) = 1.6019191
        c1(COSH, F16, 0xc000, 0x4386),        // cosh(-2.0) = 3.7621957
        c1(TANH, F16, 0x3a00, 0x3915),        // tanh(0.75) = 0.63514895
        c1(ASINH, F16, 0x4200, 0x3f46),       // asinh(3.0) = 1.8184465
        c1(ACOSH, F16, 0x4100, 0x3e44),       // acosh(2.5) = 1.5667992
        c1(ATANH, F16, 0x3666, 0x36c7),       // atanh(0.4) = 0.42353268
        c1(EXP, F16, 0x3c00, 0x4170),         // exp(1.0) = 2.7182818
        c1(EXP, F16, 0xc580, 0x1c2f),         // exp(-5.5) = 0.0040867714
        c1(LOG, F16, 0x4200, 0x3c65),         // log(3.0) = 1.0986123
        c1(LOG, F16, 0x63d0, 0x46e8),         // log(1000.0) = 6.9077553
        c1(EXP2, F16, 0x34cd, 0x3ced),        // exp2(0.3) = 1.2311861
        c1(EXP2, F16, 0xcd00, 0x0010),        // exp2(-20.0) = 9.5367432e-7
        c1(LOG2, F16, 0x4900, 0x42a5),        // log2(10.0) = 3.3219281
        c1(SQRT, F16, 0x4000, 0x3da8),        // sqrt(2.0) = 1.4142136
        c1(SQRT, F16, 0x0005, 0x1079),        // sqrt(3e-07) = 0.00054591503
        c1(INVERSE_SQRT, F16, 0x4200, 0x389e), // inverse_sqrt(3.0) = 0.57735027
        c1(RADIANS, F16, 0x51a0, 0x3a48),     // radians(45.0) = 0.78539816
        c1(DEGREES, F16, 0x3c00, 0x5329),     // degrees(1.0) = 57.29578
        c2(ATAN2, F32, 0x3f800000, 0xc0000000, 0x402b6374), // atan2(1.0,-2.0)
        c2(ATAN2, F32, 0xc0400000, 0x3f000000, 0xbfb3ec43), // atan2(-3.0,0.5)
        c2(ATAN2, F32, 0x00000000, 0xbf800000, 0x40490fdb), // atan2(0.0,-1.0)
        c2(POW, F32, 0x40200000, 0x406ccccd, 0x41ed64a0), // pow(2.5,3.7)
        c2(POW, F32, 0x41200000, 0xc0200000, 0x3b4f3e37), // pow(10.0,-2.5)
        c2(POW, F32, 0x3f000000, 0x42c80000, 0x0d800000), // pow(0.5,100.0)
        c2(POW, F16, 0x4100, 0x4366, 0x4f6a), // pow(2.5,3.7) f16
        c2(ATAN2, F16, 0x3c00, 0xc000, 0x415b), // atan2(1,-2) f16
        // Edge cases: generated by python3 (fractions, mpmath at 600 bits,
        // C Annex F special values), correctly rounded to nearest even.
        c1(SIN, F16, 0x0, 0x0),
        c1(SIN, F16, 0x8000, 0x8000),
        c1(SIN, F16, 0x7c00, 0x7e00),
        c1(SIN, F16, 0xfc00, 0x7e00),
        c1(SIN, F16, 0x7e00, 0x7e00),
        c1(SIN, F16, 0x1, 0x1),
        c1(SIN, F16, 0x7bff, 0x3bce),
        c1(SIN, F16, 0x3800, 0x37ac),
        c1(SIN, F16, 0xc200, 0xb084),
        c1(SIN, F16, 0x5640, 0xb80d),
        c1(SIN, F16, 0x70e2, 0xb4e4),
        c1(SIN, F16, 0xc700, 0xb942),
        c1(SIN, F32, 0x0, 0x0),
        c1(SIN, F32, 0x80000000, 0x80000000),
        c1(SIN, F32, 0x7f800000, 0x7fc00000),
        c1(SIN, F32, 0xff800000, 0x7fc00000),
        c1(SIN, F32, 0x7fc00000, 0x7fc00000),
        c1(SIN, F32, 0x1, 0x1),
        c1(SIN, F32, 0x7f7fffff, 0xbf0599b3),
        c1(SIN, F32, 0x3f000000, 0x3ef57744),
        c1(SIN, F32, 0xc0400000, 0xbe1081c3),
        c1(SIN, F32, 0x42c80000, 0xbf01a12e),
        c1(SIN, F32, 0x461c4000, 0xbe9c797d),
        c1(SIN, F32, 0xc0e00000, 0xbf283046),
        c1(COS, F16, 0x0, 0x3c00),
        c1(COS, F16, 0x8000, 0x3c00),
        c1(COS, F16, 0x7c00, 0x7e00),
        c1(COS, F16, 0xfc00, 0x7e00),
        c1(COS, F16, 0x7e00, 0x7e00),
        c1(COS, F16, 0x1, 0x3c00),
        c1(COS, F16, 0x7bff, 0xb30f),
        c1(COS, F16, 0x3c00, 0x3853),
        c1(COS, F16, 0xc200, 0xbbec),
        c1(COS, F16, 0x5640, 0x3ae6),
        c1(COS, F16, 0x70e2, 0xbb9e),
        c1(COS, F16, 0x3e00, 0x2c87),
        c1(COS, F32, 0x0, 0x3f800000),
        c1(COS, F32, 0x80000000, 0x3f800000),
        c1(COS, F32, 0x7f800000, 0x7fc00000),
        c1(COS, F32, 0xff800000, 0x7fc00000),
        c1(COS, F32, 0x7fc00000, 0x7fc00000),
        c1(COS, F32, 0x1, 0x3f800000),
        c1(COS, F32, 0x7f7fffff, 0x3f5a5f96),
        c1(COS, F32, 0x3f800000, 0x3f0a5140),
        c1(COS, F32, 0xc0400000, 0xbf7d7026),
        c1(COS, F32, 0x42c80000, 0x3f5cc0ee),
        c1(COS, F32, 0x461c4000, 0xbf73c074),
        c1(COS, F32, 0x3fc00000, 0x3d90deaa),
        c1(TAN, F16, 0x0, 0x0),
        c1(TAN, F16, 0x8000, 0x8000),
        c1(TAN, F16, 0x7c00, 0x7e00),
        c1(TAN, F16, 0xfc00, 0x7e00),
        c1(TAN, F16, 0x7e00, 0x7e00),
        c1(TAN, F16, 0x1, 0x1),
        c1(TAN, F16, 0x7bff, 0xc46c),
        c1(TAN, F16, 0x3e00, 0x4b0d),
        c1(TAN, F16, 0xb400, 0xb416),
        c1(TAN, F16, 0x3c00, 0x3e3b),
        c1(TAN, F16, 0x5640, 0xb8b3),
        c1(TAN, F16, 0xc200, 0x3090),
        c1(TAN, F32, 0x0, 0x0),
        c1(TAN, F32, 0x80000000, 0x80000000),
        c1(TAN, F32, 0x7f800000, 0x7fc00000),
        c1(TAN, F32, 0xff800000, 0x7fc00000),
        c1(TAN, F32, 0x7fc00000, 0x7fc00000),
        c1(TAN, F32, 0x1, 0x1),
        c1(TAN, F32, 0x7f7fffff, 0xbf1c9eca),
        c1(TAN, F32, 0x3fc00000, 0x41619f6b),
        c1(TAN, F32, 0xbe800000, 0xbe82bc2d),
        c1(TAN, F32, 0x3f800000, 0x3fc75923),
        c1(TAN, F32, 0x42c80000, 0xbf1653a7),
        c1(TAN, F32, 0xc0400000, 0x3e11f7b9),
        c1(ASIN, F16, 0x0, 0x0),
        c1(ASIN, F16, 0x8000, 0x8000),
        c1(ASIN, F16, 0x7c00, 0x7e00),
        c1(ASIN, F16, 0xfc00, 0x7e00),
        c1(ASIN, F16, 0x7e00, 0x7e00),
        c1(ASIN, F16, 0x1, 0x1),
        c1(ASIN, F16, 0x7bff, 0x7e00),
        c1(ASIN, F16, 0x34cd, 0x34e0),
        c1(ASIN, F16, 0xbbec, 0xbdb9),
        c1(ASIN, F16, 0x3c00, 0x3e48),
        c1(ASIN, F16, 0xbc00, 0xbe48),
        c1(ASIN, F16, 0x3e00, 0x7e00),
        c1(ASIN, F16, 0x3800, 0x3830),
        c1(ASIN, F32, 0x0, 0x0),
        c1(ASIN, F32, 0x80000000, 0x80000000),
        c1(ASIN, F32, 0x7f800000, 0x7fc00000),
        c1(ASIN, F32, 0xff800000, 0x7fc00000),
        c1(ASIN, F32, 0x7fc00000, 0x7fc00000),
        c1(ASIN, F32, 0x1, 0x1),
        c1(ASIN, F32, 0x7f7fffff, 0x7fc00000),
        c1(ASIN, F32, 0x3e99999a, 0x3e9c00ad),
        c1(ASIN, F32, 0xbf7d70a4, 0xbfb6f1e4),
        c1(ASIN, F32, 0x3f800000, 0x3fc90fdb),
        c1(ASIN, F32, 0xbf800000, 0xbfc90fdb),
        c1(ASIN, F32, 0x3fc00000, 0x7fc00000),
        c1(ASIN, F32, 0x3f000000, 0x3f060a92),
        c1(ACOS, F16, 0x0, 0x3e48),
        c1(ACOS, F16, 0x8000, 0x3e48),
        c1(ACOS, F16, 0x7c00, 0x7e00),
        c1(ACOS, F16, 0xfc00, 0x7e00),
        c1(ACOS, F16, 0x7e00, 0x7e00),
        c1(ACOS, F16, 0x1, 0x3e48),
        c1(ACOS, F16, 0x7bff, 0x7e00),
        c1(ACOS, F16, 0xb99a, 0x40b1),
        c1(ACOS, F16, 0x3000, 0x3dc8),
        c1(ACOS, F16, 0x3c00, 0x0),
        c1(ACOS, F16, 0xbc00, 0x4248),
        c1(ACOS, F16, 0xbe00, 0x7e00),
        c1(ACOS, F16, 0x3800, 0x3c30),
        c1(ACOS, F32, 0x0, 0x3fc90fdb),
        c1(ACOS, F32, 0x80000000, 0x3fc90fdb),
        c1(ACOS, F32, 0x7f800000, 0x7fc00000),
        c1(ACOS, F32, 0xff800000, 0x7fc00000),
        c1(ACOS, F32, 0x7fc00000, 0x7fc00000),
        c1(ACOS, F32, 0x1, 0x3fc90fdb),
        c1(ACOS, F32, 0x7f7fffff, 0x7fc00000),
        c1(ACOS, F32, 0xbf333333, 0x4016280a),
        c1(ACOS, F32, 0x3e000000, 0x3fb9051d),
        c1(ACOS, F32, 0x3f800000, 0x0),
        c1(ACOS, F32, 0xbf800000, 0x40490fdb),
        c1(ACOS, F32, 0xbfc00000, 0x7fc00000),
        c1(ACOS, F32, 0x3f000000, 0x3f860a92),
        c1(ATAN, F16, 0x0, 0x0),
        c1(ATAN, F16, 0x8000, 0x8000),
        c1(ATAN, F16, 0x7c00, 0x3e48),
        c1(ATAN, F16, 0xfc00, 0xbe48),
        c1(ATAN, F16, 0x7e00, 0x7e00),
        c1(ATAN, F16, 0x1, 0x1),
        c1(ATAN, F16, 0x7bff, 0x3e48),
        c1(ATAN, F16, 0x4000, 0x3c6e),
        c1(ATAN, F16, 0xc900, 0xbde2),
        c1(ATAN, F16, 0x3800, 0x376b),
        c1(ATAN, F16, 0x3c00, 0x3a48),
        c1(ATAN, F16, 0x70e2, 0x3e48),
        c1(ATAN, F32, 0x0, 0x0),
        c1(ATAN, F32, 0x80000000, 0x80000000),
        c1(ATAN, F32, 0x7f800000, 0x3fc90fdb),
        c1(ATAN, F32, 0xff800000, 0xbfc90fdb),
        c1(ATAN, F32, 0x7fc00000, 0x7fc00000),
        c1(ATAN, F32, 0x1, 0x1),
        c1(ATAN, F32, 0x7f7fffff, 0x3fc90fdb),
        c1(ATAN, F32, 0x40000000, 0x3f8db70d),
        c1(ATAN, F32, 0xc1200000, 0xbfbc4de9),
        c1(ATAN, F32, 0x3f000000, 0x3eed6338),
        c1(ATAN, F32, 0x3f800000, 0x3f490fdb),
        c1(ATAN, F32, 0x461c4000, 0x3fc90c94),
        c1(SINH, F16, 0x0, 0x0),
        c1(SINH, F16, 0x8000, 0x8000),
        c1(SINH, F16, 0x7c00, 0x7c00),
        c1(SINH, F16, 0xfc00, 0xfc00),
        c1(SINH, F16, 0x7e00, 0x7e00),
        c1(SINH, F16, 0x1, 0x1),
        c1(SINH, F16, 0x7bff, 0x7c00),
        c1(SINH, F16, 0x3d00, 0x3e68),
        c1(SINH, F16, 0xc580, 0xd7a6),
        c1(SINH, F16, 0x3800, 0x382b),
        c1(SINH, F16, 0x4980, 0x774f),
        c1(SINH, F16, 0xca00, 0xfc00),
        c1(SINH, F32, 0x0, 0x0),
        c1(SINH, F32, 0x80000000, 0x80000000),
        c1(SINH, F32, 0x7f800000, 0x7f800000),
        c1(SINH, F32, 0xff800000, 0xff800000),
        c1(SINH, F32, 0x7fc00000, 0x7fc00000),
        c1(SINH, F32, 0x1, 0x1),
        c1(SINH, F32, 0x7f7fffff, 0x7f800000),
        c1(SINH, F32, 0x3fa00000, 0x3fcd0baf),
        c1(SINH, F32, 0xc0b00000, 0xc2f4b017),
        c1(SINH, F32, 0x3f000000, 0x3f056680),
        c1(SINH, F32, 0x41300000, 0x46e9e224),
        c1(SINH, F32, 0xc1400000, 0xc79ef0b3),
        c1(COSH, F16, 0x0, 0x3c00),
        c1(COSH, F16, 0x8000, 0x3c00),
        c1(COSH, F16, 0x7c00, 0x7c00),
        c1(COSH, F16, 0xfc00, 0x7c00),
        c1(COSH, F16, 0x7e00, 0x7e00),
        c1(COSH, F16, 0x1, 0x3c00),
        c1(COSH, F16, 0x7bff, 0x7c00),
        c1(COSH, F16, 0xc000, 0x4386),
        c1(COSH, F16, 0x4900, 0x7161),
        c1(COSH, F16, 0x3800, 0x3c83),
        c1(COSH, F16, 0xc9c0, 0x7a06),
        c1(COSH, F16, 0x4a00, 0x7c00),
        c1(COSH, F32, 0x0, 0x3f800000),
        c1(COSH, F32, 0x80000000, 0x3f800000),
        c1(COSH, F32, 0x7f800000, 0x7f800000),
        c1(COSH, F32, 0xff800000, 0x7f800000),
        c1(COSH, F32, 0x7fc00000, 0x7fc00000),
        c1(COSH, F32, 0x1, 0x3f800000),
        c1(COSH, F32, 0x7f7fffff, 0x7f800000),
        c1(COSH, F32, 0xc0000000, 0x4070c7d0),
        c1(COSH, F32, 0x41200000, 0x462c14ef),
        c1(COSH, F32, 0x3f000000, 0x3f90560c),
        c1(COSH, F32, 0xc1380000, 0x4740cde3),
        c1(COSH, F32, 0x41400000, 0x479ef0b3),
        c1(TANH, F16, 0x0, 0x0),
        c1(TANH, F16, 0x8000, 0x8000),
        c1(TANH, F16, 0x7c00, 0x3c00),
        c1(TANH, F16, 0xfc00, 0xbc00),
        c1(TANH, F16, 0x7e00, 0x7e00),
        c1(TANH, F16, 0x1, 0x1),
        c1(TANH, F16, 0x7bff, 0x3c00),
        c1(TANH, F16, 0x3a00, 0x3915),
        c1(TANH, F16, 0xa11f, 0xa11f),
        c1(TANH, F16, 0x4200, 0x3bf6),
        c1(TANH, F16, 0xc8c0, 0xbc00),
        c1(TANH, F32, 0x0, 0x0),
        c1(TANH, F32, 0x80000000, 0x80000000),
        c1(TANH, F32, 0x7f800000, 0x3f800000),
        c1(TANH, F32, 0xff800000, 0xbf800000),
        c1(TANH, F32, 0x7fc00000, 0x7fc00000),
        c1(TANH, F32, 0x1, 0x1),
        c1(TANH, F32, 0x7f7fffff, 0x3f800000),
        c1(TANH, F32, 0x3f400000, 0x3f22991f),
        c1(TANH, F32, 0xbc23d70a, 0xbc23d5a4),
        c1(TANH, F32, 0x40400000, 0x3f7ebbe9),
        c1(TANH, F32, 0xc1180000, 0xbf800000),
        c1(ASINH, F16, 0x0, 0x0),
        c1(ASINH, F16, 0x8000, 0x8000),
        c1(ASINH, F16, 0x7c00, 0x7c00),
        c1(ASINH, F16, 0xfc00, 0xfc00),
        c1(ASINH, F16, 0x7e00, 0x7e00),
        c1(ASINH, F16, 0x1, 0x1),
        c1(ASINH, F16, 0x7bff, 0x49e4),
        c1(ASINH, F16, 0x4200, 0x3f46),
        c1(ASINH, F16, 0x9419, 0x9419),
        c1(ASINH, F16, 0x5640, 0x454c),
        c1(ASINH, F16, 0xbc00, 0xbb0d),
        c1(ASINH, F32, 0x0, 0x0),
        c1(ASINH, F32, 0x80000000, 0x80000000),
        c1(ASINH, F32, 0x7f800000, 0x7f800000),
        c1(ASINH, F32, 0xff800000, 0xff800000),
        c1(ASINH, F32, 0x7fc00000, 0x7fc00000),
        c1(ASINH, F32, 0x1, 0x1),
        c1(ASINH, F32, 0x7f7fffff, 0x42b2d4fc),
        c1(ASINH, F32, 0x40400000, 0x3fe8c2db),
        c1(ASINH, F32, 0xba83126f, 0xba83126e),
        c1(ASINH, F32, 0x42c80000, 0x40a98c05),
        c1(ASINH, F32, 0xbf800000, 0xbf61a1b3),
        c1(ACOSH, F16, 0x0, 0x7e00),
        c1(ACOSH, F16, 0x8000, 0x7e00),
        c1(ACOSH, F16, 0x7c00, 0x7c00),
        c1(ACOSH, F16, 0xfc00, 0x7e00),
        c1(ACOSH, F16, 0x7e00, 0x7e00),
        c1(ACOSH, F16, 0x1, 0x7e00),
        c1(ACOSH, F16, 0x7bff, 0x49e4),
        c1(ACOSH, F16, 0x4100, 0x3e44),
        c1(ACOSH, F16, 0x3c00, 0x0),
        c1(ACOSH, F16, 0x3800, 0x7e00),
        c1(ACOSH, F16, 0x63d0, 0x479a),
        c1(ACOSH, F16, 0xbc00, 0x7e00),
        c1(ACOSH, F32, 0x0, 0x7fc00000),
        c1(ACOSH, F32, 0x80000000, 0x7fc00000),
        c1(ACOSH, F32, 0x7f800000, 0x7f800000),
        c1(ACOSH, F32, 0xff800000, 0x7fc00000),
        c1(ACOSH, F32, 0x7fc00000, 0x7fc00000),
        c1(ACOSH, F32, 0x1, 0x7fc00000),
        c1(ACOSH, F32, 0x7f7fffff, 0x42b2d4fc),
        c1(ACOSH, F32, 0x40200000, 0x3fc88ce1),
        c1(ACOSH, F32, 0x3f800000, 0x0),
        c1(ACOSH, F32, 0x3f000000, 0x7fc00000),
        c1(ACOSH, F32, 0x447a0000, 0x40f33a97),
        c1(ACOSH, F32, 0xbf800000, 0x7fc00000),
        c1(ATANH, F16, 0x0, 0x0),
        c1(ATANH, F16, 0x8000, 0x8000),
        c1(ATANH, F16, 0x7c00, 0x7e00),
        c1(ATANH, F16, 0xfc00, 0x7e00),
        c1(ATANH, F16, 0x7e00, 0x7e00),
        c1(ATANH, F16, 0x1, 0x1),
        c1(ATANH, F16, 0x7bff, 0x7e00),
        c1(ATANH, F16, 0x3666, 0x36c7),
        c1(ATANH, F16, 0xbb33, 0xbde3),
        c1(ATANH, F16, 0x3c00, 0x7c00),
        c1(ATANH, F16, 0xbc00, 0xfc00),
        c1(ATANH, F16, 0x4000, 0x7e00),
        c1(ATANH, F16, 0x3800, 0x3865),
        c1(ATANH, F32, 0x0, 0x0),
        c1(ATANH, F32, 0x80000000, 0x80000000),
        c1(ATANH, F32, 0x7f800000, 0x7fc00000),
        c1(ATANH, F32, 0xff800000, 0x7fc00000),
        c1(ATANH, F32, 0x7fc00000, 0x7fc00000),
        c1(ATANH, F32, 0x1, 0x1),
        c1(ATANH, F32, 0x7f7fffff, 0x7fc00000),
        c1(ATANH, F32, 0x3ecccccd, 0x3ed8e883),
        c1(ATANH, F32, 0xbf666666, 0xbfbc71af),
        c1(ATANH, F32, 0x3f800000, 0x7f800000),
        c1(ATANH, F32, 0xbf800000, 0xff800000),
        c1(ATANH, F32, 0x40000000, 0x7fc00000),
        c1(ATANH, F32, 0x3f000000, 0x3f0c9f54),
        c1(EXP, F16, 0x0, 0x3c00),
        c1(EXP, F16, 0x8000, 0x3c00),
        c1(EXP, F16, 0x7c00, 0x7c00),
        c1(EXP, F16, 0xfc00, 0x0),
        c1(EXP, F16, 0x7e00, 0x7e00),
        c1(EXP, F16, 0x1, 0x3c00),
        c1(EXP, F16, 0x7bff, 0x7c00),
        c1(EXP, F16, 0x3c00, 0x4170),
        c1(EXP, F16, 0xc920, 0x251),
        c1(EXP, F16, 0x4980, 0x7b4f),
        c1(EXP, F16, 0xcc40, 0x1),
        c1(EXP, F16, 0x3800, 0x3e98),
        c1(EXP, F16, 0xd640, 0x0),
        c1(EXP, F32, 0x0, 0x3f800000),
        c1(EXP, F32, 0x80000000, 0x3f800000),
        c1(EXP, F32, 0x7f800000, 0x7f800000),
        c1(EXP, F32, 0xff800000, 0x0),
        c1(EXP, F32, 0x7fc00000, 0x7fc00000),
        c1(EXP, F32, 0x1, 0x3f800000),
        c1(EXP, F32, 0x7f7fffff, 0x7f800000),
        c1(EXP, F32, 0x3f800000, 0x402df854),
        c1(EXP, F32, 0xc1240000, 0x38144cd4),
        c1(EXP, F32, 0x41300000, 0x4769e224),
        c1(EXP, F32, 0xc1880000, 0x3331cf19),
        c1(EXP, F32, 0x3f000000, 0x3fd3094c),
        c1(EXP, F32, 0xc2c80000, 0x1b),
        c1(EXP2, F16, 0x0, 0x3c00),
        c1(EXP2, F16, 0x8000, 0x3c00),
        c1(EXP2, F16, 0x7c00, 0x7c00),
        c1(EXP2, F16, 0xfc00, 0x0),
        c1(EXP2, F16, 0x7e00, 0x7e00),
        c1(EXP2, F16, 0x1, 0x3c00),
        c1(EXP2, F16, 0x7bff, 0x7c00),
        c1(EXP2, F16, 0x34cd, 0x3ced),
        c1(EXP2, F16, 0xd7e8, 0x0),
        c1(EXP2, F16, 0x4bc0, 0x79a8),
        c1(EXP2, F16, 0xce00, 0x1),
        c1(EXP2, F16, 0x3800, 0x3da8),
        c1(EXP2, F32, 0x0, 0x3f800000),
        c1(EXP2, F32, 0x80000000, 0x3f800000),
        c1(EXP2, F32, 0x7f800000, 0x7f800000),
        c1(EXP2, F32, 0xff800000, 0x0),
        c1(EXP2, F32, 0x7fc00000, 0x7fc00000),
        c1(EXP2, F32, 0x1, 0x3f800000),
        c1(EXP2, F32, 0x7f7fffff, 0x7f800000),
        c1(EXP2, F32, 0x3e99999a, 0x3f9d9624),
        c1(EXP2, F32, 0xc2fd0000, 0x5a827a),
        c1(EXP2, F32, 0x41780000, 0x473504f3),
        c1(EXP2, F32, 0xc1c00000, 0x33800000),
        c1(EXP2, F32, 0xc1c80000, 0x33000000),
        c1(EXP2, F32, 0x3f000000, 0x3fb504f3),
        c1(LOG, F16, 0x0, 0xfc00),
        c1(LOG, F16, 0x8000, 0xfc00),
        c1(LOG, F16, 0x7c00, 0x7c00),
        c1(LOG, F16, 0xfc00, 0x7e00),
        c1(LOG, F16, 0x7e00, 0x7e00),
        c1(LOG, F16, 0x1, 0xcc29),
        c1(LOG, F16, 0x7bff, 0x498c),
        c1(LOG, F16, 0x4200, 0x3c65),
        c1(LOG, F16, 0x3c00, 0x0),
        c1(LOG, F16, 0x3bfe, 0x9401),
        c1(LOG, F16, 0x63d0, 0x46e8),
        c1(LOG, F16, 0xbc00, 0x7e00),
        c1(LOG, F16, 0x3800, 0xb98c),
        c1(LOG, F32, 0x0, 0xff800000),
        c1(LOG, F32, 0x80000000, 0xff800000),
        c1(LOG, F32, 0x7f800000, 0x7f800000),
        c1(LOG, F32, 0xff800000, 0x7fc00000),
        c1(LOG, F32, 0x7fc00000, 0x7fc00000),
        c1(LOG, F32, 0x1, 0xc2ce8ed0),
        c1(LOG, F32, 0x7f7fffff, 0x42b17218),
        c1(LOG, F32, 0x40400000, 0x3f8c9f54),
        c1(LOG, F32, 0x3f800000, 0x0),
        c1(LOG, F32, 0x3f7fbe77, 0xba8322ca),
        c1(LOG, F32, 0x447a0000, 0x40dd0c55),
        c1(LOG, F32, 0xbf800000, 0x7fc00000),
        c1(LOG, F32, 0x3f000000, 0xbf317218),
        c1(LOG2, F16, 0x0, 0xfc00),
        c1(LOG2, F16, 0x8000, 0xfc00),
        c1(LOG2, F16, 0x7c00, 0x7c00),
        c1(LOG2, F16, 0xfc00, 0x7e00),
        c1(LOG2, F16, 0x7e00, 0x7e00),
        c1(LOG2, F16, 0x1, 0xce00),
        c1(LOG2, F16, 0x7bff, 0x4c00),
        c1(LOG2, F16, 0x4900, 0x42a5),
        c1(LOG2, F16, 0x3c00, 0x0),
        c1(LOG2, F16, 0x4200, 0x3e57),
        c1(LOG2, F16, 0x2e66, 0xc2a5),
        c1(LOG2, F16, 0xc000, 0x7e00),
        c1(LOG2, F16, 0x63d0, 0x48fc),
        c1(LOG2, F32, 0x0, 0xff800000),
        c1(LOG2, F32, 0x80000000, 0xff800000),
        c1(LOG2, F32, 0x7f800000, 0x7f800000),
        c1(LOG2, F32, 0xff800000, 0x7fc00000),
        c1(LOG2, F32, 0x7fc00000, 0x7fc00000),
        c1(LOG2, F32, 0x1, 0xc3150000),
        c1(LOG2, F32, 0x7f7fffff, 0x43000000),
        c1(LOG2, F32, 0x41200000, 0x40549a78),
        c1(LOG2, F32, 0x3f800000, 0x0),
        c1(LOG2, F32, 0x40400000, 0x3fcae00d),
        c1(LOG2, F32, 0x3dcccccd, 0xc0549a78),
        c1(LOG2, F32, 0xc0000000, 0x7fc00000),
        c1(LOG2, F32, 0x447a0000, 0x411f73da),
        c1(SQRT, F16, 0x0, 0x0),
        c1(SQRT, F16, 0x8000, 0x8000),
        c1(SQRT, F16, 0x7c00, 0x7c00),
        c1(SQRT, F16, 0xfc00, 0x7e00),
        c1(SQRT, F16, 0x7e00, 0x7e00),
        c1(SQRT, F16, 0x1, 0xc00),
        c1(SQRT, F16, 0x7bff, 0x5bff),
        c1(SQRT, F16, 0x4000, 0x3da8),
        c1(SQRT, F16, 0xbc00, 0x7e00),
        c1(SQRT, F16, 0x3800, 0x39a8),
        c1(SQRT, F16, 0x4200, 0x3eee),
        c1(SQRT, F16, 0x63d0, 0x4fe8),
        c1(SQRT, F32, 0x0, 0x0),
        c1(SQRT, F32, 0x80000000, 0x80000000),
        c1(SQRT, F32, 0x7f800000, 0x7f800000),
        c1(SQRT, F32, 0xff800000, 0x7fc00000),
        c1(SQRT, F32, 0x7fc00000, 0x7fc00000),
        c1(SQRT, F32, 0x1, 0x1a3504f3),
        c1(SQRT, F32, 0x40000000, 0x3fb504f3),
        c1(SQRT, F32, 0xbf800000, 0x7fc00000),
        c1(SQRT, F32, 0x3f000000, 0x3f3504f3),
        c1(SQRT, F32, 0x40400000, 0x3fddb3d7),
        c1(SQRT, F32, 0x447a0000, 0x41fcfb72),
        c1(INVERSE_SQRT, F16, 0x0, 0x7c00),
        c1(INVERSE_SQRT, F16, 0x7c00, 0x0),
        c1(INVERSE_SQRT, F16, 0xfc00, 0x7e00),
        c1(INVERSE_SQRT, F16, 0x7e00, 0x7e00),
        c1(INVERSE_SQRT, F16, 0x1, 0x6c00),
        c1(INVERSE_SQRT, F16, 0x7bff, 0x1c00),
        c1(INVERSE_SQRT, F16, 0x4200, 0x389e),
        c1(INVERSE_SQRT, F16, 0xbc00, 0x7e00),
        c1(INVERSE_SQRT, F16, 0x399a, 0x3cc8),
        c1(INVERSE_SQRT, F16, 0x4400, 0x3800),
        c1(INVERSE_SQRT, F16, 0x63d0, 0x280c),
        c1(INVERSE_SQRT, F32, 0x0, 0x7f800000),
        c1(INVERSE_SQRT, F32, 0x7f800000, 0x0),
        c1(INVERSE_SQRT, F32, 0xff800000, 0x7fc00000),
        c1(INVERSE_SQRT, F32, 0x7fc00000, 0x7fc00000),
        c1(INVERSE_SQRT, F32, 0x1, 0x64b504f3),
        c1(INVERSE_SQRT, F32, 0x7f7fffff, 0x1f800000),
        c1(INVERSE_SQRT, F32, 0x40400000, 0x3f13cd3a),
        c1(INVERSE_SQRT, F32, 0xbf800000, 0x7fc00000),
        c1(INVERSE_SQRT, F32, 0x3f333333, 0x3f98fd40),
        c1(INVERSE_SQRT, F32, 0x40800000, 0x3f000000),
        c1(INVERSE_SQRT, F32, 0x447a0000, 0x3d0186e2),
        c1(FLOOR, F16, 0x0, 0x0),
        c1(CEIL, F16, 0x0, 0x0),
        c1(TRUNC, F16, 0x0, 0x0),
        c1(ROUND, F16, 0x0, 0x0),
        c1(ROUND_EVEN, F16, 0x0, 0x0),
        c1(FRACT, F16, 0x0, 0x0),
        c1(MODF, F16, 0x0, 0x0),
        c1(FLOOR, F16, 0x8000, 0x8000),
        c1(CEIL, F16, 0x8000, 0x8000),
        c1(TRUNC, F16, 0x8000, 0x8000),
        c1(ROUND, F16, 0x8000, 0x8000),
        c1(ROUND_EVEN, F16, 0x8000, 0x8000),
        c1(FRACT, F16, 0x8000, 0x0),
        c1(MODF, F16, 0x8000, 0x8000),
        c1(FLOOR, F16, 0x7c00, 0x7c00),
        c1(CEIL, F16, 0x7c00, 0x7c00),
        c1(TRUNC, F16, 0x7c00, 0x7c00),
        c1(ROUND, F16, 0x7c00, 0x7c00),
        c1(ROUND_EVEN, F16, 0x7c00, 0x7c00),
        c1(FRACT, F16, 0x7c00, 0x7e00),
        c1(MODF, F16, 0x7c00, 0x0),
        c1(FLOOR, F16, 0xfc00, 0xfc00),
        c1(CEIL, F16, 0xfc00, 0xfc00),
        c1(TRUNC, F16, 0xfc00, 0xfc00),
        c1(ROUND, F16, 0xfc00, 0xfc00),
        c1(ROUND_EVEN, F16, 0xfc00, 0xfc00),
        c1(FRACT, F16, 0xfc00, 0x7e00),
        c1(MODF, F16, 0xfc00, 0x8000),
        c1(FLOOR, F16, 0x7e00, 0x7e00),
        c1(CEIL, F16, 0x7e00, 0x7e00),
        c1(TRUNC, F16, 0x7e00, 0x7e00),
        c1(ROUND, F16, 0x7e00, 0x7e00),
        c1(ROUND_EVEN, F16, 0x7e00, 0x7e00),
        c1(FRACT, F16, 0x7e00, 0x7e00),
        c1(MODF, F16, 0x7e00, 0x7e00),
        c1(FLOOR, F16, 0x1, 0x0),
        c1(CEIL, F16, 0x1, 0x3c00),
        c1(TRUNC, F16, 0x1, 0x0),
        c1(ROUND, F16, 0x1, 0x0),
        c1(ROUND_EVEN, F16, 0x1, 0x0),
        c1(FRACT, F16, 0x1, 0x1),
        c1(MODF, F16, 0x1, 0x1),
        c1(FLOOR, F16, 0x8001, 0xbc00),
        c1(CEIL, F16, 0x8001, 0x8000),
        c1(TRUNC, F16, 0x8001, 0x8000),
        c1(ROUND, F16, 0x8001, 0x8000),
        c1(ROUND_EVEN, F16, 0x8001, 0x8000),
        c1(FRACT, F16, 0x8001, 0x3c00),
        c1(MODF, F16, 0x8001, 0x8001),
        c1(FLOOR, F16, 0x7bff, 0x7bff),
        c1(CEIL, F16, 0x7bff, 0x7bff),
        c1(TRUNC, F16, 0x7bff, 0x7bff),
        c1(ROUND, F16, 0x7bff, 0x7bff),
        c1(ROUND_EVEN, F16, 0x7bff, 0x7bff),
        c1(FRACT, F16, 0x7bff, 0x0),
        c1(MODF, F16, 0x7bff, 0x0),
        c1(FLOOR, F16, 0xfbff, 0xfbff),
        c1(CEIL, F16, 0xfbff, 0xfbff),
        c1(TRUNC, F16, 0xfbff, 0xfbff),
        c1(ROUND, F16, 0xfbff, 0xfbff),
        c1(ROUND_EVEN, F16, 0xfbff, 0xfbff),
        c1(FRACT, F16, 0xfbff, 0x0),
        c1(MODF, F16, 0xfbff, 0x8000),
        c1(FLOOR, F16, 0x3800, 0x0),
        c1(CEIL, F16, 0x3800, 0x3c00),
        c1(TRUNC, F16, 0x3800, 0x0),
        c1(ROUND, F16, 0x3800, 0x0),
        c1(ROUND_EVEN, F16, 0x3800, 0x0),
        c1(FRACT, F16, 0x3800, 0x3800),
        c1(MODF, F16, 0x3800, 0x3800),
        c1(FLOOR, F16, 0xb800, 0xbc00),
        c1(CEIL, F16, 0xb800, 0x8000),
        c1(TRUNC, F16, 0xb800, 0x8000),
        c1(ROUND, F16, 0xb800, 0x8000),
        c1(ROUND_EVEN, F16, 0xb800, 0x8000),
        c1(FRACT, F16, 0xb800, 0x3800),
        c1(MODF, F16, 0xb800, 0xb800),
        c1(FLOOR, F16, 0xbe00, 0xc000),
        c1(CEIL, F16, 0xbe00, 0xbc00),
        c1(TRUNC, F16, 0xbe00, 0xbc00),
        c1(ROUND, F16, 0xbe00, 0xc000),
        c1(ROUND_EVEN, F16, 0xbe00, 0xc000),
        c1(FRACT, F16, 0xbe00, 0x3800),
        c1(MODF, F16, 0xbe00, 0xb800),
        c1(FLOOR, F16, 0x4100, 0x4000),
        c1(CEIL, F16, 0x4100, 0x4200),
        c1(TRUNC, F16, 0x4100, 0x4000),
        c1(ROUND, F16, 0x4100, 0x4000),
        c1(ROUND_EVEN, F16, 0x4100, 0x4000),
        c1(FRACT, F16, 0x4100, 0x3800),
        c1(MODF, F16, 0x4100, 0x3800),
        c1(FLOOR, F16, 0x63ff, 0x63fe),
        c1(CEIL, F16, 0x63ff, 0x6400),
        c1(TRUNC, F16, 0x63ff, 0x63fe),
        c1(ROUND, F16, 0x63ff, 0x6400),
        c1(ROUND_EVEN, F16, 0x63ff, 0x6400),
        c1(FRACT, F16, 0x63ff, 0x3800),
        c1(MODF, F16, 0x63ff, 0x3800),
        c1(FLOOR, F16, 0xe3ff, 0xe400),
        c1(CEIL, F16, 0xe3ff, 0xe3fe),
        c1(TRUNC, F16, 0xe3ff, 0xe3fe),
        c1(ROUND, F16, 0xe3ff, 0xe400),
        c1(ROUND_EVEN, F16, 0xe3ff, 0xe400),
        c1(FRACT, F16, 0xe3ff, 0x3800),
        c1(MODF, F16, 0xe3ff, 0xb800),
        c1(FLOOR, F16, 0xc000, 0xc000),
        c1(CEIL, F16, 0xc000, 0xc000),
        c1(TRUNC, F16, 0xc000, 0xc000),
        c1(ROUND, F16, 0xc000, 0xc000),
        c1(ROUND_EVEN, F16, 0xc000, 0xc000),
        c1(FRACT, F16, 0xc000, 0x0),
        c1(MODF, F16, 0xc000, 0x8000),
        c1(FLOOR, F32, 0x0, 0x0),
        c1(CEIL, F32, 0x0, 0x0),
        c1(TRUNC, F32, 0x0, 0x0),
        c1(ROUND, F32, 0x0, 0x0),
        c1(ROUND_EVEN, F32, 0x0, 0x0),
        c1(FRACT, F32, 0x0, 0x0),
        c1(MODF, F32, 0x0, 0x0),
        c1(FLOOR, F32, 0x80000000, 0x80000000),
        c1(CEIL, F32, 0x80000000, 0x80000000),
        c1(TRUNC, F32, 0x80000000, 0x80000000),
        c1(ROUND, F32, 0x80000000, 0x80000000),
        c1(ROUND_EVEN, F32, 0x80000000, 0x80000000),
        c1(FRACT, F32, 0x80000000, 0x0),
        c1(MODF, F32, 0x80000000, 0x80000000),
        c1(FLOOR, F32, 0x7f800000, 0x7f800000),
        c1(CEIL, F32, 0x7f800000, 0x7f800000),
        c1(TRUNC, F32, 0x7f800000, 0x7f800000),
        c1(ROUND, F32, 0x7f800000, 0x7f800000),
        c1(ROUND_EVEN, F32, 0x7f800000, 0x7f800000),
        c1(FRACT, F32, 0x7f800000, 0x7fc00000),
        c1(MODF, F32, 0x7f800000, 0x0),
        c1(FLOOR, F32, 0xff800000, 0xff800000),
        c1(CEIL, F32, 0xff800000, 0xff800000),
        c1(TRUNC, F32, 0xff800000, 0xff800000),
        c1(ROUND, F32, 0xff800000, 0xff800000),
        c1(ROUND_EVEN, F32, 0xff800000, 0xff800000),
        c1(FRACT, F32, 0xff800000, 0x7fc00000),
        c1(MODF, F32, 0xff800000, 0x80000000),
        c1(FLOOR, F32, 0x7fc00000, 0x7fc00000),
        c1(CEIL, F32, 0x7fc00000, 0x7fc00000),
        c1(TRUNC, F32, 0x7fc00000, 0x7fc00000),
        c1(ROUND, F32, 0x7fc00000, 0x7fc00000),
        c1(ROUND_EVEN, F32, 0x7fc00000, 0x7fc00000),
        c1(FRACT, F32, 0x7fc00000, 0x7fc00000),
        c1(MODF, F32, 0x7fc00000, 0x7fc00000),
        c1(FLOOR, F32, 0x1, 0x0),
        c1(CEIL, F32, 0x1, 0x3f800000),
        c1(TRUNC, F32, 0x1, 0x0),
        c1(ROUND, F32, 0x1, 0x0),
        c1(ROUND_EVEN, F32, 0x1, 0x0),
        c1(FRACT, F32, 0x1, 0x1),
        c1(MODF, F32, 0x1, 0x1),
        c1(FLOOR, F32, 0x80000001, 0xbf800000),
        c1(CEIL, F32, 0x80000001, 0x80000000),
        c1(TRUNC, F32, 0x80000001, 0x80000000),
        c1(ROUND, F32, 0x80000001, 0x80000000),
        c1(ROUND_EVEN, F32, 0x80000001, 0x80000000),
        c1(FRACT, F32, 0x80000001, 0x3f800000),
        c1(MODF, F32, 0x80000001, 0x80000001),
        c1(FLOOR, F32, 0x7f7fffff, 0x7f7fffff),
        c1(CEIL, F32, 0x7f7fffff, 0x7f7fffff),
        c1(TRUNC, F32, 0x7f7fffff, 0x7f7fffff),
        c1(ROUND, F32, 0x7f7fffff, 0x7f7fffff),
        c1(ROUND_EVEN, F32, 0x7f7fffff, 0x7f7fffff),
        c1(FRACT, F32, 0x7f7fffff, 0x0),
        c1(MODF, F32, 0x7f7fffff, 0x0),
        c1(FLOOR, F32, 0xff7fffff, 0xff7fffff),
        c1(CEIL, F32, 0xff7fffff, 0xff7fffff),
        c1(TRUNC, F32, 0xff7fffff, 0xff7fffff),
        c1(ROUND, F32, 0xff7fffff, 0xff7fffff),
        c1(ROUND_EVEN, F32, 0xff7fffff, 0xff7fffff),
        c1(FRACT, F32, 0xff7fffff, 0x0),
        c1(MODF, F32, 0xff7fffff, 0x80000000),
        c1(FLOOR, F32, 0x3f000000, 0x0),
        c1(CEIL, F32, 0x3f000000, 0x3f800000),
        c1(TRUNC, F32, 0x3f000000, 0x0),
        c1(ROUND, F32, 0x3f000000, 0x0),
        c1(ROUND_EVEN, F32, 0x3f000000, 0x0),
        c1(FRACT, F32, 0x3f000000, 0x3f000000),
        c1(MODF, F32, 0x3f000000, 0x3f000000),
        c1(FLOOR, F32, 0xbf000000, 0xbf800000),
        c1(CEIL, F32, 0xbf000000, 0x80000000),
        c1(TRUNC, F32, 0xbf000000, 0x80000000),
        c1(ROUND, F32, 0xbf000000, 0x80000000),
        c1(ROUND_EVEN, F32, 0xbf000000, 0x80000000),
        c1(FRACT, F32, 0xbf000000, 0x3f000000),
        c1(MODF, F32, 0xbf000000, 0xbf000000),
        c1(FLOOR, F32, 0xbfc00000, 0xc0000000),
        c1(CEIL, F32, 0xbfc00000, 0xbf800000),
        c1(TRUNC, F32, 0xbfc00000, 0xbf800000),
        c1(ROUND, F32, 0xbfc00000, 0xc0000000),
        c1(ROUND_EVEN, F32, 0xbfc00000, 0xc0000000),
        c1(FRACT, F32, 0xbfc00000, 0x3f000000),
        c1(MODF, F32, 0xbfc00000, 0xbf000000),
        c1(FLOOR, F32, 0x40200000, 0x40000000),
        c1(CEIL, F32, 0x40200000, 0x40400000),
        c1(TRUNC, F32, 0x40200000, 0x40000000),
        c1(ROUND, F32, 0x40200000, 0x40000000),
        c1(ROUND_EVEN, F32, 0x40200000, 0x40000000),
        c1(FRACT, F32, 0x40200000, 0x3f000000),
        c1(MODF, F32, 0x40200000, 0x3f000000),
        c1(FLOOR, F32, 0x4affffff, 0x4afffffe),
        c1(CEIL, F32, 0x4affffff, 0x4b000000),
        c1(TRUNC, F32, 0x4affffff, 0x4afffffe),
        c1(ROUND, F32, 0x4affffff, 0x4b000000),
        c1(ROUND_EVEN, F32, 0x4affffff, 0x4b000000),
        c1(FRACT, F32, 0x4affffff, 0x3f000000),
        c1(MODF, F32, 0x4affffff, 0x3f000000),
        c1(FLOOR, F32, 0xcaffffff, 0xcb000000),
        c1(CEIL, F32, 0xcaffffff, 0xcafffffe),
        c1(TRUNC, F32, 0xcaffffff, 0xcafffffe),
        c1(ROUND, F32, 0xcaffffff, 0xcb000000),
        c1(ROUND_EVEN, F32, 0xcaffffff, 0xcb000000),
        c1(FRACT, F32, 0xcaffffff, 0x3f000000),
        c1(MODF, F32, 0xcaffffff, 0xbf000000),
        c1(FLOOR, F32, 0xc0000000, 0xc0000000),
        c1(CEIL, F32, 0xc0000000, 0xc0000000),
        c1(TRUNC, F32, 0xc0000000, 0xc0000000),
        c1(ROUND, F32, 0xc0000000, 0xc0000000),
        c1(ROUND_EVEN, F32, 0xc0000000, 0xc0000000),
        c1(FRACT, F32, 0xc0000000, 0x0),
        c1(MODF, F32, 0xc0000000, 0x80000000),
        c1(FLOOR, F64, 0x0, 0x0),
        c1(CEIL, F64, 0x0, 0x0),
        c1(TRUNC, F64, 0x0, 0x0),
        c1(ROUND, F64, 0x0, 0x0),
        c1(ROUND_EVEN, F64, 0x0, 0x0),
        c1(FRACT, F64, 0x0, 0x0),
        c1(MODF, F64, 0x0, 0x0),
        c1(FLOOR, F64, 0x8000000000000000, 0x8000000000000000),
        c1(CEIL, F64, 0x8000000000000000, 0x8000000000000000),
        c1(TRUNC, F64, 0x8000000000000000, 0x8000000000000000),
        c1(ROUND, F64, 0x8000000000000000, 0x8000000000000000),
        c1(ROUND_EVEN, F64, 0x8000000000000000, 0x8000000000000000),
        c1(FRACT, F64, 0x8000000000000000, 0x0),
        c1(MODF, F64, 0x8000000000000000, 0x8000000000000000),
        c1(FLOOR, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        c1(CEIL, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        c1(TRUNC, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        c1(ROUND, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        c1(ROUND_EVEN, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        c1(FRACT, F64, 0x7ff0000000000000, 0x7ff8000000000000),
        c1(MODF, F64, 0x7ff0000000000000, 0x0),
        c1(FLOOR, F64, 0xfff0000000000000, 0xfff0000000000000),
        c1(CEIL, F64, 0xfff0000000000000, 0xfff0000000000000),
        c1(TRUNC, F64, 0xfff0000000000000, 0xfff0000000000000),
        c1(ROUND, F64, 0xfff0000000000000, 0xfff0000000000000),
        c1(ROUND_EVEN, F64, 0xfff0000000000000, 0xfff0000000000000),
        c1(FRACT, F64, 0xfff0000000000000, 0x7ff8000000000000),
        c1(MODF, F64, 0xfff0000000000000, 0x8000000000000000),
        c1(FLOOR, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(CEIL, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(TRUNC, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(ROUND, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(ROUND_EVEN, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(FRACT, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(MODF, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        c1(FLOOR, F64, 0x1, 0x0),
        c1(CEIL, F64, 0x1, 0x3ff0000000000000),
        c1(TRUNC, F64, 0x1, 0x0),
        c1(ROUND, F64, 0x1, 0x0),
        c1(ROUND_EVEN, F64, 0x1, 0x0),
        c1(FRACT, F64, 0x1, 0x1),
        c1(MODF, F64, 0x1, 0x1),
        c1(FLOOR, F64, 0x8000000000000001, 0xbff0000000000000),
        c1(CEIL, F64, 0x8000000000000001, 0x8000000000000000),
        c1(TRUNC, F64, 0x8000000000000001, 0x8000000000000000),
        c1(ROUND, F64, 0x8000000000000001, 0x8000000000000000),
        c1(ROUND_EVEN, F64, 0x8000000000000001, 0x8000000000000000),
        c1(FRACT, F64, 0x8000000000000001, 0x3ff0000000000000),
        c1(MODF, F64, 0x8000000000000001, 0x8000000000000001),
        c1(FLOOR, F64, 0x7fefffffffffffff, 0x7fefffffffffffff),
        c1(CEIL, F64, 0x7fefffffffffffff, 0x7fefffffffffffff),
        c1(TRUNC, F64, 0x7fefffffffffffff, 0x7fefffffffffffff),
        c1(ROUND, F64, 0x7fefffffffffffff, 0x7fefffffffffffff),
        c1(ROUND_EVEN, F64, 0x7fefffffffffffff, 0x7fefffffffffffff),
        c1(FRACT, F64, 0x7fefffffffffffff, 0x0),
        c1(MODF, F64, 0x7fefffffffffffff, 0x0),
        c1(FLOOR, F64, 0xffefffffffffffff, 0xffefffffffffffff),
        c1(CEIL, F64, 0xffefffffffffffff, 0xffefffffffffffff),
        c1(TRUNC, F64, 0xffefffffffffffff, 0xffefffffffffffff),
        c1(ROUND, F64, 0xffefffffffffffff, 0xffefffffffffffff),
        c1(ROUND_EVEN, F64, 0xffefffffffffffff, 0xffefffffffffffff),
        c1(FRACT, F64, 0xffefffffffffffff, 0x0),
        c1(MODF, F64, 0xffefffffffffffff, 0x8000000000000000),
        c1(FLOOR, F64, 0x3fe0000000000000, 0x0),
        c1(CEIL, F64, 0x3fe0000000000000, 0x3ff0000000000000),
        c1(TRUNC, F64, 0x3fe0000000000000, 0x0),
        c1(ROUND, F64, 0x3fe0000000000000, 0x0),
        c1(ROUND_EVEN, F64, 0x3fe0000000000000, 0x0),
        c1(FRACT, F64, 0x3fe0000000000000, 0x3fe0000000000000),
        c1(MODF, F64, 0x3fe0000000000000, 0x3fe0000000000000),
        c1(FLOOR, F64, 0xbfe0000000000000, 0xbff0000000000000),
        c1(CEIL, F64, 0xbfe0000000000000, 0x8000000000000000),
        c1(TRUNC, F64, 0xbfe0000000000000, 0x8000000000000000),
        c1(ROUND, F64, 0xbfe0000000000000, 0x8000000000000000),
        c1(ROUND_EVEN, F64, 0xbfe0000000000000, 0x8000000000000000),
        c1(FRACT, F64, 0xbfe0000000000000, 0x3fe0000000000000),
        c1(MODF, F64, 0xbfe0000000000000, 0xbfe0000000000000),
        c1(FLOOR, F64, 0xbff8000000000000, 0xc000000000000000),
        c1(CEIL, F64, 0xbff8000000000000, 0xbff0000000000000),
        c1(TRUNC, F64, 0xbff8000000000000, 0xbff0000000000000),
        c1(ROUND, F64, 0xbff8000000000000, 0xc000000000000000),
        c1(ROUND_EVEN, F64, 0xbff8000000000000, 0xc000000000000000),
        c1(FRACT, F64, 0xbff8000000000000, 0x3fe0000000000000),
        c1(MODF, F64, 0xbff8000000000000, 0xbfe0000000000000),
        c1(FLOOR, F64, 0x4004000000000000, 0x4000000000000000),
        c1(CEIL, F64, 0x4004000000000000, 0x4008000000000000),
        c1(TRUNC, F64, 0x4004000000000000, 0x4000000000000000),
        c1(ROUND, F64, 0x4004000000000000, 0x4000000000000000),
        c1(ROUND_EVEN, F64, 0x4004000000000000, 0x4000000000000000),
        c1(FRACT, F64, 0x4004000000000000, 0x3fe0000000000000),
        c1(MODF, F64, 0x4004000000000000, 0x3fe0000000000000),
        c1(FLOOR, F64, 0x432fffffffffffff, 0x432ffffffffffffe),
        c1(CEIL, F64, 0x432fffffffffffff, 0x4330000000000000),
        c1(TRUNC, F64, 0x432fffffffffffff, 0x432ffffffffffffe),
        c1(ROUND, F64, 0x432fffffffffffff, 0x4330000000000000),
        c1(ROUND_EVEN, F64, 0x432fffffffffffff, 0x4330000000000000),
        c1(FRACT, F64, 0x432fffffffffffff, 0x3fe0000000000000),
        c1(MODF, F64, 0x432fffffffffffff, 0x3fe0000000000000),
        c1(FLOOR, F64, 0xc32fffffffffffff, 0xc330000000000000),
        c1(CEIL, F64, 0xc32fffffffffffff, 0xc32ffffffffffffe),
        c1(TRUNC, F64, 0xc32fffffffffffff, 0xc32ffffffffffffe),
        c1(ROUND, F64, 0xc32fffffffffffff, 0xc330000000000000),
        c1(ROUND_EVEN, F64, 0xc32fffffffffffff, 0xc330000000000000),
        c1(FRACT, F64, 0xc32fffffffffffff, 0x3fe0000000000000),
        c1(MODF, F64, 0xc32fffffffffffff, 0xbfe0000000000000),
        c1(FLOOR, F64, 0xc000000000000000, 0xc000000000000000),
        c1(CEIL, F64, 0xc000000000000000, 0xc000000000000000),
        c1(TRUNC, F64, 0xc000000000000000, 0xc000000000000000),
        c1(ROUND, F64, 0xc000000000000000, 0xc000000000000000),
        c1(ROUND_EVEN, F64, 0xc000000000000000, 0xc000000000000000),
        c1(FRACT, F64, 0xc000000000000000, 0x0),
        c1(MODF, F64, 0xc000000000000000, 0x8000000000000000),
        c2(FMIN, F16, 0x0, 0x8000, 0x0),
        c2(NMIN, F16, 0x0, 0x8000, 0x0),
        c2(FMAX, F16, 0x0, 0x8000, 0x0),
        c2(NMAX, F16, 0x0, 0x8000, 0x0),
        c2(FMIN, F16, 0x8000, 0x0, 0x8000),
        c2(NMIN, F16, 0x8000, 0x0, 0x8000),
        c2(FMAX, F16, 0x8000, 0x0, 0x8000),
        c2(NMAX, F16, 0x8000, 0x0, 0x8000),
        c2(FMIN, F16, 0x7c00, 0x7bff, 0x7bff),
        c2(NMIN, F16, 0x7c00, 0x7bff, 0x7bff),
        c2(FMAX, F16, 0x7c00, 0x7bff, 0x7c00),
        c2(NMAX, F16, 0x7c00, 0x7bff, 0x7c00),
        c2(FMIN, F16, 0xfc00, 0xfbff, 0xfc00),
        c2(NMIN, F16, 0xfc00, 0xfbff, 0xfc00),
        c2(FMAX, F16, 0xfc00, 0xfbff, 0xfbff),
        c2(NMAX, F16, 0xfc00, 0xfbff, 0xfbff),
        c2(FMIN, F16, 0x7e00, 0xfc00, 0xfc00),
        c2(NMIN, F16, 0x7e00, 0xfc00, 0xfc00),
        c2(FMAX, F16, 0x7e00, 0xfc00, 0xfc00),
        c2(NMAX, F16, 0x7e00, 0xfc00, 0xfc00),
        c2(FMIN, F16, 0x7c00, 0x7e00, 0x7c00),
        c2(NMIN, F16, 0x7c00, 0x7e00, 0x7c00),
        c2(FMAX, F16, 0x7c00, 0x7e00, 0x7c00),
        c2(NMAX, F16, 0x7c00, 0x7e00, 0x7c00),
        c2(FMIN, F16, 0x1, 0x8000, 0x8000),
        c2(NMIN, F16, 0x1, 0x8000, 0x8000),
        c2(FMAX, F16, 0x1, 0x8000, 0x1),
        c2(NMAX, F16, 0x1, 0x8000, 0x1),
        c2(FMIN, F16, 0x8001, 0x0, 0x8001),
        c2(NMIN, F16, 0x8001, 0x0, 0x8001),
        c2(FMAX, F16, 0x8001, 0x0, 0x0),
        c2(NMAX, F16, 0x8001, 0x0, 0x0),
        c2(FMIN, F16, 0x7e00, 0x7e00, 0x7e00),
        c2(NMIN, F16, 0x7e00, 0x7e00, 0x7e00),
        c2(FMAX, F16, 0x7e00, 0x7e00, 0x7e00),
        c2(NMAX, F16, 0x7e00, 0x7e00, 0x7e00),
        c2(FMIN, F16, 0x3c00, 0x4000, 0x3c00),
        c2(NMIN, F16, 0x3c00, 0x4000, 0x3c00),
        c2(FMAX, F16, 0x3c00, 0x4000, 0x4000),
        c2(NMAX, F16, 0x3c00, 0x4000, 0x4000),
        c3(FCLAMP, F16, 0x7e00, 0xbc00, 0x3c00, 0xbc00),
        c3(NCLAMP, F16, 0x7e00, 0xbc00, 0x3c00, 0xbc00),
        c3(FCLAMP, F16, 0x7c00, 0xbc00, 0x3c00, 0x3c00),
        c3(NCLAMP, F16, 0x7c00, 0xbc00, 0x3c00, 0x3c00),
        c3(FCLAMP, F16, 0xfc00, 0xfbff, 0x7bff, 0xfbff),
        c3(NCLAMP, F16, 0xfc00, 0xfbff, 0x7bff, 0xfbff),
        c3(FCLAMP, F16, 0x8000, 0x0, 0x3c00, 0x8000),
        c3(NCLAMP, F16, 0x8000, 0x0, 0x3c00, 0x8000),
        c3(FCLAMP, F16, 0x0, 0x8000, 0x3c00, 0x0),
        c3(NCLAMP, F16, 0x0, 0x8000, 0x3c00, 0x0),
        c3(FCLAMP, F16, 0x1, 0x0, 0x1, 0x1),
        c3(NCLAMP, F16, 0x1, 0x0, 0x1, 0x1),
        c3(FCLAMP, F16, 0x3800, 0x7e00, 0x3c00, 0x3800),
        c3(NCLAMP, F16, 0x3800, 0x7e00, 0x3c00, 0x3800),
        c3(FCLAMP, F16, 0x4000, 0x0, 0x7e00, 0x4000),
        c3(NCLAMP, F16, 0x4000, 0x0, 0x7e00, 0x4000),
        c3(FCLAMP, F16, 0x8001, 0x0, 0x3c00, 0x0),
        c3(NCLAMP, F16, 0x8001, 0x0, 0x3c00, 0x0),
        c2(STEP, F16, 0x0, 0x8000, 0x3c00),
        c2(STEP, F16, 0x8000, 0x0, 0x3c00),
        c2(STEP, F16, 0x7e00, 0x3c00, 0x3c00),
        c2(STEP, F16, 0x3c00, 0x7e00, 0x3c00),
        c2(STEP, F16, 0x7c00, 0x7bff, 0x0),
        c2(STEP, F16, 0xfc00, 0xfc00, 0x3c00),
        c2(STEP, F16, 0x1, 0x0, 0x0),
        c2(STEP, F16, 0x0, 0x1, 0x3c00),
        c2(STEP, F16, 0x0, 0x8001, 0x0),
        c2(FMIN, F32, 0x0, 0x80000000, 0x0),
        c2(NMIN, F32, 0x0, 0x80000000, 0x0),
        c2(FMAX, F32, 0x0, 0x80000000, 0x0),
        c2(NMAX, F32, 0x0, 0x80000000, 0x0),
        c2(FMIN, F32, 0x80000000, 0x0, 0x80000000),
        c2(NMIN, F32, 0x80000000, 0x0, 0x80000000),
        c2(FMAX, F32, 0x80000000, 0x0, 0x80000000),
        c2(NMAX, F32, 0x80000000, 0x0, 0x80000000),
        c2(FMIN, F32, 0x7f800000, 0x7f7fffff, 0x7f7fffff),
        c2(NMIN, F32, 0x7f800000, 0x7f7fffff, 0x7f7fffff),
        c2(FMAX, F32, 0x7f800000, 0x7f7fffff, 0x7f800000),
        c2(NMAX, F32, 0x7f800000, 0x7f7fffff, 0x7f800000),
        c2(FMIN, F32, 0xff800000, 0xff7fffff, 0xff800000),
        c2(NMIN, F32, 0xff800000, 0xff7fffff, 0xff800000),
        c2(FMAX, F32, 0xff800000, 0xff7fffff, 0xff7fffff),
        c2(NMAX, F32, 0xff800000, 0xff7fffff, 0xff7fffff),
        c2(FMIN, F32, 0x7fc00000, 0xff800000, 0xff800000),
        c2(NMIN, F32, 0x7fc00000, 0xff800000, 0xff800000),
        c2(FMAX, F32, 0x7fc00000, 0xff800000, 0xff800000),
        c2(NMAX, F32, 0x7fc00000, 0xff800000, 0xff800000),
        c2(FMIN, F32, 0x7f800000, 0x7fc00000, 0x7f800000),
        c2(NMIN, F32, 0x7f800000, 0x7fc00000, 0x7f800000),
        c2(FMAX, F32, 0x7f800000, 0x7fc00000, 0x7f800000),
        c2(NMAX, F32, 0x7f800000, 0x7fc00000, 0x7f800000),
        c2(FMIN, F32, 0x1, 0x80000000, 0x80000000),
        c2(NMIN, F32, 0x1, 0x80000000, 0x80000000),
        c2(FMAX, F32, 0x1, 0x80000000, 0x1),
        c2(NMAX, F32, 0x1, 0x80000000, 0x1),
        c2(FMIN, F32, 0x80000001, 0x0, 0x80000001),
        c2(NMIN, F32, 0x80000001, 0x0, 0x80000001),
        c2(FMAX, F32, 0x80000001, 0x0, 0x0),
        c2(NMAX, F32, 0x80000001, 0x0, 0x0),
        c2(FMIN, F32, 0x7fc00000, 0x7fc00000, 0x7fc00000),
        c2(NMIN, F32, 0x7fc00000, 0x7fc00000, 0x7fc00000),
        c2(FMAX, F32, 0x7fc00000, 0x7fc00000, 0x7fc00000),
        c2(NMAX, F32, 0x7fc00000, 0x7fc00000, 0x7fc00000),
        c2(FMIN, F32, 0x3f800000, 0x40000000, 0x3f800000),
        c2(NMIN, F32, 0x3f800000, 0x40000000, 0x3f800000),
        c2(FMAX, F32, 0x3f800000, 0x40000000, 0x40000000),
        c2(NMAX, F32, 0x3f800000, 0x40000000, 0x40000000),
        c3(FCLAMP, F32, 0x7fc00000, 0xbf800000, 0x3f800000, 0xbf800000),
        c3(NCLAMP, F32, 0x7fc00000, 0xbf800000, 0x3f800000, 0xbf800000),
        c3(FCLAMP, F32, 0x7f800000, 0xbf800000, 0x3f800000, 0x3f800000),
        c3(NCLAMP, F32, 0x7f800000, 0xbf800000, 0x3f800000, 0x3f800000),
        c3(FCLAMP, F32, 0xff800000, 0xff7fffff, 0x7f7fffff, 0xff7fffff),
        c3(NCLAMP, F32, 0xff800000, 0xff7fffff, 0x7f7fffff, 0xff7fffff),
        c3(FCLAMP, F32, 0x80000000, 0x0, 0x3f800000, 0x80000000),
        c3(NCLAMP, F32, 0x80000000, 0x0, 0x3f800000, 0x80000000),
        c3(FCLAMP, F32, 0x0, 0x80000000, 0x3f800000, 0x0),
        c3(NCLAMP, F32, 0x0, 0x80000000, 0x3f800000, 0x0),
        c3(FCLAMP, F32, 0x1, 0x0, 0x1, 0x1),
        c3(NCLAMP, F32, 0x1, 0x0, 0x1, 0x1),
        c3(FCLAMP, F32, 0x3f000000, 0x7fc00000, 0x3f800000, 0x3f000000),
        c3(NCLAMP, F32, 0x3f000000, 0x7fc00000, 0x3f800000, 0x3f000000),
        c3(FCLAMP, F32, 0x40000000, 0x0, 0x7fc00000, 0x40000000),
        c3(NCLAMP, F32, 0x40000000, 0x0, 0x7fc00000, 0x40000000),
        c3(FCLAMP, F32, 0x80000001, 0x0, 0x3f800000, 0x0),
        c3(NCLAMP, F32, 0x80000001, 0x0, 0x3f800000, 0x0),
        c2(STEP, F32, 0x0, 0x80000000, 0x3f800000),
        c2(STEP, F32, 0x80000000, 0x0, 0x3f800000),
        c2(STEP, F32, 0x7fc00000, 0x3f800000, 0x3f800000),
        c2(STEP, F32, 0x3f800000, 0x7fc00000, 0x3f800000),
        c2(STEP, F32, 0x7f800000, 0x7f7fffff, 0x0),
        c2(STEP, F32, 0xff800000, 0xff800000, 0x3f800000),
        c2(STEP, F32, 0x1, 0x0, 0x0),
        c2(STEP, F32, 0x0, 0x1, 0x3f800000),
        c2(STEP, F32, 0x0, 0x80000001, 0x0),
        c2(FMIN, F64, 0x0, 0x8000000000000000, 0x0),
        c2(NMIN, F64, 0x0, 0x8000000000000000, 0x0),
        c2(FMAX, F64, 0x0, 0x8000000000000000, 0x0),
        c2(NMAX, F64, 0x0, 0x8000000000000000, 0x0),
        c2(FMIN, F64, 0x8000000000000000, 0x0, 0x8000000000000000),
        c2(NMIN, F64, 0x8000000000000000, 0x0, 0x8000000000000000),
        c2(FMAX, F64, 0x8000000000000000, 0x0, 0x8000000000000000),
        c2(NMAX, F64, 0x8000000000000000, 0x0, 0x8000000000000000),
        c2(
            FMIN,
            F64,
            0x7ff0000000000000,
            0x7fefffffffffffff,
            0x7fefffffffffffff,
        ),
        c2(
            NMIN,
            F64,
            0x7ff0000000000000,
            0x7fefffffffffffff,
            0x7fefffffffffffff,
        ),
        c2(
            FMAX,
            F64,
            0x7ff0000000000000,
            0x7fefffffffffffff,
            0x7ff0000000000000,
        ),
        c2(
            NMAX,
            F64,
            0x7ff0000000000000,
            0x7fefffffffffffff,
            0x7ff0000000000000,
        ),
        c2(
            FMIN,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0xfff0000000000000,
        ),
        c2(
            NMIN,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0xfff0000000000000,
        ),
        c2(
            FMAX,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0xffefffffffffffff,
        ),
        c2(
            NMAX,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0xffefffffffffffff,
        ),
        c2(
            FMIN,
            F64,
            0x7ff8000000000000,
            0xfff0000000000000,
            0xfff0000000000000,
        ),
        c2(
            NMIN,
            F64,
            0x7ff8000000000000,
            0xfff0000000000000,
            0xfff0000000000000,
        ),
        c2(
            FMAX,
            F64,
            0x7ff8000000000000,
            0xfff0000000000000,
            0xfff0000000000000,
        ),
        c2(
            NMAX,
            F64,
            0x7ff8000000000000,
            0xfff0000000000000,
            0xfff0000000000000,
        ),
        c2(
            FMIN,
            F64,
            0x7ff0000000000000,
            0x7ff8000000000000,
            0x7ff0000000000000,
        ),
        c2(
            NMIN,
            F64,
            0x7ff0000000000000,
            0x7ff8000000000000,
            0x7ff0000000000000,
        ),
        c2(
            FMAX,
            F64,
            0x7ff0000000000000,
            0x7ff8000000000000,
            0x7ff0000000000000,
        ),
        c2(
            NMAX,
            F64,
            0x7ff0000000000000,
            0x7ff8000000000000,
            0x7ff0000000000000,
        ),
        c2(FMIN, F64, 0x1, 0x8000000000000000, 0x8000000000000000),
        c2(NMIN, F64, 0x1, 0x8000000000000000, 0x8000000000000000),
        c2(FMAX, F64, 0x1, 0x8000000000000000, 0x1),
        c2(NMAX, F64, 0x1, 0x8000000000000000, 0x1),
        c2(FMIN, F64, 0x8000000000000001, 0x0, 0x8000000000000001),
        c2(NMIN, F64, 0x8000000000000001, 0x0, 0x8000000000000001),
        c2(FMAX, F64, 0x8000000000000001, 0x0, 0x0),
        c2(NMAX, F64, 0x8000000000000001, 0x0, 0x0),
        c2(
            FMIN,
            F64,
            0x7ff8000000000000,
            0x7ff8000000000000,
            0x7ff8000000000000,
        ),
        c2(
            NMIN,
            F64,
            0x7ff8000000000000,
            0x7ff8000000000000,
            0x7ff8000000000000,
        ),
        c2(
            FMAX,
            F64,
            0x7ff8000000000000,
            0x7ff8000000000000,
            0x7ff8000000000000,
        ),
        c2(
            NMAX,
            F64,
            0x7ff8000000000000,
            0x7ff8000000000000,
            0x7ff8000000000000,
        ),
        c2(
            FMIN,
            F64,
            0x3ff0000000000000,
            0x4000000000000000,
            0x3ff0000000000000,
        ),
        c2(
            NMIN,
            F64,
            0x3ff0000000000000,
            0x4000000000000000,
            0x3ff0000000000000,
        ),
        c2(
            FMAX,
            F64,
            0x3ff0000000000000,
            0x4000000000000000,
            0x4000000000000000,
        ),
        c2(
            NMAX,
            F64,
            0x3ff0000000000000,
            0x4000000000000000,
            0x4000000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0x7ff8000000000000,
            0xbff0000000000000,
            0x3ff0000000000000,
            0xbff0000000000000,
        ),
        c3(
            NCLAMP,
            F64,
            0x7ff8000000000000,
            0xbff0000000000000,
            0x3ff0000000000000,
            0xbff0000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0x7ff0000000000000,
            0xbff0000000000000,
            0x3ff0000000000000,
            0x3ff0000000000000,
        ),
        c3(
            NCLAMP,
            F64,
            0x7ff0000000000000,
            0xbff0000000000000,
            0x3ff0000000000000,
            0x3ff0000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0x7fefffffffffffff,
            0xffefffffffffffff,
        ),
        c3(
            NCLAMP,
            F64,
            0xfff0000000000000,
            0xffefffffffffffff,
            0x7fefffffffffffff,
            0xffefffffffffffff,
        ),
        c3(
            FCLAMP,
            F64,
            0x8000000000000000,
            0x0,
            0x3ff0000000000000,
            0x8000000000000000,
        ),
        c3(
            NCLAMP,
            F64,
            0x8000000000000000,
            0x0,
            0x3ff0000000000000,
            0x8000000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0x0,
            0x8000000000000000,
            0x3ff0000000000000,
            0x0,
        ),
        c3(
            NCLAMP,
            F64,
            0x0,
            0x8000000000000000,
            0x3ff0000000000000,
            0x0,
        ),
        c3(FCLAMP, F64, 0x1, 0x0, 0x1, 0x1),
        c3(NCLAMP, F64, 0x1, 0x0, 0x1, 0x1),
        c3(
            FCLAMP,
            F64,
            0x3fe0000000000000,
            0x7ff8000000000000,
            0x3ff0000000000000,
            0x3fe0000000000000,
        ),
        c3(
            NCLAMP,
            F64,
            0x3fe0000000000000,
            0x7ff8000000000000,
            0x3ff0000000000000,
            0x3fe0000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0x4000000000000000,
            0x0,
            0x7ff8000000000000,
            0x4000000000000000,
        ),
        c3(
            NCLAMP,
            F64,
            0x4000000000000000,
            0x0,
            0x7ff8000000000000,
            0x4000000000000000,
        ),
        c3(
            FCLAMP,
            F64,
            0x8000000000000001,
            0x0,
            0x3ff0000000000000,
            0x0,
        ),
        c3(
            NCLAMP,
            F64,
            0x8000000000000001,
            0x0,
            0x3ff0000000000000,
            0x0,
        ),
        c2(STEP, F64, 0x0, 0x8000000000000000, 0x3ff0000000000000),
        c2(STEP, F64, 0x8000000000000000, 0x0, 0x3ff0000000000000),
        c2(
            STEP,
            F64,
            0x7ff8000000000000,
            0x3ff0000000000000,
            0x3ff0000000000000,
        ),
        c2(
            STEP,
            F64,
            0x3ff0000000000000,
            0x7ff8000000000000,
            0x3ff0000000000000,
        ),
        c2(STEP, F64, 0x7ff0000000000000, 0x7fefffffffffffff, 0x0),
        c2(
            STEP,
            F64,
            0xfff0000000000000,
            0xfff0000000000000,
            0x3ff0000000000000,
        ),
        c2(STEP, F64, 0x1, 0x0, 0x0),
        c2(STEP, F64, 0x0, 0x1, 0x3ff0000000000000),
        c2(STEP, F64, 0x0, 0x8000000000000001, 0x0),
        c3(FMA, F16, 0x7c00, 0x0, 0x3c00, 0x7e00),
        c3(FMA, F16, 0x7c00, 0x3c00, 0xfc00, 0x7e00),
        c3(FMA, F16, 0x7bff, 0x4000, 0xfbff, 0x7bff),
        c3(FMA, F16, 0x3c00, 0x8000, 0x8000, 0x8000),
        c3(FMA, F16, 0x3c00, 0x0, 0x8000, 0x0),
        c3(FMA, F16, 0xbc00, 0x3c00, 0x3c00, 0x0),
        c3(FMA, F16, 0x1, 0x3800, 0x1, 0x2),
        c3(FMA, F16, 0x1, 0x1, 0x8000, 0x0),
        c3(FMA, F16, 0x7e00, 0x0, 0x3c00, 0x7e00),
        c3(FMA, F16, 0x7bff, 0x7bff, 0xfc00, 0xfc00),
        c3(FMA, F16, 0x3c01, 0x3c01, 0xbc00, 0x1800),
        c3(FMA, F16, 0x3c01, 0x3bff, 0x8000, 0x3c00),
        c3(FMA, F16, 0x8000, 0x8000, 0x8000, 0x0),
        c3(FMA, F16, 0x7bff, 0x3e00, 0x0, 0x7c00),
        c3(FMA, F32, 0x7f800000, 0x0, 0x3f800000, 0x7fc00000),
        c3(FMA, F32, 0x7f800000, 0x3f800000, 0xff800000, 0x7fc00000),
        c3(FMA, F32, 0x7f7fffff, 0x40000000, 0xff7fffff, 0x7f7fffff),
        c3(FMA, F32, 0x3f800000, 0x80000000, 0x80000000, 0x80000000),
        c3(FMA, F32, 0x3f800000, 0x0, 0x80000000, 0x0),
        c3(FMA, F32, 0xbf800000, 0x3f800000, 0x3f800000, 0x0),
        c3(FMA, F32, 0x1, 0x3f000000, 0x1, 0x2),
        c3(FMA, F32, 0x1, 0x1, 0x80000000, 0x0),
        c3(FMA, F32, 0x7fc00000, 0x0, 0x3f800000, 0x7fc00000),
        c3(FMA, F32, 0x7f7fffff, 0x7f7fffff, 0xff800000, 0xff800000),
        c3(FMA, F32, 0x3f800001, 0x3f800001, 0xbf800000, 0x34800000),
        c3(FMA, F32, 0x3f800001, 0x3f7fffff, 0x80000000, 0x3f800000),
        c3(FMA, F32, 0x80000000, 0x80000000, 0x80000000, 0x0),
        c3(FMA, F32, 0x7f7fffff, 0x3fc00000, 0x0, 0x7f800000),
        c3(
            FMA,
            F64,
            0x7ff0000000000000,
            0x0,
            0x3ff0000000000000,
            0x7ff8000000000000,
        ),
        c3(
            FMA,
            F64,
            0x7ff0000000000000,
            0x3ff0000000000000,
            0xfff0000000000000,
            0x7ff8000000000000,
        ),
        c3(
            FMA,
            F64,
            0x7fefffffffffffff,
            0x4000000000000000,
            0xffefffffffffffff,
            0x7fefffffffffffff,
        ),
        c3(
            FMA,
            F64,
            0x3ff0000000000000,
            0x8000000000000000,
            0x8000000000000000,
            0x8000000000000000,
        ),
        c3(FMA, F64, 0x3ff0000000000000, 0x0, 0x8000000000000000, 0x0),
        c3(
            FMA,
            F64,
            0xbff0000000000000,
            0x3ff0000000000000,
            0x3ff0000000000000,
            0x0,
        ),
        c3(FMA, F64, 0x1, 0x3fe0000000000000, 0x1, 0x2),
        c3(FMA, F64, 0x1, 0x1, 0x8000000000000000, 0x0),
        c3(
            FMA,
            F64,
            0x7ff8000000000000,
            0x0,
            0x3ff0000000000000,
            0x7ff8000000000000,
        ),
        c3(
            FMA,
            F64,
            0x7fefffffffffffff,
            0x7fefffffffffffff,
            0xfff0000000000000,
            0xfff0000000000000,
        ),
        c3(
            FMA,
            F64,
            0x3ff0000000000001,
            0x3ff0000000000001,
            0xbff0000000000000,
            0x3cc0000000000000,
        ),
        c3(
            FMA,
            F64,
            0x3ff0000000000001,
            0x3fefffffffffffff,
            0x8000000000000000,
            0x3ff0000000000000,
        ),
        c3(
            FMA,
            F64,
            0x8000000000000000,
            0x8000000000000000,
            0x8000000000000000,
            0x0,
        ),
        c3(
            FMA,
            F64,
            0x7fefffffffffffff,
            0x3ff8000000000000,
            0x0,
            0x7ff0000000000000,
        ),
        cx(LDEXP, F16, I32, 0x3e00, 0xffffffe7, 0x1),
        cx(LDEXP, F16, I32, 0x3c00, 0xffffffe7, 0x0),
        cx(LDEXP, F16, I32, 0x4200, 0xffffffe7, 0x2),
        cx(LDEXP, F16, I32, 0x3c01, 0xffffffe8, 0x1),
        cx(LDEXP, F16, I32, 0x1, 0x18, 0x3c00),
        cx(LDEXP, F16, I32, 0x7bff, 0xffffffff, 0x77ff),
        cx(LDEXP, F16, I32, 0x7bff, 0x1, 0x7c00),
        cx(LDEXP, F16, I32, 0x7bff, 0x80000000, 0x0),
        cx(LDEXP, F16, I32, 0x8001, 0x7fffffff, 0xfc00),
        cx(LDEXP, F16, I32, 0x8000, 0x64, 0x8000),
        cx(LDEXP, F16, I32, 0x7c00, 0xffffd8f0, 0x7c00),
        cx(LDEXP, F16, I32, 0x7e00, 0x0, 0x7e00),
        cx(LDEXP, F16, I32, 0x1, 0x0, 0x1),
        cx(LDEXP, F16, I32, 0xba00, 0x10, 0xfa00),
        cx(LDEXP, F16, I32, 0x7bff, 0xffffffd8, 0x1),
        cx(LDEXP, F32, I32, 0x3fc00000, 0xffffff6a, 0x1),
        cx(LDEXP, F32, I32, 0x3f800000, 0xffffff6a, 0x0),
        cx(LDEXP, F32, I32, 0x40400000, 0xffffff6a, 0x2),
        cx(LDEXP, F32, I32, 0x3f800001, 0xffffff6b, 0x1),
        cx(LDEXP, F32, I32, 0x1, 0x95, 0x3f800000),
        cx(LDEXP, F32, I32, 0x7f7fffff, 0xffffffff, 0x7effffff),
        cx(LDEXP, F32, I32, 0x7f7fffff, 0x1, 0x7f800000),
        cx(LDEXP, F32, I32, 0x7f7fffff, 0x80000000, 0x0),
        cx(LDEXP, F32, I32, 0x80000001, 0x7fffffff, 0xff800000),
        cx(LDEXP, F32, I32, 0x80000000, 0x64, 0x80000000),
        cx(LDEXP, F32, I32, 0x7f800000, 0xffffd8f0, 0x7f800000),
        cx(LDEXP, F32, I32, 0x7fc00000, 0x0, 0x7fc00000),
        cx(LDEXP, F32, I32, 0x1, 0x0, 0x1),
        cx(LDEXP, F32, I32, 0xbf400000, 0x80, 0xff400000),
        cx(LDEXP, F32, I32, 0x7f7fffff, 0xfffffeeb, 0x1),
        cx(LDEXP, F64, I32, 0x3ff8000000000000, 0xfffffbcd, 0x1),
        cx(LDEXP, F64, I32, 0x3ff0000000000000, 0xfffffbcd, 0x0),
        cx(LDEXP, F64, I32, 0x4008000000000000, 0xfffffbcd, 0x2),
        cx(LDEXP, F64, I32, 0x3ff0000000000001, 0xfffffbce, 0x1),
        cx(LDEXP, F64, I32, 0x1, 0x432, 0x3ff0000000000000),
        cx(
            LDEXP,
            F64,
            I32,
            0x7fefffffffffffff,
            0xffffffff,
            0x7fdfffffffffffff,
        ),
        cx(LDEXP, F64, I32, 0x7fefffffffffffff, 0x1, 0x7ff0000000000000),
        cx(LDEXP, F64, I32, 0x7fefffffffffffff, 0x80000000, 0x0),
        cx(
            LDEXP,
            F64,
            I32,
            0x8000000000000001,
            0x7fffffff,
            0xfff0000000000000,
        ),
        cx(
            LDEXP,
            F64,
            I32,
            0x8000000000000000,
            0x64,
            0x8000000000000000,
        ),
        cx(
            LDEXP,
            F64,
            I32,
            0x7ff0000000000000,
            0xffffd8f0,
            0x7ff0000000000000,
        ),
        cx(LDEXP, F64, I32, 0x7ff8000000000000, 0x0, 0x7ff8000000000000),
        cx(LDEXP, F64, I32, 0x1, 0x0, 0x1),
        cx(
            LDEXP,
            F64,
            I32,
            0xbfe8000000000000,
            0x400,
            0xffe8000000000000,
        ),
        cx(LDEXP, F64, I32, 0x7fefffffffffffff, 0xfffff7ce, 0x1),
        c1(FREXP, F16, 0x7bff, 0x3bff),
        cx(private::FREXP_EXP, F16, I32, 0x7bff, 0x0, 0x10),
        c1(FREXP, F16, 0xfbff, 0xbbff),
        cx(private::FREXP_EXP, F16, I32, 0xfbff, 0x0, 0x10),
        c1(FREXP, F16, 0x0, 0x0),
        cx(private::FREXP_EXP, F16, I32, 0x0, 0x0, 0x0),
        c1(FREXP, F16, 0x8000, 0x8000),
        cx(private::FREXP_EXP, F16, I32, 0x8000, 0x0, 0x0),
        c1(FREXP, F16, 0x7c00, 0x7c00),
        cx(private::FREXP_EXP, F16, I32, 0x7c00, 0x0, 0x0),
        c1(FREXP, F16, 0xfc00, 0xfc00),
        cx(private::FREXP_EXP, F16, I32, 0xfc00, 0x0, 0x0),
        c1(FREXP, F16, 0x7e00, 0x7e00),
        cx(private::FREXP_EXP, F16, I32, 0x7e00, 0x0, 0x0),
        c1(FREXP, F16, 0x8001, 0xb800),
        cx(private::FREXP_EXP, F16, I32, 0x8001, 0x0, 0xffffffe9),
        c1(FREXP, F16, 0x3ff, 0x3bfe),
        cx(private::FREXP_EXP, F16, I32, 0x3ff, 0x0, 0xfffffff2),
        c1(FREXP, F16, 0x3c00, 0x3800),
        cx(private::FREXP_EXP, F16, I32, 0x3c00, 0x0, 0x1),
        c1(FREXP, F16, 0x3800, 0x3800),
        cx(private::FREXP_EXP, F16, I32, 0x3800, 0x0, 0x0),
        c1(FREXP, F16, 0xc200, 0xba00),
        cx(private::FREXP_EXP, F16, I32, 0xc200, 0x0, 0x2),
        c1(FREXP, F32, 0x7f7fffff, 0x3f7fffff),
        cx(private::FREXP_EXP, F32, I32, 0x7f7fffff, 0x0, 0x80),
        c1(FREXP, F32, 0xff7fffff, 0xbf7fffff),
        cx(private::FREXP_EXP, F32, I32, 0xff7fffff, 0x0, 0x80),
        c1(FREXP, F32, 0x0, 0x0),
        cx(private::FREXP_EXP, F32, I32, 0x0, 0x0, 0x0),
        c1(FREXP, F32, 0x80000000, 0x80000000),
        cx(private::FREXP_EXP, F32, I32, 0x80000000, 0x0, 0x0),
        c1(FREXP, F32, 0x7f800000, 0x7f800000),
        cx(private::FREXP_EXP, F32, I32, 0x7f800000, 0x0, 0x0),
        c1(FREXP, F32, 0xff800000, 0xff800000),
        cx(private::FREXP_EXP, F32, I32, 0xff800000, 0x0, 0x0),
        c1(FREXP, F32, 0x7fc00000, 0x7fc00000),
        cx(private::FREXP_EXP, F32, I32, 0x7fc00000, 0x0, 0x0),
        c1(FREXP, F32, 0x80000001, 0xbf000000),
        cx(private::FREXP_EXP, F32, I32, 0x80000001, 0x0, 0xffffff6c),
        c1(FREXP, F32, 0x7fffff, 0x3f7ffffe),
        cx(private::FREXP_EXP, F32, I32, 0x7fffff, 0x0, 0xffffff82),
        c1(FREXP, F32, 0x3f800000, 0x3f000000),
        cx(private::FREXP_EXP, F32, I32, 0x3f800000, 0x0, 0x1),
        c1(FREXP, F32, 0x3f000000, 0x3f000000),
        cx(private::FREXP_EXP, F32, I32, 0x3f000000, 0x0, 0x0),
        c1(FREXP, F32, 0xc0400000, 0xbf400000),
        cx(private::FREXP_EXP, F32, I32, 0xc0400000, 0x0, 0x2),
        c1(FREXP, F64, 0x7fefffffffffffff, 0x3fefffffffffffff),
        cx(private::FREXP_EXP, F64, I32, 0x7fefffffffffffff, 0x0, 0x400),
        c1(FREXP, F64, 0xffefffffffffffff, 0xbfefffffffffffff),
        cx(private::FREXP_EXP, F64, I32, 0xffefffffffffffff, 0x0, 0x400),
        c1(FREXP, F64, 0x0, 0x0),
        cx(private::FREXP_EXP, F64, I32, 0x0, 0x0, 0x0),
        c1(FREXP, F64, 0x8000000000000000, 0x8000000000000000),
        cx(private::FREXP_EXP, F64, I32, 0x8000000000000000, 0x0, 0x0),
        c1(FREXP, F64, 0x7ff0000000000000, 0x7ff0000000000000),
        cx(private::FREXP_EXP, F64, I32, 0x7ff0000000000000, 0x0, 0x0),
        c1(FREXP, F64, 0xfff0000000000000, 0xfff0000000000000),
        cx(private::FREXP_EXP, F64, I32, 0xfff0000000000000, 0x0, 0x0),
        c1(FREXP, F64, 0x7ff8000000000000, 0x7ff8000000000000),
        cx(private::FREXP_EXP, F64, I32, 0x7ff8000000000000, 0x0, 0x0),
        c1(FREXP, F64, 0x8000000000000001, 0xbfe0000000000000),
        cx(
            private::FREXP_EXP,
            F64,
            I32,
            0x8000000000000001,
            0x0,
            0xfffffbcf,
        ),
        c1(FREXP, F64, 0xfffffffffffff, 0x3feffffffffffffe),
        cx(
            private::FREXP_EXP,
            F64,
            I32,
            0xfffffffffffff,
            0x0,
            0xfffffc02,
        ),
        c1(FREXP, F64, 0x3ff0000000000000, 0x3fe0000000000000),
        cx(private::FREXP_EXP, F64, I32, 0x3ff0000000000000, 0x0, 0x1),
        c1(FREXP, F64, 0x3fe0000000000000, 0x3fe0000000000000),
        cx(private::FREXP_EXP, F64, I32, 0x3fe0000000000000, 0x0, 0x0),
        c1(FREXP, F64, 0xc008000000000000, 0xbfe8000000000000),
        cx(private::FREXP_EXP, F64, I32, 0xc008000000000000, 0x0, 0x2),
        c1(SABS, I8, 0x0, 0x0),
        c1(SSIGN, I8, 0x0, 0x0),
        cx(FIND_ILSB, I8, I8, 0x0, 0, 0xff),
        cx(FIND_SMSB, I8, I8, 0x0, 0, 0xff),
        cx(FIND_UMSB, I8, I8, 0x0, 0, 0xff),
        c1(SABS, I8, 0x1, 0x1),
        c1(SSIGN, I8, 0x1, 0x1),
        cx(FIND_ILSB, I8, I8, 0x1, 0, 0x0),
        cx(FIND_SMSB, I8, I8, 0x1, 0, 0x0),
        cx(FIND_UMSB, I8, I8, 0x1, 0, 0x0),
        c1(SABS, I8, 0xff, 0x1),
        c1(SSIGN, I8, 0xff, 0xff),
        cx(FIND_ILSB, I8, I8, 0xff, 0, 0x0),
        cx(FIND_SMSB, I8, I8, 0xff, 0, 0xff),
        cx(FIND_UMSB, I8, I8, 0xff, 0, 0x7),
        c1(SABS, I8, 0x80, 0x80),
        c1(SSIGN, I8, 0x80, 0xff),
        cx(FIND_ILSB, I8, I8, 0x80, 0, 0x7),
        cx(FIND_SMSB, I8, I8, 0x80, 0, 0x6),
        cx(FIND_UMSB, I8, I8, 0x80, 0, 0x7),
        c1(SABS, I8, 0x7f, 0x7f),
        c1(SSIGN, I8, 0x7f, 0x1),
        cx(FIND_ILSB, I8, I8, 0x7f, 0, 0x0),
        cx(FIND_SMSB, I8, I8, 0x7f, 0, 0x6),
        cx(FIND_UMSB, I8, I8, 0x7f, 0, 0x6),
        c1(SABS, I8, 0x81, 0x7f),
        c1(SSIGN, I8, 0x81, 0xff),
        cx(FIND_ILSB, I8, I8, 0x81, 0, 0x0),
        cx(FIND_SMSB, I8, I8, 0x81, 0, 0x6),
        cx(FIND_UMSB, I8, I8, 0x81, 0, 0x7),
        c1(SABS, I8, 0x7e, 0x7e),
        c1(SSIGN, I8, 0x7e, 0x1),
        cx(FIND_ILSB, I8, I8, 0x7e, 0, 0x1),
        cx(FIND_SMSB, I8, I8, 0x7e, 0, 0x6),
        cx(FIND_UMSB, I8, I8, 0x7e, 0, 0x6),
        c2(UMIN, I8, 0x80, 0x7f, 0x7f),
        c2(UMAX, I8, 0x80, 0x7f, 0x80),
        c2(SMIN, I8, 0x80, 0x7f, 0x80),
        c2(SMAX, I8, 0x80, 0x7f, 0x7f),
        c2(UMIN, I8, 0x7f, 0x80, 0x7f),
        c2(UMAX, I8, 0x7f, 0x80, 0x80),
        c2(SMIN, I8, 0x7f, 0x80, 0x80),
        c2(SMAX, I8, 0x7f, 0x80, 0x7f),
        c2(UMIN, I8, 0xff, 0x0, 0x0),
        c2(UMAX, I8, 0xff, 0x0, 0xff),
        c2(SMIN, I8, 0xff, 0x0, 0xff),
        c2(SMAX, I8, 0xff, 0x0, 0x0),
        c2(UMIN, I8, 0x0, 0xff, 0x0),
        c2(UMAX, I8, 0x0, 0xff, 0xff),
        c2(SMIN, I8, 0x0, 0xff, 0xff),
        c2(SMAX, I8, 0x0, 0xff, 0x0),
        c2(UMIN, I8, 0x80, 0x81, 0x80),
        c2(UMAX, I8, 0x80, 0x81, 0x81),
        c2(SMIN, I8, 0x80, 0x81, 0x80),
        c2(SMAX, I8, 0x80, 0x81, 0x81),
        c2(UMIN, I8, 0x7e, 0x7f, 0x7e),
        c2(UMAX, I8, 0x7e, 0x7f, 0x7f),
        c2(SMIN, I8, 0x7e, 0x7f, 0x7e),
        c2(SMAX, I8, 0x7e, 0x7f, 0x7f),
        c2(UMIN, I8, 0xff, 0x1, 0x1),
        c2(UMAX, I8, 0xff, 0x1, 0xff),
        c2(SMIN, I8, 0xff, 0x1, 0xff),
        c2(SMAX, I8, 0xff, 0x1, 0x1),
        c2(UMIN, I8, 0x80, 0xff, 0x80),
        c2(UMAX, I8, 0x80, 0xff, 0xff),
        c2(SMIN, I8, 0x80, 0xff, 0x80),
        c2(SMAX, I8, 0x80, 0xff, 0xff),
        c3(SCLAMP, I8, 0x80, 0xff, 0x1, 0xff),
        c3(SCLAMP, I8, 0x7f, 0xff, 0x1, 0x1),
        c3(SCLAMP, I8, 0x0, 0x80, 0x7f, 0x0),
        c3(UCLAMP, I8, 0xff, 0x0, 0x7f, 0x7f),
        c3(SCLAMP, I8, 0xff, 0x0, 0x7f, 0x0),
        c3(SCLAMP, I8, 0x7e, 0x81, 0x7e, 0x7e),
        c3(UCLAMP, I8, 0x80, 0x80, 0x81, 0x80),
        c3(SCLAMP, I8, 0x80, 0x80, 0x81, 0x80),
        c3(SCLAMP, I8, 0x1, 0xff, 0x0, 0x0),
        c3(SCLAMP, I8, 0x81, 0x80, 0x7f, 0x81),
        c1(SABS, I16, 0x0, 0x0),
        c1(SSIGN, I16, 0x0, 0x0),
        cx(FIND_ILSB, I16, I16, 0x0, 0, 0xffff),
        cx(FIND_SMSB, I16, I16, 0x0, 0, 0xffff),
        cx(FIND_UMSB, I16, I16, 0x0, 0, 0xffff),
        c1(SABS, I16, 0x1, 0x1),
        c1(SSIGN, I16, 0x1, 0x1),
        cx(FIND_ILSB, I16, I16, 0x1, 0, 0x0),
        cx(FIND_SMSB, I16, I16, 0x1, 0, 0x0),
        cx(FIND_UMSB, I16, I16, 0x1, 0, 0x0),
        c1(SABS, I16, 0xffff, 0x1),
        c1(SSIGN, I16, 0xffff, 0xffff),
        cx(FIND_ILSB, I16, I16, 0xffff, 0, 0x0),
        cx(FIND_SMSB, I16, I16, 0xffff, 0, 0xffff),
        cx(FIND_UMSB, I16, I16, 0xffff, 0, 0xf),
        c1(SABS, I16, 0x8000, 0x8000),
        c1(SSIGN, I16, 0x8000, 0xffff),
        cx(FIND_ILSB, I16, I16, 0x8000, 0, 0xf),
        cx(FIND_SMSB, I16, I16, 0x8000, 0, 0xe),
        cx(FIND_UMSB, I16, I16, 0x8000, 0, 0xf),
        c1(SABS, I16, 0x7fff, 0x7fff),
        c1(SSIGN, I16, 0x7fff, 0x1),
        cx(FIND_ILSB, I16, I16, 0x7fff, 0, 0x0),
        cx(FIND_SMSB, I16, I16, 0x7fff, 0, 0xe),
        cx(FIND_UMSB, I16, I16, 0x7fff, 0, 0xe),
        c1(SABS, I16, 0x8001, 0x7fff),
        c1(SSIGN, I16, 0x8001, 0xffff),
        cx(FIND_ILSB, I16, I16, 0x8001, 0, 0x0),
        cx(FIND_SMSB, I16, I16, 0x8001, 0, 0xe),
        cx(FIND_UMSB, I16, I16, 0x8001, 0, 0xf),
        c1(SABS, I16, 0x7ffe, 0x7ffe),
        c1(SSIGN, I16, 0x7ffe, 0x1),
        cx(FIND_ILSB, I16, I16, 0x7ffe, 0, 0x1),
        cx(FIND_SMSB, I16, I16, 0x7ffe, 0, 0xe),
        cx(FIND_UMSB, I16, I16, 0x7ffe, 0, 0xe),
        c2(UMIN, I16, 0x8000, 0x7fff, 0x7fff),
        c2(UMAX, I16, 0x8000, 0x7fff, 0x8000),
        c2(SMIN, I16, 0x8000, 0x7fff, 0x8000),
        c2(SMAX, I16, 0x8000, 0x7fff, 0x7fff),
        c2(UMIN, I16, 0x7fff, 0x8000, 0x7fff),
        c2(UMAX, I16, 0x7fff, 0x8000, 0x8000),
        c2(SMIN, I16, 0x7fff, 0x8000, 0x8000),
        c2(SMAX, I16, 0x7fff, 0x8000, 0x7fff),
        c2(UMIN, I16, 0xffff, 0x0, 0x0),
        c2(UMAX, I16, 0xffff, 0x0, 0xffff),
        c2(SMIN, I16, 0xffff, 0x0, 0xffff),
        c2(SMAX, I16, 0xffff, 0x0, 0x0),
        c2(UMIN, I16, 0x0, 0xffff, 0x0),
        c2(UMAX, I16, 0x0, 0xffff, 0xffff),
        c2(SMIN, I16, 0x0, 0xffff, 0xffff),
        c2(SMAX, I16, 0x0, 0xffff, 0x0),
        c2(UMIN, I16, 0x8000, 0x8001, 0x8000),
        c2(UMAX, I16, 0x8000, 0x8001, 0x8001),
        c2(SMIN, I16, 0x8000, 0x8001, 0x8000),
        c2(SMAX, I16, 0x8000, 0x8001, 0x8001),
        c2(UMIN, I16, 0x7ffe, 0x7fff, 0x7ffe),
        c2(UMAX, I16, 0x7ffe, 0x7fff, 0x7fff),
        c2(SMIN, I16, 0x7ffe, 0x7fff, 0x7ffe),
        c2(SMAX, I16, 0x7ffe, 0x7fff, 0x7fff),
        c2(UMIN, I16, 0xffff, 0x1, 0x1),
        c2(UMAX, I16, 0xffff, 0x1, 0xffff),
        c2(SMIN, I16, 0xffff, 0x1, 0xffff),
        c2(SMAX, I16, 0xffff, 0x1, 0x1),
        c2(UMIN, I16, 0x8000, 0xffff, 0x8000),
        c2(UMAX, I16, 0x8000, 0xffff, 0xffff),
        c2(SMIN, I16, 0x8000, 0xffff, 0x8000),
        c2(SMAX, I16, 0x8000, 0xffff, 0xffff),
        c3(SCLAMP, I16, 0x8000, 0xffff, 0x1, 0xffff),
        c3(SCLAMP, I16, 0x7fff, 0xffff, 0x1, 0x1),
        c3(SCLAMP, I16, 0x0, 0x8000, 0x7fff, 0x0),
        c3(UCLAMP, I16, 0xffff, 0x0, 0x7fff, 0x7fff),
        c3(SCLAMP, I16, 0xffff, 0x0, 0x7fff, 0x0),
        c3(SCLAMP, I16, 0x7ffe, 0x8001, 0x7ffe, 0x7ffe),
        c3(UCLAMP, I16, 0x8000, 0x8000, 0x8001, 0x8000),
        c3(SCLAMP, I16, 0x8000, 0x8000, 0x8001, 0x8000),
        c3(SCLAMP, I16, 0x1, 0xffff, 0x0, 0x0),
        c3(SCLAMP, I16, 0x8001, 0x8000, 0x7fff, 0x8001),
        c1(SABS, I32, 0x0, 0x0),
        c1(SSIGN, I32, 0x0, 0x0),
        cx(FIND_ILSB, I32, I32, 0x0, 0, 0xffffffff),
        cx(FIND_SMSB, I32, I32, 0x0, 0, 0xffffffff),
        cx(FIND_UMSB, I32, I32, 0x0, 0, 0xffffffff),
        c1(SABS, I32, 0x1, 0x1),
        c1(SSIGN, I32, 0x1, 0x1),
        cx(FIND_ILSB, I32, I32, 0x1, 0, 0x0),
        cx(FIND_SMSB, I32, I32, 0x1, 0, 0x0),
        cx(FIND_UMSB, I32, I32, 0x1, 0, 0x0),
        c1(SABS, I32, 0xffffffff, 0x1),
        c1(SSIGN, I32, 0xffffffff, 0xffffffff),
        cx(FIND_ILSB, I32, I32, 0xffffffff, 0, 0x0),
        cx(FIND_SMSB, I32, I32, 0xffffffff, 0, 0xffffffff),
        cx(FIND_UMSB, I32, I32, 0xffffffff, 0, 0x1f),
        c1(SABS, I32, 0x80000000, 0x80000000),
        c1(SSIGN, I32, 0x80000000, 0xffffffff),
        cx(FIND_ILSB, I32, I32, 0x80000000, 0, 0x1f),
        cx(FIND_SMSB, I32, I32, 0x80000000, 0, 0x1e),
        cx(FIND_UMSB, I32, I32, 0x80000000, 0, 0x1f),
        c1(SABS, I32, 0x7fffffff, 0x7fffffff),
        c1(SSIGN, I32, 0x7fffffff, 0x1),
        cx(FIND_ILSB, I32, I32, 0x7fffffff, 0, 0x0),
        cx(FIND_SMSB, I32, I32, 0x7fffffff, 0, 0x1e),
        cx(FIND_UMSB, I32, I32, 0x7fffffff, 0, 0x1e),
        c1(SABS, I32, 0x80000001, 0x7fffffff),
        c1(SSIGN, I32, 0x80000001, 0xffffffff),
        cx(FIND_ILSB, I32, I32, 0x80000001, 0, 0x0),
        cx(FIND_SMSB, I32, I32, 0x80000001, 0, 0x1e),
        cx(FIND_UMSB, I32, I32, 0x80000001, 0, 0x1f),
        c1(SABS, I32, 0x7ffffffe, 0x7ffffffe),
        c1(SSIGN, I32, 0x7ffffffe, 0x1),
        cx(FIND_ILSB, I32, I32, 0x7ffffffe, 0, 0x1),
        cx(FIND_SMSB, I32, I32, 0x7ffffffe, 0, 0x1e),
        cx(FIND_UMSB, I32, I32, 0x7ffffffe, 0, 0x1e),
        c2(UMIN, I32, 0x80000000, 0x7fffffff, 0x7fffffff),
        c2(UMAX, I32, 0x80000000, 0x7fffffff, 0x80000000),
        c2(SMIN, I32, 0x80000000, 0x7fffffff, 0x80000000),
        c2(SMAX, I32, 0x80000000, 0x7fffffff, 0x7fffffff),
        c2(UMIN, I32, 0x7fffffff, 0x80000000, 0x7fffffff),
        c2(UMAX, I32, 0x7fffffff, 0x80000000, 0x80000000),
        c2(SMIN, I32, 0x7fffffff, 0x80000000, 0x80000000),
        c2(SMAX, I32, 0x7fffffff, 0x80000000, 0x7fffffff),
        c2(UMIN, I32, 0xffffffff, 0x0, 0x0),
        c2(UMAX, I32, 0xffffffff, 0x0, 0xffffffff),
        c2(SMIN, I32, 0xffffffff, 0x0, 0xffffffff),
        c2(SMAX, I32, 0xffffffff, 0x0, 0x0),
        c2(UMIN, I32, 0x0, 0xffffffff, 0x0),
        c2(UMAX, I32, 0x0, 0xffffffff, 0xffffffff),
        c2(SMIN, I32, 0x0, 0xffffffff, 0xffffffff),
        c2(SMAX, I32, 0x0, 0xffffffff, 0x0),
        c2(UMIN, I32, 0x80000000, 0x80000001, 0x80000000),
        c2(UMAX, I32, 0x80000000, 0x80000001, 0x80000001),
        c2(SMIN, I32, 0x80000000, 0x80000001, 0x80000000),
        c2(SMAX, I32, 0x80000000, 0x80000001, 0x80000001),
        c2(UMIN, I32, 0x7ffffffe, 0x7fffffff, 0x7ffffffe),
        c2(UMAX, I32, 0x7ffffffe, 0x7fffffff, 0x7fffffff),
        c2(SMIN, I32, 0x7ffffffe, 0x7fffffff, 0x7ffffffe),
        c2(SMAX, I32, 0x7ffffffe, 0x7fffffff, 0x7fffffff),
        c2(UMIN, I32, 0xffffffff, 0x1, 0x1),
        c2(UMAX, I32, 0xffffffff, 0x1, 0xffffffff),
        c2(SMIN, I32, 0xffffffff, 0x1, 0xffffffff),
        c2(SMAX, I32, 0xffffffff, 0x1, 0x1),
        c2(UMIN, I32, 0x80000000, 0xffffffff, 0x80000000),
        c2(UMAX, I32, 0x80000000, 0xffffffff, 0xffffffff),
        c2(SMIN, I32, 0x80000000, 0xffffffff, 0x80000000),
        c2(SMAX, I32, 0x80000000, 0xffffffff, 0xffffffff),
        c3(SCLAMP, I32, 0x80000000, 0xffffffff, 0x1, 0xffffffff),
        c3(SCLAMP, I32, 0x7fffffff, 0xffffffff, 0x1, 0x1),
        c3(SCLAMP, I32, 0x0, 0x80000000, 0x7fffffff, 0x0),
        c3(UCLAMP, I32, 0xffffffff, 0x0, 0x7fffffff, 0x7fffffff),
        c3(SCLAMP, I32, 0xffffffff, 0x0, 0x7fffffff, 0x0),
        c3(SCLAMP, I32, 0x7ffffffe, 0x80000001, 0x7ffffffe, 0x7ffffffe),
        c3(UCLAMP, I32, 0x80000000, 0x80000000, 0x80000001, 0x80000000),
        c3(SCLAMP, I32, 0x80000000, 0x80000000, 0x80000001, 0x80000000),
        c3(SCLAMP, I32, 0x1, 0xffffffff, 0x0, 0x0),
        c3(SCLAMP, I32, 0x80000001, 0x80000000, 0x7fffffff, 0x80000001),
        c1(SABS, I64, 0x0, 0x0),
        c1(SSIGN, I64, 0x0, 0x0),
        cx(FIND_ILSB, I64, I64, 0x0, 0, 0xffffffffffffffff),
        cx(FIND_SMSB, I64, I64, 0x0, 0, 0xffffffffffffffff),
        cx(FIND_UMSB, I64, I64, 0x0, 0, 0xffffffffffffffff),
        c1(SABS, I64, 0x1, 0x1),
        c1(SSIGN, I64, 0x1, 0x1),
        cx(FIND_ILSB, I64, I64, 0x1, 0, 0x0),
        cx(FIND_SMSB, I64, I64, 0x1, 0, 0x0),
        cx(FIND_UMSB, I64, I64, 0x1, 0, 0x0),
        c1(SABS, I64, 0xffffffffffffffff, 0x1),
        c1(SSIGN, I64, 0xffffffffffffffff, 0xffffffffffffffff),
        cx(FIND_ILSB, I64, I64, 0xffffffffffffffff, 0, 0x0),
        cx(
            FIND_SMSB,
            I64,
            I64,
            0xffffffffffffffff,
            0,
            0xffffffffffffffff,
        ),
        cx(FIND_UMSB, I64, I64, 0xffffffffffffffff, 0, 0x3f),
        c1(SABS, I64, 0x8000000000000000, 0x8000000000000000),
        c1(SSIGN, I64, 0x8000000000000000, 0xffffffffffffffff),
        cx(FIND_ILSB, I64, I64, 0x8000000000000000, 0, 0x3f),
        cx(FIND_SMSB, I64, I64, 0x8000000000000000, 0, 0x3e),
        cx(FIND_UMSB, I64, I64, 0x8000000000000000, 0, 0x3f),
        c1(SABS, I64, 0x7fffffffffffffff, 0x7fffffffffffffff),
        c1(SSIGN, I64, 0x7fffffffffffffff, 0x1),
        cx(FIND_ILSB, I64, I64, 0x7fffffffffffffff, 0, 0x0),
        cx(FIND_SMSB, I64, I64, 0x7fffffffffffffff, 0, 0x3e),
        cx(FIND_UMSB, I64, I64, 0x7fffffffffffffff, 0, 0x3e),
        c1(SABS, I64, 0x8000000000000001, 0x7fffffffffffffff),
        c1(SSIGN, I64, 0x8000000000000001, 0xffffffffffffffff),
        cx(FIND_ILSB, I64, I64, 0x8000000000000001, 0, 0x0),
        cx(FIND_SMSB, I64, I64, 0x8000000000000001, 0, 0x3e),
        cx(FIND_UMSB, I64, I64, 0x8000000000000001, 0, 0x3f),
        c1(SABS, I64, 0x7ffffffffffffffe, 0x7ffffffffffffffe),
        c1(SSIGN, I64, 0x7ffffffffffffffe, 0x1),
        cx(FIND_ILSB, I64, I64, 0x7ffffffffffffffe, 0, 0x1),
        cx(FIND_SMSB, I64, I64, 0x7ffffffffffffffe, 0, 0x3e),
        cx(FIND_UMSB, I64, I64, 0x7ffffffffffffffe, 0, 0x3e),
        c2(
            UMIN,
            I64,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x7fffffffffffffff,
        ),
        c2(
            UMAX,
            I64,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x8000000000000000,
        ),
        c2(
            SMIN,
            I64,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x8000000000000000,
        ),
        c2(
            SMAX,
            I64,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x7fffffffffffffff,
        ),
        c2(
            UMIN,
            I64,
            0x7fffffffffffffff,
            0x8000000000000000,
            0x7fffffffffffffff,
        ),
        c2(
            UMAX,
            I64,
            0x7fffffffffffffff,
            0x8000000000000000,
            0x8000000000000000,
        ),
        c2(
            SMIN,
            I64,
            0x7fffffffffffffff,
            0x8000000000000000,
            0x8000000000000000,
        ),
        c2(
            SMAX,
            I64,
            0x7fffffffffffffff,
            0x8000000000000000,
            0x7fffffffffffffff,
        ),
        c2(UMIN, I64, 0xffffffffffffffff, 0x0, 0x0),
        c2(UMAX, I64, 0xffffffffffffffff, 0x0, 0xffffffffffffffff),
        c2(SMIN, I64, 0xffffffffffffffff, 0x0, 0xffffffffffffffff),
        c2(SMAX, I64, 0xffffffffffffffff, 0x0, 0x0),
        c2(UMIN, I64, 0x0, 0xffffffffffffffff, 0x0),
        c2(UMAX, I64, 0x0, 0xffffffffffffffff, 0xffffffffffffffff),
        c2(SMIN, I64, 0x0, 0xffffffffffffffff, 0xffffffffffffffff),
        c2(SMAX, I64, 0x0, 0xffffffffffffffff, 0x0),
        c2(
            UMIN,
            I64,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000000,
        ),
        c2(
            UMAX,
            I64,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000001,
        ),
        c2(
            SMIN,
            I64,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000000,
        ),
        c2(
            SMAX,
            I64,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000001,
        ),
        c2(
            UMIN,
            I64,
            0x7ffffffffffffffe,
            0x7fffffffffffffff,
            0x7ffffffffffffffe,
        ),
        c2(
            UMAX,
            I64,
            0x7ffffffffffffffe,
            0x7fffffffffffffff,
            0x7fffffffffffffff,
        ),
        c2(
            SMIN,
            I64,
            0x7ffffffffffffffe,
            0x7fffffffffffffff,
            0x7ffffffffffffffe,
        ),
        c2(
            SMAX,
            I64,
            0x7ffffffffffffffe,
            0x7fffffffffffffff,
            0x7fffffffffffffff,
        ),
        c2(UMIN, I64, 0xffffffffffffffff, 0x1, 0x1),
        c2(UMAX, I64, 0xffffffffffffffff, 0x1, 0xffffffffffffffff),
        c2(SMIN, I64, 0xffffffffffffffff, 0x1, 0xffffffffffffffff),
        c2(SMAX, I64, 0xffffffffffffffff, 0x1, 0x1),
        c2(
            UMIN,
            I64,
            0x8000000000000000,
            0xffffffffffffffff,
            0x8000000000000000,
        ),
        c2(
            UMAX,
            I64,
            0x8000000000000000,
            0xffffffffffffffff,
            0xffffffffffffffff,
        ),
        c2(
            SMIN,
            I64,
            0x8000000000000000,
            0xffffffffffffffff,
            0x8000000000000000,
        ),
        c2(
            SMAX,
            I64,
            0x8000000000000000,
            0xffffffffffffffff,
            0xffffffffffffffff,
        ),
        c3(
            SCLAMP,
            I64,
            0x8000000000000000,
            0xffffffffffffffff,
            0x1,
            0xffffffffffffffff,
        ),
        c3(
            SCLAMP,
            I64,
            0x7fffffffffffffff,
            0xffffffffffffffff,
            0x1,
            0x1,
        ),
        c3(
            SCLAMP,
            I64,
            0x0,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x0,
        ),
        c3(
            UCLAMP,
            I64,
            0xffffffffffffffff,
            0x0,
            0x7fffffffffffffff,
            0x7fffffffffffffff,
        ),
        c3(
            SCLAMP,
            I64,
            0xffffffffffffffff,
            0x0,
            0x7fffffffffffffff,
            0x0,
        ),
        c3(
            SCLAMP,
            I64,
            0x7ffffffffffffffe,
            0x8000000000000001,
            0x7ffffffffffffffe,
            0x7ffffffffffffffe,
        ),
        c3(
            UCLAMP,
            I64,
            0x8000000000000000,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000000,
        ),
        c3(
            SCLAMP,
            I64,
            0x8000000000000000,
            0x8000000000000000,
            0x8000000000000001,
            0x8000000000000000,
        ),
        c3(SCLAMP, I64, 0x1, 0xffffffffffffffff, 0x0, 0x0),
        c3(
            SCLAMP,
            I64,
            0x8000000000000001,
            0x8000000000000000,
            0x7fffffffffffffff,
            0x8000000000000001,
        ),
        c2(POW, F16, 0x4000, 0x7e00, 0x7e00),
        c2(POW, F16, 0x7e00, 0x0, 0x3c00),
        c2(POW, F16, 0x7e00, 0x8000, 0x3c00),
        c2(POW, F16, 0x3c00, 0x7c00, 0x3c00),
        c2(POW, F16, 0x0, 0xc200, 0x7c00),
        c2(POW, F16, 0x8000, 0xc200, 0xfc00),
        c2(POW, F16, 0x8000, 0x4200, 0x8000),
        c2(POW, F16, 0x8000, 0xc000, 0x7c00),
        c2(POW, F16, 0x0, 0x4000, 0x0),
        c2(POW, F16, 0xbc00, 0x7c00, 0x3c00),
        c2(POW, F16, 0x3800, 0x7c00, 0x0),
        c2(POW, F16, 0x4000, 0xfc00, 0x0),
        c2(POW, F16, 0x3800, 0xfc00, 0x7c00),
        c2(POW, F16, 0x7c00, 0xbc00, 0x0),
        c2(POW, F16, 0xfc00, 0x4200, 0xfc00),
        c2(POW, F16, 0xfc00, 0xc200, 0x8000),
        c2(POW, F16, 0xc800, 0x3555, 0x7e00),
        c2(POW, F16, 0x7c00, 0x0, 0x3c00),
        c2(POW, F16, 0xc000, 0xc200, 0xb000),
        c2(POW, F16, 0x4000, 0x3800, 0x3da8),
        c2(POW, F16, 0x4200, 0xc480, 0x1f4d),
        c2(POW, F16, 0x7bff, 0x3800, 0x5bff),
        c2(POW, F16, 0x4000, 0x4c00, 0x7c00),
        c2(POW, F16, 0x4000, 0xce40, 0x0),
        c2(POW, F16, 0x4000, 0xce00, 0x1),
        c2(POW, F32, 0x40000000, 0x7fc00000, 0x7fc00000),
        c2(POW, F32, 0x7fc00000, 0x0, 0x3f800000),
        c2(POW, F32, 0x7fc00000, 0x80000000, 0x3f800000),
        c2(POW, F32, 0x3f800000, 0x7f800000, 0x3f800000),
        c2(POW, F32, 0x0, 0xc0400000, 0x7f800000),
        c2(POW, F32, 0x80000000, 0xc0400000, 0xff800000),
        c2(POW, F32, 0x80000000, 0x40400000, 0x80000000),
        c2(POW, F32, 0x80000000, 0xc0000000, 0x7f800000),
        c2(POW, F32, 0x0, 0x40000000, 0x0),
        c2(POW, F32, 0xbf800000, 0x7f800000, 0x3f800000),
        c2(POW, F32, 0x3f000000, 0x7f800000, 0x0),
        c2(POW, F32, 0x40000000, 0xff800000, 0x0),
        c2(POW, F32, 0x3f000000, 0xff800000, 0x7f800000),
        c2(POW, F32, 0x7f800000, 0xbf800000, 0x0),
        c2(POW, F32, 0xff800000, 0x40400000, 0xff800000),
        c2(POW, F32, 0xff800000, 0xc0400000, 0x80000000),
        c2(POW, F32, 0xc1000000, 0x3eaaaaab, 0x7fc00000),
        c2(POW, F32, 0x7f800000, 0x0, 0x3f800000),
        c2(POW, F32, 0xc0000000, 0xc0400000, 0xbe000000),
        c2(POW, F32, 0x40000000, 0x3f000000, 0x3fb504f3),
        c2(POW, F32, 0x40400000, 0xc0900000, 0x3be99029),
        c2(POW, F32, 0x40000000, 0x43000000, 0x7f800000),
        c2(POW, F32, 0x40000000, 0xc3160000, 0x0),
        c2(POW, F32, 0x40000000, 0xc3150000, 0x1),
        c3(FMIX, F16, 0x7c00, 0x3c00, 0x0, 0x7c00),
        c3(FMIX, F16, 0x3c00, 0x7c00, 0x0, 0x7e00),
        c3(FMIX, F16, 0x3c00, 0x7c00, 0x3800, 0x7c00),
        c3(FMIX, F16, 0xfc00, 0x7c00, 0x3800, 0x7e00),
        c3(FMIX, F16, 0x7bff, 0x7bff, 0x3800, 0x7bff),
        c3(FMIX, F16, 0x3c00, 0x4000, 0x4200, 0x4400),
        c3(FMIX, F16, 0x0, 0x3c00, 0x1, 0x1),
        c3(FMIX, F16, 0x8000, 0x8000, 0x3800, 0x8000),
        c3(FMIX, F16, 0x3c00, 0x3c01, 0x3800, 0x3c00),
        c3(FMIX, F16, 0xbc00, 0x3c00, 0x3a00, 0x3800),
        c3(FMIX, F16, 0x4200, 0x4500, 0xbc00, 0x3c00),
        c3(FMIX, F16, 0x7e00, 0x3c00, 0x0, 0x7e00),
        c3(FMIX, F16, 0x0, 0x3c00, 0x2e66, 0x2e66),
        c3(FMIX, F16, 0x4000, 0x4500, 0x3555, 0x4200),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x0, 0x0),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x3c00, 0x3c00),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0xc500, 0x0),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x4880, 0x3c00),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x3400, 0x3100),
        c3(SMOOTH_STEP, F16, 0xbc00, 0x3c00, 0x0, 0x3800),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x3a00, 0x3ac0),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x1, 0x0),
        c3(SMOOTH_STEP, F16, 0xc000, 0x4600, 0x4400, 0x3ac0),
        c3(SMOOTH_STEP, F16, 0x0, 0x3c00, 0x7bff, 0x3c00),
        c3(SMOOTH_STEP, F16, 0x0, 0x4200, 0x3c00, 0x3426),
        c3(SMOOTH_STEP, F16, 0x3c00, 0x4000, 0x3c66, 0x271d),
        c3(SMOOTH_STEP, F16, 0x0, 0x7c00, 0x3c00, 0x0),
        c3(FMIX, F32, 0x7f800000, 0x3f800000, 0x0, 0x7f800000),
        c3(FMIX, F32, 0x3f800000, 0x7f800000, 0x0, 0x7fc00000),
        c3(FMIX, F32, 0x3f800000, 0x7f800000, 0x3f000000, 0x7f800000),
        c3(FMIX, F32, 0xff800000, 0x7f800000, 0x3f000000, 0x7fc00000),
        c3(FMIX, F32, 0x7f7fffff, 0x7f7fffff, 0x3f000000, 0x7f7fffff),
        c3(FMIX, F32, 0x3f800000, 0x40000000, 0x40400000, 0x40800000),
        c3(FMIX, F32, 0x0, 0x3f800000, 0x1, 0x1),
        c3(FMIX, F32, 0x80000000, 0x80000000, 0x3f000000, 0x80000000),
        c3(FMIX, F32, 0x3f800000, 0x3f800001, 0x3f000000, 0x3f800000),
        c3(FMIX, F32, 0xbf800000, 0x3f800000, 0x3f400000, 0x3f000000),
        c3(FMIX, F32, 0x40400000, 0x40a00000, 0xbf800000, 0x3f800000),
        c3(FMIX, F32, 0x7fc00000, 0x3f800000, 0x0, 0x7fc00000),
        c3(FMIX, F32, 0x0, 0x3f800000, 0x3dcccccd, 0x3dcccccd),
        c3(FMIX, F32, 0x40000000, 0x40a00000, 0x3eaaaaab, 0x40400000),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x0, 0x0),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x3f800000, 0x3f800000),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0xc0a00000, 0x0),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x41100000, 0x3f800000),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x3e800000, 0x3e200000),
        c3(SMOOTH_STEP, F32, 0xbf800000, 0x3f800000, 0x0, 0x3f000000),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x3f400000, 0x3f580000),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x1, 0x0),
        c3(
            SMOOTH_STEP,
            F32,
            0xc0000000,
            0x40c00000,
            0x40800000,
            0x3f580000,
        ),
        c3(SMOOTH_STEP, F32, 0x0, 0x3f800000, 0x7f7fffff, 0x3f800000),
        c3(SMOOTH_STEP, F32, 0x0, 0x40400000, 0x3f800000, 0x3e84bda1),
        c3(
            SMOOTH_STEP,
            F32,
            0x3f800000,
            0x40000000,
            0x3f8ccccd,
            0x3ce56048,
        ),
        c3(SMOOTH_STEP, F32, 0x0, 0x7f800000, 0x3f800000, 0x0),
        c3(
            FMIX,
            F64,
            0x7ff0000000000000,
            0x3ff0000000000000,
            0x0,
            0x7ff0000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x3ff0000000000000,
            0x7ff0000000000000,
            0x0,
            0x7ff8000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x3ff0000000000000,
            0x7ff0000000000000,
            0x3fe0000000000000,
            0x7ff0000000000000,
        ),
        c3(
            FMIX,
            F64,
            0xfff0000000000000,
            0x7ff0000000000000,
            0x3fe0000000000000,
            0x7ff8000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x7fefffffffffffff,
            0x7fefffffffffffff,
            0x3fe0000000000000,
            0x7fefffffffffffff,
        ),
        c3(
            FMIX,
            F64,
            0x3ff0000000000000,
            0x4000000000000000,
            0x4008000000000000,
            0x4010000000000000,
        ),
        c3(FMIX, F64, 0x0, 0x3ff0000000000000, 0x1, 0x1),
        c3(
            FMIX,
            F64,
            0x8000000000000000,
            0x8000000000000000,
            0x3fe0000000000000,
            0x8000000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x3ff0000000000000,
            0x3ff0000000000001,
            0x3fe0000000000000,
            0x3ff0000000000000,
        ),
        c3(
            FMIX,
            F64,
            0xbff0000000000000,
            0x3ff0000000000000,
            0x3fe8000000000000,
            0x3fe0000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x4008000000000000,
            0x4014000000000000,
            0xbff0000000000000,
            0x3ff0000000000000,
        ),
        c3(
            FMIX,
            F64,
            0x7ff8000000000000,
            0x3ff0000000000000,
            0x0,
            0x7ff8000000000000,
        ),
        c3(SMOOTH_STEP, F64, 0x0, 0x3ff0000000000000, 0x0, 0x0),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0x3ff0000000000000,
            0x3ff0000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0xc014000000000000,
            0x0,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0x4022000000000000,
            0x3ff0000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0x3fd0000000000000,
            0x3fc4000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0xbff0000000000000,
            0x3ff0000000000000,
            0x0,
            0x3fe0000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0x3fe8000000000000,
            0x3feb000000000000,
        ),
        c3(SMOOTH_STEP, F64, 0x0, 0x3ff0000000000000, 0x1, 0x0),
        c3(
            SMOOTH_STEP,
            F64,
            0xc000000000000000,
            0x4018000000000000,
            0x4010000000000000,
            0x3feb000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x3ff0000000000000,
            0x7fefffffffffffff,
            0x3ff0000000000000,
        ),
        c3(
            SMOOTH_STEP,
            F64,
            0x0,
            0x7ff0000000000000,
            0x3ff0000000000000,
            0x0,
        ),
    ];

    pub static VEC_CASES: &[VecCase] = &[
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[s(3.0), s(4.0), s(12.0)])],
            want: &[s(13.0)],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[s(1.0), s(-1.0)])],
            want: &[0x3fb5_04f3],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[s(-2.5)])],
            want: &[s(2.5)],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[s(3e38), s(3e38)])],
            want: &[INF32],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[s(3e30), s(4e30)])],
            want: &[s(5e30)],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[INF32, NAN32])],
            want: &[NAN32],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F16],
            args: &[v(F16, &[h(3.0), h(4.0)])],
            want: &[h(5.0)],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F16],
            args: &[v(F16, &[h(1.0), h(1.0), h(0.0), h(0.0)])],
            want: &[0x3da8],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F64],
            args: &[v(F64, &[d(1e200), d(1e200)])],
            want: &[0x697d_8f98_1133_5b57],
            ulp: 1,
        },
        VecCase {
            op: DISTANCE,
            res: &[F32],
            args: &[v(F32, &[s(1.0), s(2.0)]), v(F32, &[s(4.0), s(6.0)])],
            want: &[s(5.0)],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F16],
            args: &[
                v(F16, &[h(0.0), h(0.0), h(1.0)]),
                v(F16, &[h(2.0), h(3.0), h(7.0)]),
            ],
            want: &[h(7.0)],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F64],
            args: &[v(F64, &[d(-1.0)]), v(F64, &[d(2.0)])],
            want: &[d(3.0)],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32],
            args: &[v(F32, &[s(3.0), s(4.0)])],
            want: &[0x3f19_999a, 0x3f4c_cccd],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32, F32, F32],
            args: &[v(F32, &[s(0.0), s(-2.0), s(0.0), s(0.0)])],
            want: &[s(0.0), s(-1.0), s(0.0), s(0.0)],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F16, F16, F16],
            args: &[v(F16, &[h(0.0), h(3.0), h(4.0)])],
            want: &[h(0.0), h(0.6), h(0.8)],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F64, F64],
            args: &[v(F64, &[d(3.0), d(4.0)])],
            want: &[0x3fe3_3333_3333_3333, 0x3fe9_9999_9999_999a],
            ulp: 2,
        },
        VecCase {
            op: CROSS,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[s(1.0), s(2.0), s(3.0)]),
                v(F32, &[s(4.0), s(5.0), s(6.0)]),
            ],
            want: &[s(-3.0), s(6.0), s(-3.0)],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F16, F16, F16],
            args: &[
                v(F16, &[h(1.0), h(0.0), h(0.0)]),
                v(F16, &[h(0.0), h(1.0), h(0.0)]),
            ],
            want: &[h(0.0), h(0.0), h(1.0)],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F64, F64, F64],
            args: &[
                v(F64, &[d(0.0), d(0.0), d(2.0)]),
                v(F64, &[d(3.0), d(0.0), d(0.0)]),
            ],
            want: &[d(0.0), d(6.0), d(0.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F32, F32],
            args: &[
                v(F32, &[s(1.0), s(2.0)]),
                v(F32, &[s(1.0), s(0.0)]),
                v(F32, &[s(-1.0), s(0.0)]),
            ],
            want: &[s(1.0), s(2.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F32, F32],
            args: &[
                v(F32, &[s(1.0), s(2.0)]),
                v(F32, &[s(1.0), s(0.0)]),
                v(F32, &[s(1.0), s(0.0)]),
            ],
            want: &[s(-1.0), s(-2.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F16],
            args: &[v(F16, &[h(3.0)]), v(F16, &[h(0.0)]), v(F16, &[h(5.0)])],
            want: &[h(-3.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F64, F64, F64],
            args: &[
                v(F64, &[d(1.0), d(0.0), d(0.0)]),
                v(F64, &[d(0.0), d(-1.0), d(0.0)]),
                v(F64, &[d(0.0), d(1.0), d(0.0)]),
            ],
            want: &[d(1.0), d(0.0), d(0.0)],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F32, F32],
            args: &[v(F32, &[s(1.0), s(-1.0)]), v(F32, &[s(0.0), s(1.0)])],
            want: &[s(1.0), s(1.0)],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F16, F16, F16],
            args: &[
                v(F16, &[h(1.0), h(2.0), h(-3.0)]),
                v(F16, &[h(0.0), h(0.0), h(1.0)]),
            ],
            want: &[h(1.0), h(2.0), h(3.0)],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F64],
            args: &[v(F64, &[d(-2.0)]), v(F64, &[d(1.0)])],
            want: &[d(2.0)],
            ulp: 0,
        },
        VecCase {
            op: REFRACT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f19_999a, 0xbf4c_cccd]),
                v(F32, &[s(0.0), s(1.0)]),
                v(F32, &[s(0.5)]),
            ],
            want: &[0x3e99_999a, 0xbf74_355c],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f19_999a, 0xbf4c_cccd]),
                v(F32, &[s(0.0), s(1.0)]),
                v(F32, &[s(2.0)]),
            ],
            want: &[s(0.0), s(0.0)],
            ulp: 0,
        },
        VecCase {
            op: REFRACT,
            res: &[F16, F16],
            args: &[
                v(F16, &[h(0.0), h(-1.0)]),
                v(F16, &[h(0.0), h(1.0)]),
                v(F16, &[h(0.75)]),
            ],
            want: &[h(0.0), h(-1.0)],
            ulp: 0,
        },
        VecCase {
            op: REFRACT,
            res: &[F64, F64],
            args: &[
                v(F64, &[d(0.0), d(-1.0)]),
                v(F64, &[d(0.0), d(1.0)]),
                v(F64, &[d(1.5)]),
            ],
            want: &[d(0.0), d(-1.0)],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(F32, &[s(1.0), s(2.0), s(3.0), s(4.0)])],
            want: &[s(-2.0)],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(
                F32,
                &[
                    s(2.0),
                    s(0.0),
                    s(1.0),
                    s(1.0),
                    s(3.0),
                    s(2.0),
                    s(1.0),
                    s(1.0),
                    s(3.0),
                ],
            )],
            want: &[s(12.0)],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F64],
            args: &[v(
                F64,
                &[
                    d(1.0),
                    d(2.0),
                    d(0.0),
                    d(1.0),
                    d(3.0),
                    d(1.0),
                    d(2.0),
                    d(0.0),
                    d(0.0),
                    d(1.0),
                    d(4.0),
                    d(2.0),
                    d(2.0),
                    d(0.0),
                    d(1.0),
                    d(3.0),
                ],
            )],
            want: &[d(-79.0)],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F16],
            args: &[v(
                F16,
                &[
                    h(1.0),
                    h(2.0),
                    h(0.0),
                    h(1.0),
                    h(3.0),
                    h(1.0),
                    h(2.0),
                    h(0.0),
                    h(0.0),
                    h(1.0),
                    h(4.0),
                    h(2.0),
                    h(2.0),
                    h(0.0),
                    h(1.0),
                    h(3.0),
                ],
            )],
            want: &[h(-79.0)],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F32, F32, F32, F32],
            args: &[v(F32, &[s(4.0), s(7.0), s(2.0), s(6.0)])],
            want: &[0x3f19_999a, 0xbf33_3333, 0xbe4c_cccd, 0x3ecc_cccd],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F32, F32, F32, F32, F32, F32, F32, F32, F32],
            args: &[v(
                F32,
                &[
                    s(2.0),
                    s(0.0),
                    s(1.0),
                    s(1.0),
                    s(3.0),
                    s(2.0),
                    s(1.0),
                    s(1.0),
                    s(3.0),
                ],
            )],
            want: &[
                0x3f155555, 0x3daaaaab, 0xbe800000, 0xbdaaaaab, 0x3ed55555, 0xbe800000, 0xbe2aaaab,
                0xbe2aaaab, 0x3f000000,
            ],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F32; 16],
            args: &[v(
                F32,
                &[
                    s(1.0),
                    s(2.0),
                    s(0.0),
                    s(1.0),
                    s(3.0),
                    s(1.0),
                    s(2.0),
                    s(0.0),
                    s(0.0),
                    s(1.0),
                    s(4.0),
                    s(2.0),
                    s(2.0),
                    s(0.0),
                    s(1.0),
                    s(3.0),
                ],
            )],
            want: &[
                0xbd4f6475, 0x3e8819ed, 0xbe28819f, 0x3e019ec9, 0x3ef6474b, 0xbccf6475, 0x3d819ec9,
                0xbe4f6475, 0xbe28819f, 0x3de95103, 0x3e5c5abc, 0xbdb577e6, 0x3db577e6, 0xbe5c5abc,
                0x3d1b8b57, 0x3e8e9510,
            ],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F64; 16],
            args: &[v(
                F64,
                &[
                    d(1.0),
                    d(2.0),
                    d(0.0),
                    d(1.0),
                    d(3.0),
                    d(1.0),
                    d(2.0),
                    d(0.0),
                    d(0.0),
                    d(1.0),
                    d(4.0),
                    d(2.0),
                    d(2.0),
                    d(0.0),
                    d(1.0),
                    d(3.0),
                ],
            )],
            want: &[
                0xbfa9ec8e951033d9,
                0x3fd1033d91d2a206,
                0xbfc51033d91d2a20,
                0x3fc033d91d2a2068,
                0x3fdec8e951033d92,
                0xbf99ec8e951033d9,
                0x3fb033d91d2a2068,
                0xbfc9ec8e951033d9,
                0xbfc51033d91d2a20,
                0x3fbd2a2067b23a54,
                0x3fcb8b577e613717,
                0xbfb6aefcc26e2d5e,
                0x3fb6aefcc26e2d5e,
                0xbfcb8b577e613717,
                0x3fa3716aefcc26e3,
                0x3fd1d2a2067b23a5,
            ],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F16, F16, F16, F16],
            args: &[v(F16, &[h(2.0), h(0.0), h(0.0), h(4.0)])],
            want: &[h(0.5), h(0.0), h(0.0), h(0.25)],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[s(1.0), s(-1.0), s(0.5), s(-0.3)])],
            want: &[0xda40_817f],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[s(0.0), s(1.0), s(0.5), s(2.0)])],
            want: &[0xff80_ff00],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM2X16,
            res: &[I32],
            args: &[v(F32, &[s(0.25), s(-1.5)])],
            want: &[0x8001_2000],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM2X16,
            res: &[I32],
            args: &[v(F32, &[s(0.1), s(-1.0)])],
            want: &[0x0000_199a],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[s(1.0), s(-2.5)])],
            want: &[0xc100_3c00],
            ulp: 0,
        },
        VecCase {
            op: PACK_DOUBLE2X32,
            res: &[F64],
            args: &[v(I32, &[0x5444_2d18, 0x4009_21fb])],
            want: &[d(std::f64::consts::PI)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x8001_2000])],
            want: &[0x3e80_0100, s(-1.0)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0xffff_0000])],
            want: &[s(0.0), s(1.0)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_HALF2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0xc100_3c00])],
            want: &[s(1.0), s(-2.5)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x8081_007f])],
            want: &[s(1.0), s(0.0), s(-1.0), s(-1.0)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xff80_ff00])],
            want: &[s(0.0), s(1.0), 0x3f00_8081, s(1.0)],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_DOUBLE2X32,
            res: &[I32, I32],
            args: &[v(F64, &[d(std::f64::consts::PI)])],
            want: &[0x5444_2d18, 0x4009_21fb],
            ulp: 0,
        },
        VecCase {
            op: MODF,
            res: &[F32, F32],
            args: &[v(F32, &[s(-3.25), s(2.0)]), ptr(F32, &[0, 0])],
            want: &[s(-0.25), s(0.0), s(-3.0), s(2.0)],
            ulp: 0,
        },
        VecCase {
            op: MODF,
            res: &[F64],
            args: &[v(F64, &[d(7.5)]), ptr(F64, &[0])],
            want: &[d(0.5), d(7.0)],
            ulp: 0,
        },
        VecCase {
            op: MODF_STRUCT,
            res: &[F16, F16, F16, F16, F16, F16],
            args: &[v(F16, &[h(-0.5), h(3.75), 0x7c00])],
            want: &[h(-0.5), h(0.75), h(0.0), h(-0.0), h(3.0), 0x7c00],
            ulp: 0,
        },
        VecCase {
            op: FREXP,
            res: &[F32, F32],
            args: &[v(F32, &[s(8.0), s(-0.75)]), ptr(I32, &[0, 0])],
            want: &[s(0.5), s(-0.75), 4, 0],
            ulp: 0,
        },
        VecCase {
            op: FREXP,
            res: &[F64, F64, F64],
            args: &[v(F64, &[DEN64, d(0.0), d(-1024.0)]), ptr(I32, &[0, 0, 0])],
            want: &[d(0.5), d(0.0), d(-0.5), iw(-1073, 32), 0, 11],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F16, F16, I32, I32],
            args: &[v(F16, &[DEN16, h(-48.0)])],
            want: &[h(0.5), h(-0.75), iw(-23, 32), 6],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F32, I32],
            args: &[v(F32, &[s(-0.0)])],
            want: &[s(-0.0), 0],
            ulp: 0,
        },
        VecCase {
            op: LDEXP,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[s(1.0), s(1.0), s(-3.0)]),
                v(I32, &[iw(-149, 32), 127, 2]),
            ],
            want: &[DEN32, 0x7f00_0000, s(-12.0)],
            ulp: 0,
        },
        VecCase {
            op: FMIX,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[s(0.0), s(1.0), s(2.0)]),
                v(F32, &[s(4.0), s(3.0), s(2.0)]),
                v(F32, &[s(0.25), s(0.5), s(0.75)]),
            ],
            want: &[s(1.0), s(2.0), s(2.0)],
            ulp: 0,
        },
        VecCase {
            op: SMIN,
            res: &[I8, I8, I8, I8],
            args: &[v(I8, &[0x80, 0x7f, 0xff, 0]), v(I8, &[0x7f, 0x80, 0, 0xff])],
            want: &[0x80, 0x80, 0xff, 0xff],
            ulp: 0,
        },
        VecCase {
            op: UCLAMP,
            res: &[I16, I16],
            args: &[v(I16, &[0xffff, 1]), v(I16, &[2, 2]), v(I16, &[9, 9])],
            want: &[9, 2],
            ulp: 0,
        },
        VecCase {
            op: FIND_UMSB,
            res: &[I64, I64, I64],
            args: &[v(I64, &[0, 1, u64::MAX])],
            want: &[u64::MAX, 0, 63],
            ulp: 0,
        },
        VecCase {
            op: FIND_SMSB,
            res: &[I32, I32],
            args: &[v(I64, &[1 << 40, u64::MAX])],
            want: &[40, 0xffff_ffff],
            ulp: 0,
        },
        VecCase {
            op: SQRT,
            res: &[F16, F16, F16, F16],
            args: &[v(F16, &[h(4.0), h(9.0), h(0.25), 0x7c00])],
            want: &[h(2.0), h(3.0), h(0.5), 0x7c00],
            ulp: 0,
        },
        VecCase {
            op: STEP,
            res: &[F64, F64],
            args: &[v(F64, &[d(1.0), d(1.0)]), v(F64, &[d(0.5), d(2.0)])],
            want: &[d(0.0), d(1.0)],
            ulp: 0,
        },
        // Edge cases (values worked out by hand / python3 fractions).
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[MAX32, MAX32])],
            want: &[INF32],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[DEN32, DEN32])],
            want: &[DEN32],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F16],
            args: &[v(F16, &[h(300.0), h(400.0)])],
            want: &[h(500.0)],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F16],
            args: &[v(F16, &[0xfbff]), v(F16, &[MAX16])],
            want: &[0x7c00],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F64],
            args: &[
                v(F64, &[d(0.0), d(0.0), d(0.0)]),
                v(F64, &[d(1.0), d(2.0), d(2.0)]),
            ],
            want: &[d(3.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F16, F16],
            args: &[
                v(F16, &[h(1.0), h(2.0)]),
                v(F16, &[h(2.0), h(-2.5)]),
                v(F16, &[MAX16, MAX16]),
            ],
            want: &[h(1.0), h(2.0)],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F32, F32],
            args: &[
                v(F32, &[s(0.0), s(-1.0)]),
                v(F32, &[s(1.0), s(0.0)]),
                v(F32, &[s(0.0), s(1.0)]),
            ],
            want: &[s(-0.0), s(1.0)],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[MAX32, s(0.0), s(0.0)]),
                v(F32, &[s(0.0), s(2.0), s(0.0)]),
            ],
            want: &[s(0.0), s(0.0), INF32],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(F32, &[0x3f80_0800, s(1.0), s(1.0), 0x3f80_0800])],
            want: &[0x3a00_0400],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[s(65519.0), 0x3300_0000])],
            want: &[0x0000_7bff],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[s(65520.0), 0x33c0_0000])],
            want: &[0x0002_7c00],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM2X16,
            res: &[I32],
            args: &[v(F32, &[s(0.5), INF32])],
            want: &[0xffff_8000],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM2X16,
            res: &[I32],
            args: &[v(F32, &[s(-0.5), NINF32])],
            want: &[0x8001_c000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_HALF2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x7c00_fc00])],
            want: &[NINF32, INF32],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_DOUBLE2X32,
            res: &[I32, I32],
            args: &[v(F64, &[0x7fef_ffff_ffff_ffff])],
            want: &[0xffff_ffff, 0x7fef_ffff],
            ulp: 0,
        },
        VecCase {
            op: PACK_DOUBLE2X32,
            res: &[F64],
            args: &[v(I32, &[1, 0])],
            want: &[DEN64],
            ulp: 0,
        },
        // Whole-instruction edge rows generated by python3 (fractions, mpmath
        // at 600 bits; exact midpoints resolved to even, near-midpoints avoided).
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32, F32],
            args: &[v(F32, &[0x3f800000, 0x40000000, 0x40000000])],
            want: &[0x3eaaaaab, 0x3f2aaaab, 0x3f2aaaab],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32, F32, F32],
            args: &[v(F32, &[0xc0400000, 0x0, 0x40800000, 0x41400000])],
            want: &[0xbe6c4ec5, 0x0, 0x3e9d89d9, 0x3f6c4ec5],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F16, F16],
            args: &[v(F16, &[0x3c00, 0x3c00])],
            want: &[0x39a8, 0x39a8],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F16, F16],
            args: &[v(F16, &[0xc500, 0x4a00])],
            want: &[0xb627, 0x3b62],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32, F32],
            args: &[v(F32, &[0x3dcccccd, 0x3e4ccccd, 0x3e99999a])],
            want: &[0x3e88d677, 0x3f08d677, 0x3f4d41b3],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F64, F64, F64, F64],
            args: &[v(
                F64,
                &[
                    0x3ff0000000000000,
                    0xbff0000000000000,
                    0x3ff0000000000000,
                    0xbff0000000000000,
                ],
            )],
            want: &[
                0x3fe0000000000000,
                0xbfe0000000000000,
                0x3fe0000000000000,
                0xbfe0000000000000,
            ],
            ulp: 1,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F32, F32],
            args: &[v(F32, &[0x1e3ce508, 0x1e3ce508])],
            want: &[0x3f3504f3, 0x3f3504f3],
            ulp: 0,
        },
        VecCase {
            op: NORMALIZE,
            res: &[F16, F16, F16],
            args: &[v(F16, &[0x1419, 0x9819, 0x1a25])],
            want: &[0x3447, 0xb847, 0x3a6a],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[0x3f800000, 0xc0000000, 0x40400000]),
                v(F32, &[0x0, 0x3f19999a, 0x3f4ccccd]),
            ],
            want: &[0x3f800000, 0xc05c28f6, 0x3f8a3d71],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F16, F16],
            args: &[v(F16, &[0x3800, 0xb400]), v(F16, &[0x38cd, 0x3a66])],
            want: &[0x3614, 0xb690],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f800000, 0x3f800000]),
                v(F32, &[0x3f3504f3, 0x3f3504f3]),
            ],
            want: &[0xbf7fffff, 0xbf7fffff],
            ulp: 0,
        },
        VecCase {
            op: REFLECT,
            res: &[F64, F64, F64],
            args: &[
                v(
                    F64,
                    &[0x3ff0000000000000, 0x4000000000000000, 0x4008000000000000],
                ),
                v(F64, &[0x0, 0x0, 0x3ff0000000000000]),
            ],
            want: &[0x3ff0000000000000, 0x4000000000000000, 0xc008000000000000],
            ulp: 2,
        },
        VecCase {
            op: REFLECT,
            res: &[F16, F16, F16],
            args: &[v(F16, &[0x4200, 0xc400, 0x0]), v(F16, &[0x3c00, 0x0, 0x0])],
            want: &[0xc200, 0xc400, 0x0],
            ulp: 0,
        },
        VecCase {
            op: REFRACT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f19999a, 0xbf4ccccd]),
                v(F32, &[0x0, 0x3f800000]),
                v(F32, &[0x3f800000]),
            ],
            want: &[0x3f19999a, 0xbf4ccccd],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f19999a, 0xbf4ccccd]),
                v(F32, &[0x0, 0x3f800000]),
                v(F32, &[0x3fc00000]),
            ],
            want: &[0x3f666667, 0xbedf2cf7],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F16, F16],
            args: &[
                v(F16, &[0x38cd, 0xba66]),
                v(F16, &[0x0, 0x3c00]),
                v(F16, &[0x3a00]),
            ],
            want: &[0x3734, 0xbb25],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F32, F32],
            args: &[
                v(F32, &[0x3f4ccccd, 0xbf19999a]),
                v(F32, &[0x0, 0x3f800000]),
                v(F32, &[0x3fa00000]),
            ],
            want: &[0x3f800000, 0xb95db3d7],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F16, F16],
            args: &[
                v(F16, &[0x3a66, 0xb8cd]),
                v(F16, &[0x0, 0x3c00]),
                v(F16, &[0x4000]),
            ],
            want: &[0x0, 0x0],
            ulp: 1,
        },
        VecCase {
            op: REFRACT,
            res: &[F64, F64],
            args: &[
                v(F64, &[0x3fe3333333333333, 0xbfe999999999999a]),
                v(F64, &[0x0, 0x3ff0000000000000]),
                v(F64, &[0x3fe0000000000000]),
            ],
            want: &[0x3fd3333333333333, 0xbfee86ab810ea912],
            ulp: 1,
        },
        VecCase {
            op: CROSS,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[0x3f800000, 0x0, 0x0]),
                v(F32, &[0x0, 0x3f800000, 0x0]),
            ],
            want: &[0x0, 0x0, 0x3f800000],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F16, F16, F16],
            args: &[
                v(F16, &[0x4000, 0x4200, 0x4400]),
                v(F16, &[0x4500, 0x4600, 0x4700]),
            ],
            want: &[0xc200, 0x4600, 0xc200],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F64, F64, F64],
            args: &[
                v(
                    F64,
                    &[0x3ff8000000000000, 0xc000000000000000, 0x3fd0000000000000],
                ),
                v(
                    F64,
                    &[0x4010000000000000, 0x4020000000000000, 0xc030000000000000],
                ),
            ],
            want: &[0x403e000000000000, 0x4039000000000000, 0x4034000000000000],
            ulp: 0,
        },
        VecCase {
            op: CROSS,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[0x4b7fffff, 0x3f800000, 0x0]),
                v(F32, &[0x4b7ffffd, 0x3f800000, 0x0]),
            ],
            want: &[0x0, 0x0, 0x40000000],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[0x3f800000, 0x40000000, 0x40400000, 0x40800000])],
            want: &[0x40af456f],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F16],
            args: &[v(F16, &[0x3800, 0x3800, 0x3800, 0x3800])],
            want: &[0x3c00],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F64],
            args: &[v(F64, &[0x4008000000000000, 0x4010000000000000])],
            want: &[0x4014000000000000],
            ulp: 1,
        },
        VecCase {
            op: LENGTH,
            res: &[F32],
            args: &[v(F32, &[0xda24260, 0xda24260, 0xda24260])],
            want: &[0xe0c854a],
            ulp: 0,
        },
        VecCase {
            op: LENGTH,
            res: &[F16],
            args: &[v(F16, &[0x1, 0x1])],
            want: &[0x1],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F32],
            args: &[
                v(F32, &[0x3f800000, 0x3f800000]),
                v(F32, &[0x40000000, 0x40000000]),
            ],
            want: &[0x3fb504f3],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F16],
            args: &[v(F16, &[0x0, 0x0, 0x0]), v(F16, &[0x4000, 0x4200, 0x4600])],
            want: &[0x4700],
            ulp: 0,
        },
        VecCase {
            op: DISTANCE,
            res: &[F64],
            args: &[
                v(F64, &[0x3ff0000000000000, 0x4000000000000000]),
                v(F64, &[0x4010000000000000, 0x4018000000000000]),
            ],
            want: &[0x4014000000000000],
            ulp: 1,
        },
        VecCase {
            op: DISTANCE,
            res: &[F32],
            args: &[v(F32, &[0x7f61b1e6]), v(F32, &[0xff61b1e6])],
            want: &[0x7f800000],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(F32, &[0x3f800000, 0xc0000000, 0x40000000, 0xc0800000])],
            want: &[0x0],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F16],
            args: &[v(F16, &[0xc200, 0x4400, 0xc200, 0x3c00])],
            want: &[0x4880],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F64],
            args: &[v(
                F64,
                &[
                    0xc010000000000000,
                    0x4010000000000000,
                    0xbff0000000000000,
                    0xc010000000000000,
                    0xc008000000000000,
                    0x4000000000000000,
                    0x4000000000000000,
                    0xc008000000000000,
                    0xbff0000000000000,
                ],
            )],
            want: &[0xc04b000000000000],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F16],
            args: &[v(
                F16,
                &[
                    0xc200, 0x4400, 0x4000, 0xc400, 0xc200, 0xbc00, 0xc400, 0x4000, 0xc400,
                ],
            )],
            want: &[0xd810],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(
                F32,
                &[
                    0xbf800000, 0xc0800000, 0x40800000, 0xc0000000, 0x0, 0x40000000, 0xc0000000,
                    0x40800000, 0xc0400000, 0x0, 0x40800000, 0xc0000000, 0xc0400000, 0xbf800000,
                    0x3f800000, 0xc0400000,
                ],
            )],
            want: &[0x43180000],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F64],
            args: &[v(
                F64,
                &[
                    0x4010000000000000,
                    0xc008000000000000,
                    0xc010000000000000,
                    0xbff0000000000000,
                    0x4008000000000000,
                    0x4010000000000000,
                    0x4000000000000000,
                    0x3ff0000000000000,
                    0x4008000000000000,
                    0x4008000000000000,
                    0x3ff0000000000000,
                    0x0,
                    0xbff0000000000000,
                    0xc000000000000000,
                    0xbff0000000000000,
                    0xc008000000000000,
                ],
            )],
            want: &[0x4030000000000000],
            ulp: 0,
        },
        VecCase {
            op: DETERMINANT,
            res: &[F32],
            args: &[v(
                F32,
                &[
                    0x0, 0x40800000, 0x40400000, 0x3f800000, 0x40400000, 0x0, 0xc0400000,
                    0xc0400000, 0x40800000,
                ],
            )],
            want: &[0x40000000],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F16, F16, F16, F16],
            args: &[v(F16, &[0x4000, 0x0, 0x0, 0xc400])],
            want: &[0x3800, 0x0, 0x0, 0xb400],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[F64, F64, F64, F64, F64, F64, F64, F64, F64],
            args: &[v(
                F64,
                &[
                    0x3fe0000000000000,
                    0x0,
                    0x0,
                    0x0,
                    0x4020000000000000,
                    0x0,
                    0x0,
                    0x0,
                    0xc000000000000000,
                ],
            )],
            want: &[
                0x4000000000000000,
                0x0,
                0x0,
                0x0,
                0x3fc0000000000000,
                0x0,
                0x0,
                0x0,
                0xbfe0000000000000,
            ],
            ulp: 0,
        },
        VecCase {
            op: MATRIX_INVERSE,
            res: &[
                F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32,
            ],
            args: &[v(
                F32,
                &[
                    0x3f800000, 0x0, 0x0, 0x0, 0x0, 0x40000000, 0x0, 0x0, 0x0, 0x0, 0x40800000,
                    0x0, 0x0, 0x0, 0x0, 0xc1000000,
                ],
            )],
            want: &[
                0x3f800000, 0x0, 0x0, 0x0, 0x0, 0x3f000000, 0x0, 0x0, 0x0, 0x0, 0x3e800000, 0x0,
                0x0, 0x0, 0x0, 0xbe000000,
            ],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3b83126f, 0xbb83126f, 0x3b7f9724, 0x7f800000])],
            want: &[0x7f00ff01],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0xff800000, 0x80000000, 0x3f400000, 0xbf7d70a4])],
            want: &[0x825f0081],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3f000000, 0x3afbdd25, 0x3f7f7cee, 0xff800000])],
            want: &[0xfe0080],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x7f800000, 0x80000000, 0x3e800000, 0x3b449ba6])],
            want: &[0x14000ff],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0x3727c5ac, 0xbf800000])],
            want: &[0x80010000],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0x3f000000, 0x7f800000])],
            want: &[0x7fff4000],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0xbe800000, 0x37a7c5ac])],
            want: &[0x1e000],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0x3f000000, 0x3727c5ac])],
            want: &[0x18000],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0x7f800000, 0xff800000])],
            want: &[0xffff],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM2X16,
            res: &[I32],
            args: &[v(F32, &[0x3f400000, 0x37199a33])],
            want: &[0x1bfff],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[0x3f801000, 0x3f803000])],
            want: &[0x3c023c00],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[0x33400000, 0xb3c00000])],
            want: &[0x80020001],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[0x7f800000, 0xc77ff000])],
            want: &[0xfc007c00],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[0x477fe001, 0x387fe000])],
            want: &[0x4007bff],
            ulp: 0,
        },
        VecCase {
            op: PACK_HALF2X16,
            res: &[I32],
            args: &[v(F32, &[0x80000000, 0x1])],
            want: &[0x8000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x80018000])],
            want: &[0xbf800000, 0xbf800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x80018000])],
            want: &[0x3f000080, 0x3f000180],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x80018000])],
            want: &[0x0, 0xbf800000, 0x3c010204, 0xbf800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x80018000])],
            want: &[0x0, 0x3f008081, 0x3b808081, 0x3f008081],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x7fff0001])],
            want: &[0x38000100, 0x3f800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x7fff0001])],
            want: &[0x37800080, 0x3effff00],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x7fff0001])],
            want: &[0x3c010204, 0x0, 0xbc010204, 0x3f800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x7fff0001])],
            want: &[0x3b808081, 0x0, 0x3f800000, 0x3efefeff],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0xc000])],
            want: &[0xbf000100, 0x0],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0xc000])],
            want: &[0x3f4000c0, 0x0],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xc000])],
            want: &[0x0, 0xbf010204, 0x0, 0x0],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xc000])],
            want: &[0x0, 0x3f40c0c1, 0x0, 0x0],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_HALF2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x7c00fc00])],
            want: &[0xff800000, 0x7f800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_HALF2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x18001])],
            want: &[0xb3800000, 0x33800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_HALF2X16,
            res: &[F32, F32],
            args: &[v(I32, &[0x7bff3555])],
            want: &[0x3eaaa000, 0x477fe000],
            ulp: 0,
        },
        VecCase {
            op: PACK_DOUBLE2X32,
            res: &[F64],
            args: &[v(I32, &[0x0, 0x80000000])],
            want: &[0x8000000000000000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_DOUBLE2X32,
            res: &[I32, I32],
            args: &[v(F64, &[0x8000000000000000])],
            want: &[0x0, 0x80000000],
            ulp: 0,
        },
        VecCase {
            op: PACK_DOUBLE2X32,
            res: &[F64],
            args: &[v(I32, &[0xffffffff, 0x7fefffff])],
            want: &[0x7fefffffffffffff],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_DOUBLE2X32,
            res: &[I32, I32],
            args: &[v(F64, &[0x7fefffffffffffff])],
            want: &[0xffffffff, 0x7fefffff],
            ulp: 0,
        },
        VecCase {
            op: PACK_DOUBLE2X32,
            res: &[F64],
            args: &[v(I32, &[0x12345678, 0x3ff00000])],
            want: &[0x3ff0000012345678],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_DOUBLE2X32,
            res: &[I32, I32],
            args: &[v(F64, &[0x3ff0000012345678])],
            want: &[0x12345678, 0x3ff00000],
            ulp: 0,
        },
        VecCase {
            op: MODF,
            res: &[F32, F32, F32, F32, F32, F32],
            args: &[
                v(
                    F32,
                    &[
                        0x7f800000, 0xff800000, 0x80000000, 0x1, 0xc0200000, 0x4affffff,
                    ],
                ),
                ptr(F32, &[0x0, 0x0, 0x0, 0x0, 0x0, 0x0]),
            ],
            want: &[
                0x0, 0x80000000, 0x80000000, 0x1, 0xbf000000, 0x3f000000, 0x7f800000, 0xff800000,
                0x80000000, 0x0, 0xc0000000, 0x4afffffe,
            ],
            ulp: 0,
        },
        VecCase {
            op: MODF_STRUCT,
            res: &[F64, F64, F64, F64],
            args: &[v(F64, &[0x7ff0000000000000, 0x8000000000000001])],
            want: &[
                0x0,
                0x8000000000000001,
                0x7ff0000000000000,
                0x8000000000000000,
            ],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F32, F32, I32, I32],
            args: &[v(F32, &[0x7f7fffff, 0x807fffff])],
            want: &[0x3f7fffff, 0xbf7ffffe, 0x80, 0xffffff82],
            ulp: 0,
        },
        VecCase {
            op: FREXP,
            res: &[F16, F16],
            args: &[v(F16, &[0x7bff, 0x8001]), ptr(I32, &[0x0, 0x0])],
            want: &[0x3bff, 0xb800, 0x10, 0xffffffe9],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[0x3f800000, 0xc0000000, 0x0]),
                v(F32, &[0x3f800000, 0x3f800000, 0x3f800000]),
                v(F32, &[0xbf800000, 0x0, 0x3f000000]),
            ],
            want: &[0x3f800000, 0xc0000000, 0x0],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F64, F64],
            args: &[
                v(F64, &[0x3fe0000000000000, 0x3fd0000000000000]),
                v(F64, &[0x4008000000000000, 0xc010000000000000]),
                v(F64, &[0x4010000000000000, 0x4008000000000000]),
            ],
            want: &[0xbfe0000000000000, 0xbfd0000000000000],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F16, F16],
            args: &[
                v(F16, &[0x0, 0x3c00]),
                v(F16, &[0x3c00, 0xbc00]),
                v(F16, &[0x3c00, 0x3c01]),
            ],
            want: &[0x0, 0x3c00],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F32, F32, F32],
            args: &[
                v(F32, &[0x40000000, 0x0, 0xbf800000]),
                v(F32, &[0x1e3ce508, 0x0, 0x0]),
                v(F32, &[0x9e3ce508, 0x0, 0x0]),
            ],
            want: &[0x40000000, 0x0, 0xbf800000],
            ulp: 0,
        },
        VecCase {
            op: FACE_FORWARD,
            res: &[F16, F16, F16, F16],
            args: &[
                v(F16, &[0x3c00, 0x4000, 0x4200, 0x4400]),
                v(F16, &[0x3c00, 0x3c00, 0x3c00, 0x3c00]),
                v(F16, &[0x3c00, 0x3c00, 0xbc00, 0xbc00]),
            ],
            want: &[0xbc00, 0xc000, 0xc200, 0xc400],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3f000000, 0xbf000000, 0x3c010204, 0xbc010204])],
            want: &[0xff01c040],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x7f7fffff, 0xff7fffff, 0x1, 0x80000001])],
            want: &[0x817f],
            ulp: 0,
        },
        VecCase {
            op: PACK_SNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3f7ef9db, 0xbf7ef9db, 0x3b449ba6, 0xbb449ba6])],
            want: &[0x827e],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x7f7fffff, 0xff7fffff, 0x1, 0x3b808081])],
            want: &[0x10000ff],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3dcccccd, 0x3e4ccccd, 0x3e99999a, 0x3ecccccd])],
            want: &[0x664d331a],
            ulp: 0,
        },
        VecCase {
            op: PACK_UNORM4X8,
            res: &[I32],
            args: &[v(F32, &[0x3f666666, 0x3f7d70a4, 0x3f7fbe77, 0x3b09a027])],
            want: &[0x1fffce5],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xff7f0180])],
            want: &[0xbf800000, 0x3c010204, 0x3f800000, 0xbc010204],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xff7f0180])],
            want: &[0x3f008081, 0x3b808081, 0x3efefeff, 0x3f800000],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x12345678])],
            want: &[0x3f71e3c8, 0x3f2d5ab5, 0x3ed1a347, 0x3e112245],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0x12345678])],
            want: &[0x3ef0f0f1, 0x3eacacad, 0x3e50d0d1, 0x3d909091],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_SNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xffffffff])],
            want: &[0xbc010204, 0xbc010204, 0xbc010204, 0xbc010204],
            ulp: 0,
        },
        VecCase {
            op: UNPACK_UNORM4X8,
            res: &[F32, F32, F32, F32],
            args: &[v(I32, &[0xffffffff])],
            want: &[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000],
            ulp: 0,
        },
        VecCase {
            op: MODF_STRUCT,
            res: &[F32, F32, F32, F32],
            args: &[v(F32, &[0xff800000, 0x807fffff])],
            want: &[0x80000000, 0x807fffff, 0xff800000, 0x80000000],
            ulp: 0,
        },
        VecCase {
            op: MODF_STRUCT,
            res: &[F16, F16, F16, F16],
            args: &[v(F16, &[0x6400, 0xc0e0])],
            want: &[0x0, 0xb700, 0x6400, 0xc000],
            ulp: 0,
        },
        VecCase {
            op: MODF_STRUCT,
            res: &[F64, F64],
            args: &[v(F64, &[0xc33fffffffffffff])],
            want: &[0x8000000000000000, 0xc33fffffffffffff],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F64, I32],
            args: &[v(F64, &[0x7fefffffffffffff])],
            want: &[0x3fefffffffffffff, 0x400],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F16, F16, I32, I32],
            args: &[v(F16, &[0x7c00, 0x3ff])],
            want: &[0x7c00, 0x3bfe, 0x0, 0xfffffff2],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F32, I32],
            args: &[v(F32, &[0xc0400000])],
            want: &[0xbf400000, 0x2],
            ulp: 0,
        },
        VecCase {
            op: FREXP_STRUCT,
            res: &[F32, I32],
            args: &[v(F32, &[0x80000001])],
            want: &[0xbf000000, 0xffffff6c],
            ulp: 0,
        },
    ];

    /// Rows of the tables that exercise instruction `code`.
    pub fn rows(code: u16) -> usize {
        let lane = CASES
            .iter()
            .filter(|c| {
                c.op == code
                    || (c.op == private::FREXP_EXP && (code == FREXP || code == FREXP_STRUCT))
            })
            .count();
        lane + VEC_CASES.iter().filter(|c| c.op == code).count()
    }
}

#[cfg(test)]
mod tests {
    use super::tables::*;
    use super::*;
    use crate::core::{Alu, Convert};
    use std::collections::HashMap;

    fn xop(opcode: u16, ty: Scalar, aux: Scalar) -> ExtOp {
        op2(opcode, ty, aux)
    }

    fn is_nan(ty: Scalar, x: u64) -> bool {
        matches!(ty, Scalar::Float(_)) && tof(width(ty), x).is_nan()
    }

    /// Distance in representable values (sign-magnitude mapped to integers).
    fn ulps(w: u8, a: u64, b: u64) -> u64 {
        let key = |x: u64| -> i128 {
            let sign = 1u64 << (w - 1);
            if x & sign != 0 {
                -((x & !sign) as i128)
            } else {
                x as i128
            }
        };
        (key(a) - key(b)).unsigned_abs() as u64
    }

    #[test]
    fn lane_cases() {
        let mut bad = Vec::new();
        for (i, c) in CASES.iter().enumerate() {
            let got = eval(xop(c.op, c.ty, c.aux), c.a, c.b, c.c);
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
        assert!(
            bad.is_empty(),
            "{} failures:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    /// Records and executes lane operations on one lane.
    #[derive(Default)]
    struct Fake {
        regs: Vec<u64>,
        mem: HashMap<i64, u64>,
        ops: usize,
    }

    impl Fake {
        fn push(&mut self, v: u64) -> Reg {
            self.regs.push(v);
            (self.regs.len() - 1) as Reg
        }
        fn get(&self, src: &[Reg], i: usize) -> u64 {
            src.get(i).map_or(0, |&r| self.regs[r as usize])
        }
    }

    impl Builder for Fake {
        fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg {
            self.ops += 1;
            let v = crate::core::eval(
                Alu { op, ty },
                self.get(src, 0),
                self.get(src, 1),
                self.get(src, 2),
                self.get(src, 3),
            );
            self.push(v)
        }
        fn convert(&mut self, cv: Convert, src: Reg) -> Reg {
            self.ops += 1;
            let v = crate::core::convert(cv, self.regs[src as usize]);
            self.push(v)
        }
        fn ext(&mut self, op: ExtOp, src: &[Reg]) -> Reg {
            assert!(src.len() <= 3, "at most 3 operands");
            self.ops += 1;
            let v = eval(op, self.get(src, 0), self.get(src, 1), self.get(src, 2));
            self.push(v)
        }
        fn constant(&mut self, bits: u64) -> Reg {
            self.push(bits)
        }
        fn load(&mut self, _ty: Scalar, addr: Reg, offset: i64) -> Reg {
            let a = self.regs[addr as usize] as i64 + offset;
            let v = self.mem.get(&a).copied().unwrap_or(0);
            self.push(v)
        }
        fn store(&mut self, ty: Scalar, src: Reg, addr: Reg, offset: i64) {
            let a = self.regs[addr as usize] as i64 + offset;
            let m = mask(width(ty));
            self.mem.insert(a, self.regs[src as usize] & m);
        }
    }

    /// Lowers and runs one instruction; returns results then stored values.
    fn run(code: u16, res: &[Scalar], args: &[(Scalar, &[u64], bool)]) -> Result<Vec<u64>, String> {
        let mut f = Fake::default();
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
        for (_, off) in ptr_fields {
            vals.push(
                f.mem
                    .get(&(BASE as i64 + 16 + off as i64))
                    .copied()
                    .unwrap_or(0xdead),
            );
        }
        Ok(vals)
    }

    #[test]
    fn vec_cases() {
        let mut bad = Vec::new();
        for (i, c) in VEC_CASES.iter().enumerate() {
            let args: Vec<(Scalar, &[u64], bool)> =
                c.args.iter().map(|a| (a.ty, a.vals, a.ptr)).collect();
            let got = match run(c.op, c.res, &args) {
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
                && got.iter().zip(c.want).zip(&tys).all(|((&g, &w), &t)| {
                    if is_nan(t, w) {
                        is_nan(t, g)
                    } else if g == w {
                        true
                    } else if let Scalar::Float(fw) = t {
                        !is_nan(t, g) && ulps(fw, g, w) <= c.ulp as u64
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
        assert!(
            bad.is_empty(),
            "{} failures:\n{}",
            bad.len(),
            bad.join("\n")
        );
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
    /// result ulps. The bound documented at the top is 0.5 ulp + 2^-29.
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
        for c in &cov {
            assert!(c.name.starts_with("GLSL."));
            if c.implemented {
                assert!(c.tests > 0, "{} has no test rows", c.name);
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
}
