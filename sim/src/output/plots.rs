//! Plots of a timed run, each as SVG and PNG (drawn with plotters; text in
//! the bundled DejaVu Sans, so no system font or library is needed). Every
//! title names the workload, the config and the cycles.
//!
//! - `stalls`: where the SIMDs' cycles went: issuing, stalled for each
//!   reason on SIMDs with unfinished waves, idle (none unfinished) and
//!   drain (every wave finished, its stores and atomics not yet), each
//!   bar labelled with its share;
//! - `occupancy`: resident waves per CU over time as a heat map (a row per
//!   CU, with its colour scale), and their mean over the GPU against the
//!   capacity and the theoretical occupancy;
//! - `utilisation`: each unit's busy fraction over time, and the L2 atomic
//!   units' when atomics ran;
//! - `memory`: cache hit rates, DRAM bandwidth used against its peak, and
//!   the atomic units' figures.

use crate::console::plural;
use crate::output::png::PngBackend;
use crate::timing::{Report, Stall};
use plotters::coord::combinators::BindKeyPoints;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;
use std::sync::OnceLock;

/// What every plot's title names.
pub struct Title<'a> {
    pub workload: &'a str,
    pub config: &'a str,
    pub cycles: u64,
}

impl Title<'_> {
    /// The caption of plot `what` on a root `width` pixels wide, and its
    /// font size: the largest from 20 down to the labels' size at which it
    /// fits between the margins, with the config's label cut short
    /// (ending "...") when even that is too wide (a config named for three
    /// `--set` values takes a hundred characters).
    fn caption(&self, what: &str, width: u32) -> Result<(String, u32), String> {
        let room = width.saturating_sub(2 * MARGIN);
        let fits = |text: &str, size: u32| -> Result<bool, String> {
            let font = (FONT, size).into_font();
            Ok(font.box_size(text).map_err(err)?.0 <= room)
        };
        let text = self.text(what);
        for size in (LABEL_SIZE..=20).rev().step_by(2) {
            if fits(&text, size)? {
                return Ok((text, size));
            }
        }
        let chars: Vec<char> = self.config.chars().collect();
        for keep in (0..chars.len()).rev() {
            let config = format!("{}...", chars[..keep].iter().collect::<String>());
            let cut = Title {
                config: &config,
                ..*self
            }
            .text(what);
            if keep == 0 || fits(&cut, LABEL_SIZE)? {
                return Ok((cut, LABEL_SIZE));
            }
        }
        Ok((text, LABEL_SIZE))
    }

    fn text(&self, what: &str) -> String {
        let config = if self.config.is_empty() {
            String::new()
        } else {
            format!(" on {}", self.config)
        };
        format!(
            "{what}: {}{config}, {} cycles",
            self.workload,
            grouped(self.cycles)
        )
    }
}

/// The plots' size in pixels (a compare or sweep chart's is wider for its
/// legend, taller for a long one).
pub const SIZE: (u32, u32) = (1000, 520);
pub const FONT: &str = "sans-serif";
/// Pixels right of the occupancy heat map for its colour scale.
const SCALE_ROOM: u32 = 70;
/// Pixels between a run plot's edges and its chart.
const MARGIN: u32 = 14;

/// The size of labels and legends. Font sizes are even: the bitmap
/// backend places each glyph at half the size from its top, truncated, so
/// at an odd size a full stop or comma sat a pixel above the digits'
/// baseline, where it read as a raised dot ("76·7%").
pub const LABEL_SIZE: u32 = 12;

/// The plots, by file name.
const PLOTS: [&str; 4] = ["stalls", "occupancy", "utilisation", "memory"];

fn draw<DB: DrawingBackend>(
    name: &str,
    root: &DrawingArea<DB, Shift>,
    report: &Report,
    title: &Title,
) -> Result<(), String> {
    match name {
        "stalls" => stalls(root, report, title),
        "occupancy" => occupancy(root, report, title),
        "utilisation" => utilisation(root, report, title),
        _ => memory(root, report, title),
    }
}

/// Registers the bundled font under "sans-serif" (once).
pub fn load_font() -> Result<(), String> {
    static FONT_LOADED: OnceLock<Result<(), String>> = OnceLock::new();
    FONT_LOADED
        .get_or_init(|| {
            plotters::style::register_font(FONT, FontStyle::Normal, dejavu::sans::regular())
                .map_err(|_| "plotting: the bundled font does not load".to_string())
        })
        .clone()
}

/// Writes every plot as `<name>.svg` and `<name>.png` into `dir`.
pub fn write_all(report: &Report, title: &Title, dir: &Path) -> Result<(), String> {
    load_font()?;
    for name in PLOTS {
        let plot = RunPlot {
            name,
            report,
            title,
        };
        write_svg_and_png(&plot, dir, name, SIZE)?;
    }
    Ok(())
}

/// A chart that can be drawn on any of plotters' backends.
pub trait Chart {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String>;
}

/// One of a timed run's plots (`PLOTS`).
struct RunPlot<'a> {
    name: &'a str,
    report: &'a Report,
    title: &'a Title<'a>,
}

