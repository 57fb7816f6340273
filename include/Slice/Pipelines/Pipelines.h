//===- Pipelines.h - slice pipelines ----------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The end-to-end pipelines as pass-manager builders, for compilers that embed
// them, and their registration in an opt tool.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_PIPELINES_PIPELINES_H
#define SLICE_PIPELINES_PIPELINES_H

#include "Slice/Codegen/Passes.h"
#include "Slice/Conversion/SliceToTensor/SliceToTensor.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Pipelines/Passes.h.inc"

/// Adds the `--slice-to-buffers` pipeline to `pm` (anchored on
/// builtin.module): the front end of `--slice-to-llvm`, tensors in and
/// memrefs out, for a back end of one's own.
void buildSliceToBuffersPipeline(OpPassManager &pm,
                                 const SliceToBuffersOptions &options = {});

/// Adds the `--slice-to-llvm` pipeline to `pm` (anchored on builtin.module).
void buildSliceToLLVMPipeline(OpPassManager &pm,
                              const SliceToLLVMOptions &options = {});

/// Adds the `--slice-to-nvvm` pipeline to `pm` (anchored on builtin.module).
void buildSliceToNVVMPipeline(OpPassManager &pm,
                              const SliceToNVVMOptions &options = {});

#define GEN_PASS_REGISTRATION
#include "Slice/Pipelines/Passes.h.inc"

/// Registers every slice pipeline (`--slice-to-buffers`, `--slice-to-llvm`,
/// `--slice-to-nvvm`).
inline void registerSlicePipelines() { registerSlicePipelinesPasses(); }

} // namespace slice
} // namespace mlir

#endif // SLICE_PIPELINES_PIPELINES_H
