//! Built-in variables and the remaining core atomics, end to end: kernels in
//! `tests/kernels/builtins_*` and `tests/kernels/atomics_more_*` (sources and
//! producing commands next to them). Every workload runs at wave sizes 32 and
//! 64. Expected values are computed here from the dispatch geometry; atomics
//! are checked for a valid serial order of the values they returned, since the
//! order in which lanes and waves reach memory is the simulator's choice.

mod common;
use common::{assert_same, bytes, root, run_at, u32s, u64s};
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::collections::HashMap;

const WAVES: [usize; 2] = [32, 64];

// ---------------------------------------------------------------------------
// Built-ins
// ---------------------------------------------------------------------------

/// Local invocation index -> local id, x fastest.
fn local_of(i: u32, ls: [u32; 3]) -> [u32; 3] {
    [i % ls[0], (i / ls[0]) % ls[1], i / (ls[0] * ls[1])]
}

/// Calls `f(workgroup id, linear workgroup index, local index)` for every
/// invocation, workgroups in x-fastest order.
fn for_each_invocation(wgs: [u32; 3], ls: [u32; 3], mut f: impl FnMut([u32; 3], u32, u32)) {
    let n = ls[0] * ls[1] * ls[2];
    for z in 0..wgs[2] {
        for y in 0..wgs[1] {
            for x in 0..wgs[0] {
                let lin = x + wgs[0] * (y + wgs[1] * z);
                for i in 0..n {
                    f([x, y, z], lin, i);
                }
            }
        }
    }
}

#[test]
fn vulkan_compute_builtins_3d() {
    // builtins_vulkan.comp: workgroups [3, 2, 2], local size [8, 4, 2].
    let (wgs, ls) = ([3u32, 2, 2], [8u32, 4, 2]);
    let mut e = vec![0xDEADBEEFu32; 12288];
    for_each_invocation(wgs, ls, |wg, lin, i| {
        let l = local_of(i, ls);
        let g: Vec<u32> = (0..3).map(|d| wg[d] * ls[d] + l[d]).collect();
        let b = 16 * (i + 64 * lin) as usize;
        e[b..b + 16].copy_from_slice(&[
            g[0], g[1], g[2], l[0], l[1], l[2], i, wg[0], wg[1], wg[2], wgs[0], wgs[1], wgs[2],
            ls[0], ls[1], ls[2],
        ]);
    });
    for ww in WAVES {
        let out = run_at("builtins_vulkan", ww);
        assert_same(
            &format!("builtins_vulkan (wave {ww})"),
            &u32s(bytes(&out, "out")),
            &e,
        );
    }
}

#[test]
fn vulkan_subgroup_builtins() {
    // builtins_vulkan_subgroup.spvasm: workgroups [2, 1, 2], local size
    // [5, 3, 3] = 45 invocations, so wave 32 has a partial second subgroup.
    // SubgroupSize is the wave width even for the partial wave.
    let (wgs, ls) = ([2u32, 1, 2], [5u32, 3, 3]);
    for ww in WAVES {
        let w = ww as u32;
        let mut e = vec![0xDEADBEEFu32; 900];
        for_each_invocation(wgs, ls, |_, lin, i| {
            let b = 5 * (i + 45 * lin) as usize;
            e[b..b + 5].copy_from_slice(&[w, i / w, 45u32.div_ceil(w), i % w, i]);
        });
        let out = run_at("builtins_vulkan_subgroup", ww);
        assert_same(
            &format!("builtins_vulkan_subgroup (wave {ww})"),
            &u32s(bytes(&out, "out")),
            &e,
        );
    }
}

