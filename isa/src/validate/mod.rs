//! Validation: the rules of a SPIR-V module that lowering relies on, checked
//! as a pass of its own before lowering starts, so that a malformed module
//! is refused with the instruction, its place and the rule it breaks rather
//! than reaching an index or an `unreachable!` deep in lowering.
//!
//! Checked here: the id bound is at most 0x3fffff; every result id is
//! nonzero, defined once and within the bound, and every result type
//! nonzero; types are declared before they are used (so no type contains
//! itself), with vector sizes 2-4 (8 and 16 under `Vector16`), matrices of
//! 2-4 float-vector columns, arrays of a positive constant length, the
//! width capabilities declared, and every forward-declared pointer declared;
//! constants of a numeric type declared before them; every id operand
//! (the parameters of decorations and other enumerants included) names
//! something the module defines; every block of a function body ends with
//! exactly one terminator, and every branch and switch target is a block of
//! the same function; OpExtInst names an imported set and, in a set whose
//! grammar is known, an instruction of it with its operand count;
//! OpSpecConstantOp performs an operation SPIR-V allows there; operands
//! are encoded as the grammar lays them out (`encoding`); and the operand
//! and result types of instructions (`operand_types`).

mod annotations;
mod capabilities;
mod encoding;
mod operand_types;
mod uses;

use crate::asm::{enum_params, ext_inst_info, kind_class, KindClass};
use crate::module::{is_non_semantic, literal_string, printable, Instr, Module, ModuleError};
use crate::types::{is_opaque_type, Type};
use rspirv::grammar::{OperandKind, OperandQuantifier, INSTRUCTION_TABLE};
use spirv::{Capability, Op, StorageClass};
use std::collections::{HashMap, HashSet};

/// Arrays longer than this are refused: their values could not be held,
/// and lowering sizes things by them.
pub const MAX_ARRAY_LEN: u64 = 1 << 24;

/// Modules with a larger id bound are refused (spirv-val's default limit):
/// lowering numbers its own labels and registers after the module's ids.
pub const MAX_ID_BOUND: u32 = 0x3f_ffff;

/// The operations OpSpecConstantOp may perform (SPIR-V 1.6, OpSpecConstantOp).
const SPEC_CONSTANT_OPS: &[Op] = &[
    Op::SConvert,
    Op::UConvert,
    Op::FConvert,
    Op::SNegate,
    Op::Not,
    Op::IAdd,
    Op::ISub,
    Op::IMul,
    Op::UDiv,
    Op::SDiv,
    Op::UMod,
    Op::SRem,
    Op::SMod,
    Op::ShiftRightLogical,
    Op::ShiftRightArithmetic,
    Op::ShiftLeftLogical,
    Op::BitwiseOr,
    Op::BitwiseXor,
    Op::BitwiseAnd,
    Op::VectorShuffle,
    Op::CompositeExtract,
    Op::CompositeInsert,
    Op::LogicalOr,
    Op::LogicalAnd,
    Op::LogicalNot,
    Op::LogicalEqual,
    Op::LogicalNotEqual,
    Op::Select,
    Op::IEqual,
    Op::INotEqual,
    Op::ULessThan,
    Op::SLessThan,
    Op::UGreaterThan,
    Op::SGreaterThan,
    Op::ULessThanEqual,
    Op::SLessThanEqual,
    Op::UGreaterThanEqual,
    Op::SGreaterThanEqual,
    Op::QuantizeToF16,
];

/// The further operations OpSpecConstantOp may perform with capability Kernel.
const KERNEL_SPEC_CONSTANT_OPS: &[Op] = &[
    Op::ConvertFToS,
    Op::ConvertSToF,
    Op::ConvertFToU,
    Op::ConvertUToF,
    Op::ConvertPtrToU,
    Op::ConvertUToPtr,
    Op::GenericCastToPtr,
    Op::PtrCastToGeneric,
    Op::Bitcast,
    Op::FNegate,
    Op::FAdd,
    Op::FSub,
    Op::FMul,
    Op::FDiv,
    Op::FRem,
    Op::FMod,
    Op::AccessChain,
    Op::InBoundsAccessChain,
    Op::PtrAccessChain,
    Op::InBoundsPtrAccessChain,
];

