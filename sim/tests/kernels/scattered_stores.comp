// glslangValidator -V --target-env vulkan1.2 scattered_stores.comp -o scattered_stores.spv
//
// Each invocation stores its id 1025 words (a page and a word) from its
// neighbour's, modulo a prime: no two invocations share a word, and a
// parallel run's overlays take a page a store, each costing more than
// the one thread it saves, so the launch goes on on one thread after its
// first batch. o[(g * 1025) % 1048573] = g for every global id g.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Out { uint o[]; };
void main() {
    uint g = gl_GlobalInvocationID.x;
    o[(g * 1025u) % 1048573u] = g;
}
