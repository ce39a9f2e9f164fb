//! The GroupNonUniform operations (`isa::subgroup::eval`) against a
//! reference written here from the specification and the documented
//! orders, with Rust's own arithmetic (`f32`, `f64`, `half::f16`, wrapping
//! integers): every operation x type class x wave size (32, 64) x
//! active-lane pattern, and clustered reduces at every cluster size.

mod common;
use common::lcg;
use half::f16;
use isa::core::Scalar;
use isa::subgroup::{eval, Arith, CrossLaneOp, GroupOp, QuadDirection};

const WIDTHS: [usize; 2] = [32, 64];

/// Active-lane patterns: full, partial (a prefix), divergent (scattered
/// lanes), a single lane in the middle, and the last lane alone.
fn patterns(width: usize) -> Vec<(&'static str, u64)> {
    let full = if width == 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    };
    vec![
        ("full", full),
        ("partial", (1 << (width - 5)) - 1),
        ("divergent", 0x9e37_79b9_7f4a_7c15 & full),
        ("odd lanes", 0xaaaa_aaaa_aaaa_aaaa & full),
        ("single", 1 << 13),
        ("last", 1 << (width - 1)),
    ]
}

const INTS: [Scalar; 4] = [
    Scalar::Int(8),
    Scalar::Int(16),
    Scalar::Int(32),
    Scalar::Int(64),
];
const FLOATS: [Scalar; 3] = [Scalar::Float(16), Scalar::Float(32), Scalar::Float(64)];

fn all_types() -> Vec<Scalar> {
    let mut t = INTS.to_vec();
    t.extend(FLOATS);
    t.push(Scalar::Bool);
    t
}

fn width_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

/// Lane values of `ty`: random bits, with floats of mixed magnitudes (so
/// the order of additions shows) and special values now and then.
fn values(ty: Scalar, seed: u64) -> Vec<u64> {
    let mut s = seed;
    (0..64)
        .map(|_| {
            let r = lcg(&mut s);
            match ty {
                Scalar::Bool => r & 1,
                Scalar::Int(b) => r & width_mask(b as u32),
                Scalar::Float(b) => {
                    let x = match r % 16 {
                        0 => f64::NAN,
                        1 => -0.0,
                        2 => f64::INFINITY,
                        _ => {
                            let m = (r >> 8) as f64 / (1u64 << 56) as f64 - 0.5;
                            m * [1.0, 3.0e-3, 7.0e2, 1.0e-1][(r >> 4) as usize % 4]
                        }
                    };
                    match b {
                        16 => f16::from_f64(x).to_bits() as u64,
                        32 => (x as f32).to_bits() as u64,
                        _ => x.to_bits(),
                    }
                }
            }
        })
        .collect()
}

/// NaN-free float values (for FAdd / FMul, where a NaN hides the order).
fn finite(ty: Scalar, seed: u64) -> Vec<u64> {
    let mut v = values(ty, seed);
    for (i, x) in v.iter_mut().enumerate() {
        if is_nan(ty, *x) || is_inf(ty, *x) {
            *x = from_f64(ty, i as f64 * 0.375 - 7.0);
        }
    }
    v
}

fn to_f64(ty: Scalar, x: u64) -> f64 {
    match ty.bits() {
        16 => f16::from_bits(x as u16).to_f64(),
        32 => f32::from_bits(x as u32) as f64,
        _ => f64::from_bits(x),
    }
}

fn from_f64(ty: Scalar, x: f64) -> u64 {
    match ty.bits() {
        16 => f16::from_f64(x).to_bits() as u64,
        32 => (x as f32).to_bits() as u64,
        _ => x.to_bits(),
    }
}

fn is_nan(ty: Scalar, x: u64) -> bool {
    matches!(ty, Scalar::Float(_)) && to_f64(ty, x).is_nan()
}

fn is_inf(ty: Scalar, x: u64) -> bool {
    matches!(ty, Scalar::Float(_)) && to_f64(ty, x).is_infinite()
}

