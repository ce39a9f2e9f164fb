//! Writing a run's results folder: every buffer as raw little-endian bytes
//! and a `summary.json`. The folder is written under a temporary name and
//! renamed when complete, so a failed run never leaves half a folder.

use crate::run::RunOutput;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The JSON summary of a run, as printed by `--json` and saved.
pub fn summary(out: &RunOutput) -> Value {
    let passed = out.checks.iter().filter(|c| c.passed).count();
    let details: Vec<Value> = out
        .checks
        .iter()
        .map(|c| {
            let mut v = json!({
                "buffer": c.buffer,
                "passed": c.passed,
                "checked": c.checked,
                "mismatches": c.mismatches,
            });
            if let Some(m) = &c.first_mismatch {
                v["first_mismatch"] = json!({
                    "index": m.index,
                    "expected": m.expected,
                    "actual": m.actual,
                });
            }
            v
        })
        .collect();
    let mut v = json!({
        "workload": out.name,
        "kernel": out.kernel.name,
        "mode": if out.timing.is_some() { "timed" } else { "functional" },
        "wave_size": out.wave_width,
        "checks": {
            "passed": passed,
            "failed": out.checks.len() - passed,
            "details": details,
        },
        "instructions": {
            "wave": out.counts.wave_instructions,
            "lane": out.counts.lane_instructions,
        },
        "buffers": out.buffers.iter().map(|b| json!({
            "name": b.name,
            "type": b.ty.name(),
            "bytes": b.bytes.len(),
            "file": format!("{}.bin", b.name),
        })).collect::<Vec<_>>(),
    });
    if let Some(t) = &out.timing {
        if let (Value::Object(into), Value::Object(from)) = (&mut v, t.summary()) {
            into.extend(from);
        }
    }
    v
}

/// Writes `root/<run name>/`, replacing an earlier run of the same name.
pub fn write(root: &Path, out: &RunOutput) -> Result<PathBuf, String> {
    let dir = root.join(&out.name);
    let tmp = root.join(format!(".{}.partial-{}", out.name, std::process::id()));
    let fail = |e: std::io::Error, what: &Path| format!("{}: {e}", what.display());
    std::fs::create_dir_all(&tmp).map_err(|e| fail(e, &tmp))?;
    let result = (|| {
        for b in &out.buffers {
            let p = tmp.join(format!("{}.bin", b.name));
            std::fs::write(&p, &b.bytes).map_err(|e| fail(e, &p))?;
        }
        if let Some(t) = &out.timing {
            let files = [
                ("issue_trace.csv", t.issue_csv()),
                ("occupancy_trace.csv", t.occupancy_csv()),
                ("trace.json", t.chrome_trace().to_string()),
                ("stalls.svg", crate::output::plots::stalls_svg(t)?),
            ];
            let occupancy = if t.occupancy_trace.is_empty() {
                None
            } else {
                Some(("occupancy.svg", crate::output::plots::occupancy_svg(t)?))
            };
            for (name, text) in files.into_iter().chain(occupancy) {
                let p = tmp.join(name);
                std::fs::write(&p, text).map_err(|e| fail(e, &p))?;
            }
        }
        if !out.printf.is_empty() {
            let p = tmp.join("printf.txt");
            std::fs::write(&p, &out.printf).map_err(|e| fail(e, &p))?;
        }
        let p = tmp.join("summary.json");
        let text = serde_json::to_string_pretty(&summary(out)).expect("JSON values serialise");
        std::fs::write(&p, text + "\n").map_err(|e| fail(e, &p))?;
        if dir.exists() {
            std::fs::remove_dir_all(&dir).map_err(|e| fail(e, &dir))?;
        }
        std::fs::rename(&tmp, &dir).map_err(|e| fail(e, &dir))
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result.map(|_| dir)
}