impl Chart for RunPlot<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        draw(self.name, root, self.report, self.title)
    }
}

/// Draws `chart` into `dir/<stem>.svg` and `dir/<stem>.png`, `size`
/// pixels, and writes both files; a failure names the file.
pub fn write_svg_and_png(
    chart: &impl Chart,
    dir: &Path,
    stem: &str,
    size: (u32, u32),
) -> Result<(), String> {
    let svg = dir.join(format!("{stem}.svg"));
    let area = SVGBackend::new(&svg, size).into_drawing_area();
    chart
        .draw(&area)
        .map_err(|e| format!("{}: {e}", svg.display()))?;
    present(&area, &svg)?;
    drop(area);
    let png = dir.join(format!("{stem}.png"));
    let area = PngBackend::new(&png, size).into_drawing_area();
    chart
        .draw(&area)
        .map_err(|e| format!("{}: {e}", png.display()))?;
    present(&area, &png)
}

/// Writes the plot drawn on `area` to its file, `path`. A failure names
/// the file and says what went wrong in plain words: plotters' own text
/// for a PNG is Rust debug output (`ImageError(IoError(Custom { .. }))`).
fn present<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, path: &Path) -> Result<(), String>
where
    DB::ErrorType: 'static,
{
    area.present()
        .map_err(|e| format!("{}: {}", path.display(), drawing_error_text(&e)))
}

/// The cause of a plotters error, without its wrappers' words.
fn drawing_error_text<E: std::error::Error + Send + Sync + 'static>(
    e: &DrawingAreaErrorKind<E>,
) -> String {
    use plotters::drawing::DrawingAreaErrorKind::BackendError;
    use plotters_backend::DrawingErrorKind;
    use plotters_bitmap::BitMapBackendError;
    match e {
        BackendError(DrawingErrorKind::DrawingError(cause)) => {
            match (cause as &dyn std::any::Any).downcast_ref::<BitMapBackendError>() {
                Some(BitMapBackendError::IOError(io)) => io.to_string(),
                // The image crate's text of an I/O error is the I/O error's.
                Some(BitMapBackendError::ImageError(image)) => image.to_string(),
                Some(BitMapBackendError::InvalidBuffer) => "the pixel buffer is invalid".into(),
                None => cause.to_string(),
            }
        }
        BackendError(DrawingErrorKind::FontError(font)) => format!("font: {font}"),
        other => other.to_string(),
    }
}

fn err(e: impl std::fmt::Display) -> String {
    format!("plotting: {e}")
}

/// An axis label as short as its value allows: a whole number without a
/// decimal point ("10": "10.000", beside grouped thousands such as
/// "10 000", reads as ten thousand), any other to four significant digits
/// without trailing zeros ("0.25", "0.01", "1.005"), the digits before the
/// point grouped in threes either way.
pub fn axis_number(v: f64) -> String {
    // Four significant digits tell apart the evenly spaced labels of a
    // log axis spanning little more than a factor of ten and drop the
    // float noise of computed ticks (0.30000000000000004).
    let decimals = match v {
        0.0 => 0,
        _ => (3 - v.abs().log10().floor() as i32).max(0) as usize,
    };
    let text = format!("{:.*}", decimals, v.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let fraction = fraction.trim_end_matches('0');
    let sign = if v < 0.0 { "-" } else { "" };
    let point = if fraction.is_empty() { "" } else { "." };
    format!("{sign}{}{point}{fraction}", grouped_digits(whole))
}

/// A whole number with its digits in groups of three ("25 000 000"), as
/// counts of cycles and events are easiest to read. Spaced, not
/// comma-separated: at the plots' size a comma reads as the decimal point
/// of the ratios ("0.25") other axes show.
pub fn grouped(v: u64) -> String {
    grouped_digits(&v.to_string())
}

/// `digits` in groups of three from the right, spaced.
fn grouped_digits(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(d);
    }
    out
}

