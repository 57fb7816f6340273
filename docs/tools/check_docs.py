#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that README.md and docs/*.md say what works.

Every fenced block of these languages is checked:

  mlir   parsed by slice-opt. A block that holds no func.func or module is a
         fragment: `<!-- check: parse ARGS -->` before it gives the function
         arguments its free SSA values need (`%x: tensor<4xf32>, %b: index`),
         and the fragment is parsed inside `func.func @snippet(ARGS)`.
         Framework ops in generic form ("tf.StridedSlice"(...)) are parsed
         with --allow-unregistered-dialect.
  sh     `<!-- check: run -->`: executed by bash, in order, in one scratch
         directory per document, with the repository's `build/`, `scripts/`,
         `examples/`, `docs/` and `test/` paths pointing into the source
         tree and build under test, and the LLVM prefix `/usr/lib/llvm-22`
         replaced by the one under test. PATH holds the build's bin/ and the
         system's, not LLVM's tool folder: a command must name what Debian
         installs. A ```text block marked `<!-- check: output -->` right
         after it must end its output (its last lines).
         `<!-- check: run-by FILE -->`: FILE (a path from the repository's
         root) runs these commands; it must exist and name every script the
         block calls.
  c, cpp, cmake, mlir
         `<!-- check: file NAME -->` writes the block to NAME in the scratch
         directory, for the run blocks after it.

Any other sh block is an error, so that no shell command in the docs goes
unchecked. Usage:
  check_docs.py --src ROOT --build BUILD --llvm PREFIX --work DIR [FILE.md...]
Prints one line per checked block and `N blocks checked, N problems`.
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys

# The generic form of the front doors' framework ops (docs/frontdoors.md),
# which parses only with --allow-unregistered-dialect.
FRAMEWORK_OP = re.compile(
    r'"(?:tf|tfl|stablehlo|mhlo|onnx|torch|torch_c)\.[\w.]+"\(')
MARKER = re.compile(r"<!--\s*check:\s*(\w[\w-]*)\s*(.*?)\s*-->", re.S)
FENCE = re.compile(r"^```(\w*)\s*$")


def blocks(text):
    """Yields (line, language, body, marker, argument) for each fence."""
    lines = text.split("\n")
    i = 0
    pending = None
    while i < len(lines):
        stripped = lines[i].strip()
        marker = MARKER.fullmatch(stripped)
        if marker:
            pending = (marker.group(1), marker.group(2))
            i += 1
            continue
        fence = FENCE.match(lines[i])
        if fence:
            start = i
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            kind, arg = pending if pending else (None, "")
            yield start + 1, fence.group(1), "\n".join(body) + "\n", kind, arg
            pending = None
        elif stripped:
            pending = None
        i += 1


