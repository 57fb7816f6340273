//===- ExpandBF16.cpp - bf16 conversions that keep subnormals -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-expand-bf16` (Passes.td): bf16 truncations and extensions as
// upstream's integer expansions, on the CPU route, where the runtime's
// `__truncsfbf2` flushes subnormal results.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEEXPANDBF16
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceExpandBF16Pass
    : mlir::slice::impl::SliceExpandBF16Base<SliceExpandBF16Pass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    arith::populateExpandBFloat16Patterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // Nothing to do without a bf16 value: the conversion and the greedy
    // driver below would walk every op for nothing (a tenth of a second
    // at 10k slice ops).
    if (!getOperation()
             ->walk([](Operation *op) {
               auto isBF16 = [](Type type) {
                 return getElementTypeOrSelf(type).isBF16();
               };
               return llvm::any_of(op->getResultTypes(), isBF16) ||
                              llvm::any_of(op->getOperandTypes(), isBF16)
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    // Arithmetic on bf16 in f32 (upstream's emulation of unsupported
    // floats): LLVM would promote it the same way but round back through
    // the runtime's flushing __truncsfbf2.
    MLIRContext *context = &getContext();
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(
        converter, {BFloat16Type::get(context)}, Float32Type::get(context));
    RewritePatternSet emulation(context);
    arith::populateEmulateUnsupportedFloatsPatterns(emulation, converter);
    ConversionTarget target(*context);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(emulation))))
      return signalPassFailure();
    // Then the conversions to and from bf16 that are left.
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};
} // namespace
