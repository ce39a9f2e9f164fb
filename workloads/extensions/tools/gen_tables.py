#!/usr/bin/env python3
"""Computes the expected values of the semantic test tables in
isa/src/{amd_shader_trinary_minmax,intel_shader_integer_functions2,
ext_shader_atomic_float_min_max}.rs with exact Python arithmetic
(integers, fractions, struct-decoded IEEE values), independently of the Rust
code under test. Usage: python3 gen_tables.py amd|intel|ext
Prints the rows to paste into the `cases` module of the file."""
import struct, sys
from fractions import Fraction

FMT = {16: 'e', 32: 'f', 64: 'd'}
ARR = {16: 'H', 32: 'I', 64: 'Q'}

def fval(w, bits):
    return struct.unpack('<' + FMT[w], struct.pack('<' + ARR[w], bits))[0]

def is_nan(w, bits):
    v = fval(w, bits)
    return v != v

def qnan(w):
    return {16: 0x7e00, 32: 0x7fc00000, 64: 0x7ff8000000000000}[w]

def fkey(w, bits):
    # exact value; -0 sorts before +0 (documented choice of the simulator)
    v = fval(w, bits)
    neg_zero = 1 if (v == 0 and bits >> (w - 1)) else 0
    return (Fraction(v) if v not in (float('inf'), float('-inf')) else (Fraction(10**400) if v > 0 else Fraction(-10**400)), 0 if neg_zero else 1)

def fvals(w):
    sign = 1 << (w - 1)
    man = {16: 10, 32: 23, 64: 52}[w]
    exp_all = ((1 << (w - 1 - man)) - 1) << man
    one = {16: 0x3c00, 32: 0x3f800000, 64: 0x3ff0000000000000}[w]
    two = {16: 0x4000, 32: 0x40000000, 64: 0x4000000000000000}[w]
    half = {16: 0x3800, 32: 0x3f000000, 64: 0x3fe0000000000000}[w]
    maxf = exp_all - 1
    d_min = 1
    d_max = (1 << man) - 1
    min_norm = 1 << man
    return dict(pz=0, nz=sign, one=one, mone=one | sign, two=two, half=half, mhalf=half | sign,
                inf=exp_all, ninf=exp_all | sign, maxf=maxf, nmaxf=maxf | sign,
                dmin=d_min, ndmin=d_min | sign, dmax=d_max, minn=min_norm, nminn=min_norm | sign,
                qnan=exp_all | (1 << (man - 1)), nqnan=exp_all | (1 << (man - 1)) | sign | 5,
                snan=exp_all | 1, nsnan=exp_all | 3 | sign)

def ty(kind, w):
    return ('Scalar::Float(%d)' if kind == 'F' else 'Scalar::Int(%d)') % w

def hx(v):
    return '0x%x' % v

# ---------------------------------------------------------------- AMD
def amd():
    rows = []
    F_TRIPLES = [('one', 'two', 'half'), ('mone', 'one', 'pz'), ('pz', 'nz', 'pz'), ('nz', 'pz', 'nz'),
                 ('nz', 'nz', 'nz'), ('one', 'one', 'two'), ('two', 'one', 'one'), ('inf', 'ninf', 'one'),
                 ('maxf', 'nmaxf', 'inf'), ('dmin', 'ndmin', 'pz'), ('dmax', 'minn', 'dmin'),
                 ('nminn', 'ndmin', 'mhalf'), ('ninf', 'ninf', 'maxf'), ('half', 'half', 'half'),
                 ('mhalf', 'two', 'nmaxf')]
    for w in (16, 32, 64):
        v = fvals(w)
        for t in F_TRIPLES:
            b = sorted((v[n] for n in t), key=lambda x: fkey(w, x))
            rows.append('    Sorted { kind: Kind::F, ty: %s, lo: %s, mid: %s, hi: %s }, // %s' % (ty('F', w), hx(b[0]), hx(b[1]), hx(b[2]), ' '.join(t)))
    for w in (8, 16, 32, 64):
        m = (1 << w) - 1
        smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
        S = [(0, 1, -1), (smin, smax, 0), (smin + 1, smin, smax - 1), (smax, smax, smin), (-1, -1, -1),
             (5, -7, 3), (smin, smin, smin + 1), (0, 0, 1), (-2, smax, 2), (smax - 1, smax, -1)]
        U = [(0, 1, m), (m, m - 1, 0), (1 << (w - 1), (1 << (w - 1)) - 1, 1), (m, m, 0), (7, 7, 7),
             (0, 0, 1), (3, 9, 5), (m, 2, m - 1), (1 << (w - 1), 0, m), (1, 0, 0)]
        for t in S:
            b = sorted(t)
            rows.append('    Sorted { kind: Kind::S, ty: %s, lo: %s, mid: %s, hi: %s }, // %s' % (ty('I', w), *(hx(x & m) for x in b), ' '.join(map(str, t))))
        for t in U:
            b = sorted(t)
            rows.append('    Sorted { kind: Kind::U, ty: %s, lo: %s, mid: %s, hi: %s }, // %s' % (ty('I', w), *(hx(x) for x in b), ' '.join(map(str, t))))
    print('pub static SORTED: &[Sorted] = &[')
    print('\n'.join(rows))
    print('];')
    # NaN rows: min3/max3 ignore NaN operands; all NaN -> default quiet NaN;
    # mid3 with any NaN operand -> min3 of the operands.
    rows = []
    NT = [('qnan', 'one', 'two'), ('one', 'qnan', 'mone'), ('one', 'two', 'snan'), ('nqnan', 'qnan', 'half'),
          ('snan', 'nsnan', 'qnan'), ('qnan', 'qnan', 'qnan'), ('ninf', 'nqnan', 'inf'), ('nz', 'snan', 'pz')]
    for w in (16, 32, 64):
        v = fvals(w)
        for t in NT:
            bits = [v[n] for n in t]
            num = [b for b in bits if not is_nan(w, b)]
            mn = min(num, key=lambda x: fkey(w, x)) if num else qnan(w)
            mx = max(num, key=lambda x: fkey(w, x)) if num else qnan(w)
            for op, want in ((1, mn), (4, mx), (7, mn)):
                rows.append('    Nan { op: %d, ty: %s, a: %s, b: %s, c: %s, want: %s }, // %s' % (op, ty('F', w), *(hx(x) for x in bits), hx(want), ' '.join(t)))
    print('pub static NAN: &[Nan] = &[')
    print('\n'.join(rows))
    print('];')

