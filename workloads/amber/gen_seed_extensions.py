# Writes amd_trinary_minmax.amber, intel_integer_functions2.amber, float_atomic_min_max.amber and
# zero_initialize_workgroup_memory.amber
# from the .comp sources beside this file. Run from this folder: python3 gen_seed_extensions.py
import struct, subprocess, tempfile, os
TMP = tempfile.mkdtemp()
def dis(spv):
    src = spv.replace(".spv", ".comp")
    out = os.path.join(TMP, spv)
    subprocess.run(["glslangValidator", "-V", "-S", "comp", src, "-o", out], check=True, capture_output=True)
    return subprocess.run(["spirv-dis", out], capture_output=True, text=True, check=True).stdout
def clamp(v, lo, hi): return max(lo, min(hi, v))
def wrap_i32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >= 1 << 31 else v
I32 = (-(1<<31), (1<<31)-1); U32 = (0, (1<<32)-1)
# ---------------- INTEL integer functions 2
ipairs = [(2147483647, 1), (-2147483648, 5), (-7, 196610), (100, -100)]
upairs = [(4294967295, 1), (0, 0), (0x80000000, 0x12345678), (100, 0x10010)]
oi = []
for a, b in ipairs:
    s16 = b & 0xffff; s16 = s16 - 0x10000 if s16 >= 0x8000 else s16
    oi += [clamp(a+b, *I32), clamp(a-b, *I32), (a+b) >> 1, (a+b+1) >> 1,
           wrap_i32(clamp(abs(a-b), *U32)), wrap_i32(a * s16)]
ou = []
for a, b in upairs:
    clz = 32 - a.bit_length()
    ctz = 32 if b == 0 else (b & -b).bit_length() - 1
    ou += [clamp(a+b, *U32), clamp(a-b, *U32), (a+b) >> 1, (a+b+1) >> 1, abs(a-b),
           (a * (b & 0xffff)) & 0xffffffff, clz, ctz]
src = open("int2.comp").read()
text = "#!amber\n# SPV_INTEL_shader_integer_functions2 (OpIAddSatINTEL, OpUSubSatINTEL, OpIAverageINTEL,\n"
text += "# OpIAverageRoundedINTEL, OpAbsISubINTEL, OpIMul32x16INTEL, OpUCountLeadingZerosINTEL ...).\n"
text += "# Expected values computed independently with Python integers (gen.py beside this file).\n"
text += "# The SPIR-V below is `glslangValidator -V -S comp int2.comp -o int2.spv && spirv-dis int2.spv` of:\n"
text += "".join("#   " + l + "\n" for l in src.splitlines())
text += "\nDEVICE_EXTENSION VK_INTEL_shader_integer_functions2\n\nSHADER compute int2 SPIRV-ASM\n" + dis("int2.spv") + "END\n\n"
text += "BUFFER in_i DATA_TYPE vec2<int32> DATA\n" + "".join(f"{a} {b}\n" for a, b in ipairs) + "END\n"
text += "BUFFER in_u DATA_TYPE vec2<uint32> DATA\n" + "".join(f"{a} {b}\n" for a, b in upairs) + "END\n"
text += "BUFFER out_i DATA_TYPE int32 SIZE 24 FILL 0\nBUFFER out_u DATA_TYPE uint32 SIZE 32 FILL 0\n\n"
text += "PIPELINE compute pipeline\n  ATTACH int2\n"
for n, (b, i) in enumerate([("in_i", 0), ("in_u", 1), ("out_i", 2), ("out_u", 3)]):
    text += f"  BIND BUFFER {b} AS storage DESCRIPTOR_SET 0 BINDING {i}\n"
text += "END\n\nRUN pipeline 1 1 1\n\n"
text += "# per row: addSat subSat average averageRounded int(absDiff) mul32x16\n"
for k in range(4):
    text += f"EXPECT out_i IDX {24*k} EQ " + " ".join(str(v) for v in oi[6*k:6*k+6]) + "\n"
text += "# per row: addSat subSat average averageRounded absDiff mul32x16 clz(x) ctz(y)\n"
for k in range(4):
    text += f"EXPECT out_u IDX {32*k} EQ " + " ".join(str(v) for v in ou[8*k:8*k+8]) + "\n"
open("intel_integer_functions2.amber", "w").write(text)

# ---------------- AMD trinary min/max/mid
f = [(1.0, 2.0, 3.0), (5.5, -2.25, 0.5), (-1e30, 1e30, 7.0), (3.0, 3.0, -4.0)]
i = [(-5, 7, 0), (2147483647, -2147483648, -1), (4, 4, 4), (10, -20, 30)]
u = [(0, 4294967295, 5), (3, 1, 2), (100, 100, 1), (2147483648, 7, 2147483647)]
def f32(x): return struct.unpack("<f", struct.pack("<f", x))[0]
def mmm(t): s = sorted(t); return (s[0], s[2], s[1])
src = open("tri.comp").read()
text = "#!amber\n# SPV_AMD_shader_trinary_minmax: FMin3AMD, FMax3AMD, FMid3AMD, SMin3AMD ... UMid3AMD.\n"
text += "# Expected values: min, max and median of each triple, sorted in Python (gen.py beside this file).\n"
text += "# The SPIR-V below is `glslangValidator -V -S comp tri.comp -o tri.spv && spirv-dis tri.spv` of:\n"
text += "".join("#   " + l + "\n" for l in src.splitlines())
text += "\nDEVICE_EXTENSION VK_AMD_shader_trinary_minmax\n\nSHADER compute tri SPIRV-ASM\n" + dis("tri.spv") + "END\n\n"
def fmt(v): return repr(v) if isinstance(v, float) else str(v)
for name, ty, rows in [("in_f", "vec4<float>", f), ("in_i", "vec4<int32>", i), ("in_u", "vec4<uint32>", u)]:
    text += f"BUFFER {name} DATA_TYPE {ty} DATA\n" + "".join(" ".join(fmt(x) for x in r) + " 0\n" for r in rows) + "END\n"
