// glslangValidator -V --target-env vulkan1.2 bbox.comp -o bbox_contended.spv
// glslangValidator -V --target-env vulkan1.2 -DSPREAD bbox.comp -o bbox_spread.spv
//
// The bounding box of a point cloud with float atomicMin / atomicMax
// (GL_EXT_shader_atomic_float2, OpAtomicFMinEXT / OpAtomicFMaxEXT). Each
// invocation takes one point (x, y, z). Contended: every invocation updates
// the same six floats (min x, y, z, max x, y, z). SPREAD: each workgroup
// updates its own six, the partial boxes a second pass reduces
// (bbox_reduce.toml, the same kernel over the partial boxes' corners).
#version 450
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Points { float pts[]; };
layout(set = 0, binding = 1, std430) buffer Box { float box[]; };
layout(push_constant, std430) uniform P { uint n; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) {
        return;
    }
#ifdef SPREAD
    uint b = 6u * gl_WorkGroupID.x;
#else
    uint b = 0u;
#endif
    for (uint k = 0u; k < 3u; k++) {
        float v = pts[3u * i + k];
        atomicMin(box[b + k], v);
        atomicMax(box[b + 3u + k], v);
    }
}
