//! SPIR-V text assembler.
//!
//! Reads the textual form printed by the usual SPIR-V disassemblers
//! (`%name = OpFoo %type %a 1 "str" Enumerant Mask|Mask`) and produces a
//! binary module. Operand layouts come from rspirv's grammar tables; the
//! extra operands some enumerants carry (decorations, execution modes,
//! memory-access and image-operand masks, ...) are learned once by asking
//! rspirv's binary parser how it decodes them.
//!
//! Id numbering: an id written as a number (`%12`) keeps that number; named
//! ids get the lowest unused numbers in order of first appearance.
//! Header comments `; Version: X.Y`, `; Generator: ...` and `; Bound: N`
//! that precede the first instruction are honoured (default version 1.6,
//! generator 0, bound = highest id + 1).

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::{Mutex, OnceLock};

use rspirv::binary::Disassemble as _;
use rspirv::grammar::{
    ext_inst_table, ExtendedInstruction, Instruction, LogicalOperand, OperandKind,
    OperandQuantifier, INSTRUCTION_TABLE,
};

/// An assembly error: the 1-based source line and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AsmError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for AsmError {}

fn err<T>(line: usize, message: impl Into<String>) -> Result<T, AsmError> {
    Err(AsmError {
        line,
        message: message.into(),
    })
}

// ---------------------------------------------------------------------------
// Grammar helpers shared with the disassembler.
// ---------------------------------------------------------------------------

/// How an operand kind is spelled in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KindClass {
    /// One enumerant name (or number).
    Value,
    /// `|`-joined bit names (or numbers), `None` for zero.
    Mask,
    Other,
}

macro_rules! enum_kinds {
    (values: [$($v:ident),* $(,)?], masks: [$($m:ident),* $(,)?]) => {
        pub(crate) fn kind_class(kind: OperandKind) -> KindClass {
            match kind {
                $(OperandKind::$v => KindClass::Value,)*
                $(OperandKind::$m => KindClass::Mask,)*
                _ => KindClass::Other,
            }
        }

        fn raw_value_name(kind: OperandKind, v: u32) -> Option<String> {
            match kind {
                $(OperandKind::$v => spirv::$v::from_u32(v).map(|e| format!("{e:?}")),)*
                _ => None,
            }
        }

        fn raw_value_from_name(kind: OperandKind, name: &str) -> Option<u32> {
            match kind {
                $(OperandKind::$v => name.parse::<spirv::$v>().ok().map(|e| e as u32),)*
                _ => None,
            }
        }

        fn raw_mask_bit_name(kind: OperandKind, bit: u32) -> Option<String> {
            let s = match kind {
                $(OperandKind::$m => spirv::$m::from_bits_retain(bit).disassemble(),)*
                _ => return None,
            };
            (!s.is_empty() && !s.contains('|')).then_some(s)
        }

        /// The capabilities one enumerant (of a value kind) or one mask bit
        /// needs, one of which a module using it must declare (from the
        /// grammar, through rspirv's `dr::Operand`).
        pub(crate) fn enumerant_capabilities(kind: OperandKind, v: u32) -> Vec<spirv::Capability> {
            match kind {
                $(OperandKind::$v => spirv::$v::from_u32(v)
                    .map(|e| rspirv::dr::Operand::$v(e).required_capabilities())
                    .unwrap_or_default(),)*
                $(OperandKind::$m => rspirv::dr::Operand::$m(spirv::$m::from_bits_retain(v))
                    .required_capabilities(),)*
                _ => Vec::new(),
            }
        }

        /// Operand kind from its grammar name (as rspirv's `dr::Operand`
        /// variants are named).
        fn kind_from_name(name: &str) -> Option<OperandKind> {
            match name {
                $(stringify!($v) => Some(OperandKind::$v),)*
                $(stringify!($m) => Some(OperandKind::$m),)*
                _ => None,
            }
        }
    };
}

enum_kinds! {
    values: [
        SourceLanguage, ExecutionModel, AddressingModel, MemoryModel, ExecutionMode,
        StorageClass, Dim, SamplerAddressingMode, SamplerFilterMode, ImageFormat,
        ImageChannelOrder, ImageChannelDataType, FPRoundingMode, FPDenormMode,
        QuantizationModes, FPOperationMode, OverflowModes, LinkageType, AccessQualifier,
        HostAccessQualifier, FunctionParameterAttribute, Decoration, BuiltIn, Scope,
        GroupOperation, KernelEnqueueFlags, Capability, RayQueryIntersection,
        RayQueryCommittedIntersectionType, RayQueryCandidateIntersectionType,
        PackedVectorFormat, CooperativeMatrixLayout, CooperativeMatrixUse, TensorClampMode,
        InitializationModeQualifier, LoadCacheControl, StoreCacheControl,
        NamedMaximumNumberOfRegisters, FPEncoding, CooperativeVectorMatrixLayout,
        ComponentType,
    ],
    masks: [
        ImageOperands, FPFastMathMode, SelectionControl, LoopControl, FunctionControl,
        MemorySemantics, MemoryAccess, KernelProfilingInfo, RayFlags, FragmentShadingRate,
        RawAccessChainOperands, CooperativeMatrixOperands, CooperativeMatrixReduce,
        TensorAddressingOperands, MatrixMultiplyAccumulateOperands, TensorOperands,
    ]
}

/// Text name of a value enumerant (`GLCompute`, `2D`, ...).
pub(crate) fn value_name(kind: OperandKind, v: u32) -> Option<String> {
    let name = raw_value_name(kind, v)?;
    if kind == OperandKind::Dim {
        // rspirv prefixes the digit-leading names; the grammar spells them `1D`.
        return Some(name.strip_prefix("Dim").unwrap_or(&name).to_string());
    }
    Some(name)
}

pub(crate) fn value_from_name(kind: OperandKind, name: &str) -> Option<u32> {
    if kind == OperandKind::Dim {
        return raw_value_from_name(kind, &format!("Dim{name}"))
            .or_else(|| raw_value_from_name(kind, name));
    }
    raw_value_from_name(kind, name)
}

/// Name of a single mask bit, if the grammar knows it.
pub(crate) fn mask_bit_name(kind: OperandKind, bit: u32) -> Option<String> {
    raw_mask_bit_name(kind, bit)
}

