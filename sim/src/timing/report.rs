//! What a timed run measured: cycles, issue and stall accounting, unit
//! utilisation, memory and atomic figures, occupancy, and a timeline of
//! them in a bounded number of bins (the traces are `trace`'s).

use super::memory::{MemoryStats, MemorySystem};
use super::trace::OccupancyRecord;
use super::{Occupancy, Stall};
use crate::exec::wave::Counts;
use crate::input::config::Config;
use isa::ir::Kernel;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// One SIMD's cycles: those it issued in, those it stalled in for each
/// reason, and its state since `since` (`None` = issuing), not yet
/// counted. Kept together: the scheduler changes a SIMD's state at most
/// once a cycle, and one place to touch is cheaper than four.
#[derive(Clone)]
pub struct SimdCycles {
    pub issue: u64,
    pub stalls: [u64; Stall::ALL.len()],
    current: Option<Stall>,
    since: u64,
}

impl SimdCycles {
    /// Charges the cycles up to `cycle` to the current state.
    fn charge(&mut self, cycle: u64) {
        debug_assert!(cycle >= self.since, "states change forward in time");
        let spent = cycle.saturating_sub(self.since);
        match self.current {
            None => self.issue += spent,
            Some(s) => self.stalls[s as usize] += spent,
        }
        self.since = cycle;
    }
}

pub struct Report {
    pub cycles: u64,
    clock_mhz: f64,
    simds: usize,
    wave_slots: u32,
    unit_names: Vec<String>,
    /// Per unit: instances on the whole GPU.
    unit_instances: Vec<u64>,
    /// Per unit: busy cycles on the whole GPU (summed at the end).
    pub unit_busy: Vec<u64>,
    /// Per CU, per unit (at `cu * units + unit`): busy cycles.
    unit_busy_per_cu: Vec<u64>,
    /// Per (CU, SIMD).
    pub simd_cycles: Vec<SimdCycles>,
    pub occupancy: Occupancy,
    /// Per CU: resident waves now, since when, waves x cycles so far, and
    /// cycles with any wave resident.
    resident: Vec<(u32, u64, u128, u64)>,
    pub timeline: Timeline,
    pub wave_instructions_per_cu: Vec<u64>,
    counts: Counts,
    memory: MemoryFigures,
    dram_bytes_per_cycle: u64,
    /// The L2's atomic units, all banks.
    atomic_units: u64,
    /// Wave-instructions by op class, by canonical name and by the unit
    /// (or memory path) that took them.
    mix: (
        BTreeMap<String, u64>,
        BTreeMap<String, u64>,
        BTreeMap<String, u64>,
    ),
}

/// The memory system's figures at the end of the run.
#[derive(Default)]
struct MemoryFigures {
    /// Hits and misses.
    l1: (u64, u64),
    l1_per_cu: Vec<(u64, u64)>,
    l2: (u64, u64),
    /// The scalar caches' hits and misses.
    scalar: (u64, u64),
    stats: MemoryStats,
}

/// The figures the memory plot shows.
pub struct MemoryPlotFigures {
    pub l1: (u64, u64),
    pub l2: (u64, u64),
    /// `None` when the cache had no accesses (as the other rates below:
    /// nothing to divide by).
    pub l1_hit_rate: Option<f64>,
    pub l2_hit_rate: Option<f64>,
    pub dram_gbps: f64,
    pub dram_peak_gbps: f64,
    pub dram_bandwidth_fraction: f64,
    pub atomic_operations: u64,
    pub atomic_mean_queue: Option<f64>,
    pub atomic_serialised_fraction: Option<f64>,
    pub atomic_units: u64,
    pub atomic_unit_utilisation: Option<f64>,
}

