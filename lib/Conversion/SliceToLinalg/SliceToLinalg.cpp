//===- SliceToLinalg.cpp - slice ops to dense copies ----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Materializes slice ops: the view --convert-slice-to-tensor builds, copied
// by linalg.copy into a fresh tensor.
//
//===----------------------------------------------------------------------===//

#include "Slice/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_CONVERTSLICETOLINALG
#include "Slice/Conversion/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::populateSliceToLinalgConversionPatterns(
    RewritePatternSet &patterns) {
  populateSliceLoweringPatterns(patterns, SliceLowering::Copy);
}

namespace {
struct ConvertSliceToLinalgPass
    : mlir::slice::impl::ConvertSliceToLinalgBase<ConvertSliceToLinalgPass> {
  void runOnOperation() override {
    if (failed(lowerAllSliceOps(getOperation(), SliceLowering::Copy)))
      signalPassFailure();
  }
};
} // namespace