fn mask_bit_from_name(kind: OperandKind, name: &str) -> Option<u32> {
    if name == "None" {
        return Some(0);
    }
    (0..32)
        .map(|i| 1u32 << i)
        .find(|&bit| raw_mask_bit_name(kind, bit).as_deref() == Some(name))
}

/// Map of `Op` names to grammar entries.
fn opcode_by_name(name: &str) -> Option<&'static Instruction<'static>> {
    static MAP: OnceLock<HashMap<String, &'static Instruction<'static>>> = OnceLock::new();
    MAP.get_or_init(|| {
        INSTRUCTION_TABLE
            .iter()
            .map(|i| (format!("Op{}", i.opname), i))
            .collect()
    })
    .get(name)
    .copied()
}

pub(crate) fn opcode_info(opcode: u32) -> Option<&'static Instruction<'static>> {
    static MAP: OnceLock<HashMap<u32, &'static Instruction<'static>>> = OnceLock::new();
    MAP.get_or_init(|| {
        INSTRUCTION_TABLE
            .iter()
            .map(|i| (i.opcode as u32, i))
            .collect()
    })
    .get(&opcode)
    .copied()
}

pub(crate) fn ext_inst_info(
    set: &str,
    number: u32,
) -> Option<&'static ExtendedInstruction<'static>> {
    ext_inst_table(set)?
        .iter()
        .find(|i| u32::from(i.opcode) == number)
}

fn ext_inst_by_name(set: &str, name: &str) -> Option<&'static ExtendedInstruction<'static>> {
    ext_inst_table(set)?.iter().find(|i| i.opname == name)
}

struct Collect(Vec<rspirv::dr::Instruction>);

impl rspirv::binary::Consumer for Collect {
    fn initialize(&mut self) -> rspirv::binary::ParseAction {
        rspirv::binary::ParseAction::Continue
    }
    fn finalize(&mut self) -> rspirv::binary::ParseAction {
        rspirv::binary::ParseAction::Continue
    }
    fn consume_header(&mut self, _: rspirv::dr::ModuleHeader) -> rspirv::binary::ParseAction {
        rspirv::binary::ParseAction::Continue
    }
    fn consume_instruction(
        &mut self,
        inst: rspirv::dr::Instruction,
    ) -> rspirv::binary::ParseAction {
        self.0.push(inst);
        rspirv::binary::ParseAction::Continue
    }
}

/// Kind of an extra operand carried by an enumerant.
fn param_kind_of(op: &rspirv::dr::Operand) -> OperandKind {
    use rspirv::dr::Operand as O;
    match op {
        O::IdRef(_) | O::IdScope(_) | O::IdMemorySemantics(_) => OperandKind::IdRef,
        O::LiteralString(_) => OperandKind::LiteralString,
        O::LiteralBit32(_) | O::LiteralBit64(_) => OperandKind::LiteralInteger,
        other => {
            let dbg = format!("{other:?}");
            let name = dbg.split('(').next().unwrap_or("");
            kind_from_name(name).unwrap_or(OperandKind::LiteralInteger)
        }
    }
}

/// Learn the extra operands of one enumerant (or one mask bit) by letting
/// rspirv's parser decode a tiny probe instruction that ends in this kind.
fn probe_params(kind: OperandKind, value: u32) -> Vec<OperandKind> {
    for inst in INSTRUCTION_TABLE.iter() {
        let Some((last, prefix)) = inst.operands.split_last() else {
            continue;
        };
        if last.kind != kind
            || prefix.iter().any(|o| {
                o.quantifier == OperandQuantifier::ZeroOrMore
                    || matches!(
                        o.kind,
                        OperandKind::LiteralContextDependentNumber
                            | OperandKind::LiteralSpecConstantOpInteger
                            | OperandKind::LiteralExtInstInteger
                            | OperandKind::PairLiteralIntegerIdRef
                            | OperandKind::PairIdRefLiteralInteger
                            | OperandKind::PairIdRefIdRef
                    )
            })
        {
            continue;
        }
        let skip = prefix
            .iter()
            .filter(|o| !matches!(o.kind, OperandKind::IdResult | OperandKind::IdResultType))
            .count();
        for extra in 0..8usize {
            let wc = (2 + prefix.len() + extra) as u32;
            let mut words = vec![spirv::MAGIC_NUMBER, 0x0001_0600, 0, 1000, 0];
            words.push((wc << 16) | inst.opcode as u32);
            words.extend(std::iter::repeat_n(0, prefix.len()));
            words.push(value);
            words.extend(std::iter::repeat_n(0, extra));
            let mut c = Collect(Vec::new());
            if rspirv::binary::parse_words(&words, &mut c).is_ok() && c.0.len() == 1 {
                return c.0[0]
                    .operands
                    .iter()
                    .skip(skip + 1)
                    .map(param_kind_of)
                    .collect();
            }
        }
    }
    Vec::new()
}

/// Extra operands following enumerant `value` (for masks: one bit) of `kind`.
pub(crate) fn enum_params(kind: OperandKind, value: u32) -> Vec<OperandKind> {
    type Params = HashMap<(OperandKind, u32), Vec<OperandKind>>;
    static CACHE: OnceLock<Mutex<Params>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(v) = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&(kind, value))
    {
        return v.clone();
    }
    let v = match kind_class(kind) {
        KindClass::Value if raw_value_name(kind, value).is_some() => probe_params(kind, value),
        KindClass::Mask if value.is_power_of_two() && raw_mask_bit_name(kind, value).is_some() => {
            probe_params(kind, value)
        }
        _ => Vec::new(),
    };
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert((kind, value), v.clone());
    v
}

/// Well-known generator ids of the Khronos registry and how they are
/// usually printed in disassembly headers.
pub(crate) const GENERATORS: &[(u32, &str)] = &[
    (0, "Khronos"),
    (1, "LunarG"),
    (2, "Valve"),
    (3, "Codeplay"),
    (4, "NVIDIA"),
    (5, "ARM"),
    (6, "Khronos LLVM/SPIR-V Translator"),
    (7, "Khronos SPIR-V Tools Assembler"),
    (8, "Khronos Glslang Reference Front End"),
    (9, "Qualcomm"),
    (10, "AMD"),
    (11, "Intel"),
    (12, "Imagination"),
    (13, "Google Shaderc over Glslang"),
    (14, "Google spiregg"),
    (15, "Google rspirv"),
    (17, "Khronos SPIR-V Tools Linker"),
    (21, "Google Clspv"),
    (22, "Google MLIR SPIR-V Serializer"),
    (23, "Google Tint Compiler"),
    (27, "Embark Studios Rust GPU Compiler Backend"),
    (28, "gfx-rs community Naga"),
    (43, "LLVM LLVM SPIR-V Backend"),
];

