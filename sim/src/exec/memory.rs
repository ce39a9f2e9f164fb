//! The memory a kernel sees: global buffers at fixed addresses, one
//! workgroup's shared memory, and each lane's private memory. Address ranges
//! tell the spaces apart (see `isa::ir::address`).

use crate::exec::overlay::Overlay;
use crate::exec::printf::Printed;
use crate::exec::windows::InPlace;
use isa::ir::address::{
    GLOBAL_BASE, IMAGE_NOWHERE, PRIVATE_BASE, PRIVATE_END, ROBUST_END, ROBUST_WINDOW,
    WORKGROUP_BASE,
};

/// The image accesses outside their images: `IMAGE_NOWHERE` and the 4 GiB
/// after it.
fn image_nowhere(addr: u64) -> bool {
    addr & 0xffff_ffff_0000_0000 == IMAGE_NOWHERE
}

/// `$e` with the const `$n` set to the access width `$bytes` (1, 2, 4 or
/// 8 bytes; anything else counts as 8): one instance of `$e` per width.
macro_rules! by_width {
    ($bytes:expr, $n:ident => $e:expr) => {
        match $bytes {
            1 => {
                const $n: usize = 1;
                $e
            }
            2 => {
                const $n: usize = 2;
                $e
            }
            4 => {
                const $n: usize = 4;
                $e
            }
            _ => {
                const $n: usize = 8;
                $e
            }
        }
    };
}

/// Regions a wave's memory remembers (`WaveMemory::recent`).
const RECENT: usize = 4;

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
    /// Robust buffer access: an access outside every buffer reads zeros
    /// and writes nothing, instead of faulting; each buffer has an address
    /// window of its own (`ROBUST_WINDOW`).
    pub robust: bool,
}

impl GlobalMemory {
    /// Memory with robust buffer access (see `robust`).
    pub fn robust() -> GlobalMemory {
        GlobalMemory {
            buffers: Vec::new(),
            robust: true,
        }
    }

    /// Places a buffer and returns its address.
    pub fn add(&mut self, name: &str, data: Vec<u8>) -> Result<u64, String> {
        let capacity = WORKGROUP_BASE - GLOBAL_BASE;
        let too_big = |gaps: &str| {
            format!(
                "buffer '{name}' does not fit: global memory holds {} in all{gaps}",
                crate::input::bytes_and_mib(capacity.into()),
            )
        };
        let base = if self.robust {
            let used: u64 = self.buffers.iter().map(|b| b.data.len() as u64).sum();
            let base = (self.buffers.len() as u64 + 1) * ROBUST_WINDOW + ROBUST_WINDOW / 2;
            if used + data.len() as u64 > capacity || base >= ROBUST_END {
                return Err(too_big(""));
            }
            base
        } else {
            let base = match self.buffers.last() {
                Some(b) => (b.base + b.data.len() as u64 + GUARD).next_multiple_of(256),
                None => GLOBAL_BASE,
            };
            if base + data.len() as u64 > WORKGROUP_BASE {
                let gaps = format!(
                    ", and each buffer placed before it is followed by a guard gap of {GUARD} bytes"
                );
                return Err(too_big(&gaps));
            }
            base
        };
        self.buffers.push(GlobalBuffer {
            name: name.to_string(),
            base,
            data,
        });
        Ok(base)
    }

    /// The buffer holding all `bytes` at `addr`, if any: its index,
    /// start and length.
    fn locate(&self, addr: u64, bytes: u64) -> Option<(usize, u64, usize)> {
        let i = locate_in(&self.buffers, Self::place, addr, bytes)?;
        Some((i, self.buffers[i].base, self.buffers[i].data.len()))
    }

    /// The fault of an access that `locate` finds in no buffer.
    fn outside(&self, addr: u64, bytes: u64) -> String {
        outside_message(&self.buffers, Self::place, addr, bytes)
    }

    /// A buffer's name, start and length, as `locate_in` takes them.
    fn place(b: &GlobalBuffer) -> (&str, u64, usize) {
        (&b.name, b.base, b.data.len())
    }
}

/// Of `buffers`, sorted by address (`place` gives each one's name, base
/// and length), the one holding all `bytes` at `addr`, if any: the last
/// one starting at or below it.
fn locate_in<B>(
    buffers: &[B],
    place: impl Fn(&B) -> (&str, u64, usize),
    addr: u64,
    bytes: u64,
) -> Option<usize> {
    let i = buffers
        .partition_point(|b| place(b).1 <= addr)
        .checked_sub(1)?;
    let (_, base, len) = place(&buffers[i]);
    (addr - base + bytes <= len as u64).then_some(i)
}

/// The fault of an access of `bytes` at `addr` that no buffer of
/// `buffers` holds (as `locate_in` takes them). Worded only when a fault
/// is shown: a robust launch reads zeros there, and its accesses outside
/// every buffer spent most of their time wording messages nobody read.
fn outside_message<B>(
    buffers: &[B],
    place: impl Fn(&B) -> (&str, u64, usize),
    addr: u64,
    bytes: u64,
) -> String {
    let i = buffers.partition_point(|b| place(b).1 <= addr);
    // Past the end of the buffer below, or before the one above: an
    // overrun or a negative index, whichever misses by less.
    let past = i.checked_sub(1).map(|k| place(&buffers[k])).map(|b| {
        let (_, base, len) = b;
        (
            b,
            addr.saturating_add(bytes).saturating_sub(base + len as u64),
        )
    });
    let before = buffers.get(i).map(&place).map(|b| (b, b.1 - addr));
    let nearer_above = match (past, before) {
        (Some((_, over)), Some((_, under))) => under < over,
        (past, _) => past.is_none(),
    };
    let ((name, base, len), miss, offset) = match (nearer_above, past, before) {
        (false, Some((b, over)), _) => (b, over, format!("{}", addr - b.1)),
        // Below a buffer: a negative index into it, most likely.
        (true, _, Some((b, under))) => (b, under, format!("-{under}")),
        _ => return format!("{bytes}-byte access at {addr:#x} is in no buffer"),
    };
    // Missing by more than the buffer's own size, the access is no
    // overrun of it: the pointer may well have come from elsewhere.
    let what = if miss > len as u64 {
        format!("is in no buffer; the nearest is '{name}'")
    } else {
        format!("is outside buffer '{name}'")
    };
    format!(
        "{bytes}-byte access at {addr:#x} {what} ({base:#x}..{:#x}, {len} bytes; offset {offset})",
        base + len as u64
    )
}

/// Which space an address belongs to, and its offset there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Workgroup(u64),
    Private(u64),
}

/// Where an OpenCL kernel's `__local` pointer arguments lie in its
/// workgroup memory, after the kernel's own variables: each argument is
/// reached through a window of workgroup addresses of its own, window
/// `k + 1` for argument `k` (window 0 holds the kernel's variables), at
/// the argument's offset into the memory. Since a window holds one
/// argument only, an access past an argument's `local_bytes` faults
/// instead of landing on the next argument's bytes; the low bits of an
/// address are still its offset into the memory.
#[derive(Clone, Debug, Default)]
pub struct LocalArguments {
    /// Bytes of the kernel's own workgroup variables, from offset 0.
    pub own_bytes: u32,
    /// log2 of a window's size: every argument's end offset fits in one.
    pub window_shift: u32,
    pub list: Vec<LocalArgument>,
}

#[derive(Clone, Debug)]
pub struct LocalArgument {
    /// The kernel's argument index and name, for messages.
    pub index: u32,
    pub name: String,
    /// Where its bytes start in workgroup memory, and how many.
    pub offset: u32,
    pub bytes: u32,
}

/// No `__local` arguments: all of workgroup memory is window 0.
static NO_LOCAL_ARGUMENTS: LocalArguments = LocalArguments {
    own_bytes: 0,
    window_shift: 0,
    list: Vec::new(),
};

impl LocalArguments {
    /// Lays out arguments of `(index, name, bytes)` after `own_bytes` of
    /// the kernel's variables, each 16-byte aligned; an error if they need
    /// more than `most` bytes in all.
    pub fn lay_out(
        own_bytes: u32,
        arguments: Vec<(u32, String, u32)>,
        most: u32,
    ) -> Result<LocalArguments, String> {
        let mut end = own_bytes as u64;
        let mut list = Vec::with_capacity(arguments.len());
        for (index, name, bytes) in arguments {
            let offset = end.next_multiple_of(16);
            end = offset + bytes as u64;
            if end > most as u64 {
                return Err(format!(
                    "local arguments need {end} bytes of workgroup memory; at most {} MiB are supported",
                    most >> 20
                ));
            }
            list.push(LocalArgument {
                index,
                name,
                offset: offset as u32,
                bytes,
            });
        }
        // Windows as small as every argument's end allows, so that as many
        // as possible fit in the workgroup address space, but at least
        // 64 KiB: a multiple of any power-of-two count of LDS banks, so
        // that an address's bank is its offset's.
        let window_shift = end.next_power_of_two().trailing_zeros().max(16);
        let windows = (PRIVATE_BASE - WORKGROUP_BASE) >> window_shift;
        if list.len() as u64 >= windows {
            return Err(format!(
                "the kernel takes {} local pointer arguments; with {end} bytes of workgroup memory at most {} fit",
                list.len(),
                windows - 1
            ));
        }
        Ok(LocalArguments {
            own_bytes,
            window_shift,
            list,
        })
    }

