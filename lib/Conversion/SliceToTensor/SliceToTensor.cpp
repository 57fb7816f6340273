//===- SliceToTensor.cpp - slice ops to tensor views ----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Lowers slice.strided through its normal form into tensor.extract_slice
// (negative strides and rank reduction included) plus tensor.expand_shape
// for new axes; the Copy flavour copies the view into a fresh tensor with
// linalg.copy (used by --convert-slice-to-linalg).
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"
#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTSLICETOTENSOR
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// Builds the tensor value `view` denotes on `source`.
static Value buildTensorView(OpBuilder &builder, Location loc, Value source,
                             const SliceView &view, RankedTensorType resultType,
                             SliceLowering lowering) {
  Type elementType = resultType.getElementType();
  Value result;
  if (view.knownEmpty) {
    result =
        tensor::EmptyOp::create(builder, loc, view.resultSizes, elementType);
  } else {
    SmallVector<int64_t> reducedShape = view.getReducedShape();
    auto reducedType = RankedTensorType::get(reducedShape, elementType);
    // An ambiguous rank reduction keeps every dimension and collapses the
    // shrunk ones away (SliceView::isAmbiguousRankReduction).
    bool ambiguous = view.isAmbiguousRankReduction();
    SmallVector<OpFoldResult> sliceSizes = view.sizes;
    SmallVector<OpFoldResult> copySizes = view.reducedSizes;
    RankedTensorType sliceType = reducedType;
    if (ambiguous) {
      sliceSizes = view.getFullRankSizes();
      copySizes = sliceSizes;
      SmallVector<int64_t> fullShape;
      for (OpFoldResult size : sliceSizes)
        fullShape.push_back(
            getConstantIntValue(size).value_or(ShapedType::kDynamic));
      sliceType = RankedTensorType::get(fullShape, elementType);
    }
    result =
        tensor::ExtractSliceOp::create(builder, loc, sliceType, source,
                                       view.offsets, sliceSizes, view.strides);
    if (lowering == SliceLowering::Copy) {
      Value init =
          tensor::EmptyOp::create(builder, loc, copySizes, elementType);
      result = linalg::CopyOp::create(builder, loc, result, init).getResult(0);
    }
    if (ambiguous)
      result = tensor::CollapseShapeOp::create(
          builder, loc, reducedType, result,
          view.layout.getShrinkCollapseGroups());
    if (view.layout.hasNewAxes()) {
      auto expandedType =
          RankedTensorType::get(view.getResultShape(), elementType);
      result = tensor::ExpandShapeOp::create(builder, loc, expandedType, result,
                                             view.layout.reassociation,
                                             view.resultSizes);
    }
  }
  if (result.getType() != resultType)
    result = tensor::CastOp::create(builder, loc, resultType, result);
  return result;
}

FailureOr<Value> mlir::slice::lowerStridedOp(RewriterBase &rewriter,
                                             StridedOp op,
                                             SliceLowering lowering) {
  FailureOr<StridedOp> normal = normalizeStridedOp(rewriter, op);
  if (failed(normal))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(*normal);
  Location loc = normal->getLoc();
  SliceView view = computeSliceView(rewriter, loc, getNormalFormSpec(*normal),
                                    normal->getSourceType().getShape(),
                                    normal->getResultType());
  Value result = buildTensorView(rewriter, loc, normal->getSource(), view,
                                 normal->getResultType(), lowering);
  rewriter.replaceOp(*normal, result);
  return result;
}

FailureOr<Value> mlir::slice::lowerStridedAxesOp(RewriterBase &rewriter,
                                                 StridedAxesOp op,
                                                 SliceLowering lowering) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, op);
  if (failed(strided))
    return failure();
  return lowerStridedOp(rewriter, *strided, lowering);
}

/// Overloads for the pattern below.
static FailureOr<Value> lowerSliceOp(RewriterBase &rewriter, StridedOp op,
                                     SliceLowering lowering) {
  return lowerStridedOp(rewriter, op, lowering);
}
static FailureOr<Value> lowerSliceOp(RewriterBase &rewriter, StridedAxesOp op,
                                     SliceLowering lowering) {
  return lowerStridedAxesOp(rewriter, op, lowering);
}

namespace {
/// Lowers a slice op to a view or a copy.
template <typename OpTy> struct LowerSliceOp : OpRewritePattern<OpTy> {
  LowerSliceOp(MLIRContext *context, SliceLowering lowering)
      : OpRewritePattern<OpTy>(context), lowering(lowering) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (failed(lowerSliceOp(rewriter, op, lowering)))
      return rewriter.notifyMatchFailure(op, "invalid slice");
    return success();
  }

  SliceLowering lowering;
};
} // namespace

void mlir::slice::populateSliceLoweringPatterns(RewritePatternSet &patterns,
                                                SliceLowering lowering) {
  patterns.add<LowerSliceOp<StridedOp>, LowerSliceOp<StridedAxesOp>>(
      patterns.getContext(), lowering);
}

void mlir::slice::populateSliceToTensorConversionPatterns(
    RewritePatternSet &patterns) {
  populateSliceLoweringPatterns(patterns, SliceLowering::View);
}

LogicalResult mlir::slice::lowerAllSliceOps(Operation *root,
                                            SliceLowering lowering) {
  IRRewriter rewriter(root->getContext());
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<StridedOp, StridedAxesOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    if (auto axesOp = dyn_cast<StridedAxesOp>(op)) {
      rewriter.setInsertionPoint(axesOp);
      FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, axesOp);
      if (failed(strided))
        return axesOp.emitOpError("cannot be rewritten into slice.strided");
      op = *strided;
    }
    auto stridedOp = cast<StridedOp>(op);
    // A failed lowering leaves the op as it was.
    if (failed(lowerStridedOp(rewriter, stridedOp, lowering)))
      return stridedOp.emitOpError("cannot be lowered: ")
             << explainNormalFormFailure(stridedOp);
  }
  return success();
}

namespace {
struct ConvertSliceToTensorPass
    : mlir::slice::impl::ConvertSliceToTensorBase<ConvertSliceToTensorPass> {
  void runOnOperation() override {
    if (failed(lowerAllSliceOps(getOperation(), SliceLowering::View)))
      signalPassFailure();
  }
};
} // namespace
