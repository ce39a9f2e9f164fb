//! Register coalescing of the copies lowering emits (phi copies on edges,
//! an inlined call's return value, the retry value of an emulated atomic),
//! as a register allocator does: a copy's two registers become one where
//! their live ranges do not interfere (Chaitin's test: neither is written
//! while the other is live, the copy's own source excepted), and the copy
//! goes away. The copies left are the ones needed because both values are
//! live at once (two phis swapping values, the lost-copy problem); they
//! stay `Mov` instructions. An edge stub left with no copy goes too: its
//! branch targets the block directly.
//!
//! Liveness is per lane (`liveness`): every write changes only the lanes
//! that execute it, so each lane sees the sequential program.

use crate::interference::Interference;
use crate::ir::{Inst, Kernel, Pc, PrintfOperand, Reg, EXIT_PC};
use crate::liveness::{alu_arity, destination, RegSet};
use std::collections::HashMap;

/// An edge stub holding phi copies: its first instruction and its closing
/// `Jump` to the block.
pub(super) struct Stub {
    pub start: Pc,
    pub jump: Pc,
}

pub(super) fn coalesce(kernel: &mut Kernel, stubs: &[Stub]) {
    let regs = kernel.reg_count as usize;
    // Registers a copy may share: the ones instructions write, and the
    // per-lane built-ins (vector registers written at launch). Constants,
    // buffer addresses and arguments are the same in every lane: scalar
    // registers or literals on hardware, never a vector value's home.
    let mut free = RegSet::new(regs);
    let mut preloaded = RegSet::new(regs);
    for d in kernel.insts.iter().filter_map(destination) {
        free.insert(d);
    }
    for slot in kernel.builtins.iter().filter(|s| s.builtin.per_lane()) {
        for &r in &slot.regs {
            free.insert(r);
            preloaded.insert(r);
        }
    }
    let copies: Vec<(Reg, Reg)> = kernel
        .insts
        .iter()
        .filter_map(|i| match *i {
            Inst::Mov { dst, src } if free.contains(dst) && free.contains(src) => Some((dst, src)),
            _ => None,
        })
        .collect();
    if copies.is_empty() {
        return;
    }
    // Interference among the registers copies relate (no other pair is
    // ever asked about). A kernel whose graph is too large keeps its
    // copies as instructions.
    let mut related = RegSet::new(regs);
    for &(d, s) in &copies {
        related.insert(d);
        related.insert(s);
    }
    let Some(mut adj) = Interference::build(kernel, &free, &related, &preloaded) else {
        return;
    };

    // Union-find over registers; a class holding a built-in is named by it,
    // so that the built-in's slot keeps its register.
    let mut parent: Vec<Reg> = (0..regs as Reg).collect();
    fn find(parent: &mut [Reg], mut r: Reg) -> Reg {
        while parent[r as usize] != r {
            parent[r as usize] = parent[parent[r as usize] as usize];
            r = parent[r as usize];
        }
        r
    }
    for &(dst, src) in &copies {
        let (a, b) = (find(&mut parent, dst), find(&mut parent, src));
        let both_preloaded = preloaded.contains(a) && preloaded.contains(b);
        if a == b || both_preloaded || adj.interfere(a, b) {
            continue;
        }
        let (keep, gone) = if preloaded.contains(b) {
            (b, a)
        } else {
            (a, b)
        };
        parent[gone as usize] = keep;
        adj.merge(keep, gone);
    }
    let class: Vec<Reg> = (0..regs as Reg).map(|r| find(&mut parent, r)).collect();
    let name = |r: &mut Reg| *r = class[*r as usize];
    for inst in &mut kernel.insts {
        rename(inst, name);
    }
    for call in &mut kernel.printf_calls {
        name(&mut call.format.0);
        for a in &mut call.args {
            match a {
                PrintfOperand::Value(v) => v.iter_mut().for_each(|x| name(&mut x.1)),
                PrintfOperand::Pointer(r, _) => name(r),
            }
        }
    }
    drop_instructions(kernel, stubs);
}

/// Removes the copies coalescing made into `Mov r, r`, and the stubs left
/// with only their jump; every instruction index is renumbered.
fn drop_instructions(kernel: &mut Kernel, stubs: &[Stub]) {
    let n = kernel.insts.len();
    let mut keep: Vec<bool> = kernel
        .insts
        .iter()
        .map(|i| !matches!(i, Inst::Mov { dst, src } if dst == src))
        .collect();
    // An emptied stub's start stands for the block it jumps to.
    let mut redirect: HashMap<Pc, Pc> = HashMap::new();
    for s in stubs {
        if (s.start..s.jump).all(|pc| !keep[pc as usize]) {
            let Inst::Jump { target } = kernel.insts[s.jump as usize] else {
                unreachable!("a stub ends with its jump")
            };
            keep[s.jump as usize] = false;
            redirect.insert(s.start, target);
        }
    }
    // A removed instruction's index becomes that of the next one kept.
    let mut new_pc = Vec::with_capacity(n + 1);
    let mut kept = 0;
    for &k in &keep {
        new_pc.push(kept);
        kept += k as Pc;
    }
    new_pc.push(kept);
    let map = |p: &mut Pc| {
        let to = redirect.get(p).copied().unwrap_or(*p);
        *p = if to == EXIT_PC {
            EXIT_PC
        } else {
            new_pc[to as usize]
        };
    };
    for inst in &mut kernel.insts {
        match inst {
            Inst::Jump { target } => map(target),
            Inst::Branch {
                if_true,
                if_false,
                reconverge,
                ..
            } => {
                map(if_true);
                map(if_false);
                map(reconverge);
            }
            Inst::Switch { reconverge, .. } => map(reconverge),
            _ => {}
        }
    }
    for t in &mut kernel.switches {
        t.cases.iter_mut().for_each(|c| map(&mut c.1));
        map(&mut t.default);
    }
    let mut k = keep.iter();
    kernel.insts.retain(|_| *k.next().expect("one flag each"));
    let mut k = keep.iter();
    kernel.origins.retain(|_| *k.next().expect("one flag each"));
}

/// Applies `f` to every register `inst` reads or writes.
fn rename(inst: &mut Inst, mut f: impl FnMut(&mut Reg)) {
    match inst {
        Inst::Alu { alu, dst, src } => {
            f(dst);
            src[..alu_arity(alu.op)].iter_mut().for_each(f);
        }
        Inst::Convert { dst, src, .. } | Inst::Mov { dst, src } => {
            f(dst);
            f(src);
        }
        Inst::Ext { dst, src, .. } => {
            f(dst);
            src.iter_mut().for_each(f);
        }
        Inst::CrossLane { op, dst, src, .. } => {
            f(dst);
            src[..op.operands()].iter_mut().for_each(f);
        }
        Inst::Load { dst, addr, .. } => {
            f(dst);
            f(addr);
        }
        Inst::Store { src, addr, .. } => {
            f(src);
            f(addr);
        }
        Inst::Atomic {
            dst,
            addr,
            value,
            comparator,
            ..
        } => {
            f(dst);
            f(addr);
            f(value);
            f(comparator);
        }
        Inst::Branch { cond, .. } => f(cond),
        Inst::Prefetch { addr, count, .. } => {
            f(addr);
            f(count);
        }
        Inst::Switch { selector, .. } => f(selector),
        Inst::Printf { dst, .. } => f(dst),
        Inst::Jump { .. }
        | Inst::Return
        | Inst::Barrier
        | Inst::MemoryBarrier
        | Inst::Unreachable => {}
    }
}
