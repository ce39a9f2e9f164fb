//! Table-driven tests of the OpenCL C printf formatter (`isa::opencl_std::printf`).
//!
//! The rows are tables `printf_glibc`, `printf_own` and `printf_error` of
//! `isa/tests/tables/opencl_std.jsonl` (instruction `CL.printf`). The expected
//! strings of `printf_glibc` were produced by glibc's snprintf (gcc 12.2,
//! Debian 12) from a small C generator that passes the same values as C
//! arguments (vector rows: each component formatted with the scalar
//! equivalent of the conversion and the results joined with ',').

use isa::core::Scalar;
use isa::opencl_std::printf::{format, string_arguments, Arg};
use serde::Deserialize;

mod common;

/// The table file of this instruction set.
const SET: &str = "opencl_std";

/// An argument of a row: a value (its type and the bits of each component,
/// one for a scalar), a string or a pointer.
#[derive(Deserialize)]
#[serde(untagged)]
enum RowArg {
    Value {
        #[serde(deserialize_with = "common::scalar")]
        ty: Scalar,
        #[serde(deserialize_with = "common::hex_list")]
        bits: Vec<u64>,
    },
    Text {
        string: String,
    },
    Pointer {
        #[serde(deserialize_with = "common::hex")]
        pointer: u64,
    },
}

fn arg(a: &RowArg) -> Arg {
    match a {
        RowArg::Value { ty, bits } => Arg::Value(bits.iter().map(|&b| (*ty, b)).collect()),
        RowArg::Text { string } => Arg::Text(string.as_bytes().to_vec()),
        RowArg::Pointer { pointer } => Arg::Pointer(*pointer),
    }
}

/// A row of `printf_glibc` or `printf_own`: the format, its arguments and
/// the output.
#[derive(Deserialize)]
struct Case {
    format: String,
    args: Vec<RowArg>,
    want: String,
}

/// A row of `printf_error`: an invalid format or arguments that do not
/// match it.
#[derive(Deserialize)]
struct ErrorCase {
    format: String,
    args: Vec<RowArg>,
}

fn run(f: &str, a: &[RowArg]) -> Result<String, String> {
    let args: Vec<Arg> = a.iter().map(arg).collect();
    format(f.as_bytes(), &args)
}

fn errors() -> Vec<ErrorCase> {
    common::table(SET, "printf_error")
}

#[test]
fn printf_glibc_table() {
    let cases: Vec<Case> = common::table(SET, "printf_glibc");
    let mut bad = Vec::new();
    for c in &cases {
        match run(&c.format, &c.args) {
            Ok(s) if s == c.want => {}
            other => bad.push(format!(
                "{:?}: got {:?}, want {:?}",
                c.format, other, c.want
            )),
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} rows failed:\n{}",
        bad.len(),
        cases.len(),
        bad.join("\n")
    );
    assert!(cases.len() >= 240);
}

/// Rows whose expected output follows this implementation's documented
/// choices (no glibc equivalent, or undefined in C where the module
/// documents its behaviour), derived by hand from the module's rules.
#[test]
fn printf_own_choices_table() {
    for c in common::table::<Case>(SET, "printf_own") {
        assert_eq!(
            run(&c.format, &c.args).as_deref(),
            Ok(c.want.as_str()),
            "format {:?}",
            c.format
        );
    }
}

/// Invalid formats or arguments: Err (printf then returns -1).
#[test]
fn printf_errors_table() {
    for c in errors() {
        let r = run(&c.format, &c.args);
        assert!(
            r.is_err(),
            "format {:?}: expected an error, got {r:?}",
            c.format
        );
    }
    // An empty Value is not an argument.
    assert!(format(b"%d", &[Arg::Value(vec![])]).is_err());
    assert!(format(b"%f", &[Arg::Value(vec![])]).is_err());
    // A vector of the right shape but mixed component types.
    let mixed = Arg::Value(vec![(Scalar::Int(32), 1), (Scalar::Int(16), 2)]);
    assert!(format(b"%v2hld", &[mixed]).is_err());
}

#[test]
fn printf_bool_and_bits_above_the_type() {
    // Bool counts as an integer 0/1; bits above a component's width are ignored.
    let b = Arg::Value(vec![(Scalar::Bool, 1)]);
    assert_eq!(format(b"%d", &[b]).unwrap(), "1");
    let dirty = Arg::Value(vec![(Scalar::Int(8), 0xff80)]);
    assert_eq!(
        format(b"%hhd|", std::slice::from_ref(&dirty)).unwrap(),
        "-128|"
    );
    assert_eq!(format(b"%d", &[dirty]).unwrap(), "-128");
    let h = Arg::Value(vec![(Scalar::Float(16), 0xdead_3c00)]);
    assert_eq!(format(b"%f", &[h]).unwrap(), "1.000000");
    // The NaN sign comes from the argument's own sign bit, at every width.
    let n16 = Arg::Value(vec![(Scalar::Float(16), 0xfe00)]);
    let n32 = Arg::Value(vec![(Scalar::Float(32), 0xffc0_0000)]);
    let p32 = Arg::Value(vec![(Scalar::Float(32), 0x7fc0_0001)]);
    assert_eq!(
        format(b"%f %f %+F", &[n16, n32, p32]).unwrap(),
        "-nan -nan +NAN"
    );
}

