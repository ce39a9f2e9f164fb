//! OpenCL.std section 2.2, integer instructions: one lane operation per
//! component, `ExtOp::opcode` = the instruction number, `ty` = the
//! component type (for `upsample`: `ty` = the result component, `aux` = the
//! operand component).
//!
//! Choices:
//!
//! * `s_abs` returns |x| as an unsigned bit pattern: `s_abs(MIN)` = 2^(w-1)
//!   (the OpenCL C `abs` returns the unsigned type, so no overflow).
//! * `s_abs_diff` / `u_abs_diff`, `add_sat`, `sub_sat`, `hadd`, `rhadd`,
//!   `mad_sat` and `mad_hi` are computed exactly in 128-bit arithmetic and
//!   then saturated / shifted / wrapped; `s_hadd` rounds toward -infinity
//!   (an arithmetic shift of the exact sum), as the spec's `>> 1` says.
//! * `s_clamp` / `u_clamp` compute `min(max(x, minval), maxval)` also when
//!   `minval > maxval` (undefined in the spec): the result is then `maxval`.
//! * `rotate` uses the amount modulo the width (read as unsigned bits, which
//!   for a power-of-two width equals the two's complement amount modulo the
//!   width, so a negative amount rotates right).
//! * `upsample`: the spec text says `hi << 8` for every width; that is a
//!   typo for the OpenCL C definition `hi << (width of hi)` (8, 16, 32),
//!   which is what is implemented. `lo` is always zero-extended (the OpenCL
//!   C signature takes an unsigned `lo` for both variants), so `s_upsample`
//!   and `u_upsample` give the same bits.
//! * `mul24` / `mad24`: the operands' low 24 bits are sign-extended
//!   (`s_`) or zero-extended (`u_`) and multiplied exactly; the product
//!   (plus `z` for mad24) wraps to the component width. Inside the range
//!   the spec allows this is the exact product; outside it is the
//!   implementation-defined result (what 24-bit multiplier hardware gives).
//!   8- and 16-bit components always fit, so their product simply wraps.

use crate::core::Scalar;

/// The instructions' numbers.
pub mod opcodes {
    pub const S_ABS: u16 = 141;
    pub const S_ABS_DIFF: u16 = 142;
    pub const S_ADD_SAT: u16 = 143;
    pub const U_ADD_SAT: u16 = 144;
    pub const S_HADD: u16 = 145;
    pub const U_HADD: u16 = 146;
    pub const S_RHADD: u16 = 147;
    pub const U_RHADD: u16 = 148;
    pub const S_CLAMP: u16 = 149;
    pub const U_CLAMP: u16 = 150;
    pub const CLZ: u16 = 151;
    pub const CTZ: u16 = 152;
    pub const S_MAD_HI: u16 = 153;
    pub const U_MAD_SAT: u16 = 154;
    pub const S_MAD_SAT: u16 = 155;
    pub const S_MAX: u16 = 156;
    pub const U_MAX: u16 = 157;
    pub const S_MIN: u16 = 158;
    pub const U_MIN: u16 = 159;
    pub const S_MUL_HI: u16 = 160;
    pub const ROTATE: u16 = 161;
    pub const S_SUB_SAT: u16 = 162;
    pub const U_SUB_SAT: u16 = 163;
    pub const U_UPSAMPLE: u16 = 164;
    pub const S_UPSAMPLE: u16 = 165;
    pub const POPCOUNT: u16 = 166;
    pub const S_MAD24: u16 = 167;
    pub const U_MAD24: u16 = 168;
    pub const S_MUL24: u16 = 169;
    pub const U_MUL24: u16 = 170;
    pub const U_ABS: u16 = 201;
    pub const U_ABS_DIFF: u16 = 202;
    pub const U_MUL_HI: u16 = 203;
    pub const U_MAD_HI: u16 = 204;
}
pub use opcodes::*;

/// The SPV_INTEL_shader_integer_functions2 instruction with the same
/// meaning, for the instructions of the families a GPU may emulate: they
/// share the emulated sequence and the `[emulate]` switch.
pub fn intel_equivalent(opcode: u16) -> Option<u16> {
    use crate::intel_shader_integer_functions2 as intel;
    Some(match opcode {
        S_ADD_SAT => intel::IADD_SAT,
        U_ADD_SAT => intel::UADD_SAT,
        S_SUB_SAT => intel::ISUB_SAT,
        U_SUB_SAT => intel::USUB_SAT,
        S_HADD => intel::IAVERAGE,
        U_HADD => intel::UAVERAGE,
        S_RHADD => intel::IAVERAGE_ROUNDED,
        U_RHADD => intel::UAVERAGE_ROUNDED,
        S_ABS_DIFF => intel::ABS_ISUB,
        U_ABS_DIFF => intel::ABS_USUB,
        CLZ => intel::UCOUNT_LEADING_ZEROS,
        CTZ => intel::UCOUNT_TRAILING_ZEROS,
        _ => return None,
    })
}

