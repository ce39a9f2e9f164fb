//! Extended instructions: the instruction sets beside the core opcodes.
//!
//! Each set lives in its own file named after its specification and gives
//! two things: `lower`, which turns one instruction on whole SPIR-V values
//! into lane operations through a [`Builder`], and `eval`, the meaning of
//! one lane operation of that set ([`ExtOp`]).

use crate::core::{AluOp, Convert, Scalar};
use crate::ir::Reg;

/// The instruction sets whose instructions become [`ExtOp`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExtSet {
    /// GLSL.std.450 extended instructions.
    Glsl,
    /// OpenCL.std extended instructions.
    OpenCl,
    /// SPV_AMD_shader_trinary_minmax extended instructions.
    AmdTrinary,
    /// SPV_INTEL_shader_integer_functions2: core opcodes of the extension.
    IntelInt2,
    /// The min and max of SPV_EXT_shader_atomic_float_min_max as plain lane
    /// operations, for emulating the atomics with compare-exchange.
    AtomicFloat,
}

impl ExtSet {
    /// Prefix of the set's canonical instruction names (`GLSL.FMix`).
    pub fn prefix(self) -> &'static str {
        match self {
            ExtSet::Glsl => "GLSL",
            ExtSet::OpenCl => "CL",
            ExtSet::AmdTrinary => "AMD",
            ExtSet::IntelInt2 => "INTEL",
            ExtSet::AtomicFloat => "EXT",
        }
    }
}

/// One lane operation of an extended instruction set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExtOp {
    pub set: ExtSet,
    /// The instruction number in its set (for IntelInt2, the SPIR-V opcode).
    pub opcode: u16,
    /// The type the operation computes in (usually the result type).
    pub ty: Scalar,
    /// A second type where the operation mixes two, e.g. the integer
    /// exponent of ldexp; otherwise equal to `ty`.
    pub aux: Scalar,
}

/// What kind of hardware an operation needs; the timing model maps each
/// class to a functional unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OpClass {
    /// Plain vector ALU work.
    Valu,
    /// 64-bit float ALU work.
    ValuF64,
    /// Transcendental unit: exp, log, sin, rsqrt, ...
    Trans,
    /// Three-operand min/max/mid.
    Min3,
    /// Saturating add/subtract.
    Sat,
    /// Averages (hadd/rhadd).
    Avg,
    /// Absolute difference.
    AbsDiff,
    /// 32x16 multiply.
    Mul32x16,
    /// Count leading/trailing zeros.
    BitScan,
}

impl OpClass {
    pub fn name(self) -> &'static str {
        match self {
            OpClass::Valu => "valu",
            OpClass::ValuF64 => "valu.f64",
            OpClass::Trans => "trans",
            OpClass::Min3 => "valu.min3",
            OpClass::Sat => "valu.sat",
            OpClass::Avg => "valu.avg",
            OpClass::AbsDiff => "valu.absdiff",
            OpClass::Mul32x16 => "valu.mul32x16",
            OpClass::BitScan => "valu.bitscan",
        }
    }
}

/// One row of `gpusim isa coverage`: an instruction of a seed
/// specification and how far the simulator supports it. (How many test
/// rows exercise it is counted from the tables under `isa/tests/tables/`.)
#[derive(Clone, Debug, PartialEq)]
pub struct Coverage {
    /// Canonical name, usable in configs: `GLSL.FMix`, `CL.exp`, `AMD.FMid3`.
    pub name: String,
    pub implemented: bool,
    pub class: Option<OpClass>,
}

/// Which extended-instruction families a GPU lacks. An emulated family is
/// lowered to the sequence of basic operations a compiler would emit in
/// its place; the results are the same bits, only the timing differs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Emulation {
    /// AMD min3 / max3 / mid3.
    pub trinary_minmax: bool,
    /// Saturating add and subtract (INTEL; OpenCL.std add_sat, sub_sat).
    pub saturating: bool,
    /// Averages, rounded and not (INTEL; OpenCL.std hadd, rhadd).
    pub averages: bool,
    /// Absolute differences (INTEL; OpenCL.std abs_diff).
    pub abs_diff: bool,
    /// INTEL 32x16 multiplies.
    pub mul32x16: bool,
    /// Count leading / trailing zeros (INTEL; OpenCL.std clz, ctz).
    pub count_zeros: bool,
    /// EXT float atomic min / max (as a compare-exchange loop).
    pub float_atomic_minmax: bool,
}

