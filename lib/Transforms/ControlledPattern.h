//===- ControlledPattern.h - Slice patterns an embedder steers --*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceTransforms: the base of the patterns on slice.strided
// that take an embedder's control function (Transforms.h), such as
// constant folding and propagation.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_CONTROLLEDPATTERN_H
#define SLICE_LIB_TRANSFORMS_CONTROLLEDPATTERN_H

#include "Slice/IR/SliceOps.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// A pattern on slice.strided that `control` (a `ControlFn`, empty for
/// none) may decline.
template <typename ControlFn>
struct ControlledSlicePattern : OpRewritePattern<StridedOp> {
  ControlledSlicePattern(MLIRContext *context, ControlFn control)
      : OpRewritePattern(context), control(std::move(control)) {}

protected:
  /// Fails the match of `slice` when the control, asked with `args`,
  /// declines it.
  template <typename... Args>
  LogicalResult askControl(PatternRewriter &rewriter, StridedOp slice,
                           Args &&...args) const {
    if (!control || control(std::forward<Args>(args)...))
      return success();
    return rewriter.notifyMatchFailure(slice, "declined by the control");
  }

  ControlFn control;
};

} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_CONTROLLEDPATTERN_H
