// glslangValidator -V --target-env vulkan1.2 workgroup_layout.comp -o workgroup_layout.spv
//
// VK_KHR_workgroup_memory_explicit_layout (GL_EXT_shared_memory_block):
// three Block-decorated shared blocks alias one workgroup memory from
// offset 0. 2 workgroups x 64 invocations; invocation i of workgroup g
// (n = 64 g + i) writes words.w[i] = n * 2654435761 (mod 2^32), then after
// a barrier reads it back through the other blocks:
//   lo[n], hi[n] = halves.h[2i], halves.h[2i + 1] (16-bit halves, little
//                  endian: the low and high half of words.w[i])
//   sh[n]        = shifted.s[i % 60], whose member starts at Offset 16:
//                  words.w[i % 60 + 4]
#version 450
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 64) in;
shared Words { uint w[64]; } words;
shared Halves { uint16_t h[128]; } halves;
shared Shifted { layout(offset = 16) uint s[60]; } shifted;
layout(std430, binding = 0) buffer Out { uint lo[128]; uint hi[128]; uint sh[128]; } o;
void main() {
    uint i = gl_LocalInvocationID.x;
    uint n = gl_WorkGroupID.x * 64u + i;
    words.w[i] = n * 2654435761u;
    barrier();
    o.lo[n] = uint(halves.h[2u * i]);
    o.hi[n] = uint(halves.h[2u * i + 1u]);
    o.sh[n] = shifted.s[i % 60u];
}
