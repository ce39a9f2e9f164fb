#!/usr/bin/env python3
"""Writes the semantic test tables of three instruction sets beside this
script:

    amd_shader_trinary_minmax.jsonl         (read by isa/tests/amd_trinary.rs)
    intel_shader_integer_functions2.jsonl   (read by isa/tests/intel_int2.rs)
    ext_shader_atomic_float_min_max.jsonl   (read by isa/tests/float_atomics.rs)

The expected values are computed with exact Python arithmetic (integers,
fractions, struct-decoded IEEE values), independently of the Rust code under
test. One JSON object a line, one instruction a row (see README.md).

Regenerate all three from the workspace root with

    python3 isa/tests/tables/gen_tables.py

or only some by naming them (amd, intel, ext), e.g.
`python3 isa/tests/tables/gen_tables.py intel ext`."""
import json, os, struct, sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))

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
    return ('f%d' if kind == 'F' else 'i%d') % w

def hx(v):
    return '0x%x' % v

def row(inst, table, **fields):
    """A table row: the instruction it exercises, its table, its fields."""
    return dict(inst=inst, table=table, **fields)

def write(name, rows):
    path = os.path.join(HERE, name + '.jsonl')
    with open(path, 'w', newline='\n') as f:
        f.write(''.join(json.dumps(r) + '\n' for r in rows))
    print('%s: %d rows' % (os.path.relpath(path), len(rows)))

# ---------------------------------------------------------------- AMD
def amd():
    rows = []
    # Each sorted triple gives one row per instruction of its kind, in
    # opcode order (min3, max3, mid3), whose want is lo, hi or mid.
    def sorted_rows(kind, t, b, note):
        lo, mid, hi = b
        for inst, want in (('Min3', lo), ('Max3', hi), ('Mid3', mid)):
            rows.append(row('AMD.' + kind + inst, 'sorted', ty=t, lo=hx(lo), mid=hx(mid), hi=hx(hi),
                            want=hx(want), note=note))
    F_TRIPLES = [('one', 'two', 'half'), ('mone', 'one', 'pz'), ('pz', 'nz', 'pz'), ('nz', 'pz', 'nz'),
                 ('nz', 'nz', 'nz'), ('one', 'one', 'two'), ('two', 'one', 'one'), ('inf', 'ninf', 'one'),
                 ('maxf', 'nmaxf', 'inf'), ('dmin', 'ndmin', 'pz'), ('dmax', 'minn', 'dmin'),
                 ('nminn', 'ndmin', 'mhalf'), ('ninf', 'ninf', 'maxf'), ('half', 'half', 'half'),
                 ('mhalf', 'two', 'nmaxf')]
    for w in (16, 32, 64):
        v = fvals(w)
        for t in F_TRIPLES:
            b = sorted((v[n] for n in t), key=lambda x: fkey(w, x))
            sorted_rows('F', ty('F', w), b, ' '.join(t))
    for w in (8, 16, 32, 64):
        m = (1 << w) - 1
        smin, smax = -(1 << (w - 1)), (1 << (w - 1)) - 1
        S = [(0, 1, -1), (smin, smax, 0), (smin + 1, smin, smax - 1), (smax, smax, smin), (-1, -1, -1),
             (5, -7, 3), (smin, smin, smin + 1), (0, 0, 1), (-2, smax, 2), (smax - 1, smax, -1)]
        U = [(0, 1, m), (m, m - 1, 0), (1 << (w - 1), (1 << (w - 1)) - 1, 1), (m, m, 0), (7, 7, 7),
             (0, 0, 1), (3, 9, 5), (m, 2, m - 1), (1 << (w - 1), 0, m), (1, 0, 0)]
        for t in S:
            b = sorted(t)
            sorted_rows('S', ty('I', w), [x & m for x in b], ' '.join(map(str, t)))
        for t in U:
            b = sorted(t)
            sorted_rows('U', ty('I', w), b, ' '.join(map(str, t)))
    # NaN rows: min3/max3 ignore NaN operands; all NaN -> default quiet NaN;
    # mid3 with any NaN operand -> min3 of the operands.
    NT = [('qnan', 'one', 'two'), ('one', 'qnan', 'mone'), ('one', 'two', 'snan'), ('nqnan', 'qnan', 'half'),
          ('snan', 'nsnan', 'qnan'), ('qnan', 'qnan', 'qnan'), ('ninf', 'nqnan', 'inf'), ('nz', 'snan', 'pz')]
    for w in (16, 32, 64):
        v = fvals(w)
        for t in NT:
            bits = [v[n] for n in t]
            num = [b for b in bits if not is_nan(w, b)]
            mn = min(num, key=lambda x: fkey(w, x)) if num else qnan(w)
            mx = max(num, key=lambda x: fkey(w, x)) if num else qnan(w)
            for inst, want in (('AMD.FMin3', mn), ('AMD.FMax3', mx), ('AMD.FMid3', mn)):
                a, b, c = bits
                rows.append(row(inst, 'nan', ty=ty('F', w), a=hx(a), b=hx(b), c=hx(c), want=hx(want),
                                note=' '.join(t)))
    write('amd_shader_trinary_minmax', rows)

