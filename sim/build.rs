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
    // names, the branches' refs loose or packed) and its "-dirty" with the
    // sources and the built-in configs compiled in. Not with `.git/index`:
    // `git describe --dirty` itself rewrites the index in a fresh clone, so
    // watching it rebuilt gpusim on its second build.
    let watched = [
        "src",
        "../isa/src",
        "../configs",
        "../.git/HEAD",
        "../.git/packed-refs",
        "../.git/refs/heads",
    ];
    for f in watched {
        if Path::new(f).exists() {
            println!("cargo:rerun-if-changed={f}");
        }
    }
}
