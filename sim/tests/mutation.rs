//! A deterministic mutation test of the SPIR-V path: bundled kernels with a
//! few words changed go through loading, validation, lowering and a short
//! functional and timed run. Whatever a mutant is, the outcome is a result
//! or a named error, never a panic; and the disassembly of every mutant the
//! validator accepts reassembles to the same words; and no mutant that
//! spirv-val refuses runs, but for the rules `mutation/spirv_val.txt` lists
//! as out of gpusim's scope. (The fuzzing campaign's regression inputs live
//! in isa/tests/malformed.)
//!
//! spirv-val's verdicts are recorded in `mutation/spirv_val.txt`, since the
//! test machine has no SPIRV-Tools: `mutation/spirv_val.sh` regenerates
//! them, with the mutants this test writes to `$GPUSIM_MUTANTS`.

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

const MANIFESTS: &[&str] = &[
    "vector_add.toml",
    "reduction.toml",
    "divergence.toml",
    "types_int.toml",
    "types_float.toml",
    "atomics.toml",
    "opencl_saxpy_branchy.toml",
    "opencl_local.toml",
    "opencl_work_group/reduce_add.toml",
    "opencl_work_group/broadcast_2d.toml",
];
const MUTANTS_PER_KERNEL: u64 = 1000;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// xorshift64*: a fixed sequence, so every run tries the same mutants.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// One to three word changes after the header: a small number (an id, a
/// count, a literal), a bit flip, or a copy of another word.
fn mutate(words: &[u32], rng: &mut Rng) -> Vec<u32> {
    let mut out = words.to_vec();
    let body = out.len() as u64 - 5;
    for _ in 0..1 + rng.below(3) {
        let at = 5 + rng.below(body) as usize;
        out[at] = match rng.below(4) {
            0 => rng.below(64) as u32,
            1 => out[at] ^ (1 << rng.below(32)),
            2 => out[5 + rng.below(body) as usize],
            _ => (out[at] & 0xffff_0000) | rng.below(400) as u32,
        };
    }
    out
}

