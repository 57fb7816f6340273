/*===-- Slice-c/Passes.h - C API of the slice passes --------------*- C -*-===*\
|* Part of the slice project, under the Apache License v2.0 with LLVM         *|
|* Exceptions. See the LICENSE file for license information.                  *|
|* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception                    *|
|*                                                                            *|
|* Per-pass creation and registration, generated from the passes' TableGen    *|
|* (as upstream's Passes.capi.h.inc): for every pass P of the slice           *|
|* transforms, codegen passes, conversions and pipelines,                     *|
|*   MlirPass mlirCreate<Group><P>(void);   a pass with default options       *|
|*   void mlirRegister<Group><P>(void);     its textual pipeline name         *|
|* and one registration per group:                                            *|
|*   mlirRegisterSlicePasses()              --slice-normalize, ...            *|
|*   mlirRegisterSliceCodegenPasses()       --slice-lower-copies, ...         *|
|*   mlirRegisterSliceConversionPasses()    --convert-slice-to-tensor, ...    *|
|*   mlirRegisterSlicePipelinesPasses()     --slice-to-llvm, --slice-to-nvvm  *|
|* e.g. mlirCreateSliceSliceNormalize(),                                      *|
|* mlirCreateSliceCodegenSliceLowerCopies(),                                  *|
|* mlirCreateSliceConversionConvertSliceToTensor(),                           *|
|* mlirCreateSlicePipelinesSliceToLLVM(). Add passes with options through     *|
|* mlirParsePassPipeline.                                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SLICE_C_PASSES_H
#define SLICE_C_PASSES_H

#include "mlir-c/Pass.h"

#include "Slice/Codegen/Passes.capi.h.inc"
#include "Slice/Conversion/Passes.capi.h.inc"
#include "Slice/Pipelines/Passes.capi.h.inc"
#include "Slice/Transforms/Passes.capi.h.inc"

/* Names of before the codegen stages (docs/libraries.md): the passes that
 * moved from the pipelines' group keep their old C names as aliases. */
#ifdef __cplusplus
extern "C" {
#endif
MLIR_CAPI_EXPORTED MlirPass mlirCreateSlicePipelinesSliceCheckLowered(void);
MLIR_CAPI_EXPORTED void mlirRegisterSlicePipelinesSliceCheckLowered(void);
MLIR_CAPI_EXPORTED MlirPass mlirCreateSlicePipelinesSliceFinalizeToLLVM(void);
MLIR_CAPI_EXPORTED void mlirRegisterSlicePipelinesSliceFinalizeToLLVM(void);
MLIR_CAPI_EXPORTED MlirPass
mlirCreateSlicePipelinesSliceFinalizeBodiesToLLVM(void);
MLIR_CAPI_EXPORTED void
mlirRegisterSlicePipelinesSliceFinalizeBodiesToLLVM(void);
MLIR_CAPI_EXPORTED MlirPass mlirCreateSlicePipelinesSliceFinishSpmd(void);
MLIR_CAPI_EXPORTED void mlirRegisterSlicePipelinesSliceFinishSpmd(void);
MLIR_CAPI_EXPORTED MlirPass
mlirCreateSlicePipelinesSliceForwardMPIBuffers(void);
MLIR_CAPI_EXPORTED void mlirRegisterSlicePipelinesSliceForwardMPIBuffers(void);
MLIR_CAPI_EXPORTED MlirPass mlirCreateSlicePipelinesSliceLowerShardToMPI(void);
MLIR_CAPI_EXPORTED void mlirRegisterSlicePipelinesSliceLowerShardToMPI(void);
#ifdef __cplusplus
}
#endif

#endif /* SLICE_C_PASSES_H */
