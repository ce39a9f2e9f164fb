//! A SPIR-V binary split into instructions, checked for well-formedness
//! (magic, version, word counts, known opcodes) before anything reads it.

use rspirv::grammar::{OperandKind, INSTRUCTION_TABLE};
use spirv::Op;
use std::fmt;

pub const MAGIC: u32 = 0x0723_0203;

/// One instruction: its opcode, where it starts, and its operand words with
/// the result type and result id split out (0 when absent).
#[derive(Clone, Debug)]
pub struct Instr {
    pub op: Op,
    /// Index of the instruction's first word in the module.
    pub offset: usize,
    pub result_type: u32,
    pub result_id: u32,
    pub operands: Vec<u32>,
}

impl Instr {
    /// The operation an OpSpecConstantOp performs, as an instruction of its
    /// own (the same result, its operands after the opcode), or `None` for
    /// an unknown opcode.
    pub fn spec_constant_operation(&self) -> Option<Instr> {
        let op = Op::from_u32(*self.operands.first()?)?;
        Some(Instr {
            op,
            offset: self.offset,
            result_type: self.result_type,
            result_id: self.result_id,
            operands: self.operands[1..].to_vec(),
        })
    }
}

#[derive(Clone, Debug)]
pub struct Module {
    /// (major, minor)
    pub version: (u8, u8),
    pub bound: u32,
    pub instrs: Vec<Instr>,
}

/// Where something is in the input: a word offset in a binary, or a line
/// of a text file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    Word(usize),
    Line(usize),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Location::Word(w) => write!(f, "word {w}"),
            Location::Line(l) => write!(f, "line {l}"),
        }
    }
}

/// An error naming the place in the module that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleError {
    pub location: Option<Location>,
    pub message: String,
}

