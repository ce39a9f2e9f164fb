//! Shared memory resources booked out of time order. The engine times a
//! wave's memory instruction whole when it issues, so a request that had
//! to wait (for an MSHR, say) books the L2 and DRAM later in time than a
//! request of another CU timed after it. Keeping only a resource's next
//! free cycle would make that later-timed but earlier request queue behind
//! the future booking; these keep what is booked, so it takes the gap.
//! Both forget what ended before `now`, the issue cycle of the instruction
//! being timed: no request of it or a later one is ready before that.

/// Entries kept in order, forgotten from the front. A slice of a `Vec`
/// rather than a `VecDeque`, whose searches and indexing cost the
/// wrap-around on every step; the forgotten front is dropped once it is
/// half the storage.
#[derive(Clone, Default)]
struct Kept<T> {
    items: Vec<T>,
    first: usize,
}

impl<T> Kept<T> {
    fn live(&self) -> &[T] {
        &self.items[self.first..]
    }

    fn live_mut(&mut self) -> &mut [T] {
        &mut self.items[self.first..]
    }

    /// Forgets the entries from the front for which `gone` holds.
    fn forget_while(&mut self, gone: impl Fn(&T) -> bool) {
        let n = self.live().iter().take_while(|t| gone(t)).count();
        self.first += n;
        if self.first >= 32 && 2 * self.first >= self.items.len() {
            self.items.drain(..self.first);
            self.first = 0;
        }
    }

    fn insert(&mut self, at: usize, item: T) {
        self.items.insert(self.first + at, item);
    }

    fn remove(&mut self, at: usize) {
        self.items.remove(self.first + at);
    }

    fn push(&mut self, item: T) {
        self.items.push(item);
    }
}

/// A resource that serves one request at a time (an L2 bank's port, the
/// DRAM bus, an atomic unit).
#[derive(Clone, Default)]
pub struct Calendar {
    /// Busy cycles `[start, end)`, disjoint and in order; touching ones
    /// are merged, so a saturated resource is one entry.
    busy: Kept<(u64, u64)>,
}

/// Where a booking would go: its start, and its place in `busy`.
#[derive(Clone, Copy)]
struct Opening {
    start: u64,
    at: usize,
}

impl Calendar {
    /// Forgets the bookings that ended by `now`.
    fn forget(&mut self, now: u64) {
        self.busy.forget_while(|&(_, end)| end <= now);
    }

    /// The earliest cycle at or after `ready` from which the resource is
    /// free for `cycles` cycles.
    fn opening(&self, ready: u64, cycles: u64) -> Opening {
        let busy = self.busy.live();
        let mut at = busy.partition_point(|&(_, end)| end <= ready);
        let mut start = ready;
        if cycles == 0 {
            return Opening { start, at };
        }
        // Each entry from `at` on ends after `start`: it is in the way if
        // it begins before the booking would end.
        while let Some(&(from, end)) = busy.get(at) {
            if from >= start + cycles {
                break;
            }
            start = end;
            at += 1;
        }
        Opening { start, at }
    }

    /// Books `cycles` cycles at `opening`, found since the last change.
    fn take(&mut self, opening: Opening, cycles: u64) {
        let Opening { start, at: i } = opening;
        if cycles == 0 {
            return;
        }
        let end = start + cycles;
        let busy = self.busy.live_mut();
        let joins_before = i > 0 && busy[i - 1].1 == start;
        let joins_after = busy.get(i).is_some_and(|&(from, _)| from == end);
        match (joins_before, joins_after) {
            (true, true) => {
                busy[i - 1].1 = busy[i].1;
                self.busy.remove(i);
            }
            (true, false) => busy[i - 1].1 = end,
            (false, true) => busy[i].0 = start,
            (false, false) => self.busy.insert(i, (start, end)),
        }
    }

    /// Books the resource for `cycles` cycles from the earliest cycle at
    /// or after `ready` it is free for all of them, and returns that cycle.
    pub fn book(&mut self, now: u64, ready: u64, cycles: u64) -> u64 {
        self.forget(now);
        // The usual cases: the request is the latest in time so far, or it
        // falls in the last busy run (a saturated resource) and follows it.
        if let Some(last) = self.busy.live_mut().last_mut() {
            if ready >= last.1 {
                if ready == last.1 {
                    last.1 += cycles;
                } else if cycles > 0 {
                    self.busy.push((ready, ready + cycles));
                }
                return ready;
            }
            if ready >= last.0 && cycles > 0 {
                let start = last.1;
                last.1 += cycles;
                return start;
            }
        }
        let opening = self.opening(ready, cycles);
        self.take(opening, cycles);
        opening.start
    }

