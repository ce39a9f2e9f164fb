#!/usr/bin/env python3
"""Writes the saturating-arithmetic workloads of this folder for an image of
WIDTH x HEIGHT (default 64 x 64, the committed size; both multiples of 16):
the inputs (pseudo-random, a 64-bit LCG), the expected outputs, computed
here with exact integer arithmetic independently of the simulator, and the
manifests:

- blend_T (T = u16, u32, and u8 with the kernel blend_u8.spvasm that
  make_blend_u8.py derives from blend_u16.spv, since glslang has no 8-bit
  saturating overloads and widens u8 to 32 bits): bright = min(a + k, max),
  dark = max(a - k, 0), sum = min(a + b, max), k = max / 5. The u8 inputs
  come from their own generator (seed 8), so the other files do not depend
  on them;
- downsample_T (u8, u16): ((p00 + p01 + 1) >> 1, (p10 + p11 + 1) >> 1)
  averaged the same way;
- sad: for each 8x8 block, the least sum of |cur - ref| over the offsets
  within +-2 pixels that stay in the frame, ties to the first in row order,
  and that offset's index (dy + 2) * 5 + dx + 2. The reference frame is the
  current one shifted by one pixel plus noise, so the best offsets vary.

    python3 gen.py [WIDTH HEIGHT [FOLDER]]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, lcg, out_folder, params, size_args, write_manifest, write_values

FMT = {"u8": "B", "u16": "H", "u32": "I"}
BITS = {"u8": 8, "u16": 16, "u32": 32}


def manifest(folder, name, kernel, comment, workgroups, buffers, push, checks):
    write_manifest(os.path.join(folder, f"{name}.toml"),
                   f"{comment}\nWritten by gen.py; the expected outputs were computed there.",
                   name, kernel, workgroups,
                   [buffer(buf, ty, init, binding=i) for i, (buf, ty, init) in enumerate(buffers)]
                   + [params(*push)]
                   + [check(buf, f'file = "{file}"') for buf, file in checks])


def main():
    (w, h), folder, _ = size_args([64, 64])
    assert w % 16 == 0 and h % 16 == 0, "WIDTH and HEIGHT must be multiples of 16"
    folder, rel = out_folder(HERE, folder)

    def write(folder, name, ty, values):
        write_values(os.path.join(folder, name), FMT[ty], values)

    n = w * h
    rand = lcg(7, 16)
    for ty in ("u16", "u32", "u8"):
        top = (1 << BITS[ty]) - 1
        src = lcg(8, 16) if ty == "u8" else rand
        a = [next(src) % (top + 1) for _ in range(n)]
        b = [next(src) % (top + 1) for _ in range(n)]
        k = top // 5
        write(folder, f"blend_a_{ty}.bin", ty, a)
        write(folder, f"blend_b_{ty}.bin", ty, b)
        write(folder, f"blend_bright_{ty}.bin", ty, [min(x + k, top) for x in a])
        write(folder, f"blend_dark_{ty}.bin", ty, [max(x - k, 0) for x in a])
        write(folder, f"blend_sum_{ty}.bin", ty, [min(x + y, top) for x, y in zip(a, b)])
        kernel = "blend_u8.spvasm" if ty == "u8" else f"blend_{ty}.spv"
        manifest(folder, f"blend_{ty}", f"{rel}/{kernel}",
                 f"Brightness and an additive blend of {n} {ty} pixels with saturating add and subtract.",
                 ((n + 63) // 64, 1),
                 [("a", ty, f'file = "blend_a_{ty}.bin"'), ("b", ty, f'file = "blend_b_{ty}.bin"'),
                  ("bright", ty, f"len = {n}"), ("dark", ty, f"len = {n}"), ("sum", ty, f"len = {n}")],
                 (n, k),
                 [(o, f"blend_{o}_{ty}.bin") for o in ("bright", "dark", "sum")])
    for ty in ("u8", "u16"):
        top = (1 << BITS[ty]) - 1
        img = [next(rand) % (top + 1) for _ in range(n)]
        avg = lambda x, y: (x + y + 1) >> 1
        out = [avg(avg(img[2 * y * w + 2 * x], img[2 * y * w + 2 * x + 1]),
                   avg(img[(2 * y + 1) * w + 2 * x], img[(2 * y + 1) * w + 2 * x + 1]))
               for y in range(h // 2) for x in range(w // 2)]
        write(folder, f"downsample_in_{ty}.bin", ty, img)
        write(folder, f"downsample_out_{ty}.bin", ty, out)
        manifest(folder, f"downsample_{ty}", f"{rel}/downsample_{ty}.spv",
                 f"A 2x downsample of a {w}x{h} {ty} image with averageRounded.",
                 ((w // 2 + 7) // 8, (h // 2 + 7) // 8),
                 [("src", ty, f'file = "downsample_in_{ty}.bin"'), ("dst", ty, f"len = {n // 4}")],
                 (w, h), [("dst", f"downsample_out_{ty}.bin")])
    cur = [next(rand) % 256 for _ in range(n)]
    ref = [min(255, max(0, cur[y * w + (x + 1) % w] + next(rand) % 9 - 4)) for y in range(h) for x in range(w)]
    best, at = [], []
    for by in range(h // 8):
        for bx in range(w // 8):
            least, where = None, 0
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    x0, y0 = bx * 8 + dx, by * 8 + dy
                    if x0 < 0 or y0 < 0 or x0 + 8 > w or y0 + 8 > h:
                        continue
                    s = sum(abs(cur[(by * 8 + y) * w + bx * 8 + x] - ref[(y0 + y) * w + x0 + x])
                            for y in range(8) for x in range(8))
                    if least is None or s < least:
                        least, where = s, (dy + 2) * 5 + dx + 2
            best.append(least)
            at.append(where)
    write(folder, "sad_cur.bin", "u8", cur)
    write(folder, "sad_ref.bin", "u8", ref)
    write(folder, "sad_best.bin", "u32", best)
    write(folder, "sad_offset.bin", "u32", at)
    blocks = (w // 8) * (h // 8)
    manifest(folder, "sad", f"{rel}/sad.spv",
             f"Block matching of a {w}x{h} u8 frame: least SAD over +-2 pixel offsets per 8x8 block.",
             ((w // 8 + 7) // 8, (h // 8 + 7) // 8),
             [("cur", "u8", 'file = "sad_cur.bin"'), ("ref", "u8", 'file = "sad_ref.bin"'),
              ("best", "u32", f"len = {blocks}"), ("offset", "u32", f"len = {blocks}")],
             (w, h), [("best", "sad_best.bin"), ("offset", "sad_offset.bin")])


main()
