//! SPV_INTEL_shader_integer_functions2: the fourteen integer instructions
//! OpUCountLeadingZerosINTEL (5585) ... OpUMul32x16INTEL (5598). They are
//! core opcodes; `Call::opcode` and `ExtOp::opcode` are the SPIR-V opcode.
//!
//! Widths, as the specification allows them:
//!
//! * OpUCountLeadingZeros, OpUCountTrailingZeros, OpIMul32x16 and
//!   OpUMul32x16: 32-bit components only (other widths are refused);
//! * the other ten: 8, 16, 32 and 64-bit components;
//! * all: scalars and vectors (one lane operation per component).
//!
//! Meaning (integers are signless bit patterns; the instruction says how it
//! reads them):
//!
//! * count leading / trailing zeros of 0 is the width (32);
//! * OpAbsISub reads its operands as signed, OpAbsUSub as unsigned; both
//!   return |x - y| as an unsigned value of the result width, which always
//!   fits (at most 2^w - 1), so the clamp of the specification never acts;
//! * OpIAddSat / OpISubSat clamp to [-2^(w-1), 2^(w-1) - 1], OpUAddSat /
//!   OpUSubSat to [0, 2^w - 1];
//! * the averages compute the sum exactly (no modulo overflow) and shift it
//!   right by one: signed ones round toward negative infinity,
//!   `(x + y) >> 1` and `(x + y + 1) >> 1`;
//! * OpIMul32x16 multiplies operand 1 by the low 16 bits of operand 2
//!   sign-extended to 32 bits, OpUMul32x16 by them zero-extended; the result
//!   is the low 32 bits of the product.

use crate::core::{AluOp, Scalar};
use crate::instruction_set::{per_component, Builder, Call, Coverage, Emulation, OpClass};
use crate::ir::{ExtOp, ExtSet, Reg};

pub const UCOUNT_LEADING_ZEROS: u16 = 5585;
pub const UCOUNT_TRAILING_ZEROS: u16 = 5586;
pub const ABS_ISUB: u16 = 5587;
pub const ABS_USUB: u16 = 5588;
pub const IADD_SAT: u16 = 5589;
pub const UADD_SAT: u16 = 5590;
pub const IAVERAGE: u16 = 5591;
pub const UAVERAGE: u16 = 5592;
pub const IAVERAGE_ROUNDED: u16 = 5593;
pub const UAVERAGE_ROUNDED: u16 = 5594;
pub const ISUB_SAT: u16 = 5595;
pub const USUB_SAT: u16 = 5596;
pub const IMUL32X16: u16 = 5597;
pub const UMUL32X16: u16 = 5598;

/// First opcode of the extension.
pub const FIRST: u16 = UCOUNT_LEADING_ZEROS;

/// Canonical names, indexed by opcode - 5585.
pub const NAMES: [&str; 14] = [
    "INTEL.UCountLeadingZeros",
    "INTEL.UCountTrailingZeros",
    "INTEL.AbsISub",
    "INTEL.AbsUSub",
    "INTEL.IAddSat",
    "INTEL.UAddSat",
    "INTEL.IAverage",
    "INTEL.UAverage",
    "INTEL.IAverageRounded",
    "INTEL.UAverageRounded",
    "INTEL.ISubSat",
    "INTEL.USubSat",
    "INTEL.IMul32x16",
    "INTEL.UMul32x16",
];

/// Lowers one instruction: one lane operation per component.
pub fn lower(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    let opcode = call.opcode;
    if !(5585..=5598).contains(&opcode) {
        return Err(format!(
            "opcode {opcode} is not an SPV_INTEL_shader_integer_functions2 instruction"
        ));
    }
    let opcode = opcode as u16;
    let arity = if opcode <= UCOUNT_TRAILING_ZEROS {
        1
    } else {
        2
    };
    if call.operands.len() != arity {
        return Err(format!(
            "takes {arity} operand{}, got {}",
            if arity == 1 { "" } else { "s" },
            call.operands.len()
        ));
    }
    let n = call.result.len();
    let Some(&ty) = call.result.first() else {
        return Err("the result type must be an integer scalar or vector, not void".to_string());
    };
    if call.result.iter().any(|&t| t != ty) {
        return Err("the result type must be an integer scalar or vector".to_string());
    }
    let only32 = matches!(
        opcode,
        UCOUNT_LEADING_ZEROS | UCOUNT_TRAILING_ZEROS | IMUL32X16 | UMUL32X16
    );
    match ty {
        Scalar::Int(32) => {}
        Scalar::Int(8 | 16 | 64) if !only32 => {}
        Scalar::Int(w) if only32 => {
            return Err(format!(
                "the result type must have 32-bit integer components, not {w}-bit"
            ))
        }
        other => {
            return Err(format!(
                "the result type must have integer components, not {other:?}"
            ))
        }
    }
    for (i, o) in call.operands.iter().enumerate() {
        if o.pointer.is_some() || o.types.as_slice() != call.result || o.regs.len() != n {
            return Err(format!(
                "operand {} must have {n} component(s) of the result width ({ty:?})",
                i + 1
            ));
        }
    }
    let op = ExtOp {
        set: ExtSet::IntelInt2,
        opcode,
        ty,
        aux: ty,
    };
    let args: Vec<&[Reg]> = call.operands.iter().map(|o| o.regs.as_slice()).collect();
    if emulated(b.emulation(), opcode) {
        return Ok((0..n)
            .map(|i| {
                let y = args.get(1).map_or(0, |a| a[i]);
                emulate(b, opcode, ty, args[0][i], y)
            })
            .collect());
    }
    Ok(per_component(b, op, n, &args))
}

