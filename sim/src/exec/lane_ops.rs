//! Lane-wise instructions (ALU operations, conversions, extended
//! instructions, copies, loads and stores of private memory at a fixed
//! offset, jumps to the next instruction) decoded once per launch into a
//! direct handler with its register rows resolved, so that a
//! wave-instruction does not look at its operation once per lane and the
//! interpreter's loop makes one indirect call per instruction. A private
//! location that only fixed accesses reach is held in a register row of
//! its own, so that its loads and stores are copies
//! (`locations_in_registers`).
//!
//! The meaning stays `isa`'s: a handler calls `isa::core::eval`,
//! `isa::core::convert` or `isa::ext::eval`. For the frequent (operation,
//! type) pairs the handler is an instance made for that pair, in which the
//! compiler folds `isa`'s dispatch away and vectorises the lane loop; the
//! other pairs share a general handler that passes the operation along.

use crate::exec::memory;
use isa::core::{Alu, AluOp, Convert, Scalar};
use isa::ir::{Dialect, ExtOp, ExtSet, Inst, Kernel, Pc, Reg};
use isa::liveness::alu_arity;

/// What a handler computes, for the general handlers.
#[derive(Clone, Copy, Debug)]
pub enum LaneKind {
    Alu(Alu),
    Convert(Convert),
    Ext(ExtOp),
    Copy,
    /// A load or store of private memory at a fixed address, in bounds:
    /// each lane reads or writes its own copy at offset `at` (`stride`
    /// bytes per lane), with no address to look up (unoptimised kernels
    /// keep every variable there). The row loaded or stored is `dst`.
    Private {
        at: usize,
        stride: usize,
    },
    /// A jump to the next instruction that is no loop's merge (where
    /// lanes that broke out could wait): it only moves the wave on, which
    /// the interpreter does after every lane-wise instruction.
    Next,
}

/// One decoded lane-wise instruction: the first element of each register
/// row it reads and writes (`Decoded::row_start`) and its handler.
#[derive(Clone, Copy)]
pub struct LaneOp {
    pub handler: Handler,
    pub dst: usize,
    pub src: [usize; 4],
    /// The rows' length: the lanes a wave stores.
    pub width: usize,
    pub kind: LaneKind,
}

/// Computes `op` for the lanes of `mask` of a wave whose private memory is
/// `private`. Four arguments, so that all of them travel in registers.
pub type Handler = fn(regs: &mut [u64], private: &mut [u8], op: &LaneOp, mask: u64);

/// The row widths handlers are made for besides any (0): the narrow
/// rows of workgroups of up to 4 and 8 invocations. The width is the
/// handler's last const parameter; `$arg`s are the ones before it.
macro_rules! for_width {
    ($width:expr, $handler:ident $(, $arg:literal)*) => {
        match $width {
            4 => $handler::<$($arg,)* 4> as Handler,
            8 => $handler::<$($arg,)* 8>,
            _ => $handler::<$($arg,)* 0>,
        }
    };
}

/// `$item` (a function) compiled for x86-64-v3, the features `wide_lanes`
/// looks for: calling it is unsafe, and callers check `wide_lanes` first.
macro_rules! for_v3 {
    ($item:item) => {
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,fma,bmi1,bmi2,lzcnt,popcnt,f16c,movbe")]
        $item
    };
}

