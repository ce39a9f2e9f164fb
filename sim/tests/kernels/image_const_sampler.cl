// An OpenCL kernel reading an image through a constant sampler
// (OpConstantSampler): sim/tests/images.rs.
// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL1.2 -O2 -finclude-default-header -emit-llvm-bc image_const_sampler.cl -o image_const_sampler.bc
// llvm-spirv-14 --spirv-max-version=1.0 image_const_sampler.bc -o image_const_sampler.spv
const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void k(read_only image2d_t img, global float4 *out) {
    int i = get_global_id(0);
    out[i] = read_imagef(img, smp, (float2)(i - 1.5f, 0.5f));
}
