//===- Passes.td - Conversions out of the slice dialect ----*- tablegen -*-===//
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

#endif // SLICE_CONVERSION_PASSES_TD
