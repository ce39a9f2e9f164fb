//! What a run leaves behind, through the `gpusim` command as users run
//! it: every file of a results folder, traces that follow the Chrome
//! trace-event format's rules as Perfetto applies them, folders that are
//! never overwritten, and the exit codes.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{gpusim, printed as text, root};

fn code(o: &std::process::Output) -> i32 {
    o.status.code().expect("an exit code")
}

/// The JSON file at `path` (a summary, a Chrome trace).
fn json_file(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()))
}

/// Checks the rules Perfetto's JSON importer applies: on each track
/// (pid, tid) complete slices nest or are disjoint, and start in time
/// order; every track with slices and every process is named by a
/// metadata event; no pid or tid is 0; counters are monotonic per track.
/// Returns the number of slices.
fn check_chrome_trace(path: &Path) -> usize {
    let trace = json_file(path);
    assert_eq!(trace["displayTimeUnit"], "ns");
    let events = trace["traceEvents"].as_array().expect("traceEvents");
    // Times as an importer that truncates reads them: whole nanoseconds.
    let ns = |us: f64| (us * 1000.0) as u64;
    // Slices as five kinds of reader take them: in whole nanoseconds
    // truncating `ts` and `ts + dur`, or `ts` and `dur` each (older
    // Perfetto), rounding `ts` and `dur` each (Perfetto now), in doubles
    // (catapult, scripts), and exact in hundredths of a nanosecond (a
    // reader adding decimals); each must nest.
    type Reading = fn(f64, f64) -> (f64, f64);
    let readings: [(&str, Reading); 5] = [
        ("truncated end", |ts, dur| {
            ((ts * 1e3).trunc(), ((ts + dur) * 1e3).trunc())
        }),
        ("truncated each", |ts, dur| {
            let start = (ts * 1e3).trunc();
            (start, start + (dur * 1e3).trunc())
        }),
        ("rounded", |ts, dur| {
            let start = (ts * 1e3).round();
            (start, start + (dur * 1e3).round())
        }),
        ("doubles", |ts, dur| (ts, ts + dur)),
        ("exact", |ts, dur| {
            let start = (ts * 1e5).round();
            (start, start + (dur * 1e5).round())
        }),
    ];
    // Per (reader, pid, tid): the slices' (start, end).
    type Track<'a> = (&'a str, u64, u64);
    let mut slices: BTreeMap<Track, Vec<(f64, f64)>> = BTreeMap::new();
    let mut counters: BTreeMap<(u64, String), u64> = BTreeMap::new();
    let mut named_threads = BTreeSet::new();
    let mut named_processes = BTreeSet::new();
    let mut pids = BTreeSet::new();
    for e in events {
        let pid = e["pid"].as_u64().expect("every event has a pid");
        assert_ne!(pid, 0, "{e}");
        pids.insert(pid);
        match e["ph"].as_str().expect("every event has a phase") {
            "X" => {
                let tid = e["tid"].as_u64().expect("a slice has a tid");
                assert_ne!(tid, 0, "{e}");
                let ts = e["ts"].as_f64().unwrap();
                let dur = e["dur"].as_f64().unwrap();
                assert!(dur >= 0.0, "{e}");
                for key in [
                    "cycle",
                    "complete",
                    "pc",
                    "location",
                    "unit",
                    "active_lanes",
                    "workgroup",
                ] {
                    assert!(!e["args"][key].is_null(), "slice without args.{key}: {e}");
                }
                for (reader, read) in readings {
                    slices
                        .entry((reader, pid, tid))
                        .or_default()
                        .push(read(ts, dur));
                }
            }
            "C" => {
                let ts = ns(e["ts"].as_f64().unwrap());
                let name = e["name"].as_str().unwrap().to_string();
                let last = counters.entry((pid, name)).or_insert(0);
                assert!(ts >= *last, "counter out of order: {e}");
                *last = ts;
            }
            "M" => match e["name"].as_str().unwrap() {
                "thread_name" => {
                    named_threads.insert((pid, e["tid"].as_u64().unwrap()));
                }
                "process_name" => {
                    named_processes.insert(pid);
                }
                "thread_sort_index" | "process_sort_index" => {}
                other => panic!("unexpected metadata {other}"),
            },
            other => panic!("unexpected phase {other}: {e}"),
        }
    }
    let mut n = 0;
    for (&(reader, pid, tid), list) in &slices {
        let track = (reader, pid, tid);
        assert!(
            named_threads.contains(&(pid, tid)),
            "track {track:?} has no name"
        );
        // In file order, starts never go back; a slice either ends before
        // the next starts or contains it.
        let mut open: Vec<f64> = Vec::new();
        let mut last_start = 0.0;
        for &(start, end) in list {
            assert!(start >= last_start, "{track:?}: slices out of order");
            last_start = start;
            while open.last().is_some_and(|&e| e <= start) {
                open.pop();
            }
            if let Some(&outer) = open.last() {
                assert!(
                    end <= outer,
                    "{track:?}: slices overlap without nesting at {start}"
                );
            }
            open.push(end);
            n += 1;
        }
    }
    assert_eq!(pids, named_processes, "every process is named");
    n / readings.len()
}

/// One field of a protobuf message, read with the wire format's rules
/// alone (independently of the prost structs that wrote it).
enum Wire<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
    /// A fixed64 value (gpusim writes doubles in counters).
    Fixed,
}

fn varint(b: &mut &[u8]) -> u64 {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = b[0];
        *b = &b[1..];
        v |= ((byte & 0x7f) as u64) << shift;
        if byte & 0x80 == 0 {
            return v;
        }
    }
    panic!("varint longer than 10 bytes")
}

fn fields(mut b: &[u8]) -> Vec<(u64, Wire<'_>)> {
    let mut out = Vec::new();
    while !b.is_empty() {
        let key = varint(&mut b);
        let value = match key & 7 {
            0 => Wire::Varint(varint(&mut b)),
            1 => {
                b = &b[8..];
                Wire::Fixed
            }
            2 => {
                let n = varint(&mut b) as usize;
                let v = &b[..n];
                b = &b[n..];
                Wire::Bytes(v)
            }
            other => panic!("wire type {other}"),
        };
        out.push((key >> 3, value));
    }
    out
}

fn uint(f: &[(u64, Wire)], field: u64) -> Option<u64> {
    f.iter().find_map(|(k, v)| match v {
        Wire::Varint(x) if *k == field => Some(*x),
        _ => None,
    })
}

fn bytes<'a>(f: &[(u64, Wire<'a>)], field: u64) -> Vec<&'a [u8]> {
    f.iter()
        .filter_map(|(k, v)| match v {
            Wire::Bytes(x) if *k == field => Some(*x),
            _ => None,
        })
        .collect()
}

/// Checks a Perfetto protobuf trace against the rules its importer
/// applies: every packet is field 1 of Trace; every track an event uses
/// is described and named, with a described parent; names are interned
/// before use; on each track slices begin and end as a stack (nested or
/// disjoint) in time order. Returns the number of slices.
fn check_perfetto_trace(path: &Path) -> usize {
    let data = std::fs::read(path).unwrap();
    let mut tracks: BTreeMap<u64, (String, Option<u64>)> = BTreeMap::new();
    let mut event_names = BTreeSet::new();
    let mut arg_names = BTreeMap::new();
    let mut open: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    let mut last: BTreeMap<u64, u64> = BTreeMap::new();
    let mut slices = 0;
    let mut used = BTreeSet::new();
    for (field, packet) in fields(&data) {
        assert_eq!(field, 1, "a Trace holds only packets");
        let Wire::Bytes(packet) = packet else {
            panic!("a packet is a message")
        };
        let p = fields(packet);
        for interned in bytes(&p, 12) {
            let interned = fields(interned);
            for name in bytes(&interned, 2) {
                event_names.insert(uint(&fields(name), 1).unwrap());
            }
            for name in bytes(&interned, 3) {
                let name = fields(name);
                let text = String::from_utf8(bytes(&name, 2)[0].to_vec()).unwrap();
                arg_names.insert(uint(&name, 1).unwrap(), text);
            }
        }
        for t in bytes(&p, 60) {
            let t = fields(t);
            let uuid = uint(&t, 1).expect("a track has a uuid");
            let name = bytes(&t, 2)
                .first()
                .map(|n| String::from_utf8(n.to_vec()).unwrap());
            let name = name.expect("every track is named");
            tracks.insert(uuid, (name, uint(&t, 5)));
        }
        for e in bytes(&p, 11) {
            let e = fields(e);
            let ts = uint(&p, 8).expect("an event has a timestamp");
            let track = uint(&e, 11).expect("an event names its track");
            used.insert(track);
            assert!(
                tracks.contains_key(&track),
                "track {track} is described first"
            );
            let stack = open.entry(track).or_default();
            let previous = last.entry(track).or_insert(0);
            assert!(ts >= *previous, "track {track}: time goes back at {ts}");
            *previous = ts;
            match uint(&e, 9) {
                Some(1) => {
                    let name = uint(&e, 10).expect("a slice is named");
                    assert!(
                        event_names.contains(&name),
                        "name {name} interned before use"
                    );
                    stack.push(ts);
                    slices += 1;
                }
                Some(2) => {
                    let begin = stack.pop().expect("an end closes a begin");
                    assert!(ts >= begin);
                }
                Some(4) => {}
                other => panic!("event type {other:?}"),
            }
        }
    }
    assert!(open.values().all(|s| s.is_empty()), "every slice ends");
    for (uuid, (_, parent)) in &tracks {
        if let Some(p) = parent {
            assert!(
                tracks.contains_key(p),
                "track {uuid}: parent {p} is described"
            );
        }
    }
    assert!(!used.is_empty());
    slices
}

