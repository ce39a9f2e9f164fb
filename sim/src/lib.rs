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
//!
//! `console` is below them all: where every message goes (stdout, stderr,
//! or the capture of a run done beside others), and how messages word a
//! count.

/// `eprintln!` that never panics: a message that cannot be written to
/// stderr is dropped, as there is nowhere left to report that, and the
/// command ends with the exit code it would have had. Every message
/// gpusim prints on stderr goes through this or `say_err_raw!`.
macro_rules! say_err {
    ($($arg:tt)*) => {
        say_err_raw!("{}\n", format_args!($($arg)*))
    };
}

/// `eprint!` with `say_err!`'s care.
macro_rules! say_err_raw {
    ($($arg:tt)*) => {{
        let _ = $crate::console::write($crate::console::Stream::Err, format_args!($($arg)*));
    }};
}

pub mod cli;
pub mod console;
pub mod exec;
pub mod input;
pub mod output;
pub mod run;
pub mod timing;
