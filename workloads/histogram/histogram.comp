// glslangValidator -V --target-env vulkan1.2 histogram.comp -o histogram_global.spv
// glslangValidator -V --target-env vulkan1.2 -DPRIVATE histogram.comp -o histogram_private.spv
//
// A 256-bin histogram of u8 data packed four to a u32 (byte 0 of a word is
// its low byte). Each workgroup of 256 invocations takes per * 256
// consecutive words; invocation lid reads words lid, lid + 256, ... of that
// chunk (coalesced) and counts their four bytes each.
// Global: atomicAdd on the output bin for every byte.
// PRIVATE: the workgroup counts into 256 shared bins with shared atomics,
// then each invocation adds one shared bin to the output bin of the same
// number (one global atomicAdd per bin per workgroup, zeros included).
// The returned old values are not used.
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Data { uint data[]; };
layout(set = 0, binding = 1, std430) buffer Bins { uint bins[]; };
layout(push_constant, std430) uniform P { uint words; uint per; } p;
#ifdef PRIVATE
shared uint local_bins[256];
#endif
void main() {
    uint lid = gl_LocalInvocationID.x;
#ifdef PRIVATE
    local_bins[lid] = 0u;
    barrier();
#endif
    uint base = gl_WorkGroupID.x * p.per * 256u + lid;
    for (uint j = 0u; j < p.per; j++) {
        uint i = base + j * 256u;
        if (i < p.words) {
            uint w = data[i];
            for (uint s = 0u; s < 32u; s += 8u) {
#ifdef PRIVATE
                atomicAdd(local_bins[(w >> s) & 255u], 1u);
#else
                atomicAdd(bins[(w >> s) & 255u], 1u);
#endif
            }
        }
    }
#ifdef PRIVATE
    barrier();
    atomicAdd(bins[lid], local_bins[lid]);
#endif
}
