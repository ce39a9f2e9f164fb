//! The meaning of the SPIR-V GroupNonUniform instructions at Subgroup scope:
//! one wave-wide function from the active lanes' inputs to their outputs.
//!
//! A subgroup is a wave (32 or 64 lanes). Lowering scalarises vectors, so
//! every [`CrossLaneOp`] works on one scalar register per lane; a ballot's
//! `uvec4` is its four 32-bit words, of which only words 0 and 1 can hold
//! lanes of a wave of at most 64.
//!
//! Defined where the specification leaves things undefined:
//! - reading a lane that is inactive or outside the wave (shuffles,
//!   broadcasts, quad operations, a shuffle delta past either end) gives 0;
//! - a find-LSB/MSB of a ballot with no bit set gives 0xFFFF_FFFF;
//! - a cluster size above the wave size clusters the whole wave;
//! - FMin/FMax of only NaNs gives the default quiet NaN (a NaN operand
//!   otherwise loses, as the specification requires; -0 orders below +0).
//!
//! Order of floating-point work (so every run gives the same bits), the
//! order of the cross-lane steps a compiler emits (AMD DPP row shifts):
//! - reduce: a tree by lane index: at step `s = 1, 2, 4, ...` lane `i`
//!   (a multiple of `2s`) combines its partial value (left) with lane
//!   `i + s`'s (right); lane 0's value after log2(width) steps is the
//!   result. A clustered reduce runs the same tree for log2(cluster size)
//!   steps and each cluster's first lane holds its result;
//! - inclusive scan: Hillis-Steele: at step `d = 1, 2, 4, ...` each lane
//!   `i >= d` combines lane `i - d`'s partial value (left) with its own
//!   (right);
//! - exclusive scan: the inclusive scan's value of the lane below (the
//!   operation's identity for lane 0).
//!
//! Inactive lanes never contribute: they enter the tree and the scan empty
//! (combining with an empty side returns the other side unchanged), so no
//! identity value is ever added into a result.

use crate::core::{self, float_min_max, Alu, AluOp, Scalar};

/// The widest wave the model runs.
pub const MAX_WIDTH: usize = 64;
/// The narrowest wave the model runs.
pub const MIN_WIDTH: usize = 32;

/// SPIR-V's Subgroup scope, the only execution scope these operations take.
pub const SUBGROUP_SCOPE: u64 = 3;

/// SPIR-V GroupOperation, with the cluster size of a clustered reduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupOp {
    Reduce,
    InclusiveScan,
    ExclusiveScan,
    /// A reduce within aligned clusters of this many lanes (a power of two).
    ClusteredReduce(u32),
}

/// The arithmetic of OpGroupNonUniform{IAdd, ..., LogicalXor}.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arith {
    IAdd,
    FAdd,
    IMul,
    FMul,
    SMin,
    UMin,
    FMin,
    SMax,
    UMax,
    FMax,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
}

impl Arith {
    pub const ALL: [Arith; 16] = [
        Arith::IAdd,
        Arith::FAdd,
        Arith::IMul,
        Arith::FMul,
        Arith::SMin,
        Arith::UMin,
        Arith::FMin,
        Arith::SMax,
        Arith::UMax,
        Arith::FMax,
        Arith::BitwiseAnd,
        Arith::BitwiseOr,
        Arith::BitwiseXor,
        Arith::LogicalAnd,
        Arith::LogicalOr,
        Arith::LogicalXor,
    ];

    /// Whether the operation is defined on values of `ty`.
    pub fn accepts(self, ty: Scalar) -> bool {
        match self {
            Arith::FAdd | Arith::FMul | Arith::FMin | Arith::FMax => {
                matches!(ty, Scalar::Float(_))
            }
            Arith::LogicalAnd | Arith::LogicalOr | Arith::LogicalXor => ty == Scalar::Bool,
            _ => matches!(ty, Scalar::Int(_)),
        }
    }

    /// `a op b` on raw bits of `ty`.
    pub fn apply(self, ty: Scalar, a: u64, b: u64) -> u64 {
        let bits = ty.bits();
        let alu = |op| core::eval(Alu { op, ty }, a, b, 0, 0);
        let signed = |x| core::sign_extend(x, bits);
        match self {
            Arith::IAdd => alu(AluOp::IAdd),
            Arith::FAdd => alu(AluOp::FAdd),
            Arith::IMul => alu(AluOp::IMul),
            Arith::FMul => alu(AluOp::FMul),
            Arith::BitwiseAnd | Arith::LogicalAnd => a & b,
            Arith::BitwiseOr | Arith::LogicalOr => a | b,
            Arith::BitwiseXor | Arith::LogicalXor => a ^ b,
            Arith::SMin => pick(signed(a) <= signed(b), a, b),
            Arith::SMax => pick(signed(a) >= signed(b), a, b),
            Arith::UMin => a.min(b),
            Arith::UMax => a.max(b),
            Arith::FMin => float_min_max(ty, a, b, false),
            Arith::FMax => float_min_max(ty, a, b, true),
        }
    }

