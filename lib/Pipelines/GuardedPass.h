//===- GuardedPass.h - An upstream pass run only where needed ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SlicePipelines: an upstream function pass that the pipelines
// run only on functions holding an op it rewrites. Elsewhere it would walk
// every op for nothing and, since upstream's conversions do not say when
// they changed nothing, the pass manager would verify the whole function
// after it (docs/performance.md, compile-time scaling). The wrapper prints
// as the pass it wraps, so a printed pipeline parses back to the same
// passes.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_PIPELINES_GUARDEDPASS_H
#define SLICE_LIB_PIPELINES_GUARDEDPASS_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <memory>
#include <string>

namespace mlir {
namespace slice {
namespace detail {

/// Runs the pass `make` creates on a function where `needed` finds an op;
/// marks every analysis preserved where it does not.
class GuardedFunctionPass
    : public PassWrapper<GuardedFunctionPass, OperationPass<func::FuncOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GuardedFunctionPass)

  /// Creates the pass (with its default options).
  using Make = std::unique_ptr<Pass> (*)();
  /// Whether `op` is one the pass rewrites.
  using Needed = bool (*)(Operation *op);

  GuardedFunctionPass(Make make, Needed needed)
      : make(make), needed(needed), inner(make()),
        name(("Guarded" + inner->getName()).str()) {}
  GuardedFunctionPass(const GuardedFunctionPass &other)
      : PassWrapper(other), make(other.make), needed(other.needed),
        inner(make()), name(other.name) {}

  StringRef getArgument() const override { return inner->getArgument(); }
  StringRef getName() const override { return name; }
  StringRef getDescription() const override { return inner->getDescription(); }
  void getDependentDialects(DialectRegistry &registry) const override {
    inner->getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (!getOperation()
             ->walk([&](Operation *op) {
               return needed(op) ? WalkResult::interrupt()
                                 : WalkResult::advance();
             })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    OpPassManager pipeline(func::FuncOp::getOperationName());
    pipeline.addPass(make());
    if (failed(runPipeline(pipeline, getOperation())))
      return signalPassFailure();
    // Verified, and its analyses invalidated, after it ran inside.
    markAllAnalysesPreserved();
  }

private:
  Make make;
  Needed needed;
  std::unique_ptr<Pass> inner; // its name, argument and dialects
  std::string name;
};

/// What --convert-elementwise-to-linalg rewrites: element-wise mappable
/// ops on ranked tensors.
inline bool isElementwiseOnTensors(Operation *op) {
  return OpTrait::hasElementwiseMappableTraits(op) &&
         llvm::any_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>);
}

/// What --eliminate-empty-tensors replaces.
inline bool isEmptyTensor(Operation *op) { return isa<tensor::EmptyOp>(op); }

/// What --convert-linalg-to-loops lowers.
inline bool isLinalgOp(Operation *op) { return isa<linalg::LinalgOp>(op); }

/// What --convert-complex-to-standard and --convert-bufferization-to-memref
/// rewrite: ops of their dialects.
inline bool isComplexOp(Operation *op) {
  return isa_and_nonnull<complex::ComplexDialect>(op->getDialect());
}
inline bool isBufferizationOp(Operation *op) {
  return isa_and_nonnull<bufferization::BufferizationDialect>(op->getDialect());
}

/// The pass `make` creates, run on the functions where `needed` finds an
/// op.
inline std::unique_ptr<Pass> guarded(GuardedFunctionPass::Make make,
                                     GuardedFunctionPass::Needed needed) {
  return std::make_unique<GuardedFunctionPass>(make, needed);
}

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_PIPELINES_GUARDEDPASS_H
