//! SPIR-V disassembler.
//!
//! Walks the binary word by word, driven by rspirv's grammar tables, and
//! prints one instruction per line in the text form `crate::asm` reads. The
//! output is built so that assembling it reproduces the input words:
//! constants are printed with their exact bit pattern (floats as shortest
//! round-trip decimals, or hex floats for half precision, infinities and
//! NaNs), `OpName` names are used only where the assembler's id numbering
//! will give them back their original number, and the header comments carry
//! version, generator and bound.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use rspirv::grammar::{LogicalOperand, OperandKind, OperandQuantifier};

use crate::asm::{
    enum_params, ext_inst_info, float_fmt, kind_class, mask_bit_name, opcode_info, value_name,
    FloatFmt, KindClass, GENERATORS,
};

#[derive(Debug, Clone)]
enum DOp {
    Id(u32),
    Lit(u32),
    /// Already formatted literal text (typed numbers, raw words, names).
    Text(String),
    Str(String),
    Enum(OperandKind, u32),
    Mask(OperandKind, u32),
}

struct DInst {
    /// Word offset of the instruction in the module.
    offset: usize,
    opname: &'static str,
    result: Option<u32>,
    rtype: Option<u32>,
    ops: Vec<DOp>,
}

impl DInst {
    /// Every id the instruction names (result, result type, operands), in
    /// the order the text writes them.
    fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.result
            .into_iter()
            .chain(self.rtype)
            .chain(self.ops.iter().filter_map(|o| match o {
                DOp::Id(id) => Some(*id),
                _ => None,
            }))
    }
}

#[derive(Clone, Copy)]
enum NumType {
    Int { width: u32, signed: bool },
    Float { width: u32 },
}

struct Ctx {
    num_types: HashMap<u32, NumType>,
    value_type: HashMap<u32, u32>,
    ext_sets: HashMap<u32, String>,
}

/// Cursor over one instruction's operand words.
struct Cur<'a> {
    words: &'a [u32],
    pos: usize,
    /// Word offset of the instruction in the module.
    at: usize,
    opname: &'static str,
}

impl Cur<'_> {
    fn done(&self) -> bool {
        self.pos >= self.words.len()
    }

    fn fail(&self, what: &str) -> String {
        format!("word offset {} (Op{}): {what}", self.at, self.opname)
    }

    fn word(&mut self) -> Result<u32, String> {
        let w = *self
            .words
            .get(self.pos)
            .ok_or_else(|| self.fail("missing operand"))?;
        self.pos += 1;
        Ok(w)
    }

    fn string(&mut self) -> Result<String, String> {
        let mut bytes = Vec::new();
        loop {
            let w = self.word().map_err(|_| self.fail("unterminated string"))?;
            let word = w.to_le_bytes();
            if let Some(end) = word.iter().position(|&b| b == 0) {
                bytes.extend_from_slice(&word[..end]);
                // Text keeps neither padding bytes nor invalid UTF-8, so
                // the disassembly would not reassemble to these words.
                if word[end..].iter().any(|&b| b != 0) {
                    return Err(self.fail("a literal string's padding is not zero"));
                }
                return String::from_utf8(bytes)
                    .map_err(|_| self.fail("a literal string is not UTF-8"));
            }
            bytes.extend_from_slice(&word);
        }
    }
}

