//! One run from inputs to results: load and lower a workload's kernel,
//! place its buffers, bind them, launch (functionally through `exec`, or
//! timed through `timing`), and check the results. `amber` runs an Amber
//! script's commands the same way.
//!
//! Uses `input`, `exec` and `timing`; writing the results is `output`'s.

pub mod amber;
pub mod grid;

use crate::exec::launch::{printf_warnings, Grid, Launch};
use crate::exec::memory::{GlobalMemory, LocalArguments};
use crate::exec::printf::{Printed, PrintfFailure};
use crate::exec::progress::Progress;
use crate::exec::wave::Counts;
use crate::input::config::Config;
use crate::input::kernel_file::KernelFile;
use crate::input::workload::{Arg, ArgValue, Binding, CheckOutcome, ElemType, SpecValue, Workload};
use crate::timing::trace::TraceSink;
use crate::timing::Report;
use isa::ir::{Kernel, ParamKind, ResourceKind};
use isa::lower::Options;
use isa::module::printable;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Lanes per wave: 32 or 64. A timed run takes it from its config.
    pub wave_width: usize,
    pub max_wave_instructions: u64,
    /// `None` runs functionally, without timing.
    pub timing: Option<Timing>,
    /// Threads running a functional launch's workgroups (the results are
    /// the same bits on any number); a timed launch runs on one.
    pub threads: usize,
    /// A functional launch goes to `threads` threads only when the mean
    /// wave-instructions of the workgroups it ran first on the calling
    /// thread (up to the first that ran no global atomic)
    /// times its workgroups reach this: below it, waking the pool and
    /// committing batches costs more than the work
    /// (`Launch::run_functional`). 0 always goes.
    pub parallel_from: u64,
    /// Robust buffer access for every launch, whatever its manifest or
    /// script says (`Dispatch::robust_buffer_access`).
    pub robust_buffer_access: bool,
}

/// A timed run: the GPU model.
#[derive(Clone, Debug)]
pub struct Timing {
    pub config: Config,
    /// Check every scalar register written against the lanes' values
    /// (`timing::run`); for tests of the uniformity analysis.
    pub check_uniformity: bool,
}

/// The default `RunOptions::parallel_from`: about 1.5 ms of one thread's
/// work, against some tens of microseconds to wake a pool and commit a
/// batch (a launch of 4 vector_add workgroups, 92 wave-instructions, ran
/// 7 times slower on two threads than on one).
pub const PARALLEL_FROM: u64 = 50_000;

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            wave_width: 64,
            max_wave_instructions: 200_000_000,
            timing: None,
            threads: 1,
            parallel_from: PARALLEL_FROM,
            robust_buffer_access: false,
        }
    }
}

impl RunOptions {
    /// The extended-instruction families to emulate: the config's choice
    /// for a timed run, none for a functional one (the bits are the same).
    pub fn emulation(&self) -> isa::ext::Emulation {
        self.timing
            .as_ref()
            .map(|t| t.config.emulate.to_emulation())
            .unwrap_or_default()
    }

    /// A timed run on `config`.
    pub fn timed(config: Config) -> RunOptions {
        RunOptions {
            wave_width: config.cu.wave_size as usize,
            timing: Some(Timing {
                config,
                check_uniformity: false,
            }),
            ..RunOptions::default()
        }
    }
}

#[derive(Clone)]
pub struct OutputBuffer {
    pub name: String,
    pub ty: ElemType,
    pub bytes: Vec<u8>,
}

pub struct RunOutput {
    pub name: String,
    /// The manifest (or script) the run came from.
    pub source: PathBuf,
    /// The GPU model of a timed run.
    pub config: Option<Config>,
    /// Host time of the run: lowering, launch and checks.
    pub wall_seconds: f64,
    pub kernel: Kernel,
    pub buffers: Vec<OutputBuffer>,
    pub checks: Vec<CheckOutcome>,
    pub counts: Counts,
    pub wave_width: usize,
    /// What the timing model measured, for a timed run.
    pub timing: Option<Report>,
    /// What the kernel printed (OpenCL printf), in execution order.
    pub printf: String,
    /// The printf calls that printed nothing and returned -1, per call
    /// site and message (`exec::launch::printf_warnings` words them).
    pub printf_failures: Vec<PrintfFailure>,
}

impl RunOutput {
    pub fn buffer(&self, name: &str) -> Option<&[u8]> {
        self.buffers
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.bytes.as_slice())
    }

    pub fn all_checks_passed(&self) -> bool {
        self.checks.iter().all(|c| c.passed)
    }
}

