//! Lowering: a parsed SPIR-V module and an entry point become a [`Kernel`].
//!
//! Module-level declarations (capabilities, types, constants, variables,
//! decorations) are read here; function bodies are lowered in `body`.

mod body;
mod cfg;
mod coalesce;
mod image;
mod subgroup;
mod uniformity;
mod work_group;

use crate::core::{Rounding, Scalar};
use crate::ext::ExtSet;
use crate::ir::{
    address, BuiltIn, BuiltInSlot, Dialect, Inst, Kernel, Origin, Param, Reg, Resource,
    ResourceKind, SourceLine,
};
use crate::module::{
    is_non_semantic, literal_string, printable, Instr, Location, Module, ModuleError,
};
use crate::types::{MatrixLayout, Type, TypeDecorations, Types};
use spirv::{Capability, Decoration, ExecutionMode, ExecutionModel, Op, StorageClass};
use std::collections::{HashMap, HashSet};

pub use cfg::immediate_post_dominators;

/// Choices made when lowering: specialization constant overrides.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub spec_constants: HashMap<u32, SpecValue>,
    /// Extended-instruction families to lower as basic operations.
    pub emulate: crate::ext::Emulation,
    /// The elements the host binds to each descriptor array, by (set,
    /// binding): the length of a runtime-sized one (RuntimeDescriptorArray).
    pub descriptor_counts: HashMap<(u32, u32), u32>,
    /// Robust access by clamping, as spirv-opt's --graphics-robust-access
    /// pass does: every access-chain index into an array, vector or matrix
    /// is clamped, read as signed, into 0..=count-1 (a runtime array's
    /// count from its buffer's size, as OpArrayLength gives it).
    pub clamp_indices: bool,
    /// A manifest's rules for overrides: one whose SpecId no constant of
    /// the module has is an error (a typo), and an integer must fit the
    /// constant's signedness. Otherwise Vulkan's, as Amber scripts rely
    /// on: such a map entry is ignored, and an integer is bits of the
    /// constant's width, read either way (`AS uint32 4294967295` is -1 for
    /// an `int`).
    pub strict_spec_constants: bool,
    /// What the host binds to each image and sampler a kernel declares.
    pub images: HashMap<crate::image::Slot, crate::image::ImageInfo>,
    pub samplers: HashMap<crate::image::Slot, crate::image::sampler::Sampler>,
    /// The names of buffers the host binds as plain memory (no image
    /// information), for the error of an image declared where one is.
    pub plain_buffers: HashMap<crate::image::Slot, String>,
}

/// NonSemantic.Shader.DebugInfo.100's instruction numbers that give
/// source places.
pub(crate) const DEBUG_SOURCE: u32 = 35;
pub(crate) const DEBUG_LINE: u32 = 103;
pub(crate) const DEBUG_NO_LINE: u32 = 104;

/// A specialization constant override, converted to the constant's type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SpecValue {
    Int(i128),
    Float(f64),
    Bool(bool),
}

impl SpecValue {
    /// The value as bits of `ty`, never wrapped: an integer must fit the
    /// constant's width (as `signed` says, or either way for a signless
    /// OpenCL integer, `signed` none); a float is rounded to nearest even,
    /// and one that rounds to infinity is refused.
    fn bits(self, ty: Scalar, signed: Option<bool>) -> Result<u64, String> {
        match (self, ty) {
            (SpecValue::Bool(b), Scalar::Bool) => Ok(b as u64),
            (SpecValue::Int(i), Scalar::Int(w)) => {
                let w = w as u32;
                let (lo, hi, kind) = match signed {
                    Some(true) => (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1, "signed "),
                    Some(false) => (0, (1i128 << w) - 1, "unsigned "),
                    None => (-(1i128 << (w - 1)), (1i128 << w) - 1, ""),
                };
                if (lo..=hi).contains(&i) {
                    Ok(i as u64 & mask(ty))
                } else {
                    Err(format!(
                        "{i} does not fit the constant, a {w}-bit {kind}integer ({lo}..={hi}); values are never wrapped"
                    ))
                }
            }
            // Rounded once, from the exact value (Rust's `as` rounds to
            // nearest even); an f16's range lies within f64's exact
            // integers, and larger ones round to infinity either way.
            (SpecValue::Int(i), Scalar::Float(32)) => Ok((i as f32).to_bits() as u64),
            (SpecValue::Int(i), Scalar::Float(_)) => SpecValue::Float(i as f64).bits(ty, signed),
            (SpecValue::Float(f), Scalar::Float(w)) => {
                let bits = crate::core::convert(
                    crate::core::Convert {
                        from: Scalar::Float(64),
                        to: ty,
                        from_signed: false,
                        to_signed: false,
                        rounding: None,
                        saturate: false,
                    },
                    f.to_bits(),
                );
                let w = w as u32;
                let infinite = bits & crate::core::mask(w - 1) == crate::core::infinity_bits(w);
                if f.is_finite() && infinite {
                    Err(format!(
                        "{f} rounds to infinity in the constant's type, f{w}"
                    ))
                } else {
                    Ok(bits)
                }
            }
            (v, t) => Err(format!(
                "{} cannot be a constant of type {}",
                match v {
                    SpecValue::Int(i) => format!("the integer {i}"),
                    SpecValue::Float(f) => format!("the float {f}"),
                    SpecValue::Bool(b) => format!("the bool {b}"),
                },
                match t {
                    Scalar::Bool => "bool".to_string(),
                    Scalar::Int(w) => format!("{w}-bit integer"),
                    Scalar::Float(w) => format!("f{w}"),
                }
            )),
        }
    }
}

/// Private memory (built-ins, Private and Function variables) per
/// invocation.
const MAX_PRIVATE_BYTES: u32 = 1 << 20;
/// Workgroup memory declared by a kernel.
const MAX_WORKGROUP_BYTES: u32 = 1 << 26;

/// Elements of one descriptor array (each is a resource, and a dynamic
/// index selects among all of them).
const MAX_DESCRIPTORS: u32 = 1 << 16;

/// Struct members a module may decorate (the Vulkan limit is far lower).
const MAX_MEMBERS: usize = 1 << 14;

