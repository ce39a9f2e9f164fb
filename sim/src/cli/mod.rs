//! The `gpusim` commands: argument parsing, and each subcommand calling
//! the rooms below (`run`, `output`, `input`) or its own module here
//! (`bench`, `coverage`). Exit codes are decided here.
//!
//! Uses every other folder of the crate; nothing uses it.

/// `println!` that never panics: see [`stdout::write`].
macro_rules! say {
    ($($arg:tt)*) => {
        say_raw!("{}\n", format_args!($($arg)*))
    };
}

/// `print!` with [`say`]'s care.
macro_rules! say_raw {
    ($($arg:tt)*) => {
        $crate::cli::stdout::write(format_args!($($arg)*))
    };
}

pub mod bench;
mod compare;
pub mod coverage;
mod progress;
mod run;
mod stdout;
mod sweep;

use crate::input::config::Config;
use crate::run::RunOptions;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit codes, as `gpusim --help` lists them.
pub mod exit {
    /// Every check passed.
    pub const PASSED: u8 = 0;
    /// A check failed.
    pub const CHECK_FAILED: u8 = 1;
    /// Bad input: malformed SPIR-V, an unsupported feature, a bad manifest
    /// or config, an out-of-bounds access, a hung kernel.
    pub const BAD_INPUT: u8 = 2;
    /// The results could not be written (an unwritable folder, a full
    /// disk).
    pub const OUTPUT_FAILED: u8 = 3;
    /// Interrupted by SIGINT (Ctrl-C), SIGTERM or SIGHUP: one code for all
    /// three (the handler is not told which), the one shells give Ctrl-C
    /// (128 + SIGINT's 2).
    pub const INTERRUPTED: u8 = 130;
}

