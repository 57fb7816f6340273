// A valid slice whose normal form needs more entries (one per input
// dimension and new axis) than the 64 a spec's masks hold cannot be
// lowered; every route says why, with the counts. (Each route's message
// starts differently: "cannot be lowered", "cannot be rewritten into the
// normal form"; test/Dialect/Slice/bufferize-invalid.mlir has the
// bufferization's.)
// RUN: slice-opt %s -verify-diagnostics --convert-slice-to-tensor
// RUN: slice-opt %s -verify-diagnostics --convert-slice-to-linalg
// RUN: slice-opt %s -verify-diagnostics --slice-normalize

func.func @too_many_entries(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error @+1 {{its normal form needs 65 entries (62 input dimensions and 3 new axes), more than the 64 a spec holds}}
  %r = slice.strided %x[newaxis, newaxis, newaxis, ...]
      : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> to tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %r : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}
