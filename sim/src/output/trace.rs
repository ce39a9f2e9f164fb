//! Trace files written while a timed run goes on, through buffered
//! writers, so a trace costs disk but no memory that grows with the run.
//! One slice per issued instruction, from its issue to its result or to
//! its wave's next issue, whichever is first, so slices on a wave's track
//! never overlap. The formats ([`TraceFormats`]):
//!
//! - `perfetto`: `trace.pftrace`, Perfetto's native protobuf format (see
//!   `perfetto`), the smallest;
//! - `json`: `trace.json`, the Chrome trace-event format, as Perfetto and
//!   chrome://tracing read it. Each CU is a process and each wave a thread
//!   (a track), named by metadata events and ordered by SIMD. Timestamps
//!   are nanoseconds at the configured clock (written as microseconds, as
//!   the format counts time, see [`Micros`]); the cycles, the
//!   instruction's place in the kernel file, its unit, active lanes and
//!   workgroup are in each slice's args;
//! - `csv`: `issue_trace.csv`, one row per issued wave-instruction.
//!
//! Every traced run also writes `occupancy_trace.csv` (one row per change
//! of a CU's resident work), and counter tracks give each CU's resident
//! waves and its units' busy fraction per window of cycles.

use crate::input::config::Config;
use crate::output::perfetto::{
    uuid, CounterDescriptor, PacketWriter, TrackDescriptor, TrackEvent, ARG_ACTIVE_LANES,
    ARG_COMPLETE, ARG_CYCLE, ARG_SOURCE_LINE, ARG_SPIRV_LINE, ARG_SPIRV_WORD, ARG_WORKGROUP,
    COUNTER,
};
use crate::timing::trace::{IssueEvent, OccupancyRecord, TraceSink};
use isa::module::Location;
use serde::Serialize;
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Cycles per sample of the units' busy-fraction counters.
pub const COUNTER_WINDOW: u64 = 256;

/// Which trace files a traced run writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceFormats {
    pub perfetto: bool,
    pub json: bool,
    pub csv: bool,
}

/// What a traced run keeps: its files, how much, and in what time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    pub formats: TraceFormats,
    /// The wave-instructions a trace holds at most (0: no limit), so that
    /// a hung kernel's trace stops well before the hang budget would.
    pub limit: u64,
    /// Timestamps count cycles as nanoseconds (`--trace-time cycles`)
    /// instead of nanoseconds at the configured clock, whose nanosecond
    /// cannot tell cycles of a clock above 1000 MHz apart.
    pub cycles: bool,
}

/// The default trace limit, in wave-instructions: about 0.7-1 GB of
/// Perfetto trace.
pub const DEFAULT_TRACE_LIMIT: u64 = 10_000_000;

impl TraceOptions {
    /// The note for a run on a clock of `clock_mhz`, when its timestamps
    /// in nanoseconds cannot tell one cycle from the next.
    pub fn clock_note(&self, clock_mhz: f64) -> Option<String> {
        (!self.cycles && clock_mhz > 1000.0).then(|| {
            format!(
                "at {clock_mhz} MHz a cycle is shorter than the trace's nanosecond: instructions a cycle apart can share a timestamp (their `cycle` arguments are exact); --trace-time cycles times the trace in cycles"
            )
        })
    }
}

/// The trace files' names in a results folder.
const PERFETTO_FILE: &str = "trace.pftrace";
const JSON_FILE: &str = "trace.json";
const ISSUE_FILE: &str = "issue_trace.csv";
const OCCUPANCY_FILE: &str = "occupancy_trace.csv";

