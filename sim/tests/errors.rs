//! Bad inputs: each must be rejected with exit code 2 and a message that says
//! what went wrong and where, without a panic and without leaving a results
//! folder behind. The bad workloads live in `workloads/bad/` (see
//! `workloads/README.md`); a few more are in `tests/kernels/`.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::root;

fn bad(file: &str) -> PathBuf {
    root().join("workloads/bad").join(file)
}

fn local(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/kernels")
        .join(file)
}

/// A fresh, empty results folder for one test.
fn results_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("errors-results")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The 1-based number of the first line of `file` whose code (the text
/// before any `;` or `#` comment) contains `needle`.
fn line_of(file: &Path, needle: &str) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .position(|l| l.split([';', '#']).next().unwrap_or("").contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not in {}", file.display()))
        + 1
}

/// Runs `gpusim run MANIFEST EXTRA...` with a private results folder and
/// checks the failure contract: exit code 2, one `error: ` message naming
/// the manifest first on stderr (after the warnings known before the
/// launch, which name it too), no panic, and no results folder (the one
/// it names did not exist before). Returns stderr, trimmed.
fn run_fails(test: &str, manifest: &Path, extra: &[&str]) -> String {
    let results = results_dir(test);
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .arg(manifest)
        .arg("--results")
        .arg(&results)
        .args(extra)
        .output()
        .expect("gpusim runs");
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{test}: {stderr}");
    assert_eq!(
        out.status.code(),
        Some(2),
        "{test}: exit code {:?}, expected 2\nstderr: {stderr}\nstdout: {stdout}",
        out.status.code()
    );
    // Load errors and a launch's alike: several manifests can share a
    // kernel, so the manifest comes first.
    let lead = format!("error: {}", manifest.display());
    let warning = format!("warning: {}", manifest.display());
    let mut lines = stderr.lines().skip_while(|l| l.starts_with(&warning));
    assert!(
        lines.next().is_some_and(|l| l.starts_with(&lead)),
        "{test}: stderr does not start with {lead:?} after its warnings: {stderr}"
    );
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{test}: the simulator panicked: {stderr}"
    );
    assert_eq!(
        lines.next(),
        None,
        "{test}: expected a one-line message: {stderr}"
    );
    // The folder did not exist before the run: not even it is left.
    assert!(
        !results.exists(),
        "{test}: a failed run left {} behind",
        results.display()
    );
    stderr
}

fn assert_mentions(test: &str, message: &str, parts: &[&str]) {
    for p in parts {
        assert!(
            message.contains(p),
            "{test}: message does not mention {p:?}:\n{message}"
        );
    }
}

/// Runs a workload through the library and returns its error.
fn library_error(manifest: &Path, opts: &RunOptions) -> String {
    match Workload::load(manifest) {
        Err(e) => e,
        Ok(w) => match run_workload(&w, opts) {
            Err(e) => e,
            Ok(_) => panic!("{} ran without an error", manifest.display()),
        },
    }
}

// ---------------------------------------------------------------------------
// Malformed SPIR-V binaries
// ---------------------------------------------------------------------------

#[test]
fn truncated_binary_after_header() {
    let m = run_fails("truncated", &bad("truncated.toml"), &[]);
    assert_mentions("truncated", &m, &["truncated.spv", "truncated"]);
    let lib = library_error(&bad("truncated.toml"), &RunOptions::default());
    assert_mentions("truncated (library)", &lib, &["truncated.spv", "truncated"]);
}

#[test]
fn truncated_binary_mid_instruction() {
    let m = run_fails("truncated_mid", &bad("truncated_mid.toml"), &[]);
    // 102 bytes: not a whole number of words, and the last instruction is cut.
    assert_mentions("truncated_mid", &m, &["truncated_mid.spv", "102"]);
}

#[test]
fn bad_magic_number() {
    let m = run_fails("bad_magic", &bad("bad_magic.toml"), &[]);
    assert_mentions("bad_magic", &m, &["bad_magic.spv", "magic", "0xf8230203"]);
}

#[test]
fn unknown_opcode_names_its_word() {
    let m = run_fails("unknown_opcode", &bad("unknown_opcode.toml"), &[]);
    // The corrupted OpFAdd is word 386 of the module (see workloads/README.md).
    assert_mentions(
        "unknown_opcode",
        &m,
        &["unknown_opcode.spv", "unknown opcode 32767", "word 386"],
    );
}

#[test]
fn device_enqueue_is_refused_by_its_capability() {
    // OpEnqueueKernel names its invoke function before defining it, which
    // SPIR-V allows: what stops the kernel is the capability.
    let m = run_fails("device_enqueue", &bad("device_enqueue.toml"), &[]);
    assert_mentions(
        "device_enqueue",
        &m,
        &["device_enqueue.spv", "unsupported capability DeviceEnqueue"],
    );
}

