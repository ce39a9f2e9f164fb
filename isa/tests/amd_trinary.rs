//! SPV_AMD_shader_trinary_minmax: the semantic tables of
//! `isa/tests/tables/amd_shader_trinary_minmax.jsonl` (every permutation of
//! every sorted triple, NaN operands), vectors through `lower` with a fake
//! builder, refused operand types, and coverage.

use isa::amd_shader_trinary_minmax as amd;
use isa::core::Scalar;
use isa::ext::{Builder, Call, ExtOp, ExtSet, OpClass, Operand};
use isa::ir::Reg;
use serde::Deserialize;

mod common;
use common::{lcg, Eval};

const SET: &str = "amd_shader_trinary_minmax";

/// A row of table `sorted`: three values already in order (`lo <= mid <=
/// hi` for the instruction's comparison, -0 below +0). Every permutation of
/// them must give `want` (`lo` for a min3, `mid` for a mid3, `hi` for a
/// max3). `note` names the operands the generator started from, in its
/// order.
#[derive(Debug, Deserialize)]
struct Sorted {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex")]
    lo: u64,
    #[serde(deserialize_with = "common::hex")]
    mid: u64,
    #[serde(deserialize_with = "common::hex")]
    hi: u64,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
    #[allow(dead_code)] // shown by `{row:?}`
    note: String,
}

/// A row of table `nan`: a float instruction with NaN operands (the
/// documented choice).
#[derive(Debug, Deserialize)]
struct Nan {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex")]
    a: u64,
    #[serde(deserialize_with = "common::hex")]
    b: u64,
    #[serde(deserialize_with = "common::hex")]
    c: u64,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
    #[allow(dead_code)] // shown by `{row:?}`
    note: String,
}

fn sorted() -> Vec<Sorted> {
    common::table(SET, "sorted")
}

fn nan() -> Vec<Nan> {
    common::table(SET, "nan")
}

fn op(opcode: u16, ty: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::AmdTrinary,
        opcode,
        ty,
        aux: ty,
    }
}

/// The component types an instruction takes: floats for FMin3, FMax3 and
/// FMid3, integers for the others.
fn types(opcode: u16) -> Vec<Scalar> {
    if matches!(opcode, amd::FMIN3 | amd::FMAX3 | amd::FMID3) {
        [16, 32, 64].map(Scalar::Float).to_vec()
    } else {
        [8, 16, 32, 64].map(Scalar::Int).to_vec()
    }
}

