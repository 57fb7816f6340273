//===- SliceDialect.cpp - The slice dialect -------------------------------===//
//
// Registers the slice dialect and its ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceDialect.h"
#include "Slice/IR/SliceOps.h"

using namespace mlir;
using namespace mlir::slice;

#include "Slice/IR/SliceOpsDialect.cpp.inc"

void SliceDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Slice/IR/SliceOps.cpp.inc"
      >();
}
