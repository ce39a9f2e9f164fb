#!/usr/bin/env python3
"""Inputs and expected outputs of the subgroup kernels, in plain Python.

Usage: python3 gen.py   (writes the .bin files beside this script)

Every kernel keeps one 32-lane block of a wave active at a time, so this
models each block of 32 invocations as a wave of 32 lanes; wave32 and
wave64 runs must both match. The orders are gpusim's documented ones
(isa/src/subgroup.rs): reduce as a tree by lane index, inclusive scan by
Hillis-Steele steps, exclusive scan as the inclusive value of the lane
below; inactive lanes contribute nothing, and reading an inactive lane or
one outside the wave gives 0. f32 arithmetic rounds each operation through
struct (exact: a double holds an f32 sum or product before its one
rounding to f32 up to the double-rounding bound, which 53 >= 2*24+2 meets).
"""
import math
import random
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
N = 256  # invocations: 2 workgroups of 128
B = 32  # lanes per modelled block
M32 = 0xFFFF_FFFF


def f32_bits(x):
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        return 0x7F80_0000 if x > 0 else 0xFF80_0000


def bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def is_nan(b):
    return (b & 0x7FFF_FFFF) > 0x7F80_0000


def fadd(a, b):
    return f32_bits(bits_f32(a) + bits_f32(b))


def fmul(a, b):
    return f32_bits(bits_f32(a) * bits_f32(b))


def fminmax(want_min):
    """The specification's FMin / FMax: a NaN loses (two NaNs give the
    default NaN); -0 counts as below +0."""

    def op(a, b):
        if is_nan(a) and is_nan(b):
            return 0x7FC0_0000
        if is_nan(a):
            return b
        if is_nan(b):
            return a
        x, y = bits_f32(a), bits_f32(b)
        if x == y:
            a_first = (a >> 31 == 1) == want_min
        else:
            a_first = (x < y) == want_min
        return a if a_first else b

    return op


def signed(u):
    return u - (1 << 32) if u & 0x8000_0000 else u


OPS = {
    "iadd": (lambda a, b: (a + b) & M32, 0),
    "imul": (lambda a, b: (a * b) & M32, 1),
    "umin": (min, M32),
    "umax": (max, 0),
    "smin": (lambda a, b: a if signed(a) <= signed(b) else b, 0x7FFF_FFFF),
    "smax": (lambda a, b: a if signed(a) >= signed(b) else b, 0x8000_0000),
    "and": (lambda a, b: a & b, M32),
    "or": (lambda a, b: a | b, 0),
    "xor": (lambda a, b: a ^ b, 0),
    "land": (lambda a, b: a & b, 1),
    "lor": (lambda a, b: a | b, 0),
    "lxor": (lambda a, b: a ^ b, 0),
    "fadd": (fadd, f32_bits(0.0)),
    "fmul": (fmul, f32_bits(1.0)),
    "fmin": (fminmax(True), 0x7F80_0000),
    "fmax": (fminmax(False), 0xFF80_0000),
}


def combine(op, a, b):
    if a is None:
        return b
    if b is None:
        return a
    return OPS[op][0](a, b)


