// glslangValidator -V --target-env vulkan1.2 vector_add.comp -o vector_add.spv
//
// c[i] = a[i] + b[i] for i < n; n comes from a push constant.
#version 450

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer BufA { float a[]; };
layout(set = 0, binding = 1, std430) readonly buffer BufB { float b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer BufC { float c[]; };

layout(push_constant, std430) uniform Params {
    uint n;
} params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < params.n) {
        c[i] = a[i] + b[i];
    }
}
