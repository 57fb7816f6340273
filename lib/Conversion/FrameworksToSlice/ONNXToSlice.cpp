//===- ONNXToSlice.cpp - ONNX Slice to slice ------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The ONNX front door (onnx-mlir's `onnx.Slice`). ONNX's clamping is
// Python's except in one corner: with a negative step, a start before the
// front (start < -dim) starts at element 0 in ONNX and selects nothing in
// Python. The conversion raises such starts to -dim, which both read as
// element 0, and hands the rest to slice.strided_axes.
//
//===----------------------------------------------------------------------===//

#include "FrontDoor.h"

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"

#include "Slice/Semantics/Axes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::frontdoor;

/// A slice.strided_axes of `source`, or failure with the reason in `why`.
static FailureOr<Value> buildAxesSlice(OpBuilder &builder, Location loc,
                                       Value source, ArrayRef<int64_t> axes,
                                       ArrayRef<OpFoldResult> starts,
                                       ArrayRef<OpFoldResult> ends,
                                       ArrayRef<OpFoldResult> strides,
                                       std::string &why) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto known = [](ArrayRef<OpFoldResult> values) {
    return llvm::map_to_vector(values, [](OpFoldResult value) -> MaybeInt {
      if (isa<Attribute>(value))
        return getConstantIntValue(value);
      return std::nullopt;
    });
  };
  std::optional<SparseSliceSpec> spec =
      buildAxesSpec(axes, known(starts), known(ends), known(strides),
                    sourceType.getRank(), why);
  if (!spec || !inferSliceType(sourceType, *spec, why))
    return failure();
  return StridedAxesOp::create(builder, loc, source, axes, starts, ends,
                               strides)
      .getResult();
}

/// onnx.Slice(data, starts, ends, axes, steps).
static LogicalResult convertSlice(Operation *op, PatternRewriter &rewriter) {
  unsigned numOperands = op->getNumOperands();
  if (numOperands < 3 || numOperands > 5 || op->getNumResults() != 1)
    return refuse(rewriter, op, "expects 3 to 5 operands and 1 result");
  Value data = op->getOperand(0);
  auto dataType = dyn_cast<RankedTensorType>(data.getType());
  if (!dataType)
    return refuse(rewriter, op, "data is not a ranked tensor");
  RollbackBuilder rollback(op);
  SmallVector<OpFoldResult> starts, ends;
  if (failed(getIndexOperands(rewriter, rollback, op, 1, {"starts", "ends"},
                              {&starts, &ends})))
    return failure();
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  SmallVector<int64_t> axes;
  if (numOperands < 4 || isNone(op->getOperand(3))) {
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  } else if (std::optional<SmallVector<int64_t>> constant =
                 getConstantInts(op->getOperand(3))) {
    axes = std::move(*constant);
  } else {
    return refuse(rewriter, op, "axes are not constant");
  }
  ArithIndexBuilder math(builder, loc);
  SmallVector<OpFoldResult> steps(starts.size(), math.constant(1));
  if (numOperands == 5 && !isNone(op->getOperand(4))) {
    FailureOr<SmallVector<OpFoldResult>> given =
        getIndexEntries(builder, loc, op->getOperand(4));
    if (failed(given))
      return refuse(rewriter, op,
                    "steps is not a 1-D integer tensor of static length");
    steps = std::move(*given);
  }
  if (axes.size() != starts.size() || ends.size() != starts.size() ||
      steps.size() != starts.size())
    return refuse(rewriter, op,
                  "starts, ends, axes and steps differ in length");
  std::string why;
  std::optional<SmallVector<int64_t>> dims =
      normalizeDims(axes, dataType.getRank(), why);
  if (!dims)
    return refuse(rewriter, op, why);
  Checks checks(builder, loc, op->getName().getStringRef());
  for (auto [i, d] : llvm::enumerate(*dims)) {
    OpFoldResult step = steps[i];
    std::optional<int64_t> knownStep = getConstantIntValue(step);
    if (knownStep == 0)
      return refuse(rewriter, op,
                    "the step of axis " + Twine(axes[i]) +
                        " is 0, which the framework rejects");
    if (!knownStep)
      checks.require(math.logicalNot(math.equal(step, math.constant(0))),
                     "the step of axis " + std::to_string(axes[i]) + " is 0");
    if (knownStep > 0)
      continue;
    // ONNX clamps a start to [0, dim - 1] with a negative step: one before
    // the front starts at element 0, where Python selects nothing.
    OpFoldResult start = starts[i];
    if (std::optional<int64_t> known = getConstantIntValue(start);
        known && *known >= -1)
      continue;
    OpFoldResult raised =
        math.max(start, math.sub(math.constant(0),
                                 tensor::getMixedSize(math.getBuilder(),
                                                      op->getLoc(), data, d)));
    starts[i] = knownStep ? raised
                          : math.select(math.lessThan(step, math.constant(0)),
                                        raised, start);
  }
  checks.emit();
  FailureOr<Value> slice =
      buildAxesSlice(builder, loc, data, axes, starts, ends, steps, why);
  if (failed(slice))
    return refuse(rewriter, op, why);
  return finish(rewriter, op, rollback, *slice);
}

