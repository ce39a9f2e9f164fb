//! Where a kernel's invocations write global memory, found before it runs:
//! when every store to a buffer, and every load of it, falls at `buffer +
//! a · global x + b · workgroup x + c · local x + offset` (the ids' x
//! components), with one `a`, `b`, `c` per buffer, each workgroup's bytes
//! of it can lie in a stretch of its own (`StoreWindow::per_workgroup`),
//! and a run of workgroups along x then reaches one stretch of the buffer
//! that no other run's stretch overlaps. A parallel
//! functional launch uses it to let workgroups write such buffers in place
//! (`sim`'s `exec::windows`), which checks every access against the
//! stretches as it runs: this analysis only predicts, so it may follow
//! values as integers without asking whether they wrap.
//!
//! A buffer written, or read after being written, elsewhere is overlaid:
//! the run keeps its writes apart and checks their order instead.
//!
//! Values are followed through registers and through private variables at
//! fixed addresses (where unoptimised kernels keep the index): a variable
//! whose every store writes one value, and which is stored before any
//! load can run (in the kernel's first block, before its loads), holds it.

use crate::core::{AluOp, Scalar};
use crate::ir::{address, BuiltIn, Inst, Kernel, Pc, Reg};
use crate::liveness::{destination, successors, transfers};

/// Bytes `from..to` after `root + steps · (global x, workgroup x, local
/// x)` hold what an invocation stores through `root` (a register the
/// launch sets: a buffer's address) and loads through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreWindow {
    pub root: Reg,
    pub steps: [i64; 3],
    pub from: i64,
    pub to: i64,
}

impl StoreWindow {
    /// For workgroups of `local_x` invocations in x: the bytes workgroup
    /// `w` reaches are `stride · w + from .. stride · w + to`, as
    /// `(stride, from, to)`, when those of different workgroups cannot
    /// overlap (`None` otherwise). The global id is `w · local_x + local`.
    pub fn per_workgroup(&self, local_x: u32) -> Option<(i64, i64, i64)> {
        let [global, group, local] = self.steps;
        let last = i64::from(local_x.checked_sub(1)?);
        let stride = global.checked_mul(i64::from(local_x))?.checked_add(group)?;
        let per_lane = global.checked_add(local)?;
        let to = self.to.checked_add(per_lane.checked_mul(last)?)?;
        (stride > 0 && per_lane >= 0 && to - self.from <= stride).then_some((stride, self.from, to))
    }

    /// Grows to hold `other`'s bytes, which must be reached with the same
    /// steps.
    fn cover(&mut self, other: &StoreWindow) -> Option<()> {
        if other.steps != self.steps {
            return None;
        }
        (self.from, self.to) = (self.from.min(other.from), self.to.max(other.to));
        Some(())
    }
}

/// What global memory a kernel's invocations reach.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GlobalWrites {
    /// One window per buffer written at addresses of the form above.
    pub windows: Vec<StoreWindow>,
    /// The registers holding the addresses of the buffers written, or read
    /// after a write, elsewhere: a parallel run keeps their writes apart
    /// and checks the order (`sim`'s `exec::overlay`).
    pub overlaid: Vec<Reg>,
    /// The registers holding the addresses of the buffers loads read
    /// that no store writes.
    pub read_roots: Vec<Reg>,
}

/// What a value is offset from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Root {
    /// Nothing: an integer.
    Plain,
    /// A register the launch sets (a buffer's address or an argument).
    Launch(Reg),
    /// An address in private memory.
    Private,
    /// An address in workgroup memory.
    Workgroup,
}

/// A lattice value: not yet seen, one known value, or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lat<T> {
    Unset,
    Known(T),
    Unknown,
}

impl<T: PartialEq + Copy> Lat<T> {
    fn join(self, other: Lat<T>) -> Lat<T> {
        match (self, other) {
            (Lat::Unset, x) | (x, Lat::Unset) => x,
            (Lat::Known(a), Lat::Known(b)) if a == b => self,
            _ => Lat::Unknown,
        }
    }
}

