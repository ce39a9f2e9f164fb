//! One workgroup's view of global memory while workgroups run in parallel:
//! reads see the buffers as they were when the batch of workgroups
//! started, plus the workgroup's own writes, which stay here until the
//! batch is committed in workgroup order.
//!
//! Committing in order gives the one-thread result exactly when no
//! workgroup read bytes that an earlier workgroup of its batch wrote, and
//! no global atomic ran (its returned value would depend on the order)
//! but blind ones, which `gathered` keeps with their own conditions;
//! the overlay records the bytes each workgroup read (before writing them
//! itself) and wrote, so that the commit can tell. Reads of a buffer the
//! workgroup has not written are kept as spans of bytes, merged as they
//! come (lanes mostly read on from where they stopped), not as pages: the
//! read path then costs a comparison or two, and only buffers an earlier
//! workgroup of the batch wrote are looked at when committing.

use crate::exec::address_map::AddressMap;
use crate::exec::gathered::{self, Gathered};

/// Bytes per page of the overlay.
const PAGE: usize = 4096;
/// 64-bit words of a page's byte mask.
const MASK_WORDS: usize = PAGE / 64;

type ByteMask = [u64; MASK_WORDS];

/// A page of one buffer: (buffer index, page number).
type PageKey = (usize, usize);

/// The overlays of a batch that touched one page, in workgroup order:
/// (page, workgroup, its page).
type PageGroup<'o> = [(PageKey, usize, &'o Page)];

struct Page {
    /// The bytes the workgroup wrote (where `written` says), once it
    /// wrote any.
    data: Option<Box<[u8]>>,
    /// Bytes the workgroup wrote.
    written: ByteMask,
    /// Bytes it read before writing them itself, through `Overlay::read`
    /// (the spans of `Overlay::read_spans` are the rest).
    read: ByteMask,
}

/// Bytes `from..to` of buffer `buffer`, read by a workgroup that had not
/// written the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    buffer: usize,
    from: usize,
    to: usize,
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
    /// Where each page is in `pages`, by `buffer << 32 | page number`.
    index: AddressMap<usize>,
    /// The page used last: lanes mostly touch the same page.
    last: Option<(PageKey, usize)>,
    /// The buffers (by index, the first 64) the workgroup wrote; the
    /// others it reads straight from the buffers.
    written_buffers: u64,
    /// Spans read from buffers the workgroup had not written: the closed
    /// ones, and (after them) one open span per buffer, which grows while
    /// reads continue it.
    read_spans: Vec<Span>,
    /// Per buffer: where its open span is in `read_spans`, plus one (0:
    /// none yet).
    open_span: Vec<usize>,
    /// A global atomic ran: its result depends on the other workgroups.
    pub atomic: bool,
    /// The blind atomics gathered, and the buffers read or written.
    pub gathered: Gathered,
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

/// The bits `from..to` (`from` < `to` <= `PAGE`) of a page mask, as
/// (word index, bits of that word).
fn range_words(from: usize, to: usize) -> impl Iterator<Item = (usize, u64)> {
    (from / 64..to.div_ceil(64)).map(move |w| {
        let lo = from.max(w * 64) - w * 64;
        let hi = to.min(w * 64 + 64) - w * 64;
        (w, (u64::MAX >> (64 - (hi - lo))) << lo)
    })
}

/// Sets the bits `from..to` of a page mask.
fn set_range(mask: &mut ByteMask, from: usize, to: usize) {
    for (w, bits) in range_words(from, to) {
        mask[w] |= bits;
    }
}

impl Overlay {
    /// Empties the overlay for another workgroup, keeping its memory.
    pub fn clear(&mut self) {
        let spare = &mut self.spare;
        spare.extend(self.pages.drain(..).filter_map(|(_, page)| page.data));
        self.index.clear();
        self.read_spans.clear();
        self.open_span.clear();
        self.last = None;
        self.written_buffers = 0;
        self.atomic = false;
        self.gathered.clear();
    }

