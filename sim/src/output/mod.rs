//! What a run leaves behind: the results folder (buffers, summary, traces)
//! and the plots drawn from a timed run's report.
//!
//! Uses `run` (a run's outputs) and `timing` (its report); nothing here
//! changes a result.

pub mod plots;
pub mod results;
