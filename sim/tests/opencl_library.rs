//! End-to-end runs of the OpenCL.std library kernels in workloads/opencl_int/
//! (integer instructions; vector data, shuffles, select, bitselect, half
//! conversions with every rounding mode), compared with plain-Rust
//! references written here from the OpenCL C / OpenCL.std definitions (wide
//! integers, bit-level half rounding) — no simulator or isa code is used to
//! compute expected values.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::path::PathBuf;

fn run(name: &str) -> RunOutput {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../workloads/opencl_int")
        .join(format!("{name}.toml"));
    let w = Workload::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    run_workload(&w, &RunOptions::default()).unwrap_or_else(|e| panic!("{name}: run failed: {e}"))
}

/// The elements of a buffer, `bytes` wide, little endian, as raw bits.
fn elems(out: &RunOutput, name: &str, bytes: usize) -> Vec<u64> {
    out.buffer(name)
        .unwrap_or_else(|| panic!("no buffer {name}"))
        .chunks(bytes)
        .map(|c| c.iter().rev().fold(0u64, |v, &b| v << 8 | b as u64))
        .collect()
}

fn mask(w: u32) -> u64 {
    u64::MAX >> (64 - w)
}

/// `v`'s low `w` bits as a number (signed or not).
fn num(v: u64, w: u32, signed: bool) -> i128 {
    let v = v & mask(w);
    if signed && v >> (w - 1) != 0 {
        v as i128 - (1i128 << w)
    } else {
        v as i128
    }
}

fn sat(v: i128, w: u32, signed: bool) -> u64 {
    let (lo, hi) = if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    };
    v.clamp(lo, hi) as u64 & mask(w)
}

/// (a * b) exactly, as (high part >> w, full product if it fits i128).
fn mul_hi(a: i128, b: i128, w: u32, signed: bool) -> i128 {
    if !signed && w == 64 {
        ((a as u128 * b as u128) >> 64) as i128
    } else {
        (a * b) >> w
    }
}

fn mad_sat(a: i128, b: i128, c: i128, w: u32, signed: bool) -> u64 {
    if !signed && w == 64 {
        let v = a as u128 * b as u128 + c as u128;
        v.min(u64::MAX as u128) as u64
    } else {
        sat(a * b + c, w, signed)
    }
}

/// The 12 scalar results of int_ops.cl's BODY for element i.
fn body(v: &[u64], i: usize, w: u32, signed: bool) -> [u64; 12] {
    let j = (5 * i + 3) % 64;
    let k = (i + 11) % 64;
    let (a, b, c) = (
        num(v[i], w, signed),
        num(v[j], w, signed),
        num(v[k], w, signed),
    );
    let m = mask(w);
    let wrap = |x: i128| x as u64 & m;
    let r = (b as u64 & m) % w as u64;
    let ua = a as u64 & m;
    let rot = if r == 0 {
        ua
    } else {
        ((ua << r) | (ua >> (w as u64 - r))) & m
    };
    let clz = ((v[i] & m) << (64 - w)).leading_zeros().min(w) as i128;
    let ctz = (v[k] & m).trailing_zeros().min(w) as i128;
    let pop = (v[j] & m).count_ones() as i128;
    [
        sat(a + b, w, signed),
        sat(a - b, w, signed),
        wrap((a + b).div_euclid(2)),
        wrap((a + b + 1).div_euclid(2)),
        wrap((a - b).abs()),
        wrap(a.abs()),
        wrap(mul_hi(a, b, w, signed)),
        wrap(mul_hi(a, b, w, signed) + c),
        mad_sat(a, b, c, w, signed),
        rot,
        wrap(clz + pop + ctz),
        wrap(a.max(b.min(c)).min(b.max(c))),
    ]
}

