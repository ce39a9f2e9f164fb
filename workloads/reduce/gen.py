#!/usr/bin/env python3
"""Writes the two-pass reduction workloads of this folder for N elements
(default 15000, the committed size; any N >= 1): the inputs, the expected
sums and two manifests.

- reduce: reduce.spv over in_u (N u32, uniform over 0..2^32-1) and in_f (N
  f32, k / 2^23 - 0.5 for k uniform over 0..2^24-1: exact f32 values in
  [-0.5, 1.5)), pseudo-random from a 64-bit LCG (seed 11). Each workgroup
  of 256 takes PER * 256 elements, so there are G = ceil(N / (PER * 256))
  partial sums (the last workgroup may be partial).
- reduce_partials: the second pass, the same kernel over the G expected
  partials (one workgroup, per = ceil(G / 256)), giving the totals.

Expected values, computed here independently of the simulator: the u32
sums exactly, modulo 2^32 (partials_u.bin, and the total inline); the f32
sums as math.fsum of the values (the exactly rounded sum, in f64) rounded
once to f32 (partials_f.bin, which is also the second pass's input, and
the total inline). The f32 checks have an absolute tolerance: summing with
additions nested at most d deep (per serial additions per invocation, the
first onto 0.0, then 8 tree levels: d = per + 8) is off by at most
gamma_d * sum|x|, gamma_d = d u / (1 - d u), u = 2^-24 (Higham, Accuracy
and Stability of Numerical Algorithms, 2nd ed., section 4.2), and rounding
the reference to f32 adds at most u |sum|. The tolerance is that bound,
maximised over the partials and rounded up to two significant digits.

    python3 gen.py [N [FOLDER]]

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import (buffer, ceil_2_digits, check, f32, lcg, out_folder, params, size_args,
                        write_manifest, write_values)

PER = 4  # elements per invocation in the first pass
GROUP = 256
U = 2.0 ** -24


def bound(chunks, per):
    """The absolute tolerance for f32 sums of these chunks (see above)."""
    d = per + 8
    gamma = d * U / (1 - d * U)
    worst = max(gamma * math.fsum(abs(x) for x in c) + U * abs(math.fsum(c)) for c in chunks)
    return ceil_2_digits(worst), d


def manifest(folder, name, kernel, comment, groups, n, per, inputs, outputs):
    buffers = inputs + [(o[0], o[1], f"len = {groups}") for o in outputs]
    write_manifest(os.path.join(folder, f"{name}.toml"),
                   f"{comment}\nWritten by gen.py; the expected sums and the tolerance were computed there.",
                   name, kernel, [groups],
                   [buffer(buf, ty, init, binding=i) for i, (buf, ty, init) in enumerate(buffers)]
                   + [params(n, per)]
                   + [check(buf, expected, *([tol] if tol else [])) for buf, _, expected, tol in outputs])


def main():
    (n,), folder, _ = size_args([15000])
    assert n >= 1, "N must be at least 1"
    folder, rel = out_folder(HERE, folder)
    kernel = os.path.join(rel, "reduce.spv")
    rand = lcg(11, 32)
    in_u = [next(rand) for _ in range(n)]
    in_f = [(next(rand) >> 8) / 2.0 ** 23 - 0.5 for _ in range(n)]
    write_values(os.path.join(folder, "in_u.bin"), "I", in_u)
    write_values(os.path.join(folder, "in_f.bin"), "f", in_f)

    chunk = PER * GROUP
    groups = (n + chunk - 1) // chunk
    part_u = [sum(in_u[g * chunk:(g + 1) * chunk]) % 2**32 for g in range(groups)]
    chunks_f = [in_f[g * chunk:(g + 1) * chunk] for g in range(groups)]
    part_f = [f32(math.fsum(c)) for c in chunks_f]
    write_values(os.path.join(folder, "partials_u.bin"), "I", part_u)
    write_values(os.path.join(folder, "partials_f.bin"), "f", part_f)
    tol1, d1 = bound(chunks_f, PER)
    manifest(folder, "reduce", kernel,
             f"Sums of {n} u32 and {n} f32 values, one partial per workgroup of {chunk} elements "
             f"(f32 within {tol1:g}: gamma_{d1} * max sum|x| + 2^-24 |sum|, see gen.py).",
             groups, n, PER,
             [("in_u", "u32", 'file = "in_u.bin"'), ("in_f", "f32", 'file = "in_f.bin"')],
             [("sum_u", "u32", 'file = "partials_u.bin"', None),
              ("sum_f", "f32", 'file = "partials_f.bin"', f"abs = {tol1!r}")])

    per2 = (groups + GROUP - 1) // GROUP
    total_u = sum(part_u) % 2**32
    total_f = f32(math.fsum(part_f))
    tol2, d2 = bound([part_f], per2)
    manifest(folder, "reduce_partials", kernel,
             f"The second pass: the sums of the {groups} partials of reduce.toml in one workgroup "
             f"(f32 within {tol2:g}: gamma_{d2} * sum|x| + 2^-24 |sum|, see gen.py).",
             1, groups, per2,
             [("in_u", "u32", 'file = "partials_u.bin"'), ("in_f", "f32", 'file = "partials_f.bin"')],
             [("sum_u", "u32", f"data = [{total_u}]", None),
              ("sum_f", "f32", f"data = [{total_f!r}]", f"abs = {tol2!r}")])


main()
