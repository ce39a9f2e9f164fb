//! OpenCL.std section 2.1: the math instructions (numbers 0 to 94, `acos`
//! to `native_tan`), for half, float and double, scalars and vectors of 2,
//! 3, 4, 8 or 16 components (flattened: one lane op per component).
//!
//! How results are computed:
//!
//! * half and float: the operands are widened exactly to f64, the function
//!   is computed in f64 (the `libm` crate, pure Rust, so every platform gives
//!   the same bits) and the result is rounded once to the type (round to
//!   nearest even, denormals kept). The f64 error (about 1 ulp of f64) is
//!   2^-29 ulp of a float, so results are within 0.5 ulp + 2^-29 of exact,
//!   far inside every OpenCL bound. Operations that IEEE fixes exactly (fma,
//!   sqrt, divide, fdim, ldexp, rounding, remainders) are correctly rounded:
//!   fma of half/float uses round-to-odd in f64 before the final rounding.
//! * double: `libm` directly, with extra care where `libm` alone would
//!   exceed a bound or get an OpenCL edge case wrong: the `*pi` functions
//!   reduce the argument exactly and divide by pi with a double-double
//!   constant; `pow`, `powr`, `pown` and `rootn` take the logarithm in
//!   double-double (libm's pow loses |y ln x| ulp: 371 measured for x near
//!   1 and |y| over 2^31) and `rootn` the exponent 1/n too; `exp10` takes
//!   x ln 10 in double-double (libm's is off by up to 2.7 ulp) and is
//!   exact at the integers whose power is an f64; `powr` and `rootn`
//!   follow the OpenCL special-case lists. `lgamma` on the negative axis
//!   is `lgamma.rs`'s (double-double reflection, Taylor polynomials at its
//!   zeros): libm's had no correct digit next to the zeros (1.25e15 ulp at
//!   x = -2.747682646727413); OpenCL sets it no bound.
//! * `mad` is fused: it is the same single-rounding operation as `fma` (the
//!   spec allows any rounding of the product; fused is the most accurate).
//! * `half_*` and `native_*` are the full-precision functions (which meets
//!   the 8192-ulp half_ bound and any implementation-defined native bound);
//!   they accept half and double operands too, computed the same way.
//! * NaN results are quiet: the canonical quiet NaN of the type, except
//!   that `nan(nancode)` puts the nancode's low bits in the significand, and
//!   the bit operations (fabs, copysign) and fmin/fmax/maxmag/minmag pass an
//!   operand through unchanged.
//! * `ilogb(0)` = FP_ILOGB0 = INT_MIN, `ilogb(NaN)` = FP_ILOGBNAN = INT_MAX
//!   and `ilogb(±inf)` = INT_MAX (clang's opencl-c-base.h values).
//! * `frexp(±inf or NaN)` stores exponent 0. `lgamma_r` stores the sign of
//!   gamma: -1 for -0, +1 for +0 and for poles at negative integers.
//!   `remquo` stores the low seven bits of the quotient with the sign of
//!   x/y, and 0 when the result is NaN.
//! * `fract(±inf)` = ±0, `fract(±0)` = ±0 (the integral part goes to the
//!   pointer: floor(x)); `modf` keeps the sign of x on both parts.
//! * `fmin(-0, +0)` = -0 and `fmax(-0, +0)` = +0.
//!
//! Pointer outputs (fract, frexp, lgamma_r, modf, remquo, sincos) are
//! stored component by component through the pointer operand with its
//! constant offset and the pointee's scalar layout. Their second results are
//! lane ops too: `floor` (fract), `trunc` (modf), `cos` (sincos), and the
//! instruction's own opcode with `aux = Int(32)` for the integer results of
//! frexp, lgamma_r and remquo.
//!
//! Measured worst error in ulp (isa/tests/opencl_math.rs `report_worst_ulp`:
//! half and float over 196 edge pairs plus a seeded sweep of 3000 inputs per
//! function and type against the f64 function; double against 300 mpmath
//! references (160 bits) per function, 300 more for exp10 on [-16, 16],
//! pow, powr and pown with x near 1 and |y| over 2^31, rootn of tiny x,
//! and lgamma on the negative axis next to its zeros, or bit-exact std operations for
//! divide/recip/sqrt; "-" = no bound in OpenCL; the last column is the
//! bound the test enforces). Exact functions (ceil, copysign, fabs, fdim, floor,
//! fma, fmax, fmin, fmod, fract, frexp, ilogb, ldexp, logb, mad, maxmag,
//! minmag, modf, nan, nextafter, remainder, remquo, rint, round, sqrt,
//! trunc, half_divide, half_recip, half_sqrt, native_divide, native_recip,
//! native_sqrt) measure 0 (bit-exact against exact references) for every
//! type.
//!
//! The table is [`ACCURACY`] (also printed by `gpusim isa coverage`).
//!
//! The `native_*` and `half_*` functions give the same bits as the
//! corresponding full function.

use super::double_double::{two_sum, PI};
use super::lgamma::lgamma;
use crate::core::Scalar;
use crate::instruction_set::{per_component, Builder, Call, Coverage, OpClass};
use crate::ir::{ExtOp, ExtSet, Reg};

