#!/usr/bin/env python3
"""Writes the OpenCL application workloads of this folder for SIZE work-items
(options, bodies, output samples, points; default 600, the committed size):
pseudo-random inputs (a 64-bit LCG per workload, fixed seeds), the expected
outputs, computed here in plain Python independently of the simulator, and
the manifests.

    python3 gen.py [SIZE [FOLDER [KERNEL ...]]]

KERNEL is any of black_scholes, nbody, fixed_point, bbox64 (default: all).
FOLDER defaults to this script's folder; another folder gets manifests whose
kernel paths point back here (studies write their large sizes elsewhere).

* black_scholes: SIZE options. The reference is the formula in f64 (math.erf,
  math.log, ...) from the same f32 inputs, rounded to f32 once. The checks'
  absolute tolerance is twice the largest first-order error bound of the
  kernel's f32 evaluation over the options (bs_bound below), so it depends on
  the inputs and is printed.
* nbody: SIZE bodies (workgroups of 64, the last may be partial). The
  reference sums in f64; up to 4096 bodies it covers every body, beyond that
  only the first 1024 (an all-pairs reference in plain Python grows as
  SIZE^2), and the checks cover that range. Tolerance: 4 x the largest
  recursive-summation bound (n + 64) 2^-23 dt sum|pull| over the checked
  bodies, plus 2^-22 for the rounding of the position update.
* fixed_point: SIZE output samples of the 16-tap Q15 FIR. The reference
  implements the OpenCL C definitions with exact Python integers (mad_sat:
  a*b + c saturated to the type, add_sat: a + b saturated, mul_hi: the high
  half of the double-width product, i.e. floor(a*b / 2^32)), step by step in
  the kernel's order. Exact checks. It prints how often each saturating
  operation saturated and, from 512 samples up, requires each to saturate
  for 5% to 95% of the samples. Two manifests share the inputs and the
  expected outputs: fixed_point (mad_sat accumulations) and
  fixed_point_add_sat (the same filter with add_sat accumulations, -DADD_SAT).
* bbox64: SIZE points in double (40 significant bits each, so not
  representable in float), boxes computed with Python's min and max (exact);
  three manifests as in ../atomics_bbox: contended, spread (a box per
  workgroup of 64) and reduce (the contended kernel over the spread boxes'
  corners). Exact checks.
"""
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # workloads/, for gen_common
from gen_common import (box_manifests, buffer, ceil_2_digits, check, f32, lcg, out_folder, scalar_arg,
                        size_args, table, write_boxes, write_manifest, write_values)

U = 2.0**-24  # unit roundoff of f32: one ulp of x is at most 2 U |x|
WG = 64  # work-items per workgroup (manifest local_size)
TAPS = 16


def uniform(rand, lo, hi):
    """A uniform value in [lo, hi) from a draw of lcg (31 bits)."""
    return lo + (hi - lo) * (next(rand) / 2.0**31)


def groups(n):
    return (n + WG - 1) // WG


def write(folder, name, fmt, values):
    write_values(os.path.join(folder, name), fmt, values)


def manifest(folder, name, kernel, entry, n, comment, tables):
    """A manifest of n work-items in workgroups of WG."""
    write_manifest(os.path.join(folder, f"{name}.toml"), comment, name, kernel, [groups(n)], tables,
                   entry=entry, local_size=[WG])


# ---------------------------------------------------------------------------
# Black-Scholes
# ---------------------------------------------------------------------------

BS_R, BS_V = 0.02, 0.30  # the rate and volatility of the CUDA SDK sample


def bs_price(s, k, t, r, v):
    """Call and put in f64 (math.erf), from f32 inputs."""
    vst = v * math.sqrt(t)
    d1 = (math.log(s / k) + (r + 0.5 * v * v) * t) / vst
    d2 = d1 - vst
    n1 = 0.5 + 0.5 * math.erf(d1 / math.sqrt(2.0))
    n2 = 0.5 + 0.5 * math.erf(d2 / math.sqrt(2.0))
    disc = k * math.exp(-r * t)
    return s * n1 - disc * n2, disc * (1.0 - n2) - s * (1.0 - n1)


