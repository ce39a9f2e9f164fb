//! What every extended instruction set implements and uses. A set's file
//! gives `lower`, which turns one instruction on whole SPIR-V values into
//! lane operations through a [`Builder`], and `eval`, the meaning of one
//! lane operation of that set ([`ExtOp`]); the registry in `ext` dispatches
//! to it.

use crate::core::{AluOp, Convert, Scalar};
use crate::ir::{ExtOp, PrintfOperand, Reg};

/// What kind of hardware an operation needs; a GPU config maps each class
/// to a functional unit.
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
    /// Branches, barriers and the end of a wave.
    Branch,
    /// Cross-lane moves and tests: broadcasts, shuffles, votes, ballots.
    XlanePermute,
    /// Cross-lane reductions and scans, timed per step of their tree.
    XlaneReduce,
    /// Texture addressing and format conversion: texel decode and encode,
    /// coordinate wrapping.
    Texture,
}

impl OpClass {
    /// Every class, each of which a GPU config must map to a unit.
    pub const ALL: [OpClass; 13] = [
        OpClass::Valu,
        OpClass::ValuF64,
        OpClass::Trans,
        OpClass::Min3,
        OpClass::Sat,
        OpClass::Avg,
        OpClass::AbsDiff,
        OpClass::Mul32x16,
        OpClass::BitScan,
        OpClass::Branch,
        OpClass::XlanePermute,
        OpClass::XlaneReduce,
        OpClass::Texture,
    ];

    /// The class's name in configs and reports.
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
            OpClass::Branch => "branch",
            OpClass::XlanePermute => "xlane.permute",
            OpClass::XlaneReduce => "xlane.reduce",
            OpClass::Texture => "texture",
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
    fn printf(&mut self, _format: (Reg, i64), _args: Vec<PrintfOperand>) -> Result<Reg, String> {
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
