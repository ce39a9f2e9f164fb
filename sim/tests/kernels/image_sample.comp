// Image sampling test (sim/tests/images.rs): one textureLod per invocation
// through the combined image sampler the test's Amber script binds.
// glslangValidator -V image_sample.comp -o image_sample.spv
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) readonly buffer Coords { vec2 uv[]; };
layout(set = 0, binding = 2) buffer Out { vec4 o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = textureLod(tex, uv[i], 0.0);
}
