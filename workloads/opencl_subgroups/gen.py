#!/usr/bin/env python3
"""Inputs, expected outputs and manifest of collectives.cl (cl_khr_subgroups),
computed here in plain Python independently of the simulator.

    python3 gen.py   (writes the .bin files and collectives.toml beside it)

Workgroups of 32 work-items are one subgroup of 32 lanes on wave32 and on
wave64 (whose other 32 lanes are inactive and contribute nothing), so both
give the same bits. The orders are gpusim's documented ones
(isa/src/subgroup.rs): reduce as a tree by lane index (lane i combines with
lane i + s at s = 1, 2, 4, ...), inclusive scan by Hillis-Steele steps
(lane i combines lane i - d's partial value with its own at d = 1, 2, 4,
...), exclusive scan as the inclusive value of the lane below (the
operation's identity for lane 0). f32 sums round after each addition
(a double holds the exact sum of two f32 before its one rounding to f32).
The float inputs span 2^-10 to 2^10 so the order shows in the sums.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import (buffer, check, f32, inclusive_scan, lcg, tree_reduce, write_manifest,
                        write_values)

SG = 32  # work-items per workgroup = lanes per subgroup
GROUPS = 4
N = SG * GROUPS
M32, M64 = 2**32 - 1, 2**64 - 1


def exclusive_scan(values, op, identity):
    return [identity] + inclusive_scan(values, op)[:-1]


def signed(x, bits):
    return x - (1 << bits) if x >> (bits - 1) else x


def unsigned(x, bits):
    return x & ((1 << bits) - 1)


def fadd(a, b):
    return f32(a + b)


def main():
    rand = lcg(0x5B6_0017, shift=32)
    # Workgroup 1 keeps the top bit clear, so sub_group_all is true there only.
    in_u = [next(rand) >> (1 if i // SG == 1 else 0) for i in range(N)]
    in_i = [signed(next(rand), 32) >> (i % 7) for i in range(N)]
    in_f = [f32((next(rand) / 2.0**31 - 1.0) * 2.0 ** (next(rand) % 21 - 10)) for i in range(N)]
    in_l = [signed((next(rand) << 32) | next(rand), 64) >> (i % 13) for i in range(N)]
    out, out_f, out_l = [], [], []
    for g in range(GROUPS):
        lanes = range(g * SG, (g + 1) * SG)
        u = [in_u[i] for i in lanes]
        s = [in_i[i] for i in lanes]
        f = [in_f[i] for i in lanes]
        l = [in_l[i] for i in lanes]
        add32 = lambda a, b: (a + b) & M32
        u_inc = inclusive_scan(u, add32)
        u_exc = exclusive_scan(u, add32, 0)
        u_max = inclusive_scan(u, max)
        s_exc_max = exclusive_scan(s, max, -2**31)
        s_inc_min = inclusive_scan(s, min)
        all_small = int(all(x < 0x8000_0000 for x in u))
        any_41 = int(any(x % 41 == 0 for x in u))
        for lane in range(SG):
            out += [SG, 0, 1, 0, lane, tree_reduce(u, add32), u_inc[lane], u_exc[lane], min(u),
                    unsigned(min(s), 32), u_max[lane], unsigned(s_exc_max[lane], 32),
                    unsigned(s_inc_min[lane], 32), u[5], all_small, any_41]
        f_inc = inclusive_scan(f, fadd)
        f_exc = exclusive_scan(f, fadd, 0.0)
        f_inc_min = inclusive_scan(f, min)
        f_exc_max = exclusive_scan(f, max, float("-inf"))
        for lane in range(SG):
            out_f += [tree_reduce(f, fadd), f_inc[lane], f_exc[lane], max(f), min(f),
                      f_inc_min[lane], f_exc_max[lane], f[31]]
        l_sum = signed(tree_reduce([unsigned(x, 64) for x in l], lambda a, b: (a + b) & M64), 64)
        l_max = inclusive_scan(l, max)
        for lane in range(SG):
            out_l += [l_sum, l_max[lane]]
    # The workload must tell the orders and the votes apart.
    def sequential(g):
        total = 0.0
        for x in in_f[g * SG:(g + 1) * SG]:
            total = fadd(total, x)
        return total
    assert any(sequential(g) != out_f[g * SG * 8] for g in range(GROUPS)), "float order invisible"
    votes = {(out[g * SG * 16 + 14], out[g * SG * 16 + 15]) for g in range(GROUPS)}
    assert {v[0] for v in votes} == {0, 1} and {v[1] for v in votes} == {0, 1}, votes

    write_values(os.path.join(HERE, "in_u.bin"), "I", in_u)
    write_values(os.path.join(HERE, "in_i.bin"), "i", in_i)
    write_values(os.path.join(HERE, "in_f.bin"), "f", in_f)
    write_values(os.path.join(HERE, "in_l.bin"), "q", in_l)
    write_values(os.path.join(HERE, "expected_u.bin"), "I", out)
    write_values(os.path.join(HERE, "expected_f.bin"), "f", out_f)
    write_values(os.path.join(HERE, "expected_l.bin"), "q", out_l)
    tables = [
        buffer("in_u", "u32", 'file = "in_u.bin"', arg=0),
        buffer("in_i", "i32", 'file = "in_i.bin"', arg=1),
        buffer("in_f", "f32", 'file = "in_f.bin"', arg=2),
        buffer("in_l", "i64", 'file = "in_l.bin"', arg=3),
        buffer("out", "u32", f"len = {len(out)}", arg=4),
        buffer("out_f", "f32", f"len = {len(out_f)}", arg=5),
        buffer("out_l", "i64", f"len = {len(out_l)}", arg=6),
        check("out", 'file = "expected_u.bin"'),
        check("out_f", 'file = "expected_f.bin"'),
        check("out_l", 'file = "expected_l.bin"'),
    ]
    write_manifest(os.path.join(HERE, "collectives.toml"),
                   "cl_khr_subgroups built-ins, reductions, scans, broadcasts and votes\n"
                   "(collectives.cl) in workgroups of 32: one subgroup of 32 on wave32\n"
                   "and wave64. Written by gen.py; the expected outputs follow gpusim's\n"
                   "documented orders (tree reduce, Hillis-Steele scans), exact bits.",
                   "opencl_subgroups_collectives", "./collectives.spv", [GROUPS],
                   tables, entry="collectives", local_size=[SG])


main()
