//! Every bundled kernel lowers without error, and every branch target and
//! reconvergence point lands inside the kernel.

use isa::ir::{Inst, EXIT_PC};
use std::path::Path;

fn bundled_kernels() -> Vec<(std::path::PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../workloads");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "spv") {
            let m = isa::module::parse_bytes(&std::fs::read(&p).unwrap()).unwrap();
            for (name, _) in isa::lower::entry_points(&m) {
                out.push((p.clone(), name));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn bundled_kernels_lower_with_targets_in_range() {
    let kernels = bundled_kernels();
    assert!(kernels.len() >= 8, "found {kernels:?}");
    for (path, entry) in kernels {
        let m = isa::module::parse_bytes(&std::fs::read(&path).unwrap()).unwrap();
        let k = isa::lower::lower(&m, &entry, &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let n = k.insts.len() as u32;
        let ok = |pc: u32| pc < n || pc == EXIT_PC;
        for inst in &k.insts {
            match inst {
                Inst::Jump { target } => assert!(*target < n),
                Inst::Branch {
                    if_true,
                    if_false,
                    reconverge,
                    ..
                } => {
                    assert!(*if_true < n && *if_false < n && ok(*reconverge))
                }
                Inst::Switch { reconverge, .. } => assert!(ok(*reconverge)),
                _ => {}
            }
        }
        assert_eq!(k.origins.len(), k.insts.len());
    }
}