# ---------------------------------------------------------------- INTEL
def intel():
    rows = []
    BINARY = ['AbsISub', 'AbsUSub', 'IAddSat', 'UAddSat', 'IAverage', 'UAverage', 'IAverageRounded',
              'UAverageRounded', 'ISubSat', 'USubSat']
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
            for name, x in zip(BINARY, want):
                rows.append(row('INTEL.' + name, 'pairs', ty=ty('I', w), a=hx(a), b=hx(b), want=hx(x)))
    for a in [0, 1, 2, 3, 0x80000000, 0xffffffff, 0x7fffffff, 0x00010000, 0x0000ffff, 0x00f00f00, 0x40000000, 0x80000001]:
        clz = 32 if a == 0 else 32 - a.bit_length()
        ctz = 32 if a == 0 else (a & -a).bit_length() - 1
        for name, count in (('UCountLeadingZeros', clz), ('UCountTrailingZeros', ctz)):
            rows.append(row('INTEL.' + name, 'scans', ty='i32', a=hx(a), want=count))
    M = [(3, 5), (0xffffffff, 1), (1, 0xffffffff), (1, 0x8000), (2, 0x7fff), (0x10000, 0xffff), (0x12345678, 0xabcd1234),
         (0xffffffff, 0xffff), (0x80000000, 0x8000), (0x7fffffff, 0x7fff), (0, 0xffffffff), (0xdeadbeef, 0x0001ffff),
         (0x00012345, 0xffff8000)]
    for a, b in M:
        lo = b & 0xffff
        sb = lo - 0x10000 if lo & 0x8000 else lo
        imul = (a * sb) & 0xffffffff   # operand 1 bit pattern times sign-extended low half, low 32 bits
        umul = (a * lo) & 0xffffffff
        for name, x in (('IMul32x16', imul), ('UMul32x16', umul)):
            rows.append(row('INTEL.' + name, 'muls', ty='i32', a=hx(a), b=hx(b), want=hx(x)))
    write('intel_shader_integer_functions2', rows)

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
                for inst, want in (('EXT.AtomicFMin', mn), ('EXT.AtomicFMax', mx)):
                    rows.append(row(inst, 'cases', ty=ty('F', w), old=hx(o), value=hx(val), want=hx(want),
                                    note='%s %s' % (x, y)))
    write('ext_shader_atomic_float_min_max', rows)

SETS = {'amd': amd, 'intel': intel, 'ext': ext}

if __name__ == '__main__':
    wanted = sys.argv[1:] or list(SETS)
    for s in wanted:
        if s not in SETS:
            sys.exit('usage: gen_tables.py [%s ...]' % '|'.join(SETS))
    for s in wanted:
        SETS[s]()