/// Parse the text after `; Generator:`.
fn parse_generator(text: &str) -> Option<u32> {
    let text = text.trim();
    if let Some(v) = parse_u64(text) {
        return u32::try_from(v).ok();
    }
    let (tool, version) = text.rsplit_once(';')?;
    let version = u32::try_from(parse_u64(version.trim())?).ok()?;
    if version > 0xffff {
        return None;
    }
    let tool = tool.trim();
    let id = if let Some(n) = tool
        .strip_prefix("Unknown(")
        .and_then(|s| s.strip_suffix(')'))
    {
        u32::try_from(parse_u64(n)?).ok()?
    } else {
        GENERATORS.iter().find(|(_, n)| *n == tool)?.0
    };
    (id <= 0xffff).then_some((id << 16) | version)
}

/// Unsigned decimal or `0x` hexadecimal.
fn parse_u64(s: &str) -> Option<u64> {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// Signed integer literal: optional sign, decimal or hex. Returns the value
/// as i128 and whether it was written in hex.
fn parse_int(s: &str) -> Option<(i128, bool)> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let hex = body.starts_with("0x") || body.starts_with("0X");
    let v = parse_u64(body)? as i128;
    Some((if neg { -v } else { v }, hex))
}

// ---------------------------------------------------------------------------
// Floats.
// ---------------------------------------------------------------------------

/// Float format: fraction bits and exponent bits.
#[derive(Clone, Copy)]
pub(crate) struct FloatFmt {
    pub frac: u32,
    pub exp: u32,
}

pub(crate) fn float_fmt(width: u32) -> Option<FloatFmt> {
    match width {
        16 => Some(FloatFmt { frac: 10, exp: 5 }),
        32 => Some(FloatFmt { frac: 23, exp: 8 }),
        64 => Some(FloatFmt { frac: 52, exp: 11 }),
        _ => None,
    }
}

/// Parse a hex float (`0x1.8p+3`, `-0x1p+128`) into the bit pattern of the
/// given format, rounding to nearest-even. An exponent one past the largest
/// finite one with a leading `1` encodes infinity (zero fraction) or a NaN
/// whose payload is the fraction.
fn parse_hex_float(s: &str, f: FloatFmt) -> Result<u64, String> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let body = body
        .strip_prefix("0x")
        .or_else(|| body.strip_prefix("0X"))
        .ok_or("not a hex float")?;
    let (mant, exp) = match body.find(['p', 'P']) {
        Some(i) => (&body[..i], &body[i + 1..]),
        None => (body, "0"),
    };
    let exp: i64 = exp
        .strip_prefix('+')
        .unwrap_or(exp)
        .parse()
        .map_err(|_| "bad exponent")?;
    let (int_part, frac_part) = mant.split_once('.').unwrap_or((mant, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return Err("no digits".into());
    }
    if !int_part
        .chars()
        .chain(frac_part.chars())
        .all(|c| c.is_ascii_hexdigit())
    {
        return Err("bad hex digit".into());
    }
    let sign = (neg as u64) << (f.frac + f.exp);
    let bias = (1i64 << (f.exp - 1)) - 1;
    let exp_all_ones = (1u64 << f.exp) - 1;
    // Infinity / NaN spelling.
    if int_part.trim_start_matches('0') == "1" && exp == bias + 1 {
        let mut frac_bits: u128 = 0;
        let mut nbits = 0u32;
        for c in frac_part.chars() {
            frac_bits = (frac_bits << 4) | c.to_digit(16).unwrap_or(0) as u128;
            nbits += 4;
            if nbits > 120 {
                return Err("too many digits".into());
            }
        }
        let frac = if nbits >= f.frac {
            let dropped = frac_bits & ((1u128 << (nbits - f.frac)) - 1);
            if dropped != 0 {
                return Err("NaN payload does not fit".into());
            }
            frac_bits >> (nbits - f.frac)
        } else {
            frac_bits << (f.frac - nbits)
        };
        return Ok(sign | (exp_all_ones << f.frac) | frac as u64);
    }
    // Exact mantissa (with sticky bit for excess digits).
    let mut m: u128 = 0;
    let mut e2: i64 = exp;
    let mut sticky = false;
    for c in int_part.chars() {
        let d = c.to_digit(16).unwrap_or(0) as u128;
        if m >> 120 != 0 {
            sticky |= d != 0;
            e2 += 4;
        } else {
            m = (m << 4) | d;
        }
    }
    for c in frac_part.chars() {
        let d = c.to_digit(16).unwrap_or(0) as u128;
        if m >> 120 != 0 {
            sticky |= d != 0;
        } else {
            m = (m << 4) | d;
            e2 -= 4;
        }
    }
    if m == 0 {
        return Ok(sign);
    }
    let top = 127 - m.leading_zeros() as i64; // value = m * 2^e2, leading bit 2^(top+e2)
    let emin = 1 - bias;
    let unbiased = top + e2;
    // Value in units of the least significant fraction bit at this exponent.
    let unit_exp = if unbiased >= emin {
        unbiased - f.frac as i64
    } else {
        emin - f.frac as i64
    };
    let shift = unit_exp - e2; // bits to drop from m
    let mut q: u128 = if shift <= 0 {
        let s = (-shift) as u32;
        if s >= 127 || (m << s) >> s != m {
            return Err("out of range".into());
        }
        m << s
    } else if shift >= 128 {
        0
    } else {
        let s = shift as u32;
        let q = m >> s;
        let rem = m & ((1u128 << s) - 1);
        let half = 1u128 << (s - 1);
        let round_up = rem > half || (rem == half && (sticky || q & 1 == 1));
        q + round_up as u128
    };
    let mut biased = if unbiased >= emin { unbiased + bias } else { 0 };
    if biased == 0 {
        // Subnormal; rounding may have produced the smallest normal.
        return Ok(sign | q as u64);
    }
    if q >> (f.frac + 1) != 0 {
        q >>= 1;
        biased += 1;
    }
    if biased >= exp_all_ones as i64 {
        return Err("out of range".into());
    }
    Ok(sign | ((biased as u64) << f.frac) | (q as u64 & ((1u64 << f.frac) - 1)))
}

