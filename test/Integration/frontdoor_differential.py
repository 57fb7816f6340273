#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Front-door differential: the slicing ops of TensorFlow, TFLite,
StableHLO, ONNX and torch-mlir, in the generic form their exporters print,
converted by --convert-frameworks-to-slice, compiled, executed and compared
with an oracle of each framework's own rules (NumPy code written from the
framework's definition, not from slice's semantics library).

Random cases per op (--count each): spec values of every kind (negative,
past the end, INT64_MAX / INT64_MIN), constant or run-time operands (built
in the function from `index` arguments, so they stay run-time values), and
each framework's rules where they differ: TFLite's clamped shrink index
and offset mode, StableHLO's / XLA's clamped dynamic starts, tf.Slice's
and torch's exact windows, ONNX's start clamp with negative steps. Then
one program per framework as its exporter writes it (JAX's slice +
reverse, torch's functionalized `x[1:3] = v`, an ONNX Slice with `none`
operands, a TF function with StridedSlice on a run-time begin), with
element-wise consumers. Every case runs static (static shapes) and dynamic
(every input dimension `?`, the function kept out of line).

Element types: the ONNX, TensorFlow and torch cases that move data only
(slices, flips, scatters) also run on complex<f32> and complex<f64>,
ONNX's and TF's on ui8 and ui16 as those importers spell them, and
torch's on uint8 as its backends store it (signless i8 behind a ui8
vtensor), chosen per case from its name. The function keeps f32
arguments and result for the drivers: it makes its inputs of the element
type first (x -> x - 2xi; x -> the signed integer of x's width, its bits
read back unsigned) and reads the result back (re + im / 4; the unsigned
value), and the oracle applies the same maps to its f32 answer.

