// glslangValidator -V --target-env vulkan1.2 vote_ballot.comp -o vote_ballot.spv
// Subgroup built-ins, votes and ballots. Only one 32-lane block of a wave
// is active at a time (the lower or the upper half of each 64 invocations),
// so wave32 and wave64 give the same results; values that name lanes are
// written relative to the block. gen.py computes the expected output.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_ballot : require

layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; };

const uint K = 24; // outputs per invocation

void body(uint i, bool lower) {
    uint l = gl_SubgroupInvocationID;
    uint base = l & ~31u; // the first lane of this lane's 32-lane block
    uint w = l >> 5;      // the ballot word holding the block
    uint x = a[i];
    bool sizes = (gl_SubgroupSize == 32u || gl_SubgroupSize == 64u)
        && gl_NumSubgroups * gl_SubgroupSize == 128u
        && gl_SubgroupID == gl_LocalInvocationIndex / gl_SubgroupSize
        && l == gl_LocalInvocationIndex % gl_SubgroupSize;
    o[i * K + 0] = sizes ? 1u : 0u;
    o[i * K + 1] = gl_SubgroupEqMask[w];
    o[i * K + 2] = gl_SubgroupGeMask[w];
    o[i * K + 3] = gl_SubgroupGtMask[w];
    o[i * K + 4] = gl_SubgroupLeMask[w];
    o[i * K + 5] = gl_SubgroupLtMask[w];
    o[i * K + 6] = subgroupElect() ? 1u : 0u;
    o[i * K + 7] = subgroupAll(x != 7u) ? 1u : 0u;
    o[i * K + 8] = subgroupAny(x == 5u) ? 1u : 0u;
    o[i * K + 9] = subgroupAllEqual(x >> 8) ? 1u : 0u;
    o[i * K + 10] = subgroupAllEqual(uvec2(x >> 10, x >> 9)) ? 1u : 0u;
    o[i * K + 11] = subgroupBroadcastFirst(x);
    if (lower) {
        o[i * K + 12] = subgroupBroadcast(x, 3u);
    } else {
        o[i * K + 12] = 0xffffu;
    }
    if (x % 4u != 0u) {
        uvec4 b = subgroupBallot(x % 3u == 0u);
        o[i * K + 13] = b[w];
        o[i * K + 14] = subgroupBallotBitCount(b);
        o[i * K + 15] = subgroupBallotInclusiveBitCount(b);
        o[i * K + 16] = subgroupBallotExclusiveBitCount(b);
        o[i * K + 17] = b[w] != 0u ? subgroupBallotFindLSB(b) - base : 99u;
        o[i * K + 18] = b[w] != 0u ? subgroupBallotFindMSB(b) - base : 99u;
        o[i * K + 19] = subgroupInverseBallot(b) ? 1u : 0u;
        o[i * K + 20] = subgroupBallotBitExtract(b, l ^ 1u) ? 1u : 0u;
        o[i * K + 21] = subgroupElect() ? 1u : 0u;
        o[i * K + 22] = subgroupBroadcastFirst(x);
        o[i * K + 23] = (subgroupAll(x % 2u == 1u) ? 1u : 0u) | (subgroupAny(x > 900u) ? 2u : 0u);
    } else {
        for (uint k = 13u; k < K; k++) {
            o[i * K + k] = 0xeeeeu;
        }
    }
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if ((gl_LocalInvocationIndex & 32u) == 0u) {
        body(i, true);
    } else {
        body(i, false);
    }
}
