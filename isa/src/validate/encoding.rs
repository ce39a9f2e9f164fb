//! Operand encoding and values: every instruction's words laid out as its
//! grammar says (SPIR-V 1.6, section 2.3 and the grammar's operand kinds). Each required
//! operand is present and no word follows the last one; enumerants and mask
//! bits are ones the grammar knows, followed by the parameters they take;
//! literal strings end in a NUL within the instruction, padded with zero
//! bytes, and are UTF-8; numeric literals take as many words as their
//! type's width, with the unused high bits of a narrow type zero (or, for
//! a signed integer, copies of its sign bit); a constant scope is a Scope,
//! and constant memory semantics set at most one ordering. Lowering ignores most of
//! these words (names, decorations it does not use), but a module that
//! breaks them is not SPIR-V, and spirv-val refuses it.

use super::capabilities::missing;
use super::Validator;
use crate::asm::{
    enum_params, enumerant_capabilities, kind_class, mask_bit_name, operands_after_result,
    value_name, KindClass,
};
use crate::module::Instr;
use crate::types::Type;
use rspirv::grammar::{LogicalOperand, OperandKind, OperandQuantifier, INSTRUCTION_TABLE};

/// A cursor over one instruction's operand words.
struct Words<'a> {
    words: &'a [u32],
    at: usize,
}

impl Words<'_> {
    fn take(&mut self, kind: OperandKind) -> Result<u32, String> {
        let w = self
            .words
            .get(self.at)
            .copied()
            .ok_or_else(|| format!("the instruction ends inside its {kind:?} operand"))?;
        self.at += 1;
        Ok(w)
    }
}

