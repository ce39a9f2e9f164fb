// glslangValidator -V --target-env vulkan1.2 trilinear.comp -o trilinear.spv
// Trilinear texture sampling: each invocation reads a mip-mapped RGBA8
// texture at its own coordinate and level of detail (linear filtering in
// and between levels); the texture unit's address, weight, level and
// conversion work dominates (workloads/README.md, `texture/`).
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
// u, v, LOD, unused.
layout(set = 0, binding = 1) readonly buffer Queries { vec4 q[]; };
layout(set = 0, binding = 2) buffer Out { vec4 o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = textureLod(tex, q[i].xy, q[i].z);
}
