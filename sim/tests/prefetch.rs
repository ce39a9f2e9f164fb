//! OpenCL prefetch: no functional effect, but the timing model fetches the
//! lines so that the later reads hit.

use gpusim::input::config::Config;
use gpusim::input::workload::{ArgValue, Workload};
use gpusim::run::{run_workload, RunOptions, RunOutput};
use std::path::Path;

fn run(use_prefetch: bool, timed: bool) -> RunOutput {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut w = Workload::load(&root.join("workloads/opencl_prefetch/prefetch.toml")).unwrap();
    for a in &mut w.args {
        if a.index == 2 {
            a.value = ArgValue::Scalar {
                ty: gpusim::input::workload::ElemType::I32,
                bytes: (use_prefetch as i32).to_le_bytes().to_vec(),
            };
        }
    }
    let opts = if timed {
        RunOptions::timed(Config::default_config())
    } else {
        RunOptions::default()
    };
    run_workload(&w, &opts).unwrap()
}

#[test]
fn prefetch_changes_timing_not_results() {
    // y[i] = x[16i] + ... + x[16i + 15] with x[k] = k: 256 i + 120.
    let want: Vec<u8> = (0..256u32)
        .flat_map(|i| ((256 * i + 120) as f32).to_le_bytes())
        .collect();
    for timed in [false, true] {
        for p in [false, true] {
            assert_eq!(
                run(p, timed).buffer("y").unwrap(),
                &want[..],
                "prefetch {p}"
            );
        }
    }
    let with = run(true, true);
    let without = run(false, true);
    let s = |o: &RunOutput| o.timing.as_ref().unwrap().summary()["memory"].clone();
    assert_eq!(s(&with)["prefetch_instructions"], 4); // one per wave
    assert_eq!(s(&without)["prefetch_instructions"], 0);
    // The prefetch takes the misses; every later read hits.
    assert!(s(&with)["l1_hits"].as_u64() > s(&without)["l1_hits"].as_u64());
    let cycles = |o: &RunOutput| o.timing.as_ref().unwrap().cycles;
    assert!(cycles(&with) < cycles(&without));
}
