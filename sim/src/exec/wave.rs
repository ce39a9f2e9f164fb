//! One wavefront executing a kernel in lockstep: registers as one array of
//! lanes per register, an execution mask, and a reconvergence stack.
//!
//! A divergent branch replaces the top of the stack by its reconvergence
//! point and pushes one entry per taken path; an entry is popped when its
//! lanes reach its reconvergence point, where the entry below holds them
//! all again. Lanes that return are removed from every entry.

use crate::exec::lane_ops::{Decoded, LaneKind, LaneOp};
use crate::exec::memory::WaveMemory;
use isa::ir::{Inst, Kernel, Pc, EXIT_PC};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    pc: Pc,
    mask: u64,
    reconverge: Pc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveState {
    Ready,
    /// Waiting at the workgroup barrier at this instruction.
    AtBarrier(Pc),
    Done,
}

/// Lane-wise instructions a wave ran in one go (`Wave::run_ahead`): the
/// pcs from `start` to before `end`, for the lanes of `mask`.
#[derive(Clone, Copy, Debug)]
pub struct LaneRun {
    pub start: Pc,
    pub end: Pc,
    pub mask: u64,
}

/// What one call to [`Wave::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub pc: Pc,
    /// Lanes that executed the instruction.
    pub lanes: u32,
    /// Which ones (bit `i` for lane `i`).
    pub mask: u64,
    /// Whether it was a register copy (`Inst::Mov`).
    pub copy: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub wave_instructions: u64,
    pub lane_instructions: u64,
    /// Wave-instructions that were register copies (`Mov`): the phi and
    /// return-value copies coalescing could not remove.
    pub copies: u64,
    /// Workgroups of a functional run committed from a parallel batch
    /// (the others ran on one thread).
    pub parallel_workgroups: u64,
    /// Of those, the workgroups whose batch wrote global memory in place
    /// (`exec::windows`) rather than through overlays.
    pub in_place_workgroups: u64,
    /// Wave-instructions that were atomics on global memory (in any
    /// active lane).
    pub global_atomics: u64,
    /// Of those, the ones not blind (`isa::atomics::blind_atomics`):
    /// what they return depends on the order of workgroups, which keeps
    /// a functional launch on one thread.
    pub ordered_atomics: u64,
    /// Batches of workgroups a functional run started on its thread pool,
    /// committed or not.
    pub parallel_batches: u64,
}

impl Counts {
    pub fn merge(&mut self, other: Counts) {
        self.wave_instructions += other.wave_instructions;
        self.lane_instructions += other.lane_instructions;
        self.copies += other.copies;
        self.parallel_workgroups += other.parallel_workgroups;
        self.in_place_workgroups += other.in_place_workgroups;
        self.global_atomics += other.global_atomics;
        self.ordered_atomics += other.ordered_atomics;
        self.parallel_batches += other.parallel_batches;
    }

    /// Counts one executed wave-instruction.
    pub fn add(&mut self, step: Step) {
        self.wave_instructions += 1;
        self.lane_instructions += step.lanes as u64;
        self.copies += step.copy as u64;
    }
}

pub struct Wave {
    pub width: usize,
    /// regs[row * width + lane], each register in its row
    /// (`Decoded::row_start`), the private locations held as registers after
    /// them.
    regs: Vec<u64>,
    /// The kernel decoded for this width.
    decoded: Arc<Decoded>,
    stack: Vec<Entry>,
    /// Lanes that exist and have not returned.
    alive: u64,
    pub private: Vec<u8>,
    pub state: WaveState,
    /// When set, each memory instruction leaves the address of every lane
    /// it accessed (lowest lane first) in `addresses`, for the timing model;
    /// all but decoded private loads and stores, whose addresses the model
    /// never reads (private memory is a functional unit's work there).
    pub record_addresses: bool,
    pub addresses: Vec<u64>,
}

/// An error raised while a wave executes: what went wrong and where.
#[derive(Debug)]
pub struct Fault {
    pub pc: Pc,
    pub lane: Option<usize>,
    pub message: String,
}

impl Wave {
    /// A wave of `width` lanes of which the first `lanes` exist, with
    /// registers set from `init` (register, value in every lane);
    /// `decoded` is `lane_ops::decode_kernel(kernel, width)`.
    pub fn new(
        kernel: &Kernel,
        decoded: &Arc<Decoded>,
        width: usize,
        lanes: usize,
        init: &[(u32, u64)],
    ) -> Wave {
        let mut wave = Wave {
            width,
            regs: vec![0u64; decoded.rows * width],
            decoded: decoded.clone(),
            stack: Vec::new(),
            alive: 0,
            private: vec![0; kernel.private_bytes as usize * width],
            state: WaveState::Done,
            record_addresses: false,
            addresses: Vec::new(),
        };
        wave.restart(kernel, lanes, init);
        wave
    }