#[test]
fn int_ops_matches_reference() {
    let out = run("int_ops");
    for w in [8u32, 16, 32, 64] {
        for signed in [true, false] {
            let t = format!("{}{w}", if signed { 'i' } else { 'u' });
            let input = elems(&out, &format!("in_{t}"), w as usize / 8);
            let got = elems(&out, &format!("out_{t}"), w as usize / 8);
            for i in 0..64 {
                let want = body(&input, i, w, signed);
                for (k, &x) in want.iter().enumerate() {
                    assert_eq!(
                        got[12 * i + k],
                        x,
                        "{t} item {i} result {k} (a {:#x}, b {:#x}, c {:#x})",
                        input[i],
                        input[(5 * i + 3) % 64],
                        input[(i + 11) % 64]
                    );
                }
            }
        }
    }
    // Vector parts: int4 at out_i32[(i + 192) * 4 ..], ushort8 at
    // out_u16[(i + 96) * 8 ..], i < 16.
    let c32 = elems(&out, "in_i32", 4);
    let o32 = elems(&out, "out_i32", 4);
    let u16v = elems(&out, "in_u16", 2);
    let ou16 = elems(&out, "out_u16", 2);
    for i in 0..16 {
        for l in 0..4 {
            let a = num(c32[4 * i + l], 32, true);
            let b = num(c32[4 * ((i + 5) % 16) + l], 32, true);
            let r = (b as u64 & 0xffff_ffff) % 32;
            let ua = a as u64 & 0xffff_ffff;
            let rot = if r == 0 {
                ua
            } else {
                ((ua << r) | (ua >> (32 - r))) & 0xffff_ffff
            };
            let want = sat(a + b, 32, true) ^ ((a + b).div_euclid(2) as u64 & 0xffff_ffff) ^ rot;
            assert_eq!(o32[(i + 192) * 4 + l], want, "int4 item {i} lane {l}");
        }
        for l in 0..8 {
            let a = u16v[8 * (i % 8) + l] as i128;
            let b = u16v[8 * ((i + 3) % 8) + l] as i128;
            let clz = ((a as u64) << 48).leading_zeros().min(16) as i128;
            let want = (sat(a - b, 16, false) as i128 + (a + b + 1) / 2 + clz) as u64 & 0xffff;
            assert_eq!(ou16[(i + 96) * 8 + l], want, "ushort8 item {i} lane {l}");
        }
    }
    // upsample and 24-bit multiplies.
    let (c8, u8v, c16, u32v) = (
        elems(&out, "in_i8", 1),
        elems(&out, "in_u8", 1),
        elems(&out, "in_i16", 2),
        elems(&out, "in_u32", 4),
    );
    let (up16, up32, up64, m24) = (
        elems(&out, "up16", 2),
        elems(&out, "up32", 4),
        elems(&out, "up64", 8),
        elems(&out, "m24", 4),
    );
    for i in 0..64 {
        let j = (5 * i + 3) % 64;
        let k = (i + 11) % 64;
        assert_eq!(
            up16[2 * i],
            (c8[i] << 8 | u8v[j]) & 0xffff,
            "upsample char {i}"
        );
        assert_eq!(up16[2 * i + 1], u8v[i] << 8 | u8v[j], "upsample uchar {i}");
        assert_eq!(up32[2 * i], c16[i] << 16 | u16v[j], "upsample short {i}");
        assert_eq!(
            up32[2 * i + 1],
            u16v[i] << 16 | u16v[j],
            "upsample ushort {i}"
        );
        assert_eq!(up64[2 * i], c32[i] << 32 | u32v[j], "upsample int {i}");
        assert_eq!(
            up64[2 * i + 1],
            u32v[i] << 32 | u32v[j],
            "upsample uint {i}"
        );
        let x = num(c32[i], 32, true) >> 8;
        let y = num(c32[j], 32, true) >> 9;
        let ux = (u32v[i] & 0xff_ffff) as i128;
        let uy = (u32v[j] & 0xff_ffff) as i128;
        let w32 = |v: i128| v as u64 & 0xffff_ffff;
        assert_eq!(m24[4 * i], w32(x * y), "mul24 {i}");
        assert_eq!(
            m24[4 * i + 1],
            w32(x * y + num(c32[k], 32, true)),
            "mad24 {i}"
        );
        assert_eq!(m24[4 * i + 2], w32(ux * uy), "u mul24 {i}");
        assert_eq!(
            m24[4 * i + 3],
            w32(ux * uy + u32v[k] as i128),
            "u mad24 {i}"
        );
    }
}

#[derive(Clone, Copy)]
enum Mode {
    Rte,
    Rtz,
    Rtp,
    Rtn,
}

/// f32 bits to f16 bits with rounding `mode`, on the exact value.
fn f32_to_f16(x: u32, mode: Mode) -> u64 {
    let neg = x >> 31 != 0;
    let sign: u64 = if neg { 0x8000 } else { 0 };
    let e = (x >> 23) & 0xff;
    let m = x & 0x7f_ffff;
    if e == 0xff {
        return if m != 0 {
            sign | 0x7e00 | (m >> 13) as u64
        } else {
            sign | 0x7c00
        };
    }
    let (mant, exp) = if e == 0 {
        (m as u64, -149)
    } else {
        ((m | 0x80_0000) as u64, e as i32 - 150)
    };
    if mant == 0 {
        return sign;
    }
    let lg = 63 - mant.leading_zeros() as i32 + exp;
    let mut q = (lg - 10).max(-24);
    let sh = q - exp;
    let (mut n, up) = if sh <= 0 {
        (mant << (-sh), false)
    } else if sh >= 64 {
        (
            0,
            matches!((mode, neg), (Mode::Rtp, false) | (Mode::Rtn, true)),
        )
    } else {
        let n = mant >> sh;
        let rem = mant & ((1u64 << sh) - 1);
        let half = 1u64 << (sh - 1);
        let up = match mode {
            Mode::Rte => rem > half || (rem == half && n & 1 == 1),
            Mode::Rtz => false,
            Mode::Rtp => rem != 0 && !neg,
            Mode::Rtn => rem != 0 && neg,
        };
        (n, up)
    };
    if up {
        n += 1;
    }
    if n == 2048 {
        n = 1024;
        q += 1;
    }
    if q + 10 > 15 {
        let inf = match mode {
            Mode::Rte => true,
            Mode::Rtz => false,
            Mode::Rtp => !neg,
            Mode::Rtn => neg,
        };
        return sign | if inf { 0x7c00 } else { 0x7bff };
    }
    if n < 1024 {
        sign | n
    } else {
        sign | (((q + 25) as u64) << 10) | (n - 1024)
    }
}

