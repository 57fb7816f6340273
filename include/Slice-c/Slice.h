/*===-- Slice-c/Slice.h - C API of the slice dialect --------------*- C -*-===*\
|* Part of the slice project, under the Apache License v2.0 with LLVM         *|
|* Exceptions. See the LICENSE file for license information.                  *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* MLIR's C API conventions: the dialect handle, registration of the passes  *|
|* and pipelines and of what they depend on, and building and inspecting     *|
|* slice.strided and slice.strided_axes. Per-pass entry points are in        *|
|* Slice-c/Passes.h.                                                         *|
|*                                                                            *|
|* Link the shared library SliceCAPI (Slice::SliceCAPI with                  *|
|* find_package(Slice)). It holds MLIR's C API too: the core (mlir-c/IR.h,   *|
|* Pass.h, Transforms.h, Diagnostics.h, ...), mlir-c/ExecutionEngine.h, and  *|
|* the dialect handles of the pipelines' input (mlir-c/Dialect/Func.h,       *|
|* Arith.h, Tensor.h, Linalg.h, SCF.h, MemRef.h, Bufferization.h,            *|
|* ControlFlow.h, Math.h, Vector.h, Tosa.h, LLVM.h, GPU.h). A binding that   *|
|* aggregates several C APIs (as upstream's Python bindings do) links the    *|
|* static Slice::SliceCAPIStatic instead, which holds only slice's          *|
|* functions, beside the MLIR C API libraries of its choice (the package's  *|
|* SLICE_MLIR_CAPI_LIBRARIES names those libSliceCAPI.so holds).            *|
|*                                                                            *|
|* Dynamic entries: each list of static entries (begin, end, strides,        *|
|* starts, ends) marks an entry given by an SSA value with                   *|
|* mlirSliceDynamicEntry() (INT64_MIN, MLIR's kDynamic), and the values come *|
|* in order in the matching array. The literal INT64_MIN (ONNX's "to the   *|
|* front" end) is passed as a dynamic value defined by an index constant:   *|
|* the op then gets the static entry that selects the same elements, where  *|
|* there is one (docs/semantics.md, "INT64_MIN").                           *|
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
   mlirParsePassPipeline and mlirOpPassManagerAddPipeline. Slice-c/Passes.h
   registers and creates them one by one. */
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

