// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc early_exit.cl -o early_exit.bc && llvm-spirv-14 --spirv-max-version=1.0 early_exit.bc -o early_exit.spv
// Workgroups of 64 work-items whose second wave of 32 returns at once
// while the first runs a loop (sim/tests/knobs.rs, cu.wave_release):
// o[i] = the loop's sum for the first 32 of each workgroup, 0 for the rest.
__kernel void early_exit(__global uint *o, uint n) {
    uint i = get_global_id(0);
    if (get_local_id(0) >= 32) {
        return;
    }
    uint acc = 0;
    for (uint k = 0; k < n; k++) {
        acc = acc * 3 + k;
    }
    o[i] = acc;
}