    /// Starts the wave again from the kernel's entry with its first
    /// `lanes` lanes, reusing its memory: `resets` (register, value in
    /// every lane) are set, the other registers keep what they held, and
    /// private memory is zeroed, with the rows of the private locations
    /// held as registers. The caller names in `resets` every register
    /// whose old value a lane could see (`Launch::new`).
    pub fn restart(&mut self, kernel: &Kernel, lanes: usize, resets: &[(u32, u64)]) {
        let w = self.width;
        for &(r, v) in resets {
            let row = self.row(r);
            self.regs[row..row + w].fill(v);
        }
        self.regs[self.decoded.register_rows * w..].fill(0);
        // Resized too: a wave that faulted may have lost its private
        // memory (it is taken out while the wave runs).
        self.private.clear();
        self.private
            .resize(kernel.private_bytes as usize * self.width, 0);
        let alive = if lanes >= 64 {
            u64::MAX
        } else {
            (1u64 << lanes) - 1
        };
        self.alive = alive;
        self.stack.clear();
        self.stack.push(Entry {
            pc: 0,
            mask: alive,
            reconverge: EXIT_PC,
        });
        self.state = if alive == 0 || kernel.insts.is_empty() {
            WaveState::Done
        } else {
            WaveState::Ready
        };
        self.record_addresses = false;
        self.addresses.clear();
    }

    /// Sets the first `values.len()` lanes of a register before the wave
    /// starts (a built-in): lane `l` to `(values[l] + shift) & bits`.
    pub fn preload_row(&mut self, reg: u32, values: &[u64], shift: u64, bits: u64) {
        let row = self.row(reg);
        let row = &mut self.regs[row..][..values.len()];
        for (r, &v) in row.iter_mut().zip(values) {
            *r = v.wrapping_add(shift) & bits;
        }
    }

    pub fn pc(&self) -> Option<Pc> {
        self.stack.last().map(|e| e.pc)
    }

    /// The address the first active lane would access if `inst` (the next
    /// instruction) is a memory instruction.
    pub fn first_lane_address(&self, inst: &Inst) -> Option<u64> {
        let top = self.stack.last()?;
        if top.mask == 0 {
            return None;
        }
        let lane = top.mask.trailing_zeros() as usize;
        match inst {
            Inst::Load { addr, offset, .. } | Inst::Store { addr, offset, .. } => {
                Some(self.reg(*addr, lane).wrapping_add(*offset as u64))
            }
            Inst::Atomic { addr, .. } => Some(self.reg(*addr, lane)),
            Inst::Prefetch { addr, offset, .. } => {
                Some(self.reg(*addr, lane).wrapping_add(*offset as u64))
            }
            _ => None,
        }
    }

    /// Releases the wave from the barrier it waits at.
    pub fn release(&mut self) {
        if let WaveState::AtBarrier(_) = self.state {
            self.state = WaveState::Ready;
        }
    }

    /// Whether register `r` holds one value in every lane of `mask`.
    pub fn lanes_agree(&self, r: u32, mask: u64) -> bool {
        let mut lanes = (0..self.width).filter(|&l| mask >> l & 1 != 0);
        let Some(first) = lanes.next() else {
            return true;
        };
        let v = self.reg(r, first);
        lanes.all(|l| self.reg(r, l) == v)
    }

    #[inline]
    fn reg(&self, r: u32, lane: usize) -> u64 {
        self.regs[self.row(r) + lane]
    }

    /// The first element of register `r`'s row.
    #[inline]
    fn row(&self, r: u32) -> usize {
        self.decoded.row_start[r as usize]
    }

    /// Executes one instruction for the active lanes.
    pub fn step(&mut self, kernel: &Kernel, mem: &mut WaveMemory) -> Result<Step, Fault> {
        let top = *self.stack.last().expect("a ready wave has a stack entry");
        let copy = self.execute(kernel, mem, top.pc, top.mask)?;
        Ok(Step {
            pc: top.pc,
            lanes: top.mask.count_ones(),
            mask: top.mask,
            copy,
        })
    }

    /// Executes instructions until the wave finishes, reaches a barrier
    /// or has executed `limit` of them, adding them to `counts`; returns
    /// the pc of the last one. Runs of lane-wise instructions go through a
    /// loop of their own, one indirect call each, that keeps the pc and
    /// mask in locals and looks at the reconvergence stack only where the
    /// run ends. Used by functional runs, which record no addresses.
    pub fn run(
        &mut self,
        kernel: &Kernel,
        mem: &mut WaveMemory,
        limit: u64,
        counts: &mut Counts,
    ) -> Result<Pc, Fault> {
        debug_assert!(
            !self.record_addresses,
            "a functional run records no addresses"
        );
        // `self.decoded` is read in place, not cloned: an `Arc` clone per
        // call is a locked add on a count other threads' waves share, and
        // its cache line (with the decoded kernel's first fields) then
        // bounced between cores at every workgroup.
        let end = self.decoded.insts.len() as Pc;
        let mut last = 0;
        let mut executed = 0;
        // Counted here and added once: `counts` lives in memory, which the
        // handlers' calls would make each add a load and a store.
        let (mut lanes, mut copies) = (0u64, 0u64);
        let mut result = Ok(());
        while self.state == WaveState::Ready && executed < limit {
            let top = *self.stack.last().expect("a ready wave has a stack entry");
            let active = top.mask.count_ones() as u64;
            // The run stops before the next other instruction, at the
            // top entry's reconvergence point, at the kernel's end or at
            // the limit.
            let budget = (limit - executed).min(Pc::MAX as u64) as Pc;
            let start = top.pc;
            let stop = top.reconverge.min(end).min(start.saturating_add(budget));
            let pc = lane_run(
                &self.decoded,
                &mut self.regs,
                mem.private,
                start,
                stop,
                top.mask,
            );
            let n = (pc - start) as u64;
            let before = &self.decoded.copies_before;
            copies += before[pc as usize] - before[start as usize];
            if n > 0 {
                executed += n;
                lanes += n * active;
                last = pc - 1;
                self.go_on(kernel, pc);
                if pc >= stop {
                    continue;
                }
                // Stopped before an instruction of another kind, within
                // the budget; the top entry is the same but for its pc.
            }
            if let Err(f) = self.execute(kernel, mem, pc, top.mask) {
                result = Err(f);
                break;
            }
            lanes += active;
            executed += 1;
            last = pc;
        }
        counts.wave_instructions += executed;
        counts.lane_instructions += lanes;
        counts.copies += copies;
        result.map(|()| last)
    }

