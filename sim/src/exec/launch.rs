//! A kernel launch: its grid, the uniform register values of the dispatch,
//! and the functional execution of every workgroup (no timing).

use crate::exec::gathered::{committable, Gathered};
use crate::exec::lane_ops::{reads_across_lanes, Decoded};
use crate::exec::memory::{
    write_le, GlobalMemory, GlobalView, LocalArguments, RecentRegions, WaveMemory,
};
use crate::exec::overlay::{self, commit_batch, Overlay};
use crate::exec::printf::{Printed, PrintfFailure};
use crate::exec::progress::{Progress, ProgressState, TICK};
use crate::exec::wave::{Counts, Wave, WaveState};
use crate::exec::windows::{chunk_memories, ChunkLogs, ChunkMemory, WindowPlan};
use isa::core::Scalar;
use isa::ir::{BuiltIn, Dialect, Kernel, Reg};
use isa::module::Location;
use std::fmt;
use std::sync::Arc;

pub struct Launch<'k> {
    pub kernel: &'k Kernel,
    /// The kernel decoded for `register_width` (`lane_ops::decode_kernel`).
    pub decoded: Arc<Decoded>,
    /// Per built-in of the kernel: whether its copy in private memory can
    /// be read (`builtins_in_memory`); the others live in registers only.
    pub builtins_in_memory: Vec<bool>,
    pub workgroups: [u32; 3],
    pub local_size: [u32; 3],
    /// What OpenCL's get_work_dim() gives.
    pub work_dim: u32,
    /// What OpenCL's get_global_offset() gives, in every global id.
    pub global_offset: [u64; 3],
    pub wave_width: usize,
    /// Lanes a wave keeps registers and private memory for
    /// (`register_width`): `wave_width`, or fewer when they could never
    /// be used.
    register_width: usize,
    /// Registers set in every lane at wave start: constants, buffer
    /// addresses and sizes, kernel arguments.
    pub uniforms: Vec<(Reg, u64)>,
    /// Workgroup memory bytes: declared variables plus local arguments.
    pub workgroup_bytes: u32,
    /// Where the local arguments lie in it.
    pub local_arguments: LocalArguments,
    /// Wave-instructions the whole launch may execute before it is
    /// stopped as hung.
    pub max_wave_instructions: u64,
    /// What a wave reused from an earlier workgroup must have set again
    /// (register, value in every lane) for the run to be the one fresh
    /// waves give (`reuse_resets`).
    reuse_resets: Vec<(Reg, u64)>,
    /// Per wave of a workgroup, its built-ins' values (`builtin_rows`).
    builtins: Vec<Vec<BuiltinRow>>,
}

/// One component of a built-in over a wave's lanes: lane `l` holds
/// `lanes[l] + per_workgroup · workgroup id` (wrapping), cut to `bits`.
struct BuiltinRow {
    reg: Reg,
    /// Where in each lane's private memory its copy goes, if anything
    /// can read it there (`builtins_in_memory`).
    private_at: Option<usize>,
    size: usize,
    bits: u64,
    lanes: Vec<u64>,
    per_workgroup: [u64; 3],
}

/// The waves and shared memory of the last workgroup a thread ran, kept
/// for its next one: a workgroup's set-up then allocates nothing and
/// touches only the registers it must (`Launch::reuse_resets`).
#[derive(Default)]
pub struct WorkgroupSpace {
    waves: Vec<Wave>,
    shared: Vec<u8>,
    recent: RecentRegions,
}

/// A thread's `WorkgroupSpace` in a parallel run, on cache lines of its
/// own: a workgroup's set-up writes it, and sharing a line with another
/// thread's took each workgroup's set-up and first private stores 1.6-2.2
/// times their host time on two threads (perf, memory-bound kernel).
#[derive(Default)]
#[repr(align(128))]
struct ThreadSpace(std::sync::Mutex<WorkgroupSpace>);