/// Pixels left above and below each bar of a bar chart, so that
/// neighbouring bars read as separate.
const BAR_GAP: u32 = 6;

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// SIMD-cycles issuing, stalled per reason (SIMDs with waves), and idle.
fn stalls<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &Report,
    title: &Title,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    // (label, SIMD-cycles, colour, whether they are busy ones: issuing or
    // stalled with an unfinished wave).
    let mut bars: Vec<(String, u64, RGBColor, bool)> = vec![(
        "issue".into(),
        report.simd_cycles.iter().map(|s| s.issue).sum(),
        RGBColor(46, 139, 87),
        true,
    )];
    for s in Stall::ALL {
        let total = report
            .simd_cycles
            .iter()
            .map(|v| v.stalls[s as usize])
            .sum();
        let (label, color, busy) = match s {
            Stall::NoWave => ("idle (no wave)", RGBColor(160, 160, 160), false),
            Stall::Drain => ("drain (all done)", RGBColor(110, 110, 110), false),
            _ => (s.name(), RGBColor(200, 70, 60), true),
        };
        bars.push((label.to_string(), total, color, busy));
    }
    let all: u64 = bars.iter().map(|b| b.1).sum::<u64>().max(1);
    let busy: u64 = bars.iter().filter(|b| b.3).map(|b| b.1).sum::<u64>().max(1);
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let n = bars.len();
    let (caption, size) = title.caption("SIMD cycles", root.dim_in_pixel().0)?;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FONT, size))
        .margin(MARGIN)
        .x_label_area_size(50)
        .y_label_area_size(150)
        .build_cartesian_2d(0u64..max + max / 2 + 1, (0..n - 1).into_segmented())
        .map_err(err)?;
    let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .x_desc(
            "SIMD-cycles (green: issuing; red: stalled with unfinished waves; grey: none unfinished; dark grey: all finished, stores and atomics draining)",
        )
        .x_label_formatter(&|x| grouped(*x))
        .label_style((FONT, 14))
        .draw()
        .map_err(err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, v, color, _))| {
            let mut bar = Rectangle::new(
                [
                    (0, SegmentValue::Exact(i)),
                    (*v, SegmentValue::Exact(i + 1)),
                ],
                color.mix(0.75).filled(),
            );
            bar.set_margin(BAR_GAP, BAR_GAP, 0, 0);
            bar
        }))
        .map_err(err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, v, _, counts_busy))| {
            let share = if *counts_busy {
                format!(
                    "{} of all, {} of busy",
                    percent(*v as f64 / all as f64),
                    percent(*v as f64 / busy as f64)
                )
            } else {
                format!("{} of all", percent(*v as f64 / all as f64))
            };
            Text::new(
                format!("{} ({share})", grouped(*v)),
                (*v, SegmentValue::CenterOf(i)),
                (FONT, LABEL_SIZE).into_font(),
            )
        }))
        .map_err(err)?;
    Ok(())
}