/// Parse a float literal (decimal or hex) into bits of the given width.
fn parse_float(s: &str, width: u32) -> Result<u64, String> {
    let f = float_fmt(width).ok_or_else(|| format!("unsupported float width {width}"))?;
    let body = s.trim_start_matches(['-', '+']);
    if body.starts_with("0x") || body.starts_with("0X") {
        return parse_hex_float(s, f);
    }
    let ok = !body.is_empty()
        && (body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
            || matches!(
                body.to_ascii_lowercase().as_str(),
                "inf" | "infinity" | "nan"
            ));
    if !ok {
        return Err("not a number".into());
    }
    match width {
        16 => s
            .parse::<f64>()
            .map(|v| half::f16::from_f64(v).to_bits() as u64)
            .map_err(|e| e.to_string()),
        32 => s
            .parse::<f32>()
            .map(|v| v.to_bits() as u64)
            .map_err(|e| e.to_string()),
        _ => s
            .parse::<f64>()
            .map(f64::to_bits)
            .map_err(|e| e.to_string()),
    }
}

// ---------------------------------------------------------------------------
// Tokens.
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// `%name` (without the `%`).
    Id(String),
    Eq,
    Str(String),
    Word(String),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

impl Token {
    fn describe(&self) -> String {
        match &self.tok {
            Tok::Id(s) => format!("'%{s}'"),
            Tok::Eq => "'='".into(),
            Tok::Str(s) => format!("string \"{s}\""),
            Tok::Word(w) => format!("'{w}'"),
        }
    }
}

struct Header {
    version: Option<u32>,
    generator: Option<u32>,
    bound: Option<u32>,
}

fn tokenize(text: &str) -> Result<(Vec<Token>, Header), AsmError> {
    let mut toks = Vec::new();
    let mut header = Header {
        version: None,
        generator: None,
        bound: None,
    };
    let mut line = 1usize;
    let mut chars = text.char_indices().peekable();
    let is_sep = |c: char| c.is_whitespace() || c == ';' || c == '"' || c == '=';
    while let Some(&(i, c)) = chars.peek() {
        if c == '\n' {
            line += 1;
            chars.next();
        } else if c.is_whitespace() {
            chars.next();
        } else if c == ';' {
            let start = i;
            let mut end = text.len();
            while let Some(&(j, c)) = chars.peek() {
                if c == '\n' {
                    end = j;
                    break;
                }
                chars.next();
            }
            if toks.is_empty() {
                let comment = text[start + 1..end].trim();
                if let Some(v) = comment.strip_prefix("Version:") {
                    let v = v.trim();
                    let parsed = v.split_once('.').and_then(|(a, b)| {
                        Some((a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?))
                    });
                    match parsed {
                        // The versions a module's header may give (spirv-dis
                        // refuses others, and so does `run`).
                        Some((1, min @ 0..=6)) => {
                            header.version = Some((1 << 16) | ((min as u32) << 8))
                        }
                        Some(_) => {
                            return err(
                                line,
                                format!("version {v} in header comment is not a SPIR-V version (1.0 to 1.6)"),
                            )
                        }
                        None => return err(line, format!("bad version '{v}' in header comment")),
                    }
                } else if let Some(g) = comment.strip_prefix("Generator:") {
                    header.generator = parse_generator(g);
                } else if let Some(b) = comment.strip_prefix("Bound:") {
                    header.bound = parse_u64(b.trim()).and_then(|v| u32::try_from(v).ok());
                }
            }
        } else if c == '"' {
            let start_line = line;
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    None => return err(start_line, "unterminated string literal"),
                    Some((_, '"')) => break,
                    Some((_, '\\')) => match chars.next() {
                        None => return err(start_line, "unterminated string literal"),
                        Some((_, c)) => {
                            if c == '\n' {
                                line += 1;
                            }
                            s.push(c)
                        }
                    },
                    Some((_, c)) => {
                        if c == '\n' {
                            line += 1;
                        }
                        s.push(c)
                    }
                }
            }
            // A string ends at a word's end, as spirv-as reads it: text right
            // after the closing quote means that quote opened another string,
            // so this one was never closed (a string may span lines, and then
            // ends far from its start), or the text lacks a space before it.
            if let Some(&(_, next)) = chars.peek() {
                if !next.is_whitespace() && next != ';' {
                    let message = if line > start_line {
                        format!("unterminated string literal (it runs on to a quote on line {line} that has '{next}' right after it)")
                    } else {
                        format!("string literal \"{s}\" has '{next}' right after its closing quote (a space must come between)")
                    };
                    return err(start_line, message);
                }
            }
            toks.push(Token {
                tok: Tok::Str(s),
                line: start_line,
            });
        } else if c == '=' {
            chars.next();
            toks.push(Token { tok: Tok::Eq, line });
        } else {
            let start = i;
            let mut end = text.len();
            while let Some(&(j, c)) = chars.peek() {
                if is_sep(c) {
                    end = j;
                    break;
                }
                chars.next();
            }
            let w = &text[start..end];
            let tok = if let Some(name) = w.strip_prefix('%') {
                if name.is_empty() {
                    return err(line, "'%' must be followed by an id name or number");
                }
                Tok::Id(name.to_string())
            } else {
                Tok::Word(w.to_string())
            };
            toks.push(Token { tok, line });
        }
    }
    Ok((toks, header))
}

// ---------------------------------------------------------------------------
// Assembler.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NumType {
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

struct Asm {
    toks: Vec<Token>,
    pos: usize,
    names: HashMap<String, u32>,
    numeric: HashSet<u32>,
    next_id: u32,
    defined: HashSet<u32>,
    /// First use of each id: (name as written, line).
    first_use: HashMap<u32, (String, usize)>,
    num_types: HashMap<u32, NumType>,
    /// Result type of every value id.
    value_type: HashMap<u32, u32>,
    ext_sets: HashMap<u32, String>,
    out: Vec<u32>,
}

fn is_numeric_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

