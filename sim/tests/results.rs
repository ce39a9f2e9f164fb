//! What a timed run writes: buffers, summary, traces and plots, complete.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::path::Path;

#[test]
fn a_timed_run_writes_traces_and_plots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let w = Workload::load(&root.join("workloads/reduction.toml")).unwrap();
    let out = run_workload(&w, &RunOptions::timed(Config::default_config())).unwrap();
    let dir = std::env::temp_dir().join(format!("gpusim-results-{}", std::process::id()));
    let written = gpusim::output::results::write(&dir, &out).unwrap();
    let read = |f: &str| std::fs::read_to_string(written.join(f)).unwrap();

    let issue = read("issue_trace.csv");
    let mut lines = issue.lines();
    assert_eq!(lines.next(), Some("cycle,cu,simd,wave,pc,op,unit,complete"));
    // One row per issued wave-instruction.
    assert_eq!(lines.count() as u64, out.counts.wave_instructions);

    let occupancy = read("occupancy_trace.csv");
    assert!(occupancy.starts_with("cycle,cu,waves,workgroups,vgprs,lds_bytes\n"));

    let trace: serde_json::Value = serde_json::from_str(&read("trace.json")).unwrap();
    let events = trace["traceEvents"].as_array().unwrap();
    assert!(events.len() as u64 >= out.counts.wave_instructions);

    for plot in ["occupancy.svg", "stalls.svg"] {
        let svg = read(plot);
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{plot}"
        );
    }
    let summary: serde_json::Value = serde_json::from_str(&read("summary.json")).unwrap();
    assert_eq!(summary["mode"], "timed");
    assert_eq!(
        summary["cycles"].as_u64(),
        Some(out.timing.as_ref().unwrap().cycles)
    );
    // No half-written folder is left beside the result.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().contains("partial"))
        .collect();
    assert!(leftovers.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
