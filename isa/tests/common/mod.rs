//! Shared by the instruction-set tests: a `Builder` that evaluates every
//! operation at once on a single lane, pseudo-random operands, and the
//! loader of the semantic test tables.
#![allow(dead_code)]

use isa::core::{Alu, AluOp, Convert, Scalar};
use isa::ext::{Builder, Emulation, ExtOp};
use isa::ir::Reg;
use std::collections::HashMap;

/// A builder that evaluates every operation at once on one lane, and keeps
/// the extended lane operations it was asked for.
#[derive(Default)]
pub struct Eval {
    pub regs: Vec<u64>,
    pub ops: Vec<ExtOp>,
    /// The families lowered as sequences of basic operations.
    pub emulate: Emulation,
    /// Memory by byte address, for lowerings that load or store (pointer
    /// operands). `None`, the default, makes any access a test failure.
    pub mem: Option<HashMap<i64, u64>>,
    /// Every load, in order: its type and byte address.
    pub loads: Vec<(Scalar, i64)>,
    /// Every store, in order: its type, the register's value (before the
    /// width is applied), the address register's value and the constant
    /// offset.
    pub stores: Vec<(Scalar, u64, u64, i64)>,
    /// How many basic operations (`alu`, `convert`) were emitted.
    pub basic: usize,
}

impl Eval {
    pub fn push(&mut self, v: u64) -> Reg {
        self.regs.push(v);
        (self.regs.len() - 1) as Reg
    }
}

impl Builder for Eval {
    fn emulation(&self) -> Emulation {
        self.emulate
    }
    fn alu(&mut self, op: AluOp, ty: Scalar, src: &[Reg]) -> Reg {
        self.basic += 1;
        let g = |i: usize| src.get(i).map_or(0, |&r| self.regs[r as usize]);
        let v = isa::core::eval(Alu { op, ty }, g(0), g(1), g(2), g(3));
        self.push(v)
    }
    fn convert(&mut self, cv: Convert, src: Reg) -> Reg {
        self.basic += 1;
        let v = isa::core::convert(cv, self.regs[src as usize]);
        self.push(v)
    }
    fn ext(&mut self, op: ExtOp, src: &[Reg]) -> Reg {
        assert!(src.len() <= 3, "at most 3 operands");
        self.ops.push(op);
        let g = |i: usize| src.get(i).map_or(0, |&r| self.regs[r as usize]);
        let v = isa::ext::eval(op, g(0), g(1), g(2));
        self.push(v)
    }
    fn constant(&mut self, bits: u64) -> Reg {
        self.push(bits)
    }
    /// The value stored at the address, 0 where nothing was.
    fn load(&mut self, ty: Scalar, addr: Reg, offset: i64) -> Reg {
        let a = self.regs[addr as usize] as i64 + offset;
        let mem = self.mem.as_ref().expect("no memory access expected");
        self.loads.push((ty, a));
        let v = mem.get(&a).copied().unwrap_or(0);
        self.push(v)
    }
    /// Keeps the low bits of the type's width.
    fn store(&mut self, ty: Scalar, src: Reg, addr: Reg, offset: i64) {
        let a = self.regs[addr as usize] as i64 + offset;
        let v = self.regs[src as usize] & isa::core::mask(ty.bits());
        let mem = self.mem.as_mut().expect("no memory access expected");
        mem.insert(a, v);
        let base = self.regs[addr as usize];
        self.stores
            .push((ty, self.regs[src as usize], base, offset));
    }
}

/// Deterministic pseudo-random bits.
pub fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state ^ (*state >> 29)
}

/// The semantic test tables: `isa/tests/tables/<set>.jsonl`, one JSON
/// object a line. Every row names the instruction it exercises (`inst`, a
/// canonical name such as `GLSL.FMix`) and the table it belongs to
/// (`table`); its other fields are the table's own.
pub fn table<T: serde::de::DeserializeOwned>(set: &str, table: &str) -> Vec<T> {
    let path = format!("{}/tests/tables/{set}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1));
        if value["table"] == table {
            rows.push(
                serde_json::from_value(value).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1)),
            );
        }
    }
    assert!(!rows.is_empty(), "{path} has no rows of table {table}");
    rows
}

