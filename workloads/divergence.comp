// glslangValidator -V --target-env vulkan1.2 divergence.comp -o divergence.spv
//
// Control-flow divergence stress test: per-lane data-dependent trip counts,
// nested loops, break, continue and early return. All arithmetic is 32-bit
// unsigned (wrapping), so results are exact.
#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer In { uint inp[]; };
layout(set = 0, binding = 1, std430) buffer Out { uint outp[]; };

layout(push_constant, std430) uniform Params {
    uint n;
} params;

void main() {
    uint gid = gl_GlobalInvocationID.x;
    if (gid >= params.n) {
        return;                       // out-of-range lanes: no write
    }
    uint x = inp[gid];
    if (x % 7u == 3u) {
        return;                       // early return: output keeps its initial value
    }

    uint steps = 0u;
    uint acc = 0u;
    while (x != 1u) {
        if (steps >= 200u) {
            break;                    // cap (x == 0 never reaches 1)
        }
        if ((x & 1u) == 0u) {
            x >>= 1u;
            steps++;
            continue;
        }
        x = 3u * x + 1u;
        // inner loop with a data-dependent trip count, break and continue
        for (uint k = 0u; k < (x & 7u) + 1u; k++) {
            if (k == 5u) {
                break;
            }
            if ((k & 1u) == 1u) {
                continue;
            }
            acc += k * x + steps;
        }
        steps++;
    }
    outp[gid] = (steps << 16u) ^ acc;
}
