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
use sampler::AddressMode;

/// An image (or texel buffer) as bound: texel `(x, y, z, layer, sample)`
/// is element `(((layer * depth + z) * height + y) * width + x) * samples
/// + sample` of its memory, `format.bytes()` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageInfo {
    pub format: Format,
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    /// Array layers (6 per cube of a cube map).
    pub layers: u32,
    pub samples: u32,
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
        }
    }

    pub fn texels(&self) -> u64 {
        [self.height, self.depth, self.layers, self.samples]
            .iter()
            .fold(self.width as u64, |n, &d| n * d as u64)
    }

    /// Bytes of memory the texels take.
    pub fn bytes(&self) -> u64 {
        self.texels() * self.format.bytes() as u64
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
const KIND: u16 = 7 << 12;
/// Wrap operand bits: the tap of linear filtering (none: nearest).
const LINEAR: u16 = 1 << 4;
const SECOND_TAP: u16 = 1 << 5;

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
/// texel of linear filtering.
pub fn wrap_op(mode: AddressMode, normalized: bool, tap: Option<u8>) -> ExtOp {
    let tap = match tap {
        None => 0,
        Some(0) => LINEAR,
        Some(_) => LINEAR | SECOND_TAP,
    };
    texel_op(
        WRAP | tap | (mode as u16) << 1 | normalized as u16,
        Scalar::Int(32),
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
        _ => "TEX.Cube",
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
            sampler::wrap(f32::from_bits(a as u32), b as u32, mode, normalized, tap) as u64
        }
        WEIGHT => {
            sampler::weight(f32::from_bits(a as u32), b as u32, op.opcode & 1 != 0).to_bits() as u64
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
