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
//! - private memory (function variables, which unoptimised compilers keep
//!   in memory): each location accessed at a constant address is a value
//!   of its own, written by its stores; a load from it is uniform when
//!   every store to it writes a uniform value outside divergent blocks and
//!   no access through a computed pointer may reach it. Such stores and
//!   loads are the scalar moves a compiler's register promotion leaves;
//!   per-lane built-ins' copies in private memory vary;
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
use crate::ir::{address, Inst, Kernel, ParamKind, Pc, Reg, ResourceKind, EXIT_PC};
use crate::liveness::{destination, sources, successors, transfers};
use crate::subgroup::{CrossLaneOp, GroupOp};

/// The most block visits the divergent regions may take; a kernel needing
/// more (a fuzzed or generated giant) is left all vector, which is always
/// correct, so that lowering time stays bounded.
const MAX_REGION_VISITS: usize = 1 << 24;

/// What the analysis finds: scalar registers, and the private-memory
/// accesses that are scalar moves.
pub(super) struct Scalars {
    pub regs: Vec<bool>,
    /// Stores, in ascending order, to private locations holding scalar
    /// values.
    pub stores: Vec<Pc>,
}

/// Per register: whether it is a scalar register; and the stores that are
/// scalar moves.
pub(super) fn scalar_registers(kernel: &Kernel) -> Scalars {
    let regs = kernel.reg_count as usize;
    let read_only = pointers(
        kernel,
        |r| r.read_only || !matches!(r.kind, ResourceKind::StorageBuffer | ResourceKind::Image),
        |p| p.read_only,
        |_| false,
    );
    let slots = private_slots(kernel);
    // Values: the registers, then one per private slot.
    let values = regs + slots.count;
    let target = |pc: usize, inst: &Inst| -> Option<usize> {
        match (inst, slots.of_pc[pc]) {
            (Inst::Store { .. }, Some(slot)) => Some(regs + slot),
            _ => destination(inst).map(|d| d as usize),
        }
    };
    // The instructions reading each value (as a dependency), and the
    // writes of each.
    let mut readers: Vec<Vec<u32>> = vec![Vec::new(); values];
    let mut writes = vec![0u32; values];
    let mut srcs = Vec::new();
    for (pc, inst) in kernel.insts.iter().enumerate() {
        if let Some(d) = target(pc, inst) {
            writes[d] += 1;
        }
        match slots.of_pc[pc] {
            Some(slot) if matches!(inst, Inst::Load { .. }) => readers[regs + slot].push(pc as u32),
            Some(_) => {
                if let Inst::Store { src, .. } = inst {
                    readers[*src as usize].push(pc as u32);
                }
            }
            None => {
                dependencies(kernel, inst, &mut srcs);
                for &r in &srcs {
                    readers[r as usize].push(pc as u32);
                }
            }
        }
    }
    // Values that differ between lanes.
    let mut varying = vec![false; values];
    for slot in kernel.builtins.iter().filter(|s| s.builtin.per_lane()) {
        for &r in &slot.regs {
            varying[r as usize] = true;
        }
    }
    for (i, &v) in slots.varying.iter().enumerate() {
        varying[regs + i] = v;
    }
    for (pc, inst) in kernel.insts.iter().enumerate() {
        if let Some(d) = target(pc, inst) {
            let private = slots.of_pc[pc].is_some();
            if !private && !uniform_capable(inst, &read_only) {
                varying[d] = true;
            }
        }
    }
    // A slot holds its initial value in lanes that skip its stores: each
    // counts as written more than once.
    for w in &mut writes[regs..] {
        *w = (*w).max(2);
    }
    let Some(varying) = uniform_values(kernel, &target, &readers, &writes, varying) else {
        return Scalars {
            regs: vec![false; regs],
            stores: Vec::new(),
        };
    };
    // Scalar registers: uniform values computed on the scalar unit from
    // scalar operands.
    let mut vector = varying;
    for (pc, inst) in kernel.insts.iter().enumerate() {
        if let Some(d) = target(pc, inst) {
            if slots.of_pc[pc].is_none() && !scalar_capable(inst) {
                vector[d] = true;
            }
        }
    }
    let mut work: Vec<usize> = (0..values).filter(|&r| vector[r]).collect();
    spread(kernel, &target, &readers, &mut vector, &mut work);
    let stores = (0..kernel.insts.len())
        .filter(|&pc| {
            matches!(kernel.insts[pc], Inst::Store { .. })
                && slots.of_pc[pc].is_some_and(|slot| !vector[regs + slot])
        })
        .map(|pc| pc as Pc)
        .collect();
    Scalars {
        regs: vector[..regs].iter().map(|v| !v).collect(),
        stores,
    }
}