fn signed(ty: Scalar, x: u64) -> i64 {
    let s = 64 - ty.bits();
    ((x << s) as i64) >> s
}

/// `a op b` in Rust's arithmetic of the type.
fn apply(op: Arith, ty: Scalar, a: u64, b: u64) -> u64 {
    let m = width_mask(ty.bits());
    let float = |f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64| match ty.bits() {
        16 => {
            let (x, y) = (f16::from_bits(a as u16), f16::from_bits(b as u16));
            // half's arithmetic rounds once through f32, which is exact
            // for one add or multiply of two halves.
            f16::from_f32(f32op(x.to_f32(), y.to_f32())).to_bits() as u64
        }
        32 => f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64,
        _ => f64op(f64::from_bits(a), f64::from_bits(b)).to_bits(),
    };
    // The minimum / maximum the specification asks for: a NaN loses, and
    // -0 counts as below +0.
    let pick = |want_min: bool| {
        let (x, y) = (to_f64(ty, a), to_f64(ty, b));
        if x.is_nan() {
            return b;
        }
        if y.is_nan() {
            return a;
        }
        let a_first = if x == y {
            x.is_sign_negative() == want_min
        } else {
            (x < y) == want_min
        };
        if a_first {
            a
        } else {
            b
        }
    };
    match op {
        Arith::IAdd => a.wrapping_add(b) & m,
        Arith::IMul => a.wrapping_mul(b) & m,
        Arith::FAdd => float(|x, y| x + y, |x, y| x + y),
        Arith::FMul => float(|x, y| x * y, |x, y| x * y),
        Arith::SMin => {
            if signed(ty, a) < signed(ty, b) {
                a
            } else {
                b
            }
        }
        Arith::SMax => {
            if signed(ty, a) > signed(ty, b) {
                a
            } else {
                b
            }
        }
        Arith::UMin => a.min(b),
        Arith::UMax => a.max(b),
        Arith::FMin => pick(true),
        Arith::FMax => pick(false),
        Arith::BitwiseAnd | Arith::LogicalAnd => a & b,
        Arith::BitwiseOr | Arith::LogicalOr => a | b,
        Arith::BitwiseXor | Arith::LogicalXor => a ^ b,
    }
}

/// The identities the specification lists for each operation.
fn identity(op: Arith, ty: Scalar) -> u64 {
    let m = width_mask(ty.bits());
    match op {
        Arith::IAdd | Arith::UMax | Arith::BitwiseOr | Arith::BitwiseXor => 0,
        Arith::LogicalOr | Arith::LogicalXor => 0,
        Arith::IMul => 1,
        Arith::FAdd => from_f64(ty, 0.0),
        Arith::FMul => from_f64(ty, 1.0),
        Arith::UMin | Arith::BitwiseAnd => m,
        Arith::LogicalAnd => 1,
        Arith::SMin => m >> 1,
        Arith::SMax => (m >> 1) + 1,
        Arith::FMin => from_f64(ty, f64::INFINITY),
        Arith::FMax => from_f64(ty, f64::NEG_INFINITY),
    }
}

/// The reduction tree over lanes `lo..lo + n`: the left half's result
/// combined with the right half's; an empty half is skipped.
fn tree(op: Arith, ty: Scalar, x: &[Option<u64>], lo: usize, n: usize) -> Option<u64> {
    if n == 1 {
        return x[lo];
    }
    let left = tree(op, ty, x, lo, n / 2);
    let right = tree(op, ty, x, lo + n / 2, n / 2);
    match (left, right) {
        (Some(a), Some(b)) => Some(apply(op, ty, a, b)),
        (a, b) => a.or(b),
    }
}

/// Hillis-Steele by its recurrence: after step k lane i holds step k-1's
/// value of lane i - 2^(k-1) combined with its own.
fn scan(op: Arith, ty: Scalar, x: &[Option<u64>], k: u32, i: usize) -> Option<u64> {
    if k == 0 {
        return x[i];
    }
    let d = 1 << (k - 1);
    let own = scan(op, ty, x, k - 1, i);
    if i < d {
        return own;
    }
    match (scan(op, ty, x, k - 1, i - d), own) {
        (Some(a), Some(b)) => Some(apply(op, ty, a, b)),
        (a, b) => a.or(b),
    }
}

