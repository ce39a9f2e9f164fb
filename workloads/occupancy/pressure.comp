// glslangValidator -V --target-env vulkan1.2 -DACC=8 pressure.comp -o pressure_8.raw.spv && spirv-opt -O pressure_8.raw.spv -o pressure_8.spv
// (and ACC = 32, 64, 96, 128 the same way; see README.md)
//
// Register pressure on purpose: ACC accumulators stay live across a loop
// of 64 iterations, so the kernel needs about ACC more vector registers per
// lane as ACC grows, while its work per invocation grows only linearly.
// out[i] = the xor of the accumulators, each stepping its own LCG 64 times
// from x + j, x = in[i].
#version 450
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer In { uint src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { uint dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint x = src[i];
    uint acc[ACC];
    [[unroll]] for (int j = 0; j < ACC; j++) {
        acc[j] = x + uint(j);
    }
    // Each accumulator steps its own LCG: no optimiser can merge them.
    for (uint t = 0u; t < 64u; t++) {
        [[unroll]] for (int j = 0; j < ACC; j++) {
            acc[j] = acc[j] * 1664525u + 1013904223u + t;
        }
    }
    uint total = 0u;
    [[unroll]] for (int j = 0; j < ACC; j++) {
        total ^= acc[j];
    }
    dst[i] = total;
}
