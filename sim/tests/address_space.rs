//! Hostile sizes under a 4 GB address-space limit (`ulimit -v`, as the
//! fuzzing campaigns run with AFL++'s `-m 4096`): the `gpusim` command
//! gives a named error (exit code 2, one line, no results folder left
//! behind), never an abort on a failed allocation, on
//! - a launch of 10^9 workgroups, from a manifest and from an Amber
//!   script, timed and functional (workgroup ids are made as compute units
//!   take them, so memory stays that of the modelled GPU until the
//!   instruction budget stops the launch);
//! - a manifest buffer of 2^28 f32 (1 GiB, more than the modelled global
//!   memory), refused before any buffer is built;
//! - every module the fuzzing campaigns found crashing and every
//!   malformed module of isa/tests/malformed, launched as a kernel.

use std::path::{Path, PathBuf};
use std::process::Command;

const LIMIT_KIB: u64 = 4 * 1024 * 1024;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gpusim-as-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `gpusim run INPUT ARGS` with the address space limited; returns
/// its one-line error after checking the exit code and the results folder.
fn fails_under_limit(test: &str, input: &Path, args: &[&str]) -> String {
    let results = scratch(&format!("{test}-results"));
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_gpusim"))
        .arg("run")
        .arg(input)
        .arg("--results")
        .arg(&results)
        .args(args)
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_string();
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{test}: exit code {:?} (101 is a panic, 134 an abort, none a signal)\n{stderr}\n{stdout}",
        out.status.code()
    );
    // A manifest's error goes to stderr; an Amber script's run reports its
    // error on its own line of the run's summary.
    let errors: Vec<&str> = stderr
        .lines()
        .chain(stdout.lines())
        .filter(|l| l.starts_with("error: ") || l.starts_with("ERROR "))
        .collect();
    assert!(
        errors.len() == 1 && !stderr.contains("panicked"),
        "{test}: not one named error:\n{stderr}\n{stdout}"
    );
    let left = std::fs::read_dir(&results).map(|d| d.count()).unwrap_or(0);
    assert_eq!(left, 0, "{test}: a failed run left {left} results behind");
    errors[0].to_string()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_billion_workgroups_stop_at_the_budget_in_bounded_memory() {
    let dir = scratch("billion");
    let manifest = std::fs::read_to_string(root().join("workloads/vector_add.toml"))
        .unwrap()
        .replace(
            "kernel = \"vector_add.spv\"",
            &format!(
                "kernel = \"{}\"",
                root().join("workloads/vector_add.spv").display()
            ),
        );
    let workgroups = manifest
        .lines()
        .find(|l| l.starts_with("workgroups"))
        .expect("a workgroups line")
        .to_string();
    let manifest = write(
        &dir,
        "billion.toml",
        &manifest.replace(&workgroups, "workgroups = [1000000000, 1, 1]"),
    );
    for mode in [&[][..], &["--functional"][..]] {
        let args = [&["--max-instructions", "200000"][..], mode].concat();
        let e = fails_under_limit("billion_manifest", &manifest, &args);
        assert!(e.contains("budget of 200000 wave-instructions"), "{e}");
    }
    let amber = write(
        &dir,
        "billion.amber",
        r#"#!amber
SHADER compute body SPIRV-ASM
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 64 1 1
       %void = OpTypeVoid
    %fn_void = OpTypeFunction %void
       %main = OpFunction %void None %fn_void
      %entry = OpLabel
               OpReturn
               OpFunctionEnd
END
PIPELINE compute p
  ATTACH body
END
RUN p 1000000000 1 1
"#,
    );
    for mode in [&[][..], &["--functional"][..]] {
        let args = [&["--max-instructions", "200000"][..], mode].concat();
        let e = fails_under_limit("billion_amber", &amber, &args);
        assert!(e.contains("budget of 200000 wave-instructions"), "{e}");
    }
}

#[test]
fn a_buffer_larger_than_global_memory_is_refused_before_it_is_built() {
    let dir = scratch("big_buffer");
    let manifest = write(
        &dir,
        "big.toml",
        &format!(
            r#"
name = "big"
kernel = "{}"
entry = "main"
workgroups = [1, 1, 1]

[[buffer]]
name = "a"
type = "f32"
len = 268435456
binding = {{ set = 0, binding = 0 }}
"#,
            root().join("workloads/vector_add.spv").display()
        ),
    );
    let e = fails_under_limit("big_buffer", &manifest, &[]);
    assert!(e.contains("more than the modelled global memory"), "{e}");
}

#[test]
fn crashing_and_malformed_modules_give_named_errors_under_the_limit() {
    let dir = scratch("modules");
    let shader =
        std::fs::read_to_string(root().join("sim/tests/fuzz_regressions/shader.toml")).unwrap();
    let mut kernels: Vec<PathBuf> = std::fs::read_dir(root().join("sim/tests/fuzz_regressions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "spv"))
        .collect();
    for e in std::fs::read_dir(root().join("isa/tests/malformed")).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        // Patched cases are valid as text; their binary form is tested in
        // isa/tests/validate.rs.
        if p.extension().is_some_and(|x| x == "spvasm") && !text.contains("; patch:") {
            let words = assemble(&text);
            let out = dir.join(p.file_name().unwrap()).with_extension("spv");
            std::fs::write(&out, words).unwrap();
            kernels.push(out);
        }
    }
    assert!(kernels.len() > 50, "{} modules", kernels.len());
    let mut ran = 0;
    for kernel in &kernels {
        let manifest = write(
            &dir,
            "launch.toml",
            &shader.replace(
                "kernel = \"fuzz.spv\"",
                &format!("kernel = \"{}\"", kernel.display()),
            ),
        );
        let name = kernel.file_name().unwrap().to_string_lossy().into_owned();
        // A regression module that now runs is fine; one that fails must
        // fail by a named error.
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v {LIMIT_KIB} && exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_gpusim"))
            .args(["run", "--max-instructions", "20000", "--results"])
            .arg(dir.join("results"))
            .arg(&manifest)
            .output()
            .unwrap();
        let code = out.status.code();
        assert!(
            matches!(code, Some(0) | Some(2)),
            "{name}: exit code {code:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if code == Some(0) {
            ran += 1;
        }
    }
    // The malformed modules are all refused; some regression modules run.
    assert!(ran < 10, "{ran} modules ran");
}

fn assemble(text: &str) -> Vec<u8> {
    isa::asm::assemble(text)
        .unwrap()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect()
}