class Checker:
    def __init__(self, args):
        self.src = pathlib.Path(args.src).resolve()
        self.build = pathlib.Path(args.build).resolve()
        self.llvm = args.llvm
        self.work = pathlib.Path(args.work)
        self.slice_opt = str(self.build / "bin" / "slice-opt")
        self.problems = 0
        self.checked = 0

    def problem(self, where, message):
        print(f"PROBLEM {where}: {message}")
        self.problems += 1

    def rewrite(self, command):
        for folder in ("build", "scripts", "examples", "docs", "test"):
            target = self.build if folder == "build" else self.src / folder
            command = re.sub(rf"(?<![\w/.$-]){folder}(?=/|\s|$)",
                             str(target), command, flags=re.M)
        return command.replace("/usr/lib/llvm-22", self.llvm)

    def parse_mlir(self, where, body, arg):
        if arg or not re.search(r"^\s*(func\.func|module)\b", body, re.M):
            if not arg:
                self.problem(where, "an IR fragment needs <!-- check: parse "
                             "ARGS --> for its free values")
                return
            body = f"func.func @snippet({arg}) {{\n{body}  return\n}}\n"
        command = [self.slice_opt, "-", "-o", "/dev/null"]
        if FRAMEWORK_OP.search(body):
            command.append("--allow-unregistered-dialect")
        result = subprocess.run(command, input=body, capture_output=True,
                                text=True)
        if result.returncode:
            self.problem(where, "does not parse:\n" + result.stderr[:2000])
        else:
            print(f"parsed {where}")

    def run(self, where, body, scratch, expected):
        env = {"PATH": f"{self.build / 'bin'}:/usr/local/bin:/usr/bin:/bin",
               "HOME": os.environ.get("HOME", "/root"),
               "SLICE_BUILD_DIR": str(self.build),
               "SLICE_LLVM_PREFIX": self.llvm}
        for name in ("CC", "SLICE_PYTHON", "ASAN_OPTIONS", "UBSAN_OPTIONS",
                     "LSAN_OPTIONS", "TMPDIR"):
            if name in os.environ:
                env[name] = os.environ[name]
        script = "set -eo pipefail\n" + self.rewrite(body)
        result = subprocess.run(["bash", "-c", script], cwd=scratch, env=env,
                                capture_output=True, text=True)
        if result.returncode:
            self.problem(where, f"exit {result.returncode}:\n"
                         + (result.stdout + result.stderr)[-2000:])
            return
        if expected is not None and not result.stdout.rstrip("\n").endswith(
                expected.rstrip("\n")):
            self.problem(where, "printed\n" + result.stdout
                         + "but the document shows\n" + expected)
            return
        print(f"ran {where}")

    def run_by(self, where, body, arg):
        runners = [self.src / name for name in arg.split()]
        missing = [str(r) for r in runners if not r.exists()]
        if not runners or missing:
            self.problem(where, f"run-by names no file of the repository: "
                         f"{arg!r}")
            return
        texts = {r.name: r.read_text() for r in runners}
        for script in re.findall(r"[\w./-]+\.(?:sh|py)\b", body):
            name = pathlib.Path(script).name
            if not any(name == runner or name in text
                       for runner, text in texts.items()):
                self.problem(where, f"no runner of {arg} runs {script}")
                return
        print(f"run by {arg}: {where}")

    def check(self, path):
        doc = pathlib.Path(path)
        scratch = self.work / doc.stem
        scratch.mkdir(parents=True, exist_ok=True)
        items = list(blocks(doc.read_text()))
        for index, (line, language, body, kind, arg) in enumerate(items):
            where = f"{doc.name}:{line}"
            if kind == "file":
                (scratch / arg).write_text(body)
                print(f"wrote {arg} from {where}")
                self.checked += 1
                if language != "mlir":
                    continue
            if language == "mlir":
                self.checked += 1
                self.parse_mlir(where, body, arg if kind == "parse" else "")
            elif language in ("sh", "bash", "console", "shell"):
                self.checked += 1
                if kind == "run":
                    expected = None
                    if (index + 1 < len(items) and
                            items[index + 1][3] == "output"):
                        expected = items[index + 1][2]
                    self.run(where, body, scratch, expected)
                elif kind == "run-by":
                    self.run_by(where, body, arg)
                else:
                    self.problem(where, "a shell block without <!-- check: "
                                 "run --> or <!-- check: run-by FILE -->")


# The README is the front page: the two commands, what slice is, a table
# and the layout. The catalogue lives in docs/features.md.
README_MAX_LINES = 150


def check_index(checker):
    """docs/README.md links every page of docs/, and README.md stays short
    and links docs/README.md."""
    readme = (checker.src / "README.md").read_text()
    lines = readme.count("\n")
    if lines > README_MAX_LINES:
        checker.problem("README.md", f"{lines} lines, more than "
                        f"{README_MAX_LINES}: the details go in docs/")
    if "(docs/README.md)" not in readme:
        checker.problem("README.md", "does not link docs/README.md")
    index = checker.src / "docs" / "README.md"
    if not index.exists():
        checker.problem("docs/README.md", "missing: the index of docs/")
        return
    text = index.read_text()
    for page in sorted((checker.src / "docs").glob("*.md")):
        if page.name != "README.md" and f"({page.name})" not in text:
            checker.problem("docs/README.md", f"does not name {page.name}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--src", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--llvm", default="/usr/lib/llvm-22")
    parser.add_argument("--work", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    checker = Checker(args)
    files = args.files or ([str(checker.src / "README.md")] + sorted(
        str(p) for p in (checker.src / "docs").glob("*.md")))
    for path in files:
        checker.check(path)
    if not args.files:
        check_index(checker)
    print(f"{checker.checked} blocks checked, {checker.problems} problems")
    return 1 if checker.problems else 0


if __name__ == "__main__":
    sys.exit(main())
