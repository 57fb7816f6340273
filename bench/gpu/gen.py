# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the GPU benchmark's module and the harness's table into a folder:
ours_gpu.mlir (--slice-to-nvvm) and points_gpu.h.

The cases are the CPU benchmark's (bench/cases.py: a-f, f32) on 256 MiB and
1 GiB inputs. Each point has two functions: `into` copies the slice into a
device buffer of the caller (the kernel alone), `view` returns the view of
the input (the reference for the check, and no element moves).
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


def module():
    lines = []
    for case, _, size, shape, index, out in points():
        tin, tout = cases.tensor_type(shape), cases.tensor_type(out)
        spec = cases.python_notation(index)
        lines += [
            f"func.func @{case}_{size}_into(%x: {tin}, %out: {tout} "
            "{bufferization.writable = true}) -> " + tout +
            " attributes {llvm.emit_c_interface} {",
            f"  %s = slice.strided %x{spec} : {tin} to {tout}",
            f"  %r = linalg.copy ins(%s : {tout}) outs(%out : {tout}) -> {tout}",
            f"  return %r : {tout}", "}",
            f"func.func @{case}_{size}_view(%x: {tin}) -> {tout} "
            "attributes {llvm.emit_c_interface} {",
            f"  %r = slice.strided %x{spec} : {tin} to {tout}",
            f"  return %r : {tout}", "}"]
    return "\n".join(lines) + "\n"


def table():
    decls, rows = [], []
    for case, description, size, shape, index, out in points():
        for kind in ("into", "view"):
            args = "void *, void *, void *" if kind == "into" else "void *, void *"
            decls.append(f"void _mlir_ciface_{case}_{size}_{kind}({args});")
        dims = lambda s: "{" + ", ".join(map(str, s)) + "}"
        rows.append(
            f'  {{"{case}", "{description}", "{size}", {len(shape)}, '
            f"{dims(shape)}, {len(out)}, {dims(out) if out else '{0}'}, "
            f"(void *)_mlir_ciface_{case}_{size}_into, "
            f"(void *)_mlir_ciface_{case}_{size}_view}}")
    return ("\n".join(decls) + "\n\nstatic const Point points[] = {\n" +
            ",\n".join(rows) + "\n};\n")


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "ours_gpu.mlir"), "w") as f:
    f.write(module())
with open(os.path.join(out, "points_gpu.h"), "w") as f:
    f.write(table())