    /// The identity the specification gives the operation (what an
    /// exclusive scan returns where no lane below is active).
    pub fn identity(self, ty: Scalar) -> u64 {
        let bits = ty.bits();
        let all = core::mask(bits);
        let float = |x: f64| core::from_f64(bits, x);
        match self {
            Arith::IAdd
            | Arith::UMax
            | Arith::BitwiseOr
            | Arith::BitwiseXor
            | Arith::LogicalOr
            | Arith::LogicalXor => 0,
            Arith::FAdd => float(0.0),
            Arith::IMul => 1,
            Arith::FMul => float(1.0),
            Arith::UMin | Arith::BitwiseAnd | Arith::LogicalAnd => all,
            Arith::SMin => all >> 1,
            Arith::SMax => 1 << (bits - 1),
            Arith::FMin => float(f64::INFINITY),
            Arith::FMax => float(f64::NEG_INFINITY),
        }
    }
}

fn pick(first: bool, a: u64, b: u64) -> u64 {
    if first {
        a
    } else {
        b
    }
}

/// Which neighbour OpGroupNonUniformQuadSwap exchanges with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuadDirection {
    Horizontal,
    Vertical,
    Diagonal,
}

/// One cross-lane operation on scalar lane values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrossLaneOp {
    /// True in the lowest active lane.
    Elect,
    /// src0: predicate.
    All,
    Any,
    /// src0: value; true when every active lane holds an equal value
    /// (floats compare ordered, so a NaN is never equal).
    AllEqual,
    /// src0: value, src1: the lane to read.
    Broadcast,
    /// src0: value of the lowest active lane.
    BroadcastFirst,
    /// Word `word` (0 or 1) of the mask of active lanes whose src0 is true.
    Ballot {
        word: u8,
    },
    /// src0, src1: ballot words 0 and 1; each lane's own bit.
    InverseBallot,
    /// src0, src1: ballot words 0 and 1; the set bits of lanes of the wave
    /// (all, up to and including the own lane, or below it).
    BallotBitCount(GroupOp),
    BallotFindLsb,
    BallotFindMsb,
    /// src0: value, src1: lane id / xor mask / delta.
    Shuffle,
    ShuffleXor,
    ShuffleUp,
    ShuffleDown,
    /// src0: value; OpGroupNonUniform{IAdd, ...} with a group operation.
    Arith(Arith, GroupOp),
    /// src0: value, src1: index within the quad.
    QuadBroadcast,
    QuadSwap(QuadDirection),
}

impl CrossLaneOp {
    /// Every operation once, clustered reduces with cluster size 1 (for
    /// listing names and classes).
    pub fn all() -> Vec<CrossLaneOp> {
        let mut ops = vec![
            CrossLaneOp::Elect,
            CrossLaneOp::All,
            CrossLaneOp::Any,
            CrossLaneOp::AllEqual,
            CrossLaneOp::Broadcast,
            CrossLaneOp::BroadcastFirst,
            CrossLaneOp::Ballot { word: 0 },
            CrossLaneOp::InverseBallot,
            CrossLaneOp::BallotFindLsb,
            CrossLaneOp::BallotFindMsb,
            CrossLaneOp::Shuffle,
            CrossLaneOp::ShuffleXor,
            CrossLaneOp::ShuffleUp,
            CrossLaneOp::ShuffleDown,
            CrossLaneOp::QuadBroadcast,
            CrossLaneOp::QuadSwap(QuadDirection::Horizontal),
        ];
        let groups = [
            GroupOp::Reduce,
            GroupOp::InclusiveScan,
            GroupOp::ExclusiveScan,
        ];
        ops.extend(groups.map(CrossLaneOp::BallotBitCount));
        for a in Arith::ALL {
            ops.extend(groups.map(|g| CrossLaneOp::Arith(a, g)));
            ops.push(CrossLaneOp::Arith(a, GroupOp::ClusteredReduce(1)));
        }
        ops
    }