    /// Executes the run of lane-wise instructions that starts at the
    /// wave's pc, up to its top entry's reconvergence point, and moves the
    /// wave past it: for the timing model, which issues them one by one
    /// afterwards and so keeps the wave's registers in the host's cache
    /// for the whole run. None, with nothing done, when the instruction at
    /// the pc is of another kind. Lane-wise instructions touch only the
    /// wave's registers and private memory, so running them before their
    /// issue cycle changes no result.
    pub fn run_ahead(&mut self, kernel: &Kernel) -> Option<LaneRun> {
        let top = *self.stack.last()?;
        let insts = &self.decoded.insts[..];
        insts[top.pc as usize].as_ref()?;
        let stop = top.reconverge.min(insts.len() as Pc);
        let end = lane_run(
            &self.decoded,
            &mut self.regs,
            &mut self.private,
            top.pc,
            stop,
            top.mask,
        );
        self.go_on(kernel, end);
        Some(LaneRun {
            start: top.pc,
            end,
            mask: top.mask,
        })
    }

    /// Whether the instruction at `pc` is a register copy, from the counts
    /// of copies (a small table every wave shares, where the decoded
    /// instruction would be a cache miss of its own).
    pub fn is_copy(&self, pc: Pc) -> bool {
        let before = &self.decoded.copies_before;
        before[pc as usize + 1] != before[pc as usize]
    }

