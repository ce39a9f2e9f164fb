// Mip level test (sim/tests/images.rs): per invocation, a sample at the
// LOD the buffer gives, one at a constant LOD, one with gradients, a texel
// fetch at a level, the same sample and fetch with texel offsets, and the
// size of a level and the level count.
// glslangValidator -V image_lod.comp -o image_lod.spv
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) uniform sampler2D tex;
// u, v, LOD, unused.
layout(set = 0, binding = 1) readonly buffer Queries { vec4 q[]; };
// dPdx, dPdy.
layout(set = 0, binding = 2) readonly buffer Grads { vec4 g[]; };
layout(set = 0, binding = 3) buffer Out { vec4 o[]; };
layout(set = 0, binding = 4) buffer Sizes { ivec4 s[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec2 uv = q[i].xy;
    o[6 * i] = textureLod(tex, uv, q[i].z);
    o[6 * i + 1] = textureLod(tex, uv, 1.25);
    o[6 * i + 2] = textureGrad(tex, uv, g[i].xy, g[i].zw);
    o[6 * i + 3] = texelFetch(tex, ivec2(uv * 8.0), int(q[i].z));
    o[6 * i + 4] = textureLodOffset(tex, uv, q[i].z, ivec2(1, -2));
    o[6 * i + 5] = texelFetchOffset(tex, ivec2(uv * 8.0), int(q[i].z), ivec2(-1, 1));
    s[i] = ivec4(textureSize(tex, int(i % 3u)), textureQueryLevels(tex), 0);
}
