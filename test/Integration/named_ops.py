#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The linalg named ops that importers emit, each on a slice, through a
route, compared with NumPy: one row of docs/lowering.md's table each.

Every case is a public function of f32 inputs whose first input is sliced
(a reversed or strided view) before the op; the generated C driver of
program_differential.py calls it with buffers it owns, filled with
input_array's values, and prints each result, which is compared with the
same computation in NumPy (relative tolerance 1e-5).

Routes (--route): cpu (scripts/compile-aot.sh, --slice-to-llvm) and gpu
(scripts/compile-gpu-aot.sh, --slice-to-nvvm, run on the emulated device
with --emulated-device, or a GPU).

Prints `OP: ok` or `MISMATCH OP: ...` per case and `N ops (ROUTE): M
mismatches`; exits 1 on any.
"""

import argparse
import os
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import program_differential as pd  # noqa: E402


def t(shape):
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def fill(name, shape, value="0.0"):
    return (f"  %{name}e = tensor.empty() : {t(shape)}\n"
            f"  %{name}c = arith.constant {value} : f32\n"
            f"  %{name} = linalg.fill ins(%{name}c : f32) outs(%{name}e : "
            f"{t(shape)}) -> {t(shape)}\n")


def softmax_np(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def conv_np(x, w):
    n, h, wd, c = x.shape
    kh, kw, _, f = w.shape
    out = np.zeros((n, h - kh + 1, wd - kw + 1, f), dtype=np.float64)
    for i in range(out.shape[1]):
        for j in range(out.shape[2]):
            patch = x[:, i:i + kh, j:j + kw, :]
            out[:, i, j, :] = np.tensordot(patch, w, axes=([1, 2, 3],
                                                            [0, 1, 2]))
    return out


def pool_np(x, k, stride, op):
    n, h, wd, c = x.shape
    oh, ow = (h - k) // stride + 1, (wd - k) // stride + 1
    out = np.zeros((n, oh, ow, c))
    for i in range(oh):
        for j in range(ow):
            win = x[:, i * stride:i * stride + k, j * stride:j * stride + k, :]
            out[:, i, j, :] = op(win, axis=(1, 2))
    return out


def pooling_case(kind, init, reduce):
    """linalg.pooling_nhwc_KIND of a 2x2 window, stride 2, on x[:, ::-1,
    ::2, :] of x 1x8x8x2."""
    return ([[1, 8, 8, 2]], "[:, ::-1, ::2, :]", [1, 8, 4, 2],
            lambda: fill("f", [1, 4, 2, 2], init) +
            "  %k = tensor.empty() : tensor<2x2xf32>\n"
            f"  %r = linalg.pooling_nhwc_{kind} {{dilations = dense<1> : "
            "tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%s, %k "
            ": tensor<1x8x4x2xf32>, tensor<2x2xf32>) outs(%f : "
            "tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>\n", [1, 4, 2, 2],
            lambda s: pool_np(s, 2, 2, reduce))


# name: (input shapes, MLIR body (inputs %x0.. of f32, the slice %s of
# %x0), result shape, NumPy of the sliced first input and the others)
CASES = {
    "matmul": ([[6, 8], [4, 5]], "[::2, ::-2]", [3, 4],
               lambda: fill("f", [3, 5]) +
               "  %r = linalg.matmul ins(%s, %x1 : tensor<3x4xf32>, "
               "tensor<4x5xf32>) outs(%f : tensor<3x5xf32>) -> "
               "tensor<3x5xf32>\n", [3, 5], lambda s, b: s @ b),
    "batch_matmul": ([[2, 6, 3], [2, 3, 4]], "[:, ::-2]", [2, 3, 3],
                     lambda: fill("f", [2, 3, 4]) +
                     "  %r = linalg.batch_matmul ins(%s, %x1 : "
                     "tensor<2x3x3xf32>, tensor<2x3x4xf32>) outs(%f : "
                     "tensor<2x3x4xf32>) -> tensor<2x3x4xf32>\n", [2, 3, 4],
                     lambda s, b: s @ b),
    "matvec": ([[5, 8], [4]], "[::-1, ::2]", [5, 4],
               lambda: fill("f", [5]) +
               "  %r = linalg.matvec ins(%s, %x1 : tensor<5x4xf32>, "
               "tensor<4xf32>) outs(%f : tensor<5xf32>) -> tensor<5xf32>\n",
               [5], lambda s, v: s @ v),
    "contract": ([[6, 8], [4, 5]], "[::2, ::-2]", [3, 4],
                 lambda: fill("f", [3, 5]) +
                 "  %r = linalg.contract indexing_maps = [affine_map<(m, n, "
                 "k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, "
                 "affine_map<(m, n, k) -> (m, n)>] ins(%s, %x1 : "
                 "tensor<3x4xf32>, tensor<4x5xf32>) outs(%f : "
                 "tensor<3x5xf32>) -> tensor<3x5xf32>\n", [3, 5],
                 lambda s, b: s @ b),
    "conv_2d_nhwc_hwcf": ([[1, 10, 10, 2], [3, 3, 2, 4]], "[:, ::2, ::-2, :]",
                          [1, 5, 5, 2],
                          lambda: fill("f", [1, 3, 3, 4]) +
                          "  %r = linalg.conv_2d_nhwc_hwcf {dilations = "
                          "dense<1> : tensor<2xi64>, strides = dense<1> : "
                          "tensor<2xi64>} ins(%s, %x1 : tensor<1x5x5x2xf32>, "
                          "tensor<3x3x2x4xf32>) outs(%f : "
                          "tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>\n",
                          [1, 3, 3, 4], conv_np),
    "pooling_nhwc_max": pooling_case("max", "-3.0e38", np.max),
    "pooling_nhwc_sum": pooling_case("sum", "0.0", np.sum),
    "reduce": ([[4, 7]], "[::-1, 1::2]", [4, 3],
               lambda: fill("f", [4]) +
               "  %r = linalg.reduce ins(%s : tensor<4x3xf32>) outs(%f : "
               "tensor<4xf32>) dimensions = [1]\n"
               "    (%in: f32, %acc: f32) {\n"
               "      %a = arith.addf %in, %acc : f32\n"
               "      linalg.yield %a : f32\n    }\n", [4],
               lambda s: s.sum(axis=1)),
    "map": ([[4, 6], [4, 3]], "[:, ::-2]", [4, 3],
            lambda: "  %e = tensor.empty() : tensor<4x3xf32>\n"
            "  %r = linalg.map ins(%s, %x1 : tensor<4x3xf32>, "
            "tensor<4x3xf32>) outs(%e : tensor<4x3xf32>)\n"
            "    (%a: f32, %b: f32, %o: f32) {\n"
            "      %m = arith.mulf %a, %b : f32\n"
            "      linalg.yield %m : f32\n    }\n", [4, 3],
            lambda s, y: s * y),
    "elementwise": ([[4, 6], [4, 3]], "[:, ::-2]", [4, 3],
                    lambda: "  %e = tensor.empty() : tensor<4x3xf32>\n"
                    "  %r = linalg.elementwise kind=#linalg.elementwise_kind"
                    "<sub> ins(%s, %x1 : tensor<4x3xf32>, tensor<4x3xf32>) "
                    "outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>\n",
                    [4, 3], lambda s, y: s - y),
    "broadcast": ([[4, 6]], "[::-1, ::2]", [4, 3],
                  lambda: "  %e = tensor.empty() : tensor<4x2x3xf32>\n"
                  "  %r = linalg.broadcast ins(%s : tensor<4x3xf32>) outs(%e "
                  ": tensor<4x2x3xf32>) dimensions = [1]\n", [4, 2, 3],
                  lambda s: np.broadcast_to(s[:, None, :], (4, 2, 3))),
    "transpose": ([[4, 6]], "[::-1, ::2]", [4, 3],
                  lambda: "  %e = tensor.empty() : tensor<3x4xf32>\n"
                  "  %r = linalg.transpose ins(%s : tensor<4x3xf32>) outs(%e "
                  ": tensor<3x4xf32>) permutation = [1, 0]\n", [3, 4],
                  lambda s: s.T),
    "fill": ([[4, 6]], "[::-1, ::2]", [4, 3],
             lambda: fill("f", [4, 3], "2.5") +
             "  %r = arith.addf %s, %f : tensor<4x3xf32>\n", [4, 3],
             lambda s: s + 2.5),
    "copy": ([[4, 6]], "[::-1, ::-2]", [4, 3],
             lambda: "  %e = tensor.empty() : tensor<4x3xf32>\n"
             "  %r = linalg.copy ins(%s : tensor<4x3xf32>) outs(%e : "
             "tensor<4x3xf32>) -> tensor<4x3xf32>\n", [4, 3], lambda s: s),
    "softmax": ([[4, 8]], "[:, ::-2]", [4, 4],
                lambda: "  %e = tensor.empty() : tensor<4x4xf32>\n"
                "  %r = linalg.softmax dimension(1) ins(%s : "
                "tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> "
                "tensor<4x4xf32>\n", [4, 4], lambda s: softmax_np(s, 1)),
    # Masked positions (-inf, -100 and the float32 minimum, as attention
    # masks write them): exp's edges, 0 where masked (NumPy's values).
    "softmax_masked": ([[4, 8]], "[:, ::-2]", [4, 4],
                       lambda: "  %mask = arith.constant dense<[0.0, "
                       "0xFF800000, -100.0, 0xFF7FFFFF]> : tensor<4xf32>\n"
                       "  %b = tensor.empty() : tensor<4x4xf32>\n"
                       "  %m = linalg.broadcast ins(%mask : tensor<4xf32>) "
                       "outs(%b : tensor<4x4xf32>) dimensions = [0]\n"
                       "  %a = arith.addf %s, %m : tensor<4x4xf32>\n"
                       "  %e = tensor.empty() : tensor<4x4xf32>\n"
                       "  %r = linalg.softmax dimension(1) ins(%a : "
                       "tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> "
                       "tensor<4x4xf32>\n", [4, 4],
                       lambda s: softmax_np(s + MASK[None, :], 1)),
}

MASK = np.array([0.0, -np.inf, -100.0, np.finfo(np.float32).min])


def steps_of(case):
    """The values of the index arguments %s0, %s1, ... a case's slice
    names (run-time steps), its optional seventh entry."""
    return case[6] if len(case) > 6 else []


def function(name, case):
    shapes, spec, sliced, body, result = case[:5]
    params = ", ".join([f"%x{k}: {t(s)}" for k, s in enumerate(shapes)] +
                       [f"%s{k}: index" for k in range(len(steps_of(case)))])
    return (f"func.func @{name}({params}) -> {t(result)} attributes "
            f"{{llvm.emit_c_interface}} {{\n"
            f"  %s = slice.strided %x0{spec} : {t(shapes[0])} to "
            f"{t(sliced)}\n" + body() + f"  return %r : {t(result)}\n}}\n")


def program(cases, device):
    """The module of `cases` (name: case) and the C driver that calls each
    with buffers it owns and prints its result."""
    funcs, decls, calls = [], [], []
    for name, case in cases.items():
        shapes, result = case[0], case[4]
        funcs.append(function(name, case))
        params = ", ".join([f"M{len(result)} *"] +
                           [f"M{len(s)} *" for s in shapes] +
                           ["int64_t"] * len(steps_of(case)))
        decls.append(f"void _mlir_ciface_{name}({params});")
        call = [f"  {{ /* {name} */"]
        for k, s in enumerate(shapes):
            dims = ", ".join(map(str, s))
            call.append(f"    M{len(s)} in{k}; make_input((void *)&in{k}, "
                        f"{len(s)}, (const int64_t[]){{{dims}}}, {k + 1});")
        call.append(f"    M{len(result)} out;")
        args = ", ".join(["&out"] + [f"&in{k}" for k in range(len(shapes))] +
                         [str(v) for v in steps_of(case)])
        call.append(f"    _mlir_ciface_{name}({args});")
        call.append(f"    print_result((void *)&out, {len(result)});")
        call.append("  }")
        calls.append("\n".join(call))
    rank = max(max(len(s) for s in case[0] + [case[4]])
               for case in cases.values())
    return "\n".join(funcs), pd.make_driver(decls, calls, device, False, rank)


def expected(case):
    shapes, spec, _, _, _, numpy = case[:6]
    inputs = [pd.input_array(s, k + 1).astype(np.float64)
              for k, s in enumerate(shapes)]
    for k, value in enumerate(steps_of(case)):
        spec = spec.replace(f"%s{k}", str(value))
    sliced = eval(f"inputs[0]{spec}", {"inputs": inputs})
    return np.asarray(numpy(sliced, *inputs[1:]), dtype=np.float64)


def check(args, cases, device):
    """Compiles and runs `cases` (args: the route's options), prints `NAME:
    ok` or `MISMATCH NAME: ...` for each, and returns the mismatches."""
    module, driver = program(cases, device)
    with tempfile.TemporaryDirectory() as work:
        printed, problems = pd.compile_and_run(args, module, driver, work,
                                               args.options, device)
    if problems:
        print("MISMATCH (all): " + problems[0][:3000])
        return len(cases)
    bad = 0
    results = pd.parse_printed(printed)
    for (name, case), (sizes, values) in zip(cases.items(), results):
        want = expected(case)
        ok = sizes == list(want.shape) and np.allclose(
            np.asarray(values, dtype=np.float64), want.ravel(),
            rtol=1e-5, atol=1e-6)
        print(f"{name}: ok" if ok else
              f"MISMATCH {name}: got {sizes} {values[:8]}, NumPy "
              f"{list(want.shape)} {want.ravel()[:8].tolist()}")
        bad += not ok
    return bad


def cases_main(doc, cases):
    """The command line of a script of cases (reversed_elementwise.py,
    strided_reductions.py): SLICE_OPT [--options O] [--build-dir D]
    [--route gpu --emulated-device LIB]; prints `N programs (OPTIONS): M
    mismatches` (`(gpu, OPTIONS)` on the GPU route) and returns the exit
    status."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("--options", default="")
    parser.add_argument("--build-dir")
    parser.add_argument("--route", choices=["cpu", "gpu"], default="cpu")
    parser.add_argument("--emulated-device")
    args = parser.parse_args()
    bad = check(args, cases, args.route == "gpu")
    mode = args.options or "default"
    if args.route == "gpu":
        mode = f"gpu, {mode}"
    print(f"{len(cases)} programs ({mode}): {bad} mismatches")
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slice_opt")
    parser.add_argument("--route", choices=["cpu", "gpu"], default="cpu")
    parser.add_argument("--options", default="")
    parser.add_argument("--build-dir")
    parser.add_argument("--emulated-device")
    args = parser.parse_args()
    bad = check(args, CASES, args.route == "gpu")
    print(f"{len(CASES)} ops ({args.route}): {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
