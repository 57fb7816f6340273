//===- SliceToTosa.cpp - slice ops to TOSA --------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--convert-slice-to-tosa`: a static slice.strided as TOSA operators
// (Passes.td); TosaToSlice.cpp raises TOSA back.
//
// The lowering works per input dimension from the semantics library's
// resolution: start, stride and count of the selected elements. The lowest
// selected element is `low` (the start, or for a negative stride the last
// element taken); the elements are low, low + |s|, ..., in increasing order,
// then reversed where the stride is negative.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/SliceToTosa/SliceToTosa.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTSLICETOTOSA
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// Whether TOSA's data-layout operators (slice, pad, reshape, reverse) take
/// elements of `type`.
static bool isTosaElementType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() ||
         isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

FailureOr<Value> mlir::slice::lowerStridedOpToTosa(RewriterBase &rewriter,
                                                   StridedOp op,
                                                   std::string &reason) {
  RankedTensorType sourceType = op.getSourceType();
  Type elementType = sourceType.getElementType();
  if (!sourceType.hasStaticShape()) {
    llvm::raw_string_ostream os(reason);
    os << "the source type " << sourceType << " is not static";
    return failure();
  }
  if (!op.getBegin().empty() || !op.getEnd().empty() ||
      !op.getStrides().empty()) {
    reason = "begin, end or strides are run-time values";
    return failure();
  }
  if (!isTosaElementType(elementType)) {
    llvm::raw_string_ostream os(reason);
    os << "TOSA has no tensors of " << elementType;
    return failure();
  }
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved) {
    reason = error;
    return failure();
  }
  SmallVector<int64_t> resultShape;
  for (MaybeInt size : resolved->resultShape)
    resultShape.push_back(*size);
  if (llvm::is_contained(resultShape, 0)) {
    reason = "the result is empty, and TOSA tensors have no 0-size "
             "dimensions";
    return failure();
  }
  // TOSA's level limit on ranks (MAX_RANK of level 8K).
  constexpr int64_t kMaxTosaRank = 6;
  if (sourceType.getRank() > kMaxTosaRank ||
      int64_t(resultShape.size()) > kMaxTosaRank) {
    reason = "TOSA tensors have rank " + std::to_string(kMaxTosaRank) +
             " at most; this slice goes from rank " +
             std::to_string(sourceType.getRank()) + " to rank " +
             std::to_string(resultShape.size());
    return failure();
  }
  for (const ResolvedDim &dim : resolved->dims)
    if (dim.inBounds != true) {
      reason = "an index needs a run-time bounds check";
      return failure();
    }

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  ArrayRef<int64_t> shape = sourceType.getShape();
  size_t rank = shape.size();
  auto typeOf = [&](ArrayRef<int64_t> dims) {
    return RankedTensorType::get(dims, elementType);
  };

  // 1. The window of every dimension, from its lowest selected element, as
  //    long as the strided trick needs (count * step) where the input
  //    allows, padded to that length where it does not.
  SmallVector<int64_t> low, counts, steps, windows, pads;
  for (auto [d, dim] : llvm::enumerate(resolved->dims)) {
    int64_t count = *dim.size, stride = *dim.stride;
    int64_t step = stride < 0 ? -stride : stride;
    int64_t first = stride < 0 ? *dim.start + (count - 1) * stride : *dim.start;
    int64_t wanted = step == 1 ? count : count * step;
    int64_t window = std::min(wanted, shape[d] - first);
    low.push_back(first);
    counts.push_back(count);
    steps.push_back(step);
    windows.push_back(window);
    pads.push_back(wanted - window);
  }
  Value value = op.getSource();
  if (low != SmallVector<int64_t>(rank, 0) ||
      windows != SmallVector<int64_t>(shape.begin(), shape.end()))
    value = tosa::SliceOp::create(b, typeOf(windows), value,
                                  tosa::getTosaConstShape(b, low),
                                  tosa::getTosaConstShape(b, windows));

  // 2. Non-unit strides, one dimension at a time so that no tensor exceeds
  //    rank 4 on the way (TOSA's level limit is 6): the tensor as
  //    [P, window, S], padded to [P, count * step, S] where the input ends
  //    before, reshaped to [P, count, step, S], column 0 sliced out.
  SmallVector<int64_t> current = windows;
  for (size_t d = 0; d < rank; ++d) {
    int64_t count = counts[d], step = steps[d];
    if (step == 1)
      continue;
    int64_t before = 1, after = 1;
    for (size_t i = 0; i < d; ++i)
      before *= current[i];
    for (size_t i = d + 1; i < rank; ++i)
      after *= current[i];
    SmallVector<int64_t> flat = {before, current[d], after};
    value = tosa::ReshapeOp::create(b, typeOf(flat), value,
                                    tosa::getTosaConstShape(b, flat));
    if (pads[d] > 0) {
      flat[1] = count * step;
      Value padConst =
          tosa::createPadConstTensor(b, b.getLoc(), value, /*val=*/0);
      value = tosa::PadOp::create(
          b, typeOf(flat), value,
          tosa::getTosaConstShape(b, {0, 0, 0, pads[d], 0, 0}), padConst);
    }
    SmallVector<int64_t> split = {before, count, step, after};
    SmallVector<int64_t> column = {before, count, 1, after};
    value = tosa::ReshapeOp::create(b, typeOf(split), value,
                                    tosa::getTosaConstShape(b, split));
    value = tosa::SliceOp::create(b, typeOf(column), value,
                                  tosa::getTosaConstShape(b, {0, 0, 0, 0}),
                                  tosa::getTosaConstShape(b, column));
    current[d] = count;
    value = tosa::ReshapeOp::create(b, typeOf(current), value,
                                    tosa::getTosaConstShape(b, current));
  }

  // 3. Negative strides.
  for (auto [d, dim] : llvm::enumerate(resolved->dims))
    if (*dim.stride < 0 && counts[d] > 1)
      value = tosa::ReverseOp::create(b, typeOf(counts), value,
                                      b.getI32IntegerAttr(d));

  // 4. Shrunk dimensions out, new axes in.
  if (ArrayRef<int64_t>(counts) != ArrayRef<int64_t>(resultShape))
    value = tosa::ReshapeOp::create(b, typeOf(resultShape), value,
                                    tosa::getTosaConstShape(b, resultShape));
  if (value.getType() != op.getType())
    value = tensor::CastOp::create(b, op.getType(), value);
  rewriter.replaceOp(op, value);
  return value;
}

