//! A run's results folder: every buffer as raw little-endian bytes and as
//! `.npy`, `summary.json` and a one-row `summary.csv`, the resolved
//! `config.toml` of a timed run, its traces (written while it runs, see
//! `trace`) and plots, and `printf.txt`.
//!
//! The folder is written under a temporary name (`.NAME.partial-HOST-PID`) and
//! renamed into place when complete, so a failed run never leaves half a
//! folder. An existing folder is never overwritten: the run takes the
//! first free name `NAME-2`, `NAME-3`, ... (so concurrent runs of one
//! workload all succeed, into distinct folders), unless `force` replaces
//! it, which it does only when every file in it is one its `summary.json`
//! lists as written by its run. Partial folders whose process has died
//! (on this host) are removed. A traced run whose launch stopped writes
//! no results folder but keeps its trace beside them
//! ([`ResultsFolder::keep_failed_trace`]).

use crate::run::amber::{ScriptReport, Status};
use crate::run::{RunOptions, RunOutput};
use crate::timing::Report;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The gpusim version and the source revision it was built from.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("GPUSIM_SOURCE_REVISION"),
    ")"
);

/// The JSON summary of a run whose buffers get both files.
pub fn summary(out: &RunOutput) -> Value {
    summary_with(out, BufferFiles::BOTH)
}

/// The JSON summary of a run, as printed by `--json` and saved, naming
/// the buffer files written.
pub fn summary_with(out: &RunOutput, files: BufferFiles) -> Value {
    let passed = out.checks.iter().filter(|c| c.passed).count();
    let details: Vec<Value> = out
        .checks
        .iter()
        .map(|c| {
            let mut v = json!({
                "buffer": c.buffer,
                "passed": c.passed,
                "checked": c.checked,
                "mismatches": c.mismatches,
            });
            if let Some(m) = &c.first_mismatch {
                v["first_mismatch"] = json!({
                    "index": m.index,
                    "expected": m.expected,
                    "actual": m.actual,
                });
            }
            v
        })
        .collect();
    let wall = out.wall_seconds;
    let rate = |n: u64| if wall > 0.0 { n as f64 / wall } else { 0.0 };
    let mut v = json!({
        "workload": out.name,
        "kernel": out.kernel.name,
        "mode": if out.timing.is_some() { "timed" } else { "functional" },
        "wave_size": out.wave_width,
        "run": {
            "source": out.source.display().to_string(),
            "config": out.config.as_ref().map(|c| c.name.clone()),
            "config_file": out.config.as_ref().map(|_| "config.toml"),
            "gpusim": VERSION,
            "command": std::env::args().collect::<Vec<_>>(),
            "wall_seconds": wall,
            "wave_instructions_per_second": rate(out.counts.wave_instructions),
            "lane_instructions_per_second": rate(out.counts.lane_instructions),
            "parallel_workgroups": out.counts.parallel_workgroups,
            "in_place_workgroups": out.counts.in_place_workgroups,
            "parallel_batches": out.counts.parallel_batches,
        },
        "checks": {
            "passed": passed,
            "failed": out.checks.len() - passed,
            "details": details,
        },
        "instructions": {
            "wave": out.counts.wave_instructions,
            "lane": out.counts.lane_instructions,
            "copies": out.counts.copies,
            "global_atomics": out.counts.global_atomics,
            "lane_efficiency": if out.counts.wave_instructions == 0 {
                0.0
            } else {
                out.counts.lane_instructions as f64
                    / (out.counts.wave_instructions as f64 * out.wave_width as f64)
            },
        },
        "buffers": out.buffers.iter().map(|b| {
            let mut v = json!({
                "name": b.name,
                "type": b.ty.name(),
                "bytes": b.bytes.len(),
            });
            if files.bin {
                v["file"] = json!(format!("{}.bin", b.name));
            }
            if files.npy {
                v["npy"] = json!(format!("{}.npy", b.name));
            }
            v
        }).collect::<Vec<_>>(),
    });
    if let Some(t) = &out.timing {
        if let (Value::Object(into), Value::Object(from)) = (&mut v, t.summary()) {
            into.extend(from);
        }
    }
    v
}

