#!/usr/bin/env python3
"""Writes the bounding-box workloads of this folder for N points (default
4096, the committed size; a multiple of 64): the points (pseudo-random
floats exactly representable in [-100, 100), a 64-bit LCG), the initial
boxes (+inf minima, -inf maxima) and the expected boxes, computed here with
Python's min and max (exact: no rounding happens), and three manifests:
bbox_contended (one box for all points), bbox_spread (one box per workgroup
of 64) and bbox_reduce (the contended kernel over the spread boxes'
corners: the second pass, giving the whole box again).

    python3 gen.py [N [FOLDER]]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import (box_manifests, buffer, check, lcg, out_folder, params, size_args, write_boxes,
                        write_manifest)


def main():
    (n,), folder, _ = size_args([4096])
    assert n % 64 == 0, "N must be a multiple of 64"
    folder, rel = out_folder(HERE, folder)
    rand = lcg(3)
    pts = [[(next(rand) % 12800) / 64.0 - 100.0 for _ in range(3)] for _ in range(n)]
    write_boxes(folder, "", "f", pts, 64)

    def manifest(name, kernel, comment, n, points_file, box_init, box_expected):
        write_manifest(os.path.join(folder, f"{name}.toml"),
                       f"{comment}\nWritten by gen.py; the expected box was computed there.",
                       name, kernel, [(n + 63) // 64],
                       [buffer("points", "f32", f'file = "{points_file}"', binding=0),
                        buffer("box", "f32", f'file = "{box_init}"', binding=1),
                        params(n),
                        check("box", f'file = "{box_expected}"')])

    box_manifests(manifest, rel, "bbox", "", n, 64)


main()
