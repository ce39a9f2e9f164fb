"""Expected values for glsl_pack (imported by gen_expected.py, which puts
workloads/ on sys.path for gen_common)."""
from fractions import Fraction as Fr
import struct

from gen_common import buffer, check, manifest_text, toml_list

A = [0, 1, -1, 2, -2, 3, 7, -7, 12, -12, 100, -100, 255, -256, 1000, -1000,
     1999, -1999, 4096, -4097, 0x7fff, -0x8000, 0x10000, 123456789, -123456789,
     0x7fffffff, -0x80000000, 0x3c00c100, 0x7f80ff01, -0x01020304, 0x55555555, 96]


def wrap(x, w):
    x &= (1 << w) - 1
    return x - (1 << w) if x >> (w - 1) else x


def rne(q):
    """Round a Fraction to the nearest integer, ties to even."""
    return round(q)


def frexp(x):
    if x == 0:
        return x, 0
    e = 0
    m = abs(x)
    while m >= 1:
        m /= 2
        e += 1
    while m < Fr(1, 2):
        m *= 2
        e -= 1
    return (m if x > 0 else -m), e


def det(m):
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** j * m[0][j] * det([r[:j] + r[j + 1:] for r in m[1:]]) for j in range(len(m)))


def find_lsb(x, w):
    x &= (1 << w) - 1
    return -1 if x == 0 else (x & -x).bit_length() - 1


def find_umsb(x, w):
    x &= (1 << w) - 1
    return x.bit_length() - 1


def find_smsb(x):
    if x < 0:
        x = ~x
    return x.bit_length() - 1


def manifest(f32, f16, f64, data):
    F = lambda v: Fr(f32(v))
    H = lambda v: Fr(f16(v))
    u, f, q = [], [], []
    for v in A:
        fv = F(Fr(v % 2000, 1000))
        un8 = lambda c: rne(min(max(c, Fr(0)), Fr(1)) * 255)
        sn8 = lambda c: rne(min(max(c, Fr(-1)), Fr(1)) * 127) & 0xff
        un16 = lambda c: rne(min(max(c, Fr(0)), Fr(1)) * 65535)
        sn16 = lambda c: rne(min(max(c, Fr(-1)), Fr(1)) * 32767) & 0xffff
        hb = lambda c: struct.unpack('<H', struct.pack('<e', float(H(c))))[0]
        s8, s16 = wrap(v, 8), wrap(v, 16)
        m, e = frexp(F(fv * 7))
        u += [
            abs(v) & 0xffffffff, (v > 0) - (v < 0) & 0xffffffff,
            find_lsb(v, 32) & 0xffffffff, find_smsb(v) & 0xffffffff, find_umsb(v, 32) & 0xffffffff,
            min(v, 3) & 0xffffffff, max(v & 0xffffffff, 100), min(max(v, -50), 50) & 0xffffffff,
            min(max(v & 0xffffffff, 10), 1000),
            un8(fv) | un8(-fv) << 8 | un8(fv / 2) << 16 | 255 << 24,
            sn8(fv) | sn8(-fv) << 8 | sn8(fv / 2) << 16 | 127 << 24,
            sn16(fv) | sn16(-fv / 4) << 16,
            un16(fv) | un16(Fr(3, 4)) << 16,
            hb(fv) | hb(F(3 * fv)) << 16,
            (abs(s8) & 0xff if s8 != -128 else 0x80) | (max(s8, -3) & 0xff) << 8
            | (min(max(s16, -1000), 1000) & 0xffff) << 16,
            e & 0xffffffff,
        ]
        bits = v & 0xffffffff
        byte = lambda k: (bits >> (8 * k)) & 0xff
        half = lambda k: (bits >> (16 * k)) & 0xffff
        sb = lambda k: max(Fr(wrap(byte(k), 8), 127), Fr(-1))
        sh = lambda k: max(Fr(wrap(half(k), 16), 32767), Fr(-1))
        hf = lambda k: struct.unpack('<e', struct.pack('<H', half(k)))[0]
        x3 = F(fv * 3)
        whole = Fr(int(x3))
        a_, d_ = F(fv + 2), F(fv + 3)
        dt = a_ * d_ - 1
        m3 = [[fv, 1, 2], [0, fv, 1], [1, 0, F(fv + 1)]]
        m4 = [[1, fv, 0, 0], [0, 1, fv, 0], [0, 0, 1, fv], [fv, 0, 0, 1]]
        f += [f32(Fr(byte(k), 255)) for k in range(4)]
        f += [f32(sb(0)), f32(sb(3)), f32(sh(0)), f32(sh(1)), hf(0), hf(1)]
        f += [f32(m), f32(fv * Fr(2) ** ((v & 15) - 8)), f32(x3 - whole), f32(whole)]
        f += [f32(det(m3)), f32(d_ / dt), f32(-1 / dt), f32(-1 / dt), f32(a_ / dt), f32(det(m4))]
        w = wrap(v * 0x100000001, 64)
        q += [wrap(abs(w), 64), min(w, -5), find_smsb(w), find_lsb(w, 64)]
    ints = lambda xs: toml_list([str(x) for x in xs])
    n = len(A)
    # Values whose f32 result is -0.0 must keep their sign in TOML.
    return manifest_text(
        "GLSL.std.450 integer, packing, frexp/ldexp/modf and matrix instructions\n"
        "(see glsl_pack.comp). Expected values: gen_expected.py + gen_pack.py\n"
        "(exact integer / rational arithmetic, rounded once). Matrix results are\n"
        "checked to 1 ulp; everything else bit for bit.",
        "glsl_pack", "glsl_pack.spv", [1],
        [buffer("a", "i32", f"data = {ints(A)}", binding=0),
         buffer("u", "u32", f"len = {n * 16}", binding=1),
         buffer("f", "f32", f"len = {n * 20}", binding=2),
         buffer("q", "i64", f"len = {n * 4}", binding=3),
         check("u", f"data = {ints(u)}"),
         check("f", "ulp = 1", f"data = {data(f, 10)}"),
         check("q", f"data = {ints(q)}")])
