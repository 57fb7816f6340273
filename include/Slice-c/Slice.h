/*===-- Slice-c/Slice.h - C API of the slice dialect --------------*- C -*-===*\
|*                                                                            *|
|* MLIR's C API conventions: the dialect handle, registration of the passes  *|
|* and pipelines, and building and inspecting slice.strided. Link the shared *|
|* library SliceCAPI (Slice::SliceCAPI with find_package(Slice)); it holds   *|
|* MLIR's core C API too (mlir-c/IR.h, Pass.h, ...).                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SLICE_C_SLICE_H
#define SLICE_C_SLICE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* mlirGetDialectHandle__slice__(): load with mlirDialectHandleLoadDialect. */
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Slice, slice);

/* Adds the slice dialect and its external models (slice.strided's
   bufferization) to `registry`. */
MLIR_CAPI_EXPORTED void mlirSliceRegisterDialect(MlirDialectRegistry registry);

/* Adds to `registry` exactly what the pipelines (--slice-to-llvm,
   --slice-to-nvvm) use beyond the slice dialect: the upstream dialects of
   their input and of every step down, the external models (bufferization,
   deallocation, the func inliner, conversions to LLVM and NVVM, the NVVM
   target) and the translations of their output to LLVM IR (for
   mlirExecutionEngineCreate and the kernel serializer). A context created
   without it fails the pipelines' first pass with a diagnostic naming what
   is missing. Includes mlirSliceRegisterDialect. */
MLIR_CAPI_EXPORTED void
mlirSliceRegisterPipelineDependencies(MlirDialectRegistry registry);

/* Registers every slice pass and conversion (--slice-normalize,
   --convert-slice-to-tensor, ...) with the global registry, for
   mlirParsePassPipeline and mlirOpPassManagerAddPipeline. */
MLIR_CAPI_EXPORTED void mlirSliceRegisterPasses(void);

/* Registers the pipelines (--slice-to-llvm, --slice-to-nvvm). */
MLIR_CAPI_EXPORTED void mlirSliceRegisterPipelines(void);

/* The five masks of tf.strided_slice; bit i refers to entry i. */
typedef struct {
  uint64_t begin, end, ellipsis, newAxis, shrinkAxis;
} MlirSliceMasks;

/* The static entry value that marks a dynamic entry (MLIR's
   ShapedType::kDynamic, INT64_MIN): the next SSA value of its list gives
   it. */
MLIR_CAPI_EXPORTED int64_t mlirSliceDynamicEntry(void);

/* The result type slice.strided infers for `sourceType` (a ranked tensor)
   and the spec; dynamic entries are unknown. A null type when the spec is
   invalid for it; `error` (may be NULL) then receives the message, through
   `callback`. */
MLIR_CAPI_EXPORTED MlirType mlirSliceStridedInferResultType(
    MlirType sourceType, intptr_t numEntries, const int64_t *staticBegin,
    const int64_t *staticEnd, const int64_t *staticStrides,
    MlirSliceMasks masks, bool offset, MlirStringCallback callback,
    void *userData);

/* Creates a slice.strided (not inserted anywhere) with the inferred result
   type. `dynamicBegin` etc. hold one value of index type per entry whose
   static value is mlirSliceDynamicEntry(). Returns a null operation, and
   emits the verifier's diagnostic at `loc`, when the spec is invalid. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset);

/* Creates a static slice.strided from Python / NumPy notation, the inside
   of x[...]: "1, 2:4, newaxis, ..., ::-1". A null operation, with a
   diagnostic at `loc`, for a malformed text or an invalid spec. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedOpCreateFromPython(
    MlirLocation loc, MlirValue source, MlirStringRef text);

/* Inspection. */
MLIR_CAPI_EXPORTED bool mlirOperationIsASliceStridedOp(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedOpGetSource(MlirOperation op);
MLIR_CAPI_EXPORTED intptr_t mlirSliceStridedOpGetNumEntries(MlirOperation op);
/* Entry `pos` of the static lists (mlirSliceDynamicEntry() when dynamic). */
MLIR_CAPI_EXPORTED int64_t mlirSliceStridedOpGetStaticBegin(MlirOperation op,
                                                             intptr_t pos);
MLIR_CAPI_EXPORTED int64_t mlirSliceStridedOpGetStaticEnd(MlirOperation op,
                                                           intptr_t pos);
MLIR_CAPI_EXPORTED int64_t mlirSliceStridedOpGetStaticStride(MlirOperation op,
                                                              intptr_t pos);
MLIR_CAPI_EXPORTED MlirSliceMasks mlirSliceStridedOpGetMasks(MlirOperation op);
MLIR_CAPI_EXPORTED bool mlirSliceStridedOpGetOffset(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* SLICE_C_SLICE_H */
