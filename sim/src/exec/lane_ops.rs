//! Lane-wise instructions (ALU operations, conversions, extended
//! instructions, copies, and loads and stores of private memory at a fixed
//! offset) decoded once per launch into a direct handler with its register
//! rows resolved, so that a wave-instruction does not look at its
//! operation once per lane and the interpreter's loop makes one indirect
//! call per instruction.
//!
//! The meaning stays `isa`'s: a handler calls `isa::core::eval`,
//! `isa::core::convert` or `isa::ext::eval`. For the frequent (operation,
//! type) pairs the handler is an instance made for that pair, in which the
//! compiler folds `isa`'s dispatch away and vectorises the lane loop; the
//! other pairs share a general handler that passes the operation along.

use crate::exec::memory;
use isa::core::{Alu, AluOp, Convert, Scalar};
use isa::ir::{ExtOp, Inst, Kernel};
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
    /// keep every variable there). A load's row is `dst`, a store's
    /// `src[0]`.
    Private {
        at: usize,
        stride: usize,
    },
}

/// One decoded lane-wise instruction: the first element of each register
/// row it reads and writes (`register x wave width`) and its handler.
#[derive(Clone, Copy)]
pub struct LaneOp {
    pub handler: Handler,
    pub dst: usize,
    pub src: [usize; 4],
    pub kind: LaneKind,
}

/// Computes `op` for the lanes of `mask` of a wave `width` lanes wide,
/// whose private memory is `private`.
pub type Handler = fn(regs: &mut [u64], private: &mut [u8], op: &LaneOp, width: usize, mask: u64);

/// The kernel decoded once per launch for waves `width` lanes wide: `Some`
/// at the pc of each lane-wise instruction, `None` at the others, which
/// run from the kernel's own.
pub struct Decoded {
    pub insts: Vec<Option<LaneOp>>,
}

/// Decodes `kernel` for waves `width` lanes wide.
pub fn decode_kernel(kernel: &Kernel, width: usize) -> Decoded {
    let private = private_accesses(kernel, width);
    let insts = decode(kernel, width)
        .into_iter()
        .zip(private)
        .map(|(lane, private)| lane.or(private))
        .collect();
    Decoded { insts }
}

/// Per instruction: a load or store whose address register holds one
/// constant in every lane (a constant no instruction overwrites) and
/// whose bytes lie in private memory, decoded.
fn private_accesses(kernel: &Kernel, width: usize) -> Vec<Option<LaneOp>> {
    let written = isa::liveness::written(kernel);
    let mut constant: Vec<Option<u64>> = vec![None; written.len()];
    for &(r, v) in kernel
        .constants
        .iter()
        .filter(|&&(r, _)| !written[r as usize])
    {
        constant[r as usize] = Some(v);
    }
    let base = isa::ir::address::PRIVATE_BASE;
    let stride = kernel.private_bytes as usize;
    let end = base + stride as u64;
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
            (at >= base && at.checked_add(bytes as u64)? <= end).then(|| {
                let row = reg as usize * width;
                LaneOp {
                    handler: private_handler(bytes, store, ty == Scalar::Bool),
                    dst: row,
                    src: [row; 4],
                    kind: LaneKind::Private {
                        at: (at - base) as usize,
                        stride,
                    },
                }
            })
        })
        .collect()
}

/// The handler of a private load or store of `bytes` (1, 2, 4 or 8);
/// a load of a Bool makes its lanes 0 or 1.
fn private_handler(bytes: usize, store: bool, boolean: bool) -> Handler {
    match (bytes, store, boolean) {
        (_, false, true) => load_private::<1, true>,
        (1, false, false) => load_private::<1, false>,
        (2, false, false) => load_private::<2, false>,
        (4, false, false) => load_private::<4, false>,
        (_, false, false) => load_private::<8, false>,
        (1, true, _) => store_private::<1>,
        (2, true, _) => store_private::<2>,
        (4, true, _) => store_private::<4>,
        (_, true, _) => store_private::<8>,
    }
}

fn load_private<const N: usize, const BOOLEAN: bool>(
    regs: &mut [u64],
    private: &mut [u8],
    op: &LaneOp,
    width: usize,
    mask: u64,
) {
    let LaneKind::Private { at, stride } = op.kind else {
        unreachable!("a private handler holds a private access")
    };
    let row = &mut regs[op.dst..op.dst + width];
    memory::load_private::<N>(private, stride, at, mask, row);
    if BOOLEAN {
        let mut rest = mask;
        while rest != 0 {
            let lane = rest.trailing_zeros() as usize;
            row[lane] = (row[lane] != 0) as u64;
            rest &= rest - 1;
        }
    }
}

