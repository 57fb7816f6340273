// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

/* The C API (include/Slice-c/Slice.h) from C: the dialect handle and
   registration, building slice.strided (from Python notation; static and
   dynamic entries with masks), the inferred result type, inspection, a
   diagnostic for an invalid spec, and a slice pass run through a pass
   manager. Its output is FileChecked (test/CAPI/capi.test, and against the
   installed library in test/Examples/embed.test). */

#include "Slice-c/Slice.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Bufferization.h"
#include "mlir-c/Dialect/ControlFlow.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Dialect/Linalg.h"
#include "mlir-c/Dialect/Math.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Dialect/Tosa.h"
#include "mlir-c/Dialect/Vector.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  return mlirLogicalResultSuccess();
}

static void printMasks(MlirSliceMasks m) {
  printf("masks begin=%llu end=%llu ellipsis=%llu new_axis=%llu "
         "shrink_axis=%llu\n",
         (unsigned long long)m.begin, (unsigned long long)m.end,
         (unsigned long long)m.ellipsis, (unsigned long long)m.newAxis,
         (unsigned long long)m.shrinkAxis);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirSliceRegisterDialect(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  MlirDialect slice =
      mlirDialectHandleLoadDialect(mlirGetDialectHandle__slice__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tensor__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__arith__(), ctx);
  MlirStringRef ns = mlirDialectGetNamespace(slice);
  printf("dialect: %.*s\n", (int)ns.length, ns.data);
  /* The handles of the dialects a pipeline's input may hold. */
  MlirDialectHandle handles[] = {
      mlirGetDialectHandle__linalg__(),        mlirGetDialectHandle__tosa__(),
      mlirGetDialectHandle__scf__(),           mlirGetDialectHandle__memref__(),
      mlirGetDialectHandle__bufferization__(), mlirGetDialectHandle__cf__(),
      mlirGetDialectHandle__math__(),          mlirGetDialectHandle__vector__(),
      mlirGetDialectHandle__llvm__(),          mlirGetDialectHandle__gpu__()};
  printf("also loaded:");
  for (size_t i = 0; i < sizeof(handles) / sizeof(handles[0]); ++i) {
    MlirStringRef name =
        mlirDialectGetNamespace(mlirDialectHandleLoadDialect(handles[i], ctx));
    printf(" %.*s", (int)name.length, name.data);
  }
  printf("\n");
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%x: tensor<5x6x7xf32>, %b: index) {\n"
               "  %min = arith.constant -9223372036854775808 : index\n"
               "  return\n"
               "}\n"));
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue x = mlirBlockGetArgument(entry, 0);
  MlirValue b = mlirBlockGetArgument(entry, 1);
  MlirOperation minConstant = mlirBlockGetFirstOperation(entry);
  MlirValue min = mlirOperationGetResult(minConstant, 0);
  MlirOperation ret = mlirOperationGetNextInBlock(minConstant);
  MlirLocation loc = mlirLocationUnknownGet(ctx);

  /* The inferred type of x[1, ::2, newaxis] (static). */
  int64_t begin[] = {1, 0, 0}, end[] = {2, 0, 0}, strides[] = {1, 2, 1};
  MlirSliceMasks masks = {0b010, 0b010, 0, 0b100, 0b001};
  MlirType inferred = mlirSliceStridedInferResultType(
      mlirValueGetType(x), 3, begin, end, strides, masks, false, printToStdout,
      NULL);
  printf("inferred: ");
  mlirTypePrint(inferred, printToStdout, NULL);
  printf("\n");

  /* From Python notation. */
  MlirOperation py = mlirSliceStridedOpCreateFromPython(
      loc, x, mlirStringRefCreateFromCString("1:5:2, ..., ::-1"));
  mlirBlockInsertOwnedOperationBefore(entry, ret, py);

  /* Static and dynamic entries: x[%b:, 2, ::-3]. */
  int64_t dyn = mlirSliceDynamicEntry();
  int64_t begin2[] = {dyn, 2, 0}, end2[] = {0, 3, 0}, strides2[] = {1, 1, -3};
  MlirSliceMasks masks2 = {0b100, 0b101, 0, 0, 0b010};
  MlirOperation mixed =
      mlirSliceStridedOpCreate(loc, x, 3, begin2, end2, strides2, 1, &b, 0,
                               NULL, 0, NULL, masks2, false);
  mlirBlockInsertOwnedOperationBefore(entry, ret, mixed);
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\nverified: %d\n",
         (int)mlirOperationVerify(mlirModuleGetOperation(module)));

  /* Inspection. */
  printf("is slice.strided: %d %d\n", mlirOperationIsASliceStridedOp(mixed),
         mlirOperationIsASliceStridedOp(ret));
  printf("entries: %ld\n", (long)mlirSliceStridedOpGetNumEntries(mixed));
  for (intptr_t i = 0; i < mlirSliceStridedOpGetNumEntries(mixed); ++i) {
    int64_t v = mlirSliceStridedOpGetStaticBegin(mixed, i);
    printf("begin[%ld] = %s%lld, end = %lld, stride = %lld\n", (long)i,
           v == dyn ? "dynamic " : "", v == dyn ? 0LL : (long long)v,
           (long long)mlirSliceStridedOpGetStaticEnd(mixed, i),
           (long long)mlirSliceStridedOpGetStaticStride(mixed, i));
  }
  printMasks(mlirSliceStridedOpGetMasks(mixed));
  printf("source is %%x: %d, offset: %d\n",
         mlirValueEqual(mlirSliceStridedOpGetSource(mixed), x),
         mlirSliceStridedOpGetOffset(mixed));
  printf("result type: ");
  mlirTypePrint(mlirValueGetType(mlirOperationGetResult(mixed, 0)),
                printToStdout, NULL);
  printf("\n");

  /* The dynamic operands of x[%b:, 2, ::-3]. */
  printf("dynamic begin: %ld, is %%b: %d; dynamic end: %ld; dynamic "
         "strides: %ld\n",
         (long)mlirSliceStridedOpGetNumDynamicBegin(mixed),
         mlirValueEqual(mlirSliceStridedOpGetDynamicBegin(mixed, 0), b),
         (long)mlirSliceStridedOpGetNumDynamicEnd(mixed),
         (long)mlirSliceStridedOpGetNumDynamicStrides(mixed));
  int64_t endDyn[] = {dyn}, strideDyn[] = {dyn};
  MlirOperation allDynamic = mlirSliceStridedOpCreate(
      loc, x, 1, (int64_t[]){0}, endDyn, strideDyn, 0, NULL, 1, &b, 1, &b,
      (MlirSliceMasks){1, 0, 0, 0, 0}, false);
  printf("end is %%b: %d, stride is %%b: %d\n",
         mlirValueEqual(mlirSliceStridedOpGetDynamicEnd(allDynamic, 0), b),
         mlirValueEqual(mlirSliceStridedOpGetDynamicStride(allDynamic, 0), b));
  mlirOperationDestroy(allDynamic);

  /* slice.strided_axes: paddle.strided_slice(x, axes=[0, 2],
     starts=[1, %b], ends=[3, 0], strides=[1, -1]). */
  int64_t axes[] = {0, 2}, starts[] = {1, dyn}, ends[] = {3, 0},
          axesStrides[] = {1, -1};
  MlirOperation axesOp = mlirSliceStridedAxesOpCreate(
      loc, x, 2, axes, starts, ends, axesStrides, 1, &b, 0, NULL, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(entry, ret, axesOp);
  mlirOperationPrint(axesOp, printToStdout, NULL);
  printf("\nis slice.strided_axes: %d %d\n",
         mlirOperationIsASliceStridedAxesOp(axesOp),
         mlirOperationIsASliceStridedAxesOp(mixed));
  printf("axes entries: %ld, source is %%x: %d\n",
         (long)mlirSliceStridedAxesOpGetNumEntries(axesOp),
         mlirValueEqual(mlirSliceStridedAxesOpGetSource(axesOp), x));
  for (intptr_t i = 0; i < mlirSliceStridedAxesOpGetNumEntries(axesOp); ++i) {
    int64_t start = mlirSliceStridedAxesOpGetStaticStart(axesOp, i);
    printf("axis %lld: start %s%lld, end %lld, stride %lld\n",
           (long long)mlirSliceStridedAxesOpGetAxis(axesOp, i),
           start == dyn ? "dynamic " : "",
           start == dyn ? 0LL : (long long)start,
           (long long)mlirSliceStridedAxesOpGetStaticEnd(axesOp, i),
           (long long)mlirSliceStridedAxesOpGetStaticStride(axesOp, i));
  }
  printf("dynamic starts: %ld (is %%b: %d), ends: %ld, strides: %ld\n",
         (long)mlirSliceStridedAxesOpGetNumDynamicStarts(axesOp),
         mlirValueEqual(mlirSliceStridedAxesOpGetDynamicStart(axesOp, 0), b),
         (long)mlirSliceStridedAxesOpGetNumDynamicEnds(axesOp),
         (long)mlirSliceStridedAxesOpGetNumDynamicStrides(axesOp));
  MlirOperation axesDynamic = mlirSliceStridedAxesOpCreate(
      loc, x, 1, (int64_t[]){1}, (int64_t[]){0}, (int64_t[]){dyn},
      (int64_t[]){dyn}, 0, NULL, 1, &b, 1, &b);
  printf("axes end is %%b: %d, stride is %%b: %d\n",
         mlirValueEqual(mlirSliceStridedAxesOpGetDynamicEnd(axesDynamic, 0), b),
         mlirValueEqual(mlirSliceStridedAxesOpGetDynamicStride(axesDynamic, 0),
                        b));
  mlirOperationDestroy(axesDynamic);
  MlirType axesType = mlirSliceStridedAxesInferResultType(
      mlirValueGetType(x), 2, axes, (int64_t[]){1, -1}, ends, axesStrides,
      printToStdout, NULL);
  printf("axes inferred: ");
  mlirTypePrint(axesType, printToStdout, NULL);
  printf("\n");
  MlirType repeated = mlirSliceStridedAxesInferResultType(
      mlirValueGetType(x), 2, (int64_t[]){1, -2}, starts, ends, axesStrides,
      printToStdout, NULL);
  printf("\nrepeated axis gives a null type: %d\n", mlirTypeIsNull(repeated));
  MlirOperation badAxes = mlirSliceStridedAxesOpCreate(
      loc, x, 1, (int64_t[]){3}, (int64_t[]){0}, (int64_t[]){1}, (int64_t[]){1},
      0, NULL, 0, NULL, 0, NULL);
  printf("axis out of range gives null: %d\n", mlirOperationIsNull(badAxes));

  /* INT64_MIN, the dynamic marker, as a constant value: ONNX's reversal
     (starts [-1] ends [INT64_MIN] steps [-1]) gets the static end that
     selects the same, and a static type; so does slice.strided's
     x[:INT64_MIN:-1]. */
  MlirOperation onnx = mlirSliceStridedAxesOpCreate(
      loc, x, 1, (int64_t[]){0}, (int64_t[]){-1}, (int64_t[]){dyn},
      (int64_t[]){-1}, 0, NULL, 1, &min, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(entry, ret, onnx);
  mlirOperationPrint(onnx, printToStdout, NULL);
  printf("\n");
  MlirOperation reversed = mlirSliceStridedOpCreate(
      loc, x, 1, (int64_t[]){0}, (int64_t[]){dyn}, (int64_t[]){-1}, 0, NULL, 1,
      &min, 0, NULL, (MlirSliceMasks){1, 0, 0, 0, 0}, false);
  mlirBlockInsertOwnedOperationBefore(entry, ret, reversed);
  mlirOperationPrint(reversed, printToStdout, NULL);
  printf("\n");

  /* What importers write: ONNX Slice without axes and steps, Paddle's
     strided_slice without axes. NULL leaves them out of the op, which then
     reads as the defaults ([0, 1, ...], all 1). */
  MlirOperation defaults = mlirSliceStridedAxesOpCreate(
      loc, x, 2, NULL, (int64_t[]){1, 0}, (int64_t[]){4, 6}, NULL, 0, NULL, 0,
      NULL, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(entry, ret, defaults);
  mlirOperationPrint(defaults, printToStdout, NULL);
  printf("\nleft out: has axes %d, has strides %d, axis 1 %lld, stride 1 "
         "%lld\n",
         mlirSliceStridedAxesOpHasAxes(defaults),
         mlirSliceStridedAxesOpHasStrides(defaults),
         (long long)mlirSliceStridedAxesOpGetAxis(defaults, 1),
         (long long)mlirSliceStridedAxesOpGetStaticStride(defaults, 1));
  MlirOperation paddle = mlirSliceStridedAxesOpCreate(
      loc, x, 1, NULL, (int64_t[]){-1}, (int64_t[]){0}, (int64_t[]){-2}, 0,
      NULL, 0, NULL, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(entry, ret, paddle);
  mlirOperationPrint(paddle, printToStdout, NULL);
  printf("\nstrides given: has axes %d, has strides %d\n",
         mlirSliceStridedAxesOpHasAxes(paddle),
         mlirSliceStridedAxesOpHasStrides(paddle));
  MlirType defaultsType = mlirSliceStridedAxesInferResultType(
      mlirValueGetType(x), 1, NULL, (int64_t[]){2}, (int64_t[]){4}, NULL,
      printToStdout, NULL);
  printf("defaults inferred: ");
  mlirTypePrint(defaultsType, printToStdout, NULL);
  printf("\n");
  MlirOperation unplaced = mlirSliceStridedAxesOpCreate(
      loc, x, 1, NULL, (int64_t[]){0}, (int64_t[]){1}, NULL, 0, NULL, 0, NULL,
      1, &b);
  printf("dynamic strides without static ones give null: %d\n",
         mlirOperationIsNull(unplaced));

  /* Invalid specs: a diagnostic and a null operation, never a crash. */
  MlirOperation bad = mlirSliceStridedOpCreateFromPython(
      loc, x, mlirStringRefCreateFromCString("::0"));
  printf("stride 0 gives null: %d\n", mlirOperationIsNull(bad));
  bad = mlirSliceStridedOpCreateFromPython(
      loc, x, mlirStringRefCreateFromCString("1:2:x"));
  printf("malformed text gives null: %d\n", mlirOperationIsNull(bad));
  MlirValue unranked = mlirBlockAddArgument(
      entry, mlirUnrankedTensorTypeGet(mlirF32TypeGet(ctx)), loc);
  bad = mlirSliceStridedOpCreateFromPython(
      loc, unranked, mlirStringRefCreateFromCString("1:2"));
  printf("unranked source gives null: %d\n", mlirOperationIsNull(bad));
  mlirBlockEraseArgument(entry, (unsigned)mlirBlockGetNumArguments(entry) - 1);
  MlirType none = mlirSliceStridedInferResultType(
      mlirValueGetType(x), 1, (int64_t[]){9}, (int64_t[]){10}, (int64_t[]){1},
      (MlirSliceMasks){0, 0, 0, 0, 1}, false, printToStdout, NULL);
  printf("\nindex out of range gives a null type: %d\n", mlirTypeIsNull(none));
  none = mlirSliceStridedAxesInferResultType(
      mlirUnrankedTensorTypeGet(mlirF32TypeGet(ctx)), 1, NULL, (int64_t[]){0},
      (int64_t[]){1}, NULL, printToStdout, NULL);
  printf("\nunranked source gives a null type: %d\n", mlirTypeIsNull(none));

  /* Updates: y = x.copy(); y[1:3, 2, ::-1] = v (v: 2x7), from Python
     notation and with a dynamic begin; the slice.strided accessors read
     their spec. */
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirValue v =
      mlirBlockAddArgument(entry,
                           mlirRankedTensorTypeGet(2, (int64_t[]){2, 7}, f32,
                                                   mlirAttributeGetNull()),
                           loc);
  MlirOperation upd = mlirSliceStridedUpdateOpCreateFromPython(
      loc, v, x, mlirStringRefCreateFromCString("1:3, 2, ::-1"));
  mlirBlockInsertOwnedOperationBefore(entry, ret, upd);
  /* The function's signature lacks %v: print the ops alone, unverified. */
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(upd, flags, printToStdout, NULL);
  printf("\nis slice.strided_update: %d %d, is slice.strided: %d\n",
         mlirOperationIsASliceStridedUpdateOp(upd),
         mlirOperationIsASliceStridedUpdateOp(ret),
         mlirOperationIsASliceStridedOp(upd));
  printf("value is %%v: %d, dest is %%x: %d, entries: %ld, begin[0] = %lld, "
         "stride[2] = %lld, ",
         mlirValueEqual(mlirSliceStridedUpdateOpGetValue(upd), v),
         mlirValueEqual(mlirSliceStridedUpdateOpGetDest(upd), x),
         (long)mlirSliceStridedOpGetNumEntries(upd),
         (long long)mlirSliceStridedOpGetStaticBegin(upd, 0),
         (long long)mlirSliceStridedOpGetStaticStride(upd, 2));
  printMasks(mlirSliceStridedOpGetMasks(upd));
  MlirOperation updDynamic = mlirSliceStridedUpdateOpCreate(
      loc, v, x, 3, (int64_t[]){dyn, 2, 0}, (int64_t[]){3, 3, 0},
      (int64_t[]){1, 1, -1}, 1, &b, 0, NULL, 0, NULL,
      (MlirSliceMasks){0b100, 0b100, 0, 0, 0b010}, false);
  mlirBlockInsertOwnedOperationBefore(entry, ret, updDynamic);
  mlirOperationPrintWithFlags(updDynamic, flags, printToStdout, NULL);
  mlirOpPrintingFlagsDestroy(flags);
  printf("\ndynamic begin is %%b: %d\n",
         mlirValueEqual(mlirSliceStridedOpGetDynamicBegin(updDynamic, 0), b));
  MlirValue wrongValue =
      mlirBlockAddArgument(entry,
                           mlirRankedTensorTypeGet(2, (int64_t[]){3, 7}, f32,
                                                   mlirAttributeGetNull()),
                           loc);
  bad = mlirSliceStridedUpdateOpCreateFromPython(
      loc, wrongValue, x, mlirStringRefCreateFromCString("1:3, 2, ::-1"));
  printf("value that does not fit gives null: %d\n", mlirOperationIsNull(bad));
  bad = mlirSliceStridedUpdateOpCreate(loc, v, (MlirValue){NULL}, 0, NULL, NULL,
                                       NULL, 0, NULL, 0, NULL, 0, NULL,
                                       (MlirSliceMasks){0, 0, 0, 0, 0}, false);
  printf("null dest gives null: %d\n", mlirOperationIsNull(bad));

  /* slice.strided_axes_update: paddle set_value x[4:5, %b::-2] = v (v: 2x7
     against a 1x?x7 slice, checked at run time), read back through the
     axes accessors. */
  MlirOperation axesUpd = mlirSliceStridedAxesUpdateOpCreate(
      loc, v, x, 2, (int64_t[]){0, -2}, (int64_t[]){4, dyn}, (int64_t[]){5, -8},
      (int64_t[]){1, -2}, 1, &b, 0, NULL, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(entry, ret, axesUpd);
  flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(flags);
  mlirOperationPrintWithFlags(axesUpd, flags, printToStdout, NULL);
  mlirOpPrintingFlagsDestroy(flags);
  printf("\nis slice.strided_axes_update: %d %d, value is %%v: %d, dest is "
         "%%x: %d, axis[1] = %lld, end[1] = %lld, dynamic start is %%b: %d\n",
         mlirOperationIsASliceStridedAxesUpdateOp(axesUpd),
         mlirOperationIsASliceStridedAxesUpdateOp(upd),
         mlirValueEqual(mlirSliceStridedAxesUpdateOpGetValue(axesUpd), v),
         mlirValueEqual(mlirSliceStridedAxesUpdateOpGetDest(axesUpd), x),
         (long long)mlirSliceStridedAxesOpGetAxis(axesUpd, 1),
         (long long)mlirSliceStridedAxesOpGetStaticEnd(axesUpd, 1),
         mlirValueEqual(mlirSliceStridedAxesOpGetDynamicStart(axesUpd, 0), b));
  bad = mlirSliceStridedAxesUpdateOpCreate(
      loc, v, x, 1, (int64_t[]){3}, (int64_t[]){0}, (int64_t[]){1},
      (int64_t[]){1}, 0, NULL, 0, NULL, 0, NULL);
  printf("axis out of range gives null: %d\n", mlirOperationIsNull(bad));
  mlirOperationRemoveFromParent(axesUpd);
  mlirOperationDestroy(axesUpd);
  mlirOperationRemoveFromParent(upd);
  mlirOperationDestroy(upd);
  mlirOperationRemoveFromParent(updDynamic);
  mlirOperationDestroy(updDynamic);
  mlirBlockEraseArgument(entry, (unsigned)mlirBlockGetNumArguments(entry) - 1);
  mlirBlockEraseArgument(entry, (unsigned)mlirBlockGetNumArguments(entry) - 1);

  /* A slice pass through a pass manager. */
  mlirSliceRegisterPasses();
  mlirSliceRegisterPipelines();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                            mlirStringRefCreateFromCString(
                                "builtin.module(func.func(slice-normalize))"),
                            printToStdout, NULL);
  printf("pipeline parsed: %d\n", mlirLogicalResultIsSuccess(parsed));
  MlirLogicalResult ran =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("normalized: %d\n", mlirLogicalResultIsSuccess(ran));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
