#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reductions over strided views (sum, max, min, mean over rows, columns
and all of a view; inner strides 1, -1, 2, -2, -3, 8, -8; a fused
element-wise producer; steps known only at run time), the shapes
--slice-vectorize-reductions and --slice-vectorize-reversed-elementwise
rewrite, through --slice-to-llvm, compared with NumPy.

Row lengths leave every remainder the vector loop can leave (whole
vectors only, a partial vector, the last element kept for the scalar loop
of a wide stride, rows shorter than one vector). Inputs are small
integers, so sums are exact in any order. Each case is a public function
whose first input is sliced; the generated C driver of
program_differential.py calls it with buffers it owns and prints each
result.

Prints `NAME: ok` or `MISMATCH NAME: ...` per case and `N programs
(OPTIONS): M mismatches`; exits 1 on any.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import named_ops  # noqa: E402


t = named_ops.t

COMBINERS = {"sum": ("addf", "0.0"), "max": ("maximumf", "0xFF800000"),
             "min": ("minimumf", "0x7F800000")}


def reduce(shape, dims, kind, scale=None):
    """The `kind` reduction of %s (of `shape`) over `dims` as
    linalg.reduce, times `scale` first (an element-wise producer fused
    into the reduction) when given."""
    combiner, init = COMBINERS[kind]
    result = [n for i, n in enumerate(shape) if i not in dims]
    dim_list = ", ".join(map(str, dims))

    def emit():
        lines = []
        source = "%s"
        if scale is not None:
            lines.append(f"  %k = arith.constant dense<{scale}> : {t(shape)}\n"
                         f"  %p = arith.mulf %s, %k : {t(shape)}\n")
            source = "%p"
        lines.append(named_ops.fill("f", result, init))
        lines.append(f"  %r = linalg.reduce ins({source} : {t(shape)}) "
                     f"outs(%f : {t(result)}) dimensions = [{dim_list}]\n"
                     f"    (%a: f32, %b: f32) {{\n"
                     f"      %c = arith.{combiner} %a, %b : f32\n"
                     f"      linalg.yield %c : f32\n    }}\n")
        return "".join(lines)
    return emit


def mean_rows(shape):
    """s.mean(1): the row sums, then divided by the row length."""
    rows, cols = shape

    def emit():
        return (reduce(shape, [1], "sum")().replace("%r =", "%sum =") +
                f"  %n = arith.constant dense<{float(cols)}> : {t([rows])}\n"
                f"  %r = arith.divf %sum, %n : {t([rows])}\n")
    return emit


def centered(shape, axis=1):
    """s - s.mean(axis), the mean read broadcast: a row (axis 1) or column
    (axis 0) reduction and its broadcast consumer."""
    kept, count = (shape[0], shape[1]) if axis == 1 else (shape[1], shape[0])
    mean = f"affine_map<(d0, d1) -> (d{1 - axis})>"
    ident = "affine_map<(d0, d1) -> (d0, d1)>"

    def emit():
        return (reduce(shape, [axis], "sum")().replace("%r =", "%sum =") +
                f"  %n = arith.constant dense<{float(count)}> : {t([kept])}\n"
                f"  %m = arith.divf %sum, %n : {t([kept])}\n"
                f"  %e = tensor.empty() : {t(shape)}\n"
                f"  %r = linalg.generic {{indexing_maps = [{ident}, {mean}, "
                f"{ident}], iterator_types = [\"parallel\", \"parallel\"]}}\n"
                f"      ins(%s, %m : {t(shape)}, {t([kept])}) outs(%e : "
                f"{t(shape)}) {{\n"
                f"  ^bb0(%a: f32, %b: f32, %o: f32):\n"
                f"    %v = arith.subf %a, %b : f32\n"
                f"    linalg.yield %v : f32\n  }} -> {t(shape)}\n")
    return emit


def normalized(shape):
    """(s - mean) / sqrt(mean((s - mean)^2) + 1): layer norm's two row
    reductions, each with its broadcast consumer, which --slice-fuse-rows
    runs as one loop over the rows."""
    rows, cols = shape
    row = "affine_map<(d0, d1) -> (d0)>"
    ident = "affine_map<(d0, d1) -> (d0, d1)>"
    par = '"parallel", "parallel"'

    def emit():
        return (centered(shape)().replace("%r =", "%c =")
                .replace("%e =", "%ce =").replace("outs(%e", "outs(%ce") +
                named_ops.fill("g", [rows]) +
                f"  %q = linalg.reduce ins(%c : {t(shape)}) outs(%g : "
                f"{t([rows])}) dimensions = [1]\n"
                f"    (%a: f32, %b: f32) {{\n"
                f"      %sq = arith.mulf %a, %a : f32\n"
                f"      %acc = arith.addf %sq, %b : f32\n"
                f"      linalg.yield %acc : f32\n    }}\n"
                f"  %re = tensor.empty() : {t(shape)}\n"
                f"  %r = linalg.generic {{indexing_maps = [{ident}, {row}, "
                f"{ident}], iterator_types = [{par}]}}\n"
                f"      ins(%c, %q : {t(shape)}, {t([rows])}) outs(%re : "
                f"{t(shape)}) {{\n"
                f"  ^bb0(%a: f32, %b: f32, %o: f32):\n"
                f"    %len = arith.constant {float(cols)} : f32\n"
                f"    %one = arith.constant 1.0 : f32\n"
                f"    %var = arith.divf %b, %len : f32\n"
                f"    %d = arith.addf %var, %one : f32\n"
                f"    %sd = math.sqrt %d : f32\n"
                f"    %v = arith.divf %a, %sd : f32\n"
                f"    linalg.yield %v : f32\n  }} -> {t(shape)}\n")
    return emit


