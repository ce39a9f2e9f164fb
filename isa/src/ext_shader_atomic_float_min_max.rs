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

use crate::core::{float_min_max, Scalar};
use crate::instruction_set::{Coverage, OpClass};

pub use crate::core::default_nan;

/// The New Value OpAtomicFMinEXT stores: the float minimum of the memory's
/// Original Value `old` and the operand `value` (raw bits of `ty`).
#[inline]
pub fn fmin(ty: Scalar, old: u64, value: u64) -> u64 {
    float_min_max(ty, old, value, false)
}

/// The New Value OpAtomicFMaxEXT stores: the float maximum of `old` and
/// `value`.
#[inline]
pub fn fmax(ty: Scalar, old: u64, value: u64) -> u64 {
    float_min_max(ty, old, value, true)
}

/// Lane operation numbers of [`crate::ir::ExtSet::AtomicFloat`]: the
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
pub fn eval(op: crate::ir::ExtOp, a: u64, b: u64) -> u64 {
    if op.opcode == LANE_FMAX {
        fmax(op.ty, a, b)
    } else {
        fmin(op.ty, a, b)
    }
}

/// Both instructions, implemented. Their semantic test table is
/// `isa/tests/tables/ext_shader_atomic_float_min_max.jsonl`.
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
