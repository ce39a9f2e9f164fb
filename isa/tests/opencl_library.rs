//! OpenCL.std outside section 2.1 (the math instructions are in
//! `opencl_math.rs`).
//!
//! * The integer instructions over the full grid of edge values (MIN, MAX,
//!   0, -1, MIN+1, MAX-1 and a few others) for every width and signedness,
//!   through the public lane-op interface, against a reference written here
//!   with i128 / u128 arithmetic from the spec text.
//! * The tables `integer`, `common`, `geometric`, `vector` and `memory` of
//!   `isa/tests/tables/opencl_std.jsonl`, through `lower` with the one-lane
//!   builder (see the tables' README for where their expected values come
//!   from).

use isa::core::Scalar;
use isa::ext::{eval, Call, Emulation, ExtOp, ExtSet, Operand};
use isa::ir::Reg;
use serde::Deserialize;
use std::collections::HashMap;

mod common;
use common::Eval;

/// The table file of this instruction set.
const SET: &str = "opencl_std";

/// Highest opcode of section 2.1 (math).
const LAST_MATH: u16 = 94;

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
    let rows = common::rows(SET);
    let has_rows = |name: &str| rows.iter().any(|r| r["inst"] == name);
    let printf = cov
        .iter()
        .find(|c| c.name == "CL.printf")
        .expect("CL.printf listed");
    assert!(printf.implemented && has_rows("CL.printf"));
    let sat = cov.iter().find(|c| c.name == "CL.s_add_sat").unwrap();
    assert_eq!(sat.class, Some(isa::ext::OpClass::Sat));
    assert!(has_rows("CL.s_add_sat"));
    let clz = cov.iter().find(|c| c.name == "CL.clz").unwrap();
    assert_eq!(clz.class, Some(isa::ext::OpClass::BitScan));
    let hadd = cov.iter().find(|c| c.name == "CL.u_rhadd").unwrap();
    assert_eq!(hadd.class, Some(isa::ext::OpClass::Avg));
    let ad = cov.iter().find(|c| c.name == "CL.u_abs_diff").unwrap();
    assert_eq!(ad.class, Some(isa::ext::OpClass::AbsDiff));
}

// ---------------------------------------------------------------------------
// The tables, through `lower`
// ---------------------------------------------------------------------------

fn value(f: &mut Eval, ty: Scalar, bits: &[u64]) -> Operand {
    Operand {
        literal: None,
        regs: bits.iter().map(|&b| f.push(b)).collect(),
        types: vec![ty; bits.len()],
        pointer: None,
    }
}

fn run(
    f: &mut Eval,
    opcode: u16,
    result: &[Scalar],
    operands: &[Operand],
) -> Result<Vec<u64>, String> {
    let call = Call {
        opcode: opcode as u32,
        result,
        operands,
    };
    let regs: Vec<Reg> = isa::opencl_std::lower(f, &call)?;
    Ok(regs.iter().map(|&r| f.regs[r as usize]).collect())
}

fn is_nan(v: u64, w: u32) -> bool {
    isa::core::is_nan_bits(v, w)
}

/// A row of table `integer`: the operands and the result of an integer
/// instruction at operand type `ty` (upsample: the result is twice as wide).
#[derive(Deserialize)]
struct IntRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    args: Vec<u64>,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
}

#[test]
fn integer_table() {
    let mut bad = Vec::new();
    for r in common::table::<IntRow>(SET, "integer") {
        let op = common::opcode_of(&r.inst);
        let res = match op {
            164 | 165 => Scalar::Int(2 * r.ty.bits() as u8),
            _ => r.ty,
        };
        // Lower a 2-component vector whose components are both the row,
        // through the real lowering.
        let mut f = Eval::default();
        let ops: Vec<Operand> = r
            .args
            .iter()
            .map(|&v| value(&mut f, r.ty, &[v, v]))
            .collect();
        let got = run(&mut f, op, &[res, res], &ops);
        if got != Ok(vec![r.want, r.want]) {
            bad.push(format!(
                "{} {:?} {:x?}: got {got:x?}, want {:#x}",
                r.inst, r.ty, r.args, r.want
            ));
        }
    }
    common::assert_no_failures(&bad);
}

/// A row of table `common`: the result within `ulps` of `want`.
#[derive(Deserialize)]
struct CommonRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    args: Vec<u64>,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
    ulps: u64,
}

