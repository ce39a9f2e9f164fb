//! OpenCL kernel arguments passed by value from a manifest's `[[arg]]`s:
//! vectors given as `value = [..]` (workloads/opencl_int/vec_args.cl: a
//! float4, an int2, a uchar3 and a float), the errors naming the manifest
//! place when a value does not fit its parameter, and the warning when a
//! value's type differs from its parameter's. Expected buffers are computed
//! here in plain Rust from the kernel source.

use gpusim::input::workload::Workload;
use gpusim::run::{arg_type_mismatches, lower_workload, run_workload, RunOptions, RunOutput};
use std::path::PathBuf;

mod common;
use common::*;

const WORK_ITEMS: usize = 64;

fn manifest_path() -> PathBuf {
    root().join("workloads/opencl_int/vec_args.toml")
}

fn manifest_text() -> String {
    std::fs::read_to_string(manifest_path()).unwrap()
}

/// `text` read as if it were vec_args.toml (its kernel found beside it).
fn from_text(text: &str) -> Result<Workload, String> {
    Workload::from_str(text, &manifest_path())
}

/// `text` with the line `old` replaced by `new`, and the place of its
/// `value` (`path:line:9`).
fn with_line(text: &str, old: &str, new: &str) -> (String, String) {
    let line = text
        .lines()
        .position(|l| l == old)
        .unwrap_or_else(|| panic!("no line {old:?}"))
        + 1;
    let edited = text.replacen(&format!("\n{old}\n"), &format!("\n{new}\n"), 1);
    (edited, format!("{}:{line}:9", manifest_path().display()))
}

/// Runs `text`; its error if it does not run.
fn run_text(text: &str, wave_width: usize) -> Result<RunOutput, String> {
    let opts = RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    run_workload(&from_text(text)?, &opts)
}

/// The buffers vec_args.cl writes for `scale`, `offset`, `mask` and `bias`.
fn expected(
    scale: [f32; 4],
    offset: [i32; 2],
    mask: [u8; 3],
    bias: f32,
) -> (Vec<f32>, Vec<i32>, Vec<u8>) {
    let mut f = Vec::new();
    let mut i32_out = Vec::new();
    let mut u = Vec::new();
    for i in 0..WORK_ITEMS {
        // Exact in f32 for these values, so mad's rounding does not matter.
        f.extend(scale.iter().map(|s| s * i as f32 + bias));
        i32_out.extend(offset.iter().map(|o| o + i as i32));
        u.extend(mask.iter().map(|m| m ^ i as u8));
    }
    (f, i32_out, u)
}

fn assert_outputs(out: &RunOutput, want: (Vec<f32>, Vec<i32>, Vec<u8>)) {
    assert_same("outf", &f32s(bytes(out, "outf")), &want.0);
    assert_same("outi", &i32s(bytes(out, "outi")), &want.1);
    assert_same("outu", &u8s(bytes(out, "outu")), &want.2);
}

#[test]
fn vector_values_reach_every_component() {
    let want = expected([1.0, 2.0, 0.5, -1.0], [-1000, 7], [0x0f, 0xf0, 0xaa], 0.25);
    for wave_width in [64, 32] {
        let out = run_text(&manifest_text(), wave_width).unwrap();
        assert_outputs(&out, want.clone());
        assert!(
            out.all_checks_passed(),
            "wave {wave_width}: {:?}",
            out.checks
        );
    }
}

#[test]
fn a_uchar3_takes_the_room_of_a_uchar4() {
    // Four bytes given as one u32 fit a uchar3 (OpenCL's sizeof is 4): its
    // low three bytes are the components, little endian.
    let (text, _) = with_line(
        &manifest_text(),
        "value = [0x0f, 0xf0, 0xaa]",
        "value = 0x00_11_22_33",
    );
    let text = text.replacen("type = \"u8\"\nvalue = 0x", "type = \"u32\"\nvalue = 0x", 1);
    let out = run_text(&text, 64).unwrap();
    let want = expected([1.0, 2.0, 0.5, -1.0], [-1000, 7], [0x33, 0x22, 0x11], 0.25);
    assert_outputs(&out, want);
}

#[test]
fn a_scalar_for_a_vector_says_to_give_a_list() {
    let (text, at) = with_line(
        &manifest_text(),
        "value = [1.0, 2.0, 0.5, -1.0]",
        "value = 1.0",
    );
    assert_eq!(
        run_text(&text, 64).err().unwrap(),
        format!("{at}: kernel argument 3 ('scale') takes 16 bytes but 4 are given; it is a 4-component vector of 32-bit float: give `value = [..]`, a list of 4 values")
    );
}

