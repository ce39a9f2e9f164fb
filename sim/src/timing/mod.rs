//! The timing model: compute units with SIMDs, wave schedulers, functional
//! units and a scoreboard; per-CU L1 caches, a banked L2 with atomic units,
//! and DRAM. Instructions execute functionally when they issue (the same
//! `Wave::step` as an untimed run; a run of lane-wise instructions, which
//! nothing outside the wave sees, when its first issues); this module
//! decides when.
//!
//! Uses `exec` (waves, memory, launches) and `input` (the GPU config);
//! what it measures leaves as a `Report` and as events told to a trace
//! sink, and nothing here writes a file.

mod booking;
mod cache;
mod memory;
pub mod report;
pub mod trace;

use crate::console::plural;
use crate::exec::lane_ops::entries_above;
use crate::exec::launch::{ExecError, Launch};
use crate::exec::memory::{space_of, GlobalMemory, Space, WaveMemory};
use crate::exec::printf::Printed;
use crate::exec::progress::{Progress, ProgressState, TICK};
use crate::exec::wave::Counts;
use crate::exec::wave::{lanes, LaneRun, Step, Wave, WaveState};
use crate::input::config::{Config, SchedulerPolicy, WaveRelease, SCALAR_UNIT};
use cache::Divisor;
use isa::ir::{AtomicOp, Inst, Kernel, Reg};
use memory::MemorySystem;
pub use report::Report;
use trace::{IssueEvent, OccupancyRecord, TraceSink};

/// Why a SIMD issued nothing in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stall {
    /// An operand waits for an ALU result.
    Dependency,
    /// An operand waits for a memory load.
    Memory,
    /// An operand waits for an atomic's result, or the wave's last atomic
    /// waits for room in the L2 atomic units' queues.
    Atomic,
    /// The needed unit is busy.
    UnitBusy,
    /// The CU's per-cycle issue limit for the category is used up.
    IssueLimit,
    /// The wave waits for a branch to resolve.
    Branch,
    Barrier,
    /// No unfinished wave on the SIMD: none placed, or all of them
    /// finished while their workgroups run on.
    NoWave,
    /// Every wave of the launch has finished; the kernel waits for its
    /// last stores and atomics to complete.
    Drain,
    /// The scalar unit: an operand waits for its result (a scalar ALU
    /// operation or scalar load), or the CU's scalar unit is busy or has
    /// issued its limit this cycle.
    Scalar,
}

impl Stall {
    pub const ALL: [Stall; 10] = [
        Stall::Dependency,
        Stall::Memory,
        Stall::Atomic,
        Stall::UnitBusy,
        Stall::IssueLimit,
        Stall::Branch,
        Stall::Barrier,
        Stall::Scalar,
        Stall::NoWave,
        Stall::Drain,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Stall::Dependency => "dependency",
            Stall::Memory => "memory",
            Stall::Atomic => "atomic_queue",
            Stall::UnitBusy => "unit_busy",
            Stall::IssueLimit => "issue_limit",
            Stall::Branch => "branch",
            Stall::Barrier => "barrier",
            Stall::NoWave => "no_wave",
            Stall::Drain => "drain",
            Stall::Scalar => "scalar",
        }
    }
}

/// Issue categories limited per CU and cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Category {
    Valu,
    Trans,
    Memory,
    Lds,
    Branch,
    /// The scalar unit: scalar ALU instructions and scalar loads.
    Scalar,
}

/// Issue categories.
const CATEGORIES: usize = 6;

/// The address space a memory instruction touches, as far as the scheduler
/// tells them apart (with an address `NextInst` took 40 bytes, not 24).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Touches {
    Global,
    Lds,
    Private,
}

/// What reports and traces call the paths after the config's units: the
/// scalar ALU, the LDS, the vector memory path and the scalar memory path.
const PATHS: [&str; 4] = [SCALAR_UNIT, "lds", "memory", "scalar_memory"];

/// What stops a wave issuing in a cycle, as the scheduler first finds it.
#[derive(Clone, Copy)]
enum Blocked {
    Barrier,
    /// For its last branch, an operand or a memory barrier's stores.
    Waiting,
    IssueLimit,
    /// Its unit is busy until then.
    UnitBusy(u64),
}

/// What produced a register's pending value, for stall attribution.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Producer {
    Alu,
    Memory,
    Atomic,
    Scalar,
}

/// How the timing model treats the instruction at one pc.
#[derive(Clone, Debug)]
struct InstTiming {
    /// Functional unit index for ALU-like work (and private memory).
    unit: usize,
    latency: u32,
    interval: u32,
    category: Category,
    is_memory: bool,
    /// A memory barrier: it waits for the wave's stores and atomics.
    is_memory_barrier: bool,
    /// A jump, branch or switch: the wave fetches nothing more until it
    /// resolves.
    is_branch: bool,
    srcs: Vec<Reg>,
    dst: Option<Reg>,
    /// Canonical name, when a trace or a per-instruction entry needs it.
    name: String,
    /// For a global atomic: its own (latency, interval) at the atomic unit,
    /// from an `[instructions."NAME"]` entry.
    atomic_timing: Option<(u64, u64)>,
    /// A scalar load or store: through the scalar cache when it touches
    /// global memory; a scalar move when it touches private memory.
    scalar_load: bool,
}

impl InstTiming {
    /// The issue category of the instruction when it touches `space`
    /// (none for an instruction that is not a memory access), and the unit
    /// it keeps busy: none for global and LDS accesses, which take the
    /// memory paths instead.
    fn category_and_unit(&self, space: Option<Touches>) -> (Category, Option<u32>) {
        match space {
            Some(Touches::Global) if self.scalar_load => (Category::Scalar, None),
            Some(Touches::Global) => (Category::Memory, None),
            Some(Touches::Lds) => (Category::Lds, None),
            _ => (self.category, Some(self.unit as u32)),
        }
    }
}

struct TWave {
    wave: Wave,
    /// Dispatch order over the whole launch (its slot in the wave table is
    /// reused once it finishes).
    id: usize,
    workgroup: usize,
    simd: usize,
    /// Ready cycle of every register.
    ready: Vec<u64>,
    producer: Vec<Producer>,
    next_issue: u64,
    /// Until when its last atomic's lane operations wait at full queues of
    /// the L2's atomic units (`atomics.queue_per_bank`), holding the wave.
    held_by_atomics: u64,
    /// When its last store or atomic completes.
    memory_done: u64,
    /// Lane-wise instructions executed ahead of their issue: `start` is
    /// the next to issue. The wave itself is past them.
    ahead: Option<LaneRun>,
    /// Its slot and registers went back to its SIMD (it finished, and
    /// `cu.wave_release` is "wave"); the workgroup keeps its entry.
    released: bool,
}

/// A wave's next instruction as the scheduler sees it. Nothing it derives
/// from changes before the wave issues again or is released from a
/// barrier, where it is worked out anew.
#[derive(Clone, Copy)]
struct NextInst {
    pc: u32,
    /// The wave waits at a workgroup barrier.
    at_barrier: bool,
    /// The cycle from which the wave's last branch, the instruction's
    /// operands and (for a memory barrier) the wave's stores and atomics
    /// let it issue; never at a workgroup barrier, so that one test finds
    /// every wave that cannot issue yet.
    earliest: u64,
    /// For a memory instruction, the address space it touches.
    space: Option<Touches>,
    category: Category,
    /// The unit it keeps busy, if it is not a global or LDS access.
    unit: Option<u32>,
}

struct Workgroup {
    coords: [u32; 3],
    cu: usize,
    waves: Vec<usize>,
    shared: Vec<u8>,
    lds_bytes: u32,
}

#[derive(Clone)]
struct ComputeUnit {
    workgroups: u32,
    lds_used: u32,
}

/// One SIMD of a compute unit.
#[derive(Clone, Default)]
struct Simd {
    /// Resident waves (indices into the wave table), oldest first.
    waves: Vec<usize>,
    vgprs: u32,
    sgprs: u32,
    /// Id of the last wave it issued from (round-robin and greedy
    /// policies).
    last_issued: Option<usize>,
}