Routes (--modes): `cpu` lowers with --slice-to-llvm and runs mlir-runner
(`cpu-copy`: slices as dense copies; `cpu-upstream`: canonicalize, cse,
inline and loop-invariant-code-motion first, as an embedder's pipeline);
`gpu` compiles with --slice-to-nvvm ahead of time
(scripts/compile-gpu-aot.sh) with program_differential.py's C driver,
which owns the device buffers, and runs it (on the emulated device with
--emulated-device). Before either, the converted module must hold no
framework op.

  frontdoor_differential.py SLICE_OPT [--runner R --libs L] [--count N]
      [--seed S] [--modes cpu,gpu] [--emulated-device DIR]
      [--build-dir DIR] [--keep DIR]

Prints one line per mismatch and a summary; exits 1 on any.
"""

import argparse
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
sys.path.insert(0, os.path.join(HERE, "..", "Semantics"))
import numpy_differential as nd  # noqa: E402
import program_differential as pd  # noqa: E402

INT64_MAX, INT64_MIN = 2**63 - 1, -(2**63)
INT32_MAX, INT32_MIN = 2**31 - 1, -(2**31)
FRAMEWORK_OP = re.compile(
    r'"(?:tf|tfl|stablehlo|mhlo|onnx|torch|torch_c)\.[\w.]+"\(')


# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------

class Case:
    """One function: f32 inputs (seeded as program_differential's), index
    arguments, a body of framework ops and builtin glue, one f32 result.
    `element` is the element type the body's framework ops see (the glue
    maps f32 to it and back; `expected` is then the mapped answer)."""

    def __init__(self, name, shapes, body, expected, index_args=()):
        self.name, self.shapes = name, [list(s) for s in shapes]
        self.body, self.expected = body, np.asarray(expected, np.float32)
        self.index_args = list(index_args)
        self.seeds = [3 + 5 * k for k in range(len(shapes))]
        self.element = "f32"

    def set_element(self, element):
        """Runs the case on `element`: the oracle's answer through the
        glue's round trip."""
        self.element = element
        if element.startswith("complex"):
            # x -> x - 2xi -> re + im / 4 = x / 2
            self.expected = self.expected * np.float32(0.5)
        elif element in ("i8", "ui8", "ui16"):
            # x -> the signed integer of x's width, read back unsigned
            # (inputs are integers)
            signed, unsigned = UNSIGNED_VIEW[element]
            self.expected = self.expected.astype(signed).view(
                unsigned).astype(np.float32)


    def inputs(self):
        return [pd.input_array(s, seed) for s, seed in
                zip(self.shapes, self.seeds)]


# Element types by the frameworks that allow them on their slicing ops
# (the body's element type; torch's vtensor spells i8 storage `ui8`).
CASE_ELEMENTS = {
    "onnx_slice": ["f32", "f32", "complex<f32>", "complex<f64>", "ui8",
                   "ui16"],
    "tf_strided_slice": ["f32", "f32", "complex<f32>", "complex<f64>",
                         "ui8", "ui16"],
    "torch_": ["f32", "f32", "complex<f32>", "complex<f64>", "i8", "i8"],
}
TORCH_ELEMENT = {"i8": "ui8"}
# The integer elements: NumPy's signed type of the width, and its unsigned
# reading.
UNSIGNED_VIEW = {"i8": (np.int8, np.uint8), "ui8": (np.int8, np.uint8),
                 "ui16": (np.int16, np.uint16)}


def case_element(name):
    """The element type a case runs on: fixed by its name (its prefix's
    choices, picked by a hash of the name that does not change between
    runs), so that adding element types leaves every case's spec as it
    was."""
    for prefix, choices in CASE_ELEMENTS.items():
        if name.startswith(prefix):
            return choices[sum(map(ord, name)) * 7 % len(choices)]
    return "f32"


# The torch element type of the body being emitted (functions() sets it).
CURRENT = {"torch": "f32"}


def ttype(shape, dynamic=False, element="f32"):
    dims = "".join(("?" if dynamic or d is None else str(d)) + "x"
                   for d in shape)
    return f"tensor<{dims}{element}>"


def vtype(shape, dynamic=False, element=None):
    dims = ",".join("?" if dynamic else str(d) for d in shape)
    return f"!torch.vtensor<[{dims}],{element or CURRENT['torch']}>"


class Body:
    """Emits a function body: SSA names, framework constants, run-time
    index tensors from `index` arguments."""

    def __init__(self, dynamic, shapes, element="f32"):
        self.dynamic, self.lines, self.n = dynamic, [], 0
        self.element, self.shapes = element, [list(s) for s in shapes]
        # What the body sees: the inputs of the element type (the glue
        # makes them from the f32 parameters).
        self.args = [(f"%x{k}", ttype(s, dynamic, element)) for k, s in
                     enumerate(shapes)]
        self.param_types = [ttype(s, dynamic) for s in shapes]
        self.index_params, self.index_values = [], []

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def emit(self, text):
        self.lines.append("  " + text)

    def t(self, shape, element=None):
        return ttype(shape, self.dynamic, element or self.element)

    def op(self, name, operands, types, result, attrs=""):
        """The framework op `name` in generic form; returns its result."""
        r = self.fresh()
        self.emit(f'{r} = "{name}"({", ".join(operands)}){attrs} : '
                  f'({", ".join(types)}) -> {result}')
        return r

    def splat(self, value, shape):
        """An f32 splat constant of `shape`, cast to this variant's type."""
        name = self.fresh()
        self.emit(f"{name} = arith.constant dense<{value}> : {ttype(shape)}")
        if not self.dynamic:
            return name
        cast = self.fresh()
        self.emit(f"{cast} = tensor.cast {name} : {ttype(shape)} to "
                  f"{self.t(shape)}")
        return cast

    def index_arg(self, value):
        name = f"%i{len(self.index_params)}"
        self.index_params.append(name)
        self.index_values.append(value)
        return name

    def const(self, op, values, element="i64", scalar=False):
        """A framework constant of integer `values` (1-D, or 0-D)."""
        name = self.fresh()
        shape = "" if scalar else f"{len(values)}x"
        text = ", ".join(str(v) for v in values)
        dense = f"dense<{values[0]}>" if scalar else f"dense<[{text}]>"
        props = "<{" if op in ("tfl.pseudo_const", "stablehlo.constant",
                               "torch.constant.int") else "{"
        close = "}>" if props == "<{" else "}"
        self.emit(f'{name} = "{op}"() {props}value = {dense} : '
                  f'tensor<{shape}{element}>{close} : () -> '
                  f'tensor<{shape}{element}>')
        return name

    def runtime(self, values, element="i64", scalar=False):
        """A 1-D (or 0-D) tensor of `values`, each an `index` argument. An
        unsigned `element` (StableHLO's ui8..ui64) is built from the signless
        integers of its width; a ui64 value of 2^63 or more travels as the
        int64 of the same bits."""
        unsigned = element.startswith("ui")
        signless = "i" + element[2:] if unsigned else element
        elems = []
        for v in values:
            arg = self.index_arg(v - 2**64 if v >= 2**63 else v)
            cast = self.fresh()
            self.emit(f"{cast} = arith.index_cast {arg} : index to "
                      f"{signless}")
            if unsigned:
                # No arith op makes unsigned integers: the same bits.
                bits = self.fresh()
                self.emit(f"{bits} = builtin.unrealized_conversion_cast "
                          f"{cast} : {signless} to {element}")
                cast = bits
            elems.append(cast)
        name = self.fresh()
        shape = "" if scalar else f"{len(values)}x"
        self.emit(f"{name} = tensor.from_elements {', '.join(elems)} : "
                  f"tensor<{shape}{element}>")
        return name

    def ints(self, op, values, runtime, element="i64", scalar=False):
        if runtime:
            return self.runtime(values, element, scalar)
        return self.const(op, values, element, scalar)

    def mapped(self, value, shape, source, target, payload, lines):
        """A linalg.generic of `value` (`shape`, element `source`) into a
        tensor of element `target`: `payload(a)` gives the body's lines
        and its yielded value from the block argument `a`."""
        rank = len(shape)
        dims = [f"%{value[1:]}_d{i}" for i in range(rank)]
        sizes = []
        if self.dynamic:
            for i in range(rank):
                lines.append(f"  %{value[1:]}_c{i} = arith.constant {i} : "
                             "index")
                lines.append(f"  {dims[i]} = tensor.dim {value}, "
                             f"%{value[1:]}_c{i} : "
                             f"{ttype(shape, True, source)}")
                sizes.append(dims[i])
        out = f"%{value[1:]}_as"
        empty = f"%{value[1:]}_empty"
        lines.append(f"  {empty} = tensor.empty({', '.join(sizes)}) : "
                     f"{ttype(shape, self.dynamic, target)}")
        ids = ", ".join(f"d{i}" for i in range(rank))
        identity = f"affine_map<({ids}) -> ({ids})>"
        iterators = ", ".join(['"parallel"'] * rank)
        body, result = payload("%a")
        lines.append(
            f"  {out} = linalg.generic {{indexing_maps = [{identity}, "
            f"{identity}], iterator_types = [{iterators}]}} ins({value} : "
            f"{ttype(shape, self.dynamic, source)}) outs({empty} : "
            f"{ttype(shape, self.dynamic, target)}) {{")
        lines.append(f"  ^bb0(%a: {source}, %o: {target}):")
        lines += [f"    {line}" for line in body]
        lines.append(f"    linalg.yield {result} : {target}")
        lines.append(f"  }} -> {ttype(shape, self.dynamic, target)}")
        return out

    def to_element(self, k, lines):
        """Input k of the element type from its f32 parameter."""
        shape, f32 = self.shapes[k], f"%f{k}"
        t32 = ttype(shape, self.dynamic)
        if self.element == "i8":
            lines.append(f"  %x{k} = arith.fptosi {f32} : {t32} to "
                         f"{self.args[k][1]}")
            return
        if self.element.startswith("ui"):
            # TF's and ONNX's unsigned tensors: no arith op makes them, so
            # the signless integer's bits, element by element.
            signless = self.element[1:]

            def to_unsigned(a):
                return [f"%i = arith.fptosi {a} : f32 to {signless}",
                        "%u = builtin.unrealized_conversion_cast %i : "
                        f"{signless} to {self.element}"], "%u"
            made = self.mapped(f32, shape, "f32", self.element, to_unsigned,
                               lines)
            lines.append(f"  %x{k} = tensor.cast {made} : "
                         f"{self.args[k][1]} to {self.args[k][1]}")
            return
        part = self.element[len("complex<"):-1]

        def payload(a):
            body = []
            if part == "f64":
                body.append(f"%w = arith.extf {a} : f32 to f64")
                a = "%w"
            body += [f"%m = arith.constant -2.0 : {part}",
                     f"%i = arith.mulf {a}, %m : {part}",
                     f"%z = complex.create {a}, %i : {self.element}"]
            return body, "%z"
        made = self.mapped(f32, shape, "f32", self.element, payload, lines)
        lines.append(f"  %x{k} = tensor.cast {made} : {self.args[k][1]} to "
                     f"{self.args[k][1]}")

    def from_element(self, result, shape, lines):
        """The f32 result of the element-typed `result`."""
        typed, t32 = self.t(shape), ttype(shape, self.dynamic)
        if self.element == "i8":
            wide = ttype(shape, self.dynamic, "i32")
            lines.append(f"  %r_w = arith.extui {result} : {typed} to {wide}")
            lines.append(f"  %r_f = arith.uitofp %r_w : {wide} to {t32}")
            return "%r_f"
        if self.element.startswith("ui"):
            signless = self.element[1:]

            def from_unsigned(a):
                return ["%i = builtin.unrealized_conversion_cast "
                        f"{a} : {self.element} to {signless}",
                        f"%f = arith.uitofp %i : {signless} to f32"], "%f"
            lines.append(f"  %r_in = tensor.cast {result} : {typed} to "
                         f"{typed}")
            return self.mapped("%r_in", shape, self.element, "f32",
                               from_unsigned, lines)
        part = self.element[len("complex<"):-1]

        def payload(a):
            body = [f"%re = complex.re {a} : {self.element}",
                    f"%im = complex.im {a} : {self.element}",
                    f"%q = arith.constant 0.25 : {part}",
                    f"%s = arith.mulf %im, %q : {part}",
                    f"%t = arith.addf %re, %s : {part}"]
            if part == "f64":
                body.append("%n = arith.truncf %t : f64 to f32")
                return body, "%n"
            return body, "%t"
        lines.append(f"  %r_in = tensor.cast {result} : {typed} to {typed}")
        return self.mapped("%r_in", shape, self.element, "f32", payload,
                           lines)

    def function(self, name, result, result_shape):
        plain = self.element == "f32"
        names = [n if plain else f"%f{k}" for k, (n, _) in
                 enumerate(self.args)]
        params = [f"{n}: {t}" for n, t in zip(names, self.param_types)]
        params += [f"{n}: index" for n in self.index_params]
        rtype = ttype(result_shape, self.dynamic)
        prologue, epilogue = [], []
        if not plain:
            for k in range(len(self.args)):
                self.to_element(k, prologue)
            result = self.from_element(result, result_shape, epilogue)
        return "\n".join(
            [f"func.func @{name}({', '.join(params)}) -> {rtype} "
             "attributes {llvm.emit_c_interface} {"] + prologue +
            self.lines + epilogue + [f"  return {result} : {rtype}", "}"])


def int_type(rng, values):
    """The index element type: i64, or a narrower one the values fit."""
    if all(INT32_MIN <= v <= INT32_MAX for v in values) and rng.random() < .5:
        if all(-2**15 <= v < 2**15 for v in values) and rng.random() < .3:
            return "i16"
        return "i32"
    return "i64"


def unsigned_start(rng, element, n):
    """A start of unsigned `element` type: small, or one of the large values
    a signed reading would wrap (the type's largest, 200 of ui8, 2^63 and
    more of ui64), all of which clamp to dim - size."""
    bits = int(element[2:])
    large = [2**bits - 1, 2**(bits - 1), 2**(bits - 1) + 1]
    if bits == 8:
        large.append(200)
    return rng.choice([rng.randint(0, n + 2)] * 2 + large)


def start_element(rng):
    """The element type of StableHLO's start indices: signless or
    unsigned."""
    return rng.choice(["i32", "i64", "ui8", "ui16", "ui32", "ui64"])


def rank_shape(rng, low=1, high=3):
    return [rng.randint(1, 5) for _ in range(rng.randint(low, high))]


# ---- TensorFlow and TFLite -------------------------------------------------

def tf_masks_attrs(masks, element):
    names = ["begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
             "shrink_axis_mask"]
    return ", ".join(f"{n} = {m} : {element}" for n, m in zip(names, masks))


def random_tf_spec(rng, shape):
    """A TF spec valid on `shape` (nd.random_spec, redrawn)."""
    while True:
        _, b, e, s, masks = nd.random_spec(rng, shape)
        index = nd.numpy_index(shape, b, e, s, masks)
        if index is None or not b:
            continue
        x = np.zeros(shape)
        try:
            r = x[tuple(index)]
        except (IndexError, ValueError):
            continue
        if r.size <= 512:
            return b, e, s, masks


def tflite_shrink_begins(shape, begin, strides, masks):
    """TFLite's kernel: a shrink index wrapped once and clamped into its
    dimension; a masked begin on a shrink entry is the first element."""
    dims = nd.entry_dims(len(shape), masks, len(begin))
    begin, masks = list(begin), list(masks)
    for i, d in enumerate(dims or []):
        if d is None or not masks[4] >> i & 1 or masks[3] >> i & 1:
            continue
        b = 0 if masks[0] >> i & 1 else begin[i]
        masks[0] &= ~(1 << i)
        n = shape[d]
        b = b + n if b < 0 else b
        begin[i] = min(max(b, 0), n - 1)
    return begin, masks


def strided_slice_case(rng, k, tflite):
    shape = rank_shape(rng, 1, 4)
    offset = False
    if tflite:
        # TFLite: any shrink index (clamped), maybe offset mode.
        while True:
            b, e, s, masks = random_tf_spec(rng, shape)
            if rng.random() < .5:
                for i in range(len(b)):
                    if masks[4] >> i & 1:
                        b[i] = rng.randint(-12, 12)
            clamped, cmasks = tflite_shrink_begins(shape, b, s, masks)
            offset = rng.random() < .3
            index = nd.numpy_index(shape, clamped, e, s, cmasks, offset)
            if index is not None and (not offset or all(
                    INT32_MIN <= v <= INT32_MAX for v in e)):
                break
        expected = pd.input_array(shape, 3)[tuple(index)]
    else:
        b, e, s, masks = random_tf_spec(rng, shape)
        expected = pd.input_array(shape, 3)[
            tuple(nd.numpy_index(shape, b, e, s, masks))]
    element = "i32" if tflite else int_type(rng, b + e + s)
    if element != "i64":
        # Narrow index types hold the values as the framework would have.
        if not all(INT32_MIN <= v <= INT32_MAX for v in b + e + s):
            element = "i64"
    runtime = [rng.random() < .35 for _ in range(3)]

    def body(em):
        op = "tfl.pseudo_const" if tflite else "tf.Const"
        lists = [em.ints(op, vals, rt, element)
                 for vals, rt in zip((b, e, s), runtime)]
        name = "tfl.strided_slice" if tflite else "tf.StridedSlice"
        attrs = tf_masks_attrs(masks, "i32" if tflite else "i64")
        if tflite:
            attrs += f", offset = {'true' if offset else 'false'}"
        lt = f"tensor<{len(b)}x{element}>"
        return em.op(name, ["%x0"] + lists, [em.args[0][1]] + [lt] * 3,
                     em.t(expected.shape), f" <{{{attrs}}}>")

    kind = "tfl_strided_slice" if tflite else "tf_strided_slice"
    return Case(f"{kind}{k}", [shape], body, expected)


def tf_slice_case(rng, k, tflite):
    shape = rank_shape(rng)
    begin, size = [], []
    for n in shape:
        b = rng.randint(0, n)
        begin.append(b)
        size.append(-1 if rng.random() < .3 else rng.randint(0, n - b))
    x = pd.input_array(shape, 3)
    expected = x[tuple(slice(b, None if s == -1 else b + s)
                       for b, s in zip(begin, size))]
    runtime = [rng.random() < .4, rng.random() < .4]
    element = "i32" if tflite or rng.random() < .5 else "i64"

    def body(em):
        op = "tfl.pseudo_const" if tflite else "tf.Const"
        bl = em.ints(op, begin, runtime[0], element)
        sl = em.ints(op, size, runtime[1], element)
        lt = f"tensor<{len(shape)}x{element}>"
        return em.op("tfl.slice" if tflite else "tf.Slice", ["%x0", bl, sl],
                     [em.args[0][1], lt, lt], em.t(expected.shape))

    return Case(f"{'tfl' if tflite else 'tf'}_slice{k}", [shape], body,
                expected)


def tf_reverse_case(rng, k, tflite):
    shape = rank_shape(rng)
    rank = len(shape)
    dims = rng.sample(range(rank), rng.randint(0, rank))
    axes = [d - rank if rng.random() < .5 else d for d in dims]
    expected = pd.input_array(shape, 3)
    if dims:
        expected = np.flip(expected, axis=tuple(dims))

    def body(em):
        op = "tfl.pseudo_const" if tflite else "tf.Const"
        a = em.const(op, axes or [0], "i32")
        if not axes:
            # An empty axis list.
            em.lines.pop()
            a = em.fresh()
            em.emit(f'{a} = "{op}"() {{value = dense<> : tensor<0xi32>}} : '
                    '() -> tensor<0xi32>')
        return em.op("tfl.reverse_v2" if tflite else "tf.ReverseV2",
                     ["%x0", a], [em.args[0][1], f"tensor<{len(axes)}xi32>"],
                     em.t(shape))

    return Case(f"{'tfl' if tflite else 'tf'}_reverse{k}", [shape], body,
                expected)


def tf_write_case(rng, k, grad):
    """tf.StridedSliceGrad (dy into zeros of a constant or run-time shape)
    or tf.TensorStridedSliceUpdate (a value of the slice's shape into the
    input, a constant or run-time spec)."""
    shape = rank_shape(rng)
    b, e, s, masks = random_tf_spec(rng, shape)
    index = tuple(nd.numpy_index(shape, b, e, s, masks))
    v_shape = list(np.zeros(shape)[index].shape)
    expected = (np.zeros(shape, np.float32) if grad
                else pd.input_array(shape, 3))
    expected[index] = pd.input_array(v_shape, 3 if grad else 8)
    runtime = rng.random() < .4
    attrs = f' {{{tf_masks_attrs(masks, "i64")}}}'
    lt = f"tensor<{len(b)}xi64>"

    def body(em):
        lists = [em.ints("tf.Const", v, runtime and not grad, "i64")
                 for v in (b, e, s)]
        if grad:
            sh = em.ints("tf.Const", shape, runtime, "i32")
            return em.op("tf.StridedSliceGrad", [sh] + lists + ["%x0"],
                         [f"tensor<{len(shape)}xi32>"] + [lt] * 3 +
                         [em.args[0][1]], em.t(shape), attrs)
        return em.op("tf.TensorStridedSliceUpdate", ["%x0"] + lists + ["%x1"],
                     [em.args[0][1]] + [lt] * 3 + [em.args[1][1]],
                     em.t(shape), attrs)

    return Case(f"tf_{'grad' if grad else 'update'}{k}",
                [v_shape] if grad else [shape, v_shape], body, expected)


def clamped_update_case(rng, k, framework):
    """tfl.dynamic_update_slice / stablehlo.dynamic_update_slice: starts
    clamped to [0, dim - size]."""
    shape = rank_shape(rng)
    u_shape = [rng.randint(0, n) for n in shape]
    element = "i64" if framework == "tfl" else start_element(rng)
    if element.startswith("ui"):
        starts = [unsigned_start(rng, element, n) for n in shape]
    else:
        starts = [rng.randint(-n - 2, n + 2) for n in shape]
    x = pd.input_array(shape, 3)
    expected = x.copy()
    at = [min(max(s, 0), n - u) for s, n, u in zip(starts, shape, u_shape)]
    expected[tuple(slice(a, a + u) for a, u in zip(at, u_shape))] = \
        pd.input_array(u_shape, 8)
    runtime = rng.random() < .5

    def body(em):
        if framework == "tfl":
            st = [em.ints("tfl.pseudo_const", starts, runtime, "i32")]
            st_types = [f"tensor<{len(shape)}xi32>"]
        else:
            st = [em.ints("stablehlo.constant", [v], runtime, element, True)
                  for v in starts]
            st_types = [f"tensor<{element}>"] * len(shape)
        return em.op(f"{framework}.dynamic_update_slice", ["%x0", "%x1"] + st,
                     [em.args[0][1], em.args[1][1]] + st_types, em.t(shape))

    return Case(f"{framework}_dynamic_update_slice{k}", [shape, u_shape],
                body, expected)


# ---- StableHLO -------------------------------------------------------------

def stablehlo_window(rng, shape):
    """start, limit and strides as StableHLO requires them: 0 <= start <=
    limit <= dim, strides >= 1."""
    start = [rng.randint(0, n) for n in shape]
    limit = [rng.randint(a, n) for a, n in zip(start, shape)]
    return start, limit, [rng.randint(1, 3) for _ in shape]


def stablehlo_slice_case(rng, k):
    """stablehlo.slice (array or dense attributes), then maybe reverse (JAX's
    negative-stride indexing)."""
    shape = rank_shape(rng)
    start, limit, strides = stablehlo_window(rng, shape)
    x = pd.input_array(shape, 3)
    r = x[tuple(slice(a, b, c) for a, b, c in zip(start, limit, strides))]
    rank = len(shape)
    rev = rng.sample(range(rank), rng.randint(0, rank))
    expected = np.flip(r, axis=tuple(rev)) if rev else r
    dense = rng.random() < .3

    def attr(values):
        if dense:
            return (f"dense<[{', '.join(map(str, values))}]> : "
                    f"tensor<{len(values)}xi64>")
        return f"array<i64: {', '.join(map(str, values))}>"

    def body(em):
        s = em.op("stablehlo.slice", ["%x0"], [em.args[0][1]],
                  em.t(r.shape), f" <{{limit_indices = {attr(limit)}, "
                  f"start_indices = {attr(start)}, strides = "
                  f"{attr(strides)}}}>")
        if not rev:
            return s
        return em.op("stablehlo.reverse", [s], [em.t(r.shape)],
                     em.t(r.shape), f" <{{dimensions = {attr(rev)}}}>")

    return Case(f"stablehlo_slice{k}", [shape], body, expected)


def stablehlo_dynamic_slice_case(rng, k):
    shape = rank_shape(rng)
    sizes = [rng.randint(0, n) for n in shape]
    element = start_element(rng)
    if element.startswith("ui"):
        starts = [unsigned_start(rng, element, n) for n in shape]
    else:
        starts = [rng.randint(-n - 2, n + 2) for n in shape]
    at = [min(max(s, 0), n - z) for s, n, z in zip(starts, shape, sizes)]
    expected = pd.input_array(shape, 3)[
        tuple(slice(a, a + z) for a, z in zip(at, sizes))]
    runtime = rng.random() < .5

    def body(em):
        st = [em.ints("stablehlo.constant", [v], runtime, element, True)
              for v in starts]
        return em.op("stablehlo.dynamic_slice", ["%x0"] + st,
                     [em.args[0][1]] + [f"tensor<{element}>"] * len(shape),
                     em.t(sizes), " <{slice_sizes = array<i64: "
                     f"{', '.join(map(str, sizes))}>}}>")

    return Case(f"stablehlo_dynamic_slice{k}", [shape], body, expected)


def stablehlo_real_dynamic_slice_case(rng, k):
    shape = rank_shape(rng)
    start, limit, strides = stablehlo_window(rng, shape)
    expected = pd.input_array(shape, 3)[
        tuple(slice(a, b, c) for a, b, c in zip(start, limit, strides))]
    element = rng.choice(["i64", "i32", "ui32", "ui64"])

    def body(em):
        lists = [em.runtime(v, element) for v in (start, limit, strides)]
        lt = f"tensor<{len(shape)}x{element}>"
        r = em.op("stablehlo.real_dynamic_slice", ["%x0"] + lists,
                  [em.args[0][1]] + [lt] * 3, ttype(expected.shape, True))
        cast = em.fresh()
        em.emit(f"{cast} = tensor.cast {r} : {ttype(expected.shape, True)} "
                f"to {em.t(expected.shape)}")
        return cast

    return Case(f"stablehlo_real_dynamic_slice{k}", [shape], body, expected)


# ---- ONNX ------------------------------------------------------------------

def onnx_oracle(x, axes, starts, ends, steps):
    """ONNX Slice as its operator definition states it."""
    rank = x.ndim
    for a, s, e, p in zip(axes, starts, ends, steps):
        d = a + rank if a < 0 else a
        n = x.shape[d]
        s = s + n if s < 0 else s
        e = e + n if e < 0 else e
        if p > 0:
            s, e = min(max(s, 0), n), min(max(e, 0), n)
        else:
            s, e = min(max(s, 0), n - 1), min(max(e, -1), n - 1)
        x = np.take(x, list(range(s, e, p)), axis=d)
    return x


def onnx_value(rng, n):
    roll = rng.random()
    if roll < .15:
        return rng.choice([INT64_MAX, INT64_MIN, INT32_MAX, INT32_MIN])
    return rng.randint(-n - 12, n + 12) if roll < .4 else \
        rng.randint(-n - 1, n + 1)


def onnx_case(rng, k):
    shape = rank_shape(rng)
    rank = len(shape)
    dims = rng.sample(range(rank), rng.randint(1, rank))
    axes = [d - rank if rng.random() < .4 else d for d in dims]
    starts = [onnx_value(rng, shape[d]) for d in dims]
    ends = [onnx_value(rng, shape[d]) for d in dims]
    steps = [rng.choice([1, 1, 2, 3, -1, -1, -2, -3]) for _ in dims]
    no_axes = sorted(dims) == list(range(len(dims))) and dims == sorted(dims) \
        and rng.random() < .5
    if no_axes:
        axes = list(range(len(dims)))
    no_steps = all(p == 1 for p in steps) or rng.random() < .15
    if no_steps:
        steps = [1] * len(dims)
    expected = onnx_oracle(pd.input_array(shape, 3), axes, starts, ends,
                           steps)
    runtime = [rng.random() < .35 for _ in range(4)]
    element = int_type(rng, starts + ends) if rng.random() < .5 else "i64"
    if element == "i16":
        element = "i32"

    def body(em):
        sl = em.ints("onnx.Constant", starts, runtime[0], element)
        el = em.ints("onnx.Constant", ends, runtime[1], element)
        none = None
        if no_axes or no_steps:
            none = em.fresh()
            em.emit(f'{none} = "onnx.NoValue"() {{value}} : () -> none')
        # Run-time axes too (opset 10 and later).
        al = none if no_axes else em.ints("onnx.Constant", axes, runtime[3],
                                          element)
        pl = none if no_steps else em.ints("onnx.Constant", steps,
                                           runtime[2], element)
        lt = f"tensor<{len(dims)}x{element}>"
        return em.op("onnx.Slice", ["%x0", sl, el, al, pl],
                     [em.args[0][1], lt, lt, "none" if no_axes else lt,
                      "none" if no_steps else lt], em.t(expected.shape))

    return Case(f"onnx_slice{k}", [shape], body, expected)


# ---- torch -----------------------------------------------------------------

def torch_int(em, value, runtime):
    name = em.fresh()
    if value is None:
        em.emit(f'{name} = "torch.constant.none"() : () -> !torch.none')
    elif runtime:
        arg = em.index_arg(value)
        cast = em.fresh()
        em.emit(f"{cast} = arith.index_cast {arg} : index to i64")
        em.emit(f'{name} = "torch_c.from_i64"({cast}) : (i64) -> !torch.int')
    else:
        em.emit(f'{name} = "torch.constant.int"() <{{value = {value} : i64}}>'
                ' : () -> !torch.int')
    return name


def torch_in(em, k, shape, value=None):
    return em.op("torch_c.from_builtin_tensor", [value or f"%x{k}"],
                 [em.args[k][1]], vtype(shape, em.dynamic))


def torch_out(em, v, shape):
    return em.op("torch_c.to_builtin_tensor", [v],
                 [vtype(shape, em.dynamic)], em.t(shape))


def ty(v):
    return "!torch.none" if v is None else "!torch.int"


def torch_case(rng, k):
    kind = rng.choice(["slice", "select", "narrow", "flip", "slice_scatter",
                       "select_scatter"])
    shape = rank_shape(rng)
    rank = len(shape)
    d = rng.randrange(rank)
    dim = d - rank if rng.random() < .3 else d
    n = shape[d]
    x = pd.input_array(shape, 3)
    runtime = rng.random() < .4
    pre = (slice(None),) * d
    if kind in ("slice", "slice_scatter"):
        start = None if rng.random() < .2 else rng.choice(
            [rng.randint(-n - 3, n + 3), INT64_MIN, 0])
        end = None if rng.random() < .2 else rng.choice(
            [rng.randint(-n - 3, n + 3), INT64_MAX, n])
        step = rng.choice([1, 1, 2, 3] if kind == "slice_scatter"
                          else [1, 1, 2, 3, -1, -2])
        index = pre + (slice(start, end, step),)
    elif kind in ("select", "select_scatter"):
        i = rng.randint(-n, n - 1)
        index = pre + (i,)
    elif kind == "narrow":
        s = rng.randint(-n, n)
        first = s + n if s < 0 else s
        length = rng.randint(0, n - first)
        index = pre + (slice(first, first + length),)
    else:
        dims = rng.sample(range(rank), rng.randint(1, rank))
        flip_dims = [a - rank if rng.random() < .3 else a for a in dims]
    if kind == "flip":
        expected = np.flip(x, axis=tuple(dims))
        shapes = [shape]
    elif kind.endswith("scatter"):
        src_shape = list(x[index].shape)
        expected = x.copy()
        expected[index] = pd.input_array(src_shape, 8)
        shapes = [shape, src_shape]
    else:
        expected = x[index]
        shapes = [shape]

    def body(em):
        t = torch_in(em, 0, shape)
        dim_v = torch_int(em, dim, False)
        out_shape = list(expected.shape)
        vt_in, vt_out = vtype(shape, em.dynamic), vtype(out_shape,
                                                        em.dynamic)
        if kind == "flip":
            ints = [torch_int(em, a, False) for a in flip_dims]
            lst = em.fresh()
            em.emit(f'{lst} = "torch.prim.ListConstruct"({", ".join(ints)}) '
                    f': ({", ".join(["!torch.int"] * len(ints))}) -> '
                    '!torch.list<int>')
            r = em.op("torch.aten.flip", [t, lst],
                      [vt_in, "!torch.list<int>"], vt_out)
            return torch_out(em, r, out_shape)
        src = []
        if kind.endswith("scatter"):
            src = [torch_in(em, 1, shapes[1])]
            src_t = [vtype(shapes[1], em.dynamic)]
        else:
            src_t = []
        if kind in ("slice", "slice_scatter"):
            vals = [torch_int(em, start, runtime), torch_int(em, end, runtime),
                    torch_int(em, step, False)]
            types = [ty(start), ty(end), "!torch.int"]
            name = "torch.aten." + ("slice.Tensor" if kind == "slice"
                                    else "slice_scatter")
        elif kind in ("select", "select_scatter"):
            vals, types = [torch_int(em, i, runtime)], ["!torch.int"]
            name = "torch.aten." + ("select.int" if kind == "select"
                                    else "select_scatter")
        else:
            vals = [torch_int(em, s, runtime), torch_int(em, length, False)]
            types = ["!torch.int"] * 2
            name = "torch.aten.narrow"
        operands = [t] + src + [dim_v] + vals
        optypes = [vt_in] + src_t + ["!torch.int"] + types
        return torch_out(em, em.op(name, operands, optypes, vt_out),
                         out_shape)

    return Case(f"torch_{kind}{k}", shapes, body, expected)


# ---- The split family ------------------------------------------------------

def split_pieces(rng, kind, n):
    """(the op's size operand or attribute, the pieces' (start, length) on
    a dimension of `n`), by the framework's own rule for `kind`."""
    def runs(sizes):
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        return list(zip(starts, sizes))
    if kind in ("tf.Split", "tfl.split"):
        count = rng.choice([c for c in range(1, n + 1) if n % c == 0])
        return count, runs([n // count] * count)
    if kind in ("tf.SplitV", "tfl.split_v", "onnx.Split",
                "torch.aten.split_with_sizes"):
        cuts = sorted(rng.randint(0, n) for _ in range(rng.randint(0, 2)))
        sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        given = list(sizes)
        if kind.startswith(("tf.", "tfl.")) and rng.random() < .5:
            given[rng.randrange(len(given))] = -1
        return given, runs(sizes)
    if kind == "onnx.Split/num_outputs":
        # The reference implementation: ceil(n / m) each, the last the rest.
        count = rng.choice([m for m in range(1, n + 1)
                            if n - -(-n // m) * (m - 1) >= 0])
        size = -(-n // count)
        return count, runs([size] * (count - 1) + [n - size * (count - 1)])
    if kind == "torch.aten.split.Tensor":
        size = rng.randint(1, n + 1)
        return size, [(a, min(size, n - a)) for a in range(0, n, size)]
    if kind == "torch.aten.chunk":
        chunks = rng.randint(1, n + 1)
        size = -(-n // chunks)
        return chunks, [(a, min(size, n - a)) for a in range(0, n, size)]
    if kind == "torch.aten.tensor_split.sections":
        sections = rng.randint(1, n + 2)
        return sections, [(int(a[0]) if len(a) else 0, len(a)) for a in
                          np.array_split(np.arange(n), sections)]
    # unbind, unpack: each index.
    return n, [(i, None) for i in range(n)]


def split_case(rng, k):
    kind = rng.choice([
        "tf.Split", "tf.SplitV", "tf.Unpack", "tfl.split", "tfl.split_v",
        "tfl.unpack", "onnx.Split", "onnx.Split/num_outputs",
        "torch.aten.split.Tensor", "torch.aten.split_with_sizes",
        "torch.aten.chunk", "torch.aten.unbind.int",
        "torch.aten.tensor_split.sections"])
    shape = rank_shape(rng)
    rank = len(shape)
    d = rng.randrange(rank)
    axis = d - rank if rng.random() < .3 else d
    given, pieces = split_pieces(rng, kind, shape[d])
    which = rng.randrange(len(pieces))
    x = pd.input_array(shape, 3)
    start, length = pieces[which]
    pre = (slice(None),) * d
    expected = x[pre + ((start if length is None
                         else slice(start, start + length)),)]
    out_shape = list(expected.shape)
    shapes = [list(x[pre + ((a if n is None else slice(a, a + n)),)].shape)
              for a, n in pieces]
    # torch: the list read by ListUnpack or by __getitem__ (an index from
    # the front or the back, constant or run-time), sizes constant or
    # run-time. Drawn apart, so that the other cases stay as they were.
    sub = random.Random(7919 * k + 17)
    getitem, runtime_index = sub.random() < .4, sub.random() < .5
    index = which - len(pieces) if sub.random() < .5 else which
    runtime_sizes = sub.random() < .35

    def body(em):
        results = ", ".join(em.t(s) for s in shapes)
        many = f"{em.fresh()}:{len(shapes)}"
        name = many.split(":")[0]
        if kind.startswith("torch."):
            t = torch_in(em, 0, shape)
            vt = vtype(shape, em.dynamic)
            dim = torch_int(em, axis, False)
            if kind == "torch.aten.split_with_sizes":
                ints = [torch_int(em, v, runtime_sizes) for v in given]
                size = em.fresh()
                em.emit(f'{size} = "torch.prim.ListConstruct"('
                        f'{", ".join(ints)}) : ('
                        f'{", ".join(["!torch.int"] * len(ints))}) -> '
                        '!torch.list<int>')
                operands, types = [t, size, dim], [vt, "!torch.list<int>",
                                                   "!torch.int"]
            elif kind == "torch.aten.unbind.int":
                operands, types = [t, dim], [vt, "!torch.int"]
            else:
                operands = [t, torch_int(em, given, runtime_sizes), dim]
                types = [vt, "!torch.int", "!torch.int"]
            lst = em.op(kind, operands, types, "!torch.list<vtensor>")
            if getitem:
                got = em.op("torch.aten.__getitem__.t",
                            [lst, torch_int(em, index, runtime_index)],
                            ["!torch.list<vtensor>", "!torch.int"],
                            vtype(out_shape, em.dynamic))
                return torch_out(em, got, out_shape)
            vts = ", ".join(vtype(s, em.dynamic) for s in shapes)
            em.emit(f'{many} = "torch.prim.ListUnpack"({lst}) : '
                    f'(!torch.list<vtensor>) -> ({vts})')
            return torch_out(em, f"{name}#{which}", out_shape)
        if kind.startswith("onnx."):
            if kind == "onnx.Split":
                sizes = em.const("onnx.Constant", given)
                operands, types = [sizes], [f"tensor<{len(given)}xi64>"]
                attrs = f" {{axis = {axis} : si64}}"
            else:
                none = em.fresh()
                em.emit(f'{none} = "onnx.NoValue"() {{value}} : () -> none')
                operands, types = [none], ["none"]
                attrs = (f" {{axis = {axis} : si64, num_outputs = {given} : "
                         "si64}")
            em.emit(f'{many} = "onnx.Split"(%x0, {operands[0]}){attrs} : '
                    f'({em.args[0][1]}, {types[0]}) -> ({results})')
            return f"{name}#{which}"
        tfl = kind.startswith("tfl.")
        const = "tfl.pseudo_const" if tfl else "tf.Const"
        width = "i32" if tfl else "i64"
        if kind in ("tf.Unpack", "tfl.unpack"):
            attrs = (f" {{num = {given} : {width}, axis = {axis} : "
                     f"{width}}}")
            em.emit(f'{many} = "{kind}"(%x0){attrs} : ({em.args[0][1]}) -> '
                    f'({results})')
            return f"{name}#{which}"
        split_dim = em.const(const, [axis], "i32", scalar=True)
        if kind in ("tf.Split", "tfl.split"):
            attr = "num_splits" if tfl else "num_split"
            em.emit(f'{many} = "{kind}"({split_dim}, %x0) {{{attr} = {given} '
                    f': {width}}} : (tensor<i32>, {em.args[0][1]}) -> '
                    f'({results})')
            return f"{name}#{which}"
        sizes = em.const(const, given, "i32" if tfl else "i64")
        attrs = f" {{num_splits = {len(given)} : i32}}" if tfl else ""
        em.emit(f'{many} = "{kind}"(%x0, {sizes}, {split_dim}){attrs} : '
                f'({em.args[0][1]}, tensor<{len(given)}x'
                f'{"i32" if tfl else "i64"}>, tensor<i32>) -> ({results})')
        return f"{name}#{which}"

    return Case(f"split{k}_{kind.split('.')[-1].replace('/', '_')}",
                [shape], body, expected)


# ---- Programs as exporters write them ------------------------------------

def exporter_programs():
    cases = []
    x = pd.input_array([6, 8], 3)

    # JAX: y = x[::-1, 1:7:2]; return y * y + y (stablehlo.slice + reverse,
    # then element-wise consumers, here in arith on tensors).
    y = x[::-1, 1:7:2]

    def jax(em):
        s = em.op("stablehlo.slice", ["%x0"], [em.args[0][1]], em.t([6, 3]),
                  " <{limit_indices = array<i64: 6, 7>, start_indices = "
                  "array<i64: 0, 1>, strides = array<i64: 1, 2>}>")
        r = em.op("stablehlo.reverse", [s], [em.t([6, 3])], em.t([6, 3]),
                  " <{dimensions = array<i64: 0>}>")
        m, a = em.fresh(), em.fresh()
        em.emit(f"{m} = arith.mulf {r}, {r} : {em.t([6, 3])}")
        em.emit(f"{a} = arith.addf {m}, {r} : {em.t([6, 3])}")
        return a

    cases.append(Case("jax_slice_reverse", [[6, 8]], jax, y * y + y))

    # torch (functionalized): x = x.clone(); x[1:3] = v * 2; return x[:, ::2]
    v = pd.input_array([2, 8], 8)
    t = x.copy()
    t[1:3] = v * 2

    def torch_prog(em):
        xt = torch_in(em, 0, [6, 8])
        d = em.fresh()
        em.emit(f"{d} = arith.addf %x1, %x1 : {em.args[1][1]}")
        vt = torch_in(em, 1, [2, 8], d)
        c0, c1, c2, c3 = (torch_int(em, c, False) for c in (0, 1, 2, 3))
        none = torch_int(em, None, False)
        big, small = vtype([6, 8], em.dynamic), vtype([2, 8], em.dynamic)
        s = em.op("torch.aten.slice_scatter", [xt, vt, c0, c1, c3, c1],
                  [big, small] + ["!torch.int"] * 4, big)
        r = em.op("torch.aten.slice.Tensor", [s, c1, none, none, c2],
                  [big, "!torch.int", "!torch.none", "!torch.none",
                   "!torch.int"], vtype([6, 4], em.dynamic))
        return torch_out(em, r, [6, 4])

    cases.append(Case("torch_setitem", [[6, 8], [2, 8]], torch_prog,
                      t[:, ::2]))

    # ONNX: Slice(x, starts=[-1], ends=[INT64_MIN], axes=none, steps=[-1])
    # then Relu as the consumer (arith.maximumf on tensors).
    w = np.maximum(x[::-1], 0)

    def onnx_prog(em):
        s = em.const("onnx.Constant", [-1])
        e = em.const("onnx.Constant", [INT64_MIN])
        p = em.const("onnx.Constant", [-1])
        none = em.fresh()
        em.emit(f'{none} = "onnx.NoValue"() {{value}} : () -> none')
        r = em.op("onnx.Slice", ["%x0", s, e, none, p],
                  [em.args[0][1], "tensor<1xi64>", "tensor<1xi64>", "none",
                   "tensor<1xi64>"], em.t([6, 8]))
        z, m = em.splat("0.0", [6, 8]), em.fresh()
        em.emit(f"{m} = arith.maximumf {r}, {z} : {em.t([6, 8])}")
        return m

    cases.append(Case("onnx_reverse_relu", [[6, 8]], onnx_prog, w))

    # TF: y = x[b:b+3, ::-1] (tf.StridedSlice on a run-time begin) + 1.
    b0 = 2
    u = x[b0:b0 + 3, ::-1] + 1

    def tf_prog(em):
        # begin = [b, 0] and end = begin + 3 from one run-time scalar (index
        # tensors on the GPU route are host values: scalars packed, as TF
        # keeps shape tensors in host memory).
        arg = em.index_arg(b0)
        b32, zero, three, e32 = em.fresh(), em.fresh(), em.fresh(), \
            em.fresh()
        em.emit(f"{b32} = arith.index_cast {arg} : index to i32")
        em.emit(f"{zero} = arith.constant 0 : i32")
        em.emit(f"{three} = arith.constant 3 : i32")
        em.emit(f"{e32} = arith.addi {b32}, {three} : i32")
        bl, e = em.fresh(), em.fresh()
        em.emit(f"{bl} = tensor.from_elements {b32}, {zero} : tensor<2xi32>")
        em.emit(f"{e} = tensor.from_elements {e32}, {zero} : tensor<2xi32>")
        one = em.const("tf.Const", [1, -1], "i32")
        r = em.op("tf.StridedSlice", ["%x0", bl, e, one],
                  [em.args[0][1]] + ["tensor<2xi32>"] * 3,
                  ttype([3, 8], True),
                  f' {{{tf_masks_attrs([2, 2, 0, 0, 0], "i64")}}}')
        c = em.fresh()
        em.emit(f"{c} = tensor.cast {r} : {ttype([3, 8], True)} to "
                f"{em.t([3, 8])}")
        k1, s = em.splat("1.0", [3, 8]), em.fresh()
        em.emit(f"{s} = arith.addf {c}, {k1} : {em.t([3, 8])}")
        return s

    cases.append(Case("tf_runtime_begin", [[6, 8]], tf_prog, u))

    # Unsigned 16-bit tensors as the ONNX and TF importers spell them
    # (tensor<..xui16>), negative inputs' bits read back unsigned: ONNX
    # Slice(x, starts=[4, -1], ends=[0, INT64_MIN], steps=[-1, -3]) and TF
    # x[1:5, ::-2]. Random cases draw ui8 and ui16 too, but may slice
    # nothing.
    def onnx_u16(em):
        s = em.const("onnx.Constant", [4, -1])
        e = em.const("onnx.Constant", [0, INT64_MIN])
        a = em.const("onnx.Constant", [0, 1])
        p = em.const("onnx.Constant", [-1, -3])
        return em.op("onnx.Slice", ["%x0", s, e, a, p],
                     [em.args[0][1]] + ["tensor<2xi64>"] * 4, em.t([4, 3]))

    def tf_u16(em):
        b = em.const("tf.Const", [1, 0], "i32")
        e = em.const("tf.Const", [5, 0], "i32")
        st = em.const("tf.Const", [1, -2], "i32")
        return em.op("tf.StridedSlice", ["%x0", b, e, st],
                     [em.args[0][1]] + ["tensor<2xi32>"] * 3, em.t([4, 4]),
                     f' {{{tf_masks_attrs([2, 2, 0, 0, 0], "i64")}}}')

    for name, build, want in (("onnx_u16_slice", onnx_u16, x[4:0:-1, ::-3]),
                              ("tf_u16_slice", tf_u16, x[1:5, ::-2])):
        case = Case(name, [[6, 8]], build, want)
        case.set_element("ui16")
        cases.append(case)
    return cases


GENERATORS = {
    "tf.StridedSlice": lambda rng, k: strided_slice_case(rng, k, False),
    "tfl.strided_slice": lambda rng, k: strided_slice_case(rng, k, True),
    "tf.Slice": lambda rng, k: tf_slice_case(rng, k, False),
    "tfl.slice": lambda rng, k: tf_slice_case(rng, k, True),
    "tf.ReverseV2": lambda rng, k: tf_reverse_case(rng, k, False),
    "tfl.reverse_v2": lambda rng, k: tf_reverse_case(rng, k, True),
    "tf.StridedSliceGrad": lambda rng, k: tf_write_case(rng, k, True),
    "tf.TensorStridedSliceUpdate": lambda rng, k: tf_write_case(rng, k, False),
    "tfl.dynamic_update_slice":
        lambda rng, k: clamped_update_case(rng, k, "tfl"),
    "stablehlo.dynamic_update_slice":
        lambda rng, k: clamped_update_case(rng, k, "stablehlo"),
    "stablehlo.slice": stablehlo_slice_case,
    "stablehlo.dynamic_slice": stablehlo_dynamic_slice_case,
    "stablehlo.real_dynamic_slice": stablehlo_real_dynamic_slice_case,
    "onnx.Slice": onnx_case,
    "torch": torch_case,
    "split": split_case,
}


# --------------------------------------------------------------------------
# Running them
# --------------------------------------------------------------------------

def functions(cases):
    """(text, [(name, arg types, index values, result shape)]) for the
    static and dynamic variant of every case."""
    texts, entries = [], []
    for case in cases:
        CURRENT["torch"] = TORCH_ELEMENT.get(case.element, case.element)
        for variant, dynamic in (("s", False), ("d", True)):
            em = Body(dynamic, case.shapes, case.element)
            result = case.body(em)
            name = f"{case.name}_{variant}"
            texts.append(em.function(name, result, case.expected.shape))
            entries.append((name, em.param_types, em.index_values, case))
    CURRENT["torch"] = "f32"
    return "\n\n".join(texts), entries


def convert(args, module):
    """The module through --convert-frameworks-to-slice; an error or a
    framework op left is a failure."""
    done = subprocess.run([args.slice_opt, "--allow-unregistered-dialect",
                           "--convert-frameworks-to-slice=report-refusals"],
                          input=module, capture_output=True, text=True)
    if done.returncode:
        return None, [f"FAILED the conversion:\n{done.stderr[:3000]}"]
    left = sorted(set(m.group(0) for m in
                      FRAMEWORK_OP.finditer(done.stdout)))
    if left:
        return None, [f"FAILED framework ops left: {left}\n"
                      f"{done.stderr[:3000]}"]
    return done.stdout, []


def cpu_main(entries):
    main = ["func.func @main() {"]
    for n, (name, types, index_values, case) in enumerate(entries):
        args = []
        for k, (shape, seed) in enumerate(zip(case.shapes, case.seeds)):
            arg = f"%in{n}_{k}"
            pd.generate_input(arg, shape, seed, main)
            if types[k] != ttype(shape):
                main.append(f"  {arg}c = tensor.cast {arg} : {ttype(shape)} "
                            f"to {types[k]}")
                arg += "c"
            args.append(arg)
        for j, v in enumerate(index_values):
            main.append(f"  %ix{n}_{j} = arith.constant {v} : index")
            args.append(f"%ix{n}_{j}")
        rtype = ttype(case.expected.shape, name.endswith("_d"))
        all_types = types + ["index"] * len(index_values)
        attr = " {no_inline}" if name.endswith("_d") else ""
        main.append(f"  %r{n} = func.call @{name}({', '.join(args)}){attr} : "
                    f"({', '.join(all_types)}) -> {rtype}")
        main.append(f"  %u{n} = tensor.cast %r{n} : {rtype} to tensor<*xf32>")
        main.append(f"  func.call @printMemrefF32(%u{n}) : (tensor<*xf32>) "
                    "-> ()")
    main += ["  return", "}"]
    return ("func.func private @printMemrefF32(tensor<*xf32>)\n\n" +
            "\n".join(main) + "\n")


def compare(printed, entries):
    if len(printed) != len(entries):
        return [f"{len(printed)} results printed, {len(entries)} expected"]
    problems = []
    for (sizes, values), (name, _, _, case) in zip(printed, entries):
        want = case.expected
        if sizes != list(want.shape) or (
                want.size and not pd.same_values(values, want)):
            problems.append(
                f"{name}: got sizes {sizes} values "
                f"{[round(v, 3) for v in values[:12]]}, expected "
                f"{list(want.shape)} "
                f"{[round(float(v), 3) for v in want.ravel()[:12]]}")
    return problems


# CPU modes: the passes after the conversion. `cpu-upstream` runs an
# embedder's usual upstream passes before slice's pipeline.
CPU_MODES = {
    "cpu": ["--slice-to-llvm"],
    "cpu-copy": ["--slice-to-llvm=slices=copy"],
    "cpu-upstream": ["--canonicalize", "--cse", "--inline",
                     "--loop-invariant-code-motion", "--slice-to-llvm"],
}


def run_cpu(args, converted, entries, mode):
    # Inside the converted module, which `slice-opt` printed as one.
    body = converted.rstrip()
    assert body.endswith("}")
    module = body[:-1] + "\n" + cpu_main(entries) + "}\n"
    lowered = subprocess.run([args.slice_opt] + CPU_MODES[mode],
                             input=module, capture_output=True, text=True)
    if lowered.returncode:
        return [f"FAILED {' '.join(CPU_MODES[mode])}:\n"
                f"{lowered.stderr[:3000]}"]
    run = subprocess.run(shlex.split(args.runner) +
                         ["-e", "main", "-entry-point-result=void",
                          f"-shared-libs={args.libs}"],
                         input=lowered.stdout, capture_output=True, text=True)
    if run.returncode:
        return [f"FAILED mlir-runner ({run.returncode}):\n{run.stderr[:2000]}"]
    return compare(pd.parse_printed(run.stdout), entries)


def run_gpu(args, converted, entries, work):
    decls, calls = [], []
    for name, types, index_values, case in entries:
        ranks = [len(s) for s in case.shapes]
        rrank = case.expected.ndim
        params = ", ".join([f"M{rrank} *"] + [f"M{r} *" for r in ranks] +
                           ["int64_t"] * len(index_values))
        decls.append(f"void _mlir_ciface_{name}({params});")
        call = [f"  {{ /* {name} */"]
        for k, (shape, seed) in enumerate(zip(case.shapes, case.seeds)):
            dims = ", ".join(map(str, shape)) or "0"
            call.append(f"    M{len(shape)} in{k}; make_input((void *)&in{k}"
                        f", {len(shape)}, (const int64_t[]){{{dims}}}, "
                        f"{seed});")
        call.append(f"    M{rrank} out;")
        arglist = ["&out"] + [f"&in{k}" for k in range(len(case.shapes))]
        arglist += ["INT64_MIN" if v == INT64_MIN else f"{v}LL"
                    for v in index_values]
        call.append(f"    _mlir_ciface_{name}({', '.join(arglist)});")
        call.append(f"    print_result((void *)&out, {rrank});")
        call.append("  }")
        calls.append("\n".join(call))
    driver = pd.make_driver(decls, calls, device=True, strided=False,
                            max_rank=9)
    printed, problems = pd.compile_and_run(args, converted, driver, work, "",
                                           device=True)
    if problems:
        return problems
    return compare(pd.parse_printed(printed), entries)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("--runner")
    parser.add_argument("--libs")
    parser.add_argument("--count", type=int, default=12,
                        help="random cases per op")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--modes", default="cpu")
    parser.add_argument("--emulated-device")
    parser.add_argument("--build-dir")
    parser.add_argument("--keep")
    args = parser.parse_args()
    # The sanitizer stage (lit.cfg.py) runs fewer cases of every op.
    scale = float(os.environ.get("SLICE_DIFFERENTIAL_SCALE", "1"))
    args.count = max(2, round(args.count * scale))
    rng = random.Random(args.seed)
    cases = []
    for op, generate in GENERATORS.items():
        for k in range(args.count * (3 if op in ("torch", "split") else 1)):
            case = generate(rng, k)
            case.set_element(case_element(case.name))
            cases.append(case)
    cases += exporter_programs()
    text, entries = functions(cases)
    if args.keep:
        with open(args.keep, "w") as f:
            f.write(text + "\n")
    converted, problems = convert(args, text)
    if converted is not None:
        for mode in args.modes.split(","):
            with tempfile.TemporaryDirectory() as work:
                found = (run_gpu(args, converted, entries, work)
                         if mode == "gpu" else
                         run_cpu(args, converted, entries, mode))
            problems += [f"[{mode}] {p}" for p in found]
    print("".join(f"MISMATCH {p}\n" for p in problems) +
          f"{len(cases)} cases ({len(entries)} functions, static and "
          f"dynamic), modes {args.modes}: {len(problems)} mismatches")
    return int(bool(problems))


if __name__ == "__main__":
    sys.exit(main())
