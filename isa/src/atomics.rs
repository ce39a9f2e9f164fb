//! The meaning of every atomic read-modify-write: the value an atomic
//! writes back, from the old memory value and its operands. The float
//! min/max are SPV_EXT_shader_atomic_float_min_max's.

use crate::core::Scalar;
use crate::ext_shader_atomic_float_min_max as efmm;
use crate::ir::AtomicOp;

impl AtomicOp {
    /// The new memory value for a read-modify-write; `value` is the operand
    /// (ignored by increment/decrement), `ty` the integer type.
    pub fn apply(self, ty: Scalar, old: u64, value: u64, comparator: u64) -> u64 {
        let bits = ty.bits();
        let mask = crate::core::mask(bits);
        let signed = |x: u64| crate::core::sign_extend(x, bits);
        let r = match self {
            AtomicOp::Load => old,
            AtomicOp::Store | AtomicOp::Exchange => value,
            AtomicOp::CompareExchange => {
                if old == comparator {
                    value
                } else {
                    old
                }
            }
            AtomicOp::IIncrement => old.wrapping_add(1),
            AtomicOp::IDecrement => old.wrapping_sub(1),
            AtomicOp::IAdd => old.wrapping_add(value),
            AtomicOp::ISub => old.wrapping_sub(value),
            AtomicOp::SMin => {
                if signed(value) < signed(old) {
                    value
                } else {
                    old
                }
            }
            AtomicOp::SMax => {
                if signed(value) > signed(old) {
                    value
                } else {
                    old
                }
            }
            AtomicOp::UMin => old.min(value),
            AtomicOp::UMax => old.max(value),
            AtomicOp::And => old & value,
            AtomicOp::Or => old | value,
            AtomicOp::Xor => old ^ value,
            AtomicOp::FMin => efmm::fmin(ty, old, value),
            AtomicOp::FMax => efmm::fmax(ty, old, value),
        };
        r & mask
    }
}
