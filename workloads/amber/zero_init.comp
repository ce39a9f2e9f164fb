#version 450
#extension GL_EXT_null_initializer : require
layout(local_size_x = 256) in;
shared uint s[4] = {};
layout(set = 0, binding = 0) buffer Out { uint v[]; };
void main() {
  if (gl_LocalInvocationIndex == 0u) {
    atomicAdd(s[0], gl_WorkGroupID.x + 1u);
  }
  barrier();
  v[gl_GlobalInvocationID.x] = s[gl_LocalInvocationIndex % 4u];
}
