//===- Pipelines.h - slice pipelines ----------------------------*- C++ -*-===//
//
// The end-to-end pipelines as pass-manager builders, for compilers that embed
// them, and their registration in an opt tool.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_PIPELINES_PIPELINES_H
#define SLICE_PIPELINES_PIPELINES_H

#include "Slice/Conversion/SliceToTensor/SliceToTensor.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Pipelines/Passes.h.inc"

/// Adds the `--slice-to-llvm` pipeline to `pm` (anchored on builtin.module).
void buildSliceToLLVMPipeline(OpPassManager &pm,
                              const SliceToLLVMOptions &options = {});

/// Adds the `--slice-to-nvvm` pipeline to `pm` (anchored on builtin.module).
void buildSliceToNVVMPipeline(OpPassManager &pm,
                              const SliceToNVVMOptions &options = {});

#define GEN_PASS_REGISTRATION
#include "Slice/Pipelines/Passes.h.inc"

/// Registers every slice pipeline (`--slice-to-llvm`, `--slice-to-nvvm`).
inline void registerSlicePipelines() { registerSlicePipelinesPasses(); }

} // namespace slice
} // namespace mlir

#endif // SLICE_PIPELINES_PIPELINES_H