/// Measured worst error in ulp per function and type, with the bounds the tests enforce, as a Markdown table (docs/isa-coverage.md shows it).
pub const ACCURACY: &str = "\
| function | half | float | double | bound (half/float/double) |\n\
|---|---|---|---|---|\n\
| acos | 0.500 | 0.500 | 0.763 | 2/4/4 |\n\
| acosh | 0.500 | 0.500 | 1.044 | 2/4/4 |\n\
| acospi | 0.500 | 0.500 | 1.186 | 2/5/5 |\n\
| asin | 0.500 | 0.500 | 0.592 | 2/4/4 |\n\
| asinh | 0.500 | 0.500 | 0.933 | 2/4/4 |\n\
| asinpi | 0.499 | 0.500 | 1.161 | 2/5/5 |\n\
| atan | 0.499 | 0.500 | 0.650 | 2/5/5 |\n\
| atan2 | 0.500 | 0.500 | 0.938 | 2/6/6 |\n\
| atanh | 0.500 | 0.500 | 0.979 | 2/5/5 |\n\
| atanpi | 0.500 | 0.500 | 1.291 | 2/5/5 |\n\
| atan2pi | 0.500 | 0.500 | 1.044 | 2/6/6 |\n\
| cbrt | 0.499 | 0.500 | 0.500 | 2/2/2 |\n\
| cos | 0.500 | 0.500 | 0.569 | 2/4/4 |\n\
| cosh | 0.499 | 0.500 | 0.841 | 2/4/4 |\n\
| cospi | 0.499 | 0.499 | 1.018 | 2/4/4 |\n\
| erfc | 0.500 | 0.500 | 1.542 | 4/16/16 |\n\
| erf | 0.500 | 0.500 | 0.680 | 4/16/16 |\n\
| exp | 0.499 | 0.500 | 0.693 | 2/3/3 |\n\
| exp2 | 0.499 | 0.500 | 0.500 | 2/3/3 |\n\
| exp10 | 0.500 | 0.500 | 1.046 | 2/3/3 |\n\
| expm1 | 0.499 | 0.499 | 0.698 | 2/3/3 |\n\
| hypot | 0.499 | 0.499 | 0.534 | 2/4/4 |\n\
| lgamma | 0.500 | 0.500 | 1.726 | -/-/- |\n\
| log | 0.499 | 0.500 | 0.558 | 2/3/3 |\n\
| log2 | 0.499 | 0.500 | 0.498 | 2/3/3 |\n\
| log10 | 0.500 | 0.500 | 0.499 | 2/3/3 |\n\
| log1p | 0.500 | 0.500 | 0.517 | 2/2/2 |\n\
| pow | 0.500 | 0.500 | 1.096 | 4/16/16 |\n\
| pown | 0.500 | 0.500 | 1.076 | 4/16/16 |\n\
| powr | 0.500 | 0.500 | 0.969 | 4/16/16 |\n\
| rootn | 0.499 | 0.500 | 1.029 | 4/16/16 |\n\
| rsqrt | 0.500 | 0.500 | 1.263 | 1/2/2 |\n\
| sin | 0.500 | 0.500 | 0.620 | 2/4/4 |\n\
| sincos | 0.500 | 0.500 | 0.620 | 2/4/4 |\n\
| sinh | 0.498 | 0.500 | 1.214 | 2/4/4 |\n\
| sinpi | 0.500 | 0.500 | 0.939 | 2/4/4 |\n\
| sqrt | 0.499 | 0.500 | 0.000 | 0.5/0.5/0.5 |\n\
| tan | 0.499 | 0.500 | 0.552 | 2/5/5 |\n\
| tanh | 0.500 | 0.499 | 1.612 | 2/5/5 |\n\
| tanpi | 0.497 | 0.500 | 1.187 | 2/6/6 |\n\
| tgamma | 0.500 | 0.500 | 4.220 | 4/16/16 |\n\
| half_cos | 0.500 | 0.500 | 0.569 | 8192/8192/8192 |\n\
| half_divide | 0.500 | 0.500 | 0.000 | 8192/8192/8192 |\n\
| half_exp | 0.500 | 0.500 | 0.693 | 8192/8192/8192 |\n\
| half_exp2 | 0.500 | 0.500 | 0.500 | 8192/8192/8192 |\n\
| half_exp10 | 0.500 | 0.499 | 1.046 | 8192/8192/8192 |\n\
| half_log | 0.500 | 0.500 | 0.558 | 8192/8192/8192 |\n\
| half_log2 | 0.500 | 0.500 | 0.498 | 8192/8192/8192 |\n\
| half_log10 | 0.499 | 0.499 | 0.499 | 8192/8192/8192 |\n\
| half_powr | 0.500 | 0.500 | 0.969 | 8192/8192/8192 |\n\
| half_recip | 0.500 | 0.500 | 0.000 | 8192/8192/8192 |\n\
| half_rsqrt | 0.500 | 0.500 | 1.263 | 8192/8192/8192 |\n\
| half_sin | 0.499 | 0.500 | 0.620 | 8192/8192/8192 |\n\
| half_sqrt | 0.500 | 0.500 | 0.000 | 8192/8192/8192 |\n\
| half_tan | 0.500 | 0.500 | 0.552 | 8192/8192/8192 |\n\
| native_cos | 0.500 | 0.500 | 0.569 | 2/4/4 |\n\
| native_divide | 0.499 | 0.500 | 0.000 | 0.5/0.5/0.5 |\n\
| native_exp | 0.500 | 0.500 | 0.693 | 2/3/3 |\n\
| native_exp2 | 0.498 | 0.500 | 0.500 | 2/3/3 |\n\
| native_exp10 | 0.500 | 0.500 | 1.046 | 2/3/3 |\n\
| native_log | 0.500 | 0.500 | 0.558 | 2/3/3 |\n\
| native_log2 | 0.499 | 0.500 | 0.498 | 2/3/3 |\n\
| native_log10 | 0.499 | 0.499 | 0.499 | 2/3/3 |\n\
| native_powr | 0.500 | 0.500 | 0.969 | 4/16/16 |\n\
| native_recip | 0.500 | 0.500 | 0.000 | 0.5/0.5/0.5 |\n\
| native_rsqrt | 0.499 | 0.500 | 1.263 | 1/2/2 |\n\
| native_sin | 0.500 | 0.500 | 0.620 | 2/4/4 |\n\
| native_sqrt | 0.499 | 0.500 | 0.000 | 0.5/0.5/0.5 |\n\
| native_tan | 0.500 | 0.500 | 0.552 | 2/5/5 |\n";

