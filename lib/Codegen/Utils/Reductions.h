//===- Reductions.h - Row reductions and their combiners --------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen: which op combines a reduction's rows, its
// neutral element, and named linalg ops as the generic ops they stand for.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_UTILS_REDUCTIONS_H
#define SLICE_LIB_CODEGEN_UTILS_REDUCTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <optional>

namespace mlir {
namespace slice {
namespace detail {

/// The lane-wise reduction `combiner` is, when it is one.
std::optional<vector::CombiningKind> combiningKind(Operation *combiner);

/// For an op whose innermost loop is a reduction, the op combining each
/// result: the body yields `combiner(v, acc)` (either order) where `acc`,
/// the result's block argument, has no other use and `v` does not depend
/// on any result, so that the elements of a row may be combined in any
/// order.
std::optional<SmallVector<Operation *>> rowCombiners(linalg::LinalgOp op);

/// The value partial results of `combiner` start from: its neutral element,
/// -0.0 for a float sum (upstream's +0.0 would turn a sum of negative
/// zeros positive).
std::optional<TypedAttr> getCombinerNeutral(Operation *combiner);

/// Replaces a named linalg op with a body (`linalg.reduce`,
/// `linalg.transpose`) on buffers by the `linalg.generic` it stands for,
/// its operands' casts to less static layouts folded, so that the rewrites
/// after it see the strides.
linalg::GenericOp namedAsGeneric(linalg::LinalgOp op);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_UTILS_REDUCTIONS_H