    /// All of workgroup memory's bytes: the kernel's and the arguments'.
    pub fn total_bytes(&self) -> u32 {
        self.list
            .last()
            .map_or(self.own_bytes, |a| a.offset + a.bytes)
    }

    /// The address argument `k` (of the list) points at.
    pub fn address(&self, k: usize) -> u64 {
        WORKGROUP_BASE + ((k as u64 + 1) << self.window_shift) + self.list[k].offset as u64
    }

    /// The region of workgroup memory (`total` bytes) holding `bytes` at
    /// offset `off` from `WORKGROUP_BASE`, or why there is none.
    fn region(&self, off: u64, bytes: u64, total: usize) -> Result<Region, String> {
        let window = match self.list.is_empty() {
            true => 0,
            false => off >> self.window_shift,
        };
        let (lo, len, from, what) = if window == 0 {
            let own = match self.list.is_empty() {
                true => total as u64,
                false => self.own_bytes as u64,
            };
            (WORKGROUP_BASE, own, 0, "workgroup memory".to_string())
        } else {
            let Some(a) = self.list.get(window as usize - 1) else {
                return Err(format!(
                    "{bytes}-byte access at workgroup address offset {off:#x} is in no local argument's window"
                ));
            };
            let lo = WORKGROUP_BASE + (window << self.window_shift) + a.offset as u64;
            let what = format!("local argument {} ('{}')", a.index, a.name);
            (lo, a.bytes as u64, a.offset, what)
        };
        within(
            (WORKGROUP_BASE + off, bytes),
            lo,
            len,
            Place::Workgroup(from),
            &what,
        )
    }
}

/// The region of `place` from `lo`, `len` bytes, if it holds all `bytes`
/// of an `access` (address, bytes); else why not, naming `what` and the
/// offset (negative below `lo`).
fn within(
    (addr, bytes): (u64, u64),
    lo: u64,
    len: u64,
    place: Place,
    what: &str,
) -> Result<Region, String> {
    let at = addr.wrapping_sub(lo) as i64;
    if at >= 0 && (at as u64).checked_add(bytes).is_some_and(|end| end <= len) {
        Ok(Region {
            lo,
            hi: lo + len,
            place,
        })
    } else {
        Err(format!(
            "{bytes}-byte access at {what} offset {at} is past its {len} bytes"
        ))
    }
}

/// Whether `addr` is in global memory (a buffer, or where a robust or an
/// image access that leads nowhere points).
#[inline]
fn is_global(addr: u64) -> bool {
    (GLOBAL_BASE..WORKGROUP_BASE).contains(&addr)
        || (ROBUST_WINDOW..ROBUST_END).contains(&addr)
        || image_nowhere(addr)
}

pub fn space_of(addr: u64, bytes: u64) -> Result<Space, String> {
    if addr == 0 {
        Err("access through a null pointer".into())
    } else if is_global(addr) {
        Ok(Space::Global)
    } else if (WORKGROUP_BASE..PRIVATE_BASE).contains(&addr) {
        Ok(Space::Workgroup(addr - WORKGROUP_BASE))
    } else if (PRIVATE_BASE..PRIVATE_END).contains(&addr) {
        Ok(Space::Private(addr - PRIVATE_BASE))
    } else if addr & 0xffff_ffff_0000_0000 == isa::ir::address::DESCRIPTOR_OUT_OF_RANGE {
        Err("access through a descriptor array index out of range (past the array's end)".into())
    } else if addr & 0xffff_ffff_0000_0000 == isa::opencl_std::MISALIGNED_64 {
        Err(format!(
            "misaligned vloada_half / vstorea_half: address {:#x} is not a multiple of the vector's size",
            addr & 0xffff_ffff
        ))
    } else if (addr as i64) < 0 {
        Err(format!(
            "{bytes}-byte access at {addr:#x} is outside every address space (below address 0 by {}: a negative index or offset?)",
            addr.wrapping_neg()
        ))
    } else {
        Err(format!(
            "{bytes}-byte access at {addr:#x} is outside every address space"
        ))
    }
}

/// The memory one wave can reach while it executes.
pub struct WaveMemory<'a> {
    global: GlobalView<'a>,
    pub workgroup: &'a mut [u8],
    /// Where `__local` arguments lie in `workgroup`.
    local_arguments: &'a LocalArguments,
    /// This wave's private memory: `private_bytes` per lane, lane after lane.
    pub private: &'a mut [u8],
    pub private_bytes: usize,
    /// Where printf output goes.
    pub printf: &'a mut Printed,
    recent: RecentRegions,
    /// Atomic wave-instructions on global memory so far.
    global_atomics: u64,
    /// Of those, the ones that are not blind.
    ordered_atomics: u64,
}

/// The regions the last accesses fell in, tried before the address-space
/// lookup: lanes mostly touch the same buffer, and a kernel a few (the
/// next one found replaces `regions[next]`). They hold for a whole launch
/// (its buffers and workgroup memory size are fixed), so a functional
/// launch keeps them from wave to wave (`WaveMemory::remembering`).
#[derive(Clone, Copy)]
pub struct RecentRegions {
    regions: [Region; RECENT],
    next: usize,
    /// The one that held the last access.
    hit: usize,
}

impl Default for RecentRegions {
    fn default() -> RecentRegions {
        let nothing = Region {
            lo: 0,
            hi: 0,
            place: Place::Nowhere,
        };
        RecentRegions {
            regions: [nothing; RECENT],
            next: 0,
            hit: 0,
        }
    }
}

/// How a wave reaches global memory.
pub enum GlobalView<'a> {
    /// Reads and writes go to the buffers (workgroups run one at a time).
    Direct(&'a mut GlobalMemory),
    /// Reads see the buffers plus the workgroup's own writes, which the
    /// overlay keeps (workgroups run in parallel; see `overlay`).
    Overlaid(&'a GlobalMemory, &'a mut Overlay),
    /// Reads and writes go to the buffers, writes only to the windows of
    /// the workgroup's chunk (workgroups run in parallel; see `windows`).
    InPlace(&'a mut dyn InPlace),
}

impl GlobalView<'_> {
    /// The same view, borrowed for a shorter time.
    pub fn reborrow(&mut self) -> GlobalView<'_> {
        match self {
            GlobalView::Direct(g) => GlobalView::Direct(g),
            GlobalView::Overlaid(g, o) => GlobalView::Overlaid(g, o),
            GlobalView::InPlace(c) => GlobalView::InPlace(*c),
        }
    }
}

/// Where the bytes of a region are.
enum Target<'m> {
    /// In this slice, lanes' copies `stride` bytes apart (0: shared).
    Bytes(&'m mut [u8], usize),
    /// In buffer `buffer` as the overlay sees it over the buffer's `data`.
    Overlay {
        data: &'m [u8],
        overlay: &'m mut Overlay,
        buffer: usize,
    },
    /// In buffer `buffer`, which a chunk running in parallel reads or
    /// writes in place (see `windows`).
    InPlace {
        chunk: &'m mut dyn InPlace,
        buffer: usize,
    },
    /// Nowhere (robust buffer access out of bounds, or an image access
    /// outside its image): reads give zeros and writes are dropped.
    Nowhere,
}

/// What an access that would break a chunk's view in place (`windows`)
/// fails with: the chunk is undone and runs again on one thread, so this
/// is never shown.
const CONFLICT: &str = "an access outside the chunk's windows";

/// Addresses `lo..hi` map to `place` from its start.
#[derive(Clone, Copy)]
struct Region {
    lo: u64,
    hi: u64,
    place: Place,
}

#[derive(Clone, Copy)]
enum Place {
    Buffer(usize),
    /// Out of every buffer, with robust buffer access; or an image access
    /// outside its image.
    Nowhere,
    /// Workgroup memory from this offset on.
    Workgroup(u32),
    /// Each lane's own copy, `private_bytes` apart.
    Private,
}