impl Report {
    /// A report on the units of `cfg` (`Config::units_per_cu`).
    pub fn new(cfg: &Config, occupancy: &Occupancy) -> Report {
        let cus = cfg.gpu.compute_units as usize;
        let simds = cfg.cu.simds as usize;
        let units = cfg.units_per_cu();
        let unit_instances: Vec<u64> = units.iter().map(|u| u.1 * cus as u64).collect();
        let unit_names: Vec<String> = units.into_iter().map(|u| u.0).collect();
        Report {
            cycles: 0,
            clock_mhz: cfg.gpu.clock_mhz,
            simds,
            wave_slots: cfg.cu.wave_slots_per_simd,
            unit_instances,
            unit_busy: vec![0; unit_names.len()],
            unit_busy_per_cu: vec![0; cus * unit_names.len()],
            simd_cycles: vec![
                SimdCycles {
                    issue: 0,
                    stalls: [0; Stall::ALL.len()],
                    current: Some(Stall::NoWave),
                    since: 0,
                };
                cus * simds
            ],
            occupancy: occupancy.clone(),
            resident: vec![(0, 0, 0, 0); cus],
            timeline: Timeline::new(cus, unit_names.len()),
            unit_names,
            wave_instructions_per_cu: vec![0; cus],
            counts: Counts::default(),
            memory: MemoryFigures::default(),
            dram_bytes_per_cycle: cfg.memory.dram.bytes_per_cycle as u64,
            atomic_units: (cfg.memory.l2.banks * cfg.atomics.units_per_bank) as u64,
            mix: Default::default(),
        }
    }

    /// SIMD `k` (CU x SIMDs + SIMD) stalls for `why` from `cycle` on.
    pub fn stall(&mut self, k: usize, why: Stall, cycle: u64) {
        self.set_state(k, Some(why), cycle);
    }

    /// SIMD `k` issues in `cycle`.
    pub fn busy_simd(&mut self, k: usize, cycle: u64) {
        self.set_state(k, None, cycle);
    }

    /// Charges the time since the last change to the old state.
    fn set_state(&mut self, k: usize, state: Option<Stall>, cycle: u64) {
        let simd = &mut self.simd_cycles[k];
        if simd.current != state {
            simd.charge(cycle);
            simd.current = state;
        }
    }

    /// An instance of `unit` on CU `cu` is busy for `cycles` from `cycle`
    /// on.
    #[inline(always)]
    pub fn unit_busy(&mut self, cu: usize, unit: usize, cycle: u64, cycles: u64) {
        self.unit_busy_per_cu[cu * self.unit_names.len() + unit] += cycles;
        self.timeline.unit_busy(unit, cycle, cycles);
    }

    /// An L2 atomic unit is busy for `cycles` from `cycle` on.
    pub fn atomic_busy(&mut self, cycle: u64, cycles: u64) {
        self.timeline.atomic_busy(cycle, cycles);
    }

    /// The L2's atomic units, all banks.
    pub fn atomic_units(&self) -> u64 {
        self.atomic_units
    }

    /// Cycles the L2's atomic units were busy, summed over them: the
    /// timeline's, every cycle of which falls in a bin.
    fn atomic_unit_busy(&self) -> u64 {
        self.timeline.atomic_busy.iter().sum()
    }

    /// The fraction of the run's cycles the L2's atomic units were busy,
    /// over all of them (`None` when no atomic reached them): against the
    /// share of operations that waited for their address, it tells units
    /// too few from addresses too shared.
    pub fn atomic_unit_utilisation(&self) -> Option<f64> {
        (self.memory.stats.atomic_operations > 0).then(|| {
            ratio(
                self.atomic_unit_busy(),
                self.atomic_units.saturating_mul(self.cycles),
            )
        })
    }

    pub fn issued_on(&mut self, cu: usize) {
        self.wave_instructions_per_cu[cu] += 1;
    }

    pub fn occupancy_change(&mut self, r: &OccupancyRecord) {
        let (waves, since, total, busy) = &mut self.resident[r.cu as usize];
        let span = r.cycle - *since;
        *total += *waves as u128 * span as u128;
        if *waves > 0 {
            *busy += span;
        }
        self.timeline
            .resident(r.cu as usize, *since, r.cycle, *waves as u64);
        *waves = r.waves;
        *since = r.cycle;
    }

