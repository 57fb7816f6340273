//===- CheckLowered.cpp - A pipeline's output is what it promises ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-check-lowered` (Passes.td): the pipelines' last check that only
// what their target takes is left, so that an op no step lowers is an error
// naming it, never an exit 0 with output that the translation rejects.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECHECKLOWERED
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceCheckLoweredPass
    : mlir::slice::impl::SliceCheckLoweredBase<SliceCheckLoweredPass> {
  using SliceCheckLoweredBase::SliceCheckLoweredBase;

  /// Whether the target takes `op`; `inKernel`: inside a gpu.module.
  bool isTaken(Operation *op, bool inKernel) const {
    Dialect *dialect = op->getDialect();
    if (isa<ModuleOp>(op) || isa_and_nonnull<LLVM::LLVMDialect>(dialect))
      return true;
    if (!gpu)
      return isa_and_nonnull<omp::OpenMPDialect>(dialect);
    if (inKernel)
      return isa_and_nonnull<NVVM::NVVMDialect>(dialect);
    return isa<gpu::GPUModuleOp, gpu::BinaryOp, gpu::LaunchFuncOp>(op);
  }

  void runOnOperation() override {
    llvm::StringSet<> reported;
    bool failed = false;
    getOperation()->walk([&](Operation *op) {
      // (No kernels on the CPU: no walk up the parents for each op.)
      bool inKernel = gpu && op->getParentOfType<gpu::GPUModuleOp>();
      if (isTaken(op, inKernel))
        return;
      failed = true;
      // One error per op name: a module of a thousand unlowered ops says
      // what is missing once.
      if (!reported.insert(op->getName().getStringRef()).second)
        return;
      op->emitOpError() << "is left after --" << pipeline
                        << (inKernel ? " in a kernel" : "")
                        << ": no step of the pipeline lowers it to the "
                        << (gpu ? (inKernel ? "NVVM and LLVM dialects"
                                            : "LLVM dialect and GPU launches")
                                : "LLVM dialect");
    });
    if (failed)
      return signalPassFailure();
    // A check: the IR is as it was.
    markAllAnalysesPreserved();
  }
};
} // namespace