/// Marks as `varying` every value whose value can differ between the
/// active lanes, from the seeds given: through operands, and through
/// writes in blocks that run on part of the lanes. `target` gives the
/// value an instruction writes. `None` when the divergent regions are
/// too large to walk.
fn uniform_values(
    kernel: &Kernel,
    target: &dyn Fn(usize, &Inst) -> Option<usize>,
    readers: &[Vec<u32>],
    writes: &[u32],
    mut varying: Vec<bool>,
) -> Option<Vec<bool>> {
    let n = kernel.insts.len();
    let blocks = Blocks::new(kernel);
    let mut divergent_block = vec![false; blocks.starts.len()];
    let mut branch_done = vec![false; n];
    let mut work: Vec<usize> = (0..varying.len()).filter(|&r| varying[r]).collect();
    let mut visits = 0usize;
    let mut seen = vec![0u32; blocks.starts.len()];
    let mut stamp = 0;
    loop {
        spread(kernel, target, readers, &mut varying, &mut work);
        // Control: the regions of branches that became divergent. Each
        // round's scans count against the budget too.
        let mut grew = false;
        visits += 2 * n;
        for (pc, done) in branch_done.iter_mut().enumerate() {
            let cond = match &kernel.insts[pc] {
                Inst::Branch { cond, .. } => *cond,
                Inst::Switch { selector, .. } => *selector,
                _ => continue,
            };
            if *done || !varying[cond as usize] {
                continue;
            }
            *done = true;
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
        // Values written more than once, somewhere divergent.
        for (pc, inst) in kernel.insts.iter().enumerate() {
            if let Some(d) = target(pc, inst) {
                if !varying[d] && writes[d] > 1 && divergent_block[blocks.block_of[pc]] {
                    varying[d] = true;
                    work.push(d);
                }
            }
        }
    }
}

/// Marks the values the readers of every value on `work` (all marked
/// already) write, until no more change.
fn spread(
    kernel: &Kernel,
    target: &dyn Fn(usize, &Inst) -> Option<usize>,
    readers: &[Vec<u32>],
    marked: &mut [bool],
    work: &mut Vec<usize>,
) {
    while let Some(r) = work.pop() {
        for &pc in &readers[r] {
            if let Some(d) = target(pc as usize, &kernel.insts[pc as usize]) {
                if !marked[d] {
                    marked[d] = true;
                    work.push(d);
                }
            }
        }
    }
}

/// Private-memory locations accessed at constant addresses.
struct Slots {
    /// Per pc: the slot a load or store accesses.
    of_pc: Vec<Option<usize>>,
    count: usize,
    /// Per slot: it varies whatever is stored (a per-lane built-in's copy,
    /// an atomic's target, a location a computed pointer may reach).
    varying: Vec<bool>,
}

/// The private slots of `kernel`; none when an access's address may be
/// private memory reached in a way the analysis does not follow.
fn private_slots(kernel: &Kernel) -> Slots {
    let n = kernel.insts.len();
    let none = Slots {
        of_pc: vec![None; n],
        count: 0,
        varying: Vec::new(),
    };
    let constant: std::collections::HashMap<Reg, u64> = kernel.constants.iter().copied().collect();
    let private = |a: u64| (address::PRIVATE_BASE..address::PRIVATE_END).contains(&a);
    // Addresses that are not private: buffers, workgroup variables.
    let buffers = pointers(kernel, |_| true, |_| true, |a| !private(a));
    let bases = private_bases(kernel, &constant);
    // (start, end) of each slot, and the slot of each access.
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    let mut of_pc = vec![None; n];
    let mut atomic = Vec::new();
    let mut reached_from: Vec<u64> = Vec::new();
    for (pc, inst) in kernel.insts.iter().enumerate() {
        let (addr, offset, bytes) = match inst {
            Inst::Load {
                ty, addr, offset, ..
            }
            | Inst::Store {
                ty, addr, offset, ..
            } => (*addr, *offset, ty.bytes() as u64),
            Inst::Atomic { ty, addr, .. } => (*addr, 0, ty.bytes() as u64),
            Inst::Prefetch { .. } => continue,
            _ => {
                continue;
            }
        };
        if let Some(&base) = constant.get(&addr) {
            let a = base.wrapping_add(offset as u64);
            if !private(a) {
                continue;
            }
            let range = (a, a + bytes);
            let slot = match ranges.iter().position(|&r| r == range) {
                Some(s) => s,
                None => {
                    ranges.push(range);
                    ranges.len() - 1
                }
            };
            if matches!(inst, Inst::Atomic { .. }) {
                atomic.push(slot);
            } else {
                of_pc[pc] = Some(slot);
            }
        } else if let Some(base) = bases[addr as usize] {
            // A computed pointer into private memory: it may reach any
            // location from its base on.
            reached_from.push(base);
        } else if !buffers[addr as usize] {
            return none;
        }
    }
    let mut varying = vec![false; ranges.len()];
    for (s, &(start, end)) in ranges.iter().enumerate() {
        let overlaps = ranges
            .iter()
            .any(|&(a, b)| (a, b) != (start, end) && a < end && start < b);
        let per_lane_builtin = kernel
            .builtins
            .iter()
            .filter(|b| b.builtin.per_lane())
            .any(|b| {
                let a = address::PRIVATE_BASE + b.offset as u64;
                let size = b.ty.bytes() as u64 * b.regs.len() as u64;
                a < end && start < a + size
            });
        let reached = reached_from.iter().any(|&b| end > b);
        varying[s] = overlaps || per_lane_builtin || reached || atomic.contains(&s);
    }
    Slots {
        of_pc,
        count: ranges.len(),
        varying,
    }
}

/// Per register: the private-memory base it was computed from (a
/// constant private address, moved, converted or offset by a value that
/// is not one); `None` for everything else.
fn private_bases(
    kernel: &Kernel,
    constant: &std::collections::HashMap<Reg, u64>,
) -> Vec<Option<u64>> {
    let regs = kernel.reg_count as usize;
    let mut base = vec![None; regs];
    for (&r, &v) in constant {
        if (address::PRIVATE_BASE..address::PRIVATE_END).contains(&v) {
            base[r as usize] = Some(v);
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &kernel.insts {
            let Some(d) = destination(inst) else { continue };
            let from = match inst {
                Inst::Mov { src, .. } | Inst::Convert { src, .. } => base[*src as usize],
                Inst::Alu { alu, src, .. } if matches!(alu.op, AluOp::IAdd | AluOp::ISub) => {
                    base[src[0] as usize].or(base[src[1] as usize])
                }
                Inst::Alu { alu, src, .. } if alu.op == AluOp::Select => {
                    base[src[1] as usize].or(base[src[2] as usize])
                }
                _ => None,
            };
            // The lowest base any write gives.
            if let Some(b) = from {
                if base[d as usize].is_none_or(|old| b < old) {
                    base[d as usize] = Some(b);
                    changed = true;
                }
            }
        }
    }
    base
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

/// Per register: whether it only ever holds an address into one of the
/// buffers `resource` and `param` accept (or a constant address `constant`
/// accepts), moved, converted, offset by an
/// integer, or selected between two such. Every write must keep it so
/// (greatest fixed point).
fn pointers(
    kernel: &Kernel,
    resource: impl Fn(&crate::ir::Resource) -> bool,
    param: impl Fn(&crate::ir::Param) -> bool,
    constant: impl Fn(u64) -> bool,
) -> Vec<bool> {
    let regs = kernel.reg_count as usize;
    let mut base = vec![false; regs];
    for &(r, v) in &kernel.constants {
        base[r as usize] = constant(v);
    }
    for r in kernel.resources.iter().filter(|r| resource(r)) {
        base[r.reg as usize] = true;
    }
    for p in kernel.params.iter().filter(|p| param(p)) {
        if !matches!(p.kind, ParamKind::Value(_)) {
            base[p.reg as usize] = true;
        }
    }
    let mut ptr = vec![true; regs];
    let written = crate::liveness::written(kernel);
    for r in 0..regs {
        if !written[r] && !base[r] {
            ptr[r] = false;
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for inst in &kernel.insts {
            let Some(d) = destination(inst) else { continue };
            if !ptr[d as usize] {
                continue;
            }
            let keeps = match inst {
                Inst::Mov { src, .. } | Inst::Convert { src, .. } => ptr[*src as usize],
                Inst::Alu { alu, src, .. } => match alu.op {
                    AluOp::IAdd => ptr[src[0] as usize] != ptr[src[1] as usize],
                    AluOp::ISub => ptr[src[0] as usize] && !ptr[src[1] as usize],
                    AluOp::Select => ptr[src[1] as usize] && ptr[src[2] as usize],
                    _ => false,
                },
                _ => false,
            };
            if !keeps {
                ptr[d as usize] = false;
                changed = true;
            }
        }
    }
    ptr
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