/// Bits written as a hexadecimal string (`"0x3f800000"`), for
/// `#[serde(deserialize_with = "common::hex")]`.
pub fn hex<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let s: String = serde::Deserialize::deserialize(d)?;
    parse_hex(&s).map_err(serde::de::Error::custom)
}

/// A list of hexadecimal bit strings.
pub fn hex_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    let v: Vec<String> = serde::Deserialize::deserialize(d)?;
    v.iter()
        .map(|s| parse_hex(s).map_err(serde::de::Error::custom))
        .collect()
}

fn parse_hex(s: &str) -> Result<u64, String> {
    let digits = s
        .strip_prefix("0x")
        .ok_or_else(|| format!("{s:?} is not 0x-prefixed hexadecimal"))?;
    u64::from_str_radix(digits, 16).map_err(|e| format!("{s:?}: {e}"))
}

/// A scalar type written `f16`, `f32`, `f64`, `i8`, `i16`, `i32`, `i64` or
/// `bool`.
pub fn scalar<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
    let s: String = serde::Deserialize::deserialize(d)?;
    parse_scalar(&s).map_err(serde::de::Error::custom)
}

/// A list of scalar types.
pub fn scalar_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Scalar>, D::Error> {
    let v: Vec<String> = serde::Deserialize::deserialize(d)?;
    v.iter()
        .map(|s| parse_scalar(s).map_err(serde::de::Error::custom))
        .collect()
}

fn parse_scalar(s: &str) -> Result<Scalar, String> {
    let bits = |t: &str| t.parse::<u8>().map_err(|e| format!("{s:?}: {e}"));
    match s.split_at(1) {
        ("f", w) => Ok(Scalar::Float(bits(w)?)),
        ("i", w) => Ok(Scalar::Int(bits(w)?)),
        _ if s == "bool" => Ok(Scalar::Bool),
        _ => Err(format!("{s:?} is not a scalar type")),
    }
}

/// An optional hexadecimal bit string, for
/// `#[serde(default, deserialize_with = "common::hex_opt")]` (absent: `None`).
pub fn hex_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    hex(d).map(Some)
}

/// Every row of `isa/tests/tables/<set>.jsonl`, whatever its table.
pub fn rows(set: &str) -> Vec<serde_json::Value> {
    let path = format!("{}/tests/tables/{set}.jsonl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{path}:{}: {e}", i + 1))
        })
        .collect()
}

/// The opcode of the instruction a row's `inst` names (`CL.exp` -> 19,
/// `AMD.FMin3` -> 1, `INTEL.UCountLeadingZeros` -> 5585), from the
/// canonical names of every opcode of every set (built once).
pub fn opcode_of(inst: &str) -> u16 {
    use isa::ext::ExtSet;
    static OPCODES: std::sync::OnceLock<HashMap<String, u16>> = std::sync::OnceLock::new();
    let map = OPCODES.get_or_init(|| {
        let sets = [
            (ExtSet::Glsl, 0..256),
            (ExtSet::OpenCl, 0..256),
            (ExtSet::AmdTrinary, 0..256),
            (ExtSet::IntelInt2, 5585..5600),
        ];
        sets.into_iter()
            .flat_map(|(set, opcodes)| {
                opcodes.map(move |opcode| {
                    let ty = Scalar::Float(32);
                    let op = ExtOp {
                        set,
                        opcode,
                        ty,
                        aux: ty,
                    };
                    (op.canonical_name(), opcode)
                })
            })
            .collect()
    });
    *map.get(inst)
        .unwrap_or_else(|| panic!("{inst} is no instruction of a seed specification"))
}

/// Fails with every row that failed, one a line.
pub fn assert_no_failures(bad: &[String]) {
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Distance between two floats of width `w` bits in representable values,
/// on the sign-magnitude line (so -0 and +0 are 0 apart).
pub fn ulp_distance(w: u32, a: u64, b: u64) -> u64 {
    let sign = 1u64 << (w - 1);
    let key = |x: u64| -> i128 {
        if x & sign != 0 {
            -((x & (sign - 1)) as i128)
        } else {
            x as i128
        }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}
