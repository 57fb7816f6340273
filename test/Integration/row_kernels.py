#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reductions over rows of slices on the GPU route, with the ops around
them (softmax, layer norm, mean-centering, a scaled sum), through
--slice-to-nvvm on the emulated device: their values against NumPy, and
what their kernels move as the emulated device counts it.

Each case is a public function whose first input is sliced; the generated
C driver of program_differential.py calls it with device buffers it owns
and prints each result. The device's statistics (one JSON line a launch)
give each function's launches and the distinct 32-byte sectors they load
and store, summed over its launches, against the fused minimum: the
sectors of the input elements the result needs, plus the result's.

Prints `NAME: ok` or `MISMATCH NAME: ...` per case, then `NAME: L
launches, moved/minimum R, loads/thread T` (T: the most f32 elements a
thread loads on average in one of its launches), and `N programs (gpu): M
mismatches, worst ratio W`; exits 1 on a mismatch.
"""

import argparse
import json
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import named_ops  # noqa: E402
import strided_reductions as sr  # noqa: E402

t = named_ops.t
SECTOR = 32


def softmax(shape):
    def emit():
        return (f"  %e = tensor.empty() : {t(shape)}\n"
                f"  %r = linalg.softmax dimension(1) ins(%s : {t(shape)}) "
                f"outs(%e : {t(shape)}) -> {t(shape)}\n")
    return emit


def scaled_sum(shape):
    return sr.reduce(shape, [1], "sum", "2.0")


# name: (input shapes, slice of input 0, sliced shape, body, result shape,
# NumPy of the sliced input).
CASES = {
    "softmax_rev": ([[64, 256]], "[:, ::-1]", [64, 256], softmax([64, 256]),
                    [64, 256], lambda s: named_ops.softmax_np(s, 1)),
    "layer_norm": ([[34, 132]], "[1:-1, 2:-2]", [32, 128],
                   sr.normalized([32, 128]), [32, 128], sr.normalized_np),
    "scaled_sum": ([[32, 512]], "[:, ::-2]", [32, 256],
                   scaled_sum([32, 256]), [32], lambda s: (s * 2).sum(1)),
    "centered": ([[40, 300]], "[::-1, 1::3]", [40, 100],
                 sr.centered([40, 100]), [40, 100],
                 lambda s: s - s.mean(1)[:, None]),
    "row_max": ([[16, 1000]], "[:, 3:]", [16, 997],
                sr.reduce([16, 997], [1], "max"), [16], lambda s: s.max(1)),
    # Over columns (--slice-columns-to-rows): y - y.mean(0) was a host
    # loop of a launch per row; the column sums of a view with 100
    # columns, the last block of 8 columns half empty.
    "col_centered": ([[256, 96]], "[::-1, :]", [256, 96],
                     sr.centered([256, 96], 0), [256, 96],
                     lambda s: s - s.mean(0)[None, :]),
    "col_sum": ([[130, 100]], "[::2, ::-1]", [65, 100],
                sr.reduce([65, 100], [0], "sum"), [100],
                lambda s: s.sum(0)),
    # Columns of 4,096 rows: blocks of 1,024 threads, 32 loads a thread.
    "col_tall": ([[4100, 16]], "[2:-2, :]", [4096, 16],
                 sr.reduce([4096, 16], [0], "max"), [16],
                 lambda s: s.max(0)),
    # Too long for a block (more than 64 loads a thread): split across
    # blocks, a slab of each row or column a block, a launch per
    # reduction storing the slabs' partial results and one more that
    # combines them and writes the result. 8 columns of 12,000 rows: 3
    # slabs, 2 launches; softmax over 2 rows of 70,000: 3 slabs, 3
    # launches.
    "col_split": ([[12000, 8]], "[::-1, :]", [12000, 8],
                  sr.centered([12000, 8], 0), [12000, 8],
                  lambda s: s - s.mean(0)[None, :]),
    "row_split": ([[2, 70000]], "[:, ::-1]", [2, 70000],
                  softmax([2, 70000]), [2, 70000],
                  lambda s: named_ops.softmax_np(s, 1)),
    # The column sums of 12 columns of 9,000 rows: 3 slabs, the second
    # block of 8 columns half empty.
    "col_split_sum": ([[18000, 13]], "[::2, 1:]", [9000, 12],
                      sr.reduce([9000, 12], [0], "sum"), [12],
                      lambda s: s.sum(0)),
}


def minimum_bytes(case):
    shapes, spec = case[0], case[1]
    index = eval(f"np.index_exp{spec}")
    flat = np.arange(int(np.prod(shapes[0])), dtype=np.int64).reshape(
        shapes[0])
    read = np.unique(flat[index].ravel() * 4 // SECTOR).size * SECTOR
    written = int(np.prod(case[4])) * 4
    return read + written


def measure(args, cases):
    """Runs `cases` on the emulated device (args: slice_opt, build_dir,
    emulated_device, options) and returns (mismatches, rows): per case its
    launches, the bytes they move, the fused minimum and the most f32
    elements a thread loads on average in one launch."""
    args.route = "gpu"
    with tempfile.TemporaryDirectory() as work:
        stats = os.path.join(work, "stats.jsonl")
        os.environ["SLICE_EMULATED_DEVICE_STATS"] = stats
        bad = named_ops.check(args, cases, True)
        del os.environ["SLICE_EMULATED_DEVICE_STATS"]
        rows = {name: {"launches": 0, "moved": 0, "per_thread": 0.0,
                       "minimum": minimum_bytes(case)}
                for name, case in cases.items()}
        for line in open(stats) if os.path.exists(stats) else []:
            record = json.loads(line)
            for name, row in rows.items():
                if not record["kernel"].startswith(f"{name}_kernel"):
                    continue
                row["launches"] += 1
                row["moved"] += SECTOR * (
                    record["loads"]["distinct_sectors"] +
                    record["stores"]["distinct_sectors"])
                threads = (np.prod(record["grid"]) *
                           np.prod(record["block"]))
                row["per_thread"] = max(
                    row["per_thread"], record["loads"]["bytes"] / 4 / threads)
    return bad, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("--build-dir")
    parser.add_argument("--emulated-device", required=True)
    parser.add_argument("--options", default="")
    args = parser.parse_args()
    bad, rows = measure(args, CASES)
    worst = 0.0
    for name, row in rows.items():
        ratio = row["moved"] / row["minimum"]
        worst = max(worst, ratio)
        print(f"{name}: {row['launches']} launches, moved/minimum "
              f"{ratio:.2f}, loads/thread {row['per_thread']:.1f}")
    print(f"{len(CASES)} programs (gpu{', ' + args.options if args.options else ''}): "
          f"{bad} mismatches, worst ratio {worst:.2f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
