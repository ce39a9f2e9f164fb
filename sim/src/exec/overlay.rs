//! One workgroup's view of global memory while workgroups run in parallel:
//! reads see the buffers as they were when the batch of workgroups
//! started, plus the workgroup's own writes, which stay here until the
//! batch is committed in workgroup order.
//!
//! Committing in order gives the one-thread result exactly when no
//! workgroup read bytes that an earlier workgroup of its batch wrote, and
//! no global atomic ran (its returned value would depend on the order);
//! the overlay records the bytes each workgroup read (before writing them
//! itself) and wrote, so that the commit can tell.

use crate::exec::memory::GlobalMemory;
use std::collections::HashMap;

/// Bytes per page of the overlay.
const PAGE: usize = 4096;
/// 64-bit words of a page's byte mask.
const MASK_WORDS: usize = PAGE / 64;

type ByteMask = [u64; MASK_WORDS];

/// A page of one buffer: (buffer index, page number).
type PageKey = (usize, usize);

struct Page {
    /// The bytes the workgroup wrote (where `written` says), once it
    /// wrote any.
    data: Option<Box<[u8]>>,
    /// Bytes the workgroup wrote.
    written: ByteMask,
    /// Bytes it read before writing them itself.
    read: ByteMask,
}

impl Page {
    fn new() -> Page {
        Page {
            data: None,
            written: [0; MASK_WORDS],
            read: [0; MASK_WORDS],
        }
    }
}

#[derive(Default)]
pub struct Overlay {
    pages: Vec<(PageKey, Page)>,
    /// Where each page is in `pages`.
    index: HashMap<PageKey, usize>,
    /// The page used last: lanes mostly touch the same page.
    last: Option<(PageKey, usize)>,
    /// The buffers (by index, the first 64) the workgroup wrote; the
    /// others it reads straight from the buffers.
    written_buffers: u64,
    /// A global atomic ran: its result depends on the other workgroups.
    pub atomic: bool,
    /// Page buffers of earlier workgroups, for reuse.
    spare: Vec<Box<[u8]>>,
}

/// The bits `at..at + n` of a page mask (`n` <= 8, within the page).
fn bits(mask: &ByteMask, at: usize, n: usize) -> u64 {
    let (w, b) = (at / 64, at % 64);
    let low = mask[w] >> b;
    let high = if b + n > 64 {
        mask[w + 1] << (64 - b)
    } else {
        0
    };
    (low | high) & ((1u64 << n) - 1)
}

/// Sets the bits of `value` (`n` <= 8 of them) at `at` of a page mask.
fn set_bits(mask: &mut ByteMask, at: usize, n: usize, value: u64) {
    let (w, b) = (at / 64, at % 64);
    mask[w] |= value << b;
    if b + n > 64 {
        mask[w + 1] |= value >> (64 - b);
    }
}

/// Sets the bits `from..to` of a page mask.
fn set_range(mask: &mut ByteMask, from: usize, to: usize) {
    for (w, word) in mask
        .iter_mut()
        .enumerate()
        .take(to.div_ceil(64))
        .skip(from / 64)
    {
        let lo = from.max(w * 64) - w * 64;
        let hi = to.min(w * 64 + 64) - w * 64;
        *word |= (u64::MAX >> (64 - (hi - lo))) << lo;
    }
}

impl Overlay {
    /// Empties the overlay for another workgroup, keeping its memory.
    pub fn clear(&mut self) {
        let spare = &mut self.spare;
        spare.extend(self.pages.drain(..).filter_map(|(_, page)| page.data));
        self.index.clear();
        self.last = None;
        self.written_buffers = 0;
        self.atomic = false;
    }

    /// Whether the workgroup may have written buffer `buffer`: if not,
    /// its bytes can be read from the buffer itself, noting the range
    /// with [`Overlay::note_read`].
    pub fn wrote(&self, buffer: usize) -> bool {
        buffer >= 64 || self.written_buffers >> buffer & 1 != 0
    }

    /// Notes that the workgroup read bytes `from..to` of buffer `buffer`
    /// (which it has not written).
    pub fn note_read(&mut self, buffer: usize, from: usize, to: usize) {
        let mut at = from;
        while at < to {
            let (page_no, within) = (at / PAGE, at % PAGE);
            let n = (to - at).min(PAGE - within);
            set_range(&mut self.page((buffer, page_no)).read, within, within + n);
            at += n;
        }
    }

    fn page(&mut self, key: PageKey) -> &mut Page {
        let i = self.page_index(key);
        &mut self.pages[i].1
    }

    /// Where page `key` is in `pages`, added if new.
    fn page_index(&mut self, key: PageKey) -> usize {
        match self.last {
            Some((k, i)) if k == key => i,
            _ => {
                let pages = &mut self.pages;
                let i = *self.index.entry(key).or_insert_with(|| {
                    pages.push((key, Page::new()));
                    pages.len() - 1
                });
                self.last = Some((key, i));
                i
            }
        }
    }