    /// Executes the instruction at `pc` for the lanes of `mask` (the top
    /// of the stack) and moves the wave on; returns whether it was a
    /// register copy (only lane-wise instructions are).
    #[inline(always)]
    fn execute(
        &mut self,
        kernel: &Kernel,
        mem: &mut WaveMemory,
        pc: Pc,
        mask: u64,
    ) -> Result<bool, Fault> {
        let fault = |lane: Option<usize>, message: String| Fault { pc, lane, message };
        let w = self.width;
        let next = pc + 1;
        if let Some(op) = &self.decoded.insts[pc as usize] {
            (op.handler)(&mut self.regs, mem.private, op, mask);
            let copy = matches!(op.kind, LaneKind::Copy);
            self.go_on(kernel, next);
            return Ok(copy);
        }
        // Only memory instructions leave addresses, which the timing model
        // reads only after them.
        if self.record_addresses {
            self.addresses.clear();
        }
        match &kernel.insts[pc as usize] {
            Inst::Alu { .. } | Inst::Convert { .. } | Inst::Ext { .. } | Inst::Mov { .. } => {
                unreachable!("lane-wise instructions run through their decoded handler")
            }
            Inst::CrossLane { op, ty, dst, src } => {
                // Sources are copied first: the result may land in one.
                let mut copies = [[0u64; isa::subgroup::MAX_WIDTH]; 3];
                for (copy, &r) in copies.iter_mut().zip(src) {
                    copy[..w].copy_from_slice(&self.regs[self.row(r)..][..w]);
                }
                let [a, b, c] = &copies;
                let d = self.row(*dst);
                isa::subgroup::eval(
                    *op,
                    *ty,
                    w,
                    mask,
                    [&a[..w], &b[..w], &c[..w]],
                    &mut self.regs[d..d + w],
                );
            }
            Inst::Load {
                ty,
                dst,
                addr,
                offset,
            } => {
                let (a, d) = (self.row(*addr), self.row(*dst));
                self.record(mask, *addr, *offset);
                // The addresses are read while the results are written; a
                // load through its own destination reads a copy.
                let copy: [u64; isa::subgroup::MAX_WIDTH];
                let (addrs, out) = if a == d {
                    let mut c = [0u64; isa::subgroup::MAX_WIDTH];
                    c[..w].copy_from_slice(&self.regs[a..a + w]);
                    copy = c;
                    (&copy[..w], &mut self.regs[d..d + w])
                } else if a < d {
                    let (low, high) = self.regs.split_at_mut(d);
                    (&low[a..a + w], &mut high[..w])
                } else {
                    let (low, high) = self.regs.split_at_mut(a);
                    (&high[..w], &mut low[d..d + w])
                };
                mem.load_lanes(mask, addrs, *offset as u64, ty.bytes() as u64, out)
                    .map_err(|(lane, e)| fault(Some(lane), format!("load: {e}")))?;
                self.drop_robust_misses(mem, ty.bytes() as u64);
                if *ty == isa::core::Scalar::Bool {
                    crate::exec::lane_ops::booleans(&mut self.regs[d..d + w], mask);
                }
            }
            Inst::Store {
                ty,
                src,
                addr,
                offset,
            } => {
                let (a, v) = (self.row(*addr), self.row(*src));
                self.record(mask, *addr, *offset);
                let addrs = &self.regs[a..a + w];
                mem.store_lanes(
                    mask,
                    addrs,
                    *offset as u64,
                    ty.bytes() as u64,
                    &self.regs[v..v + w],
                )
                .map_err(|(lane, e)| fault(Some(lane), format!("store: {e}")))?;
                self.drop_robust_misses(mem, ty.bytes() as u64);
            }
            Inst::Atomic {
                op,
                ty,
                dst,
                addr,
                value,
                comparator,
            } => {
                let bytes = ty.bytes() as u64;
                let a = self.row(*addr);
                let addrs = &self.regs[a..a + w];
                if self.record_addresses {
                    push_addresses(&mut self.addresses, mask, addrs, 0);
                }
                let blind = self.decoded.blind_atomics[pc as usize];
                let (v, c) = (self.row(*value), self.row(*comparator));
                if mem.note_atomic(lanes(mask).map(|lane| addrs[lane]), blind) {
                    // Nothing reads the result, which is left unwritten.
                    mem.gather_lanes(mask, addrs, *op, *ty, &self.regs[v..v + w])
                        .map_err(|(lane, e)| fault(Some(lane), format!("atomic: {e}")))?;
                } else {
                    // Lanes apply their operations one after another,
                    // lowest first; the results go to `dst` once all are
                    // done (it may be one of the operands).
                    let mut old = [0u64; isa::subgroup::MAX_WIDTH];
                    let regs = &self.regs;
                    mem.update_lanes(mask, addrs, bytes, |lane, was| {
                        old[lane] = was;
                        let new = op.apply(*ty, was, regs[v + lane], regs[c + lane]);
                        // An unchanged value is not written (an overlay
                        // then records no write) but by a store.
                        (new != was || *op == isa::ir::AtomicOp::Store).then_some(new)
                    })
                    .map_err(|(lane, e)| fault(Some(lane), format!("atomic: {e}")))?;
                    let d = self.row(*dst);
                    for lane in lanes(mask) {
                        self.regs[d + lane] = old[lane];
                    }
                }
                self.drop_robust_misses(mem, bytes);
            }
            Inst::Jump { target } => {
                if !self.park(kernel, mask, *target) {
                    self.goto(*target);
                }
                return Ok(false);
            }
            Inst::Branch {
                cond,
                if_true,
                if_false,
                reconverge,
                loop_exit,
            } => {
                let c = self.row(*cond);
                let taken = nonzero_lanes(&self.regs[c..c + w], mask);
                let paths = [(*if_true, taken), (*if_false, mask & !taken)];
                if *loop_exit && (taken == 0 || taken == mask) {
                    self.stay_in_loop(if taken != 0 { *if_true } else { *if_false }, *reconverge);
                } else {
                    self.diverge(kernel, &paths, *reconverge);
                }
                return Ok(false);
            }
            Inst::Switch {
                selector,
                table,
                reconverge,
            } => {
                let t = &kernel.switches[*table as usize];
                let mut paths: Vec<(Pc, u64)> = Vec::new();
                for lane in lanes(mask) {
                    let s = self.reg(*selector, lane);
                    let target = t
                        .cases
                        .iter()
                        .find(|(v, _)| *v == s)
                        .map(|c| c.1)
                        .unwrap_or(t.default);
                    match paths.iter_mut().find(|p| p.0 == target) {
                        Some(p) => p.1 |= 1 << lane,
                        None => paths.push((target, 1 << lane)),
                    }
                }
                self.diverge(kernel, &paths, *reconverge);
                return Ok(false);
            }
            Inst::Return => {
                self.retire(mask);
                return Ok(false);
            }
            Inst::Barrier => {
                if mask != self.alive {
                    // A work-group collective waits at a barrier of its own.
                    let what = match kernel.origins.get(pc as usize).map(|o| o.opcode) {
                        Some("ControlBarrier") | None => "barrier",
                        Some(_) => "work-group operation (a barrier for its workgroup)",
                    };
                    return Err(fault(
                        None,
                        format!(
                            "{what} reached by only some lanes of the wave (active {mask:#x}, alive {:#x}): in divergent control flow it cannot be reached by all invocations",
                            self.alive
                        ),
                    ));
                }
                self.stack.last_mut().unwrap().pc = next;
                self.state = WaveState::AtBarrier(pc);
                return Ok(false);
            }
            Inst::MemoryBarrier => {}
            Inst::Prefetch {
                addr,
                offset,
                count,
                elem_bytes,
            } => {
                // No effect on memory; the timing model may fetch the lines.
                if self.record_addresses {
                    for lane in lanes(mask) {
                        let start = self.reg(*addr, lane).wrapping_add(*offset as u64);
                        let bytes = self.reg(*count, lane).saturating_mul(*elem_bytes as u64);
                        let bytes = bytes.min(PREFETCH_LIMIT);
                        let mut a = start;
                        while a < start.saturating_add(bytes) {
                            self.addresses.push(a);
                            a += PREFETCH_STEP;
                        }
                    }
                }
            }
            Inst::Printf { call, dst } => {
                let c = &kernel.printf_calls[*call as usize];
                for lane in lanes(mask) {
                    let r = self
                        .printf(c, pc, lane, mem)
                        .map_err(|e| fault(Some(lane), format!("printf: {e}")))?;
                    let d = self.row(*dst);
                    self.regs[d + lane] = r;
                }
            }
            Inst::Unreachable => {
                return Err(fault(None, "executed OpUnreachable".into()));
            }
        }
        self.go_on(kernel, next);
        Ok(false)
    }

    /// Moves the wave to `next`, or out of the kernel past its end.
    #[inline(always)]
    fn go_on(&mut self, kernel: &Kernel, next: Pc) {
        if next as usize >= kernel.insts.len() {
            self.goto(EXIT_PC);
        } else {
            self.goto(next);
        }
    }

