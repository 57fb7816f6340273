//===- SliceArith.h - Slice semantics emitted as arith ops ------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// An arithmetic domain for `resolveDimRange` (Slice/Semantics/DimArithmetic.h)
// that works on OpFoldResults: known values stay attributes and are computed by
// the same wrapping rules as `KnownIntArith`, unknown ones become `arith`
// ops on `index` values. Type inference, reification and the lowerings thus
// run one formula; the IR they produce folds whatever is known.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_ARITH_SLICEARITH_H
#define SLICE_SEMANTICS_ARITH_SLICEARITH_H

#include "Slice/Semantics/Semantics.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace slice {

/// The value of a condition known at compile time (a BoolAttr), or
/// std::nullopt for an SSA value.
std::optional<bool> getConstantBool(OpFoldResult cond);

/// Builds `arith` ops on `index` values (and `i1` conditions), folding
/// constant operands. A known condition is a BoolAttr. The constants it
/// materializes are reused while they dominate the insertion point (the
/// same block, before it), so that one spec's arithmetic makes each
/// constant once rather than once per use for canonicalization to merge.
class ArithIndexBuilder {
public:
  using Value = OpFoldResult;
  using Cond = OpFoldResult;

  ArithIndexBuilder(OpBuilder &builder, Location loc)
      : builder(builder), loc(loc) {}

  Value constant(int64_t value);
  Cond constantCond(bool value);
  Value add(Value lhs, Value rhs);
  Value sub(Value lhs, Value rhs);
  Value divTrunc(Value lhs, Value rhs);
  /// `lhs * rhs`, folded when both are known and the product fits in
  /// int64 (an overflowing product is left to run time, where index
  /// arithmetic wraps). Not part of the semantics' domain: for sizes and
  /// byte counts.
  Value mul(Value lhs, Value rhs);
  Value min(Value lhs, Value rhs);
  Value max(Value lhs, Value rhs);
  Cond lessThan(Value lhs, Value rhs);
  Cond equal(Value lhs, Value rhs);
  Value select(Cond cond, Value ifTrue, Value ifFalse);
  Cond logicalAnd(Cond lhs, Cond rhs);
  Cond logicalOr(Cond lhs, Cond rhs);
  Cond logicalNot(Cond value);

  /// Returns `cond` as an SSA value of type i1.
  mlir::Value materializeCond(Cond cond);

  /// Returns `value` as an SSA value of type index, materializing a
  /// constant if needed.
  mlir::Value materialize(Value value);

  OpBuilder &getBuilder() { return builder; }

private:
  /// The constant `value` of type i1 (`isCond`) or index: a cached one
  /// that dominates the insertion point, else a new one.
  mlir::Value constantValue(int64_t value, bool isCond);

  OpBuilder &builder;
  Location loc;
  llvm::SmallDenseMap<std::pair<int64_t, int>, Operation *, 8> constants;
};

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_ARITH_SLICEARITH_H
