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

/// Whether fusing the producer of `fused` into its consumer, when the
/// consumer reduces along its innermost loop (a row reduction), reads each
/// of the producer's inputs along that loop's rows: the loop indexes only
/// an input's last dimension, or none of it. A producer that reads across
/// (x.T * 2).sum(1) stays apart: the blocked transpose and a sum along
/// contiguous rows take 3-4 ms of 4096x4096 f32, the fused op's reads a
/// column apart 100 ms.
static bool readsRowsAlong(OpOperand *fused) {
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!consumer || !producer || consumer.getNumLoops() == 0 ||
      consumer.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return true;
  AffineMap toProducer = inversePermutation(
      producer.getIndexingMapMatchingResult(cast<OpResult>(fused->get())));
  if (!toProducer)
    return false;
  AffineMap consumerMap = consumer.getMatchingIndexingMap(fused);
  unsigned inner = consumer.getNumLoops() - 1;
  AffineExpr innerDim = getAffineDimExpr(inner, consumer.getContext());
  for (OpOperand *input : producer.getDpsInputOperands()) {
    AffineMap map = producer.getMatchingIndexingMap(input)
                        .compose(toProducer)
                        .compose(consumerMap);
    for (auto [position, result] : llvm::enumerate(map.getResults()))
      if (result.isFunctionOfDim(inner) &&
          (position + 1 != map.getNumResults() || result != innerDim))
        return false;
  }
  return true;
}

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
                                bound + 2) &&
             readsRowsAlong(fused);
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
  ///  - a linalg.reduce of an element-wise op's only result: tanh(v).mean(0)
  ///    reads v once and writes no temporary, in one loop nest whose inner
  ///    loop runs along the rows; (v[:, ::s] * 2).sum(1) is one vector
  ///    loop a row (--slice-vectorize-reductions), not a row written by
  ///    the product and read back by the sum (1.5-1.9x faster on one
  ///    thread, 4096x4096 f32);
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
      auto producer =
          op.getDpsInputOperand(0)->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || !producer->hasOneUse() || !isElementwise(producer))
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
