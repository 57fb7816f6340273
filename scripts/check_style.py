#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The style checks of command 2 (test/Style/style.test).

  check_style.py ROOT [--clang-format BINARY] [--fix]

- every source file (C, C++, TableGen, Python, shell, CMake) carries the
  SPDX line of LICENSE;
- every C and C++ file is formatted as .clang-format says (clang-format
  --dry-run -Werror, which names each line that differs).

--fix adds the missing SPDX headers and reformats in place. Prints one line
per problem and `N files checked, N problems`; exits 1 on a problem.
"""

import argparse
import os
import subprocess
import sys

SPDX = "SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"
NOTICE = ["Part of the slice project, under the Apache License v2.0 with LLVM",
          "Exceptions. See the LICENSE file for license information.",
          SPDX]

# Folders with sources, and what is not ours or not source in them.
SOURCE_DIRS = ["include", "lib", "tools", "unittests", "fuzz", "runtime",
               "bench", "examples", "test", "scripts", "cmake", "docs/tools",
               ".ci"]
# bench/out holds what bench/run.sh generates (ignored by git).
SKIP_DIRS = {"corpus", "Output", "__pycache__", "out"}
C_LIKE = (".c", ".cpp", ".h")
HASH_COMMENT = (".py", ".sh", ".cmake")


def source_files(root):
    files = [os.path.join(root, "CMakeLists.txt")]
    for top in SOURCE_DIRS:
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in sorted(names):
                path = os.path.join(folder, name)
                if (name.endswith(C_LIKE + HASH_COMMENT + (".td",)) or
                        name == "CMakeLists.txt" or
                        (top == ".ci" and name == "run")):
                    files.append(path)
    return files


def add_notice(path, text):
    """`text` with the SPDX notice added in the file's comment style."""
    lines = text.split("\n")
    if path.endswith(C_LIKE + (".td",)):
        if lines[0].startswith("//===-"):
            # LLVM's banner: the notice goes in its own block after line 1.
            block = ["//"] + [f"// {l}" for l in NOTICE] + [
                "//", "//===" + "-" * 70 + "===//"]
            return "\n".join(lines[:1] + block + lines[1:])
        if lines[0].startswith("/*===-"):
            width = len(lines[1]) if len(lines) > 1 else 80
            block = [f"|* {l}".ljust(width - 2) + "*|" for l in NOTICE]
            return "\n".join(lines[:1] + block + lines[1:])
        return "\n".join([f"// {l}" for l in NOTICE] + [""] + lines)
    start = 1 if lines[0].startswith("#!") else 0
    if start == 0 and lines[0].startswith("# -*-"):
        start = 1
    block = [f"# {l}" for l in NOTICE]
    if lines[start].startswith("# "):
        block.append("#")
    return "\n".join(lines[:start] + block + lines[start:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--clang-format")
    parser.add_argument("--fix", action="store_true")
    args = parser.parse_args()
    files = source_files(os.path.abspath(args.root))
    problems = 0
    for path in files:
        text = open(path, encoding="utf-8").read()
        if SPDX in text:
            continue
        if args.fix:
            open(path, "w", encoding="utf-8").write(add_notice(path, text))
            continue
        print(f"{os.path.relpath(path, args.root)}: no '{SPDX}' line")
        problems += 1
    if args.clang_format:
        c_files = [f for f in files if f.endswith(C_LIKE)]
        flags = ["-i"] if args.fix else ["--dry-run", "-Werror"]
        # Each file's nearest .clang-format (test/ keeps its comments).
        style = "--style=file"
        for start in range(0, len(c_files), 50):
            result = subprocess.run(
                [args.clang_format, style] + flags + c_files[start:start + 50],
                capture_output=True, text=True)
            if result.returncode:
                # One "warning: code should be clang-formatted" per change.
                report = result.stderr.strip()
                print(report)
                problems += max(1, report.count("code should be"))
    print(f"{len(files)} files checked, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
