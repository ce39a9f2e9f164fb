//! Buffers written in place while workgroups run in parallel: when every
//! store to a buffer falls at `buffer + scale · x + offset`
//! (`isa::global_writes`), a run of consecutive workgroups of a dispatch
//! one workgroup high and deep writes one stretch of it (its window), and
//! the windows of different runs do not overlap. Each chunk of a batch
//! then gets its windows as slices of their own and writes there directly,
//! reads the other buffers (which no chunk writes) directly, and no commit
//! is needed.
//!
//! The analysis only predicts; what keeps the one-thread result is checked
//! as the chunk runs: an access to a windowed buffer outside the chunk's
//! window, a read of a windowed buffer (what it holds could depend on
//! chunks running beside it) or a write to another buffer stops the chunk
//! before it happens (a conflict). Every write keeps the bytes it replaced,
//! so that the chunks from the first that stopped (a conflict, a fault, the
//! budget) on are undone, newest first, and the launch goes on from there
//! on one thread, as after a batch of overlays.

use isa::global_writes::StoreWindow;

/// A windowed buffer: its index, and where its windows are for workgroup
/// x-ids: bytes `scale · x + from .. scale · x + to` for each global x-id,
/// from the buffer's start.
#[derive(Clone, Copy, Debug)]
struct Windowed {
    buffer: usize,
    scale: i64,
    from: i64,
    to: i64,
}

/// Which buffers a launch's chunks write in place, and how.
#[derive(Clone, Debug)]
pub struct WindowPlan {
    windowed: Vec<Windowed>,
    /// Invocations per workgroup in x.
    local_x: i64,
}

impl WindowPlan {
    /// The plan for a dispatch of `workgroups` of `local_size`, whose
    /// stores fall in `windows`, loads read through `read_roots`, and
    /// registers are set from `uniforms` (a root's value is a buffer's
    /// address); `None` when the dispatch is more than a row of workgroups
    /// or a written buffer is also read or written through another root.
    pub fn new(
        windows: &[StoreWindow],
        read_roots: &[u32],
        uniforms: &[(u32, u64)],
        bases: &[u64],
        workgroups: [u32; 3],
        local_size: [u32; 3],
    ) -> Option<WindowPlan> {
        if workgroups[1] != 1 || workgroups[2] != 1 || windows.is_empty() {
            return None;
        }
        let buffer_of = |root: u32| {
            let (_, value) = uniforms.iter().find(|u| u.0 == root)?;
            bases.iter().position(|b| b == value)
        };
        let mut windowed = Vec::new();
        for w in windows {
            let buffer = buffer_of(w.root)?;
            windowed.push(Windowed {
                buffer,
                scale: w.scale,
                from: w.from,
                to: w.to,
            });
        }
        let read: Vec<Option<usize>> = read_roots.iter().map(|&r| buffer_of(r)).collect();
        for (i, w) in windowed.iter().enumerate() {
            let twice = windowed[..i].iter().any(|v| v.buffer == w.buffer);
            if twice || read.contains(&Some(w.buffer)) {
                return None;
            }
        }
        Some(WindowPlan {
            windowed,
            local_x: i64::from(local_size[0]),
        })
    }

    /// Cuts `buffers` for chunks of workgroups: chunk `k` runs workgroups
    /// `ranges[k]` (consecutive, ascending) and writes its windows only.
    pub fn cut<'a>(
        &self,
        buffers: &'a mut [crate::exec::memory::GlobalBuffer],
        ranges: &[std::ops::Range<u64>],
    ) -> (Vec<Shared<'a>>, Vec<Vec<Window<'a>>>) {
        let mut shared = Vec::with_capacity(buffers.len());
        let mut windows: Vec<Vec<Window<'a>>> = ranges.iter().map(|_| Vec::new()).collect();
        for (i, b) in buffers.iter_mut().enumerate() {
            let len = b.data.len();
            let Some(w) = self.windowed.iter().find(|w| w.buffer == i) else {
                shared.push(Shared {
                    name: &b.name,
                    base: b.base,
                    len,
                    data: Some(&b.data),
                });
                continue;
            };
            shared.push(Shared {
                name: &b.name,
                base: b.base,
                len,
                data: None,
            });
            let mut rest: &'a mut [u8] = &mut b.data;
            let mut at = 0usize;
            for (k, r) in ranges.iter().enumerate() {
                let x = |wg: u64| (wg as i64).saturating_mul(self.local_x);
                let clamp = |v: i64| v.clamp(at as i64, len as i64) as usize;
                let lo = clamp(w.scale.saturating_mul(x(r.start)).saturating_add(w.from));
                let last = x(r.end).saturating_sub(1);
                let hi = clamp(w.scale.saturating_mul(last).saturating_add(w.to)).max(lo);
                let (_, tail) = std::mem::take(&mut rest).split_at_mut(lo - at);
                let (window, tail) = tail.split_at_mut(hi - lo);
                rest = tail;
                at = hi;
                windows[k].push(Window {
                    buffer: i,
                    from: lo,
                    data: window,
                });
            }
        }
        (shared, windows)
    }
}

