//! The model's column of docs/validation.md, measured: the microbenchmarks
//! of `workloads/micro/` run on `configs/gcn.toml` and `configs/rdna.toml`
//! the way published studies measure hardware (a dependent chain for
//! latency, independent instructions for the issue rate, a pointer chase
//! per cache level, one LDS access at stride 1 and 2, atomics on one
//! address). Every figure must have its row on the page, with the value
//! the run gives and, where a published value is given, the error against
//! it.

mod common;
use common::{micro, root, timed, Traced};
use gpusim::input::config::Config;
use gpusim::input::workload::SpecValue;
use std::collections::BTreeMap;

fn config(name: &str) -> Config {
    Config::load(&root().join(format!("configs/{name}.toml"))).expect("config loads")
}

/// (complete - issue) of the trace records of `ops` on `unit`, in order.
fn latencies(r: &Traced, ops: &[&str], unit: &str) -> Vec<u64> {
    r.issue_trace
        .iter()
        .filter(|x| ops.contains(&x.op.as_str()) && x.unit == unit)
        .map(|x| x.complete - x.cycle)
        .collect()
}

/// Issue cycles of the trace records of `op` on `unit`, in order.
fn issues(r: &Traced, op: &str, unit: &str) -> Vec<u64> {
    r.issue_trace
        .iter()
        .filter(|x| x.op == op && x.unit == unit)
        .map(|x| x.cycle)
        .collect()
}

/// Cycles per instruction of the dependent chain of `ops` in kernel `name`:
/// the span of the longest run of chain instructions at consecutive pcs
/// over their count.
fn chain(cfg: &Config, name: &str, ops: &[&str], unit: &str) -> f64 {
    let (_, r) = timed(&micro(name), cfg);
    let recs: Vec<_> = r
        .issue_trace
        .iter()
        .filter(|x| ops.contains(&x.op.as_str()) && x.unit == unit)
        .collect();
    let run = common::longest_consecutive_run(&recs);
    (run[run.len() - 1].complete - run[0].cycle) as f64 / run.len() as f64
}

