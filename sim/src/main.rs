//! The `gpusim` binary: everything is in the library's `cli` module.

fn main() -> std::process::ExitCode {
    gpusim::cli::main()
}