#[test]
fn a_list_of_the_wrong_length_names_the_components() {
    let (text, at) = with_line(
        &manifest_text(),
        "value = [1.0, 2.0, 0.5, -1.0]",
        "value = [1.0, 2.0, 0.5]",
    );
    assert_eq!(
        run_text(&text, 64).err().unwrap(),
        format!("{at}: kernel argument 3 ('scale') is a 4-component vector of 32-bit float but `value` is a list of 3; give a list of 4 values")
    );
    let (text, at) = with_line(
        &manifest_text(),
        "value = [0x0f, 0xf0, 0xaa]",
        "value = [1, 2, 3, 4]",
    );
    assert_eq!(
        run_text(&text, 64).err().unwrap(),
        format!("{at}: kernel argument 5 ('mask') is a 3-component vector of 8-bit integer but `value` is a list of 4; give a list of 3 values")
    );
}

#[test]
fn a_list_for_a_scalar_is_refused() {
    let (text, at) = with_line(&manifest_text(), "value = 0.25", "value = [0.25]");
    assert_eq!(
        run_text(&text, 64).err().unwrap(),
        format!("{at}: kernel argument 6 ('bias') is a 32-bit float but `value` is a list of 1; give one value, not a list")
    );
}

#[test]
fn a_list_of_wider_components_is_refused() {
    let text = manifest_text().replacen(
        "type = \"i32\"\nvalue = [-1000, 7]",
        "type = \"i64\"\nvalue = [-1000, 7]",
        1,
    );
    let (_, at) = with_line(&text, "value = [-1000, 7]", "");
    assert_eq!(
        run_text(&text, 64).err().unwrap(),
        format!("{at}: kernel argument 4 ('offset') is a 2-component vector of 32-bit integer, but type = \"i64\" is 64 bits wide; give a type of 32 bits")
    );
}

/// The type-mismatch warnings of `text`.
fn warnings(text: &str) -> Vec<String> {
    let w = from_text(text).unwrap();
    let kernel = lower_workload(&w, &RunOptions::default()).unwrap();
    arg_type_mismatches(&w, &kernel)
}

#[test]
fn types_of_another_kind_or_width_warn_signedness_does_not() {
    // The bundled manifest's types are the parameters' own.
    assert_eq!(warnings(&manifest_text()), Vec::<String>::new());
    // u32 for an int2: OpenCL's SPIR-V has no signedness, nothing to say.
    let unsigned = manifest_text().replacen(
        "type = \"i32\"\nvalue = [-1000, 7]",
        "type = \"u32\"\nvalue = [1000, 7]",
        1,
    );
    assert_eq!(warnings(&unsigned), Vec::<String>::new());
    // i32 for a float: its bits, 1 as a float, are a subnormal.
    let int_for_float = manifest_text().replacen(
        "type = \"f32\"\nvalue = 0.25",
        "type = \"i32\"\nvalue = 1",
        1,
    );
    let (_, at) = with_line(&int_for_float, "value = 1", "");
    assert_eq!(
        warnings(&int_for_float),
        vec![format!("{at}: kernel argument 6 ('bias') is a 32-bit float, but its [[arg]] gives type = \"i32\" (a 32-bit integer): the bits are passed as they are, not converted")]
    );
    let out = run_text(&int_for_float, 64).unwrap();
    let subnormal = f32::from_bits(1);
    assert_outputs(
        &out,
        expected(
            [1.0, 2.0, 0.5, -1.0],
            [-1000, 7],
            [0x0f, 0xf0, 0xaa],
            subnormal,
        ),
    );
    // An i64 for a float does not bind (8 bytes for 4): the error says
    // so, and no warning of its bits contradicts it.
    let wider = manifest_text().replacen(
        "type = \"f32\"\nvalue = 0.25",
        "type = \"i64\"\nvalue = 1",
        1,
    );
    assert_eq!(warnings(&wider), Vec::<String>::new());
    let e = run_text(&wider, 64).err().unwrap();
    assert!(e.contains("('bias') takes 4 bytes but 8 are given"), "{e}");
    // One u64 for a float2-sized int2: another width, and a list would do.
    let packed = manifest_text().replacen(
        "type = \"i32\"\nvalue = [-1000, 7]",
        "type = \"u64\"\nvalue = 1",
        1,
    );
    let (_, at) = with_line(&packed, "value = 1", "");
    assert_eq!(
        warnings(&packed),
        vec![format!("{at}: kernel argument 4 ('offset') is a 2-component vector of 32-bit integer, but its [[arg]] gives type = \"u64\" (a 64-bit integer): the bits are passed as they are, not converted; give `value = [..]`, a list of 2 values, to have each converted")]
    );
}

#[test]
fn gpusim_run_prints_the_type_warning() {
    let dir = scratch("opencl_args", "warning");
    let kernel = root().join("workloads/opencl_int/vec_args.spv");
    let text = manifest_text()
        .replace(
            "kernel = \"vec_args.spv\"",
            &format!("kernel = {:?}", kernel.display().to_string()),
        )
        .replacen(
            "type = \"f32\"\nvalue = 0.25",
            "type = \"i32\"\nvalue = 1",
            1,
        );
    let manifest = dir.join("int_for_float.toml");
    std::fs::write(&manifest, &text).unwrap();
    let o = common::run_into(&manifest, &dir.join("results"), &["--functional"]);
    let err = String::from_utf8_lossy(&o.stderr);
    // The outf check fails: bias is no longer 0.25.
    assert_eq!(o.status.code(), Some(1), "{}", printed(&o));
    let line = text.lines().position(|l| l == "value = 1").unwrap() + 1;
    let warning = format!(
        "warning: {}:{line}:9: kernel argument 6 ('bias') is a 32-bit float, but its [[arg]] gives type = \"i32\"",
        manifest.display()
    );
    assert!(err.contains(&warning), "{err}");
    assert_eq!(err.matches("warning:").count(), 1, "{err}");
}

