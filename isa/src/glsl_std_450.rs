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
use crate::instruction_set::{per_component, Builder, Call, Coverage, OpClass, Operand};
use crate::ir::{ExtOp, ExtSet, Reg};

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
#[inline(always)]
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
            16 | 32 => fromf(w, crate::core::fma_narrow(x(), y(), z())),
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
// Coverage.

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
