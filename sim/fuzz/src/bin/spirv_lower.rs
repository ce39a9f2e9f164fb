fn main() {
    afl::fuzz!(|data: &[u8]| gpusim_fuzz::spirv_lower(data));
}
