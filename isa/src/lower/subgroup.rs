//! Lowering of the OpGroupNonUniform* instructions: one `CrossLane`
//! instruction per scalar component (their meaning is `crate::subgroup`'s),
//! and OpGroupNonUniformBallotBitExtract, which reads only its own lane, as
//! plain ALU work. The older SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote
//! forms, which have no scope operand and always work on the subgroup,
//! become the same operations as their GroupNonUniform equivalents, and so
//! do OpenCL's cl_khr_subgroups OpGroup* instructions (capability Groups),
//! whose operands are laid out like their GroupNonUniform equivalents'.
//! OpGroup* at Workgroup scope (OpenCL 2.0 work_group_* collectives) goes to
//! `work_group.rs`; GroupNonUniform instructions take Subgroup scope only.

use super::body::FnCtx;
use super::{Lowerer, Val};
use crate::core::{AluOp, Convert, Scalar};
use crate::ir::{Inst, Reg};
use crate::module::Instr;
use crate::subgroup::{Arith, CrossLaneOp, GroupOp, QuadDirection, SUBGROUP_SCOPE};
use spirv::Op;

/// SPIR-V's Workgroup scope.
const WORKGROUP_SCOPE: u64 = 2;

type R<T> = Result<T, String>;

/// The arithmetic of an OpGroupNonUniform arithmetic opcode.
fn arith_of(op: Op) -> Option<Arith> {
    Some(match op {
        Op::GroupNonUniformIAdd => Arith::IAdd,
        Op::GroupNonUniformFAdd => Arith::FAdd,
        Op::GroupNonUniformIMul => Arith::IMul,
        Op::GroupNonUniformFMul => Arith::FMul,
        Op::GroupNonUniformSMin => Arith::SMin,
        Op::GroupNonUniformUMin => Arith::UMin,
        Op::GroupNonUniformFMin => Arith::FMin,
        Op::GroupNonUniformSMax => Arith::SMax,
        Op::GroupNonUniformUMax => Arith::UMax,
        Op::GroupNonUniformFMax => Arith::FMax,
        Op::GroupNonUniformBitwiseAnd => Arith::BitwiseAnd,
        Op::GroupNonUniformBitwiseOr => Arith::BitwiseOr,
        Op::GroupNonUniformBitwiseXor => Arith::BitwiseXor,
        Op::GroupNonUniformLogicalAnd => Arith::LogicalAnd,
        Op::GroupNonUniformLogicalOr => Arith::LogicalOr,
        Op::GroupNonUniformLogicalXor => Arith::LogicalXor,
        _ => return None,
    })
}

/// The operations taking a value and a lane-selecting operand.
fn lane_select_of(op: Op) -> Option<CrossLaneOp> {
    Some(match op {
        Op::GroupNonUniformBroadcast => CrossLaneOp::Broadcast,
        Op::GroupNonUniformShuffle => CrossLaneOp::Shuffle,
        Op::GroupNonUniformShuffleXor => CrossLaneOp::ShuffleXor,
        Op::GroupNonUniformShuffleUp => CrossLaneOp::ShuffleUp,
        Op::GroupNonUniformShuffleDown => CrossLaneOp::ShuffleDown,
        Op::GroupNonUniformQuadBroadcast => CrossLaneOp::QuadBroadcast,
        _ => return None,
    })
}

/// The SPV_KHR_shader_ballot / SPV_KHR_subgroup_vote opcode's
/// GroupNonUniform equivalent.
fn khr_equivalent(op: Op) -> Option<Op> {
    Some(match op {
        Op::SubgroupBallotKHR => Op::GroupNonUniformBallot,
        Op::SubgroupFirstInvocationKHR => Op::GroupNonUniformBroadcastFirst,
        Op::SubgroupReadInvocationKHR => Op::GroupNonUniformBroadcast,
        Op::SubgroupAllKHR => Op::GroupNonUniformAll,
        Op::SubgroupAnyKHR => Op::GroupNonUniformAny,
        Op::SubgroupAllEqualKHR => Op::GroupNonUniformAllEqual,
        _ => return None,
    })
}

