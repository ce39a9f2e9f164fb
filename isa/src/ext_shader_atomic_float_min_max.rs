//! SPV_EXT_shader_atomic_float_min_max: the min and max that
//! OpAtomicFMinEXT and OpAtomicFMaxEXT apply (being implemented).

use crate::core::Scalar;

pub fn fmin(ty: Scalar, old: u64, value: u64) -> u64 {
    let _ = (ty, value);
    old
}

pub fn fmax(ty: Scalar, old: u64, value: u64) -> u64 {
    let _ = (ty, value);
    old
}

pub fn coverage() -> Vec<crate::ext::Coverage> {
    Vec::new()
}