// Instruction numbers.
pub const ACOS: u16 = 0;
pub const ACOSH: u16 = 1;
pub const ACOSPI: u16 = 2;
pub const ASIN: u16 = 3;
pub const ASINH: u16 = 4;
pub const ASINPI: u16 = 5;
pub const ATAN: u16 = 6;
pub const ATAN2: u16 = 7;
pub const ATANH: u16 = 8;
pub const ATANPI: u16 = 9;
pub const ATAN2PI: u16 = 10;
pub const CBRT: u16 = 11;
pub const CEIL: u16 = 12;
pub const COPYSIGN: u16 = 13;
pub const COS: u16 = 14;
pub const COSH: u16 = 15;
pub const COSPI: u16 = 16;
pub const ERFC: u16 = 17;
pub const ERF: u16 = 18;
pub const EXP: u16 = 19;
pub const EXP2: u16 = 20;
pub const EXP10: u16 = 21;
pub const EXPM1: u16 = 22;
pub const FABS: u16 = 23;
pub const FDIM: u16 = 24;
pub const FLOOR: u16 = 25;
pub const FMA: u16 = 26;
pub const FMAX: u16 = 27;
pub const FMIN: u16 = 28;
pub const FMOD: u16 = 29;
pub const FRACT: u16 = 30;
pub const FREXP: u16 = 31;
pub const HYPOT: u16 = 32;
pub const ILOGB: u16 = 33;
pub const LDEXP: u16 = 34;
pub const LGAMMA: u16 = 35;
pub const LGAMMA_R: u16 = 36;
pub const LOG: u16 = 37;
pub const LOG2: u16 = 38;
pub const LOG10: u16 = 39;
pub const LOG1P: u16 = 40;
pub const LOGB: u16 = 41;
pub const MAD: u16 = 42;
pub const MAXMAG: u16 = 43;
pub const MINMAG: u16 = 44;
pub const MODF: u16 = 45;
pub const NAN: u16 = 46;
pub const NEXTAFTER: u16 = 47;
pub const POW: u16 = 48;
pub const POWN: u16 = 49;
pub const POWR: u16 = 50;
pub const REMAINDER: u16 = 51;
pub const REMQUO: u16 = 52;
pub const RINT: u16 = 53;
pub const ROOTN: u16 = 54;
pub const ROUND: u16 = 55;
pub const RSQRT: u16 = 56;
pub const SIN: u16 = 57;
pub const SINCOS: u16 = 58;
pub const SINH: u16 = 59;
pub const SINPI: u16 = 60;
pub const SQRT: u16 = 61;
pub const TAN: u16 = 62;
pub const TANH: u16 = 63;
pub const TANPI: u16 = 64;
pub const TGAMMA: u16 = 65;
pub const TRUNC: u16 = 66;
pub const HALF_COS: u16 = 67;
pub const HALF_DIVIDE: u16 = 68;
pub const HALF_EXP: u16 = 69;
pub const HALF_EXP2: u16 = 70;
pub const HALF_EXP10: u16 = 71;
pub const HALF_LOG: u16 = 72;
pub const HALF_LOG2: u16 = 73;
pub const HALF_LOG10: u16 = 74;
pub const HALF_POWR: u16 = 75;
pub const HALF_RECIP: u16 = 76;
pub const HALF_RSQRT: u16 = 77;
pub const HALF_SIN: u16 = 78;
pub const HALF_SQRT: u16 = 79;
pub const HALF_TAN: u16 = 80;
pub const NATIVE_COS: u16 = 81;
pub const NATIVE_DIVIDE: u16 = 82;
pub const NATIVE_EXP: u16 = 83;
pub const NATIVE_EXP2: u16 = 84;
pub const NATIVE_EXP10: u16 = 85;
pub const NATIVE_LOG: u16 = 86;
pub const NATIVE_LOG2: u16 = 87;
pub const NATIVE_LOG10: u16 = 88;
pub const NATIVE_POWR: u16 = 89;
pub const NATIVE_RECIP: u16 = 90;
pub const NATIVE_RSQRT: u16 = 91;
pub const NATIVE_SIN: u16 = 92;
pub const NATIVE_SQRT: u16 = 93;
pub const NATIVE_TAN: u16 = 94;

