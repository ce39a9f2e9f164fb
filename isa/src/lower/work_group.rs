//! Lowering of OpenCL 2.0's work-group collectives: OpGroupAll, OpGroupAny,
//! OpGroupBroadcast and OpGroup{IAdd, FAdd, FMin, UMin, SMin, FMax, UMax,
//! SMax} (Reduce, InclusiveScan, ExclusiveScan) at Workgroup scope.
//!
//! Cross-lane operations stop at the wave, so these become what a compiler
//! emits on such hardware: plain instructions whose timing is that of
//! their parts (cross-lane steps, LDS accesses, barriers, ALU work).
//!
//! Reduce, scans, All and Any, per scalar component:
//! 1. each wave reduces its lanes (the subgroup tree by lane index; `All` /
//!    `Any` for the votes) and, for a scan, also scans them (Hillis-Steele);
//! 2. every lane of wave `w` stores the wave's partial into slot `w` of a
//!    scratch in workgroup memory (the same value to the same word);
//! 3. a workgroup barrier;
//! 4. each wave folds the slots in wave order, left to right:
//!    `((p0 op p1) op p2) ...`, over all waves for a reduce, over the waves
//!    below it for a scan (a loop every lane of the wave runs alike);
//! 5. a second barrier, after which the scratch may be written again.
//!
//! A scan's result is then `fold op own` where `own` is the lane's scan
//! within its wave; wave 0 has nothing before it and keeps `own`, and an
//! exclusive scan's first lane of a later wave takes the fold alone (so, as
//! within a wave, no identity value is combined into a result; work-item 0
//! of an exclusive scan gets the identity). The combining of two partials
//! is the subgroup operation's own arithmetic (`Arith::apply`): a core ALU
//! operation, compare and select for the integer minimum and maximum, the
//! float atomics' min/max lane operation for FMin/FMax.
//!
//! Broadcast: the work-item whose local id equals LocalId (a scalar x, or
//! a 2- or 3-vector; missing components are 0) stores the value into the
//! scratch, a barrier, every work-item loads it, a second barrier. A
//! LocalId outside the workgroup gives 0.
//!
//! All of this needs every work-item of the workgroup to reach the
//! collective, as OpenCL requires: each is a workgroup barrier point.

use super::Lowerer;
use crate::core::{AluOp, Scalar};
use crate::ext::{Builder, ExtOp, ExtSet};
use crate::ext_shader_atomic_float_min_max::{LANE_FMAX, LANE_FMIN};
use crate::ir::{address, BuiltIn, BuiltInSlot, Inst, Pc, Reg, MAX_WORKGROUP_INVOCATIONS};
use crate::subgroup::{Arith, CrossLaneOp, GroupOp, MIN_WIDTH};

type R<T> = Result<T, String>;

/// Bytes of one wave's scratch slot: the widest scalar.
const SLOT_BYTES: u32 = 8;
/// Slots of the scratch: the waves of the largest workgroup in the
/// narrowest waves.
const SLOTS: u32 = MAX_WORKGROUP_INVOCATIONS / MIN_WIDTH as u32;