impl Validator<'_> {
    pub(super) fn check_encoding(&self, ins: &Instr) -> Result<(), String> {
        let Some(grammar) = INSTRUCTION_TABLE.lookup_opcode(ins.op as u32) else {
            return Ok(());
        };
        let mut words = Words {
            words: &ins.operands,
            at: 0,
        };
        self.walk(ins, &operands_after_result(grammar.operands), &mut words)?;
        let extra = words.words.len() - words.at;
        if extra > 0 {
            return Err(format!(
                "{extra} word{} after the last operand the grammar gives Op{:?}",
                if extra == 1 { "" } else { "s" },
                ins.op
            ));
        }
        Ok(())
    }

    fn walk(
        &self,
        ins: &Instr,
        operands: &[LogicalOperand],
        words: &mut Words,
    ) -> Result<(), String> {
        for (i, operand) in operands.iter().enumerate() {
            loop {
                if words.at == words.words.len() {
                    if operand.quantifier == OperandQuantifier::One {
                        return Err(format!(
                            "operand {} (a {:?}) is missing",
                            i + 1,
                            operand.kind
                        ));
                    }
                    break;
                }
                match operand.kind {
                    // The set's own grammar is checked with the instruction
                    // (`check_ext_inst`); the rest are its operand ids.
                    OperandKind::LiteralExtInstInteger => {
                        words.at = words.words.len();
                        return Ok(());
                    }
                    OperandKind::LiteralSpecConstantOpInteger => {
                        let opcode = words.take(operand.kind)?;
                        let inner = INSTRUCTION_TABLE
                            .lookup_opcode(opcode)
                            .ok_or_else(|| format!("unknown OpSpecConstantOp opcode {opcode}"))?;
                        return self.walk(ins, &operands_after_result(inner.operands), words);
                    }
                    OperandKind::LiteralContextDependentNumber => {
                        self.number(ins.result_type, words)?;
                    }
                    OperandKind::PairLiteralIntegerIdRef => {
                        let selector = ins.operands.first().and_then(|s| self.value_types.get(s));
                        self.number(selector.copied().unwrap_or(0), words)?;
                        words.take(OperandKind::IdRef)?;
                    }
                    kind => self.operand(kind, words)?,
                }
                if operand.quantifier != OperandQuantifier::ZeroOrMore {
                    break;
                }
            }
        }
        Ok(())
    }

    /// One operand of `kind` with the parameters its enumerant takes.
    fn operand(&self, kind: OperandKind, words: &mut Words) -> Result<(), String> {
        let word = words.take(kind)?;
        match kind {
            OperandKind::LiteralString => {
                let mut bytes = word.to_le_bytes().to_vec();
                while !bytes.contains(&0) {
                    bytes.extend(words.take(kind)?.to_le_bytes());
                }
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                if bytes[end..].iter().any(|&b| b != 0) {
                    return Err("a literal string's last word is not padded with zero bytes".into());
                }
                if std::str::from_utf8(&bytes[..end]).is_err() {
                    return Err("a literal string is not UTF-8".into());
                }
            }
            OperandKind::IdScope => {
                if let Some(Some(scope)) = self.int_constants.get(&word) {
                    let named = u32::try_from(*scope)
                        .ok()
                        .and_then(|s| Some((s, value_name(OperandKind::Scope, s)?)));
                    let Some((s, name)) = named else {
                        return Err(format!("scope %{word} is {scope}, which is no Scope"));
                    };
                    missing(
                        &self.available,
                        &enumerant_capabilities(OperandKind::Scope, s),
                        || format!("scope %{word} ({name})"),
                    )?;
                }
            }
            OperandKind::IdMemorySemantics => {
                if let Some(Some(semantics)) = self.int_constants.get(&word) {
                    // Acquire, Release, AcquireRelease, SequentiallyConsistent.
                    if (semantics & 0x1e).count_ones() > 1 {
                        return Err(format!(
                            "memory semantics %{word} ({semantics:#x}) sets more than one of \
                             Acquire, Release, AcquireRelease and SequentiallyConsistent"
                        ));
                    }
                    let bits = (0..32).map(|i| 1u32 << i);
                    for bit in bits.filter(|&b| *semantics as u32 & b != 0) {
                        let kind = OperandKind::MemorySemantics;
                        let name = mask_bit_name(kind, bit).unwrap_or_else(|| format!("{bit:#x}"));
                        missing(&self.available, &enumerant_capabilities(kind, bit), || {
                            format!("memory semantics %{word} ({name})")
                        })?;
                    }
                }
            }
            OperandKind::PairIdRefIdRef | OperandKind::PairIdRefLiteralInteger => {
                words.take(kind)?;
            }
            k => match kind_class(k) {
                KindClass::Value => {
                    let Some(name) = value_name(k, word) else {
                        return Err(format!("{word} is not a {k:?} the grammar knows"));
                    };
                    // A capability operand implicitly declares what it
                    // depends on (`capabilities.rs`).
                    if k != OperandKind::Capability {
                        missing(&self.available, &enumerant_capabilities(k, word), || {
                            format!("the {k:?} {name}")
                        })?;
                    }
                    for p in enum_params(k, word) {
                        self.operand(p, words)?;
                    }
                }
                KindClass::Mask => {
                    for bit in (0..32).map(|i| 1u32 << i).filter(|b| word & b != 0) {
                        let Some(name) = mask_bit_name(k, bit) else {
                            return Err(format!(
                                "bit {bit:#x} is not a {k:?} bit the grammar knows"
                            ));
                        };
                        missing(&self.available, &enumerant_capabilities(k, bit), || {
                            format!("the {k:?} bit {name}")
                        })?;
                        for p in enum_params(k, bit) {
                            self.operand(p, words)?;
                        }
                    }
                }
                KindClass::Other => {}
            },
        }
        Ok(())
    }

    /// A numeric literal of type `ty`: one word up to 32 bits, two for 64;
    /// the high bits of a narrower type sign- or zero-extend its value.
    fn number(&self, ty: u32, words: &mut Words) -> Result<(), String> {
        let kind = OperandKind::LiteralContextDependentNumber;
        let (bits, signed) = match self.shapes.get(&ty) {
            Some(Type::Int { bits, signed }) => (*bits as u32, *signed),
            Some(Type::Float { bits }) => (*bits as u32, false),
            // Not a numeric type: the type rules name that.
            _ => {
                words.at = words.words.len();
                return Ok(());
            }
        };
        let low = words.take(kind)?;
        if bits > 32 {
            words.take(kind)?;
        } else if bits < 32 {
            let high = low >> bits;
            let negative = signed && (low >> (bits - 1)) & 1 == 1;
            let expected = if negative { u32::MAX >> bits } else { 0 };
            if high != expected {
                return Err(format!(
                    "the literal {low:#x} of a {bits}-bit type has high bits that do not {}",
                    if signed {
                        "repeat its sign bit"
                    } else {
                        "read zero"
                    }
                ));
            }
        }
        Ok(())
    }
}
