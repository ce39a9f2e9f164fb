//! Images and texel buffers: their formats, the memory layout of their
//! texels, samplers, and the lane operations image instructions lower to
//! (texel decode and encode, coordinate wrapping), all of class `texture`.
//!
//! What the host binds (format, extent, layers, samples, sampler state) is
//! known when a kernel is lowered, as a Vulkan pipeline's descriptors are
//! when a driver compiles it; an image value is then one register, the
//! address of its texels.

pub mod format;
pub mod sampler;

use crate::core::Scalar;
use crate::ir::{ExtOp, ExtSet};
use format::{Format, NumericKind, Texel};
use sampler::{AddressMode, CompareOp};

/// An image (or texel buffer, or a view of an image from one of its mip
/// levels on) as bound. Its levels lie one after another, level 0 first;
/// within a level, texel `(x, y, z, layer, sample)` is element `(((layer *
/// depth + z) * height + y) * width + x) * samples + sample`, with the
/// level's extent, `format.bytes()` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageInfo {
    pub format: Format,
    /// The extent of level 0; level `l` has `max(1, extent >> l)`.
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// Array layers (6 per cube of a cube map), the same at every level.
    pub layers: u32,
    pub samples: u32,
    /// Mip levels (at least 1).
    pub levels: u32,
}

impl ImageInfo {
    /// A texel buffer of `bytes` bytes: as many texels as fit, in a row.
    pub fn texel_buffer(format: Format, bytes: usize) -> ImageInfo {
        ImageInfo {
            format,
            width: (bytes / format.bytes()) as u32,
            height: 1,
            depth: 1,
            layers: 1,
            samples: 1,
            levels: 1,
        }
    }

    /// Mip level `level` (below `levels`) as an image of one level.
    pub fn level(&self, level: u32) -> ImageInfo {
        let shrink = |e: u32| (e >> level.min(31)).max(1);
        ImageInfo {
            width: shrink(self.width),
            height: shrink(self.height),
            depth: shrink(self.depth),
            levels: 1,
            ..*self
        }
    }

    /// The image from level `base` on (a view whose level 0 is `base`).
    pub fn from_level(&self, base: u32) -> ImageInfo {
        ImageInfo {
            levels: self.levels.saturating_sub(base).max(1),
            ..self.level(base)
        }
    }

    /// Texels of every level.
    pub fn texels(&self) -> u64 {
        (0..self.levels)
            .map(|l| {
                let e = self.level(l);
                [e.height, e.depth, e.layers, e.samples]
                    .iter()
                    .fold(e.width as u64, |n, &d| n * d as u64)
            })
            .sum()
    }

    /// Bytes of memory the texels of every level take.
    pub fn bytes(&self) -> u64 {
        self.texels() * self.format.bytes() as u64
    }

    /// Where level `level`'s texels start, in bytes from level 0's.
    pub fn level_offset(&self, level: u32) -> u64 {
        ImageInfo {
            levels: level.min(self.levels),
            ..*self
        }
        .bytes()
    }
}

/// Where the handle of a bound image or sampler comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A Vulkan descriptor (element `index` of an array).
    Descriptor { set: u32, binding: u32, index: u32 },
    /// An OpenCL kernel argument, by position.
    Arg(u32),
    /// An OpenCL kernel argument, by name.
    ArgName(String),
}

/// The lane operations of images (`ExtSet::Texel`): opcode bits 12..14
/// say which, and the rest its static operands.
const DECODE: u16 = 0;
const ENCODE: u16 = 1 << 12;
const WRAP: u16 = 2 << 12;
const WEIGHT: u16 = 3 << 12;
const CUBE: u16 = 4 << 12;
const LEVEL: u16 = 5 << 12;
const CUBE_TAP: u16 = 6 << 12;
const COMPARE: u16 = 7 << 12;
const KIND: u16 = 7 << 12;
/// Compare operand bit: the reference is clamped to [0, 1] first (UNORM
/// depth formats).
const CLAMP_REFERENCE: u16 = 1 << 3;
/// Wrap operand bits: the tap of linear filtering (none: nearest), and
/// whether the third source is a texel offset.
const LINEAR: u16 = 1 << 4;
const SECOND_TAP: u16 = 1 << 5;
const OFFSET: u16 = 1 << 6;
/// Level operand bit: the first source is the squared length of the
/// larger gradient in texels, not the LOD.
const FROM_GRADIENT: u16 = 1 << 3;

