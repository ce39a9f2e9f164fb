//! Executing a kernel's instructions, with no notion of time: the memory a
//! kernel sees, wavefronts stepping one instruction at a time, and a launch
//! run functionally workgroup by workgroup. The timing model steps the same
//! waves, so timed and untimed runs give the same bits.
//!
//! Uses `isa` (what each instruction means) and nothing else of this crate.

pub mod address_map;
pub mod gathered;
pub mod lane_ops;
pub mod launch;
pub mod memory;
pub mod overlay;
pub mod printf;
pub mod progress;
pub mod wave;
pub mod windows;

/// A deterministic source of random words for tests (xorshift64).
#[cfg(test)]
pub(crate) fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A shader kernel of `insts` for tests, with `reg_count` registers and
/// `private_bytes` of private memory per lane, and nothing else.
#[cfg(test)]
pub(crate) fn kernel(
    insts: Vec<isa::ir::Inst>,
    reg_count: u32,
    private_bytes: u32,
) -> isa::ir::Kernel {
    let mut kernel = isa::ir::Kernel::bare(insts, reg_count);
    kernel.private_bytes = private_bytes;
    kernel
}
