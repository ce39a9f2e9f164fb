// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -Wno-format -emit-llvm-bc printf_failures.cl -o printf_failures.bc && llvm-spirv-14 --spirv-max-version=1.0 printf_failures.bc -o printf_failures.spv
// printf failures test (sim/tests/opencl_printf.rs): printf calls that
// print nothing and return -1, as OpenCL C says a failed printf does: an
// invalid conversion specifier from work-items 0..2, and a format wanting
// more arguments than it is given from every work-item. Work-item 0 also
// prints a valid line. (-Wno-format: the bad formats are the point.)
__kernel void bad_formats(__global int *invalid, __global int *too_few) {
    size_t i = get_global_id(0);
    if (i < 3) {
        invalid[i] = printf("item %u: %q\n", (uint)i);
    }
    too_few[i] = printf("%d and %d\n", (int)i);
    if (i == 0) {
        printf("item 0 printed\n");
    }
}
