#!/usr/bin/env python3
"""Inputs, expected outputs and manifests of collectives.cl and broadcast.cl
(OpenCL 2.0 work-group collectives), computed here in plain Python
independently of the simulator.

    python3 gen.py [WORKGROUPS [FOLDER]]   (default 2 workgroups per run, half
                                           that in workgroups of 1024; writes
                                           beside this file)

collectives.cl runs with local sizes 40, 200, 256 and 1024, each on wave64
and on wave32 (a manifest per pair, pinned with subgroup_size, because the
float results follow the waves): one partial wave, several waves ending in
a partial one, several full waves, and the largest workgroup. The integer
results are the same on both (their expected files are shared).

The order is gpusim's documented one (docs/isa-coverage.md): within a wave
the subgroup orders (reduce as a tree by lane index, inclusive scan by
Hillis-Steele steps, exclusive scan as the inclusive value of the lane
below, the identity for lane 0); across waves a left fold in wave order of
the waves' reductions, ((p0 op p1) op p2) ..., over every wave for a
reduce and over the waves below for a scan, whose result is then
fold op (the lane's scan within its wave); wave 0 keeps its own scan, and
the first lane of a later wave's exclusive scan takes the fold alone.
f32 and f16 sums round after each addition (a double holds the exact sum
of two before its one rounding); f64 sums are Python's.

reduce_add.cl (one work_group_reduce_add on uint, for timing it) runs in
workgroups of 256: 4 waves of 64 or 8 of 32, on every wave size.

broadcast.cl runs once per kernel (1D: 200, 2D: 16 x 12, 3D: 8 x 5 x 6);
a broadcast has no order, so these run on every wave size. A local id
outside the workgroup gives 0 (gpusim's definition).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import (buffer, check, f16, f32, inclusive_scan, lcg, out_folder, size_args,
                        tree_reduce, write_manifest, write_values)

SIZES = [40, 200, 256, 1024]
WAVES = [64, 32]
SHAPES = {"1d": [200, 1, 1], "2d": [16, 12, 1], "3d": [8, 5, 6]}
M32, M64 = 2**32 - 1, 2**64 - 1


def signed(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def unsigned(x, bits):
    return x & ((1 << bits) - 1)


def fold(values, op):
    acc = values[0]
    for x in values[1:]:
        acc = op(acc, x)
    return acc


def work_group(values, wave, op, kind, identity=None):
    """One workgroup's results of a reduce ("reduce"), inclusive ("inc") or
    exclusive ("exc") scan in waves of `wave` work-items."""
    waves = [values[k:k + wave] for k in range(0, len(values), wave)]
    partials = [tree_reduce(w, op) for w in waves]
    if kind == "reduce":
        return [fold(partials, op)] * len(values)
    out = []
    for w, lanes in enumerate(waves):
        inc = inclusive_scan(lanes, op)
        own = inc if kind == "inc" else [identity] + inc[:-1]
        if w == 0:
            out += own
            continue
        before = fold(partials[:w], op)
        out += [before if (kind == "exc" and lane == 0) else op(before, x)
                for lane, x in enumerate(own)]
    return out


def add(bits):
    return lambda a, b: unsigned(a + b, bits)


def sadd(bits):
    return lambda a, b: signed(a + b, bits)


def fadd32(a, b):
    return f32(a + b)


def fadd16(a, b):
    return f16(a + b)


def fadd64(a, b):
    return a + b


def inputs(n, rand):
    """n values of each input type; halves below 16 in magnitude, so that
    no sum of 1024 overflows."""
    in_u, in_i, in_f, in_l, in_d, in_h = [], [], [], [], [], []
    for i in range(n):
        in_u.append(next(rand) >> 32)
        in_i.append(signed(next(rand) >> 32, 32) >> (i % 7))
        in_f.append(f32((next(rand) / 2.0**64 * 2 - 1.0) * 2.0 ** (next(rand) % 21 - 10)))
        in_l.append(signed(next(rand), 64) >> (i % 13))
        in_d.append((next(rand) / 2.0**64 * 2 - 1.0) * 2.0 ** (next(rand) % 61 - 30))
        in_h.append(f16((next(rand) / 2.0**64 * 2 - 1.0) * 2.0 ** (next(rand) % 10 - 6)))
    return in_u, in_i, in_f, in_l, in_d, in_h


def votes(in_u, size, groups):
    """Even workgroups: work-item 0 has the top bit set (work_group_all
    false) and only the last one is a multiple of 97 (work_group_any
    true, from the partial wave when there is one); odd workgroups: no top
    bit and no multiple of 97."""
    for g in range(groups):
        for k in range(size):
            i = g * size + k
            u = in_u[i]
            if g % 2:
                u >>= 1
            elif k == 0:
                u |= 0x8000_0000
            if u % 97 == 0:
                u += 1
            if g % 2 == 0 and k == size - 1:
                u = (u // 97) * 97
            in_u[i] = u


def collectives(folder, rel, all_groups):
    for size in SIZES:
        # The largest workgroup's files are the largest: half the workgroups.
        groups = all_groups if size < 1024 else max(1, all_groups // 2)
        n = size * groups
        rand = lcg(0x3C0_11EC + size, shift=0)
        in_u, in_i, in_f, in_l, in_d, in_h = inputs(n, rand)
        votes(in_u, size, groups)
        tag = f"{size}"
        out_u, out_l = [], []
        out_f = {w: [] for w in WAVES}
        out_d = {w: [] for w in WAVES}
        out_h = {w: [] for w in WAVES}
        for g in range(groups):
            items = range(g * size, (g + 1) * size)
            u = [in_u[i] for i in items]
            s = [in_i[i] for i in items]
            f = [in_f[i] for i in items]
            l = [in_l[i] for i in items]
            ul = [unsigned(x, 64) for x in l]
            d = [in_d[i] for i in items]
            h = [in_h[i] for i in items]
            # Integer results do not depend on the order: any wave size.
            wg = lambda v, op, kind, ident=None: work_group(v, 64, op, kind, ident)
            cols = [
                wg(u, add(32), "reduce"), wg(u, add(32), "inc"), wg(u, add(32), "exc", 0),
                wg(u, min, "reduce"), wg(u, max, "inc"), wg(u, min, "exc", M32),
                [unsigned(x, 32) for x in wg(s, max, "reduce")],
                [unsigned(x, 32) for x in wg(s, min, "reduce")],
                [unsigned(x, 32) for x in wg(s, min, "inc")],
                [unsigned(x, 32) for x in wg(s, max, "exc", -2**31)],
                [unsigned(x, 32) for x in wg(s, sadd(32), "exc", 0)],
                [int(all(x < 0x8000_0000 for x in u))] * size,
                [int(any(x % 97 == 0 for x in u))] * size,
                [u[-1]] * size,
            ]
            out_u += [c[k] for k in range(size) for c in cols]
            cols = [
                wg(l, sadd(64), "reduce"), wg(l, sadd(64), "inc"), wg(l, max, "exc", -2**63),
                [signed(x, 64) for x in wg(ul, min, "reduce")],
                [signed(x, 64) for x in wg(ul, max, "inc")],
                [signed(x, 64) for x in wg(ul, add(64), "exc", 0)],
            ]
            out_l += [c[k] for k in range(size) for c in cols]
            for w in WAVES:
                cols = [
                    work_group(f, w, fadd32, "reduce"), work_group(f, w, fadd32, "inc"),
                    work_group(f, w, fadd32, "exc", 0.0), work_group(f, w, min, "reduce"),
                    work_group(f, w, max, "reduce"), work_group(f, w, min, "inc"),
                    work_group(f, w, max, "exc", float("-inf")),
                ]
                out_f[w] += [c[k] for k in range(size) for c in cols]
                cols = [
                    work_group(d, w, fadd64, "reduce"), work_group(d, w, fadd64, "inc"),
                    work_group(d, w, fadd64, "exc", 0.0), work_group(d, w, max, "reduce"),
                    work_group(d, w, min, "exc", float("inf")), work_group(d, w, max, "inc"),
                ]
                out_d[w] += [c[k] for k in range(size) for c in cols]
                cols = [
                    work_group(h, w, fadd16, "reduce"), work_group(h, w, fadd16, "inc"),
                    work_group(h, w, max, "exc", float("-inf")), work_group(h, w, min, "reduce"),
                ]
                out_h[w] += [c[k] for k in range(size) for c in cols]
        # The workload must tell the wave sizes' orders apart.
        if size > 64:
            assert all(o[32] != o[64] for o in (out_f, out_d, out_h)), size
        for name, fmt, values in (("in_u", "I", in_u), ("in_i", "i", in_i), ("in_f", "f", in_f),
                                  ("in_l", "q", in_l), ("in_d", "d", in_d), ("in_h", "e", in_h),
                                  ("expected_u", "I", out_u), ("expected_l", "q", out_l)):
            write_values(os.path.join(folder, f"{name}_{tag}.bin"), fmt, values)
        for w in WAVES:
            write_values(os.path.join(folder, f"expected_f_{tag}_w{w}.bin"), "f", out_f[w])
            write_values(os.path.join(folder, f"expected_d_{tag}_w{w}.bin"), "d", out_d[w])
            write_values(os.path.join(folder, f"expected_h_{tag}_w{w}.bin"), "e", out_h[w])
            tables = [
                buffer("in_u", "u32", f'file = "in_u_{tag}.bin"', arg=0),
                buffer("in_i", "i32", f'file = "in_i_{tag}.bin"', arg=1),
                buffer("in_f", "f32", f'file = "in_f_{tag}.bin"', arg=2),
                buffer("in_l", "i64", f'file = "in_l_{tag}.bin"', arg=3),
                buffer("in_d", "f64", f'file = "in_d_{tag}.bin"', arg=4),
                buffer("out", "u32", f"len = {len(out_u)}", arg=5),
                buffer("out_f", "f32", f"len = {len(out_f[w])}", arg=6),
                buffer("out_l", "i64", f"len = {len(out_l)}", arg=7),
                buffer("out_d", "f64", f"len = {len(out_d[w])}", arg=8),
                buffer("in_h", "f16", f'file = "in_h_{tag}.bin"', arg=9),
                buffer("out_h", "f16", f"len = {len(out_h[w])}", arg=10),
                check("out", f'file = "expected_u_{tag}.bin"'),
                check("out_f", f'file = "expected_f_{tag}_w{w}.bin"'),
                check("out_l", f'file = "expected_l_{tag}.bin"'),
                check("out_d", f'file = "expected_d_{tag}_w{w}.bin"'),
                check("out_h", f'file = "expected_h_{tag}_w{w}.bin"'),
            ]
            waves = -(-size // w)
            partial = f", the last with {size % w} work-items" if size % w else ""
            write_manifest(os.path.join(folder, f"collectives_{size}_w{w}.toml"),
                           f"work_group_* reduce, scans, all, any and broadcast (collectives.cl)\n"
                           f"in workgroups of {size}: {waves} wave(s) of {w}{partial}.\n"
                           f"Written by gen.py; exact bits in gpusim's documented order.",
                           f"opencl_work_group_{size}_w{w}", f"{rel}/collectives.spv", [groups],
                           tables, entry="collectives", local_size=[size], subgroup_size=w)


def broadcasts(folder, rel, groups):
    for dim, shape in SHAPES.items():
        size = shape[0] * shape[1] * shape[2]
        n = size * groups
        rand = lcg(0xB70_ADCA + size, shift=0)
        in_u, _, in_f, in_l, in_d, _ = inputs(n, rand)
        x, y, z = shape
        # (uint ids of out[0..4], then the float, long and double ids), as
        # in broadcast.cl; None: outside the workgroup.
        ids = {
            "1d": [(x - 1, 0, 0), (0, 0, 0), (x // 3, 0, 0), None, (x // 2, 0, 0), (x - 2, 0, 0),
                   (1, 0, 0)],
            "2d": [(x - 1, y - 1, 0), (0, 0, 0), (x // 3, y // 2, 0), None, (1, y - 1, 0),
                   (x - 1, 0, 0), (x // 2, 1, 0)],
            "3d": [(x - 1, y - 1, z - 1), (0, 0, 0), (x // 2, y // 3, z // 2), None, (1, 2, z - 1),
                   (x - 1, 0, 1), (0, y - 1, z // 2)],
        }[dim]
        linear = [None if i is None else i[0] + x * (i[1] + y * i[2]) for i in ids]
        out_u, out_f, out_l, out_d = [], [], [], []
        for g in range(groups):
            at = lambda values, k: 0 if k is None else values[g * size + k]
            for _ in range(size):
                out_u += [at(in_u, linear[j]) for j in range(4)]
                out_f += [at(in_f, linear[4]), 0.0, 0.0, 0.0]
                out_l += [at(in_l, linear[5]), 0, 0, 0]
                out_d += [at(in_d, linear[6]), 0.0, 0.0, 0.0]
        tag = f"bc{dim}"
        for name, fmt, values in (("in_u", "I", in_u), ("in_f", "f", in_f), ("in_l", "q", in_l),
                                  ("in_d", "d", in_d), ("expected_u", "I", out_u),
                                  ("expected_f", "f", out_f), ("expected_l", "q", out_l),
                                  ("expected_d", "d", out_d)):
            write_values(os.path.join(folder, f"{name}_{tag}.bin"), fmt, values)
        tables = [buffer(b, ty, f'file = "in_{s}_{tag}.bin"', arg=k)
                  for k, (b, ty, s) in enumerate((("in_u", "u32", "u"), ("in_f", "f32", "f"),
                                                  ("in_l", "i64", "l"), ("in_d", "f64", "d")))]
        tables += [buffer(b, ty, f"len = {4 * n}", arg=4 + k)
                   for k, (b, ty) in enumerate((("out", "u32"), ("out_f", "f32"),
                                                ("out_l", "i64"), ("out_d", "f64")))]
        tables += [check(b, f'file = "expected_{s}_{tag}.bin"')
                   for b, s in (("out", "u"), ("out_f", "f"), ("out_l", "l"), ("out_d", "d"))]
        write_manifest(os.path.join(folder, f"broadcast_{dim}.toml"),
                       f"work_group_broadcast with {dim.upper()} local ids (broadcast.cl) in\n"
                       f"workgroups of {' x '.join(str(v) for v in shape)}; any wave size. Written by gen.py.",
                       f"opencl_work_group_broadcast_{dim}", f"{rel}/broadcast.spv",
                       [groups, 1, 1], tables, entry=f"broadcast_{dim}", local_size=shape)


def reduce_add(folder, rel, groups):
    size = 256
    n = size * groups
    rand = lcg(0x5_0DD, shift=32)
    values = [next(rand) for _ in range(n)]
    sums = [sum(values[g * size:(g + 1) * size]) & M32 for g in range(groups) for _ in range(size)]
    write_values(os.path.join(folder, "in_reduce_add.bin"), "I", values)
    write_values(os.path.join(folder, "expected_reduce_add.bin"), "I", sums)
    tables = [buffer("in", "u32", 'file = "in_reduce_add.bin"', arg=0),
              buffer("out", "u32", f"len = {n}", arg=1),
              check("out", 'file = "expected_reduce_add.bin"')]
    write_manifest(os.path.join(folder, "reduce_add.toml"),
                   f"One work_group_reduce_add on uint (reduce_add.cl) in workgroups of {size}:\n"
                   "several waves on every wave size. Written by gen.py.",
                   "opencl_work_group_reduce_add", f"{rel}/reduce_add.spv", [groups], tables,
                   entry="wg_sum", local_size=[size])


def main():
    (groups,), folder, _ = size_args([2])
    folder, rel = out_folder(HERE, folder)
    collectives(folder, rel, groups)
    broadcasts(folder, rel, groups)
    reduce_add(folder, rel, groups)


main()