/// `[a, b, c, d]`: `a · global x + b · workgroup x + c · local x + d`.
type Affine = [i64; 4];

/// A register's value: its root, and an `Affine` beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Value {
    root: Lat<Root>,
    affine: Lat<Affine>,
}

impl Value {
    const UNSET: Value = Value {
        root: Lat::Unset,
        affine: Lat::Unset,
    };
    const UNKNOWN: Value = Value {
        root: Lat::Unknown,
        affine: Lat::Unknown,
    };
    /// An integer nothing is known of.
    const PLAIN: Value = Value {
        root: Lat::Known(Root::Plain),
        affine: Lat::Unknown,
    };

    fn constant(c: u64) -> Value {
        let root = if in_private(c as i64) {
            Root::Private
        } else if (address::WORKGROUP_BASE..address::PRIVATE_BASE).contains(&c) {
            Root::Workgroup
        } else {
            Root::Plain
        };
        Value {
            root: Lat::Known(root),
            affine: Lat::Known([0, 0, 0, c as i64]),
        }
    }

    fn join(self, other: Value) -> Value {
        Value {
            root: self.root.join(other.root),
            affine: self.affine.join(other.affine),
        }
    }

    fn constant_value(self) -> Option<i64> {
        match self.affine {
            Lat::Known([0, 0, 0, c]) => Some(c),
            _ => None,
        }
    }
}

/// A private location at a fixed address: its offset and size.
type Location = (i64, u32);

/// Finds where `kernel`'s invocations write global memory. A buffer stored
/// to at an address not of the form above, or loaded elsewhere than in its
/// invocation's window, is overlaid. `None` when a store or a load reaches
/// global memory through an address whose buffer is not known, or an
/// atomic (other than a blind one, `atomics::blind_atomics`) may reach it.
pub fn global_writes(kernel: &Kernel) -> Option<GlobalWrites> {
    let values = values(kernel);
    let mut writes = GlobalWrites::default();
    // The window of `bytes` at `addr + offset`, if they are an `Affine`
    // beyond a buffer's address.
    let reach = |addr: Reg, offset: i64, bytes: u32| -> Option<StoreWindow> {
        let v = values[addr as usize];
        match (v.root, v.affine) {
            (Lat::Known(Root::Launch(root)), Lat::Known([a, b, c, d])) => {
                let from = d.checked_add(offset)?;
                let to = from.checked_add(i64::from(bytes))?;
                Some(StoreWindow {
                    root,
                    steps: [a, b, c],
                    from,
                    to,
                })
            }
            _ => None,
        }
    };
    // The buffer address an access is offset from, if the launch sets it.
    let launch_root = |addr: Reg| match values[addr as usize].root {
        Lat::Known(Root::Launch(root)) => Some(root),
        _ => None,
    };
    let local = |addr: Reg| {
        matches!(
            values[addr as usize].root,
            Lat::Known(Root::Private | Root::Workgroup)
        )
    };
    // The stores make the windows. Blind atomics write nothing in place:
    // a parallel run gathers their effects and applies them when it
    // commits (`sim`'s `exec::gathered`).
    let blind = crate::atomics::blind_atomics(kernel);
    for (inst, &blind) in kernel.insts.iter().zip(&blind) {
        match inst {
            Inst::Atomic { addr, .. } if !local(*addr) && !blind => return None,
            Inst::Store {
                ty, addr, offset, ..
            } if !local(*addr) => {
                let root = launch_root(*addr)?;
                match reach(*addr, *offset, ty.bytes()) {
                    _ if writes.overlaid.contains(&root) => {}
                    Some(new) => match writes.windows.iter_mut().find(|w| w.root == root) {
                        Some(w) => {
                            if w.cover(&new).is_none() {
                                writes.overlay(root);
                            }
                        }
                        None => writes.windows.push(new),
                    },
                    None => writes.overlay(root),
                }
            }
            _ => {}
        }
    }
    // A load of a written buffer reads within its invocation's window,
    // which grows to hold it; loads of the others name their buffers.
    let read = |addr: Reg, offset: i64, bytes: u32, writes: &mut GlobalWrites| {
        if local(addr) {
            return Some(());
        }
        let root = launch_root(addr)?;
        if writes.overlaid.contains(&root) {
            return Some(());
        }
        match writes.windows.iter_mut().find(|w| w.root == root) {
            Some(w) => {
                let covered = reach(addr, offset, bytes).and_then(|new| w.cover(&new));
                if covered.is_none() {
                    writes.overlay(root);
                }
            }
            None => writes.read_roots.push(root),
        }
        Some(())
    };
    for inst in &kernel.insts {
        match inst {
            Inst::Load {
                ty, addr, offset, ..
            } => read(*addr, *offset, ty.bytes(), &mut writes)?,
            // A string's length is not known: as a load of a whole
            // stride of bytes (a written buffer's is refused).
            Inst::Printf { call, .. } => {
                let c = &kernel.printf_calls[*call as usize];
                let pointers = c.args.iter().filter_map(|a| match a {
                    crate::ir::PrintfOperand::Pointer(r, o) => Some((*r, *o)),
                    crate::ir::PrintfOperand::Value(_) => None,
                });
                for (r, o) in std::iter::once(c.format).chain(pointers) {
                    read(r, o, u32::MAX, &mut writes)?;
                }
            }
            _ => {}
        }
    }
    writes.read_roots.sort_unstable();
    writes.read_roots.dedup();
    Some(writes)
}

