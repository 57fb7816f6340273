//===- Transforms.h - slice-level rewrites ----------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrite entry points and pattern sets for slice ops, for pipelines that
// want the rewrites of the slice passes without the passes. The rewrite into
// the normal form (`normalizeStridedOp`) is in Slice/Utils/NormalForm.h,
// since the conversions use it too.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_TRANSFORMS_H
#define SLICE_TRANSFORMS_TRANSFORMS_H

#include "Slice/Compat/ProtectViewReads.h" // populateSliceProtectViewReadsPatterns
#include "Slice/IR/SliceOps.h"

#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir {
namespace slice {

/// Decides whether a slice of a constant is folded.
using ConstantFoldControlFn = std::function<bool(StridedOp)>;

/// Adds a pattern that folds slice.strided of a dense constant into a
/// constant when `control` agrees, whatever its size (the folder only folds
/// splats and small results).
void populateSliceConstantFoldPatterns(RewritePatternSet &patterns,
                                       ConstantFoldControlFn control);

/// Adds the patterns of --slice-normalize: every slice op into the normal
/// form (the axes ops into slice.strided and slice.strided_update first).
/// A pattern fails, changing nothing, only on an op the verifier rejects.
void populateSliceNormalizePatterns(RewritePatternSet &patterns);

/// Decides whether a slice of an element-wise `producer` is computed from
/// slices of the producer's inputs instead.
using SlicePropagationControlFn =
    std::function<bool(StridedOp slice, Operation *producer)>;

/// The default: the producer's result has no other use, or all its uses
/// are slices that together read no more elements than it holds (static
/// shapes), so that nothing is computed twice that the whole would compute
/// once, and no user needs the whole.
bool defaultSlicePropagationControl(StridedOp slice, Operation *producer);

/// Adds the patterns of --slice-propagate: a slice.strided of an element-wise
/// producer becomes the producer applied to slices of its inputs, for any
/// spec (negative and run-time strides, shrink entries, new axes). Producers:
/// linalg.generic ops whose loops are all parallel, whose result is indexed
/// by the identity and whose inputs by projected permutations (broadcasts,
/// transposes), with no linalg.index (named linalg ops of that kind are
/// generalized first), and element-wise ops on tensors (arith, math). The
/// new slices of the inputs are in normal form. `control` (default:
/// defaultSlicePropagationControl) decides each case.
void populateSlicePropagationPatterns(RewritePatternSet &patterns,
                                      SlicePropagationControlFn control = {});

/// Adds the pattern of --slice-split-concat-consumers: an element-wise
/// linalg.generic reading a tensor.concat that nothing else reads runs once
/// per operand of the concat, on that operand and on unit-stride slices of
/// its other inputs, and the concat joins its results.
void populateSliceSplitConcatConsumersPatterns(RewritePatternSet &patterns);

/// Adds the pattern of --slice-reuse-input-buffers: an element-wise
/// linalg.generic whose init is a tensor.empty takes as its init an input
/// of the result's type (identity map) that dies at the op and whose buffer
/// may be written (a temporary, or a view of an argument not marked
/// `bufferization.writable = false`).
void populateSliceReuseInputBuffersPatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_TRANSFORMS_H