    /// Pages the workgroups' reads and writes touched.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// Whether the workgroup may have written buffer `buffer`: if not,
    /// its bytes can be read from the buffer itself, noting the range
    /// with [`Overlay::note_read`].
    pub fn wrote(&self, buffer: usize) -> bool {
        buffer >= 64 || self.written_buffers >> buffer & 1 != 0
    }

    /// Notes that the workgroup read bytes `from..to` of buffer `buffer`
    /// (which it has not written): the buffer's open span grows when the
    /// bytes touch it, and is closed for a new one when they do not.
    pub fn note_read(&mut self, buffer: usize, from: usize, to: usize) {
        if from >= to {
            return;
        }
        if buffer >= self.open_span.len() {
            self.open_span.resize(buffer + 1, 0);
        }
        if let Some(open) = self.open_span[buffer].checked_sub(1) {
            let span = &mut self.read_spans[open];
            if from <= span.to && to >= span.from {
                (span.from, span.to) = (span.from.min(from), span.to.max(to));
                return;
            }
        }
        self.read_spans.push(Span { buffer, from, to });
        self.open_span[buffer] = self.read_spans.len();
    }

    fn page(&mut self, key: PageKey) -> &mut Page {
        let i = self.page_index(key);
        &mut self.pages[i].1
    }

    /// Where page `key` is in `pages`, added if new.
    #[inline(always)]
    fn page_index(&mut self, key: PageKey) -> usize {
        match self.last {
            Some((k, i)) if k == key => i,
            _ => self.look_up(key),
        }
    }

    fn look_up(&mut self, key: PageKey) -> usize {
        let pages = &mut self.pages;
        let packed = (key.0 as u64) << 32 | key.1 as u64;
        let i = *self.index.entry(packed).or_insert_with(|| {
            pages.push((key, Page::new()));
            pages.len() - 1
        });
        self.last = Some((key, i));
        i
    }

    /// Reads `out.len()` (at most 8) bytes at `offset` of buffer `buffer`,
    /// whose bytes before the batch are `data`.
    #[inline(always)]
    pub fn read(&mut self, data: &[u8], buffer: usize, offset: usize, out: &mut [u8]) {
        let (n, within) = (out.len(), offset % PAGE);
        if within + n <= PAGE {
            // In one page, and mostly bytes the workgroup wrote itself
            // (before this, one call a lane took two fifths of a kernel's
            // samples whose every workgroup writes and reads one word).
            let i = self.page_index((buffer, offset / PAGE));
            let page = &mut self.pages[i].1;
            let fresh = !bits(&page.written, within, n) & ((1u64 << n) - 1);
            if let (Some(d), 0) = (&page.data, fresh) {
                out.copy_from_slice(&d[within..within + n]);
                return;
            }
        }
        self.read_pages(data, buffer, offset, out);
    }

    fn read_pages(&mut self, data: &[u8], buffer: usize, offset: usize, out: &mut [u8]) {
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
            piece.copy_from_slice(&data[at..at + n]);
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

    /// Writes `bytes` at `offset` of buffer `buffer`.
    #[inline(always)]
    pub fn write(&mut self, buffer: usize, offset: usize, bytes: &[u8]) {
        let (n, within) = (bytes.len(), offset % PAGE);
        if n > 0 && within + n <= PAGE {
            let i = self.page_index((buffer, offset / PAGE));
            let page = &mut self.pages[i].1;
            if let Some(copy) = &mut page.data {
                // A page written before: its buffer is marked already.
                copy[within..within + n].copy_from_slice(bytes);
                set_range(&mut page.written, within, within + n);
                return;
            }
        }
        self.write_pages(buffer, offset, bytes);
    }

    fn write_pages(&mut self, buffer: usize, offset: usize, bytes: &[u8]) {
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
            set_range(&mut page.written, within, within + n);
            done += n;
        }
    }
}

