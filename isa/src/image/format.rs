//! The texel formats of Vulkan images and texel buffers, and the exact
//! conversion between a texel's bytes and the four components a shader
//! sees.
//!
//! The Vulkan specification leaves some of these conversions loose (a
//! rounding mode, a value out of range); each choice below is one the
//! specification allows, made deterministic and exact so a run gives the
//! same bits on every host:
//!
//! - Layout: an array format (`R8G8B8A8_UNORM`) stores its components in
//!   the order of its name from the lowest byte up; a `_PACK32` format is
//!   one little-endian 32-bit word whose first-named component is in the
//!   most significant bits (Vulkan's "Format Definition").
//! - Missing components read as 0 for G and B and 1 (1.0 or integer 1)
//!   for A (Vulkan's "Component Substitution", formerly "Conversion to
//!   RGBA").
//! - UNORM decode is `c / (2^b - 1)`, one f32 division of two exactly
//!   represented integers, so rounded once (Vulkan's "Conversion From
//!   Normalized Fixed-Point to Floating-Point").
//! - SNORM decode is `max(c / (2^(b-1) - 1), -1)` the same way; the most
//!   negative code reads -1.0 like the one above it, as that section
//!   requires.
//! - UNORM / SNORM encode clamps to [0, 1] / [-1, 1], multiplies by
//!   `2^b - 1` / `2^(b-1) - 1` (exact in f64) and rounds to nearest, ties
//!   to even: the specification says implementations should round to
//!   nearest and leaves ties open; NaN, which it does not cover, gives 0 as
//!   Direct3D's conversion rules say.
//! - SRGB decode converts R, G and B as UNORM and then applies the sRGB
//!   EOTF of the Khronos Data Format specification, and encode applies its
//!   inverse before the UNORM encode; both evaluate the formulas in f64
//!   (`libm::pow`, the same on every host) and round only the result, to
//!   f32 or to the nearest code. A stays UNORM.
//! - SFLOAT 16 converts with the `half` crate: decode is exact (a
//!   signalling NaN comes back quiet), encode rounds to nearest even with
//!   overflow to infinity, IEEE 754's default and what SPIR-V's
//!   OpQuantizeToF16 does; a NaN stays a NaN. SFLOAT 32 copies the bits.
//! - UFLOAT 11 / 10 (`B10G11R11`) decode by the Data Format
//!   specification's definition (a NaN reads as the default quiet NaN);
//!   encode rounds to nearest even, and, as OpenGL defines these formats
//!   and Vulkan's "Floating-Point Format Conversions" allows, finite values
//!   above the largest finite value give that value, negative values and
//!   -inf give 0, +inf stays +inf and any NaN gives the positive NaN with
//!   only the top mantissa bit set.
//! - E5B9G9R9 decodes as `mantissa * 2^(exponent - 24)`, exact in f32, and
//!   encodes by the specification's "RGB to Shared Exponent Conversion":
//!   clamp to [0, 65408], a shared exponent from the largest component, and
//!   `floor(x + 1/2)` (ties up) for each mantissa; NaN gives 0, as its note
//!   says.
//! - UINT / SINT decode zero- or sign-extends to 64 bits; encode keeps the
//!   low bits of the channel's width (the specification leaves a value the
//!   format cannot represent undefined).

use crate::core::{mask, sign_extend};

/// What a format's channels read as in a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumericKind {
    Float,
    Uint,
    Sint,
}

/// A texel's four components as a shader sees them: floats (UNORM, SNORM,
/// SRGB, SFLOAT, UFLOAT formats), or integers (UINT/SINT formats) sign- or
/// zero-extended to 64 bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Texel {
    Float([f32; 4]),
    Int([u64; 4]),
}

/// How a format's components are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Numeric {
    Unorm,
    Snorm,
    Uint,
    Sint,
    Sfloat,
    Ufloat,
    /// R, G, B sRGB-encoded, A UNORM.
    Srgb,
    /// E5B9G9R9: three 9-bit mantissas and a 5-bit exponent in bits 27..32.
    SharedExponent,
}

