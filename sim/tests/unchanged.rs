//! Speed work must not change what the simulator computes: every bundled
//! workload's output bits, instruction counts and, timed on the built-in
//! GCN-like model, its cycles and per-unit figures are compared against
//! the values recorded before the work (`unchanged/workloads.txt`).
//!
//! A change that is meant to move them (a timing-model fix) re-records the
//! file with
//!     GPUSIM_BLESS=1 cargo test --release -p gpusim --test unchanged
//! and the diff shows what moved.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::path::Path;

mod common;

const RECORD: &str = "tests/unchanged/workloads.txt";

/// FNV-1a over a stream of 64-bit words: a fingerprint written here, not
/// taken from the simulator.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 = (self.0 ^ x as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    fn word(&mut self, w: u64) {
        self.bytes(&w.to_le_bytes());
    }
}

fn outputs(out: &RunOutput) -> u64 {
    let mut h = Fnv::new();
    for b in &out.buffers {
        h.bytes(b.name.as_bytes());
        h.bytes(&b.bytes);
    }
    h.bytes(out.printf.as_bytes());
    h.0
}

/// One line per workload: functional output fingerprint and counts, then
/// the timed run's cycles, counts and a fingerprint of its per-unit busy
/// cycles, issue cycles and stalls.
fn line(root: &Path, path: &Path) -> String {
    let w = Workload::load(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // A manifest that asks for a subgroup size runs at it.
    let width = w.subgroup_size.as_ref().map_or(64, |s| s.0);
    let functional = RunOptions {
        wave_width: width as usize,
        ..RunOptions::default()
    };
    let f = run_workload(&w, &functional)
        .unwrap_or_else(|e| panic!("{}: functional: {e}", path.display()));
    let mut cfg = Config::default_config();
    cfg.cu.wave_size = width;
    let t = run_workload(&w, &RunOptions::timed(cfg))
        .unwrap_or_else(|e| panic!("{}: timed: {e}", path.display()));
    let report = t.timing.as_ref().expect("a timed run has a report");
    let mut units = Fnv::new();
    let simds = &report.simd_cycles;
    for v in report
        .unit_busy
        .iter()
        .copied()
        .chain(simds.iter().map(|s| s.issue))
    {
        units.word(v);
    }
    for s in simds {
        for &v in &s.stalls {
            units.word(v);
        }
    }
    format!(
        "{} functional {:016x} {} {} timed {:016x} {} {} {} {:016x}",
        path.strip_prefix(root).unwrap().display(),
        outputs(&f),
        f.counts.wave_instructions,
        f.counts.lane_instructions,
        outputs(&t),
        t.counts.wave_instructions,
        t.counts.lane_instructions,
        report.cycles,
        units.0
    )
}

#[test]
fn every_bundled_workload_computes_and_times_as_recorded() {
    let root = common::root();
    let mut paths = Vec::new();
    common::manifests(&root.join("workloads"), false, &mut paths);
    let lines: Vec<String> = paths.iter().map(|p| line(&root, p)).collect();
    let actual = lines.join("\n") + "\n";
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
    if std::env::var_os("GPUSIM_BLESS").is_some() {
        std::fs::create_dir_all(record.parent().unwrap()).unwrap();
        std::fs::write(&record, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&record)
        .unwrap_or_else(|e| panic!("{}: {e}; record it with GPUSIM_BLESS=1", record.display()));
    // Compared by workload: a workload added later must be recorded too.
    let by_path = |text: &str| -> std::collections::BTreeMap<String, String> {
        text.lines()
            .map(|l| (l.split(' ').next().unwrap().to_string(), l.to_string()))
            .collect()
    };
    let (was, now) = (by_path(&expected), by_path(&actual));
    let mut changed = Vec::new();
    for (path, line) in &now {
        match was.get(path) {
            Some(old) if old == line => {}
            Some(old) => changed.push(format!("  was {old}\n  now {line}")),
            None => changed.push(format!(
                "  {path} is not recorded (GPUSIM_BLESS=1 records it)"
            )),
        }
    }
    assert!(
        changed.is_empty(),
        "{} of {} workloads changed:\n{}",
        changed.len(),
        now.len(),
        changed.join("\n")
    );
}