#[test]
fn opencl_work_item_functions() {
    // builtins_opencl.cl: workgroups [3, 2, 2], local_size [5, 3, 3].
    let (wgs, ls) = ([3u32, 2, 2], [5u32, 3, 3]);
    let gs: Vec<u32> = (0..3).map(|d| wgs[d] * ls[d]).collect();
    let n = ls[0] * ls[1] * ls[2];
    // At wave 64, work_dim = 2 and an NDRange offset (as a manifest may set
    // them) replace the default 3 and 0. OpenCL C 2.0: get_global_id(d) is
    // the offset plus get_group_id(d) * get_local_size(d) +
    // get_local_id(d); get_global_linear_id() counts from the offset.
    for ((ww, work_dim), offset) in WAVES.into_iter().zip([3, 2]).zip([[0; 3], [7u32, 11, 0]]) {
        let w = ww as u32;
        let mut e = vec![0xDEADBEEFu32; 17280];
        for_each_invocation(wgs, ls, |wg, _, i| {
            let l = local_of(i, ls);
            let from_offset: Vec<u32> = (0..3).map(|d| wg[d] * ls[d] + l[d]).collect();
            let g: Vec<u32> = (0..3).map(|d| from_offset[d] + offset[d]).collect();
            let linear = (from_offset[2] * gs[1] + from_offset[1]) * gs[0] + from_offset[0];
            let sg = i / w;
            let sg_lanes = w.min(n - sg * w);
            let mut p = Vec::with_capacity(32);
            p.extend_from_slice(&g);
            p.extend_from_slice(&l);
            p.extend_from_slice(&wg);
            p.extend_from_slice(&wgs);
            p.extend_from_slice(&gs);
            p.extend_from_slice(&ls);
            p.extend_from_slice(&ls); // enqueued local size
            p.extend_from_slice(&offset);
            p.extend_from_slice(&[linear, i, work_dim, sg_lanes, n.div_ceil(w), sg, i % w, w]);
            let b = 32 * linear as usize;
            e[b..b + 32].copy_from_slice(&p);
        });
        let path = root().join("sim/tests/kernels/builtins_opencl.toml");
        let mut manifest = Workload::load(&path).unwrap();
        manifest.work_dim = work_dim;
        manifest.global_offset = offset.map(u64::from);
        let options = RunOptions {
            wave_width: ww,
            ..RunOptions::default()
        };
        let out = run_workload(&manifest, &options).unwrap();
        assert_same(
            &format!("builtins_opencl (wave {ww})"),
            &u32s(bytes(&out, "out")),
            &e,
        );
    }
}

// ---------------------------------------------------------------------------
// Serial-order checkers for atomics
// ---------------------------------------------------------------------------

/// Read-modify-writes whose returned values are all distinct (increment,
/// decrement, subtract of non-zero amounts, exchange of distinct values):
/// `ops[k] = (returned, value stored)`. Valid iff, starting from `init`, each
/// step finds the one op that returned the current value, and the chain uses
/// every op once and ends at `fin`.
fn check_chain(what: &str, init: u64, fin: u64, ops: &[(u64, u64)]) {
    let mut by_old: HashMap<u64, usize> = HashMap::new();
    for (k, &(old, _)) in ops.iter().enumerate() {
        if let Some(j) = by_old.insert(old, k) {
            panic!("{what}: ops {j} and {k} both returned {old:#x}");
        }
    }
    let mut state = init;
    for step in 0..ops.len() {
        let k = by_old
            .get(&state)
            .unwrap_or_else(|| panic!("{what}: step {step}: no op returned {state:#x}"));
        state = ops[*k].1;
    }
    assert_eq!(state, fin, "{what}: final value after the chain");
}