#[test]
fn unsupported_capability_names_its_line() {
    let file = bad("unsupported_capability.spvasm");
    let line = line_of(&file, "OpCapability Geometry");
    let m = run_fails(
        "unsupported_capability",
        &bad("unsupported_capability.toml"),
        &[],
    );
    assert_mentions(
        "unsupported_capability",
        &m,
        &[
            "unsupported capability Geometry",
            &format!("unsupported_capability.spvasm:{line}:"),
        ],
    );
    let lib = library_error(&bad("unsupported_capability.toml"), &RunOptions::default());
    assert_mentions(
        "unsupported_capability (library)",
        &lib,
        &[
            "unsupported capability Geometry",
            &format!("unsupported_capability.spvasm:{line}:"),
        ],
    );
}

/// A Vulkan shader's OpGroupNonUniformIAdd at Workgroup scope (which
/// SPIR-V allows, but neither Vulkan nor OpenCL) is refused by name and
/// line; OpenCL's work_group_* collectives are OpGroup* instructions, which
/// run (workloads/opencl_work_group).
#[test]
fn a_workgroup_scope_non_uniform_instruction_is_refused_by_name() {
    let manifest = bad("work_group_non_uniform.toml");
    let want = [
        "OpGroupNonUniformIAdd with Workgroup scope is not supported",
        "work_group_non_uniform.spvasm:43:",
    ];
    let m = run_fails("work_group_non_uniform", &manifest, &[]);
    assert_mentions("work_group_non_uniform", &m, &want);
    let lib = library_error(&manifest, &RunOptions::default());
    assert_mentions("work_group_non_uniform (library)", &lib, &want);
}

/// A work-group collective reached by only some work-items is an error
/// naming it, as a barrier there is (its barriers are its own).
#[test]
fn a_divergent_work_group_collective_is_an_error_naming_it() {
    let manifest = bad("work_group_divergent.toml");
    let want = [
        "OpGroupIAdd at",
        "work-group operation (a barrier for its workgroup) reached by only some lanes of the wave",
    ];
    let m = run_fails("work_group_divergent", &manifest, &[]);
    assert_mentions("work_group_divergent", &m, &want);
}

// ---------------------------------------------------------------------------
// Manifest problems
// ---------------------------------------------------------------------------

#[test]
fn bad_manifest_names_the_unknown_key_and_its_line() {
    let file = bad("bad_manifest.toml");
    let line = line_of(&file, "workgrups =");
    let m = run_fails("bad_manifest", &file, &[]);
    assert_mentions(
        "bad_manifest",
        &m,
        &["workgrups", &format!("bad_manifest.toml:{line}")],
    );
    let lib = Workload::load(&file).expect_err("the manifest is rejected");
    assert_mentions(
        "bad_manifest (library)",
        &lib,
        &["workgrups", &format!("bad_manifest.toml:{line}")],
    );
}

#[test]
fn wrong_entry_point_lists_the_available_ones() {
    let m = run_fails("bad_entry", &local("bad_entry.toml"), &[]);
    assert_mentions("bad_entry", &m, &["vector_add.spv", "'mian'", "main"]);
    // The available names are listed after the requested one.
    let after = &m[m.find("mian").unwrap() + 4..];
    assert!(
        after.contains("main"),
        "bad_entry: available entry points not listed: {m}"
    );
}

#[test]
fn missing_buffer_binding_names_set_and_binding() {
    let manifest = local("missing_binding.toml");
    let m = run_fails("missing_binding", &manifest, &[]);
    assert_mentions(
        "missing_binding",
        &m,
        &["missing_binding.toml", "set 0", "binding 1"],
    );
    // The buffer bound at binding 3 instead is told first: the likely cause.
    let text = std::fs::read_to_string(&manifest).unwrap();
    let warning = format!(
        "warning: {}: buffer 'b' is bound to set 0 binding 3, which kernel 'main' does not declare",
        common::buffer_place(&manifest, &text, "b")
    );
    assert!(m.starts_with(&warning), "{m}");
}

#[test]
fn missing_manifest_file() {
    let m = run_fails("missing_manifest", &local("no_such_manifest.toml"), &[]);
    assert_mentions("missing_manifest", &m, &["no_such_manifest.toml"]);
}

