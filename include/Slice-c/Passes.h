/*===-- Slice-c/Passes.h - C API of the slice passes --------------*- C -*-===*\
|*                                                                            *|
|* Per-pass creation and registration, generated from the passes' TableGen  *|
|* (as upstream's Passes.capi.h.inc): for every pass P of the slice          *|
|* transforms, conversions and pipelines,                                    *|
|*   MlirPass mlirCreate<Group><P>(void);   a pass with default options     *|
|*   void mlirRegister<Group><P>(void);     its textual pipeline name       *|
|* and one registration per group:                                           *|
|*   mlirRegisterSlicePasses()              --slice-normalize, ...           *|
|*   mlirRegisterSliceConversionPasses()    --convert-slice-to-tensor, ...   *|
|*   mlirRegisterSlicePipelinesPasses()     --slice-to-llvm, --slice-to-nvvm *|
|* e.g. mlirCreateSliceSliceNormalize(),                                     *|
|* mlirCreateSliceConversionConvertSliceToTensor(),                          *|
|* mlirCreateSlicePipelinesSliceToLLVM(). Add passes with options through    *|
|* mlirParsePassPipeline.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SLICE_C_PASSES_H
#define SLICE_C_PASSES_H

#include "mlir-c/Pass.h"

#include "Slice/Conversion/Passes.capi.h.inc"
#include "Slice/Pipelines/Passes.capi.h.inc"
#include "Slice/Transforms/Passes.capi.h.inc"

#endif /* SLICE_C_PASSES_H */
