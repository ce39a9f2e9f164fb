//! End-to-end tests over the bundled workloads in `workloads/`.
//!
//! * Every manifest's output buffers are recomputed here in plain Rust from the
//!   manifest's own input buffers (the formulas of `workloads/REFERENCES.md` and
//!   the kernel sources), independently of the simulator and the `isa` crate's
//!   instruction semantics, and compared bit for bit at wave sizes 64 and 32.
//! * Every bundled `.spv` survives disassemble -> assemble unchanged, and the
//!   disassembly, run as a `.spvasm` kernel, gives the same buffers.
//! * The `gpusim run` command line: JSON summary, results folder, exit codes.
//! * Runs are deterministic (buffers and instruction counts).

use gpusim::input::workload::{ArgValue, Binding, ElemType, Workload};
use gpusim::run::{run_workload, RunOptions, RunOutput};
use half::f16;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::*;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn workloads_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("sim/ has a parent")
        .join("workloads")
}

/// Every `*.toml` directly in `workloads/` (not `bad/`), sorted.
fn bundled_manifests() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(workloads_dir())
        .expect("read workloads/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no bundled manifests found");
    v
}

/// Every `*.spv` directly in `workloads/`, sorted.
fn bundled_spv_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(workloads_dir())
        .expect("read workloads/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "spv"))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no bundled .spv files found");
    v
}

fn load(path: &Path) -> Workload {
    Workload::load(path).unwrap_or_else(|e| panic!("{}: load failed: {e}", path.display()))
}

fn load_named(name: &str) -> Workload {
    load(&workloads_dir().join(format!("{name}.toml")))
}

fn run(w: &Workload, wave_width: usize) -> RunOutput {
    let opts = RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    run_workload(w, &opts)
        .unwrap_or_else(|e| panic!("{} (wave {wave_width}): run failed: {e}", w.name))
}

/// A fresh, empty temporary folder unique to this process and test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let p =
            std::env::temp_dir().join(format!("gpusim-bundled-{}-{}", std::process::id(), test));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("create temp dir");
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn init_of<'a>(w: &'a Workload, name: &str) -> &'a [u8] {
    &w.buffers
        .iter()
        .find(|b| b.name == name)
        .unwrap_or_else(|| panic!("{}: no buffer '{name}'", w.name))
        .init
}

fn push_constant_bytes(w: &Workload) -> &[u8] {
    &w.buffers
        .iter()
        .find(|b| b.binding == Binding::PushConstant)
        .unwrap_or_else(|| panic!("{}: no push-constant buffer", w.name))
        .init
}

fn scalar_arg(w: &Workload, index: u32) -> Vec<u8> {
    match w.args.iter().find(|a| a.index == index).map(|a| &a.value) {
        Some(ArgValue::Scalar { bytes, .. }) => bytes.clone(),
        other => panic!("{}: arg {index} is not a scalar: {other:?}", w.name),
    }
}

fn local_size_x(w: &Workload, kernel_default: usize) -> usize {
    match w.local_size {
        Some(l) => {
            assert_eq!(&l[1..], &[1, 1], "{}: 1-D local size expected", w.name);
            l[0] as usize
        }
        None => kernel_default,
    }
}

fn invocations(w: &Workload, local: usize) -> usize {
    assert_eq!(&w.workgroups[1..], &[1, 1], "{}: 1-D dispatch", w.name);
    w.workgroups[0] as usize * local
}

