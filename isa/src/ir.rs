//! The kernel IR: a flat instruction array over numbered scalar registers.
//!
//! Lowering scalarises everything: a vector, matrix, array or struct value is
//! a list of scalar registers, and a pointer is one register holding an
//! address. Each register is one 64-bit value per lane. Control flow is
//! jumps between instruction indices; every divergent branch carries the
//! index where its lanes reconverge (its immediate post-dominator).

use crate::core::{Alu, Convert, Scalar};
use crate::module::Location;

pub type Reg = u32;

/// Index into [`Kernel::insts`].
pub type Pc = u32;
/// Reconvergence point of a branch whose paths only meet at kernel exit.
pub const EXIT_PC: Pc = u32::MAX;

/// The most work-items a workgroup may have (lowering and the dispatch
/// refuse more); the work-group collectives size their scratch by it.
pub const MAX_WORKGROUP_INVOCATIONS: u32 = 1024;

/// Whether `size` (x, y, z) can be a workgroup's size; the error says why
/// not, for the caller to prefix with the size and where it came from.
pub fn check_workgroup_size(size: [u32; 3]) -> Result<(), String> {
    if size.contains(&0) {
        return Err("every entry must be at least 1".into());
    }
    // Three u32 sizes multiply to at most 2^96: u128 cannot overflow (u64
    // could, and wrap to a small count).
    let invocations: u128 = size.iter().map(|&x| x as u128).product();
    let most = MAX_WORKGROUP_INVOCATIONS;
    if invocations > most as u128 {
        return Err(format!(
            "a workgroup of {invocations} invocations is more than {most}"
        ));
    }
    Ok(())
}

/// The address map every kernel shares. Ranges tell the address spaces
/// apart, so generic pointers work and 32-bit addressing fits.
pub mod address {
    /// Buffers live here, each with a guard gap after it.
    pub const GLOBAL_BASE: u64 = 0x0001_0000;
    /// Workgroup (LDS) memory: offset = address - WORKGROUP_BASE.
    pub const WORKGROUP_BASE: u64 = 0x4000_0000;
    /// Per-lane private memory: offset = address - PRIVATE_BASE.
    pub const PRIVATE_BASE: u64 = 0x8000_0000;
    pub const PRIVATE_END: u64 = 0xC000_0000;
    /// What a descriptor-array index past the array's end selects (64-bit
    /// pointers): outside every space, so the access faults, and the
    /// simulator names the cause.
    pub const DESCRIPTOR_OUT_OF_RANGE: u64 = 0xDE5C_0000_0000_0000;
    /// With robust buffer access (64-bit pointers), buffer i starts in the
    /// middle of the window (i + 1) * ROBUST_WINDOW: an index past either
    /// end of a buffer, by up to 2^39 bytes, stays in the buffer's own
    /// window instead of reaching another buffer, so the access can be
    /// told out of bounds.
    pub const ROBUST_WINDOW: u64 = 1 << 40;
    /// The end of the robust windows (65,535 buffers).
    pub const ROBUST_END: u64 = 1 << 56;
    /// Where an image access outside its image goes (the 4 GiB from here):
    /// reads give zeros, writes and atomics do nothing, as Vulkan's
    /// robustImageAccess (core since 1.3) defines.
    pub const IMAGE_NOWHERE: u64 = 0x1A6E_0000_0000_0000;
}

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
    /// Texel decode, encode and coordinate wrapping of image instructions
    /// (`image`).
    Texel,
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
            ExtSet::Texel => "TEX",
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// An atomic read-modify-write; what each computes is in `atomics.rs`.
pub enum AtomicOp {
    Load,
    Store,
    Exchange,
    CompareExchange,
    IIncrement,
    IDecrement,
    IAdd,
    ISub,
    SMin,
    UMin,
    SMax,
    UMax,
    And,
    Or,
    Xor,
    /// OpAtomicFMinEXT (SPV_EXT_shader_atomic_float_min_max).
    FMin,
    /// OpAtomicFMaxEXT.
    FMax,
}

impl AtomicOp {
    /// Every atomic operation, in declaration order (e.g. for checking
    /// names that must be one of them).
    pub const ALL: &'static [AtomicOp] = &[
        AtomicOp::Load,
        AtomicOp::Store,
        AtomicOp::Exchange,
        AtomicOp::CompareExchange,
        AtomicOp::IIncrement,
        AtomicOp::IDecrement,
        AtomicOp::IAdd,
        AtomicOp::ISub,
        AtomicOp::SMin,
        AtomicOp::UMin,
        AtomicOp::SMax,
        AtomicOp::UMax,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::FMin,
        AtomicOp::FMax,
    ];
}

#[cfg(test)]
mod atomicop_all_tests {
    use super::AtomicOp;

