//! Assembler/disassembler checks against binaries produced by independent
//! tools (spirv-as, glslang, llvm-spirv); the tools themselves are not
//! needed to run these tests.

use std::path::PathBuf;

use isa::asm::assemble;
use isa::dis::disassemble;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}

fn read_text(name: &str) -> String {
    std::fs::read_to_string(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn read_words(name: &str) -> Vec<u32> {
    let bytes = std::fs::read(data(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(bytes.len() % 4, 0, "{name}: not a whole number of words");
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Index of the first differing word, for readable failures.
fn first_diff(a: &[u32], b: &[u32]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

fn assert_same(ours: &[u32], expected: &[u32], what: &str) {
    if let Some(i) = first_diff(ours, expected) {
        panic!(
            "{what}: words differ at index {i}: ours {:?} expected {:?} (lengths {} vs {})",
            ours.get(i).map(|w| format!("0x{w:08x}")),
            expected.get(i).map(|w| format!("0x{w:08x}")),
            ours.len(),
            expected.len()
        );
    }
}

/// Text assembled by spirv-as (committed .spv) must match ours exactly.
fn check_assembles_like_spirv_as(text: &str, spv: &str) {
    let ours = assemble(&read_text(text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_same(&ours, &read_words(spv), text);
}

/// disassemble -> assemble reproduces the binary word for word.
fn check_dis_roundtrip(spv: &str) {
    let words = read_words(spv);
    let text = disassemble(&words).unwrap_or_else(|e| panic!("{spv}: {e}"));
    let again = assemble(&text).unwrap_or_else(|e| panic!("{spv}: {e}\n{text}"));
    assert_same(&again, &words, spv);
    // And the disassembly is a fixed point.
    assert_eq!(disassemble(&again).unwrap(), text);
}

#[test]
fn glsl_compute_matches_spirv_as() {
    check_assembles_like_spirv_as("glsl_compute.spvasm", "glsl_compute.spv");
}

#[test]
fn opencl_kernel_matches_spirv_as() {
    check_assembles_like_spirv_as("opencl_kernel.spvasm", "opencl_kernel.spv");
}

#[test]
fn handwritten_matches_spirv_as() {
    check_assembles_like_spirv_as("handwritten.spvasm", "handwritten.spv");
    check_assembles_like_spirv_as("handwritten_dis.spvasm", "handwritten.spv");
}

#[test]
fn dis_roundtrip_spirv_as_output() {
    check_dis_roundtrip("glsl_compute.spv");
    check_dis_roundtrip("opencl_kernel.spv");
    check_dis_roundtrip("handwritten.spv");
}

#[test]
fn dis_roundtrip_compiler_output() {
    check_dis_roundtrip("glsl_compute.glslang.spv");
    check_dis_roundtrip("opencl_kernel.llvm-spirv.spv");
}

fn asm_err(text: &str) -> isa::asm::AsmError {
    match assemble(text) {
        Ok(w) => panic!("expected an error, got {} words", w.len()),
        Err(e) => e,
    }
}

const PRELUDE: &str = "; test\n               OpCapability Shader\n               OpMemoryModel Logical GLSL450\n       %uint = OpTypeInt 32 0\n";

#[test]
fn error_unknown_opcode() {
    let e = asm_err(&format!("{PRELUDE}          %x = OpFrobnicate %uint\n"));
    assert_eq!(e.line, 5);
    assert!(e.message.contains("unknown opcode 'OpFrobnicate'"), "{e}");
    assert_eq!(e.to_string(), format!("line 5: {}", e.message));
}

#[test]
fn error_bad_literal() {
    let e = asm_err(&format!("{PRELUDE}          %x = OpConstant %uint 12z\n"));
    assert_eq!(e.line, 5);
    assert!(e.message.contains("bad integer literal '12z'"), "{e}");
    let e = asm_err(&format!("{PRELUDE}          %x = OpConstant %uint -1\n"));
    assert!(e.message.contains("does not fit"), "{e}");
    let e = asm_err(&format!(
        "{PRELUDE}          %f = OpTypeFloat 32\n          %x = OpConstant %f 1.5.5\n"
    ));
    assert_eq!(e.line, 6);
    assert!(e.message.contains("float literal"), "{e}");
}

#[test]
fn error_missing_operand() {
    let e = asm_err(&format!(
        "{PRELUDE}          %p = OpTypePointer StorageBuffer\n          %q = OpTypeVoid\n"
    ));
    assert_eq!(e.line, 6);
    assert!(
        e.message.contains("missing operand of OpTypePointer"),
        "{e}"
    );
    let e = asm_err(&format!("{PRELUDE}          %x = OpTypeInt 32\n"));
    assert_eq!(e.line, 5);
    assert!(e.message.contains("missing operand"), "{e}");
}

#[test]
fn error_too_many_operands() {
    let e = asm_err(&format!("{PRELUDE}          %v = OpTypeVoid %uint\n"));
    assert_eq!(e.line, 5);
    assert!(
        e.message.contains("too many operands for OpTypeVoid"),
        "{e}"
    );
}

#[test]
fn error_undefined_name() {
    let e = asm_err(&format!("{PRELUDE}               OpName %nowhere \"x\"\n"));
    assert_eq!(e.line, 5);
    assert!(
        e.message.contains("%nowhere is used but never defined"),
        "{e}"
    );
}

/// A string may span lines, so an unclosed one runs on to the next quote;
/// the error names the line it starts on, as spirv-as does.
#[test]
fn error_unterminated_string_names_its_first_line() {
    let names = "               OpName %uint \"uint\"\n               OpName %v \"v\"\n";
    for text in [
        format!("{PRELUDE}               OpName %uint \"uint\n{names}"),
        format!("{PRELUDE}               OpName %uint \"uint\n\n          %v = OpTypeVoid\n"),
    ] {
        let e = asm_err(&text);
        assert_eq!(e.line, 5, "{text}: {e}");
        assert!(e.message.starts_with("unterminated string literal"), "{e}");
    }
    let e = asm_err(&format!("{PRELUDE}               OpName %uint \"ui\"nt\n"));
    assert_eq!(e.line, 5);
    assert!(
        e.message
            .contains("\"ui\" has 'n' right after its closing quote"),
        "{e}"
    );
    // A string spanning lines that ends before a space is one string.
    let words = assemble(&format!(
        "{PRELUDE}          %s = OpString \"f\"\n               OpSource GLSL 450 %s \"a\nb\" ; c\n"
    ));
    assert!(words.is_ok(), "{words:?}");
}

#[test]
fn error_unknown_enumerant_and_ext_inst() {
    let e = asm_err(&format!(
        "{PRELUDE}          %p = OpTypePointer Bogus %uint\n"
    ));
    assert!(
        e.message.contains("unknown StorageClass enumerant 'Bogus'"),
        "{e}"
    );
    let e = asm_err(&format!(
        "{PRELUDE}          %g = OpExtInstImport \"GLSL.std.450\"\n          %x = OpExtInst %uint %g NoSuchThing %uint\n"
    ));
    assert_eq!(e.line, 6);
    assert!(e.message.contains("NoSuchThing"), "{e}");
}

#[test]
fn numeric_ext_inst_and_ids() {
    // A numeric ext-inst number assembles like its name; %7 keeps its number.
    let a = assemble(&format!(
        "{PRELUDE}          %g = OpExtInstImport \"GLSL.std.450\"\n          %f = OpTypeFloat 32\n          %7 = OpConstant %f 2\n          %x = OpExtInst %f %g 31 %7\n"
    ))
    .unwrap();
    let b = assemble(&format!(
        "{PRELUDE}          %g = OpExtInstImport \"GLSL.std.450\"\n          %f = OpTypeFloat 32\n          %7 = OpConstant %f 2\n          %x = OpExtInst %f %g Sqrt %7\n"
    ))
    .unwrap();
    assert_eq!(a, b);
    assert!(a
        .windows(4)
        .any(|w| w == [0x0004_002b, 3, 7, 2.0f32.to_bits()]));
    assert_eq!(a[3], 8, "bound");
}

#[test]
fn dis_errors_name_offsets() {
    let mut w = read_words("handwritten.spv");
    // Make the final one-word OpFunctionEnd claim five words.
    let n = w.len();
    w[n - 1] = (5 << 16) | 56;
    let e = disassemble(&w).unwrap_err();
    assert!(e.contains("word offset"), "{e}");
    assert!(e.contains("truncated"), "{e}");
    let e = disassemble(&[0x0302_2307, 0, 0, 0, 0]).unwrap_err();
    assert!(e.contains("word offset 0") && e.contains("magic"), "{e}");
}

/// Modules the fuzzing campaign (sim/fuzz) found disassembling to text
/// that reassembles to other words: the disassembler refuses them instead,
/// naming what the text cannot keep.
#[test]
fn dis_refuses_what_text_cannot_keep() {
    let cases = [
        ("version_reserved_bits.spv", "word offset 1: version word"),
        ("schema_not_zero.spv", "word offset 4: schema"),
        ("bound_zero.spv", "word offset 3: an id bound of 0"),
        ("id_at_the_bound.spv", "is not below the bound"),
        ("string_not_utf8.spv", "a literal string is not UTF-8"),
        (
            "string_padding_not_zero.spv",
            "a literal string's padding is not zero",
        ),
    ];
    for (file, expected) in cases {
        let e = disassemble(&read_words(&format!("dis_refused/{file}")))
            .expect_err(&format!("{file}: disassembled"));
        assert!(e.contains(expected), "{file}: {e}");
    }
    let kept = std::fs::read_dir(data("dis_refused")).unwrap().count();
    assert_eq!(kept, cases.len(), "every kept input has a case");
}
