// glslangValidator -V --target-env vulkan1.2 -DU16 blend.comp -o blend_u16.spv
// (and -DU32 for blend_u32.spv; -DU8 compiles, but glslang has no 8-bit
// overloads and widens to 32 bits: the u8 blend, blend_u8.spvasm, is this
// kernel's u16 SPIR-V turned to 8 bits by make_blend_u8.py)
//
// Brightness and an additive blend with saturating arithmetic
// (GL_INTEL_shader_integer_functions2): bright = a + k and dark = a - k,
// clamped to the type's range, and sum = a + b, clamped; one element per
// invocation.
#version 450
#extension GL_INTEL_shader_integer_functions2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
#if defined(U8)
#define T uint8_t
#elif defined(U16)
#define T uint16_t
#else
#define T uint
#endif
layout(set = 0, binding = 0, std430) readonly buffer A { T a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { T b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Bright { T bright[]; };
layout(set = 0, binding = 3, std430) writeonly buffer Dark { T dark[]; };
layout(set = 0, binding = 4, std430) writeonly buffer Sum { T sum[]; };
layout(push_constant, std430) uniform P { uint n; uint k; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) {
        return;
    }
    T k = T(p.k);
    bright[i] = T(addSaturate(a[i], k));
    dark[i] = T(subtractSaturate(a[i], k));
    sum[i] = T(addSaturate(a[i], b[i]));
}
