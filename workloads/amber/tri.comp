#version 450
#extension GL_AMD_shader_trinary_minmax : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer F { vec4 f[]; };      // (a, b, c, _) per invocation
layout(set = 0, binding = 1) buffer I { ivec4 i[]; };
layout(set = 0, binding = 2) buffer U { uvec4 u[]; };
layout(set = 0, binding = 3) buffer OF { vec4 of[]; };     // (min3, max3, mid3, _)
layout(set = 0, binding = 4) buffer OI { ivec4 oi[]; };
layout(set = 0, binding = 5) buffer OU { uvec4 ou[]; };
void main() {
  uint k = gl_GlobalInvocationID.x;
  vec4 a = f[k]; ivec4 b = i[k]; uvec4 c = u[k];
  of[k] = vec4(min3(a.x, a.y, a.z), max3(a.x, a.y, a.z), mid3(a.x, a.y, a.z), 0.0);
  oi[k] = ivec4(min3(b.x, b.y, b.z), max3(b.x, b.y, b.z), mid3(b.x, b.y, b.z), 0);
  ou[k] = uvec4(min3(c.x, c.y, c.z), max3(c.x, c.y, c.z), mid3(c.x, c.y, c.z), 0u);
}