fn active_lanes(width: usize, active: u64) -> impl Iterator<Item = usize> {
    (0..width).filter(move |l| active >> l & 1 != 0)
}

/// The expected result of every active lane (None for inactive lanes).
fn reference(
    op: CrossLaneOp,
    ty: Scalar,
    width: usize,
    active: u64,
    src: &[Vec<u64>; 3],
) -> Vec<Option<u64>> {
    let on = |l: usize| l < width && active >> l & 1 != 0;
    let read = |l: i64| -> u64 {
        if l >= 0 && on(l as usize) {
            src[0][l as usize]
        } else {
            0
        }
    };
    let first = (0..width).find(|&l| on(l)).unwrap();
    let ballot_word =
        |l: usize, w: usize| -> bool { w < 64 && (src[w / 32][l] >> (w % 32)) & 1 != 0 };
    let mut out = vec![None; width];
    for l in active_lanes(width, active) {
        let li = l as i64;
        out[l] = Some(match op {
            CrossLaneOp::Elect => (l == first) as u64,
            CrossLaneOp::All => active_lanes(width, active).all(|j| src[0][j] == 1) as u64,
            CrossLaneOp::Any => active_lanes(width, active).any(|j| src[0][j] == 1) as u64,
            CrossLaneOp::AllEqual => active_lanes(width, active).all(|j| match ty {
                Scalar::Float(_) => to_f64(ty, src[0][j]) == to_f64(ty, src[0][first]),
                _ => src[0][j] == src[0][first],
            }) as u64,
            CrossLaneOp::Broadcast | CrossLaneOp::Shuffle => read(src[1][l] as i64),
            CrossLaneOp::BroadcastFirst => src[0][first],
            CrossLaneOp::ShuffleXor => read(li ^ src[1][l] as i64),
            CrossLaneOp::ShuffleUp => read(li - src[1][l] as i64),
            CrossLaneOp::ShuffleDown => read(li + src[1][l] as i64),
            CrossLaneOp::QuadBroadcast => {
                if src[1][l] < 4 {
                    read(li / 4 * 4 + src[1][l] as i64)
                } else {
                    0
                }
            }
            CrossLaneOp::QuadSwap(d) => read(
                li ^ match d {
                    QuadDirection::Horizontal => 1,
                    QuadDirection::Vertical => 2,
                    QuadDirection::Diagonal => 3,
                },
            ),
            CrossLaneOp::Ballot { word } => {
                let mut w = 0u64;
                for j in active_lanes(width, active) {
                    if src[0][j] == 1 && j / 32 == word as usize {
                        w |= 1 << (j % 32);
                    }
                }
                w
            }
            CrossLaneOp::InverseBallot => ballot_word(l, l) as u64,
            CrossLaneOp::BallotBitCount(g) => {
                let upto = match g {
                    GroupOp::InclusiveScan => l + 1,
                    GroupOp::ExclusiveScan => l,
                    _ => width,
                };
                (0..upto).filter(|&b| ballot_word(l, b)).count() as u64
            }
            CrossLaneOp::BallotFindLsb => (0..width)
                .find(|&b| ballot_word(l, b))
                .map_or(0xffff_ffff, |b| b as u64),
            CrossLaneOp::BallotFindMsb => (0..width)
                .rev()
                .find(|&b| ballot_word(l, b))
                .map_or(0xffff_ffff, |b| b as u64),
            CrossLaneOp::Arith(a, g) => {
                let x: Vec<Option<u64>> = (0..width).map(|j| on(j).then_some(src[0][j])).collect();
                let steps = width.trailing_zeros();
                let r = match g {
                    GroupOp::Reduce => tree(a, ty, &x, 0, width),
                    GroupOp::ClusteredReduce(c) => {
                        let c = c as usize;
                        tree(a, ty, &x, l / c * c, c)
                    }
                    GroupOp::InclusiveScan => scan(a, ty, &x, steps, l),
                    GroupOp::ExclusiveScan if l == 0 => None,
                    GroupOp::ExclusiveScan => scan(a, ty, &x, steps, l - 1),
                };
                r.unwrap_or_else(|| identity(a, ty))
            }
        });
    }
    out
}

