// glslangValidator -V --target-env vulkan1.2 median3x3_image.comp -o median3x3_image.spv
//
// The 3x3 median filter of median3x3.comp written against images, as image
// processing code usually is: the source is an R8_UNORM image read through
// a sampler (nearest, clamp to edge, unnormalised coordinates: the edges
// clamp as in the buffer version), the result an R8_UNORM storage image.
// UNORM8 reads c / 255 and writes back c exactly, so the expected output is
// the u8 version's (median_u8.bin).
#version 450
#extension GL_AMD_shader_trinary_minmax : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D src;
layout(set = 0, binding = 1, r8) uniform writeonly image2D dst;

float at(ivec2 p) {
    return textureLod(src, vec2(p) + 0.5, 0.0).r;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(dst)))) return;
    float lo[3], md[3], hi[3];
    for (int r = 0; r < 3; r++) {
        float a = at(p + ivec2(-1, r - 1)), b = at(p + ivec2(0, r - 1)), c = at(p + ivec2(1, r - 1));
        lo[r] = min3(a, b, c); md[r] = mid3(a, b, c); hi[r] = max3(a, b, c);
    }
    float m = mid3(max3(lo[0], lo[1], lo[2]), mid3(md[0], md[1], md[2]), min3(hi[0], hi[1], hi[2]));
    imageStore(dst, p, vec4(m));
}
