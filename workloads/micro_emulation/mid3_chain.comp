// glslangValidator -V --target-env vulkan1.2 mid3_chain.comp -o mid3_chain.unopt.spv && spirv-opt -O mid3_chain.unopt.spv -o mid3_chain.spv
// A chain of 32 dependent UMid3 per invocation: the emulation test times it
// with the family native and emulated.
#version 450
#extension GL_AMD_shader_trinary_minmax : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; };

#define STEP x = mid3(x, a, b);
#define STEP4 STEP STEP STEP STEP
#define STEP16 STEP4 STEP4 STEP4 STEP4

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint x = v[i];
    uint a = x * 3u + 7u;
    uint b = (x ^ 0x55u) + 1u;
    STEP16 STEP16
    v[i] = x;
}
