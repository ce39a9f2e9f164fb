//! Everything the commands print on stdout goes through here (`say!` and
//! `say_raw!`): a write that fails ends the command with an output error,
//! never a panic or a silent success.

use super::exit;
use std::io::Write as _;

/// Writes `text` to stdout; a failure ends the program (see [`failed`]).
pub fn write(text: std::fmt::Arguments) {
    if let Err(e) = crate::console::write(crate::console::Stream::Out, text) {
        failed(e)
    }
}

/// Writes out what stdout still holds (its last line, when it has no
/// newline), at the end of a command; a failure ends the program.
pub fn flush() {
    if let Err(e) = std::io::stdout().flush() {
        failed(e)
    }
}

/// Ends the program after a failed write to stdout: exit 3 with the
/// error, or quietly with 0 when the reader has gone (a pipe whose reader
/// has finished, as with `| head`, which wanted no more). Runs under way
/// leave no unfinished results folder.
fn failed(e: std::io::Error) -> ! {
    let code = if e.kind() == std::io::ErrorKind::BrokenPipe {
        exit::PASSED
    } else {
        say_err!("error: cannot write to standard output: {e}");
        exit::OUTPUT_FAILED
    };
    crate::output::results::exit_abandoning_unfinished(code.into())
}
