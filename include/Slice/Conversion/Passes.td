//===- Passes.td - Conversions out of the slice dialect ----*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The conversions from slice ops to upstream dialects.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_PASSES_TD
#define SLICE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertSliceToTensor : Pass<"convert-slice-to-tensor"> {
  let summary = "Lower slice ops to tensor.extract_slice views";
  let description = [{
    Rewrites every `slice.strided_axes` and `slice.strided` into upstream
    tensor IR that one-shot-bufferize turns into a zero-copy
    `memref.subview`:

    1. the op is brought into the normal form (`--slice-normalize`, with
       its `cf.assert` run-time checks), unless it already is;
    2. the normal form becomes a `tensor.extract_slice` with the final
       offsets, sizes and strides (negative strides included), rank-reducing
       for shrunk dimensions; sizes of dynamic entries are computed by the
       semantics library's formula as `arith` ops;
    3. new axes become a `tensor.expand_shape`;
    4. a result known to be empty becomes a `tensor.empty` (an upstream
       slice cannot hold a static offset on a 0-size dimension), and a
       result type less static than computed gets a `tensor.cast`.

    ```mlir
    %r = slice.strided %x[1, ::-1, newaxis] : tensor<4x8xf32> to tensor<8x1xf32>
    // becomes
    %v = tensor.extract_slice %x[1, 7] [1, 8] [1, -1]
        : tensor<4x8xf32> to tensor<8xf32>
    %r = tensor.expand_shape %v [[0, 1]] output_shape [8, 1]
        : tensor<8xf32> into tensor<8x1xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertSliceToLinalg : Pass<"convert-slice-to-linalg"> {
  let summary = "Materialize slice ops into dense tensors with linalg.copy";
  let description = [{
    Like `--convert-slice-to-tensor`, but the slice becomes a fresh dense
    tensor: the `tensor.extract_slice` view is copied by a `linalg.copy`
    into a `tensor.empty` of the rank-reduced shape, and new axes expand
    the dense copy. This is the form that GPU kernels and fusion want: the
    copy is a structured op that tiles, fuses and maps to parallel loops,
    and after bufferization the result is a contiguous buffer.

    ```mlir
    %r = slice.strided %x[:, ::2] : tensor<4x8xf32> to tensor<4x4xf32>
    // becomes
    %v = tensor.extract_slice %x[0, 0] [4, 4] [1, 2]
        : tensor<4x8xf32> to tensor<4x4xf32>
    %e = tensor.empty() : tensor<4x4xf32>
    %r = linalg.copy ins(%v : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>)
        -> tensor<4x4xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertSliceToTosa : Pass<"convert-slice-to-tosa"> {
  let summary = "Lower slice ops on static shapes to TOSA";
  let description = [{
    Rewrites `slice.strided` and `slice.strided_axes` with a static source
    shape and static spec into TOSA (the slice, reverse, reshape and pad
    operators), for consumers of TOSA:

    1. `tosa.slice` takes the window of every input dimension (from its
       lowest selected element);
    2. non-unit strides use the reshape trick of TensorFlow's TOSA
       legalization: the window, padded (`tosa.pad`) to `count * stride`
       elements where the input ends earlier, is reshaped to
       `[count, stride]` per dimension and the first column sliced out;
    3. `tosa.reverse` on every dimension with a negative stride;
    4. one `tosa.reshape` drops shrunk dimensions and inserts new axes.

    What TOSA cannot express is a diagnostic naming the op and the reason:
    a dynamic source shape or spec entry, an empty result (TOSA tensors have
    no 0-size dimensions), an element type TOSA does not take.
  }];
  let dependentDialects = ["::mlir::tosa::TosaDialect"];
}

def ConvertTosaToSlice : Pass<"convert-tosa-to-slice"> {
  let summary = "Raise tosa.slice and tosa.reverse to slice.strided";
  let description = [{
    Rewrites every `tosa.slice` whose start and size are constant shapes
    (`tosa.const_shape`) into `slice.strided` `x[s0:s0+n0, s1:s1+n1, ...]`
    (a size of -1: to the end), and every `tosa.reverse` along axis `k`
    into `x[:, ..., ::-1]` (`::-1` on dimension `k`), so that TOSA
    producers get slice's folds, canonicalization (a chain of slices and
    reversals into one slice) and lowerings.

    A `tosa.slice` whose constant window leaves its input (a negative
    start, a start + size past a known dimension) is an error: TOSA's
    verifier does not check the window, and upstream's TOSA lowerings turn
    it into invalid IR. The pass reports it and fails.
  }];
  let dependentDialects = ["::mlir::slice::SliceDialect"];
}

// The front doors (FrameworksToSlice/): one pass per framework and one for
// all five, sharing the option and the dialects they create.
class Slice_FrontDoorPass<string name, string door>
    : Pass<"convert-" # name # "-to-slice"> {
  let summary = "Convert " # door # " slicing ops to slice ops";
  let options = [
    Option<"reportRefusals", "report-refusals", "bool", /*default=*/"false",
           "Emit a remark for each framework slicing op left as it was, "
           "with the reason">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::slice::SliceDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def ConvertTFToSlice : Slice_FrontDoorPass<"tf", "TensorFlow"> {
  let description = [{
    `tf.StridedSlice` (constant or run-time begin, end and strides of
    i16/i32/i64, every mask) becomes `slice.strided`, which means exactly
    TensorFlow's op; `tf.StridedSliceGrad` the update of `dy` into zeros of
    `shape`; `tf.TensorStridedSliceUpdate` `slice.strided_update`;
    `tf.Slice` an offset-mode window with run-time checks that stop the
    program, naming `tf.Slice`, where TensorFlow raises; `tf.ReverseV2` a
    slice with stride -1 on the named axes. `tf.Const` operands are read
    and removed once dead. See docs/frontdoors.md.
  }];
}

def ConvertTFLToSlice : Slice_FrontDoorPass<"tfl", "TFLite"> {
  let description = [{
    `tfl.strided_slice` (both `offset` modes; a shrink index clamped into
    its dimension as TFLite's kernel does), `tfl.slice`, `tfl.reverse_v2`
    and `tfl.dynamic_update_slice` (starts clamped to `[0, dim - size]`)
    become slice ops. See docs/frontdoors.md.
  }];
}

def ConvertStablehloToSlice : Slice_FrontDoorPass<"stablehlo", "StableHLO"> {
  let description = [{
    `stablehlo.slice` (`array<i64>` or dense attributes), `reverse`,
    `dynamic_slice` and `dynamic_update_slice` (starts clamped to
    `[0, dim - size]`, never wrapped) and `real_dynamic_slice` become slice
    ops; the `mhlo` ops of the same names too. JAX's `slice` + `reverse`
    then canonicalizes into one `slice.strided`. See docs/frontdoors.md.
  }];
}

def ConvertONNXToSlice : Slice_FrontDoorPass<"onnx", "ONNX"> {
  let description = [{
    `onnx.Slice` (constant or run-time starts, ends and steps; `none` or
    constant axes, negative axes) becomes `slice.strided_axes` with ONNX's
    clamping (a start before the front with a negative step starts at
    element 0) and a run-time check naming `onnx.Slice` for a step of 0.
    See docs/frontdoors.md.
  }];
}

def ConvertTorchToSlice : Slice_FrontDoorPass<"torch", "torch-mlir"> {
  let description = [{
    `torch.aten.slice.Tensor`, `select.int`, `narrow`, `flip`,
    `slice_scatter` and `select_scatter` on `!torch.vtensor` values (read
    through `torch_c.from_builtin_tensor`, handed on through
    `torch_c.from_builtin_tensor`, pairs of boundary casts folded away)
    become slice ops; `dim` and `flip`'s dims must be constants. See
    docs/frontdoors.md.
  }];
}

def ConvertFrameworksToSlice : Slice_FrontDoorPass<"frameworks", "every framework's"> {
  let description = [{
    The five front doors at once: `--convert-tf-to-slice`,
    `--convert-tfl-to-slice`, `--convert-stablehlo-to-slice`,
    `--convert-onnx-to-slice` and `--convert-torch-to-slice`.
  }];
}

#endif // SLICE_CONVERSION_PASSES_TD
