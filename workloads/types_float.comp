// glslangValidator -V --target-env vulkan1.2 types_float.comp -o types_float.spv
//
// 16-bit and 64-bit floating point arithmetic and conversions.
// Every operation is a single IEEE-754 operation rounded to nearest-even in
// its own type (no contraction: glslang emits separate OpFMul / OpFAdd).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer InH { float16_t in_h[]; };
layout(set = 0, binding = 1, std430) readonly buffer InD { float64_t in_d[]; };
layout(set = 0, binding = 2, std430) writeonly buffer OutH { float16_t out_h[]; };
layout(set = 0, binding = 3, std430) writeonly buffer OutD { float64_t out_d[]; };
layout(set = 0, binding = 4, std430) writeonly buffer OutI { int out_i[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    float16_t h = in_h[i];
    float64_t d = in_d[i];

    // ---- f16 ----
    out_h[2u * i + 0u] = h * h - h * float16_t(0.75);                    // 3 f16 ops, each rounded
    out_h[2u * i + 1u] = float16_t(d / 7.0lf);                           // f64 divide, then f64->f16 (RTE)

    // ---- f64 ----
    out_d[3u * i + 0u] = d * d - d / 3.0lf;                              // 3 f64 ops, each rounded
    out_d[3u * i + 1u] = float64_t(h) * d;                               // f16->f64 exact, f64 multiply
    out_d[3u * i + 2u] = d * d + 1.0lf;                                  // OpFMul + OpFAdd, each rounded (d*d is exact here)

    // ---- conversions to integer (truncate toward zero) ----
    out_i[2u * i + 0u] = int(d * 10.0lf);
    out_i[2u * i + 1u] = int(h * float16_t(4.0));
}
