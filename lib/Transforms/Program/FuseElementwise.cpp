//===- FuseElementwise.cpp - Element-wise fusion, bounded -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-fuse-elementwise` (Passes.td): upstream's
// `--linalg-fuse-elementwise-ops`, the same patterns and the same
// single-use rule, with a bound on the operands of a fused op. Each fusion
// builds a new op with the operands of both: a chain of N element-wise ops
// fused into one copies O(N) operands N times, and `acc = acc + x[v_i]`
// a thousand times took most of a compile.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFUSEELEMENTWISE
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceFuseElementwisePass
    : mlir::slice::impl::SliceFuseElementwiseBase<SliceFuseElementwisePass> {
  using SliceFuseElementwiseBase::SliceFuseElementwiseBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    bool generalized = generalizeForFusion();
    unsigned bound = maxOperands;
    // Upstream's rule (a producer with one use), and the fused op's
    // operands within the bound.
    linalg::ControlFusionFn control = [bound](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      // The fused op: the producer's inputs and the consumer's other
      // operands (one init each, the op having one result).
      return producer && producer->hasOneUse() &&
             (bound == 0 || producer->getNumOperands() +
                                    fused->getOwner()->getNumOperands() <=
                                bound + 2);
    };
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, control);
    // Top-down, as upstream's pass, for its compile time.
    bool changed = false;
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal(),
                                &changed);
    if (!changed && !generalized)
      markAllAnalysesPreserved();
  }

  /// Named ops that element-wise ops around them should fuse with, as the
  /// generics they stand for (upstream's fusion takes generics only):
  ///  - a linalg.reduce that keeps the innermost dimension (x.sum(0)) of
  ///    an element-wise op's only result: tanh(v).mean(0) reads v once
  ///    and writes no temporary, in one loop nest whose inner loop runs
  ///    along the rows. Reductions along the rows stay named:
  ///    --slice-fuse-rows and --slice-vectorize-reductions take them with
  ///    their producers;
  ///  - a linalg.transpose of an element-wise op's only result, or read
  ///    by an element-wise op: (max(v, b).T * 2 + 1) is one loop nest
  ///    reading v across its rows (which --slice-block-transposes runs in
  ///    blocks), not three passes and two temporaries.
  /// Returns whether it generalized an op.
  bool generalizeForFusion() {
    SmallVector<linalg::LinalgOp> named;
    auto isElementwise = [](Operation *op) {
      auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
      return generic && generic.getNumReductionLoops() == 0 &&
             generic->getNumResults() == 1;
    };
    getOperation()->walk([&](linalg::TransposeOp op) {
      Value input = op.getInput();
      if (!op.hasPureTensorSemantics())
        return;
      Operation *producer = input.getDefiningOp();
      bool fromElementwise = isElementwise(producer) && producer->hasOneUse();
      bool intoElementwise =
          llvm::any_of(op->getResult(0).getUsers(), isElementwise);
      if (fromElementwise || intoElementwise)
        named.push_back(op);
    });
    getOperation()->walk([&](linalg::ReduceOp op) {
      if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1)
        return;
      Value input = op.getDpsInputOperand(0)->get();
      int64_t rank = cast<ShapedType>(input.getType()).getRank();
      auto producer = input.getDefiningOp<linalg::GenericOp>();
      if (llvm::is_contained(op.getDimensions(), rank - 1) || !producer ||
          !producer->hasOneUse() || !isElementwise(producer))
        return;
      named.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    return !named.empty();
  }
};
} // namespace
