//! The formatting half of OpenCL C `printf` (OpenCL.std instruction 184).
//!
//! Rules (OpenCL C specification, section "printf", refining C99 7.19.6.1):
//!
//! * A conversion specification is `%`, then in this order: flags (`-`, `+`,
//!   space, `#`, `0`, any order, repeats allowed), an optional decimal field
//!   width, an optional precision (`.` and optional digits; `.` alone is 0),
//!   an optional vector specifier `vN` (N = 2, 3, 4, 8 or 16), a length
//!   modifier and the conversion specifier.
//! * `*` as width or precision is not supported by OpenCL C: an error.
//! * Length modifiers without a vector specifier: `hh`, `h`, `l` for the
//!   integer conversions (the argument is read at 8, 16, 64 bits; none = 32
//!   bits, `int`), `z` and `t` (OpenCL C 3.1; read at the width of the
//!   argument as passed, i.e. `size_t`/`ptrdiff_t` of the module's addressing
//!   model). `l` with a float conversion has no effect (C99). `hl` only
//!   exists with a vector specifier; `ll`, `j`, `L` are reserved; a length
//!   modifier with `c`, `s`, `p` or `%` is not supported. All of these are
//!   errors.
//! * With a vector specifier the length modifier is required (`%v4f` is an
//!   error) and names the component type: `hh` char, `h` short or half, `hl`
//!   int or float, `l` long or double (`hh` with a float conversion is an
//!   error). The argument must be a vector of exactly N components of that
//!   type (no implicit conversion between vector types). The components are
//!   formatted one by one with the same flags, width and precision and
//!   joined with `,`. `c`, `s`, `p` take no vector specifier.
//! * Integer conversions take the argument's raw bits at the length
//!   modifier's width; an argument narrower than that is first sign-extended
//!   (d, i) or zero-extended (o, u, x, X). d/i print signed, o/u/x/X
//!   unsigned. A float argument to an integer conversion (or the reverse) is
//!   an error.
//! * Float conversions: half and float arguments are promoted exactly to
//!   double. Decimal output (f F e E g G) is the correctly rounded exact
//!   binary value, ties to even (as glibc in the default rounding mode). `%a`
//!   prints as glibc does: `0x1.<hex>p<exp>` for normal numbers, trailing
//!   zeros removed when no precision is given, `0x0.<hex>p-1022` for double
//!   subnormals, `0x0p+0` for zero; with a precision the significand is
//!   rounded to nearest, ties to even, and a carry shows as a leading `2`
//!   (`%.0a` of 1.5 is `0x2p+0`). Infinity prints `inf`, NaN `nan` (with
//!   `-` when the sign bit is set, `+`/space by the flags; upper case for
//!   F E G A); the `0` flag pads those with spaces.
//! * `%c` prints the low byte of its int argument. `%s` prints the string
//!   bytes (up to an embedded NUL, at most `precision` bytes). `%p`
//!   (implementation-defined) prints `0x` and the address in lower-case hex
//!   (`0x0` for null; an integer argument is taken as the address); only the width and the `-` flag
//!   apply to it.
//! * Flags where C leaves them undefined (`#` with d, `0` with c/s/p,
//!   precision with c/p) are ignored, as glibc does.
//! * Output is built as bytes and returned as `String` via
//!   `String::from_utf8_lossy` (byte sequences that are not UTF-8, e.g. `%c`
//!   of 200, become U+FFFD). The format ends at its first NUL byte, if any.
//! * Errors (the caller then prints nothing and printf returns -1): an
//!   unknown or reserved conversion or length modifier, an incomplete
//!   specification at the end of the format, a bad vector size, too few
//!   arguments, an argument of the wrong kind, and (implementation limit) a
//!   field width or precision above [`MAX_FIELD`]. Extra arguments are
//!   ignored, as the specification says.

use crate::core::Scalar;

/// One printf argument as the kernel passed it.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A scalar or vector: the components as raw bits with their type (`Scalar::Int(8/16/32/64)` or
    /// `Float(16/32/64)`; ints are signless raw bits, zero-extended in the u64).
    Value(Vec<(Scalar, u64)>),
    /// A `%s` string read from memory (without its NUL).
    Text(Vec<u8>),
    /// A pointer value (for %p) — the raw address.
    Pointer(u64),
}