/// `for_width!`, or with `$wide` the handler compiled again for x86-64-v3
/// (AVX2, FMA, BMI2), whose lane loops take four 64-bit lanes a vector
/// instruction instead of two; only where the host has those features
/// (`wide_lanes`). The results are the same bits: no floating-point
/// operation is fused or reordered either way. (Byte accesses of private
/// memory keep the baseline build: compiled for v3 they took 1.5x the
/// host instructions.)
macro_rules! for_host {
    ($wide:expr, $width:expr, $handler:ident $(, $arg:literal)*) => {{
        for_v3! {
            fn v3<const W: usize>(regs: &mut [u64], private: &mut [u8], op: &LaneOp, mask: u64) {
                $handler::<$($arg,)* W>(regs, private, op, mask)
            }
        }
        #[cfg(target_arch = "x86_64")]
        fn through_v3<const W: usize>(
            regs: &mut [u64],
            private: &mut [u8],
            op: &LaneOp,
            mask: u64,
        ) {
            // SAFETY: `wide_lanes` found the features on this host before
            // the handler was chosen.
            unsafe { v3::<W>(regs, private, op, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        fn through_v3<const W: usize>(
            regs: &mut [u64],
            private: &mut [u8],
            op: &LaneOp,
            mask: u64,
        ) {
            $handler::<$($arg,)* W>(regs, private, op, mask)
        }
        if $wide {
            for_width!($width, through_v3)
        } else {
            for_width!($width, $handler $(, $arg)*)
        }
    }};
}

/// Whether this host runs the code compiled for x86-64-v3 (found once).
#[cfg(target_arch = "x86_64")]
pub fn wide_lanes() -> bool {
    use std::arch::is_x86_feature_detected as has;
    static WIDE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WIDE.get_or_init(|| {
        has!("avx2")
            && has!("fma")
            && has!("bmi1")
            && has!("bmi2")
            && has!("lzcnt")
            && has!("popcnt")
            && has!("f16c")
            && has!("movbe")
    })
}

/// Whether this host runs the code compiled for x86-64-v3: not on
/// other architectures.
#[cfg(not(target_arch = "x86_64"))]
pub fn wide_lanes() -> bool {
    false
}

/// Which entries of `row` (at most 64) are above `floor`, unsigned, as
/// bits (`row[i]` is bit `i`): a branch condition's true lanes are those
/// above 0, and the CUs due for a visit those whose wake is not above the
/// cycle. Tested a block at a time, not entry by entry (8 host
/// instructions an entry).
#[inline]
pub fn entries_above(row: &[u64], floor: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if wide_lanes() {
        // SAFETY: `wide_lanes` found the features on this host.
        return unsafe { entries_above_v3(row, floor) };
    }
    entries_above_portable(row, floor)
}

/// `entries_above` in blocks of a fixed size, which the compiler compares
/// at once where it can.
#[inline(always)]
fn entries_above_portable(row: &[u64], floor: u64) -> u64 {
    let (blocks, tail) = row.as_chunks::<8>();
    let mut bits = 0u64;
    for (block, values) in blocks.iter().enumerate() {
        let b = (0..8).fold(0u64, |b, i| b | ((values[i] > floor) as u64) << i);
        bits |= b << (8 * block);
    }
    let done = 8 * blocks.len();
    for (i, &v) in tail.iter().enumerate() {
        bits |= ((v > floor) as u64) << (done + i);
    }
    bits
}

for_v3! {
    /// `entries_above` four entries a compare, each compare's results
    /// packed into bits by one instruction (the compiler packs them bit by
    /// bit: nearly 4 host instructions an entry). AVX2 compares signed:
    /// both sides have their top bit flipped.
    fn entries_above_v3(row: &[u64], floor: u64) -> u64 {
        use std::arch::x86_64::{
            _mm256_castsi256_pd, _mm256_cmpgt_epi64, _mm256_loadu_si256, _mm256_movemask_pd,
            _mm256_set1_epi64x, _mm256_xor_si256,
        };
        let flip = _mm256_set1_epi64x(i64::MIN);
        let floor_flipped = _mm256_set1_epi64x((floor ^ 1 << 63) as i64);
        let (blocks, tail) = row.as_chunks::<4>();
        let mut bits = 0u64;
        for (block, values) in blocks.iter().enumerate() {
            // SAFETY: a block is four u64s, 32 bytes, read unaligned.
            let v = unsafe { _mm256_loadu_si256(values.as_ptr().cast()) };
            let above = _mm256_cmpgt_epi64(_mm256_xor_si256(v, flip), floor_flipped);
            bits |= (_mm256_movemask_pd(_mm256_castsi256_pd(above)) as u64) << (4 * block);
        }
        let done = 4 * blocks.len();
        for (i, &v) in tail.iter().enumerate() {
            bits |= ((v > floor) as u64) << (done + i);
        }
        bits
    }
}

/// The kernel decoded once per launch for waves `width` lanes wide.
pub struct Decoded {
    /// `Some` at the pc of each lane-wise instruction, `None` at the
    /// others, which run from the kernel's own.
    pub insts: Vec<Option<LaneOp>>,
    /// The register copies at the pcs below each pc (one more entry than
    /// `insts`): a run of lane-wise instructions from `a` to `b` made
    /// `copies_before[b] - copies_before[a]`, counted without looking at
    /// each.
    pub copies_before: Vec<u64>,
    /// Per pc, where the run of lane-wise instructions from it ends: the
    /// first pc at or after it that holds another kind (or the end).
    pub run_ends: Vec<Pc>,
    /// Where each register's row starts in a wave's registers: its row
    /// (`isa::interference::row_per_register`, or one row per register in
    /// a kernel that reads across lanes) times the width.
    pub row_start: Vec<usize>,
    /// The rows the registers take; the private locations held as
    /// registers (`locations_in_registers`) come after them.
    pub register_rows: usize,
    /// The register rows a wave stores.
    pub rows: usize,
    /// Per pc: whether it holds a blind atomic
    /// (`isa::atomics::blind_atomics`).
    pub blind_atomics: Vec<bool>,
}

/// Decodes `kernel` for waves `width` lanes wide, with the handlers this
/// host runs fastest.
pub fn decode_kernel(kernel: &Kernel, width: usize) -> Decoded {
    // Registers share rows where no lane can tell: a lane's inactive
    // elements hold other registers' values, which only a cross-lane
    // operation could read.
    let rows = if reads_across_lanes(kernel) {
        isa::interference::row_each(kernel)
    } else {
        isa::interference::row_per_register(kernel)
    };
    decode_in_rows(kernel, width, rows)
}

/// `decode_kernel` with the registers in the given rows (each register's
/// row, and how many rows they take).
pub(crate) fn decode_in_rows(
    kernel: &Kernel,
    width: usize,
    (row_of, register_rows): (Vec<u32>, usize),
) -> Decoded {
    let wide = wide_lanes();
    let rows = Rows {
        of: &row_of,
        width,
        held_from: register_rows,
    };
    // Moves on rows of 4 or 8 lanes gain nothing from wider vectors, and
    // the v3 build's extra call costs 1% on an n-body step.
    let (private, locations) = private_accesses(kernel, &rows, wide && width > 8);
    let insts: Vec<Option<LaneOp>> = decode(kernel, &rows, wide)
        .into_iter()
        .zip(private)
        .map(|(lane, private)| lane.or(private))
        .collect();
    let copies_before = std::iter::once(0)
        .chain(insts.iter().scan(0, |copies, op| {
            *copies += op.is_some_and(|op| matches!(op.kind, LaneKind::Copy)) as u64;
            Some(*copies)
        }))
        .collect();
    let mut run_ends = vec![0; insts.len()];
    let mut end = insts.len() as Pc;
    for pc in (0..insts.len()).rev() {
        if insts[pc].is_none() {
            end = pc as Pc;
        }
        run_ends[pc] = end;
    }
    Decoded {
        insts,
        copies_before,
        run_ends,
        row_start: (0..kernel.reg_count).map(|r| rows.start(r)).collect(),
        register_rows,
        rows: register_rows + locations,
        blind_atomics: isa::atomics::blind_atomics(kernel),
    }
}

/// Whether an instruction of `kernel` reads other lanes' registers (a
/// cross-lane operation), which can then see lanes that never wrote them.
pub fn reads_across_lanes(kernel: &Kernel) -> bool {
    kernel
        .insts
        .iter()
        .any(|i| matches!(i, Inst::CrossLane { .. }))
}

/// Where a wave's rows are, for decoding: each register's row, their
/// width, and the first row of the private locations held as registers.
struct Rows<'a> {
    of: &'a [u32],
    width: usize,
    held_from: usize,
}

impl Rows<'_> {
    /// The first element of register `r`'s row.
    fn start(&self, r: Reg) -> usize {
        self.of[r as usize] as usize * self.width
    }
}

/// A load or store at a fixed place in private memory: its address
/// register holds a constant no instruction overwrites, and its bytes lie
/// in private memory.
#[derive(Clone, Copy)]
struct FixedAccess {
    /// The register loaded or stored.
    reg: Reg,
    addr: Reg,
    /// Its offset in each lane's private memory.
    at: usize,
    bytes: usize,
    store: bool,
    boolean: bool,
}

/// The fixed private accesses of `kernel`, per instruction; `constant`
/// is `unwritten_constants(kernel)`.
fn fixed_accesses(kernel: &Kernel, constant: &[Option<u64>]) -> Vec<Option<FixedAccess>> {
    let base = isa::ir::address::PRIVATE_BASE;
    let end = base + kernel.private_bytes as u64;
    kernel
        .insts
        .iter()
        .map(|inst| {
            let (ty, reg, addr, offset, store) = match *inst {
                Inst::Load {
                    ty,
                    dst,
                    addr,
                    offset,
                } => (ty, dst, addr, offset, false),
                Inst::Store {
                    ty,
                    src,
                    addr,
                    offset,
                } => (ty, src, addr, offset, true),
                _ => return None,
            };
            // The address a lane would compute.
            let at = constant[addr as usize]?.wrapping_add(offset as u64);
            let bytes = ty.bytes() as usize;
            (at >= base && at.checked_add(bytes as u64)? <= end).then_some(FixedAccess {
                reg,
                addr,
                at: (at - base) as usize,
                bytes,
                store,
                boolean: ty == Scalar::Bool,
            })
        })
        .collect()
}

/// Per register: the value it holds in every lane for the whole run, if
/// it is a constant no instruction overwrites.
fn unwritten_constants(kernel: &Kernel) -> Vec<Option<u64>> {
    let written = isa::liveness::written(kernel);
    let mut constant: Vec<Option<u64>> = vec![None; written.len()];
    for &(r, v) in kernel
        .constants
        .iter()
        .filter(|&&(r, _)| !written[r as usize])
    {
        constant[r as usize] = Some(v);
    }
    constant
}

/// The private locations (offset in each lane's private memory) a wave
/// holds in register rows of their own instead of bytes, each with its
/// row's index, from `first_row` on: a fixed load of such a
/// location is a copy from its row, a store a copy into it (kept to the
/// stored bytes), which costs a fraction of a byte access. A location
/// qualifies when every access to its bytes is a fixed one of the same
/// offset and size and none of its bytes is a built-in's copy (written at
/// launch). None does unless no pointer into private memory exists but
/// the fixed accesses' address constants: in a shader (logical
/// addressing, where no pointer is made from an integer), no instruction
/// reads a register holding a private address except as the address of
/// a fixed access. Private memory is zeroed when a wave starts; the rows
/// are too (`Wave::restart`).
fn locations_in_registers(
    kernel: &Kernel,
    constant: &[Option<u64>],
    fixed: &[Option<FixedAccess>],
    first_row: usize,
) -> std::collections::BTreeMap<usize, usize> {
    use std::collections::BTreeMap;
    if kernel.dialect != Dialect::Shader {
        return BTreeMap::new();
    }
    let private = isa::ir::address::PRIVATE_BASE..isa::ir::address::PRIVATE_END;
    let pointers: Vec<bool> = constant
        .iter()
        .map(|c| c.is_some_and(|v| private.contains(&v)))
        .collect();
    let mut sources = Vec::new();
    for (inst, access) in kernel.insts.iter().zip(fixed) {
        isa::liveness::sources(kernel, inst, &mut sources);
        let escapes = |&r: &Reg| {
            let as_address = access.is_some_and(|a| r == a.addr && !(a.store && r == a.reg));
            pointers[r as usize] && !as_address
        };
        if sources.iter().any(escapes) {
            return BTreeMap::new();
        }
    }
    // Every location as (offset, bytes), in order; one whose bytes meet
    // another's or a built-in's is left in memory.
    let mut spans: Vec<(usize, usize)> = fixed.iter().flatten().map(|a| (a.at, a.bytes)).collect();
    spans.sort_unstable();
    spans.dedup();
    let builtins: Vec<(usize, usize)> = kernel
        .builtins
        .iter()
        .map(|b| (b.offset as usize, b.regs.len() * b.ty.bytes() as usize))
        .collect();
    let meets = |(a, n): (usize, usize), (b, m): (usize, usize)| a < b + m && b < a + n;
    let mut reach = 0;
    let mut held = BTreeMap::new();
    for (i, &span) in spans.iter().enumerate() {
        let (at, bytes) = span;
        let after_earlier = at >= reach;
        reach = reach.max(at + bytes);
        let before_later = spans.get(i + 1).is_none_or(|&(next, _)| next >= at + bytes);
        if after_earlier && before_later && !builtins.iter().any(|&b| meets(span, b)) {
            held.insert(at, first_row + held.len());
        }
    }
    held
}

/// Per instruction: its fixed private access decoded (the handler for a
/// row of its own where the location has one, `locations_in_registers`);
/// and the rows those locations take.
fn private_accesses(kernel: &Kernel, rows: &Rows, wide: bool) -> (Vec<Option<LaneOp>>, usize) {
    let width = rows.width;
    let constant = unwritten_constants(kernel);
    let fixed = fixed_accesses(kernel, &constant);
    let held = locations_in_registers(kernel, &constant, &fixed, rows.held_from);
    let stride = kernel.private_bytes as usize;
    let ops = fixed
        .iter()
        .map(|access| {
            let a = (*access)?;
            let row = rows.start(a.reg);
            let kind = LaneKind::Private { at: a.at, stride };
            let op = match held.get(&a.at) {
                Some(&location) if a.store => LaneOp {
                    handler: stored_bytes_handler(a.bytes, width, wide),
                    dst: location * width,
                    src: [row; 4],
                    width,
                    kind,
                },
                Some(&location) => LaneOp {
                    handler: if a.boolean {
                        for_host!(wide, width, nonzero)
                    } else {
                        for_host!(wide, width, copy)
                    },
                    dst: row,
                    src: [location * width; 4],
                    width,
                    kind,
                },
                None => LaneOp {
                    handler: private_handler(a.bytes, a.store, a.boolean, width),
                    dst: row,
                    src: [row; 4],
                    width,
                    kind,
                },
            };
            Some(op)
        })
        .collect();
    (ops, held.len())
}

/// A store into a location held in a register row: the row gets the low
/// `bytes` of the value, as the location's bytes would.
fn stored_bytes_handler(bytes: usize, width: usize, wide: bool) -> Handler {
    match bytes {
        1 => for_host!(wide, width, low_bytes, 1),
        2 => for_host!(wide, width, low_bytes, 2),
        4 => for_host!(wide, width, low_bytes, 4),
        _ => for_host!(wide, width, low_bytes, 8),
    }
}

#[inline(always)]
fn low_bytes<const N: usize, const W: usize>(
    regs: &mut [u64],
    _: &mut [u8],
    op: &LaneOp,
    mask: u64,
) {
    sparse_up_to::<1, W, SPARSE_MOVES>(regs, op, mask, |[a]| a & (u64::MAX >> (64 - 8 * N)));
}

/// A Bool load from a location held in a register row: 1 where its first
/// byte is not zero, as `load_bool` reads it.
#[inline(always)]
fn nonzero<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
    sparse_up_to::<1, W, SPARSE_MOVES>(regs, op, mask, |[a]| (a & 0xff != 0) as u64);
}

