//! Timing of memory: per-CU L1 caches with a limit on outstanding misses,
//! a banked L2 with atomic units beside each bank, DRAM with a latency and
//! a bandwidth, and each CU's LDS with bank conflicts. Each function takes
//! the addresses a wave instruction touched (one per active lane) and
//! returns the cycle its result is ready.

use super::booking::{Calendar, Slots};
use super::cache::{Cache, Divisor};
use crate::exec::address_map::AddressMap;
use crate::input::config::Config;
use std::collections::HashMap;

/// `address_free` sheds free addresses from this size on (see `atomic`).
const ADDRESS_FREE_LEAST: usize = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicKind {
    Integer,
    CompareExchange,
    FloatMinMax,
}

#[derive(Clone, Debug, Default)]
pub struct MemoryStats {
    pub load_instructions: u64,
    pub prefetch_instructions: u64,
    pub store_instructions: u64,
    /// Cache lines requested after coalescing.
    pub load_lines: u64,
    pub store_lines: u64,
    pub dram_read_bytes: u64,
    /// All DRAM writes: evictions during the run and the final flush.
    pub dram_write_bytes: u64,
    /// The part of `dram_write_bytes` written by the flush at the end.
    pub dram_flush_bytes: u64,
    pub atomic_instructions: u64,
    /// Lane operations executed at the L2 atomic units.
    pub atomic_operations: u64,
    /// Cycles operations waited for a unit, their address or their line.
    pub atomic_queue_cycles: u64,
    /// Operations that had to wait for an earlier one on the same address.
    pub atomic_serialised: u64,
    /// Operations that found their bank's queue full (`queue_per_bank`)
    /// and waited for room.
    pub atomic_queue_full: u64,
    pub lds_instructions: u64,
    /// Extra LDS cycles caused by bank conflicts.
    pub lds_conflict_cycles: u64,
    /// Cycles misses waited for a free MSHR.
    pub mshr_wait_cycles: u64,
    /// Lines read by loads, by the level that served them (L1 hit, L2
    /// hit, DRAM), with their summed latency from request to data.
    pub load_lines_by_level: [u64; 3],
    pub load_latency_by_level: [u64; 3],
    /// Loads through the scalar cache, and their lines by level as above
    /// (scalar-cache hit, L2 hit, DRAM).
    pub scalar_load_instructions: u64,
    pub scalar_lines_by_level: [u64; 3],
    pub scalar_latency_by_level: [u64; 3],
}

/// A cache in front of the L2: a CU's L1, or a scalar cache.
struct FirstLevel {
    cache: Cache,
    /// Its MSHRs, held by outstanding misses.
    mshrs: Slots,
    /// When its pipeline can take the next line: lines enter in order,
    /// a miss when it has an MSHR.
    free: u64,
}

impl FirstLevel {
    fn new(size: u32, line: u32, ways: u32) -> FirstLevel {
        FirstLevel {
            cache: Cache::new(size, line, ways),
            mshrs: Slots::default(),
            free: 0,
        }
    }
}

/// Which first-level cache a load reads through.
#[derive(Clone, Copy)]
enum Path {
    /// The L1 of this CU.
    Vector(usize),
    /// This scalar cache.
    Scalar(usize),
}

/// What a request does to the L2 line it looks up.
#[derive(Clone, Copy, PartialEq, Eq)]
enum L2Request {
    /// A read: a miss fetches the line from DRAM.
    Read,
    /// A store's write: the line is left dirty, and a miss allocates it
    /// without a fetch.
    LineWrite,
    /// An atomic's read-modify-write: a miss fetches the line, which is
    /// left dirty.
    Atomic,
}

/// When a wave atomic's results are ready, and when the last of its lane
/// operations left the CU: at once, or when a full queue at an L2 bank
/// (`atomics.queue_per_bank`) took it.
pub struct AtomicTimes {
    pub ready: u64,
    pub sent: u64,
}

pub struct MemorySystem {
    l1: Vec<FirstLevel>,
    /// The scalar caches, each shared by `cus_per_scalar_cache` CUs.
    scalar: Vec<FirstLevel>,
    cus_per_scalar_cache: usize,
    scalar_latency: u64,
    scalar_mshrs: usize,
    /// Per L2 bank: its MSHRs, held by outstanding misses.
    l2_outstanding: Vec<Slots>,
    l2_mshrs: usize,
    lds_free: Vec<u64>,
    l2: Vec<Cache>,
    /// Per L2 bank: its port, one request a cycle.
    bank_port: Vec<Calendar>,
    /// Per L2 bank: its atomic units.
    atomic_units: Vec<Vec<Calendar>>,
    /// Per bank, kept only under a queue limit (`atomic_queue_limit`, 0:
    /// none): its places, each held by a waiting operation until it
    /// starts, and when the last one entered (the queue is first come,
    /// first served).
    atomic_waiting: Vec<Slots>,
    atomic_entered: Vec<u64>,
    atomic_queue_limit: usize,
    /// Per address an atomic touched: when its last operation frees it.
    /// (An atomic looks up one address per lane: the cheap hasher.)
    address_free: AddressMap<u64>,
    /// The size at which `address_free` sheds addresses already free.
    address_free_limit: usize,
    /// The DRAM bus, booked in bytes: a cycle is `dram_bytes_per_cycle`
    /// of them, so that a bus wider than a line moves several lines a
    /// cycle (in whole cycles a line took at least one).
    dram: Calendar,
    dram_bytes_per_cycle: u64,
    /// The issue cycle of the instruction being timed: no request is
    /// ready before it (the bookings forget what ended by then).
    now: u64,
    l1_latency: u64,
    l1_mshrs: usize,
    l2_latency: u64,
    l2_line_shift: u32,
    banks: Divisor,
    dram_latency: u64,
    l2_line_bytes: u64,
    lds_latency: u64,
    atomic: [(u64, u64); 3],
    pub stats: MemoryStats,
    /// Scratch for the lines of one instruction.
    line_buffer: Vec<u64>,
    /// Scratch for the L2 lines of one atomic, in order of first use, each
    /// with when its data is there.
    atomic_lines: Vec<(u64, u64)>,
    /// Scratch for the (bank, word) pairs of one group of LDS lanes.
    lds_buffer: Vec<(u64, u64)>,
    /// Per LDS bank: the words (or, for atomics, lanes) one group of lanes
    /// wants from it; zero between groups.
    lds_wanted: Vec<u64>,
    /// Division by the LDS banks: a word's bank.
    lds_bank: Divisor,
}

