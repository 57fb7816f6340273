#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Run-time views as importers hand them over: functions of
tensor<?x?xf32> arguments whose bounds and steps are index arguments,
beside their static twins, against NumPy.

  runtime_views.py [--build-dir DIR] WORK

x is 4096x4096 f32, b a row of 4096. Programs (NumPy's text):

  rev_m2   (x + b)[4094:0:-1, 4094:0:-2]
  rev_p2   (x + b)[4094:0:-1, 1:4095:2]
  inner    (x + b)[1:-1, 1:-1]
  sum      (x[:, ::-2] * 2).sum(1)

each with its bounds and steps as index arguments (`runtime`) and as
constants (`static`). Ours: compiled by scripts/compile-aot.sh (one
thread) into a C caller that owns the buffers (dense, so the dense path
runs), the median of 11 calls after 4 (the result freed between calls;
a program's two variants called in turn, so that both see the machine
in the same state);
NumPy: the expression as written, the same medians. Then the same
programs on `x[:, ::-1]`, a view of x whose rows run backwards (inner
stride -1, the entry points' general body): `runtime-rev` and
`static-rev` for ours, `numpy-rev` for NumPy's. Prints one line per
program and side, in ms, ours with a checksum that its two variants must
share (the two -rev variants another). Last, each run-time program on
the dense x against NumPy in turn in one process (the module as a shared
object called through ctypes, as the whole-program harnesses call it,
its result checked against NumPy's): `in turn` lines, the medians of 37
calls each and their ratio.
"""

import argparse
import ctypes
import os
import statistics
import subprocess
import time

import numpy as np

from aot import ROOT, compile_aot, work_files
N = 4096

ADD = """  %e = tensor.empty({dims}) : {t}
  %xb = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
      affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%x, %bv : {t}, {tb}) outs(%e : {t}) {{
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.addf %p, %q : f32
    linalg.yield %r : f32
  }} -> {t}
"""

SUM = """  %v = slice.strided %x[:, ::%s] : {t} to tensor<?x?xf32>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %m0 = tensor.dim %v, %i0 : tensor<?x?xf32>
  %m1 = tensor.dim %v, %i1 : tensor<?x?xf32>
  %e = tensor.empty(%m0, %m1) : tensor<?x?xf32>
  %w = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
      affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%v : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {{
  ^bb0(%p: f32, %o: f32):
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %p, %two : f32
    linalg.yield %r : f32
  }} -> tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %er = tensor.empty(%m0) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%er : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.reduce ins(%w : tensor<?x?xf32>)
      outs(%f : tensor<?xf32>) dimensions = [1]
    (%p: f32, %q: f32) {{
      %u = arith.addf %p, %q : f32
      linalg.yield %u : f32
    }}
  return %sum : tensor<?xf32>
}}
"""

# name: (the static spec, its values as (r0, r1, s0, c0, c1, s1))
VIEWS = {
    "rev_m2": ("[4094:0:-1, 4094:0:-2]", (4094, 0, -1, 4094, 0, -2)),
    "rev_p2": ("[4094:0:-1, 1:4095:2]", (4094, 0, -1, 1, 4095, 2)),
    "inner": ("[1:-1, 1:-1]", (1, -1, 1, 1, -1, 1)),
}

NUMPY = {
    "rev_m2": lambda x, b: (x + b)[4094:0:-1, 4094:0:-2],
    "rev_p2": lambda x, b: (x + b)[4094:0:-1, 1:4095:2],
    "inner": lambda x, b: (x + b)[1:-1, 1:-1],
    "sum": lambda x, b: (x[:, ::-2] * 2).sum(1),
}


def module():
    out = []
    attrs = "attributes {llvm.emit_c_interface}"
    dynamic, static = "tensor<?x?xf32>", f"tensor<{N}x{N}xf32>"
    for name, (spec, _) in VIEWS.items():
        out.append(
            f"func.func @rt_{name}(%x: {dynamic}, %bv: tensor<?xf32>, "
            "%r0: index, %r1: index, %s0: index, %c0: index, %c1: index, "
            f"%s1: index) -> {dynamic} {attrs} {{\n"
            "  %i0 = arith.constant 0 : index\n"
            "  %i1 = arith.constant 1 : index\n"
            f"  %n0 = tensor.dim %x, %i0 : {dynamic}\n"
            f"  %n1 = tensor.dim %x, %i1 : {dynamic}\n" +
            ADD.format(dims="%n0, %n1", t=dynamic, tb="tensor<?xf32>") +
            "  %v = slice.strided %xb[%r0:%r1:%s0, %c0:%c1:%s1] : "
            f"{dynamic} to {dynamic}\n"
            f"  return %v : {dynamic}\n}}\n")
        out.append(
            f"func.func @st_{name}(%x: {static}, %bv: tensor<{N}xf32>) -> "
            f"{dynamic} {attrs} {{\n" +
            ADD.format(dims="", t=static, tb=f"tensor<{N}xf32>") +
            f"  %v = slice.strided %xb{spec} : {static} to {dynamic}\n"
            f"  return %v : {dynamic}\n}}\n")
    out.append(f"func.func @rt_sum(%x: {dynamic}, %s: index) -> "
               f"tensor<?xf32> {attrs} {{\n" + SUM.format(t=dynamic))
    out.append(f"func.func @st_sum(%x: {static}) -> tensor<?xf32> {attrs} "
               "{\n  %s = arith.constant -2 : index\n" + SUM.format(t=static))
    return "\n".join(out)


DRIVER = r"""// Generated by bench/programs/runtime_views.py.
#include "harness_common.h"

typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} M2;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} M1;

#define VIEW(name)                                                           \
  void _mlir_ciface_rt_##name(M2 *, M2 *, M1 *, int64_t, int64_t, int64_t,  \
                              int64_t, int64_t, int64_t);                   \
  void _mlir_ciface_st_##name(M2 *, M2 *, M1 *);
VIEW(rev_m2)
VIEW(rev_p2)
VIEW(inner)
void _mlir_ciface_rt_sum(M1 *, M2 *, int64_t);
void _mlir_ciface_st_sum(M1 *, M2 *);

enum { kN = 4096, kCalls = 15, kWarm = 4 };

static double checksum2(const M2 *r) {
  double s = 0;
  for (int64_t i = 0; i < r->sizes[0]; ++i)
    for (int64_t j = 0; j < r->sizes[1]; ++j)
      s += r->aligned[r->offset + i * r->strides[0] + j * r->strides[1]] *
           (1 + (i + j) % 3);
  return s;
}

static double checksum1(const M1 *r) {
  double s = 0;
  for (int64_t i = 0; i < r->sizes[0]; ++i)
    s += r->aligned[r->offset + i * r->strides[0]] * (1 + i % 3);
  return s;
}

// The run-time variant and its static twin called in turn, so that both
// see the same state of a shared, noisy machine; each result freed before
// the next call.
#define PAIR(label, suffix, type, sum, runtime, fixed)                       \
  {                                                                          \
    type r;                                                                  \
    double t[2][kCalls], checks[2];                                          \
    for (int k = 0; k < kCalls; ++k)                                         \
      for (int which = 0; which < 2; ++which) {                              \
        double t0 = now();                                                   \
        if (which == 0)                                                      \
          runtime;                                                           \
        else                                                                 \
          fixed;                                                             \
        t[which][k] = now() - t0;                                            \
        if (k + 1 == kCalls)                                                 \
          checks[which] = sum(&r);                                           \
        free(r.allocated);                                                   \
      }                                                                      \
    printf("%-8s %-8s ours %8.3f ms  checksum %.6g\n", label,                \
           "runtime" suffix, median(t[0] + kWarm, kCalls - kWarm) * 1e3,     \
           checks[0]);                                                       \
    printf("%-8s %-8s ours %8.3f ms  checksum %.6g\n", label,                \
           "static" suffix, median(t[1] + kWarm, kCalls - kWarm) * 1e3,      \
           checks[1]);                                                       \
  }

