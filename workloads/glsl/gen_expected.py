#!/usr/bin/env python3
"""Expected values for the GLSL.std.450 workloads (glsl_math, glsl_pack).

Independent of the simulator: every value is the exact mathematical result
(mpmath at 300 bits, or exact rationals) rounded once to nearest-even in the
result type. Run `python3 gen_expected.py` to rewrite the two manifests.
"""
import os
import sys
from fractions import Fraction as Fr
import mpmath as mp

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # workloads/, for gen_common
from gen_common import buffer, check, manifest_text, toml_list

mp.mp.prec = 300


def mpf(v):
    if isinstance(v, Fr):
        return mp.mpf(v.numerator) / v.denominator
    return mp.mpf(v)


def rnd(v, bits, emin):
    """Round to a binary float with `bits` significant bits, min exponent emin."""
    v = mpf(v)
    if v == 0 or mp.isinf(v) or mp.isnan(v):
        return v
    e = int(mp.floor(mp.log(abs(v), 2)))
    e = max(e, emin)
    q = v / mp.mpf(2) ** (e - bits + 1)
    n = mp.nint(q)  # ties to even
    return n * mp.mpf(2) ** (e - bits + 1)


def f32(v):
    return float(rnd(v, 24, -126))


def f16(v):
    return float(rnd(v, 11, -14))


def f64(v):
    return float(rnd(v, 53, -1022))


def fmt(x):
    r = repr(float(x))
    if r == "nan":
        return "nan"
    if r in ("inf", "-inf"):
        return r
    return r


def data(vals, per_line=8):
    return toml_list([fmt(v) for v in vals], per_line)


def math_manifest():
    n = 64
    xs = [f32(0.25 + i * 0.1) for i in range(n)]
    o, oh, od, og = [], [], [], []
    for v in xs:
        V = Fr(v)
        m = mpf(v)
        t = min(max((V - 1) / 4, Fr(0)), Fr(1))
        o += [
            f32(mp.sin(m)), f32(mp.cos(m)), f32(mp.exp(m)), f32(mp.log(m)),
            f32(mp.sqrt(m)), f32(1 / mp.sqrt(m)), f32(mp.power(m, 1.5)),
            f32(mp.atan2(m, 2)), f32(mp.tanh(m)), f32(mp.asinh(m)),
            f32(V - (V.numerator // V.denominator)),
            f32(V * V - 2),
            f32(t * t * (3 - 2 * t)),
            float(V.numerator // V.denominator),
            float(min(max(V, Fr(1)), Fr(4))),
            float(round(V)),  # Python's round on a Fraction: ties to even
        ]
        h = Fr(f16(V))
        hm = mpf(h)
        oh += [f16(mp.power(2, hm)), f16(mp.log(hm, 2)), f16(mp.sqrt(hm)), f16(h * h + h)]
        od += [f64(mp.sqrt(m)), f64(1 / mp.sqrt(m)), f64(V * V - 1), float(-((-V.numerator) // V.denominator))]
        L = mp.sqrt(m * m + 5)
        og += [f32(L), f32(m / L), f32(1 / L), f32(2 / L),
               f32(Fr(0) - 2 * V), f32(Fr(2)), f32(V * V - 1),
               f32(mp.sqrt((m - 1) ** 2 + 1))]
    return manifest_text(
        "GLSL.std.450 float math at f32 / f16 / f64 (see glsl_math.comp).\n"
        "Expected values: gen_expected.py (mpmath, correctly rounded). Transcendental\n"
        "and geometry results are checked to 1 ulp (the simulator measures <= 0.5 ulp\n"
        "+ 2^-29 for f32/f16 functions); exact operations are checked bit for bit.",
        "glsl_math", "glsl_math.spv", [1],
        [buffer("x", "f32", f"len = {n}", "series = { start = 0.25, step = 0.1 }", binding=0)]
        + [buffer(name, ty, f"len = {n * per}", binding=i + 1)
           for i, (name, ty, per) in enumerate((("o", "f32", 16), ("oh", "f16", 4), ("od", "f64", 4), ("og", "f32", 8)))]
        + [check("o", "ulp = 1", f"data = {data(o)}"), check("oh", f"data = {data(oh)}"),
           check("od", "ulp = 1", f"data = {data(od)}"), check("og", "ulp = 1", f"data = {data(og)}")])


if __name__ == "__main__":
    import sys
    which = sys.argv[1:] or ["math", "pack"]
    if "math" in which:
        open("glsl_math.toml", "w").write(math_manifest())
    if "pack" in which:
        import gen_pack
        open("glsl_pack.toml", "w").write(gen_pack.manifest(f32, f16, f64, data))
