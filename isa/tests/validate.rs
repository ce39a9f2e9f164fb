//! Malformed modules, one per file in `malformed/`: each is refused by the
//! validator before lowering, with the rule named (the file's `; expect:`
//! line) and the offending instruction's place. Each file is a kind of
//! input that once crashed lowering or execution (issue: malformed and
//! hostile input), kept as a regression case.
//!
//! A file may carry `; rename: A B`: after assembly, the instruction whose
//! result id is A is given result id B (the assembler itself refuses a
//! text that defines an id twice).

use std::path::Path;

struct Case {
    name: String,
    text: String,
    expect: String,
    rename: Option<(u32, u32)>,
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "spvasm") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let directive = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("; {key}: ")))
                .map(str::to_string)
        };
        let expect =
            directive("expect").unwrap_or_else(|| panic!("{}: no '; expect:' line", p.display()));
        let rename = directive("rename").map(|r| {
            let ids: Vec<u32> = r.split(' ').map(|x| x.parse().unwrap()).collect();
            (ids[0], ids[1])
        });
        out.push(Case {
            name: p.file_name().unwrap().to_string_lossy().into_owned(),
            text,
            expect,
            rename,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn words(case: &Case) -> Vec<u32> {
    let mut words = isa::asm::assemble(&case.text)
        .unwrap_or_else(|e| panic!("{}: does not assemble: {e}", case.name));
    if let Some((from, to)) = case.rename {
        let m = isa::module::parse_words(&words).unwrap();
        let ins = m
            .instrs
            .iter()
            .find(|i| i.result_id == from)
            .unwrap_or_else(|| panic!("{}: no result id {from}", case.name));
        let at = ins.offset + 1 + (ins.result_type != 0) as usize;
        assert_eq!(words[at], from);
        words[at] = to;
    }
    words
}

#[test]
fn malformed_modules_are_refused_naming_the_rule_and_place() {
    let cases = cases();
    assert!(cases.len() >= 20, "found {} cases", cases.len());
    for case in &cases {
        let m = isa::module::parse_words(&words(case))
            .unwrap_or_else(|e| panic!("{}: does not parse: {e}", case.name));
        let e = isa::validate::validate(&m)
            .expect_err(&format!("{}: the validator accepted it", case.name));
        assert!(
            e.message.contains(&case.expect),
            "{}: expected an error containing {:?}, got: {e}",
            case.name,
            case.expect
        );
        let Some(isa::module::Location::Word(w)) = e.location else {
            panic!("{}: the error names no place: {e}", case.name)
        };
        assert!(
            w < 5 || m.instrs.iter().any(|i| i.offset == w),
            "{}: word {w} is neither a header word nor the start of an instruction",
            case.name
        );
        // Lowering runs the validator first: the same error, not a panic.
        let lowered = isa::lower::lower(&m, "main", &Default::default());
        assert_eq!(lowered.err().as_ref(), Some(&e), "{}", case.name);
    }
}

#[test]
fn the_malformed_cases_share_a_valid_module() {
    // The cases share one header and body; without its renaming, the
    // undefined-operand case is that module, valid: the refusals come from
    // the rules named, not from a slip in the shared lines.
    let valid = cases()
        .into_iter()
        .find(|c| c.name == "undefined_operand.spvasm")
        .expect("undefined_operand case");
    let m = isa::module::parse_words(&isa::asm::assemble(&valid.text).unwrap()).unwrap();
    isa::validate::validate(&m).expect("the shared header and body are valid");
    isa::lower::lower(&m, "main", &Default::default()).expect("and lower");
}