/// Number of operands of an integer instruction (None: not one).
pub fn arity(opcode: u16) -> Option<usize> {
    Some(match opcode {
        S_ABS | U_ABS | CLZ | CTZ | POPCOUNT => 1,
        S_CLAMP | U_CLAMP | S_MAD_HI | U_MAD_HI | U_MAD_SAT | S_MAD_SAT | S_MAD24 | U_MAD24 => 3,
        141..=170 | 201..=204 => 2,
        _ => return None,
    })
}

use crate::core::mask;

/// `a`'s low `w` bits read as signed.
#[inline(always)]
fn sx(a: u64, w: u32) -> i128 {
    crate::core::sign_extend(a, w) as i128
}

/// `a`'s low `w` bits read as unsigned.
#[inline(always)]
fn zx(a: u64, w: u32) -> i128 {
    (a & mask(w)) as i128
}

#[inline(always)]
fn sat(v: i128, w: u32, signed: bool) -> u64 {
    let (lo, hi) = if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    };
    v.clamp(lo, hi) as u64 & mask(w)
}

#[inline(always)]
fn wrap(v: i128, w: u32) -> u64 {
    v as u64 & mask(w)
}

/// The low 24 bits of `v`, sign- or zero-extended.
#[inline(always)]
fn low24(v: i128, signed: bool) -> i128 {
    let l = (v as u64) & 0xff_ffff;
    if signed {
        sx(l, 24)
    } else {
        l as i128
    }
}

/// One lane of an integer instruction.
#[inline]
pub fn eval(opcode: u16, ty: Scalar, aux: Scalar, a: u64, b: u64, c: u64) -> u64 {
    let w = ty.bits().clamp(8, 64);
    let m = mask(w);
    let s = |v| sx(v, w);
    let u = |v| zx(v, w);
    match opcode {
        S_ABS => s(a).unsigned_abs() as u64 & m,
        U_ABS => a & m,
        S_ABS_DIFF => (s(a) - s(b)).unsigned_abs() as u64 & m,
        U_ABS_DIFF => (u(a) - u(b)).unsigned_abs() as u64 & m,
        S_ADD_SAT => sat(s(a) + s(b), w, true),
        U_ADD_SAT => sat(u(a) + u(b), w, false),
        S_SUB_SAT => sat(s(a) - s(b), w, true),
        U_SUB_SAT => sat(u(a) - u(b), w, false),
        S_HADD => wrap((s(a) + s(b)) >> 1, w),
        U_HADD => wrap((u(a) + u(b)) >> 1, w),
        S_RHADD => wrap((s(a) + s(b) + 1) >> 1, w),
        U_RHADD => wrap((u(a) + u(b) + 1) >> 1, w),
        S_CLAMP => wrap(s(a).max(s(b)).min(s(c)), w),
        U_CLAMP => wrap(u(a).max(u(b)).min(u(c)), w),
        S_MAX => wrap(s(a).max(s(b)), w),
        U_MAX => wrap(u(a).max(u(b)), w),
        S_MIN => wrap(s(a).min(s(b)), w),
        U_MIN => wrap(u(a).min(u(b)), w),
        CLZ => ((a & m) << (64 - w)).leading_zeros().min(w) as u64,
        CTZ => (a & m).trailing_zeros().min(w) as u64,
        POPCOUNT => (a & m).count_ones() as u64,
        S_MUL_HI => wrap((s(a) * s(b)) >> w, w),
        U_MUL_HI => ((u(a) as u128 * u(b) as u128) >> w) as u64 & m,
        S_MAD_HI => wrap(((s(a) * s(b)) >> w) + s(c), w),
        U_MAD_HI => (((u(a) as u128 * u(b) as u128) >> w) as u64).wrapping_add(c) & m,
        S_MAD_SAT => sat(s(a) * s(b) + s(c), w, true),
        U_MAD_SAT => {
            // (2^64-1)^2 + 2^64-1 < 2^128: exact in u128.
            let v = u(a) as u128 * u(b) as u128 + u(c) as u128;
            v.min(m as u128) as u64
        }
        ROTATE => {
            let r = (b % w as u64) as u32;
            let x = a & m;
            if r == 0 {
                x
            } else {
                ((x << r) | (x >> (w - r))) & m
            }
        }
        U_UPSAMPLE | S_UPSAMPLE => {
            let sw = aux.bits().clamp(8, 32);
            ((a & mask(sw)) << sw | (b & mask(sw))) & m
        }
        S_MUL24 => wrap(low24(s(a), true) * low24(s(b), true), w),
        U_MUL24 => wrap(low24(u(a), false) * low24(u(b), false), w),
        S_MAD24 => wrap(low24(s(a), true) * low24(s(b), true) + s(c), w),
        U_MAD24 => wrap(low24(u(a), false) * low24(u(b), false) + u(c), w),
        _ => 0,
    }
}
