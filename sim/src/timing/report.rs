//! What a timed run measured: cycles, issue and stall accounting, unit
//! utilisation, memory and atomic figures, occupancy, and the traces.

use super::memory::{MemoryStats, MemorySystem};
use super::{Occupancy, Stall};
use crate::exec::launch::Counts;
use crate::input::config::Config;
use serde_json::{json, Value};
use std::fmt::Write as _;

/// One issued wave instruction.
#[derive(Clone, Debug, PartialEq)]
pub struct IssueRecord {
    pub cycle: u64,
    pub cu: u32,
    pub simd: u32,
    /// Wave number, in dispatch order over the whole launch.
    pub wave: u32,
    pub pc: u32,
    /// Canonical instruction name.
    pub op: String,
    pub unit: String,
    /// When its result is ready (or its memory access done).
    pub complete: u64,
}

/// A CU's resident work after a change.
#[derive(Clone, Debug, PartialEq)]
pub struct OccupancyRecord {
    pub cycle: u64,
    pub cu: u32,
    pub waves: u32,
    pub workgroups: u32,
    pub vgprs: u32,
    pub lds_bytes: u32,
}

pub struct Report {
    pub cycles: u64,
    clock_mhz: f64,
    simds: usize,
    wave_slots: u32,
    unit_names: Vec<String>,
    unit_instances: Vec<u64>,
    pub unit_busy: Vec<u64>,
    /// Per (CU, SIMD): its state since `since`; `None` = issuing.
    current: Vec<Option<Stall>>,
    since: Vec<u64>,
    pub issue_cycles: Vec<u64>,
    pub stalls: Vec<[u64; 8]>,
    pub occupancy: Occupancy,
    /// Per CU: resident waves now, since when, and waves x cycles so far.
    resident: Vec<(u32, u64, u128)>,
    pub issue_trace: Vec<IssueRecord>,
    pub occupancy_trace: Vec<OccupancyRecord>,
    pub wave_instructions_per_cu: Vec<u64>,
    counts: Counts,
    memory: MemoryFigures,
}

/// The memory system's figures at the end of the run.
#[derive(Default)]
struct MemoryFigures {
    /// Hits and misses.
    l1: (u64, u64),
    l2: (u64, u64),
    stats: MemoryStats,
}

