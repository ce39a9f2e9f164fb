// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc work_group_reduce.cl -o work_group_reduce.bc && llvm-spirv-14 --spirv-max-version=1.0 work_group_reduce.bc -o work_group_reduce.spv
// An OpenCL 2.0 work-group collective (OpGroupIAdd at Workgroup scope): refused by name.
__kernel void wg_sum(__global const uint *in, __global uint *out) {
    size_t i = get_global_id(0);
    out[i] = work_group_reduce_add(in[i]);
}
