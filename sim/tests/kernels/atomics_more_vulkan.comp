// glslangValidator -V --target-env vulkan1.2 atomics_more_vulkan.comp -o atomics_more_vulkan.spv
// Atomics test (sim/tests/builtins_atomics.rs): 64-bit OpAtomicUMin/UMax/SMin/SMax/
// Exchange/CompareExchange and 32-bit OpAtomicExchange/OpAtomicStore/OpAtomicLoad, on
// storage buffers (shared by all workgroups) and on shared memory (per workgroup).
// Every invocation records the value each atomic returned; the test checks that the
// returned values and the final contents form a valid serial order.
// v = (g + 1) * 0x9E3779B97F4A7C15 (wrapping), g = global id: distinct, mixed signs.
#version 450
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 96) in;
// u[0] umin, u[1] umax, u[2] exchange, u[3] single-shot compare-exchange, u[4] CAS-loop add
layout(set = 0, binding = 0) buffer U { uint64_t u[]; };
// s[0] smin, s[1] smax
layout(set = 0, binding = 1) buffer S { int64_t s[]; };
// w[0] exchange, w[1] store target, w[2] load source (host value)
layout(set = 0, binding = 2) buffer W { uint w[]; };
// 14 returned values per invocation (see below)
layout(set = 0, binding = 3) buffer R { uint64_t r[]; };
// 10 final shared values per workgroup
layout(set = 0, binding = 4) buffer F { uint64_t f[]; };
shared uint64_t su[5];
shared int64_t ss[2];
shared uint sw[2];

void main() {
  uint g = gl_GlobalInvocationID.x;
  uint l = gl_LocalInvocationID.x;
  uint64_t v = (uint64_t(g) + 1ul) * 0x9E3779B97F4A7C15ul;
  uint64_t add = (uint64_t(g) + 1ul) * 0x100000001ul;
  uint v32 = g * 7u + 3u;
  if (l == 0u) {
    su[0] = 0x8000000000000000ul;
    su[1] = 0x7FFFFFFFFFFFFFFFul;
    su[2] = 0xFFFFFFFFFFFFFFFFul;
    su[3] = 0x0123456789ABCDEFul;
    su[4] = 0xFFFFFFF0ul;
    ss[0] = 0l;
    ss[1] = 0l;
    sw[0] = 0xFFFFFFFFu;
    sw[1] = 0u;
  }
  barrier();
  uint b = 14u * g;
  r[b + 0u] = atomicMin(u[0], v);
  r[b + 1u] = atomicMax(u[1], v);
  r[b + 2u] = uint64_t(atomicMin(s[0], int64_t(v)));
  r[b + 3u] = uint64_t(atomicMax(s[1], int64_t(v)));
  r[b + 4u] = atomicExchange(u[2], v);
  r[b + 5u] = atomicCompSwap(u[3], 0x0123456789ABCDEFul, v);
  r[b + 6u] = atomicMin(su[0], v);
  r[b + 7u] = atomicMax(su[1], v);
  r[b + 8u] = uint64_t(atomicMin(ss[0], int64_t(v)));
  r[b + 9u] = uint64_t(atomicMax(ss[1], int64_t(v)));
  r[b + 10u] = atomicExchange(su[2], v);
  r[b + 11u] = atomicCompSwap(su[3], 0x0123456789ABCDEFul, v);
  r[b + 12u] = uint64_t(atomicExchange(w[0], v32)) | (uint64_t(atomicExchange(sw[0], v32)) << 32);
  // 64-bit add by compare-exchange loops (carries cross the 32-bit halves)
  uint64_t cur, got;
  do {
    cur = atomicLoad(u[4], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    got = atomicCompSwap(u[4], cur, cur + add);
  } while (got != cur);
  do {
    cur = atomicLoad(su[4], gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);
    got = atomicCompSwap(su[4], cur, cur + add);
  } while (got != cur);
  atomicStore(w[1], v32, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
  atomicStore(sw[1], v32, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);
  barrier();
  uint seen = atomicLoad(sw[1], gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);
  uint host = atomicLoad(w[2], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
  r[b + 13u] = uint64_t(seen) | (uint64_t(host) << 32);
  if (l == 0u) {
    uint fb = 10u * gl_WorkGroupID.x;
    f[fb + 0u] = su[0];
    f[fb + 1u] = su[1];
    f[fb + 2u] = uint64_t(ss[0]);
    f[fb + 3u] = uint64_t(ss[1]);
    f[fb + 4u] = su[2];
    f[fb + 5u] = su[3];
    f[fb + 6u] = su[4];
    f[fb + 7u] = uint64_t(sw[0]);
    f[fb + 8u] = uint64_t(sw[1]);
    f[fb + 9u] = 0x5EEDul;
  }
}