/// Whether `e` emulates the family of instruction `opcode`.
pub fn emulated(e: Emulation, opcode: u16) -> bool {
    match opcode {
        UCOUNT_LEADING_ZEROS | UCOUNT_TRAILING_ZEROS => e.count_zeros,
        ABS_ISUB | ABS_USUB => e.abs_diff,
        IADD_SAT | UADD_SAT | ISUB_SAT | USUB_SAT => e.saturating,
        IMUL32X16 | UMUL32X16 => e.mul32x16,
        _ => e.averages,
    }
}

/// One component of `opcode` as the sequence of core operations a compiler
/// emits without the instruction (all exact in the operand width, which
/// may be 8, 16, 32 or 64 bits; OpenCL.std's instructions of the same
/// families are emulated with these too):
/// - add_sat: u: s = a + b, s < a ? MAX : s; i: overflow when
///   ((s ^ a) & (s ^ b)) < 0, then a < 0 ? MIN : MAX;
/// - sub_sat: u: a < b ? 0 : a - b; i: overflow when ((a ^ b) & (a ^ d)) < 0;
/// - average: (a & b) + ((a ^ b) >> 1); rounded: (a | b) - ((a ^ b) >> 1),
///   with an arithmetic shift for the signed forms;
/// - abs_sub: a > b ? a - b : b - a;
/// - mul32x16: a * (b & 0xffff), or a * sign-extended low half of b;
/// - ctz: bitcount(!x & (x - 1)); clz: smear the highest set bit right
///   (x |= x >> 1, 2, 4, ... up to half the width), then width - bitcount.
pub fn emulate(b: &mut dyn Builder, opcode: u16, ty: Scalar, x: Reg, y: Reg) -> Reg {
    let bits = ty.bits();
    let k = |b: &mut dyn Builder, v: u64| b.constant(v & mask(bits));
    let signed_min = 1u64 << (bits - 1);
    match opcode {
        UADD_SAT => {
            let s = b.alu(AluOp::IAdd, ty, &[x, y]);
            let over = b.alu(AluOp::ULessThan, ty, &[s, x]);
            let max = k(b, u64::MAX);
            b.alu(AluOp::Select, ty, &[over, max, s])
        }
        USUB_SAT => {
            let d = b.alu(AluOp::ISub, ty, &[x, y]);
            let under = b.alu(AluOp::ULessThan, ty, &[x, y]);
            let zero = k(b, 0);
            b.alu(AluOp::Select, ty, &[under, zero, d])
        }
        IADD_SAT | ISUB_SAT => {
            let add = opcode == IADD_SAT;
            let r = b.alu(if add { AluOp::IAdd } else { AluOp::ISub }, ty, &[x, y]);
            let (p, q) = if add {
                (
                    b.alu(AluOp::BitwiseXor, ty, &[r, x]),
                    b.alu(AluOp::BitwiseXor, ty, &[r, y]),
                )
            } else {
                (
                    b.alu(AluOp::BitwiseXor, ty, &[x, y]),
                    b.alu(AluOp::BitwiseXor, ty, &[x, r]),
                )
            };
            let t = b.alu(AluOp::BitwiseAnd, ty, &[p, q]);
            let zero = k(b, 0);
            let over = b.alu(AluOp::SLessThan, ty, &[t, zero]);
            let negative = b.alu(AluOp::SLessThan, ty, &[x, zero]);
            let min = k(b, signed_min);
            let max = k(b, signed_min - 1);
            let limit = b.alu(AluOp::Select, ty, &[negative, min, max]);
            b.alu(AluOp::Select, ty, &[over, limit, r])
        }
        IAVERAGE | UAVERAGE | IAVERAGE_ROUNDED | UAVERAGE_ROUNDED => {
            let rounded = matches!(opcode, IAVERAGE_ROUNDED | UAVERAGE_ROUNDED);
            let shift = if matches!(opcode, IAVERAGE | IAVERAGE_ROUNDED) {
                AluOp::ShiftRightArithmetic
            } else {
                AluOp::ShiftRightLogical
            };
            let common = b.alu(
                if rounded {
                    AluOp::BitwiseOr
                } else {
                    AluOp::BitwiseAnd
                },
                ty,
                &[x, y],
            );
            let diff = b.alu(AluOp::BitwiseXor, ty, &[x, y]);
            let one = k(b, 1);
            let half = b.alu(shift, ty, &[diff, one]);
            b.alu(
                if rounded { AluOp::ISub } else { AluOp::IAdd },
                ty,
                &[common, half],
            )
        }
        ABS_ISUB | ABS_USUB => {
            let greater = if opcode == ABS_ISUB {
                AluOp::SGreaterThan
            } else {
                AluOp::UGreaterThan
            };
            let gt = b.alu(greater, ty, &[x, y]);
            let xy = b.alu(AluOp::ISub, ty, &[x, y]);
            let yx = b.alu(AluOp::ISub, ty, &[y, x]);
            b.alu(AluOp::Select, ty, &[gt, xy, yx])
        }
        UMUL32X16 => {
            let low = k(b, 0xffff);
            let y16 = b.alu(AluOp::BitwiseAnd, ty, &[y, low]);
            b.alu(AluOp::IMul, ty, &[x, y16])
        }
        IMUL32X16 => {
            let (zero, sixteen) = (k(b, 0), k(b, 16));
            let y16 = b.alu(AluOp::BitFieldSExtract, ty, &[y, zero, sixteen]);
            b.alu(AluOp::IMul, ty, &[x, y16])
        }
        UCOUNT_TRAILING_ZEROS => {
            let one = k(b, 1);
            let below = b.alu(AluOp::ISub, ty, &[x, one]);
            let not = b.alu(AluOp::Not, ty, &[x]);
            let trailing = b.alu(AluOp::BitwiseAnd, ty, &[not, below]);
            b.alu(AluOp::BitCount, ty, &[trailing])
        }
        _ => {
            // UCountLeadingZeros.
            let mut v = x;
            let mut s = 1;
            while s < bits {
                let sh = k(b, s as u64);
                let part = b.alu(AluOp::ShiftRightLogical, ty, &[v, sh]);
                v = b.alu(AluOp::BitwiseOr, ty, &[v, part]);
                s *= 2;
            }
            let ones = b.alu(AluOp::BitCount, ty, &[v]);
            let width = k(b, bits as u64);
            b.alu(AluOp::ISub, ty, &[width, ones])
        }
    }
}

