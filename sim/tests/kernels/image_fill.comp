// Mip level readback test (sim/tests/images.rs): writes texel (x, y) of
// the bound storage image (one level of a view) as the UNORM bytes
// (x + 1, y + 1, 7, 255) / 255, inside the level.
// glslangValidator -V image_fill.comp -o image_fill.spv
#version 450
layout(local_size_x = 4, local_size_y = 2) in;
layout(set = 0, binding = 0, rgba8) uniform writeonly image2D img;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, imageSize(img)))) {
        imageStore(img, p, vec4(p.x + 1, p.y + 1, 7, 255) / 255.0);
    }
}
