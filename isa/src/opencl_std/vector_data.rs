//! OpenCL.std section 2.6 (vector data load and store) and 2.7 (shuffle,
//! shuffle2): lowered to core loads, stores, conversions and selects; no
//! lane operations of their own.
//!
//! * Addresses are registers, so every address space the spec allows
//!   (global, local, private, constant, generic) works the same way. The
//!   element address is `p + offset * stride * size` computed in the
//!   pointer's width (a `size_t` offset of another width is zero-extended
//!   or truncated to it), plus the pointer's constant offset.
//! * `vloadn` / `vstoren` with n = 3 read/write 3 consecutive elements.
//!   `vloada_halfn` / `vstorea_halfn(_r)` with n = 3 use a stride of 4 halfs.
//! * Half loads convert f16 to the result type exactly; half stores round
//!   float/double to f16 with the mode given (`vstore_half*` without `_r`:
//!   round to nearest even) through the core conversion.
//! * Alignment: the `vloada_half` / `vstorea_half` family requires the
//!   address to be a multiple of 2 * n bytes (8 for n = 3). A misaligned
//!   address is turned into one outside every address space (the pointer
//!   or-ed with `MISALIGNED_64` / `MISALIGNED_32`), so the access faults at
//!   run time with the instruction's location and that address in the
//!   message. The other loads and stores are not checked (the executor does
//!   not check natural alignment of ordinary loads either).
//! * `shuffle` uses the low log2(m) bits of each mask component (ilogb(2m-1)
//!   for m = 2, 4, 8, 16), `shuffle2` the low log2(2m) bits; each result
//!   component is picked by a binary tree of selects on those bits. For a
//!   3-component source (outside the spec) an index of 3 picks component 2
//!   (shuffle) / indices are read modulo 8 over the 6 components, and out
//!   of range picks the last one.

use crate::core::{AluOp, Convert, Rounding, Scalar};
use crate::instruction_set::{Builder, Call, Operand};
use crate::ir::Reg;

pub const VLOADN: u16 = 171;
pub const VSTOREN: u16 = 172;
pub const VLOAD_HALF: u16 = 173;
pub const VLOAD_HALFN: u16 = 174;
pub const VSTORE_HALF: u16 = 175;
pub const VSTORE_HALF_R: u16 = 176;
pub const VSTORE_HALFN: u16 = 177;
pub const VSTORE_HALFN_R: u16 = 178;
pub const VLOADA_HALFN: u16 = 179;
pub const VSTOREA_HALFN: u16 = 180;
pub const VSTOREA_HALFN_R: u16 = 181;
pub const SHUFFLE: u16 = 182;
pub const SHUFFLE2: u16 = 183;

/// Or-ed into a misaligned 64-bit address: outside every address space.
pub const MISALIGNED_64: u64 = 0xBADA_1160_0000_0000;
/// Or-ed into a misaligned 32-bit address: at or above 0xC000_0000, outside
/// every address space.
pub const MISALIGNED_32: u64 = 0xC000_0000;

/// A pointer operand: address register, its type, constant offset.
struct Ptr {
    reg: Reg,
    ty: Scalar,
    offset: i64,
    pointee: Option<Scalar>,
}

fn pointer(op: Option<&Operand>, what: &str) -> Result<Ptr, String> {
    let op = op.ok_or_else(|| format!("missing operand {what}"))?;
    match (&op.pointer, op.regs.as_slice(), op.types.as_slice()) {
        (Some((offset, fields)), [reg], [ty @ Scalar::Int(32 | 64)]) => Ok(Ptr {
            reg: *reg,
            ty: *ty,
            offset: *offset,
            pointee: fields.first().map(|f| f.0),
        }),
        _ => Err(format!("operand {what} must be a pointer")),
    }
}

fn size_t(op: Option<&Operand>) -> Result<(Reg, Scalar), String> {
    match op {
        Some(Operand {
            regs,
            types,
            pointer: None,
            ..
        }) if regs.len() == 1 && matches!(types[..], [Scalar::Int(32 | 64)]) => {
            Ok((regs[0], types[0]))
        }
        _ => Err("operand offset must be a 32- or 64-bit integer (size_t)".to_string()),
    }
}

/// The value of a literal operand (vloadn's `n`, a rounding mode).
pub fn literal(op: Option<&Operand>) -> Option<u32> {
    op.and_then(|o| o.literal)
}

fn rounding(op: Option<&Operand>) -> Result<Rounding, String> {
    match literal(op) {
        Some(0) => Ok(Rounding::Rte),
        Some(1) => Ok(Rounding::Rtz),
        Some(2) => Ok(Rounding::Rtp),
        Some(3) => Ok(Rounding::Rtn),
        Some(v) => Err(format!("{v} is not an FP rounding mode (0 to 3)")),
        None => Err("the rounding mode operand must be a literal FPRoundingMode".to_string()),
    }
}