/// The JSON summary of an Amber script's run: its outcome, every EXPECT
/// with its line, the launches, instructions and (timed) cycles.
pub fn script_summary(r: &ScriptReport, opts: &RunOptions) -> Value {
    let (status, reason) = match &r.status {
        Status::Pass => ("pass", None),
        Status::Fail => ("fail", None),
        Status::Skip(why) => ("skip", Some(why.clone())),
        Status::Error(why) => ("error", Some(why.clone())),
    };
    json!({
        "script": r.path.display().to_string(),
        "status": status,
        "reason": reason,
        "mode": if opts.timing.is_some() { "timed" } else { "functional" },
        "run": {
            "config": opts.timing.as_ref().map(|t| t.config.name.clone()),
            "config_file": opts.timing.as_ref().map(|_| "config.toml"),
            "gpusim": VERSION,
            "command": std::env::args().collect::<Vec<_>>(),
        },
        "checks": r.checks.iter().map(|c| json!({
            "line": c.line,
            "command": c.command,
            "passed": c.passed,
            "message": c.message,
        })).collect::<Vec<_>>(),
        "runs": r.runs,
        "wave_instructions": r.wave_instructions,
        "cycles": r.cycles,
        "notes": r.notes,
        "buffers": r.buffers.iter().map(|(name, bytes)| json!({
            "name": name,
            "bytes": bytes.len(),
            "file": format!("{name}.bin"),
        })).collect::<Vec<_>>(),
    })
}

/// A figure of summary.json as a CSV cell: empty for null, a string
/// without its quotes, a number as JSON writes it (1.0, not 1).
pub fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(x) => x.clone(),
        other => other.to_string(),
    }
}

/// The headline figures of a run, by column name: the columns of
/// `summary.csv`, a comparison's table and a sweep's CSV. Everything but
/// `wall_seconds` is the same bits on every host.
pub fn headline(out: &RunOutput) -> Vec<(&'static str, String)> {
    let s = summary(out);
    let figure = |path: &[&str]| -> String {
        let mut v = &s;
        for p in path {
            v = &v[*p];
        }
        cell(v)
    };
    vec![
        ("workload", out.name.clone()),
        ("kernel", out.kernel.name.clone()),
        ("mode", figure(&["mode"])),
        ("config", figure(&["run", "config"])),
        ("wave_size", out.wave_width.to_string()),
        ("checks_failed", figure(&["checks", "failed"])),
        ("wave_instructions", figure(&["instructions", "wave"])),
        ("lane_instructions", figure(&["instructions", "lane"])),
        (
            "lane_efficiency",
            figure(&["instructions", "lane_efficiency"]),
        ),
        ("cycles", figure(&["cycles"])),
        ("time_us", figure(&["time_us"])),
        ("ipc", figure(&["ipc"])),
        ("vgprs_per_wave", figure(&["occupancy", "vgprs_per_wave"])),
        ("occupancy_limiter", figure(&["occupancy", "limiter"])),
        (
            "occupancy_theoretical",
            figure(&["occupancy", "theoretical"]),
        ),
        ("occupancy_achieved", figure(&["occupancy", "achieved"])),
        (
            "occupancy_achieved_busy_cus",
            figure(&["occupancy", "achieved_busy_cus"]),
        ),
        ("l1_hit_rate", figure(&["memory", "l1_hit_rate"])),
        ("l2_hit_rate", figure(&["memory", "l2_hit_rate"])),
        ("dram_read_bytes", figure(&["memory", "dram_read_bytes"])),
        ("dram_write_bytes", figure(&["memory", "dram_write_bytes"])),
        (
            "dram_bandwidth_fraction",
            figure(&["memory", "dram_bandwidth_fraction"]),
        ),
        ("atomic_queue_cycles", figure(&["atomics", "queue_cycles"])),
        (
            "atomic_unit_utilisation",
            figure(&["atomics", "unit_utilisation"]),
        ),
        ("wall_seconds", figure(&["run", "wall_seconds"])),
    ]
}

/// What the command line adds after the folder `dir` a run's results went
/// to: nothing when it is `root/name`, else why not: a file is there, or a
/// folder this command wrote, or (with `force`) one another run took, or
/// one `--force` would have replaced.
pub fn taken_name_note(dir: &Path, root: &Path, name: &str, force: bool) -> String {
    let target = root.join(name);
    if dir == target {
        String::new()
    } else if target.exists() && !target.is_dir() {
        format!(" ({} is not a folder; left as it is)", target.display())
    } else if finished().contains(&target) {
        format!(" ({} was written by this command)", target.display())
    } else if force {
        // Another run took the name while this one replaced the folder.
        format!(" ({} was taken by another run)", target.display())
    } else {
        format!(" ({} exists; --force replaces it)", target.display())
    }
}