/// Spec names of instructions 0..=94, in order.
pub const NAMES: [&str; 95] = [
    "acos",
    "acosh",
    "acospi",
    "asin",
    "asinh",
    "asinpi",
    "atan",
    "atan2",
    "atanh",
    "atanpi",
    "atan2pi",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "cospi",
    "erfc",
    "erf",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "fract",
    "frexp",
    "hypot",
    "ilogb",
    "ldexp",
    "lgamma",
    "lgamma_r",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "mad",
    "maxmag",
    "minmag",
    "modf",
    "nan",
    "nextafter",
    "pow",
    "pown",
    "powr",
    "remainder",
    "remquo",
    "rint",
    "rootn",
    "round",
    "rsqrt",
    "sin",
    "sincos",
    "sinh",
    "sinpi",
    "sqrt",
    "tan",
    "tanh",
    "tanpi",
    "tgamma",
    "trunc",
    "half_cos",
    "half_divide",
    "half_exp",
    "half_exp2",
    "half_exp10",
    "half_log",
    "half_log2",
    "half_log10",
    "half_powr",
    "half_recip",
    "half_rsqrt",
    "half_sin",
    "half_sqrt",
    "half_tan",
    "native_cos",
    "native_divide",
    "native_exp",
    "native_exp2",
    "native_exp10",
    "native_log",
    "native_log2",
    "native_log10",
    "native_powr",
    "native_recip",
    "native_rsqrt",
    "native_sin",
    "native_sqrt",
    "native_tan",
];

// ---------------------------------------------------------------------------
// Lowering
// ---------------------------------------------------------------------------

/// Operand shapes.
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
    /// float x, pointer to floats (second result: lane op `second`).
    PtrFloat(u16),
    /// float x, pointer to i32.
    PtrInt,
    /// float x, float y, pointer to i32 (remquo).
    Remquo,
}

fn shape(op: u16) -> Shape {
    match op {
        ATAN2 | ATAN2PI | COPYSIGN | FDIM | FMAX | FMIN | FMOD | HYPOT | MAXMAG | MINMAG
        | NEXTAFTER | POW | POWR | REMAINDER | HALF_DIVIDE | HALF_POWR | NATIVE_DIVIDE
        | NATIVE_POWR => Shape::Float(2),
        FMA | MAD => Shape::Float(3),
        LDEXP | POWN | ROOTN => Shape::FloatInt,
        NAN => Shape::Nan,
        ILOGB => Shape::Ilogb,
        FRACT => Shape::PtrFloat(FLOOR),
        MODF => Shape::PtrFloat(TRUNC),
        SINCOS => Shape::PtrFloat(COS),
        FREXP | LGAMMA_R => Shape::PtrInt,
        REMQUO => Shape::Remquo,
        _ => Shape::Float(1),
    }
}

fn value<'a>(
    call: &'a Call,
    i: usize,
    n: usize,
    want: Option<Scalar>,
) -> Result<&'a [Reg], String> {
    let o = &call.operands[i];
    if o.pointer.is_some() {
        return Err(format!("operand {} must not be a pointer", i + 1));
    }
    if o.regs.len() != n && o.regs.len() != 1 {
        return Err(format!(
            "operand {} has {} components, the result {}",
            i + 1,
            o.regs.len(),
            n
        ));
    }
    if let Some(t) = want {
        if o.types.iter().any(|&ty| ty != t) {
            return Err(format!(
                "operand {} must be of type {t:?}, found {:?}",
                i + 1,
                o.types
            ));
        }
    }
    Ok(&o.regs)
}

/// Stores `vals` (type `ty`) through pointer operand `i`.
fn store_through(
    b: &mut dyn Builder,
    call: &Call,
    i: usize,
    ty: Scalar,
    vals: &[Reg],
) -> Result<(), String> {
    let o = &call.operands[i];
    let Some((offset, fields)) = &o.pointer else {
        return Err(format!("operand {} must be a pointer", i + 1));
    };
    if o.regs.len() != 1 {
        return Err(format!("pointer operand {} must be one address", i + 1));
    }
    if fields.len() != vals.len() {
        return Err(format!(
            "operand {} points to {} components, the result has {}",
            i + 1,
            fields.len(),
            vals.len()
        ));
    }
    if fields.iter().any(|&(t, _)| t != ty) {
        return Err(format!("operand {} must point to {ty:?} values", i + 1));
    }
    for (&v, &(t, off)) in vals.iter().zip(fields) {
        b.store(t, v, o.regs[0], offset + off as i64);
    }
    Ok(())
}

