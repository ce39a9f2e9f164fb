//! OpenCL.std integer instructions over the full grid of edge values
//! (MIN, MAX, 0, -1, MIN+1, MAX-1 and a few others) for every width and
//! signedness, through the public lane-op interface, against a reference
//! written here with i128 / u128 arithmetic from the spec text.

use isa::core::Scalar;
use isa::ext::{eval, Call, Emulation, ExtOp, ExtSet, Operand};

mod common;
use common::Eval;

fn mask(w: u32) -> u64 {
    u64::MAX >> (64 - w)
}

fn num(v: u64, w: u32, signed: bool) -> i128 {
    let v = v & mask(w);
    if signed && v >> (w - 1) != 0 {
        v as i128 - (1i128 << w)
    } else {
        v as i128
    }
}

fn sat(v: i128, w: u32, signed: bool) -> u64 {
    let (lo, hi) = if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    };
    v.clamp(lo, hi) as u64 & mask(w)
}

fn edges(w: u32) -> Vec<u64> {
    let min = 1u64 << (w - 1);
    vec![
        min,
        min - 1,
        0,
        mask(w),
        min + 1,
        min - 2,
        1,
        7 & mask(w),
        0x9e37_79b9_7f4a_7c15 & mask(w),
    ]
}

/// The reference: (opcode, signed) -> result of (a, b, c) at width w.
fn reference(op: u16, w: u32, a: u64, b: u64, c: u64) -> u64 {
    let m = mask(w);
    let wrap = |v: i128| v as u64 & m;
    let signed = matches!(
        op,
        141 | 142 | 143 | 145 | 147 | 149 | 153 | 155 | 156 | 158 | 160 | 162 | 167 | 169
    );
    let (x, y, z) = (num(a, w, signed), num(b, w, signed), num(c, w, signed));
    let hi = |x: i128, y: i128| -> i128 {
        if !signed && w == 64 {
            ((x as u128 * y as u128) >> 64) as i128
        } else {
            (x * y) >> w
        }
    };
    let low24 = |v: i128| -> i128 {
        let l = v & 0xff_ffff;
        if signed && l >> 23 != 0 {
            l - (1 << 24)
        } else {
            l
        }
    };
    match op {
        141 | 201 => wrap(x.abs()),
        142 | 202 => wrap((x - y).abs()),
        143 | 144 => sat(x + y, w, signed),
        162 | 163 => sat(x - y, w, signed),
        145 | 146 => wrap((x + y).div_euclid(2)),
        147 | 148 => wrap((x + y + 1).div_euclid(2)),
        149 | 150 => wrap(x.max(y).min(z)),
        156 | 157 => wrap(x.max(y)),
        158 | 159 => wrap(x.min(y)),
        160 | 203 => wrap(hi(x, y)),
        153 | 204 => wrap(hi(x, y) + z),
        154 | 155 => {
            if !signed && w == 64 {
                (x as u128 * y as u128 + z as u128).min(u64::MAX as u128) as u64
            } else {
                sat(x * y + z, w, signed)
            }
        }
        151 => (0..w).take_while(|&i| (a >> (w - 1 - i)) & 1 == 0).count() as u64,
        152 => (0..w).take_while(|&i| (a >> i) & 1 == 0).count() as u64,
        166 => (0..w).filter(|&i| (a >> i) & 1 == 1).count() as u64,
        161 => {
            // Rotate left bit by bit.
            let r = (b & m) % w as u64;
            (0..w).fold(0u64, |acc, i| {
                acc | (((a >> i) & 1) << ((i as u64 + r) % w as u64))
            })
        }
        167 | 168 => wrap(low24(x) * low24(y) + z),
        169 | 170 => wrap(low24(x) * low24(y)),
        _ => unreachable!(),
    }
}

const OPS: &[(u16, usize)] = &[
    (141, 1),
    (201, 1),
    (151, 1),
    (152, 1),
    (166, 1),
    (142, 2),
    (202, 2),
    (143, 2),
    (144, 2),
    (162, 2),
    (163, 2),
    (145, 2),
    (146, 2),
    (147, 2),
    (148, 2),
    (156, 2),
    (157, 2),
    (158, 2),
    (159, 2),
    (160, 2),
    (203, 2),
    (161, 2),
    (169, 2),
    (170, 2),
    (149, 3),
    (150, 3),
    (153, 3),
    (204, 3),
    (154, 3),
    (155, 3),
    (167, 3),
    (168, 3),
];

#[test]
fn integer_edge_grid() {
    let mut rows = 0;
    let mut bad = Vec::new();
    for &(op, arity) in OPS {
        for w in [8u32, 16, 32, 64] {
            let e = edges(w);
            let ty = Scalar::Int(w as u8);
            let xop = ExtOp {
                set: ExtSet::OpenCl,
                opcode: op,
                ty,
                aux: ty,
            };
            let bs: &[u64] = if arity >= 2 { &e } else { &[0] };
            let cs: &[u64] = if arity == 3 { &e } else { &[0] };
            for &a in &e {
                for &b in bs {
                    for &c in cs {
                        rows += 1;
                        let got = eval(xop, a, b, c);
                        let want = reference(op, w, a, b, c);
                        if got != want {
                            bad.push(format!("op {op} w {w} ({a:#x}, {b:#x}, {c:#x}): got {got:#x} want {want:#x}"));
                        }
                    }
                }
            }
        }
    }
    assert!(rows > 10_000);
    assert!(
        bad.is_empty(),
        "{} failures, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(10)]
    );
}

