//===- SliceToLLVM.cpp - The CPU pipeline ---------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-to-llvm`: func.func on tensors with slice ops down to the LLVM
// dialect; the pass form (PipelinePass.h) runs the pipeline
// `buildSliceToLLVMPipeline` assembles.
//
//===----------------------------------------------------------------------===//

#include "GuardedPass.h"
#include "PipelinePass.h"
#include "PipelineStages.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICETOLLVM
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

void mlir::slice::buildSliceToLLVMPipeline(OpPassManager &pm,
                                           const SliceToLLVMOptions &options) {
  // Function-local passes are nested on func.func so that they run on
  // several functions at once (MLIR's multithreading); the module-level
  // ones are those that need the whole module (inlining, bufferization
  // across calls, deallocation helpers, copy and assert functions, the
  // conversion of functions to LLVM).

  SliceCheckPipelineDependenciesOptions check;
  check.pipeline = "slice-to-llvm";
  pm.addPass(createSliceCheckPipelineDependencies(check));
  if (options.spmd)
    detail::addSpmdPartitioning(pm);
  SliceToBuffersOptions buffers;
  buffers.slices = options.slices;
  buffers.viaBufferization = options.viaBufferization;
  buffers.writableArguments = options.writableArguments;
  buffers.minChainLength = options.minChainLength;
  buffers.deallocate = options.deallocate;
  detail::addSliceToBuffers(pm, buffers);
  if (options.spmd)
    detail::addSpmdBufferForwarding(pm);
  else if (options.specializeDenseArguments) {
    pm.addPass(createSliceSpecializeDenseArguments());
    // The casts of the dense path fold into its views and loops (in the
    // functions it specialized: the others have none of its casts).
    pm.addNestedPass<func::FuncOp>(detail::guarded(
        [] { return createSliceCanonicalize(); }, detail::isMemRefCast));
  }

  // A reduction and the ops that share its rows, one row at a time (on
  // one thread: with threads each op runs its rows in chunks instead).
  if (options.fuseRows && options.parallelBytes < 0)
    pm.addNestedPass<func::FuncOp>(createSliceFuseRows());
  if (options.hugePages)
    pm.addPass(createSliceHugePageAllocations());
  // Copies out of views (linalg.copy from slices=copy, memref.copy from
  // bufferization) move whole runs instead of reaching `memrefCopy`.
  SliceLowerCopiesOptions copies;
  copies.nontemporalBytes = options.nontemporalBytes;
  copies.parallelBytes = options.parallelBytes;
  pm.addPass(createSliceLowerCopies(copies));
  if (options.parallelBytes >= 0) {
    SliceParallelElementwiseOptions elementwise;
    elementwise.parallelBytes = options.parallelBytes;
    pm.addPass(createSliceParallelElementwise(elementwise));
    pm.addPass(createConvertSCFToOpenMPPass());
    // The conversion wraps each parallel body in a memref.alloca_scope,
    // which must hold one block, so it must go before scf-to-cf; the
    // copies allocate nothing there and canonicalize inlines it.
    pm.addNestedPass<func::FuncOp>(createSliceCanonicalize());
  }
  // Complex arithmetic on its parts (arith and math, which the next steps
  // lower); what is left (create, re, im) goes to LLVM with the bodies.
  pm.addNestedPass<func::FuncOp>(
      detail::guarded([] { return createConvertComplexToStandardPass(); },
                      detail::isComplexOp));
  if (options.approximateMath)
    pm.addNestedPass<func::FuncOp>(createSliceApproximateMath());
  // What has no approximation and no LLVM intrinsic (erf, cbrt, ...) calls
  // libm; it declares the functions in the module.
  pm.addPass(createSliceMathToLibm());
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    // After the libm step, which computes f16 and bf16 in f32.
    fpm.addPass(createSliceExpandBF16());
    // Element-wise ops over views walked backwards: vector loops of their
    // own, since LLVM gathers; the rest of each row stays an op.
    // Transposed reads in cache-sized blocks first: the blocks' ops are
    // element-wise ops the next passes take.
    fpm.addPass(createSliceBlockTransposes());
    fpm.addPass(createSliceVectorizeReversedElementwise());
    fpm.addPass(createSliceVectorizeReductions());
    fpm.addPass(detail::guarded([] { return createConvertLinalgToLoopsPass(); },
                                detail::isLinalgOp));
    fpm.addPass(memref::createExpandStridedMetadataPass());
    fpm.addPass(createLowerAffinePass());
    fpm.addPass(createSliceSCFToControlFlow());
    // Asserts stay cf.assert until the module's half, which lowers them
    // (as --slice-assert-to-stderr) and folds the casts between the
    // halves: one pass over the whole module, not three.
    fpm.addPass(createSliceFinalizeBodiesToLLVM());
  }
  pm.addPass(createSliceFinalizeToLLVM());
  SliceCheckLoweredOptions lowered;
  lowered.pipeline = "slice-to-llvm";
  pm.addPass(createSliceCheckLowered(lowered));
}

namespace {
struct SliceToLLVMPass
    : mlir::slice::detail::PipelinePass<
          SliceToLLVMPass, mlir::slice::impl::SliceToLLVMBase<SliceToLLVMPass>,
          SliceToLLVMOptions, buildSliceToLLVMPipeline> {
  using PipelinePass::PipelinePass;

  SliceToLLVMOptions getOptions() const {
    SliceToLLVMOptions options;
    options.slices = slices;
    options.viaBufferization = viaBufferization;
    options.writableArguments = writableArguments;
    options.minChainLength = minChainLength;
    options.deallocate = deallocate;
    options.nontemporalBytes = nontemporalBytes;
    options.parallelBytes = parallelBytes;
    options.approximateMath = approximateMath;
    options.hugePages = hugePages;
    options.fuseRows = fuseRows;
    options.specializeDenseArguments = specializeDenseArguments;
    options.spmd = spmd;
    return options;
  }
};
} // namespace