impl TraceFormats {
    /// The files a traced run writes in these formats, by name.
    pub fn files(&self) -> Vec<&'static str> {
        let chosen = [
            (self.csv, ISSUE_FILE),
            // Every traced run writes it.
            (true, OCCUPANCY_FILE),
            (self.json, JSON_FILE),
            (self.perfetto, PERFETTO_FILE),
        ];
        chosen.into_iter().filter(|c| c.0).map(|c| c.1).collect()
    }

    /// Every format: [`TraceFormats::files`] then names every trace file.
    pub const ALL: TraceFormats = TraceFormats {
        perfetto: true,
        json: true,
        csv: true,
    };

    /// The default: Perfetto's protobuf format alone.
    pub const PERFETTO: TraceFormats = TraceFormats {
        perfetto: true,
        json: false,
        csv: false,
    };

    /// Parses a comma-separated list of `perfetto`, `json` and `csv`.
    pub fn parse(list: &str) -> Result<TraceFormats, String> {
        let mut f = TraceFormats {
            perfetto: false,
            json: false,
            csv: false,
        };
        for name in list.split(',').map(str::trim) {
            match name {
                "perfetto" => f.perfetto = true,
                "json" => f.json = true,
                "csv" => f.csv = true,
                other => {
                    return Err(format!(
                        "--trace-format: '{other}' is not a trace format (perfetto, json, csv)"
                    ))
                }
            }
        }
        Ok(f)
    }
}

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
    location: Option<Location>,
    /// The source line, where the compiler left one.
    source_line: Option<u32>,
    location_text: String,
    op: String,
    unit: String,
    active_lanes: u32,
    workgroup: [u32; 3],
    workgroup_index: u64,
}

/// Writes the trace files of one timed run into a folder.
pub struct TraceWriter {
    issues: Option<csv::Writer<BufWriter<File>>>,
    occupancy: csv::Writer<BufWriter<File>>,
    chrome: Option<BufWriter<File>>,
    perfetto: Option<PacketWriter>,
    folder: PathBuf,
    /// The kernel file's name, if one file holds every kernel traced.
    kernel_file: Option<String>,
    /// The current launch's source files (`TraceSink::source_files`).
    source_files: Vec<String>,
    /// The clock timestamps are taken at: the model's, or 1000 MHz when
    /// the trace is timed in cycles.
    clock_mhz: f64,
    /// Per pc: the instruction's place in the kernel file, and as text
    /// (checked on use: an Amber script's kernels share pcs).
    locations: Vec<Option<(Location, String)>>,
    /// Per wave-table slot: the slice of the last instruction issued.
    pending: Vec<Slice>,
    /// CUs whose tracks have been described.
    named_cus: Vec<bool>,
    /// (CU, SIMD) tracks described (Perfetto).
    named_simds: Vec<bool>,
    simds: u32,
    unit_names: Vec<String>,
    /// Per unit: instances on one CU.
    unit_instances: Vec<u64>,
    /// Per CU, per unit: busy cycles in the current counter window.
    window_busy: Vec<Vec<u64>>,
    /// Per CU: busy cycles of an instruction past the current window's
    /// end, as (unit, cycles), for the windows after it.
    spill: Vec<Vec<(usize, u64)>>,
    /// The cycle the trace stops at, once an issue past its limit came:
    /// its counters end there with its slices.
    stopped: Option<u64>,
    /// Per CU: whether its last counter sample was all zero.
    window_idle: Vec<bool>,
    window_start: u64,
    /// Scratch for the workgroup column.
    workgroup_text: String,
    /// Events written to `trace.json`.
    events: u64,
    /// The cycle of the latest event received, if any: where the trace of
    /// a run that stopped ends.
    last_cycle: Option<u64>,
    /// The first write error (reported by `finish`; the JSON writer skips
    /// its later writes, the others go on and fail alike).
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

/// A time in nanoseconds as microseconds (the JSON format's unit) with a
/// fourth decimal of 1: a tenth of a nanosecond above the exact value, so
/// that an importer that truncates `ts * 1000`, or `(ts + dur) * 1000`,
/// gets the nanoseconds meant despite binary rounding (1.558 is 1557.99...
/// ns), and one that rounds gets them too.
struct Micros(u64);

impl std::fmt::Display for Micros {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}.{:03}1", self.0 / 1000, self.0 % 1000)
    }
}

/// A duration in nanoseconds as microseconds a hundredth of a nanosecond
/// short (none is shorter than nothing): added to its `Micros` start, it
/// ends just before the next slice's start however it is read, as a
/// decimal or in doubles (where an exact duration could end a rounding
/// step past it), and rounded to whole nanoseconds it is the duration
/// meant. An importer truncating `dur * 1000` on its own reads a
/// nanosecond less; one truncating `(ts + dur) * 1000` reads the end
/// meant.
struct MicrosShort(u64);