/// Resident waves per CU over time (heat map) and over the GPU (line).
fn occupancy<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &Report,
    title: &Title,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let t = &report.timeline;
    let bins = t.bins();
    let cus = t.resident.len();
    let capacity = report.wave_slots_per_cu() as f64;
    let theoretical = report.theoretical_waves_per_cu() as f64;
    let end = t.end.max(1) as f64;
    // Mean resident waves of CU `c` in bin `b`.
    let mean = |c: usize, b: usize| {
        let (_, len) = t.bin_span(b);
        t.resident[c][b] as f64 / len as f64
    };
    let (upper, lower) = root.split_vertically(SIZE.1 * 3 / 5);
    let (caption, size) = title.caption("Resident waves per CU", upper.dim_in_pixel().0)?;
    let mut heat = ChartBuilder::on(&upper)
        .caption(caption, (FONT, size))
        .margin(10)
        // Room for the colour scale on the right.
        .margin_right(SCALE_ROOM)
        .x_label_area_size(30)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..end, 0f64..cus as f64)
        .map_err(err)?;
    let shade = |level: f64| HSLColor(0.6, 0.8, 0.97 - 0.62 * level.clamp(0.0, 1.0));
    heat.configure_mesh()
        .disable_mesh()
        .x_desc("cycle")
        .y_desc("CU")
        .y_labels(0)
        .x_label_formatter(&|x| grouped(x.round() as u64))
        .label_style((FONT, LABEL_SIZE))
        .draw()
        .map_err(err)?;
    heat.draw_series((0..cus).flat_map(|c| {
        (0..bins).map(move |b| {
            let x0 = (b as u64 * t.bin_cycles) as f64;
            let x1 = (((b + 1) as u64 * t.bin_cycles) as f64).min(end);
            Rectangle::new(
                [(x0, c as f64), (x1, c as f64 + 1.0)],
                shade(mean(c, b) / capacity).filled(),
            )
        })
    }))
    .map_err(err)?;
    // A label at the middle of a row, for at most 16 evenly spaced CUs.
    let label_every = cus.div_ceil(16);
    for c in (0..cus).step_by(label_every) {
        let (x, y) = heat.backend_coord(&(0.0, c as f64 + 0.5));
        upper
            .draw(&Text::new(
                c.to_string(),
                (x - 12 - 7 * c.to_string().len() as i32, y - 7),
                (FONT, LABEL_SIZE).into_font(),
            ))
            .map_err(err)?;
    }
    // The colour scale: resident waves from 0 (bottom) to the capacity
    // (top), beside the map's right edge.
    let (xs, ys) = heat.plotting_area().get_pixel_range();
    let (left, top, bottom) = (xs.end + 14, ys.start, ys.end);
    let steps = 64;
    for i in 0..steps {
        let y = |k: i32| bottom - (bottom - top) * k / steps;
        upper
            .draw(&Rectangle::new(
                [(left, y(i + 1)), (left + 14, y(i))],
                shade((i as f64 + 0.5) / steps as f64).filled(),
            ))
            .map_err(err)?;
    }
    upper
        .draw(&Rectangle::new([(left, top), (left + 14, bottom)], BLACK))
        .map_err(err)?;
    let label = |text: String, y: i32| {
        Text::new(
            text,
            (left + 18, y),
            TextStyle::from((FONT, LABEL_SIZE).into_font()).pos(Pos::new(HPos::Left, VPos::Center)),
        )
    };
    upper
        .draw(&label(axis_number(capacity), top))
        .map_err(err)?;
    upper.draw(&label("0".into(), bottom)).map_err(err)?;
    upper
        .draw(&label("waves".into(), (top + bottom) / 2))
        .map_err(err)?;
    let mut line = ChartBuilder::on(&lower)
        .caption(
            format!(
                "Mean over the GPU (blue); capacity {capacity} waves per CU (black, darkest above); \
                 theoretical {theoretical}, occupancy {:.2} (red, over the black when equal)",
                theoretical / capacity.max(1.0)
            ),
            (FONT, 14),
        )
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..end, 0f64..capacity * 1.1)
        .map_err(err)?;
    line.configure_mesh()
        .x_desc("cycle")
        .x_label_formatter(&|x| grouped(x.round() as u64))
        .y_desc("waves per CU")
        .y_label_formatter(&|v| axis_number(*v))
        .label_style((FONT, LABEL_SIZE))
        .draw()
        .map_err(err)?;
    // Each bin's mean held across the bin, as the heat map above shows it:
    // a line through the bins' middles drew ramps where the waves changed
    // at once.
    let points = (0..bins).flat_map(|b| {
        let (start, len) = t.bin_span(b);
        let waves = (0..cus).map(|c| mean(c, b)).sum::<f64>() / cus.max(1) as f64;
        [
            (start as f64, waves),
            (((start + len) as f64).min(end), waves),
        ]
    });
    line.draw_series(LineSeries::new(points, BLUE.stroke_width(2)))
        .map_err(err)?;
    for (value, color) in [(capacity, BLACK), (theoretical, RED)] {
        line.draw_series(LineSeries::new(
            [(0.0, value), (end, value)],
            color.stroke_width(1),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Each unit's busy fraction over time, over every instance on every CU.
fn utilisation<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &Report,
    title: &Title,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let t = &report.timeline;
    let bins = t.bins();
    let end = t.end.max(1) as f64;
    // Each unit's line, then the L2's atomic units' when any worked (an
    // atomic-bound kernel's time is theirs, after its waves have gone).
    let atomics = report
        .atomic_unit_utilisation()
        .filter(|&u| u > 0.0)
        .map(|overall| {
            (
                "L2 atomic units".to_string(),
                &t.atomic_busy,
                report.atomic_units().max(1) as f64,
                overall,
            )
        });
    let units = report.unit_names().iter().enumerate().map(|(u, name)| {
        let instances = report.unit_instances(u).max(1) as f64;
        (
            name.clone(),
            &t.unit_busy[u],
            instances,
            report.unit_utilisation(u),
        )
    });
    let series: Vec<_> = units.chain(atomics).collect();
    let labels: Vec<String> = series
        .iter()
        .map(|(name, _, _, overall)| format!("{name} ({} overall)", percent(overall.min(1.0))))
        .collect();
    // The legend beside the lines, as a compare chart's: above them it
    // would take the axis's top half from a fully busy unit's line.
    // The caption is centred over the chart, left of the legend.
    let room = legend_room(&labels)?;
    let width = root.dim_in_pixel().0.saturating_sub(room);
    let (caption, size) = title.caption("Unit utilisation", width)?;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FONT, size))
        .margin(MARGIN)
        .margin_right(MARGIN + room)
        .x_label_area_size(40)
        .y_label_area_size(70)
        // In thousandths, a little above a fully busy unit so that its
        // line clears the frame. (Key points of a float axis leave it
        // without a label formatter in plotters.)
        .build_cartesian_2d(
            0f64..end,
            (0..1050).with_key_points(vec![0, 200, 400, 600, 800, 1000]),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("cycle")
        .x_label_formatter(&|x| grouped(x.round() as u64))
        .y_desc("busy fraction")
        .y_label_formatter(&|y| format!("{:.1}", f64::from(*y) / 1000.0))
        .label_style((FONT, LABEL_SIZE))
        .draw()
        .map_err(err)?;
    let mut legend: Vec<LegendRow<DB>> = Vec::new();
    for (i, ((_, busy_bins, instances, _), label)) in series.into_iter().zip(labels).enumerate() {
        let points = (0..bins).map(|b| {
            let (start, len) = t.bin_span(b);
            let x = (start as f64 + len as f64 / 2.0).min(end);
            let busy = (busy_bins[b] as f64 / (len as f64 * instances)).min(1.0);
            (x, (busy * 1000.0).round() as i32)
        });
        let color = series_colour(i);
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))
            .map_err(err)?;
        let sample = move |area: &DrawingArea<DB, Shift>, at| {
            let line = PathElement::new([(0, 0), (16, 0)], color.stroke_width(2));
            area.draw(&(EmptyElement::at(at) + line)).map_err(err)
        };
        legend.push((label, Box::new(sample)));
    }
    draw_legend_beside(root, chart.plotting_area().get_pixel_range(), legend)
}

