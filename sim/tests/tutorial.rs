//! docs/tutorial.md cannot go stale: every command of its `sh` code blocks
//! runs (from the workspace root, as the tutorial says) and must succeed,
//! every row it quotes of `issue_trace.csv` is in the file, at the word
//! `dis --words` marks with its instruction, and every picture it shows
//! is the plot its command draws.

use std::path::Path;
use std::process::Command;

#[test]
fn every_tutorial_command_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("docs/tutorial.md")).unwrap();
    let results = root.join("tutorial-results");
    let _ = std::fs::remove_dir_all(&results);
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        match line.trim() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            l if in_sh && !l.is_empty() => commands.push(l.to_string()),
            _ => {}
        }
    }
    assert!(commands.len() >= 7, "{commands:?}");
    for c in &commands {
        let words: Vec<&str> = c.split_whitespace().collect();
        assert_eq!(words[0], "gpusim", "a tutorial command runs gpusim: {c}");
        let out = Command::new(env!("CARGO_BIN_EXE_gpusim"))
            .current_dir(&root)
            .args(&words[1..])
            .arg("--quiet")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{c}\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The quoted rows: the `text` block after the file is named.
    let csv = std::fs::read_to_string(results.join("divergence/issue_trace.csv")).unwrap();
    let after = &text[text.find("wrote `issue_trace.csv`").unwrap()..];
    let block = &after[after.find("```text").unwrap() + 7..];
    let block = &block[..block.find("```").unwrap()];
    let quoted: Vec<&str> = block.lines().filter(|l| l.contains(',')).collect();
    assert!(quoted.len() >= 7, "{block}");
    // `dis --words`, as the tutorial says, marks each row's word with its
    // instruction.
    let dis = Command::new(env!("CARGO_BIN_EXE_gpusim"))
        .current_dir(&root)
        .args(["dis", "workloads/divergence.spv", "--words"])
        .output()
        .unwrap();
    assert!(dis.status.success() && dis.stderr.is_empty(), "{dis:?}");
    let dis = String::from_utf8(dis.stdout).unwrap();
    for row in quoted {
        assert!(
            csv.lines().any(|l| l == row),
            "not in issue_trace.csv: {row}"
        );
        let columns: Vec<&str> = row.split(',').collect();
        let word = columns[6].rsplit(' ').next().unwrap();
        let line = dis
            .lines()
            .find(|l| l.ends_with(&format!("; word {word}")))
            .unwrap_or_else(|| panic!("no line of word {word}:\n{dis}"));
        let op = format!("Op{}", columns[7]);
        assert!(line.split_whitespace().any(|t| t == op), "{row}: {line}");
    }
    // Every picture is the plot its command draws today, byte for byte
    // (the plots are deterministic): a change to the plots or the model
    // shows here, and the copy named in the message redraws it.
    let drawn = [
        ("tutorial/reduction-stalls.png", "reduction/stalls.png"),
        (
            "tutorial/occupancy-small-lds.png",
            "opencl_local/occupancy.png",
        ),
        (
            "tutorial/occupancy-big-lds.png",
            "opencl_local_big_lds/occupancy.png",
        ),
        ("tutorial/mid3-cycles.png", "compare/cycles.png"),
        (
            "tutorial/cus-cycles.png",
            "cus/cycles_vs_gpu_compute_units.png",
        ),
    ];
    let mut shown = Vec::new();
    for (i, _) in text.match_indices("](tutorial/") {
        let rest = &text[i + 2..];
        shown.push(&rest[..rest.find(')').unwrap()]);
    }
    assert_eq!(shown, drawn.map(|(picture, _)| picture));
    for (picture, plot) in drawn {
        let committed = std::fs::read(root.join("docs").join(picture)).unwrap();
        let today = std::fs::read(results.join(plot)).unwrap();
        assert!(
            committed == today,
            "docs/{picture} is not what the tutorial's command draws today: \
             run the tutorial's commands, then cp tutorial-results/{plot} docs/{picture}"
        );
    }
    std::fs::remove_dir_all(&results).unwrap();
}
