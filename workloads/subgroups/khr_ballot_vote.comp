// glslangValidator -V --target-env vulkan1.2 khr_ballot_vote.comp -o khr_ballot_vote.spv
// The older forms: GL_ARB_shader_ballot and GL_ARB_shader_group_vote
// become OpSubgroupBallotKHR, OpSubgroupFirstInvocationKHR,
// OpSubgroupReadInvocationKHR, OpSubgroupAllKHR, OpSubgroupAnyKHR and
// OpSubgroupAllEqualKHR. As in vote_ballot.comp, one 32-lane block of a
// wave is active at a time (the lower half of each 64 invocations reads
// lane 3; the upper half only votes), so wave32 and wave64 give the same
// results. gen.py computes the expected output.
#version 450
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_shader_group_vote : require

layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint o[]; };

const uint K = 6; // outputs per invocation

void body(uint i, bool lower) {
    uint x = a[i];
    uint l = gl_SubGroupInvocationARB;
    uint64_t b = ballotARB(x % 3u == 0u);
    o[i * K + 0] = uint(b >> (l & ~31u)); // the ballot bits of this block
    o[i * K + 1] = readFirstInvocationARB(x);
    if (lower) {
        o[i * K + 2] = readInvocationARB(x, 3u);
    } else {
        o[i * K + 2] = 0xffffu;
    }
    o[i * K + 3] = allInvocationsARB(x != 7u) ? 1u : 0u;
    o[i * K + 4] = anyInvocationARB(x == 5u) ? 1u : 0u;
    o[i * K + 5] = allInvocationsEqualARB(x >= 512u) ? 1u : 0u;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if ((gl_LocalInvocationIndex & 32u) == 0u) {
        body(i, true);
    } else {
        body(i, false);
    }
}
