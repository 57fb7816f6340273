//===- Lanes.cpp - Runs of lanes in strided rows --------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Lanes.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"
#include "StridedMemRef.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace mlir {
namespace slice {
namespace detail {

OpFoldResult isAlignedBuffer(OpBuilder &b, Location loc, Value flat, bool fresh,
                             int64_t bytes) {
  if (fresh)
    return b.getBoolAttr(true);
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, flat);
  return isMultipleOf(b, loc, pointer, bytes);
}

OpFoldResult lanesHaveLayout(OpBuilder &b, Location loc, OpFoldResult offset,
                             ArrayRef<OpFoldResult> strides, int64_t lanes,
                             LaneLayout layout) {
  assert(layout != LaneLayout::Strided && !strides.empty());
  ArithIndexBuilder arith(b, loc);
  int64_t direction = layout == LaneLayout::Vector ? 1 : -1;
  OpFoldResult aligned = arith.equal(strides.back(), b.getIndexAttr(direction));
  // A reversed run's lowest element is lanes - 1 below its start.
  OpFoldResult lowest =
      direction > 0 ? offset : arith.sub(offset, b.getIndexAttr(lanes - 1));
  aligned = arith.logicalAnd(aligned, isMultipleOf(b, loc, lowest, lanes));
  for (OpFoldResult stride : strides.drop_back())
    aligned = arith.logicalAnd(aligned, isMultipleOf(b, loc, stride, lanes));
  return aligned;
}

Value loadLanes(OpBuilder &b, Location loc, LaneLayout layout, Value flat,
                Value position, OpFoldResult stride, VectorType type,
                llvm::MaybeAlign alignment) {
  int64_t lanes = type.getNumElements();
  switch (layout) {
  case LaneLayout::Vector:
    return vector::LoadOp::create(b, loc, type, flat, position,
                                  /*nontemporal=*/false, alignment);
  case LaneLayout::Reverse: {
    Value lowest = b.createOrFold<arith::SubIOp>(
        loc, position, arith::ConstantIndexOp::create(b, loc, lanes - 1));
    Value loaded = vector::LoadOp::create(b, loc, type, flat, lowest,
                                          /*nontemporal=*/false, alignment);
    SmallVector<int64_t> reversed =
        llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, lanes)));
    return vector::ShuffleOp::create(b, loc, loaded, loaded, reversed);
  }
  case LaneLayout::Strided: {
    Value step = getValueOrCreateConstantIndexOp(b, loc, stride);
    SmallVector<Value> elements;
    for (int64_t k = 0; k < lanes; ++k) {
      Value at = b.createOrFold<arith::AddIOp>(
          loc, position,
          b.createOrFold<arith::MulIOp>(
              loc, arith::ConstantIndexOp::create(b, loc, k), step));
      elements.push_back(memref::LoadOp::create(b, loc, flat, at));
    }
    return vector::FromElementsOp::create(b, loc, type, elements);
  }
  }
  llvm_unreachable("unknown lane layout");
}

void storeLanes(OpBuilder &b, Location loc, LaneLayout layout, Value vector,
                Value flat, Value position, OpFoldResult stride,
                llvm::MaybeAlign alignment) {
  auto type = cast<VectorType>(vector.getType());
  int64_t lanes = type.getNumElements();
  switch (layout) {
  case LaneLayout::Vector:
    vector::StoreOp::create(b, loc, vector, flat, position,
                            /*nontemporal=*/false, alignment);
    return;
  case LaneLayout::Reverse: {
    SmallVector<int64_t> reversed =
        llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, lanes)));
    Value shuffled =
        vector::ShuffleOp::create(b, loc, vector, vector, reversed);
    Value lowest = b.createOrFold<arith::SubIOp>(
        loc, position, arith::ConstantIndexOp::create(b, loc, lanes - 1));
    vector::StoreOp::create(b, loc, shuffled, flat, lowest,
                            /*nontemporal=*/false, alignment);
    return;
  }
  case LaneLayout::Strided: {
    Value step = getValueOrCreateConstantIndexOp(b, loc, stride);
    for (int64_t k = 0; k < lanes; ++k) {
      Value at = b.createOrFold<arith::AddIOp>(
          loc, position,
          b.createOrFold<arith::MulIOp>(
              loc, arith::ConstantIndexOp::create(b, loc, k), step));
      Value element = vector::ExtractOp::create(b, loc, vector, k);
      memref::StoreOp::create(b, loc, element, flat, at);
    }
    return;
  }
  }
  llvm_unreachable("unknown lane layout");
}

} // namespace detail
} // namespace slice
} // namespace mlir
