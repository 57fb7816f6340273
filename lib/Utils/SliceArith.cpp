//===- SliceArith.cpp - Slice semantics emitted as arith ops --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Known operands are folded with KnownIntArith so the constant results match
// the compile-time reasoning bit for bit; unknown ones become arith ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::slice;

static MaybeInt known(OpFoldResult value) { return getConstantIntValue(value); }

OpFoldResult ArithIndexBuilder::constant(int64_t value) {
  return builder.getIndexAttr(value);
}

OpFoldResult ArithIndexBuilder::constantCond(bool value) {
  return builder.getBoolAttr(value);
}

std::optional<bool> mlir::slice::getConstantBool(OpFoldResult cond) {
  if (auto attr = dyn_cast<Attribute>(cond))
    return cast<BoolAttr>(attr).getValue();
  return std::nullopt;
}

mlir::Value ArithIndexBuilder::materializeCond(OpFoldResult cond) {
  if (std::optional<bool> value = getConstantBool(cond))
    return arith::ConstantIntOp::create(builder, loc, builder.getI1Type(),
                                        *value);
  return cast<mlir::Value>(cond);
}

OpFoldResult ArithIndexBuilder::logicalAnd(OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<bool> lhsValue = getConstantBool(lhs),
                      rhsValue = getConstantBool(rhs);
  if (lhsValue)
    return *lhsValue ? rhs : lhs;
  if (rhsValue)
    return *rhsValue ? lhs : rhs;
  return getAsOpFoldResult(builder.createOrFold<arith::AndIOp>(
      loc, cast<mlir::Value>(lhs), cast<mlir::Value>(rhs)));
}

OpFoldResult ArithIndexBuilder::logicalOr(OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<bool> lhsValue = getConstantBool(lhs),
                      rhsValue = getConstantBool(rhs);
  if (lhsValue)
    return *lhsValue ? lhs : rhs;
  if (rhsValue)
    return *rhsValue ? rhs : lhs;
  return getAsOpFoldResult(builder.createOrFold<arith::OrIOp>(
      loc, cast<mlir::Value>(lhs), cast<mlir::Value>(rhs)));
}

OpFoldResult ArithIndexBuilder::logicalNot(OpFoldResult value) {
  if (std::optional<bool> known = getConstantBool(value))
    return builder.getBoolAttr(!*known);
  mlir::Value trueValue =
      arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1);
  return getAsOpFoldResult(builder.createOrFold<arith::XOrIOp>(
      loc, cast<mlir::Value>(value), trueValue));
}

mlir::Value ArithIndexBuilder::materialize(OpFoldResult value) {
  return getValueOrCreateConstantIndexOp(builder, loc, value);
}

/// Folds a binary op through KnownIntArith when both operands are known,
/// else emits `OpTy`.
template <typename OpTy, typename FoldFn>
static OpFoldResult foldOrCreate(OpBuilder &builder, Location loc,
                                 ArithIndexBuilder &self, OpFoldResult lhs,
                                 OpFoldResult rhs, FoldFn fold) {
  MaybeInt lhsValue = known(lhs), rhsValue = known(rhs);
  if (lhsValue && rhsValue)
    if (MaybeInt folded = fold(KnownIntArith(), lhsValue, rhsValue))
      return builder.getIndexAttr(*folded);
  mlir::Value result = builder.createOrFold<OpTy>(loc, self.materialize(lhs),
                                                  self.materialize(rhs));
  return getAsOpFoldResult(result);
}

OpFoldResult ArithIndexBuilder::add(OpFoldResult lhs, OpFoldResult rhs) {
  if (isConstantIntValue(rhs, 0))
    return lhs;
  if (isConstantIntValue(lhs, 0))
    return rhs;
  return foldOrCreate<arith::AddIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.add(x, y); });
}

OpFoldResult ArithIndexBuilder::sub(OpFoldResult lhs, OpFoldResult rhs) {
  if (isConstantIntValue(rhs, 0))
    return lhs;
  return foldOrCreate<arith::SubIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.sub(x, y); });
}

OpFoldResult ArithIndexBuilder::divTrunc(OpFoldResult lhs, OpFoldResult rhs) {
  if (isConstantIntValue(rhs, 1))
    return lhs;
  return foldOrCreate<arith::DivSIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.divTrunc(x, y); });
}

OpFoldResult ArithIndexBuilder::mul(OpFoldResult lhs, OpFoldResult rhs) {
  MaybeInt lhsValue = known(lhs), rhsValue = known(rhs);
  int64_t product;
  if (lhsValue && rhsValue && !llvm::MulOverflow(*lhsValue, *rhsValue, product))
    return builder.getIndexAttr(product);
  if (lhsValue == 1)
    return rhs;
  if (rhsValue == 1)
    return lhs;
  return getAsOpFoldResult(builder.createOrFold<arith::MulIOp>(
      loc, materialize(lhs), materialize(rhs)));
}

OpFoldResult ArithIndexBuilder::min(OpFoldResult lhs, OpFoldResult rhs) {
  return foldOrCreate<arith::MinSIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.min(x, y); });
}

OpFoldResult ArithIndexBuilder::max(OpFoldResult lhs, OpFoldResult rhs) {
  return foldOrCreate<arith::MaxSIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.max(x, y); });
}

OpFoldResult ArithIndexBuilder::lessThan(OpFoldResult lhs, OpFoldResult rhs) {
  MaybeInt lhsValue = known(lhs), rhsValue = known(rhs);
  if (lhsValue && rhsValue)
    return builder.getBoolAttr(*lhsValue < *rhsValue);
  mlir::Value result = builder.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::slt, materialize(lhs), materialize(rhs));
  return getAsOpFoldResult(result);
}

OpFoldResult ArithIndexBuilder::equal(OpFoldResult lhs, OpFoldResult rhs) {
  MaybeInt lhsValue = known(lhs), rhsValue = known(rhs);
  if (lhsValue && rhsValue)
    return builder.getBoolAttr(*lhsValue == *rhsValue);
  mlir::Value result = builder.createOrFold<arith::CmpIOp>(
      loc, arith::CmpIPredicate::eq, materialize(lhs), materialize(rhs));
  return getAsOpFoldResult(result);
}

OpFoldResult ArithIndexBuilder::select(OpFoldResult cond, OpFoldResult ifTrue,
                                       OpFoldResult ifFalse) {
  if (std::optional<bool> known = getConstantBool(cond))
    return *known ? ifTrue : ifFalse;
  if (ifTrue == ifFalse)
    return ifTrue;
  MaybeInt trueValue = known(ifTrue), falseValue = known(ifFalse);
  if (trueValue && falseValue && *trueValue == *falseValue)
    return ifTrue;
  mlir::Value result = builder.createOrFold<arith::SelectOp>(
      loc, cast<mlir::Value>(cond), materialize(ifTrue), materialize(ifFalse));
  return getAsOpFoldResult(result);
}
