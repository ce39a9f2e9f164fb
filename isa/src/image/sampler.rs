//! Samplers: how a sampling instruction turns a float coordinate into the
//! texel it reads (Vulkan's "Texel Coordinate Systems" and "Wrapping
//! Operation").

/// What a coordinate outside `0..size` selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressMode {
    Repeat,
    MirroredRepeat,
    ClampToEdge,
    ClampToBorder,
    MirrorClampToEdge,
}

impl AddressMode {
    pub const ALL: [AddressMode; 5] = [
        AddressMode::Repeat,
        AddressMode::MirroredRepeat,
        AddressMode::ClampToEdge,
        AddressMode::ClampToBorder,
        AddressMode::MirrorClampToEdge,
    ];

    pub(crate) fn from_code(code: u16) -> AddressMode {
        Self::ALL[(code as usize).min(Self::ALL.len() - 1)]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Filter {
    Nearest,
    Linear,
}

/// The colour a border texel reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BorderColor {
    TransparentBlack,
    OpaqueBlack,
    OpaqueWhite,
}

impl BorderColor {
    /// The border's components: floats for float formats, integers for
    /// integer ones (Vulkan's FLOAT_ and INT_ border colours alike).
    pub fn components(self, float: bool) -> [u64; 4] {
        let (zero, one) = if float {
            (0, 1.0f32.to_bits() as u64)
        } else {
            (0, 1)
        };
        match self {
            BorderColor::TransparentBlack => [zero; 4],
            BorderColor::OpaqueBlack => [zero, zero, zero, one],
            BorderColor::OpaqueWhite => [one; 4],
        }
    }
}

/// A sampler's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sampler {
    pub mag_filter: Filter,
    pub min_filter: Filter,
    /// Address modes along u, v and w.
    pub address: [AddressMode; 3],
    pub border: BorderColor,
    /// Coordinates in 0..1 across the image (true), or in texels.
    pub normalized: bool,
}

impl Default for Sampler {
    /// Vulkan's zeroed VkSamplerCreateInfo, as Amber's SAMPLER defaults.
    fn default() -> Sampler {
        Sampler {
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            address: [AddressMode::Repeat; 3],
            border: BorderColor::TransparentBlack,
            normalized: true,
        }
    }
}

/// Vulkan's mirror(n): n for n >= 0, else -(1 + n).
fn mirror(n: i64) -> i64 {
    if n >= 0 {
        n
    } else {
        -(1 + n)
    }
}

/// The coordinate in texels, `s * size` (normalised) or `s`, exact in f64.
fn texel_space(s: f32, size: u32, normalized: bool) -> f64 {
    if normalized {
        s as f64 * size.max(1) as f64
    } else {
        s as f64
    }
}

/// The texel index filtering reads along an axis of `size` texels for
/// coordinate `s`, wrapped by `mode`; `u32::MAX` for a border texel.
/// Nearest filtering (`tap` `None`) reads `floor(u)`; linear filtering's
/// two taps are `floor(u - 0.5)` and one more (Vulkan's "Texel
/// Filtering"), where `u` is the coordinate in texels. A NaN coordinate
/// reads texel 0 (Vulkan leaves it undefined; this keeps runs
/// deterministic).
pub fn wrap(s: f32, size: u32, mode: AddressMode, normalized: bool, tap: Option<u8>) -> u32 {
    let u = texel_space(s, size, normalized) - if tap.is_some() { 0.5 } else { 0.0 };
    let size = size.max(1) as i64;
    // Far outside the image every mode settles (or repeats, where the
    // exact multiple does not matter for an f64 this large).
    let i = if u.is_nan() {
        0
    } else {
        u.floor().clamp(-(1i64 << 40) as f64, (1i64 << 40) as f64) as i64 + tap.unwrap_or(0) as i64
    };
    let wrapped = match mode {
        AddressMode::Repeat => i.rem_euclid(size),
        AddressMode::MirroredRepeat => (size - 1) - mirror(i.rem_euclid(2 * size) - size),
        AddressMode::ClampToEdge => i.clamp(0, size - 1),
        AddressMode::ClampToBorder => i.clamp(-1, size),
        AddressMode::MirrorClampToEdge => mirror(i).clamp(0, size - 1),
    };
    if (0..size).contains(&wrapped) {
        wrapped as u32
    } else {
        u32::MAX
    }
}