/// Workgroups per thread in the first batch of a parallel functional
/// run through overlays: enough to even out workgroups of different
/// lengths between commits. Each later batch doubles, up to `MAX_BATCH`
/// per thread (where a run written in place starts), so that short
/// workgroups do not wait on the commits (the overlays of a batch are
/// held until it is committed).
const WORKGROUPS_PER_THREAD: u64 = 32;
const MAX_BATCH: u64 = 1024;
/// Most workgroups per thread in a batch written in place, whose undo
/// logs hold at most the bytes of its windows (so never more than the
/// buffers it writes): fewer commits, each a wait for the batch's last
/// chunk (the memory-bound bench kernel ran about 10% faster on two
/// threads than with `MAX_BATCH`).
const MAX_IN_PLACE_BATCH: u64 = 8 * MAX_BATCH;
/// Most locations the chunks of a batch written in place gather atomics
/// for, all told (about 70 bytes each): a batch after one that gathered
/// more is cut to fit, at the rate per workgroup it saw. Without it a
/// scatter of blind atomics, one location per invocation, gathered
/// hundreds of megabytes per batch.
const MAX_BATCH_LOCATIONS: u64 = 1 << 18;
/// Chunks of consecutive workgroups per thread in a batch: enough to even
/// out chunks of different lengths. Chunks are never longer than in a
/// batch of `MAX_BATCH` per thread, so that a longer batch still ends
/// with short chunks.
const CHUNKS_PER_THREAD: u64 = 8;
/// A parallel launch goes on on one thread after a batch whose commit
/// cost more than its wave-instructions, counting this many for each page
/// its overlays took beyond each chunk's first. A page of an overlay
/// (made, filled and committed) cost about 1.4 us, against
/// about 25 ns for a wave-instruction on one thread: a kernel storing to
/// a lookup table's words, 0.05 pages a wave-instruction, ran 2.5x slower
/// on two threads than on one, and one storing each lane to a word far
/// from the others' (6 pages a wave-instruction) 24x slower, taking 8x
/// the memory.
const WAVE_INSTRUCTIONS_PER_PAGE: u64 = 128;
/// And one for this many gathered atomics' locations, applied one after
/// another in the commit in about 6 ns each, half a wave-instruction's
/// time on one thread (what two threads save of it). A scatter of blind
/// atomics onto 4 M words, a location a lane, ran in 0.06 s on two
/// threads against 0.03 s on one.
const LOCATIONS_PER_WAVE_INSTRUCTION: u64 = 2;

/// A launch's NDRange: `workgroups` of `local_size` invocations, in
/// `work_dim` dimensions as OpenCL's get_work_dim() gives them.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    pub workgroups: [u32; 3],
    pub local_size: [u32; 3],
    pub work_dim: u32,
    /// OpenCL's get_global_offset(): added to every global id.
    pub global_offset: [u64; 3],
}

/// A launch that could not finish, and where.
#[derive(Debug)]
pub struct ExecError(pub String);

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExecError {}

