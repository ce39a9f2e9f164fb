//! gpusim's fuzz targets. Each takes arbitrary bytes and must come back,
//! whatever they are, with a result or a named error: a panic, an abort, a
//! runaway allocation or a hang is a finding. The binaries in `src/bin/`
//! hand these functions to AFL++ (README.md tells how to run them).

use gpusim::input::config::Config;
use gpusim::input::workload::{Binding, Workload};
use gpusim::run::{dispatch, initial_buffers, Dispatch, Hooks, RunOptions};
use isa::lower::{entry_points, lower, Options};
use spirv::ExecutionModel;
use std::path::Path;

/// Wave-instructions a fuzzed launch may execute: enough to run a bundled
/// kernel's loops a little, small enough for thousands of runs a second.
pub const WAVE_INSTRUCTION_BUDGET: u64 = 5_000;

/// Little-endian words of `data`, or `None` if it is not a whole number.
fn words(data: &[u8]) -> Option<Vec<u32>> {
    (data.len() % 4 == 0).then(|| {
        data.chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("chunks of four")))
            .collect()
    })
}

/// (a) A SPIR-V binary: parsed, validated and every entry point lowered.
pub fn spirv_lower(data: &[u8]) {
    let Ok(module) = isa::module::parse_bytes(data) else {
        return;
    };
    if isa::validate::validate(&module).is_err() {
        return;
    }
    for (name, _) in entry_points(&module) {
        let _ = lower(&module, &name, &Options::default());
    }
}

/// (b) A SPIR-V binary as the kernel of a fixed small launch, run
/// functionally and timed under [`WAVE_INSTRUCTION_BUDGET`]. A shader
/// (GLCompute) gets the buffers of a vector-add manifest, an OpenCL kernel
/// those of a saxpy manifest.
pub struct KernelLaunch {
    shader: Workload,
    opencl: Workload,
    runs: [RunOptions; 2],
}

const SHADER_MANIFEST: &str = r#"
name = "fuzz_shader"
kernel = "fuzz.spv"
entry = "main"
workgroups = [2, 1, 1]
local_size = [64, 1, 1]
buffer = [
  { name = "a", type = "f32", len = 128, series = { start = 0.0, step = 1.0 }, binding = { set = 0, binding = 0 } },
  { name = "b", type = "f32", len = 128, series = { start = 0.5, step = 2.0 }, binding = { set = 0, binding = 1 } },
  { name = "c", type = "u32", len = 128, binding = { set = 0, binding = 2 } },
  { name = "params", type = "u32", data = [100], push_constant = true },
]
"#;

const OPENCL_MANIFEST: &str = r#"
name = "fuzz_opencl"
kernel = "fuzz.spv"
entry = "main"
workgroups = [2, 1, 1]
local_size = [64, 1, 1]
buffer = [
  { name = "y", type = "f32", len = 128, series = { start = 1.0, step = 0.5 }, arg = 0 },
  { name = "x", type = "f32", len = 128, series = { start = 0.0, step = 0.25 }, arg = 1 },
  { name = "z", type = "i32", len = 128, fill = 7, arg = 2 },
]
arg = [
  { index = 3, type = "i32", value = 100 },
  { index = 4, type = "f32", value = 2.5 },
]
"#;

impl Default for KernelLaunch {
    fn default() -> Self {
        let manifest = |text| {
            Workload::from_str(text, Path::new("fuzz.toml")).expect("the fixed manifest parses")
        };
        KernelLaunch {
            shader: manifest(SHADER_MANIFEST),
            opencl: manifest(OPENCL_MANIFEST),
            runs: budgeted_runs(),
        }
    }
}

/// A functional and a timed run (on the built-in model), each stopped
/// after [`WAVE_INSTRUCTION_BUDGET`] wave-instructions.
fn budgeted_runs() -> [RunOptions; 2] {
    let mut timed = RunOptions::timed(Config::default_config());
    timed.max_wave_instructions = WAVE_INSTRUCTION_BUDGET;
    let functional = RunOptions {
        max_wave_instructions: WAVE_INSTRUCTION_BUDGET,
        ..RunOptions::default()
    };
    [functional, timed]
}

impl KernelLaunch {
    pub fn run(&self, data: &[u8]) {
        let Ok(module) = isa::module::parse_bytes(data) else {
            return;
        };
        let Some((entry, model)) = entry_points(&module).into_iter().next() else {
            return;
        };
        let w = match model {
            ExecutionModel::Kernel => &self.opencl,
            _ => &self.shader,
        };
        let bindings: Vec<Binding> = w.buffers.iter().map(|b| b.binding.clone()).collect();
        for opts in &self.runs {
            let options = Options {
                emulate: opts.emulation(),
                ..Options::default()
            };
            let Ok(kernel) = lower(&module, &entry, &options) else {
                return;
            };
            let launch = Dispatch {
                kernel: &kernel,
                context: "fuzz",
                workgroups: w.workgroups,
                local_size: None,
                bindings: &bindings,
                args: &w.args,
            };
            let mut buffers = initial_buffers(w);
            let _ = dispatch(&launch, &mut buffers, opts, Hooks::default());
        }
    }
}

/// (c) The assembler on arbitrary text.
pub fn assemble(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = isa::asm::assemble(text);
    }
}

/// (d) The disassembler; what it disassembles must reassemble to the same
/// words.
pub fn disassemble_reassemble(data: &[u8]) {
    let Some(words) = words(data) else {
        return;
    };
    let Ok(text) = isa::dis::disassemble(&words) else {
        return;
    };
    match isa::asm::assemble(&text) {
        Ok(again) => assert_eq!(again, words, "reassembly differs:\n{text}"),
        Err(e) => panic!("the disassembly does not assemble: {e:?}\n{text}"),
    }
}

/// (e) Manifests.
pub fn manifest(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Workload::from_str(text, Path::new("fuzz.toml"));
    }
}

/// (f) GPU configs.
pub fn config(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Config::parse(text, Path::new("fuzz.toml"));
    }
}

/// (g) Amber scripts: parsed and run, functionally and timed, under
/// [`WAVE_INSTRUCTION_BUDGET`].
pub struct AmberRun {
    runs: [RunOptions; 2],
}

impl Default for AmberRun {
    fn default() -> Self {
        AmberRun {
            runs: budgeted_runs(),
        }
    }
}

impl AmberRun {
    pub fn run(&self, data: &[u8]) {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        for opts in &self.runs {
            gpusim::run::amber::run_source(text, Path::new("fuzz.amber"), opts);
        }
    }
}
