//===- Compose.h - A slice of a slice ---------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Composition of two resolved slices into one spec (the fold of a slice of
// a slice).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_COMPOSE_H
#define SLICE_SEMANTICS_COMPOSE_H

#include "Slice/Semantics/Spec.h"

namespace mlir {
namespace slice {

/// Composes two resolved slices: `first` resolved on some input, `second`
/// resolved on `first`'s result. Returns a static sparse spec (no offset
/// mode, no ellipsis) that selects, on the same input, exactly the elements
/// of applying `first` then `second`, or std::nullopt when that is not
/// expressible with the values known: some start, stride or size that the
/// composition needs is unknown, a window or index needs a run-time bounds
/// check, the composed stride overflows int64, or `second` empties a new
/// axis of `first` (a new axis always has size 1).
/// When it returns std::nullopt and `reason` is given, `reason` says why.
std::optional<SparseSliceSpec> composeSlices(const ResolvedSlice &first,
                                             const ResolvedSlice &second,
                                             std::string *reason = nullptr);

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_COMPOSE_H