def normalized_np(s):
    c = s - s.mean(1)[:, None]
    return c / np.sqrt((c * c).mean(1)[:, None] + 1)


def dynamic_sum(shape):
    """The row sums of a view whose inner size is known at run time."""
    rows = shape[0]

    def emit():
        return (f"  %c1 = arith.constant 1 : index\n"
                f"  %zero = arith.constant 0.0 : f32\n"
                f"  %fe = tensor.empty() : {t([rows])}\n"
                f"  %f = linalg.fill ins(%zero : f32) outs(%fe : "
                f"{t([rows])}) -> {t([rows])}\n"
                f"  %r = linalg.reduce ins(%s : {t(shape)}) outs(%f : "
                f"{t([rows])}) dimensions = [1]\n"
                f"    (%a: f32, %b: f32) {{\n"
                f"      %c = arith.addf %a, %b : f32\n"
                f"      linalg.yield %c : f32\n    }}\n")
    return emit


# name: (input shapes, slice of input 0, sliced shape, body, result shape,
# NumPy of (sliced, other inputs...)[, run-time steps]).
CASES = {
    # Dense rows: 2 vectors of 16 and 5 more.
    "sum_p1": ([[4, 37]], "[:, :]", [4, 37], reduce([4, 37], [1], "sum"),
               [4], lambda s: s.sum(1)),
    "sum_m1": ([[4, 37]], "[:, ::-1]", [4, 37], reduce([4, 37], [1], "sum"),
               [4], lambda s: s.sum(1)),
    # x[:, ::-2].sum(1): 33 columns, two vectors, the last for the scalar
    # loop.
    "sum_m2": ([[5, 66]], "[::-1, ::-2]", [5, 33],
               reduce([5, 33], [1], "sum"), [5], lambda s: s.sum(1)),
    "sum_p2": ([[5, 66]], "[:, 1::2]", [5, 33], reduce([5, 33], [1], "sum"),
               [5], lambda s: s.sum(1)),
    "max_m3": ([[3, 150]], "[:, ::-3]", [3, 50], reduce([3, 50], [1], "max"),
               [3], lambda s: s.max(1)),
    "min_p8": ([[2, 400]], "[:, 3::8]", [2, 50], reduce([2, 50], [1], "min"),
               [2], lambda s: s.min(1)),
    "max_m8": ([[2, 400]], "[:, ::-8]", [2, 50], reduce([2, 50], [1], "max"),
               [2], lambda s: s.max(1)),
    # Rows shorter than a vector: the scalar loop alone.
    "sum_short": ([[6, 9]], "[:, ::-1]", [6, 9], reduce([6, 9], [1], "sum"),
                  [6], lambda s: s.sum(1)),
    # Exactly two vectors of stride 1, nothing left.
    "sum_exact": ([[3, 32]], "[::-1, :]", [3, 32],
                  reduce([3, 32], [1], "sum"), [3], lambda s: s.sum(1)),
    # The innermost of three dimensions, the outer ones kept.
    "sum_3d": ([[2, 3, 40]], "[:, ::-1, ::-2]", [2, 3, 20],
               reduce([2, 3, 20], [2], "sum"), [2, 3], lambda s: s.sum(2)),
    # Two reduced dimensions, the inner one vectorized.
    "sum_two": ([[2, 6, 70]], "[:, ::2, ::-2]", [2, 3, 35],
                reduce([2, 3, 35], [1, 2], "sum"), [2],
                lambda s: s.sum((1, 2))),
    # An element-wise producer fused into the reduction: (s * 2).sum(1).
    "scaled_sum": ([[4, 100]], "[:, ::-2]", [4, 50],
                   reduce([4, 50], [1], "sum", "2.0"), [4],
                   lambda s: (s * 2).sum(1)),
    "mean_rows": ([[4, 80]], "[:, ::-1]", [4, 80], mean_rows([4, 80]), [4],
                  lambda s: s.mean(1)),
    "centered": ([[3, 50]], "[::-1, ::-2]", [3, 25], centered([3, 25]),
                 [3, 25], lambda s: s - s.mean(1)[:, None]),
    "normalized": ([[5, 90]], "[::-1, ::-2]", [5, 45], normalized([5, 45]),
                   [5, 45], normalized_np),
    # Column reductions (the inner loop parallel) over views walked
    # backwards: each lane keeps its column's sum.
    "colsum_m1": ([[5, 40]], "[:, ::-1]", [5, 40],
                  reduce([5, 40], [0], "sum"), [40], lambda s: s.sum(0)),
    "colmax_m2": ([[7, 70]], "[::-1, ::-2]", [7, 35],
                  reduce([7, 35], [0], "max"), [35], lambda s: s.max(0)),
    "colmin_p3": ([[6, 100]], "[::-1, 1::3]", [6, 33],
                  reduce([6, 33], [0], "min"), [33], lambda s: s.min(0)),
    "centered_cols": ([[9, 60]], "[::-1, ::-3]", [9, 20],
                      centered([9, 20], 0), [9, 20],
                      lambda s: s - s.mean(0)[None, :]),
    # Run-time steps: versioned on 1, -1, 2, -2, 3, -3, 4, -4; -5 takes the
    # op as it was.
    **{f"step_{name}": ([[3, 70]], "[:, ::%s0]", [3, "?"],
                        dynamic_sum([3, "?"]), [3], lambda s: s.sum(1),
                        [step])
       for name, step in (("p1", 1), ("m1", -1), ("p2", 2), ("m2", -2),
                          ("m3", -3), ("m4", -4), ("m5", -5))},
}


def main():
    return named_ops.cases_main(__doc__, CASES)


if __name__ == "__main__":
    sys.exit(main())