impl MemorySystem {
    pub fn new(cfg: &Config) -> MemorySystem {
        let m = &cfg.memory;
        let cus = cfg.gpu.compute_units as usize;
        let banks = m.l2.banks as usize;
        let a = &cfg.atomics;
        MemorySystem {
            l1: (0..cus)
                .map(|_| FirstLevel::new(m.l1.size_bytes, m.l1.line_bytes, m.l1.ways))
                .collect(),
            scalar: match cfg.scalar_unit() {
                Some(sc) => {
                    let c = &sc.cache;
                    (0..cus.div_ceil(c.cus_per_cache as usize))
                        .map(|_| FirstLevel::new(c.size_bytes, c.line_bytes, c.ways))
                        .collect()
                }
                None => Vec::new(),
            },
            cus_per_scalar_cache: cfg
                .scalar_unit()
                .map_or(1, |s| s.cache.cus_per_cache as usize),
            scalar_latency: cfg.scalar_unit().map_or(0, |s| s.cache.latency as u64),
            scalar_mshrs: cfg.scalar_unit().map_or(1, |s| s.cache.mshrs as usize),
            lds_free: vec![0; cus],
            l2: (0..banks)
                .map(|_| {
                    let size = m.l2.size_bytes / m.l2.banks;
                    Cache::interleaved(size, m.l2.line_bytes, m.l2.ways, banks as u64)
                })
                .collect(),
            bank_port: vec![Calendar::default(); banks],
            l2_outstanding: vec![Slots::default(); banks],
            l2_mshrs: m.l2.mshrs as usize,
            atomic_units: vec![vec![Calendar::default(); a.units_per_bank as usize]; banks],
            atomic_waiting: vec![Slots::default(); banks],
            atomic_entered: vec![0; banks],
            atomic_queue_limit: a.queue_per_bank as usize,
            address_free: HashMap::default(),
            address_free_limit: ADDRESS_FREE_LEAST,
            line_buffer: Vec::new(),
            atomic_lines: Vec::new(),
            lds_buffer: Vec::new(),
            lds_wanted: vec![0; m.lds.banks as usize],
            lds_bank: Divisor::new(m.lds.banks as u64),
            dram: Calendar::default(),
            now: 0,
            l1_latency: m.l1.latency as u64,
            l1_mshrs: m.l1.mshrs as usize,
            l2_latency: m.l2.latency as u64,
            l2_line_shift: m.l2.line_bytes.trailing_zeros(),
            banks: Divisor::new(banks as u64),
            dram_latency: m.dram.latency as u64,
            dram_bytes_per_cycle: m.dram.bytes_per_cycle as u64,
            l2_line_bytes: m.l2.line_bytes as u64,
            lds_latency: m.lds.latency as u64,
            atomic: [
                (a.integer.latency as u64, a.integer.interval as u64),
                (
                    a.compare_exchange.latency as u64,
                    a.compare_exchange.interval as u64,
                ),
                (
                    a.float_minmax.latency as u64,
                    a.float_minmax.interval as u64,
                ),
            ],
            stats: MemoryStats::default(),
        }
    }

    /// The end of the kernel: dirty L2 lines are written back to DRAM, as
    /// the cache flush at the end of a dispatch does (counted as traffic;
    /// the kernel's cycles end before it).
    pub fn flush(&mut self) {
        let dirty: u64 = self.l2.iter().map(|c| c.dirty_lines()).sum();
        self.stats.dram_flush_bytes = dirty * self.l2_line_bytes;
        self.stats.dram_write_bytes += self.stats.dram_flush_bytes;
    }

    /// When the DRAM bus has moved every line booked so far, the
    /// write-backs of lines evicted by the kernel's stores included.
    pub fn dram_done(&self) -> u64 {
        self.dram.end().div_ceil(self.dram_bytes_per_cycle)
    }

    /// Moves a line over the DRAM bus from cycle `ready` on, and returns
    /// the cycle by which all of it has moved.
    fn dram_line(&mut self, now: u64, ready: u64) -> u64 {
        let per_cycle = self.dram_bytes_per_cycle;
        let start = self
            .dram
            .book(now * per_cycle, ready * per_cycle, self.l2_line_bytes);
        (start + self.l2_line_bytes).div_ceil(per_cycle)
    }

    pub fn l1_hits_misses(&self) -> (u64, u64) {
        hits_misses(&self.l1)
    }

    /// The scalar caches' hits and misses, all together.
    pub fn scalar_hits_misses(&self) -> (u64, u64) {
        hits_misses(&self.scalar)
    }

