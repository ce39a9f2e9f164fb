//! How many vector registers a kernel needs per lane, counted the way a
//! register allocator would: the most 32-bit registers live at any point.
//!
//! Registers that no instruction writes (constants, buffer addresses,
//! kernel arguments) are uniform across the wave and live in scalar
//! registers on real hardware, so they are not counted; nor are booleans,
//! which live in scalar lane masks. A 64-bit value takes two registers.
//! This is plain control-flow-graph liveness; it does not add the extra
//! lifetime that divergent paths executed one after another can need.
//! Register coalescing (`coalesce`) uses the same liveness.

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

/// Per register: whether some instruction writes it (the others hold what
/// a launch sets: constants, buffer addresses, arguments, built-ins).
pub fn written(kernel: &Kernel) -> Vec<bool> {
    let mut written = vec![false; kernel.reg_count as usize];
    for d in kernel.insts.iter().filter_map(destination) {
        written[d as usize] = true;
    }
    written
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
    let bits = value_bits;
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

/// 32-bit vector registers per lane the kernel needs when every value is
/// a vector one (a GPU without a scalar unit).
pub fn vgprs_per_lane(kernel: &Kernel) -> u32 {
    register_demand(kernel, None).vgprs
}

/// The registers a wave needs at most at once, per class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisterDemand {
    /// 32-bit vector registers per lane.
    pub vgprs: u32,
    /// 32-bit scalar registers, reserved ones not included.
    pub sgprs: u32,
}

/// The registers the kernel needs. With `mask_sgprs` (a GPU with a scalar
/// unit: the scalar registers a lane mask takes, 2 for wave64 and 1 for
/// wave32), the kernel's scalar registers (`Kernel::scalar_regs`) are
/// scalar ones, and so are the uniform inputs (buffer addresses and sizes,
/// arguments, uniform built-ins) and the lane masks vector comparisons
/// write; without it every value is a vector register and scalar ones are
/// not counted.
pub fn register_demand(kernel: &Kernel, mask_sgprs: Option<u32>) -> RegisterDemand {
    let regs = kernel.reg_count as usize;
    // Width in 32-bit registers of each written register; 0 = never written.
    let mut width = vec![0u32; regs];
    // Per-lane built-ins are preloaded into vector registers at launch.
    for slot in kernel.builtins.iter().filter(|s| s.builtin.per_lane()) {
        for &r in &slot.regs {
            width[r as usize] = value_bits(slot.ty).div_ceil(32);
        }
    }
    let mut bools = vec![false; regs];
    for _ in 0..2 {
        for inst in &kernel.insts {
            if let Some(d) = destination(inst) {
                let w = match inst {
                    Inst::Mov { src, .. } => width[*src as usize].max(1),
                    _ => result_bits(inst).div_ceil(32),
                };
                width[d as usize] = width[d as usize].max(w);
                bools[d as usize] |= result_bits(inst) == 0 && !matches!(inst, Inst::Mov { .. });
            }
        }
    }
    let scalar = |r: Reg| mask_sgprs.is_some() && kernel.is_scalar_reg(r);
    // Scalar registers: written scalar values (a uniform boolean takes
    // one), the uniform inputs, and vector lane masks.
    let mut scalar_width = vec![0u32; regs];
    if let Some(mask) = mask_sgprs {
        for r in 0..regs {
            let reg = r as Reg;
            if width[r] > 0 || bools[r] {
                scalar_width[r] = if kernel.is_scalar_reg(reg) {
                    width[r].max(1)
                } else if bools[r] {
                    mask
                } else {
                    0
                };
            }
        }
        let inputs = kernel
            .resources
            .iter()
            .flat_map(|res| [res.reg, res.size_reg])
            .chain(kernel.params.iter().flat_map(|p| match &p.kind {
                crate::ir::ParamKind::Value(comps) => comps.iter().map(|c| c.2).collect(),
                _ => vec![p.reg],
            }))
            .map(|r| (r, 2))
            .chain(
                kernel
                    .builtins
                    .iter()
                    .filter(|s| !s.builtin.per_lane())
                    .flat_map(|s| s.regs.iter().map(|&r| (r, value_bits(s.ty).div_ceil(32)))),
            );
        for (r, w) in inputs {
            scalar_width[r as usize] = scalar_width[r as usize].max(w);
        }
    }
    let vector_width: Vec<u32> = (0..regs)
        .map(|r| if scalar(r as Reg) { 0 } else { width[r] })
        .collect();
    let live = Liveness::new(kernel, |r| {
        vector_width[r as usize] > 0 || scalar_width[r as usize] > 0
    });
    let weight = |set: &RegSet| {
        set.iter().fold((0u32, 0u32), |(v, s), r| {
            (v + vector_width[r as usize], s + scalar_width[r as usize])
        })
    };
    let (mut max_v, mut max_s) = (0, 0);
    for b in 0..live.blocks() {
        let (v, s) = weight(&live.live_in[b]);
        max_v = max_v.max(v);
        max_s = max_s.max(s);
        // The live set's weights, kept as the walk changes the set.
        let current = std::cell::Cell::new(weight(&live.live_out[b]));
        live.walk_back_tracking(
            kernel,
            b,
            |_, _| {
                let (v, s) = current.get();
                max_v = max_v.max(v);
                max_s = max_s.max(s);
            },
            |r, joined| {
                let (v, s) = current.get();
                let (dv, ds) = (vector_width[r as usize], scalar_width[r as usize]);
                current.set(if joined {
                    (v + dv, s + ds)
                } else {
                    (v - dv, s - ds)
                });
            },
        );
    }
    RegisterDemand {
        vgprs: max_v,
        sgprs: max_s,
    }
}

