// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc opencl_saxpy_branchy.cl -o opencl_saxpy_branchy.bc && llvm-spirv-14 --spirv-max-version=1.0 opencl_saxpy_branchy.bc -o opencl_saxpy_branchy.spv
//
// SAXPY plus a branchy linear search. Compiled with -O2 (-O1 leaves an i3 switch that llvm-spirv-14 rejects) so the SPIR-V has
// unstructured control flow (no OpLoopMerge/OpSelectionMerge) and OpPhi.
// Arguments:
//   0: __global float*       y      (in/out)  y[i] = a * x[i] + y[i]
//   1: __global const float* x
//   2: __global int*         found  (out)     search result per work-item
//   3: int                   n      (work-items with id >= n do nothing)
//   4: float                 a
//   5: __global const int*   keys   (64 entries searched by every work-item)

// No fp contraction: a * x[i] + y[i] stays an OpFMul and an OpFAdd instead of
// becoming OpenCL.std mad, so the module uses no extended instructions.
#pragma OPENCL FP_CONTRACT OFF

__kernel void saxpy_branchy(__global float *y,
                            __global const float *x,
                            __global int *found,
                            int n,
                            float a,
                            __global const int *keys)
{
    int i = (int)get_global_id(0);
    if (i >= n)
        return;

    y[i] = a * x[i] + y[i];

    // Search keys[] for the target; negative keys are skipped, a key larger
    // than 1000 aborts the search (goto), otherwise the first match wins.
    int target = i % 37;
    int pos = -1;
    int visited = 0;
    for (int j = 0; j < 64; j++) {
        int k = keys[j];
        if (k < 0)
            continue;
        visited++;
        if (k > 1000 + target)
            goto aborted;
        if (k == target) {
            pos = j;
            break;
        }
    }
    found[i] = pos * 256 + visited;
    return;

aborted:
    found[i] = -1000 - visited;
}
