//! A set-associative cache with least-recently-used replacement: tags only,
//! the data lives in the functional memory.

pub struct Cache {
    line_shift: u32,
    sets: u64,
    ways: usize,
    /// Per set, the lines it holds (line, dirty, cycle its data arrives),
    /// most recently used last.
    lines: Vec<Vec<(u64, bool, u64)>>,
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
}

impl Cache {
    pub fn new(size_bytes: u32, line_bytes: u32, ways: u32) -> Cache {
        let sets = (size_bytes / (line_bytes * ways)).max(1) as u64;
        Cache {
            line_shift: line_bytes.trailing_zeros(),
            sets,
            ways: ways as usize,
            lines: vec![Vec::with_capacity(ways as usize); sets as usize],
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

    /// Looks up the line holding `addr`, allocating it on a miss; `write`
    /// marks it dirty.
    pub fn access(&mut self, addr: u64, write: bool) -> Access {
        let line = self.line_of(addr);
        let set = &mut self.lines[(line % self.sets) as usize];
        if let Some(i) = set.iter().position(|l| l.0 == line) {
            let mut l = set.remove(i);
            l.1 |= write;
            set.push(l);
            self.hits += 1;
            return Access {
                hit: true,
                wrote_back: false,
                ready: l.2,
            };
        }
        self.misses += 1;
        let mut wrote_back = false;
        if set.len() == self.ways {
            wrote_back = set.remove(0).1;
        }
        set.push((line, write, 0));
        Access {
            hit: false,
            wrote_back,
            ready: 0,
        }
    }

    /// Lines written since they were filled (a flush would write them back).
    pub fn dirty_lines(&self) -> u64 {
        self.lines.iter().flatten().filter(|l| l.1).count() as u64
    }

    /// Records when the data of the line holding `addr` arrives.
    pub fn fill(&mut self, addr: u64, ready: u64) {
        let line = self.line_of(addr);
        let set = &mut self.lines[(line % self.sets) as usize];
        if let Some(l) = set.iter_mut().find(|l| l.0 == line) {
            l.2 = ready;
        }
    }

    /// Drops the line holding `addr` if present (a write-through cache
    /// that does not allocate on writes keeps no stale copy).
    pub fn invalidate(&mut self, addr: u64) {
        let line = self.line_of(addr);
        let set = &mut self.lines[(line % self.sets) as usize];
        set.retain(|l| l.0 != line);
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
        assert!(c.access(64, false).wrote_back);
        assert!(!c.access(128, false).wrote_back);
    }
}
