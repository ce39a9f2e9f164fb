kernel __attribute__((reqd_work_group_size(4, 1, 1)))
void mad(global const int* a, global const int* b, global int* out, int k) {
  size_t i = get_global_id(0);
  out[i] = a[i] * k + b[i];
}
