// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc vec_ops.cl -o vec_ops.bc && llvm-spirv-14 --spirv-max-version=1.0 vec_ops.bc -o vec_ops.spv
//
// OpenCL.std vector data (2.6), shuffles (2.7), select/bitselect (2.5),
// through global and private (generic) pointers. Work-item i (0..63):
//   hout[8*i .. 8*i+8): f[i] stored as half with the default mode, rtz, rtp,
//                       rtn; vstore_half2_rtp of (f[i], -f[i]); the half
//                       at h[i] loaded and stored back; one spare (0x7777).
//   fout[4*i .. 4*i+4): vload_half4(i, h) (i < 16), else vloada_half4.
//   iout[16*i .. 16*i+16): shuffle / shuffle2 / select / bitselect of int4s
//                          read with vload4 / vload3.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

__kernel void vec_ops(__global const float *f, __global const half *h,
                      __global half *hout, __global float *fout,
                      __global const int *iv, __global int *iout,
                      __global const uint *masks)
{
    size_t i = get_global_id(0);
    float x = f[i];
    vstore_half(x, 8 * i, hout);
    vstore_half_rtz(x, 8 * i + 1, hout);
    vstore_half_rtp(x, 8 * i + 2, hout);
    vstore_half_rtn(x, 8 * i + 3, hout);
    vstore_half2_rtp((float2)(x, -x), 4 * i + 2, hout);
    vstore_half(vload_half(i, h), 8 * i + 6, hout);
    // Through a private array and a generic pointer.
    __private ushort tmp[4];
    vstore_half_rtn(x, 1, (__private half *)tmp);
    hout[8 * i + 7] = as_half(tmp[1]) ;
    float4 q = i < 16 ? vload_half4(i, h) : vloada_half4(i % 16, h);
    vstore4(q, i, fout);

    int4 a = vload4(i % 16, iv);
    int3 b3 = vload3((i + 7) % 21, iv);
    int4 b = (int4)(b3, iv[(i * 3) % 64]);
    uint4 m = vload4(i % 16, masks);
    uint8 m8 = vload8(i % 8, masks);
    int4 s1 = shuffle(a, m);
    int8 s2 = shuffle2(a, b, m8);
    int4 sel = select(a, b, b3.xyzx ^ a);
    int4 bs = bitselect(a, b, (int4)(0x0f0f0f0f, 0xff00ff00, 0x80000001, 0x7ffffffe) ^ (int)i);
    int sc = select(a.x, b.x, a.y & 1);
    vstore4(s1, 4 * i, iout);
    vstore8(s2, 2 * i + 1, iout);
    vstore3(sel.xyz, 0, iout + 16 * i + 12);
    iout[16 * i + 15] = sc + bs.x + bs.y + bs.z + bs.w;
}
