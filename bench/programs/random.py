#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The random-program benchmark: speed measured on shapes nobody chose.

Each program takes an f32 input x of 4-64 MiB (a random number of
columns, 200-4100) and, sometimes, a row or column vector b, and chains:

  view        x[spec]: each dimension a range of random bounds and a step
              of 1, -1, 2, -2, 3 or -3; some specs' values are run-time
              index arguments (the function is compiled for any value);
  element-wise
              relu, exp, tanh, negation, abs, v * 2 + 1 on the view, and
              v + b, v * b, max(v, b) with b broadcast along rows or
              columns (linalg.generic, as importers write them);
  then one of a reduction (sum, max, min or mean over either axis), a
              softmax over rows (linalg.softmax), a transpose (copied), a
              concat of the value and its mirror, a second view, a loop
              updating the value row by row from the row before
              (y[i] = y[i-1] * 0.5 + y[i] in scf.for: NumPy's text is
              the same loop in Python), or nothing; and sometimes one
              more element-wise op.

Each program is compiled by scripts/compile-aot.sh (--slice-to-llvm, the
default options: one thread) into a C caller of its own that owns the
buffers; its result is compared with NumPy's (float32, relative
tolerance 1e-4 of the result's largest magnitude: sums are reassociated on
both sides); then the two are timed in turns, --rounds rounds (7) of one
run of ours (a fresh process: WARM_CALLS calls, then the median of
TIMED_CALLS timed ones) and one call of NumPy's equivalent (in this
long-lived process), and the medians compared.

  random.py --build-dir DIR --seed N --count K [--rounds R] [--keep DIR]
            [--options OPTS]

--options compiles ours with --slice-to-llvm's options (a mode such as
slices=copy, via-bufferization=true or writable-arguments=true; the
generated programs' arguments stay read-only), the same programs.

