#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""exp and tanh of 8M float32 (x 2048x4096, inputs in [-1.4, 1.5] as in
programs.py's exp_8m and tanh_8m) called the way Python users call
compiled code: a shared object built by scripts/compile-aot.sh -c, called
through ctypes on NumPy's buffers, against NumPy's own call, one thread.

  math_ctypes.py [--build-dir DIR] [--rounds R] WORK

Two call styles, each against NumPy's like call:
  result   the function allocates its result (which the caller frees
           with free()), against np.tanh(x);
  into     the function writes into a buffer the caller donates
           (`bufferization.writable`), against np.tanh(x, out=y).
Each figure is the median of 15 calls after one, R interleaved rounds
(ours first on even rounds). Prints one line per function, style and
round (ms, and ours / NumPy), and the largest error of each function in
ulp against NumPy's float64 result.
"""

import argparse
import ctypes
import os
import statistics
import subprocess
import time

import numpy as np

from aot import ROOT, compile_aot, work_files
ROWS, COLS = 2048, 4096
TYPE = f"tensor<{ROWS}x{COLS}xf32>"

MODULE = "\n".join(f"""
func.func @{name}_result(%x: {TYPE}) -> {TYPE}
    attributes {{llvm.emit_c_interface}} {{
  %y = math.{name} %x : {TYPE}
  return %y : {TYPE}
}}
func.func @{name}_into(%x: {TYPE}, %o: {TYPE} {{bufferization.writable = true}})
    -> {TYPE} attributes {{llvm.emit_c_interface}} {{
  %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
      affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%x : {TYPE}) outs(%o : {TYPE}) {{
  ^bb0(%a: f32, %b: f32):
    %t = math.{name} %a : f32
    linalg.yield %t : f32
  }} -> {TYPE}
  return %y : {TYPE}
}}""" for name in ("exp", "tanh"))


class Memref2(ctypes.Structure):
    _fields_ = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                ("offset", ctypes.c_int64), ("sizes", ctypes.c_int64 * 2),
                ("strides", ctypes.c_int64 * 2)]


def descriptor(array):
    d = Memref2()
    d.allocated = d.aligned = array.ctypes.data
    d.offset = 0
    d.sizes[0], d.sizes[1] = array.shape
    d.strides[0], d.strides[1] = array.shape[1], 1
    return d


def median_ms(call, repeats=15):
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("work")
    args = parser.parse_args()
    mlir, obj, shared = work_files(args.work, "math_ctypes", ".mlir", ".o",
                                   ".so")
    with open(mlir, "w") as f:
        f.write(MODULE + "\n")
    compile_aot(args.build_dir, "-c", mlir, obj, "")
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-o", shared, obj],
                   check=True)
    lib = ctypes.CDLL(shared)
    libc = ctypes.CDLL("libc.so.6")

    n = ROWS * COLS
    steps = ((np.arange(n, dtype=np.int64) * 7 + 3) % 23 - 11) * 0.125
    x = (steps * (1.4 / 1.375)).astype(np.float32).reshape(ROWS, COLS)
    into, theirs = np.empty_like(x), np.empty_like(x)
    for name in ("exp", "tanh"):
        numpy_fn = getattr(np, name)
        result_fn = getattr(lib, f"_mlir_ciface_{name}_result")
        into_fn = getattr(lib, f"_mlir_ciface_{name}_into")
        out, dx, dinto = Memref2(), descriptor(x), descriptor(into)

        def ours_result():
            result_fn(ctypes.byref(out), ctypes.byref(dx))
            libc.free(ctypes.c_void_p(out.allocated))

        def ours_into():
            into_fn(ctypes.byref(out), ctypes.byref(dx), ctypes.byref(dinto))

        ours_into()
        assert out.aligned == into.ctypes.data, "the donated buffer unused"
        want = numpy_fn(x.astype(np.float64))
        spacing = np.spacing(np.abs(want).astype(np.float32)).astype(
            np.float64)
        ulp = float(np.max(np.abs(into.astype(np.float64) - want) / spacing))
        print(f"{name}: max error {ulp:.3f} ulp")
        styles = {"result": (ours_result, lambda: numpy_fn(x)),
                  "into": (ours_into, lambda: numpy_fn(x, out=theirs))}
        for style, (ours, numpy_call) in styles.items():
            for round_ in range(args.rounds):
                if round_ % 2 == 0:
                    a, b = median_ms(ours), median_ms(numpy_call)
                else:
                    b, a = median_ms(numpy_call), median_ms(ours)
                print(f"{name} {style} round {round_}: ours {a:.2f} ms, "
                      f"NumPy {b:.2f} ms, ours/NumPy {a / b:.2f}")


if __name__ == "__main__":
    main()
