//===- Propagation.cpp - Slices of element-wise producers -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// A slice of an element-wise producer becomes the producer applied to
// slices of its inputs, so that only the elements the slice reads are
// computed. Any stride (negative and run-time ones included), shrink entries
// and new axes move through `linalg.generic` (and the named linalg ops that
// generalize to one: broadcast, transpose, map, the element-wise ops) and
// through element-wise ops on tensors (arith, math). Upstream's
// bubble-up-extract-slice patterns move unit-stride tensor.extract_slice
// ops only.
//
//===----------------------------------------------------------------------===//

#include "ControlledPattern.h"

#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/Transforms.h"
#include "Slice/Utils/NormalForm.h"
#include "Slice/Utils/SliceView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPROPAGATE
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

bool mlir::slice::defaultSlicePropagationControl(StridedOp slice,
                                                 Operation *producer) {
  Value whole = slice.getSource();
  if (whole.hasOneUse())
    return true;
  // Several slices of one producer: each computes its own elements, which
  // pays when together they read no more than the whole.
  auto type = cast<RankedTensorType>(whole.getType());
  if (!type.hasStaticShape())
    return false;
  int64_t read = 0;
  for (Operation *user : whole.getUsers()) {
    auto other = dyn_cast<StridedOp>(user);
    if (!other || other.getSource() != whole ||
        !other.getResultType().hasStaticShape())
      return false;
    read += other.getResultType().getNumElements();
  }
  return read <= type.getNumElements();
}

/// Whether `op` computes each element of its one result from the elements
/// of its inputs at the same iteration point alone: all loops parallel, the
/// result indexed by the identity, inputs by projected permutations
/// (broadcasts and transposes; a constant 0 for a broadcast unit
/// dimension), and no linalg.index.
static bool isElementwiseProducer(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumLoops() != op.getNumParallelLoops())
    return false;
  if (!op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!isa<RankedTensorType>(input->get().getType()) &&
        map.getNumResults() != 0)
      return false;
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
  }
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic.getBody()->getOps<linalg::IndexOp>().empty();
  return true;
}

/// The spec of `slice` in normal form (normalizing it first when needed).
static FailureOr<NormalFormSpec> getOrMakeNormalForm(RewriterBase &rewriter,
                                                     StridedOp &slice) {
  if (hasNormalFormShape(slice))
    return getNormalFormSpec(slice);
  NormalFormSpec spec;
  FailureOr<StridedOp> normal = normalizeStridedOp(rewriter, slice, &spec);
  if (failed(normal))
    return failure();
  slice = *normal;
  return spec;
}

namespace {
/// Before:
///   %y = linalg.generic {maps = [(i, j) -> (i, j), (i, j) -> (j), id]}
///       ins(%a, %row : tensor<8x6xf32>, tensor<6xf32>) outs(%e) {...}
///   %s = slice.strided %y[::-2, 1] : tensor<8x6xf32> to tensor<4xf32>
/// After:
///   %a2 = slice.strided %a[7:-8:-2, 1:1:1] offset
///       : tensor<8x6xf32> to tensor<4xf32>
///   %r2 = slice.strided %row[1:1:1] offset : tensor<6xf32> to tensor<f32>
///   %s = linalg.generic {maps = [(i) -> (i), (i) -> (), (i) -> (i)]}
///       ins(%a2, %r2 : tensor<4xf32>, tensor<f32>) outs(%e2) {...}
struct SliceOfLinalgProducer
    : ControlledSlicePattern<SlicePropagationControlFn> {
  using ControlledSlicePattern::ControlledSlicePattern;

  LogicalResult matchAndRewrite(StridedOp slice,
                                PatternRewriter &rewriter) const override {
    auto producer = slice.getSource().getDefiningOp<linalg::LinalgOp>();
    if (!producer || !isElementwiseProducer(producer))
      return rewriter.notifyMatchFailure(slice, "no element-wise producer");
    if (failed(askControl(rewriter, slice, slice, producer)))
      return failure();
    auto generic = dyn_cast<linalg::GenericOp>(producer.getOperation());
    if (!generic) {
      rewriter.setInsertionPoint(producer);
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, producer);
      if (failed(generalized))
        return rewriter.notifyMatchFailure(slice, "cannot generalize");
      generic = *generalized;
    }
    FailureOr<NormalFormSpec> spec = getOrMakeNormalForm(rewriter, slice);
    if (failed(spec))
      return rewriter.notifyMatchFailure(slice, "no normal form");

    Location loc = slice.getLoc();
    rewriter.setInsertionPoint(slice);
    RankedTensorType resultType = slice.getResultType();
    SliceView view = computeSliceView(
        rewriter, loc, *spec, slice.getSourceType().getShape(), resultType);
    const SliceViewLayout &layout = view.layout;
    MLIRContext *context = rewriter.getContext();
    OpFoldResult zero = rewriter.getIndexAttr(0);
    OpFoldResult one = rewriter.getIndexAttr(1);

    // Each input, sliced where its dimensions follow the loops: the loops
    // are the producer's result dimensions, which the slice's entries cut.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(input);
      SmallVector<OpFoldResult> begin, extent, strides;
      SliceMasks masks;
      SmallVector<AffineExpr> exprs;
      for (AffineExpr expr : map.getResults()) {
        auto dim = dyn_cast<AffineDimExpr>(expr);
        if (!dim) {
          // A broadcast unit dimension: its one element, kept.
          begin.push_back(zero);
          extent.push_back(one);
          strides.push_back(one);
          exprs.push_back(getAffineConstantExpr(0, context));
          continue;
        }
        unsigned loop = dim.getPosition();
        unsigned entry = layout.entries[loop];
        begin.push_back(spec->begin[entry]);
        extent.push_back(spec->end[entry]);
        strides.push_back(spec->strides[entry]);
        int64_t position = layout.resultPositions[loop];
        if (position < 0) {
          masks.shrinkAxis |= uint64_t(1) << (begin.size() - 1);
          continue;
        }
        exprs.push_back(getAffineDimExpr(position, context));
      }
      Value source = input->get();
      if (map.getNumResults() == 0) {
        inputs.push_back(source);
      } else {
        inputs.push_back(StridedOp::create(rewriter, loc, source, begin, extent,
                                           strides, masks,
                                           /*offset=*/true));
      }
      maps.push_back(AffineMap::get(layout.resultRank, 0, exprs, context));
    }

