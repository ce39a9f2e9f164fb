#!/usr/bin/env bash
# The occupancy study (docs/studies/occupancy.md): one kernel at several
# register footprints (workloads/occupancy, 8 to 128 accumulators live
# across a loop) and one at two shared-memory footprints (opencl_local with
# 256 bytes and 32 KiB of __local memory per workgroup), on MODEL (gcn by
# default): the occupancy limiter, theoretical and achieved occupancy, and
# the cycles.
#     bash docs/studies/occupancy.sh [MODEL [RESULTS]]
# from the workspace root after `cargo build --release` (RESULTS
# results/studies/occupancy by default). No generator is needed.
set -euo pipefail
model=${1:-gcn}
out=${2:-results/studies/occupancy}
gpusim=${GPUSIM:-target/release/gpusim}
rm -rf "$out"
mkdir -p "$out"
w=$(realpath --relative-to="$out" workloads)
cat > "$out/occupancy.toml" <<TOML
name = "occupancy"
base = "$model"
workloads = [
  "$w/occupancy/pressure_8.toml", "$w/occupancy/pressure_32.toml",
  "$w/occupancy/pressure_64.toml", "$w/occupancy/pressure_96.toml",
  "$w/occupancy/pressure_128.toml",
  "$w/opencl_local.toml", "$w/tutorial/opencl_local_big_lds.toml",
]
[parameters]
TOML
# A footprint that fits no CU (132 VGPRs on the teaching GPU) is a failed
# point of the sweep, recorded in its CSV: the sweep then exits 2.
status=0
"$gpusim" sweep "$out/occupancy.toml" --results "$out" --quiet || status=$?
[ -f "$out/occupancy/sweep.csv" ] && [ "$status" -le 2 ]
