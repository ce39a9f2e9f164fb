// Cube map array filtering test (sim/tests/images.rs): one textureLod of
// a samplerCubeArray per invocation, in the direction and at the LOD the
// buffer gives (x, y, z, LOD), from cube i % 2 (given as i % 2 + 0.3,
// which rounds to it).
// glslangValidator -V image_cube_array_lod.comp -o image_cube_array_lod.spv
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCubeArray tex;
layout(set = 0, binding = 1) readonly buffer Dirs { vec4 d[]; };
layout(set = 0, binding = 2) buffer Out { float o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = textureLod(tex, vec4(d[i].xyz, float(i % 2u) + 0.3), d[i].w).r;
}