Prints one line per program: its NumPy text, both median times and the
ratio ours / NumPy; then exactly
`random programs: N programs, N wrong, geomean G, worst W` (G and W are
ratios, ours / NumPy). Exits 1 when a program is wrong or fails to
compile.
"""

import os
import sys

# This file is random.py, in the directory Python puts first on the path of
# the scripts beside it (programs.py, gpu.py) and of this one: `import
# random` there (tempfile does it) must find the standard library's module.
_HERE = os.path.dirname(os.path.abspath(__file__))
_PATH = sys.path
sys.path = [p for p in _PATH if os.path.abspath(p or os.curdir) != _HERE]
if __name__ == "random":
    del sys.modules["random"]
    import random as _standard  # noqa: E402
    sys.modules["random"] = _standard
    sys.path = _PATH

import argparse  # noqa: E402
import math  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))

STEPS = [1, -1, 2, -2, 3, -3]
UNARY = ["relu", "exp", "tanh", "neg", "abs", "affine"]
BINARY = ["add", "mul", "max"]
REDUCTIONS = ["sum", "max", "min", "mean"]
TAILS = ["reduce", "reduce", "softmax", "transpose", "concat", "view",
         "none"]


def t(sizes):
    return "tensor<" + "x".join("?" if s is None else str(s)
                                for s in sizes) + "xf32>"


class Program:
    """One random program: its MLIR function @prog, its NumPy text (over x
    and b), its inputs' shapes and its run-time index values."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.count = 0
        self.runtime = []      # the values of the index arguments %r0, ...
        self.sizes = {}        # SSA name -> static sizes (None: ?)
        self.shapes = {}       # SSA name -> actual shape
        elements = rng.randint(1 << 20, 1 << 24)
        cols = rng.randint(200, 4100)
        rows = max(2, elements // cols)
        self.x_shape = [rows, cols]
        self.b_shape = None
        self.build()

    # -- emission helpers ------------------------------------------------
    def fresh(self, prefix="v"):
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, line):
        self.lines.append("  " + line)

    def index(self, value, runtime):
        if runtime:
            name = f"%r{len(self.runtime)}"
            self.runtime.append(value)
            return name
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {value} : index")
        return name

    def empty(self, name, sizes, like, like_dims):
        """tensor.empty of `sizes`; dynamic ones from `like`'s dimensions
        `like_dims` (one per size)."""
        operands = []
        for size, dim in zip(sizes, like_dims):
            if size is None:
                d = self.fresh("d")
                self.emit(f"{d} = tensor.dim {like}, "
                          f"{self.index(dim, False)} : {t(self.sizes[like])}")
                operands.append(d)
        self.emit(f"{name} = tensor.empty({', '.join(operands)}) : "
                  f"{t(sizes)}")

    def generic(self, out, ins, maps, sizes, like, body):
        """An element-wise linalg.generic over `sizes` (2-D)."""
        e = self.fresh("e")
        self.empty(e, sizes, like, [0, 1])
        ident = "affine_map<(d0, d1) -> (d0, d1)>"
        all_maps = ", ".join(maps + [ident])
        operands = ", ".join(name for name in ins)
        types = ", ".join(t(self.sizes[name]) for name in ins)
        args = ", ".join(f"%a{k}: f32" for k in range(len(ins)))
        self.emit(f"{out} = linalg.generic {{indexing_maps = [{all_maps}], "
                  f"iterator_types = [\"parallel\", \"parallel\"]}} "
                  f"ins({operands} : {types}) outs({e} : {t(sizes)}) {{")
        self.emit(f"^bb0({args}, %o: f32):")
        for line in body:
            self.emit("  " + line)
        self.emit(f"}} -> {t(sizes)}")
        self.sizes[out] = list(sizes)

    # -- ops ---------------------------------------------------------------
    def view(self, src, text):
        """A random range in each dimension of `src` (2-D)."""
        rng = self.rng
        shape = self.shapes[src]
        parts, numpy_parts, sizes, result = [], [], [], []
        for dim, n in enumerate(shape):
            step = rng.choice(STEPS)
            # Bounds that keep at least 2 elements along the dimension.
            lo = rng.randint(0, max(0, n // 8))
            hi = n - rng.randint(0, max(0, n // 8))
            start, stop = (lo, hi) if step > 0 else (hi - 1, lo - 1)
            fields = [start, stop, step]
            if rng.random() < 0.3:
                fields = [None if rng.random() < 0.5 else v
                          for v in fields[:2]] + [step]
            if fields[1] == -1:
                fields[1] = None
            runtime = rng.random() < 0.25
            text_fields, numpy_fields = [], []
            for value in fields:
                if value is None:
                    text_fields.append("")
                    numpy_fields.append("")
                else:
                    text_fields.append(self.index(value, runtime)
                                       if runtime else str(value))
                    numpy_fields.append(str(value))
            parts.append(":".join(text_fields))
            numpy_parts.append(":".join(numpy_fields))
            length = len(range(n)[slice(*fields)])
            result.append(length)
            known = not runtime and self.sizes[src][dim] is not None
            sizes.append(length if known else None)
        out = self.fresh()
        self.emit(f"{out} = slice.strided {src}[{', '.join(parts)}] : "
                  f"{t(self.sizes[src])} to {t(sizes)}")
        self.sizes[out], self.shapes[out] = sizes, result
        return out, f"{text}[{', '.join(numpy_parts)}]"

    def unary(self, src, text):
        kind = self.rng.choice(UNARY)
        out = self.fresh()
        body = {
            "relu": (["%z = arith.constant 0.0 : f32",
                      "%r = arith.maximumf %a0, %z : f32"],
                     f"np.maximum({text}, np.float32(0))"),
            "exp": (["%r = math.exp %a0 : f32"], f"np.exp({text})"),
            "tanh": (["%r = math.tanh %a0 : f32"], f"np.tanh({text})"),
            "neg": (["%r = arith.negf %a0 : f32"], f"(-{text})"),
            "abs": (["%r = math.absf %a0 : f32"], f"np.abs({text})"),
            "affine": (["%two = arith.constant 2.0 : f32",
                        "%one = arith.constant 1.0 : f32",
                        "%m = arith.mulf %a0, %two : f32",
                        "%r = arith.addf %m, %one : f32"],
                       f"({text} * np.float32(2) + np.float32(1))"),
        }[kind]
        ident = "affine_map<(d0, d1) -> (d0, d1)>"
        self.generic(out, [src], [ident], self.sizes[src], src,
                     body[0] + ["linalg.yield %r : f32"])
        self.shapes[out] = list(self.shapes[src])
        return out, body[1]

    def binary(self, src, text):
        """src OP b, b a row (one value a column) or a column vector."""
        kind = self.rng.choice(BINARY)
        along = self.rng.choice([0, 1])
        shape = self.shapes[src]
        if self.b_shape is None:
            self.b_shape = [shape[1 - along]]
            self.b_along = along
            # b's static size: the value's, when known.
            self.sizes["%b"] = [self.sizes[src][1 - along]]
            self.shapes["%b"] = list(self.b_shape)
        if self.b_shape != [shape[1 - self.b_along]]:
            return self.unary(src, text)
        along = self.b_along
        if self.sizes["%b"] != [self.sizes[src][1 - along]]:
            return self.unary(src, text)
        b_map = ("affine_map<(d0, d1) -> (d1)>" if along == 0 else
                 "affine_map<(d0, d1) -> (d0)>")
        b_text = "b[None, :]" if along == 0 else "b[:, None]"
        op, numpy = {"add": ("arith.addf", f"({text} + {b_text})"),
                     "mul": ("arith.mulf", f"({text} * {b_text})"),
                     "max": ("arith.maximumf",
                             f"np.maximum({text}, {b_text})")}[kind]
        out = self.fresh()
        ident = "affine_map<(d0, d1) -> (d0, d1)>"
        self.generic(out, [src, "%b"], [ident, b_map], self.sizes[src], src,
                     [f"%r = {op} %a0, %a1 : f32", "linalg.yield %r : f32"])
        self.shapes[out] = list(shape)
        return out, numpy

    def reduce(self, src, text):
        kind = self.rng.choice(REDUCTIONS)
        axis = self.rng.choice([0, 1])
        keep = 1 - axis
        sizes = [self.sizes[src][keep]]
        shape = [self.shapes[src][keep]]
        combiner, init = {"sum": ("addf", "0.0"), "mean": ("addf", "0.0"),
                          "max": ("maximumf", "0xFF800000"),
                          "min": ("minimumf", "0x7F800000")}[kind]
        e, f, z = self.fresh("e"), self.fresh("f"), self.fresh("z")
        self.empty(e, sizes, src, [keep])
        self.emit(f"{z} = arith.constant {init} : f32")
        self.emit(f"{f} = linalg.fill ins({z} : f32) outs({e} : {t(sizes)})"
                  f" -> {t(sizes)}")
        out = self.fresh()
        self.emit(f"{out} = linalg.reduce ins({src} : {t(self.sizes[src])}) "
                  f"outs({f} : {t(sizes)}) dimensions = [{axis}]")
        self.emit(f"  (%a: f32, %c: f32) {{")
        self.emit(f"    %r = arith.{combiner} %a, %c : f32")
        self.emit("    linalg.yield %r : f32")
        self.emit("  }")
        self.sizes[out], self.shapes[out] = sizes, shape
        numpy = f"{text}.{kind}({axis})"
        if kind == "mean":
            count = self.fresh("n")
            if self.sizes[src][axis] is None:
                d, i = self.fresh("d"), self.fresh("i")
                self.emit(f"{d} = tensor.dim {src}, {self.index(axis, False)}"
                          f" : {t(self.sizes[src])}")
                self.emit(f"{i} = arith.index_cast {d} : index to i64")
                self.emit(f"{count} = arith.sitofp {i} : i64 to f32")
            else:
                self.emit(f"{count} = arith.constant "
                          f"{float(self.shapes[src][axis])} : f32")
            mean = self.fresh()
            e2 = self.fresh("e")
            self.empty(e2, sizes, out, [0])
            ident = "affine_map<(d0) -> (d0)>"
            self.emit(f"{mean} = linalg.generic {{indexing_maps = [{ident}, "
                      f"{ident}], iterator_types = [\"parallel\"]}} "
                      f"ins({out} : {t(sizes)}) outs({e2} : {t(sizes)}) {{")
            self.emit("^bb0(%a0: f32, %o: f32):")
            self.emit(f"  %r = arith.divf %a0, {count} : f32")
            self.emit("  linalg.yield %r : f32")
            self.emit(f"}} -> {t(sizes)}")
            self.sizes[mean], self.shapes[mean] = sizes, shape
            out = mean
        return out, numpy

    def softmax(self, src, text):
        e = self.fresh("e")
        sizes = self.sizes[src]
        self.empty(e, sizes, src, [0, 1])
        out = self.fresh()
        self.emit(f"{out} = linalg.softmax dimension(1) ins({src} : "
                  f"{t(sizes)}) outs({e} : {t(sizes)}) -> {t(sizes)}")
        self.sizes[out], self.shapes[out] = list(sizes), list(self.shapes[src])
        return out, f"softmax({text})"

    def transpose(self, src, text):
        sizes = self.sizes[src][::-1]
        e = self.fresh("e")
        self.empty(e, sizes, src, [1, 0])
        out = self.fresh()
        self.emit(f"{out} = linalg.transpose ins({src} : "
                  f"{t(self.sizes[src])}) outs({e} : {t(sizes)}) "
                  f"permutation = [1, 0]")
        self.sizes[out], self.shapes[out] = sizes, self.shapes[src][::-1]
        return out, f"np.ascontiguousarray({text}.T)"

    def concat(self, src, text):
        """concat([v, v[:, ::-1]], 1)."""
        mirror = self.fresh()
        sizes = self.sizes[src]
        self.emit(f"{mirror} = slice.strided {src}[:, ::-1] : {t(sizes)} to "
                  f"{t(sizes)}")
        self.sizes[mirror] = list(sizes)
        out = self.fresh()
        cat = [sizes[0], None if sizes[1] is None else 2 * sizes[1]]
        self.emit(f"{out} = tensor.concat dim(1) {src}, {mirror} : "
                  f"({t(sizes)}, {t(sizes)}) -> {t(cat)}")
        shape = self.shapes[src]
        self.sizes[out], self.shapes[out] = cat, [shape[0], 2 * shape[1]]
        return out, f"mirror_cat({text})"

    def scan(self, src, text):
        """for i in 1..n-1: y[i] = y[i-1] * 0.5 + y[i] on y = src (rows),
        an scf.for whose iteration tensor is updated row by row."""
        sizes = self.sizes[src]
        ttype = t(sizes)
        row_sizes = sizes[1:]
        rtype = t(row_sizes)
        one, n = self.index(1, False), self.fresh("n")
        if sizes[0] is None:
            self.emit(f"{n} = tensor.dim {src}, {self.index(0, False)} : "
                      f"{ttype}")
        else:
            self.emit(f"{n} = arith.constant {sizes[0]} : index")
        out = self.fresh()
        self.emit(f"{out} = scf.for %i = {one} to {n} step {one} "
                  f"iter_args(%y = {src}) -> ({ttype}) {{")
        self.emit(f"  %p = arith.subi %i, {one} : index")
        self.emit(f"  %prev = slice.strided %y[%p] : {ttype} to {rtype}")
        self.emit(f"  %cur = slice.strided %y[%i] : {ttype} to {rtype}")
        self.emit(f"  %half = arith.constant 0.5 : f32")
        self.emit(f"  %c0r = arith.constant 0 : index")
        if row_sizes[0] is None:
            self.emit(f"  %w = tensor.dim %cur, %c0r : {rtype}")
            self.emit(f"  %e = tensor.empty(%w) : {rtype}")
        else:
            self.emit(f"  %e = tensor.empty() : {rtype}")
        ident = "affine_map<(d0) -> (d0)>"
        self.emit(f"  %new = linalg.generic {{indexing_maps = [{ident}, "
                  f"{ident}, {ident}], iterator_types = [\"parallel\"]}} "
                  f"ins(%prev, %cur : {rtype}, {rtype}) outs(%e : {rtype}) {{")
        self.emit("  ^bb0(%a0: f32, %a1: f32, %o: f32):")
        self.emit("    %m = arith.mulf %a0, %half : f32")
        self.emit("    %r = arith.addf %m, %a1 : f32")
        self.emit("    linalg.yield %r : f32")
        self.emit(f"  }} -> {rtype}")
        self.emit(f"  %u = slice.strided_update %new into %y[%i] : {rtype} "
                  f"into {ttype}")
        self.emit(f"  scf.yield %u : {ttype}")
        self.emit("}")
        self.sizes[out], self.shapes[out] = list(sizes), \
            list(self.shapes[src])
        return out, f"row_scan({text})"

    def build(self):
        rng = self.rng
        self.sizes["%x"] = list(self.x_shape)
        self.shapes["%x"] = list(self.x_shape)
        value, text = self.view("%x", "x")
        for _ in range(rng.randint(1, 2)):
            value, text = (self.binary if rng.random() < 0.4 else
                           self.unary)(value, text)
        tail = rng.choice(TAILS)
        if tail == "reduce":
            value, text = self.reduce(value, text)
        elif tail == "softmax":
            value, text = self.softmax(value, text)
        elif tail == "transpose":
            value, text = self.transpose(value, text)
        elif tail == "concat":
            value, text = self.concat(value, text)
        elif tail == "view":
            value, text = self.view(value, text)
            value, text = self.unary(value, text)
        elif rng.random() < 0.5:
            # Half of the programs with no other tail scan their rows.
            value, text = self.scan(value, text)
        if tail in ("concat", "transpose") and rng.random() < 0.5:
            value, text = self.unary(value, text)
        self.result, self.text = value, text

    def function(self):
        params = [f"%x: {t(self.x_shape)}"]
        if self.b_shape is not None:
            params.append(f"%b: {t(self.sizes['%b'])}")
        params += [f"%r{k}: index" for k in range(len(self.runtime))]
        result_type = t(self.sizes[self.result])
        return (f"func.func @prog({', '.join(params)}) -> {result_type} "
                f"attributes {{llvm.emit_c_interface}} {{\n" +
                "\n".join(self.lines) +
                f"\n  return {self.result} : {result_type}\n}}\n")

    def harness(self, restore=False):
        """The C caller. With `restore` (a mode where the function may
        write its arguments), each round first copies the inputs back
        from pristine copies, untimed, so that every call sees the same
        values."""
        rank = len(self.shapes[self.result])
        inputs = [self.x_shape] + ([self.b_shape] if self.b_shape else [])
        params = ", ".join(["Descriptor *"] * (1 + len(inputs)) +
                           ["int64_t"] * len(self.runtime))
        lines = [HARNESS_HEAD, f"void _mlir_ciface_prog({params});",
                 "int main(int argc, char **argv) {",
                 "  const char *out_path = argc > 1 ? argv[1] : NULL;"]
        args = ["&out"]
        for k, shape in enumerate(inputs):
            dims = ", ".join(map(str, shape))
            lines += [f"  const int64_t shape{k}[] = {{{dims}}};",
                      f"  const int64_t n{k} = elements({len(shape)}, "
                      f"shape{k});",
                      f"  float *in{k} = input(n{k}, {k});",
                      f"  Descriptor d{k};"]
            if restore:
                lines.append(f"  float *pristine{k} = input(n{k}, {k});")
            args.append(f"&d{k}")
        args += [str(v) for v in self.runtime]
        lines += [f"  double times[{TIMED_CALLS}];",
                  f"  for (int round = 0; round < {WARM_CALLS + TIMED_CALLS};"
                  " ++round) {"]
        for k, shape in enumerate(inputs):
            if restore:
                lines.append(f"    memcpy(in{k}, pristine{k}, "
                             f"(size_t)n{k} * sizeof(float));")
            lines.append(f"    describe(&d{k}, in{k}, {len(shape)}, "
                         f"shape{k});")
        lines += ["    Descriptor out;",
                  "    double start = now();",
                  f"    _mlir_ciface_prog({', '.join(args)});",
                  f"    if (round >= {WARM_CALLS})",
                  f"      times[round - {WARM_CALLS}] = now() - start;",
                  "    if (round == 0 && out_path) dump(&out, "
                  f"{rank}, out_path);",
                  "    if (out.words[0] != (int64_t)(intptr_t)in0)",
                  "      free((void *)(intptr_t)out.words[0]);",
                  "  }",
                  f"  printf(\"%.9g\\n\", median(times, {TIMED_CALLS}));",
                  "  return 0;", "}"]
        return "\n".join(lines) + "\n"


# Calls of @prog a process makes before it times any, then the calls it
# times (it prints their median). On this VM a fresh process's first ten
# or so calls of a program with buffers of a few MiB run up to 20x slower
# than the later ones (pages of freed buffers faulted in again), while
# NumPy's side runs in one long-lived process: each side is timed warm.
WARM_CALLS = 10
TIMED_CALLS = 3

HARNESS_HEAD = r"""// Generated by bench/programs/random.py: WARM_CALLS calls of @prog on
// inputs it owns, then TIMED_CALLS timed ones; prints their median and
// writes its result, row-major float32, to argv[1].
#include "harness_common.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float *input(int64_t n, int k) {
  float *p = aligned_alloc(64, (size_t)n * sizeof(float) + 64);
  for (int64_t i = 0; i < n; ++i)
    p[i] = (float)((i * 7 + 3) % 23 - 11) * 0.125f + (float)k;
  return p;
}

static void dump(const Descriptor *d, int rank, const char *path) {
  const float *base = (const float *)(intptr_t)d->words[1] + d->words[2];
  int64_t n = 1;
  for (int r = 0; r < rank; ++r)
    n *= d->words[3 + r];
  FILE *f = fopen(path, "wb");
  for (int64_t i = 0; i < n; ++i) {
    int64_t rem = i, at = 0;
    for (int r = rank - 1; r >= 0; --r) {
      at += (rem % d->words[3 + r]) * d->words[3 + rank + r];
      rem /= d->words[3 + r];
    }
    fwrite(base + at, sizeof(float), 1, f);
  }
  fclose(f);
}
"""


def softmax(v):
    e = np.exp(v - v.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def row_scan(v):
    """y[i] = y[i-1] * 0.5 + y[i], row by row, on a copy of v: NumPy's
    loop of row operations."""
    y = np.array(v)
    half = np.float32(0.5)
    for i in range(1, y.shape[0]):
        y[i] = y[i - 1] * half + y[i]
    return y


def mirror_cat(v):
    return np.concatenate([v, v[:, ::-1]], 1)


def input_np(shape, k):
    n = int(np.prod(shape))
    i = np.arange(n, dtype=np.int64)
    return ((((i * 7 + 3) % 23 - 11).astype(np.float32) * np.float32(0.125))
            + np.float32(k)).reshape(shape)


def run_program(program, work, args, index):
    """Compiles `program`, checks its values and times it against NumPy.
    Returns (ours, numpy, wrong, note)."""
    stem = os.path.join(work, f"p{index}")
    with open(stem + ".mlir", "w") as f:
        f.write(program.function())
    with open(stem + ".c", "w") as f:
        f.write(program.harness(
            restore="writable-arguments=true" in args.options))
    env = dict(os.environ, SLICE_BUILD_DIR=os.path.abspath(args.build_dir))
    compiled = subprocess.run(
        ["bash", os.path.join(ROOT, "scripts", "compile-aot.sh"),
         stem + ".mlir", stem, args.options, stem + ".c", "-O2",
         "-I" + os.path.join(ROOT, "bench")],
        capture_output=True, text=True, env=env)
    if compiled.returncode != 0:
        return None, None, True, "FAILED to compile: " + \
            compiled.stderr.strip().splitlines()[-1][:300]
    x = input_np(program.x_shape, 0)
    b = input_np(program.b_shape, 1) if program.b_shape else None
    names = {"np": np, "x": x, "b": b, "softmax": softmax,
             "mirror_cat": mirror_cat, "row_scan": row_scan}
    compute = eval("lambda: " + program.text, names)
    want = compute()
    ours, theirs = [], []
    for round_ in range(args.rounds):
        # Turns: ours first on even rounds, NumPy first on odd ones.
        for side in ((0, 1) if round_ % 2 == 0 else (1, 0)):
            if side == 0:
                out_path = stem + ".out" if round_ == 0 else ""
                ran = subprocess.run([stem] + ([out_path] if out_path else
                                               []),
                                     capture_output=True, text=True)
                if ran.returncode != 0:
                    return None, None, True, "FAILED to run: " + \
                        (ran.stderr.strip() or "exit %d" % ran.returncode)[
                            :300]
                ours.append(float(ran.stdout.split()[-1]))
            else:
                start = time.perf_counter()
                result = compute()
                theirs.append(time.perf_counter() - start)
                del result
    got = np.fromfile(stem + ".out", dtype=np.float32)
    scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    wrong = got.size != want.size or not np.allclose(
        got, want.ravel(), rtol=1e-4, atol=1e-4 * scale, equal_nan=True)
    note = ""
    if wrong:
        note = "MISMATCH"
    if not args.keep:
        for suffix in ("", ".out"):
            if os.path.exists(stem + suffix):
                os.remove(stem + suffix)
    return statistics.median(ours), statistics.median(theirs), wrong, note


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--keep", help="keep each program's files here")
    parser.add_argument("--only", type=int, action="append",
                        help="run only the program of this index (repeat)")
    parser.add_argument("--options", default="",
                        help="--slice-to-llvm's options for ours "
                        "(slices=copy, via-bufferization=true, ...)")
    args = parser.parse_args()
    # Both sides on one thread, with an allocator that keeps freed memory
    # (no page faults on a result's every call, for either side): this
    # process runs again with it.
    if "SLICE_RANDOM_BENCH" not in os.environ:
        env = dict(os.environ, SLICE_RANDOM_BENCH="1", OMP_NUM_THREADS="1",
                   OPENBLAS_NUM_THREADS="1",
                   GLIBC_TUNABLES="glibc.malloc.mmap_max=0:"
                   "glibc.malloc.trim_threshold=4294967296")
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    work = args.keep or tempfile.mkdtemp(prefix="random-programs-")
    os.makedirs(work, exist_ok=True)
    ratios, wrong = [], 0
    for k in range(args.count):
        if args.only and k not in args.only:
            continue
        program = Program(random.Random(args.seed * 1000003 + k))
        ours, theirs, bad, note = run_program(program, work, args, k)
        shape = "x".join(map(str, program.x_shape))
        if bad and ours is None:
            wrong += 1
            print(f"[{k}] {program.text}  (x {shape}): {note}", flush=True)
            continue
        ratio = ours / theirs
        ratios.append(ratio)
        wrong += bad
        print(f"[{k}] {program.text}  (x {shape}{', run-time' if program.runtime else ''}): ours "
              f"{ours * 1e3:.3f} ms, NumPy {theirs * 1e3:.3f} ms, ratio "
              f"{ratio:.2f}{' ' + note if note else ''}", flush=True)
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios)) \
        if ratios else float("nan")
    worst = max(ratios) if ratios else float("nan")
    count = len(args.only) if args.only else args.count
    print(f"random programs: {count} programs, {wrong} wrong, "
          f"geomean {geomean:.2f}, worst {worst:.2f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
