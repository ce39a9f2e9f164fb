//! Amber scripts (AmberScript, the Vulkan ecosystem's shader-test format) as
//! a workload format: the compute subset.
//!
//! A script is parsed completely first (errors name `file:line`), then its
//! device requirements are checked, its shaders are loaded or compiled and
//! lowered, and its commands run in order: `RUN` launches a compute pipeline
//! on the simulator over the script's buffers (which persist between runs),
//! `COPY` copies a buffer, `EXPECT` becomes one check. Anything outside the
//! compute subset (graphics and ray-tracing pipelines, images, samplers,
//! texel buffers, descriptor arrays, unsupported device features, a missing
//! compiler) makes the whole script a SKIP with the reason, never a failure
//! of the simulator. `docs/amber.md` describes the accepted language.

use crate::console::plural;
use crate::input::amber as script;
use crate::input::workload::{Arg, ArgValue, Binding, ElemType};
use crate::run::{
    check_full_subgroups, check_subgroup_size, descriptor_counts, dispatch, Dispatch, Hooks,
    OutputBuffer, RunError, RunOptions,
};
use crate::timing::trace::{Sequence, TraceSink};
use isa::image::format::{Format, Texel};
use isa::image::sampler::Sampler;
use isa::image::{ImageInfo, Slot};
use isa::ir::{Dialect, Kernel};
use script::{
    BindTarget, BufferDecl, Cmd, Cmp, Expect, ExpectKind, ImageShape, ImageUse, Layout, Num,
    Pipeline, Script, Seg, Shader, ShaderFormat, ShaderSource, Stop, SubgroupControl,
};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How one script ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Every EXPECT held (a script without EXPECTs passes if it ran).
    Pass,
    /// At least one EXPECT did not hold.
    Fail,
    /// The script needs something the simulator does not provide; the
    /// reason names `file:line`.
    Skip(String),
    /// The script could not be run: bad input, a kernel that does not lower,
    /// or a launch that faulted. The message names `file:line`.
    Error(String),
}

/// One EXPECT's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    pub line: usize,
    /// The EXPECT command as written.
    pub command: String,
    pub passed: bool,
    /// Why it failed (empty when it passed).
    pub message: String,
}

/// The outcome of one script.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptReport {
    pub path: PathBuf,
    pub status: Status,
    pub checks: Vec<CheckReport>,
    /// Number of `RUN` commands executed (REPEAT counts each time).
    pub runs: u64,
    pub wave_instructions: u64,
    /// Simulated cycles summed over the RUNs, for timed runs.
    pub cycles: Option<u64>,
    /// Things accepted but ignored (SET ENGINE_DATA, SHADER_OPTIMIZATION ...)
    /// or honoured only in part (FULLY_POPULATED with a partial last wave).
    pub notes: Vec<String>,
    /// Every buffer's bytes after the last command, by name.
    pub buffers: Vec<(String, Vec<u8>)>,
    /// Whether the script stopped because a RUN's launch did (a fault, a
    /// hung kernel, a barrier deadlock): its trace so far is worth keeping.
    pub launch_failed: bool,
}

impl ScriptReport {
    /// A report of nothing run yet, with `status`.
    fn new(path: &Path, status: Status) -> ScriptReport {
        ScriptReport {
            path: path.to_path_buf(),
            status,
            checks: Vec::new(),
            runs: 0,
            wave_instructions: 0,
            cycles: None,
            notes: Vec::new(),
            buffers: Vec::new(),
            launch_failed: false,
        }
    }

    /// A script that could not be read at all.
    pub fn error(path: &Path, message: String) -> ScriptReport {
        ScriptReport::new(path, Status::Error(message))
    }

    /// 0 passed or skipped, 1 an EXPECT failed, 2 the script could not run.
    pub fn exit_code(&self) -> u8 {
        match self.status {
            Status::Pass | Status::Skip(_) => 0,
            Status::Fail => 1,
            Status::Error(_) => 2,
        }
    }

    fn passed_checks(&self) -> usize {
        self.checks.iter().filter(|c| c.passed).count()
    }
}

impl fmt::Display for ScriptReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.path.display();
        match &self.status {
            Status::Skip(r) => return writeln!(f, "SKIP  {p}: {r}"),
            Status::Error(e) => return writeln!(f, "ERROR {}", super::named_at(&p.to_string(), e)),
            Status::Pass => write!(f, "PASS  {p}")?,
            Status::Fail => write!(f, "FAIL  {p}")?,
        }
        write!(
            f,
            ": {} of {} EXPECTs passed; {} RUNs, {} wave-instructions",
            self.passed_checks(),
            self.checks.len(),
            self.runs,
            self.wave_instructions
        )?;
        match self.cycles {
            Some(c) => writeln!(f, ", {c} cycles")?,
            None => writeln!(f)?,
        }
        for c in &self.checks {
            if c.passed {
                writeln!(f, "  line {}: {}: passed", c.line, c.command)?;
            } else {
                writeln!(f, "  line {}: {}: FAILED: {}", c.line, c.command, c.message)?;
            }
        }
        for n in &self.notes {
            writeln!(f, "  note: {n}")?;
        }
        Ok(())
    }
}

/// The outcomes of every `.amber` file under a folder.
#[derive(Clone, Debug, PartialEq)]
pub struct FolderReport {
    pub folder: PathBuf,
    /// One report per script, in path order.
    pub scripts: Vec<ScriptReport>,
}

impl FolderReport {
    pub fn count(&self, pred: impl Fn(&Status) -> bool) -> usize {
        self.scripts.iter().filter(|s| pred(&s.status)).count()
    }

    /// 2 if a script could not run (or the folder could not be read), else 1
    /// if an EXPECT failed, else 0 (skips allowed).
    pub fn exit_code(&self) -> u8 {
        self.scripts
            .iter()
            .map(|s| s.exit_code())
            .max()
            .unwrap_or(0)
    }
}