fn bytes_i8(v: &[i8]) -> Vec<u8> {
    v.iter().map(|&x| x as u8).collect()
}
fn bytes_i16(v: &[i16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_i64(v: &[i64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_f16(v: &[f16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}
fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}
fn bytes_f64(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_bits().to_le_bytes()).collect()
}

/// One element for messages: its value and its raw bits.
fn show(ty: ElemType, bytes: &[u8]) -> String {
    let hex: String = bytes.iter().rev().map(|b| format!("{b:02x}")).collect();
    format!("{} (0x{hex})", ty.format(bytes))
}

/// Compares two byte buffers of element type `ty`, element by element and bit
/// for bit; returns a description of the differences (None if equal).
fn diff(ty: ElemType, expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected.len() != actual.len() {
        return Some(format!(
            "length differs: expected {} bytes, got {}",
            expected.len(),
            actual.len()
        ));
    }
    let n = ty.size();
    let bad: Vec<usize> = (0..expected.len() / n)
        .filter(|&i| expected[i * n..(i + 1) * n] != actual[i * n..(i + 1) * n])
        .collect();
    if bad.is_empty() {
        return None;
    }
    let mut s = format!("{} of {} elements differ:", bad.len(), expected.len() / n);
    for &i in bad.iter().take(8) {
        s += &format!(
            "\n      [{i}] expected {}, got {}",
            show(ty, &expected[i * n..(i + 1) * n]),
            show(ty, &actual[i * n..(i + 1) * n])
        );
    }
    if bad.len() > 8 {
        s += "\n      ...";
    }
    Some(s)
}

/// Asserts that two runs produced the same buffers, bit for bit.
fn assert_same_buffers(what: &str, a: &RunOutput, b: &RunOutput) {
    assert_eq!(a.buffers.len(), b.buffers.len(), "{what}: buffer count");
    let mut problems = Vec::new();
    for (x, y) in a.buffers.iter().zip(&b.buffers) {
        assert_eq!(x.name, y.name, "{what}: buffer order");
        if let Some(d) = diff(x.ty, &x.bytes, &y.bytes) {
            problems.push(format!("  buffer {} ({}): {d}", x.name, x.ty));
        }
    }
    assert!(problems.is_empty(), "{what}:\n{}", problems.join("\n"));
}

fn failed_checks(out: &RunOutput) -> Vec<String> {
    out.checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| match &c.first_mismatch {
            Some(m) => format!(
                "check {}: {} of {} differ; first [{}] expected {}, got {}",
                c.buffer, c.mismatches, c.checked, m.index, m.expected, m.actual
            ),
            None => format!("check {}: failed", c.buffer),
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Independent references (REFERENCES.md / kernel sources), from the manifest's
// input buffers. Each returns the expected final contents of the buffers the
// kernel writes; every other buffer must come back unchanged.
// ---------------------------------------------------------------------------

type Expected = BTreeMap<String, Vec<u8>>;

fn reference(w: &Workload) -> Option<Expected> {
    Some(match w.name.as_str() {
        "vector_add" => ref_vector_add(w),
        "reduction" => ref_reduction(w),
        "divergence" => ref_divergence(w),
        "types_int" => ref_types_int(w),
        "types_float" => ref_types_float(w),
        "atomics" => ref_atomics(w),
        "opencl_saxpy_branchy" => ref_opencl_saxpy_branchy(w),
        "opencl_local" => ref_opencl_local(w),
        "opencl_two_locals" => ref_opencl_two_locals(w),
        _ => return None,
    })
}

/// `c[i] = a[i] + b[i]` for `i < n` (f32 add); the rest of `c` keeps its init.
fn ref_vector_add(w: &Workload) -> Expected {
    let a = f32s(init_of(w, "a"));
    let b = f32s(init_of(w, "b"));
    let mut c = f32s(init_of(w, "c"));
    let n = u32s(push_constant_bytes(w))[0] as usize;
    let count = invocations(w, local_size_x(w, 64));
    for i in 0..count.min(n) {
        c[i] = a[i] + b[i];
    }
    BTreeMap::from([("c".to_string(), bytes_f32(&c))])
}

/// Per-workgroup (128 invocations) shared-memory tree sums, u32 wrapping and
/// f32 (the kernel's tree order: strides 64, 32, ..., 1).
fn ref_reduction(w: &Workload) -> Expected {
    let local = local_size_x(w, 128);
    let in_u = u32s(init_of(w, "in_u"));
    let in_f = f32s(init_of(w, "in_f"));
    let mut sum_u = u32s(init_of(w, "sum_u"));
    let mut sum_f = f32s(init_of(w, "sum_f"));
    for g in 0..w.workgroups[0] as usize {
        let mut su: Vec<u32> = in_u[g * local..(g + 1) * local].to_vec();
        let mut sf: Vec<f32> = in_f[g * local..(g + 1) * local].to_vec();
        let mut stride = local / 2;
        while stride > 0 {
            for l in 0..stride {
                su[l] = su[l].wrapping_add(su[l + stride]);
                sf[l] += sf[l + stride];
            }
            stride /= 2;
        }
        sum_u[g] = su[0];
        sum_f[g] = sf[0];
    }
    // Cross-check with the order-free formula: every partial sum is exact.
    for g in 0..w.workgroups[0] as usize {
        let exact: f64 = in_f[g * local..(g + 1) * local]
            .iter()
            .map(|&x| x as f64)
            .sum();
        assert_eq!(sum_f[g] as f64, exact, "reduction reference: sum_f[{g}]");
    }
    BTreeMap::from([
        ("sum_u".to_string(), bytes_u32(&sum_u)),
        ("sum_f".to_string(), bytes_f32(&sum_f)),
    ])
}

fn divergence_one(gid: u32, x0: u32, n: u32) -> Option<u32> {
    if gid >= n {
        return None;
    }
    let mut x = x0;
    if x % 7 == 3 {
        return None;
    }
    let (mut steps, mut acc) = (0u32, 0u32);
    while x != 1 {
        if steps >= 200 {
            break;
        }
        if x & 1 == 0 {
            x >>= 1;
            steps += 1;
            continue;
        }
        x = x.wrapping_mul(3).wrapping_add(1);
        let mut k = 0u32;
        while k < (x & 7) + 1 {
            if k == 5 {
                break;
            }
            if k & 1 == 1 {
                k += 1;
                continue;
            }
            acc = acc.wrapping_add(k.wrapping_mul(x)).wrapping_add(steps);
            k += 1;
        }
        steps += 1;
    }
    Some((steps << 16) ^ acc)
}

fn ref_divergence(w: &Workload) -> Expected {
    let inp = u32s(init_of(w, "inp"));
    let mut outp = u32s(init_of(w, "outp"));
    let n = u32s(push_constant_bytes(w))[0];
    let count = invocations(w, local_size_x(w, 64));
    for i in 0..count {
        if let Some(v) = divergence_one(i as u32, inp[i], n) {
            outp[i] = v;
        }
    }
    BTreeMap::from([("outp".to_string(), bytes_u32(&outp))])
}

fn ref_types_int(w: &Workload) -> Expected {
    let in8 = i8s(init_of(w, "in8"));
    let in16 = i16s(init_of(w, "in16"));
    let in64 = i64s(init_of(w, "in64"));
    let mut out8 = i8s(init_of(w, "out8"));
    let mut out16 = i16s(init_of(w, "out16"));
    let mut out64 = i64s(init_of(w, "out64"));
    let mut outu8 = u8s(init_of(w, "outu8"));
    let count = invocations(w, local_size_x(w, 64));
    for i in 0..count {
        let (a, b, c) = (in8[i], in16[i], in64[i]);

        out8[3 * i] = a.wrapping_mul(3).wrapping_add(7);
        out8[3 * i + 1] = a.wrapping_div(-5);
        out8[3 * i + 2] = ((a as u8) >> 3) as i8 ^ (a >> 1) ^ a.wrapping_shl(2);
        outu8[i] = (a as u8).wrapping_mul(i as u8).wrapping_add(200);

        out16[3 * i] = b.wrapping_mul(37);
        out16[3 * i + 1] = b.wrapping_div(-7);
        // OpSMod: the sign of the divisor (13 > 0) -> rem_euclid, not `%`.
        out16[3 * i + 2] = b.rem_euclid(13);

        out64[3 * i] = c.wrapping_mul(0x9E37_79B9_7F4A_7C15u64 as i64);
        out64[3 * i + 1] = (c >> 7) ^ c.wrapping_div(-3);
        out64[3 * i + 2] = (((c as u64) >> 61) as i64)
            .wrapping_add(c.wrapping_shl(3))
            .wrapping_add((a as i64).wrapping_mul(b as i64));
    }
    BTreeMap::from([
        ("out8".to_string(), bytes_i8(&out8)),
        ("out16".to_string(), bytes_i16(&out16)),
        ("out64".to_string(), bytes_i64(&out64)),
        ("outu8".to_string(), outu8),
    ])
}

// IEEE binary16 operations, rounded to nearest even (exact through f64: the
// exact result of + - * of two f16 values fits in f64, so one rounding).
fn f16_mul(x: f16, y: f16) -> f16 {
    f16::from_f64(x.to_f64() * y.to_f64())
}
fn f16_sub(x: f16, y: f16) -> f16 {
    f16::from_f64(x.to_f64() - y.to_f64())
}

fn ref_types_float(w: &Workload) -> Expected {
    let in_h = f16s(init_of(w, "in_h"));
    let in_d = f64s(init_of(w, "in_d"));
    let mut out_h = f16s(init_of(w, "out_h"));
    let mut out_d = f64s(init_of(w, "out_d"));
    let mut out_i = i32s(init_of(w, "out_i"));
    let count = invocations(w, local_size_x(w, 64));
    let three_quarters = f16::from_f64(0.75);
    let four = f16::from_f64(4.0);
    for i in 0..count {
        let (h, d) = (in_h[i], in_d[i]);

        out_h[2 * i] = f16_sub(f16_mul(h, h), f16_mul(h, three_quarters));
        out_h[2 * i + 1] = f16::from_f64(d / 7.0);

        out_d[3 * i] = d * d - d / 3.0;
        out_d[3 * i + 1] = h.to_f64() * d;
        out_d[3 * i + 2] = d * d + 1.0;

        out_i[2 * i] = (d * 10.0) as i32;
        out_i[2 * i + 1] = f16_mul(h, four).to_f64() as i32;
    }
    BTreeMap::from([
        ("out_h".to_string(), bytes_f16(&out_h)),
        ("out_d".to_string(), bytes_f64(&out_d)),
        ("out_i".to_string(), bytes_i32(&out_i)),
    ])
}

fn ref_atomics(w: &Workload) -> Expected {
    let local = local_size_x(w, 64);
    let count = invocations(w, local);
    let idx = u32s(init_of(w, "idx"));
    let mut hist = u32s(init_of(w, "hist"));
    let mut stats = u32s(init_of(w, "stats"));
    let mut istats = i32s(init_of(w, "istats"));
    let mut cas_sum = u32s(init_of(w, "cas_sum"));
    let mut wg_hist = u32s(init_of(w, "wg_hist"));
    let mut wg_max = u32s(init_of(w, "wg_max"));

    let v: Vec<u32> = (0..count)
        .map(|i| idx[i].wrapping_mul(2_654_435_761) >> 22)
        .collect();
    // Tickets are the old values of stats[6]; any order gives the same sum.
    let first_ticket = stats[6];
    for (i, &v) in v.iter().enumerate() {
        let gid = i as u32;
        hist[(v % 16) as usize] = hist[(v % 16) as usize].wrapping_add(1);
        stats[0] = stats[0].min(v);
        stats[1] = stats[1].max(v);
        if gid & 15 == 0 {
            stats[2] |= 1 << (v % 32);
        }
        stats[3] = stats[3].wrapping_add(v);
        if gid & 15 == 1 {
            stats[4] &= !(1u32 << (v % 32));
        }
        stats[5] ^= v;
        stats[6] = stats[6].wrapping_add(1);
        stats[7] = stats[7].wrapping_add(first_ticket.wrapping_add(gid));
        let sv = v as i32 - 500;
        istats[0] = istats[0].min(sv);
        istats[1] = istats[1].max(sv);
        cas_sum[(v % 8) as usize] = cas_sum[(v % 8) as usize].wrapping_add(v);
    }
    for g in 0..w.workgroups[0] as usize {
        let mut l_hist = [0u32; 8];
        let mut l_max = 0u32;
        for &v in &v[g * local..(g + 1) * local] {
            l_hist[(v % 8) as usize] += 1;
            l_max = l_max.max(v);
        }
        wg_hist[g * 8..g * 8 + 8].copy_from_slice(&l_hist);
        wg_max[g] = l_max;
    }
    BTreeMap::from([
        ("hist".to_string(), bytes_u32(&hist)),
        ("stats".to_string(), bytes_u32(&stats)),
        ("istats".to_string(), bytes_i32(&istats)),
        ("cas_sum".to_string(), bytes_u32(&cas_sum)),
        ("wg_hist".to_string(), bytes_u32(&wg_hist)),
        ("wg_max".to_string(), bytes_u32(&wg_max)),
    ])
}

fn ref_opencl_saxpy_branchy(w: &Workload) -> Expected {
    let count = invocations(w, local_size_x(w, 64));
    let mut y = f32s(init_of(w, "y"));
    let x = f32s(init_of(w, "x"));
    let mut found = i32s(init_of(w, "found"));
    let keys = i32s(init_of(w, "keys"));
    let n = i32s(&scalar_arg(w, 3))[0];
    let a = f32s(&scalar_arg(w, 4))[0];
    for i in 0..count {
        if i as i32 >= n {
            continue;
        }
        y[i] += a * x[i]; // FP_CONTRACT OFF: rounded mul, rounded add
        let t = i as i32 % 37;
        let (mut pos, mut visited) = (-1i32, 0i32);
        let mut aborted = false;
        for (j, &k) in keys.iter().enumerate().take(64) {
            if k < 0 {
                continue;
            }
            visited += 1;
            if k > 1000 + t {
                aborted = true;
                break;
            }
            if k == t {
                pos = j as i32;
                break;
            }
        }
        found[i] = if aborted {
            -1000 - visited
        } else {
            pos * 256 + visited
        };
    }
    BTreeMap::from([
        ("y".to_string(), bytes_f32(&y)),
        ("found".to_string(), bytes_i32(&found)),
    ])
}

/// `out[g * n + i] = 3 (g * n + n - 1 - i) + floor(0.5 i)`: each
/// invocation reads the int its mirror image stored in the first `__local`
/// argument and its own half in the second.
fn ref_opencl_two_locals(w: &Workload) -> Expected {
    let n = local_size_x(w, 64);
    let out: Vec<i32> = (0..w.workgroups[0] as usize * n)
        .map(|gid| {
            let (g, i) = (gid / n, gid % n);
            3 * (g * n + n - 1 - i) as i32 + (i as f32 * 0.5) as i32
        })
        .collect();
    BTreeMap::from([("out".to_string(), bytes_i32(&out))])
}

fn ref_opencl_local(w: &Workload) -> Expected {
    let local = local_size_x(w, 64);
    let input = u8s(init_of(w, "in"));
    let mut out_u = u8s(init_of(w, "out_u"));
    let mut out_s = i16s(init_of(w, "out_s"));
    let mut out_l = i64s(init_of(w, "out_l"));
    let bias = i32s(&scalar_arg(w, 5))[0];
    for g in 0..w.workgroups[0] as usize {
        let scratch: Vec<i32> = (0..local)
            .map(|l| {
                (input[g * local + l] as i32)
                    .wrapping_mul(3)
                    .wrapping_add(bias)
            })
            .collect();
        for lid in 0..local {
            let i = g * local + lid;
            out_u[i] = input[i].wrapping_add((lid as u8).wrapping_mul(7));
            out_s[i] = scratch[local - 1 - lid]
                .wrapping_mul(300)
                .wrapping_sub(lid as i32) as i16;
        }
        let s = scratch.iter().fold(0i32, |acc, &x| acc.wrapping_add(x));
        out_l[g] = (s as i64)
            .wrapping_mul(1_000_000_007)
            .wrapping_sub((g as i64) << 40);
    }
    BTreeMap::from([
        ("out_u".to_string(), out_u),
        ("out_s".to_string(), bytes_i16(&out_s)),
        ("out_l".to_string(), bytes_i64(&out_l)),
    ])
}

/// Runs one workload at wave sizes 64 and 32 and compares every buffer with
/// the reference (or with its initial contents if the kernel does not write
/// it). Returns the problems found.
fn check_against_reference(w: &Workload) -> Vec<String> {
    let expected = reference(w).unwrap_or_else(|| panic!("{}: no reference in bundled.rs", w.name));
    for name in expected.keys() {
        assert!(
            w.buffers.iter().any(|b| &b.name == name),
            "{}: reference names unknown buffer {name}",
            w.name
        );
    }
    let mut problems = Vec::new();
    let mut outs = Vec::new();
    for wave in [64, 32] {
        let out = run(w, wave);
        for f in failed_checks(&out) {
            problems.push(format!("{} wave {wave}: manifest {f}", w.name));
        }
        for (b, o) in w.buffers.iter().zip(&out.buffers) {
            assert_eq!(b.name, o.name);
            let (want, what) = match expected.get(&b.name) {
                Some(e) => (e.as_slice(), "reference"),
                None => (b.init.as_slice(), "unchanged input"),
            };
            if let Some(d) = diff(b.ty, want, &o.bytes) {
                problems.push(format!(
                    "{} wave {wave}: buffer {} ({}) vs {what}: {d}",
                    w.name, b.name, b.ty
                ));
            }
        }
        outs.push(out);
    }
    for (a, b) in outs[0].buffers.iter().zip(&outs[1].buffers) {
        if let Some(d) = diff(a.ty, &a.bytes, &b.bytes) {
            problems.push(format!(
                "{}: buffer {} differs between wave 64 and wave 32: {d}",
                w.name, a.name
            ));
        }
    }
    problems
}

fn reference_test(name: &str) {
    let w = load_named(name);
    assert_eq!(w.name, name);
    let problems = check_against_reference(&w);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ---------------------------------------------------------------------------
// 1. References
// ---------------------------------------------------------------------------

/// Every bundled manifest has a reference here; runs the ones that have no
/// dedicated test below (so a new manifest is caught and checked).
#[test]
fn every_bundled_workload_has_a_reference() {
    const DEDICATED: [&str; 8] = [
        "vector_add",
        "reduction",
        "divergence",
        "types_int",
        "types_float",
        "atomics",
        "opencl_saxpy_branchy",
        "opencl_local",
    ];
    let mut missing = Vec::new();
    let mut problems = Vec::new();
    for path in bundled_manifests() {
        let w = load(&path);
        if reference(&w).is_none() {
            missing.push(format!("{} ({})", w.name, path.display()));
        } else if !DEDICATED.contains(&w.name.as_str()) {
            problems.extend(check_against_reference(&w));
        }
    }
    assert!(
        missing.is_empty(),
        "bundled workloads without a reference in sim/tests/bundled.rs: {missing:?}"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    for name in DEDICATED {
        assert!(
            workloads_dir().join(format!("{name}.toml")).is_file(),
            "{name}.toml is gone"
        );
    }
}

#[test]
fn reference_vector_add() {
    reference_test("vector_add");
}

#[test]
fn reference_reduction() {
    reference_test("reduction");
}

#[test]
fn reference_divergence() {
    reference_test("divergence");
}

#[test]
fn reference_types_int() {
    reference_test("types_int");
}

#[test]
fn reference_types_float() {
    reference_test("types_float");
}

#[test]
fn reference_atomics() {
    reference_test("atomics");
}

#[test]
fn reference_opencl_saxpy_branchy() {
    reference_test("opencl_saxpy_branchy");
}

#[test]
fn reference_opencl_local() {
    reference_test("opencl_local");
}

/// The references agree with the manifests' own `[[check]]` data where the
/// checks cover a whole buffer (guards the references themselves).
#[test]
fn references_agree_with_manifest_checks() {
    let mut problems = Vec::new();
    let mut compared = 0;
    for path in bundled_manifests() {
        let w = load(&path);
        let Some(expected) = reference(&w) else {
            continue;
        };
        for c in &w.checks {
            let b = w.buffer(&c.buffer).expect("check names a buffer");
            let Some(e) = expected.get(&c.buffer) else {
                problems.push(format!(
                    "{}: check on {} which the reference does not compute",
                    w.name, c.buffer
                ));
                continue;
            };
            if c.ulp.is_some() || c.abs.is_some() {
                continue;
            }
            let n = b.ty.size();
            let (lo, hi) = c.range;
            let expected_bytes = c.expected.clone().into_bytes();
            if expected_bytes.len() != (hi - lo) * n || hi * n > e.len() {
                problems.push(format!(
                    "{}: check on {} has an unexpected shape ({} bytes for range {lo}..{hi})",
                    w.name,
                    c.buffer,
                    expected_bytes.len()
                ));
                continue;
            }
            compared += 1;
            if let Some(d) = diff(b.ty, &expected_bytes, &e[lo * n..hi * n]) {
                problems.push(format!(
                    "{}: reference for {} disagrees with the manifest check: {d}",
                    w.name, c.buffer
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(compared >= 8, "only {compared} checks compared");
}

// ---------------------------------------------------------------------------
// 2. Disassemble / assemble round trip
// ---------------------------------------------------------------------------

fn read_words(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(bytes.len() % 4, 0, "{}: size", path.display());
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Disassembles and reassembles `path`, asserting identical words; returns
/// the disassembly.
fn round_trip_text(path: &Path) -> String {
    let words = read_words(path);
    let text = isa::dis::disassemble(&words)
        .unwrap_or_else(|e| panic!("{}: disassemble: {e}", path.display()));
    let again = isa::asm::assemble(&text).unwrap_or_else(|e| {
        panic!(
            "{}: reassembling the disassembly failed at line {}: {}",
            path.display(),
            e.line,
            e.message
        )
    });
    if again != words {
        let first = words
            .iter()
            .zip(&again)
            .position(|(a, b)| a != b)
            .unwrap_or(words.len().min(again.len()));
        panic!(
            "{}: round trip changed the module: {} words in, {} out; first difference at word {first}: {:?} vs {:?}",
            path.display(),
            words.len(),
            again.len(),
            words.get(first).map(|w| format!("0x{w:08x}")),
            again.get(first).map(|w| format!("0x{w:08x}")),
        );
    }
    text
}

#[test]
fn every_bundled_spv_round_trips_through_dis_and_asm() {
    for path in bundled_spv_files() {
        round_trip_text(&path);
    }
}

#[test]
fn disassembled_kernels_run_like_the_binaries() {
    let tmp = TempDir::new("spvasm_runs");
    for path in bundled_manifests() {
        let w = load(&path);
        let text = round_trip_text(&w.kernel);
        let stem = w.kernel.file_stem().expect("kernel file name");
        let asm_path = tmp.0.join(stem).with_extension("spvasm");
        std::fs::write(&asm_path, &text).expect("write .spvasm");

        let mut wt = w.clone();
        wt.kernel = asm_path.clone();
        for wave in [64, 32] {
            let original = run(&w, wave);
            let from_text = run(&wt, wave);
            assert_same_buffers(
                &format!("{} wave {wave}: .spv vs {}", w.name, asm_path.display()),
                &original,
                &from_text,
            );
            assert!(
                from_text.all_checks_passed(),
                "{} from .spvasm: {:?}",
                w.name,
                failed_checks(&from_text)
            );
        }
    }
}

// ---------------------------------------------------------------------------
// 3. Command line
// ---------------------------------------------------------------------------

fn gpusim() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gpusim"))
}

fn parse_json(stdout: &[u8]) -> serde_json::Value {
    let text = String::from_utf8_lossy(stdout);
    serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("stdout is not one JSON object ({e}):\n{text}"))
}

#[test]
fn cli_run_vector_add_json_and_results() {
    let tmp = TempDir::new("cli_vector_add");
    let manifest = workloads_dir().join("vector_add.toml");
    let out = gpusim()
        .arg("run")
        .arg(&manifest)
        .arg("--json")
        .arg("--results")
        .arg(&tmp.0)
        .output()
        .expect("run gpusim");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "exit status; stderr:\n{stderr}");
    let j = parse_json(&out.stdout);
    let passed = j["checks"]["passed"].as_u64().expect("checks.passed");
    let failed = j["checks"]["failed"].as_u64().expect("checks.failed");
    let wave = j["instructions"]["wave"]
        .as_u64()
        .expect("instructions.wave");
    let lane = j["instructions"]["lane"]
        .as_u64()
        .expect("instructions.lane");
    assert!(passed >= 1, "checks.passed = {passed}");
    assert_eq!(failed, 0, "checks.failed");
    assert!(wave > 0, "instructions.wave = {wave}");
    assert!(lane >= wave, "instructions.lane {lane} < wave {wave}");

    let c = tmp.0.join("vector_add").join("c.bin");
    let bytes = std::fs::read(&c).unwrap_or_else(|e| panic!("{}: {e}", c.display()));
    assert_eq!(bytes.len(), 1024, "{}", c.display());
    assert!(tmp.0.join("vector_add").join("summary.json").is_file());
    // The saved buffer is the reference result too.
    let w = load(&manifest);
    assert_eq!(
        diff(ElemType::F32, &ref_vector_add(&w)["c"], &bytes),
        None,
        "c.bin vs reference"
    );
}

#[test]
fn cli_failing_check_exits_1() {
    let tmp = TempDir::new("cli_failing_check");
    let src = workloads_dir().join("vector_add.toml");
    let text = std::fs::read_to_string(&src).expect("read vector_add.toml");
    let spv = workloads_dir()
        .join("vector_add.spv")
        .canonicalize()
        .expect("vector_add.spv");
    let spv = spv.to_str().expect("UTF-8 path");
    assert!(!spv.contains('\''), "path needs a literal TOML string");
    let mut replaced = 0;
    let mut manifest: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("kernel") && l.contains('=') {
                replaced += 1;
                format!("kernel = '{spv}'")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(replaced, 1, "one kernel line in vector_add.toml");
    manifest += "\n\n[[check]]\nbuffer = \"c\"\nfill = 12345.0\n";
    let path = tmp.0.join("vector_add_wrong.toml");
    std::fs::write(&path, manifest).expect("write manifest");

    let results = tmp.0.join("results");
    let out = gpusim()
        .arg("run")
        .arg(&path)
        .arg("--json")
        .arg("--results")
        .arg(&results)
        .output()
        .expect("run gpusim");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "exit status; stderr:\n{stderr}");
    let j = parse_json(&out.stdout);
    assert_eq!(j["checks"]["failed"].as_u64(), Some(1), "{j}");
    assert!(j["checks"]["passed"].as_u64().unwrap_or(0) >= 1, "{j}");
}

// ---------------------------------------------------------------------------
// 4. Determinism
// ---------------------------------------------------------------------------

#[test]
fn runs_are_deterministic() {
    for path in bundled_manifests() {
        let w = load(&path);
        for wave in [64, 32] {
            let a = run(&w, wave);
            let b = run(&w, wave);
            assert_same_buffers(&format!("{} wave {wave}: two runs", w.name), &a, &b);
            assert_eq!(
                (a.counts.wave_instructions, a.counts.lane_instructions),
                (b.counts.wave_instructions, b.counts.lane_instructions),
                "{} wave {wave}: instruction counts differ between runs",
                w.name
            );
            assert!(a.counts.wave_instructions > 0, "{}", w.name);
        }
    }
}

/// Every manifest under workloads/ and its subfolders, except the bad ones.
fn all_bundled_manifests(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read a workloads folder")
        .map(|e| e.expect("dir entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && p.file_name().is_some_and(|n| n != "bad") {
            all_bundled_manifests(&p, out);
        } else if p.extension().is_some_and(|e| e == "toml") {
            out.push(p);
        }
    }
}

#[test]
fn every_bundled_binary_kernel_runs_the_same_after_dis_and_asm() {
    // The whole tree, subfolders included: each .spv kernel is
    // disassembled, reassembled from text, and run again.
    let tmp = TempDir::new("spvasm_runs_all");
    let mut manifests = Vec::new();
    all_bundled_manifests(&workloads_dir(), &mut manifests);
    let mut checked = 0;
    for path in manifests {
        let w = load(&path);
        if w.kernel.extension().is_none_or(|e| e != "spv") {
            continue;
        }
        let text = round_trip_text(&w.kernel);
        let asm_path = tmp.0.join(format!("{}.spvasm", w.name));
        std::fs::write(&asm_path, &text).expect("write .spvasm");
        let mut wt = w.clone();
        wt.kernel = asm_path;
        // Wave64 unless the manifest is pinned to another wave size.
        let wave = w.subgroup_size.as_ref().map_or(64, |(s, _)| *s as usize);
        let original = run(&w, wave);
        let from_text = run(&wt, wave);
        assert_same_buffers(&format!("{} from text", w.name), &original, &from_text);
        checked += 1;
    }
    assert!(checked >= 19, "only {checked} kernels found");
}

/// A manifest whose `subgroup_size` the model's wave size does not give is
/// skipped by `gpusim run`, as an Amber script missing a feature is: exit
/// code 0, the reason naming the key's place, no results folder; with the
/// wave size it needs, it runs and passes.
#[test]
fn cli_run_skips_a_manifest_needing_another_subgroup_size() {
    let tmp = TempDir::new("cli_subgroup_skip");
    let manifest = workloads_dir().join("opencl_work_group/collectives_40_w32.toml");
    let run = |extra: &[&str]| {
        gpusim()
            .arg("run")
            .arg(&manifest)
            .args(["--functional", "--results"])
            .arg(&tmp.0)
            .args(extra)
            .output()
            .expect("gpusim runs")
    };
    let out = run(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("SKIP")
            && text.contains("collectives_40_w32.toml:9:17: subgroup_size")
            && text.contains("requires subgroup size 32")
            && text.contains("wave size is 64"),
        "{text}"
    );
    let folder = tmp.0.join("opencl_work_group_40_w32");
    assert!(!folder.exists(), "a skipped manifest writes no results");
    let out = run(&["--json"]);
    let summary = parse_json(&out.stdout);
    assert_eq!(summary["exit_code"], 0);
    assert_eq!(summary["status"], "skip");
    assert!(summary["reason"]
        .as_str()
        .is_some_and(|s| s.contains("requires subgroup size 32")));
    let out = run(&["--wave-size", "32"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(folder.join("summary.json").is_file());
}