#[test]
fn common_table() {
    let mut bad = Vec::new();
    for r in common::table::<CommonRow>(SET, "common") {
        let w = r.ty.bits();
        let mut f = Eval::default();
        let ops: Vec<Operand> = r.args.iter().map(|&v| value(&mut f, r.ty, &[v])).collect();
        let got = run(&mut f, common::opcode_of(&r.inst), &[r.ty], &ops).map(|v| v[0]);
        let ok = match got {
            Ok(g) => {
                common::ulp_distance(w, g, r.want) <= r.ulps || (is_nan(g, w) && is_nan(r.want, w))
            }
            Err(_) => false,
        };
        if !ok {
            bad.push(format!(
                "{} {:?} {:x?}: got {got:x?}, want {:#x}",
                r.inst, r.ty, r.args, r.want
            ));
        }
    }
    common::assert_no_failures(&bad);
}

/// A row of table `geometric`: vectors of floats of type `ty`, every
/// component of the result within `ulps` of `want`.
#[derive(Deserialize)]
struct GeoRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    p0: Vec<u64>,
    #[serde(default, deserialize_with = "common::hex_list")]
    p1: Vec<u64>,
    #[serde(deserialize_with = "common::hex_list")]
    want: Vec<u64>,
    ulps: u64,
}

#[test]
fn geometric_table() {
    let mut bad = Vec::new();
    for r in common::table::<GeoRow>(SET, "geometric") {
        let mut f = Eval::default();
        let mut ops = vec![value(&mut f, r.ty, &r.p0)];
        if !r.p1.is_empty() {
            ops.push(value(&mut f, r.ty, &r.p1));
        }
        let result = vec![r.ty; r.want.len()];
        let got = run(&mut f, common::opcode_of(&r.inst), &result, &ops);
        let ok = match &got {
            Ok(g) => {
                g.len() == r.want.len()
                    && g.iter()
                        .zip(&r.want)
                        .all(|(&g, &w)| common::ulp_distance(r.ty.bits(), g, w) <= r.ulps)
            }
            Err(_) => false,
        };
        if !ok {
            bad.push(format!(
                "{} {:?} {:x?} {:x?}: got {got:x?}, want {:x?}",
                r.inst, r.ty, r.p0, r.p1, r.want
            ));
        }
    }
    common::assert_no_failures(&bad);
}

/// A row of table `vector`: bitselect / select / shuffle / shuffle2 on
/// component type `ty`, operands a, b, c (shuffle: x, mask; shuffle2: x,
/// y, mask).
#[derive(Deserialize)]
struct VecRow {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex_list")]
    a: Vec<u64>,
    #[serde(deserialize_with = "common::hex_list")]
    b: Vec<u64>,
    #[serde(default, deserialize_with = "common::hex_list")]
    c: Vec<u64>,
    #[serde(deserialize_with = "common::hex_list")]
    want: Vec<u64>,
}

#[test]
fn vector_table() {
    for r in common::table::<VecRow>(SET, "vector") {
        let mut f = Eval::default();
        let ity = Scalar::Int(r.ty.bits() as u8);
        let ops = match r.inst.as_str() {
            "CL.bitselect" => vec![
                value(&mut f, r.ty, &r.a),
                value(&mut f, r.ty, &r.b),
                value(&mut f, r.ty, &r.c),
            ],
            "CL.select" => vec![
                value(&mut f, r.ty, &r.a),
                value(&mut f, r.ty, &r.b),
                value(&mut f, ity, &r.c),
            ],
            "CL.shuffle" => vec![value(&mut f, r.ty, &r.a), value(&mut f, ity, &r.b)],
            _ => vec![
                value(&mut f, r.ty, &r.a),
                value(&mut f, r.ty, &r.b),
                value(&mut f, ity, &r.c),
            ],
        };
        let result = vec![r.ty; r.want.len()];
        let got = run(&mut f, common::opcode_of(&r.inst), &result, &ops);
        assert_eq!(
            got,
            Ok(r.want.clone()),
            "{} {:?} a {:x?} b {:x?} c {:x?}",
            r.inst,
            r.ty,
            r.a,
            r.b,
            r.c
        );
    }
}

/// A row of table `memory`: a vector load or store. Loads read memory
/// filled as [`mem_image`] says; stores start from zeroed memory and must
/// leave exactly `want` (elements of the stored type: `ty`'s width for
/// vstoren, halfs otherwise) from element `at` on, zero elsewhere. `fault`:
/// the access must hit no memory (the misalignment trap).
#[derive(Deserialize)]
struct MemRow {
    inst: String,
    /// Component type of the value loaded or stored (f32/f64 for halfs).
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    /// Type of the pointer (i32 or i64) and of the offset operand.
    #[serde(deserialize_with = "common::scalar")]
    ptr: Scalar,
    #[serde(deserialize_with = "common::hex")]
    offset: u64,
    /// Constant offset of the pointer operand, bytes.
    const_off: i64,
    #[serde(default)]
    mode: Option<u32>,
    /// Values stored (stores).
    #[serde(default, deserialize_with = "common::hex_list")]
    data: Vec<u64>,
    /// Components expected (loads), elements expected in memory (stores).
    #[serde(deserialize_with = "common::hex_list")]
    want: Vec<u64>,
    at: u64,
    fault: bool,
}

