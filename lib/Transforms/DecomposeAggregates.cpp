//===- DecomposeAggregates.cpp - linalg.softmax and kin as generics -------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-decompose-aggregates` (Passes.td): every op that implements
// linalg::AggregatedOpInterface replaced by upstream's decomposition of it.
// Nothing else in the pipelines lowers these ops: they are not structured
// ops, and a partial conversion leaves them where they are.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEDECOMPOSEAGGREGATES
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceDecomposeAggregatesPass
    : mlir::slice::impl::SliceDecomposeAggregatesBase<
          SliceDecomposeAggregatesPass> {
  void runOnOperation() override {
    SmallVector<linalg::AggregatedOpInterface> aggregates;
    getOperation()->walk(
        [&](linalg::AggregatedOpInterface op) { aggregates.push_back(op); });
    if (aggregates.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (linalg::AggregatedOpInterface op : aggregates) {
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
      if (failed(values)) {
        op->emitError() << "cannot be decomposed into structured ops";
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *values);
    }
  }
};
} // namespace
