// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc casts.cl -o casts.bc && llvm-spirv-14 --spirv-max-version=1.0 casts.bc -o casts.spv
// to_global / to_local / to_private (OpGenericCastToPtrExplicit) on a
// generic pointer into __global, __local or __private memory by work-item:
// each cast to another space gives NULL. out[i] holds which casts kept the
// pointer (1 global, 2 local, 4 private) plus 8 times the word read back
// through the generic pointer; fences[i] its get_fence
// (OpGenericPtrMemSemantics): CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE,
// or 0 for __private.
__kernel void casts(__global int *g, __global int *out, __global int *fences) {
    __local int l[16];
    int p[2];
    int i = get_local_id(0);
    l[i] = 100 + i;
    p[i & 1] = 200 + i;
    barrier(CLK_LOCAL_MEM_FENCE);
    int *gp;
    switch (i % 3) {
    case 0: gp = (int *)&g[i]; break;
    case 1: gp = (int *)&l[i]; break;
    default: gp = (int *)&p[i & 1]; break;
    }
    int kept = (to_global(gp) != 0) + 2 * (to_local(gp) != 0) + 4 * (to_private(gp) != 0);
    out[i] = kept + 8 * *gp;
    fences[i] = (int)get_fence(gp);
}
