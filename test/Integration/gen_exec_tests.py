#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the executed value tests in test/Integration/CPU/ (lit + FileCheck).

Each generated file is a module whose @main slices iota inputs and prints
the results; its CHECK lines are NumPy's values in printMemref's format.
Every file runs five times: slices as views (tensor.extract_slice), as
dense copies, and as views built by one-shot-bufferize through the op's
BufferizableOpInterface model; then with every copy lowered by the GPU
pipeline's --slice-copies-to-gpu and its kernel loops run on the CPU
(%gpu_loops_on_cpu_*, lit.cfg.py), as copies and as returned views.

Regenerate after changing a case (the files are checked in so that a
reviewer can read them; test/Integration/generated.test fails while they
are stale):
    /usr/bin/python3 test/Integration/gen_exec_tests.py [OUT_DIR]
OUT_DIR defaults to test/Integration/CPU.
"""

import itertools
import os
import re
import sys

import slicegen as g

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "CPU")
INT64_MAX, INT64_MIN, INT32_MAX = 2**63 - 1, -(2**63), 2**31 - 1


def shape_of(ttype):
    *dims, dtype = ttype.split("x")
    return [int(d) for d in dims], dtype


def seed_cases():
    """Every custom-syntax example of the seed pages' lit tests."""
    cases = []
    text = open(os.path.join(ROOT, "test/Dialect/Slice/seeds.mlir")).read()
    for spec, ttype in re.findall(
            r"slice\.strided %\w+\[([^\]]*)\] : tensor<([^>]*)> to", text):
        if "%" in spec:
            continue
        shape, dtype = shape_of(ttype)
        cases.append(g.Case("py", shape, dtype, text=spec))
    text = open(os.path.join(ROOT, "test/Dialect/Slice/seeds-paddle.mlir")).read()
    for axes, starts, ends, strides, ttype in re.findall(
            r"slice\.strided_axes %\w+ axes \[([^\]]*)\] starts \[([^\]]*)\] "
            r"ends \[([^\]]*)\] strides \[([^\]]*)\] : tensor<([^>]*)> to", text):
        if "%" in starts + ends + strides:
            continue
        ints = lambda s: [int(v) for v in s.split(",") if v.strip()]
        shape, dtype = shape_of(ttype)
        cases.append(g.Case("axes", shape, dtype, axes=ints(axes),
                            begin=ints(starts), end=ints(ends),
                            strides=ints(strides)))
    return cases


def mask_cases():
    """Each mask alone and every combination, on one spec, static; the
    valid ones also dynamic."""
    cases = []
    bits = {"begin": 0b0011, "end": 0b0110, "ellipsis": 0b0100,
            "newaxis": 0b1000, "shrink": 0b0001}
    names = list(bits)
    for n in range(len(names) + 1):
        for combo in itertools.combinations(names, n):
            masks = [bits[m] if m in combo else 0 for m in names]
            case = g.Case("raw", [4, 5, 6], "f32", begin=[2, -2, 1, 3],
                          end=[4, 0, 5, 1], strides=[1, -1, 2, -1],
                          masks=masks,
                          comment="masks: " + (", ".join(combo) or "none"))
            if g.numpy_result(case) is not None:
                cases.append(case)
    # Python-style shrink with a negative index, TensorFlow's INT32_MAX and
    # INT64 extremes as "to the end".
    cases.append(g.Case("raw", [5, 7], "f32", begin=[-1, INT64_MIN],
                        end=[0, INT64_MAX], strides=[1, 3],
                        masks=[0, 0, 0, 0, 1]))
    cases.append(g.Case("raw", [5, 7], "f32", begin=[INT32_MAX, 0],
                        end=[-INT32_MAX, INT32_MAX], strides=[-2, 1],
                        masks=[0, 0, 0, 0, 0]))
    return cases


def stride_rank_cases():
    cases = [
        # Negative strides in every dimension, ranks 1 to 4.
        g.Case("py", [9], text="::-1"),
        g.Case("py", [9], text="-2:1:-3"),
        g.Case("py", [4, 5], text="::-1, ::-2"),
        g.Case("py", [4, 5, 6], text="3:0:-1, ::-2, -1:-7:-4"),
        g.Case("py", [3, 4, 5, 2], text="::-2, 2::-1, 4:1:-2, ::-1"),
        # Empty results, static.
        g.Case("py", [6], text="4:2"),
        g.Case("py", [6], text="2:4:-1"),
        g.Case("py", [4, 0, 3], text="1:, :, ::-1"),
        g.Case("py", [5, 3], text="10:, newaxis"),
        # Rank 0.
        g.Case("py", [], text="..."),
        g.Case("py", [], text="newaxis"),
        g.Case("py", [], text="newaxis, ..., newaxis"),
        # Rank 6 (TensorFlow's worked example) and rank 6 with every kind.
        g.Case("py", [5, 5, 5, 5, 5, 5], text="1, 2:4, newaxis, ..., :-3:-1, :"),
        g.Case("py", [2, 3, 2, 3, 2, 3], text="::-1, 1, ..., newaxis, ::2, -1"),
        g.Case("py", [3, 2, 2, 2, 2, 4], text="-1, ::-1, :, ..., 1::-1, newaxis, 1:3"),
    ]
    return cases


