//! Amber scripts end to end: the bundled scripts under workloads/amber/,
//! small inline scripts for each part of the language, and a parser fuzz.

use gpusim::amber::{run_folder, run_script, run_source, ScriptReport, Status};
use gpusim::run::RunOptions;
use std::path::{Path, PathBuf};

/// Runs the scripts of a folder given by AMBER_CASES (for example
/// google/amber's tests/cases) and prints the table.
#[test]
#[ignore]
fn amber_cases_folder() {
    let Ok(dir) = std::env::var("AMBER_CASES") else {
        eprintln!("AMBER_CASES is not set");
        return;
    };
    let r = run_folder(Path::new(&dir), &RunOptions::default());
    print!("{r}");
}