/// Lowers a workload's kernel; a timed run emulates the extended-instruction
/// families its config lacks.
pub fn lower_workload(w: &Workload, opts: &RunOptions) -> Result<Kernel, String> {
    // The kernel's own errors name its file and line; the manifest that
    // chose it (and its spec constants and bindings) goes first.
    lower_kernel(w, opts).map_err(|e| format!("{}: {e}", w.path.display()))
}

fn lower_kernel(w: &Workload, opts: &RunOptions) -> Result<Kernel, String> {
    let file = KernelFile::load(&w.kernel)?;
    let options = Options {
        spec_constants: w
            .spec_constants
            .iter()
            .map(|(id, v)| {
                let v = match v {
                    SpecValue::Int(i) => isa::lower::SpecValue::Int(*i),
                    SpecValue::Float(f) => isa::lower::SpecValue::Float(*f),
                    SpecValue::Bool(b) => isa::lower::SpecValue::Bool(*b),
                };
                (*id, v)
            })
            .collect(),
        emulate: opts.emulation(),
        descriptor_counts: descriptor_counts(w.buffers.iter().map(|b| &b.binding)),
        clamp_indices: w.clamp_indices,
        strict_spec_constants: true,
        images: w
            .buffers
            .iter()
            .filter_map(|b| Some((image_slot(&b.binding)?, b.image?)))
            .collect(),
        samplers: w
            .samplers
            .iter()
            .filter_map(|(b, s)| Some((image_slot(b)?, *s)))
            .collect(),
        plain_buffers: w
            .buffers
            .iter()
            .filter(|b| b.image.is_none())
            .filter_map(|b| Some((image_slot(&b.binding)?, b.name.clone())))
            .collect(),
    };
    file.lower(&w.entry, &options)
}

/// Where lowering finds what is bound at `binding` (push constants hold no
/// images).
fn image_slot(binding: &Binding) -> Option<isa::image::Slot> {
    match *binding {
        Binding::Descriptor {
            set,
            binding,
            index,
        } => Some(isa::image::Slot::Descriptor {
            set,
            binding,
            index,
        }),
        Binding::Arg(i) => Some(isa::image::Slot::Arg(i)),
        Binding::PushConstant => None,
    }
}

/// How many elements `bindings` give each (set, binding): one past the
/// highest index bound there (the length of a runtime descriptor array).
pub fn descriptor_counts<'a>(
    bindings: impl Iterator<Item = &'a Binding>,
) -> std::collections::HashMap<(u32, u32), u32> {
    let mut counts = std::collections::HashMap::new();
    for b in bindings {
        if let Binding::Descriptor {
            set,
            binding,
            index,
        } = *b
        {
            let n = counts.entry((set, binding)).or_insert(0);
            *n = (*n).max(index.saturating_add(1));
        }
    }
    counts
}

/// Who is told about a run while it goes on: a trace of a timed run's
/// events, a progress display, and whoever shows the warnings known once
/// a workload's kernel is lowered ([`launch_warnings`]), told them before
/// the launch, so that they come before any error of it (`dispatch`,
/// given a kernel lowered already, tells none).
#[derive(Default)]
pub struct Hooks<'a> {
    pub trace: Option<&'a mut dyn TraceSink>,
    pub progress: Option<&'a mut dyn Progress>,
    pub warn: Option<&'a mut dyn FnMut(&str)>,
}

/// Why a run or a launch stopped, as a message naming its place.
#[derive(Clone, Debug, PartialEq)]
pub enum RunError {
    /// Refused before its launch began: a kernel, binding or size that
    /// cannot run.
    Refused(String),
    /// Its launch stopped with an execution error: a fault, the
    /// instruction limit (a hung kernel), a barrier deadlock. What ran up
    /// to there is worth a look (a trace of it is kept), and what the
    /// kernel printed until then is kept too.
    Launch(String, Stopped),
}

/// What a kernel printed before its launch stopped: the text, and the
/// warnings of its printf calls that printed nothing
/// (`exec::launch::printf_warnings`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stopped {
    pub printed: String,
    pub printf_warnings: Vec<String>,
}

impl RunError {
    pub fn message(&self) -> &str {
        match self {
            RunError::Refused(m) | RunError::Launch(m, _) => m,
        }
    }
}

impl From<RunError> for String {
    fn from(e: RunError) -> String {
        match e {
            RunError::Refused(m) | RunError::Launch(m, _) => m,
        }
    }
}

/// Runs a workload, functionally or timed as `opts` say. Any error (bad
/// kernel, bad binding, a fault while executing) is returned as a message
/// naming its place.
pub fn run_workload(w: &Workload, opts: &RunOptions) -> Result<RunOutput, String> {
    run_workload_with(w, opts, Hooks::default())
}