/// The value bits of a register of type `ty` (0 for booleans).
fn value_bits(ty: Scalar) -> u32 {
    match ty {
        Scalar::Bool => 0,
        s => s.bits(),
    }
}

/// A set of registers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegSet(Vec<u64>);

impl RegSet {
    pub fn new(regs: usize) -> RegSet {
        RegSet(vec![0; regs.div_ceil(64)])
    }
    pub fn contains(&self, r: Reg) -> bool {
        self.0[r as usize / 64] >> (r % 64) & 1 != 0
    }
    pub fn insert(&mut self, r: Reg) {
        self.0[r as usize / 64] |= 1 << (r % 64);
    }
    pub fn remove(&mut self, r: Reg) {
        self.0[r as usize / 64] &= !(1 << (r % 64));
    }
    pub fn iter(&self) -> impl Iterator<Item = Reg> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let r = w as Reg * 64 + b.trailing_zeros();
                    b &= b - 1;
                    r
                })
            })
        })
    }
}

/// The kernel's basic blocks and the registers live into and out of each,
/// for the registers a predicate tracks (plain control-flow-graph
/// liveness: each lane follows one path through the graph, and writes
/// only change the lanes that execute them).
pub struct Liveness {
    /// The first instruction of each block, in order.
    starts: Vec<usize>,
    tracked: RegSet,
    pub live_in: Vec<RegSet>,
    pub live_out: Vec<RegSet>,
}

