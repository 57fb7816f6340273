# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Builds executable MLIR modules of slices and NumPy's expected output.

Shared by the executed value tests (gen_exec_tests.py writes lit tests with
FileCheck lines) and the differential test (exec_differential.py compares
printed values with NumPy directly).

A case slices an iota input (element i of the row-major input holds i,
converted to the element type) with one spec in one encoding:
  py    Python notation, as slice.strided's custom syntax writes it
  raw   begin / end / strides / five masks (+ TFLite offset mode), generic form
  axes  Paddle / ONNX axes, starts, ends, strides (slice.strided_axes)
Static cases slice in @main's callee with constant spec values; dynamic cases
pass the input with every dimension `?` and every index as a run-time value
into a function that the pipeline must not inline (`no_inline`).

An update case (`value_shape` set) writes instead: slice.strided_update of a
value holding -1, -2, ... (row-major) into the iota, printed whole; NumPy's
`y = x.copy(); y[...] = v` is its expected output. Its dynamic form keeps
the value's static 1s (a dynamic value dimension never broadcasts) and
makes its other dimensions `?`, or, every other case, keeps the value
static (its sizes then checked against the slice's at run time).
"""

import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Semantics"))
import numpy_differential as nd  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The parser of printed memrefs the differential tests share (slicegen
# hands it on as parse_printed).
from printed import parse_printed  # noqa: E402,F401

INT64_MIN = -(2**63)
KDYNAMIC = INT64_MIN

# element type -> (numpy dtype, printer, printable MLIR type, widening op)
ELEMENT_TYPES = {
    "i1": (np.bool_, "I32", "i32", "arith.extui"),
    "i8": (np.int8, "I32", "i32", "arith.extsi"),
    "i32": (np.int32, "I32", "i32", None),
    "i64": (np.int64, "I64", "i64", None),
    "f16": (np.float16, "F32", "f32", "arith.extf"),
    "f32": (np.float32, "F32", "f32", None),
    "f64": (np.float64, "F64", "f64", None),
}


class Case:
    def __init__(self, kind, shape, dtype="f32", dynamic=False, text=None,
                 begin=None, end=None, strides=None, masks=(0, 0, 0, 0, 0),
                 offset=False, axes=None, comment=None, value_shape=None,
                 gradient=False, default_axes=False, default_strides=False):
        self.kind, self.shape, self.dtype = kind, list(shape), dtype
        self.value_shape = value_shape
        # The gradient of the slice (--slice-test-gradient) instead of it.
        self.gradient = gradient
        self.dynamic, self.text, self.comment = dynamic, text, comment
        self.begin, self.end, self.strides = begin, end, strides
        self.masks, self.offset, self.axes = list(masks), offset, axes
        # The axes encoding's optional lists left out of the op (`axes` and
        # `strides` then hold the defaults they stand for).
        self.default_axes, self.default_strides = default_axes, default_strides

    def dynamic_lists(self):
        """The entry lists whose values are operands in the dynamic form,
        keyed b, e, s; strides the op leaves out have none."""
        strides = [] if self.default_strides else self.strides
        return list(zip("bes", [self.begin, self.end, strides]))

    def describe(self):
        if self.kind == "py":
            spec = f"x[{self.text}]"
        elif self.kind == "raw":
            spec = nd.encode_spec(self.begin, self.end, self.strides,
                                  self.masks, self.offset)
        else:
            spec = (f"axes {self.axes} starts {self.begin} ends {self.end} "
                    f"strides {self.strides}")
            if self.default_axes or self.default_strides:
                left_out = [name for name, flag in
                            [("axes", self.default_axes),
                             ("strides", self.default_strides)] if flag]
                spec += f" ({' and '.join(left_out)} left out)"
        form = "dynamic" if self.dynamic else "static"
        if self.gradient:
            return f"{form} {self.dtype} {self.shape} gradient of {spec}"
        if self.value_shape is not None:
            return (f"{form} {self.dtype} {self.shape} {spec} = value "
                    f"{self.value_shape}")
        return f"{form} {self.dtype} {self.shape} {spec}"


def iota(shape, dtype):
    flat = np.arange(int(np.prod(shape, dtype=np.int64)), dtype=np.int64)
    if dtype == "i1":
        values = (flat % 2).astype(np.bool_)
    else:
        values = flat.astype(ELEMENT_TYPES[dtype][0])
    return values.reshape(shape)


def update_value(shape, dtype):
    """The value an update case writes: -1, -2, ... in row-major order."""
    count = int(np.prod(shape, dtype=np.int64))
    flat = -1 - np.arange(count, dtype=np.int64)
    return flat.astype(ELEMENT_TYPES[dtype][0]).reshape(shape)


def numpy_index(case):
    """The index expression of the case for NumPy, or None when the spec is
    invalid."""
    if case.kind == "py":
        index = eval(f"np.index_exp[{case.text.replace('newaxis', 'None')}]",
                     {"np": np})
    elif case.kind == "raw":
        index = nd.numpy_index(case.shape, case.begin, case.end, case.strides,
                               case.masks, case.offset)
    else:
        rank = len(case.shape)
        if not (len(case.axes) == len(case.begin) == len(case.end)
                == len(case.strides)):
            return None
        index, seen = [slice(None)] * rank, set()
        for axis, b, e, s in zip(case.axes, case.begin, case.end,
                                 case.strides):
            if not -rank <= axis < rank or axis % rank in seen or s == 0:
                return None
            seen.add(axis % rank)
            index[axis % rank] = slice(b, e, s)
    return None if index is None else tuple(index)


def numpy_result(case):
    """NumPy's x[...] for the case (y = x.copy(); y[...] = v for an update),
    or None when the spec (or the value's shape) is invalid."""
    x = iota(case.shape, case.dtype)
    index = numpy_index(case)
    if index is None:
        return None
    try:
        if case.gradient:
            # TF's StridedSliceGrad: g = zeros(x.shape); g[...] = dy.
            dy = update_value(np.shape(x[index]), case.dtype)
            g = np.zeros_like(x)
            g[index] = dy
            return g
        if case.value_shape is None:
            return np.asarray(x[index])
        x[index] = update_value(case.value_shape, case.dtype)
        return x
    except (IndexError, ValueError):
        return None


def tensor_type(shape, dtype):
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{dtype}>"


def _array(values):
    return "array<i64" + ("" if not values else ": " + ", ".join(
        str(v) for v in values)) + ">"


def _static(value):
    # INT64_MIN is ShapedType::kDynamic; as a static value its neighbour
    # means the same (both clamp to the front; as a stride both select at
    # most one element).
    return INT64_MIN + 1 if value == INT64_MIN else value


class ModuleBuilder:
    """Collects cases into one module whose @main runs them in order."""

    def __init__(self):
        self.funcs, self.main, self.count = [], [], 0
        self.iotas, self.printers = {}, set()

    def _iota_func(self, shape, dtype, negative=False):
        """A function returning the iota of `shape` (-1, -2, ... when
        `negative`: an update's value)."""
        key = (tuple(shape), dtype, negative)
        if key in self.iotas:
            return self.iotas[key]
        name = (f"@{'neg_' if negative else ''}iota_"
                f"{'x'.join(map(str, shape)) or 'scalar'}_{dtype}")
        self.iotas[key] = name
        rank = len(shape)
        args = ", ".join(f"%i{d}: index" for d in range(rank))
        body = ["    %acc0 = arith.constant 0 : index"]
        for d in range(rank):
            body.append(f"    %c{d} = arith.constant {shape[d]} : index")
            body.append(f"    %m{d} = arith.muli %acc{d}, %c{d} : index")
            body.append(f"    %acc{d + 1} = arith.addi %m{d}, %i{d} : index")
        if negative:
            body.append(f"    %w0 = arith.index_cast %acc{rank} : index to i64")
            body.append("    %neg1 = arith.constant -1 : i64")
            body.append("    %w = arith.subi %neg1, %w0 : i64")
        else:
            body.append(f"    %w = arith.index_cast %acc{rank} : index to i64")
        value = "%v"
        if dtype.startswith("f"):
            body.append(f"    %v = arith.sitofp %w : i64 to {dtype}")
        elif dtype == "i64":
            value = "%w"
        else:
            body.append(f"    %v = arith.trunci %w : i64 to {dtype}")
        ttype = tensor_type(shape, dtype)
        self.funcs.append(
            f"func.func {name}() -> {ttype} {{\n"
            f"  %x = tensor.generate {{\n  ^bb0({args}):\n"
            + "\n".join(body) +
            f"\n    tensor.yield {value} : {dtype}\n  }} : {ttype}\n"
            f"  return %x : {ttype}\n}}\n")
        return name

    def _op(self, case, source, source_type, result_type, values,
            update=None):
        """The slice op on `source`; `values` maps each dynamic entry list to
        its SSA names (dynamic case) or is None (static case). `update` is
        the (name, type) of an update's value: the op is then
        slice.strided_update into `source`, of `source`'s type."""
        if case.kind == "py":
            return (f"slice.strided {source}[{case.text}] : {source_type} to "
                    f"{result_type}")
        names = ["begin", "end", "strides"]
        lists = [case.begin, case.end, case.strides]
        if case.kind == "axes":
            names = ["starts", "ends", "strides"]
        operands, props, segments = [source], [], [1]
        if update:
            operands, segments = [update[0], source], [1, 1]
        for name, items, key in zip(names, lists, ["b", "e", "s"]):
            if key == "s" and case.kind == "axes" and case.default_strides:
                segments.append(0)
                continue
            if values is None:
                props.append(f"static_{name} = "
                             f"{_array([_static(v) for v in items])}")
                segments.append(0)
            else:
                props.append(f"static_{name} = {_array([KDYNAMIC] * len(items))}")
                operands += values[key]
                segments.append(len(items))
        props.append(f"operandSegmentSizes = array<i32: "
                     f"{', '.join(map(str, segments))}>")
        if case.kind == "axes":
            if not case.default_axes:
                props.append(f"axes = {_array(case.axes)}")
            opname = ("slice.strided_axes_update" if update
                      else "slice.strided_axes")
        else:
            for name, mask in zip(["begin_mask", "end_mask", "ellipsis_mask",
                                   "new_axis_mask", "shrink_axis_mask"],
                                  case.masks):
                props.append(f"{name} = {mask} : i64")
            if case.offset:
                props.append("offset")
            opname = "slice.strided_update" if update else "slice.strided"
        leading = [update[1], source_type] if update else [source_type]
        types = ", ".join(leading + ["index"] * (len(operands) - len(leading)))
        return (f'"{opname}"({", ".join(operands)}) <{{{", ".join(props)}}}> : '
                f"({types}) -> {result_type}")

    def add(self, case, result_shape):
        """Adds `case`, whose result has `result_shape` (from NumPy)."""
        n = self.count
        self.count += 1
        dtype = case.dtype
        rank = len(case.shape)
        static_type = tensor_type(case.shape, dtype)
        iota = self._iota_func(case.shape, dtype)
        lines = [f"  // case {n}: {case.describe()}",
                 f"  %x{n} = call {iota}() : () -> {static_type}"]
        if case.comment:
            lines.insert(0, f"  // {case.comment}")
        if case.gradient:
            return self._add_gradient(case, n, lines)
        update = None
        if case.value_shape is not None:
            value_type = tensor_type(case.value_shape, dtype)
            value_iota = self._iota_func(case.value_shape, dtype, True)
            lines.append(f"  %v{n} = call {value_iota}() : () -> {value_type}")
            update = (f"%v{n}", value_type)
        if not case.dynamic:
            result_type = tensor_type(result_shape, dtype)
            lines.append(f"  %r{n} = {self._op(case, f'%x{n}', static_type, result_type, None, update)}")
        else:
            dyn_type = tensor_type([None] * rank, dtype)
            result_type = tensor_type([None] * len(result_shape), dtype)
            values = {}
            args, params = [f"%xd{n}"], [f"%x: {dyn_type}"]
            lines.append(f"  %xd{n} = tensor.cast %x{n} : {static_type} to "
                         f"{dyn_type}")
            arg_types = [dyn_type]
            dyn_update = None
            if update:
                # Every other case keeps the value static: a static value
                # into a slice of run-time size (checked at run time).
                dyn_value_type = update[1] if n % 2 else tensor_type(
                    [1 if d == 1 else None for d in case.value_shape], dtype)
                lines.append(f"  %vd{n} = tensor.cast %v{n} : {update[1]} to "
                             f"{dyn_value_type}")
                args.insert(0, f"%vd{n}")
                params.insert(0, f"%v: {dyn_value_type}")
                arg_types.insert(0, dyn_value_type)
                dyn_update = ("%v", dyn_value_type)
                result_type = dyn_type
            for key, items in case.dynamic_lists():
                values[key] = []
                for i, v in enumerate(items):
                    lines.append(f"  %{key}{n}_{i} = arith.constant {v} : index")
                    args.append(f"%{key}{n}_{i}")
                    params.append(f"%{key}{i}: index")
                    values[key].append(f"%{key}{i}")
            self.funcs.append(
                f"func.func @slice_{n}({', '.join(params)}) -> {result_type} {{\n"
                f"  %r = {self._op(case, '%x', dyn_type, result_type, values, dyn_update)}\n"
                f"  return %r : {result_type}\n}}\n")
            lines.append(
                f"  %r{n} = call @slice_{n}({', '.join(args)}) {{no_inline}} : "
                f"({', '.join(arg_types + ['index'] * (len(args) - len(arg_types)))}) -> "
                f"{result_type}")
        lines += self._print(f"%r{n}", result_type, dtype,
                             len(result_shape), n,
                             known_empty=None if case.dynamic
                             else 0 in result_shape)
        self.main.append("\n".join(lines))

    def _add_gradient(self, case, n, lines):
        """Adds the gradient of `case`'s slice: a function of the source and
        dy (-1, -2, ... of the slice's shape) that returns the source, its
        slice marked for --slice-test-gradient, which makes the function
        return the gradient instead."""
        dtype, rank = case.dtype, len(case.shape)
        slice_shape = list(np.shape(iota(case.shape, dtype)[numpy_index(case)]))
        static_type = tensor_type(case.shape, dtype)
        dy_static = tensor_type(slice_shape, dtype)
        dy_iota = self._iota_func(slice_shape, dtype, True)
        lines.append(f"  %dy{n} = call {dy_iota}() : () -> {dy_static}")
        if not case.dynamic:
            source_type, dy_type, values = static_type, dy_static, None
            args, arg_types = [f"%x{n}", f"%dy{n}"], [static_type, dy_static]
            params = [f"%x: {static_type}", f"%dy: {dy_static}"]
        else:
            source_type = tensor_type([None] * rank, dtype)
            dy_type = tensor_type([None] * len(slice_shape), dtype)
            lines.append(f"  %xd{n} = tensor.cast %x{n} : {static_type} to "
                         f"{source_type}")
            lines.append(f"  %dyd{n} = tensor.cast %dy{n} : {dy_static} to "
                         f"{dy_type}")
            args, arg_types = [f"%xd{n}"], [source_type]
            params, values = [f"%x: {source_type}"], {}
            for key, items in case.dynamic_lists():
                values[key] = []
                for i, v in enumerate(items):
                    lines.append(f"  %{key}{n}_{i} = arith.constant {v} : index")
                    args.append(f"%{key}{n}_{i}")
                    arg_types.append("index")
                    params.append(f"%{key}{i}: index")
                    values[key].append(f"%{key}{i}")
            args.append(f"%dyd{n}")
            arg_types.append(dy_type)
            params.append(f"%dy: {dy_type}")
        op = self._op(case, "%x", source_type, dy_type, values).replace(
            "}> : ", "}> {slice.test_gradient} : ", 1)
        self.funcs.append(
            f"func.func @slice_{n}({', '.join(params)}) -> {source_type} {{\n"
            f"  %s = {op}\n  return %x : {source_type}\n}}\n")
        lines.append(f"  %r{n} = call @slice_{n}({', '.join(args)}) "
                     f"{{no_inline}} : ({', '.join(arg_types)}) -> "
                     f"{source_type}")
        lines += self._print(f"%r{n}", source_type, dtype, rank, n,
                             known_empty=None if case.dynamic
                             else 0 in case.shape)
        self.main.append("\n".join(lines))

    def _print(self, value, ttype, dtype, rank, n, known_empty):
        """Prints `value`: its data, or only its shape when it is empty
        (printMemref would read an element of an empty memref)."""
        _, printer, ptype, widen = ELEMENT_TYPES[dtype]
        out = []
        if widen:
            wtype = ttype.replace(dtype + ">", ptype + ">")
            out.append(f"  %p{n} = {widen} {value} : {ttype} to {wtype}")
            value, ttype = f"%p{n}", wtype
        utype = f"tensor<*x{ptype}>"
        out.append(f"  %u{n} = tensor.cast {value} : {ttype} to {utype}")
        if known_empty is not True:
            self.printers.add((printer, ptype))
        if known_empty is not False:
            self.printers.add(("Shape" + printer, ptype))
        print_data = f"func.call @printMemref{printer}(%u{n}) : ({utype}) -> ()"
        print_shape = f"func.call @printMemrefShape{printer}(%u{n}) : ({utype}) -> ()"
        if known_empty is True:
            out.append("  " + print_shape)
        elif known_empty is False:
            out.append("  " + print_data)
        else:
            out.append(f"  %n{n}_0 = arith.constant 1 : index")
            for d in range(rank):
                out.append(f"  %k{n}_{d} = arith.constant {d} : index")
                out.append(f"  %d{n}_{d} = tensor.dim {value}, %k{n}_{d} : {ttype}")
                out.append(f"  %n{n}_{d + 1} = arith.muli %n{n}_{d}, %d{n}_{d} : index")
            out.append(f"  %z{n} = arith.constant 0 : index")
            out.append(f"  %e{n} = arith.cmpi eq, %n{n}_{rank}, %z{n} : index")
            out.append(f"  scf.if %e{n} {{\n    {print_shape}\n  }} else {{\n"
                       f"    {print_data}\n  }}")
        return out

    def text(self):
        decls = []
        for printer, ptype in sorted(self.printers):
            attrs = (" attributes {llvm.emit_c_interface}"
                     if printer.startswith("Shape") else "")
            decls.append(f"func.func private @printMemref{printer}"
                         f"(tensor<*x{ptype}>){attrs}")
        return ("\n".join(decls) + "\n\n" + "\n".join(self.funcs) +
                "\nfunc.func @main() {\n" + "\n\n".join(self.main) +
                "\n  return\n}\n")


def _fmt(value):
    if isinstance(value, (np.floating, float)):
        return "%g" % float(value)
    return str(int(value))


def printed_lines(result, dtype):
    """The lines printMemref writes for `result` after the header line (the
    data), or [] for an empty result (only the shape is printed)."""
    if result.size == 0:
        return []
    if dtype in ("i1", "i8"):
        result = result.astype(np.int32)
    rank = result.ndim
    out = []

    def emit(a, dim):
        if dim == 0:
            out.append(_fmt(a))
            return
        n = a.shape[0]
        out.append("[")
        emit(a[0], dim - 1)
        if n <= 1:
            out.append("]")
            return
        out.append(", ")
        if dim > 1:
            out.append("\n")
        for i in range(1, n - 1):
            out.append(" " * (rank - dim + 1))
            emit(a[i], dim - 1)
            out.append(", ")
            if dim > 1:
                out.append("\n")
        out.append(" " * (rank - dim + 1))
        emit(a[n - 1], dim - 1)
        out.append("]")

    if rank == 0:
        out += ["[", _fmt(result[()]), "]"]
    else:
        emit(result, rank)
    return "".join(out).split("\n")


