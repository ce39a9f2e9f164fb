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

/// A depth comparison (Vulkan's VkCompareOp): how the reference value of
/// a Dref instruction compares with a texel's depth, in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Never,
    Less,
    Equal,
    LessOrEqual,
    Greater,
    NotEqual,
    GreaterOrEqual,
    Always,
}

impl CompareOp {
    pub const ALL: [CompareOp; 8] = [
        CompareOp::Never,
        CompareOp::Less,
        CompareOp::Equal,
        CompareOp::LessOrEqual,
        CompareOp::Greater,
        CompareOp::NotEqual,
        CompareOp::GreaterOrEqual,
        CompareOp::Always,
    ];

    /// The name Amber and manifests use (`less_or_equal`).
    pub fn name(self) -> &'static str {
        match self {
            CompareOp::Never => "never",
            CompareOp::Less => "less",
            CompareOp::Equal => "equal",
            CompareOp::LessOrEqual => "less_or_equal",
            CompareOp::Greater => "greater",
            CompareOp::NotEqual => "not_equal",
            CompareOp::GreaterOrEqual => "greater_or_equal",
            CompareOp::Always => "always",
        }
    }

    pub fn from_name(name: &str) -> Option<CompareOp> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// A sampler's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampler {
    pub mag_filter: Filter,
    pub min_filter: Filter,
    /// How a level of detail between two mip levels reads them: the
    /// nearer one, or both blended.
    pub mipmap_mode: Filter,
    /// The range the level of detail is clamped to (Vulkan's minLod and
    /// maxLod).
    pub min_lod: f32,
    pub max_lod: f32,
    /// Address modes along u, v and w.
    pub address: [AddressMode; 3],
    pub border: BorderColor,
    /// Coordinates in 0..1 across the image (true), or in texels.
    pub normalized: bool,
    /// The depth comparison of Dref instructions (compareEnable and
    /// compareOp); `None` refuses them.
    pub compare: Option<CompareOp>,
}

// The LOD bounds compare by their bits, so a sampler is a key like the
// rest of a binding.
impl Eq for Sampler {}

impl std::hash::Hash for Sampler {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let Sampler {
            mag_filter,
            min_filter,
            mipmap_mode,
            min_lod,
            max_lod,
            address,
            border,
            normalized,
            compare,
        } = self;
        (
            mag_filter,
            min_filter,
            mipmap_mode,
            address,
            border,
            normalized,
            compare,
        )
            .hash(h);
        (min_lod.to_bits(), max_lod.to_bits()).hash(h);
    }
}

impl Default for Sampler {
    /// Amber's SAMPLER defaults: Vulkan's zeroed VkSamplerCreateInfo but
    /// for a maxLod of 1.
    fn default() -> Sampler {
        Sampler {
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            mipmap_mode: Filter::Nearest,
            min_lod: 0.0,
            max_lod: 1.0,
            address: [AddressMode::Repeat; 3],
            border: BorderColor::TransparentBlack,
            normalized: true,
            compare: None,
        }
    }
}

/// What a level of detail selects (Vulkan's "Level-of-Detail Operation"
/// and "Image Level(s) Selection", at a base level of 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// lambda <= 0: the magnification filter applies, else the
    /// minification filter.
    pub magnified: bool,
    /// The level nearest mipmapping reads: ceil(d' + 0.5) - 1.
    pub nearest: u32,
    /// The two levels linear mipmapping blends, floor(d') and the next
    /// (at most the last level), and the weight of the second: frac(d').
    pub lower: u32,
    pub upper: u32,
    pub fraction: f32,
}

/// The level selection of `lambda_base` (an explicit LOD, or log2 of the
/// gradients' scale) on an image of `levels` levels: lambda is it clamped
/// to `lod_range` (minLod, maxLod), d' is lambda clamped to 0..=levels-1. A
/// NaN lambda reads as minLod (Vulkan leaves it undefined; this keeps runs
/// deterministic).
pub fn level(lambda_base: f32, lod_range: [f32; 2], levels: u32) -> Level {
    let [min_lod, max_lod] = lod_range.map(|v| v as f64);
    let lambda = if lambda_base.is_nan() {
        min_lod
    } else {
        (lambda_base as f64).min(max_lod).max(min_lod)
    };
    let q = levels.max(1) - 1;
    let d = lambda.clamp(0.0, q as f64);
    let lower = d.floor() as u32;
    Level {
        magnified: lambda <= 0.0,
        nearest: ((d + 0.5).ceil() - 1.0) as u32,
        lower,
        upper: (lower + 1).min(q),
        fraction: (d - d.floor()) as f32,
    }
}

