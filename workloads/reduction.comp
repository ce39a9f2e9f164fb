// glslangValidator -V --target-env vulkan1.2 reduction.comp -o reduction.spv
//
// Per-workgroup tree reduction in shared memory with barrier().
// Each workgroup of 128 invocations sums its 128 input elements and writes
// one uint sum (sum_u[wg]) and one float sum (sum_f[wg]).
#version 450

layout(local_size_x = 128, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer InU { uint in_u[]; };
layout(set = 0, binding = 1, std430) readonly buffer InF { float in_f[]; };
layout(set = 0, binding = 2, std430) writeonly buffer SumU { uint sum_u[]; };
layout(set = 0, binding = 3, std430) writeonly buffer SumF { float sum_f[]; };

shared uint s_u[128];
shared float s_f[128];

void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;

    s_u[lid] = in_u[gid];
    s_f[lid] = in_f[gid];
    barrier();

    for (uint stride = 64u; stride > 0u; stride >>= 1u) {
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