impl<'a> WaveMemory<'a> {
    pub fn new(
        global: &'a mut GlobalMemory,
        workgroup: &'a mut [u8],
        private: &'a mut [u8],
        private_bytes: usize,
        printf: &'a mut Printed,
    ) -> WaveMemory<'a> {
        Self::with_view(
            GlobalView::Direct(global),
            workgroup,
            private,
            private_bytes,
            printf,
        )
    }

    pub fn with_view(
        global: GlobalView<'a>,
        workgroup: &'a mut [u8],
        private: &'a mut [u8],
        private_bytes: usize,
        printf: &'a mut Printed,
    ) -> WaveMemory<'a> {
        WaveMemory {
            global,
            workgroup,
            local_arguments: &NO_LOCAL_ARGUMENTS,
            private,
            private_bytes,
            printf,
            recent: RecentRegions::default(),
            global_atomics: 0,
            ordered_atomics: 0,
        }
    }

    /// The same memory, its workgroup memory laid out as `arguments` say.
    pub fn with_local_arguments(mut self, arguments: &'a LocalArguments) -> WaveMemory<'a> {
        self.local_arguments = arguments;
        self
    }

    /// The same memory, trying `recent` (regions another wave of this
    /// launch found) first.
    pub fn remembering(mut self, recent: RecentRegions) -> WaveMemory<'a> {
        self.recent = recent;
        self
    }

    /// The regions this wave's accesses found, for the next wave.
    pub fn recent(&self) -> RecentRegions {
        self.recent
    }

    /// The buffer holding all `bytes` at `addr`, if any: its index, start
    /// and length.
    fn find_buffer(&self, addr: u64, bytes: u64) -> Option<(usize, u64, usize)> {
        match &self.global {
            GlobalView::Direct(g) => g.locate(addr, bytes),
            GlobalView::Overlaid(g, _) => g.locate(addr, bytes),
            GlobalView::InPlace(c) => {
                let buffers = c.buffers();
                locate_in(buffers, |b| (b.name, b.base, b.len), addr, bytes)
                    .map(|i| (i, buffers[i].base, buffers[i].len))
            }
        }
    }

    /// The fault of an access that `find_buffer` finds in no buffer.
    fn outside_buffers(&self, addr: u64, bytes: u64) -> String {
        match &self.global {
            GlobalView::Direct(g) => g.outside(addr, bytes),
            GlobalView::Overlaid(g, _) => g.outside(addr, bytes),
            GlobalView::InPlace(c) => {
                outside_message(c.buffers(), |b| (b.name, b.base, b.len), addr, bytes)
            }
        }
    }

    /// With robust buffer access, whether an access of `bytes` at `addr`
    /// (a global or wild address) touches no byte of any buffer: it reads
    /// zeros or writes nothing without reaching memory. Never without
    /// robust access, where such an access faults.
    pub fn robust_miss(&self, addr: u64, bytes: u64) -> bool {
        self.robust()
            && !matches!(
                space_of(addr, 1),
                Ok(Space::Workgroup(_) | Space::Private(_))
            )
            && self.find_buffer(addr, 1).is_none()
            && self
                .find_buffer(addr.wrapping_add(bytes.max(1) - 1), 1)
                .is_none()
    }

    /// Whether accesses outside every buffer read zeros and write nothing.
    pub fn robust(&self) -> bool {
        match &self.global {
            GlobalView::Direct(g) => g.robust,
            GlobalView::Overlaid(g, _) => g.robust,
            // Robust launches are not run in place.
            GlobalView::InPlace(_) => false,
        }
    }

    /// Notes an atomic wave-instruction at `addrs` (its active lanes'
    /// addresses), `blind` if it is (`isa::atomics::blind_atomics`), and
    /// says whether its lanes are to be gathered (`gather_lanes`): those of
    /// a blind one whose lanes all reach global memory, in a chunk of a
    /// parallel batch. One on global memory is counted; one not gathered
    /// there makes a parallel workgroup's result depend on the others.
    pub fn note_atomic(&mut self, mut addrs: impl Iterator<Item = u64>, blind: bool) -> bool {
        let may_gather = blind && !matches!(self.global, GlobalView::Direct(_));
        let (any, all) = if may_gather {
            addrs.fold((false, true), |(any, all), a| {
                (any | is_global(a), all & is_global(a))
            })
        } else {
            (addrs.any(is_global), false)
        };
        if !any {
            return false;
        }
        self.global_atomics += 1;
        self.ordered_atomics += u64::from(!blind);
        let gathers = may_gather && all;
        if let GlobalView::Overlaid(_, overlay) = &mut self.global {
            overlay.atomic |= !gathers;
        }
        gathers
    }

    /// Atomic wave-instructions on global memory so far.
    pub fn global_atomics(&self) -> u64 {
        self.global_atomics
    }

    /// Of those, the ones that are not blind: their returned values
    /// depend on the order of workgroups.
    pub fn ordered_atomics(&self) -> u64 {
        self.ordered_atomics
    }

    /// Gathers a blind atomic `op` on a `ty` with operands `values[lane]`
    /// at `addrs[lane]` for every lane of `mask`, all on global memory, in
    /// the chunk's `Gathered` (see `note_atomic`); an error names the
    /// first lane whose bytes are not in a buffer.
    pub fn gather_lanes(
        &mut self,
        mask: u64,
        addrs: &[u64],
        op: isa::ir::AtomicOp,
        ty: isa::core::Scalar,
        values: &[u64],
    ) -> Result<(), (usize, String)> {
        by_width!(ty.bytes() as u64, N => self.gather_n::<N>(mask, addrs, op, ty, values))
    }

    fn gather_n<const N: usize>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        op: isa::ir::AtomicOp,
        ty: isa::core::Scalar,
        values: &[u64],
    ) -> Result<(), (usize, String)> {
        let mut rest = mask;
        // Each run of lanes in one region: their offsets and operands.
        let mut run = [(0usize, 0u64); isa::subgroup::MAX_WIDTH];
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            let r = self
                .region_of(addrs[first], N as u64)
                .map_err(|e| (first, e))?;
            let mut n = 0;
            lanes_in_region::<N>(&mut rest, addrs, 0, r, &mut |lane, at| {
                run[n] = (at, values[lane]);
                n += 1;
            });
            // Robust accesses out of bounds write nothing.
            let Place::Buffer(buffer) = r.place else {
                continue;
            };
            let gathered = match &mut self.global {
                GlobalView::Overlaid(_, overlay) => &mut overlay.gathered,
                GlobalView::InPlace(chunk) => chunk.gathered(),
                GlobalView::Direct(_) => unreachable!("atomics are gathered in chunks only"),
            };
            gathered.add(buffer, (r.hi - r.lo) as usize, op, ty, &run[..n]);
        }
        Ok(())
    }

    /// The region holding all `bytes` at `addr`, or why there is none.
    #[inline(never)]
    fn region(&self, addr: u64, bytes: u64) -> Result<Region, String> {
        let space = match space_of(addr, bytes) {
            Ok(space) => space,
            // Below the buffers' addresses: named as a buffer's overrun is.
            Err(_) if addr != 0 && addr < GLOBAL_BASE && !self.robust() => {
                return Err(self.outside_buffers(addr, bytes))
            }
            Err(e) => return Err(e),
        };
        match space {
            Space::Global if image_nowhere(addr) => Ok(Region {
                lo: IMAGE_NOWHERE,
                hi: IMAGE_NOWHERE + (1 << 32),
                place: Place::Nowhere,
            }),
            Space::Global => match self.find_buffer(addr, bytes) {
                Some((i, base, len)) => Ok(Region {
                    lo: base,
                    hi: base + len as u64,
                    place: Place::Buffer(i),
                }),
                None if self.robust() => Ok(Region {
                    lo: addr,
                    hi: addr.saturating_add(bytes),
                    place: Place::Nowhere,
                }),
                None => Err(self.outside_buffers(addr, bytes)),
            },
            Space::Workgroup(off) => self
                .local_arguments
                .region(off, bytes, self.workgroup.len()),
            Space::Private(_) => within(
                (addr, bytes),
                PRIVATE_BASE,
                self.private_bytes as u64,
                Place::Private,
                "private memory",
            ),
        }
    }

    /// The region holding all `bytes` at `addr`: a recent one, or the one
    /// `region` finds, which is remembered unless it is nowhere (a robust
    /// out-of-bounds region is the access's own bytes, which a later,
    /// narrower access may not share).
    #[inline(always)]
    fn region_of(&mut self, addr: u64, bytes: u64) -> Result<Region, String> {
        let holds = |r: &Region| addr >= r.lo && addr < r.hi && bytes <= r.hi - addr;
        let recent = &mut self.recent;
        // The region hit last first: runs of accesses stay in one.
        let last = recent.regions[recent.hit];
        if holds(&last) {
            return Ok(last);
        }
        if let Some(i) = recent.regions.iter().position(holds) {
            recent.hit = i;
            return Ok(recent.regions[i]);
        }
        let r = self.region(addr, bytes)?;
        if !matches!(r.place, Place::Nowhere) {
            let recent = &mut self.recent;
            recent.regions[recent.next] = r;
            recent.hit = recent.next;
            recent.next = (recent.next + 1) % RECENT;
        }
        Ok(r)
    }

    /// The memory of the region holding all `bytes` at `addr`, with the
    /// region's start address and the distance between lanes' copies.
    #[inline(always)]
    fn resolve(&mut self, addr: u64, bytes: u64) -> Result<(Region, Target<'_>), String> {
        // Private memory is checked on its own: kernels mix private and
        // other accesses, and would otherwise evict each other's region.
        let private_end = PRIVATE_BASE + self.private_bytes as u64;
        if addr >= PRIVATE_BASE && addr < private_end && bytes <= private_end - addr {
            let r = Region {
                lo: PRIVATE_BASE,
                hi: private_end,
                place: Place::Private,
            };
            return Ok((r, Target::Bytes(&mut *self.private, self.private_bytes)));
        }
        let r = self.region_of(addr, bytes)?;
        Ok(match r.place {
            Place::Buffer(i) => match &mut self.global {
                GlobalView::Direct(g) => (r, Target::Bytes(&mut g.buffers[i].data[..], 0)),
                GlobalView::Overlaid(global, overlay) => {
                    overlay.gathered.note_plain(i);
                    (
                        r,
                        Target::Overlay {
                            data: &global.buffers[i].data,
                            overlay,
                            buffer: i,
                        },
                    )
                }
                GlobalView::InPlace(chunk) => {
                    let target = if chunk.buffers()[i].overlaid {
                        let (data, overlay) = chunk.overlaid(i);
                        Target::Overlay {
                            data,
                            overlay,
                            buffer: i,
                        }
                    } else {
                        Target::InPlace {
                            chunk: &mut **chunk,
                            buffer: i,
                        }
                    };
                    (r, target)
                }
            },
            Place::Workgroup(from) => {
                let bytes = &mut self.workgroup[from as usize..][..(r.hi - r.lo) as usize];
                (r, Target::Bytes(bytes, 0))
            }
            Place::Private => (r, Target::Bytes(&mut *self.private, self.private_bytes)),
            Place::Nowhere => (r, Target::Nowhere),
        })
    }

    /// Loads `bytes` (1, 2, 4 or 8) at `addrs[lane] + offset` into
    /// `out[lane]` for every lane of `mask`; an error names the first lane
    /// that faults.
    pub fn load_lanes(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        bytes: u64,
        out: &mut [u64],
    ) -> Result<(), (usize, String)> {
        by_width!(bytes, N => self.load_n::<N>(mask, addrs, offset, out))
    }

    /// Stores the low `bytes` (1, 2, 4 or 8) of `values[lane]` at
    /// `addrs[lane] + offset` for every lane of `mask`, lowest lane first;
    /// an error names the first lane that faults (the lanes before it have
    /// stored).
    pub fn store_lanes(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        bytes: u64,
        values: &[u64],
    ) -> Result<(), (usize, String)> {
        by_width!(bytes, N => self.store_n::<N>(mask, addrs, offset, values))
    }

    fn load_n<const N: usize>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        out: &mut [u64],
    ) -> Result<(), (usize, String)> {
        let lanes = addrs.len();
        let full = mask == isa::core::mask(lanes as u32);
        let done = match self.span::<N>(mask, addrs, offset, full) {
            None => false,
            Some(span) => {
                let lo = span.lo;
                let lanes = Lanes::of(span.layout, mask, full, addrs, offset);
                match span.bytes {
                    Target::Bytes(data, stride) => {
                        gather::<N>(lanes, data, stride, lo, out);
                        true
                    }
                    // A buffer the chunk has not written: read from the
                    // buffer itself, the span of the lanes' bytes noted as
                    // read (a strided access notes the gaps too, which can
                    // only make a parallel run fall back to one thread).
                    Target::Overlay {
                        data,
                        overlay,
                        buffer,
                    } if !overlay.wrote(buffer) => {
                        gather::<N>(lanes, data, 0, lo, out);
                        overlay.note_read(buffer, span.within.start, span.within.end);
                        true
                    }
                    Target::InPlace { chunk, buffer } => {
                        let first = mask.trailing_zeros() as usize;
                        let data = chunk
                            .read_range(buffer, span.within.clone())
                            .ok_or_else(|| (first, CONFLICT.to_string()))?;
                        let lo = lo + span.within.start as u64;
                        gather::<N>(lanes, data, 0, lo, out);
                        true
                    }
                    Target::Overlay { .. } | Target::Nowhere => false,
                }
            }
        };
        if done {
            return Ok(());
        }
        self.each_lane::<N, true, false>(mask, addrs, offset, |lane, b| {
            out[lane] = le_word::<N>(b);
            false
        })
    }

    fn store_n<const N: usize>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        values: &[u64],
    ) -> Result<(), (usize, String)> {
        let lanes = addrs.len();
        let full = mask == isa::core::mask(lanes as u32);
        let done = match self.span::<N>(mask, addrs, offset, full) {
            None => false,
            Some(span) => match span.bytes {
                Target::Bytes(data, stride) => {
                    let access = Lanes::of(span.layout, mask, full, addrs, offset);
                    scatter::<N>(access, data, stride, span.lo, values);
                    true
                }
                // A whole row of consecutive words: one write to the
                // overlay.
                Target::Overlay {
                    overlay, buffer, ..
                } if span.layout == Layout::Contiguous => {
                    let mut row = [0u8; isa::subgroup::MAX_WIDTH * 8];
                    for (b, v) in row.chunks_exact_mut(N).zip(&values[..lanes]) {
                        b.copy_from_slice(&v.to_le_bytes()[..N]);
                    }
                    overlay.write(buffer, span.within.start, &row[..lanes * N]);
                    true
                }
                // The span's bytes of the chunk's window, what they held
                // kept; scattered lanes one by one, so that the bytes
                // between them are not kept too (a vec4's components
                // stored one at a time span four times their bytes).
                Target::InPlace { chunk, buffer } if span.layout != Layout::Scattered => {
                    let first = mask.trailing_zeros() as usize;
                    let lo = span.lo + span.within.start as u64;
                    let data = chunk
                        .write_range(buffer, span.within)
                        .ok_or_else(|| (first, CONFLICT.to_string()))?;
                    let access = Lanes::of(span.layout, mask, full, addrs, offset);
                    scatter::<N>(access, data, 0, lo, values);
                    true
                }
                Target::Overlay { .. } | Target::InPlace { .. } | Target::Nowhere => false,
            },
        };
        if done {
            return Ok(());
        }
        self.each_lane::<N, false, true>(mask, addrs, offset, |lane, b| {
            b.copy_from_slice(&values[lane].to_le_bytes()[..N]);
            true
        })
    }

    /// When the `N` bytes at `addrs[lane] + offset` of every lane of
    /// `mask` (`full`: every lane) lie in one region that is not nowhere
    /// (out of bounds), that region's bytes and how the lanes' addresses
    /// lie: the whole wave's range is checked once, and the lanes need no
    /// check of their own.
    #[inline(always)]
    fn span<const N: usize>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        full: bool,
    ) -> Option<Span<'_>> {
        if mask == 0 {
            return None;
        }
        let first = addrs[mask.trailing_zeros() as usize];
        let (layout, lo, hi) = if full {
            // Whole-row tests without early exits: they vectorise.
            let uniform = addrs.iter().fold(true, |u, &x| u & (x == first));
            let contiguous = || {
                let mut next = first;
                addrs.iter().fold(true, |c, &x| {
                    let c = c & (x == next);
                    next = next.wrapping_add(N as u64);
                    c
                })
            };
            if uniform {
                (Layout::Uniform, first, first)
            } else if contiguous() {
                let last = addrs[addrs.len() - 1];
                (Layout::Contiguous, first, last)
            } else {
                let lo = addrs.iter().fold(u64::MAX, |m, &x| m.min(x));
                let hi = addrs.iter().fold(0, |m, &x| m.max(x));
                (Layout::Scattered, lo, hi)
            }
        } else {
            let (mut lo, mut hi) = (first, first);
            let mut rest = mask;
            while rest != 0 {
                let a = addrs[rest.trailing_zeros() as usize];
                (lo, hi) = (lo.min(a), hi.max(a));
                rest &= rest - 1;
            }
            let layout = if lo == hi {
                Layout::Uniform
            } else {
                Layout::Scattered
            };
            (layout, lo, hi)
        };
        let lo = lo.checked_add(offset)?;
        let bytes = hi
            .checked_add(offset)?
            .checked_add(N as u64)?
            .checked_sub(lo)?;
        // A span that fits no region, or lies out of bounds, is left to
        // the lane-by-lane path, which names the lane at fault.
        let (r, target) = self.resolve(lo, bytes).ok()?;
        if matches!(target, Target::Nowhere) {
            return None;
        }
        let within = (lo - r.lo) as usize..(lo - r.lo + bytes) as usize;
        Some(Span {
            lo: r.lo,
            bytes: target,
            layout,
            within,
        })
    }

    /// Calls `access` with the `N` bytes at `addrs[lane] + offset` for
    /// every lane of `mask`, lowest first: `READ` says whether it reads
    /// them, `WRITE` whether it may write them, which it does when it
    /// returns true (an atomic whose value did not change writes
    /// nothing). A region is looked up once for each run of lanes that
    /// stay in it.
    #[inline(always)]
    fn each_lane<const N: usize, const READ: bool, const WRITE: bool>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        offset: u64,
        mut access: impl FnMut(usize, &mut [u8; N]) -> bool,
    ) -> Result<(), (usize, String)> {
        let mut rest = mask;
        while rest != 0 {
            let first = rest.trailing_zeros() as usize;
            let (r, target) = self
                .resolve(addrs[first].wrapping_add(offset), N as u64)
                .map_err(|e| (first, e))?;
            match target {
                Target::Bytes(data, stride) => {
                    lanes_in_region::<N>(&mut rest, addrs, offset, r, &mut |lane, at| {
                        let at = lane * stride + at;
                        let bytes: &mut [u8; N] = (&mut data[at..at + N])
                            .try_into()
                            .expect("a slice of N bytes");
                        // In place: what it writes is written.
                        access(lane, bytes);
                    })
                }
                Target::Overlay {
                    data,
                    overlay,
                    buffer,
                } if !WRITE && !overlay.wrote(buffer) => {
                    // Read straight from the buffer; the span of the
                    // lanes' bytes is noted as read (a strided access
                    // notes the gaps too, which can only make a parallel
                    // run fall back to one thread).
                    let (mut lo, mut hi) = (usize::MAX, 0);
                    lanes_in_region::<N>(&mut rest, addrs, offset, r, &mut |lane, at| {
                        let mut bytes: [u8; N] = data[at..at + N].try_into().expect("N bytes");
                        access(lane, &mut bytes);
                        (lo, hi) = (lo.min(at), hi.max(at + N));
                    });
                    if lo < hi {
                        overlay.note_read(buffer, lo, hi);
                    }
                }
                Target::Overlay {
                    data,
                    overlay,
                    buffer,
                } => {
                    // An atomic not gathered: what it returns depends on
                    // the other chunks (`note_atomic` marks those of a
                    // chunk seeing all of memory through its overlay).
                    overlay.atomic |= READ && WRITE;
                    lanes_in_region::<N>(&mut rest, addrs, offset, r, &mut |lane, at| {
                        let mut bytes = [0u8; N];
                        if READ {
                            overlay.read(data, buffer, at, &mut bytes);
                        }
                        if access(lane, &mut bytes) && WRITE {
                            overlay.write(buffer, at, &bytes);
                        }
                    })
                }
                // Reads from a buffer no chunk writes; writes (an atomic's
                // too) to the chunk's windows. The first that may not
                // stops the lanes.
                Target::InPlace { chunk, buffer } => {
                    let mut stopped = None;
                    lanes_in_region::<N>(&mut rest, addrs, offset, r, &mut |lane, at| {
                        if stopped.is_some() {
                            return;
                        }
                        let mut bytes = [0u8; N];
                        if READ {
                            match chunk.read_range(buffer, at..at + N) {
                                Some(data) => bytes.copy_from_slice(data),
                                None => return stopped = Some(lane),
                            }
                        }
                        if access(lane, &mut bytes) && WRITE && !chunk.write(buffer, at, &bytes) {
                            stopped = Some(lane);
                        }
                    });
                    if let Some(lane) = stopped {
                        return Err((lane, CONFLICT.to_string()));
                    }
                }
                // Robust out-of-bounds: reads give zeros, writes are dropped.
                Target::Nowhere => {
                    lanes_in_region::<N>(&mut rest, addrs, offset, r, &mut |lane, _| {
                        access(lane, &mut [0u8; N]);
                    })
                }
            }
        }
        Ok(())
    }

    /// The `bytes` (at most 8) at `addr` as `lane` sees them.
    pub fn load(&mut self, lane: usize, addr: u64, bytes: u64) -> Result<u64, String> {
        let n = bytes as usize;
        let (r, target) = self.resolve(addr, bytes)?;
        let at = (addr - r.lo) as usize;
        Ok(match target {
            Target::Bytes(data, stride) => read_le(&data[lane * stride + at..][..n]),
            Target::Overlay {
                data,
                overlay,
                buffer,
            } => {
                let b = &mut [0u8; 8][..n];
                overlay.read(data, buffer, at, b);
                read_le(b)
            }
            Target::InPlace { chunk, buffer } => match chunk.read_range(buffer, at..at + n) {
                Some(data) => read_le(data),
                None => return Err(CONFLICT.to_string()),
            },
            Target::Nowhere => 0,
        })
    }

    /// An atomic's read-modify-write of the `bytes` (1, 2, 4 or 8) at
    /// `addrs[lane]` for every lane of `mask`, lowest lane first:
    /// `update(lane, old)` gives the value to write, if any. The region is
    /// found once for each run of lanes that stay in it; an error names the
    /// first lane that faults (the lanes before it have done theirs).
    pub fn update_lanes(
        &mut self,
        mask: u64,
        addrs: &[u64],
        bytes: u64,
        update: impl FnMut(usize, u64) -> Option<u64>,
    ) -> Result<(), (usize, String)> {
        by_width!(bytes, N => self.update_n::<N>(mask, addrs, update))
    }

    fn update_n<const N: usize>(
        &mut self,
        mask: u64,
        addrs: &[u64],
        mut update: impl FnMut(usize, u64) -> Option<u64>,
    ) -> Result<(), (usize, String)> {
        self.each_lane::<N, true, true>(mask, addrs, 0, |lane, b| {
            match update(lane, le_word::<N>(b)) {
                Some(new) => {
                    b.copy_from_slice(&new.to_le_bytes()[..N]);
                    true
                }
                None => false,
            }
        })
    }
}