impl Asm {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }

    fn last_line(&self) -> usize {
        self.toks
            .get(self.pos.min(self.toks.len()).saturating_sub(1))
            .map_or(1, |t| t.line)
    }

    /// Does the token at `i` begin a new instruction?
    fn starts_inst(&self, i: usize) -> bool {
        match self.toks.get(i).map(|t| &t.tok) {
            Some(Tok::Word(w)) => {
                w.starts_with("Op") && w[2..].starts_with(|c: char| c.is_ascii_uppercase())
            }
            Some(Tok::Id(_)) => matches!(self.toks.get(i + 1).map(|t| &t.tok), Some(Tok::Eq)),
            _ => false,
        }
    }

    fn has_operand(&self) -> bool {
        self.pos < self.toks.len() && !self.starts_inst(self.pos)
    }

    fn id_of(&mut self, name: &str, line: usize) -> Result<u32, AsmError> {
        let id = if is_numeric_name(name) {
            match name.parse::<u32>() {
                Ok(0) | Err(_) => return err(line, format!("invalid id %{name}")),
                Ok(v) => v,
            }
        } else if let Some(&id) = self.names.get(name) {
            id
        } else {
            while self.numeric.contains(&self.next_id) {
                self.next_id += 1;
            }
            let id = self.next_id;
            if id == u32::MAX {
                return err(line, "too many ids");
            }
            self.next_id += 1;
            self.names.insert(name.to_string(), id);
            id
        };
        self.first_use
            .entry(id)
            .or_insert_with(|| (name.to_string(), line));
        Ok(id)
    }

    fn expect_token(&mut self, what: &str, opname: &str) -> Result<Token, AsmError> {
        if !self.has_operand() {
            let line = self.last_line();
            return match self.peek() {
                Some(t) => err(
                    t.line,
                    format!(
                        "missing operand of {opname}: expected {what}, found {}",
                        t.describe()
                    ),
                ),
                None => err(
                    line,
                    format!("missing operand of {opname}: expected {what}, found end of input"),
                ),
            };
        }
        let t = self.toks[self.pos].clone();
        self.pos += 1;
        Ok(t)
    }

    fn parse_id(&mut self, opname: &str) -> Result<u32, AsmError> {
        let t = self.expect_token("an id", opname)?;
        match &t.tok {
            Tok::Id(name) => self.id_of(name, t.line),
            _ => err(
                t.line,
                format!("{opname}: expected an id (%name), found {}", t.describe()),
            ),
        }
    }

    /// Raw `!<number>` word, allowed in place of any operand.
    fn raw_word(t: &Token) -> Option<Result<u32, AsmError>> {
        match &t.tok {
            Tok::Word(w) if w.starts_with('!') => Some(
                parse_u64(&w[1..])
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| AsmError {
                        line: t.line,
                        message: format!("bad raw word '{w}'"),
                    }),
            ),
            _ => None,
        }
    }

    fn parse_u32_literal(&mut self, opname: &str) -> Result<u32, AsmError> {
        let t = self.expect_token("an integer literal", opname)?;
        if let Some(r) = Self::raw_word(&t) {
            return r;
        }
        match &t.tok {
            Tok::Word(w) => match parse_int(w) {
                Some((v, _)) if (0..=u32::MAX as i128).contains(&v) => Ok(v as u32),
                Some((v, _)) if v < 0 && v >= i32::MIN as i128 => Ok(v as i32 as u32),
                Some(_) => err(
                    t.line,
                    format!("{opname}: integer literal '{w}' does not fit in 32 bits"),
                ),
                None => err(t.line, format!("{opname}: bad integer literal '{w}'")),
            },
            _ => err(
                t.line,
                format!(
                    "{opname}: expected an integer literal, found {}",
                    t.describe()
                ),
            ),
        }
    }

    fn encode_string(&mut self, s: &str) {
        let bytes = s.as_bytes();
        for chunk in bytes.chunks(4) {
            let mut w = [0u8; 4];
            w[..chunk.len()].copy_from_slice(chunk);
            self.out.push(u32::from_le_bytes(w));
        }
        if bytes.len().is_multiple_of(4) {
            self.out.push(0);
        }
    }

    /// A literal number typed by `ty` (constants, switch cases).
    fn parse_typed_literal(&mut self, ty: Option<NumType>, opname: &str) -> Result<(), AsmError> {
        let t = self.expect_token("a numeric literal", opname)?;
        if let Some(r) = Self::raw_word(&t) {
            self.out.push(r?);
            return Ok(());
        }
        let Tok::Word(w) = &t.tok else {
            return err(
                t.line,
                format!(
                    "{opname}: expected a numeric literal, found {}",
                    t.describe()
                ),
            );
        };
        let ty = ty.unwrap_or(NumType::Int {
            width: 32,
            signed: false,
        });
        match ty {
            NumType::Float { width } => {
                let bits = parse_float(w, width).map_err(|e| AsmError {
                    line: t.line,
                    message: format!("{opname}: bad {width}-bit float literal '{w}': {e}"),
                })?;
                self.out.push(bits as u32);
                if width == 64 {
                    self.out.push((bits >> 32) as u32);
                }
            }
            NumType::Int { width, signed } => {
                let Some((v, hex)) = parse_int(w) else {
                    return err(t.line, format!("{opname}: bad integer literal '{w}'"));
                };
                let kind = if signed { "signed" } else { "unsigned" };
                let (lo, hi) = if hex && v >= 0 {
                    (0i128, (1i128 << width) - 1)
                } else if signed {
                    (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
                } else {
                    (0, (1i128 << width) - 1)
                };
                if v < lo || v > hi {
                    return err(
                        t.line,
                        format!(
                            "{opname}: integer literal '{w}' does not fit in a {width}-bit {kind} integer"
                        ),
                    );
                }
                let mut bits = (v as u128 as u64)
                    & if width == 64 {
                        u64::MAX
                    } else {
                        (1u64 << width) - 1
                    };
                if signed && width < 64 && (bits >> (width - 1)) & 1 == 1 {
                    // Sign-extend narrow signed values to fill the word.
                    bits |= !((1u64 << width) - 1);
                }
                self.out.push(bits as u32);
                if width > 32 {
                    self.out.push((bits >> 32) as u32);
                }
            }
        }
        Ok(())
    }

    fn parse_enum(&mut self, kind: OperandKind, opname: &str) -> Result<(), AsmError> {
        let t = self.expect_token(&format!("a {kind:?} operand"), opname)?;
        if let Some(r) = Self::raw_word(&t) {
            self.out.push(r?);
            return Ok(());
        }
        let Tok::Word(w) = &t.tok else {
            return err(
                t.line,
                format!(
                    "{opname}: expected a {kind:?} operand, found {}",
                    t.describe()
                ),
            );
        };
        let value = if kind_class(kind) == KindClass::Mask {
            let mut v = 0u32;
            for part in w.split('|') {
                let bit = mask_bit_from_name(kind, part)
                    .or_else(|| parse_u64(part).and_then(|x| u32::try_from(x).ok()));
                match bit {
                    Some(b) => v |= b,
                    None => {
                        return err(
                            t.line,
                            format!("{opname}: unknown {kind:?} mask bit '{part}'"),
                        )
                    }
                }
            }
            v
        } else {
            match value_from_name(kind, w)
                .or_else(|| parse_u64(w).and_then(|x| u32::try_from(x).ok()))
            {
                Some(v) => v,
                None => {
                    return err(
                        t.line,
                        format!("{opname}: unknown {kind:?} enumerant '{w}'"),
                    )
                }
            }
        };
        self.out.push(value);
        let params: Vec<OperandKind> = if kind_class(kind) == KindClass::Mask {
            (0..32)
                .map(|i| 1u32 << i)
                .filter(|b| value & b != 0)
                .flat_map(|b| enum_params(kind, b))
                .collect()
        } else {
            enum_params(kind, value)
        };
        for p in params {
            self.parse_operand(p, opname)?;
        }
        Ok(())
    }

    /// One concrete operand of a simple kind (not the context-dependent ones).
    fn parse_operand(&mut self, kind: OperandKind, opname: &str) -> Result<(), AsmError> {
        if let Some(t) = self.peek().cloned() {
            if let Some(r) = Self::raw_word(&t) {
                if self.has_operand() {
                    self.pos += 1;
                    self.out.push(r?);
                    return Ok(());
                }
            }
        }
        match kind {
            OperandKind::IdRef
            | OperandKind::IdResultType
            | OperandKind::IdScope
            | OperandKind::IdMemorySemantics => {
                let id = self.parse_id(opname)?;
                self.out.push(id);
            }
            OperandKind::LiteralInteger => {
                let v = self.parse_u32_literal(opname)?;
                self.out.push(v);
            }
            OperandKind::LiteralFloat => {
                let t = self.expect_token("a float literal", opname)?;
                match &t.tok {
                    Tok::Word(w) => {
                        let bits = parse_float(w, 32).map_err(|e| AsmError {
                            line: t.line,
                            message: format!("{opname}: bad float literal '{w}': {e}"),
                        })?;
                        self.out.push(bits as u32);
                    }
                    _ => {
                        return err(
                            t.line,
                            format!("{opname}: expected a float literal, found {}", t.describe()),
                        )
                    }
                }
            }
            OperandKind::LiteralString => {
                let t = self.expect_token("a string literal", opname)?;
                match &t.tok {
                    Tok::Str(s) => {
                        let s = s.clone();
                        self.encode_string(&s);
                    }
                    _ => {
                        return err(
                            t.line,
                            format!(
                                "{opname}: expected a string literal, found {}",
                                t.describe()
                            ),
                        )
                    }
                }
            }
            OperandKind::PairIdRefLiteralInteger => {
                self.parse_operand(OperandKind::IdRef, opname)?;
                self.parse_operand(OperandKind::LiteralInteger, opname)?;
            }
            OperandKind::PairIdRefIdRef => {
                self.parse_operand(OperandKind::IdRef, opname)?;
                self.parse_operand(OperandKind::IdRef, opname)?;
            }
            k if kind_class(k) != KindClass::Other => self.parse_enum(k, opname)?,
            _ => {
                // Extension-specific kinds: accept an id or a number.
                let t = self.expect_token("an operand", opname)?;
                match &t.tok {
                    Tok::Id(name) => {
                        let id = self.id_of(name, t.line)?;
                        self.out.push(id);
                    }
                    Tok::Word(w) => match parse_u64(w).and_then(|v| u32::try_from(v).ok()) {
                        Some(v) => self.out.push(v),
                        None => {
                            return err(
                                t.line,
                                format!("{opname}: cannot encode operand '{w}' of kind {kind:?}"),
                            )
                        }
                    },
                    _ => return err(t.line, format!("{opname}: unexpected {}", t.describe())),
                }
            }
        }
        Ok(())
    }

    /// Walk a list of logical operands.
    fn parse_operands(
        &mut self,
        operands: &[LogicalOperand],
        opname: &str,
        result: Option<u32>,
        result_type: &mut Option<u32>,
    ) -> Result<(), AsmError> {
        let mut i = 0;
        while i < operands.len() {
            let op = &operands[i];
            let present = match op.kind {
                OperandKind::IdResult => true,
                _ => self.has_operand(),
            };
            if !present {
                match op.quantifier {
                    OperandQuantifier::One => {
                        self.expect_token(&describe_kind(op.kind), opname)?;
                        unreachable!("expect_token fails without operand");
                    }
                    _ => {
                        i += 1;
                        continue;
                    }
                }
            }
            match op.kind {
                OperandKind::IdResult => match result {
                    Some(id) => self.out.push(id),
                    None => {
                        return err(
                            self.last_line(),
                            format!("{opname} needs a result id: write '%name = {opname} ...'"),
                        )
                    }
                },
                OperandKind::IdResultType => {
                    let id = self.parse_id(opname)?;
                    *result_type = Some(id);
                    self.out.push(id);
                }
                OperandKind::LiteralContextDependentNumber => {
                    let ty = result_type.and_then(|t| self.num_types.get(&t).copied());
                    if ty.is_none() {
                        return err(
                            self.last_line(),
                            format!(
                                "{opname}: result type must be an OpTypeInt or OpTypeFloat declared earlier"
                            ),
                        );
                    }
                    self.parse_typed_literal(ty, opname)?;
                }
                OperandKind::PairLiteralIntegerIdRef => {
                    // OpSwitch: the selector is the first operand word.
                    let sel = self.out.get(1).copied().unwrap_or(0);
                    let ty = self
                        .value_type
                        .get(&sel)
                        .and_then(|t| self.num_types.get(t))
                        .copied();
                    self.parse_typed_literal(ty, opname)?;
                    self.parse_operand(OperandKind::IdRef, opname)?;
                }
                OperandKind::LiteralExtInstInteger => {
                    let set = self.out.last().copied().unwrap_or(0);
                    let set_name = self.ext_sets.get(&set).cloned();
                    let t = self.expect_token("an extended instruction name or number", opname)?;
                    let Tok::Word(w) = &t.tok else {
                        return err(
                            t.line,
                            format!(
                                "{opname}: expected an extended instruction name, found {}",
                                t.describe()
                            ),
                        );
                    };
                    let info = match &set_name {
                        Some(s) => ext_inst_by_name(s, w),
                        None => None,
                    };
                    let number = match (info, parse_u64(w)) {
                        (Some(info), _) => u32::from(info.opcode),
                        (None, Some(n)) => u32::try_from(n).map_err(|_| AsmError {
                            line: t.line,
                            message: format!("{opname}: instruction number '{w}' too large"),
                        })?,
                        (None, None) => {
                            return err(
                                t.line,
                                match &set_name {
                                    Some(s) => format!(
                                        "{opname}: '{w}' is not an instruction of extended set \"{s}\""
                                    ),
                                    None => format!(
                                        "{opname}: set operand is not an OpExtInstImport, so '{w}' cannot be resolved"
                                    ),
                                },
                            )
                        }
                    };
                    self.out.push(number);
                    let info =
                        info.or_else(|| set_name.as_deref().and_then(|s| ext_inst_info(s, number)));
                    match info {
                        Some(info) => {
                            let mut rt = None;
                            self.parse_operands(info.operands, opname, None, &mut rt)?;
                            return Ok(());
                        }
                        None => {
                            // Unknown instruction: the remaining operands are ids.
                            while self.has_operand() {
                                self.parse_operand(OperandKind::IdRef, opname)?;
                            }
                            return Ok(());
                        }
                    }
                }
                OperandKind::LiteralSpecConstantOpInteger => {
                    let t = self.expect_token("an opcode name", opname)?;
                    let Tok::Word(w) = &t.tok else {
                        return err(
                            t.line,
                            format!("{opname}: expected an opcode name, found {}", t.describe()),
                        );
                    };
                    let inner = if let Some(n) = parse_u64(w) {
                        u32::try_from(n).ok().and_then(opcode_info)
                    } else if w.starts_with("Op") {
                        opcode_by_name(w)
                    } else {
                        opcode_by_name(&format!("Op{w}"))
                    };
                    let Some(inner) = inner else {
                        return err(t.line, format!("{opname}: unknown opcode '{w}'"));
                    };
                    self.out.push(inner.opcode as u32);
                    let rest = operands_after_result(inner.operands);
                    let mut rt = None;
                    let inner_name = format!("{opname} {w}");
                    self.parse_operands(&rest, &inner_name, None, &mut rt)?;
                }
                k => self.parse_operand(k, opname)?,
            }
            match op.quantifier {
                OperandQuantifier::ZeroOrMore => {}
                _ => i += 1,
            }
        }
        Ok(())
    }

    fn parse_instruction(&mut self) -> Result<(), AsmError> {
        let mut result_name = None;
        if let (Some(Tok::Id(name)), Some(Tok::Eq)) = (
            self.toks.get(self.pos).map(|t| t.tok.clone()),
            self.toks.get(self.pos + 1).map(|t| &t.tok),
        ) {
            result_name = Some((name, self.toks[self.pos].line));
            self.pos += 2;
        }
        let Some(t) = self.toks.get(self.pos).cloned() else {
            return err(self.last_line(), "expected an opcode after '='");
        };
        self.pos += 1;
        let Tok::Word(opname) = &t.tok else {
            return err(
                t.line,
                format!("expected an instruction (OpName), found {}", t.describe()),
            );
        };
        let Some(inst) = opcode_by_name(opname) else {
            return err(t.line, format!("unknown opcode '{opname}'"));
        };
        let has_result = inst
            .operands
            .iter()
            .any(|o| o.kind == OperandKind::IdResult);
        let result = match (result_name, has_result) {
            (Some((name, line)), true) => {
                let id = self.id_of(&name, line)?;
                if !self.defined.insert(id) {
                    return err(line, format!("id %{name} is defined more than once"));
                }
                Some(id)
            }
            (Some((name, line)), false) => {
                return err(
                    line,
                    format!("{opname} does not produce a result, but %{name} = was given"),
                )
            }
            (None, _) => None,
        };
        let line = t.line;
        let mut result_type = None;
        // Keep a view on this instruction's words from `begin`.
        let saved = std::mem::take(&mut self.out);
        self.out = vec![0];
        let r = self.parse_operands(inst.operands, opname, result, &mut result_type);
        let words = std::mem::replace(&mut self.out, saved);
        r?;
        if self.has_operand() {
            let t = &self.toks[self.pos];
            return err(
                t.line,
                format!(
                    "too many operands for {opname}: unexpected {}",
                    t.describe()
                ),
            );
        }
        if words.len() > 0xffff {
            return err(
                line,
                format!("{opname} has too many words ({})", words.len()),
            );
        }
        self.out
            .push(((words.len() as u32) << 16) | inst.opcode as u32);
        self.out.extend_from_slice(&words[1..]);
        // Track types and values.
        if let Some(id) = result {
            if let Some(ty) = result_type {
                self.value_type.insert(id, ty);
            }
            match inst.opcode {
                spirv::Op::TypeInt if words.len() >= 4 => {
                    self.num_types.insert(
                        id,
                        NumType::Int {
                            width: words[2],
                            signed: words[3] != 0,
                        },
                    );
                }
                spirv::Op::TypeFloat if words.len() >= 3 => {
                    self.num_types
                        .insert(id, NumType::Float { width: words[2] });
                }
                spirv::Op::ExtInstImport => {
                    let bytes: Vec<u8> = words[2..].iter().flat_map(|w| w.to_le_bytes()).collect();
                    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                    self.ext_sets
                        .insert(id, String::from_utf8_lossy(&bytes[..end]).into_owned());
                }
                _ => {}
            }
        }
        // Integer/float type widths must be sane for literal parsing.
        if let Some(id) = result {
            if let Some(nt) = self.num_types.get(&id) {
                let ok = match nt {
                    NumType::Int { width, .. } => (1..=64).contains(width),
                    NumType::Float { width } => float_fmt(*width).is_some(),
                };
                if !ok {
                    self.num_types.remove(&id);
                }
            }
        }
        Ok(())
    }
}

