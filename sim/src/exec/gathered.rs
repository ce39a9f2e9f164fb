//! The effects of blind atomics (`isa::atomics::blind_atomics`: a
//! histogram's increments, whose returned values nothing reads) that a
//! chunk of a parallel batch gathers per location, to apply to global
//! memory when the chunk is committed, instead of running them against
//! memory the other chunks also change. Gathered in any order they give
//! the bits of the atomics one after another (`AtomicOp::gathering`), so a
//! chunk need not see the others'. On a large buffer they are kept one by
//! one in the order they ran instead, and applied so (`DENSE_WORDS`).
//! What gathering hides is the values in
//! between: a chunk that reads or writes a buffer that it, or a chunk
//! before it in its batch, gathered atomics for could see other bytes
//! than on one thread, and is not committed (`committable`).

use isa::core::Scalar;
use isa::ir::AtomicOp;
use std::cell::Cell;

/// Buffers as bits, by index: the first 63 have their own; the others
/// share the last, which can only make chunks conflict more.
pub type BufferSet = u64;

/// Buffer `buffer`'s bit in a `BufferSet`.
pub fn buffer_bit(buffer: usize) -> BufferSet {
    1 << buffer.min(63)
}

/// Most locations a chunk gathers atomics for: past them it conflicts
/// (and runs again on one thread), so that its memory stays bounded.
const MAX_LOCATIONS: usize = 1 << 16;

/// Buffers of at most this many atomics' words find a location by
/// indexing (a histogram's bins) and gather its atomics into one; on
/// larger ones each atomic is kept on its own, in order (a scatter's
/// locations mostly see one atomic a chunk, and a hash map from word to
/// location cost more than the atomic: a 16 M-word scatter ran slower on
/// two threads than on one).
const DENSE_WORDS: usize = 1 << 12;

/// One location's atomics, gathered into one operation and operand (or,
/// in a buffer kept in order, one atomic).
#[derive(Clone, Copy)]
struct Location {
    /// Its table in `Gathered::tables`, and its word there.
    table: usize,
    word: usize,
    op: AtomicOp,
    ty: Scalar,
    operand: u64,
}

/// Where a buffer's gathered locations are, by word (offset / width).
struct Table {
    buffer: usize,
    width: usize,
    words: Words,
}

enum Words {
    /// Per word: its location's index in `Gathered::locations`, or
    /// `u32::MAX`.
    Dense(Vec<u32>),
    /// No index: each atomic is a location of its own, applied in the
    /// order they ran, which gives the bits of one thread whatever the
    /// operations.
    InOrder,
}

impl Words {
    fn get(&self, word: usize) -> Option<usize> {
        match self {
            Words::Dense(at) => Some(at[word])
                .filter(|&i| i != u32::MAX)
                .map(|i| i as usize),
            Words::InOrder => None,
        }
    }

    fn set(&mut self, word: usize, location: u32) {
        if let Words::Dense(at) = self {
            at[word] = location;
        }
    }
}

/// One chunk's gathered atomics, and the buffers it reached otherwise.
#[derive(Default)]
pub struct Gathered {
    locations: Vec<Location>,
    /// One per buffer it gathered atomics for, kept (emptied) from chunk
    /// to chunk of a launch: its atomics' width, and their words.
    /// Locations of one width, aligned to it, are one another or apart.
    tables: Vec<Table>,
    /// The buffers it gathered atomics for.
    atomics: BufferSet,
    /// The buffers it read or wrote otherwise (noted behind shared
    /// references: a chunk's reads borrow its memory so).
    plain: Cell<BufferSet>,
    /// It met atomics that cannot be gathered with the others: of another
    /// width on one buffer, of another operation on one location,
    /// misaligned, or past `MAX_LOCATIONS`.
    refused: bool,
}

impl Gathered {
    /// Empties it for another chunk, keeping its memory.
    pub fn clear(&mut self) {
        // Only what the chunk used: clearing a hash map costs its
        // capacity, even empty.
        for l in &self.locations {
            if let Words::Dense(at) = &mut self.tables[l.table].words {
                at[l.word] = u32::MAX;
            }
        }
        self.locations.clear();
        self.atomics = 0;
        self.plain.set(0);
        self.refused = false;
    }

    /// How many locations it gathered atomics for.
    pub fn locations(&self) -> usize {
        self.locations.len()
    }

    /// Notes a read or write of buffer `buffer` that is not a gathered
    /// atomic.
    #[inline(always)]
    pub fn note_plain(&self, buffer: usize) {
        // Written only when it changes: the chunks' `Gathered`s lie side
        // by side, and a write per access to a cache line another thread
        // reads made a two-thread histogram take twice the CPU time.
        let bit = buffer_bit(buffer);
        if self.plain.get() & bit == 0 {
            self.plain.set(self.plain.get() | bit);
        }
    }

