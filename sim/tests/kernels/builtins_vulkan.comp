// glslangValidator -V --target-env vulkan1.2 builtins_vulkan.comp -o builtins_vulkan.spv
// Built-ins test (sim/tests/builtins_atomics.rs): every GLCompute built-in of
// a 3-D dispatch, written to 16 words per invocation at slot
// s = LocalInvocationIndex + 64 * linear workgroup index (x fastest).
// gl_WorkGroupSize is the WorkgroupSize-decorated constant glslang emits.
#version 450
layout(local_size_x = 8, local_size_y = 4, local_size_z = 2) in;
layout(set = 0, binding = 0) buffer Out { uint o[]; };
void main() {
  uint wg = gl_WorkGroupID.x + gl_NumWorkGroups.x * (gl_WorkGroupID.y + gl_NumWorkGroups.y * gl_WorkGroupID.z);
  uint b = 16u * (gl_LocalInvocationIndex + 64u * wg);
  o[b + 0u] = gl_GlobalInvocationID.x;
  o[b + 1u] = gl_GlobalInvocationID.y;
  o[b + 2u] = gl_GlobalInvocationID.z;
  o[b + 3u] = gl_LocalInvocationID.x;
  o[b + 4u] = gl_LocalInvocationID.y;
  o[b + 5u] = gl_LocalInvocationID.z;
  o[b + 6u] = gl_LocalInvocationIndex;
  o[b + 7u] = gl_WorkGroupID.x;
  o[b + 8u] = gl_WorkGroupID.y;
  o[b + 9u] = gl_WorkGroupID.z;
  o[b + 10u] = gl_NumWorkGroups.x;
  o[b + 11u] = gl_NumWorkGroups.y;
  o[b + 12u] = gl_NumWorkGroups.z;
  o[b + 13u] = gl_WorkGroupSize.x;
  o[b + 14u] = gl_WorkGroupSize.y;
  o[b + 15u] = gl_WorkGroupSize.z;
}