#[test]
fn printf_string_arguments_rows() {
    assert_eq!(string_arguments(b"").unwrap(), Vec::<bool>::new());
    assert_eq!(
        string_arguments(b"plain %% text").unwrap(),
        Vec::<bool>::new()
    );
    assert_eq!(
        string_arguments(b"%s %d %v2hlf %%%-10.3s%c%p").unwrap(),
        vec![true, false, false, true, false, false]
    );
    assert_eq!(string_arguments(b"%s\0%s").unwrap(), vec![true]);
    for c in errors().iter().take(4) {
        // Format errors (not argument errors) are reported here too.
        let f = &c.format;
        if f.contains('y') || f.contains('k') || f.contains('n') || f.contains('C') {
            assert!(string_arguments(f.as_bytes()).is_err(), "{f:?}");
        }
    }
    assert!(string_arguments(b"%v2f").is_err());
    assert!(string_arguments(b"%*d").is_err());
    assert!(string_arguments(b"%").is_err());
}

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 16
    }
}

fn random_arg(r: &mut Lcg) -> Arg {
    let scalars = [
        Scalar::Int(8),
        Scalar::Int(16),
        Scalar::Int(32),
        Scalar::Int(64),
        Scalar::Float(16),
        Scalar::Float(32),
        Scalar::Float(64),
        Scalar::Bool,
    ];
    let bits = |r: &mut Lcg| r.next() ^ (r.next() << 40);
    match r.next() % 6 {
        0 => Arg::Text((0..r.next() % 8).map(|_| r.next() as u8).collect()),
        1 => Arg::Pointer(bits(r)),
        2 => Arg::Value(vec![]),
        3 => {
            let n = [2, 3, 4, 8, 16, 5][(r.next() % 6) as usize];
            let t = scalars[(r.next() % 8) as usize];
            Arg::Value((0..n).map(|_| (t, bits(r))).collect())
        }
        _ => Arg::Value(vec![(scalars[(r.next() % 8) as usize], bits(r))]),
    }
}

#[test]
fn printf_random_input_never_panics() {
    let mut r = Lcg(0x5eed);
    let alphabet = b"%%%%-+ #0123456789.*vhlztjLdiouxXfFeEgGaAcsp%n\0q";
    let mut ok = 0;
    for round in 0..20000 {
        let len = (r.next() % 24) as usize;
        let f: Vec<u8> = (0..len)
            .map(|_| {
                if round % 2 == 0 {
                    r.next() as u8
                } else {
                    alphabet[(r.next() % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        let args: Vec<Arg> = (0..r.next() % 5).map(|_| random_arg(&mut r)).collect();
        if format(&f, &args).is_ok() {
            ok += 1;
        }
        let _ = string_arguments(&f);
    }
    // Some random formats must be valid, so the formatting paths ran too.
    assert!(ok > 1000, "only {ok} random formats formatted");
}

#[test]
#[allow(clippy::excessive_precision)] // -2.2250738585072009e-308: the largest denormal, to 17 digits
fn printf_every_float_class_and_conversion_formats() {
    // Extreme values through every conversion, flags and precisions: no panic, sane length.
    let xs = [
        0.0,
        -0.0,
        5e-324,
        -2.2250738585072009e-308,
        1e-310,
        0.1,
        1.0,
        9.5,
        1e22,
        1e23,
        f64::MAX,
        -f64::MAX,
    ];
    for &x in &xs {
        for conv in ["f", "F", "e", "E", "g", "G", "a", "A"] {
            for pre in [
                "", "#", "+", " ", "-", "0", "+#0", "020.", "#.0", ".0", ".1", ".13", ".17", ".40",
                "-30.20",
            ] {
                let f = format!("%{pre}{conv}");
                let d = Arg::Value(vec![(Scalar::Float(64), x.to_bits())]);
                let s = format(f.as_bytes(), &[d]).unwrap();
                assert!(!s.is_empty() && s.len() < 2000, "{f} {x}: {s}");
            }
        }
    }
}

#[test]
fn every_printf_row_is_read_here() {
    // The Tests column of docs/isa-coverage.md counts the rows naming
    // CL.printf: every one of them is in a table the tests above run.
    let rows = common::rows(SET);
    let printf = rows.iter().filter(|r| r["inst"] == "CL.printf").count();
    let read = common::table::<Case>(SET, "printf_glibc").len()
        + common::table::<Case>(SET, "printf_own").len()
        + errors().len();
    assert_eq!(printf, read);
}