/// [`run_workload`], telling `hooks` about the run as it goes on.
pub fn run_workload_with(
    w: &Workload,
    opts: &RunOptions,
    hooks: Hooks,
) -> Result<RunOutput, String> {
    Ok(run_on_buffers(w, initial_buffers(w), opts, hooks)?)
}

/// [`run_workload_with`] for a workload run once: its buffers' initial
/// contents move into the launch instead of being copied, and are left
/// empty. (The copy doubled a run's memory: 1.51 GiB for 768 MiB of
/// buffers.)
pub fn run_workload_taking(
    w: &mut Workload,
    opts: &RunOptions,
    hooks: Hooks,
) -> Result<RunOutput, RunError> {
    let buffers = w
        .buffers
        .iter_mut()
        .map(|b| OutputBuffer {
            name: b.name.clone(),
            ty: b.ty,
            bytes: std::mem::take(&mut b.init),
        })
        .collect();
    run_on_buffers(w, buffers, opts, hooks)
}

/// Runs workload `w` with `buffers` (its buffers' initial contents, in its
/// order) as the launch's memory.
fn run_on_buffers(
    w: &Workload,
    mut buffers: Vec<OutputBuffer>,
    opts: &RunOptions,
    mut hooks: Hooks,
) -> Result<RunOutput, RunError> {
    let started = std::time::Instant::now();
    let kernel = lower_runnable(w, opts).map_err(RunError::Refused)?;
    if let Some(warn) = hooks.warn.take() {
        launch_warnings(w, &kernel).iter().for_each(|m| warn(m));
    }
    let bindings: Vec<Binding> = w.buffers.iter().map(|b| b.binding.clone()).collect();
    let context = w.path.display().to_string();
    let Launched {
        counts,
        timing,
        printf,
    } = dispatch(
        &Dispatch::of_manifest(w, &kernel, &context, &bindings),
        &mut buffers,
        opts,
        hooks,
    )?;
    let checks = check_outcomes(w, &buffers);
    Ok(RunOutput {
        name: w.name.clone(),
        source: w.path.clone(),
        config: opts.timing.as_ref().map(|t| t.config.clone()),
        wall_seconds: started.elapsed().as_secs_f64(),
        kernel,
        buffers,
        checks,
        counts,
        wave_width: opts.wave_width,
        timing,
        printf: printf.text,
        printf_failures: printf.failures,
    })
}

/// The workload's kernel lowered for `opts`, once the wave width suits the
/// manifest's `subgroup_size` and `full_subgroups`.
pub fn lower_runnable(w: &Workload, opts: &RunOptions) -> Result<Kernel, String> {
    let kernel = lower_workload(w, opts)?;
    if let Some((required, at)) = &w.subgroup_size {
        check_subgroup_size(*required, opts.wave_width).map_err(|e| format!("{at}: {e}"))?;
    }
    if let (Some(at), Some(local_size)) = (&w.full_subgroups, kernel.local_size.or(w.local_size)) {
        check_full_subgroups(local_size, opts.wave_width).map_err(|e| format!("{at}: {e}"))?;
    }
    Ok(kernel)
}

/// The workload's checks on the launch's `buffers`.
pub fn check_outcomes(w: &Workload, buffers: &[OutputBuffer]) -> Vec<CheckOutcome> {
    w.checks
        .iter()
        .map(|c| {
            let out = buffers
                .iter()
                .find(|b| b.name == c.buffer)
                .expect("checks name known buffers");
            c.evaluate(out.ty, &out.bytes)
        })
        .collect()
}

/// Whether a run of wave width `wave_width` gives a kernel the subgroup size
/// it requires: a model has one wave size, and the subgroup is the wave.
/// The subgroup size the manifest at `path` requires, and where it says
/// so; none for a manifest that requires none or does not load (its run
/// says why).
pub fn required_subgroup(path: &std::path::Path) -> Option<(u32, String)> {
    let w = Workload::load(path).ok()?;
    w.subgroup_size.map(|(n, at)| (n, at.to_string()))
}

/// `message` about `place` (a file), led by it unless it names it first
/// already (an error at a line of the file does).
pub fn named_at(place: &str, message: &str) -> String {
    if message.starts_with(&format!("{place}:")) {
        message.to_string()
    } else {
        format!("{place}: {message}")
    }
}

pub fn check_subgroup_size(required: u32, wave_width: usize) -> Result<(), String> {
    if required as usize == wave_width {
        Ok(())
    } else {
        Err(format!(
            "requires subgroup size {required}, but the model's wave size is {wave_width} (cu.wave_size, --wave-size)"
        ))
    }
}