/// Linear filtering's weight of the upper tap along an axis: the fraction
/// `frac(u - 0.5)` of the coordinate in texels, computed exactly and
/// rounded to f32 once (Vulkan requires at least 4 bits of it; 0 for a
/// NaN or infinite coordinate).
pub fn weight(s: f32, size: u32, normalized: bool) -> f32 {
    let u = texel_space(s, size, normalized) - 0.5;
    if u.is_finite() {
        (u - u.floor()) as f32
    } else {
        0.0
    }
}

/// Vulkan's cube map face selection ("Cube Map Face Selection"): the face
/// of the direction's largest magnitude component (+X 0, -X 1, +Y 2, -Y 3,
/// +Z 4, -Z 5; on a tie X before Y before Z, Vulkan leaving it open) and
/// the face coordinates s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2,
/// each computed in f64 and rounded to f32 once. A zero or NaN direction
/// reads the centre of +X.
pub fn cube(r: [f32; 3]) -> (u32, f32, f32) {
    let [x, y, z] = r.map(|v| v as f64);
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    let (face, sc, tc, ma) = if ax >= ay && ax >= az {
        if x >= 0.0 {
            (0, -z, -y, ax)
        } else {
            (1, z, -y, ax)
        }
    } else if ay >= az {
        if y >= 0.0 {
            (2, x, z, ay)
        } else {
            (3, x, -z, ay)
        }
    } else if z >= 0.0 {
        (4, x, -y, az)
    } else {
        (5, -x, -y, az)
    };
    if ma.is_nan() || ma == 0.0 || ma.is_infinite() {
        return (0, 0.5, 0.5);
    }
    let half = |c: f64| ((c / ma + 1.0) * 0.5) as f32;
    (face, half(sc), half(tc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_follows_the_vulkan_wrapping_operation() {
        use AddressMode::*;
        // (coordinate in texels, mode, expected index) on an axis of 4.
        let rows: &[(f32, AddressMode, u32)] = &[
            (0.5, Repeat, 0),
            (3.99, Repeat, 3),
            (4.0, Repeat, 0),
            (-0.5, Repeat, 3),
            (-4.5, Repeat, 3),
            (4.5, MirroredRepeat, 3),
            (7.5, MirroredRepeat, 0),
            (8.5, MirroredRepeat, 0),
            (-0.5, MirroredRepeat, 0),
            (-1.5, MirroredRepeat, 1),
            (-3.0, ClampToEdge, 0),
            (9.0, ClampToEdge, 3),
            (-0.5, ClampToBorder, u32::MAX),
            (4.0, ClampToBorder, u32::MAX),
            (3.5, ClampToBorder, 3),
            (-1.5, MirrorClampToEdge, 1),
            (-9.0, MirrorClampToEdge, 3),
            (f32::NAN, ClampToBorder, 0),
            (f32::INFINITY, ClampToEdge, 3),
            (f32::NEG_INFINITY, Repeat, 0),
        ];
        for &(u, mode, want) in rows {
            assert_eq!(wrap(u, 4, mode, false, None), want, "{u} {mode:?}");
            assert_eq!(wrap(u / 4.0, 4, mode, true, None), want, "{u}/4 {mode:?}");
        }
    }

    #[test]
    fn linear_taps_straddle_the_coordinate_minus_half() {
        use AddressMode::*;
        // (coordinate in texels, mode, lower tap, upper tap, weight) on an
        // axis of 4: the taps are floor(u - 0.5) and the next, wrapped.
        let rows: &[(f32, AddressMode, u32, u32, f32)] = &[
            (1.5, ClampToEdge, 1, 2, 0.0),
            (1.75, ClampToEdge, 1, 2, 0.25),
            (2.0, Repeat, 1, 2, 0.5),
            (0.25, Repeat, 3, 0, 0.75),
            (0.25, ClampToEdge, 0, 0, 0.75),
            (0.25, ClampToBorder, u32::MAX, 0, 0.75),
            (3.75, ClampToBorder, 3, u32::MAX, 0.25),
            (3.75, MirroredRepeat, 3, 3, 0.25),
        ];
        for &(u, mode, lo, hi, w) in rows {
            assert_eq!(wrap(u, 4, mode, false, Some(0)), lo, "{u} {mode:?}");
            assert_eq!(wrap(u, 4, mode, false, Some(1)), hi, "{u} {mode:?}");
            assert_eq!(weight(u, 4, false), w, "{u}");
            assert_eq!(wrap(u / 4.0, 4, mode, true, Some(1)), hi, "{u}/4 {mode:?}");
            assert_eq!(weight(u / 4.0, 4, true), w, "{u}/4");
        }
    }
}
