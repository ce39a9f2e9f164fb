//! OpenCL printf end to end: the kernel's output, in lane order per call,
//! on the run's output and in its results folder.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use isa::module::Location;
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

/// The word offsets of the printf instructions of a binary module, in
/// module order, read here with the binary's rules alone: OpExtInst
/// (opcode 12) whose instruction number (its fifth word) is 184.
fn printf_words(spv: &[u8]) -> Vec<usize> {
    let words: Vec<u32> = spv
        .chunks(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    let mut found = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        if opcode == 12 && words[at + 4] == 184 {
            found.push(at);
        }
        at += count;
    }
    found
}

/// The runs each test makes: functional on one thread and on four (in
/// batches from the first workgroup), and timed.
fn modes() -> [(RunOptions, &'static str); 3] {
    let functional = |threads| RunOptions {
        threads,
        parallel_from: 0,
        ..RunOptions::default()
    };
    let timed = RunOptions::timed(gpusim::input::config::Config::default_config());
    [
        (functional(1), "one thread"),
        (functional(4), "four threads"),
        (timed, "timed"),
    ]
}

/// `gpusim run MANIFEST --functional` from the project's root.
fn run_functional_cli(root: &Path, manifest: &str) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .current_dir(root)
        .args(["run", manifest, "--functional"])
        .args(["--results", env!("CARGO_TARGET_TMPDIR")])
        .args(["--buffers", "none", "--force"])
        .output()
        .unwrap()
}

/// printf calls that fail (an invalid format, too few arguments) print
/// nothing and return -1; the run gathers them per call site and message
/// with their count, the same at every thread count, and `gpusim run`
/// warns of each once, naming the instruction.
#[test]
fn failed_printf_calls_are_gathered_per_call_site_and_warned_of() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let manifest = root.join("sim/tests/kernels/printf_failures.toml");
    let w = Workload::load(&manifest).unwrap();
    let spv = std::fs::read(root.join("sim/tests/kernels/printf_failures.spv")).unwrap();
    let [invalid, too_few, valid] = printf_words(&spv)[..] else {
        panic!("three printf calls")
    };
    assert!(invalid < too_few && too_few < valid);
    // From the kernel source: the invalid format in work-items 0..2, too
    // few arguments in all 4 x 64.
    let want = [
        (invalid, 3, "format \"item %u: %q\\n\": "),
        (too_few, 256, "format \"%d and %d\\n\": too few arguments"),
    ];
    for (opts, label) in modes() {
        let out = run_workload(&w, &opts).unwrap();
        // The failed calls' results are -1 (the manifest's checks).
        assert!(out.all_checks_passed(), "{label}");
        assert_eq!(out.printf, "item 0 printed\n", "{label}");
        if label == "four threads" {
            assert!(out.counts.parallel_workgroups > 0, "batches ran");
        }
        let mut got: Vec<(usize, u64, &str)> = (out.printf_failures.iter())
            .map(|f| match out.kernel.origins[f.pc as usize].location {
                Location::Word(word) => (word, f.count, f.message.as_str()),
                other => panic!("{other:?}"),
            })
            .collect();
        if label == "timed" {
            // Waves interleave: which call fails first is the model's
            // business; what failed, and how often, is not.
            got.sort();
        }
        assert_eq!(got.len(), want.len(), "{label}: {got:?}");
        for ((word, count, message), (w_word, w_count, w_start)) in got.iter().zip(want) {
            assert_eq!((*word, *count), (w_word, w_count), "{label}: {message}");
            assert!(message.starts_with(w_start), "{label}: {message}");
        }
    }
    let o = run_functional_cli(&root, "sim/tests/kernels/printf_failures.toml");
    assert_eq!(o.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&o.stderr);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    let place = |word| {
        format!(
            "warning: sim/tests/kernels/printf_failures.toml: kernel 'bad_formats', \
             OpExtInst at sim/tests/kernels/printf_failures.spv word {word}: \
             printf printed nothing and returned -1 in"
        )
    };
    assert_eq!(warnings.len(), 2, "{stderr}");
    assert!(
        warnings[0].starts_with(&format!("{} 3 calls: format", place(invalid))),
        "{stderr}"
    );
    assert!(
        warnings[1].starts_with(&format!("{} 256 calls: format", place(too_few))),
        "{stderr}"
    );
}

/// A launch that faults keeps what its kernel printed before the fault,
/// and its failed printf calls: `gpusim run` shows the text, then the
/// warning, then the error (they were lost with the launch).
#[test]
fn what_a_faulting_launch_printed_is_shown_before_its_error() {
    use gpusim::run::{run_workload_taking, Hooks, RunError};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let manifest = root.join("sim/tests/kernels/printf_then_fault.toml");
    // From the kernel source: work-items 0 and 1 print before item 70,
    // in the second workgroup, faults.
    let printed = "item 0 before the fault\nitem 1 before the fault\n";
    for (opts, label) in modes() {
        let mut w = Workload::load(&manifest).unwrap();
        let Err(RunError::Launch(message, stopped)) =
            run_workload_taking(&mut w, &opts, Hooks::default())
        else {
            panic!("{label}: the launch faults")
        };
        assert!(
            message.contains("workgroup (1, 0, 0) wave 0 lane 6: store"),
            "{label}: {message}"
        );
        assert_eq!(stopped.printed, printed, "{label}");
        // Work-item 0's call with too few arguments comes before the
        // fault in program order; the timed run's second workgroup skips
        // the printf calls and may reach its store first.
        if label != "timed" {
            assert_eq!(stopped.printf_warnings.len(), 1, "{label}");
            assert!(
                stopped.printf_warnings[0].contains("too few arguments"),
                "{label}"
            );
        }
    }
    let o = run_functional_cli(&root, "sim/tests/kernels/printf_then_fault.toml");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&o.stdout), printed);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with(
            "warning: sim/tests/kernels/printf_then_fault.toml: kernel 'print_then_fault'"
        ) && lines[0].contains("too few arguments"),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with("error: sim/tests/kernels/printf_then_fault.toml:"),
        "{stderr}"
    );
}