    /// Gathers a blind atomic `op` on a `ty` for lanes on buffer `buffer`
    /// (`len` bytes): each lane's byte offset in it and operand.
    pub fn add(
        &mut self,
        buffer: usize,
        len: usize,
        op: AtomicOp,
        ty: Scalar,
        lanes: &[(usize, u64)],
    ) {
        let width = ty.bytes() as usize;
        let (Some(gathering), Some(table)) = (op.gathering(ty), self.table(buffer, len, width))
        else {
            self.refused = true;
            return;
        };
        if self.atomics & buffer_bit(buffer) == 0 {
            self.atomics |= buffer_bit(buffer);
        }
        let op = gathering.op;
        // Widths are 1, 2, 4 or 8 bytes: a shift, not a division per lane.
        let shift = width.trailing_zeros();
        for &(offset, value) in lanes {
            let value = gathering.operand(value);
            if offset & (width - 1) != 0 {
                self.refused = true;
                return;
            }
            let word = offset >> shift;
            let words = &mut self.tables[table].words;
            match words.get(word) {
                Some(i) => {
                    let at = &mut self.locations[i];
                    if at.op != op || at.ty != ty {
                        self.refused = true;
                        return;
                    }
                    at.operand = gathering.combine(ty, at.operand, value);
                }
                None if self.locations.len() < MAX_LOCATIONS => {
                    words.set(word, self.locations.len() as u32);
                    self.locations.push(Location {
                        table,
                        word,
                        op,
                        ty,
                        operand: value,
                    });
                }
                None => {
                    self.refused = true;
                    return;
                }
            }
        }
    }

    /// The index of buffer `buffer`'s table (`len` bytes, atomics of
    /// `width`), made if new; `None` if its atomics had another width.
    fn table(&mut self, buffer: usize, len: usize, width: usize) -> Option<usize> {
        let n = len / width;
        let table = || Table {
            buffer,
            width,
            words: if n <= DENSE_WORDS {
                Words::Dense(vec![u32::MAX; n])
            } else {
                Words::InOrder
            },
        };
        match self.tables.iter().position(|t| t.buffer == buffer) {
            Some(i) if self.tables[i].width == width => Some(i),
            Some(i) if self.locations.iter().any(|l| l.table == i) => None,
            // An earlier chunk of the launch used another width.
            Some(i) => {
                self.tables[i] = table();
                Some(i)
            }
            None => {
                self.tables.push(table());
                Some(self.tables.len() - 1)
            }
        }
    }

    /// Whether committing this chunk after chunks of its batch that
    /// gathered atomics for the buffers `before` could give other bytes
    /// than one thread.
    fn conflicts(&self, before: BufferSet) -> bool {
        self.refused || self.plain.get() & (before | self.atomics) != 0
    }

    /// Applies the gathered atomics to `buffers`, which hold every
    /// location's bytes (the atomics were found in them).
    pub fn apply(&self, buffers: &mut [&mut [u8]]) {
        for l in &self.locations {
            let t = &self.tables[l.table];
            let bytes = &mut buffers[t.buffer][l.word * t.width..];
            // Copies of a width known here: a copy of a width known only
            // at run time is a call to memcpy per location.
            match t.width {
                1 => apply_n::<1>(l, bytes),
                2 => apply_n::<2>(l, bytes),
                4 => apply_n::<4>(l, bytes),
                _ => apply_n::<8>(l, bytes),
            }
        }
    }
}

/// Applies location `l`'s atomics to the `N` bytes `bytes` begins with.
fn apply_n<const N: usize>(l: &Location, bytes: &mut [u8]) {
    let bytes = &mut bytes[..N];
    let mut word = [0u8; 8];
    word[..N].copy_from_slice(bytes);
    let new = l.op.apply(l.ty, u64::from_le_bytes(word), l.operand, 0);
    bytes.copy_from_slice(&new.to_le_bytes()[..N]);
}

/// How many of a batch's first `limit` chunks (in order) can be
/// committed with their gathered atomics: up to the first that conflicts.
pub fn committable<'g>(chunks: impl Iterator<Item = &'g Gathered>, limit: usize) -> usize {
    let mut before = 0;
    for (k, g) in chunks.take(limit).enumerate() {
        if g.conflicts(before) {
            return k;
        }
        before |= g.atomics;
    }
    limit
}

#[cfg(test)]
mod tests {
    use super::*;

    const U32: Scalar = Scalar::Int(32);

    /// The one-thread result of `atomics` (buffer, offset, op, value) on
    /// two buffers of 16 zero bytes, each applied as plain Rust arithmetic
    /// on little-endian u32s.
    fn one_by_one(atomics: &[(usize, usize, AtomicOp, u64)]) -> [[u8; 16]; 2] {
        let mut mem = [[0u8; 16]; 2];
        for &(b, at, op, v) in atomics {
            let word: [u8; 4] = mem[b][at..at + 4].try_into().unwrap();
            let old = u32::from_le_bytes(word);
            let new = match op {
                AtomicOp::IAdd => old.wrapping_add(v as u32),
                AtomicOp::ISub => old.wrapping_sub(v as u32),
                AtomicOp::IIncrement => old.wrapping_add(1),
                AtomicOp::UMax => old.max(v as u32),
                AtomicOp::Xor => old ^ v as u32,
                _ => unreachable!("not in these tests"),
            };
            mem[b][at..at + 4].copy_from_slice(&new.to_le_bytes());
        }
        mem
    }

