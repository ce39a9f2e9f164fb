//! The issue trace in Perfetto's native protobuf format (`trace.pftrace`),
//! streamed while a timed run goes on and encoded by the prost crate. The
//! messages below declare only the fields gpusim writes; their numbers are
//! those of Perfetto's `protos/perfetto/trace/` (TracePacket, TrackEvent,
//! TrackDescriptor, InternedData, DebugAnnotation).
//!
//! Tracks nest as the hardware does: a root track for the run, a track per
//! CU, per SIMD under it and per wave under its SIMD, so slices on a track
//! never overlap (a slice lasts from an instruction's issue to its result
//! or to the wave's next issue, whichever is first). Counter tracks under
//! each CU give its resident waves and its units' busy fraction. Event
//! names, units and argument names are interned; timestamps are
//! nanoseconds at the configured clock. A slice's category is its unit and
//! its arguments hold its cycle, completion cycle, SPIR-V place (line of
//! `.spvasm`, word of `.spv`), active lanes and workgroup index (the
//! coordinates are in the wave track's name).

use prost::Message;
use std::collections::HashMap;
use std::fs::File;
use std::io::Write;

#[derive(Clone, PartialEq, Message)]
pub struct TracePacket {
    #[prost(uint64, optional, tag = "8")]
    pub timestamp: Option<u64>,
    #[prost(uint32, optional, tag = "10")]
    pub trusted_packet_sequence_id: Option<u32>,
    #[prost(message, optional, tag = "11")]
    pub track_event: Option<TrackEvent>,
    #[prost(message, optional, tag = "12")]
    pub interned_data: Option<InternedData>,
    #[prost(uint32, optional, tag = "13")]
    pub sequence_flags: Option<u32>,
    #[prost(message, optional, tag = "60")]
    pub track_descriptor: Option<TrackDescriptor>,
}

#[derive(Clone, PartialEq, Message)]
pub struct TrackDescriptor {
    #[prost(uint64, optional, tag = "1")]
    pub uuid: Option<u64>,
    #[prost(string, optional, tag = "2")]
    pub name: Option<String>,
    #[prost(uint64, optional, tag = "5")]
    pub parent_uuid: Option<u64>,
    #[prost(message, optional, tag = "8")]
    pub counter: Option<CounterDescriptor>,
}

#[derive(Clone, PartialEq, Message)]
pub struct CounterDescriptor {}

#[derive(Clone, PartialEq, Message)]
pub struct TrackEvent {
    #[prost(uint64, repeated, packed = "false", tag = "3")]
    pub category_iids: Vec<u64>,
    #[prost(message, repeated, tag = "4")]
    pub debug_annotations: Vec<DebugAnnotation>,
    #[prost(int32, optional, tag = "9")]
    pub r#type: Option<i32>,
    #[prost(uint64, optional, tag = "10")]
    pub name_iid: Option<u64>,
    #[prost(uint64, optional, tag = "11")]
    pub track_uuid: Option<u64>,
    #[prost(int64, optional, tag = "30")]
    pub counter_value: Option<i64>,
    #[prost(double, optional, tag = "44")]
    pub double_counter_value: Option<f64>,
}

#[derive(Clone, PartialEq, Message)]
pub struct DebugAnnotation {
    #[prost(uint64, optional, tag = "1")]
    pub name_iid: Option<u64>,
    #[prost(uint64, optional, tag = "3")]
    pub uint_value: Option<u64>,
}

#[derive(Clone, PartialEq, Message)]
pub struct InternedData {
    #[prost(message, repeated, tag = "1")]
    pub event_categories: Vec<InternedString>,
    #[prost(message, repeated, tag = "2")]
    pub event_names: Vec<InternedString>,
    #[prost(message, repeated, tag = "3")]
    pub debug_annotation_names: Vec<InternedString>,
}

/// EventCategory, EventName and DebugAnnotationName share this shape.
#[derive(Clone, PartialEq, Message)]
pub struct InternedString {
    #[prost(uint64, optional, tag = "1")]
    pub iid: Option<u64>,
    #[prost(string, optional, tag = "2")]
    pub name: Option<String>,
}

pub const SLICE_BEGIN: i32 = 1;
pub const SLICE_END: i32 = 2;
pub const COUNTER: i32 = 4;
const SEQ_INCREMENTAL_STATE_CLEARED: u32 = 1;
const SEQ_NEEDS_INCREMENTAL_STATE: u32 = 2;
/// The one packet sequence gpusim writes.
const SEQUENCE: u32 = 1;

/// Argument names, interned once at the start (iid = index + 1).
pub const ARGS: [&str; 7] = [
    "cycle",
    "complete",
    "spirv_line",
    "spirv_word",
    "active_lanes",
    "workgroup",
    "source_line",
];
pub const ARG_CYCLE: usize = 0;
pub const ARG_COMPLETE: usize = 1;
pub const ARG_SPIRV_LINE: usize = 2;
pub const ARG_SPIRV_WORD: usize = 3;
pub const ARG_ACTIVE_LANES: usize = 4;
/// The workgroup's index in the launch (its coordinates are in the
/// wave track's name).
pub const ARG_WORKGROUP: usize = 5;
/// The line of the kernel's source (its compiler's debug information).
pub const ARG_SOURCE_LINE: usize = 6;

