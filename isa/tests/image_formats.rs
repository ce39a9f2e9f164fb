//! Texel formats (`isa::image::format`) against a reference written here
//! from the specifications' formulas: every encoding of the 8- and 16-bit
//! texels and every value of every 8- or 16-bit channel decoded and
//! re-encoded, the 16-bit floats against the `half` crate, the rounding of
//! UNORM, SNORM and sRGB encodes on both sides of every rounding
//! threshold, the rows of `tables/image_formats.txt` (the 32- and 64-bit
//! and packed formats, both directions), names, codes and the SPIR-V
//! mapping.

use isa::image::format::{Format, NumericKind, Texel};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A format as its Vulkan name spells it (Vulkan's "Format Definition"):
/// an array format's components are in name order from the lowest byte
/// up, a `_PACK32` format's first-named component is in the most
/// significant bits.
struct Spec {
    /// UNORM, SNORM, UINT, SINT, SRGB, SFLOAT or UFLOAT.
    numeric: String,
    /// R, G, B, A: (width in bits, lowest bit); width 0 where missing.
    comp: [(u32, u32); 4],
    /// E5B9G9R9's shared exponent: (width, lowest bit).
    exponent: Option<(u32, u32)>,
    bytes: usize,
}

fn spec(name: &str) -> Spec {
    let (body, rest) = name.split_once('_').unwrap();
    let packed = rest.ends_with("_PACK32");
    let numeric = rest.trim_end_matches("_PACK32").to_string();
    let mut fields = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        let mut n = 0;
        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
            n = n * 10 + d;
            chars.next();
        }
        fields.push((c, n));
    }
    let total: u32 = fields.iter().map(|f| f.1).sum();
    let mut at = if packed { total } else { 0 };
    let mut comp = [(0, 0); 4];
    let mut exponent = None;
    for (c, n) in fields {
        let lo = if packed {
            at -= n;
            at
        } else {
            at += n;
            at - n
        };
        // A depth format's D reads as the first component.
        match "RGBA".find(c).or((c == 'D').then_some(0)) {
            Some(i) => comp[i] = (n, lo),
            None => exponent = Some((n, lo)),
        }
    }
    Spec {
        numeric,
        comp,
        exponent,
        bytes: total as usize / 8,
    }
}

fn field(word: u128, (bits, lo): (u32, u32)) -> u64 {
    ((word >> lo) & ((1u128 << bits) - 1)) as u64
}

fn sign_extend(c: u64, bits: u32) -> i64 {
    ((c << (64 - bits)) as i64) >> (64 - bits)
}

/// c / (2^b - 1) rounded to f32. The f64 quotient rounds to the same f32
/// as the exact one: with an odd denominator d < 2^29 the exact quotient
/// is no f32 midpoint and stays more than 2^-53 (relative) from one, so
/// the f64 rounding cannot cross it.
fn unorm(c: u64, bits: u32) -> f32 {
    (c as f64 / ((1u64 << bits) - 1) as f64) as f32
}

/// max(c / (2^(b-1) - 1), -1), as `unorm`.
fn snorm(c: u64, bits: u32) -> f32 {
    (sign_extend(c, bits) as f64 / ((1u64 << (bits - 1)) - 1) as f64).max(-1.0) as f32
}

/// The sRGB EOTF (Khronos Data Format specification), with std's pow.
fn eotf(s: f64) -> f64 {
    if s <= 0.04045 {
        s / 12.92
    } else {
        ((s + 0.055) / 1.055).powf(2.4)
    }
}

/// A float with a 5-bit exponent (bias 15) over `m` mantissa bits, signed
/// or not (the Data Format specification's 16-, 11- and 10-bit floats).
fn small_float(c: u64, m: u32, signed: bool) -> f32 {
    let e = ((c >> m) & 31) as i32;
    let mantissa = (c & ((1 << m) - 1)) as f64;
    let scale = (1u64 << m) as f64;
    let v = match e {
        0 => mantissa / scale * 2f64.powi(-14),
        31 if mantissa == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + mantissa / scale) * 2f64.powi(e - 15),
    };
    let negative = signed && (c >> (m + 5)) & 1 == 1;
    (if negative { -v } else { v }) as f32
}