impl<'k> Launch<'k> {
    /// A launch of `kernel` over `grid`, in waves of `wave_width`, with
    /// `uniforms` set in every lane at wave start.
    pub fn new(
        kernel: &'k Kernel,
        grid: Grid,
        wave_width: usize,
        uniforms: Vec<(Reg, u64)>,
        local_arguments: LocalArguments,
        max_wave_instructions: u64,
    ) -> Launch<'k> {
        let Grid {
            workgroups,
            local_size,
            work_dim,
            global_offset,
        } = grid;
        let register_width = Launch::register_width(kernel, local_size, wave_width);
        let mut launch = Launch {
            kernel,
            decoded: Arc::new(crate::exec::lane_ops::decode_kernel(kernel, register_width)),
            builtins_in_memory: Launch::builtins_in_memory(kernel),
            workgroups,
            local_size,
            wave_width,
            register_width,
            reuse_resets: Launch::reuse_resets(kernel, &uniforms),
            uniforms,
            workgroup_bytes: local_arguments.total_bytes(),
            local_arguments,
            max_wave_instructions,
            work_dim,
            global_offset,
            builtins: Vec::new(),
        };
        launch.builtins = (0..launch.waves_per_workgroup())
            .map(|i| launch.builtin_rows(i))
            .collect();
        launch
    }

    /// The registers a wave reused from an earlier workgroup must have set
    /// again, with their values: those some lane can read before writing
    /// (live into the kernel's entry, e.g. an undefined value; built-ins
    /// excepted, which every wave sets) are zeroed, and uniforms that an
    /// instruction overwrites get their value back. Other registers are
    /// written by a lane before that lane reads them. Cross-lane
    /// operations can read lanes that never wrote a register, so their
    /// kernels reset every register.
    fn reuse_resets(kernel: &Kernel, uniforms: &[(Reg, u64)]) -> Vec<(Reg, u64)> {
        let regs = kernel.reg_count as usize;
        let mut value = vec![0u64; regs];
        let mut uniform = vec![false; regs];
        for &(r, v) in uniforms {
            value[r as usize] = v;
            uniform[r as usize] = true;
        }
        let all = || (0..regs as Reg).map(|r| (r, value[r as usize])).collect();
        if kernel.insts.is_empty() {
            return Vec::new();
        }
        if reads_across_lanes(kernel) {
            return all();
        }
        let written = isa::liveness::written(kernel);
        let mut builtin = vec![false; regs];
        for slot in &kernel.builtins {
            for &r in &slot.regs {
                builtin[r as usize] = true;
            }
        }
        let live = isa::liveness::Liveness::new(kernel, |_| true);
        let entry = &live.live_in[0];
        (0..regs as Reg)
            .filter(|&r| {
                let i = r as usize;
                if uniform[i] {
                    written[i]
                } else {
                    entry.contains(r) && !builtin[i]
                }
            })
            .map(|r| (r, value[r as usize]))
            .collect()
    }

    /// The lanes a wave stores: a workgroup smaller than a wave is one
    /// wave whose other lanes never exist, and unless an instruction reads
    /// across lanes nothing can tell its registers from a wave's as wide
    /// as it. Stored that narrow, its lanes are every lane of the rows, so
    /// the handlers take their full-row loops (an n-body step with
    /// workgroups of 4 is the case). Built-ins keep the model's wave
    /// width.
    fn register_width(kernel: &Kernel, local_size: [u32; 3], wave_width: usize) -> usize {
        let invocations = local_size.iter().map(|&x| x as usize).product::<usize>();
        if reads_across_lanes(kernel) || invocations == 0 {
            wave_width
        } else {
            invocations.min(wave_width)
        }
    }

    pub fn workgroup_invocations(&self) -> usize {
        self.local_size.iter().map(|&x| x as usize).product()
    }

    pub fn waves_per_workgroup(&self) -> usize {
        self.workgroup_invocations().div_ceil(self.wave_width)
    }

    /// The error of a launch that ran past its wave-instruction budget, at
    /// wave `wave` of workgroup `wg` about to run `pc`.
    pub fn over_budget(&self, wg: [u32; 3], wave: usize, pc: u32) -> ExecError {
        ExecError(format!(
            "{}: the launch ran past its budget of {} wave-instructions; the kernel looks hung (an endless loop?), or needs a larger budget (--max-instructions)",
            self.describe(wg, wave, pc, None),
            self.max_wave_instructions
        ))
    }

    /// Names a place in the launch for an error message.
    pub fn describe(&self, wg: [u32; 3], wave: usize, pc: u32, lane: Option<usize>) -> String {
        let lane = lane.map(|l| format!(" lane {l}")).unwrap_or_default();
        format!(
            "{}, workgroup ({}, {}, {}) wave {wave}{lane}",
            instruction_place(self.kernel, pc),
            wg[0],
            wg[1],
            wg[2]
        )
    }

    /// Per built-in of `kernel`: whether an instruction can read its copy
    /// in private memory, i.e. uses a register holding its address (loads
    /// at fixed offsets were lowered to reads of the preloaded registers;
    /// a dynamic index or a pointer passed on still needs the copy).
    pub fn builtins_in_memory(kernel: &Kernel) -> Vec<bool> {
        let mut used = vec![false; kernel.reg_count as usize];
        let mut sources = Vec::new();
        for inst in &kernel.insts {
            isa::liveness::sources(kernel, inst, &mut sources);
            for &r in &sources {
                used[r as usize] = true;
            }
        }
        kernel
            .builtins
            .iter()
            .map(|slot| {
                let address = isa::ir::address::PRIVATE_BASE + slot.offset as u64;
                kernel
                    .constants
                    .iter()
                    .any(|&(r, v)| v == address && used[r as usize])
            })
            .collect()
    }

    /// Creates wave `index` of workgroup `wg` with its built-ins set.
    pub fn make_wave(&self, wg: [u32; 3], index: usize) -> Wave {
        let mut wave = Wave::new(
            self.kernel,
            &self.decoded,
            self.register_width,
            self.lanes_of(index),
            &self.uniforms,
        );
        self.set_builtins(&mut wave, wg, index);
        wave
    }

    /// Makes `wave`, a wave of this launch that has finished, wave `index`
    /// of workgroup `wg`, as `make_wave` would.
    pub fn remake_wave(&self, wave: &mut Wave, wg: [u32; 3], index: usize) {
        wave.restart(self.kernel, self.lanes_of(index), &self.reuse_resets);
        self.set_builtins(wave, wg, index);
    }

    /// The lanes wave `index` of a workgroup has.
    fn lanes_of(&self, index: usize) -> usize {
        (self.workgroup_invocations() - index * self.wave_width).min(self.wave_width)
    }

    /// Calls `f(slot, lane, component, value)` with every component of
    /// every built-in of wave `index` of workgroup `wg`, in every lane.
    fn builtin_values(
        &self,
        wg: [u32; 3],
        index: usize,
        mut f: impl FnMut(usize, usize, usize, u64),
    ) {
        let first = index * self.wave_width;
        let lanes = self.lanes_of(index);
        let [lx, ly, _] = self.local_size.map(|x| x as u64);
        let [nx, ny, nz] = self.workgroups.map(|x| x as u64);
        let g = [nx * lx, ny * ly, nz * self.local_size[2] as u64];
        let subgroups = self.waves_per_workgroup() as u64;
        let start = first as u64;
        // Local ids step through x, then y, then z: divided out once.
        let mut local = [[0u64; 3]; isa::subgroup::MAX_WIDTH];
        let mut at = [start % lx, (start / lx) % ly, start / (lx * ly)];
        for id in local.iter_mut().take(lanes) {
            *id = at;
            at[0] += 1;
            if at[0] == lx {
                at[0] = 0;
                at[1] += 1;
                if at[1] == ly {
                    at[1] = 0;
                    at[2] += 1;
                }
            }
        }
        let offset = self.global_offset;
        // Without the NDRange's offset: what get_global_linear_id() counts.
        let from_offset = |lane: usize| -> [u64; 3] {
            std::array::from_fn(|d| wg[d] as u64 * self.local_size[d] as u64 + local[lane][d])
        };
        let global = |lane: usize| -> [u64; 3] {
            let id = from_offset(lane);
            std::array::from_fn(|d| id[d].wrapping_add(offset[d]))
        };
        let all_lanes = isa::core::mask(self.wave_width as u32);
        // Subgroup masks: this lane's bit and the lanes below it.
        let own = |lane: usize| 1u64 << lane;
        let below = |lane: usize| own(lane) - 1;
        // One built-in at a time over the wave's lanes: the choice of
        // built-in is made once per wave, not per lane.
        for (s, slot) in self.kernel.builtins.iter().enumerate() {
            let value: &dyn Fn(usize) -> [u64; 4] = match slot.builtin {
                BuiltIn::GlobalInvocationId => &|l| xyz(global(l)),
                BuiltIn::LocalInvocationId => &|l| xyz(local[l]),
                BuiltIn::LocalInvocationIndex => &|l| [start + l as u64, 0, 0, 0],
                BuiltIn::WorkgroupId => &|_| xyz(wg.map(|x| x as u64)),
                BuiltIn::NumWorkgroups => &|_| [nx, ny, nz, 0],
                BuiltIn::WorkgroupSize | BuiltIn::EnqueuedWorkgroupSize => {
                    &|_| xyz(self.local_size.map(|x| x as u64))
                }
                BuiltIn::GlobalSize => &|_| xyz(g),
                BuiltIn::GlobalOffset => &|_| xyz(offset),
                BuiltIn::GlobalLinearId => &|l| {
                    let id = from_offset(l);
                    [(id[2] * g[1] + id[1]) * g[0] + id[0], 0, 0, 0]
                },
                BuiltIn::WorkDim => &|_| [self.work_dim as u64, 0, 0, 0],
                BuiltIn::NumSubgroups | BuiltIn::NumEnqueuedSubgroups => &|_| [subgroups, 0, 0, 0],
                BuiltIn::SubgroupId => &|_| [index as u64, 0, 0, 0],
                BuiltIn::SubgroupSize => match self.kernel.dialect {
                    // OpenCL counts the lanes this subgroup really has.
                    Dialect::OpenCl => &|_| [lanes as u64, 0, 0, 0],
                    Dialect::Shader => &|_| [self.wave_width as u64, 0, 0, 0],
                },
                BuiltIn::SubgroupMaxSize => &|_| [self.wave_width as u64, 0, 0, 0],
                BuiltIn::SubgroupLocalInvocationId => &|l| [l as u64, 0, 0, 0],
                BuiltIn::SubgroupEqMask => &|l| words(own(l)),
                BuiltIn::SubgroupGeMask => &|l| words(all_lanes & !below(l)),
                BuiltIn::SubgroupGtMask => &|l| words(all_lanes & !below(l) & !own(l)),
                BuiltIn::SubgroupLeMask => &|l| words(below(l) | own(l)),
                BuiltIn::SubgroupLtMask => &|l| words(below(l)),
            };
            for lane in 0..lanes {
                let v = value(lane);
                for (c, &value) in v.iter().enumerate().take(slot.regs.len()) {
                    f(s, lane, c, if slot.ty == Scalar::Bool { 0 } else { value });
                }
            }
        }
    }

    /// The built-in rows of wave `index` of any workgroup: every built-in
    /// is `lanes + coefficients · workgroup id` in wrapping arithmetic
    /// (the ids that depend on the workgroup are linear in it), so the
    /// values are worked out once per launch.
    fn builtin_rows(&self, index: usize) -> Vec<BuiltinRow> {
        // One row per (built-in, component), in order: a built-in's first
        // row is the number of components before it.
        let mut first = Vec::new();
        let mut rows = Vec::new();
        for (s, slot) in self.kernel.builtins.iter().enumerate() {
            first.push(rows.len());
            let size = slot.ty.bytes() as usize;
            rows.extend(slot.regs.iter().enumerate().map(|(c, &reg)| BuiltinRow {
                reg,
                private_at: self.builtins_in_memory[s].then_some(slot.offset as usize + c * size),
                size,
                bits: isa::core::mask(slot.ty.bits()),
                lanes: Vec::new(),
                per_workgroup: [0; 3],
            }));
        }
        self.builtin_values([0; 3], index, |s, _, c, value| {
            rows[first[s] + c].lanes.push(value);
        });
        for d in 0..3 {
            let mut unit = [0; 3];
            unit[d] = 1;
            self.builtin_values(unit, index, |s, lane, c, value| {
                if lane == 0 {
                    let row = &mut rows[first[s] + c];
                    row.per_workgroup[d] = value.wrapping_sub(row.lanes[0]);
                }
            });
        }
        rows
    }

    /// Sets the built-ins of `wave`, wave `index` of workgroup `wg`.
    fn set_builtins(&self, wave: &mut Wave, wg: [u32; 3], index: usize) {
        let pb = self.kernel.private_bytes as usize;
        for row in &self.builtins[index] {
            let shift = (0..3).fold(0u64, |acc, d| {
                acc.wrapping_add(row.per_workgroup[d].wrapping_mul(wg[d] as u64))
            });
            // The register holds what a load of the private copy gives.
            wave.preload_row(row.reg, &row.lanes, shift, row.bits);
            if let Some(offset) = row.private_at {
                for (lane, &v) in row.lanes.iter().enumerate() {
                    let at = lane * pb + offset;
                    write_le(&mut wave.private[at..at + row.size], v.wrapping_add(shift));
                }
            }
        }
    }

    /// Runs every workgroup to completion; printf output goes to
    /// `printf`. On `threads` > 1, workgroups run on this thread up to the
    /// first that runs no atomic on global memory but blind ones
    /// (`gathered`), and if their mean wave-instructions times the
    /// workgroups reach `parallel_from`, the others run in parallel
    /// batches and are committed in workgroup order, with the one-thread
    /// result (see `overlay`, `windows` and `gathered`); a workgroup whose
    /// result could differ (it read what an earlier workgroup of its batch
    /// wrote or gathered atomics for, or used a global atomic that is not
    /// blind) runs again, and the launch finishes on one thread from it.
    pub fn run_functional(
        &self,
        global: &mut GlobalMemory,
        printf: &mut Printed,
        mut progress: Option<&mut dyn Progress>,
        threads: usize,
        parallel_from: u64,
    ) -> Result<Counts, ExecError> {
        let mut counts = Counts::default();
        let total = self.total_workgroups();
        let mut state = ProgressState {
            workgroups: total,
            ..ProgressState::default()
        };
        let mut space = WorkgroupSpace::default();
        let mut next = 0;
        // With more threads, workgroups run here one at a time while each
        // runs a global atomic that is not blind (a batch holding such
        // workgroups would be committed no further than them and run
        // again here); the first that runs none, and what the workgroups
        // so far took, say whether the launch is worth waking the pool
        // for.
        while threads > 1 && next < total {
            let atomics = counts.ordered_atomics;
            let (p, s) = (&mut progress, &mut state);
            let one = next..next + 1;
            self.run_in_order(one, &mut space, global, printf, &mut counts, p, s)?;
            next += 1;
            if counts.ordered_atomics == atomics {
                break;
            }
        }
        let per_workgroup = counts.wave_instructions / next.max(1);
        if threads > 1 && next < total && per_workgroup.saturating_mul(total) >= parallel_from {
            let pool = thread_pool(threads)?;
            let (p, s) = (&mut progress, &mut state);
            // The whole loop runs on the pool, not only its parallel
            // steps: handing each batch and commit over from this thread
            // and waiting for them put the kernel's scheduler in every
            // batch (measured on a one-thread pool forced through the
            // batches, which runs never use: the memory-bound bench
            // kernel took 1.21-1.29x the direct path's time that way,
            // 1.11-1.13x this way).
            let range = (next, total);
            next = pool.install(|| self.run_parallel(global, printf, p, s, &mut counts, range))?;
        }
        let (p, s) = (&mut progress, &mut state);
        self.run_in_order(next..total, &mut space, global, printf, &mut counts, p, s)?;
        Ok(counts)
    }

    /// Runs workgroups `range` one after another on this thread, straight
    /// on global memory.
    #[allow(clippy::too_many_arguments)]
    fn run_in_order(
        &self,
        range: std::ops::Range<u64>,
        space: &mut WorkgroupSpace,
        global: &mut GlobalMemory,
        printf: &mut Printed,
        counts: &mut Counts,
        progress: &mut Option<&mut dyn Progress>,
        state: &mut ProgressState,
    ) -> Result<(), ExecError> {
        for i in range {
            self.run_workgroup(
                space,
                self.coords(i),
                GlobalView::Direct(global),
                printf,
                counts,
                self.max_wave_instructions,
                progress,
                state,
            )?;
            workgroup_done(progress, state, counts);
        }
        Ok(())
    }

    /// Workgroups in the launch.
    fn total_workgroups(&self) -> u64 {
        self.workgroups.iter().map(|&n| n as u64).product()
    }

    /// The coordinates of workgroup `i`, x fastest.
    fn coords(&self, i: u64) -> [u32; 3] {
        let [nx, ny, _] = self.workgroups.map(u64::from);
        let (x, yz) = (i % nx, i / nx);
        [x as u32, (yz % ny) as u32, (yz / ny) as u32]
    }

    /// Runs batches of workgroups in parallel on the rayon pool it is
    /// called in and commits them in order, until all are done or one
    /// must run again on one thread; returns the index of the first
    /// workgroup not committed.
    fn run_parallel(
        &self,
        global: &mut GlobalMemory,
        printf: &mut Printed,
        progress: &mut Option<&mut dyn Progress>,
        state: &mut ProgressState,
        counts: &mut Counts,
        (first, total): (u64, u64),
    ) -> Result<u64, ExecError> {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads() as u64;
        let mut next = first;
        // Overlays are kept from batch to batch with their pages: freeing
        // pages on the committing thread that workers allocated makes the
        // allocator return and fetch memory from the system each batch.
        let mut overlays: Vec<Overlay> = Vec::new();
        let mut logs: Vec<ChunkLogs> = Vec::new();
        let in_place = self.window_plan(global);
        let in_place_writes = in_place.as_ref().is_some_and(WindowPlan::writes_in_place);
        // Written in place, batches start where those through overlays
        // end, so that a first batch that conflicts wastes no more work
        // than an overlay run's longest. With a buffer overlaid, a batch
        // can conflict as one through overlays does, and grows as those.
        // Blind atomics may scatter over more locations than their commit
        // can apply in the time a batch saves (a 64 K-bin histogram): the
        // first batch starts short too, and grows to the same length.
        let blind = self.decoded.blind_atomics.contains(&true);
        let (mut batch, most) = match &in_place {
            Some(plan) if !plan.overlays() && !blind => (MAX_BATCH, MAX_IN_PLACE_BATCH),
            Some(plan) if !plan.overlays() => (WORKGROUPS_PER_THREAD, MAX_IN_PLACE_BATCH),
            _ => (WORKGROUPS_PER_THREAD, MAX_BATCH),
        };
        batch *= threads;
        // Each thread's waves and shared memory, kept from chunk to chunk
        // and batch to batch, as on one thread.
        let spaces: Vec<ThreadSpace> = (0..threads).map(|_| Default::default()).collect();
        let space_of_thread = || {
            let k = rayon::current_thread_index().unwrap_or(0) % spaces.len();
            spaces[k].0.lock().unwrap_or_else(|e| e.into_inner())
        };
        while next < total {
            counts.parallel_batches += 1;
            let end = (next + batch).min(total);
            batch = (batch * 2).min(threads * most);
            // Each workgroup may run to the launch's budget as it stands;
            // one that passes it runs again on one thread, which says
            // where the budget ran out.
            let budget = self
                .max_wave_instructions
                .saturating_sub(counts.wave_instructions);
            // Consecutive workgroups share an overlay, run in order on one
            // thread: neighbours mostly touch neighbouring bytes, so a
            // chunk's pages cost little more than one workgroup's.
            let chunk = ((end - next) / (threads * CHUNKS_PER_THREAD))
                .clamp(1, MAX_BATCH / CHUNKS_PER_THREAD);
            let chunks = (end - next).div_ceil(chunk);
            let start = next;
            let range = move |k: u64| start + k * chunk..(start + (k + 1) * chunk).min(end);
            let ranges: Vec<_> = (0..chunks).map(range).collect();
            let run_chunk = |space: &mut WorkgroupSpace, k: usize, mut view: GlobalView| {
                let mut out = Printed::default();
                let mut own = Counts::default();
                for i in ranges[k].clone() {
                    self.run_workgroup(
                        space,
                        self.coords(i),
                        view.reborrow(),
                        &mut out,
                        &mut own,
                        budget,
                        &mut None,
                        &mut ProgressState::default(),
                    )?;
                }
                Ok((out, own))
            };
            // The chunks that finished within the launch's budget, in
            // order, up to the first that failed or went past it.
            let finished = |results: &[Result<(Printed, Counts), ExecError>]| {
                let mut total_waves = counts.wave_instructions;
                results
                    .iter()
                    .position(|r| match r {
                        Ok((_, own)) => {
                            total_waves += own.wave_instructions;
                            total_waves > self.max_wave_instructions
                        }
                        Err(_) => true,
                    })
                    .unwrap_or(results.len())
            };
            let (results, committed) = match &in_place {
                // Written in place: the chunks from the first that did not
                // finish, or whose gathered atomics conflict, on are undone.
                Some(plan) => {
                    logs.resize_with(chunks as usize, ChunkLogs::default);
                    let buffers = global.buffers.iter_mut();
                    let parts = buffers.map(|b| (b.name.as_str(), b.base, &mut b.data[..]));
                    let (shared, windows) = plan.cut(parts, &ranges);
                    let mut memories = chunk_memories(&shared, windows, &mut logs);
                    let results: Vec<_> = memories
                        .par_iter_mut()
                        .with_max_len(1)
                        .enumerate()
                        .map(|(k, memory)| {
                            run_chunk(&mut space_of_thread(), k, GlobalView::InPlace(memory))
                        })
                        .collect();
                    let gathers = memories.iter().map(ChunkMemory::gathered_atomics);
                    let mut committed = committable(gathers, finished(&results));
                    if plan.overlays() {
                        let overlays: Vec<&Overlay> =
                            memories.iter().map(ChunkMemory::overlay).collect();
                        committed = overlay::committable(&overlays, committed);
                    }
                    memories[committed..]
                        .par_iter_mut()
                        .for_each(ChunkMemory::undo);
                    drop(memories);
                    // The writes in place that stay, and those of the
                    // overlays, came from chunks before any that gathered
                    // atomics for their buffers.
                    let mut buffers: Vec<&mut [u8]> =
                        global.buffers.iter_mut().map(|b| &mut b.data[..]).collect();
                    let committed_logs = &logs[..committed];
                    if plan.overlays() {
                        let overlays: Vec<&Overlay> =
                            committed_logs.iter().map(|l| &l.overlay).collect();
                        overlay::commit_writes(&overlays, &mut buffers);
                    }
                    for l in committed_logs {
                        l.gathered.apply(&mut buffers);
                    }
                    let locations: u64 = logs.iter().map(|l| l.gathered.locations() as u64).sum();
                    if locations > MAX_BATCH_LOCATIONS {
                        let per_workgroup = locations.div_ceil(end - start);
                        batch = batch.min((MAX_BATCH_LOCATIONS / per_workgroup).max(threads));
                    }
                    (results, committed)
                }
                None => {
                    overlays.resize_with(chunks as usize, Overlay::default);
                    let shared: &GlobalMemory = global;
                    let results: Vec<_> = overlays
                        .par_iter_mut()
                        .with_max_len(1)
                        .enumerate()
                        .map(|(k, overlay)| {
                            overlay.clear();
                            let view = GlobalView::Overlaid(shared, overlay);
                            run_chunk(&mut space_of_thread(), k, view)
                        })
                        .collect();
                    let finished = finished(&results);
                    let mut buffers: Vec<&mut [u8]> =
                        global.buffers.iter_mut().map(|b| &mut b.data[..]).collect();
                    (results, commit_batch(&overlays, finished, &mut buffers))
                }
            };
            let results_len = results.len();
            // Scattered stores fill the overlays with pages, and scattered
            // blind atomics the chunks' gathered locations, each costing
            // more than the one thread it saves could run in the time.
            let (pages, locations) = match &in_place {
                Some(_) => commit_size(logs[..committed].iter().map(|l| (&l.overlay, &l.gathered))),
                None => commit_size(overlays[..committed].iter().map(|o| (o, &o.gathered))),
            };
            let ran: u64 = results[..committed]
                .iter()
                .flatten()
                .map(|(_, own)| own.wave_instructions)
                .sum();
            // A chunk's first page is its own (a word all its workgroups
            // write, say) whatever its length: batches start with short
            // chunks, which would otherwise look scattered.
            let commit_cost = pages.saturating_sub(committed) as u64 * WAVE_INSTRUCTIONS_PER_PAGE
                + locations as u64 / LOCATIONS_PER_WAVE_INSTRUCTION;
            let scattered = commit_cost > ran;
            for (k, (out, own)) in results.into_iter().take(committed).flatten().enumerate() {
                printf.append(out);
                counts.merge(own);
                for _ in range(k as u64) {
                    counts.parallel_workgroups += 1;
                    counts.in_place_workgroups += u64::from(in_place_writes);
                    next += 1;
                    workgroup_done(progress, state, counts);
                }
            }
            if committed < results_len || scattered {
                return Ok(next);
            }
        }
        Ok(next)
    }

    /// How the chunks of a parallel batch may write global memory in
    /// place (`windows`), when the kernel's stores say they may.
    fn window_plan(&self, global: &GlobalMemory) -> Option<WindowPlan> {
        if global.robust {
            return None;
        }
        let writes = isa::global_writes::global_writes(self.kernel)?;
        let bases: Vec<u64> = global.buffers.iter().map(|b| b.base).collect();
        WindowPlan::new(
            &writes,
            &self.uniforms,
            &bases,
            self.workgroups,
            self.local_size,
        )
    }

    /// Runs workgroup `wg`, adding its instructions to `counts`, which
    /// may not pass `budget`.
    #[allow(clippy::too_many_arguments)]
    fn run_workgroup(
        &self,
        space: &mut WorkgroupSpace,
        wg: [u32; 3],
        mut global: GlobalView,
        printf: &mut Printed,
        counts: &mut Counts,
        budget: u64,
        progress: &mut Option<&mut dyn Progress>,
        state: &mut ProgressState,
    ) -> Result<(), ExecError> {
        let WorkgroupSpace {
            waves,
            shared,
            recent,
        } = space;
        let n = self.waves_per_workgroup();
        for (i, wave) in waves.iter_mut().enumerate().take(n) {
            self.remake_wave(wave, wg, i);
        }
        for i in waves.len()..n {
            waves.push(self.make_wave(wg, i));
        }
        shared.clear();
        shared.resize(self.workgroup_bytes as usize, 0);
        let private_bytes = self.kernel.private_bytes as usize;
        loop {
            // Run each ready wave until it finishes or waits at a barrier.
            for (index, wave) in waves.iter_mut().enumerate() {
                // Private memory is taken out of the wave while it steps, so
                // that the wave and its memory can be borrowed apart.
                let mut private = std::mem::take(&mut wave.private);
                let mut mem = WaveMemory::with_view(
                    global.reborrow(),
                    shared,
                    &mut private,
                    private_bytes,
                    printf,
                )
                .with_local_arguments(&self.local_arguments)
                .remembering(*recent);
                while wave.state == WaveState::Ready {
                    // Runs to the next progress tick or just past the
                    // budget, whichever comes first.
                    let count = counts.wave_instructions;
                    let to_tick = match progress {
                        Some(_) => TICK - count % TICK,
                        None => u64::MAX,
                    };
                    let to_budget = (budget + 1).saturating_sub(count);
                    let pc = wave
                        .run(self.kernel, &mut mem, to_tick.min(to_budget), counts)
                        .map_err(|f| {
                            ExecError(format!(
                                "{}: {}",
                                self.describe(wg, index, f.pc, f.lane),
                                f.message
                            ))
                        })?;
                    if counts.wave_instructions.is_multiple_of(TICK) {
                        if let Some(p) = progress.as_deref_mut() {
                            state.wave_instructions = counts.wave_instructions;
                            p.update(state);
                        }
                    }
                    if counts.wave_instructions > budget {
                        return Err(self.over_budget(wg, index, pc));
                    }
                }
                *recent = mem.recent();
                counts.global_atomics += mem.global_atomics();
                counts.ordered_atomics += mem.ordered_atomics();
                wave.private = private;
            }
            let waiting: Vec<(usize, u32)> = waves
                .iter()
                .enumerate()
                .filter_map(|(i, w)| match w.state {
                    WaveState::AtBarrier(pc) => Some((i, pc)),
                    _ => None,
                })
                .collect();
            if waiting.is_empty() {
                return Ok(());
            }
            if waiting.len() < waves.len() {
                let (i, pc) = waiting[0];
                let done: Vec<String> = waves
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.state == WaveState::Done)
                    .map(|(i, _)| i.to_string())
                    .collect();
                return Err(ExecError(deadlock_message(
                    &self.describe(wg, i, pc, None),
                    &done,
                )));
            }
            for w in waves.iter_mut() {
                w.release();
            }
        }
    }
}

