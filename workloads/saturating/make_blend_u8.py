#!/usr/bin/env python3
"""Writes blend_u8.spvasm, the 8-bit saturating blend, from blend_u16.spv.

glslang has no 8-bit overloads of addSaturate / subtractSaturate (it widens
uint8_t operands to 32 bits), so the u8 blend cannot come from blend.comp.
Instead this script takes `spirv-dis blend_u16.spv` and narrows it:

- OpCapability Int16 -> Int8, StorageBuffer16BitAccess ->
  StorageBuffer8BitAccess, plus OpExtension "SPV_KHR_8bit_storage" before
  the INTEL one (8-bit storage is core since SPIR-V 1.5, as 16-bit storage
  is since 1.3, which is why blend_u16 has no storage OpExtension; it is
  declared all the same so the module says what it uses);
- %ushort = OpTypeInt 16 0 -> %uchar = OpTypeInt 8 0, and every id named
  after ushort renamed after uchar;
- ArrayStride 2 -> ArrayStride 1 (the runtime arrays of the buffers).

The saturating instructions are the core opcodes of
SPV_INTEL_shader_integer_functions2 (OpUAddSatINTEL, OpUSubSatINTEL), not
OpExtInst; their result type is %ushort, so the rename makes them operate
on 8-bit integers. Every rule must match the expected number of times, or
the script stops. From this folder:

    python3 make_blend_u8.py            # runs spirv-dis blend_u16.spv
    spirv-as --target-env vulkan1.2 blend_u8.spvasm -o /tmp/blend_u8.spv
    spirv-val --target-env vulkan1.2 /tmp/blend_u8.spv
"""
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))

# (pattern, replacement, expected number of matches)
RULES = [
    (r"^( *)OpCapability Int16$", r"\1OpCapability Int8", 1),
    (r"^( *)OpCapability StorageBuffer16BitAccess$", r"\1OpCapability StorageBuffer8BitAccess", 1),
    (r'^( *)(OpExtension "SPV_INTEL_shader_integer_functions2")$',
     r'\1OpExtension "SPV_KHR_8bit_storage"\n\1\2', 1),
    (r"OpTypeInt 16 0$", "OpTypeInt 8 0", 1),
    (r"ArrayStride 2$", "ArrayStride 1", 5),
    (r"ushort", "uchar", None),  # every id named after the type (checked below)
]


def main():
    text = subprocess.run(["spirv-dis", os.path.join(HERE, "blend_u16.spv")],
                          check=True, capture_output=True, text=True).stdout
    for pattern, repl, count in RULES:
        text, n = re.subn(pattern, repl, text, flags=re.M)
        assert n > 0 and (count is None or n == count), f"{pattern!r} matched {n} times"
    assert "OpTypeInt 16" not in text and "16Bit" not in text, "a 16-bit leftover"
    assert len(re.findall(r"Op[UI](Add|Sub)SatINTEL %uchar", text)) == 3
    lines = text.splitlines(keepends=True)
    header = ["; blend_u8: written by make_blend_u8.py from `spirv-dis blend_u16.spv` (see there);\n",
              "; the u16 blend with 8-bit types: saturating add and subtract on uint8.\n"]
    with open(os.path.join(HERE, "blend_u8.spvasm"), "w") as f:
        f.writelines(header + lines)


main()
