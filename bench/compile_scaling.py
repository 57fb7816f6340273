# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compile-time scaling: slice-opt --canonicalize --slice-to-llvm on
generated modules of 1k, 10k and 100k slice ops; wall time and peak memory
(maximum resident set) as JSON lines.

The ops rotate through static and dynamic patterns with every kind of mask
(begin, end, ellipsis, new axis, shrink, TFLite offset mode) and the axes
encoding, their constants varied so that few ops fold together. Each
function holds ten of them and returns them all, so that none is dead.
Usage: compile_scaling.py SLICE_OPT WORK_DIR [OPS ...]
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import result_shape, tensor_type  # noqa: E402

OPS_PER_FUNCTION = 10
SHAPE = (8, 16, 32)
STATIC = tensor_type(SHAPE)
DYNAMIC = "tensor<?x?x?xf32>"


def static_op(k):
    """A static slice: its text and NumPy's index for the result type."""
    a, b = k % 3, k % 5
    s = slice
    patterns = [
        (f"%x[{a}:7:2, ::-1, newaxis, {b}]",
         (s(a, 7, 2), s(None, None, -1), None, b)),
        (f"%x[..., {b}::-2]", (s(None), s(None), s(b, None, -2))),
        (f"%x[{a}, :, {b}:20]", (a, s(None), s(b, 20))),
        (f"%x[::-1, newaxis, {a + 1}:, ::3]",
         (s(None, None, -1), None, s(a + 1, None), s(None, None, 3))),
        (f"%x spec [{a}:-1:1, 0:{b + 3}:1, 1:0:-1] masks [end_mask = 4]",
         (s(a, -1, 1), s(0, b + 3, 1), s(1, None, -1))),
        (f"%x[{a}:4, {b}:9] offset", (s(a, a + 4), s(b, b + 9))),
    ]
    text, index = patterns[k % len(patterns)]
    return text, tensor_type(result_shape(SHAPE, index))


def dynamic_op(k):
    patterns = [
        ("%y[%b:%e:%s, :, 1]", "tensor<?x?xf32>"),
        ("%y[..., %b::%s]", "tensor<?x?x?xf32>"),
        (f"%y[%b, newaxis, ::-{1 + k % 3}]", "tensor<1x?x?xf32>"),
        ("%y[%b:%e, %b:%e:%s, ...]", "tensor<?x?x?xf32>"),
    ]
    return patterns[k % len(patterns)]


def module(ops):
    lines = []
    for f in range(ops // OPS_PER_FUNCTION):
        body, types = [], []
        for i in range(OPS_PER_FUNCTION):
            k = f * OPS_PER_FUNCTION + i
            if k % 7 == 6:
                result = f"tensor<{8 - k % 4}x16x?xf32>"
                body.append(f"  %r{i} = slice.strided_axes %x axes [0, 2] "
                            f"starts [{k % 4}, %b] ends [8, 30] strides [1, 2]"
                            f" : {STATIC} to {result}")
            elif k % 2:
                text, result = dynamic_op(k)
                body.append(f"  %r{i} = slice.strided {text} : {DYNAMIC} to "
                            f"{result}")
            else:
                text, result = static_op(k)
                body.append(f"  %r{i} = slice.strided {text} : {STATIC} to "
                            f"{result}")
            types.append(result)
        results = ", ".join(f"%r{i}" for i in range(OPS_PER_FUNCTION))
        signature = ", ".join(types)
        lines.append(f"func.func @f{f}(%x: {STATIC}, %y: {DYNAMIC}, "
                     f"%b: index, %e: index, %s: index) -> ({signature}) {{")
        lines += body
        lines.append(f"  return {results} : {signature}")
        lines.append("}")
    return "\n".join(lines) + "\n"


# The default pipeline, and without deallocation: a public function must
# return buffers its caller owns, so with deallocation every slice these
# functions return is cloned (an allocation and a copy each), which about
# doubles the IR.
PIPELINES = {"default": "--slice-to-llvm",
             "deallocate=false": "--slice-to-llvm=deallocate=false"}


def measure(slice_opt, path, pipeline):
    """Runs the pipeline; returns (seconds, peak resident KiB) of that one
    process (os.wait4 reports its own resource usage)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [slice_opt, path, "--canonicalize", pipeline, "-o", os.devnull],
        stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"slice-opt failed on {path}:\n"
                 f"{process.stderr.read().decode()[-2000:]}")
    return seconds, usage.ru_maxrss


def main():
    slice_opt, work = sys.argv[1], sys.argv[2]
    counts = [int(n) for n in sys.argv[3:]] or [1000, 10000, 100000]
    for ops in counts:
        path = os.path.join(work, f"scaling-{ops}.mlir")
        with open(path, "w") as f:
            f.write(module(ops))
        for name, pipeline in PIPELINES.items():
            seconds, peak = measure(slice_opt, path, pipeline)
            print(json.dumps({"ops": ops, "pipeline": name,
                              "seconds": seconds, "peak_kib": peak,
                              "input_bytes": os.path.getsize(path)}))
            sys.stdout.flush()
        os.remove(path)


if __name__ == "__main__":
    main()
