#!/usr/bin/env python3
"""Regenerates spirv_val.txt: spirv-val's verdict on each malformed case
of this folder, as isa/tests/validate.rs assembles and patches it (the
test machine has no SPIRV-Tools). Run from the repository root with
spirv-val on the PATH (Debian: apt-get install spirv-tools):

    python3 isa/tests/malformed/spirv_val.py"""

import os
import subprocess
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
version = subprocess.run(["spirv-val", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
with tempfile.TemporaryDirectory() as scratch:
    subprocess.run(["cargo", "test", "--release", "-q", "-p", "gpusim-isa", "--test", "validate",
                    "malformed_modules_are_refused"],
                   env=dict(os.environ, GPUSIM_MALFORMED=scratch), check=True)
    lines = []
    for f in sorted(os.listdir(scratch)):
        r = subprocess.run(["spirv-val", os.path.join(scratch, f)], capture_output=True)
        message = r.stderr.decode("utf-8", "replace").splitlines()[0].strip() if r.stderr else ""
        verdict = "accepted" if r.returncode == 0 else f"refused: {message}"
        lines.append(f"{f[:-4]}.spvasm {verdict}")
with open(os.path.join(here, "spirv_val.txt"), "w") as out:
    out.write(f"# spirv-val's verdicts on the cases of this folder ({version}, universal\n")
    out.write("# environment). Regenerate with isa/tests/malformed/spirv_val.py.\n")
    out.write("\n".join(lines) + "\n")
