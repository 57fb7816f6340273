//===- RefinePoisonTensors.cpp - Poison tensors made bufferizable ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-refine-poison-tensors` (Passes.td): `ub.poison` of a ranked
// tensor type, which upstream's remove-dead-values leaves where it erased a
// value that dead code still names, becomes a `tensor.empty` (dynamic sizes
// 0). Poison may be refined to any value, and one-shot-bufferize has no
// model for it ("op was not bufferized").
//
//===----------------------------------------------------------------------===//

#include "PoisonSizes.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Utils/ChangeListener.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEREFINEPOISONTENSORS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
/// ub.poison : tensor<...> -> tensor.empty, dynamic sizes 0.
struct PoisonTensorToEmpty : OpRewritePattern<ub::PoisonOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ub::PoisonOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a ranked tensor");
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(
        op, type, slice::detail::zeroDynamicSizes(rewriter, op.getLoc(), type));
    return success();
  }
};

struct SliceRefinePoisonTensorsPass
    : mlir::slice::impl::SliceRefinePoisonTensorsBase<
          SliceRefinePoisonTensorsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    slice::populateRefinePoisonTensorsPatterns(patterns);
    slice::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateRefinePoisonTensorsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<PoisonTensorToEmpty>(patterns.getContext());
}