/// The handler of a private load or store of `bytes` (1, 2, 4 or 8) for
/// rows `width` lanes wide; a load of a Bool makes its lanes 0 or 1.
fn private_handler(bytes: usize, store: bool, boolean: bool, width: usize) -> Handler {
    match (bytes, store, boolean) {
        (_, false, true) => for_width!(width, load_bool),
        (1, false, false) => for_width!(width, private_access, 1, false),
        (2, false, false) => for_width!(width, private_access, 2, false),
        (4, false, false) => for_width!(width, private_access, 4, false),
        (_, false, false) => for_width!(width, private_access, 8, false),
        (1, true, _) => for_width!(width, private_access, 1, true),
        (2, true, _) => for_width!(width, private_access, 2, true),
        (4, true, _) => for_width!(width, private_access, 4, true),
        (_, true, _) => for_width!(width, private_access, 8, true),
    }
}

fn load_bool<const W: usize>(regs: &mut [u64], private: &mut [u8], op: &LaneOp, mask: u64) {
    private_access::<1, false, W>(regs, private, op, mask);
    booleans(&mut regs[op.dst..op.dst + op.width], mask);
}

/// Makes the loaded bytes in `row` booleans (1 where not zero) in the
/// lanes of `mask`.
pub fn booleans(row: &mut [u64], mask: u64) {
    let mut rest = mask;
    while rest != 0 {
        let lane = rest.trailing_zeros() as usize;
        row[lane] = (row[lane] != 0) as u64;
        rest &= rest - 1;
    }
}

/// A private load (`STORE` false) or store of `N` bytes into or from the
/// row at `op.dst`.
fn private_access<const N: usize, const STORE: bool, const W: usize>(
    regs: &mut [u64],
    private: &mut [u8],
    op: &LaneOp,
    mask: u64,
) {
    let LaneKind::Private { at, stride } = op.kind else {
        unreachable!("a private handler holds a private access")
    };
    let row = &mut regs[op.dst..op.dst + op.width];
    let any_lanes = |private: &mut [u8], row: &mut [u64]| {
        if STORE {
            memory::store_private::<N>(private, stride, at, mask, row)
        } else {
            memory::load_private::<N>(private, stride, at, mask, row)
        }
    };
    if W == 0 {
        any_lanes(private, row);
    } else if mask != isa::core::mask(W as u32) {
        outlined(|| any_lanes(private, row));
    } else if STORE {
        memory::store_narrow::<N, W>(private, stride, at, row);
    } else {
        memory::load_narrow::<N, W>(private, stride, at, row);
    }
}

