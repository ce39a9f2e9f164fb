//! OpenCL.std sections 2.3 (common) and 2.4 (geometric) instructions.
//!
//! Common instructions are one lane operation per component computing in
//! the component's precision, each arithmetic step rounded to nearest even
//! (no contraction): half and float steps are done in f64 and rounded to
//! the type, which is exact because f64 has more than twice their
//! precision. `mix` = `x + (y - x) * a` (three roundings);
//! `smoothstep` = `t * t * (3 - 2 * t)` with
//! `t = fclamp((x - edge0) / (edge1 - edge0), 0, 1)`; `sign` keeps the sign
//! of a zero and gives +0 for NaN; `degrees` / `radians` multiply by the
//! f64 constant 180/pi (pi/180) and round once to half/float.
//! `fclamp` uses fmin/fmax (a NaN operand is ignored); `fmax_common` /
//! `fmin_common` are exactly `x < y ? y : x` and `y < x ? y : x`.
//!
//! Geometric instructions are lowered to several operations on f64 values:
//! the components are converted to f64 (exact), scaled by a power of two
//! chosen from the largest magnitude (so f64 squares cannot overflow or
//! underflow), squared and summed with core f64 operations; the square root
//! and the final division are lane operations that round once to the result
//! type. For half and float results the only rounding beyond f64 noise is
//! that last one. `distance` = `length(p0 - p1)` with the difference
//! rounded in the component type (as the spec defines it). `normalize`
//! follows OpenCL C: all-zero input returns the input, a NaN component
//! gives NaN everywhere, and infinite components are first replaced by
//! +-1 and the finite ones by (signed) 0. `cross` is computed with core
//! multiply/subtract in the component type (w = +0 for 4 components).
//! The `fast_` variants use the same (more accurate than required) code.

use crate::core::{convert, Convert, Scalar};

pub const FCLAMP: u16 = 95;
pub const DEGREES: u16 = 96;
pub const FMAX_COMMON: u16 = 97;
pub const FMIN_COMMON: u16 = 98;
pub const MIX: u16 = 99;
pub const RADIANS: u16 = 100;
pub const STEP: u16 = 101;
pub const SMOOTHSTEP: u16 = 102;
pub const SIGN: u16 = 103;
pub const CROSS: u16 = 104;
pub const DISTANCE: u16 = 105;
pub const LENGTH: u16 = 106;
pub const NORMALIZE: u16 = 107;
pub const FAST_DISTANCE: u16 = 108;
pub const FAST_LENGTH: u16 = 109;
pub const FAST_NORMALIZE: u16 = 110;

// Helper lane operations of the geometric lowerings. Their numbers are in
// the gap of the OpenCL.std numbering (111..=140 are unassigned there), so
// they can never be confused with an instruction.
/// f64: max(|a|, |b|) where an infinity wins over a NaN.
pub const H_ABSMAX: u16 = 111;
/// f64: a power of two 2^-e with |a| * 2^-e in [1, 2) (1.0 for 0/inf/NaN).
pub const H_SCALE: u16 = 112;
/// ty from aux=f64: `c` infinite -> +inf, else sqrt(a) / b rounded to ty.
pub const H_LENGTH: u16 = 113;
/// f64: `b` (the largest magnitude) infinite -> (a infinite ? copysign(1, a)
/// : 0 * a), else a.
pub const H_REPLACE_INF: u16 = 114;
/// ty from aux=f64: `b` == 0 -> a rounded to ty, else a / b rounded to ty.
pub const H_DIV: u16 = 115;

/// Number of operands of a common instruction (lane op per component).
pub fn arity(opcode: u16) -> Option<usize> {
    Some(match opcode {
        DEGREES | RADIANS | SIGN => 1,
        FMAX_COMMON | FMIN_COMMON | STEP => 2,
        FCLAMP | MIX | SMOOTHSTEP => 3,
        _ => return None,
    })
}

#[inline(always)]
fn to_f64(bits: u64, ty: Scalar) -> f64 {
    match ty {
        Scalar::Float(64) => f64::from_bits(bits),
        Scalar::Float(32) => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(convert(
            cv(Scalar::Float(16), Scalar::Float(64)),
            bits & 0xffff,
        )),
    }
}

