//! OpenCL vector loads and stores through __constant, __local and
//! __private memory (workloads/opencl_int/spaces.cl), against plain Rust.

use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use half::f16;
use std::path::Path;

/// `x` rounded to half toward zero (true) or toward +inf (false), from the
/// nearest-even conversion and a one-step correction.
fn to_half_directed(x: f32, toward_zero: bool) -> f16 {
    let h = f16::from_f32(x);
    let back = h.to_f32();
    let step = |h: f16, up: bool| {
        // One ulp toward +inf (up) or -inf, for finite non-zero positives
        // and negatives alike.
        let b = h.to_bits();
        let positive = b & 0x8000 == 0;
        f16::from_bits(if up == positive { b + 1 } else { b - 1 })
    };
    if toward_zero {
        if back.abs() > x.abs() {
            return step(h, x < 0.0);
        }
    } else if back < x {
        return step(h, true);
    }
    h
}

#[test]
fn vector_loads_and_stores_in_every_address_space() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let w = Workload::load(&root.join("workloads/opencl_int/spaces.toml")).unwrap();
    let table = [0.5f32, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5];
    let c = |l: usize| -> [f32; 4] {
        let b = 4 * (l & 1);
        [table[b], table[b + 1], table[b + 2], table[b + 3]]
    };
    let hscratch = |l: usize| to_half_directed(l as f32 / 3.0, true).to_f32();
    let mut want_out = vec![0f32; 40];
    let mut want_h = vec![0u16; 8];
    for l in 0..8 {
        let m = (l + 1) & 7;
        let n = c(m).map(|v| v + m as f32);
        // The round trip through half is exact for these values.
        want_out[4 * l..4 * l + 4].copy_from_slice(&n);
        let hc = ((l & 3) + 1) as f32;
        let hn = hscratch(m);
        want_out[32 + l] = hc + hn;
        want_h[l] = to_half_directed(hn * 3.0, false).to_bits();
    }
    for wave_width in [32, 64] {
        let out = run_workload(
            &w,
            &RunOptions {
                wave_width,
                ..RunOptions::default()
            },
        )
        .unwrap();
        let got: Vec<f32> = out
            .buffer("out")
            .unwrap()
            .chunks(4)
            .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(got, want_out);
        let got_h: Vec<u16> = out
            .buffer("hout")
            .unwrap()
            .chunks(2)
            .map(|b| u16::from_le_bytes(b.try_into().unwrap()))
            .collect();
        assert_eq!(got_h, want_h);
    }
}

/// to_global / to_local / to_private keep a generic pointer into their own
/// space and give NULL for one into another (OpGenericCastToPtrExplicit:
/// "If the cast fails, the instruction result is an OpConstantNull
/// pointer"), and get_fence gives the pointer's space's fence
/// (OpGenericPtrMemSemantics), timed and functional, at both wave widths.
#[test]
fn explicit_casts_of_a_generic_pointer_give_null_outside_their_space() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let w = Workload::load(&root.join("workloads/opencl_int/casts.toml")).unwrap();
    // Work-item i points into global (i % 3 == 0, g[i] = i), local (1,
    // l[i] = 100 + i) or private (2, p = 200 + i) memory.
    let want: Vec<i32> = (0..16)
        .map(|i| {
            let (kept, word) = match i % 3 {
                0 => (1, i),
                1 => (2, 100 + i),
                _ => (4, 200 + i),
            };
            kept + 8 * word
        })
        .collect();
    // CLK_GLOBAL_MEM_FENCE 2, CLK_LOCAL_MEM_FENCE 1 (OpenCL C), none for
    // __private.
    let want_fences: Vec<i32> = (0..16).map(|i| [2, 1, 0][i % 3]).collect();
    let timed = RunOptions::timed(gpusim::input::config::Config::default_config());
    let functional = |wave_width| RunOptions {
        wave_width,
        ..RunOptions::default()
    };
    for (what, options) in [
        ("wave 32", functional(32)),
        ("wave 64", functional(64)),
        ("timed", timed),
    ] {
        let out = run_workload(&w, &options).unwrap();
        let ints = |name| -> Vec<i32> {
            out.buffer(name)
                .unwrap()
                .chunks(4)
                .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
                .collect()
        };
        assert_eq!(ints("out"), want, "{what}");
        assert_eq!(ints("fences"), want_fences, "{what}");
    }
}
