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
use crate::ext::{
    per_component, result_component, Builder, Call, Coverage, ExtOp, ExtSet, OpClass,
};
use crate::ir::Reg;

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
const FMIN2: u16 = 0x100;
const FMAX2: u16 = 0x101;
const UMIN2: u16 = 0x102;
const UMAX2: u16 = 0x103;
const SMIN2: u16 = 0x104;
const SMAX2: u16 = 0x105;

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

/// Every instruction of the specification, all implemented, with the
/// number of rows of [`cases`] that exercise it.
pub fn coverage() -> Vec<Coverage> {
    (1..=9u16)
        .map(|opcode| {
            Coverage {
                name: NAMES[opcode as usize - 1].to_string(),
                implemented: true,
                class: Some(OpClass::Min3),
            }
        })
        .collect()
}

/// Semantic test tables (used by `isa/tests/amd_trinary.rs` and counted by
/// [`coverage`]). Expected values were computed independently with exact
/// arithmetic by `workloads/extensions/tools/gen_tables.py amd`.
pub mod cases {
    use crate::core::Scalar;

    /// Which instructions a [`Sorted`] row exercises.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Kind {
        /// FMin3, FMax3, FMid3.
        F,
        /// UMin3, UMax3, UMid3.
        U,
        /// SMin3, SMax3, SMid3.
        S,
    }

    /// Three values already in order (`lo <= mid <= hi` for the kind's
    /// comparison, -0 below +0). Every permutation of them must give
    /// min3 = `lo`, mid3 = `mid`, max3 = `hi`. The comment names the
    /// operands.
    #[derive(Clone, Copy, Debug)]
    pub struct Sorted {
        pub kind: Kind,
        pub ty: Scalar,
        pub lo: u64,
        pub mid: u64,
        pub hi: u64,
    }

    /// A float instruction with NaN operands (the documented choice).
    #[derive(Clone, Copy, Debug)]
    pub struct Nan {
        pub op: u16,
        pub ty: Scalar,
        pub a: u64,
        pub b: u64,
        pub c: u64,
        pub want: u64,
    }

    #[rustfmt::skip]
    pub static SORTED: &[Sorted] = &[
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x3800, mid: 0x3c00, hi: 0x4000 }, // one two half
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xbc00, mid: 0x0, hi: 0x3c00 }, // mone one pz
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x8000, mid: 0x0, hi: 0x0 }, // pz nz pz
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x8000, mid: 0x8000, hi: 0x0 }, // nz pz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x8000, mid: 0x8000, hi: 0x8000 }, // nz nz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x3c00, mid: 0x3c00, hi: 0x4000 }, // one one two
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x3c00, mid: 0x3c00, hi: 0x4000 }, // two one one
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xfc00, mid: 0x3c00, hi: 0x7c00 }, // inf ninf one
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xfbff, mid: 0x7bff, hi: 0x7c00 }, // maxf nmaxf inf
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x8001, mid: 0x0, hi: 0x1 }, // dmin ndmin pz
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x1, mid: 0x3ff, hi: 0x400 }, // dmax minn dmin
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xb800, mid: 0x8400, hi: 0x8001 }, // nminn ndmin mhalf
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xfc00, mid: 0xfc00, hi: 0x7bff }, // ninf ninf maxf
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0x3800, mid: 0x3800, hi: 0x3800 }, // half half half
        Sorted { kind: Kind::F, ty: Scalar::Float(16), lo: 0xfbff, mid: 0xb800, hi: 0x4000 }, // mhalf two nmaxf
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x3f000000, mid: 0x3f800000, hi: 0x40000000 }, // one two half
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xbf800000, mid: 0x0, hi: 0x3f800000 }, // mone one pz
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x80000000, mid: 0x0, hi: 0x0 }, // pz nz pz
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x80000000, mid: 0x80000000, hi: 0x0 }, // nz pz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x80000000, mid: 0x80000000, hi: 0x80000000 }, // nz nz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x3f800000, mid: 0x3f800000, hi: 0x40000000 }, // one one two
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x3f800000, mid: 0x3f800000, hi: 0x40000000 }, // two one one
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xff800000, mid: 0x3f800000, hi: 0x7f800000 }, // inf ninf one
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xff7fffff, mid: 0x7f7fffff, hi: 0x7f800000 }, // maxf nmaxf inf
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x80000001, mid: 0x0, hi: 0x1 }, // dmin ndmin pz
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x1, mid: 0x7fffff, hi: 0x800000 }, // dmax minn dmin
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xbf000000, mid: 0x80800000, hi: 0x80000001 }, // nminn ndmin mhalf
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xff800000, mid: 0xff800000, hi: 0x7f7fffff }, // ninf ninf maxf
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0x3f000000, mid: 0x3f000000, hi: 0x3f000000 }, // half half half
        Sorted { kind: Kind::F, ty: Scalar::Float(32), lo: 0xff7fffff, mid: 0xbf000000, hi: 0x40000000 }, // mhalf two nmaxf
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x3fe0000000000000, mid: 0x3ff0000000000000, hi: 0x4000000000000000 }, // one two half
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xbff0000000000000, mid: 0x0, hi: 0x3ff0000000000000 }, // mone one pz
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x8000000000000000, mid: 0x0, hi: 0x0 }, // pz nz pz
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x8000000000000000, mid: 0x8000000000000000, hi: 0x0 }, // nz pz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x8000000000000000, mid: 0x8000000000000000, hi: 0x8000000000000000 }, // nz nz nz
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x3ff0000000000000, mid: 0x3ff0000000000000, hi: 0x4000000000000000 }, // one one two
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x3ff0000000000000, mid: 0x3ff0000000000000, hi: 0x4000000000000000 }, // two one one
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xfff0000000000000, mid: 0x3ff0000000000000, hi: 0x7ff0000000000000 }, // inf ninf one
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xffefffffffffffff, mid: 0x7fefffffffffffff, hi: 0x7ff0000000000000 }, // maxf nmaxf inf
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x8000000000000001, mid: 0x0, hi: 0x1 }, // dmin ndmin pz
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x1, mid: 0xfffffffffffff, hi: 0x10000000000000 }, // dmax minn dmin
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xbfe0000000000000, mid: 0x8010000000000000, hi: 0x8000000000000001 }, // nminn ndmin mhalf
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xfff0000000000000, mid: 0xfff0000000000000, hi: 0x7fefffffffffffff }, // ninf ninf maxf
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0x3fe0000000000000, mid: 0x3fe0000000000000, hi: 0x3fe0000000000000 }, // half half half
        Sorted { kind: Kind::F, ty: Scalar::Float(64), lo: 0xffefffffffffffff, mid: 0xbfe0000000000000, hi: 0x4000000000000000 }, // mhalf two nmaxf
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0xff, mid: 0x0, hi: 0x1 }, // 0 1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0x80, mid: 0x0, hi: 0x7f }, // -128 127 0
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0x80, mid: 0x81, hi: 0x7e }, // -127 -128 126
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0x80, mid: 0x7f, hi: 0x7f }, // 127 127 -128
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0xff, mid: 0xff, hi: 0xff }, // -1 -1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0xf9, mid: 0x3, hi: 0x5 }, // 5 -7 3
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0x80, mid: 0x80, hi: 0x81 }, // -128 -128 -127
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0xfe, mid: 0x2, hi: 0x7f }, // -2 127 2
        Sorted { kind: Kind::S, ty: Scalar::Int(8), lo: 0xff, mid: 0x7e, hi: 0x7f }, // 126 127 -1
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0x1, hi: 0xff }, // 0 1 255
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0xfe, hi: 0xff }, // 255 254 0
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x1, mid: 0x7f, hi: 0x80 }, // 128 127 1
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0xff, hi: 0xff }, // 255 255 0
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x7, mid: 0x7, hi: 0x7 }, // 7 7 7
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x3, mid: 0x5, hi: 0x9 }, // 3 9 5
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x2, mid: 0xfe, hi: 0xff }, // 255 2 254
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0x80, hi: 0xff }, // 128 0 255
        Sorted { kind: Kind::U, ty: Scalar::Int(8), lo: 0x0, mid: 0x0, hi: 0x1 }, // 1 0 0
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0xffff, mid: 0x0, hi: 0x1 }, // 0 1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0x8000, mid: 0x0, hi: 0x7fff }, // -32768 32767 0
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0x8000, mid: 0x8001, hi: 0x7ffe }, // -32767 -32768 32766
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0x8000, mid: 0x7fff, hi: 0x7fff }, // 32767 32767 -32768
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0xffff, mid: 0xffff, hi: 0xffff }, // -1 -1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0xfff9, mid: 0x3, hi: 0x5 }, // 5 -7 3
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0x8000, mid: 0x8000, hi: 0x8001 }, // -32768 -32768 -32767
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0xfffe, mid: 0x2, hi: 0x7fff }, // -2 32767 2
        Sorted { kind: Kind::S, ty: Scalar::Int(16), lo: 0xffff, mid: 0x7ffe, hi: 0x7fff }, // 32766 32767 -1
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0x1, hi: 0xffff }, // 0 1 65535
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0xfffe, hi: 0xffff }, // 65535 65534 0
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x1, mid: 0x7fff, hi: 0x8000 }, // 32768 32767 1
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0xffff, hi: 0xffff }, // 65535 65535 0
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x7, mid: 0x7, hi: 0x7 }, // 7 7 7
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x3, mid: 0x5, hi: 0x9 }, // 3 9 5
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x2, mid: 0xfffe, hi: 0xffff }, // 65535 2 65534
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0x8000, hi: 0xffff }, // 32768 0 65535
        Sorted { kind: Kind::U, ty: Scalar::Int(16), lo: 0x0, mid: 0x0, hi: 0x1 }, // 1 0 0
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0xffffffff, mid: 0x0, hi: 0x1 }, // 0 1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0x80000000, mid: 0x0, hi: 0x7fffffff }, // -2147483648 2147483647 0
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0x80000000, mid: 0x80000001, hi: 0x7ffffffe }, // -2147483647 -2147483648 2147483646
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0x80000000, mid: 0x7fffffff, hi: 0x7fffffff }, // 2147483647 2147483647 -2147483648
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0xffffffff, mid: 0xffffffff, hi: 0xffffffff }, // -1 -1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0xfffffff9, mid: 0x3, hi: 0x5 }, // 5 -7 3
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0x80000000, mid: 0x80000000, hi: 0x80000001 }, // -2147483648 -2147483648 -2147483647
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0xfffffffe, mid: 0x2, hi: 0x7fffffff }, // -2 2147483647 2
        Sorted { kind: Kind::S, ty: Scalar::Int(32), lo: 0xffffffff, mid: 0x7ffffffe, hi: 0x7fffffff }, // 2147483646 2147483647 -1
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0x1, hi: 0xffffffff }, // 0 1 4294967295
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0xfffffffe, hi: 0xffffffff }, // 4294967295 4294967294 0
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x1, mid: 0x7fffffff, hi: 0x80000000 }, // 2147483648 2147483647 1
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0xffffffff, hi: 0xffffffff }, // 4294967295 4294967295 0
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x7, mid: 0x7, hi: 0x7 }, // 7 7 7
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x3, mid: 0x5, hi: 0x9 }, // 3 9 5
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x2, mid: 0xfffffffe, hi: 0xffffffff }, // 4294967295 2 4294967294
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0x80000000, hi: 0xffffffff }, // 2147483648 0 4294967295
        Sorted { kind: Kind::U, ty: Scalar::Int(32), lo: 0x0, mid: 0x0, hi: 0x1 }, // 1 0 0
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0xffffffffffffffff, mid: 0x0, hi: 0x1 }, // 0 1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0x8000000000000000, mid: 0x0, hi: 0x7fffffffffffffff }, // -9223372036854775808 9223372036854775807 0
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0x8000000000000000, mid: 0x8000000000000001, hi: 0x7ffffffffffffffe }, // -9223372036854775807 -9223372036854775808 9223372036854775806
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0x8000000000000000, mid: 0x7fffffffffffffff, hi: 0x7fffffffffffffff }, // 9223372036854775807 9223372036854775807 -9223372036854775808
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0xffffffffffffffff, mid: 0xffffffffffffffff, hi: 0xffffffffffffffff }, // -1 -1 -1
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0xfffffffffffffff9, mid: 0x3, hi: 0x5 }, // 5 -7 3
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0x8000000000000000, mid: 0x8000000000000000, hi: 0x8000000000000001 }, // -9223372036854775808 -9223372036854775808 -9223372036854775807
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0xfffffffffffffffe, mid: 0x2, hi: 0x7fffffffffffffff }, // -2 9223372036854775807 2
        Sorted { kind: Kind::S, ty: Scalar::Int(64), lo: 0xffffffffffffffff, mid: 0x7ffffffffffffffe, hi: 0x7fffffffffffffff }, // 9223372036854775806 9223372036854775807 -1
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0x1, hi: 0xffffffffffffffff }, // 0 1 18446744073709551615
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0xfffffffffffffffe, hi: 0xffffffffffffffff }, // 18446744073709551615 18446744073709551614 0
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x1, mid: 0x7fffffffffffffff, hi: 0x8000000000000000 }, // 9223372036854775808 9223372036854775807 1
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0xffffffffffffffff, hi: 0xffffffffffffffff }, // 18446744073709551615 18446744073709551615 0
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x7, mid: 0x7, hi: 0x7 }, // 7 7 7
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0x0, hi: 0x1 }, // 0 0 1
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x3, mid: 0x5, hi: 0x9 }, // 3 9 5
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x2, mid: 0xfffffffffffffffe, hi: 0xffffffffffffffff }, // 18446744073709551615 2 18446744073709551614
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0x8000000000000000, hi: 0xffffffffffffffff }, // 9223372036854775808 0 18446744073709551615
        Sorted { kind: Kind::U, ty: Scalar::Int(64), lo: 0x0, mid: 0x0, hi: 0x1 }, // 1 0 0
    ];
    #[rustfmt::skip]
    pub static NAN: &[Nan] = &[
        Nan { op: 1, ty: Scalar::Float(16), a: 0x7e00, b: 0x3c00, c: 0x4000, want: 0x3c00 }, // qnan one two
        Nan { op: 4, ty: Scalar::Float(16), a: 0x7e00, b: 0x3c00, c: 0x4000, want: 0x4000 }, // qnan one two
        Nan { op: 7, ty: Scalar::Float(16), a: 0x7e00, b: 0x3c00, c: 0x4000, want: 0x3c00 }, // qnan one two
        Nan { op: 1, ty: Scalar::Float(16), a: 0x3c00, b: 0x7e00, c: 0xbc00, want: 0xbc00 }, // one qnan mone
        Nan { op: 4, ty: Scalar::Float(16), a: 0x3c00, b: 0x7e00, c: 0xbc00, want: 0x3c00 }, // one qnan mone
        Nan { op: 7, ty: Scalar::Float(16), a: 0x3c00, b: 0x7e00, c: 0xbc00, want: 0xbc00 }, // one qnan mone
        Nan { op: 1, ty: Scalar::Float(16), a: 0x3c00, b: 0x4000, c: 0x7c01, want: 0x3c00 }, // one two snan
        Nan { op: 4, ty: Scalar::Float(16), a: 0x3c00, b: 0x4000, c: 0x7c01, want: 0x4000 }, // one two snan
        Nan { op: 7, ty: Scalar::Float(16), a: 0x3c00, b: 0x4000, c: 0x7c01, want: 0x3c00 }, // one two snan
        Nan { op: 1, ty: Scalar::Float(16), a: 0xfe05, b: 0x7e00, c: 0x3800, want: 0x3800 }, // nqnan qnan half
        Nan { op: 4, ty: Scalar::Float(16), a: 0xfe05, b: 0x7e00, c: 0x3800, want: 0x3800 }, // nqnan qnan half
        Nan { op: 7, ty: Scalar::Float(16), a: 0xfe05, b: 0x7e00, c: 0x3800, want: 0x3800 }, // nqnan qnan half
        Nan { op: 1, ty: Scalar::Float(16), a: 0x7c01, b: 0xfc03, c: 0x7e00, want: 0x7e00 }, // snan nsnan qnan
        Nan { op: 4, ty: Scalar::Float(16), a: 0x7c01, b: 0xfc03, c: 0x7e00, want: 0x7e00 }, // snan nsnan qnan
        Nan { op: 7, ty: Scalar::Float(16), a: 0x7c01, b: 0xfc03, c: 0x7e00, want: 0x7e00 }, // snan nsnan qnan
        Nan { op: 1, ty: Scalar::Float(16), a: 0x7e00, b: 0x7e00, c: 0x7e00, want: 0x7e00 }, // qnan qnan qnan
        Nan { op: 4, ty: Scalar::Float(16), a: 0x7e00, b: 0x7e00, c: 0x7e00, want: 0x7e00 }, // qnan qnan qnan
        Nan { op: 7, ty: Scalar::Float(16), a: 0x7e00, b: 0x7e00, c: 0x7e00, want: 0x7e00 }, // qnan qnan qnan
        Nan { op: 1, ty: Scalar::Float(16), a: 0xfc00, b: 0xfe05, c: 0x7c00, want: 0xfc00 }, // ninf nqnan inf
        Nan { op: 4, ty: Scalar::Float(16), a: 0xfc00, b: 0xfe05, c: 0x7c00, want: 0x7c00 }, // ninf nqnan inf
        Nan { op: 7, ty: Scalar::Float(16), a: 0xfc00, b: 0xfe05, c: 0x7c00, want: 0xfc00 }, // ninf nqnan inf
        Nan { op: 1, ty: Scalar::Float(16), a: 0x8000, b: 0x7c01, c: 0x0, want: 0x8000 }, // nz snan pz
        Nan { op: 4, ty: Scalar::Float(16), a: 0x8000, b: 0x7c01, c: 0x0, want: 0x0 }, // nz snan pz
        Nan { op: 7, ty: Scalar::Float(16), a: 0x8000, b: 0x7c01, c: 0x0, want: 0x8000 }, // nz snan pz
        Nan { op: 1, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x3f800000, c: 0x40000000, want: 0x3f800000 }, // qnan one two
        Nan { op: 4, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x3f800000, c: 0x40000000, want: 0x40000000 }, // qnan one two
        Nan { op: 7, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x3f800000, c: 0x40000000, want: 0x3f800000 }, // qnan one two
        Nan { op: 1, ty: Scalar::Float(32), a: 0x3f800000, b: 0x7fc00000, c: 0xbf800000, want: 0xbf800000 }, // one qnan mone
        Nan { op: 4, ty: Scalar::Float(32), a: 0x3f800000, b: 0x7fc00000, c: 0xbf800000, want: 0x3f800000 }, // one qnan mone
        Nan { op: 7, ty: Scalar::Float(32), a: 0x3f800000, b: 0x7fc00000, c: 0xbf800000, want: 0xbf800000 }, // one qnan mone
        Nan { op: 1, ty: Scalar::Float(32), a: 0x3f800000, b: 0x40000000, c: 0x7f800001, want: 0x3f800000 }, // one two snan
        Nan { op: 4, ty: Scalar::Float(32), a: 0x3f800000, b: 0x40000000, c: 0x7f800001, want: 0x40000000 }, // one two snan
        Nan { op: 7, ty: Scalar::Float(32), a: 0x3f800000, b: 0x40000000, c: 0x7f800001, want: 0x3f800000 }, // one two snan
        Nan { op: 1, ty: Scalar::Float(32), a: 0xffc00005, b: 0x7fc00000, c: 0x3f000000, want: 0x3f000000 }, // nqnan qnan half
        Nan { op: 4, ty: Scalar::Float(32), a: 0xffc00005, b: 0x7fc00000, c: 0x3f000000, want: 0x3f000000 }, // nqnan qnan half
        Nan { op: 7, ty: Scalar::Float(32), a: 0xffc00005, b: 0x7fc00000, c: 0x3f000000, want: 0x3f000000 }, // nqnan qnan half
        Nan { op: 1, ty: Scalar::Float(32), a: 0x7f800001, b: 0xff800003, c: 0x7fc00000, want: 0x7fc00000 }, // snan nsnan qnan
        Nan { op: 4, ty: Scalar::Float(32), a: 0x7f800001, b: 0xff800003, c: 0x7fc00000, want: 0x7fc00000 }, // snan nsnan qnan
        Nan { op: 7, ty: Scalar::Float(32), a: 0x7f800001, b: 0xff800003, c: 0x7fc00000, want: 0x7fc00000 }, // snan nsnan qnan
        Nan { op: 1, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x7fc00000, c: 0x7fc00000, want: 0x7fc00000 }, // qnan qnan qnan
        Nan { op: 4, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x7fc00000, c: 0x7fc00000, want: 0x7fc00000 }, // qnan qnan qnan
        Nan { op: 7, ty: Scalar::Float(32), a: 0x7fc00000, b: 0x7fc00000, c: 0x7fc00000, want: 0x7fc00000 }, // qnan qnan qnan
        Nan { op: 1, ty: Scalar::Float(32), a: 0xff800000, b: 0xffc00005, c: 0x7f800000, want: 0xff800000 }, // ninf nqnan inf
        Nan { op: 4, ty: Scalar::Float(32), a: 0xff800000, b: 0xffc00005, c: 0x7f800000, want: 0x7f800000 }, // ninf nqnan inf
        Nan { op: 7, ty: Scalar::Float(32), a: 0xff800000, b: 0xffc00005, c: 0x7f800000, want: 0xff800000 }, // ninf nqnan inf
        Nan { op: 1, ty: Scalar::Float(32), a: 0x80000000, b: 0x7f800001, c: 0x0, want: 0x80000000 }, // nz snan pz
        Nan { op: 4, ty: Scalar::Float(32), a: 0x80000000, b: 0x7f800001, c: 0x0, want: 0x0 }, // nz snan pz
        Nan { op: 7, ty: Scalar::Float(32), a: 0x80000000, b: 0x7f800001, c: 0x0, want: 0x80000000 }, // nz snan pz
        Nan { op: 1, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x3ff0000000000000, c: 0x4000000000000000, want: 0x3ff0000000000000 }, // qnan one two
        Nan { op: 4, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x3ff0000000000000, c: 0x4000000000000000, want: 0x4000000000000000 }, // qnan one two
        Nan { op: 7, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x3ff0000000000000, c: 0x4000000000000000, want: 0x3ff0000000000000 }, // qnan one two
        Nan { op: 1, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x7ff8000000000000, c: 0xbff0000000000000, want: 0xbff0000000000000 }, // one qnan mone
        Nan { op: 4, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x7ff8000000000000, c: 0xbff0000000000000, want: 0x3ff0000000000000 }, // one qnan mone
        Nan { op: 7, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x7ff8000000000000, c: 0xbff0000000000000, want: 0xbff0000000000000 }, // one qnan mone
        Nan { op: 1, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x4000000000000000, c: 0x7ff0000000000001, want: 0x3ff0000000000000 }, // one two snan
        Nan { op: 4, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x4000000000000000, c: 0x7ff0000000000001, want: 0x4000000000000000 }, // one two snan
        Nan { op: 7, ty: Scalar::Float(64), a: 0x3ff0000000000000, b: 0x4000000000000000, c: 0x7ff0000000000001, want: 0x3ff0000000000000 }, // one two snan
        Nan { op: 1, ty: Scalar::Float(64), a: 0xfff8000000000005, b: 0x7ff8000000000000, c: 0x3fe0000000000000, want: 0x3fe0000000000000 }, // nqnan qnan half
        Nan { op: 4, ty: Scalar::Float(64), a: 0xfff8000000000005, b: 0x7ff8000000000000, c: 0x3fe0000000000000, want: 0x3fe0000000000000 }, // nqnan qnan half
        Nan { op: 7, ty: Scalar::Float(64), a: 0xfff8000000000005, b: 0x7ff8000000000000, c: 0x3fe0000000000000, want: 0x3fe0000000000000 }, // nqnan qnan half
        Nan { op: 1, ty: Scalar::Float(64), a: 0x7ff0000000000001, b: 0xfff0000000000003, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // snan nsnan qnan
        Nan { op: 4, ty: Scalar::Float(64), a: 0x7ff0000000000001, b: 0xfff0000000000003, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // snan nsnan qnan
        Nan { op: 7, ty: Scalar::Float(64), a: 0x7ff0000000000001, b: 0xfff0000000000003, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // snan nsnan qnan
        Nan { op: 1, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x7ff8000000000000, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // qnan qnan qnan
        Nan { op: 4, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x7ff8000000000000, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // qnan qnan qnan
        Nan { op: 7, ty: Scalar::Float(64), a: 0x7ff8000000000000, b: 0x7ff8000000000000, c: 0x7ff8000000000000, want: 0x7ff8000000000000 }, // qnan qnan qnan
        Nan { op: 1, ty: Scalar::Float(64), a: 0xfff0000000000000, b: 0xfff8000000000005, c: 0x7ff0000000000000, want: 0xfff0000000000000 }, // ninf nqnan inf
        Nan { op: 4, ty: Scalar::Float(64), a: 0xfff0000000000000, b: 0xfff8000000000005, c: 0x7ff0000000000000, want: 0x7ff0000000000000 }, // ninf nqnan inf
        Nan { op: 7, ty: Scalar::Float(64), a: 0xfff0000000000000, b: 0xfff8000000000005, c: 0x7ff0000000000000, want: 0xfff0000000000000 }, // ninf nqnan inf
        Nan { op: 1, ty: Scalar::Float(64), a: 0x8000000000000000, b: 0x7ff0000000000001, c: 0x0, want: 0x8000000000000000 }, // nz snan pz
        Nan { op: 4, ty: Scalar::Float(64), a: 0x8000000000000000, b: 0x7ff0000000000001, c: 0x0, want: 0x0 }, // nz snan pz
        Nan { op: 7, ty: Scalar::Float(64), a: 0x8000000000000000, b: 0x7ff0000000000001, c: 0x0, want: 0x8000000000000000 }, // nz snan pz
    ];
}
