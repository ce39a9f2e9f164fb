//! Validation: the rules of a SPIR-V module that lowering relies on, checked
//! as a pass of its own before lowering starts, so that a malformed module
//! is refused with the instruction, its place and the rule it breaks rather
//! than reaching an index or an `unreachable!` deep in lowering.
//!
//! Checked here: the id bound is at most 0x3fffff; every result id is
//! defined once and within the bound;
//! types are declared before they are used (so no type contains itself),
//! with vector sizes 2-4 (8 and 16 under `Vector16`), matrices of 2-4
//! float-vector columns, arrays of a positive constant length, and the
//! width capabilities declared; every id operand of a value instruction
//! names something the module defines; every block of a function body
//! ends with exactly one terminator, and every branch and switch target
//! is a block of the same function; and the operand types of the
//! instructions whose lowering slices values by their types
//! (composites, select, phi, bitcast, matrix arithmetic).

use crate::module::{literal_string, Instr, Module, ModuleError};
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

/// Validates `m`; the first rule broken is the error.
pub fn validate(m: &Module) -> Result<(), ModuleError> {
    let mut v = Validator {
        m,
        capabilities: HashSet::new(),
        defined: HashMap::new(),
        shapes: HashMap::new(),
        forward_pointers: HashSet::new(),
        value_types: HashMap::new(),
        int_constants: HashMap::new(),
    };
    v.collect_definitions()?;
    for ins in &m.instrs {
        v.check_declaration(ins)?;
    }
    v.check_operands_defined()?;
    v.check_blocks()?;
    for ins in &m.instrs {
        v.check_types(ins).map_err(|e| at(ins, e))?;
    }
    Ok(())
}