/// Min or max (`f`): `ops[k] = (returned, operand)`. The memory value only
/// moves one way, so a serial order exists iff ordering the ops by returned
/// value (descending for min, ascending for max; among equal returned values
/// the one that changes the memory last) replays exactly.
fn check_minmax(
    what: &str,
    init: u64,
    fin: u64,
    ops: &[(u64, u64)],
    key: impl Fn(u64) -> i128,
    is_min: bool,
) {
    let mut ord: Vec<(u64, u64)> = ops.to_vec();
    // Sort so that the memory value is visited in the order it would take.
    ord.sort_by_key(|&(old, v)| {
        let changes = if is_min {
            key(v) < key(old)
        } else {
            key(v) > key(old)
        };
        let k = if is_min { -key(old) } else { key(old) };
        (k, changes)
    });
    let mut state = init;
    for (step, &(old, v)) in ord.iter().enumerate() {
        assert_eq!(
            old, state,
            "{what}: step {step} (operand {v:#x}) returned the wrong value"
        );
        let better = if is_min {
            key(v) < key(state)
        } else {
            key(v) > key(state)
        };
        if better {
            state = v;
        }
    }
    assert_eq!(state, fin, "{what}: final value");
    // The final value is the min/max of everything, which the replay implies;
    // state it directly as well.
    let best = ops.iter().map(|o| o.1).chain([init]).fold(init, |a, b| {
        if (is_min && key(b) < key(a)) || (!is_min && key(b) > key(a)) {
            b
        } else {
            a
        }
    });
    assert_eq!(fin, best, "{what}: final value is not the extreme");
}

fn unsigned(x: u64) -> i128 {
    x as i128
}

fn signed(x: u64) -> i128 {
    x as i64 as i128
}

// ---------------------------------------------------------------------------
// Atomics: 64-bit min/max/exchange/compare-exchange, exchange/load/store
// ---------------------------------------------------------------------------

const WG: usize = 3;
const LOCAL: usize = 96;

