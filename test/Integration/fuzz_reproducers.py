#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The program fuzzer's reproducers of issues 57 and 72 (docs/reliability.md,
findings 28, 29 and 35) as programs of program_differential.py, each static
and dynamic, run in every mode that script knows (the CPU modes through
mlir-runner, the AOT modes from C, the GPU modes on the emulated device)
and compared with NumPy:

  empty_concat        concat(x[3:, :], x[:0, :]) of x 3x4 (both empty)
  empty_elsewhere     concat(x, x) along dim 3 of x 1x0x3x1
  strided_unit_axes   t = broadcast(x 7x2 to 7x2x3); (t, concat(s, s)) with
                      s = t[2, :-2:-3, ::3, newaxis]
  runtime_new_axes    t = -x (x 3x4); (t, t[1, newaxis, ::-1, newaxis]),
                      the shrink index a run-time value in the dynamic
                      variant
  late_view_of_copy   issue 72: t = 2 * x[:1:-2] (x of 9); x[:4:1] = t;
                      (t[3:0:-1], x), bounds and steps at run time in the
                      dynamic variant

  fuzz_reproducers.py SLICE_OPT --modes m,m [program_differential's
      options: --runner, --libs, --omp-lib, --build-dir,
      --emulated-device]

Prints program_differential's lines and `N programs, modes M: K
mismatches, H harness failures`; exits 1 on any.
"""

import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import program_differential as pd  # noqa: E402


# Each program's number n makes its input input_array(shape, n % 5), as
# program_differential.py's generated inputs (input_seed) are.
def value(name, array):
    return pd.Value(name, np.asarray(array, dtype=np.float32), 11.0)


def programs():
    out = []
    x = value("%x0", pd.input_array([3, 4], 10 % 5))
    a = value("%t1", x.array[3:, :])
    b = value("%t2", x.array[:0, :])
    c = value("%t3", np.concatenate([a.array, b.array], 0))
    out.append(pd.Program([x], [
        pd.SliceOp(a, x, [slice(3, None), slice(None)], set()),
        pd.SliceOp(b, x, [slice(None, 0), slice(None)], set()),
        pd.ConcatOp(c, a, b, 0)], [c], 10))

    x = value("%x0", pd.input_array([1, 0, 3, 1], 11 % 5))
    c = value("%t1", np.concatenate([x.array, x.array], 3))
    out.append(pd.Program([x], [pd.ConcatOp(c, x, x, 3)], [c], 11))

    x = value("%x0", pd.input_array([7, 2], 12 % 5))
    t = value("%t1", np.broadcast_to(x.array[:, :, None], (7, 2, 3)))
    index = [2, slice(None, -2, -3), slice(None, None, 3), None]
    s = value("%t2", t.array[tuple(index)])
    c = value("%t3", np.concatenate([s.array, s.array], 0))
    out.append(pd.Program([x], [
        pd.BroadcastOp(t, x, {2: 3}), pd.SliceOp(s, t, index, set()),
        pd.ConcatOp(c, s, s, 0)], [t, c], 12))

    x = value("%x0", pd.input_array([3, 4], 13 % 5))
    t = value("%t1", -x.array)
    index = [1, None, slice(None, None, -1), None]
    s = value("%t2", t.array[tuple(index)])
    out.append(pd.Program([x], [
        pd.UnaryOp(t, x, "neg", None, "tensor", None),
        pd.SliceOp(s, t, index, {0})], [t, s], 13))

    # Issue 72: t = 2 * x[:1:-2] computed into a buffer of its own, written
    # into x[:4:1] by a copy, and t[3:0:-1] read after that copy, its bounds
    # run-time values in the dynamic variant: --slice-elide-temporaries
    # computed t in the window and rebuilt the late slice on the window at
    # the copy, before its bounds were computed (slices=copy: "operand does
    # not dominate this use").
    x = value("%x0", pd.input_array([9], 14 % 5))
    t = value("%t1", x.array[:1:-2])
    doubled = value("%t2", t.array * np.float32(2.0))
    written = x.array.copy()
    written[:4:1] = doubled.array
    updated = value("%t3", written)
    late = value("%t4", doubled.array[3:0:-1])
    out.append(pd.Program([x], [
        pd.SliceOp(t, x, [slice(None, 1, -2)], set()),
        pd.UnaryOp(doubled, t, "affine", (2.0, 0.0), "generic", None),
        pd.UpdateOp(updated, doubled, x, [slice(None, 4, 1)], {0}),
        pd.SliceOp(late, doubled, [slice(3, 0, -1)], {0})],
        [late, updated], 14))
    return out


def main():
    args = pd.route_arguments(__doc__.split("\n\n")[0]).parse_args()
    args.keep_failures = None
    batch = programs()
    counts = {"mismatch": 0, "harness": 0}
    with tempfile.TemporaryDirectory() as work:
        for mode in args.modes.split(","):
            for kind, _, line in pd.check(args, batch, mode, work):
                print(f"{'MISMATCH' if kind == 'mismatch' else 'HARNESS'} "
                      f"[{mode}] {line}")
                counts[kind] += 1
    print(f"{len(batch)} programs, modes {args.modes}: "
          f"{counts['mismatch']} mismatches, {counts['harness']} harness "
          "failures")
    return 1 if counts["mismatch"] or counts["harness"] else 0


if __name__ == "__main__":
    sys.exit(main())
