//===- SpeculationTest.cpp - Speculatable exactly when nothing is checked -===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided and slice.strided_update are speculatable exactly when their
// lowering leaves no check to run time: over random specs (static and
// dynamic entries, every mask, offset mode) on static and dynamic shapes,
// getSpeculatability() says Speculatable if and only if the normal form
// (normalizeStridedOp / normalizeStridedUpdateOp) emits no cf.assert. A
// speculatable op that the normal form checks would let LICM make a valid
// program abort; the converse would only keep code in loops needlessly.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"
#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::slice;

namespace {
class SpeculationTest : public ::testing::Test {
protected:
  SpeculationTest() : builder(&context), random(20261126) {
    context.loadDialect<SliceDialect, arith::ArithDialect, func::FuncDialect,
                        tensor::TensorDialect, cf::ControlFlowDialect>();
    // Specs the verifier rejects are drawn too; they are skipped quietly.
    context.getDiagEngine().registerHandler([](Diagnostic &) {});
  }

  int64_t pick(int64_t low, int64_t high) {
    return std::uniform_int_distribution<int64_t>(low, high)(random);
  }

  /// A random shape of rank 1 to 3: sizes 0 to 6, or dynamic.
  SmallVector<int64_t> randomShape() {
    SmallVector<int64_t> shape;
    for (int64_t d = 0, rank = pick(1, 3); d < rank; ++d)
      shape.push_back(pick(0, 3) == 0 ? ShapedType::kDynamic : pick(0, 6));
    return shape;
  }

  /// One random entry value: static in [-8, 8] (`nonZero`: never 0), or the
  /// function's index argument.
  OpFoldResult randomEntry(Value dynamic, bool nonZero) {
    if (pick(0, 3) == 0)
      return dynamic;
    int64_t value = pick(-8, 8);
    if (nonZero && value == 0)
      value = 1;
    return builder.getIndexAttr(value);
  }

  struct Spec {
    SmallVector<OpFoldResult> begin, end, strides;
    SliceMasks masks;
    bool offset = false;
  };

  Spec randomSpec(unsigned rank, Value dynamic) {
    Spec spec;
    int64_t entries = pick(0, rank + 1);
    for (int64_t i = 0; i < entries; ++i) {
      spec.begin.push_back(randomEntry(dynamic, false));
      spec.end.push_back(randomEntry(dynamic, false));
      spec.strides.push_back(randomEntry(dynamic, true));
      uint64_t bit = uint64_t(1) << i;
      switch (pick(0, 9)) {
      case 0:
        spec.masks.shrinkAxis |= bit;
        break;
      case 1:
        spec.masks.newAxis |= bit;
        break;
      case 2:
        if (!spec.masks.ellipsis)
          spec.masks.ellipsis |= bit;
        break;
      default:
        if (pick(0, 2) == 0)
          spec.masks.begin |= bit;
        if (pick(0, 2) == 0)
          spec.masks.end |= bit;
      }
    }
    spec.offset = pick(0, 4) == 0;
    return spec;
  }

  /// A function `@f(%x: tensor<shape>, %i: index)` whose body the callback
  /// fills; returns it, or nullptr when the callback built nothing valid.
  func::FuncOp makeFunction(ModuleOp module, ArrayRef<int64_t> shape,
                            Type extra) {
    builder.setInsertionPointToEnd(module.getBody());
    auto type = RankedTensorType::get(shape, builder.getF32Type());
    SmallVector<Type> inputs = {type, builder.getIndexType()};
    if (extra)
      inputs.push_back(extra);
    auto func = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                     builder.getFunctionType(inputs, {}));
    builder.setInsertionPointToEnd(func.addEntryBlock());
    return func;
  }

  static std::string print(Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  static int countAsserts(func::FuncOp func) {
    int asserts = 0;
    func.walk([&](cf::AssertOp) { ++asserts; });
    return asserts;
  }

  MLIRContext context;
  OpBuilder builder;
  std::mt19937_64 random;
};
} // namespace

