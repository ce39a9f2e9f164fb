//! Records the source revision gpusim is built from (`git describe`), for
//! the results folders' run identity; "unknown" outside a git checkout.

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
    for f in ["../.git/HEAD", "../.git/index"] {
        if std::path::Path::new(f).exists() {
            println!("cargo:rerun-if-changed={f}");
        }
    }
}
