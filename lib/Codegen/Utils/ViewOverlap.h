//===- ViewOverlap.h - Which elements two memrefs share ---------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen: whether two memrefs are provably apart, provably
// the same view, or neither. The rewrites that let a loop read and write
// views of one buffer (--slice-elide-temporaries, the vector loops, the
// threads) ask it, instead of refusing every input that views the result's
// buffer.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_UTILS_VIEWOVERLAP_H
#define SLICE_LIB_CODEGEN_UTILS_VIEWOVERLAP_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace slice {
namespace detail {

/// How the elements of two memrefs relate.
enum class ViewOverlap {
  /// No element in common: views of different buffers (one of them a fresh
  /// allocation), or views of one buffer apart in some dimension.
  Disjoint,
  /// The same view: the same value, seen through casts, or two subviews of
  /// one source with the same offsets, sizes, strides and type.
  Same,
  /// Anything else, including what cannot be proven.
  May
};

/// Compares `a` and `b` (memrefs). Two subviews of one source are apart in
/// a dimension when their index ranges there are (value bounds prove one's
/// last index below the other's first), or when both step by the same
/// constant `s` and their offsets differ by a constant that `s` does not
/// divide (`x[::2]` and `x[1::2]`). Views of different buffers are apart
/// when one buffer is a `memref.alloc`/`alloca` and the other another one,
/// an argument of the function's entry block, a global or any value
/// defined before the allocation runs.
ViewOverlap compareViews(Value a, Value b);

/// Whether the elements `op` (on buffers) writes are apart from what it
/// reads: each memref input that views an init's buffer is `Disjoint` from
/// it or, with `inPlace`, is that init (`Same`) read through the init's
/// indexing map, and inits of one buffer are apart from each other. Its
/// iterations may then run in any order, in vector lanes or on threads.
/// Views of different buffers count as apart, as they always have for the
/// vector loops: a caller's arguments do not overlap.
bool readsApartFromWrites(linalg::LinalgOp op, bool inPlace);

/// Whether `op` or an op nested in it may write an element of `view`:
/// a write effect on a memref that is not `Disjoint` from it, or on no
/// value at all, or an op whose effects are unknown (cf.assert writes
/// nothing), unless `allowed(writer, written)` says that write is fine.
bool mayWriteInto(Operation *op, Value view,
                  llvm::function_ref<bool(Operation *, Value)> allowed = {});

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_UTILS_VIEWOVERLAP_H