/// Largest field width or precision accepted (an implementation limit; C99 requires 4095).
pub const MAX_FIELD: usize = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Len {
    None,
    HH,
    H,
    HL,
    L,
    Z,
    T,
}

#[derive(Clone, Copy, Debug)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    /// 1 for a scalar, else the vector size.
    vector: usize,
    len: Len,
    conv: u8,
}

enum Piece<'a> {
    Lit(&'a [u8]),
    Percent,
    Conv(Spec),
}

fn parse_number(f: &[u8], i: &mut usize, what: &str) -> Result<usize, String> {
    let mut n: usize = 0;
    while *i < f.len() && f[*i].is_ascii_digit() {
        n = n * 10 + (f[*i] - b'0') as usize;
        if n > MAX_FIELD {
            return Err(format!("{what} larger than {MAX_FIELD}"));
        }
        *i += 1;
    }
    Ok(n)
}

fn parse(format: &[u8]) -> Result<Vec<Piece<'_>>, String> {
    let f = match format.iter().position(|&c| c == 0) {
        Some(n) => &format[..n],
        None => format,
    };
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < f.len() {
        if f[i] != b'%' {
            let start = i;
            while i < f.len() && f[i] != b'%' {
                i += 1;
            }
            pieces.push(Piece::Lit(&f[start..i]));
            continue;
        }
        let start = i;
        i += 1;
        let end_err = || format!("incomplete conversion specification at byte {start}");
        if i < f.len() && f[i] == b'%' {
            pieces.push(Piece::Percent);
            i += 1;
            continue;
        }
        let mut s = Spec {
            minus: false,
            plus: false,
            space: false,
            alt: false,
            zero: false,
            width: 0,
            prec: None,
            vector: 1,
            len: Len::None,
            conv: 0,
        };
        while i < f.len() {
            match f[i] {
                b'-' => s.minus = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.alt = true,
                b'0' => s.zero = true,
                _ => break,
            }
            i += 1;
        }
        if i < f.len() && f[i] == b'*' {
            return Err("'*' field width is not supported by OpenCL C".into());
        }
        s.width = parse_number(f, &mut i, "field width")?;
        if i < f.len() && f[i] == b'.' {
            i += 1;
            if i < f.len() && f[i] == b'*' {
                return Err("'*' precision is not supported by OpenCL C".into());
            }
            s.prec = Some(parse_number(f, &mut i, "precision")?);
        }
        if i < f.len() && f[i] == b'v' {
            i += 1;
            let digits = i;
            let n = parse_number(f, &mut i, "vector size")?;
            if i == digits || !matches!(n, 2 | 3 | 4 | 8 | 16) {
                return Err(format!(
                    "vector specifier at byte {start}: size must be 2, 3, 4, 8 or 16"
                ));
            }
            s.vector = n;
        }
        if i >= f.len() {
            return Err(end_err());
        }
        match f[i] {
            b'h' => {
                i += 1;
                if i < f.len() && f[i] == b'h' {
                    s.len = Len::HH;
                    i += 1;
                } else if i < f.len() && f[i] == b'l' {
                    s.len = Len::HL;
                    i += 1;
                } else {
                    s.len = Len::H;
                }
            }
            b'l' => {
                i += 1;
                if i < f.len() && f[i] == b'l' {
                    return Err("the 'll' length modifier is reserved in OpenCL C".into());
                }
                s.len = Len::L;
            }
            b'z' => {
                s.len = Len::Z;
                i += 1;
            }
            b't' => {
                s.len = Len::T;
                i += 1;
            }
            b'j' | b'L' | b'q' => {
                return Err(format!(
                    "the '{}' length modifier is not supported by OpenCL C",
                    f[i] as char
                ));
            }
            _ => {}
        }
        if i >= f.len() {
            return Err(end_err());
        }
        s.conv = f[i];
        i += 1;
        let is_int = matches!(s.conv, b'd' | b'i' | b'o' | b'u' | b'x' | b'X');
        let is_float = matches!(
            s.conv,
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A'
        );
        let conv_name = if s.conv.is_ascii_graphic() {
            format!("'{}'", s.conv as char)
        } else {
            format!("byte 0x{:02x}", s.conv)
        };
        if !is_int && !is_float && !matches!(s.conv, b'c' | b's' | b'p') {
            return Err(format!(
                "invalid conversion specifier {conv_name} at byte {start}"
            ));
        }
        if s.vector > 1 {
            if !is_int && !is_float {
                return Err(format!("vector specifier with conversion {conv_name}"));
            }
            match s.len {
                Len::None => {
                    return Err(format!(
                        "vector specifier without a length modifier at byte {start}"
                    ))
                }
                Len::Z | Len::T => {
                    return Err("'z'/'t' length modifier with a vector specifier".into())
                }
                Len::HH if is_float => {
                    return Err("'hh' length modifier with a float conversion".into())
                }
                _ => {}
            }
        } else {
            let ok = match s.len {
                Len::None => true,
                Len::HL => false,
                Len::L => is_int || is_float,
                Len::HH | Len::H | Len::Z | Len::T => is_int,
            };
            if !ok {
                return Err(format!(
                    "length modifier not allowed with conversion {conv_name} at byte {start}"
                ));
            }
        }
        pieces.push(Piece::Conv(s));
    }
    Ok(pieces)
}

