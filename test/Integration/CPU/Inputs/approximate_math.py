#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Measures the math functions --slice-to-llvm approximates
(--slice-approximate-math: exp and tanh) against NumPy in float64: for each
function, inputs over its whole range (edges, subnormals, infinities and
NaN included) go through a module whose element-wise op bitcasts each
result to i32, so that every bit is printed; the largest error in ulp of
float32 is reported per function, and a line MISMATCH where it exceeds the
bound, or where NaN, infinity or the sign of zero differ. A result below
float32's smallest normal (exp of less than -87.3) may come out 0: counted,
not an error.

Usage: approximate_math.py SLICE_OPT RUNNER LIBS [PIPELINE]
"""

import subprocess
import sys

import numpy as np

# function: (inputs, NumPy in float64, largest error in ulp allowed)
N = 4096
rng = np.random.default_rng(7)


def spread(lo, hi, n=N):
    return np.concatenate([np.linspace(lo, hi, n // 2),
                           rng.uniform(lo, hi, n // 2)])


SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40, 1e-30, 1.0, -1.0]
CASES = {
    "exp": (np.concatenate([spread(-104, 89), SPECIAL, [88.72, -87.3, 100.0, -200.0]]), np.exp, 5),
    "tanh": (np.concatenate([spread(-12, 12), spread(-1e-3, 1e-3), SPECIAL]), np.tanh, 4),
}


def reference(name, x):
    with np.errstate(all="ignore"):
        return CASES[name][1](x.astype(np.float64))


def ulp_error(got, want):
    """|got - want| in ulp of float32 at want (want rounded to f32)."""
    want32 = want.astype(np.float32)
    spacing = np.spacing(np.abs(want32)).astype(np.float64)
    spacing[spacing == 0] = np.finfo(np.float32).smallest_subnormal
    return np.abs(got.astype(np.float64) - want) / spacing


def module(name, values):
    n = len(values)
    data = ", ".join(repr(float(v)).replace("nan", "0x7FC00000")
                     .replace("inf", "0x7F800000")
                     if np.isfinite(v) or np.isnan(v) else
                     ("0x7F800000" if v > 0 else "0xFF800000")
                     for v in values.astype(np.float32))
    data = data.replace("-0x7F800000", "0xFF800000")
    return f"""func.func private @printMemrefI32(tensor<*xi32>)
func.func @compute(%x: tensor<{n}xf32>) -> tensor<{n}xi32> {{
  %e = tensor.empty() : tensor<{n}xi32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}} ins(%x : tensor<{n}xf32>) outs(%e : tensor<{n}xi32>) {{
  ^bb0(%a: f32, %o: i32):
    %v = math.{name} %a : f32
    %b = arith.bitcast %v : f32 to i32
    linalg.yield %b : i32
  }} -> tensor<{n}xi32>
  return %r : tensor<{n}xi32>
}}
func.func @main() {{
  %x = arith.constant dense<[{data}]> : tensor<{n}xf32>
  %r = call @compute(%x) {{no_inline}} : (tensor<{n}xf32>) -> tensor<{n}xi32>
  %u = tensor.cast %r : tensor<{n}xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}}
"""


def main():
    slice_opt, runner, libs = sys.argv[1:4]
    pipeline = (sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] != "--worst"
                else "--slice-to-llvm")
    bad = 0
    for name, (inputs, _, bound) in CASES.items():
        x = inputs.astype(np.float32)
        lowered = subprocess.run([slice_opt, pipeline], input=module(name, x),
                                 capture_output=True, text=True, check=True)
        run = subprocess.run([runner, "-e", "main",
                              "-entry-point-result=void",
                              f"-shared-libs={libs}"], input=lowered.stdout,
                             capture_output=True, text=True, check=True)
        text = run.stdout.split("data =", 1)[1]
        bits = np.array([int(v) for v in
                         text.replace("[", " ").replace("]", " ")
                         .replace(",", " ").split()], dtype=np.int64)
        got = (bits & 0xFFFFFFFF).astype(np.uint32).view(np.float32)
        want = reference(name, x)
        finite = np.isfinite(want) & np.isfinite(got)
        special = ~np.isfinite(want)
        mismatched = (np.isnan(want) != np.isnan(got)) | (
            special & ~np.isnan(want) & (got != want))
        zero = finite & (want == 0)
        mismatched |= zero & (np.signbit(got) != np.signbit(want))
        # A result below float32's smallest normal may be flushed to zero
        # (the approximations compute in normal floats): compared as 0.
        tiny = finite & (np.abs(want) < np.finfo(np.float32).tiny)
        flushed = int((tiny & (got == 0) & (want != 0)).sum())
        want = np.where(tiny & (got == 0), 0.0, want)
        errors = ulp_error(got[finite], want[finite])
        err = errors.max() if finite.any() else 0
        if "--worst" in sys.argv:
            order = np.argsort(errors)[-5:]
            print(name, [(float(x[finite][i]), float(got[finite][i]),
                          float(want[finite][i])) for i in order])
        # Results that are tiny (subnormal) or overflow in f32 are compared
        # by value: both flush or both saturate.
        print(f"{name}: {len(x)} inputs, largest error {err:.2f} ulp "
              f"(bound {bound}), {flushed} subnormal results flushed to 0, "
              f"{int(mismatched.sum())} special mismatches")
        if err > bound or mismatched.any():
            bad += 1
            where = np.nonzero(mismatched)[0][:5].tolist()
            print(f"MISMATCH {name}: at {[float(x[i]) for i in where]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
