//! Buffers written in place while workgroups run in parallel: when every
//! access to a buffer that stores write falls at `buffer + a · global x +
//! b · workgroup x + c · local x + offset` such that each workgroup's bytes
//! lie in a stretch of their own (`isa::global_writes`), a run of
//! consecutive workgroups of a dispatch one workgroup high and deep reaches
//! one stretch of it (its window), and the windows of different runs do
//! not overlap. Each chunk of a batch then gets its windows as slices of
//! their own and reads and writes there directly, reads the other buffers
//! (which no chunk writes) directly, and no commit is needed but for the
//! blind atomics it gathered (`gathered`), applied after the batch. A
//! global atomic it did not gather would write outside its windows: a
//! conflict. A buffer written where windows cannot hold it (its
//! workgroups' stretches could overlap, or the analysis overlaid it) goes
//! through the chunk's overlay (`overlay`) instead, checked and committed
//! in chunk order as a batch of overlays is.
//!
//! The analysis only predicts; what keeps the one-thread result is checked
//! as the chunk runs: an access to a windowed buffer outside the chunk's
//! window, a read of a windowed buffer (what it holds could depend on
//! chunks running beside it) or a write to another buffer stops the chunk
//! before it happens (a conflict). Every write keeps the bytes it replaced,
//! so that the chunks from the first that stopped (a conflict, a fault, the
//! budget) on are undone, newest first, and the launch goes on from there
//! on one thread, as after a batch of overlays.

use crate::exec::gathered::Gathered;
use crate::exec::overlay::Overlay;
use isa::global_writes::GlobalWrites;
use isa::ir::Reg;

/// A windowed buffer: its index, and the bytes `stride · w + from ..
/// stride · w + to` from its start that workgroup `w` reaches.
#[derive(Clone, Copy, Debug)]
struct Windowed {
    buffer: usize,
    stride: i64,
    from: i64,
    to: i64,
}

/// Which buffers a launch's chunks write in place, and how; and which they
/// write through overlays.
#[derive(Clone, Debug)]
pub struct WindowPlan {
    windowed: Vec<Windowed>,
    /// Buffers written through each chunk's overlay (`overlay`): the
    /// windows cannot tell their bytes apart.
    overlaid: Vec<usize>,
}

impl WindowPlan {
    /// The plan for a dispatch of `workgroups` of `local_size`, whose
    /// global memory accesses are `writes`, and whose registers are set
    /// from `uniforms` (a root's value is a buffer's address); `None` when
    /// the dispatch is more than a row of workgroups or a root written
    /// through is no buffer's. A buffer whose windows could overlap, or
    /// that is written through two roots or read through another, is
    /// overlaid. With no buffers written, chunks read every buffer in
    /// place (a kernel whose only writes are blind atomics, which
    /// `gathered` keeps).
    pub fn new(
        writes: &GlobalWrites,
        uniforms: &[(Reg, u64)],
        bases: &[u64],
        workgroups: [u32; 3],
        local_size: [u32; 3],
    ) -> Option<WindowPlan> {
        if workgroups[1] != 1 || workgroups[2] != 1 {
            return None;
        }
        let buffer_of = |root: Reg| {
            let (_, value) = uniforms.iter().find(|u| u.0 == root)?;
            bases.iter().position(|b| b == value)
        };
        let mut overlaid = (writes.overlaid.iter())
            .map(|&root| buffer_of(root))
            .collect::<Option<Vec<usize>>>()?;
        let mut windowed = Vec::new();
        for w in &writes.windows {
            let buffer = buffer_of(w.root)?;
            match w.per_workgroup(local_size[0]) {
                Some((stride, from, to)) => windowed.push(Windowed {
                    buffer,
                    stride,
                    from,
                    to,
                }),
                None => overlaid.push(buffer),
            }
        }
        let read: Vec<Option<usize>> = writes.read_roots.iter().map(|&r| buffer_of(r)).collect();
        for (i, w) in windowed.iter().enumerate() {
            let twice = windowed
                .iter()
                .enumerate()
                .any(|(j, v)| j != i && v.buffer == w.buffer);
            if twice || read.contains(&Some(w.buffer)) {
                overlaid.push(w.buffer);
            }
        }
        overlaid.sort_unstable();
        overlaid.dedup();
        windowed.retain(|w| !overlaid.contains(&w.buffer));
        Some(WindowPlan { windowed, overlaid })
    }

