//===- CollapseUnitViews.cpp - Unit dimensions of views dropped as views --===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One-shot-bufferize (MLIR 22) keeps a tensor.collapse_shape a view only
// when memref::CollapseShapeOp::isGuaranteedCollapsible holds, which asks
// for static strides even where a dimension of size 1 makes its stride
// irrelevant; otherwise it allocates and copies. A slice that shrinks a
// dimension beside a kept one of run-time size keeps every dimension and
// collapses the shrunk one (SliceView::isAmbiguousRankReduction), so
// `y[:, 0]` on a run-time shape, a view, was a copy: the allocation, the
// copy and the dense fast path they brought were half the compile time of
// bench/compile_scaling.py's mix and a copy of the slice at run time.
//
// A collapse that only drops unit dimensions is the slice that shrinks
// them, and slice.strided's bufferization model builds that as a subview
// and a memref.collapse_shape, whose lowering skips the unit dimensions'
// strides. Upstream's fix would be isGuaranteedCollapsible skipping
// dimensions of static size 1 before it asks for static strides.
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/CollapseUnitViews.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Transforms/Passes.h"
#include "Slice/Utils/ChangeListener.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECOLLAPSEUNITVIEWS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

namespace {
/// tensor.collapse_shape %v [groups] -> slice.strided %v[...] with the unit
/// dimensions a group drops shrunk (index 0) and the one it keeps (its
/// only dimension of another size, or its last) taken whole.
struct CollapseUnitView : OpRewritePattern<tensor::CollapseShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Whether `value` may bufferize with strides known only at run time: a
  /// function's argument or a view of a value. A fresh value gets a dense
  /// buffer, which upstream collapses as a view.
  static bool mayHaveRunTimeStrides(Value value) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
    return isa_and_nonnull<tensor::ExtractSliceOp, StridedOp>(
        value.getDefiningOp());
  }

  LogicalResult matchAndRewrite(tensor::CollapseShapeOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSrc();
    if (!mayHaveRunTimeStrides(source))
      return rewriter.notifyMatchFailure(op, "a dense source");
    ArrayRef<int64_t> shape = op.getSrcType().getShape();
    if (shape.size() > 64)
      return rewriter.notifyMatchFailure(op, "more dimensions than a mask");
    // Every dimension shrunk but the one each group keeps (a collapse to
    // rank 0 has no group: all of them).
    SliceMasks masks;
    masks.shrinkAxis = llvm::maskTrailingOnes<uint64_t>(shape.size());
    for (const ReassociationIndices &group : op.getReassociationIndices()) {
      int64_t kept = -1;
      for (int64_t dim : group) {
        if (shape[dim] == 1)
          continue;
        if (kept >= 0)
          return rewriter.notifyMatchFailure(op, "merges two dimensions");
        kept = dim;
      }
      if (kept < 0)
        kept = group.back();
      uint64_t bit = uint64_t(1) << kept;
      masks.begin |= bit;
      masks.end |= bit;
      masks.shrinkAxis &= ~bit;
    }
    OpFoldResult zero = rewriter.getIndexAttr(0);
    OpFoldResult one = rewriter.getIndexAttr(1);
    SmallVector<OpFoldResult> begin(shape.size(), zero);
    SmallVector<OpFoldResult> end(shape.size(), zero);
    SmallVector<OpFoldResult> strides(shape.size(), one);
    for (unsigned dim = 0; dim < shape.size(); ++dim)
      if (masks.shrinkAxis & (uint64_t(1) << dim))
        end[dim] = one;
    rewriter.replaceOpWithNewOp<StridedOp>(op, op.getResultType(), source,
                                           begin, end, strides, masks);
    return success();
  }
};

struct SliceCollapseUnitViewsPass
    : mlir::slice::impl::SliceCollapseUnitViewsBase<
          SliceCollapseUnitViewsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSliceCollapseUnitViewsPatterns(patterns);
    slice::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateSliceCollapseUnitViewsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<CollapseUnitView>(patterns.getContext());
}