impl Lowerer<'_> {
    /// `value` (of `ty`) reduced or scanned with `arith` over the workgroup.
    pub(super) fn work_group_arith(
        &mut self,
        arith: Arith,
        group: GroupOp,
        ty: Scalar,
        value: Reg,
    ) -> R<Reg> {
        let reduce = CrossLaneOp::Arith(arith, GroupOp::Reduce);
        let partial = self.cross_lane(reduce, ty, [value]);
        if group == GroupOp::Reduce {
            return self.fold_waves(arith, ty, partial, BuiltIn::NumSubgroups);
        }
        let own = self.cross_lane(CrossLaneOp::Arith(arith, group), ty, [value]);
        let before = self.fold_waves(arith, ty, partial, BuiltIn::SubgroupId)?;
        let joined = self.combine(arith, ty, before, own);
        let joined = if group == GroupOp::ExclusiveScan {
            let lane = self.hidden_builtin(BuiltIn::SubgroupLocalInvocationId, 1)?[0];
            let first_lane = self.is_zero(lane);
            self.alu(AluOp::Select, ty, &[first_lane, before, joined])
        } else {
            joined
        };
        let wave = self.hidden_builtin(BuiltIn::SubgroupId, 1)?[0];
        let first_wave = self.is_zero(wave);
        Ok(self.alu(AluOp::Select, ty, &[first_wave, own, joined]))
    }

    /// work_group_all (`all`) or work_group_any of `predicate`.
    pub(super) fn work_group_vote(&mut self, all: bool, predicate: Reg) -> R<Reg> {
        let (vote, arith) = if all {
            (CrossLaneOp::All, Arith::LogicalAnd)
        } else {
            (CrossLaneOp::Any, Arith::LogicalOr)
        };
        let partial = self.cross_lane(vote, Scalar::Bool, [predicate]);
        self.fold_waves(arith, Scalar::Bool, partial, BuiltIn::NumSubgroups)
    }

    /// Each component of `value` (of `ty`) as the work-item at `local_id`
    /// (one to three components of type `id_ty`) holds it.
    pub(super) fn work_group_broadcast(
        &mut self,
        ty: Scalar,
        value: &[Reg],
        id_ty: Scalar,
        local_id: &[Reg],
    ) -> R<Vec<Reg>> {
        if !matches!(id_ty, Scalar::Int(_)) || !(1..=3).contains(&local_id.len()) {
            return Err(
                "LocalId must be an integer scalar or a 2- or 3-component integer vector".into(),
            );
        }
        if value.len() > SLOTS as usize {
            return Err(format!("a value of {} components is too wide", value.len()));
        }
        let own_id = self.hidden_builtin(BuiltIn::LocalInvocationId, 3)?;
        let size = self.hidden_builtin(BuiltIn::WorkgroupSize, 3)?;
        let zero = self.const_reg(0);
        // Whether this work-item is the one at LocalId in dimension `d`, and
        // whether LocalId lies inside the workgroup there.
        let dimension = |l: &mut Self, d: usize| {
            let target = local_id.get(d).copied().unwrap_or(zero);
            let is = l.alu(AluOp::IEqual, id_ty, &[own_id[d], target]);
            let fits = l.alu(AluOp::ULessThan, id_ty, &[target, size[d]]);
            (is, fits)
        };
        let (mut owner, mut inside) = dimension(self, 0);
        for d in 1..3 {
            let (is, fits) = dimension(self, d);
            owner = self.alu(AluOp::LogicalAnd, Scalar::Bool, &[owner, is]);
            inside = self.alu(AluOp::LogicalAnd, Scalar::Bool, &[inside, fits]);
        }
        let base = self.scratch()?;
        let skip = self.branch_unless(owner);
        for (c, &v) in value.iter().enumerate() {
            Builder::store(self, ty, v, base, (c as u32 * SLOT_BYTES) as i64);
        }
        self.join(skip);
        self.emit(Inst::Barrier);
        let loaded: Vec<Reg> = (0..value.len())
            .map(|c| Builder::load(self, ty, base, (c as u32 * SLOT_BYTES) as i64))
            .collect();
        self.emit(Inst::Barrier);
        Ok(loaded
            .into_iter()
            .map(|v| self.alu(AluOp::Select, ty, &[inside, v, zero]))
            .collect())
    }

    /// Steps 2 to 5 of the module comment: `partial` (the wave's) through
    /// the scratch, folded over the waves below the count in `limit`
    /// (NumSubgroups: all; SubgroupId: those before this one).
    fn fold_waves(&mut self, arith: Arith, ty: Scalar, partial: Reg, limit: BuiltIn) -> R<Reg> {
        let base = self.scratch()?;
        let wave = self.hidden_builtin(BuiltIn::SubgroupId, 1)?[0];
        let slot = self.slot_address(base, wave);
        Builder::store(self, ty, partial, slot, 0);
        self.emit(Inst::Barrier);
        let limit = self.hidden_builtin(limit, 1)?[0];
        let acc = Builder::load(self, ty, base, 0);
        let i = self.alloc();
        let one = self.const_reg(1);
        self.emit(Inst::Mov { dst: i, src: one });
        // while i < limit { acc = acc op slot[i]; i += 1 }
        let top = self.insts.len() as Pc;
        let more = self.alu(AluOp::ULessThan, Scalar::Int(32), &[i, limit]);
        let exit = self.branch_unless(more);
        let slot = self.slot_address(base, i);
        let next = Builder::load(self, ty, slot, 0);
        let sum = self.combine(arith, ty, acc, next);
        self.emit(Inst::Mov { dst: acc, src: sum });
        let step = self.alu(AluOp::IAdd, Scalar::Int(32), &[i, one]);
        self.emit(Inst::Mov { dst: i, src: step });
        self.emit(Inst::Jump { target: top });
        self.join(exit);
        self.emit(Inst::Barrier);
        Ok(acc)
    }

    /// `a op b` as one lane instruction (two for the integer min / max),
    /// with `Arith::apply`'s meaning.
    fn combine(&mut self, arith: Arith, ty: Scalar, a: Reg, b: Reg) -> Reg {
        let op = match arith {
            Arith::IAdd => AluOp::IAdd,
            Arith::FAdd => AluOp::FAdd,
            Arith::IMul => AluOp::IMul,
            Arith::FMul => AluOp::FMul,
            Arith::BitwiseAnd => AluOp::BitwiseAnd,
            Arith::BitwiseOr => AluOp::BitwiseOr,
            Arith::BitwiseXor => AluOp::BitwiseXor,
            Arith::LogicalAnd => AluOp::LogicalAnd,
            Arith::LogicalOr => AluOp::LogicalOr,
            Arith::LogicalXor => AluOp::LogicalNotEqual,
            Arith::SMin | Arith::SMax | Arith::UMin | Arith::UMax => {
                let less = if matches!(arith, Arith::SMin | Arith::SMax) {
                    AluOp::SLessThan
                } else {
                    AluOp::ULessThan
                };
                // b replaces a only when strictly better: ties keep a.
                let (x, y) = if matches!(arith, Arith::SMin | Arith::UMin) {
                    (b, a)
                } else {
                    (a, b)
                };
                let take_b = self.alu(less, ty, &[x, y]);
                return self.alu(AluOp::Select, ty, &[take_b, b, a]);
            }
            Arith::FMin | Arith::FMax => {
                let opcode = if arith == Arith::FMax {
                    LANE_FMAX
                } else {
                    LANE_FMIN
                };
                let op = ExtOp {
                    set: ExtSet::AtomicFloat,
                    opcode,
                    ty,
                    aux: ty,
                };
                return Builder::ext(self, op, &[a, b]);
            }
        };
        self.alu(op, ty, &[a, b])
    }

    /// The address register of slot `index` (a 32-bit register) of the
    /// scratch at `base`.
    fn slot_address(&mut self, base: Reg, index: Reg) -> Reg {
        let shift = self.const_reg(SLOT_BYTES.ilog2() as u64);
        let offset = self.alu(AluOp::ShiftLeftLogical, Scalar::Int(32), &[index, shift]);
        let ptr = Scalar::Int(self.types.pointer_bits);
        self.alu(AluOp::IAdd, ptr, &[base, offset])
    }

    /// The address register of the collectives' scratch, one slot per
    /// wave, allocated in workgroup memory by the first collective (so it
    /// counts in the kernel's workgroup bytes, and in occupancy).
    fn scratch(&mut self) -> R<Reg> {
        let offset = match self.group_scratch {
            Some(o) => o,
            None => {
                let o = self.alloc_workgroup(SLOTS * SLOT_BYTES, SLOT_BYTES)?;
                self.group_scratch = Some(o);
                o
            }
        };
        Ok(self.const_reg(address::WORKGROUP_BASE + offset as u64))
    }

    /// `components` 32-bit values of `builtin`, in registers filled when a
    /// wave starts (a slot the lowering declares once, like the kernel's
    /// own built-ins).
    fn hidden_builtin(&mut self, builtin: BuiltIn, components: u32) -> R<Vec<Reg>> {
        if let Some(regs) = self.hidden_builtins.get(&builtin) {
            return Ok(regs.clone());
        }
        let ty = Scalar::Int(32);
        let offset = self.alloc_private(ty.bytes() * components, ty.bytes())?;
        let regs = self.alloc_n(components as usize);
        self.builtins.push(BuiltInSlot {
            builtin,
            offset,
            ty,
            regs: regs.clone(),
        });
        self.hidden_builtins.insert(builtin, regs.clone());
        Ok(regs)
    }

    fn is_zero(&mut self, x: Reg) -> Reg {
        let zero = self.const_reg(0);
        self.alu(AluOp::IEqual, Scalar::Int(32), &[x, zero])
    }

    /// A branch past the code that follows, taken by the lanes where
    /// `cond` is false; [`Self::join`] places its target.
    fn branch_unless(&mut self, cond: Reg) -> usize {
        let at = self.insts.len();
        self.emit(Inst::Branch {
            cond,
            if_true: at as Pc + 1,
            if_false: 0,
            reconverge: 0,
            loop_exit: false,
        });
        at
    }

    /// Makes the next instruction the target and reconvergence point of
    /// the branch at `at`.
    fn join(&mut self, at: usize) {
        let here = self.insts.len() as Pc;
        if let Inst::Branch {
            if_false,
            reconverge,
            ..
        } = &mut self.insts[at]
        {
            *if_false = here;
            *reconverge = here;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scratch_holds_a_slot_per_wave_of_the_largest_workgroup() {
        assert_eq!(
            SLOTS as usize * MIN_WIDTH,
            MAX_WORKGROUP_INVOCATIONS as usize
        );
        assert!(SLOT_BYTES >= Scalar::Float(64).bytes());
    }
}
