// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc misaligned_vloada.cl -o misaligned_vloada.bc && llvm-spirv-14 --spirv-max-version=1.0 misaligned_vloada.bc -o misaligned_vloada.spv
// vloada_half4 needs an address that is a multiple of 8 bytes; p + 1 is not.
__kernel void misaligned(__global half *p, __global float4 *o) {
    o[get_global_id(0)] = vloada_half4(0, p + 1);
}