/* Inspection. The spec accessors below (entries, static lists, masks,
   offset, dynamic values) also take a slice.strided_update. */
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
/* The SSA values of the dynamic entries, in spec order: as many as the
   static list has mlirSliceDynamicEntry() markers. */
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedOpGetNumDynamicBegin(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedOpGetDynamicBegin(MlirOperation op,
                                                               intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedOpGetNumDynamicEnd(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedOpGetDynamicEnd(MlirOperation op,
                                                             intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedOpGetNumDynamicStrides(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedOpGetDynamicStride(MlirOperation op, intptr_t pos);

/*===----------------------------------------------------------------------===*
 * slice.strided_update: y = dest.copy(); y[spec] = value
 *===----------------------------------------------------------------------===*/

/* Creates a slice.strided_update (not inserted anywhere) of `value` into
   `dest` (ranked tensors of one element type; the result has dest's type)
   with the spec of slice.strided (same arguments as
   mlirSliceStridedOpCreate). Returns a null operation, and emits the
   verifier's diagnostic at `loc`, when the spec is invalid on dest or the
   value does not fit the slice. Read its spec with the slice.strided
   accessors above. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset);

/* The same with a static spec in Python / NumPy notation. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedUpdateOpCreateFromPython(
    MlirLocation loc, MlirValue value, MlirValue dest, MlirStringRef text);

MLIR_CAPI_EXPORTED bool mlirOperationIsASliceStridedUpdateOp(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedUpdateOpGetValue(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedUpdateOpGetDest(MlirOperation op);

/*===----------------------------------------------------------------------===*
 * slice.strided_axes: Paddle's / ONNX's encoding
 *===----------------------------------------------------------------------===*/

/* The result type slice.strided_axes infers for `sourceType` (a ranked
   tensor): entry i slices dimension axes[i] (negative counts from the back)
   with starts[i]:ends[i]:strides[i]. `axes` may be NULL (the default
   [0, 1, ..., numEntries - 1], Paddle's and ONNX's), and so may
   `staticStrides` (every stride 1, ONNX's default steps). A null type when
   the spec is invalid; the message then goes to `callback` (may be NULL).
   Dynamic entries are unknown. */
MLIR_CAPI_EXPORTED MlirType mlirSliceStridedAxesInferResultType(
    MlirType sourceType, intptr_t numEntries, const int64_t *axes,
    const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, MlirStringCallback callback, void *userData);

/* Creates a slice.strided_axes (not inserted anywhere) with the inferred
   result type; dynamic entries as for mlirSliceStridedOpCreate. `axes` NULL
   leaves out the axes (the default), `staticStrides` NULL the strides (all
   1; there are no dynamic strides then). Returns a null operation, and
   emits the verifier's diagnostic at `loc`, when the spec is invalid. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedAxesOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *axes, const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, intptr_t numDynamicStarts,
    const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
    const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides);

MLIR_CAPI_EXPORTED bool mlirOperationIsASliceStridedAxesOp(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue mlirSliceStridedAxesOpGetSource(MlirOperation op);

/* Creates a slice.strided_axes_update (not inserted anywhere): `dest` with
   the axes-encoded slice written by `value` (Paddle's set_value). Entries
   as for mlirSliceStridedAxesOpCreate; the value fits the slice as for
   mlirSliceStridedUpdateOpCreate. Returns a null operation, and emits the
   verifier's diagnostic at `loc`, when the op is invalid. */
MLIR_CAPI_EXPORTED MlirOperation mlirSliceStridedAxesUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *axes, const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, intptr_t numDynamicStarts,
    const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
    const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides);

MLIR_CAPI_EXPORTED bool
mlirOperationIsASliceStridedAxesUpdateOp(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedAxesUpdateOpGetValue(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedAxesUpdateOpGetDest(MlirOperation op);

/* The spec accessors below take a slice.strided_axes or a
   slice.strided_axes_update. Axes and strides the op leaves out read as
   their defaults; the two predicates say whether the op holds them. */
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedAxesOpGetNumEntries(MlirOperation op);
MLIR_CAPI_EXPORTED bool mlirSliceStridedAxesOpHasAxes(MlirOperation op);
MLIR_CAPI_EXPORTED bool mlirSliceStridedAxesOpHasStrides(MlirOperation op);
MLIR_CAPI_EXPORTED int64_t mlirSliceStridedAxesOpGetAxis(MlirOperation op,
                                                         intptr_t pos);
/* Entry `pos` of the static lists (mlirSliceDynamicEntry() when dynamic). */
MLIR_CAPI_EXPORTED int64_t
mlirSliceStridedAxesOpGetStaticStart(MlirOperation op, intptr_t pos);
MLIR_CAPI_EXPORTED int64_t mlirSliceStridedAxesOpGetStaticEnd(MlirOperation op,
                                                              intptr_t pos);
MLIR_CAPI_EXPORTED int64_t
mlirSliceStridedAxesOpGetStaticStride(MlirOperation op, intptr_t pos);
/* The SSA values of the dynamic entries, in entry order. */
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedAxesOpGetNumDynamicStarts(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedAxesOpGetDynamicStart(MlirOperation op, intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedAxesOpGetNumDynamicEnds(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedAxesOpGetDynamicEnd(MlirOperation op, intptr_t pos);
MLIR_CAPI_EXPORTED intptr_t
mlirSliceStridedAxesOpGetNumDynamicStrides(MlirOperation op);
MLIR_CAPI_EXPORTED MlirValue
mlirSliceStridedAxesOpGetDynamicStride(MlirOperation op, intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif /* SLICE_C_SLICE_H */
