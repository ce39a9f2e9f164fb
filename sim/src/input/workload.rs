//! Workload manifests (`*.toml`): parsing, initial buffer contents and checks.
//!
//! The format is documented in `docs/workloads.md`. In short, a manifest names a
//! kernel and an entry point, gives the dispatch size, lists the buffers (with
//! their element type, length, initial contents and binding), the scalar and
//! `__local` kernel arguments, and the `[[check]]` expectations evaluated after
//! the run.
//!
//! Every error message starts with `path:line:col: ` (or `path: ` when no
//! position is known) so that it can be located in the manifest.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

use isa::image::format::Format;
use isa::image::sampler::{AddressMode, BorderColor, CompareOp, Filter, Sampler};
use isa::image::ImageInfo;
use isa::ir::address::{GLOBAL_BASE, WORKGROUP_BASE};
use serde::Deserialize;

use crate::input::bytes_and_mib;

/// Bytes of global memory the model has for buffers.
pub(crate) const GLOBAL_BYTES: u64 = WORKGROUP_BASE - GLOBAL_BASE;
use toml::{Spanned, Value};

// ---------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------

/// Element type of a buffer, an argument or a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ElemType {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    F32,
    F64,
}

impl ElemType {
    /// All element types, in the order used by the documentation.
    pub const ALL: [ElemType; 11] = [
        ElemType::I8,
        ElemType::U8,
        ElemType::I16,
        ElemType::U16,
        ElemType::I32,
        ElemType::U32,
        ElemType::I64,
        ElemType::U64,
        ElemType::F16,
        ElemType::F32,
        ElemType::F64,
    ];

    /// Size of one element in bytes.
    pub fn size(self) -> usize {
        match self {
            ElemType::I8 | ElemType::U8 => 1,
            ElemType::I16 | ElemType::U16 | ElemType::F16 => 2,
            ElemType::I32 | ElemType::U32 | ElemType::F32 => 4,
            ElemType::I64 | ElemType::U64 | ElemType::F64 => 8,
        }
    }

    /// The name used in manifests (`"u32"`, `"f16"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ElemType::I8 => "i8",
            ElemType::U8 => "u8",
            ElemType::I16 => "i16",
            ElemType::U16 => "u16",
            ElemType::I32 => "i32",
            ElemType::U32 => "u32",
            ElemType::I64 => "i64",
            ElemType::U64 => "u64",
            ElemType::F16 => "f16",
            ElemType::F32 => "f32",
            ElemType::F64 => "f64",
        }
    }

    /// Parses a manifest type name.
    pub fn from_name(name: &str) -> Option<ElemType> {
        ElemType::ALL.iter().copied().find(|t| t.name() == name)
    }

    /// True for `f16`, `f32` and `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, ElemType::F16 | ElemType::F32 | ElemType::F64)
    }

    /// The kernel scalar type of this kind and width (a kernel's integers
    /// carry no signedness).
    pub fn scalar(self) -> isa::core::Scalar {
        let bits = 8 * self.size() as u8;
        if self.is_float() {
            isa::core::Scalar::Float(bits)
        } else {
            isa::core::Scalar::Int(bits)
        }
    }

    /// True for the signed integer types.
    pub fn is_signed_int(self) -> bool {
        matches!(
            self,
            ElemType::I8 | ElemType::I16 | ElemType::I32 | ElemType::I64
        )
    }

    /// Inclusive value range of an integer type (None for float types).
    fn int_range(self) -> Option<(i128, i128)> {
        Some(match self {
            ElemType::I8 => (i8::MIN as i128, i8::MAX as i128),
            ElemType::U8 => (0, u8::MAX as i128),
            ElemType::I16 => (i16::MIN as i128, i16::MAX as i128),
            ElemType::U16 => (0, u16::MAX as i128),
            ElemType::I32 => (i32::MIN as i128, i32::MAX as i128),
            ElemType::U32 => (0, u32::MAX as i128),
            ElemType::I64 => (i64::MIN as i128, i64::MAX as i128),
            ElemType::U64 => (0, u64::MAX as i128),
            _ => return None,
        })
    }

    /// Formats one element (the first `size()` bytes of `bytes`, little endian)
    /// for humans. Floats use Rust's shortest round-trip `{}` output in their own
    /// type (f16 through `to_f32`); NaNs also show their bit pattern.
    pub fn format(self, bytes: &[u8]) -> String {
        let Some(raw) = read_bits(self, bytes) else {
            return format!("<{} bytes, need {}>", bytes.len(), self.size());
        };
        match self {
            ElemType::F16 => {
                let v = half::f16::from_bits(raw as u16);
                if v.is_nan() {
                    format!("NaN (0x{:04x})", raw)
                } else {
                    format!("{}", v.to_f32())
                }
            }
            ElemType::F32 => {
                let v = f32::from_bits(raw as u32);
                if v.is_nan() {
                    format!("NaN (0x{:08x})", raw)
                } else {
                    format!("{}", v)
                }
            }
            ElemType::F64 => {
                let v = f64::from_bits(raw);
                if v.is_nan() {
                    format!("NaN (0x{:016x})", raw)
                } else {
                    format!("{}", v)
                }
            }
            _ => format!("{}", int_value(self, raw)),
        }
    }
}

impl fmt::Display for ElemType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a buffer is bound to the kernel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Binding {
    /// A Vulkan-style descriptor (`DescriptorSet` / `Binding` decorations),
    /// element `index` of a descriptor array (0 for a single descriptor).
    Descriptor { set: u32, binding: u32, index: u32 },
    /// An OpenCL kernel pointer argument (0-based parameter index).
    Arg(u32),
    /// The push-constant block.
    PushConstant,
}

impl fmt::Display for Binding {
    /// Where a buffer is bound, as messages name it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Binding::Descriptor {
                set,
                binding,
                index: 0,
            } => write!(f, "set {set} binding {binding}"),
            Binding::Descriptor {
                set,
                binding,
                index,
            } => write!(f, "set {set} binding {binding} element {index}"),
            Binding::Arg(i) => write!(f, "argument {i}"),
            Binding::PushConstant => f.write_str("the push constants"),
        }
    }
}

/// One buffer of a workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Buffer {
    pub name: String,
    pub ty: ElemType,
    /// Number of elements.
    pub len: usize,
    /// Initial contents, `len * ty.size()` bytes, little endian.
    pub init: Vec<u8>,
    pub binding: Binding,
    /// What the kernel sees when it reads the buffer as an image or texel
    /// buffer (`image = {...}` or `texel_format = "..."`).
    pub image: Option<ImageInfo>,
    /// Where its `[[buffer]]` is written (`path:line:col`), for warnings
    /// once the kernel is known.
    pub place: String,
}

/// The value of a non-buffer kernel argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgValue {
    /// A scalar passed by value; `bytes` is its little-endian encoding.
    Scalar { ty: ElemType, bytes: Vec<u8> },
    /// A vector passed by value (`value = [..]`): `count` components of
    /// `ty` one after another, in OpenCL's layout, where a 3-component
    /// vector takes the room of a 4-component one (the fourth is zero).
    Vector {
        ty: ElemType,
        count: u32,
        bytes: Vec<u8>,
    },
    /// A `__local` pointer argument backed by `bytes` bytes of workgroup memory.
    Local { bytes: u32 },
}

/// A non-buffer kernel argument.
#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    pub index: u32,
    pub value: ArgValue,
    /// Where the manifest gives the value (`path:line:col` of `value` or
    /// `local_bytes`), for messages once the kernel is known; none for an
    /// argument from elsewhere (an Amber script).
    pub place: Option<String>,
}

/// A specialization-constant value, before it is converted to the constant's type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpecValue {
    Int(i128),
    Float(f64),
    Bool(bool),
}

/// An expectation on a buffer's contents after the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub buffer: String,
    /// The expected elements `range.0 .. range.1`.
    pub expected: Contents,
    /// Checked element range `[first, end)`.
    pub range: (usize, usize),
    pub ulp: Option<u64>,
    pub abs: Option<f64>,
}

/// Elements built from an initializer, little endian: each one given, or
/// one repeated (`fill`), which a check of millions of elements keeps
/// once instead of copying it for every element.
#[derive(Debug, Clone, PartialEq)]
pub enum Contents {
    Elements(Vec<u8>),
    Repeated { one: Vec<u8>, len: usize },
}

impl Contents {
    /// The bytes of every element.
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Contents::Elements(bytes) => bytes,
            Contents::Repeated { one, len } => one.repeat(len),
        }
    }

    /// How many bytes the elements take.
    pub fn byte_len(&self) -> usize {
        match self {
            Contents::Elements(bytes) => bytes.len(),
            Contents::Repeated { one, len } => one.len() * len,
        }
    }
}

/// A parsed and validated manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Workload {
    pub name: String,
    /// The manifest file.
    pub path: PathBuf,
    /// The kernel, resolved relative to the manifest's directory.
    pub kernel: PathBuf,
    pub entry: String,
    pub workgroups: [u32; 3],
    pub local_size: Option<[u32; 3]>,
    /// Where `local_size` is written (`path:line:col`), for the error a
    /// kernel with another size of its own gets.
    pub local_size_at: Option<String>,
    /// `work_dim`: what OpenCL's get_work_dim() gives (3 by default).
    pub work_dim: u32,
    /// `global_offset`: the NDRange's offset, OpenCL's get_global_offset()
    /// (0 by default), with where the key is written (`path:line:col`) for
    /// the error a shader, which has none, gets.
    pub global_offset: [u64; 3],
    pub global_offset_at: Option<String>,
    /// `subgroup_size`: the wave size the run must have, with where the key
    /// is written (`path:line:col`) for the error a different model gets.
    pub subgroup_size: Option<(u32, String)>,
    /// `full_subgroups = true`, with where the key is written.
    pub full_subgroups: Option<String>,
    /// `robust_buffer_access = true` (`run::Dispatch::robust_buffer_access`).
    pub robust_buffer_access: bool,
    /// `clamp_indices = true`: access-chain indices clamped into their
    /// arrays (`isa::lower::Options::clamp_indices`), as spirv-opt's
    /// --graphics-robust-access pass makes a shader do.
    pub clamp_indices: bool,
    pub spec_constants: BTreeMap<u32, SpecValue>,
    pub buffers: Vec<Buffer>,
    /// The samplers bound, by where (`[[sampler]]`).
    pub samplers: Vec<(Binding, Sampler)>,
    pub args: Vec<Arg>,
    pub checks: Vec<Check>,
}

/// Result of evaluating one [`Check`].
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOutcome {
    pub buffer: String,
    pub passed: bool,
    /// Number of elements compared.
    pub checked: usize,
    /// Number of elements that did not match.
    pub mismatches: usize,
    pub first_mismatch: Option<Mismatch>,
}

impl CheckOutcome {
    /// "N of M elements wrong", then `before_first` and the first wrong
    /// element when there is one, as messages about a failed check say it.
    pub fn wrong_elements(&self, before_first: &str) -> String {
        let first = self
            .first_mismatch
            .as_ref()
            .map_or(String::new(), |m| format!("{before_first}{}", m.describe()));
        format!(
            "{} of {} elements wrong{first}",
            self.mismatches, self.checked
        )
    }
}

/// The first failing element of a check.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// Element index within the whole buffer.
    pub index: usize,
    pub expected: String,
    pub actual: String,
}

impl Mismatch {
    /// "first at [i]: expected X, got Y", as messages quote it.
    pub fn describe(&self) -> String {
        format!(
            "first at [{}]: expected {}, got {}",
            self.index, self.expected, self.actual
        )
    }
}

// ---------------------------------------------------------------------------
// Raw (serde) manifest
// ---------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    name: Spanned<String>,
    kernel: Spanned<String>,
    entry: Spanned<String>,
    workgroups: Spanned<Exactly<u32, 3>>,
    #[serde(default)]
    local_size: Option<Spanned<Exactly<u32, 3>>>,
    #[serde(default)]
    work_dim: Option<Spanned<u32>>,
    #[serde(default)]
    global_offset: Option<Spanned<Exactly<u64, 3>>>,
    #[serde(default)]
    subgroup_size: Option<Spanned<u32>>,
    #[serde(default)]
    full_subgroups: Option<Spanned<bool>>,
    #[serde(default)]
    robust_buffer_access: bool,
    #[serde(default)]
    clamp_indices: bool,
    #[serde(default)]
    spec_constants: Option<Spanned<BTreeMap<String, Spanned<Value>>>>,
    #[serde(default, rename = "buffer")]
    buffers: Vec<Spanned<RawBuffer>>,
    #[serde(default, rename = "arg")]
    args: Vec<Spanned<RawArg>>,
    #[serde(default, rename = "sampler")]
    samplers: Vec<Spanned<RawSampler>>,
    #[serde(default, rename = "check")]
    checks: Vec<Spanned<RawCheck>>,
}

