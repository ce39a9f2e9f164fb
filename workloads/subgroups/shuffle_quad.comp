// glslangValidator -V --target-env vulkan1.2 shuffle_quad.comp -o shuffle_quad.spv
// Subgroup shuffles (absolute, xor, up, down) and quad operations on uint
// and vec3, over full blocks and divergent lanes; reading a lane that is
// inactive or outside the wave gives 0 (gpusim's documented choice). Only
// one 32-lane block of a wave is active at a time, so wave32 and wave64 give
// the same results; lane ids are written relative to the block. gen.py
// computes the expected output.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require
#extension GL_KHR_shader_subgroup_quad : require

layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; };
layout(set = 0, binding = 2) writeonly buffer OutF { float of[]; };

const uint K = 14;  // uint outputs per invocation
const uint KF = 6;  // float outputs per invocation

void body(uint i) {
    uint l = gl_SubgroupInvocationID;
    uint base = l & ~31u; // the first lane of this lane's 32-lane block
    uint x = a[i];
    o[i * K + 0] = subgroupShuffle(x, base | ((l * 7u + 3u) & 31u));
    o[i * K + 1] = subgroupShuffleXor(x, 5u);
    o[i * K + 2] = subgroupShuffleUp(x, 3u);
    o[i * K + 3] = subgroupShuffleDown(x, 2u);
    o[i * K + 4] = subgroupQuadBroadcast(x, 2u);
    o[i * K + 5] = subgroupQuadSwapHorizontal(x);
    o[i * K + 6] = subgroupQuadSwapVertical(x);
    o[i * K + 7] = subgroupQuadSwapDiagonal(x);
    vec3 v = vec3(float(x), float(x) * 0.5, -float(x));
    vec3 sv = subgroupShuffleXor(v, 9u);
    vec3 qv = subgroupQuadSwapDiagonal(v);
    of[i * KF + 0] = sv.x;
    of[i * KF + 1] = sv.y;
    of[i * KF + 2] = sv.z;
    of[i * KF + 3] = qv.x;
    of[i * KF + 4] = qv.y;
    of[i * KF + 5] = qv.z;
    if (x % 3u != 0u) {
        o[i * K + 8] = subgroupShuffleXor(x, 1u);
        o[i * K + 9] = subgroupShuffleUp(x, 1u);
        o[i * K + 10] = subgroupShuffleDown(x, 4u);
        o[i * K + 11] = subgroupQuadBroadcast(x, 0u);
        o[i * K + 12] = subgroupShuffle(x, base | 31u);
        o[i * K + 13] = subgroupQuadSwapVertical(x);
    } else {
        for (uint k = 8u; k < K; k++) {
            o[i * K + k] = 0xeeeeu;
        }
    }
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if ((gl_LocalInvocationIndex & 32u) == 0u) {
        body(i);
    } else {
        body(i);
    }
}
