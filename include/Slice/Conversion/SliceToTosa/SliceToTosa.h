//===- SliceToTosa.h - slice ops to TOSA -----------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided on static shapes lowered to tosa.slice, tosa.pad,
// tosa.reshape and tosa.reverse (the way back: TosaToSlice.h).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_SLICETOTOSA_SLICETOTOSA_H
#define SLICE_CONVERSION_SLICETOTOSA_SLICETOTOSA_H

#include "Slice/IR/SliceOps.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Lowers `op` (static source shape and spec) to TOSA and replaces it.
/// Fails, leaving the IR unchanged and setting `reason`, for what TOSA
/// cannot express (dynamic shapes or entries, empty results, element
/// types TOSA does not take) and for an invalid op.
FailureOr<Value> lowerStridedOpToTosa(RewriterBase &rewriter, StridedOp op,
                                      std::string &reason);

/// Patterns: slice.strided (and slice.strided_axes, through its
/// canonical slice.strided) to TOSA, where expressible.
void populateSliceToTosaConversionPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_SLICETOTOSA_SLICETOTOSA_H
