// glslangValidator -V --target-env vulkan1.2 gathered_conflict.comp -o gathered_conflict.spv
//
// Workgroups 0-31 add to count[0] with blind atomics (the returned values
// unread) and write their own words of out; workgroups 32-63 read
// count[0], which holds every earlier workgroup's additions on one
// thread. A parallel run gathers the additions per chunk: the chunk that
// reads count after earlier chunks gathered for it is not committed, and
// the launch finishes on one thread from there.
// count[0] = 2048; out[i] = i (the later workgroups' count less 2048,
// plus their id).
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Count { uint count[]; };
layout(set = 0, binding = 1, std430) buffer Out { uint outv[]; };

void main() {
    uint gid = gl_GlobalInvocationID.x;
    if (gl_WorkGroupID.x < 32u) {
        atomicAdd(count[0], 1u);
        outv[gid] = gid;
    } else {
        outv[gid] = count[0] - 2048u + gid;
    }
}
