//===- InitSlice.h - Everything slice registers, in one header --*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What a compiler that embeds slice calls to get its dialect, passes and
// pipelines:
//
//   mlir::DialectRegistry registry;
//   mlir::slice::registerSliceDialect(registry);  // + external models
//   mlir::slice::registerPipelineDependencies(registry);  // for pipelines
//   mlir::slice::registerAllSlicePasses();        // passes and pipelines
//
// Link Slice::SlicePipelines (find_package(Slice)), which brings the rest.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_INITSLICE_H
#define SLICE_INITSLICE_H

#include "Slice/Codegen/Passes.h"
#include "Slice/Compat/MemRefToLLVM.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/IR/SliceDialect.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/BufferizableOpInterfaceImpl.h"
#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/ShardingInterfaceImpl.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace slice {

/// Adds the slice dialect to `registry`, with every external model it
/// promises: the BufferizableOpInterface and ShardingInterface of
/// slice.strided and slice.strided_update, and the dialect's
/// ConvertToLLVMPatternInterface (memref accesses lowered without nuw on
/// negative strides, Slice/Compat/MemRefToLLVM.h).
inline void registerSliceDialect(DialectRegistry &registry) {
  registry.insert<SliceDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
  registerShardingInterfaceExternalModels(registry);
  registerConvertSliceToLLVMInterface(registry);
}

/// Adds to `registry` exactly what `--slice-to-llvm` and `--slice-to-nvvm`
/// use beyond the slice dialect: the dialects of their input and of every
/// step down, the upstream external models (bufferization and deallocation
/// of arith, func, cf, linalg, scf, tensor and vector ops, the func inliner,
/// the conversions to LLVM and NVVM, the NVVM target) and the translations
/// of their output to LLVM IR (builtin, llvm, omp, gpu, nvvm), which
/// `mlir::ExecutionEngine`, `mlir-translate` and the kernel serializer use.
/// A context created without it fails the pipelines' first pass with a
/// diagnostic naming what is missing. The slice dialect is registered too.
void registerPipelineDependencies(DialectRegistry &registry);

/// Registers every slice pass (slice-level rewrites and codegen),
/// conversion and pipeline with the global pass registry (for textual
/// pipelines and opt tools).
inline void registerAllSlicePasses() {
  registerSlicePasses();
  registerSliceCodegenPasses();
  registerSliceConversionPasses();
  registerSlicePipelines();
}

} // namespace slice
} // namespace mlir

#endif // SLICE_INITSLICE_H