use Numeric::*;

/// Where a format's components are and how they are encoded.
#[derive(Clone, Copy)]
struct Layout {
    numeric: Numeric,
    /// The width of R, G, B, A in bits; 0 where the format has none.
    bits: [u32; 4],
    /// The lowest bit of R, G, B, A in the texel read as one
    /// little-endian integer.
    shift: [u32; 4],
}

impl Layout {
    /// Bytes per texel.
    fn bytes(&self) -> usize {
        if self.numeric == SharedExponent {
            return 4; // the exponent sits above the components
        }
        (0..4).map(|i| self.shift[i] + self.bits[i]).max().unwrap() as usize / 8
    }
}

/// `n` components of `width` bits, R first, from the lowest bit up.
const fn array(numeric: Numeric, n: usize, width: u32) -> Layout {
    let mut bits = [0; 4];
    let mut shift = [0; 4];
    let mut i = 0;
    while i < n {
        bits[i] = width;
        shift[i] = width * i as u32;
        i += 1;
    }
    Layout {
        numeric,
        bits,
        shift,
    }
}

/// Components at explicit places (swizzled and packed formats).
const fn fields(numeric: Numeric, bits: [u32; 4], shift: [u32; 4]) -> Layout {
    Layout {
        numeric,
        bits,
        shift,
    }
}

/// Declares the formats once: the enum, `ALL` in VkFormat order, the names
/// and the layouts.
macro_rules! formats {
    ($($variant:ident $name:literal $layout:expr;)*) => {
        /// A texel format (the Vulkan formats images and texel buffers use
        /// here).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Format {
            $(#[doc = concat!("`VK_FORMAT_", $name, "`")] $variant,)*
        }

        impl Format {
            /// Every format, in the order of their VkFormat values; a
            /// format's index here is its `code`.
            pub const ALL: &'static [Format] = &[$(Format::$variant),*];

            /// The Vulkan name without the `VK_FORMAT_` prefix
            /// (`"R8G8B8A8_UNORM"`).
            pub fn vulkan_name(self) -> &'static str {
                match self {
                    $(Format::$variant => $name,)*
                }
            }

            fn layout(self) -> Layout {
                match self {
                    $(Format::$variant => $layout,)*
                }
            }
        }
    };
}

