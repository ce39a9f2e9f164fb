//! A sweep's outputs: one CSV row per point (its number, workload and
//! parameter values, its status, then every headline figure but the host's
//! wall time, so the bytes depend on nothing but the sweep), shards of it
//! merged back, and line plots of a metric against each parameter.

use crate::input::sweep::{value_text, Sweep, SweepPoint};
use crate::run::RunOutput;
use plotters::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The figures of a row: the headline ones, but for the host's time.
pub fn figure_names() -> Vec<&'static str> {
    // The names only; any run gives the same list.
    [
        "kernel",
        "mode",
        "config",
        "wave_size",
        "checks_failed",
        "wave_instructions",
        "lane_instructions",
        "lane_efficiency",
        "cycles",
        "time_us",
        "ipc",
        "vgprs_per_wave",
        "occupancy_limiter",
        "occupancy_theoretical",
        "occupancy_achieved",
        "occupancy_achieved_busy_cus",
        "l1_hit_rate",
        "l2_hit_rate",
        "dram_read_bytes",
        "dram_write_bytes",
        "dram_bandwidth_fraction",
        "atomic_queue_cycles",
        "atomic_unit_utilisation",
    ]
    .to_vec()
}

/// The figures that are words, not numbers: no metric to plot.
pub const TEXT_FIGURES: [&str; 4] = ["kernel", "mode", "config", "occupancy_limiter"];

/// The figures that are fractions (of lanes, of wave slots, of accesses,
/// of DRAM's peak): a plot of one has a linear y axis over the whole of 0
/// to 1, so that a rate never seems to reach past 1 and plots of one
/// figure read alike from sweep to sweep.
pub const FRACTION_FIGURES: [&str; 8] = [
    "lane_efficiency",
    "occupancy_theoretical",
    "occupancy_achieved",
    "occupancy_achieved_busy_cus",
    "l1_hit_rate",
    "l2_hit_rate",
    "dram_bandwidth_fraction",
    "atomic_unit_utilisation",
];

/// The least ratio of a plot's highest value to its lowest that takes a
/// logarithmic y axis: two orders of magnitude, where on a linear axis
/// the lower line would lie within a hundredth of the height of zero.
const LOG_SPAN: f64 = 100.0;

/// A sweep plot's y axis.
#[derive(Debug, PartialEq)]
enum YAxis {
    /// Linear, from 0 to this.
    Linear(f64),
    /// Logarithmic, from the first to the second.
    Log(f64, f64),
}

/// The y axis of a plot of `metric` whose lines have `values`: 0 to 1
/// for a fraction; logarithmic when the values are all positive and
/// `LOG_SPAN` apart or more (workloads of different sizes), where each
/// line keeps its shape; otherwise linear from 0, which shows differences
/// in proportion.
fn y_axis(metric: &str, values: &[f64]) -> YAxis {
    use crate::output::plots::on_log_axis;
    let max = values.iter().copied().fold(0.0f64, f64::max);
    let min = values.iter().copied().fold(f64::INFINITY, f64::min);
    if FRACTION_FIGURES.contains(&metric) {
        // A value over 1 would be a bug, shown rather than cut off.
        YAxis::Linear(max.max(1.0))
    } else if values.iter().copied().all(on_log_axis) && max >= LOG_SPAN * min {
        YAxis::Log(min / 1.5, max * 1.5)
    } else if max > 0.0 {
        YAxis::Linear(max * 1.05)
    } else {
        // All zero (or none): a unit axis, on which a line lies at 0.
        YAxis::Linear(1.0)
    }
}

/// The fields of a shard's `summary.json` (under `sweep`) that say which
/// sweep it is a shard of: shards merge only when they agree on each.
/// Not the sweep file's path, which may be named otherwise on each node.
pub const DEFINITION_FIELDS: [&str; 5] = ["name", "base", "set", "workloads", "parameters"];

