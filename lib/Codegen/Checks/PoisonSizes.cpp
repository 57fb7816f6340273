//===- PoisonSizes.cpp - Sizes of values nothing reads --------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "PoisonSizes.h"
#include "../Utils/StridedMemRef.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"

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

SmallVector<Value> zeroDynamicSizes(OpBuilder &b, Location loc,
                                    ShapedType type) {
  Value zero;
  SmallVector<Value> sizes;
  for (int64_t size : type.getShape()) {
    if (!ShapedType::isDynamic(size))
      continue;
    if (!zero)
      zero = arith::ConstantIndexOp::create(b, loc, 0);
    sizes.push_back(zero);
  }
  return sizes;
}

} // namespace detail
} // namespace slice
} // namespace mlir
