//! Feature tests: small hand-written kernels in `tests/kernels/` (SPIR-V text,
//! each with a manifest). Every test runs its workload at wave sizes 32 and 64,
//! requires identical buffers from both, and compares them bit for bit with
//! values computed here in plain Rust.

use gpusim::run::RunOutput;

mod common;
use common::*;

/// Runs at wave sizes 32 and 64; the buffers must be identical. Returns the
/// wave-64 run.
fn run_both(name: &str) -> RunOutput {
    let a = run_at(name, 32);
    let b = run_at(name, 64);
    assert_eq!(a.buffers.len(), b.buffers.len());
    for (x, y) in a.buffers.iter().zip(&b.buffers) {
        assert_eq!(x.name, y.name);
        if x.bytes != y.bytes {
            let i = x.bytes.iter().zip(&y.bytes).position(|(p, q)| p != q);
            panic!(
                "{name}: buffer '{}' differs between wave sizes 32 and 64 (first differing byte {:?})",
                x.name, i
            );
        }
    }
    b
}

fn f32_bits(v: &[f32]) -> Vec<u32> {
    v.iter().map(|f| f.to_bits()).collect()
}

// ---------------------------------------------------------------------------
// (1) specialization constants
// ---------------------------------------------------------------------------

fn spec_expected(a: u32, wx: u32, invocations: u32, len: usize) -> Vec<u32> {
    let mut e = vec![u32::MAX; len];
    for g in 0..invocations {
        let b = 4 * g as usize;
        e[b..b + 4].copy_from_slice(&[a, a * 10, wx, g]);
    }
    e
}

#[test]
fn spec_constants_default_values() {
    let out = run_both("spec");
    // 2 workgroups of the default gl_WorkGroupSize.x = 64.
    assert_same(
        "spec: out",
        &u32s(bytes(&out, "out")),
        &spec_expected(3, 64, 128, 512),
    );
}

#[test]
fn spec_constants_overridden_by_manifest() {
    let out = run_both("spec_override");
    // spec_constants = { 0 = 7, 1 = 32 }: a = 7, a * 10 = 70, and
    // gl_WorkGroupSize.x = 32, so only 2 x 32 invocations run.
    assert_same(
        "spec_override: out",
        &u32s(bytes(&out, "out")),
        &spec_expected(7, 32, 64, 512),
    );
}

#[test]
fn spec_constants_that_do_not_fit_or_name_no_constant_are_errors() {
    // The override manifest with one value changed; run as a user runs it.
    let d = common::scratch("features", "spec-errors");
    let source = common::root().join("sim/tests/kernels/spec_override.toml");
    let text = std::fs::read_to_string(&source).unwrap();
    let kernel = common::root().join("sim/tests/kernels/spec.spvasm");
    for (values, want) in [
        // SpecId 1 is a u32 (the workgroup size): never wrapped.
        (
            "{ 0 = 7, 1 = -1 }",
            "SpecId 1: -1 does not fit the constant, a 32-bit unsigned integer (0..=4294967295)",
        ),
        (
            "{ 0 = 7, 1 = 5000000000 }",
            "SpecId 1: 5000000000 does not fit",
        ),
        (
            "{ 0 = true, 1 = 32 }",
            "SpecId 0: the bool true cannot be a constant of type 32-bit integer",
        ),
        // A typo for 1.
        (
            "{ 0 = 7, 5 = 32 }",
            "no specialization constant of the module has SpecId 5; its SpecIds: 0, 1",
        ),
    ] {
        let manifest = d.join("spec.toml");
        let edited = text.replace("{ 0 = 7, 1 = 32 }", values).replace(
            "\"spec.spvasm\"",
            &format!("{:?}", kernel.to_str().unwrap()),
        );
        std::fs::write(&manifest, edited).unwrap();
        let o = common::gpusim(&[
            "run",
            manifest.to_str().unwrap(),
            "--functional",
            "--results",
            d.join("out").to_str().unwrap(),
            "--force",
        ]);
        let t = common::printed(&o);
        assert_eq!(o.status.code(), Some(2), "{values}: {t}");
        assert!(t.contains(want) && t.contains("spec.toml"), "{values}: {t}");
    }
}

// ---------------------------------------------------------------------------
// (2) function calls
// ---------------------------------------------------------------------------

