//! Uniformity analysis: which registers hold the same value in every
//! active lane of a wave and are computed the way a GCN or RDNA compiler
//! computes such values, on the scalar ALU into scalar registers. The
//! meaning of no instruction changes; the timing model runs the
//! instructions writing these registers on its scalar unit, and counts the
//! registers as scalar ones (`Kernel::runs_on_scalar_unit`).
//!
//! The rules (docs/timing.md, "Uniformity"):
//! - uniform inputs: constants, buffer addresses and sizes, kernel
//!   arguments, and the built-ins that are the same across a wave
//!   (workgroup id and size, subgroup id, ...); the per-lane built-ins are
//!   vector registers;
//! - an integer or boolean ALU operation (no division), an integer
//!   conversion or a copy is scalar when all its operands are; float
//!   arithmetic and extended-set operations run on the vector ALU even on
//!   uniform operands, as on GCN, whose scalar ALU has no float operations;
//! - a load is scalar when its address is scalar and points into memory
//!   the kernel cannot write (uniform buffers, push constants, NonWritable
//!   storage buffers, `__constant` arguments): the scalar cache is not
//!   coherent with vector stores;
//! - a subgroup vote, ballot, broadcast of the first lane or reduction
//!   gives a uniform result whatever its operands; a broadcast from a
//!   scalar lane index too;
//! - control: a branch or switch on a scalar condition is uniform; one on
//!   a vector condition is divergent, and every block between it and its
//!   reconvergence point runs on a subset of the lanes. A register written
//!   in more than one place (a phi's copies, coalesced) is scalar only when
//!   every write is outside such blocks: otherwise lanes that took
//!   different paths, or left a loop in different iterations, hold
//!   different values after the paths meet.
//!
//! It is the greatest fixed point: everything starts scalar, and registers
//! and branches become vector until nothing changes (so a loop counter
//! that depends only on itself and uniform values stays scalar).

use crate::core::{AluOp, Scalar};
use crate::ir::{Inst, Kernel, ParamKind, Pc, Reg, ResourceKind, EXIT_PC};
use crate::liveness::{destination, sources, successors, transfers};
use crate::subgroup::{CrossLaneOp, GroupOp};

/// The most block visits the divergent regions may take; a kernel needing
/// more (a fuzzed or generated giant) is left all vector, which is always
/// correct, so that lowering time stays bounded.
const MAX_REGION_VISITS: usize = 1 << 24;

/// Per register: whether it is a scalar register.
pub(super) fn scalar_registers(kernel: &Kernel) -> Vec<bool> {
    let regs = kernel.reg_count as usize;
    let read_only = read_only_pointers(kernel);
    // The instructions reading each register (as a dependency).
    let mut readers: Vec<Vec<u32>> = vec![Vec::new(); regs];
    let mut writes = vec![0u32; regs];
    let mut srcs = Vec::new();
    for (pc, inst) in kernel.insts.iter().enumerate() {
        if let Some(d) = destination(inst) {
            writes[d as usize] += 1;
        }
        dependencies(kernel, inst, &mut srcs);
        for &r in &srcs {
            readers[r as usize].push(pc as u32);
        }
    }
    // Values that differ between lanes.
    let mut varying = vec![false; regs];
    for slot in kernel.builtins.iter().filter(|s| s.builtin.per_lane()) {
        for &r in &slot.regs {
            varying[r as usize] = true;
        }
    }
    for inst in &kernel.insts {
        if let Some(d) = destination(inst) {
            if !uniform_capable(inst, &read_only) {
                varying[d as usize] = true;
            }
        }
    }
    let Some(varying) = uniform_values(kernel, &readers, &writes, varying) else {
        return vec![false; regs];
    };
    // Scalar registers: uniform values computed on the scalar unit from
    // scalar operands.
    let mut vector = varying;
    for inst in &kernel.insts {
        if let Some(d) = destination(inst) {
            if !scalar_capable(inst) {
                vector[d as usize] = true;
            }
        }
    }
    let mut work: Vec<Reg> = (0..regs as Reg).filter(|&r| vector[r as usize]).collect();
    spread(kernel, &readers, &mut vector, &mut work);
    vector.into_iter().map(|v| !v).collect()
}

