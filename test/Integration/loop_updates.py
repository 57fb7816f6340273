#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Loops that update their iteration tensor from earlier rows, and
updates `x[a] = f(x[b])` of windows apart, the same, or overlapping,
through --slice-to-llvm, compared with NumPy.

The shapes --slice-elide-temporaries takes (a row scan forwards and
backwards, a column scan, a scan over a reversed strided view, disjoint
and equal windows), and the ones it must leave their temporary (windows
that overlap shifted, offsets known only at run time, a row read shifted
within itself): in every one, each element must be read before anything
overwrites it, as value semantics say. Each case is a public function
whose first input is sliced (named_ops.py's harness: a C driver that owns
the buffers and prints the results).

Output: a line per case (`NAME: ok`, or `MISMATCH NAME: ...`), then `N
programs (OPTIONS): M mismatches`; the exit status is 1 on a mismatch.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import named_ops  # noqa: E402


t = named_ops.t
IDENT1 = "affine_map<(d0) -> (d0)>"
IDENT2 = "affine_map<(d0, d1) -> (d0, d1)>"


def combine(prev, cur, shape, ident, iterators):
    """`prev * 0.5 + cur` as a linalg.generic into %new."""
    return (f"    %e = tensor.empty() : {t(shape)}\n"
            f"    %new = linalg.generic {{indexing_maps = [{ident}, {ident}, "
            f"{ident}], iterator_types = [{iterators}]}} ins({prev}, {cur} : "
            f"{t(shape)}, {t(shape)}) outs(%e : {t(shape)}) {{\n"
            f"    ^bb0(%a0: f32, %a1: f32, %o: f32):\n"
            f"      %m = arith.mulf %a0, %half : f32\n"
            f"      %v = arith.addf %m, %a1 : f32\n"
            f"      linalg.yield %v : f32\n"
            f"    }} -> {t(shape)}\n")


def scan(shape, axis, backwards=False):
    """y[i] = y[i -+ 1] * 0.5 + y[i] along `axis` (0: rows, 1: columns), in
    an scf.for over the iteration tensor."""
    n = shape[axis]
    line = [shape[1 - axis]]
    where = (lambda v: f"[{v}]") if axis == 0 else (lambda v: f"[:, {v}]")

    def emit():
        lines = [f"  %c0 = arith.constant 0 : index\n"
                 f"  %c1 = arith.constant 1 : index\n"
                 f"  %n = arith.constant {n} : index\n"
                 f"  %last = arith.constant {n - 1} : index\n"
                 f"  %half = arith.constant 0.5 : f32\n"]
        if backwards:
            lines.append(f"  %r = scf.for %k = %c0 to %last step %c1 "
                         f"iter_args(%y = %s) -> ({t(shape)}) {{\n"
                         f"    %b = arith.subi %last, %k : index\n"
                         f"    %i = arith.subi %b, %c1 : index\n"
                         f"    %p = arith.addi %i, %c1 : index\n")
        else:
            lines.append(f"  %r = scf.for %i = %c1 to %n step %c1 "
                         f"iter_args(%y = %s) -> ({t(shape)}) {{\n"
                         f"    %p = arith.subi %i, %c1 : index\n")
        lines.append(f"    %prev = slice.strided %y{where('%p')} : "
                     f"{t(shape)} to {t(line)}\n"
                     f"    %cur = slice.strided %y{where('%i')} : "
                     f"{t(shape)} to {t(line)}\n")
        lines.append(combine("%prev", "%cur", line, IDENT1, '"parallel"'))
        lines.append(f"    %u = slice.strided_update %new into "
                     f"%y{where('%i')} : {t(line)} into {t(shape)}\n"
                     f"    scf.yield %u : {t(shape)}\n  }}\n")
        return "".join(lines)
    return emit


def scan_np(s, axis, backwards=False):
    y = np.array(s, dtype=np.float32)
    if axis == 1:
        y = y.T.copy()
    half = np.float32(0.5)
    order = range(y.shape[0] - 2, -1, -1) if backwards else \
        range(1, y.shape[0])
    for i in order:
        y[i] = y[i + (1 if backwards else -1)] * half + y[i]
    return y.T if axis == 1 else y


def window_update(shape, read, write, read_shape, write_shape=None):
    """x[write] = relu(x[read]) * 2 on the sliced input."""
    write_shape = write_shape or read_shape
    par = '"parallel", "parallel"'

    def emit():
        return (f"  %z = arith.constant 0.0 : f32\n"
                f"  %two = arith.constant 2.0 : f32\n"
                f"  %w = slice.strided %s{read} : {t(shape)} to "
                f"{t(read_shape)}\n"
                f"  %we = tensor.empty() : {t(read_shape)}\n"
                f"  %v = linalg.generic {{indexing_maps = [{IDENT2}, "
                f"{IDENT2}], iterator_types = [{par}]}} ins(%w : "
                f"{t(read_shape)}) outs(%we : {t(read_shape)}) {{\n"
                f"  ^bb0(%a: f32, %o: f32):\n"
                f"    %m = arith.maximumf %a, %z : f32\n"
                f"    %d = arith.mulf %m, %two : f32\n"
                f"    linalg.yield %d : f32\n"
                f"  }} -> {t(read_shape)}\n"
                f"  %r = slice.strided_update %v into %s{write} : "
                f"{t(write_shape)} into {t(shape)}\n")
    return emit


def window_np(read, write):
    def compute(s):
        y = np.array(s, dtype=np.float32)
        y[write] = np.maximum(s[read], 0) * 2
        return y
    return compute