/// Whether every subgroup of a workgroup of `local_size` is full: Vulkan's
/// rule for full subgroups is an x size that is a multiple of the subgroup
/// size (waves fill in x-major order, so then no wave is partial).
pub fn check_full_subgroups(local_size: [u32; 3], wave_width: usize) -> Result<(), String> {
    if (local_size[0] as usize).is_multiple_of(wave_width) {
        Ok(())
    } else {
        Err(format!(
            "requires full subgroups, but the local size x {} is not a multiple of the model's wave size {wave_width}",
            local_size[0]
        ))
    }
}

/// What one launch produced besides the buffers.
pub struct Launched {
    pub counts: Counts,
    /// For a timed run, what the timing model measured.
    pub timing: Option<Report>,
    pub printf: Printed,
}

/// The workload's buffers with their initial contents.
pub fn initial_buffers(w: &Workload) -> Vec<OutputBuffer> {
    w.buffers
        .iter()
        .map(|b| OutputBuffer {
            name: b.name.clone(),
            ty: b.ty,
            bytes: b.init.clone(),
        })
        .collect()
}

/// One kernel launch over buffers the caller owns.
pub struct Dispatch<'a> {
    pub kernel: &'a Kernel,
    /// Names the source of the launch (a manifest or script) in messages.
    pub context: &'a str,
    pub workgroups: [u32; 3],
    /// For kernels without their own local size.
    pub local_size: Option<[u32; 3]>,
    /// Where `local_size` was given (a manifest's `path:line:col`), for
    /// messages; else the context.
    pub local_size_at: Option<&'a str>,
    /// How each buffer is bound, in the order of the buffers.
    pub bindings: &'a [Binding],
    pub args: &'a [Arg],
    /// Robust buffer access, as Vulkan's robustBufferAccess2 defines it: a
    /// load outside its buffer gives zeros, a store or atomic there does
    /// nothing (and an atomic returns zero). Without it such an access
    /// faults and names the place.
    pub robust_buffer_access: bool,
    /// What OpenCL's get_work_dim() gives (1 to 3).
    pub work_dim: u32,
    /// The NDRange's offset (OpenCL's get_global_offset()), with where it
    /// is written; a shader's dispatch has none.
    pub global_offset: [u64; 3],
    pub global_offset_at: Option<&'a str>,
}

impl<'a> Dispatch<'a> {
    /// The launch manifest `w` gives its lowered `kernel`: `context` names
    /// the manifest, `bindings` are its buffers' in order.
    pub fn of_manifest(
        w: &'a Workload,
        kernel: &'a Kernel,
        context: &'a str,
        bindings: &'a [Binding],
    ) -> Dispatch<'a> {
        Dispatch {
            kernel,
            context,
            workgroups: w.workgroups,
            local_size: w.local_size,
            local_size_at: w.local_size_at.as_deref(),
            bindings,
            args: &w.args,
            robust_buffer_access: w.robust_buffer_access,
            work_dim: w.work_dim,
            global_offset: w.global_offset,
            global_offset_at: w.global_offset_at.as_deref(),
        }
    }
}