#[test]
fn mutated_kernels_give_results_or_named_errors_never_panics() {
    let scratch = std::env::temp_dir().join(format!("gpusim-mutation-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let timed = {
        let mut o = RunOptions::timed(Config::default_config());
        o.max_wave_instructions = 20_000;
        o
    };
    let functional = RunOptions {
        max_wave_instructions: 20_000,
        ..RunOptions::default()
    };
    let dump = std::env::var_os("GPUSIM_MUTANTS").map(PathBuf::from);
    // Writing the mutants for new verdicts: none to compare with yet.
    let spirv_val = match dump {
        Some(_) => SpirvVal::default(),
        None => SpirvVal::load(),
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut hashes = Vec::new();
    let (mut ran, mut refused, mut panicked) = (0, 0, Vec::new());
    let mut run_but_refused_by_spirv_val = Vec::new();
    let mut round_trips = 0;
    for manifest in MANIFESTS {
        let stem = manifest.trim_end_matches(".toml").replace('/', "-");
        let mut hash = Fnv::default();
        let w = Workload::load(&root().join("workloads").join(manifest)).unwrap();
        let bytes = std::fs::read(&w.kernel).unwrap();
        let words: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for k in 0..MUTANTS_PER_KERNEL {
            let mutant = mutate(&words, &mut rng);
            let path = scratch.join(format!("{k}.spv"));
            let bytes: Vec<u8> = mutant.iter().flat_map(|w| w.to_le_bytes()).collect();
            std::fs::write(&path, &bytes).unwrap();
            hash.add(&bytes);
            if let Some(dir) = &dump {
                std::fs::write(dir.join(format!("{stem}-{k}.spv")), &bytes).unwrap();
            }
            if let Some(text) = text_of_a_valid_module(&mutant) {
                let again = isa::asm::assemble(&text).unwrap_or_else(|e| {
                    panic!("{manifest} mutant {k}: validated, but its text does not assemble: {e}\n{text}")
                });
                assert_eq!(again, mutant, "{manifest} mutant {k}: reassembly differs");
                round_trips += 1;
            }
            let mut m = w.clone();
            m.kernel = path.clone();
            let name = format!("{stem}-{k}");
            for opts in [&functional, &timed] {
                match catch_unwind(AssertUnwindSafe(|| run_workload(&m, opts))) {
                    Ok(Ok(_)) => {
                        ran += 1;
                        if spirv_val.refused.contains(&name) && !spirv_val.exempt.contains(&name) {
                            run_but_refused_by_spirv_val.push(name.clone());
                        }
                    }
                    Ok(Err(_)) => refused += 1,
                    Err(_) => {
                        let keep = scratch.join(format!(
                            "panic-{}-{k}.spv",
                            manifest.trim_end_matches(".toml")
                        ));
                        std::fs::copy(&path, &keep).unwrap();
                        panicked.push(keep.display().to_string());
                    }
                }
            }
        }
        let hash = format!("{stem} {:016x}", hash.0);
        assert!(
            dump.is_some() || spirv_val.hashes.contains(&hash),
            "the mutants of {stem} are not the ones spirv-val judged (the kernel or the \
             mutation changed): regenerate sim/tests/mutation/spirv_val.txt with \
             sim/tests/mutation/spirv_val.sh"
        );
        hashes.push(hash);
    }
    if let Some(dir) = &dump {
        std::fs::write(dir.join("hashes.txt"), hashes.join("\n") + "\n").unwrap();
    }
    assert!(
        panicked.is_empty(),
        "{} mutants panicked (kept for reproduction): {panicked:#?}",
        panicked.len()
    );
    std::fs::remove_dir_all(&scratch).unwrap();
    run_but_refused_by_spirv_val.dedup();
    assert!(
        run_but_refused_by_spirv_val.is_empty(),
        "{} mutants that spirv-val refuses ran (GPUSIM_MUTANTS=DIR writes them to DIR): {:?}",
        run_but_refused_by_spirv_val.len(),
        run_but_refused_by_spirv_val
    );
    assert!(
        dump.is_some() || spirv_val.refused.len() > 9000,
        "spirv-val refused {} mutants",
        spirv_val.refused.len()
    );
    // Both outcomes occur: the mutations reach past the parser.
    assert!(ran > 0 && refused > 0, "ran {ran}, refused {refused}");
    assert!(round_trips > 500, "only {round_trips} mutants validated");
}

/// The disassembly of `words` if they parse and validate.
fn text_of_a_valid_module(words: &[u32]) -> Option<String> {
    let m = isa::module::parse_words(words).ok()?;
    isa::validate::validate(&m).ok()?;
    // The disassembler refuses encodings its text could not reproduce
    // (extra words after the last operand, a string's nonzero padding),
    // which the validator does not look at in names and decorations.
    isa::dis::disassemble(words).ok()
}

/// FNV-1a over the bytes of a kernel's mutants: which mutants spirv-val's
/// recorded verdicts are about.
struct Fnv(u64);
impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}
impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// spirv-val's recorded verdicts (`mutation/spirv_val.txt`): the mutants it
/// refuses, those of them refused for a rule gpusim leaves out of scope,
/// and each kernel's mutant hash.
#[derive(Default)]
struct SpirvVal {
    refused: HashSet<String>,
    exempt: HashSet<String>,
    hashes: HashSet<String>,
}

impl SpirvVal {
    fn load() -> SpirvVal {
        let path = root().join("sim/tests/mutation/spirv_val.txt");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut v = SpirvVal {
            refused: HashSet::new(),
            exempt: HashSet::new(),
            hashes: HashSet::new(),
        };
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (key, rest) = line.split_once(' ').unwrap();
            match key {
                "mutants" => {
                    v.hashes.insert(rest.to_string());
                }
                "refused" => {
                    let (stem, list) = rest.split_once(' ').unwrap();
                    for range in list.split(',') {
                        let (a, b) = range.split_once('-').unwrap_or((range, range));
                        for k in a.parse::<u64>().unwrap()..=b.parse().unwrap() {
                            v.refused.insert(format!("{stem}-{k}"));
                        }
                    }
                }
                "exempt" => {
                    let (name, _reason) = rest.split_once(' ').unwrap();
                    v.exempt.insert(name.to_string());
                }
                _ => panic!("{}: unknown line {line:?}", path.display()),
            }
        }
        assert!(v.exempt.is_subset(&v.refused));
        v
    }
}
