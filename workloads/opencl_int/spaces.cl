// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc spaces.cl -o spaces.bc && llvm-spirv-14 --spirv-max-version=1.0 spaces.bc -o spaces.spv
// vloadn / vstoren / vload_half / vstore_half(_rtz) / vloada_half through
// __local, __constant and __private memory (the other kernels use __global).
__constant float table[8] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
// 1.0, 2.0, 3.0, 4.0 as half bits (half itself is not a storage type here).
__constant ushort htable[4] = {0x3c00, 0x4000, 0x4200, 0x4400};

__kernel void spaces(__global float *out, __global half *hout, __local float *scratch,
                     __local half *hscratch) {
    size_t l = get_local_id(0);
    // __constant: vload4 and vload_half.
    float4 c = vload4(l & 1, table);
    float hc = vload_half(l & 3, (__constant half *)htable);
    // __local: vstore4 then vload4 of a neighbour's vector.
    vstore4(c + (float)l, l, scratch);
    vstore_half_rtz((float)l / 3.0f, l, hscratch);
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 n = vload4((l + 1) & 7, scratch);
    float hn = vload_half((l + 1) & 7, hscratch);
    // __private: vstore_half4 / vloada_half4 through a private array.
    ushort4 storage;
    __private half *p = (__private half *)&storage;
    vstore_half4(n, 0, p);
    float4 back = vloada_half4(0, p);
    vstore4(back, l, out);
    out[32 + l] = hc + hn;
    vstore_half_rtp(hn * 3.0f, l, hout);
}
