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

#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::slice;

static MaybeInt known(OpFoldResult value) { return getConstantIntValue(value); }

/// The `OpTy` op that defines `value`, or null (also for a constant
/// attribute).
template <typename OpTy> static OpTy definedBy(OpFoldResult value) {
  auto ssa = dyn_cast<mlir::Value>(value);
  return ssa ? ssa.getDefiningOp<OpTy>() : OpTy();
}

/// Whether `value` is known to be at least 0: a constant that is, a
/// dimension size, or a max / min / select over such values (a few levels
/// deep). The folds below use it: they keep the IR the lowering emits for
/// whole and clamped dimensions as small as upstream's.
static bool isNonNegative(OpFoldResult value, unsigned depth = 0) {
  if (MaybeInt constant = known(value))
    return *constant >= 0;
  Operation *def = cast<mlir::Value>(value).getDefiningOp();
  if (!def || depth > 3)
    return false;
  if (isa<ShapedDimOpInterface>(def))
    return true;
  auto operand = [&](unsigned i) {
    return isNonNegative(def->getOperand(i), depth + 1);
  };
  if (isa<arith::MaxSIOp>(def))
    return operand(0) || operand(1);
  if (isa<arith::MinSIOp>(def))
    return operand(0) && operand(1);
  if (isa<arith::SelectOp>(def))
    return operand(1) && operand(2);
  // x - min(x, y): what is left of a dimension after a clamped start.
  if (auto sub = dyn_cast<arith::SubIOp>(def))
    if (auto min = definedBy<arith::MinSIOp>(sub.getRhs()))
      return llvm::is_contained(min->getOperands(), sub.getLhs());
  return false;
}

/// Whether `value` is a constant at most 0.
static bool isNonPositiveConstant(OpFoldResult value) {
  MaybeInt constant = known(value);
  return constant && *constant <= 0;
}

/// Whether `cond` is `0 < value` (either way round).
static bool isPositiveTest(OpFoldResult cond, OpFoldResult value) {
  auto cmp = definedBy<arith::CmpIOp>(cond);
  if (!cmp)
    return false;
  if (cmp.getPredicate() == arith::CmpIPredicate::slt)
    return isConstantIntValue(cmp.getLhs(), 0) &&
           OpFoldResult(cmp.getRhs()) == value;
  if (cmp.getPredicate() == arith::CmpIPredicate::sgt)
    return OpFoldResult(cmp.getLhs()) == value &&
           isConstantIntValue(cmp.getRhs(), 0);
  return false;
}

/// `x` when `value` is `x - c` (`OpTy` = SubIOp) or `x + c` (AddIOp) for the
/// constant `c`: the operation an add or sub of `c` undoes.
template <typename OpTy>
static std::optional<mlir::Value> undoes(OpFoldResult value, int64_t c) {
  auto op = definedBy<OpTy>(value);
  if (op && isConstantIntValue(op.getRhs(), c))
    return op.getLhs();
  return std::nullopt;
}

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

mlir::Value ArithIndexBuilder::constantValue(int64_t value, bool isCond) {
  Block *block = builder.getInsertionBlock();
  auto [it, inserted] = constants.try_emplace({value, int(isCond)}, nullptr);
  if (!inserted && block && it->second->getBlock() == block &&
      (builder.getInsertionPoint() == block->end() ||
       it->second->isBeforeInBlock(&*builder.getInsertionPoint())))
    return it->second->getResult(0);
  mlir::Value constant =
      isCond ? mlir::Value(arith::ConstantIntOp::create(
                   builder, loc, builder.getI1Type(), value))
             : mlir::Value(arith::ConstantIndexOp::create(builder, loc, value));
  it->second = constant.getDefiningOp();
  return constant;
}