/// For the error of a run of `name` that wrote no results: a note that
/// the folder of its name under `root`, if one is there, holds an earlier
/// run's (a failed run replaces nothing, `--force` or not).
pub fn earlier_results_note(root: &Path, name: &str) -> String {
    let target = root.join(name);
    if target.join("summary.json").is_file() {
        format!(
            " ({} holds an earlier run's results, left as they were)",
            target.display()
        )
    } else {
        String::new()
    }
}

/// CSV text of a header and rows (the csv crate quotes where needed).
pub fn csv_text<R: AsRef<[String]>>(header: &[&str], rows: &[R]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| format!("CSV: {e}");
    w.write_record(header).map_err(err)?;
    for r in rows {
        w.write_record(r.as_ref()).map_err(err)?;
    }
    let bytes = w.into_inner().map_err(|e| format!("CSV: {e}"))?;
    Ok(String::from_utf8(bytes).expect("CSV of UTF-8 fields"))
}

/// The headline figures of a run as one CSV header and row: runs
/// concatenated (without their headers) make a table.
pub fn summary_csv(out: &RunOutput) -> Result<String, String> {
    let columns = headline(out);
    let header: Vec<&str> = columns.iter().map(|c| c.0).collect();
    let row: Vec<String> = columns.into_iter().map(|c| c.1).collect();
    csv_text(&header, &[row])
}

/// The files a results folder's `summary.json` says its run wrote (the
/// `files` list, and the summary itself, which the lists of earlier
/// versions left out); `None` if it has no readable summary of ours.
fn files_written(dir: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("summary.json")).ok()?;
    let summary: Value = serde_json::from_str(&text).ok()?;
    let mut files: Vec<String> = summary["files"]
        .as_array()?
        .iter()
        .map(|f| f.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    files.push("summary.json".into());
    Some(files)
}

/// What an interrupt removes (`exit_interrupted`). Creating, renaming
/// into place and removing them all happen under this lock, and an
/// interrupt exits while it holds it: a folder is removed whole before its
/// rename or kept whole after it, never emptied under its final name.
struct Unfinished {
    /// The partial folders of this process's unfinished runs.
    partials: Vec<PathBuf>,
    /// The folders made to hold results, as (root, the outermost folder
    /// of its path made): removed while empty, as a failed run removes
    /// those it made.
    made: Vec<(PathBuf, PathBuf)>,
}

impl Unfinished {
    /// Lists the folders from `root` out to `outermost` (if any) as made.
    fn list_made(&mut self, root: &Path, outermost: &Option<PathBuf>) {
        if let Some(outermost) = outermost {
            self.made.push((root.to_path_buf(), outermost.clone()));
        }
    }

    /// Forgets what `list_made` listed, once their owner has removed them
    /// or filled them.
    fn forget_made(&mut self, root: &Path, outermost: &Option<PathBuf>) {
        let listed = |(r, o): &(PathBuf, PathBuf)| r == root && Some(o) == outermost.as_ref();
        if let Some(i) = self.made.iter().position(listed) {
            self.made.remove(i);
        }
    }
}

static UNFINISHED: std::sync::Mutex<Unfinished> = std::sync::Mutex::new(Unfinished {
    partials: Vec::new(),
    made: Vec::new(),
});

fn unfinished() -> std::sync::MutexGuard<'static, Unfinished> {
    // A panic elsewhere leaves the list as good as it was.
    UNFINISHED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The folders this process's runs finished, which `--force` does not
/// replace: two runs of one name in one command (a manifest and an Amber
/// script, or one manifest given twice) each keep their results.
static FINISHED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn finished() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    FINISHED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Ends the process after an interrupt (Ctrl-C, SIGTERM, SIGHUP) with
/// `code`, first removing the partial folders of the runs under way, which
/// would otherwise stay until the next run into the same results folder,
/// and the folders made to hold them, while empty.
pub fn exit_interrupted(code: i32) -> ! {
    let list = remove_unfinished();
    if list.partials.is_empty() {
        say_err!("\ninterrupted");
    } else {
        say_err!("\ninterrupted: unfinished results folders removed");
    }
    // Still holding the lock: no folder is created or renamed from here.
    std::process::exit(code)
}