    /// Closes the accounts at the end of the run and keeps the memory
    /// system's figures and the instruction mix (`issued[pc]`
    /// wave-instructions at each pc of `kernel`, and `by_unit`); the
    /// summary is built when asked for.
    pub fn finish(
        &mut self,
        cycles: u64,
        mem: &MemorySystem,
        counts: Counts,
        kernel: &Kernel,
        issued: &[u64],
        by_unit: BTreeMap<String, u64>,
    ) {
        self.cycles = cycles;
        // Every SIMD's last state lasts to the end of the run, so that each
        // SIMD-cycle is charged once.
        for simd in &mut self.simd_cycles {
            simd.charge(cycles);
        }
        for (cu, (waves, since, total, busy)) in self.resident.iter_mut().enumerate() {
            let span = cycles - *since;
            *total += *waves as u128 * span as u128;
            if *waves > 0 {
                *busy += span;
            }
            self.timeline.resident(cu, *since, cycles, *waves as u64);
            *since = cycles;
        }
        self.timeline.close(cycles);
        // Whole-GPU unit figures, summed once rather than kept per issue.
        let units = self.unit_names.len();
        for (u, busy) in self.unit_busy.iter_mut().enumerate() {
            *busy = self.unit_busy_per_cu[u..].iter().step_by(units).sum();
        }
        self.memory = MemoryFigures {
            l1: mem.l1_hits_misses(),
            l1_per_cu: mem.l1_hits_misses_per_cu(),
            l2: mem.l2_hits_misses(),
            scalar: mem.scalar_hits_misses(),
            stats: mem.stats.clone(),
        };
        self.counts = counts;
        self.mix.2 = by_unit;
        for (pc, &n) in issued.iter().enumerate().filter(|(_, &n)| n > 0) {
            let inst = &kernel.insts[pc];
            let class = isa::vocabulary::op_class(inst).name().to_string();
            let name = isa::vocabulary::instruction_name(inst, kernel.origins[pc].opcode);
            *self.mix.0.entry(class).or_default() += n;
            *self.mix.1.entry(name).or_default() += n;
        }
    }

    pub fn unit_names(&self) -> &[String] {
        &self.unit_names
    }

    /// Instances of unit `u` on the whole GPU.
    pub fn unit_instances(&self, u: usize) -> u64 {
        self.unit_instances[u]
    }

    /// Busy fraction of unit `u` over the run.
    pub fn unit_utilisation(&self, u: usize) -> f64 {
        ratio(
            self.unit_busy[u],
            self.unit_instances[u].saturating_mul(self.cycles),
        )
    }

    /// Wave slots of one CU.
    pub fn wave_slots_per_cu(&self) -> u32 {
        self.wave_slots * self.simds as u32
    }

    /// Waves one CU holds at the theoretical occupancy.
    pub fn theoretical_waves_per_cu(&self) -> u32 {
        self.occupancy.waves_per_simd * self.simds as u32
    }

    /// DRAM traffic during the run (the final flush is after it), in bytes
    /// per cycle.
    fn dram_bytes_per_cycle_used(&self) -> f64 {
        let st = &self.memory.stats;
        let bytes = st.dram_read_bytes + st.dram_write_bytes - st.dram_flush_bytes;
        ratio(bytes, self.cycles)
    }

