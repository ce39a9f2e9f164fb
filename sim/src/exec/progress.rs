//! How far a launch has got, for a progress display: told after each
//! workgroup finishes and every [`TICK`] wave-instructions (so a long or
//! hung workgroup shows progress too), by the functional launch and the
//! timing model alike.

/// Wave-instructions between updates.
pub const TICK: u64 = 1 << 16;

/// A launch's progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProgressState {
    pub workgroups_done: u64,
    pub workgroups: u64,
    pub wave_instructions: u64,
    /// The simulated cycle, in a timed run.
    pub cycle: Option<u64>,
}

/// Receives a launch's progress, from the thread running the launch's
/// loop (a pool thread in a parallel functional run).
pub trait Progress: Send {
    fn update(&mut self, state: &ProgressState);
}