/// Where the memory of the memory rows starts, and its size in bytes.
const BASE: u64 = 0x1000;
const MEM: usize = 256;

/// The 2-byte elements of the memory of half load rows, repeated.
const HALVES: [u16; 12] = [
    0x3c00, 0xc000, 0x7bff, 0x0001, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3555, 0x0400, 0xbe00, 0x0000,
];

/// Bytes of the memory of load rows: byte i is i for element types other
/// than half; for half loads the 2-byte elements are `HALVES` repeated.
fn mem_image(half: bool, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            if half {
                let h = HALVES[(i / 2) % HALVES.len()];
                (h >> (8 * (i % 2))) as u8
            } else {
                i as u8
            }
        })
        .collect()
}

/// Offset into the memory of an access of `n` bytes at `addr`, `None`
/// outside it (a fault).
fn inside(addr: u64, n: u64) -> Option<usize> {
    let off = addr.checked_sub(BASE)?;
    (off + n <= MEM as u64).then_some(off as usize)
}

#[test]
fn memory_table() {
    for (i, r) in common::table::<MemRow>(SET, "memory").iter().enumerate() {
        let op = common::opcode_of(&r.inst);
        let load = matches!(op, 171 | 173 | 174 | 179);
        let half = op != 171 && op != 172;
        let elem = if half { Scalar::Float(16) } else { r.ty };
        let size = elem.bytes() as usize;
        let bytes = if load {
            mem_image(half, MEM)
        } else {
            vec![0; MEM]
        };
        // The builder's memory holds a value per address: the `size` bytes
        // from there on (the lowering accesses elements of `elem`).
        let mem = (0..=MEM - size)
            .filter(|_| load)
            .map(|o| {
                let v = (0..size).fold(0u64, |v, k| v | (bytes[o + k] as u64) << (8 * k));
                ((BASE as usize + o) as i64, v)
            })
            .collect();
        let mut f = Eval {
            mem: Some(mem),
            ..Eval::default()
        };
        let p = f.push(BASE);
        let ptr = Operand {
            literal: None,
            regs: vec![p],
            types: vec![r.ptr],
            pointer: Some((r.const_off, vec![(elem, 0)])),
        };
        let off = value(&mut f, r.ptr, &[r.offset]);
        let (result, mut ops) = if load {
            (vec![r.ty; r.want.len()], vec![off, ptr])
        } else {
            (Vec::new(), vec![value(&mut f, r.ty, &r.data), off, ptr])
        };
        if let Some(m) = r.mode {
            ops.push(Operand {
                literal: Some(m),
                regs: vec![],
                types: vec![],
                pointer: None,
            });
        }
        let got = run(&mut f, op, &result, &ops);
        let what = format!(
            "row {i}: {} {:?} offset {} const {}",
            r.inst, r.ty, r.offset, r.const_off
        );
        let got = got.unwrap_or_else(|e| panic!("{what}: {e}"));
        // Replay the accesses on the bytes: outside them, an access faults.
        let mut faults = 0;
        for &(ty, a) in &f.loads {
            assert_eq!(ty.bytes() as usize, size, "{what}: load of {ty:?}");
            faults += inside(a as u64, ty.bytes() as u64).is_none() as usize;
        }
        let mut written = bytes.clone();
        for &(ty, v, a, o) in &f.stores {
            let n = ty.bytes() as u64;
            match inside(a.wrapping_add(o as u64), n) {
                Some(at) => {
                    for k in 0..n as usize {
                        written[at + k] = (v >> (8 * k)) as u8;
                    }
                }
                None => faults += 1,
            }
        }
        if r.fault {
            assert!(faults > 0, "{what}: a misaligned access must fault");
            assert_eq!(written, bytes, "{what}: a faulting store must not write");
            continue;
        }
        assert_eq!(faults, 0, "{what}: unexpected fault");
        if load {
            assert_eq!(got, r.want, "{what}");
            continue;
        }
        let mut want = vec![0u8; MEM];
        for (k, &v) in r.want.iter().enumerate() {
            for b in 0..size {
                want[(r.at as usize + k) * size + b] = (v >> (8 * b)) as u8;
            }
        }
        assert_eq!(written, want, "{what}");
    }
}

