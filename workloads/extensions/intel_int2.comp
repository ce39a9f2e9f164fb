// glslangValidator -V --target-env vulkan1.2 intel_int2.comp -o intel_int2.spv
//
// SPV_INTEL_shader_integer_functions2 through GL_INTEL_shader_integer_functions2:
// all fourteen instructions on uvec4/ivec4 (32-bit), and the ten that allow
// other widths on 64-bit (u64vec2/i64vec2) and 16-bit (u16vec4/i16vec4)
// values. Invocation i (2 workgroups x 64) reads element i of each input;
// signed instructions read the same bits as signed.
//   o32[14 i + k], k = clz, ctz, absdiff(i), absdiff(u), addSat(i), addSat(u),
//     average(i), average(u), averageRounded(i), averageRounded(u),
//     subSat(i), subSat(u), multiply32x16(i), multiply32x16(u)
//     (the order of opcodes 5585..5598)
//   o64[10 i + k], o16[10 i + k]: k = 0..9 as above from absdiff(i) on.
#version 450
#extension GL_INTEL_shader_integer_functions2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer A32 { uvec4 a32[]; };
layout(std430, binding = 1) readonly buffer B32 { uvec4 b32[]; };
layout(std430, binding = 2) writeonly buffer O32 { uvec4 o32[]; };
layout(std430, binding = 3) readonly buffer A64 { u64vec2 a64[]; };
layout(std430, binding = 4) readonly buffer B64 { u64vec2 b64[]; };
layout(std430, binding = 5) writeonly buffer O64 { u64vec2 o64[]; };
layout(std430, binding = 6) readonly buffer A16 { u16vec4 a16[]; };
layout(std430, binding = 7) readonly buffer B16 { u16vec4 b16[]; };
layout(std430, binding = 8) writeonly buffer O16 { u16vec4 o16[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;

    uvec4 ua = a32[i], ub = b32[i];
    ivec4 sa = ivec4(ua), sb = ivec4(ub);
    uint o = 14 * i;
    o32[o + 0] = uvec4(countLeadingZeros(ua));
    o32[o + 1] = uvec4(countTrailingZeros(ua));
    o32[o + 2] = absoluteDifference(sa, sb);
    o32[o + 3] = absoluteDifference(ua, ub);
    o32[o + 4] = uvec4(addSaturate(sa, sb));
    o32[o + 5] = addSaturate(ua, ub);
    o32[o + 6] = uvec4(average(sa, sb));
    o32[o + 7] = average(ua, ub);
    o32[o + 8] = uvec4(averageRounded(sa, sb));
    o32[o + 9] = averageRounded(ua, ub);
    o32[o + 10] = uvec4(subtractSaturate(sa, sb));
    o32[o + 11] = subtractSaturate(ua, ub);
    o32[o + 12] = uvec4(multiply32x16(sa, sb));
    o32[o + 13] = multiply32x16(ua, ub);

    u64vec2 la = a64[i], lb = b64[i];
    i64vec2 ma = i64vec2(la), mb = i64vec2(lb);
    o = 10 * i;
    o64[o + 0] = absoluteDifference(ma, mb);
    o64[o + 1] = absoluteDifference(la, lb);
    o64[o + 2] = u64vec2(addSaturate(ma, mb));
    o64[o + 3] = addSaturate(la, lb);
    o64[o + 4] = u64vec2(average(ma, mb));
    o64[o + 5] = average(la, lb);
    o64[o + 6] = u64vec2(averageRounded(ma, mb));
    o64[o + 7] = averageRounded(la, lb);
    o64[o + 8] = u64vec2(subtractSaturate(ma, mb));
    o64[o + 9] = subtractSaturate(la, lb);

    u16vec4 ha = a16[i], hb = b16[i];
    i16vec4 ka = i16vec4(ha), kb = i16vec4(hb);
    o16[o + 0] = absoluteDifference(ka, kb);
    o16[o + 1] = absoluteDifference(ha, hb);
    o16[o + 2] = u16vec4(addSaturate(ka, kb));
    o16[o + 3] = addSaturate(ha, hb);
    o16[o + 4] = u16vec4(average(ka, kb));
    o16[o + 5] = average(ha, hb);
    o16[o + 6] = u16vec4(averageRounded(ka, kb));
    o16[o + 7] = averageRounded(ha, hb);
    o16[o + 8] = u16vec4(subtractSaturate(ka, kb));
    o16[o + 9] = subtractSaturate(ha, hb);
}
