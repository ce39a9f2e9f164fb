//! What a run leaves behind: the results folder (buffers as raw bytes and
//! `.npy`, summary as JSON and CSV, the resolved config), the traces
//! written while a timed run goes on, and the plots drawn from its report.
//!
//! Uses `run` (a run's outputs), `timing` (its report and trace events)
//! and `input` (configs, element types); nothing here changes a result.

pub mod compare;
pub mod npy;
pub mod perfetto;
pub mod plots;
pub mod png;
pub mod results;
pub mod sweep;
pub mod trace;
