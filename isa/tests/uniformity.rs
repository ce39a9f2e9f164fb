//! The uniformity analysis's rules, case by case: each line of
//! `sim/tests/kernels/uniformity.spvasm` marked `; scalar` lowers to
//! instructions that write scalar registers (or, writing none, run on the
//! scalar unit); each marked `; vector` to ones that do not. The comments
//! of `uniformity.comp` beside it say why; sim/tests/uniformity.rs runs
//! the kernel with every scalar register checked against the lanes.

use isa::ir::Kernel;
use isa::module::Location;

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../sim/tests/kernels/uniformity.spvasm"
);

/// The kernel lowered, and the 1-based text line of each IR instruction.
fn lowered(text: &str) -> (Kernel, Vec<usize>) {
    let words = isa::asm::assemble(text).expect("assembles");
    let m = isa::module::parse_words(&words).expect("parses");
    let k = isa::lower::lower(&m, "main", &Default::default()).expect("lowers");
    // Each line that is not blank or a comment holds one instruction, in
    // the order of the module's words.
    let code_lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(';'))
        .map(|(i, _)| i + 1)
        .collect();
    let lines = k
        .origins
        .iter()
        .map(|o| match o.location {
            Location::Word(w) => {
                let i = m
                    .instrs
                    .iter()
                    .position(|ins| ins.offset == w)
                    .expect("an instruction starts there");
                code_lines[i]
            }
            Location::Line(l) => l,
        })
        .collect();
    (k, lines)
}

/// Whether the IR instruction at `pc` is on the scalar side: it writes a
/// scalar register, or writes none and runs on the scalar unit.
fn scalar(k: &Kernel, pc: usize) -> bool {
    match isa::liveness::destination(&k.insts[pc]) {
        Some(d) => k.is_scalar_reg(d),
        None => k.runs_on_scalar_unit(pc),
    }
}

#[test]
fn every_marked_line_lowers_to_the_side_it_is_marked() {
    let text = std::fs::read_to_string(PATH).expect("the kernel file");
    let (k, lines) = lowered(&text);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some((code, mark)) = line.rsplit_once("; ") else {
            continue;
        };
        let want = match mark.trim() {
            "scalar" => true,
            "vector" => false,
            _ => continue,
        };
        let pcs: Vec<usize> = (0..k.insts.len())
            .filter(|&pc| lines[pc] == i + 1)
            .collect();
        assert!(
            !pcs.is_empty(),
            "line {}: `{}` lowers to nothing",
            i + 1,
            code.trim()
        );
        for pc in pcs {
            if scalar(&k, pc) != want {
                wrong.push(format!(
                    "line {} `{}`: {:?} is not {}",
                    i + 1,
                    code.trim(),
                    k.insts[pc],
                    mark.trim()
                ));
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} instructions checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
