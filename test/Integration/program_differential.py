#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Program-level differential test: random programs of slices, updates,
element-wise producers and consumers, concats, broadcasts, transposes,
loops and calls, compiled by slice-opt, executed, compared with NumPy.

The single-op differentials (exec_differential.py) check each slice alone;
the bugs that hurt users sit between ops: an in-place decision that lets a
consumer overwrite what a reversed view still reads, a fold that breaks a
destination-passing chain, a propagated slice that computes the wrong
elements. Each program here is 2-10 ops on f32 tensors:

  slice       slice.strided with a random NumPy index (ranges of any stride
              sign, out-of-range bounds, shrink indices, new axes, an
              ellipsis);
  update      slice.strided_update of a value of the slice's shape or one
              that broadcasts to it (a value computed from the same
              destination included: y[s] = f(y[s]), y[s] = y[s'][::-1]);
  unary       relu, negation, x * a + b, abs, exp: as linalg.generic into a
              tensor.empty (one per type, reused: what CSE makes) or into
              another live value, or as arith / math on tensors;
  binary      add, sub, mul, max of two values of one shape (generic or
              arith), or of a value and a smaller one broadcast by the
              generic's indexing maps (a row, a permuted sub-shape);
  concat      tensor.concat of two values along a dimension;
  broadcast   linalg.broadcast to new leading or inner dimensions;
  transpose   linalg.transpose;
  loop        scf.for updating rows of a tensor: t[i] = f(t[i]),
              t[i] = t[i] + v[n-1-i], t[:, i:i+1] = f(t[:, i:i+1]);
  call        a private function of 1-3 unary ops, inlined or `no_inline`.

Every program runs in two variants: static (static shapes, constant
specs) and dynamic (every input dimension `?`, the spec values that may be
run-time `index` arguments, the function kept out of line with
`no_inline`). Inputs are made by tensor.generate in @main (no constants to
fold), f32 values -11..11 over the flat index.

Routes (--modes): cpu modes of --slice-to-llvm (view, copy, model, writable,
threads) run by mlir-runner, results printed with printMemrefF32 and
compared with NumPy (relative tolerance 1e-4, the printer's precision);
`gpu` compiles the programs with --slice-to-nvvm ahead of time
(scripts/compile-gpu-aot.sh) with a C driver that owns the device buffers,
runs them (on the emulated device, LD_LIBRARY_PATH), and compares what the
driver prints; `aot`, `aot-strided` and `aot-rows` compile for the CPU
ahead of time and call the entry points from C with dense inputs, views
stepping by 2, and rows of a wider buffer (ENTRY_MODES). Unless --count
is given, 200 programs from --seed.

  program_differential.py SLICE_OPT --runner MLIR_RUNNER --libs LIBS
      [--omp-lib LIB] [--count N] [--seed S] [--batch B] [--modes m,m]
      [--keep DIR] [--keep-failures DIR] [--emulated-device DIR]
      [--build-dir DIR] [--min-rank R] [--break-driver-of SEED]

--min-rank keeps only the programs with an input or result of rank R or
more (the C driver's memref structs, say). A batch that fails as a whole
(the compiler refuses it, the compiled code crashes, the C driver does not
build) is split and its programs rerun alone, so that each failure names
one program and the others are still checked. --keep-failures writes each
failing program alone and reduced to the fewest ops found that still fail.

Prints one line per problem: MISMATCH for the compiler's (wrong values,
FAILED: refused or crashed), HARNESS for this script's own (the generated C
driver does not compile; --break-driver-of makes the part of the driver of
the program of that seed fail on purpose), then a summary that counts the two apart; exits 1
on any.
"""

import argparse
import copy
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_no_wrap  # noqa: E402
from printed import parse_printed  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
MAX_ELEMENTS = 2048
MODES = {
    "view": "slices=view",
    "copy": "slices=copy",
    "model": "slices=view via-bufferization=true",
    "writable": "slices=copy writable-arguments=true",
    "threads": "slices=view parallel-bytes=0",
    # Every chain of two or more inserts and every concat on buffers before
    # one-shot (--slice-bufferize-chains), which the defaults leave to
    # one-shot below 8: the two must agree.
    "chains": "slices=view min-chain-length=2",
    "chains-writable": "slices=copy writable-arguments=true "
                       "min-chain-length=2",
}
# Entry points called from a C driver: (device, input layout, options of
# --slice-to-nvvm or --slice-to-llvm). `aot` passes dense buffers (layout
# 0, the entry points' dense path), `aot-strided` views that step by 2
# (layout 1, their general path), `aot-rows` rows of a wider buffer
# (layout 2: inner stride 1, each row 3 elements apart from the next's
# start more than dense; their rows path), `aot-reversed` the same rows
# walked backwards (layout 3: inner stride -1, as NumPy's `x[:, ::-1]`;
# their general path, versioned on the caller's inner stride).
ENTRY_MODES = {
    "gpu": (True, 0, ""),
    "gpu-copy": (True, 0, "slices=copy"),
    "aot": (False, 0, ""),
    "aot-strided": (False, 1, ""),
    "aot-rows": (False, 2, ""),
    "aot-reversed": (False, 3, ""),
}


# --------------------------------------------------------------------------
# Values and the program being built
# --------------------------------------------------------------------------

class Value:
    """An SSA tensor of the program: its NumPy value (f32) and a bound on
    its magnitude (exp is only applied where it stays finite)."""

    def __init__(self, name, array, bound):
        self.name, self.array, self.bound = name, array, bound

    @property
    def shape(self):
        return list(self.array.shape)


def input_array(shape, seed):
    count = int(np.prod(shape, dtype=np.int64))
    flat = (np.arange(count, dtype=np.int64) * 7 + seed) % 23 - 11
    return flat.astype(np.float32).reshape(shape)


class Emitter:
    """Writes one function of a program for one variant. Types are
    per-variant: the static variant knows every size, the dynamic one
    knows the sizes that no run-time value decides."""

    def __init__(self, dynamic):
        self.dynamic = dynamic
        self.lines = []
        self.types = {}      # SSA name -> list of sizes (None: ?)
        self.count = 0
        self.empties = {}    # static type -> tensor.empty name (reused)
        self.index_args = []  # (name, value) run-time index arguments
        self.constants = {}  # index constants

    def fresh(self, prefix="v"):
        self.count += 1
        return f"%{prefix}{self.count}"

    def emit(self, line):
        self.lines.append("  " + line)

    def type_of(self, name):
        return tensor_type(self.types[name])

    def index(self, value, runtime):
        """An index operand: a run-time argument in the dynamic variant when
        `runtime`, else a constant."""
        if self.dynamic and runtime:
            name = f"%i{len(self.index_args)}"
            self.index_args.append((name, value))
            return name
        if value not in self.constants:
            name = self.fresh("c")
            self.emit(f"{name} = arith.constant {value} : index")
            self.constants[value] = name
        return self.constants[value]

    def dims_of(self, name):
        """SSA index values for the sizes of `name`."""
        out = []
        for d, size in enumerate(self.types[name]):
            if size is not None:
                out.append(None)
                continue
            c = self.index(d, False)
            dim = self.fresh("d")
            self.emit(f"{dim} = tensor.dim {name}, {c} : "
                      f"{self.type_of(name)}")
            out.append(dim)
        return out

    def empty_like(self, sizes, like=None, reuse=True):
        """A tensor.empty of `sizes` (None: ?, taken from `like`'s dims)."""
        if all(s is not None for s in sizes):
            key = tuple(sizes)
            if reuse and key in self.empties:
                return self.empties[key]
            name = self.fresh("e")
            self.emit(f"{name} = tensor.empty() : {tensor_type(sizes)}")
            self.types[name] = list(sizes)
            if reuse:
                self.empties[key] = name
            return name
        dims = self.dims_of(like)
        operands = [d for s, d in zip(sizes, dims) if s is None]
        name = self.fresh("e")
        self.emit(f"{name} = tensor.empty({', '.join(operands)}) : "
                  f"{tensor_type(sizes)}")
        self.types[name] = list(sizes)
        return name

    def cast(self, name, sizes):
        if self.types[name] == list(sizes):
            return name
        out = self.fresh()
        self.emit(f"{out} = tensor.cast {name} : {self.type_of(name)} to "
                  f"{tensor_type(sizes)}")
        self.types[out] = list(sizes)
        return out


def tensor_type(sizes):
    if not sizes:
        return "tensor<f32>"
    return "tensor<" + "x".join("?" if s is None else str(s)
                                for s in sizes) + "xf32>"


def meet(a, b):
    return [x if x == y else None for x, y in zip(a, b)]


# --------------------------------------------------------------------------
# Ops: each records its parameters at generation (computing NumPy's value)
# and emits itself for either variant.
# --------------------------------------------------------------------------

def fmt_f32(x):
    text = repr(float(np.float32(x)))
    return text if ("." in text or "e" in text or "n" in text) else text + ".0"


UNARY = {
    # name: (numpy, generic body builder, arith-on-tensors op or None)
    "relu": (lambda x: np.maximum(x, np.float32(0)), None, None),
    "neg": (lambda x: -x, None, "arith.negf"),
    "abs": (lambda x: np.abs(x), None, "math.absf"),
    "exp": (lambda x: np.exp(x), None, "math.exp"),
}
BINARY = {
    "add": (np.add, "arith.addf"),
    "sub": (np.subtract, "arith.subf"),
    "mul": (np.multiply, "arith.mulf"),
    "max": (np.maximum, "arith.maximumf"),
}


def unary_body(kind, arg, emit, fresh, params):
    """Emits the scalar ops of a unary op on `arg`; returns the result."""
    if kind == "relu":
        zero = fresh("s")
        emit(f"{zero} = arith.constant 0.0 : f32")
        out = fresh("s")
        emit(f"{out} = arith.maximumf {arg}, {zero} : f32")
        return out
    if kind == "affine":
        a, b = params
        ca, cb, m, out = fresh("s"), fresh("s"), fresh("s"), fresh("s")
        emit(f"{ca} = arith.constant {fmt_f32(a)} : f32")
        emit(f"{cb} = arith.constant {fmt_f32(b)} : f32")
        emit(f"{m} = arith.mulf {arg}, {ca} : f32")
        emit(f"{out} = arith.addf {m}, {cb} : f32")
        return out
    op = {"neg": "arith.negf", "abs": "math.absf", "exp": "math.exp"}[kind]
    out = fresh("s")
    emit(f"{out} = {op} {arg} : f32")
    return out


def unary_numpy(kind, x, params):
    if kind == "affine":
        a, b = params
        return (x * np.float32(a) + np.float32(b)).astype(np.float32)
    return UNARY[kind][0](x).astype(np.float32)


class SliceOp:
    def __init__(self, out, src, index, runtime):
        self.out, self.src, self.index, self.runtime = out, src, index, runtime

    def emit(self, em):
        src_sizes = em.types[self.src.name]
        spec, sizes = spec_text(em, self.index, self.runtime, src_sizes,
                                self.out.shape)
        em.emit(f"{self.out.name} = slice.strided {self.src.name}[{spec}] : "
                f"{em.type_of(self.src.name)} to {tensor_type(sizes)}")
        em.types[self.out.name] = sizes


def spec_text(em, index, runtime, src_sizes, result_shape):
    """Python notation for `index`; in the dynamic variant the entries in
    `runtime` are index arguments. Returns (text, result sizes)."""
    parts, sizes = [], []
    dim = 0
    n_dims = sum(1 for e in index if e is not None and e is not Ellipsis)
    result_dim = 0
    for k, entry in enumerate(index):
        if entry is Ellipsis:
            covered = len(src_sizes) - n_dims
            parts.append("...")
            for _ in range(covered):
                sizes.append(src_sizes[dim])
                dim += 1
                result_dim += 1
            continue
        if entry is None:
            parts.append("newaxis")
            sizes.append(1)
            result_dim += 1
            continue
        if isinstance(entry, int):
            parts.append(em.index(entry, k in runtime))
            dim += 1
            continue
        fields = []
        dynamic_entry = False
        for value in (entry.start, entry.stop, entry.step):
            if value is None:
                fields.append("")
            elif k in runtime and em.dynamic:
                fields.append(em.index(value, True))
                dynamic_entry = True
            else:
                fields.append(str(value))
        parts.append(":".join(fields))
        known = src_sizes[dim] is not None and not dynamic_entry
        sizes.append(result_shape[result_dim] if known else None)
        dim += 1
        result_dim += 1
    while dim < len(src_sizes):
        sizes.append(src_sizes[dim])
        dim += 1
    return ", ".join(parts), sizes


class UpdateOp:
    def __init__(self, out, value, dest, index, runtime):
        self.out, self.value, self.dest = out, value, dest
        self.index, self.runtime = index, runtime

    def emit(self, em):
        dest_sizes = em.types[self.dest.name]
        sliced = np.empty(self.dest.shape)[tuple(self.index)].shape
        spec, _ = spec_text(em, self.index, self.runtime, dest_sizes,
                            list(sliced))
        # A dimension of the value broadcasts only as a static 1.
        vshape = self.value.shape
        vsizes = list(em.types[self.value.name])
        for k in range(1, len(vshape) + 1):
            if vshape[-k] == 1 and sliced[-k] != 1:
                vsizes[-k] = 1
        value = em.cast(self.value.name, vsizes)
        em.emit(f"{self.out.name} = slice.strided_update {value} "
                f"into {self.dest.name}[{spec}] : "
                f"{em.type_of(value)} into {em.type_of(self.dest.name)}")
        em.types[self.out.name] = list(dest_sizes)


class UnaryOp:
    def __init__(self, out, src, kind, params, form, init):
        self.out, self.src, self.kind, self.params = out, src, kind, params
        self.form, self.init = form, init

    def emit(self, em):
        sizes = em.types[self.src.name]
        if self.form == "tensor" and self.kind in ("neg", "abs", "exp"):
            op = {"neg": "arith.negf", "abs": "math.absf",
                  "exp": "math.exp"}[self.kind]
            em.emit(f"{self.out.name} = {op} {self.src.name} : "
                    f"{em.type_of(self.src.name)}")
            em.types[self.out.name] = list(sizes)
            return
        if self.init is not None:
            init = em.cast(self.init.name, sizes)
        else:
            init = em.empty_like(sizes, self.src.name)
        rank = len(sizes)
        ident = identity_map(rank)
        em.emit(f"{self.out.name} = linalg.generic {{indexing_maps = "
                f"[{ident}, {ident}], iterator_types = "
                f"[{parallel(rank)}]}} ins({self.src.name} : "
                f"{em.type_of(self.src.name)}) outs({init} : "
                f"{em.type_of(init)}) {{")
        em.emit("^bb0(%a: f32, %o: f32):")
        out = unary_body(self.kind, "%a", em.emit, em.fresh, self.params)
        em.emit(f"  linalg.yield {out} : f32")
        em.emit(f"}} -> {em.type_of(init)}")
        em.types[self.out.name] = list(sizes)


class BinaryOp:
    """a OP b, where b's dims are `b_dims` of a's loop dims (a projected
    permutation: a broadcast row, a transposed sub-shape, or all of them)."""

    def __init__(self, out, a, b, kind, b_dims, form):
        self.out, self.a, self.b, self.kind = out, a, b, kind
        self.b_dims, self.form = b_dims, form

    def emit(self, em):
        rank = len(self.a.shape)
        same = self.b_dims == list(range(rank))
        if same:
            sizes = meet(em.types[self.a.name], em.types[self.b.name])
            a, b = em.cast(self.a.name, sizes), em.cast(self.b.name, sizes)
        else:
            sizes = list(em.types[self.a.name])
            a, b = self.a.name, self.b.name
        op = BINARY[self.kind][1]
        if same and self.form == "tensor":
            em.emit(f"{self.out.name} = {op} {a}, {b} : {tensor_type(sizes)}")
            em.types[self.out.name] = sizes
            return
        init = em.empty_like(sizes, a)
        ident = identity_map(rank)
        b_map = affine_map(rank, [f"d{d}" for d in self.b_dims])
        em.emit(f"{self.out.name} = linalg.generic {{indexing_maps = "
                f"[{ident}, {b_map}, {ident}], iterator_types = "
                f"[{parallel(rank)}]}} ins({a}, {b} : {em.type_of(a)}, "
                f"{em.type_of(b)}) outs({init} : {em.type_of(init)}) {{")
        em.emit("^bb0(%a: f32, %b: f32, %o: f32):")
        em.emit(f"  %r = {op} %a, %b : f32")
        em.emit("  linalg.yield %r : f32")
        em.emit(f"}} -> {em.type_of(init)}")
        em.types[self.out.name] = sizes


class ConcatOp:
    def __init__(self, out, a, b, dim):
        self.out, self.a, self.b, self.dim = out, a, b, dim

    def emit(self, em):
        ta, tb = em.types[self.a.name], em.types[self.b.name]
        common = [x if i == self.dim else (x if x == y else None)
                  for i, (x, y) in enumerate(zip(ta, tb))]
        a = em.cast(self.a.name, [ta[i] if i == self.dim else common[i]
                                  for i in range(len(ta))])
        b = em.cast(self.b.name, [tb[i] if i == self.dim else common[i]
                                  for i in range(len(tb))])
        ta, tb = em.types[a], em.types[b]
        sizes = list(common)
        sizes[self.dim] = (None if ta[self.dim] is None or tb[self.dim] is None
                           else ta[self.dim] + tb[self.dim])
        em.emit(f"{self.out.name} = tensor.concat dim({self.dim}) {a}, {b} : "
                f"({em.type_of(a)}, {em.type_of(b)}) -> {tensor_type(sizes)}")
        em.types[self.out.name] = sizes


class ConcatManyOp:
    """tensor.concat of any number of values along `dim`."""

    def __init__(self, out, parts, dim):
        self.out, self.parts, self.dim = out, parts, dim

    def emit(self, em):
        types = [em.types[p.name] for p in self.parts]
        common = [types[0][i] if all(t[i] == types[0][i] for t in types)
                  else None for i in range(len(types[0]))]
        names = [em.cast(p.name, [t[i] if i == self.dim else common[i]
                                  for i in range(len(t))])
                 for p, t in zip(self.parts, types)]
        types = [em.types[n] for n in names]
        sizes = list(common)
        along = [t[self.dim] for t in types]
        sizes[self.dim] = None if None in along else sum(along)
        em.emit(f"{self.out.name} = tensor.concat dim({self.dim}) "
                f"{', '.join(names)} : ({', '.join(em.type_of(n) for n in names)})"
                f" -> {tensor_type(sizes)}")
        em.types[self.out.name] = sizes


class BroadcastOp:
    def __init__(self, out, src, added):
        # added: {result dim: size}
        self.out, self.src, self.added = out, src, added

    def emit(self, em):
        src_sizes = em.types[self.src.name]
        rank = len(self.out.shape)
        sizes, k = [], 0
        for d in range(rank):
            if d in self.added:
                sizes.append(self.added[d])
            else:
                sizes.append(src_sizes[k])
                k += 1
        dims = em.dims_of(self.src.name)
        operands, k = [], 0
        for d in range(rank):
            if d in self.added:
                continue
            if src_sizes[k] is None:
                operands.append(dims[k])
            k += 1
        init = em.fresh("e")
        em.emit(f"{init} = tensor.empty({', '.join(operands)}) : "
                f"{tensor_type(sizes)}")
        em.types[init] = sizes
        em.emit(f"{self.out.name} = linalg.broadcast ins({self.src.name} : "
                f"{em.type_of(self.src.name)}) outs({init} : "
                f"{tensor_type(sizes)}) dimensions = "
                f"[{', '.join(str(d) for d in sorted(self.added))}]")
        em.types[self.out.name] = sizes


class TransposeOp:
    def __init__(self, out, src, perm):
        self.out, self.src, self.perm = out, src, perm

    def emit(self, em):
        src_sizes = em.types[self.src.name]
        sizes = [src_sizes[p] for p in self.perm]
        dims = em.dims_of(self.src.name)
        operands = [dims[p] for p in self.perm if src_sizes[p] is None]
        init = em.fresh("e")
        em.emit(f"{init} = tensor.empty({', '.join(operands)}) : "
                f"{tensor_type(sizes)}")
        em.types[init] = sizes
        em.emit(f"{self.out.name} = linalg.transpose ins({self.src.name} : "
                f"{em.type_of(self.src.name)}) outs({init} : "
                f"{tensor_type(sizes)}) permutation = "
                f"[{', '.join(str(p) for p in self.perm)}]")
        em.types[self.out.name] = sizes


REDUCE_COMBINER = {"sum": "arith.addf", "max": "arith.maximumf",
                   "min": "arith.minimumf"}
REDUCE_NEUTRAL = {"sum": "0.0", "max": "0xFF800000", "min": "0x7F800000"}


def reduce_numpy(kind, x, dims):
    axes = tuple(dims)
    if kind == "sum":
        return x.astype(np.float64).sum(axis=axes).astype(np.float32)
    if kind == "max":
        return np.max(x, axis=axes, initial=-np.inf).astype(np.float32)
    return np.min(x, axis=axes, initial=np.inf).astype(np.float32)


class ReduceOp:
    """The sum, maximum or minimum of src over `dims` (linalg.reduce from a
    linalg.fill of the neutral element) or, `centered`, src minus that
    over its one dim, read broadcast by a linalg.generic (softmax's x -
    max, a mean-centering without the division)."""

    def __init__(self, out, src, kind, dims, centered):
        self.out, self.src, self.kind = out, src, kind
        self.dims, self.centered = dims, centered

    def emit(self, em):
        sizes = em.types[self.src.name]
        rank = len(sizes)
        kept = [d for d in range(rank) if d not in self.dims]
        kept_sizes = [sizes[d] for d in kept]
        dims = em.dims_of(self.src.name)
        operands = [dims[d] for d in kept if sizes[d] is None]
        init = em.fresh("e")
        em.emit(f"{init} = tensor.empty({', '.join(operands)}) : "
                f"{tensor_type(kept_sizes)}")
        em.types[init] = kept_sizes
        neutral, filled = em.fresh("n"), em.fresh("f")
        em.emit(f"{neutral} = arith.constant {REDUCE_NEUTRAL[self.kind]} : "
                "f32")
        em.emit(f"{filled} = linalg.fill ins({neutral} : f32) outs({init} : "
                f"{tensor_type(kept_sizes)}) -> {tensor_type(kept_sizes)}")
        em.types[filled] = kept_sizes
        reduced = em.fresh("r") if self.centered else self.out.name
        em.emit(f"{reduced} = linalg.reduce ins({self.src.name} : "
                f"{em.type_of(self.src.name)}) outs({filled} : "
                f"{tensor_type(kept_sizes)}) dimensions = "
                f"[{', '.join(str(d) for d in self.dims)}]")
        em.emit("  (%a: f32, %b: f32) {")
        em.emit(f"    %c = {REDUCE_COMBINER[self.kind]} %a, %b : f32")
        em.emit("    linalg.yield %c : f32")
        em.emit("  }")
        em.types[reduced] = kept_sizes
        if not self.centered:
            return
        out_init = em.empty_like(sizes, self.src.name)
        ident = identity_map(rank)
        row = affine_map(rank, [f"d{d}" for d in kept])
        em.emit(f"{self.out.name} = linalg.generic {{indexing_maps = "
                f"[{ident}, {row}, {ident}], iterator_types = "
                f"[{parallel(rank)}]}} ins({self.src.name}, {reduced} : "
                f"{em.type_of(self.src.name)}, {tensor_type(kept_sizes)}) "
                f"outs({out_init} : {em.type_of(out_init)}) {{")
        em.emit("^bb0(%a: f32, %m: f32, %o: f32):")
        em.emit("  %v = arith.subf %a, %m : f32")
        em.emit("  linalg.yield %v : f32")
        em.emit(f"}} -> {em.type_of(out_init)}")
        em.types[self.out.name] = list(sizes)


class LoopOp:
    """for i in [0, n): t[i] = f(t[i]) (shape 'row'), t[i] = t[i] + v[n-1-i]
    (shape 'reversed'), or t[:, i:i+1] = f(t[:, i:i+1]) (shape 'window')."""

    def __init__(self, out, t, kind, params, shape, other):
        self.out, self.t, self.kind, self.params = out, t, kind, params
        self.shape, self.other = shape, other

    def emit(self, em):
        sizes = list(em.types[self.t.name])
        ttype = tensor_type(sizes)
        dim = 1 if self.shape == "window" else 0
        zero, one = em.index(0, False), em.index(1, False)
        if sizes[dim] is None:
            n = em.fresh("n")
            em.emit(f"{n} = tensor.dim {self.t.name}, {em.index(dim, False)}"
                    f" : {ttype}")
        else:
            n = em.index(sizes[dim], False)
        em.emit(f"{self.out.name} = scf.for %iv = {zero} to {n} step {one} "
                f"iter_args(%t = {self.t.name}) -> ({ttype}) {{")
        inner = Emitter(em.dynamic)
        inner.count = em.count + 1000
        inner.types = dict(em.types)
        inner.types["%t"] = sizes
        inner.constants = dict(em.constants)
        if self.shape == "window":
            stop = inner.fresh("w")
            inner.emit(f"{stop} = arith.addi %iv, {one} : index")
            # The window's size is known at run time only (0 past the end).
            row_sizes = [sizes[0], None] + sizes[2:]
            spec = f":, %iv:{stop}"
        else:
            row_sizes = sizes[1:]
            spec = "%iv"
        row = inner.fresh("row")
        inner.emit(f"{row} = slice.strided %t[{spec}] : {ttype} to "
                   f"{tensor_type(row_sizes)}")
        inner.types[row] = row_sizes
        if self.shape == "reversed":
            other_sizes = inner.types[self.other.name]
            j = inner.fresh("j")
            last = inner.fresh("l")
            if other_sizes[0] is None:
                inner.emit(f"{last} = tensor.dim {self.other.name}, {zero} : "
                           f"{tensor_type(other_sizes)}")
            else:
                inner.emit(f"{last} = arith.constant {other_sizes[0]} : index")
            inner.emit(f"{j} = arith.subi {last}, %iv : index")
            j1 = inner.fresh("j")
            inner.emit(f"{j1} = arith.subi {j}, {one} : index")
            orow = inner.fresh("row")
            orow_sizes = other_sizes[1:]
            inner.emit(f"{orow} = slice.strided {self.other.name}[{j1}] : "
                       f"{tensor_type(other_sizes)} to "
                       f"{tensor_type(orow_sizes)}")
            inner.types[orow] = orow_sizes
            common = meet(row_sizes, orow_sizes)
            a, b = inner.cast(row, common), inner.cast(orow, common)
            new = inner.fresh("new")
            inner.emit(f"{new} = arith.addf {a}, {b} : {tensor_type(common)}")
            inner.types[new] = common
            new = inner.cast(new, row_sizes)
        else:
            init = inner.empty_like(row_sizes, row, reuse=False)
            rank = len(row_sizes)
            ident = identity_map(rank)
            new = inner.fresh("new")
            inner.emit(f"{new} = linalg.generic {{indexing_maps = [{ident}, "
                       f"{ident}], iterator_types = [{parallel(rank)}]}} "
                       f"ins({row} : {tensor_type(row_sizes)}) outs({init} : "
                       f"{tensor_type(row_sizes)}) {{")
            inner.emit("^bb0(%a: f32, %o: f32):")
            out = unary_body(self.kind, "%a", inner.emit, inner.fresh,
                             self.params)
            inner.emit(f"  linalg.yield {out} : f32")
            inner.emit(f"}} -> {tensor_type(row_sizes)}")
            inner.types[new] = row_sizes
        upd = inner.fresh("u")
        inner.emit(f"{upd} = slice.strided_update {new} into %t[{spec}] : "
                   f"{tensor_type(row_sizes)} into {ttype}")
        inner.emit(f"scf.yield {upd} : {ttype}")
        for line in inner.lines:
            em.emit(line)
        em.index_args += inner.index_args
        em.count = inner.count
        em.emit("}")
        em.types[self.out.name] = sizes


class CallOp:
    """out = @callee(src), the callee a few unary ops; `no_inline` or not."""

    def __init__(self, out, src, body, callee, no_inline):
        self.out, self.src, self.body = out, src, body
        self.callee, self.no_inline = callee, no_inline

    def emit(self, em):
        sub = Emitter(em.dynamic)
        sub.types["%arg"] = list(em.types[self.src.name])
        for op in self.body:
            op.emit(sub)
        result = self.body[-1].out.name
        args = "".join(f", {n}: index" for n, _ in sub.index_args)
        text = [f"func.func private {self.callee}(%arg: "
                f"{tensor_type(sub.types['%arg'])}{args}) -> "
                f"{sub.type_of(result)} {{"]
        text += sub.lines
        text.append(f"  return {result} : {sub.type_of(result)}")
        text.append("}")
        em.callees.append("\n".join(text))
        operands = [self.src.name] + [em.index(v, True) if em.dynamic
                                      else em.index(v, False)
                                      for _, v in sub.index_args]
        types = [em.type_of(self.src.name)] + ["index"] * len(sub.index_args)
        attr = " {no_inline}" if self.no_inline else ""
        em.emit(f"{self.out.name} = func.call {self.callee}("
                f"{', '.join(operands)}){attr} : ({', '.join(types)}) -> "
                f"{sub.type_of(result)}")
        em.types[self.out.name] = sub.types[result]


def identity_map(rank):
    return affine_map(rank, [f"d{d}" for d in range(rank)])


def affine_map(rank, results):
    dims = ", ".join(f"d{d}" for d in range(rank))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def parallel(rank):
    return ", ".join(['"parallel"'] * rank)


# --------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------

def random_index(rng, shape):
    """A random NumPy basic index of `shape` that NumPy accepts, with a
    result of at most MAX_ELEMENTS elements; None when none was found."""
    for _ in range(20):
        rank = len(shape)
        index, used = [], 0
        ellipsis = rng.random() < 0.2
        ell_at = rng.randint(0, rank) if ellipsis else -1
        dims = list(range(rank))
        take = rng.randint(0, rank) if ellipsis else rank
        if not ellipsis and rng.random() < 0.3 and rank:
            take = rng.randint(1, rank)
        k = 0
        while used < take:
            if k == ell_at:
                index.append(Ellipsis)
            # New axes, also next to the unit dimensions that a stride of 2
            # or 3 leaves (the views' layouts, issue 57).
            if rng.random() < 0.15:
                index.append(None)
            n = shape[dims[used]]
            roll = rng.random()
            if roll < 0.15 and n > 0:
                index.append(rng.randint(-n, n - 1))
            elif roll < 0.22:
                # An empty range (concats and element-wise ops of empty
                # operands).
                start = rng.randint(-n, n)
                index.append(slice(start, start, rng.choice([1, -1, 2])))
            else:
                step = rng.choice([1, 1, -1, -1, 2, -2, 3, -3])
                start = rng.choice([None, None, rng.randint(-n - 2, n + 2)])
                stop = rng.choice([None, None, rng.randint(-n - 2, n + 2)])
                index.append(slice(start, stop, step))
            used += 1
            k += 1
        if ellipsis and Ellipsis not in index:
            index.append(Ellipsis)
        if rng.random() < 0.1:
            index.append(None)
        try:
            result = np.empty(shape, dtype=np.float32)[tuple(index)]
        except (IndexError, ValueError):
            continue
        if 0 < result.size <= MAX_ELEMENTS or (result.size == 0 and
                                               rng.random() < 0.3):
            return index
    return None


def runtime_entries(rng, index):
    return {k for k, e in enumerate(index)
            if (isinstance(e, slice) or isinstance(e, int))
            and e is not None and e is not Ellipsis and rng.random() < 0.6}


class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.count = 0
        self.callees = 0

    def name(self):
        self.count += 1
        return f"%t{self.count}"

    def value(self, array, bound):
        return Value(self.name(), np.array(array, dtype=np.float32), bound)

    def gen_reduce(self, src):
        """A reduction of a value of rank 2 or more over some (not all) of
        its dims, or a centering over one (ReduceOp)."""
        rng = self.rng
        rank = len(src.shape)
        if rank < 2:
            return None, None
        kind = rng.choice(["sum", "max", "min"])
        centered = rng.random() < 0.4
        if centered:
            dims = [rng.randrange(rank)]
        else:
            dims = sorted(rng.sample(range(rank), rng.randint(1, rank - 1)))
        reduced = int(np.prod([src.shape[d] for d in dims]))
        bound = src.bound * max(reduced, 1) if kind == "sum" else src.bound
        if bound > 1e30:
            return None, None
        value = reduce_numpy(kind, src.array, dims)
        if centered:
            value = (src.array -
                     np.expand_dims(value, dims[0])).astype(np.float32)
            bound += src.bound
        out = self.value(value, bound)
        return ReduceOp(out, src, kind, dims, centered), out

    def gen_unary(self, src, live, allow_call=True):
        rng = self.rng
        kind = rng.choice(["relu", "relu", "neg", "affine", "abs", "exp"])
        if kind == "exp" and src.bound > 8:
            kind = "relu"
        params = None
        bound = src.bound
        if kind == "affine":
            params = (rng.choice([2.0, -1.0, 0.5, 3.0]),
                      rng.choice([1.0, -2.0, 0.25]))
            bound = bound * abs(params[0]) + abs(params[1])
        elif kind == "exp":
            bound = float(np.exp(bound))
        form = "tensor" if kind in ("neg", "abs", "exp") and \
            rng.random() < 0.4 else "generic"
        init = None
        if form == "generic" and rng.random() < 0.25:
            same = [v for v in live if v.shape == src.shape]
            if same:
                init = rng.choice(same)
        out = self.value(unary_numpy(kind, src.array, params), bound)
        return UnaryOp(out, src, kind, params, form, init), out

    def gen_slice(self, src):
        index = random_index(self.rng, src.shape)
        if index is None:
            return None, None
        out = self.value(src.array[tuple(index)].copy(), src.bound)
        return SliceOp(out, src, index, runtime_entries(self.rng, index)), out

    def gen_update(self, dest, live):
        rng = self.rng
        index = random_index(rng, dest.shape)
        if index is None:
            return []
        target = dest.array[tuple(index)]
        tshape = list(np.shape(target))
        ops = []
        roll = rng.random()
        value = None
        if roll < 0.25:
            same = [v for v in live if v.shape == tshape]
            if same:
                value = rng.choice(same)
        if value is None and roll < 0.6:
            # y[s] = f(y[s])
            sl = SliceOp(self.value(np.asarray(target).copy(), dest.bound),
                         dest, index, runtime_entries(rng, index))
            ops.append(sl)
            op, value = self.gen_unary(sl.out, [])
            ops.append(op)
        if value is None and roll < 0.85 and tshape:
            # y[s] = y[s][::-1, ...] (reversed along some dims)
            sl = SliceOp(self.value(np.asarray(target).copy(), dest.bound),
                         dest, index, runtime_entries(rng, index))
            ops.append(sl)
            flip = [slice(None, None, -1) if rng.random() < 0.6
                    else slice(None) for _ in tshape]
            rev = SliceOp(self.value(sl.out.array[tuple(flip)].copy(),
                                     dest.bound), sl.out, flip, set())
            ops.append(rev)
            value = rev.out
        if value is None:
            # A value that broadcasts: unit dims or fewer leading dims.
            drop = rng.randint(0, len(tshape))
            vshape = [1 if rng.random() < 0.5 else d
                      for d in tshape[drop:]]
            if not all(d <= MAX_ELEMENTS for d in vshape):
                return []
            src = [v for v in live if v.shape == vshape]
            if src:
                value = rng.choice(src)
            else:
                return []
        y = dest.array.copy()
        y[tuple(index)] = value.array
        out = self.value(y, max(dest.bound, value.bound))
        ops.append(UpdateOp(out, value, dest, index,
                            runtime_entries(rng, index)))
        return ops

    def gen_binary(self, a, live):
        rng = self.rng
        kind = rng.choice(list(BINARY))
        rank = len(a.shape)
        same = [v for v in live if v.shape == a.shape]
        b, b_dims = None, list(range(rank))
        if same and rng.random() < 0.6:
            b = rng.choice(same)
        elif rank >= 1:
            # A smaller operand broadcast by the maps: look for a value
            # whose shape is a projected permutation of a's dims.
            for v in live:
                if v is a or not 0 < len(v.shape) < rank or rng.random() < 0.3:
                    continue
                dims = match_dims(rng, v.shape, a.shape)
                if dims is not None:
                    b, b_dims = v, dims
                    break
            if b is None:
                b = rng.choice(same) if same else a
                b_dims = list(range(rank))
        else:
            b = a
        if b_dims == list(range(rank)):
            bb = b.array
        else:
            # Broadcast b's dims (b_dims[k] is b's dim k's loop dim).
            order = sorted(range(len(b_dims)), key=lambda k: b_dims[k])
            t = np.transpose(b.array, order)
            shape = [a.shape[d] if d in b_dims else 1 for d in range(rank)]
            bb = np.broadcast_to(t.reshape(shape), a.shape)
        out_array = BINARY[kind][0](a.array, bb).astype(np.float32)
        bound = (a.bound * b.bound if kind == "mul"
                 else a.bound + b.bound)
        out = self.value(out_array, bound)
        form = "tensor" if rng.random() < 0.4 else "generic"
        return BinaryOp(out, a, b, kind, b_dims, form), out

    def gen_concat(self, a, live):
        rng = self.rng
        if not a.shape:
            return None, None
        dim = rng.randrange(len(a.shape))
        partners = [v for v in live if len(v.shape) == len(a.shape) and all(
            x == y for i, (x, y) in enumerate(zip(v.shape, a.shape))
            if i != dim)]
        b = rng.choice(partners)
        array = np.concatenate([a.array, b.array], axis=dim)
        if array.size > MAX_ELEMENTS:
            return None, None
        out = self.value(array, max(a.bound, b.bound))
        return ConcatOp(out, a, b, dim), out

    def gen_broadcast(self, a):
        rng = self.rng
        if len(a.shape) >= 3:
            return None, None
        rank = len(a.shape) + 1
        d = rng.randrange(rank)
        size = rng.choice([1, 2, 3])
        shape = list(a.shape)
        shape.insert(d, size)
        if int(np.prod(shape)) > MAX_ELEMENTS:
            return None, None
        array = np.broadcast_to(np.expand_dims(a.array, d), shape).copy()
        out = self.value(array, a.bound)
        return BroadcastOp(out, a, {d: size}), out

    def gen_transpose(self, a):
        if len(a.shape) < 2:
            return None, None
        perm = list(range(len(a.shape)))
        while perm == sorted(perm):
            self.rng.shuffle(perm)
        out = self.value(np.transpose(a.array, perm).copy(), a.bound)
        return TransposeOp(out, a, perm), out

    def gen_loop(self, t, live):
        rng = self.rng
        if not t.shape or t.shape[0] == 0:
            return None, None
        shape = rng.choice(["row", "row", "reversed", "window"])
        if shape == "window" and (len(t.shape) < 2 or t.shape[1] == 0):
            shape = "row"
        other = None
        if shape == "reversed":
            others = [v for v in live if v.shape == t.shape]
            other = rng.choice(others)
        kind = rng.choice(["relu", "neg", "affine"])
        params = (2.0, 1.0) if kind == "affine" else None
        y = t.array.copy()
        bound = t.bound
        if shape == "row":
            for i in range(y.shape[0]):
                y[i] = unary_numpy(kind, y[i], params)
            if kind == "affine":
                bound = bound * 2 ** y.shape[0] + 2 ** y.shape[0]
        elif shape == "window":
            for i in range(y.shape[1]):
                y[:, i:i + 1] = unary_numpy(kind, y[:, i:i + 1], params)
            if kind == "affine":
                bound = bound * 2 + 1
        else:
            n = y.shape[0]
            for i in range(n):
                y[i] = y[i] + other.array[n - 1 - i]
            bound = bound + other.bound
        if kind == "affine" and shape == "row":
            bound = t.bound * 2 + 1
        out = self.value(y, bound)
        return LoopOp(out, t, kind, params, shape, other), out

    def gen_call(self, src):
        body, cur = [], Value("%arg", src.array, src.bound)
        for _ in range(self.rng.randint(1, 3)):
            if self.rng.random() < 0.5:
                op, nxt = self.gen_slice(cur)
                if op is None:
                    continue
            else:
                op, nxt = self.gen_unary(cur, [])
            body.append(op)
            cur = nxt
        if not body:
            return None, None
        self.callees += 1
        out = self.value(cur.array, cur.bound)
        return CallOp(out, src, body, f"@callee{self.callees}",
                      self.rng.random() < 0.5), out


def match_dims(rng, small, big):
    """Loop dims of `big` for each dim of `small` (strictly increasing or a
    permutation), or None."""
    candidates = [d for d in range(len(big))]
    for _ in range(6):
        dims = sorted(rng.sample(candidates, len(small)))
        if rng.random() < 0.3:
            rng.shuffle(dims)
        if all(big[d] == s for d, s in zip(dims, small)):
            return dims
    return None


class Program:
    def __init__(self, inputs, ops, results, seed):
        self.inputs, self.ops, self.results = inputs, ops, results
        self.seed = seed


def random_program(rng, number, reductions=False):
    """Program `number`; with `reductions`, one op in eight or so is a
    reduction (the random stream without them is that of earlier
    versions, so that their seeds make the same programs)."""
    gen = Generator(rng)
    gen.count = 0
    rank = rng.choice([1, 2, 2, 3, 3])
    shape = [rng.randint(1, 9) for _ in range(rank)]
    while int(np.prod(shape)) > 512:
        shape[rng.randrange(rank)] //= 2
    inputs = [Value("%x0", input_array(shape, number % 5), 11.0)]
    if rng.random() < 0.6:
        other = list(shape) if rng.random() < 0.7 else \
            [rng.randint(1, 9) for _ in range(rank)]
        inputs.append(Value("%x1", input_array(other, 3 + number % 7), 11.0))
    live = list(inputs)
    ops = []
    steps = rng.randint(2, 10)
    while len(ops) < steps:
        a = rng.choice(live[-3:] if rng.random() < 0.7 else live)
        if reductions and rng.random() < 0.15:
            op, out = gen.gen_reduce(a)
            if op:
                ops.append(op)
                live.append(out)
            continue
        roll = rng.random()
        new = []
        if roll < 0.28:
            op, out = gen.gen_slice(a)
            new = [op] if op else []
        elif roll < 0.42:
            new = gen.gen_update(a, live)
        elif roll < 0.57:
            op, out = gen.gen_unary(a, live)
            new = [op]
        elif roll < 0.70:
            op, out = gen.gen_binary(a, live)
            new = [op]
        elif roll < 0.76:
            op, out = gen.gen_concat(a, live)
            new = [op] if op else []
        elif roll < 0.81:
            op, out = gen.gen_broadcast(a)
            new = [op] if op else []
        elif roll < 0.86:
            op, out = gen.gen_transpose(a)
            new = [op] if op else []
        elif roll < 0.94:
            op, out = gen.gen_loop(a, live)
            new = [op] if op else []
        else:
            op, out = gen.gen_call(a)
            new = [op] if op else []
        for op in new:
            ops.append(op)
            live.append(op.out)
    results = [ops[-1].out]
    extra = [op.out for op in ops[:-1] if rng.random() < 0.2]
    results += extra[:2]
    return Program(inputs, ops, results, number)


def long_program(rng, number, length):
    """A program at the scale of a model (--long LENGTH): LENGTH updates
    chained on one destination, windows, reversed and strided, each value
    f(x1[view]) or, one in five, a value read from the destination itself
    (y[s] = f(y[s]), which splits the chain), and a concat of LENGTH / 2
    parts, each f(x1[:, j:j+1]) or a slice alone. The chains and the concat
    reach `--slice-bufferize-chains` at the pipelines' default length."""
    gen = Generator(rng)
    gen.count = 0
    shape = [rng.randint(6, 20), rng.randint(6, 20)]
    x0 = Value("%x0", input_array(shape, number % 5), 11.0)
    x1 = Value("%x1", input_array(shape, 3 + number % 7), 11.0)
    ops, dest = [], x0
    while sum(isinstance(op, UpdateOp) for op in ops) < length:
        if rng.random() < 0.2:
            new = gen.gen_update(dest, [])
        else:
            index = random_index(rng, shape)
            if index is None:
                continue
            target = x1.array[tuple(index)]
            sl = SliceOp(gen.value(np.asarray(target).copy(), x1.bound), x1,
                         index, runtime_entries(rng, index))
            op, value = gen.gen_unary(sl.out, [], allow_call=False)
            y = dest.array.copy()
            y[tuple(index)] = value.array
            out = gen.value(y, max(dest.bound, value.bound))
            new = [sl, op, UpdateOp(out, value, dest, index,
                                    runtime_entries(rng, index))]
        if new:
            ops += new
            dest = new[-1].out
    parts = []
    for _ in range(max(2, length // 2)):
        j = rng.randrange(shape[1])
        sl = SliceOp(gen.value(x1.array[:, j:j + 1].copy(), x1.bound), x1,
                     [slice(None), slice(j, j + 1)], set())
        ops.append(sl)
        part = sl.out
        if rng.random() < 0.8:
            op, part = gen.gen_unary(sl.out, [], allow_call=False)
            ops.append(op)
        parts.append(part)
    concat = gen.value(np.concatenate([p.array for p in parts], axis=1),
                       max(p.bound for p in parts))
    ops.append(ConcatManyOp(concat, parts, 1))
    return Program([x0, x1], ops, [dest, concat], number)


# --------------------------------------------------------------------------
# Modules
# --------------------------------------------------------------------------
# --------------------------------------------------------------------------
# Modules
# --------------------------------------------------------------------------

def emit_function(program, name, dynamic):
    em = Emitter(dynamic)
    em.callees = []
    for x in program.inputs:
        em.types[x.name] = [None] * len(x.shape) if dynamic else x.shape
    for op in program.ops:
        op.emit(em)
    params = [f"{x.name}: {tensor_type(em.types[x.name])}"
              for x in program.inputs]
    params += [f"{n}: index" for n, _ in em.index_args]
    result_types = [em.type_of(r.name) for r in program.results]
    body = [f"func.func private {name}({', '.join(params)}) -> "
            f"({', '.join(result_types)}) {{"]
    body += em.lines
    body.append(f"  return {', '.join(r.name for r in program.results)} : "
                f"{', '.join(result_types)}")
    body.append("}")
    callees = [c.replace("@callee", f"{name}_callee") for c in em.callees]
    text = "\n".join(callees + ["\n".join(body)])
    text = text.replace("@callee", f"{name}_callee")
    input_types = [tensor_type(em.types[x.name]) for x in program.inputs]
    return text, input_types, [v for _, v in em.index_args], result_types


def generate_input(name, shape, seed, lines):
    """tensor.generate of input_array(shape, seed) in @main."""
    rank = len(shape)
    ivs = [f"%g{d}" for d in range(rank)]
    lines.append(f"  {name} = tensor.generate {{")
    lines.append(f"  ^bb0({', '.join(f'{i}: index' for i in ivs)}):"
                 if rank else "  ^bb0:")
    lines.append("    %acc0 = arith.constant 0 : index")
    acc = "%acc0"
    for d in range(rank):
        c, m, a = f"%gc{d}", f"%gm{d}", f"%ga{d}"
        lines.append(f"    {c} = arith.constant {shape[d]} : index")
        lines.append(f"    {m} = arith.muli {acc}, {c} : index")
        lines.append(f"    {a} = arith.addi {m}, {ivs[d]} : index")
        acc = a
    lines.append(f"    %w = arith.index_cast {acc} : index to i64")
    lines.append("    %c7 = arith.constant 7 : i64")
    lines.append(f"    %cs = arith.constant {seed} : i64")
    lines.append("    %c23 = arith.constant 23 : i64")
    lines.append("    %c11 = arith.constant 11 : i64")
    lines.append("    %w7 = arith.muli %w, %c7 : i64")
    lines.append("    %ws = arith.addi %w7, %cs : i64")
    lines.append("    %wm = arith.remsi %ws, %c23 : i64")
    lines.append("    %wr = arith.subi %wm, %c11 : i64")
    lines.append("    %v = arith.sitofp %wr : i64 to f32")
    lines.append("    tensor.yield %v : f32")
    lines.append(f"  }} : {tensor_type(shape)}")


def input_seed(program, k):
    return program.seed % 5 if k == 0 else 3 + program.seed % 7


def cpu_module(programs):
    funcs, main = [], ["func.func @main() {"]
    for p, program in enumerate(programs):
        for variant, dynamic in (("s", False), ("d", True)):
            name = f"@p{p}{variant}"
            text, input_types, index_values, result_types = emit_function(
                program, name, dynamic)
            funcs.append(text)
            args, types = [], []
            for k, x in enumerate(program.inputs):
                arg = f"%in{p}{variant}{k}"
                generate_input(arg, x.shape, input_seed(program, k), main)
                if dynamic:
                    cast = arg + "c"
                    main.append(f"  {cast} = tensor.cast {arg} : "
                                f"{tensor_type(x.shape)} to {input_types[k]}")
                    arg = cast
                args.append(arg)
                types.append(input_types[k])
            for j, v in enumerate(index_values):
                c = f"%ix{p}{variant}{j}"
                main.append(f"  {c} = arith.constant {v} : index")
                args.append(c)
                types.append("index")
            results = [f"%r{p}{variant}{j}" for j in range(len(result_types))]
            attr = " {no_inline}" if dynamic else ""
            main.append(f"  {', '.join(results)} = func.call {name}("
                        f"{', '.join(args)}){attr} : ({', '.join(types)}) -> "
                        f"({', '.join(result_types)})")
            for r, t in zip(results, result_types):
                main.append(f"  {r}u = tensor.cast {r} : {t} to tensor<*xf32>")
                main.append(f"  func.call @printMemrefF32({r}u) : "
                            "(tensor<*xf32>) -> ()")
    main.append("  return")
    main.append("}")
    return "\n\n".join(
        ["func.func private @printMemrefF32(tensor<*xf32>)"] + funcs +
        ["\n".join(main)]) + "\n"




def same_values(got, want):
    want = np.asarray(want, dtype=np.float64).ravel()
    got = np.asarray(got, dtype=np.float64)
    if got.shape != want.shape:
        return False
    return bool(np.allclose(got, want, rtol=1e-4, atol=1e-4, equal_nan=True))


def expected_results(programs):
    out = []
    for program in programs:
        for _ in ("s", "d"):
            out += [r.array for r in program.results]
    return out


def compare(printed, expected, programs):
    problems = []
    if len(printed) != len(expected):
        return [f"FAILED {len(printed)} results printed, {len(expected)} "
                "expected"]
    k = 0
    for p, program in enumerate(programs):
        for variant in ("static", "dynamic"):
            for r in program.results:
                sizes, values = printed[k]
                want = expected[k]
                k += 1
                ok = sizes == list(want.shape) and (
                    want.size == 0 or same_values(values, want))
                if not ok:
                    problems.append(
                        f"program {program.seed} ({variant}), result "
                        f"{r.name}: got sizes {sizes} values "
                        f"{[round(v, 4) for v in values[:10]]}, NumPy "
                        f"{list(want.shape)} "
                        f"{[round(float(v), 4) for v in want.ravel()[:10]]}")
    return problems


def run_cpu(args, programs, mode, module):
    pipeline = f"--slice-to-llvm={MODES[mode]}"
    # Unique names across regions: the no-wrap check tracks values by name,
    # and the threads' parallel regions reuse names in sibling regions.
    lowered = subprocess.run([args.slice_opt, pipeline,
                              "--mlir-print-unique-ssa-ids"], input=module,
                             capture_output=True, text=True)
    if lowered.returncode:
        return [f"FAILED slice-opt {pipeline}:\n{lowered.stderr[:2000]}"]
    findings = check_no_wrap.find_violations(lowered.stdout)
    if findings:
        return ["FAILED nuw on possibly negative strides:\n  " +
                "\n  ".join(findings[:10])]
    libs = args.libs
    if mode == "threads" and args.omp_lib:
        libs += "," + args.omp_lib
    run = subprocess.run(shlex.split(args.runner) + ["-e", "main",
                          "-entry-point-result=void", f"-shared-libs={libs}"],
                         input=lowered.stdout, capture_output=True, text=True)
    if run.returncode:
        return [f"FAILED mlir-runner ({run.returncode}):\n{run.stderr[:2000]}"]
    return compare(parse_printed(run.stdout), expected_results(programs),
                   programs)


# --------------------------------------------------------------------------
# The GPU route: a module of entry points and a C driver
# --------------------------------------------------------------------------

def entry_module_and_driver(programs, device, strided):
    """The programs as public entry points with the C interface, and a C
    driver that calls each with buffers it owns (device buffers on the GPU
    route) and prints each result as printMemrefF32 would. With `strided`,
    each input is a view that steps by 2 through a buffer twice as long in
    its innermost dimension (the entry points' general path, not their
    dense one)."""
    funcs, decls, calls = [], [], []
    for p, program in enumerate(programs):
        for variant, dynamic in (("s", False), ("d", True)):
            name = f"@p{p}{variant}"
            text, input_types, index_values, result_types = emit_function(
                program, name, dynamic)
            head, rest = text.split(f"func.func private {name}(", 1)
            sig, body = rest.split(") -> (", 1)
            results_text, body = body.split(") {", 1)
            funcs.append(f"{head}func.func {name}({sig}) -> ({results_text}) "
                         f"attributes {{llvm.emit_c_interface}} {{{body}")
            c_name = name[1:]
            if program.seed == BROKEN_DRIVER_PROGRAM:
                decls.append("#error a driver broken on purpose")
            ranks = [len(x.shape) for x in program.inputs]
            rranks = [len(r.shape) for r in program.results]
            fields = "".join(f" M{rk} r{j};" for j, rk in enumerate(rranks))
            decls.append(f"typedef struct {{{fields} }} R_{c_name};")
            first = f"M{rranks[0]} *" if len(rranks) == 1 else f"R_{c_name} *"
            params = ", ".join([first] + [f"M{rk} *" for rk in ranks] +
                               ["int64_t"] * len(index_values))
            decls.append(f"void _mlir_ciface_{c_name}({params});")
            call = [f"  {{ /* {c_name} */"]
            for k, x in enumerate(program.inputs):
                rk = len(x.shape)
                dims = ", ".join(map(str, x.shape)) or "0"
                call.append(f"    M{rk} in{k}; make_input((void *)&in{k}, "
                            f"{rk}, (const int64_t[]){{{dims}}}, "
                            f"{input_seed(program, k)});")
            call.append(f"    R_{c_name} out;")
            args = ["(void *)&out"] + [f"&in{k}" for k in
                                       range(len(program.inputs))]
            args += [str(v) for v in index_values]
            call.append(f"    _mlir_ciface_{c_name}({', '.join(args)});")
            for j, rk in enumerate(rranks):
                call.append(f"    print_result((void *)&out.r{j}, {rk});")
            call.append("  }")
            calls.append("\n".join(call))
    module = "\n\n".join(funcs) + "\n"
    max_rank = max(program_rank(program) for program in programs)
    return module, make_driver(decls, calls, device, strided, max_rank)


# --break-driver-of: the seed of a program whose part of the C driver does
# not compile (the test of the harness-failure path).
BROKEN_DRIVER_PROGRAM = None


def program_rank(program):
    """The largest rank of `program`'s inputs and results."""
    return max(len(v.shape) for v in program.inputs + program.results)


def make_driver(decls, calls, device, strided, max_rank):
    """DRIVER with the memref structs up to `max_rank`, the entry points'
    declarations and the calls."""
    memrefs = "\n".join(
        f"typedef struct {{ float *allocated, *aligned; int64_t offset"
        + (f", sizes[{r}], strides[{r}]" if r else "") + f"; }} M{r};"
        for r in range(max_rank + 1))
    driver = DRIVER.replace("@MEMREFS@", memrefs).replace(
        "@DECLS@", "\n".join(decls)).replace("@CALLS@", "\n".join(calls))
    prelude = ("#define DEVICE 1\n#include \"SliceCudaRuntime.h\"\n"
               if device else "#define DEVICE 0\n")
    prelude += f"#define STRIDED {int(strided)}\n"
    return prelude + driver


DRIVER = r"""// Generated by program_differential.py: calls each program with buffers
// it owns (device buffers with DEVICE) and prints each result as
// printMemrefF32's header and flat data, which program_differential.py
// compares with NumPy. With STRIDED 1, every input is a view stepping by 2
// through a buffer twice as long in its innermost dimension; with STRIDED
// 2, its rows are 3 elements longer than the view's (inner stride 1); with
// STRIDED 3, the same rows walked backwards (inner stride -1).
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

@MEMREFS@

@DECLS@

static void *allocate(int64_t bytes) {
#if DEVICE
  return mgpuMemAlloc((uint64_t)(bytes ? bytes : 4), NULL, false);
#else
  return malloc((size_t)(bytes ? bytes : 4));
#endif
}

static void toBuffer(void *to, const void *from, int64_t bytes) {
#if DEVICE
  sliceCudaCopy(to, (void *)from, (size_t)bytes);
#else
  memcpy(to, from, (size_t)bytes);
#endif
}

static void make_input(void *memref, int rank, const int64_t *sizes,
                       int64_t seed) {
  int64_t count = 1;
  for (int d = 0; d < rank; ++d)
    count *= sizes[d];
  int64_t spread = !rank ? 1 : STRIDED == 1 ? 2 : STRIDED == 3 ? -1 : 1;
  // The distance between rows: padded by 3 with STRIDED 2 and 3.
  int64_t inner = rank ? sizes[rank - 1] : 1;
  int64_t pitch = (STRIDED == 2 || STRIDED == 3) && rank > 1 ? inner + 3
                  : spread > 0                               ? inner * spread
                                                             : inner;
  int64_t span = count && inner ? (count / inner) * pitch : 0;
  // Where element 0 is: the end of the first row when rows run backwards.
  int64_t first = spread < 0 && inner > 0 ? inner - 1 : 0;
  float *host = calloc((size_t)(span + 1), sizeof(float));
  for (int64_t i = 0; i < count; ++i)
    host[first + (i / inner) * pitch + (i % inner) * spread] =
        (float)((i * 7 + seed) % 23 - 11);
  float *buffer = allocate(span * (int64_t)sizeof(float));
  toBuffer(buffer, host, span * (int64_t)sizeof(float));
  free(host);
  float **pointers = memref;
  pointers[0] = pointers[1] = buffer;
  int64_t *rest = (int64_t *)(pointers + 2);
  rest[0] = first;
  int64_t stride = spread;
  for (int d = rank - 1; d >= 0; --d) {
    rest[1 + d] = sizes[d];
    rest[1 + rank + d] = stride;
    stride = d == rank - 1 ? pitch : stride * sizes[d];
  }
}

static void print_result(void *memref, int rank) {
  float **pointers = memref;
  int64_t *rest = (int64_t *)(pointers + 2);
  int64_t offset = rest[0], count = 1;
  const int64_t *sizes = rest + 1, *strides = rest + 1 + rank;
  printf("rank = %d offset = 0 sizes = [", rank);
  for (int d = 0; d < rank; ++d) {
    printf(d ? ", %" PRId64 : "%" PRId64, sizes[d]);
    count *= sizes[d];
  }
  printf("] data =\n");
  for (int64_t i = 0; i < count; ++i) {
    int64_t rem = i, at = offset;
    for (int d = rank - 1; d >= 0; --d) {
      at += (rem % sizes[d]) * strides[d];
      rem /= sizes[d];
    }
    float v;
    toBuffer(&v, pointers[1] + at, sizeof(v));
    printf("%.9g ", v);
  }
  printf("\n");
}

int main(void) {
@CALLS@
  return 0;
}
"""


def run_entry_points(args, programs, work, options, device, strided):
    """Compiles the programs as entry points called from C (the GPU route
    with --slice-to-nvvm, or the CPU route with scripts/compile-aot.sh), runs
    them and compares what they print."""
    module, driver = entry_module_and_driver(programs, device, strided)
    printed, problems = compile_and_run(args, module, driver, work, options,
                                        device)
    if problems:
        return problems
    return compare(parse_printed(printed), expected_results(programs),
                   programs)


def compile_and_run(args, module, driver, work, options, device):
    """Compiles `module` with the C `driver` (scripts/compile-gpu-aot.sh on
    the GPU route, compile-aot.sh on the CPU), runs it (on the emulated
    device when args.emulated_device is set) and returns (what it printed,
    []) or (None, [the failure])."""
    mlir = os.path.join(work, "programs.mlir")
    c = os.path.join(work, "driver.c")
    exe = os.path.join(work, "programs")
    with open(mlir, "w") as f:
        f.write(module)
    with open(c, "w") as f:
        f.write(driver)
    # The driver is this harness's: when it does not compile, say so apart
    # from the compiler's failures.
    syntax = subprocess.run(
        shlex.split(os.environ.get("CC", "cc")) + [
            "-fsyntax-only", "-I" + os.path.join(ROOT, "runtime", "cuda"),
            c],
        capture_output=True, text=True)
    if syntax.returncode:
        return None, [f"HARNESS the generated C driver does not compile:\n"
                      f"{syntax.stderr[:3000]}"]
    env = dict(os.environ)
    if args.build_dir:
        env["SLICE_BUILD_DIR"] = args.build_dir
    script = "compile-gpu-aot.sh" if device else "compile-aot.sh"
    built = subprocess.run(
        ["bash", os.path.join(ROOT, "scripts", script), mlir, exe, options,
         c], capture_output=True, text=True, env=env)
    if built.returncode:
        return None, [f"FAILED {script}:\n{built.stderr[:3000]}"]
    run_env = dict(os.environ)
    # The driver leaves its inputs and the results it printed to the exit
    # (a sanitizer build would report them as leaks).
    run_env["ASAN_OPTIONS"] = "detect_leaks=0"
    if device and args.emulated_device:
        run_env["LD_LIBRARY_PATH"] = args.emulated_device
    run = subprocess.run([exe], capture_output=True, text=True, env=run_env)
    if run.returncode:
        return None, [f"FAILED the compiled programs ({run.returncode}):\n"
                      f"{run.stderr[:2000]}"]
    return run.stdout, []


def run_mode(args, programs, mode, work):
    """The problems of `programs` in `mode`: value mismatches name their
    program; a failure of the whole batch starts with FAILED (the compiler
    refused or crashed, the compiled code failed) or HARNESS (a part of
    this harness failed, such as the generated C driver)."""
    if mode in ENTRY_MODES:
        device, strided, options = ENTRY_MODES[mode]
        return run_entry_points(args, programs, work, options, device,
                                strided)
    return run_cpu(args, programs, mode, cpu_module(programs))


def check(args, programs, mode, work):
    """[(kind, program or None, line)] with kind 'mismatch' or 'harness'.
    A batch that fails as a whole never hides its other programs: it is
    split and each program runs alone, so that each failure names one
    program and the rest are still checked."""
    found = run_mode(args, programs, mode, work)
    batchwide = [f for f in found if f.startswith(("FAILED", "HARNESS"))]
    if batchwide and len(programs) > 1:
        out = []
        for program in programs:
            out += check(args, [program], mode, work)
        return out
    alone = programs[0] if len(programs) == 1 else None
    out = []
    for line in found:
        kind = "harness" if line.startswith("HARNESS") else "mismatch"
        if kind == "harness":
            line = line[len("HARNESS "):]
        program = alone or next((p for p in programs if line.startswith(
            f"program {p.seed} ")), None)
        if alone and not line.startswith("program "):
            line = f"program {alone.seed}: {line}"
        out.append((kind, program, line))
    return out


def value_deps(op):
    """The program values that `op` reads."""
    return [v for k, v in vars(op).items()
            if k != "out" and isinstance(v, Value)]


def cone(program, results):
    """The ops of `program` that `results` need, in program order."""
    needed = {id(r) for r in results}
    ops = []
    for op in reversed(program.ops):
        if id(op.out) in needed:
            ops.append(op)
            needed.update(id(v) for v in value_deps(op))
    return ops[::-1]


def reduce_program(args, program, mode, work):
    """A smallest program found that still fails in `mode` as `program`
    does: first one result with only the ops it needs (the smallest that
    fails), else the program's results less each one that is not needed
    for the failure, with the ops that the rest need."""
    def fails(results):
        small = Program(program.inputs, cone(program, results), results,
                        program.seed)
        return small if check(args, [small], mode, work) else None

    candidates = sorted({id(op.out): op.out for op in program.ops}.values(),
                        key=lambda v: len(cone(program, [v])))
    for value in candidates:
        small = fails([value])
        if small:
            return small
    results = list(program.results)
    best = Program(program.inputs, cone(program, results), results,
                   program.seed)
    for r in list(results):
        if len(results) > 1:
            trial = [x for x in results if x is not r]
            small = fails(trial)
            if small:
                results, best = trial, small
    return best


def compiler_error(found):
    """The compiler's first error message (after `error: `, without the
    location) in check()'s findings when the compiler refused or crashed on
    the program; None when it compiled (wrong values, a failed run)."""
    for _, _, line in found:
        if not re.search(r"FAILED (slice-opt|compile-(gpu-)?aot\.sh)", line):
            continue
        match = re.search(r"error: ([^\n]*)", line)
        if match:
            return match.group(1).strip()
        crash = re.search(r"(Assertion[^\n]*|Stack dump|Segmentation[^\n]*)",
                          line)
        return crash.group(1) if crash else line.split("\n")[0]
    return None


def without_unused_inputs(program):
    used = {id(v) for op in program.ops for v in value_deps(op)}
    used.update(id(r) for r in program.results)
    return Program([x for x in program.inputs if id(x) in used], program.ops,
                   program.results, program.seed)


def substitute(program, old, new, drop):
    """`program` with `new` read wherever `old` was, without the op `drop`
    and what no result needs any more."""
    ops = []
    for other in program.ops:
        if other is drop:
            continue
        if any(v is old for v in value_deps(other)):
            other = copy.copy(other)
            for key, v in list(vars(other).items()):
                if v is old:
                    setattr(other, key, new)
        ops.append(other)
    results = [new if r is old else r for r in program.results]
    inputs = program.inputs + ([new] if new not in program.inputs and
                               new.name.startswith("%x") else [])
    whole = Program(inputs, ops, results, program.seed)
    return without_unused_inputs(Program(inputs, cone(whole, results),
                                         results, program.seed))


def cut_at(program, op):
    """`program` with `op`'s result an argument instead (what computed it
    gone): a fresh input of its shape, read by the ops that read the
    result. Its values are the generated input's, so only a failure that
    does not depend on values (the compiler's) may be reduced this way."""
    taken = {x.name for x in program.inputs}
    name = next(f"%x{k}" for k in range(len(taken) + 1)
                if f"%x{k}" not in taken)
    new = Value(name, input_array(list(op.out.shape),
                                  3 + program.seed % 7), op.out.bound)
    return substitute(program, op.out, new, op)


def bypasses(program, op):
    """`program` without `op`, its readers reading instead an operand of
    `op` of the same shape (an element-wise op, an update, a whole slice
    dropped), one program per such operand."""
    for v in value_deps(op):
        if v is not op.out and list(v.shape) == list(op.out.shape):
            yield substitute(program, op.out, v, op)


def reduce_compile_failure(args, program, mode, work, error):
    """The smallest program found that the compiler still refuses with
    `error` in `mode`: one value as the result (with the ops it needs),
    ops dropped (their readers reading an operand of the same shape), ops
    replaced by arguments, until no step keeps the failure. Each step takes
    the smallest candidate that still fails (lines of the function, then
    ops, then results), always smaller than the last, so this ends."""
    def still_fails(candidate):
        return compiler_error(check(args, [candidate], mode, work)) == error

    def candidates(best):
        # One value as the only result, with the ops it needs (the failing
        # op may be one whose value no result reads), smallest first.
        for op in sorted(best.ops, key=lambda op: len(cone(best, [op.out]))):
            yield without_unused_inputs(Program(
                best.inputs, cone(best, [op.out]), [op.out], best.seed))
        for op in best.ops:
            yield from bypasses(best, op)
        for op in best.ops:
            yield cut_at(best, op)

    def size(candidate):
        # What a person reads: the lines of the failing function (a loop
        # is one op of many lines), then ops and results.
        text, _, _, _ = emit_function(candidate, "@f", True)
        return (text.count("\n"), len(candidate.ops), len(candidate.results))

    best = program
    progress = True
    while progress:
        progress = False
        # The smallest candidate that still fails, tried smallest first.
        for candidate in sorted((c for c in candidates(best) if c.ops),
                                key=size):
            if size(candidate) < size(best) and still_fails(candidate):
                best, progress = candidate, True
                break
    return best


def reproducer(args, program, mode, work):
    """The failing variant of `program` as a module of one public function
    (what a person would write to report it) and the slice-opt command
    that fails on it; (None, None) when neither variant fails alone."""
    if mode in ENTRY_MODES:
        device, _, options = ENTRY_MODES[mode]
        pipeline = (f"--slice-to-nvvm={options}" if device else
                    f"--slice-to-llvm={options}").rstrip("=")
    else:
        pipeline = f"--slice-to-llvm={MODES[mode]}"
    for variant, dynamic in (("static", False), ("dynamic", True)):
        text, _, _, _ = emit_function(program, "@f", dynamic)
        text = text.replace("func.func private @f(", "func.func @f(") + "\n"
        run = subprocess.run([args.slice_opt, pipeline], input=text,
                             capture_output=True, text=True)
        if run.returncode:
            return text, f"slice-opt '{pipeline}'  # the {variant} variant"
    return None, None


def keep_failure(args, program, mode, work, lines):
    """Writes the failing program alone and, reduced, its smallest failing
    form under --keep-failures: a failure of the compiler is reduced by
    reduce_compile_failure (and its failing function kept alone too, with
    the command: STEM-reproducer.mlir), wrong values by reduce_program."""
    os.makedirs(args.keep_failures, exist_ok=True)
    stem = os.path.join(args.keep_failures,
                        f"seed{args.seed}-program{program.seed}-{mode}")
    with open(stem + ".mlir", "w") as f:
        f.write(cpu_module([program]))
    error = compiler_error(check(args, [program], mode, work))
    if error:
        reduced = reduce_compile_failure(args, program, mode, work, error)
    else:
        reduced = reduce_program(args, program, mode, work)
    with open(stem + "-reduced.mlir", "w") as f:
        f.write(cpu_module([reduced]))
    note = (f"\nreduced: {len(reduced.ops)} of {len(program.ops)} ops in "
            f"{stem}-reduced.mlir\n")
    if error:
        text, command = reproducer(args, reduced, mode, work)
        if text:
            with open(stem + "-reproducer.mlir", "w") as f:
                f.write(f"// RUN: {command}\n// error: {error}\n" + text)
            note += (f"reproducer: {text.count(chr(10))} lines in "
                     f"{stem}-reproducer.mlir\n")
    with open(stem + ".txt", "w") as f:
        f.write("\n".join(lines) + note)


def route_arguments(description):
    """A parser with the options of the routes (what check() needs):
    slice-opt, the runner and its libraries, the modes, the emulated
    device and the build for the compile scripts."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("slice_opt")
    parser.add_argument("--runner")
    parser.add_argument("--libs")
    parser.add_argument("--omp-lib")
    parser.add_argument("--modes", default="view,copy,model,writable,threads")
    parser.add_argument("--emulated-device")
    parser.add_argument("--build-dir")
    return parser


def main():
    parser = route_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--batch", type=int, default=25)
    parser.add_argument("--keep")
    parser.add_argument("--keep-failures")
    parser.add_argument("--min-rank", type=int, default=0)
    parser.add_argument("--break-driver-of", type=int)
    parser.add_argument("--reductions", action="store_true",
                        help="programs with reductions too (ReduceOp)")
    parser.add_argument("--long", type=int, default=0,
                        help="programs at a model's scale: this many "
                        "chained updates and a concat of half as many parts "
                        "(long_program)")
    args = parser.parse_args()
    global BROKEN_DRIVER_PROGRAM
    BROKEN_DRIVER_PROGRAM = args.break_driver_of
    modes = args.modes.split(",")
    # The sanitizer build runs a share of the programs (test/lit.cfg.py).
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    args.count = max(1, int(args.count * scale))
    rng = random.Random(args.seed)
    programs, number = [], 0
    while len(programs) < args.count:
        if args.long:
            program = long_program(rng, args.seed * 100000 + number,
                                   args.long)
        else:
            program = random_program(rng, args.seed * 100000 + number,
                                     args.reductions)
        number += 1
        if program_rank(program) >= args.min_rank:
            programs.append(program)
    counts = {"mismatch": 0, "harness": 0}
    ops = sum(len(p.ops) for p in programs)
    with tempfile.TemporaryDirectory() as work:
        for start in range(0, len(programs), args.batch):
            batch = programs[start:start + args.batch]
            if args.keep:
                os.makedirs(args.keep, exist_ok=True)
                with open(os.path.join(args.keep, f"batch{start}.mlir"),
                          "w") as f:
                    f.write(cpu_module(batch))
            for mode in modes:
                found = check(args, batch, mode, work)
                by_program = {}
                for kind, program, line in found:
                    label = "MISMATCH" if kind == "mismatch" else "HARNESS"
                    print(f"{label} [{mode}] {line}")
                    counts[kind] += 1
                    if program is not None:
                        by_program.setdefault(id(program), (program, []))[
                            1].append(line)
                if args.keep_failures:
                    for program, lines in by_program.values():
                        keep_failure(args, program, mode, work, lines)
    print(f"{len(programs)} programs ({ops} ops, static and dynamic), "
          f"modes {','.join(modes)}: {counts['mismatch']} mismatches, "
          f"{counts['harness']} harness failures")
    return 1 if counts["mismatch"] or counts["harness"] else 0


if __name__ == "__main__":
    sys.exit(main())