namespace {
struct StridedToTosa : OpRewritePattern<StridedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedOp op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(lowerStridedOpToTosa(rewriter, op, reason)))
      return rewriter.notifyMatchFailure(op, reason);
    return success();
  }
};

struct StridedAxesToTosa : OpRewritePattern<StridedAxesOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedAxesOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.setInsertionPoint(op);
    FailureOr<StridedOp> strided = convertAxesToStrided(rewriter, op);
    if (failed(strided))
      return rewriter.notifyMatchFailure(op, "invalid axes slice");
    std::string reason;
    (void)lowerStridedOpToTosa(rewriter, *strided, reason);
    return success();
  }
};

struct ConvertSliceToTosaPass
    : mlir::slice::impl::ConvertSliceToTosaBase<ConvertSliceToTosaPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSliceToTosaConversionPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
    // What is left TOSA cannot express: the lowering says why, failing
    // before it changes anything.
    IRRewriter rewriter(&getContext());
    WalkResult left = getOperation()->walk([&](Operation *op) {
      std::string reason;
      if (auto slice = dyn_cast<StridedOp>(op);
          slice && failed(lowerStridedOpToTosa(rewriter, slice, reason))) {
        slice.emitError() << "cannot be expressed in TOSA: " << reason;
        return WalkResult::interrupt();
      }
      if (isa<StridedAxesOp>(op)) {
        op->emitOpError("cannot be rewritten into slice.strided");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void mlir::slice::populateSliceToTosaConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<StridedToTosa, StridedAxesToTosa>(patterns.getContext());
}
