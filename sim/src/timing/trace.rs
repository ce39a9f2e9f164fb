//! What a timed run tells a trace while it runs: each issued instruction
//! and each change of a CU's resident work, in cycle order. The model
//! keeps none of it; a sink (a file writer in `output`, or the in-memory
//! [`Recorder`]) decides what to keep, so memory is bounded by the modelled
//! GPU and not by the length of the run.

use isa::ir::SourceLine;
use isa::module::Location;

/// One issued wave-instruction, its names as `N`: `&str` for a sink, or
/// ids of names where they travel apart from the event.
#[derive(Clone, Copy, Debug)]
pub struct IssueEvent<N> {
    pub cycle: u64,
    /// When its result is ready (or its memory access done).
    pub complete: u64,
    pub cu: u32,
    pub simd: u32,
    /// Wave number, in dispatch order over the whole launch.
    pub wave: u32,
    /// The wave's slot in the model's wave table: at most as many slots as
    /// waves the GPU holds at once; a finished wave's slot is reused.
    pub slot: u32,
    pub workgroup: [u32; 3],
    /// The workgroup's index in the launch, x + nx * (y + ny * z).
    pub workgroup_index: u64,
    pub pc: u32,
    /// Where the instruction is in the kernel file.
    pub location: Location,
    /// Its source line, if the compiler left one (a file of the launch's
    /// `TraceSink::source_files`).
    pub source: Option<SourceLine>,
    /// Canonical instruction name.
    pub op: N,
    /// The unit it ran on (`lds` and `memory` for the memory paths).
    pub unit: N,
    /// Index of `unit` among the config's units, if it is one of them.
    pub unit_index: Option<usize>,
    /// Cycles it keeps its unit instance busy (0 on the memory paths).
    pub busy: u64,
    pub active_lanes: u32,
}

impl<N> IssueEvent<N> {
    /// The same event under other names.
    pub fn renamed<M>(&self, op: M, unit: M) -> IssueEvent<M> {
        IssueEvent {
            cycle: self.cycle,
            complete: self.complete,
            cu: self.cu,
            simd: self.simd,
            wave: self.wave,
            slot: self.slot,
            workgroup: self.workgroup,
            workgroup_index: self.workgroup_index,
            pc: self.pc,
            location: self.location,
            source: self.source,
            op,
            unit,
            unit_index: self.unit_index,
            busy: self.busy,
            active_lanes: self.active_lanes,
        }
    }
}

/// A CU's resident work after a change.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OccupancyRecord {
    pub cycle: u64,
    pub cu: u32,
    pub waves: u32,
    pub workgroups: u32,
    pub vgprs: u32,
    pub lds_bytes: u32,
}

/// Receives a timed run's events as they happen, in cycle order.
pub trait TraceSink {
    /// A launch starts whose instructions' source lines are in `files`
    /// (`Kernel::source_files`; none without debug information).
    fn source_files(&mut self, _files: &[String]) {}
    fn issue(&mut self, event: &IssueEvent<&str>);
    fn occupancy(&mut self, record: &OccupancyRecord);
}

/// One issued wave-instruction, owned (see [`Recorder`]).
#[derive(Clone, Debug, PartialEq)]
pub struct IssueRecord {
    pub cycle: u64,
    pub cu: u32,
    pub simd: u32,
    pub wave: u32,
    pub pc: u32,
    pub op: String,
    pub unit: String,
    pub complete: u64,
    pub active_lanes: u32,
}

/// A sink that keeps every event in memory: for small runs examined from
/// Rust (tests, notebooks), not for research-scale runs.
#[derive(Default)]
pub struct Recorder {
    pub issue_trace: Vec<IssueRecord>,
    pub occupancy_trace: Vec<OccupancyRecord>,
}

impl TraceSink for Recorder {
    fn issue(&mut self, e: &IssueEvent<&str>) {
        self.issue_trace.push(IssueRecord {
            cycle: e.cycle,
            cu: e.cu,
            simd: e.simd,
            wave: e.wave,
            pc: e.pc,
            op: e.op.to_string(),
            unit: e.unit.to_string(),
            complete: e.complete,
            active_lanes: e.active_lanes,
        });
    }

    fn occupancy(&mut self, record: &OccupancyRecord) {
        self.occupancy_trace.push(record.clone());
    }
}

/// Successive launches (an Amber script's RUNs) on one timeline: each
/// launch's cycles follow the previous one's end and its waves are
/// numbered after the previous one's, so their tracks never meet.
pub struct Sequence<'t> {
    sink: &'t mut dyn TraceSink,
    /// Where the current launch starts.
    cycle: u64,
    first_wave: u32,
    /// One past the last wave seen.
    next_wave: u32,
}

impl<'t> Sequence<'t> {
    pub fn new(sink: &'t mut dyn TraceSink) -> Self {
        Sequence {
            sink,
            cycle: 0,
            first_wave: 0,
            next_wave: 0,
        }
    }

    /// The current launch took `cycles`: the next starts after it.
    pub fn launch_done(&mut self, cycles: u64) {
        self.cycle += cycles;
        self.first_wave = self.next_wave;
    }

    /// Where the next launch starts.
    pub fn cycle(&self) -> u64 {
        self.cycle
    }
}

impl TraceSink for Sequence<'_> {
    fn source_files(&mut self, files: &[String]) {
        self.sink.source_files(files);
    }

    fn issue(&mut self, e: &IssueEvent<&str>) {
        let mut e = *e;
        e.cycle += self.cycle;
        e.complete += self.cycle;
        e.wave += self.first_wave;
        self.next_wave = self.next_wave.max(e.wave + 1);
        self.sink.issue(&e);
    }

    fn occupancy(&mut self, record: &OccupancyRecord) {
        let mut r = record.clone();
        r.cycle += self.cycle;
        self.sink.occupancy(&r);
    }
}
