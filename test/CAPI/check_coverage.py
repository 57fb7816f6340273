#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lists the C API functions that no C test calls.

Usage: check_coverage.py HEADER_DIR GENERATED_DIR TEST_DIR
Functions are the MLIR_CAPI_EXPORTED declarations of the headers in
HEADER_DIR and of the Passes.capi.h.inc files under GENERATED_DIR; a
function is tested when a .c file of TEST_DIR names it.
"""

import pathlib
import re
import sys


def main():
    headers, generated, tests = map(pathlib.Path, sys.argv[1:4])
    files = list(headers.glob("*.h")) + list(generated.rglob("*.capi.h.inc"))
    declared = set()
    for path in files:
        text = path.read_text()
        for match in re.finditer(r"MLIR_CAPI_EXPORTED\s+[\w\s\*]*?\b(mlir\w+)\s*\(",
                                 text):
            declared.add(match.group(1))
        # MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Slice, slice) declares
        # mlirGetDialectHandle__slice__.
        for match in re.finditer(
                r"MLIR_DECLARE_CAPI_DIALECT_REGISTRATION\(\w+,\s*(\w+)\)", text):
            declared.add(f"mlirGetDialectHandle__{match.group(1)}__")
    used = "\n".join(p.read_text() for p in tests.glob("*.c"))
    missing = sorted(name for name in declared
                     if not re.search(r"\b" + name + r"\b", used))
    for name in missing:
        print(f"untested: {name}")
    if not declared:
        print("untested: no declarations found")
        return 1
    print(f"{len(declared)} C API functions, "
          + ("all called from C tests" if not missing else
             f"{len(missing)} not called"))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
