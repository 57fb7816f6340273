//===- Gradient.cpp - The gradient of slice.strided -----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/Gradient.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::slice;

FailureOr<Value> mlir::slice::buildStridedSliceGradient(OpBuilder &builder,
                                                        Location loc,
                                                        StridedOp slice,
                                                        Value dy) {
  RankedTensorType sourceType = slice.getSourceType();
  auto dyType = dyn_cast<RankedTensorType>(dy.getType());
  // What the update's verifier will check: dy against the inferred type.
  std::string error;
  std::optional<RankedTensorType> sliceType =
      StridedOp::inferResultType(sourceType, slice.getSparseSpec(), error);
  if (!sliceType || !dyType ||
      dyType.getElementType() != sourceType.getElementType() ||
      !matchUpdateValue(toMaybeInts(dyType.getShape()),
                        toMaybeInts(sliceType->getShape()), error))
    return failure();
  TypedAttr zeroAttr = builder.getZeroAttr(sourceType.getElementType());
  if (!zeroAttr)
    return failure();
  Value zero = arith::ConstantOp::create(builder, loc, zeroAttr);
  SmallVector<Value> dynamicSizes;
  for (auto [dim, size] : llvm::enumerate(sourceType.getShape()))
    if (ShapedType::isDynamic(size))
      dynamicSizes.push_back(
          tensor::DimOp::create(builder, loc, slice.getSource(), dim));
  Value zeros =
      tensor::SplatOp::create(builder, loc, zero, sourceType, dynamicSizes);
  return StridedUpdateOp::create(builder, loc, dy, zeros, slice.getMixedBegin(),
                                 slice.getMixedEnd(), slice.getMixedStrides(),
                                 slice.getMasks(), slice.getOffset())
      .getResult();
}
