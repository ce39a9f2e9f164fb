// glslangValidator -V --target-env vulkan1.2 trinary.comp -o trinary.spv
//
// SPV_AMD_shader_trinary_minmax through GL_AMD_shader_trinary_minmax: min3,
// mid3 and max3 on f16vec4 and vec4, on signed and unsigned 16 and 32-bit
// integer vectors, and on scalars (component x of the f32 and i32 inputs, to
// fs and is). glslang has no 8 or 64-bit integer or double overloads; those
// widths are covered by the unit tables (isa/tests/amd_trinary.rs). Invocation i
// (2 workgroups x 64) reads elements 3i, 3i+1, 3i+2 of an input (x, y, z) and
// writes min3 to out[3i], mid3 to out[3i+1], max3 to out[3i+2]. Signed and
// unsigned variants read the same bits.
#version 450
#extension GL_AMD_shader_trinary_minmax : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer F16 { f16vec4 f16in[]; };
layout(std430, binding = 1) writeonly buffer F16o { f16vec4 f16out[]; };
layout(std430, binding = 2) readonly buffer F32 { vec4 f32in[]; };
layout(std430, binding = 3) writeonly buffer F32o { vec4 f32out[]; };
layout(std430, binding = 4) readonly buffer I16 { u16vec4 i16in[]; };
layout(std430, binding = 5) writeonly buffer U16o { u16vec4 u16out[]; };
layout(std430, binding = 6) writeonly buffer S16o { u16vec4 s16out[]; };
layout(std430, binding = 7) readonly buffer I32 { uvec4 i32in[]; };
layout(std430, binding = 8) writeonly buffer U32o { uvec4 u32out[]; };
layout(std430, binding = 9) writeonly buffer S32o { uvec4 s32out[]; };
layout(std430, binding = 10) writeonly buffer Fs { float fs[]; };
layout(std430, binding = 11) writeonly buffer Is { int is[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint x = 3 * i, y = 3 * i + 1, z = 3 * i + 2;

    f16vec4 h0 = f16in[x], h1 = f16in[y], h2 = f16in[z];
    f16out[x] = min3(h0, h1, h2);
    f16out[y] = mid3(h0, h1, h2);
    f16out[z] = max3(h0, h1, h2);

    vec4 f0 = f32in[x], f1 = f32in[y], f2 = f32in[z];
    f32out[x] = min3(f0, f1, f2);
    f32out[y] = mid3(f0, f1, f2);
    f32out[z] = max3(f0, f1, f2);

    u16vec4 a0 = i16in[x], a1 = i16in[y], a2 = i16in[z];
    u16out[x] = min3(a0, a1, a2);
    u16out[y] = mid3(a0, a1, a2);
    u16out[z] = max3(a0, a1, a2);
    i16vec4 b0 = i16vec4(a0), b1 = i16vec4(a1), b2 = i16vec4(a2);
    s16out[x] = u16vec4(min3(b0, b1, b2));
    s16out[y] = u16vec4(mid3(b0, b1, b2));
    s16out[z] = u16vec4(max3(b0, b1, b2));

    uvec4 c0 = i32in[x], c1 = i32in[y], c2 = i32in[z];
    u32out[x] = min3(c0, c1, c2);
    u32out[y] = mid3(c0, c1, c2);
    u32out[z] = max3(c0, c1, c2);
    ivec4 e0 = ivec4(c0), e1 = ivec4(c1), e2 = ivec4(c2);
    s32out[x] = uvec4(min3(e0, e1, e2));
    s32out[y] = uvec4(mid3(e0, e1, e2));
    s32out[z] = uvec4(max3(e0, e1, e2));

    // Scalars: component x of the f32 and signed 32-bit inputs.
    fs[x] = min3(f0.x, f1.x, f2.x);
    fs[y] = mid3(f0.x, f1.x, f2.x);
    fs[z] = max3(f0.x, f1.x, f2.x);
    is[x] = min3(e0.x, e1.x, e2.x);
    is[y] = mid3(e0.x, e1.x, e2.x);
    is[z] = max3(e0.x, e1.x, e2.x);
}
