//! Robust access, both kinds: robust buffer access (a manifest's
//! `robust_buffer_access`, `RunOptions::robust_buffer_access` as the CLI's
//! `--robust-buffer-access` sets it, Amber's `DEVICE_FEATURE
//! robustBufferAccess`), where a buffer access out of bounds reads zeros and
//! writes nothing; and index clamping (a manifest's `clamp_indices`, Amber's
//! `SHADER_OPTIMIZATION --graphics-robust-access`), where every access-chain
//! index is clamped into its array first. Kernel:
//! `kernels/robust_access.comp`; the expected values are worked out here from
//! its source, lane by lane.

use gpusim::input::config::Config;
use gpusim::input::workload::{SpecValue, Workload};
use gpusim::run::amber::{run_source, Status};
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::path::{Path, PathBuf};

fn kernels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

fn load(name: &str) -> Workload {
    Workload::load(&kernels().join(name)).unwrap()
}

fn u32s(out: &RunOutput, name: &str) -> Vec<u32> {
    out.buffer(name)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Functional at both wave sizes, and timed: the runs a mode must pass.
fn every_run() -> Vec<(&'static str, RunOptions)> {
    vec![
        ("functional, wave 64", RunOptions::default()),
        (
            "functional, wave 32",
            RunOptions {
                wave_width: 32,
                ..RunOptions::default()
            },
        ),
        ("timed", RunOptions::timed(Config::default_config())),
    ]
}

const SMALL: [u32; 4] = [1, 2, 3, 4];

/// Invocation x's index into the 4-element buffers.
fn index(x: usize) -> i64 {
    x as i64 - 4
}

#[test]
fn out_of_bounds_faults_by_default() {
    let e = run_workload(&load("robust_access.toml"), &RunOptions::default())
        .err()
        .unwrap();
    assert!(
        e.contains("OpLoad") && e.contains("lane 0") && e.contains("outside"),
        "{e}"
    );
}

fn check_zero_mode(what: &str, out: &RunOutput) {
    let out_buf = u32s(out, "out");
    for x in 0..16 {
        let i = index(x);
        let inside = (0..4).contains(&i);
        let want = if inside { SMALL[i as usize] } else { 0 };
        assert_eq!(out_buf[x], want, "{what}: loaded[{x}]");
        // Each in-bounds counter is added to once: every atomic returns 0,
        // the out-of-bounds ones because they do nothing.
        assert_eq!(out_buf[16 + x], 0, "{what}: old[{x}]");
        // Only invocation 0's far index (0) is inside.
        let far = if x == 0 { SMALL[0] } else { 0 };
        assert_eq!(out_buf[32 + x], far, "{what}: far[{x}]");
        assert_eq!(out_buf[48 + x], 0, "{what}: picked[{x}] (PICKS off)");
    }
    assert_eq!(u32s(out, "small"), SMALL, "{what}: small unchanged");
    assert_eq!(u32s(out, "counters"), [1; 4], "{what}: counters");
    assert_eq!(u32s(out, "flags"), [1; 4], "{what}: flags");
}

#[test]
fn robust_buffer_access_reads_zeros_and_drops_writes() {
    let mut w = load("robust_access.toml");
    w.robust_buffer_access = true;
    for (what, opts) in every_run() {
        let out = run_workload(&w, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_zero_mode(what, &out);
    }
    // The command line's switch does the same for a manifest without it.
    let w = load("robust_access.toml");
    for (what, opts) in every_run() {
        let opts = RunOptions {
            robust_buffer_access: true,
            ..opts
        };
        let out = run_workload(&w, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_zero_mode(what, &out);
    }
}

/// An NDRange offset (`global_offset`) moves every global id; one that
/// takes a global id past a 32-bit kernel's size_t is refused, as
/// clEnqueueNDRangeKernel refuses it (CL_INVALID_GLOBAL_OFFSET), naming
/// the key.
#[test]
fn a_global_offset_moves_the_ids_and_must_fit_size_t() {
    let mut w = load("physical32.toml");
    w.buffers[0].len = 70;
    w.buffers[0].init = vec![0; 70 * 4];
    w.global_offset = [6, 0, 0];
    w.global_offset_at = Some("physical32.toml:9:17".into());
    // p[gid] = gid: the first 6 words stay 0.
    let want: Vec<u32> = (0..70).map(|i| if i < 6 { 0 } else { i }).collect();
    for (what, opts) in every_run() {
        let out = run_workload(&w, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(u32s(&out, "p"), want, "{what}");
    }
    // 64 work-items from 2^32 - 64 fit; from one more they pass 2^32 - 1.
    w.global_offset = [(1 << 32) - 64, 0, 0];
    w.robust_buffer_access = false;
    let e = run_workload(&w, &RunOptions::default()).err().unwrap();
    assert!(e.contains("is outside buffer 'p'"), "{e}");
    w.global_offset = [(1 << 32) - 63, 0, 0];
    let e = run_workload(&w, &RunOptions::default()).err().unwrap();
    assert!(
        e.contains("physical32.toml:9:17: global_offset [4294967233, 0, 0] with a global size of 64 in dimension 0 passes the kernel's 32-bit size_t"),
        "{e}"
    );
    // A shader's dispatch has no offset.
    let mut shader = load("robust_access.toml");
    shader.global_offset = [0, 1, 0];
    let e = run_workload(&shader, &RunOptions::default()).err().unwrap();
    assert!(
        e.contains("global_offset is an OpenCL NDRange's offset; a shader's dispatch has none"),
        "{e}"
    );
}

/// Accesses that robust buffer access keeps from memory (every byte
/// outside every buffer) reach no cache or DRAM, as a buffer's range check
/// stops them on a GPU: vector_add over 250 invocations with `a` and `b`
/// cut to 64 words reads only their 256 bytes each, and the sums past
/// them are 0 + 0.
#[test]
fn robust_accesses_outside_every_buffer_move_no_memory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut w = Workload::load(&root.join("workloads/vector_add.toml")).unwrap();
    w.checks.clear();
    for b in w
        .buffers
        .iter_mut()
        .filter(|b| b.name == "a" || b.name == "b")
    {
        b.len = 64;
        b.init.truncate(64 * 4);
    }
    let cfg = Config::default_config();
    let line = cfg.memory.l1.line_bytes as u64;
    let opts = RunOptions {
        robust_buffer_access: true,
        ..RunOptions::timed(cfg)
    };
    let out = run_workload(&w, &opts).unwrap();
    let c: Vec<f32> = out
        .buffer("c")
        .unwrap()
        .chunks(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    // a[i] = i, b[i] = 0.5 + 2i (the manifest's series).
    let want: Vec<f32> = (0..256)
        .map(|i| if i < 64 { 0.5 + 3.0 * i as f32 } else { 0.0 })
        .collect();
    assert_eq!(c, want);
    let summary = gpusim::output::results::summary(&out);
    let memory = &summary["memory"];
    assert_eq!(
        memory["load_lines"].as_u64(),
        Some(2 * 256 / line),
        "{memory}"
    );
    // `c`'s 250 stored words, all in the buffer, still are written.
    assert_eq!(
        memory["store_lines"].as_u64(),
        Some(1000u64.div_ceil(line)),
        "{memory}"
    );
}

#[test]
fn robust_buffer_access_needs_64_bit_pointers() {
    let w = load("physical32.toml");
    assert!(run_workload(&w, &RunOptions::default()).is_ok());
    let e = run_workload(
        &w,
        &RunOptions {
            robust_buffer_access: true,
            ..RunOptions::default()
        },
    )
    .err()
    .unwrap();
    assert!(
        e.contains("robust buffer access needs 64-bit pointers"),
        "{e}"
    );
}

#[test]
fn clamped_indices_stay_in_their_arrays() {
    let mut w = load("robust_access.toml");
    w.clamp_indices = true;
    w.spec_constants.insert(0, SpecValue::Bool(true));
    let clamp = |i: i64, n: i64| i.clamp(0, n - 1) as usize;
    for (what, opts) in every_run() {
        let out = run_workload(&w, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
        let out_buf = u32s(&out, "out");
        let mut counters = [0u32; 4];
        for x in 0..16 {
            let i = index(x);
            assert_eq!(out_buf[x], SMALL[clamp(i, 4)], "{what}: loaded[{x}]");
            // The lanes' atomics run lowest lane first.
            let c = clamp(i, 4);
            assert_eq!(out_buf[16 + x], counters[c], "{what}: old[{x}]");
            counters[c] += 1;
            let far = (x as i64) << 26;
            assert_eq!(out_buf[32 + x], SMALL[clamp(far, 4)], "{what}: far[{x}]");
            let v = [10, 20, 30, 40][clamp(i, 4)];
            let a = [100, 200, 300][clamp(i, 3)];
            assert_eq!(out_buf[48 + x], v + a, "{what}: picked[{x}]");
        }
        assert_eq!(u32s(&out, "counters"), counters, "{what}: counters");
        assert_eq!(u32s(&out, "flags"), [1; 4], "{what}: flags");
    }
}

/// The kernel as an Amber script, with `extra` in its pipeline and `head`
/// before it; the EXPECTs are those of clamping or of robust buffer access.
fn amber(head: &str, extra: &str, clamped: bool) -> String {
    let expect = if clamped {
        "EXPECT out IDX 0 EQ 1 1 1 1 1 2 3 4 4 4 4 4 4 4 4 4\nEXPECT counters IDX 0 EQ 5 1 1 9"
    } else {
        "EXPECT out IDX 0 EQ 0 0 0 0 1 2 3 4 0 0 0 0 0 0 0 0\nEXPECT counters IDX 0 EQ 1 1 1 1"
    };
    format!(
        "#!amber\n{head}\nSHADER compute k SPIRV-BIN FILE robust_access.spv\n\
         BUFFER small DATA_TYPE uint32 DATA 1 2 3 4 END\n\
         BUFFER out DATA_TYPE uint32 SIZE 64 FILL 0\n\
         BUFFER counters DATA_TYPE uint32 SIZE 4 FILL 0\n\
         BUFFER flags DATA_TYPE uint32 SIZE 4 FILL 0\n\
         PIPELINE compute p\n  ATTACH k\n{extra}\n\
         \x20 BIND BUFFER small AS storage DESCRIPTOR_SET 0 BINDING 0\n\
         \x20 BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 1\n\
         \x20 BIND BUFFER counters AS storage DESCRIPTOR_SET 0 BINDING 2\n\
         \x20 BIND BUFFER flags AS storage DESCRIPTOR_SET 0 BINDING 3\n\
         END\nRUN p 1 1 1\n{expect}\n"
    )
}

#[test]
fn amber_asks_for_either_kind() {
    let path = kernels().join("robust_access.amber");
    for (what, opts) in every_run() {
        let robust = amber("DEVICE_FEATURE robustBufferAccess", "", false);
        let r = run_source(&robust, &path, &opts);
        assert_eq!(r.status, Status::Pass, "{what}, robustBufferAccess: {r}");
        let clamped = amber(
            "",
            "  SHADER_OPTIMIZATION k\n    --graphics-robust-access\n  END",
            true,
        );
        let r = run_source(&clamped, &path, &opts);
        assert_eq!(
            r.status,
            Status::Pass,
            "{what}, --graphics-robust-access: {r}"
        );
        let neither = run_source(&amber("", "", false), &path, &opts);
        assert!(
            matches!(&neither.status, Status::Error(e) if e.contains("outside")),
            "{what}, neither: {neither}"
        );
    }
}
