// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

/* A C embedder, as few calls as it takes: a registry with the slice
   dialect and mlirSliceRegisterPipelineDependencies only, a module with
   slice.strided and an arith.mulf on its result, `builtin.module(
   slice-to-llvm)` through mlirParsePassPipeline, and, built with
   -DSLICE_CAPI_JIT, mlirExecutionEngine calling the result on buffers this
   program owns. Then the same module in a context that lacks the call:
   the pipeline fails first, naming what is missing. FileChecked by
   pipeline-dependencies.test (and static-route.test). */

#include "Slice-c/Slice.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#ifdef SLICE_CAPI_JIT
#include "mlir-c/ExecutionEngine.h"
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *kModule =
    "func.func @sq(%x: tensor<4x6xf32>) -> tensor<2x6xf32>\n"
    "    attributes {llvm.emit_c_interface} {\n"
    "  %r = slice.strided %x[::-2] : tensor<4x6xf32> to tensor<2x6xf32>\n"
    "  %m = arith.mulf %r, %r : tensor<2x6xf32>\n"
    "  return %m : tensor<2x6xf32>\n"
    "}\n";

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diagnostic); ++i) {
    printf("  note: ");
    mlirDiagnosticPrint(mlirDiagnosticGetNote(diagnostic, i), printToStdout,
                        NULL);
    printf("\n");
  }
  return mlirLogicalResultSuccess();
}

/* Counts the operations under `op` (itself excluded) outside the LLVM
   dialect. */
static int countNonLLVM(MlirOperation op) {
  int count = 0;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r) {
    MlirRegion region = mlirOperationGetRegion(op, r);
    for (MlirBlock block = mlirRegionGetFirstBlock(region);
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block)) {
      for (MlirOperation nested = mlirBlockGetFirstOperation(block);
           !mlirOperationIsNull(nested);
           nested = mlirOperationGetNextInBlock(nested)) {
        MlirIdentifier name = mlirOperationGetName(nested);
        MlirStringRef text = mlirIdentifierStr(name);
        if (text.length < 5 || strncmp(text.data, "llvm.", 5) != 0)
          ++count;
        count += countNonLLVM(nested);
      }
    }
  }
  return count;
}

/* Parses kModule in `ctx` and runs slice-to-llvm on it; returns the
   module (null when parsing failed) and the pipeline's result. */
static MlirModule lower(MlirContext ctx, MlirLogicalResult *ran) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return module;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString("builtin.module(slice-to-llvm)"),
      printToStdout, NULL);
  printf("pipeline parsed: %d\n", mlirLogicalResultIsSuccess(parsed));
  *ran = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  return module;
}

int main(void) {
  mlirSliceRegisterPipelines();

  /* 1. The slice dialect and the pipelines' dependencies: that is all. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirSliceRegisterDialect(registry);
  mlirSliceRegisterPipelineDependencies(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  MlirLogicalResult ran;
  MlirModule module = lower(ctx, &ran);
  printf("lowered: %d\n", mlirLogicalResultIsSuccess(ran));
  printf("ops outside the llvm dialect: %d\n",
         countNonLLVM(mlirModuleGetOperation(module)));

#ifdef SLICE_CAPI_JIT
  /* 2. JIT and call it with a buffer this program owns. */
  MlirExecutionEngine jit =
      mlirExecutionEngineCreate(module, 2, 0, NULL, false, false);
  printf("jit: %d\n", !mlirExecutionEngineIsNull(jit));
  typedef struct {
    float *allocated, *aligned;
    int64_t offset, sizes[2], strides[2];
  } MemRef2D;
  void (*sq)(MemRef2D *, MemRef2D *) =
      (void (*)(MemRef2D *, MemRef2D *))mlirExecutionEngineLookup(
          jit, mlirStringRefCreateFromCString("_mlir_ciface_sq"));
  float x[24];
  for (int i = 0; i < 24; ++i)
    x[i] = (float)i;
  MemRef2D in = {x, x, 0, {4, 6}, {6, 1}}, out;
  sq(&out, &in);
  printf("result %lldx%lld:", (long long)out.sizes[0], (long long)out.sizes[1]);
  for (int64_t i = 0; i < out.sizes[0]; ++i)
    for (int64_t j = 0; j < out.sizes[1]; ++j)
      printf(" %g",
             out.aligned[out.offset + i * out.strides[0] + j * out.strides[1]]);
  int intact = 1;
  for (int i = 0; i < 24; ++i)
    intact &= x[i] == (float)i;
  printf(" | input %s\n", intact ? "intact" : "written");
  if (out.allocated != x)
    free(out.allocated);
  mlirExecutionEngineDestroy(jit);
#endif
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);

  /* 3. An embedder that registered the input's dialects but forgot the
     call: the pipeline's first pass says what is missing. */
  registry = mlirDialectRegistryCreate();
  mlirSliceRegisterDialect(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__func__(), registry);
  ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  module = lower(ctx, &ran);
  printf("without the dependencies, lowered: %d\n",
         mlirLogicalResultIsSuccess(ran));
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}

/* LOWERED: pipeline parsed: 1
   LOWERED-NEXT: lowered: 1
   LOWERED-NEXT: ops outside the llvm dialect: 0
   NumPy: x = np.arange(24, dtype=np.float32).reshape(4, 6); x[::-2] ** 2
   JIT: jit: 1
   JIT-NEXT: result 2x6: 324 361 400 441 484 529 36 49 64 81 100 121 | input intact
   LOWERED: pipeline parsed: 1
   LOWERED-NEXT: diagnostic: slice-to-llvm: the context lacks what the pipeline needs; create it from a registry passed to mlir::slice::registerPipelineDependencies (C: mlirSliceRegisterPipelineDependencies)
   LOWERED-NEXT: note: missing the inliner interface of the func dialect (func::registerInlinerExtension)
   LOWERED-NEXT: note: missing the bufferization model of arith ops
   LOWERED: note: missing the allocation model of memref.alloc
   LOWERED-NEXT: without the dependencies, lowered: 0
*/
