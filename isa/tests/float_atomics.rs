//! SPV_EXT_shader_atomic_float_min_max: the table
//! `isa/tests/tables/ext_shader_atomic_float_min_max.jsonl`, the spec's NaN
//! and signed-zero rules written out by hand, order independence, and
//! coverage.

mod common;
use common::lcg;
use isa::core::Scalar;
use isa::ext::OpClass;
use isa::ext_shader_atomic_float_min_max as fa;
use serde::Deserialize;

const F16: Scalar = Scalar::Float(16);
const F32: Scalar = Scalar::Float(32);
const F64: Scalar = Scalar::Float(64);

/// Memory value `old`, operand `value`, and the value the instruction
/// (`EXT.AtomicFMin` or `EXT.AtomicFMax`) stores. `note` gives the
/// generator's names of `old` and `value`.
#[derive(Debug, Deserialize)]
struct Case {
    inst: String,
    #[serde(deserialize_with = "common::scalar")]
    ty: Scalar,
    #[serde(deserialize_with = "common::hex")]
    old: u64,
    #[serde(deserialize_with = "common::hex")]
    value: u64,
    #[serde(deserialize_with = "common::hex")]
    want: u64,
    #[allow(dead_code)] // shown by `{row:?}`
    note: String,
}

fn cases() -> Vec<Case> {
    common::table("ext_shader_atomic_float_min_max", "cases")
}

#[test]
fn table() {
    let cases = cases();
    for row in &cases {
        let got = match row.inst.as_str() {
            "EXT.AtomicFMin" => fa::fmin(row.ty, row.old, row.value),
            "EXT.AtomicFMax" => fa::fmax(row.ty, row.old, row.value),
            _ => panic!("{row:?}: not an instruction of the set"),
        };
        assert_eq!(got, row.want, "{row:?}: got {got:#x}");
    }
    for inst in ["EXT.AtomicFMin", "EXT.AtomicFMax"] {
        for ty in [F16, F32, F64] {
            let n = cases
                .iter()
                .filter(|r| r.inst == inst && r.ty == ty)
                .count();
            assert!(n >= 100, "{inst} {ty:?}: {n} rows");
        }
    }
}

#[test]
fn spec_rules_by_hand() {
    let (one, two) = (1.0f32.to_bits() as u64, 2.0f32.to_bits() as u64);
    let (pz, nz) = (0u64, 0x8000_0000u64);
    let qnan = 0x7fc0_0000u64;
    let snan = 0x7f80_0001u64;
    let neg_qnan_payload = 0xffc0_1234u64;
    // min(x, y) = x if x < y, y otherwise.
    assert_eq!(fa::fmin(F32, one, two), one);
    assert_eq!(fa::fmin(F32, two, one), one);
    assert_eq!(fa::fmax(F32, one, two), two);
    assert_eq!(fa::fmax(F32, two, one), two);
    // Signed zeros: our choice, -0 for min and +0 for max, both orders.
    assert_eq!(fa::fmin(F32, pz, nz), nz);
    assert_eq!(fa::fmin(F32, nz, pz), nz);
    assert_eq!(fa::fmax(F32, pz, nz), pz);
    assert_eq!(fa::fmax(F32, nz, pz), pz);
    // min(x, qNaN) = min(qNaN, x) = x.
    assert_eq!(fa::fmin(F32, one, qnan), one);
    assert_eq!(fa::fmin(F32, qnan, one), one);
    assert_eq!(fa::fmax(F32, neg_qnan_payload, two), two);
    // min(x, sNaN): NaN or x; our choice x.
    assert_eq!(fa::fmin(F32, snan, two), two);
    assert_eq!(fa::fmax(F32, two, snan), two);
    // NaN with NaN: a NaN; our choice the default quiet NaN.
    assert_eq!(fa::fmin(F32, qnan, qnan), qnan);
    assert_eq!(fa::fmin(F32, snan, neg_qnan_payload), qnan);
    assert_eq!(fa::fmax(F32, neg_qnan_payload, snan), qnan);
    assert_eq!(fa::fmax(F16, 0x7c01, 0xfe00), 0x7e00);
    assert_eq!(
        fa::fmin(F64, 0xfff0_0000_0000_0001, 0x7ff8_0000_0000_0000),
        0x7ff8_0000_0000_0000
    );
    // Denormals compare exactly.
    assert_eq!(fa::fmin(F16, 0x0001, 0x0002), 0x0001);
    assert_eq!(fa::fmax(F16, 0x8001, 0x0000), 0x0000);
    assert_eq!(
        fa::fmin(F64, 0x8000_0000_0000_0001, 0),
        0x8000_0000_0000_0001
    );
    // Infinities.
    assert_eq!(
        fa::fmin(F64, 0xfff0_0000_0000_0000, 0xffef_ffff_ffff_ffff),
        0xfff0_0000_0000_0000
    );
    assert_eq!(fa::fmax(F16, 0x7bff, 0x7c00), 0x7c00);
}

