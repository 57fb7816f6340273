//===- BufferizableOpInterfaceImpl.cpp - Bufferizing slice ops ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided bufferizes like tensor.extract_slice: its result aliases the
// source buffer, and the op becomes a memref.subview of it (rank-reducing
// for shrunk dimensions, negative strides included) plus a
// memref.expand_shape for new axes. The values come from the normal form
// (docs/normal-form.md): an op not yet in normal form gets its normal-form
// arithmetic and run-time checks emitted on the buffer's sizes first.
//
// The buffer type must be predictable without creating IR. For an op in
// normal form it is exactly the layout of the subview its entries describe.
// For any other op the offsets and strides are only known once bufferize
// has emitted the normal form, so the type is the fully dynamic strided
// layout, and the view, built as static as the emitted values allow, is
// reinterpreted to it (a memref.cast would be folded into a callee's
// signature by function bufferization after its callers used the
// prediction). A view known to be empty is a fresh allocation (an upstream
// subview cannot hold a static offset on a 0-size dimension), reinterpreted
// to the predicted layout.
//
// slice.strided_update bufferizes like tensor.insert_slice: its result is
// `dest`'s buffer, so one-shot-bufferize writes into it
// whenever the analysis allows (the loop `x = update(x, v)` copies
// nothing) and copies `dest` first only when it must (a read-only
// argument, a later read of the old value). The op becomes the same view
// of that buffer as the read side's, and a copy of the value into it:
// memref.copy (the fast loops of --slice-lower-copies) where the value has
// the view's shape, else a linalg.generic that broadcasts.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/BufferizableOpInterfaceImpl.h"
#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Utils/NormalForm.h"
#include "Slice/Utils/Update.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::slice;

/// Whether the slice's result is empty whatever the run-time values: a
/// static 0 in the result shape, or in the source shape (every range on a
/// 0-size dimension is empty, and a shrink there never runs).
static bool isStaticallyEmpty(StridedOp op, MemRefType sourceType) {
  return llvm::is_contained(op.getResultType().getShape(), 0) ||
         llvm::is_contained(sourceType.getShape(), 0);
}

/// The shape of the rank-reducing slice: the result type's sizes of the
/// kept dimensions.
static SmallVector<int64_t> getReducedShape(const SliceViewLayout &layout,
                                            RankedTensorType resultType) {
  return llvm::map_to_vector(layout.getKeptResultPositions(), [&](int64_t pos) {
    return resultType.getDimSize(pos);
  });
}

/// The type of the view (rank-reducing subview, then expand_shape for new
/// axes) that `offsets` and `strides` (one per input dimension, static or
/// kDynamic) select on `sourceType`, shaped like `resultType`. Sizes do not
/// affect a subview's layout, so this is the type of the view bufferize
/// builds from the same static offsets and strides.
static FailureOr<MemRefType> computeViewType(const SliceViewLayout &layout,
                                             ArrayRef<int64_t> offsets,
                                             ArrayRef<int64_t> strides,
                                             MemRefType sourceType,
                                             RankedTensorType resultType) {
  SmallVector<int64_t> sizes;
  for (int64_t pos : layout.resultPositions)
    sizes.push_back(pos < 0 ? 1 : resultType.getDimSize(pos));
  MemRefType reduced = memref::SubViewOp::inferRankReducedResultType(
      getReducedShape(layout, resultType), sourceType, offsets, sizes, strides);
  if (!layout.hasNewAxes())
    return reduced;
  return memref::ExpandShapeOp::computeExpandedType(
      reduced, resultType.getShape(), layout.reassociation);
}

/// The static value of `value` as a slice op reads it: kDynamic for any SSA
/// value, a constant one included.
static int64_t getStaticValue(OpFoldResult value) {
  if (auto attr = dyn_cast<Attribute>(value))
    return cast<IntegerAttr>(attr).getInt();
  return ShapedType::kDynamic;
}

static SmallVector<int64_t> getStaticValues(ArrayRef<OpFoldResult> values) {
  return llvm::map_to_vector(values, getStaticValue);
}

/// The buffer type of `op`'s result on a source buffer of `sourceType`.
static FailureOr<MemRefType> predictViewType(StridedOp op,
                                             MemRefType sourceType) {
  RankedTensorType resultType = op.getResultType();
  if (isStaticallyEmpty(op, sourceType))
    return MemRefType::get(resultType.getShape(), resultType.getElementType(),
                           MemRefLayoutAttrInterface(),
                           sourceType.getMemorySpace());
  if (!op.isNormalForm())
    return cast<MemRefType>(getMemRefTypeWithFullyDynamicLayout(
        resultType, sourceType.getMemorySpace()));
  NormalFormSpec spec = getNormalFormSpec(op);
  SliceViewLayout layout = getSliceViewLayout(spec.masks, spec.begin.size());
  SmallVector<int64_t> offsets, strides;
  for (auto [entry, pos] :
       llvm::zip_equal(layout.entries, layout.resultPositions)) {
    offsets.push_back(getStaticValue(spec.begin[entry]));
    strides.push_back(pos < 0 ? 1 : getStaticValue(spec.strides[entry]));
  }
  return computeViewType(layout, offsets, strides, sourceType, resultType);
}