fn hex_float(bits: u64, f: FloatFmt) -> String {
    let sign = if (bits >> (f.frac + f.exp)) & 1 == 1 {
        "-"
    } else {
        ""
    };
    let e = ((bits >> f.frac) & ((1 << f.exp) - 1)) as i64;
    let frac = bits & ((1u64 << f.frac) - 1);
    let bias = (1i64 << (f.exp - 1)) - 1;
    let (mant, exp) = if e == (1 << f.exp) - 1 {
        (frac, bias + 1)
    } else if e == 0 {
        if frac == 0 {
            return format!("{sign}0x0p+0");
        }
        // Normalise the subnormal.
        let mut m = frac;
        let mut exp = 1 - bias;
        while m >> f.frac == 0 {
            m <<= 1;
            exp -= 1;
        }
        (m & ((1u64 << f.frac) - 1), exp)
    } else {
        (frac, e - bias)
    };
    let nd = f.frac.div_ceil(4);
    let aligned = mant << (nd * 4 - f.frac);
    let mut digits = format!("{:0width$x}", aligned, width = nd as usize);
    while digits.ends_with('0') {
        digits.pop();
    }
    let dot = if digits.is_empty() { "" } else { "." };
    let esign = if exp >= 0 { "+" } else { "" };
    format!("{sign}0x1{dot}{digits}p{esign}{exp}")
}

fn format_float(bits: u64, width: u32) -> String {
    let f = float_fmt(width).expect("checked width");
    let e = (bits >> f.frac) & ((1 << f.exp) - 1);
    if width == 16 || e == (1 << f.exp) - 1 {
        return hex_float(bits, f);
    }
    fn pick<T: std::fmt::Display + std::fmt::LowerExp>(v: T, mag: f64) -> String {
        if mag == 0.0 || (1e-5..1e17).contains(&mag) {
            format!("{v}")
        } else {
            format!("{v:e}")
        }
    }
    if width == 32 {
        let v = f32::from_bits(bits as u32);
        pick(v, (v as f64).abs())
    } else {
        let v = f64::from_bits(bits);
        pick(v, v.abs())
    }
}

/// Literal typed by `ty`: returns its text, consuming one or two words.
fn typed_literal(cur: &mut Cur, ty: Option<NumType>) -> Result<String, String> {
    match ty {
        None => Ok(cur.word()?.to_string()),
        Some(NumType::Float { width }) => {
            let lo = cur.word()? as u64;
            if width == 64 {
                let hi = cur.word()? as u64;
                Ok(format_float(lo | (hi << 32), 64))
            } else if width == 16 && lo >> 16 != 0 {
                Ok(format!("!0x{lo:08x}"))
            } else {
                Ok(format_float(lo, width))
            }
        }
        Some(NumType::Int { width, signed }) => {
            let lo = cur.word()? as u64;
            let bits = if width > 32 {
                lo | ((cur.word()? as u64) << 32)
            } else {
                lo
            };
            if width >= 64 {
                return Ok(if signed {
                    (bits as i64).to_string()
                } else {
                    bits.to_string()
                });
            }
            let value_bits = bits & ((1u64 << width) - 1);
            let negative = signed && (value_bits >> (width - 1)) & 1 == 1;
            let canonical = if negative {
                value_bits | (u64::MAX << width)
            } else {
                value_bits
            };
            let container = if width > 32 { u64::MAX } else { 0xffff_ffff };
            if canonical & container != bits {
                // Not the canonical encoding: keep the raw word(s).
                return Ok(if width > 32 {
                    format!("!0x{:08x} !0x{:08x}", bits as u32, bits >> 32)
                } else {
                    format!("!0x{bits:08x}")
                });
            }
            Ok(if negative {
                (canonical as i64).to_string()
            } else {
                value_bits.to_string()
            })
        }
    }
}