#[derive(Parser)]
#[command(
    name = "gpusim",
    version = crate::output::results::VERSION,
    about = "A GPU simulator for SPIR-V compute kernels",
    after_help = "Examples:\n  gpusim run workloads/vector_add.toml\n  \
gpusim run workloads/reduction.toml --config rdna --trace\n  \
gpusim compare --config gcn --config rdna workloads/reduction.toml\n  \
gpusim sweep study.toml --threads 2\n\nExit codes: 0 every check passed; 1 a check failed or \
compared results differ; 2 bad input (malformed SPIR-V, an unsupported feature, a bad manifest \
or config, an out-of-bounds access, a hung kernel); 3 the results could not be written; 130 \
interrupted (Ctrl-C, SIGTERM, SIGHUP)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run workload manifests (.toml), Amber scripts (.amber) and folders
    /// of them, each into its own results folder.
    #[command(
        after_help = "Example:\n  gpusim run workloads/vector_add.toml --trace\n  \
gpusim run workloads/micro --functional --json\n\nExit codes: 0 every check passed; 1 a \
check failed; 2 bad input; 3 the results could not be written (the worst over all runs)."
    )]
    Run {
        /// Manifests, Amber scripts, or folders holding them (searched
        /// recursively).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print each run's summary as one JSON object on stdout (an array
        /// when several run).
        #[arg(long)]
        json: bool,
        /// Folder under which each run writes <name>/ (or <name>-2/, ... if
        /// that exists).
        #[arg(long, default_value = "results")]
        results: PathBuf,
        /// Replace an existing results folder of the same name (only if it
        /// holds nothing but files gpusim writes).
        #[arg(long)]
        force: bool,
        /// GPU model: a built-in one (gcn, rdna, teaching) or a TOML file;
        /// gcn by default.
        #[arg(long)]
        config: Option<String>,
        /// Override one key of the config: --set cu.wave_size=32 --set
        /// 'instructions."AMD.FMid3".latency=8' (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// Run without timing: results and instruction counts only.
        #[arg(long)]
        functional: bool,
        /// Lanes per wave (32 or 64); overrides the config's cu.wave_size.
        #[arg(long, value_parser = parse_wave_size)]
        wave_size: Option<usize>,
        /// Threads running a functional launch's workgroups (all cores by
        /// default; the results are the same bits on any number). Timed
        /// runs use one.
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Runs done at once when several are given (all cores by
        /// default; 1 runs them one after another). What is printed, the
        /// results folders and the exit code are the same at any count.
        #[arg(long, value_parser = parse_threads)]
        jobs: Option<usize>,
        /// Stop the launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions, value_parser = parse_max_instructions)]
        max_instructions: u64,
        /// Robust buffer access for every run (as a manifest's
        /// robust_buffer_access): out-of-bounds buffer loads give zeros and
        /// stores and atomics are dropped, instead of faulting.
        #[arg(long)]
        robust_buffer_access: bool,
        /// Write the traces of a timed run, streamed while it runs:
        /// occupancy_trace.csv and the formats of --trace-format.
        #[arg(long)]
        trace: bool,
        /// Trace formats, comma-separated (implies --trace): perfetto
        /// (trace.pftrace, the default; 65-100 bytes per wave-instruction),
        /// json (trace.json, Chrome's format, about 250), csv
        /// (issue_trace.csv, about 80).
        #[arg(long, value_parser = crate::output::trace::TraceFormats::parse)]
        trace_format: Option<crate::output::trace::TraceFormats>,
        /// The wave-instructions a trace holds at most (implies --trace);
        /// the run goes on untraced past them, and says so. 0: no limit.
        /// [default: 10000000]
        #[arg(long, value_name = "N")]
        trace_limit: Option<u64>,
        /// The traces' time (implies --trace): ns (nanoseconds at the
        /// configured clock, the default) or cycles (a cycle a
        /// nanosecond: exact above 1000 MHz, where a nanosecond holds
        /// more than one cycle).
        #[arg(long, value_name = "UNIT", value_parser = ["ns", "cycles"])]
        trace_time: Option<String>,
        /// The default (no traces); kept for scripts written when traces
        /// were written unless this was given.
        #[arg(long, hide = true, conflicts_with_all = ["trace", "trace_format"])]
        no_trace: bool,
        /// Files written of each buffer of a manifest, comma-separated:
        /// bin (raw bytes), npy (a NumPy array), both by default; or none
        /// (the summary, plots and checks only), for large buffers.
        #[arg(long, value_name = "FORMATS", value_parser = crate::output::results::BufferFiles::parse)]
        buffers: Option<crate::output::results::BufferFiles>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Run workloads on several configs side by side: a table of cycles,
    /// speedups and figures, and a check that all computed the same bits.
    #[command(
        after_help = "Examples:\n  gpusim compare --config gcn --config rdna workloads/reduction.toml\n  \
gpusim compare --variant native: --variant emulated:emulate.trinary_minmax=true \\\n      \
workloads/micro_emulation/mid3_chain.toml --results results\n\nExit codes: 0 identical results and \
every check passed; 1 results differ or a check failed; 2 bad input; 3 results not written."
    )]
    Compare {
        /// Workload manifests to run on every config.
        #[arg(required = true)]
        workloads: Vec<PathBuf>,
        /// A config to compare (a built-in name or a file); repeat it.
        #[arg(long = "config", value_name = "NAME|FILE")]
        configs: Vec<String>,
        /// A variant of the one --config (gcn by default):
        /// LABEL:KEY=VALUE[,KEY=VALUE...]; repeat it.
        #[arg(long = "variant", value_name = "LABEL:SETS")]
        variants: Vec<String>,
        /// Override one key of every config (repeatable).
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// Folder under which compare/ (table, CSV, chart, configs) is
        /// written.
        #[arg(long, default_value = "results")]
        results: PathBuf,
        /// Replace an existing compare/ folder holding only what it wrote.
        #[arg(long)]
        force: bool,
        /// Threads running the runs (all cores by default).
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Stop a launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions, value_parser = parse_max_instructions)]
        max_instructions: u64,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Run a sweep file's grid of configs and workloads on all cores: one
    /// CSV row per point and plots; or merge shards' CSVs.
    #[command(
        after_help = "Examples:\n  gpusim sweep mid3.toml --results results --threads 2\n  \
gpusim sweep mid3.toml --shard 0/3   (then 1/3, 2/3, anywhere)\n  \
gpusim sweep --merge results/mid3.shard-*/sweep.csv --output mid3.csv\n  \
gpusim sweep mid3.toml --merge results/mid3.shard-*/sweep.csv --output mid3.csv   (and its plots)\n\nThe file: name, base \
(a built-in model or a config file), workloads (paths relative to the file), metric (for the \
plots, cycles by default), set (overrides for every point) and [parameters] (dotted key = list of \
values). docs/sweeps.md has more.\n\nExit codes: 0 every point ran and passed its checks; 1 a \
check failed; 2 bad input or a point failed; 3 results not written."
    )]
    Sweep {
        /// The sweep file (TOML). With --merge it is optional: its plots
        /// of the merged CSV are drawn beside --output.
        #[arg(required_unless_present = "merge")]
        file: Option<PathBuf>,
        /// Folder under which <name>/ (or <name>.shard-I-of-N/) is written.
        #[arg(long, default_value = "results")]
        results: PathBuf,
        /// Replace an existing folder of the same name holding only what
        /// its sweep wrote.
        #[arg(long)]
        force: bool,
        /// Threads running the points (all cores by default, at most
        /// 1024); the CSV is the same bytes at any count.
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Run only this share of the points, I/N with 0 <= I < N: the
        /// points whose number modulo N is I.
        #[arg(long, value_parser = sweep::Shard::parse)]
        shard: Option<sweep::Shard>,
        /// Join these shards' sweep.csv files instead of running.
        #[arg(
            long,
            num_args = 1..,
            value_name = "CSV",
            requires = "output",
            conflicts_with_all = ["shard", "threads", "force"]
        )]
        merge: Vec<PathBuf>,
        /// Where --merge writes the joined CSV.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Stop a launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions, value_parser = parse_max_instructions)]
        max_instructions: u64,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Assemble SPIR-V text into a binary module.
    #[command(
        after_help = "Example:\n  gpusim asm sim/tests/kernels/atomics.spvasm -o atomics.spv"
    )]
    Asm {
        /// The SPIR-V text (spirv-dis syntax).
        input: PathBuf,
        /// The binary module to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Measure the simulator's speed: simulated instructions per host
    /// second, functional (one thread and all) and timed, with host memory.
    #[command(
        after_help = "Example:\n  gpusim bench --seconds 3\n  gpusim bench workloads/scale/nbody_1024.toml --cus 64\n  gpusim bench workloads/bench/memory.toml --mode functional --mode timed"
    )]
    Bench {
        /// Workload manifests, or folders of them (default: a set of
        /// bundled ones).
        workloads: Vec<PathBuf>,
        /// Compute units of the model (the built-in one, widened).
        #[arg(long, default_value_t = 60)]
        cus: u32,
        /// Minimum seconds per workload and mode.
        #[arg(long, default_value_t = 2.0, value_parser = crate::cli::bench::parse_seconds)]
        seconds: f64,
        /// Threads of the all-core functional mode (all cores by default).
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Modes to run, repeatable (all three by default).
        #[arg(long = "mode", value_enum)]
        modes: Vec<crate::cli::bench::Mode>,
        /// Stop a launch as hung after this many wave-instructions.
        #[arg(long, default_value_t = RunOptions::default().max_wave_instructions, value_parser = parse_max_instructions)]
        max_instructions: u64,
    },
    /// GPU configs: print one resolved (inheritance and overrides applied).
    #[command(after_help = "Example:\n  gpusim config show rdna --set gpu.compute_units=16")]
    Config {
        #[command(subcommand)]
        command: ConfigCommand,
    },
    /// Facts about the instruction sets.
    #[command(after_help = "Example:\n  gpusim isa coverage > coverage.md")]
    Isa {
        #[command(subcommand)]
        command: IsaCommand,
    },
    /// Disassemble a SPIR-V binary into text that `asm` reads back (or a
    /// warning says it will not).
    ///
    /// The text of a valid module assembles back to the same words. An
    /// invalid one (an id defined twice or never, id 0, ...) is printed
    /// all the same, for debugging, with a warning on stderr naming the
    /// first problem: that `asm` will not read the text back, or that `run`
    /// refuses the module. The exit code is 0 either way.
    #[command(
        after_help = "Example:\n  gpusim dis workloads/vector_add.spv -o vector_add.spvasm\n  gpusim dis workloads/divergence.spv --words"
    )]
    Dis {
        /// The binary module.
        input: PathBuf,
        /// Write here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// End each instruction's line with a comment `; word N`, its word
        /// offset in the module: the place errors and traces name as
        /// `KERNEL.spv word N` (`asm` ignores the comments).
        #[arg(long)]
        words: bool,
    },
}

