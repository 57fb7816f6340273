//===- SliceToLinalg.h - slice ops to dense copies --------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Materializes slice ops into fresh dense tensors with linalg.copy.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_SLICETOLINALG_SLICETOLINALG_H
#define SLICE_CONVERSION_SLICETOLINALG_SLICETOLINALG_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Patterns that lower slice.strided and slice.strided_axes into a
/// linalg.copy of their view into a fresh tensor.
void populateSliceToLinalgConversionPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_SLICETOLINALG_SLICETOLINALG_H