/// `view` as a memref of `type`, whose layout is as dynamic or more: a
/// reinterpret_cast of the view's own metadata. Function bufferization
/// folds a memref.cast at a return into the callee's signature after its
/// callers have used the predicted type; it leaves this alone.
static Value reinterpretAs(OpBuilder &builder, Location loc, Value view,
                           MemRefType type) {
  auto metadata = memref::ExtractStridedMetadataOp::create(builder, loc, view);
  auto [strides, offset] = type.getStridesAndOffset();
  auto mixed = [&](int64_t value, Value dynamic) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return dynamic;
    return builder.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> mixedSizes, mixedStrides;
  for (auto [size, value] :
       llvm::zip_equal(type.getShape(), metadata.getSizes()))
    mixedSizes.push_back(mixed(size, value));
  for (auto [stride, value] : llvm::zip_equal(strides, metadata.getStrides()))
    mixedStrides.push_back(mixed(stride, value));
  return memref::ReinterpretCastOp::create(
      builder, loc, type, metadata.getBaseBuffer(),
      mixed(offset, metadata.getOffset()), mixedSizes, mixedStrides);
}

/// `predictViewType` on a source buffer of any type, with a diagnostic.
static FailureOr<MemRefType> predictBufferType(StridedOp op,
                                               Type sourceBufferType) {
  auto sourceType = dyn_cast<MemRefType>(sourceBufferType);
  if (!sourceType)
    return op.emitOpError("needs a ranked source buffer, not ")
           << sourceBufferType;
  FailureOr<MemRefType> type = predictViewType(op, sourceType);
  if (failed(type))
    return op.emitOpError("has no view type on a source buffer of type ")
           << sourceType;
  return type;
}

/// `values` with an SSA value wherever `shape` is dynamic.
static SmallVector<OpFoldResult> dynamicWhere(OpBuilder &builder, Location loc,
                                              ArrayRef<OpFoldResult> values,
                                              ArrayRef<int64_t> shape) {
  SmallVector<OpFoldResult> result;
  for (auto [value, size] : llvm::zip_equal(values, shape))
    result.push_back(
        ShapedType::isDynamic(size)
            ? OpFoldResult(getValueOrCreateConstantIndexOp(builder, loc, value))
            : value);
  return result;
}

/// A fresh empty buffer of type `type` (whose layout may be strided).
static Value buildEmptyBuffer(OpBuilder &builder, Location loc, MemRefType type,
                              ArrayRef<OpFoldResult> resultSizes) {
  SmallVector<Value> dynamicSizes;
  for (auto [size, dim] : llvm::zip_equal(resultSizes, type.getShape()))
    if (ShapedType::isDynamic(dim))
      dynamicSizes.push_back(
          getValueOrCreateConstantIndexOp(builder, loc, size));
  auto identityType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value buffer =
      memref::AllocOp::create(builder, loc, identityType, dynamicSizes);
  if (identityType == type)
    return buffer;
  // Nothing is ever read through the empty view, so any offset and strides
  // of the expected layout will do.
  auto [strides, offset] = type.getStridesAndOffset();
  auto staticOr = [&](int64_t value) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return getValueOrCreateConstantIndexOp(builder, loc,
                                             builder.getIndexAttr(0));
    return builder.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> mixedStrides =
      llvm::map_to_vector(strides, staticOr);
  SmallVector<OpFoldResult> mixedSizes =
      dynamicWhere(builder, loc, resultSizes, type.getShape());
  return memref::ReinterpretCastOp::create(
      builder, loc, type, buffer, staticOr(offset), mixedSizes, mixedStrides);
}

