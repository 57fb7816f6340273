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

void mlir::slice::populateONNXToSlicePatterns(RewritePatternSet &patterns) {
  addConversion(patterns, {"onnx.Slice"}, convertSlice);
  addDeadOpCleanup(patterns, {"onnx.Constant", "onnx.NoValue"});
}
