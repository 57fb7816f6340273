#!/usr/bin/env python3
# Part of the slice project, under the Apache License v2.0 with LLVM
# Exceptions. See the LICENSE file for license information.
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regenerates the generated parts of the user guide (docs/guide.md keeps
its hand-written text around them):

  docs/guide-pictures.md  the seed examples drawn: each input's elements,
                          marked with their position in the result (NumPy)
  docs/guide-passes.md    every pass and pipeline on a small input, the IR
                          before and after (the built slice-opt)

Usage: /usr/bin/python3 docs/tools/gen_guide.py [build/bin/slice-opt [OUT_DIR]]
OUT_DIR defaults to docs/ (test/Docs/docs.test writes elsewhere and
compares: the checked-in pages must be up to date).
"""

import os
import re
import subprocess
import sys

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SLICE_OPT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    ROOT, "build", "bin", "slice-opt")
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs")

# (title, source, shape, NumPy index text, slice.strided text)
PICTURES = [
    ("Seed 000 (TensorFlow Python): `t[1:2, -1:-3:-1, 0:3]` on 3x2x3, the "
     "page's third call with its lost minus signs restored",
     (3, 2, 3), "1:2, -1:-3:-1, 0:3", None),
    ("Seed 001 (TensorFlow Java): `v[-2::-1]` on 4 elements", (4,), "-2::-1",
     None),
    ("Seed 001: `w[:4, newaxis, :2]` on 5x6 (a new axis of size 1)", (5, 6),
     ":4, None, :2", None),
    ("Seed 001: `w[2, :]` on 5x6 (an index shrinks the dimension)", (5, 6),
     "2, :", None),
    ("Seed 002 (MindSpore): `x[2:, :3, :]` on 5x6x7 (drawn: planes 1 to 3 "
     "of the 5)", (5, 6, 7), "2:, :3, :", (1, 4)),
    ("Seeds 003/004 (Paddle): `axes=[0, 1] starts=[0, 1] ends=[2, 0] "
     "strides=[1, -1]` on data = [[1, 2, 3, 4], [5, 6, 7, 8]], which is "
     "`data[0:2, 1:0:-1]`", (2, 4), "0:2, 1:0:-1", None),
]


def picture(shape, text, shown):
    x = np.arange(int(np.prod(shape))).reshape(shape)
    index = eval(f"np.index_exp[{text}]", {"np": np})
    result = x[index]
    order = {int(v): k for k, v in enumerate(result.ravel())}
    lines = [f"x[{text.replace('None', 'newaxis')}] has shape "
             f"{tuple(result.shape)}; each input element shows its flat "
             "index, and `=k` its position in the result (row-major):", ""]
    grid = x if x.ndim > 1 else x.reshape(1, -1)
    planes = grid.reshape(-1, grid.shape[-2], grid.shape[-1])
    first = shown[0] if shown else 0
    if shown:
        planes = planes[shown[0]:shown[1]]
    width = max(len(f"{v}={order[v]}") for v in order) + 1 if order else 3
    lines.append("```")
    for p, plane in enumerate(planes):
        if len(planes) > 1:
            lines.append(f"plane {first + p}:")
        for row in plane:
            cells = []
            for v in row:
                v = int(v)
                cell = f"{v}={order[v]}" if v in order else f"{v}"
                cells.append(cell.rjust(width))
            lines.append(" ".join(cells))
    lines.append("```")
    lines.append(f"Result (NumPy): `{result.tolist()}`")
    return lines


# (pass, what it shows, input, slice-opt arguments)
PASSES = [
    ("--slice-normalize", "masks, negative indices and clamping resolved "
     "into the explicit per-dimension normal form (offset mode)",
     """func.func @f(%x: tensor<5x6xf32>) -> tensor<2x3xf32> {
  %r = slice.strided %x[-4:-1:2, ::-2] : tensor<5x6xf32> to tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}""", ["--slice-normalize"]),
    ("--slice-normalize (dynamic)", "run-time values: the semantics "
     "library's formula as arith ops, and a run-time check as cf.assert",
     """func.func @f(%x: tensor<?xf32>, %b: index, %s: index) -> tensor<?xf32> {
  %r = slice.strided %x[%b::%s] : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}""", ["--slice-normalize", "--canonicalize"]),
    ("--canonicalize", "slice.strided_axes into slice.strided, and a slice "
     "of a slice into one slice",
     """func.func @f(%x: tensor<8x8xf32>) -> tensor<2x4xf32> {
  %a = slice.strided_axes %x axes [0] starts [1] ends [7] strides [2] : tensor<8x8xf32> to tensor<3x8xf32>
  %b = slice.strided %a[1:, ::2] : tensor<3x8xf32> to tensor<2x4xf32>
  return %b : tensor<2x4xf32>
}""", ["--canonicalize"]),
    ("--slice-fold-constants", "a slice of a constant folded, whatever "
     "its size (the folder stops at a size limit)",
     """func.func @f() -> tensor<2xi32> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = slice.strided %c[::-2] : tensor<4xi32> to tensor<2xi32>
  return %r : tensor<2xi32>
}""", ["--slice-fold-constants"]),
    ("--convert-slice-to-tensor", "a view: tensor.extract_slice (negative "
     "strides, rank-reducing for an index) and tensor.expand_shape for a new "
     "axis",
     """func.func @f(%x: tensor<5x6xf32>) -> tensor<3x1xf32> {
  %r = slice.strided %x[::-2, 1, newaxis] : tensor<5x6xf32> to tensor<3x1xf32>
  return %r : tensor<3x1xf32>
}""", ["--convert-slice-to-tensor", "--canonicalize"]),
    ("--convert-slice-to-linalg", "the same view copied into a dense tensor",
     """func.func @f(%x: tensor<5x6xf32>) -> tensor<5x3xf32> {
  %r = slice.strided %x[:, ::2] : tensor<5x6xf32> to tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}""", ["--convert-slice-to-linalg", "--canonicalize"]),
    ("--slice-lower-copies", "a copy out of a reversed view as vector loops "
     "in a shared copy function (CPU)",
     """func.func @f(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %v = memref.subview %x[0, 63] [4, 64] [1, -1] : memref<4x64xf32> to memref<4x64xf32, strided<[64, -1], offset: 63>>
  memref.copy %v, %y : memref<4x64xf32, strided<[64, -1], offset: 63>> to memref<4x64xf32>
  return
}""", ["--slice-lower-copies", "--canonicalize"]),
    ("--slice-copies-to-gpu", "the same copy as GPU-mapped parallel loops: "
     "one 16-byte chunk per thread, the host picking the aligned kernel",
     """func.func @f(%x: memref<4x64xf32>, %y: memref<4x64xf32>) {
  %v = memref.subview %x[0, 63] [4, 64] [1, -1] : memref<4x64xf32> to memref<4x64xf32, strided<[64, -1], offset: 63>>
  memref.copy %v, %y : memref<4x64xf32, strided<[64, -1], offset: 63>> to memref<4x64xf32>
  return
}""", ["--slice-copies-to-gpu", "--cse"]),
    ("--slice-device-buffers", "buffers in device memory; a temporary freed",
     """func.func @f(%x: memref<8xf32>) -> memref<4xf32> {
  %t = memref.alloc() : memref<8xf32>
  %r = memref.alloc() : memref<4xf32>
  %v = memref.subview %t[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  memref.copy %v, %r : memref<4xf32, strided<[2]>> to memref<4xf32>
  return %r : memref<4xf32>
}""", ["--pass-pipeline=builtin.module(func.func(slice-device-buffers))"]),
    ("--slice-merge-kernel-modules", "the kernels that outlining put in a "
     "module each, in one: one back end run and one ptxas call",
     """module attributes {gpu.container_module} {
  gpu.module @f_kernel {
    gpu.func @f_kernel() kernel { gpu.return }
  }
  gpu.module @f_kernel_0 {
    gpu.func @f_kernel() kernel { gpu.return }
  }
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @f_kernel::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @f_kernel_0::@f_kernel blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}""", ["--slice-merge-kernel-modules"]),
    ("--slice-dense-arguments", "an entry point's arguments dense, so its "
     "slices get static strides",
     """func.func @f(%x: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32, strided<[?, ?], offset: ?>> {
  %v = memref.subview %x[0, 0] [4, 4] [1, 2] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  return %v : memref<4x4xf32, strided<[?, ?], offset: ?>>
}""", ["--slice-dense-arguments", "--canonicalize"]),
    ("--slice-specialize-dense-arguments", "an entry point's dense path: "
     "a copy of the body whose arguments have dense strides, taken when the "
     "caller's buffer is dense, so that the loop reads a view of static "
     "strides",
     """func.func @f(%x: memref<4x8xf32, strided<[?, ?], offset: ?>>) -> memref<4x4xf32> {
  %v = memref.subview %x[3, 0] [4, 4] [-1, 2] : memref<4x8xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %r = memref.alloc() : memref<4x4xf32>
  memref.copy %v, %r : memref<4x4xf32, strided<[?, ?], offset: ?>> to memref<4x4xf32>
  return %r : memref<4x4xf32>
}""", ["--slice-specialize-dense-arguments", "--canonicalize"]),
    ("--slice-propagate", "a slice of an element-wise producer becomes the "
     "producer on slices of its inputs: `(exp(x) * 2)[::2, 1:-1]` computes "
     "the 4x6 elements read, not all 64",
     """func.func @f(%x: tensor<8x8xf32>) -> tensor<4x6xf32> {
  %e = math.exp %x : tensor<8x8xf32>
  %two = arith.constant dense<2.0> : tensor<8x8xf32>
  %m = arith.mulf %e, %two : tensor<8x8xf32>
  %r = slice.strided %m[::2, 1:-1] : tensor<8x8xf32> to tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}""", ["--slice-propagate"]),
    ("--slice-split-concat-consumers", "relu of a concat becomes a concat "
     "of relus, one per operand, so that the concat joins final values and "
     "each part is written once",
     """func.func @f(%a: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<8xf32> {
  %c = tensor.concat dim(0) %a, %b : (tensor<3xf32>, tensor<5xf32>) -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%c : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %v = arith.maximumf %x, %z : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}""", ["--slice-split-concat-consumers"]),
    ("--slice-reuse-input-buffers", "a result written into the buffer of "
     "an input that dies there (a temporary here), instead of a fresh one",
     """func.func @f(%x: tensor<8xf32> {bufferization.writable = false}) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = math.exp %a : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %u = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %v = arith.negf %a : f32
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %u : tensor<8xf32>
}""", ["--slice-reuse-input-buffers"]),
    ("--slice-protect-view-reads", "a copy of a reversed view of a value "
     "into the tensor that value was computed into becomes an element-wise "
     "generic, whose in-place check one-shot-bufferize makes soundly",
     """func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.copy ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = tensor.extract_slice %y[7] [8] [-1] : tensor<8xf32> to tensor<8xf32>
  %z = linalg.copy ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %z : tensor<8xf32>
}""", ["--slice-protect-view-reads"]),
    ("--convert-slice-to-tosa", "a static slice as TOSA: window, the reshape "
     "trick for stride 2, a reverse",
     """func.func @f(%x: tensor<6x8xf32>) -> tensor<3x8xf32> {
  %r = slice.strided %x[::2, ::-1] : tensor<6x8xf32> to tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}""", ["--convert-slice-to-tosa"]),
    ("--convert-tosa-to-slice", "tosa.slice and tosa.reverse raised to "
     "slice.strided, and folded into one slice",
     """func.func @f(%x: tensor<10x8xf32>) -> tensor<4x8xf32> {
  %s = tosa.const_shape {values = dense<[3, 0]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %z = tosa.const_shape {values = dense<[4, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.slice %x, %s, %z : (tensor<10x8xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x8xf32>
  %v = tosa.reverse %r {axis = 1 : i32} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %v : tensor<4x8xf32>
}""", ["--convert-tosa-to-slice", "--canonicalize"]),
    ("--convert-tf-to-slice", "TensorFlow's StridedSlice (a run-time begin) "
     "and Slice + ReverseV2, which canonicalize into one slice; "
     "`--convert-frameworks-to-slice` runs every front door "
     "([frontdoors.md](frontdoors.md))",
     """func.func @f(%x: tensor<4x6xf32>, %b: tensor<2xi32>) -> (tensor<?x3xf32>, tensor<2x6xf32>) {
  %e = "tf.Const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 2 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x3xf32>
  %w = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %n = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Slice"(%x, %w, %n) : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x6xf32>
  %1 = "tf.ReverseV2"(%0, %a) : (tensor<2x6xf32>, tensor<1xi32>) -> tensor<2x6xf32>
  return %r, %1 : tensor<?x3xf32>, tensor<2x6xf32>
}""", ["--allow-unregistered-dialect", "--convert-tf-to-slice",
       "--canonicalize"]),
    ("--convert-tfl-to-slice", "TFLite's strided_slice in offset mode (a "
     "run-time begin, a static result) and a shrink index past the end, "
     "clamped as TFLite's kernel does",
     """func.func @f(%x: tensor<16x4xf32>, %b: tensor<2xi32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %e = "tfl.pseudo_const"() <{value = dense<[4, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %s = "tfl.pseudo_const"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
  %r = "tfl.strided_slice"(%x, %b, %e, %s) <{begin_mask = 2 : i32, end_mask = 2 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 0 : i32, offset = true}> : (tensor<16x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x4xf32>
  %i = "tfl.pseudo_const"() <{value = dense<[20, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %t = "tfl.strided_slice"(%x, %i, %i, %s) <{begin_mask = 2 : i32, end_mask = 2 : i32, ellipsis_mask = 0 : i32, new_axis_mask = 0 : i32, shrink_axis_mask = 1 : i32, offset = false}> : (tensor<16x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  return %r, %t : tensor<4x4xf32>, tensor<4xf32>
}""", ["--allow-unregistered-dialect", "--convert-tfl-to-slice"]),
    ("--convert-stablehlo-to-slice", "JAX's `x[::-1, 1:5:2]` (slice + "
     "reverse) into one slice, and a dynamic_slice whose start is clamped "
     "to `[0, dim - size]`",
     """func.func @f(%x: tensor<4x6xf32>, %i: tensor<i32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 4, 5>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<4x6xf32>) -> tensor<4x2xf32>
  %1 = "stablehlo.reverse"(%0) <{dimensions = array<i64: 0>}> : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %z = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
  %2 = "stablehlo.dynamic_slice"(%x, %z, %i) <{slice_sizes = array<i64: 4, 2>}> : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<4x2xf32>
  return %1, %2 : tensor<4x2xf32>, tensor<4x2xf32>
}""", ["--allow-unregistered-dialect", "--convert-stablehlo-to-slice",
       "--canonicalize"]),
    ("--convert-onnx-to-slice", "an ONNX Slice with `none` axes and steps "
     "operands, and a reversal to INT64_MIN on a negative axis",
     """func.func @f(%x: tensor<4x6xf32>) -> (tensor<2x6xf32>, tensor<4x6xf32>) {
  %s = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %none = "onnx.NoValue"() {value} : () -> none
  %0 = "onnx.Slice"(%x, %s, %e, %none, %none) : (tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64>, none, none) -> tensor<2x6xf32>
  %m = "onnx.Constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %f = "onnx.Constant"() {value = dense<-9223372036854775808> : tensor<1xi64>} : () -> tensor<1xi64>
  %1 = "onnx.Slice"(%x, %m, %f, %m, %m) : (tensor<4x6xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4x6xf32>
  return %0, %1 : tensor<2x6xf32>, tensor<4x6xf32>
}""", ["--allow-unregistered-dialect", "--convert-onnx-to-slice"]),
    ("--convert-torch-to-slice", "torch's functionalized `x[1:3] = v` "
     "written in place, the boundary casts folded away",
     """func.func @f(%arg0: tensor<4x6xf32>, %arg1: tensor<2x6xf32>) -> tensor<4x6xf32> {
  %x = "torch_c.from_builtin_tensor"(%arg0) : (tensor<4x6xf32>) -> !torch.vtensor<[4,6],f32>
  %v = "torch_c.from_builtin_tensor"(%arg1) : (tensor<2x6xf32>) -> !torch.vtensor<[2,6],f32>
  %c0 = "torch.constant.int"() <{value = 0 : i64}> : () -> !torch.int
  %c1 = "torch.constant.int"() <{value = 1 : i64}> : () -> !torch.int
  %c3 = "torch.constant.int"() <{value = 3 : i64}> : () -> !torch.int
  %y = "torch.aten.slice_scatter"(%x, %v, %c0, %c1, %c3, %c1) : (!torch.vtensor<[4,6],f32>, !torch.vtensor<[2,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int) -> !torch.vtensor<[4,6],f32>
  %r = "torch_c.to_builtin_tensor"(%y) : (!torch.vtensor<[4,6],f32>) -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}""", ["--allow-unregistered-dialect", "--convert-torch-to-slice"]),
    ("--slice-read-only-arguments", "a public function's tensor arguments "
     "read-only: bufferization writes `x[::2] * x[::2]` into a fresh buffer "
     "of the slice's size, not into the caller's (shown after "
     "`--convert-elementwise-to-linalg --one-shot-bufferize`)",
     """func.func @f(%x: tensor<10xi32>) -> tensor<5xi32> {
  %r = slice.strided %x[::2] : tensor<10xi32> to tensor<5xi32>
  %m = arith.muli %r, %r : tensor<5xi32>
  return %m : tensor<5xi32>
}""", ["--slice-read-only-arguments", "--convert-elementwise-to-linalg",
       "--one-shot-bufferize=bufferize-function-boundaries"]),
    ("--slice-forward-argument-views", "an entry point returns the view of "
     "its argument instead of the clone deallocation made",
     """func.func @f(%x: memref<10xi32>) -> memref<5xi32, strided<[2], offset: 1>> {
  %v = memref.subview %x[1] [5] [2] : memref<10xi32> to memref<5xi32, strided<[2], offset: 1>>
  %c = bufferization.clone %v : memref<5xi32, strided<[2], offset: 1>> to memref<5xi32, strided<[2], offset: 1>>
  return %c : memref<5xi32, strided<[2], offset: 1>>
}""", ["--slice-forward-argument-views"]),
    ("--slice-to-buffers", "the pipelines' front end: the slice copied "
     "into a fresh buffer (`slices=copy`) that the caller frees; memref, "
     "linalg and func ops left for a back end",
     """func.func @f(%x: tensor<5x6xf32>) -> tensor<3x6xf32> {
  %r = slice.strided %x[::-2, :] : tensor<5x6xf32> to tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}""", ["--slice-to-buffers=slices=copy"]),
    ("--slice-to-llvm", "the CPU pipeline: a view returned as a view "
     "(`deallocate=false`), only LLVM dialect left",
     """func.func @f(%x: tensor<5x6xf32>) -> tensor<3x6xf32> {
  %r = slice.strided %x[::-2, :] : tensor<5x6xf32> to tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}""", ["--slice-to-llvm=deallocate=false"]),
    ("--slice-to-nvvm", "the GPU pipeline with `slices=copy format=isa`: a "
     "device allocation and a kernel launch (the PTX is elided here)",
     """func.func @f(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %r = slice.strided %x[:, ::-1] : tensor<64x128xf32> to tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}""", ["--slice-to-nvvm=slices=copy format=isa"]),
]


def run(source, args):
    result = subprocess.run([SLICE_OPT] + args, input=source, text=True,
                            capture_output=True)
    if result.returncode:
        raise SystemExit(f"slice-opt {' '.join(args)} failed:\n"
                         f"{result.stderr}")
    lines = []
    for line in result.stdout.splitlines():
        if "gpu.binary" in line and len(line) > 200:
            line = line[:line.index("assembly = ")] + 'assembly = "<PTX>">]'
            # The serializer records how long it took; the page must not
            # change with that.
            line = re.sub(r"LLVMIRToISATimeInMs = \d+", "LLVMIRToISATimeInMs = 0",
                          line)
        lines.append(line)
    return "\n".join(lines).strip()


def main():
    out = ["# The seed examples, drawn", "",
           "Generated by `docs/tools/gen_guide.py` (NumPy's answers); part "
           "of the [user guide](guide.md).", ""]
    for title, shape, text, shown in PICTURES:
        out += [f"## {title}", ""] + picture(shape, text, shown) + [""]
    with open(os.path.join(OUT, "guide-pictures.md"), "w") as f:
        f.write("\n".join(out))

    out = ["# Every pass and pipeline, before and after", "",
           "Generated by `docs/tools/gen_guide.py` from the built "
           "`slice-opt`; part of the [user guide](guide.md). Each section "
           "shows a small input and what the pass (with the command line "
           "given) makes of it. The reference of every option is generated "
           "from ODS by `ninja -C build mlir-doc` (build/docs/Slice).", ""]
    for name, what, source, args in PASSES:
        out += [f"## `{name}`", "", what[0].upper() + what[1:] + ".", "",
                f"`slice-opt {' '.join(args)}`", "", "```mlir", source,
                "```", "", "becomes", "", "```mlir", run(source, args),
                "```", ""]
    with open(os.path.join(OUT, "guide-passes.md"), "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
