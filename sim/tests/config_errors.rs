//! Bad GPU models are refused with a message naming the key and its line,
//! never with a panic or a runaway allocation later in the model:
//!
//! * `[classes]` entries that are no op class, and `[instructions]` entries
//!   whose name is no instruction (with or without a set prefix);
//! * every integer key outside the range its row of docs/config.md gives in
//!   the "Allowed" column (read from the page, so the page and the checks
//!   cannot drift apart), a clock that is not a finite positive number, and
//!   the cache geometry rules;
//! * configs at the limits run a real workload to the end.

mod common;
use common::edit_line as edit;
use gpusim::input::config::{Config, DEFAULT_TOML};
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the sim crate sits in the workspace")
        .to_path_buf()
}

/// The error `text` is refused with, as `--config FILE` reports it. The
/// message must start with the file name and the line; returns the line
/// number and the rest of the message.
fn refused(test: &str, text: &str) -> (usize, String) {
    let (file, e) = common::config_error("config-errors", test, text);
    let rest = e
        .strip_prefix(&format!("{file}:"))
        .unwrap_or_else(|| panic!("{test}: the message does not start with the file: {e}"));
    let (line, message) = rest
        .split_once(':')
        .unwrap_or_else(|| panic!("{test}: no line in {e}"));
    let line = line
        .parse()
        .unwrap_or_else(|_| panic!("{test}: no line number in {e}"));
    (line, message.trim().to_string())
}

/// The default config with `extra` inserted after the line that is exactly
/// `after`; returns the text and the number of the first inserted line.
fn inserted(after: &str, extra: &str) -> (String, usize) {
    let mut out = Vec::new();
    let mut at = 0;
    for l in DEFAULT_TOML.lines() {
        out.push(l.to_string());
        if at == 0 && l == after {
            at = out.len() + 1;
            out.push(extra.to_string());
        }
    }
    assert!(at > 0, "no line {after:?}");
    (out.join("\n"), at)
}

/// The default config with the first line starting with `old` replaced by
/// `new`; returns the text and that line's number.
fn edited(old: &str, new: &str) -> (String, usize) {
    edit(DEFAULT_TOML, old, new)
}

/// `text` followed by lines; returns the text and the number of the first
/// appended line.
fn appended(text: &str, extra: &str) -> (String, usize) {
    let text = format!("{text}\n{extra}\n");
    let at = text.lines().count() - extra.lines().count() + 1;
    (text, at)
}

// ---------------------------------------------------------------------------
// Names.

