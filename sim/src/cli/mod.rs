//! The `gpusim` commands: argument parsing, and each subcommand calling
//! the rooms below (`run`, `output`, `input`) or its own module here
//! (`bench`, `coverage`). Exit codes are decided here.
//!
//! Uses every other folder of the crate; nothing uses it.

pub mod bench;
pub mod coverage;

use crate::input::config::Config;
use crate::input::workload::Workload;
use crate::output::results;
use crate::run::{run_workload, RunOptions};
use clap::{Parser, Subcommand};
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
    /// Run a workload manifest (.toml), an Amber script (.amber) or a folder
    /// of Amber scripts; exit 0 if every check passed, 1 if one failed, 2 on
    /// bad input.
    Run {
        workload: PathBuf,
        /// Print one JSON summary object on stdout.
        #[arg(long)]
        json: bool,
        /// Folder under which results/<name>/ is written.
        #[arg(long, default_value = "results")]
        results: PathBuf,
        /// GPU model (TOML); the built-in GCN-like model by default.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Run without timing: results and instruction counts only.
        #[arg(long)]
        functional: bool,
        /// Lanes per wave (32 or 64); overrides the config's cu.wave_size.
        #[arg(long)]
        wave_size: Option<usize>,
        /// Stop the launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions)]
        max_instructions: u64,
        /// Do not keep the issue and occupancy traces of a timed run.
        #[arg(long)]
        no_trace: bool,
    },
    /// Assemble SPIR-V text into a binary module.
    Asm {
        input: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Measure the simulator's speed: simulated instructions per host
    /// second, functional and timed, on one thread.
    Bench {
        /// Workload manifests (default: a set of bundled ones).
        workloads: Vec<PathBuf>,
        /// Compute units of the model (the built-in one, widened).
        #[arg(long, default_value_t = 60)]
        cus: u32,
        /// Minimum seconds per workload and mode.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
    /// Facts about the instruction sets.
    Isa {
        #[command(subcommand)]
        command: IsaCommand,
    },
    /// Disassemble a SPIR-V binary into text that `asm` reads back.
    Dis {
        input: PathBuf,
        /// Write here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

/// What `gpusim bench` runs by default (paths from the workspace root).
const BENCH_WORKLOADS: &[&str] = &[
    "workloads/bench/alu_loop.toml",
    "workloads/divergence.toml",
    "workloads/reduction.toml",
    "workloads/vector_add.toml",
];

#[derive(Subcommand)]
enum IsaCommand {
    /// Every instruction of every seed specification: implemented or not,
    /// and its op class (Markdown; docs/isa-coverage.md adds test counts).
    Coverage,
}

/// Parses the command line and runs the command.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Run {
            workload,
            json,
            results: root,
            config,
            functional,
            wave_size,
            max_instructions,
            no_trace,
        } => {
            let opts = match run_options(config, functional, wave_size, max_instructions, no_trace)
            {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            run(&workload, json, &root, &opts)
        }
        Command::Bench {
            workloads,
            cus,
            seconds,
        } => {
            let workloads = if workloads.is_empty() {
                BENCH_WORKLOADS.iter().map(PathBuf::from).collect()
            } else {
                workloads
            };
            match crate::cli::bench::run(&workloads, cus, seconds) {
                Ok(rows) => {
                    print!("{}", crate::cli::bench::table(&rows));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Isa {
            command: IsaCommand::Coverage,
        } => {
            print!("{}", crate::cli::coverage::report(None));
            ExitCode::SUCCESS
        }
        Command::Asm { input, output } => bad_input(asm(&input, &output)),
        Command::Dis { input, output } => bad_input(dis(&input, output.as_deref())),
    }
}

fn run_options(
    config: Option<PathBuf>,
    functional: bool,
    wave_size: Option<usize>,
    max_instructions: u64,
    no_trace: bool,
) -> Result<RunOptions, String> {
    let mut opts = if functional {
        if config.is_some() {
            return Err("--functional runs without a timing model; drop --config".into());
        }
        RunOptions::default()
    } else {
        let cfg = match &config {
            Some(p) => Config::load(p)?,
            None => Config::default_config(),
        };
        let mut o = RunOptions::timed(cfg);
        if let Some(t) = &mut o.timing {
            t.trace = !no_trace;
        }
        o
    };
    if let Some(w) = wave_size {
        // An explicit wave size wins over the config's.
        opts.wave_width = w;
        if let Some(t) = &mut opts.timing {
            t.config.cu.wave_size = w as u32;
        }
    }
    opts.max_wave_instructions = max_instructions;
    Ok(opts)
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
    if path.is_dir() || crate::run::amber::is_amber_path(path) {
        return run_amber(path, opts);
    }
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
        // stdout holds only the JSON object; what the kernel printed goes
        // to stderr.
        eprint!("{}", out.printf);
        println!("{}", results::summary(&out));
    } else {
        // What the kernel printed comes first, as a program's output would.
        print!("{}", out.printf);
        println!(
            "{}: {} wave-instructions, {} lane-instructions (wave size {})",
            out.name, out.counts.wave_instructions, out.counts.lane_instructions, out.wave_width
        );
        if let Some(t) = &out.timing {
            let s = t.summary();
            println!(
                "  {} cycles ({:.3} us), IPC {:.3}, occupancy {:.2} theoretical (limited by {}), {:.2} achieved",
                s["cycles"], s["time_us"].as_f64().unwrap_or(0.0), s["ipc"].as_f64().unwrap_or(0.0),
                s["occupancy"]["theoretical"].as_f64().unwrap_or(0.0),
                s["occupancy"]["limiter"].as_str().unwrap_or("?"),
                s["occupancy"]["achieved"].as_f64().unwrap_or(0.0)
            );
        }
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

/// Runs an Amber script, or every script of a folder with a table of
/// results.
fn run_amber(path: &Path, opts: &RunOptions) -> ExitCode {
    let code = if path.is_dir() {
        let r = crate::run::amber::run_folder(path, opts);
        print!("{r}");
        r.exit_code()
    } else {
        match crate::run::amber::run_script(path, opts) {
            Ok(r) => {
                print!("{r}");
                r.exit_code()
            }
            Err(e) => {
                eprintln!("error: {e}");
                2
            }
        }
    };
    ExitCode::from(code)
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