fn describe_kind(kind: OperandKind) -> String {
    match kind {
        OperandKind::IdRef | OperandKind::IdResultType => "an id".into(),
        OperandKind::LiteralInteger => "an integer literal".into(),
        OperandKind::LiteralString => "a string literal".into(),
        k => format!("a {k:?} operand"),
    }
}

/// Assemble SPIR-V text into a binary module.
pub fn assemble(text: &str) -> Result<Vec<u32>, AsmError> {
    let (toks, header) = tokenize(text)?;
    let numeric: HashSet<u32> = toks
        .iter()
        .filter_map(|t| match &t.tok {
            Tok::Id(n) if is_numeric_name(n) => n.parse().ok(),
            _ => None,
        })
        .collect();
    let mut a = Asm {
        toks,
        pos: 0,
        names: HashMap::new(),
        numeric,
        next_id: 1,
        defined: HashSet::new(),
        first_use: HashMap::new(),
        num_types: HashMap::new(),
        value_type: HashMap::new(),
        ext_sets: HashMap::new(),
        out: Vec::new(),
    };
    while a.pos < a.toks.len() {
        a.parse_instruction()?;
    }
    let mut undefined: Vec<(usize, String)> = a
        .first_use
        .iter()
        .filter(|(id, _)| !a.defined.contains(id))
        .map(|(_, (name, line))| (*line, name.clone()))
        .collect();
    undefined.sort();
    if let Some((line, name)) = undefined.first() {
        return err(*line, format!("id %{name} is used but never defined"));
    }
    let max_id = a.first_use.keys().copied().max().unwrap_or(0);
    let bound = (max_id + 1).max(header.bound.unwrap_or(0));
    let mut words = vec![
        spirv::MAGIC_NUMBER,
        header.version.unwrap_or(0x0001_0600),
        header.generator.unwrap_or(0),
        bound,
        0,
    ];
    words.extend(a.out);
    Ok(words)
}