    fn applied(g: &Gathered) -> [[u8; 16]; 2] {
        let mut mem = [[0u8; 16]; 2];
        let [a, b] = &mut mem;
        g.apply(&mut [&mut a[..], &mut b[..]]);
        mem
    }

    #[test]
    fn atomics_gathered_per_location_apply_as_one_after_another() {
        let atomics = [
            (0, 4, AtomicOp::IAdd, 7),
            (1, 0, AtomicOp::UMax, 9),
            (0, 4, AtomicOp::ISub, 10),
            (0, 8, AtomicOp::Xor, 0x0f),
            (0, 4, AtomicOp::IIncrement, 0),
            (1, 0, AtomicOp::UMax, 3),
            (0, 8, AtomicOp::Xor, 0x3c),
        ];
        let mut g = Gathered::default();
        for &(b, at, op, v) in &atomics {
            g.add(b, 16, op, U32, &[(at, v)]);
        }
        assert_eq!(applied(&g), one_by_one(&atomics));
        assert_eq!(g.atomics, 0b11);
        assert!(!g.conflicts(0));
        g.clear();
        assert_eq!(applied(&g), [[0; 16]; 2], "cleared");
    }

    #[test]
    fn atomics_that_cannot_be_gathered_with_the_others_refuse_the_chunk() {
        let refused = |f: &dyn Fn(&mut Gathered)| {
            let mut g = Gathered::default();
            g.add(0, 16, AtomicOp::IAdd, U32, &[(4, 1)]);
            f(&mut g);
            g.refused
        };
        let add = |b, op, ty, at| move |g: &mut Gathered| g.add(b, 16, op, ty, &[(at, 1)]);
        assert!(!refused(&add(0, AtomicOp::UMax, U32, 8)));
        assert!(refused(&add(0, AtomicOp::UMax, U32, 4)), "two ops");
        assert!(refused(&add(0, AtomicOp::IAdd, U32, 6)), "misaligned");
        let wide = Scalar::Int(64);
        assert!(refused(&add(0, AtomicOp::IAdd, wide, 8)), "widths");
        assert!(!refused(&add(1, AtomicOp::IAdd, wide, 8)));
        assert!(refused(&add(0, AtomicOp::Exchange, U32, 0)));
        // A buffer too large to index its words keeps every atomic, and
        // a chunk that used another width before being emptied.
        let mut g = Gathered::default();
        let lanes = [(8, 1), (1 << 19, 2), (8, 3)];
        g.add(2, 1 << 20, AtomicOp::IAdd, wide, &lanes);
        assert!(matches!(g.tables[0].words, Words::InOrder) && !g.refused);
        assert_eq!(g.locations.len(), 3);
        g.clear();
        g.add(2, 1 << 20, AtomicOp::IAdd, U32, &[(4, 1)]);
        assert!(!g.refused && g.locations.len() == 1);
        // Kept in order, operations may mix on a word: ((0 + 5) max 9)
        // + 1 = 10, then ^ 3 = 9; the other word 0 - (2^32 - 7) = 7.
        g.clear();
        for (op, at, v) in [
            (AtomicOp::IAdd, 8, 5),
            (AtomicOp::UMax, 8, 9),
            (AtomicOp::IIncrement, 8, 0),
            (AtomicOp::ISub, 12, 0xffff_fff9),
            (AtomicOp::Xor, 8, 3),
        ] {
            g.add(0, 1 << 20, op, U32, &[(at, v)]);
        }
        assert!(!g.refused);
        let mut big = vec![0u8; 1 << 20];
        g.apply(&mut [&mut big[..]]);
        assert_eq!(big[8..16], [9, 0, 0, 0, 7, 0, 0, 0]);
    }

    #[test]
    fn a_chunk_reaching_a_buffer_gathered_for_by_itself_or_an_earlier_chunk_is_not_committed() {
        let chunk = |atomics: Option<usize>, plain: Option<usize>| {
            let mut g = Gathered::default();
            if let Some(b) = atomics {
                g.add(b, 16, AtomicOp::IAdd, U32, &[(0, 1)]);
            }
            if let Some(b) = plain {
                g.note_plain(b);
            }
            g
        };
        // Reads of a buffer before a later chunk's atomics on it are what
        // one thread reads.
        let read_then_add = [chunk(None, Some(1)), chunk(Some(1), Some(0))];
        assert_eq!(committable(read_then_add.iter(), 2), 2);
        let add_then_read = [chunk(Some(1), Some(0)), chunk(None, Some(1))];
        assert_eq!(committable(add_then_read.iter(), 2), 1);
        let own = [chunk(None, Some(0)), chunk(Some(1), Some(1))];
        assert_eq!(committable(own.iter(), 2), 1);
        assert_eq!(committable(own.iter(), 1), 1, "within the limit");
        // Buffers past the 63rd share a bit.
        let far = [chunk(Some(70), None), chunk(None, Some(64))];
        assert_eq!(committable(far.iter(), 2), 1);
    }
}
