// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc int_ops.cl -o int_ops.bc && llvm-spirv-14 --spirv-max-version=1.0 int_ops.bc -o int_ops.spv
//
// OpenCL.std integer instructions (section 2.2) on char/uchar, short/ushort,
// int/uint and long/ulong, scalars and vectors. Work-item i combines element
// i with element j = (5 * i + 3) % 64 of the same input and writes 12
// results per type at out[12 * i + k] (see sim/tests/opencl_library.rs for
// the plain-Rust reference).

#define BODY(T, UT, in, out)                                        \
    {                                                               \
        T a = in[i], b = in[j], c = in[(i + 11) % 64];              \
        out[12 * i + 0] = add_sat(a, b);                            \
        out[12 * i + 1] = sub_sat(a, b);                            \
        out[12 * i + 2] = hadd(a, b);                               \
        out[12 * i + 3] = rhadd(a, b);                              \
        out[12 * i + 4] = (T)abs_diff(a, b);                        \
        out[12 * i + 5] = (T)abs(a);                                \
        out[12 * i + 6] = mul_hi(a, b);                             \
        out[12 * i + 7] = mad_hi(a, b, c);                          \
        out[12 * i + 8] = mad_sat(a, b, c);                         \
        out[12 * i + 9] = rotate(a, b);                             \
        out[12 * i + 10] = clz(a) + popcount(b) + ctz(c);           \
        out[12 * i + 11] = clamp(a, min(b, c), max(b, c));          \
    }

__kernel void int_ops(__global const char *c8, __global char *o8,
                      __global const uchar *u8, __global uchar *ou8,
                      __global const short *c16, __global short *o16,
                      __global const ushort *u16, __global ushort *ou16,
                      __global const int *c32, __global int *o32,
                      __global const uint *u32, __global uint *ou32,
                      __global const long *c64, __global long *o64,
                      __global const ulong *u64, __global ulong *ou64,
                      __global short *up16, __global int *up32,
                      __global long *up64, __global int *m24)
{
    size_t i = get_global_id(0);
    size_t j = (5 * i + 3) % 64;
    BODY(char, uchar, c8, o8)
    BODY(uchar, uchar, u8, ou8)
    BODY(short, ushort, c16, o16)
    BODY(ushort, ushort, u16, ou16)
    BODY(int, uint, c32, o32)
    BODY(uint, uint, u32, ou32)
    BODY(long, ulong, c64, o64)
    BODY(ulong, ulong, u64, ou64)
    // upsample (signed hi, unsigned lo; unsigned hi).
    up16[2 * i] = upsample(c8[i], u8[j]);
    up16[2 * i + 1] = (short)upsample(u8[i], u8[j]);
    up32[2 * i] = upsample(c16[i], u16[j]);
    up32[2 * i + 1] = (int)upsample(u16[i], u16[j]);
    up64[2 * i] = upsample(c32[i], u32[j]);
    up64[2 * i + 1] = (long)upsample(u32[i], u32[j]);
    // 24-bit multiplies, inputs reduced into the defined range.
    int x = c32[i] >> 8, y = c32[j] >> 9;
    uint ux = u32[i] & 0xffffff, uy = u32[j] & 0xffffff;
    m24[4 * i] = mul24(x, y);
    m24[4 * i + 1] = mad24(x, y, c32[(i + 11) % 64]);
    m24[4 * i + 2] = (int)mul24(ux, uy);
    m24[4 * i + 3] = (int)mad24(ux, uy, u32[(i + 11) % 64]);
    // Vectors: int4 and ushort8 versions of a few, written after the scalars.
    if (i < 16) {
        int4 va = vload4(i, c32), vb = vload4((i + 5) % 16, c32);
        vstore4(add_sat(va, vb) ^ hadd(va, vb) ^ rotate(va, vb), i + 16 * 12, o32);
        ushort8 wa = vload8(i % 8, u16), wb = vload8((i + 3) % 8, u16);
        vstore8(sub_sat(wa, wb) + rhadd(wa, wb) + clz(wa), i + 12 * 8, ou16);
    }
}