/// Rounds `x` to nearest even in `ty` and returns its bits.
#[inline(always)]
fn from_f64(x: f64, ty: Scalar) -> u64 {
    match ty {
        Scalar::Float(64) => x.to_bits(),
        Scalar::Float(32) => (x as f32).to_bits() as u64,
        _ => convert(cv(Scalar::Float(64), Scalar::Float(16)), x.to_bits()),
    }
}

/// `x` rounded to `ty`, as an f64.
#[inline(always)]
fn rnd(x: f64, ty: Scalar) -> f64 {
    match ty {
        Scalar::Float(64) => x,
        _ => to_f64(from_f64(x, ty), ty),
    }
}

fn cv(from: Scalar, to: Scalar) -> Convert {
    Convert::plain(from, to, false)
}

#[inline(always)]
fn fclamp(x: f64, lo: f64, hi: f64) -> f64 {
    x.max(lo).min(hi)
}

/// One lane of a common instruction or geometric helper.
#[inline]
pub fn eval(opcode: u16, ty: Scalar, aux: Scalar, a: u64, b: u64, c: u64) -> u64 {
    let x = to_f64(a, ty);
    let y = to_f64(b, ty);
    let z = to_f64(c, ty);
    let r = |v: f64| rnd(v, ty);
    let v = match opcode {
        FCLAMP => fclamp(x, y, z),
        DEGREES => x * (180.0 / std::f64::consts::PI),
        RADIANS => x * (std::f64::consts::PI / 180.0),
        FMAX_COMMON => {
            if x < y {
                y
            } else {
                x
            }
        }
        FMIN_COMMON => {
            if y < x {
                y
            } else {
                x
            }
        }
        MIX => x + r(r(y - x) * z),
        STEP => {
            // step(edge = a, x = b)
            if y < x {
                0.0
            } else {
                1.0
            }
        }
        SMOOTHSTEP => {
            // smoothstep(edge0 = a, edge1 = b, x = c)
            let t = fclamp(r(r(z - x) / r(y - x)), 0.0, 1.0);
            r(t * t) * r(3.0 - r(2.0 * t))
        }
        SIGN => {
            if x.is_nan() {
                0.0
            } else if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        }
        H_ABSMAX => {
            let (p, q) = (f64::from_bits(a).abs(), f64::from_bits(b).abs());
            if p.is_infinite() || q.is_infinite() {
                f64::INFINITY
            } else if p.is_nan() || q.is_nan() {
                f64::NAN
            } else {
                p.max(q)
            }
        }
        H_SCALE => {
            let m = f64::from_bits(a);
            if m == 0.0 || !m.is_finite() {
                1.0
            } else {
                let (_, e) = frexp(m);
                // m = f * 2^e with f in [0.5, 1): scale by 2^(1-e) so the
                // largest component is in [1, 2). 1-e is in [-1024, 1075].
                pow2(1 - e)
            }
        }
        H_LENGTH => {
            let (s, k, m) = (f64::from_bits(a), f64::from_bits(b), f64::from_bits(c));
            if m.is_infinite() {
                f64::INFINITY
            } else {
                return round_scaled(s.sqrt(), k, ty);
            }
        }
        H_REPLACE_INF => {
            let (p, m) = (f64::from_bits(a), f64::from_bits(b));
            if m.is_infinite() {
                if p.is_infinite() {
                    1f64.copysign(p)
                } else {
                    0.0 * p
                }
            } else {
                p
            }
        }
        H_DIV => {
            let (p, l) = (f64::from_bits(a), f64::from_bits(b));
            let _ = aux;
            if l == 0.0 {
                p
            } else {
                p / l
            }
        }
        _ => 0.0,
    };
    from_f64(v, ty)
}

/// `v / k` (k a power of two) rounded once to `ty`: for half and float the
/// quotient is exact in f64 (their range is far inside f64's).
fn round_scaled(v: f64, k: f64, ty: Scalar) -> u64 {
    from_f64(v / k, ty)
}

/// 2^e for e in [-1074, 1023] (outside: clamped), exactly.
fn pow2(e: i32) -> f64 {
    let e = e.clamp(-1074, 1023);
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

/// (f, e) with m = f * 2^e, f in [0.5, 1), for finite nonzero m.
fn frexp(m: f64) -> (f64, i32) {
    let bits = m.abs().to_bits();
    let exp = (bits >> 52) as i32;
    if exp == 0 {
        // Subnormal: normalise through a multiply by 2^64.
        let (f, e) = frexp(m * pow2(64));
        (f, e - 64)
    } else {
        (
            f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52)),
            exp - 1022,
        )
    }
}