/// The sweep's definition as a shard records it (`DEFINITION_FIELDS`):
/// the base as the sweep file writes it, the workloads after folders are
/// expanded (as the CSV writes them), each parameter's values.
pub fn definition(sweep: &Sweep) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::json;
    let workloads: Vec<&str> = sweep.workloads.iter().map(|(w, _)| w.as_str()).collect();
    let parameters: serde_json::Map<String, serde_json::Value> = sweep
        .parameters
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    [
        ("name", json!(sweep.name)),
        ("base", json!(sweep.base_as_written)),
        ("set", json!(sweep.set)),
        ("workloads", json!(workloads)),
        ("parameters", json!(parameters)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// The CSV header of a sweep.
pub fn header(sweep: &Sweep) -> Vec<String> {
    let mut h = vec!["point".to_string(), "workload".to_string()];
    h.extend(sweep.parameters.iter().map(|(k, _)| k.clone()));
    h.push("status".into());
    h.push("error".into());
    h.extend(figure_names().iter().map(|f| f.to_string()));
    h
}

/// The columns that say which point a row is: its number, its workload
/// as the sweep file writes it, and its parameter values.
pub fn point_columns(sweep: &Sweep, p: &SweepPoint) -> Vec<String> {
    let mut r = vec![p.index.to_string(), sweep.workloads[p.workload].0.clone()];
    r.extend(p.values.iter().map(value_text));
    r
}

/// The CSV row of one point.
pub fn row(sweep: &Sweep, p: &SweepPoint, run: &Result<RunOutput, String>) -> Vec<String> {
    let mut r = point_columns(sweep, p);
    let names = figure_names();
    match run {
        Ok(out) => {
            r.push(
                if out.all_checks_passed() {
                    "ok"
                } else {
                    "check failed"
                }
                .into(),
            );
            // For a failed check: which, and its first wrong element.
            r.push(
                out.checks
                    .iter()
                    .find(|c| !c.passed)
                    .map(|c| format!("check of '{}': {}", c.buffer, c.wrong_elements(", ")))
                    .unwrap_or_default(),
            );
            let figures = crate::output::results::headline(out);
            for n in names {
                let v = figures
                    .iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, v)| v.clone());
                r.push(v.unwrap_or_default());
            }
        }
        Err(e) => return row_without_figures(sweep, p, "failed", e),
    }
    r
}

/// The CSV row of a point that gave no figures: `status` and why.
pub fn row_without_figures(sweep: &Sweep, p: &SweepPoint, status: &str, why: &str) -> Vec<String> {
    let mut r = point_columns(sweep, p);
    r.push(status.into());
    r.push(why.into());
    r.extend(std::iter::repeat_n(String::new(), figure_names().len()));
    r
}

/// Joins shards' CSVs (each `(name, text)`) of a sweep of `points` points
/// into the CSV the whole sweep writes: one header, every point once, in
/// point order.
pub fn merge(shards: &[(String, String)], points: usize) -> Result<String, String> {
    let mut header: Option<Vec<String>> = None;
    let mut rows: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (name, text) in shards {
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let h: Vec<String> = reader
            .headers()
            .map_err(|e| format!("{name}: {e}"))?
            .iter()
            .map(str::to_string)
            .collect();
        if h.first().map(String::as_str) != Some("point") {
            return Err(format!(
                "{name}: not a sweep CSV (its first column is not `point`)"
            ));
        }
        match &header {
            None => header = Some(h),
            Some(first) if *first != h => {
                return Err(format!("{name}: its columns differ from the first shard's"))
            }
            Some(_) => {}
        }
        for (i, record) in reader.records().enumerate() {
            let record = record.map_err(|e| format!("{name}: row {}: {e}", i + 1))?;
            let fields: Vec<String> = record.iter().map(str::to_string).collect();
            let point: usize = fields[0].parse().map_err(|_| {
                format!(
                    "{name}: row {}: point `{}` is not a number",
                    i + 1,
                    fields[0]
                )
            })?;
            if rows.insert(point, fields).is_some() {
                return Err(format!("{name}: point {point} is in more than one shard"));
            }
        }
    }
    let header = header.ok_or("no shard to merge")?;
    if let Some(missing) = (0..points).find(|i| !rows.contains_key(i)) {
        return Err(format!(
            "point {missing} of {points} is in no shard: merge every shard of the sweep"
        ));
    }
    if let Some(extra) = rows.keys().find(|&&k| k >= points) {
        return Err(format!(
            "point {extra} is beyond the sweep's {points} points"
        ));
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = rows.into_values().collect();
    crate::output::results::csv_text(&header, &rows)
}

/// Draws `metric` against each parameter with at least two values into
/// `dir/<metric>_vs_<parameter>.svg` and `.png`: one line per workload and
/// combination of the other parameters.
pub fn plots(
    sweep: &Sweep,
    header: &[String],
    rows: &[Vec<String>],
    dir: &Path,
) -> Result<(), String> {
    crate::output::plots::load_font()?;
    let col = |name: &str| header.iter().position(|h| h == name);
    let metric = col(&sweep.metric).ok_or_else(|| {
        format!(
            "sweep metric `{}` is not a column of the sweep CSV ({})",
            sweep.metric,
            header[4 + sweep.parameters.len()..].join(", ")
        )
    })?;
    for (k, (param, values)) in sweep.parameters.iter().enumerate() {
        if values.len() < 2 {
            continue;
        }
        let labels: Vec<String> = values.iter().map(value_text).collect();
        // Lines: the workload and the other parameters' values, in the
        // order of the points (the sweep file's order), not as text sorts.
        let mut lines: Vec<(String, Vec<(usize, f64)>)> = Vec::new();
        for r in rows {
            let others: Vec<String> = sweep
                .parameters
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(j, (p, _))| format!("{p}={}", r[2 + j]))
                .collect();
            let workload = sweep
                .workloads
                .iter()
                .position(|(written, _)| *written == r[1])
                .map_or(&r[1], |w| &sweep.workload_labels[w]);
            let key = std::iter::once(workload.clone())
                .chain(others)
                .collect::<Vec<_>>()
                .join(", ");
            let x = labels.iter().position(|l| *l == r[2 + k]).unwrap_or(0);
            // An empty field (a failed point, a rate with nothing to
            // divide by) is no point on the line, not a 0.
            let Ok(y) = r[metric].parse::<f64>() else {
                continue;
            };
            match lines.iter_mut().find(|(k, _)| *k == key) {
                Some((_, points)) => points.push((x, y)),
                None => lines.push((key, vec![(x, y)])),
            }
        }
        let name = format!("{}_vs_{}", sweep.metric, param.replace(['"', '.'], "_"));
        let keys: Vec<&str> = lines.iter().map(|(key, _)| key.as_str()).collect();
        let size = crate::output::plots::chart_size(crate::output::plots::SIZE.0, &keys)?;
        let chart = SweepChart {
            sweep,
            param,
            labels: &labels,
            lines: &lines,
        };
        crate::output::plots::write_svg_and_png(&chart, dir, &name, size)?;
    }
    Ok(())
}

