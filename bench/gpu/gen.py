# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the GPU benchmark's module and the harness's table into a folder:
ours_gpu.mlir (--slice-to-nvvm) and points_gpu.h.

The cases are the CPU benchmark's (bench/cases.py: a-f, f32) on 256 MiB and
1 GiB inputs. Each point has four functions:
  into    copies the slice into a device buffer of the caller (the kernel
          alone);
  view    returns the view of the input (the reference for the checks; no
          element moves);
  update  y[index] = v in place (slice.strided_update into the caller's
          writable buffer);
  ew      an element-wise op on the slice, out = s * s + s with s =
          x[index], into a buffer of the caller (a linalg.generic that the
          pipeline maps to blocks of threads).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
import cases  # noqa: E402

MIB = cases.MIB
SIZES = {"256MiB": 256 * MIB, "1GiB": 1024 * MIB}
MATRIX = {"256MiB": (8192, 8192), "1GiB": (16384, 16384)}
TENSOR4 = {"256MiB": (64, 2, 512, 1024), "1GiB": (128, 2, 1024, 1024)}
KINDS = ("into", "view", "update", "ew")


def shape_of(case, size):
    if case in "abcd":
        return MATRIX[size]
    if case == "e":
        return TENSOR4[size]
    return (SIZES[size] // 4,)


def points():
    for case, description, _, index_fn in cases.CASES:
        for size in SIZES:
            shape = shape_of(case, size)
            index = index_fn(shape)
            out = cases.result_shape(shape, index)
            yield case, description, size, shape, index, out


def elementwise(rank, tout):
    """out = s * s + s over every element of `tout`."""
    dims = ", ".join(f"d{i}" for i in range(rank))
    identity = f"affine_map<({dims}) -> ({dims})>"
    iterators = ", ".join(['"parallel"'] * rank)
    return [
        f"  %r = linalg.generic {{indexing_maps = [{identity}, {identity}], "
        f"iterator_types = [{iterators}]}} ins(%s : {tout}) "
        f"outs(%out : {tout}) {{",
        "  ^bb0(%a: f32, %b: f32):",
        "    %m = arith.mulf %a, %a : f32",
        "    %p = arith.addf %m, %a : f32",
        "    linalg.yield %p : f32",
        f"  }} -> {tout}"]


def module():
    lines = []
    for case, _, size, shape, index, out in points():
        tin, tout = cases.tensor_type(shape), cases.tensor_type(out)
        spec = cases.python_notation(index)
        name = f"{case}_{size}"
        emit = " attributes {llvm.emit_c_interface} {"
        writable = "{bufferization.writable = true}"
        lines += [
            f"func.func @{name}_into(%x: {tin}, %out: {tout} {writable}) -> "
            f"{tout}{emit}",
            f"  %s = slice.strided %x{spec} : {tin} to {tout}",
            f"  %r = linalg.copy ins(%s : {tout}) outs(%out : {tout}) -> {tout}",
            f"  return %r : {tout}", "}",
            f"func.func @{name}_view(%x: {tin}) -> {tout}{emit}",
            f"  %r = slice.strided %x{spec} : {tin} to {tout}",
            f"  return %r : {tout}", "}",
            f"func.func @{name}_update(%v: {tout}, %y: {tin} {writable}) -> "
            f"{tin}{emit}",
            f"  %r = slice.strided_update %v into %y{spec} : {tout} into {tin}",
            f"  return %r : {tin}", "}",
            f"func.func @{name}_ew(%x: {tin}, %out: {tout} {writable}) -> "
            f"{tout}{emit}",
            f"  %s = slice.strided %x{spec} : {tin} to {tout}"]
        lines += elementwise(len(out), tout)
        lines += [f"  return %r : {tout}", "}"]
    return "\n".join(lines) + "\n"


def table():
    decls, rows = [], []
    for case, description, size, shape, index, out in points():
        for kind in KINDS:
            args = "void *, void *" if kind == "view" else "void *, void *, void *"
            decls.append(f"void _mlir_ciface_{case}_{size}_{kind}({args});")
        dims = lambda s: "{" + ", ".join(map(str, s)) + "}"
        functions = ", ".join(f"(void *)_mlir_ciface_{case}_{size}_{kind}"
                              for kind in KINDS)
        rows.append(
            f'  {{"{case}", "{description}", "{size}", {len(shape)}, '
            f"{dims(shape)}, {len(out)}, {dims(out) if out else '{0}'}, "
            f"{functions}}}")
    return ("\n".join(decls) + "\n\nstatic const Point points[] = {\n" +
            ",\n".join(rows) + "\n};\n")


if __name__ == "__main__":
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "ours_gpu.mlir"), "w") as f:
        f.write(module())
    with open(os.path.join(out, "points_gpu.h"), "w") as f:
        f.write(table())