impl std::fmt::Display for MicrosShort {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match (self.0 * 100).checked_sub(1) {
            None => write!(f, "0"),
            Some(h) => write!(f, "{}.{:05}", h / 100_000, h % 100_000),
        }
    }
}

impl TraceWriter {
    /// Creates the trace files in `folder` for a run of `run_name` (its
    /// kernel file `kernel_file`) on `config`.
    pub fn create(
        folder: &Path,
        config: &Config,
        run_name: &str,
        kernel_file: Option<&str>,
        options: TraceOptions,
    ) -> Result<Self, String> {
        let formats = options.formats;
        // In cycles, a cycle is a nanosecond: a clock of 1000 MHz.
        let clock_mhz = if options.cycles {
            1000.0
        } else {
            config.gpu.clock_mhz
        };
        let time = if options.cycles { "cycles" } else { "ns" };
        let open = |name: &str| {
            let p = folder.join(name);
            File::create(&p).map_err(|e| format!("{}: {e}", p.display()))
        };
        let issues = if formats.csv {
            Some(csv::Writer::from_writer(BufWriter::new(open(ISSUE_FILE)?)))
        } else {
            None
        };
        let occupancy = csv::Writer::from_writer(BufWriter::new(open(OCCUPANCY_FILE)?));
        let chrome = if formats.json {
            let mut chrome = BufWriter::new(open(JSON_FILE)?);
            let other = serde_json::json!({ "config": config.name, "clock_mhz": config.gpu.clock_mhz, "time": time, "kernel": kernel_file, "run": run_name });
            writeln!(
                chrome,
                "{{\"displayTimeUnit\":\"ns\",\"otherData\":{other},\"traceEvents\":["
            )
            .map_err(|e| format!("{}: {e}", folder.join(JSON_FILE).display()))?;
            Some(chrome)
        } else {
            None
        };
        let perfetto = if formats.perfetto {
            let p = folder.join(PERFETTO_FILE);
            let mut w = open(PERFETTO_FILE)
                .and_then(|f| PacketWriter::new(f).map_err(|e| format!("{}: {e}", p.display())))?;
            w.track(TrackDescriptor {
                uuid: Some(uuid::ROOT),
                name: Some(format!(
                    "{run_name} on {} ({}{} MHz{})",
                    config.name,
                    kernel_file.map_or(String::new(), |k| format!("{k}, ")),
                    config.gpu.clock_mhz,
                    if options.cycles {
                        ", timed in cycles"
                    } else {
                        ""
                    }
                )),
                ..TrackDescriptor::default()
            })
            .map_err(|e| format!("{}: {e}", p.display()))?;
            Some(w)
        } else {
            None
        };
        let cus = config.gpu.compute_units as usize;
        let units = config.units_per_cu();
        Ok(TraceWriter {
            issues,
            occupancy,
            chrome,
            perfetto,
            folder: folder.to_path_buf(),
            kernel_file: kernel_file.map(str::to_string),
            source_files: Vec::new(),
            clock_mhz,
            locations: Vec::new(),
            pending: Vec::new(),
            named_cus: vec![false; cus],
            named_simds: vec![false; cus * config.cu.simds as usize],
            simds: config.cu.simds,
            unit_instances: units.iter().map(|u| u.1).collect(),
            window_busy: vec![vec![0; units.len()]; cus],
            spill: vec![Vec::new(); cus],
            stopped: None,
            window_idle: vec![true; cus],
            unit_names: units.iter().map(|u| escaped(&u.0).into_owned()).collect(),
            window_start: 0,
            workgroup_text: String::new(),
            events: 0,
            last_cycle: None,
            error: None,
        })
    }

    /// Closes the files of a run that stopped before its end (an
    /// execution error): the trace ends just after its last event. `false`
    /// when it holds none (the launch stopped before its first).
    pub fn finish_stopped(self) -> Result<bool, String> {
        match self.last_cycle {
            Some(last) => self.finish(last + 1).map(|()| true),
            None => Ok(false),
        }
    }

