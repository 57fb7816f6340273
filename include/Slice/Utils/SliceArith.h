//===- SliceArith.h - Slice semantics emitted as arith ops ------*- C++ -*-===//
//
// An arithmetic domain for `resolveDimRange` (StridedSliceSemantics.h) that
// works on OpFoldResults: known values stay attributes and are computed by
// the same wrapping rules as `KnownIntArith`, unknown ones become `arith`
// ops on `index` values. Type inference, reification and the lowerings thus
// run one formula; the IR they produce folds whatever is known.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_SLICEARITH_H
#define SLICE_UTILS_SLICEARITH_H

#include "Slice/Utils/StridedSliceSemantics.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir {
namespace slice {

/// Builds `arith` ops on `index` values (and `i1` conditions), folding
/// constant operands. A known condition is a BoolAttr.
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
  Value min(Value lhs, Value rhs);
  Value max(Value lhs, Value rhs);
  Cond lessThan(Value lhs, Value rhs);
  Value select(Cond cond, Value ifTrue, Value ifFalse);
  Cond logicalAnd(Cond lhs, Cond rhs);
  Cond logicalOr(Cond lhs, Cond rhs);
  Cond logicalNot(Cond value);

  /// Returns `cond` as an SSA value of type i1.
  mlir::Value materializeCond(Cond cond);

  /// Returns `value` as an SSA value of type index, materializing a
  /// constant if needed.
  mlir::Value materialize(Value value);

private:
  OpBuilder &builder;
  Location loc;
};

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_SLICEARITH_H