fn uconv(from: Scalar, to: Scalar, rounding: Option<Rounding>) -> Convert {
    Convert {
        rounding,
        ..Convert::plain(from, to, false)
    }
}

/// `p + offset * bytes` in the pointer's width; with `align` > 1, a
/// misaligned final address (including the constant offset) is made to
/// fault.
fn address(b: &mut dyn Builder, p: &Ptr, offset: (Reg, Scalar), bytes: u64, align: u64) -> Reg {
    let (mut off, oty) = offset;
    if oty != p.ty {
        off = b.convert(uconv(oty, p.ty, None), off);
    }
    let k = b.constant(bytes);
    let scaled = b.alu(AluOp::IMul, p.ty, &[off, k]);
    let addr = b.alu(AluOp::IAdd, p.ty, &[p.reg, scaled]);
    if align <= 1 {
        return addr;
    }
    let bits = p.ty.bits();
    let wmask = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let c = b.constant(p.offset as u64 & wmask);
    let full = b.alu(AluOp::IAdd, p.ty, &[addr, c]);
    let am = b.constant(align - 1);
    let low = b.alu(AluOp::BitwiseAnd, p.ty, &[full, am]);
    let zero = b.constant(0);
    let bad = b.alu(AluOp::INotEqual, p.ty, &[low, zero]);
    let poison = b.constant(if bits >= 64 {
        MISALIGNED_64
    } else {
        MISALIGNED_32
    });
    let poisoned = b.alu(AluOp::BitwiseOr, p.ty, &[addr, poison]);
    b.alu(AluOp::Select, p.ty, &[bad, poisoned, addr])
}

fn check_n(n: usize) -> Result<(), String> {
    if matches!(n, 2 | 3 | 4 | 8 | 16) {
        Ok(())
    } else {
        Err(format!(
            "the vector must have 2, 3, 4, 8 or 16 components, not {n}"
        ))
    }
}

fn uniform(types: &[Scalar], what: &str) -> Result<Scalar, String> {
    match types.first() {
        Some(&t) if types.iter().all(|&u| u == t) => Ok(t),
        _ => Err(format!("{what} must be a scalar or vector")),
    }
}

fn data(op: Option<&Operand>) -> Result<(&[Reg], Scalar), String> {
    match op {
        Some(o) if o.pointer.is_none() && !o.regs.is_empty() && o.regs.len() == o.types.len() => {
            Ok((&o.regs, uniform(&o.types, "data")?))
        }
        _ => Err("operand data must be a scalar or vector value".to_string()),
    }
}

