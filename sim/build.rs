//! Records the source revision gpusim is built from (`git describe`), for
//! the results folders' run identity; "unknown" outside a git checkout.

use std::path::Path;

fn main() {
    let revision = std::process::Command::new("git")
        .args(["describe", "--always", "--dirty", "--abbrev=12"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=GPUSIM_SOURCE_REVISION={revision}");
    // The revision changes with a commit or checkout (HEAD, the branch it
    // names, packed refs) and its "-dirty" with the sources. Not with
    // `.git/index`: `git describe --dirty` itself rewrites the index in a
    // fresh clone, so watching it rebuilt gpusim on its second build.
    let mut watched = vec![
        "src".to_string(),
        "../isa/src".to_string(),
        "../.git/HEAD".to_string(),
        "../.git/packed-refs".to_string(),
    ];
    if let Ok(head) = std::fs::read_to_string("../.git/HEAD") {
        if let Some(branch) = head.trim().strip_prefix("ref: ") {
            watched.push(format!("../.git/{branch}"));
        }
    }
    for f in watched {
        if Path::new(&f).exists() {
            println!("cargo:rerun-if-changed={f}");
        }
    }
}
