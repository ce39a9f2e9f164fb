//! (being implemented)

use crate::ext::{Builder, Call, Coverage, ExtOp, OpClass};
use crate::ir::Reg;

pub fn lower(_b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    Err(format!("OpenCL.std instruction {} is not implemented yet", call.opcode))
}

pub fn eval(op: ExtOp, _a: u64, _b: u64, _c: u64) -> u64 {
    unreachable!("{op:?} is never lowered")
}

pub fn op_class(_op: ExtOp) -> OpClass {
    OpClass::Valu
}

pub fn coverage() -> Vec<Coverage> {
    Vec::new()
}