/// Ends the process with `code` when a command cannot go on (its output
/// cannot be written), removing the partial folders of the runs under
/// way as [`exit_interrupted`] does.
pub fn exit_abandoning_unfinished(code: i32) -> ! {
    let _list = remove_unfinished();
    // Still holding the lock: no folder is created or renamed from here.
    std::process::exit(code)
}

/// Removes the partial folders of this process's unfinished runs, then
/// the folders made for results while empty, and returns the list,
/// locked. A writer may still be adding files, hence a few tries.
fn remove_unfinished() -> std::sync::MutexGuard<'static, Unfinished> {
    let list = unfinished();
    for p in list.partials.iter() {
        for _ in 0..20 {
            if std::fs::remove_dir_all(p).is_ok() || !p.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    // The latest first: a run's root may lie inside a shared one.
    for (root, outermost) in list.made.iter().rev() {
        remove_while_empty(root, outermost);
    }
    list
}

/// A results folder being written: files go into its partial folder until
/// [`ResultsFolder::finish`] renames it into place; dropped unfinished, it
/// removes what it wrote.
pub struct ResultsFolder {
    root: PathBuf,
    name: String,
    partial: PathBuf,
    force: bool,
    finished: bool,
    buffer_files: BufferFiles,
    /// What the run's trace holds (`TraceThread::summary`), for the
    /// summary: a trace cut at its limit says so where it is read later.
    trace: Option<Value>,
    /// The outermost folder of `root`'s path (`root` itself, or one of
    /// its parents) that this run made: a run that does not finish removes
    /// those it made again, from `root` out, while they are empty.
    made: Option<PathBuf>,
}

/// Which files a run writes of each buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufferFiles {
    /// `<buffer>.bin`: the raw little-endian bytes.
    pub bin: bool,
    /// `<buffer>.npy`: a NumPy array.
    pub npy: bool,
}

impl BufferFiles {
    /// The default: both.
    pub const BOTH: BufferFiles = BufferFiles {
        bin: true,
        npy: true,
    };

    /// Parses `--buffers`: a comma-separated list of `bin` and `npy`, or
    /// `none`.
    pub fn parse(list: &str) -> Result<BufferFiles, String> {
        let mut f = BufferFiles {
            bin: false,
            npy: false,
        };
        let names: Vec<&str> = list.split(',').map(str::trim).collect();
        for name in &names {
            match *name {
                "bin" => f.bin = true,
                "npy" => f.npy = true,
                "none" if names.len() == 1 => {}
                other => {
                    return Err(format!(
                        "--buffers: '{other}' is not a buffer file format (bin, npy, both comma-separated, or none alone)"
                    ))
                }
            }
        }
        Ok(f)
    }
}

impl ResultsFolder {
    /// Prepares `root/<name>`: creates `root`, removes partial folders of
    /// processes that no longer run, and creates this run's partial
    /// folder, so an unwritable place is found before anything runs.
    pub fn create(root: &Path, name: &str, force: bool) -> Result<ResultsFolder, String> {
        // One look: another run of this command that failed may remove
        // the root it made between two.
        if std::fs::metadata(root).is_ok_and(|m| !m.is_dir()) {
            return Err(format!(
                "{}: is a file, not a folder to write results under",
                root.display()
            ));
        }
        let partial = root.join(working_name(name, "partial"));
        let made = {
            // Locked from the first folder made, so that an interrupt
            // finds each listed.
            let mut list = unfinished();
            let mut made = outermost_missing(root);
            std::fs::create_dir_all(root).map_err(|e| folder_error(root, &e))?;
            list.list_made(root, &made);
            remove_stale_partials(root);
            if partial.exists() {
                std::fs::remove_dir_all(&partial)
                    .map_err(|e| format!("{}: {e}", partial.display()))?;
            }
            // A run of another command that failed may have just removed
            // the root it made, as empty: made again once.
            let created = std::fs::create_dir(&partial).or_else(|e| match e.kind() {
                std::io::ErrorKind::NotFound => {
                    let remade = outermost_missing(root);
                    std::fs::create_dir_all(root)?;
                    list.forget_made(root, &made);
                    made = remade.or(made.take());
                    list.list_made(root, &made);
                    std::fs::create_dir(&partial)
                }
                _ => Err(e),
            });
            created.map_err(|e| format!("{}: {e}", partial.display()))?;
            list.partials.push(partial.clone());
            made
        };
        let folder = ResultsFolder {
            root: root.to_path_buf(),
            name: name.to_string(),
            partial,
            force,
            finished: false,
            buffer_files: BufferFiles::BOTH,
            trace: None,
            made,
        };
        // Writable, not only creatable: try a file.
        let probe = folder.partial.join("summary.json");
        std::fs::write(&probe, b"{}\n").map_err(|e| format!("{}: {e}", probe.display()))?;
        Ok(folder)
    }