pub fn lower(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    let op16 = call.opcode as u16;
    if call.opcode > NATIVE_TAN as u32 {
        return Err(format!("{} is not a math instruction", call.opcode));
    }
    let sh = shape(op16);
    let n = call.result.len();
    if n == 0 || !matches!(n, 1 | 2 | 3 | 4 | 8 | 16) {
        return Err(format!(
            "result must be a scalar or a vector of 2, 3, 4, 8 or 16 components, found {n}"
        ));
    }
    let want_args = match sh {
        Shape::Float(k) => k,
        Shape::FloatInt | Shape::PtrFloat(_) | Shape::PtrInt => 2,
        Shape::Nan | Shape::Ilogb => 1,
        Shape::Remquo => 3,
    };
    if call.operands.len() != want_args {
        return Err(format!(
            "expects {want_args} operands, found {}",
            call.operands.len()
        ));
    }
    // The float type the instruction computes in.
    let fty = if sh == Shape::Ilogb {
        if call.result.iter().any(|&t| t != Scalar::Int(32)) {
            return Err("result must be i32 or a vector of i32".into());
        }
        match call.operands[0].types.first() {
            Some(&t @ Scalar::Float(16 | 32 | 64)) => t,
            t => return Err(format!("x must be floating-point, found {t:?}")),
        }
    } else {
        match call.result[0] {
            t @ Scalar::Float(16 | 32 | 64) if call.result.iter().all(|&r| r == t) => t,
            _ => {
                return Err(format!(
                    "result must be floating-point, found {:?}",
                    call.result
                ))
            }
        }
    };
    let mk = |aux: Scalar| ExtOp {
        set: ExtSet::OpenCl,
        opcode: op16,
        ty: fty,
        aux,
    };
    match sh {
        Shape::Float(k) => {
            let args: Vec<&[Reg]> = (0..k)
                .map(|i| value(call, i, n, Some(fty)))
                .collect::<Result<_, _>>()?;
            Ok(per_component(b, mk(fty), n, &args))
        }
        Shape::FloatInt => {
            let x = value(call, 0, n, Some(fty))?;
            let k = value(call, 1, n, Some(Scalar::Int(32)))?;
            Ok(per_component(b, mk(Scalar::Int(32)), n, &[x, k]))
        }
        Shape::Nan => {
            let code = value(call, 0, n, None)?;
            let it = call.operands[0].types[0];
            if !matches!(it, Scalar::Int(_)) || call.operands[0].types.iter().any(|&t| t != it) {
                return Err(format!(
                    "nancode must be integer, found {:?}",
                    call.operands[0].types
                ));
            }
            Ok(per_component(b, mk(it), n, &[code]))
        }
        Shape::Ilogb => {
            let x = value(call, 0, n, Some(fty))?;
            Ok(per_component(b, mk(Scalar::Int(32)), n, &[x]))
        }
        Shape::PtrFloat(second) => {
            let x = value(call, 0, n, Some(fty))?;
            let r = per_component(b, mk(fty), n, &[x]);
            let sop = ExtOp {
                opcode: second,
                ..mk(fty)
            };
            let s = per_component(b, sop, n, &[x]);
            store_through(b, call, 1, fty, &s)?;
            Ok(r)
        }
        Shape::PtrInt => {
            let x = value(call, 0, n, Some(fty))?;
            let r = per_component(b, mk(fty), n, &[x]);
            let s = per_component(b, mk(Scalar::Int(32)), n, &[x]);
            store_through(b, call, 1, Scalar::Int(32), &s)?;
            Ok(r)
        }
        Shape::Remquo => {
            let x = value(call, 0, n, Some(fty))?;
            let y = value(call, 1, n, Some(fty))?;
            let r = per_component(b, mk(fty), n, &[x, y]);
            let s = per_component(b, mk(Scalar::Int(32)), n, &[x, y]);
            store_through(b, call, 2, Scalar::Int(32), &s)?;
            Ok(r)
        }
    }
}

// ---------------------------------------------------------------------------
// Lane semantics
// ---------------------------------------------------------------------------

use crate::core::to_f64;

/// The canonical quiet NaN of width `w`.
#[inline(always)]
fn qnan(w: u32) -> u64 {
    match w {
        16 => 0x7e00,
        32 => 0x7fc0_0000,
        _ => 0x7ff8_0000_0000_0000,
    }
}

/// An f64 rounded once (to nearest even, denormals kept) to width `w`; NaN
/// becomes the canonical quiet NaN.
#[inline(always)]
fn from_f64(w: u32, x: f64) -> u64 {
    if x.is_nan() {
        return qnan(w);
    }
    crate::core::from_f64(w, x)
}

/// Sign bit, magnitude mask and quiet bit of width `w`.
#[inline(always)]
fn masks(w: u32) -> (u64, u64) {
    match w {
        16 => (0x8000, 0x7fff),
        32 => (0x8000_0000, 0x7fff_ffff),
        _ => (1 << 63, !(1u64 << 63)),
    }
}

/// Sign-extends the low `bits` of `x` and clamps it to i32.
#[inline(always)]
fn int_operand(x: u64, aux: Scalar) -> i32 {
    let bits = aux.bits().clamp(1, 64);
    let s = 64 - bits;
    let v = ((x << s) as i64) >> s;
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// 1/pi as a double-double.
const INV_PI_HI: f64 = f64::from_bits(0x3FD4_5F30_6DC9_C883);
const INV_PI_LO: f64 = f64::from_bits(0xBC76_B01E_C541_7056);

/// v / pi with one rounding of v * (1/pi as a double-double).
#[inline]
fn div_pi(v: f64) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    libm::fma(v, INV_PI_HI, v * INV_PI_LO)
}

/// pi * f for |f| <= 1/4 (f exact).
#[inline]
fn mul_pi(f: f64) -> f64 {
    libm::fma(f, PI.hi, f * PI.lo)
}

fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let ax = x.abs();
    let r = ax % 2.0; // exact
    let n = (r * 2.0).round(); // 0..=4, r*2 exact
    let f = r - n * 0.5; // exact, |f| <= 1/4
    let t = mul_pi(f);
    let v = match n as i32 {
        1 => libm::cos(t),
        2 => -libm::sin(t),
        3 => -libm::cos(t),
        _ => libm::sin(t),
    };
    // Zeros at integers: +0 for positive, -0 for negative x.
    let v = if v == 0.0 { 0.0 } else { v };
    if x.is_sign_negative() {
        -v
    } else {
        v
    }
}

fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x.abs() % 2.0;
    let n = (r * 2.0).round();
    let f = r - n * 0.5;
    let t = mul_pi(f);
    let v = match n as i32 {
        1 => -libm::sin(t),
        2 => -libm::cos(t),
        3 => libm::sin(t),
        _ => libm::cos(t),
    };
    // cospi(n + 1/2) = +0.
    if v == 0.0 {
        0.0
    } else {
        v
    }
}

