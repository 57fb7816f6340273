#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates fuzz/corpus/syntax: the seed corpus of slice-syntax-fuzzer.

Every `// -----` chunk of the dialect tests that holds a slice op becomes one
seed (lit and FileCheck comments dropped), so the fuzzer starts from every
form of the custom syntax the tests know, valid and invalid. The first byte
of a seed is the target's lowering switch (slices=view / copy).

Usage: make_syntax_corpus.py   (from anywhere; rewrites the folder)
"""
import hashlib
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "fuzz" / "corpus" / "syntax"
sources = sorted((root / "test" / "Dialect" / "Slice").glob("*.mlir")) + [
    root / "test" / "Transforms" / "assert-to-stderr.mlir",
]

for old in out.glob("seed-*"):
    old.unlink()
count = 0
for source in sources:
    for index, chunk in enumerate(source.read_text().split("// -----")):
        lines = [line for line in chunk.splitlines()
                 if not re.match(r"\s*//", line)]
        text = "\n".join(lines).strip() + "\n"
        if "slice." not in text:
            continue
        mode = bytes([index % 2])
        data = mode + text.encode()
        name = f"seed-{source.stem}-{hashlib.sha1(data).hexdigest()[:8]}"
        (out / name).write_bytes(data)
        count += 1
print(f"{count} seeds in {out.relative_to(root)}")