    /// Whether chunks write some buffer through their overlays.
    pub fn overlays(&self) -> bool {
        !self.overlaid.is_empty()
    }

    /// Whether chunks write some buffer in place, or none through
    /// overlays.
    pub fn writes_in_place(&self) -> bool {
        !self.windowed.is_empty() || self.overlaid.is_empty()
    }

    /// Cuts `buffers` (each one's name, address and bytes, in order) for
    /// chunks of workgroups: chunk `k` runs workgroups `ranges[k]`
    /// (consecutive, ascending) and reaches its windows only.
    pub fn cut<'a>(
        &self,
        buffers: impl Iterator<Item = (&'a str, u64, &'a mut [u8])>,
        ranges: &[std::ops::Range<u64>],
    ) -> (Vec<Shared<'a>>, Vec<Vec<Window<'a>>>) {
        let mut shared = Vec::new();
        let mut windows: Vec<Vec<Window<'a>>> = ranges.iter().map(|_| Vec::new()).collect();
        for (i, (name, base, data)) in buffers.enumerate() {
            let len = data.len();
            let Some(w) = self.windowed.iter().find(|w| w.buffer == i) else {
                shared.push(Shared {
                    name,
                    base,
                    len,
                    data: Some(data),
                    overlaid: self.overlaid.contains(&i),
                });
                continue;
            };
            shared.push(Shared {
                name,
                base,
                len,
                data: None,
                overlaid: false,
            });
            let mut rest: &'a mut [u8] = data;
            let mut at = 0usize;
            for (k, r) in ranges.iter().enumerate() {
                let clamp = |v: i64| v.clamp(at as i64, len as i64) as usize;
                let at_group =
                    |wg: u64, to: i64| w.stride.saturating_mul(wg as i64).saturating_add(to);
                let lo = clamp(at_group(r.start, w.from));
                let hi = clamp(at_group(r.end.saturating_sub(1), w.to)).max(lo);
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
/// (as the batch started, if it is overlaid) unless it is windowed.
pub struct Shared<'a> {
    pub name: &'a str,
    pub base: u64,
    pub len: usize,
    pub data: Option<&'a [u8]>,
    /// Written through each chunk's overlay.
    pub overlaid: bool,
}

/// A chunk's window of a buffer: bytes `from..from + data.len()`.
pub struct Window<'a> {
    buffer: usize,
    from: usize,
    data: &'a mut [u8],
}

/// What a chunk's writes replaced, to undo them: the bytes each write
/// replaced, oldest first, until they would outgrow the chunk's windows;
/// from then on the windows' bytes as they were before the chunk (so that
/// a kernel writing its words over and over holds no more than its
/// windows).
#[derive(Default)]
pub struct Undo {
    /// (window, offset in it, length) of each write.
    writes: Vec<(usize, usize, usize)>,
    old: Vec<u8>,
    /// Each window's bytes before the chunk, once `old` outgrew them.
    before: Option<Vec<Vec<u8>>>,
}

impl Undo {
    pub fn clear(&mut self) {
        self.writes.clear();
        self.old.clear();
        self.before = None;
    }
}

/// One chunk's view of global memory in a windowed batch.
pub struct ChunkMemory<'a, 'u> {
    shared: &'a [Shared<'a>],
    windows: Vec<Window<'a>>,
    /// The windows' bytes in all: what the undo log may hold.
    window_bytes: usize,
    undo: &'u mut Undo,
    gathered: &'u mut Gathered,
    /// What the chunk read and wrote of the overlaid buffers.
    overlay: &'u mut Overlay,
}

