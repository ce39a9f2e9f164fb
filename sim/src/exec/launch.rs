//! A kernel launch: its grid, the uniform register values of the dispatch,
//! and the functional execution of every workgroup (no timing).

use crate::exec::lane_ops::LaneOp;
use crate::exec::memory::{write_le, GlobalMemory, GlobalView, WaveMemory};
use crate::exec::overlay::{commit_batch, Overlay};
use crate::exec::progress::{Progress, ProgressState, TICK};
use crate::exec::wave::{Counts, Wave, WaveState};
use isa::core::Scalar;
use isa::ir::{BuiltIn, Dialect, Kernel, Reg};
use isa::module::Location;
use std::fmt;
use std::sync::Arc;

pub struct Launch<'k> {
    pub kernel: &'k Kernel,
    /// The kernel's lane-wise instructions decoded for `wave_width`
    /// (`lane_ops::decode`).
    pub lane_ops: Arc<[Option<LaneOp>]>,
    /// Per built-in of the kernel: whether its copy in private memory can
    /// be read (`builtins_in_memory`); the others live in registers only.
    pub builtins_in_memory: Vec<bool>,
    pub workgroups: [u32; 3],
    pub local_size: [u32; 3],
    pub wave_width: usize,
    /// Registers set in every lane at wave start: constants, buffer
    /// addresses and sizes, kernel arguments.
    pub uniforms: Vec<(Reg, u64)>,
    /// Workgroup memory bytes: declared variables plus local arguments.
    pub workgroup_bytes: u32,
    /// Wave-instructions the whole launch may execute before it is
    /// stopped as hung.
    pub max_wave_instructions: u64,
}

/// Workgroups per thread in the first batch of a parallel functional
/// run: enough to even out workgroups of different lengths between
/// commits. Each later batch doubles, up to `MAX_BATCH` per thread, so
/// that short workgroups do not wait on the commits (the overlays of a
/// batch are held until it is committed).
const WORKGROUPS_PER_THREAD: u64 = 32;
const MAX_BATCH: u64 = 1024;

/// A launch that could not finish, and where.
#[derive(Debug)]
pub struct ExecError(pub String);

impl fmt::Display for ExecError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExecError {}