/// A buffer as every chunk of a batch sees it: its place, and its bytes
/// unless it is windowed.
pub struct Shared<'a> {
    pub name: &'a str,
    pub base: u64,
    pub len: usize,
    pub data: Option<&'a [u8]>,
}

/// A chunk's window of a buffer: bytes `from..from + data.len()`.
pub struct Window<'a> {
    buffer: usize,
    from: usize,
    data: &'a mut [u8],
}

/// The bytes a chunk's writes replaced, oldest first, to undo them.
#[derive(Default)]
pub struct Undo {
    /// (buffer, offset, length) of each write.
    writes: Vec<(usize, usize, usize)>,
    old: Vec<u8>,
}

impl Undo {
    pub fn clear(&mut self) {
        self.writes.clear();
        self.old.clear();
    }
}

/// One chunk's view of global memory in a windowed batch.
pub struct ChunkMemory<'a, 'u> {
    pub shared: &'a [Shared<'a>],
    pub windows: Vec<Window<'a>>,
    pub undo: &'u mut Undo,
    /// An access went where it may not: the chunk stopped before it.
    pub conflict: bool,
}

/// How a wave reaches a chunk's memory (`ChunkMemory`), behind a reference
/// that can be borrowed for less than the chunk's lifetime.
pub trait InPlace {
    /// Every buffer's place.
    fn buffers(&self) -> &[Shared<'_>];
    /// The bytes of buffer `buffer` for reading, unless it is windowed
    /// (which is then a conflict).
    fn read(&mut self, buffer: usize) -> Option<&[u8]>;
    /// Writes `bytes` at offset `at` of buffer `buffer`, keeping what they
    /// replace; false (a conflict) outside the chunk's window.
    fn write(&mut self, buffer: usize, at: usize, bytes: &[u8]) -> bool;
}

impl InPlace for ChunkMemory<'_, '_> {
    fn buffers(&self) -> &[Shared<'_>] {
        self.shared
    }

    fn read(&mut self, buffer: usize) -> Option<&[u8]> {
        let data = self.shared[buffer].data;
        self.conflict |= data.is_none();
        data
    }

    fn write(&mut self, buffer: usize, at: usize, bytes: &[u8]) -> bool {
        let fits = |w: &&mut Window| {
            w.buffer == buffer && at >= w.from && at + bytes.len() <= w.from + w.data.len()
        };
        let Some(w) = self.windows.iter_mut().find(fits) else {
            self.conflict = true;
            return false;
        };
        let place = &mut w.data[at - w.from..at - w.from + bytes.len()];
        self.undo.writes.push((buffer, at, bytes.len()));
        self.undo.old.extend_from_slice(place);
        place.copy_from_slice(bytes);
        true
    }
}

impl ChunkMemory<'_, '_> {
    /// Puts back what this chunk's writes replaced, newest first.
    pub fn undo(&mut self) {
        let mut end = self.undo.old.len();
        for &(buffer, at, len) in self.undo.writes.iter().rev() {
            let w = self
                .windows
                .iter_mut()
                .find(|w| w.buffer == buffer)
                .expect("a write was made in a window of this chunk");
            w.data[at - w.from..at - w.from + len].copy_from_slice(&self.undo.old[end - len..end]);
            end -= len;
        }
        self.undo.clear();
    }
}