/// onnx.Split(input, split) {axis, num_outputs}: pieces of the sizes in
/// `split`, which must add up to the dimension; without it (absent or
/// none), as many pieces as results, ceil(dimension / results) each but
/// the last, which gets what is left (the operator's reference
/// implementation, every opset: an even split when the results divide
/// the dimension).
static LogicalResult convertSplit(Operation *op, PatternRewriter &rewriter) {
  unsigned numOperands = op->getNumOperands();
  if (numOperands < 1 || numOperands > 2 || op->getNumResults() == 0)
    return refuse(rewriter, op, "expects 1 or 2 operands and results");
  auto input = dyn_cast<TypedValue<RankedTensorType>>(op->getOperand(0));
  if (!input)
    return refuse(rewriter, op, "input is not a ranked tensor");
  RollbackBuilder rollback(op);
  Location loc = op->getLoc();
  ArithIndexBuilder math(rollback.builder, loc);
  Checks checks(rollback.builder, loc, op->getName().getStringRef());
  // A negative axis counts from the back (every opset since 11).
  std::string why;
  FailureOr<int64_t> dim =
      getAxisAttr(op, "axis", input.getType().getRank(), why);
  if (failed(dim))
    return refuse(rewriter, op, why);
  OpFoldResult dimSize =
      tensor::getMixedSize(rollback.builder, loc, input, *dim);
  OpFoldResult zero = math.constant(0);
  int64_t count = op->getNumResults();
  SmallVector<SplitPiece> pieces;
  if (numOperands == 2 && !isNone(op->getOperand(1))) {
    FailureOr<SmallVector<OpFoldResult>> sizes =
        getIndexEntries(rollback.builder, loc, op->getOperand(1));
    if (failed(sizes))
      return refuse(rewriter, op,
                    "split is not a 1-D integer tensor of static length");
    OpFoldResult total = zero;
    for (OpFoldResult size : *sizes) {
      checks.require(atLeast(math, size, zero), "a negative size in split");
      total = math.add(total, size);
    }
    checks.require(math.equal(total, dimSize),
                   "split does not add up to dimension " + Twine(*dim));
    pieces = piecesOfSizes(math, *sizes);
  } else {
    std::optional<int64_t> outputs = getIntAttr(op, "num_outputs", count);
    if (!outputs || *outputs != count)
      return refuse(rewriter, op, "num_outputs is not the number of results");
    OpFoldResult size = ceilDiv(math, dimSize, math.constant(count));
    checks.require(
        atLeast(math,
                math.sub(dimSize, math.mul(size, math.constant(count - 1))),
                zero),
        "dimension " + Twine(*dim) + " is too short for " + Twine(count) +
            " pieces");
    pieces = piecesOfSize(math, dimSize, size, count);
  }
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  return finishWithPieces(rewriter, op, rollback, input, *dim, pieces,
                          /*shrink=*/false);
}

void mlir::slice::populateONNXToSlicePatterns(RewritePatternSet &patterns) {
  addConversion(patterns, {"onnx.Slice"}, convertSlice);
  addConversion(patterns, {"onnx.Split"}, convertSplit);
  addDeadOpCleanup(patterns, {"onnx.Constant", "onnx.NoValue"});
}
