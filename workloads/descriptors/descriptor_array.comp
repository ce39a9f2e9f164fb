// glslangValidator -V --target-env vulkan1.2 descriptor_array.comp -o descriptor_array.spv
//
// Descriptor arrays: `src` is a runtime-sized array (as many storage
// buffers as the host binds at set 0 binding 0: three here) and `dst` two
// (binding 1), each element its own buffer.
// 2 workgroups x 64 invocations; invocation g picks src[k], k = g % KMOD,
// a non-uniform index (nonuniformEXT), reads its length (OpArrayLength
// through the dynamically picked descriptor) and element g % length, and
// writes dst[g & 1].v[g >> 1] = x * 10 + k + src[2].v[0] (a constant
// index too). Invocations 0..2 write src[g]'s length to lens.n[g].
// KMOD (spec constant 0) past 3 makes the index run off the array.
#version 450
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 64) in;
layout(constant_id = 0) const uint KMOD = 3;

layout(std430, set = 0, binding = 0) readonly buffer Src { uint v[]; } src[];
layout(std430, set = 0, binding = 1) buffer Dst { uint v[]; } dst[2];
layout(std430, set = 0, binding = 2) buffer Lens { uint n[]; } lens;

void main() {
    uint g = gl_GlobalInvocationID.x;
    uint k = g % KMOD;
    uint len = uint(src[nonuniformEXT(k)].v.length());
    uint x = src[nonuniformEXT(k)].v[g % len];
    dst[nonuniformEXT(g & 1u)].v[g >> 1] = x * 10u + k + src[2].v[0];
    if (g < 3u) {
        lens.n[g] = uint(src[nonuniformEXT(g)].v.length());
    }
}
