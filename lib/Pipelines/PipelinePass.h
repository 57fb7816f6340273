//===- PipelinePass.h - A pipeline in the form of a pass --------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The pipelines are declared as passes (Passes.td) so that their options
// live in TableGen; each pass runs the pipeline its build function assembles
// from those options.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_PIPELINES_PIPELINEPASS_H
#define SLICE_LIB_PIPELINES_PIPELINEPASS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace slice {
namespace detail {

/// Runs `build(pm, options)` on the module. `Derived` gives
/// `OptionsT getOptions() const` (its pass options as the pipeline's options
/// struct) and may hide `checkOptions()` to reject options with a diagnostic
/// before anything runs.
template <typename Derived, typename Base, typename OptionsT,
          void (*build)(OpPassManager &, const OptionsT &)>
struct PipelinePass : Base {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    build(pm, derived().getOptions());
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (failed(static_cast<Derived *>(this)->checkOptions()))
      return this->signalPassFailure();
    OpPassManager pm(ModuleOp::getOperationName());
    build(pm, derived().getOptions());
    if (failed(this->runPipeline(pm, this->getOperation())))
      return this->signalPassFailure();
    // The pipeline's passes ran on this op with this pass's analysis
    // manager, each invalidating what it did not preserve and each verified
    // after it ran: there is nothing left to invalidate, and verifying the
    // whole module once more would only repeat the last verification.
    this->markAllAnalysesPreserved();
  }

  LogicalResult checkOptions() { return success(); }

private:
  const Derived &derived() const { return static_cast<const Derived &>(*this); }
};

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_PIPELINES_PIPELINEPASS_H