fn store_private<const N: usize>(
    regs: &mut [u64],
    private: &mut [u8],
    op: &LaneOp,
    width: usize,
    mask: u64,
) {
    let LaneKind::Private { at, stride } = op.kind else {
        unreachable!("a private handler holds a private access")
    };
    memory::store_private::<N>(
        private,
        stride,
        at,
        mask,
        &regs[op.src[0]..op.src[0] + width],
    );
}

/// The kernel's lane-wise instructions decoded for waves `width` lanes
/// wide: `Some` at the pc of each, `None` elsewhere.
fn decode(kernel: &Kernel, width: usize) -> Vec<Option<LaneOp>> {
    let row = |r: u32| r as usize * width;
    kernel
        .insts
        .iter()
        .map(|inst| {
            let (kind, dst, src) = match *inst {
                Inst::Alu { alu, dst, src } => (LaneKind::Alu(alu), dst, src),
                Inst::Convert { cv, dst, src } => (LaneKind::Convert(cv), dst, [src, 0, 0, 0]),
                Inst::Ext { op, dst, src } => (LaneKind::Ext(op), dst, [src[0], src[1], src[2], 0]),
                Inst::Mov { dst, src } => (LaneKind::Copy, dst, [src, 0, 0, 0]),
                _ => return None,
            };
            Some(LaneOp {
                handler: handler(kind),
                dst: row(dst),
                src: src.map(row),
                kind,
            })
        })
        .collect()
}

/// At or below this many active lanes, a handler visits just those lanes;
/// above it, it computes every lane in a straight loop and keeps the
/// active ones.
const SPARSE_LANES: u32 = 8;