TEST_F(SpeculationTest, SliceSpeculatableIffNoRunTimeCheck) {
  int checked = 0, unchecked = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
    SmallVector<int64_t> shape = randomShape();
    func::FuncOp func = makeFunction(*module, shape, Type());
    Location loc = builder.getUnknownLoc();
    Spec spec = randomSpec(shape.size(), func.getArgument(1));
    auto op =
        StridedOp::create(builder, loc, func.getArgument(0), spec.begin,
                          spec.end, spec.strides, spec.masks, spec.offset);
    func::ReturnOp::create(builder, loc);
    if (failed(verify(op)))
      continue;
    bool speculatable = op.getSpeculatability() == Speculation::Speculatable;
    IRRewriter rewriter(&context);
    rewriter.setInsertionPoint(op);
    ASSERT_TRUE(succeeded(normalizeStridedOp(rewriter, op)));
    int asserts = countAsserts(func);
    (asserts ? checked : unchecked)++;
    EXPECT_EQ(speculatable, asserts == 0) << print(*module);
  }
  // Both kinds occur often enough for the property to mean something.
  EXPECT_GT(checked, 500);
  EXPECT_GT(unchecked, 500);
}

TEST_F(SpeculationTest, UpdateSpeculatableIffNoRunTimeCheck) {
  int checked = 0, unchecked = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
    SmallVector<int64_t> shape = randomShape();
    // The value: the slice's type as inferred, with some sizes made
    // dynamic (checked at run time) or 1 (broadcast).
    Spec spec;
    std::optional<RankedTensorType> sliceType;
    {
      OwningOpRef<ModuleOp> scratch = ModuleOp::create(builder.getUnknownLoc());
      func::FuncOp probe = makeFunction(*scratch, shape, Type());
      spec = randomSpec(shape.size(), probe.getArgument(1));
      auto op = StridedOp::create(builder, builder.getUnknownLoc(),
                                  probe.getArgument(0), spec.begin, spec.end,
                                  spec.strides, spec.masks, spec.offset);
      if (failed(verify(op)))
        continue;
      sliceType = op.getResultType();
    }
    SmallVector<int64_t> valueShape(sliceType->getShape());
    for (int64_t &size : valueShape)
      if (pick(0, 3) == 0)
        size = pick(0, 1) ? ShapedType::kDynamic : 1;
    auto valueType = RankedTensorType::get(valueShape, builder.getF32Type());
    func::FuncOp func = makeFunction(*module, shape, valueType);
    Location loc = builder.getUnknownLoc();
    // The spec again, its dynamic entries now this function's argument.
    auto rebind = [&](SmallVector<OpFoldResult> &values) {
      for (OpFoldResult &value : values)
        if (isa<Value>(value))
          value = func.getArgument(1);
    };
    rebind(spec.begin);
    rebind(spec.end);
    rebind(spec.strides);
    auto op = StridedUpdateOp::create(builder, loc, func.getArgument(2),
                                      func.getArgument(0), spec.begin, spec.end,
                                      spec.strides, spec.masks, spec.offset);
    func::ReturnOp::create(builder, loc);
    if (failed(verify(op)))
      continue;
    bool speculatable = op.getSpeculatability() == Speculation::Speculatable;
    IRRewriter rewriter(&context);
    rewriter.setInsertionPoint(op);
    ASSERT_TRUE(succeeded(normalizeStridedUpdateOp(rewriter, op)));
    // The spec's checks come with the normal form; the value's sizes are
    // checked when the update is lowered, wherever the types leave one
    // unknown (matchUpdateValue).
    std::string error;
    std::optional<SmallVector<UpdateDimMatch>> matches = matchUpdateValue(
        toMaybeInts(valueShape), toMaybeInts(sliceType->getShape()), error);
    ASSERT_TRUE(matches.has_value()) << error;
    bool valueChecked =
        llvm::is_contained(*matches, UpdateDimMatch::CheckedAtRunTime);
    bool anyCheck = countAsserts(func) > 0 || valueChecked;
    (anyCheck ? checked : unchecked)++;
    EXPECT_EQ(speculatable, !anyCheck) << print(*module);
  }
  EXPECT_GT(checked, 200);
  EXPECT_GT(unchecked, 200);
}