/// Launches `d.kernel` over `buffers`, whose bytes it updates in place,
/// telling `hooks` about it as it goes on.
pub fn dispatch(
    d: &Dispatch,
    buffers: &mut [OutputBuffer],
    opts: &RunOptions,
    hooks: Hooks,
) -> Result<Launched, RunError> {
    let refused = |m: String| Err(RunError::Refused(m));
    if let Some(t) = &opts.timing {
        if t.config.cu.wave_size as usize != opts.wave_width {
            return refused(format!(
                "wave size {} differs from the config's cu.wave_size {}",
                opts.wave_width, t.config.cu.wave_size
            ));
        }
    }
    if opts.wave_width != 32 && opts.wave_width != 64 {
        return refused(format!(
            "wave size {} is not supported (32 or 64)",
            opts.wave_width
        ));
    }
    let kernel = d.kernel;
    let manifest = d.context;
    // Lowering checked a kernel's own size; the dispatch's is checked here.
    let local_size = match (kernel.local_size, d.local_size) {
        (Some(k), Some(m)) if k != m => {
            let at = d.local_size_at.unwrap_or(manifest);
            return refused(format!(
                "{at}: local_size {m:?} differs from the kernel's own {k:?}"
            ));
        }
        (Some(k), _) => k,
        (None, Some(m)) => {
            if let Err(reason) = isa::ir::check_workgroup_size(m) {
                let at = d.local_size_at.unwrap_or(manifest);
                return refused(format!("{at}: local_size {m:?}: {reason}"));
            }
            m
        }
        (None, None) => {
            return refused(format!(
                "{manifest}: the kernel has no LocalSize; give local_size in the manifest"
            ))
        }
    };
    if d.workgroups.contains(&0) {
        return refused(format!(
            "{manifest}: workgroups {:?}: every entry must be at least 1",
            d.workgroups
        ));
    }

    if d.global_offset != [0; 3] {
        let at = d.global_offset_at.unwrap_or(manifest);
        if kernel.dialect != isa::ir::Dialect::OpenCl {
            return refused(format!(
                "{at}: global_offset is an OpenCL NDRange's offset; a shader's dispatch has none"
            ));
        }
        // As clEnqueueNDRangeKernel's CL_INVALID_GLOBAL_OFFSET: every
        // global id must fit the kernel's size_t.
        let limit = isa::core::mask(kernel.pointer_bits) as u128;
        let dims = d.workgroups.iter().zip(local_size).zip(d.global_offset);
        for (dim, ((&groups, local), offset)) in dims.enumerate() {
            let size = groups as u128 * local as u128;
            if offset as u128 + size - 1 > limit {
                return refused(format!(
                    "{at}: global_offset {:?} with a global size of {size} in dimension {dim} passes the kernel's {}-bit size_t",
                    d.global_offset, kernel.pointer_bits
                ));
            }
        }
    }

    let robust = d.robust_buffer_access || opts.robust_buffer_access;
    if robust && kernel.pointer_bits != 64 {
        return refused(format!(
            "{manifest}: robust buffer access needs 64-bit pointers (a Vulkan shader or a Physical64 kernel); this kernel's are {}-bit",
            kernel.pointer_bits
        ));
    }
    let mut global = if robust {
        GlobalMemory::robust()
    } else {
        GlobalMemory::default()
    };
    let mut addresses = Vec::new();
    for b in buffers.iter_mut() {
        let addr = global
            .add(&b.name, std::mem::take(&mut b.bytes))
            .map_err(|e| RunError::Refused(format!("{manifest}: {e}")))?;
        addresses.push(addr);
    }
    let bound = bind(d, &global, &addresses).map_err(RunError::Refused);
    let result = bound.and_then(|(uniforms, local_arguments)| {
        let grid = Grid {
            workgroups: d.workgroups,
            local_size,
            work_dim: d.work_dim,
            global_offset: d.global_offset,
        };
        let launch = Launch::new(
            kernel,
            grid,
            opts.wave_width,
            uniforms,
            local_arguments,
            opts.max_wave_instructions,
        );
        let mut printf = Printed::default();
        let ran = match &opts.timing {
            None => launch
                .run_functional(
                    &mut global,
                    &mut printf,
                    hooks.progress,
                    opts.threads,
                    opts.parallel_from,
                )
                .map(|counts| (counts, None)),
            Some(t) => crate::timing::run(
                &launch,
                &mut global,
                &t.config,
                hooks.trace,
                hooks.progress,
                t.check_uniformity,
                &mut printf,
            )
            .map(|r| (r.counts, Some(r.report))),
        };
        match ran {
            Ok((counts, timing)) => Ok(Launched {
                counts,
                timing,
                printf,
            }),
            Err(e) => {
                let printf_warnings = printf_warnings(kernel, &printf.failures);
                let stopped = Stopped {
                    printed: printf.text,
                    printf_warnings,
                };
                Err(RunError::Launch(e.0, stopped))
            }
        }
    });
    // The buffers get their bytes back whether or not the launch finished.
    for (b, g) in buffers.iter_mut().zip(global.buffers) {
        b.bytes = g.data;
    }
    result
}

/// Whether a buffer bound at `b` is what resource `r` reads: push
/// constants, or a buffer or image at its descriptor.
fn binds(b: &Binding, r: &isa::ir::Resource) -> bool {
    match (b, r.kind) {
        (Binding::PushConstant, ResourceKind::PushConstant) => true,
        (
            Binding::Descriptor {
                set,
                binding,
                index,
            },
            ResourceKind::StorageBuffer | ResourceKind::UniformBuffer | ResourceKind::Image,
        ) => (*set, *binding, *index) == (r.set, r.binding, r.index),
        _ => false,
    }
}

/// What `gpusim run` warns of once `w`'s kernel is lowered, each message
/// leading with its place (`path:line:col` of its `[[buffer]]` or
/// `value`): the buffers bound where the kernel declares nothing
/// ([`unused_bindings`]), read otherwise than described
/// ([`image_mismatches`], [`buffer_type_mismatches`]), and the arguments
/// whose types differ from their parameters' ([`arg_type_mismatches`]).
pub fn launch_warnings(w: &Workload, kernel: &Kernel) -> Vec<String> {
    unused_bindings(w, kernel)
        .into_iter()
        .chain(image_mismatches(w, kernel))
        .chain(buffer_type_mismatches(w, kernel))
        .chain(arg_type_mismatches(w, kernel))
        .collect()
}