namespace {
struct StridedOpInterface
    : public BufferizableOpInterface::ExternalModel<StridedOpInterface,
                                                    StridedOp> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &state) const {
    return false;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &opOperand,
                               const AnalysisState &state) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &state) const {
    if (&opOperand != &cast<StridedOp>(op).getSourceMutable())
      return {};
    return {{op->getResult(0), BufferRelation::Unknown}};
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto sliceOp = cast<StridedOp>(op);
    FailureOr<BaseMemRefType> sourceType =
        bufferization::detail::asMemRefType(bufferization::getBufferType(
            sliceOp.getSource(), options, state, invocationStack));
    if (failed(sourceType))
      return failure();
    FailureOr<MemRefType> type = predictBufferType(sliceOp, *sourceType);
    if (failed(type))
      return failure();
    return cast<BufferLikeType>(*type);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto sliceOp = cast<StridedOp>(op);
    FailureOr<Value> source =
        getBuffer(rewriter, sliceOp.getSource(), options, state);
    if (failed(source))
      return failure();
    FailureOr<MemRefType> type = predictBufferType(sliceOp, source->getType());
    if (failed(type))
      return failure();
    auto sourceType = cast<MemRefType>(source->getType());
    Location loc = op->getLoc();

    NormalFormSpec spec;
    if (sliceOp.isNormalForm()) {
      spec = getNormalFormSpec(sliceOp);
    } else {
      SmallVector<OpFoldResult> sourceSizes =
          memref::getMixedSizes(rewriter, loc, *source);
      FailureOr<NormalFormSpec> emitted =
          emitNormalFormSpec(rewriter, loc, sliceOp, sourceSizes);
      if (failed(emitted))
        return op->emitOpError("cannot be bufferized: ")
               << explainNormalFormFailure(sliceOp);
      spec = std::move(*emitted);
    }
    RankedTensorType resultType = sliceOp.getResultType();
    SliceView view = computeSliceView(rewriter, loc, spec,
                                      sourceType.getShape(), resultType);
    SmallVector<OpFoldResult> resultSizes =
        dynamicWhere(rewriter, loc, view.resultSizes, resultType.getShape());
    // (computeSliceView marks a 0-size source or result dimension too.)
    if (view.knownEmpty) {
      replaceOpWithBufferizedValues(
          rewriter, op, buildEmptyBuffer(rewriter, loc, *type, resultSizes));
      return success();
    }

    // The view, shaped like the result type: sizes that the result type
    // leaves dynamic stay SSA values, so that the type is the predicted one
    // for an op in normal form.
    const SliceViewLayout &layout = view.layout;
    SmallVector<OpFoldResult> sizes;
    for (auto [size, pos] : llvm::zip_equal(view.sizes, layout.resultPositions))
      sizes.push_back(pos < 0 ? size : resultSizes[pos]);
    Value result;
    if (view.isAmbiguousRankReduction()) {
      // The subview keeps every dimension and the shrunk ones are collapsed
      // away: a rank-reducing subview with unknown strides that drops a unit
      // dimension next to a kept one is misread by expand-strided-metadata.
      Value full = memref::SubViewOp::create(rewriter, loc, *source,
                                             view.offsets, sizes, view.strides);
      result = memref::CollapseShapeOp::create(
          rewriter, loc, full, layout.getShrinkCollapseGroups());
    } else {
      MemRefType subviewType = memref::SubViewOp::inferRankReducedResultType(
          getReducedShape(layout, resultType), sourceType, view.offsets, sizes,
          view.strides);
      result = memref::SubViewOp::create(rewriter, loc, subviewType, *source,
                                         view.offsets, sizes, view.strides);
    }
    if (layout.hasNewAxes()) {
      // The expanded type of the subview as built, which is what
      // expand_shape's verifier infers: the predicted type may give a unit
      // dimension or a run-time stride another (equally valid) stride, and
      // the reinterpretation below reconciles the two.
      FailureOr<MemRefType> expandedType =
          memref::ExpandShapeOp::computeExpandedType(
              cast<MemRefType>(result.getType()), resultType.getShape(),
              layout.reassociation);
      if (failed(expandedType))
        return op->emitOpError("cannot expand the view of its source of type ")
               << sourceType << " with its new axes";
      result =
          memref::ExpandShapeOp::create(rewriter, loc, *expandedType, result,
                                        layout.reassociation, resultSizes);
    }
    if (result.getType() != *type)
      result = reinterpretAs(rewriter, loc, result, *type);
    replaceOpWithBufferizedValues(rewriter, op, result);
    return success();
  }
};

