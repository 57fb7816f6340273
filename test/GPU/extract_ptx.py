#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints the PTX that `--slice-to-nvvm=format=isa` embeds in gpu.binary ops.

Reads the lowered module on stdin. For each `gpu.binary @name` it prints a
line `// gpu.binary @name`, the unescaped PTX before its first kernel (the
`.version` and `.target` lines), then for each kernel (`.entry`) a line
`// kernel @NAME` and its PTX up to the next kernel, so that FileCheck can
match each kernel's instructions (the pipelines put every kernel of a
module in one binary, `--slice-merge-kernel-modules`). With `--ptxas PTXAS
--arch sm_XX`, each binary's PTX is also assembled by ptxas for that
architecture; a failure prints the assembler's message and makes the
script exit 1.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

BINARY = re.compile(r"gpu\.binary @(\w+)")
ENTRY = re.compile(r"^(?:\.visible\s+|\.weak\s+)?\.entry\s+(\w+)\(", re.M)
ASSEMBLY = re.compile(r'assembly = "((?:[^"\\]|\\.)*)"')


def unescape(text):
    """MLIR string escapes: \\XX hex bytes, \\\\, \\"."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\":
            if re.match(r"[0-9A-Fa-f]{2}", text[i + 1:i + 3]):
                out.append(int(text[i + 1:i + 3], 16))
                i += 3
                continue
            out += text[i + 1].encode()
            i += 2
            continue
        out += text[i].encode()
        i += 1
    return out.decode()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptxas")
    parser.add_argument("--arch")
    args = parser.parse_args()
    failed = 0
    found = 0
    for line in sys.stdin:
        binary = BINARY.search(line)
        if not binary:
            continue
        for ptx in ASSEMBLY.findall(line):
            found += 1
            ptx = unescape(ptx)
            print(f"// gpu.binary @{binary.group(1)}")
            entries = list(ENTRY.finditer(ptx))
            print(ptx[:entries[0].start()] if entries else ptx)
            for k, entry in enumerate(entries):
                end = entries[k + 1].start() if k + 1 < len(entries) \
                    else len(ptx)
                print(f"// kernel @{entry.group(1)}")
                print(ptx[entry.start():end])
            if not args.ptxas:
                continue
            with tempfile.TemporaryDirectory() as work:
                source = os.path.join(work, "kernel.ptx")
                with open(source, "w") as f:
                    f.write(ptx)
                run = subprocess.run(
                    [args.ptxas, f"-arch={args.arch}", source, "-o",
                     os.path.join(work, "kernel.cubin")],
                    capture_output=True, text=True)
            if run.returncode:
                failed += 1
                print(f"// ptxas FAILED @{binary.group(1)}: {run.stderr}")
            else:
                print(f"// ptxas ok @{binary.group(1)} {args.arch}")
    if not found:
        print("// no PTX found (was the format isa?)")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