#[test]
fn function_call_with_early_return() {
    let out = run_both("funcall");
    let f = |x: u32, k: u32| if x > 40 { x + 1000 } else { x * x + k };
    let e: Vec<u32> = (0..128u32).flat_map(|g| [f(g, 1), f(3 * g, 5)]).collect();
    assert_same("funcall: out", &u32s(bytes(&out, "out")), &e);
}

// ---------------------------------------------------------------------------
// (3) OpSwitch
// ---------------------------------------------------------------------------

#[test]
fn switch_with_divergent_lanes() {
    let out = run_both("switch");
    let e: Vec<u32> = (0..128u32)
        .map(|g| match g % 7 {
            0 => 2 * g,
            1 => g + 100,
            2 => g ^ 255,
            3 | 4 => 7777,
            5 => g << 3,
            _ => 0xDEAD,
        })
        .collect();
    assert_same("switch: out", &u32s(bytes(&out, "out")), &e);
}

// ---------------------------------------------------------------------------
// (4) vectors
// ---------------------------------------------------------------------------

#[test]
fn vector_instructions() {
    let out = run_both("vectors");
    let mut e = vec![0u32; 2560];
    let mut ef = vec![0f32; 512];
    for g in 0..128u32 {
        let va = [g, 2 * g, g + 7, 100];
        let vb = [g + 1000, g + 2000];
        let cat = [va[0], va[1], va[2], va[3], vb[0], vb[1]];
        let vs = [cat[3], cat[5], cat[0], cat[4]];
        let i = (g % 4) as usize;
        let mut vi = va;
        vi[i] = 555;
        let mut ci = vs;
        ci[1] = 9;
        let w = [va[2], va[1], vb[0], vb[1]];
        let b = 20 * g as usize;
        e[b..b + 4].copy_from_slice(&vs);
        e[b + 4] = va[i];
        e[b + 5..b + 9].copy_from_slice(&vi);
        e[b + 9..b + 13].copy_from_slice(&ci);
        e[b + 13..b + 17].copy_from_slice(&w);
        let gf = g as f32;
        let fb = 4 * g as usize;
        ef[fb] = gf * 1.5 + 2.0 * 3.0 + 0.5 * 4.0;
        ef[fb + 1..fb + 4].copy_from_slice(&[gf * 0.25, 0.5, 0.125]);
    }
    assert_same("vectors: out", &u32s(bytes(&out, "out")), &e);
    assert_same("vectors: outf", &u32s(bytes(&out, "outf")), &f32_bits(&ef));
}

// ---------------------------------------------------------------------------
// (5) matrices
// ---------------------------------------------------------------------------

#[test]
fn matrix_instructions() {
    let out = run_both("matrices");
    let mut e = vec![0f32; 4096];
    for g in 0..128u32 {
        let gf = g as f32;
        // Column-major: m3[col][row].
        let m3 = [[gf, 1.0, 2.0], [0.0, gf, 3.0], [1.0, 0.5, -1.0]];
        let v3 = [1.0, 2.0, gf];
        let a2 = [[gf, 1.0], [2.0, 3.0]];
        let b2 = [[1.0, gf], [0.5, -2.0]];
        let v2 = [gf, -0.5];
        let mut r = Vec::new();
        for ((c0, c1), c2) in m3[0].iter().zip(&m3[1]).zip(&m3[2]) {
            r.push(c0 * v3[0] + c1 * v3[1] + c2 * v3[2]);
        }
        for col in &m3 {
            r.push(v3[0] * col[0] + v3[1] * col[1] + v3[2] * col[2]);
        }
        for bcol in &b2 {
            for (x0, x1) in a2[0].iter().zip(&a2[1]) {
                r.push(x0 * bcol[0] + x1 * bcol[1]);
            }
        }
        for c in 0..3 {
            for row in &m3 {
                r.push(row[c]);
            }
        }
        for y in v2 {
            for x in v3 {
                r.push(x * y);
            }
        }
        for col in &a2 {
            for x in col {
                r.push(x * 0.25);
            }
        }
        assert_eq!(r.len(), 29);
        let b = 32 * g as usize;
        e[b..b + 29].copy_from_slice(&r);
    }
    assert_same("matrices: out", &u32s(bytes(&out, "out")), &f32_bits(&e));
}

