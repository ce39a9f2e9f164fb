// glslangValidator -V --target-env vulkan1.2 reduce.comp -o reduce.spv
//
// A scalable sum: each workgroup of 256 invocations reduces per * 256
// consecutive elements of a u32 and an f32 array to one partial sum each.
// Invocation lid first adds elements lid, lid + 256, ... of its chunk in
// order (per of them, skipping those at or past n), then the workgroup adds
// the 256 values in a tree in shared memory (strides 128, 64, ..., 1, a
// barrier after each step). sum_u wraps modulo 2^32; sum_f is rounded at
// every addition. The same kernel is the second pass, over the partials
// (reduce_partials.toml, with per large enough for one workgroup).
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer InU { uint in_u[]; };
layout(set = 0, binding = 1, std430) readonly buffer InF { float in_f[]; };
layout(set = 0, binding = 2, std430) writeonly buffer SumU { uint sum_u[]; };
layout(set = 0, binding = 3, std430) writeonly buffer SumF { float sum_f[]; };
layout(push_constant, std430) uniform P { uint n; uint per; } p;
shared uint s_u[256];
shared float s_f[256];
void main() {
    uint lid = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * p.per * 256u + lid;
    uint acc_u = 0u;
    float acc_f = 0.0;
    for (uint j = 0u; j < p.per; j++) {
        uint i = base + j * 256u;
        if (i < p.n) {
            acc_u += in_u[i];
            acc_f += in_f[i];
        }
    }
    s_u[lid] = acc_u;
    s_f[lid] = acc_f;
    barrier();
    for (uint stride = 128u; stride > 0u; stride >>= 1u) {
        if (lid < stride) {
            s_u[lid] += s_u[lid + stride];
            s_f[lid] += s_f[lid + stride];
        }
        barrier();
    }
    if (lid == 0u) {
        sum_u[gl_WorkGroupID.x] = s_u[0];
        sum_f[gl_WorkGroupID.x] = s_f[0];
    }
}