    pub fn memory_figures(&self) -> MemoryPlotFigures {
        let ((l1h, l1m), (l2h, l2m)) = (self.memory.l1, self.memory.l2);
        let st = &self.memory.stats;
        let gbps = |bytes_per_cycle: f64| bytes_per_cycle * self.clock_mhz / 1000.0;
        let used = self.dram_bytes_per_cycle_used();
        MemoryPlotFigures {
            l1: (l1h, l1m),
            l2: (l2h, l2m),
            l1_hit_rate: rate(l1h, l1h + l1m),
            l2_hit_rate: rate(l2h, l2h + l2m),
            dram_gbps: gbps(used),
            dram_peak_gbps: gbps(self.dram_bytes_per_cycle as f64),
            dram_bandwidth_fraction: used / self.dram_bytes_per_cycle as f64,
            atomic_operations: st.atomic_operations,
            atomic_mean_queue: rate(st.atomic_queue_cycles, st.atomic_operations),
            atomic_serialised_fraction: rate(st.atomic_serialised, st.atomic_operations),
            atomic_units: self.atomic_units,
            atomic_unit_utilisation: self.atomic_unit_utilisation(),
        }
    }

    /// The headline figures as JSON.
    pub fn summary(&self) -> Value {
        let cycles = self.cycles;
        let counts = self.counts;
        let cus = self.resident.len();
        let slots_per_cu = self.wave_slots_per_cu() as f64;
        let resident_total: u128 = self.resident.iter().map(|r| r.2).sum();
        let busy_cu_cycles: u64 = self.resident.iter().map(|r| r.3).sum();
        let achieved = if cycles == 0 {
            0.0
        } else {
            resident_total as f64 / cycles as f64 / (cus as f64 * slots_per_cu)
        };
        let achieved_busy = if busy_cu_cycles == 0 {
            0.0
        } else {
            resident_total as f64 / busy_cu_cycles as f64 / slots_per_cu
        };
        let stall_map = |totals: &[u64; Stall::ALL.len()]| -> serde_json::Map<String, Value> {
            Stall::ALL
                .iter()
                .map(|s| (s.name().to_string(), json!(totals[*s as usize])))
                .collect()
        };
        let mut stall_totals = [0u64; Stall::ALL.len()];
        for s in &self.simd_cycles {
            for (t, v) in stall_totals.iter_mut().zip(&s.stalls) {
                *t += v;
            }
        }
        let per_cu_ipc: Vec<f64> = self
            .wave_instructions_per_cu
            .iter()
            .map(|&n| ratio(n, cycles))
            .collect();
        let ((l1h, l1m), (l2h, l2m)) = (self.memory.l1, self.memory.l2);
        let st = &self.memory.stats;
        let units: serde_json::Map<String, Value> = self
            .unit_names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                (
                    name.clone(),
                    json!({
                        "busy_cycles": self.unit_busy[i],
                        "utilisation": self.unit_utilisation(i),
                    }),
                )
            })
            .collect();
        let per_cu: Vec<Value> = (0..cus)
            .map(|c| {
                let mut stalls = [0u64; Stall::ALL.len()];
                let mut issue = 0;
                for simd in &self.simd_cycles[c * self.simds..(c + 1) * self.simds] {
                    issue += simd.issue;
                    for (t, v) in stalls.iter_mut().zip(&simd.stalls) {
                        *t += v;
                    }
                }
                let (h, m) = self.memory.l1_per_cu.get(c).copied().unwrap_or((0, 0));
                let units: serde_json::Map<String, Value> = self
                    .unit_names
                    .iter()
                    .enumerate()
                    .map(|(u, name)| {
                        let per_cu = self.unit_instances[u] / cus as u64;
                        let busy = self.unit_busy_per_cu[c * self.unit_names.len() + u];
                        (
                            name.clone(),
                            json!(ratio(busy, per_cu.saturating_mul(cycles))),
                        )
                    })
                    .collect();
                let (_, _, resident, busy) = self.resident[c];
                json!({
                    "cu": c,
                    "wave_instructions": self.wave_instructions_per_cu[c],
                    "ipc": per_cu_ipc[c],
                    "issue_cycles": issue,
                    "stall_cycles": stall_map(&stalls),
                    "unit_utilisation": units,
                    "l1_hits": h,
                    "l1_misses": m,
                    "l1_hit_rate": rate(h, h + m),
                    "busy_cycles": busy,
                    "achieved_occupancy": if cycles == 0 { 0.0 } else {
                        resident as f64 / cycles as f64 / slots_per_cu
                    },
                })
            })
            .collect();
        let level = |i: usize| {
            json!({
                "lines": st.load_lines_by_level[i],
                "mean_latency": rate(st.load_latency_by_level[i], st.load_lines_by_level[i]),
            })
        };
        let scalar_level = |i: usize| {
            json!({
                "lines": st.scalar_lines_by_level[i],
                "mean_latency": rate(st.scalar_latency_by_level[i], st.scalar_lines_by_level[i]),
            })
        };
        let (sch, scm) = self.memory.scalar;
        let plot = self.memory_figures();
        json!({
            "cycles": cycles,
            "time_us": cycles as f64 / self.clock_mhz,
            "ipc": ratio(counts.wave_instructions, cycles),
            "ipc_per_cu": per_cu_ipc,
            "issue_cycles": self.simd_cycles.iter().map(|s| s.issue).sum::<u64>(),
            "stall_cycles": stall_map(&stall_totals),
            "units": units,
            "instruction_mix": {
                "by_class": self.mix.0,
                "by_name": self.mix.1,
                "by_unit": self.mix.2,
            },
            "occupancy": {
                "vgprs_per_wave": self.occupancy.vgprs_per_wave,
                "sgprs_per_wave": self.occupancy.sgprs_per_wave,
                "waves_per_workgroup": self.occupancy.waves_per_workgroup,
                "theoretical_waves_per_simd": self.occupancy.waves_per_simd,
                "theoretical": self.occupancy.fraction,
                "limiter": self.occupancy.limiter,
                "achieved": achieved,
                "achieved_busy_cus": achieved_busy,
            },
            "memory": {
                "l1_hits": l1h,
                "l1_misses": l1m,
                "l1_hit_rate": plot.l1_hit_rate,
                "l2_hits": l2h,
                "l2_misses": l2m,
                "l2_hit_rate": plot.l2_hit_rate,
                "dram_read_bytes": st.dram_read_bytes,
                "dram_write_bytes": st.dram_write_bytes,
                "dram_flush_bytes": st.dram_flush_bytes,
                "dram_bytes_per_cycle": self.dram_bytes_per_cycle_used(),
                "dram_peak_bytes_per_cycle": self.dram_bytes_per_cycle,
                "dram_bandwidth_fraction": plot.dram_bandwidth_fraction,
                "dram_gb_per_s": plot.dram_gbps,
                "load_latency": {
                    "l1_hit": level(0),
                    "l2_hit": level(1),
                    "dram": level(2),
                },
                "load_instructions": st.load_instructions,
                "prefetch_instructions": st.prefetch_instructions,
                "store_instructions": st.store_instructions,
                "load_lines": st.load_lines,
                "store_lines": st.store_lines,
                "mshr_wait_cycles": st.mshr_wait_cycles,
                "lds_instructions": st.lds_instructions,
                "lds_conflict_cycles": st.lds_conflict_cycles,
                "scalar_load_instructions": st.scalar_load_instructions,
                "scalar_cache_hits": sch,
                "scalar_cache_misses": scm,
                "scalar_cache_hit_rate": rate(sch, sch + scm),
                "scalar_load_latency": {
                    "scalar_cache_hit": scalar_level(0),
                    "l2_hit": scalar_level(1),
                    "dram": scalar_level(2),
                },
            },
            "atomics": {
                "instructions": st.atomic_instructions,
                "operations": st.atomic_operations,
                "queue_cycles": st.atomic_queue_cycles,
                "mean_queue_cycles": plot.atomic_mean_queue,
                "serialised": st.atomic_serialised,
                "queue_full": st.atomic_queue_full,
                "unit_busy_cycles": self.atomic_unit_busy(),
                "unit_utilisation": plot.atomic_unit_utilisation,
            },
            "per_cu": per_cu,
        })
    }
}