# ---------------------------------------------------------------- INTEL
def intel():
    rows = []
    for w in (8, 16, 32, 64):
        m = (1 << w) - 1
        smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
        base = [0, 1, m, 1 << (w - 1), (1 << (w - 1)) - 1, (1 << (w - 1)) + 1, m - 1]
        pat = int('5a' * (w // 8), 16)
        extra = [(pat, pat ^ m), (pat ^ m, pat), (2, 3), (3, 2), (m - 2, 5), (5, m - 2), (0x10, m - 0x0f)]
        pairs = [(a, b) for a in base for b in base] + extra
        def s(x):
            return x - (1 << w) if x >> (w - 1) else x
        def sat_s(x):
            return max(smin, min(smax, x)) & m
        def sat_u(x):
            return max(0, min(m, x))
        for a, b in pairs:
            sa, sb = s(a), s(b)
            want = [
                abs(sa - sb),                    # AbsISub (unsigned result)
                abs(a - b),                      # AbsUSub
                sat_s(sa + sb),                  # IAddSat
                sat_u(a + b),                    # UAddSat
                ((sa + sb) >> 1) & m,            # IAverage (floor)
                (a + b) >> 1,                    # UAverage
                ((sa + sb + 1) >> 1) & m,        # IAverageRounded
                (a + b + 1) >> 1,                # UAverageRounded
                sat_s(sa - sb),                  # ISubSat
                sat_u(a - b),                    # USubSat
            ]
            assert all(0 <= x <= m for x in want)
            rows.append('    Pair { bits: %d, a: %s, b: %s, want: [%s] },' % (w, hx(a), hx(b), ', '.join(hx(x) for x in want)))
    print('pub static PAIRS: &[Pair] = &[')
    print('\n'.join(rows))
    print('];')
    rows = []
    for a in [0, 1, 2, 3, 0x80000000, 0xffffffff, 0x7fffffff, 0x00010000, 0x0000ffff, 0x00f00f00, 0x40000000, 0x80000001]:
        clz = 32 if a == 0 else 32 - a.bit_length()
        ctz = 32 if a == 0 else (a & -a).bit_length() - 1
        rows.append('    Scan { a: %s, clz: %d, ctz: %d },' % (hx(a), clz, ctz))
    print('pub static SCANS: &[Scan] = &[')
    print('\n'.join(rows))
    print('];')
    rows = []
    M = [(3, 5), (0xffffffff, 1), (1, 0xffffffff), (1, 0x8000), (2, 0x7fff), (0x10000, 0xffff), (0x12345678, 0xabcd1234),
         (0xffffffff, 0xffff), (0x80000000, 0x8000), (0x7fffffff, 0x7fff), (0, 0xffffffff), (0xdeadbeef, 0x0001ffff),
         (0x00012345, 0xffff8000)]
    for a, b in M:
        lo = b & 0xffff
        sb = lo - 0x10000 if lo & 0x8000 else lo
        imul = (a * sb) & 0xffffffff   # operand 1 bit pattern times sign-extended low half, low 32 bits
        umul = (a * lo) & 0xffffffff
        rows.append('    Mul { a: %s, b: %s, imul: %s, umul: %s },' % (hx(a), hx(b), hx(imul), hx(umul)))
    print('pub static MULS: &[Mul] = &[')
    print('\n'.join(rows))
    print('];')

# ---------------------------------------------------------------- EXT
def ext():
    rows = []
    names = ['pz', 'nz', 'one', 'mone', 'inf', 'ninf', 'maxf', 'nmaxf', 'dmin', 'ndmin', 'qnan', 'nqnan', 'snan']
    for w in (16, 32, 64):
        v = fvals(w)
        for x in names:
            for y in names:
                o, val = v[x], v[y]
                no, nv = is_nan(w, o), is_nan(w, val)
                if no and nv:
                    mn = mx = qnan(w)
                elif no:
                    mn = mx = val
                elif nv:
                    mn = mx = o
                else:
                    mn = min((o, val), key=lambda b: fkey(w, b))
                    mx = max((o, val), key=lambda b: fkey(w, b))
                rows.append('    Case { ty: %s, old: %s, value: %s, min: %s, max: %s }, // %s %s' % (ty('F', w), hx(o), hx(val), hx(mn), hx(mx), x, y))
    print('pub static CASES: &[Case] = &[')
    print('\n'.join(rows))
    print('];')

{'amd': amd, 'intel': intel, 'ext': ext}[sys.argv[1]]()
