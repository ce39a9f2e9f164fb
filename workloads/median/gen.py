#!/usr/bin/env python3
"""Writes the 3x3 median-filter workloads of this folder for an image of
WIDTH x HEIGHT (default 32 x 32, the committed size): for each element type
(u8, u16, f32) the input image, the expected output and two manifests, one
for the kernel written with min3/mid3/max3 and one for the two-operand
version. The input is pseudo-random (a 64-bit LCG, seed 1); the expected
output is computed here, by sorting each clamped 3x3 window, independently
of the simulator.

    python3 gen.py [WIDTH HEIGHT [FOLDER]]

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here (the studies write their large sizes to a
temporary folder)."""
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {"u8": ("B", 1 << 8), "u16": ("H", 1 << 16), "f32": ("f", None)}


def lcg(seed):
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        yield state >> 33


def image(ty, w, h):
    fmt, card = TYPES[ty]
    rand = lcg(1)
    if card:
        return [next(rand) % card for _ in range(w * h)]
    # Floats exactly representable, so every comparison is exact.
    return [(next(rand) % 4096) / 64.0 - 32.0 for _ in range(w * h)]


def median(img, w, h):
    out = []
    for y in range(h):
        for x in range(w):
            win = [img[min(max(y + dy, 0), h - 1) * w + min(max(x + dx, 0), w - 1)]
                   for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
            out.append(sorted(win)[4])
    return out


def write(path, fmt, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def main():
    w, h = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (32, 32)
    folder = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else HERE
    os.makedirs(folder, exist_ok=True)
    kernels = os.path.relpath(HERE, folder)
    for ty, (fmt, _) in TYPES.items():
        img = image(ty, w, h)
        write(os.path.join(folder, f"in_{ty}.bin"), fmt, img)
        write(os.path.join(folder, f"median_{ty}.bin"), fmt, median(img, w, h))
        for variant, suffix in (("min3/mid3/max3", ""), ("two-operand min/max", "_two_operand")):
            name = f"median3x3_{ty}{suffix}"
            kernel = os.path.join(kernels, f"{name}.spv")
            with open(os.path.join(folder, f"{name}.toml"), "w") as m:
                m.write(f"""# A 3x3 median filter of a {w}x{h} {ty} image, written with {variant}.
# Written by gen.py ({w} {h}); the expected output was computed there.
name = "{name}"
kernel = "{kernel}"
entry = "main"
workgroups = [{(w + 7) // 8}, {(h + 7) // 8}, 1]

[[buffer]]
name = "src"
type = "{ty}"
file = "in_{ty}.bin"
binding = {{ set = 0, binding = 0 }}

[[buffer]]
name = "dst"
type = "{ty}"
len = {w * h}
binding = {{ set = 0, binding = 1 }}

[[buffer]]
name = "params"
type = "u32"
data = [{w}, {h}]
push_constant = true

[[check]]
buffer = "dst"
file = "median_{ty}.bin"
""")


main()