formats! {
    R8Unorm "R8_UNORM" array(Unorm, 1, 8);
    R8Snorm "R8_SNORM" array(Snorm, 1, 8);
    R8Uint "R8_UINT" array(Uint, 1, 8);
    R8Sint "R8_SINT" array(Sint, 1, 8);
    R8G8Unorm "R8G8_UNORM" array(Unorm, 2, 8);
    R8G8Snorm "R8G8_SNORM" array(Snorm, 2, 8);
    R8G8Uint "R8G8_UINT" array(Uint, 2, 8);
    R8G8Sint "R8G8_SINT" array(Sint, 2, 8);
    R8G8B8A8Unorm "R8G8B8A8_UNORM" array(Unorm, 4, 8);
    R8G8B8A8Snorm "R8G8B8A8_SNORM" array(Snorm, 4, 8);
    R8G8B8A8Uint "R8G8B8A8_UINT" array(Uint, 4, 8);
    R8G8B8A8Sint "R8G8B8A8_SINT" array(Sint, 4, 8);
    R8G8B8A8Srgb "R8G8B8A8_SRGB" array(Srgb, 4, 8);
    B8G8R8A8Unorm "B8G8R8A8_UNORM" fields(Unorm, [8; 4], [16, 8, 0, 24]);
    B8G8R8A8Srgb "B8G8R8A8_SRGB" fields(Srgb, [8; 4], [16, 8, 0, 24]);
    // A in the top byte of the word: the same bytes as R8G8B8A8.
    A8B8G8R8UnormPack32 "A8B8G8R8_UNORM_PACK32" array(Unorm, 4, 8);
    A2B10G10R10UnormPack32 "A2B10G10R10_UNORM_PACK32"
        fields(Unorm, [10, 10, 10, 2], [0, 10, 20, 30]);
    A2B10G10R10UintPack32 "A2B10G10R10_UINT_PACK32"
        fields(Uint, [10, 10, 10, 2], [0, 10, 20, 30]);
    R16Unorm "R16_UNORM" array(Unorm, 1, 16);
    R16Snorm "R16_SNORM" array(Snorm, 1, 16);
    R16Uint "R16_UINT" array(Uint, 1, 16);
    R16Sint "R16_SINT" array(Sint, 1, 16);
    R16Sfloat "R16_SFLOAT" array(Sfloat, 1, 16);
    R16G16Unorm "R16G16_UNORM" array(Unorm, 2, 16);
    R16G16Snorm "R16G16_SNORM" array(Snorm, 2, 16);
    R16G16Uint "R16G16_UINT" array(Uint, 2, 16);
    R16G16Sint "R16G16_SINT" array(Sint, 2, 16);
    R16G16Sfloat "R16G16_SFLOAT" array(Sfloat, 2, 16);
    R16G16B16A16Unorm "R16G16B16A16_UNORM" array(Unorm, 4, 16);
    R16G16B16A16Snorm "R16G16B16A16_SNORM" array(Snorm, 4, 16);
    R16G16B16A16Uint "R16G16B16A16_UINT" array(Uint, 4, 16);
    R16G16B16A16Sint "R16G16B16A16_SINT" array(Sint, 4, 16);
    R16G16B16A16Sfloat "R16G16B16A16_SFLOAT" array(Sfloat, 4, 16);
    R32Uint "R32_UINT" array(Uint, 1, 32);
    R32Sint "R32_SINT" array(Sint, 1, 32);
    R32Sfloat "R32_SFLOAT" array(Sfloat, 1, 32);
    R32G32Uint "R32G32_UINT" array(Uint, 2, 32);
    R32G32Sint "R32G32_SINT" array(Sint, 2, 32);
    R32G32Sfloat "R32G32_SFLOAT" array(Sfloat, 2, 32);
    R32G32B32A32Uint "R32G32B32A32_UINT" array(Uint, 4, 32);
    R32G32B32A32Sint "R32G32B32A32_SINT" array(Sint, 4, 32);
    R32G32B32A32Sfloat "R32G32B32A32_SFLOAT" array(Sfloat, 4, 32);
    R64Uint "R64_UINT" array(Uint, 1, 64);
    R64Sint "R64_SINT" array(Sint, 1, 64);
    B10G11R11UfloatPack32 "B10G11R11_UFLOAT_PACK32"
        fields(Ufloat, [11, 11, 10, 0], [0, 11, 22, 0]);
    E5B9G9R9UfloatPack32 "E5B9G9R9_UFLOAT_PACK32"
        fields(SharedExponent, [9, 9, 9, 0], [0, 9, 18, 0]);
    // Depth formats: the depth reads as R (then 0, 0, 1), for depth
    // comparisons.
    D16Unorm "D16_UNORM" array(Unorm, 1, 16);
    D32Sfloat "D32_SFLOAT" array(Sfloat, 1, 32);
}

impl Format {
    /// The format of an exact Vulkan name without the `VK_FORMAT_` prefix,
    /// as Amber scripts write them.
    pub fn from_vulkan_name(name: &str) -> Option<Format> {
        Self::ALL.iter().copied().find(|f| f.vulkan_name() == name)
    }

