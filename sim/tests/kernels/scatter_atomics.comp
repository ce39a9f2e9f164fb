// glslangValidator -V --target-env vulkan1.2 scatter_atomics.comp -o scatter_atomics.spv
// A scatter of blind atomics (sim/tests/results.rs): every invocation adds 1
// to its own word, so a parallel batch gathers one location per invocation,
// after `work` rounds of arithmetic whose result it stores at its own word
// of `w` (scatter_atomics.toml: none; scatter_atomics_work.toml: enough
// that the commit's locations cost less than the batch saves).
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) buffer Counts { uint c[]; };
layout(set = 0, binding = 1) buffer Work { uint w[]; };
layout(push_constant) uniform P { uint work; };
void main() {
    uint g = gl_GlobalInvocationID.x;
    uint v = g;
    for (uint i = 0u; i < work; i++) {
        v = v * 1664525u + 1013904223u;
    }
    w[g] = v;
    atomicAdd(c[g], 1u);
}