/// Runs `op` through `isa::subgroup::eval` and compares every lane with
/// the reference; inactive lanes must keep their old value. Returns the
/// number of cases (1) for counting.
fn check(
    op: CrossLaneOp,
    ty: Scalar,
    width: usize,
    (pattern, active): (&str, u64),
    src: &[Vec<u64>; 3],
    bad: &mut Vec<String>,
) -> usize {
    const OLD: u64 = 0xdead_beef;
    let mut out = vec![OLD; width];
    eval(
        op,
        ty,
        width,
        active,
        [&src[0][..width], &src[1][..width], &src[2][..width]],
        &mut out,
    );
    let want = reference(op, ty, width, active, src);
    let result_ty = op.result_type(ty);
    for l in 0..width {
        let ok = match want[l] {
            None => out[l] == OLD,
            Some(w) if is_nan(result_ty, w) => is_nan(result_ty, out[l]),
            Some(w) => out[l] == w,
        };
        if !ok {
            bad.push(format!(
                "{op:?} {ty:?} wave{width} {pattern}: lane {l} gave {:#x}, want {:?}",
                out[l],
                want[l].map(|w| format!("{w:#x}"))
            ));
            break;
        }
    }
    1
}

fn report(bad: &[String], cases: usize, at_least: usize) {
    assert!(
        bad.is_empty(),
        "{} of {cases} cases failed:\n{}",
        bad.len(),
        bad[..bad.len().min(20)].join("\n")
    );
    assert!(cases >= at_least, "only {cases} cases ran");
}

#[test]
fn reductions_and_scans_on_every_type_wave_size_and_pattern() {
    let mut bad = Vec::new();
    let mut cases = 0;
    for (t, ty) in all_types().into_iter().enumerate() {
        for op in Arith::ALL.into_iter().filter(|a| a.accepts(ty)) {
            // Sums and products of NaN-free inputs, so a wrong order
            // shows as different bits rather than NaN either way.
            let seed = 7 + t as u64;
            let data = match op {
                Arith::FAdd | Arith::FMul => finite(ty, seed),
                _ => values(ty, seed),
            };
            let src = [data, vec![0; 64], vec![0; 64]];
            for width in WIDTHS {
                for p in patterns(width) {
                    for g in [
                        GroupOp::Reduce,
                        GroupOp::InclusiveScan,
                        GroupOp::ExclusiveScan,
                    ] {
                        cases += check(CrossLaneOp::Arith(op, g), ty, width, p, &src, &mut bad);
                    }
                    let mut c = 1;
                    while c <= width as u32 {
                        let g = GroupOp::ClusteredReduce(c);
                        cases += check(CrossLaneOp::Arith(op, g), ty, width, p, &src, &mut bad);
                        c *= 2;
                    }
                }
            }
        }
    }
    // 8 types; integers take 10 operations, floats 4, booleans 3.
    // 8 types: integers take 9 operations, floats 4, booleans 3; 3 group
    // operations and 6 (wave32) or 7 (wave64) cluster sizes.
    report(&bad, cases, (4 * 9 + 3 * 4 + 3) * 6 * (9 + 10));
}

