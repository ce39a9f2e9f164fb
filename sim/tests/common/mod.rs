//! Shared by the simulator's integration tests: buffers decoded from
//! their little-endian bytes. (Each test binary uses a different part.)
#![allow(dead_code)]

use half::f16;

/// The values of type `T` (each `N` bytes) in `b`.
fn decode<T, const N: usize>(b: &[u8], from: fn([u8; N]) -> T) -> Vec<T> {
    b.chunks_exact(N)
        .map(|c| from(c.try_into().expect("chunks of N bytes")))
        .collect()
}

pub fn u8s(b: &[u8]) -> Vec<u8> {
    b.to_vec()
}
pub fn i8s(b: &[u8]) -> Vec<i8> {
    decode(b, i8::from_le_bytes)
}
pub fn i16s(b: &[u8]) -> Vec<i16> {
    decode(b, i16::from_le_bytes)
}
pub fn u32s(b: &[u8]) -> Vec<u32> {
    decode(b, u32::from_le_bytes)
}
pub fn i32s(b: &[u8]) -> Vec<i32> {
    decode(b, i32::from_le_bytes)
}
pub fn i64s(b: &[u8]) -> Vec<i64> {
    decode(b, i64::from_le_bytes)
}
pub fn f16s(b: &[u8]) -> Vec<f16> {
    decode(b, f16::from_le_bytes)
}
pub fn f32s(b: &[u8]) -> Vec<f32> {
    decode(b, f32::from_le_bytes)
}
pub fn f64s(b: &[u8]) -> Vec<f64> {
    decode(b, f64::from_le_bytes)
}
