// glslangValidator -V --target-env vulkan1.2 zero_init_workgroup.comp -o zero_init_workgroup.spv
// VK_KHR_zero_initialize_workgroup_memory (GL_EXT_null_initializer): shared
// variables with a null initializer are zero once per workgroup, before any
// invocation runs. Invocation 0 writes them before the barrier; with several
// waves per workgroup (128 invocations), a later wave must not zero them
// again. out[i] = 16 * (1 + workgroup) + c[local id % 4], where c[workgroup % 4]
// is 7 and the others stay 0.
#version 450
#extension GL_EXT_null_initializer : require

layout(local_size_x = 128) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint o[]; };

shared uint s = {};
shared uint c[4] = {};

void main()
{
    uint wg = gl_WorkGroupID.x;
    if (gl_LocalInvocationIndex == 0u) {
        s += 1u + wg;
        c[wg % 4u] = 7u;
    }
    barrier();
    o[gl_GlobalInvocationID.x] = 16u * s + c[gl_LocalInvocationIndex % 4u];
}