fn v64(g: usize) -> u64 {
    (g as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn v32(g: usize) -> u64 {
    g as u64 * 7 + 3
}

/// The invocations that share a location: all of them for buffers, one
/// workgroup's for shared memory.
fn members(shared_wg: Option<usize>) -> std::ops::Range<usize> {
    match shared_wg {
        Some(w) => w * LOCAL..(w + 1) * LOCAL,
        None => 0..WG * LOCAL,
    }
}

/// (label, slot in r, initial value, final value, kind, shared workgroup)
type Case = (String, usize, u64, u64, &'static str, Option<usize>);

#[test]
fn atomics_int64_min_max_exchange_cas_and_load_store() {
    for ww in WAVES {
        let out = run_at("atomics_more_vulkan", ww);
        let u = u64s(bytes(&out, "u"));
        let s = u64s(bytes(&out, "s"));
        let w = u32s(bytes(&out, "w"));
        let r = u64s(bytes(&out, "r"));
        let f = u64s(bytes(&out, "f"));
        let ret = |g: usize, k: usize| r[14 * g + k];
        // (label, slot in r, init, final, kind, shared workgroup)
        let mut cases: Vec<Case> = vec![
            ("buffer umin".into(), 0, 1 << 63, u[0], "umin", None),
            ("buffer umax".into(), 1, i64::MAX as u64, u[1], "umax", None),
            ("buffer smin".into(), 2, 0, s[0], "smin", None),
            ("buffer smax".into(), 3, 0, s[1], "smax", None),
            ("buffer exchange64".into(), 4, u64::MAX, u[2], "xchg", None),
            (
                "buffer cas64".into(),
                5,
                0x0123_4567_89AB_CDEF,
                u[3],
                "cas",
                None,
            ),
        ];
        for wg in 0..WG {
            let fb = 10 * wg;
            let kinds = ["umin", "umax", "smin", "smax", "xchg", "cas"];
            let inits = [
                1 << 63,
                i64::MAX as u64,
                0,
                0,
                u64::MAX,
                0x0123_4567_89AB_CDEF,
            ];
            for k in 0..6 {
                cases.push((
                    format!("shared {} (workgroup {wg})", kinds[k]),
                    6 + k,
                    inits[k],
                    f[fb + k],
                    kinds[k],
                    Some(wg),
                ));
            }
        }
        for (label, slot, init, fin, kind, sh) in &cases {
            let what = format!("atomics_more_vulkan wave {ww}: {label}");
            let ops: Vec<(u64, u64)> = members(*sh).map(|g| (ret(g, *slot), v64(g))).collect();
            match *kind {
                "umin" => check_minmax(&what, *init, *fin, &ops, unsigned, true),
                "umax" => check_minmax(&what, *init, *fin, &ops, unsigned, false),
                "smin" => check_minmax(&what, *init, *fin, &ops, signed, true),
                "smax" => check_minmax(&what, *init, *fin, &ops, signed, false),
                "xchg" => check_chain(&what, *init, *fin, &ops),
                _ => {
                    // One compare-exchange succeeds (returns the initial
                    // value); every other one returns the winner's value.
                    let winners: Vec<&(u64, u64)> = ops.iter().filter(|o| o.0 == *init).collect();
                    assert_eq!(winners.len(), 1, "{what}: number of successful exchanges");
                    let won = winners[0].1;
                    assert_eq!(*fin, won, "{what}: final value");
                    let losers = ops.iter().filter(|o| o.0 != *init);
                    for o in losers {
                        assert_eq!(
                            o.0, won,
                            "{what}: a failed exchange returned the wrong value"
                        );
                    }
                }
            }
        }
        // 32-bit exchange: low half of slot 12 (buffer), high half (shared).
        let ops: Vec<(u64, u64)> = members(None)
            .map(|g| (ret(g, 12) & 0xFFFF_FFFF, v32(g)))
            .collect();
        check_chain(
            &format!("atomics_more_vulkan wave {ww}: buffer exchange32"),
            0xFFFF_FFFF,
            w[0] as u64,
            &ops,
        );
        for wg in 0..WG {
            let ops: Vec<(u64, u64)> = members(Some(wg))
                .map(|g| (ret(g, 12) >> 32, v32(g)))
                .collect();
            check_chain(
                &format!("atomics_more_vulkan wave {ww}: shared exchange32 (workgroup {wg})"),
                0xFFFF_FFFF,
                f[10 * wg + 7],
                &ops,
            );
        }
        // 64-bit add by compare-exchange loops.
        let add = |range: std::ops::Range<usize>, init: u64| {
            range.fold(init, |a, g| {
                a.wrapping_add((g as u64 + 1).wrapping_mul(0x1_0000_0001))
            })
        };
        assert_eq!(
            u[4],
            add(members(None), 0xFFFF_FFF0),
            "wave {ww}: buffer CAS-loop add"
        );
        for wg in 0..WG {
            assert_eq!(
                f[10 * wg + 6],
                add(members(Some(wg)), 0xFFFF_FFF0),
                "wave {ww}: shared CAS-loop add (workgroup {wg})"
            );
            assert_eq!(
                f[10 * wg + 9],
                0x5EED,
                "wave {ww}: workgroup {wg} did not finish"
            );
        }
        // Atomic store: the buffer keeps one of the stored values; the shared
        // value is one of its workgroup's, and every invocation of the group
        // loaded that same value after the barrier. The host value is loaded.
        assert!(
            members(None).any(|g| v32(g) == w[1] as u64),
            "wave {ww}: buffer atomic store left {:#x}",
            w[1]
        );
        assert_eq!(w[2], 0xCAFE_F00D, "wave {ww}: load source changed");
        for wg in 0..WG {
            let fin = f[10 * wg + 8];
            assert!(
                members(Some(wg)).any(|g| v32(g) == fin),
                "wave {ww}: shared atomic store (workgroup {wg}) left {fin:#x}"
            );
            for g in members(Some(wg)) {
                assert_eq!(
                    ret(g, 13) & 0xFFFF_FFFF,
                    fin,
                    "wave {ww}: shared atomic load, invocation {g}"
                );
                assert_eq!(
                    ret(g, 13) >> 32,
                    0xCAFE_F00D,
                    "wave {ww}: buffer atomic load, invocation {g}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Atomics: increment, decrement, subtract (Vulkan buffers and shared memory)
// ---------------------------------------------------------------------------

/// The value an increment (0), decrement (1) or subtract (2) of `bits`-bit
/// width leaves, for invocation `g` (subtract amounts as in the kernels).
fn incdec_new(kind: usize, bits: u32, old: u64, g: usize) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let d = if bits == 64 {
        g as u64 * 0x1_0000_0001 + 1
    } else {
        g as u64 + 1
    };
    let new = match kind {
        0 => old.wrapping_add(1),
        1 => old.wrapping_sub(1),
        _ => old.wrapping_sub(d),
    };
    new & mask
}

fn incdec_final(kind: usize, bits: u32, init: u64, range: std::ops::Range<usize>) -> u64 {
    range.fold(init, |a, g| incdec_new(kind, bits, a, g))
}

#[test]
fn atomics_increment_decrement_subtract_vulkan() {
    // atomics_more_incdec.spvasm: r[12g + k], k = 0..6 buffer (inc32, dec32,
    // sub32, inc64, dec64, sub64), k = 6..12 the same on shared memory.
    let buf_init = [0xFFFF_FF00u64, 100, 1_000_000, 0xFFFF_FFFF, 5, 0x10];
    let sh_init = [
        0xFFFF_FFF0u64,
        7,
        3_000_000_000,
        0xFFFF_FFFF_FFFF_FFF0,
        0x1_0000_0010,
        0x7000_0000_0000_0000,
    ];
    for ww in WAVES {
        let out = run_at("atomics_more_incdec", ww);
        let c32 = u32s(bytes(&out, "c32"));
        let c64 = u64s(bytes(&out, "c64"));
        let r = u64s(bytes(&out, "r"));
        let f = u64s(bytes(&out, "f"));
        for k in 0..6 {
            let (kind, bits) = (k % 3, if k < 3 { 32 } else { 64 });
            let fin = if k < 3 { c32[k] as u64 } else { c64[k - 3] };
            let what = format!("atomics_more_incdec wave {ww}: buffer op {k}");
            assert_eq!(
                fin,
                incdec_final(kind, bits, buf_init[k], members(None)),
                "{what}: final"
            );
            let ops: Vec<(u64, u64)> = members(None)
                .map(|g| (r[12 * g + k], incdec_new(kind, bits, r[12 * g + k], g)))
                .collect();
            check_chain(&what, buf_init[k], fin, &ops);
            for wg in 0..WG {
                let what = format!("atomics_more_incdec wave {ww}: shared op {k} (workgroup {wg})");
                let fin = f[6 * wg + k];
                assert_eq!(
                    fin,
                    incdec_final(kind, bits, sh_init[k], members(Some(wg))),
                    "{what}: final"
                );
                let ops: Vec<(u64, u64)> = members(Some(wg))
                    .map(|g| {
                        (
                            r[12 * g + 6 + k],
                            incdec_new(kind, bits, r[12 * g + 6 + k], g),
                        )
                    })
                    .collect();
                check_chain(&what, sh_init[k], fin, &ops);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Atomics: the same and exchange/load/store from OpenCL (global and local)
// ---------------------------------------------------------------------------

#[test]
fn atomics_increment_decrement_subtract_exchange_opencl() {
    // atomics_more_opencl.cl: r[16g + k], k = 0..8 global (inc32, dec32,
    // sub32, xchg32, inc64, dec64, sub64, xchg64), k = 8..16 the same on
    // local memory; f[8wg + k] the final local values.
    let g_init = [
        0u64,
        5,
        1_000_000,
        0xFFFF_FFFF,
        0xFFFF_FFFE,
        3,
        0x1_0000_0000,
        u64::MAX,
    ];
    // local memory starts with the same values (set by work-item 0)
    let l_init = g_init;
    for ww in WAVES {
        let out = run_at("atomics_more_opencl", ww);
        let g32 = u32s(bytes(&out, "g32"));
        let g64 = u64s(bytes(&out, "g64"));
        let r = u64s(bytes(&out, "r"));
        let f = u64s(bytes(&out, "f"));
        let gs = u32s(bytes(&out, "gs"));
        let ld = u32s(bytes(&out, "ld"));
        for k in 0..8 {
            let bits = if k < 4 { 32 } else { 64 };
            let kind = k % 4;
            let new = |old: u64, g: usize| match kind {
                3 if bits == 32 => v32(g),
                3 => v64(g),
                _ => incdec_new(kind, bits, old, g),
            };
            let fin = if k < 4 { g32[k] as u64 } else { g64[k - 4] };
            let what = format!("atomics_more_opencl wave {ww}: global op {k}");
            if kind != 3 {
                assert_eq!(
                    fin,
                    incdec_final(kind, bits, g_init[k], members(None)),
                    "{what}: final"
                );
            }
            let ops: Vec<(u64, u64)> = members(None)
                .map(|g| (r[16 * g + k], new(r[16 * g + k], g)))
                .collect();
            check_chain(&what, g_init[k], fin, &ops);
            for wg in 0..WG {
                let what = format!("atomics_more_opencl wave {ww}: local op {k} (workgroup {wg})");
                let fin = f[8 * wg + k];
                if kind != 3 {
                    assert_eq!(
                        fin,
                        incdec_final(kind, bits, l_init[k], members(Some(wg))),
                        "{what}: final"
                    );
                }
                let ops: Vec<(u64, u64)> = members(Some(wg))
                    .map(|g| (r[16 * g + 8 + k], new(r[16 * g + 8 + k], g)))
                    .collect();
                check_chain(&what, l_init[k], fin, &ops);
            }
        }
        // atomic_store / atomic_load
        assert!(
            members(None).any(|g| v32(g) == gs[0] as u64),
            "wave {ww}: global atomic store left {:#x}",
            gs[0]
        );
        assert_eq!(gs[1], 0xCAFE_F00D, "wave {ww}: load source changed");
        let n = WG * LOCAL;
        for wg in 0..WG {
            let seen = ld[wg * LOCAL];
            assert!(
                members(Some(wg)).any(|g| v32(g) == seen as u64),
                "wave {ww}: local atomic store (workgroup {wg}) left {seen:#x}"
            );
            for g in members(Some(wg)) {
                assert_eq!(ld[g], seen, "wave {ww}: local atomic load, work-item {g}");
                assert_eq!(
                    ld[n + g],
                    0xCAFE_F00D,
                    "wave {ww}: global atomic load, work-item {g}"
                );
            }
        }
    }
}

// The checkers themselves must reject impossible histories.

#[test]
fn serial_order_checkers_accept_and_reject() {
    // increment from 5 by three ops, in the order 1, 2, 0
    check_chain("ok", 5, 8, &[(7, 8), (5, 6), (6, 7)]);
    let dup = std::panic::catch_unwind(|| check_chain("dup", 5, 7, &[(5, 6), (5, 6)]));
    assert!(dup.is_err(), "two ops returning the same value must fail");
    let gap = std::panic::catch_unwind(|| check_chain("gap", 5, 8, &[(5, 6), (7, 8)]));
    assert!(gap.is_err(), "a broken chain must fail");
    // min from 10 with operands 7, 9, 3 in the order 9, 7, 3
    check_minmax("ok", 10, 3, &[(7, 3), (10, 9), (9, 7)], unsigned, true);
    let bad = std::panic::catch_unwind(|| {
        check_minmax("bad", 10, 3, &[(10, 3), (10, 9), (9, 7)], unsigned, true)
    });
    assert!(bad.is_err(), "an impossible min history must fail");
    // signed max sees -1 < 1
    check_minmax("ok", u64::MAX, 1, &[(u64::MAX, 1)], signed, false);
}
