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
                // Elapsed time and what is left are the run's own: the
                // bar appears a second in, and indicatif's estimate, from
                // the steps it has seen, read 0 s while most was left.
                ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} workgroups {msg}")
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
        let left = remaining(elapsed, s.workgroups_done, s.workgroups)
            .map_or("?".to_string(), seconds_text);
        bar.set_message(format!(
            "{cycle}{:.2} M wave-instructions/s ({}, eta {left})",
            rate / 1e6,
            seconds_text(elapsed)
        ));
    }
}

/// What is left of a run `elapsed` in with `done` of `total` workgroups
/// done, at the rate so far (none before the first is done).
fn remaining(elapsed: Duration, done: u64, total: u64) -> Option<Duration> {
    (done > 0).then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

/// A duration as the bar shows it: "42s", "3m 07s", "2h 05m".
fn seconds_text(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s / 60 % 60),
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

    /// Runs `f`, which prints, with the bar out of the way.
    pub fn suspend(&self, f: impl FnOnce()) {
        match &self.bar {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_left_goes_at_the_rate_so_far() {
        let secs = Duration::from_secs;
        // A fifth done after a second: four more.
        assert_eq!(remaining(secs(1), 210_000, 1_050_000), Some(secs(4)));
        assert_eq!(remaining(secs(3), 128, 256), Some(secs(3)));
        assert_eq!(remaining(secs(5), 256, 256), Some(secs(0)));
        assert_eq!(remaining(secs(5), 0, 256), None);
        let rows = [
            (0, "0s"),
            (59, "59s"),
            (60, "1m 00s"),
            (187, "3m 07s"),
            (7500, "2h 05m"),
        ];
        for (s, text) in rows {
            assert_eq!(seconds_text(secs(s)), text);
        }
    }
}