impl Liveness {
    pub fn new(kernel: &Kernel, track: impl Fn(Reg) -> bool) -> Liveness {
        let n = kernel.insts.len();
        let regs = kernel.reg_count as usize;
        let mut tracked = RegSet::new(regs);
        for r in (0..regs as Reg).filter(|&r| track(r)) {
            tracked.insert(r);
        }
        // Basic blocks: leaders are the entry, branch targets and the
        // instructions after control transfers.
        let mut leader = vec![false; n];
        if n > 0 {
            leader[0] = true;
        }
        let mut tmp = Vec::new();
        for pc in 0..n {
            if transfers(&kernel.insts[pc]) {
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
        let mut block_of = vec![0usize; n];
        for (b, &s) in starts.iter().enumerate() {
            let end = starts.get(b + 1).copied().unwrap_or(n);
            block_of[s..end].fill(b);
        }
        let nb = starts.len();
        let mut uses = vec![RegSet::new(regs); nb];
        let mut defs = vec![RegSet::new(regs); nb];
        let mut succs: Vec<Vec<usize>> = vec![Vec::new(); nb];
        let mut srcs = Vec::new();
        for b in 0..nb {
            let end = starts.get(b + 1).copied().unwrap_or(n);
            for pc in starts[b]..end {
                sources(kernel, &kernel.insts[pc], &mut srcs);
                for &r in &srcs {
                    if tracked.contains(r) && !defs[b].contains(r) {
                        uses[b].insert(r);
                    }
                }
                if let Some(d) = destination(&kernel.insts[pc]) {
                    defs[b].insert(d);
                }
            }
            successors(kernel, end - 1, &mut tmp);
            succs[b] = tmp.iter().map(|&p| block_of[p as usize]).collect();
        }
        let mut live_in = vec![RegSet::new(regs); nb];
        let mut live_out = vec![RegSet::new(regs); nb];
        let mut changed = true;
        while changed {
            changed = false;
            for b in (0..nb).rev() {
                let mut out = RegSet::new(regs);
                for &s in &succs[b] {
                    for (o, i) in out.0.iter_mut().zip(&live_in[s].0) {
                        *o |= i;
                    }
                }
                let inn = RegSet(
                    (0..out.0.len())
                        .map(|w| uses[b].0[w] | (out.0[w] & !defs[b].0[w]))
                        .collect(),
                );
                if inn != live_in[b] || out != live_out[b] {
                    live_in[b] = inn;
                    live_out[b] = out;
                    changed = true;
                }
            }
        }
        Liveness {
            starts,
            tracked,
            live_in,
            live_out,
        }
    }

    pub fn blocks(&self) -> usize {
        self.starts.len()
    }

    /// Walks block `b` backwards from its live-out set, calling `f` with
    /// each instruction's index and the tracked registers live just after
    /// it.
    pub fn walk_back(&self, kernel: &Kernel, b: usize, f: impl FnMut(usize, &RegSet)) {
        self.walk_back_tracking(kernel, b, f, |_, _| {});
    }

    /// `walk_back`, also telling `changed` each register that leaves the
    /// live set (`false`) or joins it (`true`) on the way, so that a
    /// figure of the set can be kept up to date instead of recounted.
    fn walk_back_tracking(
        &self,
        kernel: &Kernel,
        b: usize,
        mut f: impl FnMut(usize, &RegSet),
        mut changed: impl FnMut(Reg, bool),
    ) {
        let end = self
            .starts
            .get(b + 1)
            .copied()
            .unwrap_or(kernel.insts.len());
        let mut live = self.live_out[b].clone();
        let mut srcs = Vec::new();
        for pc in (self.starts[b]..end).rev() {
            let inst = &kernel.insts[pc];
            f(pc, &live);
            if let Some(d) = destination(inst) {
                if live.contains(d) {
                    live.remove(d);
                    changed(d, false);
                }
            }
            sources(kernel, inst, &mut srcs);
            for &r in &srcs {
                if self.tracked.contains(r) && !live.contains(r) {
                    live.insert(r);
                    changed(r, true);
                }
            }
        }
    }
}

/// Whether `inst` ends a basic block.
pub(crate) fn transfers(inst: &Inst) -> bool {
    matches!(
        inst,
        Inst::Jump { .. }
            | Inst::Branch { .. }
            | Inst::Switch { .. }
            | Inst::Return
            | Inst::Unreachable
    )
}

/// The instructions control can reach from `pc` within the kernel.
pub(crate) fn successors(kernel: &Kernel, pc: usize, out: &mut Vec<Pc>) {
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
    out.retain(|&p| p != EXIT_PC && (p as usize) < kernel.insts.len());
}
