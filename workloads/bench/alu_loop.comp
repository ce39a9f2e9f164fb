// glslangValidator -V --target-env vulkan1.2 alu_loop.comp -o alu_loop.unopt.spv && spirv-opt -O alu_loop.unopt.spv -o alu_loop.spv
// A benchmark kernel: an integer and float loop per invocation, then one
// store. Mostly ALU work with a loop branch; used by `gpusim bench`.
#version 450
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
layout(push_constant) uniform P { uint iterations; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint h = i * 2654435761u;
    float f = float(i);
    for (uint k = 0u; k < iterations; k++) {
        h = (h ^ (h >> 15)) * 2246822519u + k;
        f = f * 0.5 + float(h & 255u);
    }
    o[i] = h ^ floatBitsToUint(f);
}
