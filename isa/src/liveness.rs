//! How many vector registers a kernel needs per lane, counted the way a
//! register allocator would: the most 32-bit registers live at any point.
//!
//! Registers that no instruction writes (constants, buffer addresses,
//! kernel arguments) are uniform across the wave and live in scalar
//! registers on real hardware, so they are not counted; nor are booleans,
//! which live in scalar lane masks. A 64-bit value takes two registers.
//! This is plain control-flow-graph liveness; it does not add the extra
//! lifetime that divergent paths executed one after another can need.

use crate::core::{AluOp, Scalar};
use crate::ir::{Inst, Kernel, Pc, Reg, EXIT_PC};

/// Registers `inst` reads.
pub fn sources(kernel: &Kernel, inst: &Inst, out: &mut Vec<Reg>) {
    out.clear();
    match inst {
        Inst::Printf { call, .. } => {
            let c = &kernel.printf_calls[*call as usize];
            out.push(c.format.0);
            for a in &c.args {
                match a {
                    crate::ir::PrintfOperand::Value(v) => out.extend(v.iter().map(|x| x.1)),
                    crate::ir::PrintfOperand::Pointer(r, _) => out.push(*r),
                }
            }
        }
        Inst::Alu { alu, src, .. } => out.extend_from_slice(&src[..alu_arity(alu.op)]),
        Inst::Convert { src, .. } | Inst::Mov { src, .. } => out.push(*src),
        Inst::Ext { src, .. } => out.extend_from_slice(src),
        Inst::CrossLane { op, src, .. } => out.extend_from_slice(&src[..op.operands()]),
        Inst::Load { addr, .. } => out.push(*addr),
        Inst::Store { src, addr, .. } => out.extend_from_slice(&[*src, *addr]),
        Inst::Atomic {
            addr,
            value,
            comparator,
            ..
        } => out.extend_from_slice(&[*addr, *value, *comparator]),
        Inst::Branch { cond, .. } => out.push(*cond),
        Inst::Prefetch { addr, count, .. } => out.extend_from_slice(&[*addr, *count]),
        Inst::Switch { selector, .. } => out.push(*selector),
        Inst::Jump { .. }
        | Inst::Return
        | Inst::Barrier
        | Inst::MemoryBarrier
        | Inst::Unreachable => {}
    }
}

/// The register `inst` writes, if any.
pub fn destination(inst: &Inst) -> Option<Reg> {
    match inst {
        Inst::Alu { dst, .. }
        | Inst::Convert { dst, .. }
        | Inst::Mov { dst, .. }
        | Inst::Ext { dst, .. }
        | Inst::Load { dst, .. }
        | Inst::Atomic { dst, .. }
        | Inst::CrossLane { dst, .. }
        | Inst::Printf { dst, .. } => Some(*dst),
        _ => None,
    }
}

/// Operands an ALU operation reads.
pub fn alu_arity(op: AluOp) -> usize {
    use AluOp::*;
    match op {
        SNegate | Not | BitReverse | BitCount | FNegate | IsNan | IsInf | IsFinite | IsNormal
        | SignBitSet | LogicalNot | QuantizeToF16 => 1,
        Select | BitFieldSExtract | BitFieldUExtract => 3,
        BitFieldInsert => 4,
        _ => 2,
    }
}

/// The value bits `inst` writes to its destination (0 for booleans).
fn result_bits(inst: &Inst) -> u32 {
    let bits = |s: Scalar| match s {
        Scalar::Bool => 0,
        s => s.bits(),
    };
    match inst {
        Inst::Alu { alu, .. } => {
            use AluOp::*;
            match alu.op {
                IEqual
                | INotEqual
                | UGreaterThan
                | SGreaterThan
                | UGreaterThanEqual
                | SGreaterThanEqual
                | ULessThan
                | SLessThan
                | ULessThanEqual
                | SLessThanEqual
                | FOrdEqual
                | FUnordEqual
                | FOrdNotEqual
                | FUnordNotEqual
                | FOrdLessThan
                | FUnordLessThan
                | FOrdGreaterThan
                | FUnordGreaterThan
                | FOrdLessThanEqual
                | FUnordLessThanEqual
                | FOrdGreaterThanEqual
                | FUnordGreaterThanEqual
                | Ordered
                | Unordered
                | IsNan
                | IsInf
                | IsFinite
                | IsNormal
                | SignBitSet
                | LessOrGreater => 0,
                _ => bits(alu.ty),
            }
        }
        Inst::Convert { cv, .. } => bits(cv.to),
        Inst::Ext { op, .. } => bits(op.ty),
        Inst::CrossLane { op, ty, .. } => bits(op.result_type(*ty)),
        Inst::Load { ty, .. } | Inst::Atomic { ty, .. } => bits(*ty),
        _ => 32,
    }
}