    /// Per CU: its L1's hits and misses.
    pub fn l1_hits_misses_per_cu(&self) -> Vec<(u64, u64)> {
        self.l1
            .iter()
            .map(|l| (l.cache.hits, l.cache.misses))
            .collect()
    }

    pub fn l2_hits_misses(&self) -> (u64, u64) {
        self.l2
            .iter()
            .fold((0, 0), |(h, m), c| (h + c.hits, m + c.misses))
    }

    /// The distinct L1 lines of `addrs`, in order of first use: the
    /// requests a coalescer makes for one wave instruction. They are left
    /// in a buffer reused from one instruction to the next.
    fn lines(&mut self, cu: usize, addrs: &[u64]) -> Vec<u64> {
        let mut lines = std::mem::take(&mut self.line_buffer);
        lines.clear();
        let shift = self.l1[cu].cache.line_shift();
        // The usual case, lanes in address order less than a line apart,
        // touches every line from the first lane's to the last's: tested
        // on the whole row at once. Wrapped, a step back is a huge gap, so
        // one test covers order and distance: every gap shifted right by
        // the line size is zero. A row that passes it with a step back
        // crosses the top of the address space, and then its first lane's
        // address is above its last's.
        let next = addrs.get(1..).unwrap_or_default();
        let gaps = addrs
            .iter()
            .zip(next)
            .fold(0, |any, (a, b)| any | b.wrapping_sub(*a) >> shift);
        if let (0, Some(&first), Some(&last)) = (gaps, addrs.first(), addrs.last()) {
            if first <= last {
                lines.extend(first >> shift..=last >> shift);
                return lines;
            }
        }
        let mut last = None;
        for &a in addrs {
            let l = a >> shift;
            // Neighbouring lanes mostly share a line: the last is checked
            // first.
            if last != Some(l) {
                last = Some(l);
                if !lines.contains(&l) {
                    lines.push(l);
                }
            }
        }
        lines
    }

    fn bank_of(&self, addr: u64) -> usize {
        self.banks.rem(addr >> self.l2_line_shift) as usize
    }

    /// A request reaching the L2 at `arrive`, through its bank's port: when
    /// its data is ready, and whether the L2 held it.
    fn l2_access(&mut self, addr: u64, arrive: u64, request: L2Request) -> (u64, bool) {
        let b = self.bank_of(addr);
        let start = self.bank_port[b].book(self.now, arrive, 1);
        self.l2_lookup(b, addr, start, request)
    }

    /// The lookup of `addr` in L2 bank `b`, begun at `start`: when its data
    /// is ready, and whether the L2 held it. A miss that needs the line
    /// waits for an MSHR and the DRAM bus; an evicted dirty line is
    /// written back.
    fn l2_lookup(&mut self, b: usize, addr: u64, start: u64, request: L2Request) -> (u64, bool) {
        let now = self.now;
        let access = self.l2[b].access(addr, request != L2Request::Read);
        if access.wrote_back {
            self.dram_line(now, start);
            self.stats.dram_write_bytes += self.l2_line_bytes;
        }
        if access.hit {
            return ((start + self.l2_latency).max(access.ready), true);
        }
        if request == L2Request::LineWrite {
            // A full-line write needs no fetch.
            let done = start + self.l2_latency;
            self.l2[b].fill(access.slot, done);
            return (done, false);
        }
        let mshrs = &mut self.l2_outstanding[b];
        let granted = mshrs.wait(now, self.l2_mshrs, start);
        self.stats.mshr_wait_cycles += granted - start;
        let moved = self.dram_line(now, granted + self.l2_latency);
        self.stats.dram_read_bytes += self.l2_line_bytes;
        let done = moved + self.dram_latency;
        self.l2_outstanding[b].hold(done);
        self.l2[b].fill(access.slot, done);
        (done, false)
    }

    /// An OpenCL prefetch by CU `cu`: its lines are read like a load's.
    pub fn prefetch(&mut self, cu: usize, cycle: u64, addrs: &[u64]) {
        self.stats.prefetch_instructions += 1;
        let lines = self.lines(cu, addrs);
        self.read_lines(Path::Vector(cu), cycle, lines);
    }

    /// A global load by CU `cu` issued at `cycle`.
    pub fn load(&mut self, cu: usize, cycle: u64, addrs: &[u64]) -> u64 {
        self.stats.load_instructions += 1;
        let lines = self.lines(cu, addrs);
        self.read_lines(Path::Vector(cu), cycle, lines)
    }

    /// A scalar load of `bytes` bytes at `addr` by CU `cu`, through its
    /// scalar cache (no address: robust access kept it from memory, and
    /// it takes the cache's latency alone).
    pub fn scalar_load(&mut self, cu: usize, cycle: u64, addr: Option<u64>, bytes: u64) -> u64 {
        self.stats.scalar_load_instructions += 1;
        let k = cu / self.cus_per_scalar_cache;
        let mut lines = std::mem::take(&mut self.line_buffer);
        lines.clear();
        let cache = &self.scalar[k].cache;
        if let Some(addr) = addr {
            let (first, last) = (cache.line_of(addr), cache.line_of(addr + bytes.max(1) - 1));
            lines.extend(first..=last);
        }
        self.read_lines(Path::Scalar(k), cycle, lines)
    }

    fn first_level(&mut self, path: Path) -> &mut FirstLevel {
        match path {
            Path::Vector(cu) => &mut self.l1[cu],
            Path::Scalar(k) => &mut self.scalar[k],
        }
    }