    /// Reads `out.len()` (at most 8) bytes at `offset` of buffer `buffer`.
    pub fn read(&mut self, global: &GlobalMemory, buffer: usize, offset: usize, out: &mut [u8]) {
        let mut done = 0;
        // An access may straddle two pages: one piece per page.
        while done < out.len() {
            let at = offset + done;
            let (page_no, within) = (at / PAGE, at % PAGE);
            let n = (out.len() - done).min(PAGE - within);
            let page = self.page((buffer, page_no));
            let fresh = !bits(&page.written, within, n) & ((1u64 << n) - 1);
            set_bits(&mut page.read, within, n, fresh);
            let piece = &mut out[done..done + n];
            piece.copy_from_slice(&global.buffers[buffer].data[at..at + n]);
            if let Some(d) = &page.data {
                for (i, byte) in piece.iter_mut().enumerate() {
                    if (fresh >> i) & 1 == 0 {
                        *byte = d[within + i];
                    }
                }
            }
            done += n;
        }
    }

    /// Writes `bytes` (at most 8) at `offset` of buffer `buffer`.
    pub fn write(&mut self, buffer: usize, offset: usize, bytes: &[u8]) {
        if buffer < 64 {
            self.written_buffers |= 1 << buffer;
        }
        let mut done = 0;
        while done < bytes.len() {
            let at = offset + done;
            let (page_no, within) = (at / PAGE, at % PAGE);
            let n = (bytes.len() - done).min(PAGE - within);
            let at_index = self.page_index((buffer, page_no));
            let page = &mut self.pages[at_index].1;
            // Only the bytes `written` marks are ever read back, so a
            // reused buffer needs no clearing.
            let spare = &mut self.spare;
            let copy = page.data.get_or_insert_with(|| {
                spare
                    .pop()
                    .unwrap_or_else(|| vec![0u8; PAGE].into_boxed_slice())
            });
            copy[within..within + n].copy_from_slice(&bytes[done..done + n]);
            set_bits(&mut page.written, within, n, (1u64 << n) - 1);
            done += n;
        }
    }
}

/// The bytes written by the committed workgroups of a batch.
#[derive(Default)]
pub struct Committed {
    written: HashMap<PageKey, ByteMask>,
}

impl Committed {
    /// Whether `overlay`'s workgroup read bytes an earlier workgroup of
    /// the batch wrote, or ran a global atomic: then its results may
    /// differ from a one-thread run's.
    pub fn conflicts(&self, overlay: &Overlay) -> bool {
        overlay.atomic
            || overlay.pages.iter().any(|(key, page)| {
                self.written
                    .get(key)
                    .is_some_and(|w| w.iter().zip(&page.read).any(|(w, r)| w & r != 0))
            })
    }

    /// Writes `overlay`'s bytes into the buffers.
    pub fn commit(&mut self, overlay: &Overlay, global: &mut GlobalMemory) {
        for &((buffer, page_no), ref page) in &overlay.pages {
            let Some(copy) = &page.data else { continue };
            let data = &mut global.buffers[buffer].data;
            let start = page_no * PAGE;
            let len = PAGE.min(data.len() - start);
            // 64 bytes at a time where all were written.
            for (w, &mask) in page.written.iter().enumerate() {
                let from = w * 64;
                if mask == 0 || from >= len {
                    continue;
                }
                let to = (from + 64).min(len);
                if mask == u64::MAX && to - from == 64 {
                    data[start + from..start + to].copy_from_slice(&copy[from..to]);
                } else {
                    for i in from..to {
                        if mask >> (i - from) & 1 != 0 {
                            data[start + i] = copy[i];
                        }
                    }
                }
            }
            let all = self
                .written
                .entry((buffer, page_no))
                .or_insert([0; MASK_WORDS]);
            for (a, w) in all.iter_mut().zip(&page.written) {
                *a |= w;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> GlobalMemory {
        let mut g = GlobalMemory::default();
        g.add("a", (0..3 * PAGE).map(|i| i as u8).collect())
            .unwrap();
        g
    }

    #[test]
    fn a_workgroup_reads_its_own_writes_over_the_buffer_across_pages() {
        let g = memory();
        let mut o = Overlay::default();
        // Bytes PAGE - 2 .. PAGE + 2 straddle two pages; only the middle
        // two are written.
        o.write(0, PAGE - 1, &[0xaa, 0xbb]);
        let mut out = [0u8; 4];
        o.read(&g, 0, PAGE - 2, &mut out);
        assert_eq!(out, [(PAGE - 2) as u8, 0xaa, 0xbb, (PAGE + 1) as u8]);
        assert_eq!(
            g.buffers[0].data[PAGE - 1],
            (PAGE - 1) as u8,
            "not yet committed"
        );
        let mut g = g;
        Committed::default().commit(&o, &mut g);
        assert_eq!(
            &g.buffers[0].data[PAGE - 2..PAGE + 2],
            &[(PAGE - 2) as u8, 0xaa, 0xbb, (PAGE + 1) as u8]
        );
    }

    #[test]
    fn reading_what_an_earlier_workgroup_wrote_conflicts_and_nothing_else_does() {
        let g = memory();
        let mut earlier = Overlay::default();
        earlier.write(0, 100, &[1, 2, 3, 4]);
        // Reads of bytes it wrote itself first, or of other bytes, are fine.
        let mut later = Overlay::default();
        later.write(0, 100, &[9]);
        later.read(&g, 0, 100, &mut [0u8; 1]);
        later.note_read(0, 104, 200);
        let mut reader = Overlay::default();
        reader.note_read(0, 90, 101);
        let atomic = Overlay {
            atomic: true,
            ..Overlay::default()
        };
        let mut committed = Committed::default();
        assert!(!committed.conflicts(&earlier));
        committed.commit(&earlier, &mut memory());
        assert!(!committed.conflicts(&later));
        assert!(committed.conflicts(&reader));
        assert!(committed.conflicts(&atomic));
    }
}
