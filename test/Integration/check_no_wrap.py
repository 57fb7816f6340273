#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Finds `nuw` that a possibly negative stride reaches in LLVM dialect text.

MLIR 22's MemRef-to-LLVM lowering computes an element's address as
`getelementptr inbounds|nuw (gep aligned[offset])[sum(index * stride)]`,
with `overflow<nsw, nuw>` on the multiplications and additions, whatever
the strides (Slice/Compat/MemRefToLLVM.h). With a stride that may be
negative that is poison: `index * stride` wraps as unsigned, and so does the
pointer addition of a negative sum. This script flags, per function:

  - `llvm.mul` / `llvm.add` / `llvm.sub` carrying `nuw` with an operand
    that may be negative: a negative constant, a memref descriptor's stride
    (`llvm.extractvalue %d[4, k]`), or arithmetic on one;
  - `llvm.getelementptr` carrying `nuw` whose base is itself a GEP (a view's
    offset applied, after which the index may step backwards) and whose
    index may be negative in that sense.

A GEP straight off a buffer's aligned pointer (what the copy loops and
kernels emit, with the element's full, non-negative position as index) is
not flagged, nor is arithmetic without `nuw`.

Values are tracked by name per function: print the IR with
`--mlir-print-unique-ssa-ids`, or sibling regions (the parallel loops of
`parallel-bytes`) may reuse a name and mix two values up.

Usage: check_no_wrap.py FILE...   (exit 1 and one line per finding)
       or import and call find_violations(text).
"""

import re
import sys

_DEF = re.compile(r"^\s*(%[\w.$-]+(?::\d+)?)\s*=\s*([\w.]+)(.*)$")
_OPERAND = re.compile(r"%[\w.$-]+")
_FUNC = re.compile(r"^\s*llvm\.func\b.*@([\w.$-]+)")
_CONSTANT = re.compile(r"llvm\.mlir\.constant\((-?\d+)\s*:")


def _flags(rest, keyword):
    """The flags after `keyword` (overflow<...> or a GEP's a|b), a set."""
    if keyword == "overflow":
        match = re.search(r"overflow<([^>]*)>", rest)
        return set(f.strip() for f in match.group(1).split(",")) \
            if match else set()
    match = re.match(r"\s*([a-z_|]+)\s+%", rest)
    return set(match.group(1).split("|")) if match else set()


def find_violations(text):
    """A list of findings, each `function: line`."""
    findings = []
    function = "?"
    defs = {}
    may_be_negative = set()
    for line in text.splitlines():
        header = _FUNC.match(line)
        if header:
            function = header.group(1)
            defs = {}
            may_be_negative = set()
            continue
        match = _DEF.match(line)
        if not match:
            continue
        result, op, rest = match.groups()
        # The operands, up to the type (after " : ").
        operand_text = rest.split(" : ")[0]
        operands = _OPERAND.findall(operand_text)
        defs[result] = op
        if op == "llvm.mlir.constant":
            constant = _CONSTANT.search(line)
            if constant and int(constant.group(1)) < 0:
                may_be_negative.add(result)
            continue
        if op == "llvm.extractvalue":
            if re.search(r"\[4,\s*\d+\]", operand_text):
                may_be_negative.add(result)
            continue
        if op in ("llvm.mul", "llvm.add", "llvm.sub"):
            tainted = any(o in may_be_negative for o in operands)
            if tainted and "nuw" in _flags(rest, "overflow"):
                findings.append(f"{function}: {line.strip()}")
            # A difference may be negative whatever its operands.
            if tainted or op == "llvm.sub":
                may_be_negative.add(result)
            continue
        if op == "llvm.getelementptr":
            if "nuw" not in _flags(rest, "gep"):
                continue
            if len(operands) < 2:
                continue
            base, index = operands[0], operands[1]
            if defs.get(base) == "llvm.getelementptr" and \
                    index in may_be_negative:
                findings.append(f"{function}: {line.strip()}")
    return findings


def main():
    findings = []
    for path in sys.argv[1:]:
        with open(path) as f:
            findings += [f"{path}: {v}" for v in find_violations(f.read())]
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
