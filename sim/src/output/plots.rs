//! Plots of a timed run, as SVG: resident waves per CU over time, and where
//! the SIMDs' cycles went (issuing, or stalled for each reason).

use crate::timing::{Report, Stall};
use plotters::prelude::*;

/// Resident waves on each CU over the run, from the occupancy trace.
pub fn occupancy_svg(report: &Report) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let trace = &report.occupancy_trace;
        let cus = trace.iter().map(|r| r.cu).max().map_or(0, |c| c + 1);
        let max_waves = trace.iter().map(|r| r.waves).max().unwrap_or(0).max(1);
        let end = report.cycles.max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Resident waves per compute unit", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(44)
            .build_cartesian_2d(0u64..end, 0u32..max_waves + 1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("cycle")
            .y_desc("waves")
            .draw()
            .map_err(err)?;
        for cu in 0..cus {
            // A step line: each record holds until the CU's next one.
            let mut points = Vec::new();
            let mut last = 0;
            for r in trace.iter().filter(|r| r.cu == cu) {
                points.push((r.cycle, last));
                points.push((r.cycle, r.waves));
                last = r.waves;
            }
            points.push((end, last));
            let color = Palette99::pick(cu as usize);
            chart
                .draw_series(LineSeries::new(points, color.stroke_width(2)))
                .map_err(err)?
                .label(format!("CU {cu}"))
                .legend(move |(x, y)| {
                    PathElement::new([(x, y), (x + 16, y)], color.stroke_width(2))
                });
        }
        if cus <= 16 {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// SIMD cycles spent issuing and stalled, by reason, summed over all SIMDs.
pub fn stalls_svg(report: &Report) -> Result<String, String> {
    let mut bars: Vec<(String, u64)> = vec![("issue".into(), report.issue_cycles.iter().sum())];
    for s in Stall::ALL {
        let total = report.stalls.iter().map(|v| v[s as usize]).sum();
        bars.push((s.name().into(), total));
    }
    let max = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let n = bars.len() as u32;
        let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
        let mut chart = ChartBuilder::on(&root)
            .caption("SIMD cycles: issuing and stall reasons", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(70)
            .build_cartesian_2d(0u32..n, 0u64..max + max / 10 + 1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n as usize)
            .x_label_formatter(&|i| labels.get(*i as usize).cloned().unwrap_or_default())
            .y_desc("SIMD-cycles")
            .draw()
            .map_err(err)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, v))| {
                let i = i as u32;
                let color = if i == 0 { GREEN } else { RED };
                Rectangle::new([(i, 0), (i + 1, *v)], color.mix(0.6).filled())
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

fn err(e: impl std::fmt::Display) -> String {
    format!("plotting: {e}")
}
