// clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -fblocks -emit-llvm-bc device_enqueue.cl -o device_enqueue.bc && llvm-spirv-14 --spirv-max-version=1.0 device_enqueue.bc -o device_enqueue.spv
// A kernel that enqueues another (OpenCL 2.0 device-side enqueue): the
// module declares DeviceEnqueue, which the simulator lacks, and names the
// block's invoke function before defining it, which SPIR-V allows.
__kernel void enqueuer(__global int *o) {
    size_t i = get_global_id(0);
    o[i] = (int)i;
    if (i == 0) {
        queue_t q = get_default_queue();
        enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), ^{ o[0] = 42; });
    }
}
