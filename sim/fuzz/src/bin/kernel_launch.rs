fn main() {
    let launch = gpusim_fuzz::KernelLaunch::default();
    afl::fuzz!(|data: &[u8]| launch.run(data));
}