/// Capabilities a module may declare. Anything else is refused up front.
pub const SUPPORTED_CAPABILITIES: &[Capability] = &[
    Capability::Matrix,
    Capability::Shader,
    Capability::Addresses,
    Capability::Linkage,
    Capability::Kernel,
    Capability::Vector16,
    Capability::Float16Buffer,
    Capability::Float16,
    Capability::Float64,
    Capability::Int64,
    Capability::Int64Atomics,
    Capability::Int16,
    Capability::Int8,
    Capability::GenericPointer,
    Capability::StorageBuffer16BitAccess,
    Capability::UniformAndStorageBuffer16BitAccess,
    Capability::StoragePushConstant16,
    Capability::StorageBuffer8BitAccess,
    Capability::UniformAndStorageBuffer8BitAccess,
    Capability::StoragePushConstant8,
    Capability::VariablePointers,
    Capability::VariablePointersStorageBuffer,
    Capability::VulkanMemoryModel,
    Capability::VulkanMemoryModelDeviceScope,
    Capability::ShaderNonUniform,
    Capability::StorageBufferArrayDynamicIndexing,
    Capability::UniformBufferArrayDynamicIndexing,
    Capability::StorageBufferArrayNonUniformIndexing,
    Capability::UniformBufferArrayNonUniformIndexing,
    Capability::RuntimeDescriptorArray,
    Capability::WorkgroupMemoryExplicitLayoutKHR,
    Capability::WorkgroupMemoryExplicitLayout8BitAccessKHR,
    Capability::WorkgroupMemoryExplicitLayout16BitAccessKHR,
    Capability::DenormPreserve,
    Capability::SignedZeroInfNanPreserve,
    Capability::ExpectAssumeKHR,
    Capability::IntegerFunctions2INTEL,
    Capability::AtomicFloat16MinMaxEXT,
    Capability::AtomicFloat32MinMaxEXT,
    Capability::AtomicFloat64MinMaxEXT,
    Capability::GroupNonUniform,
    Capability::GroupNonUniformVote,
    Capability::GroupNonUniformBallot,
    Capability::GroupNonUniformArithmetic,
    Capability::GroupNonUniformShuffle,
    Capability::GroupNonUniformShuffleRelative,
    Capability::GroupNonUniformClustered,
    Capability::GroupNonUniformQuad,
    Capability::SubgroupBallotKHR,
    Capability::SubgroupVoteKHR,
    Capability::Groups,
    // Images, samplers and texel buffers (`lower::image`).
    Capability::ImageBasic,
    Capability::ImageReadWrite,
    Capability::LiteralSampler,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledBuffer,
    Capability::ImageBuffer,
    Capability::ImageQuery,
    Capability::SampledCubeArray,
    Capability::ImageCubeArray,
    Capability::SampledRect,
    Capability::ImageRect,
    Capability::ImageGatherExtended,
    Capability::StorageImageMultisample,
    Capability::ImageMSArray,
    Capability::StorageImageExtendedFormats,
    Capability::StorageImageReadWithoutFormat,
    Capability::StorageImageWriteWithoutFormat,
    Capability::SampledImageArrayDynamicIndexing,
    Capability::StorageImageArrayDynamicIndexing,
    Capability::UniformTexelBufferArrayDynamicIndexing,
    Capability::StorageTexelBufferArrayDynamicIndexing,
    Capability::SampledImageArrayNonUniformIndexing,
    Capability::StorageImageArrayNonUniformIndexing,
    Capability::UniformTexelBufferArrayNonUniformIndexing,
    Capability::StorageTexelBufferArrayNonUniformIndexing,
    Capability::Int64ImageEXT,
];

/// Extensions whose meaning the simulator implements.
const SUPPORTED_EXTENSIONS: &[&str] = &[
    "SPV_KHR_storage_buffer_storage_class",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_8bit_storage",
    "SPV_KHR_variable_pointers",
    "SPV_KHR_vulkan_memory_model",
    "SPV_KHR_no_integer_wrap_decoration",
    "SPV_KHR_float_controls",
    "SPV_KHR_expect_assume",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_shader_draw_parameters",
    "SPV_AMD_shader_trinary_minmax",
    "SPV_INTEL_shader_integer_functions2",
    "SPV_EXT_shader_atomic_float_min_max",
    "SPV_KHR_shader_ballot",
    "SPV_KHR_subgroup_vote",
    "SPV_EXT_shader_image_int64",
    // Only descriptor arrays of buffers, indexed dynamically or
    // non-uniformly (runtime-sized ones take the host's count).
    "SPV_EXT_descriptor_indexing",
    "SPV_KHR_workgroup_memory_explicit_layout",
    // Only the execution mode SubgroupUniformControlFlowKHR, a request to
    // reconverge at structured merges; waves do (cfg::reconvergence_points).
    "SPV_KHR_subgroup_uniform_control_flow",
];

/// A SPIR-V value as lowering sees it.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A (possibly composite) value: its scalar components in order.
    Regs(Vec<Reg>),
    /// A pointer: address register plus a constant byte offset, and the
    /// matrix layout of the struct member it points into, if any.
    Ptr {
        reg: Reg,
        offset: i64,
        matrix: MatrixLayout,
    },
}

/// Workgroup variables are either all Block-decorated (explicit layout,
/// aliased from offset 0) or none are, as Vulkan requires.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum WorkgroupLayout {
    None,
    Blocks,
    Plain,
}

pub(crate) struct FunctionDef {
    /// Index of OpFunction in the module's instruction list.
    start: usize,
    /// Index of OpFunctionEnd.
    end: usize,
    has_body: bool,
}

pub(crate) struct Lowerer<'m> {
    m: &'m Module,
    types: Types,
    names: HashMap<u32, String>,
    decorations: HashMap<u32, Vec<(Decoration, Vec<u32>)>>,
    /// Imported instruction sets: name, and the set if it has meaning.
    ext_sets: HashMap<u32, (String, Option<ExtSet>)>,
    capabilities: Vec<Capability>,
    functions: HashMap<u32, FunctionDef>,
    /// Module-scope values: constants and global variables.
    globals: HashMap<u32, Val>,
    /// Result type of every id that has one.
    id_types: HashMap<u32, u32>,
    /// Values of scalar constants, known while lowering.
    const_values: HashMap<u32, u64>,
    const_regs: HashMap<u64, Reg>,
    insts: Vec<Inst>,
    origins: Vec<Origin>,
    origin: Origin,
    /// OpString texts by id, and those an OpLine named, in order.
    strings: HashMap<u32, String>,
    /// The file (an OpString id) of each DebugSource of
    /// NonSemantic.Shader.DebugInfo.100, by its result id.
    debug_sources: HashMap<u32, u32>,
    source_files: Vec<String>,
    reg_count: u32,
    constants: Vec<(Reg, u64)>,
    private_bytes: u32,
    workgroup_bytes: u32,
    builtins: Vec<BuiltInSlot>,
    resources: Vec<Resource>,
    /// Variables that are arrays of descriptors: their elements' places in
    /// `resources`.
    descriptor_arrays: HashMap<u32, std::ops::Range<usize>>,
    /// Address registers selected by a dynamic descriptor index: the index
    /// and the array's elements (for OpArrayLength).
    picked_descriptors: HashMap<Reg, (u32, std::ops::Range<usize>)>,
    /// Which kind of Workgroup variables the module declared so far.
    workgroup_layout: WorkgroupLayout,
    /// Storage for each function's Function-class variables, by variable id.
    function_vars: HashMap<u32, u32>,
    /// Functions being inlined, to refuse recursion.
    call_stack: Vec<u32>,
    next_label: u32,
    dialect: Dialect,
    switches: Vec<crate::ir::SwitchTable>,
    pub(crate) printf_calls: Vec<crate::ir::PrintfCall>,
    /// Module-scope variables with initializers: (variable, value).
    initializers: Vec<(u32, u32)>,
    spec_ops: Vec<Instr>,
    emulate: crate::ext::Emulation,
    clamp_indices: bool,
    /// Workgroup-memory offset of the work-group collectives' scratch,
    /// once one needs it (`work_group.rs`).
    group_scratch: Option<u32>,
    /// The registers of the built-ins the work-group collectives read,
    /// declared by the lowering itself (as 32-bit values).
    hidden_builtins: HashMap<BuiltIn, Vec<Reg>>,
    /// The edge stubs holding phi copies, for coalescing.
    stubs: Vec<coalesce::Stub>,
    /// (struct, member) pairs decorated NonWritable.
    non_writable_members: HashSet<(u32, u32)>,
    /// What the host binds to images and samplers (`Options`).
    bound_images: HashMap<crate::image::Slot, crate::image::ImageInfo>,
    bound_samplers: HashMap<crate::image::Slot, crate::image::sampler::Sampler>,
    plain_buffers: HashMap<crate::image::Slot, String>,
    /// Image and sampler values: what each is.
    handles: HashMap<u32, image::Handle>,
    /// Pointers to images and samplers (variables, and access chains into
    /// arrays of them): each element's register and handle.
    handle_vars: HashMap<u32, Vec<(Reg, image::Handle)>>,
}

