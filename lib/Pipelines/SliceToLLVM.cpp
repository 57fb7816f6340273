//===- SliceToLLVM.cpp - The CPU pipeline ---------------------------------===//
//
// `--slice-to-llvm`: func.func on tensors with slice ops down to the LLVM
// dialect. The pass form exists so that the options are declared in
// TableGen; it runs the pipeline `buildSliceToLLVMPipeline` assembles.
//
//===----------------------------------------------------------------------===//

#include "FrontEnd.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
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

void mlir::slice::detail::addSliceFrontEnd(OpPassManager &pm,
                                           SliceLowering slices,
                                           bool viaBufferization,
                                           bool writableArguments,
                                           bool denseArguments) {
  // Slice-level simplification first: folds and slice-of-slice need the
  // slices that inlining brings together.
  pm.addPass(createSliceMarkRuntimeReadOnly());
  // Before inlining, which leaves the public functions public.
  if (!writableArguments)
    pm.addPass(createSliceReadOnlyArguments());
  // The inliner's own clean-up pipeline would canonicalize every function
  // one at a time; the nested canonicalize below does it in parallel.
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    fpm.addPass(createCanonicalizerPass());
    // Canonicalize has turned slice.strided_axes into slice.strided, which
    // the bufferization model handles.
    if (slices == SliceLowering::Copy)
      fpm.addPass(createConvertSliceToLinalg());
    else if (!viaBufferization)
      fpm.addPass(createConvertSliceToTensor());
    fpm.addPass(createConvertElementwiseToLinalgPass());
    fpm.addPass(createCanonicalizerPass());
    fpm.addPass(createCSEPass());
  }

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (denseArguments) {
    pm.addPass(createSliceDenseArguments());
    pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  }
}

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
  detail::addSliceFrontEnd(pm, options.slices, options.viaBufferization,
                           options.writableArguments);
  if (options.deallocate) {
    // Upstream's buffer-deallocation-pipeline, with the passes that work
    // function by function nested.
    memref::ExpandReallocPassOptions expandRealloc;
    expandRealloc.emitDeallocs = false;
    OpPassManager &before = pm.nest<func::FuncOp>();
    before.addPass(memref::createExpandReallocPass(expandRealloc));
    before.addPass(createCanonicalizerPass());
    pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
    OpPassManager &simplify = pm.nest<func::FuncOp>();
    simplify.addPass(createCanonicalizerPass());
    simplify.addPass(bufferization::createBufferDeallocationSimplificationPass());
    // Entry points return views of their arguments as views: their callers
    // tell them from fresh buffers (docs/calling-convention.md).
    pm.addPass(createSliceForwardArgumentViews());
    pm.addPass(bufferization::createLowerDeallocationsPass());
    OpPassManager &after = pm.nest<func::FuncOp>();
    after.addPass(createCSEPass());
    after.addPass(createCanonicalizerPass());
  }
  pm.addPass(createConvertBufferizationToMemRefPass());

  // Copies out of views (linalg.copy from slices=copy, memref.copy from
  // bufferization) move whole runs instead of reaching `memrefCopy`.
  SliceLowerCopiesOptions copies;
  copies.nontemporalBytes = options.nontemporalBytes;
  copies.parallelBytes = options.parallelBytes;
  pm.addPass(createSliceLowerCopies(copies));
  if (options.parallelBytes >= 0) {
    pm.addPass(createConvertSCFToOpenMPPass());
    // The conversion wraps each parallel body in a memref.alloca_scope,
    // which must hold one block, so it must go before scf-to-cf; the
    // copies allocate nothing there and canonicalize inlines it.
    pm.addNestedPass<func::FuncOp>(createCanonicalizerPass());
  }
  {
    OpPassManager &fpm = pm.nest<func::FuncOp>();
    fpm.addPass(createConvertLinalgToLoopsPass());
    fpm.addPass(memref::createExpandStridedMetadataPass());
    fpm.addPass(createLowerAffinePass());
    fpm.addPass(createSCFToControlFlowPass());
  }
  pm.addPass(createSliceAssertToStderr());
  pm.addPass(createSliceFinalizeToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct SliceToLLVMPass : mlir::slice::impl::SliceToLLVMBase<SliceToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildSliceToLLVMPipeline(pm, getOptions());
    pm.getDependentDialects(registry);
  }

  SliceToLLVMOptions getOptions() const {
    SliceToLLVMOptions options;
    options.slices = slices;
    options.viaBufferization = viaBufferization;
    options.writableArguments = writableArguments;
    options.deallocate = deallocate;
    options.nontemporalBytes = nontemporalBytes;
    options.parallelBytes = parallelBytes;
    return options;
  }

  void runOnOperation() override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildSliceToLLVMPipeline(pm, getOptions());
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};
} // namespace