/// `TEX.Decode`: component `component` of a texel of `format` whose bytes
/// are the source (little-endian), as a value of `ty` (f32 bits for float
/// formats, integers sign- or zero-extended for integer formats). Only for
/// texels of at most 8 bytes (one register); wider formats have 32- or
/// 64-bit channels, read as they are.
pub fn decode_op(format: Format, component: usize, ty: Scalar) -> ExtOp {
    assert!(
        format.bytes() <= 8,
        "{format:?} texels do not fit a register"
    );
    texel_op(DECODE | (format.code() as u16) << 2 | component as u16, ty)
}

/// `TEX.Encode`: the bits component `component` (of `ty`) takes in a texel
/// of `format`, the other channels zero; a texel is the OR of its
/// channels' encodings. Only for texels of at most 8 bytes whose channels
/// are independent (not E5B9G9R9, whose channels share an exponent).
pub fn encode_op(format: Format, component: usize, ty: Scalar) -> ExtOp {
    assert!(
        format.bytes() <= 8 && format != Format::E5B9G9R9UfloatPack32,
        "{format:?} texels are not encoded channel by channel"
    );
    texel_op(ENCODE | (format.code() as u16) << 2 | component as u16, ty)
}

/// `TEX.Wrap`: the texel index a float coordinate (first source) selects
/// along an axis of the second source's size, with the address mode, and
/// normalised (`coordinate * size`) or unnormalised coordinates;
/// `u32::MAX` where the coordinate lands in the border. `tap` is `None`
/// for nearest filtering, or `Some(0)` / `Some(1)` for the lower and upper
/// texel of linear filtering. With `offset`, the third source is a texel
/// offset (a signed 32-bit integer) added to the coordinate in texels.
pub fn wrap_op(mode: AddressMode, normalized: bool, tap: Option<u8>, offset: bool) -> ExtOp {
    let tap = match tap {
        None => 0,
        Some(0) => LINEAR,
        Some(_) => LINEAR | SECOND_TAP,
    };
    let offset = if offset { OFFSET } else { 0 };
    texel_op(
        WRAP | offset | tap | (mode as u16) << 1 | normalized as u16,
        Scalar::Int(32),
    )
}

/// What a `TEX.Level` gives of the level selection (`sampler::Level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelPart {
    /// 1 where the magnification filter applies (a Bool).
    Magnified,
    Nearest,
    Lower,
    Upper,
    /// The weight of the upper level (an f32).
    Fraction,
}

/// `TEX.Level`: part of the level selection (`sampler::level`) for the
/// LOD in the first source, or, `from_gradient`, for the squared length
/// `rho^2` of the larger gradient in texels (the LOD is `log2(rho)`). The
/// second source is the LOD range (minLod's f32 bits, maxLod's in the high
/// half) and the third the level count.
pub fn level_op(part: LevelPart, from_gradient: bool) -> ExtOp {
    let ty = match part {
        LevelPart::Magnified => Scalar::Bool,
        LevelPart::Fraction => Scalar::Float(32),
        _ => Scalar::Int(32),
    };
    let gradient = if from_gradient { FROM_GRADIENT } else { 0 };
    texel_op(LEVEL | gradient | part as u16, ty)
}

/// A `TEX.Level` LOD range operand.
pub fn lod_range(min_lod: f32, max_lod: f32) -> u64 {
    min_lod.to_bits() as u64 | (max_lod.to_bits() as u64) << 32
}

/// `TEX.CubeTap`: tap `(dx, dy)` (each 0 or 1) of linear filtering on a
/// cube face: the first source is the face plus 8 times the face size,
/// the second and third the face coordinates s and t (from `TEX.Cube`).
/// The tap is texel `(floor(s * size - 0.5) + dx, floor(t * size - 0.5) +
/// dy)`, which may lie just past an edge; `part` 0 is the face that has
/// it, 1 and 2 its x and y there (`sampler::cube_neighbour`), 3 whether it
/// is a corner (a Bool; then the first three are the nearest texel on the
/// face itself).
pub fn cube_tap_op(part: u8, dx: u8, dy: u8) -> ExtOp {
    let ty = if part == 3 {
        Scalar::Bool
    } else {
        Scalar::Int(32)
    };
    texel_op(
        CUBE_TAP | (dy as u16) << 3 | (dx as u16) << 2 | part as u16,
        ty,
    )
}

