//! AmberScript text: tokens, the script model and the parser.

use crate::input::workload::{f64_to_f16_bits, ElemType, GLOBAL_BYTES};
use isa::image::format::Format;
use isa::image::sampler::{AddressMode, BorderColor, CompareOp, Filter, Sampler};
use isa::lower::SpecValue;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why parsing (or running) stopped.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// Bad input or a failed run; the message names `file:line`.
    Bad(String),
    /// Outside what the simulator supports; the reason names `file:line`.
    Unsupported(String),
}

/// `DEVICE_FEATURE` names the simulator provides.
pub const SUPPORTED_FEATURES: &[&str] = &[
    "shaderInt64",
    "shaderInt16",
    "robustBufferAccess",
    "shaderFloat64",
    "Float16Int8Features.shaderFloat16",
    "Float16Int8Features.shaderInt8",
    "Storage8BitFeatures.storageBuffer8BitAccess",
    "Storage8BitFeatures.uniformAndStorageBuffer8BitAccess",
    "Storage8BitFeatures.storagePushConstant8",
    "Storage16BitFeatures.storageBuffer16BitAccess",
    "Storage16BitFeatures.uniformAndStorageBuffer16BitAccess",
    "Storage16BitFeatures.storagePushConstant16",
    "VariablePointerFeatures.variablePointers",
    "VariablePointerFeatures.variablePointersStorageBuffer",
    "VulkanMemoryModelFeatures.vulkanMemoryModel",
    "VulkanMemoryModelFeatures.vulkanMemoryModelDeviceScope",
    "ZeroInitializeWorkgroupMemoryFeatures.shaderZeroInitializeWorkgroupMemory",
    // Images (`isa::image`): multisampled storage images, 64-bit image
    // atomics, formatless storage image access.
    "shaderStorageImageMultisample",
    "shaderStorageImageReadWithoutFormat",
    "shaderStorageImageWriteWithoutFormat",
    "shaderStorageImageExtendedFormats",
    "ShaderImageAtomicInt64Features.shaderImageInt64Atomics",
    // A model has one subgroup size (its wave size); `SUBGROUP` says which
    // requirements it can honour.
    "SubgroupSizeControl.subgroupSizeControl",
    "SubgroupSizeControl.computeFullSubgroups",
    "SubgroupSupportedOperations.basic",
    "SubgroupSupportedOperations.vote",
    "SubgroupSupportedOperations.arithmetic",
    "SubgroupSupportedOperations.ballot",
    "SubgroupSupportedOperations.shuffle",
    "SubgroupSupportedOperations.shuffleRelative",
    "SubgroupSupportedOperations.clustered",
    "SubgroupSupportedOperations.quad",
    "SubgroupSupportedStages.compute",
];

/// The `DEVICE_PROPERTY`s the simulator has: its arithmetic keeps
/// denormals, signed zeros, infinities and NaNs at every width, and lowering
/// accepts the `DenormPreserve` and `SignedZeroInfNanPreserve` capabilities
/// (not the flush-to-zero or rounding-mode execution modes).
pub const SUPPORTED_PROPERTIES: &[&str] = &[
    "FloatControlsProperties.shaderSignedZeroInfNanPreserveFloat16",
    "FloatControlsProperties.shaderSignedZeroInfNanPreserveFloat32",
    "FloatControlsProperties.shaderSignedZeroInfNanPreserveFloat64",
    "FloatControlsProperties.shaderDenormPreserveFloat16",
    "FloatControlsProperties.shaderDenormPreserveFloat32",
    "FloatControlsProperties.shaderDenormPreserveFloat64",
];

/// The other `DEVICE_PROPERTY` names Amber knows (its
/// `Script::IsKnownProperty`): flush to zero and the rounding modes.
const UNSUPPORTED_PROPERTIES: &[&str] = &[
    "FloatControlsProperties.shaderDenormFlushToZeroFloat16",
    "FloatControlsProperties.shaderDenormFlushToZeroFloat32",
    "FloatControlsProperties.shaderDenormFlushToZeroFloat64",
    "FloatControlsProperties.shaderRoundingModeRTEFloat16",
    "FloatControlsProperties.shaderRoundingModeRTEFloat32",
    "FloatControlsProperties.shaderRoundingModeRTEFloat64",
    "FloatControlsProperties.shaderRoundingModeRTZFloat16",
    "FloatControlsProperties.shaderRoundingModeRTZFloat32",
    "FloatControlsProperties.shaderRoundingModeRTZFloat64",
];

/// `DEVICE_EXTENSION` names the simulator provides.
pub const SUPPORTED_DEVICE_EXTENSIONS: &[&str] = &[
    "VK_KHR_storage_buffer_storage_class",
    "VK_KHR_16bit_storage",
    "VK_KHR_8bit_storage",
    "VK_KHR_shader_float16_int8",
    "VK_KHR_variable_pointers",
    "VK_KHR_vulkan_memory_model",
    "VK_KHR_zero_initialize_workgroup_memory",
    "VK_KHR_shader_float_controls",
    "VK_KHR_spirv_1_4",
    "VK_KHR_shader_non_semantic_info",
    "VK_KHR_shader_expect_assume",
    "VK_KHR_uniform_buffer_standard_layout",
    "VK_EXT_scalar_block_layout",
    "VK_KHR_get_physical_device_properties2",
    "VK_AMD_shader_trinary_minmax",
    "VK_INTEL_shader_integer_functions2",
    "VK_EXT_shader_atomic_float2",
    "VK_EXT_subgroup_size_control",
    "VK_KHR_shader_subgroup_extended_types",
    // Sized descriptor arrays, indexed dynamically or non-uniformly.
    "VK_EXT_descriptor_indexing",
    // Block-decorated Workgroup variables aliasing one another.
    "VK_KHR_workgroup_memory_explicit_layout",
];

/// A number as written: integers stay exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

/// Parses an integer (decimal or `0x` hex, optionally negative) or a float.
pub fn parse_num(s: &str) -> Option<Num> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let v = i128::from_str_radix(h, 16).ok()?;
        if h.starts_with(['+', '-']) {
            return None;
        }
        return Some(Num::Int(if neg { -v } else { v }));
    }
    if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
        let v: i128 = body.parse().ok()?;
        return Some(Num::Int(if neg { -v } else { v }));
    }
    // Amber reads `nan` in any case as a number (a quiet NaN), but no other
    // word: "inf" and "-nan" are names to it.
    if s.eq_ignore_ascii_case("nan") {
        return Some(Num::Float(f64::NAN));
    }
    // Otherwise only plain decimal floats.
    let first = body.bytes().next()?;
    if !(first.is_ascii_digit() || first == b'.') {
        return None;
    }
    s.parse::<f64>().ok().map(Num::Float)
}

/// The little-endian bits of `v` as an element of type `t` (integers wrap,
/// floats round to nearest even).
pub fn num_bits(t: ElemType, v: Num) -> u64 {
    match t {
        ElemType::F16 => f64_to_f16_bits(v.as_f64()) as u64,
        ElemType::F32 => (v.as_f64() as f32).to_bits() as u64,
        ElemType::F64 => v.as_f64().to_bits(),
        _ => {
            let i = match v {
                Num::Int(i) => i,
                Num::Float(f) => f as i128,
            };
            let bits = t.size() * 8;
            (i as u64)
                & if bits == 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                }
        }
    }
}

/// The bits of `v` written into a buffer or argument of type `t`: as
/// [`num_bits`], except that float16 values are converted as Amber converts
/// them (to f32, then to f16 by dropping the low 13 mantissa bits, i.e.
/// toward zero; below the f16 normal range, zero), on which the CTS's
/// expected values rely (its f16 precision scripts' tolerances are one f16
/// ulp around the result for truncated inputs).
pub fn data_bits(t: ElemType, v: Num) -> u64 {
    if t != ElemType::F16 {
        return num_bits(t, v);
    }
    let f = v.as_f64() as f32;
    let b = f.to_bits();
    let sign = ((b >> 16) & 0x8000) as u64;
    let exponent = ((b >> 23) & 0xff) as i32 - 127 + 15;
    if f.is_nan() {
        return sign | 0x7e00;
    }
    if exponent >= 31 {
        return sign | 0x7c00;
    }
    if exponent <= 0 {
        return sign;
    }
    sign | (exponent as u64) << 10 | ((b & 0x7f_ffff) >> 13) as u64
}

/// A piece of one buffer element: a value or padding bytes.
#[derive(Clone, Debug, PartialEq)]
pub enum Seg {
    Val(ElemType),
    Pad(usize),
}

/// The memory layout of one buffer element.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub segs: Vec<Seg>,
    /// Bytes per element, padding included.
    pub size: usize,
}

impl Layout {
    pub fn components(&self) -> usize {
        self.segs
            .iter()
            .filter(|s| matches!(s, Seg::Val(_)))
            .count()
    }

    /// `rows`-vectors (a scalar when 1), `cols` of them (a matrix when > 1).
    /// A 3-vector takes the room of a 4-vector; std140 rounds each column
    /// (and a scalar or vector element) up to 16 bytes.
    pub fn new(t: ElemType, rows: usize, cols: usize, std140: bool) -> Layout {
        let s = t.size();
        let mut stride = if rows == 3 { 4 * s } else { rows * s };
        if std140 {
            stride = stride.next_multiple_of(16);
        }
        let mut segs = Vec::new();
        for _ in 0..cols {
            segs.extend(std::iter::repeat_n(Seg::Val(t), rows));
            if stride > rows * s {
                segs.push(Seg::Pad(stride - rows * s));
            }
        }
        Layout {
            segs,
            size: stride * cols,
        }
    }
}