impl ScriptReport {
    /// The outcome in one line: status, `name` padded to `width`, and the
    /// EXPECTs passed, the first failure or the reason.
    pub fn row(&self, name: &str, width: usize) -> String {
        match &self.status {
            Status::Pass => format!(
                "PASS  {name:width$}  {}/{} EXPECTs",
                self.passed_checks(),
                self.checks.len()
            ),
            Status::Fail => {
                let first = self.checks.iter().find(|c| !c.passed);
                format!(
                    "FAIL  {name:width$}  {}/{} EXPECTs; first failure line {}: {}",
                    self.passed_checks(),
                    self.checks.len(),
                    first.map_or(0, |c| c.line),
                    first.map_or("", |c| c.message.as_str())
                )
            }
            Status::Skip(r) => format!("SKIP  {name:width$}  {r}"),
            Status::Error(e) => format!("ERROR {name:width$}  {e}"),
        }
    }
}

impl fmt::Display for FolderReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |s: &ScriptReport| {
            s.path
                .strip_prefix(&self.folder)
                .unwrap_or(&s.path)
                .display()
                .to_string()
        };
        let width = self
            .scripts
            .iter()
            .map(|s| name(s).len())
            .max()
            .unwrap_or(0);
        for s in &self.scripts {
            writeln!(f, "{}", s.row(&name(s), width))?;
        }
        writeln!(
            f,
            "{} scripts: {} passed, {} failed, {} skipped, {} errors",
            self.scripts.len(),
            self.count(|s| *s == Status::Pass),
            self.count(|s| *s == Status::Fail),
            self.count(|s| matches!(s, Status::Skip(_))),
            self.count(|s| matches!(s, Status::Error(_)))
        )
    }
}

/// Runs one script file. `Err` means the file could not be read; every other
/// problem is in the report's status.
pub fn run_script(path: &Path, opts: &RunOptions) -> Result<ScriptReport, String> {
    run_script_traced(path, opts, None)
}