/// The colour of series `i` of a chart (units, configs, sweep lines): dark
/// and saturated enough to read as a thin line on white, which plotters'
/// `Palette99` is not at every index (its third colour is a pale yellow).
/// Past the ten hues, each round of ten takes them darker, then paler,
/// so that a chart of up to 40 series repeats no colour.
pub fn series_colour(i: usize) -> RGBAColor {
    const COLOURS: [(u8, u8, u8); 10] = [
        (31, 119, 180),
        (214, 39, 40),
        (44, 160, 44),
        (255, 127, 14),
        (148, 103, 189),
        (140, 86, 75),
        (227, 119, 194),
        (127, 127, 127),
        (23, 190, 207),
        (188, 189, 34),
    ];
    // Per round: (share of the hue kept, the rest mixed with this grey).
    const ROUNDS: [(f64, f64); 4] = [(1.0, 0.0), (0.55, 0.0), (0.6, 190.0), (0.35, 0.0)];
    let (r, g, b) = COLOURS[i % COLOURS.len()];
    let (keep, grey) = ROUNDS[i / COLOURS.len() % ROUNDS.len()];
    let mix = |c: u8| (c as f64 * keep + grey * (1.0 - keep)).round() as u8;
    RGBColor(mix(r), mix(g), mix(b)).to_rgba()
}

/// Pixels of a chart's height outside its plotting area: the caption,
/// the margins and the x axis's labels.
const FRAME_HEIGHT: u32 = 110;

/// The height of the plotting area of a chart `height` pixels high (on
/// the small side: `FRAME_HEIGHT` is generous).
pub fn plotting_height(height: u32) -> u32 {
    height.saturating_sub(FRAME_HEIGHT).max(1)
}

/// Pixels of a legend's row (a row of a 12 or 13 pixel font measured 15
/// in the drawn charts).
const LEGEND_ROW: u32 = 16;
/// Pixels of a legend's frame above its rows, and below.
const LEGEND_PADDING: u32 = 12;

/// Pixels a legend of `rows` rows takes.
fn legend_height(rows: usize) -> u32 {
    2 * LEGEND_PADDING + LEGEND_ROW * rows as u32
}

/// Legend rows a chart grows for: past them (an image of about 2,000
/// pixels) the legend runs off the chart rather than the image growing on.
const MOST_LEGEND_ROWS: usize = 120;

/// Pixels between a chart's plotting area and the legend beside it.
const LEGEND_GAP: u32 = 12;
/// Pixels of a legend row's sample (a bar's colour, a line and its mark).
const LEGEND_SAMPLE: u32 = 30;
/// Pixels inside a legend's frame around its rows.
const LEGEND_MARGIN: u32 = 10;

/// The pixels a legend of `labels` takes beside a chart, the gap before
/// it included: its widest label, each row's sample and its frame. A
/// compare or sweep chart keeps it there, right of the plotting area,
/// where it hides no bar or line and leaves the y axis to the data.
pub fn legend_room(labels: &[impl AsRef<str>]) -> Result<u32, String> {
    let font = (FONT, LABEL_SIZE).into_font();
    let mut widest = 0;
    for label in labels {
        widest = widest.max(font.box_size(label.as_ref()).map_err(err)?.0);
    }
    Ok(LEGEND_GAP + LEGEND_SAMPLE + 2 * LEGEND_MARGIN + widest)
}

/// The image size of a compare or sweep chart whose plotting area and
/// axes take `width` pixels, with a legend of `labels` beside it: the
/// plots' usual height, or taller so that the legend fits beside the
/// plotting area (a sweep of several parameters over several workloads
/// draws dozens of lines), up to `MOST_LEGEND_ROWS`.
pub fn chart_size(width: u32, labels: &[impl AsRef<str>]) -> Result<(u32, u32), String> {
    let legend = legend_height(labels.len().min(MOST_LEGEND_ROWS));
    Ok((
        width + legend_room(labels)?,
        SIZE.1.max(FRAME_HEIGHT + legend),
    ))
}

/// A row of a legend: its label, and what draws its series' sample (a
/// bar's colour, a line and its mark) on an area, from a point at the
/// sample's left middle.
pub type LegendRow<'s, DB> = (
    String,
    Box<dyn Fn(&DrawingArea<DB, Shift>, (i32, i32)) -> Result<(), String> + 's>,
);