/// How a wave reaches a chunk's memory (`ChunkMemory`), behind a reference
/// that can be borrowed for less than the chunk's lifetime.
pub trait InPlace {
    /// Every buffer's place.
    fn buffers(&self) -> &[Shared<'_>];
    /// Bytes `range` of buffer `buffer` to read: of a buffer no chunk
    /// writes, or of this chunk's window; `None` (a conflict) elsewhere.
    fn read_range(&self, buffer: usize, range: std::ops::Range<usize>) -> Option<&[u8]>;
    /// Bytes `range` of buffer `buffer` to write, what they hold kept;
    /// `None` (a conflict) outside the chunk's window.
    fn write_range(&mut self, buffer: usize, range: std::ops::Range<usize>) -> Option<&mut [u8]>;

    /// The chunk's blind atomics, gathered.
    fn gathered(&mut self) -> &mut Gathered;

    /// Overlaid buffer `buffer`'s bytes as the batch started, and the
    /// chunk's overlay, through which it reads and writes them.
    fn overlaid(&mut self, buffer: usize) -> (&[u8], &mut Overlay);

    /// Writes `bytes` at offset `at` of buffer `buffer`, keeping what they
    /// replace; false (a conflict) outside the chunk's window.
    fn write(&mut self, buffer: usize, at: usize, bytes: &[u8]) -> bool {
        match self.write_range(buffer, at..at + bytes.len()) {
            Some(place) => {
                place.copy_from_slice(bytes);
                true
            }
            None => false,
        }
    }
}

impl InPlace for ChunkMemory<'_, '_> {
    fn buffers(&self) -> &[Shared<'_>] {
        self.shared
    }

    fn read_range(&self, buffer: usize, range: std::ops::Range<usize>) -> Option<&[u8]> {
        self.gathered.note_plain(buffer);
        if let Some(data) = self.shared[buffer].data {
            return Some(&data[range]);
        }
        let w = self.window(buffer, &range)?;
        Some(&w.data[range.start - w.from..range.end - w.from])
    }

    fn write_range(&mut self, buffer: usize, range: std::ops::Range<usize>) -> Option<&mut [u8]> {
        self.gathered.note_plain(buffer);
        let k = self.windows.iter().position(|w| w.holds(buffer, &range))?;
        let at = range.start - self.windows[k].from;
        if self.undo.before.is_none() {
            let place = &self.windows[k].data[at..at + range.len()];
            self.undo.writes.push((k, at, range.len()));
            self.undo.old.extend_from_slice(place);
            if self.undo.old.len() > self.window_bytes {
                self.keep_windows();
            }
        }
        Some(&mut self.windows[k].data[at..at + range.len()])
    }

    fn gathered(&mut self) -> &mut Gathered {
        self.gathered
    }

    fn overlaid(&mut self, buffer: usize) -> (&[u8], &mut Overlay) {
        self.gathered.note_plain(buffer);
        (self.shared[buffer].data.unwrap_or_default(), self.overlay)
    }
}

/// What each chunk of a batch keeps beside its windows: its undo log, its
/// gathered atomics and its overlay.
#[derive(Default)]
pub struct ChunkLogs {
    pub undo: Undo,
    pub gathered: Gathered,
    pub overlay: Overlay,
}

/// Each chunk's memory: the buffers all share, its windows (one list per
/// chunk, from `WindowPlan::cut`) and its logs, emptied.
pub fn chunk_memories<'a, 'u>(
    shared: &'a [Shared<'a>],
    windows: Vec<Vec<Window<'a>>>,
    logs: &'u mut [ChunkLogs],
) -> Vec<ChunkMemory<'a, 'u>> {
    windows
        .into_iter()
        .zip(logs)
        .map(|(windows, logs)| {
            let ChunkLogs {
                undo,
                gathered,
                overlay,
            } = logs;
            undo.clear();
            gathered.clear();
            overlay.clear();
            let window_bytes = windows.iter().map(|w| w.data.len()).sum();
            // At once, not by doubling: undo logs grown by copies took a
            // launch's first batch of 128 chunks 17% longer than the next
            // (memory-bound bench kernel, two threads).
            undo.old.reserve(window_bytes);
            ChunkMemory {
                shared,
                window_bytes,
                windows,
                undo,
                gathered,
                overlay,
            }
        })
        .collect()
}