// ---------------------------------------------------------------------------
// (6) OpenCL Kernel module
// ---------------------------------------------------------------------------

#[test]
fn opencl_vectors_generic_pointers_and_conversions() {
    let out = run_both("opencl_conv");
    let input: Vec<f32> = (0..64).map(|i| -40.25 + 1.375 * i as f32).collect();
    let mut ec = vec![0u8; 128];
    let mut ei = vec![0i32; 256];
    let mut ef = vec![0f32; 128];
    let mut ev = vec![0f32; 1024];
    for g in 0..64usize {
        let x = input[g];
        let y = x * 7.5;
        // Saturating conversions round toward zero, then clamp.
        ec[2 * g] = y.trunc().clamp(0.0, 255.0) as u8;
        ec[2 * g + 1] = y.trunc().clamp(-128.0, 127.0) as i8 as u8;
        ei[4 * g] = x.floor() as i32;
        ei[4 * g + 1] = x.ceil() as i32;
        ei[4 * g + 2] = x.trunc() as i32;
        let big = (x * 1e8).trunc();
        ei[4 * g + 3] = if big >= 2147483648.0 {
            i32::MAX
        } else if big < -2147483648.0 {
            i32::MIN
        } else {
            big as i32
        };
        // 16777217 + g: even values are exact floats, odd ones lie halfway
        // between the neighbouring even integers.
        let n = 16777217 + g as u32;
        let (up, down) = if n.is_multiple_of(2) {
            (n, n)
        } else {
            (n + 1, n - 1)
        };
        ef[2 * g] = up as f32;
        ef[2 * g + 1] = down as f32;
        let k = g % 8;
        let v8 = &input[8 * k..8 * k + 8];
        for j in 0..8 {
            ev[16 * g + 2 * j] = v8[7 - j] + (2 * j) as f32;
            ev[16 * g + 2 * j + 1] = v8[7 - j] * 2.0 + (2 * j + 1) as f32;
        }
    }
    let ei: Vec<u32> = ei.iter().map(|&v| v as u32).collect();
    assert_same("opencl_conv: outc", bytes(&out, "outc"), &ec);
    assert_same("opencl_conv: outi", &u32s(bytes(&out, "outi")), &ei);
    assert_same(
        "opencl_conv: outf",
        &u32s(bytes(&out, "outf")),
        &f32_bits(&ef),
    );
    assert_same(
        "opencl_conv: outv",
        &u32s(bytes(&out, "outv")),
        &f32_bits(&ev),
    );
}

// ---------------------------------------------------------------------------
// (7) OpPhi: lost copy and swap
// ---------------------------------------------------------------------------

#[test]
fn phi_lost_copy_and_swap_with_divergent_trip_counts() {
    let out = run_both("phi_loop");
    let mut e = Vec::new();
    for g in 0..128u32 {
        let t = g % 5 + 1;
        let (mut i, mut acc, mut x, mut y) = (0u32, 1u32, 10u32, 20u32);
        loop {
            let acc_next = acc * 3 + i;
            let i_next = i + 1;
            if i_next < t {
                i = i_next;
                acc = acc_next;
                std::mem::swap(&mut x, &mut y);
            } else {
                // Leaving from the latch: the phis keep this iteration's values.
                e.extend_from_slice(&[acc, acc_next, x, y]);
                break;
            }
        }
    }
    assert_same("phi_loop: out", &u32s(bytes(&out, "out")), &e);
    // Copies left after coalescing (isa/tests/coalesce.rs has why): the
    // four constants on the entry edge, once per wave, and on the back
    // edge the swap's three and the lost copy of acc (acc is read after
    // the loop, where acc_next is live too), each time some lane of the
    // wave goes round again: the busiest lane's t - 1 = 4 times. Two
    // waves of 64.
    assert_eq!(out.counts.copies, 2 * (4 + 4 * 4));
}

#[test]
fn a_built_in_read_through_a_dynamic_index_reads_its_memory_copy() {
    let out = run_both("builtin_index");
    let mut e = vec![0u32; 64];
    for z in 0..4u32 {
        for y in 0..4 {
            for x in 0..4 {
                e[(x + 4 * y + 16 * z) as usize] = [x, y, z][((x + y + z) % 3) as usize];
            }
        }
    }
    assert_same("builtin_index: out", &u32s(bytes(&out, "out")), &e);
}

