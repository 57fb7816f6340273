//===- SliceToLLVM.cpp - The CPU pipeline ---------------------------------===//
//
// `--slice-to-llvm`: func.func on tensors with slice ops down to the LLVM
// dialect. The pass form exists so that the options are declared in
// TableGen; it runs the pipeline `buildSliceToLLVMPipeline` assembles.
//
//===----------------------------------------------------------------------===//

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

void mlir::slice::buildSliceToLLVMPipeline(OpPassManager &pm,
                                           const SliceToLLVMOptions &options) {
  // Slice-level simplification first: folds and slice-of-slice need the
  // slices that inlining brings together.
  pm.addPass(createSliceMarkRuntimeReadOnly());
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  // Canonicalize has turned slice.strided_axes into slice.strided, which
  // the bufferization model handles.
  if (options.slices == SliceLowering::Copy)
    pm.addPass(createConvertSliceToLinalg());
  else if (!options.viaBufferization)
    pm.addPass(createConvertSliceToTensor());
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (options.deallocate) {
    bufferization::BufferDeallocationPipelineOptions dealloc;
    bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  }
  pm.addPass(createConvertBufferizationToMemRefPass());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createSliceAssertToStderr());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
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
    options.deallocate = deallocate;
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