    /// Whether `op` is the variant declared last. The match is exhaustive,
    /// so a new variant does not compile until it is placed here: `true`
    /// for the new last variant (and `ALL` must list it), `false` for the
    /// others.
    fn is_last(op: AtomicOp) -> bool {
        match op {
            AtomicOp::FMax => true,
            AtomicOp::Load
            | AtomicOp::Store
            | AtomicOp::Exchange
            | AtomicOp::CompareExchange
            | AtomicOp::IIncrement
            | AtomicOp::IDecrement
            | AtomicOp::IAdd
            | AtomicOp::ISub
            | AtomicOp::SMin
            | AtomicOp::UMin
            | AtomicOp::SMax
            | AtomicOp::UMax
            | AtomicOp::And
            | AtomicOp::Or
            | AtomicOp::Xor
            | AtomicOp::FMin => false,
        }
    }

    #[test]
    fn all_lists_every_variant_once_in_order() {
        // Discriminants count up from 0 in declaration order, so a variant
        // missing from (or misplaced in) the list breaks this ...
        for (i, &op) in AtomicOp::ALL.iter().enumerate() {
            assert_eq!(op as usize, i, "AtomicOp::ALL[{i}] is {op:?}");
        }
        // ... and the list ends with the last declared variant.
        let (&last, rest) = AtomicOp::ALL.split_last().expect("not empty");
        assert!(is_last(last), "AtomicOp::ALL ends before the last variant");
        assert!(rest.iter().all(|&op| !is_last(op)));
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    Alu {
        alu: Alu,
        dst: Reg,
        src: [Reg; 4],
    },
    Convert {
        cv: Convert,
        dst: Reg,
        src: Reg,
    },
    /// A lane operation of an extended instruction set.
    Ext {
        op: ExtOp,
        dst: Reg,
        src: [Reg; 3],
    },
    Mov {
        dst: Reg,
        src: Reg,
    },
    /// `dst = memory[addr + offset]`, `ty.bytes()` bytes, little-endian.
    Load {
        ty: Scalar,
        dst: Reg,
        addr: Reg,
        offset: i64,
    },
    Store {
        ty: Scalar,
        src: Reg,
        addr: Reg,
        offset: i64,
    },
    /// Read-modify-write; `dst` receives the original value.
    Atomic {
        op: AtomicOp,
        ty: Scalar,
        dst: Reg,
        addr: Reg,
        value: Reg,
        comparator: Reg,
    },
    Jump {
        target: Pc,
    },
    Branch {
        cond: Reg,
        if_true: Pc,
        if_false: Pc,
        reconverge: Pc,
        /// A loop's exit branch (`reconverge` is the loop's merge): lanes
        /// staying in the loop keep an entry waiting at the merge even when
        /// none leave, for a later break to wait in (`exec::wave`).
        loop_exit: bool,
    },
    Switch {
        selector: Reg,
        /// Index into [`Kernel::switches`].
        table: u32,
        reconverge: Pc,
    },
    /// The lanes that execute it are done.
    Return,
    /// OpControlBarrier with workgroup execution scope.
    Barrier,
    /// OpMemoryBarrier, or OpControlBarrier at subgroup scope: orders memory,
    /// which is sequentially consistent here.
    MemoryBarrier,
    /// OpUnreachable: executing it is an error.
    Unreachable,
    /// OpenCL prefetch: no functional effect; the timing model fetches the
    /// `count x elem_bytes` bytes at `addr + offset` of each lane into the
    /// caches.
    Prefetch {
        addr: Reg,
        offset: i64,
        count: Reg,
        elem_bytes: u32,
    },
    /// A GroupNonUniform operation across the wave's active lanes; its
    /// meaning and which sources it reads are `subgroup::eval`'s.
    CrossLane {
        op: crate::subgroup::CrossLaneOp,
        ty: Scalar,
        dst: Reg,
        src: [Reg; 3],
    },
    /// OpenCL printf: `call` indexes [`Kernel::printf_calls`]; `dst`
    /// receives 0, or -1 when the format is invalid.
    Printf {
        call: u32,
        dst: Reg,
    },
}

/// The operands of one printf call site.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintfCall {
    /// Address register and constant offset of the format string.
    pub format: (Reg, i64),
    pub args: Vec<PrintfOperand>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PrintfOperand {
    /// A scalar or vector value.
    Value(Vec<(Scalar, Reg)>),
    /// A pointer: a `%s` string or a `%p` value.
    Pointer(Reg, i64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct SwitchTable {
    pub cases: Vec<(u64, Pc)>,
    pub default: Pc,
}

/// Where an IR instruction came from, for error messages.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    pub opcode: &'static str,
    pub location: Location,
    /// The source line of the SPIR-V instruction, from the OpLine before
    /// it in its block (a compiler's debug information), if any.
    pub source: Option<SourceLine>,
}

/// A place in the kernel's source: `file` indexes `Kernel::source_files`;
/// a column of 0 is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceLine {
    pub file: u32,
    pub line: u32,
    pub column: u32,
}

impl SourceLine {
    /// `file:line:column` (`file:line` when the column is unknown), the
    /// file named from `files`.
    pub fn place(&self, files: &[String]) -> Option<String> {
        let file = files.get(self.file as usize)?;
        Some(match self.column {
            0 => format!("{file}:{}", self.line),
            c => format!("{file}:{}:{c}", self.line),
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// A Vulkan GLCompute shader.
    Shader,
    /// An OpenCL Kernel.
    OpenCl,
}

/// What a built-in input variable means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltIn {
    GlobalInvocationId,
    LocalInvocationId,
    LocalInvocationIndex,
    WorkgroupId,
    NumWorkgroups,
    WorkgroupSize,
    GlobalSize,
    GlobalOffset,
    EnqueuedWorkgroupSize,
    GlobalLinearId,
    /// OpenCL get_work_dim(): 3, since every dispatch here has three
    /// dimensions (as a Vulkan dispatch, which clspv-compiled kernels see).
    WorkDim,
    NumSubgroups,
    SubgroupId,
    SubgroupSize,
    SubgroupMaxSize,
    NumEnqueuedSubgroups,
    SubgroupLocalInvocationId,
    /// Lane masks as `uvec4`: this lane's bit, and the lanes at or above,
    /// above, at or below, and below it (within the wave).
    SubgroupEqMask,
    SubgroupGeMask,
    SubgroupGtMask,
    SubgroupLeMask,
    SubgroupLtMask,
}

impl BuiltIn {
    /// Whether lanes of one wave see different values (on GCN: preloaded
    /// into vector registers, or computed into them from ones that are;
    /// the others are the same across the wave and live in scalar
    /// registers).
    pub fn per_lane(self) -> bool {
        use BuiltIn::*;
        match self {
            GlobalInvocationId
            | LocalInvocationId
            | LocalInvocationIndex
            | GlobalLinearId
            | SubgroupLocalInvocationId
            | SubgroupEqMask
            | SubgroupGeMask
            | SubgroupGtMask
            | SubgroupLeMask
            | SubgroupLtMask => true,
            WorkgroupId
            | NumWorkgroups
            | WorkgroupSize
            | GlobalSize
            | GlobalOffset
            | EnqueuedWorkgroupSize
            | WorkDim
            | NumSubgroups
            | SubgroupId
            | SubgroupSize
            | SubgroupMaxSize
            | NumEnqueuedSubgroups => false,
        }
    }
}

/// A built-in input: its components, values of `ty`, are in registers
/// `regs` when a wave starts, as hardware preloads them, and also at
/// `offset` of each lane's private memory, for the accesses lowering
/// cannot resolve to a component (a dynamic index, a pointer stored
/// away).
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltInSlot {
    pub builtin: BuiltIn,
    pub offset: u32,
    pub ty: Scalar,
    /// One register per component.
    pub regs: Vec<Reg>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceKind {
    StorageBuffer,
    UniformBuffer,
    PushConstant,
    /// A storage or sampled image, or a texel buffer: `reg` receives the
    /// address of its texels.
    Image,
    /// A sampler: its state is known at lowering; nothing is received.
    Sampler,
}

/// A Vulkan buffer interface variable: `reg` receives the buffer's address.
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    pub kind: ResourceKind,
    pub set: u32,
    pub binding: u32,
    /// The element of a descriptor array (0 for a single descriptor).
    pub index: u32,
    pub name: String,
    pub reg: Reg,
    /// Receives the buffer's size in bytes (for OpArrayLength).
    pub size_reg: Reg,
    /// The kernel cannot write it (a uniform buffer, push constants, or a
    /// storage buffer declared NonWritable): loads from it at a uniform
    /// address may take the scalar path.
    pub read_only: bool,
    /// The format a storage image is declared with (its OpTypeImage's
    /// Image Format, unless Unknown), as a Vulkan format.
    pub declared_format: Option<crate::image::format::Format>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A pointer to global or constant memory: receives a buffer address.
    /// `element` is the scalar it points to (a vector's component), when
    /// it points to a number.
    GlobalPointer { element: Option<Scalar> },
    /// A pointer to local memory: the dispatch gives its size in bytes.
    LocalPointer,
    /// A value passed by value: the listed scalar registers receive its
    /// components, at these byte offsets of the argument's bytes.
    Value(Vec<(Scalar, u32, Reg)>),
    /// An image: receives the address of its texels.
    Image,
    /// A sampler: known when lowering (`lower::Options::samplers`).
    Sampler,
}

/// An OpenCL kernel argument.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    /// The register receiving the address (pointer kinds).
    pub reg: Reg,
    /// A pointer to `__constant` memory (UniformConstant), which the
    /// kernel cannot write.
    pub read_only: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    pub name: String,
    /// The file the kernel came from, for messages (empty if none).
    pub source: String,
    pub dialect: Dialect,
    /// Pointer width in bits (64 for Logical addressing).
    pub pointer_bits: u32,
    pub insts: Vec<Inst>,
    pub origins: Vec<Origin>,
    /// The source files the origins' lines are in (OpString names).
    pub source_files: Vec<String>,
    pub switches: Vec<SwitchTable>,
    pub printf_calls: Vec<PrintfCall>,
    pub reg_count: u32,
    /// Registers holding the same value in every lane for the whole run.
    pub constants: Vec<(Reg, u64)>,
    /// From the LocalSize / LocalSizeId execution mode or a WorkgroupSize
    /// built-in, as lowering checked it (`check_workgroup_size`); `None`
    /// means the dispatch must give it.
    pub local_size: Option<[u32; 3]>,
    pub resources: Vec<Resource>,
    pub params: Vec<Param>,
    pub builtins: Vec<BuiltInSlot>,
    /// Bytes of private memory each lane needs (built-ins, Private and
    /// Function variables).
    pub private_bytes: u32,
    /// Bytes of workgroup memory declared by Workgroup variables (OpenCL
    /// local-pointer arguments come on top, from the dispatch).
    pub workgroup_bytes: u32,
    /// Per register: it holds a wave-uniform value in a scalar register
    /// (`lower::uniformity`); empty when nothing is known to be.
    pub scalar_regs: Vec<bool>,
    /// Stores, in ascending order, that move a scalar value into a private
    /// location that holds only scalar values (a compiler keeps such a
    /// variable in a scalar register).
    pub scalar_stores: Vec<Pc>,
    /// The merges of loops whose exit branch keeps an entry waiting there
    /// (the reconvergence points of `loop_exit` branches), ascending: the
    /// only points lanes that break can wait at (`exec::wave`).
    pub loop_merges: Vec<Pc>,
}

impl Kernel {
    /// The source place of the instruction at `pc`, `file:line:column`
    /// (`file:line` when the column is unknown), if the compiler left one.
    pub fn source_place(&self, pc: usize) -> Option<String> {
        self.origins.get(pc)?.source?.place(&self.source_files)
    }