/// Validates `m`; the first rule broken is the error.
pub fn validate(m: &Module) -> Result<(), ModuleError> {
    let mut v = Validator {
        m,
        capabilities: HashSet::new(),
        available: HashSet::new(),
        defined: HashMap::new(),
        shapes: HashMap::new(),
        forward_pointers: HashSet::new(),
        value_types: HashMap::new(),
        int_constants: HashMap::new(),
    };
    v.collect_definitions()?;
    v.available = capabilities::closure(&v.capabilities);
    for ins in &m.instrs {
        v.check_declaration(ins)?;
    }
    v.check_forward_pointers_declared()?;
    v.check_operands_defined()?;
    v.check_uses()?;
    v.check_blocks()?;
    v.check_function_bodies()?;
    v.check_annotations()?;
    v.check_instruction_capabilities()?;
    let mut in_function = false;
    for ins in &m.instrs {
        match ins.op {
            Op::ExtInst => v.check_ext_inst(ins)?,
            Op::SpecConstantOp => v.check_spec_constant_op(ins)?,
            _ => {}
        }
        v.check_encoding(ins).map_err(|e| at(ins, e))?;
        v.check_types(ins).map_err(|e| at(ins, e))?;
        in_function = match ins.op {
            Op::Function => true,
            Op::FunctionEnd => false,
            _ => in_function,
        };
        if in_function {
            for id in v.ids_read(ins) {
                v.check_storage_only_use(ins, id).map_err(|e| at(ins, e))?;
            }
        }
    }
    Ok(())
}

struct Validator<'m> {
    m: &'m Module,
    capabilities: HashSet<Capability>,
    /// The declared capabilities and every one they implicitly declare.
    available: HashSet<Capability>,
    /// Result id -> index of the instruction defining it.
    defined: HashMap<u32, usize>,
    /// The types declared so far (in module order while declaring).
    shapes: HashMap<u32, Type>,
    forward_pointers: HashSet<u32>,
    /// Value id -> its type id.
    value_types: HashMap<u32, u32>,
    /// Integer constants declared so far: their value, or None for a
    /// specialization-constant operation (evaluated by lowering).
    int_constants: HashMap<u32, Option<u64>>,
}

fn at(ins: &Instr, message: impl Into<String>) -> ModuleError {
    ModuleError::at(ins.offset, format!("Op{:?}: {}", ins.op, message.into()))
}

fn is_terminator(op: Op) -> bool {
    matches!(
        op,
        Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Kill
            | Op::Unreachable
            | Op::TerminateInvocation
    )
}

