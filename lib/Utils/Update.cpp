//===- Update.cpp - What slice.strided_update writes, computed ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/Update.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::slice;

int64_t UpdateView::getSliceDim(unsigned index) const {
  return int64_t(index) - int64_t(matches.size()) + sliceType.getRank();
}

bool UpdateView::isPlainCopy() const {
  return matches.size() == size_t(sliceType.getRank()) &&
         llvm::all_of(matches,
                      [](UpdateDimMatch match) {
                        return match == UpdateDimMatch::Equal ||
                               match == UpdateDimMatch::CheckedAtRunTime;
                      }) &&
         !view.layout.hasNewAxes() && !view.isAmbiguousRankReduction();
}

FailureOr<UpdateView> mlir::slice::emitUpdateView(
    OpBuilder &builder, Location loc, StridedUpdateOp op,
    ArrayRef<OpFoldResult> destSizes, ArrayRef<OpFoldResult> valueSizes) {
  UpdateView update;
  std::string error;
  std::optional<RankedTensorType> sliceType = op.inferSliceType(error);
  if (!sliceType)
    return failure();
  update.sliceType = *sliceType;
  std::optional<SmallVector<UpdateDimMatch>> matches =
      matchUpdateValue(toMaybeInts(op.getValueType().getShape()),
                       toMaybeInts(sliceType->getShape()), error);
  if (!matches)
    return failure();
  update.matches = std::move(*matches);

  FailureOr<NormalFormSpec> spec =
      emitNormalFormSpec(builder, loc, op, destSizes);
  if (failed(spec))
    return failure();
  update.view = computeSliceView(builder, loc, *spec,
                                 op.getDestType().getShape(), *sliceType);

  // The value's sizes that only run time knows.
  ArithIndexBuilder arith(builder, loc);
  for (auto [index, match] : llvm::enumerate(update.matches)) {
    if (match != UpdateDimMatch::CheckedAtRunTime)
      continue;
    int64_t sliceDim = update.getSliceDim(index);
    OpFoldResult expected = sliceDim < 0 ? builder.getIndexAttr(1)
                                         : update.view.resultSizes[sliceDim];
    OpFoldResult equal = arith.equal(valueSizes[index], expected);
    std::optional<bool> known = getConstantBool(equal);
    if (known == true)
      continue;
    update.knownToFail |= known == false;
    std::string message =
        (op->getName().getStringRef() + ": value dimension " + Twine(index) +
         (sliceDim < 0
              ? Twine(" lines up with no slice dimension and must have size 1")
              : " does not match slice dimension " + Twine(sliceDim) +
                    " (only a static size 1 broadcasts)"))
            .str();
    cf::AssertOp::create(builder, loc, arith.materializeCond(equal), message);
  }
  return update;
}
