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
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INF = float("inf")


def lcg(seed):
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        yield state >> 33


def write(folder, name, values):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(struct.pack("<%df" % len(values), *values))


def box(points):
    return [min(p[k] for p in points) for k in range(3)] + [max(p[k] for p in points) for k in range(3)]


def manifest(folder, name, kernel, comment, n, points_file, box_init, box_expected):
    with open(os.path.join(folder, f"{name}.toml"), "w") as m:
        m.write(f"""# {comment}
# Written by gen.py; the expected box was computed there.
name = "{name}"
kernel = "{kernel}"
entry = "main"
workgroups = [{(n + 63) // 64}, 1, 1]

[[buffer]]
name = "points"
type = "f32"
file = "{points_file}"
binding = {{ set = 0, binding = 0 }}

[[buffer]]
name = "box"
type = "f32"
file = "{box_init}"
binding = {{ set = 0, binding = 1 }}

[[buffer]]
name = "params"
type = "u32"
data = [{n}]
push_constant = true

[[check]]
buffer = "box"
file = "{box_expected}"
""")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    assert n % 64 == 0, "N must be a multiple of 64"
    folder = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
    os.makedirs(folder, exist_ok=True)
    rel = os.path.relpath(HERE, folder)
    rand = lcg(3)
    pts = [[(next(rand) % 12800) / 64.0 - 100.0 for _ in range(3)] for _ in range(n)]
    write(folder, "points.bin", [v for p in pts for v in p])
    groups = n // 64
    empty = [INF, INF, INF, -INF, -INF, -INF]
    write(folder, "box_init.bin", empty)
    write(folder, "box_init_spread.bin", empty * groups)
    whole = box(pts)
    write(folder, "box.bin", whole)
    partial = [box(pts[64 * g:64 * g + 64]) for g in range(groups)]
    write(folder, "box_spread.bin", [v for b in partial for v in b])
    corners = [v for b in partial for v in b]  # (min x, y, z), (max x, y, z): two points
    write(folder, "corners.bin", corners)
    manifest(folder, "bbox_contended", f"{rel}/bbox_contended.spv",
             f"The bounding box of {n} points, every invocation on the same six floats.",
             n, "points.bin", "box_init.bin", "box.bin")
    manifest(folder, "bbox_spread", f"{rel}/bbox_spread.spv",
             f"The bounding boxes of {groups} workgroups of 64 points, one box per workgroup.",
             n, "points.bin", "box_init_spread.bin", "box_spread.bin")
    manifest(folder, "bbox_reduce", f"{rel}/bbox_contended.spv",
             f"The second pass: the box of the {groups} partial boxes' corners.",
             2 * groups, "corners.bin", "box_init.bin", "box.bin")


main()