/// The kernel's lane-wise instructions decoded for waves `width` lanes
/// wide: `Some` at the pc of each, `None` elsewhere; with the handlers
/// compiled for x86-64-v3 (`wide`, only where `wide_lanes`) or for the
/// build's baseline (`.cargo/config.toml`).
fn decode(kernel: &Kernel, rows: &Rows, wide: bool) -> Vec<Option<LaneOp>> {
    let width = rows.width;
    kernel
        .insts
        .iter()
        .enumerate()
        .map(|(pc, inst)| {
            let (kind, dst, src) = match *inst {
                Inst::Jump { target }
                    if target as usize == pc + 1
                        && kernel.loop_merges.binary_search(&target).is_err() =>
                {
                    (LaneKind::Next, 0, [0; 4])
                }
                Inst::Alu { alu, dst, src } => (LaneKind::Alu(alu), dst, src),
                Inst::Convert { cv, dst, src } => (LaneKind::Convert(cv), dst, [src, 0, 0, 0]),
                Inst::Ext { op, dst, src } => (LaneKind::Ext(op), dst, [src[0], src[1], src[2], 0]),
                Inst::Mov { dst, src } => (LaneKind::Copy, dst, [src, 0, 0, 0]),
                _ => return None,
            };
            Some(LaneOp {
                handler: handler(kind, width, wide),
                dst: rows.start(dst),
                src: src.map(|r| rows.start(r)),
                width,
                kind,
            })
        })
        .collect()
}

/// At or below this many active lanes, a handler visits just those lanes;
/// above it, it computes every lane in a straight loop and keeps the
/// active ones.
const SPARSE_LANES: u32 = 8;

/// `SPARSE_LANES` for the handlers that only move a value (register
/// copies, and loads and stores of private locations held in rows): a
/// lane visited costs them about 5 host instructions, a whole row of 64
/// lanes kept where active about 12 a lane (the select of the source or
/// the destination becomes a select of their addresses, lane by lane).
const SPARSE_MOVES: u32 = 40;

/// Runs `f` over the lanes of `mask`, reading `N` source rows and writing
/// the destination row of `op`. Inactive lanes keep their values: a
/// register holds other values in them (coalesced registers, phi copies).
/// `W` is the rows' width when the handler was made for narrow rows (a
/// workgroup smaller than a wave keeps only its lanes,
/// `Launch::register_width`; `for_width!`), 0 for any width: with every
/// lane of a narrow row active the work is straight-line code, and the
/// other cases are a call away, so that the handler saves no registers.
#[inline(always)]
fn lanes<const N: usize, const W: usize>(
    regs: &mut [u64],
    op: &LaneOp,
    mask: u64,
    f: impl Fn([u64; N]) -> u64,
) {
    sparse_up_to::<N, W, SPARSE_LANES>(regs, op, mask, f)
}

/// `lanes`, visiting lanes one by one at or below `SPARSE` active lanes.
#[inline(always)]
fn sparse_up_to<const N: usize, const W: usize, const SPARSE: u32>(
    regs: &mut [u64],
    op: &LaneOp,
    mask: u64,
    f: impl Fn([u64; N]) -> u64,
) {
    if W == 0 {
        any_lanes::<N, SPARSE>(regs, op, mask, f)
    } else if mask == isa::core::mask(W as u32) {
        narrow::<N, W>(regs, op, f)
    } else {
        outlined(|| any_lanes::<N, SPARSE>(regs, op, mask, f))
    }
}

/// Runs `f` in a call of its own.
#[inline(never)]
fn outlined(f: impl FnOnce()) {
    f()
}

/// `lanes` for rows of any width.
#[inline(always)]
fn any_lanes<const N: usize, const SPARSE: u32>(
    regs: &mut [u64],
    op: &LaneOp,
    mask: u64,
    f: impl Fn([u64; N]) -> u64,
) {
    let width = op.width;
    let full = isa::core::mask(width as u32);
    if mask != full && mask.count_ones() <= SPARSE {
        if mask == 0 {
            return;
        }
        // One bounds check: the highest active lane's elements are in the
        // registers, so every lower lane's are.
        let top = 63 - mask.leading_zeros() as usize;
        let lanes_in_bounds =
            op.dst + top < regs.len() && op.src[..N].iter().all(|&s| s + top < regs.len());
        assert!(lanes_in_bounds, "register rows past the wave's registers");
        let mut rest = mask;
        while rest != 0 {
            let lane = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // SAFETY: lane <= top, checked above for every row.
            unsafe {
                let v = f(std::array::from_fn(|i| {
                    *regs.get_unchecked(op.src[i] + lane)
                }));
                *regs.get_unchecked_mut(op.dst + lane) = v;
            }
        }
        return;
    }
    let rows_in_bounds =
        op.dst + width <= regs.len() && op.src[..N].iter().all(|&s| s + width <= regs.len());
    assert!(rows_in_bounds, "register rows past the wave's registers");
    if op.src[..N].contains(&op.dst) {
        // Results go to a buffer first: the destination is a source. The
        // buffer is left uninitialised (zeroing all of it cost more than
        // the work on a narrow row).
        let mut buffer = [std::mem::MaybeUninit::<u64>::uninit(); isa::subgroup::MAX_WIDTH];
        let rows: [&[u64]; N] = std::array::from_fn(|i| &regs[op.src[i]..op.src[i] + width]);
        for (lane, o) in buffer[..width].iter_mut().enumerate() {
            o.write(f(std::array::from_fn(|i| rows[i][lane])));
        }
        // SAFETY: the first `width` elements were written just above.
        let out: &[u64] = unsafe { std::slice::from_raw_parts(buffer.as_ptr().cast(), width) };
        let dst = &mut regs[op.dst..op.dst + width];
        if mask == full {
            dst.copy_from_slice(out);
        } else {
            // A select rather than a branch per lane, so the loop vectorises.
            for (lane, (d, &o)) in dst.iter_mut().zip(out.iter()).enumerate() {
                *d = if mask >> lane & 1 != 0 { o } else { *d };
            }
        }
        return;
    }
    let base = regs.as_mut_ptr();
    // SAFETY: the rows are in bounds (checked above) and the destination
    // row is none of the source rows; rows start at multiples of `width`
    // and are `width` long, so distinct rows do not overlap.
    let (rows, dst): ([&[u64]; N], &mut [u64]) = unsafe {
        (
            std::array::from_fn(|i| std::slice::from_raw_parts(base.add(op.src[i]), width)),
            std::slice::from_raw_parts_mut(base.add(op.dst), width),
        )
    };
    if mask == full {
        for (lane, d) in dst.iter_mut().enumerate() {
            *d = f(std::array::from_fn(|i| rows[i][lane]));
        }
    } else {
        for (lane, d) in dst.iter_mut().enumerate() {
            let v = f(std::array::from_fn(|i| rows[i][lane]));
            *d = if mask >> lane & 1 != 0 { v } else { *d };
        }
    }
}

