// glslangValidator -V --target-env vulkan1.2 matmul.comp -o matmul_f32.spv
// glslangValidator -V --target-env vulkan1.2 -DUINT matmul.comp -o matmul_u32.spv
//
// Tiled matrix multiply C = A x B (row-major; A is M x K, B is K x N, C is
// M x N; M, N and K multiples of 16) through shared memory. Each workgroup
// of 16 x 16 invocations computes one 16 x 16 tile of C, one element per
// invocation: for each 16-wide step along K it loads a tile of A and a tile
// of B (one element each per invocation), waits at a barrier, adds the 16
// products in order of k, and waits at a second barrier before the next
// loads. So every C element is the sum over k = 0, 1, ..., K-1 in order,
// each product rounded (f32: OpFMul then OpFAdd, not fused) and each
// addition rounded; UINT: u32 arithmetic modulo 2^32.
#version 450
layout(local_size_x = 16, local_size_y = 16) in;
#ifdef UINT
#define T uint
#else
#define T float
#endif
layout(set = 0, binding = 0, std430) readonly buffer A { T a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { T b[]; };
layout(set = 0, binding = 2, std430) writeonly buffer C { T c[]; };
layout(push_constant, std430) uniform P { uint m; uint n; uint k; } p;
shared T tile_a[16][16];
shared T tile_b[16][16];
void main() {
    uint tx = gl_LocalInvocationID.x;
    uint ty = gl_LocalInvocationID.y;
    uint row = gl_WorkGroupID.y * 16u + ty;
    uint col = gl_WorkGroupID.x * 16u + tx;
    T acc = T(0);
    for (uint t = 0u; t < p.k; t += 16u) {
        tile_a[ty][tx] = a[row * p.k + t + tx];
        tile_b[ty][tx] = b[(t + ty) * p.n + col];
        barrier();
        for (uint kk = 0u; kk < 16u; kk++) {
            acc += tile_a[ty][kk] * tile_b[kk][tx];
        }
        barrier();
    }
    c[row * p.n + col] = acc;
}
