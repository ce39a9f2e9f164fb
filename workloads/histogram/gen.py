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
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PER = 4  # words per invocation


def lcg(seed):
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        yield state >> 33


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
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 65536
    assert n % 4 == 0 and n > 0, "N must be a positive multiple of 4"
    folder = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
    os.makedirs(folder, exist_ok=True)
    rel = os.path.relpath(HERE, folder)
    words = n // 4
    groups = (words + PER * 256 - 1) // (PER * 256)
    for dist, make in (("uniform", uniform), ("skewed", skewed)):
        data = make(n)
        counts = collections.Counter(data)
        with open(os.path.join(folder, f"data_{dist}.bin"), "wb") as f:
            f.write(data)
        with open(os.path.join(folder, f"counts_{dist}.bin"), "wb") as f:
            f.write(struct.pack("<256I", *(counts[b] for b in range(256))))
        for form, what in (("global", "an atomicAdd on the output bin per byte"),
                           ("private", "shared bins per workgroup, then one atomicAdd per bin per workgroup")):
            name = f"histogram_{form}_{dist}"
            with open(os.path.join(folder, f"{name}.toml"), "w") as m:
                m.write(f"""# A 256-bin histogram of {n} {dist} u8 values (see gen.py): {what}.
# Written by gen.py ({n}); the expected counts were computed there.
name = "{name}"
kernel = "{os.path.join(rel, f'histogram_{form}.spv')}"
entry = "main"
workgroups = [{groups}, 1, 1]

[[buffer]]
name = "data"
type = "u8"
file = "data_{dist}.bin"
binding = {{ set = 0, binding = 0 }}

[[buffer]]
name = "bins"
type = "u32"
len = 256
binding = {{ set = 0, binding = 1 }}

[[buffer]]
name = "params"
type = "u32"
data = [{words}, {PER}]
push_constant = true

[[check]]
buffer = "bins"
file = "counts_{dist}.bin"
""")


main()
