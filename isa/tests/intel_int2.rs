//! SPV_INTEL_shader_integer_functions2: the semantic tables of
//! `isa/tests/tables/intel_shader_integer_functions2.jsonl`, an exhaustive
//! 8-bit check against plain i32 arithmetic, vectors through `lower` with a
//! fake builder, the width rules, and coverage.

use isa::core::Scalar;
use isa::ext::{Builder, Call, Emulation, ExtOp, ExtSet, OpClass, Operand};
use isa::intel_shader_integer_functions2 as intel;
use isa::ir::Reg;
use serde::Deserialize;

mod common;
use common::{lcg, Eval};

const SET: &str = "intel_shader_integer_functions2";

/// A row of table `pairs` (the ten binary instructions AbsISub ... USubSat)
/// or `muls` (IMul32x16, UMul32x16): two operands and the result.
#[derive(Debug, Deserialize)]
struct Binary {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex")]
    a: u64,
    #[serde(deserialize_with = "common::hex")]
    b: u64,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
}

/// A row of table `scans`: a 32-bit operand and its leading or trailing
/// zero count.
#[derive(Debug, Deserialize)]
struct Scan {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex")]
    a: u64,
    want: u64,
}

fn pairs() -> Vec<Binary> {
    common::table(SET, "pairs")
}

fn scans() -> Vec<Scan> {
    common::table(SET, "scans")
}

fn muls() -> Vec<Binary> {
    common::table(SET, "muls")
}

fn op(opcode: u16, bits: u8) -> ExtOp {
    let ty = Scalar::Int(bits);
    ExtOp {
        set: ExtSet::IntelInt2,
        opcode,
        ty,
        aux: ty,
    }
}

#[test]
fn binary_table() {
    for row in pairs() {
        let opcode = common::opcode_of(&row.inst);
        assert!(
            (intel::ABS_ISUB..=intel::USUB_SAT).contains(&opcode),
            "{row:?}"
        );
        let got = intel::eval(op(opcode, row.ty.bits() as u8), row.a, row.b, 0);
        assert_eq!(
            got,
            row.want,
            "{} ({}-bit) of {:#x}, {:#x}",
            row.inst,
            row.ty.bits(),
            row.a,
            row.b
        );
    }
}

#[test]
fn table_has_the_edges_of_every_width() {
    let pairs = pairs();
    for bits in [8u8, 16, 32, 64] {
        let m = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        let min = 1u64 << (bits - 1);
        let edges = [0, 1, m, min, min - 1, min + 1, m - 1];
        for opcode in intel::ABS_ISUB..=intel::USUB_SAT {
            let inst = intel::NAMES[(opcode - intel::FIRST) as usize];
            for a in edges {
                for b in edges {
                    assert!(
                        pairs.iter().any(|r| r.inst == inst
                            && r.ty == Scalar::Int(bits)
                            && r.a == a
                            && r.b == b),
                        "{inst} {bits}-bit ({a:#x}, {b:#x}) missing"
                    );
                }
            }
        }
    }
}

#[test]
fn saturation_at_both_ends_hand_written() {
    // 8-bit: 127 + 1 = 127, -128 + -1 = -128, -128 - 1 = -128, 127 - -1 = 127,
    // 255 + 1 = 255, 0 - 1 = 0.
    assert_eq!(intel::eval(op(intel::IADD_SAT, 8), 0x7f, 1, 0), 0x7f);
    assert_eq!(intel::eval(op(intel::IADD_SAT, 8), 0x80, 0xff, 0), 0x80);
    assert_eq!(intel::eval(op(intel::ISUB_SAT, 8), 0x80, 1, 0), 0x80);
    assert_eq!(intel::eval(op(intel::ISUB_SAT, 8), 0x7f, 0xff, 0), 0x7f);
    assert_eq!(intel::eval(op(intel::UADD_SAT, 8), 0xff, 1, 0), 0xff);
    assert_eq!(intel::eval(op(intel::USUB_SAT, 8), 0, 1, 0), 0);
    // 64-bit: i64::MAX + i64::MAX saturates, the averages do not overflow.
    let max = i64::MAX as u64;
    assert_eq!(intel::eval(op(intel::IADD_SAT, 64), max, max, 0), max);
    assert_eq!(intel::eval(op(intel::IAVERAGE, 64), max, max, 0), max);
    assert_eq!(
        intel::eval(op(intel::UAVERAGE, 64), u64::MAX, u64::MAX, 0),
        u64::MAX
    );
    assert_eq!(
        intel::eval(op(intel::UAVERAGE_ROUNDED, 64), u64::MAX, u64::MAX - 1, 0),
        u64::MAX
    );
    // -1 and 0 average to -1 (floor), rounded to 0.
    assert_eq!(
        intel::eval(op(intel::IAVERAGE, 32), 0xffff_ffff, 0, 0),
        0xffff_ffff
    );
    assert_eq!(
        intel::eval(op(intel::IAVERAGE_ROUNDED, 32), 0xffff_ffff, 0, 0),
        0
    );
    // |i16::MIN - i16::MAX| = 65535, an unsigned 16-bit result.
    assert_eq!(
        intel::eval(op(intel::ABS_ISUB, 16), 0x8000, 0x7fff, 0),
        0xffff
    );
    assert_eq!(intel::eval(op(intel::ABS_USUB, 16), 0x8000, 0x7fff, 0), 1);
}