/// Commits the first `limit` overlays of a batch (in workgroup order)
/// into the buffers, up to the first one whose result could differ from
/// a one-thread run's (`committable`). Each overlay's gathered atomics are
/// applied after the writes. Returns how many were committed.
pub fn commit_batch(overlays: &[Overlay], limit: usize, buffers: &mut [&mut [u8]]) -> usize {
    let overlays: Vec<&Overlay> = overlays.iter().collect();
    let touched = touched(&overlays[..limit]);
    let groups = page_groups(&touched);
    let committed = first_conflict(&overlays, limit, &groups);
    write_pages(&groups, committed, buffers);
    // No committed overlay wrote a buffer that it or an earlier one
    // gathered atomics for, so the writes may all go first.
    for o in &overlays[..committed] {
        o.gathered.apply(buffers);
    }
    committed
}

/// How many of the first `limit` overlays of a batch (in workgroup order)
/// can be committed: those before the first whose result could differ
/// from a one-thread run's. It read bytes an earlier overlay of the batch
/// wrote, ran a global atomic that is not blind, or reached a buffer it or
/// an earlier overlay gathered blind atomics for (`gathered`).
pub fn committable(overlays: &[&Overlay], limit: usize) -> usize {
    let touched = touched(&overlays[..limit]);
    first_conflict(overlays, limit, &page_groups(&touched))
}

/// Writes the pages of `overlays` (a batch's first, in workgroup order,
/// found `committable`) into the buffers; their gathered atomics are left.
pub fn commit_writes(overlays: &[&Overlay], buffers: &mut [&mut [u8]]) {
    let touched = touched(overlays);
    write_pages(&page_groups(&touched), overlays.len(), buffers);
}

/// Every (page, workgroup) pair of `overlays`, sorted by page and then
/// workgroup.
fn touched<'o>(overlays: &[&'o Overlay]) -> Vec<(PageKey, usize, &'o Page)> {
    use rayon::prelude::*;
    let mut touched: Vec<(PageKey, usize, &Page)> = overlays
        .iter()
        .enumerate()
        .flat_map(|(wg, o)| o.pages.iter().map(move |(key, page)| (*key, wg, page)))
        .collect();
    touched.par_sort_unstable_by_key(|&(key, wg, _)| (key, wg));
    touched
}

/// `touched` grouped by page.
fn page_groups<'t, 'o>(touched: &'t [(PageKey, usize, &'o Page)]) -> Vec<&'t PageGroup<'o>> {
    touched.chunk_by(|a, b| a.0 == b.0).collect()
}

/// The first of the first `limit` overlays that cannot be committed (see
/// `committable`), or `limit`; `groups` are their pages.
///
/// Pages are independent, so the work is spread over the calling rayon
/// pool by page: each page's overlays are checked in workgroup order.
fn first_conflict(overlays: &[&Overlay], limit: usize, groups: &[&PageGroup]) -> usize {
    use rayon::prelude::*;
    let limit = overlays[..limit]
        .iter()
        .position(|o| o.atomic)
        .unwrap_or(limit);
    let limit = gathered::committable(overlays.iter().map(|o| &o.gathered), limit);
    // The first workgroup, over all pages, that read an earlier one's bytes.
    let first_conflict = groups
        .par_iter()
        // Pages no workgroup of the batch wrote cannot conflict.
        .filter(|group| group.iter().any(|g| g.2.data.is_some()))
        .filter_map(|group| {
            let mut written = [0u64; MASK_WORDS];
            group
                .iter()
                .take_while(|g| g.1 < limit)
                .find_map(|&(_, wg, page)| {
                    let read_written = written.iter().zip(&page.read).any(|(w, r)| w & r != 0);
                    for (w, p) in written.iter_mut().zip(&page.written) {
                        *w |= p;
                    }
                    read_written.then_some(wg)
                })
        })
        .min()
        .unwrap_or(limit);
    first_span_conflict(&overlays[..first_conflict], groups)
}