    /// Writes what is still pending, closes the files and reports the
    /// first error met while writing any of them.
    pub fn finish(mut self, cycles: u64) -> Result<(), String> {
        for slot in 0..self.pending.len() {
            self.flush_slice(slot, u64::MAX);
        }
        if self.stopped.is_none() {
            self.end_windows(cycles);
        }
        if let Some(chrome) = &mut self.chrome {
            // Every event ends with ",\n": the last one's separator is
            // overwritten by the end of the array.
            let events = self.events;
            let closed = chrome.flush().and_then(|_| {
                let file = chrome.get_mut();
                if events > 0 {
                    file.seek(SeekFrom::End(-2))?;
                }
                file.write_all(b"\n]}\n")
            });
            self.record(closed, JSON_FILE);
        }
        if let Some(p) = &mut self.perfetto {
            let flushed = p.flush();
            self.record(flushed, PERFETTO_FILE);
        }
        if let Some(w) = &mut self.issues {
            let flushed = w.flush();
            self.record(flushed, ISSUE_FILE);
        }
        let flushed = self.occupancy.flush();
        self.record(flushed, OCCUPANCY_FILE);
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
        let Some(chrome) = &mut self.chrome else {
            return;
        };
        self.events += 1;
        if self.error.is_none() {
            let r = chrome.write_fmt(args);
            self.record(r, JSON_FILE);
        }
    }

    fn perfetto_track(&mut self, t: TrackDescriptor) {
        if let Some(p) = &mut self.perfetto {
            let r = p.track(t);
            self.record(r, PERFETTO_FILE);
        }
    }

    fn name_cu(&mut self, cu: u32) {
        if self.named_cus[cu as usize] {
            return;
        }
        self.named_cus[cu as usize] = true;
        let pid = cu + 1;
        self.event(format_args!(
            "{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{pid},\"args\":{{\"name\":\"CU {cu}\"}}}},\n\
             {{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":{pid},\"args\":{{\"sort_index\":{cu}}}}},\n"
        ));
        if self.perfetto.is_some() {
            let cu_uuid = uuid::cu(cu);
            self.perfetto_track(TrackDescriptor {
                uuid: Some(cu_uuid),
                name: Some(format!("CU {cu}")),
                parent_uuid: Some(uuid::ROOT),
                ..TrackDescriptor::default()
            });
            self.perfetto_track(TrackDescriptor {
                uuid: Some(uuid::resident(cu)),
                name: Some(format!("CU {cu} resident waves")),
                parent_uuid: Some(cu_uuid),
                counter: Some(CounterDescriptor {}),
            });
            for u in 0..self.unit_names.len() {
                let name = format!("CU {cu} {} busy fraction", self.unit_names[u]);
                self.perfetto_track(TrackDescriptor {
                    uuid: Some(uuid::unit_busy(cu, u)),
                    name: Some(name),
                    parent_uuid: Some(cu_uuid),
                    counter: Some(CounterDescriptor {}),
                });
            }
        }
    }

    /// Describes the tracks of a wave seen for the first time.
    fn name_wave(&mut self, e: &IssueEvent<&str>) {
        self.name_cu(e.cu);
        let [x, y, z] = e.workgroup;
        let (pid, tid, simd, wave) = (e.cu + 1, e.wave + 1, e.simd, e.wave);
        self.event(format_args!(
            "{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{pid},\"tid\":{tid},\
             \"args\":{{\"name\":\"SIMD {simd} wave {wave} workgroup ({x},{y},{z})\"}}}},\n\
             {{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":{pid},\"tid\":{tid},\
             \"args\":{{\"sort_index\":{simd}}}}},\n"
        ));
        if self.perfetto.is_some() {
            let k = (e.cu * self.simds + e.simd) as usize;
            if !self.named_simds[k] {
                self.named_simds[k] = true;
                self.perfetto_track(TrackDescriptor {
                    uuid: Some(uuid::simd(e.cu, e.simd)),
                    name: Some(format!("CU {} SIMD {simd}", e.cu)),
                    parent_uuid: Some(uuid::cu(e.cu)),
                    ..TrackDescriptor::default()
                });
            }
            self.perfetto_track(TrackDescriptor {
                uuid: Some(uuid::wave(wave)),
                name: Some(format!("wave {wave} workgroup ({x},{y},{z})")),
                parent_uuid: Some(uuid::simd(e.cu, e.simd)),
                ..TrackDescriptor::default()
            });
        }
    }

