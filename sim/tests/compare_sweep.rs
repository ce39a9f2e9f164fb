//! `gpusim compare` and `gpusim sweep`, run as users run them.

use std::path::{Path, PathBuf};

mod common;
use common::{column, csv_rows, gpusim, printed as text, root};

#[test]
fn native_against_emulated_mid3_shows_the_cycles_and_identical_results() {
    let d = common::scratch("compare-sweep", "mid3");
    let emulated = d.join("emulated.toml");
    std::fs::write(
        &emulated,
        "inherit = \"gcn\"\n[emulate]\ntrinary_minmax = true\n",
    )
    .unwrap();
    let results = d.join("results");
    let o = gpusim(&[
        "compare",
        "--config",
        "gcn",
        "--config",
        emulated.to_str().unwrap(),
        "workloads/micro_emulation/mid3_chain.toml",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("identical"), "{}", text(&o));
    let folder = results.join("compare");
    for f in [
        "compare.md",
        "compare.csv",
        "cycles.svg",
        "cycles.png",
        "speedup.svg",
        "speedup.png",
        "emulated.config.toml",
    ] {
        assert!(folder.join(f).is_file(), "{f}");
    }
    let rows = csv_rows(&folder.join("compare.csv"));
    assert_eq!(rows.len(), 3, "a header and one row per config");
    let (cycles, speedup, config) = (
        column(&rows, "cycles"),
        column(&rows, "speedup"),
        column(&rows, "config"),
    );
    assert_eq!(rows[1][config], "gcn-like");
    assert_eq!(rows[2][config], "emulated");
    // The first config's own speedup, written as the other figures are.
    assert_eq!(rows[1][speedup], "1.0");
    let native: f64 = rows[1][cycles].parse().unwrap();
    let emulated_cycles: f64 = rows[2][cycles].parse().unwrap();
    assert!(emulated_cycles > native, "emulating mid3 costs cycles");
    let s: f64 = rows[2][speedup].parse().unwrap();
    // As computed: the CSV keeps every digit, the table shows four.
    assert_eq!(s, native / emulated_cycles, "{s}");
    assert_eq!(rows[2][column(&rows, "results")], "identical");
    // mid3_chain has no [[check]].
    assert_eq!(rows[2][column(&rows, "checks")], "no checks");
    // The cycles on a linear axis from 0 (its labels evenly spaced), each
    // bar labelled with its run's cycles; the speedups on a logarithmic
    // one, said so, with at least four labels: powers of ten or their
    // 1-2-5 multiples, or on an axis as narrow as two runs 1.4x apart
    // give, the whole multiples of one step of 1, 2 or 5 times a power of
    // ten. The speedups' reaches from below the emulated run's speedup to
    // above the native run's 1.
    let one_two_five = |v: f64| {
        let mantissa = v / 10f64.powf(v.log10().floor());
        [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-9)
    };
    let evenly = |labels: &[f64]| {
        let step = labels[1] - labels[0];
        labels.windows(2).all(|p| (p[1] - p[0] - step).abs() < 1e-9)
    };
    let svg = std::fs::read_to_string(folder.join("cycles.svg")).unwrap();
    let labels = y_labels(&svg);
    assert_eq!(labels[0], 0.0, "{labels:?}");
    assert!(labels.len() >= 4 && evenly(&labels), "{labels:?}");
    assert!(!svg.contains("log scale"));
    assert_eq!(
        bar_labels(&svg),
        [rows[1][cycles].as_str(), rows[2][cycles].as_str()]
    );
    let svg = std::fs::read_to_string(folder.join("speedup.svg")).unwrap();
    assert!(svg.contains("speedup (log scale)"));
    let labels = y_labels(&svg);
    assert!(labels.len() >= 4, "{labels:?}");
    let step = labels[1] - labels[0];
    let multiples = one_two_five(step)
        && labels.iter().all(|v| {
            let k = v / step;
            (k - k.round()).abs() < 1e-6
        });
    assert!(
        labels.iter().all(|&v| one_two_five(v)) || multiples,
        "{labels:?}"
    );
    assert!(labels.contains(&1.0), "{labels:?}");
    assert!(labels.iter().any(|&v| v <= s), "{s} {labels:?}");
    // Bars carry four significant digits (the speedup here is below 1).
    assert!(s > 0.1 && s < 1.0, "{s}");
    let four_digits = format!("{s:.4}").trim_end_matches('0').to_string();
    assert_eq!(bar_labels(&svg), ["1".to_string(), four_digits]);
    // The same with variants of one config.
    let o = gpusim(&[
        "compare",
        "--variant",
        "native:",
        "--variant",
        "emulated:emulate.trinary_minmax=true",
        "workloads/micro_emulation/mid3_chain.toml",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // The first comparison's folder is kept, and the output says so.
    assert!(
        text(&o).contains("compare-2 (") && text(&o).contains("exists; --force replaces it)"),
        "{}",
        text(&o)
    );
    let rows = csv_rows(&results.join("compare-2/compare.csv"));
    assert_eq!(
        rows[2][column(&rows, "cycles")],
        emulated_cycles.to_string()
    );
    assert_eq!(rows[1][column(&rows, "config")], "native");
}

/// A text an SVG chart writes: where (x, y), whether upright (turned to
/// read upwards), and what.
struct SvgText {
    x: f64,
    y: f64,
    upright: bool,
    body: String,
}

/// Every text of an SVG chart, in drawing order.
fn svg_texts(svg: &str) -> Vec<SvgText> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let (tag, rest) = t.split_once('>').unwrap();
            let attr = |name: &str| -> f64 {
                let value = tag.split(&format!(" {name}=\"")).nth(1).unwrap();
                value.split('"').next().unwrap().parse().unwrap()
            };
            SvgText {
                x: attr("x"),
                y: attr("y"),
                upright: tag.contains("rotate(270"),
                body: rest.split('<').next().unwrap().trim().to_string(),
            }
        })
        .collect()
}

/// The y axis's labels of an SVG chart (left of its plotting area), as
/// numbers (digits grouped in threes, or with decimals), lowest first.
fn y_labels(svg: &str) -> Vec<f64> {
    let mut labels: Vec<(f64, f64)> = svg_texts(svg)
        .into_iter()
        .filter(|t| t.x < 100.0 && !t.upright)
        .filter_map(|t| Some((t.body.replace(' ', "").parse().ok()?, t.y)))
        .collect();
    // Lowest on the page first: the axis rises.
    labels.sort_by(|a, b| b.1.total_cmp(&a.1));
    let values: Vec<f64> = labels.iter().map(|l| l.0).collect();
    assert!(values.windows(2).all(|p| p[0] < p[1]), "{labels:?}");
    values
}

