// glslangValidator -V --target-env vulkan1.2 reconverge.comp -o reconverge.spv
// Lanes meet again after divergent code that returns early, in the shapes
// of VK-GL-CTS's subgroup_uniform_control_flow reconverge07/17/20: a loop
// left by return or break, an if/else returning in both arms, a switch
// returning from a loop in one case. Each workgroup runs one shape
// (uniformly); after the shape's construct and at the end, each lane
// records the ballot of its 32-lane block, which must hold every lane of
// the block that has not returned. Only ballot words of the lane's own
// block are written, so wave32 and wave64 give the same results.
// gen.py computes the expected output.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_subgroup_uniform_control_flow : require

layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; };

void main() [[subgroup_uniform_control_flow]]
{
    uint i = gl_GlobalInvocationID.x;
    uint w = gl_SubgroupInvocationID >> 5; // the ballot word of the block
    uint x = a[i];
    uint shape = gl_WorkGroupID.x % 3u;
    if (shape == 0u) {
        // reconverge07: return at iteration x & 7, break at (x >> 3) & 7.
        uint k = 0u;
        while (true) {
            if (k == (x & 7u))
                return;
            if (k == ((x >> 3) & 7u))
                break;
            k++;
        }
        o[2u * i] = subgroupBallot(true)[w];
    } else if (shape == 1u) {
        // reconverge17: both arms may return.
        if ((x & 1u) != 0u) {
            if ((x & 6u) == 0u)
                return;
        } else {
            if ((x & 6u) == 2u)
                return;
        }
        o[2u * i] = subgroupBallot(true)[w];
    } else {
        // reconverge20: a switch whose cases return, one from a loop.
        switch (x % 4u) {
        case 0u:
            break;
        case 1u:
            for (uint k = 0u; k < 3u; ++k) {
                if (k == ((x >> 2) & 3u))
                    return;
            }
            break;
        case 2u:
            if (((x >> 2) & 1u) != 0u)
                return;
            break;
        default:
            if (x > 600u)
                return;
            break;
        }
        o[2u * i] = subgroupBallot(true)[w];
    }
    o[2u * i + 1u] = subgroupBallot(true)[w];
}
