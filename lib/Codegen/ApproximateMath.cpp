//===- ApproximateMath.cpp - Math functions that vectorize ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-approximate-math` (Passes.td): the math functions of element-wise
// bodies as upstream's polynomial approximations (arith ops), which LLVM
// vectorizes with the loop around them; a call to libm's scalar `expf`
// keeps the loop scalar.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEAPPROXIMATEMATH
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceApproximateMathPass
    : mlir::slice::impl::SliceApproximateMathBase<SliceApproximateMathPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    // The functions whose approximations keep f32's accuracy over the
    // whole range (test/Integration/CPU/approximate-math.test measures
    // them against NumPy): exp within 5 ulp (4.6 at the top of its range),
    // its results below the smallest normal flushed to 0; tanh within 4
    // ulp. Upstream's log and log2 are off for subnormal inputs
    // (log2(1e-40) = -126), and expm1 and log1p lose their precision near
    // 0: those stay libm's.
    auto approximated = [](StringRef name) {
      name.consume_front("math.");
      return name == "exp" || name == "tanh";
    };
    populateMathF32ExpansionPatterns(set, approximated);
    populateMathPolynomialApproximationPatterns(set, approximated);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
