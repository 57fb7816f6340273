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
// linalg.copy (used by --convert-slice-to-linalg). slice.strided_update
// becomes tensor.insert_slice into the same view, its value broadcast with
// linalg.broadcast where it stretches, in both flavours.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Utils/NormalForm.h"
#include "Slice/Utils/Update.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

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
  // The spec the normal form was built from carries the sizes it counted
  // on the clamped ranges; an op already in normal form has only extents.
  NormalFormSpec spec;
  FailureOr<StridedOp> normal = normalizeStridedOp(rewriter, op, &spec);
  if (failed(normal))
    return failure();
  if (*normal == op)
    spec = getNormalFormSpec(op);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(*normal);
  Location loc = normal->getLoc();
  SliceView view =
      computeSliceView(rewriter, loc, spec, normal->getSourceType().getShape(),
                       normal->getResultType());
  Value result = buildTensorView(rewriter, loc, normal->getSource(), view,
                                 normal->getResultType(), lowering);
  rewriter.replaceOp(*normal, result);
  return result;
}

FailureOr<Value> mlir::slice::lowerStridedAxesOp(RewriterBase &rewriter,
                                                 StridedAxesOp op,
                                                 SliceLowering lowering) {
  FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, op);
  if (failed(strided))
    return failure();
  return lowerStridedOp(rewriter, *strided, lowering);
}