#[test]
fn an_empty_or_blank_model_name_is_refused_at_its_line() {
    // (as written, as the message quotes it)
    for (written, quoted) in [
        (r#""""#, r#""""#),
        (r#""   ""#, r#""   ""#),
        (r#""\t""#, r#""\t""#),
        ("''", r#""""#),
        // A control character breaks the lines the name is written in.
        (r#""two\nlines""#, r#""two\nlines""#),
        (r#""a\tb""#, r#""a\tb""#),
    ] {
        let (text, at) = edited("name = ", &format!("name = {written}"));
        let (line, e) = refused("blank_name", &text);
        assert_eq!(line, at, "{written}: {e}");
        assert_eq!(
            e,
            format!("name is {quoted}; it must be a label of some non-space character, without control characters")
        );
    }
    // A file that inherits is blamed for the name it sets.
    let (file, e) = common::config_error(
        "config-errors",
        "blank_name_inherits",
        "inherit = \"gcn\"\nname = \"\"\n",
    );
    assert_eq!(
        e,
        format!("{file}:2: name is \"\"; it must be a label of some non-space character, without control characters")
    );
    // Spaces inside a name are fine.
    let (text, _) = edited("name = ", r#"name = " a b ""#);
    let c = Config::parse(&text, Path::new("spaced.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.name, " a b ");
}

#[test]
fn a_class_that_is_no_op_class_names_the_key_and_line() {
    for class in ["valu.bogus", "VALU", "valu.f32", ""] {
        let (text, at) = inserted(
            "[classes]",
            &format!("\"{class}\" = \"valu\"        # not an op class"),
        );
        let (line, e) = refused("unknown_class", &text);
        assert_eq!(line, at, "{e}");
        assert!(
            e.starts_with(&format!("classes.\"{class}\" is not an op class")),
            "{e}"
        );
        // The message lists the classes there are.
        assert!(e.contains("valu.bitscan") && e.contains("branch"), "{e}");
    }
}

#[test]
fn an_instruction_name_that_matches_nothing_names_the_key_and_line() {
    for name in [
        "FAddd",
        "fadd",
        // The SPIR-V name of an instruction that lowers to other
        // operations (its multiplies and adds are named FMul, FAdd).
        "Dot",
        // Float atomic min/max are named EXT.AtomicFMin / EXT.AtomicFMax.
        "AtomicFMin",
        // Conversions are named after conversion opcodes only.
        "Bitcast",
        "OpFAdd",
    ] {
        let (text, at) = appended(
            DEFAULT_TOML,
            &format!("[instructions.\"{name}\"]\nlatency = 3"),
        );
        let (line, e) = refused("unknown_core_name", &text);
        assert_eq!(line, at, "{name}: {e}");
        assert!(
            e.starts_with(&format!(
                "instructions.\"{name}\" is not the name of a basic operation"
            )),
            "{e}"
        );
    }
    for name in ["AMD.FMid4", "GLSL.259", "EXT.FMin", "CL.fadd"] {
        let (text, at) = appended(DEFAULT_TOML, &format!("[instructions.\"{name}\"]"));
        let (line, e) = refused("unknown_ext_name", &text);
        assert_eq!(line, at, "{name}: {e}");
        assert!(
            e.starts_with(&format!("instructions.\"{name}\" is not an instruction")),
            "{e}"
        );
    }
}

#[test]
fn an_instruction_name_written_as_dotted_keys_names_its_line() {
    // Top-level dotted keys instead of a table header: the line that sets
    // the entry's field is named.
    let text = format!("instructions.FAddd.latency = 3\n{DEFAULT_TOML}");
    let (line, e) = refused("dotted_instruction", &text);
    assert_eq!(line, 1, "{e}");
    assert!(e.starts_with("instructions.\"FAddd\""), "{e}");
}

/// Every name the timing model can give a lowered instruction, as listed
/// by docs/config.md and `isa::vocabulary::instruction_name`.
const CORE_NAMES: &[&str] = &[
    // Core ALU operations (a sample from every group of isa::core::AluOp).
    "SNegate",
    "Not",
    "BitCount",
    "IAdd",
    "UDiv",
    "SMod",
    "ShiftRightArithmetic",
    "BitwiseXor",
    "AddCarry",
    "SubBorrow",
    "UMulHigh",
    "SMulHigh",
    "IEqual",
    "SLessThanEqual",
    "FNegate",
    "FAdd",
    "FMul",
    "FDiv",
    "FRem",
    "FMod",
    "FUnordGreaterThanEqual",
    "Ordered",
    "IsNan",
    "SignBitSet",
    "LessOrGreater",
    "QuantizeToF16",
    "LogicalNot",
    "Select",
    "BitFieldInsert",
    "BitFieldUExtract",
    // Conversions.
    "ConvertFToU",
    "ConvertFToS",
    "ConvertSToF",
    "ConvertUToF",
    "UConvert",
    "SConvert",
    "FConvert",
    "SatConvertSToU",
    "SatConvertUToS",
    "ConvertPtrToU",
    "ConvertUToPtr",
    "Convert",
    // Moves and memory.
    "Mov",
    "Load",
    "Store",
    // Atomics (every isa::ir::AtomicOp but the float min/max).
    "AtomicLoad",
    "AtomicStore",
    "AtomicExchange",
    "AtomicCompareExchange",
    "AtomicIIncrement",
    "AtomicIDecrement",
    "AtomicIAdd",
    "AtomicISub",
    "AtomicSMin",
    "AtomicUMin",
    "AtomicSMax",
    "AtomicUMax",
    "AtomicAnd",
    "AtomicOr",
    "AtomicXor",
    // Control flow.
    "Branch",
    "BranchConditional",
    "Switch",
    "Return",
    "ControlBarrier",
    "MemoryBarrier",
    "Unreachable",
    // Lane operations of the emulated min3 / max3 / mid3.
    "FMin",
    "FMax",
    "UMin",
    "UMax",
    "SMin",
    "SMax",
    // Named with a set prefix.
    "CL.printf",
    "CL.prefetch",
    "EXT.AtomicFMin",
    "EXT.AtomicFMax",
    "AMD.FMid3",
    "GLSL.FMix",
    "INTEL.IAddSat",
];

#[test]
fn every_name_the_timing_model_gives_is_accepted() {
    let mut text = DEFAULT_TOML.to_string();
    for name in CORE_NAMES {
        text.push_str(&format!("\n[instructions.\"{name}\"]\nlatency = 7\n"));
    }
    let c = Config::parse(&text, Path::new("names.toml")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.instructions.len(), CORE_NAMES.len());
    assert!(c.instructions.values().all(|t| t.latency == Some(7)));
}

// ---------------------------------------------------------------------------
// Values that used to panic or exhaust memory.

#[test]
fn a_line_size_whose_product_with_the_ways_overflows_is_refused() {
    // 2^31 x 2 wraps to 0 in 32 bits: this divided by zero before.
    let (text, at) = edited("line_bytes = 64", "line_bytes = 2147483648");
    let (text, _) = edit(&text, "ways = 4", "ways = 2");
    let (line, e) = refused("line_overflow", &text);
    assert_eq!(line, at, "{e}");
    assert_eq!(
        e,
        "memory.l1.line_bytes is 2147483648; it must be a power of two from 4 to 4096"
    );
}

#[test]
fn huge_counts_are_refused_before_anything_is_allocated() {
    for (old, new, message) in [
        (
            "compute_units = ",
            "compute_units = 4294967295",
            "gpu.compute_units is 4294967295; it must be 1 to 1024",
        ),
        (
            "simds = ",
            "simds = 100000",
            "cu.simds is 100000; it must be 1 to 64",
        ),
        (
            "wave_slots_per_simd = ",
            "wave_slots_per_simd = 4294967295",
            "cu.wave_slots_per_simd is 4294967295; it must be 1 to 1024",
        ),
        (
            "size_bytes = 524288",
            "size_bytes = 4294967295",
            "memory.l2.size_bytes is 4294967295; it must be 1 to 1073741824",
        ),
        (
            "units_per_bank = ",
            "units_per_bank = 4000000000",
            "atomics.units_per_bank is 4000000000; it must be 1 to 64",
        ),
        (
            "count = 1 ",
            "count = 4294967295",
            "units.valu.count is 4294967295; it must be 1 to 64",
        ),
        (
            "bytes = 65536",
            "bytes = 4294967295",
            "memory.lds.bytes is 4294967295; it must be 0 to 1073741824",
        ),
    ] {
        let (text, at) = edited(old, new);
        let (line, e) = refused("huge", &text);
        assert_eq!(line, at, "{e}");
        assert_eq!(e, message);
    }
}

#[test]
fn a_clock_that_is_no_finite_positive_number_is_refused() {
    for value in [
        "inf", "+inf", "-inf", "nan", "-nan", "0.0", "-0.0", "-1000.0", "1e-320", "0.0009",
        "100000.5", "1e300",
    ] {
        let (text, at) = edited("clock_mhz = ", &format!("clock_mhz = {value}"));
        let (line, e) = refused("clock", &text);
        assert_eq!(line, at, "{value}: {e}");
        assert!(
            e.starts_with("gpu.clock_mhz is ")
                && e.ends_with("it must be a number from 0.001 to 100000"),
            "{value}: {e}"
        );
    }
    // Far out of range, the value reads in exponent form, not in hundreds
    // of digits.
    for (value, shown) in [
        ("1e-300", "1e-300"),
        ("-2.5e200", "-2.5e200"),
        ("0.0005", "0.0005"),
    ] {
        let (text, _) = edited("clock_mhz = 1000.0", &format!("clock_mhz = {value}"));
        let (_, e) = refused("clock", &text);
        assert_eq!(
            e,
            format!("gpu.clock_mhz is {shown}; it must be a number from 0.001 to 100000")
        );
    }
    // The bounds themselves are fine.
    for value in ["100000.0", "0.001", "100000", "1"] {
        let (text, _) = edited("clock_mhz = ", &format!("clock_mhz = {value}"));
        Config::parse(&text, Path::new("clock.toml")).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn the_register_granule_may_not_exceed_the_register_file() {
    let (text, at) = edited("vgpr_granule = ", "vgpr_granule = 512");
    let (line, e) = refused("granule", &text);
    assert_eq!(line, at, "{e}");
    assert_eq!(
        e,
        "cu.vgpr_granule is 512; it must be 1 to cu.vgprs_per_simd (256)"
    );
    let (text, _) = edited("vgpr_granule = ", "vgpr_granule = 256");
    Config::parse(&text, Path::new("granule.toml")).unwrap();
}

#[test]
fn scalar_register_limits_may_not_exceed_the_scalar_file() {
    for (key, value, message) in [
        (
            "sgprs_per_wave = ",
            "sgprs_per_wave = 801",
            "scalar.sgprs_per_wave is 801; it must be 1 to scalar.sgprs_per_simd (800)",
        ),
        (
            "sgpr_granule = ",
            "sgpr_granule = 1000",
            "scalar.sgpr_granule is 1000; it must be 1 to scalar.sgprs_per_simd (800)",
        ),
    ] {
        let (text, at) = edited(key, value);
        let (line, e) = refused("scalar", &text);
        assert_eq!(line, at, "{e}");
        assert_eq!(e, message);
    }
    let (text, _) = edited("sgprs_per_wave = ", "sgprs_per_wave = 800");
    Config::parse(&text, Path::new("scalar.toml")).unwrap();
    // A unit may not take the scalar ALU's name while there is one.
    let text = format!(
        "{}\n[units.scalar]\ncount = 1\nlatency = 1\ninterval = 1\n",
        gpusim::input::config::DEFAULT_TOML
    );
    let (_, e) = refused("scalar_unit_name", &text);
    assert!(
        e.starts_with("units.scalar: the name is the scalar unit's"),
        "{e}"
    );
}

#[test]
fn too_many_unit_instances_per_simd_are_refused() {
    let mut extra = String::new();
    for u in ["a", "b", "c", "d"] {
        extra.push_str(&format!(
            "[units.{u}]\ncount = 64\nlatency = 1\ninterval = 1\n"
        ));
    }
    let (text, _) = appended(DEFAULT_TOML, &extra);
    // The first [units.*] table is named.
    let at = text.lines().position(|l| l == "[units.valu]").unwrap() + 1;
    let (line, e) = refused("instances", &text);
    assert_eq!(line, at, "{e}");
    assert_eq!(
        e,
        "units: the counts add up to 263 unit instances per SIMD; at most 256 are allowed"
    );
}

#[test]
fn cache_geometry_errors_name_the_size_line() {
    for (edits, message) in [
        (
            &[("size_bytes = 16384", "size_bytes = 16000")][..],
            "memory.l1: size_bytes / (line_bytes * ways) must be a power of two (it is 16000 / (64 * 4))",
        ),
        (
            &[("size_bytes = 16384", "size_bytes = 128")][..],
            "memory.l1: size_bytes / (line_bytes * ways) must be a power of two (it is 128 / (64 * 4))",
        ),
        (
            // 4 MiB / 64 B lines, one way: 65536 sets, the most allowed ...
            &[("size_bytes = 16384", "size_bytes = 4194304"), ("ways = 4", "ways = 1"), ("line_bytes = 64", "line_bytes = 32")][..],
            "memory.l1: size_bytes / (line_bytes * ways) is the number of sets, at most 65536 (it is 4194304 / (32 * 1) = 131072)",
        ),
        (
            &[("size_bytes = 524288", "size_bytes = 524292")][..],
            "memory.l2.size_bytes is 524292, which does not divide evenly among 8 banks",
        ),
        (
            &[("size_bytes = 524288", "size_bytes = 786432")][..],
            "memory.l2: size_bytes / banks / (line_bytes * ways) must be a power of two (it is 786432 / 8 / (64 * 16))",
        ),
    ] {
        let mut text = DEFAULT_TOML.to_string();
        for (old, new) in edits {
            text = edit(&text, old, new).0;
        }
        let size_line = edits[0].1;
        let at = text.lines().position(|l| l == size_line).unwrap() + 1;
        let (line, e) = refused("geometry", &text);
        assert_eq!(line, at, "{e}");
        assert_eq!(e, message);
    }
    // ... and exactly 65536 sets is fine.
    let text = DEFAULT_TOML
        .replacen("size_bytes = 16384", "size_bytes = 4194304", 1)
        .replacen("ways = 4", "ways = 1", 1);
    Config::parse(&text, Path::new("sets.toml")).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_key_inside_an_inline_table_names_the_inline_tables_line() {
    let text = DEFAULT_TOML.replacen(
        "[memory.dram]\nlatency = 300              # beyond the L2, cycles [A]\nbytes_per_cycle = 64       # total bandwidth per core cycle [A]",
        "[memory]\ndram = { latency = 300, bytes_per_cycle = 0 }",
        1,
    );
    assert_ne!(text, DEFAULT_TOML, "the [memory.dram] table moved");
    let at = text
        .lines()
        .position(|l| l.starts_with("dram = {"))
        .unwrap()
        + 1;
    let (line, e) = refused("inline", &text);
    assert_eq!(line, at, "{e}");
    assert_eq!(e, "memory.dram.bytes_per_cycle is 0; it must be 1 to 65536");
}

#[test]
fn a_unit_with_a_quoted_name_is_named_as_written() {
    let (text, at) = appended(
        DEFAULT_TOML,
        "[units.\"my unit\"]\ncount = 1\nlatency = 2000000\ninterval = 1",
    );
    let (line, e) = refused("quoted_unit", &text);
    assert_eq!(line, at + 2, "{e}");
    assert_eq!(
        e,
        "units.\"my unit\".latency is 2000000; it must be 0 to 1000000"
    );
}

#[test]
fn validate_checks_a_config_changed_after_loading() {
    let mut c = Config::default_config();
    assert_eq!(c.validate(), Ok(()));
    c.gpu.compute_units = 5000;
    assert_eq!(
        c.validate(),
        Err("gpu.compute_units is 5000; it must be 1 to 1024".to_string())
    );
}

// ---------------------------------------------------------------------------
// The ranges of docs/config.md.

/// (key, type, allowed) of every row of the key tables of docs/config.md.
fn doc_rows() -> Vec<(String, String, String)> {
    let doc = std::fs::read_to_string(root().join("docs/config.md")).unwrap();
    let mut rows = Vec::new();
    let mut columns: Option<(usize, usize)> = None;
    for line in doc.lines() {
        if !line.starts_with('|') {
            columns = None;
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.get(1) == Some(&"Key") {
            let ty = cells.iter().position(|c| *c == "Type");
            let allowed = cells.iter().position(|c| *c == "Allowed");
            columns = ty.zip(allowed);
            continue;
        }
        let Some((ty, allowed)) = columns else {
            continue;
        };
        let key = cells[1];
        if let Some(key) = key.strip_prefix('`').and_then(|k| k.strip_suffix('`')) {
            rows.push((
                key.to_string(),
                cells[ty].to_string(),
                cells[allowed].to_string(),
            ));
        }
    }
    rows
}

/// The `LO to HI` range of an "Allowed" cell, if it states one.
fn range_of(allowed: &str) -> Option<(u64, u64)> {
    let (before, after) = allowed.split_once(" to ")?;
    let lo = before.rsplit(|c: char| !c.is_ascii_digit()).next()?;
    let hi = after.split(|c: char| !c.is_ascii_digit()).next()?;
    Some((lo.parse().ok()?, hi.parse().ok()?))
}

/// The default config with the (documented, generic) key set to `value`,
/// as TOML text.
fn with_value(key: &str, value: u64) -> String {
    let mut t: toml::Table = DEFAULT_TOML.parse().unwrap();
    let path: Vec<String> = key
        .replace("units.<name>", "units.valu")
        .replace("instructions.\"<name>\"", "instructions.FAdd")
        .split('.')
        .map(str::to_string)
        .collect();
    let (last, parents) = path.split_last().unwrap();
    let mut table = &mut t;
    for p in parents {
        table = table
            .entry(p.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
            .unwrap();
    }
    table.insert(last.clone(), toml::Value::Integer(value as i64));
    toml::to_string(&t).unwrap()
}

/// Ends of a documented range that other rules (with the default's other
/// values) refuse, with the reason.
const OTHER_RULES: &[(&str, u64, &str)] = &[
    (
        "cu.vgprs_per_simd",
        1,
        "the default granule of 4 exceeds it",
    ),
    ("memory.l1.size_bytes", 1, "smaller than one set"),
    (
        "scalar.sgprs_per_simd",
        1,
        "the default sgprs_per_wave of 102 exceeds it",
    ),
    ("scalar.cache.size_bytes", 1, "smaller than one set"),
    ("scalar.cache.ways", 1024, "more than the 16 KB cache holds"),
    ("memory.l2.size_bytes", 1, "smaller than one set per bank"),
    (
        "memory.l2.size_bytes",
        1 << 30,
        "131072 sets per bank with the default lines and ways",
    ),
    ("memory.l1.ways", 1024, "more than the 16 KB L1 holds"),
    ("memory.l2.banks", 1024, "less than one set per bank"),
];

#[test]
fn every_integer_key_is_refused_outside_its_documented_range() {
    let rows = doc_rows();
    assert!(rows.len() > 40, "found only {} rows", rows.len());
    let mut checked = 0;
    for (key, ty, allowed) in &rows {
        if ty != "integer" {
            continue;
        }
        let Some((lo, hi)) = range_of(allowed) else {
            // The two integers whose range is not two numbers; both have
            // tests of their own above and in config_docs.rs.
            assert!(
                [
                    "cu.wave_size",
                    "cu.vgpr_granule",
                    "scalar.sgprs_per_wave",
                    "scalar.sgpr_granule"
                ]
                .contains(&key.as_str()),
                "{key}: the Allowed cell {allowed:?} states no range LO to HI"
            );
            continue;
        };
        assert!(hi <= u32::MAX as u64, "{key}: {hi}");
        let name = key.rsplit('.').next().unwrap();
        let mut outside = vec![hi + 1];
        if lo > 0 {
            outside.push(lo - 1);
        }
        for v in outside {
            let text = with_value(key, v);
            let what = format!("{key} = {v}");
            if v > u32::MAX as u64 {
                // Not a 32-bit integer: a parse error at the value.
                let e = Config::parse(&text, Path::new("range.toml")).unwrap_err();
                assert!(e.contains("range.toml:"), "{what}: {e}");
                continue;
            }
            let (line, e) = refused("range", &text);
            let shown = key
                .replace("units.<name>", "units.valu")
                .replace("instructions.\"<name>\"", "instructions.\"FAdd\"");
            assert!(
                e.starts_with(&format!("{shown} is {v}; it must be")),
                "{what}: {e}"
            );
            let set_there = text.lines().nth(line - 1).unwrap_or("");
            assert_eq!(
                set_there.replace(' ', ""),
                format!("{name}={v}"),
                "{what}: the message names line {line}"
            );
        }
        for v in [lo, hi] {
            let text = with_value(key, v);
            let r = Config::parse(&text, Path::new("range.toml"));
            if OTHER_RULES.iter().any(|(k, x, _)| k == key && *x == v) {
                assert!(r.is_err(), "{key} = {v} was expected to break another rule");
            } else {
                r.unwrap_or_else(|e| panic!("{key} = {v} is documented as allowed: {e}"));
            }
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} integer keys have a range");
}

// ---------------------------------------------------------------------------
// The model at the limits.

fn run_on(config: &str, workload: &str) -> Result<bool, String> {
    let cfg = Config::parse(config, Path::new("limits.toml")).unwrap_or_else(|e| panic!("{e}"));
    let w = Workload::load(&root().join("workloads").join(workload)).unwrap();
    let out = run_workload(&w, &RunOptions::timed(cfg))?;
    Ok(out.all_checks_passed())
}

fn config_with(values: &[(&str, &str)]) -> String {
    let mut t: toml::Table = DEFAULT_TOML.parse().unwrap();
    for (key, value) in values {
        let path: Vec<&str> = key.split('.').collect();
        let (last, parents) = path.split_last().unwrap();
        let mut table = &mut t;
        for p in parents {
            table = table.get_mut(*p).unwrap().as_table_mut().unwrap();
        }
        let v: toml::Table = format!("v = {value}").parse().unwrap();
        table.insert(last.to_string(), v["v"].clone());
    }
    toml::to_string(&t).unwrap()
}

#[test]
fn the_largest_allowed_model_runs_workloads() {
    let big = [
        ("gpu.clock_mhz", "100000.0"),
        ("gpu.compute_units", "1024"),
        ("cu.simds", "64"),
        ("cu.lanes_per_simd", "64"),
        ("cu.wave_slots_per_simd", "1024"),
        ("cu.vgprs_per_simd", "65536"),
        ("cu.workgroups_per_cu", "65536"),
        ("cu.issue.per_simd", "1024"),
        ("cu.issue.valu", "1024"),
        ("cu.issue.trans", "1024"),
        ("cu.issue.memory", "1024"),
        ("cu.issue.lds", "1024"),
        ("cu.issue.branch", "1024"),
        ("units.valu.count", "64"),
        ("units.trans.count", "64"),
        ("units.f64.count", "64"),
        // 61 with the one permute, dpp and texture unit: 256 in all, the
        // limit.
        ("units.branch.count", "61"),
        ("units.valu.latency", "1000000"),
        ("units.branch.interval", "1000000"),
        ("memory.l1.latency", "1000000"),
        ("memory.l1.mshrs", "65536"),
        ("memory.l2.latency", "1000000"),
        ("memory.l2.mshrs", "65536"),
        ("memory.dram.latency", "1000000"),
        ("memory.dram.bytes_per_cycle", "65536"),
        ("memory.lds.bytes", "1073741824"),
        ("memory.lds.banks", "1024"),
        ("memory.lds.latency", "1000000"),
        ("atomics.units_per_bank", "64"),
        ("atomics.integer.latency", "1000000"),
        ("atomics.integer.interval", "1000000"),
        ("atomics.compare_exchange.interval", "1000000"),
    ];
    // The most sets, with the smallest lines ...
    let mut most_sets = big.to_vec();
    most_sets.extend([
        ("memory.l1.size_bytes", "262144"),
        ("memory.l1.line_bytes", "4"),
        ("memory.l1.ways", "1"),
        ("memory.l2.size_bytes", "1073741824"),
        ("memory.l2.banks", "1024"),
        ("memory.l2.line_bytes", "4"),
        ("memory.l2.ways", "4"),
    ]);
    // ... and the widest lines with the most ways.
    let mut widest = big.to_vec();
    widest.extend([
        ("memory.l1.size_bytes", "4194304"),
        ("memory.l1.line_bytes", "4096"),
        ("memory.l1.ways", "1024"),
        ("memory.l2.size_bytes", "1073741824"),
        ("memory.l2.banks", "256"),
        ("memory.l2.line_bytes", "4096"),
        ("memory.l2.ways", "1024"),
    ]);
    for values in [most_sets, widest] {
        let text = config_with(&values);
        for w in ["reduction.toml", "atomics.toml"] {
            assert_eq!(run_on(&text, w), Ok(true), "{w}");
        }
    }
}

#[test]
fn the_smallest_allowed_model_runs_or_refuses_the_launch() {
    let small = [
        ("gpu.clock_mhz", "0.001"),
        ("gpu.compute_units", "1"),
        ("cu.simds", "1"),
        ("cu.lanes_per_simd", "1"),
        ("cu.workgroups_per_cu", "1"),
        ("cu.issue.per_simd", "1"),
        ("units.valu.latency", "0"),
        ("units.valu.count", "1"),
        ("memory.l1.size_bytes", "4"),
        ("memory.l1.line_bytes", "4"),
        ("memory.l1.ways", "1"),
        ("memory.l1.latency", "0"),
        ("memory.l1.mshrs", "1"),
        ("memory.l2.size_bytes", "4"),
        ("memory.l2.banks", "1"),
        ("memory.l2.line_bytes", "4"),
        ("memory.l2.ways", "1"),
        ("memory.l2.latency", "0"),
        ("memory.l2.mshrs", "1"),
        ("memory.dram.latency", "0"),
        ("memory.dram.bytes_per_cycle", "1"),
        ("memory.lds.banks", "1"),
        ("memory.lds.latency", "0"),
        ("atomics.units_per_bank", "1"),
        ("atomics.integer.latency", "0"),
        ("atomics.integer.interval", "0"),
    ];
    let text = config_with(&small);
    for w in ["reduction.toml", "atomics.toml"] {
        assert_eq!(run_on(&text, w), Ok(true), "{w}");
    }
    // With one wave slot a 128-invocation workgroup cannot be placed: the
    // launch is refused, naming the limit.
    let mut tiny = small.to_vec();
    tiny.push(("cu.wave_slots_per_simd", "1"));
    let e = run_on(&config_with(&tiny), "reduction.toml").unwrap_err();
    assert!(e.contains("wave_slots"), "{e}");
}
