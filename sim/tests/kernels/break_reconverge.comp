// Reconvergence after a break (sim/tests/subgroups.rs): in a loop whose
// exit test comes first, lanes 8 + i break out at iteration i from inside
// a divergent `if`. Every other lane meets the rest at the `if`'s merge, so
// the ballot there counts all lanes not yet broken (63 - i at iteration i);
// meeting only at the loop's merge (the plain post-dominator) it would count
// the two sides of the `if` apart (8, and 55 - i).
// glslangValidator -V --target-env vulkan1.1 break_reconverge.comp -o break_reconverge.spv
#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };

void main() {
    uint id = gl_LocalInvocationID.x;
    uint n = 0;
    for (uint i = 0; i < 4; i++) {
        if (id >= 8) {
            if (id == 8 + i) {
                break;
            }
        }
        n += subgroupBallotBitCount(subgroupBallot(true));
    }
    o[id] = n;
}
