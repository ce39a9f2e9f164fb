#!/usr/bin/env bash
# The saturating-ALU study (docs/studies/saturating.md): native against
# emulated saturating add/subtract, rounded averages and absolute
# differences on the blend, downsample and block-matching kernels of
# workloads/saturating at SIZE x SIZE and on the fixed-point FIR of
# workloads/opencl_apps over SIZE x SIZE samples, on the GCN-like and
# RDNA-like models.
#     bash docs/studies/saturating.sh [SIZE [RESULTS]]
# from the workspace root after `cargo build --release` (SIZE 1024 and
# RESULTS results/studies/saturating by default; SIZE 64 uses the committed
# workloads, other sizes need python3 for the generators).
set -euo pipefail
size=${1:-1024}
out=${2:-results/studies/saturating}
gpusim=${GPUSIM:-target/release/gpusim}
rm -rf "$out"
mkdir -p "$out"
if [ "$size" = 64 ]; then
  work=workloads/saturating
  fir=workloads/opencl_apps
else
  work=$out/workloads
  fir=$out/workloads/fir
  python3 workloads/saturating/gen.py "$size" "$size" "$work" > /dev/null
  python3 workloads/opencl_apps/gen.py $((size * size)) "$fir" fixed_point > /dev/null
fi
for model in gcn rdna; do
  "$gpusim" compare --config "$model" --variant native: \
      --variant emulated:emulate.saturating=true,emulate.averages=true,emulate.abs_diff=true \
      "$work"/blend_u8.toml "$work"/blend_u16.toml "$work"/blend_u32.toml \
      "$work"/downsample_u8.toml "$work"/downsample_u16.toml "$work"/sad.toml \
      "$fir"/fixed_point.toml "$fir"/fixed_point_add_sat.toml \
      --results "$out/$model" --quiet
done
