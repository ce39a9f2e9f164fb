#!/usr/bin/env python3
"""Writes the 3x3 and 5x5 median-filter workloads of this folder for an image
of WIDTH x HEIGHT (default 32 x 32, the committed size): for each element type
(u8, u16, f32) the input image, the expected 3x3 and 5x5 outputs and, per
filter, two manifests, one for the kernel written with min3/mid3/max3 and one
for the two-operand version. The input is pseudo-random (a 64-bit LCG, seed
1); the expected outputs are computed here, by sorting each clamped window,
independently of the simulator.

Before writing anything it checks the 5x5 network of median5x5.comp by the
0-1 principle: it reads the network from the source and evaluates it on all
2^25 windows of zeros and ones (see check_network).

    python3 gen.py [WIDTH HEIGHT [FOLDER]]
    python3 gen.py --count      (the 5x5 network's operations, by kind)

FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here (the studies write their large sizes to a
temporary folder)."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import buffer, check, lcg, out_folder, params, size_args, write_manifest, write_values

TYPES = {"u8": ("B", 1 << 8), "u16": ("H", 1 << 16), "f32": ("f", None)}
# Filter size -> (radius, file name of the expected output).
FILTERS = {"3x3": (1, "median_{ty}.bin"), "5x5": (2, "median5x5_{ty}.bin")}


def image(ty, w, h):
    fmt, card = TYPES[ty]
    rand = lcg(1)
    if card:
        return [next(rand) % card for _ in range(w * h)]
    # Floats exactly representable, so every comparison is exact.
    return [(next(rand) % 4096) / 64.0 - 32.0 for _ in range(w * h)]


def median(img, w, h, r):
    out = []
    rows = [[min(max(y, 0), h - 1) * w for y in range(y0 - r, y0 + r + 1)] for y0 in range(h)]
    cols = [[min(max(x, 0), w - 1) for x in range(x0 - r, x0 + r + 1)] for x0 in range(w)]
    mid = (2 * r + 1) ** 2 // 2
    for y in range(h):
        for x in range(w):
            out.append(sorted(img[row + col] for row in rows[y] for col in cols[x])[mid])
    return out


# --- The 0-1 check of the 5x5 network -------------------------------------
#
# Every operation of the network (min, max, min3, mid3, max3) is a lattice
# polynomial, and so is the 13th smallest of 25. Two lattice polynomials that
# agree on every 0-1 input agree on every input of a totally ordered type
# (the 0-1 principle: if they differed at some input, thresholding every
# value at the larger of the two results would give a 0-1 input where they
# differ), so checking the 2^25 0-1 windows proves the network.
#
# Each value is a bit set over a slice of the 2^25 windows (bit k: window k,
# whose input i is bit i of k): min is AND, max is OR, mid3 is majority.

OPS = {
    "min": lambda a, b: a & b,
    "max": lambda a, b: a | b,
    "lo3": lambda a, b, c: a & b & c,
    "hi3": lambda a, b, c: a | b | c,
    "md3": lambda a, b, c: (a & b) | (b & c) | (a & c),
}


def split_top(text, sep=","):
    """Splits text at sep outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == sep and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def parse_expr(text):
    m = re.fullmatch(r"(\w+)\s*\((.*)\)", text.strip(), re.S)
    if m:
        return (m.group(1), [parse_expr(a) for a in split_top(m.group(2))])
    if not re.fullmatch(r"\w+", text.strip()):
        raise ValueError("median5x5.comp: cannot read %r" % text)
    return text.strip()


def parse_block(text):
    """The statements of a block: ('set', name, expr) or ('call', f, args)."""
    text = re.sub(r"//[^\n]*", "", text)
    out = []
    for stmt in split_top(text, ";"):
        if stmt.startswith("T "):
            for decl in split_top(stmt[2:]):
                name, expr = decl.split("=", 1)
                out.append(("set", name.strip(), parse_expr(expr)))
        elif re.match(r"\w+\s*=", stmt):
            name, expr = stmt.split("=", 1)
            out.append(("set", name.strip(), parse_expr(expr)))
        else:
            f, args = parse_expr(stmt)
            out.append(("call", f, args))
    return out


