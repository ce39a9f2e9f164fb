// glslangValidator -V --target-env vulkan1.2 chain.comp -o chain.spv
//
// Workgroups whose results depend on the order workgroups run in, which
// Vulkan leaves open and gpusim fixes (in order of id): workgroup 200
// reads what workgroup 199 wrote, and workgroups 250, 255, ... 295 take
// tickets from a global atomic counter. So total[w] = w except total[200]
// = 199 + 200, count[250 + 5k] = k and count[299] = 10, on any number of
// threads.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Total { uint total[]; };
layout(set = 0, binding = 1, std430) buffer Count { uint count[]; };
void main() {
    uint w = gl_WorkGroupID.x;
    if (gl_LocalInvocationID.x == 0u) {
        uint before = w == 200u ? total[199] : 0u;
        total[w] = before + w;
        if (w >= 250u && w % 5u == 0u) {
            count[w] = atomicAdd(count[299], 1u);
        }
    }
}
