// glslangValidator -V --target-env vulkan1.2 glsl_pack.comp -o glsl_pack.spv
//
// GLSL.std.450 integer, packing, frexp/ldexp/modf and matrix instructions at
// several integer widths. Expected values in glsl_pack.toml come from
// gen_expected.py / gen_pack.py (exact integer and rational arithmetic).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer In { int a[]; };
layout(set = 0, binding = 1) buffer OutU { uint u[]; };
layout(set = 0, binding = 2) buffer OutF { float f[]; };
layout(set = 0, binding = 3) buffer OutQ { int64_t q[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    int v = a[i];
    uint b = i * 16u;
    u[b + 0u] = uint(abs(v));
    u[b + 1u] = uint(sign(v));
    u[b + 2u] = uint(findLSB(v));
    u[b + 3u] = uint(findMSB(v));
    u[b + 4u] = uint(findMSB(uint(v)));
    u[b + 5u] = uint(min(v, 3));
    u[b + 6u] = max(uint(v), 100u);
    u[b + 7u] = uint(clamp(v, -50, 50));
    u[b + 8u] = clamp(uint(v), 10u, 1000u);
    float fv = float(v % 2000) / 1000.0;
    u[b + 9u] = packUnorm4x8(vec4(fv, -fv, 0.5 * fv, 1.0));
    u[b + 10u] = packSnorm4x8(vec4(fv, -fv, 0.5 * fv, 1.0));
    u[b + 11u] = packSnorm2x16(vec2(fv, -0.25 * fv));
    u[b + 12u] = packUnorm2x16(vec2(fv, 0.75));
    u[b + 13u] = packHalf2x16(vec2(fv, 3.0 * fv));
    int8_t s8 = int8_t(v);
    int16_t s16 = int16_t(v);
    u[b + 14u] = uint(uint8_t(abs(s8))) | (uint(uint8_t(max(s8, int8_t(-3)))) << 8u)
               | (uint(uint16_t(clamp(s16, int16_t(-1000), int16_t(1000)))) << 16u);
    int e;
    float m = frexp(fv * 7.0, e);
    u[b + 15u] = uint(e);

    uint c = i * 20u;
    vec4 un = unpackUnorm4x8(uint(v));
    f[c + 0u] = un.x; f[c + 1u] = un.y; f[c + 2u] = un.z; f[c + 3u] = un.w;
    vec4 sn = unpackSnorm4x8(uint(v));
    f[c + 4u] = sn.x; f[c + 5u] = sn.w;
    vec2 s2 = unpackSnorm2x16(uint(v));
    f[c + 6u] = s2.x; f[c + 7u] = s2.y;
    vec2 h2 = unpackHalf2x16(uint(v));
    f[c + 8u] = h2.x; f[c + 9u] = h2.y;
    f[c + 10u] = m;
    f[c + 11u] = ldexp(fv, (v & 15) - 8);
    float whole;
    f[c + 12u] = modf(fv * 3.0, whole);
    f[c + 13u] = whole;
    mat3 m3 = mat3(fv, 1.0, 2.0, 0.0, fv, 1.0, 1.0, 0.0, fv + 1.0);
    f[c + 14u] = determinant(m3);
    mat2 inv = inverse(mat2(fv + 2.0, 1.0, 1.0, fv + 3.0));
    f[c + 15u] = inv[0][0]; f[c + 16u] = inv[0][1]; f[c + 17u] = inv[1][0]; f[c + 18u] = inv[1][1];
    f[c + 19u] = determinant(mat4(1.0, fv, 0.0, 0.0, 0.0, 1.0, fv, 0.0, 0.0, 0.0, 1.0, fv, fv, 0.0, 0.0, 1.0));

    int64_t w = int64_t(v) * 0x100000001l;
    q[i * 4u + 0u] = abs(w);
    q[i * 4u + 1u] = min(w, int64_t(-5));
    q[i * 4u + 2u] = int64_t(findMSB(w));
    q[i * 4u + 3u] = int64_t(findLSB(uint64_t(w)));
}
