# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the benchmark's MLIR modules and the harness's table into a folder:
ours_{alloc,alloc_mt,into,into_mt,view}.mlir, upstream_{alloc,into}.mlir and
points.h; {ours,ours_mt,upstream}_update.mlir and update_points.h for the
write side; eigen_points.h for bench/eigen_harness.cpp."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for kind in ("alloc", "alloc_mt", "into", "into_mt", "view"):
    with open(os.path.join(out, f"ours_{kind}.mlir"), "w") as f:
        f.write(cases.ours_module(kind))
for kind in ("alloc", "into"):
    with open(os.path.join(out, f"upstream_{kind}.mlir"), "w") as f:
        f.write(cases.upstream_module(kind))
with open(os.path.join(out, "points.h"), "w") as f:
    f.write(cases.harness_table())
for route in cases.UPDATE_SYMBOLS:
    with open(os.path.join(out, f"{route}_update.mlir"), "w") as f:
        f.write(cases.update_module(route))
with open(os.path.join(out, "update_points.h"), "w") as f:
    f.write(cases.update_table())
with open(os.path.join(out, "eigen_points.h"), "w") as f:
    f.write(cases.eigen_table())
