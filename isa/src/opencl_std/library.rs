//! OpenCL.std outside section 2.1: common (2.3), geometric (2.4), integer
//! (2.2), relational (2.5), vector data load/store (2.6), shuffles (2.7),
//! printf and prefetch (2.8).
//!
//! * Integer and common instructions: one lane operation per component
//!   (`integer.rs`, `common.rs`, which list the choices made where the spec
//!   leaves results open).
//! * Geometric instructions: several core operations on f64 plus helper lane
//!   operations (`common.rs`).
//! * `bitselect`: one lane operation per component, `(a & !c) | (b & c)` on
//!   the bits (floats included).
//! * `select`: core operations. For a vector, the most significant bit of
//!   each component of `c` decides (`SLessThan(c, 0)`); for a scalar,
//!   `c != 0`. Set: `b`, clear: `a`.
//! * Vector loads/stores and shuffles: core loads/stores/converts/selects
//!   (`vector_data.rs`).
//! * `prefetch` has no functional effect and lowers to nothing.
//! * `printf` becomes one printf instruction; the simulator reads the
//!   format and `%s` strings from memory and formats with [`super::printf`].

#[path = "common.rs"]
mod common;
#[path = "integer.rs"]
mod integer;
#[path = "vector_data.rs"]
mod vector_data;

pub use integer::intel_equivalent;
pub use integer::opcodes as integer_opcodes;
pub use vector_data::MISALIGNED_64;

use crate::core::{AluOp, Scalar};
use crate::instruction_set::{per_component, result_component, Builder, Call, Coverage, OpClass};
use crate::ir::{ExtOp, ExtSet, Reg};

pub const PRINTF: u16 = 184;
pub const PREFETCH: u16 = 185;
pub const BITSELECT: u16 = 186;
pub const SELECT: u16 = 187;

/// Every instruction of sections 2.2 to 2.8: (number, canonical name).
pub const NAMES: &[(u16, &str)] = &[
    (95, "CL.fclamp"),
    (96, "CL.degrees"),
    (97, "CL.fmax_common"),
    (98, "CL.fmin_common"),
    (99, "CL.mix"),
    (100, "CL.radians"),
    (101, "CL.step"),
    (102, "CL.smoothstep"),
    (103, "CL.sign"),
    (104, "CL.cross"),
    (105, "CL.distance"),
    (106, "CL.length"),
    (107, "CL.normalize"),
    (108, "CL.fast_distance"),
    (109, "CL.fast_length"),
    (110, "CL.fast_normalize"),
    (141, "CL.s_abs"),
    (142, "CL.s_abs_diff"),
    (143, "CL.s_add_sat"),
    (144, "CL.u_add_sat"),
    (145, "CL.s_hadd"),
    (146, "CL.u_hadd"),
    (147, "CL.s_rhadd"),
    (148, "CL.u_rhadd"),
    (149, "CL.s_clamp"),
    (150, "CL.u_clamp"),
    (151, "CL.clz"),
    (152, "CL.ctz"),
    (153, "CL.s_mad_hi"),
    (154, "CL.u_mad_sat"),
    (155, "CL.s_mad_sat"),
    (156, "CL.s_max"),
    (157, "CL.u_max"),
    (158, "CL.s_min"),
    (159, "CL.u_min"),
    (160, "CL.s_mul_hi"),
    (161, "CL.rotate"),
    (162, "CL.s_sub_sat"),
    (163, "CL.u_sub_sat"),
    (164, "CL.u_upsample"),
    (165, "CL.s_upsample"),
    (166, "CL.popcount"),
    (167, "CL.s_mad24"),
    (168, "CL.u_mad24"),
    (169, "CL.s_mul24"),
    (170, "CL.u_mul24"),
    (171, "CL.vloadn"),
    (172, "CL.vstoren"),
    (173, "CL.vload_half"),
    (174, "CL.vload_halfn"),
    (175, "CL.vstore_half"),
    (176, "CL.vstore_half_r"),
    (177, "CL.vstore_halfn"),
    (178, "CL.vstore_halfn_r"),
    (179, "CL.vloada_halfn"),
    (180, "CL.vstorea_halfn"),
    (181, "CL.vstorea_halfn_r"),
    (182, "CL.shuffle"),
    (183, "CL.shuffle2"),
    (184, "CL.printf"),
    (185, "CL.prefetch"),
    (186, "CL.bitselect"),
    (187, "CL.select"),
    (201, "CL.u_abs"),
    (202, "CL.u_abs_diff"),
    (203, "CL.u_mul_hi"),
    (204, "CL.u_mad_hi"),
];

fn op(opcode: u16, ty: Scalar, aux: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::OpenCl,
        opcode,
        ty,
        aux,
    }
}

