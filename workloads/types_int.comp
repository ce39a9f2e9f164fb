// glslangValidator -V --target-env vulkan1.2 types_int.comp -o types_int.spv
//
// 8/16/64-bit integer arithmetic: wrapping add/mul, arithmetic and logical
// shifts, signed division / modulo, sign extension and truncation.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer In8  { int8_t  in8[];  };
layout(set = 0, binding = 1, std430) readonly buffer In16 { int16_t in16[]; };
layout(set = 0, binding = 2, std430) readonly buffer In64 { int64_t in64[]; };
layout(set = 0, binding = 3, std430) writeonly buffer Out8  { int8_t  out8[];  };
layout(set = 0, binding = 4, std430) writeonly buffer Out16 { int16_t out16[]; };
layout(set = 0, binding = 5, std430) writeonly buffer Out64 { int64_t out64[]; };
layout(set = 0, binding = 6, std430) writeonly buffer OutU8 { uint8_t outu8[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    int8_t  a = in8[i];
    int16_t b = in16[i];
    int64_t c = in64[i];

    // ---- 8-bit ----
    out8[3u * i + 0u] = a * int8_t(3) + int8_t(7);                       // wrapping
    out8[3u * i + 1u] = a / int8_t(-5);                                  // signed division (truncating)
    out8[3u * i + 2u] = int8_t(uint8_t(a) >> 3) ^ (a >> 1) ^ (a << 2);   // logical/arith shifts
    outu8[i] = uint8_t(a) * uint8_t(i) + uint8_t(200);                   // unsigned wrapping

    // ---- 16-bit ----
    out16[3u * i + 0u] = b * int16_t(37);                                // wrapping
    out16[3u * i + 1u] = b / int16_t(-7);                                // signed division (truncating)
    out16[3u * i + 2u] = b % int16_t(13);                                // OpSMod (sign of divisor)

    // ---- 64-bit ----
    out64[3u * i + 0u] = c * -7046029254386353131l;                       // wrapping (0x9E3779B97F4A7C15)
    out64[3u * i + 1u] = (c >> 7) ^ (c / -3l);                            // arith shift, signed division
    out64[3u * i + 2u] = int64_t(uint64_t(c) >> 61) + (c << 3)
                       + int64_t(a) * int64_t(b);                         // logical shift, sign extension
}