fn decode_simple(cur: &mut Cur, kind: OperandKind, out: &mut Vec<DOp>) -> Result<(), String> {
    match kind {
        OperandKind::IdRef
        | OperandKind::IdResultType
        | OperandKind::IdScope
        | OperandKind::IdMemorySemantics => out.push(DOp::Id(cur.word()?)),
        OperandKind::LiteralString => out.push(DOp::Str(cur.string()?)),
        OperandKind::LiteralFloat => {
            let w = cur.word()?;
            out.push(DOp::Text(format_float(w as u64, 32)));
        }
        OperandKind::PairIdRefLiteralInteger => {
            out.push(DOp::Id(cur.word()?));
            out.push(DOp::Lit(cur.word()?));
        }
        OperandKind::PairIdRefIdRef => {
            out.push(DOp::Id(cur.word()?));
            out.push(DOp::Id(cur.word()?));
        }
        k if kind_class(k) == KindClass::Value => {
            let v = cur.word()?;
            out.push(DOp::Enum(k, v));
            for p in enum_params(k, v) {
                decode_simple(cur, p, out)?;
            }
        }
        k if kind_class(k) == KindClass::Mask => {
            let v = cur.word()?;
            out.push(DOp::Mask(k, v));
            for bit in (0..32).map(|i| 1u32 << i).filter(|b| v & b != 0) {
                for p in enum_params(k, bit) {
                    decode_simple(cur, p, out)?;
                }
            }
        }
        // LiteralInteger and extension-specific kinds: plain numbers.
        _ => out.push(DOp::Lit(cur.word()?)),
    }
    Ok(())
}

fn decode_operands(
    cur: &mut Cur,
    operands: &[LogicalOperand],
    ctx: &Ctx,
    inst: &mut DInst,
) -> Result<(), String> {
    let mut i = 0;
    while i < operands.len() {
        let op = &operands[i];
        if cur.done() {
            if op.quantifier == OperandQuantifier::One {
                return Err(cur.fail(&format!("missing {:?} operand", op.kind)));
            }
            i += 1;
            continue;
        }
        match op.kind {
            OperandKind::IdResultType => inst.rtype = Some(cur.word()?),
            OperandKind::IdResult => inst.result = Some(cur.word()?),
            OperandKind::LiteralContextDependentNumber => {
                let ty = inst.rtype.and_then(|t| ctx.num_types.get(&t).copied());
                // Without a known type, print the remaining words raw.
                if ty.is_none() {
                    while !cur.done() {
                        let w = cur.word()?;
                        inst.ops.push(DOp::Text(format!("!0x{w:08x}")));
                    }
                } else {
                    inst.ops.push(DOp::Text(typed_literal(cur, ty)?));
                }
            }
            OperandKind::PairLiteralIntegerIdRef => {
                let sel = match inst.ops.first() {
                    Some(DOp::Id(s)) => *s,
                    _ => 0,
                };
                let ty = ctx
                    .value_type
                    .get(&sel)
                    .and_then(|t| ctx.num_types.get(t))
                    .copied();
                inst.ops.push(DOp::Text(typed_literal(cur, ty)?));
                inst.ops.push(DOp::Id(cur.word()?));
            }
            OperandKind::LiteralExtInstInteger => {
                let set = match inst.ops.last() {
                    Some(DOp::Id(s)) => *s,
                    _ => 0,
                };
                let number = cur.word()?;
                let info = ctx
                    .ext_sets
                    .get(&set)
                    .and_then(|name| ext_inst_info(name, number));
                let start_pos = cur.pos;
                let start_len = inst.ops.len();
                if let Some(info) = info {
                    inst.ops.push(DOp::Text(info.opname.to_string()));
                    let mut sub = DInst {
                        offset: inst.offset,
                        opname: inst.opname,
                        result: None,
                        rtype: None,
                        ops: Vec::new(),
                    };
                    let ok =
                        decode_operands(cur, info.operands, ctx, &mut sub).is_ok() && cur.done();
                    if ok {
                        inst.ops.extend(sub.ops);
                        return Ok(());
                    }
                    // Operands do not match the set's grammar: fall back.
                    cur.pos = start_pos;
                    inst.ops.truncate(start_len);
                }
                inst.ops.push(DOp::Lit(number));
                while !cur.done() {
                    inst.ops.push(DOp::Id(cur.word()?));
                }
                return Ok(());
            }
            OperandKind::LiteralSpecConstantOpInteger => {
                let number = cur.word()?;
                let Some(inner) = opcode_info(number) else {
                    return Err(cur.fail(&format!("unknown OpSpecConstantOp opcode {number}")));
                };
                inst.ops.push(DOp::Text(inner.opname.to_string()));
                let rest = crate::asm::operands_after_result(inner.operands);
                decode_operands(cur, &rest, ctx, inst)?;
            }
            k => decode_simple(cur, k, &mut inst.ops)?,
        }
        if op.quantifier != OperandQuantifier::ZeroOrMore {
            i += 1;
        }
    }
    Ok(())
}

