//! What names, decorations and entry points may name (SPIR-V 1.6, sections
//! 2.16, 3.20 and OpEntryPoint): a member name or member decoration names
//! a struct type and one of its members; a decoration that applies to one
//! kind of thing (a struct, an array or pointer type, a variable, a struct
//! member) is put on that kind; an entry point is a function (without
//! parameters, for a shader) whose interface lists module-scope variables, each once; an
//! execution mode names an entry point.

use super::{at, Validator};
use crate::module::{Instr, ModuleError};
use crate::types::Type;
use spirv::{Decoration, Op, StorageClass};
use std::collections::HashSet;

/// The kinds of target the decorations lowering reads (and those that
/// name a single kind) apply to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    StructType,
    ArrayOrPointerType,
    Variable,
    /// Only through OpMemberDecorate.
    Member,
}

const DECORATION_TARGETS: &[(Decoration, Target)] = &[
    (Decoration::Block, Target::StructType),
    (Decoration::BufferBlock, Target::StructType),
    (Decoration::GLSLShared, Target::StructType),
    (Decoration::GLSLPacked, Target::StructType),
    (Decoration::CPacked, Target::StructType),
    (Decoration::ArrayStride, Target::ArrayOrPointerType),
    (Decoration::Binding, Target::Variable),
    (Decoration::DescriptorSet, Target::Variable),
    (Decoration::Constant, Target::Variable),
    (Decoration::RowMajor, Target::Member),
    (Decoration::ColMajor, Target::Member),
    (Decoration::MatrixStride, Target::Member),
];

impl Validator<'_> {
    pub(super) fn check_annotations(&self) -> Result<(), ModuleError> {
        let entry_points: HashSet<u32> = self
            .m
            .instrs
            .iter()
            .filter(|i| i.op == Op::EntryPoint)
            .filter_map(|i| i.operands.get(1).copied())
            .collect();
        for ins in &self.m.instrs {
            let o = &ins.operands;
            let result = match ins.op {
                Op::MemberName | Op::MemberDecorate | Op::MemberDecorateString => self
                    .member(o.first(), o.get(1))
                    .and_then(|()| match ins.op {
                        Op::MemberName => Ok(()),
                        _ => {
                            self.decoration_target(o.first().copied().unwrap_or(0), o.get(2), true)
                        }
                    }),
                Op::Decorate | Op::DecorateId | Op::DecorateString => match o.first() {
                    Some(&target) => self.decoration_target(target, o.get(1), false),
                    None => Ok(()),
                },
                Op::EntryPoint => self.entry_point(ins),
                Op::ExecutionMode | Op::ExecutionModeId => match o.first() {
                    Some(f) if !entry_points.contains(f) => {
                        Err(format!("%{f} is not the function of an OpEntryPoint"))
                    }
                    _ => Ok(()),
                },
                _ => Ok(()),
            };
            result.map_err(|e| at(ins, e))?;
        }
        Ok(())
    }

    /// `target` is a struct type with a member `member`.
    fn member(&self, target: Option<&u32>, member: Option<&u32>) -> Result<(), String> {
        let (Some(&target), Some(&member)) = (target, member) else {
            return Ok(());
        };
        match self.shapes.get(&target) {
            Some(Type::Struct { members }) if (member as usize) < members.len() => Ok(()),
            Some(Type::Struct { members }) => Err(format!(
                "member {member} is past the {} members of struct %{target}",
                members.len()
            )),
            _ => Err(format!("%{target} is not a struct type")),
        }
    }

    fn decoration_target(
        &self,
        target: u32,
        decoration: Option<&u32>,
        on_member: bool,
    ) -> Result<(), String> {
        let Some(decoration) = decoration.and_then(|&d| Decoration::from_u32(d)) else {
            return Ok(());
        };
        let Some(&(_, kind)) = DECORATION_TARGETS.iter().find(|(d, _)| *d == decoration) else {
            return Ok(());
        };
        let group = self
            .defined
            .get(&target)
            .is_some_and(|&i| self.m.instrs[i].op == Op::DecorationGroup);
        if group {
            // Its decorations reach their targets through OpGroupDecorate
            // and OpGroupMemberDecorate.
            return Ok(());
        }
        if on_member || kind == Target::Member {
            return match (on_member, kind == Target::Member) {
                (true, false) => Err(format!("{decoration:?} does not apply to a struct member")),
                (false, true) => Err(format!("{decoration:?} applies to struct members only")),
                _ => Ok(()),
            };
        }
        let shape = self.shapes.get(&target);
        let is_variable = self
            .defined
            .get(&target)
            .is_some_and(|&i| self.m.instrs[i].op == Op::Variable);
        let fits = match kind {
            Target::StructType => matches!(shape, Some(Type::Struct { .. })),
            Target::ArrayOrPointerType => matches!(
                shape,
                Some(Type::Array { .. } | Type::RuntimeArray { .. } | Type::Pointer { .. })
            ),
            Target::Variable => is_variable,
            Target::Member => true,
        };
        if fits {
            return Ok(());
        }
        let wanted = match kind {
            Target::StructType => "a struct type",
            Target::ArrayOrPointerType => "an array or pointer type",
            _ => "a variable",
        };
        Err(format!(
            "{decoration:?} applies to {wanted}, and %{target} is not one"
        ))
    }

    /// A shader's function has no parameters (a kernel's are its
    /// arguments); each interface id is a variable
    /// outside any function, listed once.
    fn entry_point(&self, ins: &Instr) -> Result<(), String> {
        let o = &ins.operands;
        let Some(&function) = o.get(1) else {
            return Ok(());
        };
        let f = self
            .defined
            .get(&function)
            .map(|&i| &self.m.instrs[i])
            .filter(|f| f.op == Op::Function)
            .ok_or_else(|| format!("%{function} is not a function"))?;
        let signature = self.function_type(f.operands.get(1).copied().unwrap_or(0))?;
        let kernel = o.first() == Some(&(spirv::ExecutionModel::Kernel as u32));
        if signature.len() > 1 && !kernel {
            return Err(format!(
                "the entry point %{function} has {} parameters; a shader entry point has none",
                signature.len() - 1
            ));
        }
        let name_words = crate::module::literal_string(o.get(2..).unwrap_or_default()).1;
        let mut seen = HashSet::new();
        for &id in o.iter().skip(2 + name_words) {
            let variable = self
                .defined
                .get(&id)
                .map(|&i| &self.m.instrs[i])
                .filter(|v| v.op == Op::Variable);
            match variable {
                Some(v) if v.operands.first() != Some(&(StorageClass::Function as u32)) => {}
                _ => {
                    return Err(format!(
                        "interface %{id} is not a variable declared outside the functions"
                    ))
                }
            }
            if !seen.insert(id) {
                return Err(format!("interface %{id} is listed twice"));
            }
        }
        Ok(())
    }
}