/// What a texel (as one little-endian integer) reads as.
fn reference(name: &str, word: u128) -> Texel {
    let s = spec(name);
    let present = |i: usize| s.comp[i].0 != 0;
    let raw = |i: usize| field(word, s.comp[i]);
    if s.numeric == "UINT" || s.numeric == "SINT" {
        return Texel::Int(std::array::from_fn(|i| {
            let (bits, _) = s.comp[i];
            match (present(i), s.numeric.as_str()) {
                (false, _) => (i == 3) as u64,
                (true, "SINT") => sign_extend(raw(i), bits) as u64,
                (true, _) => raw(i),
            }
        }));
    }
    Texel::Float(std::array::from_fn(|i| {
        let (bits, _) = s.comp[i];
        if !present(i) {
            return if i == 3 { 1.0 } else { 0.0 };
        }
        let c = raw(i);
        match s.numeric.as_str() {
            "UNORM" => unorm(c, bits),
            "SRGB" if i == 3 => unorm(c, bits),
            "SRGB" => eotf(c as f64 / 255.0) as f32,
            "SNORM" => snorm(c, bits),
            "SFLOAT" if bits == 16 => small_float(c, 10, true),
            "SFLOAT" => f32::from_bits(c as u32),
            "UFLOAT" => match s.exponent {
                Some(e) => (c as f64 * 2f64.powi(field(word, e) as i32 - 24)) as f32,
                None => small_float(c, bits - 5, false),
            },
            n => panic!("{name}: numeric format {n}"),
        }
    }))
}

fn same_float(got: f32, want: f32) -> bool {
    if want.is_nan() {
        got.is_nan()
    } else {
        got.to_bits() == want.to_bits()
    }
}

fn same(got: &Texel, want: &Texel) -> bool {
    match (got, want) {
        (Texel::Float(g), Texel::Float(w)) => (0..4).all(|i| same_float(g[i], w[i])),
        (Texel::Int(g), Texel::Int(w)) => g == w,
        _ => false,
    }
}

fn decode(f: Format, word: u128) -> Texel {
    f.decode(&word.to_le_bytes()[..f.bytes()])
}

fn encode(f: Format, components: [u64; 4]) -> u128 {
    let mut bytes = [0u8; 16];
    f.encode(components, &mut bytes[..f.bytes()]);
    u128::from_le_bytes(bytes)
}

/// The components a shader would write back after reading `t`.
fn components(t: &Texel) -> [u64; 4] {
    match t {
        Texel::Float(c) => c.map(|x| x.to_bits() as u64),
        Texel::Int(c) => *c,
    }
}

/// What writing back what a texel reads gives: the texel itself, but for
/// the most negative SNORM code (it reads -1.0, as the code above it
/// does, which is what -1.0 encodes to) and a signalling half NaN (it
/// reads as a quiet NaN).
fn round_trip(name: &str, word: u128) -> u128 {
    let s = spec(name);
    let mut want = word;
    for (bits, lo) in s.comp.into_iter().filter(|c| c.0 != 0) {
        let c = field(word, (bits, lo)) as u128;
        let fixed = match s.numeric.as_str() {
            "SNORM" if c == 1 << (bits - 1) => c + 1,
            "SFLOAT" if bits == 16 && c & 0x7c00 == 0x7c00 && c & 0x3ff != 0 => c | 0x200,
            _ => c,
        };
        want = want & !(((1u128 << bits) - 1) << lo) | fixed << lo;
    }
    want
}