/// Linear filtering across cube faces: the face and texel that texel
/// `(x, y)` of `face` (one of them may be -1 or `size`, just past an edge)
/// is, on the face across that edge, found as the face the direction of
/// its centre selects (Vulkan's "Cube Map Edge Handling"). `None` for a
/// corner (both past an edge): no face has it, and filtering replaces it
/// by the average of the three texels around it.
pub fn cube_neighbour(face: u32, x: i64, y: i64, size: u32) -> Option<(u32, u32, u32)> {
    let n = size.max(1) as i64;
    let outside = |c: i64| !(0..n).contains(&c);
    if outside(x) && outside(y) {
        return None;
    }
    if !outside(x) && !outside(y) {
        return Some((face.min(5), x as u32, y as u32));
    }
    // The centre in face coordinates sc, tc in -1..1 (a little beyond on
    // the outside axis), then the direction with |ma| = 1 that the face
    // selection table maps to them.
    let centre = |c: i64| (2 * c + 1) as f64 / n as f64 - 1.0;
    let (sc, tc) = (centre(x), centre(y));
    let dir = match face {
        0 => [1.0, -tc, -sc],
        1 => [-1.0, -tc, sc],
        2 => [sc, 1.0, tc],
        3 => [sc, -1.0, -tc],
        4 => [sc, -tc, 1.0],
        _ => [-sc, -tc, -1.0],
    };
    let (f, s, t) = cube(dir.map(|v| v as f32));
    let texel = |c: f32| ((c as f64 * n as f64).floor() as i64).clamp(0, n - 1) as u32;
    Some((f, texel(s), texel(t)))
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
/// coordinate `s`, moved by `offset` texels, wrapped by `mode`; `u32::MAX`
/// for a border texel. Nearest filtering (`tap` `None`) reads `floor(u)`;
/// linear filtering's two taps are `floor(u - 0.5)` and one more (Vulkan's
/// "Texel Filtering"), where `u` is the coordinate in texels plus the
/// offset. A NaN coordinate reads texel 0 (Vulkan leaves it undefined;
/// this keeps runs deterministic).
pub fn wrap(
    s: f32,
    size: u32,
    offset: i32,
    mode: AddressMode,
    normalized: bool,
    tap: Option<u8>,
) -> u32 {
    let u =
        texel_space(s, size, normalized) + offset as f64 - if tap.is_some() { 0.5 } else { 0.0 };
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
            assert_eq!(wrap(u, 4, 0, mode, false, None), want, "{u} {mode:?}");
            assert_eq!(
                wrap(u / 4.0, 4, 0, mode, true, None),
                want,
                "{u}/4 {mode:?}"
            );
            if u.is_finite() {
                assert_eq!(
                    wrap(u - 3.0, 4, 3, mode, false, None),
                    want,
                    "{u} - 3, offset 3"
                );
            }
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
            assert_eq!(wrap(u, 4, 0, mode, false, Some(0)), lo, "{u} {mode:?}");
            assert_eq!(wrap(u, 4, 0, mode, false, Some(1)), hi, "{u} {mode:?}");
            assert_eq!(
                wrap(u + 2.0, 4, -2, mode, false, Some(1)),
                hi,
                "{u}+2, offset -2"
            );
            assert_eq!(weight(u, 4, false), w, "{u}");
            assert_eq!(
                wrap(u / 4.0, 4, 0, mode, true, Some(1)),
                hi,
                "{u}/4 {mode:?}"
            );
            assert_eq!(weight(u / 4.0, 4, true), w, "{u}/4");
        }
    }

    #[test]
    fn level_selection_follows_the_vulkan_lod_operation() {
        // (LOD, [minLod, maxLod], levels, magnified, nearest, lower,
        // upper, fraction): lambda is the LOD clamped to the range, d' is
        // lambda clamped to 0..=levels-1, nearest is ceil(d' + 0.5) - 1.
        type Row = (f32, [f32; 2], u32, bool, u32, u32, u32, f32);
        let rows: &[Row] = &[
            (0.0, [0.0, 1000.0], 4, true, 0, 0, 1, 0.0),
            (-2.0, [0.0, 1000.0], 4, true, 0, 0, 1, 0.0),
            (-2.0, [-5.0, 1000.0], 4, true, 0, 0, 1, 0.0),
            (0.5, [0.0, 1000.0], 4, false, 0, 0, 1, 0.5),
            (0.625, [0.0, 1000.0], 4, false, 1, 0, 1, 0.625),
            (1.75, [0.0, 1000.0], 4, false, 2, 1, 2, 0.75),
            (7.0, [0.0, 1000.0], 4, false, 3, 3, 3, 0.0),
            (2.5, [0.0, 1.0], 4, false, 1, 1, 2, 0.0),
            (0.0, [1.5, 3.0], 4, false, 1, 1, 2, 0.5),
            (f32::NAN, [0.25, 2.0], 4, false, 0, 0, 1, 0.25),
            (3.0, [0.0, 1000.0], 1, false, 0, 0, 0, 0.0),
        ];
        for &(lod, range, levels, magnified, nearest, lower, upper, fraction) in rows {
            let want = Level {
                magnified,
                nearest,
                lower,
                upper,
                fraction,
            };
            assert_eq!(level(lod, range, levels), want, "{lod} {range:?} {levels}");
        }
    }

    #[test]
    fn a_texel_past_a_cube_face_edge_is_on_the_face_across_it() {
        // (face, x, y, the face and texel it is) on faces 4 texels wide,
        // worked by hand from the face selection table: +X's left column
        // continues +Z's right one, +Y's top row -Z's top row (x mirrored),
        // -Z's right column -X's left one; a corner is on no face.
        type Row = (u32, i64, i64, Option<(u32, u32, u32)>);
        let rows: &[Row] = &[
            (0, -1, 1, Some((4, 3, 1))),
            (2, 1, -1, Some((5, 2, 0))),
            (5, 4, 0, Some((1, 0, 0))),
            (3, 2, 3, Some((3, 2, 3))),
            (0, -1, -1, None),
            (4, 4, 4, None),
        ];
        for &(face, x, y, want) in rows {
            assert_eq!(
                cube_neighbour(face, x, y, 4),
                want,
                "face {face} ({x}, {y})"
            );
        }
    }
}
