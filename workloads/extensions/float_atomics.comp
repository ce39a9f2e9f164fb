// glslangValidator -V --target-env vulkan1.2 float_atomics.comp -o float_atomics.spv
//
// SPV_EXT_shader_atomic_float_min_max through GL_EXT_shader_atomic_float2:
// atomicMin / atomicMax on float and double storage buffers and on shared
// memory (OpAtomicFMinEXT / OpAtomicFMaxEXT). 8 workgroups x 256
// invocations; invocation g reads vals[g] (values include -0, +0, NaN,
// infinities, denormals).
//   hot[0] = min(hot[0], v), ret_min[g] = old value; hot[1] = max, ret_max[g]
//   many[g % 16] min, many[16 + g % 16] max
//   dhot[0] / dhot[1]: the same on doubles (dvals), hhot on float16_t (hvals)
//   shared smin/smax per workgroup, written to wg[2w], wg[2w + 1]
#version 450
#extension GL_EXT_shader_atomic_float2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer Vals { float vals[]; };
layout(std430, binding = 1) buffer Hot { float hot[]; };
layout(std430, binding = 2) buffer RetMin { float ret_min[]; };
layout(std430, binding = 3) buffer RetMax { float ret_max[]; };
layout(std430, binding = 4) buffer Many { float many[]; };
layout(std430, binding = 5) buffer Wg { float wg[]; };
layout(std430, binding = 6) readonly buffer DVals { double dvals[]; };
layout(std430, binding = 7) buffer DHot { double dhot[]; };
layout(std430, binding = 8) readonly buffer HVals { float16_t hvals[]; };
layout(std430, binding = 9) buffer HHot { float16_t hhot[]; };

shared float smin;
shared float smax;

void main() {
    uint g = gl_GlobalInvocationID.x;
    uint l = gl_LocalInvocationID.x;
    float v = vals[g];
    if (l == 0) {
        smin = 1000.0;
        smax = -1000.0;
    }
    barrier();
    ret_min[g] = atomicMin(hot[0], v);
    ret_max[g] = atomicMax(hot[1], v);
    atomicMin(many[g % 16], v);
    atomicMax(many[16 + g % 16], v);
    double d = dvals[g];
    atomicMin(dhot[0], d);
    atomicMax(dhot[1], d);
    float16_t h = hvals[g];
    atomicMin(hhot[0], h);
    atomicMax(hhot[1], h);
    atomicMin(smin, v);
    atomicMax(smax, v);
    barrier();
    if (l == 0) {
        wg[2 * gl_WorkGroupID.x] = smin;
        wg[2 * gl_WorkGroupID.x + 1] = smax;
    }
}