    /// A shader kernel of `insts` over `reg_count` registers and nothing
    /// else (no constants, resources, built-ins or memory), named "test":
    /// what tests of passes and of execution start from.
    pub fn bare(insts: Vec<Inst>, reg_count: u32) -> Kernel {
        Kernel {
            name: "test".into(),
            source: String::new(),
            dialect: Dialect::Shader,
            pointer_bits: 64,
            insts,
            origins: Vec::new(),
            source_files: Vec::new(),
            switches: Vec::new(),
            printf_calls: Vec::new(),
            reg_count,
            constants: Vec::new(),
            local_size: None,
            resources: Vec::new(),
            params: Vec::new(),
            builtins: Vec::new(),
            private_bytes: 0,
            workgroup_bytes: 0,
            scalar_regs: Vec::new(),
            scalar_stores: Vec::new(),
            loop_merges: Vec::new(),
        }
    }

    /// Whether register `r` is a scalar register.
    pub fn is_scalar_reg(&self, r: Reg) -> bool {
        self.scalar_regs.get(r as usize).copied().unwrap_or(false)
    }

    /// Whether the instruction at `pc` runs on the scalar unit: an ALU
    /// operation, conversion, copy or load writing a scalar register (a
    /// load from read-only memory, or from a private location holding
    /// scalar values), a store into such a location, or a branch or
    /// switch on a scalar condition (which leaves the exec mask alone). A
    /// subgroup operation with a uniform result writes a scalar register
    /// but runs on its cross-lane unit.
    pub fn runs_on_scalar_unit(&self, pc: usize) -> bool {
        match &self.insts[pc] {
            Inst::Store { .. } => self.scalar_stores.binary_search(&(pc as Pc)).is_ok(),
            Inst::Alu { dst, .. }
            | Inst::Convert { dst, .. }
            | Inst::Mov { dst, .. }
            | Inst::Load { dst, .. } => self.is_scalar_reg(*dst),
            Inst::Branch { cond: r, .. } | Inst::Switch { selector: r, .. } => {
                self.is_scalar_reg(*r)
            }
            _ => false,
        }
    }
}