/// The figures of one config, by name.
fn measure(cfg: &Config) -> BTreeMap<&'static str, f64> {
    let mut m = BTreeMap::new();
    m.insert(
        "valu_dependent_latency",
        chain(cfg, "chain_f32", &["FMul", "FAdd"], "valu"),
    );
    m.insert(
        "trans_dependent_latency",
        chain(cfg, "chain_trans", &["GLSL.InverseSqrt"], "trans"),
    );
    m.insert(
        "f64_dependent_latency",
        chain(cfg, "chain_f64", &["FMul", "FAdd"], "f64"),
    );
    m.insert(
        "scalar_dependent_latency",
        chain(cfg, "chain_scalar", &["IMul", "IAdd"], "scalar"),
    );
    // The scalar chase's second pass hits in the scalar cache.
    let (_, r) = timed(&micro("scalar_chase"), cfg);
    let scalar = latencies(&r, &["Load"], "scalar_memory");
    m.insert("scalar_cache_hit_latency", scalar[scalar.len() - 1] as f64);
    // Issue rate: cycles between consecutive issues of 64 independent
    // instructions of one wave.
    for (key, kernel, op, unit) in [
        ("valu_issue_interval", "indep_f32", "FAdd", "valu"),
        ("f64_issue_interval", "indep_f64", "FAdd", "f64"),
        (
            "trans_issue_interval",
            "indep_trans",
            "GLSL.InverseSqrt",
            "trans",
        ),
        ("max3_issue_interval", "indep_max3", "AMD.FMax3", "valu"),
    ] {
        let (_, r) = timed(&micro(kernel), cfg);
        let t: Vec<u64> = issues(&r, op, unit);
        m.insert(key, (t[t.len() - 1] - t[0]) as f64 / (t.len() - 1) as f64);
    }
    // The chase: the first load misses to DRAM, the smallest is an L1 hit.
    let (_, r) = timed(&micro("chase"), cfg);
    let chase = latencies(&r, &["Load"], "memory");
    m.insert("dram_latency", chase[0] as f64);
    m.insert("l1_hit_latency", *chase.iter().min().unwrap() as f64);
    // A second CU chasing the same lines later finds them in the L2 (its
    // delay, 64 dependent valu operations, made long enough for the first
    // CU's misses to be filled; memory timing is unchanged).
    let mut two = cfg.clone();
    two.gpu.compute_units = 2;
    two.units.get_mut("valu").expect("a valu unit").latency = 64;
    let (_, r) = timed(&micro("chase_2cu"), &two);
    let second: Vec<u64> = r
        .issue_trace
        .iter()
        .filter(|x| x.op == "Load" && x.unit == "memory" && x.cu == 1)
        .map(|x| x.complete - x.cycle)
        .collect();
    m.insert("l2_hit_latency", second[0] as f64);
    // One LDS store: latency at stride 1 (no conflict); the extra cycles
    // of stride 2 (two lanes per bank).
    let lds = |stride: i128| {
        let mut w = micro("lds_stride");
        w.spec_constants.insert(0, SpecValue::Int(stride));
        let (_, r) = timed(&w, cfg);
        latencies(&r, &["Store"], "lds")[0] as f64
    };
    let (one, two) = (lds(1), lds(2));
    m.insert("lds_latency", one);
    m.insert("lds_two_way_conflict_extra", two - one);
    // Atomics on one address, 8 waves of 32 operations: in the steady
    // state a wave's operations complete one wave's worth of operations
    // after the previous wave's; cycles per operation between the first
    // and the last wave's completion.
    // The same with stride 16: every lane's word on a line of its own,
    // spread over the L2 banks (no operation waits for its address), each
    // line first fetched from DRAM.
    for (key, stride) in [
        ("atomic_same_address_cycles_per_op", 0),
        ("atomic_spread_cycles_per_op", 16),
    ] {
        let mut w = micro("atomic_add");
        w.spec_constants.insert(0, SpecValue::Int(stride));
        w.checks.clear();
        let (_, r) = timed(&w, cfg);
        let mut done: Vec<u64> = r
            .issue_trace
            .iter()
            .filter(|x| x.op == "AtomicIAdd" && x.unit == "memory")
            .map(|x| x.complete)
            .collect();
        done.sort();
        let ops = common::num(&r.summary(), &["atomics", "operations"]);
        let per_wave = ops / done.len() as f64;
        m.insert(
            key,
            (done[done.len() - 1] - done[0]) as f64 / ((done.len() - 1) as f64 * per_wave),
        );
    }
    // Cache bandwidth: stream_reuse at 4 times its size (1,024 waves of 32
    // lanes, each lane a line), every wave reading the same LINES lines.
    // 128 lines fit any L1: one CU's lines through it per cycle (loads and
    // the stores of the results), in bytes. 2,048 lines (128 KiB) miss the
    // L1s and hit the L2: the bytes the L2 serves all CUs per cycle.
    for (key, lines, cus) in [
        ("l1_bandwidth_bytes_per_cycle", 128, 1),
        ("l2_bandwidth_bytes_per_cycle", 2048, cfg.gpu.compute_units),
    ] {
        let mut w = micro("stream_reuse");
        let k = 4;
        w.workgroups[0] *= k as u32;
        w.checks.clear();
        for b in w.buffers.iter_mut().filter(|b| b.name == "out") {
            b.len *= k;
            b.init = vec![0; b.len * 4];
        }
        w.spec_constants.insert(0, SpecValue::Int(lines));
        let mut c = cfg.clone();
        c.gpu.compute_units = cus;
        let (_, r) = timed(&w, &c);
        let s = r.summary();
        let line = c.memory.l1.line_bytes as f64;
        let moved = if key.starts_with("l1") {
            common::num(&s, &["memory", "load_lines"]) + common::num(&s, &["memory", "store_lines"])
        } else {
            common::num(&s, &["memory", "load_latency", "l2_hit", "lines"])
        };
        m.insert(key, moved * line / r.cycles as f64);
    }
    // DRAM bandwidth: the stream kernel (every lane loads a line of its
    // own) at 16 times its size, 16,384 lines; bytes moved per cycle.
    let mut w = micro("stream");
    let k = 16;
    w.workgroups[0] *= k as u32;
    w.checks.clear();
    for b in &mut w.buffers {
        b.len *= k;
        b.init = if b.name == "a" {
            (0..b.len as u32).flat_map(u32::to_le_bytes).collect()
        } else {
            vec![0; b.len * 4]
        };
    }
    let (_, r) = timed(&w, cfg);
    let s = r.summary();
    let bytes = common::num(&s, &["memory", "dram_read_bytes"])
        + common::num(&s, &["memory", "dram_write_bytes"])
        - common::num(&s, &["memory", "dram_flush_bytes"]);
    m.insert("dram_stream_bytes_per_cycle", bytes / r.cycles as f64);
    m
}

