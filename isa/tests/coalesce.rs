//! Register coalescing of phi copies, and built-ins preloaded into
//! registers: what remains in the lowered IR of small loops. The results
//! these kernels compute are checked by running them in
//! `sim/tests/features.rs`.

use isa::ir::{Inst, Kernel};

/// An entry point of `sim/tests/kernels/coalesce.spvasm` (its comment
/// says what each computes), lowered.
fn kernel(entry: &str) -> Kernel {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sim/tests/kernels/coalesce.spvasm"
    );
    let text = std::fs::read_to_string(path).expect("the kernel file");
    let words = isa::asm::assemble(&text).expect("assembles");
    let m = isa::module::parse_words(&words).expect("parses");
    isa::lower::lower(&m, entry, &Default::default()).expect("lowers")
}

fn movs(k: &Kernel) -> Vec<(usize, &Inst)> {
    k.insts
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i, Inst::Mov { .. }))
        .collect()
}

#[test]
fn a_counted_loop_keeps_no_copy() {
    // for (k = n; k != 0; k--) acc = acc * 3 + k, with n loaded and acc
    // starting at gid * 7: every phi's incoming value dies where the phi
    // is written, so each pair shares a register.
    let k = kernel("count_down");
    assert_eq!(movs(&k), vec![], "{:#?}", k.insts);
    // The loop is the body's three operations, the header's compare and
    // branch, and the back edge's jump: six instructions per iteration.
    let back = k
        .insts
        .iter()
        .rposition(|i| matches!(i, Inst::Jump { .. }))
        .expect("a back edge");
    let Inst::Jump { target } = k.insts[back] else {
        unreachable!()
    };
    assert_eq!(back + 1 - target as usize, 6, "{:#?}", k.insts);
}

#[test]
fn a_loop_counting_from_a_constant_keeps_one_copy_before_it() {
    // for (k = 0; k < n; k++) acc = acc * 3 + k: the counter's 0 is a
    // constant, which no instruction writes; the phi's register needs it
    // copied in once, on the entry edge (a v_mov on hardware).
    let k = kernel("count_up");
    let m = movs(&k);
    assert_eq!(m.len(), 1, "{:#?}", k.insts);
    let (at, Inst::Mov { src, .. }) = m[0] else {
        unreachable!()
    };
    assert!(k.constants.iter().any(|c| c.0 == *src), "{:#?}", k.insts);
    // Before the loop: the back edge jumps to a later instruction.
    let back = k
        .insts
        .iter()
        .rposition(|i| matches!(i, Inst::Jump { .. }))
        .expect("a back edge");
    assert!(matches!(k.insts[back], Inst::Jump { target } if target as usize > at));
}

#[test]
fn a_swap_keeps_three_copies() {
    // (x, y) = (y, x) every iteration while k counts down: x and y are both live while the back edge writes them, so they
    // cannot share a register, and exchanging two live registers takes
    // three copies through a third one. The counter's copy and the entry
    // edge's copies coalesce.
    let k = kernel("swap");
    let m = movs(&k);
    assert_eq!(m.len(), 3, "{:#?}", k.insts);
    // The three form a rotation t = x; x = y; y = t.
    let pairs: Vec<(u32, u32)> = m
        .iter()
        .map(|(_, i)| match i {
            Inst::Mov { dst, src } => (*dst, *src),
            _ => unreachable!(),
        })
        .collect();
    let [(t, a), (a2, b), (b2, t2)] = pairs[..] else {
        unreachable!()
    };
    assert_eq!((a, b, t), (a2, b2, t2), "{pairs:?}");
    assert!(a != b && a != t && b != t, "{pairs:?}");
}

#[test]
fn built_ins_are_registers_not_loads() {
    // The only load is buf[gid]; gl_GlobalInvocationID.x is read from the
    // register it was preloaded in.
    let k = kernel("count_down");
    let loads = k
        .insts
        .iter()
        .filter(|i| matches!(i, Inst::Load { .. }))
        .count();
    assert_eq!(loads, 1, "{:#?}", k.insts);
    let slot = &k.builtins[0];
    assert_eq!(slot.regs.len(), 3);
    let Inst::Convert { src, .. } = k
        .insts
        .iter()
        .find(|i| matches!(i, Inst::Convert { .. }))
        .expect("the index widened for the access chain")
    else {
        unreachable!()
    };
    assert_eq!(*src, slot.regs[0]);
}

#[test]
fn per_lane_built_ins_take_vector_registers_and_uniform_ones_do_not() {
    use isa::core::{Alu, AluOp, Scalar};
    use isa::ir::{BuiltIn, BuiltInSlot, Dialect};
    let slot = |builtin, reg| BuiltInSlot {
        builtin,
        offset: 0,
        ty: Scalar::Int(32),
        regs: vec![reg],
    };
    let add = |dst, a, b| Inst::Alu {
        alu: Alu {
            op: AluOp::IAdd,
            ty: Scalar::Int(32),
        },
        dst,
        src: [a, b, 0, 0],
    };
    // r2 = local + group; r3 = r2 + local; r5 = r3 + group; store r5 at
    // address r4.
    let k = Kernel {
        name: "t".into(),
        source: String::new(),
        dialect: Dialect::Shader,
        pointer_bits: 64,
        insts: vec![
            add(2, 0, 1),
            add(3, 2, 0),
            add(5, 3, 1),
            Inst::Store {
                ty: Scalar::Int(32),
                src: 5,
                addr: 4,
                offset: 0,
            },
            Inst::Return,
        ],
        origins: Vec::new(),
        source_files: Vec::new(),
        switches: Vec::new(),
        printf_calls: Vec::new(),
        reg_count: 6,
        constants: Vec::new(),
        local_size: None,
        resources: Vec::new(),
        params: Vec::new(),
        builtins: vec![
            slot(BuiltIn::LocalInvocationIndex, 0),
            slot(BuiltIn::WorkgroupId, 1),
        ],
        private_bytes: 4,
        workgroup_bytes: 0,
        scalar_regs: Vec::new(),
        scalar_stores: Vec::new(),
        loop_merges: Vec::new(),
    };
    // After the first add, r2 and the local index (read by the second)
    // are live: two vector registers. The workgroup id, live with them
    // until the third, is a scalar register (counting it would give 3),
    // as is the address.
    assert_eq!(isa::liveness::vgprs_per_lane(&k), 2);
}
