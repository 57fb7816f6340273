//===- Update.h - Writing into a slice --------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `x[spec] = value`: how the value's shape meets the slice's (NumPy's
// assignment broadcasting) and which elements are written.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_UPDATE_H
#define SLICE_SEMANTICS_UPDATE_H

#include "Slice/Semantics/Spec.h"

namespace mlir {
namespace slice {

/// How one dimension of the value of an update meets the slice it is
/// written into.
enum class UpdateDimMatch {
  /// The sizes are known equal.
  Equal,
  /// The value's size is a static 1, stretched to the slice's (NumPy
  /// broadcasting; also when the slice's size is unknown).
  Stretched,
  /// A leading value dimension beyond the slice's rank, of static size 1:
  /// dropped.
  Dropped,
  /// Some size is unknown: the value's must equal the slice's (1 for a
  /// leading dimension beyond the slice's rank) at run time. A dynamic
  /// value dimension is never stretched.
  CheckedAtRunTime,
};

/// How the value of shape `value` is written into a slice of shape `slice`
/// by `x[spec] = value`: NumPy's assignment broadcasting, aligned from the
/// back, with one rule for the unknown: a value dimension of static size 1
/// stretches to any slice size, and a dynamic one must equal the slice's at
/// run time. Returns one match per value dimension, or std::nullopt and
/// sets `error` (naming the value dimension, its size and the slice's) when
/// the known sizes cannot match.
std::optional<llvm::SmallVector<UpdateDimMatch>>
matchUpdateValue(llvm::ArrayRef<MaybeInt> value, llvm::ArrayRef<MaybeInt> slice,
                 std::string &error);

/// Calls `fn(destIndex, valueIndex)` for every element an update writes:
/// the row-major flat index into a dest of shape `destShape` of each
/// element `slice` selects, in the slice's order, and the flat index of the
/// element of a value of shape `valueShape` written there (`matches` from
/// matchUpdateValue: stretched and missing dimensions repeat the value).
/// Returns false, calling nothing, when a size, start or stride is unknown.
bool forEachUpdatedIndex(const ResolvedSlice &slice,
                         llvm::ArrayRef<int64_t> destShape,
                         llvm::ArrayRef<int64_t> valueShape,
                         llvm::ArrayRef<UpdateDimMatch> matches,
                         llvm::function_ref<void(int64_t, int64_t)> fn);

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_UPDATE_H