/// Interesting bits of a width plus random ones.
fn samples(ty: Scalar, s: &mut u64) -> Vec<u64> {
    let bits = ty.bits();
    let m = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let sign = 1u64 << (bits - 1);
    let mut v: Vec<u64> = cases()
        .iter()
        .filter(|r| r.ty == ty)
        .map(|r| r.old)
        .collect();
    v.extend([sign, 1, sign | 1, m, m >> 1]);
    for _ in 0..40 {
        v.push(lcg(s) & m);
    }
    v.sort();
    v.dedup();
    v
}

fn canon(ty: Scalar, v: u64) -> u64 {
    // NaNs are one value for order independence.
    let nan = match ty.bits() {
        16 => v & 0x7fff > 0x7c00,
        32 => v & 0x7fff_ffff > 0x7f80_0000,
        _ => v & !(1u64 << 63) > 0x7ff0_0000_0000_0000,
    };
    if nan {
        u64::MAX
    } else {
        v
    }
}

#[test]
fn commutative_and_associative_so_order_does_not_matter() {
    let mut s = 11;
    for ty in [F16, F32, F64] {
        let v = samples(ty, &mut s);
        for &a in &v {
            for &b in &v {
                assert_eq!(
                    fa::fmin(ty, a, b),
                    fa::fmin(ty, b, a),
                    "{ty:?} {a:#x} {b:#x}"
                );
                assert_eq!(
                    fa::fmax(ty, a, b),
                    fa::fmax(ty, b, a),
                    "{ty:?} {a:#x} {b:#x}"
                );
                let r = fa::fmin(ty, a, b);
                assert!(r == a || r == b || canon(ty, r) == u64::MAX);
            }
        }
        for _ in 0..5000 {
            let pick = |s: &mut u64| v[(lcg(s) % v.len() as u64) as usize];
            let (a, b, c) = (pick(&mut s), pick(&mut s), pick(&mut s));
            for f in [fa::fmin, fa::fmax] {
                assert_eq!(
                    canon(ty, f(ty, f(ty, a, b), c)),
                    canon(ty, f(ty, a, f(ty, b, c))),
                    "{ty:?} {a:#x} {b:#x} {c:#x}"
                );
            }
        }
    }
}

#[test]
fn non_float_types_leave_memory_unchanged() {
    assert_eq!(fa::fmin(Scalar::Int(32), 5, 3), 5);
    assert_eq!(fa::fmax(Scalar::Bool, 0, 1), 0);
    assert_eq!(fa::fmax(Scalar::Float(8), 0x12, 0x34), 0x12);
}

#[test]
fn coverage_lists_both() {
    let c = fa::coverage();
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].name, "EXT.AtomicFMin");
    assert_eq!(c[1].name, "EXT.AtomicFMax");
    for r in &c {
        assert!(r.implemented);
        assert_eq!(r.class, Some(OpClass::Valu));
    }
    // Every (old, value) pair is checked for both min and max.
    let cases = cases();
    let operands = |inst: &str| -> Vec<(Scalar, u64, u64)> {
        cases
            .iter()
            .filter(|r| r.inst == inst)
            .map(|r| (r.ty, r.old, r.value))
            .collect()
    };
    let (min, max) = (operands(&c[0].name), operands(&c[1].name));
    assert_eq!(min, max);
    assert_eq!(min.len() * 2, cases.len());
}

/// The lowering refuses OpAtomicFMinEXT on f32 without the capability.
#[test]
fn missing_capability_is_refused_by_name() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../workloads/extensions/bad/fmin_no_capability.spvasm"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let words = isa::asm::assemble(&text).unwrap_or_else(|e| panic!("{e:?}"));
    let m = isa::module::parse_words(&words).unwrap();
    let err = isa::lower::lower(&m, "main", &Default::default()).expect_err("lowering must fail");
    let msg = err.to_string();
    assert!(msg.contains("AtomicFloat32MinMaxEXT"), "{msg}");
    // The same module with the capability declared lowers.
    let fixed = text.replace(
        "OpCapability Shader\n",
        "OpCapability Shader\nOpCapability AtomicFloat32MinMaxEXT\n",
    );
    assert_ne!(fixed, text);
    let words = isa::asm::assemble(&fixed).unwrap_or_else(|e| panic!("{e:?}"));
    let m = isa::module::parse_words(&words).unwrap();
    isa::lower::lower(&m, "main", &Default::default()).unwrap();
}
