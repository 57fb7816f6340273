//===- Update.h - What slice.strided_update writes, computed ----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pieces both lowerings of slice.strided_update build from (the tensor
// one, --convert-slice-to-tensor, and the bufferization model): the view of
// `dest` it writes, which is the view slice.strided selects with the same
// spec, and how its value meets that view.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_UPDATE_H
#define SLICE_UTILS_UPDATE_H

#include "Slice/Utils/SliceView.h"

namespace mlir {
namespace slice {

/// What an update writes where.
struct UpdateView {
  /// The type of the slice written (what slice.strided of `dest` infers).
  RankedTensorType sliceType;
  /// How each value dimension meets the slice (matchUpdateValue).
  SmallVector<UpdateDimMatch> matches;
  /// The view of `dest` written.
  SliceView view;
  /// A run-time check of the value's sizes is known to fail (a constant
  /// that made the slice's size known after verification, as the value's
  /// 3 rows into `[0:%c4]`): the program stops at the assert, and the
  /// lowerings write nothing, so that no upstream fold meets a value that
  /// cannot fit its view.
  bool knownToFail = false;

  /// The slice dimension that value dimension `index` lines up with, or -1
  /// for a leading one beyond the slice's rank.
  int64_t getSliceDim(unsigned index) const;
  /// Whether the value is written as it is: every dimension lines up with
  /// an equal one, and the view has no new axis and no ambiguous rank
  /// reduction.
  bool isPlainCopy() const;
};

/// Emits, before the current insertion point, the normal form of the slice
/// `op` writes on a `dest` whose sizes are `destSizes` (with its run-time
/// checks, whose messages name slice.strided_update), the view, and the
/// run-time checks of the value's sizes (`valueSizes`) against it. Fails
/// for an op the verifier rejects.
FailureOr<UpdateView> emitUpdateView(OpBuilder &builder, Location loc,
                                     StridedUpdateOp op,
                                     ArrayRef<OpFoldResult> destSizes,
                                     ArrayRef<OpFoldResult> valueSizes);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_UPDATE_H