/// [`run_script`], telling `trace` the events of every timed RUN, one RUN
/// after another on one timeline.
pub fn run_script_traced(
    path: &Path,
    opts: &RunOptions,
    trace: Option<&mut dyn TraceSink>,
) -> Result<ScriptReport, String> {
    let bytes = crate::input::read_file(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    Ok(run_source_traced(&text, path, opts, trace))
}

/// Runs a script held in memory; `path` names it in messages and anchors
/// relative file names (FILE, SPIRV-BIN).
pub fn run_source(text: &str, path: &Path, opts: &RunOptions) -> ScriptReport {
    run_source_traced(text, path, opts, None)
}

fn run_source_traced(
    text: &str,
    path: &Path,
    opts: &RunOptions,
    trace: Option<&mut dyn TraceSink>,
) -> ScriptReport {
    let mut report = ScriptReport::new(path, Status::Pass);
    let file = path.display().to_string();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let script = match script::parse(text, &file, &dir) {
        Ok(s) => s,
        Err(Stop::Bad(e)) => {
            report.status = Status::Error(e);
            return report;
        }
        Err(Stop::Unsupported(r)) => {
            report.status = Status::Skip(r);
            return report;
        }
    };
    report.notes = script.notes.clone();
    let mut engine = Engine {
        script: &script,
        file: &file,
        dir: &dir,
        opts,
        buffers: script
            .buffers
            .iter()
            .map(|b| (b.name.clone(), (b.layout.clone(), b.bytes.clone())))
            .collect(),
        kernels: HashMap::new(),
        report: &mut report,
        trace: trace.map(Sequence::new),
    };
    let result = engine
        .prepare()
        .and_then(|()| engine.exec(&script.commands));
    let mut buffers: Vec<(String, Vec<u8>)> = engine
        .buffers
        .into_iter()
        .map(|(name, (_, bytes))| (name, bytes))
        .collect();
    buffers.sort();
    report.buffers = buffers;
    match result {
        Ok(()) => {
            if report.checks.iter().any(|c| !c.passed) {
                report.status = Status::Fail;
            }
        }
        Err(Stop::Bad(e)) => report.status = Status::Error(e),
        Err(Stop::Unsupported(r)) => report.status = Status::Skip(r),
    }
    report
}

/// Runs every `*.amber` file under `folder` (recursively, in path order).
pub fn run_folder(folder: &Path, opts: &RunOptions) -> FolderReport {
    let mut files = Vec::new();
    let mut scripts = Vec::new();
    if let Err(e) = collect(folder, &mut files, 0) {
        scripts.push(ScriptReport::new(folder, Status::Error(e)));
    }
    files.sort();
    for f in files {
        let r = run_script(&f, opts).unwrap_or_else(|e| ScriptReport::new(&f, Status::Error(e)));
        scripts.push(r);
    }
    FolderReport {
        folder: folder.to_path_buf(),
        scripts,
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) -> Result<(), String> {
    if depth > 32 {
        return Ok(());
    }
    let rd = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot read folder: {e}", dir.display()))?;
    for entry in rd.flatten() {
        let p = entry.path();
        let Ok(ft) = entry.file_type() else { continue };
        if ft.is_dir() {
            collect(&p, out, depth + 1)?;
        } else if crate::input::amber::is_amber_path(&p) {
            out.push(p);
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Execution
// ---------------------------------------------------------------------------

struct Engine<'a, 't> {
    script: &'a Script,
    file: &'a str,
    dir: &'a Path,
    opts: &'a RunOptions,
    buffers: HashMap<String, (Layout, Vec<u8>)>,
    /// Lowered kernel of each pipeline.
    kernels: HashMap<String, Kernel>,
    report: &'a mut ScriptReport,
    /// The trace of the script's timed RUNs.
    trace: Option<Sequence<'t>>,
}

impl Engine<'_, '_> {
    fn at(&self, line: usize, msg: impl fmt::Display) -> String {
        format!("{}:{line}: {msg}", self.file)
    }

    /// Loads or compiles every shader a pipeline uses and lowers each
    /// pipeline's kernel, before anything runs.
    fn prepare(&mut self) -> Result<(), Stop> {
        let mut modules: HashMap<String, isa::module::Module> = HashMap::new();
        let mut names: Vec<&String> = self.script.pipelines.keys().collect();
        names.sort();
        for name in names {
            let p = &self.script.pipelines[name];
            let Some(shader_name) = &p.shader else {
                return Err(Stop::Bad(
                    self.at(p.line, format!("pipeline '{name}' has no ATTACH")),
                ));
            };
            let shader = self.script.shaders.get(shader_name).ok_or_else(|| {
                Stop::Bad(self.at(p.line, format!("unknown shader '{shader_name}'")))
            })?;
            if !modules.contains_key(shader_name) {
                let m = self.load_shader(shader)?;
                modules.insert(shader_name.clone(), m);
            }
            let module = &modules[shader_name];
            let kernel = self.lower(module, shader, p)?;
            if let Some(control) = &p.subgroup {
                if let Some(note) = self.check_subgroups(control, &kernel, p)? {
                    if !self.report.notes.contains(&note) {
                        self.report.notes.push(note);
                    }
                }
            }
            self.kernels.insert(name.clone(), kernel);
        }
        Ok(())
    }

    /// Whether the model honours a pipeline's `SUBGROUP` command. A device
    /// whose subgroup size is not the required one is not one the test is
    /// for: SKIP, as the CTS does. Full subgroups with a local size x that
    /// is not a multiple of the wave size run, with a note: Vulkan calls
    /// that invalid, but the CTS runs such scripts on devices with
    /// computeFullSubgroups ("launched without a full final subgroup") and
    /// Amber lets them through; waves are filled in order, so only the last
    /// one of a workgroup can be partial.
    fn check_subgroups(
        &self,
        control: &SubgroupControl,
        kernel: &Kernel,
        p: &Pipeline,
    ) -> Result<Option<String>, Stop> {
        let wave_width = self.opts.wave_width;
        if let Some(required) = control.required_size {
            check_subgroup_size(required, wave_width)
                .map_err(|m| Stop::Unsupported(self.at(control.line, format!("SUBGROUP {m}"))))?;
        }
        let Some(local_size) = kernel.local_size.or(spec_local_size(kernel, p)) else {
            return Ok(None);
        };
        if !control.fully_populated {
            return Ok(None);
        }
        if check_full_subgroups(local_size, wave_width).is_ok() {
            return Ok(None);
        }
        let invocations: u64 = local_size.iter().map(|&n| n as u64).product();
        let width = wave_width as u64;
        let (full, last) = (invocations / width, invocations % width);
        let [x, y, z] = local_size;
        let waves = format!("{full} full {}", plural(full, "wave", "waves"));
        let line = control.line;
        Ok(Some(if last == 0 {
            format!(
                "line {line}: SUBGROUP FULLY_POPULATED: the local size x {x} is not a multiple of the wave size {wave_width}, but each workgroup of {x}x{y}x{z} makes {waves} all the same"
            )
        } else {
            format!(
                "line {line}: SUBGROUP FULLY_POPULATED cannot be honoured for the last subgroup: the local size x {x} is not a multiple of the wave size {wave_width}, so each workgroup of {x}x{y}x{z} makes {waves} and one of {last} invocations (run anyway, as the CTS does)"
            )
        }))
    }

    fn load_shader(&self, s: &Shader) -> Result<isa::module::Module, Stop> {
        let line = s.line;
        let bad = |m: String| Stop::Bad(self.at(line, m));
        // The shader's text, and the file and line its first line is at.
        let source_text = |src: &ShaderSource| -> Result<(String, (String, usize)), Stop> {
            match src {
                ShaderSource::Inline { text, first_line } => {
                    Ok((text.clone(), (self.file.to_string(), *first_line)))
                }
                ShaderSource::File(path) => {
                    let full = self.dir.join(path);
                    crate::input::read_text(&full)
                        .map(|t| (t, (full.display().to_string(), 1)))
                        .map_err(|e| bad(format!("cannot read {}: {e}", full.display())))
                }
                ShaderSource::Virtual(name) => self
                    .script
                    .virtual_files
                    .get(name)
                    .map(|t| (t.clone(), (format!("{} VIRTUAL_FILE {name}", self.file), 1)))
                    .ok_or_else(|| bad(format!("no VIRTUAL_FILE named '{name}'"))),
            }
        };
        // An error at line `n` (1-based) of the shader's text, named where
        // that line is: the script's line for inline text, else the file's.
        let bad_in_text = |(file, first): &(String, usize), n: usize, m: String| {
            Stop::Bad(format!("{file}:{}: {m}", first + n.saturating_sub(1)))
        };
        match s.format {
            ShaderFormat::SpirvAsm => {
                let (text, origin) = source_text(&s.source)?;
                let words = isa::asm::assemble(&text).map_err(|e| {
                    bad_in_text(&origin, e.line, format!("SPIR-V assembly: {}", e.message))
                })?;
                isa::module::parse_words(&words)
                    .map_err(|e| bad(format!("shader '{}': {e}", s.name)))
            }
            ShaderFormat::SpirvHex => {
                let (text, origin) = source_text(&s.source)?;
                let mut bytes = Vec::new();
                for (n, text_line) in text.lines().enumerate() {
                    for tok in text_line.split_whitespace() {
                        let t = tok.trim_start_matches("0x").trim_start_matches("0X");
                        let b = u8::from_str_radix(t, 16).map_err(|_| {
                            bad_in_text(
                                &origin,
                                n + 1,
                                format!("SPIRV-HEX: '{tok}' is not a hex byte"),
                            )
                        })?;
                        bytes.push(b);
                    }
                }
                isa::module::parse_bytes(&bytes)
                    .map_err(|e| bad(format!("shader '{}': {e}", s.name)))
            }
            ShaderFormat::SpirvBin => {
                let ShaderSource::File(path) = &s.source else {
                    return Err(bad("SPIRV-BIN needs FILE".into()));
                };
                let full = self.dir.join(path);
                let bytes = crate::input::read_file(&full)
                    .map_err(|e| bad(format!("cannot read {}: {e}", full.display())))?;
                isa::module::parse_bytes(&bytes)
                    .map_err(|e| bad(format!("{}: {e}", full.display())))
            }
            ShaderFormat::Glsl => {
                let (text, origin) = source_text(&s.source)?;
                let env = match s.target_env.as_deref() {
                    None => "vulkan1.0".to_string(),
                    Some(e) if e.starts_with("spv") => format!("spirv{}", &e[3..]),
                    Some(e) => e.to_string(),
                };
                compile(
                    &self.at(line, ""),
                    (&origin.0, origin.1),
                    &[("glslangValidator", "shader.comp")],
                    &text,
                    "shader.comp",
                    |dir| {
                        vec![vec![
                            "glslangValidator".into(),
                            "-V".into(),
                            "--target-env".into(),
                            env.clone(),
                            "-S".into(),
                            "comp".into(),
                            "-o".into(),
                            dir.join("out.spv").display().to_string(),
                            dir.join("shader.comp").display().to_string(),
                        ]]
                    },
                )
            }
            ShaderFormat::OpenclC => {
                let (text, origin) = source_text(&s.source)?;
                compile(
                    &self.at(line, ""),
                    (&origin.0, origin.1),
                    &[("clang-14", "kernel.cl"), ("llvm-spirv-14", "")],
                    &text,
                    "kernel.cl",
                    |dir| {
                        let cl = dir.join("kernel.cl").display().to_string();
                        let bc = dir.join("kernel.bc").display().to_string();
                        let spv = dir.join("out.spv").display().to_string();
                        vec![
                            [
                                "clang-14",
                                "-cc1",
                                "-triple",
                                "spir64-unknown-unknown",
                                "-cl-std=CL1.2",
                                "-O2",
                                "-finclude-default-header",
                                "-emit-llvm-bc",
                                &cl,
                                "-o",
                                &bc,
                            ]
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                            ["llvm-spirv-14", "--spirv-max-version=1.0", &bc, "-o", &spv]
                                .iter()
                                .map(|s| s.to_string())
                                .collect(),
                        ]
                    },
                )
            }
            ShaderFormat::Hlsl => Err(Stop::Unsupported(
                self.at(line, "HLSL shaders are not supported"),
            )),
        }
    }

    fn lower(
        &self,
        module: &isa::module::Module,
        s: &Shader,
        p: &Pipeline,
    ) -> Result<Kernel, Stop> {
        let bound: Vec<Binding> = p
            .binds
            .iter()
            .filter_map(|b| match b.target {
                BindTarget::Descriptor {
                    set,
                    binding,
                    index,
                } => Some(Binding::Descriptor {
                    set,
                    binding,
                    index,
                }),
                _ => None,
            })
            .collect();
        let (images, samplers) = self.image_bindings(p)?;
        let options = isa::lower::Options {
            spec_constants: p.spec.iter().cloned().collect(),
            emulate: self.opts.emulation(),
            descriptor_counts: descriptor_counts(bound.iter()),
            clamp_indices: p.clamp_indices,
            // As Vulkan: a SPECIALIZE of an id the shader lacks does
            // nothing, and an integer is bits of the constant's width.
            strict_spec_constants: false,
            images,
            samplers,
            plain_buffers: Default::default(),
        };
        let entry = p.entry.as_deref().unwrap_or("main");
        let lowered = isa::lower::lower(module, entry, &options);
        // Faults name the shader's place: inline shaders have no file.
        let source = match &s.source {
            ShaderSource::File(path) => self.dir.join(path).display().to_string(),
            _ => format!("{} shader '{}'", self.file, s.name),
        };
        lowered.map(|k| Kernel { source, ..k }).map_err(|e| {
            let place = match (&e.location, &s.source) {
                (
                    Some(isa::module::Location::Word(w)),
                    ShaderSource::Inline { text, first_line },
                ) if s.format == ShaderFormat::SpirvAsm => {
                    word_to_line(module, text, *w).map(|l| first_line + l - 1)
                }
                _ => None,
            };
            match place {
                Some(l) => Stop::Bad(self.at(l, format!("shader '{}': {}", s.name, e.message))),
                None => Stop::Bad(self.at(
                    p.line,
                    format!("pipeline '{}': shader '{}': {e}", p.name, s.name),
                )),
            }
        })
    }

    /// What the pipeline binds to images and samplers, for lowering: each
    /// image (an IMAGE's extent, or a texel buffer's length in texels of
    /// its format) and sampler by the place it is bound.
    #[allow(clippy::type_complexity)]
    fn image_bindings(
        &self,
        p: &Pipeline,
    ) -> Result<(HashMap<Slot, ImageInfo>, HashMap<Slot, Sampler>), Stop> {
        let slots = |t: &BindTarget| -> Vec<Slot> {
            match t {
                // An OpenCL kernel takes DESCRIPTOR_SET 0 BINDING n as
                // argument n.
                BindTarget::Descriptor {
                    set,
                    binding,
                    index,
                } => {
                    let mut v = vec![Slot::Descriptor {
                        set: *set,
                        binding: *binding,
                        index: *index,
                    }];
                    if *set == 0 && *index == 0 {
                        v.push(Slot::Arg(*binding));
                    }
                    v
                }
                BindTarget::ArgName(n) => vec![Slot::ArgName(n.clone())],
                BindTarget::ArgNumber(i) => vec![Slot::Arg(*i)],
                BindTarget::PushConstant => Vec::new(),
            }
        };
        let bad = |m: String| Stop::Bad(self.at(p.line, format!("pipeline '{}': {m}", p.name)));
        let sampler = |name: &str| {
            self.script
                .samplers
                .get(name)
                .copied()
                .ok_or_else(|| bad(format!("unknown sampler '{name}'")))
        };
        let (mut images, mut samplers) = (HashMap::new(), HashMap::new());
        for b in &p.binds {
            let Some(decl) = self.script.buffers.iter().find(|d| d.name == b.buffer) else {
                continue;
            };
            let info = match (b.image, decl.image, decl.format) {
                (
                    Some(ImageUse::UniformTexelBuffer | ImageUse::StorageTexelBuffer),
                    _,
                    Some(f),
                ) => {
                    let len = decl.bytes.len().saturating_sub(b.offset);
                    ImageInfo::texel_buffer(f, b.range.map_or(len, |r| r.min(len)))
                }
                (Some(ImageUse::UniformTexelBuffer | ImageUse::StorageTexelBuffer), _, None) => {
                    return Err(bad(format!(
                        "buffer '{}' is bound as a texel buffer, and its DATA_TYPE is not a texel format",
                        b.buffer
                    )))
                }
                (_, Some(shape), Some(format)) => {
                    if b.base_mip_level >= shape.levels {
                        return Err(bad(format!(
                            "BASE_MIP_LEVEL {} of image '{}', which has {} mip levels",
                            b.base_mip_level, b.buffer, shape.levels
                        )));
                    }
                    image_info(&shape, format).from_level(b.base_mip_level)
                }
                (Some(_), _, _) => {
                    return Err(bad(format!(
                        "buffer '{}' is bound as an image, and is not declared by IMAGE",
                        b.buffer
                    )))
                }
                (None, _, _) => continue,
            };
            for slot in slots(&b.target) {
                images.insert(slot.clone(), info);
                if let Some(s) = &b.sampler {
                    samplers.insert(slot, sampler(s)?);
                }
            }
        }
        for (name, target) in &p.sampler_binds {
            for slot in slots(target) {
                samplers.insert(slot, sampler(name)?);
            }
        }
        Ok((images, samplers))
    }

    fn exec(&mut self, cmds: &[Cmd]) -> Result<(), Stop> {
        // Bounded: the Amber parser refuses a script whose REPEATs execute
        // too many commands, and a VkScript's commands are its lines.
        for c in cmds {
            match c {
                Cmd::Run {
                    line,
                    pipeline,
                    groups,
                } => self.run(*line, pipeline, *groups)?,
                Cmd::Repeat { count, body, .. } => {
                    for _ in 0..*count {
                        self.exec(body)?;
                    }
                }
                Cmd::Copy { src, dst, .. } => {
                    let v = self.buffers[src].clone();
                    self.buffers.insert(dst.clone(), v);
                }
                Cmd::Write {
                    buffer,
                    offset,
                    bytes,
                    ..
                } => {
                    let (_, b) = self.buffers.get_mut(buffer).expect("a declared buffer");
                    b[*offset..*offset + bytes.len()].copy_from_slice(bytes);
                }
                Cmd::Expect(e) => {
                    let r = self.expect(e);
                    self.report.checks.push(r);
                }
            }
        }
        Ok(())
    }

    fn run(&mut self, line: usize, name: &str, groups: [u32; 3]) -> Result<(), Stop> {
        let p = &self.script.pipelines[name];
        let kernel = &self.kernels[name];
        let context = self.at(line, format!("RUN {name}"));
        let bad = |m: String| Stop::Bad(format!("{context}: {m}"));
        let opencl = kernel.dialect == Dialect::OpenCl;
        let arg_index = |t: &BindTarget| -> Result<Option<u32>, Stop> {
            Ok(match t {
                BindTarget::ArgName(n) => Some(
                    kernel
                        .params
                        .iter()
                        .position(|q| q.name == *n)
                        .ok_or_else(|| bad(format!("the kernel has no argument named '{n}'")))?
                        as u32,
                ),
                BindTarget::ArgNumber(i) => Some(*i),
                _ => None,
            })
        };
        let mut views = Vec::new();
        let mut bindings = Vec::new();
        let mut places = Vec::new();
        for b in &p.binds {
            let binding = match &b.target {
                BindTarget::Descriptor {
                    set,
                    binding,
                    index,
                } if opencl => {
                    if *set != 0 {
                        return Err(bad(format!(
                            "OpenCL kernels take buffers at DESCRIPTOR_SET 0 (BINDING = argument number), not set {set}"
                        )));
                    }
                    if *index != 0 {
                        return Err(bad(
                            "OpenCL kernels take no descriptor arrays (BIND BUFFER_ARRAY)".into(),
                        ));
                    }
                    Binding::Arg(*binding)
                }
                BindTarget::Descriptor {
                    set,
                    binding,
                    index,
                } => Binding::Descriptor {
                    set: *set,
                    binding: *binding,
                    index: *index,
                },
                BindTarget::PushConstant => Binding::PushConstant,
                t => Binding::Arg(arg_index(t)?.unwrap_or(0)),
            };
            // A later BIND of the same place (DERIVE_PIPELINE, or the same
            // argument by name and by number) replaces the earlier one.
            if let Some(i) = bindings.iter().position(|x| *x == binding) {
                bindings.remove(i);
                views.remove(i);
                places.remove(i);
            }
            let (_, bytes) = &self.buffers[&b.buffer];
            // An image of several mip levels is not a range of its buffer:
            // as Amber does, each level of the bound view starts as the
            // buffer's first texels, and goes back there after the run.
            if let Some(BufferDecl {
                image: Some(shape),
                format: Some(format),
                ..
            }) = self.script.buffers.iter().find(|d| d.name == b.buffer)
            {
                if shape.levels > 1 && b.image.is_some() {
                    let view = image_info(shape, *format).from_level(b.base_mip_level);
                    let levels: Vec<(usize, usize)> = (0..view.levels)
                        .map(|l| {
                            (
                                view.level_offset(l) as usize,
                                view.level(l).bytes() as usize,
                            )
                        })
                        .collect();
                    let mut texels = vec![0u8; view.bytes() as usize];
                    for &(at, len) in &levels {
                        let n = len.min(bytes.len());
                        texels[at..at + n].copy_from_slice(&bytes[..n]);
                    }
                    views.push(OutputBuffer {
                        name: b.buffer.clone(),
                        ty: ElemType::U8,
                        bytes: texels,
                    });
                    bindings.push(binding);
                    places.push(Place::Levels(b.buffer.clone(), levels));
                    continue;
                }
            }
            let start = b.offset;
            if start > bytes.len() {
                return Err(bad(format!(
                    "buffer '{}' is {} bytes; its binding offset {start} is past its end",
                    b.buffer,
                    bytes.len()
                )));
            }
            let end = match b.range {
                Some(r) => start.saturating_add(r).min(bytes.len()),
                None => bytes.len(),
            };
            views.push(OutputBuffer {
                name: b.buffer.clone(),
                ty: ElemType::U8,
                bytes: bytes[start..end].to_vec(),
            });
            bindings.push(binding);
            places.push(Place::Range(b.buffer.clone(), start));
        }
        let mut args = Vec::new();
        for a in &p.kernel_args {
            let Some(index) = arg_index(&a.target)? else {
                continue;
            };
            args.retain(|x: &Arg| x.index != index);
            args.push(Arg {
                index,
                value: ArgValue::Scalar {
                    ty: a.ty,
                    bytes: a.bytes.clone(),
                },
                place: None,
            });
        }
        let local_size = spec_local_size(kernel, p);
        let originals: Vec<Vec<u8>> = views.iter().map(|v| v.bytes.clone()).collect();
        let launched = dispatch(
            &Dispatch {
                kernel,
                context: &context,
                workgroups: groups,
                local_size,
                local_size_at: None,
                bindings: &bindings,
                args: &args,
                robust_buffer_access: self.script.robust_buffer_access,
                // As Amber's OpenCL-C pipelines launch (docs/amber.md).
                work_dim: 3,
                global_offset: [0; 3],
                global_offset_at: None,
            },
            &mut views,
            self.opts,
            Hooks {
                trace: self.trace.as_mut().map(|t| t as &mut dyn TraceSink),
                ..Hooks::default()
            },
        );
        // Write back the bytes each binding changed (the same buffer may be
        // bound several times, at different offsets).
        for ((view, orig), place) in views.iter().zip(&originals).zip(&places) {
            match place {
                Place::Range(name, start) => {
                    if let Some((_, bytes)) = self.buffers.get_mut(name) {
                        for (i, (&new, &old)) in view.bytes.iter().zip(orig).enumerate() {
                            if new != old {
                                if let Some(slot) = bytes.get_mut(start + i) {
                                    *slot = new;
                                }
                            }
                        }
                    }
                }
                // Every level to the buffer's start, the view's first level
                // first: later (smaller) levels overwrite the start of
                // earlier ones, as Amber's one copy of them all does.
                Place::Levels(name, levels) => {
                    if let Some((_, bytes)) = self.buffers.get_mut(name) {
                        for &(at, len) in levels {
                            let n = len.min(bytes.len());
                            bytes[..n].copy_from_slice(&view.bytes[at..at + n]);
                        }
                    }
                }
            }
        }
        if let Err(RunError::Launch(..)) = launched {
            self.report.launch_failed = true;
        }
        let launched = launched.map_err(|e| {
            let e = String::from(e);
            if e.starts_with(&context) {
                Stop::Bad(e)
            } else {
                bad(e)
            }
        })?;
        self.report.runs += 1;
        self.report.wave_instructions += launched.counts.wave_instructions;
        if let Some(t) = &launched.timing {
            *self.report.cycles.get_or_insert(0) += t.cycles;
            if let Some(trace) = &mut self.trace {
                trace.launch_done(t.cycles);
            }
        }
        Ok(())
    }

    fn expect(&self, e: &Expect) -> CheckReport {
        let mut r = CheckReport {
            line: e.line,
            command: e.text.clone(),
            passed: false,
            message: String::new(),
        };
        let (buffer_layout, bytes) = &self.buffers[&e.buffer];
        let layout = e.layout.as_ref().unwrap_or(buffer_layout);
        let result = match &e.kind {
            ExpectKind::Values {
                offset,
                cmp,
                tolerance,
                values,
            } => check_values(layout, bytes, *offset, *cmp, *tolerance, values),
            ExpectKind::EqBuffer(other) => {
                let (l2, b2) = &self.buffers[other];
                compatible(layout, bytes, l2, b2).and_then(|()| {
                    match bytes.iter().zip(b2).position(|(a, b)| a != b) {
                        None => Ok(()),
                        Some(i) => {
                            let n = bytes.iter().zip(b2).filter(|(a, b)| a != b).count() as u64;
                            Err(format!(
                                "{n} {}; first at byte {i}: {} != {}",
                                plural(n, "byte differs", "bytes differ"),
                                bytes[i],
                                b2[i]
                            ))
                        }
                    }
                })
            }
            ExpectKind::Probe {
                x,
                y,
                width,
                height,
                rgba,
                tolerance,
            } => self.probe(&e.buffer, bytes, [*x, *y, *width, *height], rgba, tolerance),
            ExpectKind::Rmse(other, tol) => {
                let (l2, b2) = &self.buffers[other];
                compatible(layout, bytes, l2, b2).and_then(|()| {
                    let a = values_of(layout, bytes);
                    let b = values_of(layout, b2);
                    let n = a.len().max(1) as f64;
                    let sum: f64 = a.iter().zip(&b).map(|(x, y)| (x - y) * (x - y)).sum();
                    let rmse = (sum / n).sqrt();
                    if rmse <= *tol {
                        Ok(())
                    } else {
                        Err(format!(
                            "root mean square error {rmse} is more than the tolerance {tol}"
                        ))
                    }
                })
            }
        };
        match result {
            Ok(()) => r.passed = true,
            Err(m) => r.message = m,
        }
        r
    }
}

impl Engine<'_, '_> {
    /// An image probe: every texel of the rectangle (x, y, width, height)
    /// of image `name` against `rgba` in 0-255 units per channel (normalised
    /// channels scaled by 255, integer channels as they are).
    fn probe(
        &self,
        name: &str,
        bytes: &[u8],
        [x, y, width, height]: [u32; 4],
        rgba: &[f64],
        tolerance: &[(f64, bool)],
    ) -> Result<(), String> {
        let decl = self
            .script
            .buffers
            .iter()
            .find(|d| d.name == name)
            .expect("a declared buffer");
        let (Some(shape), Some(format)) = (decl.image, decl.format) else {
            return Err(format!("'{name}' is not an IMAGE, so it cannot be probed"));
        };
        if x.saturating_add(width) > shape.width || y.saturating_add(height) > shape.height {
            return Err(format!(
                "the probe's rectangle is outside the {}x{} image",
                shape.width, shape.height
            ));
        }
        let texel = format.bytes();
        for row in y..y + height {
            for col in x..x + width {
                // Sample 0 of the texel.
                let at = (row as usize * shape.width as usize + col as usize)
                    * shape.samples as usize
                    * texel;
                let got: [f64; 4] = match format.decode(&bytes[at..at + texel]) {
                    Texel::Float(c) => c.map(|v| v as f64 * 255.0),
                    Texel::Int(c) => c.map(|v| v as i64 as f64),
                };
                for (ch, (&want, &got)) in rgba.iter().zip(&got).enumerate() {
                    let (t, pct) = tolerance
                        .get(ch)
                        .or(tolerance.last())
                        .copied()
                        .unwrap_or((0.0, false));
                    let allowed = if pct { want.abs() * t / 100.0 } else { t };
                    // A normalised channel read back is a multiple of 1/255
                    // rounded to f32: the slack covers that rounding.
                    if (got - want).abs() > allowed + 1e-3 {
                        return Err(format!(
                            "texel ({col}, {row}) channel {ch} is {got}, expected {want}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Which line of SPIR-V text holds the instruction at word `w`.
fn word_to_line(module: &isa::module::Module, text: &str, w: usize) -> Option<usize> {
    let i = module.instrs.iter().position(|ins| ins.offset == w)?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.split(';').next().unwrap_or("").trim().is_empty())
        .nth(i)
        .map(|(n, _)| n + 1)
}

static TEMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// Compiles a shader's `source` (lines `first_line`... of `script`) into
/// SPIR-V with external tools, in a temporary folder as `file_name`. A
/// missing tool or a failing compile is an error; a compiler's message
/// names the script's lines, not the temporary file's.
fn compile(
    place: &str,
    (script, first_line): (&str, usize),
    tools: &[(&str, &str)],
    source: &str,
    file_name: &str,
    commands: impl Fn(&Path) -> Vec<Vec<String>>,
) -> Result<isa::module::Module, Stop> {
    let place = place.trim_end_matches(": ");
    for (tool, _) in tools {
        if Command::new(tool).arg("--version").output().is_err() {
            // The script is fine; the machine lacks the compiler: an error
            // that says which tool to install.
            return Err(Stop::Bad(format!(
                "{place}: compiling this shader needs {tool}, which is not on PATH (Debian: glslang-tools, clang-14, llvm-spirv-14)"
            )));
        }
    }
    let dir = std::env::temp_dir().join(format!(
        "gpusim-amber-{}-{}",
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        std::fs::write(dir.join(file_name), source).map_err(|e| format!("cannot write: {e}"))?;
        for cmd in commands(&dir) {
            let out = Command::new(&cmd[0])
                .args(&cmd[1..])
                .output()
                .map_err(|e| format!("cannot run {}: {e}", cmd[0]))?;
            if !out.status.success() {
                let text = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                let text: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .take(8)
                    .collect();
                let text =
                    script_lines(&text.join(" | "), &dir.join(file_name), script, first_line);
                return Err(format!("{} failed: {text}", cmd[0]));
            }
        }
        let bytes = std::fs::read(dir.join("out.spv")).map_err(|e| format!("no output: {e}"))?;
        isa::module::parse_bytes(&bytes).map_err(|e| format!("compiled module: {e}"))
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result.map_err(|e| Stop::Bad(format!("{place}: {e}")))
}

/// `message` with each `FILE:N` of the temporary shader file `file` as
/// `SCRIPT:L`, L the script's line holding the shader's line N.
fn script_lines(message: &str, file: &Path, script: &str, first_line: usize) -> String {
    let file = file.display().to_string();
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(&file) {
        out.push_str(&rest[..at]);
        rest = &rest[at + file.len()..];
        let after = rest.strip_prefix(':').unwrap_or("");
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<usize>() {
            Ok(n) => {
                out.push_str(&format!("{script}:{}", first_line + n.max(1) - 1));
                rest = &after[digits..];
            }
            Err(_) => out.push_str(script),
        }
    }
    out.push_str(rest);
    out
}

// ---------------------------------------------------------------------------
// Expectations
// ---------------------------------------------------------------------------

fn read_bits(t: ElemType, bytes: &[u8], at: usize) -> Option<u64> {
    let s = bytes.get(at..at.checked_add(t.size())?)?;
    let mut b = [0u8; 8];
    b[..s.len()].copy_from_slice(s);
    Some(u64::from_le_bytes(b))
}

/// The value of raw element bits.
fn bits_value(t: ElemType, bits: u64) -> Num {
    match t {
        ElemType::F16 => Num::Float(half::f16::from_bits(bits as u16).to_f64()),
        ElemType::F32 => Num::Float(f32::from_bits(bits as u32) as f64),
        ElemType::F64 => Num::Float(f64::from_bits(bits)),
        ElemType::I8 => Num::Int(bits as u8 as i8 as i128),
        ElemType::I16 => Num::Int(bits as u16 as i16 as i128),
        ElemType::I32 => Num::Int(bits as u32 as i32 as i128),
        ElemType::I64 => Num::Int(bits as i64 as i128),
        _ => Num::Int(bits as i128),
    }
}

/// Amber's closeness test: NaN only equals NaN; an infinity only itself
/// (Amber's difference test passes two infinities of one sign, whose
/// difference is NaN); a percentage tolerance is relative to the expected
/// value.
fn within(actual: f64, expected: f64, tol: f64, percent: bool) -> bool {
    if actual.is_nan() || expected.is_nan() {
        return actual.is_nan() == expected.is_nan();
    }
    // Infinities are close only to themselves (a relative tolerance of an
    // infinite value would take anything).
    if actual == expected || actual.is_infinite() || expected.is_infinite() {
        return actual == expected;
    }
    let d = (actual - expected).abs();
    if percent {
        d <= tol / 100.0 * expected.abs()
    } else {
        d <= tol
    }
}

fn compare(t: ElemType, actual: u64, expected: Num, cmp: Cmp, tol: Option<(f64, bool)>) -> bool {
    // The expected value is first converted to the element type.
    let e = bits_value(t, script::num_bits(t, expected));
    let a = bits_value(t, actual);
    if let Some((tv, pct)) = tol {
        return within(a.as_f64(), e.as_f64(), tv, pct);
    }
    match (a, e) {
        (Num::Int(a), Num::Int(e)) => match cmp {
            Cmp::Eq => a == e,
            Cmp::Ne => a != e,
            Cmp::Lt => a < e,
            Cmp::Le => a <= e,
            Cmp::Gt => a > e,
            Cmp::Ge => a >= e,
        },
        (a, e) => {
            let (a, e) = (a.as_f64(), e.as_f64());
            // EQ and NE on floats allow Amber's relative epsilon (1e-6 %).
            match cmp {
                Cmp::Eq => within(a, e, 1e-6, true),
                Cmp::Ne => !within(a, e, 1e-6, true),
                Cmp::Lt => a < e,
                Cmp::Le => a <= e,
                Cmp::Gt => a > e,
                Cmp::Ge => a >= e,
            }
        }
    }
}

fn check_values(
    layout: &Layout,
    bytes: &[u8],
    offset: usize,
    cmp: Cmp,
    tol: Option<(f64, bool)>,
    values: &[Num],
) -> Result<(), String> {
    let size = layout.size;
    if size == 0 || !offset.is_multiple_of(size) {
        return Err(format!(
            "byte offset {offset} is not a multiple of the element size ({size})"
        ));
    }
    let comps = layout.components().max(1);
    let needed = values
        .len()
        .div_ceil(comps)
        .saturating_mul(size)
        .saturating_add(offset);
    if needed > bytes.len() {
        return Err(format!(
            "reading {} values from byte {offset} goes past the end of the buffer ({} bytes)",
            values.len(),
            bytes.len()
        ));
    }
    let mut at = offset;
    let mut segs = layout.segs.iter().cycle();
    for (i, v) in values.iter().enumerate() {
        let t = loop {
            match segs.next() {
                Some(Seg::Pad(n)) => at += n,
                Some(Seg::Val(t)) => break *t,
                None => return Err("empty layout".into()),
            }
        };
        let Some(bits) = read_bits(t, bytes, at) else {
            return Err(format!(
                "value {i} at byte {at} is past the end of the buffer"
            ));
        };
        if !compare(t, bits, *v, cmp, tol) {
            let op = match (tol, cmp) {
                (Some(_), _) => "~=",
                (_, Cmp::Eq) => "==",
                (_, Cmp::Ne) => "!=",
                (_, Cmp::Lt) => "<",
                (_, Cmp::Le) => "<=",
                (_, Cmp::Gt) => ">",
                (_, Cmp::Ge) => ">=",
            };
            return Err(format!(
                "value {i} (byte {at}): got {}, expected {op} {}",
                t.format(&bits.to_le_bytes()),
                t.format(&script::num_bits(t, *v).to_le_bytes())
            ));
        }
        at += t.size();
    }
    Ok(())
}

fn compatible(l1: &Layout, b1: &[u8], l2: &Layout, b2: &[u8]) -> Result<(), String> {
    if l1 != l2 {
        return Err("the buffers have different data types".into());
    }
    if b1.len() != b2.len() {
        return Err(format!(
            "the buffers have different sizes ({} and {} bytes)",
            b1.len(),
            b2.len()
        ));
    }
    Ok(())
}

/// Every non-padding value of a buffer, as f64.
fn values_of(layout: &Layout, bytes: &[u8]) -> Vec<f64> {
    let mut out = Vec::new();
    if layout.size == 0 {
        return out;
    }
    let mut at = 0;
    while at + layout.size <= bytes.len() {
        for s in &layout.segs {
            match s {
                Seg::Pad(n) => at += n,
                Seg::Val(t) => {
                    if let Some(b) = read_bits(*t, bytes, at) {
                        out.push(bits_value(*t, b).as_f64());
                    }
                    at += t.size();
                }
            }
        }
    }
    out
}

/// The workgroup size of a kernel without its own: clspv's convention,
/// SpecId 0, 1, 2 (1 when not given); `None` for a kernel that has one.
fn spec_local_size(kernel: &Kernel, p: &Pipeline) -> Option<[u32; 3]> {
    if kernel.local_size.is_some() {
        return None;
    }
    let mut ls = [1u32; 3];
    for (id, v) in &p.spec {
        if let (Some(slot), isa::lower::SpecValue::Int(i)) = (ls.get_mut(*id as usize), v) {
            *slot = (*i).clamp(0, u32::MAX as i128) as u32;
        }
    }
    Some(ls)
}

/// An IMAGE as gpusim holds it (every mip level).
fn image_info(shape: &ImageShape, format: Format) -> ImageInfo {
    ImageInfo {
        format,
        width: shape.width,
        height: shape.height,
        depth: shape.depth,
        layers: 1,
        samples: shape.samples,
        levels: shape.levels,
    }
}

/// Where a bound view's bytes go back after a run.
enum Place {
    /// Bytes from `start` of the buffer.
    Range(String, usize),
    /// An image of several mip levels: (offset in the view, bytes) of each
    /// level, copied back to the buffer's start in order.
    Levels(String, Vec<(usize, usize)>),
}

#[cfg(test)]
mod tests {
    use super::script_lines;
    use std::path::Path;

    /// Compilers' `FILE:N` and `FILE:N:M` become the script's lines; a bare
    /// mention of the temporary file becomes the script's name.
    #[test]
    fn compiler_messages_name_the_script_lines() {
        let file = Path::new("/tmp/gpusim-amber-1-0/kernel.cl");
        let message = "/tmp/gpusim-amber-1-0/kernel.cl | /tmp/gpusim-amber-1-0/kernel.cl:3:7: error: x | ERROR: /tmp/gpusim-amber-1-0/kernel.cl:10: y";
        assert_eq!(
            script_lines(message, file, "s.amber", 5),
            "s.amber | s.amber:7:7: error: x | ERROR: s.amber:14: y"
        );
        assert_eq!(
            script_lines("no path here", file, "s.amber", 5),
            "no path here"
        );
    }
}
