#!/usr/bin/env python3
"""Writes the tiled matrix-multiply workloads of this folder: C = A x B with
A M x K, B K x N (row-major), for SIZE (M = N = K) or M N K, each a multiple
of 16 (default 64, the committed size): the inputs, the expected products
and two manifests.

- matmul_f32: A and B hold (k - 2^23) / 2^23 for k uniform over
  0..2^24-1, exact f32 values in [-1, 1) with full 24-bit significands, so
  the products are rounded (seed 21). The reference is math.fsum of the
  products in f64 (each product of two f32 values is exact in f64; fsum
  rounds the exact sum once), rounded once to f32. The kernel adds the K
  products in order of k, each product and each addition rounded to f32,
  which is off by at most gamma_K * sum_k |a_ik b_kj|,
  gamma_K = K u / (1 - K u), u = 2^-24 (Higham, Accuracy and Stability of
  Numerical Algorithms, 2nd ed., section 3.1); rounding the reference to
  f32 adds at most u |c_ij|. The manifest's absolute tolerance is that
  bound maximised over C and rounded up to two significant digits. As
  |a|, |b| < 1 it is below K * gamma_K + u K, about K^2 * 2^-24: 2.4e-4 at
  K = 64 (the committed data give 8.3e-5).
- matmul_u32: A and B uniform over 0..2^32-1 (seed 22), C exact modulo 2^32.

    python3 gen.py [SIZE | M N K] [FOLDER]

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, ceil_2_digits, check, f32, lcg, out_folder, params, write_manifest, write_values

TILE = 16
U = 2.0 ** -24


def manifest(folder, name, kernel, comment, m, n, k, ty, tol):
    write_manifest(os.path.join(folder, f"{name}.toml"),
                   f"{comment}\nWritten by gen.py ({m} {n} {k}); the expected product was computed there.",
                   name, kernel, [n // TILE, m // TILE],
                   [buffer("a", ty, f'file = "a_{ty}.bin"', binding=0),
                    buffer("b", ty, f'file = "b_{ty}.bin"', binding=1),
                    buffer("c", ty, f"len = {m * n}", binding=2),
                    params(m, n, k),
                    check("c", f'file = "c_{ty}.bin"', *([f"abs = {tol!r}"] if tol is not None else []))])


def main():
    args = sys.argv[1:]
    sizes = []
    while args and args[0].isdigit():
        sizes.append(int(args.pop(0)))
    if not sizes:
        sizes = [64]
    assert len(sizes) in (1, 3) and len(args) <= 1, "usage: gen.py [SIZE | M N K] [FOLDER]"
    m, n, k = sizes * 3 if len(sizes) == 1 else sizes
    assert all(s > 0 and s % TILE == 0 for s in (m, n, k)), "M, N and K must be multiples of 16"
    folder, rel = out_folder(HERE, args[0] if args else None)
    kernel = lambda ty: os.path.join(rel, f"matmul_{ty}.spv")
    out = lambda name: os.path.join(folder, name)

    rand = lcg(21, 32)
    a = [((next(rand) >> 8) - 2**23) / 2.0 ** 23 for _ in range(m * k)]
    b = [((next(rand) >> 8) - 2**23) / 2.0 ** 23 for _ in range(k * n)]
    cols = [b[j::n] for j in range(n)]
    c, worst = [], 0.0
    gamma = k * U / (1 - k * U)
    for i in range(m):
        row = a[i * k:(i + 1) * k]
        for col in cols:
            prods = [x * y for x, y in zip(row, col)]  # exact in f64
            s = math.fsum(prods)
            c.append(f32(s))
            worst = max(worst, gamma * math.fsum(abs(p) for p in prods) + U * abs(s))
    tol = ceil_2_digits(worst)
    write_values(out("a_f32.bin"), "f", a)
    write_values(out("b_f32.bin"), "f", b)
    write_values(out("c_f32.bin"), "f", c)
    manifest(folder, "matmul_f32", kernel("f32"),
             f"C = A x B in f32, {m}x{k} times {k}x{n}, 16x16 tiles in shared memory "
             f"(within {tol:g}: gamma_{k} * max sum|a b| + 2^-24 |c|, see gen.py).",
             m, n, k, "f32", tol)

    rand = lcg(22, 32)
    a = [next(rand) for _ in range(m * k)]
    b = [next(rand) for _ in range(k * n)]
    cols = [b[j::n] for j in range(n)]
    c = [sum(x * y for x, y in zip(a[i * k:(i + 1) * k], col)) % 2**32 for i in range(m) for col in cols]
    write_values(out("a_u32.bin"), "I", a)
    write_values(out("b_u32.bin"), "I", b)
    write_values(out("c_u32.bin"), "I", c)
    manifest(folder, "matmul_u32", kernel("u32"),
             f"C = A x B in u32 (modulo 2^32, exact), {m}x{k} times {k}x{n}, 16x16 tiles in shared memory.",
             m, n, k, "u32", None)


main()
