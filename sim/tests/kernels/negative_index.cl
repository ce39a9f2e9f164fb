// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc negative_index.cl -o negative_index.bc && llvm-spirv-14 --spirv-max-version=1.0 negative_index.bc -o negative_index.spv
// Each work-item stores at its id plus `off`, which a negative value takes
// below the buffer: the fault names the buffer (a small offset) or says
// the address is below 0 (a large one).
__kernel void negative_index(__global int *out, int off) {
    int i = get_global_id(0);
    out[i + off] = i;
}