impl ModuleError {
    pub fn at(offset: usize, message: impl Into<String>) -> Self {
        ModuleError {
            location: Some(Location::Word(offset)),
            message: message.into(),
        }
    }
    pub fn general(message: impl Into<String>) -> Self {
        ModuleError {
            location: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ModuleError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.location {
            Some(l) => write!(f, "{l}: {}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for ModuleError {}

/// The little-endian words of `bytes`, or `None` if its size is not a
/// multiple of 4.
pub fn words_of(bytes: &[u8]) -> Option<Vec<u32>> {
    bytes.len().is_multiple_of(4).then(|| {
        bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    })
}

/// Reads a module from little-endian bytes.
pub fn parse_bytes(bytes: &[u8]) -> Result<Module, ModuleError> {
    let words = words_of(bytes).ok_or_else(|| {
        ModuleError::general(format!(
            "not a SPIR-V binary: its size ({} bytes) is not a multiple of 4",
            bytes.len()
        ))
    })?;
    parse_words(&words)
}

pub fn parse_words(words: &[u32]) -> Result<Module, ModuleError> {
    if words.len() < 5 {
        return Err(ModuleError::general(format!(
            "truncated SPIR-V: {} word{}, the header alone needs 5",
            words.len(),
            if words.len() == 1 { "" } else { "s" }
        )));
    }
    if words[0] != MAGIC {
        let hint = if words[0].swap_bytes() == MAGIC {
            " (it is big-endian, which is not supported)"
        } else {
            ""
        };
        return Err(ModuleError::at(
            0,
            format!(
                "not a SPIR-V binary: magic number is {:#010x}, expected {MAGIC:#010x}{hint}",
                words[0]
            ),
        ));
    }
    let major = (words[1] >> 16) as u8;
    let minor = (words[1] >> 8) as u8;
    if major != 1 || minor > 6 {
        return Err(ModuleError::at(
            1,
            format!("unsupported SPIR-V version {major}.{minor} (1.0 to 1.6 are supported)"),
        ));
    }
    let mut instrs = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        if count == 0 {
            return Err(ModuleError::at(at, "instruction with a word count of 0"));
        }
        if at + count > words.len() {
            return Err(ModuleError::at(
                at,
                format!(
                    "truncated SPIR-V: instruction needs {count} words but only {} remain",
                    words.len() - at
                ),
            ));
        }
        let grammar = INSTRUCTION_TABLE
            .lookup_opcode(opcode)
            .ok_or_else(|| ModuleError::at(at, format!("unknown opcode {opcode}")))?;
        let mut rest = &words[at + 1..at + count];
        let mut take = |kind: OperandKind| -> Result<u32, ModuleError> {
            if grammar.operands.iter().any(|o| o.kind == kind) {
                let (&first, tail) = rest.split_first().ok_or_else(|| {
                    ModuleError::at(at, format!("Op{} is missing operands", grammar.opname))
                })?;
                rest = tail;
                Ok(first)
            } else {
                Ok(0)
            }
        };
        let result_type = take(OperandKind::IdResultType)?;
        let result_id = take(OperandKind::IdResult)?;
        instrs.push(Instr {
            op: grammar.opcode,
            offset: at,
            result_type,
            result_id,
            operands: rest.to_vec(),
        });
        at += count;
    }
    if instrs.is_empty() {
        return Err(ModuleError::general(
            "truncated SPIR-V: the 5-word header is followed by no instructions",
        ));
    }
    Ok(Module {
        version: (major, minor),
        bound: words[3],
        instrs,
    })
}

/// Whether an extended instruction set means nothing to execution: the
/// `NonSemantic.*` sets (SPV_KHR_non_semantic_info) and the debug
/// information of clang through llvm-spirv (`OpenCL.DebugInfo.100`).
pub fn is_non_semantic(set_name: &str) -> bool {
    set_name.starts_with("NonSemantic.") || set_name == "OpenCL.DebugInfo.100"
}

/// `name`, read from a kernel file, as messages show it: control characters
/// escaped (`\u{1}`, `\n`), so that a name cannot break a message's line or
/// look like another name.
pub fn printable(name: &str) -> String {
    let mut shown = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// Decodes a nul-terminated literal string starting at `words[0]`; returns
/// the string and the number of words it used.
pub fn literal_string(words: &[u32]) -> (String, usize) {
    let mut bytes = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return (String::from_utf8_lossy(&bytes).into_owned(), i + 1);
            }
            bytes.push(b);
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), words.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_show_control_characters_escaped() {
        assert_eq!(printable("main\u{1}"), "main\\u{1}");
        assert_eq!(printable("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(printable("it's \"ünïcode\""), "it's \"ünïcode\"");
    }

    #[test]
    fn rejects_bad_headers() {
        let e = parse_words(&[MAGIC, 0x10000]).unwrap_err();
        assert!(e.message.contains("truncated"), "{e}");
        let e = parse_words(&[0x1234, 0x10000, 0, 1, 0]).unwrap_err();
        assert!(e.message.contains("magic"), "{e}");
        let e = parse_words(&[MAGIC, 0x20000, 0, 1, 0]).unwrap_err();
        assert!(e.message.contains("version 2.0"), "{e}");
    }

    #[test]
    fn splits_result_type_and_id() {
        // OpTypeInt %1 32 0 ; OpConstant %1 %2 7
        let m = parse_words(&[
            MAGIC,
            0x10000,
            0,
            3,
            0,
            (4 << 16) | 21,
            1,
            32,
            0,
            (4 << 16) | 43,
            1,
            2,
            7,
        ])
        .unwrap();
        assert_eq!(m.instrs[0].result_id, 1);
        assert_eq!(m.instrs[0].operands, vec![32, 0]);
        assert_eq!(m.instrs[1].result_type, 1);
        assert_eq!(m.instrs[1].result_id, 2);
        assert_eq!(m.instrs[1].operands, vec![7]);
    }

    #[test]
    fn names_unknown_opcode_and_overrun() {
        let e = parse_words(&[MAGIC, 0x10000, 0, 3, 0, (1 << 16) | 0x7fff]).unwrap_err();
        assert_eq!(e.to_string(), "word 5: unknown opcode 32767");
        let e = parse_words(&[MAGIC, 0x10000, 0, 3, 0, (9 << 16) | 21, 1]).unwrap_err();
        assert!(e.to_string().starts_with("word 5: truncated"), "{e}");
    }
}