    /// Reads `lines` (line numbers of the first-level cache of `path`)
    /// through that cache: when the last arrives. `lines` goes back to the
    /// line buffer.
    fn read_lines(&mut self, path: Path, cycle: u64, lines: Vec<u64>) -> u64 {
        let (latency, mshrs) = match path {
            Path::Vector(_) => (self.l1_latency, self.l1_mshrs),
            Path::Scalar(_) => (self.scalar_latency, self.scalar_mshrs),
        };
        self.now = cycle;
        let level = self.first_level(path);
        // Each line enters the pipeline the cycle after the one before,
        // or after the MSHR the one before waited for.
        let mut next = cycle.max(level.free);
        let start = next;
        let line_bytes_shift = level.cache.line_shift();
        if let Path::Vector(_) = path {
            self.stats.load_lines += lines.len() as u64;
        }
        let mut ready = start + latency;
        let mut by_level = [(0u64, 0u64); 3];
        for &line in &lines {
            let t = next;
            next += 1;
            let addr = line << line_bytes_shift;
            let level = self.first_level(path);
            let access = level.cache.access(addr, false);
            if access.hit {
                let line_ready = (t + latency).max(access.ready);
                by_level[0].0 += 1;
                by_level[0].1 += line_ready - t;
                ready = ready.max(line_ready);
                continue;
            }
            let requested = t;
            // A level's lines enter in order, so none later asks before
            // `t`: what ended by then can be forgotten.
            let t = level.mshrs.wait(t, mshrs, t);
            next = t + 1;
            self.stats.mshr_wait_cycles += t - requested;
            // A first-level line wider than the L2's is filled from each
            // L2 line it spans, one request per cycle.
            let line_bytes = 1u64 << line_bytes_shift;
            let mut done = 0;
            let mut l2_hit = true;
            for (j, part) in (addr..addr + line_bytes)
                .step_by(self.l2_line_bytes as usize)
                .enumerate()
            {
                let arrive = t + latency + j as u64;
                let (part_done, hit) = self.l2_access(part, arrive, L2Request::Read);
                done = done.max(part_done);
                l2_hit &= hit;
            }
            let k = if l2_hit { 1 } else { 2 };
            by_level[k].0 += 1;
            by_level[k].1 += done - requested;
            let level = self.first_level(path);
            level.mshrs.hold(done);
            level.cache.fill(access.slot, done);
            ready = ready.max(done);
        }
        self.first_level(path).free = next;
        let (lines_by, latency_by) = match path {
            Path::Vector(_) => (
                &mut self.stats.load_lines_by_level,
                &mut self.stats.load_latency_by_level,
            ),
            Path::Scalar(_) => (
                &mut self.stats.scalar_lines_by_level,
                &mut self.stats.scalar_latency_by_level,
            ),
        };
        for (k, (n, cycles)) in by_level.into_iter().enumerate() {
            lines_by[k] += n;
            latency_by[k] += cycles;
        }
        self.line_buffer = lines;
        ready
    }

    /// A global store: write-through to the L2, no allocation in the L1.
    /// Returns when the last line is written.
    pub fn store(&mut self, cu: usize, cycle: u64, addrs: &[u64]) -> u64 {
        self.stats.store_instructions += 1;
        self.now = cycle;
        let lines = self.lines(cu, addrs);
        let start = cycle.max(self.l1[cu].free);
        self.l1[cu].free = start + lines.len() as u64;
        self.stats.store_lines += lines.len() as u64;
        let shift = self.l1[cu].cache.line_shift();
        let mut done = start;
        for (i, &line) in lines.iter().enumerate() {
            let addr = line << shift;
            self.l1[cu].cache.invalidate(addr);
            let t = start + i as u64 + self.l1_latency;
            if shift <= self.l2_line_shift {
                done = done.max(self.l2_access(addr, t, L2Request::LineWrite).0);
                continue;
            }
            // An L1 line wider than the L2's: the L2 lines the lanes wrote
            // in it, one request per cycle.
            let mut parts: Vec<u64> = Vec::new();
            for &a in addrs {
                let part = a >> self.l2_line_shift;
                if a >> shift == line && !parts.contains(&part) {
                    parts.push(part);
                }
            }
            for (j, part) in parts.into_iter().enumerate() {
                let at = part << self.l2_line_shift;
                done = done.max(self.l2_access(at, t + j as u64, L2Request::LineWrite).0);
            }
        }
        self.line_buffer = lines;
        done
    }