/// A workgroup size a kernel gives, for messages with where it comes from.
struct DeclaredSize {
    size: [u32; 3],
    /// The word offset of the instruction giving it.
    offset: usize,
    /// What gives it: an execution mode, or the WorkgroupSize built-in.
    source: &'static str,
}

fn err(offset: usize, message: impl Into<String>) -> ModuleError {
    ModuleError::at(offset, message)
}

/// The entry points of a module: name and execution model.
pub fn entry_points(m: &Module) -> Vec<(String, ExecutionModel)> {
    m.instrs
        .iter()
        .filter(|i| i.op == Op::EntryPoint && i.operands.len() >= 3)
        .filter_map(|i| {
            let model = ExecutionModel::from_u32(i.operands[0])?;
            Some((literal_string(&i.operands[2..]).0, model))
        })
        .collect()
}

/// Lowers entry point `entry` of `m`.
pub fn lower(m: &Module, entry: &str, options: &Options) -> Result<Kernel, ModuleError> {
    crate::validate::validate(m)?;
    let mut l = Lowerer::new(m);
    l.emulate = options.emulate;
    l.clamp_indices = options.clamp_indices;
    l.bound_images = options.images.clone();
    l.bound_samplers = options.samplers.clone();
    l.plain_buffers = options.plain_buffers.clone();
    l.check_capabilities()?;
    let (entry_fn, model, entry_offset) = l.find_entry(entry)?;
    l.dialect = match model {
        ExecutionModel::GLCompute => Dialect::Shader,
        ExecutionModel::Kernel => Dialect::OpenCl,
        other => {
            return Err(err(
                entry_offset,
                format!("entry point '{entry}' is a {other:?} shader; only GLCompute and Kernel entry points can run"),
            ))
        }
    };
    l.read_declarations(options)?;
    l.check_spec_ids(options)?;
    let local_size = l.local_size(entry_fn)?;
    let params = l.lower_entry(entry_fn)?;
    let mut kernel = Kernel {
        name: entry.to_string(),
        source: String::new(),
        dialect: l.dialect,
        pointer_bits: l.types.pointer_bits as u32,
        insts: l.insts,
        origins: l.origins,
        source_files: l.source_files,
        switches: l.switches,
        printf_calls: l.printf_calls,
        reg_count: l.reg_count,
        constants: l.constants,
        local_size,
        resources: l.resources,
        params,
        builtins: l.builtins,
        private_bytes: l.private_bytes,
        workgroup_bytes: l.workgroup_bytes,
        scalar_regs: Vec::new(),
        scalar_stores: Vec::new(),
        loop_merges: Vec::new(),
    };
    coalesce::coalesce(&mut kernel, &l.stubs);
    let mut merges: Vec<crate::ir::Pc> = kernel
        .insts
        .iter()
        .filter_map(|i| match i {
            Inst::Branch {
                reconverge,
                loop_exit: true,
                ..
            } => Some(*reconverge),
            _ => None,
        })
        .collect();
    merges.sort_unstable();
    merges.dedup();
    kernel.loop_merges = merges;
    let scalars = uniformity::scalar_registers(&kernel);
    kernel.scalar_regs = scalars.regs;
    kernel.scalar_stores = scalars.stores;
    Ok(kernel)
}

impl<'m> Lowerer<'m> {
    fn new(m: &'m Module) -> Self {
        Lowerer {
            m,
            types: Types {
                types: HashMap::new(),
                decorations: HashMap::new(),
                pointer_bits: 64,
            },
            names: HashMap::new(),
            decorations: HashMap::new(),
            ext_sets: HashMap::new(),
            capabilities: Vec::new(),
            functions: HashMap::new(),
            globals: HashMap::new(),
            id_types: HashMap::new(),
            const_values: HashMap::new(),
            const_regs: HashMap::new(),
            insts: Vec::new(),
            origins: Vec::new(),
            origin: Origin {
                opcode: "Nop",
                location: Location::Word(0),
                source: None,
            },
            strings: HashMap::new(),
            debug_sources: HashMap::new(),
            source_files: Vec::new(),
            reg_count: 0,
            constants: Vec::new(),
            private_bytes: 0,
            workgroup_bytes: 0,
            builtins: Vec::new(),
            resources: Vec::new(),
            descriptor_arrays: HashMap::new(),
            picked_descriptors: HashMap::new(),
            workgroup_layout: WorkgroupLayout::None,
            function_vars: HashMap::new(),
            call_stack: Vec::new(),
            next_label: m.bound.max(1),
            dialect: Dialect::Shader,
            switches: Vec::new(),
            printf_calls: Vec::new(),
            initializers: Vec::new(),
            spec_ops: Vec::new(),
            emulate: crate::ext::Emulation::default(),
            clamp_indices: false,
            group_scratch: None,
            hidden_builtins: HashMap::new(),
            stubs: Vec::new(),
            non_writable_members: HashSet::new(),
            bound_images: HashMap::new(),
            plain_buffers: HashMap::new(),
            bound_samplers: HashMap::new(),
            handles: HashMap::new(),
            handle_vars: HashMap::new(),
        }
    }

