//===- SplitConcatConsumers.cpp - Element-wise ops on concat parts --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-split-concat-consumers` (Passes.td): an element-wise
// linalg.generic that reads a tensor.concat runs once per operand of the
// concat, on that operand and on the matching parts of its other inputs,
// and the concat moves to its results. The concat then holds the program's
// last values, which --slice-decompose-concats and empty-tensor
// elimination write straight into one buffer: relu(concat(a, b)) reads a
// and b once and writes the result once, where the concat first would
// write a temporary and read it again. Upstream's fusion stops at a concat.
//
//===----------------------------------------------------------------------===//

#include "PartAlong.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICESPLITCONCATCONSUMERS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// Whether `op` computes every element of its results from its operands at
/// the same iteration point alone: all loops parallel, inits indexed by
/// permutations, inputs by projected permutations (a constant 0 for a
/// broadcast unit dimension), no linalg.index.
static bool isSplittable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() ||
      op.getNumLoops() != op.getNumParallelLoops() ||
      !op.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (op.isDpsInit(&operand) ? !map.isPermutation()
                               : !map.isProjectedPermutation(
                                     /*allowZeroInResults=*/true))
      return false;
    if (map.getNumResults() != 0 &&
        !isa<RankedTensorType>(operand.get().getType()))
      return false;
  }
  return true;
}

