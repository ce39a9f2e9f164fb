#!/usr/bin/env bash
# The min3/mid3 study (docs/studies/min3_mid3.md): native against emulated
# trinary min/max/mid on 3x3 median filters of SIZE x SIZE u8, u16 and f32
# images, on the GCN-like and RDNA-like models; the two-operand kernels a
# compiler without the extension would emit; and a sweep of the latency of
# a dedicated min3 unit. Regenerates every table and plot of the page:
#     bash docs/studies/min3_mid3.sh [SIZE [RESULTS]]
# from the workspace root after `cargo build --release` (SIZE 512 and
# RESULTS results/studies/min3_mid3 by default; SIZE 32 uses the committed
# workloads of workloads/median, other sizes need python3 for gen.py).
set -euo pipefail
size=${1:-512}
out=${2:-results/studies/min3_mid3}
gpusim=${GPUSIM:-target/release/gpusim}
rm -rf "$out"
mkdir -p "$out"
if [ "$size" = 32 ]; then
  # The committed size: no generator (nor python3) needed.
  work=workloads/median
else
  work=$out/workloads
  python3 workloads/median/gen.py "$size" "$size" "$work"
fi
for model in gcn rdna; do
  "$gpusim" compare --config "$model" \
      --variant native: --variant emulated:emulate.trinary_minmax=true \
      "$work"/median3x3_u8.toml "$work"/median3x3_u16.toml "$work"/median3x3_f32.toml \
      --results "$out/$model" --quiet
done
"$gpusim" compare --config gcn --config rdna \
    "$work"/median3x3_u8_two_operand.toml "$work"/median3x3_u16_two_operand.toml \
    "$work"/median3x3_f32_two_operand.toml --results "$out/two_operand" --quiet
cat > "$out/latency.toml" <<TOML
name = "min3_latency"
base = "gcn"
workloads = ["$(realpath --relative-to="$out" "$work")/median3x3_u8.toml", "$(realpath --relative-to="$out" "$work")/median3x3_f32.toml"]
# min3/max3/mid3 on a unit of their own, one per SIMD like the VALU.
set = ['units.min3={count = 1, latency = 4, interval = 4}', 'classes."valu.min3"="min3"']
[parameters]
"units.min3.latency" = [4, 8, 16, 32]
TOML
"$gpusim" sweep "$out/latency.toml" --results "$out" --quiet
