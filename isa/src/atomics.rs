//! The meaning of every atomic read-modify-write: the value an atomic
//! writes back, from the old memory value and its operands. The float
//! min/max are SPV_EXT_shader_atomic_float_min_max's. Also which atomics
//! only their effect on memory counts for (blind ones, `blind_atomics`),
//! and how the effects of many on one location gather into one
//! (`AtomicOp::gathering`).

use crate::core::Scalar;
use crate::ext_shader_atomic_float_min_max as efmm;
use crate::ir::{AtomicOp, Inst, Kernel};

impl AtomicOp {
    /// The new memory value for a read-modify-write; `value` is the operand
    /// (ignored by increment/decrement), `ty` the integer type. Operands
    /// are taken at `ty`'s width (registers hold nothing above it; taking
    /// it here keeps the unsigned min and max from depending on that).
    pub fn apply(self, ty: Scalar, old: u64, value: u64, comparator: u64) -> u64 {
        let bits = ty.bits();
        let mask = crate::core::mask(bits);
        let (old, value, comparator) = (old & mask, value & mask, comparator & mask);
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

    /// For atomics `self` on a `ty` whose returned values nothing reads:
    /// the operation and operands (`Gathering`) that stand for them when
    /// the atomics of one location are gathered, the effect of operand `v`
    /// being `op.apply(ty, old, v, 0)`. Two operands of one such operation
    /// gather into `op.apply(ty, a, b, 0)`, which is commutative and
    /// associative, so the gathered operand's effect is that of every
    /// atomic it holds, one after another, in any order (increments,
    /// decrements and subtractions are additions, modulo 2^bits; the
    /// float min and max give the least or greatest non-NaN of all the
    /// values, -0 below +0, and the default NaN when two or more are all
    /// NaNs). `None` for the atomics whose effect depends on the order:
    /// loads, stores and exchanges.
    pub fn gathering(self, ty: Scalar) -> Option<Gathering> {
        let mask = crate::core::mask(ty.bits());
        let (op, operand) = match (self, ty) {
            (AtomicOp::FMin | AtomicOp::FMax, Scalar::Float(_)) => (self, Operand::Value),
            (_, Scalar::Float(_)) => return None,
            (AtomicOp::IIncrement, _) => (AtomicOp::IAdd, Operand::Fixed(1)),
            (AtomicOp::IDecrement, _) => (AtomicOp::IAdd, Operand::Fixed(mask)),
            (AtomicOp::ISub, _) => (AtomicOp::IAdd, Operand::Negated),
            (
                AtomicOp::IAdd
                | AtomicOp::SMin
                | AtomicOp::SMax
                | AtomicOp::UMin
                | AtomicOp::UMax
                | AtomicOp::And
                | AtomicOp::Or
                | AtomicOp::Xor,
                _,
            ) => (self, Operand::Value),
            _ => return None,
        };
        Some(Gathering { op, mask, operand })
    }
}

/// How blind atomics of one operation and type gather
/// (`AtomicOp::gathering`): into `op`, each with `operand(value)`. Found
/// once per instruction, so that a lane's operand costs an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gathering {
    pub op: AtomicOp,
    mask: u64,
    operand: Operand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operand {
    /// The atomic's operand.
    Value,
    /// Its negation (a subtraction as an addition).
    Negated,
    /// This one, whatever the atomic's (an increment or decrement).
    Fixed(u64),
}

impl Gathering {
    /// Two gathered operands of a `ty` combined into one: what the two
    /// atomics do to a location, one after the other.
    #[inline]
    pub fn combine(&self, ty: Scalar, first: u64, second: u64) -> u64 {
        match self.op {
            // A histogram's, inlined: the general meaning is a call that
            // matches on the operation, a quarter of the host instructions
            // of a lane's gathering.
            AtomicOp::IAdd => first.wrapping_add(second) & self.mask,
            op => op.apply(ty, first, second, 0),
        }
    }

    /// The gathered operand standing for an atomic whose operand is
    /// `value`.
    #[inline]
    pub fn operand(&self, value: u64) -> u64 {
        match self.operand {
            Operand::Value => value & self.mask,
            Operand::Negated => value.wrapping_neg() & self.mask,
            Operand::Fixed(v) => v,
        }
    }
}

/// Per pc: whether the instruction is a blind atomic, one whose returned
/// value no instruction reads and whose effect gathers
/// (`AtomicOp::gathering`), so that only its effect on memory counts
/// (a histogram's increments, a bounding box's float min and max).
pub fn blind_atomics(kernel: &Kernel) -> Vec<bool> {
    let mut read = vec![false; kernel.reg_count as usize];
    let mut sources = Vec::new();
    for inst in &kernel.insts {
        crate::liveness::sources(kernel, inst, &mut sources);
        for &r in &sources {
            read[r as usize] = true;
        }
    }
    kernel
        .insts
        .iter()
        .map(|inst| match *inst {
            Inst::Atomic { op, ty, dst, .. } => !read[dst as usize] && op.gathering(ty).is_some(),
            _ => false,
        })
        .collect()
}
