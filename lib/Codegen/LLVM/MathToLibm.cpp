//===- MathToLibm.cpp - The math functions without an LLVM intrinsic ------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-math-to-libm` (Passes.td): libm calls for the math ops that the
// LLVM conversion cannot lower, f16 and bf16 through f32; every other math
// op stays for `--convert-math-to-llvm` (intrinsics LLVM may vectorize).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEMATHTOLIBM
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// Whether `op` is one of the math ops without an LLVM intrinsic, or one
/// whose upstream lowering loses its precision: `--convert-math-to-llvm`
/// computes expm1(x) as exp(x) - 1 and log1p(x) as log(1 + x), which are 0
/// for |x| below 2^-24 where the functions exist for exactly those inputs
/// (math_coverage.py found expm1(1e-20) = 0 and expm1(-0) = +0).
static bool needsLibm(Operation *op) {
  return isa<math::AcoshOp, math::AsinhOp, math::AtanhOp, math::CbrtOp,
             math::ErfOp, math::ErfcOp, math::ExpM1Op, math::Log1pOp>(op);
}

/// f16 and bf16 (scalars or vectors of them), which libm has no function
/// for.
static bool isHalf(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF16() || element.isBF16();
}

/// Whether `op` is computed in f32 and rounded back: the libm functions on
/// f16 and bf16, and every math op on bf16, which LLVM would otherwise
/// round back through the runtime's `__truncsfbf2` (that flushes subnormal
/// results: sin(9e-41) was 0 in bf16).
static bool computesInF32(Operation *op) {
  if (op->getNumResults() != 1 || !isa<math::MathDialect>(op->getDialect()))
    return false;
  Type type = op->getResult(0).getType();
  if (!isa<FloatType>(getElementTypeOrSelf(type)) ||
      llvm::any_of(op->getOperandTypes(), [](Type operand) {
        return !isa<FloatType>(getElementTypeOrSelf(operand));
      }))
    return false;
  return (needsLibm(op) && isHalf(type)) || getElementTypeOrSelf(type).isBF16();
}

namespace {
/// op(x: f16) -> truncf(op(extf(x) : f32)).
struct ComputeHalfInF32 : RewritePattern {
  ComputeHalfInF32(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!computesInF32(op))
      return failure();
    Location loc = op->getLoc();
    auto widen = [&](Type type) -> Type {
      Type f32 = rewriter.getF32Type();
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.clone(f32);
      return f32;
    };
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(arith::ExtFOp::create(
          rewriter, loc, widen(operand.getType()), operand));
    Type resultType = op->getResult(0).getType();
    OperationState state(loc, op->getName(), operands,
                         TypeRange{widen(resultType)}, op->getAttrs());
    Operation *wide = rewriter.create(state);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, resultType,
                                                 wide->getResult(0));
    return success();
  }
};

struct SliceMathToLibmPass
    : mlir::slice::impl::SliceMathToLibmBase<SliceMathToLibmPass> {
  void runOnOperation() override {
    // Only math ops are rewritten; a module without one is left without a
    // conversion over every op.
    if (!getOperation()
             ->walk([](Operation *op) {
               return computesInF32(op) || needsLibm(op)
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ComputeHalfInF32>(context);
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !computesInF32(op) &&
             !(needsLibm(op) && !isHalf(op->getResult(0).getType()));
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
