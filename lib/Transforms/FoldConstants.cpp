//===- FoldConstants.cpp - Fold slices of constants of any size -----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The folder of slice.strided folds splats and small constants only; this
// pattern (and the pass around it) folds bigger ones when the caller agrees.
//
//===----------------------------------------------------------------------===//

#include "ControlledPattern.h"

#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFOLDCONSTANTS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

namespace {
struct FoldConstantSlice : ControlledSlicePattern<ConstantFoldControlFn> {
  using ControlledSlicePattern::ControlledSlicePattern;

  LogicalResult matchAndRewrite(StridedOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr source;
    if (!matchPattern(op.getSource(), m_Constant(&source)))
      return rewriter.notifyMatchFailure(op, "the source is not a constant");
    if (failed(askControl(rewriter, op, op)))
      return failure();
    DenseElementsAttr folded = sliceConstant(op, source, /*maxElements=*/-1);
    if (!folded)
      return rewriter.notifyMatchFailure(op, "cannot fold");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, folded);
    return success();
  }
};

struct SliceFoldConstantsPass
    : mlir::slice::impl::SliceFoldConstantsBase<SliceFoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    int64_t limit = maxElements;
    populateSliceConstantFoldPatterns(patterns, [limit](StridedOp op) {
      std::optional<int64_t> elements =
          checkedProduct(op.getResultType().getShape());
      return limit < 0 || (elements && *elements <= limit);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void mlir::slice::populateSliceConstantFoldPatterns(
    RewritePatternSet &patterns, ConstantFoldControlFn control) {
  patterns.add<FoldConstantSlice>(patterns.getContext(), std::move(control));
}
