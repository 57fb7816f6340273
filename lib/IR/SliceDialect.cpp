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

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::slice;

#include "Slice/IR/SliceOpsDialect.cpp.inc"

namespace {
/// Slice ops hold no regions and touch no memory: a callee that contains
/// them inlines like any other.
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
  // Every external model lives in a library above this one and is attached
  // by a registration call; a context that forgot it is told which instead
  // of silently not bufferizing, partitioning or lowering:
  // - bufferization and sharding (SliceTransforms, registerSliceDialect);
  declarePromisedInterfaces<bufferization::BufferizableOpInterface, StridedOp,
                            StridedUpdateOp>();
  declarePromisedInterfaces<shard::ShardingInterface, StridedOp,
                            StridedUpdateOp>();
  // - the memref accesses' lowering to LLVM (SliceCompat,
  //   registerPipelineDependencies).
  declarePromisedInterface<ConvertToLLVMPatternInterface, SliceDialect>();
}

/// Folded slices of constants become arith.constant ops.
Operation *SliceDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
