//! gpusim's fuzz targets. Each takes arbitrary bytes and must come back,
//! whatever they are, with a result or a named error: a panic, an abort, a
//! runaway allocation or a hang is a finding. The binaries in `src/bin/`
//! hand these functions to AFL++ (README.md tells how to run them).

use gpusim::input::config::Config;
use gpusim::input::workload::Workload;
use gpusim::run::{run_workload, RunOptions};
use isa::lower::{entry_points, lower, Options};
use spirv::ExecutionModel;
use std::path::Path;
use std::sync::OnceLock;

/// Wave-instructions a fuzzed launch may execute: enough to run a bundled
/// kernel's loops a little, small enough for thousands of runs a second.
pub const WAVE_INSTRUCTION_BUDGET: u64 = 5_000;

/// (a) A SPIR-V binary: parsed, validated and every entry point lowered,
/// with an image and a sampler bound at every descriptor of sets 0-3,
/// bindings 0-15 (elements 0-3) and every argument 0-15, so that image
/// kernels reach image lowering.
pub fn spirv_lower(data: &[u8]) {
    static OPTIONS: OnceLock<Options> = OnceLock::new();
    let options = OPTIONS.get_or_init(images_everywhere);
    let Ok(module) = isa::module::parse_bytes(data) else {
        return;
    };
    if isa::validate::validate(&module).is_err() {
        return;
    }
    for (name, _) in entry_points(&module) {
        let _ = lower(&module, &name, options);
    }
}

/// Lowering options binding an image (formats in turn, 8x4 texels, 6
/// layers: a cube) and a sampler (address modes and filters in turn) at
/// every slot [`spirv_lower`] names.
fn images_everywhere() -> Options {
    use isa::image::format::Format;
    use isa::image::sampler::{AddressMode, Filter, Sampler};
    use isa::image::{ImageInfo, Slot};
    let mut slots = Vec::new();
    for set in 0..4 {
        for binding in 0..16 {
            for index in 0..4 {
                slots.push(Slot::Descriptor {
                    set,
                    binding,
                    index,
                });
            }
        }
    }
    slots.extend((0..16).map(Slot::Arg));
    let mut options = Options::default();
    for (i, slot) in slots.into_iter().enumerate() {
        let image = ImageInfo {
            format: Format::ALL[i % Format::ALL.len()],
            width: 8,
            height: 4,
            depth: 1,
            layers: 6,
            samples: 1,
            levels: 1 + i as u32 % 3,
        };
        let sampler = Sampler {
            mag_filter: [Filter::Nearest, Filter::Linear][i % 2],
            min_filter: Filter::Nearest,
            mipmap_mode: [Filter::Nearest, Filter::Linear][i / 2 % 2],
            min_lod: 0.0,
            max_lod: 2.0,
            address: [AddressMode::ALL[i % AddressMode::ALL.len()]; 3],
            normalized: i % 3 != 0,
            ..Sampler::default()
        };
        options.images.insert(slot.clone(), image);
        options.samplers.insert(slot, sampler);
    }
    options
}

/// (b) A SPIR-V binary as the kernel of a fixed small launch (its first
/// entry point), run as `gpusim run` runs it, functionally and timed under
/// [`WAVE_INSTRUCTION_BUDGET`]. A shader (GLCompute) gets the buffers of
/// `sim/tests/fuzz_regressions/shader.toml`, an OpenCL kernel those of
/// `opencl.toml` beside it.
pub struct KernelLaunch {
    shader: Workload,
    opencl: Workload,
    runs: [RunOptions; 2],
}

const SHADER_MANIFEST: &str = include_str!("../../tests/fuzz_regressions/shader.toml");
const OPENCL_MANIFEST: &str = include_str!("../../tests/fuzz_regressions/opencl.toml");

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
        let mut w = match model {
            ExecutionModel::Kernel => self.opencl.clone(),
            _ => self.shader.clone(),
        };
        w.entry = entry;
        w.kernel = std::env::temp_dir().join(format!("gpusim-fuzz-{}.spv", std::process::id()));
        std::fs::write(&w.kernel, data).expect("the temporary kernel file is written");
        for opts in &self.runs {
            let _ = run_workload(&w, opts);
        }
        let _ = std::fs::remove_file(&w.kernel);
    }
}

/// (c) The assembler on arbitrary text.
pub fn assemble(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = isa::asm::assemble(text);
    }
}

/// (d) The disassembler: what it disassembles reassembles to the same
/// words, and the assembler takes back the text of every module the
/// validator accepts. (Other modules may print as text the assembler
/// refuses, e.g. an OpConstant of a bool type: docs/robustness.md.)
pub fn disassemble_reassemble(data: &[u8]) {
    let Some(words) = isa::module::words_of(data) else {
        return;
    };
    let Ok(text) = isa::dis::disassemble(&words) else {
        return;
    };
    let valid = isa::module::parse_words(&words).is_ok_and(|m| isa::validate::validate(&m).is_ok());
    match isa::asm::assemble(&text) {
        Ok(again) => assert_eq!(again, words, "reassembly differs:\n{text}"),
        Err(e) => assert!(
            !valid,
            "a valid module's text does not assemble: {e}\n{text}"
        ),
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