/// What `gpusim bench` runs by default (paths from the workspace root).
const BENCH_WORKLOADS: &[&str] = &[
    "workloads/scale/alu_loop_2m.toml",
    "workloads/bench/memory.toml",
    "workloads/bench/divergent.toml",
    "workloads/scale/nbody_1024.toml",
    "workloads/bench/atomics.toml",
];

#[derive(Subcommand)]
enum ConfigCommand {
    /// Print a config as TOML with every key resolved.
    #[command(
        after_help = "Example:\n  gpusim config show my_gpu.toml --set gpu.compute_units=16"
    )]
    Show {
        /// A built-in model (gcn, rdna, teaching) or a config file; gcn by
        /// default.
        config: Option<String>,
        /// Override one key (repeatable), as with `gpusim run --set`.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
    },
}

#[derive(Subcommand)]
enum IsaCommand {
    /// Every instruction of every seed specification: implemented or not,
    /// and its op class (Markdown; docs/isa-coverage.md adds test counts).
    #[command(after_help = "Example:\n  gpusim isa coverage > coverage.md")]
    Coverage,
}

/// Parses the command line and runs the command.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Interrupted (Ctrl-C, SIGTERM, SIGHUP), a run leaves no unfinished
    // results folder behind. Failing to set it (a handler is set already)
    // only leaves that to the next run into the folder.
    let _ =
        ctrlc::set_handler(|| crate::output::results::exit_interrupted(exit::INTERRUPTED.into()));
    ignore_file_size_signal();
    let code = command(cli.command);
    stdout::flush();
    code
}

