//! A set-associative cache with least-recently-used replacement: tags only,
//! the data lives in the functional memory.

/// One cached line: its address / line size, and the cycle its data
/// arrives with `DIRTY` set once it was written. Two words, so that a set
/// of 16 ways is four host cache lines and its tags are read at a stride
/// of 16 bytes.
#[derive(Clone, Copy, Default)]
struct Line {
    tag: u64,
    ready: u64,
}

/// The bit of `Line::ready` that marks a written line (no cycle reaches it).
const DIRTY: u64 = 1 << 63;

impl Line {
    fn dirty(&self) -> bool {
        self.ready & DIRTY != 0
    }
}

/// Division by a number fixed at set-up: a shift and a mask when it is a
/// power of two, as cache geometries nearly always are (a 64-bit division
/// costs tens of host cycles on every access otherwise).
#[derive(Clone, Copy)]
pub struct Divisor {
    d: u64,
    /// log2(d) when d is a power of two.
    shift: Option<u32>,
}

impl Divisor {
    pub fn new(d: u64) -> Divisor {
        let d = d.max(1);
        Divisor {
            d,
            shift: d.is_power_of_two().then(|| d.trailing_zeros()),
        }
    }

    pub fn d(self) -> u64 {
        self.d
    }

    #[inline]
    pub fn div(self, x: u64) -> u64 {
        match self.shift {
            Some(s) => x >> s,
            None => x / self.d,
        }
    }

    #[inline]
    pub fn rem(self, x: u64) -> u64 {
        match self.shift {
            Some(_) => x & (self.d - 1),
            None => x % self.d,
        }
    }
}

pub struct Cache {
    line_shift: u32,
    sets: Divisor,
    /// Lines are dealt out over this many caches (an L2's banks, by line
    /// number): each sees every `interleave`-th line, so its set index
    /// comes from the line number divided by it.
    interleave: Divisor,
    ways: usize,
    /// Per set: which block of `ways` slots in `lines` it uses, plus one;
    /// 0 until the set is first touched, since a short launch touches few
    /// of a wide GPU's sets and should not pay for the rest.
    block_of_set: Vec<u32>,
    /// `ways` slots per touched set; a block's first `used[block]` slots
    /// hold its lines, least recently used first.
    lines: Vec<Line>,
    used: Vec<usize>,
    pub hits: u64,
    pub misses: u64,
}

/// What an access did.
pub struct Access {
    pub hit: bool,
    /// A dirty line pushed out to make room.
    pub wrote_back: bool,
    /// On a hit: the cycle the line's data is (or was) there; a line still
    /// being filled is a hit that waits for its fill.
    pub ready: u64,
    /// Where the line is now, for `Cache::fill` before the next access.
    pub slot: usize,
}

impl Cache {
    pub fn new(size_bytes: u32, line_bytes: u32, ways: u32) -> Cache {
        Cache::interleaved(size_bytes, line_bytes, ways, 1)
    }

    /// One of `interleave` caches that share the lines by line number.
    pub fn interleaved(size_bytes: u32, line_bytes: u32, ways: u32, interleave: u64) -> Cache {
        let sets = (size_bytes / (line_bytes * ways)).max(1) as u64;
        Cache {
            line_shift: line_bytes.trailing_zeros(),
            sets: Divisor::new(sets),
            interleave: Divisor::new(interleave),
            ways: ways as usize,
            block_of_set: Vec::new(),
            lines: Vec::new(),
            used: Vec::new(),
            hits: 0,
            misses: 0,
        }
    }

    /// log2 of the line size.
    pub fn line_shift(&self) -> u32 {
        self.line_shift
    }

    pub fn line_of(&self, addr: u64) -> u64 {
        addr >> self.line_shift
    }

    /// The set holding `line`, as its slots, and the first slot's index in
    /// `lines`.
    #[inline(always)]
    fn set(&mut self, line: u64) -> (&mut [Line], &mut usize, usize) {
        let s = self.sets.rem(self.interleave.div(line)) as usize;
        if self.block_of_set.is_empty() {
            // Nothing is allocated before the first access: a wide GPU's
            // idle CUs cost nothing. A few sets' room up front spares the
            // first reallocations.
            let sets = self.sets.d as usize;
            self.block_of_set = vec![0; sets];
            let blocks = sets.min(16);
            self.lines.reserve_exact(blocks * self.ways);
            self.used.reserve_exact(blocks);
        }
        if self.block_of_set[s] == 0 {
            self.lines
                .extend(std::iter::repeat_n(Line::default(), self.ways));
            self.used.push(0);
            self.block_of_set[s] = self.used.len() as u32;
        }
        let b = self.block_of_set[s] as usize - 1;
        let first = b * self.ways;
        let slots = &mut self.lines[first..first + self.ways];
        (slots, &mut self.used[b], first)
    }

