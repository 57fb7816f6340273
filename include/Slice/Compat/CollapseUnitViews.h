//===- CollapseUnitViews.h - Unit dimensions of views dropped as views ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A patch for MLIR 22's bufferization of tensor.collapse_shape, which
// copies a view whose strides are known only at run time even when the
// collapse only drops unit dimensions (lib/Compat/CollapseUnitViews.cpp).
// The pass is --slice-collapse-unit-views (Slice/Transforms/Passes.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_COMPAT_COLLAPSEUNITVIEWS_H
#define SLICE_COMPAT_COLLAPSEUNITVIEWS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Adds the pattern of --slice-collapse-unit-views: a tensor.collapse_shape
/// that only drops dimensions of static size 1, of a value that may have
/// run-time strides once bufferized (a view or a function argument),
/// becomes the slice.strided that shrinks those dimensions, which
/// bufferizes as a view. Apply right before one-shot-bufferize.
void populateSliceCollapseUnitViewsPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_COLLAPSEUNITVIEWS_H