/// `lanes` over every lane of rows `W` lanes wide: every source row is
/// read before the destination row is written, so the destination may be
/// a source.
#[inline(always)]
fn narrow<const N: usize, const W: usize>(
    regs: &mut [u64],
    op: &LaneOp,
    f: impl Fn([u64; N]) -> u64,
) {
    let rows: [[u64; W]; N] = std::array::from_fn(|i| {
        regs[op.src[i]..op.src[i] + W]
            .try_into()
            .expect("a register row in the wave's registers")
    });
    let out: [u64; W] = std::array::from_fn(|lane| f(std::array::from_fn(|i| rows[i][lane])));
    regs[op.dst..op.dst + W].copy_from_slice(&out);
}

#[inline(always)]
fn copy<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
    sparse_up_to::<1, W, SPARSE_MOVES>(regs, op, mask, |[a]| a);
}

/// The general handlers: the operation is read per lane.
#[inline(always)]
fn general_alu<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
    let LaneKind::Alu(alu) = op.kind else {
        unreachable!("an ALU handler holds an ALU operation")
    };
    match alu_arity(alu.op) {
        1 => lanes::<1, W>(regs, op, mask, |[a]| isa::core::eval(alu, a, 0, 0, 0)),
        2 => lanes::<2, W>(regs, op, mask, |[a, b]| isa::core::eval(alu, a, b, 0, 0)),
        3 => lanes::<3, W>(regs, op, mask, |[a, b, c]| isa::core::eval(alu, a, b, c, 0)),
        _ => lanes::<4, W>(regs, op, mask, |[a, b, c, d]| {
            isa::core::eval(alu, a, b, c, d)
        }),
    }
}

#[inline(always)]
fn general_convert<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
    let LaneKind::Convert(cv) = op.kind else {
        unreachable!("a conversion handler holds a conversion")
    };
    lanes::<1, W>(regs, op, mask, |[a]| isa::core::convert(cv, a));
}

#[inline(always)]
fn general_ext<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
    let LaneKind::Ext(ext) = op.kind else {
        unreachable!("an extended-instruction handler holds one")
    };
    lanes::<3, W>(regs, op, mask, |[a, b, c]| isa::ext::eval(ext, a, b, c));
}

/// A handler of its own for each listed (operation, type) pair, with the
/// operation a constant inside it.
macro_rules! alu_handlers {
    ($($op:ident $ty:ident $(($bits:literal))? $n:literal;)*) => {
        fn alu_handler(alu: Alu, width: usize, wide: bool) -> Handler {
            $(
                if alu == (Alu { op: AluOp::$op, ty: Scalar::$ty $(($bits))? }) {
                    #[inline(always)]
                    fn pair<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
                        const ALU: Alu = Alu { op: AluOp::$op, ty: Scalar::$ty $(($bits))? };
                        lanes::<$n, W>(regs, op, mask, |s| {
                            let at = |i: usize| s.get(i).copied().unwrap_or(0);
                            isa::core::eval(ALU, at(0), at(1), at(2), at(3))
                        })
                    }
                    return for_host!(wide, width, pair);
                }
            )*
            for_host!(wide, width, general_alu)
        }
    };
}

alu_handlers! {
    IAdd Int(32) 2; ISub Int(32) 2; IMul Int(32) 2;
    ShiftLeftLogical Int(32) 2; ShiftRightLogical Int(32) 2; ShiftRightArithmetic Int(32) 2;
    BitwiseAnd Int(32) 2; BitwiseOr Int(32) 2; BitwiseXor Int(32) 2; Not Int(32) 1;
    IEqual Int(32) 2; INotEqual Int(32) 2; ULessThan Int(32) 2; SLessThan Int(32) 2;
    UGreaterThan Int(32) 2; SGreaterThan Int(32) 2; ULessThanEqual Int(32) 2;
    SLessThanEqual Int(32) 2; UGreaterThanEqual Int(32) 2; SGreaterThanEqual Int(32) 2;
    Select Int(32) 3; UDiv Int(32) 2; UMod Int(32) 2;
    IAdd Int(64) 2; ISub Int(64) 2; IMul Int(64) 2; ShiftLeftLogical Int(64) 2;
    Select Int(64) 3;
    FAdd Float(32) 2; FSub Float(32) 2; FMul Float(32) 2; FDiv Float(32) 2; FNegate Float(32) 1;
    FOrdLessThan Float(32) 2; FOrdGreaterThan Float(32) 2; FOrdLessThanEqual Float(32) 2;
    FOrdGreaterThanEqual Float(32) 2; FOrdEqual Float(32) 2; FUnordNotEqual Float(32) 2;
    Select Float(32) 3;
    // Sizes, indices and their tests in OpenCL kernels (`size_t`), flags,
    // and doubles.
    ULessThan Int(64) 2; SLessThan Int(64) 2; IEqual Int(64) 2; UDiv Int(64) 2;
    ShiftRightLogical Int(64) 2; BitwiseAnd Int(64) 2; BitwiseOr Int(64) 2; BitwiseXor Int(64) 2;
    LogicalAnd Bool 2; LogicalOr Bool 2; LogicalNot Bool 1;
    FAdd Float(64) 2; FMul Float(64) 2; Select Float(64) 3;
}

/// The frequent conversions: between 32-bit integers and floats, 32-bit
/// integers widened to 64 (address arithmetic) and 64-bit ones narrowed,
/// bytes and halves widened and narrowed (packed pixels and saturating
/// arithmetic), and floats widened.
const CONVERSIONS: [Convert; 14] = [
    conversion(Scalar::Int(32), Scalar::Float(32), false, false),
    conversion(Scalar::Int(32), Scalar::Float(32), true, false),
    conversion(Scalar::Int(32), Scalar::Float(32), true, true),
    conversion(Scalar::Float(32), Scalar::Int(32), false, false),
    conversion(Scalar::Float(32), Scalar::Int(32), false, true),
    conversion(Scalar::Int(32), Scalar::Int(64), false, false),
    conversion(Scalar::Int(32), Scalar::Int(64), true, true),
    conversion(Scalar::Int(64), Scalar::Int(32), false, false),
    conversion(Scalar::Int(8), Scalar::Int(32), false, false),
    conversion(Scalar::Int(16), Scalar::Int(32), false, false),
    conversion(Scalar::Int(16), Scalar::Int(32), true, true),
    conversion(Scalar::Int(32), Scalar::Int(8), false, false),
    conversion(Scalar::Int(32), Scalar::Int(16), false, false),
    conversion(Scalar::Float(32), Scalar::Float(64), false, false),
];

const fn conversion(from: Scalar, to: Scalar, from_signed: bool, to_signed: bool) -> Convert {
    Convert {
        from,
        to,
        from_signed,
        to_signed,
        rounding: None,
        saturate: false,
    }
}

fn convert_handler(cv: Convert, width: usize, wide: bool) -> Handler {
    macro_rules! pick {
        ($($i:literal)*) => {
            $(
                if cv == CONVERSIONS[$i] {
                    #[inline(always)]
                    fn frequent<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
                        lanes::<1, W>(regs, op, mask, |[a]| isa::core::convert(CONVERSIONS[$i], a))
                    }
                    return for_host!(wide, width, frequent);
                }
            )*
        };
    }
    pick!(0 1 2 3 4 5 6 7 8 9 10 11 12 13);
    for_host!(wide, width, general_convert)
}

