// Storage image test (sim/tests/images.rs): loads, stores in three formats,
// an image atomic and a texel buffer, from coordinates that start one texel
// outside each image (reads there give zero, writes are dropped).
// glslangValidator -V image_storage.comp -o image_storage.spv
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba16) uniform writeonly image2D half_of;
layout(set = 0, binding = 2, rgba8_snorm) uniform writeonly image2D signed_of;
layout(set = 0, binding = 3, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 4, rgba32f) uniform writeonly imageBuffer row;
layout(set = 0, binding = 5) buffer Out { vec4 o[]; };

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy) - ivec2(1);
    vec4 v = imageLoad(src, p);
    o[gl_LocalInvocationIndex] = v;
    imageStore(half_of, p, v * 0.5);
    imageStore(signed_of, p, v * 2.0 - 1.0);
    imageAtomicAdd(counts, p / 4, 1u);
    imageStore(row, p.x + 8 * p.y, vec4(imageSize(src), p));
}
