#!/usr/bin/env python3
"""Writes the register-pressure workloads of this folder: for each ACC of
pressure_ACC.spv, a manifest over 256 workgroups of 64 invocations (input
i at element i) and the expected first 256 outputs, computed here with
exact 32-bit arithmetic: each of the ACC accumulators starts at i + j and
steps acc = acc * 1664525 + 1013904223 + t for t = 0..63; the output is
their xor. Usage: python3 gen.py (from anywhere)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, write_manifest, write_values

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
    write_values(os.path.join(HERE, f"expected_{acc}.bin"), "I", [expected(i, acc) for i in range(CHECKED)])
    write_manifest(
        os.path.join(HERE, f"pressure_{acc}.toml"),
        f"{acc} accumulators live across a loop: about {acc} vector registers per\n"
        f"lane (see pressure.comp). Written by gen.py, which computed the expected\n"
        f"first {CHECKED} outputs.",
        f"pressure_{acc}", f"pressure_{acc}.spv", [256],
        [buffer("src", "u32", "len = 16384", "series = { start = 0, step = 1 }", binding=0),
         buffer("dst", "u32", "len = 16384", binding=1),
         check("dst", f"range = [0, {CHECKED}]", f'file = "expected_{acc}.bin"')])