/// Makes a write past the file-size limit (`ulimit -f`) an ordinary error,
/// "File too large", which the command reports as any failed write (exit
/// 3, no partial results left), instead of the SIGXFSZ that kills the
/// process silently by default. A declaration of libc's `signal`, which
/// every Unix program links, rather than a crate for one call.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: std::ffi::c_int, handler: usize) -> usize;
        }
        // SIGXFSZ is 25 on Linux (but 31 on MIPS), macOS and the BSDs.
        const SIGXFSZ: std::ffi::c_int = if cfg!(any(target_arch = "mips", target_arch = "mips64"))
        {
            31
        } else {
            25
        };
        const SIG_IGN: usize = 1;
        // SAFETY: installs no handler of ours, only the system's "ignore".
        unsafe {
            signal(SIGXFSZ, SIG_IGN);
        }
    }
}

/// Runs one command and gives its exit code.
fn command(command: Command) -> ExitCode {
    match command {
        Command::Run {
            paths,
            json,
            results,
            force,
            config,
            set,
            functional,
            wave_size,
            threads,
            jobs,
            max_instructions,
            robust_buffer_access,
            trace,
            trace_format,
            trace_limit,
            trace_time,
            no_trace: _,
            buffers,
            quiet,
        } => {
            let trace =
                trace || trace_format.is_some() || trace_limit.is_some() || trace_time.is_some();
            if trace && functional {
                say_err!("error: --trace needs a timed run; drop --functional");
                return ExitCode::from(exit::BAD_INPUT);
            }
            let opts = match run_options(config, &set, functional, wave_size, max_instructions) {
                Ok(o) => RunOptions {
                    threads: threads.unwrap_or_else(all_cores).max(1),
                    robust_buffer_access,
                    ..o
                },
                Err(e) => {
                    say_err!("error: {e}");
                    return ExitCode::from(exit::BAD_INPUT);
                }
            };
            let how = run::How {
                json,
                root: results,
                force,
                trace: trace.then(|| crate::output::trace::TraceOptions {
                    formats: trace_format.unwrap_or(crate::output::trace::TraceFormats::PERFETTO),
                    limit: trace_limit.unwrap_or(crate::output::trace::DEFAULT_TRACE_LIMIT),
                    cycles: trace_time.as_deref() == Some("cycles"),
                }),
                buffer_files: buffers.unwrap_or(crate::output::results::BufferFiles::BOTH),
                quiet,
                jobs: jobs.unwrap_or_else(all_cores),
            };
            ExitCode::from(run::run_paths(&paths, &opts, &how))
        }
        Command::Bench {
            workloads,
            cus,
            seconds,
            threads,
            modes,
            max_instructions,
        } => {
            use crate::cli::bench::{Mode, Settings};
            let mut modes = if modes.is_empty() {
                vec![Mode::Functional, Mode::AllCores, Mode::Timed]
            } else {
                modes
            };
            // Each mode once, in the order first asked.
            let mut seen = Vec::new();
            modes.retain(|m| {
                let new = !seen.contains(m);
                seen.push(*m);
                new
            });
            let workloads = if workloads.is_empty() {
                BENCH_WORKLOADS.iter().map(PathBuf::from).collect()
            } else {
                match crate::input::found::manifests_at(&workloads, "bench") {
                    Ok(manifests) => manifests,
                    Err(e) => {
                        say_err!("error: {e}");
                        return ExitCode::from(exit::BAD_INPUT);
                    }
                }
            };
            let settings = Settings {
                cus,
                seconds,
                threads: threads.unwrap_or_else(all_cores),
                modes,
                max_wave_instructions: max_instructions,
            };
            // The table's rows are printed as they are measured.
            let mut head = false;
            let errors = crate::cli::bench::run(&workloads, &settings, &mut |row| {
                if !std::mem::replace(&mut head, true) {
                    say_raw!("{}", crate::cli::bench::provenance(&settings));
                    say_raw!("{}", crate::cli::bench::TABLE_HEAD);
                }
                say_raw!("{}", crate::cli::bench::table_row(row));
            });
            match errors {
                Ok(errors) => {
                    use crate::cli::bench::ErrorKind;
                    for e in &errors {
                        let what = match e.kind {
                            ErrorKind::Skipped => "skipped",
                            _ => "error",
                        };
                        say_err!("{what}: {}", crate::run::named_at(&e.workload, &e.message));
                    }
                    let any = |k| errors.iter().any(|e| e.kind == k);
                    if any(ErrorKind::Failed) {
                        ExitCode::from(exit::BAD_INPUT)
                    } else if any(ErrorKind::CheckFailed) {
                        ExitCode::from(exit::CHECK_FAILED)
                    } else {
                        ExitCode::SUCCESS
                    }
                }
                Err(e) => {
                    say_err!("error: {e}");
                    ExitCode::from(exit::BAD_INPUT)
                }
            }
        }
        Command::Compare {
            workloads,
            configs,
            variants,
            set,
            results,
            force,
            threads,
            max_instructions,
            quiet,
        } => ExitCode::from(compare::run(&compare::Request {
            configs,
            variants,
            set,
            workloads,
            results,
            force,
            threads,
            max_instructions,
            quiet,
        })),
        Command::Sweep {
            file,
            results,
            force,
            threads,
            shard,
            merge,
            output,
            max_instructions,
            quiet,
        } => ExitCode::from(match (file, output) {
            (file, Some(output)) if !merge.is_empty() => {
                sweep::merge(&merge, &output, file.as_deref())
            }
            (_, Some(_)) => {
                say_err!("error: --output goes with --merge");
                exit::BAD_INPUT
            }
            (Some(file), _) => sweep::run(&sweep::Request {
                file,
                results,
                force,
                threads,
                shard,
                max_instructions,
                quiet,
            }),
            _ => {
                say_err!("error: give a sweep file, or --merge CSV... --output FILE");
                exit::BAD_INPUT
            }
        }),
        Command::Config {
            command: ConfigCommand::Show { config, set },
        } => match Config::load_with(config.as_deref().unwrap_or("gcn"), &set) {
            Ok(c) => {
                say_raw!("{}", c.to_toml());
                ExitCode::SUCCESS
            }
            Err(e) => {
                say_err!("error: {e}");
                ExitCode::from(exit::BAD_INPUT)
            }
        },
        Command::Isa {
            command: IsaCommand::Coverage,
        } => {
            say_raw!("{}", crate::cli::coverage::report(None));
            ExitCode::SUCCESS
        }
        Command::Asm { input, output } => translated(asm(&input, &output)),
        Command::Dis {
            input,
            output,
            words,
        } => {
            let options = isa::dis::Options {
                word_offsets: words,
            };
            translated(dis(&input, output.as_deref(), options))
        }
    }
}