/// The metric against one parameter, a line per workload and combination
/// of the other parameters.
struct SweepChart<'a> {
    sweep: &'a Sweep,
    param: &'a str,
    labels: &'a [String],
    lines: &'a [(String, Vec<(usize, f64)>)],
}

impl crate::output::plots::Chart for SweepChart<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), String> {
        draw(root, self.sweep, self.param, self.labels, self.lines)
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    sweep: &Sweep,
    param: &str,
    labels: &[String],
    lines: &[(String, Vec<(usize, f64)>)],
) -> Result<(), String> {
    use crate::output::plots::{legend_room, log_ticks};
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let values: Vec<f64> = lines
        .iter()
        .flat_map(|(_, l)| l.iter().map(|p| p.1))
        .collect();
    let keys: Vec<&str> = lines.iter().map(|(key, _)| key.as_str()).collect();
    let n = labels.len();
    let mut chart = ChartBuilder::on(root);
    chart
        .caption(
            format!(
                "{}: {} against {param} (base {})",
                sweep.name, sweep.metric, sweep.base_as_written
            ),
            (crate::output::plots::FONT, 20),
        )
        .margin(14)
        .margin_right(14 + legend_room(&keys)?)
        .x_label_area_size(40)
        .y_label_area_size(80);
    let x = -0.5f64..n as f64 - 0.5;
    let y_desc = sweep.metric.as_str();
    match y_axis(y_desc, &values) {
        YAxis::Log(low, high) => {
            let y = (low..high)
                .log_scale()
                .with_key_points(log_ticks(low, high));
            let chart = chart.build_cartesian_2d(x, y).map_err(|e| err(&e))?;
            draw_lines(
                root,
                chart,
                param,
                labels,
                lines,
                &format!("{y_desc} (log scale)"),
            )?;
        }
        YAxis::Linear(top) => {
            let chart = chart
                .build_cartesian_2d(x, 0f64..top)
                .map_err(|e| err(&e))?;
            draw_lines(root, chart, param, labels, lines, y_desc)?;
        }
    }
    // The caller writes the file (`plots::write_svg_and_png`).
    Ok(())
}