/// `image = { format, width, height, depth, layers, samples }` of a buffer.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawImage {
    format: Spanned<String>,
    width: u32,
    #[serde(default = "one")]
    height: u32,
    #[serde(default = "one")]
    depth: u32,
    #[serde(default = "one")]
    layers: u32,
    #[serde(default = "one")]
    samples: u32,
    /// Mip levels; the buffer holds them one after another.
    #[serde(default = "one")]
    levels: u32,
}

fn one() -> u32 {
    1
}

/// A `[[sampler]]`: where it is bound and its state.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSampler {
    #[serde(default)]
    binding: Option<RawBinding>,
    #[serde(default)]
    arg: Option<u32>,
    #[serde(default)]
    filter: Option<Spanned<String>>,
    #[serde(default)]
    address: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    border: Option<Spanned<String>>,
    #[serde(default = "yes")]
    normalized: bool,
    /// How a LOD between two mip levels reads them (nearest or linear).
    #[serde(default)]
    mipmap: Option<Spanned<String>>,
    /// The LOD range: [min, max].
    #[serde(default)]
    lod: Option<Spanned<Exactly<f32, 2>>>,
    /// The depth comparison of Dref instructions (a VkCompareOp name).
    #[serde(default)]
    compare: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuffer {
    name: Spanned<String>,
    #[serde(rename = "type")]
    ty: Spanned<String>,
    #[serde(default)]
    len: Option<Spanned<u64>>,
    #[serde(default)]
    series: Option<Spanned<RawSeries>>,
    #[serde(default)]
    data: Option<Spanned<Vec<Spanned<Value>>>>,
    #[serde(default)]
    fill: Option<Spanned<Value>>,
    #[serde(default)]
    random: Option<Spanned<RawRandom>>,
    #[serde(default)]
    file: Option<Spanned<String>>,
    #[serde(default)]
    binding: Option<Spanned<RawBinding>>,
    #[serde(default)]
    arg: Option<Spanned<u32>>,
    #[serde(default)]
    push_constant: Option<Spanned<bool>>,
    #[serde(default)]
    image: Option<Spanned<RawImage>>,
    #[serde(default)]
    texel_format: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeries {
    start: Spanned<Value>,
    step: Spanned<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRandom {
    seed: Spanned<u64>,
    min: Spanned<Value>,
    max: Spanned<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBinding {
    set: u32,
    binding: u32,
    /// The element of a descriptor array.
    #[serde(default)]
    index: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArg {
    index: Spanned<u32>,
    #[serde(default, rename = "type")]
    ty: Option<Spanned<String>>,
    #[serde(default)]
    value: Option<Spanned<RawArgValue>>,
    #[serde(default)]
    local_bytes: Option<Spanned<u32>>,
}

/// An `[[arg]]`'s `value`: one number, or a list of them (a vector), each
/// element keeping its own place for messages.
enum RawArgValue {
    One(Value),
    List(Vec<Spanned<Value>>),
}

impl<'de> Deserialize<'de> for RawArgValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = RawArgValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number or a list of numbers")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<RawArgValue, A::Error> {
                let mut list = Vec::new();
                while let Some(v) = seq.next_element()? {
                    list.push(v);
                }
                Ok(RawArgValue::List(list))
            }
            // Whatever else is kept as a TOML value for `to_num` to judge,
            // so a scalar `value` reads as before.
            fn visit_bool<E>(self, v: bool) -> Result<RawArgValue, E> {
                Ok(RawArgValue::One(Value::Boolean(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<RawArgValue, E> {
                Ok(RawArgValue::One(Value::Integer(v)))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<RawArgValue, E> {
                i64::try_from(v)
                    .map(|v| RawArgValue::One(Value::Integer(v)))
                    .map_err(|_| E::custom("integer out of range; write it as a string"))
            }
            fn visit_f64<E>(self, v: f64) -> Result<RawArgValue, E> {
                Ok(RawArgValue::One(Value::Float(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<RawArgValue, E> {
                Ok(RawArgValue::One(Value::String(v.to_string())))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawArgValue, A::Error> {
                // A table or a datetime.
                Value::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RawArgValue::One)
            }
        }
        d.deserialize_any(Visit)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    buffer: Spanned<String>,
    #[serde(default)]
    data: Option<Spanned<Vec<Spanned<Value>>>>,
    #[serde(default)]
    fill: Option<Spanned<Value>>,
    #[serde(default)]
    series: Option<Spanned<RawSeries>>,
    #[serde(default)]
    file: Option<Spanned<String>>,
    #[serde(default)]
    ulp: Option<Spanned<u64>>,
    #[serde(default)]
    abs: Option<Spanned<f64>>,
    #[serde(default)]
    range: Option<Spanned<Exactly<u64, 2>>>,
}

// ---------------------------------------------------------------------------
// Error context
// ---------------------------------------------------------------------------

struct Ctx<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Ctx<'_> {
    /// `path:line:col: msg` for a byte span of the manifest text.
    fn at(&self, span: &Range<usize>, msg: impl fmt::Display) -> String {
        format!("{}: {}", self.place(span), msg)
    }

    /// `path:line:col` of `span`.
    fn place(&self, span: &Range<usize>) -> String {
        let (line, col) = super::line_col(self.text, span.start);
        format!("{}:{}:{}", self.path.display(), line, col)
    }

    /// `path: msg` when no position is known.
    fn plain(&self, msg: impl fmt::Display) -> String {
        format!("{}: {}", self.path.display(), msg)
    }

    fn dir(&self) -> PathBuf {
        self.path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }
}

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

impl Workload {
    /// Reads and parses a manifest file.
    pub fn load(path: &Path) -> Result<Workload, String> {
        let text = crate::input::read_text(path)
            .map_err(|e| format!("{}: cannot read manifest: {}", path.display(), e))?;
        Workload::from_str(&text, path)
    }

    /// Parses manifest text. `path` is used for error messages and to resolve the
    /// kernel and `file = ...` initializers (relative to its directory).
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &str, path: &Path) -> Result<Workload, String> {
        let ctx = Ctx { path, text };
        let raw: RawManifest = toml::from_str(text).map_err(|e| match e.span() {
            Some(span) => ctx.at(&span, e.message().trim_end()),
            None => ctx.plain(e.message().trim_end()),
        })?;
        build(&ctx, raw)
    }

    /// The name a manifest gives its runs, read without building the
    /// workload; `None` if the file cannot be read or names none.
    pub fn name_in(path: &Path) -> Option<String> {
        #[derive(Deserialize)]
        struct Named {
            name: String,
        }
        let text = crate::input::read_text(path).ok()?;
        toml::from_str::<Named>(&text).ok().map(|n| n.name)
    }

    /// The buffer called `name`.
    pub fn buffer(&self, name: &str) -> Option<&Buffer> {
        self.buffers.iter().find(|b| b.name == name)
    }
}

/// The longest workload or buffer name, in bytes. A file name may have 255
/// bytes on Linux; a results folder is written as `.NAME.partial-HOST-PID`
/// (a host name up to 64 bytes, a PID up to 7 digits) and may take a `-N`
/// suffix, and buffers are `NAME.npy`: 128 leaves room for all of these.
const MAX_NAME_BYTES: usize = 128;

/// Names end up as file and directory names under `results/`.
fn check_name(ctx: &Ctx, what: &str, name: &Spanned<String>) -> Result<(), String> {
    let n = name.get_ref();
    let ok = !n.is_empty()
        && n != "."
        && n != ".."
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.');
    if !ok {
        return Err(ctx.at(
            &name.span(),
            format!(
                "invalid {} name {:?}: use a non-empty name made of ASCII letters, digits, '_', '-' and '.'",
                what, n
            ),
        ));
    }
    // ASCII by now, so bytes are characters.
    if n.len() > MAX_NAME_BYTES {
        return Err(ctx.at(
            &name.span(),
            format!(
                "{what} name is {} characters long; at most {MAX_NAME_BYTES} are allowed, as it becomes a file name",
                n.len()
            ),
        ));
    }
    Ok(())
}

/// A TOML array of exactly `N` values. (Serde's fixed-size arrays take
/// the first `N` values of a longer array without a word.)
#[derive(Clone, Copy, Debug)]
struct Exactly<T, const N: usize>([T; N]);

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for Exactly<T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        let n = values.len();
        let expected = format!("an array of {N} values");
        values
            .try_into()
            .map(Exactly)
            .map_err(|_| <D::Error as serde::de::Error>::invalid_length(n, &expected.as_str()))
    }
}

fn check_dims(ctx: &Ctx, key: &str, dims: &Spanned<Exactly<u32, 3>>) -> Result<[u32; 3], String> {
    let d = dims.get_ref().0;
    if d.contains(&0) {
        return Err(ctx.at(
            &dims.span(),
            format!("`{}` entries must be at least 1, got {:?}", key, d),
        ));
    }
    Ok(d)
}

fn parse_type(ctx: &Ctx, ty: &Spanned<String>) -> Result<ElemType, String> {
    ElemType::from_name(ty.get_ref()).ok_or_else(|| {
        let names: Vec<&str> = ElemType::ALL.iter().map(|t| t.name()).collect();
        ctx.at(
            &ty.span(),
            format!(
                "unknown type {:?} (expected one of {})",
                ty.get_ref(),
                names.join(", ")
            ),
        )
    })
}

fn build(ctx: &Ctx, raw: RawManifest) -> Result<Workload, String> {
    check_name(ctx, "workload", &raw.name)?;
    if raw.entry.get_ref().is_empty() {
        return Err(ctx.at(&raw.entry.span(), "`entry` must not be empty"));
    }

    // Kernel path.
    let kernel_rel = raw.kernel.get_ref();
    let ext = Path::new(kernel_rel).extension().and_then(|e| e.to_str());
    if !matches!(ext, Some("spv") | Some("spvasm")) {
        return Err(ctx.at(
            &raw.kernel.span(),
            format!("kernel {:?} must be a .spv or .spvasm file", kernel_rel),
        ));
    }
    let kernel = ctx.dir().join(kernel_rel);

    let workgroups = check_dims(ctx, "workgroups", &raw.workgroups)?;
    let (local_size, local_size_at) = match &raw.local_size {
        Some(ls) => {
            let size = check_dims(ctx, "local_size", ls)?;
            isa::ir::check_workgroup_size(size)
                .map_err(|e| ctx.at(&ls.span(), format!("local_size {size:?}: {e}")))?;
            (Some(size), Some(ctx.place(&ls.span())))
        }
        None => (None, None),
    };
    let work_dim = match &raw.work_dim {
        None => 3,
        Some(d) if (1..=3).contains(d.get_ref()) => *d.get_ref(),
        Some(d) => {
            return Err(ctx.at(
                &d.span(),
                format!("work_dim is {}; it must be 1, 2 or 3", d.get_ref()),
            ))
        }
    };
    let (global_offset, global_offset_at) = match &raw.global_offset {
        // A host gives an offset only in the dimensions it enqueues.
        Some(o) if o.get_ref().0[work_dim as usize..].iter().any(|&x| x != 0) => {
            return Err(ctx.at(
                &o.span(),
                format!(
                    "global_offset {:?} gives an offset past work_dim = {work_dim}: a launch of {work_dim} dimension{} has none there",
                    o.get_ref().0,
                    if work_dim == 1 { "" } else { "s" }
                ),
            ))
        }
        Some(o) => (o.get_ref().0, Some(ctx.place(&o.span()))),
        None => ([0; 3], None),
    };
    let subgroup_size = match &raw.subgroup_size {
        Some(s) if matches!(s.get_ref(), 32 | 64) => {
            Some((*s.get_ref(), ctx.at(&s.span(), "subgroup_size")))
        }
        Some(s) => {
            return Err(ctx.at(
                &s.span(),
                format!(
                    "subgroup_size must be 32 or 64 (a wave size), not {}",
                    s.get_ref()
                ),
            ))
        }
        None => None,
    };
    let full_subgroups = raw
        .full_subgroups
        .as_ref()
        .filter(|f| *f.get_ref())
        .map(|f| ctx.at(&f.span(), "full_subgroups"));

    // Specialization constants.
    let mut spec_constants = BTreeMap::new();
    if let Some(sc) = &raw.spec_constants {
        for (key, value) in sc.get_ref() {
            let id: u32 = key.trim().parse().map_err(|_| {
                ctx.at(
                    &value.span(),
                    format!(
                        "spec_constants: key {:?} is not a SpecId (an integer 0..=4294967295)",
                        key
                    ),
                )
            })?;
            let v = match value.get_ref() {
                Value::Integer(i) => SpecValue::Int(*i as i128),
                Value::Float(f) => SpecValue::Float(*f),
                Value::Boolean(b) => SpecValue::Bool(*b),
                Value::String(s) => match parse_number_string(s) {
                    Some(Num::Int(i)) => SpecValue::Int(i),
                    Some(Num::Float(f)) => SpecValue::Float(f),
                    None => {
                        return Err(ctx.at(
                            &value.span(),
                            format!("spec constant {}: {:?} is not a number", id, s),
                        ))
                    }
                },
                other => {
                    return Err(ctx.at(
                        &value.span(),
                        format!(
                            "spec constant {}: expected an integer, float or bool, found {}",
                            id,
                            other.type_str()
                        ),
                    ))
                }
            };
            if spec_constants.insert(id, v).is_some() {
                return Err(ctx.at(&value.span(), format!("spec constant {} given twice", id)));
            }
        }
    }

    // Buffers.
    let mut buffers: Vec<Buffer> = Vec::new();
    let mut names = BTreeSet::new();
    let mut descriptors: BTreeMap<(u32, u32, u32), String> = BTreeMap::new();
    let mut arg_indices: BTreeMap<u32, String> = BTreeMap::new();
    let mut push_constant: Option<String> = None;
    check_total_size(ctx, &raw.buffers)?;
    for rb in &raw.buffers {
        let span = rb.span();
        let rb = rb.get_ref();
        check_name(ctx, "buffer", &rb.name)?;
        let name = rb.name.get_ref().clone();
        let what = format!("buffer {:?}", name);
        if !names.insert(name.clone()) {
            return Err(ctx.at(
                &rb.name.span(),
                format!("{}: a buffer with this name already exists", what),
            ));
        }
        let ty = parse_type(ctx, &rb.ty)?;

        // Binding: exactly one.
        let mut given: Vec<(&str, Range<usize>)> = Vec::new();
        if let Some(b) = &rb.binding {
            given.push(("binding", b.span()));
        }
        if let Some(a) = &rb.arg {
            given.push(("arg", a.span()));
        }
        if let Some(p) = &rb.push_constant {
            if !*p.get_ref() {
                return Err(ctx.at(
                    &p.span(),
                    format!(
                        "{}: `push_constant = false` is not allowed; omit the key instead",
                        what
                    ),
                ));
            }
            given.push(("push_constant", p.span()));
        }
        let binding = match given.len() {
            0 => {
                return Err(ctx.at(
                    &span,
                    format!("{}: missing binding: give one of `binding = {{ set, binding }}`, `arg = N` or `push_constant = true`", what),
                ))
            }
            1 => {
                if let Some(b) = &rb.binding {
                    let rbd = b.get_ref();
                    if let Some(other) =
                        descriptors.insert((rbd.set, rbd.binding, rbd.index), name.clone())
                    {
                        return Err(ctx.at(
                            &b.span(),
                            format!(
                                "{}: set {} binding {} index {} is already used by buffer {:?}",
                                what, rbd.set, rbd.binding, rbd.index, other
                            ),
                        ));
                    }
                    Binding::Descriptor {
                        set: rbd.set,
                        binding: rbd.binding,
                        index: rbd.index,
                    }
                } else if let Some(a) = &rb.arg {
                    let idx = *a.get_ref();
                    if let Some(other) = arg_indices.insert(idx, name.clone()) {
                        return Err(ctx.at(
                            &a.span(),
                            format!("{}: argument {} is already used by buffer {:?}", what, idx, other),
                        ));
                    }
                    Binding::Arg(idx)
                } else {
                    if let Some(other) = &push_constant {
                        return Err(ctx.at(
                            &given[0].1,
                            format!("{}: buffer {:?} is already the push-constant block", what, other),
                        ));
                    }
                    push_constant = Some(name.clone());
                    Binding::PushConstant
                }
            }
            _ => {
                let keys: Vec<&str> = given.iter().map(|g| g.0).collect();
                return Err(ctx.at(
                    &given[1].1,
                    format!("{}: more than one binding ({}); give exactly one", what, keys.join(", ")),
                ));
            }
        };

        // Initializer: at most one.
        let inits = Inits {
            data: rb.data.as_ref(),
            fill: rb.fill.as_ref(),
            series: rb.series.as_ref(),
            file: rb.file.as_ref(),
            random: rb.random.as_ref(),
        };
        let len_given = rb.len.as_ref().map(|l| (*l.get_ref(), l.span()));
        let (len, init) = build_contents(ctx, &what, ty, &inits, len_given, &span, false)?;
        let init = init.into_bytes();
        let image = image_of(ctx, &what, rb, init.len())?;
        buffers.push(Buffer {
            name,
            ty,
            len,
            init,
            binding,
            image,
            place: ctx.place(&span),
        });
    }
    let samplers = raw
        .samplers
        .iter()
        .map(|s| sampler_of(ctx, s))
        .collect::<Result<Vec<_>, String>>()?;

    // Scalar and local arguments.
    let mut args = Vec::new();
    for ra in &raw.args {
        let span = ra.span();
        let ra = ra.get_ref();
        let idx = *ra.index.get_ref();
        let what = format!("argument {}", idx);
        let place;
        if let Some(other) = arg_indices.insert(idx, format!("argument {}", idx)) {
            let other = if other == what {
                "another [[arg]]".to_string()
            } else {
                format!("buffer {:?}", other)
            };
            return Err(ctx.at(
                &ra.index.span(),
                format!("{}: index already used by {}", what, other),
            ));
        }
        let value = match (&ra.ty, &ra.value, &ra.local_bytes) {
            (Some(ty), Some(v), None) => {
                let ty = parse_type(ctx, ty)?;
                place = Some(ctx.place(&v.span()));
                arg_value(ctx, &what, ty, v)?
            }
            (None, None, Some(lb)) => {
                place = Some(ctx.place(&lb.span()));
                if *lb.get_ref() == 0 {
                    return Err(ctx.at(
                        &lb.span(),
                        format!("{}: `local_bytes` must be at least 1", what),
                    ));
                }
                ArgValue::Local {
                    bytes: *lb.get_ref(),
                }
            }
            (Some(_), None, None) => {
                return Err(ctx.at(&span, format!("{}: `type` given without `value`", what)))
            }
            (None, Some(_), None) => {
                return Err(ctx.at(&span, format!("{}: `value` given without `type`", what)))
            }
            (None, None, None) => {
                return Err(ctx.at(
                    &span,
                    format!("{}: give either `type` and `value`, or `local_bytes`", what),
                ))
            }
            (_, _, Some(lb)) => {
                return Err(ctx.at(
                    &lb.span(),
                    format!(
                        "{}: `local_bytes` cannot be combined with `type`/`value`",
                        what
                    ),
                ))
            }
        };
        args.push(Arg {
            index: idx,
            value,
            place,
        });
    }
    args.sort_by_key(|a| a.index);

    // Checks.
    let mut checks = Vec::new();
    for rc in &raw.checks {
        let span = rc.span();
        let rc = rc.get_ref();
        let bname = rc.buffer.get_ref();
        let Some(buf) = buffers.iter().find(|b| &b.name == bname) else {
            return Err(ctx.at(
                &rc.buffer.span(),
                format!("check names unknown buffer {:?}", bname),
            ));
        };
        let what = format!("check on buffer {:?}", bname);
        let range = match &rc.range {
            Some(r) => {
                let [first, end] = r.get_ref().0;
                if first >= end || end > buf.len as u64 {
                    return Err(ctx.at(
                        &r.span(),
                        format!(
                            "{}: range [{}, {}) is empty or outside the buffer (0..{})",
                            what, first, end, buf.len
                        ),
                    ));
                }
                (first as usize, end as usize)
            }
            None => (0, buf.len),
        };
        if let Some(abs) = &rc.abs {
            let a = *abs.get_ref();
            if !(a.is_finite() && a >= 0.0) {
                return Err(ctx.at(
                    &abs.span(),
                    format!("{}: `abs` must be finite and >= 0, got {}", what, a),
                ));
            }
        }
        let inits = Inits {
            data: rc.data.as_ref(),
            fill: rc.fill.as_ref(),
            series: rc.series.as_ref(),
            file: rc.file.as_ref(),
            random: None,
        };
        let count = range.1 - range.0;
        let (_, expected) = build_contents(
            ctx,
            &what,
            buf.ty,
            &inits,
            Some((count as u64, span.clone())),
            &span,
            true,
        )?;
        checks.push(Check {
            buffer: bname.clone(),
            expected,
            range,
            ulp: rc.ulp.as_ref().map(|u| *u.get_ref()),
            abs: rc.abs.as_ref().map(|a| *a.get_ref()),
        });
    }

    Ok(Workload {
        name: raw.name.into_inner(),
        path: ctx.path.to_path_buf(),
        kernel,
        entry: raw.entry.into_inner(),
        workgroups,
        local_size,
        local_size_at,
        work_dim,
        global_offset,
        global_offset_at,
        subgroup_size,
        full_subgroups,
        robust_buffer_access: raw.robust_buffer_access,
        clamp_indices: raw.clamp_indices,
        spec_constants,
        buffers,
        samplers,
        args,
        checks,
    })
}

/// What a buffer is as an image: `image = {...}` (its bytes must be the
/// image's) or `texel_format` (as many texels as its bytes hold).
fn image_of(
    ctx: &Ctx,
    what: &str,
    rb: &RawBuffer,
    bytes: usize,
) -> Result<Option<ImageInfo>, String> {
    let format = |f: &Spanned<String>| {
        Format::from_vulkan_name(f.get_ref()).ok_or_else(|| {
            ctx.at(
                &f.span(),
                format!(
                    "{what}: unknown texel format {:?} (a Vulkan format name such as \"R8G8B8A8_UNORM\")",
                    f.get_ref()
                ),
            )
        })
    };
    match (&rb.image, &rb.texel_format) {
        (Some(_), Some(t)) => Err(ctx.at(
            &t.span(),
            format!("{what}: give `image` or `texel_format`, not both"),
        )),
        (None, Some(t)) => Ok(Some(ImageInfo::texel_buffer(format(t)?, bytes))),
        (Some(i), None) => {
            let r = i.get_ref();
            let info = ImageInfo {
                format: format(&r.format)?,
                width: r.width,
                height: r.height,
                depth: r.depth,
                layers: r.layers,
                samples: r.samples,
                levels: r.levels,
            };
            let dims = [r.width, r.height, r.depth, r.layers, r.samples];
            if dims.iter().any(|&d| d == 0 || d > 1 << 16) {
                return Err(ctx.at(
                    &i.span(),
                    format!("{what}: every image dimension must be 1 to 65536"),
                ));
            }
            let largest = r.width.max(r.height).max(r.depth);
            let most = 32 - largest.leading_zeros();
            if r.levels == 0 || r.levels > most || (r.levels > 1 && r.samples > 1) {
                return Err(ctx.at(
                    &i.span(),
                    format!(
                        "{what}: a {}x{}x{} image has 1 to {most} mip levels (1 if multisampled), not {}",
                        r.width, r.height, r.depth, r.levels
                    ),
                ));
            }
            if info.bytes() != bytes as u64 {
                return Err(ctx.at(
                    &i.span(),
                    format!(
                        "{what}: the image takes {} bytes ({} texels of {} bytes) and the buffer has {bytes}",
                        info.bytes(),
                        info.texels(),
                        info.format.bytes()
                    ),
                ));
            }
            Ok(Some(info))
        }
        (None, None) => Ok(None),
    }
}

/// A `[[sampler]]`: its binding and state.
fn sampler_of(ctx: &Ctx, s: &Spanned<RawSampler>) -> Result<(Binding, Sampler), String> {
    let r = s.get_ref();
    let binding = match (&r.binding, r.arg) {
        (Some(b), None) => Binding::Descriptor {
            set: b.set,
            binding: b.binding,
            index: b.index,
        },
        (None, Some(a)) => Binding::Arg(a),
        _ => {
            return Err(ctx.at(
                &s.span(),
                "sampler: give exactly one of `binding = { set, binding }` or `arg = N`",
            ))
        }
    };
    // The LOD range is all levels unless given (Vulkan's
    // VK_LOD_CLAMP_NONE); unnormalised coordinates read level 0.
    let mut state = Sampler {
        normalized: r.normalized,
        min_lod: 0.0,
        max_lod: if r.normalized { 1000.0 } else { 0.0 },
        ..Sampler::default()
    };
    if let Some(m) = &r.mipmap {
        state.mipmap_mode = match m.get_ref().as_str() {
            "nearest" => Filter::Nearest,
            "linear" => Filter::Linear,
            other => {
                return Err(ctx.at(
                    &m.span(),
                    format!("sampler: unknown mipmap mode {other:?} (nearest or linear)"),
                ))
            }
        };
    }
    if let Some(c) = &r.compare {
        state.compare = Some(CompareOp::from_name(c.get_ref()).ok_or_else(|| {
            ctx.at(
                &c.span(),
                format!(
                    "sampler: unknown comparison {:?} (never, less, equal, less_or_equal, greater, not_equal, greater_or_equal, always)",
                    c.get_ref()
                ),
            )
        })?);
    }
    if let Some(l) = &r.lod {
        let [min, max] = l.get_ref().0;
        if min.is_nan() || max.is_nan() || min > max || (!r.normalized && (min, max) != (0.0, 0.0))
        {
            return Err(ctx.at(
                &l.span(),
                "sampler: `lod = [min, max]` needs min <= max (both 0 with unnormalised coordinates)",
            ));
        }
        state.min_lod = min;
        state.max_lod = max;
    }
    if let Some(f) = &r.filter {
        let filter = match f.get_ref().as_str() {
            "nearest" => Filter::Nearest,
            "linear" => Filter::Linear,
            other => {
                return Err(ctx.at(
                    &f.span(),
                    format!("sampler: unknown filter {other:?} (nearest or linear)"),
                ))
            }
        };
        state.mag_filter = filter;
        state.min_filter = filter;
    }
    if let Some(a) = &r.address {
        if a.get_ref().is_empty() || a.get_ref().len() > 3 {
            return Err(ctx.at(&a.span(), "sampler: `address` takes 1 to 3 modes (u, v, w)"));
        }
        for (axis, m) in a.get_ref().iter().enumerate() {
            state.address[axis] = match m.as_str() {
                "repeat" => AddressMode::Repeat,
                "mirrored_repeat" => AddressMode::MirroredRepeat,
                "clamp_to_edge" => AddressMode::ClampToEdge,
                "clamp_to_border" => AddressMode::ClampToBorder,
                "mirror_clamp_to_edge" => AddressMode::MirrorClampToEdge,
                other => {
                    return Err(ctx.at(
                        &a.span(),
                        format!("sampler: unknown address mode {other:?}"),
                    ))
                }
            };
        }
        // Fewer modes than axes: the last one repeats.
        let last = a.get_ref().len() - 1;
        for axis in last + 1..3 {
            state.address[axis] = state.address[last];
        }
    }
    if let Some(b) = &r.border {
        state.border = match b.get_ref().as_str() {
            "transparent_black" => BorderColor::TransparentBlack,
            "opaque_black" => BorderColor::OpaqueBlack,
            "opaque_white" => BorderColor::OpaqueWhite,
            other => {
                return Err(ctx.at(
                    &b.span(),
                    format!("sampler: unknown border {other:?} (transparent_black, opaque_black or opaque_white)"),
                ))
            }
        };
    }
    Ok((binding, state))
}

// ---------------------------------------------------------------------------
// Contents (buffer initializers and check expectations)
// ---------------------------------------------------------------------------

struct Inits<'a> {
    data: Option<&'a Spanned<Vec<Spanned<Value>>>>,
    fill: Option<&'a Spanned<Value>>,
    series: Option<&'a Spanned<RawSeries>>,
    file: Option<&'a Spanned<String>>,
    random: Option<&'a Spanned<RawRandom>>,
}

/// Builds `len` elements of type `ty` from at most one initializer.
///
/// For a buffer, `len` is the `len` key (optional with `data` and `file`);
/// shorter `data` is padded with zeros. For a check (`is_check`), `len` is the
/// range length, exactly one form is required and `data`/`file` must match it.
fn build_contents(
    ctx: &Ctx,
    what: &str,
    ty: ElemType,
    inits: &Inits,
    len: Option<(u64, Range<usize>)>,
    table_span: &Range<usize>,
    is_check: bool,
) -> Result<(usize, Contents), String> {
    let mut given: Vec<(&str, Range<usize>)> = Vec::new();
    if let Some(x) = inits.series {
        given.push(("series", x.span()));
    }
    if let Some(x) = inits.data {
        given.push(("data", x.span()));
    }
    if let Some(x) = inits.fill {
        given.push(("fill", x.span()));
    }
    if let Some(x) = inits.random {
        given.push(("random", x.span()));
    }
    if let Some(x) = inits.file {
        given.push(("file", x.span()));
    }
    if given.len() > 1 {
        let keys: Vec<&str> = given.iter().map(|g| g.0).collect();
        let allowed = if is_check {
            "exactly one"
        } else {
            "at most one"
        };
        return Err(ctx.at(
            &given[1].1,
            format!(
                "{}: more than one initializer ({}); give {}",
                what,
                keys.join(", "),
                allowed
            ),
        ));
    }
    if is_check && given.is_empty() {
        return Err(ctx.at(
            table_span,
            format!(
                "{}: give the expected values with one of `data`, `fill`, `series` or `file`",
                what
            ),
        ));
    }
    let size = ty.size();

    // Forms that can define the length themselves.
    if let Some(data) = inits.data {
        let n = data.get_ref().len() as u64;
        let len = match &len {
            Some((l, lspan)) => {
                if n > *l || (is_check && n != *l) {
                    let msg = if is_check {
                        format!(
                            "{}: `data` has {} values but the checked range has {} elements",
                            what, n, l
                        )
                    } else {
                        format!("{}: `data` has {} values but `len` is {}", what, n, l)
                    };
                    let sp = if is_check { data.span() } else { lspan.clone() };
                    return Err(ctx.at(&sp, msg));
                }
                *l
            }
            None => n,
        };
        let len = check_len(ctx, what, len, size, &data.span())?;
        let mut out = Vec::with_capacity(len * size);
        for v in data.get_ref() {
            encode_value(ctx, what, ty, v, &mut out)?;
        }
        out.resize(len * size, 0);
        return Ok((len, Contents::Elements(out)));
    }
    if let Some(file) = inits.file {
        let fpath = ctx.dir().join(file.get_ref());
        if let Ok(meta) = std::fs::metadata(&fpath) {
            // Sized before it is read.
            check_len(
                ctx,
                what,
                meta.len().div_ceil(size as u64).max(1),
                size,
                &file.span(),
            )?;
        }
        let bytes = crate::input::read_file(&fpath).map_err(|e| {
            ctx.at(
                &file.span(),
                format!("{}: cannot read {}: {}", what, fpath.display(), e),
            )
        })?;
        let len = match &len {
            Some((l, _)) => {
                if bytes.len() as u64 != l.saturating_mul(size as u64) {
                    return Err(ctx.at(
                        &file.span(),
                        format!(
                            "{}: {} has {} bytes, expected {} ({} elements of {})",
                            what,
                            fpath.display(),
                            bytes.len(),
                            l.saturating_mul(size as u64),
                            l,
                            ty
                        ),
                    ));
                }
                *l
            }
            None => {
                if bytes.len() % size != 0 {
                    return Err(ctx.at(
                        &file.span(),
                        format!(
                            "{}: {} has {} bytes, not a multiple of the {}-byte element size",
                            what,
                            fpath.display(),
                            bytes.len(),
                            size
                        ),
                    ));
                }
                (bytes.len() / size) as u64
            }
        };
        check_len(ctx, what, len, size, &file.span())?;
        return Ok((len as usize, Contents::Elements(bytes)));
    }

    let Some((len, len_span)) = len else {
        return Err(ctx.at(
            table_span,
            format!(
                "{}: `len` is required unless `data` or `file` gives the contents",
                what
            ),
        ));
    };
    let len = check_len(ctx, what, len, size, &len_span)?;
    if let Some(fill) = inits.fill {
        let mut one = Vec::with_capacity(size);
        encode_value(ctx, what, ty, fill, &mut one)?;
        return Ok((len, Contents::Repeated { one, len }));
    }
    let mut out = Vec::with_capacity(len * size);
    if let Some(series) = inits.series {
        encode_series(ctx, what, ty, series.get_ref(), len, &mut out)?;
    } else if let Some(random) = inits.random {
        encode_random(ctx, what, ty, random.get_ref(), len, &mut out)?;
    } else {
        out.resize(len * size, 0);
    }
    Ok((len, Contents::Elements(out)))
}

fn check_len(
    ctx: &Ctx,
    what: &str,
    len: u64,
    size: usize,
    span: &Range<usize>,
) -> Result<usize, String> {
    if len == 0 {
        return Err(ctx.at(span, format!("{}: length must be at least 1", what)));
    }
    // Refused before anything is allocated: no buffer larger than the
    // modelled global memory can be placed.
    let bytes = len.saturating_mul(size as u64);
    if bytes > GLOBAL_BYTES {
        return Err(ctx.at(
            span,
            format!(
                "{}: {} elements of {} bytes ({}) do not fit the modelled global memory ({})",
                what,
                len,
                size,
                bytes_and_mib(len as u128 * size as u128),
                bytes_and_mib(GLOBAL_BYTES.into())
            ),
        ));
    }
    Ok(len as usize)
}

/// The buffers' declared sizes together fit the modelled global memory:
/// checked before any buffer is built, so an oversized manifest costs
/// nothing. (Each buffer's own initializer is checked as it is built.)
fn check_total_size(ctx: &Ctx, raw: &[Spanned<RawBuffer>]) -> Result<(), String> {
    let mut total = 0u64;
    let mut total_exact = 0u128;
    for rb in raw {
        let span = rb.span();
        let rb = rb.get_ref();
        let Ok(ty) = parse_type(ctx, &rb.ty) else {
            continue;
        };
        let size = ty.size() as u64;
        let elements = match (&rb.len, &rb.data, &rb.file) {
            (Some(l), _, _) => *l.get_ref(),
            (None, Some(data), _) => data.get_ref().len() as u64,
            (None, None, Some(file)) => std::fs::metadata(ctx.dir().join(file.get_ref()))
                .map_or(0, |m| m.len().div_ceil(size)),
            _ => 0,
        };
        total = total.saturating_add(elements.saturating_mul(size));
        // For the message: the saturated sum is not the declared one.
        total_exact += elements as u128 * size as u128;
        if total > GLOBAL_BYTES {
            return Err(ctx.at(
                &span,
                format!(
                    "buffer {:?}: the buffers up to this one take {} bytes, more than the modelled global memory ({})",
                    rb.name.get_ref(),
                    total_exact,
                    bytes_and_mib(GLOBAL_BYTES.into())
                ),
            ));
        }
    }
    Ok(())
}

/// A number read from the manifest, before conversion to an element type.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Num {
    Int(i128),
    Float(f64),
}

/// Accepts `inf`, `+inf`, `-inf`, `nan` (also `+nan`, `-nan`) and integers in
/// decimal, `0x` hex, `0o` octal or `0b` binary with an optional sign and `_`
/// separators.
fn parse_number_string(s: &str) -> Option<Num> {
    let t = s.trim();
    match t {
        "inf" | "+inf" => return Some(Num::Float(f64::INFINITY)),
        "-inf" => return Some(Num::Float(f64::NEG_INFINITY)),
        "nan" | "+nan" => return Some(Num::Float(f64::NAN)),
        "-nan" => return Some(Num::Float(-f64::NAN)),
        _ => {}
    }
    let (neg, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (radix, digits) =
        if let Some(d) = rest.strip_prefix("0x").or_else(|| rest.strip_prefix("0X")) {
            (16, d)
        } else if let Some(d) = rest.strip_prefix("0o") {
            (8, d)
        } else if let Some(d) = rest.strip_prefix("0b") {
            (2, d)
        } else {
            (10, rest)
        };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if clean.is_empty() || !clean.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let mag = u128::from_str_radix(&clean, radix).ok()?;
    if mag > (1u128 << 100) {
        return None;
    }
    let v = mag as i128;
    Some(Num::Int(if neg { -v } else { v }))
}

fn to_num(ctx: &Ctx, what: &str, v: &Spanned<Value>) -> Result<Num, String> {
    match v.get_ref() {
        Value::Integer(i) => Ok(Num::Int(*i as i128)),
        Value::Float(f) => Ok(Num::Float(*f)),
        Value::String(s) => parse_number_string(s)
            .ok_or_else(|| ctx.at(&v.span(), format!("{}: {:?} is not a number", what, s))),
        other => Err(ctx.at(
            &v.span(),
            format!("{}: expected a number, found {}", what, other.type_str()),
        )),
    }
}

fn fmt_num(n: Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::Float(f) => format!("{:?}", f),
    }
}

/// Converts `n` to the bits of an element of type `ty`, or explains why not.
fn num_to_bits(ty: ElemType, n: Num) -> Result<u64, String> {
    if let Some((lo, hi)) = ty.int_range() {
        return match n {
            Num::Int(i) if i >= lo && i <= hi => Ok(i as u64 & mask(ty)),
            Num::Int(i) => Err(format!(
                "value {} is out of range for {} ({}..={})",
                i, ty, lo, hi
            )),
            Num::Float(f) => Err(format!(
                "{} needs an integer value, found {}",
                ty,
                fmt_num(Num::Float(f))
            )),
        };
    }
    let (bits, is_inf, finite_in) = match ty {
        ElemType::F64 => {
            let f = match n {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            (
                f.to_bits(),
                f.is_infinite(),
                matches!(n, Num::Int(_)) || f.is_finite(),
            )
        }
        ElemType::F32 => {
            let (f, fin) = match n {
                Num::Int(i) => (i as f32, true),
                Num::Float(f) => (f as f32, f.is_finite()),
            };
            (f.to_bits() as u64, f.is_infinite(), fin)
        }
        ElemType::F16 => {
            let (b, fin) = match n {
                // Integers above 65519 round to infinity; below that they are exact in f64.
                Num::Int(i) if i.unsigned_abs() >= 65520 => {
                    (0x7c00 | if i < 0 { 0x8000 } else { 0 }, true)
                }
                Num::Int(i) => (f64_to_f16_bits(i as f64), true),
                Num::Float(f) => (f64_to_f16_bits(f), f.is_finite()),
            };
            (b as u64, b & 0x7fff == 0x7c00, fin)
        }
        _ => unreachable!(),
    };
    if is_inf && finite_in {
        return Err(format!("value {} is out of range for {}", fmt_num(n), ty));
    }
    Ok(bits)
}

fn mask(ty: ElemType) -> u64 {
    isa::core::mask(8 * ty.size() as u32)
}

fn push_bits(ty: ElemType, bits: u64, out: &mut Vec<u8>) {
    out.extend_from_slice(&bits.to_le_bytes()[..ty.size()]);
}

fn encode_value(
    ctx: &Ctx,
    what: &str,
    ty: ElemType,
    v: &Spanned<Value>,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let n = to_num(ctx, what, v)?;
    let bits = num_to_bits(ty, n).map_err(|m| ctx.at(&v.span(), format!("{}: {}", what, m)))?;
    push_bits(ty, bits, out);
    Ok(())
}

/// The value `v` of an `[[arg]]` of type `ty`: one number, a scalar; a
/// list, a vector of one number per component.
fn arg_value(
    ctx: &Ctx,
    what: &str,
    ty: ElemType,
    v: &Spanned<RawArgValue>,
) -> Result<ArgValue, String> {
    match v.get_ref() {
        RawArgValue::One(one) => {
            let mut bytes = Vec::with_capacity(ty.size());
            encode_value(
                ctx,
                what,
                ty,
                &Spanned::new(v.span(), one.clone()),
                &mut bytes,
            )?;
            Ok(ArgValue::Scalar { ty, bytes })
        }
        RawArgValue::List(list) => {
            if list.is_empty() {
                return Err(ctx.at(
                    &v.span(),
                    format!("{what}: `value = []` is empty; a vector argument takes one value per component"),
                ));
            }
            let mut bytes = Vec::with_capacity(4 * ty.size());
            for (i, e) in list.iter().enumerate() {
                encode_value(ctx, &format!("{what} component {i}"), ty, e, &mut bytes)?;
            }
            // OpenCL gives a 3-component vector the room of a 4-component one.
            if list.len() == 3 {
                bytes.resize(4 * ty.size(), 0);
            }
            Ok(ArgValue::Vector {
                ty,
                count: list.len() as u32,
                bytes,
            })
        }
    }
}

fn encode_series(
    ctx: &Ctx,
    what: &str,
    ty: ElemType,
    s: &RawSeries,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let start = to_num(ctx, what, &s.start)?;
    let step = to_num(ctx, what, &s.step)?;
    if ty.is_float() {
        let as_f64 = |n: Num| match n {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        };
        let (start, step) = (as_f64(start), as_f64(step));
        if !start.is_finite() || !step.is_finite() {
            return Err(ctx.at(
                &s.start.span(),
                format!("{}: series `start` and `step` must be finite", what),
            ));
        }
        let element = |i: usize| start + (i as f64) * step;
        if ends_fit(ty, len, |i| Num::Float(element(i))) {
            out.reserve(len * ty.size());
            match ty {
                ElemType::F64 => out.extend((0..len).flat_map(|i| element(i).to_le_bytes())),
                ElemType::F32 => {
                    out.extend((0..len).flat_map(|i| (element(i) as f32).to_le_bytes()))
                }
                _ => out.extend((0..len).flat_map(|i| f64_to_f16_bits(element(i)).to_le_bytes())),
            }
            return Ok(());
        }
        // The first element that does not fit, for the message.
        for i in 0..len {
            let v = element(i);
            let bits = num_to_bits(ty, Num::Float(v)).map_err(|m| {
                ctx.at(
                    &s.step.span(),
                    format!("{}: series element {}: {}", what, i, m),
                )
            })?;
            push_bits(ty, bits, out);
        }
    } else {
        let (Num::Int(start), Num::Int(step)) = (start, step) else {
            return Err(ctx.at(
                &s.start.span(),
                format!(
                    "{}: series `start` and `step` must be integers for type {}",
                    what, ty
                ),
            ));
        };
        let element = |i: usize| start + (i as i128) * step;
        if ends_fit(ty, len, |i| Num::Int(element(i))) {
            // Each element's low bytes: its two's complement in the type.
            out.reserve(len * ty.size());
            match ty.size() {
                1 => out.extend((0..len).map(|i| element(i) as u8)),
                2 => out.extend((0..len).flat_map(|i| (element(i) as u16).to_le_bytes())),
                4 => out.extend((0..len).flat_map(|i| (element(i) as u32).to_le_bytes())),
                _ => out.extend((0..len).flat_map(|i| (element(i) as u64).to_le_bytes())),
            }
            return Ok(());
        }
        // The first element that does not fit, for the message.
        for i in 0..len {
            let v = element(i);
            let bits = num_to_bits(ty, Num::Int(v)).map_err(|m| {
                ctx.at(
                    &s.step.span(),
                    format!("{}: series element {}: {}", what, i, m),
                )
            })?;
            push_bits(ty, bits, out);
        }
    }
    Ok(())
}

/// Whether every element of a series of `len` elements (`element(i)`)
/// fits type `ty`. A series runs monotonically from its first element to
/// its last, and so do their conversions to the type (rounding included),
/// so the two ends decide: the elements between need no check.
/// (An end past f64's range is inf, which the type takes as a literal
/// infinity; the elements before it may not fit: they are checked one by
/// one.)
fn ends_fit(ty: ElemType, len: usize, element: impl Fn(usize) -> Num) -> bool {
    len == 0
        || [0, len - 1].into_iter().all(|i| {
            let e = element(i);
            !matches!(e, Num::Float(f) if !f.is_finite()) && num_to_bits(ty, e).is_ok()
        })
}

/// SplitMix64 (Steele, Lea, Flood 2014): the generator behind `random = {..}`.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform integer in `0..range` (`range` in `1..=2^64`), without bias:
    /// widening multiply with rejection (Lemire 2019).
    pub fn below(&mut self, range: u128) -> u64 {
        debug_assert!((1..=1u128 << 64).contains(&range));
        if range == 1u128 << 64 {
            return self.next_u64();
        }
        let r = range as u64;
        let threshold = r.wrapping_neg() % r; // 2^64 mod r
        loop {
            let m = (self.next_u64() as u128) * (r as u128);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Uniform float in `[0, 1)`: the top 53 bits times 2^-53.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

fn encode_random(
    ctx: &Ctx,
    what: &str,
    ty: ElemType,
    r: &RawRandom,
    len: usize,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let min = to_num(ctx, what, &r.min)?;
    let max = to_num(ctx, what, &r.max)?;
    let mut rng = SplitMix64::new(*r.seed.get_ref());
    if ty.is_float() {
        let as_f64 = |n: Num| match n {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        };
        let (lo, hi) = (as_f64(min), as_f64(max));
        if !lo.is_finite() || !hi.is_finite() || lo > hi {
            return Err(ctx.at(
                &r.min.span(),
                format!(
                    "{}: random `min` and `max` must be finite with min <= max",
                    what
                ),
            ));
        }
        for i in 0..len {
            let v = lo + (hi - lo) * rng.unit_f64();
            let bits = num_to_bits(ty, Num::Float(v)).map_err(|m| {
                ctx.at(
                    &r.max.span(),
                    format!("{}: random element {}: {}", what, i, m),
                )
            })?;
            push_bits(ty, bits, out);
        }
    } else {
        let (Num::Int(lo), Num::Int(hi)) = (min, max) else {
            return Err(ctx.at(
                &r.min.span(),
                format!(
                    "{}: random `min` and `max` must be integers for type {}",
                    what, ty
                ),
            ));
        };
        for (v, sp) in [(lo, r.min.span()), (hi, r.max.span())] {
            num_to_bits(ty, Num::Int(v))
                .map_err(|m| ctx.at(&sp, format!("{}: random: {}", what, m)))?;
        }
        if lo > hi {
            return Err(ctx.at(
                &r.min.span(),
                format!(
                    "{}: random `min` ({}) is greater than `max` ({})",
                    what, lo, hi
                ),
            ));
        }
        let range = (hi - lo + 1) as u128;
        for _ in 0..len {
            let v = lo + rng.below(range) as i128;
            push_bits(ty, v as u64 & mask(ty), out);
        }
    }
    Ok(())
}

/// Rounds an f64 to the nearest binary16 (ties to even) and returns its bits.
/// Overflow gives infinity, NaN stays NaN (quiet, top payload bits kept).
pub fn f64_to_f16_bits(x: f64) -> u16 {
    isa::core::from_f64(16, x) as u16
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

fn read_bits(ty: ElemType, bytes: &[u8]) -> Option<u64> {
    let s = ty.size();
    let src = bytes.get(..s)?;
    let mut b = [0u8; 8];
    b[..s].copy_from_slice(src);
    Some(u64::from_le_bytes(b))
}

fn int_value(ty: ElemType, bits: u64) -> i128 {
    match ty {
        ElemType::I8 => bits as u8 as i8 as i128,
        ElemType::I16 => bits as u16 as i16 as i128,
        ElemType::I32 => bits as u32 as i32 as i128,
        ElemType::I64 => bits as i64 as i128,
        _ => bits as i128,
    }
}

/// (value as f64, is NaN, is infinite, ordered integer key) of a float element.
fn float_parts(ty: ElemType, bits: u64) -> (f64, bool, bool, i128) {
    let (v, sign_bit) = match ty {
        ElemType::F16 => (half::f16::from_bits(bits as u16).to_f64(), 1u64 << 15),
        ElemType::F32 => (f32::from_bits(bits as u32) as f64, 1u64 << 31),
        _ => (f64::from_bits(bits), 1u64 << 63),
    };
    let mag = (bits & (sign_bit - 1)) as i128;
    let key = if bits & sign_bit != 0 { -mag } else { mag };
    (v, v.is_nan(), v.is_infinite(), key)
}

fn element_matches(ty: ElemType, e: u64, a: u64, ulp: Option<u64>, abs: Option<f64>) -> bool {
    if e == a {
        return true;
    }
    if ty.is_float() {
        let (ev, enan, einf, ekey) = float_parts(ty, e);
        let (av, anan, ainf, akey) = float_parts(ty, a);
        if enan || anan {
            return enan && anan;
        }
        if einf || ainf {
            return false;
        }
        let ulp_ok = ulp.is_some_and(|u| (ekey - akey).unsigned_abs() <= u as u128);
        let abs_ok = abs.is_some_and(|t| (av - ev).abs() <= t);
        ulp_ok || abs_ok
    } else {
        let diff = (int_value(ty, e) - int_value(ty, a)).unsigned_abs();
        let ulp_ok = ulp.is_some_and(|u| diff <= u as u128);
        let abs_ok = abs.is_some_and(|t| t >= 0.0 && diff <= t.floor() as u128);
        ulp_ok || abs_ok
    }
}

impl Check {
    /// Compares `actual` (the whole buffer, little endian, elements of type `ty`)
    /// with the expectation over `self.range`. Elements missing from `actual`
    /// count as mismatches.
    pub fn evaluate(&self, ty: ElemType, actual: &[u8]) -> CheckOutcome {
        let size = ty.size();
        let (first, end) = self.range;
        let checked = end.saturating_sub(first);
        let mut mismatches = 0;
        let mut first_mismatch = None;
        // Equal bits match, so blocks whose bytes are all equal are passed
        // over at the speed of a memory compare; the others go element by
        // element.
        const BLOCK: usize = 4096;
        // A repeated element is compared a block at a time with a block
        // of it, made once.
        let repeated = match &self.expected {
            Contents::Repeated { one, len } => one.repeat(BLOCK.min(*len)),
            Contents::Elements(_) => Vec::new(),
        };
        // The bytes of expected elements `k .. k + n`.
        let expected = |k: usize, n: usize| match &self.expected {
            Contents::Elements(bytes) => bytes.get(k * size..(k + n) * size),
            Contents::Repeated { len, .. } => (k + n <= *len).then(|| &repeated[..n * size]),
        };
        let unequal = (0..checked).step_by(BLOCK).flat_map(|k| {
            let n = BLOCK.min(checked - k);
            let idx = first + k;
            let exp = expected(k, n);
            let act = actual.get(idx * size..(idx + n) * size);
            let equal = exp.is_some() && exp == act;
            if equal {
                k..k
            } else {
                k..k + n
            }
        });
        for k in unequal {
            let idx = first + k;
            let exp = expected(k, 1);
            let act = actual.get(idx * size..(idx + 1) * size);
            let ok = match (
                exp.and_then(|b| read_bits(ty, b)),
                act.and_then(|b| read_bits(ty, b)),
            ) {
                (Some(e), Some(a)) => element_matches(ty, e, a, self.ulp, self.abs),
                _ => false,
            };
            if !ok {
                mismatches += 1;
                if first_mismatch.is_none() {
                    first_mismatch = Some(Mismatch {
                        index: idx,
                        expected: exp.map_or_else(|| "<missing>".to_string(), |b| ty.format(b)),
                        actual: act.map_or_else(|| "<missing>".to_string(), |b| ty.format(b)),
                    });
                }
            }
        }
        CheckOutcome {
            buffer: self.buffer.clone(),
            passed: mismatches == 0,
            checked,
            mismatches,
            first_mismatch,
        }
    }
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Workload, String> {
        Workload::from_str(text, Path::new("/tmp/wl/test.toml"))
    }

    const HEAD: &str =
        "name = \"t\"\nkernel = \"k.spv\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n";

    #[test]
    fn a_long_name_is_refused_at_its_place_when_the_manifest_loads() {
        let at_limit = format!("name = \"{}\"", "n".repeat(128));
        parse(&HEAD.replace("name = \"t\"", &at_limit)).unwrap();
        let too_long = format!("name = \"{}\"", "n".repeat(129));
        let e = parse(&HEAD.replace("name = \"t\"", &too_long)).unwrap_err();
        assert_eq!(
            e,
            "/tmp/wl/test.toml:1:8: workload name is 129 characters long; at most 128 are allowed, as it becomes a file name"
        );
    }

    #[test]
    fn sizes_over_global_memory_are_told_exactly() {
        // Just over the limit, which is not a whole number of MiB: rounded
        // down, both sizes used to read "1023 MiB".
        let len = GLOBAL_BYTES / 4 + 1;
        let e = parse(&format!(
            "{HEAD}[[buffer]]\nname = \"a\"\ntype = \"u32\"\nlen = {len}\nbinding = {{ set = 0, binding = 0 }}\n"
        ))
        .unwrap_err();
        assert_eq!(
            e,
            "/tmp/wl/test.toml:5:1: buffer \"a\": the buffers up to this one take 1073676292 bytes, more than the modelled global memory (1073676288 bytes, 1023.9375 MiB)"
        );
    }

    fn one_buffer(body: &str) -> Result<Workload, String> {
        parse(&format!(
            "{}[[buffer]]\nname = \"b\"\nbinding = {{ set = 0, binding = 0 }}\n{}\n",
            HEAD, body
        ))
    }

    /// `global_offset` is OpenCL's NDRange offset: 0 unless given, three
    /// non-negative values, kept with its place for later errors.
    #[test]
    fn global_offset_is_three_values() {
        let head = "name = \"t\"\nkernel = \"k.spv\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n";
        let w = parse(head).unwrap();
        assert_eq!((w.global_offset, w.global_offset_at), ([0; 3], None));
        let w = parse(&format!("{head}global_offset = [5, 0, 4294967296]\n")).unwrap();
        assert_eq!(w.global_offset, [5, 0, 1 << 32]);
        assert_eq!(
            w.global_offset_at.as_deref(),
            Some("/tmp/wl/test.toml:5:17")
        );
        for bad in ["[1, 2]", "[-1, 0, 0]"] {
            let e = parse(&format!("{head}global_offset = {bad}\n")).unwrap_err();
            assert!(e.starts_with("/tmp/wl/test.toml:5:1"), "{bad}: {e}");
        }
        // Only in the dimensions the launch has (get_work_dim()).
        let e = parse(&format!("{head}work_dim = 1\nglobal_offset = [5, 7, 0]\n")).unwrap_err();
        assert_eq!(e, "/tmp/wl/test.toml:6:17: global_offset [5, 7, 0] gives an offset past work_dim = 1: a launch of 1 dimension has none there");
        let w = parse(&format!("{head}work_dim = 2\nglobal_offset = [5, 7, 0]\n")).unwrap();
        assert_eq!(w.global_offset, [5, 7, 0]);
    }

    /// `work_dim` is OpenCL's get_work_dim(): 3 unless given, 1 to 3.
    #[test]
    fn work_dim_is_one_to_three() {
        let head = "name = \"t\"\nkernel = \"k.spv\"\nentry = \"main\"\nworkgroups = [1, 1, 1]\n";
        assert_eq!(parse(head).unwrap().work_dim, 3);
        assert_eq!(parse(&format!("{head}work_dim = 1\n")).unwrap().work_dim, 1);
        for bad in [0, 4] {
            let e = parse(&format!("{head}work_dim = {bad}\n")).unwrap_err();
            assert!(
                e.contains(&format!(
                    "test.toml:5:12: work_dim is {bad}; it must be 1, 2 or 3"
                )),
                "{e}"
            );
        }
    }

    /// Arrays of a fixed length take exactly that many values: a longer
    /// one is not cut short, a shorter one not padded.
    #[test]
    fn fixed_length_arrays_are_refused_at_any_other_length() {
        let head = "name = \"t\"\nkernel = \"k.spv\"\nentry = \"main\"\n";
        for (text, at, found, wanted) in [
            ("workgroups = [4, 1, 1, 7]\n", "4:14", 4, 3),
            ("workgroups = [4, 1]\n", "4:14", 2, 3),
            ("workgroups = [1, 1, 1]\nlocal_size = [64, 1, 1, 1]\n", "5:14", 4, 3),
            (
                "workgroups = [1, 1, 1]\n[[buffer]]\nname = \"b\"\ntype = \"u32\"\nlen = 8\nbinding = { set = 0, binding = 0 }\n[[check]]\nbuffer = \"b\"\nfill = 0\nrange = [0, 4, 8]\n",
                "13:9",
                3,
                2,
            ),
        ] {
            let e = parse(&format!("{head}{text}")).unwrap_err();
            let message =
                format!("test.toml:{at}: invalid length {found}, expected an array of {wanted} values");
            assert!(e.contains(&message), "{text}: {e}");
        }
    }

    fn u32s(b: &[u8]) -> Vec<u32> {
        b.chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
    fn i32s(b: &[u8]) -> Vec<i32> {
        b.chunks(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }
    fn f32s(b: &[u8]) -> Vec<f32> {
        b.chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    /// The bundled `workloads/` directory (next to the `sim` crate).
    fn workloads_dir() -> PathBuf {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads");
        if dir.exists() {
            dir
        } else {
            PathBuf::from("/work/main/workloads")
        }
    }

    #[test]
    fn bundled_manifests_parse() {
        let dir = workloads_dir();
        let mut count = 0;
        for sub in [dir.clone(), dir.join("bad")] {
            for entry in std::fs::read_dir(&sub).unwrap() {
                let p = entry.unwrap().path();
                if p.extension().and_then(|e| e.to_str()) != Some("toml") {
                    continue;
                }
                count += 1;
                let r = Workload::load(&p);
                if p.file_name().unwrap() == "bad_manifest.toml" {
                    let e = r.unwrap_err();
                    assert!(
                        e.contains("bad_manifest.toml:6:1:") && e.contains("workgrups"),
                        "{}",
                        e
                    );
                } else {
                    let w = r.unwrap_or_else(|e| panic!("{}", e));
                    for c in &w.checks {
                        let b = w.buffer(&c.buffer).unwrap();
                        assert_eq!(c.expected.byte_len(), (c.range.1 - c.range.0) * b.ty.size());
                    }
                }
            }
        }
        assert!(count >= 17, "found only {} manifests", count);
    }

    #[test]
    fn vector_add_contents() {
        let w = Workload::load(&workloads_dir().join("vector_add.toml")).unwrap();
        assert_eq!(w.name, "vector_add");
        assert_eq!(w.kernel, workloads_dir().join("vector_add.spv"));
        assert_eq!(w.workgroups, [4, 1, 1]);
        let b = w.buffer("b").unwrap();
        assert_eq!(
            b.binding,
            Binding::Descriptor {
                set: 0,
                binding: 1,
                index: 0
            }
        );
        assert_eq!(f32s(&b.init)[..3], [0.5, 2.5, 4.5]);
        assert_eq!(w.buffer("c").unwrap().init, vec![0u8; 1024]);
        let p = w.buffer("params").unwrap();
        assert_eq!(
            (p.binding.clone(), p.len, p.init.clone()),
            (Binding::PushConstant, 1, vec![250, 0, 0, 0])
        );
    }

    /// A manifest of one `[[arg]]` (index 3, `body`), and where it is.
    fn one_arg(body: &str) -> Result<Workload, String> {
        parse(&format!("{HEAD}[[arg]]\nindex = 3\n{body}\n"))
    }

    #[test]
    fn vector_args_are_lists_converted_per_component() {
        let w = one_arg("type = \"f32\"\nvalue = [1.0, 2, -0.5, \"inf\"]").unwrap();
        let bytes: Vec<u8> = [1.0f32, 2.0, -0.5, f32::INFINITY]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        assert_eq!(
            w.args[0].value,
            ArgValue::Vector {
                ty: ElemType::F32,
                count: 4,
                bytes
            }
        );
        // The place of `value`: line 8 (after HEAD's four lines, the header,
        // index and type), column 9.
        assert_eq!(w.args[0].place.as_deref(), Some("/tmp/wl/test.toml:8:9"));
        // OpenCL's uchar3 takes the room of a uchar4: a fourth byte, zero.
        let w = one_arg("type = \"u8\"\nvalue = [255, \"0x10\", 7]").unwrap();
        assert_eq!(
            w.args[0].value,
            ArgValue::Vector {
                ty: ElemType::U8,
                count: 3,
                bytes: vec![255, 16, 7, 0]
            }
        );
        let w = one_arg("type = \"i16\"\nvalue = [-2, 3]").unwrap();
        assert_eq!(
            w.args[0].value,
            ArgValue::Vector {
                ty: ElemType::I16,
                count: 2,
                bytes: vec![0xfe, 0xff, 3, 0]
            }
        );
    }

    #[test]
    fn a_bad_vector_component_is_named_at_its_place() {
        let e = one_arg("type = \"u8\"\nvalue = [1, 256, 3]").unwrap_err();
        assert_eq!(
            e,
            "/tmp/wl/test.toml:8:13: argument 3 component 1: value 256 is out of range for u8 (0..=255)"
        );
        let e = one_arg("type = \"i32\"\nvalue = [1, 2.5]").unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:8:13: argument 3 component 1: "),
            "{e}"
        );
        let e = one_arg("type = \"f32\"\nvalue = []").unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:8:9: argument 3: `value = []` is empty"),
            "{e}"
        );
        let e = one_arg("type = \"f32\"\nvalue = [[1.0]]").unwrap_err();
        assert_eq!(
            e,
            "/tmp/wl/test.toml:8:10: argument 3 component 0: expected a number, found array"
        );
        // A scalar reads as before.
        let e = one_arg("type = \"f32\"\nvalue = true").unwrap_err();
        assert_eq!(
            e,
            "/tmp/wl/test.toml:8:9: argument 3: expected a number, found boolean"
        );
    }

    #[test]
    fn opencl_args() {
        let w = Workload::load(&workloads_dir().join("opencl_saxpy_branchy.toml")).unwrap();
        assert_eq!(w.local_size, Some([64, 1, 1]));
        let given: Vec<(u32, ArgValue)> =
            w.args.iter().map(|a| (a.index, a.value.clone())).collect();
        assert_eq!(
            given,
            vec![
                (
                    3,
                    ArgValue::Scalar {
                        ty: ElemType::I32,
                        bytes: vec![250, 0, 0, 0]
                    }
                ),
                (
                    4,
                    ArgValue::Scalar {
                        ty: ElemType::F32,
                        bytes: 0x4020_0000u32.to_le_bytes().to_vec()
                    }
                ),
            ]
        );
        assert_eq!(w.buffer("keys").unwrap().binding, Binding::Arg(5));
        let w = Workload::load(&workloads_dir().join("opencl_local.toml")).unwrap();
        assert!(w
            .args
            .iter()
            .any(|a| a.index == 4 && a.value == ArgValue::Local { bytes: 256 }));
    }

    #[test]
    fn long_series_hold_every_element_of_every_type() {
        // (type, start, step, len, element i's little-endian bytes by
        // plain Rust).
        type Bytes = fn(usize) -> Vec<u8>;
        let rows: [(&str, &str, &str, usize, Bytes); 11] = [
            ("u8", "3", "2", 126, |i| vec![(3 + 2 * i) as u8]),
            ("i8", "100", "-1", 229, |i| {
                (100 - i as i64).to_le_bytes()[..1].to_vec()
            }),
            ("u16", "7", "251", 261, |i| {
                ((7 + 251 * i) as u16).to_le_bytes().to_vec()
            }),
            ("i16", "-30000", "239", 251, |i| {
                ((-30000 + 239 * i as i64) as i16).to_le_bytes().to_vec()
            }),
            ("u32", "4294967295", "-16843009", 256, |i| {
                ((4294967295 - 16843009 * i as i64) as u32)
                    .to_le_bytes()
                    .to_vec()
            }),
            ("i32", "-5", "3", 1000, |i| {
                ((-5 + 3 * i as i64) as i32).to_le_bytes().to_vec()
            }),
            ("u64", "1", "36028797018963968", 256, |i| {
                (1 + 36028797018963968u64 * i as u64).to_le_bytes().to_vec()
            }),
            (
                "i64",
                "-9223372036854775807",
                "36028797018963968",
                256,
                |i| {
                    (-9223372036854775807i64 + 36028797018963968 * i as i64)
                        .to_le_bytes()
                        .to_vec()
                },
            ),
            ("f16", "-2.0", "0.0078125", 600, |i| {
                // Every element is exact in f16 (a multiple of 2^-7 under 3).
                let v = -2.0 + 0.0078125 * i as f64;
                let bits = (v.abs() as f32).to_bits();
                let magnitude = if v == 0.0 {
                    0
                } else {
                    ((bits >> 23) - 127 + 15) << 10 | (bits >> 13 & 0x3ff)
                };
                ((magnitude | if v < 0.0 { 0x8000 } else { 0 }) as u16)
                    .to_le_bytes()
                    .to_vec()
            }),
            ("f32", "0.1", "0.3", 1000, |i| {
                ((0.1 + i as f64 * 0.3) as f32).to_le_bytes().to_vec()
            }),
            ("f64", "1e300", "-3.5e297", 1000, |i| {
                (1e300 + i as f64 * -3.5e297).to_le_bytes().to_vec()
            }),
        ];
        for (ty, start, step, len, bytes) in rows {
            let w = one_buffer(&format!(
                "type = \"{ty}\"\nlen = {len}\nseries = {{ start = {start}, step = {step} }}"
            ))
            .unwrap_or_else(|e| panic!("{ty}: {e}"));
            let want: Vec<u8> = (0..len).flat_map(bytes).collect();
            assert!(w.buffers[0].init == want, "{ty}");
        }
        // An element past the type's range, at either end or both, is
        // named: the first one out.
        for (body, element) in [
            (
                "type = \"u8\"\nlen = 300\nseries = { start = 0, step = 1 }",
                256,
            ),
            (
                "type = \"u8\"\nlen = 300\nseries = { start = -3, step = 1 }",
                0,
            ),
            (
                "type = \"i16\"\nlen = 9\nseries = { start = -40000, step = 10000 }",
                0,
            ),
            (
                "type = \"f16\"\nlen = 70\nseries = { start = 0.0, step = 1000.0 }",
                66,
            ),
            (
                "type = \"f32\"\nlen = 5\nseries = { start = 3e38, step = 1e38 }",
                1,
            ),
            // The last element is past f64's range (inf), the one before
            // only past f32's and f16's.
            (
                "type = \"f32\"\nlen = 3\nseries = { start = 0.0, step = 1e308 }",
                1,
            ),
            (
                "type = \"f16\"\nlen = 3\nseries = { start = 0.0, step = 1e308 }",
                1,
            ),
        ] {
            let e = one_buffer(body).unwrap_err();
            assert!(
                e.contains(&format!("series element {element}:")),
                "{body}: {e}"
            );
        }
    }

    #[test]
    fn init_forms() {
        let w = one_buffer("type = \"u32\"\nlen = 4\nseries = { start = 10, step = 3 }").unwrap();
        assert_eq!(u32s(&w.buffers[0].init), [10, 13, 16, 19]);
        let w = one_buffer("type = \"i32\"\nlen = 3\nseries = { start = 5, step = -4 }").unwrap();
        assert_eq!(i32s(&w.buffers[0].init), [5, 1, -3]);
        let w =
            one_buffer("type = \"f32\"\nlen = 3\nseries = { start = -1.5, step = 0.25 }").unwrap();
        assert_eq!(f32s(&w.buffers[0].init), [-1.5, -1.25, -1.0]);
        let w = one_buffer("type = \"i16\"\nlen = 3\nfill = -2").unwrap();
        assert_eq!(w.buffers[0].init, [0xfe, 0xff, 0xfe, 0xff, 0xfe, 0xff]);
        let w = one_buffer("type = \"u8\"\ndata = [1, 2, 255]").unwrap();
        assert_eq!(
            (w.buffers[0].len, w.buffers[0].init.clone()),
            (3, vec![1, 2, 255])
        );
        // Shorter data is padded with zeros.
        let w = one_buffer("type = \"u8\"\nlen = 5\ndata = [7, 8]").unwrap();
        assert_eq!(w.buffers[0].init, [7, 8, 0, 0, 0]);
        // No initializer: zeros.
        let w = one_buffer("type = \"u64\"\nlen = 2").unwrap();
        assert_eq!(w.buffers[0].init, [0u8; 16]);
        // u64 above i64::MAX via a string; hex strings.
        let w = one_buffer("type = \"u64\"\ndata = [\"18446744073709551615\", \"0x10\", 0x7f]")
            .unwrap();
        assert_eq!(w.buffers[0].init[..8], [0xff; 8]);
        assert_eq!(w.buffers[0].init[8], 16);
        assert_eq!(w.buffers[0].init[16], 0x7f);
        // Floats: integers, inf/nan (TOML and strings), -0.
        let w = one_buffer("type = \"f32\"\ndata = [3, inf, \"-inf\", nan, \"nan\", -0.0, 0.1]")
            .unwrap();
        let v = u32s(&w.buffers[0].init);
        assert_eq!(v[0], 0x4040_0000);
        assert_eq!(v[1], 0x7f80_0000);
        assert_eq!(v[2], 0xff80_0000);
        assert!(f32::from_bits(v[3]).is_nan() && f32::from_bits(v[4]).is_nan());
        assert_eq!(v[5], 0x8000_0000);
        assert_eq!(v[6], 0x3dcc_cccd); // 0.1f32
                                       // File.
        let dir = std::env::temp_dir().join(format!("gpusim_wl_test_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.bin"), [1u8, 0, 2, 0, 3, 0]).unwrap();
        let text = format!(
            "{}[[buffer]]\nname = \"b\"\ntype = \"u16\"\nfile = \"a.bin\"\narg = 0\n",
            HEAD
        );
        let w = Workload::from_str(&text, &dir.join("m.toml")).unwrap();
        assert_eq!(
            (w.buffers[0].len, w.buffers[0].init.clone()),
            (3, vec![1, 0, 2, 0, 3, 0])
        );
        let text = format!(
            "{}[[buffer]]\nname = \"b\"\ntype = \"u16\"\nlen = 4\nfile = \"a.bin\"\narg = 0\n",
            HEAD
        );
        let e = Workload::from_str(&text, &dir.join("m.toml")).unwrap_err();
        assert!(
            e.contains("m.toml:9:8:") && e.contains("6 bytes, expected 8"),
            "{}",
            e
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn f16_values() {
        let w = one_buffer(
            "type = \"f16\"\ndata = [1.0, -2.5, 65504, 0.000000059604644775390625, 1.0009765625]",
        )
        .unwrap();
        let b = &w.buffers[0].init;
        let h: Vec<u16> = b
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        assert_eq!(h, [0x3c00, 0xc100, 0x7bff, 0x0001, 0x3c01]);
        let e = one_buffer("type = \"f16\"\ndata = [65520]").unwrap_err();
        assert!(e.contains("out of range for f16"), "{}", e);
    }

    #[test]
    fn f16_rounding_exact() {
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even gives 1.
        assert_eq!(f64_to_f16_bits(1.0 + 2f64.powi(-11)), 0x3c00);
        // Slightly above the tie rounds up. (Rounding through f32 first would lose this.)
        assert_eq!(
            f64_to_f16_bits(1.0 + 2f64.powi(-11) + 2f64.powi(-40)),
            0x3c01
        );
        // 1 + 3*2^-11: tie between 0x3c01 and 0x3c02 -> even 0x3c02.
        assert_eq!(f64_to_f16_bits(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        // Subnormals: 2^-24 is 0x0001; 2^-25 ties to 0; just above rounds to 0x0001.
        assert_eq!(f64_to_f16_bits(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16_bits(2f64.powi(-25)), 0x0000);
        assert_eq!(f64_to_f16_bits(2f64.powi(-25) * 1.5), 0x0001);
        assert_eq!(f64_to_f16_bits(-3.0 * 2f64.powi(-25)), 0x8002); // 1.5 units -> 2 (even)
                                                                    // Largest subnormal rounding up into the smallest normal.
        assert_eq!(f64_to_f16_bits(2f64.powi(-14) - 2f64.powi(-26)), 0x0400);
        // Overflow: 65519.99 -> 65504; 65520 -> inf.
        assert_eq!(f64_to_f16_bits(65519.99), 0x7bff);
        assert_eq!(f64_to_f16_bits(65520.0), 0x7c00);
        assert_eq!(f64_to_f16_bits(-1e10), 0xfc00);
        assert_eq!(f64_to_f16_bits(-0.0), 0x8000);
        assert_eq!(f64_to_f16_bits(1e-300), 0x0000);
        assert_eq!(f64_to_f16_bits(f64::NAN) & 0x7e00, 0x7e00);
        // Every f16 value converts back to itself.
        for bits in 0u16..=0xffff {
            let v = half::f16::from_bits(bits);
            if !v.is_nan() {
                assert_eq!(f64_to_f16_bits(v.to_f64()), bits);
            }
        }
    }

    #[test]
    fn random_is_deterministic_and_in_range() {
        // Reference SplitMix64 outputs for seed 0 (from the published algorithm).
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xe220a8397b1dcdaf);
        assert_eq!(g.next_u64(), 0x6e789e6aa1b965f4);
        assert_eq!(g.next_u64(), 0x06c45d188009454f);

        let w1 = one_buffer("type = \"i32\"\nlen = 1000\nrandom = { seed = 7, min = -3, max = 4 }")
            .unwrap();
        let w2 = one_buffer("type = \"i32\"\nlen = 1000\nrandom = { seed = 7, min = -3, max = 4 }")
            .unwrap();
        assert_eq!(w1.buffers[0].init, w2.buffers[0].init);
        let v = i32s(&w1.buffers[0].init);
        assert!(v.iter().all(|&x| (-3..=4).contains(&x)));
        for k in -3..=4 {
            assert!(v.contains(&k), "value {} never drawn", k);
        }
        // First value by hand: range 8 is a power of two, so the result is the top 3 bits.
        let mut g = SplitMix64::new(7);
        let x = g.next_u64();
        assert_eq!(v[0] as i64, -3 + (x >> 61) as i64);

        let w =
            one_buffer("type = \"f32\"\nlen = 500\nrandom = { seed = 1, min = 2.0, max = 3.0 }")
                .unwrap();
        let v = f32s(&w.buffers[0].init);
        assert!(v.iter().all(|&x| (2.0..3.0).contains(&x)));
        let mut g = SplitMix64::new(1);
        let u = (g.next_u64() >> 11) as f64 / 9007199254740992.0;
        assert_eq!(v[0], (2.0 + u) as f32);

        // Full u64 range.
        let w = one_buffer("type = \"u64\"\nlen = 2\nrandom = { seed = 0, min = 0, max = \"18446744073709551615\" }").unwrap();
        assert_eq!(w.buffers[0].init[..8], 0xe220a8397b1dcdafu64.to_le_bytes());
    }

    #[test]
    fn error_unknown_key_has_line() {
        let e = parse(&format!("{}[[buffer]]\nname = \"b\"\ntype = \"u32\"\nlenn = 4\nbinding = {{ set = 0, binding = 0 }}\n", HEAD))
            .unwrap_err();
        assert!(e.starts_with("/tmp/wl/test.toml:8:1: "), "{}", e);
        assert!(e.contains("lenn"), "{}", e);
        let e = parse(&format!("{}bogus = 1\n", HEAD)).unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:5:1: ") && e.contains("bogus"),
            "{}",
            e
        );
        // Unknown key inside an inline table.
        let e =
            one_buffer("type = \"u32\"\nlen = 4\nseries = { start = 0, stop = 1 }").unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:10:23: ") && e.contains("stop"),
            "{}",
            e
        );
    }

    #[test]
    fn error_two_initializers() {
        let e = one_buffer("type = \"u32\"\nlen = 4\nfill = 1\ndata = [1, 2]").unwrap_err();
        assert!(
            e.contains("test.toml:")
                && e.contains("buffer \"b\"")
                && e.contains("more than one initializer"),
            "{}",
            e
        );
    }

    #[test]
    fn error_out_of_range() {
        let e = one_buffer("type = \"u8\"\ndata = [1, 300]").unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:9:12: ") && e.contains("300") && e.contains("u8"),
            "{}",
            e
        );
        let e = one_buffer("type = \"u32\"\nfill = -1\nlen = 1").unwrap_err();
        assert!(e.contains("out of range for u32"), "{}", e);
        let e =
            one_buffer("type = \"i8\"\nlen = 4\nseries = { start = 120, step = 3 }").unwrap_err();
        assert!(e.contains("series element 3"), "{}", e);
        let e = one_buffer("type = \"f32\"\nfill = 1e39\nlen = 1").unwrap_err();
        assert!(e.contains("out of range for f32"), "{}", e);
        let e = one_buffer("type = \"i32\"\nfill = 1.5\nlen = 1").unwrap_err();
        assert!(e.contains("needs an integer"), "{}", e);
        let e = one_buffer("type = \"u8\"\nlen = 1\ndata = [1, 2]").unwrap_err();
        assert!(e.contains("`data` has 2 values but `len` is 1"), "{}", e);
        let e = one_buffer("type = \"u3\"\nlen = 1").unwrap_err();
        assert!(e.contains("unknown type \"u3\""), "{}", e);
    }

    #[test]
    fn error_bindings() {
        let e = parse(&format!(
            "{}[[buffer]]\nname = \"b\"\ntype = \"u32\"\nlen = 1\n",
            HEAD
        ))
        .unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:") && e.contains("missing binding"),
            "{}",
            e
        );
        let e = one_buffer("type = \"u32\"\nlen = 1\narg = 1").unwrap_err();
        assert!(e.contains("more than one binding"), "{}", e);
    }

    #[test]
    fn error_check_unknown_buffer_and_range() {
        let e = one_buffer("type = \"u32\"\nlen = 4\n[[check]]\nbuffer = \"nope\"\nfill = 0")
            .unwrap_err();
        assert!(
            e.starts_with("/tmp/wl/test.toml:11:10: ") && e.contains("unknown buffer \"nope\""),
            "{}",
            e
        );
        let e = one_buffer(
            "type = \"u32\"\nlen = 4\n[[check]]\nbuffer = \"b\"\nfill = 0\nrange = [2, 5]",
        )
        .unwrap_err();
        assert!(e.contains("outside the buffer"), "{}", e);
        let e = one_buffer("type = \"u32\"\nlen = 4\n[[check]]\nbuffer = \"b\"\ndata = [1, 2, 3]")
            .unwrap_err();
        assert!(e.contains("checked range has 4"), "{}", e);
        let e = one_buffer("type = \"u32\"\nlen = 4\n[[check]]\nbuffer = \"b\"").unwrap_err();
        assert!(e.contains("give the expected values"), "{}", e);
    }

    #[test]
    fn spec_constants() {
        let w = parse(&format!(
            "{}spec_constants = {{ 0 = 128, 3 = 1.5, 7 = true, 9 = -4 }}\n",
            HEAD
        ))
        .unwrap();
        let got: Vec<(u32, SpecValue)> = w.spec_constants.into_iter().collect();
        assert_eq!(
            got,
            vec![
                (0, SpecValue::Int(128)),
                (3, SpecValue::Float(1.5)),
                (7, SpecValue::Bool(true)),
                (9, SpecValue::Int(-4))
            ]
        );
        let e = parse(&format!("{}spec_constants = {{ x = 1 }}\n", HEAD)).unwrap_err();
        assert!(e.contains("not a SpecId"), "{}", e);
    }

    fn check_of(ty: &str, body: &str) -> (ElemType, Check) {
        let w = one_buffer(&format!(
            "type = \"{}\"\nlen = 4\n[[check]]\nbuffer = \"b\"\n{}",
            ty, body
        ))
        .unwrap();
        (w.buffers[0].ty, w.checks[0].clone())
    }

    fn f32_bytes(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn check_exact_ints_and_range() {
        let (ty, c) = check_of("u32", "data = [5, 6]\nrange = [1, 3]");
        assert_eq!(c.range, (1, 3));
        let actual: Vec<u8> = [9u32, 5, 6, 9]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let o = c.evaluate(ty, &actual);
        assert!(o.passed && o.checked == 2 && o.mismatches == 0 && o.first_mismatch.is_none());
        let actual: Vec<u8> = [9u32, 5, 7, 8]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let o = c.evaluate(ty, &actual);
        assert!(!o.passed);
        assert_eq!(o.mismatches, 1);
        assert_eq!(
            o.first_mismatch,
            Some(Mismatch {
                index: 2,
                expected: "6".into(),
                actual: "7".into()
            })
        );
        // A too-short actual buffer fails instead of panicking.
        let o = c.evaluate(ty, &actual[..8]);
        assert!(!o.passed && o.mismatches == 1);
        // Integer tolerance.
        let (ty, c) = check_of("i32", "fill = -5\nulp = 2");
        let actual: Vec<u8> = [-5i32, -3, -7, -8]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let o = c.evaluate(ty, &actual);
        assert_eq!((o.mismatches, o.first_mismatch.unwrap().index), (1, 3));
        // Past one block of 4096 equal elements: mismatches in later
        // blocks, one within tolerance, and elements missing at the end
        // are each counted.
        let c = Check {
            buffer: "b".into(),
            expected: Contents::Elements((0..10_000u32).flat_map(|x| x.to_le_bytes()).collect()),
            range: (0, 10_000),
            ulp: Some(1),
            abs: None,
        };
        let mut values: Vec<u32> = (0..9_990).collect();
        values[5_000] += 1;
        values[9_000] += 2;
        values[9_001] = 0;
        let actual: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        let o = c.evaluate(ElemType::U32, &actual);
        assert_eq!(o.checked, 10_000);
        assert_eq!(o.mismatches, 2 + 10, "9000, 9001 and the 10 missing");
        assert_eq!(o.first_mismatch.unwrap().index, 9_000);
    }

    /// A `fill` check keeps its element once, however many it checks, and
    /// judges each element as one given one by one would: past the first
    /// block, within a tolerance, and missing at the end.
    #[test]
    fn a_fill_check_keeps_one_element_and_judges_every_one() {
        let w = one_buffer("type = \"u32\"\nlen = 10000\n[[check]]\nbuffer = \"b\"\nfill = 7\nulp = 1\nrange = [100, 10000]")
            .unwrap();
        let c = &w.checks[0];
        assert_eq!(
            c.expected,
            Contents::Repeated {
                one: 7u32.to_le_bytes().to_vec(),
                len: 9_900
            }
        );
        let mut values = vec![7u32; 9_990];
        values[..100].fill(0);
        values[5_000] = 8;
        values[9_000] = 9;
        values[9_001] = 0;
        let actual: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        let o = c.evaluate(ElemType::U32, &actual);
        assert_eq!(o.checked, 9_900);
        assert_eq!(o.mismatches, 2 + 10, "9000, 9001 and the 10 missing");
        let first = o.first_mismatch.unwrap();
        assert_eq!(
            (first.index, &first.expected[..], &first.actual[..]),
            (9_000, "7", "9")
        );
        values.resize(10_000, 7);
        (values[9_000], values[9_001]) = (7, 6);
        let actual: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        assert!(c.evaluate(ElemType::U32, &actual).passed);
    }

    #[test]
    fn check_float_exact_nan_negzero() {
        let (ty, c) = check_of("f32", "data = [1.5, nan, 0.0, -0.0]");
        let ok = f32_bytes(&[1.5, f32::from_bits(0x7fc0_1234), 0.0, -0.0]);
        assert!(c.evaluate(ty, &ok).passed);
        let neg = f32_bytes(&[1.5, f32::NAN, -0.0, -0.0]);
        let o = c.evaluate(ty, &neg);
        assert!(!o.passed);
        assert_eq!(
            o.first_mismatch,
            Some(Mismatch {
                index: 2,
                expected: "0".into(),
                actual: "-0".into()
            })
        );
        let notnan = f32_bytes(&[1.5, 1.0, 0.0, -0.0]);
        assert!(!c.evaluate(ty, &notnan).passed);
        let off = f32_bytes(&[f32::from_bits(0x3fc0_0001), f32::NAN, 0.0, -0.0]);
        assert_eq!(c.evaluate(ty, &off).mismatches, 1);
    }

    #[test]
    fn check_float_ulp_and_abs() {
        let (ty, c) = check_of("f32", "data = [1.0, 1.0, 0.0, inf]\nulp = 2");
        let a = f32_bytes(&[
            f32::from_bits(0x3f80_0002),
            f32::from_bits(0x3f7f_fffe),
            f32::from_bits(0x8000_0001),
            f32::INFINITY,
        ]);
        assert!(c.evaluate(ty, &a).passed);
        let a = f32_bytes(&[f32::from_bits(0x3f80_0003), 1.0, 0.0, f32::MAX]);
        let o = c.evaluate(ty, &a);
        assert_eq!(o.mismatches, 2);
        assert_eq!(o.first_mismatch.unwrap().index, 0);
        // Across zero: +min_subnormal vs -min_subnormal is 2 ulps.
        let (ty, c) = check_of("f32", "fill = 1.401298464324817e-45\nulp = 2");
        let a = f32_bytes(&[f32::from_bits(0x8000_0001); 4]);
        assert!(c.evaluate(ty, &a).passed);

        let (ty, c) = check_of("f64", "data = [1.0, 2.0, nan, -inf]\nabs = 0.001");
        let a: Vec<u8> = [1.0009f64, 1.998, f64::NAN, f64::NEG_INFINITY]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let o = c.evaluate(ty, &a);
        assert_eq!(
            (o.mismatches, o.first_mismatch.as_ref().unwrap().index),
            (1, 1)
        );
        assert_eq!(o.first_mismatch.unwrap().actual, "1.998");
        // Both tolerances: either may hold.
        let (ty, c) = check_of("f32", "data = [100.0, 1.0, 0.0, 0.0]\nulp = 1\nabs = 0.5");
        let a = f32_bytes(&[100.25, f32::from_bits(0x3f80_0001), 0.4, 0.6]);
        let o = c.evaluate(ty, &a);
        assert_eq!((o.mismatches, o.first_mismatch.unwrap().index), (1, 3));
    }

    #[test]
    fn check_f16_format() {
        let (ty, c) = check_of("f16", "series = { start = 0.5, step = 0.25 }");
        assert_eq!(ty, ElemType::F16);
        let a: Vec<u8> = [0x3800u16, 0x3a00, 0x3c00, 0x3d01]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let o = c.evaluate(ty, &a);
        assert_eq!(
            o.first_mismatch,
            Some(Mismatch {
                index: 3,
                expected: "1.25".into(),
                actual: "1.2509766".into()
            })
        );
        assert_eq!(ElemType::F16.format(&[0x00, 0x7e]), "NaN (0x7e00)");
        assert_eq!(ElemType::I8.format(&[0xff]), "-1");
        assert_eq!(ElemType::U64.format(&[0xff; 8]), "18446744073709551615");
    }
}
