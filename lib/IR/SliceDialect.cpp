//===- SliceDialect.cpp - The slice dialect -------------------------------===//
//
// Registers the slice dialect and its ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::slice;

#include "Slice/IR/SliceOpsDialect.cpp.inc"

void SliceDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Slice/IR/SliceOps.cpp.inc"
      >();
}

/// Folded slices of constants become arith.constant ops.
Operation *SliceDialect::materializeConstant(OpBuilder &builder,
                                             Attribute value, Type type,
                                             Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
