# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compiles probes with the exact command the build uses for the semantics
library (lib/Semantics/Spec.cpp in compile_commands.json): the library's
headers compile there, and an MLIR include fails. Prints one line a probe."""
import json
import re
import os
import shlex
import subprocess
import sys
import tempfile

build = sys.argv[1]
with open(os.path.join(build, "compile_commands.json")) as f:
    entries = json.load(f)
entry = next(e for e in entries
             if e["file"].endswith(os.path.join("lib", "Semantics", "Spec.cpp")))
args = shlex.split(entry["command"])
# Keep the compiler and its flags; drop the output and the source.
flags = []
skip = False
for arg in args[1:]:
    if skip:
        skip = False
        continue
    if arg in ("-o", "-c"):
        skip = True
        continue
    flags.append(arg)

probes = {
    "semantics": '#include "Slice/Semantics/Semantics.h"\n',
    "mlir": '#include "mlir/IR/Value.h"\n',
    "dialect": '#include "Slice/IR/SliceOps.h"\n',
    "arith-domain": '#include "Slice/Semantics/Arith/SliceArith.h"\n',
}
with tempfile.TemporaryDirectory() as tmp:
    for name, text in probes.items():
        source = os.path.join(tmp, name + ".cpp")
        with open(source, "w") as f:
            f.write(text + "int main() { return 0; }\n")
        result = subprocess.run(
            [args[0], *flags, "-fsyntax-only", "-fdiagnostics-color=never", source],
            cwd=entry["directory"], capture_output=True, text=True)
        if result.returncode == 0:
            print(f"{name}: compiles")
        else:
            # clang: 'x.h' file not found; GCC: x.h: No such file or directory
            missing = re.search(
                r"'?([\w/.]+\.h)'?(?: file not found|: No such file)",
                result.stderr)
            print(f"{name}: fails: "
                  f"{missing.group(1) if missing else result.stderr.strip()}"
                  " not found")