fn tanpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let ax = x.abs();
    let odd = ax % 2.0 >= 1.0;
    let r = ax % 1.0;
    let v = if r == 0.0 {
        if odd {
            -0.0
        } else {
            0.0
        }
    } else if r == 0.5 {
        if odd {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else if r == 0.25 || r == 0.75 {
        // Exact: tan(pi/4) = 1.
        if r == 0.25 {
            1.0
        } else {
            -1.0
        }
    } else {
        let n = (r * 2.0).round();
        let f = r - n * 0.5;
        let t = libm::tan(mul_pi(f));
        if n == 1.0 {
            -1.0 / t
        } else {
            t
        }
    };
    if x.is_sign_negative() {
        -v
    } else {
        v
    }
}

fn atan2pi(y: f64, x: f64) -> f64 {
    if y.is_infinite() && x.is_infinite() {
        let v: f64 = if x > 0.0 { 0.25 } else { 0.75 };
        return v.copysign(y);
    }
    div_pi(libm::atan2(y, x))
}

fn powr(x: f64, y: f64) -> f64 {
    if x < 0.0 || x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 1.0 {
        return if y.is_infinite() { f64::NAN } else { 1.0 };
    }
    if y == 0.0 {
        return if x == 0.0 || x.is_infinite() {
            f64::NAN
        } else {
            1.0
        };
    }
    if x == 0.0 {
        return if y < 0.0 { f64::INFINITY } else { 0.0 };
    }
    pow(x, y)
}

/// x^y with libm's special values (C99 Annex F), and for finite nonzero
/// operands through [`pow_positive`], whose logarithm carries the extra
/// bits libm's lacks: its error grows as |y ln x| (up to 675 ulp for x near
/// 1 and |y| over 2^31).
fn pow(x: f64, y: f64) -> f64 {
    if !x.is_finite() || !y.is_finite() || x == 0.0 || y == 0.0 || x == 1.0 {
        return libm::pow(x, y);
    }
    if x > 0.0 {
        return pow_positive(x, y, 0.0);
    }
    if y != y.trunc() {
        return f64::NAN;
    }
    // |y| of 2^53 and more is even.
    let odd = y.abs() < 9_007_199_254_740_992.0 && (y * 0.5).fract() != 0.0;
    let v = pow_positive(-x, y, 0.0);
    if odd {
        -v
    } else {
        v
    }
}

/// ln 2 split so that k * LN2_HI is exact for every exponent k of an f64.
const LN2_HI: f64 = 0.693_147_180_369_123_8;
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;

/// ln x as hi + lo, about 2^-68 relative, for finite x > 0: x = m 2^k with
/// m in [1/sqrt 2, sqrt 2), ln m = 2 atanh s with s = (m - 1) / (m + 1),
/// whose leading terms 2s and 2s^3/3 are kept in double-double.
fn ln_double_double(x: f64) -> (f64, f64) {
    let (mut m, mut k) = libm::frexp(x);
    if m < std::f64::consts::FRAC_1_SQRT_2 {
        m *= 2.0;
        k -= 1;
    }
    // m - 1 is exact (Sterbenz); s = (m - 1) / (m + 1) as s + s_lo.
    let num = m - 1.0;
    let (den, den_lo) = two_sum(m, 1.0);
    let s = num / den;
    let s_lo = (libm::fma(-s, den, num) - s * den_lo) / den;
    // s^3 / 3 as q + q_lo.
    let s2 = s * s;
    let s2_lo = libm::fma(s, s, -s2) + 2.0 * s * s_lo;
    let s3 = s * s2;
    let s3_lo = libm::fma(s, s2, -s3) + s * s2_lo + s_lo * s2;
    let q = s3 / 3.0;
    let q_lo = (libm::fma(-q, 3.0, s3) + s3_lo) / 3.0;
    // The rest of 2 atanh s: 2 s^5 (1/5 + s^2/7 + ...), |s| < 0.172.
    let mut rest = 1.0 / 29.0;
    for j in (2..14).rev() {
        rest = rest * s2 + 1.0 / (2 * j + 1) as f64;
    }
    let rest = 2.0 * s3 * s2 * rest;
    let (ln_m, e) = two_sum(2.0 * s, 2.0 * q);
    let ln_m_lo = e + 2.0 * s_lo + 2.0 * q_lo + rest;
    let k = k as f64;
    let (hi, e) = two_sum(k * LN2_HI, ln_m);
    let (hi, lo) = two_sum(hi, e + ln_m_lo + k * LN2_LO);
    (hi, lo)
}

/// x^(y + y_lo) for finite x > 0: exp of the product in double-double,
/// so the only error of note is exp's own (under 1 ulp).
fn pow_positive(x: f64, y: f64, y_lo: f64) -> f64 {
    let (l, l_lo) = ln_double_double(x);
    let z = y * l;
    let z_lo = libm::fma(y, l, -z) + y * l_lo + y_lo * l;
    exp_double_double(z, z_lo)
}

/// e^(z + z_lo) for |z_lo| far below ulp(z): exp(z) (1 + z_lo).
fn exp_double_double(z: f64, z_lo: f64) -> f64 {
    let r = libm::exp(z);
    if r.is_finite() && r != 0.0 {
        libm::fma(r, z_lo, r)
    } else {
        r
    }
}

/// 10^x: exact for the integers whose power is an f64, else e^(x ln 10)
/// with x ln 10 in double-double (libm's exp10 is off by up to 3.8 ulp).
fn exp10(x: f64) -> f64 {
    const LN10_HI: f64 = std::f64::consts::LN_10;
    const LN10_LO: f64 = -2.170_756_223_382_249_4e-16;
    if x == x.trunc() && x.abs() <= 22.0 {
        // Every power up to 10^22 is an f64; 10^-k rounds once.
        let p = (0..x.abs() as i32).fold(1.0f64, |p, _| p * 10.0);
        return if x < 0.0 { 1.0 / p } else { p };
    }
    let z = x * LN10_HI;
    exp_double_double(z, libm::fma(x, LN10_HI, -z) + x * LN10_LO)
}

fn rootn(x: f64, n: i32) -> f64 {
    if n == 0 || x.is_nan() {
        return f64::NAN;
    }
    let odd = n & 1 != 0;
    if x < 0.0 && !odd {
        return f64::NAN;
    }
    let sign = if x.is_sign_negative() && odd {
        -1.0
    } else {
        1.0
    };
    let ax = x.abs();
    if ax == 0.0 {
        return sign * if n > 0 { 0.0 } else { f64::INFINITY };
    }
    if ax.is_infinite() {
        return sign * if n > 0 { f64::INFINITY } else { 0.0 };
    }
    let v = match n {
        1 => ax,
        -1 => 1.0 / ax,
        2 => ax.sqrt(),
        3 => libm::cbrt(ax),
        _ => {
            // 1/n as hi + lo.
            let nf = n as f64;
            let hi = 1.0 / nf;
            let lo = libm::fma(-hi, nf, 1.0) / nf;
            pow_positive(ax, hi, lo)
        }
    };
    sign * v
}

/// fmin (`max` false) or fmax: a NaN operand gives the other one; -0 is
/// below +0.
fn fmin_fmax(w: u32, a: u64, b: u64, max: bool) -> u64 {
    let (x, y) = (to_f64(w, a), to_f64(w, b));
    if x.is_nan() {
        return if y.is_nan() { qnan(w) } else { b };
    }
    if y.is_nan() {
        return a;
    }
    let (low, high) = if max { (x, y) } else { (y, x) };
    if low < high || (x == y && low.is_sign_negative()) {
        b
    } else {
        a
    }
}

fn nextafter(w: u32, a: u64, b: u64) -> u64 {
    let (x, y) = (to_f64(w, a), to_f64(w, b));
    if x.is_nan() || y.is_nan() {
        return qnan(w);
    }
    if x == y {
        return b;
    }
    if x == 0.0 {
        return if y > 0.0 { 1 } else { masks(w).0 | 1 };
    }
    // Away from zero when moving in the direction of x's sign.
    if (y > x) == (x > 0.0) {
        a + 1
    } else {
        a - 1
    }
}

/// Exponent of a finite nonzero f64 (denormals included).
#[inline]
fn exponent(x: f64) -> i32 {
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32;
    if e == 0 {
        let m = bits & ((1u64 << 52) - 1);
        -1011 - m.leading_zeros() as i32
    } else {
        e - 1023
    }
}

#[inline]
fn ilogb(x: f64) -> i32 {
    if x.is_nan() || x.is_infinite() {
        i32::MAX
    } else if x == 0.0 {
        i32::MIN
    } else {
        exponent(x)
    }
}

/// frexp mantissa and exponent.
#[inline]
fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let e = exponent(x) + 1;
    (libm::scalbn(x, -e), e)
}