#[test]
fn unsupported_wave_size() {
    // Refused once, as the flag, before any manifest is read or folder made.
    let results = results_dir("wave_size_48");
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .args([local("switch.toml"), local("switch.toml")])
        .arg("--results")
        .arg(&results)
        .args(["--wave-size", "48"])
        .output()
        .expect("gpusim runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    assert_mentions("wave_size_48", &stderr, &["--wave-size", "48", "32 or 64"]);
    assert!(!results.exists());
}

// ---------------------------------------------------------------------------
// Faults while the kernel runs
// ---------------------------------------------------------------------------

#[test]
fn out_of_bounds_store_names_buffer_instruction_and_lane() {
    let file = bad("oob.spvasm");
    let line = line_of(&file, "OpStore %ptr %gid");
    for wave in ["32", "64"] {
        let test = format!("oob_wave{wave}");
        let m = run_fails(&test, &bad("oob.toml"), &["--wave-size", wave]);
        assert_mentions(
            &test,
            &m,
            &[
                "outside buffer 'out'",
                "kernel 'main'",
                "OpStore",
                &format!("oob.spvasm:{line}"),
                "lane 7",
                "workgroup (0, 0, 0)",
                "wave 0",
            ],
        );
    }
    let lib = library_error(&bad("oob.toml"), &RunOptions::default());
    assert_mentions(
        "oob (library)",
        &lib,
        &["outside buffer 'out'", "OpStore", "lane 7"],
    );
}

#[test]
fn endless_loop_hits_the_instruction_budget() {
    let m = run_fails(
        "endless_loop",
        &bad("endless_loop.toml"),
        &["--max-instructions", "100000"],
    );
    assert_mentions(
        "endless_loop",
        &m,
        &[
            "budget",
            "100000",
            "kernel 'main'",
            "endless_loop.spvasm:",
            "--max-instructions",
        ],
    );
    let lib = library_error(
        &bad("endless_loop.toml"),
        &RunOptions {
            wave_width: 32,
            max_wave_instructions: 50_000,
            ..RunOptions::default()
        },
    );
    assert_mentions("endless_loop (library)", &lib, &["budget", "50000"]);
}

/// A negative index below a buffer names the buffer, as an overrun past
/// its end does; one far below wraps past address 0, and says so.
#[test]
fn a_negative_index_names_the_buffer_or_address_0() {
    let manifest = root().join("sim/tests/kernels/negative_index.toml");
    let m = run_fails("negative_index", &manifest, &[]);
    assert_mentions(
        "negative_index",
        &m,
        &["4-byte access at", "is outside buffer 'out'", "offset -4)"],
    );
    let dir = results_dir("negative_index_manifest");
    std::fs::create_dir_all(&dir).unwrap();
    let far = dir.join("far.toml");
    let text = std::fs::read_to_string(&manifest)
        .unwrap()
        .replace(
            "kernel = \"negative_index.spv\"",
            &format!(
                "kernel = {:?}",
                root().join("sim/tests/kernels/negative_index.spv")
            ),
        )
        .replace("value = -1", "value = -1000000");
    std::fs::write(&far, text).unwrap();
    let m = run_fails("negative_index_far", &far, &[]);
    // 4,000,000 bytes below the buffer at 0x10000.
    assert_mentions(
        "negative_index_far",
        &m,
        &["below address 0 by 3934464: a negative index or offset?"],
    );
}

#[test]
fn barrier_in_divergent_code() {
    let file = bad("barrier_divergent.spvasm");
    let line = line_of(&file, "OpControlBarrier");
    let m = run_fails("barrier_divergent", &bad("barrier_divergent.toml"), &[]);
    assert_mentions(
        "barrier_divergent",
        &m,
        &[
            ": barrier reached by only some lanes",
            "divergent",
            &format!("barrier_divergent.spvasm:{line}"),
        ],
    );
}

#[test]
fn barrier_deadlock_when_a_whole_wave_returns_early() {
    let file = local("deadlock.spvasm");
    let line = line_of(&file, "OpControlBarrier");
    // Wave size 64: wave 1 (invocations 64..128) returns; wave 0 waits.
    let m = run_fails("deadlock", &local("deadlock.toml"), &["--wave-size", "64"]);
    assert_mentions(
        "deadlock",
        &m,
        &[
            "deadlock",
            "OpControlBarrier",
            &format!("deadlock.spvasm:{line}"),
        ],
    );
    // Wave size 32: waves 2 and 3 return, waves 0 and 1 wait.
    let m = run_fails(
        "deadlock_wave32",
        &local("deadlock.toml"),
        &["--wave-size", "32"],
    );
    assert_mentions("deadlock_wave32", &m, &["deadlock"]);
    let lib = library_error(&local("deadlock.toml"), &RunOptions::default());
    assert_mentions("deadlock (library)", &lib, &["deadlock"]);
}

// ---------------------------------------------------------------------------
// Control: a good run does write its results folder (so the "nothing left
// behind" checks above are meaningful).
// ---------------------------------------------------------------------------

#[test]
fn a_good_run_writes_its_results_folder() {
    let results = results_dir("good_run");
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .arg(local("switch.toml"))
        .arg("--results")
        .arg(&results)
        .output()
        .expect("gpusim runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(results.join("feat_switch").join("summary.json").is_file());
    assert!(results.join("feat_switch").join("out.bin").is_file());
}

#[test]
fn a_buffer_bound_past_the_last_argument_is_named() {
    let m = run_fails(
        "buffer_past_last_arg",
        &bad("buffer_past_last_arg.toml"),
        &["--functional"],
    );
    assert_mentions(
        "buffer_past_last_arg",
        &m,
        &["buffer 'extra'", "arg = 7", "takes 2 arguments"],
    );
}

/// Inputs that are devices or FIFOs are refused by name, not read: a
/// kernel at /dev/zero would be read until memory ran out, a manifest that
/// is a FIFO would wait for a writer for ever.
#[cfg(unix)]
#[test]
fn inputs_that_are_not_regular_files_are_refused() {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("errors-inputs")
        .join("devices");
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let manifest = d.join("zero.toml");
    let text = common::vector_add_anywhere();
    let kernel_line = text.lines().find(|l| l.starts_with("kernel = ")).unwrap();
    // A kernel named as one, but a link to the device.
    std::os::unix::fs::symlink("/dev/zero", d.join("zero.spv")).unwrap();
    std::fs::write(
        &manifest,
        text.replace(kernel_line, "kernel = \"zero.spv\""),
    )
    .unwrap();
    let m = run_fails("device_kernel", &manifest, &["--functional"]);
    assert_mentions("device_kernel", &m, &["zero.spv", "not a regular file"]);
    let fifo = d.join("fifo.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let m = run_fails("fifo_manifest", &fifo, &[]);
    assert_mentions("fifo_manifest", &m, &["fifo.toml", "not a regular file"]);
    for args in [
        &["dis", "/dev/zero"][..],
        &["config", "show", "/dev/zero"][..],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// A `__local` argument given too few bytes: the store past its end
/// faults, naming the argument, instead of writing into the next
/// argument's bytes (which lie right after it in workgroup memory).
#[test]
fn a_store_past_a_local_arguments_bytes_faults() {
    for mode in [&[][..], &["--functional"][..]] {
        let m = run_fails(
            "local_argument_too_small",
            &bad("local_argument_too_small.toml"),
            mode,
        );
        assert_mentions(
            "local_argument_too_small",
            &m,
            &[
                "kernel 'two_locals'",
                "lane 32",
                "local argument 1 ('ints') offset 128 is past its 128 bytes",
            ],
        );
    }
}

#[test]
fn misaligned_vloada_half_is_an_error_naming_the_address() {
    // vloada_half4 at p + 1 (2 bytes into a buffer at a 256-byte boundary):
    // the address must be a multiple of 8.
    let m = run_fails("misaligned_vloada", &bad("misaligned_vloada.toml"), &[]);
    assert_mentions(
        "misaligned_vloada",
        &m,
        &[
            "misaligned vloada_half",
            "not a multiple",
            "kernel 'misaligned'",
            "lane 0",
        ],
    );
}

#[test]
fn buffers_larger_than_global_memory_are_refused_before_they_are_built() {
    // One buffer of 2^28 f32 (1 GiB) and two of 800 MB: each refused at
    // load time, naming the buffer and its line, with nothing allocated
    // (the second case would need 1.6 GB).
    let path = root().join("workloads/vector_add.toml");
    let one = r#"
name = "big"
kernel = "vector_add.spv"
entry = "main"
workgroups = [1, 1, 1]

[[buffer]]
name = "a"
type = "f32"
len = 268435456
binding = { set = 0, binding = 0 }
"#;
    let e = Workload::from_str(one, &path).expect_err("1 GiB does not fit");
    assert!(
        e.contains(":7:")
            && e.contains("buffer \"a\"")
            && e.contains("take 1073741824 bytes, more than the modelled global memory"),
        "{e}"
    );
    let two = one.replace("268435456", "200000000")
        + r#"
[[buffer]]
name = "b"
type = "f32"
len = 200000000
binding = { set = 0, binding = 1 }
"#;
    let e = Workload::from_str(&two, &path).expect_err("1.6 GB does not fit");
    assert!(
        e.contains("buffer \"b\"")
            && e.contains("take 1600000000 bytes, more than the modelled global memory (1073676288 bytes, 1023.9375 MiB)"),
        "{e}"
    );
}

/// A Workgroup variable whose initializer is not OpConstantNull (Vulkan
/// allows no other) is refused, naming the variable and its line.
#[test]
fn a_workgroup_initializer_other_than_null_is_refused() {
    let file = bad("workgroup_initializer.spvasm");
    let line = line_of(&file, "%counter = OpVariable");
    let m = run_fails(
        "workgroup_initializer",
        &bad("workgroup_initializer.toml"),
        &[],
    );
    assert_mentions(
        "workgroup_initializer",
        &m,
        &[
            "workgroup variable 'counter' has an initializer other than OpConstantNull",
            &format!("workgroup_initializer.spvasm:{line}:"),
        ],
    );
}

/// `bench --seconds` takes a finite number of seconds from 0 to a week; any
/// other is refused with the flag's own message (no panic, exit code 2).
#[test]
fn bench_refuses_seconds_it_cannot_wait() {
    for bad in ["nan", "inf", "1e30", "-1", "-0.5", "two"] {
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .args(["bench", "--mode", "functional", &format!("--seconds={bad}")])
            .output()
            .expect("gpusim runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--seconds={bad}: {err}");
        assert!(
            err.contains("--seconds") && err.contains("not a number of seconds from 0"),
            "--seconds={bad}: {err}"
        );
        assert!(!err.contains("panicked"), "--seconds={bad}: {err}");
    }
}

/// Command-line mistakes are named with what would be right: an unknown
/// config lists the built-in models, a results "folder" that is a file
/// says so, and a kernel file given to `run` says what run takes.
#[test]
fn command_line_mistakes_say_what_is_expected() {
    let manifest = root().join("workloads/vector_add.toml");
    let dir = results_dir("cli_mistakes");
    std::fs::create_dir_all(&dir).unwrap();
    let a_file = dir.join("a_file");
    std::fs::write(&a_file, b"x").unwrap();
    let cases: [(Vec<std::ffi::OsString>, &[&str]); 3] = [
        (
            vec![
                "run".into(),
                manifest.clone().into(),
                "--config".into(),
                "no_such_model".into(),
                "--results".into(),
                dir.clone().into(),
            ],
            &["no_such_model", "gcn, rdna, teaching", "no such file"],
        ),
        (
            vec![
                "run".into(),
                manifest.clone().into(),
                "--results".into(),
                a_file.clone().into(),
            ],
            &["a_file", "is a file, not a folder"],
        ),
        (
            vec!["run".into(), root().join("workloads/vector_add.spv").into()],
            &[
                "vector_add.spv",
                "a .spv file is a kernel",
                "manifests (.toml)",
            ],
        ),
    ];
    for (args, parts) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .args(&args)
            .output()
            .expect("gpusim runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert_mentions("cli_mistakes", &err, parts);
    }
}

/// A results path through something that is not a folder blames that
/// place: a file on the way, a symbolic link to nothing or in a loop
/// (the system says only "File exists" or "Not a directory").
#[test]
fn a_results_path_through_a_file_or_a_broken_link_names_it() {
    let dir = results_dir("not_folders");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a_file"), b"x").unwrap();
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dangling")).unwrap();
    std::os::unix::fs::symlink(dir.join("loop"), dir.join("loop")).unwrap();
    let manifest = root().join("workloads/vector_add.toml");
    let cases = [
        ("a_file/sub", "a_file: is a file, not a folder"),
        ("dangling", "dangling: is a symbolic link to "),
        ("dangling/sub", "which does not exist"),
        ("loop", "loop: is a symbolic link to "),
    ];
    for (path, says) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg("run")
            .arg(&manifest)
            .arg("--results")
            .arg(dir.join(path))
            .output()
            .expect("gpusim runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{path}: {err}");
        assert!(err.contains(says), "{path}: {err}");
        assert!(!err.contains("File exists"), "{path}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_run_removes_the_folders_it_made_and_keeps_the_others() {
    let top = results_dir("nested");
    std::fs::create_dir_all(&top).unwrap();
    std::fs::write(top.join("kept.txt"), "mine").unwrap();
    // Two folders made for the results, both empty again after the fault.
    let results = top.join("a").join("b");
    let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .arg(bad("oob.toml"))
        .arg("--results")
        .arg(&results)
        .output()
        .expect("gpusim runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(!top.join("a").exists(), "the folders it made are gone");
    assert!(top.join("kept.txt").exists(), "the folder it found stays");
    std::fs::remove_dir_all(&top).unwrap();
}

#[test]
fn a_buffer_bound_where_the_kernel_declares_nothing_is_warned_about() {
    // vector_add with `c` bound one binding off: its results land nowhere.
    let dir = results_dir("unused-binding");
    std::fs::create_dir_all(&dir).unwrap();
    let text = common::vector_add_anywhere().replace(
        "binding = { set = 0, binding = 2 }",
        "binding = { set = 0, binding = 3 }",
    );
    let manifest = dir.join("misnumbered.toml");
    let run = |text: &str| {
        std::fs::write(&manifest, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg("run")
            .arg(&manifest)
            .args(["--functional", "--quiet", "--results"])
            .arg(dir.join("results"))
            .output()
            .expect("gpusim runs");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), err)
    };
    // The kernel's own binding 2 has no buffer: that is the error.
    let (code, err) = run(&text);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("set 0 binding 2"), "{err}");
    // With binding 2 bound too, the run goes on and warns of binding 3.
    let (code, err) = run(&(text.clone()
        + "\n[[buffer]]\nname = \"c2\"\ntype = \"f32\"\nlen = 256\nbinding = { set = 0, binding = 2 }\n"));
    assert_eq!(code, Some(1), "the check of c fails: {err}");
    let warning = format!(
        "warning: {}: buffer 'c' is bound to set 0 binding 3, which kernel 'main' does not declare",
        common::buffer_place(&manifest, &text, "c")
    );
    assert!(err.contains(&warning), "{err}");
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A manifest's image the kernel does not read as described is warned
/// about: a storage image declared with another format (`r8` for an
/// R8G8B8A8_UNORM image), an image description on a buffer binding, and
/// a buffer bound to an argument of a shader, which has none.
#[test]
fn images_and_arguments_the_kernel_reads_otherwise_are_warned_about() {
    let dir = results_dir("image-mismatch");
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, text: String| {
        let manifest = dir.join(name);
        std::fs::write(&manifest, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg("run")
            .arg(&manifest)
            .args(["--functional", "--buffers", "none", "--quiet", "--results"])
            .arg(dir.join("results"))
            .output()
            .expect("gpusim runs");
        (manifest, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    // The median filter's manifest, its files named from here.
    let folder = root().join("workloads/median");
    let mut median = std::fs::read_to_string(folder.join("median3x3_image.toml")).unwrap();
    for file in ["./median3x3_image.spv", "in_u8.bin", "median_u8.bin"] {
        let path = format!("{:?}", folder.join(file));
        median = median.replace(&format!("\"{file}\""), &path);
    }
    let (_, err) = run("same.toml", median.clone());
    assert!(!err.contains("warning"), "{err}");
    // Its storage image `dst` (declared r8) as R8G8B8A8_UNORM.
    let (before, after) = median.split_once("name = \"dst\"").unwrap();
    let rgba = after.replacen(
        "format = \"R8_UNORM\", width = 32",
        "format = \"R8G8B8A8_UNORM\", width = 8",
        1,
    );
    let rgba = format!("{before}name = \"dst\"{rgba}");
    let (manifest, err) = run("rgba.toml", rgba.clone());
    let want = format!("warning: {}: buffer 'dst' is bound to set 0 binding 1 as an image of format R8G8B8A8_UNORM, which kernel 'main' declares R8_UNORM ('dst'): its texels are read and written as R8G8B8A8_UNORM", common::buffer_place(&manifest, &rgba, "dst"));
    assert!(err.contains(&want), "{err}");
    // vector_add's c described as an image, and a spare buffer at arg 0.
    let text = common::vector_add_anywhere().replace(
        "binding = { set = 0, binding = 2 }",
        "binding = { set = 0, binding = 2 }\nimage = { format = \"R32_SFLOAT\", width = 256 }",
    ) + "\n[[buffer]]\nname = \"spare\"\ntype = \"u32\"\nlen = 4\narg = 0\n";
    let (manifest, err) = run("buffers.toml", text.clone());
    for (buffer, want) in [
        (
            "c",
            "buffer 'c' describes an image, but kernel 'main' declares set 0 binding 2 as a buffer",
        ),
        (
            "spare",
            "buffer 'spare' is bound to argument 0, which kernel 'main' does not declare",
        ),
    ] {
        let place = common::buffer_place(&manifest, &text, buffer);
        assert!(err.contains(&format!("warning: {place}: {want}")), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn asm_given_a_binary_says_so_and_names_dis() {
    let out = results_dir("asm-binary").join("out.spv");
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .args(["asm", "-o"])
        .arg(&out)
        .arg(root().join("workloads/vector_add.spv"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(
        text.contains("not SPIR-V text") && text.contains("`gpusim dis` turns one into text"),
        "{text}"
    );
    assert!(!out.exists(), "nothing written");
}

#[test]
fn dis_given_text_says_so_and_names_asm() {
    // Text of either size modulo 4: as words or not, it is named as text.
    let dir = results_dir("dis-text");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join("workloads/bad/oob.spvasm")).unwrap();
    for pad in 0..4 {
        let file = dir.join(format!("k{pad}.spvasm"));
        std::fs::write(&file, format!("{text}{}", " ".repeat(pad))).unwrap();
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg("dis")
            .arg(&file)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("it is SPIR-V text: `gpusim asm` turns it into a binary"),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dis_and_asm_name_an_output_they_cannot_write_and_exit_3() {
    let dir = results_dir("unwritable-output");
    let missing = dir.join("no/such/folder/out");
    let spv = root().join("workloads/vector_add.spv");
    let text_file = root().join("workloads/bad/oob.spvasm");
    for (command, input) in [("dis", &spv), ("asm", &text_file)] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg(command)
            .arg(input)
            .arg("-o")
            .arg(&missing)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{command}: {err}");
        assert!(
            err.contains(&missing.display().to_string()),
            "{command}: {err}"
        );
    }
}

#[test]
fn dis_and_asm_refuse_to_write_over_their_input() {
    let dir = results_dir("over-input");
    std::fs::create_dir_all(&dir).unwrap();
    let spv = dir.join("k.spv");
    let original = std::fs::read(root().join("workloads/vector_add.spv")).unwrap();
    std::fs::write(&spv, &original).unwrap();
    let text_file = dir.join("k.spvasm");
    std::fs::write(&text_file, "; SPIR-V\n").unwrap();
    for (command, input) in [("dis", &spv), ("asm", &text_file)] {
        let before = std::fs::read(input).unwrap();
        // The output named as another path to the same file.
        let same = dir.join(".").join(input.file_name().unwrap());
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .arg(command)
            .arg(input)
            .arg("-o")
            .arg(&same)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{command}: {text}");
        assert!(
            text.contains("the output is the input"),
            "{command}: {text}"
        );
        assert_eq!(
            std::fs::read(input).unwrap(),
            before,
            "{command}: untouched"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `gpusim dis FILE EXTRA...`: its exit code, stdout and stderr.
fn dis(file: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .arg("dis")
        .arg(file)
        .args(extra)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (o.status.code(), text(&o.stdout), text(&o.stderr))
}

#[test]
fn dis_words_marks_the_word_a_run_time_error_names() {
    let spv = bad("work_group_divergent.spv");
    let m = run_fails("dis_words", &bad("work_group_divergent.toml"), &[]);
    let named = format!("OpGroupIAdd at {} word ", spv.display());
    let (_, after) = m.split_once(&named).expect(&m);
    let word: usize = after
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|n| n.parse().ok())
        .expect(&m);
    let (code, text, err) = dis(&spv, &["--words"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "", "a valid module: no warning");
    let comment = format!("; word {word}");
    let marked: Vec<&str> = text.lines().filter(|l| l.ends_with(&comment)).collect();
    assert_eq!(marked.len(), 1, "{comment} once in:\n{text}");
    assert!(marked[0].contains("= OpGroupIAdd "), "{}", marked[0]);
    // The comments change nothing the assembler reads.
    let words = isa::module::words_of(&std::fs::read(&spv).unwrap()).unwrap();
    assert_eq!(isa::asm::assemble(&text).unwrap(), words);
}

/// `vector_add.spv` with `change` applied to its words, written to a file
/// of the test's own.
fn mutated_vector_add(test: &str, change: impl Fn(&isa::module::Module, &mut [u32])) -> PathBuf {
    let bytes = std::fs::read(root().join("workloads/vector_add.spv")).unwrap();
    let mut words = isa::module::words_of(&bytes).unwrap();
    let module = isa::module::parse_words(&words).unwrap();
    change(&module, &mut words);
    let dir = results_dir(test);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.spv");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&file, bytes).unwrap();
    file
}

#[test]
fn dis_prints_an_invalid_module_and_warns_that_asm_will_not_read_it_back() {
    // The second result id made the first's: an id defined twice.
    let file = mutated_vector_add("dis_duplicate_id", |m, words| {
        let mut defining = m.instrs.iter().filter(|i| i.result_id != 0);
        let first = defining.next().unwrap().result_id;
        let second = defining.next().unwrap();
        let result_word = second.offset + if second.result_type != 0 { 2 } else { 1 };
        words[result_word] = first;
    });
    let (code, text, err) = dis(&file, &[]);
    assert_eq!(code, Some(0), "{err}");
    let refused = isa::asm::assemble(&text).unwrap_err();
    assert!(
        refused.message.contains("defined more than once"),
        "{refused}"
    );
    let warning = format!(
        "warning: {}: the module is not valid: `gpusim asm` will not read this text back (line {} of the text: {})",
        file.display(),
        refused.line,
        refused.message
    );
    assert_eq!(err.trim_end(), warning);
}

#[test]
fn dis_warns_that_run_refuses_a_module_whose_text_reads_back() {
    // OpFAdd made OpIAdd: integer addition of floats, which the validator
    // refuses and the assembler takes.
    let file = mutated_vector_add("dis_type_error", |m, words| {
        let at = m
            .instrs
            .iter()
            .find(|i| i.op == rspirv::spirv::Op::FAdd)
            .unwrap()
            .offset;
        words[at] = (words[at] & 0xffff_0000) | rspirv::spirv::Op::IAdd as u32;
    });
    let (code, text, err) = dis(&file, &[]);
    assert_eq!(code, Some(0), "{err}");
    let words = isa::module::words_of(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(isa::asm::assemble(&text).unwrap(), words);
    assert!(
        err.starts_with(&format!(
            "warning: {}: the module is not valid (word ",
            file.display()
        )),
        "{err}"
    );
    assert!(
        err.contains("`gpusim run` refuses it, though the text assembles back to the same words"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A manifest beside `kernel` that runs it as `vector_add.toml` runs
/// vector_add, with the top-level keys `extra` added.
fn vector_add_manifest(kernel: &Path, extra: &str) -> PathBuf {
    let name = kernel.file_name().unwrap().to_str().unwrap();
    let text = std::fs::read_to_string(root().join("workloads/vector_add.toml"))
        .unwrap()
        .replace(
            "kernel = \"vector_add.spv\"",
            &format!("kernel = \"{name}\"\n{extra}"),
        );
    let manifest = kernel.with_file_name("m.toml");
    std::fs::write(&manifest, text).unwrap();
    manifest
}

/// vector_add as `.spvasm` text with each `(from, to)` replaced, written
/// to a folder of the test's own.
fn vector_add_text(test: &str, changes: &[(&str, &str)]) -> PathBuf {
    let words =
        isa::module::words_of(&std::fs::read(root().join("workloads/vector_add.spv")).unwrap())
            .unwrap();
    let mut text = isa::dis::disassemble(&words).unwrap();
    for (from, to) in changes {
        assert!(text.contains(from), "{from:?} not in vector_add");
        text = text.replace(from, to);
    }
    let dir = results_dir(test);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.spvasm");
    std::fs::write(&file, text).unwrap();
    file
}

/// A workgroup size the kernel gives (vector_add's WorkgroupSize built-in,
/// or its LocalSize once that is gone) that no workgroup can have is the
/// kernel's error, at its line or word; one the manifest gives names the
/// `local_size` key.
#[test]
fn a_bad_workgroup_size_names_the_kernel_place_or_the_manifest_key() {
    let unbuilt = ("OpDecorate %54 BuiltIn WorkgroupSize", "");
    let kernel = vector_add_text(
        "kernel_size_zero_input",
        &[unbuilt, ("LocalSize 64 1 1", "LocalSize 0 1 1")],
    );
    let m = run_fails("kernel_size_zero", &vector_add_manifest(&kernel, ""), &[]);
    let line = line_of(&kernel, "LocalSize 0 1 1");
    assert_mentions(
        "kernel_size_zero",
        &m,
        &[
            &format!("{}:{line}: the kernel's LocalSize gives workgroup size [0, 1, 1]: every entry must be at least 1", kernel.display()),
        ],
    );
    assert!(!m.contains("local_size"), "{m}");

    let kernel = vector_add_text(
        "workgroup_size_2048_input",
        &[("%52 = OpConstant %6 64", "%52 = OpConstant %6 2048")],
    );
    let m = run_fails(
        "workgroup_size_2048",
        &vector_add_manifest(&kernel, ""),
        &[],
    );
    let line = line_of(&kernel, "%54 = OpConstantComposite");
    assert_mentions(
        "workgroup_size_2048",
        &m,
        &[&format!("{}:{line}: the kernel's WorkgroupSize built-in gives workgroup size [2048, 1, 1]: a workgroup of 2048 invocations is more than 1024", kernel.display())],
    );

    // Every constituent of the built-in made its x, 64.
    let kernel = mutated_vector_add("workgroup_size_cube_input", |m, words| {
        let size = workgroup_size_constant(m);
        let x = words[size.offset + 3];
        // After the opcode, the result type and the result id.
        words[size.offset + 3..size.offset + 6].fill(x);
    });
    let module = isa::module::parse_bytes(&std::fs::read(&kernel).unwrap()).unwrap();
    let word = workgroup_size_constant(&module).offset;
    let m = run_fails(
        "workgroup_size_cube",
        &vector_add_manifest(&kernel, ""),
        &[],
    );
    assert_mentions(
        "workgroup_size_cube",
        &m,
        &[&format!("{}: word {word}: the kernel's WorkgroupSize built-in gives workgroup size [64, 64, 64]: a workgroup of 262144 invocations is more than 1024", kernel.display())],
    );

    let kernel = vector_add_text(
        "manifest_size_input",
        &[unbuilt, ("OpExecutionMode %main LocalSize 64 1 1", "")],
    );
    let manifest = vector_add_manifest(&kernel, "local_size = [2048, 1, 1]");
    // Where the key is: its line, and the column of its value.
    let key_at = |manifest: &Path| {
        let text = std::fs::read_to_string(manifest).unwrap();
        let line = 1 + text
            .lines()
            .position(|l| l.starts_with("local_size"))
            .unwrap();
        format!("{}:{line}:14", manifest.display())
    };
    let at = key_at(&manifest);
    let m = run_fails("manifest_size", &manifest, &[]);
    assert_mentions(
        "manifest_size",
        &m,
        &[&format!(
            "{at}: local_size [2048, 1, 1]: a workgroup of 2048 invocations is more than 1024"
        )],
    );
    // A size other than the kernel's own is named where it is written too.
    let kernel = vector_add_text("manifest_other_size_input", &[]);
    let manifest = vector_add_manifest(&kernel, "local_size = [32, 1, 1]");
    let at = key_at(&manifest);
    let m = run_fails("manifest_other_size", &manifest, &[]);
    assert_mentions(
        "manifest_other_size",
        &m,
        &[&format!(
            "{at}: local_size [32, 1, 1] differs from the kernel's own [64, 1, 1]"
        )],
    );
}

/// The constant a module decorates as the WorkgroupSize built-in.
fn workgroup_size_constant(m: &isa::module::Module) -> &isa::module::Instr {
    use rspirv::spirv::{BuiltIn, Decoration, Op};
    let built_in = [Decoration::BuiltIn as u32, BuiltIn::WorkgroupSize as u32];
    let id = m
        .instrs
        .iter()
        .find(|i| i.op == Op::Decorate && i.operands[1..] == built_in)
        .expect("a WorkgroupSize built-in")
        .operands[0];
    m.instrs.iter().find(|i| i.result_id == id).unwrap()
}
