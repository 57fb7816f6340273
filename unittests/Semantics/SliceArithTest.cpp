//===- SliceArithTest.cpp - ArithIndexBuilder's folds ---------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// ArithIndexBuilder folds what it knows so that the lowering emits little
// for canonicalization to clean up: constants reused while they dominate
// the insertion point, the facts a dimension size gives (never negative)
// and the add / sub pairs the semantics' formulas make. Each fold is checked
// to apply where it is exact and not where the operand's sign is unknown.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
class SliceArithTest : public ::testing::Test {
protected:
  SliceArithTest() : builder(&context), loc(builder.getUnknownLoc()) {
    context.loadDialect<arith::ArithDialect, func::FuncDialect,
                        tensor::TensorDialect>();
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    auto tensorType =
        RankedTensorType::get({ShapedType::kDynamic}, builder.getF32Type());
    auto func = func::FuncOp::create(
        builder, loc, "f",
        builder.getFunctionType({tensorType, builder.getIndexType()}, {}));
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
    arg = body->getArgument(1);
    dim = tensor::DimOp::create(builder, loc, body->getArgument(0), 0);
  }

  OpFoldResult index(int64_t value) { return builder.getIndexAttr(value); }

  /// The defining op of `value`, which must be an SSA value.
  template <typename OpTy> OpTy definedBy(OpFoldResult value) {
    auto ssa = dyn_cast<Value>(value);
    return ssa ? ssa.getDefiningOp<OpTy>() : OpTy();
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  Value arg, dim;
};

TEST_F(SliceArithTest, ReusesConstantsThatDominate) {
  ArithIndexBuilder arith(builder, loc);
  Value five = arith.materialize(index(5));
  EXPECT_EQ(arith.materialize(index(5)), five);
  EXPECT_NE(arith.materialize(index(6)), five);
  // Before the constant, it no longer dominates: a new one.
  builder.setInsertionPoint(five.getDefiningOp());
  Value again = arith.materialize(index(5));
  EXPECT_NE(again, five);
  EXPECT_TRUE(again.getDefiningOp()->isBeforeInBlock(five.getDefiningOp()));
}

TEST_F(SliceArithTest, DimensionSizesAreNonNegative) {
  ArithIndexBuilder arith(builder, loc);
  // min(0, dim) = 0, max(-1, dim) = dim, dim < 0 is false.
  EXPECT_EQ(arith.min(index(0), dim), index(0));
  EXPECT_EQ(arith.max(dim, index(-1)), OpFoldResult(dim));
  EXPECT_EQ(getConstantBool(arith.lessThan(dim, index(0))), false);
  // 0 < dim ? dim : 0 is dim.
  OpFoldResult positive = arith.lessThan(index(0), dim);
  EXPECT_EQ(arith.select(positive, dim, index(0)), OpFoldResult(dim));
  // dim - min(dim, 3) is non-negative too.
  OpFoldResult rest = arith.sub(dim, arith.min(dim, index(3)));
  EXPECT_EQ(arith.max(rest, index(0)), rest);
  // Not for a value of unknown sign, nor for a positive bound.
  EXPECT_TRUE(definedBy<arith::MinSIOp>(arith.min(index(0), arg)));
  EXPECT_TRUE(definedBy<arith::MinSIOp>(arith.min(index(1), dim)));
  EXPECT_TRUE(definedBy<arith::CmpIOp>(arith.lessThan(arg, index(0))));
  OpFoldResult argPositive = arith.lessThan(index(0), arg);
  EXPECT_TRUE(
      definedBy<arith::SelectOp>(arith.select(argPositive, arg, index(0))));
}

TEST_F(SliceArithTest, UndoesAddsAndSubs) {
  ArithIndexBuilder arith(builder, loc);
  OpFoldResult dimMinusOne = arith.sub(dim, index(1));
  EXPECT_EQ(arith.add(dimMinusOne, index(1)), OpFoldResult(dim));
  EXPECT_EQ(arith.sub(arith.add(arg, index(7)), index(7)), OpFoldResult(arg));
  // A different constant is not undone.
  EXPECT_TRUE(definedBy<arith::AddIOp>(arith.add(dimMinusOne, index(2))));
  // -1 - (dim - 1) = 0 - dim; 0 - (0 - dim) = dim.
  OpFoldResult negated = arith.sub(index(-1), dimMinusOne);
  auto sub = definedBy<arith::SubIOp>(negated);
  ASSERT_TRUE(sub);
  EXPECT_TRUE(isConstantIntValue(sub.getLhs(), 0));
  EXPECT_EQ(sub.getRhs(), dim);
  EXPECT_EQ(arith.sub(index(0), negated), OpFoldResult(dim));
  // 5 - (2 - arg) = arg + 3.
  auto sum =
      definedBy<arith::AddIOp>(arith.sub(index(5), arith.sub(index(2), arg)));
  ASSERT_TRUE(sum);
  EXPECT_EQ(sum.getLhs(), arg);
  EXPECT_TRUE(isConstantIntValue(sum.getRhs(), 3));
}

TEST_F(SliceArithTest, NegatesComparisonsByPredicate) {
  ArithIndexBuilder arith(builder, loc);
  auto negated =
      definedBy<arith::CmpIOp>(arith.logicalNot(arith.equal(arg, index(0))));
  ASSERT_TRUE(negated);
  EXPECT_EQ(negated.getPredicate(), arith::CmpIPredicate::ne);
  EXPECT_EQ(negated.getLhs(), arg);
}
} // namespace
