//! Blind atomics (`isa::atomics`): which atomics a kernel uses only for
//! their effect on memory, and that gathering the effects of many on one
//! location (`AtomicOp::gathering`) gives the bits of applying them one
//! after another, in any order.

mod common;
use common::lcg;
use isa::atomics::blind_atomics;
use isa::core::Scalar;
use isa::ir::{AtomicOp, Inst, Kernel};

const GATHERED: [AtomicOp; 11] = [
    AtomicOp::IIncrement,
    AtomicOp::IDecrement,
    AtomicOp::IAdd,
    AtomicOp::ISub,
    AtomicOp::SMin,
    AtomicOp::SMax,
    AtomicOp::UMin,
    AtomicOp::UMax,
    AtomicOp::And,
    AtomicOp::Or,
    AtomicOp::Xor,
];

/// The effect of `ops` on `old` gathered: each operand combined into its
/// operation's running one (`Gathering::combine`), in the order given,
/// then applied once.
fn gathered(ty: Scalar, old: u64, ops: &[(AtomicOp, u64)]) -> u64 {
    let mut acc: Option<(AtomicOp, u64)> = None;
    for &(op, v) in ops {
        let gathering = op.gathering(ty).expect("a gathered operation");
        let (g, v) = (gathering.op, gathering.operand(v));
        acc = Some(match acc {
            None => (g, v),
            Some((a, x)) => {
                assert_eq!(a, g, "one location's atomics gather into one operation");
                (g, gathering.combine(ty, x, v))
            }
        });
    }
    acc.map_or(old, |(g, x)| g.apply(ty, old, x, 0))
}

/// A hand-computed case: type, the memory value, the atomics in order,
/// and the memory value after them (plain integer arithmetic).
type Case = (Scalar, u64, &'static [(AtomicOp, u64)], u64);

#[test]
fn gathered_effects_are_the_atomics_one_after_another() {
    use AtomicOp::*;
    let i8_ = Scalar::Int(8);
    let i32_ = Scalar::Int(32);
    let cases: [Case; 9] = [
        // 250 + 1 + 10 - 3 - 1 = 257, modulo 256.
        (
            i8_,
            250,
            &[(IIncrement, 0), (IAdd, 10), (ISub, 3), (IDecrement, 0)],
            1,
        ),
        // 0 - 1 - 2 = -3.
        (i32_, 0, &[(IDecrement, 0), (ISub, 2)], 0xffff_fffd),
        // Signed: -5 (0xfb) is less than 3 and than -2 (0xfe).
        (i8_, 3, &[(SMin, 0xfe), (SMin, 0xfb), (SMin, 0x7f)], 0xfb),
        (i8_, 0xfb, &[(SMax, 0xfe), (SMax, 0x02)], 0x02),
        // Unsigned: 0xfb is the largest.
        (i8_, 3, &[(UMax, 0xfe), (UMax, 0xfb)], 0xfe),
        (i32_, 7, &[(UMin, 9), (UMin, 0xffff_ffff), (UMin, 4)], 4),
        (i32_, 0xff, &[(And, 0xf0f), (And, 0x3c)], 0x0c),
        (i32_, 0x100, &[(Or, 1), (Or, 0x10)], 0x111),
        // x ^ a ^ b ^ a = x ^ b.
        (i32_, 0x5, &[(Xor, 0x30), (Xor, 0x3), (Xor, 0x30)], 0x6),
    ];
    for (ty, old, ops, want) in cases {
        assert_eq!(gathered(ty, old, ops), want, "{ty:?} {old:#x} {ops:?}");
        let one_by_one = ops.iter().fold(old, |m, &(op, v)| op.apply(ty, m, v, 0));
        assert_eq!(one_by_one, want, "{ty:?} {old:#x} {ops:?}, one by one");
    }
}

/// Asserts that `ops` on `old`, applied one by one in the order given,
/// give the bits of `ops` gathered in reverse and in a shuffled order.
fn gathered_in_any_order(ty: Scalar, old: u64, ops: &[(AtomicOp, u64)], s: &mut u64) {
    let want = ops.iter().fold(old, |m, &(o, v)| o.apply(ty, m, v, 0));
    let mut reversed = ops.to_vec();
    reversed.reverse();
    let mut shuffled = ops.to_vec();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, (lcg(s) % (i as u64 + 1)) as usize);
    }
    let case = format!("{ty:?} {old:#x} {ops:x?}");
    assert_eq!(gathered(ty, old, &reversed), want, "{case}");
    assert_eq!(gathered(ty, old, &shuffled), want, "{case}");
}

