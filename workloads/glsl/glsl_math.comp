// glslangValidator -V --target-env vulkan1.2 glsl_math.comp -o glsl_math.spv
//
// GLSL.std.450 float math at f32, f16 and f64: transcendental, rounding,
// fma/mix/clamp/smoothstep and vector geometry. Expected values in
// glsl_math.toml come from gen_expected.py (mpmath, correctly rounded).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer In { float x[]; };
layout(set = 0, binding = 1) buffer Out { float o[]; };
layout(set = 0, binding = 2) buffer OutH { float16_t oh[]; };
layout(set = 0, binding = 3) buffer OutD { double od[]; };
layout(set = 0, binding = 4) buffer OutG { float og[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = x[i];
    uint b = i * 16u;
    o[b + 0u] = sin(v);
    o[b + 1u] = cos(v);
    o[b + 2u] = exp(v);
    o[b + 3u] = log(v);
    o[b + 4u] = sqrt(v);
    o[b + 5u] = inversesqrt(v);
    o[b + 6u] = pow(v, 1.5);
    o[b + 7u] = atan(v, 2.0);
    o[b + 8u] = tanh(v);
    o[b + 9u] = asinh(v);
    o[b + 10u] = fract(v);
    o[b + 11u] = fma(v, v, -2.0);
    o[b + 12u] = smoothstep(1.0, 5.0, v);
    o[b + 13u] = floor(v);
    o[b + 14u] = clamp(v, 1.0, 4.0);
    o[b + 15u] = roundEven(v);

    float16_t h = float16_t(v);
    oh[i * 4u + 0u] = exp2(h);
    oh[i * 4u + 1u] = log2(h);
    oh[i * 4u + 2u] = sqrt(h);
    oh[i * 4u + 3u] = fma(h, h, h);

    double d = double(v);
    od[i * 4u + 0u] = sqrt(d);
    od[i * 4u + 1u] = inversesqrt(d);
    od[i * 4u + 2u] = fma(d, d, -1.0lf);
    od[i * 4u + 3u] = ceil(d);

    vec3 p = vec3(v, 1.0, 2.0);
    vec3 n = normalize(p);
    vec3 c = cross(p, vec3(1.0, v, 0.0));
    og[i * 8u + 0u] = length(p);
    og[i * 8u + 1u] = n.x;
    og[i * 8u + 2u] = n.y;
    og[i * 8u + 3u] = n.z;
    og[i * 8u + 4u] = c.x;
    og[i * 8u + 5u] = c.y;
    og[i * 8u + 6u] = c.z;
    og[i * 8u + 7u] = distance(vec2(v, 0.0), vec2(1.0, 1.0));
}