/// Checks that every operand is a value of the result's type and returns
/// the component type.
fn same_type(call: &Call, arity: usize, float: bool) -> Result<Scalar, String> {
    if call.operands.len() != arity {
        return Err(format!(
            "takes {arity} operands, got {}",
            call.operands.len()
        ));
    }
    let ty = result_component(call, float)?;
    check_n(call.result.len())?;
    for (i, o) in call.operands.iter().enumerate() {
        if o.pointer.is_some() || o.types.as_slice() != call.result || o.regs.len() != o.types.len()
        {
            return Err(format!("operand {} must have the result type", i + 1));
        }
    }
    Ok(ty)
}

fn check_n(n: usize) -> Result<(), String> {
    if matches!(n, 1 | 2 | 3 | 4 | 8 | 16) {
        Ok(())
    } else {
        Err(format!("a vector of {n} components is not allowed"))
    }
}

fn regs<'a>(call: &'a Call) -> Vec<&'a [Reg]> {
    call.operands.iter().map(|o| o.regs.as_slice()).collect()
}

pub fn lower(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    let Ok(opcode) = u16::try_from(call.opcode) else {
        return Err(format!("unknown instruction number {}", call.opcode));
    };
    let n = call.result.len();
    if let Some(k) = integer::arity(opcode) {
        if matches!(opcode, integer::U_UPSAMPLE | integer::S_UPSAMPLE) {
            return upsample(b, call, opcode);
        }
        let ty = same_type(call, k, false)?;
        if matches!(opcode, integer::S_MUL24 | integer::U_MUL24) && ty != Scalar::Int(32) {
            return Err(format!("the component type must be i32, not {ty:?}"));
        }
        if let Some(same) = integer::intel_equivalent(opcode) {
            use crate::intel_shader_integer_functions2 as intel;
            if intel::emulated(b.emulation(), same) {
                let r = regs(call);
                return Ok((0..n)
                    .map(|i| {
                        // The unary clz / ctz ignore the second operand.
                        let y = r.get(1).map_or(r[0][i], |a| a[i]);
                        intel::emulate(b, same, ty, r[0][i], y)
                    })
                    .collect());
            }
        }
        return Ok(per_component(b, op(opcode, ty, ty), n, &regs(call)));
    }
    if let Some(k) = common::arity(opcode) {
        let ty = same_type(call, k, true)?;
        if opcode == common::MIX {
            // x + (y - x) * a with core operations, each rounded.
            let r = regs(call);
            return Ok((0..n)
                .map(|i| {
                    let d = b.alu(AluOp::FSub, ty, &[r[1][i], r[0][i]]);
                    let m = b.alu(AluOp::FMul, ty, &[d, r[2][i]]);
                    b.alu(AluOp::FAdd, ty, &[r[0][i], m])
                })
                .collect());
        }
        return Ok(per_component(b, op(opcode, ty, ty), n, &regs(call)));
    }
    match opcode {
        common::CROSS..=common::FAST_NORMALIZE => geometric(b, call, opcode),
        vector_data::VLOADN..=vector_data::SHUFFLE2 => vector_data::lower(b, call, opcode),
        PRINTF => lower_printf(b, call),
        PREFETCH => {
            let (Some((offset, pointee)), [count]) = (
                &call.operands.first().and_then(|o| o.pointer.clone()),
                call.operands.get(1).map_or(&[][..], |o| o.regs.as_slice()),
            ) else {
                return Err("takes a pointer and an element count".to_string());
            };
            if call.operands.len() != 2 {
                return Err("takes a pointer and an element count".to_string());
            }
            // The pointee's size: the last scalar's end (vec3 pads to 4).
            let elem_bytes = pointee
                .iter()
                .map(|(t, off)| off + t.bytes())
                .max()
                .unwrap_or(1);
            let elem_bytes = if pointee.len() == 3 {
                elem_bytes / 3 * 4
            } else {
                elem_bytes
            };
            b.prefetch(call.operands[0].regs[0], *offset, *count, elem_bytes);
            Ok(Vec::new())
        }
        BITSELECT => {
            let ty = match call.result.first() {
                Some(&t @ (Scalar::Int(8 | 16 | 32 | 64) | Scalar::Float(16 | 32 | 64))) => t,
                _ => return Err("the result must be integer or floating-point".to_string()),
            };
            let bits_ty = Scalar::Int(ty.bits() as u8);
            same_type(call, 3, matches!(ty, Scalar::Float(_)))?;
            Ok(per_component(
                b,
                op(BITSELECT, bits_ty, bits_ty),
                n,
                &regs(call),
            ))
        }
        SELECT => select(b, call),
        _ => Err(format!("unknown instruction number {opcode}")),
    }
}

