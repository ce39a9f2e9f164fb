//! The memory a kernel sees: global buffers at fixed addresses, one
//! workgroup's shared memory, and each lane's private memory. Address ranges
//! tell the spaces apart (see `isa::ir::address`).

use isa::ir::address::{GLOBAL_BASE, PRIVATE_BASE, PRIVATE_END, WORKGROUP_BASE};

/// Gap left unmapped after every buffer, so that running off the end of
/// one never lands in the next.
const GUARD: u64 = 0x1_0000;

pub struct GlobalBuffer {
    pub name: String,
    pub base: u64,
    pub data: Vec<u8>,
}

#[derive(Default)]
pub struct GlobalMemory {
    pub buffers: Vec<GlobalBuffer>,
}

impl GlobalMemory {
    /// Places a buffer and returns its address.
    pub fn add(&mut self, name: &str, data: Vec<u8>) -> Result<u64, String> {
        let base = match self.buffers.last() {
            Some(b) => (b.base + b.data.len() as u64 + GUARD).next_multiple_of(256),
            None => GLOBAL_BASE,
        };
        if base + data.len() as u64 > WORKGROUP_BASE {
            return Err(format!(
                "buffer '{name}' does not fit: global memory holds {} MiB in all",
                (WORKGROUP_BASE - GLOBAL_BASE) >> 20
            ));
        }
        self.buffers.push(GlobalBuffer {
            name: name.to_string(),
            base,
            data,
        });
        Ok(base)
    }

    fn find(&mut self, addr: u64, bytes: u64) -> Result<&mut [u8], String> {
        // Buffers are sorted by address: the candidate is the last one
        // starting at or below `addr`.
        let i = self.buffers.partition_point(|b| b.base <= addr);
        if i > 0 {
            let b = &mut self.buffers[i - 1];
            let off = addr - b.base;
            if off + bytes <= b.data.len() as u64 {
                return Ok(&mut b.data[off as usize..(off + bytes) as usize]);
            }
            return Err(format!(
                "{bytes}-byte access at {addr:#x} is outside buffer '{}' ({:#x}..{:#x}, {} bytes; offset {off})",
                b.name,
                b.base,
                b.base + b.data.len() as u64,
                b.data.len()
            ));
        }
        Err(format!("{bytes}-byte access at {addr:#x} is in no buffer"))
    }
}

/// Which space an address belongs to, and its offset there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Workgroup(u64),
    Private(u64),
}

pub fn space_of(addr: u64, bytes: u64) -> Result<Space, String> {
    if addr == 0 {
        Err("access through a null pointer".into())
    } else if (GLOBAL_BASE..WORKGROUP_BASE).contains(&addr) {
        Ok(Space::Global)
    } else if (WORKGROUP_BASE..PRIVATE_BASE).contains(&addr) {
        Ok(Space::Workgroup(addr - WORKGROUP_BASE))
    } else if (PRIVATE_BASE..PRIVATE_END).contains(&addr) {
        Ok(Space::Private(addr - PRIVATE_BASE))
    } else if addr & 0xffff_ffff_0000_0000 == isa::opencl_std::MISALIGNED_64 {
        Err(format!(
            "misaligned vloada_half / vstorea_half: address {:#x} is not a multiple of the vector's size",
            addr & 0xffff_ffff
        ))
    } else {
        Err(format!(
            "{bytes}-byte access at {addr:#x} is outside every address space"
        ))
    }
}

/// The memory one wave can reach while it executes.
pub struct WaveMemory<'a> {
    pub global: &'a mut GlobalMemory,
    pub workgroup: &'a mut [u8],
    /// This wave's private memory: `private_bytes` per lane, lane after lane.
    pub private: &'a mut [u8],
    pub private_bytes: usize,
    /// Where printf output goes.
    pub printf: &'a mut String,
}

impl WaveMemory<'_> {
    /// The bytes at `addr` as seen by `lane`.
    pub fn slice(&mut self, lane: usize, addr: u64, bytes: u64) -> Result<&mut [u8], String> {
        match space_of(addr, bytes)? {
            Space::Global => self.global.find(addr, bytes),
            Space::Workgroup(off) => {
                let len = self.workgroup.len() as u64;
                if off + bytes > len {
                    return Err(format!(
                        "{bytes}-byte access at workgroup memory offset {off} is past its {len} bytes"
                    ));
                }
                Ok(&mut self.workgroup[off as usize..(off + bytes) as usize])
            }
            Space::Private(off) => {
                let len = self.private_bytes as u64;
                if off + bytes > len {
                    return Err(format!(
                        "{bytes}-byte access at private memory offset {off} is past its {len} bytes"
                    ));
                }
                let at = lane * self.private_bytes + off as usize;
                Ok(&mut self.private[at..at + bytes as usize])
            }
        }
    }

    pub fn load(&mut self, lane: usize, addr: u64, bytes: u64) -> Result<u64, String> {
        let s = self.slice(lane, addr, bytes)?;
        let mut b = [0u8; 8];
        b[..s.len()].copy_from_slice(s);
        Ok(u64::from_le_bytes(b))
    }

    pub fn store(&mut self, lane: usize, addr: u64, bytes: u64, value: u64) -> Result<(), String> {
        let s = self.slice(lane, addr, bytes)?;
        let n = s.len();
        s.copy_from_slice(&value.to_le_bytes()[..n]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_do_not_touch_and_bounds_are_checked() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", vec![0; 16]).unwrap();
        let b = g.add("b", vec![0; 16]).unwrap();
        assert!(b >= a + 16 + GUARD);
        assert!(g.find(a + 12, 4).is_ok());
        let e = g.find(a + 13, 4).unwrap_err();
        assert!(e.contains("outside buffer 'a'"), "{e}");
        assert!(g.find(a - 1, 1).unwrap_err().contains("in no buffer"));
    }

    #[test]
    fn private_memory_is_per_lane() {
        let mut g = GlobalMemory::default();
        let mut wg = vec![0u8; 8];
        let mut private = vec![0u8; 16];
        let mut m = WaveMemory {
            global: &mut g,
            workgroup: &mut wg,
            private: &mut private,
            private_bytes: 8,
            printf: &mut String::new(),
        };
        m.store(1, PRIVATE_BASE, 4, 0xdead_beef).unwrap();
        assert_eq!(m.load(0, PRIVATE_BASE, 4).unwrap(), 0);
        assert_eq!(m.load(1, PRIVATE_BASE, 4).unwrap(), 0xdead_beef);
        assert!(m.load(0, PRIVATE_BASE + 6, 4).is_err());
        assert!(m.load(0, 0, 4).unwrap_err().contains("null"));
    }
}
