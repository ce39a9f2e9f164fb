// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -debug-info-kind=limited -dwarf-version=4 -fdebug-compilation-dir=. -finclude-default-header -emit-llvm-bc debug_lines.cl -o debug_lines.bc && llvm-spirv-14 debug_lines.bc -o debug_lines.spv
// Compiled with debug information (OpenCL.DebugInfo.100 and OpLine): a
// fault names this file's line and column (sim/tests/errors.rs). Each
// work-item doubles its word into `out`, at its id plus `off`.
__kernel void debug_lines(__global const int *in, __global int *out, int off) {
    int i = get_global_id(0);
    int v = in[i] * 2;
    out[i + off] = v;
}