/// A handler of its own for each listed extended instruction (its set, the
/// module naming its opcode, the opcode) on operands of each listed width.
macro_rules! ext_handlers {
    ($($set:ident $module:ident::$op:ident $ty:ident($($bits:literal),+);)*) => {
        fn ext_handler(ext: ExtOp, width: usize, wide: bool) -> Handler {
            $($(
                if ext == ext_op(ExtSet::$set, isa::$module::$op, Scalar::$ty($bits)) {
                    #[inline(always)]
                    fn instruction<const W: usize>(regs: &mut [u64], _: &mut [u8], op: &LaneOp, mask: u64) {
                        const EXT: ExtOp = ext_op(ExtSet::$set, isa::$module::$op, Scalar::$ty($bits));
                        lanes::<3, W>(regs, op, mask, |[a, b, c]| isa::ext::eval(EXT, a, b, c))
                    }
                    return for_host!(wide, width, instruction);
                }
            )+)*
            for_host!(wide, width, general_ext)
        }
    };
}

const fn ext_op(set: ExtSet, opcode: u16, ty: Scalar) -> ExtOp {
    ExtOp {
        set,
        opcode,
        ty,
        aux: ty,
    }
}

// The GLSL.std.450 instructions kernels use most; the trinary min, max and
// mid, and the two-operand min and max their emulation is made of; the
// saturating, averaging and absolute-difference instructions at the widths
// they serve: native and emulated runs of a study then cost the host alike;
// and the OpenCL.std integer instructions OpenCL kernels use most that have
// no INTEL twin (those with one take its handler, `handled_as`).
ext_handlers! {
    Glsl glsl_std_450::FMA Float(32);
    Glsl glsl_std_450::FMIN Float(32);
    Glsl glsl_std_450::FMAX Float(32);
    Glsl glsl_std_450::FCLAMP Float(32);
    Glsl glsl_std_450::FABS Float(32);
    Glsl glsl_std_450::FLOOR Float(32);
    Glsl glsl_std_450::FMIX Float(32);
    Glsl glsl_std_450::SQRT Float(32);
    Glsl glsl_std_450::INVERSE_SQRT Float(32);
    Glsl glsl_std_450::NMIN Float(32);
    Glsl glsl_std_450::NMAX Float(32);
    Glsl glsl_std_450::UMIN Int(32);
    Glsl glsl_std_450::UMAX Int(32);
    Glsl glsl_std_450::SMIN Int(32);
    Glsl glsl_std_450::SMAX Int(32);
    Glsl glsl_std_450::UCLAMP Int(32);
    Glsl glsl_std_450::SCLAMP Int(32);
    AmdTrinary amd_shader_trinary_minmax::FMIN3 Float(32);
    AmdTrinary amd_shader_trinary_minmax::FMAX3 Float(32);
    AmdTrinary amd_shader_trinary_minmax::FMID3 Float(32);
    AmdTrinary amd_shader_trinary_minmax::UMIN3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::UMAX3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::UMID3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::SMIN3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::SMAX3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::SMID3 Int(32);
    AmdTrinary amd_shader_trinary_minmax::FMIN2 Float(32);
    AmdTrinary amd_shader_trinary_minmax::FMAX2 Float(32);
    AmdTrinary amd_shader_trinary_minmax::UMIN2 Int(32);
    AmdTrinary amd_shader_trinary_minmax::UMAX2 Int(32);
    AmdTrinary amd_shader_trinary_minmax::SMIN2 Int(32);
    AmdTrinary amd_shader_trinary_minmax::SMAX2 Int(32);
    IntelInt2 intel_shader_integer_functions2::IADD_SAT Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::UADD_SAT Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::ISUB_SAT Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::USUB_SAT Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::ABS_ISUB Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::ABS_USUB Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::IAVERAGE Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::UAVERAGE Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::IAVERAGE_ROUNDED Int(8, 16, 32);
    IntelInt2 intel_shader_integer_functions2::UAVERAGE_ROUNDED Int(8, 16, 32);
    OpenCl opencl_std::S_ABS Int(8, 16, 32);
    OpenCl opencl_std::U_ABS Int(8, 16, 32);
    OpenCl opencl_std::S_MAX Int(8, 16, 32);
    OpenCl opencl_std::U_MAX Int(8, 16, 32);
    OpenCl opencl_std::S_MIN Int(8, 16, 32);
    OpenCl opencl_std::U_MIN Int(8, 16, 32);
    OpenCl opencl_std::S_CLAMP Int(8, 16, 32);
    OpenCl opencl_std::U_CLAMP Int(8, 16, 32);
    OpenCl opencl_std::S_MUL_HI Int(32);
    OpenCl opencl_std::U_MUL_HI Int(32);
    OpenCl opencl_std::ROTATE Int(32);
    OpenCl opencl_std::POPCOUNT Int(32);
    OpenCl opencl_std::S_MAD24 Int(32);
    OpenCl opencl_std::U_MAD24 Int(32);
    OpenCl opencl_std::S_MUL24 Int(32);
    OpenCl opencl_std::U_MUL24 Int(32);
}

/// The extended instruction whose handler runs `ext`: an OpenCL.std integer
/// instruction with an INTEL twin of the same meaning takes the twin's.
fn handled_as(ext: ExtOp) -> ExtOp {
    match isa::opencl_std::intel_equivalent(ext.opcode) {
        Some(opcode) if ext.set == ExtSet::OpenCl && ext.aux == ext.ty => ExtOp {
            set: ExtSet::IntelInt2,
            opcode,
            ..ext
        },
        _ => ext,
    }
}

/// The handler of `kind` for rows `width` lanes wide (`wide`: compiled for
/// x86-64-v3).
fn handler(kind: LaneKind, width: usize, wide: bool) -> Handler {
    match kind {
        LaneKind::Alu(alu) => alu_handler(alu, width, wide),
        LaneKind::Convert(cv) => convert_handler(cv, width, wide),
        LaneKind::Ext(ext) => ext_handler(handled_as(ext), width, wide),
        LaneKind::Copy => for_host!(wide, width, copy),
        LaneKind::Next => |_, _, _, _| {},
        LaneKind::Private { .. } => unreachable!("private accesses get their handler by size"),
    }
}

#[cfg(test)]
mod tests {
    /// Entries above a floor, in every build this host runs, against a
    /// test of each entry on its own: rows of 0 to 64 entries, floors at
    /// the ends of the range, at entries' values and between.
    #[test]
    fn entries_above_a_floor_are_found_in_every_build() {
        let mut next = crate::exec::xorshift(0x0fed_cba9_8765_4321u64);
        for len in [0usize, 1, 3, 4, 8, 13, 32, 60, 64] {
            for _ in 0..40 {
                let row: Vec<u64> = (0..len)
                    .map(|_| match next() % 4 {
                        0 => 0,
                        1 => u64::MAX,
                        2 => next() % 8,
                        _ => next(),
                    })
                    .collect();
                let some = row.first().copied().unwrap_or(5);
                for floor in [0, 3, u64::MAX, 1 << 63, some, next()] {
                    let expected = (0..len)
                        .filter(|&i| row[i] > floor)
                        .fold(0u64, |b, i| b | 1 << i);
                    let what = format!("{row:x?} above {floor:#x}");
                    assert_eq!(entries_above(&row, floor), expected, "{what}");
                    assert_eq!(entries_above_portable(&row, floor), expected, "{what}");
                    #[cfg(target_arch = "x86_64")]
                    if wide_lanes() {
                        // SAFETY: the host has the features.
                        assert_eq!(unsafe { entries_above_v3(&row, floor) }, expected, "{what}");
                    }
                }
            }
        }
    }

