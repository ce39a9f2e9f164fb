//! Malformed modules, one per file in `malformed/`: each is refused by the
//! validator before lowering, with the rule named (the file's `; expect:`
//! line) and the offending instruction's place. Each file is a kind of
//! input that once crashed lowering or execution (issue: malformed and
//! hostile input), kept as a regression case.
//!
//! A file may carry `; patch: A FIELD V`: after assembly, the instruction
//! whose result id is A gets V as its result id (FIELD `id`), its result
//! type (`type`) or its operand number FIELD (from 0, after the result):
//! the assembler itself refuses such texts (an id defined twice, id 0, an
//! OpConstant of a bool type, an OpExtInst with the wrong operand count).
//! Without its patch, such a module is valid.
//!
//! spirv-val refuses every case too (its recorded verdicts,
//! `malformed/spirv_val.txt`), but those whose file says
//! `; spirv-val accepts: REASON` (a limit of gpusim's own).

use std::path::Path;

struct Case {
    name: String,
    text: String,
    expect: String,
    patch: Option<Patch>,
    /// Why spirv-val accepts this module, if it does.
    spirv_val_accepts: Option<String>,
}

struct Patch {
    result_id: u32,
    field: String,
    value: u32,
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
        let patch = directive("patch").map(|r| {
            let f: Vec<&str> = r.split(' ').collect();
            Patch {
                result_id: f[0].parse().unwrap(),
                field: f[1].to_string(),
                value: f[2].parse().unwrap(),
            }
        });
        let spirv_val_accepts = directive("spirv-val accepts");
        out.push(Case {
            name: p.file_name().unwrap().to_string_lossy().into_owned(),
            text,
            expect,
            patch,
            spirv_val_accepts,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn assembled(case: &Case) -> Vec<u32> {
    isa::asm::assemble(&case.text)
        .unwrap_or_else(|e| panic!("{}: does not assemble: {e}", case.name))
}

fn words(case: &Case) -> Vec<u32> {
    let mut words = assembled(case);
    if let Some(p) = &case.patch {
        let m = isa::module::parse_words(&words).unwrap();
        let ins = m
            .instrs
            .iter()
            .find(|i| i.result_id == p.result_id)
            .unwrap_or_else(|| panic!("{}: no result id {}", case.name, p.result_id));
        let has_type = (ins.result_type != 0) as usize;
        let at = match p.field.as_str() {
            "type" => ins.offset + 1,
            "id" => ins.offset + 1 + has_type,
            n => ins.offset + 2 + has_type + n.parse::<usize>().unwrap(),
        };
        assert!(
            at < ins.offset + 2 + has_type + ins.operands.len(),
            "{}: no such field",
            case.name
        );
        words[at] = p.value;
    }
    words
}

#[test]
fn malformed_modules_are_refused_naming_the_rule_and_place() {
    let cases = cases();
    assert!(cases.len() >= 20, "found {} cases", cases.len());
    // For spirv-val's verdicts (malformed/spirv_val.py): the cases' words.
    let dump = std::env::var_os("GPUSIM_MALFORMED").map(std::path::PathBuf::from);
    for case in &cases {
        if let Some(dir) = &dump {
            let bytes: Vec<u8> = words(case).iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(dir.join(case.name.replace(".spvasm", ".spv")), bytes).unwrap();
        }
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

#[test]
fn the_patched_cases_are_valid_without_their_patch() {
    let patched: Vec<Case> = cases().into_iter().filter(|c| c.patch.is_some()).collect();
    assert!(patched.len() >= 5, "found {} patched cases", patched.len());
    for case in &patched {
        let m = isa::module::parse_words(&assembled(case)).unwrap();
        if let Err(e) = isa::validate::validate(&m) {
            panic!("{}: refused without its patch: {e}", case.name);
        }
    }
}

#[test]
fn spirv_val_refuses_the_malformed_cases_too() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed/spirv_val.txt");
    let verdicts = std::fs::read_to_string(&path).unwrap();
    let verdict = |name: &str| {
        verdicts
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
            .unwrap_or_else(|| {
                panic!(
                    "{name}: no verdict in {}: regenerate it with malformed/spirv_val.py",
                    path.display()
                )
            })
    };
    for case in cases() {
        let refused = verdict(&case.name).starts_with("refused");
        assert_eq!(
            refused,
            case.spirv_val_accepts.is_none(),
            "{}: spirv-val says {:?}, the case says it {}",
            case.name,
            verdict(&case.name),
            if refused { "accepts it" } else { "refuses it" }
        );
    }
}

#[test]
fn literal_operands_of_extended_instructions_are_not_ids() {
    // vloadn's last operand is the literal n: here 4, which is also the id
    // of a type (read as an id, it would be "a type as an operand"), and
    // 2, the id of a value defined later (read as an id, "used before its
    // definition").
    let text = r#"
               OpCapability Addresses
               OpCapability Kernel
               OpCapability Int64
          %1 = OpExtInstImport "OpenCL.std"
               OpMemoryModel Physical64 OpenCL
               OpEntryPoint Kernel %10 "k" %in
       %void = OpTypeVoid
          %4 = OpTypeInt 32 0
      %ulong = OpTypeInt 64 0
     %v4uint = OpTypeVector %4 4
     %v2uint = OpTypeVector %4 2
    %ulong_0 = OpConstant %ulong 0
          %c = OpConstant %4 1
        %ptr = OpTypePointer CrossWorkgroup %4
         %fn = OpTypeFunction %void %ptr
      %v3ptr = OpTypeVector %ulong 3
     %ptr_in = OpTypePointer Input %v3ptr
         %in = OpVariable %ptr_in Input
         %10 = OpFunction %void None %fn
          %p = OpFunctionParameter %ptr
      %entry = OpLabel
          %a = OpExtInst %v4uint %1 vloadn %ulong_0 %p 4
          %b = OpExtInst %v2uint %1 vloadn %ulong_0 %p 2
          %2 = OpIAdd %4 %c %c
               OpReturn
               OpFunctionEnd
"#;
    let words = isa::asm::assemble(text).unwrap();
    let m = isa::module::parse_words(&words).unwrap();
    assert!(m.bound > 2);
    isa::validate::validate(&m).expect("literal operands are not read as ids");
}