fn modf_frac(x: f64) -> f64 {
    if x.is_infinite() {
        return 0.0f64.copysign(x);
    }
    (x - libm::trunc(x)).copysign(x)
}

fn fract(w: u32, x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.is_infinite() || x == 0.0 {
        return 0.0f64.copysign(x);
    }
    let below_one = match w {
        16 => 1.0 - 2f64.powi(-11),
        32 => 1.0 - 2f64.powi(-24),
        _ => 1.0 - 2f64.powi(-53),
    };
    (x - libm::floor(x)).min(below_one)
}

fn remquo(x: f64, y: f64) -> (f64, i32) {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return (f64::NAN, 0);
    }
    let (r, q) = libm::remquo(x, y);
    let neg = (x.is_sign_negative()) != (y.is_sign_negative());
    let low = (q.unsigned_abs() & 0x7f) as i32;
    (r, if neg { -low } else { low })
}

/// The f64 meaning of a one-to-three operand float function (`w` only
/// matters for fract).
#[inline]
fn real(op: u16, w: u32, x: f64, y: f64) -> f64 {
    match op {
        ACOS => libm::acos(x),
        // libm's acosh does not check the sign of x.
        ACOSH => {
            if x < 1.0 {
                f64::NAN
            } else {
                libm::acosh(x)
            }
        }
        ACOSPI => div_pi(libm::acos(x)),
        ASIN => libm::asin(x),
        ASINH => libm::asinh(x),
        ASINPI => div_pi(libm::asin(x)),
        ATAN => libm::atan(x),
        ATAN2 => libm::atan2(x, y),
        ATANH => libm::atanh(x),
        ATANPI => {
            if x.is_infinite() {
                0.5f64.copysign(x)
            } else {
                div_pi(libm::atan(x))
            }
        }
        ATAN2PI => atan2pi(x, y),
        CBRT => libm::cbrt(x),
        CEIL => libm::ceil(x),
        COS | HALF_COS | NATIVE_COS => libm::cos(x),
        COSH => libm::cosh(x),
        COSPI => cospi(x),
        ERFC => libm::erfc(x),
        ERF => libm::erf(x),
        EXP | HALF_EXP | NATIVE_EXP => libm::exp(x),
        EXP2 | HALF_EXP2 | NATIVE_EXP2 => libm::exp2(x),
        EXP10 | HALF_EXP10 | NATIVE_EXP10 => exp10(x),
        EXPM1 => libm::expm1(x),
        FDIM => {
            if x.is_nan() || y.is_nan() {
                f64::NAN
            } else if x > y {
                x - y
            } else {
                0.0
            }
        }
        FLOOR => libm::floor(x),
        FMOD => libm::fmod(x, y),
        FRACT => fract(w, x),
        FREXP => frexp(x).0,
        HYPOT => libm::hypot(x, y),
        LGAMMA | LGAMMA_R => lgamma(x),
        LOG | HALF_LOG | NATIVE_LOG => libm::log(x),
        LOG2 | HALF_LOG2 | NATIVE_LOG2 => libm::log2(x),
        LOG10 | HALF_LOG10 | NATIVE_LOG10 => libm::log10(x),
        LOG1P => libm::log1p(x),
        LOGB => {
            if x.is_nan() {
                x
            } else if x.is_infinite() {
                f64::INFINITY
            } else if x == 0.0 {
                f64::NEG_INFINITY
            } else {
                exponent(x) as f64
            }
        }
        MODF => modf_frac(x),
        POW => pow(x, y),
        POWR | HALF_POWR | NATIVE_POWR => powr(x, y),
        REMAINDER => libm::remainder(x, y),
        REMQUO => remquo(x, y).0,
        RINT => libm::rint(x),
        ROUND => libm::round(x),
        RSQRT | HALF_RSQRT | NATIVE_RSQRT => 1.0 / libm::sqrt(x),
        SIN | SINCOS | HALF_SIN | NATIVE_SIN => libm::sin(x),
        SINH => libm::sinh(x),
        SINPI => sinpi(x),
        SQRT | HALF_SQRT | NATIVE_SQRT => libm::sqrt(x),
        TAN | HALF_TAN | NATIVE_TAN => libm::tan(x),
        TANH => libm::tanh(x),
        TANPI => tanpi(x),
        TGAMMA => libm::tgamma(x),
        TRUNC => libm::trunc(x),
        HALF_DIVIDE | NATIVE_DIVIDE => x / y,
        HALF_RECIP | NATIVE_RECIP => 1.0 / x,
        _ => f64::NAN,
    }
}

