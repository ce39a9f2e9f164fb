//! SPV_AMD_shader_trinary_minmax: the nine three-operand min / max / median
//! instructions (`FMin3AMD` = 1 ... `SMid3AMD` = 9), per component, on
//! scalars and vectors of every float width (16/32/64) and integer width
//! (8/16/32/64).
//!
//! Each component becomes one [`ExtOp`] whose `opcode` is the instruction
//! number and whose `ty` is the component type; `eval` computes one lane.
//!
//! Choices where the specification leaves the result open (it says only
//! "the result is undefined if one of the operands is a NaN" for FMin3,
//! FMax3 and FMid3, and nothing about signed zeros):
//!
//! * FMin3 / FMax3 ignore NaN operands (quiet or signaling alike) and return
//!   the minimum / maximum of the remaining ones; when all three are NaN the
//!   result is the default quiet NaN of the width (`0x7e00`, `0x7fc00000`,
//!   `0x7ff8000000000000`).
//! * FMid3 with any NaN operand returns FMin3 of the three operands (the
//!   rule AMD hardware documents for its med3 instruction).
//! * -0 is ordered below +0, so min3(-0, +0, x) picks -0 and max3 picks +0,
//!   and a median is always one of the operands' bit patterns.
//! * Denormals are kept exactly (no flush to zero).

use crate::core::{AluOp, Scalar};
use crate::instruction_set::{per_component, result_component, Builder, Call, Coverage, OpClass};
use crate::ir::{ExtOp, ExtSet, Reg};

pub const FMIN3: u16 = 1;
pub const UMIN3: u16 = 2;
pub const SMIN3: u16 = 3;
pub const FMAX3: u16 = 4;
pub const UMAX3: u16 = 5;
pub const SMAX3: u16 = 6;
pub const FMID3: u16 = 7;
pub const UMID3: u16 = 8;
pub const SMID3: u16 = 9;

/// Canonical names, indexed by instruction number - 1.
pub const NAMES: [&str; 9] = [
    "AMD.FMin3",
    "AMD.UMin3",
    "AMD.SMin3",
    "AMD.FMax3",
    "AMD.UMax3",
    "AMD.SMax3",
    "AMD.FMid3",
    "AMD.UMid3",
    "AMD.SMid3",
];

/// Lowers one instruction: three operands of the result's type, one lane
/// operation per component.
pub fn lower(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    let opcode = call.opcode;
    if !(1..=9).contains(&opcode) {
        return Err(format!("unknown instruction number {opcode}"));
    }
    let float = matches!(opcode, 1 | 4 | 7);
    if call.operands.len() != 3 {
        return Err(format!("takes 3 operands, got {}", call.operands.len()));
    }
    let n = call.result.len();
    let ty = result_component(call, float)?;
    for (i, o) in call.operands.iter().enumerate() {
        if o.pointer.is_some() || o.types.as_slice() != call.result || o.regs.len() != n {
            return Err(format!(
                "operand {} must have the result type ({n} x {ty:?})",
                i + 1
            ));
        }
    }
    let op = ExtOp {
        set: ExtSet::AmdTrinary,
        opcode: opcode as u16,
        ty,
        aux: ty,
    };
    let args: [&[Reg]; 3] = [
        &call.operands[0].regs,
        &call.operands[1].regs,
        &call.operands[2].regs,
    ];
    if b.emulation().trinary_minmax {
        return Ok((0..n)
            .map(|i| emulate(b, op, args[0][i], args[1][i], args[2][i]))
            .collect());
    }
    Ok(per_component(b, op, n, &args))
}

/// Two-operand min and max lane operations (float ones with this set's
/// NaN and signed-zero rules): the basic operations an emulation uses,
/// as every GPU has them.
pub const FMIN2: u16 = 0x100;
pub const FMAX2: u16 = 0x101;
pub const UMIN2: u16 = 0x102;
pub const UMAX2: u16 = 0x103;
pub const SMIN2: u16 = 0x104;
pub const SMAX2: u16 = 0x105;

/// Names of the helper lane operations of the emulation.
pub fn helper_name(op: ExtOp) -> Option<&'static str> {
    if op.set != ExtSet::AmdTrinary {
        return None;
    }
    Some(match op.opcode {
        FMIN2 => "FMin",
        FMAX2 => "FMax",
        UMIN2 => "UMin",
        UMAX2 => "UMax",
        SMIN2 => "SMin",
        SMAX2 => "SMax",
        _ => return None,
    })
}

/// One component of `op` as a compiler without min3/max3/mid3 emits it,
/// with two-operand min and max: min3 = min(min(a, b), c), max3 likewise,
/// and mid3 = max(min(a, b), min(max(a, b), c)); a float mid3 with a NaN
/// operand is min3 (this set's rule), so the emulation selects between the
/// two.
fn emulate(b: &mut dyn Builder, op: ExtOp, x: Reg, y: Reg, z: Reg) -> Reg {
    let ty = op.ty;
    let two = |b: &mut dyn Builder, max: bool, p: Reg, q: Reg| -> Reg {
        let opcode = match (op.opcode, max) {
            (FMIN3 | FMAX3 | FMID3, false) => FMIN2,
            (FMIN3 | FMAX3 | FMID3, true) => FMAX2,
            (UMIN3 | UMAX3 | UMID3, false) => UMIN2,
            (UMIN3 | UMAX3 | UMID3, true) => UMAX2,
            (_, false) => SMIN2,
            (_, true) => SMAX2,
        };
        b.ext(ExtOp { opcode, ..op }, &[p, q])
    };
    match op.opcode {
        FMIN3 | UMIN3 | SMIN3 => {
            let m = two(b, false, x, y);
            two(b, false, m, z)
        }
        FMAX3 | UMAX3 | SMAX3 => {
            let m = two(b, true, x, y);
            two(b, true, m, z)
        }
        _ => {
            let lo = two(b, false, x, y);
            let hi = two(b, true, x, y);
            let hi_c = two(b, false, hi, z);
            let mid = two(b, true, lo, hi_c);
            if op.opcode != FMID3 {
                return mid;
            }
            let min3 = two(b, false, lo, z);
            let nx = b.alu(AluOp::IsNan, ty, &[x]);
            let ny = b.alu(AluOp::IsNan, ty, &[y]);
            let nz = b.alu(AluOp::IsNan, ty, &[z]);
            let nxy = b.alu(AluOp::LogicalOr, Scalar::Bool, &[nx, ny]);
            let any = b.alu(AluOp::LogicalOr, Scalar::Bool, &[nxy, nz]);
            b.alu(AluOp::Select, ty, &[any, min3, mid])
        }
    }
}