#[test]
fn a_traced_run_writes_every_file_and_a_trace_perfetto_reads() {
    let dir = common::scratch("results", "traced");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "workloads/reduction.toml",
        "--trace",
        "--trace-format",
        "perfetto,json,csv",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(
        text(&o)
            .contains("traces: issue_trace.csv, occupancy_trace.csv, trace.json, trace.pftrace"),
        "the run names its traces: {}",
        text(&o)
    );
    let out = dir.join("reduction");
    let summary: Value = json_file(&out.join("summary.json"));
    let waves = summary["instructions"]["wave"].as_u64().unwrap();
    // `files` names every file in the folder, the summary itself too, in
    // name order.
    let listed: Vec<&str> = summary["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(listed, entries(&out));
    assert!(listed.contains(&"summary.json"), "{listed:?}");

    // One CSV row per issued wave-instruction.
    let issue = std::fs::read_to_string(out.join("issue_trace.csv")).unwrap();
    let mut lines = issue.lines();
    assert_eq!(
        lines.next(),
        Some("cycle,cu,simd,wave,workgroup,pc,location,op,unit,complete,active_lanes")
    );
    assert_eq!(lines.count() as u64, waves);
    let occupancy = std::fs::read_to_string(out.join("occupancy_trace.csv")).unwrap();
    assert!(occupancy.starts_with("cycle,cu,waves,workgroups,vgprs,lds_bytes\n"));
    // One slice per instruction, on tracks that nest, in both formats.
    assert_eq!(check_chrome_trace(&out.join("trace.json")) as u64, waves);
    assert_eq!(
        check_perfetto_trace(&out.join("trace.pftrace")) as u64,
        waves
    );

    for plot in ["stalls", "occupancy", "utilisation", "memory"] {
        let svg = std::fs::read_to_string(out.join(format!("{plot}.svg"))).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{plot}"
        );
        assert!(
            svg.contains("reduction on gcn-like"),
            "{plot}: the title names the run"
        );
        let png = std::fs::read(out.join(format!("{plot}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{plot}.png");
    }

    // Run identity.
    assert_eq!(summary["run"]["config"], "gcn-like");
    assert_eq!(summary["run"]["config_file"], "config.toml");
    assert_eq!(summary["run"]["source"], "workloads/reduction.toml");
    assert!(summary["run"]["gpusim"]
        .as_str()
        .unwrap()
        .starts_with(env!("CARGO_PKG_VERSION")));
    assert!(summary["run"]["command"].as_array().unwrap().len() >= 2);
    assert!(summary["run"]["wall_seconds"].as_f64().unwrap() > 0.0);
    let config = gpusim::input::config::Config::load(&out.join("config.toml")).unwrap();
    let default = gpusim::input::config::Config::default_config();
    assert_eq!(
        config.to_toml(),
        default.to_toml(),
        "the resolved config reads back"
    );

    // The statistics researchers look for first.
    let mix: u64 = summary["instruction_mix"]["by_class"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(mix, waves);
    let by_name: u64 = summary["instruction_mix"]["by_name"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(by_name, waves);
    let by_unit: u64 = summary["instruction_mix"]["by_unit"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(by_unit, waves);
    assert!(
        summary["instruction_mix"]["by_unit"]["lds"]
            .as_u64()
            .unwrap()
            > 0
    );
    let per_cu = summary["per_cu"].as_array().unwrap();
    assert_eq!(per_cu.len(), 8);
    let per_cu_waves: u64 = per_cu
        .iter()
        .map(|c| c["wave_instructions"].as_u64().unwrap())
        .sum();
    assert_eq!(per_cu_waves, waves);
    let lane = summary["instructions"]["lane"].as_f64().unwrap();
    let efficiency = summary["instructions"]["lane_efficiency"].as_f64().unwrap();
    assert!((efficiency - lane / (waves as f64 * 64.0)).abs() < 1e-12);
    let occupancy = &summary["occupancy"];
    // Over busy CUs it can only be higher than over the whole GPU.
    assert!(occupancy["achieved_busy_cus"].as_f64() >= occupancy["achieved"].as_f64());
    let memory = &summary["memory"];
    let lines: u64 = ["l1_hit", "l2_hit", "dram"]
        .iter()
        .map(|l| memory["load_latency"][l]["lines"].as_u64().unwrap())
        .sum();
    assert_eq!(lines, memory["load_lines"].as_u64().unwrap());
    assert!(memory["dram_bandwidth_fraction"].as_f64().unwrap() > 0.0);

    // summary.csv: a header and one row of as many fields.
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].split(',').count(), rows[1].split(',').count());
    assert!(rows[1].starts_with("reduction,main,timed,gcn-like,64,0,"));

    // Each buffer as .bin and as .npy with the same elements.
    for b in summary["buffers"].as_array().unwrap() {
        let name = b["name"].as_str().unwrap();
        let raw = std::fs::read(out.join(format!("{name}.bin"))).unwrap();
        let npy = std::fs::read(out.join(format!("{name}.npy"))).unwrap();
        assert_eq!(&npy[..6], b"\x93NUMPY");
        let header_len = u16::from_le_bytes([npy[8], npy[9]]) as usize;
        let header = std::str::from_utf8(&npy[10..10 + header_len]).unwrap();
        let descr = match b["type"].as_str().unwrap() {
            "u32" => "'<u4'",
            "f32" => "'<f4'",
            other => panic!("reduction has no {other} buffer"),
        };
        assert!(header.contains(descr), "{name}: {header}");
        let compact: String = header.chars().filter(|c| *c != ' ').collect();
        assert!(
            compact.contains(&format!("'shape':({},)", raw.len() / 4)),
            "{name}: {header}"
        );
        assert_eq!(&npy[10 + header_len..], &raw[..], "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_trace_is_perfetto_and_a_bad_format_is_refused() {
    let dir = common::scratch("results", "formats");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "workloads/vector_add.toml",
        "--trace",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let out = dir.join("vector_add");
    assert!(out.join("trace.pftrace").exists() && out.join("occupancy_trace.csv").exists());
    assert!(!out.join("trace.json").exists() && !out.join("issue_trace.csv").exists());
    // A slice per wave-instruction: 4 waves run vector_add's 23
    // instructions (gl_GlobalInvocationID is a preloaded register, not a
    // load).
    assert_eq!(check_perfetto_trace(&out.join("trace.pftrace")), 4 * 23);
    // Without --trace, no trace files at all.
    let o = gpusim(&["run", "workloads/vector_add.toml", "--results", results]);
    let second = dir.join("vector_add-2");
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(!second.join("trace.pftrace").exists() && !second.join("occupancy_trace.csv").exists());
    let o = gpusim(&["run", "workloads/vector_add.toml", "--trace-format", "svg"]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(
        text(&o).contains("'svg' is not a trace format"),
        "{}",
        text(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The units' busy-fraction counters cover the whole run: the last
/// window, cut short by the kernel's end, has its sample too, a fraction
/// of its own length. No slice ends after the run.
#[test]
fn the_trace_covers_the_run_to_its_end_and_no_further() {
    let dir = common::scratch("results", "last-window");
    let o = gpusim(&[
        "run",
        "workloads/vector_add.toml",
        "--config",
        "teaching",
        "--trace-format",
        "json",
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let out = dir.join("vector_add");
    let summary: Value = json_file(&out.join("summary.json"));
    let cycles = summary["cycles"].as_u64().unwrap();
    // teaching runs at 1 GHz: a cycle is a nanosecond, ts is in µs.
    let trace: Value = json_file(&out.join("trace.json"));
    let samples: Vec<(u64, &Value)> = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == "unit busy fraction")
        .map(|e| {
            (
                (e["ts"].as_f64().unwrap() * 1000.0).floor() as u64,
                &e["args"],
            )
        })
        .collect();
    let window = 256;
    assert!(!cycles.is_multiple_of(window), "{cycles}");
    let last_start = cycles / window * window;
    let (_, last) = samples
        .iter()
        .find(|(ts, _)| *ts == last_start)
        .unwrap_or_else(|| panic!("no sample at {last_start}: {samples:?}"));
    for (_, args) in &samples {
        for (_, f) in args.as_object().unwrap() {
            assert!((0.0..=1.0).contains(&f.as_f64().unwrap()), "{args}");
        }
    }
    // The CU's VALUs (one a SIMD): their busy cycles are a whole number
    // over all of them and the window's length.
    let teaching = gpusim::input::config::Config::load_with("teaching", &[]).unwrap();
    let (_, valus) = teaching
        .units_per_cu()
        .into_iter()
        .find(|(name, _)| name == "valu")
        .unwrap();
    let valu = last["valu"].as_f64().unwrap();
    let busy = valu * (valus * (cycles - last_start)) as f64;
    assert!(valu > 0.0 && (busy - busy.round()).abs() < 1e-9, "{valu}");
    // No slice outlasts the run, the waves' last branches included.
    let ends: Vec<f64> = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "X")
        .map(|e| (e["ts"].as_f64().unwrap() + e["dur"].as_f64().unwrap()) * 1000.0)
        .collect();
    assert!(!ends.is_empty());
    for end in ends {
        assert!(
            end <= cycles as f64,
            "a slice ends at {end} ns, after {cycles}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plots_are_drawn_at_one_eight_and_sixty_four_cus() {
    let dir = common::scratch("results", "plots");
    for (cus, config) in [(1, "teaching"), (8, "gcn"), (64, "gcn")] {
        let results = dir.join(cus.to_string());
        let set = format!("gpu.compute_units={cus}");
        let o = gpusim(&[
            "run",
            "workloads/reduction.toml",
            "--config",
            config,
            "--set",
            &set,
            "--results",
            results.to_str().unwrap(),
        ]);
        assert_eq!(code(&o), 0, "{}", text(&o));
        let out = results.join("reduction");
        let svg = std::fs::read_to_string(out.join("occupancy.svg")).unwrap();
        // One heat-map row per CU: a rectangle per CU and time bin.
        let summary: Value = json_file(&out.join("summary.json"));
        assert_eq!(summary["per_cu"].as_array().unwrap().len(), cus);
        assert!(svg.matches("<rect").count() >= cus, "{cus} CUs");
        // The mean over the GPU (the blue line) holds each bin's value
        // across the bin: steps, no ramps, and it falls to none at the end.
        let line = svg
            .split("<polyline")
            .find(|p| p.contains("stroke=\"#0000FF\""))
            .expect("the mean's line");
        let points: Vec<(i64, i64)> = line
            .split("points=\"")
            .nth(1)
            .and_then(|p| p.split('"').next())
            .expect("its points")
            .split_whitespace()
            .map(|xy| {
                let (x, y) = xy.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert!(
            points
                .windows(2)
                .all(|p| p[0].0 == p[1].0 || p[0].1 == p[1].1),
            "{cus} CUs: a sloped piece in {points:?}"
        );
        // On one CU the four waves are a tenth of its height: the line
        // starts above where it ends (y grows downwards).
        let (first, last) = (points[0].1, points[points.len() - 1].1);
        assert!(
            cus > 1 || last > first,
            "waves at the start, none at the end: {points:?}"
        );
        assert!(svg.contains(&format!(
            "reduction on {}",
            summary["run"]["config"].as_str().unwrap()
        )));
        // The heat map's colour scale: from 0 to the CU's wave slots.
        let config = gpusim::input::config::Config::load(&out.join("config.toml")).unwrap();
        let slots = config.cu.simds * config.cu.wave_slots_per_simd;
        for label in ["0".to_string(), slots.to_string(), "waves".to_string()] {
            assert!(
                svg.contains(&format!(">\n{label}\n</text>")),
                "{cus} CUs: {label}"
            );
        }
        for plot in ["stalls", "occupancy", "utilisation", "memory"] {
            let png = std::fs::read(out.join(format!("{plot}.png"))).unwrap();
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{plot} at {cus} CUs");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn folders_are_never_overwritten_and_force_replaces_only_ours() {
    let dir = common::scratch("results", "names");
    let results = dir.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "run",
            "workloads/vector_add.toml",
            "--functional",
            "--results",
            results,
        ];
        args.extend(extra);
        gpusim(&args)
    };
    assert_eq!(code(&run(&[])), 0);
    std::fs::write(dir.join("vector_add/notes.txt"), "mine").unwrap();
    std::fs::write(dir.join("vector_add/my_analysis.csv"), "mine").unwrap();
    let second = run(&[]);
    assert_eq!(code(&second), 0);
    assert!(text(&second).contains("vector_add-2"), "{}", text(&second));
    assert!(
        dir.join("vector_add/notes.txt").exists(),
        "the user's file stays"
    );
    // --force refuses a folder holding a file gpusim did not write ...
    let forced = run(&["--force"]);
    assert_eq!(code(&forced), 3, "{}", text(&forced));
    let t = text(&forced);
    assert!(
        t.contains("was not written by the run")
            && (t.contains("notes.txt") || t.contains("my_analysis.csv")),
        "{t}"
    );
    assert!(dir.join("vector_add/notes.txt").exists());
    // ... even one named like gpusim's own files ...
    std::fs::remove_file(dir.join("vector_add/notes.txt")).unwrap();
    let forced = run(&["--force"]);
    assert_eq!(code(&forced), 3, "{}", text(&forced));
    assert!(
        text(&forced).contains("my_analysis.csv"),
        "{}",
        text(&forced)
    );
    // ... and replaces one holding only what its run wrote.
    std::fs::remove_file(dir.join("vector_add/my_analysis.csv")).unwrap();
    assert_eq!(code(&run(&["--force"])), 0);
    assert!(!dir.join("vector_add-3").exists());
    // Two runs of one name in one command keep both folders: --force
    // replaces only what earlier commands wrote.
    let twice = run(&["workloads/vector_add.toml", "--force"]);
    assert_eq!(code(&twice), 0, "{}", text(&twice));
    assert!(text(&twice).contains("vector_add-3"), "{}", text(&twice));
    // The line names why: not for --force to replace.
    assert!(
        text(&twice).contains("vector_add was written by this command)"),
        "{}",
        text(&twice)
    );
    for name in ["vector_add", "vector_add-3"] {
        assert!(dir.join(name).join("summary.csv").exists(), "{name}");
    }
    // A file of the name is left as it is, and said to be a file.
    std::fs::remove_dir_all(dir.join("vector_add")).unwrap();
    std::fs::write(dir.join("vector_add"), "notes").unwrap();
    let beside = run(&["--force"]);
    assert_eq!(code(&beside), 0, "{}", text(&beside));
    assert!(
        text(&beside).contains("vector_add is not a folder; left as it is)"),
        "{}",
        text(&beside)
    );
    assert_eq!(std::fs::read(dir.join("vector_add")).unwrap(), b"notes");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn concurrent_runs_into_one_folder_all_succeed_into_distinct_folders() {
    let dir = common::scratch("results", "concurrent");
    let results = dir.to_str().unwrap().to_string();
    // All started before any is waited for, so they run at once.
    let children: Vec<_> = (0..6)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_gpusim"))
                .current_dir(root())
                .args(["run", "workloads/vector_add.toml", "--results", &results])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let c = c.wait_with_output().unwrap();
        assert_eq!(code(&c), 0, "{}", text(&c));
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 6, "{names:?}");
    assert!(
        names.iter().all(|n| n.starts_with("vector_add")),
        "no partial folder left: {names:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_partial_folders_are_removed_and_live_ones_kept() {
    let dir = common::scratch("results", "stale");
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .unwrap()
        .trim()
        .replace(['/', '.'], "_");
    // No process has a pid this large on Linux (pid_max is at most 2^22).
    let stale = dir.join(format!(".vector_add.partial-{host}-999999999"));
    std::fs::create_dir_all(&stale).unwrap();
    let live = dir.join(format!(".other.partial-{host}-{}", std::process::id()));
    std::fs::create_dir_all(&live).unwrap();
    // Another host's folder: its process cannot be seen from here.
    let elsewhere = dir.join(".vector_add.partial-otherhost-999999999");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let o = gpusim(&[
        "run",
        "workloads/vector_add.toml",
        "--functional",
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(!stale.exists());
    assert!(live.exists(), "a running process's folder stays");
    assert!(elsewhere.exists(), "another host's folder stays");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unwritable_results_folder_is_an_output_error_found_before_running() {
    let dir = common::scratch("results", "readonly");
    // A file where the folder should be: no user or permission tricks
    // needed, and root cannot write into it either.
    let blocked = dir.join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    let o = gpusim(&[
        "run",
        "workloads/bad/endless_loop.toml",
        "--results",
        blocked.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 3, "{}", text(&o));
    let t = text(&o);
    assert!(
        t.contains("cannot write results") && t.contains("blocked"),
        "{t}"
    );
    // Found before the (hung) kernel ran: no hang message.
    assert!(!t.contains("hung"), "{t}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The entries of folder `dir`, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A timed, traced run whose launch stops (a hung kernel, a fault) keeps
/// its trace so far, closed and valid, as `<name>.failed-trace/` beside
/// the results folders, and writes no results folder; an untraced or
/// refused run keeps nothing; a later stop replaces the kept trace whole,
/// and a run of the name that finishes removes it.
#[test]
fn a_launch_that_stops_keeps_its_trace_beside_the_results_and_no_folder() {
    let dir = common::scratch("results", "failed-trace");
    let results = dir.to_str().unwrap();
    let kept = dir.join("bad_endless_loop.failed-trace");
    let hang = |budget: &str, formats: &str, json: bool| {
        let mut args = vec![
            "run",
            "workloads/bad/endless_loop.toml",
            "--trace",
            "--trace-format",
            formats,
            "--max-instructions",
            budget,
            "--results",
            results,
        ];
        if json {
            args.push("--json");
        }
        let o = gpusim(&args);
        assert_eq!(code(&o), 2, "{}", text(&o));
        o
    };
    let o = hang("20000", "perfetto,json,csv", false);
    let t = text(&o);
    assert!(
        t.contains("looks hung")
            && t.contains(&format!(
                "the trace up to the stop is in {}",
                kept.display()
            )),
        "{t}"
    );
    assert_eq!(entries(&dir), ["bad_endless_loop.failed-trace"]);
    assert_eq!(
        entries(&kept),
        [
            "issue_trace.csv",
            "occupancy_trace.csv",
            "trace.json",
            "trace.pftrace"
        ]
    );
    // One wave: every wave-instruction of the budget issued and is a
    // slice; the one past it stopped the launch before it issued.
    assert_eq!(check_chrome_trace(&kept.join("trace.json")), 20_000);
    assert_eq!(check_perfetto_trace(&kept.join("trace.pftrace")), 20_000);
    let rows = common::csv_rows(&kept.join("issue_trace.csv"));
    assert_eq!(rows.len(), 1 + 20_000);
    let location = rows[0].iter().position(|c| c == "location").unwrap();
    let last = &rows[rows.len() - 1][location];
    assert!(
        last.starts_with("workloads/bad/endless_loop.spvasm:"),
        "{last}"
    );

    // Stopped again, with other formats: the kept trace is replaced whole,
    // and the JSON entry names it.
    let o = hang("1000", "perfetto", true);
    let entry: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(entry["exit_code"], 2);
    assert_eq!(entry["failed_trace"], kept.display().to_string());
    assert_eq!(entries(&dir), ["bad_endless_loop.failed-trace"]);
    assert_eq!(entries(&kept), ["occupancy_trace.csv", "trace.pftrace"]);
    assert_eq!(check_perfetto_trace(&kept.join("trace.pftrace")), 1000);

    // A fault stops the launch too.
    let o = gpusim(&[
        "run",
        "workloads/bad/oob.toml",
        "--trace",
        "--trace-format",
        "json",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(text(&o).contains("outside buffer"), "{}", text(&o));
    assert!(check_chrome_trace(&dir.join("bad_oob.failed-trace/trace.json")) > 0);

    // Untraced (functional), or refused before the launch: nothing kept.
    let fresh = dir.join("fresh");
    for args in [
        &["workloads/bad/endless_loop.toml", "--functional"][..],
        // Timed and traced, but its workgroup fits on no CU: the launch
        // stops before its first event.
        &[
            "workloads/bad/endless_loop.toml",
            "--trace",
            "--set",
            "cu.vgprs_per_simd=1",
            "--set",
            "cu.vgpr_granule=1",
        ],
        &["workloads/bad/bad_magic.toml", "--trace"],
    ] {
        let mut all = vec!["run", "--results", fresh.to_str().unwrap()];
        all.extend(args);
        let o = gpusim(&all);
        assert_eq!(code(&o), 2, "{all:?}: {}", text(&o));
        assert!(!text(&o).contains("trace up to"), "{}", text(&o));
        assert!(!fresh.exists(), "{all:?}: {:?}", entries(&fresh));
    }

    // A workload of one name that hangs, then finishes: the run that
    // finishes removes the trace the first kept.
    let manifest = dir.join("flip.toml");
    let endless = common::root().join("workloads/bad/endless_loop.spvasm");
    let hung = std::fs::read_to_string(common::root().join("workloads/bad/endless_loop.toml"))
        .unwrap()
        .replace("bad_endless_loop", "flip")
        .replace(
            "\"endless_loop.spvasm\"",
            &format!("{:?}", endless.display().to_string()),
        );
    let flip = |manifest_text: &str, want: i32| {
        std::fs::write(&manifest, manifest_text).unwrap();
        let o = gpusim(&[
            "run",
            manifest.to_str().unwrap(),
            "--trace",
            "--max-instructions",
            "500",
            "--results",
            fresh.to_str().unwrap(),
        ]);
        assert_eq!(code(&o), want, "{}", text(&o));
        text(&o)
    };
    flip(&hung, 2);
    assert_eq!(entries(&fresh), ["flip.failed-trace"]);
    // A failed trace holding anything else is neither replaced nor removed.
    let notes = fresh.join("flip.failed-trace/notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let t = flip(&hung, 2);
    assert!(
        t.contains("its trace could not be kept") && t.contains("notes.txt"),
        "{t}"
    );
    assert_eq!(entries(&fresh), ["flip.failed-trace"]);
    std::fs::remove_file(&notes).unwrap();
    let finishes =
        common::vector_add_anywhere().replace("name = \"vector_add\"", "name = \"flip\"");
    flip(&finishes, 0);
    assert_eq!(entries(&fresh), ["flip"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A unit's busy fraction per counter window takes each instruction's
/// busy cycles in the windows they fall in: one wave keeping a slow
/// transcendental unit (one instance per SIMD, 25 cycles an operation)
/// busy back to back reads a quarter of the CU's four in every window it
/// fills, never more.
#[test]
fn busy_counters_take_each_cycle_in_its_window() {
    let dir = common::scratch("results", "busy-windows");
    let o = gpusim(&[
        "run",
        "workloads/micro/indep_trans.toml",
        "--set",
        "units.trans={count = 1, latency = 100, interval = 25}",
        "--trace-format",
        "json",
        "--quiet",
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let path = dir.join("micro_indep_trans/trace.json");
    let trace: Value = json_file(&path);
    let trans: Vec<f64> = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "C" && e["name"] == "unit busy fraction")
        .map(|e| e["args"]["trans"].as_f64().unwrap())
        .collect();
    // 64 operations of 25 cycles: six windows of 256 and more.
    assert!(
        trans.iter().filter(|&&f| f == 0.25).count() >= 6,
        "{trans:?}"
    );
    assert!(trans.iter().all(|&f| f <= 0.25), "{trans:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An Amber script whose RUN hangs keeps its trace as a manifest's run
/// does, named after the script.
/// A trace holds at most `--trace-limit` wave-instructions, in every
/// format, closed and valid; the run goes on untraced and says how many
/// it left out, stopped (a hung kernel) or finished; 0 lifts the limit.
#[test]
fn a_trace_holds_at_most_its_limit_and_says_what_it_left_out() {
    let dir = common::scratch("results", "trace-limit");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "workloads/bad/endless_loop.toml",
        "--trace-format",
        "perfetto,json,csv",
        "--max-instructions",
        "20000",
        "--trace-limit",
        "5000",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(
        text(&o)
            .contains("(its first 5000 wave-instructions; 15000 more ran untraced: --trace-limit)"),
        "{}",
        text(&o)
    );
    let kept = dir.join("bad_endless_loop.failed-trace");
    assert_eq!(check_chrome_trace(&kept.join("trace.json")), 5_000);
    assert_eq!(check_perfetto_trace(&kept.join("trace.pftrace")), 5_000);
    assert_eq!(
        common::csv_rows(&kept.join("issue_trace.csv")).len(),
        1 + 5_000
    );

    let finished = |limit: &str| {
        let o = gpusim(&[
            "run",
            "workloads/vector_add.toml",
            "--trace-format",
            "json",
            "--trace-limit",
            limit,
            "--results",
            results,
            "--force",
        ]);
        assert_eq!(code(&o), 0, "{}", text(&o));
        let out = dir.join("vector_add");
        let summary: Value = json_file(&out.join("summary.json"));
        let slices = check_chrome_trace(&out.join("trace.json"));
        (
            String::from_utf8_lossy(&o.stderr).into_owned(),
            summary,
            slices,
        )
    };
    let (all_stderr, all, every) = finished("0");
    let total = all["instructions"]["wave"].as_u64().unwrap();
    assert_eq!(every as u64, total);
    assert!(!all_stderr.contains("--trace-limit"), "{all_stderr}");
    assert!(total > 50, "{total}");
    let (stderr, some, slices) = finished("50");
    assert_eq!(slices, 50);
    // The counters stop where the trace does, at the cycle of the first
    // wave-instruction left out (the 51st issued, from the whole trace),
    // where without a limit they go on.
    let counters = |path: &Path, name: &str| -> Vec<f64> {
        let trace: Value = json_file(path);
        trace["traceEvents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["ph"] == "C" && e["name"] == name)
            .map(|e| e["ts"].as_f64().unwrap())
            .collect()
    };
    let limited = dir.join("vector_add/trace.json");
    let (resident, busy) = (
        counters(&limited, "resident waves"),
        counters(&limited, "unit busy fraction"),
    );
    finished("0");
    let whole = dir.join("vector_add/trace.json");
    let trace: Value = json_file(&whole);
    let mut cycles: Vec<u64> = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "X")
        .map(|e| e["args"]["cycle"].as_u64().unwrap())
        .collect();
    cycles.sort();
    // At the built-in model's 1000 MHz, a cycle a nanosecond.
    let stop = cycles[50] as f64 / 1000.0;
    assert!(!busy.is_empty() && !resident.is_empty());
    assert!(busy.iter().chain(&resident).all(|&ts| ts < stop), "{stop}");
    assert!(counters(&whole, "resident waves")
        .iter()
        .any(|&ts| ts > stop));
    assert!(counters(&whole, "unit busy fraction")
        .iter()
        .any(|&ts| ts > stop));
    let (one, _, slices) = finished("1");
    assert_eq!(slices, 1);
    assert!(
        one.contains("the trace holds the first wave-instruction; "),
        "{one}"
    );
    finished("50");
    assert!(
        stderr.contains(&format!(
            "the trace holds the first 50 wave-instructions; {} more ran untraced",
            total - 50
        )),
        "{stderr}"
    );
    // The model does not notice; the summary says what the trace holds.
    assert_eq!(some["cycles"], all["cycles"]);
    let trace = &some["trace"];
    assert_eq!(
        (&trace["limit"], &trace["wave_instructions"], &trace["time"]),
        (&50.into(), &50.into(), &"ns".into())
    );
    assert_eq!(trace["left_out"].as_u64(), Some(total - 50));
    assert_eq!(all["trace"]["left_out"], 0);
    // The limit alone asks for a trace, which a functional run has not.
    let o = gpusim(&[
        "run",
        "workloads/vector_add.toml",
        "--trace-limit",
        "5",
        "--results",
        results,
        "--force",
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    assert!(dir.join("vector_add/trace.pftrace").is_file());
    let o = gpusim(&[
        "run",
        "workloads/vector_add.toml",
        "--trace-limit",
        "5",
        "--functional",
    ]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    assert!(
        text(&o).contains("--trace needs a timed run"),
        "{}",
        text(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Above 1000 MHz a nanosecond holds more than one cycle: a run says so,
/// and `--trace-time cycles` times its trace in cycles, each slice's start
/// its issue cycle and its end its completion or the wave's next issue.
#[test]
fn above_1000_mhz_a_trace_timed_in_cycles_tells_every_cycle_apart() {
    let dir = common::scratch("results", "trace-time");
    let run = |time: &str| {
        let o = gpusim(&[
            "run",
            "workloads/vector_add.toml",
            "--config",
            "teaching",
            "--set",
            "gpu.clock_mhz=2000",
            "--trace-format",
            "json",
            "--trace-time",
            time,
            "--results",
            dir.to_str().unwrap(),
            "--force",
        ]);
        assert_eq!(code(&o), 0, "{}", text(&o));
        let path = dir.join("vector_add/trace.json");
        check_chrome_trace(&path);
        let trace: Value = json_file(&path);
        (String::from_utf8_lossy(&o.stderr).into_owned(), trace)
    };
    let (stderr, in_ns) = run("ns");
    assert!(
        stderr.contains("at 2000 MHz a cycle is shorter than the trace's nanosecond"),
        "{stderr}"
    );
    assert_eq!(in_ns["otherData"]["time"], "ns");
    let (stderr, in_cycles) = run("cycles");
    assert!(!stderr.contains("nanosecond"), "{stderr}");
    assert_eq!(in_cycles["otherData"]["time"], "cycles");
    let slices: Vec<&Value> = in_cycles["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["ph"] == "X")
        .collect();
    assert!(!slices.is_empty());
    for e in slices {
        let (ts, dur) = (e["ts"].as_f64().unwrap(), e["dur"].as_f64().unwrap());
        let (cycle, complete) = (
            e["args"]["cycle"].as_u64().unwrap(),
            e["args"]["complete"].as_u64().unwrap(),
        );
        // Whole cycles as nanoseconds, in microseconds.
        assert_eq!((ts * 1000.0).round() as u64, cycle, "{e}");
        let end = ((ts + dur) * 1000.0).round() as u64;
        assert!(end > cycle && end <= complete.max(cycle + 1), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_amber_script_whose_run_stops_keeps_its_trace() {
    let dir = common::scratch("results", "failed-trace-amber");
    let kernel =
        std::fs::read_to_string(common::root().join("workloads/bad/endless_loop.spvasm")).unwrap();
    let script = dir.join("hang.amber");
    std::fs::write(
        &script,
        format!(
            "#!amber\nSHADER compute k SPIRV-ASM\n{kernel}END\n\
             BUFFER out DATA_TYPE uint32 SIZE 32 FILL 0\n\
             PIPELINE compute p\n  ATTACH k\n  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 0\nEND\n\
             RUN p 1 1 1\n"
        ),
    )
    .unwrap();
    let results = dir.join("results");
    let o = gpusim(&[
        "run",
        script.to_str().unwrap(),
        "--trace",
        "--trace-format",
        "json",
        "--max-instructions",
        "3000",
        "--json",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    let s: Value = serde_json::from_slice(&o.stdout).unwrap();
    let kept = results.join("hang.failed-trace");
    assert_eq!(s["status"], "error");
    assert_eq!(s["failed_trace"], kept.display().to_string());
    let reason = s["reason"].as_str().unwrap();
    assert!(
        reason.contains("looks hung") && reason.ends_with(&format!("is in {}", kept.display())),
        "{reason}"
    );
    assert_eq!(entries(&results), ["hang.failed-trace"]);
    assert_eq!(check_chrome_trace(&kept.join("trace.json")), 3000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_summary_says_how_a_launch_used_the_threads_and_its_global_atomics() {
    let dir = common::scratch("results", "threads");
    let results = dir.to_str().unwrap();
    let summary = |manifest: &str, mode: &[&str]| -> Value {
        let mut args = vec![
            "run",
            manifest,
            "--buffers",
            "none",
            "--json",
            "--quiet",
            "--force",
            "--results",
            results,
        ];
        args.extend_from_slice(mode);
        let o = gpusim(&args);
        assert_eq!(code(&o), 0, "{}", text(&o));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let two = ["--functional", "--threads", "2"];
    // 65,536 workgroups of 23 wave-instructions, no atomic: all but the
    // first from batches.
    let memory = summary("workloads/bench/memory.toml", &two);
    assert!(memory["run"]["parallel_batches"].as_u64().unwrap() > 0);
    assert_eq!(memory["run"]["parallel_workgroups"], 65_535);
    // Each workgroup's stores fall in its own stretch of `c`, which no
    // load reads: written in place, no overlay.
    assert_eq!(memory["run"]["in_place_workgroups"], 65_535);
    assert_eq!(memory["instructions"]["global_atomics"], 0);
    // 512 workgroups add to a global histogram, the values returned
    // unread (blind atomics): gathered per chunk, all but the first from
    // batches, in place (the kernel stores nothing).
    let atomics = summary("workloads/bench/atomics.toml", &two);
    assert!(atomics["run"]["parallel_batches"].as_u64().unwrap() > 0);
    assert_eq!(atomics["run"]["parallel_workgroups"], 511);
    assert_eq!(atomics["run"]["in_place_workgroups"], 511);
    assert!(atomics["instructions"]["global_atomics"].as_u64().unwrap() > 0);
    // 8,192 workgroups each adding to 256 words of their own after 24
    // rounds of arithmetic, in batches from 64 workgroups (blind atomics
    // start short), doubling: the batch of 2,048 gathers 524,288
    // locations, past the 2^18 a batch may hold, so the rest go in
    // batches of at most 1,024 (2^18 / 256 a workgroup): ten batches,
    // where eight would run without the cut.
    let scatter = summary("sim/tests/kernels/scatter_atomics_work.toml", &two);
    assert_eq!(scatter["checks"]["passed"], 1);
    assert_eq!(scatter["run"]["parallel_workgroups"], 8_191);
    assert_eq!(scatter["run"]["in_place_workgroups"], 8_191);
    assert_eq!(scatter["run"]["parallel_batches"], 10);
    // With no arithmetic, the commit's locations (256 a workgroup) cost
    // more than the batch's wave-instructions: the launch goes on on one
    // thread after its first batch (64 workgroups).
    let bare = summary("sim/tests/kernels/scatter_atomics.toml", &two);
    assert_eq!(bare["checks"]["passed"], 1);
    assert_eq!(bare["run"]["parallel_workgroups"], 64);
    assert_eq!(bare["run"]["parallel_batches"], 1);
    // 4 workgroups of one wave, each running 11 global atomics outside
    // its compare-and-swap loop and at least one in it (how many depends
    // on how the waves interleave, so a timed run may count more).
    let small = summary("workloads/atomics.toml", &["--functional"]);
    let count = small["instructions"]["global_atomics"].as_u64().unwrap();
    assert!(count >= 48, "{count}");
    // Only workgroup 0's wave runs one, in either mode.
    for mode in [&["--functional"][..], &[]] {
        let first = summary("sim/tests/kernels/first_atomic.toml", mode);
        assert_eq!(first["instructions"]["global_atomics"], 1, "{mode:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_l2_atomic_units_busy_fraction_is_their_operations_times_their_interval() {
    // The global histogram: every operation an integer atomicAdd, which
    // holds one of the L2's atomic units for the integer interval.
    let dir = common::scratch("results", "atomic-units-busy");
    let o = gpusim(&[
        "run",
        "workloads/histogram/histogram_global_uniform.toml",
        "workloads/vector_add.toml",
        "--quiet",
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let cfg = gpusim::input::config::Config::default_config();
    let units = (cfg.memory.l2.banks * cfg.atomics.units_per_bank) as f64;
    let interval = cfg.atomics.integer.interval as f64;
    let out = dir.join("histogram_global_uniform");
    let summary: Value = json_file(&out.join("summary.json"));
    let atomics = &summary["atomics"];
    let operations = common::num(atomics, &["operations"]);
    assert_eq!(operations, 65536.0, "a byte a lane");
    let busy = operations * interval;
    assert_eq!(common::num(atomics, &["unit_busy_cycles"]), busy);
    let cycles = common::num(&summary, &["cycles"]);
    let fraction = busy / (units * cycles);
    assert_eq!(common::num(atomics, &["unit_utilisation"]), fraction);
    // 256 bins over 8 banks keep every unit busy most of the run.
    assert!(fraction > 0.8, "{fraction}");
    let rows = common::csv_rows(&out.join("summary.csv"));
    let at = |name: &str| rows[1][common::column(&rows, name)].clone();
    assert_eq!(at("atomic_unit_utilisation").parse::<f64>(), Ok(fraction));
    let plot = std::fs::read_to_string(out.join("memory.svg")).unwrap();
    let shown = format!("{:.1}% ({} units)", 100.0 * fraction, units);
    assert!(plot.contains("L2 atomic units busy"), "{plot}");
    assert!(plot.contains(&shown), "{shown} in {plot}");
    // No atomics, no fraction: missing, not zero.
    let out = dir.join("vector_add");
    let summary: Value = json_file(&out.join("summary.json"));
    assert!(summary["atomics"]["unit_utilisation"].is_null());
    assert_eq!(summary["atomics"]["unit_busy_cycles"], 0);
    let rows = common::csv_rows(&out.join("summary.csv"));
    assert_eq!(
        rows[1][common::column(&rows, "atomic_unit_utilisation")],
        ""
    );
    let plot = std::fs::read_to_string(out.join("memory.svg")).unwrap();
    assert_eq!(plot.matches("no atomic operations").count(), 2, "{plot}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rate_with_nothing_to_divide_by_is_missing_not_zero() {
    // atomic_add loads nothing from memory: its atomics go to the L2's
    // atomic units, its stores write through the L1. No L1 access, no
    // scalar load, no line loaded from any level; the L2 only sees the
    // atomics' and the stores' lines.
    let dir = common::scratch("results", "no-accesses");
    let o = gpusim(&[
        "run",
        "workloads/micro/atomic_add.toml",
        "--quiet",
        "--results",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let out = dir.join("micro_atomic_add");
    let summary: Value = json_file(&out.join("summary.json"));
    let memory = &summary["memory"];
    assert_eq!(
        (&memory["l1_hits"], &memory["l1_misses"]),
        (&0.into(), &0.into())
    );
    assert!(memory["l1_hit_rate"].is_null(), "{memory}");
    assert!(memory["scalar_cache_hit_rate"].is_null(), "{memory}");
    for level in ["l1_hit", "l2_hit", "dram"] {
        assert!(
            memory["load_latency"][level]["mean_latency"].is_null(),
            "{level}"
        );
    }
    for cu in summary["per_cu"].as_array().unwrap() {
        assert!(cu["l1_hit_rate"].is_null(), "{cu}");
    }
    // The L2 had accesses: each of the 8 wave atomics looks up the one
    // line of its word, a miss the first time; the stores write 256 words
    // of `out` on lines of their own, all misses. A rate of 7 / (7 + 1 +
    // the stores' lines).
    let line = gpusim::input::config::Config::default_config()
        .memory
        .l2
        .line_bytes as u64;
    let misses = 1 + 256 * 4 / line;
    assert_eq!(
        (&memory["l2_hits"], &memory["l2_misses"]),
        (&7.into(), &misses.into())
    );
    let rate = 7.0 / (7 + misses) as f64;
    assert_eq!(memory["l2_hit_rate"], rate);
    let rows = common::csv_rows(&out.join("summary.csv"));
    let at = |name: &str| &rows[1][common::column(&rows, name)];
    assert_eq!(at("l1_hit_rate").as_str(), "");
    assert_eq!(at("l2_hit_rate").parse::<f64>(), Ok(rate));
    let plot = std::fs::read_to_string(out.join("memory.svg")).unwrap();
    assert!(plot.contains("\nno accesses\n"), "{plot}");
    assert!(!plot.contains("0 hits, 0 misses"), "{plot}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn several_workloads_and_folders_run_in_one_call() {
    let dir = common::scratch("results", "batch");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "workloads/micro_emulation",
        "workloads/vector_add.toml",
        "--functional",
        "--json",
        "--quiet",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let all: Value = serde_json::from_slice(&o.stdout).unwrap();
    let runs = all.as_array().expect("a JSON array for a folder");
    let manifests = std::fs::read_dir(root().join("workloads/micro_emulation"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert_eq!(runs.len(), manifests + 1);
    for r in runs {
        assert!(Path::new(r["results"].as_str().unwrap())
            .join("summary.json")
            .exists());
    }
    // An empty folder is an error, not "0 runs".
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let o = gpusim(&["run", empty.to_str().unwrap(), "--results", results]);
    assert_eq!(code(&o), 2, "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A searched folder's GPU configs and sweep files are passed over with a
/// note each, not run as broken manifests; named on their own, each is an
/// error saying what it is and what takes it.
#[test]
fn a_folders_configs_and_sweep_files_are_passed_over_with_a_note() {
    let dir = common::scratch("results", "other-toml");
    let inputs = dir.join("inputs");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::write(
        inputs.join("vector_add.toml"),
        common::vector_add_anywhere(),
    )
    .unwrap();
    let config = inputs.join("gpu.toml");
    std::fs::write(&config, "inherit = \"gcn\"\n[gpu]\ncompute_units = 2\n").unwrap();
    let sweep = inputs.join("study.toml");
    std::fs::write(
        &sweep,
        "name = \"study\"\nbase = \"gpu.toml\"\nworkloads = [\"vector_add.toml\"]\n[parameters]\n\"cu.simds\" = [2, 4]\n",
    )
    .unwrap();
    let results = dir.join("results");
    let run = |path: &Path, json: bool| {
        common::run_into(path, &results, if json { &["--json"] } else { &[] })
    };
    for json in [false, true] {
        let o = run(&inputs, json);
        assert_eq!(code(&o), 0, "{}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        let notes: Vec<&str> = err.lines().filter(|l| l.starts_with("note:")).collect();
        assert_eq!(
            notes,
            [
                format!("note: passed over {0}: a GPU config, not a workload manifest; give it as `--config {0}`", config.display()),
                format!("note: passed over {0}: a sweep file, not a workload manifest; run it with `gpusim sweep {0}`", sweep.display()),
            ],
            "{err}"
        );
        assert!(!err.contains("error"), "{err}");
        if json {
            let all: Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(all.as_array().map(Vec::len), Some(1), "{all}");
        } else {
            assert!(text(&o).contains("1 runs: 1 passed"), "{}", text(&o));
        }
    }
    for (path, says) in [
        (
            &config,
            "a GPU config, not a workload manifest; give it as `--config",
        ),
        (
            &sweep,
            "a sweep file, not a workload manifest; run it with `gpusim sweep",
        ),
    ] {
        let o = run(path, false);
        assert_eq!(code(&o), 2, "{}", text(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.starts_with(&format!("error: {}: {says}", path.display())),
            "{err}"
        );
    }
    // And each does what the message says.
    let manifest = inputs.join("vector_add.toml");
    let o = common::run_into(&manifest, &results, &["--config", config.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let o = gpusim(&[
        "sweep",
        sweep.to_str().unwrap(),
        "--quiet",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir` (relative paths) with its bytes, but for the
/// summaries, which hold the run's wall-clock time.
fn folder_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, files: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, files);
            } else {
                let name = p.strip_prefix(root).unwrap().display().to_string();
                let summary = name.ends_with("summary.json") || name.ends_with("summary.csv");
                let bytes = if summary {
                    Vec::new()
                } else {
                    std::fs::read(&p).unwrap()
                };
                files.insert(name, bytes);
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

/// What `run` printed on stdout without what moves from one call to the
/// next: wall-clock seconds and rates, and the command line.
fn steady(json: bool, stdout: &str) -> String {
    if !json {
        return stdout
            .lines()
            .map(|l| match l.rsplit_once(", ") {
                Some((head, tail)) if tail.ends_with(" s") => head,
                _ => l,
            })
            .collect::<Vec<_>>()
            .join("\n");
    }
    let mut all: Value = serde_json::from_str(stdout).expect("JSON on stdout");
    for r in all.as_array_mut().expect("an array for several runs") {
        if let Some(run) = r.get_mut("run").and_then(Value::as_object_mut) {
            run.retain(|k, _| k != "command" && !k.contains("second"));
        }
    }
    all.to_string()
}

#[test]
fn runs_done_at_once_print_and_write_what_runs_one_after_another_do() {
    let dir = common::scratch("results", "jobs");
    // Passing, failing, printing and skipped runs, manifests and scripts,
    // and a manifest and a script that both write descriptor_array/.
    let paths = [
        "workloads/amber",
        "workloads/descriptors",
        "workloads/bad",
        "workloads/opencl_printf",
        "workloads/micro_emulation",
    ];
    let mut seen = Vec::new();
    for json in [false, true] {
        for jobs in ["1", "2", "5"] {
            let results = dir.join(format!("{json}-{jobs}"));
            let mut args = vec!["run", "--functional", "--jobs", jobs, "--results"];
            args.push(results.to_str().unwrap());
            args.extend(paths);
            if json {
                args.push("--json");
            }
            let o = gpusim(&args);
            // Folder names differ by run only in the results root.
            let root = results.display().to_string();
            let shown = |b: &[u8]| String::from_utf8_lossy(b).replace(&root, "RESULTS");
            let printed = (code(&o), shown(&o.stdout), shown(&o.stderr));
            let folders = folder_files(&results);
            seen.push((json, jobs, printed, folders));
        }
    }
    let (_, _, (code1, out1, err1), _) = &seen[0];
    assert_eq!(*code1, 2, "a bad manifest is among them: {out1}{err1}");
    assert!(
        out1.contains("results in RESULTS/descriptor_array-2"),
        "{out1}"
    );
    assert!(err1.contains("error: "), "{err1}");
    for (json, jobs, printed, folders) in &seen[1..] {
        let (_, _, first, first_folders) = &seen[if *json { 3 } else { 0 }];
        assert_eq!(printed.0, first.0, "exit code, json {json}, jobs {jobs}");
        assert_eq!(
            steady(*json, &printed.1),
            steady(*json, &first.1),
            "stdout, json {json}, jobs {jobs}"
        );
        assert_eq!(printed.2, first.2, "stderr, json {json}, jobs {jobs}");
        assert_eq!(
            folders.keys().collect::<Vec<_>>(),
            first_folders.keys().collect::<Vec<_>>(),
            "json {json}, jobs {jobs}"
        );
        assert!(
            folders == first_folders,
            "file bytes, json {json}, jobs {jobs}"
        );
    }
    // Runs that all fail leave no results root, made for them, at any
    // count: the root made before they start is removed once they end.
    for jobs in ["1", "3"] {
        let root = dir.join(format!("failing-{jobs}")).join("inner");
        let args = [
            "run",
            "--functional",
            "--max-instructions",
            "100000",
            "--jobs",
            jobs,
            "--results",
            root.to_str().unwrap(),
        ];
        let o = gpusim(&[&args[..], &["workloads/bad"]].concat());
        assert_eq!(code(&o), 2, "{}", text(&o));
        assert!(!root.parent().unwrap().exists(), "jobs {jobs}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn amber_scripts_write_folders_and_json() {
    let dir = common::scratch("results", "amber");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "workloads/amber/amd_trinary_minmax.amber",
        "--json",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let s: Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(s["status"], "pass");
    assert_eq!(s["mode"], "timed");
    assert!(s["cycles"].as_u64().unwrap() > 0);
    let checks = s["checks"].as_array().unwrap();
    assert!(!checks.is_empty() && checks.iter().all(|c| c["passed"] == true));
    let folder = PathBuf::from(s["results"].as_str().unwrap());
    assert!(folder.join("summary.json").exists());
    assert!(folder.join("config.toml").exists());
    for b in s["buffers"].as_array().unwrap() {
        let bytes = std::fs::read(folder.join(b["file"].as_str().unwrap())).unwrap();
        assert_eq!(bytes.len() as u64, b["bytes"].as_u64().unwrap());
    }
    // A traced script with two RUNs: one timeline, the second RUN's slices
    // after the first's, on tracks of their own.
    let o = gpusim(&[
        "run",
        "workloads/amber/opencl_kernel_args.amber",
        "--trace",
        "--trace-format",
        "perfetto,json",
        "--json",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let s: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(s["runs"], 2);
    let folder = PathBuf::from(s["results"].as_str().unwrap());
    let slices = check_perfetto_trace(&folder.join("trace.pftrace"));
    assert_eq!(slices as u64, s["wave_instructions"].as_u64().unwrap());
    assert_eq!(check_chrome_trace(&folder.join("trace.json")), slices);
    // A folder of scripts prints a JSON array.
    let o = gpusim(&[
        "run",
        "workloads/amber",
        "--functional",
        "--json",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let all: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 8);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The research-scale runs, traced with default flags otherwise: their
/// traces follow the format rules too. Minutes and gigabytes of disk, so
/// run on request:
/// `cargo test --release -p gpusim --test results -- --ignored`.
#[test]
#[ignore]
fn research_scale_traces_follow_the_format_rules() {
    let dir = common::scratch("results", "scale");
    let results = dir.to_str().unwrap();
    for (manifest, formats) in [
        ("workloads/scale/vector_add_1m.toml", "perfetto,json"),
        ("workloads/scale/alu_loop_2m.toml", "perfetto"),
        ("workloads/scale/nbody_1024.toml", "perfetto"),
    ] {
        let o = gpusim(&[
            "run",
            manifest,
            "--trace",
            "--trace-format",
            formats,
            "--json",
            "--quiet",
            "--results",
            results,
        ]);
        assert_eq!(code(&o), 0, "{manifest}: {}", text(&o));
        let s: Value = serde_json::from_slice(&o.stdout).unwrap();
        let waves = s["instructions"]["wave"].as_u64().unwrap();
        let folder = PathBuf::from(s["results"].as_str().unwrap());
        let slices = check_perfetto_trace(&folder.join("trace.pftrace"));
        assert_eq!(slices as u64, waves, "{manifest}");
        if formats.contains("json") {
            assert_eq!(check_chrome_trace(&folder.join("trace.json")) as u64, waves);
        }
        println!("{manifest}: {waves} wave-instructions, traces follow the rules");
        std::fs::remove_dir_all(&folder).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Sends `signal` (`-INT`, `-TERM`) to process `pid` with the shell's own
/// `kill` (a machine may have no kill program); whether it was delivered.
fn signal_process(signal: &str, pid: u32) -> bool {
    Command::new("sh")
        .args(["-c", &format!("kill {signal} {pid}")])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A run interrupted by SIGINT (Ctrl-C) or SIGTERM (a batch system's time
/// limit) removes its unfinished results folder, and the folders it made
/// to hold it, and exits with 130. The run is a hung kernel with a budget
/// it never reaches, so that the signal always arrives mid-run. Two runs
/// at once (`--jobs 2`) make their results root before either starts.
#[test]
fn an_interrupted_run_leaves_no_unfinished_folder() {
    for (signal, jobs) in [("-INT", 1), ("-TERM", 1), ("-INT", 2)] {
        let scratch = common::scratch("results", &format!("interrupted{signal}-{jobs}"));
        // Neither folder exists before the run.
        let dir = scratch.join("made").join("inner");
        let child = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .current_dir(root())
            .arg("run")
            .args(vec!["workloads/bad/endless_loop.toml"; jobs])
            .args(["--jobs", &jobs.to_string()])
            .args([
                "--trace",
                "--quiet",
                "--max-instructions",
                "1000000000000",
                "--results",
            ])
            .arg(&dir)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let entries = || -> Vec<String> {
            std::fs::read_dir(&dir)
                .map(|d| {
                    d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default()
        };
        // Signalled once its partial folder exists (the run is under way).
        let started = std::time::Instant::now();
        while !entries().iter().any(|n| n.contains(".partial-")) {
            assert!(
                started.elapsed().as_secs() < 60,
                "no partial folder appeared"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(signal_process(signal, child.id()));
        let out = child.wait_with_output().unwrap();
        assert_eq!(code(&out), 130, "{signal}, jobs {jobs}: {}", text(&out));
        assert!(text(&out).contains("interrupted"), "{}", text(&out));
        assert!(!scratch.join("made").exists(), "{signal}, jobs {jobs}");
        // Only the folders it made: the scratch folder was there before.
        assert!(scratch.is_dir(), "{signal}, jobs {jobs}");
        std::fs::remove_dir_all(&scratch).unwrap();
    }
}

/// Interrupted at any moment, a run leaves its results folder whole or
/// not at all: never a partial folder, never a final folder emptied by the
/// interrupt's clean-up racing its rename into place. The signals land at
/// staggered moments over the run's whole length.
#[test]
fn an_interrupt_at_any_moment_leaves_a_whole_folder_or_none() {
    let dir = common::scratch("results", "interrupt-race");
    for i in 0..24u64 {
        let results = dir.join(i.to_string());
        let child = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .current_dir(root())
            .args(["run", "workloads/vector_add.toml", "--quiet", "--results"])
            .arg(&results)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(i * 4));
        // It may have finished already.
        signal_process("-INT", child.id());
        let out = child.wait_with_output().unwrap();
        // Done, interrupted, or killed before its handler was set (which
        // comes before any folder is made).
        let status = out.status.code();
        assert!(
            matches!(status, Some(0 | 130) | None),
            "run {i}: {status:?}"
        );
        let names: Vec<String> = std::fs::read_dir(&results)
            .map(|d| {
                d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        assert!(
            names.is_empty() || names == ["vector_add"],
            "run {i}: {names:?}"
        );
        if names.len() == 1 {
            let folder = results.join("vector_add");
            let summary: Value = serde_json::from_str(
                &std::fs::read_to_string(folder.join("summary.json")).unwrap(),
            )
            .unwrap();
            for f in summary["files"].as_array().unwrap() {
                let f = f.as_str().unwrap();
                assert!(folder.join(f).is_file(), "run {i}: {f} missing");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn buffers_chooses_which_files_each_buffer_gets_and_the_summary_names_only_those() {
    let d = common::scratch("results", "buffer-files");
    let manifest = root().join("workloads/vector_add.toml");
    // (--buffers, .bin written, .npy written)
    for (formats, bin, npy) in [
        ("npy", false, true),
        ("bin", true, false),
        ("none", false, false),
        ("bin,npy", true, true),
    ] {
        let o = gpusim(&[
            "run",
            manifest.to_str().unwrap(),
            "--buffers",
            formats,
            "--results",
            d.to_str().unwrap(),
            "--force",
            "--quiet",
        ]);
        assert_eq!(code(&o), 0, "{formats}: {}", text(&o));
        let folder = d.join("vector_add");
        assert_eq!(folder.join("c.bin").is_file(), bin, "{formats}");
        assert_eq!(folder.join("c.npy").is_file(), npy, "{formats}");
        let summary: serde_json::Value = json_file(&folder.join("summary.json"));
        let c = &summary["buffers"][2];
        assert_eq!(c["name"], "c");
        assert_eq!(c.get("file").is_some(), bin, "{formats}: {c}");
        assert_eq!(c.get("npy").is_some(), npy, "{formats}: {c}");
    }
    for bad in ["csv", "none,npy", ""] {
        let o = gpusim(&[
            "run",
            manifest.to_str().unwrap(),
            "--buffers",
            bad,
            "--results",
            d.to_str().unwrap(),
        ]);
        assert_eq!(code(&o), 2, "{bad}: {}", text(&o));
        assert!(text(&o).contains("--buffers"), "{bad}: {}", text(&o));
    }
}

/// Of a Perfetto trace: each slice argument's name and the values it
/// took.
fn perfetto_arguments(path: &Path) -> BTreeMap<String, BTreeSet<u64>> {
    let data = std::fs::read(path).unwrap();
    let mut names = BTreeMap::new();
    let mut values: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for (_, packet) in fields(&data) {
        let Wire::Bytes(packet) = packet else {
            panic!("a packet is a message")
        };
        let p = fields(packet);
        for interned in bytes(&p, 12) {
            for name in bytes(&fields(interned), 3) {
                let name = fields(name);
                let text = String::from_utf8(bytes(&name, 2)[0].to_vec()).unwrap();
                names.insert(uint(&name, 1).unwrap(), text);
            }
        }
        for e in bytes(&p, 11) {
            for a in bytes(&fields(e), 4) {
                let a = fields(a);
                let (name, value) = (uint(&a, 1).unwrap(), uint(&a, 3).unwrap());
                values.entry(name).or_default().insert(value);
            }
        }
    }
    values
        .into_iter()
        .map(|(iid, v)| (names[&iid].clone(), v))
        .collect()
}

/// A kernel compiled with debug information (clang -g: OpLine and
/// OpenCL.DebugInfo.100) runs, and its faults and traces name the source
/// line and column the OpLines give (debug_lines.cl: the load on line 7 at
/// column 13, the faulting store on line 8 at column 18), beside the
/// SPIR-V place.
#[test]
fn faults_and_traces_name_the_source_line_of_a_kernel_with_debug_information() {
    let dir = common::scratch("results", "source_lines");
    let results = dir.to_str().unwrap();
    // An earlier run's results, which the failed run leaves and names.
    std::fs::create_dir_all(dir.join("debug_lines")).unwrap();
    std::fs::write(dir.join("debug_lines/summary.json"), "{}\n").unwrap();
    let o = gpusim(&[
        "run",
        "sim/tests/kernels/debug_lines.toml",
        "--trace",
        "--trace-format",
        "csv,json,perfetto",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 2);
    let error = String::from_utf8_lossy(&o.stderr);
    assert!(
        error.contains("OpStore at ./debug_lines.cl:8:18 (sim/tests/kernels/debug_lines.spv word "),
        "{error}"
    );
    assert!(
        error.contains("debug_lines holds an earlier run's results, left as they were)"),
        "{error}"
    );
    let out = dir.join("debug_lines.failed-trace");
    let load = "./debug_lines.cl:7:13 (sim/tests/kernels/debug_lines.spv word ";
    let csv = std::fs::read_to_string(out.join("issue_trace.csv")).unwrap();
    assert!(csv.contains(load), "{csv}");
    let json = std::fs::read_to_string(out.join("trace.json")).unwrap();
    assert!(json.contains(load), "{json}");
    let arguments = perfetto_arguments(&out.join("trace.pftrace"));
    assert_eq!(
        arguments["source_line"],
        BTreeSet::from([6, 7, 8]),
        "{arguments:?}"
    );
}

/// glslang's -gV debug information (NonSemantic.Shader.DebugInfo.100,
/// with debug instructions before a function's first block and after its
/// last terminator) runs, and its DebugLines give the trace's source
/// lines: the helper's arithmetic on line 11 of debug_scopes.comp, the
/// load and store of its caller on line 16.
#[test]
fn glslang_debug_lines_give_the_source_lines() {
    let dir = common::scratch("results", "debug_scopes");
    let results = dir.to_str().unwrap();
    let o = gpusim(&[
        "run",
        "sim/tests/kernels/debug_scopes.toml",
        "--trace-format",
        "csv",
        "--results",
        results,
    ]);
    assert_eq!(code(&o), 0, "{}", text(&o));
    let csv = std::fs::read_to_string(dir.join("debug_scopes/issue_trace.csv")).unwrap();
    let lines: BTreeSet<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(6).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(
        lines,
        BTreeSet::from(["debug_scopes.comp:11", "debug_scopes.comp:16"]),
        "{csv}"
    );
}
