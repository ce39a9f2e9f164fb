//! A side-by-side comparison of configs on workloads: a table (Markdown
//! and CSV) with each run's headline figures and its speedup over the first
//! config, whether every config computed the same bits, and a grouped bar
//! chart of the cycles (SVG and PNG).

use crate::input::workload::ElemType;
use crate::run::RunOutput;
use plotters::prelude::*;
use std::path::Path;

/// The outcome of one (workload, config) run.
pub struct Cell<'a> {
    pub config: &'a str,
    /// The run, or why it failed or was skipped.
    pub run: &'a Result<RunOutput, String>,
    /// Not run: the workload needs what the config does not have (its
    /// subgroup size), as `gpusim run` skips it.
    pub skipped: bool,
}

/// One workload's runs, in config order.
pub struct WorkloadRuns<'a> {
    pub workload: String,
    pub cells: Vec<Cell<'a>>,
}

/// Where a config's results differ from the first config's.
pub fn first_difference(base: &RunOutput, other: &RunOutput) -> Option<String> {
    for (a, b) in base.buffers.iter().zip(&other.buffers) {
        if a.bytes == b.bytes {
            continue;
        }
        if a.bytes.len() != b.bytes.len() {
            return Some(format!(
                "buffer {}: {} bytes against {}",
                a.name,
                b.bytes.len(),
                a.bytes.len()
            ));
        }
        let size = a.ty.size();
        let i = a
            .bytes
            .chunks(size)
            .zip(b.bytes.chunks(size))
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        let value = |bytes: &[u8]| element(a.ty, &bytes[i * size..(i + 1) * size]);
        return Some(format!(
            "buffer {}[{i}]: {} against {}",
            a.name,
            value(&b.bytes),
            value(&a.bytes)
        ));
    }
    None
}

/// One element's value as text.
fn element(ty: ElemType, b: &[u8]) -> String {
    let u = |n: usize| {
        let mut w = [0u8; 8];
        w[..n].copy_from_slice(&b[..n]);
        u64::from_le_bytes(w)
    };
    match ty {
        ElemType::I8 => (u(1) as u8 as i8).to_string(),
        ElemType::U8 => u(1).to_string(),
        ElemType::I16 => (u(2) as u16 as i16).to_string(),
        ElemType::U16 => u(2).to_string(),
        ElemType::I32 => (u(4) as u32 as i32).to_string(),
        ElemType::U32 => u(4).to_string(),
        ElemType::I64 => (u(8) as i64).to_string(),
        ElemType::U64 => u(8).to_string(),
        ElemType::F16 => half::f16::from_bits(u(2) as u16).to_string(),
        ElemType::F32 => f32::from_bits(u(4) as u32).to_string(),
        ElemType::F64 => f64::from_bits(u(8)).to_string(),
    }
}

/// The comparison table: a header and one row per (workload, config), and
/// the sentences saying whether results are identical.
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Every difference found, as sentences; empty when all are identical.
    pub differences: Vec<String>,
    /// Runs that failed, as sentences.
    pub failures: Vec<String>,
    /// Runs skipped, as sentences with the reason.
    pub skipped: Vec<String>,
    /// Runs whose checks failed.
    pub failed_checks: usize,
}

/// The figures of a row, after workload and config.
const FIGURES: [&str; 10] = [
    "cycles",
    "ipc",
    "occupancy_achieved",
    "l1_hit_rate",
    "l2_hit_rate",
    "dram_read_bytes",
    "dram_write_bytes",
    "atomic_queue_cycles",
    "wave_instructions",
    "lane_instructions",
];

