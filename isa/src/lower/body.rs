//! Lowering of function bodies: every call inlined, phis turned into copies
//! on their incoming edges, composites split into scalar registers.

use super::{cfg, err, mask, Lowerer, Val};
use crate::core::{Alu, AluOp, Convert, Scalar};
use crate::ext::{Builder, Call, ExtOp, ExtSet, Operand};
use crate::ir::{address, AtomicOp, Inst, Pc, Reg, Resource, SwitchTable, EXIT_PC};
use crate::module::{Instr, ModuleError};
use crate::types::{MatrixLayout, Type};
use spirv::{Capability, Op, StorageClass};
use std::collections::{HashMap, HashSet};

type R<T> = Result<T, String>;

/// A phi: its result id and its (value, parent block) pairs.
type Phi = (u32, Vec<(u32, u32)>);

/// Per inlined call: the values of this instance and its branch fix-ups.
pub(super) struct FnCtx {
    pub(super) locals: HashMap<u32, Val>,
    /// Phis of each block.
    phis: HashMap<u32, Vec<Phi>>,
    label_pc: HashMap<u32, Pc>,
    /// Instructions whose targets hold labels until the end of the function.
    patches: Vec<usize>,
    /// Edge blocks holding phi copies: (stub label, from block, to block).
    stubs: Vec<(u32, u32, u32)>,
    exit_label: u32,
    /// Where an inlined function's return value goes; `None` for the entry.
    ret: Option<Vec<Reg>>,
    ipdom: HashMap<u32, u32>,
    /// Blocks whose conditional branch is their loop's exit (`cfg::loop_exits`).
    loop_exits: HashSet<u32>,
    block: u32,
}

