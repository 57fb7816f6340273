//===- TestValueBounds.cpp - --slice-test-value-bounds --------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A test pass (not part of the libraries) that asks upstream's value-bounds
// analysis what it knows of the dimensions of slice results, through the
// entry points upstream's own transforms use (affine::reifyValueBound for
// a closed form, ValueBoundsConstraintSet::computeConstantBound for
// constants). For every `tensor.dim` of a slice op's result:
//
//   - when the size is a closed form of values that no slice op makes (the
//     function's arguments, other ops' results), the dim is replaced by it
//     (affine.apply of those values and their tensor.dim);
//   - otherwise a remark gives its constant bounds, `between L and U`, or
//     `no constant bound` when there is none.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
struct TestValueBoundsPass
    : PassWrapper<TestValueBoundsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestValueBoundsPass)

  StringRef getArgument() const final { return "slice-test-value-bounds"; }
  StringRef getDescription() const final {
    return "Reify or bound the tensor.dim of slice results through the "
           "value-bounds analysis (test only)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<affine::AffineDialect, arith::ArithDialect,
                    tensor::TensorDialect>();
  }

  void runOnOperation() override {
    SmallVector<tensor::DimOp> dims;
    getOperation().walk([&](tensor::DimOp op) {
      Operation *producer = op.getSource().getDefiningOp();
      if (producer &&
          isa<StridedOp, StridedAxesOp, StridedUpdateOp, StridedAxesUpdateOp>(
              producer))
        dims.push_back(op);
    });
    // Closed forms in terms of values that no slice op makes.
    auto atArguments = [](Value value, std::optional<int64_t>,
                          ValueBoundsConstraintSet &) {
      Operation *producer = value.getDefiningOp();
      return !producer || !isa<SliceDialect>(producer->getDialect());
    };
    for (tensor::DimOp op : dims) {
      std::optional<int64_t> dim = op.getConstantIndex();
      if (!dim) {
        op.emitRemark() << "no constant dimension index";
        continue;
      }
      ValueBoundsConstraintSet::Variable var(op.getSource(), *dim);
      OpBuilder builder(op);
      FailureOr<OpFoldResult> exact = affine::reifyValueBound(
          builder, op.getLoc(), presburger::BoundType::EQ, var, atArguments);
      if (succeeded(exact)) {
        op.replaceAllUsesWith(
            getValueOrCreateConstantIndexOp(builder, op.getLoc(), *exact));
        op.erase();
        continue;
      }
      FailureOr<int64_t> lower = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::LB, var);
      FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB, var, /*stopCondition=*/nullptr,
          /*closedUB=*/true);
      InFlightDiagnostic remark = op.emitRemark();
      if (failed(lower) && failed(upper)) {
        remark << "no constant bound";
        continue;
      }
      remark << "between "
             << (succeeded(lower) ? std::to_string(*lower) : std::string("?"))
             << " and "
             << (succeeded(upper) ? std::to_string(*upper) : std::string("?"));
    }
  }
};
} // namespace

void mlir::slice::test::registerTestValueBoundsPass() {
  PassRegistration<TestValueBoundsPass>();
}