/// Marks as `varying` every register whose value can differ between the
/// active lanes, from the seeds given: through operands, and through
/// writes in blocks that run on part of the lanes. `None` when the
/// divergent regions are too large to walk.
fn uniform_values(
    kernel: &Kernel,
    readers: &[Vec<u32>],
    writes: &[u32],
    mut varying: Vec<bool>,
) -> Option<Vec<bool>> {
    let n = kernel.insts.len();
    let blocks = Blocks::new(kernel);
    let mut divergent_block = vec![false; blocks.starts.len()];
    let mut branch_done = vec![false; n];
    let mut work: Vec<Reg> = (0..varying.len() as Reg)
        .filter(|&r| varying[r as usize])
        .collect();
    let mut visits = 0usize;
    let mut seen = vec![0u32; blocks.starts.len()];
    let mut stamp = 0;
    loop {
        spread(kernel, readers, &mut varying, &mut work);
        // Control: the regions of branches that became divergent.
        let mut grew = false;
        for pc in 0..n {
            let cond = match &kernel.insts[pc] {
                Inst::Branch { cond, .. } => *cond,
                Inst::Switch { selector, .. } => *selector,
                _ => continue,
            };
            if branch_done[pc] || !varying[cond as usize] {
                continue;
            }
            branch_done[pc] = true;
            grew = true;
            stamp += 1;
            visits += blocks.mark_region(kernel, pc, &mut divergent_block, &mut seen, stamp);
            if visits > MAX_REGION_VISITS {
                return None;
            }
        }
        if !grew {
            return Some(varying);
        }
        // Registers written more than once, somewhere divergent.
        for (pc, inst) in kernel.insts.iter().enumerate() {
            if let Some(d) = destination(inst) {
                let d = d as usize;
                if !varying[d] && writes[d] > 1 && divergent_block[blocks.block_of[pc]] {
                    varying[d] = true;
                    work.push(d as Reg);
                }
            }
        }
    }
}

/// Marks the results of the readers of every register on `work` (all
/// marked already) until no more change.
fn spread(kernel: &Kernel, readers: &[Vec<u32>], marked: &mut [bool], work: &mut Vec<Reg>) {
    while let Some(r) = work.pop() {
        for &pc in &readers[r as usize] {
            if let Some(d) = destination(&kernel.insts[pc as usize]) {
                if !marked[d as usize] {
                    marked[d as usize] = true;
                    work.push(d);
                }
            }
        }
    }
}

/// The registers whose being vector makes `inst`'s result vector.
fn dependencies(kernel: &Kernel, inst: &Inst, out: &mut Vec<Reg>) {
    match inst {
        Inst::CrossLane { op, src, .. } => {
            out.clear();
            match op {
                CrossLaneOp::Broadcast => out.push(src[1]),
                CrossLaneOp::BallotFindLsb
                | CrossLaneOp::BallotFindMsb
                | CrossLaneOp::BallotBitCount(GroupOp::Reduce) => {
                    out.extend_from_slice(&src[..op.operands()])
                }
                _ => {}
            }
        }
        _ => sources(kernel, inst, out),
    }
}

/// Whether `inst` gives every lane the same result when its dependencies
/// are uniform.
fn uniform_capable(inst: &Inst, read_only: &[bool]) -> bool {
    match inst {
        Inst::Alu { .. } | Inst::Convert { .. } | Inst::Mov { .. } | Inst::Ext { .. } => true,
        // Private memory differs per lane at one address, and memory the
        // kernel writes may differ by when it is read.
        Inst::Load { addr, .. } => read_only[*addr as usize],
        Inst::CrossLane { op, .. } => matches!(
            op,
            CrossLaneOp::All
                | CrossLaneOp::Any
                | CrossLaneOp::AllEqual
                | CrossLaneOp::Broadcast
                | CrossLaneOp::BroadcastFirst
                | CrossLaneOp::Ballot { .. }
                | CrossLaneOp::BallotFindLsb
                | CrossLaneOp::BallotFindMsb
                | CrossLaneOp::BallotBitCount(GroupOp::Reduce)
                | CrossLaneOp::Arith(_, GroupOp::Reduce)
        ),
        _ => false,
    }
}

/// Whether the scalar unit computes `inst`'s uniform result (GCN's scalar
/// ALU: integer and bit operations, no division, no floats); a subgroup
/// operation's uniform result is read into a scalar register.
fn scalar_capable(inst: &Inst) -> bool {
    let int = |t: Scalar| matches!(t, Scalar::Int(_) | Scalar::Bool);
    match inst {
        Inst::Alu { alu, .. } => {
            use AluOp::*;
            match alu.op {
                // Selects move bits of any type.
                Select => true,
                SNegate | Not | BitReverse | BitCount | IAdd | ISub | IMul | ShiftRightLogical
                | ShiftRightArithmetic | ShiftLeftLogical | BitwiseOr | BitwiseXor | BitwiseAnd
                | AddCarry | SubBorrow | UMulHigh | SMulHigh | IEqual | INotEqual
                | UGreaterThan | SGreaterThan | UGreaterThanEqual | SGreaterThanEqual
                | ULessThan | SLessThan | ULessThanEqual | SLessThanEqual | LogicalEqual
                | LogicalNotEqual | LogicalOr | LogicalAnd | LogicalNot | BitFieldSExtract
                | BitFieldUExtract => int(alu.ty),
                _ => false,
            }
        }
        Inst::Convert { cv, .. } => int(cv.from) && int(cv.to) && !cv.saturate,
        Inst::Mov { .. } | Inst::Load { .. } | Inst::CrossLane { .. } => true,
        _ => false,
    }
}

