// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc fixed_point.cl -o fixed_point.bc && llvm-spirv-14 --spirv-max-version=1.0 fixed_point.bc -o fixed_point.spv
// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -DADD_SAT -emit-llvm-bc fixed_point.cl -o fixed_point_add_sat.bc && llvm-spirv-14 --spirv-max-version=1.0 fixed_point_add_sat.bc -o fixed_point_add_sat.spv
//
// A 16-tap Q15 FIR filter in fixed point, one output sample per work-item,
// written the way DSP code does it (ETSI-style saturating basic operations):
//   acc = mad_sat(x, 2h, acc)     Q15 x Q15 products accumulated in Q31,
//                                 saturating (OpenCL.std s_mad_sat, int)
//   hi  = mul_hi(acc, gain)       Q31 x Q3.28 gain -> Q27 (s_mul_hi, int)
//   q31 = mad_sat(hi, 16, 0x8000) back to Q31 with a saturating shift by 4,
//                                 plus the rounding constant (s_mad_sat)
//   y   = add_sat((short)(q31 >> 16), x[i + 8] >> 1)
//                                 the filtered ("wet") Q15 sample plus the
//                                 delayed input ("dry") at half level,
//                                 saturating (s_add_sat, short)
// and the window's energy, the sum of x*x saturating in uint
// (u_mad_sat) scaled by a Q0.32 factor (u_mul_hi, uint).
// ADD_SAT: the two accumulations written as add_sat(acc, x * 2h) and
// add_sat(e, |x| * |x|) instead (s_add_sat and u_add_sat, int and uint).
// The products never overflow (no tap is -32768, |x| <= 32768), so the
// results are the same bits; the difference is that the simulator's
// emulate.saturating knob covers add_sat but not mad_sat.
// The tap loop is a do-while: written as a for loop, clang -O2 places the
// loop's exit block before its body, llvm-spirv-14 keeps that block order,
// and spirv-val rejects the module (the exit block uses the accumulator the
// body defines: "ID ... has not been defined").
// Arguments:
//   0: __global const short *x       n + 15 Q15 input samples
//   1: __constant short *h           16 Q15 taps
//   2: __global short *y             n Q15 outputs
//   3: __global uint *energy         n window energies
//   4: int gain                      Q3.28
//   5: uint escale                   Q0.32 energy scale
//   6: uint n                        number of outputs (bounds guard)
#define TAPS 16

__kernel void fir_q15(__global const short *x, __constant short *h,
                      __global short *y, __global uint *energy, int gain,
                      uint escale, uint n)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
    int acc = 0;
    uint e = 0;
    int k = 0;
    do {
        int xv = x[i + k];
        uint ax = abs(xv);
#ifdef ADD_SAT
        acc = add_sat(acc, xv * ((int)h[k] << 1));
        e = add_sat(e, ax * ax);
#else
        acc = mad_sat(xv, (int)h[k] << 1, acc);
        e = mad_sat(ax, ax, e);
#endif
    } while (++k < TAPS);
    int hi = mul_hi(acc, gain);
    int q31 = mad_sat(hi, 16, 0x8000);
    short wet = (short)(q31 >> 16);
    y[i] = add_sat(wet, (short)(x[i + TAPS / 2] >> 1));
    energy[i] = mul_hi(e, escale);
}
