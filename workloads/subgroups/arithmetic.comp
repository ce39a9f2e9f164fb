// glslangValidator -V --target-env vulkan1.2 arithmetic.comp -o arithmetic.spv
// Subgroup reductions, scans and clustered reductions on uint, int, bool,
// float and vec2, over full blocks and divergent lanes. Only one 32-lane
// block of a wave is active at a time (the lower or the upper half of each
// 64 invocations), so wave32 and wave64 give the same bits, floats
// included (the tree and scan orders are by lane index). gen.py computes
// the expected output.
#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_clustered : require

layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint a[]; };
layout(set = 0, binding = 1) readonly buffer InF { float f[]; };
layout(set = 0, binding = 2) writeonly buffer Out { uint o[]; };
layout(set = 0, binding = 3) writeonly buffer OutF { float of[]; };

const uint K = 28; // uint outputs per invocation
const uint KF = 14; // float outputs per invocation

void body(uint i) {
    uint u = a[i];
    int s = int(u) - 500;
    bool p = u % 3u == 0u;
    float x = f[i];
    // NaN now and then: FMin and FMax must pass over it.
    float m = u % 7u == 0u ? uintBitsToFloat(0x7fc00001u) : x;
    o[i * K + 0] = subgroupAdd(u);
    o[i * K + 1] = subgroupMul(u | 1u);
    o[i * K + 2] = subgroupMin(u);
    o[i * K + 3] = subgroupMax(u);
    o[i * K + 4] = subgroupAnd(u | 0xf0f0u);
    o[i * K + 5] = subgroupOr(u);
    o[i * K + 6] = subgroupXor(u);
    o[i * K + 7] = subgroupInclusiveAdd(u);
    o[i * K + 8] = subgroupExclusiveAdd(u);
    o[i * K + 9] = subgroupInclusiveMin(u);
    o[i * K + 10] = subgroupExclusiveMax(u);
    o[i * K + 11] = uint(subgroupMin(s));
    o[i * K + 12] = uint(subgroupMax(s));
    o[i * K + 13] = uint(subgroupInclusiveAdd(s));
    o[i * K + 14] = uint(subgroupExclusiveMin(s));
    o[i * K + 15] = (subgroupAnd(p) ? 1u : 0u) | (subgroupOr(p) ? 2u : 0u) | (subgroupXor(p) ? 4u : 0u);
    o[i * K + 16] = (subgroupInclusiveXor(p) ? 1u : 0u) | (subgroupExclusiveOr(p) ? 2u : 0u);
    o[i * K + 17] = subgroupClusteredAdd(u, 1u);
    o[i * K + 18] = subgroupClusteredAdd(u, 2u);
    o[i * K + 19] = subgroupClusteredAdd(u, 4u);
    o[i * K + 20] = subgroupClusteredAdd(u, 8u);
    o[i * K + 21] = subgroupClusteredAdd(u, 16u);
    o[i * K + 22] = subgroupClusteredAdd(u, 32u);
    o[i * K + 23] = uint(subgroupClusteredMax(s, 4u));
    o[i * K + 24] = subgroupClusteredOr(p, 8u) ? 1u : 0u;
    uvec2 v = subgroupInclusiveMul(uvec2(u | 1u, u & 7u));
    o[i * K + 25] = v.x;
    o[i * K + 26] = v.y;
    if (u % 5u != 0u) {
        o[i * K + 27] = subgroupInclusiveAdd(u) ^ subgroupClusteredXor(u, 8u);
        of[i * KF + 12] = subgroupAdd(x);
        of[i * KF + 13] = subgroupInclusiveMul(x * 0.25 + 1.0);
    } else {
        o[i * K + 27] = 0xeeeeu;
        of[i * KF + 12] = -1.0;
        of[i * KF + 13] = -1.0;
    }
    of[i * KF + 0] = subgroupAdd(x);
    of[i * KF + 1] = subgroupMul(x * 0.125 + 1.0);
    of[i * KF + 2] = subgroupMin(m);
    of[i * KF + 3] = subgroupMax(m);
    of[i * KF + 4] = subgroupInclusiveAdd(x);
    of[i * KF + 5] = subgroupExclusiveAdd(x);
    of[i * KF + 6] = subgroupInclusiveMin(m);
    of[i * KF + 7] = subgroupExclusiveMax(m);
    of[i * KF + 8] = subgroupClusteredAdd(x, 8u);
    of[i * KF + 9] = subgroupClusteredMin(m, 4u);
    vec2 t = subgroupAdd(vec2(x, x * 0.5));
    of[i * KF + 10] = t.x;
    of[i * KF + 11] = t.y;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if ((gl_LocalInvocationIndex & 32u) == 0u) {
        body(i);
    } else {
        body(i);
    }
}