/// An instruction's operands without its result type and result id: what
/// follows the opcode of an OpSpecConstantOp.
pub(crate) fn operands_after_result(operands: &[LogicalOperand]) -> Vec<LogicalOperand> {
    operands
        .iter()
        .filter(|o| !matches!(o.kind, OperandKind::IdResult | OperandKind::IdResultType))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_floats() {
        let f32f = float_fmt(32).unwrap();
        assert_eq!(
            parse_hex_float("0x1.8p+3", f32f).unwrap(),
            12.0f32.to_bits() as u64
        );
        assert_eq!(
            parse_hex_float("0x1p+128", f32f).unwrap(),
            f32::INFINITY.to_bits() as u64
        );
        assert_eq!(parse_hex_float("-0x1.8p+128", f32f).unwrap(), 0xffc0_0000);
        assert_eq!(parse_hex_float("0x1p-149", f32f).unwrap(), 1);
        assert_eq!(parse_hex_float("-0x0p+0", f32f).unwrap(), 0x8000_0000);
        let h = float_fmt(16).unwrap();
        assert_eq!(parse_hex_float("0x1p+0", h).unwrap(), 0x3c00);
        assert_eq!(parse_hex_float("0x1p-24", h).unwrap(), 1);
        assert_eq!(parse_hex_float("0x1.ffcp+15", h).unwrap(), 0x7bff);
        assert!(parse_hex_float("0x1p+17", h).is_err());
        let d = float_fmt(64).unwrap();
        assert_eq!(
            parse_hex_float("0x1.999999999999ap-4", d).unwrap(),
            0.1f64.to_bits()
        );
    }

    #[test]
    fn enum_names_and_params() {
        assert_eq!(value_from_name(OperandKind::Dim, "2D"), Some(1));
        assert_eq!(value_name(OperandKind::Dim, 1).as_deref(), Some("2D"));
        assert_eq!(
            value_from_name(OperandKind::ExecutionModel, "GLCompute"),
            Some(5)
        );
        assert_eq!(
            mask_bit_from_name(OperandKind::FunctionControl, "Const"),
            Some(8)
        );
        assert_eq!(
            enum_params(OperandKind::Decoration, spirv::Decoration::BuiltIn as u32),
            vec![OperandKind::BuiltIn]
        );
        assert_eq!(
            enum_params(OperandKind::MemoryAccess, 2),
            vec![OperandKind::LiteralInteger]
        );
        assert_eq!(
            enum_params(
                OperandKind::ExecutionMode,
                spirv::ExecutionMode::LocalSize as u32
            )
            .len(),
            3
        );
        assert_eq!(
            enum_params(OperandKind::ImageOperands, 4),
            vec![OperandKind::IdRef, OperandKind::IdRef]
        );
    }

    #[test]
    fn small_module() {
        let words = assemble(
            "; Version: 1.3\n               OpCapability Shader\n%1 = OpTypeInt 32 1\n%2 = OpConstant %1 -1\n%3 = OpTypeInt 16 1\n%4 = OpConstant %3 -2\n",
        )
        .unwrap();
        assert_eq!(words[1], 0x0001_0300);
        assert_eq!(words[3], 5);
        assert_eq!(&words[5..7], &[0x0002_0011, 1]);
        assert_eq!(&words[11..15], &[0x0004_002b, 1, 2, 0xffff_ffff]);
        assert_eq!(&words[19..23], &[0x0004_002b, 3, 4, 0xffff_fffe]);
    }

    #[test]
    fn a_header_version_is_one_spirv_has() {
        let module = |v: &str| assemble(&format!("; Version: {v}\nOpCapability Shader\n"));
        assert_eq!(module("1.0").unwrap()[1], 0x0001_0000);
        assert_eq!(module("1.6").unwrap()[1], 0x0001_0600);
        for v in ["1.7", "1.9", "2.0", "0.9", "99.99"] {
            let e = module(v).unwrap_err().to_string();
            assert!(
                e.contains("is not a SPIR-V version (1.0 to 1.6)"),
                "{v}: {e}"
            );
        }
    }
}
