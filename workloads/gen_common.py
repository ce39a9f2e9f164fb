"""Helpers shared by the workload generators (workloads/*/gen.py,
glsl/gen_*.py, scale/gen_nbody.py): the pseudo-random numbers, binary
files of values, f32 rounding, the SIZE... [FOLDER] command line and the
TOML manifests. A generator runs as a script from any working directory
and finds this module by putting its parent folder (workloads/) on
sys.path first."""
import math
import os
import struct
import sys


# --- Numbers and files ------------------------------------------------------

def lcg(seed, shift=33):
    """The states of a 64-bit LCG (Knuth's MMIX constants), one per step,
    shifted right by shift (33: 31-bit values, 32: 32-bit values, 0: the
    whole 64-bit state)."""
    state = seed
    while True:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        yield state >> shift


def f32(x):
    """x rounded to the nearest f32 (as a Python float)."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f16(x):
    """x rounded to the nearest f16 (as a Python float)."""
    return struct.unpack("<e", struct.pack("<e", x))[0]


def tree_reduce(values, op):
    """The tree by lane index: at step s lane i (a multiple of 2s) combines
    its partial value with lane i + s's."""
    v = list(values)
    s = 1
    while s < len(v):
        for i in range(0, len(v), 2 * s):
            if i + s < len(v):
                v[i] = op(v[i], v[i + s])
        s *= 2
    return v[0]


def inclusive_scan(values, op):
    """Hillis-Steele: at step d lane i >= d combines lane i - d's partial
    value (left) with its own (right)."""
    v = list(values)
    d = 1
    while d < len(v):
        v = [op(v[i - d], v[i]) if i >= d else v[i] for i in range(len(v))]
        d *= 2
    return v


def write_values(path, fmt, values):
    """Writes values little-endian with the struct format character fmt
    ("f", "I", "B", ...)."""
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def ceil_2_digits(x):
    """x > 0 rounded up to two significant digits (a tolerance)."""
    e = math.floor(math.log10(x)) - 1
    return float(f"{math.ceil(x / 10.0 ** e)}e{e}")


def box(points):
    """The bounding box of (x, y, z, ...) points: min x, y, z, max x, y, z."""
    return [min(p[k] for p in points) for k in range(3)] + [max(p[k] for p in points) for k in range(3)]


def write_boxes(folder, prefix, fmt, points, group):
    """The files of a bounding-box workload (../atomics_bbox, bbox64 in
    ../opencl_apps), each PREFIXNAME.bin in folder: points, box_init (the
    empty box: +inf minima, -inf maxima), box_init_spread (one per group of
    `group` points), box (the whole box), box_spread (the box of each group)
    and corners (each group's box as two points, the second pass's input).
    Returns the number of groups."""
    groups = (len(points) + group - 1) // group
    inf = float("inf")
    empty = [inf, inf, inf, -inf, -inf, -inf]
    partial = [v for g in range(groups) for v in box(points[group * g:group * g + group])]
    for name, values in (("points", [v for p in points for v in p]), ("box_init", empty),
                         ("box_init_spread", empty * groups), ("box", box(points)),
                         ("box_spread", partial), ("corners", partial)):
        write_values(os.path.join(folder, f"{prefix}{name}.bin"), fmt, values)
    return groups


def box_manifests(manifest, rel, name, prefix, n, group, points="points", item="invocation", six="floats"):
    """The three manifests of a bounding-box workload over the files
    write_boxes(folder, prefix, ..., group) wrote for n points:
    NAME_contended (one box for all points), NAME_spread (a box per group)
    and NAME_reduce (the contended kernel over the spread boxes' corners,
    giving the whole box again). manifest(name, kernel, comment, n,
    points_file, box_init, box_expected) writes one; points, item and six
    name the points, the work-item and the box's values in the comments."""
    groups = (n + group - 1) // group
    files = lambda *names: [f"{prefix}{f}.bin" for f in names]
    manifest(f"{name}_contended", f"{rel}/{name}_contended.spv",
             f"The bounding box of {n} {points}, every {item} on the same six {six}.",
             n, *files("points", "box_init", "box"))
    manifest(f"{name}_spread", f"{rel}/{name}_spread.spv",
             f"The bounding boxes of {groups} workgroups of {group} {points}, one box per workgroup.",
             n, *files("points", "box_init_spread", "box_spread"))
    manifest(f"{name}_reduce", f"{rel}/{name}_contended.spv",
             f"The second pass: the box of the {groups} partial boxes' corners.",
             2 * groups, *files("corners", "box_init", "box"))


