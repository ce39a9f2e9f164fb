// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc opencl_two_locals.cl -o opencl_two_locals.bc && llvm-spirv-14 --spirv-max-version=1.0 opencl_two_locals.bc -o opencl_two_locals.spv
//
// Two __local pointer arguments side by side in workgroup memory: each
// invocation writes one int into the first and one float into the second,
// then reads another invocation's int back. With `local_bytes` too small
// for the first (workloads/bad/local_argument_too_small.toml) the store
// past its end faults rather than landing on the second's bytes.
kernel void two_locals(global int *out, local int *ints, local float *halves) {
  size_t i = get_local_id(0);
  size_t n = get_local_size(0);
  ints[i] = (int)(get_global_id(0) * 3);
  halves[i] = (float)i * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = ints[n - 1 - i] + (int)halves[i];
}