/// Runs `f` over the lanes of `mask`, reading `N` source rows and writing
/// the destination row of `op`. Inactive lanes keep their values: a
/// register holds other values in them (coalesced registers, phi copies).
#[inline(always)]
fn lanes<const N: usize>(
    regs: &mut [u64],
    op: &LaneOp,
    width: usize,
    mask: u64,
    f: impl Fn([u64; N]) -> u64,
) {
    let full = isa::core::mask(width as u32);
    if mask != full && mask.count_ones() <= SPARSE_LANES {
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
        // Results go to a buffer first: the destination is a source.
        let mut out = [0u64; isa::subgroup::MAX_WIDTH];
        let out = &mut out[..width];
        let rows: [&[u64]; N] = std::array::from_fn(|i| &regs[op.src[i]..op.src[i] + width]);
        for (lane, o) in out.iter_mut().enumerate() {
            *o = f(std::array::from_fn(|i| rows[i][lane]));
        }
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

fn copy(regs: &mut [u64], _: &mut [u8], op: &LaneOp, width: usize, mask: u64) {
    lanes::<1>(regs, op, width, mask, |[a]| a);
}

/// The general handlers: the operation is read per lane.
fn general_alu(regs: &mut [u64], _: &mut [u8], op: &LaneOp, width: usize, mask: u64) {
    let LaneKind::Alu(alu) = op.kind else {
        unreachable!("an ALU handler holds an ALU operation")
    };
    match alu_arity(alu.op) {
        1 => lanes::<1>(regs, op, width, mask, |[a]| {
            isa::core::eval(alu, a, 0, 0, 0)
        }),
        2 => lanes::<2>(regs, op, width, mask, |[a, b]| {
            isa::core::eval(alu, a, b, 0, 0)
        }),
        3 => lanes::<3>(regs, op, width, mask, |[a, b, c]| {
            isa::core::eval(alu, a, b, c, 0)
        }),
        _ => lanes::<4>(regs, op, width, mask, |[a, b, c, d]| {
            isa::core::eval(alu, a, b, c, d)
        }),
    }
}

fn general_convert(regs: &mut [u64], _: &mut [u8], op: &LaneOp, width: usize, mask: u64) {
    let LaneKind::Convert(cv) = op.kind else {
        unreachable!("a conversion handler holds a conversion")
    };
    lanes::<1>(regs, op, width, mask, |[a]| isa::core::convert(cv, a));
}

fn general_ext(regs: &mut [u64], _: &mut [u8], op: &LaneOp, width: usize, mask: u64) {
    let LaneKind::Ext(ext) = op.kind else {
        unreachable!("an extended-instruction handler holds one")
    };
    lanes::<3>(regs, op, width, mask, |[a, b, c]| {
        isa::ext::eval(ext, a, b, c)
    });
}

/// A handler of its own for each listed (operation, type) pair, with the
/// operation a constant inside it.
macro_rules! alu_handlers {
    ($($op:ident $ty:ident($bits:literal) $n:literal;)*) => {
        fn alu_handler(alu: Alu) -> Handler {
            $(
                if alu == (Alu { op: AluOp::$op, ty: Scalar::$ty($bits) }) {
                    return |regs, _, op, width, mask| {
                        const ALU: Alu = Alu { op: AluOp::$op, ty: Scalar::$ty($bits) };
                        lanes::<$n>(regs, op, width, mask, |s| {
                            let at = |i: usize| s.get(i).copied().unwrap_or(0);
                            isa::core::eval(ALU, at(0), at(1), at(2), at(3))
                        })
                    };
                }
            )*
            general_alu
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
}

/// The frequent conversions: between 32-bit integers and floats, and
/// 32-bit integers widened to 64 (address arithmetic).
const CONVERSIONS: [Convert; 6] = [
    conversion(Scalar::Int(32), Scalar::Float(32), false, false),
    conversion(Scalar::Int(32), Scalar::Float(32), true, false),
    conversion(Scalar::Float(32), Scalar::Int(32), false, false),
    conversion(Scalar::Float(32), Scalar::Int(32), false, true),
    conversion(Scalar::Int(32), Scalar::Int(64), false, false),
    conversion(Scalar::Int(32), Scalar::Int(64), true, true),
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

fn convert_handler(cv: Convert) -> Handler {
    macro_rules! pick {
        ($($i:literal)*) => {
            $(
                if cv == CONVERSIONS[$i] {
                    return |regs, _, op, width, mask| {
                        lanes::<1>(regs, op, width, mask, |[a]| isa::core::convert(CONVERSIONS[$i], a))
                    };
                }
            )*
        };
    }
    pick!(0 1 2 3 4 5);
    general_convert
}

/// A handler of its own for each listed GLSL.std.450 instruction on 32-bit
/// operands.
macro_rules! glsl_handlers {
    ($($op:ident $ty:ident;)*) => {
        fn ext_handler(ext: ExtOp) -> Handler {
            use isa::glsl_std_450 as glsl;
            $(
                if ext == glsl_op(glsl::$op, Scalar::$ty(32)) {
                    return |regs, _, op, width, mask| {
                        const EXT: ExtOp = glsl_op(glsl::$op, Scalar::$ty(32));
                        lanes::<3>(regs, op, width, mask, |[a, b, c]| isa::ext::eval(EXT, a, b, c))
                    };
                }
            )*
            general_ext
        }
    };
}

const fn glsl_op(opcode: u16, ty: Scalar) -> ExtOp {
    ExtOp {
        set: isa::ir::ExtSet::Glsl,
        opcode,
        ty,
        aux: ty,
    }
}

glsl_handlers! {
    FMA Float; FMIN Float; FMAX Float; FCLAMP Float; FABS Float; FLOOR Float; FMIX Float;
    SQRT Float; INVERSE_SQRT Float; NMIN Float; NMAX Float;
    UMIN Int; UMAX Int; SMIN Int; SMAX Int; UCLAMP Int; SCLAMP Int;
}

fn handler(kind: LaneKind) -> Handler {
    match kind {
        LaneKind::Alu(alu) => alu_handler(alu),
        LaneKind::Convert(cv) => convert_handler(cv),
        LaneKind::Ext(ext) => ext_handler(ext),
        LaneKind::Copy => copy,
        LaneKind::Private { .. } => unreachable!("private accesses get their handler by size"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lane-wise instruction of `kinds`, decoded and run over random
    /// registers, against `isa`'s meaning applied lane by lane: active
    /// lanes get the result, inactive lanes keep their value, whether the
    /// destination is a source or not, with full, dense and sparse masks.
    fn check(kinds: &[LaneKind]) {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for &width in &[32usize, 64] {
            for &kind in kinds {
                for (dst, src) in [(4, [0, 1, 2, 3]), (1, [1, 2, 3, 0]), (2, [0, 0, 2, 2])] {
                    for mask in [isa::core::mask(width as u32), next(), 0b1010_0001] {
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
                            handler: handler(kind),
                            dst: dst * width,
                            src: src.map(|r| r * width),
                            kind,
                        };
                        (op.handler)(&mut regs, &mut [], &op, width, mask);
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
                                    LaneKind::Private { .. } => unreachable!(),
                                }
                            };
                            assert_eq!(
                                regs[dst * width + lane],
                                expected,
                                "{kind:?} lane {lane} mask {mask:#x}"
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
            Scalar::Float(32),
            Scalar::Float(64),
            false,
            false,
        )));
        for opcode in 1..=81 {
            for ty in [Scalar::Int(32), Scalar::Float(32)] {
                kinds.push(LaneKind::Ext(glsl_op(opcode, ty)));
            }
        }
        kinds.push(LaneKind::Copy);
        check(&kinds);
    }
}
