fn main() {
    afl::fuzz!(|data: &[u8]| gpusim_fuzz::disassemble_reassemble(data));
}