    /// A global atomic: each lane's operation runs at an atomic unit of the
    /// L2 bank holding its address, one after another per address, once
    /// the L2 holds its line (a miss fetches it, and the line is left
    /// dirty).
    /// `timing` overrides the (latency, interval) of the operation's kind
    /// (an `[instructions."NAME"]` entry for this atomic). `busy` hears of
    /// each lane's operation: the cycle it starts on a unit, and the
    /// cycles it holds it.
    pub fn atomic(
        &mut self,
        cycle: u64,
        op: isa::ir::AtomicOp,
        addrs: &[u64],
        timing: Option<(u64, u64)>,
        busy: &mut impl FnMut(u64, u64),
    ) -> AtomicTimes {
        self.stats.atomic_instructions += 1;
        self.now = cycle;
        let kind = super::atomic_kind(op) as usize;
        let (latency, interval) = timing.unwrap_or(self.atomic[kind]);
        let transit = self.l1_latency + self.l2_latency;
        let arrive = cycle + transit;
        let mut ready = arrive;
        // When the lanes so far have entered their banks' queues: in order,
        // each after the one before.
        let mut entered = arrive;
        // The units beside a bank read its lines themselves: a lookup books
        // no bank port, so a hit costs nothing beyond the transit.
        let look_up = cycle + self.l1_latency;
        let mut lines = std::mem::take(&mut self.atomic_lines);
        lines.clear();
        for &a in addrs {
            let b = self.bank_of(a);
            let line = a >> self.l2_line_shift;
            // Neighbouring lanes mostly share a line: the latest is checked
            // first.
            let line_ready = match lines.iter().rev().find(|&&(l, _)| l == line) {
                Some(&(_, ready)) => ready,
                None => {
                    let at = line << self.l2_line_shift;
                    let ready = self.l2_lookup(b, at, look_up, L2Request::Atomic).0;
                    lines.push((line, ready));
                    ready
                }
            };
            if self.atomic_queue_limit > 0 {
                // Not before the lane ahead of it in this bank's queue.
                entered = entered.max(self.atomic_entered[b]);
                // Full: room comes when the first waiting one starts. Entry
                // is in order, so what started by `entered` is forgotten.
                let room = self.atomic_waiting[b].wait(entered, self.atomic_queue_limit, entered);
                if room > entered {
                    entered = room;
                    self.stats.atomic_queue_full += 1;
                }
                self.atomic_entered[b] = entered;
            }
            let address_free = self.address_free.entry(a).or_insert(0);
            let addr_ready = *address_free;
            if addr_ready > entered {
                // An earlier operation on this address held it up.
                self.stats.atomic_serialised += 1;
            }
            // Waiting for its address or its line, it holds no unit: it
            // takes the unit free soonest once both are there.
            let ready_at = entered.max(addr_ready).max(line_ready);
            let start =
                Calendar::book_soonest(&mut self.atomic_units[b], cycle, ready_at, interval);
            if self.atomic_queue_limit > 0 && start > entered {
                self.atomic_waiting[b].hold(start);
            }
            busy(start, interval);
            *address_free = start + interval;
            self.stats.atomic_queue_cycles += start - arrive;
            self.stats.atomic_operations += 1;
            ready = ready.max(start + latency);
        }
        self.atomic_lines = lines;
        // Atomics arrive in issue order, so an address free by now never
        // holds a later one up: forgetting it changes nothing, and keeps
        // the map to the addresses with operations still queued rather
        // than every address the run ever touched.
        if self.address_free.len() > self.address_free_limit {
            self.address_free.retain(|_, free| *free > arrive);
            self.address_free_limit = (2 * self.address_free.len()).max(ADDRESS_FREE_LEAST);
        }
        AtomicTimes {
            ready,
            sent: entered - transit,
        }
    }

    /// An LDS access: lanes go `banks` at a time; a group takes as many
    /// cycles as the most distinct words wanted from one bank (atomics on
    /// one word are serialised too).
    pub fn lds(&mut self, cu: usize, cycle: u64, addrs: &[u64], serialise: bool) -> u64 {
        self.stats.lds_instructions += 1;
        let mut cycles = 0u64;
        let bank_of = self.lds_bank;
        // (bank, word) of each lane of a group, sorted so that each bank's
        // words are side by side.
        let mut wanted = std::mem::take(&mut self.lds_buffer);
        for group in addrs.chunks(bank_of.d() as usize) {
            // The common patterns need no sorting: consecutive words (at
            // most one per bank), and one word for every lane (a broadcast,
            // unless atomics serialise on it).
            let first = group[0] / 4;
            if (0..).zip(group).all(|(i, &a)| a / 4 == first + i) {
                cycles += 1;
                continue;
            }
            if group.iter().all(|&a| a / 4 == first) {
                let degree = if serialise { group.len() as u64 } else { 1 };
                cycles += degree;
                self.stats.lds_conflict_cycles += degree - 1;
                continue;
            }
            let degree = match self.conflict_degree(group, serialise) {
                Some(degree) => degree,
                None => {
                    // Words too far apart for the bitmap: sorted by bank.
                    wanted.clear();
                    wanted.extend(group.iter().map(|&a| (bank_of.rem(a / 4), a / 4)));
                    wanted.sort_unstable();
                    let (mut degree, mut run) = (1u64, 0u64);
                    for (i, &(bank, word)) in wanted.iter().enumerate() {
                        let new_bank = i == 0 || wanted[i - 1].0 != bank;
                        if new_bank {
                            run = 0;
                        }
                        if new_bank || serialise || wanted[i - 1].1 != word {
                            run += 1;
                        }
                        degree = degree.max(run);
                    }
                    degree
                }
            };
            cycles += degree;
            self.stats.lds_conflict_cycles += degree - 1;
        }
        self.lds_buffer = wanted;
        let cycles = cycles.max(1);
        let start = cycle.max(self.lds_free[cu]);
        self.lds_free[cu] = start + cycles;
        start + cycles + self.lds_latency
    }

    /// The most distinct words (with `serialise`, lanes) that one group of
    /// LDS lanes wants from one bank, when the group's words lie within
    /// `BITMAP_WORDS` of each other, the usual case: each lane's word is
    /// marked in a bitmap and counted at its bank the first time.
    fn conflict_degree(&mut self, group: &[u64], serialise: bool) -> Option<u64> {
        const BITMAP_WORDS: u64 = 512;
        let (low, high) = group
            .iter()
            .fold((u64::MAX, 0), |(lo, hi), &a| (lo.min(a / 4), hi.max(a / 4)));
        if high - low >= BITMAP_WORDS {
            return None;
        }
        let mut seen = [0u64; BITMAP_WORDS as usize / 64];
        let mut degree = 1;
        for &a in group {
            let word = a / 4;
            let at = (word - low) as usize;
            let bit = 1u64 << (at % 64);
            if serialise || seen[at / 64] & bit == 0 {
                seen[at / 64] |= bit;
                let wanted = &mut self.lds_wanted[self.lds_bank.rem(word) as usize];
                *wanted += 1;
                degree = degree.max(*wanted);
            }
        }
        for &a in group {
            self.lds_wanted[self.lds_bank.rem(a / 4) as usize] = 0;
        }
        Some(degree)
    }
}