/// `TEX.Weight`: linear filtering's weight of the upper texel along an
/// axis (an f32), for a float coordinate (first source) along an axis of
/// the second source's size.
pub fn weight_op(normalized: bool) -> ExtOp {
    texel_op(WEIGHT | normalized as u16, Scalar::Float(32))
}

/// `TEX.Cube`: for a cube map direction (the three sources), `part` 0 the
/// face it selects (0 to 5: +X, -X, +Y, -Y, +Z, -Z), 1 and 2 the face's s
/// and t coordinates, in 0..1 (`sampler::cube`).
pub fn cube_op(part: u8) -> ExtOp {
    let ty = if part == 0 {
        Scalar::Int(32)
    } else {
        Scalar::Float(32)
    };
    texel_op(CUBE | part as u16, ty)
}

/// `TEX.Compare`: Vulkan's depth comparison of the reference (first
/// source, an f32) with a texel's depth (second source, an f32), 1.0 where
/// `op` holds and 0.0 where not. With `clamp`, the reference is clamped to
/// [0, 1] first, as for a UNORM depth format. NaN compares unequal to
/// everything (so only `not_equal` and `always` hold).
pub fn compare_op(op: CompareOp, clamp: bool) -> ExtOp {
    let clamp = if clamp { CLAMP_REFERENCE } else { 0 };
    texel_op(COMPARE | clamp | op as u16, Scalar::Float(32))
}

fn texel_op(opcode: u16, ty: Scalar) -> ExtOp {
    ExtOp {
        set: ExtSet::Texel,
        opcode,
        ty,
        aux: ty,
    }
}

/// The canonical name of an image lane operation.
pub fn lane_op_name(opcode: u16) -> &'static str {
    match opcode & KIND {
        DECODE => "TEX.Decode",
        ENCODE => "TEX.Encode",
        WRAP => "TEX.Wrap",
        WEIGHT => "TEX.Weight",
        CUBE => "TEX.Cube",
        LEVEL => "TEX.Level",
        CUBE_TAP => "TEX.CubeTap",
        _ => "TEX.Compare",
    }
}

