// glslangValidator -V --target-env vulkan1.2 scatter_atomics.comp -o scatter_atomics.spv
// A scatter of blind atomics (sim/tests/results.rs): every invocation adds 1
// to its own word, so a parallel batch gathers one location per invocation.
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) buffer Counts { uint c[]; };
void main() { atomicAdd(c[gl_GlobalInvocationID.x], 1u); }