def dynamic_cases():
    """Dynamic input shapes and every index a run-time value."""
    cases = []
    for case in stride_rank_cases() + mask_cases()[:8]:
        if case.kind == "py":
            continue
        case.dynamic = True
        cases.append(case)
    raw = lambda shape, b, e, s, m=(0, 0, 0, 0, 0), **kw: g.Case(
        "raw", shape, "f32", dynamic=True, begin=b, end=e, strides=s,
        masks=m, **kw)
    cases += [
        raw([9], [-1], [0], [-1]),                    # negative run-time stride
        raw([9], [7], [1], [-3]),
        raw([4, 6], [3, 5], [0, 0], [-1, -2]),
        raw([4, 6], [1, -1], [2, 0], [1, 1], (0, 0, 0, 0, 1)),  # shrink, -1
        raw([4, 6], [-3, 0], [0, 6], [1, 1], (0, 0, 0, 0, 3)),  # shrinks only
        raw([4, 6], [5, 0], [2, 6], [1, 1]),          # empty at run time
        raw([0, 6], [0, 0], [3, 6], [1, -1]),         # empty input
        raw([5], [INT64_MIN], [INT64_MAX], [2]),      # int64 extremes
        raw([5], [INT64_MAX], [INT64_MIN], [-1]),
        raw([5], [0], [5], [INT64_MIN]),
        raw([3, 4, 5], [0, 1, 0, 2], [0, 3, 0, 0], [1, 1, 1, -2],
            (0, 0, 0b0100, 0b0001, 0)),                # newaxis + ellipsis
    ]
    return cases


def axes_offset_cases():
    cases = []
    axes = lambda shape, a, b, e, s, **kw: g.Case(
        "axes", shape, "f32", axes=a, begin=b, end=e, strides=s, **kw)
    for dynamic in (False, True):
        cases += [
            axes([3, 4, 5], [0, 2], [1, -1], [3, 0], [1, -1], dynamic=dynamic),
            axes([3, 4, 5], [-1], [10], [-10], [-2], dynamic=dynamic),
            axes([3, 4, 5], [2, 0], [0, 5], [INT64_MAX, -5], [3, -1],
                 dynamic=dynamic),
            axes([6, 2], [], [], [], [], dynamic=dynamic),
            # What importers leave out: axes (the first dimensions) and
            # strides (all 1), as ONNX Slice and Paddle write them.
            axes([3, 4, 5], [0, 1], [1, -1], [3, 0], [1, 1],
                 default_axes=True, default_strides=True, dynamic=dynamic),
            axes([6, 2], [0], [-1], [-7], [-2], default_axes=True,
                 dynamic=dynamic),
            axes([6, 2], [1], [1], [2], [1], default_strides=True,
                 dynamic=dynamic),
        ]
    off = lambda shape, b, e, s, m=(0, 0, 0, 0, 0), **kw: g.Case(
        "raw", shape, "f32", begin=b, end=e, strides=s, masks=m, offset=True,
        **kw)
    for dynamic in (False, True):
        cases += [
            off([16], [3], [4], [1], dynamic=dynamic),
            off([16], [-2], [-5], [-3], dynamic=dynamic),
            off([4, 8], [1, 7], [2, -8], [1, -1], dynamic=dynamic),
            off([4, 8], [0, 5], [3, 0], [1, 2], (0, 0b10, 0, 0, 0),
                dynamic=dynamic),
            off([4, 8], [2, 0], [0, 3], [1, 2], (0, 0, 0, 0, 1),
                dynamic=dynamic),
        ]
    return cases


def element_type_cases():
    cases = []
    for dtype in ["i1", "i8", "i32", "i64", "f16", "f32", "f64"]:
        cases.append(g.Case("py", [6, 7], dtype, text="::-2, 1::3"))
        cases.append(g.Case("py", [3, 4, 5], dtype, text="1, newaxis, ..., ::-1"))
        cases.append(g.Case("raw", [6, 7], dtype, dynamic=True,
                            begin=[5, 0], end=[0, 7], strides=[-2, 3]))
    # i8 values wrap (iota mod 256), f16 past 2048 rounds: both as NumPy.
    cases.append(g.Case("py", [300], "i8", text="120:140:3"))
    cases.append(g.Case("py", [4100], "f16", text="2045:2056:2"))
    return cases