    /// Writes only these files of each buffer (both by default).
    pub fn with_buffer_files(mut self, files: BufferFiles) -> ResultsFolder {
        self.buffer_files = files;
        self
    }

    /// Records in the summary what the run's trace holds.
    pub fn set_trace(&mut self, trace: Value) {
        self.trace = Some(trace);
    }

    /// Where the run's files go until it finishes.
    pub fn path(&self) -> &Path {
        &self.partial
    }

    fn write_file(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let p = self.partial.join(name);
        std::fs::write(&p, bytes).map_err(|e| format!("{}: {e}", p.display()))
    }

    /// Writes the run's buffers, summary, config and plots, and moves the
    /// folder into place; returns where it is.
    pub fn finish(mut self, out: &RunOutput) -> Result<PathBuf, String> {
        let files = self.buffer_files;
        for b in &out.buffers {
            if files.bin {
                self.write_file(&format!("{}.bin", b.name), &b.bytes)?;
            }
            if files.npy {
                let p = self.partial.join(format!("{}.npy", b.name));
                crate::output::npy::write(&p, b.ty, &b.bytes)
                    .map_err(|e| format!("{}: {e}", p.display()))?;
            }
        }
        if let Some(cfg) = &out.config {
            self.write_file("config.toml", cfg.to_toml().as_bytes())?;
        }
        if let Some(t) = &out.timing {
            self.write_plots(out, t)?;
        }
        if !out.printf.is_empty() {
            self.write_file("printf.txt", out.printf.as_bytes())?;
        }
        self.write_file("summary.csv", summary_csv(out)?.as_bytes())?;
        let mut summary = summary_with(out, files);
        if let Some(trace) = &self.trace {
            summary["trace"] = trace.clone();
        }
        self.write_summary(&mut summary)?;
        let dir = self.move_into_place()?;
        self.finished = true;
        self.remove_stale_failed_trace();
        Ok(dir)
    }

    /// Writes an Amber script's buffers (after its last command), its
    /// summary and config, and moves the folder into place.
    pub fn finish_script(
        mut self,
        r: &ScriptReport,
        opts: &RunOptions,
        summary: &Value,
    ) -> Result<PathBuf, String> {
        for (name, bytes) in &r.buffers {
            self.write_file(&format!("{name}.bin"), bytes)?;
        }
        if let Some(t) = &opts.timing {
            self.write_file("config.toml", t.config.to_toml().as_bytes())?;
        }
        self.write_summary(&mut summary.clone())?;
        let dir = self.move_into_place()?;
        self.finished = true;
        self.remove_stale_failed_trace();
        Ok(dir)
    }

    /// Keeps the trace files of a run whose launch stopped (closed
    /// already; `trace_files` their names) as `<root>/<name>.failed-trace/`
    /// (see [`failed_trace_name`]), replacing the one an earlier run
    /// left; the results folder itself is not written. Returns where the
    /// trace is.
    pub fn keep_failed_trace(mut self, trace_files: &[&str]) -> Result<PathBuf, String> {
        let named = |p: &Path, e: &dyn std::fmt::Display| format!("{}: {e}", p.display());
        // Besides the trace, the partial folder holds the probe `create`
        // wrote, which is no result of a run that stopped.
        let entries = std::fs::read_dir(&self.partial).map_err(|e| named(&self.partial, &e))?;
        for e in entries {
            let p = e.map_err(|e| named(&self.partial, &e))?.path();
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            if !name.is_some_and(|n| trace_files.contains(&n.as_str())) {
                std::fs::remove_file(&p).map_err(|e| named(&p, &e))?;
            }
        }
        let target = self.root.join(failed_trace_name(&self.name));
        remove_failed_trace(&self.root, &self.name)?;
        // Under the lock of interrupts (see `UNFINISHED`).
        let mut list = unfinished();
        std::fs::rename(&self.partial, &target).map_err(|e| named(&target, &e))?;
        list.partials.retain(|p| *p != self.partial);
        self.finished = true;
        Ok(target)
    }

