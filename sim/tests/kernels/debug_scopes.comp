// glslangValidator -V -gV --target-env vulkan1.2 -Os debug_scopes.comp -o debug_scopes.spv
// glslang's -gV debug information (NonSemantic.Shader.DebugInfo.100),
// with a DebugNoScope after a function's last terminator: the kernel runs
// (sim/tests/results.rs). b[i] = 2 * a[i] + 1 through a helper.
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer A { uint a[]; };
layout(set = 0, binding = 1) buffer B { uint b[]; };

uint twice_plus_one(uint x) {
    return 2u * x + 1u;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    b[i] = twice_plus_one(a[i]);
}