def bs_bound(s, k, t, r, v):
    """A first-order bound on the absolute error of the kernel's f32
    evaluation of (call, put), following the kernel operation by operation
    with the OpenCL C 2.0 full-profile accuracies as relative errors (in
    units of U, one ulp being at most 2 U): + - * 1 (a mad counts as a
    rounded multiply and a rounded add, which also bounds a fused one),
    / 5 (2.5 ulp), sqrt, log and exp 6 (3 ulp), erf 32 (16 ulp), and the f32
    constant 1/sqrt(2) 1. Each E_x bounds the error of x; the final rounding
    of the f64 reference to f32 adds U |price|."""
    sq = math.sqrt(t)
    e_sq = 6 * U * sq
    vst = v * sq
    e_vst = v * e_sq + U * vst
    q = s / k
    lg = math.log(q)
    e_lg = 5 * U + 6 * U * abs(lg)  # relative error of q, absolute in log
    a = r + 0.5 * v * v
    e_a = 0.5 * U * v * v + U * abs(a)
    at = a * t
    e_at = e_a * t + U * abs(at)
    num = lg + at
    e_num = e_lg + e_at + U * abs(num)
    d1 = num / vst
    e_d1 = e_num / vst + abs(num) * e_vst / vst**2 + 5 * U * abs(d1)
    d2 = d1 - vst
    e_d2 = e_d1 + e_vst + U * abs(d2)

    def cnd(d, e_d):
        x = d / math.sqrt(2.0)
        e_x = e_d / math.sqrt(2.0) + 2 * U * abs(x)
        er = math.erf(x)
        e_er = 2 / math.sqrt(math.pi) * math.exp(-x * x) * e_x + 32 * U * abs(er)
        nd = 0.5 + 0.5 * er
        e_n = 0.5 * e_er + U * nd
        return nd, e_n, e_n + U * (1.0 - nd)  # N, E_N, E_(1-N)

    n1, e_n1, e_m1 = cnd(d1, e_d1)
    n2, e_n2, e_m2 = cnd(d2, e_d2)
    rt = r * t
    ex = math.exp(-rt)
    e_ex = ex * (U * rt + 6 * U)
    disc = k * ex
    e_disc = k * e_ex + U * disc
    call = s * n1 - disc * n2
    put = disc * (1 - n2) - s * (1 - n1)
    e_call = (s * e_n1 + U * s * n1) + (n2 * e_disc + disc * e_n2 + U * disc * n2) + U * abs(call)
    e_put = ((1 - n2) * e_disc + disc * e_m2 + U * disc * (1 - n2)) + (s * e_m1 + U * s * (1 - n1)) + U * abs(put)
    return max(e_call, e_put) + U * max(abs(call), abs(put))


def gen_black_scholes(folder, rel, n):
    rand = lcg(11)
    S, K, T = [], [], []
    for _ in range(n):
        S.append(f32(uniform(rand, 5.0, 30.0)))
        K.append(f32(uniform(rand, 1.0, 100.0)))
        T.append(f32(uniform(rand, 0.25, 10.0)))
    r, v = f32(BS_R), f32(BS_V)
    calls, puts, bound = [], [], 0.0
    for s, k, t in zip(S, K, T):
        c, p = bs_price(s, k, t, r, v)
        calls.append(f32(c))
        puts.append(f32(p))
        bound = max(bound, bs_bound(s, k, t, r, v))
    t_abs = ceil_2_digits(2 * bound)
    for name, vals in (("S", S), ("K", K), ("T", T), ("call", calls), ("put", puts)):
        write(folder, f"bs_{name}.bin", "f", vals)
    manifest(folder, "black_scholes", f"{rel}/black_scholes.spv", "black_scholes", n,
             f"""Black-Scholes call and put prices of {n} European options in float
(black_scholes.cl). Written by gen.py ({n}); the expected prices are the
formula in f64 rounded to f32. Tolerance: twice the largest first-order
bound of the f32 evaluation's error with OpenCL's full-profile accuracies
(2 x {bound:.3g}, see gen.py bs_bound).""",
             [buffer(name, "f32", f'file = "bs_{name}.bin"', arg=i) for i, name in enumerate("SKT")]
             + [buffer(name, "f32", f"len = {n}", arg=3 + i) for i, name in enumerate(("call", "put"))]
             + [scalar_arg(5, "f32", BS_R), scalar_arg(6, "f32", BS_V), scalar_arg(7, "u32", n)]
             + [check(name, f'file = "bs_{name}.bin"', f"abs = {t_abs:g}") for name in ("call", "put")])
    print(f"black_scholes: {n} options, abs tolerance {t_abs:g} (largest bound {bound:.3g})")


# ---------------------------------------------------------------------------
# n-body
# ---------------------------------------------------------------------------

NB_DT, NB_EPS2 = 0.01, 0.01


