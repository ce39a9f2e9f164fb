//! The registry of the extended instruction sets (the sets beside the core
//! opcodes): the meaning, class, lowering, coverage and canonical name of
//! a lane operation, each dispatched to the file of its set. The types the
//! sets share are below them, in `instruction_set` (re-exported here).

pub use crate::instruction_set::{
    per_component, result_component, Builder, Call, Coverage, Emulation, OpClass, Operand,
};
use crate::ir::Reg;
pub use crate::ir::{ExtOp, ExtSet};

/// The meaning of one lane of `op` on operands `a`, `b`, `c`.
#[inline(always)]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    match op.set {
        ExtSet::Glsl => crate::glsl_std_450::eval(op, a, b, c),
        ExtSet::OpenCl => crate::opencl_std::eval(op, a, b, c),
        ExtSet::AmdTrinary => crate::amd_shader_trinary_minmax::eval(op, a, b, c),
        ExtSet::IntelInt2 => crate::intel_shader_integer_functions2::eval(op, a, b, c),
        ExtSet::AtomicFloat => crate::ext_shader_atomic_float_min_max::eval(op, a, b),
        ExtSet::Texel => crate::image::eval(op, a, b, c),
    }
}

/// The op class of a lane operation, for the timing model.
pub fn op_class(op: ExtOp) -> OpClass {
    match op.set {
        ExtSet::Glsl => crate::glsl_std_450::op_class(op),
        ExtSet::OpenCl => crate::opencl_std::op_class(op),
        ExtSet::AmdTrinary => crate::amd_shader_trinary_minmax::op_class(op),
        ExtSet::IntelInt2 => crate::intel_shader_integer_functions2::op_class(op),
        ExtSet::AtomicFloat => OpClass::Valu,
        ExtSet::Texel => OpClass::Texture,
    }
}

/// Lowers one instruction of `set`.
pub fn lower(set: ExtSet, b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    match set {
        ExtSet::Glsl => crate::glsl_std_450::lower(b, call),
        ExtSet::OpenCl => crate::opencl_std::lower(b, call),
        ExtSet::AmdTrinary => crate::amd_shader_trinary_minmax::lower(b, call),
        ExtSet::IntelInt2 => crate::intel_shader_integer_functions2::lower(b, call),
        ExtSet::AtomicFloat => Err("the float atomics are not extended instructions".into()),
        ExtSet::Texel => Err("image lane operations are not extended instructions".into()),
    }
}

/// Coverage of every instruction of every seed specification, set by set.
pub fn coverage() -> Vec<Coverage> {
    [
        crate::glsl_std_450::coverage(),
        crate::opencl_std::coverage(),
        crate::amd_shader_trinary_minmax::coverage(),
        crate::intel_shader_integer_functions2::coverage(),
        crate::ext_shader_atomic_float_min_max::coverage(),
    ]
    .concat()
}

impl ExtOp {
    /// The canonical name of the instruction this lane operation belongs
    /// to (`GLSL.FMix`, `CL.exp`, `AMD.FMid3`, `INTEL.IAddSat`).
    pub fn canonical_name(self) -> String {
        let spec_name = match self.set {
            ExtSet::Glsl => grammar_name("GLSL.std.450", self.opcode),
            ExtSet::OpenCl => grammar_name("OpenCL.std", self.opcode),
            ExtSet::AmdTrinary => grammar_name("SPV_AMD_shader_trinary_minmax", self.opcode),
            ExtSet::IntelInt2 => rspirv::grammar::INSTRUCTION_TABLE
                .lookup_opcode(self.opcode as u32)
                .map(|g| g.opname.to_string()),
            ExtSet::AtomicFloat => {
                crate::ext_shader_atomic_float_min_max::lane_op_name(self.opcode).map(String::from)
            }
            ExtSet::Texel => return crate::image::lane_op_name(self.opcode).to_string(),
        };
        if let Some(n) = crate::amd_shader_trinary_minmax::helper_name(self) {
            return n.to_string();
        }
        let name = spec_name.unwrap_or_else(|| self.opcode.to_string());
        let name = name
            .strip_suffix("AMD")
            .or_else(|| name.strip_suffix("INTEL"))
            .unwrap_or(&name);
        format!("{}.{name}", self.set.prefix())
    }
}

fn grammar_name(set: &str, opcode: u16) -> Option<String> {
    rspirv::grammar::ext_inst_table(set)?
        .lookup_opcode(opcode as u32)
        .map(|g| g.opname.to_string())
}
