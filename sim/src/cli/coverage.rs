//! `gpusim isa coverage`: every instruction of every seed specification,
//! whether the simulator implements it and its timing class, as a Markdown
//! document. Given the number of test-table rows per instruction (counted
//! by `sim/tests/isa_coverage.rs` from `isa/tests/tables/`), the document
//! also has a Tests column: that version is `docs/isa-coverage.md`.
//!
//! The instruction lists come from the specifications themselves (rspirv's
//! grammar tables for the extended instruction sets, the opcode
//! assignments of SPV_INTEL_shader_integer_functions2 and
//! SPV_EXT_shader_atomic_float_min_max), so an instruction that a set's
//! `coverage()` forgets is still listed, as not implemented.

use isa::ext::Coverage;
use std::collections::BTreeMap;
use std::fmt::Write;

/// One seed specification.
struct Spec {
    title: &'static str,
    /// Prefix of its canonical names.
    prefix: &'static str,
    /// (opcode, canonical name) of every instruction, in opcode order.
    instructions: Vec<(u32, String)>,
    notes: &'static [&'static str],
    /// A titled Markdown table of measured precision, if the set has one.
    precision: Option<(&'static str, &'static str)>,
}

/// The instructions of an extended instruction set from the grammar; the
/// canonical name is the prefix and the name without `strip` at its end.
fn from_grammar(set: &str, prefix: &str, strip: &str) -> Vec<(u32, String)> {
    let mut v: Vec<(u32, String)> = rspirv::grammar::ext_inst_table(set)
        .map(|t| {
            t.iter()
                .map(|g| {
                    let name = g.opname.strip_suffix(strip).unwrap_or(g.opname);
                    (g.opcode.into(), format!("{prefix}.{name}"))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn specs() -> Vec<Spec> {
    let intel = isa::intel_shader_integer_functions2::NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| (5585 + i as u32, n.to_string()))
        .collect();
    vec![
        Spec {
            title: "GLSL.std.450",
            prefix: "GLSL",
            // IMix (47) is in the grammar but was removed from the
            // specification (its revision history: "Remove IMix").
            instructions: from_grammar("GLSL.std.450", "GLSL", "")
                .into_iter()
                .filter(|(_, name)| name != "GLSL.IMix")
                .collect(),
            precision: Some((
                "Precision (measured by the tests; the Vulkan requirement for comparison)",
                isa::glsl_std_450::PRECISION,
            )),
            notes: &[
                "Instruction 47 (IMix) was removed from the specification and is not listed.",
                "A 32-bit float result that is a NaN is always a quiet NaN: a signalling NaN \
                 operand that an instruction returns (FMin, FMax, FClamp, FAbs and the like, where \
                 the specification leaves NaN results undefined) comes back with its quiet bit set, \
                 its sign and payload kept, as the hardware's conversions through f64 give. Every \
                 build of a lane operation (its own handler, the general one, the x86-64-v3 build) \
                 gives these bits; before 2026-11-27 an operation's own handler could return the \
                 signalling NaN unchanged (`core::tests::f32_nans_come_back_quiet_with_their_payload`).",
                "InterpolateAtCentroid, InterpolateAtSample and InterpolateAtOffset exist only for \
                 fragment shaders; a compute kernel using them is refused.",
                "f16 compound functions (Length, Distance, Normalize, Cross, Reflect, Refract, \
                 FaceForward, Determinant, MatrixInverse) are evaluated in f64 and rounded once to \
                 f16, like f32: more accurate than the per-operation f16 arithmetic of hardware, and \
                 within every tolerance of VK-GL-CTS's `builtin/precision` Amber scripts (16 of 16 \
                 pass). The one that failed (`determinant_compute_fp16_mat_3x3`, 5152 for an expected \
                 5140 +- 4) failed on its inputs, not the determinant: Amber writes float16 data by \
                 truncation, which the Amber reader now does too (docs/amber.md).",
            ],
        },
        Spec {
            title: "OpenCL.std",
            prefix: "CL",
            instructions: from_grammar("OpenCL.std", "CL", ""),
            notes: &[
                "Half and float math is computed in f64 and rounded once; double uses the libm \
                 crate with extra care where needed: `pow`, `powr`, `pown` and `rootn` take the \
                 logarithm in double-double (libm's pow loses |y ln x| ulp, 371 measured for x \
                 near 1 and |y| over 2^31, against a bound of 16), `exp10` takes x ln 10 in \
                 double-double (libm's measured 2.7 ulp on [-16, 16], bound 3), and \
                 `rootn(x, -1)` is 1/x (it was NaN for 0 < |x| <= 2^-1024). `lgamma` on the \
                 negative axis is computed by reflection in double-double (ln(pi P / \
                 |sin(pi x)|) minus Stirling's series at 1 - x + m >= 20, P the product of the \
                 m shifts), and next to each of its zeros between -25 and -2 (two in every \
                 interval (-n-1, -n), none above -2), where |c1 (x - x0)| < 2^-24, by a Taylor \
                 polynomial of degree 4 about the zero, held as three doubles and computed with \
                 mpmath (`isa/src/opencl_std/lgamma_zeros.py`); libm's reflection, used before, \
                 had no correct digit next to the zeros (1.25e15 ulp at x = \
                 -2.747682646727413). Measured against 300 more mpmath rows on the negative \
                 axis (the doubles within 4 ulp of the zeros of the first nine intervals, points \
                 2^-50 to 2^-10 from them, and random points down to -2^50): worst 0.93 ulp, at \
                 x = -6.999801507890487, and `isa/tests/opencl_math.rs` holds it within 1 ulp; \
                 OpenCL sets lgamma no bound. The positive axis is libm's (1.73 ulp worst in \
                 the table below). Exact functions (ceil, copysign, fabs, \
                 fdim, floor, fma, fmax, fmin, fmod, fract, frexp, ilogb, ldexp, logb, mad, \
                 maxmag, minmag, modf, nan, nextafter, remainder, remquo, rint, round, sqrt, \
                 trunc, and the half_/native_ divide, recip and sqrt) measure 0 ulp.",
            ],
            precision: Some((
                "Measured worst error of the math functions, in ulp (half and float against \
                 f64 over edge cases and a seeded sweep; double against 160-bit references, \
                 with extra samples where libm was weak)",
                isa::opencl_std::ACCURACY,
            )),
        },
        Spec {
            title: "SPV_AMD_shader_trinary_minmax",
            prefix: "AMD",
            instructions: from_grammar("SPV_AMD_shader_trinary_minmax", "AMD", "AMD"),
            precision: None,
            notes: &[
                "Every float width (16, 32, 64) and integer width (8, 16, 32, 64), scalars and vectors.",
                "NaN operands (the specification leaves the result undefined): FMin3 and FMax3 ignore \
                 NaN operands, quiet or signaling, and give the default quiet NaN when all three are \
                 NaN; FMid3 with any NaN operand gives FMin3 of the operands.",
                "-0 orders below +0 (min3 picks -0, max3 +0); denormals are compared exactly.",
            ],
        },
        Spec {
            title: "SPV_INTEL_shader_integer_functions2",
            prefix: "INTEL",
            instructions: intel,
            precision: None,
            notes: &[
                "The opcode column is the core SPIR-V opcode.",
                "UCountLeadingZeros, UCountTrailingZeros, IMul32x16 and UMul32x16 take 32-bit \
                 components only (as the specification requires); the others take 8, 16, 32 and \
                 64-bit components. Scalars and vectors.",
                "Count of zeros of 0 is 32. AbsISub / AbsUSub return |x - y| as an unsigned value \
                 (it always fits). Averages use the exact sum; signed ones round toward negative \
                 infinity. IMul32x16 sign-extends the low 16 bits of operand 2, UMul32x16 \
                 zero-extends them; the result is the low 32 bits of the product.",
            ],
        },
        Spec {
            title: "SPV_EXT_shader_atomic_float_min_max",
            prefix: "EXT",
            instructions: vec![
                (5614, "EXT.AtomicFMin".to_string()),
                (5615, "EXT.AtomicFMax".to_string()),
            ],
            precision: None,
            notes: &[
                "OpAtomicFMinEXT / OpAtomicFMaxEXT on 16, 32 and 64-bit floats, each width \
                 requiring its AtomicFloat{16,32,64}MinMaxEXT capability. Timing: the atomic path; \
                 the class shown is that of the min/max itself.",
                "min(x, qNaN) = x as required; where the specification allows a choice: \
                 min(-0, +0) = min(+0, -0) = -0 and max = +0; min(x, sNaN) = x; a NaN with a NaN \
                 gives the default quiet NaN. The result therefore does not depend on the order \
                 of the atomics.",
                "The specification's line for max repeats the min rule (\"x if x < y and y \
                 otherwise\"); it is read as the maximum.",
            ],
        },
    ]
}

/// A row of a set's table: opcode (`None`: not in the specification),
/// canonical name, and the set's coverage row if it has one.
type Line<'a> = (Option<u32>, String, Option<&'a Coverage>);

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The Markdown document of `gpusim isa coverage`; with `tests` (rows of
/// the semantic test tables per canonical name) it has a Tests column.
pub fn report(tests: Option<&BTreeMap<String, usize>>) -> String {
    let rows = isa::ext::coverage();
    let specs = specs();
    // Rows of each set, in the set's instruction order; coverage rows that
    // name no instruction of the specification come last.
    let mut sets: Vec<(&Spec, Vec<Line>)> = Vec::new();
    for spec in &specs {
        let mut lines: Vec<Line> = spec
            .instructions
            .iter()
            .map(|(op, name)| {
                (
                    Some(*op),
                    name.clone(),
                    rows.iter().find(|r| &r.name == name),
                )
            })
            .collect();
        let prefix = format!("{}.", spec.prefix);
        for r in &rows {
            if r.name.starts_with(&prefix) && !spec.instructions.iter().any(|(_, n)| *n == r.name) {
                lines.push((None, r.name.clone(), Some(r)));
            }
        }
        sets.push((spec, lines));
    }

    let implemented = |lines: &[Line]| {
        lines
            .iter()
            .filter(|(op, _, c)| op.is_some() && c.is_some_and(|c| c.implemented))
            .count()
    };
    let total = |lines: &[Line]| lines.iter().filter(|(op, _, _)| op.is_some()).count();

    let mut out = String::new();
    out.push_str("# ISA coverage\n\n");
    out.push_str(
        "Every instruction of every seed specification: whether gpusim implements it and its \
         timing class",
    );
    if tests.is_some() {
        out.push_str(
            ", and the number of rows of the semantic test tables (`isa/tests/tables/`) that \
             exercise it.\nGenerated by `sim/tests/isa_coverage.rs`, which fails when this file \
             is out of date; regenerate it from the workspace root with \
             `GPUSIM_BLESS=1 cargo test --release -p gpusim --test isa_coverage`",
        );
    }
    out.push_str(".\n\n");
    out.push_str("## Summary\n\n");
    let (mut all_done, mut all) = (0, 0);
    for (spec, lines) in &sets {
        let (d, t) = (implemented(lines), total(lines));
        all_done += d;
        all += t;
        let _ = writeln!(out, "- {}: {d} of {t} implemented", spec.title);
    }
    let _ = writeln!(out, "- All: {all_done} of {all} implemented");
    for (spec, lines) in &sets {
        let _ = writeln!(out, "\n## {}\n", spec.title);
        let _ = writeln!(
            out,
            "{} of {} implemented.\n",
            implemented(lines),
            total(lines)
        );
        out.push_str("| Instruction | Opcode | Implemented | Class |");
        out.push_str(if tests.is_some() { " Tests |\n" } else { "\n" });
        out.push_str("|---|---:|---|---|");
        out.push_str(if tests.is_some() { "---:|\n" } else { "\n" });
        for (op, name, c) in lines {
            let opcode = op.map_or_else(|| "-".to_string(), |o| o.to_string());
            let implemented = match (op, c) {
                (None, _) => "not in the specification",
                (_, Some(c)) => yes_no(c.implemented),
                (_, None) => "no",
            };
            let class = c.and_then(|c| c.class).map_or("-", |k| k.name());
            let _ = write!(out, "| `{name}` | {opcode} | {implemented} | {class} |");
            match tests {
                Some(t) => {
                    let _ = writeln!(out, " {} |", t.get(name).copied().unwrap_or(0));
                }
                None => out.push('\n'),
            }
        }
        if !spec.notes.is_empty() {
            out.push_str("\nNotes:\n\n");
            for n in spec.notes {
                let _ = writeln!(out, "- {n}");
            }
        }
        if let Some((title, table)) = spec.precision {
            let _ = write!(out, "\n### {title}\n\n{table}");
        }
    }
    subgroup_operations(&mut out);
    capabilities(&mut out);
    out
}

/// The GroupNonUniform instructions gpusim implements (tested by
/// `isa/tests/subgroup.rs` and the `workloads/subgroups/` kernels rather
/// than by table rows), with their opcodes and classes.
fn subgroup_operations(out: &mut String) {
    use isa::ir::Inst;
    use isa::subgroup::CrossLaneOp;
    let mut rows: Vec<(u32, String, &str)> = Vec::new();
    let opcode = |name: &str| {
        rspirv::grammar::INSTRUCTION_TABLE
            .iter()
            .find(|g| g.opname == name)
            .map_or(0, |g| g.opcode as u32)
    };
    for op in CrossLaneOp::all() {
        let name = op.name();
        if rows.iter().any(|r| r.1 == name) {
            continue;
        }
        let inst = Inst::CrossLane {
            op,
            ty: isa::core::Scalar::Int(32),
            dst: 0,
            src: [0; 3],
        };
        let class = isa::vocabulary::op_class(&inst).name();
        rows.push((opcode(&name), name, class));
    }
    // Reads only its own lane, so it is lowered to ALU work.
    let extract = "GroupNonUniformBallotBitExtract";
    rows.push((opcode(extract), extract.to_string(), "valu"));
    rows.sort();
    out.push_str("\n## Subgroup operations (SPIR-V core)\n\n");
    let _ = writeln!(
        out,
        "{} OpGroupNonUniform instructions at Subgroup scope, on 8/16/32/64-bit integers, \
         16/32/64-bit floats, booleans and vectors of them (component-wise).\n",
        rows.len()
    );
    out.push_str("| Instruction | Opcode | Class |\n|---|---:|---|\n");
    for (opcode, name, class) in &rows {
        let _ = writeln!(out, "| `{name}` | {opcode} | {class} |");
    }
    out.push_str(
        "\nNotes:\n\n\
         - The subgroup is the wave (`cu.wave_size`, 32 or 64 lanes). Other execution scopes \
         are refused.\n\
         - The SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote forms (OpSubgroupBallotKHR, \
         OpSubgroupFirstInvocationKHR, OpSubgroupReadInvocationKHR, OpSubgroupAllKHR, \
         OpSubgroupAnyKHR, OpSubgroupAllEqualKHR) are lowered to, named and timed as their \
         GroupNonUniform equivalents (Ballot, BroadcastFirst, Broadcast, All, Any, \
         AllEqual).\n\
         - OpenCL's cl_khr_subgroups instructions (capability Groups: OpGroupAll, OpGroupAny, \
         OpGroupBroadcast, OpGroupIAdd, OpGroupFAdd, OpGroupFMin, OpGroupUMin, OpGroupSMin, \
         OpGroupFMax, OpGroupUMax, OpGroupSMax with Reduce and the scans) are lowered to, \
         named and timed as their GroupNonUniform equivalents. At Workgroup scope they are \
         OpenCL 2.0's work-group collectives (next section).\n\
         - Inactive lanes never contribute. Reading a lane that is inactive or outside the wave \
         (shuffles, broadcasts, quad operations) gives 0; a ballot find-LSB/MSB with no bit \
         set gives 0xFFFFFFFF; a cluster larger than the wave clusters the whole wave.\n\
         - Reductions are a tree by lane index (lane i combines with lane i + s at steps \
         s = 1, 2, 4, ...), inclusive scans Hillis-Steele steps (lane i combines lane i - d's \
         partial value with its own at d = 1, 2, 4, ...), exclusive scans the inclusive value \
         of the lane below; so float results are the same bits every run.\n\
         - FMin / FMax: a NaN operand loses, all-NaN gives the default quiet NaN, -0 orders \
         below +0.\n\
         - Timing: `xlane.reduce` work takes log2(wave size) cross-lane steps (log2 of the \
         cluster size when clustered), `xlane.permute` work one (docs/config.md).\n\
         - Checked by `isa/tests/subgroup.rs` (every operation x type x wave size x active-lane \
         pattern, against a reference of its own) and `workloads/subgroups/`.\n",
    );
    work_group_collectives(out);
}

/// OpenCL 2.0's work-group collectives: what they are lowered to, their
/// order of float work and how they are timed.
fn work_group_collectives(out: &mut String) {
    out.push_str(
        "\n## Work-group collectives (OpenCL 2.0)\n\n\
         The Groups instructions at Workgroup scope, which OpenCL C's work_group_* built-ins \
         become: OpGroupIAdd, OpGroupFAdd, OpGroupUMin, OpGroupSMin, OpGroupFMin, OpGroupUMax, \
         OpGroupSMax, OpGroupFMax (Reduce, InclusiveScan, ExclusiveScan: \
         work_group_reduce/scan_inclusive/scan_exclusive_add/min/max), OpGroupBroadcast \
         (work_group_broadcast; LocalId a scalar or a 2- or 3-vector) and OpGroupAll / \
         OpGroupAny (work_group_all/any), on 8/16/32/64-bit integers, 16/32/64-bit floats \
         and vectors of them (component-wise). They have no instruction of their own: \
         `isa/src/lower/work_group.rs` lowers each to what a compiler emits for hardware \
         whose cross-lane operations stop at the wave.\n\n\
         Notes:\n\n\
         - Like a barrier, every work-item of the workgroup must reach them (OpenCL's rule); \
         each holds two workgroup barriers, so one in divergent control flow fails as a \
         barrier there does.\n\
         - Reduce and scans, per component: (1) each wave reduces its lanes (the subgroup \
         tree above) and, for a scan, scans them (Hillis-Steele); (2) every lane of wave w \
         stores the wave's partial into slot w of a scratch in workgroup memory; (3) a \
         barrier; (4) each wave loads and combines the slots in wave order, a left fold \
         ((p0 op p1) op p2) ... over every wave for a reduce and over the waves below it for \
         a scan (a loop over NumSubgroups or SubgroupId); (5) a second barrier, after which \
         the scratch may be written again. A scan's result is (fold op the lane's scan within \
         its wave); wave 0 keeps its own scan, the first lane of a later wave's exclusive \
         scan takes the fold alone, and work-item 0 of an exclusive scan gets the identity, \
         so no identity is combined into a result. Float results are the same bits on every \
         run and in both engines, but depend on the wave size (the waves' partials differ).\n\
         - Two partials combine with the subgroup operation's arithmetic: IAdd and FAdd as \
         core instructions, the integer min/max as a compare and a select, FMin / FMax as the \
         float atomics' lane operations (`EXT.FMin`, `EXT.FMax`: a NaN loses, -0 orders \
         below +0).\n\
         - All / Any: each wave's GroupNonUniformAll / Any, then the same fold with a \
         logical and / or.\n\
         - Broadcast: the work-item whose local id is LocalId (missing components 0) stores \
         the value into the scratch, a barrier, every work-item loads it, a second barrier. A \
         LocalId outside the workgroup gives 0.\n\
         - The scratch is 8 bytes for each of the 32 waves of the largest workgroup (1024 \
         work-items in waves of 32): 256 bytes of workgroup memory, once per kernel that uses \
         a collective. It counts in the kernel's workgroup memory, so in occupancy.\n\
         - Timing: that of the parts, each as itself: the cross-lane reduce and scan \
         (`xlane.reduce`, log2(wave size) steps), the LDS store and loads, the barriers, \
         and the fold loop's ALU work and branches; the built-ins it reads (SubgroupId, \
         NumSubgroups, SubgroupLocalInvocationId; LocalInvocationId and WorkgroupSize for a \
         broadcast) are in registers from the wave's start, as the kernel's own are. On \
         `gcn`, one work_group_reduce_add on uint in a \
         workgroup of 256 (4 waves of 64) takes 491 cycles from the first wave's cross-lane \
         reduce to the last wave's leaving the second barrier, most of it the fold loop's \
         branches (3 iterations after the first slot).\n\
         - GroupNonUniform instructions at Workgroup scope, which SPIR-V allows but Vulkan \
         and OpenCL do not, are refused by name.\n\
         - Checked by `workloads/opencl_work_group/` (workgroups of one partial wave, several \
         waves ending in a partial one, full waves and 1024 work-items, on wave32 and wave64; \
         2D and 3D broadcasts; expected outputs from `gen.py` in plain Python) and \
         `sim/tests/subgroups.rs` (the parts a reduce is timed as).\n",
    );
}

/// The SPIR-V capabilities a module may declare; any other is refused.
fn capabilities(out: &mut String) {
    out.push_str("\n## Capabilities\n\n");
    out.push_str(
        "The capabilities a module may declare (`isa::lower::SUPPORTED_CAPABILITIES`); a module \
         declaring any other is refused before lowering.\n\n",
    );
    for c in isa::lower::SUPPORTED_CAPABILITIES {
        let _ = writeln!(out, "- `{c:?}`");
    }
}
