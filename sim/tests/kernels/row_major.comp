// glslangValidator -V --target-env vulkan1.2 row_major.comp -o row_major.spv
// A row-major mat2x4 in a storage buffer: reads column 1 through a pointer
// to the column, writes column 0 the same way, and reads one element.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0, row_major) buffer M { mat2x4 m; };
layout(std430, set = 0, binding = 1) buffer O { vec4 col1; float e; };
void main() {
    col1 = m[1];
    e = m[0][3];
    m[0] = vec4(-1.0, -2.0, -3.0, -4.0);
}
