//===- SliceDialect.h - The slice dialect -----------------------*- C++ -*-===//
//
// Declares the slice dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEDIALECT_H
#define SLICE_IR_SLICEDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "Slice/IR/SliceOpsDialect.h.inc"

#endif // SLICE_IR_SLICEDIALECT_H
