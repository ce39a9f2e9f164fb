// glslangValidator -V --target-env vulkan1.1 robust_access.comp -o robust_access.spv
// Robust access test (sim/tests/robust_access.rs): one workgroup of 16
// invocations indexes 4-element buffers with i = invocation - 4 (-4..11),
// loading, adding atomically and storing past both ends, and loading
// 2^26 * invocation elements in (far past the end for every invocation but
// the first). With PICKS it also picks components of a vector and elements
// of a function-scope array with i (what only clamping makes defined).
#version 450
layout(local_size_x = 16) in;
layout(constant_id = 0) const bool PICKS = false;
layout(set = 0, binding = 0) buffer Small { uint data[]; } small;
layout(set = 0, binding = 1) buffer Out {
    uint loaded[16];
    uint old[16];
    uint far[16];
    uint picked[16];
} o;
layout(set = 0, binding = 2) buffer Counters { uint data[]; } counters;
layout(set = 0, binding = 3) buffer Flags { uint data[]; } flags;

void main() {
    uint x = gl_LocalInvocationID.x;
    int i = int(x) - 4;
    o.loaded[x] = small.data[i];
    o.old[x] = atomicAdd(counters.data[i], 1u);
    flags.data[i] = 1u;
    o.far[x] = small.data[x * 0x4000000u];
    if (PICKS) {
        uvec4 v = uvec4(10u, 20u, 30u, 40u);
        uint a[3] = uint[3](100u, 200u, 300u);
        o.picked[x] = v[i] + a[i];
    }
}
