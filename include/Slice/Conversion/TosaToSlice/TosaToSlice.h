//===- TosaToSlice.h - TOSA to slice ops ------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// tosa.slice and tosa.reverse raised to slice.strided.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_TOSATOSLICE_TOSATOSLICE_H
#define SLICE_CONVERSION_TOSATOSLICE_TOSATOSLICE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// Patterns: tosa.slice with constant start and size (inside its input) and
/// tosa.reverse to slice.strided; canonicalization then folds chains of
/// them into one slice.
void populateTosaToSliceConversionPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_TOSATOSLICE_TOSATOSLICE_H
