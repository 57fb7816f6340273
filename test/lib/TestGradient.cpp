//===- TestGradient.cpp - --slice-test-gradient ---------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A test pass (not part of the libraries) that calls
// buildStridedSliceGradient the way an autodiff pass would, so that lit
// tests and the executed NumPy differential can check the gradient of any
// slice written in a test module. In a function whose last argument is the
// gradient `dy` of a `slice.strided` marked `slice.test_gradient`, the
// first value the function returns becomes the gradient with respect to
// that slice's source, and the slice is erased:
//
//   func.func @g(%x: tensor<5xf32>, %dy: tensor<2xf32>) -> tensor<5xf32> {
//     %s = slice.strided %x[1:4:2] {slice.test_gradient}
//         : tensor<5xf32> to tensor<2xf32>
//     return %x : tensor<5xf32>     // becomes zeros with dy at 1 and 3
//   }
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/Utils/Gradient.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
struct TestGradientPass
    : PassWrapper<TestGradientPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestGradientPass)

  StringRef getArgument() const final { return "slice-test-gradient"; }
  StringRef getDescription() const final {
    return "Replace the first result of a function by the gradient of its "
           "slice.strided marked slice.test_gradient (test only)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, tensor::TensorDialect>();
  }

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    StridedOp marked;
    function.walk([&](StridedOp op) {
      if (op->hasAttr("slice.test_gradient"))
        marked = op;
    });
    if (!marked)
      return;
    if (function.getNumArguments() == 0 || function.getNumResults() == 0 ||
        function.getResultTypes()[0] != marked.getSourceType()) {
      marked.emitOpError("slice.test_gradient needs a function whose last "
                         "argument is dy and whose first result has the "
                         "source's type");
      return signalPassFailure();
    }
    Value dy = function.getArguments().back();
    auto terminator =
        cast<func::ReturnOp>(function.getBody().back().getTerminator());
    OpBuilder builder(terminator);
    FailureOr<Value> gradient =
        buildStridedSliceGradient(builder, marked.getLoc(), marked, dy);
    if (failed(gradient)) {
      marked.emitOpError("has no gradient for dy of type ") << dy.getType();
      return signalPassFailure();
    }
    terminator->setOperand(0, *gradient);
    if (marked->use_empty())
      marked->erase();
  }
};
} // namespace

void mlir::slice::test::registerTestGradientPass() {
  PassRegistration<TestGradientPass>();
}
