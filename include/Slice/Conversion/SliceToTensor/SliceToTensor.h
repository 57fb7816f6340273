//===- SliceToTensor.h - slice ops to tensor.extract_slice ------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers slice ops to upstream tensor views (tensor.extract_slice,
// tensor.expand_shape), optionally materialized with linalg.copy.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_SLICETOTENSOR_SLICETOTENSOR_H
#define SLICE_CONVERSION_SLICETOTENSOR_SLICETOTENSOR_H

#include "Slice/IR/SliceOps.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// How a lowered slice holds its elements.
enum class SliceLowering {
  /// A view of the source: tensor.extract_slice (+ tensor.expand_shape).
  View,
  /// A fresh dense tensor: the view copied with linalg.copy.
  Copy,
};

/// Lowers `op` (normalized first, with its run-time checks, unless it is in
/// normal form) into upstream tensor ops and replaces it. Returns the value
/// that replaced it, or failure for an op the verifier rejects.
FailureOr<Value> lowerStridedOp(RewriterBase &rewriter, StridedOp op,
                                SliceLowering lowering);

/// The same for `slice.strided_axes` (rewritten into slice.strided first).
FailureOr<Value> lowerStridedAxesOp(RewriterBase &rewriter, StridedAxesOp op,
                                    SliceLowering lowering);

/// Lowers `op` into tensor.insert_slice of its value (broadcast to the
/// slice with linalg.broadcast where it stretches, new axes collapsed out)
/// into the view of `dest` that slice.strided selects with the same spec,
/// emitting that slice's run-time checks and the value's, and replaces it.
/// Fails, changing nothing, for an op the verifier rejects.
FailureOr<Value> lowerStridedUpdateOp(RewriterBase &rewriter,
                                      StridedUpdateOp op);

/// The same for `slice.strided_axes_update` (rewritten into
/// slice.strided_update first).
FailureOr<Value> lowerStridedAxesUpdateOp(RewriterBase &rewriter,
                                          StridedAxesUpdateOp op);

/// Lowers every slice op under `root` (not `root` itself), emitting an
/// error at an op that cannot be lowered.
LogicalResult lowerAllSliceOps(Operation *root, SliceLowering lowering);

/// Patterns that lower slice.strided and slice.strided_axes as `lowering`
/// says, and slice.strided_update into tensor.insert_slice.
void populateSliceLoweringPatterns(RewritePatternSet &patterns,
                                   SliceLowering lowering);

/// Patterns that lower slice.strided and slice.strided_axes to views.
void populateSliceToTensorConversionPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_SLICETOTENSOR_SLICETOTENSOR_H
