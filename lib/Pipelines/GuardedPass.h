//===- GuardedPass.h - An upstream pass run only where needed ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SlicePipelines: a pass that the pipelines run only on
// functions (or modules) holding an op it rewrites or cleans up after.
// Elsewhere it would walk every op for nothing and, since upstream's
// conversions do not say when they changed nothing, the pass manager would
// verify the whole function after it (docs/performance.md, compile-time
// scaling). The wrapper prints as the pass it wraps, options included, so
// a printed pipeline parses back to the same passes.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_PIPELINES_GUARDEDPASS_H
#define SLICE_LIB_PIPELINES_GUARDEDPASS_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <memory>
#include <string>

namespace mlir {
namespace slice {
namespace detail {

/// Runs the passes `build` adds on a function (or module) where `needed`
/// finds an op; marks every analysis preserved where it does not.
template <typename OpT>
class GuardedPass : public PassWrapper<GuardedPass<OpT>, OperationPass<OpT>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GuardedPass)

  /// Adds the passes (with their options) to a pass manager on OpT.
  using Build = std::function<void(OpPassManager &)>;
  /// Whether `op` is one the passes rewrite.
  using Needed = bool (*)(Operation *op);

  GuardedPass(Build build, Needed needed, StringRef name, StringRef description)
      : build(std::move(build)), needed(needed), name(name.str()),
        description(description.str()) {
    // The passes' arguments and options, so that the printed pipeline
    // names them as they were made (`expand-realloc{emit-deallocs=false}`)
    // and parses back to the same passes.
    OpPassManager pipeline = makePipeline();
    llvm::raw_string_ostream os(argument);
    llvm::interleave(
        pipeline.getPasses(), os,
        [&](Pass &pass) { pass.printAsTextualPipeline(os); }, ",");
  }

  StringRef getArgument() const override { return argument; }
  StringRef getName() const override { return name; }
  StringRef getDescription() const override { return description; }
  void getDependentDialects(DialectRegistry &registry) const override {
    makePipeline().getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (!this->getOperation()
             ->walk([&](Operation *op) {
               return needed(op) ? WalkResult::interrupt()
                                 : WalkResult::advance();
             })
             .wasInterrupted())
      return this->markAllAnalysesPreserved();
    OpPassManager pipeline = makePipeline();
    if (failed(this->runPipeline(pipeline, this->getOperation())))
      return this->signalPassFailure();
    // Verified, and its analyses invalidated, after each ran inside.
    this->markAllAnalysesPreserved();
  }

private:
  OpPassManager makePipeline() const {
    OpPassManager pipeline(OpT::getOperationName());
    build(pipeline);
    return pipeline;
  }

  Build build;
  Needed needed;
  std::string name, description, argument;
};

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
inline bool isDeallocOp(Operation *op) {
  return isa<bufferization::DeallocOp>(op);
}
inline bool isRealloc(Operation *op) { return isa<memref::ReallocOp>(op); }
/// An op whose memref result the deallocation passes must look after: any
/// that makes a memref but a view or a cast. An allocation, a clone, a
/// call, a loop or branch yielding buffers may own one; a global or a
/// stack allocation returned is copied into a buffer the caller owns.
inline bool mayOwnBuffer(Operation *op) {
  if (isa<ViewLikeOpInterface, memref::CastOp,
          memref::ExtractStridedMetadataOp>(op))
    return false;
  return llvm::any_of(op->getResultTypes(), llvm::IsaPred<BaseMemRefType>);
}

/// A memref.cast: what --slice-specialize-dense-arguments leaves for its
/// clean-up (the casts to and from the dense and rows types).
inline bool isMemRefCast(Operation *op) { return isa<memref::CastOp>(op); }

/// The pass `make()` creates, run on the functions that hold an op
/// `needed` accepts.
inline std::unique_ptr<Pass> guarded(std::unique_ptr<Pass> (*make)(),
                                     bool (*needed)(Operation *)) {
  std::unique_ptr<Pass> inner = make();
  return std::make_unique<GuardedPass<func::FuncOp>>(
      [make](OpPassManager &pm) { pm.addPass(make()); }, needed,
      ("Guarded" + inner->getName()).str(), inner->getDescription());
}
/// The module passes `build` adds, run when the module holds an op
/// `needed` accepts; `name` for timings and statistics.
inline std::unique_ptr<Pass> guardedModule(GuardedPass<ModuleOp>::Build build,
                                           GuardedPass<ModuleOp>::Needed needed,
                                           StringRef name,
                                           StringRef description) {
  return std::make_unique<GuardedPass<ModuleOp>>(std::move(build), needed, name,
                                                 description);
}

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_PIPELINES_GUARDEDPASS_H
