//! `gpusim run`: every manifest and Amber script named, or found under a
//! named folder, runs in turn into its own results folder; the exit code
//! is the worst of them.

use super::exit;
use super::progress::{Bar, Counter};
use crate::input::found::{expand, Item};
use crate::input::workload::Workload;
use crate::output::results::{self, ResultsFolder};
use crate::output::trace::{TraceOptions, TraceThread, TraceWriter};
use crate::run::amber::{self, ScriptReport, Status};
use crate::run::{run_workload_taking, Hooks, RunError, RunOptions};
use crate::timing::trace::TraceSink;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// How `gpusim run` reports and where it writes.
#[derive(Clone)]
pub struct How {
    pub json: bool,
    pub root: PathBuf,
    pub force: bool,
    /// What a traced timed run keeps; `None`: no traces.
    pub trace: Option<TraceOptions>,
    pub buffer_files: crate::output::results::BufferFiles,
    pub quiet: bool,
    /// Runs at once when there are several.
    pub jobs: usize,
}

/// What one run gave: its exit code, its JSON summary (with `--json`), and
/// whether it was skipped for a feature the model lacks (an Amber script's
/// requirement, a manifest's subgroup size).
struct Ran {
    code: u8,
    summary: Option<Value>,
    skipped: bool,
}

impl Ran {
    /// A run that stopped with `message` (printed on stderr); its JSON
    /// entry says so.
    fn failed(source: &Path, code: u8, message: String) -> Ran {
        say_err!("error: {message}");
        Ran {
            code,
            summary: Some(serde_json::json!({
                "source": source.display().to_string(),
                "error": message,
                "exit_code": code,
            })),
            skipped: false,
        }
    }
}

/// Runs every path; returns the exit code.
pub fn run_paths(paths: &[PathBuf], opts: &RunOptions, how: &How) -> u8 {
    let mut items = Vec::new();
    // A results folder under a searched folder holds copies of configs
    // and outputs, not workloads.
    let skip = how.root.canonicalize().ok();
    let mut notes = Vec::new();
    let expanded = paths
        .iter()
        .try_for_each(|p| expand(p, skip.as_deref(), &mut items, &mut notes));
    // What was passed over first: it may be why nothing was found.
    for n in &notes {
        say_err!("note: {n}");
    }
    if let Err(e) = expanded {
        say_err!("error: {e}");
        return exit::BAD_INPUT;
    }
    let many = items.len() > 1 || paths.iter().any(|p| p.is_dir());
    let mut code = exit::PASSED;
    let mut summaries = Vec::new();
    let mut tally = [0usize; 4];
    let mut skipped = 0;
    let mut each = |ran: Ran| {
        code = code.max(ran.code);
        if ran.skipped {
            skipped += 1;
        } else {
            tally[ran.code as usize] += 1;
        }
        summaries.extend(ran.summary);
    };
    if how.jobs > 1 && items.len() > 1 {
        run_at_once(&items, opts, how, many, &mut each);
    } else {
        items
            .iter()
            .for_each(|item| each(run_item(item, opts, how, many)));
    }
    if how.json {
        let out = if many {
            Value::Array(summaries)
        } else {
            summaries.pop().expect("one run, one summary")
        };
        say!("{out}");
    } else if many {
        say!(
            "{} runs: {} passed, {} failed a check, {} bad input, {} could not write results, {} skipped",
            items.len(),
            tally[0],
            tally[1],
            tally[2],
            tally[3],
            skipped
        );
    }
    code
}

fn run_item(item: &Item, opts: &RunOptions, how: &How, many: bool) -> Ran {
    match item {
        Item::Manifest(p) => run_manifest(p, opts, how),
        Item::Script(p) => run_script(p, opts, how, many),
    }
}

