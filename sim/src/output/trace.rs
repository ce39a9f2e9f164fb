//! Trace files written while a timed run goes on, through buffered
//! writers, so a trace costs disk but no memory that grows with the run:
//!
//! - `issue_trace.csv`: one row per issued wave-instruction;
//! - `occupancy_trace.csv`: one row per change of a CU's resident work;
//! - `trace.json`: the Chrome trace-event format, as Perfetto and
//!   chrome://tracing read it. Each CU is a process and each wave a thread
//!   (a track), named by metadata events and ordered by SIMD; one slice per
//!   instruction, from its issue to its result or to the wave's next issue,
//!   whichever is first, so slices on a track never overlap. Timestamps are
//!   nanoseconds at the configured clock (written as microseconds with
//!   three decimals, as the format counts time); the cycle numbers, the
//!   instruction's place in the kernel file, its unit, active lanes and
//!   workgroup are in each slice's args. Counter tracks give each CU's
//!   resident waves and its units' busy fraction per window of cycles.

use crate::input::config::Config;
use crate::timing::trace::{IssueEvent, OccupancyRecord, TraceSink};
use isa::module::Location;
use serde::Serialize;
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Cycles per sample of the units' busy-fraction counters.
pub const COUNTER_WINDOW: u64 = 256;

/// One row of `issue_trace.csv`.
#[derive(Serialize)]
struct IssueRow<'a> {
    cycle: u64,
    cu: u32,
    simd: u32,
    wave: u32,
    workgroup: &'a str,
    pc: u32,
    location: &'a str,
    op: &'a str,
    unit: &'a str,
    complete: u64,
    active_lanes: u32,
}

/// One instruction's slice, held until its wave issues again.
#[derive(Default)]
struct Slice {
    /// The wave in this slot, if a slice is pending.
    wave: Option<u32>,
    cycle: u64,
    complete: u64,
    cu: u32,
    pc: u32,
    op: String,
    unit: String,
    active_lanes: u32,
    workgroup: [u32; 3],
}

/// Writes the trace files of one timed run into a folder.
pub struct TraceWriter {
    issues: csv::Writer<BufWriter<File>>,
    occupancy: csv::Writer<BufWriter<File>>,
    chrome: BufWriter<File>,
    folder: PathBuf,
    /// The kernel file's name, as a JSON string body.
    kernel_file: String,
    clock_mhz: f64,
    /// Per pc: the instruction's place in the kernel file.
    locations: Vec<Option<String>>,
    /// Per wave-table slot: the slice of the last instruction issued.
    pending: Vec<Slice>,
    /// CUs whose process has been named.
    named_cus: Vec<bool>,
    unit_names: Vec<String>,
    /// Per unit: instances on one CU.
    unit_instances: Vec<u64>,
    /// Per CU, per unit: busy cycles in the current counter window.
    window_busy: Vec<Vec<u64>>,
    /// Per CU: whether its last counter sample was all zero.
    window_idle: Vec<bool>,
    window_start: u64,
    /// Scratch for the workgroup column.
    workgroup_text: String,
    /// Events written to `trace.json`.
    events: u64,
    /// The first write error; later writes are skipped.
    error: Option<String>,
}

/// `s` as the body of a JSON string.
fn escaped(s: &str) -> Cow<'_, str> {
    if s.chars().all(|c| c != '"' && c != '\\' && !c.is_control()) {
        Cow::Borrowed(s)
    } else {
        let quoted = serde_json::to_string(s).expect("strings serialise");
        Cow::Owned(quoted[1..quoted.len() - 1].to_string())
    }
}

/// Nanoseconds as microseconds with three decimals (the format's unit).
struct Micros(u64);

impl std::fmt::Display for Micros {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

impl TraceWriter {
    /// Creates the trace files in `folder` for a run of `kernel_file` on
    /// `config`.
    pub fn create(folder: &Path, config: &Config, kernel_file: &str) -> Result<Self, String> {
        let open = |name: &str| {
            let p = folder.join(name);
            File::create(&p)
                .map(BufWriter::new)
                .map_err(|e| format!("{}: {e}", p.display()))
        };
        let issues = csv::Writer::from_writer(open("issue_trace.csv")?);
        let occupancy = csv::Writer::from_writer(open("occupancy_trace.csv")?);
        let mut chrome = open("trace.json")?;
        let other = serde_json::json!({ "config": config.name, "clock_mhz": config.gpu.clock_mhz, "kernel": kernel_file });
        writeln!(
            chrome,
            "{{\"displayTimeUnit\":\"ns\",\"otherData\":{other},\"traceEvents\":["
        )
        .map_err(|e| format!("{}: {e}", folder.join("trace.json").display()))?;
        let cus = config.gpu.compute_units as usize;
        let unit_names: Vec<String> = config.units.keys().cloned().collect();
        Ok(TraceWriter {
            issues,
            occupancy,
            chrome,
            folder: folder.to_path_buf(),
            kernel_file: escaped(kernel_file).into_owned(),
            clock_mhz: config.gpu.clock_mhz,
            locations: Vec::new(),
            pending: Vec::new(),
            named_cus: vec![false; cus],
            unit_instances: unit_names
                .iter()
                .map(|u| config.units[u].count as u64 * config.cu.simds as u64)
                .collect(),
            window_busy: vec![vec![0; unit_names.len()]; cus],
            window_idle: vec![true; cus],
            unit_names: unit_names.iter().map(|u| escaped(u).into_owned()).collect(),
            window_start: 0,
            workgroup_text: String::new(),
            events: 0,
            error: None,
        })
    }