fn run_options(
    config: Option<String>,
    set: &[String],
    functional: bool,
    wave_size: Option<usize>,
    max_instructions: u64,
) -> Result<RunOptions, String> {
    let mut opts = if functional {
        if config.is_some() || !set.is_empty() {
            return Err("--functional runs without a timing model; drop --config and --set".into());
        }
        RunOptions::default()
    } else {
        // An explicit wave size wins over the config's, applied last as a
        // `--set` of it is, so that the config's name says so too.
        let wave = wave_size.map(|w| format!("cu.wave_size={w}"));
        let set: Vec<String> = set.iter().cloned().chain(wave).collect();
        RunOptions::timed(Config::load_with(config.as_deref().unwrap_or("gcn"), &set)?)
    };
    if let Some(w) = wave_size {
        opts.wave_width = w;
    }
    opts.max_wave_instructions = max_instructions;
    Ok(opts)
}

/// The host's cores (one if it cannot tell).
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why `asm` or `dis` stopped: its input, or writing its output.
enum Untranslated {
    BadInput(String),
    OutputFailed(String),
}

impl From<String> for Untranslated {
    fn from(message: String) -> Untranslated {
        Untranslated::BadInput(message)
    }
}

/// The exit of `asm` or `dis`, as of a run: 2 for bad input, 3 for an
/// output that could not be written.
fn translated(r: Result<(), Untranslated>) -> ExitCode {
    let (code, e) = match r {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Untranslated::BadInput(e)) => (exit::BAD_INPUT, e),
        Err(Untranslated::OutputFailed(e)) => (exit::OUTPUT_FAILED, e),
    };
    say_err!("error: {e}");
    ExitCode::from(code)
}

