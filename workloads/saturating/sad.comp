// glslangValidator -V --target-env vulkan1.2 sad.comp -o sad.spv
//
// Block matching for motion estimation: each invocation takes one 8x8
// block of the current frame and finds, among the offsets within +-2
// pixels (in bounds) in the reference frame, the one with the least sum
// of absolute differences (absoluteDifference, GL_INTEL_shader_integer_functions2);
// ties go to the first offset in row order. Writes the SAD and the offset
// index (dy + 2) * 5 + (dx + 2).
#version 450
#extension GL_INTEL_shader_integer_functions2 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer Cur { uint8_t cur[]; };
layout(set = 0, binding = 1, std430) readonly buffer Ref { uint8_t ref_[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Best { uint best[]; };
layout(set = 0, binding = 3, std430) writeonly buffer Offset { uint offset_[]; };
layout(push_constant, std430) uniform P { uint width; uint height; } p;
void main() {
    uint bx = gl_GlobalInvocationID.x, by = gl_GlobalInvocationID.y;
    uint blocks_x = p.width / 8, blocks_y = p.height / 8;
    if (bx >= blocks_x || by >= blocks_y) {
        return;
    }
    uint least = 0xffffffffu, at = 0u;
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            int x0 = int(bx * 8) + dx, y0 = int(by * 8) + dy;
            if (x0 < 0 || y0 < 0 || x0 + 8 > int(p.width) || y0 + 8 > int(p.height)) {
                continue;
            }
            uint s = 0u;
            for (uint y = 0u; y < 8u; y++) {
                for (uint x = 0u; x < 8u; x++) {
                    uint c = (by * 8u + y) * p.width + bx * 8u + x;
                    uint r = uint(y0 + int(y)) * p.width + uint(x0 + int(x));
                    s += uint(absoluteDifference(cur[c], ref_[r]));
                }
            }
            if (s < least) {
                least = s;
                at = uint((dy + 2) * 5 + dx + 2);
            }
        }
    }
    best[by * blocks_x + bx] = least;
    offset_[by * blocks_x + bx] = at;
}
