//===- FrameworksToSlice.h - Framework slicing ops to slice -----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The front doors: the slicing ops of TensorFlow, TFLite, StableHLO (and
// MHLO), ONNX (onnx-mlir) and torch-mlir as slice ops. The patterns match
// ops by name and read their attributes by name, so they apply to the
// generic form under --allow-unregistered-dialect and to the registered
// ops inside a compiler that links the framework; slice links none. What
// cannot be converted stays as it was (the pattern fails with the reason).
// docs/frontdoors.md lists each op, what it becomes and the semantics kept.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_FRAMEWORKSTOSLICE_FRAMEWORKSTOSLICE_H
#define SLICE_CONVERSION_FRAMEWORKSTOSLICE_FRAMEWORKSTOSLICE_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// tf.StridedSlice, tf.StridedSliceGrad, tf.TensorStridedSliceUpdate,
/// tf.Slice and tf.ReverseV2, plus the cleanup of the tf.Const ops they
/// used up.
void populateTFToSlicePatterns(RewritePatternSet &patterns);

/// tfl.strided_slice (both offset modes), tfl.slice, tfl.reverse_v2 and
/// tfl.dynamic_update_slice, plus the cleanup of tfl.pseudo_const.
void populateTFLToSlicePatterns(RewritePatternSet &patterns);

/// stablehlo.slice, reverse, dynamic_slice, dynamic_update_slice and
/// real_dynamic_slice (and the mhlo ops of the same names), plus the
/// cleanup of their constants.
void populateStablehloToSlicePatterns(RewritePatternSet &patterns);

/// onnx.Slice (constant or run-time operands, `none` axes and steps),
/// plus the cleanup of onnx.Constant and onnx.NoValue.
void populateONNXToSlicePatterns(RewritePatternSet &patterns);

/// torch.aten.slice.Tensor, select.int, narrow, flip, slice_scatter and
/// select_scatter on !torch.vtensor values, plus the cleanup of the torch
/// constants and torch_c boundary casts they used up.
void populateTorchToSlicePatterns(RewritePatternSet &patterns);

/// All five of the above.
void populateFrameworksToSlicePatterns(RewritePatternSet &patterns);

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_FRAMEWORKSTOSLICE_FRAMEWORKSTOSLICE_H