    /// Looks up the line holding `addr`, allocating it on a miss; `write`
    /// marks it dirty.
    pub fn access(&mut self, addr: u64, write: bool) -> Access {
        let tag = self.line_of(addr);
        let ways = self.ways;
        let (slots, used, first) = self.set(tag);
        let n = *used;
        // The most recent line first: runs of accesses to one line are common.
        let found = match n.checked_sub(1) {
            Some(last) if slots[last].tag == tag => Some(last),
            _ => slots[..n].iter().position(|l| l.tag == tag),
        };
        if let Some(i) = found {
            // Most recently used goes last.
            slots[i..n].rotate_left(1);
            let l = &mut slots[n - 1];
            l.ready |= if write { DIRTY } else { 0 };
            let ready = l.ready & !DIRTY;
            self.hits += 1;
            return Access {
                hit: true,
                wrote_back: false,
                ready,
                slot: first + n - 1,
            };
        }
        let mut wrote_back = false;
        let new = Line {
            tag,
            ready: if write { DIRTY } else { 0 },
        };
        let at = if n == ways {
            wrote_back = slots[0].dirty();
            slots.rotate_left(1);
            ways - 1
        } else {
            *used += 1;
            n
        };
        slots[at] = new;
        self.misses += 1;
        Access {
            hit: false,
            wrote_back,
            ready: 0,
            slot: first + at,
        }
    }

    /// Lines written since they were filled (a flush would write them back).
    pub fn dirty_lines(&self) -> u64 {
        (0..self.used.len())
            .map(|b| {
                let slots = &self.lines[b * self.ways..b * self.ways + self.used[b]];
                slots.iter().filter(|l| l.dirty()).count() as u64
            })
            .sum()
    }

    /// Records when the data of the line an access left in `slot` arrives
    /// (no other access of this cache in between).
    pub fn fill(&mut self, slot: usize, ready: u64) {
        debug_assert!(ready < DIRTY, "a cycle below the dirty bit");
        let line = &mut self.lines[slot];
        line.ready = ready | line.ready & DIRTY;
    }