    /// A run of the name finished: the trace an earlier run of it kept
    /// when it stopped is out of date. Removed when it holds only trace
    /// files; the results are complete whatever happens to it, so a trace
    /// that cannot be removed stays, for the next run to try again.
    fn remove_stale_failed_trace(&self) {
        let _ = remove_failed_trace(&self.root, &self.name);
    }

    /// Writes `files` (name, bytes) and `summary`, and moves the folder
    /// into place: for a comparison or a sweep, whose own files were
    /// written into `path()` already.
    pub fn finish_with(
        mut self,
        files: &[(&str, &[u8])],
        summary: &Value,
    ) -> Result<PathBuf, String> {
        for (name, bytes) in files {
            self.write_file(name, bytes)?;
        }
        self.write_summary(&mut summary.clone())?;
        let dir = self.move_into_place()?;
        self.finished = true;
        Ok(dir)
    }

    /// Writes `summary.json` with the list of every file the run wrote,
    /// itself included, which is what `--force` may later replace.
    fn write_summary(&self, summary: &mut Value) -> Result<(), String> {
        let mut files = vec!["summary.json".to_string()];
        let entries = std::fs::read_dir(&self.partial)
            .map_err(|e| format!("{}: {e}", self.partial.display()))?;
        for e in entries {
            let e = e.map_err(|e| format!("{}: {e}", self.partial.display()))?;
            let name = e.file_name().to_string_lossy().into_owned();
            if name != "summary.json" {
                files.push(name);
            }
        }
        files.sort();
        summary["files"] = json!(files);
        let text = serde_json::to_string_pretty(summary).expect("JSON values serialise");
        self.write_file("summary.json", (text + "\n").as_bytes())
    }

    fn write_plots(&self, out: &RunOutput, t: &Report) -> Result<(), String> {
        let title = crate::output::plots::Title {
            workload: &out.name,
            config: out.config.as_ref().map_or("", |c| &c.name),
            cycles: t.cycles,
        };
        crate::output::plots::write_all(t, &title, &self.partial)
    }

    /// Renames the partial folder to the first free name (or over its own
    /// name, with `force`).
    fn move_into_place(&self) -> Result<PathBuf, String> {
        let target = self.root.join(&self.name);
        if self.force && target.is_dir() && !finished().contains(&target) {
            let ours = files_written(&target).ok_or_else(|| {
                format!(
                    "{}: not replaced: it holds no summary.json of a gpusim run; move it away or choose another --results folder",
                    target.display()
                )
            })?;
            let entries =
                std::fs::read_dir(&target).map_err(|e| format!("{}: {e}", target.display()))?;
            for e in entries {
                let e = e.map_err(|e| format!("{}: {e}", target.display()))?;
                let name = e.file_name().to_string_lossy().into_owned();
                if !e.path().is_file() || !ours.contains(&name) {
                    return Err(format!(
                        "{}: not replaced: {name} was not written by the run it holds; move it away or choose another --results folder",
                        target.display()
                    ));
                }
            }
            // If another run moved it already, this one takes the next
            // free name below.
            remove_through_aside(&self.root, &self.name)?;
        }
        for n in 1.. {
            let dir = if n == 1 {
                target.clone()
            } else {
                self.root.join(format!("{}-{n}", self.name))
            };
            if dir.exists() {
                continue;
            }
            // Under the lock of interrupts (see `UNFINISHED`).
            let mut list = unfinished();
            match std::fs::rename(&self.partial, &dir) {
                Ok(()) => {
                    list.partials.retain(|p| *p != self.partial);
                    finished().push(dir.clone());
                    return Ok(dir);
                }
                // Another run took the name between the check and now.
                Err(e)
                    if e.kind() == std::io::ErrorKind::DirectoryNotEmpty
                        || e.kind() == std::io::ErrorKind::AlreadyExists
                        || dir.exists() => {}
                Err(e) => return Err(format!("{}: {e}", dir.display())),
            }
        }
        unreachable!("some name is free")
    }
}

