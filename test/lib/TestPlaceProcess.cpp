//===- TestPlaceProcess.cpp - A partitioned function on one process -------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// --slice-test-place-process="at=i,j,...": replaces every shard process
// index with the constants of the process at grid position (i, j, ...),
// so that canonicalization folds a partitioned function to what that one
// process runs: the communication plan's counts, offsets and peers become
// numbers that FileCheck can read (test/Transforms/Sharding/sharding-plan.mlir).
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
struct TestPlaceProcessPass
    : PassWrapper<TestPlaceProcessPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPlaceProcessPass)

  TestPlaceProcessPass() = default;
  TestPlaceProcessPass(const TestPlaceProcessPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "slice-test-place-process"; }
  StringRef getDescription() const final {
    return "Replace the shard process indices with one process's (test "
           "only)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    SmallVector<Operation *> indices;
    getOperation().walk([&](Operation *op) {
      if (isa<shard::ProcessMultiIndexOp, shard::ProcessLinearIndexOp>(op))
        indices.push_back(op);
    });
    for (Operation *op : indices) {
      OpBuilder builder(op);
      SmallVector<int64_t> values;
      if (auto multi = dyn_cast<shard::ProcessMultiIndexOp>(op)) {
        ArrayRef<shard::GridAxis> axes = multi.getAxes();
        for (unsigned i = 0; i < op->getNumResults(); ++i) {
          unsigned axis = axes.empty() ? i : axes[i];
          if (axis >= at.size()) {
            op->emitError()
                << "has no index for grid axis " << axis << " in at=";
            return signalPassFailure();
          }
          values.push_back(at[axis]);
        }
      } else {
        auto linear = cast<shard::ProcessLinearIndexOp>(op);
        SymbolTableCollection symbols;
        shard::GridOp grid =
            shard::getGridOrNull(op, linear.getGridAttr(), symbols);
        if (!grid || grid.getShape().size() != at.size()) {
          op->emitError() << "needs at= to name an index per grid axis";
          return signalPassFailure();
        }
        int64_t index = 0;
        for (auto [size, here] : llvm::zip_equal(grid.getShape(), at))
          index = index * size + here;
        values.push_back(index);
      }
      for (auto [result, value] : llvm::zip_equal(op->getResults(), values))
        result.replaceAllUsesWith(
            arith::ConstantIndexOp::create(builder, op->getLoc(), value));
      op->erase();
    }
  }

  ListOption<int64_t> at{*this, "at",
                         llvm::cl::desc("The process's index on each grid "
                                        "axis")};
};
} // namespace

void mlir::slice::test::registerTestPlaceProcessPass() {
  PassRegistration<TestPlaceProcessPass>();
}