#[test]
fn exhaustive_8_bit_against_i32_arithmetic() {
    for a in 0..=255u64 {
        for b in 0..=255u64 {
            let (sa, sb) = (a as u8 as i8 as i32, b as u8 as i8 as i32);
            let (ua, ub) = (a as i32, b as i32);
            let want: [i32; 10] = [
                (sa - sb).abs(),
                (ua - ub).abs(),
                (sa + sb).clamp(-128, 127),
                (ua + ub).min(255),
                (sa + sb).div_euclid(2),
                (ua + ub) / 2,
                (sa + sb + 1).div_euclid(2),
                (ua + ub + 1) / 2,
                (sa - sb).clamp(-128, 127),
                (ua - ub).max(0),
            ];
            for (i, w) in want.iter().enumerate() {
                let opcode = intel::ABS_ISUB + i as u16;
                assert_eq!(
                    intel::eval(op(opcode, 8), a, b, 0),
                    (*w as u32 & 0xff) as u64,
                    "{opcode} ({a}, {b})"
                );
            }
        }
    }
}

#[test]
fn bit_scans() {
    let scans = scans();
    for row in &scans {
        let opcode = common::opcode_of(&row.inst);
        assert!(
            matches!(
                opcode,
                intel::UCOUNT_LEADING_ZEROS | intel::UCOUNT_TRAILING_ZEROS
            ),
            "{row:?}"
        );
        assert_eq!(row.ty, Scalar::Int(32), "32-bit only: {row:?}");
        let got = intel::eval(op(opcode, 32), row.a, 0, 0);
        assert_eq!(got, row.want, "{row:?}");
    }
    for inst in ["INTEL.UCountLeadingZeros", "INTEL.UCountTrailingZeros"] {
        assert!(scans
            .iter()
            .any(|r| r.inst == inst && r.a == 0 && r.want == 32));
    }
}

#[test]
fn multiplies_32x16() {
    for row in muls() {
        let opcode = common::opcode_of(&row.inst);
        assert!(
            matches!(opcode, intel::IMUL32X16 | intel::UMUL32X16),
            "{row:?}"
        );
        assert_eq!(row.ty, Scalar::Int(32), "32-bit only: {row:?}");
        let got = intel::eval(op(opcode, 32), row.a, row.b, 0);
        assert_eq!(got, row.want, "{row:?}");
    }
    // By hand: the low half 0x8000 is -32768 signed, 32768 unsigned.
    assert_eq!(
        intel::eval(op(intel::IMUL32X16, 32), 1, 0x8000, 0),
        0xffff_8000
    );
    assert_eq!(
        intel::eval(op(intel::UMUL32X16, 32), 1, 0xffff_8000, 0),
        0x8000
    );
}

#[test]
fn results_stay_in_width_for_any_bits() {
    let mut s = 3;
    for _ in 0..20000 {
        let (a, b) = (lcg(&mut s), lcg(&mut s));
        for bits in [8u8, 16, 32, 64] {
            for opcode in intel::FIRST..=intel::UMUL32X16 {
                let r = intel::eval(op(opcode, bits), a, b, a ^ b);
                if bits < 64 {
                    assert_eq!(r >> bits, 0, "{opcode} {bits}-bit ({a:#x}, {b:#x})");
                }
            }
        }
    }
    assert_eq!(intel::eval(op(intel::IADD_SAT, 8), 1, 1, 0), 2);
    let float = ExtOp {
        set: ExtSet::IntelInt2,
        opcode: intel::IADD_SAT,
        ty: Scalar::Float(32),
        aux: Scalar::Float(32),
    };
    assert_eq!(intel::eval(float, 1, 1, 0), 0);
}

