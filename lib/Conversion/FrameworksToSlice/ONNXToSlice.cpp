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

#include <limits>

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

/// ONNX's start with a negative step: clamped to [0, dim - 1], so one
/// before the front starts at element 0 (where Python selects nothing),
/// raised to -dim here for the slice's own clamp (step < 0 only).
static OpFoldResult raiseStart(ArithIndexBuilder &math, OpFoldResult start,
                               OpFoldResult step,
                               llvm::function_ref<OpFoldResult()> dimSize) {
  std::optional<int64_t> knownStep = getConstantIntValue(step);
  if (knownStep > 0)
    return start;
  if (std::optional<int64_t> known = getConstantIntValue(start);
      known && *known >= -1)
    return start;
  OpFoldResult raised = math.max(start, math.sub(math.constant(0), dimSize()));
  return knownStep ? raised
                   : math.select(math.lessThan(step, math.constant(0)), raised,
                                 start);
}

/// onnx.Slice with run-time `axes`: a slice.strided over every dimension
/// whose entries select, per dimension, the start, end and step of the
/// axis that names it (0, INT64_MAX and 1, the whole dimension, when none
/// does). Each axis must be in [-rank, rank) and named once: run-time
/// checks naming the op, as ONNX requires.
static LogicalResult
convertRuntimeAxes(Operation *op, PatternRewriter &rewriter,
                   RollbackBuilder &rollback, Value data,
                   ArrayRef<OpFoldResult> axes, ArrayRef<OpFoldResult> starts,
                   ArrayRef<OpFoldResult> ends, ArrayRef<OpFoldResult> steps) {
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  ArithIndexBuilder math(builder, loc);
  Checks checks(builder, loc, op->getName().getStringRef());
  int64_t rank = cast<RankedTensorType>(data.getType()).getRank();
  OpFoldResult zero = math.constant(0), rankValue = math.constant(rank);
  SmallVector<OpFoldResult> dims;
  for (auto [i, axis] : llvm::enumerate(axes)) {
    std::string which = "axes entry " + std::to_string(i);
    checks.require(
        math.logicalAnd(atLeast(math, axis, math.sub(zero, rankValue)),
                        math.lessThan(axis, rankValue)),
        which + " is outside [-rank, rank)");
    // ONNX requires distinct axes.
    dims.push_back(wrapIndex(math, axis, rankValue));
    for (unsigned j = 0; j < i; ++j)
      checks.require(math.logicalNot(math.equal(dims[j], dims.back())),
                     which + " repeats an earlier one");
    checks.require(math.logicalNot(math.equal(steps[i], zero)),
                   "the step of " + which + " is 0");
  }
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  MixedSliceSpec spec;
  for (int64_t d = 0; d < rank; ++d) {
    OpFoldResult dimSize = tensor::getMixedSize(builder, loc, data, d);
    OpFoldResult begin = zero,
                 end = math.constant(std::numeric_limits<int64_t>::max()),
                 stride = math.constant(1);
    for (auto [i, dim] : llvm::enumerate(dims)) {
      OpFoldResult named = math.equal(dim, math.constant(d));
      begin = math.select(
          named, raiseStart(math, starts[i], steps[i], [&] { return dimSize; }),
          begin);
      end = math.select(named, ends[i], end);
      stride = math.select(named, steps[i], stride);
    }
    spec.begin.push_back(begin);
    spec.end.push_back(end);
    spec.strides.push_back(stride);
  }
  return finishWithSlice(rewriter, op, rollback, data, spec);
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
  SmallVector<OpFoldResult> runtimeAxes;
  if (numOperands < 4 || isNone(op->getOperand(3))) {
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  } else if (std::optional<SmallVector<int64_t>> constant =
                 getConstantInts(op->getOperand(3))) {
    axes = std::move(*constant);
  } else if (failed(getIndexOperands(rewriter, rollback, op, 3, {"axes"},
                                     {&runtimeAxes}))) {
    return failure();
  }
  ArithIndexBuilder math(builder, loc);
  SmallVector<OpFoldResult> steps(starts.size(), math.constant(1));
  if (numOperands == 5 && !isNone(op->getOperand(4)) &&
      failed(getIndexOperands(rewriter, rollback, op, 4, {"steps"}, {&steps})))
    return failure();
  size_t numAxes = runtimeAxes.empty() ? axes.size() : runtimeAxes.size();
  if (numAxes != starts.size() || ends.size() != starts.size() ||
      steps.size() != starts.size())
    return refuse(rewriter, op,
                  "starts, ends, axes and steps differ in length");
  if (!runtimeAxes.empty())
    return convertRuntimeAxes(op, rewriter, rollback, data, runtimeAxes, starts,
                              ends, steps);
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
    int64_t dim = d; // a structured binding is captured only from C++20
    starts[i] = raiseStart(math, starts[i], step, [&] {
      return tensor::getMixedSize(math.getBuilder(), op->getLoc(), data, dim);
    });
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
