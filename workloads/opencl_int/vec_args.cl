// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc vec_args.cl -o vec_args.bc && llvm-spirv-14 --spirv-max-version=1.0 vec_args.bc -o vec_args.spv
//
// Vectors passed by value ([[arg]] value = [..]): a float4, an int2 and a
// uchar3 (which OpenCL lays out in the room of a uchar4), then a float
// scalar after them. Work-item i writes
//   outf[4i + k] = scale[k] * i + bias     k < 4
//   outi[2i + k] = offset[k] + i           k < 2
//   outu[3i + k] = mask[k] ^ i             k < 3 (uchar)

__kernel void vec_args(__global float *outf,
                       __global int *outi,
                       __global uchar *outu,
                       float4 scale,
                       int2 offset,
                       uchar3 mask,
                       float bias)
{
    size_t i = get_global_id(0);
    float fi = (float)i;
    vstore4(scale * fi + bias, i, outf);
    vstore2(offset + (int)i, i, outi);
    vstore3(mask ^ (uchar)i, i, outu);
}
