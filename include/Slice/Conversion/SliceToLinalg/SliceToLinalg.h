//===- SliceToLinalg.h - slice ops to dense copies --------------*- C++ -*-===//
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