/// Hits and misses of `caches`, all together.
fn hits_misses(caches: &[FirstLevel]) -> (u64, u64) {
    caches
        .iter()
        .fold((0, 0), |(h, m), l| (h + l.cache.hits, m + l.cache.misses))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An atomic unit's bookings as a plain list of busy cycles
    /// `[start, end)`: the operation, ready at `ready`, takes the unit of
    /// `bank` that can start it first (the lowest of equals), at the
    /// first cycle from `ready` that is `ready` itself or the end of a
    /// booking and overlaps none; booked there. Returns its start.
    fn book_first_free_unit(bank: &mut [Vec<(u64, u64)>], ready: u64, cycles: u64) -> u64 {
        let first_free = |busy: &[(u64, u64)]| {
            std::iter::once(ready)
                .chain(busy.iter().map(|&(_, end)| end).filter(|&end| end > ready))
                .filter(|&s| busy.iter().all(|&(b, e)| e <= s || b >= s + cycles))
                .min()
                .unwrap()
        };
        let starts: Vec<u64> = bank.iter().map(|busy| first_free(busy)).collect();
        let unit = (0..bank.len()).min_by_key(|&u| starts[u]).unwrap();
        bank[unit].push((starts[unit], starts[unit] + cycles));
        starts[unit]
    }

    /// A memory system whose L2 holds the lines of `addrs`, read by loads
    /// of CU 0 (64 addresses a cycle) and its counts then reset, and a
    /// cycle by which their data is there: atomics from then on find
    /// their lines.
    fn warmed(cfg: &Config, addrs: &[u64]) -> (MemorySystem, u64) {
        let mut mem = MemorySystem::new(cfg);
        let mut ready = 0;
        for (cycle, chunk) in (0..).zip(addrs.chunks(64)) {
            ready = ready.max(mem.load(0, cycle, chunk));
        }
        mem.stats = MemoryStats::default();
        (mem, ready)
    }

    /// One lane's atomic on a line the L2 lacks, against the same on a
    /// warmed line: it waits for the line's transfer and the DRAM latency,
    /// reads the line from DRAM, and leaves it dirty for the flush.
    #[test]
    fn an_atomic_on_a_line_the_l2_lacks_waits_for_it_from_dram() {
        let cfg = Config::default_config();
        let m = &cfg.memory;
        let addr = 4096;
        let (mut warm, cycle) = warmed(&cfg, &[addr]);
        let mut cold = MemorySystem::new(&cfg);
        let op = isa::ir::AtomicOp::IIncrement;
        let run = |mem: &mut MemorySystem| {
            let ready = mem.atomic(cycle, op, &[addr], None, &mut |_, _| {}).ready;
            mem.flush();
            (ready, mem.stats.dram_read_bytes, mem.stats.dram_flush_bytes)
        };
        let (warm, cold) = (run(&mut warm), run(&mut cold));
        let line = m.l2.line_bytes as u64;
        let transfer = line.div_ceil(m.dram.bytes_per_cycle as u64);
        assert_eq!(cold.0 - warm.0, transfer + m.dram.latency as u64);
        assert_eq!((cold.1, warm.1), (line, 0), "lines read from DRAM");
        assert_eq!((cold.2, warm.2), (line, line), "dirty lines flushed");
    }

    /// Lines asked of DRAM at once move at the bus's bytes per cycle,
    /// several a cycle when it is wider than a line: the k-th (from 1)
    /// has moved by cycle ceil(k * line / bytes_per_cycle).
    #[test]
    fn the_dram_bus_moves_lines_at_its_bytes_per_cycle() {
        for per_cycle in [16u64, 48, 64, 128, 1000] {
            let mut cfg = Config::default_config();
            cfg.memory.dram.bytes_per_cycle = per_cycle as u32;
            let line = cfg.memory.l2.line_bytes as u64;
            let mut mem = MemorySystem::new(&cfg);
            for k in 1..=20u64 {
                let moved = mem.dram_line(0, 0);
                assert_eq!(
                    moved,
                    (k * line).div_ceil(per_cycle),
                    "{per_cycle} B/cycle, line {k}"
                );
            }
            assert_eq!(mem.dram_done(), (20 * line).div_ceil(per_cycle));
            // A line asked for later starts then, not before.
            let later = 1000;
            assert_eq!(
                mem.dram_line(later, later),
                later + line.div_ceil(per_cycle)
            );
        }
    }

    /// Two addresses of one L2 bank, each wave atomic on one of them in
    /// turn: an operation waiting for its address holds no unit, so with
    /// two units the two addresses' operations run side by side and take
    /// half the time they take on one.
    #[test]
    fn operations_waiting_for_their_address_leave_the_units_to_others() {
        let last_ready = |units: u32| {
            let mut cfg = Config::default_config();
            cfg.atomics.units_per_bank = units;
            let bank_stride = (cfg.memory.l2.line_bytes * cfg.memory.l2.banks) as u64;
            let (mut mem, start) = warmed(&cfg, &[0, bank_stride]);
            let mut ready = 0;
            for wave_atomic in 0..16u64 {
                let addrs = [bank_stride * (wave_atomic % 2); 64];
                let op = isa::ir::AtomicOp::IIncrement;
                let cycle = start + wave_atomic;
                ready = ready.max(mem.atomic(cycle, op, &addrs, None, &mut |_, _| {}).ready);
            }
            ready - start
        };
        let (one, two) = (last_ready(1), last_ready(2));
        let interval = Config::default_config().atomics.integer.interval as u64;
        assert!(one >= 16 * 64 * interval, "one unit: {one}");
        assert!(
            2 * two <= one + 200 + 2 * 64 * interval,
            "two units: {two}, one: {one}"
        );
    }

    /// Global atomics against the model written out plainly (every
    /// address's last free cycle kept for ever), over more addresses than
    /// `address_free` keeps before it sheds the free ones: the shedding
    /// changes no cycle and no count.
    #[test]
    fn atomics_time_the_same_when_free_addresses_are_forgotten() {
        let mut random = crate::exec::xorshift(0xa70_1c5);
        let mut cfg = Config::default_config();
        // The reference below has no queue limit.
        cfg.atomics.queue_per_bank = 0;
        cfg.atomics.units_per_bank = 2;
        // The reference finds every line in the L2: it must hold them all.
        cfg.memory.l2.size_bytes = 4 << 20;
        let words = 3 * ADDRESS_FREE_LEAST as u64;
        let line = cfg.memory.l2.line_bytes as u64;
        let all_lines: Vec<u64> = (0..4 * words).step_by(line as usize).collect();
        let (mut mem, mut cycle) = warmed(&cfg, &all_lines);
        let m = &cfg.memory;
        let banks = m.l2.banks as u64;
        let mut units = vec![vec![Vec::new(); 2]; banks as usize];
        let mut address_free = std::collections::BTreeMap::new();
        let mut serialised = 0;
        let (latency, interval) = (7, 3);
        for _ in 0..40_000 {
            cycle += random() % 8;
            // Lanes over three times the addresses the map keeps before it
            // sheds, or a few hot ones again.
            let lanes = 1 + random() as usize % 8;
            let addrs: Vec<u64> = (0..lanes)
                .map(|_| match random() % 4 {
                    0 => 4 * (random() % 8),
                    _ => 4 * (random() % words),
                })
                .collect();
            // Shed after every operation, not only at the threshold.
            if random().is_multiple_of(2) {
                mem.address_free_limit = 0;
            }
            let op = isa::ir::AtomicOp::IIncrement;
            let got = mem
                .atomic(cycle, op, &addrs, Some((latency, interval)), &mut |_, _| {})
                .ready;
            let arrive = cycle + (m.l1.latency + m.l2.latency) as u64;
            let mut ready = arrive;
            for &a in &addrs {
                let bank = &mut units[((a / m.l2.line_bytes as u64) % banks) as usize];
                let free = address_free.get(&a).copied().unwrap_or(0);
                serialised += u64::from(free > arrive);
                let start = book_first_free_unit(bank, arrive.max(free), interval);
                address_free.insert(a, start + interval);
                ready = ready.max(start + latency);
            }
            assert_eq!(got, ready, "at cycle {cycle}");
        }
        assert!(
            address_free.len() > ADDRESS_FREE_LEAST,
            "the test needs this"
        );
        assert!(
            mem.address_free.len() < address_free.len(),
            "free ones forgotten"
        );
        assert_eq!(mem.stats.atomic_serialised, serialised);
    }

    /// A queue limit at the atomic units, against its definition: a lane
    /// enters its bank's queue when its wave atomic arrives, but not before
    /// the lane before it in the atomic, nor the lane before it at that
    /// bank (first come, first served); and if `limit` operations that
    /// entered before it are still waiting to start then, when the first
    /// of those starts. The atomic is sent when its last lane has entered.
    #[test]
    fn a_full_atomic_queue_holds_lanes_until_room_comes() {
        let mut random = crate::exec::xorshift(0x9_0e0e);
        for limit in [1usize, 3, 16] {
            let mut cfg = Config::default_config();
            cfg.atomics.queue_per_bank = limit as u32;
            let words: Vec<u64> = (0..512).map(|w| 4 * w).collect();
            let (mut mem, mut cycle) = warmed(&cfg, &words);
            let m = &cfg.memory;
            let banks = m.l2.banks as u64;
            let transit = (m.l1.latency + m.l2.latency) as u64;
            let mut units =
                vec![vec![Vec::new(); cfg.atomics.units_per_bank as usize]; banks as usize];
            let mut starts = vec![Vec::new(); banks as usize];
            let mut last_entered = vec![0u64; banks as usize];
            let mut address_free = std::collections::BTreeMap::new();
            let (latency, interval) = (5, 6);
            let mut full = 0;
            for _ in 0..3_000 {
                cycle += random() % 6;
                let lanes = 1 + random() as usize % 16;
                let addrs: Vec<u64> = (0..lanes).map(|_| 4 * (random() % 512)).collect();
                let op = isa::ir::AtomicOp::IIncrement;
                let got = mem.atomic(cycle, op, &addrs, Some((latency, interval)), &mut |_, _| {});
                let mut entered = cycle + transit;
                let mut ready = entered;
                for &a in &addrs {
                    let b = ((a / m.l2.line_bytes as u64) % banks) as usize;
                    entered = entered.max(last_entered[b]);
                    let waiting: Vec<u64> =
                        starts[b].iter().copied().filter(|&s| s > entered).collect();
                    if waiting.len() >= limit {
                        entered = *waiting.iter().min().unwrap();
                        full += 1;
                    }
                    last_entered[b] = entered;
                    let free = address_free.get(&a).copied().unwrap_or(0);
                    let start = book_first_free_unit(&mut units[b], entered.max(free), interval);
                    starts[b].push(start);
                    address_free.insert(a, start + interval);
                    ready = ready.max(start + latency);
                }
                assert_eq!(
                    (got.ready, got.sent),
                    (ready, entered - transit),
                    "limit {limit}"
                );
            }
            assert!(full > 0, "the test needs full queues");
            assert_eq!(mem.stats.atomic_queue_full, full);
        }
    }

    /// A flood of blind atomics on ever new addresses, each wave atomic
    /// issued as soon as the one before it was sent (as the engine holds
    /// a wave): under the built-in models' queue limit the addresses kept
    /// stay bounded by the modelled queues (plus the shedding threshold),
    /// whatever the flood's length; without a limit they grow with it.
    #[test]
    fn a_queue_limit_bounds_the_addresses_kept_for_a_flood_of_atomics() {
        let bound = 2 * ADDRESS_FREE_LEAST + 64;
        for limit in [Config::default_config().atomics.queue_per_bank, 0] {
            let mut cfg = Config::default_config();
            cfg.atomics.queue_per_bank = limit;
            let mut mem = MemorySystem::new(&cfg);
            let (mut cycle, mut most) = (0, 0);
            for wave_atomic in 0..20_000u64 {
                let addrs: Vec<u64> = (0..64).map(|l| 4 * (64 * wave_atomic + l)).collect();
                let op = isa::ir::AtomicOp::IIncrement;
                let sent = mem.atomic(cycle, op, &addrs, None, &mut |_, _| {}).sent;
                cycle = (cycle + 1).max(sent);
                most = most.max(mem.address_free.len());
            }
            if limit > 0 {
                assert!(most <= bound, "limit {limit}: {most} addresses kept");
                assert!(
                    mem.stats.atomic_queue_full > 0,
                    "the test needs full queues"
                );
            } else {
                assert!(most > 4 * bound, "unlimited: only {most} addresses kept");
            }
        }
    }

    /// LDS access times against the definition: per group of `banks`
    /// lanes, the most distinct words (for atomics, lanes) any one bank
    /// is asked for, counted with a set per bank.
    #[test]
    fn lds_groups_take_the_most_words_one_bank_is_asked_for() {
        let mut random = crate::exec::xorshift(0x1d5_ba4c);
        for banks in [1u32, 3, 16, 32, 64] {
            let mut cfg = Config::default_config();
            cfg.memory.lds.banks = banks;
            let mut mem = MemorySystem::new(&cfg);
            let latency = cfg.memory.lds.latency as u64;
            let mut free = 0;
            for step in 0..2_000 {
                // Words within a few banks' reach of each other, or spread
                // over the whole LDS, with some lanes sharing a word.
                let spread = [4u64, 64, 600, 1 << 20][random() as usize % 4];
                let base = random() % 4096;
                let lanes = 1 + random() as usize % 64;
                let addrs: Vec<u64> = (0..lanes)
                    .map(|_| 4 * (base + random() % spread) + random() % 4)
                    .collect();
                let serialise = random().is_multiple_of(3);
                let mut cycles = 0;
                for group in addrs.chunks(banks as usize) {
                    let mut per_bank = vec![std::collections::BTreeSet::new(); banks as usize];
                    for (lane, &a) in group.iter().enumerate() {
                        let word = a / 4;
                        // Serialised lanes count even when they share a word.
                        let key = if serialise { (word, lane) } else { (word, 0) };
                        per_bank[(word % banks as u64) as usize].insert(key);
                    }
                    cycles += per_bank.iter().map(|b| b.len() as u64).max().unwrap();
                }
                let cycle = 1_000 * step;
                let start = cycle.max(free);
                free = start + cycles.max(1);
                assert_eq!(
                    mem.lds(0, cycle, &addrs, serialise),
                    free + latency,
                    "{banks} banks, step {step}: {addrs:?}, serialise {serialise}"
                );
            }
        }
    }

    #[test]
    fn the_coalescer_asks_for_each_line_once_in_order_of_first_use() {
        let mut mem = MemorySystem::new(&Config::default_config());
        let line = 1u64 << mem.l1[0].cache.line_shift();
        let rows: [(&str, Vec<u64>); 8] = [
            (
                "consecutive words",
                (0..64).map(|i| 0x1000 + 4 * i).collect(),
            ),
            ("one address", vec![0x2004; 64]),
            ("a line apart", (0..8).map(|i| 0x1000 + line * i).collect()),
            (
                "just under a line apart",
                (0..8).map(|i| 0x1000 + (line - 1) * i).collect(),
            ),
            (
                "descending",
                (0..64).rev().map(|i| 0x1000 + 4 * i).collect(),
            ),
            (
                "back and forth",
                vec![0x1000, 0x1000 + line, 0x1000, 0x1000 + 2 * line],
            ),
            (
                "scattered",
                (0..64).map(|i| (i * 7919 % 61) * 4 * line).collect(),
            ),
            ("across the top", vec![u64::MAX - 3, 0, 4]),
        ];
        for (name, addrs) in rows {
            // By hand: each address's line, kept the first time it is seen.
            let mut expected: Vec<u64> = Vec::new();
            for a in &addrs {
                if !expected.contains(&(a / line)) {
                    expected.push(a / line);
                }
            }
            assert_eq!(mem.lines(0, &addrs), expected, "{name}");
        }
    }
}