/// `value` shaped like the slice `update` writes: sizes that run time
/// checks made static where the slice's are known, the leading and
/// stretched unit dimensions collapsed away, then linalg.broadcast where
/// anything stretches.
static Value broadcastUpdateValue(OpBuilder &builder, Location loc, Value value,
                                  const UpdateView &update) {
  auto valueType = cast<RankedTensorType>(value.getType());
  RankedTensorType sliceType = update.sliceType;
  ArrayRef<OpFoldResult> sliceSizes = update.view.resultSizes;
  SmallVector<int64_t> checkedShape(valueType.getShape());
  for (auto [index, match] : llvm::enumerate(update.matches)) {
    int64_t sliceDim = update.getSliceDim(index);
    if (match != UpdateDimMatch::CheckedAtRunTime)
      continue;
    if (sliceDim < 0)
      checkedShape[index] = 1;
    else if (std::optional<int64_t> known =
                 getConstantIntValue(sliceSizes[sliceDim]))
      checkedShape[index] = *known;
  }
  auto checkedType =
      RankedTensorType::get(checkedShape, sliceType.getElementType());
  if (checkedType != valueType)
    value = tensor::CastOp::create(builder, loc, checkedType, value);

  // The leading and stretched dimensions (all static 1s now) join the
  // group of the next kept dimension, trailing ones the last group. Every
  // slice dimension no kept value dimension lines up with is broadcast.
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  SmallVector<int64_t> keptShape;
  SmallVector<bool> sliceDimFromValue(sliceType.getRank(), false);
  // The broadcast's sizes: a value size that is static is the slice's
  // (run-time checks made sure), and linalg.broadcast wants them equal.
  SmallVector<OpFoldResult> broadcastSizes(sliceSizes);
  for (auto [index, match] : llvm::enumerate(update.matches)) {
    int64_t sliceDim = update.getSliceDim(index);
    pending.push_back(index);
    if (sliceDim < 0 || match == UpdateDimMatch::Stretched)
      continue;
    groups.push_back(std::move(pending));
    pending.clear();
    keptShape.push_back(checkedShape[index]);
    sliceDimFromValue[sliceDim] = true;
    if (!ShapedType::isDynamic(checkedShape[index]))
      broadcastSizes[sliceDim] = builder.getIndexAttr(checkedShape[index]);
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  auto keptType = RankedTensorType::get(keptShape, sliceType.getElementType());
  if (keptType != checkedType)
    value =
        tensor::CollapseShapeOp::create(builder, loc, keptType, value, groups);
  SmallVector<int64_t> broadcastDims;
  for (auto [dim, fromValue] : llvm::enumerate(sliceDimFromValue))
    if (!fromValue)
      broadcastDims.push_back(dim);
  if (broadcastDims.empty())
    return value;
  Value init = tensor::EmptyOp::create(builder, loc, broadcastSizes,
                                       sliceType.getElementType());
  return linalg::BroadcastOp::create(builder, loc, value, init, broadcastDims)
      ->getResult(0);
}

/// `value` written into `dest` as `update` says: broadcast where it
/// stretches, inserted into the view (nothing where the view is known empty
/// or its checks known to fail).
static Value insertUpdateValue(OpBuilder &builder, Location loc,
                               StridedUpdateOp op, Value dest, Value value,
                               const UpdateView &update) {
  const SliceView &view = update.view;
  if (view.knownEmpty || update.knownToFail)
    return dest;
  value = broadcastUpdateValue(builder, loc, value, update);
  Type elementType = update.sliceType.getElementType();
  // The value without the new axes, shaped like the rank-reduced view.
  // (Its type inferred: a size the value knows statically stays static.)
  if (view.layout.hasNewAxes())
    value = tensor::CollapseShapeOp::create(builder, loc, value,
                                            view.layout.reassociation);
  bool ambiguous = view.isAmbiguousRankReduction();
  SmallVector<OpFoldResult> sizes =
      ambiguous ? view.getFullRankSizes() : view.sizes;
  // A static value size is the slice's (run-time checks made sure):
  // insert_slice wants the sizes its source type shows.
  ArrayRef<int64_t> valueShape =
      cast<RankedTensorType>(value.getType()).getShape();
  unsigned kept = 0;
  for (auto [dim, pos] : llvm::enumerate(view.layout.resultPositions)) {
    if (pos < 0)
      continue;
    int64_t known = valueShape[kept++];
    if (!ShapedType::isDynamic(known))
      sizes[dim] = builder.getIndexAttr(known);
  }
  if (ambiguous) {
    // Inserted at full rank, as the read side extracts (see
    // SliceView::isAmbiguousRankReduction).
    SmallVector<int64_t> fullShape;
    for (OpFoldResult size : sizes)
      fullShape.push_back(
          getConstantIntValue(size).value_or(ShapedType::kDynamic));
    value = tensor::ExpandShapeOp::create(
        builder, loc, RankedTensorType::get(fullShape, elementType), value,
        view.layout.getShrinkCollapseGroups(), sizes);
  }
  // With the value's static sizes, a window that leaves the dest is one
  // the slice never has: a check above stops the program whenever this
  // runs, and insert_slice's verifier rejects the window, so nothing is
  // written (the value's 4 rows into `[:%e:4] offset` of 5).
  if (!verifyInBoundsSlice(op.getDestType().getShape(), view.offsets, sizes,
                           view.strides)
           .isValid)
    return dest;
  return tensor::InsertSliceOp::create(builder, loc, value, dest, view.offsets,
                                       sizes, view.strides);
}

FailureOr<Value> mlir::slice::lowerStridedUpdateOp(RewriterBase &rewriter,
                                                   StridedUpdateOp op) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  // Verified ops only, so that nothing is emitted for one that fails.
  std::string error;
  std::optional<RankedTensorType> sliceType = op.inferSliceType(error);
  if (!sliceType ||
      !matchUpdateValue(toMaybeInts(op.getValueType().getShape()),
                        toMaybeInts(sliceType->getShape()), error))
    return failure();
  FailureOr<UpdateView> update = emitUpdateView(
      rewriter, loc, op, tensor::getMixedSizes(rewriter, loc, op.getDest()),
      tensor::getMixedSizes(rewriter, loc, op.getValue()));
  if (failed(update))
    return failure();

  // A value dimension of static size 1 stretches to whatever the window's
  // size turns out to be; a run-time window such as `p:p+1` is mostly 1
  // wide, and then the value fits it as it is: that case gets a branch of
  // its own, where the window keeps the static size and nothing is
  // broadcast into a temporary (a loop of updates then moves only the
  // window), the general one the other.
  UpdateView fitting = *update;
  ArithIndexBuilder arith(rewriter, loc);
  OpFoldResult fits = arith.constantCond(true);
  bool stretchesUnknown = false;
  for (auto [index, match] : llvm::enumerate(update->matches)) {
    int64_t sliceDim = update->getSliceDim(index);
    if (match != UpdateDimMatch::Stretched || sliceDim < 0)
      continue;
    OpFoldResult size = update->view.resultSizes[sliceDim];
    if (getConstantIntValue(size))
      continue;
    stretchesUnknown = true;
    fitting.matches[index] = UpdateDimMatch::Equal;
    fits = arith.logicalAnd(fits, arith.equal(size, arith.constant(1)));
    // The window's size is 1 on that branch: its view says so, so that a
    // rank reduction it makes ambiguous keeps every dimension
    // (SliceView::isAmbiguousRankReduction).
    SliceView &view = fitting.view;
    view.resultSizes[sliceDim] = rewriter.getIndexAttr(1);
    unsigned kept = 0;
    for (auto [dim, pos] : llvm::enumerate(view.layout.resultPositions)) {
      if (pos < 0)
        continue;
      if (pos == sliceDim) {
        view.sizes[dim] = rewriter.getIndexAttr(1);
        view.reducedSizes[kept] = rewriter.getIndexAttr(1);
      }
      ++kept;
    }
  }
  Value result;
  if (!stretchesUnknown || update->view.knownEmpty || update->knownToFail) {
    result = insertUpdateValue(rewriter, loc, op, op.getDest(), op.getValue(),
                               *update);
  } else {
    // A side-effect-free producer of the value that nothing else uses is
    // computed in each branch, so that in the fitting one it can write
    // straight into the window (empty-tensor elimination).
    Operation *producer = op.getValue().getDefiningOp();
    if (producer &&
        (!op.getValue().hasOneUse() || producer->getNumResults() != 1 ||
         producer->getBlock() != op->getBlock() ||
         !isMemoryEffectFree(producer)))
      producer = nullptr;
    auto valueIn = [&](OpBuilder &b) -> Value {
      return producer ? b.clone(*producer)->getResult(0)
                      : static_cast<Value>(op.getValue());
    };
    auto branch = scf::IfOp::create(
        rewriter, loc, arith.materializeCond(fits),
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l,
              insertUpdateValue(b, l, op, op.getDest(), valueIn(b), fitting));
        },
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(
              b, l,
              insertUpdateValue(b, l, op, op.getDest(), valueIn(b), *update));
        });
    result = branch.getResult(0);
    rewriter.replaceOp(op, result);
    if (producer)
      rewriter.eraseOp(producer);
    return result;
  }
  rewriter.replaceOp(op, result);
  return result;
}

