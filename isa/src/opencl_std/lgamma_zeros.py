#!/usr/bin/env python3
"""Writes lgamma_zeros.rs (beside this script): the zeros of ln|gamma(x)|
on the negative axis, two in each interval (-n-1, -n) for n = 2..=24
(none lie above -2), each as a sum of three doubles, with the first four
Taylor coefficients of ln|gamma| there, c_k = psi^(k-1)(x0) / k!. Computed
with mpmath at 400 bits. Regenerate from the workspace root with mpmath
1.3.0:

    python3 isa/src/opencl_std/lgamma_zeros.py
"""
import os
from mpmath import mp, mpf
mp.prec = 400
LAST = 24

def lg(x):
    return mp.log(abs(mp.gamma(x)))

def bisect(f, a, b, steps):
    fa = f(a)
    for _ in range(steps):
        m = (a + b) / 2
        fm = f(m)
        if (fm < 0) == (fa < 0):
            a, fa = m, fm
        else:
            b = m
    return (a + b) / 2

def refine(x):
    # Newton on ln|gamma| (derivative: digamma).
    for _ in range(8):
        x = x - lg(x) / mp.digamma(x)
    return x

def split3(v):
    hi = float(v)
    mid = float(v - mpf(hi))
    lo = float(v - mpf(hi) - mpf(mid))
    return hi, mid, lo

rows = []
for n in range(2, LAST + 1):
    lo_end, hi_end = mpf(-n - 1), mpf(-n)
    # The minimum of |gamma| (digamma's zero) splits the interval.
    eps = mpf(2) ** -300
    xm = bisect(mp.digamma, lo_end + eps, hi_end - eps, 380)
    # ln|gamma| falls from +inf to its minimum and rises back: one zero each side.
    for a, b in ((lo_end + eps, xm), (xm, hi_end - eps)):
        x0 = refine(bisect(lg, a, b, 380))
        assert abs(lg(x0) / mp.digamma(x0)) < mpf(2) ** -300, (n, x0)
        c = [mp.polygamma(k - 1, x0) / mp.factorial(k) for k in range(1, 5)]
        rows.append((n, split3(x0), [float(v) for v in c]))

def lit(x):
    return f"f64::from_bits(0x{__import__('struct').unpack('<Q', __import__('struct').pack('<d', x))[0]:016X})"

out = [
    "// Written by lgamma_zeros.py beside this file: do not edit.",
    "",
    "/// A zero of ln|gamma| on the negative axis: x0 = hi + mid + lo, and the",
    "/// Taylor coefficients c[k-1] = psi^(k-1)(x0) / k! of ln|gamma| there.",
    "pub(super) struct Zero {",
    "    pub x0: [f64; 3],",
    "    pub c: [f64; 4],",
    "}",
    "",
    f"/// The two zeros in (-n-1, -n) for n = 2..={LAST}, lower first.",
    "#[rustfmt::skip]",
    f"pub(super) const ZEROS: [[Zero; 2]; {LAST - 1}] = [",
]
for i in range(0, len(rows), 2):
    out.append("    [")
    for n, x0, c in rows[i:i + 2]:
        out.append("        Zero {")
        out.append("            x0: [" + ", ".join(lit(v) for v in x0) + "],")
        out.append("            c: [" + ", ".join(lit(v) for v in c) + "],")
        out.append("        },")
    out.append("    ],")
out.append("];")
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lgamma_zeros.rs")
open(path, "w").write("\n".join(out) + "\n")
print(len(rows), "zeros")