    /// One lane's printf (the instruction at `pc`): appends its output
    /// and returns printf's result, 0, or -1 as 32 bits for an invalid
    /// format or arguments that do not match it, as the OpenCL C
    /// specification says; such a failure is noted for a warning, since
    /// it prints nothing. Memory faults while reading the strings are
    /// errors.
    fn printf(
        &self,
        c: &isa::ir::PrintfCall,
        pc: Pc,
        lane: usize,
        mem: &mut WaveMemory,
    ) -> Result<u64, String> {
        use isa::opencl_std::printf::{self, Arg};
        const FAILED: u64 = 0xffff_ffff;
        let at = |r: u32, off: i64| self.reg(r, lane).wrapping_add(off as u64);
        let format = read_string(mem, lane, at(c.format.0, c.format.1))?;
        let failed = |mem: &mut WaveMemory, e: String| {
            let shown = String::from_utf8_lossy(&format);
            mem.printf.fail(pc, format!("format {shown:?}: {e}"));
            FAILED
        };
        let strings = match printf::string_arguments(&format) {
            Ok(strings) => strings,
            Err(e) => return Ok(failed(mem, e)),
        };
        let mut args = Vec::new();
        for (i, a) in c.args.iter().enumerate() {
            args.push(match a {
                isa::ir::PrintfOperand::Value(v) => {
                    Arg::Value(v.iter().map(|&(t, r)| (t, self.reg(r, lane))).collect())
                }
                isa::ir::PrintfOperand::Pointer(r, off) => {
                    if strings.get(i).copied().unwrap_or(false) {
                        Arg::Text(read_string(mem, lane, at(*r, *off))?)
                    } else {
                        Arg::Pointer(at(*r, *off))
                    }
                }
            });
        }
        Ok(match printf::format(&format, &args) {
            Ok(text) => {
                mem.printf.text.push_str(&text);
                0
            }
            Err(e) => failed(mem, e),
        })
    }

    /// Of the addresses left for the timing model, drops those of `bytes`
    /// wide accesses that robust buffer access kept from memory (they read
    /// zeros or wrote nothing), as a buffer's range check does on a GPU.
    fn drop_robust_misses(&mut self, mem: &WaveMemory, bytes: u64) {
        if self.record_addresses && mem.robust() {
            self.addresses.retain(|&a| !mem.robust_miss(a, bytes));
        }
    }

    /// Leaves the address of each lane of `mask`, register `addr` plus
    /// `offset`, for the timing model, when it asks for them.
    #[inline(always)]
    fn record(&mut self, mask: u64, addr: u32, offset: i64) {
        if self.record_addresses {
            let a = self.row(addr);
            let addrs = &self.regs[a..a + self.width];
            push_addresses(&mut self.addresses, mask, addrs, offset as u64);
        }
    }

    fn goto(&mut self, target: Pc) {
        let top = self
            .stack
            .last_mut()
            .expect("a ready wave has a stack entry");
        top.pc = target;
        // Only an entry at its reconvergence point (or emptied) goes.
        if target == top.reconverge || top.mask == 0 {
            self.pop_reconverged();
        }
    }

    /// Splits the top entry's lanes over `paths` (target, lanes) that meet
    /// again at `reconverge`.
    fn diverge(&mut self, kernel: &Kernel, paths: &[(Pc, u64)], reconverge: Pc) {
        let mut taken = paths.iter().filter(|p| p.1 != 0);
        if let (Some(only), None) = (taken.next(), taken.next()) {
            self.goto(only.0);
            return;
        }
        let top = self.stack.last_mut().unwrap();
        if top.reconverge == reconverge {
            // Already waiting for these lanes at that point below.
            self.stack.pop();
        } else {
            top.pc = reconverge;
        }
        // Pushed in reverse so that the first path runs first. A path to a
        // point an entry below waits at for its lanes (a break) waits there.
        for &(target, mask) in paths.iter().rev() {
            if mask != 0 && target != reconverge && !self.park(kernel, mask, target) {
                self.stack.push(Entry {
                    pc: target,
                    mask,
                    reconverge,
                });
            }
        }
        self.pop_reconverged();
    }

    /// The uniform outcome of a loop's exit branch: lanes going on to
    /// `target` inside the loop keep an entry waiting at the loop's merge
    /// (`merge`), so that lanes that later break out wait there for the
    /// others (`park`); the entry is made on the loop's first iteration and
    /// reused on the others.
    fn stay_in_loop(&mut self, target: Pc, merge: Pc) {
        let top = *self.stack.last().expect("a ready wave has a stack entry");
        if target == merge || top.reconverge == merge {
            self.goto(target);
            return;
        }
        self.stack.last_mut().unwrap().pc = merge;
        self.stack.push(Entry {
            pc: target,
            mask: top.mask,
            reconverge: merge,
        });
    }

    /// Lanes `lanes` of the top entry jump to `target`. When `target` is a
    /// loop's merge an entry below waits at for these lanes (a break), they
    /// wait there with it: they leave every entry above it, and the others
    /// go on. Returns whether they did.
    fn park(&mut self, kernel: &Kernel, lanes: u64, target: Pc) -> bool {
        let n = self.stack.len();
        if n < 2
            || self.stack[n - 1].reconverge == target
            || kernel.loop_merges.binary_search(&target).is_err()
        {
            return false;
        }
        let Some(d) = self.stack[..n - 1]
            .iter()
            .rposition(|e| e.pc == target && e.mask & lanes == lanes)
        else {
            return false;
        };
        for e in &mut self.stack[d + 1..] {
            e.mask &= !lanes;
        }
        // Only entries above `d` lost lanes; no other entry is empty.
        self.stack.retain(|e| e.mask != 0);
        self.pop_reconverged();
        true
    }