    /// Writes the pending slice of `slot`, ending at `next_issue` (its
    /// wave's next issue) or at its result, whichever is first.
    fn flush_slice(&mut self, slot: usize, next_issue: u64) {
        let Some(wave) = self.pending[slot].wave.take() else {
            return;
        };
        // Taken out while it is written (its buffers go back after).
        let s = std::mem::take(&mut self.pending[slot]);
        let end = s.complete.min(next_issue).max(s.cycle + 1);
        let (start, end_ns) = (self.ns(s.cycle), self.ns(end));
        let [x, y, z] = s.workgroup;
        if let Some(chrome) = &mut self.chrome {
            let location = escaped(&s.location_text);
            let r = writeln!(
                chrome,
                "{{\"ph\":\"X\",\"name\":\"{op}\",\"cat\":\"{unit}\",\"pid\":{pid},\"tid\":{tid},\"ts\":{ts},\"dur\":{dur},\
                 \"args\":{{\"cycle\":{cycle},\"complete\":{complete},\"pc\":{pc},\"location\":\"{location}\",\
                 \"unit\":\"{unit}\",\"active_lanes\":{lanes},\"workgroup\":[{x},{y},{z}]}}}},",
                op = escaped(&s.op),
                unit = escaped(&s.unit),
                pid = s.cu + 1,
                tid = wave + 1,
                ts = Micros(start),
                dur = MicrosShort(end_ns - start),
                cycle = s.cycle,
                complete = s.complete,
                pc = s.pc,
                lanes = s.active_lanes,
            );
            self.events += 1;
            if self.error.is_none() {
                self.record(r, JSON_FILE);
            }
        }
        if let Some(p) = &mut self.perfetto {
            let mut interned = None;
            let iids = p.intern(&s.op, &s.unit, &mut interned);
            let place = match s.location {
                Some(Location::Line(l)) => (ARG_SPIRV_LINE, l as u64),
                Some(Location::Word(w)) => (ARG_SPIRV_WORD, w as u64),
                None => (ARG_SPIRV_WORD, 0),
            };
            let args = [
                (ARG_CYCLE, s.cycle),
                (ARG_COMPLETE, s.complete),
                place,
                (ARG_ACTIVE_LANES, s.active_lanes as u64),
                (ARG_WORKGROUP, s.workgroup_index),
                (ARG_SOURCE_LINE, s.source_line.unwrap_or(0) as u64),
            ];
            // The source line only where there is one.
            let args = &args[..args.len() - s.source_line.is_none() as usize];
            let r = p.slice((start, end_ns), uuid::wave(wave), iids, args, interned);
            self.record(r, PERFETTO_FILE);
        }
        self.pending[slot] = s;
    }

    /// Writes the units' busy fractions of every window that ended before
    /// `cycle`.
    fn flush_windows(&mut self, cycle: u64) {
        while self.window_start + COUNTER_WINDOW <= cycle {
            self.write_window(COUNTER_WINDOW);
            self.window_start += COUNTER_WINDOW;
            let busy = self.window_busy.iter().flatten().any(|&b| b > 0);
            if !busy
                && self.window_idle.iter().all(|&i| i)
                && cycle >= self.window_start + COUNTER_WINDOW
            {
                // Nothing was busy: skip the empty windows at once.
                self.window_start = cycle / COUNTER_WINDOW * COUNTER_WINDOW;
            }
        }
    }

    /// Writes the busy fractions up to `end`: the windows before it, and
    /// the last one's part before it.
    fn end_windows(&mut self, end: u64) {
        self.flush_windows(end);
        if end > self.window_start {
            self.write_window(end - self.window_start);
        }
    }

    /// The trace holds no issue from `cycle` on (its limit): the busy
    /// fractions end there, and the resident waves' counters with them.
    fn stop(&mut self, cycle: u64) {
        self.end_windows(cycle);
        self.stopped = Some(cycle);
    }