/// The buffers of `w` bound to an OpenCL pointer argument to numbers of
/// another kind (integer or float) or width than the buffer's `type`: the
/// kernel reads the buffer's bytes as its own type (an `i32` buffer for a
/// `float *` gives floats of the integers' bits). Signedness does not
/// count (a kernel's integers have none), nor a pointer to bytes (`char *`
/// and `uchar *` read any buffer's bytes).
pub fn buffer_type_mismatches(w: &Workload, kernel: &Kernel) -> Vec<String> {
    w.buffers
        .iter()
        .filter_map(|b| {
            let Binding::Arg(index) = b.binding else {
                return None;
            };
            let p = kernel.params.get(index as usize)?;
            let ParamKind::GlobalPointer {
                element: Some(element),
            } = p.kind
            else {
                return None;
            };
            let held = b.ty.scalar();
            if element == held || element == isa::core::Scalar::Int(8) || b.image.is_some() {
                return None;
            }
            Some(format!(
                "{}: buffer '{}' holds {} ({held}), but kernel argument {index} ('{}') points to {element}: the kernel reads its bytes as they are",
                b.place,
                b.name,
                b.ty.name(),
                printable(&p.name)
            ))
        })
        .collect()
}

/// The buffers of `w` whose image description the kernel does not read as
/// given: a storage image declared with another format (Vulkan requires
/// them to match; the texels are read and written in the manifest's), or
/// an image description on a buffer the kernel declares as a buffer.
pub fn image_mismatches(w: &Workload, kernel: &Kernel) -> Vec<String> {
    let mut found = Vec::new();
    for b in &w.buffers {
        let Some(image) = b.image else { continue };
        for r in kernel.resources.iter().filter(|r| binds(&b.binding, r)) {
            match (r.kind, r.declared_format) {
                (ResourceKind::Image, Some(declared)) if declared != image.format => {
                    let given = image.format.vulkan_name();
                    found.push(format!(
                        "{}: buffer '{}' is bound to {} as an image of format {given}, which kernel '{}' declares {} ('{}'): its texels are read and written as {given}; Vulkan requires the formats to match",
                        b.place,
                        b.name,
                        b.binding,
                        kernel.name,
                        declared.vulkan_name(),
                        r.name,
                    ))
                }
                (ResourceKind::StorageBuffer | ResourceKind::UniformBuffer, _) => found.push(format!(
                    "{}: buffer '{}' describes an image, but kernel '{}' declares {} as a buffer ('{}'): it reads the bytes, not the image",
                    b.place, b.name, kernel.name, b.binding, r.name
                )),
                _ => {}
            }
        }
    }
    found
}

/// The buffers of `w` bound where `kernel` declares nothing (a descriptor
/// it does not have, push constants it does not read), as warnings naming
/// each: Vulkan allows them, but such a buffer is often a misnumbered
/// binding. (A buffer bound to an argument that is not a pointer is an
/// error of `bind`.)
pub fn unused_bindings(w: &Workload, kernel: &Kernel) -> Vec<String> {
    // A shader has no arguments (an OpenCL kernel's past its last are an
    // error of `bind`).
    let declared = |b: &Binding| match b {
        Binding::Arg(_) => kernel.dialect == isa::ir::Dialect::OpenCl,
        _ => kernel.resources.iter().any(|r| binds(b, r)),
    };
    w.buffers
        .iter()
        .filter(|b| !declared(&b.binding))
        .map(|b| {
            format!(
                "{}: buffer '{}' is bound to {}, which kernel '{}' does not declare: nothing reads or writes it",
                b.place, b.name, b.binding, kernel.name
            )
        })
        .collect()
}

/// What a by-value kernel parameter is, from the components lowering gave
/// it: OpenCL passes scalars and vectors by value (structs come as
/// pointers, refused when lowering).
struct ValueShape {
    /// The first component's scalar type (none for an empty value).
    scalar: Option<isa::core::Scalar>,
    count: usize,
    /// Two or more components of one type, one after another.
    vector: bool,
    /// Its size as OpenCL lays it out: a 3-component vector takes the room
    /// of a 4-component one (lowering places only the 3 components).
    bytes: u32,
}

impl ValueShape {
    fn of(components: &[(isa::core::Scalar, u32, isa::ir::Reg)]) -> ValueShape {
        let end = components
            .iter()
            .map(|(s, off, _)| off + s.bytes())
            .max()
            .unwrap_or(0);
        let scalar = components.first().map(|c| c.0);
        let vector = scalar.is_some_and(|s| {
            components.len() > 1
                && components
                    .iter()
                    .enumerate()
                    .all(|(i, c)| c.0 == s && c.1 == i as u32 * s.bytes())
        });
        let bytes = match scalar {
            Some(s) if vector && components.len() == 3 => 4 * s.bytes(),
            _ => end,
        };
        ValueShape {
            scalar,
            count: components.len(),
            vector,
            bytes,
        }
    }
}