    fn pop_reconverged(&mut self) {
        while let Some(top) = self.stack.last() {
            if top.pc == top.reconverge || top.mask == 0 {
                self.stack.pop();
            } else {
                break;
            }
        }
        if self.stack.is_empty() {
            self.state = WaveState::Done;
        }
    }

    fn retire(&mut self, lanes: u64) {
        self.alive &= !lanes;
        let alive = self.alive;
        for e in &mut self.stack {
            e.mask &= alive;
        }
        self.stack.retain(|e| e.mask != 0);
        self.pop_reconverged();
    }
}

/// The lanes of `mask` whose element of `row` is not zero. With every lane
/// active the whole row is looked at, in blocks of eight the compiler
/// turns into vector compares (compiled for x86-64-v3 too, where the host
/// has it); otherwise lane by lane (a partial mask's row scan measured
/// slower on the divergent benchmark).
fn nonzero_lanes(row: &[u64], mask: u64) -> u64 {
    if mask == 0 {
        return 0;
    }
    if mask != isa::core::mask(row.len() as u32) {
        let top = 63 - mask.leading_zeros() as usize;
        assert!(top < row.len(), "a mask past its row");
        let mut bits = 0u64;
        let mut rest = mask;
        while rest != 0 {
            let lane = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // SAFETY: lane <= top, checked above. No branch on the value:
            // a condition's lanes differ, which the host mispredicts.
            bits |= ((unsafe { *row.get_unchecked(lane) } != 0) as u64) << lane;
        }
        return bits;
    }
    crate::exec::lane_ops::entries_above(row, 0)
}

/// Runs the lane-wise instructions from `start` for the lanes of `mask`,
/// up to `stop` or the first instruction of another kind, at least the
/// one at `start` if it is lane-wise (`stop` can lie before it: a
/// reconvergence point at a loop's header); returns the pc it stopped at.
#[inline(always)]
fn lane_run(
    decoded: &Decoded,
    regs: &mut [u64],
    private: &mut [u8],
    start: Pc,
    stop: Pc,
    mask: u64,
) -> Pc {
    let end = decoded.run_ends[start as usize].min(stop.max(start + 1));
    let run = decoded
        .insts
        .get(start as usize..end as usize)
        .unwrap_or_default();
    let mut call = |op: &Option<LaneOp>| {
        if let Some(op) = op {
            (op.handler)(regs, private, op, mask)
        }
    };
    // Unrolled: each call site sees every fourth instruction, which the
    // host's predictor of indirect calls finds easier.
    let mut fours = run.chunks_exact(4);
    for four in &mut fours {
        call(&four[0]);
        call(&four[1]);
        call(&four[2]);
        call(&four[3]);
    }
    fours.remainder().iter().for_each(call);
    start + run.len() as Pc
}

/// Appends `addrs[lane] + offset` for the lanes of `mask`, lowest first.
fn push_addresses(out: &mut Vec<u64>, mask: u64, addrs: &[u64], offset: u64) {
    let every_lane = u64::MAX >> (64 - addrs.len().clamp(1, 64));
    if mask & every_lane == every_lane {
        // A whole row: a sized copy the compiler vectorises (the lane
        // iterator below costs about 16 host instructions a lane).
        out.extend(addrs.iter().map(|&a| a.wrapping_add(offset)));
    } else {
        out.reserve(mask.count_ones() as usize);
        out.extend(lanes(mask).map(|l| addrs[l].wrapping_add(offset)));
    }
}

/// The set bits of a mask (its lanes, or the CUs due for a visit),
/// lowest first.
#[inline]
pub(crate) fn lanes(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let l = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(l)
        }
    })
}

/// A prefetch records an address every this many bytes (the smallest line
/// a config is likely to use)...
const PREFETCH_STEP: u64 = 32;
/// ...over at most this many bytes per lane.
const PREFETCH_LIMIT: u64 = 4096;