    /// Writes what is still pending, closes the files and reports the
    /// first error met while writing any of them.
    pub fn finish(mut self, cycles: u64) -> Result<(), String> {
        for slot in 0..self.pending.len() {
            self.flush_slice(slot, u64::MAX);
        }
        self.flush_windows(cycles.max(self.window_start + 1));
        // Every event ends with ",\n": the last one's separator is
        // overwritten by the end of the array.
        let closed = self.chrome.flush().and_then(|_| {
            let file = self.chrome.get_mut();
            if self.events > 0 {
                file.seek(SeekFrom::End(-2))?;
            }
            file.write_all(b"\n]}\n")
        });
        self.record(closed, "trace.json");
        let flushed = self.chrome.flush();
        self.record(flushed, "trace.json");
        for name in ["issue_trace.csv", "occupancy_trace.csv"] {
            let w = if name == "issue_trace.csv" {
                &mut self.issues
            } else {
                &mut self.occupancy
            };
            let flushed = w.flush();
            self.record(flushed, name);
        }
        self.error.map_or(Ok(()), Err)
    }

    fn record<E: std::fmt::Display>(&mut self, r: Result<(), E>, file: &str) {
        if let (Err(e), None) = (r, &self.error) {
            self.error = Some(format!("{}: {e}", self.folder.join(file).display()));
        }
    }

    fn ns(&self, cycle: u64) -> u64 {
        (cycle as f64 * 1000.0 / self.clock_mhz).round() as u64
    }

    /// Writes one JSON event (the events' separators included).
    fn event(&mut self, args: std::fmt::Arguments) {
        self.events += 1;
        if self.error.is_none() {
            let r = self.chrome.write_fmt(args);
            self.record(r, "trace.json");
        }
    }

    fn name_cu(&mut self, cu: u32) {
        if !self.named_cus[cu as usize] {
            self.named_cus[cu as usize] = true;
            let pid = cu + 1;
            self.event(format_args!(
                "{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{pid},\"args\":{{\"name\":\"CU {cu}\"}}}},\n\
                 {{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":{pid},\"args\":{{\"sort_index\":{cu}}}}},\n"
            ));
        }
    }

    /// Writes the pending slice of `slot`, ending at `next_issue` (its
    /// wave's next issue) or at its result, whichever is first.
    fn flush_slice(&mut self, slot: usize, next_issue: u64) {
        let Some(wave) = self.pending[slot].wave.take() else {
            return;
        };
        let s = &self.pending[slot];
        let end = s.complete.min(next_issue).max(s.cycle + 1);
        let (start, end_ns) = (self.ns(s.cycle), self.ns(end));
        let location = self.locations[s.pc as usize].as_deref().unwrap_or("");
        let [x, y, z] = s.workgroup;
        let r = writeln!(
            self.chrome,
            "{{\"ph\":\"X\",\"name\":\"{op}\",\"cat\":\"{unit}\",\"pid\":{pid},\"tid\":{tid},\"ts\":{ts},\"dur\":{dur},\
             \"args\":{{\"cycle\":{cycle},\"complete\":{complete},\"pc\":{pc},\"location\":\"{location}\",\
             \"unit\":\"{unit}\",\"active_lanes\":{lanes},\"workgroup\":[{x},{y},{z}]}}}},",
            op = escaped(&s.op),
            unit = escaped(&s.unit),
            pid = s.cu + 1,
            tid = wave + 1,
            ts = Micros(start),
            dur = Micros(end_ns - start),
            cycle = s.cycle,
            complete = s.complete,
            pc = s.pc,
            lanes = s.active_lanes,
        );
        self.events += 1;
        if self.error.is_none() {
            self.record(r, "trace.json");
        }
    }

