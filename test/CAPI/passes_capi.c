// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

/* The per-pass C API (Slice-c/Passes.h, generated from the passes'
   TableGen): every pass is created and added to a pass manager, and every
   registration makes its name parse in a textual pipeline. FileChecked by
   passes.test. */

#include "Slice-c/Passes.h"
#include "Slice-c/Slice.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

/* Registration: one call per pass; then its name parses. */
static void registerAndParse(MlirContext ctx, void (*reg)(void),
                             const char *pipeline) {
  reg();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), printToStdout, NULL);
  printf("parsed %s: %d\n", pipeline, mlirLogicalResultIsSuccess(parsed));
  mlirPassManagerDestroy(pm);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();

  /* Creation: module-level passes, and the ones that run on functions. */
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager module = mlirPassManagerGetAsOpPassManager(pm);
  MlirOpPassManager func = mlirOpPassManagerGetNestedUnder(
      module, mlirStringRefCreateFromCString("func.func"));
  MlirPass modulePasses[] = {
      mlirCreateSliceSliceNormalize(),
      mlirCreateSliceSliceCanonicalize(),
      mlirCreateSliceSliceFoldConstants(),
      mlirCreateSliceSliceProtectViewReads(),
      mlirCreateSliceSliceCollapseUnitViews(),
      mlirCreateSliceSlicePropagate(),
      mlirCreateSliceSliceSplitConcatConsumers(),
      mlirCreateSliceSliceDecomposeConcats(),
      mlirCreateSliceSliceBufferizeChains(),
      mlirCreateSliceSliceFuseElementwise(),
      mlirCreateSliceCodegenSliceSCFToControlFlow(),
      mlirCreateSliceSliceDecomposeAggregates(),
      mlirCreateSliceSliceReuseInputBuffers(),
      mlirCreateSliceCodegenSliceMarkRuntimeReadOnly(),
      mlirCreateSliceCodegenSliceReadOnlyArguments(),
      mlirCreateSliceCodegenSliceForwardArgumentViews(),
      mlirCreateSliceCodegenSliceAssertToStderr(),
      mlirCreateSliceCodegenSliceLowerCopies(),
      mlirCreateSliceCodegenSliceDenseArguments(),
      mlirCreateSliceCodegenSliceSpecializeDenseArguments(),
      mlirCreateSliceCodegenSliceHugePageAllocations(),
      mlirCreateSliceCodegenSliceParallelElementwise(),
      mlirCreateSliceConversionConvertSliceToTensor(),
      mlirCreateSliceConversionConvertSliceToLinalg(),
      mlirCreateSliceConversionConvertSliceToTosa(),
      mlirCreateSliceConversionConvertTosaToSlice(),
      mlirCreateSliceConversionConvertTFToSlice(),
      mlirCreateSliceConversionConvertTFLToSlice(),
      mlirCreateSliceConversionConvertStablehloToSlice(),
      mlirCreateSliceConversionConvertONNXToSlice(),
      mlirCreateSliceConversionConvertTorchToSlice(),
      mlirCreateSliceConversionConvertFrameworksToSlice(),
      mlirCreateSlicePipelinesSliceCheckPipelineDependencies(),
      mlirCreateSliceCodegenSliceCheckLowered(),
      mlirCreateSliceCodegenSliceMergeKernelModules(),
      mlirCreateSliceCodegenSliceSinkIntoLaunches(),
      mlirCreateSliceSliceBatchUpdateLoops(),
      mlirCreateSliceCodegenSliceGPUToLLVM(),
      mlirCreateSliceCodegenSliceFinalizeToLLVM(),
      mlirCreateSliceSliceFinishSpmd(),
      mlirCreateSliceSliceForwardMPIBuffers(),
      mlirCreateSliceSliceLowerShardToMPI(),
      mlirCreateSlicePipelinesSliceToBuffers(),
      mlirCreateSlicePipelinesSliceToLLVM(),
      mlirCreateSlicePipelinesSliceToNVVM(),
  };
  for (size_t i = 0; i < sizeof(modulePasses) / sizeof(modulePasses[0]); ++i)
    mlirOpPassManagerAddOwnedPass(module, modulePasses[i]);
  mlirOpPassManagerAddOwnedPass(func, mlirCreateSliceCodegenSliceCopiesToGPU());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceParallelLoopsToGPU());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceDeviceBuffers());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceFinalizeBodiesToLLVM());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceRefinePoisonTensors());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceEraseAfterFailingAsserts());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceApproximateMath());
  mlirOpPassManagerAddOwnedPass(func, mlirCreateSliceCodegenSliceExpandBF16());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceVectorizeReversedElementwise());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceVectorizeReductions());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceBlockTransposes());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceElideTemporaries());
  mlirOpPassManagerAddOwnedPass(func, mlirCreateSliceCodegenSliceFuseRows());
  mlirOpPassManagerAddOwnedPass(func, mlirCreateSliceCodegenSliceRowsToGPU());
  mlirOpPassManagerAddOwnedPass(
      func, mlirCreateSliceCodegenSliceIntRangeOptimizations());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceColumnsToRows());
  mlirOpPassManagerAddOwnedPass(func,
                                mlirCreateSliceCodegenSliceGPUOneStream());
  mlirOpPassManagerAddOwnedPass(func, mlirCreateSliceCodegenSliceBatchCopies());
  mlirOpPassManagerAddOwnedPass(module,
                                mlirCreateSliceCodegenSliceMathToLibm());
  printf("created: ");
  mlirPrintPassPipeline(module, printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);

  registerAndParse(ctx, mlirRegisterSliceSliceNormalize,
                   "any(slice-normalize)");
  registerAndParse(ctx, mlirRegisterSliceSliceCanonicalize,
                   "any(slice-canonicalize)");
  registerAndParse(ctx, mlirRegisterSliceSliceFoldConstants,
                   "any(slice-fold-constants)");
  registerAndParse(ctx, mlirRegisterSliceSliceProtectViewReads,
                   "any(slice-protect-view-reads)");
  registerAndParse(ctx, mlirRegisterSliceSliceCollapseUnitViews,
                   "any(slice-collapse-unit-views)");
  registerAndParse(ctx, mlirRegisterSliceSlicePropagate,
                   "any(slice-propagate)");
  registerAndParse(ctx, mlirRegisterSliceSliceSplitConcatConsumers,
                   "any(slice-split-concat-consumers)");
  registerAndParse(ctx, mlirRegisterSliceSliceDecomposeConcats,
                   "any(slice-decompose-concats)");
  registerAndParse(ctx, mlirRegisterSliceSliceBufferizeChains,
                   "any(slice-bufferize-chains{min-length=2})");
  registerAndParse(ctx, mlirRegisterSliceSliceFuseElementwise,
                   "any(slice-fuse-elementwise{max-operands=16})");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceSCFToControlFlow,
                   "any(slice-scf-to-cf)");
  registerAndParse(ctx, mlirRegisterSliceSliceDecomposeAggregates,
                   "any(slice-decompose-aggregates)");
  registerAndParse(ctx, mlirRegisterSliceSliceReuseInputBuffers,
                   "any(slice-reuse-input-buffers)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceMarkRuntimeReadOnly,
                   "builtin.module(slice-mark-runtime-read-only)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceReadOnlyArguments,
                   "builtin.module(slice-read-only-arguments)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceForwardArgumentViews,
                   "builtin.module(slice-forward-argument-views)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceAssertToStderr,
                   "builtin.module(slice-assert-to-stderr)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceLowerCopies,
                   "builtin.module(slice-lower-copies)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceDenseArguments,
                   "builtin.module(slice-dense-arguments)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceSpecializeDenseArguments,
                   "builtin.module(slice-specialize-dense-arguments)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceHugePageAllocations,
                   "builtin.module(slice-huge-page-allocations)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceCopiesToGPU,
                   "func.func(slice-copies-to-gpu)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceDeviceBuffers,
                   "func.func(slice-device-buffers)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceMergeKernelModules,
                   "builtin.module(slice-merge-kernel-modules)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceSinkIntoLaunches,
                   "func.func(slice-sink-into-launches)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceGPUOneStream,
                   "func.func(slice-gpu-one-stream)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceBatchCopies,
                   "func.func(slice-batch-copies)");
  registerAndParse(ctx, mlirRegisterSliceSliceBatchUpdateLoops,
                   "func.func(slice-batch-update-loops)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceGPUToLLVM,
                   "builtin.module(slice-gpu-to-llvm)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceParallelLoopsToGPU,
                   "func.func(slice-parallel-loops-to-gpu)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceRefinePoisonTensors,
                   "func.func(slice-refine-poison-tensors)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceEraseAfterFailingAsserts,
                   "func.func(slice-erase-after-failing-asserts)");
  registerAndParse(
      ctx, mlirRegisterSliceCodegenSliceParallelElementwise,
      "builtin.module(slice-parallel-elementwise{parallel-bytes=0})");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceApproximateMath,
                   "func.func(slice-approximate-math)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceExpandBF16,
                   "func.func(slice-expand-bf16)");
  registerAndParse(ctx,
                   mlirRegisterSliceCodegenSliceVectorizeReversedElementwise,
                   "func.func(slice-vectorize-reversed-elementwise)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceVectorizeReductions,
                   "func.func(slice-vectorize-reductions)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceBlockTransposes,
                   "func.func(slice-block-transposes)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceElideTemporaries,
                   "func.func(slice-elide-temporaries)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceFuseRows,
                   "func.func(slice-fuse-rows)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceRowsToGPU,
                   "func.func(slice-rows-to-gpu)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceIntRangeOptimizations,
                   "func.func(slice-int-range-optimizations)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceColumnsToRows,
                   "func.func(slice-columns-to-rows)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceMathToLibm,
                   "builtin.module(slice-math-to-libm)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertSliceToTensor,
                   "any(convert-slice-to-tensor)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertSliceToLinalg,
                   "any(convert-slice-to-linalg)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertSliceToTosa,
                   "any(convert-slice-to-tosa)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertTosaToSlice,
                   "any(convert-tosa-to-slice)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertTFToSlice,
                   "any(convert-tf-to-slice{report-refusals})");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertTFLToSlice,
                   "any(convert-tfl-to-slice)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertStablehloToSlice,
                   "any(convert-stablehlo-to-slice)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertONNXToSlice,
                   "any(convert-onnx-to-slice)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertTorchToSlice,
                   "any(convert-torch-to-slice)");
  registerAndParse(ctx, mlirRegisterSliceConversionConvertFrameworksToSlice,
                   "any(convert-frameworks-to-slice{report-refusals=true})");
  registerAndParse(ctx,
                   mlirRegisterSlicePipelinesSliceCheckPipelineDependencies,
                   "builtin.module(slice-check-pipeline-dependencies)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceCheckLowered,
                   "builtin.module(slice-check-lowered{gpu=true})");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceFinalizeBodiesToLLVM,
                   "func.func(slice-finalize-bodies-to-llvm)");
  registerAndParse(ctx, mlirRegisterSliceCodegenSliceFinalizeToLLVM,
                   "builtin.module(slice-finalize-to-llvm)");
  registerAndParse(ctx, mlirRegisterSliceSliceFinishSpmd,
                   "builtin.module(slice-finish-spmd)");
  registerAndParse(ctx, mlirRegisterSliceSliceForwardMPIBuffers,
                   "func.func(slice-forward-mpi-buffers)");
  registerAndParse(ctx, mlirRegisterSliceSliceLowerShardToMPI,
                   "builtin.module(slice-lower-shard-to-mpi)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceToBuffers,
                   "builtin.module(slice-to-buffers{slices=copy})");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceToLLVM,
                   "builtin.module(slice-to-llvm{slices=copy})");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceToNVVM,
                   "builtin.module(slice-to-nvvm{chip=sm_80})");
  /* The old names of the passes that moved from the pipelines' group to
     the codegen and transforms groups: the same passes. */
  MlirPassManager aliases = mlirPassManagerCreate(ctx);
  MlirOpPassManager aliasModule = mlirPassManagerGetAsOpPassManager(aliases);
  mlirOpPassManagerAddOwnedPass(aliasModule,
                                mlirCreateSlicePipelinesSliceCheckLowered());
  mlirOpPassManagerAddOwnedPass(aliasModule,
                                mlirCreateSlicePipelinesSliceFinalizeToLLVM());
  mlirOpPassManagerAddOwnedPass(aliasModule,
                                mlirCreateSlicePipelinesSliceFinishSpmd());
  mlirOpPassManagerAddOwnedPass(aliasModule,
                                mlirCreateSlicePipelinesSliceLowerShardToMPI());
  mlirOpPassManagerAddOwnedPass(
      mlirOpPassManagerGetNestedUnder(
          aliasModule, mlirStringRefCreateFromCString("func.func")),
      mlirCreateSlicePipelinesSliceForwardMPIBuffers());
  mlirOpPassManagerAddOwnedPass(
      mlirOpPassManagerGetNestedUnder(
          aliasModule, mlirStringRefCreateFromCString("func.func")),
      mlirCreateSlicePipelinesSliceFinalizeBodiesToLLVM());
  printf("aliases: ");
  mlirPrintPassPipeline(aliasModule, printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(aliases);
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceFinalizeToLLVM,
                   "builtin.module(slice-finalize-to-llvm)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceLowerShardToMPI,
                   "builtin.module(slice-lower-shard-to-mpi)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceCheckLowered,
                   "builtin.module(slice-check-lowered)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceFinishSpmd,
                   "builtin.module(slice-finish-spmd)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceForwardMPIBuffers,
                   "func.func(slice-forward-mpi-buffers)");
  registerAndParse(ctx, mlirRegisterSlicePipelinesSliceFinalizeBodiesToLLVM,
                   "func.func(slice-finalize-bodies-to-llvm)");
  /* The group registrations (and the hand-written ones of Slice.h). */
  mlirRegisterSlicePasses();
  mlirRegisterSliceCodegenPasses();
  mlirRegisterSliceConversionPasses();
  mlirRegisterSlicePipelinesPasses();
  mlirContextDestroy(ctx);
  return 0;
}

