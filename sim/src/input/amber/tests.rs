//! Unit tests of the AmberScript reader (end-to-end tests are in sim/tests/amber.rs).

use super::{parse_num, parse_type, Layout, Num, Seg};
use crate::input::workload::ElemType;

#[test]
fn numbers() {
    assert_eq!(parse_num("42"), Some(Num::Int(42)));
    assert_eq!(parse_num("-0x10"), Some(Num::Int(-16)));
    assert_eq!(
        parse_num("0xffffffffffffffff"),
        Some(Num::Int(u64::MAX as i128))
    );
    assert_eq!(parse_num("12."), Some(Num::Float(12.0)));
    assert_eq!(parse_num("-2.5e3"), Some(Num::Float(-2500.0)));
    assert_eq!(parse_num(".5"), Some(Num::Float(0.5)));
    // `nan` in any case is a number to Amber; `inf` and `-nan` are not.
    for nan in ["nan", "NaN", "NAN"] {
        assert!(
            matches!(parse_num(nan), Some(Num::Float(f)) if f.is_nan()),
            "{nan}"
        );
    }
    for bad in ["", "-", "x", "inf", "-nan", "1.2.3", "0x", "0x-1", "END"] {
        assert_eq!(parse_num(bad), None, "{bad}");
    }
}

#[test]
fn layouts() {
    use ElemType::*;
    let l = |t: &str, std140| parse_type(t, std140).unwrap().unwrap();
    assert_eq!(
        l("vec3<float>", false),
        Layout {
            segs: vec![Seg::Val(F32), Seg::Val(F32), Seg::Val(F32), Seg::Pad(4)],
            size: 16
        }
    );
    assert_eq!(
        l("vec2<int16>", false),
        Layout {
            segs: vec![Seg::Val(I16), Seg::Val(I16)],
            size: 4
        }
    );
    assert_eq!(
        l("uint8", true),
        Layout {
            segs: vec![Seg::Val(U8), Seg::Pad(15)],
            size: 16
        }
    );
    assert_eq!(l("mat3x2<double>", false).size, 48);
    assert_eq!(l("mat2x3<float>", true).size, 32);
    assert_eq!(l("mat4x4<float>", true).size, 64);
    assert_eq!(l("mat2x2<float>", true).size, 32);
    assert_eq!(
        l("R16G16_SINT", false),
        Layout {
            segs: vec![Seg::Val(I16), Seg::Val(I16)],
            size: 4
        }
    );
    assert_eq!(l("int32[]", false).size, 4);
    // Normalised formats are data as their stored integers; packed ones one
    // 32-bit word per texel.
    assert_eq!(
        l("R8G8B8A8_UNORM", false),
        Layout {
            segs: vec![Seg::Val(U8); 4],
            size: 4
        }
    );
    assert_eq!(
        l("R16_SNORM", false),
        Layout {
            segs: vec![Seg::Val(I16)],
            size: 2
        }
    );
    assert_eq!(
        l("B10G11R11_UFLOAT_PACK32", false).segs,
        vec![Seg::Val(U32)]
    );
    assert!(parse_type("R4G4_UNORM_PACK8", false).is_err());
    assert_eq!(parse_type("vec5<float>", false), Ok(None));
    assert_eq!(parse_type("mat2x2<bogus>", false), Ok(None));
}

#[test]
fn a_size_too_large_is_told_so_not_called_no_number() {
    let refusal = |size: &str| {
        let text = format!("#!amber\nBUFFER b DATA_TYPE uint32 SIZE {size} FILL 0\n");
        match super::parse(&text, "t.amber", std::path::Path::new(".")) {
            Err(super::Stop::Bad(m)) => m,
            _ => panic!("{size}: not refused as bad input"),
        }
    };
    assert_eq!(
        refusal("1000000000000"),
        "t.amber:2: 1000000000000 is too large for a size: at most 4294967295"
    );
    assert_eq!(
        refusal("-1"),
        "t.amber:2: expected a size (an unsigned integer), found '-1'"
    );
}