/// How an extended instruction's lowering emits lane operations.
pub trait Builder {
    /// The families to emulate; none unless the builder says so.
    fn emulation(&self) -> Emulation {
        Emulation::default()
    }
    fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg;
    fn convert(&mut self, cv: Convert, src: Reg) -> Reg;
    fn ext(&mut self, op: ExtOp, src: &[Reg]) -> Reg;
    /// A register holding `bits` in every lane.
    fn constant(&mut self, bits: u64) -> Reg;
    fn load(&mut self, ty: Scalar, addr: Reg, offset: i64) -> Reg;
    /// An OpenCL prefetch of `count` elements of `elem_bytes` bytes at
    /// `addr + offset`: a hint for the timing model, nothing functional.
    fn prefetch(&mut self, _addr: Reg, _offset: i64, _count: Reg, _elem_bytes: u32) {}
    /// An OpenCL printf call; returns the register of its result.
    fn printf(
        &mut self,
        _format: (Reg, i64),
        _args: Vec<crate::ir::PrintfOperand>,
    ) -> Result<Reg, String> {
        Err("printf cannot be lowered here".into())
    }
    fn store(&mut self, ty: Scalar, src: Reg, addr: Reg, offset: i64);
}

/// One operand of an extended instruction, flattened.
#[derive(Clone, Debug)]
pub struct Operand {
    /// A literal operand (such as vloadn's `n` or a rounding mode): its
    /// value, with no registers.
    pub literal: Option<u32>,
    /// Scalar registers of the value (for a pointer: its address register).
    pub regs: Vec<Reg>,
    /// Their types.
    pub types: Vec<Scalar>,
    /// For a pointer operand: the constant offset to add to `regs[0]`, and
    /// the scalars of the pointee with their byte offsets.
    pub pointer: Option<(i64, Vec<(Scalar, u32)>)>,
}

/// An extended instruction to lower: its result's scalar types (flattened)
/// and its operands.
pub struct Call<'a> {
    pub opcode: u32,
    pub result: &'a [Scalar],
    pub operands: &'a [Operand],
}

/// The component type of `call`'s result, which must be a scalar or a
/// vector of floats (`float`) or integers of a SPIR-V width.
pub fn result_component(call: &Call, float: bool) -> Result<Scalar, String> {
    let Some(&ty) = call.result.first() else {
        return Err("the result type must be a scalar or vector, not void".to_string());
    };
    if call.result.iter().any(|&t| t != ty) {
        return Err("the result type must be a scalar or vector".to_string());
    }
    match ty {
        Scalar::Float(16 | 32 | 64) if float => Ok(ty),
        Scalar::Int(8 | 16 | 32 | 64) if !float => Ok(ty),
        other => {
            let want = if float { "floating-point" } else { "integer" };
            Err(format!("the component type must be {want}, not {other:?}"))
        }
    }
}

/// Applies lane operation `op` to each of `n` components; an argument with
/// one register is used for every component (a scalar operand).
pub fn per_component(b: &mut dyn Builder, op: ExtOp, n: usize, args: &[&[Reg]]) -> Vec<Reg> {
    (0..n)
        .map(|i| {
            let src: Vec<Reg> = args
                .iter()
                .map(|a| if a.len() == 1 { a[0] } else { a[i] })
                .collect();
            b.ext(op, &src)
        })
        .collect()
}

/// The meaning of one lane of `op` on operands `a`, `b`, `c`.
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    match op.set {
        ExtSet::Glsl => crate::glsl_std_450::eval(op, a, b, c),
        ExtSet::OpenCl => crate::opencl_std::eval(op, a, b, c),
        ExtSet::AmdTrinary => crate::amd_shader_trinary_minmax::eval(op, a, b, c),
        ExtSet::IntelInt2 => crate::intel_shader_integer_functions2::eval(op, a, b, c),
        ExtSet::AtomicFloat => crate::ext_shader_atomic_float_min_max::eval(op, a, b),
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
