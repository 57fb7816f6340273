//===- PoisonSizes.h - Sizes of values nothing reads ------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen's checks: the sizes of the empty tensor or
// buffer that stands for a value nothing reads.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_CHECKS_POISONSIZES_H
#define SLICE_LIB_CODEGEN_CHECKS_POISONSIZES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace slice {
namespace detail {

/// A 0 for each dynamic dimension of `type`: the sizes of the empty tensor
/// or buffer that stands for a value nothing reads (ub.poison refined,
/// code behind an assert that always fails).
SmallVector<Value> zeroDynamicSizes(OpBuilder &b, Location loc,
                                    ShapedType type);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_CHECKS_POISONSIZES_H