/// One lane of an image lane operation.
pub fn eval(op: ExtOp, a: u64, b: u64, c: u64) -> u64 {
    let format = || Format::from_code(((op.opcode >> 2) & 0x3ff) as u64);
    let component = (op.opcode & 3) as usize;
    match op.opcode & KIND {
        DECODE => {
            let Some(f) = format() else { return 0 };
            match f.decode(&a.to_le_bytes()[..f.bytes()]) {
                Texel::Float(c) => c[component].to_bits() as u64,
                Texel::Int(c) => c[component] & crate::core::mask(op.ty.bits()),
            }
        }
        ENCODE => {
            let Some(f) = format() else { return 0 };
            let mut components = [0u64; 4];
            components[component] = match (f.kind(), op.ty) {
                // A float texel from an integer value is not meaningful; the
                // 32-bit pattern is passed as is.
                (NumericKind::Float, _) => a & 0xffff_ffff,
                (_, ty) => crate::core::sign_extend(a, ty.bits()) as u64,
            };
            let mut bytes = [0u8; 8];
            f.encode(components, &mut bytes[..f.bytes()]);
            u64::from_le_bytes(bytes)
        }
        WRAP => {
            let mode = AddressMode::from_code((op.opcode >> 1) & 7);
            let normalized = op.opcode & 1 != 0;
            let tap = (op.opcode & LINEAR != 0).then_some((op.opcode & SECOND_TAP != 0) as u8);
            let offset = if op.opcode & OFFSET != 0 { c as i32 } else { 0 };
            sampler::wrap(
                f32::from_bits(a as u32),
                b as u32,
                offset,
                mode,
                normalized,
                tap,
            ) as u64
        }
        LEVEL => {
            let lambda = if op.opcode & FROM_GRADIENT != 0 {
                // log2(sqrt(rho^2)), in f64 and rounded once.
                ((f32::from_bits(a as u32) as f64).log2() * 0.5) as f32
            } else {
                f32::from_bits(a as u32)
            };
            let range = [b as u32, (b >> 32) as u32].map(f32::from_bits);
            let l = sampler::level(lambda, range, c as u32);
            match op.opcode & 7 {
                0 => l.magnified as u64,
                1 => l.nearest as u64,
                2 => l.lower as u64,
                3 => l.upper as u64,
                _ => l.fraction.to_bits() as u64,
            }
        }
        WEIGHT => {
            sampler::weight(f32::from_bits(a as u32), b as u32, op.opcode & 1 != 0).to_bits() as u64
        }
        CUBE_TAP => {
            let (face, size) = (a as u32 & 7, (a >> 3) as u32);
            let tap = |coordinate: u64, bit: u16| {
                let u = f32::from_bits(coordinate as u32) as f64 * size as f64 - 0.5;
                let i = if u.is_finite() { u.floor() as i64 } else { 0 };
                i.clamp(-1, size as i64) + (op.opcode >> bit & 1) as i64
            };
            let (x, y) = (tap(b, 2), tap(c, 3));
            let found = sampler::cube_neighbour(face, x, y, size);
            let clamp = |v: i64| v.clamp(0, size.max(1) as i64 - 1) as u64;
            match (op.opcode & 3, found) {
                (3, f) => f.is_none() as u64,
                (0, Some((f, _, _))) => f as u64,
                (1, Some((_, x, _))) => x as u64,
                (2, Some((_, _, y))) => y as u64,
                (0, None) => face.min(5) as u64,
                (1, None) => clamp(x),
                _ => clamp(y),
            }
        }
        COMPARE => {
            let mut reference = f32::from_bits(a as u32);
            if op.opcode & CLAMP_REFERENCE != 0 {
                reference = reference.clamp(0.0, 1.0);
            }
            let depth = f32::from_bits(b as u32);
            let holds = match CompareOp::ALL[(op.opcode & 7) as usize] {
                CompareOp::Never => false,
                CompareOp::Less => reference < depth,
                CompareOp::Equal => reference == depth,
                CompareOp::LessOrEqual => reference <= depth,
                CompareOp::Greater => reference > depth,
                CompareOp::NotEqual => reference != depth,
                CompareOp::GreaterOrEqual => reference >= depth,
                CompareOp::Always => true,
            };
            (if holds { 1.0f32 } else { 0.0 }).to_bits() as u64
        }
        _ => {
            let f = |v: u64| f32::from_bits(v as u32);
            let (face, s, t) = sampler::cube([f(a), f(b), f(c)]);
            match op.opcode & 3 {
                0 => face as u64,
                1 => s.to_bits() as u64,
                _ => t.to_bits() as u64,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_comparisons_follow_vk_compare_op() {
        use CompareOp::*;
        // (op, clamp the reference to [0, 1], reference, depth, holds):
        // the reference is compared with the depth, in that order.
        let rows: &[(CompareOp, bool, f32, f32, bool)] = &[
            (Less, false, 0.25, 0.5, true),
            (Less, false, 0.5, 0.5, false),
            (LessOrEqual, false, 0.5, 0.5, true),
            (Greater, false, 0.75, 0.5, true),
            (GreaterOrEqual, false, 0.5, 0.5, true),
            (Equal, false, 0.5, 0.5, true),
            (NotEqual, false, 0.5, 0.5, false),
            (Never, false, 0.5, 0.5, false),
            (Always, false, 0.5, 0.5, true),
            // A UNORM format clamps the reference: 1.5 becomes 1.0.
            (Equal, true, 1.5, 1.0, true),
            (Equal, false, 1.5, 1.0, false),
            (Less, true, -2.0, 0.0, false),
            // NaN is unordered: only not_equal and always hold.
            (LessOrEqual, false, f32::NAN, 0.5, false),
            (NotEqual, false, f32::NAN, 0.5, true),
            (Always, false, f32::NAN, 0.5, true),
        ];
        for &(op, clamp, reference, depth, holds) in rows {
            let got = eval(
                compare_op(op, clamp),
                reference.to_bits() as u64,
                depth.to_bits() as u64,
                0,
            );
            let want = if holds { 1.0f32 } else { 0.0 };
            assert_eq!(
                got,
                want.to_bits() as u64,
                "{op:?} {clamp} {reference} {depth}"
            );
        }
    }
}