def shifted_scan(shape):
    """y[i, 1:] = y[i - 1, 1:] * 0.5 + y[i, :-1] in a loop: the row read
    shifted by one against the window written (overlapping)."""
    rows, cols = shape
    line = [cols - 1]

    def emit():
        return (f"  %c1 = arith.constant 1 : index\n"
                f"  %n = arith.constant {rows} : index\n"
                f"  %half = arith.constant 0.5 : f32\n"
                f"  %r = scf.for %i = %c1 to %n step %c1 "
                f"iter_args(%y = %s) -> ({t(shape)}) {{\n"
                f"    %p = arith.subi %i, %c1 : index\n"
                f"    %prev = slice.strided %y[%p, 1:] : {t(shape)} to "
                f"{t(line)}\n"
                f"    %cur = slice.strided %y[%i, :-1] : {t(shape)} to "
                f"{t(line)}\n" +
                combine("%prev", "%cur", line, IDENT1, '"parallel"') +
                f"    %u = slice.strided_update %new into %y[%i, 1:] : "
                f"{t(line)} into {t(shape)}\n"
                f"    scf.yield %u : {t(shape)}\n  }}\n")
    return emit


def shifted_scan_np(s):
    y = np.array(s, dtype=np.float32)
    half = np.float32(0.5)
    for i in range(1, y.shape[0]):
        y[i, 1:] = y[i - 1, 1:] * half + y[i, :-1]
    return y


def runtime_windows(shape):
    """x[%s0::2] = relu(x[%s1::2]) * 2: offsets known only at run time."""
    rows, cols = shape
    dyn = ["?", cols]
    par = '"parallel", "parallel"'

    def emit():
        return (f"  %z = arith.constant 0.0 : f32\n"
                f"  %two = arith.constant 2.0 : f32\n"
                f"  %w = slice.strided %s[%s1::2] : {t(shape)} to {t(dyn)}\n"
                f"  %c0 = arith.constant 0 : index\n"
                f"  %rows = tensor.dim %w, %c0 : {t(dyn)}\n"
                f"  %we = tensor.empty(%rows) : {t(dyn)}\n"
                f"  %v = linalg.generic {{indexing_maps = [{IDENT2}, "
                f"{IDENT2}], iterator_types = [{par}]}} ins(%w : {t(dyn)}) "
                f"outs(%we : {t(dyn)}) {{\n"
                f"  ^bb0(%a: f32, %o: f32):\n"
                f"    %m = arith.maximumf %a, %z : f32\n"
                f"    %d = arith.mulf %m, %two : f32\n"
                f"    linalg.yield %d : f32\n"
                f"  }} -> {t(dyn)}\n"
                f"  %r = slice.strided_update %v into %s[%s0::2] : {t(dyn)} "
                f"into {t(shape)}\n")
    return emit


# name: (input shapes, slice of input 0, sliced shape, body, result shape,
# NumPy of (sliced, other inputs...)[, run-time index arguments]).
S = np.s_
CASES = {
    "scan_rows": ([[16, 37]], "[:, :]", [16, 37], scan([16, 37], 0),
                  [16, 37], lambda s: scan_np(s, 0)),
    "scan_rows_back": ([[9, 21]], "[:, :]", [9, 21],
                       scan([9, 21], 0, backwards=True), [9, 21],
                       lambda s: scan_np(s, 0, backwards=True)),
    "scan_reversed_view": ([[12, 70]], "[::-1, ::-2]", [12, 35],
                           scan([12, 35], 0), [12, 35],
                           lambda s: scan_np(s, 0)),
    "scan_columns": ([[7, 40]], "[:, ::2]", [7, 20], scan([7, 20], 1),
                     [7, 20], lambda s: scan_np(s, 1)),
    "scan_shifted": ([[6, 19]], "[:, :]", [6, 19], shifted_scan([6, 19]),
                     [6, 19], shifted_scan_np),
    "odd_into_even": ([[12, 10]], "[:, :]", [12, 10],
                      window_update([12, 10], "[1::2]", "[::2]", [6, 10]),
                      [12, 10], window_np(S[1::2], S[::2])),
    "even_cols_into_odd": ([[5, 32]], "[::-1, :]", [5, 32],
                           window_update([5, 32], "[:, ::2]", "[:, 1::2]",
                                         [5, 16]),
                           [5, 32], window_np(S[:, ::2], S[:, 1::2])),
    "same_window": ([[8, 12]], "[:, :]", [8, 12],
                    window_update([8, 12], "[::2, ::-3]", "[::2, ::-3]",
                                  [4, 4]),
                    [8, 12], window_np(S[::2, ::-3], S[::2, ::-3])),
    "top_into_bottom": ([[10, 9]], "[:, :]", [10, 9],
                        window_update([10, 9], "[:4]", "[6:]", [4, 9]),
                        [10, 9], window_np(S[:4], S[6:])),
    "shifted_window": ([[9, 8]], "[:, :]", [9, 8],
                       window_update([9, 8], "[:-1]", "[1:]", [8, 8]),
                       [9, 8], window_np(S[:-1], S[1:])),
    "reversed_self": ([[7, 6]], "[:, :]", [7, 6],
                      window_update([7, 6], "[::-1]", "[:]", [7, 6]),
                      [7, 6], window_np(S[::-1], S[:])),
    "runtime_apart": ([[10, 7]], "[:, :]", [10, 7],
                      runtime_windows([10, 7]), [10, 7],
                      window_np(S[1::2], S[0::2]), [0, 1]),
    "runtime_same": ([[10, 7]], "[:, :]", [10, 7],
                     runtime_windows([10, 7]), [10, 7],
                     window_np(S[1::2], S[1::2]), [1, 1]),
}




def main():
    return named_ops.cases_main(__doc__, CASES)


if __name__ == "__main__":
    sys.exit(main())