fn upsample(b: &mut dyn Builder, call: &Call, opcode: u16) -> Result<Vec<Reg>, String> {
    if call.operands.len() != 2 {
        return Err(format!("takes 2 operands, got {}", call.operands.len()));
    }
    let n = call.result.len();
    check_n(n)?;
    let src = match call.operands[0].types.first() {
        Some(&t @ Scalar::Int(8 | 16 | 32)) => t,
        other => return Err(format!("hi must be i8, i16 or i32, not {other:?}")),
    };
    let want = Scalar::Int(2 * src.bits() as u8);
    if call.result.iter().any(|&t| t != want) {
        return Err(format!(
            "the result components must be {want:?} for {src:?} operands"
        ));
    }
    for o in call.operands {
        if o.pointer.is_some() || o.types.len() != n || o.types.iter().any(|&t| t != src) {
            return Err(
                "hi and lo must have the same type and component count as the result".to_string(),
            );
        }
    }
    Ok(per_component(b, op(opcode, want, src), n, &regs(call)))
}

fn select(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    if call.operands.len() != 3 {
        return Err(format!("takes 3 operands, got {}", call.operands.len()));
    }
    let n = call.result.len();
    check_n(n)?;
    let ty = match call.result.first() {
        Some(&t @ (Scalar::Int(8 | 16 | 32 | 64) | Scalar::Float(16 | 32 | 64)))
            if call.result.iter().all(|&u| u == t) =>
        {
            t
        }
        _ => return Err("the result must be integer or floating-point".to_string()),
    };
    let [a, bb, c] = [&call.operands[0], &call.operands[1], &call.operands[2]];
    if a.types.as_slice() != call.result
        || bb.types.as_slice() != call.result
        || a.pointer.is_some()
        || bb.pointer.is_some()
    {
        return Err("a and b must have the result type".to_string());
    }
    let cty = Scalar::Int(ty.bits() as u8);
    if c.pointer.is_some() || c.types.len() != n || c.types.iter().any(|&t| t != cty) {
        return Err(format!(
            "c must be {n} x {cty:?} (the result's count and width)"
        ));
    }
    let zero = b.constant(0);
    Ok((0..n)
        .map(|i| {
            let cond = if n == 1 {
                b.alu(AluOp::INotEqual, cty, &[c.regs[i], zero])
            } else {
                b.alu(AluOp::SLessThan, cty, &[c.regs[i], zero])
            };
            b.alu(AluOp::Select, ty, &[cond, bb.regs[i], a.regs[i]])
        })
        .collect())
}

/// cross, length, distance, normalize and their fast_ variants.
fn geometric(b: &mut dyn Builder, call: &Call, opcode: u16) -> Result<Vec<Reg>, String> {
    use common::*;
    let arity = match opcode {
        CROSS | DISTANCE | FAST_DISTANCE => 2,
        LENGTH | FAST_LENGTH => 1,
        _ => 1,
    };
    if call.operands.len() != arity {
        return Err(format!(
            "takes {arity} operands, got {}",
            call.operands.len()
        ));
    }
    let p0 = &call.operands[0];
    let ty = match p0.types.first() {
        Some(&t @ Scalar::Float(16 | 32 | 64)) if p0.types.iter().all(|&u| u == t) => t,
        _ => return Err("the operands must be floating-point scalars or vectors".to_string()),
    };
    let n = p0.types.len();
    for o in call.operands {
        if o.pointer.is_some() || o.types != p0.types || o.regs.len() != n {
            return Err("the operands must have the same type".to_string());
        }
    }
    let allowed = if opcode == CROSS {
        matches!(n, 3 | 4)
    } else {
        matches!(n, 1..=4)
    };
    if !allowed {
        return Err(format!("{n} components are not allowed here"));
    }
    let vector_result = matches!(opcode, CROSS | NORMALIZE | FAST_NORMALIZE);
    if vector_result && call.result != p0.types.as_slice() || !vector_result && call.result != [ty]
    {
        return Err("the result type does not match the operands".to_string());
    }
    let f64t = Scalar::Float(64);
    let p = &p0.regs;
    if opcode == CROSS {
        let q = &call.operands[1].regs;
        let mut out = Vec::with_capacity(n);
        for (i, j) in [(1, 2), (2, 0), (0, 1)] {
            let l = b.alu(AluOp::FMul, ty, &[p[i], q[j]]);
            let r = b.alu(AluOp::FMul, ty, &[p[j], q[i]]);
            out.push(b.alu(AluOp::FSub, ty, &[l, r]));
        }
        if n == 4 {
            out.push(b.constant(0));
        }
        return Ok(out);
    }
    // The components to measure, as f64.
    let v: Vec<Reg> = (0..n)
        .map(|i| {
            let x = if matches!(opcode, DISTANCE | FAST_DISTANCE) {
                b.alu(AluOp::FSub, ty, &[p[i], call.operands[1].regs[i]])
            } else {
                p[i]
            };
            if ty == f64t {
                x
            } else {
                b.convert(crate::core::Convert::plain(ty, f64t, false), x)
            }
        })
        .collect();
    let absmax = |b: &mut dyn Builder, v: &[Reg]| -> Reg {
        let mut m = b.ext(op(H_ABSMAX, f64t, f64t), &[v[0], v[0]]);
        for &x in &v[1..] {
            m = b.ext(op(H_ABSMAX, f64t, f64t), &[m, x]);
        }
        m
    };
    let normalize = matches!(opcode, NORMALIZE | FAST_NORMALIZE);
    let v = if normalize {
        let m0 = absmax(b, &v);
        v.iter()
            .map(|&x| b.ext(op(H_REPLACE_INF, f64t, f64t), &[x, m0]))
            .collect()
    } else {
        v
    };
    let m = absmax(b, &v);
    let k = b.ext(op(H_SCALE, f64t, f64t), &[m]);
    let s: Vec<Reg> = v
        .iter()
        .map(|&x| b.alu(AluOp::FMul, f64t, &[x, k]))
        .collect();
    let mut sum = b.alu(AluOp::FMul, f64t, &[s[0], s[0]]);
    for &x in &s[1..] {
        let sq = b.alu(AluOp::FMul, f64t, &[x, x]);
        sum = b.alu(AluOp::FAdd, f64t, &[sum, sq]);
    }
    if !normalize {
        return Ok(vec![b.ext(op(H_LENGTH, ty, f64t), &[sum, k, m])]);
    }
    let one = b.constant(1f64.to_bits());
    let len = b.ext(op(H_LENGTH, f64t, f64t), &[sum, one, m]);
    Ok(s.iter()
        .map(|&x| b.ext(op(H_DIV, ty, f64t), &[x, len]))
        .collect())
}

