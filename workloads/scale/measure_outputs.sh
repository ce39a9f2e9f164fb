#!/usr/bin/env bash
# Measures what a run's outputs cost at research scale: wall time and peak
# memory (GNU time's maximum resident set) of a timed run without and with
# --trace, as the run grows 10x and 100x, and of an untraced run as the grid
# grows 100x. Usage, from the workspace root after `cargo build --release`:
#     bash workloads/scale/measure_outputs.sh [REPEATS [grid]]
# (`grid` measures only the growing grids).
# Needs /usr/bin/time (Debian: time). Writes under a temporary folder.
set -euo pipefail
repeats=${1:-3}
bin=$PWD/target/release/gpusim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
alu() { # iterations -> manifest
  cat > "$tmp/alu_$1.toml" <<TOML
name = "alu_loop_$1"
kernel = "$PWD/workloads/bench/alu_loop.spv"
entry = "main"
workgroups = [64, 1, 1]
[[buffer]]
name = "o"
type = "u32"
len = 16384
binding = { set = 0, binding = 0 }
[[buffer]]
name = "params"
type = "u32"
data = [$1]
push_constant = true
TOML
  echo "$tmp/alu_$1.toml"
}
vadd() { # workgroups of 64, elements -> manifest
  local n=$2
  cat > "$tmp/vadd_$1_$2.toml" <<TOML
name = "vector_add_$1_$2"
kernel = "$PWD/workloads/vector_add.spv"
entry = "main"
workgroups = [$1, 1, 1]
[[buffer]]
name = "a"
type = "f32"
len = $n
series = { start = 0.0, step = 1.0 }
binding = { set = 0, binding = 0 }
[[buffer]]
name = "b"
type = "f32"
len = $n
series = { start = 0.5, step = 2.0 }
binding = { set = 0, binding = 1 }
[[buffer]]
name = "c"
type = "f32"
len = $n
binding = { set = 0, binding = 2 }
[[buffer]]
name = "params"
type = "u32"
data = [$n]
push_constant = true
[[check]]
buffer = "c"
series = { start = 0.5, step = 3.0 }
TOML
  echo "$tmp/vadd_$1_$2.toml"
}
measure() { # label manifest flags...
  local label=$1 manifest=$2; shift 2
  for r in $(seq "$repeats"); do
    out=$( { /usr/bin/time -f "%e %M" "$bin" run "$manifest" --quiet --results "$tmp/results" "$@" >/dev/null; } 2>&1 | tail -1)
    rm -rf "$tmp/results"
    echo "$label $out"
  done
}
echo "# run wall_seconds max_rss_kb"
if [ "${2:-}" != "grid" ]; then
for it in 64 640 6400; do
  m=$(alu $it)
  measure "alu_loop_${it}_untraced" "$m"
  measure "alu_loop_${it}_traced" "$m" --trace
done
fi
# The grid grows, the buffers stay (workgroups past n exit at once): the
# model's own memory.
for wg in 164 1640 16400; do
  measure "vector_add_${wg}_workgroups_10496_elements" "$(vadd $wg 10496)"
done
# The grid and the buffers grow together: three f32 buffers of n elements.
for wg in 164 1640 16400; do
  measure "vector_add_${wg}_workgroups_$(( wg * 64 ))_elements" "$(vadd $wg $(( wg * 64 )))"
done