impl GlobalWrites {
    /// Keeps buffer `root`'s writes in overlays: its window, if it had
    /// one, no longer holds them all.
    fn overlay(&mut self, root: Reg) {
        self.windows.retain(|w| w.root != root);
        self.overlaid.push(root);
    }
}

/// Every register's value, to a fixed point.
fn values(kernel: &Kernel) -> Vec<Value> {
    let n = kernel.reg_count as usize;
    let mut values = vec![Value::UNSET; n];
    let mut set_by_launch = vec![true; n];
    for d in kernel.insts.iter().filter_map(destination) {
        set_by_launch[d as usize] = false;
    }
    for (r, by_launch) in set_by_launch.iter().enumerate() {
        if *by_launch {
            values[r] = Value {
                root: Lat::Known(Root::Launch(r as Reg)),
                affine: Lat::Known([0, 0, 0, 0]),
            };
        }
    }
    for &(r, c) in &kernel.constants {
        values[r as usize] = Value::constant(c);
    }
    for slot in &kernel.builtins {
        for (i, &r) in slot.regs.iter().enumerate() {
            values[r as usize] = builtin_value(slot.builtin, i);
        }
    }
    let first_block_end = first_block_end(kernel);
    loop {
        let private = PrivateStores::new(kernel, &values, first_block_end);
        let mut changed = false;
        for inst in &kernel.insts {
            let Some(dst) = destination(inst) else {
                continue;
            };
            let v = value_of(kernel, inst, &values, &private);
            let joined = values[dst as usize].join(v);
            if joined != values[dst as usize] {
                values[dst as usize] = joined;
                changed = true;
            }
        }
        if !changed {
            return values;
        }
    }
}

/// Where the kernel's first block ends: no jump or branch leads to a pc
/// before it.
fn first_block_end(kernel: &Kernel) -> Pc {
    let mut end = kernel.insts.len() as Pc;
    let mut next = Vec::new();
    for (pc, inst) in kernel.insts.iter().enumerate() {
        if transfers(inst) {
            end = end.min(pc as Pc);
            successors(kernel, pc, &mut next);
            end = next.iter().fold(end, |e, &t| e.min(t));
        }
    }
    end
}

/// The value of component `i` of `builtin`: the global, workgroup or
/// local id's x, or an integer.
fn builtin_value(builtin: BuiltIn, i: usize) -> Value {
    let affine = match (builtin, i) {
        (BuiltIn::GlobalInvocationId, 0) => Lat::Known([1, 0, 0, 0]),
        (BuiltIn::WorkgroupId, 0) => Lat::Known([0, 1, 0, 0]),
        (BuiltIn::LocalInvocationId, 0) => Lat::Known([0, 0, 1, 0]),
        _ => Lat::Unknown,
    };
    Value {
        root: Lat::Known(Root::Plain),
        affine,
    }
}