fn check(f: Format, word: u128, bad: &mut Vec<String>) {
    let name = f.vulkan_name();
    let got = decode(f, word);
    let want = reference(name, word);
    if !same(&got, &want) {
        bad.push(format!(
            "{name} {word:#x}: decodes to {got:?}, want {want:?}"
        ));
    }
    let back = encode(f, components(&got));
    let want = round_trip(name, word);
    if back != want {
        bad.push(format!(
            "{name} {word:#x}: re-encodes to {back:#x}, want {want:#x}"
        ));
    }
}

fn assert_none(bad: &[String]) {
    let shown: Vec<_> = bad.iter().take(20).cloned().collect();
    assert!(
        bad.is_empty(),
        "{} failures:\n{}",
        bad.len(),
        shown.join("\n")
    );
}

#[test]
fn every_encoding_of_8_and_16_bit_texels() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for &f in Format::ALL.iter().filter(|f| f.bytes() <= 2) {
        for word in 0..1u128 << (8 * f.bytes()) {
            check(f, word, &mut bad);
            checked += 1;
        }
    }
    assert_none(&bad);
    // 4 R8, 4 R8G8 and 5 R16 formats, and D16_UNORM.
    assert_eq!(checked, 4 * 256 + 4 * 65536 + 6 * 65536);
}

/// Whether every channel of a format is 8 or 16 bits wide.
fn narrow_channels(f: Format) -> bool {
    let s = spec(f.vulkan_name());
    s.exponent.is_none() && s.comp.iter().all(|c| [0, 8, 16].contains(&c.0))
}

/// Every value of each channel of every format whose channels are 8 or
/// 16 bits wide, the other channels varying with it.
#[test]
fn every_value_of_every_8_and_16_bit_channel() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for &f in Format::ALL.iter().filter(|&&f| narrow_channels(f)) {
        let s = spec(f.vulkan_name());
        let present: Vec<_> = s.comp.into_iter().filter(|c| c.0 != 0).collect();
        for (i, &(bits, lo)) in present.iter().enumerate() {
            for v in 0..1u128 << bits {
                let word = present.iter().enumerate().fold(0, |w, (j, &(b, l))| {
                    let c = if j == i {
                        v
                    } else {
                        v * 7 + 31 * j as u128 + 1
                    };
                    w | (c & ((1 << b) - 1)) << l
                });
                assert_eq!(field(word, (bits, lo)) as u128, v);
                check(f, word, &mut bad);
                checked += 1;
            }
        }
    }
    assert_none(&bad);
    // 8-bit channels: 4 + 4 * 2 + 8 * 4 (RGBA8 x5, BGRA8 x2, A8B8G8R8);
    // 16-bit: 5 + 5 * 2 + 5 * 4, and D16_UNORM.
    assert_eq!(checked, 256 * (4 + 8 + 32) + 65536 * (6 + 10 + 20));
}

#[test]
fn half_floats_read_as_the_half_crate_says_and_round_trip() {
    let mut bad = Vec::new();
    for name in ["R16_SFLOAT", "R16G16_SFLOAT", "R16G16B16A16_SFLOAT"] {
        let f = Format::from_vulkan_name(name).unwrap();
        for i in 0..f.channels() {
            for h in 0..=u16::MAX {
                let word = (h as u128) << (16 * i);
                let Texel::Float(c) = decode(f, word) else {
                    panic!("{name} reads as integers")
                };
                let want = half::f16::from_bits(h).to_f32();
                if !same_float(c[i], want) {
                    bad.push(format!("{name} channel {i} {h:#06x}: {} not {want}", c[i]));
                }
                let quiet = if h & 0x7c00 == 0x7c00 && h & 0x3ff != 0 {
                    h | 0x200
                } else {
                    h
                };
                let back = encode(f, components(&Texel::Float(c)));
                if back != (quiet as u128) << (16 * i) {
                    bad.push(format!(
                        "{name} channel {i} {h:#06x}: re-encodes to {back:#x}"
                    ));
                }
            }
        }
    }
    assert_none(&bad);
}