    /// The Vulkan format of a SPIR-V image format (Vulkan's "Compatibility
    /// Between SPIR-V Image Formats and Vulkan Formats"); `Unknown` has
    /// none.
    pub fn from_spirv(f: spirv::ImageFormat) -> Option<Format> {
        use spirv::ImageFormat as S;
        Some(match f {
            S::Unknown => return None,
            S::Rgba32f => Format::R32G32B32A32Sfloat,
            S::Rgba16f => Format::R16G16B16A16Sfloat,
            S::R32f => Format::R32Sfloat,
            S::Rgba8 => Format::R8G8B8A8Unorm,
            S::Rgba8Snorm => Format::R8G8B8A8Snorm,
            S::Rg32f => Format::R32G32Sfloat,
            S::Rg16f => Format::R16G16Sfloat,
            S::R11fG11fB10f => Format::B10G11R11UfloatPack32,
            S::R16f => Format::R16Sfloat,
            S::Rgba16 => Format::R16G16B16A16Unorm,
            S::Rgb10A2 => Format::A2B10G10R10UnormPack32,
            S::Rg16 => Format::R16G16Unorm,
            S::Rg8 => Format::R8G8Unorm,
            S::R16 => Format::R16Unorm,
            S::R8 => Format::R8Unorm,
            S::Rgba16Snorm => Format::R16G16B16A16Snorm,
            S::Rg16Snorm => Format::R16G16Snorm,
            S::Rg8Snorm => Format::R8G8Snorm,
            S::R16Snorm => Format::R16Snorm,
            S::R8Snorm => Format::R8Snorm,
            S::Rgba32i => Format::R32G32B32A32Sint,
            S::Rgba16i => Format::R16G16B16A16Sint,
            S::Rgba8i => Format::R8G8B8A8Sint,
            S::R32i => Format::R32Sint,
            S::Rg32i => Format::R32G32Sint,
            S::Rg16i => Format::R16G16Sint,
            S::Rg8i => Format::R8G8Sint,
            S::R16i => Format::R16Sint,
            S::R8i => Format::R8Sint,
            S::Rgba32ui => Format::R32G32B32A32Uint,
            S::Rgba16ui => Format::R16G16B16A16Uint,
            S::Rgba8ui => Format::R8G8B8A8Uint,
            S::R32ui => Format::R32Uint,
            S::Rgb10a2ui => Format::A2B10G10R10UintPack32,
            S::Rg32ui => Format::R32G32Uint,
            S::Rg16ui => Format::R16G16Uint,
            S::Rg8ui => Format::R8G8Uint,
            S::R16ui => Format::R16Uint,
            S::R8ui => Format::R8Uint,
            S::R64ui => Format::R64Uint,
            S::R64i => Format::R64Sint,
        })
    }

    /// A stable small number for a descriptor register: the index in `ALL`
    /// (the macro declares the variants in that order).
    pub fn code(self) -> u64 {
        self as u64
    }