/// The value `inst` writes, from its operands' values so far.
fn value_of(kernel: &Kernel, inst: &Inst, values: &[Value], private: &PrivateStores) -> Value {
    let v = |r: &Reg| values[*r as usize];
    match inst {
        Inst::Mov { src, .. } => v(src),
        Inst::Convert { cv, src, .. } => match (cv.from, cv.to) {
            (Scalar::Int(_), Scalar::Int(_)) if !cv.saturate => v(src),
            _ => Value::PLAIN,
        },
        Inst::Alu { alu, src, .. } => {
            let (a, b) = (v(&src[0]), v(&src[1]));
            match alu.op {
                AluOp::IAdd => add(a, b, 1),
                AluOp::ISub => add(a, b, -1),
                AluOp::IMul => match (a.constant_value(), b.constant_value()) {
                    (_, Some(k)) => scaled(a, b, k),
                    (Some(k), _) => scaled(b, a, k),
                    _ => Value::PLAIN,
                },
                AluOp::ShiftLeftLogical => match b.constant_value() {
                    Some(k @ 0..=62) => scaled(a, b, 1 << k),
                    _ => Value::PLAIN,
                },
                _ => Value::PLAIN,
            }
        }
        Inst::Load {
            addr, offset, ty, ..
        } => {
            let at = v(addr);
            match (at.root, at.constant_value()) {
                (Lat::Known(Root::Private), Some(c)) if in_private(c + offset) => {
                    private.value(kernel, values, (c + offset, ty.bytes()))
                }
                _ => Value::UNKNOWN,
            }
        }
        _ => Value::UNKNOWN,
    }
}

/// Whether `at` is an address in private memory.
fn in_private(at: i64) -> bool {
    (address::PRIVATE_BASE..address::PRIVATE_END).contains(&(at as u64))
}

/// `a + sign · b`.
fn add(a: Value, b: Value, sign: i64) -> Value {
    let root = match (a.root, b.root) {
        (Lat::Unset, _) | (_, Lat::Unset) => Lat::Unset,
        (r, Lat::Known(Root::Plain)) => r,
        (Lat::Known(Root::Plain), r) if sign == 1 => r,
        _ => Lat::Unknown,
    };
    let affine = match (a.affine, b.affine) {
        (Lat::Unset, _) | (_, Lat::Unset) => Lat::Unset,
        (Lat::Known(x), Lat::Known(y)) => each(|i| x[i].checked_add(sign * y[i])),
        _ => Lat::Unknown,
    };
    Value { root, affine }
}

/// `a · k`, `k` the value of `b`.
fn scaled(a: Value, b: Value, k: i64) -> Value {
    let root = match (a.root, b.root) {
        (Lat::Known(Root::Plain), Lat::Known(Root::Plain)) => Lat::Known(Root::Plain),
        (Lat::Unset, _) | (_, Lat::Unset) => Lat::Unset,
        _ => Lat::Unknown,
    };
    let affine = match a.affine {
        Lat::Known(x) => each(|i| x[i].checked_mul(k)),
        other => other,
    };
    Value { root, affine }
}

/// The `Affine` of `f(0..4)`, unknown if one overflows.
fn each(f: impl Fn(usize) -> Option<i64>) -> Lat<Affine> {
    match [f(0), f(1), f(2), f(3)] {
        [Some(a), Some(b), Some(c), Some(d)] => Lat::Known([a, b, c, d]),
        _ => Lat::Unknown,
    }
}

/// The stores to private memory, for following values through variables.
struct PrivateStores {
    /// Stores at a fixed address: location, stored register, pc.
    fixed: Vec<(Location, Reg, Pc)>,
    /// A store at an address not known, which could reach any location.
    any: bool,
    /// Loads at a fixed address: location, pc.
    loads: Vec<(Location, Pc)>,
    /// Where the kernel's first block ends: no jump or branch leads to a
    /// pc before it.
    first_block_end: Pc,
}

