#!/usr/bin/env python3
"""Writes table `ref64` of opencl_std.jsonl (beside this script): f64
reference values of the OpenCL.std math functions computed with mpmath at
160 bits, 300 seeded inputs per function (and 300 more for the regions in
`EXTRA`), read by isa/tests/opencl_math.rs
(`measure_f64`). One row per input: `x`, `y` (0 for one-operand functions;
pown's and rootn's n as an f64 holding the integer) and `hi` are f64 bits,
`d` f32 bits: the exact value is hi + d ulp(hi).

The other tables of the file are kept line for line; the ref64 rows replace
the old ones in place (at the end of the file if there were none).
Regenerate from the workspace root with mpmath 1.3.0:

    python3 isa/tests/tables/opencl_std_ref64.py
"""
import json, os, random, struct
from mpmath import mp, mpf
mp.prec = 160
def bits(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def f32bits(x): return struct.unpack('<I', struct.pack('<f', x))[0]
rng = random.Random(20240611)
def pw(lo, hi, sign=True):
    v = rng.uniform(1, 2) * 2.0 ** rng.randint(lo, hi)
    return -v if sign and rng.random() < 0.5 else v
def uni(a, b): return rng.uniform(a, b)
def gamma_x():
    while True:
        x = uni(-170, 171.5)
        if x != int(x): return x
def lgamma_x():
    r = rng.random()
    if r < 0.3: return uni(-60, 5)
    if r < 0.6: return uni(0, 10)
    return pw(-20, 200, False)
def mlog2(x): return mp.log(x, 2)
def tanpi(x):
    if mp.cospi(x) == 0: return mpf(2) ** 2000
    return mp.sinpi(x) / mp.cospi(x)
def lg(x):
    return mp.log(abs(mp.gamma(x)))
def rootn(x, n):
    n = int(n)
    r = mp.root(abs(x), abs(n)) if n > 0 else 1 / mp.root(abs(x), abs(n))
    return -r if x < 0 else r
F = [
 ('acos', 1, lambda: uni(-1, 1), mp.acos),
 ('acosh', 1, lambda: 1 + pw(-40, 40, False), mp.acosh),
 ('acospi', 1, lambda: uni(-1, 1), lambda x: mp.acos(x) / mp.pi),
 ('asin', 1, lambda: pw(-40, -1) if rng.random() < .5 else uni(-1, 1), mp.asin),
 ('asinh', 1, lambda: pw(-40, 60), mp.asinh),
 ('asinpi', 1, lambda: pw(-40, -1) if rng.random() < .5 else uni(-1, 1), lambda x: mp.asin(x) / mp.pi),
 ('atan', 1, lambda: pw(-40, 60), mp.atan),
 ('atan2', 2, lambda: (pw(-60, 60), pw(-60, 60)), lambda y, x: mp.atan2(y, x)),
 ('atanh', 1, lambda: pw(-40, -1) if rng.random() < .5 else uni(-1, 1), mp.atanh),
 ('atanpi', 1, lambda: pw(-40, 60), lambda x: mp.atan(x) / mp.pi),
 ('atan2pi', 2, lambda: (pw(-60, 60), pw(-60, 60)), lambda y, x: mp.atan2(y, x) / mp.pi),
 ('cbrt', 1, lambda: pw(-1070, 1020), lambda x: mp.sign(x) * mp.cbrt(abs(x))),
 ('cos', 1, lambda: pw(-30, 40), mp.cos),
 ('cosh', 1, lambda: uni(-709, 709) if rng.random() < .5 else pw(-30, 5), mp.cosh),
 ('cospi', 1, lambda: pw(-30, 54), mp.cospi),
 ('erfc', 1, lambda: uni(-6, 27), mp.erfc),
 ('erf', 1, lambda: pw(-40, 2), mp.erf),
 ('exp', 1, lambda: uni(-708, 709) if rng.random() < .7 else pw(-40, 0), mp.exp),
 ('exp2', 1, lambda: uni(-1022, 1023) if rng.random() < .7 else pw(-40, 0), lambda x: mp.power(2, x)),
 ('exp10', 1, lambda: uni(-307, 308) if rng.random() < .7 else pw(-40, 0), lambda x: mp.power(10, x)),
 ('expm1', 1, lambda: uni(-40, 709) if rng.random() < .5 else pw(-50, 0), mp.expm1),
 ('hypot', 2, lambda: (pw(-500, 500), pw(-500, 500)), lambda x, y: mp.hypot(x, y)),
 ('lgamma', 1, lgamma_x, lg),
 ('log', 1, lambda: pw(-1070, 1020, False) if rng.random() < .6 else 1 + pw(-50, -1), mp.log),
 ('log2', 1, lambda: pw(-1070, 1020, False) if rng.random() < .6 else 1 + pw(-50, -1), mlog2),
 ('log10', 1, lambda: pw(-1070, 1020, False) if rng.random() < .6 else 1 + pw(-50, -1), mp.log10),
 ('log1p', 1, lambda: pw(-60, 100, False) if rng.random() < .6 else -pw(-60, -1, False), mp.log1p),
 ('pow', 2, lambda: (pw(-30, 30, False), pw(-10, 4)), lambda x, y: mp.power(x, y)),
 ('pown', 2, lambda: (pw(-10, 10), float(rng.randint(-60, 60))), lambda x, n: mp.power(x, int(n))),
 ('powr', 2, lambda: (pw(-30, 30, False), pw(-10, 4)), lambda x, y: mp.power(x, y)),
 ('rootn', 2, lambda: (lambda n: (pw(-1070, 1020, n % 2 == 1), float(n)))(rng.choice([i for i in range(-20, 21) if i != 0])), rootn),
 ('rsqrt', 1, lambda: pw(-1070, 1020, False), lambda x: 1 / mp.sqrt(x)),
 ('sin', 1, lambda: pw(-30, 40), mp.sin),
 ('sinh', 1, lambda: uni(-709, 709) if rng.random() < .5 else pw(-30, 5), mp.sinh),
 ('sinpi', 1, lambda: pw(-30, 54), mp.sinpi),
 ('tan', 1, lambda: pw(-30, 40), mp.tan),
 ('tanh', 1, lambda: pw(-30, 5), mp.tanh),
 ('tanpi', 1, lambda: pw(-30, 54), tanpi),
 ('tgamma', 1, gamma_x, mp.gamma),
]
# Regions the sweep above misses, from a second generator so the rows
# above stay as they were: exp10 on [-16, 16]; pow, powr and pown with x
# near 1 and |y| over 2^31 (where an f64 logarithm loses |y ln x| ulp);
# rootn of tiny x.
rng2 = random.Random(20261123)
def near_one():
    x = 1 + rng2.choice([-1, 1]) * rng2.uniform(1, 2) * 2.0 ** -rng2.randint(20, 52)
    # |y ln x| up to about 600 keeps the result in range.
    y = rng2.choice([-1, 1]) * min(rng2.uniform(1, 2) * 2.0 ** rng2.randint(31, 80), 600 / abs(float(mp.log(x))))
    return x, y
def near_one_int():
    n = rng2.choice([-1, 1]) * rng2.randint(2 ** 31 - 2 ** 28, 2 ** 31 - 1)
    x = 1 + rng2.choice([-1, 1]) * rng2.uniform(1, 500) / 2 ** 31
    return x, float(n)
EXTRA = [
 ('exp10', 1, lambda: rng2.uniform(-16, 16), lambda x: mp.power(10, x)),
 ('pow', 2, near_one, lambda x, y: mp.power(x, y)),
 ('powr', 2, near_one, lambda x, y: mp.power(x, y)),
 ('pown', 2, near_one_int, lambda x, n: mp.power(x, int(n))),
 ('rootn', 2, lambda: (lambda n: (rng2.uniform(1, 2) * 2.0 ** rng2.randint(-1074, -1000) * (-1 if n % 2 and rng2.random() < .5 else 1), float(n)))(rng2.choice([-5, -4, -3, -2, 2, 3, 4, 5, 7, 9])), rootn),
]
# lgamma on the negative axis, where a reflection formula cancels: the
# doubles nearest each zero (up to 4 ulp away), points 2^-50..2^-10 from
# the zeros, and random points of each interval (-n-1, -n). A generator of
# its own again, so the rows above stay as they were.
rng3 = random.Random(20261125)
def sign_change(f, a, b):
    fa = f(a) < 0
    for _ in range(150):
        m = (a + b) / 2
        if (f(m) < 0) == fa: a = m
        else: b = m
    return a
def lgamma_zeros(n):
    # ln|gamma| falls from +inf to a minimum (digamma's zero) and rises.
    a, b = mpf(-n - 1) + mpf(2) ** -60, mpf(-n) - mpf(2) ** -60
    m = sign_change(mp.digamma, a, b)
    return [sign_change(lg, lo, hi) for lo, hi in ((a, m), (m, b))]
ZEROS = [z for n in range(2, 11) for z in lgamma_zeros(n)]
def lgamma_negative():
    r = rng3.random()
    z = rng3.choice(ZEROS)
    if r < 0.35:
        x, k = float(z), rng3.randint(-4, 4)
        for _ in range(abs(k)):
            x = float(mpf(x) + mp.sign(k) * mpf(2) ** (mp.floor(mp.log(abs(mpf(x)), 2)) - 52))
        return x
    if r < 0.7:
        return float(z + rng3.choice([-1, 1]) * rng3.uniform(1, 2) * mpf(2) ** -rng3.randint(10, 50))
    if r < 0.9:
        n = rng3.randint(1, 60)
        return -n - rng3.uniform(0, 1)
    return -pw(6, 50, False) - 0.5
EXTRA.append(('lgamma', 1, lgamma_negative, lg))
N = 300
out = []
for name, ar, gen, fn in F + EXTRA:
    k = 0
    while k < N:
        a = gen()
        if ar == 1: x, y = a, 0.0
        else: x, y = a
        v = fn(mpf(x)) if ar == 1 else fn(mpf(x), mpf(y))
        if name in ('pown', 'rootn'):
            v = fn(mpf(x), y)
        if abs(v) > mpf(2) ** 1023 or (v != 0 and abs(v) < mpf(2) ** -1022): continue
        if not isinstance(v, type(mpf(1))): print(name, x, y, v); continue
        hi = float(v)
        e = mp.floor(mp.log(abs(mpf(hi)), 2)) if hi != 0 else -1074
        ulp = mpf(2) ** max(int(e) - 52, -1074)
        lo = float((v - mpf(hi)) / ulp)
        out.append(json.dumps({'inst': 'CL.' + name, 'table': 'ref64', 'x': '0x%x' % bits(x),
                               'y': '0x%x' % bits(y), 'hi': '0x%x' % bits(hi), 'd': '0x%x' % f32bits(lo)}))
        k += 1

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'opencl_std.jsonl')
lines = open(PATH).read().split('\n')[:-1] if os.path.exists(PATH) else []
at = next((i for i, l in enumerate(lines) if json.loads(l)['table'] == 'ref64'), len(lines))
keep = [l for l in lines if json.loads(l)['table'] != 'ref64']
rows = keep[:at] + out + keep[at:]
open(PATH, 'w').write('\n'.join(rows) + '\n')
print(len(out), 'ref64 rows')
