//! Where an id may be used (SPIR-V 1.6, section 2.4, logical layout): an id
//! is defined before the instructions that read it, except where the
//! layout puts the use first (entry points, execution modes, names and
//! decorations, forward-declared pointers, branch targets and merges,
//! OpPhi's incoming values and blocks, a call to a function defined
//! later); and an id a function defines is used only inside it. Within a
//! function the binary order puts each block after its dominator, so a
//! value read before its definition is one that does not dominate the
//! read.

use super::{at, Validator};
use crate::module::ModuleError;
use spirv::Op;

/// The instructions whose id operands may name ids defined later.
fn may_use_before_definition(op: Op) -> bool {
    matches!(
        op,
        Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId
            | Op::Name
            | Op::MemberName
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::MemberDecorateString
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::TypeForwardPointer
            | Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::LoopMerge
            | Op::SelectionMerge
            | Op::Phi
    )
}

impl Validator<'_> {
    pub(super) fn check_uses(&self) -> Result<(), ModuleError> {
        // The function (index of its OpFunction) each function-local id
        // belongs to.
        let mut function = None;
        let mut local_to = std::collections::HashMap::new();
        for (index, ins) in self.m.instrs.iter().enumerate() {
            match ins.op {
                Op::Function => function = Some(index),
                Op::FunctionEnd => function = None,
                _ => {}
            }
            let ids = self.ids_read(ins);
            if let Some(f) = function {
                for &id in &ids {
                    if local_to.get(&id).is_some_and(|&g| g != f) {
                        return Err(at(
                            ins,
                            format!("%{id} is defined in another function, and used in this one"),
                        ));
                    }
                }
                if ins.op != Op::Function && ins.result_id != 0 {
                    local_to.insert(ins.result_id, f);
                }
            }
            if may_use_before_definition(ins.op) {
                continue;
            }
            for id in ids {
                let defined = self.defined.get(&id).copied();
                let later = defined.is_some_and(|d| d >= index);
                let forward_pointer = self.forward_pointers.contains(&id);
                // A function may be named before it is defined: called
                // (OpFunctionCall), or enqueued and queried as a kernel's
                // invoke function (OpEnqueueKernel, OpGetKernel*).
                let function = defined.is_some_and(|d| self.m.instrs[d].op == Op::Function);
                if later && !forward_pointer && !function {
                    return Err(at(
                        ins,
                        format!("%{id} is used before the instruction that defines it"),
                    ));
                }
            }
        }
        Ok(())
    }
}
