#version 450
#extension GL_INTEL_shader_integer_functions2 : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer I { ivec2 i[]; };
layout(set = 0, binding = 1) buffer U { uvec2 u[]; };
layout(set = 0, binding = 2) buffer OI { int oi[]; };   // 6 per invocation
layout(set = 0, binding = 3) buffer OU { uint ou[]; };  // 8 per invocation
void main() {
  uint k = gl_GlobalInvocationID.x;
  ivec2 a = i[k];
  uvec2 b = u[k];
  oi[6*k+0] = addSaturate(a.x, a.y);
  oi[6*k+1] = subtractSaturate(a.x, a.y);
  oi[6*k+2] = average(a.x, a.y);
  oi[6*k+3] = averageRounded(a.x, a.y);
  oi[6*k+4] = int(absoluteDifference(a.x, a.y));
  oi[6*k+5] = multiply32x16(a.x, a.y);
  ou[8*k+0] = addSaturate(b.x, b.y);
  ou[8*k+1] = subtractSaturate(b.x, b.y);
  ou[8*k+2] = average(b.x, b.y);
  ou[8*k+3] = averageRounded(b.x, b.y);
  ou[8*k+4] = absoluteDifference(b.x, b.y);
  ou[8*k+5] = multiply32x16(b.x, b.y);
  ou[8*k+6] = uint(countLeadingZeros(b.x));
  ou[8*k+7] = uint(countTrailingZeros(b.y));
}