/// The labels written upright on a compare chart's bars (right of the y
/// axis's, upright too), left to right (run by run), their digits'
/// grouping removed.
fn bar_labels(svg: &str) -> Vec<String> {
    let mut labels: Vec<SvgText> = svg_texts(svg)
        .into_iter()
        .filter(|t| t.upright && t.x > 100.0)
        .collect();
    labels.sort_by(|a, b| a.x.total_cmp(&b.x));
    labels.iter().map(|t| t.body.replace(' ', "")).collect()
}

#[test]
fn compare_csv_gives_each_units_utilisation_as_a_runs_summary_does() {
    let d = common::scratch("compare-sweep", "utilisation");
    let results = d.to_str().unwrap();
    let workload = "workloads/micro_emulation/mid3_chain.toml";
    let o = gpusim(&[
        "compare",
        "--variant",
        "gcn:",
        "--variant",
        "one:gpu.compute_units=1",
        workload,
        "--results",
        results,
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = gpusim(&["run", workload, "--results", results, "--quiet"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("mid3_chain/summary.json")).unwrap())
            .unwrap();
    let rows = csv_rows(&d.join("compare/compare.csv"));
    let units = summary["units"].as_object().unwrap();
    assert!(units.len() > 1);
    for (unit, figures) in units {
        let cell = &rows[1][column(&rows, &format!("{unit}_utilisation"))];
        assert_eq!(*cell, figures["utilisation"].to_string(), "{unit}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_manifest_for_another_subgroup_size_is_skipped_on_that_config() {
    // One manifest per wave size, as `run` skips them: on wave64 gcn the
    // w32 ones are skipped, on wave32 rdna the w64 ones; exit 0.
    let d = common::scratch("compare-sweep", "compare-subgroup-skip");
    let o = gpusim(&[
        "compare",
        "--config",
        "gcn",
        "--config",
        "rdna",
        "workloads/opencl_work_group",
        "--results",
        d.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let rows = csv_rows(&d.join("compare/compare.csv"));
    let (workload, config, results) = (
        column(&rows, "workload"),
        column(&rows, "config"),
        column(&rows, "results"),
    );
    let skipped: Vec<(&str, &str)> = rows[1..]
        .iter()
        .filter(|r| r[results] == "skipped")
        .map(|r| (r[workload].as_str(), r[config].as_str()))
        .collect();
    // Half the rows of the per-wave-size manifests, none of the others.
    let sized = rows[1..]
        .iter()
        .filter(|r| r[workload].ends_with("_w32") || r[workload].ends_with("_w64"))
        .count();
    assert!(sized > 0 && skipped.len() == sized / 2, "{rows:?}");
    assert!(
        skipped
            .iter()
            .all(|(w, c)| w.ends_with("_w32") == (*c == "gcn-like")),
        "{skipped:?}"
    );
    assert!(text(&o).contains("Skipped:"), "{}", text(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn different_results_exit_1_and_name_the_buffer_and_element() {
    let d = common::scratch("compare-sweep", "race");
    let o = gpusim(&[
        "compare",
        "--config",
        "gcn",
        "--config",
        "teaching",
        "sim/tests/kernels/race.toml",
        "--results",
        d.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("DIFFER") && t.contains("buffer out[0]"), "{t}");
}

#[test]
fn a_run_that_fails_is_a_row_of_its_own_and_the_others_are_written() {
    // 64 bytes of LDS: the kernel's workgroup no longer fits a CU.
    let d = common::scratch("compare-sweep", "failed-run");
    let o = gpusim(&[
        "compare",
        "--variant",
        "base:",
        "--variant",
        "tiny_lds:memory.lds.bytes=64",
        "workloads/opencl_local.toml",
        "--results",
        d.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let folder = d.join("compare");
    let rows = csv_rows(&folder.join("compare.csv"));
    assert_eq!(rows.len(), 3, "a header and one row per config");
    assert!(rows.iter().all(|r| r.len() == rows[0].len()), "{rows:?}");
    let (checks, results, cycles) = (
        column(&rows, "checks"),
        column(&rows, "results"),
        column(&rows, "cycles"),
    );
    assert_eq!(rows[1][checks], "passed");
    assert!(!rows[1][cycles].is_empty());
    assert_eq!(
        (rows[2][checks].as_str(), rows[2][results].as_str()),
        ("not run", "run failed")
    );
    let md = std::fs::read_to_string(folder.join("compare.md")).unwrap();
    assert!(
        md.contains("Some runs failed")
            && md.contains("does not fit on a compute unit (limited by lds: memory.lds.bytes = 64; it needs 12 VGPRs per wave, 1 wave, 256 bytes of LDS)"),
        "{md}"
    );
    let widths: Vec<usize> = md
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| l.matches('|').count())
        .collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{md}");
}

/// A run that failed is written as such on both charts, where its bar
/// would be; a speedup of 1 (no bar's length) still shows, as a mark
/// across the base line and its label.
#[test]
fn compare_charts_show_failed_runs_and_speedups_of_one() {
    let d = common::scratch("compare-sweep", "failed-chart");
    let o = gpusim(&[
        "compare",
        "--variant",
        "base:",
        "--variant",
        "again:",
        "--variant",
        "tiny_lds:memory.lds.bytes=64",
        "workloads/opencl_local.toml",
        "--results",
        d.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let folder = d.join("compare");
    let rows = csv_rows(&folder.join("compare.csv"));
    let (speedup, cycles) = (column(&rows, "speedup"), column(&rows, "cycles"));
    assert_eq!(
        (rows[2][speedup].as_str(), rows[3][speedup].as_str()),
        ("1.0", "")
    );
    let svg = std::fs::read_to_string(folder.join("cycles.svg")).unwrap();
    assert_eq!(
        bar_labels(&svg),
        [rows[1][cycles].as_str(), rows[2][cycles].as_str(), "failed"]
    );
    let svg = std::fs::read_to_string(folder.join("speedup.svg")).unwrap();
    assert_eq!(bar_labels(&svg), ["1", "1", "failed"]);
    // The height of 1 on the axis: its label's.
    let one = svg_texts(&svg)
        .into_iter()
        .find(|t| t.x < 100.0 && t.body == "1")
        .unwrap()
        .y;
    // Each config's colour, from its legend's sample (the rectangle drawn
    // just before its name); the runs of 1 have a mark of it, some
    // pixels high, across the height of 1.
    let rects: Vec<(f64, f64, String)> = svg
        .split("<rect")
        .skip(1)
        .map(|r| {
            let attr = |name: &str| {
                r.split(&format!(" {name}=\""))
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .to_string()
            };
            let (y, height): (f64, f64) =
                (attr("y").parse().unwrap(), attr("height").parse().unwrap());
            (y, y + height, attr("fill"))
        })
        .collect();
    for name in ["base", "again"] {
        let at = svg.find(&format!(">\n{name}\n<")).unwrap();
        let sample = &svg[..at].rsplit("<rect").next().unwrap();
        let colour = sample
            .split(" fill=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert!(
            rects.iter().any(|(top, bottom, fill)| fill == colour
                && bottom - top >= 3.0
                && (*top..=*bottom).contains(&one)),
            "{name}: no mark of {colour} across y = {one}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn compare_refuses_too_few_or_unnamed_configs() {
    for args in [
        vec![
            "compare",
            "--variant",
            "a/b:",
            "--variant",
            "c:",
            "workloads/vector_add.toml",
        ],
        vec![
            "compare",
            "--variant",
            ":",
            "--variant",
            "c:",
            "workloads/vector_add.toml",
        ],
        vec!["compare", "--config", "gcn", "workloads/vector_add.toml"],
        vec![
            "compare",
            "--config",
            "gcn",
            "--config",
            "gcn",
            "workloads/vector_add.toml",
        ],
        vec![
            "compare",
            "--variant",
            "a",
            "--variant",
            "b:",
            "workloads/vector_add.toml",
        ],
    ] {
        let o = gpusim(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    }
    // Two variants with one label: the fix named is the labels'.
    let o = gpusim(&[
        "compare",
        "--variant",
        "a:",
        "--variant",
        "a:cu.simds=2",
        "workloads/vector_add.toml",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("same name 'a'")
            && text(&o).contains("give each --variant its own label"),
        "{}",
        text(&o)
    );
}

/// Configs named for what `--set` changes (`gcn-like
/// (cu.scheduler=round_robin)`), on the command line or in a file `config
/// show` wrote, compare under those names; their files are named after
/// them, made file names.
#[test]
fn configs_named_for_their_overrides_compare_under_those_names() {
    let d = common::scratch("compare-sweep", "override-names");
    // The folder written and the config column of its CSV.
    let compare = |configs: &[&str], results: &str| {
        let results = d.join(results);
        let mut args = vec!["compare"];
        args.extend(configs);
        args.extend(["workloads/vector_add.toml", "--quiet", "--results"]);
        args.push(results.to_str().unwrap());
        let o = gpusim(&args);
        assert_eq!(o.status.code(), Some(0), "{configs:?}: {}", text(&o));
        let folder = results.join("compare");
        let rows = csv_rows(&folder.join("compare.csv"));
        let config = column(&rows, "config");
        let names: Vec<String> = rows[1..].iter().map(|r| r[config].clone()).collect();
        (folder, names)
    };
    let two = ["--config", "gcn", "--config", "rdna"];
    let (folder, names) = compare(&two, "bare");
    assert_eq!(names, ["gcn-like", "rdna-like"]);
    assert!(folder.join("gcn-like.config.toml").is_file());
    let mut set = two.to_vec();
    set.extend(["--set", "cu.scheduler=round_robin"]);
    let (folder, names) = compare(&set, "set");
    assert_eq!(
        names,
        [
            "gcn-like (cu.scheduler=round_robin)",
            "rdna-like (cu.scheduler=round_robin)"
        ]
    );
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(summary["compare"]["configs"], serde_json::json!(names));
    for (file, name) in [
        ("gcn-like_cu.scheduler_round_robin", &names[0]),
        ("rdna-like_cu.scheduler_round_robin", &names[1]),
    ] {
        let toml = std::fs::read_to_string(folder.join(format!("{file}.config.toml"))).unwrap();
        assert!(
            toml.contains(&format!("name = {name:?}"))
                && toml.contains("scheduler = \"round_robin\""),
            "{file}: {toml}"
        );
    }
    // A config file that `config show` wrote with its overrides' name.
    let o = gpusim(&["config", "show", "teaching", "--set", "cu.simds=4"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let r1 = d.join("r1.toml");
    std::fs::write(&r1, &o.stdout).unwrap();
    let file = ["--config", "teaching", "--config", r1.to_str().unwrap()];
    let (folder, names) = compare(&file, "file");
    assert_eq!(names, ["teaching", "teaching (cu.simds=4)"]);
    for f in ["teaching.config.toml", "teaching_cu.simds_4.config.toml"] {
        assert!(folder.join(f).is_file(), "{f}");
    }
    // A `|` in a name is escaped in compare.md's table, whose rows keep
    // the header's cells.
    let piped = d.join("piped.toml");
    std::fs::write(&piped, "inherit = \"gcn\"\nname = \"x|y\"\n").unwrap();
    let (folder, names) = compare(
        &["--config", "gcn", "--config", piped.to_str().unwrap()],
        "piped",
    );
    assert_eq!(names, ["gcn-like", "x|y"]);
    let table = std::fs::read_to_string(folder.join("compare.md")).unwrap();
    let cells = |line: &str| line.replace("\\|", "").matches('|').count();
    let lines: Vec<&str> = table.lines().take_while(|l| l.starts_with('|')).collect();
    assert_eq!(lines.len(), 4, "{table}");
    assert!(lines.iter().all(|l| cells(l) == cells(lines[0])), "{table}");
    assert!(lines[3].contains("| x\\|y |"), "{table}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn compare_takes_folders_of_manifests_and_names_amber_scripts_as_such() {
    let d = common::scratch("compare-sweep", "folders");
    let results = d.to_str().unwrap();
    let variants = ["--variant", "a:", "--variant", "b:gpu.compute_units=1"];
    let mut args = vec!["compare"];
    args.extend(variants);
    args.extend(["workloads/micro_emulation", "--results", results, "--quiet"]);
    let o = gpusim(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("mid3_chain"), "{}", text(&o));
    let mut args = vec!["compare"];
    args.extend(variants);
    args.extend(["workloads/amber/images.amber", "--results", results]);
    let o = gpusim(&args);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("images.amber: compare takes workload manifests (.toml)"),
        "{}",
        text(&o)
    );
    // And a sweep says so before any point runs.
    let script = root().join("workloads/amber/images.amber");
    let f = write_sweep(&d, "scripts", &[script], "\"gpu.compute_units\" = [1, 2]\n");
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("workloads[0]") && text(&o).contains("an Amber script"),
        "{}",
        text(&o)
    );
    assert!(!d.join("scripts").exists(), "nothing ran");
    // A folder of scripts only has no manifest for it.
    let scripts = root().join("workloads/amber");
    let f = write_sweep(
        &d,
        "scripts",
        &[scripts],
        "\"gpu.compute_units\" = [1, 2]\n",
    );
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("workloads[0]") && text(&o).contains("no workload manifest"),
        "{}",
        text(&o)
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn compare_refuses_a_workload_path_to_nothing_before_running_any() {
    let d = common::scratch("compare-sweep", "missing");
    let o = gpusim(&[
        "compare",
        "--config",
        "gcn",
        "--config",
        "rdna",
        "workloads/vector_add.toml",
        "workloads/nope.toml",
        "--results",
        d.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("workloads/nope.toml: no such file or folder"),
        "{}",
        text(&o)
    );
    assert!(!d.join("compare").exists(), "nothing ran");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_sweep_takes_a_folders_manifests_in_path_order() {
    // As compare and run do: every manifest under it, scripts passed over.
    let d = common::scratch("compare-sweep", "folder");
    let folder = d.join("manifests");
    std::fs::create_dir_all(folder.join("a")).unwrap();
    let manifest = common::vector_add_anywhere();
    for (file, name) in [("b.toml", "second"), ("a/x.toml", "first")] {
        let text = manifest.replace("name = \"vector_add\"", &format!("name = \"{name}\""));
        std::fs::write(folder.join(file), text).unwrap();
    }
    std::fs::copy(
        root().join("workloads/amber/float_atomic_min_max.amber"),
        folder.join("skipped.amber"),
    )
    .unwrap();
    let rows = sweep_rows(
        &d,
        "pair",
        std::slice::from_ref(&folder),
        "\"gpu.compute_units\" = [1, 2]\n",
        "",
    );
    let workload = column(&rows, "workload");
    // Written as the folder joined with each manifest's place in it.
    let written: Vec<String> = ["a/x.toml", "a/x.toml", "b.toml", "b.toml"]
        .iter()
        .map(|m| folder.join(m).display().to_string())
        .collect();
    let names: Vec<&str> = rows[1..].iter().map(|r| r[workload].as_str()).collect();
    assert_eq!(names, written, "{rows:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// `gpusim sweep FILE --results RESULTS --quiet`.
fn sweep(file: &Path, results: &Path) -> std::process::Output {
    gpusim(&[
        "sweep",
        file.to_str().unwrap(),
        "--results",
        results.to_str().unwrap(),
        "--quiet",
    ])
}

/// Runs a sweep called `rates` of `workloads` over `parameters` under
/// `d` with the L1 hit rate as its metric, and gives its points' rates as
/// the CSV writes them.
fn l1_hit_rates(d: &Path, workloads: &[PathBuf], parameters: &str) -> Vec<String> {
    let rows = sweep_rows(
        d,
        "rates",
        workloads,
        parameters,
        "metric = \"l1_hit_rate\"\n",
    );
    rows[1..]
        .iter()
        .map(|r| r[column(&rows, "l1_hit_rate")].clone())
        .collect()
}

/// Writes a sweep called `name` (`write_sweep`, with `head` put before
/// its keys), runs it under `d`, expects every point to run and pass, and
/// gives its CSV's rows, header first.
fn sweep_rows(
    d: &Path,
    name: &str,
    workloads: &[PathBuf],
    parameters: &str,
    head: &str,
) -> Vec<Vec<String>> {
    let f = write_sweep(d, name, workloads, parameters);
    let text_of = std::fs::read_to_string(&f).unwrap();
    std::fs::write(&f, format!("{head}{text_of}")).unwrap();
    let o = sweep(&f, d);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    csv_rows(&d.join(format!("{name}/sweep.csv")))
}

/// Writes `d/<name>.toml`, a sweep of `workloads` on gcn over the
/// `[parameters]` lines `parameters`, and returns its path.
fn write_sweep(d: &Path, name: &str, workloads: &[PathBuf], parameters: &str) -> PathBuf {
    let f = d.join(format!("{name}.toml"));
    let list: Vec<String> = workloads
        .iter()
        .map(|w| format!("{:?}", w.display().to_string()))
        .collect();
    std::fs::write(
        &f,
        format!(
            "name = \"{name}\"\nbase = \"gcn\"\nworkloads = [{}]\n[parameters]\n{parameters}",
            list.join(", ")
        ),
    )
    .unwrap();
    f
}

fn sweep_file(d: &Path, extra: &str) -> PathBuf {
    let f = d.join("mid3.toml");
    let workload = root().join("workloads/micro_emulation/mid3_chain.toml");
    std::fs::write(
        &f,
        format!(
            "name = \"mid3\"\nbase = \"gcn\"\nworkloads = [\"{}\"]\n[parameters]\n\"gpu.compute_units\" = [4, 8, 16]\n\"cu.issue.valu\" = [1, 2, 4]\n{extra}",
            workload.display()
        ),
    )
    .unwrap();
    f
}

#[test]
fn a_sweep_gives_the_same_csv_bytes_at_any_thread_count_and_sharding() {
    let d = common::scratch("compare-sweep", "sweep");
    let f = sweep_file(&d, "");
    let f = f.to_str().unwrap();
    let run = |results: &str, extra: &[&str]| {
        let mut args = vec!["sweep", f, "--results", results, "--quiet"];
        args.extend(extra);
        let o = gpusim(&args);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", text(&o));
    };
    let one = d.join("one");
    let two = d.join("two");
    let shards = d.join("shards");
    run(one.to_str().unwrap(), &["--threads", "1"]);
    run(two.to_str().unwrap(), &["--threads", "2"]);
    for i in 0..3 {
        run(shards.to_str().unwrap(), &["--shard", &format!("{i}/3")]);
    }
    let a = std::fs::read(one.join("mid3/sweep.csv")).unwrap();
    let b = std::fs::read(two.join("mid3/sweep.csv")).unwrap();
    assert_eq!(a, b, "1 and 2 threads");
    // `gpusim sweep --merge` of the shards numbered `of` into `output`.
    let merge = |of: &[usize], output: &Path| {
        let mut args = vec!["sweep".to_string(), "--merge".to_string()];
        for i in of {
            let csv = shards.join(format!("mid3.shard-{i}-of-3/sweep.csv"));
            args.push(csv.display().to_string());
        }
        args.extend(["--output".to_string(), output.display().to_string()]);
        gpusim(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let merged = d.join("merged.csv");
    let o = merge(&[0, 1, 2], &merged);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(std::fs::read(&merged).unwrap(), a, "3 shards merged");
    assert!(text(&o).contains("merged 9 points into"), "{}", text(&o));
    // With the sweep file, the merge draws its plots beside the CSV, in a
    // folder it makes.
    let plotted = d.join("plotted");
    let mut args = vec!["sweep".to_string(), f.to_string(), "--merge".to_string()];
    for i in 0..3 {
        let csv = shards.join(format!("mid3.shard-{i}-of-3/sweep.csv"));
        args.push(csv.display().to_string());
    }
    args.extend([
        "--output".to_string(),
        plotted.join("mid3.csv").display().to_string(),
    ]);
    let o = gpusim(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(std::fs::read(plotted.join("mid3.csv")).unwrap(), a);
    for plot in [
        "cycles_vs_gpu_compute_units.png",
        "cycles_vs_cu_issue_valu.svg",
    ] {
        assert!(plotted.join(plot).is_file(), "{plot}");
    }
    // A sweep file with the same columns but other values is not the
    // shards': refused, nothing written.
    let other = d.join("other");
    std::fs::create_dir_all(&other).unwrap();
    let edited = std::fs::read_to_string(f)
        .unwrap()
        .replace("[4, 8, 16]", "[1, 2, 32]");
    let other_file = other.join("mid3.toml");
    std::fs::write(&other_file, edited).unwrap();
    args[1] = other_file.display().to_string();
    let n = args.len();
    args[n - 1] = other.join("mid3.csv").display().to_string();
    let o = gpusim(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("its points are not the shards'"),
        "{}",
        text(&o)
    );
    assert!(!other.join("mid3.csv").exists());
    let rows = csv_rows(&one.join("mid3/sweep.csv"));
    assert_eq!(rows.len(), 10, "a header and 9 points");
    assert!(one.join("mid3/cycles_vs_gpu_compute_units.png").is_file());
    assert!(one.join("mid3/cycles_vs_cu_issue_valu.svg").is_file());
    // A shard missing from the merge is named, the last one too.
    for (of, missing) in [(&[0][..], 1), (&[0, 1][..], 2)] {
        let o = merge(of, &d.join("partial.csv"));
        assert_eq!(o.status.code(), Some(2));
        let want = format!("point {missing} of 9 is in no shard");
        assert!(text(&o).contains(&want), "{}", text(&o));
    }
}

#[test]
fn a_merge_refuses_shards_of_different_sweeps() {
    // Two sweep files of one name and workload: their shards' columns and
    // point numbers fit together, the sweeps they ran do not.
    let d = common::scratch("compare-sweep", "other-sweep");
    let workloads = [root().join("workloads/vector_add.toml")];
    let sweep_in = |folder: &str, edit: &dyn Fn(String) -> String| {
        let dir = d.join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        let f = write_sweep(
            &dir,
            "s",
            &workloads,
            "\"gpu.compute_units\" = [1, 2, 4, 8]\n",
        );
        std::fs::write(&f, edit(std::fs::read_to_string(&f).unwrap())).unwrap();
        f
    };
    // Shard `i` of 2 of `file`, run into its folder; its CSV.
    let shard = |file: &Path, i: usize| {
        let results = file.parent().unwrap();
        let o = gpusim(&[
            "sweep",
            file.to_str().unwrap(),
            "--shard",
            &format!("{i}/2"),
            "--results",
            results.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        results.join(format!("s.shard-{i}-of-2/sweep.csv"))
    };
    let first = shard(&sweep_in("gcn", &|t| t), 0);
    let rdna = sweep_in("rdna", &|t| {
        t.replace("\"gcn\"", "\"rdna\"")
            .replace("[1, 2, 4, 8]", "[16, 32, 64, 128]")
    });
    let other_values = sweep_in("values", &|t| t.replace("8]", "9]"));
    let merged = d.join("merged.csv");
    for (second, want) in [
        (shard(&rdna, 1), "base = \"gcn\" and \"rdna\""),
        (
            shard(&other_values, 1),
            "parameters.\"gpu.compute_units\" = [1,2,4,8] and [1,2,4,9]",
        ),
    ] {
        let o = gpusim(&[
            "sweep",
            "--merge",
            first.to_str().unwrap(),
            second.to_str().unwrap(),
            "--output",
            merged.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        let said = format!(
            "{} and {} are shards of different sweeps: their summary.json give {want}",
            first.display(),
            second.display()
        );
        assert!(text(&o).contains(&said), "{}", text(&o));
        assert!(!merged.exists(), "nothing merged");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_sweep_file_is_checked_before_any_point_runs() {
    let d = common::scratch("compare-sweep", "checked");
    for (extra, want) in [
        ("metric = \"nope\"\n", "metric = \"nope\" is not a figure"),
        (
            "metric = \"occupancy_limiter\"\n",
            "metric = \"occupancy_limiter\" is a column of words",
        ),
        (
            "set = [\"gpu.compute_unitz=1\"]\n",
            "base and set: --set gpu.compute_unitz=1",
        ),
        // A parameter (after the others, in [parameters]).
        (
            "\"cu.issue.per_simd\" = [1, 2, 1]\n",
            "parameters.\"cu.issue.per_simd\" gives 1 twice (values[2] repeats an earlier one)",
        ),
        // Numbers equal in value are one point, whatever the key's type.
        (
            "\"gpu.clock_mhz\" = [1000, 1000.0]\n",
            "parameters.\"gpu.clock_mhz\" gives 1000 twice (values[1] = 1000.0 repeats an earlier one)",
        ),
        (
            "\"cu.issue.per_simd\" = [2.0, 1, 2]\n",
            "parameters.\"cu.issue.per_simd\" gives 2.0 twice (values[2] = 2 repeats an earlier one)",
        ),
        // Every value, not only the first: a sweep on a cluster would run
        // its points before this one failed.
        (
            "\"atomics.units_per_bank\" = [1, 0, 2]\n",
            "parameters.\"atomics.units_per_bank\": ",
        ),
    ] {
        // Top-level keys go before the [parameters] table.
        let f = d.join("bad.toml");
        let base = std::fs::read_to_string(sweep_file(&d, "")).unwrap();
        let written = if extra.starts_with('"') {
            format!("{base}{extra}")
        } else {
            format!("{extra}{base}")
        };
        std::fs::write(&f, written).unwrap();
        let o = sweep(&f, &d);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(text(&o).contains(want), "{}", text(&o));
        assert!(!d.join("mid3").exists(), "nothing ran");
    }
}

#[test]
fn a_sweep_refuses_a_manifest_its_workloads_give_twice() {
    // A folder and a manifest in it: the manifest is named as the folder
    // gives it, and as the entry that gives it again writes it.
    let d = common::scratch("compare-sweep", "twice");
    let folder = root().join("workloads/micro_emulation");
    let manifest = folder.join("mid3_chain.toml");
    let f = write_sweep(
        &d,
        "twice",
        &[folder.clone(), manifest.clone()],
        "\"gpu.compute_units\" = [1]\n",
    );
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let want = format!(
        "workloads[1] = {:?}: gives {} twice (workloads[0] = {:?} gives it already)",
        manifest.display().to_string(),
        manifest.display(),
        folder.display().to_string()
    );
    assert!(text(&o).contains(&want), "{}", text(&o));
    assert!(!d.join("twice").exists(), "nothing ran");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_sweeps_config_column_names_its_set_as_run_does() {
    // The sweep's own `set` is in no column of its own: the config's
    // name says it, as `gpusim run --set` names its config, and the point
    // runs as that run does.
    let d = common::scratch("compare-sweep", "set-name");
    let workload = root().join("workloads/reduction.toml");
    let rows = sweep_rows(
        &d,
        "named",
        std::slice::from_ref(&workload),
        "\"gpu.compute_units\" = [4, 8]\n",
        "set = [\"cu.scheduler=round_robin\"]\n",
    );
    let (config, units, cycles) = (
        column(&rows, "config"),
        column(&rows, "gpu.compute_units"),
        column(&rows, "cycles"),
    );
    for r in &rows[1..] {
        assert_eq!(r[config], "gcn-like (cu.scheduler=round_robin)");
        let run = d.join(format!("run-{}", r[units]));
        let o = gpusim(&[
            "run",
            workload.to_str().unwrap(),
            "--set",
            "cu.scheduler=round_robin",
            "--set",
            &format!("gpu.compute_units={}", r[units]),
            "--quiet",
            "--results",
            run.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let summary = csv_rows(&run.join("reduction/summary.csv"));
        assert_eq!(summary[1][column(&summary, "cycles")], r[cycles]);
        // `run` names the config for both settings; the sweep's point
        // has its parameter in a column instead.
        assert!(summary[1][column(&summary, "config")].contains("round_robin"));
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_docs_latency_parameter_moves_the_native_line_as_they_say() {
    // docs/sweeps.md's sweep file with the instruction latency it adds: an
    // instruction mid3_chain runs, whose latency shows in its cycles.
    let doc = std::fs::read_to_string(root().join("docs/sweeps.md")).unwrap();
    let blocks: Vec<&str> = doc
        .split("```toml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    let (file, added) = (blocks[0], blocks[1]);
    let key = toml::from_str::<toml::Table>(added).unwrap();
    let key = key.keys().next().unwrap();
    assert!(key.starts_with("instructions."), "{added}");
    let d = common::scratch("compare-sweep", "doc-latency");
    let f = d.join("mid3.toml");
    // The doc's workload paths are from the repository's root.
    let workloads = format!("\"{}/workloads/", root().display());
    let sweep_text = file.replace("\"workloads/", &workloads);
    std::fs::write(&f, format!("{sweep_text}{added}")).unwrap();
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let rows = csv_rows(&d.join("mid3/sweep.csv"));
    let (emulated, latency, cycles) = (
        column(&rows, "emulate.trinary_minmax"),
        column(&rows, key),
        column(&rows, "cycles"),
    );
    let mut seen = std::collections::BTreeSet::new();
    for r in &rows[1..] {
        let latency: u32 = r[latency].parse().unwrap();
        seen.insert((r[emulated].clone(), latency, r[cycles].clone()));
    }
    let want: std::collections::BTreeSet<_> = [
        ("false", 1, "1020"),
        ("false", 4, "1023"),
        ("false", 16, "1407"),
        ("true", 1, "1407"),
        ("true", 4, "1407"),
        ("true", 16, "1407"),
    ]
    .map(|(e, l, c)| (e.to_string(), l, c.to_string()))
    .into();
    assert_eq!(seen, want, "the same at any number of CUs");
    let said = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains(
            "from 1,020 cycles to 1,023 and 1,407, while the emulated ones stay at 1,407"
        ),
        "the doc's figures"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_failed_point_is_recorded_and_the_others_run() {
    let d = common::scratch("compare-sweep", "failed");
    // A config that loads, on which the kernel's workgroup does not fit.
    let f = sweep_file(&d, "\"cu.vgprs_per_simd\" = [256, 4]\n");
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let rows = csv_rows(&d.join("mid3/sweep.csv"));
    assert_eq!(rows.len(), 19);
    let (status, error, size) = (
        column(&rows, "status"),
        column(&rows, "error"),
        column(&rows, "cu.vgprs_per_simd"),
    );
    for r in &rows[1..] {
        if r[size] == "4" {
            assert_eq!(r[status], "failed");
            assert!(
                r[error].contains("a workgroup does not fit"),
                "{}",
                r[error]
            );
        } else {
            assert_eq!(r[status], "ok");
        }
    }
}

/// A point whose wave size is not the subgroup size its workload requires
/// is skipped, as `gpusim run` skips it, and the sweep exits 0.
#[test]
fn a_point_without_the_required_subgroup_size_is_skipped() {
    let d = common::scratch("compare-sweep", "subgroup-skip");
    let w = root().join("workloads/opencl_work_group");
    let rows = sweep_rows(
        &d,
        "sg",
        &[
            w.join("collectives_256_w32.toml"),
            w.join("collectives_256_w64.toml"),
        ],
        "\"cu.wave_size\" = [32, 64]\n",
        "",
    );
    let (status, error, size, cycles) = (
        column(&rows, "status"),
        column(&rows, "error"),
        column(&rows, "cu.wave_size"),
        column(&rows, "cycles"),
    );
    let got: Vec<(&str, &str)> = rows[1..]
        .iter()
        .map(|r| (r[size].as_str(), r[status].as_str()))
        .collect();
    assert_eq!(
        got,
        [("32", "ok"), ("64", "skip"), ("32", "skip"), ("64", "ok")]
    );
    assert!(
        rows[2][error].contains("requires subgroup size 32, but the model's wave size is 64"),
        "{}",
        rows[2][error]
    );
    assert!(rows[2][cycles].is_empty() && !rows[1][cycles].is_empty());
}

/// A point whose check failed says which check and its first wrong
/// element in the `error` column.
#[test]
fn a_check_that_fails_is_described_in_the_error_column() {
    let d = common::scratch("compare-sweep", "check-failed");
    // vector_add with its expected first element changed: 0.5 + 0.0 is
    // not 1.5.
    let w = root().join("workloads");
    let manifest = std::fs::read_to_string(w.join("vector_add.toml"))
        .unwrap()
        .replace("kernel = \"", &format!("kernel = \"{}/", w.display()))
        .replacen("  0.5, 3.5,", "  1.5, 3.5,", 1);
    let wrong = d.join("wrong.toml");
    std::fs::write(&wrong, manifest).unwrap();
    let f = write_sweep(&d, "chk", &[wrong], "\"gpu.compute_units\" = [2, 4]\n");
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let rows = csv_rows(&d.join("chk/sweep.csv"));
    let (status, error) = (column(&rows, "status"), column(&rows, "error"));
    for r in &rows[1..] {
        assert_eq!(r[status], "check failed");
        assert_eq!(
            r[error],
            "check of 'c': 1 of 256 elements wrong, first at [0]: expected 1.5, got 0.5",
        );
    }
}

/// Sweeps mid3_chain over `parameters` in a scratch folder named `name`,
/// expecting exit code `code`; returns the folder and the SVG of cycles
/// against the compute units.
fn mid3_cycles_plot(name: &str, parameters: &str, code: i32) -> (PathBuf, String) {
    let d = common::scratch("compare-sweep", name);
    let workload = root().join("workloads/micro_emulation/mid3_chain.toml");
    let f = write_sweep(&d, name, &[workload], parameters);
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(code), "{}", text(&o));
    // Plotted against the first parameter.
    let first = parameters.split('"').nth(1).expect("a parameter");
    let plot = d
        .join(name)
        .join(format!("cycles_vs_{}.svg", first.replace('.', "_")));
    let svg = std::fs::read_to_string(plot).unwrap();
    (d, svg)
}

/// A point that failed leaves a gap in its line: no segment across it.
#[test]
fn a_failed_point_is_a_gap_in_the_plot() {
    // 4 VGPRs hold no wave of the kernel: that point fails.
    let (d, svg) = mid3_cycles_plot("gap", "\"cu.vgprs_per_simd\" = [256, 4, 128, 64]\n", 2);
    // The line's pieces (2 pixels wide; the legend's sample is the last):
    // the point at 256 alone, then 128 to 64.
    let pieces: Vec<usize> = svg
        .split("<polyline")
        .skip(1)
        .filter(|p| p.contains("stroke-width=\"2\""))
        .map(|p| {
            let points = p
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            points.split_whitespace().count()
        })
        .collect();
    assert_eq!(pieces, [1, 2, 2], "{svg}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A figure a point does not have (a hit rate where nothing reached the
/// cache) is an empty field, and no point on its line.
#[test]
fn a_hit_rate_without_accesses_is_empty_and_not_plotted() {
    let d = common::scratch("compare-sweep", "no-accesses");
    let w = root().join("workloads/micro");
    let workloads = [w.join("atomic_add.toml"), w.join("stream.toml")];
    let rate = l1_hit_rates(&d, &workloads, "\"gpu.compute_units\" = [1, 2]\n");
    // atomic_add's atomics reach no L1; stream's loads all miss it.
    assert_eq!(rate, ["", "", "0.0", "0.0"]);
    let svg =
        std::fs::read_to_string(d.join("rates/l1_hit_rate_vs_gpu_compute_units.svg")).unwrap();
    assert!(svg.contains("micro_stream"), "{svg}");
    assert!(!svg.contains("micro_atomic_add"), "no line: {svg}");
    // Its one line lies at 0 on an axis of distinct labels, not of ticks
    // a billionth apart that all read 0.
    let labels = y_labels(&svg);
    assert!(
        labels.iter().filter(|&&v| v == 0.0).count() <= 1,
        "{labels:?}"
    );
    assert!(labels.contains(&1.0), "{labels:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn sweep_plot_lines_follow_the_sweep_files_order() {
    // As text, 1048576 < 131072 < 16384.
    let axes =
        "\"gpu.compute_units\" = [1, 2]\n\"memory.l2.size_bytes\" = [16384, 131072, 1048576]\n";
    let (d, svg) = mid3_cycles_plot("order", axes, 0);
    let at: Vec<usize> = ["16384", "131072", "1048576"]
        .iter()
        .map(|v| {
            svg.find(&format!("memory.l2.size_bytes={v}\n"))
                .unwrap_or_else(|| panic!("{v} not in the legend: {svg}"))
        })
        .collect();
    assert!(at[0] < at[1] && at[1] < at[2], "legend order {at:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Lines two orders of magnitude apart or more share a logarithmic y
/// axis, on which the lower keeps its shape; closer lines keep the linear
/// one.
#[test]
fn sweep_plot_takes_a_log_axis_for_lines_far_apart() {
    let d = common::scratch("compare-sweep", "log-axis");
    let w = root().join("workloads");
    let workloads = [w.join("vector_add.toml"), w.join("divergence.toml")];
    let rows = sweep_rows(
        &d,
        "far",
        &workloads,
        "\"gpu.compute_units\" = [1, 2]\n",
        "",
    );
    let cycles = column(&rows, "cycles");
    let figures: Vec<f64> = rows[1..]
        .iter()
        .map(|r| r[cycles].parse().unwrap())
        .collect();
    let (least, most) = (
        figures.iter().copied().fold(f64::INFINITY, f64::min),
        figures.iter().copied().fold(0.0, f64::max),
    );
    assert!(most >= 100.0 * least, "{figures:?}");
    let svg = std::fs::read_to_string(d.join("far/cycles_vs_gpu_compute_units.svg")).unwrap();
    assert!(svg.contains("cycles (log scale)"), "{svg}");
    // Its y labels are powers of ten or their 1-2-5 multiples, rising
    // upwards: each value against its height.
    let labels: Vec<(f64, f64)> = svg_texts(&svg)
        .into_iter()
        .filter(|t| t.x < 100.0)
        .filter_map(|t| Some((t.body.replace(' ', "").parse().ok()?, t.y)))
        .collect();
    for &(v, _) in &labels {
        let mantissa = v / 10f64.powi(v.log10().floor() as i32);
        assert!(
            [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-9),
            "{labels:?}"
        );
    }
    assert!(labels.len() >= 4, "{labels:?}");
    let mut by_height = labels.clone();
    by_height.sort_by(|a, b| b.1.total_cmp(&a.1));
    assert!(
        by_height.windows(2).all(|p| p[0].0 < p[1].0),
        "{by_height:?}"
    );
    // Equal spacing per factor: log10 of the value is linear in height.
    let (a, b) = (by_height[0], by_height[by_height.len() - 1]);
    let per_decade = (a.1 - b.1) / (b.0.log10() - a.0.log10());
    for &(v, y) in &by_height {
        let expected = a.1 - (v.log10() - a.0.log10()) * per_decade;
        assert!(
            (y - expected).abs() < 1.5,
            "{v} at {y}, expected {expected}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
    // One workload's line stays on a linear axis from zero.
    let (d, svg) = mid3_cycles_plot("linear", "\"gpu.compute_units\" = [1, 2]\n", 0);
    assert!(!svg.contains("log scale"), "{svg}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A hit rate is plotted on a linear axis from 0 to 1, even where its
/// values lie far apart (here over a factor of ten, which once took a
/// logarithmic axis reaching past 1).
#[test]
fn a_rate_is_plotted_from_0_to_1() {
    let d = common::scratch("compare-sweep", "rate-axis");
    let w = root().join("workloads");
    let workloads = [
        w.join("opencl_apps/bbox64_spread.toml"),
        w.join("texture/trilinear.toml"),
    ];
    let parameters = "\"memory.l1.size_bytes\" = [1024, 4096, 16384]\n";
    let rates: Vec<f64> = l1_hit_rates(&d, &workloads, parameters)
        .iter()
        .map(|r| r.parse().unwrap())
        .collect();
    let least = rates.iter().copied().fold(f64::INFINITY, f64::min);
    let most = rates.iter().copied().fold(0.0, f64::max);
    assert!(
        least > 0.0 && most >= 10.0 * least && most < 1.0,
        "{rates:?}"
    );
    let svg =
        std::fs::read_to_string(d.join("rates/l1_hit_rate_vs_memory_l1_size_bytes.svg")).unwrap();
    assert!(!svg.contains("log scale"), "{svg}");
    let labels = y_labels(&svg);
    assert_eq!(labels.first(), Some(&0.0), "{labels:?}");
    assert_eq!(labels.last(), Some(&1.0), "{labels:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// With dozens of lines, the legend lies beside the plotting area, and
/// the y axis ends a little above the highest line, not where a legend
/// over the lines would need room.
#[test]
fn a_sweep_plots_legend_lies_beside_its_lines() {
    let d = common::scratch("compare-sweep", "legend-beside");
    let w = root().join("workloads");
    let workloads = [w.join("vector_add.toml"), w.join("divergence.toml")];
    let sizes: Vec<String> = (0..11).map(|k| (65536 << k).to_string()).collect();
    let parameters = format!(
        "\"gpu.compute_units\" = [1, 2]\n\"memory.l2.size_bytes\" = [{}]\n",
        sizes.join(", ")
    );
    let rows = sweep_rows(&d, "many", &workloads, &parameters, "");
    let most = rows[1..]
        .iter()
        .map(|r| r[column(&rows, "cycles")].parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    let svg = std::fs::read_to_string(d.join("many/cycles_vs_gpu_compute_units.svg")).unwrap();
    let top = *y_labels(&svg).last().unwrap();
    assert!(top <= 1.5 * most, "axis to {top} for {most}");
    // 22 lines, each named in the legend, right of the x axis's labels.
    let texts = svg_texts(&svg);
    let legend: Vec<&SvgText> = texts
        .iter()
        .filter(|t| t.body.contains("memory.l2.size_bytes="))
        .collect();
    assert_eq!(legend.len(), 22);
    let axis_right = texts
        .iter()
        .filter(|t| t.body == "1" || t.body == "2")
        .map(|t| t.x)
        .fold(0.0, f64::max);
    assert!(
        legend.iter().all(|t| t.x > axis_right + 100.0),
        "{axis_right}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Sweep plots call a workload by its manifest's name, or by the path as
/// the sweep file writes it when two manifests share a name.
#[test]
fn sweep_workloads_are_labelled_by_manifest_name_unless_names_clash() {
    let d = common::scratch("compare-sweep", "labels");
    let w = root().join("workloads");
    // Named bench_alu_loop: its name, not its file's.
    let a = w.join("bench/alu_loop.toml");
    // A copy of one manifest under another file name (its kernel found
    // where the original's is): the same name.
    let copy = d.join("copy_of_reduction.toml");
    let manifest = std::fs::read_to_string(w.join("reduction.toml"))
        .unwrap()
        .replace("kernel = \"", &format!("kernel = \"{}/", w.display()));
    std::fs::write(&copy, &manifest).unwrap();
    let f = d.join("labels.toml");
    std::fs::write(
        &f,
        format!(
            "name = \"labels\"\nbase = \"teaching\"\nworkloads = [{:?}, {:?}, {:?}]\n[parameters]\n\"gpu.compute_units\" = [1, 2]\n",
            a.display().to_string(),
            w.join("reduction.toml").display().to_string(),
            copy.display().to_string()
        ),
    )
    .unwrap();
    let s = gpusim::input::sweep::Sweep::load(&f).unwrap();
    assert_eq!(s.workload_labels[0], "bench_alu_loop");
    assert_eq!(s.workload_labels[1], s.workloads[1].0);
    assert_eq!(s.workload_labels[2], s.workloads[2].0);
    // The plot's legend shows them so.
    let o = sweep(&f, &d);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let svg = std::fs::read_to_string(d.join("labels/cycles_vs_gpu_compute_units.svg")).unwrap();
    assert!(svg.contains("bench_alu_loop"), "legend names the manifest");
    assert!(!svg.contains("alu_loop.toml"), "not its path");
    assert!(
        svg.contains("copy_of_reduction.toml"),
        "a clash keeps the path"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A workload without `[[check]]` reads `no checks` under `checks`, not
/// `passed`: nothing was checked.
#[test]
fn a_workload_without_checks_says_so() {
    let d = common::scratch("compare-sweep", "no_checks");
    let results = d.join("results");
    let o = gpusim(&[
        "compare",
        "--config",
        "teaching",
        "--config",
        "gcn",
        "sim/tests/kernels/physical32.toml",
        "--results",
        results.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let rows = csv_rows(&results.join("compare/compare.csv"));
    let checks = column(&rows, "checks");
    assert_eq!(rows[1][checks], "no checks");
    assert_eq!(rows[2][checks], "no checks");
}