/// The active lanes' memory, found by `WaveMemory::span`: lane `l`'s bytes
/// at address `x` are at `l * stride + (x - lo)` of the bytes; `within`
/// is the span of the lanes' bytes from `lo`.
struct Span<'m> {
    lo: u64,
    /// Never `Target::Nowhere`.
    bytes: Target<'m>,
    layout: Layout,
    within: std::ops::Range<usize>,
}

/// The lanes of an access whose bytes all lie in one region
/// (`WaveMemory::span`): lane `l` of `mask` (`full`: every lane) reaches
/// `addrs[l] + offset`, and the addresses lie as `layout` says.
#[derive(Clone, Copy)]
struct Lanes<'x> {
    layout: Layout,
    mask: u64,
    full: bool,
    addrs: &'x [u64],
    offset: u64,
}

impl<'x> Lanes<'x> {
    fn of(layout: Layout, mask: u64, full: bool, addrs: &'x [u64], offset: u64) -> Lanes<'x> {
        Lanes {
            layout,
            mask,
            full,
            addrs,
            offset,
        }
    }

    /// Where lane `lane`'s bytes are in memory that starts at address
    /// `lo`.
    #[inline(always)]
    fn at(&self, lo: u64, lane: usize) -> usize {
        (self.addrs[lane].wrapping_add(self.offset) - lo) as usize
    }
}

/// Writes the low `N` bytes of `values[lane]` for each of `access`'s lanes into
/// `data`, which starts at address `lo` and holds lanes' copies `stride`
/// bytes apart (0: shared); all fit.
#[inline(always)]
fn scatter<const N: usize>(access: Lanes, data: &mut [u8], stride: usize, lo: u64, values: &[u64]) {
    let (mask, full, lanes) = (access.mask, access.full, access.addrs.len());
    let at = |lane: usize| access.at(lo, lane);
    if access.layout == Layout::Contiguous && stride == 0 {
        let at = at(0);
        for (b, v) in data[at..at + lanes * N]
            .chunks_exact_mut(N)
            .zip(&values[..lanes])
        {
            b.copy_from_slice(&v.to_le_bytes()[..N]);
        }
    } else {
        // Lowest lane first, so that lanes storing to one address leave
        // the highest lane's value, as lane by lane would.
        each_active(mask, full, lanes, |lane| {
            let at = lane * stride + at(lane);
            data[at..at + N].copy_from_slice(&values[lane].to_le_bytes()[..N]);
        });
    }
}

/// Reads the `N` bytes of each of `access`'s lanes into `out[lane]`, from `data`
/// that starts at address `lo` and holds lanes' copies `stride` bytes
/// apart (0: shared); all fit.
#[inline(always)]
fn gather<const N: usize>(access: Lanes, data: &[u8], stride: usize, lo: u64, out: &mut [u64]) {
    let (mask, full, lanes) = (access.mask, access.full, access.addrs.len());
    let word = |at: usize| le_word::<N>(&data[at..at + N]);
    let at = |lane: usize| access.at(lo, lane);
    let out = &mut out[..lanes];
    // All lanes active (the common case): straight loops over the rows,
    // which the compiler vectorises.
    match access.layout {
        // A uniform or push-constant value in a loop: read once.
        Layout::Uniform if stride == 0 => {
            let shared = word(at(mask.trailing_zeros() as usize));
            each_active(mask, full, lanes, |lane| out[lane] = shared);
        }
        // A private variable: each lane's own copy.
        Layout::Uniform => {
            let at = at(mask.trailing_zeros() as usize);
            load_private::<N>(data, stride, at, mask, out);
        }
        Layout::Contiguous if stride == 0 => {
            let at = at(0);
            for (v, b) in out.iter_mut().zip(data[at..at + lanes * N].chunks_exact(N)) {
                *v = le_word::<N>(b);
            }
        }
        _ => each_active(mask, full, lanes, |lane| {
            out[lane] = word(lane * stride + at(lane))
        }),
    }
}

/// The little-endian value of `b`, `N` (1, 2, 4 or 8) bytes.
#[inline(always)]
fn le_word<const N: usize>(b: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word[..N].copy_from_slice(b);
    u64::from_le_bytes(word)
}

/// Loads the `N` bytes (1, 2, 4 or 8) at offset `at` of each lane of
/// `mask`'s private memory (`stride` bytes per lane in `private`) into
/// `out[lane]`; `out` is a register row, one element per lane.
#[inline(always)]
pub fn load_private<const N: usize>(
    private: &[u8],
    stride: usize,
    at: usize,
    mask: u64,
    out: &mut [u64],
) {
    each_private_lane::<N>(mask, stride, at, private.len(), out.len(), |lane, own| {
        // SAFETY: `each_private_lane` checked the lane's bytes and element.
        unsafe { *out.get_unchecked_mut(lane) = le_word::<N>(private.get_unchecked(own)) }
    });
}

/// `load_private` of every lane of a row `W` lanes wide.
#[inline(always)]
pub fn load_narrow<const N: usize, const W: usize>(
    private: &[u8],
    stride: usize,
    at: usize,
    out: &mut [u64],
) {
    let top = private_lanes_in_bounds::<N>(1 << (W - 1), stride, at, private.len(), out.len());
    debug_assert_eq!(top, W - 1);
    for (lane, v) in out[..W].iter_mut().enumerate() {
        // SAFETY: lane < W, whose bytes `private_lanes_in_bounds` checked.
        *v = le_word::<N>(unsafe {
            private.get_unchecked(lane * stride + at..lane * stride + at + N)
        });
    }
}

/// `store_private` of every lane of a row `W` lanes wide.
#[inline(always)]
pub fn store_narrow<const N: usize, const W: usize>(
    private: &mut [u8],
    stride: usize,
    at: usize,
    values: &[u64],
) {
    let top = private_lanes_in_bounds::<N>(1 << (W - 1), stride, at, private.len(), values.len());
    debug_assert_eq!(top, W - 1);
    for (lane, v) in values[..W].iter().enumerate() {
        // SAFETY: lane < W, whose bytes `private_lanes_in_bounds` checked.
        let own = unsafe { private.get_unchecked_mut(lane * stride + at..lane * stride + at + N) };
        own.copy_from_slice(&v.to_le_bytes()[..N]);
    }
}

/// Calls `f` with each lane of `mask` and the range of its `N` bytes at
/// `at` in private memory (`stride` bytes per lane, `bytes` in all), after
/// one bounds check that covers them and their elements of a `row`.
#[inline(always)]
fn each_private_lane<const N: usize>(
    mask: u64,
    stride: usize,
    at: usize,
    bytes: usize,
    row: usize,
    mut f: impl FnMut(usize, std::ops::Range<usize>),
) {
    if mask == 0 {
        return;
    }
    let full = mask == isa::core::mask(row as u32);
    let top = private_lanes_in_bounds::<N>(mask, stride, at, bytes, row);
    each_active(mask, full, top + 1, |lane| {
        let own = lane * stride + at;
        f(lane, own..own + N)
    });
}

/// One bounds check for the lanes of `mask` (not empty) of a private
/// access of `N` bytes at `at` (`stride` bytes per lane, `bytes` in all,
/// `row` register elements): the highest lane's bytes and register
/// element are in range, so every lower lane's are. Returns that lane.
#[inline(always)]
fn private_lanes_in_bounds<const N: usize>(
    mask: u64,
    stride: usize,
    at: usize,
    bytes: usize,
    row: usize,
) -> usize {
    let top = 63 - mask.leading_zeros() as usize;
    assert!(
        at + N <= stride && (top + 1) * stride <= bytes && top < row,
        "a private access past its lane's memory"
    );
    top
}

/// Stores the low `N` bytes (1, 2, 4 or 8) of `values[lane]` at offset
/// `at` of each lane of `mask`'s private memory (`stride` bytes per lane).
#[inline(always)]
pub fn store_private<const N: usize>(
    private: &mut [u8],
    stride: usize,
    at: usize,
    mask: u64,
    values: &[u64],
) {
    let bytes = private.len();
    each_private_lane::<N>(mask, stride, at, bytes, values.len(), |lane, own| {
        // SAFETY: `each_private_lane` checked the lane's bytes and element.
        unsafe {
            let v = values.get_unchecked(lane);
            private
                .get_unchecked_mut(own)
                .copy_from_slice(&v.to_le_bytes()[..N]);
        }
    });
}

/// How the active lanes' addresses lie.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// All one address.
    Uniform,
    /// Every lane active, lane `l` at the first lane's address plus `l`
    /// words.
    Contiguous,
    Scattered,
}

