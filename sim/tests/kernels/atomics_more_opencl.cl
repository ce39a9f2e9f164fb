// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc atomics_more_opencl.cl -o atomics_more_opencl.bc && llvm-spirv-14 --spirv-max-version=1.0 atomics_more_opencl.bc -o atomics_more_opencl.spv
// Atomics test (sim/tests/builtins_atomics.rs): OpAtomicIIncrement, OpAtomicIDecrement,
// OpAtomicISub and OpAtomicExchange (32- and 64-bit), OpAtomicStore and OpAtomicLoad,
// on global (CrossWorkgroup) and local (Workgroup) memory. Each work-item records what
// every atomic returned (16 values); lane 0 of each workgroup records the final local
// values (8). The test checks that they form a valid serial order.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void am(global uint *g32, global ulong *g64, global ulong *r, global ulong *f,
               global atomic_uint *gs, global uint *ld) {
  local uint l32[4];
  local ulong l64[4];
  local atomic_uint ls;
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  uint v32 = gid * 7 + 3;
  ulong v64 = ((ulong)gid + 1) * 0x9E3779B97F4A7C15ul;
  if (lid == 0) {
    l32[0] = 0; l32[1] = 5; l32[2] = 1000000; l32[3] = 0xFFFFFFFF;
    l64[0] = 0xFFFFFFFEul; l64[1] = 3; l64[2] = 0x100000000ul; l64[3] = 0xFFFFFFFFFFFFFFFFul;
    atomic_init(&ls, 0);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong b = 16 * (ulong)gid;
  r[b + 0] = atomic_inc(&g32[0]);
  r[b + 1] = atomic_dec(&g32[1]);
  r[b + 2] = atomic_sub(&g32[2], gid + 1);
  r[b + 3] = atomic_xchg(&g32[3], v32);
  r[b + 4] = atom_inc(&g64[0]);
  r[b + 5] = atom_dec(&g64[1]);
  r[b + 6] = atom_sub(&g64[2], (ulong)gid * 0x100000001ul + 1);
  r[b + 7] = atom_xchg(&g64[3], v64);
  r[b + 8] = atomic_inc(&l32[0]);
  r[b + 9] = atomic_dec(&l32[1]);
  r[b + 10] = atomic_sub(&l32[2], gid + 1);
  r[b + 11] = atomic_xchg(&l32[3], v32);
  r[b + 12] = atom_inc(&l64[0]);
  r[b + 13] = atom_dec(&l64[1]);
  r[b + 14] = atom_sub(&l64[2], (ulong)gid * 0x100000001ul + 1);
  r[b + 15] = atom_xchg(&l64[3], v64);
  atomic_store_explicit(&gs[0], v32, memory_order_relaxed, memory_scope_device);
  atomic_store_explicit(&ls, v32, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    ulong fb = 8 * (ulong)get_group_id(0);
    f[fb + 0] = l32[0]; f[fb + 1] = l32[1]; f[fb + 2] = l32[2]; f[fb + 3] = l32[3];
    f[fb + 4] = l64[0]; f[fb + 5] = l64[1]; f[fb + 6] = l64[2]; f[fb + 7] = l64[3];
  }
  // every work-item of the group sees the same stored value; gs[1] holds a host value
  uint seen = atomic_load_explicit(&ls, memory_order_relaxed, memory_scope_work_group);
  uint host = atomic_load_explicit(&gs[1], memory_order_relaxed, memory_scope_device);
  ld[gid] = seen;
  ld[get_global_size(0) + gid] = host;
}
