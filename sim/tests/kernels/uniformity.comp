#version 450
// Cases for the uniformity analysis: which values a GCN compiler keeps in
// scalar registers. uniformity.spvasm is this file compiled and
// disassembled, with each line the test checks marked `; scalar` or
// `; vector` (isa/tests/uniformity.rs).
layout(local_size_x = 64) in;
layout(push_constant) uniform Push { uint n; float scale; } pc;
layout(set = 0, binding = 0) uniform Table { uint table[16]; } u;
layout(set = 0, binding = 1) readonly buffer ReadOnly { uint ro[]; };
layout(set = 0, binding = 2) buffer Writable { uint rw[]; };
layout(set = 0, binding = 3) buffer Out { uint result[]; };

void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint wg = gl_WorkGroupID.x;
    uint base = wg * 64u + 3u;
    uint a = u.table[pc.n & 15u];
    uint b = ro[wg];
    uint c = rw[wg];
    uint d = ro[gid];
    uint acc = 0u;
    for (uint i = 0u; i < pc.n; i++) {
        acc += d * i;
    }
    uint x;
    if (gid < 4u) {
        x = a + 1u;
    } else {
        x = b + 2u;
    }
    uint y;
    if (pc.scale > 1.0) {
        y = a;
    } else {
        y = b;
    }
    uint j = 0u;
    while (j < gid) {
        j += base;
    }
    uint k = uint(pc.scale * 2.0);
    result[gid] = acc + x + y + j + c + k + base;
}