/// Calls `f` with each lane of `mask`, lowest first; `full` says that
/// `mask` holds all of the wave's `lanes`, which are then visited in a
/// straight loop.
#[inline(always)]
fn each_active(mask: u64, full: bool, lanes: usize, mut f: impl FnMut(usize)) {
    if full {
        (0..lanes).for_each(f);
    } else {
        let mut rest = mask;
        while rest != 0 {
            f(rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

/// Calls `f` with each lane of `rest`, lowest first, and its offset in
/// region `r`, while its `N` bytes at `addrs[lane] + offset` stay in the
/// region; the lanes done are taken out of `rest`.
#[inline(always)]
fn lanes_in_region<const N: usize>(
    rest: &mut u64,
    addrs: &[u64],
    offset: u64,
    r: Region,
    f: &mut impl FnMut(usize, usize),
) {
    while *rest != 0 {
        let lane = rest.trailing_zeros() as usize;
        let a = addrs[lane].wrapping_add(offset);
        if !(a >= r.lo && a < r.hi && N as u64 <= r.hi - a) {
            break;
        }
        f(lane, (a - r.lo) as usize);
        *rest &= *rest - 1;
    }
}

/// A little-endian value of 1, 2, 4 or 8 bytes. Fixed-size reads: a
/// variable-length copy into a wider word costs a failed store-to-load
/// forwarding on every access.
#[inline]
fn read_le(s: &[u8]) -> u64 {
    match *s {
        [a] => a as u64,
        [a, b] => u16::from_le_bytes([a, b]) as u64,
        [a, b, c, d] => u32::from_le_bytes([a, b, c, d]) as u64,
        [a, b, c, d, e, f, g, h] => u64::from_le_bytes([a, b, c, d, e, f, g, h]),
        _ => unreachable!("accesses are 1, 2, 4 or 8 bytes"),
    }
}

/// Writes the low `s.len()` bytes (1, 2, 4 or 8) of `value`, little-endian,
/// with fixed-size stores rather than a variable-length copy.
#[inline]
pub fn write_le(s: &mut [u8], value: u64) {
    match s.len() {
        1 => s[0] = value as u8,
        2 => s.copy_from_slice(&(value as u16).to_le_bytes()),
        4 => s.copy_from_slice(&(value as u32).to_le_bytes()),
        8 => s.copy_from_slice(&value.to_le_bytes()),
        _ => unreachable!("accesses are 1, 2, 4 or 8 bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `value` to the `bytes` at `addr` for `lane` alone, through
    /// the atomics' read-modify-write.
    fn store_one(
        m: &mut WaveMemory,
        lane: usize,
        addr: u64,
        bytes: u64,
        value: u64,
    ) -> Result<(), String> {
        let mut addrs = [0u64; 64];
        addrs[lane] = addr;
        m.update_lanes(1 << lane, &addrs[..=lane], bytes, |_, _| Some(value))
            .map_err(|e| e.1)
    }

    /// Buffers that fit global memory by their sizes alone but not with
    /// the guard gap after each: the message says why.
    #[test]
    fn a_buffer_past_the_guard_gaps_is_refused_naming_them() {
        let capacity = WORKGROUP_BASE - GLOBAL_BASE;
        let mut global = GlobalMemory::default();
        // Zeroed allocations: the pages are never touched.
        global
            .add("big", vec![0; (capacity - 1000) as usize])
            .unwrap();
        let e = global.add("small", vec![0; 500]).unwrap_err();
        assert!(
            e.contains("buffer 'small' does not fit") && e.contains("guard gap of 65536 bytes"),
            "{e}"
        );
    }

    /// Each `__local` argument has a window of its own: accesses inside it
    /// reach its bytes, 16-byte aligned after the kernel's own variables;
    /// one past its end, or below its start, faults naming it.
    #[test]
    fn local_arguments_fault_outside_their_own_bytes() {
        let args = vec![(1, "a".to_string(), 10), (2, "b".to_string(), 20)];
        let layout = LocalArguments::lay_out(100, args, 1 << 26).unwrap();
        let offsets: Vec<u32> = layout.list.iter().map(|a| a.offset).collect();
        assert_eq!((offsets, layout.total_bytes()), (vec![112, 128], 148));
        let mut global = GlobalMemory::default();
        let mut shared = vec![0u8; 148];
        let (mut private, mut printf) = (Vec::new(), Printed::default());
        let mut m = WaveMemory::new(&mut global, &mut shared, &mut private, 0, &mut printf)
            .with_local_arguments(&layout);
        let (a, b) = (layout.address(0), layout.address(1));
        store_one(&mut m, 0, a + 6, 4, 0x0403_0201).unwrap();
        store_one(&mut m, 0, b, 4, 0x0807_0605).unwrap();
        store_one(&mut m, 0, WORKGROUP_BASE + 96, 4, 0x0c0b_0a09).unwrap();
        for (addr, names) in [
            (
                a + 8,
                "local argument 1 ('a') offset 8 is past its 10 bytes",
            ),
            (
                b - 4,
                "local argument 2 ('b') offset -4 is past its 20 bytes",
            ),
            (
                WORKGROUP_BASE + 98,
                "workgroup memory offset 98 is past its 100 bytes",
            ),
        ] {
            let e = store_one(&mut m, 0, addr, 4, 0).unwrap_err();
            assert!(e.contains(names), "{e}");
        }
        assert_eq!(&shared[118..122], &[1, 2, 3, 4]);
        assert_eq!(&shared[128..132], &[5, 6, 7, 8]);
        assert_eq!(&shared[96..100], &[9, 10, 11, 12]);
        // As many windows as the address space holds: 16 of 64 MiB.
        let many = (0..16).map(|i| (i, format!("x{i}"), 16)).collect();
        let e = LocalArguments::lay_out(1 << 25, many, 1 << 26).unwrap_err();
        assert!(
            e.contains("16 local pointer arguments") && e.contains("at most 15"),
            "{e}"
        );
    }

    #[test]
    fn atomic_updates_go_lane_by_lane_lowest_first_across_regions() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", vec![0; 8]).unwrap();
        let (mut wg, mut private) = (vec![0u8; 8], vec![0u8; 8 * 4]);
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 4, &mut printf);
        // Lanes 0, 2 and 3 add to one word of `a`, lane 1 to the other;
        // lanes 4 and 6 to one word of shared memory, 5 and 7 to their own
        // private words. Lane 6 is inactive.
        let addrs = [
            a,
            a + 4,
            a,
            a,
            WORKGROUP_BASE,
            PRIVATE_BASE,
            WORKGROUP_BASE,
            PRIVATE_BASE,
        ];
        let mut old = [u64::MAX; 8];
        let mask = 0b1011_1111;
        m.update_lanes(mask, &addrs, 4, |lane, was| {
            old[lane] = was;
            Some(was + lane as u64 + 1)
        })
        .unwrap();
        // Each lane saw what the lanes below it on its word left.
        assert_eq!(old, [0, 0, 1, 4, 0, 0, u64::MAX, 0]);
        assert_eq!(m.load(0, a, 4).unwrap(), 8);
        assert_eq!(m.load(0, a + 4, 4).unwrap(), 2);
        assert_eq!(m.load(0, WORKGROUP_BASE, 4).unwrap(), 5);
        assert_eq!(m.load(5, PRIVATE_BASE, 4).unwrap(), 6);
        assert_eq!(m.load(7, PRIVATE_BASE, 4).unwrap(), 8);
        assert_eq!(m.load(6, PRIVATE_BASE, 4).unwrap(), 0);
        // Nothing written when the update says so; a fault names its lane
        // and the lanes below it have done theirs.
        let addrs = [a, a + 4, a + 8, a];
        let e = m
            .update_lanes(0b1111, &addrs, 4, |lane, was| {
                (lane == 0).then_some(was + 1)
            })
            .unwrap_err();
        assert_eq!(e.0, 2, "{}", e.1);
        assert!(e.1.contains("outside buffer 'a'"), "{}", e.1);
        assert_eq!(m.load(0, a, 4).unwrap(), 9);
        assert_eq!(m.load(0, a + 4, 4).unwrap(), 2);
    }

    #[test]
    fn an_atomic_counts_as_global_when_any_active_lane_is_there() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", vec![0; 8]).unwrap();
        let (mut wg, mut private) = (vec![0u8; 8], vec![0u8; 8 * 4]);
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 4, &mut printf);
        m.note_atomic([WORKGROUP_BASE, PRIVATE_BASE].into_iter(), false);
        m.note_atomic(std::iter::empty(), false);
        assert_eq!(m.global_atomics(), 0);
        m.note_atomic([WORKGROUP_BASE, a + 4, a].into_iter(), false);
        m.note_atomic([a].into_iter(), false);
        assert_eq!(m.global_atomics(), 2);
        // Blind ones count as global, not as ordered; straight on global
        // memory, none is gathered.
        assert!(!m.note_atomic([a].into_iter(), true));
        assert_eq!((m.global_atomics(), m.ordered_atomics()), (3, 2));
    }

    #[test]
    fn a_chunk_gathers_blind_atomics_whose_lanes_all_reach_global_memory() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", vec![0; 16]).unwrap();
        let mut overlay = Overlay::default();
        let (mut wg, mut private) = (vec![0u8; 8], vec![0u8; 8 * 4]);
        let mut printf = Printed::default();
        let view = GlobalView::Overlaid(&g, &mut overlay);
        let mut m = WaveMemory::with_view(view, &mut wg, &mut private, 4, &mut printf);
        assert!(
            !m.note_atomic([WORKGROUP_BASE, a].into_iter(), true),
            "mixed"
        );
        assert!(!m.note_atomic([a].into_iter(), false), "not blind");
        assert!(m.note_atomic([a, a + 4].into_iter(), true));
        let add = isa::ir::AtomicOp::IAdd;
        m.gather_lanes(
            0b11,
            &[a + 4, a + 4],
            add,
            isa::core::Scalar::Int(32),
            &[2, 5],
        )
        .unwrap();
        let past = m.gather_lanes(0b10, &[a, a + 16], add, isa::core::Scalar::Int(32), &[1, 1]);
        assert_eq!(past.map_err(|e| e.0), Err(1), "names the lane");
        // The two atomics not gathered conflict.
        assert!(overlay.atomic);
        let mut data = [0u8; 16];
        overlay.gathered.apply(&mut [&mut data[..]]);
        assert_eq!(data[4..8], 7u32.to_le_bytes(), "2 + 5 at a + 4");
    }

    #[test]
    fn buffers_do_not_touch_and_bounds_are_checked() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", vec![0; 16]).unwrap();
        let b = g.add("b", vec![0; 16]).unwrap();
        assert!(b >= a + 16 + GUARD);
        assert_eq!(g.locate(a + 12, 4), Some((0, a, 16)));
        assert_eq!(g.locate(b, 4), Some((1, b, 16)));
        assert_eq!(g.locate(a + 13, 4), None);
        let e = g.outside(a + 13, 4);
        assert!(e.contains("outside buffer 'a'"), "{e}");
        assert_eq!(g.locate(a - 1, 1), None);
        let e = g.outside(a - 1, 1);
        assert!(
            e.contains("outside buffer 'a'") && e.ends_with("offset -1)"),
            "{e}"
        );
        assert!(GlobalMemory::default()
            .outside(a, 1)
            .contains("in no buffer"));
        // Between them, the nearer names the access: 4 bytes below `b`, 1
        // past the end of `a`.
        let e = g.outside(b - 4, 4);
        assert!(
            e.contains("outside buffer 'b'") && e.ends_with("offset -4)"),
            "{e}"
        );
        let e = g.outside(a + 16, 1);
        assert!(
            e.contains("outside buffer 'a'") && e.ends_with("offset 16)"),
            "{e}"
        );
        // Missing by more than its 16 bytes, the nearest is only named.
        let e = g.outside(a + 40, 4);
        assert!(
            e.contains("is in no buffer; the nearest is 'a'") && e.ends_with("offset 40)"),
            "{e}"
        );
    }

    #[test]
    fn the_remembered_region_never_widens_an_access() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", (0..16).collect()).unwrap();
        let b = g.add("b", (100..116).collect()).unwrap();
        let mut wg = vec![0u8; 8];
        let mut private = vec![0u8; 16];
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 8, &mut printf);
        // Each access after the first starts inside the region the one
        // before it resolved.
        assert_eq!(m.load(0, a, 4).unwrap(), 0x0302_0100);
        assert_eq!(m.load(3, a + 14, 2).unwrap(), 0x0f0e);
        let e = m.load(0, a + 14, 4).unwrap_err();
        assert!(e.contains("outside buffer 'a'"), "{e}");
        assert_eq!(m.load(0, b + 8, 8).unwrap(), 0x7372_7170_6f6e_6d6c);
        assert!(m
            .load(0, a + 16, 1)
            .unwrap_err()
            .contains("outside buffer 'a'"));
        store_one(&mut m, 0, WORKGROUP_BASE + 4, 4, 7).unwrap();
        let e = m.load(0, WORKGROUP_BASE + 6, 4).unwrap_err();
        assert!(
            e.contains("workgroup memory offset 6 is past its 8 bytes"),
            "{e}"
        );
        assert_eq!(m.load(5, WORKGROUP_BASE + 4, 4).unwrap(), 7);
        store_one(&mut m, 1, PRIVATE_BASE + 4, 4, 9).unwrap();
        assert_eq!(m.load(0, PRIVATE_BASE + 4, 4).unwrap(), 0);
        assert_eq!(m.load(1, PRIVATE_BASE + 4, 4).unwrap(), 9);
        let e = m.load(1, PRIVATE_BASE + 5, 4).unwrap_err();
        assert!(
            e.contains("private memory offset 5 is past its 8 bytes"),
            "{e}"
        );
    }

    /// Address rows of a wave of 16 lanes, for `n`-byte accesses, in
    /// buffer `a` (256 bytes), its workgroup memory (256 bytes) and private
    /// memory (12 bytes a lane): one address, consecutive words, reversed,
    /// strided, straddling the end, wrapping.
    fn address_rows(a: u64, n: u64) -> Vec<Vec<u64>> {
        let row = |f: &dyn Fn(u64) -> u64| (0..16).map(f).collect::<Vec<u64>>();
        vec![
            row(&|_| a + 8),
            row(&|l| a + n * l),
            row(&|l| a + 2 + n * l),
            row(&|l| a + 256 - n - n * (l % (256 / n))),
            row(&|l| a + 256 - n * (l + 1)),
            row(&|l| a + (l * 12) % 61),
            row(&|l| a + 256 - 8 * n + n * l),
            row(&|l| WORKGROUP_BASE + n * l),
            row(&|l| WORKGROUP_BASE + 8 * l),
            row(&|_| PRIVATE_BASE + 4),
            row(&|l| PRIVATE_BASE + (l % 2) * 4),
            row(&|l| PRIVATE_BASE + n * l),
            row(&|l| PRIVATE_BASE + 6 + l),
            row(&|l| u64::MAX - 7 + n * l),
        ]
    }

    #[test]
    fn whole_wave_accesses_match_lane_by_lane_ones() {
        // The reference is the one-lane path (`load`, `store`), which finds
        // each lane's region on its own.
        let masks = [0xffff_u64, 0x8001, 0x0ff0, 0x0002, 0xfffe];
        for n in [1u64, 2, 4, 8] {
            let mut g = GlobalMemory::default();
            let a = g.add("a", (0..=255).collect()).unwrap();
            let rows = address_rows(a, n);
            let (mut wg, mut private) = (vec![5u8; 256], vec![0u8; 16 * 12]);
            for (i, b) in private.iter_mut().enumerate() {
                *b = i as u8;
            }
            let mut printf = Printed::default();
            let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 12, &mut printf);
            for addrs in &rows {
                for &mask in &masks {
                    let mut out = [0u64; 16];
                    let wave = m.load_lanes(mask, addrs, 0, n, &mut out);
                    let mut lanes = Ok(());
                    for lane in (0..16).filter(|l| mask >> l & 1 != 0) {
                        match m.load(lane, addrs[lane], n) {
                            Ok(v) => assert_eq!(out[lane], v, "{n} bytes, lane {lane}, {addrs:x?}"),
                            Err(e) => {
                                lanes = Err((lane, e));
                                break;
                            }
                        }
                    }
                    match (&wave, &lanes) {
                        (Ok(()), Ok(())) => {}
                        (Err((l, _)), Err((k, _))) => assert_eq!(l, k, "{addrs:x?}"),
                        _ => panic!("{n} bytes, mask {mask:x}, {addrs:x?}: {wave:?} vs {lanes:?}"),
                    }
                }
            }
            // Stores: the whole wave into one copy of the memory, lane by
            // lane (lowest first, as atomics write) into another.
            for addrs in &rows {
                for &mask in &masks {
                    let values: Vec<u64> =
                        (0..16).map(|l| 0x0101_0101_0101_0101 * (l + 1)).collect();
                    let run = |whole: bool| {
                        let mut g = GlobalMemory::default();
                        g.add("a", (0..=255).collect()).unwrap();
                        let (mut wg, mut private) = (vec![5u8; 256], vec![0u8; 16 * 12]);
                        let mut printf = Printed::default();
                        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 12, &mut printf);
                        let r = if whole {
                            m.store_lanes(mask, addrs, 0, n, &values).map_err(|e| e.0)
                        } else {
                            (0..16).filter(|l| mask >> l & 1 != 0).try_for_each(|l| {
                                store_one(&mut m, l, addrs[l], n, values[l]).map_err(|_| l)
                            })
                        };
                        (r, g.buffers[0].data.clone(), wg, private)
                    };
                    assert!(
                        run(true) == run(false),
                        "{n} bytes, mask {mask:x}, {addrs:x?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_robust_access_past_the_end_leaves_in_bounds_bytes_readable() {
        let mut g = GlobalMemory::robust();
        let a = g.add("a", (0..16).collect()).unwrap();
        let (mut wg, mut private) = (vec![0u8; 8], vec![0u8; 8]);
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 8, &mut printf);
        // 8 bytes from offset 12 are partly out of the buffer: zeros. The
        // 4 in-bounds bytes at the same address are still the buffer's.
        assert_eq!(m.load(0, a + 12, 8).unwrap(), 0);
        assert_eq!(m.load(0, a + 12, 4).unwrap(), 0x0f0e_0d0c);
        let mut out = [0u64; 4];
        m.load_lanes(0b1111, &[a + 12; 4], 0, 8, &mut out).unwrap();
        assert_eq!(out, [0; 4]);
        m.load_lanes(0b1111, &[a, a + 4, a + 8, a + 12], 0, 4, &mut out)
            .unwrap();
        assert_eq!(out, [0x0302_0100, 0x0706_0504, 0x0b0a_0908, 0x0f0e_0d0c]);
    }

    #[test]
    fn lane_runs_change_region_and_name_the_faulting_lane() {
        let mut g = GlobalMemory::default();
        let a = g.add("a", (0..16).collect()).unwrap();
        let b = g.add("b", (100..116).collect()).unwrap();
        let mut wg = vec![0u8; 8];
        let mut private = vec![0u8; 6 * 8];
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 8, &mut printf);
        // Lanes 0-1 in `a`, 2 in `b`, 3 back in `a`, 5 in private memory;
        // lane 4 is not in the mask.
        let addrs = [a + 2, a + 6, b + 2, a + 10, 0, PRIVATE_BASE];
        let mask = 0b10_1111;
        let values = [0x1111, 0x2222, 0x3333, 0x4444, 9, 0x5555];
        m.store_lanes(mask, &addrs, 0, 2, &values).unwrap();
        let mut out = [0u64; 6];
        m.load_lanes(mask, &addrs, 0, 4, &mut out).unwrap();
        assert_eq!(
            out,
            [
                0x0504_1111,
                0x0908_2222,
                0x6968_3333,
                0x0d0c_4444,
                0,
                0x5555
            ]
        );
        assert_eq!(m.load(5, PRIVATE_BASE, 2).unwrap(), 0x5555);
        assert_eq!(m.load(4, PRIVATE_BASE, 2).unwrap(), 0);
        // Lane 3 runs off the end of `a`: lanes 0-2 store, lane 3 faults.
        let far = [a + 8, a + 8, b + 8, a + 10];
        let e = m
            .store_lanes(0b1111, &far, 4, 4, &[1, 2, 3, 4])
            .unwrap_err();
        assert_eq!(e.0, 3);
        assert!(e.1.contains("outside buffer 'a'"), "{}", e.1);
        assert_eq!(m.load(0, a + 12, 4).unwrap(), 2);
        assert_eq!(m.load(0, b + 12, 4).unwrap(), 3);
        let e = m.load_lanes(0b10, &[a, 0], 0, 4, &mut out).unwrap_err();
        assert_eq!(e.0, 1);
        assert!(e.1.contains("null"), "{}", e.1);
    }

    #[test]
    fn private_memory_is_per_lane() {
        let mut g = GlobalMemory::default();
        let mut wg = vec![0u8; 8];
        let mut private = vec![0u8; 16];
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 8, &mut printf);
        store_one(&mut m, 1, PRIVATE_BASE, 4, 0xdead_beef).unwrap();
        assert_eq!(m.load(0, PRIVATE_BASE, 4).unwrap(), 0);
        assert_eq!(m.load(1, PRIVATE_BASE, 4).unwrap(), 0xdead_beef);
        assert!(m.load(0, PRIVATE_BASE + 6, 4).is_err());
        assert!(m.load(0, 0, 4).unwrap_err().contains("null"));
    }

    #[test]
    fn lanes_loading_one_address_see_shared_or_their_own_memory() {
        let mut g = GlobalMemory::default();
        let base = g.add("b", vec![7, 0, 0, 0, 9, 0, 0, 0]).unwrap();
        let mut wg = vec![0u8; 8];
        // Three lanes' private copies of one 4-byte variable.
        let mut private: Vec<u8> = [10u8, 0, 0, 0, 11, 0, 0, 0, 12, 0, 0, 0].to_vec();
        let mut printf = Printed::default();
        let mut m = WaveMemory::new(&mut g, &mut wg, &mut private, 4, &mut printf);
        let mut out = [0u64; 3];
        m.load_lanes(0b101, &[base; 3], 4, 4, &mut out).unwrap();
        assert_eq!(
            out,
            [9, 0, 9],
            "a buffer word, read once, to the active lanes"
        );
        m.load_lanes(0b111, &[PRIVATE_BASE; 3], 0, 4, &mut out)
            .unwrap();
        assert_eq!(out, [10, 11, 12], "each lane's own private copy");
        // Past the buffer's end: the same error as lane by lane.
        let e = m
            .load_lanes(0b110, &[base + 8; 3], 0, 4, &mut out)
            .unwrap_err();
        assert_eq!(e.0, 1);
    }
}