def read_network():
    """The functions with inout parameters (name -> (parameters, body)), the
    network in main and the name of its result."""
    src = open(os.path.join(HERE, "median5x5.comp")).read()
    funcs = {}
    for m in re.finditer(r"\nvoid (\w+)\((inout [^)]*)\)\s*\{(.*?)\n\}", src, re.S):
        params = [p.split()[-1] for p in m.group(2).split(",")]
        funcs[m.group(1)] = (params, parse_block(m.group(3)))
    m = re.search(r"\n\s*// Step 1.*?\n(.*?)\n\s*dst\[[^\]]*\] = ELEM\((\w+)\);", src, re.S)
    return funcs, parse_block(m.group(1)), m.group(2)


def run_block(block, env, funcs, ops):
    def ev(e):
        if isinstance(e, str):
            return env[e]
        f, args = e
        return ops[f](*[ev(a) for a in args])

    for kind, a, b in block:
        if kind == "set":
            env[a] = ev(b)
        else:
            params, body = funcs[a]
            local = {p: env[arg] for p, arg in zip(params, b)}
            run_block(body, local, funcs, ops)
            for p, arg in zip(params, b):
                env[arg] = local[p]


def check_network():
    funcs, main, result = read_network()
    names = ["v%d%d" % (r, c) for r in range(5) for c in range(5)]
    low = 20  # windows per slice: 2^20 (inputs 0..19 vary inside a slice)
    nbytes = (1 << low) // 8
    base = []
    for i in range(low):
        if i < 3:
            pattern = bytes([(0xAA, 0xCC, 0xF0)[i]]) * nbytes
        else:
            run = 1 << (i - 3)
            pattern = (b"\x00" * run + b"\xff" * run) * (nbytes // (2 * run))
        base.append(int.from_bytes(pattern, "little"))
    ones = (1 << (1 << low)) - 1
    for s in range(1 << (25 - low)):
        inputs = base + [ones if s >> j & 1 else 0 for j in range(25 - low)]
        env = dict(zip(names, inputs))
        run_block(main, env, funcs, OPS)
        # at_least[k]: at least k of the inputs seen so far are 1.
        at_least = [ones] + [0] * 13
        for x in inputs:
            for k in range(13, 0, -1):
                at_least[k] |= at_least[k - 1] & x
        if env[result] != at_least[13]:
            sys.exit("median5x5.comp: the network is not the median of 25 (slice %d)" % s)


def count_operations():
    """The operations of the 5x5 network that reach its result, by kind
    (lo3, md3, hi3: min3, mid3, max3 or their two-operand forms)."""
    funcs, main, result = read_network()
    counts = {}
    # Each value becomes a node (operation, inputs); the inputs are None.
    ops = {f: (lambda f: lambda *a: (f, a))(f) for f in OPS}
    env = {"v%d%d" % (r, c): None for r in range(5) for c in range(5)}
    run_block(main, env, funcs, ops)
    seen = set()
    stack = [env[result]]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        counts[node[0]] = counts.get(node[0], 0) + 1
        stack.extend(node[1])
    return counts


def manifest(folder, kernels, size, ty, suffix, variant, w, h):
    name = f"median{size}_{ty}{suffix}"
    write_manifest(os.path.join(folder, f"{name}.toml"),
                   f"A {size} median filter of a {w}x{h} {ty} image, written with {variant}.\n"
                   f"Written by gen.py ({w} {h}); the expected output was computed there.",
                   name, os.path.join(kernels, f"{name}.spv"), [(w + 7) // 8, (h + 7) // 8],
                   [buffer("src", ty, f'file = "in_{ty}.bin"', binding=0),
                    buffer("dst", ty, f"len = {w * h}", binding=1),
                    params(w, h),
                    check("dst", f'file = "{FILTERS[size][1].format(ty=ty)}"')])


def main():
    (w, h), folder, _ = size_args([32, 32])
    check_network()
    folder, kernels = out_folder(HERE, folder)
    for ty, (fmt, _) in TYPES.items():
        img = image(ty, w, h)
        write_values(os.path.join(folder, f"in_{ty}.bin"), fmt, img)
        for size, (r, expected) in FILTERS.items():
            write_values(os.path.join(folder, expected.format(ty=ty)), fmt, median(img, w, h, r))
            for variant, suffix in (("min3/mid3/max3", ""), ("two-operand min/max", "_two_operand")):
                manifest(folder, kernels, size, ty, suffix, variant, w, h)


if __name__ == "__main__":
    if sys.argv[1:] == ["--count"]:
        print(count_operations())
    else:
        main()
