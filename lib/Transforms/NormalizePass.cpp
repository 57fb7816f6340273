//===- NormalizePass.cpp - --slice-normalize ------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Rewrites every slice op of the IR into the normal form: the pass applies
// `populateSliceNormalizePatterns` (Slice/Transforms/Transforms.h), built
// on `convertAxesToStrided`, `convertAxesUpdateToStrided`,
// `normalizeStridedOp` and `normalizeStridedUpdateOp`.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/Transforms.h"
#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICENORMALIZE
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

namespace {
/// slice.strided and slice.strided_update into the normal form.
struct NormalizeSpecOp : OpInterfaceRewritePattern<SliceSpecOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(SliceSpecOpInterface op,
                                PatternRewriter &rewriter) const override {
    if (op.isNormalForm())
      return rewriter.notifyMatchFailure(op, "in normal form already");
    if (auto update = dyn_cast<StridedUpdateOp>(op.getOperation()))
      return normalizeStridedUpdateOp(rewriter, update);
    return normalizeStridedOp(rewriter, cast<StridedOp>(op.getOperation()));
  }
};

/// slice.strided_axes into slice.strided in normal form (in one step, as a
/// walk visits no op it creates).
struct NormalizeStridedAxes : OpRewritePattern<StridedAxesOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedAxesOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, op);
    if (failed(strided))
      return rewriter.notifyMatchFailure(op, "invalid axes");
    (void)normalizeStridedOp(rewriter, *strided);
    return success();
  }
};

/// slice.strided_axes_update into slice.strided_update in normal form.
struct NormalizeStridedAxesUpdate : OpRewritePattern<StridedAxesUpdateOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedAxesUpdateOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<StridedUpdateOp> update =
        convertAxesUpdateToStrided(rewriter, op);
    if (failed(update))
      return rewriter.notifyMatchFailure(op, "invalid axes");
    (void)normalizeStridedUpdateOp(rewriter, *update);
    return success();
  }
};

struct SliceNormalizePass
    : mlir::slice::impl::SliceNormalizeBase<SliceNormalizePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSliceNormalizePatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    // A pattern fails only on an op the verifier rejects (and the walk
    // skips unreachable blocks): report the first left without the normal
    // form's shape (isNormalForm also asks for no run-time checks).
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (isa<StridedAxesOp, StridedAxesUpdateOp>(op)) {
        op->emitOpError("cannot be rewritten into slice.strided");
        return WalkResult::interrupt();
      }
      auto spec = dyn_cast<SliceSpecOpInterface>(op);
      if (!spec || hasNormalFormShape(spec))
        return WalkResult::advance();
      op->emitOpError("cannot be rewritten into the normal form: ")
          << explainNormalFormFailure(spec);
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void mlir::slice::populateSliceNormalizePatterns(RewritePatternSet &patterns) {
  patterns
      .add<NormalizeSpecOp, NormalizeStridedAxes, NormalizeStridedAxesUpdate>(
          patterns.getContext());
}