int main(void) {
  float *x = malloc((size_t)kN * kN * sizeof(float));
  float *b = malloc(kN * sizeof(float));
  for (int64_t i = 0; i < (int64_t)kN * kN; ++i)
    x[i] = (float)((i * 7 + 3) % 23 - 11) * 0.125f;
  for (int i = 0; i < kN; ++i)
    b[i] = (float)((i * 5 + 1) % 13 - 6) * 0.25f;
  M2 X = {x, x, 0, {kN, kN}, {kN, 1}};
  M1 B = {b, b, 0, {kN}, {1}};
  // x[:, ::-1]: element (i, j) at x[i * kN + kN - 1 - j].
  M2 XR = {x, x, kN - 1, {kN, kN}, {kN, -1}};
@CALLS@
  free(x);
  free(b);
  return 0;
}
"""


def driver():
    calls = []
    # The dense x, then x[:, ::-1] (its rows backwards, the general body).
    for suffix, x in (("", "X"), ("-rev", "XR")):
        for name, (_, values) in VIEWS.items():
            args = ", ".join(map(str, values))
            calls.append(f'  PAIR("{name}", "{suffix}", M2, checksum2, '
                         f"_mlir_ciface_rt_{name}(&r, &{x}, &B, {args}), "
                         f"_mlir_ciface_st_{name}(&r, &{x}, &B))")
        calls.append(f'  PAIR("sum", "{suffix}", M1, checksum1, '
                     f"_mlir_ciface_rt_sum(&r, &{x}, -2), "
                     f"_mlir_ciface_st_sum(&r, &{x}))")
    return DRIVER.replace("@CALLS@", "\n".join(calls))


def inputs():
    """x and b as the C driver makes them."""
    i = np.arange(N * N, dtype=np.int64)
    x = (((i * 7 + 3) % 23 - 11) * 0.125).astype(np.float32).reshape(N, N)
    j = np.arange(N, dtype=np.int64)
    b = (((j * 5 + 1) % 13 - 6) * 0.25).astype(np.float32)
    return x, b


def numpy_side():
    x, b = inputs()
    for variant, operand in (("numpy", x), ("numpy-rev", x[:, ::-1])):
        for name, program in NUMPY.items():
            times = []
            for _ in range(15):
                start = time.perf_counter()
                result = program(operand, b)
                times.append(time.perf_counter() - start)
                del result
            print(f"{name:8} {variant:8} "
                  f"{statistics.median(times[4:]) * 1e3:8.3f} ms")


def descriptor(array):
    """A memref descriptor of `array` (any rank, C order)."""
    rank = array.ndim

    class Memref(ctypes.Structure):
        _fields_ = [("allocated", ctypes.c_void_p),
                    ("aligned", ctypes.c_void_p),
                    ("offset", ctypes.c_int64),
                    ("sizes", ctypes.c_int64 * rank),
                    ("strides", ctypes.c_int64 * rank)]
    d = Memref()
    if array.size:
        d.allocated = d.aligned = array.ctypes.data
        d.sizes[:] = array.shape
        d.strides[:] = [s // array.itemsize for s in array.strides]
    return d


def result_array(d):
    """A copy of the f32 array descriptor `d` points at."""
    rank = len(d.sizes)
    span = 1 + sum((n - 1) * s for n, s in zip(d.sizes, d.strides))
    flat = np.ctypeslib.as_array(
        (ctypes.c_float * (d.offset + span)).from_address(d.aligned))
    return np.lib.stride_tricks.as_strided(
        flat[d.offset:], shape=tuple(d.sizes[:rank]),
        strides=tuple(4 * s for s in d.strides[:rank])).copy()


def in_turn(build_dir, mlir, work):
    """Each run-time program on the dense x and NumPy's, called in turn."""
    obj, shared = work_files(work, "runtime_views", ".o", ".so")
    compile_aot(build_dir, "-c", mlir, obj, "")
    # The runner-utils library for what the module may call (memrefCopy).
    llvm_lib = os.path.join(
        os.environ.get("SLICE_LLVM_PREFIX", "/usr/lib/llvm-22"), "lib")
    subprocess.run([os.environ.get("CC", "cc"), "-shared", "-o", shared, obj,
                    "-L" + llvm_lib, "-lmlir_c_runner_utils",
                    "-Wl,-rpath," + llvm_lib], check=True)
    lib, libc = ctypes.CDLL(shared), ctypes.CDLL("libc.so.6")
    x, b = inputs()
    dx, db = descriptor(x), descriptor(b)
    for name in list(VIEWS) + ["sum"]:
        function = getattr(lib, f"_mlir_ciface_rt_{name}")
        out = descriptor(np.empty((0,) * (1 if name == "sum" else 2),
                                  np.float32))
        if name == "sum":
            function.argtypes = [ctypes.c_void_p] * 2 + [ctypes.c_int64]
            arguments = (ctypes.byref(out), ctypes.byref(dx), -2)
        else:
            function.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int64] * 6
            arguments = (ctypes.byref(out), ctypes.byref(dx), ctypes.byref(db),
                         *VIEWS[name][1])
        program = NUMPY[name]
        function(*arguments)
        want = program(x, b)
        ok = np.allclose(result_array(out), want, rtol=1e-5, atol=1e-3)
        libc.free(ctypes.c_void_p(out.allocated))

        def ours():
            start = time.perf_counter()
            function(*arguments)
            elapsed = time.perf_counter() - start
            libc.free(ctypes.c_void_p(out.allocated))
            return elapsed

        def theirs():
            start = time.perf_counter()
            result = program(x, b)
            elapsed = time.perf_counter() - start
            del result
            return elapsed

        a, t = [], []
        for k in range(41):
            if k % 2:
                a.append(ours())
                t.append(theirs())
            else:
                t.append(theirs())
                a.append(ours())
        a, t = statistics.median(a[4:]), statistics.median(t[4:])
        print(f"{name:8} in turn  ours {a * 1e3:8.3f} ms  NumPy "
              f"{t * 1e3:8.3f} ms  ratio {a / t:.2f}"
              f"{'' if ok else '  WRONG'}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    parser.add_argument("work")
    args = parser.parse_args()
    mlir, source, exe = work_files(args.work, "runtime_views", ".mlir", ".c",
                                   "")
    with open(mlir, "w") as f:
        f.write(module())
    with open(source, "w") as f:
        f.write(driver())
    compile_aot(args.build_dir, mlir, exe, "", source, "-O2",
                "-I" + os.path.join(ROOT, "bench"))
    subprocess.run([exe], check=True)
    numpy_side()
    in_turn(args.build_dir, mlir, args.work)


if __name__ == "__main__":
    main()
