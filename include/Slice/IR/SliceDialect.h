//===- SliceDialect.h - The slice dialect -----------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
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
