#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Element-wise programs over views walked backwards (innermost strides
-1, -2, -3, -5 and -8, results reversed, broadcasts, three dimensions),
the shapes --slice-vectorize-reversed-elementwise rewrites, through
--slice-to-llvm, compared with NumPy.

Row lengths leave every remainder the vector loop can leave (a partial
vector, the last element of a row kept for the scalar loop, rows shorter
than one vector). Steps known only at run time (index arguments) take
each stride the op is versioned on (1, -1, 2, -2; 3, -3, 4, -4 when it
is the op's one run-time step) and one it is not. Each case is a public
function whose first input is
sliced; the generated C driver of program_differential.py calls it with
buffers it owns and prints each result, compared with NumPy (relative
tolerance 1e-5: exp and tanh are within 2 ulp).

Prints `NAME: ok` or `MISMATCH NAME: ...` per case and `N programs
(OPTIONS): M mismatches`; exits 1 on any.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import named_ops  # noqa: E402


t = named_ops.t


def splat(shape, value):
    return f"arith.constant dense<{value}> : {t(shape)}"


def relu(shape):
    return lambda: (f"  %z = {splat(shape, '0.0')}\n"
                    f"  %r = arith.maximumf %s, %z : {t(shape)}\n")


def unary(op, shape):
    return lambda: f"  %r = math.{op} %s : {t(shape)}\n"


def affine(shape):
    """s * 2 + 1, then reversed along the rows: a result written backwards
    from a view that is too."""
    return lambda: (f"  %two = {splat(shape, '2.0')}\n"
                    f"  %one = {splat(shape, '1.0')}\n"
                    f"  %m = arith.mulf %s, %two : {t(shape)}\n"
                    f"  %r = arith.addf %m, %one : {t(shape)}\n")


def plus_other(shape, spec, other):
    """s + x1[spec], x1 of shape `other`."""
    return lambda: (f"  %o = slice.strided %x1{spec} : {t(other)} to "
                    f"{t(shape)}\n"
                    f"  %r = arith.addf %s, %o : {t(shape)}\n")


def plus_row(shape):
    """s + x1 broadcast along the innermost dimension (x1 has one value a
    row): an input the innermost loop does not move along."""
    rows, cols = shape
    row = "affine_map<(d0, d1) -> (d0)>"
    ident = "affine_map<(d0, d1) -> (d0, d1)>"
    return lambda: (
        f"  %e = tensor.empty() : {t(shape)}\n"
        f"  %r = linalg.generic {{indexing_maps = [{ident}, {row}, {ident}],"
        f" iterator_types = [\"parallel\", \"parallel\"]}}\n"
        f"      ins(%s, %x1 : {t(shape)}, {t([rows])}) outs(%e : {t(shape)}) "
        f"{{\n  ^bb0(%a: f32, %b: f32, %o: f32):\n"
        f"    %v = arith.subf %a, %b : f32\n    linalg.yield %v : f32\n"
        f"  }} -> {t(shape)}\n")


def generic_affine(shape):
    """s * 2 + 1 as one linalg.generic, for results of dynamic sizes."""
    rank = len(shape)
    dims = ", ".join(f"d{i}" for i in range(rank))
    ident = f"affine_map<({dims}) -> ({dims})>"
    iters = ", ".join(['"parallel"'] * rank)
    sizes = []
    for i, n in enumerate(shape):
        if n == "?":
            sizes.append(f"%n{i}")
    lines = []
    for i, n in enumerate(shape):
        if n == "?":
            lines.append(f"  %c{i} = arith.constant {i} : index\n"
                         f"  %n{i} = tensor.dim %s, %c{i} : {t(shape)}\n")
    return lambda: ("".join(lines) +
                    f"  %e = tensor.empty({', '.join(sizes)}) : {t(shape)}\n"
                    f"  %r = linalg.generic {{indexing_maps = [{ident}, "
                    f"{ident}], iterator_types = [{iters}]}}\n"
                    f"      ins(%s : {t(shape)}) outs(%e : {t(shape)}) {{\n"
                    f"  ^bb0(%a: f32, %o: f32):\n"
                    f"    %two = arith.constant 2.0 : f32\n"
                    f"    %one = arith.constant 1.0 : f32\n"
                    f"    %m = arith.mulf %a, %two : f32\n"
                    f"    %p = arith.addf %m, %one : f32\n"
                    f"    linalg.yield %p : f32\n  }} -> {t(shape)}\n")


def transpose(shape, perm):
    """linalg.transpose of %s (--slice-block-transposes: blocks of 32)."""
    result = [shape[p] for p in perm]
    return lambda: (f"  %e = tensor.empty() : {t(result)}\n"
                    f"  %r = linalg.transpose ins(%s : {t(shape)}) outs(%e : "
                    f"{t(result)}) permutation = "
                    f"[{', '.join(map(str, perm))}]\n")


def abs_transposed(shape):
    """abs(s).T as one linalg.generic reading s across its rows."""
    rows, cols = shape
    return lambda: (
        f"  %e = tensor.empty() : {t([cols, rows])}\n"
        f"  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> "
        f"(d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = "
        f"[\"parallel\", \"parallel\"]}}\n"
        f"      ins(%s : {t(shape)}) outs(%e : {t([cols, rows])}) {{\n"
        f"  ^bb0(%a: f32, %o: f32):\n"
        f"    %v = math.absf %a : f32\n    linalg.yield %v : f32\n"
        f"  }} -> {t([cols, rows])}\n")


# name: (input shapes, slice of input 0, sliced shape, body, result shape,
# NumPy of (sliced, other inputs...)[, run-time steps: the values of the
# index arguments %s0, %s1, ... the slice names]).
CASES = {
    # relu(x[::-1, ::-2]): two vectors and one shuffle a step; 19 columns
    # leave a vector and 3 elements (the last for the scalar loop).
    "relu_rev_m2": ([[5, 37]], "[::-1, ::-2]", [5, 19], relu([5, 19]),
                    [5, 19], lambda s: np.maximum(s, 0)),
    # Stride -1, 40 columns: two vectors and a remainder of 8.
    "affine_m1": ([[3, 40]], "[:, ::-1]", [3, 40], affine([3, 40]), [3, 40],
                  lambda s: s * 2 + 1),
    # Two views of different strides added: -2 and +2.
    "add_m2_p2": ([[4, 70], [4, 70]], "[:, ::-2]", [4, 35],
                  plus_other([4, 35], "[:, 1::2]", [4, 70]), [4, 35],
                  lambda s, o: s + o[:, 1::2]),
    # Stride -3 with exp; 17 columns.
    "exp_m3": ([[2, 51]], "[:, ::-3]", [2, 17], unary("exp", [2, 17]),
               [2, 17], lambda s: np.exp(s / 1.0)),
    # Stride -5 from the second-to-last column, tanh; 33 columns.
    "tanh_m5": ([[3, 166]], "[:, -2::-5]", [3, 33], unary("tanh", [3, 33]),
                [3, 33], np.tanh),
    # Stride -8, the widest shuffled one; 16 columns: no vector fits
    # before the last element, all scalar.
    "relu_m8": ([[2, 128]], "[:, ::-8]", [2, 16], relu([2, 16]), [2, 16],
                lambda s: np.maximum(s, 0)),
    # Stride -8 with room for vectors: 40 columns.
    "relu_m8_wide": ([[2, 320]], "[::-1, ::-8]", [2, 40], relu([2, 40]),
                     [2, 40], lambda s: np.maximum(s, 0)),
    # Three dimensions, the outer and inner ones reversed.
    "relu_3d": ([[2, 3, 33]], "[::-1, :, ::-1]", [2, 3, 33],
                relu([2, 3, 33]), [2, 3, 33], lambda s: np.maximum(s, 0)),
    # A row broadcast minus: s - b[row], s = x[::2, ::-2].
    "row_broadcast": ([[6, 50], [3]], "[::2, ::-2]", [3, 25],
                      plus_row([3, 25]), [3, 25],
                      lambda s, b: s - b[:, None]),
    # Rows shorter than a vector.
    "short_rows": ([[4, 9]], "[:, ::-1]", [4, 9], affine([4, 9]), [4, 9],
                   lambda s: s * 2 + 1),
    # A long row: 515 columns of stride -2.
    "long_m2": ([[2, 1030]], "[:, ::-2]", [2, 515], relu([2, 515]),
                [2, 515], lambda s: np.maximum(s, 0)),
    # Run-time steps, each of the strides the op is versioned on and one
    # it is not (the op as it was).
    **{f"step_{name}": ([[3, 70]], "[:, ::%s0]", [3, "?"],
                        generic_affine([3, "?"]), [3, "?"],
                        lambda s: s * 2 + 1, [step])
       for name, step in (("p1", 1), ("m1", -1), ("p2", 2), ("m2", -2),
                          ("m3", -3), ("p4", 4), ("m4", -4), ("m5", -5))},
    # Transposes of views, in blocks of 32 with partial blocks on both
    # sides (70 x 23), a fused element-wise body, three dimensions.
    "transpose_rev": ([[70, 45]], "[::-1, ::2]", [70, 23],
                      transpose([70, 23], [1, 0]), [23, 70], lambda s: s.T),
    "abs_transposed": ([[45, 80]], "[::-1, 3:77:2]", [45, 37],
                       abs_transposed([45, 37]), [37, 45],
                       lambda s: np.abs(s).T),
    "transpose_3d": ([[3, 40, 50]], "[:, ::-1, ::-1]", [3, 40, 50],
                     transpose([3, 40, 50], [0, 2, 1]), [3, 50, 40],
                     lambda s: s.transpose(0, 2, 1)),
    "step_rows_m2": ([[6, 40]], "[::%s0, ::%s1]", ["?", "?"],
                     generic_affine(["?", "?"]), ["?", "?"],
                     lambda s: s * 2 + 1, [-1, -2]),
}


def main():
    return named_ops.cases_main(__doc__, CASES)


if __name__ == "__main__":
    sys.exit(main())
