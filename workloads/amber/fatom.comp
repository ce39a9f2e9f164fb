#version 450
#extension GL_EXT_shader_atomic_float2 : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer In { float v[]; };
layout(set = 0, binding = 1) buffer Out { float mn; float mx; };
void main() {
  uint k = gl_GlobalInvocationID.x;
  atomicMin(mn, v[k]);
  atomicMax(mx, v[k]);
}
