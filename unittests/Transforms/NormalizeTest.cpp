//===- NormalizeTest.cpp - Rewrites that fail leave the IR alone ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// normalizeStridedOp and lowerStridedOp, called by patterns, must not change
// the IR when they fail: the greedy driver requires it, and an embedder's
// rewriter would otherwise see half a rewrite. An op whose normal form does
// not verify (here one built with a wrong result type, never verified)
// makes them fail after the normal form's arithmetic is known.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/SliceToTensor/SliceToTensor.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
/// Counts every notification a rewriter sends.
struct CountingListener : RewriterBase::Listener {
  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    ++changes;
  }
  void notifyOperationModified(Operation *) override { ++changes; }
  void notifyOperationReplaced(Operation *, ValueRange) override { ++changes; }
  void notifyOperationErased(Operation *) override { ++changes; }
  int changes = 0;
};

class NormalizeTest : public ::testing::Test {
protected:
  NormalizeTest() : builder(&context) {
    context.loadDialect<SliceDialect, arith::ArithDialect, func::FuncDialect,
                        tensor::TensorDialect, cf::ControlFlowDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// func @f(%x: tensor<?xf32>, %i: index) holding x[%i::2] typed
  /// `resultType` (a wrong type makes an op that does not verify).
  StridedOp makeSlice(RankedTensorType resultType) {
    Location loc = builder.getUnknownLoc();
    auto source =
        RankedTensorType::get({ShapedType::kDynamic}, builder.getF32Type());
    auto func = func::FuncOp::create(
        builder, loc, "f",
        builder.getFunctionType({source, builder.getIndexType()}, {}));
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
    SliceMasks masks;
    masks.end = 1;
    auto op = StridedOp::create(builder, loc, resultType, body->getArgument(0),
                                {OpFoldResult(body->getArgument(1))},
                                {builder.getIndexAttr(0)},
                                {builder.getIndexAttr(2)}, masks);
    func::ReturnOp::create(builder, loc);
    return op;
  }

  std::string print() {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, OpPrintingFlags().printGenericOpForm());
    return text;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(NormalizeTest, FailureChangesNothing) {
  // Rank 2 for a rank-1 slice: the normal form cannot verify.
  StridedOp op = makeSlice(RankedTensorType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, builder.getF32Type()));
  std::string before = print();
  // The verifier's diagnostics of the rejected normal form.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  CountingListener listener;
  IRRewriter rewriter(&context, &listener);
  EXPECT_TRUE(failed(normalizeStridedOp(rewriter, op)));
  EXPECT_TRUE(failed(lowerStridedOp(rewriter, op, SliceLowering::View)));
  EXPECT_EQ(listener.changes, 0);
  EXPECT_EQ(print(), before);
}

TEST_F(NormalizeTest, SuccessMovesTheArithmeticIn) {
  StridedOp op = makeSlice(
      RankedTensorType::get({ShapedType::kDynamic}, builder.getF32Type()));
  CountingListener listener;
  IRRewriter rewriter(&context, &listener);
  FailureOr<StridedOp> normal = normalizeStridedOp(rewriter, op);
  ASSERT_TRUE(succeeded(normal));
  EXPECT_TRUE(normal->getOffset());
  EXPECT_GT(listener.changes, 0);
  // The wrapped, clamped start and the size arithmetic precede it.
  EXPECT_NE(normal->getOperation()->getPrevNode(), nullptr);
  EXPECT_TRUE(succeeded(module->verify()));
}