/// One lane of one of this part's lane operations.
#[inline]
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    match op.opcode {
        95..=103 | common::H_ABSMAX..=common::H_DIV => {
            common::eval(op.opcode, op.ty, op.aux, a, b, c)
        }
        BITSELECT => (a & !c) | (b & c),
        _ => integer::eval(op.opcode, op.ty, op.aux, a, b, c),
    }
}

pub fn op_class(op: ExtOp) -> OpClass {
    use integer::*;
    match op.opcode {
        S_ADD_SAT | U_ADD_SAT | S_SUB_SAT | U_SUB_SAT | S_MAD_SAT | U_MAD_SAT => OpClass::Sat,
        S_HADD | U_HADD | S_RHADD | U_RHADD => OpClass::Avg,
        S_ABS_DIFF | U_ABS_DIFF => OpClass::AbsDiff,
        CLZ | CTZ => OpClass::BitScan,
        common::H_LENGTH | common::H_DIV => OpClass::Trans,
        95..=103 | common::H_ABSMAX..=common::H_REPLACE_INF if op.ty == Scalar::Float(64) => {
            OpClass::ValuF64
        }
        _ => OpClass::Valu,
    }
}

/// The class reported for an instruction as a whole.
fn class_of(opcode: u16) -> OpClass {
    match opcode {
        105..=110 => OpClass::Trans,
        _ => op_class(op(opcode, Scalar::Int(32), Scalar::Int(32))),
    }
}

pub fn coverage() -> Vec<Coverage> {
    NAMES
        .iter()
        .map(|&(opcode, name)| Coverage {
            name: name.to_string(),
            implemented: true,
            class: Some(class_of(opcode)),
        })
        .collect()
}

/// printf(format, args...): the format is a pointer; each argument is a
/// value (scalar or vector) or a pointer (`%s`, `%p`).
fn lower_printf(b: &mut dyn Builder, call: &Call) -> Result<Vec<Reg>, String> {
    let Some((first, rest)) = call.operands.split_first() else {
        return Err("printf needs a format".into());
    };
    let Some((offset, _)) = &first.pointer else {
        return Err("the printf format must be a pointer to a string".into());
    };
    let format = (first.regs[0], *offset);
    let args = rest
        .iter()
        .map(|o| match &o.pointer {
            Some((off, _)) if !o.regs.is_empty() => {
                crate::ir::PrintfOperand::Pointer(o.regs[0], *off)
            }
            _ => crate::ir::PrintfOperand::Value(
                o.types
                    .iter()
                    .copied()
                    .zip(o.regs.iter().copied())
                    .collect(),
            ),
        })
        .collect();
    Ok(vec![b.printf(format, args)?])
}