/// One lane of a math lane op (see the module documentation for the lane
/// ops that carry second results).
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    let w = match op.ty {
        Scalar::Float(w @ (16 | 32 | 64)) => w as u32,
        _ => return 0,
    };
    let int_aux = matches!(op.aux, Scalar::Int(_));
    let (sign, mag) = masks(w);
    match op.opcode {
        FABS => return a & mag,
        COPYSIGN => return (a & mag) | (b & sign),
        FMIN => return fmin_fmax(w, a, b, false),
        FMAX => return fmin_fmax(w, a, b, true),
        MAXMAG | MINMAG => {
            let (x, y) = (to_f64(w, a).abs(), to_f64(w, b).abs());
            let (big, small) = if op.opcode == MAXMAG { (a, b) } else { (b, a) };
            return if x > y {
                big
            } else if y > x {
                small
            } else {
                fmin_fmax(w, a, b, op.opcode == MAXMAG)
            };
        }
        NEXTAFTER => return nextafter(w, a, b),
        NAN => {
            let q = qnan(w);
            let quiet_bit = match w {
                16 => 0x200u64,
                32 => 0x40_0000,
                _ => 1 << 51,
            };
            return q | (a & (quiet_bit - 1));
        }
        ILOGB => return ilogb(to_f64(w, a)) as u32 as u64,
        FREXP if int_aux => return frexp(to_f64(w, a)).1 as u32 as u64,
        LGAMMA_R if int_aux => {
            let x = to_f64(w, a);
            return if x.is_nan() {
                0
            } else {
                libm::lgamma_r(x).1 as u32 as u64
            };
        }
        REMQUO if int_aux => return remquo(to_f64(w, a), to_f64(w, b)).1 as u32 as u64,
        _ => {}
    }
    let x = to_f64(w, a);
    match op.opcode {
        LDEXP => {
            let k = int_operand(b, op.aux);
            return if w == 64 {
                libm::scalbn(x, k).to_bits()
            } else {
                from_f64(w, libm::scalbn(x, k.clamp(-400, 400)))
            };
        }
        POWN => return from_f64(w, pow(x, int_operand(b, op.aux) as f64)),
        ROOTN => return from_f64(w, rootn(x, int_operand(b, op.aux))),
        FMA | MAD => {
            let (y, z) = (to_f64(w, b), to_f64(w, c));
            return if w == 64 {
                from_f64(64, libm::fma(x, y, z))
            } else {
                from_f64(w, crate::core::fma_narrow(x, y, z))
            };
        }
        _ => {}
    }
    from_f64(w, real(op.opcode, w, x, to_f64(w, b)))
}

/// Functions that use the transcendental unit.
fn transcendental(op: u16) -> bool {
    matches!(
        op,
        ACOS..=ATAN2PI
            | CBRT
            | COS..=EXPM1
            | HYPOT
            | LGAMMA
            | LGAMMA_R
            | LOG..=LOG1P
            | POW
            | POWN
            | POWR
            | ROOTN
            | RSQRT..=TGAMMA
            | HALF_COS..=NATIVE_TAN
    )
}

pub fn op_class(op: ExtOp) -> OpClass {
    if transcendental(op.opcode) {
        OpClass::Trans
    } else if op.ty == Scalar::Float(64) {
        OpClass::ValuF64
    } else {
        OpClass::Valu
    }
}

pub fn coverage() -> Vec<Coverage> {
    NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let op = i as u16;
            Coverage {
                name: format!("CL.{name}"),
                implemented: true,
                class: Some(if transcendental(op) {
                    OpClass::Trans
                } else {
                    OpClass::Valu
                }),
            }
        })
        .collect()
}