pub use crate::core::default_nan;
use crate::core::{float_order_key as fkey, is_nan_bits as is_nan, sign_extend as sext};

#[inline]
fn min3_by<K: Ord>(a: u64, b: u64, c: u64, k: impl Fn(u64) -> K) -> u64 {
    let ab = if k(b) < k(a) { b } else { a };
    if k(c) < k(ab) {
        c
    } else {
        ab
    }
}

#[inline]
fn max3_by<K: Ord>(a: u64, b: u64, c: u64, k: impl Fn(u64) -> K) -> u64 {
    let ab = if k(b) > k(a) { b } else { a };
    if k(c) > k(ab) {
        c
    } else {
        ab
    }
}

/// The median: max(min(a, b), min(max(a, b), c)).
#[inline]
fn mid3_by<K: Ord>(a: u64, b: u64, c: u64, k: impl Fn(u64) -> K) -> u64 {
    let (lo, hi) = if k(b) < k(a) { (b, a) } else { (a, b) };
    let m = if k(c) < k(hi) { c } else { hi };
    if k(m) < k(lo) {
        lo
    } else {
        m
    }
}

/// Float min3/max3 ignoring NaN operands.
#[inline]
fn fpick(a: u64, b: u64, c: u64, bits: u32, max: bool) -> u64 {
    let na = is_nan(a, bits);
    let nb = is_nan(b, bits);
    let nc = is_nan(c, bits);
    // Replace a NaN by another operand that is not one, so it drops out.
    let fill = if !na {
        a
    } else if !nb {
        b
    } else if !nc {
        c
    } else {
        return default_nan(bits);
    };
    let (a, b, c) = (
        if na { fill } else { a },
        if nb { fill } else { b },
        if nc { fill } else { c },
    );
    let k = |v| fkey(v, bits);
    if max {
        max3_by(a, b, c, k)
    } else {
        min3_by(a, b, c, k)
    }
}

/// One lane of `op` on operands `a`, `b`, `c` (raw bits of `op.ty`).
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    let bits = op.ty.bits();
    match (op.opcode, op.ty) {
        (FMIN3, Scalar::Float(16 | 32 | 64)) => fpick(a, b, c, bits, false),
        (FMAX3, Scalar::Float(16 | 32 | 64)) => fpick(a, b, c, bits, true),
        (FMID3, Scalar::Float(16 | 32 | 64)) => {
            if is_nan(a, bits) || is_nan(b, bits) || is_nan(c, bits) {
                fpick(a, b, c, bits, false)
            } else {
                mid3_by(a, b, c, |v| fkey(v, bits))
            }
        }
        (UMIN3, Scalar::Int(_)) => a.min(b).min(c),
        (UMAX3, Scalar::Int(_)) => a.max(b).max(c),
        (UMID3, Scalar::Int(_)) => mid3_by(a, b, c, |v| v),
        (SMIN3, Scalar::Int(_)) => min3_by(a, b, c, |v| sext(v, bits)),
        (SMAX3, Scalar::Int(_)) => max3_by(a, b, c, |v| sext(v, bits)),
        (SMID3, Scalar::Int(_)) => mid3_by(a, b, c, |v| sext(v, bits)),
        (FMIN2, Scalar::Float(16 | 32 | 64)) => fpick(a, b, b, bits, false),
        (FMAX2, Scalar::Float(16 | 32 | 64)) => fpick(a, b, b, bits, true),
        (UMIN2, Scalar::Int(_)) => a.min(b),
        (UMAX2, Scalar::Int(_)) => a.max(b),
        (SMIN2, Scalar::Int(_)) => min3_by(a, b, b, |v| sext(v, bits)),
        (SMAX2, Scalar::Int(_)) => max3_by(a, b, b, |v| sext(v, bits)),
        // Never produced by `lower`; a defined value instead of a panic.
        _ => 0,
    }
}

/// Timing class of a lane operation of this set.
pub fn op_class(op: ExtOp) -> OpClass {
    match op.opcode {
        // The emulation's two-operand min and max are plain ALU work.
        FMIN2..=SMAX2 => OpClass::Valu,
        _ => OpClass::Min3,
    }
}

/// Every instruction of the specification, all implemented. Their semantic
/// test tables are `isa/tests/tables/amd_shader_trinary_minmax.jsonl`.
pub fn coverage() -> Vec<Coverage> {
    (1..=9u16)
        .map(|opcode| Coverage {
            name: NAMES[opcode as usize - 1].to_string(),
            implemented: true,
            class: Some(OpClass::Min3),
        })
        .collect()
}
