// glslangValidator -V --target-env vulkan1.2 first_atomic.comp -o first_atomic.spv
//
// Only workgroup 0 runs a global atomic, whose returned value it reads (so
// the atomic is not blind, and its result depends on the order): a
// functional run on several threads runs it on the calling thread and the
// rest in parallel batches. count[0] = 64 (one per invocation of
// workgroup 0), out[i] = 3 i.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Count { uint count[]; };
layout(set = 0, binding = 1, std430) buffer Out { uint outv[]; };

void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint seen = 0u;
    if (gl_WorkGroupID.x == 0u) {
        // 0: each of the 64 sees fewer than 64 before it.
        seen = atomicAdd(count[0], 1u) / 64u;
    }
    outv[gid] = gid * 3u + seen;
}
