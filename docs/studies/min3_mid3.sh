#!/usr/bin/env bash
# The min3/mid3 study (docs/studies/min3_mid3.md): native against emulated
# trinary min/max/mid on 3x3 and 5x5 median filters of SIZE x SIZE u8, u16
# and f32 images and on a sorting network of 3-sorters (SIZE x 8 blocks of
# 243 u32 or f32 keys), on the GCN-like and RDNA-like models; the
# two-operand kernels a compiler without the extension would emit; and a
# sweep of the latency of a dedicated min3 unit. Regenerates every table
# and plot of the page:
#     bash docs/studies/min3_mid3.sh [SIZE [RESULTS]]
# from the workspace root after `cargo build --release` (SIZE 512 and
# RESULTS results/studies/min3_mid3 by default; SIZE 32 uses the committed
# workloads of workloads/median and workloads/sort (8 blocks), other sizes
# need python3 for the generators).
set -euo pipefail
size=${1:-512}
out=${2:-results/studies/min3_mid3}
gpusim=${GPUSIM:-target/release/gpusim}
rm -rf "$out"
mkdir -p "$out"
if [ "$size" = 32 ]; then
  # The committed size: no generator (nor python3) needed.
  work=workloads/median
  sort=workloads/sort
else
  work=$out/workloads
  sort=$out/workloads/sort
  python3 workloads/median/gen.py "$size" "$size" "$work" > /dev/null
  python3 workloads/sort/gen.py $((size * 8)) "$sort" > /dev/null
fi
kernels() { # suffix: "" or "_two_operand"
  for f in 3x3 5x5; do
    for t in u8 u16 f32; do echo "$work/median${f}_$t$1.toml"; done
  done
  for t in u32 f32; do echo "$sort/sort_$t$1.toml"; done
}
for model in gcn rdna; do
  # shellcheck disable=SC2046
  "$gpusim" compare --config "$model" \
      --variant native: --variant emulated:emulate.trinary_minmax=true \
      $(kernels "") --results "$out/$model" --quiet
done
# shellcheck disable=SC2046
"$gpusim" compare --config gcn --config rdna $(kernels _two_operand) \
    --results "$out/two_operand" --quiet
rel() { realpath --relative-to="$out" "$1"; }
cat > "$out/latency.toml" <<TOML
name = "min3_latency"
base = "gcn"
workloads = ["$(rel "$work")/median3x3_u8.toml", "$(rel "$work")/median5x5_u8.toml", "$(rel "$work")/median5x5_f32.toml", "$(rel "$sort")/sort_u32.toml"]
# min3/max3/mid3 on a unit of their own, one per SIMD like the VALU.
set = ['units.min3={count = 1, latency = 4, interval = 4}', 'classes."valu.min3"="min3"']
[parameters]
"units.min3.latency" = [4, 8, 16, 32]
TOML
"$gpusim" sweep "$out/latency.toml" --results "$out" --quiet