/// Random runs of each gathered operation (the additions mixed), at every
/// width: applied one by one in the order given against gathered in
/// reverse and in a shuffled order.
#[test]
fn gathering_in_any_order_gives_the_bits_of_one_after_another() {
    let mut s = 0x5eed;
    let adds = [
        AtomicOp::IIncrement,
        AtomicOp::IDecrement,
        AtomicOp::IAdd,
        AtomicOp::ISub,
    ];
    for bits in [8, 16, 32, 64] {
        let ty = Scalar::Int(bits);
        let mask = isa::core::mask(bits.into());
        for op in GATHERED {
            for _ in 0..200 {
                let n = 1 + (lcg(&mut s) % 12) as usize;
                let ops: Vec<(AtomicOp, u64)> = (0..n)
                    .map(|_| {
                        let o = if adds.contains(&op) {
                            adds[(lcg(&mut s) % 4) as usize]
                        } else {
                            op
                        };
                        (o, lcg(&mut s) & mask)
                    })
                    .collect();
                let old = lcg(&mut s) & mask;
                gathered_in_any_order(ty, old, &ops, &mut s);
            }
        }
    }
}

/// Float min and max over values with every kind of NaN (quiet and
/// signalling, payloads, either sign), both zeros, infinities and
/// denormals: applied one by one against gathered in reverse and
/// shuffled, bit for bit.
#[test]
fn float_min_and_max_gather_in_any_order_bit_for_bit() {
    let f16: &[u64] = &[
        0x7e00, 0x7c01, 0xfe05, 0x0000, 0x8000, 0x7c00, 0xfc00, 0x0001, 0x3c00, 0xbc00,
    ];
    let f32: &[u64] = &[
        0x7fc0_0000,
        0x7f80_0001,
        0xffc0_1234,
        0x0,
        0x8000_0000,
        0x7f80_0000,
        0xff80_0000,
        0x1,
        0x3f80_0000,
        0xbf80_0000,
    ];
    let f64: &[u64] = &[
        0x7ff8_0000_0000_0000,
        0x7ff0_0000_0000_0001,
        0xfff8_0000_0000_0042,
        0,
        0x8000_0000_0000_0000,
        0x7ff0_0000_0000_0000,
        0x1,
        0x3ff0_0000_0000_0000,
    ];
    let mut s = 0xf10a7;
    for (bits, values) in [(16, f16), (32, f32), (64, f64)] {
        let ty = Scalar::Float(bits);
        let pick = |s: &mut u64| values[(lcg(s) % values.len() as u64) as usize];
        for op in [AtomicOp::FMin, AtomicOp::FMax] {
            for _ in 0..2000 {
                let n = 1 + (lcg(&mut s) % 6) as usize;
                let ops: Vec<(AtomicOp, u64)> = (0..n).map(|_| (op, pick(&mut s))).collect();
                let old = pick(&mut s);
                gathered_in_any_order(ty, old, &ops, &mut s);
            }
        }
    }
}

#[test]
fn atomics_whose_effect_depends_on_the_order_do_not_gather() {
    let float = [AtomicOp::FMin, AtomicOp::FMax];
    for op in AtomicOp::ALL {
        let gathers = op.gathering(Scalar::Int(32)).is_some();
        assert_eq!(gathers, GATHERED.contains(op), "{op:?}");
        let on_floats = op.gathering(Scalar::Float(32)).is_some();
        assert_eq!(on_floats, float.contains(op), "{op:?} on floats");
    }
}

/// Registers: 0 an address, 1 a value, 2 and 3 the atomics' results.
fn kernel(insts: Vec<Inst>) -> Kernel {
    Kernel::bare(insts, 8)
}

fn atomic(op: AtomicOp, ty: Scalar, dst: u32) -> Inst {
    Inst::Atomic {
        op,
        ty,
        dst,
        addr: 0,
        value: 1,
        comparator: 1,
    }
}

#[test]
fn an_atomic_is_blind_when_nothing_reads_its_result_and_its_effect_gathers() {
    let i32_ = Scalar::Int(32);
    let k = kernel(vec![
        atomic(AtomicOp::IAdd, i32_, 2),
        atomic(AtomicOp::UMax, i32_, 3),
        Inst::Store {
            ty: i32_,
            src: 3,
            addr: 0,
            offset: 4,
        },
        atomic(AtomicOp::Exchange, i32_, 2),
        atomic(AtomicOp::FMin, Scalar::Float(32), 2),
        atomic(AtomicOp::ISub, i32_, 2),
        Inst::Return,
    ]);
    // The UMax's result is stored; the exchange does not gather.
    assert_eq!(
        blind_atomics(&k),
        [true, false, false, false, true, true, false]
    );
}