    use super::*;

    /// The handler builds this host runs: the baseline, and x86-64-v3
    /// where it has the features.
    fn builds() -> Vec<bool> {
        if wide_lanes() {
            vec![false, true]
        } else {
            vec![false]
        }
    }

    /// Every lane-wise instruction of `kinds`, decoded and run over random
    /// registers, against `isa`'s meaning applied lane by lane: active
    /// lanes get the result, inactive lanes keep their value, whether the
    /// destination is a source or not, with full, dense and sparse masks;
    /// in each handler build.
    fn check(kinds: &[LaneKind]) {
        for wide in builds() {
            check_build(kinds, wide);
        }
    }

    fn check_build(kinds: &[LaneKind], wide: bool) {
        let mut next = crate::exec::xorshift(0x2545_f491_4f6c_dd1du64);
        // Narrow rows (3, 4, 8: `Launch::register_width`) and wave widths.
        for &width in &[3usize, 4, 8, 32, 64] {
            for &kind in kinds {
                for (dst, src) in [(4, [0, 1, 2, 3]), (1, [1, 2, 3, 0]), (2, [0, 0, 2, 2])] {
                    for mask in [isa::core::mask(width as u32), next(), 0b1010_0001, 0b110] {
                        let mask = mask & isa::core::mask(width as u32);
                        // Small values as often as large ones: shifts,
                        // divisions and comparisons take other paths.
                        let mut regs: Vec<u64> = (0..5 * width)
                            .map(|i| {
                                let v = next();
                                let v = if i % 2 == 0 { v % 40 } else { v };
                                v & 0xffff_ffff
                            })
                            .collect();
                        let before = regs.clone();
                        let op = LaneOp {
                            handler: handler(kind, width, wide),
                            dst: dst * width,
                            src: src.map(|r| r * width),
                            width,
                            kind,
                        };
                        (op.handler)(&mut regs, &mut [], &op, mask);
                        for lane in 0..width {
                            let s = src.map(|r| before[r * width + lane]);
                            let expected = if mask >> lane & 1 == 0 {
                                before[dst * width + lane]
                            } else {
                                match kind {
                                    LaneKind::Alu(alu) => {
                                        isa::core::eval(alu, s[0], s[1], s[2], s[3])
                                    }
                                    LaneKind::Convert(cv) => isa::core::convert(cv, s[0]),
                                    LaneKind::Ext(e) => isa::ext::eval(e, s[0], s[1], s[2]),
                                    LaneKind::Copy => s[0],
                                    LaneKind::Private { .. } | LaneKind::Next => unreachable!(),
                                }
                            };
                            assert_eq!(
                                regs[dst * width + lane],
                                expected,
                                "{kind:?} lane {lane} mask {mask:#x} wide {wide}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_alu_operation_on_every_type_matches_isa_lane_by_lane() {
        let types = [
            Scalar::Bool,
            Scalar::Int(8),
            Scalar::Int(16),
            Scalar::Int(32),
            Scalar::Int(64),
            Scalar::Float(16),
            Scalar::Float(32),
            Scalar::Float(64),
        ];
        let kinds: Vec<LaneKind> = AluOp::ALL
            .iter()
            .flat_map(|&op| types.map(|ty| LaneKind::Alu(Alu { op, ty })))
            .collect();
        check(&kinds);
    }

    #[test]
    fn conversions_extended_instructions_and_copies_match_isa_lane_by_lane() {
        let mut kinds: Vec<LaneKind> = CONVERSIONS
            .iter()
            .map(|&cv| LaneKind::Convert(cv))
            .collect();
        kinds.push(LaneKind::Convert(conversion(
            Scalar::Float(64),
            Scalar::Float(32),
            false,
            false,
        )));
        // Every opcode of the sets with handlers of their own, at the
        // types those handlers take and the types they leave to the
        // general one.
        let trinary = (1..=9).chain(0x100..=0x105);
        let intel = {
            use isa::intel_shader_integer_functions2 as intel;
            intel::FIRST..=intel::UMUL32X16
        };
        let sets = [
            (ExtSet::Glsl, (1..=81).collect::<Vec<u16>>()),
            (ExtSet::AmdTrinary, trinary.collect()),
            (ExtSet::IntelInt2, intel.collect()),
            // The integer instructions, some run by their INTEL twins.
            (ExtSet::OpenCl, (141..=170).chain(201..=204).collect()),
        ];
        for (set, opcodes) in sets {
            for opcode in opcodes {
                for ty in [8, 16, 32, 64]
                    .map(Scalar::Int)
                    .into_iter()
                    .chain([Scalar::Float(32)])
                {
                    kinds.push(LaneKind::Ext(ext_op(set, opcode, ty)));
                }
            }
        }
        kinds.push(LaneKind::Copy);
        check(&kinds);
    }

    /// Private loads and stores at a fixed offset, decoded for each row
    /// width, against the bytes worked out by hand: each active lane's
    /// `bytes` at `at` of its own `stride` bytes, little-endian; a Bool
    /// load gives 0 or 1; inactive lanes and other bytes keep their values.
    #[test]
    fn private_loads_and_stores_match_each_lanes_own_bytes() {
        let mut next = crate::exec::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let stride = 24;
        for &width in &[3usize, 4, 8, 32, 64] {
            let all = isa::core::mask(width as u32);
            for mask in [all, next() & all, 0b101 & all, 1] {
                for (bytes, store, boolean) in [
                    (1, false, false),
                    (2, false, false),
                    (4, false, false),
                    (8, false, false),
                    (1, false, true),
                    (1, true, false),
                    (2, true, false),
                    (4, true, false),
                    (8, true, false),
                ] {
                    let at = 16 - bytes;
                    let mut regs: Vec<u64> = (0..2 * width).map(|_| next()).collect();
                    let mut private: Vec<u8> = (0..stride * width)
                        .map(|i| (next() % 3) as u8 * i as u8)
                        .collect();
                    let (regs_before, private_before) = (regs.clone(), private.clone());
                    let op = LaneOp {
                        handler: private_handler(bytes, store, boolean, width),
                        dst: width,
                        src: [width; 4],
                        width,
                        kind: LaneKind::Private { at, stride },
                    };
                    (op.handler)(&mut regs, &mut private, &op, mask);
                    for lane in 0..width {
                        let own = lane * stride + at..lane * stride + at + bytes;
                        let active = mask >> lane & 1 != 0;
                        let reg = regs_before[width + lane];
                        if store {
                            let expected: Vec<u8> = if active {
                                (0..bytes).map(|b| (reg >> (8 * b)) as u8).collect()
                            } else {
                                private_before[own.clone()].to_vec()
                            };
                            assert_eq!(private[own.clone()], expected[..], "lane {lane}");
                            assert_eq!(regs, regs_before);
                        } else {
                            let value = private_before[own.clone()]
                                .iter()
                                .rev()
                                .fold(0u64, |v, &b| v << 8 | b as u64);
                            let value = if boolean { (value != 0) as u64 } else { value };
                            let expected = if active { value } else { reg };
                            assert_eq!(regs[width + lane], expected, "lane {lane} {bytes} bytes");
                            assert_eq!(private, private_before);
                        }
                    }
                    let rest = |p: &[u8]| {
                        (0..p.len())
                            .filter(|i| !(at..at + bytes).contains(&(i % stride)))
                            .map(|i| p[i])
                            .collect::<Vec<u8>>()
                    };
                    assert_eq!(rest(&private), rest(&private_before), "other bytes kept");
                    assert_eq!(regs[..width], regs_before[..width], "other rows kept");
                }
            }
        }
    }

    /// A fixed private access for the tests below: a store of register
    /// `reg`, or a load into it, through address register `addr`.
    fn access(store: bool, ty: Scalar, reg: Reg, addr: Reg) -> Inst {
        if store {
            Inst::Store {
                ty,
                src: reg,
                addr,
                offset: 0,
            }
        } else {
            Inst::Load {
                ty,
                dst: reg,
                addr,
                offset: 0,
            }
        }
    }

    /// Locations held in register rows read back what their bytes would:
    /// random runs of fixed stores and loads (1, 2, 4 and 8 bytes, Bool
    /// loads) under random masks, against the same kernel as an OpenCL
    /// one, whose locations stay bytes in private memory.
    #[test]
    fn locations_held_in_rows_read_back_what_their_bytes_would() {
        let mut next = crate::exec::xorshift(0x5851_f42d_4c95_7f2du64);
        let sizes = [1usize, 2, 4, 8, 4, 2];
        let (locations, values) = (sizes.len() as Reg, 5);
        for width in [3usize, 4, 8, 64] {
            for _ in 0..20 {
                let mut insts = Vec::new();
                for _ in 0..60 {
                    let l = (next() % locations as u64) as Reg;
                    let bytes = sizes[l as usize];
                    let bool_load = bytes == 4 && next().is_multiple_of(3);
                    let store = !bool_load && next().is_multiple_of(2);
                    let ty = if bool_load {
                        Scalar::Bool
                    } else {
                        Scalar::Int(8 * bytes as u8)
                    };
                    let value = locations + (next() % values) as Reg;
                    insts.push(access(store, ty, value, l));
                }
                let mut k = crate::exec::kernel(insts, locations + values as Reg, 64);
                k.constants = (0..locations)
                    .map(|l| (l, isa::ir::address::PRIVATE_BASE + 8 * l as u64))
                    .collect();
                let held = decode_kernel(&k, width);
                assert_eq!(held.rows, held.register_rows + sizes.len());
                k.dialect = Dialect::OpenCl;
                let bytes = decode_kernel(&k, width);
                assert_eq!(bytes.rows, bytes.register_rows);
                assert_eq!(bytes.row_start, held.row_start);
                let registers = held.register_rows * width;
                let mut regs: Vec<u64> = (0..held.rows * width).map(|_| next()).collect();
                regs[registers..].fill(0);
                let mut byte_regs = regs[..registers].to_vec();
                let mut private = vec![0u8; 64 * width];
                for (pc, (a, b)) in held.insts.iter().zip(&bytes.insts).enumerate() {
                    let (a, b) = (a.expect("decoded"), b.expect("decoded"));
                    let mask = match next() % 3 {
                        0 => isa::core::mask(width as u32),
                        _ => next() & isa::core::mask(width as u32),
                    };
                    (a.handler)(&mut regs, &mut [], &a, mask);
                    (b.handler)(&mut byte_regs, &mut private, &b, mask);
                    assert_eq!(
                        regs[..byte_regs.len()],
                        byte_regs[..],
                        "width {width}, after {:?} (pc {pc})",
                        k.insts[pc]
                    );
                }
            }
        }
    }

    /// Which locations a kernel's waves hold in rows: every one with only
    /// fixed accesses of its own offset and size, none that a built-in's
    /// copy or another location's bytes overlap, and none at all in a
    /// kernel where a pointer into private memory is used otherwise (an
    /// address computed from it, a pointer stored) or in an OpenCL kernel.
    #[test]
    fn only_locations_nothing_else_reaches_are_held_in_rows() {
        let base = isa::ir::address::PRIVATE_BASE;
        let int = Scalar::Int(32);
        // Registers 0-4: addresses at offsets 0, 4, 8, 12 and 16; 5-6 values.
        let held = |insts: Vec<Inst>, edit: &dyn Fn(&mut Kernel)| {
            let mut k = crate::exec::kernel(insts, 7, 32);
            k.constants = (0..5).map(|l| (l, base + 4 * l as u64)).collect();
            edit(&mut k);
            let constant = unwritten_constants(&k);
            let fixed = fixed_accesses(&k, &constant);
            locations_in_registers(&k, &constant, &fixed, 7)
                .into_keys()
                .collect::<Vec<_>>()
        };
        let each = |l: Reg, store: bool| access(store, int, 5, l);
        let plain: Vec<Inst> = (0..5)
            .flat_map(|l| [each(l, true), each(l, false)])
            .collect();
        assert_eq!(held(plain.clone(), &|_| {}), [0, 4, 8, 12, 16]);
        // An 8-byte load at offset 4 meets the locations at 4 and 8.
        let mut wide = plain.clone();
        wide.push(access(false, Scalar::Int(64), 6, 1));
        assert_eq!(held(wide, &|_| {}), [0, 12, 16]);
        // A 2-byte store at offset 12 is another size there.
        let mut narrow = plain.clone();
        narrow.push(access(true, Scalar::Int(16), 6, 3));
        assert_eq!(held(narrow, &|_| {}), [0, 4, 8, 16]);
        // A built-in's copy at offsets 8 to 15.
        let builtin = |k: &mut Kernel| {
            k.builtins.push(isa::ir::BuiltInSlot {
                builtin: isa::ir::BuiltIn::LocalInvocationId,
                offset: 8,
                ty: int,
                regs: vec![5, 6],
            })
        };
        assert_eq!(held(plain.clone(), &builtin), [0, 4, 16]);
        // An access past the private memory is no fixed one: it faults in
        // the checked path, and its address counts as a pointer used
        // otherwise.
        let short = |k: &mut Kernel| k.private_bytes = 16;
        assert_eq!(held(plain.clone(), &short), [] as [usize; 0]);
        let escapes = [
            Inst::Alu {
                alu: Alu {
                    op: AluOp::IAdd,
                    ty: Scalar::Int(64),
                },
                dst: 6,
                src: [2, 5, 0, 0],
            },
            access(true, Scalar::Int(64), 2, 4),
            Inst::Mov { dst: 6, src: 0 },
        ];
        for escape in escapes {
            let mut insts = plain.clone();
            insts.push(escape.clone());
            assert_eq!(held(insts, &|_| {}), [] as [usize; 0], "{escape:?}");
        }
        let opencl = |k: &mut Kernel| k.dialect = Dialect::OpenCl;
        assert_eq!(held(plain, &opencl), [] as [usize; 0]);
    }
}
