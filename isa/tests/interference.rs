//! Storage rows shared by registers (`isa::interference::row_per_register`)
//! on random straight-line kernels, against a check worked out from the
//! instruction list alone: in straight-line code a value lives from the
//! instruction that writes it to the last one that reads it, and no other
//! register in its row may be written in between. (Kernels with branches
//! are run both ways in `sim/src/exec/wave.rs`.)

use isa::core::{Alu, AluOp, Scalar};
use isa::interference::row_per_register;
use isa::ir::{Inst, Kernel, Reg};

/// (destination, sources) of an instruction of these kernels.
fn operands(inst: &Inst) -> (Reg, Vec<Reg>) {
    match inst {
        Inst::Alu { dst, src, .. } => (*dst, src[..2].to_vec()),
        Inst::Mov { dst, src } => (*dst, vec![*src]),
        _ => unreachable!("only ALU operations and copies are made"),
    }
}

#[test]
fn no_register_is_written_over_a_live_value_in_its_row() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let regs = 12u32;
    let (mut rows_used, mut registers) = (0, 0);
    for case in 0..500 {
        let len = 5 + (next() % 40) as usize;
        let insts: Vec<Inst> = (0..len)
            .map(|_| {
                let r = |next: &mut dyn FnMut() -> u64| (next() % regs as u64) as Reg;
                if next() % 4 == 0 {
                    Inst::Mov {
                        dst: r(&mut next),
                        src: r(&mut next),
                    }
                } else {
                    Inst::Alu {
                        alu: Alu {
                            op: AluOp::IAdd,
                            ty: Scalar::Int(32),
                        },
                        dst: r(&mut next),
                        src: [r(&mut next), r(&mut next), 0, 0],
                    }
                }
            })
            .chain([Inst::Return])
            .collect();
        let k = Kernel::bare(insts, regs);
        let (row, rows) = row_per_register(&k);
        assert!(row.iter().all(|&x| (x as usize) < rows), "case {case}");
        rows_used += rows;
        registers += regs as usize;
        let body = &k.insts[..len];
        // Each value: its register, where it is written (None: before the
        // kernel, for one read before any write) and its last read.
        for r in 0..regs {
            let mut written_at: Option<usize> = None;
            let mut last_read: Option<usize> = None;
            let check = |from: Option<usize>, to: Option<usize>| {
                let Some(to) = to else { return };
                let start = from.map_or(0, |f| f + 1);
                for (pc, inst) in body.iter().enumerate().take(to).skip(start) {
                    let (d, srcs) = operands(inst);
                    // A copy of the value itself may share its row.
                    let copies_it = matches!(inst, Inst::Mov { .. }) && srcs == [r];
                    if d != r && !copies_it {
                        assert_ne!(
                            row[d as usize], row[r as usize],
                            "case {case}: r{d} written at {pc} over r{r}, live from {from:?} to {to}: {body:?}"
                        );
                    }
                }
            };
            for (pc, inst) in body.iter().enumerate() {
                let (d, srcs) = operands(inst);
                if srcs.contains(&r) {
                    last_read = Some(pc);
                }
                if d == r {
                    check(written_at, last_read);
                    written_at = Some(pc);
                    last_read = None;
                }
            }
            check(written_at, last_read);
        }
    }
    assert!(
        rows_used < registers,
        "rows were shared: {rows_used} of {registers}"
    );
}
