//===- IntRangeOptimizations.cpp - Upstream's, where it does not crash ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-int-range-optimizations` (Passes.td): upstream's
// `--int-range-optimizations` on each function, except those holding an
// integer constant with no elements, whose range MLIR 22 computes by
// reading past an empty buffer (a crash in arith::ConstantOp's
// inferResultRanges on `arith.constant dense<> : tensor<2x0xi64>`).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEINTRANGEOPTIMIZATIONS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// Whether `function` holds an integer constant with no elements.
static bool hasEmptyIntegerConstant(func::FuncOp function) {
  return function
      .walk([](arith::ConstantOp constant) {
        auto elements = dyn_cast<ElementsAttr>(constant.getValue());
        if (elements && elements.getNumElements() == 0 &&
            elements.getElementType().isIntOrIndex())
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct IntRangeOptimizations
    : public slice::impl::SliceIntRangeOptimizationsBase<
          IntRangeOptimizations> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (hasEmptyIntegerConstant(function))
      return markAllAnalysesPreserved();
    OpPassManager pipeline(func::FuncOp::getOperationName());
    pipeline.addPass(arith::createIntRangeOptimizationsPass());
    if (failed(runPipeline(pipeline, function)))
      return signalPassFailure();
    // Verified, and its analyses invalidated, after it ran inside: no
    // second verification of the function.
    markAllAnalysesPreserved();
  }
};
} // namespace
