// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -cl-ext=+cl_khr_fp64,+cl_khr_fp16 -O2 -finclude-default-header -emit-llvm-bc reduce_add.cl -o reduce_add.bc && llvm-spirv-14 --spirv-max-version=1.0 reduce_add.bc -o reduce_add.spv
// One work_group_reduce_add on uint: the collective alone, for measuring
// its timing (sim/tests/subgroups.rs).
kernel void wg_sum(global const uint *in, global uint *out) {
  size_t i = get_global_id(0);
  out[i] = work_group_reduce_add(in[i]);
}