use crate::core::mask;

/// The low `bits` bits of `v` read as signed.
#[inline]
fn sext(v: u64, bits: u32) -> i128 {
    crate::core::sign_extend(v, bits) as i128
}

/// One lane of `op` on `a` and `b` (`c` unused). Bits above the width of
/// `op.ty` are zero in the operands and in the result.
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, _c: u64) -> u64 {
    let bits = match op.ty {
        Scalar::Int(w @ (8 | 16 | 32 | 64)) => w as u32,
        // Never produced by `lower`; a defined value instead of a panic.
        _ => return 0,
    };
    let m = mask(bits);
    let (a, b) = (a & m, b & m);
    let (ua, ub) = (a as i128, b as i128);
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let smin = -(1i128 << (bits - 1));
    let smax = (1i128 << (bits - 1)) - 1;
    let umax = m as i128;
    let r: i128 = match op.opcode {
        UCOUNT_LEADING_ZEROS => {
            if a == 0 {
                bits as i128
            } else {
                (a.leading_zeros() - (64 - bits)) as i128
            }
        }
        UCOUNT_TRAILING_ZEROS => {
            if a == 0 {
                bits as i128
            } else {
                a.trailing_zeros() as i128
            }
        }
        ABS_ISUB => (sa - sb).abs(),
        ABS_USUB => (ua - ub).abs(),
        IADD_SAT => (sa + sb).clamp(smin, smax),
        UADD_SAT => (ua + ub).min(umax),
        IAVERAGE => (sa + sb) >> 1,
        UAVERAGE => (ua + ub) >> 1,
        IAVERAGE_ROUNDED => (sa + sb + 1) >> 1,
        UAVERAGE_ROUNDED => (ua + ub + 1) >> 1,
        ISUB_SAT => (sa - sb).clamp(smin, smax),
        USUB_SAT => (ua - ub).max(0),
        IMUL32X16 => ua * ((b as u16 as i16) as i128),
        UMUL32X16 => ua * ((b as u16) as i128),
        _ => 0,
    };
    (r as u64) & m
}

/// Timing class of a lane operation.
pub fn op_class(op: ExtOp) -> OpClass {
    class_of(op.opcode)
}

fn class_of(opcode: u16) -> OpClass {
    match opcode {
        UCOUNT_LEADING_ZEROS | UCOUNT_TRAILING_ZEROS => OpClass::BitScan,
        ABS_ISUB | ABS_USUB => OpClass::AbsDiff,
        IADD_SAT | UADD_SAT | ISUB_SAT | USUB_SAT => OpClass::Sat,
        IAVERAGE | UAVERAGE | IAVERAGE_ROUNDED | UAVERAGE_ROUNDED => OpClass::Avg,
        IMUL32X16 | UMUL32X16 => OpClass::Mul32x16,
        _ => OpClass::Valu,
    }
}

/// Every instruction of the specification, all implemented. Their semantic
/// test tables are `isa/tests/tables/intel_shader_integer_functions2.jsonl`.
pub fn coverage() -> Vec<Coverage> {
    (FIRST..=UMUL32X16)
        .map(|opcode| Coverage {
            name: NAMES[(opcode - FIRST) as usize].to_string(),
            implemented: true,
            class: Some(class_of(opcode)),
        })
        .collect()
}