/// Writes the pages of the overlays before `committed` into `buffers`:
/// each committed page of each buffer as its own slice, cut in page order
/// (the groups are sorted by page) from what is left of its buffer: the
/// page just past the last cut, and the bytes from there. (Cutting every
/// buffer into pages first, 12,289 slices a batch for the memory-bound
/// bench kernel's 48 MiB, was 38% of its commits' host instructions.)
fn write_pages(groups: &[&PageGroup], committed: usize, buffers: &mut [&mut [u8]]) {
    use rayon::prelude::*;
    let mut rest: Vec<(usize, &mut [u8])> = buffers.iter_mut().map(|b| (0, &mut **b)).collect();
    let work: Vec<(&mut [u8], &PageGroup)> = groups
        .iter()
        .filter(|group| {
            group
                .iter()
                .any(|&(_, wg, p)| wg < committed && p.data.is_some())
        })
        .map(|group| {
            let (buffer, page_no) = group[0].0;
            let (next_page, left) = &mut rest[buffer];
            let from = std::mem::take(left)
                .split_at_mut((page_no - *next_page) * PAGE)
                .1;
            let (page, after) = from.split_at_mut(PAGE.min(from.len()));
            (*next_page, *left) = (page_no + 1, after);
            (page, *group)
        })
        .collect();
    work.into_par_iter().for_each(|(data, group)| {
        for &(_, _, page) in group.iter().take_while(|g| g.1 < committed) {
            if let Some(copy) = &page.data {
                apply(page, copy, data);
            }
        }
    });
}

/// The first of `overlays` (a batch's, in workgroup order) with a read
/// span over bytes an earlier one wrote, or their number if none has;
/// `groups` are the batch's pages that overlays touched, sorted by page.
fn first_span_conflict(overlays: &[&Overlay], groups: &[&PageGroup]) -> usize {
    // Buffers written by the overlays before the one looked at: only
    // spans in those can conflict.
    let mut written_before = 0u64;
    for (wg, o) in overlays.iter().enumerate() {
        for span in &o.read_spans {
            let maybe_written = span.buffer >= 64 || written_before >> span.buffer & 1 != 0;
            if maybe_written && span_conflicts(span, wg, groups) {
                return wg;
            }
        }
        written_before |= o.written_buffers;
    }
    overlays.len()
}

/// Whether an overlay before `wg` wrote bytes of `span`.
fn span_conflicts(span: &Span, wg: usize, groups: &[&PageGroup]) -> bool {
    let first_page = span.from / PAGE;
    let last_page = (span.to - 1) / PAGE;
    let at = groups.partition_point(|g| g[0].0 < (span.buffer, first_page));
    groups[at..]
        .iter()
        .take_while(|g| g[0].0 <= (span.buffer, last_page))
        .any(|group| {
            let page_start = group[0].0 .1 * PAGE;
            let from = span.from.max(page_start) - page_start;
            let to = span.to.min(page_start + PAGE) - page_start;
            group
                .iter()
                .take_while(|g| g.1 < wg)
                .any(|g| range_words(from, to).any(|(w, bits)| g.2.written[w] & bits != 0))
        })
}