FailureOr<Value> mlir::slice::lowerStridedAxesUpdateOp(RewriterBase &rewriter,
                                                       StridedAxesUpdateOp op) {
  FailureOr<StridedUpdateOp> update = convertAxesUpdateToStrided(rewriter, op);
  if (failed(update))
    return failure();
  return lowerStridedUpdateOp(rewriter, *update);
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
static FailureOr<Value> lowerSliceOp(RewriterBase &rewriter, StridedUpdateOp op,
                                     SliceLowering) {
  return lowerStridedUpdateOp(rewriter, op);
}
static FailureOr<Value> lowerSliceOp(RewriterBase &rewriter,
                                     StridedAxesUpdateOp op, SliceLowering) {
  return lowerStridedAxesUpdateOp(rewriter, op);
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
  patterns
      .add<LowerSliceOp<StridedOp>, LowerSliceOp<StridedAxesOp>,
           LowerSliceOp<StridedUpdateOp>, LowerSliceOp<StridedAxesUpdateOp>>(
          patterns.getContext(), lowering);
}

void mlir::slice::populateSliceToTensorConversionPatterns(
    RewritePatternSet &patterns) {
  populateSliceLoweringPatterns(patterns, SliceLowering::View);
}

LogicalResult mlir::slice::lowerAllSliceOps(Operation *root,
                                            SliceLowering lowering) {
  RewritePatternSet patterns(root->getContext());
  populateSliceLoweringPatterns(patterns, lowering);
  walkAndApplyPatterns(root, std::move(patterns));
  // A pattern fails only on an op the verifier rejects, leaving it as it
  // was (and the walk skips unreachable blocks): report the first left.
  WalkResult left = root->walk([](Operation *op) {
    if (auto slice = dyn_cast<StridedOp>(op)) {
      slice.emitOpError("cannot be lowered: ")
          << explainNormalFormFailure(slice);
      return WalkResult::interrupt();
    }
    if (isa<StridedAxesOp, StridedUpdateOp, StridedAxesUpdateOp>(op)) {
      op->emitOpError("cannot be lowered");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(left.wasInterrupted());
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