/// f16 bits to f32 bits (exact; NaN quietened).
fn f16_to_f32(h: u64) -> u64 {
    let sign = (h & 0x8000) << 16;
    let e = (h >> 10) & 0x1f;
    let m = h & 0x3ff;
    if e == 0x1f {
        return sign | 0x7f80_0000 | if m != 0 { 0x40_0000 | m << 13 } else { 0 };
    }
    if e == 0 {
        let v = m as f32 * (2f32).powi(-24);
        return sign | v.to_bits() as u64;
    }
    sign | (e + 112) << 23 | m << 13
}

#[test]
fn vec_ops_matches_reference() {
    let out = run("vec_ops");
    let f = elems(&out, "f", 4);
    let h = elems(&out, "h", 2);
    let hout = elems(&out, "hout", 2);
    let fout = elems(&out, "fout", 4);
    let iv = elems(&out, "iv", 4);
    let iout = elems(&out, "iout", 4);
    let masks = elems(&out, "masks", 4);
    for i in 0..64 {
        let x = f[i] as u32;
        let want = [
            f32_to_f16(x, Mode::Rte),
            f32_to_f16(x, Mode::Rtz),
            f32_to_f16(x, Mode::Rtp),
            f32_to_f16(x, Mode::Rtn),
            f32_to_f16(x, Mode::Rtp),
            f32_to_f16(x ^ 0x8000_0000, Mode::Rtp),
            f32_to_f16(f16_to_f32(h[i]) as u32, Mode::Rte),
            f32_to_f16(x, Mode::Rtn),
        ];
        for (k, &w) in want.iter().enumerate() {
            assert_eq!(hout[8 * i + k], w, "item {i} half {k} (f = {:#x})", x);
        }
        let base = 4 * (i % 16);
        for l in 0..4 {
            assert_eq!(
                fout[4 * i + l],
                f16_to_f32(h[base + l]),
                "item {i} vload_half4 lane {l}"
            );
        }
        let s = |v: u64| v as u32 as i32;
        let a: Vec<i32> = (0..4).map(|l| s(iv[4 * (i % 16) + l])).collect();
        let b3: Vec<i32> = (0..3).map(|l| s(iv[3 * ((i + 7) % 21) + l])).collect();
        let b = [b3[0], b3[1], b3[2], s(iv[(3 * i) % 64])];
        let m: Vec<u64> = (0..4).map(|l| masks[4 * (i % 16) + l]).collect();
        let m8: Vec<u64> = (0..8).map(|l| masks[8 * (i % 8) + l]).collect();
        let ab: Vec<i32> = a.iter().chain(b.iter()).copied().collect();
        for l in 0..4 {
            assert_eq!(
                s(iout[16 * i + l]),
                a[(m[l] & 3) as usize],
                "item {i} shuffle lane {l}"
            );
            assert_eq!(
                s(iout[16 * i + 8 + l]),
                ab[(m8[l] & 7) as usize],
                "item {i} shuffle2 lane {l}"
            );
        }
        for l in 0..4 {
            assert_eq!(iout[16 * i + 4 + l], 0, "item {i}: untouched");
        }
        let cx = [b3[0], b3[1], b3[2], b3[0]];
        for l in 0..3 {
            let c = cx[l] ^ a[l];
            let want = if c < 0 { b[l] } else { a[l] };
            assert_eq!(s(iout[16 * i + 12 + l]), want, "item {i} select lane {l}");
        }
        let consts = [
            0x0f0f0f0fu32 as i32,
            0xff00ff00u32 as i32,
            0x80000001u32 as i32,
            0x7ffffffe,
        ];
        let mut sum = if a[1] & 1 != 0 { b[0] } else { a[0] };
        for l in 0..4 {
            let c = consts[l] ^ i as i32;
            sum = sum.wrapping_add((a[l] & !c) | (b[l] & c));
        }
        assert_eq!(s(iout[16 * i + 15]), sum, "item {i} select/bitselect sum");
    }
}
