fn main() {
    let amber = gpusim_fuzz::AmberRun::default();
    afl::fuzz!(|data: &[u8]| amber.run(data));
}