/// 32-bit vector registers per lane the kernel needs.
pub fn vgprs_per_lane(kernel: &Kernel) -> u32 {
    let n = kernel.insts.len();
    if n == 0 {
        return 0;
    }
    let regs = kernel.reg_count as usize;
    // Width in 32-bit registers of each written register; 0 = never written.
    let mut width = vec![0u32; regs];
    for _ in 0..2 {
        for inst in &kernel.insts {
            if let Some(d) = destination(inst) {
                let w = match inst {
                    Inst::Mov { src, .. } => width[*src as usize].max(1),
                    _ => result_bits(inst).div_ceil(32),
                };
                width[d as usize] = width[d as usize].max(w);
            }
        }
    }
    // Basic blocks: leaders are the entry, branch targets and the
    // instructions after control transfers.
    let mut leader = vec![false; n];
    leader[0] = true;
    let succ_pcs = |pc: usize, out: &mut Vec<Pc>| {
        out.clear();
        match &kernel.insts[pc] {
            Inst::Jump { target } => out.push(*target),
            Inst::Branch {
                if_true, if_false, ..
            } => out.extend_from_slice(&[*if_true, *if_false]),
            Inst::Switch { table, .. } => {
                let t = &kernel.switches[*table as usize];
                out.extend(t.cases.iter().map(|c| c.1));
                out.push(t.default);
            }
            Inst::Return | Inst::Unreachable => {}
            _ => out.push(pc as Pc + 1),
        }
        out.retain(|&p| p != EXIT_PC && (p as usize) < n);
    };
    let mut tmp = Vec::new();
    for pc in 0..n {
        let transfers = matches!(
            kernel.insts[pc],
            Inst::Jump { .. }
                | Inst::Branch { .. }
                | Inst::Switch { .. }
                | Inst::Return
                | Inst::Unreachable
        );
        if transfers {
            succ_pcs(pc, &mut tmp);
            for &t in &tmp {
                leader[t as usize] = true;
            }
            if pc + 1 < n {
                leader[pc + 1] = true;
            }
        }
    }
    let starts: Vec<usize> = (0..n).filter(|&pc| leader[pc]).collect();
    let mut block_of = vec![0usize; n];
    for (b, &s) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        block_of[s..end].fill(b);
    }
    let nb = starts.len();
    let words = regs.div_ceil(64);
    let counted = |r: Reg| width[r as usize] > 0;
    // use/def per block
    let mut uses = vec![vec![0u64; words]; nb];
    let mut defs = vec![vec![0u64; words]; nb];
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); nb];
    let mut srcs = Vec::new();
    for b in 0..nb {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        for pc in starts[b]..end {
            sources(kernel, &kernel.insts[pc], &mut srcs);
            for &r in &srcs {
                if counted(r) && !get(&defs[b], r) {
                    set(&mut uses[b], r);
                }
            }
            if let Some(d) = destination(&kernel.insts[pc]) {
                set(&mut defs[b], d);
            }
        }
        succ_pcs(end - 1, &mut tmp);
        succs[b] = tmp.iter().map(|&p| block_of[p as usize]).collect();
    }
    let mut live_in = vec![vec![0u64; words]; nb];
    let mut live_out = vec![vec![0u64; words]; nb];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..nb).rev() {
            let mut out = vec![0u64; words];
            for &s in &succs[b] {
                for (o, i) in out.iter_mut().zip(&live_in[s]) {
                    *o |= i;
                }
            }
            let inn: Vec<u64> = (0..words)
                .map(|w| uses[b][w] | (out[w] & !defs[b][w]))
                .collect();
            if inn != live_in[b] || out != live_out[b] {
                live_in[b] = inn;
                live_out[b] = out;
                changed = true;
            }
        }
    }
    // Walk each block backwards from its live-out set.
    let weight = |set: &[u64]| -> u32 {
        let mut total = 0;
        for (w, &bits) in set.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let r = w * 64 + b.trailing_zeros() as usize;
                total += width[r];
                b &= b - 1;
            }
        }
        total
    };
    let mut max = 0;
    for b in 0..nb {
        let end = starts.get(b + 1).copied().unwrap_or(n);
        let mut live = live_out[b].clone();
        max = max.max(weight(&live));
        for pc in (starts[b]..end).rev() {
            let inst = &kernel.insts[pc];
            max = max.max(weight(&live));
            if let Some(d) = destination(inst) {
                clear(&mut live, d);
            }
            sources(kernel, inst, &mut srcs);
            for &r in &srcs {
                if counted(r) {
                    set(&mut live, r);
                }
            }
            max = max.max(weight(&live));
        }
    }
    max
}

fn get(set: &[u64], r: Reg) -> bool {
    set[r as usize / 64] >> (r % 64) & 1 != 0
}
fn set(set: &mut [u64], r: Reg) {
    set[r as usize / 64] |= 1 << (r % 64);
}
fn clear(set: &mut [u64], r: Reg) {
    set[r as usize / 64] &= !(1 << (r % 64));
}
