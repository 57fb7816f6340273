#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The f32 functions --slice-to-llvm approximates (--slice-approximate-math:
exp and tanh) over a dense sweep of float32: every bit pattern at a stride
of STRIDE (both signs, subnormals, infinities and NaNs included), every
float in [80, 88.73] (exp near overflow) and in [-104, -87] (subnormal
results) at a stride of 7, and the floats of magnitude below 1e-3 at a
stride of 9973 (tanh near 0): 1.7 million inputs. Each result's bits are compared with NumPy's
float64 function: the largest error in ulp of float32 is reported per
function, and a line MISMATCH where it exceeds BOUND, or where NaN,
infinities or the sign of zero differ (math_coverage.py's comparison).

Usage: approximate_math.py SLICE_OPT RUNNER LIBS [PIPELINE OPTIONS]
           [--ops exp,tanh]
"""

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
import math_coverage as mc  # noqa: E402

STRIDE = 4099
BOUND = 2


def floats_between(lo, hi, stride):
    """Every `stride`-th float32 in [lo, hi] (same sign)."""
    a, b = (np.array([lo, hi], dtype=np.float32).view(np.int32)
            .astype(np.int64))
    a, b = min(a, b), max(a, b)
    return np.arange(a, b + 1, stride).astype(np.int32).view(np.float32)


def sweep():
    patterns = np.arange(0, 2**32, STRIDE, dtype=np.uint64).astype(
        np.uint32).view(np.float32)
    parts = [patterns, floats_between(80.0, 88.73, 7),
             floats_between(-104.0, -87.0, 7),
             floats_between(0.0, 1e-3, 9973),
             -floats_between(0.0, 1e-3, 9973),
             np.array([88.72167, 88.7228, 5.126039, -5.126039, 0.625, -0.625,
                       np.inf, -np.inf, np.nan, 0.0, -0.0],
                      dtype=np.float32)]
    with np.errstate(invalid="ignore"):
        return np.concatenate(parts).astype(np.float64)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("runner")
    parser.add_argument("libs")
    parser.add_argument("options", nargs="?", default="")
    parser.add_argument("--ops", default="exp,tanh")
    parser.add_argument("--worst", action="store_true")
    args = parser.parse_args()
    args.route, args.flush = "cpu", set()
    x = sweep()
    cases = [(op, "f32", x) for op in args.ops.split(",")]
    results, error = mc.run_cpu(args, cases)
    if results is None:
        print(f"MISMATCH: the module did not run:\n{error[:2000]}")
        return 1
    bad = 0
    for (op, ty, inputs), bits in zip(cases, results):
        bad += mc.compare(args, op, ty, inputs, bits, limit=BOUND)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