/// The families a GPU may lack, emulated: add_sat, sub_sat, hadd, rhadd,
/// abs_diff, clz and ctz lowered to basic operations over the edge grid of
/// every width, as 3-component vectors, against the reference.
#[test]
fn emulated_integer_families_match_the_reference() {
    let emulate = Emulation {
        saturating: true,
        averages: true,
        abs_diff: true,
        count_zeros: true,
        ..Emulation::default()
    };
    // s_/u_abs_diff, s_/u_add_sat, s_/u_hadd, s_/u_rhadd, clz, ctz,
    // s_/u_sub_sat.
    let families = [142, 202, 143, 144, 145, 146, 147, 148, 151, 152, 162, 163];
    let mut rows = 0;
    for op in families {
        let unary = matches!(op, 151 | 152);
        for w in [8u32, 16, 32, 64] {
            let ty = Scalar::Int(w as u8);
            let e = edges(w);
            let bs: &[u64] = if unary { &[0] } else { &e };
            let pairs: Vec<(u64, u64)> = e
                .iter()
                .flat_map(|&a| bs.iter().map(move |&b| (a, b)))
                .collect();
            for chunk in pairs.chunks(3) {
                let mut b = Eval {
                    emulate,
                    ..Eval::default()
                };
                let operand = |regs: Vec<u32>| Operand {
                    literal: None,
                    types: vec![ty; regs.len()],
                    regs,
                    pointer: None,
                };
                let xs = chunk.iter().map(|p| b.push(p.0)).collect();
                let ys = chunk.iter().map(|p| b.push(p.1)).collect();
                let mut operands = vec![operand(xs)];
                if !unary {
                    operands.push(operand(ys));
                }
                let result = vec![ty; chunk.len()];
                let call = Call {
                    opcode: op as u32,
                    result: &result,
                    operands: &operands,
                };
                let regs = isa::opencl_std::lower(&mut b, &call).unwrap();
                assert!(b.ops.is_empty(), "op {op} was not emulated");
                for (&r, &(x, y)) in regs.iter().zip(chunk) {
                    rows += 1;
                    let want = reference(op, w, x, y, 0);
                    let got = b.regs[r as usize];
                    assert_eq!(got, want, "op {op} w {w} ({x:#x}, {y:#x})");
                }
            }
        }
    }
    assert!(rows > 2_000, "{rows}");
}

#[test]
fn upsample_grid() {
    for w in [8u32, 16, 32] {
        let (src, res) = (Scalar::Int(w as u8), Scalar::Int(2 * w as u8));
        for op in [164u16, 165] {
            let xop = ExtOp {
                set: ExtSet::OpenCl,
                opcode: op,
                ty: res,
                aux: src,
            };
            for &hi in &edges(w) {
                for &lo in &edges(w) {
                    // OpenCL C: ((upcast)hi << width) | lo, lo unsigned.
                    let want = ((hi as u128) << w | lo as u128) as u64 & mask(2 * w);
                    assert_eq!(
                        eval(xop, hi, lo, 0),
                        want,
                        "op {op} w {w} hi {hi:#x} lo {lo:#x}"
                    );
                }
            }
        }
    }
}

#[test]
fn coverage_lists_every_library_instruction() {
    let cov = isa::opencl_std::coverage();
    let names: Vec<&str> = cov.iter().map(|c| c.name.as_str()).collect();
    for n in [
        "CL.s_abs",
        "CL.u_add_sat",
        "CL.vload_half",
        "CL.vstorea_halfn_r",
        "CL.shuffle2",
        "CL.select",
        "CL.u_mad_hi",
        "CL.fclamp",
        "CL.fast_normalize",
    ] {
        assert!(names.contains(&n), "{n} missing");
    }
    let printf = cov
        .iter()
        .find(|c| c.name == "CL.printf")
        .expect("CL.printf listed");
    assert!(printf.implemented && printf.tests > 0);
    let sat = cov.iter().find(|c| c.name == "CL.s_add_sat").unwrap();
    assert_eq!(sat.class, Some(isa::ext::OpClass::Sat));
    assert!(sat.tests > 0);
    let clz = cov.iter().find(|c| c.name == "CL.clz").unwrap();
    assert_eq!(clz.class, Some(isa::ext::OpClass::BitScan));
    let hadd = cov.iter().find(|c| c.name == "CL.u_rhadd").unwrap();
    assert_eq!(hadd.class, Some(isa::ext::OpClass::Avg));
    let ad = cov.iter().find(|c| c.name == "CL.u_abs_diff").unwrap();
    assert_eq!(ad.class, Some(isa::ext::OpClass::AbsDiff));
}