#[test]
fn permutes_on_every_type_wave_size_and_pattern() {
    let mut bad = Vec::new();
    let mut cases = 0;
    let mut s = 99;
    for (t, ty) in all_types().into_iter().enumerate() {
        let data = values(ty, 31 + t as u64);
        for width in WIDTHS {
            // Lane operands: in range, past the wave, and (for quads)
            // past the quad.
            let ids: Vec<u64> = (0..64).map(|_| lcg(&mut s) % (width as u64 + 8)).collect();
            let small: Vec<u64> = (0..64).map(|_| lcg(&mut s) % 6).collect();
            let uniform = vec![lcg(&mut s) % width as u64; 64];
            for p in patterns(width) {
                let with = |second: &Vec<u64>| [data.clone(), second.clone(), vec![0; 64]];
                let ops: [(CrossLaneOp, &Vec<u64>); 11] = [
                    (CrossLaneOp::AllEqual, &ids),
                    (CrossLaneOp::Broadcast, &uniform),
                    (CrossLaneOp::BroadcastFirst, &ids),
                    (CrossLaneOp::Shuffle, &ids),
                    (CrossLaneOp::ShuffleXor, &small),
                    (CrossLaneOp::ShuffleUp, &small),
                    (CrossLaneOp::ShuffleDown, &small),
                    (CrossLaneOp::QuadBroadcast, &small),
                    (CrossLaneOp::QuadSwap(QuadDirection::Horizontal), &ids),
                    (CrossLaneOp::QuadSwap(QuadDirection::Vertical), &ids),
                    (CrossLaneOp::QuadSwap(QuadDirection::Diagonal), &ids),
                ];
                for (op, second) in ops {
                    cases += check(op, ty, width, p, &with(second), &mut bad);
                }
                // AllEqual where it holds: every lane the same value.
                let same = [vec![data[5]; 64], ids.clone(), vec![0; 64]];
                cases += check(CrossLaneOp::AllEqual, ty, width, p, &same, &mut bad);
            }
        }
    }
    report(&bad, cases, 8 * 2 * 6 * 12);
}

#[test]
fn votes_and_ballots_on_every_wave_size_and_pattern() {
    let mut bad = Vec::new();
    let mut cases = 0;
    let b = Scalar::Bool;
    let u = Scalar::Int(32);
    for seed in 0..4u64 {
        let predicate = match seed {
            0 => vec![1; 64],
            1 => vec![0; 64],
            _ => values(b, seed),
        };
        let words = [values(u, 50 + seed), values(u, 60 + seed), vec![0; 64]];
        // A ballot of no bits in the wave.
        let empty = [vec![0; 64], vec![0; 64], vec![0; 64]];
        for width in WIDTHS {
            for p in patterns(width) {
                let pred = [predicate.clone(), vec![0; 64], vec![0; 64]];
                for op in [
                    CrossLaneOp::Elect,
                    CrossLaneOp::All,
                    CrossLaneOp::Any,
                    CrossLaneOp::Ballot { word: 0 },
                    CrossLaneOp::Ballot { word: 1 },
                ] {
                    cases += check(op, b, width, p, &pred, &mut bad);
                }
                for op in [
                    CrossLaneOp::InverseBallot,
                    CrossLaneOp::BallotFindLsb,
                    CrossLaneOp::BallotFindMsb,
                    CrossLaneOp::BallotBitCount(GroupOp::Reduce),
                    CrossLaneOp::BallotBitCount(GroupOp::InclusiveScan),
                    CrossLaneOp::BallotBitCount(GroupOp::ExclusiveScan),
                ] {
                    cases += check(op, u, width, p, &words, &mut bad);
                    cases += check(op, u, width, p, &empty, &mut bad);
                }
            }
        }
    }
    report(&bad, cases, 4 * 2 * 6 * 17);
}

/// The test data is order-sensitive: summing it lane by lane gives other
/// bits than the tree and the scan, so the tables above would catch a
/// sequential order.
#[test]
fn float_sums_of_the_test_data_depend_on_the_order() {
    for (t, ty) in all_types().into_iter().enumerate() {
        if !FLOATS.contains(&ty) {
            continue;
        }
        let x = finite(ty, 7 + t as u64);
        let zeros = vec![0; 64];
        let sequential = x[1..]
            .iter()
            .fold(x[0], |acc, &v| apply(Arith::FAdd, ty, acc, v));
        for g in [GroupOp::Reduce, GroupOp::InclusiveScan] {
            let mut out = vec![0; 64];
            let op = CrossLaneOp::Arith(Arith::FAdd, g);
            eval(op, ty, 64, u64::MAX, [&x, &zeros, &zeros], &mut out);
            assert_ne!(out[63], sequential, "{ty:?} {g:?}: order does not show");
        }
    }
}