/// Writes a translation to `path`, replacing a file there only once it is
/// complete.
fn write_translation(path: &Path, bytes: &[u8]) -> Result<(), Untranslated> {
    crate::output::results::write_replacing(path, |staged| {
        std::fs::write(staged, bytes).map_err(|e| format!("{}: {e}", path.display()))
    })
    .map_err(Untranslated::OutputFailed)
}

/// Refuses to write `output` over `input`: the module would be lost for
/// its translation.
fn not_over_input(input: &Path, output: &Path) -> Result<(), String> {
    let same = match (input.canonicalize(), output.canonicalize()) {
        (Ok(i), Ok(o)) => i == o,
        _ => false,
    };
    if same {
        return Err(format!(
            "{}: the output is the input; give -o another file",
            output.display()
        ));
    }
    Ok(())
}

fn asm(input: &Path, output: &Path) -> Result<(), Untranslated> {
    not_over_input(input, output)?;
    let bytes = crate::input::read_file(input)
        .map_err(|e| format!("{}: cannot read: {e}", input.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let binary = e.as_bytes().starts_with(&0x0723_0203u32.to_le_bytes());
        format!(
            "{}: not SPIR-V text (not UTF-8 at byte {}){}",
            input.display(),
            e.utf8_error().valid_up_to(),
            if binary {
                "; it is a SPIR-V binary: `gpusim dis` turns one into text"
            } else {
                ""
            }
        )
    })?;
    let words = isa::asm::assemble(&text)
        .map_err(|e| format!("{}:{}: {}", input.display(), e.line, e.message))?;
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    write_translation(output, &bytes)
}