    /// Writes the units' busy fractions of the window of `length` cycles
    /// from `window_start` (a whole one, or the last one's part before the
    /// kernel's end) and starts the next.
    fn write_window(&mut self, length: u64) {
        let ns = self.ns(self.window_start);
        for cu in 0..self.window_busy.len() {
            let idle = self.window_busy[cu].iter().all(|&b| b == 0);
            // A CU idle now and in its last sample needs no new one.
            if !(idle && self.window_idle[cu]) {
                self.name_cu(cu as u32);
                let fractions: Vec<f64> = (0..self.unit_names.len())
                    .map(|u| {
                        let capacity = self.unit_instances[u] * length;
                        self.window_busy[cu][u] as f64 / capacity as f64
                    })
                    .collect();
                if self.chrome.is_some() {
                    let mut args = String::new();
                    for (u, (name, fraction)) in self.unit_names.iter().zip(&fractions).enumerate()
                    {
                        let sep = if u == 0 { "" } else { "," };
                        args.push_str(&format!("{sep}\"{name}\":{fraction}"));
                    }
                    self.event(format_args!(
                        "{{\"ph\":\"C\",\"name\":\"unit busy fraction\",\"pid\":{},\"ts\":{},\"args\":{{{args}}}}},\n",
                        cu + 1,
                        Micros(ns)
                    ));
                }
                if let Some(p) = &mut self.perfetto {
                    let mut r = Ok(());
                    for (u, &fraction) in fractions.iter().enumerate() {
                        let counter = TrackEvent {
                            r#type: Some(COUNTER),
                            track_uuid: Some(uuid::unit_busy(cu as u32, u)),
                            double_counter_value: Some(fraction),
                            ..TrackEvent::default()
                        };
                        r = r.and_then(|_| p.event(ns, counter));
                    }
                    self.record(r, PERFETTO_FILE);
                }
            }
            self.window_idle[cu] = idle;
            // The next window starts with what instructions issued before
            // it keep busy in it.
            let busy = &mut self.window_busy[cu];
            busy.fill(0);
            self.spill[cu].retain_mut(|(u, cycles)| {
                let now = (*cycles).min(COUNTER_WINDOW);
                busy[*u] += now;
                *cycles -= now;
                *cycles > 0
            });
        }
    }
}

impl TraceSink for TraceWriter {
    fn source_files(&mut self, files: &[String]) {
        // The places cached were another kernel's.
        self.source_files = files.to_vec();
        self.locations.clear();
    }

