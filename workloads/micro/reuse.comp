// glslangValidator -V --target-env vulkan1.2 reuse.comp -o reuse.unopt.spv && spirv-opt -O reuse.unopt.spv -o reuse.spv
// Cache capacity: one wave of 32 lanes reads a working set of LINES 64-byte
// lines (LINES = spec constant 0, a multiple of 32) twice, pass after pass.
// Each load instruction covers 32 consecutive lines (lane l reads word
// 16 (32 j + l), the first word of line 32 j + l); each load's value feeds a
// running sum, so the loads run one after another. Pass 2 hits in a cache
// iff the whole working set fits in it. o[l] = 2 x sum over j of a[16 (32 j + l)].
#version 450
layout(local_size_x = 32) in;
layout(constant_id = 0) const uint LINES = 64u;
layout(set = 0, binding = 0) readonly buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer O { uint o[]; };

void main() {
    uint l = gl_LocalInvocationID.x;
    uint s = 0u;
    for (uint pass = 0u; pass < 2u; ++pass) {
        for (uint k = l; k < LINES; k += 32u) {
            s += a[k * 16u];
        }
    }
    o[l] = s;
}