fn operand(regs: Vec<Reg>, ty: Scalar) -> Operand {
    Operand {
        literal: None,
        types: vec![ty; regs.len()],
        regs,
        pointer: None,
    }
}

/// Every family emulated: the sequences of basic operations a GPU without
/// the instructions runs.
fn all_emulated() -> Emulation {
    Emulation {
        trinary_minmax: true,
        saturating: true,
        averages: true,
        abs_diff: true,
        mul32x16: true,
        count_zeros: true,
        float_atomic_minmax: true,
    }
}

/// Lowers `opcode` on vectors whose components are table rows and checks
/// each component, natively and emulated.
#[test]
fn vectors_lower_per_component() {
    let (pairs, scans, muls) = (pairs(), scans(), muls());
    for (opcode, emulate) in (intel::FIRST..=intel::UMUL32X16)
        .flat_map(|op| [(op, Emulation::default()), (op, all_emulated())])
    {
        let widths: &[u8] = match opcode {
            intel::UCOUNT_LEADING_ZEROS
            | intel::UCOUNT_TRAILING_ZEROS
            | intel::IMUL32X16
            | intel::UMUL32X16 => &[32],
            _ => &[8, 16, 32, 64],
        };
        for &bits in widths {
            let ty = Scalar::Int(bits);
            // (a, b, want) rows for this op and width.
            let inst = intel::NAMES[(opcode - intel::FIRST) as usize];
            let rows: Vec<(u64, u64, u64)> = match opcode {
                intel::UCOUNT_LEADING_ZEROS | intel::UCOUNT_TRAILING_ZEROS => scans
                    .iter()
                    .filter(|r| r.inst == inst && r.ty == ty)
                    .map(|r| (r.a, 0, r.want))
                    .collect(),
                _ => pairs
                    .iter()
                    .chain(&muls)
                    .filter(|r| r.inst == inst && r.ty == ty)
                    .map(|r| (r.a, r.b, r.want))
                    .collect(),
            };
            let unary = opcode <= intel::UCOUNT_TRAILING_ZEROS;
            for n in [1usize, 2, 3, 4, 8, 16] {
                let mut b = Eval {
                    emulate,
                    ..Eval::default()
                };
                let mut xs = vec![];
                let mut ys = vec![];
                let mut want = vec![];
                for i in 0..n {
                    let (x, y, w) = rows[(i * 5 + n) % rows.len()];
                    xs.push(b.constant(x));
                    ys.push(b.constant(y));
                    want.push(w);
                }
                let mut operands = vec![operand(xs, ty)];
                if !unary {
                    operands.push(operand(ys, ty));
                }
                let result = vec![ty; n];
                let call = Call {
                    opcode: opcode as u32,
                    result: &result,
                    operands: &operands,
                };
                let regs = intel::lower(&mut b, &call)
                    .unwrap_or_else(|e| panic!("{opcode} {bits}-bit x{n}: {e}"));
                let got: Vec<u64> = regs.iter().map(|&r| b.regs[r as usize]).collect();
                assert_eq!(got, want, "{opcode} {bits}-bit x{n} {emulate:?}");
                if emulate != Emulation::default() {
                    assert!(b.ops.is_empty(), "{opcode} was not emulated");
                    continue;
                }
                assert_eq!(b.ops.len(), n);
                let class = intel::op_class(b.ops[0]);
                let expected = match opcode {
                    5585 | 5586 => OpClass::BitScan,
                    5587 | 5588 => OpClass::AbsDiff,
                    5589 | 5590 | 5595 | 5596 => OpClass::Sat,
                    5591..=5594 => OpClass::Avg,
                    _ => OpClass::Mul32x16,
                };
                assert_eq!(class, expected, "{opcode}");
            }
        }
    }
}