/* CHECK: created: any(func.func(slice-copies-to-gpu{block-size=256 merge-copies=16 vector-bytes=16},slice-parallel-loops-to-gpu{block-size=256 vector-bytes=16},slice-device-buffers,slice-finalize-bodies-to-llvm,slice-refine-poison-tensors,slice-erase-after-failing-asserts,slice-approximate-math,slice-expand-bf16,slice-vectorize-reversed-elementwise,slice-vectorize-reductions,slice-block-transposes,slice-elide-temporaries,slice-fuse-rows{lone-reductions=false},slice-rows-to-gpu{block-size=256},slice-int-range-optimizations,slice-columns-to-rows,slice-gpu-one-stream,slice-batch-copies),slice-normalize,slice-canonicalize,slice-fold-constants{max-elements=-1},slice-protect-view-reads,slice-collapse-unit-views,slice-propagate,slice-split-concat-consumers,slice-decompose-concats,slice-bufferize-chains{min-length=8},slice-fuse-elementwise{max-operands=64},slice-scf-to-cf,slice-decompose-aggregates,slice-reuse-input-buffers,slice-mark-runtime-read-only,slice-read-only-arguments,slice-forward-argument-views,slice-assert-to-stderr,slice-lower-copies{{.*}},slice-dense-arguments,slice-specialize-dense-arguments,slice-huge-page-allocations{min-bytes=4194304},slice-parallel-elementwise{parallel-bytes=-1},convert-slice-to-tensor,convert-slice-to-linalg,convert-slice-to-tosa,convert-tosa-to-slice,convert-tf-to-slice{report-refusals=false},convert-tfl-to-slice{report-refusals=false},convert-stablehlo-to-slice{report-refusals=false},convert-onnx-to-slice{report-refusals=false},convert-torch-to-slice{report-refusals=false},convert-frameworks-to-slice{report-refusals=false},slice-check-pipeline-dependencies{gpu=false pipeline=slice-to-llvm},slice-check-lowered{gpu=false pipeline=slice-to-llvm},slice-merge-kernel-modules{per-function=false},slice-sink-into-launches,slice-batch-update-loops,slice-gpu-to-llvm,slice-finalize-to-llvm,slice-finish-spmd,slice-forward-mpi-buffers,slice-lower-shard-to-mpi,slice-to-buffers{{.*}}writable-arguments=false},slice-to-llvm{{.*}}writable-arguments=false},slice-to-nvvm{{.*}},slice-math-to-libm)
   CHECK: parsed any(slice-normalize): 1
   CHECK: parsed any(slice-canonicalize): 1
   CHECK: parsed builtin.module(slice-to-nvvm{chip=sm_80}): 1
   CHECK: aliases: any(slice-check-lowered{gpu=false pipeline=slice-to-llvm},slice-finalize-to-llvm,slice-finish-spmd,slice-lower-shard-to-mpi,func.func(slice-forward-mpi-buffers),func.func(slice-finalize-bodies-to-llvm))
   CHECK: parsed builtin.module(slice-finalize-to-llvm): 1
   CHECK: parsed builtin.module(slice-lower-shard-to-mpi): 1
   CHECK: parsed builtin.module(slice-check-lowered): 1
   CHECK: parsed builtin.module(slice-finish-spmd): 1
   CHECK: parsed func.func(slice-forward-mpi-buffers): 1
   CHECK: parsed func.func(slice-finalize-bodies-to-llvm): 1
   CHECK-NOT: : 0
*/
