// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc opencl_kernel_args.cl -o opencl_kernel_args.bc && llvm-spirv-14 --spirv-max-version=1.0 opencl_kernel_args.bc -o opencl_kernel_args.spv
// An OpenCL kernel whose buffers and scalars are bound by name and by number
// from opencl_kernel_args.amber.
kernel __attribute__((reqd_work_group_size(8, 1, 1)))
void scale_add(global const float* in, global float* out, float scale, int offset) {
  size_t i = get_global_id(0);
  out[i] = in[i] * scale + (float)offset;
}