/// The code channel `i` of `f` gets when the shader writes `x` there.
fn encode_channel(f: Format, i: usize, x: f32) -> u64 {
    let mut c = [0u64; 4];
    c[i] = x.to_bits() as u64;
    field(encode(f, c), spec(f.vulkan_name()).comp[i])
}

/// x = m * 2^e exactly, for a positive normal f32.
fn exact(x: f32) -> (u128, i32) {
    let b = x.to_bits();
    ((b & 0x7f_ffff | 0x80_0000) as u128, (b >> 23) as i32 - 150)
}

/// How a positive normal f32 compares with n / d, exactly.
fn compare(x: f32, n: u128, d: u128) -> Ordering {
    let (m, e) = exact(x);
    if e >= 0 {
        ((m * d) << e).cmp(&n)
    } else {
        (m * d).cmp(&(n << -e))
    }
}

/// The largest f32 below n / d, the smallest above it, and n / d itself
/// where it is an f32 (a tie of the encode's rounding).
fn around(n: u128, d: u128) -> (f32, f32, Option<f32>) {
    let mut x = (n as f64 / d as f64) as f32;
    while compare(x, n, d) != Ordering::Less {
        x = x.next_down();
    }
    while compare(x.next_up(), n, d) == Ordering::Less {
        x = x.next_up();
    }
    let up = x.next_up();
    if compare(up, n, d) == Ordering::Equal {
        (x, up.next_up(), Some(up))
    } else {
        (x, up, None)
    }
}

/// The largest f32 below t and the smallest above it, for an f64 t that is
/// no f32.
fn around_f64(t: f64) -> (f32, f32) {
    let mut x = t as f32;
    while x as f64 >= t {
        x = x.next_down();
    }
    while (x.next_up() as f64) < t {
        x = x.next_up();
    }
    assert!((x.next_up() as f64) > t, "{t} is an f32");
    (x, x.next_up())
}

/// Encoding rounds to nearest with ties to even: on each side of the
/// point halfway between two codes the nearer code, at the point (where
/// it is an f32) the even one. Every threshold of every UNORM, SNORM and
/// sRGB channel: for UNORM and SNORM (k + 1/2) / (2^b - 1) and
/// (k + 1/2) / (2^(b-1) - 1) exactly, for sRGB the EOTF of (k + 1/2) / 255.
#[test]
fn encode_rounds_to_the_nearest_code_at_every_threshold() {
    let mut bad = Vec::new();
    let mut thresholds = 0;
    let mut expect = |f: Format, i: usize, x: f32, want: i64, bits: u32| {
        let got = encode_channel(f, i, x);
        if got != (want as u64) & ((1 << bits) - 1) {
            bad.push(format!("{f:?} channel {i} {x:e}: {got:#x}, want {want}"));
        }
    };
    for &f in Format::ALL {
        let s = spec(f.vulkan_name());
        for i in 0..4 {
            let bits = s.comp[i].0;
            let numeric = match s.numeric.as_str() {
                "SRGB" if i == 3 => "UNORM",
                n => n,
            };
            if bits == 0 || !["UNORM", "SNORM", "SRGB"].contains(&numeric) {
                continue;
            }
            let d = match numeric {
                "SNORM" => (1i64 << (bits - 1)) - 1,
                _ => (1i64 << bits) - 1,
            };
            for k in 0..d {
                thresholds += 1;
                let even = if k % 2 == 0 { k } else { k + 1 };
                if numeric == "SRGB" {
                    let (below, above) = around_f64(eotf((k as f64 + 0.5) / 255.0));
                    expect(f, i, below, k, bits);
                    expect(f, i, above, k + 1, bits);
                    continue;
                }
                let (below, above, tie) = around(2 * k as u128 + 1, 2 * d as u128);
                expect(f, i, below, k, bits);
                expect(f, i, above, k + 1, bits);
                if let Some(t) = tie {
                    expect(f, i, t, even, bits);
                }
                if numeric == "SNORM" {
                    // Rounding is symmetric about 0.
                    expect(f, i, -below, -k, bits);
                    expect(f, i, -above, -(k + 1), bits);
                    if let Some(t) = tie {
                        expect(f, i, -t, -even, bits);
                    }
                }
            }
        }
    }
    assert_none(&bad);
    assert!(thresholds > 500_000, "{thresholds} thresholds");
}

