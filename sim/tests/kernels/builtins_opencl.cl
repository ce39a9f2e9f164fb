// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -cl-ext=+cl_khr_subgroups -O2 -finclude-default-header -emit-llvm-bc builtins_opencl.cl -o builtins_opencl.bc && llvm-spirv-14 --spirv-max-version=1.0 builtins_opencl.bc -o builtins_opencl.spv
// Built-ins test (sim/tests/builtins_atomics.rs): every OpenCL work-item function,
// 32 words per work-item at slot get_global_linear_id(); the dimension index is a loop
// variable, so the built-in vectors are indexed dynamically. No extra capability is needed.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
kernel void builtins(global uint *o) {
  size_t s = get_global_linear_id();
  global uint *p = o + s * 32;
  for (uint d = 0; d < 3; d++) {
    p[0 + d] = get_global_id(d);
    p[3 + d] = get_local_id(d);
    p[6 + d] = get_group_id(d);
    p[9 + d] = get_num_groups(d);
    p[12 + d] = get_global_size(d);
    p[15 + d] = get_local_size(d);
    p[18 + d] = get_enqueued_local_size(d);
    p[21 + d] = get_global_offset(d);
  }
  p[24] = get_global_linear_id();
  p[25] = get_local_linear_id();
  p[26] = get_work_dim();
  p[27] = get_sub_group_size();
  p[28] = get_num_sub_groups();
  p[29] = get_sub_group_id();
  p[30] = get_sub_group_local_id();
  p[31] = get_max_sub_group_size();
}
