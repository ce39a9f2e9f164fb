// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc opencl_local.cl -o opencl_local.bc && llvm-spirv-14 --spirv-max-version=1.0 opencl_local.bc -o opencl_local.spv
//
// __local memory passed as a kernel argument, barrier(CLK_LOCAL_MEM_FENCE),
// and a mix of uchar / short / long arithmetic.
// Arguments:
//   0: __global const uchar* in
//   1: __global uchar*       out_u   one per work-item
//   2: __global short*       out_s   one per work-item
//   3: __global long*        out_l   one per work-group
//   4: __local int*          scratch local_size ints
//   5: int                   bias

__kernel void local_mix(__global const uchar *in,
                        __global uchar *out_u,
                        __global short *out_s,
                        __global long *out_l,
                        __local int *scratch,
                        int bias)
{
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);
    size_t lsz = get_local_size(0);

    uchar v = in[gid];
    scratch[lid] = (int)v * 3 + bias;
    out_u[gid] = (uchar)(v + (uchar)(lid * 7u));          // wraps modulo 256
    barrier(CLK_LOCAL_MEM_FENCE);

    // read the mirrored neighbour written by another work-item
    int rev = scratch[lsz - 1 - lid];
    out_s[gid] = (short)(rev * 300 - (int)lid);           // truncated to 16 bits
    barrier(CLK_LOCAL_MEM_FENCE);

    // tree reduction in local memory
    for (size_t stride = lsz / 2; stride > 0; stride >>= 1) {
        if (lid < stride)
            scratch[lid] += scratch[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0) {
        long s = (long)scratch[0];
        out_l[get_group_id(0)] = s * 1000000007L - ((long)get_group_id(0) << 40);
    }
}
