//===- PythonNotation.h - Slices in Python notation -------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The inside of `x[...]` in Python / NumPy notation, parsed into a spec.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_PYTHONNOTATION_H
#define SLICE_SEMANTICS_PYTHONNOTATION_H

#include "Slice/Semantics/Spec.h"
#include "llvm/ADT/StringRef.h"

#include <limits>

namespace mlir {
namespace slice {

/// The end TensorFlow's Python front end pairs with a shrink index `begin`
/// (`x[b]` is `b:b+1` with the shrink bit; the end is not used): b + 1, or
/// 0 where b + 1 does not exist. Both parsers of Python notation (this
/// library's and slice.strided's custom syntax) encode indices with it.
inline int64_t shrinkIndexEnd(int64_t begin) {
  return begin == std::numeric_limits<int64_t>::max() ? 0 : begin + 1;
}

/// Parses a slice in Python / NumPy notation, the inside of `x[...]`, into a
/// sparse spec: comma-separated entries, each `...`, `newaxis` (or `None`),
/// an integer index (a shrink entry), or `begin:end` / `begin:end:stride`
/// with every part optional (a missing begin or end sets its mask bit; a
/// missing stride is 1). Integers are decimal int64, with an optional sign.
/// An empty text is the spec of no entries (`x[()]`). Returns std::nullopt
/// and sets `error` (naming the entry and the text) for anything else, more
/// than one ellipsis, or more than 64 entries. Whether the spec is valid
/// for an input (a zero stride, say) is for `resolveStridedSlice` or the
/// op's verifier to say.
std::optional<SparseSliceSpec> parsePythonSlice(llvm::StringRef text,
                                                std::string &error);

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_PYTHONNOTATION_H