    fn check_capabilities(&mut self) -> Result<(), ModuleError> {
        for ins in &self.m.instrs {
            match ins.op {
                Op::Capability => {
                    let cap = ins.operands.first().copied().unwrap_or(u32::MAX);
                    match Capability::from_u32(cap) {
                        Some(c) if SUPPORTED_CAPABILITIES.contains(&c) => self.capabilities.push(c),
                        Some(c) => {
                            return Err(err(ins.offset, format!("unsupported capability {c:?}")))
                        }
                        None => return Err(err(ins.offset, format!("unknown capability {cap}"))),
                    }
                }
                Op::Extension => {
                    let name = literal_string(&ins.operands).0;
                    if !SUPPORTED_EXTENSIONS.contains(&name.as_str()) {
                        return Err(err(
                            ins.offset,
                            format!("unsupported extension {}", printable(&name)),
                        ));
                    }
                }
                Op::ExtInstImport => {
                    let name = literal_string(&ins.operands).0;
                    let set = match name.as_str() {
                        "GLSL.std.450" => Some(ExtSet::Glsl),
                        "OpenCL.std" => Some(ExtSet::OpenCl),
                        "SPV_AMD_shader_trinary_minmax" => Some(ExtSet::AmdTrinary),
                        n if is_non_semantic(n) => None,
                        _ => {
                            return Err(err(
                                ins.offset,
                                format!(
                                    "unsupported extended instruction set {}",
                                    printable(&name)
                                ),
                            ))
                        }
                    };
                    self.ext_sets.insert(ins.result_id, (name, set));
                }
                Op::MemoryModel => {
                    self.types.pointer_bits = match ins.operands.first() {
                        Some(1) => 32,
                        _ => 64,
                    };
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn find_entry(&self, entry: &str) -> Result<(u32, ExecutionModel, usize), ModuleError> {
        let mut found = Vec::new();
        for ins in &self.m.instrs {
            if ins.op == Op::EntryPoint && ins.operands.len() >= 3 {
                let name = literal_string(&ins.operands[2..]).0;
                let model = ExecutionModel::from_u32(ins.operands[0])
                    .ok_or_else(|| err(ins.offset, "unknown execution model"))?;
                if name == entry {
                    return Ok((ins.operands[1], model, ins.offset));
                }
                found.push(name);
            }
        }
        Err(ModuleError::general(if found.is_empty() {
            "the module has no entry point".to_string()
        } else {
            format!(
                "no entry point named '{}' (the module has: {})",
                printable(entry),
                found
                    .iter()
                    .map(|name| format!("'{}'", printable(name)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }))
    }

    /// The entry point's own workgroup size, if it has one; a size no
    /// workgroup can have is an error at the instruction that gives it.
    fn local_size(&self, entry_fn: u32) -> Result<Option<[u32; 3]>, ModuleError> {
        let Some(DeclaredSize {
            size,
            offset,
            source,
        }) = self.declared_local_size(entry_fn)?
        else {
            return Ok(None);
        };
        crate::ir::check_workgroup_size(size).map_err(|reason| {
            err(
                offset,
                format!("the kernel's {source} gives workgroup size {size:?}: {reason}"),
            )
        })?;
        Ok(Some(size))
    }

    /// The size from a WorkgroupSize built-in constant or the execution
    /// modes, and the instruction that gives it.
    fn declared_local_size(&self, entry_fn: u32) -> Result<Option<DeclaredSize>, ModuleError> {
        // A WorkgroupSize built-in constant wins over the execution modes.
        for (id, decs) in &self.decorations {
            for (d, args) in decs {
                if *d == Decoration::BuiltIn
                    && args.first() == Some(&(spirv::BuiltIn::WorkgroupSize as u32))
                {
                    if let Some(Val::Regs(regs)) = self.globals.get(id) {
                        let v: Vec<u32> =
                            regs.iter().map(|r| self.reg_constant(*r) as u32).collect();
                        let definition = self.m.instrs.iter().find(|ins| ins.result_id == *id);
                        if let (3, Some(ins)) = (v.len(), definition) {
                            return Ok(Some(DeclaredSize {
                                size: [v[0], v[1], v[2]],
                                offset: ins.offset,
                                source: "WorkgroupSize built-in",
                            }));
                        }
                    }
                }
            }
        }
        for ins in &self.m.instrs {
            if ins.op != Op::ExecutionMode && ins.op != Op::ExecutionModeId {
                continue;
            }
            if ins.operands.first() != Some(&entry_fn) || ins.operands.len() < 5 {
                continue;
            }
            let mode = ExecutionMode::from_u32(ins.operands[1]);
            let v = &ins.operands[2..5];
            match mode {
                Some(ExecutionMode::LocalSize) => {
                    return Ok(Some(DeclaredSize {
                        size: [v[0], v[1], v[2]],
                        offset: ins.offset,
                        source: "LocalSize",
                    }))
                }
                Some(ExecutionMode::LocalSizeId) => {
                    let get = |id: u32| {
                        self.const_values
                            .get(&id)
                            .map(|x| *x as u32)
                            .ok_or_else(|| {
                                err(
                                    ins.offset,
                                    format!("LocalSizeId operand %{id} is not a constant"),
                                )
                            })
                    };
                    return Ok(Some(DeclaredSize {
                        size: [get(v[0])?, get(v[1])?, get(v[2])?],
                        offset: ins.offset,
                        source: "LocalSizeId",
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    fn reg_constant(&self, reg: Reg) -> u64 {
        self.constants
            .iter()
            .find(|(r, _)| *r == reg)
            .map(|(_, v)| *v)
            .unwrap_or(0)
    }

    /// Whether every member of struct `id` is decorated NonWritable (as
    /// a GLSL `readonly` buffer block is).
    fn all_members_non_writable(&self, id: u32) -> bool {
        match self.types.get(id) {
            Ok(Type::Struct { members }) => {
                (0..members.len() as u32).all(|m| self.non_writable_members.contains(&(id, m)))
            }
            _ => false,
        }
    }

    fn decoration(&self, id: u32, d: Decoration) -> Option<&[u32]> {
        self.decorations
            .get(&id)?
            .iter()
            .find(|(x, _)| *x == d)
            .map(|(_, a)| a.as_slice())
    }

    pub(crate) fn rounding(&self, id: u32) -> Option<Rounding> {
        self.decoration(id, Decoration::FPRoundingMode)
            .and_then(|a| a.first())
            .map(|m| match m {
                1 => Rounding::Rtz,
                2 => Rounding::Rtp,
                3 => Rounding::Rtn,
                _ => Rounding::Rte,
            })
    }

    pub(crate) fn saturated(&self, id: u32) -> bool {
        self.decoration(id, Decoration::SaturatedConversion)
            .is_some()
    }

    pub(crate) fn name_of(&self, id: u32) -> String {
        self.names
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("%{id}"))
    }

    // ----- registers and emission -----

    pub(crate) fn alloc(&mut self) -> Reg {
        self.reg_count += 1;
        self.reg_count - 1
    }

    pub(crate) fn alloc_n(&mut self, n: usize) -> Vec<Reg> {
        (0..n).map(|_| self.alloc()).collect()
    }

    /// A register holding `bits` in every lane.
    pub(crate) fn const_reg(&mut self, bits: u64) -> Reg {
        if let Some(r) = self.const_regs.get(&bits) {
            return *r;
        }
        let r = self.alloc();
        self.constants.push((r, bits));
        self.const_regs.insert(bits, r);
        r
    }

    pub(crate) fn emit(&mut self, inst: Inst) {
        self.insts.push(inst);
        self.origins.push(self.origin.clone());
    }

    /// The instructions emitted next come from `ins`, on source line
    /// `source` (its block's last OpLine or DebugLine), if known.
    pub(crate) fn set_origin(&mut self, ins: &Instr, source: Option<SourceLine>) {
        let opcode = rspirv::grammar::INSTRUCTION_TABLE.get(ins.op).opname;
        self.origin = Origin {
            opcode,
            location: Location::Word(ins.offset),
            source,
        };
    }

    /// The instruction number of `ins` if it is an OpExtInst of
    /// NonSemantic.Shader.DebugInfo.100 (glslang's -gV).
    pub(crate) fn debug_info_op(&self, ins: &Instr) -> Option<u32> {
        let (name, _) = self.ext_sets.get(ins.operands.first()?)?;
        (name == "NonSemantic.Shader.DebugInfo.100")
            .then(|| ins.operands.get(1).copied())
            .flatten()
    }

    /// The source line a DebugLine of NonSemantic.Shader.DebugInfo.100
    /// names: its DebugSource's file, its first line and column (ids of
    /// constants, as that set's operands are).
    pub(crate) fn debug_line(&mut self, ins: &Instr) -> Option<SourceLine> {
        let (source, line, column) = (
            ins.operands.get(2)?,
            ins.operands.get(3)?,
            ins.operands.get(5)?,
        );
        let file = *self.debug_sources.get(source)?;
        let line = *self.const_values.get(line)? as u32;
        let column = *self.const_values.get(column)? as u32;
        self.line_in(file, line, column)
    }

    /// The source line an OpLine names (none if its file is no OpString,
    /// or its line is 0).
    pub(crate) fn source_line(&mut self, ins: &Instr) -> Option<SourceLine> {
        let [file, line, column] = ins.operands[..] else {
            return None;
        };
        self.line_in(file, line, column)
    }

    /// Line `line`, column `column` of the file OpString `file` names.
    fn line_in(&mut self, file: u32, line: u32, column: u32) -> Option<SourceLine> {
        if line == 0 {
            // What llvm-spirv writes for code of no line.
            return None;
        }
        let name = self.strings.get(&file)?;
        let file = match self.source_files.iter().position(|f| f == name) {
            Some(i) => i,
            None => {
                self.source_files.push(name.clone());
                self.source_files.len() - 1
            }
        };
        Some(SourceLine {
            file: file as u32,
            line,
            column,
        })
    }

    // ----- declarations -----

    fn read_declarations(&mut self, options: &Options) -> Result<(), ModuleError> {
        let m = self.m;
        // Decorations first: types and constants need them.
        let mut groups: HashMap<u32, Vec<(Decoration, Vec<u32>)>> = HashMap::new();
        let mut member_decs: Vec<(u32, u32, Decoration, Vec<u32>, usize)> = Vec::new();
        for ins in &m.instrs {
            match ins.op {
                Op::String => {
                    self.strings
                        .insert(ins.result_id, literal_string(&ins.operands).0);
                }
                Op::ExtInst if self.debug_info_op(ins) == Some(DEBUG_SOURCE) => {
                    if let Some(&file) = ins.operands.get(2) {
                        self.debug_sources.insert(ins.result_id, file);
                    }
                }
                Op::Name if !ins.operands.is_empty() => {
                    self.names
                        .insert(ins.operands[0], literal_string(&ins.operands[1..]).0);
                }
                Op::Decorate | Op::DecorateId | Op::DecorateString if ins.operands.len() >= 2 => {
                    if let Some(d) = Decoration::from_u32(ins.operands[1]) {
                        self.decorations
                            .entry(ins.operands[0])
                            .or_default()
                            .push((d, ins.operands[2..].to_vec()));
                    }
                }
                Op::MemberDecorate if ins.operands.len() >= 3 => {
                    if let Some(d) = Decoration::from_u32(ins.operands[2]) {
                        member_decs.push((
                            ins.operands[0],
                            ins.operands[1],
                            d,
                            ins.operands[3..].to_vec(),
                            ins.offset,
                        ));
                    }
                }
                Op::DecorationGroup => {
                    let decs = self.decorations.remove(&ins.result_id).unwrap_or_default();
                    groups.insert(ins.result_id, decs);
                }
                Op::GroupDecorate if !ins.operands.is_empty() => {
                    let decs = groups.get(&ins.operands[0]).cloned().unwrap_or_default();
                    for t in &ins.operands[1..] {
                        self.decorations.entry(*t).or_default().extend(decs.clone());
                    }
                }
                Op::GroupMemberDecorate if !ins.operands.is_empty() => {
                    let decs = groups.get(&ins.operands[0]).cloned().unwrap_or_default();
                    for pair in ins.operands[1..].chunks_exact(2) {
                        for (d, a) in &decs {
                            member_decs.push((pair[0], pair[1], *d, a.clone(), ins.offset));
                        }
                    }
                }
                _ => {}
            }
        }
        for (id, decs) in &self.decorations {
            let td = self.types.decorations.entry(*id).or_default();
            for (d, a) in decs {
                match d {
                    Decoration::ArrayStride => td.array_stride = a.first().copied(),
                    Decoration::CPacked => td.packed = true,
                    _ => {}
                }
            }
        }
        for (strukt, member, d, a, offset) in member_decs {
            if member as usize >= MAX_MEMBERS {
                return Err(err(
                    offset,
                    format!("member {member} of %{strukt} is beyond any struct ({MAX_MEMBERS} members at most)"),
                ));
            }
            let td: &mut TypeDecorations = self.types.decorations.entry(strukt).or_default();
            let i = member as usize;
            if td.member_offsets.len() <= i {
                td.member_offsets.resize(i + 1, None);
                td.member_matrix.resize(i + 1, MatrixLayout::default());
            }
            match d {
                Decoration::Offset => td.member_offsets[i] = a.first().copied(),
                Decoration::MatrixStride => td.member_matrix[i].stride = a.first().copied(),
                Decoration::RowMajor => td.member_matrix[i].row_major = true,
                Decoration::NonWritable => {
                    self.non_writable_members.insert((strukt, member));
                }
                _ => {}
            }
        }

        let mut in_function = false;
        let mut current_fn: Option<(u32, usize)> = None;
        let mut fn_has_body = false;
        for (index, ins) in m.instrs.iter().enumerate() {
            if ins.result_type != 0 && ins.result_id != 0 {
                self.id_types.insert(ins.result_id, ins.result_type);
            }
            match ins.op {
                Op::Function => {
                    in_function = true;
                    current_fn = Some((ins.result_id, index));
                    fn_has_body = false;
                    continue;
                }
                Op::Label => fn_has_body = true,
                Op::FunctionEnd => {
                    in_function = false;
                    if let Some((id, start)) = current_fn.take() {
                        self.functions.insert(
                            id,
                            FunctionDef {
                                start,
                                end: index,
                                has_body: fn_has_body,
                            },
                        );
                    }
                    continue;
                }
                _ => {}
            }
            if in_function {
                continue;
            }
            self.set_origin(ins, None);
            self.declare(ins, options).map_err(|e| err(ins.offset, e))?;
        }
        Ok(())
    }

    /// Reads one module-level type, constant or variable declaration.
    fn declare(&mut self, ins: &Instr, options: &Options) -> Result<(), String> {
        let o = &ins.operands;
        let id = ins.result_id;
        let need = |n: usize| {
            if o.len() < n {
                Err(format!("missing operands ({} of {n})", o.len()))
            } else {
                Ok(())
            }
        };
        let ty = match ins.op {
            Op::TypeVoid => Some(Type::Void),
            Op::TypeBool => Some(Type::Bool),
            Op::TypeInt => {
                need(2)?;
                if ![8, 16, 32, 64].contains(&o[0]) {
                    return Err(format!("unsupported integer width {}", o[0]));
                }
                Some(Type::Int {
                    bits: o[0] as u8,
                    signed: o[1] != 0,
                })
            }
            Op::TypeFloat => {
                need(1)?;
                if ![16, 32, 64].contains(&o[0]) {
                    return Err(format!("unsupported float width {}", o[0]));
                }
                Some(Type::Float { bits: o[0] as u8 })
            }
            Op::TypeVector => {
                need(2)?;
                Some(Type::Vector {
                    elem: o[0],
                    count: o[1],
                })
            }
            Op::TypeMatrix => {
                need(2)?;
                Some(Type::Matrix {
                    column: o[0],
                    columns: o[1],
                })
            }
            Op::TypeArray => {
                need(2)?;
                let len = *self
                    .const_values
                    .get(&o[1])
                    .ok_or_else(|| format!("array length %{} is not a known constant", o[1]))?;
                Some(Type::Array {
                    elem: o[0],
                    len: u32::try_from(len).map_err(|_| "array too long".to_string())?,
                })
            }
            Op::TypeRuntimeArray => {
                need(1)?;
                Some(Type::RuntimeArray { elem: o[0] })
            }
            Op::TypeStruct => Some(Type::Struct { members: o.clone() }),
            Op::TypePointer => {
                need(2)?;
                let storage = StorageClass::from_u32(o[0])
                    .ok_or_else(|| format!("unknown storage class {}", o[0]))?;
                Some(Type::Pointer {
                    storage,
                    pointee: o[1],
                })
            }
            Op::TypeFunction => Some(Type::Function),
            Op::TypeForwardPointer => None,
            Op::TypeImage => {
                need(7)?;
                let dim = spirv::Dim::from_u32(o[1]).ok_or("unknown image dimension")?;
                let format = spirv::ImageFormat::from_u32(o[6]).ok_or("unknown image format")?;
                Some(Type::Image(crate::types::ImageType {
                    sampled_type: o[0],
                    dim,
                    arrayed: o[3] != 0,
                    multisampled: o[4] != 0,
                    sampled: o[5],
                    format,
                }))
            }
            Op::TypeSampler => Some(Type::Sampler),
            Op::TypeSampledImage => {
                need(1)?;
                Some(Type::SampledImage { image: o[0] })
            }
            op if crate::types::is_opaque_type(op) => {
                return Err("events, pipes and other opaque types are not supported".into())
            }
            _ => None,
        };
        if let Some(t) = ty {
            self.types.types.insert(id, t);
            return Ok(());
        }
        match ins.op {
            Op::Constant | Op::SpecConstant => {
                let mut bits = match o.as_slice() {
                    [lo] => *lo as u64,
                    [lo, hi, ..] => (*lo as u64) | ((*hi as u64) << 32),
                    [] => return Err("constant without a value".into()),
                };
                let scalar = self.types.scalar(ins.result_type)?;
                if ins.op == Op::SpecConstant {
                    if let Some((spec_id, v)) = self.spec_override(id, options) {
                        let signed = match (self.dialect, self.types.get(ins.result_type)?) {
                            (Dialect::Shader, Type::Int { signed, .. })
                                if options.strict_spec_constants =>
                            {
                                Some(*signed)
                            }
                            _ => None,
                        };
                        bits = v.bits(scalar, signed).map_err(|e| {
                            format!("specialization constant SpecId {spec_id}: {e}")
                        })?;
                    }
                }
                bits &= mask(scalar);
                self.define_const(id, bits);
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let mut v = matches!(ins.op, Op::ConstantTrue | Op::SpecConstantTrue);
                if matches!(ins.op, Op::SpecConstantTrue | Op::SpecConstantFalse) {
                    if let Some((spec_id, x)) = self.spec_override(id, options) {
                        v = x.bits(Scalar::Bool, None).map_err(|e| {
                            format!("specialization constant SpecId {spec_id}: {e}")
                        })? != 0;
                    }
                }
                self.define_const(id, v as u64);
            }
            Op::ConstantNull | Op::Undef => {
                let n = self.types.flatten(ins.result_type)?.len();
                let zero = self.const_reg(0);
                self.globals.insert(id, Val::Regs(vec![zero; n]));
                if n == 1 {
                    self.const_values.insert(id, 0);
                }
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                let mut regs = Vec::new();
                for c in o {
                    match self.globals.get(c) {
                        Some(Val::Regs(r)) => regs.extend_from_slice(r),
                        _ => return Err(format!("constituent %{c} is not a constant")),
                    }
                }
                self.globals.insert(id, Val::Regs(regs));
            }
            Op::SpecConstantOp => {
                // Evaluated at kernel start like an ordinary instruction.
                self.spec_ops.push(ins.clone());
            }
            Op::Variable => self.declare_variable(ins, options)?,
            Op::ConstantSampler => self.constant_sampler(ins)?,
            Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::String
            | Op::Source
            | Op::SourceExtension
            | Op::SourceContinued
            | Op::Name
            | Op::MemberName
            | Op::ModuleProcessed
            | Op::Decorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorate
            | Op::MemberDecorateString
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::Line
            | Op::NoLine
            | Op::Nop
            | Op::ExtInst => {}
            other => return Err(format!("Op{other:?} is not supported at module scope")),
        }
        Ok(())
    }

    /// The override of the specialization constant `id`, with its SpecId.
    fn spec_override(&self, id: u32, options: &Options) -> Option<(u32, SpecValue)> {
        let spec_id = *self.decoration(id, Decoration::SpecId)?.first()?;
        Some((spec_id, *options.spec_constants.get(&spec_id)?))
    }

    /// Refuses an override whose SpecId no constant of the module has: a
    /// typo would otherwise leave the default in place without a word.
    fn check_spec_ids(&self, options: &Options) -> Result<(), ModuleError> {
        if !options.strict_spec_constants {
            return Ok(());
        }
        let mut declared: Vec<u32> = self
            .decorations
            .values()
            .flatten()
            .filter(|(d, _)| *d == Decoration::SpecId)
            .filter_map(|(_, a)| a.first().copied())
            .collect();
        declared.sort_unstable();
        declared.dedup();
        let mut unknown: Vec<u32> = options
            .spec_constants
            .keys()
            .copied()
            .filter(|k| declared.binary_search(k).is_err())
            .collect();
        unknown.sort_unstable();
        let Some(first) = unknown.first() else {
            return Ok(());
        };
        let list = |ids: &[u32]| {
            ids.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        Err(ModuleError {
            location: None,
            message: format!(
                "no specialization constant of the module has SpecId {first}{}; its SpecIds: {}",
                if unknown.len() > 1 {
                    format!(" (nor {})", list(&unknown[1..]))
                } else {
                    String::new()
                },
                if declared.is_empty() {
                    "none".to_string()
                } else {
                    list(&declared)
                }
            ),
        })
    }

    fn define_const(&mut self, id: u32, bits: u64) {
        let r = self.const_reg(bits);
        self.globals.insert(id, Val::Regs(vec![r]));
        self.const_values.insert(id, bits);
    }

    fn declare_variable(&mut self, ins: &Instr, options: &Options) -> Result<(), String> {
        let id = ins.result_id;
        let Type::Pointer { storage, pointee } = self.types.get(ins.result_type)?.clone() else {
            return Err("variable type is not a pointer".into());
        };
        // glslang often leaves a buffer variable unnamed; its block type
        // then names it.
        let name = match self.name_of(id) {
            n if n.is_empty() => self.name_of(pointee),
            n => n,
        };
        let val = match storage {
            StorageClass::StorageBuffer | StorageClass::Uniform | StorageClass::PushConstant => {
                // An array of blocks is an array of descriptors: element k
                // is its own buffer, bound as array element k.
                let set = self
                    .decoration(id, Decoration::DescriptorSet)
                    .and_then(|a| a.first().copied())
                    .unwrap_or(0);
                let binding = self
                    .decoration(id, Decoration::Binding)
                    .and_then(|a| a.first().copied())
                    .unwrap_or(0);
                let (block, count) = match *self.types.get(pointee)? {
                    _ if storage == StorageClass::PushConstant => (pointee, 1),
                    Type::Array { elem, len } => (elem, len),
                    // Sized by what the host binds there.
                    Type::RuntimeArray { elem } => {
                        match options.descriptor_counts.get(&(set, binding)) {
                            Some(&n) if n > 0 => (elem, n),
                            _ => {
                                return Err(format!(
                                    "'{name}' is a runtime-sized array of descriptors at set {set} binding {binding}, and no buffer is bound there"
                                ))
                            }
                        }
                    }
                    _ => (pointee, 1),
                };
                if count > MAX_DESCRIPTORS {
                    return Err(format!(
                        "'{name}' is an array of {count} descriptors; at most {MAX_DESCRIPTORS} are supported"
                    ));
                }
                let kind = match storage {
                    StorageClass::PushConstant => ResourceKind::PushConstant,
                    StorageClass::Uniform
                        if self.decoration(block, Decoration::BufferBlock).is_none() =>
                    {
                        ResourceKind::UniformBuffer
                    }
                    _ => ResourceKind::StorageBuffer,
                };
                let read_only = kind != ResourceKind::StorageBuffer
                    || self.decoration(id, Decoration::NonWritable).is_some()
                    || self.all_members_non_writable(block);
                let first = self.resources.len();
                for index in 0..count {
                    let reg = self.alloc();
                    let size_reg = self.alloc();
                    self.resources.push(Resource {
                        kind,
                        set,
                        binding,
                        index,
                        name: name.clone(),
                        reg,
                        size_reg,
                        read_only,
                        declared_format: None,
                    });
                }
                if block != pointee {
                    // Only an access chain can use it: its first index
                    // picks the descriptor (`body.rs`).
                    self.descriptor_arrays.insert(id, first..first + count as usize);
                    return Ok(());
                }
                Val::Ptr {
                    reg: self.resources[first].reg,
                    offset: 0,
                    matrix: MatrixLayout::default(),
                }
            }
            StorageClass::Input => {
                let b = self
                    .decoration(id, Decoration::BuiltIn)
                    .and_then(|a| a.first().copied())
                    .ok_or_else(|| format!("input variable '{name}' is not a built-in"))?;
                let builtin = builtin_from(b)
                    .ok_or_else(|| format!("built-in {:?} is not available to compute kernels", spirv::BuiltIn::from_u32(b)))?;
                let comps = self.types.flatten(pointee)?;
                let ty = comps[0];
                let (size, align) = self.types.size_align(pointee)?;
                let offset = self.alloc_private(size, align)?;
                let regs = self.alloc_n(comps.len());
                self.builtins.push(BuiltInSlot {
                    builtin,
                    offset,
                    ty,
                    regs,
                });
                self.address_val(address::PRIVATE_BASE + offset as u64)
            }
            StorageClass::Private | StorageClass::Function => {
                let (size, align) = self.types.size_align(pointee)?;
                let offset = self.alloc_private(size, align)?;
                let v = self.address_val(address::PRIVATE_BASE + offset as u64);
                if let Some(init) = ins.operands.get(1) {
                    self.initializers.push((id, *init));
                }
                v
            }
            StorageClass::Workgroup => {
                let (size, align) = self.types.size_align(pointee)?;
                // WorkgroupMemoryExplicitLayoutKHR: Block-decorated
                // variables all start at offset 0 and alias each other,
                // with their explicit Offset/ArrayStride layout.
                let block = self.decoration(pointee, Decoration::Block).is_some();
                let offset = match (block, self.workgroup_layout) {
                    (true, WorkgroupLayout::Blocks | WorkgroupLayout::None) => {
                        self.workgroup_layout = WorkgroupLayout::Blocks;
                        self.alias_workgroup(size)?
                    }
                    (false, WorkgroupLayout::Plain | WorkgroupLayout::None) => {
                        self.workgroup_layout = WorkgroupLayout::Plain;
                        self.alloc_workgroup(size, align)?
                    }
                    _ => {
                        return Err(format!(
                            "workgroup variable '{name}': Block-decorated workgroup variables (explicit layout) and others cannot be declared together"
                        ))
                    }
                };
                // Each workgroup's memory starts zeroed in both engines
                // (sim's launch and timing), which is all a null
                // initializer asks: storing it per wave would wipe what
                // earlier waves of the workgroup stored.
                if let Some(&init) = ins.operands.get(1) {
                    let defined_by = self.m.instrs.iter().find(|i| i.result_id == init);
                    if defined_by.map(|i| i.op) != Some(Op::ConstantNull) {
                        return Err(format!(
                            "workgroup variable '{name}' has an initializer other than OpConstantNull, which Vulkan and OpenCL do not allow"
                        ));
                    }
                }
                self.address_val(address::WORKGROUP_BASE + offset as u64)
            }
            StorageClass::UniformConstant if self.is_handle_type(pointee) => {
                return self.declare_handle_variable(id, pointee, &name, options);
            }
            StorageClass::CrossWorkgroup | StorageClass::UniformConstant => {
                // Program-scope data: kept in each lane's private memory,
                // which is enough for the read-only tables OpenCL emits.
                let (size, align) = self.types.size_align(pointee)?;
                let offset = self.alloc_private(size, align)?;
                if let Some(init) = ins.operands.get(1) {
                    self.initializers.push((id, *init));
                }
                self.address_val(address::PRIVATE_BASE + offset as u64)
            }
            other => {
                return Err(format!(
                    "variable '{name}' is in storage class {other:?}, which compute kernels here cannot use"
                ))
            }
        };
        self.globals.insert(id, val);
        Ok(())
    }

    pub(crate) fn alloc_private(&mut self, size: u32, align: u32) -> Result<u32, String> {
        let offset = crate::types::round_up(self.private_bytes, align.max(4));
        self.private_bytes = offset + size.max(1);
        if self.private_bytes > MAX_PRIVATE_BYTES {
            return Err(format!(
                "each invocation would need {} bytes of private memory; at most {MAX_PRIVATE_BYTES} are supported",
                self.private_bytes
            ));
        }
        Ok(offset)
    }

    /// Room for `size` bytes of workgroup memory; returns its offset.
    pub(crate) fn alloc_workgroup(&mut self, size: u32, align: u32) -> Result<u32, String> {
        let offset = crate::types::round_up(self.workgroup_bytes, align.max(4));
        self.workgroup_bytes = offset + size;
        if self.workgroup_bytes > MAX_WORKGROUP_BYTES {
            return Err(format!(
                "workgroup variables need {} bytes; at most {MAX_WORKGROUP_BYTES} are supported",
                self.workgroup_bytes
            ));
        }
        Ok(offset)
    }

    /// A Block-decorated workgroup variable of `size` bytes: at offset 0,
    /// over the memory of every other one.
    fn alias_workgroup(&mut self, size: u32) -> Result<u32, String> {
        self.workgroup_bytes = self.workgroup_bytes.max(size);
        if self.workgroup_bytes > MAX_WORKGROUP_BYTES {
            return Err(format!(
                "workgroup variables need {} bytes; at most {MAX_WORKGROUP_BYTES} are supported",
                self.workgroup_bytes
            ));
        }
        Ok(0)
    }

    pub(crate) fn address_val(&mut self, addr: u64) -> Val {
        Val::Ptr {
            reg: self.const_reg(addr),
            offset: 0,
            matrix: MatrixLayout::default(),
        }
    }

    /// Lowers the entry function with everything it calls inlined; returns
    /// the OpenCL kernel parameters.
    fn lower_entry(&mut self, entry_fn: u32) -> Result<Vec<Param>, ModuleError> {
        let def = self
            .functions
            .get(&entry_fn)
            .ok_or_else(|| ModuleError::general("entry point function has no definition"))?;
        let (start, end) = (def.start, def.end);
        let mut params = Vec::new();
        let mut args = Vec::new();
        for ins in &self.m.instrs[start..end] {
            if ins.op != Op::FunctionParameter {
                continue;
            }
            let name = self.name_of(ins.result_id);
            let (param, val) = match self.types.get(ins.result_type) {
                Ok(Type::Image(_) | Type::Sampler | Type::SampledImage { .. }) => self
                    .handle_param(ins.result_id, ins.result_type, params.len() as u32, name)
                    .map_err(|e| err(ins.offset, e))?,
                _ => self
                    .kernel_param(ins.result_type, name)
                    .map_err(|e| err(ins.offset, e))?,
            };
            params.push(param);
            args.push(val);
        }
        // Prologue: initializers of module-scope variables, then the
        // specialization constant operations.
        for (var, init) in std::mem::take(&mut self.initializers) {
            self.store_initializer(var, init)?;
        }
        for ins in std::mem::take(&mut self.spec_ops) {
            self.set_origin(&ins, None);
            self.lower_spec_op(&ins)?;
        }
        self.inline_function(entry_fn, args, None)?;
        Ok(params)
    }

    fn kernel_param(&mut self, ty: u32, name: String) -> Result<(Param, Val), String> {
        match self.types.get(ty)?.clone() {
            Type::Pointer { storage, pointee } => {
                // The number it points to: a scalar, or a vector's component.
                let number = match self.types.get(pointee)? {
                    Type::Vector { elem, .. } => *elem,
                    _ => pointee,
                };
                let element = match self.types.get(number)? {
                    Type::Int { .. } | Type::Float { .. } => self.types.scalar(number).ok(),
                    _ => None,
                };
                let kind = match storage {
                    StorageClass::CrossWorkgroup
                    | StorageClass::UniformConstant
                    | StorageClass::Generic => crate::ir::ParamKind::GlobalPointer { element },
                    StorageClass::Workgroup => crate::ir::ParamKind::LocalPointer,
                    other => {
                        return Err(format!(
                            "kernel argument '{name}' is a pointer to {other:?} memory (by-value structs are not supported)"
                        ))
                    }
                };
                let reg = self.alloc();
                let read_only = storage == StorageClass::UniformConstant;
                Ok((
                    Param {
                        name,
                        kind,
                        reg,
                        read_only,
                    },
                    Val::Ptr {
                        reg,
                        offset: 0,
                        matrix: MatrixLayout::default(),
                    },
                ))
            }
            _ => {
                let layout = self.types.scalar_offsets(ty, MatrixLayout::default())?;
                let regs = self.alloc_n(layout.len());
                let comps: Vec<(Scalar, u32, Reg)> = layout
                    .iter()
                    .zip(&regs)
                    .map(|((s, off), r)| (*s, *off, *r))
                    .collect();
                let reg = regs.first().copied().unwrap_or(0);
                Ok((
                    Param {
                        name,
                        kind: crate::ir::ParamKind::Value(comps),
                        reg,
                        read_only: true,
                    },
                    Val::Regs(regs),
                ))
            }
        }
    }
}

pub(crate) fn mask(s: Scalar) -> u64 {
    crate::core::mask(s.bits())
}

fn builtin_from(b: u32) -> Option<BuiltIn> {
    use spirv::BuiltIn as B;
    Some(match B::from_u32(b)? {
        B::GlobalInvocationId => BuiltIn::GlobalInvocationId,
        B::LocalInvocationId => BuiltIn::LocalInvocationId,
        B::LocalInvocationIndex => BuiltIn::LocalInvocationIndex,
        B::WorkgroupId => BuiltIn::WorkgroupId,
        B::NumWorkgroups => BuiltIn::NumWorkgroups,
        B::WorkgroupSize => BuiltIn::WorkgroupSize,
        B::GlobalSize => BuiltIn::GlobalSize,
        B::GlobalOffset => BuiltIn::GlobalOffset,
        B::EnqueuedWorkgroupSize => BuiltIn::EnqueuedWorkgroupSize,
        B::GlobalLinearId => BuiltIn::GlobalLinearId,
        B::WorkDim => BuiltIn::WorkDim,
        B::NumSubgroups => BuiltIn::NumSubgroups,
        B::SubgroupId => BuiltIn::SubgroupId,
        B::SubgroupSize => BuiltIn::SubgroupSize,
        B::SubgroupMaxSize => BuiltIn::SubgroupMaxSize,
        B::NumEnqueuedSubgroups => BuiltIn::NumEnqueuedSubgroups,
        B::SubgroupLocalInvocationId => BuiltIn::SubgroupLocalInvocationId,
        B::SubgroupEqMask => BuiltIn::SubgroupEqMask,
        B::SubgroupGeMask => BuiltIn::SubgroupGeMask,
        B::SubgroupGtMask => BuiltIn::SubgroupGtMask,
        B::SubgroupLeMask => BuiltIn::SubgroupLeMask,
        B::SubgroupLtMask => BuiltIn::SubgroupLtMask,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_values_fit_their_constants_type_or_are_refused() {
        // (value, type, signedness, the bits or None for an error), from
        // the integer ranges and IEEE 754 limits.
        let int = SpecValue::Int;
        let float = SpecValue::Float;
        let rows: &[(SpecValue, Scalar, Option<bool>, Option<u64>)] = &[
            (int(-1), Scalar::Int(32), Some(true), Some(0xffff_ffff)),
            (int(-1), Scalar::Int(32), Some(false), None),
            (
                int(4_294_967_295),
                Scalar::Int(32),
                Some(false),
                Some(0xffff_ffff),
            ),
            (int(4_294_967_296), Scalar::Int(32), Some(false), None),
            (int(2_147_483_648), Scalar::Int(32), Some(true), None),
            (
                int(-2_147_483_648),
                Scalar::Int(32),
                Some(true),
                Some(0x8000_0000),
            ),
            (int(-129), Scalar::Int(8), None, None),
            (int(-128), Scalar::Int(8), None, Some(0x80)),
            // Vulkan's rule (Amber): the bits of the width, read either way.
            (int(4_294_967_295), Scalar::Int(32), None, Some(0xffff_ffff)),
            (int(-1), Scalar::Int(32), None, Some(0xffff_ffff)),
            (int(255), Scalar::Int(8), None, Some(0xff)),
            (int(256), Scalar::Int(8), None, None),
            (
                int(5_000_000_000),
                Scalar::Int(64),
                Some(true),
                Some(5_000_000_000),
            ),
            (float(1e39), Scalar::Float(32), None, None),
            (float(-1e39), Scalar::Float(32), None, None),
            (
                float(3.4028235e38),
                Scalar::Float(32),
                None,
                Some(0x7f7f_ffff),
            ),
            (
                float(f64::INFINITY),
                Scalar::Float(32),
                None,
                Some(0x7f80_0000),
            ),
            (float(65520.0), Scalar::Float(16), None, None),
            (float(65504.0), Scalar::Float(16), None, Some(0x7bff)),
            (float(0.25), Scalar::Float(32), None, Some(0x3e80_0000)),
            (int(3), Scalar::Float(32), None, Some(0x4040_0000)),
            // 2^53 + 2^29 + 1: to f32 rounded once up to 2^53 + 2^30
            // (0x5a000001); through f64 first it would be 2^53 + 2^29, a
            // tie, and then 2^53. To f64, a tie between 2^53 + 2^29 and the
            // next, to the even one.
            (
                int(9_007_199_791_611_905),
                Scalar::Float(32),
                None,
                Some(0x5a00_0001),
            ),
            (
                int(9_007_199_791_611_905),
                Scalar::Float(64),
                None,
                Some(0x4340_0000_1000_0000),
            ),
            (SpecValue::Bool(true), Scalar::Float(32), None, None),
            (float(1.0), Scalar::Int(32), Some(false), None),
            (SpecValue::Bool(true), Scalar::Bool, None, Some(1)),
        ];
        for &(v, ty, signed, want) in rows {
            let got = v.bits(ty, signed);
            assert_eq!(
                got.as_ref().ok().copied(),
                want,
                "{v:?} as {ty:?} ({signed:?}): {got:?}"
            );
        }
        // The messages name the range or the types in words.
        let e = int(-1).bits(Scalar::Int(32), Some(false)).unwrap_err();
        assert!(
            e.contains("32-bit unsigned integer (0..=4294967295)"),
            "{e}"
        );
        let e = SpecValue::Bool(true)
            .bits(Scalar::Float(32), None)
            .unwrap_err();
        assert_eq!(e, "the bool true cannot be a constant of type f32");
    }
}