    pub fn from_code(code: u64) -> Option<Format> {
        usize::try_from(code)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// Bytes per texel.
    pub fn bytes(self) -> usize {
        self.layout().bytes()
    }

    /// The number of components the format stores, 1..=4.
    pub fn channels(self) -> usize {
        self.layout().bits.iter().filter(|&&b| b != 0).count()
    }

    pub fn kind(self) -> NumericKind {
        match self.layout().numeric {
            Uint => NumericKind::Uint,
            Sint => NumericKind::Sint,
            _ => NumericKind::Float,
        }
    }

    /// Reads one texel (`bytes.len() == self.bytes()`, little-endian);
    /// missing channels read as 0 for G and B and 1 (1.0 or integer 1) for
    /// A, as Vulkan's "Conversion to RGBA" says.
    pub fn decode(self, bytes: &[u8]) -> Texel {
        let l = self.layout();
        assert_eq!(bytes.len(), l.bytes(), "a texel of {self:?}");
        // Four-byte texels, the most common, read as one word.
        let word = match *bytes {
            [a, b, c, d] => u32::from_le_bytes([a, b, c, d]) as u128,
            _ => bytes.iter().rev().fold(0u128, |w, &b| w << 8 | b as u128),
        };
        let raw = |i: usize| (word >> l.shift[i]) as u64 & mask(l.bits[i]);
        let present = |i: usize| l.bits[i] != 0;
        match l.numeric {
            Uint | Sint => Texel::Int(std::array::from_fn(|i| {
                if !present(i) {
                    (i == 3) as u64
                } else if l.numeric == Sint {
                    sign_extend(raw(i), l.bits[i]) as u64
                } else {
                    raw(i)
                }
            })),
            SharedExponent => {
                let scale = pow2((word >> 27) as i32 - 24);
                let c = |i: usize| (raw(i) as f64 * scale) as f32;
                Texel::Float([c(0), c(1), c(2), 1.0])
            }
            n => Texel::Float(std::array::from_fn(|i| {
                if present(i) {
                    decode_float(n, i, raw(i), l.bits[i])
                } else if i == 3 {
                    1.0
                } else {
                    0.0
                }
            })),
        }
    }

    /// Writes one texel from the shader's four components (f32 bits in the
    /// low 32 bits of each u64 for Float kinds; integer values for
    /// Uint/Sint kinds, truncated to the channel width); components past
    /// `channels()` are ignored.
    pub fn encode(self, components: [u64; 4], out: &mut [u8]) {
        assert_eq!(out.len(), self.bytes(), "a texel of {self:?}");
        let l = self.layout();
        let word = if l.numeric == SharedExponent {
            let f = |i: usize| f32::from_bits(components[i] as u32);
            encode_shared_exponent([f(0), f(1), f(2)])
        } else {
            (0..4).filter(|&i| l.bits[i] != 0).fold(0u128, |w, i| {
                let c = encode_component(l.numeric, i, components[i], l.bits[i]);
                w | (c as u128) << l.shift[i]
            })
        };
        out.copy_from_slice(&word.to_le_bytes()[..out.len()]);
    }
}

/// Component `i` (R, G, B, A) of a float format from its `bits`-wide code.
#[inline]
fn decode_float(numeric: Numeric, i: usize, c: u64, bits: u32) -> f32 {
    let unorm_max = mask(bits) as f32;
    match numeric {
        Unorm => c as f32 / unorm_max,
        Srgb if i == 3 => c as f32 / unorm_max,
        Srgb => srgb_to_linear(c as f64 / mask(bits) as f64) as f32,
        Snorm => (sign_extend(c, bits) as f32 / mask(bits - 1) as f32).max(-1.0),
        Sfloat if bits == 16 => half::f16::from_bits(c as u16).to_f32(),
        Sfloat => f32::from_bits(c as u32),
        Ufloat => decode_ufloat(c, bits - 5),
        Uint | Sint | SharedExponent => unreachable!("not a per-component float format"),
    }
}

/// The `bits`-wide code of component `i` (R, G, B, A) from the shader's
/// value.
fn encode_component(numeric: Numeric, i: usize, c: u64, bits: u32) -> u64 {
    let f = f32::from_bits(c as u32);
    match numeric {
        Uint | Sint => c & mask(bits),
        Unorm => encode_unorm(f as f64, bits),
        Srgb if i == 3 => encode_unorm(f as f64, bits),
        Srgb => encode_unorm(linear_to_srgb(f as f64), bits),
        Snorm => {
            let x = if f.is_nan() { 0.0 } else { f.clamp(-1.0, 1.0) };
            let n = (x as f64 * mask(bits - 1) as f64).round_ties_even();
            n as i64 as u64 & mask(bits)
        }
        Sfloat if bits == 16 => half::f16::from_f32(f).to_bits() as u64,
        Sfloat => c & mask(32),
        Ufloat => encode_ufloat(f, bits - 5),
        SharedExponent => unreachable!("encoded as a whole texel"),
    }
}

/// Clamp to [0, 1], scale to `2^bits - 1` and round to nearest even; NaN
/// gives 0. For an f32 input the product is exact (24 + 16 bits).
fn encode_unorm(x: f64, bits: u32) -> u64 {
    if x.is_nan() {
        return 0;
    }
    (x.clamp(0.0, 1.0) * mask(bits) as f64).round_ties_even() as u64
}

/// The sRGB EOTF (Khronos Data Format specification, "sRGB EOTF").
fn srgb_to_linear(s: f64) -> f64 {
    if s <= 0.04045 {
        s / 12.92
    } else {
        libm::pow((s + 0.055) / 1.055, 2.4)
    }
}

/// The inverse sRGB EOTF; NaN stays NaN (and then encodes as 0).
fn linear_to_srgb(l: f64) -> f64 {
    if l <= 0.0031308 {
        l * 12.92
    } else {
        1.055 * libm::pow(l, 1.0 / 2.4) - 0.055
    }
}

/// 2^e for the exponents used here (normal f64).
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// floor(log2(x)) of a positive normal f64.
fn exponent(x: f64) -> i32 {
    ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023
}

/// An unsigned float with a 5-bit exponent (bias 15) and `m` mantissa
/// bits (the Data Format specification's 11- and 10-bit formats).
fn decode_ufloat(c: u64, m: u32) -> f32 {
    let (e, mantissa) = ((c >> m) as i32, c & mask(m));
    match e {
        0 => (mantissa as f64 * pow2(-14 - m as i32)) as f32,
        31 if mantissa == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => ((mantissa + (1 << m)) as f64 * pow2(e - 15 - m as i32)) as f32,
    }
}

/// The nearest (ties to even) unsigned float with `m` mantissa bits;
/// out-of-range values as the module documentation says.
fn encode_ufloat(x: f32, m: u32) -> u64 {
    let inf = 31 << m;
    if x.is_nan() {
        return inf | 1 << (m - 1);
    }
    if x.is_sign_negative() || x == 0.0 {
        return 0;
    }
    if x.is_infinite() {
        return inf;
    }
    let max = inf - 1; // exponent 30, every mantissa bit set
    let x = x as f64;
    // The quantum of x's binade; denormals share the smallest normal one.
    let quantum = pow2(exponent(x).max(-14) - m as i32);
    // x / quantum is exact (a power of two), so this rounds once; it may
    // carry into the next binade, which the code below handles.
    let v = (x / quantum).round_ties_even() * quantum;
    if v == 0.0 {
        return 0;
    }
    if v >= decode_ufloat(max, m) as f64 {
        return max;
    }
    if v < pow2(-14) {
        return (v / pow2(-14 - m as i32)) as u64;
    }
    let e = exponent(v);
    let mantissa = (v / pow2(e - m as i32)) as u64 - (1 << m);
    ((e + 15) as u64) << m | mantissa
}

/// Vulkan's "RGB to Shared Exponent Conversion" (N = 9, B = 15, Emax = 31).
fn encode_shared_exponent(rgb: [f32; 3]) -> u128 {
    const N: i32 = 9;
    const B: i32 = 15;
    let max = (511.0 / 512.0) * pow2(16); // sharedexp_max
    let clamped = rgb.map(|c| {
        if c.is_nan() {
            0.0
        } else {
            (c as f64).clamp(0.0, max)
        }
    });
    let max_clamped = clamped.iter().copied().fold(0.0, f64::max);
    let exp0 = if max_clamped > pow2(-(B + 1)) {
        exponent(max_clamped) + B + 1
    } else {
        0
    };
    // floor(x + 1/2) of a non-negative x is f64::round, and x / 2^k is exact.
    let max_shared = (max_clamped / pow2(exp0 - B - N)).round();
    let exp = if max_shared == (1 << N) as f64 {
        exp0 + 1
    } else {
        exp0
    };
    let m = clamped.map(|c| (c / pow2(exp - B - N)).round() as u128);
    (exp as u128) << 27 | m[2] << 18 | m[1] << 9 | m[0]
}
