//! gpusim's simulator side: memory, wavefronts, dispatch, workloads and
//! their results. Instruction meaning comes from the `isa` crate.

pub mod amber;
pub mod bench;
pub mod config;
pub mod coverage;
pub mod dispatch;
pub mod kernel_file;
pub mod memory;
pub mod plots;
pub mod results;
pub mod run;
pub mod timing;
pub mod wave;
pub mod workload;
