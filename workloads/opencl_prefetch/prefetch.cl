// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc prefetch.cl -o prefetch.bc && llvm-spirv-14 --spirv-max-version=1.0 prefetch.bc -o prefetch.spv
// With use_prefetch set, each work-item prefetches the 16 floats it will
// read, works a while, then reads them: the reads hit in the cache.
__kernel void sum16(__global const float *x, __global float *y, int use_prefetch) {
    size_t i = get_global_id(0);
    __global const float *p = x + i * 16;
    if (use_prefetch)
        prefetch(p, 16);
    float w = (float)i;
    for (int k = 0; k < 64; k++)
        w = w * 0.5f + 1.0f;
    float s = 0.0f;
    for (int k = 0; k < 16; k++)
        s += p[k];
    y[i] = s + w * 0.0f;
}
