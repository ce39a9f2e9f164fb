// glslangValidator -V --target-env vulkan1.2 atomics.comp -o atomics.spv
//
// Storage-buffer and workgroup (shared) atomics. Every output is independent
// of the order in which invocations execute their atomics.
#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer In { uint idx[]; };
layout(set = 0, binding = 1, std430) buffer Hist { uint hist[]; };      // 16 bins
layout(set = 0, binding = 2, std430) buffer Stats { uint stats[]; };    // 8 words
layout(set = 0, binding = 3, std430) buffer IStats { int istats[]; };   // 2 words
layout(set = 0, binding = 4, std430) buffer CasSum { uint cas_sum[]; }; // 8 words
layout(set = 0, binding = 5, std430) writeonly buffer WgHist { uint wg_hist[]; }; // 8 per workgroup
layout(set = 0, binding = 6, std430) writeonly buffer WgMax { uint wg_max[]; };   // 1 per workgroup

shared uint l_hist[8];
shared uint l_max;

void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint lid = gl_LocalInvocationID.x;

    if (lid < 8u) {
        l_hist[lid] = 0u;
    }
    if (lid == 0u) {
        l_max = 0u;
    }
    barrier();

    uint v = (idx[gid] * 2654435761u) >> 22u;     // pseudo-random value in [0, 1024)

    // global histogram
    atomicAdd(hist[v % 16u], 1u);

    // global order-independent reductions
    atomicMin(stats[0], v);
    atomicMax(stats[1], v);
    if ((gid & 15u) == 0u) {
        atomicOr(stats[2], 1u << (v % 32u));      // only 16 invocations take part
    }
    atomicAdd(stats[3], v);
    if ((gid & 15u) == 1u) {
        atomicAnd(stats[4], ~(1u << (v % 32u)));  // only 16 invocations take part
    }
    atomicXor(stats[5], v);
    uint ticket = atomicAdd(stats[6], 1u);        // returned old value: a permutation of 0..N-1
    atomicAdd(stats[7], ticket);                  // sum of tickets = N*(N-1)/2

    // signed min/max
    int sv = int(v) - 500;
    atomicMin(istats[0], sv);
    atomicMax(istats[1], sv);

    // compare-and-swap loop implementing an atomic add
    uint slot = v % 8u;
    uint expected = cas_sum[slot];
    while (true) {
        uint prev = atomicCompSwap(cas_sum[slot], expected, expected + v);
        if (prev == expected) {
            break;
        }
        expected = prev;
    }

    // workgroup (shared memory) atomics
    atomicAdd(l_hist[v % 8u], 1u);
    atomicMax(l_max, v);
    barrier();

    if (lid < 8u) {
        wg_hist[gl_WorkGroupID.x * 8u + lid] = l_hist[lid];
    }
    if (lid == 0u) {
        wg_max[gl_WorkGroupID.x] = l_max;
    }
}