/// `a 4-component vector of 32-bit float`, `a 32-bit float`.
impl std::fmt::Display for ValueShape {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.scalar {
            Some(s) if self.vector => write!(f, "a {}-component vector of {s}", self.count),
            Some(s) if self.count == 1 => write!(f, "a {s}"),
            _ => write!(f, "a value of {} components", self.count),
        }
    }
}

/// The `[[arg]]` values of `w` whose type differs from the kernel
/// parameter's components in kind (integer or float) or width, as warnings
/// naming each: the value's bits are passed as they are, so `type = "i32"`
/// for a `float` gives the float the integer's bits. Signed and unsigned
/// integers of one width do not differ (a kernel's integers have no
/// signedness). (A size that does not fit is an error of `bind`, and not
/// warned of.)
pub fn arg_type_mismatches(w: &Workload, kernel: &Kernel) -> Vec<String> {
    w.args
        .iter()
        .filter_map(|a| {
            let (ArgValue::Scalar { ty, .. } | ArgValue::Vector { ty, .. }) = &a.value else {
                return None;
            };
            let p = kernel.params.get(a.index as usize)?;
            let ParamKind::Value(components) = &p.kind else {
                return None;
            };
            let shape = ValueShape::of(components);
            let wanted = shape.scalar?;
            if wanted == isa::core::Scalar::Bool || wanted == ty.scalar() {
                return None;
            }
            // A value of another size does not bind at all: `bind`'s
            // error says so, and a warning of its bits would contradict it.
            let binds = match &a.value {
                ArgValue::Scalar { bytes, .. } => bytes.len() as u32 == shape.bytes,
                _ => ty.size() == wanted.bytes() as usize,
            };
            if !binds {
                return None;
            }
            let place = a
                .place
                .clone()
                .unwrap_or_else(|| w.path.display().to_string());
            // A vector's bits packed in one wide scalar, the only way before lists.
            let hint = match &a.value {
                ArgValue::Scalar { .. } if shape.vector => format!(
                    "; give `value = [..]`, a list of {} values, to have each converted",
                    shape.count
                ),
                _ => String::new(),
            };
            Some(format!(
                "{place}: kernel argument {} ('{}') is {shape}, but its [[arg]] gives type = \"{ty}\" (a {}): the bits are passed as they are, not converted{hint}",
                a.index,
                printable(&p.name),
                ty.scalar()
            ))
        })
        .collect()
}

