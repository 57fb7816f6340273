#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""slice-opt ($SLICE_REAL_OPT) with a bug put in on purpose: it refuses
every module on standard input that holds a slice.strided_update, as a
compiler that fails its own verifier would
(programs-differential-reducer.test)."""

import os
import subprocess
import sys

text = sys.stdin.read()
if "slice.strided_update" in text:
    sys.stderr.write("<stdin>:1:1: error: an update refused on purpose\n")
    sys.exit(1)
run = subprocess.run([os.environ["SLICE_REAL_OPT"]] + sys.argv[1:],
                     input=text, text=True)
sys.exit(run.returncode)
