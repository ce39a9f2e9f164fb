//! What users hand in, read and checked before anything runs: workload
//! manifests, GPU configs, kernel files (lowered through `isa`) and Amber
//! scripts. Errors name the file and the place in it.
//!
//! Uses `isa` only; nothing here executes a kernel or knows about time.

pub mod amber;
pub mod config;
pub mod kernel_file;
pub mod sweep;
pub mod workload;