#[test]
fn only_built_ins_read_through_memory_get_their_memory_copy_at_wave_start() {
    use gpusim::exec::launch::Launch;
    // builtin_index reads gid through a dynamic index; vector_add reads
    // its built-in at fixed offsets only (from its preloaded registers).
    for (name, expected) in [
        ("sim/tests/kernels/builtin_index.toml", true),
        ("workloads/vector_add.toml", false),
    ] {
        let out = gpusim::run::run_workload(
            &gpusim::input::workload::Workload::load(&root().join(name)).unwrap(),
            &gpusim::run::RunOptions::default(),
        )
        .unwrap();
        assert_eq!(
            Launch::builtins_in_memory(&out.kernel),
            [expected],
            "{name}"
        );
    }
}

/// Runs entry point `entry` of coalesce.spvasm, whose buffer holds each
/// lane's trip count n = gid, and checks buf[gid] against `expected(gid)`.
fn run_coalesce(entry: &str, expected: impl Fn(u32) -> u32) -> RunOutput {
    let out = run_both(&format!("coalesce_{entry}"));
    let e: Vec<u32> = (0..128).map(expected).collect();
    assert_same(entry, &u32s(bytes(&out, "buf")), &e);
    out
}

#[test]
fn coalesced_loops_compute_what_their_copies_did() {
    let down = run_coalesce("count_down", |g| {
        (1..=g)
            .rev()
            .fold(g * 7, |acc, k| acc.wrapping_mul(3).wrapping_add(k))
    });
    assert_eq!(down.counts.copies, 0);
    let up = run_coalesce("count_up", |g| {
        (0..g).fold(g * 7, |acc, k| acc.wrapping_mul(3).wrapping_add(k))
    });
    // The counter's constant 0, once in each of the two waves.
    assert_eq!(up.counts.copies, 2);
    let swap = run_coalesce("swap", |g| {
        let (x, y) = if g % 2 == 0 {
            (g * 3, g * 5)
        } else {
            (g * 5, g * 3)
        };
        x * 16 + y
    });
    // Three copies per iteration of a wave, which goes round as often as
    // its last lane: 63 and 127 times.
    assert_eq!(swap.counts.copies, 3 * (63 + 127));
}

// ---------------------------------------------------------------------------
// (8) undef, copy, select, any/all, carry and extended multiplies
// ---------------------------------------------------------------------------

#[test]
fn select_any_all_carry_and_extended_multiply() {
    let out = run_both("misc");
    let mut e = vec![0xDEADBEEFu32; 2048];
    for g in 0..128u32 {
        let a = g.wrapping_mul(0x9E3779B9);
        let b = (g ^ 0xFFFF).wrapping_mul(0x85EBCA6B);
        let cond = [g < 10, g + 1 < 40, 2 * g < 64, g % 3 < 1];
        let t = [a, b, g, 1];
        let f = [b, a, 7, 2];
        let sel: Vec<u32> = (0..4).map(|i| if cond[i] { t[i] } else { f[i] }).collect();
        let (sum, carry) = a.overflowing_add(b);
        let um = a as u64 * b as u64;
        let sm = (a as i32 as i64) * (b as i32 as i64);
        let bs = 16 * g as usize;
        e[bs..bs + 2].copy_from_slice(&[g, 5]);
        e[bs + 2..bs + 6].copy_from_slice(&sel);
        e[bs + 6] = cond.iter().any(|&c| c) as u32;
        e[bs + 7] = cond.iter().all(|&c| c) as u32;
        e[bs + 8] = sum;
        e[bs + 9] = carry as u32;
        e[bs + 10] = um as u32;
        e[bs + 11] = (um >> 32) as u32;
        e[bs + 12] = sm as u32;
        e[bs + 13] = ((sm as u64) >> 32) as u32;
        e[bs + 14] = a;
    }
    assert_same("misc: out", &u32s(bytes(&out, "out")), &e);
}

// ---------------------------------------------------------------------------
// (9) small and large types, bitcasts
// ---------------------------------------------------------------------------