/// The pages and gathered atomics' locations a batch's committed chunks
/// left to commit.
fn commit_size<'c>(chunks: impl Iterator<Item = (&'c Overlay, &'c Gathered)>) -> (usize, usize) {
    chunks.fold((0, 0), |(pages, locations), (o, g)| {
        (pages + o.pages(), locations + g.locations())
    })
}

/// The process's pool of `threads` threads, started by the first launch
/// that asks for that many: starting one took longer than a small
/// launch's work (a 4-workgroup launch ran 24 times slower on two threads
/// than on one).
fn thread_pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, ExecError> {
    static POOLS: std::sync::Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> =
        std::sync::Mutex::new(Vec::new());
    // A panic elsewhere while the lock was held leaves the list whole.
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(pool.clone());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ExecError(format!("could not start {threads} threads: {e}")))?;
    let pool = Arc::new(pool);
    pools.push((threads, pool.clone()));
    Ok(pool)
}

/// Tells the progress display, if any, that one more workgroup is done.
fn workgroup_done(
    progress: &mut Option<&mut dyn Progress>,
    state: &mut ProgressState,
    counts: &Counts,
) {
    if let Some(p) = progress.as_deref_mut() {
        state.workgroups_done += 1;
        state.wave_instructions = counts.wave_instructions;
        p.update(state);
    }
}