/// Theoretical occupancy of the launch on one CU and what limits it.
#[derive(Clone, Debug)]
pub struct Occupancy {
    pub vgprs_per_wave: u32,
    /// Scalar registers per wave, reserved ones included (0 without a
    /// scalar unit).
    pub sgprs_per_wave: u32,
    pub waves_per_workgroup: u32,
    pub waves_per_simd: u32,
    pub limiter: &'static str,
    /// waves_per_simd / wave slots per SIMD.
    pub fraction: f64,
}

pub fn occupancy(kernel: &Kernel, cfg: &Config, waves_per_wg: u32, lds_per_wg: u32) -> Occupancy {
    let cu = &cfg.cu;
    let scalar = cfg.scalar_unit();
    let demand = isa::liveness::register_demand(kernel, scalar.map(|_| cu.wave_size / 32));
    let mut vgprs = demand.vgprs;
    let mut sgprs = 0;
    if let Some(sc) = scalar {
        let need = demand.sgprs.saturating_add(sc.reserved_sgprs);
        // Past the most a wave may hold, values go to lanes of vector
        // registers, as a compiler spills scalar registers.
        let spilled = need.saturating_sub(sc.sgprs_per_wave);
        vgprs = vgprs.saturating_add(spilled.div_ceil(cu.wave_size));
        sgprs = need
            .min(sc.sgprs_per_wave)
            .max(1)
            .next_multiple_of(sc.sgpr_granule);
    }
    let vgprs = vgprs.max(1).next_multiple_of(cu.vgpr_granule);
    // Whole workgroups per CU under each limit. The dispatcher puts each
    // wave on the least loaded SIMD with room, so a CU holds a workgroup
    // while its SIMDs have room for all its waves between them.
    let waves_per_wg = waves_per_wg.max(1);
    let per_cu = |waves_per_simd: u32| cu.simds.saturating_mul(waves_per_simd) / waves_per_wg;
    let limits = [
        ("wave_slots", per_cu(cu.wave_slots_per_simd)),
        ("vgprs", per_cu(cu.vgprs_per_simd / vgprs)),
        (
            "sgprs",
            match scalar {
                Some(sc) => per_cu(sc.sgprs_per_simd / sgprs),
                None => u32::MAX,
            },
        ),
        (
            "lds",
            cfg.memory
                .lds
                .bytes
                .checked_div(lds_per_wg)
                .unwrap_or(u32::MAX),
        ),
        ("workgroups_per_cu", cu.workgroups_per_cu),
    ];
    let (limiter, workgroups) = limits
        .iter()
        .copied()
        .min_by_key(|(_, w)| *w)
        .expect("limits are listed");
    // Waves per SIMD: the busiest SIMD holds this many.
    let waves = (workgroups.saturating_mul(waves_per_wg))
        .div_ceil(cu.simds)
        .min(cu.wave_slots_per_simd);
    Occupancy {
        vgprs_per_wave: vgprs,
        sgprs_per_wave: sgprs,
        waves_per_workgroup: waves_per_wg,
        waves_per_simd: waves,
        limiter,
        fraction: waves as f64 / cu.wave_slots_per_simd as f64,
    }
}

/// What a CU holds of the resource `limiter` names (an occupancy limit),
/// as the config's keys say it.
fn capacity(cfg: &Config, limiter: &str) -> String {
    let cu = &cfg.cu;
    match limiter {
        "wave_slots" => format!(
            "{} SIMDs of cu.wave_slots_per_simd = {}",
            cu.simds, cu.wave_slots_per_simd
        ),
        "vgprs" => format!(
            "{} SIMDs of cu.vgprs_per_simd = {}",
            cu.simds, cu.vgprs_per_simd
        ),
        "sgprs" => match cfg.scalar_unit() {
            Some(sc) => format!(
                "{} SIMDs of scalar.sgprs_per_simd = {}",
                cu.simds, sc.sgprs_per_simd
            ),
            None => "no scalar unit".to_string(),
        },
        "lds" => format!("memory.lds.bytes = {}", cfg.memory.lds.bytes),
        _ => format!("cu.workgroups_per_cu = {}", cu.workgroups_per_cu),
    }
}

pub struct TimedRun {
    pub counts: Counts,
    pub report: Report,
}

/// Runs `launch` under the timing model of `cfg`, telling the trace every
/// issue and occupancy change, and the progress display every workgroup
/// done, as they happen.
///
/// With `check_uniformity`, every instruction writing a scalar register
/// also checks that the lanes it ran on got one value, and a wrong
/// uniformity analysis stops the run with an internal error (for tests).
///
/// What the kernel printed goes to `printf`, also when the run stops.
pub fn run(
    launch: &Launch,
    global: &mut GlobalMemory,
    cfg: &Config,
    trace: Option<&mut dyn TraceSink>,
    progress: Option<&mut dyn Progress>,
    check_uniformity: bool,
    printf: &mut Printed,
) -> Result<TimedRun, ExecError> {
    let mut engine = Engine::new(launch, cfg, trace, progress);
    if let Some(sink) = engine.trace.as_deref_mut() {
        sink.source_files(&launch.kernel.source_files);
    }
    engine.check_uniformity = check_uniformity && cfg.scalar_unit().is_some();
    engine.run(global, printf)
}

struct Engine<'a, 't, 'p> {
    launch: &'a Launch<'a>,
    cfg: &'a Config,
    kernel: &'a Kernel,
    info: Vec<InstTiming>,
    unit_names: Vec<String>,
    passes: u32,
    occupancy: Occupancy,
    /// Resident waves and workgroups; a finished one's slot is reused, so
    /// the tables hold at most what the GPU can hold at once.
    waves: Vec<TWave>,
    free_waves: Vec<usize>,
    workgroups: Vec<Workgroup>,
    free_workgroups: Vec<usize>,
    /// Waves placed so far: the next wave's id.
    waves_placed: usize,
    cus: Vec<ComputeUnit>,
    /// Per (CU, SIMD), at `c * simds + s`.
    simd_state: Vec<Simd>,
    /// Per (CU, SIMD): the unfinished ones among its resident waves,
    /// oldest first, those the scheduler looks at.
    active: Vec<Vec<usize>>,
    /// The cycle each unit instance is free: per SIMD (as `simd_state`),
    /// per unit, per instance, in one array (see `Engine::instances`).
    unit_free: Vec<u64>,
    /// Per SIMD (as `simd_state`), per unit: when its first instance is
    /// free, the least of its instances' `unit_free`, kept so that the
    /// scheduler reads one figure.
    unit_first_free: Vec<u64>,
    mem: MemorySystem,
    /// Workgroups placed so far, in x-fastest order; the rest wait.
    workgroups_placed: u64,
    total_workgroups: u64,
    next_cu: usize,
    cycle: u64,
    report: Report,
    counts: Counts,
    trace: Option<&'t mut dyn TraceSink>,
    progress: Option<&'p mut dyn Progress>,
    workgroups_done: u64,
    /// Reused buffer for the scheduler's order of waves.
    order: Vec<usize>,
    /// Reused buffer of `fits`.
    fit_counts: Vec<(usize, u32, u32)>,
    simds: usize,
    /// Per wave slot (as `waves`): its next instruction as the scheduler
    /// sees it, apart from the wave table so that looking over a SIMD's
    /// waves touches little memory.
    next: Vec<NextInst>,
    /// Per (CU, SIMD): the SIMD cannot issue before this cycle.
    wake: Vec<u64>,
    /// Per category: instructions a CU may issue in one cycle.
    issue_limits: [u32; CATEGORIES],
    /// Instructions a SIMD may issue in one cycle.
    per_simd: u32,
    /// How a SIMD picks among its waves that can issue.
    scheduler: SchedulerPolicy,
    /// Per category: whether the other SIMDs of a CU can use up its limit
    /// in a cycle before a SIMD has issued.
    contested: [bool; CATEGORIES],
    /// The scalar ALU's turns: each SIMD of a CU in turn owns it for
    /// `interval` cycles (0 without a scalar unit).
    scalar_interval: u64,
    /// `scalar_interval` times the SIMDs: the turns' period.
    scalar_period: Divisor,
    check_uniformity: bool,
    /// Resources were freed (or nothing placed yet): try dispatching.
    dispatch_dirty: bool,
    /// A barrier was released in the CU being visited.
    released: bool,
    /// The last dispatch found no CU with room for a workgroup.
    all_full: bool,
    /// CUs that freed room since the last dispatch.
    freed: Vec<usize>,
    /// Workgroups resident on all CUs.
    resident: usize,
    /// CUs that became empty during the current cycle.
    emptied: Vec<usize>,
    /// CUs with resident workgroups, in ascending order: each cycle visits
    /// only these, however wide the GPU.
    busy: Vec<usize>,
    /// Beside each CU of `busy`: the least of its SIMDs' `wake`, so that a
    /// cycle passes a sleeping CU by without looking at its SIMDs. In one
    /// array of their own, the CUs a cycle passes by cost a read each.
    busy_wake: Vec<u64>,
    /// When the last global store or atomic issued so far completes.
    writes_done: u64,
    /// Per unit: its instances' range among one SIMD's slots.
    unit_slots: Vec<(usize, usize)>,
    slots_per_simd: usize,
    printf: Printed,
    /// Wave-instructions issued at each pc, for the instruction mix.
    issued: Vec<u64>,
    /// Wave-instructions issued to each unit, then to the LDS and to the
    /// memory path.
    issued_by_unit: Vec<u64>,
}