    fn issue(&mut self, e: &IssueEvent<&str>) {
        self.last_cycle = self.last_cycle.max(Some(e.cycle));
        self.flush_windows(e.cycle);
        if let Some(u) = e.unit_index {
            // Its busy cycles in the windows they fall in.
            let cu = e.cu as usize;
            let here = e.busy.min(self.window_start + COUNTER_WINDOW - e.cycle);
            self.window_busy[cu][u] += here;
            if e.busy > here {
                self.spill[cu].push((u, e.busy - here));
            }
        }
        let pc = e.pc as usize;
        if pc >= self.locations.len() {
            self.locations.resize(pc + 1, None);
        }
        let cached = &mut self.locations[pc];
        if cached.as_ref().is_none_or(|(l, _)| *l != e.location) {
            let spirv = match (&self.kernel_file, e.location) {
                (Some(f), Location::Line(n)) => format!("{f}:{n}"),
                (Some(f), Location::Word(w)) => format!("{f} word {w}"),
                (None, Location::Line(n)) => format!("line {n}"),
                (None, Location::Word(w)) => format!("word {w}"),
            };
            // The source line first, where the compiler left one.
            let text = match e.source.and_then(|s| s.place(&self.source_files)) {
                Some(source) => format!("{source} ({spirv})"),
                None => spirv,
            };
            *cached = Some((e.location, text));
        }
        let location = &cached.as_ref().expect("set above").1;
        if let Some(issues) = &mut self.issues {
            let [x, y, z] = e.workgroup;
            self.workgroup_text.clear();
            let _ =
                std::fmt::Write::write_fmt(&mut self.workgroup_text, format_args!("{x} {y} {z}"));
            let r = issues.serialize(IssueRow {
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
            self.record(r, ISSUE_FILE);
        }
        let slot = e.slot as usize;
        if slot >= self.pending.len() {
            self.pending.resize_with(slot + 1, Slice::default);
        }
        let next = if self.pending[slot].wave == Some(e.wave) {
            e.cycle
        } else {
            // A new wave in this slot: its tracks are described. The slot's
            // last slice was a finished wave's and runs to its result.
            self.name_wave(e);
            u64::MAX
        };
        self.flush_slice(slot, next);
        let s = &mut self.pending[slot];
        s.wave = Some(e.wave);
        s.cycle = e.cycle;
        s.complete = e.complete;
        s.cu = e.cu;
        s.pc = e.pc;
        s.location = Some(e.location);
        s.source_line = e.source.map(|l| l.line);
        s.location_text.clear();
        s.location_text
            .push_str(&self.locations[pc].as_ref().expect("set above").1);
        s.op.clear();
        s.op.push_str(e.op);
        s.unit.clear();
        s.unit.push_str(e.unit);
        s.active_lanes = e.active_lanes;
        s.workgroup = e.workgroup;
        s.workgroup_index = e.workgroup_index;
    }

    fn occupancy(&mut self, r: &OccupancyRecord) {
        self.last_cycle = self.last_cycle.max(Some(r.cycle));
        let written = self.occupancy.serialize(r);
        self.record(written, OCCUPANCY_FILE);
        if self.stopped.is_some() {
            // The CSV goes on to the run's end; the counters stop with
            // the trace's slices.
            return;
        }
        self.name_cu(r.cu);
        let (pid, ns, waves) = (r.cu + 1, self.ns(r.cycle), r.waves);
        self.event(format_args!(
            "{{\"ph\":\"C\",\"name\":\"resident waves\",\"pid\":{pid},\"ts\":{},\"args\":{{\"waves\":{waves}}}}},\n",
            Micros(ns)
        ));
        if let Some(p) = &mut self.perfetto {
            let counter = TrackEvent {
                r#type: Some(COUNTER),
                track_uuid: Some(uuid::resident(r.cu)),
                counter_value: Some(waves as i64),
                ..TrackEvent::default()
            };
            let written = p.event(ns, counter);
            self.record(written, PERFETTO_FILE);
        }
    }
}

/// What the simulation thread hands the writing thread.
enum Event {
    /// The name behind an id, before its first use.
    Name(u32, String),
    /// A launch's source files (`TraceSink::source_files`).
    SourceFiles(Vec<String>),
    /// An issue whose names are ids sent before.
    Issue(IssueEvent<u32>),
    Occupancy(OccupancyRecord),
    /// The first issue past the limit, at this cycle.
    Stop(u64),
}

/// Events per message between the threads, and messages in flight: the
/// memory between them is bounded whatever the run's length.
const BATCH: usize = 4096;
const BATCHES_IN_FLIGHT: usize = 8;

/// A [`TraceWriter`] on a thread of its own: the simulation only copies
/// each event into a batch, and formatting and writing happen beside it
/// (on another core where there is one). The files are the same bytes.
pub struct TraceThread {
    options: TraceOptions,
    /// The wave-instructions it was given, taken or not.
    issued: u64,
    sender: Option<std::sync::mpsc::SyncSender<Vec<Event>>>,
    batch: Vec<Event>,
    writer: Option<std::thread::JoinHandle<TraceWriter>>,
    /// Per pc: its instruction name and the name's id, once sent (checked
    /// on use: an Amber script's kernels share pcs).
    op_ids: Vec<Option<(String, u32)>>,
    /// Unit names sent, with their ids.
    units: Vec<(String, u32)>,
    next_id: u32,
}

impl TraceThread {
    /// A thread writing through `writer` (made with `options`) the first
    /// `options.limit` issues.
    pub fn spawn(mut writer: TraceWriter, options: TraceOptions) -> TraceThread {
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Vec<Event>>(BATCHES_IN_FLIGHT);
        let handle = std::thread::spawn(move || {
            let mut names: Vec<String> = Vec::new();
            for batch in receiver {
                for event in batch {
                    match event {
                        Event::Name(id, name) => {
                            let id = id as usize;
                            if names.len() <= id {
                                names.resize(id + 1, String::new());
                            }
                            names[id] = name;
                        }
                        Event::SourceFiles(files) => writer.source_files(&files),
                        Event::Occupancy(r) => writer.occupancy(&r),
                        Event::Stop(cycle) => writer.stop(cycle),
                        Event::Issue(e) => writer
                            .issue(&e.renamed(&*names[e.op as usize], &*names[e.unit as usize])),
                    }
                }
            }
            writer
        });
        TraceThread {
            options,
            issued: 0,
            sender: Some(sender),
            batch: Vec::with_capacity(BATCH),
            writer: Some(handle),
            op_ids: Vec::new(),
            units: Vec::new(),
            next_id: 0,
        }
    }

    fn push(&mut self, e: Event) {
        self.batch.push(e);
        if self.batch.len() == BATCH {
            self.send();
        }
    }

    fn send(&mut self) {
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        if let Some(s) = &self.sender {
            // The writer ends only when the sender is dropped; a send
            // cannot fail before that unless it panicked, which `finish`
            // reports.
            let _ = s.send(batch);
        }
    }

    fn name_id(&mut self, name: &str) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.push(Event::Name(id, name.to_string()));
        id
    }

    pub fn options(&self) -> TraceOptions {
        self.options
    }

    /// The wave-instructions issued past the limit, which the trace left
    /// out.
    pub fn left_out(&self) -> u64 {
        match self.options.limit {
            0 => 0,
            limit => self.issued.saturating_sub(limit),
        }
    }

    /// What the trace holds, for a run's summary: its files, its time,
    /// its limit, and the wave-instructions it holds and left out.
    pub fn summary(&self) -> serde_json::Value {
        let o = self.options;
        serde_json::json!({
            "files": o.formats.files(),
            "time": if o.cycles { "cycles" } else { "ns" },
            "limit": o.limit,
            "wave_instructions": self.issued - self.left_out(),
            "left_out": self.left_out(),
        })
    }

    /// Waits for the writer to write everything, then closes the files.
    pub fn finish(self, cycles: u64) -> Result<(), String> {
        self.written()?.finish(cycles)
    }

    /// [`TraceWriter::finish_stopped`] once everything is written.
    pub fn finish_stopped(self) -> Result<bool, String> {
        self.written()?.finish_stopped()
    }

    /// The writer, once it has written every event sent.
    fn written(mut self) -> Result<TraceWriter, String> {
        self.send();
        self.sender = None;
        self.writer
            .take()
            .expect("joined once")
            .join()
            .map_err(|_| "the trace writer stopped unexpectedly".to_string())
    }
}

impl TraceSink for TraceThread {
    fn source_files(&mut self, files: &[String]) {
        self.push(Event::SourceFiles(files.to_vec()));
    }

    fn issue(&mut self, e: &IssueEvent<&str>) {
        self.issued += 1;
        if self.options.limit != 0 && self.issued > self.options.limit {
            if self.issued == self.options.limit + 1 {
                self.push(Event::Stop(e.cycle));
            }
            return;
        }
        let pc = e.pc as usize;
        if pc >= self.op_ids.len() {
            self.op_ids.resize(pc + 1, None);
        }
        let op = match &self.op_ids[pc] {
            Some((name, id)) if name == e.op => *id,
            _ => {
                let id = self.name_id(e.op);
                self.op_ids[pc] = Some((e.op.to_string(), id));
                id
            }
        };
        let unit = match self.units.iter().find(|(u, _)| u == e.unit) {
            Some(&(_, id)) => id,
            None => {
                let id = self.name_id(e.unit);
                self.units.push((e.unit.to_string(), id));
                id
            }
        };
        self.push(Event::Issue(e.renamed(op, unit)));
    }

    fn occupancy(&mut self, r: &OccupancyRecord) {
        self.push(Event::Occupancy(r.clone()));
    }
}
