// glslangValidator -V --target-env vulkan1.2 race.comp -o race.spv
//
// A deliberate race: every invocation stores its id into out[0], so the
// last store to land wins, and which one that is depends on timing. Used
// to test that `gpusim compare` notices configs whose results differ.
// Lower workgroups spin longer first, so the winner depends on how many
// workgroups the GPU runs at once.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out { uint out_[]; };
void main() {
    uint spin = 0u;
    for (uint i = 0u; i < (16u - gl_WorkGroupID.x) * 8u; i++) {
        spin = spin * 3u + 1u;
    }
    out_[0] = gl_GlobalInvocationID.x;
}