impl Report {
    pub fn new(cfg: &Config, unit_names: &[String], occupancy: &Occupancy) -> Report {
        let cus = cfg.gpu.compute_units as usize;
        let simds = cfg.cu.simds as usize;
        Report {
            cycles: 0,
            clock_mhz: cfg.gpu.clock_mhz,
            simds,
            wave_slots: cfg.cu.wave_slots_per_simd,
            unit_names: unit_names.to_vec(),
            unit_instances: unit_names
                .iter()
                .map(|u| cfg.units[u].count as u64 * (cus * simds) as u64)
                .collect(),
            unit_busy: vec![0; unit_names.len()],
            current: vec![Some(Stall::NoWave); cus * simds],
            since: vec![0; cus * simds],
            issue_cycles: vec![0; cus * simds],
            stalls: vec![[0; 8]; cus * simds],
            occupancy: occupancy.clone(),
            resident: vec![(0, 0, 0); cus],
            issue_trace: Vec::new(),
            occupancy_trace: Vec::new(),
            wave_instructions_per_cu: vec![0; cus],
            counts: Counts::default(),
            memory: MemoryFigures::default(),
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
        if self.current[k] != state {
            self.charge(k, cycle);
            self.current[k] = state;
        }
    }

    /// Charges SIMD `k`'s cycles up to `cycle` to its current state.
    fn charge(&mut self, k: usize, cycle: u64) {
        debug_assert!(cycle >= self.since[k], "states change forward in time");
        let spent = cycle.saturating_sub(self.since[k]);
        match self.current[k] {
            None => self.issue_cycles[k] += spent,
            Some(s) => self.stalls[k][s as usize] += spent,
        }
        self.since[k] = cycle;
    }

    pub fn unit_busy(&mut self, unit: usize, cycles: u64) {
        self.unit_busy[unit] += cycles;
    }

    pub fn issue(&mut self, r: IssueRecord) {
        self.issue_trace.push(r);
    }

    pub fn issued_on(&mut self, cu: usize) {
        self.wave_instructions_per_cu[cu] += 1;
    }

    pub fn occupancy_change(&mut self, r: OccupancyRecord, trace: bool) {
        let (waves, since, total) = &mut self.resident[r.cu as usize];
        *total += *waves as u128 * (r.cycle - *since) as u128;
        *waves = r.waves;
        *since = r.cycle;
        if trace {
            self.occupancy_trace.push(r);
        }
    }

    /// Closes the accounts at the end of the run and keeps the memory
    /// system's figures; the summary is built when asked for.
    pub fn finish(&mut self, cycles: u64, mem: &MemorySystem, counts: Counts) {
        self.cycles = cycles;
        // Every SIMD's last state lasts to the end of the run, so that each
        // SIMD-cycle is charged once.
        for k in 0..self.current.len() {
            self.charge(k, cycles);
        }
        for (waves, since, total) in &mut self.resident {
            *total += *waves as u128 * (cycles - *since) as u128;
            *since = cycles;
        }
        self.memory = MemoryFigures {
            l1: mem.l1_hits_misses(),
            l2: mem.l2_hits_misses(),
            stats: mem.stats.clone(),
        };
        self.counts = counts;
    }

    /// The headline figures as JSON.
    pub fn summary(&self) -> Value {
        let cycles = self.cycles;
        let counts = self.counts;
        let cus = self.resident.len();
        let slots = (cus * self.simds) as f64 * self.wave_slots as f64;
        let resident_total: u128 = self.resident.iter().map(|r| r.2).sum();
        let achieved = if cycles == 0 {
            0.0
        } else {
            resident_total as f64 / cycles as f64 / slots
        };
        let mut stall_totals = [0u64; 8];
        for s in &self.stalls {
            for (t, v) in stall_totals.iter_mut().zip(s) {
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
                let capacity = self.unit_instances[i].saturating_mul(cycles);
                (
                    name.clone(),
                    json!({
                        "busy_cycles": self.unit_busy[i],
                        "utilisation": ratio(self.unit_busy[i], capacity),
                    }),
                )
            })
            .collect();
        let stalls: serde_json::Map<String, Value> = Stall::ALL
            .iter()
            .map(|s| (s.name().to_string(), json!(stall_totals[*s as usize])))
            .collect();
        json!({
            "cycles": cycles,
            "time_us": cycles as f64 / self.clock_mhz,
            "ipc": ratio(counts.wave_instructions, cycles),
            "ipc_per_cu": per_cu_ipc,
            "issue_cycles": self.issue_cycles.iter().sum::<u64>(),
            "stall_cycles": stalls,
            "units": units,
            "occupancy": {
                "vgprs_per_wave": self.occupancy.vgprs_per_wave,
                "waves_per_workgroup": self.occupancy.waves_per_workgroup,
                "theoretical_waves_per_simd": self.occupancy.waves_per_simd,
                "theoretical": self.occupancy.fraction,
                "limiter": self.occupancy.limiter,
                "achieved": achieved,
            },
            "memory": {
                "l1_hits": l1h,
                "l1_misses": l1m,
                "l1_hit_rate": ratio(l1h, l1h + l1m),
                "l2_hits": l2h,
                "l2_misses": l2m,
                "l2_hit_rate": ratio(l2h, l2h + l2m),
                "dram_read_bytes": st.dram_read_bytes,
                "dram_write_bytes": st.dram_write_bytes,
                "dram_flush_bytes": st.dram_flush_bytes,
                "load_instructions": st.load_instructions,
                "prefetch_instructions": st.prefetch_instructions,
                "store_instructions": st.store_instructions,
                "load_lines": st.load_lines,
                "store_lines": st.store_lines,
                "mshr_wait_cycles": st.mshr_wait_cycles,
                "lds_instructions": st.lds_instructions,
                "lds_conflict_cycles": st.lds_conflict_cycles,
            },
            "atomics": {
                "instructions": st.atomic_instructions,
                "operations": st.atomic_operations,
                "queue_cycles": st.atomic_queue_cycles,
                "mean_queue_cycles": ratio(st.atomic_queue_cycles, st.atomic_operations),
                "serialised": st.atomic_serialised,
            },
        })
    }

    pub fn issue_csv(&self) -> String {
        let mut s = String::from("cycle,cu,simd,wave,pc,op,unit,complete\n");
        for r in &self.issue_trace {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{}",
                r.cycle, r.cu, r.simd, r.wave, r.pc, r.op, r.unit, r.complete
            );
        }
        s
    }

    pub fn occupancy_csv(&self) -> String {
        let mut s = String::from("cycle,cu,waves,workgroups,vgprs,lds_bytes\n");
        for r in &self.occupancy_trace {
            let _ = writeln!(
                s,
                "{},{},{},{},{},{}",
                r.cycle, r.cu, r.waves, r.workgroups, r.vgprs, r.lds_bytes
            );
        }
        s
    }

    /// The issue trace in the Chrome trace-event format (Perfetto reads
    /// it): one track per SIMD, one slice per instruction, and a counter of
    /// resident waves per CU. Timestamps are cycles.
    pub fn chrome_trace(&self) -> Value {
        let mut events: Vec<Value> = self
            .issue_trace
            .iter()
            .map(|r| {
                json!({
                    "name": r.op,
                    "cat": r.unit,
                    "ph": "X",
                    "ts": r.cycle,
                    "dur": (r.complete.saturating_sub(r.cycle)).max(1),
                    "pid": r.cu,
                    "tid": r.simd,
                    "args": { "wave": r.wave, "pc": r.pc },
                })
            })
            .collect();
        events.extend(self.occupancy_trace.iter().map(|r| {
            json!({
                "name": "resident waves",
                "ph": "C",
                "ts": r.cycle,
                "pid": r.cu,
                "args": { "waves": r.waves },
            })
        }));
        json!({ "traceEvents": events, "displayTimeUnit": "ns" })
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}
