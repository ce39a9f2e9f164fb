// Depth comparison test (sim/tests/images.rs): one textureLod of a
// shadow sampler per invocation at (u, v, reference) from the buffer.
// glslangValidator -V image_shadow.comp -o image_shadow.spv
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2DShadow depth;
layout(set = 0, binding = 1) readonly buffer Queries { vec4 q[]; };
layout(set = 0, binding = 2) buffer Out { float o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = textureLod(depth, q[i].xyz, 0.0);
}