    /// Writes the units' busy fractions of every window that ended before
    /// `cycle`.
    fn flush_windows(&mut self, cycle: u64) {
        while self.window_start + COUNTER_WINDOW <= cycle {
            let ts = Micros(self.ns(self.window_start));
            for cu in 0..self.window_busy.len() {
                let idle = self.window_busy[cu].iter().all(|&b| b == 0);
                // A CU idle now and in its last sample needs no new one.
                if !(idle && self.window_idle[cu]) {
                    self.name_cu(cu as u32);
                    let mut args = String::new();
                    for (u, name) in self.unit_names.iter().enumerate() {
                        let capacity = self.unit_instances[u] * COUNTER_WINDOW;
                        let fraction = self.window_busy[cu][u] as f64 / capacity as f64;
                        let sep = if u == 0 { "" } else { "," };
                        args.push_str(&format!("{sep}\"{name}\":{fraction}"));
                    }
                    self.event(format_args!(
                        "{{\"ph\":\"C\",\"name\":\"unit busy fraction\",\"pid\":{},\"ts\":{ts},\"args\":{{{args}}}}},\n",
                        cu + 1
                    ));
                }
                self.window_idle[cu] = idle;
                self.window_busy[cu].fill(0);
            }
            self.window_start += COUNTER_WINDOW;
            if self.window_idle.iter().all(|&i| i) && cycle >= self.window_start + COUNTER_WINDOW {
                // Nothing was busy: skip the empty windows at once.
                self.window_start = cycle / COUNTER_WINDOW * COUNTER_WINDOW;
            }
        }
    }
}

impl TraceSink for TraceWriter {
    fn issue(&mut self, e: &IssueEvent) {
        self.flush_windows(e.cycle);
        if let Some(u) = e.unit_index {
            self.window_busy[e.cu as usize][u] += e.busy;
        }
        let pc = e.pc as usize;
        if pc >= self.locations.len() {
            self.locations.resize(pc + 1, None);
        }
        let file = &self.kernel_file;
        let location = self.locations[pc].get_or_insert_with(|| match e.location {
            Location::Line(n) => format!("{file}:{n}"),
            Location::Word(w) => format!("{file} word {w}"),
        });
        let [x, y, z] = e.workgroup;
        self.workgroup_text.clear();
        let _ = std::fmt::Write::write_fmt(&mut self.workgroup_text, format_args!("{x} {y} {z}"));
        let r = self.issues.serialize(IssueRow {
            cycle: e.cycle,
            cu: e.cu,
            simd: e.simd,
            wave: e.wave,
            workgroup: &self.workgroup_text,
            pc: e.pc,
            location,
            op: e.op,
            unit: e.unit,
            complete: e.complete,
            active_lanes: e.active_lanes,
        });
        self.record(r, "issue_trace.csv");
        let slot = e.slot as usize;
        if slot >= self.pending.len() {
            self.pending.resize_with(slot + 1, Slice::default);
        }
        let next = if self.pending[slot].wave == Some(e.wave) {
            e.cycle
        } else {
            // A new wave in this slot: name its track. The slot's last
            // slice was a finished wave's and runs to its result.
            self.name_cu(e.cu);
            let (pid, tid, simd, wave) = (e.cu + 1, e.wave + 1, e.simd, e.wave);
            self.event(format_args!(
                "{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{pid},\"tid\":{tid},\
                 \"args\":{{\"name\":\"SIMD {simd} wave {wave} workgroup ({x},{y},{z})\"}}}},\n\
                 {{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":{pid},\"tid\":{tid},\
                 \"args\":{{\"sort_index\":{simd}}}}},\n"
            ));
            u64::MAX
        };
        self.flush_slice(slot, next);
        let s = &mut self.pending[slot];
        s.wave = Some(e.wave);
        s.cycle = e.cycle;
        s.complete = e.complete;
        s.cu = e.cu;
        s.pc = e.pc;
        s.op.clear();
        s.op.push_str(e.op);
        s.unit.clear();
        s.unit.push_str(e.unit);
        s.active_lanes = e.active_lanes;
        s.workgroup = e.workgroup;
    }

    fn occupancy(&mut self, r: &OccupancyRecord) {
        let written = self.occupancy.serialize(r);
        self.record(written, "occupancy_trace.csv");
        self.name_cu(r.cu);
        let (pid, ts, waves) = (r.cu + 1, Micros(self.ns(r.cycle)), r.waves);
        self.event(format_args!(
            "{{\"ph\":\"C\",\"name\":\"resident waves\",\"pid\":{pid},\"ts\":{ts},\"args\":{{\"waves\":{waves}}}}},\n"
        ));
    }
}