/// a / b for a fraction of the run's cycles (0 for a run of none).
fn ratio(a: u64, b: u64) -> f64 {
    rate(a, b).unwrap_or(0.0)
}

/// a / b per access, line or operation, or `None` when there were none:
/// summary.json writes null and the CSVs an empty field, not a rate of 0.
fn rate(a: u64, b: u64) -> Option<f64> {
    (b != 0).then(|| a as f64 / b as f64)
}

/// Figures over the run in at most [`Timeline::BINS`] bins of equal length:
/// when the run outgrows them, neighbouring bins merge and each then spans
/// twice as many cycles. Memory is bounded by the GPU's size, whatever the
/// run's length.
pub struct Timeline {
    /// Cycles per bin (a power of two).
    pub bin_cycles: u64,
    /// log2 of `bin_cycles`: a cycle's bin is a shift away (the unit
    /// figures find one per issued instruction).
    bin_shift: u32,
    /// The run's end (set when it finishes).
    pub end: u64,
    /// Per CU, per bin: resident waves x cycles.
    pub resident: Vec<[u64; Timeline::BINS]>,
    /// Per unit, per bin: busy cycles of its instances on every CU (bins
    /// in an array, so that the issue that adds to one is not checked
    /// against a length).
    pub unit_busy: Vec<[u64; Timeline::BINS]>,
    /// Per bin: busy cycles of the L2's atomic units, all banks.
    pub atomic_busy: [u64; Timeline::BINS],
}