/// Parses a data type: `int8` ... `double`, `vecN<T>`, `matCxR<T>`, a
/// `[]` suffix, or an image format whose channels share one plain type
/// (such as `R32G32B32A32_SFLOAT`). `Err` carries a reason for types that
/// exist but are not supported.
pub fn parse_type(name: &str, std140: bool) -> Result<Option<Layout>, String> {
    let name = name.strip_suffix("[]").unwrap_or(name);
    let scalar = |n: &str| -> Option<ElemType> {
        Some(match n {
            "int8" => ElemType::I8,
            "int16" => ElemType::I16,
            "int32" => ElemType::I32,
            "int64" => ElemType::I64,
            "uint8" => ElemType::U8,
            "uint16" => ElemType::U16,
            "uint32" => ElemType::U32,
            "uint64" => ElemType::U64,
            "float16" => ElemType::F16,
            "float" => ElemType::F32,
            "double" => ElemType::F64,
            _ => return None,
        })
    };
    if let Some(t) = scalar(name) {
        return Ok(Some(Layout::new(t, 1, 1, std140)));
    }
    let inner =
        |rest: &str| -> Option<ElemType> { scalar(rest.strip_prefix('<')?.strip_suffix('>')?) };
    if let Some(rest) = name.strip_prefix("vec") {
        let n = rest
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .unwrap_or(0) as usize;
        if (2..=4).contains(&n) {
            if let Some(t) = inner(&rest[1..]) {
                return Ok(Some(Layout::new(t, n, 1, std140)));
            }
        }
        return Ok(None);
    }
    if let Some(rest) = name.strip_prefix("mat") {
        let b = rest.as_bytes();
        if b.len() > 3 && b[1] == b'x' {
            let c = (b[0] as char).to_digit(10).unwrap_or(0) as usize;
            let r = (b[2] as char).to_digit(10).unwrap_or(0) as usize;
            if (2..=4).contains(&c) && (2..=4).contains(&r) {
                if let Some(t) = inner(&rest[3..]) {
                    return Ok(Some(Layout::new(t, r, c, std140)));
                }
            }
        }
        return Ok(None);
    }
    // An image format. Packed formats hold one 32-bit word per texel, as
    // Amber's data for them does.
    if name.ends_with("_PACK32") {
        return Ok(Some(Layout::new(ElemType::U32, 1, 1, std140)));
    }
    let Some((channels, mode)) = name.split_once('_') else {
        return Ok(None);
    };
    if !channels.starts_with(['R', 'G', 'B', 'A', 'D', 'S', 'X'])
        || !channels.bytes().any(|c| c.is_ascii_digit())
    {
        return Ok(None);
    }
    let mut bits = Vec::new();
    let mut cur = String::new();
    for c in channels.chars() {
        if c.is_ascii_alphabetic() {
            if !cur.is_empty() {
                bits.push(cur.parse::<usize>().unwrap_or(0));
                cur.clear();
            }
        } else if c.is_ascii_digit() {
            cur.push(c);
        } else {
            return Ok(None);
        }
    }
    if !cur.is_empty() {
        bits.push(cur.parse::<usize>().unwrap_or(0));
    }
    let unsupported = || {
        Err(format!("buffer format {name} is not supported (only formats whose channels are plain 8/16/32/64-bit integers or 16/32/64-bit floats)"))
    };
    if bits.is_empty() || bits.len() > 4 || bits.iter().any(|&b| b != bits[0]) {
        return unsupported();
    }
    let t = match (mode, bits[0]) {
        ("UINT", 8) => ElemType::U8,
        ("UINT", 16) => ElemType::U16,
        ("UINT", 32) => ElemType::U32,
        ("UINT", 64) => ElemType::U64,
        ("SINT", 8) => ElemType::I8,
        ("SINT", 16) => ElemType::I16,
        ("SINT", 32) => ElemType::I32,
        ("SINT", 64) => ElemType::I64,
        ("SFLOAT", 16) => ElemType::F16,
        ("SFLOAT", 32) => ElemType::F32,
        ("SFLOAT", 64) => ElemType::F64,
        // Normalised channels are data as their stored integers.
        ("UNORM" | "SRGB", 8) => ElemType::U8,
        ("UNORM", 16) => ElemType::U16,
        ("SNORM", 8) => ElemType::I8,
        ("SNORM", 16) => ElemType::I16,
        _ => return unsupported(),
    };
    Ok(Some(Layout::new(t, bits.len(), 1, std140)))
}

/// The texel format a plain data type implies as an image (`vec4<int32>`
/// is R32G32B32A32_SINT): 1, 2 or 4 components of one integer or float
/// Whether an IMAGE can have its mip levels: at most one more than
/// log2 of its largest extent, and one if it is multisampled.
fn check_mip_levels(shape: &ImageShape) -> Result<(), String> {
    let largest = shape.width.max(shape.height).max(shape.depth);
    let most = 32 - largest.leading_zeros();
    if shape.levels > most {
        return Err(format!(
            "{} mip levels is more than a {}x{}x{} image has ({most})",
            shape.levels, shape.width, shape.height, shape.depth
        ));
    }
    if shape.levels > 1 && shape.samples > 1 {
        return Err("a multisampled image has one mip level".into());
    }
    Ok(())
}

/// type.
fn implied_format(layout: &Layout) -> Option<Format> {
    let vals: Vec<ElemType> = layout
        .segs
        .iter()
        .filter_map(|s| match s {
            Seg::Val(t) => Some(*t),
            Seg::Pad(_) => None,
        })
        .collect();
    let t = *vals.first()?;
    if vals.iter().any(|&v| v != t) || ![1, 2, 4].contains(&vals.len()) {
        return None;
    }
    let bits = t.size() * 8;
    let kind = match t {
        ElemType::U8 | ElemType::U16 | ElemType::U32 | ElemType::U64 => "UINT",
        ElemType::I8 | ElemType::I16 | ElemType::I32 | ElemType::I64 => "SINT",
        ElemType::F16 | ElemType::F32 | ElemType::F64 => "SFLOAT",
    };
    let channels: String = ["R", "G", "B", "A"][..vals.len()]
        .iter()
        .map(|c| format!("{c}{bits}"))
        .collect();
    Format::from_vulkan_name(&format!("{channels}_{kind}"))
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ShaderFormat {
    SpirvAsm,
    SpirvHex,
    SpirvBin,
    Glsl,
    Hlsl,
    OpenclC,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ShaderSource {
    /// Inline text; `first_line` is the script line of its first line.
    Inline {
        text: String,
        first_line: usize,
    },
    /// A file relative to the script.
    File(PathBuf),
    Virtual(String),
}

#[derive(Clone, Debug)]
pub struct Shader {
    pub name: String,
    pub line: usize,
    pub format: ShaderFormat,
    pub source: ShaderSource,
    pub target_env: Option<String>,
}

#[derive(Clone, Debug)]
pub struct BufferDecl {
    pub name: String,
    pub layout: Layout,
    pub bytes: Vec<u8>,
    /// The texel format its DATA_TYPE or FORMAT names or implies (for
    /// images and texel buffers).
    pub format: Option<Format>,
    /// Declared by IMAGE: its extent and samples.
    pub image: Option<ImageShape>,
}

/// An IMAGE's extent, sample count and mip levels (one layer).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageShape {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub samples: u32,
    pub levels: u32,
}

/// How a BIND BUFFER binds a buffer as an image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ImageUse {
    StorageImage,
    SampledImage,
    /// `combined_image_sampler`: the sampler is [`Bind::sampler`].
    CombinedImageSampler,
    UniformTexelBuffer,
    StorageTexelBuffer,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BindTarget {
    /// Element `index` of a descriptor array (0 for a single descriptor).
    Descriptor {
        set: u32,
        binding: u32,
        index: u32,
    },
    PushConstant,
    ArgName(String),
    ArgNumber(u32),
}

#[derive(Clone, Debug)]
pub struct Bind {
    pub buffer: String,
    pub target: BindTarget,
    /// Byte offset of the bound range (dynamic OFFSET + DESCRIPTOR_OFFSET).
    pub offset: usize,
    /// DESCRIPTOR_RANGE; `None` is the whole rest of the buffer.
    pub range: Option<usize>,
    /// Bound as an image or texel buffer (`AS storage_image`, ...).
    pub image: Option<ImageUse>,
    /// The sampler of a combined image sampler.
    pub sampler: Option<String>,
    /// BASE_MIP_LEVEL: an image is bound from this level on.
    pub base_mip_level: u32,
}

#[derive(Clone, Debug)]
pub struct KernelArg {
    pub target: BindTarget,
    pub ty: ElemType,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Pipeline {
    pub name: String,
    pub line: usize,
    pub shader: Option<String>,
    pub entry: Option<String>,
    pub spec: Vec<(u32, SpecValue)>,
    pub binds: Vec<Bind>,
    pub kernel_args: Vec<KernelArg>,
    pub compile_options: Vec<String>,
    /// `SHADER_OPTIMIZATION ... --graphics-robust-access`: access-chain
    /// indices are clamped (`isa::lower::Options::clamp_indices`).
    pub clamp_indices: bool,
    /// The `SUBGROUP` command for the pipeline's shader, if any.
    pub subgroup: Option<SubgroupControl>,
    /// `BIND SAMPLER`s: sampler name and where.
    pub sampler_binds: Vec<(String, BindTarget)>,
}

/// What a pipeline's `SUBGROUP` command requires of the subgroups.
/// `VARYING_SIZE` and `REQUIRED_SIZE MIN|MAX` need nothing more: a model has
/// one subgroup size, which is its minimum and maximum.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubgroupControl {
    pub line: usize,
    /// `REQUIRED_SIZE n`.
    pub required_size: Option<u32>,
    /// `FULLY_POPULATED on`.
    pub fully_populated: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Debug)]
pub enum ExpectKind {
    Values {
        /// Byte offset (Amber's IDX).
        offset: usize,
        cmp: Cmp,
        /// The first TOLERANCE value and whether it is a percentage.
        tolerance: Option<(f64, bool)>,
        values: Vec<Num>,
    },
    EqBuffer(String),
    Rmse(String, f64),
    /// An image probe: every texel of the `width` x `height` rectangle at
    /// (`x`, `y`) is `rgba` (0-255 per channel; alpha absent for EQ_RGB).
    Probe {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
        rgba: Vec<f64>,
        /// TOLERANCE per channel, in the same 0-255 units.
        tolerance: Vec<(f64, bool)>,
    },
}