struct StridedUpdateOpInterface
    : public BufferizableOpInterface::ExternalModel<StridedUpdateOpInterface,
                                                    StridedUpdateOp> {
  // As tensor.insert_slice: both tensors are read (dest keeps what the
  // slice leaves), dest is written, and the result is dest's buffer. (Not
  // DestinationStyleOpInterface: upstream's tensor canonicalization folds
  // casts into such ops unchecked, and a static spec may be invalid on the
  // refined dest.)
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &opOperand,
                               const AnalysisState &) const {
    return &opOperand == &cast<StridedUpdateOp>(op).getDestMutable();
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &) const {
    auto updateOp = cast<StridedUpdateOp>(op);
    if (&opOperand == &updateOp.getDestMutable())
      return {{updateOp.getResult(), BufferRelation::Equivalent}};
    return {};
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto updateOp = cast<StridedUpdateOp>(op);
    Location loc = op->getLoc();
    FailureOr<Value> dest =
        getBuffer(rewriter, updateOp.getDest(), options, state);
    FailureOr<Value> value =
        getBuffer(rewriter, updateOp.getValue(), options, state);
    if (failed(dest) || failed(value))
      return failure();
    auto destType = dyn_cast<MemRefType>(dest->getType());
    if (!destType)
      return op->emitOpError("needs a ranked dest buffer, not ")
             << dest->getType();
    FailureOr<UpdateView> update = emitUpdateView(
        rewriter, loc, updateOp, memref::getMixedSizes(rewriter, loc, *dest),
        memref::getMixedSizes(rewriter, loc, *value));
    if (failed(update))
      return op->emitOpError("cannot be bufferized: the slice ")
             << explainUpdateFailure(updateOp);
    const SliceView &view = update->view;
    if (!view.knownEmpty && !update->knownToFail)
      writeValue(rewriter, loc, *value, *dest, *update);
    replaceOpWithBufferizedValues(rewriter, op, *dest);
    return success();
  }

private:
  static std::string explainUpdateFailure(StridedUpdateOp op) {
    std::string error;
    if (!op.inferSliceType(error))
      return error;
    return "has no normal form";
  }

  /// Copies `value` into the view of `dest` that `update` writes.
  static void writeValue(RewriterBase &rewriter, Location loc, Value value,
                         Value dest, const UpdateView &update) {
    const SliceView &view = update.view;
    const SliceViewLayout &layout = view.layout;
    auto destType = cast<MemRefType>(dest.getType());
    bool fullRank = view.isAmbiguousRankReduction();
    SmallVector<OpFoldResult> sizes =
        fullRank ? view.getFullRankSizes() : view.sizes;
    SmallVector<int64_t> targetShape;
    if (fullRank) {
      for (OpFoldResult size : sizes)
        targetShape.push_back(
            getConstantIntValue(size).value_or(ShapedType::kDynamic));
    } else {
      targetShape = view.getReducedShape();
    }
    SmallVector<int64_t> staticSizes;
    for (OpFoldResult size : sizes)
      staticSizes.push_back(
          getConstantIntValue(size).value_or(ShapedType::kDynamic));
    MemRefType targetType = memref::SubViewOp::inferRankReducedResultType(
        targetShape, destType, getStaticValues(view.offsets), staticSizes,
        getStaticValues(view.strides));
    Value target = memref::SubViewOp::create(rewriter, loc, targetType, dest,
                                             view.offsets, sizes, view.strides);
    if (update.isPlainCopy()) {
      memref::CopyOp::create(rewriter, loc, value, target);
      return;
    }

    // Each slice dimension's target dimension, or -1 for a new axis.
    // (Shrunk dimensions are no slice dimensions; at full rank they are
    // target dimensions of size 1 that no value dimension indexes.)
    SmallVector<int64_t> targetDimOfSliceDim(update.sliceType.getRank(), -1);
    if (fullRank) {
      for (auto [input, pos] : llvm::enumerate(layout.resultPositions))
        if (pos >= 0)
          targetDimOfSliceDim[pos] = input;
    } else {
      for (auto [index, pos] : llvm::enumerate(layout.getKeptResultPositions()))
        targetDimOfSliceDim[pos] = index;
    }
    MLIRContext *context = rewriter.getContext();
    unsigned rank = targetType.getRank();
    SmallVector<AffineExpr> valueExprs;
    for (auto [index, match] : llvm::enumerate(update.matches)) {
      int64_t sliceDim = update.getSliceDim(index);
      int64_t targetDim = sliceDim < 0 ? -1 : targetDimOfSliceDim[sliceDim];
      if (match == UpdateDimMatch::Stretched || targetDim < 0)
        valueExprs.push_back(getAffineConstantExpr(0, context));
      else
        valueExprs.push_back(getAffineDimExpr(targetDim, context));
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, valueExprs, context),
        AffineMap::getMultiDimIdentityMap(rank, context)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    linalg::GenericOp::create(rewriter, loc, TypeRange{}, ValueRange{value},
                              ValueRange{target}, maps, iterators,
                              [](OpBuilder &b, Location l, ValueRange args) {
                                linalg::YieldOp::create(b, l, args[0]);
                              });
  }
};
} // namespace

void mlir::slice::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, SliceDialect *dialect) {
    StridedOp::attachInterface<StridedOpInterface>(*context);
    StridedUpdateOp::attachInterface<StridedUpdateOpInterface>(*context);
    // What the update's bufferization builds.
    context->loadDialect<linalg::LinalgDialect, memref::MemRefDialect>();
  });
}
