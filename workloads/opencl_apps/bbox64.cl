// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc bbox64.cl -o bbox64_contended.bc && llvm-spirv-14 --spirv-max-version=1.0 --spirv-ext=+SPV_EXT_shader_atomic_float_min_max bbox64_contended.bc -o bbox64_contended.spv
// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -DSPREAD -emit-llvm-bc bbox64.cl -o bbox64_spread.bc && llvm-spirv-14 --spirv-max-version=1.0 --spirv-ext=+SPV_EXT_shader_atomic_float_min_max bbox64_spread.bc -o bbox64_spread.spv
//
// The bounding box of a 3D point cloud in double with 64-bit float atomic
// min / max: atomic_fetch_min/max_explicit on __global atomic_double
// (cl_ext_float_atomics, __opencl_c_ext_fp64_global_atomic_min_max, which
// clang 14 defines for spir64 without any flag), translated by llvm-spirv-14
// to OpAtomicFMinEXT / OpAtomicFMaxEXT (SPV_EXT_shader_atomic_float_min_max,
// capability AtomicFloat64MinMaxEXT). Each work-item takes one point
// (x, y, z). Contended: every work-item updates the same six doubles (min x,
// y, z, max x, y, z). SPREAD: each workgroup updates its own six, the
// partial boxes a second pass reduces (bbox64_reduce.toml: the contended
// kernel over the partial boxes' corners). The returned old values are not
// used (they depend on the order of the atomics).
// Arguments:
//   0: __global const double *pts     3 n doubles
//   1: __global atomic_double *box    6 (contended) or 6 per workgroup
//   2: uint n                         number of points (bounds guard)
__kernel void bbox64(__global const double *pts, __global atomic_double *box, uint n)
{
    size_t i = get_global_id(0);
    if (i >= n)
        return;
#ifdef SPREAD
    size_t b = 6 * get_group_id(0);
#else
    size_t b = 0;
#endif
    for (int k = 0; k < 3; k++) {
        double v = pts[3 * i + k];
        atomic_fetch_min_explicit(&box[b + k], v, memory_order_relaxed, memory_scope_device);
        atomic_fetch_max_explicit(&box[b + 3 + k], v, memory_order_relaxed, memory_scope_device);
    }
}
