//===- Lanes.h - Runs of lanes in strided rows ------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen: how the run of consecutive row elements that a
// GPU thread or a CPU vector handles lies in its buffer, and its vector
// loads and stores.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_UTILS_LANES_H
#define SLICE_LIB_CODEGEN_UTILS_LANES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir {
namespace slice {
namespace detail {

/// Whether the buffer under `flat` starts at a multiple of `bytes`; true
/// for a buffer allocated just before (`fresh`: gpu.alloc aligns to 256).
OpFoldResult isAlignedBuffer(OpBuilder &b, Location loc, Value flat, bool fresh,
                             int64_t bytes);

/// Where the `lanes` consecutive elements of a row that one GPU thread
/// handles lie in their buffer, and so how it reads or writes them.
enum class LaneLayout {
  /// At increasing addresses from a vector boundary: one vector access.
  Vector,
  /// At decreasing addresses ending on a vector boundary: one vector
  /// access and a shuffle that reverses it.
  Reverse,
  /// Anywhere else, the innermost stride apart: one access per element.
  Strided
};

/// Whether every run of `lanes` elements that starts at a multiple of
/// `lanes` in a row of a strided memref (`offset`, `strides`) lies as
/// `layout` (Vector or Reverse) says: innermost stride 1 (or -1), the
/// run's lowest element and every outer stride a multiple of `lanes`. The
/// buffer's own alignment is `isAlignedBuffer`'s.
OpFoldResult lanesHaveLayout(OpBuilder &b, Location loc, OpFoldResult offset,
                             ArrayRef<OpFoldResult> strides, int64_t lanes,
                             LaneLayout layout);

/// The elements of `flat` at `position`, `position + stride`, ... (as many
/// as `type` has lanes), as a vector, read as `layout` says; `alignment`
/// is the vector accesses'.
Value loadLanes(OpBuilder &b, Location loc, LaneLayout layout, Value flat,
                Value position, OpFoldResult stride, VectorType type,
                llvm::MaybeAlign alignment);

/// Writes `vector` to those elements, likewise.
void storeLanes(OpBuilder &b, Location loc, LaneLayout layout, Value vector,
                Value flat, Value position, OpFoldResult stride,
                llvm::MaybeAlign alignment);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_UTILS_LANES_H
