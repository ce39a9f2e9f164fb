//! `docs/isa-coverage.md` must be the output of `gpusim isa coverage`, and
//! the report must list every instruction of every seed specification.

const REGENERATE: &str = "cargo run --release -- isa coverage > docs/isa-coverage.md";

#[test]
fn docs_isa_coverage_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/isa-coverage.md");
    let want = gpusim::coverage::report();
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
    let r = gpusim::coverage::report();
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
    let r = gpusim::coverage::report();
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
