//===- NormalizePass.cpp - --slice-normalize ------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites every slice op of the IR into the normal form, with
// `convertAxesToStrided`, `convertAxesUpdateToStrided`, `normalizeStridedOp`
// and `normalizeStridedUpdateOp` (Slice/Utils/NormalForm.h).
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"
#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICENORMALIZE
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

namespace {
struct SliceNormalizePass
    : mlir::slice::impl::SliceNormalizeBase<SliceNormalizePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<StridedAxesOp> axesOps;
    getOperation()->walk([&](StridedAxesOp op) { axesOps.push_back(op); });
    for (StridedAxesOp op : axesOps) {
      rewriter.setInsertionPoint(op);
      if (failed(convertAxesToStrided(rewriter, op))) {
        op.emitOpError("cannot be rewritten into slice.strided");
        return signalPassFailure();
      }
    }
    SmallVector<StridedAxesUpdateOp> axesUpdates;
    getOperation()->walk(
        [&](StridedAxesUpdateOp op) { axesUpdates.push_back(op); });
    for (StridedAxesUpdateOp op : axesUpdates) {
      rewriter.setInsertionPoint(op);
      if (failed(convertAxesUpdateToStrided(rewriter, op))) {
        op.emitOpError("cannot be rewritten into slice.strided_update");
        return signalPassFailure();
      }
    }
    SmallVector<StridedUpdateOp> updates;
    getOperation()->walk([&](StridedUpdateOp op) { updates.push_back(op); });
    for (StridedUpdateOp op : updates) {
      if (failed(normalizeStridedUpdateOp(rewriter, op))) {
        op.emitOpError("cannot be rewritten into the normal form");
        return signalPassFailure();
      }
    }
    SmallVector<StridedOp> ops;
    getOperation()->walk([&](StridedOp op) { ops.push_back(op); });
    for (StridedOp op : ops) {
      if (failed(normalizeStridedOp(rewriter, op))) {
        op.emitOpError("cannot be rewritten into the normal form: ")
            << explainNormalFormFailure(op);
        return signalPassFailure();
      }
    }
  }
};
} // namespace