/// The Groups-capability opcode's GroupNonUniform equivalent: the same
/// operands (scope first), the same meaning at Subgroup scope. OpenCL
/// requires every work-item of the subgroup to reach these, so the
/// GroupNonUniform meaning over the active lanes is theirs too.
fn groups_equivalent(op: Op) -> Option<Op> {
    Some(match op {
        Op::GroupAll => Op::GroupNonUniformAll,
        Op::GroupAny => Op::GroupNonUniformAny,
        Op::GroupBroadcast => Op::GroupNonUniformBroadcast,
        Op::GroupIAdd => Op::GroupNonUniformIAdd,
        Op::GroupFAdd => Op::GroupNonUniformFAdd,
        Op::GroupFMin => Op::GroupNonUniformFMin,
        Op::GroupUMin => Op::GroupNonUniformUMin,
        Op::GroupSMin => Op::GroupNonUniformSMin,
        Op::GroupFMax => Op::GroupNonUniformFMax,
        Op::GroupUMax => Op::GroupNonUniformUMax,
        Op::GroupSMax => Op::GroupNonUniformSMax,
        _ => return None,
    })
}

/// Whether `op` is a subgroup instruction this module lowers.
pub(super) fn is_subgroup_op(op: Op) -> bool {
    khr_equivalent(op).is_some()
        || groups_equivalent(op).is_some()
        || arith_of(op).is_some()
        || lane_select_of(op).is_some()
        || matches!(
            op,
            Op::GroupNonUniformElect
                | Op::GroupNonUniformAll
                | Op::GroupNonUniformAny
                | Op::GroupNonUniformAllEqual
                | Op::GroupNonUniformBroadcastFirst
                | Op::GroupNonUniformBallot
                | Op::GroupNonUniformInverseBallot
                | Op::GroupNonUniformBallotBitExtract
                | Op::GroupNonUniformBallotBitCount
                | Op::GroupNonUniformBallotFindLSB
                | Op::GroupNonUniformBallotFindMSB
                | Op::GroupNonUniformQuadSwap
        )
}

