#!/usr/bin/env bash
# The L2 atomic units study (docs/studies/atomic_units.md): the bounding box
# of N points with float atomic min/max, contended (one box) and spread
# (a box per workgroup), sweeping the atomic units per L2 bank, their
# latency and the room in their queues on the GCN-like model.
#     bash docs/studies/atomic_units.sh [N [RESULTS]]
# from the workspace root after `cargo build --release` (N 65536 and
# RESULTS results/studies/atomic_units by default; N 4096 uses the
# committed workloads, other sizes need python3 for gen.py).
set -euo pipefail
n=${1:-65536}
out=${2:-results/studies/atomic_units}
gpusim=${GPUSIM:-target/release/gpusim}
rm -rf "$out"
mkdir -p "$out"
if [ "$n" = 4096 ]; then
  work=workloads/atomics_bbox
else
  work=$out/workloads
  python3 workloads/atomics_bbox/gen.py "$n" "$work"
fi
rel=$(realpath --relative-to="$out" "$work")
cat > "$out/atomic_units.toml" <<TOML
name = "atomic_units"
base = "gcn"
workloads = ["$rel/bbox_contended.toml", "$rel/bbox_spread.toml"]
[parameters]
"atomics.float_minmax.latency" = [24, 48]
"atomics.units_per_bank" = [1, 2, 4, 8, 16]
"atomics.queue_per_bank" = [256, 0]
TOML
"$gpusim" sweep "$out/atomic_units.toml" --results "$out" --quiet
