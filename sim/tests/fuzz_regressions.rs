//! Inputs with which the fuzzing campaigns (sim/fuzz, docs/robustness.md)
//! crashed gpusim, kept as regression cases. Each SPIR-V binary in
//! `fuzz_regressions/` runs as the fuzz target that found it ran it:
//! lowered (`spirv_lower`), or launched as the kernel of `shader.toml` or
//! `opencl.toml` there, functional and timed (`kernel_launch`); and it must
//! give the outcome its row names. (Malformed modules are also kept as
//! text, per rule, in isa/tests/malformed.)

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::path::{Path, PathBuf};

struct Case {
    kernel: &'static str,
    run: Run,
    /// A substring of the named error, or `None` for a run that completes.
    error: Option<&'static str>,
}

enum Run {
    /// Every entry point lowered.
    Lower,
    /// The first entry point launched with this manifest's buffers; the
    /// timed run may name another error than the functional one.
    Launch {
        manifest: &'static str,
        timed_error: Option<&'static str>,
    },
}

const CASES: &[Case] = &[
    // A WorkgroupSize constant of 64 x 2147483649 x 2147483649: its
    // invocation count overflowed u64 (and could wrap to a small count).
    // (Its atomic's scope, the same constant as found, is now Workgroup:
    // the validator refuses a scope that is no Scope before the launch.)
    Case {
        kernel: "workgroup_size_overflow.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: None,
        },
        error: Some("invocations is more than 1024"),
    },
    // An OpSwitch case naming an undefined id: execution ran past the end
    // of the kernel.
    Case {
        kernel: "switch_to_undefined_block.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: None,
        },
        error: Some("branch target %150 is not a block of this function"),
    },
    // A constant access-chain index near 2^62: its byte offset overflowed
    // i64 while lowering; it now wraps, as the register path's arithmetic
    // does, and a launch would fault at the access.
    Case {
        kernel: "access_chain_offset_overflow.spv",
        run: Run::Lower,
        error: None,
    },
    // A module whose id bound is 0xffffffff: lowering's own label
    // numbers, after the module's ids, overflowed u32.
    Case {
        kernel: "id_bound_near_u32_max.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: None,
        },
        error: Some("is over 4194303, the most ids a module may have"),
    },
    // A layout whose strides take a component's byte offset past 2^32:
    // the offset overflowed u32 while lowering.
    Case {
        kernel: "layout_offset_overflow.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: None,
        },
        error: Some("does not fit in 32 bits"),
    },
    // An OpGroupMemberDecorate naming an undefined target: the validator
    // did not read its (target, member) pairs, so it accepted a module
    // whose disassembly the assembler refuses (disassemble_reassemble).
    Case {
        kernel: "group_member_decorate_undefined_target.spv",
        run: Run::Lower,
        error: Some("operand %30 is not defined in the module"),
    },
    // An OpFunctionParameter outside any function (round 7, on the new
    // function-body rules): the parameter count against no function type
    // underflowed.
    Case {
        kernel: "parameter_outside_a_function.spv",
        run: Run::Lower,
        error: Some("a function parameter outside a function"),
    },
    // An OpIAddCarry whose result type is a float vector, not a struct
    // (round 7): an OpCompositeInsert into that value, typed by the
    // declaration, sliced past the two registers the lowering gave it.
    Case {
        kernel: "extended_arithmetic_result_not_a_struct.spv",
        run: Run::Lower,
        error: Some("is not a struct of two members"),
    },
    // A hang (kernel_launch, round 7): a mutated shader lowered to 177,000
    // instructions with 118,000 registers live in overlapping ranges;
    // coalescing built its interference graph pair by pair and the
    // register count summed the live set at every instruction (minutes).
    // The graph now has a size limit (past it the copies stay) and the
    // count is kept as the set changes: it lowers in about a second and
    // needs more registers than a CU has.
    Case {
        kernel: "interference_graph_of_a_giant_kernel.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: Some("does not fit on a compute unit"),
        },
        error: Some("ran past its budget of 5000 wave-instructions"),
    },
    // A hang (kernel_launch, round 9): a mutated shader whose copies relate
    // a few thousand registers with millions of interfering pairs; the
    // graph, hash sets of registers, took 1.4 s to build (5.9 s in the fuzz
    // build). It is a bit matrix now (0.04 s).
    Case {
        kernel: "interference_graph_in_hash_sets.spv",
        run: Run::Launch {
            manifest: "shader.toml",
            timed_error: Some("does not fit on a compute unit"),
        },
        error: Some("ran past its budget of 5000 wave-instructions"),
    },
];

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions")
}

#[test]
fn every_kept_crash_gives_its_named_outcome() {
    let mut timed = RunOptions::timed(Config::default_config());
    timed.max_wave_instructions = 5_000;
    let functional = RunOptions {
        max_wave_instructions: 5_000,
        ..RunOptions::default()
    };
    for case in CASES {
        let path = folder().join(case.kernel);
        let module = isa::module::parse_bytes(&std::fs::read(&path).unwrap()).unwrap();
        let entries = isa::lower::entry_points(&module);
        let outcomes: Vec<(Result<(), String>, Option<&str>)> = match case.run {
            Run::Lower => entries
                .iter()
                .map(|(entry, _)| {
                    let lowered = isa::lower::lower(&module, entry, &Default::default())
                        .map(drop)
                        .map_err(|e| e.to_string());
                    (lowered, case.error)
                })
                .collect(),
            Run::Launch {
                manifest,
                timed_error,
            } => {
                let mut w = Workload::load(&folder().join(manifest)).unwrap();
                w.kernel = path;
                w.entry = entries[0].0.clone();
                vec![
                    (run_workload(&w, &functional).map(drop), case.error),
                    (
                        run_workload(&w, &timed).map(drop),
                        timed_error.or(case.error),
                    ),
                ]
            }
        };
        assert!(!outcomes.is_empty(), "{}: nothing ran", case.kernel);
        for (outcome, error) in outcomes {
            match (outcome, error) {
                (Ok(()), None) => {}
                (Err(e), Some(expected)) => {
                    assert!(e.contains(expected), "{}: {e}", case.kernel)
                }
                (Ok(()), Some(expected)) => {
                    panic!("{}: ran, expected an error with {expected:?}", case.kernel)
                }
                (Err(e), None) => panic!("{}: {e}", case.kernel),
            }
        }
    }
}

#[test]
fn every_kept_input_has_a_case() {
    for e in std::fs::read_dir(folder()).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".spv") {
            assert!(
                CASES.iter().any(|c| c.kernel == name),
                "{name} is kept but no case runs it"
            );
        }
    }
}
