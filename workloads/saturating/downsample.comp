// glslangValidator -V --target-env vulkan1.2 -DU8 downsample.comp -o downsample_u8.spv
// (and -DU16 for downsample_u16.spv)
//
// A 2x downsample with averageRounded (GL_INTEL_shader_integer_functions2):
// each output pixel is averageRounded(averageRounded(p00, p01),
// averageRounded(p10, p11)) of its 2x2 block.
#version 450
#extension GL_INTEL_shader_integer_functions2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 8, local_size_y = 8) in;
#if defined(U8)
#define T uint8_t
#else
#define T uint16_t
#endif
layout(set = 0, binding = 0, std430) readonly buffer Src { T src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Dst { T dst[]; };
layout(push_constant, std430) uniform P { uint width; uint height; } p;
void main() {
    uint x = gl_GlobalInvocationID.x, y = gl_GlobalInvocationID.y;
    uint w = p.width / 2, h = p.height / 2;
    if (x >= w || y >= h) {
        return;
    }
    uint o = 2 * y * p.width + 2 * x;
    T top = T(averageRounded(src[o], src[o + 1]));
    T bottom = T(averageRounded(src[o + p.width], src[o + p.width + 1]));
    dst[y * w + x] = T(averageRounded(top, bottom));
}