#[test]
fn every_operation_is_named_and_classed_by_its_instruction() {
    for op in CrossLaneOp::all() {
        let name = op.name();
        assert!(name.starts_with("GroupNonUniform"), "{name}");
        let opcode = format!("Op{name}");
        assert!(
            rspirv::grammar::INSTRUCTION_TABLE
                .iter()
                .any(|g| format!("Op{}", g.opname) == opcode),
            "{opcode} is no SPIR-V instruction"
        );
        assert!(isa::vocabulary::is_instruction_name(&name), "{name}");
        if !op.is_reduction() {
            assert_eq!(op.steps(64), 1, "{name}");
        }
    }
    let reduce = CrossLaneOp::Arith(Arith::IAdd, GroupOp::Reduce);
    assert_eq!((reduce.steps(32), reduce.steps(64)), (5, 6));
    let clustered = CrossLaneOp::Arith(Arith::IAdd, GroupOp::ClusteredReduce(4));
    assert_eq!(clustered.steps(64), 2);
}

/// A compute module whose body is `body` (with `%x` a uint, `%v` a uvec4,
/// `%p` a bool and `%sub`, `%wg`, `%three` uint constants 3, 2, 3).
fn lower_body(body: &str) -> Result<isa::ir::Kernel, String> {
    let text = format!(
        "OpCapability Shader
         OpCapability GroupNonUniformArithmetic
         OpCapability GroupNonUniformVote
         OpCapability GroupNonUniformBallot
         OpCapability GroupNonUniformShuffle
         OpCapability GroupNonUniformShuffleRelative
         OpCapability GroupNonUniformClustered
         OpCapability GroupNonUniformQuad
         OpCapability SubgroupBallotKHR
         OpCapability SubgroupVoteKHR
         OpCapability Groups
         OpExtension \"SPV_KHR_shader_ballot\"
         OpExtension \"SPV_KHR_subgroup_vote\"
         OpMemoryModel Logical GLSL450
         OpEntryPoint GLCompute %main \"main\"
         OpExecutionMode %main LocalSize 64 1 1
         %void = OpTypeVoid
         %fn = OpTypeFunction %void
         %bool = OpTypeBool
         %uint = OpTypeInt 32 0
         %float = OpTypeFloat 32
         %uvec4 = OpTypeVector %uint 4
         %sub = OpConstant %uint 3
         %wg = OpConstant %uint 2
         %three = OpConstant %uint 3
         %x = OpConstant %uint 7
         %f = OpConstant %float 1
         %p = OpConstantTrue %bool
         %v = OpConstantComposite %uvec4 %x %x %x %x
         %main = OpFunction %void None %fn
         %entry = OpLabel
         {body}
         OpReturn
         OpFunctionEnd"
    );
    let words = isa::asm::assemble(&text).map_err(|e| format!("{e:?}"))?;
    let m = isa::module::parse_words(&words).map_err(|e| format!("{e:?}"))?;
    isa::lower::lower(&m, "main", &Default::default()).map_err(|e| e.to_string())
}

