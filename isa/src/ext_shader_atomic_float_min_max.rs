//! SPV_EXT_shader_atomic_float_min_max: the float minimum and maximum that
//! OpAtomicFMinEXT (5614) and OpAtomicFMaxEXT (5615) store, on 16, 32 and
//! 64-bit floats. The lowering (`lower/body.rs`, `atomic`) checks the
//! AtomicFloat{16,32,64}MinMaxEXT capability of the width and the executor
//! applies [`fmin`] / [`fmax`] to (Original Value, Value) atomically; the
//! instruction returns the Original Value.
//!
//! The specification's rules, and the choice made where it allows several
//! results:
//!
//! * neither operand NaN: min(x, y) = x if x < y, y otherwise; max(x, y) = y
//!   if x < y, x otherwise. (The specification's text for max repeats the
//!   min rule, "x if x < y and y otherwise"; we read it as the maximum, as
//!   the instruction's name and its step 2, "the float maximum", say.)
//! * min(-0, +0) and min(+0, -0) may be either zero: **we return -0** for
//!   min and **+0** for max, in both operand orders, so the stored value
//!   does not depend on the order in which atomics are applied.
//! * min(x, qNaN) = min(qNaN, x) = x (required).
//! * min(x, sNaN) = min(sNaN, x) may be NaN or x: **we return x** (a
//!   signaling NaN is ignored like a quiet one).
//! * min(qNaN, qNaN), min(NaN, sNaN), min(sNaN, NaN): a NaN, and any NaN may
//!   be produced: **we return the default quiet NaN** of the width (`0x7e00`,
//!   `0x7fc00000`, `0x7ff8000000000000`), whatever the payloads and signs.
//! * Denormals are compared exactly (no flush to zero).
//!
//! The same rules hold for max. With these choices min and max are
//! commutative and associative over all bit patterns (NaNs counted as one
//! value), so the final memory value is independent of the order of the
//! atomics.

use crate::core::Scalar;
use crate::ext::{Coverage, OpClass};

pub use crate::core::default_nan;
use crate::core::{float_order_key as key, is_nan_bits as is_nan, mask};

/// Width of a float type this module handles, or `None`.
#[inline]
fn width(ty: Scalar) -> Option<u32> {
    match ty {
        Scalar::Float(w @ (16 | 32 | 64)) => Some(w as u32),
        _ => None,
    }
}

#[inline]
fn pick(ty: Scalar, old: u64, value: u64, max: bool) -> u64 {
    let Some(bits) = width(ty) else {
        // Not a float the lowering accepts: leave memory unchanged.
        return old;
    };
    let m = mask(bits);
    let (old, value) = (old & m, value & m);
    match (is_nan(old, bits), is_nan(value, bits)) {
        (true, true) => default_nan(bits),
        (true, false) => value,
        (false, true) => old,
        (false, false) => {
            let less = key(old, bits) < key(value, bits);
            if less == max {
                value
            } else {
                old
            }
        }
    }
}

/// The New Value OpAtomicFMinEXT stores: the float minimum of the memory's
/// Original Value `old` and the operand `value` (raw bits of `ty`).
#[inline]
pub fn fmin(ty: Scalar, old: u64, value: u64) -> u64 {
    pick(ty, old, value, false)
}

/// The New Value OpAtomicFMaxEXT stores: the float maximum of `old` and
/// `value`.
#[inline]
pub fn fmax(ty: Scalar, old: u64, value: u64) -> u64 {
    pick(ty, old, value, true)
}

/// Both instructions, implemented, with the rows of [`cases::CASES`].
/// Lane operation numbers of [`crate::ext::ExtSet::AtomicFloat`]: the
/// min and max the atomics apply, used by their compare-exchange emulation.
pub const LANE_FMIN: u16 = 0;
pub const LANE_FMAX: u16 = 1;

pub fn lane_op_name(opcode: u16) -> Option<&'static str> {
    match opcode {
        LANE_FMIN => Some("FMin"),
        LANE_FMAX => Some("FMax"),
        _ => None,
    }
}

/// One lane of the min or max: `a` is the memory value, `b` the operand.
#[inline]
pub fn eval(op: crate::ext::ExtOp, a: u64, b: u64) -> u64 {
    if op.opcode == LANE_FMAX {
        fmax(op.ty, a, b)
    } else {
        fmin(op.ty, a, b)
    }
}

pub fn coverage() -> Vec<Coverage> {
    ["EXT.AtomicFMin", "EXT.AtomicFMax"]
        .into_iter()
        .map(|name| Coverage {
            name: name.to_string(),
            implemented: true,
            class: Some(OpClass::Valu),
        })
        .collect()
}

/// Semantic test table (used by `isa/tests/float_atomics.rs` and counted by
/// [`coverage`]): every pair of +0, -0, 1, -1, +inf, -inf, largest finite,
/// its negation, the smallest denormal, its negation, a quiet NaN, a
/// negative quiet NaN with a payload and a signaling NaN, for each width.
/// Expected values were computed independently with Python by
/// `workloads/extensions/tools/gen_tables.py ext`.
pub mod cases {
    use crate::core::Scalar;

    /// Memory value `old`, operand `value`, and the values min / max store.
    #[derive(Clone, Copy, Debug)]
    pub struct Case {
        pub ty: Scalar,
        pub old: u64,
        pub value: u64,
        pub min: u64,
        pub max: u64,
    }