/// Which of the sorted values (lo, mid, hi) an instruction picks.
fn position(opcode: u16) -> usize {
    match opcode {
        amd::FMIN3 | amd::UMIN3 | amd::SMIN3 => 0,
        amd::FMID3 | amd::UMID3 | amd::SMID3 => 1,
        _ => 2,
    }
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

#[test]
fn sorted_triples_in_every_order() {
    let mut checked = 0;
    for row in sorted() {
        let v = [row.lo, row.mid, row.hi];
        let o = common::opcode_of(&row.inst);
        // min3 = lo, mid3 = mid, max3 = hi.
        assert_eq!(row.want, v[position(o)], "{row:?}");
        for p in PERMS {
            let (a, b, c) = (v[p[0]], v[p[1]], v[p[2]]);
            let got = amd::eval(op(o, row.ty), a, b, c);
            assert_eq!(
                got, row.want,
                "{row:?} permuted {p:?}: {} of ({a:#x}, {b:#x}, {c:#x})",
                row.inst
            );
            checked += 1;
        }
    }
    // A hundred triples, each checked by its min3, mid3 and max3.
    assert!(checked >= 3 * 6 * 100, "{checked}");
}

#[test]
fn every_width_and_kind_is_in_the_tables() {
    let sorted = sorted();
    for o in 1..=9u16 {
        for ty in types(o) {
            let n = sorted
                .iter()
                .filter(|r| common::opcode_of(&r.inst) == o && r.ty == ty)
                .count();
            assert!(n >= 10, "{} {ty:?}: {n} rows", amd::NAMES[o as usize - 1]);
        }
    }
    let nan = nan();
    for w in [16u8, 32, 64] {
        for o in [amd::FMIN3, amd::FMAX3, amd::FMID3] {
            assert!(nan
                .iter()
                .any(|r| common::opcode_of(&r.inst) == o && r.ty == Scalar::Float(w)));
        }
    }
}

#[test]
fn nan_operands_follow_the_documented_choice() {
    for row in nan() {
        let got = amd::eval(
            op(common::opcode_of(&row.inst), row.ty),
            row.a,
            row.b,
            row.c,
        );
        assert_eq!(got, row.want, "{row:?} gave {got:#x}");
    }
}

#[test]
fn hand_picked_values() {
    // Written by hand from the specification's "minimum / maximum / median".
    let f32s = Scalar::Float(32);
    let (one, two, three) = (0x3f80_0000, 0x4000_0000, 0x4040_0000);
    assert_eq!(amd::eval(op(amd::FMIN3, f32s), three, one, two), one);
    assert_eq!(amd::eval(op(amd::FMAX3, f32s), three, one, two), three);
    assert_eq!(amd::eval(op(amd::FMID3, f32s), three, one, two), two);
    // -1, 0x7f and 5 as i8: signed order -1 < 5 < 127, unsigned 5 < 127 < 255.
    let i8s = Scalar::Int(8);
    assert_eq!(amd::eval(op(amd::SMIN3, i8s), 0xff, 0x7f, 5), 0xff);
    assert_eq!(amd::eval(op(amd::SMID3, i8s), 0xff, 0x7f, 5), 5);
    assert_eq!(amd::eval(op(amd::SMAX3, i8s), 0xff, 0x7f, 5), 0x7f);
    assert_eq!(amd::eval(op(amd::UMIN3, i8s), 0xff, 0x7f, 5), 5);
    assert_eq!(amd::eval(op(amd::UMID3, i8s), 0xff, 0x7f, 5), 0x7f);
    assert_eq!(amd::eval(op(amd::UMAX3, i8s), 0xff, 0x7f, 5), 0xff);
    // i64::MIN vs 1 as signed and unsigned.
    let i64s = Scalar::Int(64);
    let min = 1u64 << 63;
    assert_eq!(amd::eval(op(amd::SMIN3, i64s), 1, min, 0), min);
    assert_eq!(amd::eval(op(amd::UMAX3, i64s), 1, min, 0), min);
    assert_eq!(amd::eval(op(amd::SMID3, i64s), 1, min, 0), 0);
    assert_eq!(amd::eval(op(amd::UMID3, i64s), 1, min, 0), 1);
}

#[test]
fn any_bits_give_one_of_the_operands_or_a_nan() {
    let mut s = 7;
    for ty in [
        Scalar::Float(16),
        Scalar::Float(32),
        Scalar::Float(64),
        Scalar::Int(8),
        Scalar::Int(16),
        Scalar::Int(32),
        Scalar::Int(64),
    ] {
        let m = if ty.bits() == 64 {
            u64::MAX
        } else {
            (1 << ty.bits()) - 1
        };
        let float = matches!(ty, Scalar::Float(_));
        let ops: &[u16] = if float {
            &[1, 4, 7]
        } else {
            &[2, 3, 5, 6, 8, 9]
        };
        for _ in 0..3000 {
            let (a, b, c) = (lcg(&mut s) & m, lcg(&mut s) & m, lcg(&mut s) & m);
            for &o in ops {
                let r = amd::eval(op(o, ty), a, b, c);
                let is_nan = match ty.bits() {
                    16 => r & 0x7fff > 0x7c00,
                    32 => r & 0x7fff_ffff > 0x7f80_0000,
                    _ => r & !(1 << 63) > 0x7ff0_0000_0000_0000,
                };
                assert!(
                    r == a || r == b || r == c || (float && is_nan),
                    "{o} {ty:?} ({a:#x}, {b:#x}, {c:#x}) = {r:#x}"
                );
                // Same answer whatever the operand order.
                assert_eq!(amd::eval(op(o, ty), c, a, b), r);
            }
        }
    }
    // Types `lower` never produces still give a value.
    assert_eq!(amd::eval(op(1, Scalar::Bool), 1, 0, 1), 0);
    assert_eq!(amd::eval(op(42, Scalar::Int(32)), 1, 2, 3), 0);
}

fn operand(regs: Vec<Reg>, ty: Scalar) -> Operand {
    Operand {
        literal: None,
        types: vec![ty; regs.len()],
        regs,
        pointer: None,
    }
}

#[test]
fn vectors_lower_per_component() {
    // Each component takes a different table row of the instruction and
    // type, in a different permutation.
    let sorted = sorted();
    for opcode in 1..=9u16 {
        for ty in types(opcode) {
            let rows: Vec<&Sorted> = sorted
                .iter()
                .filter(|r| common::opcode_of(&r.inst) == opcode && r.ty == ty)
                .collect();
            for n in [2usize, 3, 4] {
                let mut b = Eval::default();
                let mut args = [vec![], vec![], vec![]];
                let mut want = vec![];
                for i in 0..n {
                    let r = rows[(i * 3 + opcode as usize) % rows.len()];
                    let v = [r.lo, r.mid, r.hi];
                    let p = PERMS[(i + opcode as usize) % 6];
                    for (k, a) in args.iter_mut().enumerate() {
                        a.push(b.constant(v[p[k]]));
                    }
                    want.push(r.want);
                }
                let operands: Vec<Operand> = args.into_iter().map(|r| operand(r, ty)).collect();
                let result = vec![ty; n];
                let call = Call {
                    opcode: opcode as u32,
                    result: &result,
                    operands: &operands,
                };
                let regs = amd::lower(&mut b, &call)
                    .unwrap_or_else(|e| panic!("{opcode} {ty:?} x{n}: {e}"));
                let got: Vec<u64> = regs.iter().map(|&r| b.regs[r as usize]).collect();
                assert_eq!(got, want, "opcode {opcode} {ty:?} x{n}");
                assert_eq!(b.ops.len(), n, "one lane operation per component");
                for o in &b.ops {
                    assert_eq!(o.opcode, opcode);
                    assert_eq!(o.ty, ty);
                    assert_eq!(amd::op_class(*o), OpClass::Min3);
                }
            }
        }
    }
}

#[test]
fn bad_operands_are_refused() {
    let mut b = Eval::default();
    let r = b.constant(1);
    let f = |ty: Scalar, n: usize| operand(vec![r; n], ty);
    let f32v = Scalar::Float(32);
    let i32v = Scalar::Int(32);
    let cases: Vec<(u32, Vec<Scalar>, Vec<Operand>, &str)> = vec![
        (
            1,
            vec![i32v],
            vec![f(i32v, 1), f(i32v, 1), f(i32v, 1)],
            "floating-point",
        ),
        (
            2,
            vec![f32v],
            vec![f(f32v, 1), f(f32v, 1), f(f32v, 1)],
            "integer",
        ),
        (
            9,
            vec![Scalar::Bool],
            vec![f(Scalar::Bool, 1); 3],
            "integer",
        ),
        (3, vec![i32v], vec![f(i32v, 1), f(i32v, 1)], "3 operands"),
        (
            4,
            vec![f32v; 2],
            vec![f(f32v, 2), f(f32v, 1), f(f32v, 2)],
            "operand 2",
        ),
        (
            8,
            vec![i32v],
            vec![f(i32v, 1), f(i32v, 1), f(Scalar::Int(16), 1)],
            "operand 3",
        ),
        (5, vec![], vec![f(i32v, 1), f(i32v, 1), f(i32v, 1)], "void"),
        (
            10,
            vec![i32v],
            vec![f(i32v, 1), f(i32v, 1), f(i32v, 1)],
            "unknown",
        ),
        (
            0,
            vec![i32v],
            vec![f(i32v, 1), f(i32v, 1), f(i32v, 1)],
            "unknown",
        ),
    ];
    for (opcode, result, operands, needle) in cases {
        let call = Call {
            opcode,
            result: &result,
            operands: &operands,
        };
        match amd::lower(&mut b, &call) {
            Ok(_) => panic!("opcode {opcode} {result:?} was accepted"),
            Err(e) => assert!(
                e.contains(needle),
                "opcode {opcode}: '{e}' lacks '{needle}'"
            ),
        }
    }
}

#[test]
fn coverage_lists_all_nine() {
    let c = amd::coverage();
    let names: Vec<&str> = c.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "AMD.FMin3",
            "AMD.UMin3",
            "AMD.SMin3",
            "AMD.FMax3",
            "AMD.UMax3",
            "AMD.SMax3",
            "AMD.FMid3",
            "AMD.UMid3",
            "AMD.SMid3"
        ]
    );
    let (sorted, nan) = (sorted(), nan());
    for r in &c {
        assert!(r.implemented);
        assert_eq!(r.class, Some(OpClass::Min3));
        let rows = sorted.iter().filter(|s| s.inst == r.name).count()
            + nan.iter().filter(|s| s.inst == r.name).count();
        assert!(rows >= 40, "{r:?}: {rows} rows");
    }
    // Every sorted triple is checked by the min3, max3 and mid3 of its kind,
    // every NaN operand triple by FMin3, FMax3 and FMid3.
    for kind in [
        ["AMD.FMin3", "AMD.FMax3", "AMD.FMid3"],
        ["AMD.UMin3", "AMD.UMax3", "AMD.UMid3"],
        ["AMD.SMin3", "AMD.SMax3", "AMD.SMid3"],
    ] {
        let triples = |inst: &str| -> Vec<(Scalar, u64, u64, u64)> {
            sorted
                .iter()
                .filter(|r| r.inst == inst)
                .map(|r| (r.ty, r.lo, r.mid, r.hi))
                .collect()
        };
        assert_eq!(triples(kind[0]), triples(kind[1]), "{kind:?}");
        assert_eq!(triples(kind[0]), triples(kind[2]), "{kind:?}");
    }
    let operands = |inst: &str| -> Vec<(Scalar, u64, u64, u64)> {
        nan.iter()
            .filter(|r| r.inst == inst)
            .map(|r| (r.ty, r.a, r.b, r.c))
            .collect()
    };
    assert_eq!(operands("AMD.FMin3"), operands("AMD.FMax3"));
    assert_eq!(operands("AMD.FMin3"), operands("AMD.FMid3"));
    // Present in the aggregate list.
    let all = isa::ext::coverage();
    assert!(all.iter().any(|r| r.name == "AMD.SMid3" && r.implemented));
}