#[test]
fn lowering_refuses_what_it_cannot_honour_with_a_named_error() {
    for (body, want) in [
        (
            "%r = OpGroupNonUniformIAdd %uint %wg Reduce %x",
            "only Subgroup scope",
        ),
        (
            "%r = OpGroupNonUniformIAdd %uint %sub ClusteredReduce %x %x",
            "cluster size 7 is not a power of two",
        ),
        (
            "%r = OpGroupNonUniformIAdd %uint %sub ClusteredReduce %x %three",
            "cluster size 3 is not a power of two",
        ),
        (
            "%r = OpGroupNonUniformFAdd %uint %sub Reduce %x",
            "not defined on Int(32)",
        ),
        (
            "%r = OpGroupNonUniformQuadSwap %uint %sub %x %x",
            "direction 7",
        ),
        (
            "%r = OpGroupNonUniformAll %bool %wg %p",
            "with Workgroup scope is not supported",
        ),
        (
            // 7 is no Scope at all: the validator refuses it first.
            "%r = OpGroupAll %bool %x %p",
            "scope %11 is 7, which is no Scope",
        ),
        (
            "%r = OpGroupUMax %uint %sub ClusteredReduce %x",
            "OpGroupUMax takes no ClusteredReduce",
        ),
        (
            "%r = OpGroupFMin %uint %sub Reduce %x",
            "not defined on Int(32)",
        ),
        // OpenCL 2.0 work_group_* collectives: Workgroup scope.
        (
            "%r = OpGroupUMax %uint %wg ClusteredReduce %x",
            "OpGroupUMax takes no ClusteredReduce",
        ),
        (
            "%r = OpGroupFMin %uint %wg Reduce %x",
            "not defined on Int(32)",
        ),
        (
            "%r = OpGroupBroadcast %uint %wg %x %f",
            "OpGroupBroadcast: LocalId must be an integer scalar or a 2- or 3-component",
        ),
        (
            "%r = OpGroupBroadcast %uint %wg %x %v",
            "OpGroupBroadcast: LocalId must be an integer scalar or a 2- or 3-component",
        ),
    ] {
        let e = lower_body(body).expect_err(body);
        assert!(e.contains(want), "{body}: {e}");
    }
}

