//! `docs/isa-coverage.md` must be the output of `gpusim isa coverage` with
//! the row counts of the semantic test tables (`isa/tests/tables/*.jsonl`),
//! and the report must list every instruction of every seed specification.

use std::collections::BTreeMap;

const REGENERATE: &str = "GPUSIM_BLESS=1 cargo test --release -p gpusim --test isa_coverage";

/// Rows per canonical instruction name over every table file; a row naming
/// no instruction of any specification is an error.
fn table_counts() -> BTreeMap<String, usize> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../isa/tests/tables");
    let known: Vec<String> = isa::ext::coverage().into_iter().map(|c| c.name).collect();
    let mut counts = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 5,
        "one table file per instruction set in {dir}"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let row: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
            let inst = row["inst"]
                .as_str()
                .unwrap_or_else(|| panic!("{}:{}: no \"inst\"", path.display(), i + 1));
            assert!(
                known.iter().any(|k| k == inst),
                "{}:{}: {inst} is no instruction of a seed specification",
                path.display(),
                i + 1
            );
            *counts.entry(inst.to_string()).or_insert(0) += 1;
        }
    }
    counts
}

fn report() -> String {
    gpusim::cli::coverage::report(Some(&table_counts()))
}

#[test]
fn docs_isa_coverage_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/isa-coverage.md");
    let want = report();
    if std::env::var_os("GPUSIM_BLESS").is_some() {
        std::fs::write(path, &want).unwrap();
    }
    let have = std::fs::read_to_string(path).unwrap_or_default();
    if have != want {
        let line = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .map_or_else(
                || "the line counts differ".to_string(),
                |i| format!("first difference at line {}", i + 1),
            );
        panic!(
            "docs/isa-coverage.md is out of date ({line}). Regenerate it from the \
             workspace root with:\n    {REGENERATE}"
        );
    }
}

#[test]
fn the_command_prints_the_document_without_test_counts() {
    let plain = gpusim::cli::coverage::report(None);
    assert!(plain.contains("| Instruction | Opcode | Implemented | Class |\n"));
    assert!(!plain.contains("Tests"));
    let rows = |r: &str| r.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows(&plain), rows(&report()));
}

fn section<'a>(report: &'a str, title: &str) -> &'a str {
    let start = report
        .find(&format!("\n## {title}\n"))
        .unwrap_or_else(|| panic!("no section {title}"));
    let rest = &report[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

fn table_rows(section: &str) -> Vec<Vec<String>> {
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn every_instruction_of_every_spec_is_listed() {
    let r = report();
    assert!(r.starts_with("# ISA coverage\n"));
    // Counts from the specifications: GLSL.std.450 numbers its
    // instructions Round = 1 ... NClamp = 81 with IMix (47) removed, so 80;
    // OpenCL.std 162 (acos = 0 ... shuffle2, printf, prefetch, vloada_halfn
    // ...), AMD 9, INTEL 14, EXT 2.
    for (title, n) in [
        ("GLSL.std.450", 80),
        ("SPV_AMD_shader_trinary_minmax", 9),
        ("SPV_INTEL_shader_integer_functions2", 14),
        ("SPV_EXT_shader_atomic_float_min_max", 2),
    ] {
        let rows = table_rows(section(&r, title));
        let listed = rows.iter().filter(|c| c[1] != "-").count();
        assert_eq!(listed, n, "{title}");
        assert!(
            r.contains(&format!("- {title}: ")),
            "summary line of {title}"
        );
    }
    let cl = table_rows(section(&r, "OpenCL.std"));
    assert!(cl.len() >= 160, "{}", cl.len());
    assert!(cl.iter().any(|c| c[0] == "`CL.exp`"));
    let glsl = table_rows(section(&r, "GLSL.std.450"));
    assert_eq!(glsl[0][0], "`GLSL.Round`");
    assert_eq!(glsl[0][1], "1");
    assert!(glsl.iter().any(|c| c[0] == "`GLSL.FMix`" && c[1] == "46"));
    assert!(!glsl.iter().any(|c| c[0] == "`GLSL.IMix`"));
}

#[test]
fn the_three_extension_sets_are_fully_implemented_and_tested() {
    let r = report();
    assert!(r.contains("- SPV_AMD_shader_trinary_minmax: 9 of 9 implemented\n"));
    assert!(r.contains("- SPV_INTEL_shader_integer_functions2: 14 of 14 implemented\n"));
    assert!(r.contains("- SPV_EXT_shader_atomic_float_min_max: 2 of 2 implemented\n"));
    for (title, class) in [
        ("SPV_AMD_shader_trinary_minmax", None),
        ("SPV_INTEL_shader_integer_functions2", None),
        ("SPV_EXT_shader_atomic_float_min_max", Some("valu")),
    ] {
        for c in table_rows(section(&r, title)) {
            assert_eq!(c[2], "yes", "{c:?}");
            assert!(c[4].parse::<usize>().unwrap() > 0, "{c:?}");
            if let Some(k) = class {
                assert_eq!(c[3], k);
            }
        }
    }
    let amd = table_rows(section(&r, "SPV_AMD_shader_trinary_minmax"));
    assert_eq!(amd[6][0], "`AMD.FMid3`");
    assert_eq!(amd[6][1], "7");
    assert_eq!(amd[6][3], "valu.min3");
    let intel = table_rows(section(&r, "SPV_INTEL_shader_integer_functions2"));
    assert_eq!(
        intel[0][..4],
        ["`INTEL.UCountLeadingZeros`", "5585", "yes", "valu.bitscan"]
    );
    assert_eq!(
        intel[13][..4],
        ["`INTEL.UMul32x16`", "5598", "yes", "valu.mul32x16"]
    );
    assert_eq!(intel[4][3], "valu.sat");
    assert_eq!(intel[6][3], "valu.avg");
    assert_eq!(intel[2][3], "valu.absdiff");
}
