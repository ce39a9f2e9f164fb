// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -Wno-format -emit-llvm-bc printf_then_fault.cl -o printf_then_fault.bc && llvm-spirv-14 --spirv-max-version=1.0 printf_then_fault.bc -o printf_then_fault.spv
// A kernel that prints, then faults (sim/tests/opencl_printf.rs): work-items
// 0 and 1 print a line, work-item 0 also calls printf with too few
// arguments (it prints nothing and returns -1), and work-item 70, in the
// second workgroup of 64, stores far past its buffer. (-Wno-format: the
// bad format is the point.)
__kernel void print_then_fault(__global int *out) {
    size_t i = get_global_id(0);
    if (i < 2) {
        printf("item %u before the fault\n", (uint)i);
    }
    if (i == 0) {
        out[1] = printf("%d and %d\n", (int)i);
    }
    out[i == 70 ? (1 << 24) : i + 2] = 1;
}
