// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc printf.cl -o printf.bc && llvm-spirv-14 --spirv-max-version=1.0 printf.bc -o printf.spv
// printf from a few work-items: integers of several widths, floats,
// a vector, a string and a character. Only work-items 0..3 print.
__kernel void print_values(__global const float *x, __global int *status) {
    size_t i = get_global_id(0);
    if (i < 4) {
        float4 v = (float4)(x[i], 0.5f, -2.0f, 1e10f);
        int r = printf("item %u: x=%.3f hex=%#x neg=%d long=%ld\n",
                       (uint)i, x[i], (uint)(i * 255), -(int)i, (long)i * 10000000000L);
        r |= printf("  v=%v4hlf e=%e g=%g s=%s c=%c\n", v, x[i], x[i] * 1000.0f, "ok", 'A' + (int)i);
        status[i] = r;
    }
}