impl PrivateStores {
    /// The stores and loads of private memory, as far as `values` (so
    /// far) tell their addresses; an address not yet seen is left out.
    fn new(kernel: &Kernel, values: &[Value], first_block_end: Pc) -> PrivateStores {
        let local_at = |r: Reg, offset: i64| {
            let v = values[r as usize];
            match (v.root, v.constant_value()) {
                (Lat::Unset | Lat::Known(Root::Launch(_) | Root::Workgroup), _) => Ok(None),
                (Lat::Known(Root::Private | Root::Plain), Some(c)) => {
                    Ok(in_private(c + offset).then_some(c + offset))
                }
                _ => Err(()),
            }
        };
        let mut stores = PrivateStores {
            fixed: Vec::new(),
            any: false,
            loads: Vec::new(),
            first_block_end,
        };
        for (pc, inst) in kernel.insts.iter().enumerate() {
            match inst {
                Inst::Store {
                    ty,
                    src,
                    addr,
                    offset,
                } => match local_at(*addr, *offset) {
                    Ok(Some(at)) => stores.fixed.push(((at, ty.bytes()), *src, pc as Pc)),
                    Ok(None) => {}
                    Err(()) => stores.any = true,
                },
                Inst::Load {
                    ty, addr, offset, ..
                } => {
                    if let Ok(Some(at)) = local_at(*addr, *offset) {
                        stores.loads.push(((at, ty.bytes()), pc as Pc));
                    }
                }
                Inst::Atomic { addr, .. } => stores.any |= local_at(*addr, 0) != Ok(None),
                _ => {}
            }
        }
        stores
    }