/// Whether an OpName can be printed as an id: what spirv-as accepts too
/// (letters, digits, underscores; not starting with a digit).
fn valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Indices of a longest strictly increasing subsequence of `seq`.
fn longest_increasing(seq: &[u32]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new(); // index of smallest tail per length
    let mut prev = vec![usize::MAX; seq.len()];
    for (i, &v) in seq.iter().enumerate() {
        let k = tails.partition_point(|&t| seq[t] < v);
        if k > 0 {
            prev[i] = tails[k - 1];
        }
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut out = Vec::new();
    let mut cur = tails.last().copied().unwrap_or(usize::MAX);
    while cur != usize::MAX {
        out.push(cur);
        cur = prev[cur];
    }
    out.reverse();
    out
}

fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 2);
    o.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            o.push('\\');
        }
        o.push(c);
    }
    o.push('"');
    o
}

/// How the text is laid out; the default is plain spirv-dis text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// End each instruction's line with a comment `; word N`, its word
    /// offset in the module: the place errors and traces name
    /// ([`crate::module::Location::Word`]).
    pub word_offsets: bool,
}

/// Where a line's `; word N` comment starts, so that most line up.
const WORD_COMMENT_COLUMN: usize = 56;

/// Disassemble a SPIR-V module into assembly text.
pub fn disassemble(words: &[u32]) -> Result<String, String> {
    disassemble_with(words, Options::default())
}