    /// The SPIR-V instruction's name without `Op`: the canonical name
    /// configs and traces use (`GroupNonUniformFAdd`).
    pub fn name(self) -> String {
        use CrossLaneOp::*;
        let base = match self {
            Elect => "Elect",
            All => "All",
            Any => "Any",
            AllEqual => "AllEqual",
            Broadcast => "Broadcast",
            BroadcastFirst => "BroadcastFirst",
            Ballot { .. } => "Ballot",
            InverseBallot => "InverseBallot",
            BallotBitCount(_) => "BallotBitCount",
            BallotFindLsb => "BallotFindLSB",
            BallotFindMsb => "BallotFindMSB",
            Shuffle => "Shuffle",
            ShuffleXor => "ShuffleXor",
            ShuffleUp => "ShuffleUp",
            ShuffleDown => "ShuffleDown",
            CrossLaneOp::Arith(a, _) => return format!("GroupNonUniform{a:?}"),
            QuadBroadcast => "QuadBroadcast",
            QuadSwap(_) => "QuadSwap",
        };
        format!("GroupNonUniform{base}")
    }

    /// How many of the instruction's source registers the operation reads.
    pub fn operands(self) -> usize {
        use CrossLaneOp::*;
        match self {
            Elect => 0,
            All | Any | AllEqual | BroadcastFirst | Ballot { .. } | QuadSwap(_) => 1,
            CrossLaneOp::Arith(..) => 1,
            Broadcast | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown | QuadBroadcast => 2,
            InverseBallot | BallotBitCount(_) | BallotFindLsb | BallotFindMsb => 2,
        }
    }

    /// The type of the result when src0's values are of type `ty`.
    pub fn result_type(self, ty: Scalar) -> Scalar {
        use CrossLaneOp::*;
        match self {
            Elect | All | Any | AllEqual | InverseBallot => Scalar::Bool,
            Ballot { .. } | BallotBitCount(_) | BallotFindLsb | BallotFindMsb => Scalar::Int(32),
            _ => ty,
        }
    }

    /// Whether the operation combines lane values arithmetically (a reduce
    /// or scan) rather than moving or testing them.
    pub fn is_reduction(self) -> bool {
        matches!(self, CrossLaneOp::Arith(..))
    }

    /// Cross-lane steps the operation takes on a wave of `width` lanes: the
    /// depth of its reduction tree or scan (log2 of the lanes combined),
    /// one for the other operations.
    pub fn steps(self, width: usize) -> u32 {
        match self {
            CrossLaneOp::Arith(_, GroupOp::ClusteredReduce(c)) => {
                (c as usize).min(width).max(2).ilog2()
            }
            CrossLaneOp::Arith(..) => width.max(2).ilog2(),
            _ => 1,
        }
    }
}

