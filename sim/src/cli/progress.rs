//! A progress bar on stderr for runs longer than about a second:
//! workgroups done of all, the simulated cycle and the simulation rate.
//! Silent when stderr is not a terminal or with `--quiet`.

use crate::exec::progress::{Progress, ProgressState};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How long a run goes on before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

pub struct Bar {
    started: Instant,
    label: String,
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar for the run of `label`, or `None` where it would not be seen.
    pub fn new(label: &str, quiet: bool) -> Option<Bar> {
        (!quiet && std::io::stderr().is_terminal()).then(|| Bar {
            started: Instant::now(),
            label: label.to_string(),
            bar: None,
        })
    }

    pub fn finish(self) {
        if let Some(b) = self.bar {
            b.finish_and_clear();
        }
    }
}

impl Progress for Bar {
    fn update(&mut self, s: &ProgressState) {
        let elapsed = self.started.elapsed();
        if self.bar.is_none() {
            if elapsed < DELAY {
                return;
            }
            let bar = ProgressBar::new(s.workgroups);
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} workgroups {msg} ({elapsed}, eta {eta})",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_prefix(self.label.clone());
            self.bar = Some(bar);
        }
        let bar = self.bar.as_ref().expect("created above");
        // Redrawing is rate-limited by indicatif itself.
        bar.set_position(s.workgroups_done);
        let rate = s.wave_instructions as f64 / elapsed.as_secs_f64().max(1e-9);
        let cycle = s.cycle.map_or(String::new(), |c| format!("cycle {c}, "));
        bar.set_message(format!("{cycle}{:.2} M wave-instructions/s", rate / 1e6));
    }
}

/// A bar counting finished runs of a batch (a comparison or a sweep),
/// shared by the threads running them; silent as [`Bar`] is.
pub struct Counter {
    bar: Option<ProgressBar>,
}

impl Counter {
    pub fn new(label: &str, total: u64, quiet: bool) -> Counter {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} [{bar:30}] {pos}/{len} runs ({elapsed}, eta {eta})",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_prefix(label.to_string());
            bar
        });
        Counter { bar }
    }

    pub fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
