#!/usr/bin/env python3
"""Writes the sorting-network workloads of this folder for N_BLOCKS blocks of
243 keys (default 8, the committed size): for u32 and f32 keys the input,
the expected output (each block sorted by Python's sorted(), independently
of the simulator) and two manifests, one for the kernel written with
min3/mid3/max3 and one for the two-operand version. The keys are
pseudo-random (a 64-bit LCG, seed 1, as in ../median/gen.py).

Before writing anything it checks the network of sort.comp exhaustively by
the 0-1 principle (see check_network): it reads the rounds from main() in
sort.comp, and round_triples() below computes the keys of each round as
round() in sort.comp does.

    python3 gen.py [N_BLOCKS [FOLDER]]

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here (the studies write their large sizes to a
temporary folder)."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, lcg, out_folder, size_args, write_manifest, write_values

N = 243  # keys per block (workgroup)
THREADS = N // 3
TYPES = {"u32": "I", "f32": "f"}


def keys(ty, count):
    rand = lcg(1, 0)
    if ty == "u32":
        return [next(rand) >> 32 for _ in range(count)]
    # Multiples of 1/256 in [-32768, 32768): exact in f32, no -0.0, no NaN.
    return [((next(rand) >> 40) - (1 << 23)) / 256.0 for _ in range(count)]


# --- The network, as sort.comp computes it ---------------------------------


def round_triples(g, s, shift):
    """The keys each invocation sorts in one round of sort.comp (round(), in
    its 32-bit unsigned arithmetic): three (a 3-sorter) or two (a
    compare-exchange)."""
    m = 2**32
    out = []
    for t in range(THREADS):
        p = (3 * t - 2 * (t % s) + s * shift) % m
        if shift < 0 and (p + s) % m % g < s:
            out.append(((p + s) % m, (p + 2 * s) % m))
        elif shift > 0 and (p + 2 * s) % m % g < s:
            out.append((p, (p + s) % m))
        else:
            out.append((p, (p + s) % m, (p + 2 * s) % m))
    return out


def rounds():
    """The rounds main() in sort.comp calls, in order: (level g, keys of
    each invocation), read from the source."""
    src = open(os.path.join(HERE, "sort.comp")).read()
    body = src[src.index("void main()"):]
    return [(int(g), round_triples(int(g), int(s), int(shift)))
            for g, s, shift in re.findall(r"round\((\d+), (\d+), (-?\d+)\);", body)]


def check_network():
    """The 0-1 principle: a comparator network sorts every input if it sorts
    every input of zeros and ones. Level g merges groups of three sorted runs
    of g/3 keys and touches no key outside its group, so it suffices that
    for every level, every group of three sorted 0-1 runs comes out sorted:
    by induction, every 0-1 input then leaves every level with its groups
    sorted, and the last level's group is the whole block. The (g/3 + 1)^3
    inputs of a level run at once: each position holds a bit set, bit c for
    input c; a 3-sorter on 0-1 values is (and, majority, or), and a sorted
    result has no bit in position p that is not in position p + 1."""
    all_rounds = rounds()
    for g, triples in all_rounds:
        flat = [p for tr in triples for p in tr]
        assert len(flat) == len(set(flat)) and all(0 <= p < N for p in flat), \
            "a round uses a key twice or outside the block"
        assert all(p // g == tr[0] // g for tr in triples for p in tr), "a round crosses a group"
    levels = sorted({g for g, _ in all_rounds})
    assert levels[-1] == N
    for g in levels:
        r = g // 3
        n = (r + 1) ** 3  # input c = (za, zb, zc): za, zb, zc zeros in the runs

        def repeat(x, period, count):
            return x * ((1 << (period * count)) - 1) // ((1 << period) - 1)

        full = (1 << n) - 1
        # Run A's key p is 1 unless za > p: inputs with za <= p are the first
        # (p + 1)(r + 1)^2; likewise for zb inside each za, zc inside each zb.
        val = [(1 << ((p + 1) * (r + 1) ** 2)) - 1 for p in range(r)]
        val += [repeat((1 << ((p + 1) * (r + 1))) - 1, (r + 1) ** 2, r + 1) for p in range(r)]
        val += [repeat((1 << (p + 1)) - 1, r + 1, (r + 1) ** 2) for p in range(r)]
        for level, triples in all_rounds:
            if level != g:
                continue
            for tr in triples:
                if tr[0] >= g:
                    continue  # another group: the same network, checked here on group 0
                v = [val[p] for p in tr]
                if len(tr) == 2:
                    val[tr[0]], val[tr[1]] = v[0] & v[1], v[0] | v[1]
                else:
                    a, b, c = v
                    val[tr[0]], val[tr[1]], val[tr[2]] = a & b & c, (a & b) | (b & c) | (a & c), a | b | c
        if any(val[p] & (full ^ val[p + 1]) for p in range(g - 1)):
            sys.exit("sort.comp: level %d does not merge every input" % g)
    return len(all_rounds)


def main():
    (blocks,), folder, _ = size_args([8])
    check_network()
    folder, kernels = out_folder(HERE, folder)
    for ty, fmt in TYPES.items():
        data = keys(ty, blocks * N)
        expected = []
        for b in range(blocks):
            expected += sorted(data[b * N:(b + 1) * N])
        write_values(os.path.join(folder, f"in_{ty}.bin"), fmt, data)
        write_values(os.path.join(folder, f"sorted_{ty}.bin"), fmt, expected)
        for variant, suffix in (("min3/mid3/max3 3-sorters", ""),
                                ("3-sorters of three two-operand compare-exchanges", "_two_operand")):
            name = f"sort_{ty}{suffix}"
            write_manifest(
                os.path.join(folder, f"{name}.toml"),
                f"Sorts {blocks} blocks of {N} {ty} keys (one per workgroup) with a 3-way odd-even\n"
                f"merge network in shared memory, written with {variant}.\n"
                f"Written by gen.py ({blocks}); the expected output was computed there.",
                name, os.path.join(kernels, f"{name}.spv"), [blocks],
                [buffer("src", ty, f'file = "in_{ty}.bin"', binding=0),
                 buffer("dst", ty, f"len = {blocks * N}", binding=1),
                 check("dst", f'file = "sorted_{ty}.bin"')])


if __name__ == "__main__":
    main()
