//! OpenCL printf end to end: the kernel's output, in lane order per call,
//! on the run's output and in its results folder.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::path::Path;

#[test]
fn printf_output_is_collected_in_lane_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let w = Workload::load(&root.join("workloads/opencl_printf/printf.toml")).unwrap();
    // The expected text, built in plain Rust from the kernel source: the
    // first printf runs for items 0..3, then the second.
    let x = |i: u32| 1.25 + 0.5 * i as f64;
    let mut want = String::new();
    for i in 0..4u32 {
        // C's %#x prints 0 without a prefix.
        let hex = if i == 0 {
            "0".to_string()
        } else {
            format!("{:#x}", i * 255)
        };
        want += &format!(
            "item {i}: x={:.3} hex={hex} neg={} long={}\n",
            x(i),
            -(i as i64),
            i as i64 * 10_000_000_000
        );
    }
    for i in 0..4u32 {
        let c = (b'A' + i as u8) as char;
        want += &format!(
            "  v={:.6},0.500000,-2.000000,10000000000.000000 e={:.6}e+00 g={} s=ok c={c}\n",
            x(i),
            x(i),
            x(i) * 1000.0
        );
    }
    for opts in [
        RunOptions::default(),
        RunOptions::timed(gpusim::input::config::Config::default_config()),
    ] {
        let out = run_workload(&w, &opts).unwrap();
        assert!(out.all_checks_passed());
        assert_eq!(out.printf, want);
        let dir = std::env::temp_dir().join(format!("gpusim-printf-{}", std::process::id()));
        let written = gpusim::output::results::write(&dir, &out, false).unwrap();
        assert_eq!(
            std::fs::read_to_string(written.join("printf.txt")).unwrap(),
            want
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
