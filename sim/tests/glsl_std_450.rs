//! End to end: GLSL compute kernels that use GLSL.std.450 instructions
//! (`workloads/glsl/`), run through the simulator at wave sizes 32 and 64.
//! The manifests' expected values come from `workloads/glsl/gen_expected.py`
//! (mpmath / exact rationals, independent of the simulator).

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::path::PathBuf;

fn run_at(name: &str, wave_width: usize) -> RunOutput {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../workloads/glsl")
        .join(format!("{name}.toml"));
    let w = Workload::load(&path).unwrap_or_else(|e| panic!("loading {}: {e}", path.display()));
    let opts = RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    run_workload(&w, &opts).unwrap_or_else(|e| panic!("running {name}: {e}"))
}

/// Runs at both wave sizes, requires identical buffers and every check to
/// pass; returns the wave-64 run.
fn run_checked(name: &str, want_checks: usize) -> RunOutput {
    let a = run_at(name, 32);
    let b = run_at(name, 64);
    for (x, y) in a.buffers.iter().zip(&b.buffers) {
        assert_eq!(
            x.bytes, y.bytes,
            "{name}: buffer {} differs between wave sizes",
            x.name
        );
    }
    assert_eq!(b.checks.len(), want_checks, "{name}: number of checks");
    for c in &b.checks {
        assert!(
            c.checked > 0,
            "{name}: check on {} compared nothing",
            c.buffer
        );
        assert!(
            c.passed,
            "{name}: check on {} failed: {:?}",
            c.buffer, c.first_mismatch
        );
    }
    b
}

fn words<const N: usize>(out: &RunOutput, buffer: &str) -> Vec<[u8; N]> {
    out.buffer(buffer)
        .unwrap_or_else(|| panic!("no buffer {buffer}"))
        .chunks_exact(N)
        .map(|c| c.try_into().unwrap())
        .collect()
}

#[test]
fn glsl_math() {
    let out = run_checked("glsl_math", 4);
    // Spot checks written out by hand: x[0] = 0.25.
    let o: Vec<f32> = words::<4>(&out, "o")
        .into_iter()
        .map(f32::from_le_bytes)
        .collect();
    assert_eq!(o[4], 0.5, "sqrt(0.25)");
    assert_eq!(o[5], 2.0, "inversesqrt(0.25)");
    assert_eq!(o[6], 0.125, "pow(0.25, 1.5)");
    assert_eq!(o[11], -1.9375, "fma(0.25, 0.25, -2)");
    assert_eq!(o[14], 1.0, "clamp(0.25, 1, 4)");
    let od: Vec<f64> = words::<8>(&out, "od")
        .into_iter()
        .map(f64::from_le_bytes)
        .collect();
    assert_eq!(od[0], 0.5, "sqrt(0.25lf)");
    assert_eq!(od[3], 1.0, "ceil(0.25lf)");
}

#[test]
fn glsl_pack() {
    let out = run_checked("glsl_pack", 3);
    let u: Vec<u32> = words::<4>(&out, "u")
        .into_iter()
        .map(u32::from_le_bytes)
        .collect();
    // a[26] = i32::MIN: abs wraps to MIN, findMSB(MIN) = 30, findMSB(uint) = 31.
    let r = 26 * 16;
    assert_eq!(u[r], 0x8000_0000);
    assert_eq!(u[r + 2], 31, "findLSB");
    assert_eq!(u[r + 3], 30, "findMSB signed");
    assert_eq!(u[r + 4], 31, "findMSB unsigned");
    // a[0] = 0: findLSB / findMSB give -1.
    assert_eq!(u[2], u32::MAX);
    assert_eq!(u[3], u32::MAX);
}
