// glslangValidator -V --target-env vulkan1.2 overlaid_conflict.comp -o overlaid_conflict.spv
//
// Workgroups that write their own words of one buffer and one word every
// workgroup shares of another, which workgroups 200, 205, ... read first:
// a parallel run writes `words` in place and `last` through overlays, and
// a reader whose chunk starts with it must not see `last` as the batch
// began. So words[g] = g, plus w - 1 in a reader's workgroup w, and
// last[0] = the last workgroup's id, on any number of threads.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Words { uint words[]; };
layout(set = 0, binding = 1, std430) buffer Last { uint last[]; };
void main() {
    uint g = gl_GlobalInvocationID.x;
    uint w = gl_WorkGroupID.x;
    uint seen = w >= 200u && w % 5u == 0u ? last[0] : 0u;
    words[g] = g + seen;
    barrier();
    if (gl_LocalInvocationID.x == 0u) {
        last[0] = w;
    }
}
