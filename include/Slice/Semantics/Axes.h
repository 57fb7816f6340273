//===- Axes.h - The axes encoding of a slice --------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Paddle's and ONNX's encoding (`axes`, `starts`, `ends`, `strides`),
// translated to the TensorFlow spec of Spec.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_AXES_H
#define SLICE_SEMANTICS_AXES_H

#include "Slice/Semantics/Spec.h"

namespace mlir {
namespace slice {

/// Maps the `axes` of an axes-encoded slice onto an input of rank `rank`:
/// element d of the result is the axes entry that slices input dimension d,
/// or -1 when no entry names it. Negative axes count from the back. Returns
/// std::nullopt and sets `error` for an axis outside [-rank, rank) or one
/// that names a dimension twice.
std::optional<llvm::SmallVector<int64_t>>
mapAxesToDims(llvm::ArrayRef<int64_t> axes, unsigned rank, std::string &error);

/// The TF sparse spec that means the same as the axes-encoded slice
/// `axes`/`starts`/`ends`/`strides` (NumPy slicing along the named axes,
/// other axes whole): one entry per input dimension up to the last named
/// one, unnamed ones `:`. Checks what `mapAxesToDims` checks, equal list
/// lengths and known zero strides. When `sourceEntries` is given, it
/// receives for each spec entry the axes entry it comes from (-1 for `:`),
/// so that callers can carry SSA values over.
std::optional<SparseSliceSpec>
buildAxesSpec(llvm::ArrayRef<int64_t> axes, llvm::ArrayRef<MaybeInt> starts,
              llvm::ArrayRef<MaybeInt> ends, llvm::ArrayRef<MaybeInt> strides,
              unsigned rank, std::string &error,
              llvm::SmallVectorImpl<int64_t> *sourceEntries = nullptr);

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_AXES_H