    /// Books whichever of `calendars` (identical resources, such as a
    /// bank's atomic units) can start the request first, the first of
    /// equals, and returns when it starts.
    pub fn book_soonest(calendars: &mut [Calendar], now: u64, ready: u64, cycles: u64) -> u64 {
        if let [only] = calendars {
            return only.book(now, ready, cycles);
        }
        calendars.iter_mut().for_each(|c| c.forget(now));
        let (soonest, opening) = calendars
            .iter_mut()
            .map(|c| {
                let opening = c.opening(ready, cycles);
                (c, opening)
            })
            .min_by_key(|(_, opening)| opening.start)
            .expect("at least one calendar");
        soonest.take(opening, cycles);
        opening.start
    }

    /// The end of the last booking (0 if none).
    pub fn end(&self) -> u64 {
        self.busy.live().last().map_or(0, |&(_, end)| end)
    }
}

/// `count` identical holders (MSHRs) each held from a request until its
/// data returns. A request waits while `count` holdings end after it;
/// holdings that begin after it count too, which can only make it wait
/// longer than a strict count at its cycle would.
#[derive(Clone, Default)]
pub struct Slots {
    /// When each holding ends, in order.
    ends: Kept<u64>,
}

impl Slots {
    /// When a request at `t` gets a holder out of `count`: at `t` if fewer
    /// than `count` holdings end after it, else when enough of them have
    /// ended. The caller then `hold`s it until its end.
    pub fn wait(&mut self, now: u64, count: usize, t: u64) -> u64 {
        self.ends.forget_while(|&end| end <= now);
        let ends = self.ends.live();
        // Often none has ended by `t` (a request at `now`).
        let ended = match ends.first() {
            Some(&first) if first <= t => ends.partition_point(|&end| end <= t),
            _ => 0,
        };
        let held = ends.len() - ended;
        if held < count {
            return t;
        }
        ends[ended + held - count]
    }

    /// Holds a holder until `end`.
    pub fn hold(&mut self, end: u64) {
        // Holdings mostly end after all those kept: the place is found
        // from the back.
        let ends = self.ends.live();
        let at = ends.len() - ends.iter().rev().take_while(|&&e| e > end).count();
        self.ends.insert(at, end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bookings in random order against a plain map of busy cycles: each
    /// starts at the first cycle from `ready` with `cycles` free ones.
    #[test]
    fn a_calendar_books_the_first_free_run_of_cycles() {
        let mut random = crate::exec::xorshift(0x0ca1_eda2);
        for round in 0..50 {
            let mut calendar = Calendar::default();
            let mut busy = vec![false; 4096];
            let mut now = 0;
            for _ in 0..200 {
                now += random() % 3;
                let ready = now + random() % (1 + 40 * (round % 5));
                let cycles = random() % 9;
                let mut start = ready;
                while (start..start + cycles).any(|c| busy[c as usize]) {
                    start += 1;
                }
                for c in start..start + cycles {
                    busy[c as usize] = true;
                }
                assert_eq!(calendar.opening(ready, cycles).start, start);
                assert_eq!(calendar.book(now, ready, cycles), start);
                let last = busy.iter().rposition(|&b| b).map_or(0, |c| c + 1);
                assert_eq!(calendar.end(), last as u64);
            }
            // Merged and forgotten: never more entries than busy runs.
            let runs = busy.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(busy[0]);
            assert!(calendar.busy.live().len() <= runs);
        }
    }

    /// Holders against a plain list of holdings: a request waits until
    /// fewer than `count` holdings end after the cycle it would start.
    #[test]
    fn slots_wait_while_all_holders_are_held_past_the_request() {
        let mut random = crate::exec::xorshift(0x5107);
        for count in [1usize, 2, 5] {
            let mut slots = Slots::default();
            let mut ends: Vec<u64> = Vec::new();
            let mut now = 0;
            for _ in 0..2_000 {
                now += random() % 4;
                let t = now + random() % 30;
                let mut start = t;
                while ends.iter().filter(|&&e| e > start).count() >= count {
                    start = *ends.iter().filter(|&&e| e > start).min().unwrap();
                }
                assert_eq!(slots.wait(now, count, t), start);
                let end = start + 1 + random() % 50;
                slots.hold(end);
                ends.push(end);
            }
        }
    }
}