/// The legend of a compare or sweep chart, beside its plotting area (as
/// `get_pixel_range` gives it), in the room `legend_room` keeps: a
/// bordered box of `rows`, from the plotting area's top. Drawn on the
/// whole `root`: plotters' own legend keeps inside the plotting area.
pub fn draw_legend_beside<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    plotting: (std::ops::Range<i32>, std::ops::Range<i32>),
    rows: Vec<LegendRow<DB>>,
) -> Result<(), String> {
    let labels: Vec<&str> = rows.iter().map(|(label, _)| label.as_str()).collect();
    let left = plotting.0.end + LEGEND_GAP as i32;
    let right = plotting.0.end + legend_room(&labels)? as i32;
    let top = plotting.1.start;
    let bottom = top + legend_height(rows.len()) as i32;
    root.draw(&Rectangle::new(
        [(left, top), (right, bottom)],
        WHITE.filled(),
    ))
    .map_err(err)?;
    root.draw(&Rectangle::new([(left, top), (right, bottom)], BLACK))
        .map_err(err)?;
    let font =
        TextStyle::from((FONT, LABEL_SIZE).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, (label, sample)) in rows.into_iter().enumerate() {
        let y = top + (LEGEND_PADDING + LEGEND_ROW * i as u32 + LEGEND_ROW / 2) as i32;
        let x = left + LEGEND_MARGIN as i32;
        sample(root, (x, y))?;
        root.draw(&Text::new(
            label,
            (x + LEGEND_SAMPLE as i32, y),
            font.clone(),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Cache hit rates, DRAM bandwidth against peak, atomic-unit figures.
fn memory<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    report: &Report,
    title: &Title,
) -> Result<(), String> {
    root.fill(&WHITE).map_err(err)?;
    let f = report.memory_figures();
    // A rate with nothing to divide by is said so, without a bar: a cache
    // no access reached has no hit rate, not one of 0%.
    let shown = |v: f64, detail: String| (v, format!("{} ({detail})", percent(v)));
    let rate = |v: Option<f64>, detail: String, none: &str| match v {
        Some(v) => shown(v, detail),
        None => (0.0, none.to_string()),
    };
    let cache = |v, (hits, misses)| {
        let detail = format!(
            "{} {}, {} {}",
            grouped(hits),
            plural(hits, "hit", "hits"),
            grouped(misses),
            plural(misses, "miss", "misses")
        );
        rate(v, detail, "no accesses")
    };
    let bars = [
        ("L1 hit rate", cache(f.l1_hit_rate, f.l1)),
        ("L2 hit rate", cache(f.l2_hit_rate, f.l2)),
        (
            "DRAM bandwidth / peak",
            shown(
                f.dram_bandwidth_fraction,
                format!("{:.1} GB/s of {:.1} GB/s", f.dram_gbps, f.dram_peak_gbps),
            ),
        ),
        (
            "atomics serialised",
            rate(
                f.atomic_serialised_fraction,
                format!(
                    "{} operations, mean queue {:.1} cycles",
                    grouped(f.atomic_operations),
                    f.atomic_mean_queue.unwrap_or(0.0)
                ),
                "no atomic operations",
            ),
        ),
        (
            "L2 atomic units busy",
            rate(
                f.atomic_unit_utilisation,
                format!("{} units", grouped(f.atomic_units)),
                "no atomic operations",
            ),
        ),
    ];
    let n = bars.len();
    // The axis ends at 100%; each bar's figures are written after its end,
    // or inside it from its start when it is long.
    let (caption, size) = title.caption("Memory", root.dim_in_pixel().0)?;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FONT, size))
        .margin(MARGIN)
        .margin_right(40)
        .x_label_area_size(50)
        .y_label_area_size(190)
        .build_cartesian_2d(0f64..1.0, (0..n - 1).into_segmented())
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => bars.get(*i).map(|b| b.0.to_string()).unwrap_or_default(),
            _ => String::new(),
        })
        .x_labels(6)
        .x_label_formatter(&|x| percent(*x))
        .label_style((FONT, 14))
        .draw()
        .map_err(err)?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, (_, (v, _)))| {
            let mut bar = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i)),
                    (v.clamp(0.0, 1.0), SegmentValue::Exact(i + 1)),
                ],
                RGBColor(70, 110, 180).mix(0.75).filled(),
            );
            bar.set_margin(BAR_GAP, BAR_GAP, 0, 0);
            bar
        }))
        .map_err(err)?;
    for (i, (_, (v, label))) in bars.iter().enumerate() {
        // On the whole area, not the chart's, which would clip it at 100%.
        let at = if *v > 0.45 { 0.0 } else { v.clamp(0.0, 1.0) };
        let (x, y) = chart.backend_coord(&(at, SegmentValue::CenterOf(i)));
        root.draw(&Text::new(
            label.as_str(),
            (x + 6, y),
            (FONT, LABEL_SIZE).into_font(),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Whether `v` has a place on a logarithmic axis (a count or ratio does, but for
/// zero).
pub fn on_log_axis(v: f64) -> bool {
    v > 0.0 && v.is_finite()
}

/// The labelled values of a logarithmic axis from `low` to `high`: its
/// powers of ten, or if fewer than four lie on it 1, 2 and 5 times each,
/// or 1, 1.5, 2, 3, 5 and 7 times each (near evenly spaced on the axis, so
/// that the lowest bar of a chart has a label near it), or else (an axis
/// spanning less than a factor of five or so, as speedups near 1 do)
/// evenly spaced values, the widest step of 1, 2 or 5 times a power of
/// ten that puts four or more on it.
pub fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let first = low.log10().floor() as i32;
    let last = high.log10().ceil() as i32;
    let on_axis = |steps: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|e| steps.iter().map(move |s| s * 10f64.powi(e)))
            .filter(|v| (low..=high).contains(v))
            .collect()
    };
    let spaced = |step: f64| -> Vec<f64> {
        let from = (low / step).ceil() as i64;
        let to = (high / step).floor() as i64;
        (from..=to).map(|k| k as f64 * step).collect()
    };
    [
        vec![1.0],
        vec![1.0, 2.0, 5.0],
        vec![1.0, 1.5, 2.0, 3.0, 5.0, 7.0],
    ]
    .iter()
    .map(|steps| on_axis(steps))
    .chain(
        (first - 4..=last)
            .rev()
            .flat_map(|e| [5.0, 2.0, 1.0].map(|m| m * 10f64.powi(e)))
            .map(spaced),
    )
    .find(|labels| labels.len() >= 4)
    .unwrap_or_else(|| vec![low, high])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plot_that_cannot_be_written_says_why_in_plain_words() {
        let dir = std::env::temp_dir().join(format!("gpusim-plot-error-{}", std::process::id()));
        // A folder where the file would go.
        for name in ["p.png", "p.svg"] {
            let path = dir.join(name);
            std::fs::create_dir_all(&path).unwrap();
            let e = if name.ends_with("png") {
                let area = PngBackend::new(&path, (8, 8)).into_drawing_area();
                area.fill(&WHITE).unwrap();
                present(&area, &path).unwrap_err()
            } else {
                let area = SVGBackend::new(&path, (8, 8)).into_drawing_area();
                area.fill(&WHITE).unwrap();
                present(&area, &path).unwrap_err()
            };
            let io = std::fs::File::create(&path).unwrap_err();
            assert_eq!(e, format!("{}: {io}", path.display()));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_log_axis_has_two_labels_or_more_however_narrow() {
        // From the compare charts' ranges: one value v gives v / 1.5 to
        // about 1.07 v; a spread gives more.
        for (low, high, least) in [
            (1091.3, 1750.0, 2),
            (1000.0 / 1.5, 1070.0, 2),
            (0.5, 1.2, 2),
            (100.0, 1e6, 4),
            (2.0, 9.0, 4),
            (0.84, 1.1, 4),
        ] {
            let labels = log_ticks(low, high);
            assert!(labels.len() >= least, "{low}..{high}: {labels:?}");
            assert!(
                labels.iter().all(|v| (low..=high).contains(v)),
                "{labels:?}"
            );
            assert!(labels.windows(2).all(|p| p[0] < p[1]), "{labels:?}");
        }
        // Speedups from 0.25 to 1.2 (a trial's bar at 0.277): a label in
        // the axis's lowest quarter, not evenly spaced ones from 0.4 up.
        let labels = log_ticks(0.25, 1.2);
        let quarter = 0.25 * (1.2f64 / 0.25).powf(0.25);
        assert!(labels[0] <= quarter, "{labels:?}");
        // Speedups from 0.84 to 1.1: labels on both sides of 1, evenly
        // spaced.
        let labels = log_ticks(0.84, 1.1);
        assert!(labels.iter().any(|&v| v > 1.0) && labels.iter().any(|&v| v < 1.0));
        let steps: Vec<f64> = labels.windows(2).map(|p| p[1] - p[0]).collect();
        assert!(
            steps.iter().all(|s| (s - steps[0]).abs() < 1e-9),
            "{labels:?}"
        );
    }

    #[test]
    fn a_chart_grows_so_that_its_legend_fits_beside_it() {
        load_font().unwrap();
        for rows in [1, 4, 10, 22, 30, 60] {
            let labels: Vec<String> = (0..rows).map(|i| format!("workload {i}")).collect();
            let (width, height) = chart_size(1000, &labels).unwrap();
            // As wide as the chart and its legend: the sample, the
            // margins and the gap, and the widest label, whose text is
            // some pixels a character.
            let room = legend_room(&labels).unwrap();
            assert_eq!(width, 1000 + room, "{rows} rows");
            let text = room - LEGEND_GAP - LEGEND_SAMPLE - 2 * LEGEND_MARGIN;
            let chars = labels.iter().map(String::len).max().unwrap() as u32;
            assert!((4 * chars..=10 * chars).contains(&text), "{text} px");
            // As tall as the usual plots, or as the legend needs.
            assert!(height >= 520, "{rows} rows");
            let legend = 24 + 16 * rows as u32;
            assert!(legend <= height - FRAME_HEIGHT, "{rows} rows: {height} px");
            assert!(height == 520 || legend == height - FRAME_HEIGHT);
        }
        // A longer label widens the legend, the chart with it.
        let short = chart_size(1000, &["ab"]).unwrap().0;
        assert!(chart_size(1000, &["ab", "abcdefgh"]).unwrap().0 > short);
        // A thousand lines do not make a 16,000-pixel image.
        let many: Vec<String> = (0..1000).map(|i| i.to_string()).collect();
        let most = &many[..MOST_LEGEND_ROWS];
        assert_eq!(
            chart_size(1000, &many).unwrap().1,
            chart_size(1000, most).unwrap().1
        );
        assert!(chart_size(1000, &many).unwrap().1 <= 2100);
    }

    #[test]
    fn a_caption_fits_its_plot_smaller_then_cut() {
        load_font().unwrap();
        let width = |text: &str, size: u32| (FONT, size).into_font().box_size(text).unwrap().0;
        let title = |config| Title {
            workload: "va_20",
            config,
            cycles: 390_352,
        };
        let (text, size) = title("gcn-like").caption("Memory", SIZE.0).unwrap();
        assert_eq!(
            (text.as_str(), size),
            ("Memory: va_20 on gcn-like, 390 352 cycles", 20)
        );
        // Three settings: smaller, whole.
        let three = "gcn-like (cu.scheduler=round_robin, gpu.compute_units=4, memory.dram.bytes_per_cycle=32)";
        let (text, size) = title(three).caption("SIMD cycles", SIZE.0).unwrap();
        assert!(size < 20 && text.contains(three), "{size} {text}");
        assert!(width(&text, size) <= SIZE.0 - 2 * MARGIN);
        // Ten: the config cut, the cycles kept.
        let ten = format!("gcn-like ({})", ["memory.l2.latency=300"; 10].join(", "));
        let (text, size) = title(&ten).caption("SIMD cycles", SIZE.0).unwrap();
        assert_eq!(size, LABEL_SIZE);
        assert!(
            text.contains("...") && text.ends_with(", 390 352 cycles"),
            "{text}"
        );
        assert!(width(&text, size) <= SIZE.0 - 2 * MARGIN);
        assert!(
            width(&text, size) > SIZE.0 - 2 * MARGIN - 20,
            "cut no shorter than needed"
        );
    }

    #[test]
    fn counts_are_grouped_in_threes() {
        let cases = [
            (0, "0"),
            (7, "7"),
            (999, "999"),
            (1_000, "1 000"),
            (25_000_000, "25 000 000"),
            (u64::MAX, "18 446 744 073 709 551 615"),
        ];
        for (v, text) in cases {
            assert_eq!(grouped(v), text);
        }
    }

    #[test]
    fn axis_labels_are_grouped_whole_numbers_or_decimals_without_trailing_zeros() {
        let cases = [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (10.0, "10"),
            (100.0, "100"),
            (1_000.0, "1 000"),
            (100_000.0, "100 000"),
            (25_000_000.0, "25 000 000"),
            (-12_345.4, "-12 345"),
            (1_234.567_8, "1 235"),
            (12.5, "12.5"),
            (-0.5, "-0.5"),
            (0.25, "0.25"),
            (0.84, "0.84"),
            (0.05, "0.05"),
            (0.01, "0.01"),
            (1.005, "1.005"),
            (0.1 + 0.2, "0.3"),
            (9.99996, "10"),
            // Ticks of a tiny ratio stay apart.
            (0.00012, "0.00012"),
            (0.00024, "0.00024"),
        ];
        for (v, text) in cases {
            assert_eq!(axis_number(v), text, "{v}");
        }
    }

    #[test]
    fn a_log_axis_labels_each_tick_apart_and_as_its_value() {
        // The ranges of the trial's plots: times from 7 to 190 000 us,
        // IPCs from 0.01 to 11, speedups from 0.5 to 25; and a narrow one.
        for (low, high) in [(4.8, 290_000.0), (0.0075, 17.0), (0.4, 28.0), (0.84, 1.1)] {
            let ticks = log_ticks(low, high);
            let labels: Vec<String> = ticks.iter().map(|&v| axis_number(v)).collect();
            for (v, label) in ticks.iter().zip(&labels) {
                let read: f64 = label.replace(' ', "").parse().unwrap();
                assert!((read - v).abs() <= 1e-9 * v, "{v} labelled {label}");
            }
            let mut distinct = labels.clone();
            distinct.dedup();
            assert_eq!(distinct, labels);
        }
    }

    #[test]
    fn forty_series_get_forty_colours_that_read_on_white() {
        let colours: Vec<(u8, u8, u8)> = (0..40)
            .map(|i| {
                let c = series_colour(i);
                (c.0, c.1, c.2)
            })
            .collect();
        for (i, a) in colours.iter().enumerate() {
            // Relative luminance (sRGB weights, no gamma: a coarse test);
            // white is 255. A thin line needs clearly less.
            let luminance = 0.2126 * a.0 as f64 + 0.7152 * a.1 as f64 + 0.0722 * a.2 as f64;
            assert!(luminance < 200.0, "series {i}: {a:?} is too pale");
            for (j, b) in colours.iter().enumerate().skip(i + 1) {
                let distance = (a.0 as i32 - b.0 as i32).abs()
                    + (a.1 as i32 - b.1 as i32).abs()
                    + (a.2 as i32 - b.2 as i32).abs();
                assert!(distance >= 30, "series {i} {a:?} and {j} {b:?} look alike");
            }
        }
    }
}