impl Timeline {
    pub const BINS: usize = 256;

    fn new(cus: usize, units: usize) -> Timeline {
        Timeline {
            bin_cycles: 1,
            bin_shift: 0,
            end: 0,
            resident: vec![[0; Self::BINS]; cus],
            unit_busy: vec![[0; Self::BINS]; units],
            atomic_busy: [0; Self::BINS],
        }
    }

    /// Bins used so far (the last one may be partly filled).
    pub fn bins(&self) -> usize {
        (self.end.div_ceil(self.bin_cycles) as usize).clamp(1, Self::BINS)
    }

    /// Bin `b`'s first cycle and its length in cycles (the last bin ends
    /// with the run; at least 1).
    pub fn bin_span(&self, b: usize) -> (u64, u64) {
        let start = b as u64 * self.bin_cycles;
        let len = self.end.min(start + self.bin_cycles).saturating_sub(start);
        (start, len.max(1))
    }

    /// Ends the timeline at `end`: its bins cover the whole run, the
    /// cycles after the last change included (a drain with no wave
    /// resident left the plots blank after the last bin anything fell in).
    fn close(&mut self, end: u64) {
        self.reach(end.saturating_sub(1));
        self.end = end;
    }

    /// Widens the bins until cycle `t` falls in one.
    #[inline(always)]
    fn reach(&mut self, t: u64) {
        if t >> self.bin_shift >= Self::BINS as u64 {
            self.widen(t);
        }
    }

    #[cold]
    fn widen(&mut self, t: u64) {
        while t >= self.bin_cycles * Self::BINS as u64 {
            let series = self.resident.iter_mut().chain(self.unit_busy.iter_mut());
            for series in series.chain(std::iter::once(&mut self.atomic_busy)) {
                for i in 0..Self::BINS / 2 {
                    series[i] = series[2 * i] + series[2 * i + 1];
                }
                series[Self::BINS / 2..].fill(0);
            }
            self.bin_cycles *= 2;
            self.bin_shift += 1;
        }
    }

    /// An instance of `unit` is busy for `cycles` from `cycle` on: each bin
    /// gets the cycles that fall in it (booked all at the issue, a unit
    /// busy 4 cycles of every 4 read as 1 and 0 in turn in short bins).
    #[inline(always)]
    fn unit_busy(&mut self, unit: usize, cycle: u64, cycles: u64) {
        self.busy(Some(unit), cycle, cycles);
    }