impl Window<'_> {
    /// Whether this window holds bytes `range` of buffer `buffer`.
    fn holds(&self, buffer: usize, range: &std::ops::Range<usize>) -> bool {
        self.buffer == buffer
            && range.start >= self.from
            && range.end <= self.from + self.data.len()
    }
}

impl ChunkMemory<'_, '_> {
    /// The chunk's blind atomics, gathered so far.
    pub fn gathered_atomics(&self) -> &Gathered {
        self.gathered
    }

    /// What the chunk read and wrote of the overlaid buffers.
    pub fn overlay(&self) -> &Overlay {
        self.overlay
    }

    /// This chunk's window holding bytes `range` of buffer `buffer`.
    fn window(&self, buffer: usize, range: &std::ops::Range<usize>) -> Option<&Window<'_>> {
        self.windows.iter().find(|w| w.holds(buffer, range))
    }

    /// Puts back what this chunk's writes replaced.
    pub fn undo(&mut self) {
        match self.undo.before.take() {
            Some(before) => {
                for (w, bytes) in self.windows.iter_mut().zip(&before) {
                    w.data.copy_from_slice(bytes);
                }
            }
            None => self.replay_log(),
        }
        self.undo.clear();
    }

    /// Undoes the logged writes, newest first.
    fn replay_log(&mut self) {
        let mut end = self.undo.old.len();
        for &(k, at, len) in self.undo.writes.iter().rev() {
            self.windows[k].data[at..at + len].copy_from_slice(&self.undo.old[end - len..end]);
            end -= len;
        }
    }

    /// Keeps the windows' bytes as they were before the chunk instead of
    /// the log, which has outgrown them.
    fn keep_windows(&mut self) {
        let now: Vec<Vec<u8>> = self.windows.iter().map(|w| w.data.to_vec()).collect();
        self.replay_log();
        let before = self.windows.iter().map(|w| w.data.to_vec()).collect();
        for (w, bytes) in self.windows.iter_mut().zip(&now) {
            w.data.copy_from_slice(bytes);
        }
        self.undo.writes.clear();
        self.undo.old.clear();
        self.undo.before = Some(before);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::overlay;
    use isa::global_writes::StoreWindow;

    /// A buffer: its name, address and bytes.
    type Buffer = (&'static str, u64, Vec<u8>);

    /// Buffers a (read) and c (written at 8·x + 4 .. 8·x + 8), workgroups
    /// of 2 invocations, and the plan for them.
    fn setup() -> (Vec<Buffer>, WindowPlan) {
        let (a, c) = (0x1_0000, 0x2_0000);
        let g = vec![("a", a, vec![1; 64]), ("c", c, (0..64).collect())];
        let window = StoreWindow {
            root: 7,
            steps: [8, 0, 0],
            from: 4,
            to: 8,
        };
        let uniforms = [(6, a), (7, c)];
        let writes = GlobalWrites {
            windows: vec![window],
            overlaid: vec![],
            read_roots: vec![6],
        };
        let plan = WindowPlan::new(&writes, &uniforms, &[a, c], [4, 1, 1], [2, 1, 1]);
        (g, plan.unwrap())
    }

    fn parts(g: &mut [Buffer]) -> impl Iterator<Item = (&str, u64, &mut [u8])> {
        g.iter_mut()
            .map(|(name, base, data)| (*name, *base, &mut data[..]))
    }

    /// `setup`'s buffers after `f` ran on the memories of two chunks,
    /// workgroups 0-1 and 2-3.
    fn with_two_chunks(f: impl FnOnce(&mut [ChunkMemory])) -> Vec<Buffer> {
        let (mut g, plan) = setup();
        let mut logs = [ChunkLogs::default(), ChunkLogs::default()];
        let (shared, windows) = plan.cut(parts(&mut g), &[0..2, 2..4]);
        f(&mut chunk_memories(&shared, windows, &mut logs));
        g
    }

    #[test]
    fn chunks_get_the_stretches_their_workgroups_store_to() {
        let (mut g, plan) = setup();
        // Workgroups 0-1 (x 0-3) store to bytes 4..32, 2-3 (x 4-7) to
        // 36..64; the bytes between belong to neither.
        let (shared, windows) = plan.cut(parts(&mut g), &[0..2, 2..4]);
        assert!(shared[0].data.is_some() && shared[1].data.is_none());
        let spans: Vec<Vec<(usize, usize, usize)>> = windows
            .iter()
            .map(|ws| {
                ws.iter()
                    .map(|w| (w.buffer, w.from, w.data.len()))
                    .collect()
            })
            .collect();
        assert_eq!(spans, [vec![(1, 4, 28)], vec![(1, 36, 28)]]);
    }

    #[test]
    fn a_chunk_writes_only_its_window_and_its_writes_are_undone_newest_first() {
        let g = with_two_chunks(|chunks| {
            let (first, second) = chunks.split_at_mut(1);
            assert_eq!(first[0].read_range(0, 0..64), Some(&[1u8; 64][..]));
            assert_eq!(first[0].read_range(1, 4..8), Some(&[4, 5, 6, 7][..]));
            assert_eq!(first[0].read_range(1, 36..40), None, "another's window");
            assert_eq!(first[0].read_range(1, 0..4), None, "nobody's bytes");
            assert!(!first[0].write(0, 0, &[9]), "nor is a read one written");
            assert!(!first[0].write(1, 36, &[9]), "the next chunk's window");
            assert!(!first[0].write(1, 30, &[9; 4]), "across its end");
            assert!(first[0].write(1, 4, &[9; 4]));
            assert!(first[0].write(1, 5, &[8; 2]));
            assert_eq!(first[0].read_range(1, 4..8), Some(&[9, 8, 8, 9][..]));
            assert!(second[0].write(1, 60, &[7; 4]));
            first[0].undo();
        });
        let c = &g[1].2;
        let want: Vec<u8> = (0..60).chain([7; 4]).collect();
        assert_eq!(
            c, &want,
            "the first chunk's writes undone, the second's kept"
        );
    }

    #[test]
    fn a_chunk_writing_its_words_over_and_over_keeps_no_more_than_its_windows() {
        let g = with_two_chunks(|chunks| {
            // Its window is 28 bytes: the seventh write of 4 passes them.
            for i in 0..100u8 {
                assert!(chunks[0].write(1, 4 + (i as usize % 7) * 4, &[i; 4]));
                let kept = chunks[0].undo.old.len()
                    + chunks[0].undo.before.as_ref().map_or(0, |b| b[0].len());
                assert!(kept <= 28, "{i}: {kept} bytes kept");
            }
            assert_eq!(chunks[0].read_range(1, 4..8), Some(&[98; 4][..]));
            chunks[0].undo();
        });
        assert_eq!(g[1].2, (0..64).collect::<Vec<u8>>(), "as before the chunk");
    }

    #[test]
    fn a_plan_needs_a_row_of_workgroups_and_overlays_buffers_it_cannot_window() {
        let window = |root, steps| StoreWindow {
            root,
            steps,
            from: 0,
            to: 8,
        };
        let bases = [0x1_0000, 0x2_0000];
        // (windowed, overlaid) buffers, or None for no plan.
        let plan = |windows: &[StoreWindow], read: &[Reg], uniforms: &[(Reg, u64)], workgroups| {
            let writes = GlobalWrites {
                windows: windows.to_vec(),
                overlaid: vec![],
                read_roots: read.to_vec(),
            };
            WindowPlan::new(&writes, uniforms, &bases, workgroups, [64, 1, 1]).map(|p| {
                let windowed: Vec<usize> = p.windowed.iter().map(|w| w.buffer).collect();
                (windowed, p.overlaid)
            })
        };
        let own = [window(7, [8, 0, 0])];
        let two = [(6, bases[0]), (7, bases[1])];
        assert_eq!(plan(&own, &[6], &two, [4, 1, 1]), Some((vec![1], vec![])));
        assert_eq!(plan(&own, &[6], &two, [4, 2, 1]), None, "two rows");
        assert_eq!(plan(&own, &[6], &two, [4, 1, 2]), None);
        assert_eq!(
            plan(&own, &[], &[(7, 0x3_0000)], [4, 1, 1]),
            None,
            "no buffer"
        );
        // Root 6 is bound to the written buffer too.
        let same = [(6, bases[1]), (7, bases[1])];
        let overlaid = Some((vec![], vec![1]));
        assert_eq!(
            plan(&own, &[6], &same, [4, 1, 1]),
            overlaid,
            "read through another root"
        );
        let both = [window(6, [8, 0, 0]), window(7, [8, 0, 0])];
        assert_eq!(
            plan(&both, &[], &same, [4, 1, 1]),
            overlaid,
            "written through two"
        );
        // Every invocation at the same 8 bytes: the windows would overlap.
        let one_place = [window(7, [0, 0, 0])];
        assert_eq!(plan(&one_place, &[6], &two, [4, 1, 1]), overlaid);
    }

    #[test]
    fn a_chunk_reads_and_writes_an_overlaid_buffer_through_its_overlay() {
        // Buffer a is written at one word every invocation shares.
        let (a, c) = (0x1_0000, 0x2_0000);
        let mut g: Vec<Buffer> = vec![("a", a, vec![1; 64]), ("c", c, (0..64).collect())];
        let writes = GlobalWrites {
            windows: vec![StoreWindow {
                root: 7,
                steps: [8, 0, 0],
                from: 4,
                to: 8,
            }],
            overlaid: vec![6],
            read_roots: vec![],
        };
        let uniforms = [(6, a), (7, c)];
        let plan = WindowPlan::new(&writes, &uniforms, &[a, c], [4, 1, 1], [2, 1, 1]).unwrap();
        assert!(plan.overlays());
        let mut logs = [ChunkLogs::default(), ChunkLogs::default()];
        let (shared, windows) = plan.cut(parts(&mut g), &[0..2, 2..4]);
        assert!(shared[0].overlaid && !shared[1].overlaid);
        let mut chunks = chunk_memories(&shared, windows, &mut logs);
        let (data, overlay) = chunks[0].overlaid(0);
        assert_eq!(data, &[1; 64][..], "the bytes as the batch started");
        overlay.write(0, 0, &[5; 4]);
        let mut out = [0u8; 4];
        let (data, overlay) = chunks[1].overlaid(0);
        overlay.read(data, 0, 0, &mut out);
        assert_eq!(out, [1; 4], "the other chunk's overlay is its own");
        assert_eq!(chunks[0].read_range(1, 4..8), Some(&[4, 5, 6, 7][..]));
        drop(chunks);
        drop(shared);
        let overlays: Vec<&Overlay> = logs.iter().map(|l| &l.overlay).collect();
        assert_eq!(
            overlay::committable(&overlays, 2),
            1,
            "the second read what the first wrote"
        );
    }
}