# --- Command line -----------------------------------------------------------

def size_args(defaults):
    """(sizes, FOLDER or None, the arguments after it) from `gen.py SIZE...
    [FOLDER ...]`: the len(defaults) sizes, all of them or the defaults
    (fewer sizes than that count as none)."""
    args, k = sys.argv[1:], len(defaults)
    sizes = [int(a) for a in args[:k]] if len(args) >= k else list(defaults)
    return sizes, (args[k] if len(args) > k else None), args[k + 1:]


def out_folder(here, folder=None):
    """The folder to write into (folder, or the generator's own folder here),
    created if missing, and the path from it to here, which the manifests'
    kernel paths start with."""
    folder = os.path.abspath(folder) if folder is not None else here
    os.makedirs(folder, exist_ok=True)
    return folder, os.path.relpath(here, folder)


# --- Manifests --------------------------------------------------------------
#
# A table is its lines, each ending in a newline; a manifest is the header
# and its tables, a blank line before each.

def table(kind, *lines, comment=None):
    """A [[kind]] table with these `key = value` lines (and a comment line
    above it)."""
    head = [f"# {comment}"] if comment else []
    return "\n".join(head + [f"[[{kind}]]"] + list(lines)) + "\n"


def buffer(name, ty, *lines, binding=None, arg=None):
    """A [[buffer]] table: name, type, lines (file, len, data, ...), then the
    descriptor binding (set 0) or the OpenCL kernel argument."""
    where = [f"binding = {{ set = 0, binding = {binding} }}"] if binding is not None else []
    where += [f"arg = {arg}"] if arg is not None else []
    return table("buffer", f'name = "{name}"', f'type = "{ty}"', *lines, *where)


def params(*values):
    """The u32 push-constant buffer "params" holding values."""
    return table("buffer", 'name = "params"', 'type = "u32"',
                 f"data = [{', '.join(str(v) for v in values)}]", "push_constant = true")


def check(name, *lines):
    """A [[check]] table of buffer name: lines (file, data, abs, ulp, ...)."""
    return table("check", f'buffer = "{name}"', *lines)


def scalar_arg(index, ty, value, comment=None):
    """An OpenCL scalar kernel argument ([[arg]])."""
    return table("arg", f"index = {index}", f'type = "{ty}"', f"value = {value}", comment=comment)


def toml_list(items, per_line=8):
    """A multi-line TOML array of items (already TOML text), per_line a line."""
    lines = ["  " + ", ".join(items[k:k + per_line]) + "," for k in range(0, len(items), per_line)]
    return "[\n" + "\n".join(lines) + "\n]"


def manifest_text(comment, name, kernel, workgroups, tables, entry="main", local_size=None,
                  subgroup_size=None):
    """A manifest: comment (each line becomes a # line), name, kernel, entry,
    workgroups (and local_size; both padded to three with 1), the required
    subgroup_size if given, then tables."""
    dims = lambda d: "[" + ", ".join(str(x) for x in list(d) + [1] * (3 - len(d))) + "]"
    lines = [f"# {c}" for c in comment.split("\n")]
    lines += [f'name = "{name}"', f'kernel = "{kernel}"', f'entry = "{entry}"', f"workgroups = {dims(workgroups)}"]
    lines += [f"local_size = {dims(local_size)}"] if local_size else []
    lines += [f"subgroup_size = {subgroup_size}"] if subgroup_size else []
    return "\n".join(lines) + "\n" + "".join("\n" + t for t in tables)


def write_manifest(path, *args, **kwargs):
    """Writes manifest_text(*args, **kwargs) to path."""
    with open(path, "w") as m:
        m.write(manifest_text(*args, **kwargs))
