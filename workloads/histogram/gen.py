#!/usr/bin/env python3
"""Writes the histogram workloads of this folder for N bytes of u8 data
(default 65536, the committed size; a multiple of 4): two inputs, their
expected 256-bin counts and four manifests.

Inputs (pseudo-random, a 64-bit LCG, one draw r of 31 bits per byte):
- data_uniform.bin, seed 5: every byte r % 256, uniform over 0..255;
- data_skewed.bin, seed 6: a byte is 128 when r is odd (probability 1/2),
  otherwise (r >> 1) % 256, uniform over 0..255. So bin 128 gets about
  N / 2 + N / 512 of the counts and every other bin about N / 512: half
  of all atomics go to one address.

The expected counts (counts_uniform.bin, counts_skewed.bin, 256 u32) are
counted here in Python, independently of the simulator. Manifests:
histogram_{global,private}_{uniform,skewed}: histogram_global.spv (an
atomicAdd on the output bin per byte) and histogram_private.spv (shared
bins per workgroup, then one atomicAdd per bin per workgroup). Each
workgroup of 256 invocations takes PER * 256 words (4 * PER KiB).

    python3 gen.py [N [FOLDER]]

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here.
"""
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, lcg, out_folder, params, size_args, write_manifest, write_values

PER = 4  # words per invocation


def uniform(n):
    rand = lcg(5)
    return bytes(next(rand) % 256 for _ in range(n))


def skewed(n):
    rand = lcg(6)
    out = bytearray(n)
    for i in range(n):
        r = next(rand)
        out[i] = 128 if r & 1 else (r >> 1) % 256
    return bytes(out)


def main():
    (n,), folder, _ = size_args([65536])
    assert n % 4 == 0 and n > 0, "N must be a positive multiple of 4"
    folder, rel = out_folder(HERE, folder)
    words = n // 4
    groups = (words + PER * 256 - 1) // (PER * 256)
    for dist, make in (("uniform", uniform), ("skewed", skewed)):
        data = make(n)
        counts = collections.Counter(data)
        with open(os.path.join(folder, f"data_{dist}.bin"), "wb") as f:
            f.write(data)
        write_values(os.path.join(folder, f"counts_{dist}.bin"), "I", [counts[b] for b in range(256)])
        for form, what in (("global", "an atomicAdd on the output bin per byte"),
                           ("private", "shared bins per workgroup, then one atomicAdd per bin per workgroup")):
            name = f"histogram_{form}_{dist}"
            write_manifest(
                os.path.join(folder, f"{name}.toml"),
                f"A 256-bin histogram of {n} {dist} u8 values (see gen.py): {what}.\n"
                f"Written by gen.py ({n}); the expected counts were computed there.",
                name, os.path.join(rel, f"histogram_{form}.spv"), [groups],
                [buffer("data", "u8", f'file = "data_{dist}.bin"', binding=0),
                 buffer("bins", "u32", "len = 256", binding=1),
                 params(words, PER),
                 check("bins", f'file = "counts_{dist}.bin"')])


main()