/// The axes, the lines and their legend on `chart`, whatever its y axis.
fn draw_lines<'a, DB, Y>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    mut chart: ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordf64, Y>>,
    param: &str,
    labels: &[String],
    lines: &[(String, Vec<(usize, f64)>)],
    y_desc: &str,
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let n = labels.len();
    chart
        .configure_mesh()
        .x_labels(n)
        .x_label_formatter(&|x| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 {
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|v| crate::output::plots::axis_number(*v))
        .x_desc(format!(
            "{param} (its values in order, evenly spaced; a gap in a line is a point that failed, was skipped or has no such figure)"
        ))
        .y_desc(y_desc)
        .label_style((crate::output::plots::FONT, crate::output::plots::LABEL_SIZE))
        .draw()
        .map_err(|e| err(&e))?;
    let mut legend = Vec::new();
    for (i, (label, points)) in lines.iter().enumerate() {
        let color = crate::output::plots::series_colour(i);
        let mut sorted = points.clone();
        sorted.sort_by_key(|p| p.0);
        // A line joins neighbouring values only: a point that failed (no
        // figure) or has none (a hit rate without accesses) leaves a gap
        // rather than a segment across it.
        let runs = sorted.chunk_by(|a, b| b.0 == a.0 + 1);
        let pts =
            |run: &[(usize, f64)]| run.iter().map(|&(x, y)| (x as f64, y)).collect::<Vec<_>>();
        for run in runs {
            chart
                .draw_series(LineSeries::new(pts(run), color.stroke_width(2)))
                .map_err(|e| err(&e))?;
        }
        let sample = move |area: &DrawingArea<DB, _>, at| {
            let line = PathElement::new([(0, 0), (16, 0)], color.stroke_width(2));
            area.draw(&(EmptyElement::at(at) + line + marker(i, (8, 0), color)))
                .map_err(|e| err(&e))
        };
        legend.push((label.clone(), Box::new(sample) as _));
        chart
            .draw_series(
                pts(&sorted)
                    .into_iter()
                    .map(|p| EmptyElement::at(p) + marker(i, (0, 0), color)),
            )
            .map_err(|e| err(&e))?;
    }
    crate::output::plots::draw_legend_beside(root, chart.plotting_area().get_pixel_range(), legend)
}

/// Line `i`'s mark at its points and in the legend, at `at` pixels from
/// the point: a circle, triangle, cross or square in turn, so that lines
/// with the same values, drawn over one another, still show each mark.
fn marker<DB: DrawingBackend>(
    i: usize,
    at: (i32, i32),
    color: RGBAColor,
) -> DynElement<'static, DB, (i32, i32)> {
    let (x, y) = at;
    match i % 4 {
        0 => Circle::new(at, 4, color.filled()).into_dyn(),
        1 => TriangleMarker::new(at, 6, color.filled()).into_dyn(),
        2 => Cross::new(at, 5, color.stroke_width(2)).into_dyn(),
        _ => Rectangle::new([(x - 4, y - 4), (x + 4, y + 4)], color.stroke_width(2)).into_dyn(),
    }
}

#[cfg(test)]
mod tests {
    use super::{definition, figure_names, y_axis, YAxis, DEFINITION_FIELDS, FRACTION_FIGURES};
    use crate::input::sweep::Sweep;

    #[test]
    fn a_fraction_has_a_linear_axis_from_0_to_1_however_far_apart_its_values() {
        for f in FRACTION_FIGURES {
            assert!(figure_names().contains(&f), "{f}");
            // Lines a thousandfold apart.
            assert_eq!(y_axis(f, &[0.001, 0.5, 0.9]), YAxis::Linear(1.0));
            assert_eq!(y_axis(f, &[]), YAxis::Linear(1.0));
        }
    }

    #[test]
    fn only_values_two_orders_of_magnitude_apart_take_a_log_axis() {
        assert_eq!(
            y_axis("cycles", &[100.0, 1e6]),
            YAxis::Log(100.0 / 1.5, 1.5e6)
        );
        assert_eq!(
            y_axis("cycles", &[2.0, 200.0]),
            YAxis::Log(2.0 / 1.5, 300.0)
        );
        // Fifty times: linear from 0, a twentieth above the highest.
        assert_eq!(y_axis("cycles", &[100.0, 5000.0]), YAxis::Linear(5250.0));
        // A zero has no place on a log axis.
        assert_eq!(
            y_axis("dram_read_bytes", &[0.0, 1e6]),
            YAxis::Linear(1.05e6)
        );
        assert_eq!(
            y_axis("atomic_queue_cycles", &[0.0, 0.0]),
            YAxis::Linear(1.0)
        );
    }

    #[test]
    fn a_shards_definition_has_the_fields_a_merge_compares() {
        let dir = std::env::temp_dir().join(format!("gpusim_definition_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("s.toml");
        let workload = concat!(env!("CARGO_MANIFEST_DIR"), "/../workloads/vector_add.toml");
        std::fs::write(
            &file,
            format!("name = \"s\"\nworkloads = [{workload:?}]\n[parameters]\n\"gpu.compute_units\" = [1, 2]\n"),
        )
        .unwrap();
        let recorded = definition(&Sweep::load(&file).unwrap());
        let mut fields: Vec<&str> = recorded.keys().map(String::as_str).collect();
        let mut want = DEFINITION_FIELDS.to_vec();
        fields.sort();
        want.sort();
        assert_eq!(fields, want);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