def tree(op, v, lo, n):
    """The reduction tree over lanes lo .. lo+n: left half, then right."""
    if n == 1:
        return v[lo]
    return combine(op, tree(op, v, lo, n // 2), tree(op, v, lo + n // 2, n // 2))


def scan(op, v):
    """Hillis-Steele: at step d each lane i >= d takes lane i-d's partial
    value (left) combined with its own."""
    v = list(v)
    d = 1
    while d < len(v):
        v = [combine(op, v[i - d], v[i]) if i >= d else v[i] for i in range(len(v))]
        d *= 2
    return v


def block_op(kind, op, values, active, cluster=None):
    """One subgroup operation over a block; None for inactive lanes."""
    v = [values[j] if active[j] else None for j in range(B)]
    ident = OPS[op][1]
    out = [None] * B
    inc = scan(op, v)
    for j in range(B):
        if not active[j]:
            continue
        if kind == "reduce":
            out[j] = tree(op, v, 0, B)
        elif kind == "clustered":
            out[j] = tree(op, v, j // cluster * cluster, cluster)
        elif kind == "inclusive":
            out[j] = inc[j]
        else:
            out[j] = inc[j - 1] if j > 0 and inc[j - 1] is not None else ident
    return out


FULL = [True] * B


def block(values, blk):
    """The values of block `blk`'s 32 invocations."""
    return values[blk * B : (blk + 1) * B]


def read(values, active, j):
    return values[j] if 0 <= j < B and active[j] else 0


def inputs():
    rng = random.Random(14)
    a = []
    for blk in range(N // B):
        vals = []
        for j in range(B):
            if blk % 4 == 0:
                x = 512 + rng.randrange(256)  # x >> 8 equal across the block
            else:
                x = rng.randrange(1000)
            while x in (5, 7):
                x = rng.randrange(8, 1000)
            vals.append(x)
        if blk % 3 == 1:
            vals[(blk * 5) % B] = 7
        if blk % 2 == 1:
            vals[(blk * 3 + 1) % B] = 5
        a += vals
    f = []
    for i in range(N):
        r = rng.random() * 4.0 - 2.0
        scale = [1.0, 1.0e-3, 0.37, 1.0][i % 4]
        f.append(f32_bits(r * scale))
    f[3] = f32_bits(-0.0)
    f[40] = f32_bits(0.0)
    return a, f


def vote_ballot(a):
    K = 24
    out = [0] * (N * K)
    for blk in range(N // B):
        xs = block(a, blk)
        lower = blk % 2 == 0  # the lower half of its 64 invocations
        div = [x % 4 != 0 for x in xs]
        div_lanes = [j for j in range(B) if div[j]]
        word = sum(1 << j for j in div_lanes if xs[j] % 3 == 0)
        for j in range(B):
            i = blk * B + j
            r = out[i * K : (i + 1) * K]
            r[0] = 1
            r[1] = 1 << j
            r[2] = (M32 << j) & M32
            r[3] = (M32 << (j + 1)) & M32
            r[4] = ((2 << j) - 1) & M32
            r[5] = (1 << j) - 1
            r[6] = int(j == 0)
            r[7] = int(all(x != 7 for x in xs))
            r[8] = int(any(x == 5 for x in xs))
            r[9] = int(len({x >> 8 for x in xs}) == 1)
            r[10] = int(len({x >> 10 for x in xs}) == 1 and len({x >> 9 for x in xs}) == 1)
            r[11] = xs[0]
            r[12] = xs[3] if lower else 0xFFFF
            if div[j]:
                r[13] = word
                r[14] = bin(word).count("1")
                r[15] = bin(word & ((2 << j) - 1)).count("1")
                r[16] = bin(word & ((1 << j) - 1)).count("1")
                r[17] = (word & -word).bit_length() - 1 if word else 99
                r[18] = word.bit_length() - 1 if word else 99
                r[19] = (word >> j) & 1
                r[20] = (word >> (j ^ 1)) & 1
                r[21] = int(j == div_lanes[0])
                r[22] = xs[div_lanes[0]]
                r[23] = int(all(xs[k] % 2 == 1 for k in div_lanes)) | (
                    2 * int(any(xs[k] > 900 for k in div_lanes))
                )
            else:
                r[13:24] = [0xEEEE] * 11
            out[i * K : (i + 1) * K] = r
    return out


def khr_ballot_vote(a):
    K = 6
    out = []
    for blk in range(N // B):
        xs = block(a, blk)
        lower = blk % 2 == 0  # the lower half of its 64 invocations
        word = sum(1 << j for j in range(B) if xs[j] % 3 == 0)
        for j in range(B):
            out += [
                word,
                xs[0],
                xs[3] if lower else 0xFFFF,
                int(all(x != 7 for x in xs)),
                int(any(x == 5 for x in xs)),
                int(len({x >= 512 for x in xs}) == 1),
            ]
    assert len(out) == N * K
    return out


def arithmetic(a, f):
    K, KF = 28, 14
    out, outf = [0] * (N * K), [0] * (N * KF)
    for blk in range(N // B):
        u, x = block(a, blk), block(f, blk)
        s = [(v - 500) & M32 for v in u]
        p = [int(v % 3 == 0) for v in u]
        m = [0x7FC0_0001 if u[j] % 7 == 0 else x[j] for j in range(B)]
        div = [v % 5 != 0 for v in u]

        def col(kind, op, vals, active=FULL, cluster=None):
            return block_op(kind, op, vals, active, cluster)

        cols = [
            col("reduce", "iadd", u),
            col("reduce", "imul", [v | 1 for v in u]),
            col("reduce", "umin", u),
            col("reduce", "umax", u),
            col("reduce", "and", [v | 0xF0F0 for v in u]),
            col("reduce", "or", u),
            col("reduce", "xor", u),
            col("inclusive", "iadd", u),
            col("exclusive", "iadd", u),
            col("inclusive", "umin", u),
            col("exclusive", "umax", u),
            col("reduce", "smin", s),
            col("reduce", "smax", s),
            col("inclusive", "iadd", s),
            col("exclusive", "smin", s),
        ]
        band, bor, bxor = (col("reduce", o, p) for o in ("land", "lor", "lxor"))
        cols.append([band[j] | 2 * bor[j] | 4 * bxor[j] for j in range(B)])
        ixor, eor = col("inclusive", "lxor", p), col("exclusive", "lor", p)
        cols.append([ixor[j] | 2 * eor[j] for j in range(B)])
        for c in (1, 2, 4, 8, 16, 32):
            cols.append(col("clustered", "iadd", u, cluster=c))
        cols.append(col("clustered", "smax", s, cluster=4))
        cols.append(col("clustered", "lor", p, cluster=8))
        cols.append(col("inclusive", "imul", [v | 1 for v in u]))
        cols.append(col("inclusive", "imul", [v & 7 for v in u]))
        inc = col("inclusive", "iadd", u, div)
        cx = col("clustered", "xor", u, div, 8)
        cols.append([inc[j] ^ cx[j] if div[j] else 0xEEEE for j in range(B)])
        assert len(cols) == K

        fcols = [
            col("reduce", "fadd", x),
            col("reduce", "fmul", [fadd(fmul(v, f32_bits(0.125)), f32_bits(1.0)) for v in x]),
            col("reduce", "fmin", m),
            col("reduce", "fmax", m),
            col("inclusive", "fadd", x),
            col("exclusive", "fadd", x),
            col("inclusive", "fmin", m),
            col("exclusive", "fmax", m),
            col("clustered", "fadd", x, cluster=8),
            col("clustered", "fmin", m, cluster=4),
            col("reduce", "fadd", x),
            col("reduce", "fadd", [fmul(v, f32_bits(0.5)) for v in x]),
        ]
        neg = f32_bits(-1.0)
        dsum = col("reduce", "fadd", x, div)
        dmul = col(
            "inclusive", "fmul", [fadd(fmul(v, f32_bits(0.25)), f32_bits(1.0)) for v in x], div
        )
        fcols.append([dsum[j] if div[j] else neg for j in range(B)])
        fcols.append([dmul[j] if div[j] else neg for j in range(B)])
        assert len(fcols) == KF
        for j in range(B):
            i = blk * B + j
            out[i * K : (i + 1) * K] = [c[j] for c in cols]
            outf[i * KF : (i + 1) * KF] = [c[j] for c in fcols]
    return out, outf


def shuffle_quad(a):
    K, KF = 14, 6
    out, outf = [0] * (N * K), [0] * (N * KF)
    for blk in range(N // B):
        xs = block(a, blk)
        div = [x % 3 != 0 for x in xs]
        for j in range(B):
            i = blk * B + j
            r = [
                read(xs, FULL, (j * 7 + 3) & 31),
                read(xs, FULL, j ^ 5),
                read(xs, FULL, j - 3),
                read(xs, FULL, j + 2),
                read(xs, FULL, (j & ~3) + 2),
                read(xs, FULL, j ^ 1),
                read(xs, FULL, j ^ 2),
                read(xs, FULL, j ^ 3),
            ]
            if div[j]:
                r += [
                    read(xs, div, j ^ 1),
                    read(xs, div, j - 1),
                    read(xs, div, j + 4),
                    read(xs, div, j & ~3),
                    read(xs, div, 31),
                    read(xs, div, j ^ 2),
                ]
            else:
                r += [0xEEEE] * 6
            out[i * K : (i + 1) * K] = r

            def vec(k):
                v = float(xs[k])
                return [f32_bits(v), f32_bits(v * 0.5), f32_bits(-v)]

            # vec3(x, x/2, -x) of lane j^9 and of the diagonal lane j^3.
            outf[i * KF : (i + 1) * KF] = vec(j ^ 9) + vec(j ^ 3)
    return out, outf


def survives(x, shape):
    """Whether an invocation of reconverge.comp with input x runs to the end
    (does not return) in its workgroup's shape."""
    if shape == 0:
        r, b = x & 7, (x >> 3) & 7  # returns at iteration r, breaks at b
        return b < r
    if shape == 1:
        return (x & 6) != (0 if x & 1 else 2)
    case = x % 4
    if case == 1:
        return (x >> 2) & 3 >= 3  # the loop runs k = 0, 1, 2
    if case == 2:
        return (x >> 2) & 1 == 0
    if case == 3:
        return x <= 600
    return True


def reconverge(a):
    """Per invocation: the ballot of its 32-lane block after the shape's
    construct and at the end (the lanes of the block that did not return;
    0 for a lane that returned)."""
    out = [0] * (2 * N)
    for blk in range(N // B):
        ids = range(blk * B, (blk + 1) * B)
        shape = (blk * B // 64) % 3  # workgroups of 64
        alive = [i for i in ids if survives(a[i], shape)]
        ballot = sum(1 << (i % B) for i in alive)
        for i in alive:
            out[2 * i] = out[2 * i + 1] = ballot
    return out


def write(name, words):
    (HERE / name).write_bytes(struct.pack(f"<{len(words)}I", *words))


def main():
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    a, f = inputs()
    write("in.bin", a)
    write("in_f32.bin", f)
    write("vote_ballot_expected.bin", vote_ballot(a))
    write("khr_ballot_vote_expected.bin", khr_ballot_vote(a))
    write("reconverge_expected.bin", reconverge(a))
    u, fl = arithmetic(a, f)
    write("arithmetic_u32_expected.bin", u)
    write("arithmetic_f32_expected.bin", fl)
    u, fl = shuffle_quad(a)
    write("shuffle_quad_u32_expected.bin", u)
    write("shuffle_quad_f32_expected.bin", fl)
    assert not any(math.isnan(bits_f32(b)) for b in f)


if __name__ == "__main__":
    main()