/// Rounds `x` (a normal, in-range value) to the nearest IEEE half-precision
/// value, ties to even, and returns it as f64.
fn round_to_f16(x: f64) -> f64 {
    if x == 0.0 {
        return x;
    }
    let exp = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    assert!((-14..=15).contains(&exp), "{x} is not a normal half");
    let ulp = 2f64.powi(exp - 10);
    (x / ulp).round_ties_even() * ulp
}

#[test]
fn small_and_wide_types_and_bitcasts() {
    let out = run_both("types");
    let half_0_1 = round_to_f16(0.1);
    assert_eq!(half_0_1, 0.0999755859375);
    let mut e32 = Vec::new();
    let mut e64 = Vec::new();
    for g in 0..128u32 {
        let r8 = (g as u8).wrapping_mul(37).wrapping_add(200) as i8;
        e32.push((r8 / 3) as i32 as u32);
        let m16 = (g as u16).wrapping_mul(1000) as i16;
        e32.push((m16 >> 3) as i32 as u32);
        let p = round_to_f16(g as f64 * half_0_1);
        let q = round_to_f16(p + g as f64);
        e32.push((q as f32).to_bits());
        e32.push(((g as f64 / 3.0) as f32).to_bits());
        let w = g.wrapping_mul(0x01010101).wrapping_add(0x03020100);
        let c = w.to_le_bytes();
        e32.push(c[0] as u32 + 2 * c[1] as u32 + 3 * c[2] as u32 + 4 * c[3] as u32);
        e32.push(u32::from_le_bytes([c[3], c[2], c[1], c[0]]));
        let q0 = (g as u64)
            .wrapping_mul(0x1_0000_0001)
            .wrapping_add(0xFFFF_FFFF_0000_0000);
        e32.push((q0 >> 32) as u32);
        e32.push(q0 as u32);
        e64.push(q0);
        e64.push(((q0 as i64) / -7) as u64);
        e64.push((g as f64 / 3.0 + 1e10).to_bits());
        e64.push(g as u64 | ((!g as u64) << 32));
    }
    assert_same("types: out32", &u32s(bytes(&out, "out32")), &e32);
    assert_same("types: out64", &u64s(bytes(&out, "out64")), &e64);
}

// ---------------------------------------------------------------------------
// (10) workgroup memory and barriers across waves
// ---------------------------------------------------------------------------

#[test]
fn workgroup_memory_across_waves_with_barriers() {
    let out = run_both("shared");
    let mut e = Vec::new();
    for w in 0..2u32 {
        let first = |l: u32| 3 * l + 1000 * w;
        let v = |l: u32| first((l + 64) % 128);
        for l in 0..128u32 {
            e.push(v(l));
            e.push(v((l + 32) % 128) + 1);
        }
    }
    assert_same("shared: out", &u32s(bytes(&out, "out")), &e);
}

// ---------------------------------------------------------------------------
// (11) atomics
// ---------------------------------------------------------------------------

#[test]
fn workgroup_and_64_bit_atomics() {
    let out = run_both("atomics");
    // Each slot 0..128 of each workgroup's counter is handed out exactly once.
    assert_same("atomics: perm", &u32s(bytes(&out, "perm")), &[1u32; 256]);
    let sum: u32 = (1..=128).sum();
    assert_same(
        "atomics: wg",
        &u32s(bytes(&out, "wg")),
        &[128, sum, 128, sum],
    );
    let add = (0..256u64).fold(5u64, |s, g| {
        s.wrapping_add((g + 1).wrapping_mul(0x1_0000_0001))
    });
    let max = (0..256u64).map(|g| g * 0x1_2345_6789).max().unwrap().max(7);
    assert_same(
        "atomics: acc",
        &u64s(bytes(&out, "acc")),
        &[add, max, u64::MAX],
    );
}

#[test]
fn row_major_matrix_columns_through_pointers() {
    // row_major.comp: a column of a row-major matrix is read and written
    // through a pointer to it; the expected bytes follow from the layout
    // (element (c, r) at float r * 2 + c), written out in the manifest.
    let out = run_both("row_major");
    assert!(out.all_checks_passed());
    let o = f32s(out.buffer("o").unwrap());
    assert_eq!(o, vec![1.0, 11.0, 21.0, 31.0, 30.0]);
}