    /// What a load of `at` reads, from the stored registers' values.
    fn value(&self, kernel: &Kernel, values: &[Value], at: Location) -> Value {
        let overlaps = |(o, n): Location| o < at.0 + at.1 as i64 && at.0 < o + n as i64;
        let builtin = kernel.builtins.iter().find(|s| {
            let base = (address::PRIVATE_BASE + s.offset as u64) as i64;
            overlaps((base, s.ty.bytes() * s.regs.len() as u32))
        });
        if self.any {
            return Value::UNKNOWN;
        }
        let mut v = Value::UNSET;
        for &(loc, src, _) in &self.fixed {
            if loc == at {
                v = v.join(values[src as usize]);
            } else if overlaps(loc) {
                return Value::UNKNOWN;
            }
        }
        if let Some(slot) = builtin {
            // A built-in's copy holds its value unless something stores
            // there.
            let x = (address::PRIVATE_BASE + slot.offset as u64) as i64;
            return match v {
                Value::UNSET if at == (x, slot.ty.bytes()) => builtin_value(slot.builtin, 0),
                _ => Value::UNKNOWN,
            };
        }
        // Private memory starts zeroed: the zero is read unless a store in
        // the first block comes before every load of the location.
        let first_load = self
            .loads
            .iter()
            .filter(|l| l.0 == at)
            .map(|l| l.1)
            .min()
            .unwrap_or(Pc::MAX);
        let stored_first = self
            .fixed
            .iter()
            .any(|&(loc, _, pc)| loc == at && pc < self.first_block_end && pc < first_load);
        if stored_first {
            v
        } else {
            v.join(Value::constant(0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Alu;
    use crate::ir::{BuiltInSlot, Inst::*};

    const I32: Scalar = Scalar::Int(32);
    const I64: Scalar = Scalar::Int(64);
    /// A private variable's address.
    const VAR: u64 = address::PRIVATE_BASE + 16;

    /// A 32-bit store of `src` at `addr + offset`.
    fn store(src: Reg, addr: Reg, offset: i64) -> Inst {
        Store {
            ty: I32,
            src,
            addr,
            offset,
        }
    }

    fn alu(op: AluOp, dst: Reg, a: Reg, b: Reg) -> Inst {
        Inst::Alu {
            alu: Alu { op, ty: I64 },
            dst,
            src: [a, b, 0, 0],
        }
    }

    /// Registers: 0 the global id's x, 1 a read buffer, 2 a written one,
    /// 3 the constant 4, 4 the variable's address, 5 the constant 1;
    /// `insts` from 6 on.
    fn kernel(insts: Vec<Inst>) -> Kernel {
        let mut k = Kernel::bare(insts, 16);
        k.constants = vec![(3, 4), (4, VAR), (5, 1)];
        k.builtins = vec![BuiltInSlot {
            builtin: BuiltIn::GlobalInvocationId,
            offset: 0,
            ty: I32,
            regs: vec![0, 14, 15],
        }];
        k
    }

    /// `c[x + k] = a[x]`, the index kept in a private variable as
    /// unoptimised kernels do.
    fn copy_through_variable(stored: Reg) -> Vec<Inst> {
        vec![
            store(stored, 4, 0),
            Load {
                ty: I32,
                dst: 6,
                addr: 4,
                offset: 0,
            },
            alu(AluOp::IMul, 7, 6, 3),
            alu(AluOp::IAdd, 8, 1, 7),
            Load {
                ty: I32,
                dst: 9,
                addr: 8,
                offset: 0,
            },
            alu(AluOp::IAdd, 10, 2, 7),
            store(9, 10, 8),
            Return,
        ]
    }

    #[test]
    fn an_index_kept_in_a_variable_gives_each_invocation_its_own_word() {
        let found = global_writes(&kernel(copy_through_variable(0))).unwrap();
        assert_eq!(
            found.windows,
            [StoreWindow {
                root: 2,
                steps: [4, 0, 0],
                from: 8,
                to: 12
            }]
        );
        assert_eq!(found.read_roots, [1]);
    }

    /// Whether every buffer written has a window, which gives each
    /// workgroup of 64 its own stretch.
    fn placed(k: &Kernel) -> bool {
        global_writes(k).is_some_and(|g| {
            g.overlaid.is_empty() && g.windows.iter().all(|w| w.per_workgroup(64).is_some())
        })
    }

    /// The roots of the buffers `k` writes that are overlaid.
    fn overlaid(k: &Kernel) -> Vec<Reg> {
        global_writes(k).expect("buffers known").overlaid
    }

    #[test]
    fn a_buffer_loaded_and_stored_at_the_invocations_own_words_has_a_window_over_both() {
        // c[x] = c[x]: the load through c too.
        let mut insts = copy_through_variable(0);
        insts[3] = alu(AluOp::IAdd, 8, 2, 7);
        insts[6] = store(9, 10, 0);
        let found = global_writes(&kernel(insts.clone())).unwrap();
        assert_eq!(
            found.windows,
            [StoreWindow {
                root: 2,
                steps: [4, 0, 0],
                from: 0,
                to: 4
            }]
        );
        // c[x + 2] = c[x]: the word loaded is another invocation's; the
        // window over both is wider than an invocation's stride.
        insts[6] = store(9, 10, 8);
        assert!(!placed(&kernel(insts)));
    }

    #[test]
    fn a_buffer_stored_to_where_the_analysis_cannot_follow_is_overlaid() {
        // c[x * x]: not scale · x + offset; a stays read only.
        let mut insts = copy_through_variable(0);
        insts.insert(5, alu(AluOp::IMul, 11, 7, 7));
        insts[6] = alu(AluOp::IAdd, 10, 2, 11);
        let found = global_writes(&kernel(insts)).unwrap();
        assert_eq!(
            (found.windows, found.overlaid, found.read_roots),
            (vec![], vec![2], vec![1])
        );
        // Stored through an address loaded from a buffer: whose it is, is
        // not known.
        let mut insts = copy_through_variable(0);
        insts[6] = store(9, 9, 0);
        assert_eq!(global_writes(&kernel(insts)), None);
    }

    #[test]
    fn stores_that_may_overlap_or_reach_a_read_buffer_are_refused() {
        // The index is the constant 1: every invocation writes one word.
        assert!(!placed(&kernel(copy_through_variable(5))));
        // Stores to the buffer the loads read, whose first word every
        // invocation loads.
        let mut insts = copy_through_variable(0);
        insts[4] = Load {
            ty: I32,
            dst: 9,
            addr: 2,
            offset: 0,
        };
        assert!(!placed(&kernel(insts)));
        // Words 8 bytes apart, 12 bytes wide.
        let mut insts = copy_through_variable(0);
        insts[6] = Store {
            ty: Scalar::Float(64),
            src: 9,
            addr: 10,
            offset: 5,
        };
        assert!(!placed(&kernel(insts)));
        // A global atomic whose result is read; blind, it is left to the
        // run to gather.
        let atomic = |op| Atomic {
            op,
            ty: I32,
            dst: 11,
            addr: 10,
            value: 5,
            comparator: 5,
        };
        let mut insts = copy_through_variable(0);
        insts.insert(7, atomic(crate::ir::AtomicOp::IIncrement));
        assert!(placed(&kernel(insts.clone())));
        insts.insert(8, alu(AluOp::IAdd, 12, 11, 5));
        assert!(!placed(&kernel(insts)));
        let mut insts = copy_through_variable(0);
        insts.insert(7, atomic(crate::ir::AtomicOp::Exchange));
        assert!(!placed(&kernel(insts)));
    }

    #[test]
    fn a_variable_loaded_before_its_store_can_run_holds_something_else() {
        // The store comes after a branch whose two ways meet: the first
        // load could read the zero private memory starts with.
        let mut insts = copy_through_variable(0);
        insts.insert(
            0,
            Branch {
                cond: 5,
                if_true: 1,
                if_false: 1,
                reconverge: 1,
                loop_exit: false,
            },
        );
        insts.insert(
            2,
            Load {
                ty: I32,
                dst: 12,
                addr: 4,
                offset: 0,
            },
        );
        assert!(!placed(&kernel(insts.clone())));
        assert_eq!(overlaid(&kernel(insts.clone())), [2]);
        // Without the early load the store still comes after the branch,
        // outside the first block: the analysis stays cautious.
        insts.remove(2);
        assert!(!placed(&kernel(insts)));
    }

    #[test]
    fn a_workgroup_reaches_a_stretch_of_its_own_when_its_steps_allow() {
        let window = |steps, from, to| StoreWindow {
            root: 0,
            steps,
            from,
            to,
        };
        // c[x] of 4 bytes, 64 invocations a workgroup: 256 bytes each.
        assert_eq!(
            window([4, 0, 0], 0, 4).per_workgroup(64),
            Some((256, 0, 256))
        );
        // A workgroup's sum at its id; a row of 8 bytes at (id, local).
        assert_eq!(window([0, 4, 0], 0, 4).per_workgroup(64), Some((4, 0, 4)));
        assert_eq!(
            window([0, 512, 8], 0, 8).per_workgroup(64),
            Some((512, 0, 512))
        );
        // Rows of 8 bytes, 4 apart: workgroups overlap.
        assert_eq!(window([0, 256, 4], 0, 8).per_workgroup(64), None);
        // Words 4 apart, 8 wide; all at one place; counting down.
        assert_eq!(window([4, 0, 0], 0, 8).per_workgroup(64), None);
        assert_eq!(window([0, 0, 0], 0, 4).per_workgroup(64), None);
        assert_eq!(window([-4, 0, 0], 0, 4).per_workgroup(64), None);
        // 4 · (global x - local x): every lane of a workgroup at its first
        // word, 256 bytes from the next workgroup's.
        assert_eq!(
            window([4, 0, -4], 0, 4).per_workgroup(64),
            Some((256, 0, 4))
        );
    }

    #[test]
    fn a_loop_counter_is_not_an_index_of_the_invocation() {
        // x8 = x8 + 1 in a loop: not scale · x + offset.
        let insts = vec![
            Mov { dst: 6, src: 0 },
            alu(AluOp::IAdd, 6, 6, 5),
            alu(AluOp::IMul, 7, 6, 3),
            alu(AluOp::IAdd, 10, 2, 7),
            store(5, 10, 0),
            Return,
        ];
        assert_eq!(overlaid(&kernel(insts)), [2]);
    }
}
