// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -cl-ext=+cl_khr_fp64,+cl_khr_fp16 -O2 -finclude-default-header -emit-llvm-bc broadcast.cl -o broadcast.bc && llvm-spirv-14 --spirv-max-version=1.0 broadcast.bc -o broadcast.spv
// OpenCL 2.0 work_group_broadcast with 1D, 2D and 3D local ids
// (OpGroupBroadcast's LocalId a scalar, a 2-vector, a 3-vector) on uint,
// float, long and double; each kernel also broadcasts from a local id
// outside the workgroup, which gpusim defines as 0.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define K 4 // results per work-item, in each buffer

// Work-item k of the whole grid: its workgroup's linear id, then its
// linear id within the workgroup.
static size_t item(void) {
  size_t group = get_group_id(0) +
                 get_num_groups(0) * (get_group_id(1) +
                                      get_num_groups(1) * get_group_id(2));
  size_t n = get_local_size(0) * get_local_size(1) * get_local_size(2);
  return group * n + get_local_linear_id();
}

kernel void broadcast_1d(global const uint *in_u, global const float *in_f,
                         global const long *in_l, global const double *in_d,
                         global uint *out, global float *out_f,
                         global long *out_l, global double *out_d) {
  size_t k = item();
  size_t x = get_local_size(0);
  out[k * K] = work_group_broadcast(in_u[k], x - 1);
  out[k * K + 1] = work_group_broadcast(in_u[k], 0);
  out[k * K + 2] = work_group_broadcast(in_u[k], x / 3);
  out[k * K + 3] = work_group_broadcast(in_u[k], x);
  out_f[k * K] = work_group_broadcast(in_f[k], x / 2);
  out_l[k * K] = work_group_broadcast(in_l[k], x - 2);
  out_d[k * K] = work_group_broadcast(in_d[k], 1);
}

kernel void broadcast_2d(global const uint *in_u, global const float *in_f,
                         global const long *in_l, global const double *in_d,
                         global uint *out, global float *out_f,
                         global long *out_l, global double *out_d) {
  size_t k = item();
  size_t x = get_local_size(0), y = get_local_size(1);
  out[k * K] = work_group_broadcast(in_u[k], x - 1, y - 1);
  out[k * K + 1] = work_group_broadcast(in_u[k], 0, 0);
  out[k * K + 2] = work_group_broadcast(in_u[k], x / 3, y / 2);
  out[k * K + 3] = work_group_broadcast(in_u[k], 0, y);
  out_f[k * K] = work_group_broadcast(in_f[k], 1, y - 1);
  out_l[k * K] = work_group_broadcast(in_l[k], x - 1, 0);
  out_d[k * K] = work_group_broadcast(in_d[k], x / 2, 1);
}

kernel void broadcast_3d(global const uint *in_u, global const float *in_f,
                         global const long *in_l, global const double *in_d,
                         global uint *out, global float *out_f,
                         global long *out_l, global double *out_d) {
  size_t k = item();
  size_t x = get_local_size(0), y = get_local_size(1), z = get_local_size(2);
  out[k * K] = work_group_broadcast(in_u[k], x - 1, y - 1, z - 1);
  out[k * K + 1] = work_group_broadcast(in_u[k], 0, 0, 0);
  out[k * K + 2] = work_group_broadcast(in_u[k], x / 2, y / 3, z / 2);
  out[k * K + 3] = work_group_broadcast(in_u[k], x, 0, 0);
  out_f[k * K] = work_group_broadcast(in_f[k], 1, 2, z - 1);
  out_l[k * K] = work_group_broadcast(in_l[k], x - 1, 0, 1);
  out_d[k * K] = work_group_broadcast(in_d[k], 0, y - 1, z / 2);
}