impl Lowerer<'_> {
    fn fresh_label(&mut self) -> u32 {
        self.next_label += 1;
        self.next_label
    }

    fn lookup(&self, ctx: &FnCtx, id: u32) -> R<Val> {
        ctx.locals
            .get(&id)
            .or_else(|| self.globals.get(&id))
            .cloned()
            .ok_or_else(|| format!("%{id} is used but not defined (or not supported)"))
    }

    /// The value's scalar registers, computing a pointer's address if needed.
    pub(super) fn regs(&mut self, ctx: &FnCtx, id: u32) -> R<Vec<Reg>> {
        let v = self.lookup(ctx, id)?;
        Ok(self.materialize(v))
    }

    fn materialize(&mut self, v: Val) -> Vec<Reg> {
        match v {
            Val::Regs(r) => r,
            Val::Ptr { reg, offset: 0, .. } => vec![reg],
            Val::Ptr { reg, offset, .. } => {
                let ty = Scalar::Int(self.types.pointer_bits);
                let c = self.const_reg(offset as u64 & mask(ty));
                vec![self.alu(AluOp::IAdd, ty, &[reg, c])]
            }
        }
    }

    /// Whether generic address `a` lies in `window` of `ir::address`
    /// (each storage class has addresses of its own), as a boolean.
    fn generic_within(&mut self, a: Reg, window: std::ops::Range<u64>) -> Reg {
        let ty = Scalar::Int(self.types.pointer_bits);
        let (lo, hi) = (self.const_reg(window.start), self.const_reg(window.end));
        let above = self.alu(AluOp::UGreaterThanEqual, ty, &[a, lo]);
        let below = self.alu(AluOp::ULessThan, ty, &[a, hi]);
        self.alu(AluOp::LogicalAnd, Scalar::Bool, &[above, below])
    }

    pub(super) fn reg(&mut self, ctx: &FnCtx, id: u32) -> R<Reg> {
        let r = self.regs(ctx, id)?;
        match r.as_slice() {
            [one] => Ok(*one),
            _ => Err(format!("%{id} is not a scalar")),
        }
    }

    fn ptr(&self, ctx: &FnCtx, id: u32) -> R<(Reg, i64, MatrixLayout)> {
        Ok(match self.lookup(ctx, id)? {
            Val::Ptr {
                reg,
                offset,
                matrix,
            } => (reg, offset, matrix),
            Val::Regs(r) if r.len() == 1 => (r[0], 0, MatrixLayout::default()),
            _ => return Err(format!("%{id} is not a pointer")),
        })
    }

    pub(crate) fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg {
        let dst = self.alloc();
        let mut s = [0; 4];
        s[..src.len()].copy_from_slice(src);
        self.emit(Inst::Alu {
            alu: Alu { op, ty },
            dst,
            src: s,
        });
        dst
    }

    pub(super) fn convert(&mut self, cv: Convert, src: Reg) -> Reg {
        let dst = self.alloc();
        self.emit(Inst::Convert { cv, dst, src });
        dst
    }

    pub(super) fn type_of(&self, id: u32) -> R<u32> {
        self.id_types
            .get(&id)
            .copied()
            .ok_or_else(|| format!("%{id} has no type"))
    }

    /// Scalar type of the components of a value of type `ty`.
    pub(super) fn elem_scalar(&self, ty: u32) -> R<Scalar> {
        match self.types.get(ty)? {
            Type::Vector { elem, .. } => self.types.scalar(*elem),
            _ => self.types.scalar(ty),
        }
    }

    pub(super) fn const_of(&self, id: u32) -> R<u64> {
        self.const_values
            .get(&id)
            .copied()
            .ok_or_else(|| format!("%{id} must be a constant here"))
    }

    /// Inlines function `fid` at the current position. `ret` receives the
    /// return value of a called function; `None` marks the entry point,
    /// whose returns retire lanes.
    pub(crate) fn inline_function(
        &mut self,
        fid: u32,
        args: Vec<Val>,
        ret: Option<Vec<Reg>>,
    ) -> Result<(), ModuleError> {
        let def = &self.functions[&fid];
        let (start, end) = (def.start, def.end);
        let fn_offset = self.m.instrs[start].offset;
        if self.call_stack.contains(&fid) {
            return Err(err(
                fn_offset,
                format!(
                    "function {} is recursive, which is not supported",
                    crate::module::printable(&self.name_of(fid))
                ),
            ));
        }
        self.call_stack.push(fid);
        let m = self.m;
        let body = &m.instrs[start + 1..end];

        let mut ctx = FnCtx {
            locals: HashMap::new(),
            phis: HashMap::new(),
            label_pc: HashMap::new(),
            patches: Vec::new(),
            stubs: Vec::new(),
            exit_label: self.fresh_label(),
            ret,
            ipdom: HashMap::new(),
            loop_exits: HashSet::new(),
            block: 0,
        };
        // Parameters, blocks and their successors, phis.
        let mut args = args.into_iter();
        let mut blocks: Vec<(u32, usize)> = Vec::new();
        let mut succs: Vec<Vec<u32>> = Vec::new();
        // Per block: the merge block (and continue target) it heads, and
        // whether it retires lanes (a return of the entry point).
        let mut headers: Vec<Vec<u32>> = Vec::new();
        let mut retires: Vec<bool> = Vec::new();
        for (i, ins) in body.iter().enumerate() {
            if ins.operands.len() < min_operands(ins.op) {
                return Err(err(
                    ins.offset,
                    format!("Op{:?} has too few operands", ins.op),
                ));
            }
            // Debug instructions may stand before the first block
            // (glslang's -gV puts a DebugNoLine there).
            let non_semantic = ins.op == Op::ExtInst
                && ins
                    .operands
                    .first()
                    .and_then(|s| self.ext_sets.get(s))
                    .is_some_and(|(_, set)| set.is_none());
            let in_block = matches!(ins.op, Op::Label | Op::FunctionParameter)
                || !succs.is_empty()
                || non_semantic;
            if !in_block {
                return Err(err(
                    ins.offset,
                    format!(
                        "Op{:?} outside any block (a function body starts with OpLabel)",
                        ins.op
                    ),
                ));
            }
            match ins.op {
                Op::FunctionParameter => {
                    let a = args
                        .next()
                        .ok_or_else(|| err(ins.offset, "missing argument"))?;
                    ctx.locals.insert(ins.result_id, a);
                }
                Op::Label => {
                    blocks.push((ins.result_id, i));
                    succs.push(Vec::new());
                    headers.push(Vec::new());
                    retires.push(false);
                }
                Op::SelectionMerge => {
                    *headers.last_mut().expect("checked above") = vec![ins.operands[0]];
                }
                Op::LoopMerge => {
                    *headers.last_mut().expect("checked above") = ins.operands[..2].to_vec();
                }
                Op::Return | Op::ReturnValue => {
                    *retires.last_mut().expect("checked above") = ctx.ret.is_none();
                }
                Op::Branch => succs
                    .last_mut()
                    .expect("checked above")
                    .push(ins.operands[0]),
                Op::BranchConditional => succs
                    .last_mut()
                    .expect("checked above")
                    .extend_from_slice(&ins.operands[1..3]),
                Op::Switch => {
                    let sel_bits = self
                        .type_of(ins.operands[0])
                        .and_then(|t| self.types.scalar(t))
                        .map(|s| s.bits())
                        .unwrap_or(32);
                    let step = if sel_bits > 32 { 3 } else { 2 };
                    let s = succs.last_mut().expect("checked above");
                    s.push(ins.operands[1]);
                    for c in ins.operands[2..].chunks(step) {
                        s.push(*c.last().expect("chunks are not empty"));
                    }
                }
                Op::Phi => {
                    let n = self
                        .types
                        .flatten(ins.result_type)
                        .map_err(|e| err(ins.offset, e))?
                        .len();
                    let regs = self.alloc_n(n);
                    ctx.locals.insert(ins.result_id, Val::Regs(regs));
                    let incoming = ins.operands.chunks_exact(2).map(|p| (p[0], p[1])).collect();
                    let label = blocks.last().map(|b| b.0).unwrap_or(0);
                    ctx.phis
                        .entry(label)
                        .or_default()
                        .push((ins.result_id, incoming));
                }
                _ => {}
            }
        }
        let index: HashMap<u32, usize> = blocks.iter().enumerate().map(|(i, b)| (b.0, i)).collect();
        let succ_idx: Vec<Vec<usize>> = succs
            .iter()
            .map(|s| s.iter().filter_map(|l| index.get(l).copied()).collect())
            .collect();
        let header_idx: Vec<Vec<usize>> = headers
            .iter()
            .map(|h| {
                h.iter()
                    .map(|l| index.get(l).copied())
                    .collect::<Option<Vec<usize>>>()
                    .unwrap_or_default()
            })
            .collect();
        let points = cfg::reconvergence_points(&succ_idx, &header_idx, &retires);
        for b in cfg::loop_exits(&succ_idx, &header_idx, &points) {
            ctx.loop_exits.insert(blocks[b].0);
        }
        for (b, p) in points.into_iter().enumerate() {
            ctx.ipdom.insert(
                blocks[b].0,
                p.map(|p| blocks[p].0).unwrap_or(ctx.exit_label),
            );
        }

        for (bi, &(label, first)) in blocks.iter().enumerate() {
            ctx.label_pc.insert(label, self.insts.len() as Pc);
            ctx.block = label;
            let last = blocks.get(bi + 1).map(|b| b.1).unwrap_or(body.len());
            // An OpLine holds to the next OpLine or OpNoLine, or the end
            // of its block.
            let mut line = None;
            for ins in &body[first + 1..last] {
                match ins.op {
                    Op::Line => line = self.source_line(ins),
                    Op::NoLine => line = None,
                    // glslang's -gV says where with DebugLine instead.
                    Op::ExtInst => match self.debug_info_op(ins) {
                        Some(super::DEBUG_LINE) => line = self.debug_line(ins),
                        Some(super::DEBUG_NO_LINE) => line = None,
                        _ => {}
                    },
                    _ => {}
                }
                self.set_origin(ins, line);
                self.lower_inst(&mut ctx, ins)
                    .map_err(|e| err(ins.offset, e))?;
            }
        }
        for (stub, from, to) in std::mem::take(&mut ctx.stubs) {
            let start = self.insts.len() as Pc;
            ctx.label_pc.insert(stub, start);
            self.phi_copies(&ctx, from, to)
                .map_err(|e| err(fn_offset, e))?;
            ctx.patches.push(self.insts.len());
            self.stubs.push(super::coalesce::Stub {
                start,
                jump: self.insts.len() as Pc,
            });
            self.emit(Inst::Jump { target: to });
        }
        let exit_pc = if ctx.ret.is_some() {
            self.insts.len() as Pc
        } else {
            EXIT_PC
        };
        ctx.label_pc.insert(ctx.exit_label, exit_pc);
        for &at in &ctx.patches {
            let fix = |l: &mut Pc| -> Result<(), ModuleError> {
                *l = *ctx
                    .label_pc
                    .get(l)
                    .ok_or_else(|| err(fn_offset, format!("branch to unknown block %{l}")))?;
                Ok(())
            };
            match &mut self.insts[at] {
                Inst::Jump { target } => fix(target)?,
                Inst::Branch {
                    if_true,
                    if_false,
                    reconverge,
                    ..
                } => {
                    fix(if_true)?;
                    fix(if_false)?;
                    fix(reconverge)?;
                }
                Inst::Switch {
                    table, reconverge, ..
                } => {
                    fix(reconverge)?;
                    let t = &mut self.switches[*table as usize];
                    for (_, target) in t.cases.iter_mut() {
                        *target = *ctx.label_pc.get(target).ok_or_else(|| {
                            err(fn_offset, format!("switch to unknown block %{target}"))
                        })?;
                    }
                    t.default = *ctx.label_pc.get(&t.default).ok_or_else(|| {
                        err(fn_offset, "switch default is an unknown block".to_string())
                    })?;
                }
                _ => {}
            }
        }
        self.call_stack.pop();
        Ok(())
    }

    /// Copies the phi inputs of block `to` for the edge from `from`, as one
    /// parallel copy.
    fn phi_copies(&mut self, ctx: &FnCtx, from: u32, to: u32) -> R<()> {
        let Some(phis) = ctx.phis.get(&to) else {
            return Ok(());
        };
        let mut moves: Vec<(Reg, Reg)> = Vec::new();
        for (phi, incoming) in phis {
            let (value, _) = incoming
                .iter()
                .find(|(_, parent)| *parent == from)
                .ok_or_else(|| {
                    format!("phi %{phi} has no value for the edge from block %{from}")
                })?;
            let src = self.regs(ctx, *value)?;
            let Some(Val::Regs(dst)) = ctx.locals.get(phi) else {
                unreachable!("phi registers are allocated up front")
            };
            moves.extend(dst.iter().copied().zip(src));
        }
        let dsts: std::collections::HashSet<Reg> = moves.iter().map(|m| m.0).collect();
        if moves.iter().any(|(_, s)| dsts.contains(s)) {
            let temps: Vec<Reg> = moves
                .iter()
                .map(|&(_, src)| {
                    let t = self.alloc();
                    self.emit(Inst::Mov { dst: t, src });
                    t
                })
                .collect();
            for (&(dst, _), t) in moves.iter().zip(temps) {
                self.emit(Inst::Mov { dst, src: t });
            }
        } else {
            for (dst, src) in moves {
                self.emit(Inst::Mov { dst, src });
            }
        }
        Ok(())
    }

    /// The target to branch to for the edge `from` -> `to`: a stub holding
    /// the phi copies when `to` has phis, so that only the lanes taking this
    /// edge copy.
    fn edge_target(&mut self, ctx: &mut FnCtx, to: u32) -> u32 {
        if ctx.phis.contains_key(&to) {
            let stub = self.fresh_label();
            ctx.stubs.push((stub, ctx.block, to));
            stub
        } else {
            to
        }
    }

    fn emit_patched(&mut self, ctx: &mut FnCtx, inst: Inst) {
        ctx.patches.push(self.insts.len());
        self.emit(inst);
    }

    pub(crate) fn store_initializer(&mut self, var: u32, init: u32) -> Result<(), ModuleError> {
        let ctx = FnCtx {
            locals: HashMap::new(),
            phis: HashMap::new(),
            label_pc: HashMap::new(),
            patches: Vec::new(),
            stubs: Vec::new(),
            exit_label: 0,
            ret: None,
            ipdom: HashMap::new(),
            loop_exits: HashSet::new(),
            block: 0,
        };
        self.store(&ctx, var, init).map_err(ModuleError::general)
    }

    pub(crate) fn lower_spec_op(&mut self, ins: &Instr) -> Result<(), ModuleError> {
        let Some(inner) = ins.spec_constant_operation() else {
            return Err(err(ins.offset, "OpSpecConstantOp with an unknown opcode"));
        };
        let op = inner.op;
        let mut ctx = FnCtx {
            locals: HashMap::new(),
            phis: HashMap::new(),
            label_pc: HashMap::new(),
            patches: Vec::new(),
            stubs: Vec::new(),
            exit_label: 0,
            ret: None,
            ipdom: HashMap::new(),
            loop_exits: HashSet::new(),
            block: 0,
        };
        self.lower_inst(&mut ctx, &inner)
            .map_err(|e| err(ins.offset, e))?;
        let v = ctx.locals.remove(&ins.result_id).ok_or_else(|| {
            err(
                ins.offset,
                format!("OpSpecConstantOp {op:?} produced no value"),
            )
        })?;
        self.globals.insert(ins.result_id, v);
        Ok(())
    }

    fn store(&mut self, ctx: &FnCtx, ptr_id: u32, value_id: u32) -> R<()> {
        let (reg, offset, matrix) = self.ptr(ctx, ptr_id)?;
        let pointee = self.pointee(self.type_of(ptr_id)?)?.1;
        let layout = self.types.scalar_offsets(pointee, matrix)?;
        let src = self.regs(ctx, value_id)?;
        if src.len() != layout.len() {
            return Err(format!(
                "stored value %{value_id} has {} components, the pointee has {}",
                src.len(),
                layout.len()
            ));
        }
        for ((ty, off), src) in layout.into_iter().zip(src) {
            self.emit(Inst::Store {
                ty,
                src,
                addr: reg,
                offset: offset + off as i64,
            });
        }
        Ok(())
    }

    fn load(&mut self, ptr: (Reg, i64, MatrixLayout), pointee: u32) -> R<Vec<Reg>> {
        let (reg, offset, matrix) = ptr;
        let layout = self.types.scalar_offsets(pointee, matrix)?;
        Ok(layout
            .into_iter()
            .map(|(ty, off)| {
                if let Some(r) = self.preloaded(reg, offset + off as i64, ty) {
                    return r;
                }
                let dst = self.alloc();
                self.emit(Inst::Load {
                    ty,
                    dst,
                    addr: reg,
                    offset: offset + off as i64,
                });
                dst
            })
            .collect())
    }

    /// The register a built-in component of type `ty` is preloaded in,
    /// when `reg + offset` is known here to address one (`reg` holding
    /// the address of the built-in's variable).
    fn preloaded(&self, reg: Reg, offset: i64, ty: Scalar) -> Option<Reg> {
        let size = ty.bytes() as i64;
        if offset < 0 || offset % size != 0 {
            return None;
        }
        self.builtins.iter().find_map(|s| {
            let base = crate::ir::address::PRIVATE_BASE + s.offset as u64;
            let here = self.const_regs.get(&base) == Some(&reg) && s.ty == ty;
            here.then(|| s.regs.get((offset / size) as usize).copied())
                .flatten()
        })
    }

    fn pointee(&self, ptr_ty: u32) -> R<(StorageClass, u32)> {
        match self.types.get(ptr_ty)? {
            Type::Pointer { storage, pointee } => Ok((*storage, *pointee)),
            t => Err(format!("expected a pointer type, found {t:?}")),
        }
    }

    /// Number of scalar registers in a value of type `ty`.
    pub(super) fn width(&self, ty: u32) -> R<usize> {
        Ok(self.types.flatten(ty)?.len())
    }

    /// (first register index, element type) of a composite member path.
    fn member_range(&self, mut ty: u32, path: &[u32]) -> R<(usize, u32)> {
        let mut start = 0;
        for &i in path {
            match self.types.get(ty)?.clone() {
                Type::Struct { members } => {
                    let m = *members
                        .get(i as usize)
                        .ok_or_else(|| format!("member {i} out of range"))?;
                    for prev in &members[..i as usize] {
                        start += self.width(*prev)?;
                    }
                    ty = m;
                }
                Type::Vector { elem, count: n }
                | Type::Array { elem, len: n }
                | Type::Matrix {
                    column: elem,
                    columns: n,
                } => {
                    if i >= n {
                        return Err(format!("index {i} out of range (size {n})"));
                    }
                    start += i as usize * self.width(elem)?;
                    ty = elem;
                }
                t => return Err(format!("cannot index into {t:?}")),
            }
        }
        Ok((start, ty))
    }

    /// A register of descriptor `index` of the array whose resources are
    /// `elements` (`field` says which: address or size). A constant index
    /// picks it at lowering time; a dynamic one, possibly different per
    /// lane (NonUniform), selects per lane, and past the end gives
    /// `DESCRIPTOR_OUT_OF_RANGE`, which faults when accessed.
    fn pick_descriptor(
        &mut self,
        ctx: &FnCtx,
        index: u32,
        elements: std::ops::Range<usize>,
        field: fn(&Resource) -> Reg,
    ) -> R<Reg> {
        let ity = self.types.scalar(self.type_of(index)?)?;
        let count = elements.len();
        if let Some(&c) = self.const_values.get(&index) {
            let k = crate::core::sign_extend(c, ity.bits());
            return match usize::try_from(k).ok().filter(|&k| k < count) {
                Some(k) => Ok(field(&self.resources[elements.start + k])),
                None => Err(format!(
                    "descriptor index {k} is out of range: '{}' has {count} descriptors",
                    self.resources[elements.start].name
                )),
            };
        }
        let idx = self.reg(ctx, index)?;
        let pty = Scalar::Int(self.types.pointer_bits);
        let mut r = self.const_reg(address::DESCRIPTOR_OUT_OF_RANGE);
        for k in 0..count {
            let kr = self.const_reg(k as u64);
            let is = self.alu(AluOp::IEqual, ity, &[idx, kr]);
            let element = field(&self.resources[elements.start + k]);
            r = self.alu(AluOp::Select, pty, &[is, element, r]);
        }
        Ok(r)
    }

    /// Applies an access chain's indices to a pointer. `element` is the
    /// OpPtrAccessChain element index, stepping over whole pointees.
    fn access_chain(
        &mut self,
        ctx: &FnCtx,
        base: u32,
        element: Option<u32>,
        indices: &[u32],
    ) -> R<Val> {
        let base_ty = self.type_of(base)?;
        let mut ty = self.pointee(base_ty)?.1;
        let (mut reg, mut offset, mut matrix, indices) =
            match self.descriptor_arrays.get(&base).cloned() {
                Some(elements) => {
                    let Some((&first, rest)) = indices.split_first().filter(|_| element.is_none())
                    else {
                        return Err(
                        "an array of descriptors is used other than by an access chain indexing it"
                            .into(),
                    );
                    };
                    let (Type::Array { elem, .. } | Type::RuntimeArray { elem }) =
                        self.types.get(ty)?
                    else {
                        return Err("an array of descriptors whose type is not an array".into());
                    };
                    ty = *elem;
                    let reg = self.pick_descriptor(ctx, first, elements.clone(), |r| r.reg)?;
                    if !self.const_values.contains_key(&first) {
                        self.picked_descriptors.insert(reg, (first, elements));
                    }
                    (reg, 0, MatrixLayout::default(), rest)
                }
                None => {
                    let (reg, offset, matrix) = self.ptr(ctx, base)?;
                    (reg, offset, matrix, indices)
                }
            };
        let pbits = self.types.pointer_bits;
        let pty = Scalar::Int(pbits);
        // The buffer the chain starts in, for the length of a runtime
        // array when indices are clamped.
        let root = reg;
        let clamp = self.clamp_indices;
        // Adds index `idx` times `stride` to the address; with `clamp`, the
        // index is first clamped (signed) into 0..count.
        let step = |l: &mut Self,
                    reg: &mut Reg,
                    offset: &mut i64,
                    idx: u32,
                    stride: u32,
                    count: Option<Count>|
         -> R<()> {
            let ity = l.types.scalar(l.type_of(idx)?)?;
            let count = count.filter(|_| clamp);
            if let Some(c) = l.const_values.get(&idx) {
                let k = crate::core::sign_extend(*c, ity.bits());
                let k = match count {
                    Some(Count::Known(n)) => k.clamp(0, (n as i64 - 1).max(0)),
                    _ => k,
                };
                if !matches!(count, Some(Count::Runtime(_))) {
                    // Address arithmetic wraps, as the register path's
                    // IMul/IAdd do: a huge index faults at the access.
                    *offset = offset.wrapping_add(k.wrapping_mul(stride as i64));
                    return Ok(());
                }
            }
            let mut i = match l.const_values.get(&idx) {
                Some(&c) => l.const_reg(c),
                None => l.reg(ctx, idx)?,
            };
            if ity.bits() != pbits as u32 {
                i = l.convert(Convert::plain(ity, pty, true), i);
            }
            if let Some(count) = count {
                let last = match count {
                    Count::Known(n) => l.const_reg((n as u64).saturating_sub(1)),
                    Count::Runtime(n) => {
                        let one = l.const_reg(1);
                        let last = l.alu(AluOp::ISub, pty, &[n, one]);
                        let zero = l.const_reg(0);
                        let negative = l.alu(AluOp::SLessThan, pty, &[last, zero]);
                        l.alu(AluOp::Select, pty, &[negative, zero, last])
                    }
                };
                let zero = l.const_reg(0);
                let below = l.alu(AluOp::SLessThan, pty, &[i, zero]);
                i = l.alu(AluOp::Select, pty, &[below, zero, i]);
                let above = l.alu(AluOp::SGreaterThan, pty, &[i, last]);
                i = l.alu(AluOp::Select, pty, &[above, last, i]);
            }
            let s = l.const_reg(stride as u64);
            let scaled = l.alu(AluOp::IMul, pty, &[i, s]);
            *reg = l.alu(AluOp::IAdd, pty, &[*reg, scaled]);
            Ok(())
        };
        if let Some(e) = element {
            // Workgroup memory has an explicit layout only with Block
            // variables; otherwise a pointer's ArrayStride means nothing.
            let explicit = self.pointee(base_ty)?.0 != StorageClass::Workgroup
                || self.workgroup_layout == super::WorkgroupLayout::Blocks;
            let stride = match self
                .types
                .decorations
                .get(&base_ty)
                .and_then(|d| d.array_stride)
                .filter(|_| explicit)
            {
                Some(s) => s,
                None => {
                    let (s, a) = self.types.size_align(ty)?;
                    crate::types::round_up(s, a)
                }
            };
            // An OpPtrAccessChain element is not clamped: the pointer's
            // array is not known here.
            step(self, &mut reg, &mut offset, e, stride, None)?;
        }
        for &idx in indices {
            let (stride, count, next) = match self.types.get(ty)?.clone() {
                Type::Struct { members } => {
                    let i = self.const_of(idx)? as u32;
                    offset += self.types.member_offset(ty, i)? as i64;
                    matrix = self.types.member_matrix(ty, i);
                    ty = *members.get(i as usize).ok_or("struct index out of range")?;
                    continue;
                }
                Type::Array { elem, len } => {
                    (self.types.stride(ty, elem)?, Some(Count::Known(len)), elem)
                }
                Type::RuntimeArray { elem } => {
                    let stride = self.types.stride(ty, elem)?;
                    let count = if clamp {
                        Some(Count::Runtime(
                            self.runtime_length(ctx, root, offset, stride)?,
                        ))
                    } else {
                        None
                    };
                    (stride, count, elem)
                }
                Type::Vector { elem, count } => {
                    let stride = match (matrix.strided_column, matrix.stride) {
                        (true, Some(s)) => s,
                        _ => self.types.size_align(elem)?.0,
                    };
                    (stride, Some(Count::Known(count)), elem)
                }
                Type::Matrix { column, columns } => {
                    let stride = if matrix.row_major {
                        // Column c of a row-major matrix starts c elements
                        // in; its components are a row stride apart.
                        if matrix.stride.is_none() {
                            return Err("a RowMajor matrix without a MatrixStride".into());
                        }
                        matrix.strided_column = true;
                        let Type::Vector { elem, .. } = self.types.get(column)?.clone() else {
                            return Err("matrix column is not a vector".into());
                        };
                        self.types.size_align(elem)?.0
                    } else {
                        match matrix.stride {
                            Some(s) => s,
                            None => self.types.size_align(column)?.0,
                        }
                    };
                    (stride, Some(Count::Known(columns)), column)
                }
                t => return Err(format!("access chain cannot index into {t:?}")),
            };
            step(self, &mut reg, &mut offset, idx, stride, count)?;
            ty = next;
        }
        Ok(Val::Ptr {
            reg,
            offset,
            matrix,
        })
    }

    /// The register holding the byte size of the buffer whose address is
    /// in `base` (a buffer variable, or one picked from a descriptor array).
    fn buffer_size(&mut self, ctx: &FnCtx, base: Reg) -> R<Option<Reg>> {
        Ok(match self.picked_descriptors.get(&base).cloned() {
            Some((index, elements)) => {
                Some(self.pick_descriptor(ctx, index, elements, |r| r.size_reg)?)
            }
            None => self
                .resources
                .iter()
                .find(|r| r.reg == base)
                .map(|r| r.size_reg),
        })
    }

    /// The element count of a runtime array `offset` bytes into the buffer
    /// at `root`, `stride` bytes apart, as OpArrayLength computes it.
    fn runtime_length(&mut self, ctx: &FnCtx, root: Reg, offset: i64, stride: u32) -> R<Reg> {
        let size = self
            .buffer_size(ctx, root)?
            .ok_or("clamping indices (robust access): a runtime array outside a buffer variable")?;
        let t64 = Scalar::Int(64);
        let off = self.const_reg(offset as u64);
        let bytes = self.alu(AluOp::ISub, t64, &[size, off]);
        let st = self.const_reg(stride as u64);
        Ok(self.alu(AluOp::SDiv, t64, &[bytes, st]))
    }

    fn lower_inst(&mut self, ctx: &mut FnCtx, ins: &Instr) -> R<()> {
        let o = &ins.operands;
        let id = ins.result_id;
        let rt = ins.result_type;
        if o.len() < min_operands(ins.op) {
            return Err(format!("Op{:?} has too few operands", ins.op));
        }
        if let Some(op) = unary_op(ins.op) {
            let ty = self.elem_scalar(self.type_of(o[0])?)?;
            let a = self.regs(ctx, o[0])?;
            let r = a.iter().map(|&x| self.alu(op, ty, &[x])).collect();
            ctx.locals.insert(id, Val::Regs(r));
            return Ok(());
        }
        if let Some(op) = binary_op(ins.op) {
            let ty = self.elem_scalar(self.type_of(o[0])?)?;
            let a = self.regs(ctx, o[0])?;
            let b = self.regs(ctx, o[1])?;
            if a.len() != b.len() {
                return Err("operands have different component counts".into());
            }
            let r = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| self.alu(op, ty, &[x, y]))
                .collect();
            ctx.locals.insert(id, Val::Regs(r));
            return Ok(());
        }
        if let Some((from_signed, to_signed, saturate)) = conversion(ins.op) {
            let from = self.elem_scalar(self.type_of(o[0])?)?;
            let to = self.elem_scalar(rt)?;
            let cv = Convert {
                from,
                to,
                from_signed,
                to_signed,
                rounding: self.rounding(id),
                saturate: saturate || self.saturated(id),
            };
            let a = self.regs(ctx, o[0])?;
            let r = a.iter().map(|&x| self.convert(cv, x)).collect();
            ctx.locals.insert(id, Val::Regs(r));
            return Ok(());
        }
        match ins.op {
            Op::Nop
            | Op::Line
            | Op::NoLine
            | Op::SelectionMerge
            | Op::LoopMerge
            | Op::LifetimeStart
            | Op::LifetimeStop
            | Op::AssumeTrueKHR
            | Op::Name
            | Op::Decorate
            | Op::ModuleProcessed => {}
            Op::Phi => {} // registers allocated up front, filled on edges
            Op::Undef => {
                let n = self.width(rt)?;
                let z = self.const_reg(0);
                ctx.locals.insert(id, Val::Regs(vec![z; n]));
            }
            Op::CopyObject | Op::CopyLogical | Op::ExpectKHR => {
                let v = self.lookup(ctx, o[0])?;
                ctx.locals.insert(id, v);
                self.copy_handle(o[0], id);
            }
            Op::PtrCastToGeneric | Op::GenericCastToPtr => {
                let v = self.lookup(ctx, o[0])?;
                ctx.locals.insert(id, v);
            }
            Op::GenericCastToPtrExplicit => {
                // OpenCL's to_global / to_local / to_private: "If the cast
                // fails, the instruction result is an OpConstantNull
                // pointer in the Storage Storage Class".
                use crate::ir::address::{PRIVATE_BASE, PRIVATE_END, WORKGROUP_BASE};
                let (storage, _) = self.pointee(rt)?;
                let matrix = self.ptr(ctx, o[0])?.2;
                let a = self.reg(ctx, o[0])?;
                let null = self.const_reg(0);
                let (window, kept, dropped) = match storage {
                    StorageClass::Workgroup => (WORKGROUP_BASE..PRIVATE_BASE, a, null),
                    StorageClass::Function => (PRIVATE_BASE..PRIVATE_END, a, null),
                    // Global: in neither of the others (null stays null).
                    StorageClass::CrossWorkgroup => (WORKGROUP_BASE..PRIVATE_END, null, a),
                    other => {
                        return Err(format!(
                            "OpGenericCastToPtrExplicit to storage class {other:?}: only Workgroup, CrossWorkgroup and Function are allowed"
                        ))
                    }
                };
                let within = self.generic_within(a, window);
                let ty = Scalar::Int(self.types.pointer_bits);
                let reg = self.alu(AluOp::Select, ty, &[within, kept, dropped]);
                ctx.locals.insert(
                    id,
                    Val::Ptr {
                        reg,
                        offset: 0,
                        matrix,
                    },
                );
            }
            Op::GenericPtrMemSemantics => {
                // OpenCL's get_fence: "a valid Memory Semantics which
                // includes mask bits set for the Storage Class for the
                // specific (non-Generic) Storage Class of Pointer":
                // WorkgroupMemory, CrossWorkgroupMemory, none for private.
                use crate::ir::address::{PRIVATE_BASE, PRIVATE_END, WORKGROUP_BASE};
                use spirv::MemorySemantics as M;
                let a = self.reg(ctx, o[0])?;
                let private = self.generic_within(a, PRIVATE_BASE..PRIVATE_END);
                let special = self.generic_within(a, WORKGROUP_BASE..PRIVATE_END);
                let ty = self.elem_scalar(rt)?;
                let local = self.const_reg(M::WORKGROUP_MEMORY.bits() as u64);
                let global = self.const_reg(M::CROSS_WORKGROUP_MEMORY.bits() as u64);
                let none = self.const_reg(0);
                let not_global = self.alu(AluOp::Select, ty, &[private, none, local]);
                let r = self.alu(AluOp::Select, ty, &[special, not_global, global]);
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::ConvertPtrToU | Op::ConvertUToPtr => {
                let from = self.elem_scalar(self.type_of(o[0])?)?;
                let to = self.elem_scalar(rt)?;
                let a = self.reg(ctx, o[0])?;
                let r = if from == to {
                    a
                } else {
                    self.convert(Convert::plain(from, to, false), a)
                };
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::Bitcast => {
                let r = self.bitcast(ctx, o[0], rt)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::Select => {
                let c = self.regs(ctx, o[0])?;
                let a = self.regs(ctx, o[1])?;
                let b = self.regs(ctx, o[2])?;
                let tys = self.types.flatten(rt)?;
                let mut r = Vec::new();
                for i in 0..a.len() {
                    let ci = if c.len() == 1 { c[0] } else { c[i] };
                    r.push(self.alu(AluOp::Select, tys[i], &[ci, a[i], b[i]]));
                }
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::BitFieldInsert | Op::BitFieldSExtract | Op::BitFieldUExtract => {
                let ty = self.elem_scalar(rt)?;
                let base = self.regs(ctx, o[0])?;
                let (op, rest) = match ins.op {
                    Op::BitFieldInsert => (AluOp::BitFieldInsert, &o[1..4]),
                    Op::BitFieldSExtract => (AluOp::BitFieldSExtract, &o[1..3]),
                    _ => (AluOp::BitFieldUExtract, &o[1..3]),
                };
                let mut extra: Vec<Vec<Reg>> = Vec::new();
                for x in rest {
                    extra.push(self.regs(ctx, *x)?);
                }
                let r = (0..base.len())
                    .map(|i| {
                        let mut src = vec![base[i]];
                        for e in &extra {
                            // Offset and Count are scalars; Insert is per component.
                            src.push(if e.len() == 1 { e[0] } else { e[i] });
                        }
                        self.alu(op, ty, &src)
                    })
                    .collect();
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                let ty = self.elem_scalar(self.type_of(o[0])?)?;
                let (lo_op, hi_op) = match ins.op {
                    Op::IAddCarry => (AluOp::IAdd, AluOp::AddCarry),
                    Op::ISubBorrow => (AluOp::ISub, AluOp::SubBorrow),
                    Op::UMulExtended => (AluOp::IMul, AluOp::UMulHigh),
                    _ => (AluOp::IMul, AluOp::SMulHigh),
                };
                let a = self.regs(ctx, o[0])?;
                let b = self.regs(ctx, o[1])?;
                let lo: Vec<Reg> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.alu(lo_op, ty, &[x, y]))
                    .collect();
                let hi: Vec<Reg> = a
                    .iter()
                    .zip(&b)
                    .map(|(&x, &y)| self.alu(hi_op, ty, &[x, y]))
                    .collect();
                ctx.locals.insert(id, Val::Regs([lo, hi].concat()));
            }
            Op::Any | Op::All => {
                let a = self.regs(ctx, o[0])?;
                let op = if ins.op == Op::Any {
                    AluOp::LogicalOr
                } else {
                    AluOp::LogicalAnd
                };
                let mut r = a[0];
                for &x in &a[1..] {
                    r = self.alu(op, Scalar::Bool, &[r, x]);
                }
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::Dot => {
                let ty = self.types.scalar(rt)?;
                let a = self.regs(ctx, o[0])?;
                let b = self.regs(ctx, o[1])?;
                let r = self.dot(ty, &a, &b);
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::VectorTimesScalar | Op::MatrixTimesScalar => {
                let ty = self.types.flatten(rt)?[0];
                let a = self.regs(ctx, o[0])?;
                let s = self.reg(ctx, o[1])?;
                let r = a
                    .iter()
                    .map(|&x| self.alu(AluOp::FMul, ty, &[x, s]))
                    .collect();
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::VectorTimesMatrix
            | Op::MatrixTimesVector
            | Op::MatrixTimesMatrix
            | Op::OuterProduct
            | Op::Transpose => {
                let r = self.matrix_op(ctx, ins)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::CompositeConstruct => {
                let mut r = Vec::new();
                for c in o {
                    r.extend(self.regs(ctx, *c)?);
                }
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::CompositeExtract => {
                let src = self.regs(ctx, o[0])?;
                let (start, ty) = self.member_range(self.type_of(o[0])?, &o[1..])?;
                let n = self.width(ty)?;
                ctx.locals
                    .insert(id, Val::Regs(src[start..start + n].to_vec()));
            }
            Op::CompositeInsert => {
                let obj = self.regs(ctx, o[0])?;
                let mut r = self.regs(ctx, o[1])?;
                let (start, _) = self.member_range(rt, &o[2..])?;
                r[start..start + obj.len()].copy_from_slice(&obj);
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::VectorShuffle => {
                let a = self.regs(ctx, o[0])?;
                let b = self.regs(ctx, o[1])?;
                let all = [a, b].concat();
                let mut r = Vec::new();
                for &c in &o[2..] {
                    r.push(if c == u32::MAX {
                        self.const_reg(0)
                    } else {
                        *all.get(c as usize)
                            .ok_or("shuffle component out of range")?
                    });
                }
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::VectorExtractDynamic => {
                let v = self.regs(ctx, o[0])?;
                let ty = self.elem_scalar(self.type_of(o[0])?)?;
                let idx = self.reg(ctx, o[1])?;
                let ity = self.types.scalar(self.type_of(o[1])?)?;
                let mut r = v[0];
                for (i, &c) in v.iter().enumerate().skip(1) {
                    let k = self.const_reg(i as u64);
                    let is = self.alu(AluOp::IEqual, ity, &[idx, k]);
                    r = self.alu(AluOp::Select, ty, &[is, c, r]);
                }
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::VectorInsertDynamic => {
                let v = self.regs(ctx, o[0])?;
                let ty = self.elem_scalar(rt)?;
                let obj = self.reg(ctx, o[1])?;
                let idx = self.reg(ctx, o[2])?;
                let ity = self.types.scalar(self.type_of(o[2])?)?;
                let r = v
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| {
                        let k = self.const_reg(i as u64);
                        let is = self.alu(AluOp::IEqual, ity, &[idx, k]);
                        self.alu(AluOp::Select, ty, &[is, obj, c])
                    })
                    .collect();
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::Variable => {
                let (storage, pointee) = self.pointee(rt)?;
                if storage != StorageClass::Function {
                    return Err(format!("a function-scope variable in {storage:?} storage"));
                }
                let offset = match self.function_vars.get(&id) {
                    Some(o) => *o,
                    None => {
                        let (size, align) = self.types.size_align(pointee)?;
                        let off = self.alloc_private(size, align)?;
                        self.function_vars.insert(id, off);
                        off
                    }
                };
                let v = self.address_val(crate::ir::address::PRIVATE_BASE + offset as u64);
                ctx.locals.insert(id, v);
                if let Some(init) = o.get(1) {
                    self.store(ctx, id, *init)?;
                }
            }
            Op::Load if self.load_handle(ctx, id, o[0])? => {}
            Op::Load => {
                let p = self.ptr(ctx, o[0])?;
                let r = self.load(p, rt)?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::Store => self.store(ctx, o[0], o[1])?,
            Op::CopyMemory => {
                let src = self.ptr(ctx, o[1])?;
                let pointee = self.pointee(self.type_of(o[1])?)?.1;
                let vals = self.load(src, pointee)?;
                let tmp = self.fresh_label();
                ctx.locals.insert(tmp, Val::Regs(vals));
                self.store(ctx, o[0], tmp)?;
            }
            Op::CopyMemorySized => {
                let size = self.const_of(o[2]).map_err(|_| {
                    "OpCopyMemorySized with a size that is not a constant is not supported"
                        .to_string()
                })?;
                if size > 1 << 16 {
                    return Err(format!("OpCopyMemorySized of {size} bytes is too large"));
                }
                let (dr, doff, _) = self.ptr(ctx, o[0])?;
                let (sr, soff, _) = self.ptr(ctx, o[1])?;
                let mut at = 0i64;
                while at < size as i64 {
                    let chunk = if (size as i64 - at) >= 4 {
                        Scalar::Int(32)
                    } else {
                        Scalar::Int(8)
                    };
                    let t = self.alloc();
                    self.emit(Inst::Load {
                        ty: chunk,
                        dst: t,
                        addr: sr,
                        offset: soff + at,
                    });
                    self.emit(Inst::Store {
                        ty: chunk,
                        src: t,
                        addr: dr,
                        offset: doff + at,
                    });
                    at += chunk.bytes() as i64;
                }
            }
            Op::AccessChain | Op::InBoundsAccessChain
                if self.handle_chain(ctx, id, o[0], &o[1..])? => {}
            Op::AccessChain | Op::InBoundsAccessChain => {
                let v = self.access_chain(ctx, o[0], None, &o[1..])?;
                ctx.locals.insert(id, v);
            }
            Op::PtrAccessChain | Op::InBoundsPtrAccessChain => {
                let v = self.access_chain(ctx, o[0], Some(o[1]), &o[2..])?;
                ctx.locals.insert(id, v);
            }
            Op::ArrayLength => {
                let (base, offset, _) = self.ptr(ctx, o[0])?;
                let size_reg = self
                    .buffer_size(ctx, base)?
                    .ok_or("OpArrayLength of something that is not a buffer variable")?;
                let strukt = self.pointee(self.type_of(o[0])?)?.1;
                let member = o[1];
                let moff = self.types.member_offset(strukt, member)? as i64 + offset;
                let Type::Struct { members } = self.types.get(strukt)?.clone() else {
                    return Err("OpArrayLength of a non-struct".into());
                };
                let arr = members[member as usize];
                let Type::RuntimeArray { elem } = self.types.get(arr)?.clone() else {
                    return Err("OpArrayLength member is not a runtime array".into());
                };
                let stride = self.types.stride(arr, elem)?;
                let t64 = Scalar::Int(64);
                let off = self.const_reg(moff as u64);
                let bytes = self.alu(AluOp::ISub, t64, &[size_reg, off]);
                let st = self.const_reg(stride as u64);
                let n = self.alu(AluOp::UDiv, t64, &[bytes, st]);
                let to = self.types.scalar(rt)?;
                let r = self.convert(Convert::plain(t64, to, false), n);
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::PtrEqual | Op::PtrNotEqual | Op::PtrDiff => {
                let a = self.regs(ctx, o[0])?[0];
                let b = self.regs(ctx, o[1])?[0];
                let pty = Scalar::Int(self.types.pointer_bits);
                let r = match ins.op {
                    Op::PtrEqual => self.alu(AluOp::IEqual, pty, &[a, b]),
                    Op::PtrNotEqual => self.alu(AluOp::INotEqual, pty, &[a, b]),
                    _ => {
                        let pointee = self.pointee(self.type_of(o[0])?)?.1;
                        let (s, al) = self.types.size_align(pointee)?;
                        let d = self.alu(AluOp::ISub, pty, &[a, b]);
                        let k = self.const_reg(crate::types::round_up(s, al) as u64);
                        let q = self.alu(AluOp::SDiv, pty, &[d, k]);
                        let to = self.types.scalar(rt)?;
                        if to == pty {
                            q
                        } else {
                            self.convert(Convert::plain(pty, to, true), q)
                        }
                    }
                };
                ctx.locals.insert(id, Val::Regs(vec![r]));
            }
            Op::AtomicLoad
            | Op::AtomicStore
            | Op::AtomicExchange
            | Op::AtomicCompareExchange
            | Op::AtomicIIncrement
            | Op::AtomicIDecrement
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor => self.atomic(ctx, ins)?,
            Op::ControlBarrier => {
                let scope = self.const_of(o[0])?;
                // Scope Workgroup (2) synchronises the workgroup; Subgroup
                // (3) is a wave, which runs in lockstep anyway.
                self.emit(if scope == 2 {
                    Inst::Barrier
                } else {
                    Inst::MemoryBarrier
                });
            }
            Op::MemoryBarrier => self.emit(Inst::MemoryBarrier),
            Op::FunctionCall => {
                let callee = o[0];
                let def = self
                    .functions
                    .get(&callee)
                    .ok_or_else(|| format!("call to unknown function %{callee}"))?;
                if !def.has_body {
                    return Err(format!(
                        "calls {}, which is declared without a body (an import to link)",
                        crate::module::printable(&self.name_of(callee))
                    ));
                }
                let mut args = Vec::new();
                for a in &o[1..] {
                    args.push(self.lookup(ctx, *a)?);
                }
                self.pass_handles(callee, &o[1..]);
                let ret = match self.types.get(rt)? {
                    Type::Void => Vec::new(),
                    _ => self.alloc_n(self.width(rt)?),
                };
                // The call's place comes first: say whose body the inner
                // place is in.
                self.inline_function(callee, args, Some(ret.clone()))
                    .map_err(|e| {
                        let name = crate::module::printable(&self.name_of(callee));
                        format!("in the call of {name}, at {e}")
                    })?;
                ctx.locals.insert(id, Val::Regs(ret));
            }
            Op::Branch => {
                self.phi_copies(ctx, ctx.block, o[0])?;
                self.emit_patched(ctx, Inst::Jump { target: o[0] });
            }
            Op::BranchConditional => {
                let cond = self.reg(ctx, o[0])?;
                if o[1] == o[2] {
                    self.phi_copies(ctx, ctx.block, o[1])?;
                    self.emit_patched(ctx, Inst::Jump { target: o[1] });
                } else {
                    let t = self.edge_target(ctx, o[1]);
                    let f = self.edge_target(ctx, o[2]);
                    let reconverge = ctx.ipdom[&ctx.block];
                    let loop_exit = ctx.loop_exits.contains(&ctx.block);
                    self.emit_patched(
                        ctx,
                        Inst::Branch {
                            cond,
                            if_true: t,
                            if_false: f,
                            reconverge,
                            loop_exit,
                        },
                    );
                }
            }
            Op::Switch => {
                let selector = self.reg(ctx, o[0])?;
                let bits = self.types.scalar(self.type_of(o[0])?)?.bits();
                let step = if bits > 32 { 3 } else { 2 };
                let default = self.edge_target(ctx, o[1]);
                let mut cases = Vec::new();
                for c in o[2..].chunks(step) {
                    if c.len() != step {
                        return Err("OpSwitch case without a target".into());
                    }
                    let lit = if step == 3 {
                        c[0] as u64 | (c[1] as u64) << 32
                    } else {
                        c[0] as u64
                    };
                    let target = self.edge_target(ctx, c[step - 1]);
                    cases.push((lit, target));
                }
                let table = self.switches.len() as u32;
                self.switches.push(SwitchTable { cases, default });
                let reconverge = ctx.ipdom[&ctx.block];
                self.emit_patched(
                    ctx,
                    Inst::Switch {
                        selector,
                        table,
                        reconverge,
                    },
                );
            }
            Op::Return | Op::ReturnValue => {
                if let Some(ret) = ctx.ret.clone() {
                    if ins.op == Op::ReturnValue {
                        let v = self.regs(ctx, o[0])?;
                        for (d, s) in ret.into_iter().zip(v) {
                            self.emit(Inst::Mov { dst: d, src: s });
                        }
                    }
                    let exit = ctx.exit_label;
                    self.emit_patched(ctx, Inst::Jump { target: exit });
                } else {
                    self.emit(Inst::Return);
                }
            }
            Op::Unreachable => self.emit(Inst::Unreachable),
            Op::ExtInst => {
                let (name, set) = self
                    .ext_sets
                    .get(&o[0])
                    .cloned()
                    .ok_or_else(|| format!("%{} is not an imported instruction set", o[0]))?;
                let Some(set) = set else {
                    // NonSemantic sets carry no meaning for execution.
                    return Ok(());
                };
                let opname = rspirv::grammar::ext_inst_table(&name)
                    .and_then(|t| t.lookup_opcode(o[1]))
                    .map(|g| g.opname.to_string())
                    .unwrap_or_else(|| o[1].to_string());
                // Operands that are literals in the grammar (LiteralInteger,
                // FPRoundingMode, ...), by position.
                let literals: Vec<bool> = rspirv::grammar::ext_inst_table(&name)
                    .and_then(|t| t.lookup_opcode(o[1]))
                    .map(|g| {
                        g.operands
                            .iter()
                            .map(|op| op.kind != rspirv::grammar::OperandKind::IdRef)
                            .collect()
                    })
                    .unwrap_or_default();
                let r = self
                    .lower_ext(ctx, set, o[1], rt, &o[2..], &literals)
                    .map_err(|e| format!("{name} {opname}: {e}"))?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            op if is_intel_int2(op) => {
                if !self
                    .capabilities
                    .contains(&Capability::IntegerFunctions2INTEL)
                {
                    return Err(format!(
                        "Op{:?} needs the IntegerFunctions2INTEL capability, which the module does not declare",
                        ins.op
                    ));
                }
                let r = self.lower_ext(ctx, ExtSet::IntelInt2, ins.op as u32, rt, o, &[])?;
                ctx.locals.insert(id, Val::Regs(r));
            }
            Op::AtomicFMinEXT | Op::AtomicFMaxEXT => self.atomic(ctx, ins)?,
            op if super::subgroup::is_subgroup_op(op) => self.subgroup_op(ctx, ins)?,
            _ if self.image_inst(ctx, ins)? => {}
            other => return Err(format!("Op{other:?} is not supported")),
        }
        Ok(())
    }

    fn dot(&mut self, ty: Scalar, a: &[Reg], b: &[Reg]) -> Reg {
        let mut r = self.alu(AluOp::FMul, ty, &[a[0], b[0]]);
        for i in 1..a.len() {
            let p = self.alu(AluOp::FMul, ty, &[a[i], b[i]]);
            r = self.alu(AluOp::FAdd, ty, &[r, p]);
        }
        r
    }

    /// (columns, rows) of a matrix type.
    fn matrix_dims(&self, ty: u32) -> R<(usize, usize)> {
        match self.types.get(ty)? {
            Type::Matrix { column, columns } => match self.types.get(*column)? {
                Type::Vector { count, .. } => Ok((*columns as usize, *count as usize)),
                _ => Err("matrix column is not a vector".into()),
            },
            _ => Err(format!("%{ty} is not a matrix type")),
        }
    }

    fn matrix_op(&mut self, ctx: &FnCtx, ins: &Instr) -> R<Vec<Reg>> {
        let o = &ins.operands;
        let ty = self.types.flatten(ins.result_type)?[0];
        let a = self.regs(ctx, o[0])?;
        let b = if ins.op == Op::Transpose {
            Vec::new()
        } else {
            self.regs(ctx, o[1])?
        };
        let mut r = Vec::new();
        match ins.op {
            Op::VectorTimesMatrix => {
                let (cols, rows) = self.matrix_dims(self.type_of(o[1])?)?;
                for c in 0..cols {
                    let col = b[c * rows..(c + 1) * rows].to_vec();
                    r.push(self.dot(ty, &a, &col));
                }
            }
            Op::MatrixTimesVector => {
                let (cols, rows) = self.matrix_dims(self.type_of(o[0])?)?;
                for row in 0..rows {
                    let lhs: Vec<Reg> = (0..cols).map(|c| a[c * rows + row]).collect();
                    r.push(self.dot(ty, &lhs, &b));
                }
            }
            Op::MatrixTimesMatrix => {
                let (k, rows) = self.matrix_dims(self.type_of(o[0])?)?;
                let (cols, _) = self.matrix_dims(self.type_of(o[1])?)?;
                for c in 0..cols {
                    for row in 0..rows {
                        let lhs: Vec<Reg> = (0..k).map(|i| a[i * rows + row]).collect();
                        let rhs = b[c * k..(c + 1) * k].to_vec();
                        r.push(self.dot(ty, &lhs, &rhs));
                    }
                }
            }
            Op::OuterProduct => {
                for &bc in &b {
                    for &ar in &a {
                        r.push(self.alu(AluOp::FMul, ty, &[ar, bc]));
                    }
                }
            }
            _ => {
                let (cols, rows) = self.matrix_dims(self.type_of(o[0])?)?;
                for row in 0..rows {
                    for c in 0..cols {
                        r.push(a[c * rows + row]);
                    }
                }
            }
        }
        Ok(r)
    }

    /// Reinterprets the bits of a value as another type with the same total
    /// width, regrouping components when their widths differ.
    fn bitcast(&mut self, ctx: &FnCtx, src: u32, to_ty: u32) -> R<Vec<Reg>> {
        let a = self.regs(ctx, src)?;
        let from = self.types.flatten(self.type_of(src)?)?;
        let to = self.types.flatten(to_ty)?;
        let (fw, tw) = (from[0].bits(), to[0].bits());
        if fw * from.len() as u32 != tw * to.len() as u32 {
            return Err("OpBitcast between types of different total width".into());
        }
        if fw == tw {
            return Ok(a);
        }
        let mut out = Vec::new();
        if tw > fw {
            let per = (tw / fw) as usize;
            let wide = Scalar::Int(tw as u8);
            for k in 0..to.len() {
                let mut acc: Option<Reg> = None;
                for j in 0..per {
                    let x = self.convert(
                        Convert::plain(Scalar::Int(fw as u8), wide, false),
                        a[k * per + j],
                    );
                    let sh = self.const_reg((j as u32 * fw) as u64);
                    let shifted = self.alu(AluOp::ShiftLeftLogical, wide, &[x, sh]);
                    acc = Some(match acc {
                        None => shifted,
                        Some(p) => self.alu(AluOp::BitwiseOr, wide, &[p, shifted]),
                    });
                }
                out.push(acc.unwrap());
            }
        } else {
            let per = (fw / tw) as usize;
            let wide = Scalar::Int(fw as u8);
            for k in 0..to.len() {
                let sh = self.const_reg(((k % per) as u32 * tw) as u64);
                let shifted = self.alu(AluOp::ShiftRightLogical, wide, &[a[k / per], sh]);
                out.push(self.convert(Convert::plain(wide, Scalar::Int(tw as u8), false), shifted));
            }
        }
        Ok(out)
    }

    fn atomic(&mut self, ctx: &mut FnCtx, ins: &Instr) -> R<()> {
        let o = &ins.operands;
        let (reg, offset, _) = self.ptr(ctx, o[0])?;
        let pointee = self.pointee(self.type_of(o[0])?)?.1;
        let ty = self.types.scalar(pointee)?;
        let addr = if offset == 0 {
            reg
        } else {
            self.materialize(Val::Ptr {
                reg,
                offset,
                matrix: MatrixLayout::default(),
            })[0]
        };
        let zero = self.const_reg(0);
        let (op, value, comparator) = match ins.op {
            Op::AtomicLoad => (AtomicOp::Load, zero, zero),
            Op::AtomicStore => (AtomicOp::Store, self.reg(ctx, o[3])?, zero),
            Op::AtomicCompareExchange => (
                AtomicOp::CompareExchange,
                self.reg(ctx, o[4])?,
                self.reg(ctx, o[5])?,
            ),
            Op::AtomicIIncrement => (AtomicOp::IIncrement, zero, zero),
            Op::AtomicIDecrement => (AtomicOp::IDecrement, zero, zero),
            Op::AtomicFMinEXT | Op::AtomicFMaxEXT => {
                let cap = match ty {
                    Scalar::Float(16) => Capability::AtomicFloat16MinMaxEXT,
                    Scalar::Float(32) => Capability::AtomicFloat32MinMaxEXT,
                    Scalar::Float(64) => Capability::AtomicFloat64MinMaxEXT,
                    other => {
                        return Err(format!("Op{:?} on {other:?}, which is not a float", ins.op))
                    }
                };
                if !self.capabilities.contains(&cap) {
                    return Err(format!(
                        "Op{:?} on {}-bit floats needs the {cap:?} capability, which the module does not declare",
                        ins.op,
                        ty.bits()
                    ));
                }
                let op = if ins.op == Op::AtomicFMinEXT {
                    AtomicOp::FMin
                } else {
                    AtomicOp::FMax
                };
                (op, self.reg(ctx, o[3])?, zero)
            }
            other => {
                let op = match other {
                    Op::AtomicExchange => AtomicOp::Exchange,
                    Op::AtomicIAdd => AtomicOp::IAdd,
                    Op::AtomicISub => AtomicOp::ISub,
                    Op::AtomicSMin => AtomicOp::SMin,
                    Op::AtomicUMin => AtomicOp::UMin,
                    Op::AtomicSMax => AtomicOp::SMax,
                    Op::AtomicUMax => AtomicOp::UMax,
                    Op::AtomicAnd => AtomicOp::And,
                    Op::AtomicOr => AtomicOp::Or,
                    _ => AtomicOp::Xor,
                };
                (op, self.reg(ctx, o[3])?, zero)
            }
        };
        let dst = self.alloc();
        if matches!(op, AtomicOp::FMin | AtomicOp::FMax) && self.emulate.float_atomic_minmax {
            self.float_atomic_loop(op, ty, dst, addr, value);
        } else {
            self.emit(Inst::Atomic {
                op,
                ty,
                dst,
                addr,
                value,
                comparator,
            });
        }
        if ins.result_id != 0 {
            ctx.locals.insert(ins.result_id, Val::Regs(vec![dst]));
        }
        Ok(())
    }
}

/// How many elements an access-chain index may select, for clamping.
#[derive(Clone, Copy)]
enum Count {
    Known(u32),
    /// In a register, computed at run time (a runtime array).
    Runtime(Reg),
}

/// Operands (after result type and id) an opcode needs at least, so the
/// lowering can index them freely.
fn min_operands(op: Op) -> usize {
    match op {
        Op::Branch
        | Op::SelectionMerge
        | Op::Load
        | Op::ReturnValue
        | Op::CopyObject
        | Op::CopyLogical
        | Op::Any
        | Op::All
        | Op::Transpose
        | Op::Bitcast
        | Op::ConvertPtrToU
        | Op::ConvertUToPtr
        | Op::PtrCastToGeneric
        | Op::GenericCastToPtr
        | Op::AccessChain
        | Op::InBoundsAccessChain
        | Op::FunctionCall
        | Op::MemoryBarrier => 1,
        Op::Store
        | Op::LoopMerge
        | Op::CopyMemory
        | Op::Switch
        | Op::VectorShuffle
        | Op::CompositeExtract
        | Op::Dot
        | Op::VectorTimesScalar
        | Op::MatrixTimesScalar
        | Op::VectorTimesMatrix
        | Op::MatrixTimesVector
        | Op::MatrixTimesMatrix
        | Op::OuterProduct
        | Op::VectorExtractDynamic
        | Op::ArrayLength
        | Op::PtrEqual
        | Op::PtrNotEqual
        | Op::PtrDiff
        | Op::PtrAccessChain
        | Op::InBoundsPtrAccessChain
        | Op::CompositeInsert
        | Op::IAddCarry
        | Op::ISubBorrow
        | Op::UMulExtended
        | Op::SMulExtended
        | Op::ExtInst
        | Op::GenericCastToPtrExplicit
        | Op::ExpectKHR => 2,
        Op::BranchConditional
        | Op::Select
        | Op::VectorInsertDynamic
        | Op::CopyMemorySized
        | Op::ControlBarrier
        | Op::BitFieldSExtract
        | Op::BitFieldUExtract
        | Op::AtomicLoad
        | Op::AtomicIIncrement
        | Op::AtomicIDecrement => 3,
        Op::BitFieldInsert
        | Op::AtomicStore
        | Op::AtomicExchange
        | Op::AtomicIAdd
        | Op::AtomicISub
        | Op::AtomicSMin
        | Op::AtomicUMin
        | Op::AtomicSMax
        | Op::AtomicUMax
        | Op::AtomicAnd
        | Op::AtomicOr
        | Op::AtomicXor => 4,
        Op::AtomicCompareExchange => 6,
        Op::AtomicFMinEXT | Op::AtomicFMaxEXT => 4,
        Op::UCountLeadingZerosINTEL | Op::UCountTrailingZerosINTEL => 1,
        op if is_intel_int2(op) => 2,
        op if unary_op(op).is_some() || conversion(op).is_some() => 1,
        op if binary_op(op).is_some() => 2,
        _ => 0,
    }
}

/// An opcode of SPV_INTEL_shader_integer_functions2 (5585 to 5598).
fn is_intel_int2(op: Op) -> bool {
    (Op::UCountLeadingZerosINTEL as u32..=Op::UMul32x16INTEL as u32).contains(&(op as u32))
}

fn unary_op(op: Op) -> Option<AluOp> {
    Some(match op {
        Op::SNegate => AluOp::SNegate,
        Op::Not => AluOp::Not,
        Op::BitReverse => AluOp::BitReverse,
        Op::BitCount => AluOp::BitCount,
        Op::FNegate => AluOp::FNegate,
        Op::IsNan => AluOp::IsNan,
        Op::IsInf => AluOp::IsInf,
        Op::IsFinite => AluOp::IsFinite,
        Op::IsNormal => AluOp::IsNormal,
        Op::SignBitSet => AluOp::SignBitSet,
        Op::LogicalNot => AluOp::LogicalNot,
        Op::QuantizeToF16 => AluOp::QuantizeToF16,
        _ => return None,
    })
}

fn binary_op(op: Op) -> Option<AluOp> {
    use AluOp as A;
    Some(match op {
        Op::IAdd => A::IAdd,
        Op::ISub => A::ISub,
        Op::IMul => A::IMul,
        Op::UDiv => A::UDiv,
        Op::SDiv => A::SDiv,
        Op::UMod => A::UMod,
        Op::SRem => A::SRem,
        Op::SMod => A::SMod,
        Op::ShiftRightLogical => A::ShiftRightLogical,
        Op::ShiftRightArithmetic => A::ShiftRightArithmetic,
        Op::ShiftLeftLogical => A::ShiftLeftLogical,
        Op::BitwiseOr => A::BitwiseOr,
        Op::BitwiseXor => A::BitwiseXor,
        Op::BitwiseAnd => A::BitwiseAnd,
        Op::IEqual => A::IEqual,
        Op::INotEqual => A::INotEqual,
        Op::UGreaterThan => A::UGreaterThan,
        Op::SGreaterThan => A::SGreaterThan,
        Op::UGreaterThanEqual => A::UGreaterThanEqual,
        Op::SGreaterThanEqual => A::SGreaterThanEqual,
        Op::ULessThan => A::ULessThan,
        Op::SLessThan => A::SLessThan,
        Op::ULessThanEqual => A::ULessThanEqual,
        Op::SLessThanEqual => A::SLessThanEqual,
        Op::FAdd => A::FAdd,
        Op::FSub => A::FSub,
        Op::FMul => A::FMul,
        Op::FDiv => A::FDiv,
        Op::FRem => A::FRem,
        Op::FMod => A::FMod,
        Op::FOrdEqual => A::FOrdEqual,
        Op::FUnordEqual => A::FUnordEqual,
        Op::FOrdNotEqual => A::FOrdNotEqual,
        Op::FUnordNotEqual => A::FUnordNotEqual,
        Op::FOrdLessThan => A::FOrdLessThan,
        Op::FUnordLessThan => A::FUnordLessThan,
        Op::FOrdGreaterThan => A::FOrdGreaterThan,
        Op::FUnordGreaterThan => A::FUnordGreaterThan,
        Op::FOrdLessThanEqual => A::FOrdLessThanEqual,
        Op::FUnordLessThanEqual => A::FUnordLessThanEqual,
        Op::FOrdGreaterThanEqual => A::FOrdGreaterThanEqual,
        Op::FUnordGreaterThanEqual => A::FUnordGreaterThanEqual,
        Op::Ordered => A::Ordered,
        Op::Unordered => A::Unordered,
        Op::LessOrGreater => A::LessOrGreater,
        Op::LogicalEqual => A::LogicalEqual,
        Op::LogicalNotEqual => A::LogicalNotEqual,
        Op::LogicalOr => A::LogicalOr,
        Op::LogicalAnd => A::LogicalAnd,
        _ => return None,
    })
}

/// (source signed, result signed, saturating) of a conversion opcode.
fn conversion(op: Op) -> Option<(bool, bool, bool)> {
    Some(match op {
        Op::ConvertFToU => (false, false, false),
        Op::ConvertFToS => (true, true, false),
        Op::ConvertSToF => (true, true, false),
        Op::ConvertUToF => (false, false, false),
        Op::UConvert => (false, false, false),
        Op::SConvert => (true, true, false),
        Op::FConvert => (false, false, false),
        Op::SatConvertSToU => (true, false, true),
        Op::SatConvertUToS => (false, true, true),
        _ => return None,
    })
}

impl Lowerer<'_> {
    /// Lowers an extended instruction of `set` with result type `rt` and
    /// operand ids `args`.
    fn lower_ext(
        &mut self,
        ctx: &FnCtx,
        set: ExtSet,
        opcode: u32,
        rt: u32,
        args: &[u32],
        literals: &[bool],
    ) -> R<Vec<Reg>> {
        let result = match self.types.get(rt)? {
            Type::Void => Vec::new(),
            _ => self.types.flatten(rt)?,
        };
        let mut operands = Vec::new();
        for (i, &a) in args.iter().enumerate() {
            if literals.get(i).copied().unwrap_or(false) {
                operands.push(Operand {
                    literal: Some(a),
                    regs: Vec::new(),
                    types: Vec::new(),
                    pointer: None,
                });
                continue;
            }
            let ty = self.type_of(a)?;
            operands.push(match self.types.get(ty)?.clone() {
                Type::Pointer { pointee, .. } => {
                    let (reg, offset, matrix) = self.ptr(ctx, a)?;
                    Operand {
                        literal: None,
                        regs: vec![reg],
                        types: vec![Scalar::Int(self.types.pointer_bits)],
                        pointer: Some((offset, self.types.scalar_offsets(pointee, matrix)?)),
                    }
                }
                _ => Operand {
                    literal: None,
                    regs: self.regs(ctx, a)?,
                    types: self.types.flatten(ty)?,
                    pointer: None,
                },
            });
        }
        let call = Call {
            opcode,
            result: &result,
            operands: &operands,
        };
        crate::ext::lower(set, self, &call)
    }
}

impl Builder for Lowerer<'_> {
    fn emulation(&self) -> crate::ext::Emulation {
        self.emulate
    }
    fn prefetch(&mut self, addr: Reg, offset: i64, count: Reg, elem_bytes: u32) {
        self.emit(Inst::Prefetch {
            addr,
            offset,
            count,
            elem_bytes,
        });
    }
    fn printf(
        &mut self,
        format: (Reg, i64),
        args: Vec<crate::ir::PrintfOperand>,
    ) -> Result<Reg, String> {
        let call = self.printf_calls.len() as u32;
        self.printf_calls
            .push(crate::ir::PrintfCall { format, args });
        let dst = self.alloc();
        self.emit(Inst::Printf { call, dst });
        Ok(dst)
    }
    fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg {
        Lowerer::alu(self, op, ty, src)
    }
    fn convert(&mut self, cv: Convert, src: Reg) -> Reg {
        Lowerer::convert(self, cv, src)
    }
    fn ext(&mut self, op: ExtOp, src: &[Reg]) -> Reg {
        let dst = self.alloc();
        let mut s = [0; 3];
        s[..src.len()].copy_from_slice(src);
        self.emit(Inst::Ext { op, dst, src: s });
        dst
    }
    fn constant(&mut self, bits: u64) -> Reg {
        self.const_reg(bits)
    }
    fn load(&mut self, ty: Scalar, addr: Reg, offset: i64) -> Reg {
        let dst = self.alloc();
        self.emit(Inst::Load {
            ty,
            dst,
            addr,
            offset,
        });
        dst
    }
    fn store(&mut self, ty: Scalar, src: Reg, addr: Reg, offset: i64) {
        self.emit(Inst::Store {
            ty,
            src,
            addr,
            offset,
        });
    }
}

impl Lowerer<'_> {
    /// A float atomic min or max as a compiler without them emits it: read
    /// the value, then compare-exchange min(old, value) until the exchange
    /// finds the value it read. `old` ends holding the original value.
    fn float_atomic_loop(&mut self, op: AtomicOp, ty: Scalar, old: Reg, addr: Reg, value: Reg) {
        let zero = self.const_reg(0);
        self.emit(Inst::Atomic {
            op: AtomicOp::Load,
            ty,
            dst: old,
            addr,
            value: zero,
            comparator: zero,
        });
        let top = self.insts.len() as Pc;
        let lane_op = ExtOp {
            set: ExtSet::AtomicFloat,
            opcode: if op == AtomicOp::FMin {
                crate::ext_shader_atomic_float_min_max::LANE_FMIN
            } else {
                crate::ext_shader_atomic_float_min_max::LANE_FMAX
            },
            ty,
            aux: ty,
        };
        let new = Builder::ext(self, lane_op, &[old, value]);
        let prev = self.alloc();
        self.emit(Inst::Atomic {
            op: AtomicOp::CompareExchange,
            ty,
            dst: prev,
            addr,
            value: new,
            comparator: old,
        });
        let bits = Scalar::Int(ty.bits() as u8);
        let missed = self.alu(AluOp::INotEqual, bits, &[prev, old]);
        self.emit(Inst::Mov {
            dst: old,
            src: prev,
        });
        let after = self.insts.len() as Pc + 1;
        self.emit(Inst::Branch {
            cond: missed,
            if_true: top,
            if_false: after,
            reconverge: after,
            loop_exit: false,
        });
    }
}
