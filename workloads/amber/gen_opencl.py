# Writes opencl_kernel_args.amber and opencl_kernel_asm.amber. Run from this folder:
# python3 gen_opencl.py (opencl_kernel_args.spv is built by the command on the first line of its .cl).
import subprocess, tempfile, os
TMP = tempfile.mkdtemp()
bc, spv = os.path.join(TMP, "mad.bc"), os.path.join(TMP, "mad.spv")
subprocess.run(["clang-14", "-cc1", "-triple", "spir64-unknown-unknown", "-cl-std=CL2.0", "-O2",
                "-finclude-default-header", "-emit-llvm-bc", "mad.cl", "-o", bc], check=True)
subprocess.run(["llvm-spirv-14", "--spirv-max-version=1.0", bc, "-o", spv], check=True)
from fractions import Fraction
# ---- opencl_kernel_args.amber (SPIRV-BIN beside it)
n = 16
ins = [Fraction(1, 2) + Fraction(5, 4) * i for i in range(n)]
scale, offset = Fraction(5, 2), -3
out = [x * scale + offset for x in ins]
for v in out:  # every value is exact in binary32 (few significant bits)
    assert (v * 64).denominator == 1 and abs(v) < 2**20
scale2 = Fraction(-1, 4)
out2 = [x * scale2 + 7 for x in ins]
for v in out2:
    assert (v * 64).denominator == 1
def f(v): return repr(float(v))
t = """#!amber
# An OpenCL C kernel (Kernel execution model) from clang-14 + llvm-spirv-14; the source and the exact
# command are in opencl_kernel_args.cl. Buffers are bound with KERNEL ARG_NAME / ARG_NUMBER and the
# scalar arguments set with SET KERNEL; a derived pipeline changes one argument.
# Expected values computed exactly with Python fractions (all are exact in binary32):
#   out[i] = (0.5 + 1.25 i) * scale + offset.

SHADER compute scale_add SPIRV-BIN FILE opencl_kernel_args.spv

BUFFER in_buf DATA_TYPE float SIZE 16 SERIES_FROM 0.5 INC_BY 1.25
BUFFER out_buf DATA_TYPE float SIZE 16 FILL 0.0
BUFFER out_buf2 DATA_TYPE float SIZE 16 FILL 0.0

PIPELINE compute p1
  ATTACH scale_add ENTRY_POINT scale_add
  BIND BUFFER in_buf KERNEL ARG_NAME in
  BIND BUFFER out_buf KERNEL ARG_NUMBER 1
  SET KERNEL ARG_NAME scale AS float 2.5
  SET KERNEL ARG_NUMBER 3 AS int32 -3
END

DERIVE_PIPELINE p2 FROM p1
  BIND BUFFER out_buf2 KERNEL ARG_NAME out
  SET KERNEL ARG_NAME scale AS float -0.25
  SET KERNEL ARG_NAME offset AS int32 7
END

RUN p1 2 1 1
RUN p2 2 1 1

"""
t += "EXPECT out_buf IDX 0 EQ " + " ".join(f(v) for v in out) + "\n"
t += "EXPECT out_buf2 IDX 0 EQ " + " ".join(f(v) for v in out2) + "\n"
t += "EXPECT in_buf IDX 60 EQ " + f(ins[-1]) + "\n"
open("opencl_kernel_args.amber", "w").write(t)

# ---- opencl_kernel_asm.amber (SPIRV-ASM of a Kernel module)
dis = subprocess.run(["spirv-dis", spv], capture_output=True, text=True, check=True).stdout
src = open("mad.cl").read()
a = [3 * i - 20 for i in range(8)]
b = [1000 + i * i for i in range(8)]
k = -7
res = [x * k + y for x, y in zip(a, b)]
k2 = 2147483647  # wraps modulo 2^32
def w(v):
    v &= 0xffffffff
    return v - 2**32 if v >= 2**31 else v
res2 = [w(x * k2 + y) for x, y in zip(a, b)]
t = "#!amber\n# A SPIR-V Kernel module (OpenCL) given as SPIRV-ASM: `spirv-dis` of clang-14 + llvm-spirv-14 output for\n"
t += "# (clang-14 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -O2 -finclude-default-header -emit-llvm-bc mad.cl -o mad.bc\n"
t += "#  && llvm-spirv-14 --spirv-max-version=1.0 mad.bc -o mad.spv):\n"
t += "".join("#   " + l + "\n" for l in src.splitlines())
t += "# Buffers bound clspv-style (DESCRIPTOR_SET 0 BINDING = argument number) and by ARG_NUMBER.\n"
t += "# Expected: Python integers, out[i] = a[i] * k + b[i] modulo 2^32.\n\n"
t += "SHADER compute mad SPIRV-ASM\n" + dis + "END\n\n"
t += "BUFFER a DATA_TYPE int32 SIZE 8 SERIES_FROM -20 INC_BY 3\n"
t += "BUFFER b DATA_TYPE int32 DATA " + " ".join(map(str, b)) + " END\n"
t += "BUFFER out DATA_TYPE int32 SIZE 8 FILL 0\nBUFFER out2 DATA_TYPE int32 SIZE 8 FILL 0\n\n"
t += "PIPELINE compute p\n  ATTACH mad ENTRY_POINT mad\n  BIND BUFFER a AS storage DESCRIPTOR_SET 0 BINDING 0\n"
t += "  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 1\n  BIND BUFFER out KERNEL ARG_NUMBER 2\n  SET KERNEL ARG_NUMBER 3 AS int32 -7\nEND\n\n"
t += "DERIVE_PIPELINE q FROM p\n  BIND BUFFER out2 KERNEL ARG_NAME out\n  SET KERNEL ARG_NAME k AS int32 2147483647\nEND\n\n"
t += "RUN p 2 1 1\nRUN q 2 1 1\n\n"
t += "EXPECT out IDX 0 EQ " + " ".join(map(str, res)) + "\n"
t += "EXPECT out2 IDX 0 EQ " + " ".join(map(str, res2)) + "\n"
open("opencl_kernel_asm.amber", "w").write(t)