impl Drop for ResultsFolder {
    fn drop(&mut self) {
        let mut list = unfinished();
        if !self.finished {
            let _ = std::fs::remove_dir_all(&self.partial);
            if let Some(outermost) = &self.made {
                remove_while_empty(&self.root, outermost);
            }
        }
        list.partials.retain(|p| *p != self.partial);
        list.forget_made(&self.root, &self.made);
    }
}

/// Removes `root`, then each parent up to `outermost`, each only when
/// empty: other runs' folders stay.
fn remove_while_empty(root: &Path, outermost: &Path) {
    let mut folder = root;
    while std::fs::remove_dir(folder).is_ok() && folder != outermost {
        match folder.parent() {
            Some(parent) => folder = parent,
            None => break,
        }
    }
}

/// A results root made before several runs start at once, so that none of
/// them, failing, removes it as empty while another is about to write
/// under it; dropped, it removes what it made while empty, as a failed
/// run does.
pub struct SharedRoot {
    root: PathBuf,
    made: Option<PathBuf>,
}

impl SharedRoot {
    /// Makes `root` and the parents it lacks; `None` if it cannot (each run
    /// then says why).
    pub fn make(root: &Path) -> Option<SharedRoot> {
        let mut list = unfinished();
        let made = outermost_missing(root);
        std::fs::create_dir_all(root).ok()?;
        list.list_made(root, &made);
        Some(SharedRoot {
            root: root.to_path_buf(),
            made,
        })
    }
}

impl Drop for SharedRoot {
    fn drop(&mut self) {
        let mut list = unfinished();
        if let Some(outermost) = &self.made {
            remove_while_empty(&self.root, outermost);
        }
        list.forget_made(&self.root, &self.made);
    }
}

/// The folder under the results root where the trace of a run of `name`
/// whose launch stopped is kept: `<name>.failed-trace`, beside the
/// results folders and named unlike them, so that no results folder is
/// ever half written.
fn failed_trace_name(name: &str) -> String {
    format!("{name}.failed-trace")
}

/// Removes the failed trace of `name` (see [`failed_trace_name`]), if
/// any; one holding anything but trace files is refused, not removed.
fn remove_failed_trace(root: &Path, name: &str) -> Result<(), String> {
    let folder = failed_trace_name(name);
    let target = root.join(&folder);
    let entries = match std::fs::read_dir(&target) {
        Ok(entries) => entries,
        Err(_) if std::fs::symlink_metadata(&target).is_err() => return Ok(()),
        Err(e) => return Err(format!("{}: {e}", target.display())),
    };
    let ours = crate::output::trace::TraceFormats::ALL.files();
    for e in entries {
        let e = e.map_err(|e| format!("{}: {e}", target.display()))?;
        let file = e.file_name().to_string_lossy().into_owned();
        if !e.file_type().is_ok_and(|t| t.is_file()) || !ours.contains(&file.as_str()) {
            return Err(format!(
                "{}: not replaced: {file} is not a trace file gpusim writes; move it away",
                target.display()
            ));
        }
    }
    remove_through_aside(root, &folder)
}

/// Removes the folder `<root>/<name>`, moved aside first so that a
/// concurrent run sees either the whole folder or none (nothing to do if
/// another run moved it already).
fn remove_through_aside(root: &Path, name: &str) -> Result<(), String> {
    let aside = root.join(working_name(name, "replaced"));
    if std::fs::rename(root.join(name), &aside).is_ok() {
        std::fs::remove_dir_all(&aside).map_err(|e| format!("{}: {e}", aside.display()))?;
    }
    Ok(())
}

/// Why folder `path` could not be made (`e`), blaming the place on the
/// way that is not a folder: a file, or a symbolic link that leads
/// nowhere or round in a loop, where the system says only "File exists"
/// or "Not a directory".
pub fn folder_error(path: &Path, e: &std::io::Error) -> String {
    let mut on_the_way: Vec<&Path> = path.ancestors().collect();
    on_the_way.reverse();
    for p in on_the_way.into_iter().filter(|p| !p.as_os_str().is_empty()) {
        let Ok(own) = std::fs::symlink_metadata(p) else {
            break;
        };
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return format!("{}: is a file, not a folder", p.display()),
            Err(followed) if own.file_type().is_symlink() => {
                let to = std::fs::read_link(p).unwrap_or_default();
                let why = match followed.kind() {
                    std::io::ErrorKind::NotFound => "which does not exist".to_string(),
                    _ => format!("which cannot be followed ({followed})"),
                };
                return format!(
                    "{}: is a symbolic link to {}, {why}",
                    p.display(),
                    to.display()
                );
            }
            Err(followed) => return format!("{}: {followed}", p.display()),
        }
    }
    format!("{}: {e}", path.display())
}

