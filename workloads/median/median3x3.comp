// glslangValidator -V --target-env vulkan1.2 -DU8 median3x3.comp -o median3x3_u8.spv
// (and -DU16, -DF32 for the other types; add -DTWO_OPERAND for the *_two_operand.spv
// variants: see README.md in this folder for the loop that builds all six)
//
// A 3x3 median filter (edges clamped) on a u8, u16 or f32 image. The median
// of nine is the mid3 of the rows' max3 of min3s, mid3 of mid3s and min3 of
// max3s. With TWO_OPERAND, min3/mid3/max3 are written with two-operand
// min and max, as a compiler without GL_AMD_shader_trinary_minmax would.
#version 450
#extension GL_AMD_shader_trinary_minmax : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 8, local_size_y = 8) in;
#if defined(U8)
#define ELEM uint8_t
#define T uint
#elif defined(U16)
#define ELEM uint16_t
#define T uint
#else
#define ELEM float
#define T float
#endif
layout(set = 0, binding = 0, std430) readonly buffer In { ELEM src[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { ELEM dst[]; };
layout(push_constant, std430) uniform P { uint width; uint height; } p;
#ifdef TWO_OPERAND
T lo3(T a, T b, T c) { return min(min(a, b), c); }
T hi3(T a, T b, T c) { return max(max(a, b), c); }
T md3(T a, T b, T c) { return max(min(a, b), min(max(a, b), c)); }
#else
T lo3(T a, T b, T c) { return min3(a, b, c); }
T hi3(T a, T b, T c) { return max3(a, b, c); }
T md3(T a, T b, T c) { return mid3(a, b, c); }
#endif
T at(int x, int y) {
    x = clamp(x, 0, int(p.width) - 1);
    y = clamp(y, 0, int(p.height) - 1);
    return T(src[uint(y) * p.width + uint(x)]);
}
void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (x >= int(p.width) || y >= int(p.height)) return;
    T lo[3], md[3], hi[3];
    for (int r = 0; r < 3; r++) {
        T a = at(x - 1, y + r - 1), b = at(x, y + r - 1), c = at(x + 1, y + r - 1);
        lo[r] = lo3(a, b, c); md[r] = md3(a, b, c); hi[r] = hi3(a, b, c);
    }
    T m = md3(hi3(lo[0], lo[1], lo[2]), md3(md[0], md[1], md[2]), lo3(hi[0], hi[1], hi[2]));
    dst[uint(y) * p.width + uint(x)] = ELEM(m);
}