#[test]
fn widths_and_operands_the_spec_forbids_are_refused() {
    let mut b = Eval::default();
    let r = b.constant(1);
    let v = |ty: Scalar, n: usize| operand(vec![r; n], ty);
    let i16s = Scalar::Int(16);
    let i32s = Scalar::Int(32);
    let i64s = Scalar::Int(64);
    let f32s = Scalar::Float(32);
    let table: Vec<(u32, Vec<Scalar>, Vec<Operand>, &str)> = vec![
        (5585, vec![i16s], vec![v(i16s, 1)], "32-bit"),
        (5586, vec![i64s], vec![v(i64s, 1)], "32-bit"),
        (5597, vec![i64s], vec![v(i64s, 1), v(i64s, 1)], "32-bit"),
        (5598, vec![i16s; 2], vec![v(i16s, 2), v(i16s, 2)], "32-bit"),
        (5589, vec![f32s], vec![v(f32s, 1), v(f32s, 1)], "integer"),
        (
            5590,
            vec![Scalar::Bool],
            vec![v(Scalar::Bool, 1); 2],
            "integer",
        ),
        (5585, vec![i32s], vec![v(i32s, 1), v(i32s, 1)], "1 operand"),
        (5591, vec![i32s], vec![v(i32s, 1)], "2 operands"),
        (
            5587,
            vec![i32s; 2],
            vec![v(i32s, 2), v(i32s, 3)],
            "operand 2",
        ),
        (5587, vec![i32s], vec![v(i16s, 1), v(i32s, 1)], "operand 1"),
        (5592, vec![], vec![v(i32s, 1), v(i32s, 1)], "void"),
        (5584, vec![i32s], vec![v(i32s, 1)], "not an"),
        (5599, vec![i32s], vec![v(i32s, 1), v(i32s, 1)], "not an"),
    ];
    for (opcode, result, operands, needle) in table {
        let call = Call {
            opcode,
            result: &result,
            operands: &operands,
        };
        match intel::lower(&mut b, &call) {
            Ok(_) => panic!("{opcode} {result:?} accepted"),
            Err(e) => assert!(e.contains(needle), "{opcode}: '{e}' lacks '{needle}'"),
        }
    }
}

#[test]
fn coverage_lists_all_fourteen() {
    let c = intel::coverage();
    assert_eq!(c.len(), 14);
    let want = [
        ("INTEL.UCountLeadingZeros", OpClass::BitScan),
        ("INTEL.UCountTrailingZeros", OpClass::BitScan),
        ("INTEL.AbsISub", OpClass::AbsDiff),
        ("INTEL.AbsUSub", OpClass::AbsDiff),
        ("INTEL.IAddSat", OpClass::Sat),
        ("INTEL.UAddSat", OpClass::Sat),
        ("INTEL.IAverage", OpClass::Avg),
        ("INTEL.UAverage", OpClass::Avg),
        ("INTEL.IAverageRounded", OpClass::Avg),
        ("INTEL.UAverageRounded", OpClass::Avg),
        ("INTEL.ISubSat", OpClass::Sat),
        ("INTEL.USubSat", OpClass::Sat),
        ("INTEL.IMul32x16", OpClass::Mul32x16),
        ("INTEL.UMul32x16", OpClass::Mul32x16),
    ];
    for (row, (name, class)) in c.iter().zip(want) {
        assert_eq!(row.name, name);
        assert_eq!(row.class, Some(class));
        assert!(row.implemented);
    }
    let (pairs, scans, muls) = (pairs(), scans(), muls());
    let count = |inst: &str| {
        pairs.iter().filter(|r| r.inst == inst).count()
            + scans.iter().filter(|r| r.inst == inst).count()
            + muls.iter().filter(|r| r.inst == inst).count()
    };
    for row in &c {
        assert!(count(&row.name) >= 10, "{row:?}: {} rows", count(&row.name));
    }
    // Every operand pair is checked by the ten binary instructions, every
    // scan operand by both counts, every multiply by both multiplies.
    let operands = |rows: &[Binary], inst: &str| -> Vec<(Scalar, u64, u64)> {
        rows.iter()
            .filter(|r| r.inst == inst)
            .map(|r| (r.ty, r.a, r.b))
            .collect()
    };
    assert_eq!(pairs.len() % 10, 0);
    for inst in &intel::NAMES[2..12] {
        assert_eq!(
            operands(&pairs, inst),
            operands(&pairs, "INTEL.AbsISub"),
            "{inst}"
        );
    }
    assert_eq!(count("INTEL.IAddSat"), pairs.len() / 10);
    let scanned = |inst: &str| -> Vec<u64> {
        scans
            .iter()
            .filter(|r| r.inst == inst)
            .map(|r| r.a)
            .collect()
    };
    assert_eq!(
        scanned("INTEL.UCountLeadingZeros"),
        scanned("INTEL.UCountTrailingZeros")
    );
    assert_eq!(count("INTEL.UCountLeadingZeros"), scans.len() / 2);
    assert_eq!(
        operands(&muls, "INTEL.IMul32x16"),
        operands(&muls, "INTEL.UMul32x16")
    );
    assert_eq!(count("INTEL.UMul32x16"), muls.len() / 2);
}