impl Launch<'_> {
    pub fn workgroup_invocations(&self) -> usize {
        self.local_size.iter().map(|&x| x as usize).product()
    }

    pub fn waves_per_workgroup(&self) -> usize {
        self.workgroup_invocations().div_ceil(self.wave_width)
    }

    /// Names a place in the launch for an error message.
    pub fn describe(&self, wg: [u32; 3], wave: usize, pc: u32, lane: Option<usize>) -> String {
        let lane = lane.map(|l| format!(" lane {l}")).unwrap_or_default();
        let k = self.kernel;
        let origin = match k.origins.get(pc as usize) {
            Some(o) => match &o.location {
                Location::Line(l) => format!("Op{} at {}:{l}", o.opcode, k.source),
                Location::Word(w) => format!("Op{} at {} word {w}", o.opcode, k.source),
            },
            None => "the end of the kernel".to_string(),
        };
        format!(
            "kernel '{}', {origin}, workgroup ({}, {}, {}) wave {wave}{lane}",
            k.name, wg[0], wg[1], wg[2]
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
        let total = self.workgroup_invocations();
        let first = index * self.wave_width;
        let lanes = (total - first).min(self.wave_width);
        let mut wave = Wave::new(
            self.kernel,
            &self.lane_ops,
            self.wave_width,
            lanes,
            &self.uniforms,
        );
        let pb = self.kernel.private_bytes as usize;
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
        let global = |lane: usize| -> [u64; 3] {
            std::array::from_fn(|d| wg[d] as u64 * self.local_size[d] as u64 + local[lane][d])
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
                BuiltIn::GlobalOffset => &|_| [0; 4],
                BuiltIn::GlobalLinearId => &|l| {
                    let id = global(l);
                    [(id[2] * g[1] + id[1]) * g[0] + id[0], 0, 0, 0]
                },
                BuiltIn::WorkDim => &|_| [3, 0, 0, 0],
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
            let size = slot.ty.bytes() as usize;
            let bits_mask = isa::core::mask(slot.ty.bits());
            let in_memory = self.builtins_in_memory[s];
            for lane in 0..lanes {
                let v = value(lane);
                for (c, (&value, &reg)) in v.iter().zip(&slot.regs).enumerate() {
                    let bits = if slot.ty == Scalar::Bool { 0 } else { value };
                    if in_memory {
                        let at = lane * pb + slot.offset as usize + c * size;
                        write_le(&mut wave.private[at..at + size], bits);
                    }
                    // The register holds what a load of those bytes gives.
                    wave.preload(reg, lane, bits & bits_mask);
                }
            }
        }
        wave
    }

    /// Runs every workgroup to completion; printf output goes to
    /// `printf`. On `threads` > 1, workgroups run in parallel batches and
    /// are committed in workgroup order, with the one-thread result (see
    /// `overlay`); a workgroup whose result could differ (it read what an
    /// earlier workgroup of its batch wrote, or used a global atomic)
    /// runs again, and the launch finishes on one thread from it.
    pub fn run_functional(
        &self,
        global: &mut GlobalMemory,
        printf: &mut String,
        mut progress: Option<&mut dyn Progress>,
        threads: usize,
    ) -> Result<Counts, ExecError> {
        let mut counts = Counts::default();
        let [nx, ny, nz] = self.workgroups;
        let total = nx as u64 * ny as u64 * nz as u64;
        let mut state = ProgressState {
            workgroups: total,
            ..ProgressState::default()
        };
        let coords = |i: u64| {
            let (x, yz) = (i % nx as u64, i / nx as u64);
            [x as u32, (yz % ny as u64) as u32, (yz / ny as u64) as u32]
        };
        let mut next = 0u64;
        if threads > 1 && total > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| ExecError(format!("could not start {threads} threads: {e}")))?;
            next = self.run_parallel(
                global,
                printf,
                &mut progress,
                &mut state,
                &mut counts,
                &pool,
                total,
                coords,
            )?;
        }
        while next < total {
            self.run_workgroup(
                coords(next),
                GlobalView::Direct(global),
                printf,
                &mut counts,
                self.max_wave_instructions,
                &mut progress,
                &mut state,
            )?;
            next += 1;
            workgroup_done(&mut progress, &mut state, &counts);
        }
        Ok(counts)
    }

    /// Runs batches of workgroups in parallel and commits them in order,
    /// until all are done or one must run again on one thread; returns
    /// the index of the first workgroup not committed.
    #[allow(clippy::too_many_arguments)]
    fn run_parallel(
        &self,
        global: &mut GlobalMemory,
        printf: &mut String,
        progress: &mut Option<&mut dyn Progress>,
        state: &mut ProgressState,
        counts: &mut Counts,
        pool: &rayon::ThreadPool,
        total: u64,
        coords: impl Fn(u64) -> [u32; 3] + Sync,
    ) -> Result<u64, ExecError> {
        use rayon::prelude::*;
        let threads = pool.current_num_threads() as u64;
        let mut batch = threads * WORKGROUPS_PER_THREAD;
        let mut next = 0;
        // Overlays are kept from batch to batch with their pages: freeing
        // pages on the committing thread that workers allocated makes the
        // allocator return and fetch memory from the system each batch.
        let mut overlays: Vec<Overlay> = Vec::new();
        while next < total {
            let end = (next + batch).min(total);
            batch = (batch * 2).min(threads * MAX_BATCH);
            // Each workgroup may run to the launch's budget as it stands;
            // one that passes it runs again on one thread, which says
            // where the budget ran out.
            let budget = self
                .max_wave_instructions
                .saturating_sub(counts.wave_instructions);
            let shared: &GlobalMemory = global;
            overlays.resize_with((end - next) as usize, Overlay::default);
            let results: Vec<Result<(String, Counts), ExecError>> = pool.install(|| {
                overlays
                    .par_iter_mut()
                    .enumerate()
                    .map(|(k, overlay)| {
                        let i = next + k as u64;
                        overlay.clear();
                        let mut out = String::new();
                        let mut own = Counts::default();
                        let r = self.run_workgroup(
                            coords(i),
                            GlobalView::Overlaid(shared, overlay),
                            &mut out,
                            &mut own,
                            budget,
                            &mut None,
                            &mut ProgressState::default(),
                        );
                        r.map(|()| (out, own))
                    })
                    .collect()
            });
            // The workgroups that finished within the launch's budget, in
            // order, up to the first that failed or went past it.
            let mut total_waves = counts.wave_instructions;
            let finished = results
                .iter()
                .position(|r| match r {
                    Ok((_, own)) => {
                        total_waves += own.wave_instructions;
                        total_waves > self.max_wave_instructions
                    }
                    Err(_) => true,
                })
                .unwrap_or(results.len());
            let results_len = results.len();
            let mut buffers: Vec<&mut [u8]> =
                global.buffers.iter_mut().map(|b| &mut b.data[..]).collect();
            let committed = pool.install(|| commit_batch(&overlays, finished, &mut buffers));
            for (out, own) in results.into_iter().take(committed).flatten() {
                printf.push_str(&out);
                counts.merge(own);
                counts.parallel_workgroups += 1;
                next += 1;
                workgroup_done(progress, state, counts);
            }
            if committed < results_len {
                return Ok(next);
            }
        }
        Ok(next)
    }

    /// Runs workgroup `wg`, adding its instructions to `counts`, which
    /// may not pass `budget`.
    #[allow(clippy::too_many_arguments)]
    fn run_workgroup(
        &self,
        wg: [u32; 3],
        mut global: GlobalView,
        printf: &mut String,
        counts: &mut Counts,
        budget: u64,
        progress: &mut Option<&mut dyn Progress>,
        state: &mut ProgressState,
    ) -> Result<(), ExecError> {
        let mut waves: Vec<Wave> = (0..self.waves_per_workgroup())
            .map(|i| self.make_wave(wg, i))
            .collect();
        let mut shared = vec![0u8; self.workgroup_bytes as usize];
        let private_bytes = self.kernel.private_bytes as usize;
        loop {
            // Run each ready wave until it finishes or waits at a barrier.
            for (index, wave) in waves.iter_mut().enumerate() {
                // Private memory is taken out of the wave while it steps, so
                // that the wave and its memory can be borrowed apart.
                let mut private = std::mem::take(&mut wave.private);
                let mut mem = WaveMemory::with_view(
                    global.reborrow(),
                    &mut shared,
                    &mut private,
                    private_bytes,
                    printf,
                );
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
                        return Err(ExecError(format!(
                            "{}: the launch ran past its budget of {} wave-instructions; the kernel looks hung (an endless loop?)",
                            self.describe(wg, index, pc, None),
                            self.max_wave_instructions
                        )));
                    }
                }
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
            for w in &mut waves {
                w.release();
            }
        }
    }
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