impl<'a, 't, 'p> Engine<'a, 't, 'p> {
    fn new(
        launch: &'a Launch<'a>,
        cfg: &'a Config,
        trace: Option<&'t mut dyn TraceSink>,
        progress: Option<&'p mut dyn Progress>,
    ) -> Engine<'a, 't, 'p> {
        let kernel = launch.kernel;
        let unit_names: Vec<String> = cfg.units.keys().cloned().collect();
        let unit_index = |name: &str| {
            unit_names
                .iter()
                .position(|u| u == name)
                .expect("validated")
        };
        let mut srcs = Vec::new();
        let info = kernel
            .insts
            .iter()
            .enumerate()
            .map(|(pc, inst)| {
                isa::liveness::sources(kernel, inst, &mut srcs);
                let class = isa::vocabulary::op_class(inst).name();
                // Names serve the trace and per-instruction entries only.
                let name = if trace.is_some() || !cfg.instructions.is_empty() {
                    isa::vocabulary::instruction_name(inst, kernel.origins[pc].opcode)
                } else {
                    String::new()
                };
                let unit_name = &cfg.classes[class];
                let u = &cfg.units[unit_name];
                let mut t = InstTiming {
                    unit: unit_index(unit_name),
                    latency: u.latency,
                    interval: u.interval,
                    category: match class {
                        "branch" => Category::Branch,
                        "trans" => Category::Trans,
                        _ => Category::Valu,
                    },
                    is_memory: matches!(
                        inst,
                        Inst::Load { .. }
                            | Inst::Store { .. }
                            | Inst::Atomic { .. }
                            | Inst::Prefetch { .. }
                    ),
                    is_memory_barrier: matches!(inst, Inst::MemoryBarrier),
                    is_branch: matches!(
                        inst,
                        Inst::Jump { .. } | Inst::Branch { .. } | Inst::Switch { .. }
                    ),
                    srcs: srcs.clone(),
                    dst: isa::liveness::destination(inst),
                    name,
                    atomic_timing: None,
                    scalar_load: false,
                };
                if let Some(sc) = cfg.scalar_unit().filter(|_| kernel.runs_on_scalar_unit(pc)) {
                    // Uniform branches keep the branch unit (they only
                    // leave the exec mask alone); the rest is the scalar
                    // unit's, whose figures per-instruction entries do not
                    // change.
                    if !t.is_branch {
                        t.unit = unit_names.len();
                        t.latency = sc.latency;
                        t.interval = sc.interval;
                        t.category = Category::Scalar;
                        t.scalar_load = t.is_memory;
                        return t;
                    }
                }
                if let (Inst::Atomic { op, .. }, Some(o)) = (inst, cfg.instructions.get(&t.name)) {
                    // An atomic runs at the L2's atomic units: the entry
                    // sets its latency and interval there.
                    let kind = match atomic_kind(*op) {
                        memory::AtomicKind::Integer => &cfg.atomics.integer,
                        memory::AtomicKind::CompareExchange => &cfg.atomics.compare_exchange,
                        memory::AtomicKind::FloatMinMax => &cfg.atomics.float_minmax,
                    };
                    t.atomic_timing = Some((
                        o.latency.unwrap_or(kind.latency) as u64,
                        o.interval.unwrap_or(kind.interval) as u64,
                    ));
                } else if let Some(o) = cfg.instructions.get(&t.name) {
                    if let Some(u) = &o.unit {
                        t.unit = unit_index(u);
                        let unit = &cfg.units[u];
                        t.latency = unit.latency;
                        t.interval = unit.interval;
                    }
                    t.latency = o.latency.unwrap_or(t.latency);
                    t.interval = o.interval.unwrap_or(t.interval);
                }
                if let Inst::CrossLane { op, .. } = inst {
                    // The figures are per cross-lane step; a reduction or
                    // scan takes log2(lanes) of them.
                    let steps = op.steps(cfg.cu.wave_size as usize);
                    t.latency = t.latency.saturating_mul(steps);
                    t.interval = t.interval.saturating_mul(steps);
                }
                t
            })
            .collect();
        let waves_per_wg = launch.waves_per_workgroup() as u32;
        let occupancy = occupancy(kernel, cfg, waves_per_wg, launch.workgroup_bytes);
        let cu = &cfg.cu;
        let scalar_interval = cfg.scalar_unit().map_or(0, |sc| sc.interval as u64);
        // Each unit's first instance among a SIMD's, and one past its last.
        let mut unit_slots = Vec::new();
        let mut next = 0;
        for u in cfg.units.values() {
            unit_slots.push((next, next + u.count as usize));
            next += u.count as usize;
        }
        let slots_per_simd = next;
        let all_simds = (cfg.gpu.compute_units * cu.simds) as usize;
        let [nx, ny, nz] = launch.workgroups;
        let report = Report::new(cfg, &occupancy);
        let issue = &cu.issue;
        let issue_limits = [
            issue.valu,
            issue.trans,
            issue.memory,
            issue.lds,
            issue.branch,
            cfg.scalar_unit().map_or(1, |sc| sc.issue),
        ];
        let others = (cu.simds - 1).saturating_mul(issue.per_simd);
        Engine {
            launch,
            cfg,
            kernel,
            info,
            passes: (launch.wave_width as u32).div_ceil(cu.lanes_per_simd),
            unit_names,
            occupancy,
            waves: Vec::new(),
            next: Vec::new(),
            free_waves: Vec::new(),
            workgroups: Vec::new(),
            free_workgroups: Vec::new(),
            waves_placed: 0,
            cus: vec![
                ComputeUnit {
                    workgroups: 0,
                    lds_used: 0
                };
                cfg.gpu.compute_units as usize
            ],
            simd_state: vec![Simd::default(); all_simds],
            active: vec![Vec::new(); all_simds],
            unit_free: vec![0; all_simds * slots_per_simd],
            unit_first_free: vec![0; all_simds * cfg.units.len()],
            mem: MemorySystem::new(cfg),
            workgroups_placed: 0,
            total_workgroups: nx as u64 * ny as u64 * nz as u64,
            next_cu: 0,
            cycle: 0,
            report,
            counts: Counts::default(),
            trace,
            progress,
            workgroups_done: 0,
            order: Vec::new(),
            fit_counts: Vec::new(),
            simds: cu.simds as usize,
            wake: vec![0; all_simds],
            issue_limits,
            per_simd: issue.per_simd,
            scheduler: cu.scheduler,
            contested: issue_limits.map(|limit| limit <= others),
            scalar_interval,
            scalar_period: Divisor::new(scalar_interval * cu.simds as u64),
            check_uniformity: false,
            dispatch_dirty: true,
            all_full: false,
            released: false,
            freed: Vec::new(),
            resident: 0,
            emptied: Vec::new(),
            busy: Vec::new(),
            busy_wake: Vec::new(),
            writes_done: 0,
            unit_slots,
            slots_per_simd,
            printf: Printed::default(),
            issued: vec![0; kernel.insts.len()],
            issued_by_unit: vec![0; cfg.units.len() + PATHS.len()],
        }
    }

    fn run(
        mut self,
        global: &mut GlobalMemory,
        printf: &mut Printed,
    ) -> Result<TimedRun, ExecError> {
        let ran = self.run_to_end(global);
        printf.append(std::mem::take(&mut self.printf));
        ran?;
        self.mem.flush();
        // The kernel is done when its last store or atomic is, and the
        // lines its stores evicted are written back to DRAM; until then
        // every SIMD waits for the memory to drain.
        let end = self.cycle.max(self.writes_done).max(self.mem.dram_done());
        if end > self.cycle {
            for k in 0..self.simd_state.len() {
                self.report.stall(k, Stall::Drain, self.cycle);
            }
        }
        let by_unit = self
            .unit_names
            .iter()
            .map(String::as_str)
            .chain(PATHS)
            .zip(self.issued_by_unit.iter().copied())
            .filter(|&(_, n)| n > 0)
            .map(|(u, n)| (u.to_string(), n))
            .collect();
        self.report.finish(
            end,
            &self.mem,
            self.counts,
            self.kernel,
            &self.issued,
            by_unit,
        );
        Ok(TimedRun {
            counts: self.counts,
            report: self.report,
        })
    }

    /// Simulates cycles until every workgroup has run, or a wave stops it.
    fn run_to_end(&mut self, global: &mut GlobalMemory) -> Result<(), ExecError> {
        if self.occupancy.waves_per_simd == 0 {
            return Err(ExecError(format!(
                "kernel '{}' cannot run on config '{}': a workgroup does not fit on a compute unit (limited by {}: {}; it needs {} VGPRs per wave, {} {}, {} bytes of LDS)",
                self.kernel.name,
                self.cfg.name,
                self.occupancy.limiter,
                capacity(self.cfg, self.occupancy.limiter),
                self.occupancy.vgprs_per_wave,
                self.occupancy.waves_per_workgroup,
                plural(self.occupancy.waves_per_workgroup.into(), "wave", "waves"),
                self.launch.workgroup_bytes
            )));
        }
        loop {
            if self.dispatch_dirty {
                self.dispatch_workgroups()?;
                self.dispatch_dirty = false;
            }
            if self.workgroups_placed == self.total_workgroups && self.resident == 0 {
                break;
            }
            let (issued, next_event) = self.cycle_step(global)?;
            if !issued && next_event == u64::MAX {
                return Err(ExecError(format!(
                    "kernel '{}': at cycle {} no wave can ever issue again (every resident wave waits at a barrier)",
                    self.kernel.name, self.cycle
                )));
            }
            self.cycle = if issued {
                self.cycle + 1
            } else {
                next_event.max(self.cycle + 1)
            };
        }
        Ok(())
    }

    /// Places waiting workgroups on CUs with room.
    fn dispatch_workgroups(&mut self) -> Result<(), ExecError> {
        let n = self.cus.len();
        // Once no CU had room, only those that freed some since can have it:
        // placing only takes room. Of them, the one the scan would reach
        // first.
        let mut freed = std::mem::take(&mut self.freed);
        while self.workgroups_placed < self.total_workgroups {
            let start = match self.cfg.gpu.dispatch {
                crate::input::config::DispatchPolicy::RoundRobin => self.next_cu,
                crate::input::config::DispatchPolicy::FillFirst => 0,
            };
            let found = if self.all_full {
                freed.retain(|&c| self.fits(c));
                freed.iter().copied().min_by_key(|&c| (c + n - start) % n)
            } else {
                (0..n).map(|i| (start + i) % n).find(|&c| self.fits(c))
            };
            let Some(cu) = found else {
                self.all_full = true;
                break;
            };
            let i = self.workgroups_placed;
            self.workgroups_placed += 1;
            let [nx, ny, _] = self.launch.workgroups.map(u64::from);
            let coords = [i % nx, i / nx % ny, i / (nx * ny)].map(|x| x as u32);
            self.next_cu = (cu + 1) % n;
            self.place(coords, cu);
        }
        freed.clear();
        self.freed = freed;
        Ok(())
    }

    fn fits(&mut self, c: usize) -> bool {
        let cu = &self.cus[c];
        let cfg = &self.cfg.cu;
        if cu.workgroups >= cfg.workgroups_per_cu
            || cu.lds_used + self.launch.workgroup_bytes > self.cfg.memory.lds.bytes
        {
            return false;
        }
        let (v, g) = (self.occupancy.vgprs_per_wave, self.occupancy.sgprs_per_wave);
        // Each SIMD's (waves, VGPRs, SGPRs) as `place` would fill them.
        let mut counts = std::mem::take(&mut self.fit_counts);
        counts.clear();
        counts.extend(
            self.simds_of(c)
                .iter()
                .map(|s| (s.waves.len(), s.vgprs, s.sgprs)),
        );
        let mut fits = true;
        for _ in 0..self.launch.waves_per_workgroup() {
            let Some(s) = (0..counts.len())
                .filter(|&s| self.room(counts[s].0, counts[s].1, counts[s].2))
                .min_by_key(|&s| counts[s].0)
            else {
                fits = false;
                break;
            };
            counts[s].0 += 1;
            counts[s].1 += v;
            counts[s].2 += g;
        }
        self.fit_counts = counts;
        fits
    }

    /// Whether a SIMD holding `waves` waves, `vgprs` and `sgprs` registers
    /// has room for one more wave of this launch.
    fn room(&self, waves: usize, vgprs: u32, sgprs: u32) -> bool {
        let cfg = &self.cfg.cu;
        let sgprs_per_simd = self
            .cfg
            .scalar_unit()
            .map_or(u32::MAX, |sc| sc.sgprs_per_simd);
        waves < cfg.wave_slots_per_simd as usize
            && vgprs + self.occupancy.vgprs_per_wave <= cfg.vgprs_per_simd
            && sgprs.saturating_add(self.occupancy.sgprs_per_wave) <= sgprs_per_simd
    }

    fn place(&mut self, coords: [u32; 3], c: usize) {
        let wg_index = self.free_workgroups.pop().unwrap_or(self.workgroups.len());
        let (v, g) = (self.occupancy.vgprs_per_wave, self.occupancy.sgprs_per_wave);
        // A reused slot's lists and shared memory are reused too.
        let (mut members, mut shared) = match self.workgroups.get_mut(wg_index) {
            Some(old) => (
                std::mem::take(&mut old.waves),
                std::mem::take(&mut old.shared),
            ),
            None => (Vec::new(), Vec::new()),
        };
        members.clear();
        shared.clear();
        shared.resize(self.launch.workgroup_bytes as usize, 0);
        for i in 0..self.launch.waves_per_workgroup() {
            let simds = self.simds_of(c);
            let simd = (0..simds.len())
                .filter(|&s| self.room(simds[s].waves.len(), simds[s].vgprs, simds[s].sgprs))
                .min_by_key(|&s| simds[s].waves.len())
                .expect("fits() checked room");
            let slot = self.free_waves.pop().unwrap_or(self.waves.len());
            let k = c * self.simds + simd;
            let id = self.waves_placed;
            self.waves_placed += 1;
            if slot == self.waves.len() {
                let regs = self.kernel.reg_count as usize;
                self.waves.push(TWave {
                    wave: self.launch.make_wave(coords, i),
                    id,
                    workgroup: wg_index,
                    simd,
                    ready: vec![0; regs],
                    producer: vec![Producer::Alu; regs],
                    next_issue: self.cycle,
                    held_by_atomics: 0,
                    memory_done: 0,
                    ahead: None,
                    released: false,
                });
            } else {
                // A slot's wave, registers and scoreboard are reused by
                // the next wave placed in it.
                let tw = &mut self.waves[slot];
                self.launch.remake_wave(&mut tw.wave, coords, i);
                tw.ready.fill(0);
                tw.producer.fill(Producer::Alu);
                (tw.id, tw.workgroup, tw.simd) = (id, wg_index, simd);
                (tw.next_issue, tw.memory_done, tw.ahead) = (self.cycle, 0, None);
                (tw.held_by_atomics, tw.released) = (0, false);
            }
            let wave = &mut self.waves[slot].wave;
            wave.record_addresses = true;
            wave.addresses.reserve(self.launch.wave_width);
            let unfinished = wave.state != WaveState::Done;
            self.simd_state[k].waves.push(slot);
            if unfinished {
                self.active[k].push(slot);
            }
            self.simd_state[k].vgprs += v;
            self.simd_state[k].sgprs += g;
            self.wake[k] = 0;
            let next = if unfinished {
                self.plan(slot)
            } else {
                // Never looked at: the wave is not among its SIMD's active
                // ones.
                NextInst {
                    pc: 0,
                    at_barrier: false,
                    earliest: u64::MAX,
                    space: None,
                    category: Category::Valu,
                    unit: None,
                }
            };
            if slot == self.next.len() {
                self.next.push(next);
            } else {
                self.next[slot] = next;
            }
            members.push(slot);
        }
        let cu = &mut self.cus[c];
        cu.workgroups += 1;
        let at = self.busy.partition_point(|&b| b < c);
        if cu.workgroups == 1 {
            self.busy.insert(at, c);
            self.busy_wake.insert(at, 0);
        }
        // Its new waves may issue from the next cycle.
        self.busy_wake[at] = 0;
        cu.lds_used += self.launch.workgroup_bytes;
        self.resident += 1;
        let group = Workgroup {
            coords,
            cu: c,
            waves: members,
            shared,
            lds_bytes: self.launch.workgroup_bytes,
        };
        if wg_index == self.workgroups.len() {
            self.workgroups.push(group);
        } else {
            self.workgroups[wg_index] = group;
        }
        self.record_occupancy(c);
    }

    fn record_occupancy(&mut self, c: usize) {
        let cu = &self.cus[c];
        let simds = self.simds_of(c);
        let waves: usize = simds.iter().map(|s| s.waves.len()).sum();
        let record = OccupancyRecord {
            cycle: self.cycle,
            cu: c as u32,
            waves: waves as u32,
            workgroups: cu.workgroups,
            vgprs: simds.iter().map(|s| s.vgprs).sum(),
            lds_bytes: cu.lds_used,
        };
        self.report.occupancy_change(&record);
        if let Some(sink) = self.trace.as_deref_mut() {
            sink.occupancy(&record);
        }
    }

    /// One cycle of every CU. Returns whether anything issued and, if not,
    /// the earliest cycle at which something could.
    fn cycle_step(&mut self, global: &mut GlobalMemory) -> Result<(bool, u64), ExecError> {
        let cycle = self.cycle;
        let mut issued_any = false;
        let mut order = std::mem::take(&mut self.order);
        let busy = std::mem::take(&mut self.busy);
        // Nothing but this loop changes the wakes while it runs: a barrier
        // released by an issue is on the CU being visited, whose wake is
        // worked out from its SIMDs' after the visit.
        let mut busy_wake = std::mem::take(&mut self.busy_wake);
        // Only `place` adds waves to these, and an issue finishes them at
        // most, which the loop takes out.
        let mut active_waves = std::mem::take(&mut self.active);
        // The CUs due now, found 64 wakes at a time (tested one by one, the
        // CUs asleep took a tenth of an atomics kernel's host time).
        for first in (0..busy.len()).step_by(64) {
            let block = &busy_wake[first..busy.len().min(first + 64)];
            let due = !entries_above(block, cycle) & isa::core::mask(block.len() as u32);
            for i in lanes(due).map(|i| first + i) {
                let (c, cu_wake) = (busy[i], &mut busy_wake[i]);
                let mut budget = self.issue_limits;
                // A SIMD issued and may issue again next cycle.
                let mut awake = false;
                // The least of the SIMDs' wakes, as they are set.
                let mut first_wake = u64::MAX;
                for s in 0..self.simds {
                    let k = c * self.simds + s;
                    let wake = self.wake[k];
                    if cycle < wake {
                        // Asleep: nothing it waits for has happened yet.
                        first_wake = first_wake.min(wake);
                        continue;
                    }
                    let active = &mut active_waves[k];
                    if active.is_empty() {
                        self.report.stall(k, Stall::NoWave, self.cycle);
                        self.wake[k] = u64::MAX;
                        continue;
                    }
                    let order = self.schedule_order(k, active, &mut order);
                    let mut issued = 0;
                    let mut finished = false;
                    for &w in order {
                        if issued >= self.per_simd {
                            break;
                        }
                        if self.can_issue(c, s, w, &budget).is_ok() {
                            budget[self.next[w].category as usize] -= 1;
                            finished |= self.issue(c, s, w, global)?;
                            issued += 1;
                        }
                    }
                    let stall = (issued == 0).then(|| self.stall_until(c, s, order, &budget));
                    if finished {
                        active.retain(|&w| self.waves[w].wave.state != WaveState::Done);
                    }
                    if let Some((reason, wake)) = stall {
                        self.report.stall(k, reason, cycle);
                        self.wake[k] = wake;
                        first_wake = first_wake.min(wake);
                    } else {
                        issued_any = true;
                        self.report.busy_simd(k, cycle);
                        match self.stall_ahead(c, s, active) {
                            Some(wake) => first_wake = first_wake.min(wake),
                            None => awake = true,
                        }
                    }
                }
                // Otherwise the CU sleeps until its first SIMD wakes. A barrier
                // released in the visit set its SIMDs' `wake` to 0, those
                // visited already too.
                *cu_wake = if awake {
                    0
                } else if std::mem::take(&mut self.released) {
                    let simds = &self.wake[c * self.simds..(c + 1) * self.simds];
                    simds.iter().copied().min().unwrap_or(u64::MAX)
                } else {
                    first_wake
                };
            }
        }
        // Only a cycle in which nothing issued needs the next one at which
        // something could, and every sleeping SIMD counts in its CU's wake.
        let next_event = match issued_any {
            true => cycle + 1,
            false => busy_wake.iter().copied().min().unwrap_or(u64::MAX),
        };
        self.order = order;
        self.busy = busy;
        self.busy_wake = busy_wake;
        self.active = active_waves;
        for c in std::mem::take(&mut self.emptied) {
            if self.cus[c].workgroups == 0 {
                // Its SIMDs were marked idle; it is visited again once a
                // workgroup is placed on it.
                let at = self.busy.partition_point(|&b| b < c);
                self.busy.remove(at);
                self.busy_wake.remove(at);
                for s in 0..self.simds {
                    self.report
                        .stall(c * self.simds + s, Stall::NoWave, self.cycle + 1);
                }
            }
        }
        Ok((issued_any, next_event))
    }

    /// Where the instances of unit `u` of SIMD `s` of CU `c` are in
    /// `unit_free`.
    fn instances(&self, c: usize, s: usize, u: usize) -> std::ops::Range<usize> {
        let (a, b) = self.unit_slots[u];
        let first = (c * self.simds + s) * self.slots_per_simd;
        first + a..first + b
    }

    /// When the first instance of unit `u` of SIMD `s` of CU `c` is free.
    fn unit_free_at(&self, c: usize, s: usize, u: usize) -> u64 {
        self.unit_first_free[(c * self.simds + s) * self.unit_slots.len() + u]
    }

    /// The first cycle from `at` on when unit `u` of SIMD `s` of CU `c`
    /// can take an instruction. The unit after the config's is the CU's
    /// scalar ALU, which the SIMDs take in turn, `interval` cycles each:
    /// SIMD `s` may issue to it when a turn of its own starts.
    fn unit_ready(&self, c: usize, s: usize, u: usize, at: u64) -> u64 {
        if u == self.unit_slots.len() {
            // The wait, (start - at) mod period, without a division.
            let period = self.scalar_period.d();
            let start = s as u64 * self.scalar_interval;
            let wait = start + period - self.scalar_period.rem(at);
            return at + if wait >= period { wait - period } else { wait };
        }
        at.max(self.unit_free_at(c, s, u))
    }

    /// The SIMDs of CU `c`.
    fn simds_of(&self, c: usize) -> &[Simd] {
        &self.simd_state[c * self.simds..(c + 1) * self.simds]
    }

    /// The unfinished waves `active` of SIMD `k` (oldest first) in the
    /// order the scheduler considers them: themselves, or rearranged in
    /// `order`.
    fn schedule_order<'o>(
        &self,
        k: usize,
        active: &'o [usize],
        order: &'o mut Vec<usize>,
    ) -> &'o [usize] {
        if self.scheduler == SchedulerPolicy::OldestFirst {
            return active;
        }
        let Some(last) = self.simd_state[k].last_issued else {
            return active;
        };
        order.clear();
        order.extend_from_slice(active);
        match self.scheduler {
            SchedulerPolicy::OldestFirst => {}
            SchedulerPolicy::RoundRobin => {
                let k = order
                    .iter()
                    .position(|&w| self.waves[w].id > last)
                    .unwrap_or(0);
                order.rotate_left(k);
            }
            SchedulerPolicy::GreedyThenOldest => {
                if let Some(k) = order.iter().position(|&w| self.waves[w].id == last) {
                    let w = order.remove(k);
                    order.insert(0, w);
                }
            }
        }
        order
    }

    /// Why a SIMD that issued nothing this cycle stalls, and when to look
    /// at it again. Its reason is the first wave's in scheduling order
    /// (every wave is blocked), and holds until that wave's blocker clears;
    /// another wave matters only once it could issue, so cycles before
    /// then would find the same. The exception is a first wave held only
    /// by its unit: the CU's issue limit, checked before units, can then
    /// stop it instead in any cycle where other SIMDs used up the limit,
    /// so the SIMD is looked at whenever any wave's blocker clears.
    #[inline(always)]
    fn stall_until(
        &self,
        c: usize,
        s: usize,
        order: &[usize],
        budget: &[u32; CATEGORIES],
    ) -> (Stall, u64) {
        let (&first, rest) = order.split_first().expect("the SIMD has waves");
        let Err(blocked) = self.can_issue(c, s, first, budget) else {
            unreachable!("the first wave in order issues if it can")
        };
        let (reason, mut wake) = self.explain(first, blocked);
        let contested = self.contested[self.next[first].category as usize];
        for &w in rest {
            let from = if reason == Stall::UnitBusy && contested {
                match self.can_issue(c, s, w, budget) {
                    Err(blocked) => self.explain(w, blocked).1,
                    Ok(()) => unreachable!("a wave that can issue does"),
                }
            } else {
                self.issuable_from(c, s, w)
            };
            wake = wake.min(from);
        }
        (reason, wake)
    }

    /// After SIMD `s` of CU `c` issued this cycle: if it holds one wave and
    /// that wave waits past the next cycle (for its last branch, an
    /// operand, its stores or a barrier), works out now the stall that the
    /// SIMD's look in the next cycle would find, while the wave's figures
    /// are in the host's cache, and puts the SIMD to sleep until then;
    /// returns when it wakes, if it sleeps. No other SIMD changes what it
    /// finds, but for a barrier's release, which wakes the SIMD as before
    /// (the stall then lasts no cycle). With more waves one of them is
    /// usually ready, and looking costs more than the look next cycle
    /// saves.
    fn stall_ahead(&mut self, c: usize, s: usize, active: &[usize]) -> Option<u64> {
        let k = c * self.simds + s;
        let next_cycle = self.cycle + 1;
        let &[w] = active else {
            return None;
        };
        let next = &self.next[w];
        if next.earliest <= next_cycle {
            return None;
        }
        // `stall_until` judges at `self.cycle`: here the next cycle, with
        // its issue limits not yet used.
        self.cycle = next_cycle;
        let (reason, wake) = self.stall_until(c, s, &[w], &self.issue_limits);
        self.cycle -= 1;
        self.report.stall(k, reason, next_cycle);
        self.wake[k] = wake;
        Some(wake)
    }

    /// The earliest cycle after this one at which wave `w` could issue, as
    /// far as the wave and its SIMD's units decide (the CU's issue limits
    /// start afresh every cycle).
    fn issuable_from(&self, c: usize, s: usize, w: usize) -> u64 {
        let next = &self.next[w];
        if next.at_barrier {
            // Its release wakes the SIMD.
            return u64::MAX;
        }
        let at = next.earliest.max(self.cycle + 1);
        match next.unit {
            Some(u) => self.unit_ready(c, s, u as usize, at),
            None => at,
        }
    }

    /// Wave `w`'s next instruction (it must have one) as the scheduler
    /// sees it, from the wave's state now.
    fn plan(&self, w: usize) -> NextInst {
        let tw = &self.waves[w];
        let pc = match tw.ahead {
            Some(run) => run.start,
            None => tw.wave.pc().expect("a ready wave has a pc"),
        } as usize;
        let t = &self.info[pc];
        let operands = t
            .srcs
            .iter()
            .map(|&r| tw.ready[r as usize])
            .max()
            .unwrap_or(0);
        let memory = if t.is_memory_barrier {
            tw.memory_done
        } else {
            0
        };
        let space = match tw.ahead {
            _ if !t.is_memory => None,
            // Ahead of the wave, memory instructions are decoded private
            // accesses, whose address is fixed.
            Some(_) => Some(Touches::Private),
            None => self.space(tw, pc),
        };
        let (category, unit) = t.category_and_unit(space);
        let at_barrier = matches!(tw.wave.state, WaveState::AtBarrier(_));
        NextInst {
            pc: pc as u32,
            at_barrier,
            earliest: if at_barrier {
                u64::MAX
            } else {
                tw.next_issue
                    .max(tw.held_by_atomics)
                    .max(operands)
                    .max(memory)
            },
            space,
            category,
            unit,
        }
    }

    /// Whether wave `w` can issue now; if not, what stops it first (see
    /// `Engine::explain` for why and until when).
    #[inline(always)]
    fn can_issue(
        &self,
        c: usize,
        s: usize,
        w: usize,
        budget: &[u32; CATEGORIES],
    ) -> Result<(), Blocked> {
        let next = &self.next[w];
        if next.earliest > self.cycle {
            return Err(if next.at_barrier {
                Blocked::Barrier
            } else {
                Blocked::Waiting
            });
        }
        if budget[next.category as usize] == 0 {
            return Err(Blocked::IssueLimit);
        }
        if let Some(u) = next.unit {
            let free = self.unit_ready(c, s, u as usize, self.cycle);
            if free > self.cycle {
                return Err(Blocked::UnitBusy(free));
            }
        }
        Ok(())
    }

    /// The stall wave `w` suffers from `blocked`, and until when.
    fn explain(&self, w: usize, blocked: Blocked) -> (Stall, u64) {
        let scalar = self.next[w].category == Category::Scalar;
        match blocked {
            Blocked::Barrier => (Stall::Barrier, u64::MAX),
            Blocked::Waiting => self.waits_for(w),
            Blocked::IssueLimit if scalar => (Stall::Scalar, self.cycle + 1),
            Blocked::IssueLimit => (Stall::IssueLimit, self.cycle + 1),
            Blocked::UnitBusy(free) if scalar => (Stall::Scalar, free),
            Blocked::UnitBusy(free) => (Stall::UnitBusy, free),
        }
    }

    /// What a wave before its next instruction's `earliest` cycle waits
    /// for, and until when: its last branch, then the first operand not
    /// ready, then its stores and atomics before a memory barrier.
    fn waits_for(&self, w: usize) -> (Stall, u64) {
        let tw = &self.waves[w];
        if tw.next_issue > self.cycle {
            return (Stall::Branch, tw.next_issue);
        }
        if tw.held_by_atomics > self.cycle {
            return (Stall::Atomic, tw.held_by_atomics);
        }
        for &r in &self.info[self.next[w].pc as usize].srcs {
            let ready = tw.ready[r as usize];
            if ready > self.cycle {
                let reason = match tw.producer[r as usize] {
                    Producer::Alu => Stall::Dependency,
                    Producer::Memory => Stall::Memory,
                    Producer::Atomic => Stall::Atomic,
                    Producer::Scalar => Stall::Scalar,
                };
                return (reason, ready);
            }
        }
        (Stall::Memory, tw.memory_done)
    }

    /// The address space a memory instruction at `pc` will touch, judged
    /// by its first active lane.
    fn space(&self, tw: &TWave, pc: usize) -> Option<Touches> {
        let addr = tw.wave.first_lane_address(&self.kernel.insts[pc])?;
        Some(match space_of(addr, 1).ok()? {
            Space::Global => Touches::Global,
            Space::Workgroup(_) => Touches::Lds,
            Space::Private(_) => Touches::Private,
        })
    }

    /// Issues wave `w`'s next instruction; returns whether the wave
    /// finished.
    fn issue(
        &mut self,
        c: usize,
        s: usize,
        w: usize,
        global: &mut GlobalMemory,
    ) -> Result<bool, ExecError> {
        let cycle = self.cycle;
        let NextInst { pc, space, .. } = self.next[w];
        let pc = pc as usize;
        let (wg, id) = (self.waves[w].workgroup, self.waves[w].id);
        // The instruction's timing facts, read once (the calls below take
        // the engine mutably, so each use would index the table again).
        let InstTiming {
            unit,
            latency,
            interval,
            category,
            is_branch,
            dst,
            atomic_timing,
            scalar_load,
            ..
        } = self.info[pc];
        // Functional execution, done already for instructions run ahead.
        let step = if let Some(step) = self.step_ahead(w) {
            step
        } else {
            let group = &mut self.workgroups[wg];
            let tw = &mut self.waves[w];
            let mut private = std::mem::take(&mut tw.wave.private);
            let mut mem = WaveMemory::new(
                global,
                &mut group.shared,
                &mut private,
                self.kernel.private_bytes as usize,
                &mut self.printf,
            )
            .with_local_arguments(&self.launch.local_arguments);
            let r = tw.wave.step(self.kernel, &mut mem);
            self.counts.global_atomics += mem.global_atomics();
            self.counts.ordered_atomics += mem.ordered_atomics();
            tw.wave.private = private;
            r.map_err(|f| {
                let index = group.waves.iter().position(|&x| x == w).unwrap_or(0);
                ExecError(format!(
                    "{}: {}",
                    self.launch.describe(group.coords, index, f.pc, f.lane),
                    f.message
                ))
            })?
        };
        debug_assert_eq!(
            step.pc as usize, pc,
            "the instruction issued is the one planned"
        );
        if self.check_uniformity {
            self.check_uniform(w, pc, step)?;
        }
        self.counts.add(step);
        self.issued[pc] += 1;
        if self.counts.wave_instructions.is_multiple_of(TICK) {
            self.tell_progress();
        }
        if self.counts.wave_instructions > self.launch.max_wave_instructions {
            let coords = self.workgroups[wg].coords;
            return Err(self.launch.over_budget(coords, 0, step.pc));
        }
        if self.scheduler != SchedulerPolicy::OldestFirst {
            self.simd_state[c * self.simds + s].last_issued = Some(id);
        }
        self.report.issued_on(c);
        let passes = self.passes as u64;
        let mut complete = cycle + latency as u64;
        let mut producer = match category {
            Category::Scalar => Producer::Scalar,
            _ => Producer::Alu,
        };
        let mut unit_used = Some(unit);
        // Global and LDS accesses go to the memory system; everything else
        // (private memory included) to its unit, and only the space is read.
        match space {
            Some(Touches::Global) => match &self.kernel.insts[pc] {
                Inst::Load { ty, .. } if scalar_load => {
                    // None when robust access kept it from memory.
                    let addr = self.waves[w].wave.addresses.first().copied();
                    complete = self.mem.scalar_load(c, cycle, addr, ty.bytes() as u64);
                    unit_used = None;
                }
                Inst::Load { .. } => {
                    complete = self.mem.load(c, cycle, &self.waves[w].wave.addresses);
                    producer = Producer::Memory;
                    unit_used = None;
                }
                Inst::Prefetch { .. } => {
                    // Fills the caches; nothing waits for it.
                    self.mem.prefetch(c, cycle, &self.waves[w].wave.addresses);
                    unit_used = None;
                }
                Inst::Store { .. } => {
                    let done = self.mem.store(c, cycle, &self.waves[w].wave.addresses);
                    self.writes_done = self.writes_done.max(done);
                    let tw = &mut self.waves[w];
                    tw.memory_done = tw.memory_done.max(done);
                    complete = done;
                    unit_used = None;
                }
                Inst::Atomic { op, .. } => {
                    let report = &mut self.report;
                    let addrs = &self.waves[w].wave.addresses;
                    let busy = &mut |start, cycles| report.atomic_busy(start, cycles);
                    let times = self.mem.atomic(cycle, *op, addrs, atomic_timing, busy);
                    complete = times.ready;
                    self.writes_done = self.writes_done.max(complete);
                    let tw = &mut self.waves[w];
                    tw.memory_done = tw.memory_done.max(complete);
                    // Its next instruction waits until the last lane's
                    // operation has left for the L2.
                    tw.held_by_atomics = times.sent + 1;
                    producer = Producer::Atomic;
                    unit_used = None;
                }
                _ => {}
            },
            Some(Touches::Lds) => {
                let inst = &self.kernel.insts[pc];
                if matches!(
                    inst,
                    Inst::Load { .. } | Inst::Store { .. } | Inst::Atomic { .. }
                ) {
                    let serialise = matches!(inst, Inst::Atomic { .. });
                    complete = self
                        .mem
                        .lds(c, cycle, &self.waves[w].wave.addresses, serialise);
                    producer = Producer::Memory;
                    unit_used = None;
                }
            }
            _ => {}
        }
        let mut busy = 0;
        if let Some(u) = unit_used.filter(|&u| u == self.unit_slots.len()) {
            // The CU's scalar ALU: one operation for the whole wave, in
            // this SIMD's turn.
            busy = interval as u64;
            self.report.unit_busy(c, u, cycle, busy);
        } else if let Some(u) = unit_used {
            busy = interval as u64 * passes;
            let range = self.instances(c, s, u);
            let free = &mut self.unit_free[range];
            let first_free = if let [only] = free {
                *only = cycle + busy;
                *only
            } else {
                let k = (0..free.len())
                    .min_by_key(|&k| free[k])
                    .expect("units have instances");
                free[k] = cycle + busy;
                free.iter().copied().min().expect("units have instances")
            };
            self.unit_first_free[(c * self.simds + s) * self.unit_slots.len() + u] = first_free;
            self.report.unit_busy(c, u, cycle, busy);
        }
        let slot = match (unit_used, space) {
            (Some(u), _) => u,
            (None, Some(Touches::Lds)) => self.unit_names.len() + 1,
            (None, _) if scalar_load => self.unit_names.len() + 3,
            (None, _) => self.unit_names.len() + 2,
        };
        self.issued_by_unit[slot] += 1;
        let tw = &mut self.waves[w];
        if let Some(d) = dst {
            tw.ready[d as usize] = complete;
            tw.producer[d as usize] = producer;
        }
        tw.next_issue = if is_branch { complete } else { cycle + 1 };
        let finished = tw.wave.state == WaveState::Done;
        if !finished {
            self.next[w] = self.plan(w);
        }
        let tw = &self.waves[w];
        if let Some(sink) = self.trace.as_deref_mut() {
            sink.issue(&IssueEvent {
                cycle,
                // A wave's return ends it: the wave leaves its slot in
                // this cycle, whatever its unit's latency.
                complete: if finished && !self.info[pc].is_memory {
                    cycle + 1
                } else {
                    complete
                },
                cu: c as u32,
                simd: s as u32,
                wave: tw.id as u32,
                slot: w as u32,
                workgroup: self.workgroups[wg].coords,
                workgroup_index: {
                    let [x, y, z] = self.workgroups[wg].coords.map(u64::from);
                    let [nx, ny, _] = self.launch.workgroups.map(u64::from);
                    x + nx * (y + ny * z)
                },
                pc: pc as u32,
                location: self.kernel.origins[pc].location,
                source: self.kernel.origins[pc].source,
                op: &self.info[pc].name,
                unit: match slot.checked_sub(self.unit_names.len()) {
                    Some(path) => PATHS[path],
                    None => &self.unit_names[slot],
                },
                unit_index: unit_used,
                busy,
                active_lanes: step.lanes as u32,
            });
        }
        self.after_step(w, step.pc)?;
        Ok(finished)
    }

    /// Wave `w`'s next instruction if it is lane-wise: taken from the run
    /// executed ahead, which starts first when there is none. Not while
    /// uniformity is checked, which reads each instruction's result.
    fn step_ahead(&mut self, w: usize) -> Option<Step> {
        let tw = &mut self.waves[w];
        if tw.ahead.is_none() && !self.check_uniformity {
            tw.ahead = tw.wave.run_ahead(self.kernel);
        }
        let run = tw.ahead.as_mut()?;
        let pc = run.start;
        let mask = run.mask;
        run.start += 1;
        if run.start == run.end {
            tw.ahead = None;
        }
        let copy = tw.wave.is_copy(pc);
        Some(Step {
            pc,
            lanes: mask.count_ones(),
            mask,
            copy,
        })
    }

    /// The uniformity check of `run`: the scalar register the instruction
    /// at `pc` wrote holds one value in the lanes that ran it.
    fn check_uniform(
        &self,
        w: usize,
        pc: usize,
        step: crate::exec::wave::Step,
    ) -> Result<(), ExecError> {
        let Some(d) = self.info[pc].dst.filter(|&d| self.kernel.is_scalar_reg(d)) else {
            return Ok(());
        };
        if self.waves[w].wave.lanes_agree(d, step.mask) {
            return Ok(());
        }
        Err(ExecError(format!(
            "internal error: kernel '{}', instruction {pc} ({}, at {}): register {d} was taken as uniform, and lanes of a wave hold different values in it",
            self.kernel.name, self.kernel.origins[pc].opcode, self.kernel.origins[pc].location
        )))
    }

    fn tell_progress(&mut self) {
        if let Some(p) = self.progress.as_deref_mut() {
            p.update(&ProgressState {
                workgroups_done: self.workgroups_done,
                workgroups: self.total_workgroups,
                wave_instructions: self.counts.wave_instructions,
                cycle: Some(self.cycle),
            });
        }
    }

    /// Gives finished wave `w`'s slot and registers back to its SIMD, once.
    fn release(&mut self, w: usize) {
        let tw = &mut self.waves[w];
        if std::mem::replace(&mut tw.released, true) {
            return;
        }
        let c = self.workgroups[tw.workgroup].cu;
        let simd = &mut self.simd_state[c * self.simds + tw.simd];
        simd.waves.retain(|&x| x != w);
        simd.vgprs -= self.occupancy.vgprs_per_wave;
        simd.sgprs -= self.occupancy.sgprs_per_wave;
    }

    /// Barrier releases, deadlocks, and retiring finished workgroups (and
    /// finished waves, with `cu.wave_release = "wave"`).
    fn after_step(&mut self, w: usize, pc: u32) -> Result<(), ExecError> {
        if self.waves[w].wave.state == WaveState::Ready {
            // Nothing changed for the workgroup.
            return Ok(());
        }
        let wg = self.waves[w].workgroup;
        let members = self.workgroups[wg].waves.len();
        let (mut waiting, mut done) = (0, 0);
        for &m in &self.workgroups[wg].waves {
            match self.waves[m].wave.state {
                WaveState::AtBarrier(_) => waiting += 1,
                WaveState::Done => done += 1,
                WaveState::Ready => {}
            }
        }
        // A workgroup's last wave releases all of them, below.
        if self.cfg.cu.wave_release == WaveRelease::Wave
            && self.waves[w].wave.state == WaveState::Done
            && done < members
        {
            let c = self.workgroups[wg].cu;
            self.release(w);
            self.dispatch_dirty = true;
            self.freed.push(c);
            self.record_occupancy(c);
        }
        if waiting > 0 && done > 0 && waiting + done == members {
            let states: Vec<WaveState> = (self.workgroups[wg].waves.iter())
                .map(|&m| self.waves[m].wave.state)
                .collect();
            let (i, wpc) = states
                .iter()
                .enumerate()
                .find_map(|(i, s)| match s {
                    WaveState::AtBarrier(p) => Some((i, *p)),
                    _ => None,
                })
                .unwrap_or((0, pc));
            let finished: Vec<String> = states
                .iter()
                .enumerate()
                .filter(|(_, s)| **s == WaveState::Done)
                .map(|(i, _)| i.to_string())
                .collect();
            return Err(ExecError(crate::exec::launch::deadlock_message(
                &self
                    .launch
                    .describe(self.workgroups[wg].coords, i, wpc, None),
                &finished,
            )));
        }
        if waiting > 0 && waiting == members {
            let c = self.workgroups[wg].cu;
            for i in 0..members {
                let m = self.workgroups[wg].waves[i];
                self.waves[m].wave.release();
                self.waves[m].next_issue = self.cycle + 1;
                self.next[m] = self.plan(m);
                // The CU's wake follows from these once its visit ends.
                self.wake[c * self.simds + self.waves[m].simd] = 0;
                self.released = true;
            }
        }
        if done == members {
            let c = self.workgroups[wg].cu;
            for i in 0..members {
                let m = self.workgroups[wg].waves[i];
                self.release(m);
                // The slot (registers, memory) goes to the next wave placed.
                self.free_waves.push(m);
            }
            let cu = &mut self.cus[c];
            cu.workgroups -= 1;
            cu.lds_used -= self.workgroups[wg].lds_bytes;
            if cu.workgroups == 0 {
                // Its SIMDs go idle from the next cycle (marked at the end of
                // this one, after their issue is counted).
                self.emptied.push(c);
            }
            self.resident -= 1;
            self.dispatch_dirty = true;
            self.freed.push(c);
            // Its lists and shared memory go to the next workgroup placed.
            self.free_workgroups.push(wg);
            self.record_occupancy(c);
            self.workgroups_done += 1;
            self.tell_progress();
        }
        Ok(())
    }
}

/// Which atomic-unit timing an operation uses.
pub(crate) fn atomic_kind(op: AtomicOp) -> memory::AtomicKind {
    match op {
        AtomicOp::CompareExchange => memory::AtomicKind::CompareExchange,
        AtomicOp::FMin | AtomicOp::FMax => memory::AtomicKind::FloatMinMax,
        AtomicOp::Load
        | AtomicOp::Store
        | AtomicOp::Exchange
        | AtomicOp::IIncrement
        | AtomicOp::IDecrement
        | AtomicOp::IAdd
        | AtomicOp::ISub
        | AtomicOp::SMin
        | AtomicOp::UMin
        | AtomicOp::SMax
        | AtomicOp::UMax
        | AtomicOp::And
        | AtomicOp::Or
        | AtomicOp::Xor => memory::AtomicKind::Integer,
    }
}