    /// Drops the line holding `addr` if present (a write-through cache
    /// that does not allocate on writes keeps no stale copy).
    pub fn invalidate(&mut self, addr: u64) {
        let tag = self.line_of(addr);
        let (slots, used, _) = self.set(tag);
        let n = *used;
        if let Some(i) = slots[..n].iter().position(|l| l.tag == tag) {
            slots[i..n].rotate_left(1);
            *used -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lru_evicts_the_least_recent_line() {
        // 2 sets x 2 ways of 64-byte lines.
        let mut c = Cache::new(256, 64, 2);
        let set0 = |i: u64| i * 128; // lines 0, 2, 4 ... map to set 0
        assert!(!c.access(set0(0), false).hit);
        assert!(!c.access(set0(1), false).hit);
        assert!(c.access(set0(0), false).hit); // 0 is now most recent
        assert!(!c.access(set0(2), false).hit); // evicts 1
        assert!(c.access(set0(0), false).hit);
        assert!(!c.access(set0(1), false).hit);
        assert_eq!((c.hits, c.misses), (2, 4));
    }

    #[test]
    fn dirty_lines_are_written_back_on_eviction() {
        let mut c = Cache::new(64, 64, 1);
        c.access(0, true);
        assert_eq!(c.dirty_lines(), 1);
        assert!(c.access(64, false).wrote_back);
        assert!(!c.access(128, false).wrote_back);
        assert_eq!(c.dirty_lines(), 0);
    }

    #[test]
    fn an_interleaved_cache_uses_all_its_sets() {
        // One of 4 banks, 2 sets x 1 way: it sees lines 0, 4, 8, 12 ...,
        // which must spread over both sets.
        let mut c = Cache::interleaved(128, 64, 1, 4);
        let line = |i: u64| i * 4 * 64;
        assert!(!c.access(line(0), false).hit);
        assert!(!c.access(line(1), false).hit);
        assert!(c.access(line(0), false).hit);
        assert!(c.access(line(1), false).hit);
        // Line 2 shares set 0 with line 0 and evicts it.
        assert!(!c.access(line(2), false).hit);
        assert!(!c.access(line(0), false).hit);
        assert!(c.access(line(1), false).hit);
    }

    #[test]
    fn a_divisor_divides_as_the_operators_do() {
        for d in [1u64, 2, 3, 6, 8, 12, 64, 1000, 1 << 20] {
            let by = Divisor::new(d);
            for x in [0u64, 1, 5, 63, 64, 65, 4095, 1 << 33, u64::MAX] {
                assert_eq!((by.div(x), by.rem(x)), (x / d, x % d), "{x} by {d}");
            }
        }
    }

    /// A reference cache: per set, a list of (tag, dirty) from least to
    /// most recently used, as the textbook describes LRU.
    struct ListLru {
        sets: Vec<Vec<(u64, bool)>>,
        ways: usize,
    }

    impl ListLru {
        fn access(&mut self, line: u64, write: bool) -> (bool, bool) {
            let n = self.sets.len() as u64;
            let set = &mut self.sets[(line % n) as usize];
            if let Some(i) = set.iter().position(|&(t, _)| t == line) {
                let (t, dirty) = set.remove(i);
                set.push((t, dirty | write));
                return (true, false);
            }
            let wrote_back = set.len() == self.ways && set.remove(0).1;
            set.push((line, write));
            (false, wrote_back)
        }

        fn invalidate(&mut self, line: u64) {
            let n = self.sets.len() as u64;
            self.sets[(line % n) as usize].retain(|&(t, _)| t != line);
        }
    }

    #[test]
    fn hits_misses_and_write_backs_follow_a_list_in_recency_order() {
        let mut random = crate::exec::xorshift(0x5eed_cafe);
        for (sets, ways) in [(1usize, 1usize), (1, 4), (4, 2), (8, 4), (2, 16)] {
            let mut cache = Cache::new((sets * ways * 64) as u32, 64, ways as u32);
            let mut reference = ListLru {
                sets: vec![Vec::new(); sets],
                ways,
            };
            // A few more lines than fit, so that sets fill, evict and hit.
            let lines = (sets * ways * 2) as u64;
            for step in 0..20_000 {
                let line = random() % lines;
                let r = random() % 8;
                if r == 0 {
                    cache.invalidate(line * 64);
                    reference.invalidate(line);
                    continue;
                }
                let write = r < 3;
                let got = cache.access(line * 64, write);
                let want = reference.access(line, write);
                assert_eq!(
                    (got.hit, got.wrote_back),
                    want,
                    "{sets} sets x {ways} ways, step {step}, line {line}"
                );
            }
            let dirty: usize = reference.sets.iter().flatten().filter(|l| l.1).count();
            assert_eq!(cache.dirty_lines(), dirty as u64);
        }
    }

    #[test]
    fn fills_and_invalidations_find_their_line() {
        let mut c = Cache::new(256, 64, 2);
        c.access(64, false);
        let miss = c.access(0, false);
        c.fill(miss.slot, 50);
        assert_eq!(c.access(0, false).ready, 50);
        assert_eq!(c.access(64, false).ready, 0, "the other line keeps its own");
        c.invalidate(0);
        assert!(!c.access(0, false).hit);
    }

    #[test]
    fn a_written_line_stays_dirty_through_its_fill_and_later_reads() {
        // One set of one way: the next line evicts it.
        let mut c = Cache::new(64, 64, 1);
        let write = c.access(0, true);
        c.fill(write.slot, 300);
        let read = c.access(0, false);
        assert_eq!((read.hit, read.ready), (true, 300), "its data arrives then");
        assert_eq!(c.dirty_lines(), 1);
        assert!(c.access(64, false).wrote_back);
        // Written by a hit after a clean fill, too.
        let miss = c.access(0, false);
        c.fill(miss.slot, 7);
        assert_eq!(c.access(0, true).ready, 7);
        assert_eq!(c.dirty_lines(), 1);
        assert!(c.access(64, false).wrote_back);
    }
}
