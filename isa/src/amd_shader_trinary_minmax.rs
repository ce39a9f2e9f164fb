//! SPV_AMD_shader_trinary_minmax: instruction meaning (being implemented).

use crate::ext::{Builder, Call, ExtOp};
use crate::ir::Reg;

pub fn lower(_b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    Err(format!(
        "SPV_AMD_shader_trinary_minmax instruction {} is not implemented yet",
        call.opcode
    ))
}

pub fn eval(op: ExtOp, _a: u64, _b: u64, _c: u64) -> u64 {
    unreachable!("{op:?} is never lowered")
}

pub fn coverage() -> Vec<crate::ext::Coverage> {
    Vec::new()
}