/// The warnings known once the kernel is lowered (an argument's type, a
/// buffer bound where the kernel declares nothing) come before the
/// launch, so a launch that then fails shows them first, its error after:
/// here `int n` given as `f32` 250.0 is a huge count, and the fifth
/// workgroup writes past `y` (opencl_saxpy_branchy.cl returns early for
/// ids at or past n).
#[test]
fn warnings_known_before_the_launch_come_before_its_error() {
    let dir = scratch("opencl_args", "warning_then_fault");
    let source = root().join("workloads/opencl_saxpy_branchy.toml");
    let kernel = root().join("workloads/opencl_saxpy_branchy.spv");
    let text = std::fs::read_to_string(&source)
        .unwrap()
        .replace(
            "kernel = \"opencl_saxpy_branchy.spv\"",
            &format!("kernel = {:?}", kernel.display().to_string()),
        )
        .replacen("workgroups = [4, 1, 1]", "workgroups = [5, 1, 1]", 1)
        + "\n[[buffer]]\nname = \"spare\"\ntype = \"u32\"\nlen = 4\nbinding = { set = 0, binding = 7 }\n";
    let run = |text: &str, json: bool| {
        let manifest = dir.join("saxpy.toml");
        std::fs::write(&manifest, text).unwrap();
        let json: &[&str] = if json { &["--json"] } else { &[] };
        let extra = [&["--functional"], json].concat();
        let o = common::run_into(&manifest, &dir.join("results"), &extra);
        (manifest, o)
    };
    // With the parameter's own type, the fifth workgroup does nothing.
    let (_, o) = run(&text, false);
    assert_eq!(o.status.code(), Some(0), "{}", printed(&o));
    let float_n = text.replacen(
        "type = \"i32\"\nvalue = 250",
        "type = \"f32\"\nvalue = 250.0",
        1,
    );
    assert_ne!(float_n, text);
    let line = float_n.lines().position(|l| l == "value = 250.0").unwrap() + 1;
    for json in [false, true] {
        let (manifest, o) = run(&float_n, json);
        assert_eq!(o.status.code(), Some(2), "{}", printed(&o));
        let err = String::from_utf8_lossy(&o.stderr);
        let m = manifest.display();
        let arg = format!("warning: {m}:{line}:9: kernel argument 3 ('n') is a 32-bit integer, but its [[arg]] gives type = \"f32\" (a 32-bit float)");
        let spare = format!("warning: {}: buffer 'spare' is bound to set 0 binding 7, which kernel 'saxpy_branchy' does not declare", buffer_place(&manifest, &float_n, "spare"));
        let error = err
            .find("error:")
            .unwrap_or_else(|| panic!("no error: {err}"));
        for warning in [&arg, &spare] {
            let at = err.find(warning.as_str());
            assert!(
                at.is_some_and(|at| at < error),
                "json {json}: {warning}\n{err}"
            );
        }
        assert!(err[error..].contains("is outside buffer"), "{err}");
        assert_eq!(err.matches("warning:").count(), 2, "{err}");
        if json {
            let summary: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(summary["exit_code"], 2, "{summary}");
        }
    }
}

/// A buffer bound to a pointer to numbers of another kind or width than
/// its `type` is warned of (the kernel reads its bytes as its own type);
/// signedness and byte pointers are not. opencl_saxpy_branchy: `y` and `x`
/// are `float *`, `found` and `keys` `int *`.
#[test]
fn a_buffer_of_another_type_than_its_pointer_is_warned_of() {
    use gpusim::input::workload::ElemType;
    let mut w = Workload::load(&root().join("workloads/opencl_saxpy_branchy.toml")).unwrap();
    let kernel = lower_workload(&w, &RunOptions::default()).unwrap();
    let warned = |w: &Workload| gpusim::run::buffer_type_mismatches(w, &kernel);
    assert_eq!(warned(&w), Vec::<String>::new());
    // An i32 `x` for a float pointer; a u32 `found` for an int one is fine.
    for b in &mut w.buffers {
        match b.name.as_str() {
            "x" => b.ty = ElemType::I32,
            "found" => b.ty = ElemType::U32,
            _ => {}
        }
    }
    let path = root().join("workloads/opencl_saxpy_branchy.toml");
    let x = buffer_place(&path, &std::fs::read_to_string(&path).unwrap(), "x");
    assert_eq!(
        warned(&w),
        vec![format!("{x}: buffer 'x' holds i32 (32-bit integer), but kernel argument 1 ('x') points to 32-bit float: the kernel reads its bytes as they are")]
    );
}