FILES = {
    "seeds": ("Every example of the seed pages, executed.", seed_cases),
    "masks": ("Each mask alone, every combination, extreme values.",
              mask_cases),
    "strides-ranks": ("Negative strides in every dimension, empty results, "
                      "rank 0 and rank 6.", stride_rank_cases),
    "dynamic": ("Dynamic input shapes and run-time begin / end / strides "
                "(no_inline callees), negative strides known only at run "
                "time.", dynamic_cases),
    "axes-offset": ("The axes form and TFLite offset mode, static and "
                    "dynamic.", axes_offset_cases),
    "element-types": ("Element types i1, i8, i32, i64, f16, f32, f64.",
                      element_type_cases),
}


def check_lines(case, result):
    sizes = ", ".join(str(d) for d in result.shape)
    header = (f"// CHECK: rank = {result.ndim} offset = {{{{-?[0-9]+}}}} "
              f"sizes = {{{{\\[}}}}{sizes}] strides = ")
    lines = [header]
    for line in g.printed_lines(result, case.dtype):
        escaped = line.strip().replace("[", "{{\\[}}")
        lines.append(f"// CHECK-NEXT: {escaped}")
    return lines


def write(name, title, make_cases):
    builder = g.ModuleBuilder()
    checks = []
    for case in make_cases():
        result = g.numpy_result(case)
        if result is None:
            raise SystemExit(f"{name}: invalid case {case.describe()}")
        builder.add(case, list(result.shape))
        checks.append(f"// case {builder.count - 1}: {case.describe()}")
        checks += check_lines(case, result)
    path = os.path.join(OUT, f"{name}.mlir")
    with open(path, "w") as f:
        f.write(
            "// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s\n"
            "// RUN: slice-opt %s --slice-to-llvm=slices=copy | %mlir_run | "
            "FileCheck %s\n"
            "// RUN: slice-opt %s '--slice-to-llvm=via-bufferization=true' | "
            "%mlir_run | FileCheck %s\n"
            "// RUN: slice-opt %s %gpu_loops_on_cpu_copies | %mlir_run | "
            "FileCheck %s\n"
            "// RUN: slice-opt %s %gpu_loops_on_cpu_views | %mlir_run | "
            "FileCheck %s\n//\n"
            f"// {title}\n"
            "// Generated by test/Integration/gen_exec_tests.py (values from "
            "NumPy); do not edit.\n\n")
        f.write(builder.text())
        f.write("\n" + "\n".join(checks) + "\n")
    return builder.count


# Element types TOSA's data-layout operators take (not f64).
TOSA_TYPES = {"i1", "i8", "i32", "i64", "f16", "f32"}


def tosa_cases():
    """Every static case of the files above that TOSA can express: a
    non-empty result, an element type TOSA has."""
    cases = []
    for _, make_cases in FILES.values():
        for case in make_cases():
            result = g.numpy_result(case)
            if (not case.dynamic and case.dtype in TOSA_TYPES
                    and result is not None and result.size > 0):
                cases.append(case)
    return cases


def write_tosa():
    """tosa-interop.mlir: the TOSA cases through both routes."""
    builder = g.ModuleBuilder()
    checks = []
    for case in tosa_cases():
        result = g.numpy_result(case)
        builder.add(case, list(result.shape))
        checks.append(f"// case {builder.count - 1}: {case.describe()}")
        checks += check_lines(case, result)
    path = os.path.join(OUT, "tosa-interop.mlir")
    with open(path, "w") as f:
        f.write(
            "// RUN: slice-opt %s --slice-to-llvm | %mlir_run | FileCheck %s\n"
            "// RUN: slice-opt %s --convert-slice-to-tosa | FileCheck %s "
            "--check-prefix=TOSA\n"
            "// RUN: slice-opt %s --convert-slice-to-tosa "
            "--tosa-to-linalg-pipeline --tosa-to-tensor --tosa-to-arith "
            "--slice-to-llvm | %mlir_run | FileCheck %s\n//\n"
            "// The static cases of the value tests that TOSA can express "
            "(non-empty results,\n"
            "// no f64), computed by slice's own lowering and by "
            "--convert-slice-to-tosa\n"
            "// followed by upstream's TOSA lowerings (TOSA-to-linalg, "
            "-tensor, -arith): both\n// must print NumPy's values.\n"
            "// Generated by test/Integration/gen_exec_tests.py; do not "
            "edit.\n\n"
            "// TOSA: func.func @main\n"
            "// TOSA-NOT: slice.strided\n\n")
        f.write(builder.text())
        f.write("\n" + "\n".join(checks) + "\n")
    return builder.count


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (title, make_cases) in FILES.items():
        print(f"{name}: {write(name, title, make_cases)} cases")
    print(f"tosa-interop: {write_tosa()} cases")


if __name__ == "__main__":
    main()