mlir::Value ArithIndexBuilder::materializeCond(OpFoldResult cond) {
  if (std::optional<bool> value = getConstantBool(cond))
    return constantValue(*value, /*isCond=*/true);
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
  // A comparison is negated by the opposite predicate: one op, not two.
  if (auto cmp = definedBy<arith::CmpIOp>(value))
    return getAsOpFoldResult(builder.createOrFold<arith::CmpIOp>(
        loc, arith::invertPredicate(cmp.getPredicate()), cmp.getLhs(),
        cmp.getRhs()));
  mlir::Value trueValue = constantValue(1, /*isCond=*/true);
  return getAsOpFoldResult(builder.createOrFold<arith::XOrIOp>(
      loc, cast<mlir::Value>(value), trueValue));
}

mlir::Value ArithIndexBuilder::materialize(OpFoldResult value) {
  if (auto attr = dyn_cast<Attribute>(value))
    return constantValue(cast<IntegerAttr>(attr).getInt(), /*isCond=*/false);
  return cast<mlir::Value>(value);
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
  if (MaybeInt c = known(rhs))
    if (std::optional<mlir::Value> x = undoes<arith::SubIOp>(lhs, *c))
      return *x;
  return foldOrCreate<arith::AddIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.add(x, y); });
}

OpFoldResult ArithIndexBuilder::sub(OpFoldResult lhs, OpFoldResult rhs) {
  if (isConstantIntValue(rhs, 0))
    return lhs;
  if (MaybeInt c = known(rhs))
    if (std::optional<mlir::Value> x = undoes<arith::AddIOp>(lhs, *c))
      return *x;
  // c - (x - d) is (c + d) - x, and c - (d - x) is x + (c - d): the extent
  // of a whole dimension run backwards comes out as dim, not 0 - (0 - dim).
  if (MaybeInt c = known(lhs)) {
    auto inner = definedBy<arith::SubIOp>(rhs);
    int64_t folded;
    if (inner) {
      if (MaybeInt d = getConstantIntValue(inner.getRhs()))
        if (!llvm::AddOverflow(*c, *d, folded))
          return sub(builder.getIndexAttr(folded), inner.getLhs());
      if (MaybeInt d = getConstantIntValue(inner.getLhs()))
        if (!llvm::SubOverflow(*c, *d, folded))
          return add(inner.getRhs(), builder.getIndexAttr(folded));
    }
  }
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
  // A bound at most 0 is the smaller of it and a non-negative value.
  if (isNonPositiveConstant(lhs) && isNonNegative(rhs))
    return lhs;
  if (isNonPositiveConstant(rhs) && isNonNegative(lhs))
    return rhs;
  return foldOrCreate<arith::MinSIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.min(x, y); });
}

OpFoldResult ArithIndexBuilder::max(OpFoldResult lhs, OpFoldResult rhs) {
  if (isNonPositiveConstant(lhs) && isNonNegative(rhs))
    return rhs;
  if (isNonPositiveConstant(rhs) && isNonNegative(lhs))
    return lhs;
  return foldOrCreate<arith::MaxSIOp>(
      builder, loc, *this, lhs, rhs,
      [](KnownIntArith a, MaybeInt x, MaybeInt y) { return a.max(x, y); });
}

OpFoldResult ArithIndexBuilder::lessThan(OpFoldResult lhs, OpFoldResult rhs) {
  MaybeInt lhsValue = known(lhs), rhsValue = known(rhs);
  if (lhsValue && rhsValue)
    return builder.getBoolAttr(*lhsValue < *rhsValue);
  if (isNonNegative(lhs) && isNonPositiveConstant(rhs))
    return builder.getBoolAttr(false);
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
  // `0 < x ? x : 0` is x for a non-negative x (the size of a whole
  // dimension).
  if (falseValue == 0 && isPositiveTest(cond, ifTrue) && isNonNegative(ifTrue))
    return ifTrue;
  mlir::Value result = builder.createOrFold<arith::SelectOp>(
      loc, cast<mlir::Value>(cond), materialize(ifTrue), materialize(ifFalse));
  return getAsOpFoldResult(result);
}