#[derive(Clone, Debug)]
pub struct Expect {
    pub line: usize,
    pub text: String,
    pub buffer: String,
    pub kind: ExpectKind,
    /// The type the values are read as, when not the buffer's own
    /// (VkScript's `probe ssbo TYPE`).
    pub layout: Option<Layout>,
}

#[derive(Clone, Debug)]
pub enum Cmd {
    Run {
        line: usize,
        pipeline: String,
        groups: [u32; 3],
    },
    Repeat {
        line: usize,
        count: u32,
        body: Vec<Cmd>,
    },
    Copy {
        line: usize,
        src: String,
        dst: String,
    },
    /// `bytes` written into `buffer` from byte `offset` (VkScript's
    /// `ssbo ... subdata` and `uniform`); the buffer is declared large
    /// enough for every write.
    Write {
        line: usize,
        buffer: String,
        offset: usize,
        bytes: Vec<u8>,
    },
    Expect(Expect),
}

/// Most commands a script may execute, a REPEAT's body counting each time
/// it runs (docs/amber.md).
const MAX_EXECUTED: u64 = 1_000_000;

impl Cmd {
    /// The script line the command is on.
    fn line(&self) -> usize {
        match self {
            Cmd::Run { line, .. }
            | Cmd::Repeat { line, .. }
            | Cmd::Copy { line, .. }
            | Cmd::Write { line, .. } => *line,
            Cmd::Expect(e) => e.line,
        }
    }