pub fn table(runs: &[WorkloadRuns]) -> Table {
    // Units: every unit any config has, in name order.
    let mut units: Vec<String> = runs
        .iter()
        .flat_map(|w| &w.cells)
        .filter_map(|c| c.run.as_ref().ok())
        .filter_map(|o| o.timing.as_ref())
        .flat_map(|t| t.unit_names().to_vec())
        .collect();
    units.sort();
    units.dedup();
    let mut header: Vec<String> = ["workload", "config", "speedup"].map(String::from).to_vec();
    header.extend(FIGURES.iter().map(|f| f.to_string()));
    header.extend(units.iter().map(|u| format!("{u}_utilisation")));
    header.push("checks".into());
    header.push("results".into());
    let mut t = Table {
        header,
        rows: Vec::new(),
        differences: Vec::new(),
        failures: Vec::new(),
        skipped: Vec::new(),
        failed_checks: 0,
    };
    for w in runs {
        let base = w.cells.first().and_then(|c| c.run.as_ref().ok());
        let base_cycles = base.and_then(|b| b.timing.as_ref()).map(|t| t.cycles);
        for (i, c) in w.cells.iter().enumerate() {
            let mut row = vec![w.workload.clone(), c.config.to_string()];
            match c.run {
                Err(e) => {
                    let why = format!("{} on {}: {e}", w.workload, c.config);
                    let (list, result) = match c.skipped {
                        true => (&mut t.skipped, "skipped"),
                        false => (&mut t.failures, "run failed"),
                    };
                    list.push(why);
                    // As wide as a finished run's row: no figures, no
                    // checks run, and the reason in the verdict below.
                    row.push(String::new());
                    row.extend(std::iter::repeat_n(
                        String::new(),
                        FIGURES.len() + units.len(),
                    ));
                    row.push("not run".into());
                    row.push(result.into());
                }
                Ok(out) => {
                    if !out.all_checks_passed() {
                        t.failed_checks += 1;
                    }
                    let cycles = out.timing.as_ref().map(|t| t.cycles);
                    row.push(match (base_cycles, cycles) {
                        // As summary.json writes a number (1.0, not 1).
                        (Some(b), Some(c)) if c > 0 => {
                            crate::output::results::cell(&(b as f64 / c as f64).into())
                        }
                        _ => String::new(),
                    });
                    let figures = crate::output::results::headline(out);
                    for f in FIGURES {
                        let v = figures
                            .iter()
                            .find(|(k, _)| *k == f)
                            .map(|(_, v)| v.clone());
                        row.push(v.unwrap_or_default());
                    }
                    for u in &units {
                        let v = out.timing.as_ref().and_then(|t| {
                            let k = t.unit_names().iter().position(|n| n == u)?;
                            // As summary.json writes it, as the other figures.
                            Some(crate::output::results::cell(&t.unit_utilisation(k).into()))
                        });
                        row.push(v.unwrap_or_default());
                    }
                    row.push(
                        if out.all_checks_passed() {
                            "passed"
                        } else {
                            "FAILED"
                        }
                        .into(),
                    );
                    let same = match base {
                        _ if i == 0 => "reference".to_string(),
                        None => "no reference".to_string(),
                        Some(b) => match first_difference(b, out) {
                            None => "identical".to_string(),
                            Some(d) => {
                                t.differences.push(format!(
                                    "{}: {} differs from {}: {d}",
                                    w.workload, c.config, w.cells[0].config
                                ));
                                format!("differ: {d}")
                            }
                        },
                    };
                    row.push(same);
                }
            }
            t.rows.push(row);
        }
    }
    t
}

impl Table {
    /// Whether every config computed the same bits on every workload.
    pub fn identical(&self) -> bool {
        self.differences.is_empty() && self.failures.is_empty()
    }

    /// The verdict in words.
    pub fn verdict(&self) -> String {
        let mut v = if !self.failures.is_empty() {
            format!("Some runs failed:\n- {}", self.failures.join("\n- "))
        } else if self.identical() {
            "Results: identical (every config computed the same bits on every workload).".into()
        } else {
            format!("Results DIFFER:\n- {}", self.differences.join("\n- "))
        };
        if self.failed_checks > 0 {
            v.push_str(&format!(
                "\n{} run(s) failed a check of their manifest (see the checks column).",
                self.failed_checks
            ));
        }
        if !self.skipped.is_empty() {
            v.push_str(&format!("\nSkipped:\n- {}", self.skipped.join("\n- ")));
        }
        v
    }

    pub fn markdown(&self) -> String {
        let mut s = format!("| {} |\n", self.header.join(" | "));
        s.push_str(&format!(
            "|{}\n",
            self.header.iter().map(|_| "---|").collect::<String>()
        ));
        // Fractions (and every speedup, 1 included) to four decimals here;
        // the CSV has them as computed.
        let speedup = self.header.iter().position(|h| h == "speedup");
        let short = |(i, v): (usize, &String)| match v.parse::<f64>() {
            Ok(x) if v.contains('.') || Some(i) == speedup => format!("{x:.4}"),
            _ => v.clone(),
        };
        for r in &self.rows {
            let cells: Vec<String> = r.iter().enumerate().map(short).collect();
            s.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        s.push('\n');
        s.push_str(&self.verdict());
        s.push('\n');
        s
    }

    pub fn csv(&self) -> Result<String, String> {
        let header: Vec<&str> = self.header.iter().map(String::as_str).collect();
        crate::output::results::csv_text(&header, &self.rows)
    }
}

/// One bar chart of a comparison: a figure of every (workload, config).
struct BarChart<'a> {
    stem: &'static str,
    caption: String,
    y_desc: &'static str,
    value: &'a dyn Fn(&WorkloadRuns, usize) -> Option<f64>,
    /// Where bars start: the axis's foot, or a value they rise above or
    /// fall below (a speedup of 1).
    base: Option<f64>,
}

