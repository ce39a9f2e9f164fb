// glslangValidator -V --target-env vulkan1.2 nbody.comp -o nbody.spv
//
// One step of an all-pairs n-body simulation: each invocation sums the
// softened gravitational pull of every body on its own, then updates its
// velocity and position (semi-implicit Euler). The workgroup size is
// specialization constant 0.
#version 450

layout(local_size_x_id = 0) in;

layout(set = 0, binding = 0, std430) readonly buffer Pos { vec4 pos[]; };  // xyz, w = mass
layout(set = 0, binding = 1, std430) readonly buffer Vel { vec4 vel[]; };
layout(set = 0, binding = 2, std430) writeonly buffer NewPos { vec4 new_pos[]; };
layout(set = 0, binding = 3, std430) writeonly buffer NewVel { vec4 new_vel[]; };

layout(push_constant, std430) uniform Params {
    uint n;
    float dt;
    float eps2;
} p;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= p.n) {
        return;
    }
    vec3 pi = pos[i].xyz;
    vec3 a = vec3(0.0);
    for (uint j = 0; j < p.n; j++) {
        vec4 pj = pos[j];
        vec3 d = pj.xyz - pi;
        float r2 = dot(d, d) + p.eps2;
        float inv = inversesqrt(r2);
        a += d * (pj.w * inv * inv * inv);
    }
    vec3 v = vel[i].xyz + a * p.dt;
    new_vel[i] = vec4(v, 0.0);
    new_pos[i] = vec4(pi + v * p.dt, pos[i].w);
}