/// Disassemble a SPIR-V module into assembly text laid out as `options`
/// say; comments aside, the text is that of [`disassemble`].
pub fn disassemble_with(words: &[u32], options: Options) -> Result<String, String> {
    if words.len() < 5 {
        return Err(format!(
            "word offset {}: truncated header (need 5 words, have {})",
            words.len(),
            words.len()
        ));
    }
    if words[0] != spirv::MAGIC_NUMBER {
        let hint = if words[0] == spirv::MAGIC_NUMBER.swap_bytes() {
            " (byte-swapped module)"
        } else {
            ""
        };
        return Err(format!(
            "word offset 0: bad magic number 0x{:08x}{hint}",
            words[0]
        ));
    }
    // What the header comments cannot say: the text would reassemble to
    // other words.
    if words[1] & 0xff00_00ff != 0 {
        return Err(format!(
            "word offset 1: version word 0x{:08x} has reserved bits set",
            words[1]
        ));
    }
    if words[3] == 0 {
        return Err("word offset 3: an id bound of 0 (the least is 1)".to_string());
    }
    if words[4] != 0 {
        return Err(format!(
            "word offset 4: schema {} is reserved and must be 0",
            words[4]
        ));
    }
    let mut ctx = Ctx {
        num_types: HashMap::new(),
        value_type: HashMap::new(),
        ext_sets: HashMap::new(),
    };
    let mut insts = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let wc = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if wc == 0 {
            return Err(format!("word offset {at}: instruction word count is zero"));
        }
        if at + wc > words.len() {
            return Err(format!(
                "word offset {at}: truncated instruction (needs {wc} words, {} remain)",
                words.len() - at
            ));
        }
        let Some(info) = opcode_info(opcode) else {
            return Err(format!("word offset {at}: unknown opcode {opcode}"));
        };
        let mut cur = Cur {
            words: &words[at + 1..at + wc],
            pos: 0,
            at,
            opname: info.opname,
        };
        let mut inst = DInst {
            offset: at,
            opname: info.opname,
            result: None,
            rtype: None,
            ops: Vec::new(),
        };
        decode_operands(&mut cur, info.operands, &ctx, &mut inst)?;
        if !cur.done() {
            return Err(cur.fail(&format!(
                "{} extra word(s) after the last operand",
                cur.words.len() - cur.pos
            )));
        }
        if let Some(id) = inst.ids().find(|&id| id >= words[3]) {
            // The assembler would raise the bound to cover it.
            return Err(cur.fail(&format!("id %{id} is not below the bound {}", words[3])));
        }
        if let Some(id) = inst.result {
            if let Some(t) = inst.rtype {
                ctx.value_type.insert(id, t);
            }
            let lits: Vec<u32> = inst
                .ops
                .iter()
                .filter_map(|o| match o {
                    DOp::Lit(v) => Some(*v),
                    _ => None,
                })
                .collect();
            match info.opcode {
                spirv::Op::TypeInt if lits.len() >= 2 && (1..=64).contains(&lits[0]) => {
                    ctx.num_types.insert(
                        id,
                        NumType::Int {
                            width: lits[0],
                            signed: lits[1] != 0,
                        },
                    );
                }
                spirv::Op::TypeFloat if !lits.is_empty() && float_fmt(lits[0]).is_some() => {
                    ctx.num_types.insert(id, NumType::Float { width: lits[0] });
                }
                spirv::Op::ExtInstImport => {
                    if let Some(DOp::Str(s)) = inst.ops.first() {
                        ctx.ext_sets.insert(id, s.clone());
                    }
                }
                _ => {}
            }
        }
        insts.push(inst);
        at += wc;
    }

    // Choose which ids get their OpName. The assembler numbers named ids in
    // order of first appearance with the lowest numbers not written
    // numerically, so keep an increasing run of names below the first
    // unused id.
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut name_count: HashMap<String, usize> = HashMap::new();
    for inst in &insts {
        if inst.opname == "Name" {
            if let (Some(DOp::Id(id)), Some(DOp::Str(s))) = (inst.ops.first(), inst.ops.get(1)) {
                if !names.contains_key(id) && valid_name(s) {
                    names.insert(*id, s.clone());
                    *name_count.entry(s.clone()).or_default() += 1;
                }
            }
        }
    }
    names.retain(|_, n| name_count[n] == 1);
    let mut order = Vec::new();
    let mut seen = HashSet::new();
    for inst in &insts {
        for id in inst.ids() {
            if seen.insert(id) {
                order.push(id);
            }
        }
    }
    let first_unused = (1..).find(|i| !seen.contains(i)).unwrap_or(u32::MAX);
    let candidates: Vec<u32> = order
        .iter()
        .copied()
        .filter(|id| *id < first_unused && names.contains_key(id))
        .collect();
    let keep: HashSet<u32> = longest_increasing(&candidates)
        .into_iter()
        .map(|i| candidates[i])
        .collect();
    let id_text = |id: u32| -> String {
        if keep.contains(&id) {
            format!("%{}", names[&id])
        } else {
            format!("%{id}")
        }
    };

    let mut out = String::new();
    let version = words[1];
    let generator = words[2];
    let gen_id = generator >> 16;
    let gen_name = GENERATORS
        .iter()
        .find(|(id, _)| *id == gen_id)
        .map(|(_, n)| n.to_string())
        .unwrap_or_else(|| format!("Unknown({gen_id})"));
    let _ = writeln!(out, "; SPIR-V");
    let _ = writeln!(
        out,
        "; Version: {}.{}",
        (version >> 16) & 0xff,
        (version >> 8) & 0xff
    );
    let _ = writeln!(out, "; Generator: {gen_name}; {}", generator & 0xffff);
    let _ = writeln!(out, "; Bound: {}", words[3]);
    let _ = writeln!(out, "; Schema: {}", words[4]);
    for inst in &insts {
        let mut line = String::new();
        match inst.result {
            Some(id) => {
                let _ = write!(line, "{:>12} = ", id_text(id));
            }
            None => line.push_str("               "),
        }
        line.push_str("Op");
        line.push_str(inst.opname);
        if let Some(t) = inst.rtype {
            line.push(' ');
            line.push_str(&id_text(t));
        }
        for op in &inst.ops {
            line.push(' ');
            match op {
                DOp::Id(id) => line.push_str(&id_text(*id)),
                DOp::Lit(v) => {
                    let _ = write!(line, "{v}");
                }
                DOp::Text(t) => line.push_str(t),
                DOp::Str(s) => line.push_str(&escape(s)),
                DOp::Enum(k, v) => match value_name(*k, *v) {
                    Some(n) => line.push_str(&n),
                    None => {
                        let _ = write!(line, "{v}");
                    }
                },
                DOp::Mask(k, v) => {
                    if *v == 0 {
                        line.push_str("None");
                    } else {
                        let mut parts = Vec::new();
                        let mut unknown = 0u32;
                        for bit in (0..32).map(|i| 1u32 << i).filter(|b| v & b != 0) {
                            match mask_bit_name(*k, bit) {
                                Some(n) => parts.push(n),
                                None => unknown |= bit,
                            }
                        }
                        if unknown != 0 {
                            parts.push(format!("0x{unknown:x}"));
                        }
                        line.push_str(&parts.join("|"));
                    }
                }
            }
        }
        if options.word_offsets {
            let _ = write!(
                line,
                "{:pad$} ; word {}",
                "",
                inst.offset,
                pad = WORD_COMMENT_COLUMN.saturating_sub(line.len())
            );
        }
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_text() {
        let h = float_fmt(16).unwrap();
        assert_eq!(hex_float(0x3c00, h), "0x1p+0");
        assert_eq!(hex_float(0x0001, h), "0x1p-24");
        assert_eq!(hex_float(0x7c00, h), "0x1p+16");
        let f = float_fmt(32).unwrap();
        assert_eq!(hex_float(0xffc0_0000, f), "-0x1.8p+128");
        assert_eq!(format_float(0x3f80_0000, 32), "1");
        assert_eq!(format_float(0x7f80_0000, 32), "0x1p+128");
        assert_eq!(format_float(1, 32), "1e-45");
    }

    #[test]
    fn errors_name_offsets() {
        assert!(disassemble(&[1, 2])
            .unwrap_err()
            .contains("truncated header"));
        assert!(disassemble(&[0xdead, 0, 0, 0, 0])
            .unwrap_err()
            .contains("bad magic"));
        let e = disassemble(&[spirv::MAGIC_NUMBER, 0x10000, 0, 1, 0, 0x0003_0011, 1]).unwrap_err();
        assert!(e.contains("word offset 5"), "{e}");
    }

    #[test]
    fn word_comments_name_each_instructions_offset() {
        let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpName %a \"a\"\n%a = OpTypeInt 32 0\n%b = OpConstant %a 7\n";
        let words = crate::asm::assemble(text).unwrap();
        let options = Options { word_offsets: true };
        let dis = disassemble_with(&words, options).unwrap();
        let mut commented = 0;
        for line in dis.lines().filter(|l| !l.starts_with(';')) {
            let (_, offset) = line.split_once("; word ").expect(line);
            let offset: usize = offset.parse().expect(line);
            let opname = opcode_info(words[offset] & 0xffff).unwrap().opname;
            let printed = line.split_whitespace().find(|t| t.starts_with("Op"));
            assert_eq!(printed, Some(format!("Op{opname}").as_str()), "{dis}");
            commented += 1;
        }
        assert_eq!(commented, 5, "{dis}");
        assert_eq!(crate::asm::assemble(&dis).unwrap(), words, "{dis}");
    }

    #[test]
    fn names_round_trip() {
        let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpName %b \"b\"\nOpName %a \"a\"\n%a = OpTypeInt 32 0\n%b = OpConstant %a 7\n";
        let words = crate::asm::assemble(text).unwrap();
        let dis = disassemble(&words).unwrap();
        assert_eq!(crate::asm::assemble(&dis).unwrap(), words, "{dis}");
    }
}