/// The outermost folder of `path` (itself or a parent) that does not
/// exist, if any: what `create_dir_all(path)` will make.
fn outermost_missing(path: &Path) -> Option<PathBuf> {
    path.ancestors()
        .take_while(|p| !p.as_os_str().is_empty() && !p.exists())
        .last()
        .map(Path::to_path_buf)
}

/// This host's name, so that runs on other hosts sharing a results folder
/// are told apart ("host" where the system does not tell).
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().replace(['/', '.'], "_"))
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into())
}

/// The name of a run's unfinished folder (`partial`) or of a folder being
/// replaced (`replaced`): `.NAME.KIND-HOST-PID`.
fn working_name(name: &str, kind: &str) -> String {
    format!(".{name}.{kind}-{}-{}", host(), std::process::id())
}

/// Removes the unfinished folders of runs on this host whose process is
/// gone (where the system tells: `/proc` on Linux).
fn remove_stale_partials(root: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    if !Path::new("/proc/self").exists() {
        return;
    }
    let host = host();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = [".partial-", ".replaced-"].iter().find_map(|kind| {
            let (_, rest) = name.strip_prefix('.')?.rsplit_once(kind)?;
            let (h, pid) = rest.rsplit_once('-')?;
            (h == host).then(|| pid.parse::<u32>().ok()).flatten()
        }) else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// Writes the file `target` (and any files `write` puts beside it) so that
/// each replaces its namesake only when all are complete: `write` is
/// given the path of `target` in a staging folder beside it
/// (`.NAME.partial-HOST-PID`), whose files are then renamed over theirs.
/// A failed write leaves every existing file as it was and removes the
/// staging folder (as an interrupt does). A replaced file keeps its
/// permissions, and a symbolic link its place: the file it points to is
/// the one replaced.
pub fn write_replacing(
    target: &Path,
    write: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<(), String> {
    let linked;
    let target = match std::fs::symlink_metadata(target) {
        Ok(m) if m.file_type().is_symlink() => {
            linked =
                std::fs::canonicalize(target).map_err(|e| format!("{}: {e}", target.display()))?;
            linked.as_path()
        }
        _ => target,
    };
    let named = |e: &dyn std::fmt::Display| format!("{}: {e}", target.display());
    let name = target
        .file_name()
        .ok_or_else(|| named(&"not a file name"))?
        .to_string_lossy()
        .into_owned();
    let folder = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let stage = folder.join(working_name(&name, "partial"));
    {
        let mut list = unfinished();
        // One left by this process id before (a reused id) is stale.
        let _ = std::fs::remove_dir_all(&stage);
        std::fs::create_dir(&stage).map_err(|e| named(&e))?;
        list.partials.push(stage.clone());
    }
    let written = write(&stage.join(&name)).and_then(|()| {
        let mut list = unfinished();
        let entries = std::fs::read_dir(&stage).map_err(|e| named(&e))?;
        for e in entries {
            let file = e.map_err(|e| named(&e))?.file_name();
            let to = folder.join(&file);
            if let Ok(old) = std::fs::metadata(&to) {
                std::fs::set_permissions(stage.join(&file), old.permissions())
                    .map_err(|e| format!("{}: {e}", to.display()))?;
            }
            std::fs::rename(stage.join(&file), &to)
                .map_err(|e| format!("{}: {e}", to.display()))?;
        }
        let _ = std::fs::remove_dir(&stage);
        list.partials.retain(|p| *p != stage);
        Ok(())
    });
    if written.is_err() {
        let mut list = unfinished();
        let _ = std::fs::remove_dir_all(&stage);
        list.partials.retain(|p| *p != stage);
    }
    written
}

/// Writes `root/<run name>/` for a run whose traces were not kept.
pub fn write(root: &Path, out: &RunOutput, force: bool) -> Result<PathBuf, String> {
    ResultsFolder::create(root, &out.name, force)?.finish(out)
}
