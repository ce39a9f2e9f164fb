//! The `gpusim` command.

use clap::{Parser, Subcommand};
use gpusim::results;
use gpusim::run::{run_workload, RunOptions};
use gpusim::workload::Workload;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gpusim",
    version,
    about = "A GPU simulator for SPIR-V compute kernels"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a workload manifest (.toml); exit 0 if every check passed, 1 if
    /// one failed, 2 on bad input.
    Run {
        workload: PathBuf,
        /// Print one JSON summary object on stdout.
        #[arg(long)]
        json: bool,
        /// Folder under which results/<name>/ is written.
        #[arg(long, default_value = "results")]
        results: PathBuf,
        /// Lanes per wave (32 or 64).
        #[arg(long, default_value_t = 64)]
        wave_size: usize,
        /// Stop the launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions)]
        max_instructions: u64,
        /// Run without timing (the only mode so far).
        #[arg(long)]
        functional: bool,
    },
    /// Assemble SPIR-V text into a binary module.
    Asm {
        input: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Disassemble a SPIR-V binary into text that `asm` reads back.
    Dis {
        input: PathBuf,
        /// Write here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run {
            workload,
            json,
            results: root,
            wave_size,
            max_instructions,
            functional: _,
        } => {
            let opts = RunOptions {
                wave_width: wave_size,
                max_wave_instructions: max_instructions,
            };
            run(&workload, json, &root, &opts)
        }
        Command::Asm { input, output } => bad_input(asm(&input, &output)),
        Command::Dis { input, output } => bad_input(dis(&input, output.as_deref())),
    }
}

fn bad_input(r: Result<(), String>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(path: &Path, json: bool, root: &Path, opts: &RunOptions) -> ExitCode {
    let out = match Workload::load(path).and_then(|w| run_workload(&w, opts)) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let dir = match results::write(root, &out) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: cannot write results: {e}");
            return ExitCode::from(2);
        }
    };
    if json {
        println!("{}", results::summary(&out));
    } else {
        println!(
            "{}: {} wave-instructions, {} lane-instructions (wave size {})",
            out.name, out.counts.wave_instructions, out.counts.lane_instructions, out.wave_width
        );
        for c in &out.checks {
            match &c.first_mismatch {
                None => println!("  check {}: passed ({} elements)", c.buffer, c.checked),
                Some(m) => println!(
                    "  check {}: FAILED, {} of {} elements differ; first at [{}]: expected {}, got {}",
                    c.buffer, c.mismatches, c.checked, m.index, m.expected, m.actual
                ),
            }
        }
        println!("  results in {}", dir.display());
    }
    if out.all_checks_passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn asm(input: &Path, output: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(input)
        .map_err(|e| format!("{}: cannot read: {e}", input.display()))?;
    let words = isa::asm::assemble(&text)
        .map_err(|e| format!("{}:{}: {}", input.display(), e.line, e.message))?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(output, bytes).map_err(|e| format!("{}: {e}", output.display()))
}

fn dis(input: &Path, output: Option<&Path>) -> Result<(), String> {
    let bytes =
        std::fs::read(input).map_err(|e| format!("{}: cannot read: {e}", input.display()))?;
    if bytes.len() % 4 != 0 {
        return Err(format!(
            "{}: not a SPIR-V binary (size is not a multiple of 4)",
            input.display()
        ));
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let text = isa::dis::disassemble(&words).map_err(|e| format!("{}: {e}", input.display()))?;
    match output {
        Some(p) => std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