namespace {
/// Before:
///   %c = tensor.concat dim(1) %a, %b
///       : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
///   %r = linalg.generic {maps = [id, (i, j) -> (j), id]}
///       ins(%c, %row : tensor<4x8xf32>, tensor<8xf32>) outs(%e) {...}
/// After:
///   %row0 = tensor.extract_slice %row[0] [3] [1]
///   %r0 = linalg.generic ... ins(%a, %row0) outs(%e0 : tensor<4x3xf32>)
///   %row1 = tensor.extract_slice %row[3] [5] [1]
///   %r1 = linalg.generic ... ins(%b, %row1) outs(%e1 : tensor<4x5xf32>)
///   %r = tensor.concat dim(1) %r0, %r1
struct SplitConsumerOfConcat : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplittable(op))
      return rewriter.notifyMatchFailure(op, "not element-wise");
    // The first input that is a concat read by this op alone, along a
    // dimension that follows a loop.
    tensor::ConcatOp concat;
    unsigned loop = 0;
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto candidate = input->get().getDefiningOp<tensor::ConcatOp>();
      // Its sizes may be read too (the tensor.dim of a run-time size,
      // for the op's init): they are the parts' sizes.
      if (!candidate ||
          !llvm::all_of(candidate->getUsers(), [&](Operation *user) {
            auto dim = dyn_cast<tensor::DimOp>(user);
            return user == op || (dim && dim.getConstantIndex());
          }))
        continue;
      AffineMap map = op.getMatchingIndexingMap(input);
      auto dim = dyn_cast<AffineDimExpr>(map.getResult(candidate.getDim()));
      if (!dim)
        continue;
      // Every read of the concat must index its dimension by that loop
      // (not x + transpose(x) across it), so that each part replaces it.
      if (!llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
            return operand.get() != candidate.getResult() ||
                   op.getMatchingIndexingMap(&operand).getResult(
                       candidate.getDim()) == dim;
          }))
        continue;
      concat = candidate;
      loop = dim.getPosition();
      break;
    }
    if (!concat)
      return rewriter.notifyMatchFailure(op, "no concat read by this op alone");

    Location loc = op.getLoc();
    // The concat's sizes from its parts', so that nothing but the op reads
    // it.
    SmallVector<tensor::DimOp> dims;
    for (Operation *user : concat->getUsers())
      if (auto dim = dyn_cast<tensor::DimOp>(user))
        dims.push_back(dim);
    if (!dims.empty()) {
      rewriter.setInsertionPointAfter(concat);
      ReifiedRankedShapedTypeDims shapes;
      if (failed(reifyResultShapes(rewriter, concat, shapes)))
        return failure();
      for (tensor::DimOp dim : dims)
        rewriter.replaceOp(dim, getValueOrCreateConstantIndexOp(
                                    rewriter, dim.getLoc(),
                                    shapes[0][*dim.getConstantIndex()]));
    }
    rewriter.setInsertionPoint(op);
    SmallVector<SmallVector<Value>> pieces(op->getNumResults());
    OpFoldResult offset = rewriter.getIndexAttr(0);
    for (Value part : concat.getInputs()) {
      OpFoldResult size =
          tensor::getMixedSize(rewriter, loc, part, concat.getDim());
      // Every operand's part along the loop: the concat operand itself
      // where the concat was, a unit-stride slice elsewhere; an operand
      // that does not follow the loop (a broadcast along it) is read whole.
      auto partOf = [&](OpOperand &operand) -> Value {
        Value value = operand.get();
        if (value == concat.getResult())
          return part;
        AffineMap map = op.getMatchingIndexingMap(&operand);
        std::optional<unsigned> position = map.getResultPosition(
            getAffineDimExpr(loop, rewriter.getContext()));
        if (!position)
          return value;
        slice::detail::SliceParameters slice = slice::detail::getPartAlong(
            rewriter, loc, value, *position, offset, size);
        return tensor::ExtractSliceOp::create(
            rewriter, loc, value, slice.offsets, slice.sizes, slice.strides);
      };
      SmallVector<Value> inputs, inits;
      for (OpOperand *input : op.getDpsInputOperands())
        inputs.push_back(partOf(*input));
      for (OpOperand &init : op.getDpsInitsMutable()) {
        // A fresh tensor for an init the body never reads, so that the
        // part is written straight into the concat's buffer later.
        if (op.payloadUsesValueFromOperand(&init) ||
            !init.get().getDefiningOp<tensor::EmptyOp>()) {
          inits.push_back(partOf(init));
          continue;
        }
        auto type = cast<RankedTensorType>(init.get().getType());
        SmallVector<OpFoldResult> sizes =
            tensor::getMixedSizes(rewriter, loc, init.get());
        AffineMap map = op.getMatchingIndexingMap(&init);
        sizes[*map.getResultPosition(
            getAffineDimExpr(loop, rewriter.getContext()))] = size;
        inits.push_back(tensor::EmptyOp::create(rewriter, loc, sizes,
                                                type.getElementType()));
      }
      SmallVector<Type> resultTypes;
      for (Value init : inits)
        resultTypes.push_back(init.getType());
      auto piece = linalg::GenericOp::create(rewriter, loc, resultTypes, inputs,
                                             inits, op.getIndexingMapsArray(),
                                             op.getIteratorTypesArray());
      rewriter.cloneRegionBefore(op.getRegion(), piece.getRegion(),
                                 piece.getRegion().begin());
      for (auto [list, result] : llvm::zip_equal(pieces, piece.getResults()))
        list.push_back(result);
      std::optional<int64_t> staticOffset = getConstantIntValue(offset);
      std::optional<int64_t> staticSize = getConstantIntValue(size);
      if (staticOffset && staticSize)
        offset = rewriter.getIndexAttr(*staticOffset + *staticSize);
      else
        offset = arith::AddIOp::create(
                     rewriter, loc,
                     getValueOrCreateConstantIndexOp(rewriter, loc, offset),
                     getValueOrCreateConstantIndexOp(rewriter, loc, size))
                     .getResult();
    }

    SmallVector<Value> results;
    for (auto [index, list] : llvm::enumerate(pieces)) {
      AffineMap map = op.getIndexingMapMatchingResult(op->getResult(index));
      int64_t dim =
          *map.getResultPosition(getAffineDimExpr(loop, rewriter.getContext()));
      Value joined = tensor::ConcatOp::create(rewriter, loc, dim, list);
      if (joined.getType() != op->getResult(index).getType())
        joined = tensor::CastOp::create(rewriter, loc,
                                        op->getResult(index).getType(), joined);
      results.push_back(joined);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Inserts that tile a tensor.empty along one dimension are a concat, when
/// what they build is read by an element-wise op alone (the updates of a
/// rotary embedding written in destination-passing style):
///   %e = tensor.empty() : tensor<4x8xf32>
///   %0 = tensor.insert_slice %a into %e[0, 0] [4, 3] [1, 1]
///   %1 = tensor.insert_slice %b into %0[0, 3] [4, 5] [1, 1]
/// becomes `tensor.concat dim(1) %a, %b`, which SplitConsumerOfConcat then
/// moves past the op.
struct InsertsIntoEmptyAsConcat : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The concat that the inserts ending at `value` build, or null.
  static Value buildConcat(PatternRewriter &rewriter, Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.hasStaticShape())
      return {};
    struct Part {
      int64_t offset;
      Value source;
    };
    SmallVector<Part> parts;
    std::optional<int64_t> dim;
    Value current = value;
    while (auto insert = current.getDefiningOp<tensor::InsertSliceOp>()) {
      if (current != value && !current.hasOneUse())
        return {};
      if (insert.getSourceType().getRank() != type.getRank() ||
          !insert.hasUnitStride() ||
          ShapedType::isDynamicShape(insert.getStaticOffsets()) ||
          ShapedType::isDynamicShape(insert.getStaticSizes()))
        return {};
      for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
        bool whole = insert.getStaticOffsets()[d] == 0 &&
                     insert.getStaticSizes()[d] == type.getDimSize(d);
        if (whole)
          continue;
        if (dim && *dim != d)
          return {};
        dim = d;
      }
      if (!dim)
        return {};
      parts.push_back({insert.getStaticOffsets()[*dim], insert.getSource()});
      current = insert.getDest();
    }
    if (!dim || parts.size() < 2 || !current.getDefiningOp<tensor::EmptyOp>())
      return {};
    // The parts, in order, must cover the dimension once.
    llvm::sort(parts, [](const Part &a, const Part &b) {
      return a.offset < b.offset;
    });
    int64_t next = 0;
    SmallVector<Value> sources;
    for (const Part &part : parts) {
      if (part.offset != next)
        return {};
      next += cast<RankedTensorType>(part.source.getType()).getDimSize(*dim);
      sources.push_back(part.source);
    }
    if (next != type.getDimSize(*dim))
      return {};
    return tensor::ConcatOp::create(rewriter, value.getLoc(), *dim, sources);
  }

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSplittable(op))
      return rewriter.notifyMatchFailure(op, "not element-wise");
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      if (!value.getDefiningOp<tensor::InsertSliceOp>() ||
          !llvm::all_of(value.getUsers(),
                        [&](Operation *user) { return user == op; }))
        continue;
      rewriter.setInsertionPoint(op);
      Value concat = buildConcat(rewriter, value);
      if (!concat)
        continue;
      rewriter.modifyOpInPlace(op, [&] {
        for (OpOperand &operand : op->getOpOperands())
          if (operand.get() == value)
            operand.set(concat);
      });
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no inserts that tile an empty");
  }
};

struct SliceSplitConcatConsumersPass
    : mlir::slice::impl::SliceSplitConcatConsumersBase<
          SliceSplitConcatConsumersPass> {
  void runOnOperation() override {
    // Both patterns start from a concat or from inserts; a function with
    // neither is left without a greedy run over every op.
    bool starts = false;
    getOperation()->walk([&](tensor::ConcatOp) { starts = true; });
    getOperation()->walk([&](tensor::InsertSliceOp) { starts = true; });
    if (!starts)
      return markAllAnalysesPreserved();
    RewritePatternSet patterns(&getContext());
    populateSliceSplitConcatConsumersPatterns(patterns);
    tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns,
                                                        &getContext());
    // Sizes that fold to 0 here must not reach bufferization as static
    // offsets on empty dimensions.
    populateEmptyExtractSlicePatterns(patterns);
    bool changed = false;
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig(), &changed)))
      return signalPassFailure();
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateSliceSplitConcatConsumersPatterns(
    RewritePatternSet &patterns) {
  patterns.add<InsertsIntoEmptyAsConcat, SplitConsumerOfConcat>(
      patterns.getContext());
}
