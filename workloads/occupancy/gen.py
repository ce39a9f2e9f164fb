#!/usr/bin/env python3
"""Writes the register-pressure workloads of this folder: for each ACC of
pressure_ACC.spv, a manifest over 256 workgroups of 64 invocations (input
i at element i) and the expected first 256 outputs, computed here with
exact 32-bit arithmetic: each of the ACC accumulators starts at i + j and
steps acc = acc * 1664525 + 1013904223 + t for t = 0..63; the output is
their xor. Usage: python3 gen.py (from anywhere)."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKED = 256


def expected(i, acc_count):
    total = 0
    for j in range(acc_count):
        a = (i + j) % 2**32
        for t in range(64):
            a = (a * 1664525 + 1013904223 + t) % 2**32
        total ^= a
    return total


for acc in (8, 32, 64, 96, 128):
    with open(os.path.join(HERE, f"expected_{acc}.bin"), "wb") as f:
        f.write(struct.pack(f"<{CHECKED}I", *(expected(i, acc) for i in range(CHECKED))))
    with open(os.path.join(HERE, f"pressure_{acc}.toml"), "w") as m:
        m.write(f"""# {acc} accumulators live across a loop: about {acc} vector registers per
# lane (see pressure.comp). Written by gen.py, which computed the expected
# first {CHECKED} outputs.
name = "pressure_{acc}"
kernel = "pressure_{acc}.spv"
entry = "main"
workgroups = [256, 1, 1]

[[buffer]]
name = "src"
type = "u32"
len = 16384
series = {{ start = 0, step = 1 }}
binding = {{ set = 0, binding = 0 }}

[[buffer]]
name = "dst"
type = "u32"
len = 16384
binding = {{ set = 0, binding = 1 }}

[[check]]
buffer = "dst"
range = [0, {CHECKED}]
file = "expected_{acc}.bin"
""")