/// Writes the bytes `page` marks as written from `copy` into `data` (the
/// buffer's page, shorter at the buffer's end).
fn apply(page: &Page, copy: &[u8], data: &mut [u8]) {
    let len = data.len();
    // 64 bytes at a time where all were written.
    for (w, &mask) in page.written.iter().enumerate() {
        let from = w * 64;
        if mask == 0 || from >= len {
            continue;
        }
        let to = (from + 64).min(len);
        if mask == u64::MAX && to - from == 64 {
            data[from..to].copy_from_slice(&copy[from..to]);
        } else {
            for i in from..to {
                if mask >> (i - from) & 1 != 0 {
                    data[i] = copy[i];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One buffer of three pages, byte i holding i mod 256.
    fn memory() -> Vec<u8> {
        (0..3 * PAGE).map(|i| i as u8).collect()
    }

    fn commit(overlays: &[Overlay], limit: usize, buffer: &mut [u8]) -> usize {
        commit_batch(overlays, limit, &mut [buffer])
    }

    #[test]
    fn a_long_write_to_a_page_written_before_lands_whole() {
        // A wave's 256 contiguous bytes after a word, in the same page;
        // then a word of it read back and overwritten.
        let mut g = memory();
        let mut o = Overlay::default();
        o.write(0, 0, &[1; 4]);
        o.write(0, 8, &[2; 256]);
        o.write(0, 100, &[3; 4]);
        let mut out = [0u8; 4];
        o.read(&g, 0, 98, &mut out);
        assert_eq!(out, [2, 2, 3, 3]);
        assert_eq!(commit(std::slice::from_ref(&o), 1, &mut g), 1);
        let mut want = memory();
        want[..4].fill(1);
        want[8..264].fill(2);
        want[100..104].fill(3);
        assert!(g == want);
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
        assert_eq!(g[PAGE - 1], (PAGE - 1) as u8, "not yet committed");
        let mut g = g;
        assert_eq!(commit(std::slice::from_ref(&o), 1, &mut g), 1);
        assert_eq!(
            &g[PAGE - 2..PAGE + 2],
            &[(PAGE - 2) as u8, 0xaa, 0xbb, (PAGE + 1) as u8]
        );
    }

    #[test]
    fn a_long_write_marks_every_byte_across_pages() {
        // 200 bytes from 100 before a page's end: a wave's row of 4-byte
        // words, written at once.
        let row: Vec<u8> = (0..200).map(|i| 200 - i as u8).collect();
        let mut o = Overlay::default();
        o.write(0, PAGE - 100, &row);
        let g = memory();
        for (i, &want) in row.iter().enumerate() {
            let mut out = [0u8; 1];
            o.read(&g, 0, PAGE - 100 + i, &mut out);
            assert_eq!(out[0], want, "byte {i}");
        }
        // The bytes either side are the buffer's.
        let mut out = [0u8; 2];
        o.read(&g, 0, PAGE - 101, &mut out);
        assert_eq!(out, [(PAGE - 101) as u8, 200]);
        o.read(&g, 0, PAGE + 99, &mut out);
        assert_eq!(out, [1, (PAGE + 100) as u8]);
        let mut g = g;
        assert_eq!(commit(std::slice::from_ref(&o), 1, &mut g), 1);
        assert_eq!(&g[PAGE - 100..PAGE + 100], &row[..]);
        assert_eq!(g[PAGE + 100], (PAGE + 100) as u8);
    }

    #[test]
    fn a_batch_commits_in_order_up_to_the_first_workgroup_that_read_earlier_writes() {
        let g = memory();
        let overlay = |f: &dyn Fn(&mut Overlay)| {
            let mut o = Overlay::default();
            f(&mut o);
            o
        };
        let earlier = || overlay(&|o| o.write(0, 100, &[1, 2, 3, 4]));
        // Reads of bytes it wrote itself first, or of other bytes, are
        // fine; its write lands after the earlier one's.
        let later = || {
            overlay(&|o| {
                o.write(0, 100, &[9]);
                o.read(&g, 0, 100, &mut [0u8; 1]);
                o.note_read(0, 104, 200);
                o.write(0, 2 * PAGE + 1, &[7]);
            })
        };
        let reader = || overlay(&|o| o.note_read(0, 90, 101));
        let atomic = || Overlay {
            atomic: true,
            ..Overlay::default()
        };
        let mut m = memory();
        assert_eq!(commit(&[earlier(), later(), reader()], 3, &mut m), 2);
        assert_eq!(&m[100..104], &[9, 2, 3, 4]);
        assert_eq!(m[2 * PAGE + 1], 7);
        assert_eq!(commit(&[earlier(), reader()], 2, &mut memory()), 1);
        assert_eq!(commit(&[earlier(), atomic()], 2, &mut memory()), 1);
        assert_eq!(commit(&[atomic(), earlier()], 2, &mut memory()), 0);
        // The limit cuts the batch before the reader: nothing conflicts.
        let mut m = memory();
        assert_eq!(commit(&[earlier(), reader()], 1, &mut m), 1);
        assert_eq!(&m[100..104], &[1, 2, 3, 4]);
    }

    #[test]
    fn read_spans_conflict_only_with_bytes_an_earlier_workgroup_wrote() {
        // Workgroup 0 writes bytes 10..12 of buffer 0 and the last byte of
        // its second page; workgroup 1 reads through spans noted as below.
        // Each row: the spans, and whether workgroup 1 conflicts (by hand
        // from the byte ranges).
        let last = 2 * PAGE - 1;
        // (buffer, from, to) of each read.
        type Reads<'r> = &'r [(usize, usize, usize)];
        let rows: [(&str, Reads, bool); 9] = [
            ("the bytes written", &[(0, 10, 12)], true),
            ("just before them", &[(0, 0, 10)], false),
            ("just after them", &[(0, 12, 100)], false),
            ("one byte of them", &[(0, 11, 12)], true),
            ("another buffer", &[(1, 0, 3 * PAGE)], false),
            (
                "across pages to the written end",
                &[(0, PAGE - 8, last + 1)],
                true,
            ),
            (
                "across pages, stopping short",
                &[(0, PAGE - 8, last)],
                false,
            ),
            (
                "grown into them by later reads",
                &[(0, 0, 4), (0, 4, 8), (0, 8, 11)],
                true,
            ),
            (
                "around them in spans that do not touch",
                &[(0, 0, 10), (1, 0, 64), (0, 12, 64)],
                false,
            ),
        ];
        for (name, spans, conflicts) in rows {
            let mut writer = Overlay::default();
            writer.write(0, 10, &[1, 2]);
            writer.write(0, last, &[3]);
            let mut reader = Overlay::default();
            for &(buffer, from, to) in spans {
                reader.note_read(buffer, from, to);
            }
            let mut one = memory();
            let mut two = memory();
            let committed = commit_batch(&[writer, reader], 2, &mut [&mut one[..], &mut two[..]]);
            assert_eq!(committed, if conflicts { 1 } else { 2 }, "{name}");
            assert_eq!(&one[10..12], &[1, 2], "{name}: the writer is committed");
        }
        // Reads that continue or overlap a buffer's open span grow it;
        // others open a new one, the old kept.
        let mut o = Overlay::default();
        for (buffer, from, to) in [(0, 0, 4), (1, 0, 4), (0, 4, 8), (0, 2, 6), (0, 9, 12)] {
            o.note_read(buffer, from, to);
        }
        let spans: Vec<_> = o
            .read_spans
            .iter()
            .map(|s| (s.buffer, s.from, s.to))
            .collect();
        assert_eq!(spans, [(0, 0, 8), (1, 0, 4), (0, 9, 12)]);
        // A reader before a writer never conflicts with it, even when an
        // earlier one wrote elsewhere in the same page.
        let mut elsewhere = Overlay::default();
        elsewhere.write(0, 500, &[1]);
        let mut reader = Overlay::default();
        reader.note_read(0, 0, 20);
        let mut writer = Overlay::default();
        writer.write(0, 10, &[1]);
        assert_eq!(commit(&[elsewhere, reader, writer], 3, &mut memory()), 3);
    }

    #[test]
    fn a_commit_writes_each_buffers_pages_in_place_skipping_untouched_ones() {
        // Two buffers, the second ending 10 bytes into its third page:
        // writes to pages 0 and 2 of the first (page 1 untouched), and to
        // pages 1 and 2 of the second, the last at its very end.
        let (mut first, mut second) = (memory(), memory());
        second.truncate(2 * PAGE + 10);
        let (want_first, want_second) = {
            let (mut f, mut s) = (first.clone(), second.clone());
            f[5] = 0xa1;
            f[2 * PAGE + 7] = 0xa2;
            s[PAGE] = 0xb1;
            s[2 * PAGE + 8..2 * PAGE + 10].copy_from_slice(&[0xb2, 0xb3]);
            (f, s)
        };
        let mut a = Overlay::default();
        a.write(1, 2 * PAGE + 8, &[0xb2, 0xb3]);
        a.write(0, 5, &[0xa1]);
        let mut b = Overlay::default();
        b.write(0, 2 * PAGE + 7, &[0xa2]);
        b.write(1, PAGE, &[0xb1]);
        let committed = commit_batch(&[a, b], 2, &mut [&mut first[..], &mut second[..]]);
        assert_eq!(committed, 2);
        assert!(first == want_first, "first buffer");
        assert!(second == want_second, "second buffer");
    }
}
