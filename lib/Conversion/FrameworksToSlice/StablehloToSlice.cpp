//===- StablehloToSlice.cpp - StableHLO slicing ops to slice --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The StableHLO (and MHLO) front door. StableHLO's slices never wrap:
// `slice` requires its window inside the operand, the dynamic ones clamp
// their starts to [0, dim - size].
//
//===----------------------------------------------------------------------===//

#include "FrontDoor.h"

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::frontdoor;

/// stablehlo.slice: `start_indices`, `limit_indices`, `strides` (array or
/// dense attributes), 0 <= start <= limit <= dim and strides >= 1 required.
static LogicalResult convertSlice(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 1, input)))
    return failure();
  int64_t rank = input.getType().getRank();
  SmallVector<SmallVector<int64_t>, 3> lists;
  for (StringRef name : {"start_indices", "limit_indices", "strides"}) {
    std::optional<SmallVector<int64_t>> list = getIntListAttr(op, name);
    if (!list || int64_t(list->size()) != rank)
      return refuse(rewriter, op,
                    name + " is not an integer list of the operand's rank (" +
                        Twine(rank) + ")");
    lists.push_back(std::move(*list));
  }
  RollbackBuilder rollback(op);
  MixedSliceSpec spec;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t first = lists[0][d], last = lists[1][d], stride = lists[2][d];
    int64_t dim = input.getType().getDimSize(d);
    if (first < 0 || first > last || stride < 1 ||
        (!ShapedType::isDynamic(dim) && last > dim))
      return refuse(rewriter, op,
                    "dimension " + Twine(d) + " has start " + Twine(first) +
                        ", limit " + Twine(last) + " and stride " +
                        Twine(stride) +
                        "; StableHLO requires 0 <= start <= limit <= size "
                        "and stride >= 1");
    spec.begin.push_back(rollback.builder.getIndexAttr(first));
    spec.end.push_back(rollback.builder.getIndexAttr(last));
    spec.strides.push_back(rollback.builder.getIndexAttr(stride));
  }
  return finishWithSlice(rewriter, op, rollback, input, spec);
}

/// stablehlo.reverse: stride -1 on `dimensions`.
static LogicalResult convertReverse(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 1, input)))
    return failure();
  std::optional<SmallVector<int64_t>> dimensions =
      getIntListAttr(op, "dimensions");
  if (!dimensions)
    return refuse(rewriter, op, "dimensions is not an integer list");
  std::string why;
  std::optional<SmallVector<int64_t>> dims =
      normalizeDims(*dimensions, input.getType().getRank(), why);
  if (!dims || llvm::any_of(*dimensions, [](int64_t d) { return d < 0; }))
    return refuse(rewriter, op,
                  why.empty() ? "a dimension is negative" : StringRef(why));
  RollbackBuilder rollback(op);
  return finishWithSlice(
      rewriter, op, rollback, input,
      reverseSpec(rollback.builder, *dims, input.getType().getRank()));
}

/// The start index operands `first...` of a dynamic (update) slice.
static FailureOr<SmallVector<OpFoldResult>>
getStartOperands(OpBuilder &builder, Operation *op, unsigned first) {
  SmallVector<OpFoldResult> starts;
  for (Value operand : op->getOperands().drop_front(first)) {
    FailureOr<OpFoldResult> start =
        getScalarIndex(builder, op->getLoc(), operand);
    if (failed(start))
      return failure();
    starts.push_back(*start);
  }
  return starts;
}

/// stablehlo.dynamic_slice(operand, start...): `slice_sizes` elements from
/// each start, clamped to [0, dim - size].
static LogicalResult convertDynamicSlice(Operation *op,
                                         PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 1, input, /*orMore=*/true)))
    return failure();
  std::optional<SmallVector<int64_t>> sizes = getIntListAttr(op, "slice_sizes");
  int64_t rank = input.getType().getRank();
  if (!sizes || int64_t(sizes->size()) != rank ||
      int64_t(op->getNumOperands()) != rank + 1)
    return refuse(rewriter, op,
                  "slice_sizes and the start indices do not match the "
                  "operand's rank");
  RollbackBuilder rollback(op);
  FailureOr<SmallVector<OpFoldResult>> starts =
      getStartOperands(rollback.builder, op, 1);
  if (failed(starts))
    return refuse(rewriter, op, "a start index is not a 0-D integer tensor");
  ArithIndexBuilder math(rollback.builder, op->getLoc());
  MixedSliceSpec spec;
  for (auto [d, start] : llvm::enumerate(*starts)) {
    int64_t size = (*sizes)[d];
    int64_t dim = input.getType().getDimSize(d);
    if (size < 0 || (!ShapedType::isDynamic(dim) && size > dim))
      return refuse(rewriter, op,
                    "slice size " + Twine(size) + " of dimension " + Twine(d) +
                        " is outside [0, " + Twine(dim) + "]");
    spec.begin.push_back(
        clampIndex(math, start, math.constant(0),
                   math.sub(tensor::getMixedSize(math.getBuilder(),
                                                 op->getLoc(), input, d),
                            math.constant(size))));
    spec.end.push_back(math.constant(size));
    spec.strides.push_back(math.constant(1));
  }
  return finishWithSlice(rewriter, op, rollback, input, spec, true);
}

/// stablehlo.dynamic_update_slice(operand, update, start...).
static LogicalResult convertDynamicUpdateSlice(Operation *op,
                                               PatternRewriter &rewriter) {
  if (op->getNumOperands() < 2 || op->getNumResults() != 1)
    return refuse(rewriter, op, "expects an operand, an update and 1 result");
  RollbackBuilder rollback(op);
  FailureOr<SmallVector<OpFoldResult>> starts =
      getStartOperands(rollback.builder, op, 2);
  if (failed(starts))
    return refuse(rewriter, op, "a start index is not a 0-D integer tensor");
  return convertClampedUpdate(op, rewriter, rollback, op->getOperand(0),
                              op->getOperand(1), *starts);
}

/// stablehlo.real_dynamic_slice(operand, start, limit, strides): 1-D
/// tensors. StableHLO leaves out-of-range values unspecified; slice clamps
/// them as NumPy would.
static LogicalResult convertRealDynamicSlice(Operation *op,
                                             PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 4, input)))
    return failure();
  RollbackBuilder rollback(op);
  MixedSliceSpec spec;
  if (failed(getIndexOperands(rewriter, rollback, op, 1,
                              {"start", "limit", "strides"},
                              {&spec.begin, &spec.end, &spec.strides})))
    return failure();
  return finishWithSlice(rewriter, op, rollback, input, spec);
}

void mlir::slice::populateStablehloToSlicePatterns(
    RewritePatternSet &patterns) {
  addConversion(patterns, {"stablehlo.slice", "mhlo.slice"}, convertSlice);
  addConversion(patterns, {"stablehlo.reverse", "mhlo.reverse"},
                convertReverse);
  addConversion(patterns, {"stablehlo.dynamic_slice", "mhlo.dynamic_slice"},
                convertDynamicSlice);
  addConversion(patterns,
                {"stablehlo.dynamic_update_slice", "mhlo.dynamic_update_slice"},
                convertDynamicUpdateSlice);
  addConversion(patterns,
                {"stablehlo.real_dynamic_slice", "mhlo.real_dynamic_slice"},
                convertRealDynamicSlice);
  addDeadOpCleanup(patterns, {"stablehlo.constant", "mhlo.constant"});
}