struct Validator<'m> {
    m: &'m Module,
    capabilities: HashSet<Capability>,
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
            if ins.result_id == 0 {
                continue;
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
                    ],
                    16 => &[
                        C::Int16,
                        C::StorageBuffer16BitAccess,
                        C::UniformAndStorageBuffer16BitAccess,
                        C::StoragePushConstant16,
                        C::StorageInputOutput16,
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
                Type::Int {
                    bits: bits as u8,
                    signed: operand(1)? != 0,
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
                self.forward_pointers.insert(operand(0)?);
                return Ok(());
            }
            Op::TypeFunction => {
                for &t in o {
                    self.type_operand(ins, t, "function type operand")?;
                }
                Type::Function
            }
            op if is_opaque_type(op) => Type::Opaque,
            Op::Constant | Op::SpecConstant => {
                if let Some(Type::Int { bits, .. }) = self.shapes.get(&ins.result_type) {
                    let lo = operand(0)? as u64;
                    let value = match (bits, o.get(1)) {
                        (64, Some(&hi)) => lo | (hi as u64) << 32,
                        _ => lo,
                    };
                    self.int_constants.insert(ins.result_id, Some(value));
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
            for id in id_operands(ins) {
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

    fn type_of(&self, value: u32) -> Result<u32, String> {
        self.value_types
            .get(&value)
            .copied()
            .ok_or_else(|| format!("%{value} is not a value"))
    }

    fn shape(&self, ty: u32) -> Result<&Type, String> {
        self.shapes
            .get(&ty)
            .ok_or_else(|| format!("%{ty} is not a type"))
    }

    /// Scalar components of a value of type `ty` (pointers count one).
    fn components(&self, ty: u32) -> Result<u64, String> {
        Ok(match self.shape(ty)? {
            Type::Bool | Type::Int { .. } | Type::Float { .. } | Type::Pointer { .. } => 1,
            Type::Vector { count, .. } => *count as u64,
            Type::Matrix { column, columns } => self.components(*column)? * *columns as u64,
            Type::Array { elem, len } => self.components(*elem)?.saturating_mul(*len as u64),
            Type::Struct { members } => {
                let mut n = 0u64;
                for &m in members {
                    n = n.saturating_add(self.components(m)?);
                }
                n
            }
            s => return Err(format!("type %{ty} ({s:?}) has no components")),
        })
    }

    /// How many constituents a composite of type `ty` has, and the type of
    /// constituent `i` (None when out of range).
    fn constituent(&self, ty: u32, i: u64) -> Result<(u64, Option<u32>), String> {
        let (count, member) = match self.shape(ty)? {
            Type::Vector { elem, count } => (*count as u64, *elem),
            Type::Matrix { column, columns } => (*columns as u64, *column),
            Type::Array { elem, len } => (*len as u64, *elem),
            Type::Struct { members } => {
                let member = members.get(i as usize).copied();
                return Ok((members.len() as u64, member));
            }
            _ => return Err(format!("type %{ty} is not a composite")),
        };
        Ok((count, (i < count).then_some(member)))
    }

    /// The type reached from composite type `ty` through literal `indices`.
    fn member_type(&self, mut ty: u32, indices: &[u32]) -> Result<u32, String> {
        for &i in indices {
            ty = self
                .constituent(ty, i as u64)?
                .1
                .ok_or_else(|| format!("index {i} is out of range for type %{ty}"))?;
        }
        Ok(ty)
    }

    fn same_type(&self, value: u32, ty: u32, what: &str) -> Result<(), String> {
        let t = self.type_of(value)?;
        if t != ty && self.shape(t)? != self.shape(ty)? {
            return Err(format!("{what} %{value} has type %{t}, expected %{ty}"));
        }
        Ok(())
    }

    /// (columns, rows) of a matrix type.
    fn matrix(&self, ty: u32) -> Result<(u32, u32), String> {
        match self.shape(ty)? {
            Type::Matrix { column, columns } => match self.shape(*column)? {
                Type::Vector { count, .. } => Ok((*columns, *count)),
                _ => Err(format!("%{ty} has no vector columns")),
            },
            _ => Err(format!("%{ty} is not a matrix type")),
        }
    }

    fn vector_len(&self, ty: u32) -> Result<u32, String> {
        match self.shape(ty)? {
            Type::Vector { count, .. } => Ok(*count),
            _ => Err(format!("%{ty} is not a vector type")),
        }
    }

    /// The operand and result types of the instructions whose lowering
    /// slices registers by type.
    fn check_types(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let rt = ins.result_type;
        let operand = |i: usize| {
            o.get(i)
                .copied()
                .ok_or_else(|| format!("missing operand {}", i + 1))
        };
        match ins.op {
            Op::CompositeConstruct | Op::ConstantComposite | Op::SpecConstantComposite => {
                if let Type::Vector { count, .. } = self.shape(rt)? {
                    // Vectors may be built from smaller vectors.
                    let mut n = 0;
                    for &c in o {
                        n += self.components(self.type_of(c)?)?;
                    }
                    if n != *count as u64 {
                        return Err(format!(
                            "constituents give {n} components, the result type has {count}"
                        ));
                    }
                } else {
                    let (count, _) = self.constituent(rt, 0)?;
                    if count != o.len() as u64 {
                        return Err(format!(
                            "{} constituents for a type of {count} members",
                            o.len()
                        ));
                    }
                    for (i, &c) in o.iter().enumerate() {
                        if let (_, Some(t)) = self.constituent(rt, i as u64)? {
                            self.same_type(c, t, "constituent")?;
                        }
                    }
                }
            }
            Op::CompositeExtract => {
                let t = self.member_type(self.type_of(operand(0)?)?, o.get(1..).unwrap_or(&[]))?;
                if self.shape(t)? != self.shape(rt)? {
                    return Err(format!(
                        "the member has type %{t}, the result type is %{rt}"
                    ));
                }
            }
            Op::CompositeInsert => {
                self.same_type(operand(1)?, rt, "composite")?;
                let t = self.member_type(rt, o.get(2..).unwrap_or(&[]))?;
                self.same_type(operand(0)?, t, "object")?;
            }
            Op::Select => {
                let cond = self.type_of(operand(0)?)?;
                let object_components = self.components(rt)?;
                match self.shape(cond)? {
                    Type::Bool => {}
                    Type::Vector { elem, count }
                        if self.shape(*elem)? == &Type::Bool
                            && *count as u64 == object_components => {}
                    _ => {
                        return Err(format!(
                            "condition %{} is not a bool or a bool vector of the result's size",
                            o[0]
                        ))
                    }
                }
                self.same_type(operand(1)?, rt, "object 1")?;
                self.same_type(operand(2)?, rt, "object 2")?;
            }
            Op::Phi => {
                for pair in o.chunks(2) {
                    self.same_type(pair[0], rt, "incoming value")?;
                }
            }
            Op::Bitcast => {
                let from = self.type_of(operand(0)?)?;
                let bits = |ty: u32| -> Result<u64, String> {
                    let width = match self.shape(ty)? {
                        Type::Vector { elem, .. } => self.shape(*elem)?.clone(),
                        s => s.clone(),
                    };
                    let w = match width {
                        Type::Int { bits, .. } | Type::Float { bits } => bits as u64,
                        Type::Pointer { .. } => 0,
                        s => return Err(format!("OpBitcast of a {s:?}")),
                    };
                    Ok(w * self.components(ty)?)
                };
                let (a, b) = (bits(from)?, bits(rt)?);
                // A pointer's width depends on the addressing model: let
                // lowering check casts to and from pointers.
                if a != 0 && b != 0 && a != b {
                    return Err(format!(
                        "from {a} bits to {b} bits: the widths must be equal"
                    ));
                }
            }
            Op::VectorShuffle => {
                let n = self.vector_len(self.type_of(operand(0)?)?)?
                    + self.vector_len(self.type_of(operand(1)?)?)?;
                if self.vector_len(rt)? as usize != o.len() - 2 {
                    return Err("the result has not one component per index".into());
                }
                if let Some(i) = o[2..].iter().find(|&&i| i >= n && i != u32::MAX) {
                    return Err(format!(
                        "component {i} is out of range (the vectors have {n})"
                    ));
                }
            }
            Op::MatrixTimesVector => {
                let (cols, rows) = self.matrix(self.type_of(operand(0)?)?)?;
                if self.vector_len(self.type_of(operand(1)?)?)? != cols
                    || self.vector_len(rt)? != rows
                {
                    return Err("the vector and result sizes do not fit the matrix".into());
                }
            }
            Op::VectorTimesMatrix => {
                let (cols, rows) = self.matrix(self.type_of(operand(1)?)?)?;
                if self.vector_len(self.type_of(operand(0)?)?)? != rows
                    || self.vector_len(rt)? != cols
                {
                    return Err("the vector and result sizes do not fit the matrix".into());
                }
            }
            Op::MatrixTimesMatrix => {
                let (k, rows) = self.matrix(self.type_of(operand(0)?)?)?;
                let (cols, k2) = self.matrix(self.type_of(operand(1)?)?)?;
                if k != k2 || self.matrix(rt)? != (cols, rows) {
                    return Err("the matrix sizes do not fit".into());
                }
            }
            Op::MatrixTimesScalar | Op::Transpose => {
                let (c, r) = self.matrix(self.type_of(operand(0)?)?)?;
                let expect = if ins.op == Op::Transpose {
                    (r, c)
                } else {
                    (c, r)
                };
                if self.matrix(rt)? != expect {
                    return Err("the result's size does not fit the matrix".into());
                }
            }
            Op::OuterProduct => {
                let (cols, rows) = self.matrix(rt)?;
                if self.vector_len(self.type_of(operand(0)?)?)? != rows
                    || self.vector_len(self.type_of(operand(1)?)?)? != cols
                {
                    return Err("the vector sizes do not fit the result".into());
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// The ids an instruction reads, as its grammar lays out its operands.
fn id_operands(ins: &Instr) -> Vec<u32> {
    let Some(grammar) = INSTRUCTION_TABLE.lookup_opcode(ins.op as u32) else {
        return Vec::new();
    };
    let kinds: Vec<_> = grammar
        .operands
        .iter()
        .filter(|o| !matches!(o.kind, OperandKind::IdResultType | OperandKind::IdResult))
        .collect();
    let mut ids = Vec::new();
    let words = &ins.operands;
    let mut at = 0;
    for (k, operand) in kinds.iter().enumerate() {
        let repeat = operand.quantifier == OperandQuantifier::ZeroOrMore;
        loop {
            if at >= words.len() {
                return ids;
            }
            match operand.kind {
                OperandKind::IdRef | OperandKind::IdScope | OperandKind::IdMemorySemantics => {
                    ids.push(words[at])
                }
                OperandKind::PairIdRefIdRef => {
                    ids.push(words[at]);
                    at += 1;
                    if at < words.len() {
                        ids.push(words[at]);
                    }
                }
                // OpSwitch's literals are one or two words, by the
                // selector's width; its labels are left to lowering.
                OperandKind::PairIdRefLiteralInteger | OperandKind::PairLiteralIntegerIdRef => {
                    return ids
                }
                OperandKind::LiteralString => {
                    at += literal_string(&words[at..]).1 - 1;
                }
                // Operands whose length depends on an enumerant (memory
                // access, decorations, ...) or on a type (OpSwitch literals):
                // the ids after them are not read here.
                OperandKind::IdResultType | OperandKind::IdResult => {}
                OperandKind::LiteralInteger
                | OperandKind::LiteralExtInstInteger
                | OperandKind::LiteralSpecConstantOpInteger => {}
                _ if k + 1 == kinds.len() || is_single_word(operand.kind) => {}
                _ => return ids,
            }
            at += 1;
            if !repeat {
                break;
            }
        }
    }
    ids
}

/// Enumerant operand kinds that never carry parameters.
fn is_single_word(kind: OperandKind) -> bool {
    matches!(
        kind,
        OperandKind::StorageClass
            | OperandKind::Scope
            | OperandKind::FunctionControl
            | OperandKind::SelectionControl
            | OperandKind::Dim
            | OperandKind::ExecutionModel
            | OperandKind::AddressingModel
            | OperandKind::MemoryModel
            | OperandKind::Capability
            | OperandKind::BuiltIn
            | OperandKind::GroupOperation
            | OperandKind::SourceLanguage
    )
}