    /// An L2 atomic unit is busy for `cycles` from `cycle` on.
    #[inline(always)]
    fn atomic_busy(&mut self, cycle: u64, cycles: u64) {
        self.busy(None, cycle, cycles);
    }

    /// `unit_busy` (`atomic_busy` for `None`).
    #[inline(always)]
    fn busy(&mut self, unit: Option<usize>, cycle: u64, cycles: u64) {
        let last = (cycle + cycles).saturating_sub(1) >> self.bin_shift;
        if last == cycle >> self.bin_shift && last < Self::BINS as u64 {
            // The usual case: one bin, one of the first `BINS`.
            let series = match unit {
                Some(u) => &mut self.unit_busy[u],
                None => &mut self.atomic_busy,
            };
            series[last as usize] += cycles;
        } else {
            self.spread_busy(unit, cycle, cycles);
        }
    }

    /// `busy` over more than one bin, or past the last.
    #[cold]
    #[inline(never)]
    fn spread_busy(&mut self, unit: Option<usize>, cycle: u64, cycles: u64) {
        self.reach((cycle + cycles).saturating_sub(1));
        let series = match unit {
            Some(u) => &mut self.unit_busy[u],
            None => &mut self.atomic_busy,
        };
        Self::spread(series, self.bin_cycles, cycle, cycle + cycles, 1);
    }

    /// `waves` were resident on `cu` from `from` to `to`.
    fn resident(&mut self, cu: usize, from: u64, to: u64, waves: u64) {
        if waves == 0 || to <= from {
            return;
        }
        self.reach(to - 1);
        Self::spread(&mut self.resident[cu], self.bin_cycles, from, to, waves);
    }

    /// Adds `weight` for each cycle of `from..to` to the bin of `series`
    /// it falls in (bins of `bin_cycles`, reaching `to`).
    fn spread(series: &mut [u64; Self::BINS], bin_cycles: u64, from: u64, to: u64, weight: u64) {
        let mut t = from;
        while t < to {
            let bin = t / bin_cycles;
            let bin_end = ((bin + 1) * bin_cycles).min(to);
            series[bin as usize] += weight * (bin_end - t);
            t = bin_end;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit busy 4 cycles from every fourth cycle is busy throughout:
    /// every bin says so, at one cycle a bin and after the bins widen to
    /// lengths its busy spans straddle.
    #[test]
    fn busy_cycles_fall_in_the_bins_they_cover() {
        let mut t = Timeline::new(1, 1);
        for cycle in (0..32).step_by(4) {
            t.unit_busy(0, cycle, 4);
        }
        t.close(32);
        assert_eq!(t.bin_cycles, 1);
        assert!(t.unit_busy[0][..32].iter().all(|&b| b == 1));
        // Spans of 3 from every third cycle over bins of 4, then 8.
        let mut t = Timeline::new(1, 1);
        for cycle in (0..3000).step_by(3) {
            t.unit_busy(0, cycle, 3);
            t.atomic_busy(cycle, 3);
        }
        t.close(3000);
        assert_eq!(t.bin_cycles, 16);
        for series in [&t.unit_busy[0], &t.atomic_busy] {
            for (b, &busy) in series.iter().enumerate().take(t.bins()) {
                assert_eq!(busy, t.bin_span(b).1, "bin {b}");
            }
        }
    }

    /// Closed after a stretch with nothing in it, the bins reach the end:
    /// waves resident for 1,377 cycles of a 5,015-cycle run.
    #[test]
    fn a_closed_timeline_covers_the_whole_run() {
        let mut t = Timeline::new(1, 1);
        t.resident(0, 0, 1_377, 4);
        t.close(5_015);
        let (start, len) = t.bin_span(t.bins() - 1);
        assert_eq!(start + len, 5_015);
        let covered: u64 = (0..t.bins()).map(|b| t.bin_span(b).1).sum();
        assert_eq!(covered, 5_015);
        let waves: u64 = t.resident[0].iter().sum();
        assert_eq!(waves, 4 * 1_377);
    }
}
