// Gathers, depth comparisons and projective sampling test
// (sim/tests/images.rs): per invocation, from (u, v, reference, q).
// glslangValidator -V image_compare.comp -o image_compare.spv
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform sampler2DShadow depth;
layout(set = 0, binding = 2) uniform samplerCube cube;
layout(set = 0, binding = 3) readonly buffer Queries { vec4 q[]; };
layout(set = 0, binding = 4) buffer Out { vec4 o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 p = q[i];
    o[5 * i] = textureGather(tex, p.xy, 1);
    o[5 * i + 1] = textureGather(depth, p.xy, p.z);
    o[5 * i + 2] = vec4(textureLod(depth, vec3(p.xy, p.z), 0.0),
                        textureProjLod(depth, vec4(p.xy * p.w, p.z * p.w, p.w), 0.0),
                        0.0, 0.0);
    o[5 * i + 3] = textureProjLod(tex, vec3(p.xy * p.w, p.w), 0.0);
    // A direction from (u, v, reference): u and v in -0.5..1.5 spread it
    // over faces, edges and corners.
    o[5 * i + 4] = textureGather(cube, vec3(p.x - 0.5, p.y - 0.5, p.z - 0.5));
}