/// A NUL-terminated string in memory, at most 64 KiB.
fn read_string(mem: &mut WaveMemory, lane: usize, addr: u64) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for i in 0..(1u64 << 16) {
        let b = mem.load(lane, addr.wrapping_add(i), 1)? as u8;
        if b == 0 {
            return Ok(out);
        }
        out.push(b);
    }
    Err(format!("the string at {addr:#x} has no end within 64 KiB"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::memory::GlobalMemory;
    use crate::exec::printf::Printed;
    use isa::core::Scalar;
    use isa::ir::address::PRIVATE_BASE;

    /// A branch condition's taken lanes against a test of each lane on its
    /// own: rows of 3 to 64 lanes, full and partial masks, zero and
    /// non-zero values (a value only its high bits set included).
    #[test]
    fn taken_lanes_are_the_active_nonzero_ones() {
        let mut next = crate::exec::xorshift(0x0123_4567_89ab_cdefu64);
        for width in [3usize, 4, 8, 13, 32, 64] {
            let full = isa::core::mask(width as u32);
            for _ in 0..50 {
                let row: Vec<u64> = (0..width)
                    .map(|_| match next() % 3 {
                        0 => 0,
                        1 => 1 << 63,
                        _ => next(),
                    })
                    .collect();
                for mask in [full, next() & full] {
                    let expected = (0..width)
                        .filter(|&l| mask >> l & 1 != 0 && row[l] != 0)
                        .fold(0u64, |b, l| b | 1 << l);
                    assert_eq!(nonzero_lanes(&row, mask), expected, "{row:x?} {mask:#x}");
                }
            }
        }
    }

    #[test]
    fn loads_through_any_register_pair_see_the_old_address() {
        let load = |dst, addr| Inst::Load {
            ty: Scalar::Int(64),
            dst,
            addr,
            offset: 0,
        };
        // Each lane's private memory holds a pointer to its second word,
        // which holds 100 + lane.
        let k = crate::exec::kernel(
            vec![load(1, 0), load(0, 1), load(2, 2), Inst::Return],
            3,
            16,
        );
        let ops = Arc::new(crate::exec::lane_ops::decode_kernel(&k, 4));
        let mut wave = Wave::new(&k, &ops, 4, 3, &[(0, PRIVATE_BASE), (2, PRIVATE_BASE)]);
        for lane in 0..4 {
            let at = lane * 16;
            wave.private[at..at + 8].copy_from_slice(&(PRIVATE_BASE + 8).to_le_bytes());
            wave.private[at + 8..at + 16].copy_from_slice(&(100 + lane as u64).to_le_bytes());
        }
        let mut private = std::mem::take(&mut wave.private);
        let (mut global, mut shared, mut printf) =
            (GlobalMemory::default(), [], Printed::default());
        let mut mem = WaveMemory::new(&mut global, &mut shared, &mut private, 16, &mut printf);
        while wave.state == WaveState::Ready {
            wave.step(&k, &mut mem).unwrap();
        }
        for lane in 0..3 {
            // Register 1 through register 0 (below it), 0 through 1 (above
            // it), and 2 through itself.
            assert_eq!(wave.reg(1, lane), PRIVATE_BASE + 8);
            assert_eq!(wave.reg(0, lane), 100 + lane as u64);
            assert_eq!(wave.reg(2, lane), PRIVATE_BASE + 8);
        }
        assert_eq!(wave.reg(0, 3), PRIVATE_BASE, "lane 3 does not exist");
    }

    #[test]
    fn running_ahead_executes_what_stepping_does() {
        use isa::core::{Alu, AluOp};
        let alu = |op, ty, dst, a, b| Inst::Alu {
            alu: Alu { op, ty },
            dst,
            src: [a, b, 0, 0],
        };
        let int = Scalar::Int(32);
        // Lanes 0 and 1 take one side of a branch, 2 and 3 the other; both
        // sides are runs of lane-wise instructions, ended by a jump on one
        // side and by the reconvergence point on the other.
        let k = crate::exec::kernel(
            vec![
                alu(AluOp::IAdd, int, 1, 0, 0),
                alu(AluOp::IMul, int, 2, 1, 0),
                alu(AluOp::ULessThan, int, 3, 0, 6),
                Inst::Branch {
                    cond: 3,
                    if_true: 4,
                    if_false: 6,
                    reconverge: 8,
                    loop_exit: false,
                },
                alu(AluOp::IAdd, int, 1, 1, 2),
                Inst::Jump { target: 8 },
                alu(AluOp::ISub, int, 2, 2, 1),
                Inst::Mov { dst: 4, src: 2 },
                alu(AluOp::IAdd, int, 5, 1, 2),
                Inst::Return,
            ],
            7,
            0,
        );
        // A row each: the registers are read after the kernel, where none
        // is live any more.
        let rows = isa::interference::row_each(&k);
        let ops = Arc::new(crate::exec::lane_ops::decode_in_rows(&k, 4, rows));
        let new_wave = || {
            let mut w = Wave::new(&k, &ops, 4, 4, &[(6, 2)]);
            w.preload_row(0, &[0, 1, 2, 3], 0, u64::MAX);
            w
        };
        let (mut global, mut shared, mut printf) =
            (GlobalMemory::default(), [], Printed::default());
        let mut private = Vec::new();
        let mut mem = WaveMemory::new(&mut global, &mut shared, &mut private, 0, &mut printf);
        // (pc, lanes) of each instruction as it executes or issues.
        let mut stepped = Vec::new();
        let mut by_step = new_wave();
        while by_step.state == WaveState::Ready {
            let step = by_step.step(&k, &mut mem).unwrap();
            stepped.push((step.pc, step.mask));
        }
        let mut issued = Vec::new();
        let mut ahead = new_wave();
        while ahead.state == WaveState::Ready {
            match ahead.run_ahead(&k) {
                Some(run) => issued.extend((run.start..run.end).map(|pc| (pc, run.mask))),
                None => {
                    let step = ahead.step(&k, &mut mem).unwrap();
                    issued.push((step.pc, step.mask));
                }
            }
        }
        let expected = [
            (0, 0b1111),
            (1, 0b1111),
            (2, 0b1111),
            (3, 0b1111),
            (4, 0b0011),
            (5, 0b0011),
            (6, 0b1100),
            (7, 0b1100),
            (8, 0b1111),
            (9, 0b1111),
        ];
        assert_eq!(stepped, expected);
        assert_eq!(issued, expected);
        for lane in 0..4 {
            // By hand: r1 = 2l, r2 = 2l^2, then r1 += r2 (l < 2) or
            // r2 -= r1 and r4 = r2 (l >= 2); r5 = r1 + r2.
            let l = lane as u64;
            let (r1, r2) = if l < 2 {
                (2 * l + 2 * l * l, 2 * l * l)
            } else {
                (2 * l, 2 * l * l - 2 * l)
            };
            for w in [&by_step, &ahead] {
                assert_eq!((w.reg(1, lane), w.reg(2, lane)), (r1, r2), "lane {lane}");
                assert_eq!(w.reg(5, lane), r1 + r2, "lane {lane}");
                assert_eq!(w.reg(4, lane), if l < 2 { 0 } else { r2 }, "lane {lane}");
            }
        }
    }

    /// Registers sharing rows (`isa::interference::row_per_register`)
    /// against a row each, on random kernels of nested diverging branches
    /// whose lanes store values as they go: every lane's stores are the
    /// same bytes. A register given the row of one still live in some
    /// lane would store another value there.
    #[test]
    fn registers_sharing_rows_store_what_a_row_each_does() {
        use crate::exec::lane_ops::decode_in_rows;
        use isa::core::{Alu, AluOp};
        use isa::interference::{row_each, row_per_register};
        // Register 0 holds a value per lane, 1-4 the addresses of four
        // private words, 5 and up the values the kernel computes (read
        // before written in some lanes).
        const SLOTS: u32 = 4;
        const VALUES: u32 = 10;
        let mut next = crate::exec::xorshift(0x2545_f491_4f6c_dd1du64);
        let (mut registers, mut rows) = (0, 0);
        for case in 0..300 {
            let mut insts = Vec::new();
            gen(&mut insts, &mut next, 0);
            insts.push(Inst::Return);
            let mut k = crate::exec::kernel(insts, 1 + SLOTS + VALUES, 8 * SLOTS);
            // OpenCL: the private words stay bytes, not rows.
            k.dialect = isa::ir::Dialect::OpenCl;
            // The values start as numbers of their own, which a lane
            // reading one before writing it stores.
            let init: Vec<(u32, u64)> = (1..=SLOTS)
                .map(|r| (r, PRIVATE_BASE + 8 * (r as u64 - 1)))
                .chain((1 + SLOTS..k.reg_count).map(|r| (r, 1000 + r as u64)))
                .collect();
            let lane_values: Vec<u64> = (0..64).map(|_| next() % 8).collect();
            let shared = row_per_register(&k);
            registers += k.reg_count as usize;
            rows += shared.1;
            let run = |rows: (Vec<u32>, usize)| {
                let ops = Arc::new(decode_in_rows(&k, 64, rows));
                let mut wave = Wave::new(&k, &ops, 64, 64, &init);
                wave.preload_row(0, &lane_values, 0, u64::MAX);
                let mut private = std::mem::take(&mut wave.private);
                let (mut global, mut shared, mut printf) =
                    (GlobalMemory::default(), [], Printed::default());
                let mut mem = WaveMemory::new(
                    &mut global,
                    &mut shared,
                    &mut private,
                    8 * SLOTS as usize,
                    &mut printf,
                );
                while wave.state == WaveState::Ready {
                    wave.step(&k, &mut mem).unwrap();
                }
                private
            };
            assert_eq!(run(shared), run(row_each(&k)), "case {case}: {:?}", k.insts);
        }
        assert!(rows < registers, "rows were shared: {rows} of {registers}");

        /// Appends a random block: ALU operations, stores, and at depths
        /// below 3 an if-else whose sides are blocks.
        fn gen(insts: &mut Vec<Inst>, next: &mut impl FnMut() -> u64, depth: u32) {
            let value = |next: &mut dyn FnMut() -> u64| 1 + SLOTS + (next() % VALUES as u64) as u32;
            let operand = |next: &mut dyn FnMut() -> u64| match next() % 4 {
                0 => 0,
                _ => value(next),
            };
            for _ in 0..next() % 6 + 1 {
                match next() % 8 {
                    0..=3 => {
                        let ops = [AluOp::IAdd, AluOp::IMul, AluOp::BitwiseXor, AluOp::ISub];
                        insts.push(Inst::Alu {
                            alu: Alu {
                                op: ops[(next() % 4) as usize],
                                ty: Scalar::Int(32),
                            },
                            dst: value(next),
                            src: [operand(next), operand(next), 0, 0],
                        });
                    }
                    4 | 5 => insts.push(Inst::Store {
                        ty: Scalar::Int(64),
                        src: operand(next),
                        addr: 1 + (next() % SLOTS as u64) as u32,
                        offset: 0,
                    }),
                    6 => insts.push(Inst::Mov {
                        dst: value(next),
                        src: operand(next),
                    }),
                    _ if depth < 3 => {
                        let cond = value(next);
                        insts.push(Inst::Alu {
                            alu: Alu {
                                op: AluOp::ULessThan,
                                ty: Scalar::Int(32),
                            },
                            dst: cond,
                            src: [0, operand(next), 0, 0],
                        });
                        let branch = insts.len();
                        insts.push(Inst::Return);
                        gen(insts, next, depth + 1);
                        let jump = insts.len();
                        insts.push(Inst::Return);
                        let if_false = insts.len() as Pc;
                        gen(insts, next, depth + 1);
                        let merge = insts.len() as Pc;
                        insts[jump] = Inst::Jump { target: merge };
                        insts[branch] = Inst::Branch {
                            cond,
                            if_true: branch as Pc + 1,
                            if_false,
                            reconverge: merge,
                            loop_exit: false,
                        };
                    }
                    _ => {}
                }
            }
        }
    }
}
