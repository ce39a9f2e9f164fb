//! Descriptor arrays (`buffer B { ... } b[N]`, and `b[]`, as long as what
//! the host binds): the bundled kernel
//! `workloads/descriptors/descriptor_array.comp` through its manifest,
//! whose expected values `gen_descriptor_array.py` computed (its Amber
//! form runs with the bundled scripts in `amber.rs`), and the named errors
//! of an index past the array's end and of a missing element.

use gpusim::input::config::Config;
use gpusim::input::workload::{Binding, SpecValue, Workload};
use gpusim::run::amber::{run_source, Status};
use gpusim::run::{run_workload, RunOptions};
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads/descriptors/descriptor_array.toml")
}

fn load() -> Workload {
    Workload::load(&manifest()).unwrap()
}

#[test]
fn descriptor_array_kernel_passes_its_checks_functional_and_timed() {
    let w = load();
    for wave in [64, 32] {
        let opts = RunOptions {
            wave_width: wave,
            ..RunOptions::default()
        };
        let out = run_workload(&w, &opts).unwrap();
        assert_eq!(out.checks.len(), 3);
        assert!(out.all_checks_passed(), "wave {wave}: {:?}", out.checks);
    }
    let out = run_workload(&w, &RunOptions::timed(Config::default_config())).unwrap();
    assert!(out.all_checks_passed(), "timed: {:?}", out.checks);
    // Five resources: src[0..3], dst[0..2] and lens, each element its own.
    let elements: Vec<(u32, u32)> = out
        .kernel
        .resources
        .iter()
        .map(|r| (r.binding, r.index))
        .collect();
    assert_eq!(elements, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)]);
}

#[test]
fn a_dynamic_index_past_the_end_is_a_named_fault() {
    // KMOD = 4: invocation 3 picks src[3] of three.
    let mut w = load();
    w.spec_constants.insert(0, SpecValue::Int(4));
    let e = run_workload(&w, &RunOptions::default()).err().unwrap();
    assert!(e.contains("descriptor array index out of range"), "{e}");
}

#[test]
fn a_runtime_descriptor_array_grows_with_what_is_bound() {
    // A fourth src buffer (element 3) makes KMOD = 4 valid: invocation g
    // with g % 4 == 3 reads src3[g % 2] = 7 and writes 7 * 10 + 3 + 300.
    let mut w = load();
    w.spec_constants.insert(0, SpecValue::Int(4));
    let mut extra = w.buffers[0].clone();
    extra.name = "src3".into();
    extra.len = 2;
    extra.init = [7u32, 7].iter().flat_map(|v| v.to_le_bytes()).collect();
    extra.binding = Binding::Descriptor {
        set: 0,
        binding: 0,
        index: 3,
    };
    w.buffers.push(extra);
    w.checks.clear();
    let out = run_workload(&w, &RunOptions::default()).unwrap();
    assert_eq!(out.kernel.resources.len(), 7);
    let dst1 = out.buffer("dst1").unwrap();
    // g = 3: dst[1].v[1].
    assert_eq!(u32::from_le_bytes(dst1[4..8].try_into().unwrap()), 373);
}

#[test]
fn an_unbound_array_element_is_named() {
    let mut w = load();
    w.buffers.retain(|b| {
        b.binding
            != Binding::Descriptor {
                set: 0,
                binding: 0,
                index: 1,
            }
    });
    let e = run_workload(&w, &RunOptions::default()).err().unwrap();
    assert!(
        e.contains("set 0 binding 0 array element 1 ('src[1]')"),
        "{e}"
    );
}

#[test]
fn a_manifest_binds_each_array_element_once() {
    let text = std::fs::read_to_string(manifest()).unwrap();
    let twice = text.replace("binding = 0, index = 1 }", "binding = 0, index = 0 }");
    let dir = std::env::temp_dir().join(format!("gpusim-desc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("twice.toml");
    std::fs::write(&path, twice).unwrap();
    let e = Workload::load(&path).err().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        e.contains("set 0 binding 0 index 0 is already used by buffer \"src0\""),
        "{e}"
    );
}

#[test]
fn buffer_array_needs_a_descriptor_binding() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads/amber/x.amber");
    let text = "#!amber
SHADER compute k SPIRV-BIN FILE ../descriptors/descriptor_array.spv
BUFFER a DATA_TYPE uint32 SIZE 4 FILL 0
PIPELINE compute p
  ATTACH k
  BIND BUFFER_ARRAY a a AS storage KERNEL ARG_NUMBER 0
END
";
    let r = run_source(text, &script, &RunOptions::default());
    assert!(
        matches!(&r.status, Status::Error(e) if e.contains("x.amber:6:") && e.contains("BUFFER_ARRAY needs")),
        "{r}"
    );
}
