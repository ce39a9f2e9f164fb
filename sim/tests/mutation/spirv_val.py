#!/usr/bin/env python3
"""Regenerates spirv_val.txt, spirv-val's verdicts on the mutants of
sim/tests/mutation.rs (the test machine has no SPIRV-Tools). Run from the
repository root with spirv-val on the PATH (Debian: apt-get install
spirv-tools):

    python3 sim/tests/mutation/spirv_val.py

It has the test write its mutants to a scratch folder (GPUSIM_MUTANTS),
runs spirv-val (universal environment of the module's version) on each,
and records which it refuses. A refusal for a rule gpusim does not check,
by the patterns in EXEMPT, is recorded as exempt with its reason; the test
requires every other refused mutant to be refused by gpusim too."""

import os
import re
import subprocess
import sys
import tempfile

# spirv-val's message -> why gpusim may run such a module.
EXEMPT = [
    (r"requires SPIR-V version",
     "the SPIR-V version an enumerant needs"),
    (r"cannot be applied to structure members|must be a memory object declaration",
     "where a decoration gpusim does not read may be put"),
    (r"must be explicitly laid out",
     "explicit layout of Block structs (gpusim lays out undecorated members itself)"),
    (r"is not listed as an interface",
     "SPIR-V 1.4's listing of every global variable an entry point uses"),
]

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "spirv_val.txt")
version = subprocess.run(["spirv-val", "--version"], capture_output=True, text=True).stdout.splitlines()[0]

with tempfile.TemporaryDirectory() as scratch:
    env = dict(os.environ, GPUSIM_MUTANTS=scratch)
    subprocess.run(["cargo", "test", "--release", "-q", "-p", "gpusim", "--test", "mutation"],
                   env=env, check=True)
    hashes = open(os.path.join(scratch, "hashes.txt")).read().split("\n")
    refused, exempt = {}, []
    names = sorted((f[:-4] for f in os.listdir(scratch) if f.endswith(".spv")),
                   key=lambda n: (n.rsplit("-", 1)[0], int(n.rsplit("-", 1)[1])))
    for name in names:
        r = subprocess.run(["spirv-val", os.path.join(scratch, name + ".spv")],
                           capture_output=True)
        if r.returncode == 0:
            continue
        stem, k = name.rsplit("-", 1)
        refused.setdefault(stem, []).append(int(k))
        message = r.stderr.decode("utf-8", "replace").splitlines()[0] if r.stderr else ""
        for pattern, reason in EXEMPT:
            if re.search(pattern, message):
                exempt.append(f"exempt {name} {reason}: spirv-val says \"{message.strip()}\"")
                break


def ranges(ks):
    out, start = [], None
    for i, k in enumerate(ks):
        if start is None:
            start = k
        if i + 1 == len(ks) or ks[i + 1] != k + 1:
            out.append(str(start) if start == k else f"{start}-{k}")
            start = None
    return ",".join(out)


with open(out, "w") as f:
    f.write(f"# spirv-val's verdicts on the mutants of sim/tests/mutation.rs ({version},\n")
    f.write("# universal environment). Regenerate with sim/tests/mutation/spirv_val.py.\n")
    f.write("# mutants KERNEL HASH: the mutants judged (FNV-1a of their bytes)\n")
    f.write("# refused KERNEL K,K-K: the mutants spirv-val refuses\n")
    f.write("# exempt NAME REASON: refused for a rule gpusim leaves out of scope\n")
    for h in hashes:
        if h:
            f.write(f"mutants {h}\n")
    for stem, ks in refused.items():
        f.write(f"refused {stem} {ranges(ks)}\n")
    for line in exempt:
        f.write(line + "\n")
print(f"{sum(map(len, refused.values()))} refused, {len(exempt)} exempt: {out}", file=sys.stderr)
