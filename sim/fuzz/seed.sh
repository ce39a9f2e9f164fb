#!/bin/sh
# Seeds corpus/<target>/ from the inputs bundled with gpusim (kernels,
# manifests, configs, Amber scripts). Files over 64 KiB are left out: AFL++
# mutates small inputs best. Run from anywhere; the corpus is not committed.
set -eu
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz/../.." && pwd)
cd "$root"
seed() { # target, then find(1) arguments
    target=$1
    shift
    mkdir -p "$fuzz/corpus/$target"
    find workloads configs sim/tests isa/tests "$@" -size -64k -print | while read -r f; do
        cp "$f" "$fuzz/corpus/$target/$(echo "$f" | tr / _)"
    done
    echo "$target: $(ls "$fuzz/corpus/$target" | wc -l) seeds"
}
for target in spirv_lower kernel_launch disassemble_reassemble; do
    seed $target -name '*.spv'
done
seed assemble -name '*.spvasm'
seed manifest -name '*.toml' -exec grep -q '^kernel *=' {} \;
seed config -name '*.toml' -exec grep -q '^\[cu\]\|^inherit' {} \;
seed amber -name '*.amber'