    // The result: a fresh tensor when the body never reads the init, the
    // init's slice otherwise.
    OpOperand *init = generic.getDpsInitOperand(0);
    Value newInit;
    if (generic.payloadUsesValueFromOperand(init)) {
      newInit = StridedOp::create(rewriter, loc, resultType, init->get(),
                                  spec->begin, spec->end, spec->strides,
                                  spec->masks, /*offset=*/true);
    } else {
      SmallVector<Value> dynamicSizes;
      for (auto [size, extentOf] :
           llvm::zip_equal(view.resultSizes, resultType.getShape()))
        if (ShapedType::isDynamic(extentOf))
          dynamicSizes.push_back(
              getValueOrCreateConstantIndexOp(rewriter, loc, size));
      newInit =
          tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                  resultType.getElementType(), dynamicSizes);
    }
    maps.push_back(
        AffineMap::getMultiDimIdentityMap(layout.resultRank, context));
    SmallVector<utils::IteratorType> iterators(layout.resultRank,
                                               utils::IteratorType::parallel);
    auto sliced =
        linalg::GenericOp::create(rewriter, loc, TypeRange{resultType}, inputs,
                                  ValueRange{newInit}, maps, iterators);
    rewriter.cloneRegionBefore(generic.getRegion(), sliced.getRegion(),
                               sliced.getRegion().begin());
    rewriter.replaceOp(slice, sliced.getResults());
    return success();
  }
};

/// Before:
///   %y = arith.addf %a, %b : tensor<8xf32>
///   %s = slice.strided %y[::-1] : tensor<8xf32> to tensor<8xf32>
/// After:
///   %a2 = slice.strided %a[::-1] : tensor<8xf32> to tensor<8xf32>
///   %b2 = slice.strided %b[::-1] : tensor<8xf32> to tensor<8xf32>
///   %s = arith.addf %a2, %b2 : tensor<8xf32>
struct SliceOfElementwiseOp
    : ControlledSlicePattern<SlicePropagationControlFn> {
  using ControlledSlicePattern::ControlledSlicePattern;

  LogicalResult matchAndRewrite(StridedOp slice,
                                PatternRewriter &rewriter) const override {
    Operation *producer = slice.getSource().getDefiningOp();
    if (!producer || !OpTrait::hasElementwiseMappableTraits(producer) ||
        producer->getNumResults() != 1 || producer->getNumRegions() != 0)
      return rewriter.notifyMatchFailure(slice, "no element-wise producer");
    ArrayRef<int64_t> shape = slice.getSourceType().getShape();
    for (Value operand : producer->getOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (type && type.getShape() != shape)
        return rewriter.notifyMatchFailure(slice, "operands of other shapes");
      if (!type && isa<ShapedType>(operand.getType()))
        return rewriter.notifyMatchFailure(slice, "an unranked operand");
    }
    if (failed(askControl(rewriter, slice, slice, producer)))
      return failure();
    ArrayRef<int64_t> resultShape = slice.getResultType().getShape();
    SmallVector<Value> operands;
    for (Value operand : producer->getOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type) {
        operands.push_back(operand);
        continue;
      }
      operands.push_back(StridedOp::create(
          rewriter, slice.getLoc(), type.clone(resultShape), operand,
          slice.getMixedBegin(), slice.getMixedEnd(), slice.getMixedStrides(),
          slice.getMasks(), slice.getOffset()));
    }
    auto elementType = cast<RankedTensorType>(producer->getResult(0).getType())
                           .getElementType();
    OperationState state(slice.getLoc(), producer->getName(), operands,
                         RankedTensorType::get(resultShape, elementType),
                         producer->getAttrs());
    rewriter.replaceOp(slice, rewriter.create(state)->getResults());
    return success();
  }
};

struct SlicePropagatePass
    : mlir::slice::impl::SlicePropagateBase<SlicePropagatePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    populateSlicePropagationPatterns(patterns);
    // Slices of slices compose as they meet.
    StridedOp::getCanonicalizationPatterns(patterns, context);
    // The sizes a run-time spec's bounds are computed from, read from the
    // producer's init rather than its result, so that a producer that a
    // slice moved over dies (tensor.dim of a DPS result).
    tensor::DimOp::getCanonicalizationPatterns(patterns, context);
    bool changed = false;
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig(), &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateSlicePropagationPatterns(
    RewritePatternSet &patterns, SlicePropagationControlFn control) {
  if (!control)
    control = defaultSlicePropagationControl;
  patterns.add<SliceOfLinalgProducer, SliceOfElementwiseOp>(
      patterns.getContext(), control);
}