/// Track uuids: waves, the most used, get the shortest (one to three
/// bytes); every other kind of track a range of its own above 2^32.
pub mod uuid {
    pub const ROOT: u64 = 1 << 40;
    pub fn wave(w: u32) -> u64 {
        w as u64 + 1
    }
    pub fn cu(c: u32) -> u64 {
        (2 << 40) | c as u64
    }
    pub fn simd(c: u32, s: u32) -> u64 {
        (3 << 40) | ((c as u64) << 16) | s as u64
    }
    pub fn resident(c: u32) -> u64 {
        (4 << 40) | c as u64
    }
    pub fn unit_busy(c: u32, u: usize) -> u64 {
        (5 << 40) | ((c as u64) << 16) | u as u64
    }
}

/// The size of the writes to the file.
const BLOCK: usize = 1 << 20;

/// Writes TracePackets as the repeated field 1 of a `Trace` message: the
/// file is a valid Trace whenever a packet has been written whole.
pub struct PacketWriter {
    out: File,
    /// Packets encoded and not yet written: written in large blocks, so a
    /// packet is copied once on its way to the file.
    buffer: Vec<u8>,
    /// A slice's begin packet, reused so that writing one allocates nothing.
    begin: TracePacket,
    /// Interned strings (names and categories) and their iids.
    names: HashMap<String, u64>,
    categories: HashMap<String, u64>,
}

impl PacketWriter {
    pub fn new(file: File) -> std::io::Result<PacketWriter> {
        let mut w = PacketWriter {
            out: file,
            buffer: Vec::with_capacity(2 * BLOCK),
            begin: TracePacket {
                trusted_packet_sequence_id: Some(SEQUENCE),
                sequence_flags: Some(SEQ_NEEDS_INCREMENTAL_STATE),
                track_event: Some(TrackEvent {
                    r#type: Some(SLICE_BEGIN),
                    ..TrackEvent::default()
                }),
                ..TracePacket::default()
            },
            names: HashMap::new(),
            categories: HashMap::new(),
        };
        let interned = InternedData {
            debug_annotation_names: ARGS
                .iter()
                .enumerate()
                .map(|(i, a)| InternedString {
                    iid: Some(i as u64 + 1),
                    name: Some(a.to_string()),
                })
                .collect(),
            ..InternedData::default()
        };
        w.packet(&TracePacket {
            trusted_packet_sequence_id: Some(SEQUENCE),
            sequence_flags: Some(SEQ_INCREMENTAL_STATE_CLEARED),
            interned_data: Some(interned),
            ..TracePacket::default()
        })?;
        Ok(w)
    }

    pub fn packet(&mut self, p: &TracePacket) -> std::io::Result<()> {
        prost::encoding::message::encode(1, p, &mut self.buffer);
        if self.buffer.len() >= BLOCK {
            self.flush()?;
        }
        Ok(())
    }

    pub fn track(&mut self, t: TrackDescriptor) -> std::io::Result<()> {
        self.packet(&TracePacket {
            track_descriptor: Some(t),
            ..TracePacket::default()
        })
    }

    /// The iids of an event name and a category, interning them into
    /// `interned` when new.
    pub fn intern(
        &mut self,
        name: &str,
        category: &str,
        interned: &mut Option<InternedData>,
    ) -> (u64, u64) {
        type List = fn(&mut InternedData) -> &mut Vec<InternedString>;
        let mut add = |map: &mut HashMap<String, u64>, s: &str, list: List| {
            if let Some(&iid) = map.get(s) {
                return iid;
            }
            let iid = map.len() as u64 + 1;
            map.insert(s.to_string(), iid);
            list(interned.get_or_insert_with(InternedData::default)).push(InternedString {
                iid: Some(iid),
                name: Some(s.to_string()),
            });
            iid
        };
        let n = add(&mut self.names, name, |d| &mut d.event_names);
        let c = add(&mut self.categories, category, |d| &mut d.event_categories);
        (n, c)
    }

    /// A slice from `begin` to `end` (nanoseconds) on `track`, named and
    /// categorised by interned iids, with unsigned arguments (indices into
    /// [`ARGS`]); `interned` carries strings used for the first time.
    pub fn slice(
        &mut self,
        (begin, end): (u64, u64),
        track: u64,
        (name_iid, category_iid): (u64, u64),
        args: &[(usize, u64)],
        interned: Option<InternedData>,
    ) -> std::io::Result<()> {
        let mut packet = std::mem::take(&mut self.begin);
        packet.timestamp = Some(begin);
        packet.interned_data = interned;
        let event = packet
            .track_event
            .as_mut()
            .expect("a begin packet has an event");
        event.track_uuid = Some(track);
        event.name_iid = Some(name_iid);
        event.category_iids.clear();
        event.category_iids.push(category_iid);
        event.debug_annotations.clear();
        event
            .debug_annotations
            .extend(args.iter().map(|&(arg, value)| DebugAnnotation {
                name_iid: Some(arg as u64 + 1),
                uint_value: Some(value),
            }));
        let written = self.packet(&packet);
        packet.interned_data = None;
        self.begin = packet;
        written?;
        self.event(
            end,
            TrackEvent {
                r#type: Some(SLICE_END),
                track_uuid: Some(track),
                ..TrackEvent::default()
            },
        )
    }

    /// A packet of an event that uses no interned data.
    pub fn event(&mut self, timestamp: u64, event: TrackEvent) -> std::io::Result<()> {
        self.packet(&TracePacket {
            timestamp: Some(timestamp),
            trusted_packet_sequence_id: Some(SEQUENCE),
            track_event: Some(event),
            ..TracePacket::default()
        })
    }

    /// Writes the packets encoded so far.
    pub fn flush(&mut self) -> std::io::Result<()> {
        let written = self.out.write_all(&self.buffer);
        self.buffer.clear();
        written
    }
}
