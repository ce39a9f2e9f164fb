//! Output that cannot be written, through the `gpusim` command: an
//! unwritable stderr keeps a command's exit code, an unwritable stdout is
//! an output error (exit 3), a file that cannot be written whole leaves the
//! one it would replace as it was, and a write past the file-size limit
//! (`ulimit -f`) is an output error rather than a silent SIGXFSZ.
#![cfg(target_os = "linux")]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{root, scratch};

fn gpusim() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gpusim"));
    c.current_dir(root());
    c
}

/// `/dev/full`: every write to it fails with "No space left on device".
fn full() -> File {
    File::options().write(true).open("/dev/full").unwrap()
}

/// `gpusim ARGS` under a file-size limit of `blocks` (`ulimit -f`).
fn limited(blocks: u32, args: &[&str]) -> Output {
    Command::new("sh")
        .current_dir(root())
        .arg("-c")
        .arg(format!("ulimit -f {blocks}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_gpusim"))
        .args(args)
        .output()
        .unwrap()
}

fn text(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The names in folder `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut n: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    n.sort();
    n
}

/// vector_add's manifest in `dir` with one more buffer, bound where the
/// kernel declares nothing: the run passes and warns of it on stderr.
fn warning_manifest(dir: &Path) -> PathBuf {
    let original = std::fs::read_to_string(root().join("workloads/vector_add.toml")).unwrap();
    let kernel = root().join("workloads/vector_add.spv");
    let text = original.replace("\"vector_add.spv\"", &format!("{:?}", text(&kernel)))
        + "\n[[buffer]]\nname = \"spare\"\ntype = \"u32\"\nlen = 4\nbinding = { set = 0, binding = 7 }\n";
    let manifest = dir.join("warned.toml");
    std::fs::write(&manifest, text).unwrap();
    manifest
}

/// A sweep of vector_add over two CU counts, in `dir`.
fn sweep_file(dir: &Path) -> PathBuf {
    let file = dir.join("two.toml");
    let workload = root().join("workloads/vector_add.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"two\"\nbase = \"teaching\"\nworkloads = [{:?}]\n[parameters]\n\"gpu.compute_units\" = [1, 2]\n",
            text(&workload)
        ),
    )
    .unwrap();
    file
}

/// Runs `sweep` (a `sweep_file`) as one shard into `results`; its CSV.
fn one_shard(sweep: &Path, results: &Path) -> PathBuf {
    let shard = gpusim()
        .args([
            "sweep",
            text(sweep),
            "--shard",
            "0/1",
            "--quiet",
            "--results",
            text(results),
        ])
        .output()
        .unwrap();
    assert_eq!(shard.status.code(), Some(0), "{shard:?}");
    results.join("two.shard-0-of-1/sweep.csv")
}

#[test]
fn messages_to_an_unwritable_stderr_leave_the_exit_code_as_it_was() {
    let dir = scratch("io_failures", "stderr");
    let bad_input = gpusim()
        .args(["dis", "no/such/kernel.spv"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(bad_input.status.code(), Some(2), "bad input");
    let unwritable = dir.join("no/such/folder/out.spv");
    let output_failed = gpusim()
        .args([
            "asm",
            "sim/tests/kernels/types.spvasm",
            "-o",
            text(&unwritable),
        ])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(output_failed.status.code(), Some(3), "an unwritable output");
    // A run that passes and only warns still writes its results.
    let manifest = warning_manifest(&dir);
    let results = dir.join("results");
    let run = || {
        let mut c = gpusim();
        c.args([
            "run",
            text(&manifest),
            "--functional",
            "--results",
            text(&results),
        ]);
        c
    };
    let warned = run().stderr(full()).output().unwrap();
    assert_eq!(
        warned.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&warned.stdout)
    );
    assert!(results.join("vector_add/summary.json").is_file());
    // The warning is there to drop: with stderr writable, it is printed.
    let o = run().output().unwrap();
    assert!(String::from_utf8_lossy(&o.stderr).contains("warning:"));
}

#[test]
fn an_unwritable_stdout_is_an_output_error_for_every_command() {
    let dir = scratch("io_failures", "stdout");
    let results = dir.join("results");
    let sweep = sweep_file(&dir);
    let shard_csv = one_shard(&sweep, &results);
    let merged = dir.join("merged.csv");
    let commands: Vec<Vec<&str>> = vec![
        vec!["dis", "workloads/vector_add.spv"],
        vec!["config", "show", "teaching"],
        vec!["isa", "coverage"],
        vec![
            "run",
            "workloads/vector_add.toml",
            "--functional",
            "--json",
            "--results",
            text(&results),
        ],
        vec![
            "run",
            "workloads/vector_add.toml",
            "--functional",
            "--results",
            text(&results),
        ],
        vec![
            "compare",
            "--config",
            "gcn",
            "--config",
            "teaching",
            "workloads/vector_add.toml",
            "--quiet",
            "--results",
            text(&results),
        ],
        vec![
            "sweep",
            text(&sweep),
            "--quiet",
            "--results",
            text(&results),
        ],
        vec![
            "sweep",
            "--merge",
            text(&shard_csv),
            "--output",
            text(&merged),
        ],
        vec![
            "bench",
            "workloads/vector_add.toml",
            "--seconds",
            "0.01",
            "--mode",
            "functional",
        ],
    ];
    for args in commands {
        let o = gpusim().args(&args).stdout(full()).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        let command = args.join(" ");
        assert_eq!(o.status.code(), Some(3), "{command}: {err}");
        assert!(
            err.contains("error: cannot write to standard output: No space left on device"),
            "{command}: {err}"
        );
        assert_eq!(
            err.matches("standard output").count(),
            1,
            "{command}: {err}"
        );
    }
    // What the runs wrote before printing is whole: no partial folder.
    assert!(
        names(&results).iter().all(|n| !n.starts_with('.')),
        "{:?}",
        names(&results)
    );
}

#[test]
fn a_file_that_cannot_be_written_whole_leaves_the_one_it_would_replace() {
    let dir = scratch("io_failures", "replace");
    let good = b"the good file\n".to_vec();
    // Each output is larger than the 1 KB limit (or 512 bytes, as sh counts).
    for (command, input, name) in [
        ("asm", "sim/tests/kernels/types.spvasm", "out.spv"),
        ("dis", "workloads/atomics.spv", "out.spvasm"),
    ] {
        let target = dir.join(name);
        std::fs::write(&target, &good).unwrap();
        let o = limited(1, &[command, input, "-o", text(&target)]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{command}: {err}");
        assert!(
            err.contains(&format!("{}: File too large", target.display())),
            "{command}: {err}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), good, "{command}");
        // Unlimited, the same command replaces it.
        let o = gpusim()
            .args([command, input, "-o", text(&target)])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{command}: {o:?}");
        assert!(std::fs::read(&target).unwrap().len() > 1024, "{command}");
    }
    assert_eq!(names(&dir), ["out.spv", "out.spvasm"]);

    // A replaced file keeps its permissions, and a link to it stays a link.
    {
        use std::os::unix::fs::PermissionsExt;
        let target = dir.join("out.spv");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.spv");
        std::os::unix::fs::symlink("out.spv", &link).unwrap();
        std::fs::write(&target, &good).unwrap();
        let input = "sim/tests/kernels/types.spvasm";
        let o = gpusim()
            .args(["asm", input, "-o", text(&link)])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert!(std::fs::read(&target).unwrap().len() > 1024);
        std::fs::remove_file(&link).unwrap();
    }

    // A merge: neither its CSV nor a plot beside it is replaced unless
    // all are written.
    let results = dir.join("results");
    let sweep = sweep_file(&dir);
    let shard_csv = one_shard(&sweep, &results);
    let merged_dir = dir.join("merged");
    std::fs::create_dir(&merged_dir).unwrap();
    let merged = merged_dir.join("two.csv");
    let plot = merged_dir.join("cycles_vs_gpu_compute_units.svg");
    std::fs::write(&merged, &good).unwrap();
    std::fs::write(&plot, &good).unwrap();
    let args = [
        "sweep",
        text(&sweep),
        "--merge",
        text(&shard_csv),
        "--output",
        text(&merged),
    ];
    let o = limited(2, &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("File too large"), "{err}");
    assert_eq!(std::fs::read(&merged).unwrap(), good);
    assert_eq!(std::fs::read(&plot).unwrap(), good);
    assert_eq!(
        names(&merged_dir),
        ["cycles_vs_gpu_compute_units.svg", "two.csv"]
    );
    let o = gpusim().args(args).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    assert!(std::fs::read_to_string(&merged)
        .unwrap()
        .starts_with("point,"));
    assert_eq!(
        names(&merged_dir).len(),
        3,
        "the CSV and its plot as SVG and PNG"
    );
    // An output under a file blames the file.
    let under_a_file = merged.join("two.csv");
    let mut args = args;
    args[5] = text(&under_a_file);
    let o = gpusim().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(&format!("{}: is a file, not a folder", text(&merged))),
        "{err}"
    );
}

#[test]
fn a_run_past_the_file_size_limit_is_an_output_error_that_leaves_no_folder() {
    let dir = scratch("io_failures", "file_size_limit");
    let results = dir.join("results");
    let o = limited(
        8,
        &[
            "run",
            "workloads/vector_add.toml",
            "--results",
            text(&results),
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{:?}: {err}", o.status);
    assert!(err.contains("error: cannot write results:"), "{err}");
    assert!(err.contains("File too large"), "{err}");
    assert!(
        !results.exists() || names(&results).is_empty(),
        "{:?}",
        names(&results)
    );
}