/// Which conversions read a string argument: for each argument index, whether the format's conversion for it is
/// `%s` (so the caller knows to read a string from memory at that argument's address). Err as for [`format`].
pub fn string_arguments(format: &[u8]) -> Result<Vec<bool>, String> {
    Ok(parse(format)?
        .iter()
        .filter_map(|p| match p {
            Piece::Conv(s) => Some(s.conv == b's'),
            _ => None,
        })
        .collect())
}

/// Formats `format` (without its NUL) with `args` as OpenCL C printf does. Err(message) for an invalid format or
/// arguments that do not match it (wrong count, a vector where a scalar is expected, ...); the caller then prints
/// nothing for that call and returns -1 as printf's result.
pub fn format(format: &[u8], args: &[Arg]) -> Result<String, String> {
    let pieces = parse(format)?;
    let mut out = Vec::new();
    let mut next = 0usize;
    for p in &pieces {
        match p {
            Piece::Lit(l) => out.extend_from_slice(l),
            Piece::Percent => out.push(b'%'),
            Piece::Conv(s) => {
                let arg = args.get(next).ok_or_else(|| {
                    format!(
                        "too few arguments: the format needs more than {}",
                        args.len()
                    )
                })?;
                convert(&mut out, s, arg).map_err(|e| format!("argument {next}: {e}"))?;
                next += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn scalar_name(t: Scalar) -> String {
    match t {
        Scalar::Bool => "bool".into(),
        Scalar::Int(b) => format!("i{b}"),
        Scalar::Float(b) => format!("f{b}"),
    }
}

fn convert(out: &mut Vec<u8>, s: &Spec, arg: &Arg) -> Result<(), String> {
    match s.conv {
        b's' => match arg {
            Arg::Text(t) => {
                let t = match t.iter().position(|&c| c == 0) {
                    Some(n) => &t[..n],
                    None => &t[..],
                };
                let t = match s.prec {
                    Some(p) if p < t.len() => &t[..p],
                    _ => t,
                };
                pad(out, s, b"", b"", t, false);
                Ok(())
            }
            _ => Err("%s needs a string argument".into()),
        },
        b'p' => {
            let addr = match arg {
                Arg::Pointer(a) => *a,
                Arg::Value(v) if v.len() == 1 && matches!(v[0].0, Scalar::Int(_)) => v[0].1,
                _ => return Err("%p needs a pointer argument".into()),
            };
            let body = format!("{addr:x}");
            pad(out, s, b"", b"0x", body.as_bytes(), false);
            Ok(())
        }
        b'c' => {
            let v = scalar_value(arg)?;
            match v.0 {
                Scalar::Int(_) | Scalar::Bool => {}
                t => {
                    return Err(format!(
                        "%c needs an integer argument, not {}",
                        scalar_name(t)
                    ))
                }
            }
            pad(out, s, b"", b"", &[v.1 as u8], false);
            Ok(())
        }
        _ => {
            let comps: Vec<(Scalar, u64)> = if s.vector > 1 {
                let v = match arg {
                    Arg::Value(v) => v,
                    _ => return Err("a vector conversion needs a vector argument".into()),
                };
                if v.len() != s.vector {
                    return Err(format!(
                        "the format names a {}-component vector, the argument has {} components",
                        s.vector,
                        v.len()
                    ));
                }
                let is_float = !matches!(s.conv, b'd' | b'i' | b'o' | b'u' | b'x' | b'X');
                let bits = match s.len {
                    Len::HH => 8,
                    Len::H => 16,
                    Len::HL => 32,
                    _ => 64,
                };
                let want = if is_float {
                    Scalar::Float(bits)
                } else {
                    Scalar::Int(bits)
                };
                if let Some(c) = v.iter().find(|c| c.0 != want) {
                    return Err(format!(
                        "the format names {} components, the argument has {}",
                        scalar_name(want),
                        scalar_name(c.0)
                    ));
                }
                v.clone()
            } else {
                vec![scalar_value(arg)?]
            };
            for (k, &(t, raw)) in comps.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                match s.conv {
                    b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => {
                        // A Bool is 0 or 1, read as an int.
                        let (from, raw) = match t {
                            Scalar::Int(b) => (b.clamp(1, 64) as u32, raw),
                            Scalar::Bool => (32, raw & 1),
                            Scalar::Float(_) => {
                                return Err(format!(
                                    "integer conversion '{}' with a float argument",
                                    s.conv as char
                                ))
                            }
                        };
                        let to = match s.len {
                            Len::HH => 8,
                            Len::H => 16,
                            Len::None => 32,
                            Len::HL => 32,
                            Len::L => 64,
                            Len::Z | Len::T => from,
                        };
                        let signed = matches!(s.conv, b'd' | b'i');
                        let raw = raw & mask(from);
                        // Extend from the argument's width, then take the modifier's width.
                        let ext = if signed && from < 64 && (raw >> (from - 1)) & 1 == 1 {
                            raw | !mask(from)
                        } else {
                            raw
                        };
                        let v = ext & mask(to);
                        if signed {
                            let sv = if to < 64 && (v >> (to - 1)) & 1 == 1 {
                                (v | !mask(to)) as i64
                            } else {
                                v as i64
                            };
                            fmt_int(out, s, sv < 0, sv.unsigned_abs());
                        } else {
                            fmt_int(out, s, false, v);
                        }
                    }
                    _ => {
                        // The sign comes from the raw bits (also for NaN, whose sign a conversion may not keep).
                        let neg = match t {
                            Scalar::Float(b @ (16 | 32 | 64)) => (raw >> (b - 1)) & 1 == 1,
                            _ => false,
                        };
                        let x = match t {
                            Scalar::Float(16) => half::f16::from_bits(raw as u16).to_f64(),
                            Scalar::Float(32) => f32::from_bits(raw as u32) as f64,
                            Scalar::Float(64) => f64::from_bits(raw),
                            t => {
                                return Err(format!(
                                    "float conversion '{}' with a {} argument",
                                    s.conv as char,
                                    scalar_name(t)
                                ))
                            }
                        };
                        fmt_float(out, s, neg, x);
                    }
                }
            }
            Ok(())
        }
    }
}

fn scalar_value(arg: &Arg) -> Result<(Scalar, u64), String> {
    match arg {
        Arg::Value(v) if v.len() == 1 => Ok(v[0]),
        Arg::Value(v) if v.is_empty() => Err("empty argument".into()),
        Arg::Value(v) => Err(format!(
            "a {}-component vector where a scalar is expected",
            v.len()
        )),
        Arg::Text(_) => Err("a string where a scalar is expected".into()),
        Arg::Pointer(_) => Err("a pointer where a scalar is expected".into()),
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Writes `sign`, `prefix`, `body` padded to the field width: spaces on the right with `-`, else zeros after the
/// prefix when `zero_ok` and the `0` flag is set, else spaces on the left.
fn pad(out: &mut Vec<u8>, s: &Spec, sign: &[u8], prefix: &[u8], body: &[u8], zero_ok: bool) {
    let len = sign.len() + prefix.len() + body.len();
    let fill = s.width.saturating_sub(len);
    if s.minus {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if zero_ok && s.zero {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
}

fn fmt_int(out: &mut Vec<u8>, s: &Spec, neg: bool, mag: u64) {
    let mut digits: Vec<u8> = match s.conv {
        b'o' => format!("{mag:o}"),
        b'x' => format!("{mag:x}"),
        b'X' => format!("{mag:X}"),
        _ => format!("{mag}"),
    }
    .into_bytes();
    let prec = s.prec.unwrap_or(1);
    if prec == 0 && mag == 0 {
        digits.clear();
    }
    if digits.len() < prec {
        let mut d = vec![b'0'; prec - digits.len()];
        d.extend_from_slice(&digits);
        digits = d;
    }
    if s.conv == b'o' && s.alt && digits.first() != Some(&b'0') {
        digits.insert(0, b'0');
    }
    let prefix: &[u8] = match s.conv {
        b'x' if s.alt && mag != 0 => b"0x",
        b'X' if s.alt && mag != 0 => b"0X",
        _ => b"",
    };
    let sign: &[u8] = if !matches!(s.conv, b'd' | b'i') {
        b""
    } else if neg {
        b"-"
    } else if s.plus {
        b"+"
    } else if s.space {
        b" "
    } else {
        b""
    };
    pad(out, s, sign, prefix, &digits, s.prec.is_none());
}

/// The exact decimal expansion of a finite, non-negative `x`: (digits as values 0..=9 without leading zeros, or
/// `[0]`; number of those digits after the decimal point).
fn exact_decimal(x: f64) -> (Vec<u8>, usize) {
    let bits = x.to_bits();
    let exp_field = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if exp_field == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp_field - 1075)
    };
    if m == 0 {
        return (vec![0], 0);
    }
    // With m odd and e < 0 the expansion m * 5^-e ends in 5: no trailing zeros after the point.
    while e < 0 && m & 1 == 0 {
        m >>= 1;
        e += 1;
    }
    // Little-endian limbs in base 1e9.
    const BASE: u64 = 1_000_000_000;
    let mut limbs: Vec<u64> = vec![m % BASE, (m / BASE) % BASE, m / BASE / BASE];
    let mul = |limbs: &mut Vec<u64>, k: u64| {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * k + carry;
            *l = v % BASE;
            carry = v / BASE;
        }
        while carry > 0 {
            limbs.push(carry % BASE);
            carry /= BASE;
        }
    };
    let frac_len;
    if e >= 0 {
        let mut left = e as u32;
        while left > 0 {
            let step = left.min(30);
            mul(&mut limbs, 1u64 << step);
            left -= step;
        }
        frac_len = 0;
    } else {
        let mut left = (-e) as u32;
        frac_len = left as usize;
        while left > 0 {
            let step = left.min(13);
            mul(&mut limbs, 5u64.pow(step));
            left -= step;
        }
    }
    while limbs.len() > 1 && *limbs.last().unwrap_or(&1) == 0 {
        limbs.pop();
    }
    let mut digits = Vec::with_capacity(limbs.len() * 9);
    for (k, l) in limbs.iter().rev().enumerate() {
        let s = if k == 0 {
            format!("{l}")
        } else {
            format!("{l:09}")
        };
        digits.extend(s.bytes().map(|c| c - b'0'));
    }
    (digits, frac_len)
}

/// Keeps the first `keep` digits of `d` (keep <= d.len()), rounding to nearest, ties to even, on the dropped ones.
/// On a carry out of the first digit, the result has `keep + 1` digits.
fn round_digits(d: &[u8], keep: usize) -> Vec<u8> {
    let mut r = d[..keep].to_vec();
    if keep >= d.len() {
        return r;
    }
    let first = d[keep];
    let rest_nonzero = d[keep + 1..].iter().any(|&c| c != 0);
    let last_odd = keep > 0 && r[keep - 1] % 2 == 1;
    let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
    if up {
        let mut k = keep;
        loop {
            if k == 0 {
                r.insert(0, 1);
                break;
            }
            k -= 1;
            if r[k] == 9 {
                r[k] = 0;
            } else {
                r[k] += 1;
                break;
            }
        }
    }
    r
}

/// `x` (finite, >= 0) rounded to `p` digits after the point: (integer digits, fraction digits).
fn fixed(x: f64, p: usize) -> (Vec<u8>, Vec<u8>) {
    let (mut d, k) = exact_decimal(x);
    if d.len() <= k {
        let mut z = vec![0; k + 1 - d.len()];
        z.extend_from_slice(&d);
        d = z;
    }
    let int_len = d.len() - k;
    let r = if p >= k {
        d.resize(d.len() + (p - k), 0);
        d
    } else {
        round_digits(&d, int_len + p)
    };
    let split = r.len() - p;
    (r[..split].to_vec(), r[split..].to_vec())
}

/// `x` (finite, > 0) rounded to `p + 1` significant digits: (digits, decimal exponent of the first).
fn scientific(x: f64, p: usize) -> (Vec<u8>, i64) {
    let (d, k) = exact_decimal(x);
    let lead = d.iter().position(|&c| c != 0).unwrap_or(0);
    let d = &d[lead..];
    let mut exp = d.len() as i64 - k as i64 - 1;
    let keep = p + 1;
    let r = if keep >= d.len() {
        let mut r = d.to_vec();
        r.resize(keep, 0);
        r
    } else {
        let mut r = round_digits(d, keep);
        if r.len() > keep {
            r.truncate(keep);
            exp += 1;
        }
        r
    };
    (r, exp)
}

fn ascii(d: &[u8]) -> impl Iterator<Item = u8> + '_ {
    d.iter().map(|&c| c + b'0')
}

fn push_exp(body: &mut Vec<u8>, letter: u8, exp: i64, min_digits: usize) {
    body.push(letter);
    body.push(if exp < 0 { b'-' } else { b'+' });
    let s = format!("{:0w$}", exp.unsigned_abs(), w = min_digits);
    body.extend_from_slice(s.as_bytes());
}

fn fixed_body(x: f64, p: usize, alt: bool) -> Vec<u8> {
    let (i, f) = fixed(x, p);
    let mut body: Vec<u8> = ascii(&i).collect();
    if p > 0 || alt {
        body.push(b'.');
    }
    body.extend(ascii(&f));
    body
}

fn sci_body(x: f64, p: usize, alt: bool) -> Vec<u8> {
    let (d, exp) = if x == 0.0 {
        (vec![0; p + 1], 0)
    } else {
        scientific(x, p)
    };
    let mut body = vec![d[0] + b'0'];
    if p > 0 || alt {
        body.push(b'.');
    }
    body.extend(ascii(&d[1..]));
    push_exp(&mut body, b'e', exp, 2);
    body
}

fn general_body(x: f64, prec: Option<usize>, alt: bool) -> Vec<u8> {
    let p = match prec {
        None => 6,
        Some(0) => 1,
        Some(p) => p,
    };
    let exp = if x == 0.0 { 0 } else { scientific(x, p - 1).1 };
    let mut body = if (p as i64) > exp && exp >= -4 {
        fixed_body(x, (p as i64 - 1 - exp) as usize, alt)
    } else {
        sci_body(x, p - 1, alt)
    };
    if !alt {
        if let Some(dot) = body.iter().position(|&c| c == b'.') {
            let mant_end = body.iter().position(|&c| c == b'e').unwrap_or(body.len());
            let mut cut = mant_end;
            while cut > dot + 1 && body[cut - 1] == b'0' {
                cut -= 1;
            }
            if cut == dot + 1 {
                cut = dot;
            }
            body.drain(cut..mant_end);
        }
    }
    body
}

fn hex_body(x: f64, prec: Option<usize>, alt: bool) -> Vec<u8> {
    let bits = x.to_bits();
    let exp_field = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if exp_field == 0 && frac == 0 {
        let mut body = b"0x0".to_vec();
        let p = prec.unwrap_or(0);
        if p > 0 || alt {
            body.push(b'.');
        }
        body.resize(body.len() + p, b'0');
        body.extend_from_slice(b"p+0");
        return body;
    }
    let (lead, exp) = if exp_field == 0 {
        (0u64, -1022)
    } else {
        (1u64, exp_field - 1023)
    };
    // Significand as lead.frac with 13 hex fraction digits.
    let (lead_digit, frac_digits): (u64, Vec<u8>) = match prec {
        Some(p) if p < 13 => {
            let m = (lead << 52) | frac;
            let drop = 4 * (13 - p as u32);
            let kept = m >> drop;
            let rem = m & mask(drop);
            let half = 1u64 << (drop - 1);
            let kept = if rem > half || (rem == half && kept & 1 == 1) {
                kept + 1
            } else {
                kept
            };
            let fbits = 4 * p as u32;
            let digits = (0..p)
                .map(|k| ((kept >> (fbits - 4 * (k as u32 + 1))) & 0xf) as u8)
                .collect();
            (kept >> fbits, digits)
        }
        _ => {
            let mut digits: Vec<u8> = (0..13)
                .map(|k| ((frac >> (48 - 4 * k)) & 0xf) as u8)
                .collect();
            match prec {
                None => {
                    while digits.last() == Some(&0) {
                        digits.pop();
                    }
                }
                Some(p) => digits.resize(p, 0),
            }
            (lead, digits)
        }
    };
    let hex = |d: u64| b"0123456789abcdef"[(d & 0xf) as usize];
    let mut body = b"0x".to_vec();
    body.push(hex(lead_digit));
    if !frac_digits.is_empty() || alt {
        body.push(b'.');
    }
    body.extend(frac_digits.iter().map(|&d| hex(d as u64)));
    push_exp(&mut body, b'p', exp, 1);
    body
}

fn fmt_float(out: &mut Vec<u8>, s: &Spec, neg: bool, x: f64) {
    let sign: &[u8] = if neg {
        b"-"
    } else if s.plus {
        b"+"
    } else if s.space {
        b" "
    } else {
        b""
    };
    let a = x.abs();
    let upper = s.conv.is_ascii_uppercase();
    let mut body = if a.is_nan() {
        b"nan".to_vec()
    } else if a.is_infinite() {
        b"inf".to_vec()
    } else {
        match s.conv.to_ascii_lowercase() {
            b'f' => fixed_body(a, s.prec.unwrap_or(6), s.alt),
            b'e' => sci_body(a, s.prec.unwrap_or(6), s.alt),
            b'g' => general_body(a, s.prec, s.alt),
            _ => hex_body(a, s.prec, s.alt),
        }
    };
    if upper {
        body.make_ascii_uppercase();
    }
    let finite = x.is_finite();
    // For %a the zero padding goes after "0x".
    if finite && s.conv.eq_ignore_ascii_case(&b'a') {
        let (prefix, rest) = body.split_at(2);
        pad(out, s, sign, prefix, rest, true);
    } else {
        pad(out, s, sign, b"", &body, finite);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64arg(x: f64) -> Arg {
        Arg::Value(vec![(Scalar::Float(64), x.to_bits())])
    }

    #[test]
    fn printf_exact_decimal_small_cases() {
        // 0.125 = 125 / 10^3, 2^-1074 has 751 significant digits and 1074 fraction digits.
        assert_eq!(exact_decimal(0.125), (vec![1, 2, 5], 3));
        assert_eq!(exact_decimal(1024.0), (vec![1, 0, 2, 4], 0));
        let (d, k) = exact_decimal(f64::from_bits(1));
        assert_eq!(k, 1074);
        assert_eq!(d.len(), 751);
        assert_eq!(&d[..5], &[4, 9, 4, 0, 6]);
    }

    #[test]
    fn printf_round_digits_ties_to_even() {
        assert_eq!(round_digits(&[1, 2, 5], 2), vec![1, 2]);
        assert_eq!(round_digits(&[1, 3, 5], 2), vec![1, 4]);
        assert_eq!(round_digits(&[1, 2, 5, 0, 1], 2), vec![1, 3]);
        assert_eq!(round_digits(&[9, 9, 7], 2), vec![1, 0, 0]);
        assert_eq!(round_digits(&[5], 0), Vec::<u8>::new());
        assert_eq!(round_digits(&[6], 0), vec![1]);
    }

    #[test]
    fn printf_unit_spot_checks() {
        assert_eq!(
            format(b"%.2f|%.0f", &[f64arg(0.125), f64arg(2.5)]).unwrap(),
            "0.12|2"
        );
        assert_eq!(
            format(b"%a", &[f64arg(0.1)]).unwrap(),
            "0x1.999999999999ap-4"
        );
        assert!(format(b"%v2f", &[f64arg(1.0)]).is_err());
        assert_eq!(
            string_arguments(b"%d %s %%%s").unwrap(),
            vec![false, true, true]
        );
    }
}
