//! A hash map keyed by addresses (or other integers a kernel produces),
//! with a hasher far cheaper than the default SipHash: its resistance to
//! chosen keys buys nothing against a simulated kernel's addresses.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

pub type AddressMap<V> = HashMap<u64, V, BuildHasherDefault<AddressHasher>>;

#[derive(Default)]
pub struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0.rotate_left(8) ^ b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        // A multiply spreads the key over the high bits; folding them down
        // keeps the low bits (the table's index) from being all zero for
        // aligned addresses.
        let h = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ (h >> 32);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