/// Per register: whether it only ever holds an address into memory the
/// kernel cannot write (a read-only buffer's address, moved, converted or
/// offset by an integer). Every write must keep it so (greatest fixed
/// point).
fn read_only_pointers(kernel: &Kernel) -> Vec<bool> {
    let regs = kernel.reg_count as usize;
    let mut base = vec![false; regs];
    for r in kernel.resources.iter().filter(|r| {
        r.read_only || matches!(r.kind, ResourceKind::UniformBuffer | ResourceKind::PushConstant)
    }) {
        base[r.reg as usize] = true;
    }
    for p in &kernel.params {
        if p.read_only && matches!(p.kind, ParamKind::GlobalPointer) {
            base[p.reg as usize] = true;
        }
    }
    let mut ro = vec![true; regs];
    let mut written = vec![false; regs];
    for d in kernel.insts.iter().filter_map(destination) {
        written[d as usize] = true;
    }
    for r in 0..regs {
        if !written[r] && !base[r] {
            ro[r] = false;
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &kernel.insts {
            let Some(d) = destination(inst) else { continue };
            if !ro[d as usize] {
                continue;
            }
            let keeps = match inst {
                Inst::Mov { src, .. } | Inst::Convert { src, .. } => ro[*src as usize],
                Inst::Alu { alu, src, .. } => match alu.op {
                    AluOp::IAdd => ro[src[0] as usize] != ro[src[1] as usize],
                    AluOp::ISub => ro[src[0] as usize] && !ro[src[1] as usize],
                    _ => false,
                },
                _ => false,
            };
            if !keeps {
                ro[d as usize] = false;
                changed = true;
            }
        }
    }
    ro
}

/// Basic blocks, split also at every reconvergence point.
struct Blocks {
    starts: Vec<usize>,
    block_of: Vec<usize>,
    succs: Vec<Vec<usize>>,
}

impl Blocks {
    fn new(kernel: &Kernel) -> Blocks {
        let n = kernel.insts.len();
        let mut leader = vec![false; n];
        if n > 0 {
            leader[0] = true;
        }
        let mut tmp = Vec::new();
        for pc in 0..n {
            let inst = &kernel.insts[pc];
            if let Inst::Branch { reconverge, .. } | Inst::Switch { reconverge, .. } = inst {
                if *reconverge != EXIT_PC && (*reconverge as usize) < n {
                    leader[*reconverge as usize] = true;
                }
            }
            if transfers(inst) {
                successors(kernel, pc, &mut tmp);
                for &t in &tmp {
                    leader[t as usize] = true;
                }
                if pc + 1 < n {
                    leader[pc + 1] = true;
                }
            }
        }
        let starts: Vec<usize> = (0..n).filter(|&pc| leader[pc]).collect();
        let mut block_of = vec![0; n];
        for (b, &s) in starts.iter().enumerate() {
            let end = starts.get(b + 1).copied().unwrap_or(n);
            block_of[s..end].fill(b);
        }
        let succs = (0..starts.len())
            .map(|b| {
                let end = starts.get(b + 1).copied().unwrap_or(n);
                successors(kernel, end - 1, &mut tmp);
                tmp.iter().map(|&p| block_of[p as usize]).collect()
            })
            .collect();
        Blocks {
            starts,
            block_of,
            succs,
        }
    }

    /// Marks the blocks between the branch at `pc` and its reconvergence
    /// point (not included) as divergent; returns the blocks visited.
    /// `seen` holds `stamp` for the blocks this walk has visited.
    fn mark_region(
        &self,
        kernel: &Kernel,
        pc: usize,
        divergent: &mut [bool],
        seen: &mut [u32],
        stamp: u32,
    ) -> usize {
        let stop = match &kernel.insts[pc] {
            Inst::Branch { reconverge, .. } | Inst::Switch { reconverge, .. } => *reconverge,
            _ => return 0,
        };
        let stop_block = (stop != EXIT_PC && (stop as usize) < kernel.insts.len())
            .then(|| self.block_of[stop as Pc as usize]);
        let mut stack: Vec<usize> = self.succs[self.block_of[pc]].clone();
        let mut visits = 0;
        while let Some(b) = stack.pop() {
            if Some(b) == stop_block || seen[b] == stamp {
                continue;
            }
            seen[b] = stamp;
            visits += 1;
            divergent[b] = true;
            stack.extend_from_slice(&self.succs[b]);
        }
        visits
    }
}