def gen_nbody(folder, rel, n):
    rand = lcg(12345)

    def r1():
        return f32(uniform(rand, -1.0, 1.0))

    pos = [[r1(), r1(), r1(), f32(1.0 / n)] for _ in range(n)]
    vel = [[f32(0.1 * r1()), f32(0.1 * r1()), f32(0.1 * r1()), 0.0] for _ in range(n)]
    dt, eps2 = f32(NB_DT), f32(NB_EPS2)
    m = n if n <= 4096 else 1024  # bodies with a reference
    new_pos, new_vel, bound = [], [], 0.0
    for i in range(m):
        pi = pos[i]
        ax = ay = az = mag = 0.0
        for pj in pos:
            dx, dy, dz = pj[0] - pi[0], pj[1] - pi[1], pj[2] - pi[2]
            s = pj[3] / (dx * dx + dy * dy + dz * dz + eps2) ** 1.5
            ax += dx * s
            ay += dy * s
            az += dz * s
            mag += (abs(dx) + abs(dy) + abs(dz)) * s
        v = [vel[i][0] + ax * dt, vel[i][1] + ay * dt, vel[i][2] + az * dt]
        new_vel.append([f32(x) for x in v] + [0.0])
        new_pos.append([f32(pi[k] + v[k] * dt) for k in range(3)] + [pi[3]])
        bound = max(bound, (n + 64) * 2.0**-23 * dt * mag)
    t_abs = ceil_2_digits(4 * bound + 2.0**-22)
    flat = lambda rows: [x for r in rows for x in r]
    write(folder, "nbody_pos.bin", "f", flat(pos))
    write(folder, "nbody_vel.bin", "f", flat(vel))
    write(folder, "nbody_new_pos.bin", "f", flat(new_pos))
    write(folder, "nbody_new_vel.bin", "f", flat(new_vel))
    checked = "every body" if m == n else f"the first {m} bodies (range [0, {4 * m}])"
    rng = [] if m == n else [f"range = [0, {4 * m}]"]
    manifest(folder, "nbody", f"{rel}/nbody.spv", "nbody_step", n,
             f"""One all-pairs n-body step over {n} bodies (float4, rsqrt), staged through
__local memory a tile of {WG} bodies at a time (nbody.cl). Written by gen.py
({n}); the expected state is the step in f64 rounded to f32, for
{checked}. Tolerance: 4 x the largest bound (n + 64) 2^-23 dt sum|pull|
(f32 summation in any order, rsqrt's 2 ulp) plus 2^-22.""",
             [buffer(name, "f32", f'file = "nbody_{name}.bin"', arg=i) for i, name in enumerate(("pos", "vel"))]
             + [buffer(name, "f32", f"len = {4 * n}", arg=2 + i) for i, name in enumerate(("new_pos", "new_vel"))]
             + [table("arg", "index = 4", f"local_bytes = {16 * WG}"),
                scalar_arg(5, "f32", NB_DT), scalar_arg(6, "f32", NB_EPS2), scalar_arg(7, "u32", n)]
             + [check(name, f'file = "nbody_{name}.bin"', *rng, f"abs = {t_abs:g}") for name in ("new_pos", "new_vel")])
    print(f"nbody: {n} bodies, reference for {m}, abs tolerance {t_abs:g}")


# ---------------------------------------------------------------------------
# Fixed-point FIR (OpenCL C integer built-ins, defined independently)
# ---------------------------------------------------------------------------

