# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the CPU benchmarks of this directory share: scripts/compile-aot.sh
run with a build directory, and the work directory's files."""

import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))


def compile_aot(build_dir, *arguments):
    """scripts/compile-aot.sh ARGUMENTS with `build_dir`'s slice-opt."""
    env = dict(os.environ, SLICE_BUILD_DIR=os.path.abspath(build_dir))
    subprocess.run(["bash", os.path.join(ROOT, "scripts", "compile-aot.sh"),
                    *arguments], check=True, env=env)


def work_files(work, stem, *suffixes):
    """Makes `work` and returns its paths `stem` + each suffix."""
    os.makedirs(work, exist_ok=True)
    return [os.path.join(work, stem + suffix) for suffix in suffixes]