/// Executes `op` on a wave of `width` lanes (at most [`MAX_WIDTH`]) whose
/// active lanes are the set bits of `active`: `src` holds each source
/// register's lane values (those past [`CrossLaneOp::operands`] are not
/// read), `out` receives the result of each active lane (inactive lanes'
/// entries are left alone). `ty` is the type of src0's values.
pub fn eval(
    op: CrossLaneOp,
    ty: Scalar,
    width: usize,
    active: u64,
    src: [&[u64]; 3],
    out: &mut [u64],
) {
    let width = width.min(MAX_WIDTH);
    let active = active & core::mask(width as u32);
    let is_active = |lane: usize| lane < width && active >> lane & 1 != 0;
    // The value of `lane`, 0 where the lane is inactive or outside the wave.
    let read = |lane: Option<usize>| match lane {
        Some(l) if is_active(l) => src[0][l],
        _ => 0,
    };
    let first = active.trailing_zeros() as usize;
    let own_lanes = || (0..width).filter(|&l| is_active(l));
    let ballot = |lane: usize| (src[0][lane] & 0xffff_ffff) | (src[1][lane] & 0xffff_ffff) << 32;
    let wave_bits = core::mask(width as u32);
    use CrossLaneOp::*;
    match op {
        Elect => own_lanes().for_each(|l| out[l] = (l == first) as u64),
        All | Any => {
            let set = own_lanes().filter(|&l| src[0][l] != 0).count();
            let total = active.count_ones() as usize;
            let r = if op == All { set == total } else { set > 0 };
            own_lanes().for_each(|l| out[l] = r as u64);
        }
        AllEqual => {
            let equal = |a, b| match ty {
                Scalar::Float(_) => {
                    core::eval(
                        Alu {
                            op: AluOp::FOrdEqual,
                            ty,
                        },
                        a,
                        b,
                        0,
                        0,
                    ) != 0
                }
                _ => a == b,
            };
            let x = src[0][first];
            let r = own_lanes().all(|l| equal(x, src[0][l]));
            own_lanes().for_each(|l| out[l] = r as u64);
        }
        Broadcast | Shuffle => {
            own_lanes().for_each(|l| out[l] = read(usize::try_from(src[1][l]).ok()))
        }
        BroadcastFirst => {
            let x = src[0][first];
            own_lanes().for_each(|l| out[l] = x);
        }
        ShuffleXor => own_lanes().for_each(|l| {
            out[l] = read(usize::try_from(l as u64 ^ src[1][l]).ok());
        }),
        ShuffleUp => own_lanes().for_each(|l| {
            out[l] = read((l as u64).checked_sub(src[1][l]).map(|x| x as usize));
        }),
        ShuffleDown => own_lanes().for_each(|l| {
            out[l] = read(
                (l as u64)
                    .checked_add(src[1][l])
                    .and_then(|x| usize::try_from(x).ok()),
            );
        }),
        QuadBroadcast => own_lanes().for_each(|l| {
            let index = src[1][l];
            out[l] = read((index < 4).then_some((l & !3) + index as usize));
        }),
        QuadSwap(direction) => {
            let flip = match direction {
                QuadDirection::Horizontal => 1,
                QuadDirection::Vertical => 2,
                QuadDirection::Diagonal => 3,
            };
            own_lanes().for_each(|l| out[l] = read(Some(l ^ flip)));
        }
        Ballot { word } => {
            let mask = own_lanes()
                .filter(|&l| src[0][l] != 0)
                .fold(0u64, |m, l| m | 1 << l);
            let w = if word == 0 { mask } else { mask >> 32 };
            own_lanes().for_each(|l| out[l] = w & 0xffff_ffff);
        }
        InverseBallot => own_lanes().for_each(|l| out[l] = ballot(l) >> l & 1),
        BallotBitCount(group) => own_lanes().for_each(|l| {
            let below = (1u64 << l) - 1;
            let lanes = match group {
                GroupOp::InclusiveScan => below | 1 << l,
                GroupOp::ExclusiveScan => below,
                GroupOp::Reduce | GroupOp::ClusteredReduce(_) => wave_bits,
            };
            out[l] = (ballot(l) & lanes).count_ones() as u64;
        }),
        BallotFindLsb | BallotFindMsb => own_lanes().for_each(|l| {
            let b = ballot(l) & wave_bits;
            out[l] = match (b, op) {
                (0, _) => 0xffff_ffff,
                (_, BallotFindLsb) => b.trailing_zeros() as u64,
                _ => 63 - b.leading_zeros() as u64,
            };
        }),
        CrossLaneOp::Arith(arith, group) => {
            let combine = |a: Option<u64>, b: Option<u64>| match (a, b) {
                (Some(a), Some(b)) => Some(arith.apply(ty, a, b)),
                (a, None) => a,
                (None, b) => b,
            };
            let mut v = [None; MAX_WIDTH];
            for l in own_lanes() {
                v[l] = Some(src[0][l]);
            }
            let identity = arith.identity(ty);
            match group {
                GroupOp::Reduce | GroupOp::ClusteredReduce(_) => {
                    let cluster = match group {
                        GroupOp::ClusteredReduce(c) => (c as usize).clamp(1, width),
                        _ => width,
                    };
                    let mut s = 1;
                    while s < cluster {
                        for i in (0..width).step_by(2 * s) {
                            v[i] = combine(v[i], v[i + s]);
                        }
                        s *= 2;
                    }
                    own_lanes().for_each(|l| out[l] = v[l - l % cluster].unwrap_or(identity));
                }
                GroupOp::InclusiveScan | GroupOp::ExclusiveScan => {
                    let mut d = 1;
                    while d < width {
                        // Highest lanes first, so each reads its partner's
                        // value from before this step.
                        for i in (d..width).rev() {
                            v[i] = combine(v[i - d], v[i]);
                        }
                        d *= 2;
                    }
                    own_lanes().for_each(|l| {
                        let r = match group {
                            GroupOp::ExclusiveScan if l == 0 => None,
                            GroupOp::ExclusiveScan => v[l - 1],
                            _ => v[l],
                        };
                        out[l] = r.unwrap_or(identity);
                    });
                }
            }
        }
    }
}