#[test]
fn every_implemented_instruction_has_rows() {
    let rows = common::rows(SET);
    for c in isa::opencl_std::coverage() {
        if common::opcode_of(&c.name) > LAST_MATH && c.implemented && c.name != "CL.prefetch" {
            assert!(
                rows.iter().any(|r| r["inst"] == c.name.as_str()),
                "{} has no test rows",
                c.name
            );
        }
    }
}

#[test]
fn errors_not_panics() {
    // Memory of no bytes: every access is outside it.
    let mut f = Eval {
        mem: Some(HashMap::new()),
        ..Eval::default()
    };
    let i32v = value(&mut f, Scalar::Int(32), &[1, 2]);
    let f32v = value(&mut f, Scalar::Float(32), &[1, 2]);
    let i32s = Scalar::Int(32);
    // printf needs a builder that can lower it (this one cannot).
    assert!(run(&mut f, 184, &[i32s], std::slice::from_ref(&i32v))
        .unwrap_err()
        .contains("printf"));
    // prefetch lowers to nothing.
    let p = f.push(0x1000);
    let ptr = Operand {
        literal: None,
        regs: vec![p],
        types: vec![Scalar::Int(64)],
        pointer: Some((0, vec![(i32s, 0)])),
    };
    let n = value(&mut f, Scalar::Int(64), &[4]);
    let before = f.basic + f.ops.len();
    assert_eq!(run(&mut f, 185, &[], &[ptr, n]), Ok(vec![]));
    assert_eq!(f.basic + f.ops.len(), before);
    // Wrong operand types and counts are errors.
    assert!(run(&mut f, 143, &[i32s, i32s], &[i32v.clone(), f32v.clone()]).is_err());
    assert!(run(&mut f, 143, &[i32s, i32s], std::slice::from_ref(&i32v)).is_err());
    assert!(run(
        &mut f,
        95,
        &[i32s, i32s],
        &[i32v.clone(), i32v.clone(), i32v.clone()]
    )
    .is_err());
    let h = value(&mut f, Scalar::Int(16), &[1]);
    assert!(run(&mut f, 169, &[Scalar::Int(16)], &[h.clone(), h]).is_err());
    assert!(run(&mut f, 120, &[i32s], std::slice::from_ref(&i32v)).is_err());
    assert!(run(&mut f, 60000, &[i32s], std::slice::from_ref(&i32v)).is_err());
    // vstore_half_r without a literal mode, or with a bad one.
    let p = f.push(0x1000);
    let hptr = Operand {
        literal: None,
        regs: vec![p],
        types: vec![Scalar::Int(64)],
        pointer: Some((0, vec![(Scalar::Float(16), 0)])),
    };
    let x = value(&mut f, Scalar::Float(32), &[0]);
    let o = value(&mut f, Scalar::Int(64), &[0]);
    assert!(run(&mut f, 176, &[], &[x.clone(), o.clone(), hptr.clone()]).is_err());
    let bad = Operand {
        literal: Some(7),
        regs: vec![],
        types: vec![],
        pointer: None,
    };
    assert!(run(&mut f, 176, &[], &[x, o, hptr, bad]).is_err());
    // Lane ops never panic on arbitrary bits and types.
    let weird = [
        0u64,
        1,
        u64::MAX,
        0x8000_0000_0000_0000,
        0x7ff8_0000_0000_0001,
    ];
    let library: Vec<u16> = isa::opencl_std::coverage()
        .iter()
        .map(|c| common::opcode_of(&c.name))
        .filter(|&op| op > LAST_MATH)
        .collect();
    for op in library {
        for ty in [
            Scalar::Bool,
            Scalar::Int(1),
            Scalar::Int(8),
            Scalar::Int(64),
            Scalar::Float(16),
            Scalar::Float(64),
            Scalar::Int(200),
        ] {
            for &a in &weird {
                let e = ExtOp {
                    set: ExtSet::OpenCl,
                    opcode: op,
                    ty,
                    aux: ty,
                };
                let _ = eval(e, a, a.rotate_left(7), !a);
            }
        }
    }
    for op in 111..=115u16 {
        for &a in &weird {
            let e = ExtOp {
                set: ExtSet::OpenCl,
                opcode: op,
                ty: Scalar::Float(16),
                aux: Scalar::Float(64),
            };
            let _ = eval(e, a, a, a);
        }
    }
}