/// A row of the table file, with its line number.
struct Row {
    line: usize,
    words: Vec<String>,
}

fn rows(kind: &str) -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/tables/image_formats.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<_> = text
        .lines()
        .enumerate()
        .map(|(i, l)| Row {
            line: i + 1,
            words: l
                .split('#')
                .next()
                .unwrap()
                .split_whitespace()
                .map(String::from)
                .collect(),
        })
        .filter(|r| r.words.first().is_some_and(|w| w == kind))
        .collect();
    assert!(!rows.is_empty(), "{path} has no {kind} rows");
    rows
}

fn hex(s: &str) -> u128 {
    let digits = s
        .strip_prefix("0x")
        .unwrap_or_else(|| panic!("{s} is not 0x-prefixed"));
    u128::from_str_radix(&digits.replace('_', ""), 16).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A component as the table writes it (see the file's header); for
/// floats, `nan` is the quiet NaN (a decode row's `nan` matches any NaN).
fn component(s: &str, kind: NumericKind) -> u64 {
    if s.starts_with("0x") {
        return hex(s) as u64;
    }
    if kind != NumericKind::Float {
        return s.parse::<i64>().unwrap_or_else(|e| panic!("{s}: {e}")) as u64;
    }
    let x: f32 = match s {
        "nan" => f32::from_bits(0x7fc0_0000),
        "inf" => f32::INFINITY,
        "-inf" => f32::NEG_INFINITY,
        _ => match s.split_once('/') {
            // As `unorm`: the f64 quotient of small integers rounds right.
            Some((p, q)) => (p.parse::<f64>().unwrap() / q.parse::<f64>().unwrap()) as f32,
            None => s.parse().unwrap_or_else(|e| panic!("{s}: {e}")),
        },
    };
    x.to_bits() as u64
}

fn texel_of(words: &[String], kind: NumericKind) -> Texel {
    let c: Vec<u64> = words.iter().map(|w| component(w, kind)).collect();
    let c = [c[0], c[1], c[2], c[3]];
    match kind {
        NumericKind::Float => Texel::Float(c.map(|x| f32::from_bits(x as u32))),
        _ => Texel::Int(c),
    }
}

/// decode and encode rows: the 32- and 64-bit and packed formats, and the
/// byte order and rounding of the 32-bit formats with 8-bit channels.
#[test]
fn table_rows() {
    let format = |r: &Row| {
        Format::from_vulkan_name(&r.words[1])
            .unwrap_or_else(|| panic!("line {}: no format {}", r.line, r.words[1]))
    };
    let mut bad = Vec::new();
    let decodes = rows("decode");
    for r in &decodes {
        let f = format(r);
        assert_eq!(
            (r.words.len(), r.words[3].as_str()),
            (8, "->"),
            "line {}",
            r.line
        );
        let word = hex(&r.words[2]);
        let want = texel_of(&r.words[4..8], f.kind());
        // Bits written out are compared exactly, NaNs included.
        let exact: Vec<bool> = r.words[4..8].iter().map(|w| w.starts_with("0x")).collect();
        let matches = |got: &Texel| match (got, &want) {
            (Texel::Float(g), Texel::Float(w)) => (0..4).all(|i| match exact[i] {
                true => g[i].to_bits() == w[i].to_bits(),
                false => same_float(g[i], w[i]),
            }),
            _ => same(got, &want),
        };
        let got = decode(f, word);
        if !matches(&got) {
            bad.push(format!(
                "line {}: decodes to {got:?}, want {want:?}",
                r.line
            ));
        }
        // The row and the reference decoder are independent; they agree.
        let reference = reference(f.vulkan_name(), word);
        if !matches(&reference) {
            bad.push(format!(
                "line {}: the reference reads {reference:?}",
                r.line
            ));
        }
    }
    let encodes = rows("encode");
    for r in &encodes {
        let f = format(r);
        assert_eq!(
            (r.words.len(), r.words[6].as_str()),
            (8, "->"),
            "line {}",
            r.line
        );
        let c: Vec<u64> = r.words[2..6]
            .iter()
            .map(|w| component(w, f.kind()))
            .collect();
        let got = encode(f, [c[0], c[1], c[2], c[3]]);
        let want = hex(&r.words[7]);
        if got != want {
            bad.push(format!(
                "line {}: encodes to {got:#x}, want {want:#x}",
                r.line
            ));
        }
    }
    assert_none(&bad);
    // Every format the exhaustive tests leave out has rows both ways.
    for &f in Format::ALL.iter().filter(|&&f| !narrow_channels(f)) {
        for (kind, rows) in [("decode", &decodes), ("encode", &encodes)] {
            assert!(
                rows.iter().any(|r| r.words[1] == f.vulkan_name()),
                "no {kind} row for {f:?}"
            );
        }
    }
}

#[test]
fn names_codes_and_properties() {
    let listed: Vec<String> = rows("format")
        .into_iter()
        .map(|r| r.words[1].clone())
        .collect();
    let names: Vec<&str> = Format::ALL.iter().map(|f| f.vulkan_name()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    let mut want: Vec<&str> = listed.iter().map(String::as_str).collect();
    want.sort();
    assert_eq!(sorted, want, "ALL holds each listed format once");
    for (i, &f) in Format::ALL.iter().enumerate() {
        let name = f.vulkan_name();
        assert_eq!(Format::from_vulkan_name(name), Some(f));
        assert_eq!(f.code(), i as u64);
        assert_eq!(Format::from_code(f.code()), Some(f));
        let s = spec(name);
        assert_eq!(f.bytes(), s.bytes, "{name}");
        assert_eq!(
            f.channels(),
            s.comp.iter().filter(|c| c.0 != 0).count(),
            "{name}"
        );
        let kind = match s.numeric.as_str() {
            "UINT" => NumericKind::Uint,
            "SINT" => NumericKind::Sint,
            _ => NumericKind::Float,
        };
        assert_eq!(f.kind(), kind, "{name}");
    }
    let n = Format::ALL.len() as u64;
    for code in [n, n + 1, u64::MAX] {
        assert_eq!(Format::from_code(code), None);
    }
    for name in [
        "",
        "VK_FORMAT_R8_UNORM",
        "r8_unorm",
        "R8G8B8_UNORM",
        "R8_UNORM ",
        "UNORM",
    ] {
        assert_eq!(Format::from_vulkan_name(name), None, "{name:?}");
    }
}

#[test]
fn spirv_image_formats() {
    let table: BTreeMap<String, String> = rows("spirv")
        .into_iter()
        .map(|r| (r.words[1].clone(), r.words[2].clone()))
        .collect();
    let mut mapped = 0;
    for n in 0.. {
        let Some(spirv) = spirv::ImageFormat::from_u32(n) else {
            break;
        };
        let name = format!("{spirv:?}");
        let want = table
            .get(&name)
            .map(|v| Format::from_vulkan_name(v).unwrap());
        assert_eq!(Format::from_spirv(spirv), want, "{name}");
        mapped += want.is_some() as usize;
    }
    assert_eq!(Format::from_spirv(spirv::ImageFormat::Unknown), None);
    assert_eq!(
        mapped,
        table.len(),
        "every table row is a SPIR-V image format"
    );
    assert_eq!(mapped, 41);
}