    /// How many commands executing this one executes, itself included
    /// (saturating: past MAX_EXECUTED the count only has to stay past it).
    fn executed(&self) -> u64 {
        match self {
            Cmd::Repeat { count, body, .. } => {
                let body = body.iter().map(Cmd::executed).fold(0, u64::saturating_add);
                (*count as u64).saturating_mul(body).saturating_add(1)
            }
            _ => 1,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Script {
    pub shaders: HashMap<String, Shader>,
    pub buffers: Vec<BufferDecl>,
    pub pipelines: HashMap<String, Pipeline>,
    pub commands: Vec<Cmd>,
    pub virtual_files: HashMap<String, String>,
    pub notes: Vec<String>,
    /// `DEVICE_FEATURE robustBufferAccess`: every RUN has robust buffer
    /// access (`run::Dispatch::robust_buffer_access`).
    pub robust_buffer_access: bool,
    /// The SAMPLERs declared.
    pub samplers: HashMap<String, Sampler>,
}

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Eol,
    Eof,
}

#[derive(Clone)]
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    /// The next token and the line it is on. `#` starts a comment; a `\` at
    /// the end of a line joins the next one.
    fn next(&mut self) -> (Tok, usize) {
        let b = self.text.as_bytes();
        loop {
            while self.pos < b.len() && matches!(b[self.pos], b' ' | b'\t' | b'\r' | b'\x0c') {
                self.pos += 1;
            }
            if self.pos >= b.len() {
                return (Tok::Eof, self.line);
            }
            match b[self.pos] {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    return (Tok::Eol, self.line - 1);
                }
                b'#' => {
                    while self.pos < b.len() && b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                b'\\' => {
                    let mut p = self.pos + 1;
                    while p < b.len() && matches!(b[p], b' ' | b'\t' | b'\r') {
                        p += 1;
                    }
                    if p >= b.len() || b[p] == b'\n' {
                        self.pos = (p + 1).min(b.len());
                        if p < b.len() {
                            self.line += 1;
                        }
                    } else {
                        return self.word();
                    }
                }
                _ => return self.word(),
            }
        }
    }

    fn word(&mut self) -> (Tok, usize) {
        let b = self.text.as_bytes();
        let start = self.pos;
        while self.pos < b.len() && !matches!(b[self.pos], b' ' | b'\t' | b'\r' | b'\n' | b'\x0c') {
            self.pos += 1;
        }
        // Token boundaries are ASCII bytes, so the slice is on char boundaries.
        let w = self.text.get(start..self.pos).unwrap_or("").to_string();
        (Tok::Word(w), self.line)
    }

    fn peek(&self) -> (Tok, usize) {
        self.clone().next()
    }

    /// Raw lines after the current one up to a line starting with `END`;
    /// returns the text and the line number of its first line.
    fn raw_block(&mut self) -> Option<(String, usize)> {
        // Skip the rest of the current line.
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos] != b'\n' {
            self.pos += 1;
        }
        if self.pos >= b.len() {
            return None;
        }
        self.pos += 1;
        self.line += 1;
        let first = self.line;
        let mut out = String::new();
        loop {
            if self.pos >= b.len() {
                return None;
            }
            let end = self.text[self.pos..]
                .find('\n')
                .map_or(b.len(), |i| self.pos + i);
            let l = &self.text[self.pos..end];
            let t = l.trim_start();
            let is_end = t
                .strip_prefix("END")
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t', '\r', '#']));
            if is_end {
                // Leave the lexer on the END line, just after END.
                self.pos += l.len() - t.len() + 3;
                return Some((out, first));
            }
            out.push_str(l);
            out.push('\n');
            self.pos = (end + 1).min(b.len());
            if end < b.len() {
                self.line += 1;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

struct Parser<'a> {
    lx: Lexer<'a>,
    file: &'a str,
    dir: &'a Path,
    script: Script,
    depth: usize,
    /// The `DEVICE_FEATURE`s declared so far (`SUBGROUP` options need theirs first, as in Amber).
    features: Vec<String>,
}

/// Largest buffer a script may declare.
const MAX_BUFFER_BYTES: usize = 1 << 28;

/// True for a path naming an Amber script (`*.amber`, `*.vkscript`).
pub fn is_amber_path(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "amber" || e == "vkscript")
}

pub fn parse(text: &str, file: &str, dir: &Path) -> Result<Script, Stop> {
    let first = text.lines().next().unwrap_or("").trim();
    if first != "#!amber" {
        if vkscript::is_vkscript(text) {
            return vkscript::parse(text, file);
        }
        return Err(Stop::Bad(format!(
            "{file}:1: not an AmberScript file (the first line must be #!amber) nor VkScript (a [section] first)"
        )));
    }
    let mut p = Parser {
        lx: Lexer {
            text,
            pos: 0,
            line: 1,
        },
        file,
        dir,
        script: Script::default(),
        depth: 0,
        features: Vec::new(),
    };
    let commands = p.commands(false)?;
    p.script.commands = commands;
    p.validate()?;
    Ok(p.script)
}

fn keyword_cmp(w: &str) -> Option<Cmp> {
    Some(match w {
        "EQ" => Cmp::Eq,
        "NE" => Cmp::Ne,
        "LT" => Cmp::Lt,
        "LE" => Cmp::Le,
        "GT" => Cmp::Gt,
        "GE" => Cmp::Ge,
        _ => return None,
    })
}

impl Parser<'_> {
    fn bad(&self, line: usize, m: impl std::fmt::Display) -> Stop {
        Stop::Bad(format!("{}:{line}: {m}", self.file))
    }

    fn unsupported(&self, line: usize, m: impl std::fmt::Display) -> Stop {
        Stop::Unsupported(format!("{}:{line}: {m}", self.file))
    }

    /// The next word on the current line.
    fn word(&mut self, what: &str) -> Result<(String, usize), Stop> {
        match self.lx.next() {
            (Tok::Word(w), l) => Ok((w, l)),
            (_, l) => Err(self.bad(l, format!("expected {what}"))),
        }
    }

    /// The next word of the current line with its line number, or `None`
    /// at the line's end (which it consumes).
    fn next_on_line(&mut self) -> Option<(String, usize)> {
        match self.lx.next() {
            (Tok::Word(w), l) => Some((w, l)),
            (Tok::Eol | Tok::Eof, _) => None,
        }
    }

    fn peek_word(&self) -> Option<String> {
        match self.lx.peek() {
            (Tok::Word(w), _) => Some(w),
            _ => None,
        }
    }

    fn expect_word(&mut self, kw: &str) -> Result<usize, Stop> {
        let (w, l) = self.word(kw)?;
        if w != kw {
            return Err(self.bad(l, format!("expected {kw}, found '{w}'")));
        }
        Ok(l)
    }

    fn uint(&mut self, what: &str) -> Result<(u64, usize), Stop> {
        let (w, l) = self.word(what)?;
        match parse_num(&w) {
            Some(Num::Int(i)) if (0..=u32::MAX as i128).contains(&i) => Ok((i as u64, l)),
            Some(Num::Int(i)) if i > u32::MAX as i128 => Err(self.bad(
                l,
                format!("{w} is too large for {what}: at most {}", u32::MAX),
            )),
            _ => Err(self.bad(
                l,
                format!("expected {what} (an unsigned integer), found '{w}'"),
            )),
        }
    }

    /// Checks that the line has ended.
    fn eol(&mut self) -> Result<(), Stop> {
        match self.lx.next() {
            (Tok::Eol | Tok::Eof, _) => Ok(()),
            (Tok::Word(w), l) => Err(self.bad(l, format!("unexpected '{w}'"))),
        }
    }

    /// The remaining words of the current line.
    fn rest_of_line(&mut self) -> Vec<(String, usize)> {
        let mut out = Vec::new();
        while let (Tok::Word(w), l) = self.lx.next() {
            out.push((w, l));
        }
        out
    }

    /// Words (across lines) up to a standalone `END`.
    fn words_until_end(&mut self, start: usize, what: &str) -> Result<Vec<(String, usize)>, Stop> {
        let mut out = Vec::new();
        loop {
            match self.lx.next() {
                (Tok::Word(w), _) if w == "END" => return Ok(out),
                (Tok::Word(w), l) => out.push((w, l)),
                (Tok::Eol, _) => {}
                (Tok::Eof, _) => return Err(self.bad(start, format!("{what} has no END"))),
            }
        }
    }

    /// Commands up to `END` (inside REPEAT) or the end of the file.
    fn commands(&mut self, in_block: bool) -> Result<Vec<Cmd>, Stop> {
        let mut cmds = Vec::new();
        loop {
            let (tok, line) = self.lx.next();
            let w = match tok {
                Tok::Eol => continue,
                Tok::Eof => {
                    if in_block {
                        return Err(self.bad(line, "REPEAT has no END"));
                    }
                    return Ok(cmds);
                }
                Tok::Word(w) => w,
            };
            match w.as_str() {
                "END" if in_block => {
                    self.eol()?;
                    return Ok(cmds);
                }
                "SHADER" => self.shader(line)?,
                "BUFFER" => self.buffer(line, false)?,
                "PIPELINE" => self.pipeline(line)?,
                "DERIVE_PIPELINE" => {
                    let (name, _) = self.word("a pipeline name")?;
                    self.expect_word("FROM")?;
                    let (parent, pl) = self.word("a parent pipeline name")?;
                    let Some(base) = self.script.pipelines.get(&parent).cloned() else {
                        return Err(self.bad(pl, format!("unknown pipeline '{parent}'")));
                    };
                    self.pipeline_body(line, name, base)?;
                }
                "RUN" => cmds.push(self.run(line)?),
                "REPEAT" => {
                    let (count, _) = self.uint("a repeat count")?;
                    self.eol()?;
                    self.depth += 1;
                    if self.depth > 16 {
                        return Err(self.bad(line, "REPEAT nested too deeply"));
                    }
                    let body = self.commands(true)?;
                    self.depth -= 1;
                    cmds.push(Cmd::Repeat {
                        line,
                        count: count as u32,
                        body,
                    });
                }
                "COPY" => {
                    let (src, _) = self.word("a buffer name")?;
                    self.expect_word("TO")?;
                    let (dst, _) = self.word("a buffer name")?;
                    self.eol()?;
                    cmds.push(Cmd::Copy { line, src, dst });
                }
                "EXPECT" => cmds.push(self.expect(line)?),
                "DEVICE_FEATURE" => {
                    let (f, _) = self.word("a feature name")?;
                    self.eol()?;
                    if !SUPPORTED_FEATURES.contains(&f.as_str()) {
                        return Err(
                            self.unsupported(line, format!("device feature {f} is not supported"))
                        );
                    }
                    self.script.robust_buffer_access |= f == "robustBufferAccess";
                    self.features.push(f);
                }
                "DEVICE_PROPERTY" => {
                    let (p, pl) = self.word("a property name")?;
                    self.eol()?;
                    if UNSUPPORTED_PROPERTIES.contains(&p.as_str()) {
                        return Err(
                            self.unsupported(line, format!("device property {p} is not supported"))
                        );
                    }
                    if !SUPPORTED_PROPERTIES.contains(&p.as_str()) {
                        return Err(self.bad(pl, format!("unknown device property '{p}'")));
                    }
                }
                "DEVICE_EXTENSION" => {
                    let (e, _) = self.word("an extension name")?;
                    self.eol()?;
                    if !SUPPORTED_DEVICE_EXTENSIONS.contains(&e.as_str()) {
                        return Err(self
                            .unsupported(line, format!("device extension {e} is not supported")));
                    }
                }
                "INSTANCE_EXTENSION" => {
                    self.word("an extension name")?;
                    self.eol()?;
                }
                "SET" => {
                    let (w, l) = self.word("ENGINE_DATA")?;
                    if w != "ENGINE_DATA" {
                        return Err(self.bad(l, format!("expected ENGINE_DATA, found '{w}'")));
                    }
                    let rest = self.rest_of_line();
                    let text: Vec<String> = rest.into_iter().map(|(w, _)| w).collect();
                    self.script.notes.push(format!(
                        "line {line}: SET ENGINE_DATA {} ignored (the simulator has no engine settings)",
                        text.join(" ")
                    ));
                }
                "VIRTUAL_FILE" => {
                    let (path, _) = self.word("a path")?;
                    let Some((text, _)) = self.lx.raw_block() else {
                        return Err(self.bad(line, "VIRTUAL_FILE has no END"));
                    };
                    self.eol()?;
                    self.script.virtual_files.insert(path, text);
                }
                "CLEAR" | "CLEAR_COLOR" | "CLEAR_DEPTH" | "CLEAR_STENCIL" => {
                    return Err(self.unsupported(line, "graphics pipelines are not supported"))
                }
                "IMAGE" => self.buffer(line, true)?,
                "SAMPLER" => self.sampler(line)?,
                "STRUCT" => {
                    return Err(self.unsupported(line, "STRUCT data types are not supported"))
                }
                "ACCELERATION_STRUCTURE" | "SHADER_BINDING_TABLE" => {
                    return Err(self.unsupported(line, "ray tracing is not supported"))
                }
                "DEBUG" => return Err(self.unsupported(line, "DEBUG is not supported")),
                other => return Err(self.bad(line, format!("unknown command '{other}'"))),
            }
        }
    }

    fn shader(&mut self, line: usize) -> Result<(), Stop> {
        let (kind, _) = self.word("a shader type")?;
        match kind.as_str() {
            "compute" => {}
            "vertex"
            | "fragment"
            | "geometry"
            | "tessellation_evaluation"
            | "tessellation_control"
            | "multi" => return Err(self.unsupported(line, "graphics pipelines are not supported")),
            "ray_generation" | "any_hit" | "closest_hit" | "miss" | "intersection" | "callable" => {
                return Err(self.unsupported(line, "ray tracing is not supported"))
            }
            other => return Err(self.bad(line, format!("unknown shader type '{other}'"))),
        }
        let (name, _) = self.word("a shader name")?;
        let (fmt, fl) = self.word("a shader format")?;
        let format = match fmt.as_str() {
            "SPIRV-ASM" => ShaderFormat::SpirvAsm,
            "SPIRV-HEX" => ShaderFormat::SpirvHex,
            "SPIRV-BIN" => ShaderFormat::SpirvBin,
            "GLSL" => ShaderFormat::Glsl,
            "HLSL" => ShaderFormat::Hlsl,
            "OPENCL-C" => ShaderFormat::OpenclC,
            "PASSTHROUGH" => {
                return Err(self.unsupported(line, "graphics pipelines are not supported"))
            }
            other => return Err(self.bad(fl, format!("unknown shader format '{other}'"))),
        };
        let mut target_env = None;
        let mut source = None;
        // The words after the format, leaving the end of line unread.
        let mut rest = Vec::new();
        while let (Tok::Word(w), l) = self.lx.peek() {
            self.lx.next();
            rest.push((w, l));
        }
        let mut i = 0;
        while i < rest.len() {
            let Some(arg) = rest.get(i + 1).map(|(w, _)| w.clone()) else {
                return Err(self.bad(rest[i].1, format!("'{}' needs a value", rest[i].0)));
            };
            match rest[i].0.as_str() {
                "TARGET_ENV" => target_env = Some(arg),
                "FILE" => source = Some(ShaderSource::File(PathBuf::from(arg))),
                "VIRTUAL_FILE" => source = Some(ShaderSource::Virtual(arg)),
                other => return Err(self.bad(rest[i].1, format!("unexpected '{other}'"))),
            }
            i += 2;
        }
        let source = match source {
            Some(s) => {
                self.eol()?;
                s
            }
            None => {
                if format == ShaderFormat::SpirvBin {
                    return Err(self.bad(line, "SPIRV-BIN shaders are read with FILE"));
                }
                let Some((text, first_line)) = self.lx.raw_block() else {
                    return Err(self.bad(line, format!("SHADER {name} has no END")));
                };
                self.eol()?;
                ShaderSource::Inline { text, first_line }
            }
        };
        if self.script.shaders.contains_key(&name) {
            return Err(self.bad(line, format!("shader '{name}' is declared twice")));
        }
        self.script.shaders.insert(
            name.clone(),
            Shader {
                name,
                line,
                format,
                source,
                target_env,
            },
        );
        Ok(())
    }

    /// BUFFER, or IMAGE (`image`), which adds an extent and samples.
    fn buffer(&mut self, line: usize, image: bool) -> Result<(), Stop> {
        let (name, _) = self.word("a buffer name")?;
        if self.script.buffers.iter().any(|b| b.name == name) {
            return Err(self.bad(line, format!("buffer '{name}' is declared twice")));
        }
        let (kw, kl) = self.word("DATA_TYPE or FORMAT")?;
        let (ty, tl) = self.word("a data type")?;
        let mut std140 = false;
        match kw.as_str() {
            "DATA_TYPE" => {}
            "FORMAT" => {
                // FORMAT buffers are image attachments sized by a graphics
                // pipeline unless an initializer follows.
                if !image
                    && (matches!(self.lx.peek().0, Tok::Eol | Tok::Eof)
                        || matches!(
                            self.peek_word().as_deref(),
                            Some("MIP_LEVELS" | "SAMPLES" | "FILE")
                        ))
                {
                    return Err(self.unsupported(line, "image (FORMAT) buffers are not supported"));
                }
            }
            other => {
                return Err(self.bad(kl, format!("expected DATA_TYPE or FORMAT, found '{other}'")))
            }
        }
        match self.peek_word().as_deref() {
            Some("STD140") => {
                std140 = true;
                self.lx.next();
            }
            Some("STD430") => {
                self.lx.next();
            }
            _ => {}
        }
        let layout = match parse_type(&ty, std140) {
            Ok(Some(l)) => l,
            Ok(None) => return Err(self.bad(tl, format!("unknown data type '{ty}'"))),
            Err(r) => return Err(self.unsupported(tl, r)),
        };
        let mut size: Option<usize> = None;
        let mut bytes: Option<Vec<u8>> = None;
        let mut shape = ImageShape {
            width: 1,
            height: 1,
            depth: 1,
            samples: 1,
            levels: 1,
        };
        let comps = layout.components();
        let limit = |n: usize, p: &Self, l: usize| -> Result<usize, Stop> {
            let bytes = n
                .checked_mul(layout.size)
                .filter(|&b| b <= MAX_BUFFER_BYTES)
                .ok_or_else(|| p.bad(l, format!("buffer '{name}' would be larger than 256 MiB")))?;
            // Checked before allocating, so many large buffers cannot take
            // the host's memory.
            let declared: usize = p.script.buffers.iter().map(|b| b.bytes.len()).sum();
            if (declared + bytes) as u64 > GLOBAL_BYTES {
                return Err(p.bad(
                    l,
                    format!(
                        "buffer '{name}' would take the script's buffers past the modelled global memory ({})",
                        crate::input::bytes_and_mib(GLOBAL_BYTES.into())
                    ),
                ));
            }
            Ok(bytes)
        };
        while let Some((w, l)) = self.next_on_line() {
            match w.as_str() {
                "SIZE" => size = Some(self.uint("a size")?.0 as usize),
                "WIDTH" | "HEIGHT" | "DEPTH" | "SAMPLES" => {
                    let (v, vl) = self.uint("a size")?;
                    let v = u32::try_from(v)
                        .ok()
                        .filter(|&v| v > 0 && v <= 1 << 16)
                        .ok_or_else(|| self.bad(vl, format!("{w} {v} is out of range")))?;
                    match w.as_str() {
                        "WIDTH" => shape.width = v,
                        "HEIGHT" => shape.height = v,
                        "DEPTH" => shape.depth = v,
                        _ => shape.samples = v,
                    }
                    let texels = [shape.height, shape.depth, shape.samples]
                        .iter()
                        .fold(shape.width as u64, |n, &d| n * d as u64);
                    size = Some(texels as usize);
                }
                "DIM_1D" | "DIM_2D" | "DIM_3D" if image => {}
                "MIP_LEVELS" if image => {
                    let (v, vl) = self.uint("a mip level count")?;
                    shape.levels = u32::try_from(v)
                        .ok()
                        .filter(|&v| (1..=17).contains(&v))
                        .ok_or_else(|| self.bad(vl, format!("MIP_LEVELS {v} is out of range")))?;
                }
                "FILL" | "SERIES_FROM" => {
                    let Some(n) = size else {
                        return Err(self.bad(l, format!("{w} needs SIZE before it")));
                    };
                    let total = limit(n, self, l)?;
                    let (v, vl) = self.word("a value")?;
                    let start = parse_num(&v)
                        .ok_or_else(|| self.bad(vl, format!("'{v}' is not a number")))?;
                    let inc = if w == "SERIES_FROM" {
                        self.expect_word("INC_BY")?;
                        let (v, vl) = self.word("a value")?;
                        Some(
                            parse_num(&v)
                                .ok_or_else(|| self.bad(vl, format!("'{v}' is not a number")))?,
                        )
                    } else {
                        None
                    };
                    let mut b = vec![0u8; total];
                    match inc {
                        // One element encoded, then copied in doubling
                        // blocks: a FILL of hundreds of megabytes costs a
                        // few memcpys, not a conversion per component.
                        None if layout.size > 0 && total > 0 => {
                            encode(&layout, std::iter::repeat(start), &mut b[..layout.size]);
                            let mut filled = layout.size;
                            while filled < total {
                                let n = filled.min(total - filled);
                                b.copy_within(..n, filled);
                                filled += n;
                            }
                        }
                        None => {}
                        Some(inc) => {
                            let series = std::iter::successors(Some(start), |cur| {
                                Some(match (*cur, inc) {
                                    (Num::Int(a), Num::Int(b)) => Num::Int(a.wrapping_add(b)),
                                    (a, b) => Num::Float(a.as_f64() + b.as_f64()),
                                })
                            });
                            encode(&layout, series, &mut b);
                        }
                    }
                    bytes = Some(b);
                }
                "DATA" => {
                    let words = self.words_until_end(l, "DATA")?;
                    let mut values = Vec::with_capacity(words.len());
                    for (w, wl) in &words {
                        values.push(
                            parse_num(w)
                                .ok_or_else(|| self.bad(*wl, format!("'{w}' is not a number")))?,
                        );
                    }
                    let n = size.unwrap_or(0).max(values.len().div_ceil(comps.max(1)));
                    let total = limit(n, self, l)?;
                    let mut b = vec![0u8; total];
                    encode(&layout, values.iter().copied(), &mut b);
                    bytes = Some(b);
                }
                "FILE" => {
                    let (mut mode, _) = self.word("a file name")?;
                    let path = if matches!(mode.as_str(), "BINARY" | "TEXT" | "PNG") {
                        self.word("a file name")?.0
                    } else {
                        std::mem::replace(&mut mode, "TEXT".into())
                    };
                    let full = self.dir.join(&path);
                    let data = crate::input::read_file(&full)
                        .map_err(|e| self.bad(l, format!("cannot read {}: {e}", full.display())))?;
                    let b = match mode.as_str() {
                        "BINARY" => {
                            let n = size.unwrap_or(data.len().div_ceil(layout.size.max(1)));
                            let mut b = vec![0u8; limit(n, self, l)?];
                            let k = b.len().min(data.len());
                            b[..k].copy_from_slice(&data[..k]);
                            b
                        }
                        "TEXT" => {
                            let text = String::from_utf8_lossy(&data);
                            let mut values = Vec::new();
                            // Tokens as Amber's tokenizer reads the file: a
                            // token starting with `#` comments out the rest
                            // of its line.
                            let words = text.lines().flat_map(|line| {
                                line.split_whitespace().take_while(|w| !w.starts_with('#'))
                            });
                            for w in words {
                                values.push(parse_num(w).ok_or_else(|| {
                                    self.bad(
                                        l,
                                        format!("{}: '{w}' is not a number", full.display()),
                                    )
                                })?);
                            }
                            let n = size.unwrap_or(0).max(values.len().div_ceil(comps.max(1)));
                            let mut b = vec![0u8; limit(n, self, l)?];
                            encode(&layout, values.iter().copied(), &mut b);
                            b
                        }
                        _ => return Err(self.unsupported(l, "PNG buffers are not supported")),
                    };
                    bytes = Some(b);
                }
                "MIP_LEVELS" => {
                    return Err(self.unsupported(l, "image (FORMAT) buffers are not supported"))
                }
                other => return Err(self.bad(l, format!("unexpected '{other}' in BUFFER"))),
            }
        }
        let bytes = match bytes {
            Some(b) => b,
            None => {
                let n = size.unwrap_or(0);
                vec![0u8; limit(n, self, line)?]
            }
        };
        let format = Format::from_vulkan_name(&ty).or_else(|| implied_format(&layout));
        if image && format.is_none() {
            return Err(self.bad(tl, format!("IMAGE '{name}': {ty} is not an image format")));
        }
        if image {
            check_mip_levels(&shape).map_err(|m| self.bad(line, format!("IMAGE '{name}': {m}")))?;
        }
        self.script.buffers.push(BufferDecl {
            name,
            layout,
            bytes,
            format,
            image: image.then_some(shape),
        });
        Ok(())
    }

    /// `SAMPLER name [option value ...]`.
    fn sampler(&mut self, line: usize) -> Result<(), Stop> {
        let (name, _) = self.word("a sampler name")?;
        let mut s = Sampler::default();
        // Amber's defaults: no comparison, and `never` when enabled.
        let (mut compare, mut compare_op) = (false, CompareOp::Never);
        while let Some((w, l)) = self.next_on_line() {
            match w.as_str() {
                "MAG_FILTER" | "MIN_FILTER" => {
                    let (v, vl) = self.word("a filter")?;
                    let f = match v.as_str() {
                        "nearest" => Filter::Nearest,
                        "linear" => Filter::Linear,
                        _ => return Err(self.bad(vl, format!("unknown filter '{v}'"))),
                    };
                    if w == "MAG_FILTER" {
                        s.mag_filter = f;
                    } else {
                        s.min_filter = f;
                    }
                }
                "ADDRESS_MODE_U" | "ADDRESS_MODE_V" | "ADDRESS_MODE_W" => {
                    let (v, vl) = self.word("an address mode")?;
                    let m = match v.as_str() {
                        "repeat" => AddressMode::Repeat,
                        "mirrored_repeat" => AddressMode::MirroredRepeat,
                        "clamp_to_edge" => AddressMode::ClampToEdge,
                        "clamp_to_border" => AddressMode::ClampToBorder,
                        "mirror_clamp_to_edge" => AddressMode::MirrorClampToEdge,
                        _ => return Err(self.bad(vl, format!("unknown address mode '{v}'"))),
                    };
                    s.address[match w.as_str() {
                        "ADDRESS_MODE_U" => 0,
                        "ADDRESS_MODE_V" => 1,
                        _ => 2,
                    }] = m;
                }
                "BORDER_COLOR" => {
                    let (v, vl) = self.word("a border color")?;
                    s.border = match v.as_str() {
                        "float_transparent_black" | "int_transparent_black" => {
                            BorderColor::TransparentBlack
                        }
                        "float_opaque_black" | "int_opaque_black" => BorderColor::OpaqueBlack,
                        "float_opaque_white" | "int_opaque_white" => BorderColor::OpaqueWhite,
                        _ => return Err(self.bad(vl, format!("unknown border color '{v}'"))),
                    };
                }
                "MIN_LOD" | "MAX_LOD" => {
                    // Amber takes only a token its tokenizer reads as a
                    // double: one with a '.' (or nan).
                    let (v, vl) = self.word("a LOD")?;
                    let lod = match parse_num(&v) {
                        Some(Num::Float(f)) if v.contains('.') || f.is_nan() => f as f32,
                        _ => {
                            return Err(self.bad(
                                vl,
                                format!("invalid token when looking for {w} value: '{v}' (Amber takes a number with a '.')"),
                            ))
                        }
                    };
                    if w == "MIN_LOD" {
                        s.min_lod = lod;
                    } else {
                        s.max_lod = lod;
                    }
                }
                // Amber's sampler has a mipmap mode, and its parser no
                // keyword for it: this one is gpusim's.
                "MIPMAP_MODE" => {
                    let (v, vl) = self.word("a mipmap mode")?;
                    s.mipmap_mode = match v.as_str() {
                        "nearest" => Filter::Nearest,
                        "linear" => Filter::Linear,
                        _ => {
                            return Err(self
                                .bad(vl, format!("unknown mipmap mode '{v}' (nearest or linear)")))
                        }
                    };
                }
                "NORMALIZED_COORDS" => s.normalized = true,
                // As in Amber, unnormalised coordinates read level 0.
                "UNNORMALIZED_COORDS" => {
                    s.normalized = false;
                    s.min_lod = 0.0;
                    s.max_lod = 0.0;
                }
                "COMPARE" => {
                    let (v, vl) = self.word("on or off")?;
                    compare = match v.as_str() {
                        "on" => true,
                        "off" => false,
                        _ => {
                            return Err(
                                self.bad(vl, format!("invalid value for COMPARE: {v} (on or off)"))
                            )
                        }
                    };
                }
                "COMPARE_OP" => {
                    let (v, vl) = self.word("a compare op")?;
                    compare_op = CompareOp::from_name(&v).ok_or_else(|| {
                        self.bad(vl, format!("invalid value for COMPARE_OP: {v}"))
                    })?;
                }
                other => return Err(self.bad(l, format!("unexpected '{other}' in SAMPLER"))),
            }
        }
        s.compare = compare.then_some(compare_op);
        if s.max_lod < s.min_lod {
            return Err(self.bad(line, format!("sampler '{name}': MAX_LOD is below MIN_LOD")));
        }
        if self.script.samplers.insert(name.clone(), s).is_some() {
            return Err(self.bad(line, format!("sampler '{name}' is declared twice")));
        }
        Ok(())
    }

    fn pipeline(&mut self, line: usize) -> Result<(), Stop> {
        let (kind, kl) = self.word("a pipeline type")?;
        match kind.as_str() {
            "compute" => {}
            "graphics" => {
                return Err(self.unsupported(line, "graphics pipelines are not supported"))
            }
            "ray_tracing" => return Err(self.unsupported(line, "ray tracing is not supported")),
            other => return Err(self.bad(kl, format!("unknown pipeline type '{other}'"))),
        }
        let (name, _) = self.word("a pipeline name")?;
        let base = Pipeline {
            name: name.clone(),
            line,
            shader: None,
            entry: None,
            spec: Vec::new(),
            binds: Vec::new(),
            kernel_args: Vec::new(),
            compile_options: Vec::new(),
            clamp_indices: false,
            subgroup: None,
            sampler_binds: Vec::new(),
        };
        self.pipeline_body(line, name, base)
    }

    fn pipeline_body(&mut self, line: usize, name: String, mut p: Pipeline) -> Result<(), Stop> {
        self.eol()?;
        if self.script.pipelines.contains_key(&name) {
            return Err(self.bad(line, format!("pipeline '{name}' is declared twice")));
        }
        p.name = name.clone();
        p.line = line;
        loop {
            let (tok, l) = self.lx.next();
            let w = match tok {
                Tok::Eol => continue,
                Tok::Eof => return Err(self.bad(line, format!("PIPELINE {name} has no END"))),
                Tok::Word(w) => w,
            };
            match w.as_str() {
                "END" => {
                    self.eol()?;
                    break;
                }
                "ATTACH" => self.attach(&mut p)?,
                "BIND" => self.bind(l, &mut p)?,
                "SET" => {
                    self.expect_word("KERNEL")?;
                    let target = self.arg_target()?;
                    self.expect_word("AS")?;
                    let (ty, tl) = self.word("a data type")?;
                    let t = match parse_type(&ty, false) {
                        Ok(Some(lay)) if lay.segs.len() == 1 => match lay.segs[0] {
                            Seg::Val(t) => t,
                            Seg::Pad(_) => ElemType::U8,
                        },
                        _ => {
                            return Err(
                                self.bad(tl, format!("SET KERNEL takes a scalar type, not '{ty}'"))
                            )
                        }
                    };
                    let (v, vl) = self.word("a value")?;
                    let n = parse_num(&v)
                        .ok_or_else(|| self.bad(vl, format!("'{v}' is not a number")))?;
                    self.eol()?;
                    let bits = data_bits(t, n);
                    p.kernel_args.retain(|a| a.target != target);
                    p.kernel_args.push(KernelArg {
                        target,
                        ty: t,
                        bytes: bits.to_le_bytes()[..t.size()].to_vec(),
                    });
                }
                "SHADER_OPTIMIZATION" => {
                    let _ = self.word("a shader name")?;
                    let passes = self.words_until_end(l, "SHADER_OPTIMIZATION")?;
                    self.eol()?;
                    let (robust, others): (Vec<&str>, Vec<&str>) = passes
                        .iter()
                        .map(|(w, _)| w.as_str())
                        .partition(|&w| w == "--graphics-robust-access");
                    // The one pass that changes results is applied; the
                    // others only optimise.
                    p.clamp_indices |= !robust.is_empty();
                    if !others.is_empty() {
                        self.script.notes.push(format!(
                            "line {l}: SHADER_OPTIMIZATION {} ignored (the shader runs unoptimised)",
                            others.join(" ")
                        ));
                    }
                }
                "COMPILE_OPTIONS" => {
                    let _ = self.word("a shader name")?;
                    let opts = self.words_until_end(l, "COMPILE_OPTIONS")?;
                    self.eol()?;
                    let names: Vec<String> = opts.into_iter().map(|(w, _)| w).collect();
                    self.script.notes.push(format!(
                        "line {l}: COMPILE_OPTIONS {} ignored (they are clspv options; OpenCL C is compiled with clang-14 and llvm-spirv-14)",
                        names.join(" ")
                    ));
                    p.compile_options = names;
                }
                "SUBGROUP" => p.subgroup = Some(self.subgroup(l, &p)?),
                "FRAMEBUFFER_SIZE"
                | "VERTEX_DATA"
                | "INDEX_DATA"
                | "DEPTH"
                | "STENCIL"
                | "BLEND"
                | "VIEWPORT"
                | "POLYGON_MODE"
                | "PATCH_CONTROL_POINTS" => {
                    return Err(self.bad(l, format!("{w} is for graphics pipelines")))
                }
                other => return Err(self.bad(l, format!("unknown pipeline command '{other}'"))),
            }
        }
        self.script.pipelines.insert(name, p);
        Ok(())
    }

    /// `SUBGROUP shader [FULLY_POPULATED on|off] [VARYING_SIZE on|off]
    /// [REQUIRED_SIZE n|MIN|MAX] END`, with Amber's checks; whether the model
    /// can honour it is decided when the pipeline runs.
    fn subgroup(&mut self, line: usize, p: &Pipeline) -> Result<SubgroupControl, Stop> {
        let (shader, sl) = self.word("a shader name")?;
        if p.shader.as_deref() != Some(shader.as_str()) {
            return Err(self.bad(
                sl,
                format!(
                    "SUBGROUP names shader '{shader}', which is not attached to pipeline '{}'",
                    p.name
                ),
            ));
        }
        let words = self.words_until_end(line, "SUBGROUP")?;
        self.eol()?;
        let mut control = SubgroupControl {
            line,
            required_size: None,
            fully_populated: false,
        };
        let mut words = words.into_iter();
        while let Some((option, ol)) = words.next() {
            let feature = match option.as_str() {
                "FULLY_POPULATED" => "SubgroupSizeControl.computeFullSubgroups",
                "VARYING_SIZE" | "REQUIRED_SIZE" => "SubgroupSizeControl.subgroupSizeControl",
                _ => return Err(self.bad(ol, format!("unknown SUBGROUP option '{option}'"))),
            };
            if !self.features.iter().any(|f| f == feature) {
                return Err(self.bad(ol, format!("{option} needs DEVICE_FEATURE {feature} first")));
            }
            let Some((value, vl)) = words.next() else {
                return Err(self.bad(ol, format!("{option} has no value")));
            };
            match (option.as_str(), value.as_str()) {
                ("REQUIRED_SIZE", "MIN" | "MAX") => control.required_size = None,
                ("REQUIRED_SIZE", n) => match n.parse::<u32>() {
                    Ok(n) if n.is_power_of_two() && n <= 128 => control.required_size = Some(n),
                    _ => {
                        return Err(self.bad(
                            vl,
                            format!(
                                "REQUIRED_SIZE is a power of two up to 128, MIN or MAX, not '{n}'"
                            ),
                        ))
                    }
                },
                ("FULLY_POPULATED", "on") => control.fully_populated = true,
                ("FULLY_POPULATED", "off") => control.fully_populated = false,
                (_, "on" | "off") => {}
                _ => return Err(self.bad(vl, format!("{option} is on or off, not '{value}'"))),
            }
        }
        Ok(control)
    }

    fn attach(&mut self, p: &mut Pipeline) -> Result<(), Stop> {
        let (shader, sl) = self.word("a shader name")?;
        if p.shader.is_some() {
            return Err(self.bad(sl, "a compute pipeline takes one shader"));
        }
        p.shader = Some(shader);
        while let Some((w, l)) = self.next_on_line() {
            match w.as_str() {
                "ENTRY_POINT" => p.entry = Some(self.word("an entry point name")?.0),
                "TYPE" => {
                    let (t, tl) = self.word("a shader type")?;
                    if t != "compute" {
                        return Err(self.unsupported(tl, "graphics pipelines are not supported"));
                    }
                }
                "SPECIALIZE" => {
                    let (id, _) = self.uint("a specialization id")?;
                    self.expect_word("AS")?;
                    let (ty, tl) = self.word("a type")?;
                    let (v, vl) = self.word("a value")?;
                    let n = parse_num(&v)
                        .ok_or_else(|| self.bad(vl, format!("'{v}' is not a number")))?;
                    let value = match ty.as_str() {
                        "float" | "double" | "float16" => SpecValue::Float(n.as_f64()),
                        "bool" => SpecValue::Bool(n.as_f64() != 0.0),
                        t if matches!(parse_type(t, false), Ok(Some(_))) => match n {
                            Num::Int(i) => SpecValue::Int(i),
                            Num::Float(f) => SpecValue::Int(f as i128),
                        },
                        _ => return Err(self.bad(tl, format!("unknown type '{ty}'"))),
                    };
                    p.spec.retain(|(i, _)| *i != id as u32);
                    p.spec.push((id as u32, value));
                }
                other => return Err(self.bad(l, format!("unexpected '{other}' in ATTACH"))),
            }
        }
        Ok(())
    }

    fn arg_target(&mut self) -> Result<BindTarget, Stop> {
        let (w, l) = self.word("ARG_NAME or ARG_NUMBER")?;
        match w.as_str() {
            "ARG_NAME" => Ok(BindTarget::ArgName(self.word("an argument name")?.0)),
            "ARG_NUMBER" => Ok(BindTarget::ArgNumber(
                self.uint("an argument number")?.0 as u32,
            )),
            other => Err(self.bad(
                l,
                format!("expected ARG_NAME or ARG_NUMBER, found '{other}'"),
            )),
        }
    }

    fn bind(&mut self, line: usize, p: &mut Pipeline) -> Result<(), Stop> {
        let (what, wl) = self.word("BUFFER")?;
        let array = match what.as_str() {
            "BUFFER" => false,
            "BUFFER_ARRAY" => true,
            "SAMPLER" | "SAMPLER_ARRAY" => {
                return self.bind_samplers(line, what == "SAMPLER_ARRAY", p)
            }
            "ACCELERATION_STRUCTURE" => {
                return Err(self.unsupported(line, "ray tracing is not supported"))
            }
            other => return Err(self.bad(wl, format!("expected BUFFER, found '{other}'"))),
        };
        // BUFFER_ARRAY names one buffer per array element, up to AS.
        let mut buffers = vec![self.word("a buffer name")?.0];
        while array && self.peek_word().is_some_and(|w| w != "AS") {
            buffers.push(self.word("a buffer name")?.0);
        }
        let n = buffers.len();
        let mut kind = None;
        let mut image = None;
        let mut sampler = None;
        let mut base_mip_level = 0;
        let mut target = None;
        let (mut set, mut binding) = (None, None);
        // One value per buffer each.
        let (mut offset, mut doffset, mut range) =
            (vec![0usize; n], vec![0usize; n], vec![None; n]);
        while let Some((w, l)) = self.next_on_line() {
            match w.as_str() {
                "AS" => {
                    let (k, kl) = self.word("a buffer type")?;
                    match k.as_str() {
                        "storage" | "uniform" | "storage_dynamic" | "uniform_dynamic"
                        | "push_constant" => {}
                        "storage_texel_buffer" => image = Some(ImageUse::StorageTexelBuffer),
                        "uniform_texel_buffer" => image = Some(ImageUse::UniformTexelBuffer),
                        "storage_image" => image = Some(ImageUse::StorageImage),
                        "sampled_image" => image = Some(ImageUse::SampledImage),
                        "combined_image_sampler" => image = Some(ImageUse::CombinedImageSampler),
                        "color" | "depth_stencil" | "resolve" => {
                            return Err(self.unsupported(kl, "graphics pipelines are not supported"))
                        }
                        other => return Err(self.bad(kl, format!("unknown buffer type '{other}'"))),
                    }
                    kind = Some(k);
                }
                "DESCRIPTOR_SET" => set = Some(self.uint("a descriptor set")?.0 as u32),
                "BINDING" => binding = Some(self.uint("a binding")?.0 as u32),
                "OFFSET" => {
                    for o in &mut offset {
                        *o = self.uint("an offset")?.0 as usize;
                    }
                }
                "DESCRIPTOR_OFFSET" => {
                    for o in &mut doffset {
                        *o = self.uint("an offset")?.0 as usize;
                    }
                }
                "DESCRIPTOR_RANGE" => {
                    for r in &mut range {
                        let (v, vl) = self.word("a range")?;
                        *r = match parse_num(&v) {
                            Some(Num::Int(-1)) => None,
                            Some(Num::Int(i)) if (0..=u32::MAX as i128).contains(&i) => {
                                Some(i as usize)
                            }
                            _ => return Err(self.bad(vl, format!("bad DESCRIPTOR_RANGE '{v}'"))),
                        };
                    }
                }
                "KERNEL" => target = Some(self.arg_target()?),
                "SAMPLER" => sampler = Some(self.word("a sampler name")?.0),
                "BASE_MIP_LEVEL"
                    if matches!(
                        image,
                        Some(
                            ImageUse::StorageImage
                                | ImageUse::SampledImage
                                | ImageUse::CombinedImageSampler
                        )
                    ) =>
                {
                    let (v, vl) = self.uint("a mip level")?;
                    base_mip_level =
                        u32::try_from(v).ok().filter(|&v| v < 17).ok_or_else(|| {
                            self.bad(vl, format!("BASE_MIP_LEVEL {v} is out of range"))
                        })?;
                }
                other => return Err(self.bad(l, format!("unexpected '{other}' in BIND"))),
            }
        }
        let descriptor = |set, binding, index| BindTarget::Descriptor {
            set,
            binding,
            index,
        };
        let targets: Vec<BindTarget> = match (kind.as_deref(), target, set, binding) {
            (Some("push_constant"), None, None, None) if !array => vec![BindTarget::PushConstant],
            (_, Some(t), None, None) if !array => vec![t],
            (Some(_), None, s, Some(b)) => {
                (0..n as u32).map(|k| descriptor(s.unwrap_or(0), b, k)).collect()
            }
            _ if array => {
                return Err(self.bad(
                    line,
                    "BIND BUFFER_ARRAY needs AS <type> [DESCRIPTOR_SET s] BINDING b",
                ))
            }
            _ => {
                return Err(self.bad(
                    line,
                    "BIND BUFFER needs AS <type> DESCRIPTOR_SET s BINDING b, AS push_constant, or KERNEL ARG_NAME/ARG_NUMBER",
                ))
            }
        };
        for (k, (buffer, target)) in buffers.into_iter().zip(targets).enumerate() {
            p.binds.retain(|b| b.target != target);
            p.binds.push(Bind {
                buffer,
                target,
                offset: offset[k].saturating_add(doffset[k]),
                range: range[k],
                image,
                sampler: sampler.clone(),
                base_mip_level,
            });
        }
        if (image == Some(ImageUse::CombinedImageSampler)) != sampler.is_some() {
            return Err(self.bad(
                line,
                "a combined_image_sampler BIND names its SAMPLER (and only it does)",
            ));
        }
        Ok(())
    }

    /// `BIND SAMPLER name DESCRIPTOR_SET s BINDING b`, `BIND SAMPLER name
    /// KERNEL ARG_NAME a | ARG_NUMBER n`, or `BIND SAMPLER_ARRAY a b ...
    /// DESCRIPTOR_SET s BINDING b`.
    fn bind_samplers(&mut self, line: usize, array: bool, p: &mut Pipeline) -> Result<(), Stop> {
        let mut names = vec![self.word("a sampler name")?.0];
        while array
            && self
                .peek_word()
                .is_some_and(|w| w != "DESCRIPTOR_SET" && w != "BINDING")
        {
            names.push(self.word("a sampler name")?.0);
        }
        let (mut set, mut binding, mut target) = (0, None, None);
        while let Some((w, l)) = self.next_on_line() {
            match w.as_str() {
                "DESCRIPTOR_SET" => set = self.uint("a descriptor set")?.0 as u32,
                "BINDING" => binding = Some(self.uint("a binding")?.0 as u32),
                "KERNEL" if !array => target = Some(self.arg_target()?),
                other => return Err(self.bad(l, format!("unexpected '{other}' in BIND SAMPLER"))),
            }
        }
        let targets: Vec<BindTarget> =
            match (target, binding) {
                (Some(t), None) => vec![t],
                (None, Some(b)) => (0..names.len() as u32)
                    .map(|index| BindTarget::Descriptor {
                        set,
                        binding: b,
                        index,
                    })
                    .collect(),
                _ => return Err(self.bad(
                    line,
                    "BIND SAMPLER needs DESCRIPTOR_SET s BINDING b, or KERNEL ARG_NAME/ARG_NUMBER",
                )),
            };
        for (name, target) in names.into_iter().zip(targets) {
            if !self.script.samplers.contains_key(&name) {
                return Err(self.bad(line, format!("unknown sampler '{name}'")));
            }
            p.sampler_binds.retain(|b| b.1 != target);
            p.sampler_binds.push((name, target));
        }
        Ok(())
    }

    fn run(&mut self, line: usize) -> Result<Cmd, Stop> {
        let (mut name, _) = self.word("a pipeline name")?;
        if name == "TIMED_EXECUTION" {
            name = self.word("a pipeline name")?.0;
        }
        if let Some(w) = self.peek_word() {
            if matches!(w.as_str(), "DRAW_RECT" | "DRAW_GRID" | "DRAW_ARRAY") {
                return Err(self.unsupported(line, "graphics pipelines are not supported"));
            }
            if w == "RAYGEN" {
                return Err(self.unsupported(line, "ray tracing is not supported"));
            }
        }
        let mut groups = [0u32; 3];
        for g in &mut groups {
            *g = self.uint("a workgroup count")?.0 as u32;
        }
        self.eol()?;
        Ok(Cmd::Run {
            line,
            pipeline: name,
            groups,
        })
    }

    fn expect(&mut self, line: usize) -> Result<Cmd, Stop> {
        let words = self.rest_of_line();
        let text = format!(
            "EXPECT {}",
            words
                .iter()
                .map(|(w, _)| w.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let mut it = words.into_iter().peekable();
        let Some((buffer, _)) = it.next() else {
            return Err(self.bad(line, "EXPECT needs a buffer name"));
        };
        let Some((kw, kl)) = it.next() else {
            return Err(self.bad(line, "EXPECT needs IDX, EQ_BUFFER or RMSE_BUFFER"));
        };
        let kind = match kw.as_str() {
            "EQ_BUFFER" | "RMSE_BUFFER" => {
                let Some((other, _)) = it.next() else {
                    return Err(self.bad(line, format!("{kw} needs a buffer name")));
                };
                if kw == "EQ_BUFFER" {
                    ExpectKind::EqBuffer(other)
                } else {
                    match (it.next(), it.next()) {
                        (Some((t, _)), Some((v, vl))) if t == "TOLERANCE" => {
                            let tol = parse_num(&v)
                                .ok_or_else(|| self.bad(vl, format!("'{v}' is not a number")))?;
                            ExpectKind::Rmse(other, tol.as_f64())
                        }
                        _ => return Err(self.bad(line, "RMSE_BUFFER needs TOLERANCE value")),
                    }
                }
            }
            "EQ_HISTOGRAM_EMD_BUFFER" => {
                return Err(self.unsupported(line, "EQ_HISTOGRAM_EMD_BUFFER is not supported"))
            }
            "IDX" => {
                let Some((x, xl)) = it.next() else {
                    return Err(self.bad(line, "IDX needs a byte offset"));
                };
                let offset = match parse_num(&x) {
                    Some(Num::Int(i)) if (0..=u32::MAX as i128).contains(&i) => i as usize,
                    _ => return Err(self.bad(xl, format!("bad IDX '{x}'"))),
                };
                if it.peek().is_some_and(|(w, _)| parse_num(w).is_some()) {
                    return self.probe(line, text, buffer, offset, it.collect());
                }
                let mut tolerance = None;
                if it.peek().is_some_and(|(w, _)| w == "TOLERANCE") {
                    it.next();
                    let mut count = 0;
                    while let Some((w, wl)) = it.peek().cloned() {
                        let (num, pct) = match w.strip_suffix('%') {
                            Some(n) => (n, true),
                            None => (w.as_str(), false),
                        };
                        let Some(v) = parse_num(num) else { break };
                        it.next();
                        count += 1;
                        if count > 4 {
                            return Err(self.bad(wl, "TOLERANCE takes 1 to 4 values"));
                        }
                        if tolerance.is_none() {
                            tolerance = Some((v.as_f64(), pct));
                        }
                    }
                    if count == 0 {
                        return Err(self.bad(line, "TOLERANCE needs a value"));
                    }
                }
                let Some((c, cl)) = it.next() else {
                    return Err(
                        self.bad(line, "EXPECT needs a comparator (EQ, NE, LT, LE, GT, GE)")
                    );
                };
                let cmp = match keyword_cmp(&c) {
                    Some(c) => c,
                    None if c == "EQ_RGB" || c == "EQ_RGBA" => {
                        return Err(self
                            .unsupported(line, "image probes (EQ_RGB/EQ_RGBA) are not supported"))
                    }
                    None => return Err(self.bad(cl, format!("unknown comparator '{c}'"))),
                };
                if tolerance.is_some() && cmp != Cmp::Eq {
                    return Err(self.bad(cl, "TOLERANCE is only allowed with EQ"));
                }
                let mut values = Vec::new();
                for (w, wl) in it.by_ref() {
                    values.push(
                        parse_num(&w)
                            .ok_or_else(|| self.bad(wl, format!("'{w}' is not a number")))?,
                    );
                }
                if values.is_empty() {
                    return Err(self.bad(line, "EXPECT needs at least one value"));
                }
                ExpectKind::Values {
                    offset,
                    cmp,
                    tolerance,
                    values,
                }
            }
            _ => return Err(self.bad(kl, format!("unexpected '{kw}' in EXPECT"))),
        };
        if let Some((w, wl)) = it.next() {
            return Err(self.bad(wl, format!("unexpected '{w}'")));
        }
        Ok(Cmd::Expect(Expect {
            line,
            text,
            buffer,
            kind,
            layout: None,
        }))
    }

    /// The rest of an image probe, `EXPECT image IDX x y [SIZE w h]
    /// [TOLERANCE t ...] EQ_RGB r g b | EQ_RGBA r g b a`, after x.
    fn probe(
        &self,
        line: usize,
        text: String,
        buffer: String,
        x: usize,
        words: Vec<(String, usize)>,
    ) -> Result<Cmd, Stop> {
        let mut it = words.into_iter().peekable();
        let mut uint = |what: &str| -> Result<u32, Stop> {
            match it.next() {
                Some((w, wl)) => match parse_num(&w) {
                    Some(Num::Int(i)) if (0..=1 << 16).contains(&i) => Ok(i as u32),
                    _ => Err(self.bad(wl, format!("bad {what} '{w}'"))),
                },
                None => Err(self.bad(line, format!("the probe needs {what}"))),
            }
        };
        let y = uint("a y coordinate")?;
        let (mut width, mut height) = (1, 1);
        let mut tolerance = Vec::new();
        let mut channels = None;
        while let Some((w, wl)) = it.next() {
            match w.as_str() {
                "SIZE" => {
                    let mut dims = it.by_ref().take(2).map(|(v, vl)| match parse_num(&v) {
                        Some(Num::Int(i)) if (1..=1 << 16).contains(&i) => Ok(i as u32),
                        _ => Err(self.bad(vl, format!("bad SIZE '{v}'"))),
                    });
                    width = dims
                        .next()
                        .ok_or_else(|| self.bad(wl, "SIZE needs w h"))??;
                    height = dims
                        .next()
                        .ok_or_else(|| self.bad(wl, "SIZE needs w h"))??;
                }
                "TOLERANCE" => {
                    while let Some((v, _)) = it.peek().cloned() {
                        let (num, pct) = match v.strip_suffix('%') {
                            Some(n) => (n, true),
                            None => (v.as_str(), false),
                        };
                        let Some(t) = parse_num(num) else { break };
                        it.next();
                        tolerance.push((t.as_f64(), pct));
                    }
                }
                "EQ_RGB" => channels = Some(3),
                "EQ_RGBA" => channels = Some(4),
                other => return Err(self.bad(wl, format!("unexpected '{other}' in the probe"))),
            }
            if channels.is_some() {
                break;
            }
        }
        let Some(n) = channels else {
            return Err(self.bad(line, "the probe needs EQ_RGB or EQ_RGBA"));
        };
        let mut rgba = Vec::new();
        for (w, wl) in it {
            rgba.push(
                parse_num(&w)
                    .ok_or_else(|| self.bad(wl, format!("'{w}' is not a number")))?
                    .as_f64(),
            );
        }
        if rgba.len() != n {
            return Err(self.bad(line, format!("the probe needs {n} channel values")));
        }
        Ok(Cmd::Expect(Expect {
            line,
            text,
            buffer,
            kind: ExpectKind::Probe {
                x: x as u32,
                y,
                width,
                height,
                rgba,
                tolerance,
            },
            layout: None,
        }))
    }

    /// Every name a command uses must be declared, and the script must
    /// not execute more than MAX_EXECUTED commands: the (outermost)
    /// command that would go past is refused before anything runs.
    fn validate(&self) -> Result<(), Stop> {
        let mut executed = 0u64;
        for c in &self.script.commands {
            executed = executed.saturating_add(c.executed());
            if executed > MAX_EXECUTED {
                let what = match c {
                    Cmd::Repeat { .. } => "this REPEAT",
                    _ => "this command",
                };
                return Err(self.bad(
                    c.line(),
                    format!("more than {MAX_EXECUTED} commands executed by the end of {what}, the most a script may execute (a REPEAT's body counts each time it runs)"),
                ));
            }
        }
        let has_buffer = |n: &str| self.script.buffers.iter().any(|b| b.name == n);
        for p in self.script.pipelines.values() {
            for b in &p.binds {
                if !has_buffer(&b.buffer) {
                    return Err(self.bad(
                        p.line,
                        format!("pipeline '{}' binds unknown buffer '{}'", p.name, b.buffer),
                    ));
                }
            }
            if let Some(s) = &p.shader {
                if !self.script.shaders.contains_key(s) {
                    return Err(self.bad(
                        p.line,
                        format!("pipeline '{}' attaches unknown shader '{s}'", p.name),
                    ));
                }
            }
        }
        fn walk(p: &Parser, cmds: &[Cmd], has: &dyn Fn(&str) -> bool) -> Result<(), Stop> {
            for c in cmds {
                match c {
                    Cmd::Run { line, pipeline, .. } => {
                        if !p.script.pipelines.contains_key(pipeline) {
                            return Err(p.bad(*line, format!("unknown pipeline '{pipeline}'")));
                        }
                    }
                    Cmd::Repeat { body, .. } => walk(p, body, has)?,
                    Cmd::Copy { line, src, dst } => {
                        for b in [src, dst] {
                            if !has(b) {
                                return Err(p.bad(*line, format!("unknown buffer '{b}'")));
                            }
                        }
                    }
                    // Made by the VkScript reader with its buffers.
                    Cmd::Write { .. } => {}
                    Cmd::Expect(e) => {
                        let mut names = vec![&e.buffer];
                        if let ExpectKind::EqBuffer(o) | ExpectKind::Rmse(o, _) = &e.kind {
                            names.push(o);
                        }
                        for b in names {
                            if !has(b) {
                                return Err(p.bad(e.line, format!("unknown buffer '{b}'")));
                            }
                        }
                    }
                }
            }
            Ok(())
        }
        walk(self, &self.script.commands, &has_buffer)
    }
}

/// Writes `values` into the value slots of consecutive elements of `out`.
fn encode(layout: &Layout, mut vals: impl Iterator<Item = Num>, out: &mut [u8]) {
    if layout.size == 0 {
        return;
    }
    let mut at = 0;
    while at + layout.size <= out.len() {
        for s in &layout.segs {
            match s {
                Seg::Pad(n) => at += n,
                Seg::Val(t) => {
                    let Some(v) = vals.next() else { return };
                    let bits = data_bits(*t, v).to_le_bytes();
                    out[at..at + t.size()].copy_from_slice(&bits[..t.size()]);
                    at += t.size();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
mod vkscript;
