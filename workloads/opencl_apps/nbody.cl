// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc nbody.cl -o nbody.bc && llvm-spirv-14 --spirv-max-version=1.0 nbody.bc -o nbody.spv
//
// One step of an all-pairs n-body simulation with the bodies staged through
// __local memory one tile (one workgroup's worth of bodies) at a time: every
// work-item copies one body into the tile, barrier, every work-item sums the
// softened pull of the whole tile with rsqrt, barrier, next tile. Then
// semi-implicit Euler. Work-items past n (the last workgroup may be partial)
// load zero-mass bodies and still reach every barrier, but write nothing.
// The difference and the acceleration are float4 with w = 0: written with
// float3, llvm-spirv-14 emits the loop's exit block (which extracts the
// float3 from the float4 it keeps) before the loop body that defines the
// value, and spirv-val rejects the module ("ID ... has not been defined").
// Arguments:
//   0, 1: __global const float4 *pos, *vel   xyz, pos.w = mass
//   2, 3: __global float4 *new_pos, *new_vel
//   4:    __local float4 *tile               local_size float4s
//   5, 6: float dt, eps2                      time step, softening squared
//   7:    uint n                              number of bodies
__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel,
                         __global float4 *new_pos, __global float4 *new_vel,
                         __local float4 *tile, float dt, float eps2, uint n)
{
    size_t i = get_global_id(0);
    size_t lid = get_local_id(0);
    size_t lsz = get_local_size(0);
    float4 pi = i < n ? pos[i] : (float4)(0.0f);
    float4 a = (float4)(0.0f);
    for (size_t base = 0; base < n; base += lsz) {
        tile[lid] = base + lid < n ? pos[base + lid] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t j = 0; j < lsz; j++) {
            float4 pj = tile[j];
            float4 d = (float4)(pj.xyz - pi.xyz, 0.0f);
            float inv = rsqrt(dot(d, d) + eps2);
            a += d * (pj.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) {
        float3 v = vel[i].xyz + a.xyz * dt;
        new_vel[i] = (float4)(v, 0.0f);
        new_pos[i] = (float4)(pi.xyz + v * dt, pi.w);
    }
}
