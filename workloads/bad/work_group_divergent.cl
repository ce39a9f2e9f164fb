// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc work_group_divergent.cl -o work_group_divergent.bc && llvm-spirv-14 --spirv-max-version=1.0 work_group_divergent.bc -o work_group_divergent.spv
// A work-group collective reached by only some work-items (the first 100 of
// 256), which OpenCL forbids: like a barrier there, an error naming it.
kernel void wg_divergent(global const uint *in, global uint *out) {
  size_t i = get_global_id(0);
  if (get_local_id(0) < 100)
    out[i] = work_group_reduce_add(in[i]);
}
