//===- DecomposeConcats.cpp - Concats as inserts into one tensor ----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-decompose-concats` (Passes.td): tensor.concat as a tensor.empty
// and one tensor.insert_slice per operand (upstream's decomposition), so
// that empty-tensor elimination can make each operand's producer write
// straight into its part of the result; tensor.concat's own bufferization
// allocates the result and copies every operand into it.
//
// Empty operands go first: upstream's decomposition would insert them at
// offsets that insert_slice's verifier rejects on an empty result
// (`offset 0 is out-of-bounds: 0 >= 0`). An operand with a static 0 along
// the concat dimension is dropped; a concat whose result has a static 0 in
// any dimension is a tensor.empty of the result's (reified) sizes.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEDECOMPOSECONCATS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
/// A concat with a statically empty result becomes a tensor.empty; one with
/// operands that are statically empty along its dimension loses them.
struct DropEmptyConcatOperands : OpRewritePattern<tensor::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ConcatOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getResultType();
    Location loc = op.getLoc();
    int64_t dim = op.getDim();
    SmallVector<Value> kept =
        llvm::filter_to_vector(op.getInputs(), [&](Value input) {
          return cast<RankedTensorType>(input.getType()).getDimSize(dim) != 0;
        });
    // Empty: a static 0 in the result type, or every operand empty along
    // `dim` (a result type that leaves that size `?`).
    if (llvm::is_contained(type.getShape(), 0) || kept.empty()) {
      ReifiedRankedShapedTypeDims sizes;
      if (failed(reifyResultShapes(rewriter, op, sizes)))
        return rewriter.notifyMatchFailure(op, "sizes cannot be reified");
      SmallVector<Value> dynamic;
      for (auto [size, static_] : llvm::zip_equal(sizes[0], type.getShape()))
        if (ShapedType::isDynamic(static_))
          dynamic.push_back(
              getValueOrCreateConstantIndexOp(rewriter, loc, size));
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type, dynamic);
      return success();
    }
    if (kept.size() == op.getInputs().size())
      return rewriter.notifyMatchFailure(op, "no empty operand");
    Value result =
        kept.size() == 1
            ? kept.front()
            : tensor::ConcatOp::create(rewriter, loc, dim, kept).getResult();
    if (result.getType() != type)
      result = tensor::CastOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SliceDecomposeConcatsPass
    : mlir::slice::impl::SliceDecomposeConcatsBase<SliceDecomposeConcatsPass> {
  void runOnOperation() override {
    // Nothing to decompose, and no concat result's sizes to read.
    if (!getOperation()
             ->walk([](tensor::ConcatOp) { return WalkResult::interrupt(); })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    // Two walks: the walk driver does not visit the concats that the first
    // one creates.
    RewritePatternSet empties(&getContext());
    empties.add<DropEmptyConcatOperands>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(empties));
    RewritePatternSet patterns(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    // The result's run-time sizes, read from the operands' producers'
    // inits (tensor.dim of a DPS result), not from the operands: empty-
    // tensor elimination can then make each producer write its part of
    // the result, whose tensor.empty must come before the producers.
    RewritePatternSet dims(&getContext());
    tensor::DimOp::getCanonicalizationPatterns(dims, &getContext());
    tensor::EmptyOp::getCanonicalizationPatterns(dims, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(dims))))
      return signalPassFailure();
  }
};
} // namespace
