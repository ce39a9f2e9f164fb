#!/usr/bin/env python3
"""Inputs and reference outputs of nbody_1024.toml, independent of the
simulator: python3 gen_nbody.py (from this folder) writes pos.bin, vel.bin
(the bodies, f32 little-endian vec4), and new_pos.bin, new_vel.bin (one
step computed in f64 from the same f32 inputs, rounded to f32 at the end),
and prints the absolute tolerance the manifest's checks use: 4 x the
largest bound n * 2^-23 * dt * sum|pull| over the outputs, which covers the
f32 evaluation order of any implementation."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # workloads/, for gen_common
from gen_common import f32, lcg, write_values

N, DT, EPS2 = 1024, 0.01, 0.01
STATES = lcg(12345, 11)  # 53-bit values


def rand():
    """A uniform value in [-1, 1) from a 64-bit LCG (Knuth's MMIX constants)."""
    return f32(next(STATES) / 2**53 * 2 - 1)


pos = [[rand(), rand(), rand(), f32(1.0 / N)] for _ in range(N)]
vel = [[f32(0.1 * rand()), f32(0.1 * rand()), f32(0.1 * rand()), 0.0] for _ in range(N)]
new_pos, new_vel, bound = [], [], 0.0
for i in range(N):
    a = [0.0, 0.0, 0.0]
    mag = 0.0
    for j in range(N):
        d = [pos[j][k] - pos[i][k] for k in range(3)]
        r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + f32(EPS2)
        s = pos[j][3] / r2 ** 1.5
        for k in range(3):
            a[k] += d[k] * s
        mag += (abs(d[0]) + abs(d[1]) + abs(d[2])) * s
    v = [vel[i][k] + a[k] * f32(DT) for k in range(3)]
    new_vel.append([f32(x) for x in v] + [0.0])
    new_pos.append([f32(pos[i][k] + v[k] * f32(DT)) for k in range(3)] + [pos[i][3]])
    bound = max(bound, N * 2**-23 * f32(DT) * mag)


def write(name, rows):
    write_values(name, 'f', [x for r in rows for x in r])


write('pos.bin', pos)
write('vel.bin', vel)
write('new_pos.bin', new_pos)
write('new_vel.bin', new_vel)
print(f'abs tolerance: {4 * bound:.3g}')
