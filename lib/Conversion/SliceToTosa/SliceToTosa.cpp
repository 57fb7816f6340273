//===- SliceToTosa.cpp - slice ops to and from TOSA -----------------------===//
//
// `--convert-slice-to-tosa`: a static slice.strided as TOSA operators;
// `--convert-tosa-to-slice`: tosa.slice and tosa.reverse as slice.strided
// (Passes.td).
//
// The lowering works per input dimension from the semantics library's
// resolution: start, stride and count of the selected elements. The lowest
// selected element is `low` (the start, or for a negative stride the last
// element taken); the elements are low, low + |s|, ..., in increasing order,
// then reversed where the stride is negative.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"
#include "Slice/Conversion/SliceToTosa/SliceToTosa.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTSLICETOTOSA
#define GEN_PASS_DEF_CONVERTTOSATOSLICE
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
    int64_t first = stride < 0 ? *dim.start + (count - 1) * stride
                               : *dim.start;
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

/// The constant start and size of a tosa.slice on a ranked input, or
/// failure.
static LogicalResult getTosaSliceWindow(tosa::SliceOp op,
                                        SmallVector<int64_t> &start,
                                        SmallVector<int64_t> &size) {
  auto sourceType = dyn_cast<RankedTensorType>(op.getInput1().getType());
  return success(
      sourceType && isa<RankedTensorType>(op.getType()) &&
      tosa::getConstShapeValues(op.getStart().getDefiningOp(), start) &&
      tosa::getConstShapeValues(op.getSize().getDefiningOp(), size) &&
      start.size() == size_t(sourceType.getRank()) &&
      size.size() == start.size());
}

/// What is wrong with the window `start`/`size` of a tosa.slice on an input
/// of `sourceType`, or an empty string. TOSA's verifier does not check the
/// window against the input; slice would clamp what leaves it, and
/// upstream's TOSA lowerings build invalid IR from it.
static std::string checkTosaSliceWindow(ArrayRef<int64_t> start,
                                        ArrayRef<int64_t> size,
                                        RankedTensorType sourceType) {
  std::string problem;
  llvm::raw_string_ostream os(problem);
  for (auto [d, first, count] : llvm::enumerate(start, size)) {
    int64_t dim = sourceType.getDimSize(d);
    if (first < 0) {
      os << "dimension " << d << " starts at " << first << ", before the input";
    } else if (count < -1) {
      os << "dimension " << d << " has size " << count
         << "; a size is positive or -1 (to the end)";
    } else if (!ShapedType::isDynamic(dim) && count == -1 && first >= dim) {
      os << "dimension " << d << " starts at " << first
         << ", past the input's " << dim << " elements";
    } else if (!ShapedType::isDynamic(dim) && count > 0 &&
               first + count > dim) {
      os << "the window [" << first << ", " << first + count
         << ") of dimension " << d << " leaves the input's " << dim
         << " elements";
    } else {
      continue;
    }
    break;
  }
  return problem;
}

/// tosa.slice with constant start and size as slice.strided.
struct TosaSliceToStrided : OpRewritePattern<tosa::SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tosa::SliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<int64_t> start, size;
    if (failed(getTosaSliceWindow(op, start, size)))
      return rewriter.notifyMatchFailure(op, "non-constant start or size");
    auto sourceType = cast<RankedTensorType>(op.getInput1().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    // A window outside the input is an error (the pass reports it); slice
    // would clamp it instead.
    std::string problem = checkTosaSliceWindow(start, size, sourceType);
    if (!problem.empty())
      return rewriter.notifyMatchFailure(op, problem);
    SmallVector<OpFoldResult> begin, end, strides;
    SliceMasks masks;
    for (auto [d, first, count] : llvm::enumerate(start, size)) {
      // An empty window: TOSA's size 0 (rejected by its verifier) stays.
      if (count == 0)
        return rewriter.notifyMatchFailure(op, "an empty window");
      begin.push_back(rewriter.getI64IntegerAttr(first));
      if (count == -1) {
        masks.end |= uint64_t(1) << d;
        end.push_back(rewriter.getI64IntegerAttr(0));
      } else {
        end.push_back(rewriter.getI64IntegerAttr(first + count));
      }
      strides.push_back(rewriter.getI64IntegerAttr(1));
    }
    // The window checks above keep the spec valid: the inferring builder
    // gives the result type.
    Value result = StridedOp::create(rewriter, op.getLoc(), op.getInput1(),
                                     begin, end, strides, masks);
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, op.getLoc(), resultType,
                                      result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// tosa.reverse along `axis` as slice.strided: `::-1` on that dimension,
/// `:` on the ones before.
struct TosaReverseToStrided : OpRewritePattern<tosa::ReverseOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tosa::ReverseOp op,
                                PatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<RankedTensorType>(op.getInput1().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    int64_t axis = op.getAxis();
    if (!sourceType || !resultType || axis < 0 ||
        axis >= sourceType.getRank())
      return rewriter.notifyMatchFailure(op, "unranked input or bad axis");
    SmallVector<OpFoldResult> zeros(axis + 1, rewriter.getI64IntegerAttr(0));
    SmallVector<OpFoldResult> strides(axis + 1,
                                      rewriter.getI64IntegerAttr(1));
    strides[axis] = rewriter.getI64IntegerAttr(-1);
    SliceMasks masks;
    masks.begin = masks.end = (uint64_t(2) << axis) - 1;
    Value result = StridedOp::create(rewriter, op.getLoc(), op.getInput1(),
                                     zeros, zeros, strides, masks);
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, op.getLoc(), resultType,
                                      result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertSliceToTosaPass
    : mlir::slice::impl::ConvertSliceToTosaBase<ConvertSliceToTosaPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<StridedOp, StridedAxesOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      StridedOp strided = dyn_cast<StridedOp>(op);
      if (auto axes = dyn_cast<StridedAxesOp>(op)) {
        rewriter.setInsertionPoint(axes);
        FailureOr<StridedOp> converted = convertAxesToStrided(rewriter, axes);
        if (failed(converted)) {
          failedAny = true;
          continue;
        }
        strided = *converted;
      }
      std::string reason;
      if (failed(lowerStridedOpToTosa(rewriter, strided, reason))) {
        strided.emitError() << "cannot be expressed in TOSA: " << reason;
        failedAny = true;
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};

struct ConvertTosaToSlicePass
    : mlir::slice::impl::ConvertTosaToSliceBase<ConvertTosaToSlicePass> {
  void runOnOperation() override {
    // A window that leaves its input is an error, which TOSA's verifier
    // does not report.
    bool malformed = false;
    getOperation()->walk([&](tosa::SliceOp op) {
      SmallVector<int64_t> start, size;
      if (failed(getTosaSliceWindow(op, start, size)))
        return;
      std::string problem = checkTosaSliceWindow(
          start, size, cast<RankedTensorType>(op.getInput1().getType()));
      if (problem.empty())
        return;
      op.emitOpError("selects outside its input: ") << problem;
      malformed = true;
    });
    if (malformed)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateTosaToSliceConversionPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace

void mlir::slice::populateSliceToTosaConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<StridedToTosa, StridedAxesToTosa>(patterns.getContext());
}

void mlir::slice::populateTosaToSliceConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<TosaSliceToStrided, TosaReverseToStrided>(
      patterns.getContext());
}