impl Validator<'_> {
    fn collect_definitions(&mut self) -> Result<(), ModuleError> {
        if self.m.bound > MAX_ID_BOUND {
            return Err(ModuleError::at(
                3,
                format!(
                    "the id bound {} is over {MAX_ID_BOUND}, the most ids a module may have",
                    self.m.bound
                ),
            ));
        }
        for (index, ins) in self.m.instrs.iter().enumerate() {
            if ins.op == Op::Capability {
                if let Some(c) = ins.operands.first().and_then(|&c| Capability::from_u32(c)) {
                    self.capabilities.insert(c);
                }
            }
            let grammar = INSTRUCTION_TABLE.lookup_opcode(ins.op as u32);
            let has = |kind| grammar.is_some_and(|g| g.operands.iter().any(|o| o.kind == kind));
            if has(OperandKind::IdResultType) && ins.result_type == 0 {
                return Err(at(ins, "the result type is id 0, which names nothing"));
            }
            if !has(OperandKind::IdResult) {
                continue;
            }
            if ins.result_id == 0 {
                return Err(at(ins, "the result id is 0, which no id may be"));
            }
            if ins.result_id >= self.m.bound {
                return Err(at(
                    ins,
                    format!(
                        "result id %{} is not below the module's id bound {}",
                        ins.result_id, self.m.bound
                    ),
                ));
            }
            if let Some(&first) = self.defined.get(&ins.result_id) {
                return Err(at(
                    ins,
                    format!(
                        "result id %{} is defined twice (first at word {}); an id is defined once",
                        ins.result_id, self.m.instrs[first].offset
                    ),
                ));
            }
            self.defined.insert(ins.result_id, index);
            if ins.result_type != 0 {
                self.value_types.insert(ins.result_id, ins.result_type);
            }
        }
        Ok(())
    }

    fn has_any(&self, caps: &[Capability]) -> bool {
        caps.iter().any(|c| self.capabilities.contains(c))
    }

    /// A type operand: declared before this instruction, as SPIR-V requires
    /// of every type but a forward-declared pointer.
    fn type_operand(&self, ins: &Instr, id: u32, what: &str) -> Result<&Type, ModuleError> {
        self.shapes.get(&id).ok_or_else(|| {
            at(
                ins,
                format!("{what} %{id} is not a type declared before this instruction"),
            )
        })
    }

    fn check_declaration(&mut self, ins: &Instr) -> Result<(), ModuleError> {
        use Capability as C;
        let o = &ins.operands;
        let operand = |i: usize| {
            o.get(i)
                .copied()
                .ok_or_else(|| at(ins, format!("missing operand {}", i + 1)))
        };
        let shape = match ins.op {
            Op::TypeVoid => Type::Void,
            Op::TypeBool => Type::Bool,
            Op::TypeInt => {
                let bits = operand(0)?;
                let needs: &[Capability] = match bits {
                    8 => &[
                        C::Int8,
                        C::StorageBuffer8BitAccess,
                        C::UniformAndStorageBuffer8BitAccess,
                        C::StoragePushConstant8,
                        C::WorkgroupMemoryExplicitLayout8BitAccessKHR,
                    ],
                    16 => &[
                        C::Int16,
                        C::StorageBuffer16BitAccess,
                        C::UniformAndStorageBuffer16BitAccess,
                        C::StoragePushConstant16,
                        C::StorageInputOutput16,
                        C::WorkgroupMemoryExplicitLayout16BitAccessKHR,
                    ],
                    32 => &[],
                    64 => &[C::Int64],
                    _ => {
                        return Err(at(
                            ins,
                            format!("integer width {bits} is not 8, 16, 32 or 64"),
                        ))
                    }
                };
                if !needs.is_empty() && !self.has_any(needs) {
                    return Err(at(
                        ins,
                        format!("a {bits}-bit integer type needs capability {:?}", needs[0]),
                    ));
                }
                let signedness = operand(1)?;
                if signedness > 1 {
                    return Err(at(
                        ins,
                        format!("signedness {signedness} is neither 0 (unsigned) nor 1 (signed)"),
                    ));
                }
                Type::Int {
                    bits: bits as u8,
                    signed: signedness == 1,
                }
            }
            Op::TypeFloat => {
                let bits = operand(0)?;
                let needs: &[Capability] = match bits {
                    16 => &[
                        C::Float16,
                        C::Float16Buffer,
                        C::StorageBuffer16BitAccess,
                        C::UniformAndStorageBuffer16BitAccess,
                        C::StoragePushConstant16,
                        C::StorageInputOutput16,
                        C::WorkgroupMemoryExplicitLayout16BitAccessKHR,
                    ],
                    32 => &[],
                    64 => &[C::Float64],
                    _ => return Err(at(ins, format!("float width {bits} is not 16, 32 or 64"))),
                };
                if !needs.is_empty() && !self.has_any(needs) {
                    return Err(at(
                        ins,
                        format!("a {bits}-bit float type needs capability {:?}", needs[0]),
                    ));
                }
                Type::Float { bits: bits as u8 }
            }
            Op::TypeVector => {
                let (elem, count) = (operand(0)?, operand(1)?);
                let component = self.type_operand(ins, elem, "component type")?;
                if !matches!(
                    component,
                    Type::Bool | Type::Int { .. } | Type::Float { .. }
                ) {
                    return Err(at(ins, format!("component type %{elem} is not a scalar")));
                }
                let ok = matches!(count, 2..=4)
                    || (matches!(count, 8 | 16) && self.has_any(&[C::Vector16]));
                if !ok {
                    return Err(at(
                        ins,
                        format!(
                            "a vector has 2, 3 or 4 components (8 or 16 with Vector16), not {count}"
                        ),
                    ));
                }
                Type::Vector { elem, count }
            }
            Op::TypeMatrix => {
                let (column, columns) = (operand(0)?, operand(1)?);
                let is_float_vector = match self.type_operand(ins, column, "column type")? {
                    Type::Vector { elem, .. } => {
                        matches!(self.shapes.get(elem), Some(Type::Float { .. }))
                    }
                    _ => false,
                };
                if !is_float_vector {
                    return Err(at(
                        ins,
                        format!("column type %{column} is not a float vector"),
                    ));
                }
                if !(2..=4).contains(&columns) {
                    return Err(at(
                        ins,
                        format!("a matrix has 2, 3 or 4 columns, not {columns}"),
                    ));
                }
                Type::Matrix { column, columns }
            }
            Op::TypeArray => {
                let (elem, len_id) = (operand(0)?, operand(1)?);
                self.element_type(ins, elem)?;
                let len = *self.int_constants.get(&len_id).ok_or_else(|| {
                    at(
                        ins,
                        format!("length %{len_id} is not an integer constant declared before it"),
                    )
                })?;
                if len.is_some_and(|n| n == 0 || n > MAX_ARRAY_LEN) {
                    return Err(at(
                        ins,
                        format!(
                            "array length {} is not between 1 and {MAX_ARRAY_LEN}",
                            len.unwrap_or(0)
                        ),
                    ));
                }
                Type::Array {
                    elem,
                    // Bounded above, so it fits.
                    len: len.unwrap_or(1) as u32,
                }
            }
            Op::TypeRuntimeArray => {
                let elem = operand(0)?;
                self.element_type(ins, elem)?;
                Type::RuntimeArray { elem }
            }
            Op::TypeStruct => {
                for &member in o {
                    if !self.forward_pointers.contains(&member) {
                        self.element_type(ins, member)?;
                    }
                }
                Type::Struct { members: o.clone() }
            }
            Op::TypePointer => {
                let (storage, pointee) = (operand(0)?, operand(1)?);
                let storage = StorageClass::from_u32(storage)
                    .ok_or_else(|| at(ins, format!("unknown storage class {storage}")))?;
                if !self.forward_pointers.contains(&pointee) {
                    self.type_operand(ins, pointee, "pointee type")?;
                }
                Type::Pointer { storage, pointee }
            }
            Op::TypeForwardPointer => {
                let storage = operand(1)?;
                if StorageClass::from_u32(storage).is_none() {
                    return Err(at(ins, format!("unknown storage class {storage}")));
                }
                self.forward_pointers.insert(operand(0)?);
                return Ok(());
            }
            Op::TypeFunction => {
                for &t in o {
                    self.type_operand(ins, t, "function type operand")?;
                }
                Type::Function
            }
            Op::TypeImage => {
                self.type_operand(ins, operand(0)?, "sampled type")?;
                let dim = spirv::Dim::from_u32(operand(1)?)
                    .ok_or_else(|| at(ins, "unknown image dimension"))?;
                let format = spirv::ImageFormat::from_u32(operand(6)?)
                    .ok_or_else(|| at(ins, "unknown image format"))?;
                Type::Image(crate::types::ImageType {
                    sampled_type: operand(0)?,
                    dim,
                    arrayed: operand(3)? != 0,
                    multisampled: operand(4)? != 0,
                    sampled: operand(5)?,
                    format,
                })
            }
            Op::TypeSampler => Type::Sampler,
            Op::TypeSampledImage => {
                let image = operand(0)?;
                if !matches!(self.shapes.get(&image), Some(Type::Image(_))) {
                    return Err(at(
                        ins,
                        format!("the image type %{image} is not an OpTypeImage declared before it"),
                    ));
                }
                Type::SampledImage { image }
            }
            op if is_opaque_type(op) => Type::Opaque,
            Op::Constant | Op::SpecConstant => {
                match self.shapes.get(&ins.result_type) {
                    Some(Type::Int { bits, .. }) => {
                        let lo = operand(0)? as u64;
                        let value = match (bits, o.get(1)) {
                            (64, Some(&hi)) => lo | (hi as u64) << 32,
                            _ => lo,
                        };
                        self.int_constants.insert(ins.result_id, Some(value));
                    }
                    Some(Type::Float { .. }) => {}
                    _ => {
                        return Err(at(
                            ins,
                            format!(
                                "the result type %{} is not an integer or float type declared before it",
                                ins.result_type
                            ),
                        ))
                    }
                }
                return Ok(());
            }
            Op::SpecConstantOp => {
                if let Some(Type::Int { .. }) = self.shapes.get(&ins.result_type) {
                    self.int_constants.insert(ins.result_id, None);
                }
                return Ok(());
            }
            _ => return Ok(()),
        };
        self.shapes.insert(ins.result_id, shape);
        Ok(())
    }

    /// An array or struct member: a declared type with a size.
    fn element_type(&self, ins: &Instr, id: u32) -> Result<(), ModuleError> {
        match self.type_operand(ins, id, "element type")? {
            Type::Void => Err(at(ins, format!("element type %{id} is void"))),
            _ => Ok(()),
        }
    }

    /// Every id operand (per the grammar) of every instruction names an id
    /// the module defines, and the result type of a value is a type.
    fn check_operands_defined(&self) -> Result<(), ModuleError> {
        for ins in &self.m.instrs {
            if ins.result_type != 0 && !self.shapes.contains_key(&ins.result_type) {
                return Err(at(
                    ins,
                    format!("result type %{} is not a type", ins.result_type),
                ));
            }
            for id in self.ids_read(ins) {
                let known = self.defined.contains_key(&id) || self.forward_pointers.contains(&id);
                if !known {
                    return Err(at(
                        ins,
                        format!("operand %{id} is not defined in the module"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every forward-declared pointer type is then declared by an
    /// OpTypePointer.
    fn check_forward_pointers_declared(&self) -> Result<(), ModuleError> {
        for ins in self
            .m
            .instrs
            .iter()
            .filter(|i| i.op == Op::TypeForwardPointer)
        {
            let id = ins.operands[0];
            if !matches!(self.shapes.get(&id), Some(Type::Pointer { .. })) {
                return Err(at(
                    ins,
                    format!("%{id} is forward-declared but never declared by OpTypePointer"),
                ));
            }
        }
        Ok(())
    }

    /// An OpSpecConstantOp performs one of the operations SPIR-V allows
    /// there (more in Kernel modules), typed as that instruction would be.
    fn check_spec_constant_op(&self, ins: &Instr) -> Result<(), ModuleError> {
        let inner = ins
            .spec_constant_operation()
            .ok_or_else(|| at(ins, "unknown opcode"))?;
        let kernel = self.has_any(&[Capability::Kernel]);
        let allowed = SPEC_CONSTANT_OPS.contains(&inner.op)
            || (kernel && KERNEL_SPEC_CONSTANT_OPS.contains(&inner.op));
        if !allowed {
            return Err(at(
                ins,
                format!(
                    "Op{:?} is not an operation a specialization constant may perform",
                    inner.op
                ),
            ));
        }
        self.check_types(&inner).map_err(|e| at(ins, e))
    }

    /// Whether `ins` (an OpExtInst) is of a set that means nothing to
    /// execution (`module::is_non_semantic`).
    fn is_non_semantic_inst(&self, ins: &Instr) -> bool {
        let import = ins.operands.first().and_then(|set| self.defined.get(set));
        import.map(|&i| &self.m.instrs[i]).is_some_and(|i| {
            i.op == Op::ExtInstImport && is_non_semantic(&literal_string(&i.operands).0)
        })
    }

    /// An OpExtInst names an imported set and, for a set whose grammar is
    /// known, one of its instructions with the operands it takes.
    fn check_ext_inst(&self, ins: &Instr) -> Result<(), ModuleError> {
        let (Some(&set), Some(&number)) = (ins.operands.first(), ins.operands.get(1)) else {
            return Err(at(ins, "missing the set or the instruction number"));
        };
        let import = self.defined.get(&set).map(|&i| &self.m.instrs[i]);
        let Some(import) = import.filter(|i| i.op == Op::ExtInstImport) else {
            return Err(at(ins, format!("set %{set} is not an OpExtInstImport")));
        };
        let name = literal_string(&import.operands).0;
        if rspirv::grammar::ext_inst_table(&name).is_none() {
            return Ok(());
        }
        let Some(info) = ext_inst_info(&name, number) else {
            return Err(at(
                ins,
                format!(
                    "\"{}\" has no instruction number {number}",
                    printable(&name)
                ),
            ));
        };
        let given = ins.operands.len() - 2;
        let count = |q| info.operands.iter().filter(|o| o.quantifier == q).count();
        let least = count(OperandQuantifier::One);
        let most = match count(OperandQuantifier::ZeroOrMore) {
            0 => least + count(OperandQuantifier::ZeroOrOne),
            _ => usize::MAX,
        };
        if given < least || given > most {
            return Err(at(
                ins,
                format!(
                    "{name} {} takes {least}{} operand{}, not {given}",
                    info.opname,
                    match most {
                        usize::MAX => " or more".to_string(),
                        m if m > least => format!(" to {m}"),
                        _ => String::new(),
                    },
                    if least == 1 && most == 1 { "" } else { "s" }
                ),
            ));
        }
        Ok(())
    }

    /// Inside a function: parameters, then blocks, each opened by OpLabel
    /// and closed by exactly one terminator.
    fn check_blocks(&self) -> Result<(), ModuleError> {
        let mut in_function = false;
        let mut in_block = false;
        let mut function_start = 0;
        for (index, ins) in self.m.instrs.iter().enumerate() {
            match ins.op {
                Op::Function => {
                    if in_function {
                        return Err(at(ins, "a function starts inside another one"));
                    }
                    in_function = true;
                    function_start = index;
                }
                Op::FunctionEnd => {
                    if !in_function {
                        return Err(at(ins, "OpFunctionEnd outside a function"));
                    }
                    if in_block {
                        return Err(at(
                            ins,
                            "the function's last block has no terminator (branch, return, kill or unreachable)",
                        ));
                    }
                    in_function = false;
                    self.check_branch_targets(&self.m.instrs[function_start..index])?;
                }
                Op::Label => {
                    if !in_function {
                        return Err(at(ins, "a block outside a function"));
                    }
                    if in_block {
                        return Err(at(
                            ins,
                            "a block starts before the previous block's terminator",
                        ));
                    }
                    in_block = true;
                }
                op if is_terminator(op) => {
                    if !in_block {
                        return Err(at(ins, "a terminator outside a block"));
                    }
                    in_block = false;
                }
                Op::FunctionParameter | Op::Line | Op::NoLine => {}
                // Debug scopes (glslang's -gV puts one after a function's
                // last terminator) mean nothing to execution.
                Op::ExtInst if self.is_non_semantic_inst(ins) => {}
                _ if in_function && !in_block => {
                    return Err(at(
                        ins,
                        "an instruction in a function but outside any block",
                    ));
                }
                _ => {}
            }
        }
        if in_function {
            return Err(ModuleError::general(
                "the module ends inside a function (no OpFunctionEnd)",
            ));
        }
        Ok(())
    }

    /// Every block a branch or switch of `function` names is one of its
    /// own blocks (lowering resolves them to instruction positions).
    fn check_branch_targets(&self, function: &[Instr]) -> Result<(), ModuleError> {
        let blocks: HashSet<u32> = function
            .iter()
            .filter(|i| i.op == Op::Label)
            .map(|i| i.result_id)
            .collect();
        for ins in function {
            let targets: Vec<u32> = match ins.op {
                Op::Branch => ins.operands.clone(),
                Op::BranchConditional => ins.operands.iter().skip(1).take(2).copied().collect(),
                Op::Switch => {
                    // Selector, default, then (literal, label) pairs whose
                    // literals take two words for a selector over 32 bits.
                    let literal_words = match ins
                        .operands
                        .first()
                        .and_then(|s| self.value_types.get(s))
                        .and_then(|t| self.shapes.get(t))
                    {
                        Some(Type::Int { bits, .. }) if *bits > 32 => 2,
                        _ => 1,
                    };
                    let cases = ins.operands.get(2..).unwrap_or_default();
                    ins.operands
                        .iter()
                        .skip(1)
                        .take(1)
                        .chain(cases.iter().skip(literal_words).step_by(literal_words + 1))
                        .copied()
                        .collect()
                }
                _ => continue,
            };
            if let Some(t) = targets.iter().find(|t| !blocks.contains(t)) {
                return Err(at(
                    ins,
                    format!("branch target %{t} is not a block of this function"),
                ));
            }
        }
        Ok(())
    }
}

impl Validator<'_> {
    /// The ids an instruction reads: `id_operands`, but for an OpExtInst
    /// of a set whose grammar is known, whose literal operands (vloadn's
    /// n, say) are not ids.
    fn ids_read(&self, ins: &Instr) -> Vec<u32> {
        let (Op::ExtInst, Some(&set), Some(&number)) =
            (ins.op, ins.operands.first(), ins.operands.get(1))
        else {
            return id_operands(ins);
        };
        let import = self.defined.get(&set).map(|&i| &self.m.instrs[i]);
        let Some(info) = import
            .filter(|i| i.op == Op::ExtInstImport)
            .and_then(|i| ext_inst_info(&literal_string(&i.operands).0, number))
        else {
            return id_operands(ins);
        };
        let last = info.operands.last().map(|o| o.kind);
        let kinds = info
            .operands
            .iter()
            .map(|o| o.kind)
            .chain(std::iter::repeat(last).flatten());
        let operands = ins.operands.iter().skip(2).zip(kinds);
        std::iter::once(set)
            .chain(
                operands
                    .filter(|(_, k)| *k == OperandKind::IdRef)
                    .map(|(&w, _)| w),
            )
            .collect()
    }
}

/// The ids an instruction reads, as its grammar lays out its operands
/// (the parameters of enumerants and mask bits included).
fn id_operands(ins: &Instr) -> Vec<u32> {
    if ins.op == Op::SpecConstantOp {
        return ins
            .spec_constant_operation()
            .map(|inner| id_operands(&inner))
            .unwrap_or_default();
    }
    let Some(grammar) = INSTRUCTION_TABLE.lookup_opcode(ins.op as u32) else {
        return Vec::new();
    };
    let mut ids = Vec::new();
    let words = &ins.operands;
    let mut at = 0;
    for operand in grammar.operands {
        let repeat = operand.quantifier == OperandQuantifier::ZeroOrMore;
        while at < words.len() {
            match operand.kind {
                OperandKind::IdResultType | OperandKind::IdResult => break,
                // OpSwitch's literals are one or two words, by the
                // selector's width; its labels are checked with the blocks.
                OperandKind::PairLiteralIntegerIdRef => return ids,
                kind => read_operand(kind, words, &mut at, &mut ids),
            }
            if !repeat {
                break;
            }
        }
    }
    ids
}

/// Reads one operand of `kind` at `words[*at]`, collecting the ids it names.
fn read_operand(kind: OperandKind, words: &[u32], at: &mut usize, ids: &mut Vec<u32>) {
    let Some(&word) = words.get(*at) else {
        return;
    };
    *at += 1;
    let params = match kind {
        OperandKind::IdRef | OperandKind::IdScope | OperandKind::IdMemorySemantics => {
            ids.push(word);
            return;
        }
        OperandKind::PairIdRefIdRef => {
            ids.push(word);
            ids.extend(words.get(*at));
            *at += 1;
            return;
        }
        // OpGroupMemberDecorate's (target, member) pairs.
        OperandKind::PairIdRefLiteralInteger => {
            ids.push(word);
            *at += 1;
            return;
        }
        OperandKind::LiteralString => {
            *at += literal_string(&words[*at - 1..]).1 - 1;
            return;
        }
        k => match kind_class(k) {
            KindClass::Value => enum_params(k, word),
            KindClass::Mask => (0..32)
                .map(|i| 1u32 << i)
                .filter(|bit| word & bit != 0)
                .flat_map(|bit| enum_params(k, bit))
                .collect(),
            KindClass::Other => return,
        },
    };
    for p in params {
        read_operand(p, words, at, ids);
    }
}
