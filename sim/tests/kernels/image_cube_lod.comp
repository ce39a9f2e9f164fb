// Cube map filtering test (sim/tests/images.rs): one textureLod of a
// samplerCube per invocation, in the direction and at the LOD the buffer
// gives (x, y, z, LOD).
// glslangValidator -V image_cube_lod.comp -o image_cube_lod.spv
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform samplerCube tex;
layout(set = 0, binding = 1) readonly buffer Dirs { vec4 d[]; };
layout(set = 0, binding = 2) buffer Out { float o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = textureLod(tex, d[i].xyz, d[i].w).r;
}