    #[rustfmt::skip]
    pub static CASES: &[Case] = &[
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x0, min: 0x0, max: 0x0 }, // pz pz
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x8000, min: 0x8000, max: 0x0 }, // pz nz
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x3c00, min: 0x0, max: 0x3c00 }, // pz one
        Case { ty: Scalar::Float(16), old: 0x0, value: 0xbc00, min: 0xbc00, max: 0x0 }, // pz mone
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x7c00, min: 0x0, max: 0x7c00 }, // pz inf
        Case { ty: Scalar::Float(16), old: 0x0, value: 0xfc00, min: 0xfc00, max: 0x0 }, // pz ninf
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x7bff, min: 0x0, max: 0x7bff }, // pz maxf
        Case { ty: Scalar::Float(16), old: 0x0, value: 0xfbff, min: 0xfbff, max: 0x0 }, // pz nmaxf
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x1, min: 0x0, max: 0x1 }, // pz dmin
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x8001, min: 0x8001, max: 0x0 }, // pz ndmin
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x7e00, min: 0x0, max: 0x0 }, // pz qnan
        Case { ty: Scalar::Float(16), old: 0x0, value: 0xfe05, min: 0x0, max: 0x0 }, // pz nqnan
        Case { ty: Scalar::Float(16), old: 0x0, value: 0x7c01, min: 0x0, max: 0x0 }, // pz snan
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x0, min: 0x8000, max: 0x0 }, // nz pz
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x8000, min: 0x8000, max: 0x8000 }, // nz nz
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x3c00, min: 0x8000, max: 0x3c00 }, // nz one
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0xbc00, min: 0xbc00, max: 0x8000 }, // nz mone
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x7c00, min: 0x8000, max: 0x7c00 }, // nz inf
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0xfc00, min: 0xfc00, max: 0x8000 }, // nz ninf
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x7bff, min: 0x8000, max: 0x7bff }, // nz maxf
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0xfbff, min: 0xfbff, max: 0x8000 }, // nz nmaxf
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x1, min: 0x8000, max: 0x1 }, // nz dmin
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x8001, min: 0x8001, max: 0x8000 }, // nz ndmin
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x7e00, min: 0x8000, max: 0x8000 }, // nz qnan
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0xfe05, min: 0x8000, max: 0x8000 }, // nz nqnan
        Case { ty: Scalar::Float(16), old: 0x8000, value: 0x7c01, min: 0x8000, max: 0x8000 }, // nz snan
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x0, min: 0x0, max: 0x3c00 }, // one pz
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x8000, min: 0x8000, max: 0x3c00 }, // one nz
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x3c00, min: 0x3c00, max: 0x3c00 }, // one one
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0xbc00, min: 0xbc00, max: 0x3c00 }, // one mone
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x7c00, min: 0x3c00, max: 0x7c00 }, // one inf
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0xfc00, min: 0xfc00, max: 0x3c00 }, // one ninf
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x7bff, min: 0x3c00, max: 0x7bff }, // one maxf
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0xfbff, min: 0xfbff, max: 0x3c00 }, // one nmaxf
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x1, min: 0x1, max: 0x3c00 }, // one dmin
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x8001, min: 0x8001, max: 0x3c00 }, // one ndmin
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x7e00, min: 0x3c00, max: 0x3c00 }, // one qnan
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0xfe05, min: 0x3c00, max: 0x3c00 }, // one nqnan
        Case { ty: Scalar::Float(16), old: 0x3c00, value: 0x7c01, min: 0x3c00, max: 0x3c00 }, // one snan
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x0, min: 0xbc00, max: 0x0 }, // mone pz
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x8000, min: 0xbc00, max: 0x8000 }, // mone nz
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x3c00, min: 0xbc00, max: 0x3c00 }, // mone one
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0xbc00, min: 0xbc00, max: 0xbc00 }, // mone mone
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x7c00, min: 0xbc00, max: 0x7c00 }, // mone inf
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0xfc00, min: 0xfc00, max: 0xbc00 }, // mone ninf
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x7bff, min: 0xbc00, max: 0x7bff }, // mone maxf
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0xfbff, min: 0xfbff, max: 0xbc00 }, // mone nmaxf
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x1, min: 0xbc00, max: 0x1 }, // mone dmin
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x8001, min: 0xbc00, max: 0x8001 }, // mone ndmin
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x7e00, min: 0xbc00, max: 0xbc00 }, // mone qnan
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0xfe05, min: 0xbc00, max: 0xbc00 }, // mone nqnan
        Case { ty: Scalar::Float(16), old: 0xbc00, value: 0x7c01, min: 0xbc00, max: 0xbc00 }, // mone snan
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x0, min: 0x0, max: 0x7c00 }, // inf pz
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x8000, min: 0x8000, max: 0x7c00 }, // inf nz
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x3c00, min: 0x3c00, max: 0x7c00 }, // inf one
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0xbc00, min: 0xbc00, max: 0x7c00 }, // inf mone
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x7c00, min: 0x7c00, max: 0x7c00 }, // inf inf
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0xfc00, min: 0xfc00, max: 0x7c00 }, // inf ninf
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x7bff, min: 0x7bff, max: 0x7c00 }, // inf maxf
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0xfbff, min: 0xfbff, max: 0x7c00 }, // inf nmaxf
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x1, min: 0x1, max: 0x7c00 }, // inf dmin
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x8001, min: 0x8001, max: 0x7c00 }, // inf ndmin
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x7e00, min: 0x7c00, max: 0x7c00 }, // inf qnan
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0xfe05, min: 0x7c00, max: 0x7c00 }, // inf nqnan
        Case { ty: Scalar::Float(16), old: 0x7c00, value: 0x7c01, min: 0x7c00, max: 0x7c00 }, // inf snan
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x0, min: 0xfc00, max: 0x0 }, // ninf pz
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x8000, min: 0xfc00, max: 0x8000 }, // ninf nz
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x3c00, min: 0xfc00, max: 0x3c00 }, // ninf one
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0xbc00, min: 0xfc00, max: 0xbc00 }, // ninf mone
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x7c00, min: 0xfc00, max: 0x7c00 }, // ninf inf
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0xfc00, min: 0xfc00, max: 0xfc00 }, // ninf ninf
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x7bff, min: 0xfc00, max: 0x7bff }, // ninf maxf
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0xfbff, min: 0xfc00, max: 0xfbff }, // ninf nmaxf
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x1, min: 0xfc00, max: 0x1 }, // ninf dmin
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x8001, min: 0xfc00, max: 0x8001 }, // ninf ndmin
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x7e00, min: 0xfc00, max: 0xfc00 }, // ninf qnan
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0xfe05, min: 0xfc00, max: 0xfc00 }, // ninf nqnan
        Case { ty: Scalar::Float(16), old: 0xfc00, value: 0x7c01, min: 0xfc00, max: 0xfc00 }, // ninf snan
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x0, min: 0x0, max: 0x7bff }, // maxf pz
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x8000, min: 0x8000, max: 0x7bff }, // maxf nz
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x3c00, min: 0x3c00, max: 0x7bff }, // maxf one
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0xbc00, min: 0xbc00, max: 0x7bff }, // maxf mone
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x7c00, min: 0x7bff, max: 0x7c00 }, // maxf inf
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0xfc00, min: 0xfc00, max: 0x7bff }, // maxf ninf
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x7bff, min: 0x7bff, max: 0x7bff }, // maxf maxf
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0xfbff, min: 0xfbff, max: 0x7bff }, // maxf nmaxf
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x1, min: 0x1, max: 0x7bff }, // maxf dmin
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x8001, min: 0x8001, max: 0x7bff }, // maxf ndmin
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x7e00, min: 0x7bff, max: 0x7bff }, // maxf qnan
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0xfe05, min: 0x7bff, max: 0x7bff }, // maxf nqnan
        Case { ty: Scalar::Float(16), old: 0x7bff, value: 0x7c01, min: 0x7bff, max: 0x7bff }, // maxf snan
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x0, min: 0xfbff, max: 0x0 }, // nmaxf pz
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x8000, min: 0xfbff, max: 0x8000 }, // nmaxf nz
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x3c00, min: 0xfbff, max: 0x3c00 }, // nmaxf one
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0xbc00, min: 0xfbff, max: 0xbc00 }, // nmaxf mone
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x7c00, min: 0xfbff, max: 0x7c00 }, // nmaxf inf
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0xfc00, min: 0xfc00, max: 0xfbff }, // nmaxf ninf
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x7bff, min: 0xfbff, max: 0x7bff }, // nmaxf maxf
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0xfbff, min: 0xfbff, max: 0xfbff }, // nmaxf nmaxf
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x1, min: 0xfbff, max: 0x1 }, // nmaxf dmin
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x8001, min: 0xfbff, max: 0x8001 }, // nmaxf ndmin
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x7e00, min: 0xfbff, max: 0xfbff }, // nmaxf qnan
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0xfe05, min: 0xfbff, max: 0xfbff }, // nmaxf nqnan
        Case { ty: Scalar::Float(16), old: 0xfbff, value: 0x7c01, min: 0xfbff, max: 0xfbff }, // nmaxf snan
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x0, min: 0x0, max: 0x1 }, // dmin pz
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x8000, min: 0x8000, max: 0x1 }, // dmin nz
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x3c00, min: 0x1, max: 0x3c00 }, // dmin one
        Case { ty: Scalar::Float(16), old: 0x1, value: 0xbc00, min: 0xbc00, max: 0x1 }, // dmin mone
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x7c00, min: 0x1, max: 0x7c00 }, // dmin inf
        Case { ty: Scalar::Float(16), old: 0x1, value: 0xfc00, min: 0xfc00, max: 0x1 }, // dmin ninf
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x7bff, min: 0x1, max: 0x7bff }, // dmin maxf
        Case { ty: Scalar::Float(16), old: 0x1, value: 0xfbff, min: 0xfbff, max: 0x1 }, // dmin nmaxf
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x1, min: 0x1, max: 0x1 }, // dmin dmin
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x8001, min: 0x8001, max: 0x1 }, // dmin ndmin
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x7e00, min: 0x1, max: 0x1 }, // dmin qnan
        Case { ty: Scalar::Float(16), old: 0x1, value: 0xfe05, min: 0x1, max: 0x1 }, // dmin nqnan
        Case { ty: Scalar::Float(16), old: 0x1, value: 0x7c01, min: 0x1, max: 0x1 }, // dmin snan
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x0, min: 0x8001, max: 0x0 }, // ndmin pz
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x8000, min: 0x8001, max: 0x8000 }, // ndmin nz
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x3c00, min: 0x8001, max: 0x3c00 }, // ndmin one
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0xbc00, min: 0xbc00, max: 0x8001 }, // ndmin mone
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x7c00, min: 0x8001, max: 0x7c00 }, // ndmin inf
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0xfc00, min: 0xfc00, max: 0x8001 }, // ndmin ninf
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x7bff, min: 0x8001, max: 0x7bff }, // ndmin maxf
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0xfbff, min: 0xfbff, max: 0x8001 }, // ndmin nmaxf
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x1, min: 0x8001, max: 0x1 }, // ndmin dmin
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x8001, min: 0x8001, max: 0x8001 }, // ndmin ndmin
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x7e00, min: 0x8001, max: 0x8001 }, // ndmin qnan
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0xfe05, min: 0x8001, max: 0x8001 }, // ndmin nqnan
        Case { ty: Scalar::Float(16), old: 0x8001, value: 0x7c01, min: 0x8001, max: 0x8001 }, // ndmin snan
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x0, min: 0x0, max: 0x0 }, // qnan pz
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x8000, min: 0x8000, max: 0x8000 }, // qnan nz
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x3c00, min: 0x3c00, max: 0x3c00 }, // qnan one
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0xbc00, min: 0xbc00, max: 0xbc00 }, // qnan mone
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x7c00, min: 0x7c00, max: 0x7c00 }, // qnan inf
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0xfc00, min: 0xfc00, max: 0xfc00 }, // qnan ninf
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x7bff, min: 0x7bff, max: 0x7bff }, // qnan maxf
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0xfbff, min: 0xfbff, max: 0xfbff }, // qnan nmaxf
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x1, min: 0x1, max: 0x1 }, // qnan dmin
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x8001, min: 0x8001, max: 0x8001 }, // qnan ndmin
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x7e00, min: 0x7e00, max: 0x7e00 }, // qnan qnan
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0xfe05, min: 0x7e00, max: 0x7e00 }, // qnan nqnan
        Case { ty: Scalar::Float(16), old: 0x7e00, value: 0x7c01, min: 0x7e00, max: 0x7e00 }, // qnan snan
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x0, min: 0x0, max: 0x0 }, // nqnan pz
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x8000, min: 0x8000, max: 0x8000 }, // nqnan nz
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x3c00, min: 0x3c00, max: 0x3c00 }, // nqnan one
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0xbc00, min: 0xbc00, max: 0xbc00 }, // nqnan mone
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x7c00, min: 0x7c00, max: 0x7c00 }, // nqnan inf
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0xfc00, min: 0xfc00, max: 0xfc00 }, // nqnan ninf
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x7bff, min: 0x7bff, max: 0x7bff }, // nqnan maxf
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0xfbff, min: 0xfbff, max: 0xfbff }, // nqnan nmaxf
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x1, min: 0x1, max: 0x1 }, // nqnan dmin
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x8001, min: 0x8001, max: 0x8001 }, // nqnan ndmin
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x7e00, min: 0x7e00, max: 0x7e00 }, // nqnan qnan
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0xfe05, min: 0x7e00, max: 0x7e00 }, // nqnan nqnan
        Case { ty: Scalar::Float(16), old: 0xfe05, value: 0x7c01, min: 0x7e00, max: 0x7e00 }, // nqnan snan
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x0, min: 0x0, max: 0x0 }, // snan pz
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x8000, min: 0x8000, max: 0x8000 }, // snan nz
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x3c00, min: 0x3c00, max: 0x3c00 }, // snan one
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0xbc00, min: 0xbc00, max: 0xbc00 }, // snan mone
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x7c00, min: 0x7c00, max: 0x7c00 }, // snan inf
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0xfc00, min: 0xfc00, max: 0xfc00 }, // snan ninf
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x7bff, min: 0x7bff, max: 0x7bff }, // snan maxf
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0xfbff, min: 0xfbff, max: 0xfbff }, // snan nmaxf
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x1, min: 0x1, max: 0x1 }, // snan dmin
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x8001, min: 0x8001, max: 0x8001 }, // snan ndmin
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x7e00, min: 0x7e00, max: 0x7e00 }, // snan qnan
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0xfe05, min: 0x7e00, max: 0x7e00 }, // snan nqnan
        Case { ty: Scalar::Float(16), old: 0x7c01, value: 0x7c01, min: 0x7e00, max: 0x7e00 }, // snan snan
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x0, min: 0x0, max: 0x0 }, // pz pz
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x80000000, min: 0x80000000, max: 0x0 }, // pz nz
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x3f800000, min: 0x0, max: 0x3f800000 }, // pz one
        Case { ty: Scalar::Float(32), old: 0x0, value: 0xbf800000, min: 0xbf800000, max: 0x0 }, // pz mone
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x7f800000, min: 0x0, max: 0x7f800000 }, // pz inf
        Case { ty: Scalar::Float(32), old: 0x0, value: 0xff800000, min: 0xff800000, max: 0x0 }, // pz ninf
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x7f7fffff, min: 0x0, max: 0x7f7fffff }, // pz maxf
        Case { ty: Scalar::Float(32), old: 0x0, value: 0xff7fffff, min: 0xff7fffff, max: 0x0 }, // pz nmaxf
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x1, min: 0x0, max: 0x1 }, // pz dmin
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x80000001, min: 0x80000001, max: 0x0 }, // pz ndmin
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x7fc00000, min: 0x0, max: 0x0 }, // pz qnan
        Case { ty: Scalar::Float(32), old: 0x0, value: 0xffc00005, min: 0x0, max: 0x0 }, // pz nqnan
        Case { ty: Scalar::Float(32), old: 0x0, value: 0x7f800001, min: 0x0, max: 0x0 }, // pz snan
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x0, min: 0x80000000, max: 0x0 }, // nz pz
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x80000000, min: 0x80000000, max: 0x80000000 }, // nz nz
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x3f800000, min: 0x80000000, max: 0x3f800000 }, // nz one
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0xbf800000, min: 0xbf800000, max: 0x80000000 }, // nz mone
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x7f800000, min: 0x80000000, max: 0x7f800000 }, // nz inf
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0xff800000, min: 0xff800000, max: 0x80000000 }, // nz ninf
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x7f7fffff, min: 0x80000000, max: 0x7f7fffff }, // nz maxf
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0xff7fffff, min: 0xff7fffff, max: 0x80000000 }, // nz nmaxf
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x1, min: 0x80000000, max: 0x1 }, // nz dmin
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x80000001, min: 0x80000001, max: 0x80000000 }, // nz ndmin
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x7fc00000, min: 0x80000000, max: 0x80000000 }, // nz qnan
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0xffc00005, min: 0x80000000, max: 0x80000000 }, // nz nqnan
        Case { ty: Scalar::Float(32), old: 0x80000000, value: 0x7f800001, min: 0x80000000, max: 0x80000000 }, // nz snan
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x0, min: 0x0, max: 0x3f800000 }, // one pz
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x80000000, min: 0x80000000, max: 0x3f800000 }, // one nz
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x3f800000, min: 0x3f800000, max: 0x3f800000 }, // one one
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0xbf800000, min: 0xbf800000, max: 0x3f800000 }, // one mone
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x7f800000, min: 0x3f800000, max: 0x7f800000 }, // one inf
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0xff800000, min: 0xff800000, max: 0x3f800000 }, // one ninf
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x7f7fffff, min: 0x3f800000, max: 0x7f7fffff }, // one maxf
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0xff7fffff, min: 0xff7fffff, max: 0x3f800000 }, // one nmaxf
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x1, min: 0x1, max: 0x3f800000 }, // one dmin
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x80000001, min: 0x80000001, max: 0x3f800000 }, // one ndmin
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x7fc00000, min: 0x3f800000, max: 0x3f800000 }, // one qnan
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0xffc00005, min: 0x3f800000, max: 0x3f800000 }, // one nqnan
        Case { ty: Scalar::Float(32), old: 0x3f800000, value: 0x7f800001, min: 0x3f800000, max: 0x3f800000 }, // one snan
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x0, min: 0xbf800000, max: 0x0 }, // mone pz
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x80000000, min: 0xbf800000, max: 0x80000000 }, // mone nz
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x3f800000, min: 0xbf800000, max: 0x3f800000 }, // mone one
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0xbf800000, min: 0xbf800000, max: 0xbf800000 }, // mone mone
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x7f800000, min: 0xbf800000, max: 0x7f800000 }, // mone inf
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0xff800000, min: 0xff800000, max: 0xbf800000 }, // mone ninf
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x7f7fffff, min: 0xbf800000, max: 0x7f7fffff }, // mone maxf
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0xff7fffff, min: 0xff7fffff, max: 0xbf800000 }, // mone nmaxf
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x1, min: 0xbf800000, max: 0x1 }, // mone dmin
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x80000001, min: 0xbf800000, max: 0x80000001 }, // mone ndmin
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x7fc00000, min: 0xbf800000, max: 0xbf800000 }, // mone qnan
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0xffc00005, min: 0xbf800000, max: 0xbf800000 }, // mone nqnan
        Case { ty: Scalar::Float(32), old: 0xbf800000, value: 0x7f800001, min: 0xbf800000, max: 0xbf800000 }, // mone snan
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x0, min: 0x0, max: 0x7f800000 }, // inf pz
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x80000000, min: 0x80000000, max: 0x7f800000 }, // inf nz
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x3f800000, min: 0x3f800000, max: 0x7f800000 }, // inf one
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0xbf800000, min: 0xbf800000, max: 0x7f800000 }, // inf mone
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x7f800000, min: 0x7f800000, max: 0x7f800000 }, // inf inf
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0xff800000, min: 0xff800000, max: 0x7f800000 }, // inf ninf
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x7f7fffff, min: 0x7f7fffff, max: 0x7f800000 }, // inf maxf
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0xff7fffff, min: 0xff7fffff, max: 0x7f800000 }, // inf nmaxf
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x1, min: 0x1, max: 0x7f800000 }, // inf dmin
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x80000001, min: 0x80000001, max: 0x7f800000 }, // inf ndmin
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x7fc00000, min: 0x7f800000, max: 0x7f800000 }, // inf qnan
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0xffc00005, min: 0x7f800000, max: 0x7f800000 }, // inf nqnan
        Case { ty: Scalar::Float(32), old: 0x7f800000, value: 0x7f800001, min: 0x7f800000, max: 0x7f800000 }, // inf snan
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x0, min: 0xff800000, max: 0x0 }, // ninf pz
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x80000000, min: 0xff800000, max: 0x80000000 }, // ninf nz
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x3f800000, min: 0xff800000, max: 0x3f800000 }, // ninf one
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0xbf800000, min: 0xff800000, max: 0xbf800000 }, // ninf mone
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x7f800000, min: 0xff800000, max: 0x7f800000 }, // ninf inf
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0xff800000, min: 0xff800000, max: 0xff800000 }, // ninf ninf
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x7f7fffff, min: 0xff800000, max: 0x7f7fffff }, // ninf maxf
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0xff7fffff, min: 0xff800000, max: 0xff7fffff }, // ninf nmaxf
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x1, min: 0xff800000, max: 0x1 }, // ninf dmin
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x80000001, min: 0xff800000, max: 0x80000001 }, // ninf ndmin
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x7fc00000, min: 0xff800000, max: 0xff800000 }, // ninf qnan
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0xffc00005, min: 0xff800000, max: 0xff800000 }, // ninf nqnan
        Case { ty: Scalar::Float(32), old: 0xff800000, value: 0x7f800001, min: 0xff800000, max: 0xff800000 }, // ninf snan
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x0, min: 0x0, max: 0x7f7fffff }, // maxf pz
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x80000000, min: 0x80000000, max: 0x7f7fffff }, // maxf nz
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x3f800000, min: 0x3f800000, max: 0x7f7fffff }, // maxf one
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0xbf800000, min: 0xbf800000, max: 0x7f7fffff }, // maxf mone
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x7f800000, min: 0x7f7fffff, max: 0x7f800000 }, // maxf inf
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0xff800000, min: 0xff800000, max: 0x7f7fffff }, // maxf ninf
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x7f7fffff, min: 0x7f7fffff, max: 0x7f7fffff }, // maxf maxf
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0xff7fffff, min: 0xff7fffff, max: 0x7f7fffff }, // maxf nmaxf
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x1, min: 0x1, max: 0x7f7fffff }, // maxf dmin
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x80000001, min: 0x80000001, max: 0x7f7fffff }, // maxf ndmin
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x7fc00000, min: 0x7f7fffff, max: 0x7f7fffff }, // maxf qnan
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0xffc00005, min: 0x7f7fffff, max: 0x7f7fffff }, // maxf nqnan
        Case { ty: Scalar::Float(32), old: 0x7f7fffff, value: 0x7f800001, min: 0x7f7fffff, max: 0x7f7fffff }, // maxf snan
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x0, min: 0xff7fffff, max: 0x0 }, // nmaxf pz
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x80000000, min: 0xff7fffff, max: 0x80000000 }, // nmaxf nz
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x3f800000, min: 0xff7fffff, max: 0x3f800000 }, // nmaxf one
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0xbf800000, min: 0xff7fffff, max: 0xbf800000 }, // nmaxf mone
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x7f800000, min: 0xff7fffff, max: 0x7f800000 }, // nmaxf inf
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0xff800000, min: 0xff800000, max: 0xff7fffff }, // nmaxf ninf
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x7f7fffff, min: 0xff7fffff, max: 0x7f7fffff }, // nmaxf maxf
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0xff7fffff, min: 0xff7fffff, max: 0xff7fffff }, // nmaxf nmaxf
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x1, min: 0xff7fffff, max: 0x1 }, // nmaxf dmin
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x80000001, min: 0xff7fffff, max: 0x80000001 }, // nmaxf ndmin
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x7fc00000, min: 0xff7fffff, max: 0xff7fffff }, // nmaxf qnan
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0xffc00005, min: 0xff7fffff, max: 0xff7fffff }, // nmaxf nqnan
        Case { ty: Scalar::Float(32), old: 0xff7fffff, value: 0x7f800001, min: 0xff7fffff, max: 0xff7fffff }, // nmaxf snan
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x0, min: 0x0, max: 0x1 }, // dmin pz
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x80000000, min: 0x80000000, max: 0x1 }, // dmin nz
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x3f800000, min: 0x1, max: 0x3f800000 }, // dmin one
        Case { ty: Scalar::Float(32), old: 0x1, value: 0xbf800000, min: 0xbf800000, max: 0x1 }, // dmin mone
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x7f800000, min: 0x1, max: 0x7f800000 }, // dmin inf
        Case { ty: Scalar::Float(32), old: 0x1, value: 0xff800000, min: 0xff800000, max: 0x1 }, // dmin ninf
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x7f7fffff, min: 0x1, max: 0x7f7fffff }, // dmin maxf
        Case { ty: Scalar::Float(32), old: 0x1, value: 0xff7fffff, min: 0xff7fffff, max: 0x1 }, // dmin nmaxf
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x1, min: 0x1, max: 0x1 }, // dmin dmin
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x80000001, min: 0x80000001, max: 0x1 }, // dmin ndmin
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x7fc00000, min: 0x1, max: 0x1 }, // dmin qnan
        Case { ty: Scalar::Float(32), old: 0x1, value: 0xffc00005, min: 0x1, max: 0x1 }, // dmin nqnan
        Case { ty: Scalar::Float(32), old: 0x1, value: 0x7f800001, min: 0x1, max: 0x1 }, // dmin snan
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x0, min: 0x80000001, max: 0x0 }, // ndmin pz
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x80000000, min: 0x80000001, max: 0x80000000 }, // ndmin nz
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x3f800000, min: 0x80000001, max: 0x3f800000 }, // ndmin one
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0xbf800000, min: 0xbf800000, max: 0x80000001 }, // ndmin mone
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x7f800000, min: 0x80000001, max: 0x7f800000 }, // ndmin inf
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0xff800000, min: 0xff800000, max: 0x80000001 }, // ndmin ninf
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x7f7fffff, min: 0x80000001, max: 0x7f7fffff }, // ndmin maxf
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0xff7fffff, min: 0xff7fffff, max: 0x80000001 }, // ndmin nmaxf
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x1, min: 0x80000001, max: 0x1 }, // ndmin dmin
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x80000001, min: 0x80000001, max: 0x80000001 }, // ndmin ndmin
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x7fc00000, min: 0x80000001, max: 0x80000001 }, // ndmin qnan
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0xffc00005, min: 0x80000001, max: 0x80000001 }, // ndmin nqnan
        Case { ty: Scalar::Float(32), old: 0x80000001, value: 0x7f800001, min: 0x80000001, max: 0x80000001 }, // ndmin snan
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x0, min: 0x0, max: 0x0 }, // qnan pz
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x80000000, min: 0x80000000, max: 0x80000000 }, // qnan nz
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x3f800000, min: 0x3f800000, max: 0x3f800000 }, // qnan one
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0xbf800000, min: 0xbf800000, max: 0xbf800000 }, // qnan mone
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x7f800000, min: 0x7f800000, max: 0x7f800000 }, // qnan inf
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0xff800000, min: 0xff800000, max: 0xff800000 }, // qnan ninf
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x7f7fffff, min: 0x7f7fffff, max: 0x7f7fffff }, // qnan maxf
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0xff7fffff, min: 0xff7fffff, max: 0xff7fffff }, // qnan nmaxf
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x1, min: 0x1, max: 0x1 }, // qnan dmin
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x80000001, min: 0x80000001, max: 0x80000001 }, // qnan ndmin
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x7fc00000, min: 0x7fc00000, max: 0x7fc00000 }, // qnan qnan
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0xffc00005, min: 0x7fc00000, max: 0x7fc00000 }, // qnan nqnan
        Case { ty: Scalar::Float(32), old: 0x7fc00000, value: 0x7f800001, min: 0x7fc00000, max: 0x7fc00000 }, // qnan snan
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x0, min: 0x0, max: 0x0 }, // nqnan pz
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x80000000, min: 0x80000000, max: 0x80000000 }, // nqnan nz
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x3f800000, min: 0x3f800000, max: 0x3f800000 }, // nqnan one
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0xbf800000, min: 0xbf800000, max: 0xbf800000 }, // nqnan mone
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x7f800000, min: 0x7f800000, max: 0x7f800000 }, // nqnan inf
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0xff800000, min: 0xff800000, max: 0xff800000 }, // nqnan ninf
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x7f7fffff, min: 0x7f7fffff, max: 0x7f7fffff }, // nqnan maxf
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0xff7fffff, min: 0xff7fffff, max: 0xff7fffff }, // nqnan nmaxf
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x1, min: 0x1, max: 0x1 }, // nqnan dmin
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x80000001, min: 0x80000001, max: 0x80000001 }, // nqnan ndmin
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x7fc00000, min: 0x7fc00000, max: 0x7fc00000 }, // nqnan qnan
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0xffc00005, min: 0x7fc00000, max: 0x7fc00000 }, // nqnan nqnan
        Case { ty: Scalar::Float(32), old: 0xffc00005, value: 0x7f800001, min: 0x7fc00000, max: 0x7fc00000 }, // nqnan snan
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x0, min: 0x0, max: 0x0 }, // snan pz
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x80000000, min: 0x80000000, max: 0x80000000 }, // snan nz
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x3f800000, min: 0x3f800000, max: 0x3f800000 }, // snan one
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0xbf800000, min: 0xbf800000, max: 0xbf800000 }, // snan mone
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x7f800000, min: 0x7f800000, max: 0x7f800000 }, // snan inf
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0xff800000, min: 0xff800000, max: 0xff800000 }, // snan ninf
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x7f7fffff, min: 0x7f7fffff, max: 0x7f7fffff }, // snan maxf
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0xff7fffff, min: 0xff7fffff, max: 0xff7fffff }, // snan nmaxf
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x1, min: 0x1, max: 0x1 }, // snan dmin
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x80000001, min: 0x80000001, max: 0x80000001 }, // snan ndmin
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x7fc00000, min: 0x7fc00000, max: 0x7fc00000 }, // snan qnan
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0xffc00005, min: 0x7fc00000, max: 0x7fc00000 }, // snan nqnan
        Case { ty: Scalar::Float(32), old: 0x7f800001, value: 0x7f800001, min: 0x7fc00000, max: 0x7fc00000 }, // snan snan
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x0, min: 0x0, max: 0x0 }, // pz pz
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x0 }, // pz nz
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x3ff0000000000000, min: 0x0, max: 0x3ff0000000000000 }, // pz one
        Case { ty: Scalar::Float(64), old: 0x0, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x0 }, // pz mone
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x7ff0000000000000, min: 0x0, max: 0x7ff0000000000000 }, // pz inf
        Case { ty: Scalar::Float(64), old: 0x0, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x0 }, // pz ninf
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x7fefffffffffffff, min: 0x0, max: 0x7fefffffffffffff }, // pz maxf
        Case { ty: Scalar::Float(64), old: 0x0, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x0 }, // pz nmaxf
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x1, min: 0x0, max: 0x1 }, // pz dmin
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x0 }, // pz ndmin
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x7ff8000000000000, min: 0x0, max: 0x0 }, // pz qnan
        Case { ty: Scalar::Float(64), old: 0x0, value: 0xfff8000000000005, min: 0x0, max: 0x0 }, // pz nqnan
        Case { ty: Scalar::Float(64), old: 0x0, value: 0x7ff0000000000001, min: 0x0, max: 0x0 }, // pz snan
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x0, min: 0x8000000000000000, max: 0x0 }, // nz pz
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x8000000000000000 }, // nz nz
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x3ff0000000000000, min: 0x8000000000000000, max: 0x3ff0000000000000 }, // nz one
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x8000000000000000 }, // nz mone
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x7ff0000000000000, min: 0x8000000000000000, max: 0x7ff0000000000000 }, // nz inf
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x8000000000000000 }, // nz ninf
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x7fefffffffffffff, min: 0x8000000000000000, max: 0x7fefffffffffffff }, // nz maxf
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x8000000000000000 }, // nz nmaxf
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x1, min: 0x8000000000000000, max: 0x1 }, // nz dmin
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x8000000000000000 }, // nz ndmin
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x7ff8000000000000, min: 0x8000000000000000, max: 0x8000000000000000 }, // nz qnan
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0xfff8000000000005, min: 0x8000000000000000, max: 0x8000000000000000 }, // nz nqnan
        Case { ty: Scalar::Float(64), old: 0x8000000000000000, value: 0x7ff0000000000001, min: 0x8000000000000000, max: 0x8000000000000000 }, // nz snan
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x0, min: 0x0, max: 0x3ff0000000000000 }, // one pz
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x3ff0000000000000 }, // one nz
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // one one
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x3ff0000000000000 }, // one mone
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x7ff0000000000000, min: 0x3ff0000000000000, max: 0x7ff0000000000000 }, // one inf
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x3ff0000000000000 }, // one ninf
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x7fefffffffffffff, min: 0x3ff0000000000000, max: 0x7fefffffffffffff }, // one maxf
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x3ff0000000000000 }, // one nmaxf
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x1, min: 0x1, max: 0x3ff0000000000000 }, // one dmin
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x3ff0000000000000 }, // one ndmin
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x7ff8000000000000, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // one qnan
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0xfff8000000000005, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // one nqnan
        Case { ty: Scalar::Float(64), old: 0x3ff0000000000000, value: 0x7ff0000000000001, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // one snan
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x0, min: 0xbff0000000000000, max: 0x0 }, // mone pz
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x8000000000000000, min: 0xbff0000000000000, max: 0x8000000000000000 }, // mone nz
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x3ff0000000000000, min: 0xbff0000000000000, max: 0x3ff0000000000000 }, // mone one
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // mone mone
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x7ff0000000000000, min: 0xbff0000000000000, max: 0x7ff0000000000000 }, // mone inf
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xbff0000000000000 }, // mone ninf
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x7fefffffffffffff, min: 0xbff0000000000000, max: 0x7fefffffffffffff }, // mone maxf
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0xbff0000000000000 }, // mone nmaxf
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x1, min: 0xbff0000000000000, max: 0x1 }, // mone dmin
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x8000000000000001, min: 0xbff0000000000000, max: 0x8000000000000001 }, // mone ndmin
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x7ff8000000000000, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // mone qnan
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0xfff8000000000005, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // mone nqnan
        Case { ty: Scalar::Float(64), old: 0xbff0000000000000, value: 0x7ff0000000000001, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // mone snan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x0, min: 0x0, max: 0x7ff0000000000000 }, // inf pz
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x7ff0000000000000 }, // inf nz
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x7ff0000000000000 }, // inf one
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x7ff0000000000000 }, // inf mone
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x7ff0000000000000, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // inf inf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x7ff0000000000000 }, // inf ninf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x7fefffffffffffff, min: 0x7fefffffffffffff, max: 0x7ff0000000000000 }, // inf maxf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x7ff0000000000000 }, // inf nmaxf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x1, min: 0x1, max: 0x7ff0000000000000 }, // inf dmin
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x7ff0000000000000 }, // inf ndmin
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x7ff8000000000000, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // inf qnan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0xfff8000000000005, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // inf nqnan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000000, value: 0x7ff0000000000001, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // inf snan
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x0, min: 0xfff0000000000000, max: 0x0 }, // ninf pz
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x8000000000000000, min: 0xfff0000000000000, max: 0x8000000000000000 }, // ninf nz
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x3ff0000000000000, min: 0xfff0000000000000, max: 0x3ff0000000000000 }, // ninf one
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0xbff0000000000000, min: 0xfff0000000000000, max: 0xbff0000000000000 }, // ninf mone
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x7ff0000000000000, min: 0xfff0000000000000, max: 0x7ff0000000000000 }, // ninf inf
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // ninf ninf
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x7fefffffffffffff, min: 0xfff0000000000000, max: 0x7fefffffffffffff }, // ninf maxf
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0xffefffffffffffff, min: 0xfff0000000000000, max: 0xffefffffffffffff }, // ninf nmaxf
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x1, min: 0xfff0000000000000, max: 0x1 }, // ninf dmin
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x8000000000000001, min: 0xfff0000000000000, max: 0x8000000000000001 }, // ninf ndmin
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x7ff8000000000000, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // ninf qnan
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0xfff8000000000005, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // ninf nqnan
        Case { ty: Scalar::Float(64), old: 0xfff0000000000000, value: 0x7ff0000000000001, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // ninf snan
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x0, min: 0x0, max: 0x7fefffffffffffff }, // maxf pz
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x7fefffffffffffff }, // maxf nz
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x7fefffffffffffff }, // maxf one
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x7fefffffffffffff }, // maxf mone
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x7ff0000000000000, min: 0x7fefffffffffffff, max: 0x7ff0000000000000 }, // maxf inf
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x7fefffffffffffff }, // maxf ninf
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x7fefffffffffffff, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // maxf maxf
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x7fefffffffffffff }, // maxf nmaxf
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x1, min: 0x1, max: 0x7fefffffffffffff }, // maxf dmin
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x7fefffffffffffff }, // maxf ndmin
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x7ff8000000000000, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // maxf qnan
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0xfff8000000000005, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // maxf nqnan
        Case { ty: Scalar::Float(64), old: 0x7fefffffffffffff, value: 0x7ff0000000000001, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // maxf snan
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x0, min: 0xffefffffffffffff, max: 0x0 }, // nmaxf pz
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x8000000000000000, min: 0xffefffffffffffff, max: 0x8000000000000000 }, // nmaxf nz
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x3ff0000000000000, min: 0xffefffffffffffff, max: 0x3ff0000000000000 }, // nmaxf one
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0xbff0000000000000, min: 0xffefffffffffffff, max: 0xbff0000000000000 }, // nmaxf mone
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x7ff0000000000000, min: 0xffefffffffffffff, max: 0x7ff0000000000000 }, // nmaxf inf
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xffefffffffffffff }, // nmaxf ninf
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x7fefffffffffffff, min: 0xffefffffffffffff, max: 0x7fefffffffffffff }, // nmaxf maxf
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // nmaxf nmaxf
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x1, min: 0xffefffffffffffff, max: 0x1 }, // nmaxf dmin
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x8000000000000001, min: 0xffefffffffffffff, max: 0x8000000000000001 }, // nmaxf ndmin
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x7ff8000000000000, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // nmaxf qnan
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0xfff8000000000005, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // nmaxf nqnan
        Case { ty: Scalar::Float(64), old: 0xffefffffffffffff, value: 0x7ff0000000000001, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // nmaxf snan
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x0, min: 0x0, max: 0x1 }, // dmin pz
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x1 }, // dmin nz
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x3ff0000000000000, min: 0x1, max: 0x3ff0000000000000 }, // dmin one
        Case { ty: Scalar::Float(64), old: 0x1, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x1 }, // dmin mone
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x7ff0000000000000, min: 0x1, max: 0x7ff0000000000000 }, // dmin inf
        Case { ty: Scalar::Float(64), old: 0x1, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x1 }, // dmin ninf
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x7fefffffffffffff, min: 0x1, max: 0x7fefffffffffffff }, // dmin maxf
        Case { ty: Scalar::Float(64), old: 0x1, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x1 }, // dmin nmaxf
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x1, min: 0x1, max: 0x1 }, // dmin dmin
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x1 }, // dmin ndmin
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x7ff8000000000000, min: 0x1, max: 0x1 }, // dmin qnan
        Case { ty: Scalar::Float(64), old: 0x1, value: 0xfff8000000000005, min: 0x1, max: 0x1 }, // dmin nqnan
        Case { ty: Scalar::Float(64), old: 0x1, value: 0x7ff0000000000001, min: 0x1, max: 0x1 }, // dmin snan
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x0, min: 0x8000000000000001, max: 0x0 }, // ndmin pz
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x8000000000000000, min: 0x8000000000000001, max: 0x8000000000000000 }, // ndmin nz
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x3ff0000000000000, min: 0x8000000000000001, max: 0x3ff0000000000000 }, // ndmin one
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0x8000000000000001 }, // ndmin mone
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x7ff0000000000000, min: 0x8000000000000001, max: 0x7ff0000000000000 }, // ndmin inf
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0x8000000000000001 }, // ndmin ninf
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x7fefffffffffffff, min: 0x8000000000000001, max: 0x7fefffffffffffff }, // ndmin maxf
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0x8000000000000001 }, // ndmin nmaxf
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x1, min: 0x8000000000000001, max: 0x1 }, // ndmin dmin
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x8000000000000001 }, // ndmin ndmin
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x7ff8000000000000, min: 0x8000000000000001, max: 0x8000000000000001 }, // ndmin qnan
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0xfff8000000000005, min: 0x8000000000000001, max: 0x8000000000000001 }, // ndmin nqnan
        Case { ty: Scalar::Float(64), old: 0x8000000000000001, value: 0x7ff0000000000001, min: 0x8000000000000001, max: 0x8000000000000001 }, // ndmin snan
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x0, min: 0x0, max: 0x0 }, // qnan pz
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x8000000000000000 }, // qnan nz
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // qnan one
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // qnan mone
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x7ff0000000000000, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // qnan inf
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // qnan ninf
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x7fefffffffffffff, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // qnan maxf
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // qnan nmaxf
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x1, min: 0x1, max: 0x1 }, // qnan dmin
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x8000000000000001 }, // qnan ndmin
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x7ff8000000000000, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // qnan qnan
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0xfff8000000000005, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // qnan nqnan
        Case { ty: Scalar::Float(64), old: 0x7ff8000000000000, value: 0x7ff0000000000001, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // qnan snan
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x0, min: 0x0, max: 0x0 }, // nqnan pz
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x8000000000000000 }, // nqnan nz
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // nqnan one
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // nqnan mone
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x7ff0000000000000, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // nqnan inf
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // nqnan ninf
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x7fefffffffffffff, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // nqnan maxf
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // nqnan nmaxf
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x1, min: 0x1, max: 0x1 }, // nqnan dmin
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x8000000000000001 }, // nqnan ndmin
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x7ff8000000000000, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // nqnan qnan
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0xfff8000000000005, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // nqnan nqnan
        Case { ty: Scalar::Float(64), old: 0xfff8000000000005, value: 0x7ff0000000000001, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // nqnan snan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x0, min: 0x0, max: 0x0 }, // snan pz
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x8000000000000000, min: 0x8000000000000000, max: 0x8000000000000000 }, // snan nz
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x3ff0000000000000, min: 0x3ff0000000000000, max: 0x3ff0000000000000 }, // snan one
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0xbff0000000000000, min: 0xbff0000000000000, max: 0xbff0000000000000 }, // snan mone
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x7ff0000000000000, min: 0x7ff0000000000000, max: 0x7ff0000000000000 }, // snan inf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0xfff0000000000000, min: 0xfff0000000000000, max: 0xfff0000000000000 }, // snan ninf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x7fefffffffffffff, min: 0x7fefffffffffffff, max: 0x7fefffffffffffff }, // snan maxf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0xffefffffffffffff, min: 0xffefffffffffffff, max: 0xffefffffffffffff }, // snan nmaxf
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x1, min: 0x1, max: 0x1 }, // snan dmin
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x8000000000000001, min: 0x8000000000000001, max: 0x8000000000000001 }, // snan ndmin
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x7ff8000000000000, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // snan qnan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0xfff8000000000005, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // snan nqnan
        Case { ty: Scalar::Float(64), old: 0x7ff0000000000001, value: 0x7ff0000000000001, min: 0x7ff8000000000000, max: 0x7ff8000000000000 }, // snan snan
    ];
}
