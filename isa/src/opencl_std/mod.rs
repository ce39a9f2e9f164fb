//! OpenCL.std: the OpenCL extended instruction set. Section 2.1 (math,
//! instructions 0 to 94) is in `math`; the rest (common, geometric,
//! integer, relational, vector load/store, shuffle, printf, prefetch) in
//! `library`.

mod double_double;
mod lgamma;
mod lgamma_zeros;
mod library;
mod math;
pub mod printf;

use crate::instruction_set::{Builder, Call, Coverage, OpClass};
use crate::ir::{ExtOp, Reg};

/// The integer instructions' numbers (section 2.2).
pub use library::integer_opcodes::*;
/// The SPV_INTEL_shader_integer_functions2 instruction with the meaning of
/// an OpenCL.std integer instruction, if there is one.
pub use library::intel_equivalent;
/// The bits a misaligned vloada_halfn / vstorea_halfn address is or-ed with
/// (64-bit pointers), so that its access faults; the simulator names it.
pub use library::MISALIGNED_64;
pub use math::ACCURACY;

/// Highest instruction number of section 2.1 (math).
const LAST_MATH: u32 = 94;

pub fn lower(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    if call.opcode <= LAST_MATH {
        math::lower(b, call)
    } else {
        library::lower(b, call)
    }
}

#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    if op.opcode as u32 <= LAST_MATH {
        math::eval(op, a, b, c)
    } else {
        library::eval(op, a, b, c)
    }
}

pub fn op_class(op: ExtOp) -> OpClass {
    if op.opcode as u32 <= LAST_MATH {
        math::op_class(op)
    } else {
        library::op_class(op)
    }
}

pub fn coverage() -> Vec<Coverage> {
    [math::coverage(), library::coverage()].concat()
}