/// Runs `items` on `how.jobs` threads, giving each outcome to `each` and
/// showing what each run said, in the order of `items`: what is printed,
/// the exit code and the JSON are those of running them one after
/// another. Items whose results folders share a name run one after
/// another, in that order, on one thread, so each takes the folder
/// (`NAME`, `NAME-2`, ...) it would take run alone. Runs show no progress
/// bars of their own; one counts the finished runs.
fn run_at_once(
    items: &[Item],
    opts: &RunOptions,
    how: &How,
    many: bool,
    each: &mut impl FnMut(Ran),
) {
    let groups = by_results_name(items);
    let _root = results::SharedRoot::make(&how.root);
    let unbarred = How {
        quiet: true,
        ..how.clone()
    };
    let counter = Counter::new("run", items.len() as u64, how.quiet);
    let next_group = std::sync::atomic::AtomicUsize::new(0);
    let (sender, received) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..how.jobs.min(groups.len()) {
            let sender = sender.clone();
            let (groups, next_group, unbarred) = (&groups, &next_group, &unbarred);
            scope.spawn(move || {
                while let Some(group) =
                    groups.get(next_group.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    for &i in group {
                        let (ran, said) =
                            crate::console::capture(|| run_item(&items[i], opts, unbarred, many));
                        if sender.send((i, ran, said)).is_err() {
                            return;
                        }
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = std::collections::BTreeMap::new();
        let mut shown = 0;
        for (i, ran, said) in received {
            counter.inc();
            waiting.insert(i, (ran, said));
            while let Some((ran, said)) = waiting.remove(&shown) {
                counter.suspend(|| {
                    for (stream, text) in said.runs() {
                        match stream {
                            crate::console::Stream::Out => say_raw!("{text}"),
                            crate::console::Stream::Err => say_err_raw!("{text}"),
                        }
                    }
                });
                each(ran);
                shown += 1;
            }
        }
    });
    counter.finish();
}

/// The indices of `items` in groups that write results folders of one
/// name, in the order of their first items. An item whose name cannot be
/// read fails before it writes anything, and is a group of its own.
fn by_results_name(items: &[Item]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut group_of: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, item) in items.iter().enumerate() {
        let name = match item {
            Item::Manifest(p) => Workload::name_in(p),
            Item::Script(p) => Some(script_name(p)),
        };
        match name.as_ref().and_then(|n| group_of.get(n)) {
            Some(&g) => groups[g].push(i),
            None => {
                if let Some(n) = name {
                    group_of.insert(n, groups.len());
                }
                groups.push(vec![i]);
            }
        }
    }
    groups
}

/// The name of an Amber script's results folder.
fn script_name(path: &Path) -> String {
    path.file_stem()
        .map_or("script".into(), |s| s.to_string_lossy().into_owned())
}

/// Runs one manifest: its results folder is prepared (and found writable)
/// before anything runs, and traces stream into it while the run goes on.
fn run_manifest(path: &Path, opts: &RunOptions, how: &How) -> Ran {
    let bad = |e: String| Ran::failed(path, exit::BAD_INPUT, e);
    let output_failed = |e: String| {
        Ran::failed(
            path,
            exit::OUTPUT_FAILED,
            format!("cannot write results: {e}"),
        )
    };
    let mut w = match Workload::load(path) {
        Ok(w) => w,
        Err(e) => return bad(e),
    };
    if let Some((required, at)) = &w.subgroup_size {
        // A device feature the model lacks, as for an Amber script: the
        // manifest is skipped, not run at another wave size.
        if let Err(e) = crate::run::check_subgroup_size(*required, opts.wave_width) {
            let reason = format!("{at}: {e}");
            if how.json {
                say_err!("{}: SKIP ({reason})", w.name);
            } else {
                say!("{}: SKIP ({reason})", w.name);
            }
            return Ran {
                code: exit::PASSED,
                // As an Amber script's skip reads.
                summary: how.json.then(|| {
                    serde_json::json!({
                        "source": path.display().to_string(),
                        "status": "skip",
                        "reason": reason,
                        "exit_code": exit::PASSED,
                    })
                }),
                skipped: true,
            };
        }
    }
    let mut folder = match ResultsFolder::create(&how.root, &w.name, how.force) {
        Ok(f) => f.with_buffer_files(how.buffer_files),
        Err(e) => return output_failed(e),
    };
    let mut writer = match (&opts.timing, how.trace) {
        (Some(t), Some(trace)) => {
            let kernel = shown_path(&w.kernel);
            match TraceWriter::create(folder.path(), &t.config, &w.name, Some(&kernel), trace) {
                Ok(tw) => Some(TraceThread::spawn(tw, trace)),
                Err(e) => return output_failed(e),
            }
        }
        _ => None,
    };
    let mut bar = Bar::new(&w.name, how.quiet);
    let mut warn = |m: &str| say_err!("warning: {m}");
    let hooks = Hooks {
        trace: writer.as_mut().map(|t| t as &mut dyn TraceSink),
        progress: bar
            .as_mut()
            .map(|b| b as &mut dyn crate::exec::progress::Progress),
        warn: Some(&mut warn),
    };
    let result = run_workload_taking(&mut w, opts, hooks);
    if let Some(b) = bar {
        b.finish();
    }
    let out = match result {
        Ok(out) => out,
        // A launch's error names the kernel and its place in it; the
        // manifest goes first, as in load errors, since several manifests
        // can share a kernel.
        Err(e) => {
            if let RunError::Launch(_, stopped) = &e {
                // What the kernel printed before it stopped, as a program's
                // output before its crash.
                show_printed(&stopped.printed, how.json);
                for warning in &stopped.printf_warnings {
                    say_err!("warning: {}: {warning}", path.display());
                }
            }
            let mut message = crate::run::named_at(&path.display().to_string(), e.message());
            message += &results::earlier_results_note(&how.root, &w.name);
            let mut kept = None;
            if let (RunError::Launch(..), Some(tw)) = (&e, writer) {
                let (note, dir) = keep_stopped_trace(tw, folder);
                message += &note;
                kept = dir;
            }
            let mut ran = bad(message);
            if let (Some(dir), Some(s)) = (kept, &mut ran.summary) {
                s["failed_trace"] = Value::String(dir.display().to_string());
            }
            return ran;
        }
    };
    for warning in crate::exec::launch::printf_warnings(&out.kernel, &out.printf_failures) {
        say_err!("warning: {}: {warning}", path.display());
    }
    let mut trace_summary = None;
    if let (Some(tw), Some(config)) = (writer, &out.config) {
        for warning in trace_warnings(&tw, config.gpu.clock_mhz) {
            say_err!("warning: {}: {warning}", path.display());
        }
        let summary = tw.summary();
        folder.set_trace(summary.clone());
        trace_summary = Some(summary);
        let cycles = out.timing.as_ref().map_or(0, |t| t.cycles);
        if let Err(e) = tw.finish(cycles) {
            return output_failed(e);
        }
    }
    let dir = match folder.finish(&out) {
        Ok(d) => d,
        Err(e) => return output_failed(e),
    };
    let code = if out.all_checks_passed() {
        exit::PASSED
    } else {
        exit::CHECK_FAILED
    };
    show_printed(&out.printf, how.json);
    if how.json {
        let mut s = results::summary_with(&out, how.buffer_files);
        if let Some(trace) = trace_summary {
            s["trace"] = trace;
        }
        s["results"] = Value::String(dir.display().to_string());
        return Ran {
            code,
            summary: Some(s),
            skipped: false,
        };
    }
    say!(
        "{}: {} wave-instructions ({} register copies), {} lane-instructions (wave size {}), {:.2} s",
        out.name,
        out.counts.wave_instructions,
        out.counts.copies,
        out.counts.lane_instructions,
        out.wave_width,
        out.wall_seconds
    );
    if let Some(t) = &out.timing {
        let s = t.summary();
        let f = |v: &Value| v.as_f64().unwrap_or(0.0);
        say!(
            "  {} cycles ({:.3} us) on {}, IPC {:.3}, occupancy {:.2} theoretical (limited by {}), {:.2} achieved",
            s["cycles"],
            f(&s["time_us"]),
            out.config.as_ref().map_or("", |c| &c.name),
            f(&s["ipc"]),
            f(&s["occupancy"]["theoretical"]),
            s["occupancy"]["limiter"].as_str().unwrap_or("?"),
            f(&s["occupancy"]["achieved"])
        );
    }
    for c in &out.checks {
        match &c.first_mismatch {
            None => say!("  check {}: passed ({} elements)", c.buffer, c.checked),
            Some(m) => {
                say!(
                    "  check {}: FAILED, {} of {} elements differ; {}",
                    c.buffer,
                    c.mismatches,
                    c.checked,
                    m.describe()
                )
            }
        }
    }
    if let Some(trace) = how.trace {
        say!("  traces: {}", trace.formats.files().join(", "));
    }
    say!(
        "  results in {}{}",
        dir.display(),
        results::taken_name_note(&dir, &how.root, &out.name, how.force)
    );
    Ran {
        code,
        summary: None,
        skipped: false,
    }
}

/// Runs one Amber script into its own results folder; among `many` runs
/// its text report is one line.
fn run_script(path: &Path, opts: &RunOptions, how: &How, many: bool) -> Ran {
    let name = script_name(path);
    let folder = match ResultsFolder::create(&how.root, &name, how.force) {
        Ok(f) => f,
        Err(e) => {
            return Ran::failed(
                path,
                exit::OUTPUT_FAILED,
                format!("cannot write results: {e}"),
            );
        }
    };
    let mut writer = match (&opts.timing, how.trace) {
        (Some(t), Some(trace)) => {
            // A script's shaders are several modules: places are given
            // without a file name.
            match TraceWriter::create(folder.path(), &t.config, &name, None, trace) {
                Ok(tw) => Some(TraceThread::spawn(tw, trace)),
                Err(e) => {
                    return Ran::failed(
                        path,
                        exit::OUTPUT_FAILED,
                        format!("cannot write results: {e}"),
                    )
                }
            }
        }
        _ => None,
    };
    let trace = writer.as_mut().map(|t| t as &mut dyn TraceSink);
    let started = std::time::Instant::now();
    let mut report = match amber::run_script_traced(path, opts, trace) {
        Ok(r) => r,
        Err(e) => ScriptReport::error(path, e),
    };
    // Taken by the trace of a RUN that stopped, which is kept instead.
    let mut folder = Some(folder);
    let mut kept = None;
    if let Some(tw) = writer.take_if(|_| report.launch_failed) {
        let f = folder.take().expect("taken only here");
        let (note, dir) = keep_stopped_trace(tw, f);
        if let Status::Error(e) = &mut report.status {
            e.push_str(&note);
        }
        kept = dir;
    }
    if let (Some(tw), Some(t)) = (writer, &opts.timing) {
        for warning in trace_warnings(&tw, t.config.gpu.clock_mhz) {
            say_err!("warning: {}: {warning}", path.display());
        }
        if let Err(e) = tw.finish(report.cycles.unwrap_or(0)) {
            return Ran::failed(
                path,
                exit::OUTPUT_FAILED,
                format!("cannot write results: {e}"),
            );
        }
    }
    let code = report.exit_code();
    let mut summary = results::script_summary(&report, opts);
    summary["run"]["wall_seconds"] = serde_json::json!(started.elapsed().as_secs_f64());
    if let Some(dir) = kept {
        summary["failed_trace"] = Value::String(dir.display().to_string());
    }
    // A script that ran (passing or not) has results; one skipped or
    // stopped by an error leaves no folder (the partial one is dropped).
    if let (Status::Pass | Status::Fail, Some(folder)) = (&report.status, folder) {
        match folder.finish_script(&report, opts, &summary) {
            Ok(dir) => summary["results"] = Value::String(dir.display().to_string()),
            Err(e) => {
                return Ran::failed(
                    path,
                    exit::OUTPUT_FAILED,
                    format!("cannot write results: {e}"),
                )
            }
        }
    }
    let skipped = matches!(report.status, Status::Skip(_));
    if how.json {
        return Ran {
            code,
            summary: Some(summary),
            skipped,
        };
    }
    if many {
        say!("{}", report.row(&path.display().to_string(), 0));
    } else {
        say_raw!("{report}");
        if let Some(dir) = summary["results"].as_str() {
            say!("  results in {dir}");
        }
    }
    Ran {
        code,
        summary: None,
        skipped,
    }
}

/// What a finished run's trace leaves out: the wave-instructions past its
/// limit, and the cycles a clock above 1000 MHz puts within one of its
/// nanoseconds.
fn trace_warnings(tw: &TraceThread, clock_mhz: f64) -> Vec<String> {
    let trace = tw.options();
    let left_out = (tw.left_out() > 0).then(|| {
        format!(
            "the trace holds the {}; {} more ran untraced (--trace-limit N raises the limit, 0 lifts it)",
            first_wave_instructions(trace.limit),
            tw.left_out()
        )
    });
    left_out
        .into_iter()
        .chain(trace.clock_note(clock_mhz))
        .collect()
}

/// "first N wave-instructions", what a trace of limit `n` holds.
fn first_wave_instructions(n: u64) -> String {
    match n {
        1 => "first wave-instruction".into(),
        n => format!("first {n} wave-instructions"),
    }
}

/// Closes the trace of a run whose launch stopped and keeps it beside the
/// results (`ResultsFolder::keep_failed_trace`; the results folder itself
/// is not written). Returns what the run's error message adds about it
/// (nothing when the launch stopped before its first event, leaving no
/// trace to keep) and where it is.
fn keep_stopped_trace(tw: TraceThread, folder: ResultsFolder) -> (String, Option<PathBuf>) {
    let formats = tw.options().formats;
    let left_out = match tw.left_out() {
        0 => String::new(),
        n => format!(
            " (its {}; {n} more ran untraced: --trace-limit)",
            first_wave_instructions(tw.options().limit)
        ),
    };
    let kept = tw.finish_stopped().and_then(|any| {
        any.then(|| folder.keep_failed_trace(&formats.files()))
            .transpose()
    });
    match kept {
        Ok(Some(dir)) => (
            format!(
                "; the trace up to the stop is in {}{left_out}",
                dir.display()
            ),
            Some(dir),
        ),
        Ok(None) => (String::new(), None),
        Err(e) => (format!("; its trace could not be kept: {e}"), None),
    }
}

/// `path` as a trace shows it: `.` and `dir/..` steps dropped (a manifest
/// naming `../kernel.spv` gives `workloads/scale/../kernel.spv`), by its
/// text only: the file itself was opened by its own path.
fn shown_path(path: &Path) -> String {
    use std::path::Component;
    let mut kept: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(kept.last(), Some(Component::Normal(_))) => {
                kept.pop();
            }
            _ => kept.push(part),
        }
    }
    if kept.is_empty() {
        return ".".to_string();
    }
    kept.iter().collect::<PathBuf>().display().to_string()
}

/// What a kernel printed: first, as a program's output would be; on
/// stderr under `--json`, whose stdout holds only JSON.
fn show_printed(printed: &str, json: bool) {
    if json {
        say_err_raw!("{}", printed);
    } else {
        say_raw!("{}", printed);
    }
}

#[cfg(test)]
mod tests {
    use super::shown_path;
    use std::path::Path;

    #[test]
    fn a_shown_path_drops_the_steps_that_go_nowhere() {
        let rows = [
            (
                "workloads/scale/../vector_add.spv",
                "workloads/vector_add.spv",
            ),
            ("./a/./b.spv", "a/b.spv"),
            ("../../k.spv", "../../k.spv"),
            ("a/../../k.spv", "../k.spv"),
            ("/x/y/../k.spv", "/x/k.spv"),
            ("/../k.spv", "/../k.spv"),
            ("a/..", "."),
            ("k.spv", "k.spv"),
        ];
        for (path, shown) in rows {
            assert_eq!(shown_path(Path::new(path)), shown, "{path}");
        }
    }
}