/// The cross-lane operations of a kernel, each with the constant values
/// of the sources it reads.
fn cross_lane_ops(k: &isa::ir::Kernel) -> Vec<(CrossLaneOp, Vec<u64>)> {
    let value = |r: u32| {
        k.constants
            .iter()
            .find(|c| c.0 == r)
            .map_or(u64::MAX, |c| c.1)
    };
    k.insts
        .iter()
        .filter_map(|i| match i {
            isa::ir::Inst::CrossLane { op, src, .. } => Some((
                *op,
                src[..op.operands()].iter().map(|&r| value(r)).collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn a_scan_lowers_to_one_cross_lane_instruction() {
    let k = lower_body("%s = OpGroupNonUniformFMax %float %sub InclusiveScan %f").unwrap();
    let one = 1.0f32.to_bits() as u64;
    assert_eq!(
        cross_lane_ops(&k),
        [(
            CrossLaneOp::Arith(Arith::FMax, GroupOp::InclusiveScan),
            vec![one]
        )]
    );
}

/// How many of the kernel's instructions are workgroup barriers.
fn barriers(k: &isa::ir::Kernel) -> usize {
    k.insts
        .iter()
        .filter(|i| matches!(i, isa::ir::Inst::Barrier))
        .count()
}

/// An OpenCL work-group collective (OpGroup* at Workgroup scope) becomes
/// its wave's cross-lane steps and two workgroup barriers per component,
/// through one scratch of 256 bytes of workgroup memory for the whole
/// kernel; the built-ins it reads get slots of their own.
#[test]
fn a_work_group_collective_lowers_to_cross_lane_steps_between_two_barriers() {
    let k = lower_body("%s = OpGroupIAdd %uint %wg InclusiveScan %x").unwrap();
    assert_eq!(
        cross_lane_ops(&k),
        [
            (CrossLaneOp::Arith(Arith::IAdd, GroupOp::Reduce), vec![7]),
            (
                CrossLaneOp::Arith(Arith::IAdd, GroupOp::InclusiveScan),
                vec![7]
            ),
        ]
    );
    assert_eq!((barriers(&k), k.workgroup_bytes), (2, 256));
    let builtins: Vec<_> = k.builtins.iter().map(|b| b.builtin).collect();
    assert_eq!(builtins, [isa::ir::BuiltIn::SubgroupId]);

    // A vote and a vector's four components: five collectives, one scratch.
    let k = lower_body(
        "%a = OpGroupAny %bool %wg %p
         %m = OpGroupUMin %uvec4 %wg Reduce %v",
    )
    .unwrap();
    let ops: Vec<_> = cross_lane_ops(&k).into_iter().map(|(op, _)| op).collect();
    let min = CrossLaneOp::Arith(Arith::UMin, GroupOp::Reduce);
    assert_eq!(ops, [CrossLaneOp::Any, min, min, min, min]);
    assert_eq!((barriers(&k), k.workgroup_bytes), (10, 256));

    // A broadcast: no cross-lane step, the vector stored once.
    let k = lower_body("%b = OpGroupBroadcast %uvec4 %wg %v %x").unwrap();
    assert!(cross_lane_ops(&k).is_empty());
    assert_eq!((barriers(&k), k.workgroup_bytes), (2, 256));
}

/// The SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote forms (no scope
/// operand) become their GroupNonUniform equivalents, operands in place.
#[test]
fn the_khr_ballot_and_vote_forms_lower_to_the_same_operations() {
    let k = lower_body(
        "%b = OpSubgroupBallotKHR %uvec4 %p
         %f1 = OpSubgroupFirstInvocationKHR %uint %x
         %r = OpSubgroupReadInvocationKHR %uint %x %wg
         %a = OpSubgroupAllKHR %bool %p
         %n = OpSubgroupAnyKHR %bool %p
         %e = OpSubgroupAllEqualKHR %bool %p",
    )
    .unwrap();
    assert_eq!(
        cross_lane_ops(&k),
        [
            (CrossLaneOp::Ballot { word: 0 }, vec![1]),
            (CrossLaneOp::Ballot { word: 1 }, vec![1]),
            (CrossLaneOp::BroadcastFirst, vec![7]),
            (CrossLaneOp::Broadcast, vec![7, 2]),
            (CrossLaneOp::All, vec![1]),
            (CrossLaneOp::Any, vec![1]),
            (CrossLaneOp::AllEqual, vec![1]),
        ]
    );
}

/// OpenCL's cl_khr_subgroups instructions (capability Groups) become the
/// cross-lane operations of their GroupNonUniform equivalents, with every
/// group operation, operands in place.
#[test]
fn the_opencl_group_forms_lower_to_the_same_operations() {
    let one = 1.0f32.to_bits() as u64;
    let groups = [
        ("Reduce", GroupOp::Reduce),
        ("InclusiveScan", GroupOp::InclusiveScan),
        ("ExclusiveScan", GroupOp::ExclusiveScan),
    ];
    let ariths = [
        ("OpGroupIAdd %uint", "%x", Arith::IAdd, 7),
        ("OpGroupUMin %uint", "%x", Arith::UMin, 7),
        ("OpGroupSMin %uint", "%x", Arith::SMin, 7),
        ("OpGroupUMax %uint", "%x", Arith::UMax, 7),
        ("OpGroupSMax %uint", "%x", Arith::SMax, 7),
        ("OpGroupFAdd %float", "%f", Arith::FAdd, one),
        ("OpGroupFMin %float", "%f", Arith::FMin, one),
        ("OpGroupFMax %float", "%f", Arith::FMax, one),
    ];
    for (op, value, arith, constant) in ariths {
        for (group_name, group) in groups {
            let body = format!("%r = {op} %sub {group_name} {value}");
            let k = lower_body(&body).unwrap_or_else(|e| panic!("{body}: {e}"));
            assert_eq!(
                cross_lane_ops(&k),
                [(CrossLaneOp::Arith(arith, group), vec![constant])],
                "{body}"
            );
        }
    }
    let k = lower_body(
        "%a = OpGroupAll %bool %sub %p
         %n = OpGroupAny %bool %sub %p
         %b = OpGroupBroadcast %uint %sub %x %three",
    )
    .unwrap();
    assert_eq!(
        cross_lane_ops(&k),
        [
            (CrossLaneOp::All, vec![1]),
            (CrossLaneOp::Any, vec![1]),
            (CrossLaneOp::Broadcast, vec![7, 3]),
        ]
    );
}