/// The uniform register values binding buffers and arguments to the
/// kernel's resources and parameters, and where the `__local` arguments
/// lie in workgroup memory.
fn bind(
    d: &Dispatch,
    global: &GlobalMemory,
    addresses: &[u64],
) -> Result<(Vec<(isa::ir::Reg, u64)>, LocalArguments), String> {
    let kernel = d.kernel;
    let manifest = d.context;
    let mut uniforms = kernel.constants.clone();
    // Samplers are known when lowering; nothing is bound to them here.
    for r in kernel
        .resources
        .iter()
        .filter(|r| r.kind != ResourceKind::Sampler)
    {
        let found = d.bindings.iter().position(|b| binds(b, r));
        let i = found.ok_or_else(|| match r.kind {
            ResourceKind::PushConstant => format!(
                "{manifest}: the kernel reads push constants ('{}') but no buffer has push_constant = true",
                printable(&r.name)
            ),
            // Element 1 exists exactly when the binding is an array.
            _ if kernel
                .resources
                .iter()
                .any(|o| (o.set, o.binding, o.index) == (r.set, r.binding, 1)) =>
            {
                format!(
                "{manifest}: the kernel uses set {} binding {} array element {} ('{}[{}]') but no buffer is bound there",
                    r.set, r.binding, r.index, printable(&r.name), r.index
                )
            }
            _ => format!(
                "{manifest}: the kernel uses set {} binding {} ('{}') but no buffer is bound there",
                r.set, r.binding, printable(&r.name)
            ),
        })?;
        uniforms.push((r.reg, addresses[i]));
        uniforms.push((r.size_reg, global.buffers[i].data.len() as u64));
    }
    // `__local` arguments: (index, name, bytes), and the registers that
    // get their addresses once they are laid out.
    let mut locals = Vec::new();
    let mut local_regs = Vec::new();
    for (index, p) in kernel.params.iter().enumerate() {
        let index = index as u32;
        let given = d.args.iter().find(|a| a.index == index);
        let arg = given.map(|a| &a.value);
        // Messages about a given argument name its place in the manifest.
        let at = given.and_then(|a| a.place.as_deref()).unwrap_or(manifest);
        match &p.kind {
            ParamKind::Sampler => {}
            ParamKind::GlobalPointer { .. } | ParamKind::Image => {
                let i = d
                    .bindings
                    .iter()
                    .position(|b| *b == Binding::Arg(index))
                    .ok_or_else(|| {
                        format!("{manifest}: kernel argument {index} ('{}') is a pointer; bind a buffer with arg = {index}", printable(&p.name))
                    })?;
                uniforms.push((p.reg, addresses[i]));
            }
            ParamKind::LocalPointer => {
                let Some(ArgValue::Local { bytes }) = arg else {
                    return Err(format!(
                        "{at}: kernel argument {index} ('{}') is a local pointer; give an [[arg]] with index = {index} and local_bytes",
                        printable(&p.name)
                    ));
                };
                locals.push((index, p.name.clone(), *bytes));
                local_regs.push(p.reg);
            }
            ParamKind::Value(components) => {
                let shape = ValueShape::of(components);
                let bytes = match arg {
                    Some(ArgValue::Scalar { bytes, .. }) => bytes,
                    Some(ArgValue::Vector { ty, count, bytes }) => {
                        let count = *count as usize;
                        if shape.count != count || !shape.vector {
                            let wanted = if shape.vector {
                                format!("give a list of {} values", shape.count)
                            } else {
                                "give one value, not a list".to_string()
                            };
                            return Err(format!(
                                "{at}: kernel argument {index} ('{}') is {} but `value` is a list of {count}; {wanted}",
                                printable(&p.name), shape
                            ));
                        }
                        if let Some(s) = shape.scalar.filter(|s| s.bytes() as usize != ty.size()) {
                            return Err(format!(
                                "{at}: kernel argument {index} ('{}') is {}, but type = \"{ty}\" is {} bits wide; give a type of {} bits",
                                printable(&p.name),
                                shape,
                                8 * ty.size(),
                                8 * s.bytes()
                            ));
                        }
                        bytes
                    }
                    _ => {
                        return Err(format!(
                            "{at}: kernel argument {index} ('{}') is a value; give an [[arg]] with index = {index}, type and value",
                            printable(&p.name)
                        ))
                    }
                };
                if bytes.len() as u32 != shape.bytes {
                    let hint = if shape.vector {
                        format!(
                            "; it is {shape}: give `value = [..]`, a list of {} values",
                            shape.count
                        )
                    } else {
                        String::new()
                    };
                    return Err(format!(
                        "{at}: kernel argument {index} ('{}') takes {} bytes but {} are given{hint}",
                        printable(&p.name),
                        shape.bytes,
                        bytes.len()
                    ));
                }
                for (s, off, reg) in components {
                    let mut v = [0u8; 8];
                    let n = s.bytes() as usize;
                    v[..n].copy_from_slice(&bytes[*off as usize..*off as usize + n]);
                    uniforms.push((*reg, u64::from_le_bytes(v)));
                }
            }
        }
    }
    if let Some(a) = d
        .args
        .iter()
        .find(|a| a.index as usize >= kernel.params.len())
    {
        return Err(format!(
            "{manifest}: [[arg]] index {} but the kernel takes {} arguments",
            a.index,
            kernel.params.len()
        ));
    }
    // A buffer bound to no pointer argument would be left out without a
    // word, as an [[arg]] past the last is not.
    for (i, b) in d.bindings.iter().enumerate() {
        let Binding::Arg(index) = *b else { continue };
        let name = &global.buffers[i].name;
        match kernel.params.get(index as usize) {
            None => {
                return Err(format!(
                    "{manifest}: buffer '{name}' is bound to arg = {index} but the kernel takes {} arguments",
                    kernel.params.len()
                ))
            }
            Some(p) if !matches!(p.kind, ParamKind::GlobalPointer { .. } | ParamKind::Image) => {
                return Err(format!(
                    "{manifest}: buffer '{name}' is bound to arg = {index}, but kernel argument {index} ('{}') is not a global pointer or image; give it an [[arg]]",
                    printable(&p.name)
                ))
            }
            Some(_) => {}
        }
    }
    let local_arguments = LocalArguments::lay_out(kernel.workgroup_bytes, locals, 1 << 26)
        .map_err(|e| format!("{manifest}: {e}"))?;
    for (k, reg) in local_regs.into_iter().enumerate() {
        uniforms.push((reg, local_arguments.address(k)));
    }
    Ok((uniforms, local_arguments))
}
