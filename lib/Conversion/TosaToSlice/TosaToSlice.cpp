//===- TosaToSlice.cpp - TOSA to slice ops --------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--convert-tosa-to-slice` (Passes.td): tosa.slice with constant start and
// size, and tosa.reverse, raised to slice.strided; canonicalization then
// folds chains of them into one slice.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/TosaToSlice/TosaToSlice.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Utils/ConversionUtils.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTTOSATOSLICE
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

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
      os << "dimension " << d << " starts at " << first << ", past the input's "
         << dim << " elements";
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

namespace {
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
      result =
          tensor::CastOp::create(rewriter, op.getLoc(), resultType, result);
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
    if (!sourceType || !resultType || axis < 0 || axis >= sourceType.getRank())
      return rewriter.notifyMatchFailure(op, "unranked input or bad axis");
    SmallVector<OpFoldResult> zeros(axis + 1, rewriter.getI64IntegerAttr(0));
    SmallVector<OpFoldResult> strides(axis + 1, rewriter.getI64IntegerAttr(1));
    strides[axis] = rewriter.getI64IntegerAttr(-1);
    SliceMasks masks;
    masks.begin = masks.end = (uint64_t(2) << axis) - 1;
    Value result = StridedOp::create(rewriter, op.getLoc(), op.getInput1(),
                                     zeros, zeros, strides, masks);
    if (result.getType() != resultType)
      result =
          tensor::CastOp::create(rewriter, op.getLoc(), resultType, result);
    rewriter.replaceOp(op, result);
    return success();
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

void mlir::slice::populateTosaToSliceConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<TosaSliceToStrided, TosaReverseToStrided>(patterns.getContext());
}
