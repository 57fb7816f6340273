//===- SliceDialect.cpp - The slice dialect -------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Registers the slice dialect and its ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::slice;

#include "Slice/IR/SliceOpsDialect.cpp.inc"

namespace {
/// Slice ops are pure and hold no regions: a callee that contains them
/// inlines like any other.
struct SliceInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void SliceDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Slice/IR/SliceOps.cpp.inc"
      >();
  addInterfaces<SliceInlinerInterface>();
  // The bufferization model lives in SliceTransforms and is attached by
  // registerSliceDialect (registerBufferizableOpInterfaceExternalModels);
  // a context that forgot it is told so instead of silently not
  // bufferizing the op.
  declarePromisedInterface<bufferization::BufferizableOpInterface, StridedOp>();
}

/// Folded slices of constants become arith.constant ops.
Operation *SliceDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