pub fn lower(b: &mut dyn Builder, call: &Call, opcode: u16) -> Result<Vec<Reg>, String> {
    let ops = call.operands;
    let half = Scalar::Float(16);
    match opcode {
        VLOADN => {
            let n = call.result.len();
            check_n(n)?;
            let ty = uniform(call.result, "the result")?;
            if !matches!(ty, Scalar::Int(_) | Scalar::Float(_)) {
                return Err(format!("cannot load {ty:?} components"));
            }
            let p = pointer(ops.get(1), "p")?;
            if p.pointee.is_some_and(|t| t != ty) {
                return Err(format!(
                    "p must point to {ty:?}, the result's component type"
                ));
            }
            let off = size_t(ops.first())?;
            let size = ty.bytes() as u64;
            let a = address(b, &p, off, n as u64 * size, 1);
            Ok((0..n)
                .map(|i| b.load(ty, a, p.offset + (i as u64 * size) as i64))
                .collect())
        }
        VSTOREN => {
            let (src, ty) = data(ops.first())?;
            check_n(src.len())?;
            let p = pointer(ops.get(2), "p")?;
            if p.pointee.is_some_and(|t| t != ty) {
                return Err(format!("p must point to {ty:?}, the data's component type"));
            }
            let off = size_t(ops.get(1))?;
            let size = ty.bytes() as u64;
            let a = address(b, &p, off, src.len() as u64 * size, 1);
            for (i, &r) in src.iter().enumerate() {
                b.store(ty, r, a, p.offset + (i as u64 * size) as i64);
            }
            Ok(Vec::new())
        }
        VLOAD_HALF | VLOAD_HALFN | VLOADA_HALFN => {
            let n = call.result.len();
            if opcode == VLOAD_HALF {
                if n != 1 {
                    return Err("the result must be a scalar float".to_string());
                }
            } else {
                check_n(n)?;
            }
            let ty = uniform(call.result, "the result")?;
            if !matches!(ty, Scalar::Float(32 | 64)) {
                return Err(format!("the result components must be float, not {ty:?}"));
            }
            let p = pointer(ops.get(1), "p")?;
            if p.pointee.is_some_and(|t| t != half) {
                return Err("p must point to half".to_string());
            }
            let off = size_t(ops.first())?;
            let (stride, align) = match (opcode, n) {
                (VLOADA_HALFN, 3) => (4, 8),
                (VLOADA_HALFN, _) => (n as u64, 2 * n as u64),
                _ => (n as u64, 1),
            };
            let a = address(b, &p, off, stride * 2, align);
            Ok((0..n)
                .map(|i| {
                    let h = b.load(half, a, p.offset + 2 * i as i64);
                    b.convert(uconv(half, ty, None), h)
                })
                .collect())
        }
        VSTORE_HALF | VSTORE_HALF_R | VSTORE_HALFN | VSTORE_HALFN_R | VSTOREA_HALFN
        | VSTOREA_HALFN_R => {
            let (src, ty) = data(ops.first())?;
            let n = src.len();
            if matches!(opcode, VSTORE_HALF | VSTORE_HALF_R) {
                if n != 1 {
                    return Err("data must be a scalar float or double".to_string());
                }
            } else {
                check_n(n)?;
            }
            if !matches!(ty, Scalar::Float(32 | 64)) {
                return Err(format!("data must be float or double, not {ty:?}"));
            }
            let mode = match opcode {
                VSTORE_HALF_R | VSTORE_HALFN_R | VSTOREA_HALFN_R => rounding(ops.get(3))?,
                _ => Rounding::Rte,
            };
            let p = pointer(ops.get(2), "p")?;
            if p.pointee.is_some_and(|t| t != half) {
                return Err("p must point to half".to_string());
            }
            let off = size_t(ops.get(1))?;
            let (stride, align) = match (opcode, n) {
                (VSTOREA_HALFN | VSTOREA_HALFN_R, 3) => (4, 8),
                (VSTOREA_HALFN | VSTOREA_HALFN_R, _) => (n as u64, 2 * n as u64),
                _ => (n as u64, 1),
            };
            let a = address(b, &p, off, stride * 2, align);
            for (i, &r) in src.iter().enumerate() {
                let h = b.convert(uconv(ty, half, Some(mode)), r);
                b.store(half, h, a, p.offset + 2 * i as i64);
            }
            Ok(Vec::new())
        }
        SHUFFLE | SHUFFLE2 => {
            let two = opcode == SHUFFLE2;
            let (x, xty) = data(ops.first())?;
            let mut src: Vec<Reg> = x.to_vec();
            if two {
                let (y, yty) = data(ops.get(1))?;
                if yty != xty || y.len() != x.len() {
                    return Err("x and y must have the same type".to_string());
                }
                src.extend_from_slice(y);
            }
            let (mask, mty) = data(ops.get(if two { 2 } else { 1 }))?;
            let m = x.len();
            if !matches!(m, 2 | 3 | 4 | 8 | 16) || !matches!(mask.len(), 2 | 3 | 4 | 8 | 16) {
                return Err("x and the shuffle mask must be vectors of 2, 4, 8 or 16".to_string());
            }
            if !matches!(mty, Scalar::Int(_)) || mty.bits() != xty.bits() {
                return Err(format!(
                    "the shuffle mask must be integers of the width of x's components ({} bits)",
                    xty.bits()
                ));
            }
            if call.result.len() != mask.len() || call.result.iter().any(|&t| t != xty) {
                return Err(
                    "the result must have x's component type and the mask's size".to_string(),
                );
            }
            // Index bits used: log2 of the source count, rounded up.
            let count = src.len();
            let bits = usize::BITS - (count - 1).leading_zeros();
            Ok(mask
                .iter()
                .map(|&k| pick(b, &src, k, mty, xty, bits))
                .collect())
        }
        _ => Err(format!(
            "instruction {opcode} is not a vector data instruction"
        )),
    }
}

/// `src[k's low bits]`: a binary tree of selects on bits of `k`, from the
/// top bit down; indices past the end pick the last source.
fn pick(b: &mut dyn Builder, src: &[Reg], k: Reg, kty: Scalar, vty: Scalar, bits: u32) -> Reg {
    let last = src[src.len() - 1];
    if bits == 0 {
        return src[0];
    }
    let half = 1usize << (bits - 1);
    let lo = pick(b, src, k, kty, vty, bits - 1);
    let hi = if half >= src.len() {
        last
    } else {
        pick(b, &src[half..], k, kty, vty, bits - 1)
    };
    if hi == lo {
        return lo;
    }
    let m = b.constant(1u64 << (bits - 1));
    let t = b.alu(AluOp::BitwiseAnd, kty, &[k, m]);
    let z = b.constant(0);
    let c = b.alu(AluOp::INotEqual, kty, &[t, z]);
    b.alu(AluOp::Select, vty, &[c, hi, lo])
}
