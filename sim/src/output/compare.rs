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
const FIGURES: [&str; 11] = [
    "cycles",
    "ipc",
    "occupancy_achieved",
    "l1_hit_rate",
    "l2_hit_rate",
    "dram_read_bytes",
    "dram_write_bytes",
    "atomic_queue_cycles",
    "atomic_unit_utilisation",
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
                        if out.checks.is_empty() {
                            "no checks"
                        } else if out.all_checks_passed() {
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
            // A `|` in a name would start a cell of its own.
            let cells: Vec<String> = r
                .iter()
                .enumerate()
                .map(short)
                .map(|c| c.replace('|', "\\|"))
                .collect();
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

/// What one run's bar of a comparison chart shows: its figure, or why it
/// has none ("failed", "skipped", "no reference" for a speedup over a
/// first config that did not run), written where the bar would be.
type Figure = Result<f64, &'static str>;

/// One bar chart of a comparison: a figure of every (workload, config).
struct BarChart<'a> {
    stem: &'static str,
    caption: String,
    y_desc: &'static str,
    value: &'a dyn Fn(&WorkloadRuns, usize) -> Figure,
    /// The text of a bar's figure, written at its end.
    text: &'a dyn Fn(f64) -> String,
    /// Where bars start: 0 on a linear axis, or on a logarithmic one a
    /// value they rise above or fall below (a speedup of 1).
    base: Option<f64>,
}

/// Draws every (workload, config) as grouped bars, each labelled with its
/// figure, or with why it has none: the cycles into `dir/cycles.svg` /
/// `.png`, on a linear axis from 0, so that bars' lengths are in the
/// cycles' proportion; and each run's speedup over the workload's first
/// config (its cycles over theirs) into `dir/speedup.svg` / `.png`, on a
/// logarithmic axis, rising above 1 or falling below it, half and twice
/// the speed as far from 1, so that workloads of any size share it.
pub fn chart(runs: &[WorkloadRuns], dir: &Path) -> Result<(), String> {
    crate::output::plots::load_font()?;
    let configs: Vec<&str> = runs
        .first()
        .map(|w| w.cells.iter().map(|c| c.config).collect())
        .unwrap_or_default();
    let cycles = |w: &WorkloadRuns, k: usize| -> Figure {
        let c = &w.cells[k];
        match c.run {
            Err(_) if c.skipped => Err("skipped"),
            Err(_) => Err("failed"),
            Ok(ref out) => out
                .timing
                .as_ref()
                .map(|t| t.cycles as f64)
                .filter(|&v| v > 0.0)
                .ok_or("no cycles"),
        }
    };
    let speedup = |w: &WorkloadRuns, k: usize| -> Figure {
        let own = cycles(w, k)?;
        Ok(cycles(w, 0).map_err(|_| "no reference")? / own)
    };
    let count = |v: f64| crate::output::plots::grouped(v as u64);
    // Four significant digits: a speedup of 0.9995 must not read "1.000".
    let ratio = |v: f64| crate::output::plots::axis_number(v);
    // Names that would not fit in the caption are left to the legend.
    let on = configs.join(", ");
    let on = if on.len() <= 60 {
        on
    } else {
        format!("{} configs (see the legend)", configs.len())
    };
    // Wide enough for every workload's name under its group of bars (about
    // 7 pixels a character at the labels' size) and for bars wide enough
    // to carry an upright label.
    let longest = runs.iter().map(|w| w.workload.len()).max().unwrap_or(0) as u32;
    let group = (7 * longest + 16).max(18 * configs.len() as u32 + 16);
    let width = 122 + group * runs.len() as u32;
    for bars in [
        BarChart {
            stem: "cycles",
            caption: format!("Cycles per workload on {on}"),
            y_desc: "cycles",
            value: &cycles,
            text: &count,
            base: None,
        },
        BarChart {
            stem: "speedup",
            caption: format!(
                "Speedup over {} (its cycles over each run's)",
                configs.first().unwrap_or(&"the first config")
            ),
            y_desc: "speedup (log scale)",
            value: &speedup,
            text: &ratio,
            base: Some(1.0),
        },
    ] {
        let size =
            crate::output::plots::chart_size(crate::output::plots::SIZE.0.max(width), &configs)?;
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

/// Pixels between a bar's end and its label.
const LABEL_GAP: i32 = 4;

fn draw<DB: DrawingBackend>(
    runs: &[WorkloadRuns],
    configs: &[&str],
    bars: &BarChart,
    root: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), String> {
    use crate::output::plots::{legend_room, log_ticks, FONT, LABEL_SIZE};
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    // Every run's figure, workload by workload, and its label.
    let figures: Vec<Figure> = runs
        .iter()
        .flat_map(|w| (0..configs.len()).map(move |k| (bars.value)(w, k)))
        .collect();
    let texts: Vec<String> = figures
        .iter()
        .map(|f| f.map_or_else(str::to_string, bars.text))
        .collect();
    // Room beyond the bars' ends for the longest label, written upright.
    let font = (FONT, LABEL_SIZE).into_font();
    let mut room = 0;
    for t in &texts {
        room = room.max(font.box_size(t).map_err(|e| err(&e))?.0);
    }
    let room = f64::from(room) + f64::from(2 * LABEL_GAP as u32);
    let plotting = f64::from(crate::output::plots::plotting_height(root.dim_in_pixel().1));
    let values = figures.iter().filter_map(|f| f.ok());
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(&bars.caption, (FONT, 20))
        .margin(14)
        .margin_right(14 + legend_room(configs)?)
        .x_label_area_size(40)
        .y_label_area_size(80);
    let x = 0..runs.len().max(1) * group(configs);
    match bars.base {
        // From 0 to the highest bar and room for its label above it.
        None => {
            let max = values.fold(1.0f64, f64::max);
            let top = max * plotting / (plotting - room).max(1.0);
            let chart = builder
                .build_cartesian_2d(x, 0f64..top)
                .map_err(|e| err(&e))?;
            draw_bars(root, chart, runs, configs, bars, &figures, &texts)
        }
        // Around the base, from the lowest bar to the highest (at least a
        // tenth either side, so that equal speedups have an axis), with
        // room for a label beyond each end.
        Some(base) => {
            let (low, high) =
                values.fold((base / 1.1, base * 1.1), |(l, h), v| (l.min(v), h.max(v)));
            let span = (high / low).log10();
            let spare = span * room / (plotting - 2.0 * room).max(1.0);
            let (low, high) = (low / 10f64.powf(spare), high * 10f64.powf(spare));
            let y = (low..high)
                .log_scale()
                .with_key_points(log_ticks(low, high));
            let chart = builder.build_cartesian_2d(x, y).map_err(|e| err(&e))?;
            draw_bars(root, chart, runs, configs, bars, &figures, &texts)
        }
    }
}

/// The width of a workload's group of bars, in half-bar units: a half-bar
/// gap, its bars (two units each) and a half-bar gap, so that its name
/// sits on a tick at the bars' middle and the chart is as wide on both
/// sides.
fn group(configs: &[&str]) -> usize {
    2 * configs.len().max(1) + 2
}

/// The axes, bars, labels and legend on `chart`, whatever its y axis:
/// each run's bar from the base (or 0), its end marked, and its label
/// upright beyond the end; a run without a figure, its reason upright
/// from the base in its config's colour. `figures` and `texts` are in
/// workload then config order.
fn draw_bars<'a, DB, Y>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    mut chart: ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordusize, Y>>,
    runs: &[WorkloadRuns],
    configs: &[&str],
    bars: &BarChart,
    figures: &[Figure],
    texts: &[String],
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    use crate::output::plots::{series_colour, FONT, LABEL_SIZE};
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let group = group(configs);
    let middle = group / 2;
    let end = runs.len().max(1) * group;
    let foot = bars.base.unwrap_or(0.0);
    let names: Vec<String> = runs.iter().map(|w| w.workload.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(end + 1)
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
        .label_style((FONT, LABEL_SIZE))
        .draw()
        .map_err(|e| err(&e))?;
    // Run `r` (workload `r / configs`, config `r % configs`): where its
    // bar starts on the x axis.
    let left = |r: usize| r / configs.len() * group + 1 + 2 * (r % configs.len());
    let mut legend = Vec::new();
    for (k, config) in configs.iter().enumerate() {
        let color = series_colour(k);
        let runs_of = (k..figures.len()).step_by(configs.len());
        chart
            .draw_series(runs_of.filter_map(|r| {
                let v = figures[r].ok()?;
                Some(Rectangle::new(
                    [(left(r), foot), (left(r) + 2, v)],
                    color.filled(),
                ))
            }))
            .map_err(|e| err(&e))?;
        let sample = move |area: &DrawingArea<DB, _>, (x, y): (i32, i32)| {
            area.draw(&Rectangle::new(
                [(x, y - 5), (x + 12, y + 5)],
                color.filled(),
            ))
            .map_err(|e| err(&e))
        };
        legend.push((config.to_string(), Box::new(sample) as _));
    }
    if bars.base.is_some() {
        // The line the bars rise above or fall below.
        chart
            .draw_series(LineSeries::new([(0, foot), (end, foot)], BLACK))
            .map_err(|e| err(&e))?;
    }
    let upright = |color: RGBAColor, from: HPos| TextStyle {
        font: (FONT, LABEL_SIZE)
            .into_font()
            .transform(FontTransform::Rotate270),
        color: color.to_backend_color(),
        pos: Pos::new(from, VPos::Center),
    };
    // Half a bar's width in pixels.
    let half = (chart.backend_coord(&(2, foot)).0 - chart.backend_coord(&(0, foot)).0) / 2;
    let area = chart.plotting_area();
    for (r, (figure, text)) in figures.iter().zip(texts).enumerate() {
        let centre = left(r) + 1;
        let (at, offset, from, color) = match *figure {
            // The end marked across the bar, thicker than the base line,
            // so that a bar of no length (a speedup of 1) still shows in
            // its config's colour; the label beyond it, above a bar that
            // rises and below one that falls.
            Ok(v) => {
                let color = series_colour(r % configs.len());
                let mark = Rectangle::new([(-half, -2), (half, 2)], color.filled());
                area.draw(&(EmptyElement::at((centre, v)) + mark))
                    .map_err(|e| err(&e))?;
                match v >= foot {
                    true => (v, -LABEL_GAP, HPos::Left, BLACK.to_rgba()),
                    false => (v, LABEL_GAP, HPos::Right, BLACK.to_rgba()),
                }
            }
            Err(_) => (
                foot,
                -LABEL_GAP,
                HPos::Left,
                series_colour(r % configs.len()),
            ),
        };
        let label = Text::new(text.clone(), (0, offset), upright(color, from));
        area.draw(&(EmptyElement::at((centre, at)) + label))
            .map_err(|e| err(&e))?;
    }
    // The caller writes the file (`plots::write_svg_and_png`).
    crate::output::plots::draw_legend_beside(root, chart.plotting_area().get_pixel_range(), legend)
}
