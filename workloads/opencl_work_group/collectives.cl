// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -cl-ext=+cl_khr_fp64,+cl_khr_fp16 -O2 -finclude-default-header -emit-llvm-bc collectives.cl -o collectives.bc && llvm-spirv-14 --spirv-max-version=1.0 collectives.bc -o collectives.spv
// OpenCL 2.0 work-group collectives: work_group_reduce / scan_inclusive /
// scan_exclusive of add, min and max on uint, int, long, ulong, half, float
// and double, work_group_all / any and a 1D work_group_broadcast. Workgroups
// may hold several waves and end in a partial one; gen.py lists the sizes.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

#define K 14 // uint results per work-item
#define F 7  // float results per work-item
#define L 6  // long results per work-item
#define D 6  // double results per work-item
#define H 4  // half results per work-item

kernel void collectives(global const uint *in_u, global const int *in_i,
                        global const float *in_f, global const long *in_l,
                        global const double *in_d, global uint *out,
                        global float *out_f, global long *out_l,
                        global double *out_d, global const half *in_h,
                        global half *out_h) {
  size_t i = get_global_id(0);
  uint u = in_u[i];
  int s = in_i[i];
  float f = in_f[i];
  long l = in_l[i];
  ulong ul = (ulong)l;
  double d = in_d[i];
  global uint *o = out + i * K;
  o[0] = work_group_reduce_add(u);
  o[1] = work_group_scan_inclusive_add(u);
  o[2] = work_group_scan_exclusive_add(u);
  o[3] = work_group_reduce_min(u);
  o[4] = work_group_scan_inclusive_max(u);
  o[5] = work_group_scan_exclusive_min(u);
  o[6] = (uint)work_group_reduce_max(s);
  o[7] = (uint)work_group_reduce_min(s);
  o[8] = (uint)work_group_scan_inclusive_min(s);
  o[9] = (uint)work_group_scan_exclusive_max(s);
  o[10] = (uint)work_group_scan_exclusive_add(s);
  o[11] = (uint)work_group_all(u < 0x80000000u);
  o[12] = (uint)work_group_any(u % 97u == 0u);
  // The last work-item: in the partial wave when there is one.
  o[13] = work_group_broadcast(u, get_local_size(0) - 1);
  global float *g = out_f + i * F;
  g[0] = work_group_reduce_add(f);
  g[1] = work_group_scan_inclusive_add(f);
  g[2] = work_group_scan_exclusive_add(f);
  g[3] = work_group_reduce_min(f);
  g[4] = work_group_reduce_max(f);
  g[5] = work_group_scan_inclusive_min(f);
  g[6] = work_group_scan_exclusive_max(f);
  global long *h = out_l + i * L;
  h[0] = work_group_reduce_add(l);
  h[1] = work_group_scan_inclusive_add(l);
  h[2] = work_group_scan_exclusive_max(l);
  h[3] = (long)work_group_reduce_min(ul);
  h[4] = (long)work_group_scan_inclusive_max(ul);
  h[5] = (long)work_group_scan_exclusive_add(ul);
  global double *e = out_d + i * D;
  e[0] = work_group_reduce_add(d);
  e[1] = work_group_scan_inclusive_add(d);
  e[2] = work_group_scan_exclusive_add(d);
  e[3] = work_group_reduce_max(d);
  e[4] = work_group_scan_exclusive_min(d);
  e[5] = work_group_scan_inclusive_max(d);
  half x = in_h[i];
  global half *k = out_h + i * H;
  k[0] = work_group_reduce_add(x);
  k[1] = work_group_scan_inclusive_add(x);
  k[2] = work_group_scan_exclusive_max(x);
  k[3] = work_group_reduce_min(x);
}