fn dis(
    input: &Path,
    output: Option<&Path>,
    options: isa::dis::Options,
) -> Result<(), Untranslated> {
    if let Some(o) = output {
        not_over_input(input, o)?;
    }
    let bytes = crate::input::read_file(input)
        .map_err(|e| format!("{}: cannot read: {e}", input.display()))?;
    // Every module declares a capability; in text, by its name.
    let hint = match std::str::from_utf8(&bytes).is_ok_and(|t| t.contains("OpCapability")) {
        true => "; it is SPIR-V text: `gpusim asm` turns it into a binary",
        false => "",
    };
    let words = isa::module::words_of(&bytes).ok_or_else(|| {
        format!(
            "{}: not a SPIR-V binary (size is not a multiple of 4){hint}",
            input.display()
        )
    })?;
    let text = isa::dis::disassemble_with(&words, options)
        .map_err(|e| format!("{}: {e}{hint}", input.display()))?;
    if let Some(warning) = invalid_module_warning(&words, &text) {
        say_err!("warning: {}: {warning}", input.display());
    }
    match output {
        Some(p) => write_translation(p, text.as_bytes()),
        None => {
            say_raw!("{text}");
            Ok(())
        }
    }
}

/// What `dis` prints regardless but its reader should know: that `asm`
/// will not read the text back, or else that `run` refuses the module.
/// The assembler and the validator decide, so the warning says what those
/// commands would.
fn invalid_module_warning(words: &[u32], text: &str) -> Option<String> {
    if let Err(e) = isa::asm::assemble(text) {
        return Some(format!(
            "the module is not valid: `gpusim asm` will not read this text back (line {} of the text: {})",
            e.line, e.message
        ));
    }
    let checked = isa::module::parse_words(words).and_then(|m| isa::validate::validate(&m));
    checked.err().map(|e| {
        format!("the module is not valid ({e}): `gpusim run` refuses it, though the text assembles back to the same words")
    })
}

/// The lanes of a wave: the two widths the model has.
fn parse_wave_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ (32 | 64)) => Ok(n),
        _ => Err("expected 32 or 64".to_string()),
    }
}

/// A launch's instruction budget: a launch of none would stop at once.
fn parse_max_instructions(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("expected a number of wave-instructions, at least 1".to_string()),
    }
}

/// A `--threads` value: 1 to `grid::MAX_THREADS` (a pool of thousands of
/// threads only slows a run down).
fn parse_threads(text: &str) -> Result<usize, String> {
    let max = crate::run::grid::MAX_THREADS;
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("expected a number of threads from 1 to {max}")),
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every command's --help shows an example, and every positional
    /// argument says what it is.
    #[test]
    fn every_command_shows_an_example_and_explains_its_arguments() {
        fn walk(c: &clap::Command, leaves: &mut usize) {
            for s in c.get_subcommands().filter(|s| s.get_name() != "help") {
                for a in s.get_positionals() {
                    assert!(a.get_help().is_some(), "{} {}", s.get_name(), a.get_id());
                }
                if s.get_subcommands().next().is_none() {
                    let help = s
                        .get_after_help()
                        .map(|h| h.to_string())
                        .unwrap_or_default();
                    assert!(help.contains("Example"), "{} has no example", s.get_name());
                    *leaves += 1;
                }
                walk(s, leaves);
            }
        }
        let mut leaves = 0;
        walk(&Cli::command(), &mut leaves);
        assert!(leaves >= 8, "{leaves}");
        let top = Cli::command().get_after_help().unwrap().to_string();
        for code in [
            "0 every check passed",
            "1 a check failed",
            "2 bad input",
            "3 the results",
        ] {
            assert!(top.contains(code), "{code}");
        }
    }
}
