// cl_khr_subgroups: the sub-group built-ins, reductions and scans (add,
// min, max on uint, int, long and float), broadcasts and votes. Workgroups
// of 32 work-items are one subgroup of 32 on wave32 and wave64 alike (a
// wave64 runs them with 32 lanes active), so both give the same bits.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

#define K 16 // uint results per work-item
#define F 8  // float results per work-item
#define L 2  // long results per work-item

kernel void collectives(global const uint *in_u, global const int *in_i,
                        global const float *in_f, global const long *in_l,
                        global uint *out, global float *out_f,
                        global long *out_l) {
  size_t i = get_global_id(0);
  uint u = in_u[i];
  int s = in_i[i];
  float f = in_f[i];
  long l = in_l[i];
  global uint *o = out + i * K;
  o[0] = get_sub_group_size();
  // 32 or 64 (the wave): the same remainder either way.
  o[1] = get_max_sub_group_size() % 32u;
  o[2] = get_num_sub_groups();
  o[3] = get_sub_group_id();
  o[4] = get_sub_group_local_id();
  o[5] = sub_group_reduce_add(u);
  o[6] = sub_group_scan_inclusive_add(u);
  o[7] = sub_group_scan_exclusive_add(u);
  o[8] = sub_group_reduce_min(u);
  o[9] = (uint)sub_group_reduce_min(s);
  o[10] = sub_group_scan_inclusive_max(u);
  o[11] = (uint)sub_group_scan_exclusive_max(s);
  o[12] = (uint)sub_group_scan_inclusive_min(s);
  o[13] = sub_group_broadcast(u, 5u);
  o[14] = (uint)sub_group_all(u < 0x80000000u);
  o[15] = (uint)sub_group_any(u % 41u == 0u);
  global float *g = out_f + i * F;
  g[0] = sub_group_reduce_add(f);
  g[1] = sub_group_scan_inclusive_add(f);
  g[2] = sub_group_scan_exclusive_add(f);
  g[3] = sub_group_reduce_max(f);
  g[4] = sub_group_reduce_min(f);
  g[5] = sub_group_scan_inclusive_min(f);
  g[6] = sub_group_scan_exclusive_max(f);
  g[7] = sub_group_broadcast(f, 31u);
  global long *h = out_l + i * L;
  h[0] = sub_group_reduce_add(l);
  h[1] = sub_group_scan_inclusive_max(l);
}
