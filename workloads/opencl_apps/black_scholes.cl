// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc black_scholes.cl -o black_scholes.bc && llvm-spirv-14 --spirv-max-version=1.0 black_scholes.bc -o black_scholes.spv
//
// Black-Scholes prices of European call and put options in float, one
// option per work-item, with the cumulative normal N(d) = (1 + erf(d/sqrt2))/2.
// Exercises OpenCL.std sqrt, log, exp and erf, a float division, and
// (fp contraction is on) mad. Arguments:
//   0..2: __global const float *S, *K, *T   spot price, strike, years to expiry
//   3, 4: __global float *call, *put         the prices
//   5, 6: float r, v                         riskless rate, volatility
//   7:    uint n                              number of options (bounds guard)
__kernel void black_scholes(__global const float *S, __global const float *K,
                            __global const float *T, __global float *call,
                            __global float *put, float r, float v, uint n)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
    float s = S[i], k = K[i], t = T[i];
    float vst = v * sqrt(t);
    float d1 = (log(s / k) + (r + 0.5f * v * v) * t) / vst;
    float d2 = d1 - vst;
    float n1 = 0.5f + 0.5f * erf(d1 * M_SQRT1_2_F);
    float n2 = 0.5f + 0.5f * erf(d2 * M_SQRT1_2_F);
    float disc = k * exp(-r * t);
    call[i] = s * n1 - disc * n2;
    put[i] = disc * (1.0f - n2) - s * (1.0f - n1);
}