impl Lowerer<'_> {
    pub(super) fn subgroup_op(&mut self, ctx: &mut FnCtx, ins: &Instr) -> R<()> {
        let name = format!("Op{:?}", ins.op);
        // Operand i of the GroupNonUniform form, whose operand 0 is the
        // scope; the KHR forms have none.
        let khr = khr_equivalent(ins.op);
        let arg = |i: usize| {
            let at = if khr.is_some() {
                i.checked_sub(1)
            } else {
                Some(i)
            };
            at.and_then(|at| ins.operands.get(at))
                .copied()
                .ok_or_else(|| format!("{name} has too few operands"))
        };
        let groups = groups_equivalent(ins.op);
        // OpenCL's work_group_* collectives: the Groups instructions at
        // Workgroup scope (work_group.rs).
        let mut workgroup = false;
        if khr.is_none() {
            let scope = self.const_of(arg(0)?)?;
            match scope {
                SUBGROUP_SCOPE => {}
                WORKGROUP_SCOPE if groups.is_some() => workgroup = true,
                // SPIR-V allows it, but Vulkan and OpenCL keep the
                // GroupNonUniform instructions at Subgroup scope.
                WORKGROUP_SCOPE => {
                    return Err(format!(
                        "{name} with Workgroup scope is not supported: GroupNonUniform \
                         instructions take only Subgroup scope (3) (OpenCL's work_group_* \
                         collectives are the OpGroup* instructions)"
                    ))
                }
                _ if groups.is_some() => {
                    return Err(format!(
                        "{name} with execution scope {scope}: only Workgroup (2) and \
                         Subgroup (3) scopes are supported"
                    ))
                }
                _ => {
                    return Err(format!(
                        "{name} with execution scope {scope}: only Subgroup scope (3) is supported"
                    ))
                }
            }
        }
        let opcode = khr.or(groups).unwrap_or(ins.op);
        let result = match opcode {
            Op::GroupNonUniformElect => vec![self.cross_lane(CrossLaneOp::Elect, Scalar::Bool, [])],
            Op::GroupNonUniformAll | Op::GroupNonUniformAny => {
                let predicate = self.bool_operand(ctx, arg(1)?, &name)?;
                let all = opcode == Op::GroupNonUniformAll;
                if workgroup {
                    vec![self.work_group_vote(all, predicate)?]
                } else {
                    let op = if all {
                        CrossLaneOp::All
                    } else {
                        CrossLaneOp::Any
                    };
                    vec![self.cross_lane(op, Scalar::Bool, [predicate])]
                }
            }
            Op::GroupNonUniformAllEqual => {
                let value = arg(1)?;
                let ty = self.elem_scalar(self.type_of(value)?)?;
                let components = self.regs(ctx, value)?;
                let mut equal = components
                    .into_iter()
                    .map(|c| self.cross_lane(CrossLaneOp::AllEqual, ty, [c]));
                let first = equal.next().ok_or_else(|| format!("{name}: empty value"))?;
                let rest: Vec<Reg> = equal.collect();
                vec![rest.into_iter().fold(first, |all, e| {
                    self.alu(AluOp::LogicalAnd, Scalar::Bool, &[all, e])
                })]
            }
            Op::GroupNonUniformBroadcastFirst => {
                self.per_component(ctx, arg(1)?, CrossLaneOp::BroadcastFirst, None)?
            }
            Op::GroupNonUniformQuadSwap => {
                let direction = match self.const_of(arg(2)?)? {
                    0 => QuadDirection::Horizontal,
                    1 => QuadDirection::Vertical,
                    2 => QuadDirection::Diagonal,
                    d => return Err(format!("{name}: direction {d} is not 0, 1 or 2")),
                };
                self.per_component(ctx, arg(1)?, CrossLaneOp::QuadSwap(direction), None)?
            }
            Op::GroupNonUniformBallot => {
                let predicate = self.bool_operand(ctx, arg(1)?, &name)?;
                let ballot = |l: &mut Self, word| {
                    l.cross_lane(CrossLaneOp::Ballot { word }, Scalar::Bool, [predicate])
                };
                // Words 2 and 3 hold lanes 64 to 127, which no wave has.
                let zero = self.const_reg(0);
                vec![ballot(self, 0), ballot(self, 1), zero, zero]
            }
            Op::GroupNonUniformInverseBallot
            | Op::GroupNonUniformBallotFindLSB
            | Op::GroupNonUniformBallotFindMSB => {
                let op = match opcode {
                    Op::GroupNonUniformInverseBallot => CrossLaneOp::InverseBallot,
                    Op::GroupNonUniformBallotFindLSB => CrossLaneOp::BallotFindLsb,
                    _ => CrossLaneOp::BallotFindMsb,
                };
                let words = self.ballot_operand(ctx, arg(1)?, &name)?;
                vec![self.cross_lane(op, Scalar::Int(32), [words[0], words[1]])]
            }
            Op::GroupNonUniformBallotBitCount => {
                let group = match group_op(arg(1)?, &name)? {
                    GroupOp::ClusteredReduce(_) => {
                        return Err(format!("{name} takes no ClusteredReduce"))
                    }
                    g => g,
                };
                let words = self.ballot_operand(ctx, arg(2)?, &name)?;
                let op = CrossLaneOp::BallotBitCount(group);
                vec![self.cross_lane(op, Scalar::Int(32), [words[0], words[1]])]
            }
            Op::GroupNonUniformBallotBitExtract => {
                let words = self.ballot_operand(ctx, arg(1)?, &name)?;
                vec![self.ballot_bit(ctx, &words, arg(2)?)?]
            }
            op => {
                if workgroup && op == Op::GroupNonUniformBroadcast {
                    let (value, id) = (arg(1)?, arg(2)?);
                    let ty = self.elem_scalar(self.type_of(value)?)?;
                    let id_ty = self.elem_scalar(self.type_of(id)?)?;
                    let (value, id) = (self.regs(ctx, value)?, self.regs(ctx, id)?);
                    self.work_group_broadcast(ty, &value, id_ty, &id)
                        .map_err(|e| format!("{name}: {e}"))?
                } else if let Some(select) = lane_select_of(op) {
                    let lane = self.int_operand(ctx, arg(2)?, &name)?;
                    self.per_component(ctx, arg(1)?, select, Some(lane))?
                } else if let Some(arith) = arith_of(op) {
                    let mut group = group_op(arg(1)?, &name)?;
                    if groups.is_some() && group == GroupOp::ClusteredReduce(0) {
                        return Err(format!("{name} takes no ClusteredReduce"));
                    }
                    if group == GroupOp::ClusteredReduce(0) {
                        let size = self.const_of(arg(3)?)?;
                        match u32::try_from(size) {
                            Ok(c) if c.is_power_of_two() => group = GroupOp::ClusteredReduce(c),
                            _ => {
                                return Err(format!(
                                    "{name}: cluster size {size} is not a power of two"
                                ))
                            }
                        }
                    }
                    let ty = self.elem_scalar(self.type_of(arg(2)?)?)?;
                    if !arith.accepts(ty) {
                        return Err(format!("{name} is not defined on {ty:?} values"));
                    }
                    let value = self.regs(ctx, arg(2)?)?;
                    value
                        .into_iter()
                        .map(|c| {
                            if workgroup {
                                self.work_group_arith(arith, group, ty, c)
                            } else {
                                Ok(self.cross_lane(CrossLaneOp::Arith(arith, group), ty, [c]))
                            }
                        })
                        .collect::<R<_>>()?
                } else {
                    return Err(format!("{name} is not supported"));
                }
            }
        };
        if self.width(ins.result_type)? != result.len() {
            return Err(format!(
                "{name}: the result type does not match the operands' components"
            ));
        }
        ctx.locals.insert(ins.result_id, Val::Regs(result));
        Ok(())
    }

    /// One `CrossLane` instruction; `src` lists the registers it reads.
    pub(super) fn cross_lane<const N: usize>(
        &mut self,
        op: CrossLaneOp,
        ty: Scalar,
        src: [Reg; N],
    ) -> Reg {
        let dst = self.alloc();
        let mut all = [dst; 3];
        all[..N].copy_from_slice(&src);
        self.emit(Inst::CrossLane {
            op,
            ty,
            dst,
            src: all,
        });
        dst
    }

    /// `op` applied to each component of `value`, with `lane` as every
    /// component's second source.
    fn per_component(
        &mut self,
        ctx: &FnCtx,
        value: u32,
        op: CrossLaneOp,
        lane: Option<Reg>,
    ) -> R<Vec<Reg>> {
        let ty = self.elem_scalar(self.type_of(value)?)?;
        let components = self.regs(ctx, value)?;
        Ok(components
            .into_iter()
            .map(|c| match lane {
                Some(l) => self.cross_lane(op, ty, [c, l]),
                None => self.cross_lane(op, ty, [c]),
            })
            .collect())
    }

    fn bool_operand(&mut self, ctx: &FnCtx, id: u32, name: &str) -> R<Reg> {
        if self.types.scalar(self.type_of(id)?)? != Scalar::Bool {
            return Err(format!("{name}: %{id} is not a boolean"));
        }
        self.reg(ctx, id)
    }

    fn int_operand(&mut self, ctx: &FnCtx, id: u32, name: &str) -> R<Reg> {
        match self.types.scalar(self.type_of(id)?)? {
            Scalar::Int(_) => self.reg(ctx, id),
            _ => Err(format!("{name}: %{id} is not an integer scalar")),
        }
    }

    /// The four 32-bit words of a ballot operand.
    fn ballot_operand(&mut self, ctx: &FnCtx, id: u32, name: &str) -> R<Vec<Reg>> {
        let ty = self.elem_scalar(self.type_of(id)?)?;
        let words = self.regs(ctx, id)?;
        if ty != Scalar::Int(32) || words.len() != 4 {
            return Err(format!(
                "{name}: %{id} is not a four-component 32-bit integer vector"
            ));
        }
        Ok(words)
    }

    /// Bit `index` of the ballot `words`: the word chosen by two levels of
    /// selects, shifted and masked.
    fn ballot_bit(&mut self, ctx: &FnCtx, words: &[Reg], index: u32) -> R<Reg> {
        let u32_ty = Scalar::Int(32);
        let index_ty = self.types.scalar(self.type_of(index)?)?;
        let mut i = self.reg(ctx, index)?;
        match index_ty {
            Scalar::Int(32) => {}
            Scalar::Int(_) => i = self.convert(Convert::plain(index_ty, u32_ty, false), i),
            _ => return Err(format!("%{index} is not an integer")),
        }
        let below = |l: &mut Self, limit: u64| {
            let c = l.const_reg(limit);
            l.alu(AluOp::ULessThan, u32_ty, &[i, c])
        };
        let (lt32, lt64, lt96) = (below(self, 32), below(self, 64), below(self, 96));
        let low = self.alu(AluOp::Select, u32_ty, &[lt32, words[0], words[1]]);
        let high = self.alu(AluOp::Select, u32_ty, &[lt96, words[2], words[3]]);
        let word = self.alu(AluOp::Select, u32_ty, &[lt64, low, high]);
        let c31 = self.const_reg(31);
        let shift = self.alu(AluOp::BitwiseAnd, u32_ty, &[i, c31]);
        let shifted = self.alu(AluOp::ShiftRightLogical, u32_ty, &[word, shift]);
        let one = self.const_reg(1);
        let bit = self.alu(AluOp::BitwiseAnd, u32_ty, &[shifted, one]);
        let zero = self.const_reg(0);
        Ok(self.alu(AluOp::INotEqual, u32_ty, &[bit, zero]))
    }
}

/// A GroupOperation literal; a clustered reduce gets its size from its own
/// operand, so it comes back with size 0.
fn group_op(literal: u32, name: &str) -> R<GroupOp> {
    Ok(match literal {
        0 => GroupOp::Reduce,
        1 => GroupOp::InclusiveScan,
        2 => GroupOp::ExclusiveScan,
        3 => GroupOp::ClusteredReduce(0),
        g => return Err(format!("{name}: group operation {g} is not supported")),
    })
}
