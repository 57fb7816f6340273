# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the runner-utils printers (printMemref*) print, read back: the one
parser of printed memrefs that the differential tests share."""

import re

HEADER = re.compile(r"rank = (\d+) offset = -?\d+ sizes = \[([^\]]*)\]")
NUMBER = re.compile(r"-?(?:inf|nan|[0-9][0-9.e+-]*)")


def parse_value(text):
    """A printed element: an int where it prints as one (i64 values past
    2^53 stay exact), a float otherwise (inf and nan included)."""
    if any(c in text for c in ".en"):
        return float(text)
    return int(text)


def parse_printed(output):
    """(sizes, flat values) per printed memref, in order. The values may
    start on the header's line (after `data =`) or on the lines after it,
    up to the next header."""
    results = []
    lines = output.splitlines()
    i = 0
    while i < len(lines):
        m = HEADER.search(lines[i])
        if not m:
            i += 1
            continue
        sizes = [int(s) for s in m.group(2).split(",") if s.strip()]
        text = [lines[i].split("data =", 1)[1] if "data =" in lines[i] else ""]
        i += 1
        while i < len(lines) and not HEADER.search(lines[i]):
            text.append(lines[i])
            i += 1
        values = [parse_value(v) for v in NUMBER.findall(" ".join(text))]
        results.append((sizes, values))
    return results
