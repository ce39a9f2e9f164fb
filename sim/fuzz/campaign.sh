#!/bin/sh
# One AFL++ campaign: ./campaign.sh TARGET SECONDS. Fuzzes target TARGET
# (a binary of src/bin/) from corpus/TARGET/ into findings/TARGET/ for
# SECONDS on one core, under a 4 GB address-space limit, with a run over
# 5 s counted as a hang; then prints the figures docs/robustness.md keeps.
set -eu
target=$1
seconds=$2
fuzz=$(cd "$(dirname "$0")" && pwd)
bin=${CARGO_TARGET_DIR:-$fuzz/target}/release/$target
cd "$fuzz"
[ -d "corpus/$target" ] || ./seed.sh
if [ -e "findings/$target" ]; then
    echo "findings/$target exists: keep its crashes elsewhere and remove it first" >&2
    exit 1
fi
mkdir -p findings
AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    cargo afl fuzz -V "$seconds" -m 4096 -t 5000 \
    -i "corpus/$target" -o "findings/$target" -- "$bin" > "findings/$target.log" 2>&1 || true
stats=findings/$target/default/fuzzer_stats
grep -E '^(run_time|execs_done|execs_per_sec|corpus_count|saved_crashes|saved_hangs) ' "$stats"
ls "findings/$target/default/crashes" "findings/$target/default/hangs" 2>/dev/null | grep -v README || true
