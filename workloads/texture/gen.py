#!/usr/bin/env python3
"""Writes the trilinear texture workload of this folder: a 64x64 RGBA8
UNORM texture with its full mip chain (7 levels, each texel of level l+1
the rounded mean of the 2x2 texels of level l), QUERIES pseudo-random
(u, v, LOD) queries (a 64-bit LCG, seed 7; u and v in -1..2 so the repeat
address mode wraps, LODs in -0.5..6.5 so every level and the
magnification side are read) and the expected textureLod results.

The expected values follow Vulkan's rules, computed here in double
precision independently of the simulator: the LOD clamped to the
sampler's range (0..1000) and to the levels picks d' in 0..6; linear
mipmapping blends levels floor(d') and floor(d') + 1 by frac(d'); in each
level linear filtering blends the four texels around (u * w - 0.5,
v * h - 0.5), wrapped by repeat, by the fractions; a UNORM byte c reads
as c / 255. The check allows 1e-5 for the simulator's f32 weights.

    python3 gen.py [QUERIES]   (default 16384, the committed size)"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, f32, lcg, table, write_manifest, write_values

SIZE = 64
LEVELS = 7


def pyramid(rng):
    """The levels, each a list of rows of (r, g, b, a) bytes."""
    base = [[tuple(next(rng) & 0xFF for _ in range(4)) for _ in range(SIZE)] for _ in range(SIZE)]
    levels = [base]
    while len(levels[-1]) > 1:
        prev = levels[-1]
        n = len(prev) // 2
        levels.append([[tuple((sum(prev[2 * y + dy][2 * x + dx][c] for dy in (0, 1) for dx in (0, 1)) + 2) // 4
                              for c in range(4)) for x in range(n)] for y in range(n)])
    return levels


def bilinear(level, u, v):
    n = len(level)
    s, t = u * n - 0.5, v * n - 0.5
    i0, j0 = math.floor(s), math.floor(t)
    a, b = s - i0, t - j0
    out = [0.0] * 4
    for dj, wy in ((0, 1 - b), (1, b)):
        for di, wx in ((0, 1 - a), (1, a)):
            texel = level[(j0 + dj) % n][(i0 + di) % n]
            for c in range(4):
                out[c] += wx * wy * texel[c] / 255.0
    return out


def sample(levels, u, v, lod):
    d = min(max(lod, 0.0), LEVELS - 1.0)
    lo = math.floor(d)
    frac = d - lo
    if frac == 0.0:
        return bilinear(levels[lo], u, v)
    hi = min(lo + 1, LEVELS - 1)
    a, b = bilinear(levels[lo], u, v), bilinear(levels[hi], u, v)
    return [(1 - frac) * x + frac * y for x, y in zip(a, b)]


def main():
    queries = int(sys.argv[1]) if len(sys.argv) > 1 else 16384
    rng = lcg(7)
    levels = pyramid(rng)
    unit = lambda: next(rng) / 2**31
    qs = [(f32(-1 + 3 * unit()), f32(-1 + 3 * unit()), f32(-0.5 + 7 * unit())) for _ in range(queries)]
    texels = [c for level in levels for row in level for texel in row for c in texel]
    write_values(os.path.join(HERE, "texture.bin"), "B", texels)
    write_values(os.path.join(HERE, "queries.bin"), "f", [x for q in qs for x in (*q, 0.0)])
    write_values(os.path.join(HERE, "expected.bin"), "f", [f32(x) for q in qs for x in sample(levels, *q)])
    write_manifest(
        os.path.join(HERE, "trilinear.toml"),
        f"Trilinear sampling of a {SIZE}x{SIZE} RGBA8 texture with its {LEVELS} mip levels: {queries}\n"
        "queries at their own coordinates and LODs (trilinear.comp). Inputs and\n"
        "expected results come from gen.py (Vulkan's filtering rules in f64).",
        "trilinear", "./trilinear.spv", [queries // 64],
        [buffer("texture", "u8", 'file = "texture.bin"', binding=0)
         + f'image = {{ format = "R8G8B8A8_UNORM", width = {SIZE}, height = {SIZE}, levels = {LEVELS} }}\n',
         table("sampler", "binding = { set = 0, binding = 0 }", 'filter = "linear"', 'mipmap = "linear"',
               'address = ["repeat"]'),
         buffer("queries", "f32", 'file = "queries.bin"', binding=1),
         buffer("out", "f32", f"len = {4 * queries}", binding=2),
         check("out", 'file = "expected.bin"', "abs = 1e-5")])


main()
