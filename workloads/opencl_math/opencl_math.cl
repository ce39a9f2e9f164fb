// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc opencl_math.cl -o opencl_math.bc && llvm-spirv-14 --spirv-max-version=1.0 opencl_math.bc -o opencl_math.spv
//
// Math-heavy OpenCL C kernel over float4, double2 and half4 values, using the
// OpenCL.std math instructions including the pointer-output ones (sincos,
// modf, frexp, remquo). Each output element is the result of one math call,
// so the checks can use the per-function ULP bounds.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void math_mix(global const float4 *x,
                     global float4 *o_sin, global float4 *o_cos,
                     global float4 *o_frac, global float4 *o_int,
                     global float4 *o_exp, global float4 *o_pow,
                     global double2 *o_mant, global int2 *o_e2,
                     global double2 *o_log, global float *o_rem,
                     global int *o_quo, global half4 *o_hexp,
                     global half4 *o_hsqrt)
{
    size_t i = get_global_id(0);
    float4 v = x[i];
    float4 c;
    o_sin[i] = sincos(v, &c);
    o_cos[i] = c;
    float4 ip;
    o_frac[i] = modf(v * 3.5f, &ip);
    o_int[i] = ip;
    o_exp[i] = exp(v);
    o_pow[i] = pow(fabs(v) + 0.5f, (float4)(1.5f, -2.25f, 0.75f, 3.0f));

    double2 d = convert_double2(v.xy) * 1000.0;
    int2 e;
    o_mant[i] = frexp(d, &e);
    o_e2[i] = e;
    o_log[i] = log(fabs(d) + 1.0);

    int q;
    o_rem[i] = remquo(v.z * 17.0f, 0.75f, &q);
    o_quo[i] = q;

    half4 h = convert_half4(v);
    o_hexp[i] = exp(h);
    o_hsqrt[i] = sqrt(fabs(h));
}
