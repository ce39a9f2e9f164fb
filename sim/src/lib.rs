//! gpusim's simulator side. Instruction meaning comes from the `isa` crate;
//! this crate decides when things happen and what a run leaves behind.
//!
//! The folders follow the data, each using only those before it:
//!
//! ```text
//! input/   manifests, GPU configs, kernel files, Amber scripts: read and checked
//! exec/    memory, wavefronts, a launch's functional execution
//! timing/  compute units, schedulers, functional units, caches, L2, DRAM
//! run/     one run from inputs to results: place buffers, launch, check
//! output/  what a run leaves behind: results folders, traces, plots
//! cli/     the `gpusim` commands
//! ```

pub mod cli;
pub mod exec;
pub mod input;
pub mod output;
pub mod run;
pub mod timing;