def sat(x, bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return min(max(x, lo), hi)


def mad_sat(a, b, c, bits, signed):
    """OpenCL C mad_sat: a * b + c, saturated to the result type."""
    return sat(a * b + c, bits, signed)


def add_sat(a, b, bits, signed):
    """OpenCL C add_sat: a + b, saturated to the result type."""
    return sat(a + b, bits, signed)


def mul_hi(a, b, bits):
    """OpenCL C mul_hi: the high half of the 2*bits-bit product (the
    operands' signedness is Python's own); floor division by 2^bits."""
    return (a * b) >> bits


FIR_GAIN = round(1.25 * 2**28)  # Q3.28
FIR_ESCALE = 2**28  # Q0.32: 1/16, the mean square of the 16-sample window


def fir_taps():
    """A Hann-windowed low-pass, DC gain 1.25 (taps sum to 1.25 in Q15)."""
    w = [0.5 - 0.5 * math.cos(2 * math.pi * (k + 1) / (TAPS + 1)) for k in range(TAPS)]
    return [round(x * 1.25 * 32768 / sum(w)) for x in w]


def gen_fixed_point(folder, rel, n):
    rand = lcg(7)
    h = fir_taps()
    assert -32768 not in h  # so x * 2h never overflows an int (ADD_SAT)
    # A reflected random walk over the whole Q15 range plus noise, clamped:
    # long loud stretches (saturation) and quiet ones, both signs.
    x, walk, step = [], 0, 0
    for _ in range(n + TAPS - 1):
        step = (step * 3 + (next(rand) % 4001) - 2000) // 4
        walk += step * 3
        if walk > 30000:
            walk = 60000 - walk
        if walk < -30000:
            walk = -60000 - walk
        x.append(sat(walk + (next(rand) % 2001) - 1000, 16, True))
    y, energy = [], []
    count = {"accumulator (int)": 0, "energy (uint)": 0,
             "Q31 scale (int mad_sat)": 0, "mix (short add_sat)": 0}
    for i in range(n):
        acc, e, s_acc, s_e = 0, 0, False, False
        for k in range(TAPS):
            xv = x[i + k]
            exact = xv * (h[k] << 1) + acc
            acc = mad_sat(xv, h[k] << 1, acc, 32, True)
            s_acc |= acc != exact
            ax = abs(xv)  # abs(int) is a uint in OpenCL C
            exact = ax * ax + e
            e = mad_sat(ax, ax, e, 32, False)
            s_e |= e != exact
        hi = mul_hi(acc, FIR_GAIN, 32)
        q31 = mad_sat(hi, 16, 0x8000, 32, True)
        wet = q31 >> 16  # arithmetic shift; fits a short
        dry = x[i + TAPS // 2] >> 1  # arithmetic shift: the dry signal at half level
        out = add_sat(wet, dry, 16, True)
        y.append(out)
        energy.append(mul_hi(e, FIR_ESCALE, 32))
        count["accumulator (int)"] += s_acc
        count["energy (uint)"] += s_e
        count["Q31 scale (int mad_sat)"] += q31 != hi * 16 + 0x8000
        count["mix (short add_sat)"] += out != wet + dry
    write(folder, "fir_x.bin", "h", x)
    write(folder, "fir_h.bin", "h", h)
    write(folder, "fir_y.bin", "h", y)
    write(folder, "fir_energy.bin", "I", energy)
    fractions = ", ".join(f"{k} {v / n:.0%}" for k, v in count.items())
    for name, how in (
            ("fixed_point", "fixed_point.cl: mad_sat accumulations, mul_hi, add_sat"),
            ("fixed_point_add_sat", "fixed_point.cl -DADD_SAT: add_sat accumulations,\nmul_hi, mad_sat")):
        manifest(folder, name, f"{rel}/{name}.spv", "fir_q15", n,
                 f"""A 16-tap Q15 FIR filter over {n} output samples
({how}).
Written by gen.py ({n}); the expected outputs follow the OpenCL C
definitions in exact integer arithmetic. Samples that saturated:
{fractions}.""",
                 [buffer(b, "i16", f'file = "fir_{b}.bin"', arg=i) for i, b in enumerate("xh")]
                 + [buffer("y", "i16", f"len = {n}", arg=2), buffer("energy", "u32", f"len = {n}", arg=3),
                    scalar_arg(4, "i32", FIR_GAIN, comment="gain 1.25 in Q3.28"),
                    scalar_arg(5, "u32", FIR_ESCALE, comment="1/16 in Q0.32"),
                    scalar_arg(6, "u32", n)]
                 + [check(b, f'file = "fir_{b}.bin"') for b in ("y", "energy")])
    print(f"fixed_point: {n} samples; saturated: {fractions}")
    if n >= 512:
        for k, v in count.items():
            assert 0.05 <= v / n <= 0.95, f"{k} saturates for {v} of {n} samples"


# ---------------------------------------------------------------------------
# Bounding box in double with 64-bit float atomics
# ---------------------------------------------------------------------------

def gen_bbox64(folder, rel, n):
    rand = lcg(3)
    # 40 significant bits in [-128, 128): exact in double, not in float.
    pts = [[((next(rand) << 9) | (next(rand) & 511)) / 2.0**32 - 128.0 for _ in range(3)]
           for _ in range(n)]
    g = write_boxes(folder, "bbox64_", "d", pts, WG)

    def bbox_manifest(name, kernel, comment, n, points_file, box_init, box_expected):
        manifest(folder, name, kernel, "bbox64", n,
                 f"{comment}\nWritten by gen.py; the expected box was computed there (exact).",
                 [buffer("points", "f64", f'file = "{points_file}"', arg=0),
                  buffer("box", "f64", f'file = "{box_init}"', arg=1),
                  scalar_arg(2, "u32", n),
                  check("box", f'file = "{box_expected}"')])

    box_manifests(bbox_manifest, rel, "bbox64", "bbox64_", n, WG,
                  points="double points", item="work-item", six="doubles")
    print(f"bbox64: {n} points, {g} workgroups")


KERNELS = {"black_scholes": gen_black_scholes, "nbody": gen_nbody,
           "fixed_point": gen_fixed_point, "bbox64": gen_bbox64}


def main():
    (n,), folder, which = size_args([600])
    assert n >= 1
    which = which or list(KERNELS)
    for k in which:
        assert k in KERNELS, f"unknown kernel {k}; choose from {', '.join(KERNELS)}"
    folder, rel = out_folder(HERE, folder)
    for k in which:
        KERNELS[k](folder, rel, n)


main()