/// The instruction at `pc` of `kernel` as messages name it: the kernel,
/// the opcode and its place in the kernel file.
fn instruction_place(kernel: &Kernel, pc: u32) -> String {
    let origin = match kernel.origins.get(pc as usize) {
        Some(o) => {
            let spirv = match &o.location {
                Location::Line(l) => format!("{}:{l}", kernel.source),
                Location::Word(w) => format!("{} word {w}", kernel.source),
            };
            match kernel.source_place(pc as usize) {
                Some(source) => format!("Op{} at {source} ({spirv})", o.opcode),
                None => format!("Op{} at {spirv}", o.opcode),
            }
        }
        None => "the end of the kernel".to_string(),
    };
    format!("kernel '{}', {origin}", kernel.name)
}

/// One warning per printf call site and message among `failures`, naming
/// the instruction as execution errors do: those calls printed nothing.
pub fn printf_warnings(kernel: &Kernel, failures: &[PrintfFailure]) -> Vec<String> {
    failures
        .iter()
        .map(|f| {
            let calls = if f.count == 1 { "call" } else { "calls" };
            format!(
                "{}: printf printed nothing and returned -1 in {} {calls}: {}",
                instruction_place(kernel, f.pc),
                f.count,
                f.message
            )
        })
        .collect()
}

/// The message for waves that finished while the rest of their workgroup
/// waits at a barrier.
pub fn deadlock_message(place: &str, finished: &[String]) -> String {
    let waves = if finished.len() == 1 { "wave" } else { "waves" };
    format!(
        "{place}: barrier deadlock: {waves} {} of the workgroup finished without reaching this barrier",
        finished.join(", ")
    )
}

/// A three-component built-in as four components.
fn xyz(v: [u64; 3]) -> [u64; 4] {
    [v[0], v[1], v[2], 0]
}

/// A lane mask as the four 32-bit words of a `uvec4`.
fn words(mask: u64) -> [u64; 4] {
    [mask & 0xffff_ffff, mask >> 32, 0, 0]
}