/// Draws every (workload, config) as grouped bars: the cycles into
/// `dir/cycles.svg` / `.png`, and each run's speedup over the workload's
/// first config (its cycles over theirs) into `dir/speedup.svg` / `.png`,
/// rising above 1 or falling below it. Both axes are logarithmic: workloads
/// of a few thousand and a few million cycles stay readable side by side,
/// and half and twice the speed lie as far from 1.
pub fn chart(runs: &[WorkloadRuns], dir: &Path) -> Result<(), String> {
    crate::output::plots::load_font()?;
    let configs: Vec<&str> = runs
        .first()
        .map(|w| w.cells.iter().map(|c| c.config).collect())
        .unwrap_or_default();
    let cycles = |w: &WorkloadRuns, k: usize| {
        let c = w.cells.get(k)?;
        let t = c.run.as_ref().ok()?.timing.as_ref()?;
        Some(t.cycles as f64)
    };
    let speedup = |w: &WorkloadRuns, k: usize| Some(cycles(w, 0)? / cycles(w, k)?);
    // Names that would not fit in the caption are left to the legend.
    let on = configs.join(", ");
    let on = if on.len() <= 60 {
        on
    } else {
        format!("{} configs (see the legend)", configs.len())
    };
    // Wide enough for every workload's name under its group of bars (about
    // 7 pixels a character at the labels' size) and for the bars.
    let longest = runs.iter().map(|w| w.workload.len()).max().unwrap_or(0) as u32;
    let group = (7 * longest + 16).max(14 * configs.len() as u32 + 16);
    let width = 122 + group * runs.len() as u32;
    for bars in [
        BarChart {
            stem: "cycles",
            caption: format!("Cycles per workload on {on}"),
            y_desc: "cycles",
            value: &cycles,
            base: None,
        },
        BarChart {
            stem: "speedup",
            caption: format!(
                "Speedup over {} (its cycles over each run's)",
                configs.first().unwrap_or(&"the first config")
            ),
            y_desc: "speedup",
            value: &speedup,
            base: Some(1.0),
        },
    ] {
        let (least, height) = crate::output::plots::chart_size(configs.len());
        let size = (least.max(width), height);
        let chart = Bars {
            runs,
            configs: &configs,
            bars: &bars,
        };
        crate::output::plots::write_svg_and_png(&chart, dir, bars.stem, size)?;
    }
    Ok(())
}

/// One bar chart of every run.
struct Bars<'a> {
    runs: &'a [WorkloadRuns<'a>],
    configs: &'a [&'a str],
    bars: &'a BarChart<'a>,
}

impl crate::output::plots::Chart for Bars<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), String> {
        draw(self.runs, self.configs, self.bars, root)
    }
}

fn draw<DB: DrawingBackend>(
    runs: &[WorkloadRuns],
    configs: &[&str],
    bars: &BarChart,
    root: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let value = |w: &WorkloadRuns, k: usize| {
        (bars.value)(w, k).filter(|v| crate::output::plots::on_log_axis(*v))
    };
    let values: Vec<f64> = runs
        .iter()
        .flat_map(|w| (0..configs.len()).filter_map(|k| value(w, k)))
        .chain(bars.base)
        .collect();
    // With no run to show (all failed), an axis from 1 to 10.
    let max = values.iter().copied().reduce(f64::max).unwrap_or(10.0);
    let min = values.iter().copied().reduce(f64::min).unwrap_or(1.5);
    // From a little below the least value (so that its bar shows: bars
    // from a base line need less room below them than bars from the foot)
    // to room above the highest for the legend, in the same share of the
    // height as on a linear axis.
    let low = min / if bars.base.is_some() { 1.1 } else { 1.5 };
    let headroom = crate::output::plots::legend_headroom(configs.len(), root.dim_in_pixel().1);
    let high = low * (max / low).powf(headroom);
    let foot = bars.base.unwrap_or(low);
    let n = runs.len().max(1);
    // In half-bar units: a workload's group is a half-bar gap, its bars
    // (two units each) and a half-bar gap, so its name sits on a tick at
    // the bars' middle and the chart is as wide on both sides.
    let bars_of = configs.len().max(1);
    let group = 2 * bars_of + 2;
    let middle = 1 + bars_of;
    let mut chart = ChartBuilder::on(root)
        .caption(&bars.caption, (crate::output::plots::FONT, 20))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(
            0..n * group,
            (low..high)
                .log_scale()
                .with_key_points(crate::output::plots::log_ticks(low, high)),
        )
        .map_err(|e| err(&e))?;
    let names: Vec<String> = runs.iter().map(|w| w.workload.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n * group + 1)
        .x_label_formatter(&|x| {
            // The workload's name under the middle of its group.
            if x % group == middle {
                names.get(x / group).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|v| crate::output::plots::axis_number(*v))
        .y_desc(bars.y_desc)
        .label_style((crate::output::plots::FONT, crate::output::plots::LABEL_SIZE))
        .draw()
        .map_err(|e| err(&e))?;
    for (k, config) in configs.iter().enumerate() {
        let color = crate::output::plots::series_colour(k);
        chart
            .draw_series(runs.iter().enumerate().map(|(i, w)| {
                let x = i * group + 1 + 2 * k;
                // A run that failed, or took no cycles, has no bar.
                let v = value(w, k).unwrap_or(foot);
                Rectangle::new([(x, foot), (x + 2, v)], color.filled())
            }))
            .map_err(|e| err(&e))?
            .label(config.to_string())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    if let Some(base) = bars.base {
        // The line the bars rise above or fall below.
        chart
            .draw_series(LineSeries::new([(0, base), (n * group, base)], BLACK))
            .map_err(|e| err(&e))?;
    }
    // The caller writes the file (`plots::write_svg_and_png`).
    crate::output::plots::draw_legend(&mut chart, crate::output::plots::LABEL_SIZE)
}