text += "BUFFER out_f DATA_TYPE vec4<float> SIZE 4 FILL 0.0\nBUFFER out_i DATA_TYPE vec4<int32> SIZE 4 FILL 0\nBUFFER out_u DATA_TYPE vec4<uint32> SIZE 4 FILL 0\n\n"
text += "PIPELINE compute pipeline\n  ATTACH tri\n"
for n, b in enumerate(["in_f", "in_i", "in_u", "out_f", "out_i", "out_u"]):
    text += f"  BIND BUFFER {b} AS storage DESCRIPTOR_SET 0 BINDING {n}\n"
text += "END\n\nRUN pipeline 1 1 1\n\n# per row: min3 max3 mid3\n"
for name, rows in [("out_f", f), ("out_i", i), ("out_u", u)]:
    for k, r in enumerate(rows):
        text += f"EXPECT {name} IDX {16*k} EQ " + " ".join(fmt(x) for x in mmm(r)) + "\n"
open("amd_trinary_minmax.amber", "w").write(text)

# ---------------- float atomic min/max
v = [3.5, -1.25, 1e20, -7.0, 0.0, 2.0, -1e-3, 6.25, 100.0, -100.5, 0.5, 8.0, -6.0, 1.0, 2.5, -0.75]
src = open("fatom.comp").read()
text = "#!amber\n# SPV_EXT_shader_atomic_float_min_max: OpAtomicFMinEXT / OpAtomicFMaxEXT on a storage buffer.\n"
text += "# 16 invocations fold their values into one min and one max, which start at +1e30 and -1e30.\n"
text += "# Expected: Python min() and max() of the values (gen.py beside this file).\n"
text += "# The SPIR-V below is `glslangValidator -V -S comp fatom.comp -o fatom.spv && spirv-dis fatom.spv` of:\n"
text += "".join("#   " + l + "\n" for l in src.splitlines())
text += "\nDEVICE_EXTENSION VK_EXT_shader_atomic_float2\n\nSHADER compute fatom SPIRV-ASM\n" + dis("fatom.spv") + "END\n\n"
text += "BUFFER values DATA_TYPE float DATA\n" + " ".join(repr(x) for x in v) + "\nEND\n"
text += "BUFFER result DATA_TYPE float DATA 1e30 -1e30 END\n\n"
text += "PIPELINE compute pipeline\n  ATTACH fatom\n  BIND BUFFER values AS storage DESCRIPTOR_SET 0 BINDING 0\n  BIND BUFFER result AS storage DESCRIPTOR_SET 0 BINDING 1\nEND\n\n"
text += "RUN pipeline 2 1 1\n\n"
text += f"EXPECT result IDX 0 EQ {min(v)!r} {max(v)!r}\n"
open("float_atomic_min_max.amber", "w").write(text)

# ---------------- workgroup memory with a null initializer
groups, size = 4, 256
expect = []
for wg in range(groups):
    s = [0, 0, 0, 0]    # zeroed for each workgroup, once, before any of its waves runs
    s[0] += wg + 1      # invocation 0's atomicAdd, before the barrier
    expect += [s[k % 4] for k in range(size)]
src = open("zero_init.comp").read()
text = "#!amber\n# VK_KHR_zero_initialize_workgroup_memory: a workgroup array with a null initializer, of which\n"
text += "# invocation 0 adds its workgroup's number + 1 to element 0 before a barrier; every invocation\n"
text += "# then reads element index % 4. Each of the 4 workgroups (4 or 8 waves) must see its own zeroed\n"
text += "# array: no later wave re-initialises it, and no workgroup sees another's sum.\n"
text += "# Expected values computed in Python (gen_seed_extensions.py beside this file).\n"
text += "# The SPIR-V below is `glslangValidator -V -S comp zero_init.comp -o zero_init.spv && spirv-dis zero_init.spv` of:\n"
text += "".join("#   " + l + "\n" for l in src.splitlines())
text += "\nDEVICE_EXTENSION VK_KHR_zero_initialize_workgroup_memory\n"
text += "DEVICE_FEATURE ZeroInitializeWorkgroupMemoryFeatures.shaderZeroInitializeWorkgroupMemory\n\n"
text += "SHADER compute zero_init SPIRV-ASM\n" + dis("zero_init.spv") + "END\n\n"
text += f"BUFFER out DATA_TYPE uint32 SIZE {groups * size} FILL 99\n"
text += "BUFFER expected DATA_TYPE uint32 DATA\n"
text += "".join(" ".join(str(v) for v in expect[r:r + 32]) + "\n" for r in range(0, len(expect), 32)) + "END\n\n"
text += "PIPELINE compute pipeline\n  ATTACH zero_init\n  BIND BUFFER out AS storage DESCRIPTOR_SET 0 BINDING 0\nEND\n\n"
text += f"RUN pipeline {groups} 1 1\n\nEXPECT out EQ_BUFFER expected\n"
open("zero_initialize_workgroup_memory.amber", "w").write(text)