/// A figure's row of docs/validation.md: its published value (when one
/// was found), the model's, and the error the page gives.
struct Row {
    published: Option<f64>,
    model: f64,
    error_percent: Option<f64>,
}

/// The first number in a table cell (`~114 cycles` gives 114), if any.
fn number(cell: &str) -> Option<f64> {
    let start = cell.find(|c: char| c.is_ascii_digit() || c == '-')?;
    let text: String = cell[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == '+')
        .collect();
    text.parse().ok()
}

/// The rows of docs/validation.md's tables whose first cell is a key
/// (`| gcn.NAME | figure | GPU | published | source | model | error |`).
fn rows() -> BTreeMap<String, Row> {
    let page = std::fs::read_to_string(root().join("docs/validation.md")).expect("the page");
    let mut rows = BTreeMap::new();
    for line in page.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let key = cells[0].trim_matches('`');
        if !(key.starts_with("gcn.") || key.starts_with("rdna.")) {
            continue;
        }
        assert_eq!(cells.len(), 7, "{line}");
        let row = Row {
            published: number(cells[3]),
            model: number(cells[5]).unwrap_or_else(|| panic!("no model value: {line}")),
            error_percent: number(cells[6]),
        };
        assert!(
            row.published.is_none() || cells[4].contains("]("),
            "a published value without a linked source: {line}"
        );
        assert!(rows.insert(key.to_string(), row).is_none(), "{key} twice");
    }
    rows
}

#[test]
fn the_validation_page_gives_the_model_s_measured_figures() {
    let rows = rows();
    let mut measured = BTreeMap::new();
    for name in ["gcn", "rdna"] {
        for (k, v) in measure(&config(name)) {
            measured.insert(format!("{name}.{k}"), v);
        }
    }
    let listed: Vec<&String> = rows.keys().collect();
    let all: Vec<&String> = measured.keys().collect();
    assert_eq!(
        listed, all,
        "the page lists every measured figure, and only those"
    );
    // Every wrong figure at once, so that a timing change is fixed on the
    // page in one go.
    let mut wrong = Vec::new();
    for (key, row) in &rows {
        let m = measured[key];
        if (row.model - m).abs() >= 0.005 {
            wrong.push(format!(
                "{key}: the page says {}, the model gives {m}",
                row.model
            ));
        }
        match (row.published, row.error_percent) {
            (Some(p), Some(e)) => {
                let error = (m - p) / p * 100.0;
                if (error - e).abs() >= 0.5 {
                    wrong.push(format!(
                        "{key}: error {error:.1}% against {p}, the page says {e}%"
                    ));
                }
            }
            (None, None) => {}
            _ => panic!("{key}: a published value and an error go together"),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
