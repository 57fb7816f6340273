//===- Passes.cpp - C API of the slice passes -----------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The generated per-pass entry points of Slice-c/Passes.h.
//
//===----------------------------------------------------------------------===//

#include "Slice-c/Passes.h"

#include "Slice/Codegen/Passes.h"
#include "Slice/Conversion/Passes.h"
#include "Slice/Pipelines/Pipelines.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::slice;

#ifdef __cplusplus
extern "C" {
#endif

#include "Slice/Codegen/Passes.capi.cpp.inc"
#include "Slice/Conversion/Passes.capi.cpp.inc"
#include "Slice/Pipelines/Passes.capi.cpp.inc"
#include "Slice/Transforms/Passes.capi.cpp.inc"

// The old names of the passes that moved out of the pipelines' group.
MlirPass mlirCreateSlicePipelinesSliceCheckLowered(void) {
  return mlirCreateSliceCodegenSliceCheckLowered();
}
void mlirRegisterSlicePipelinesSliceCheckLowered(void) {
  mlirRegisterSliceCodegenSliceCheckLowered();
}
MlirPass mlirCreateSlicePipelinesSliceFinalizeToLLVM(void) {
  return mlirCreateSliceCodegenSliceFinalizeToLLVM();
}
void mlirRegisterSlicePipelinesSliceFinalizeToLLVM(void) {
  mlirRegisterSliceCodegenSliceFinalizeToLLVM();
}
MlirPass mlirCreateSlicePipelinesSliceFinalizeBodiesToLLVM(void) {
  return mlirCreateSliceCodegenSliceFinalizeBodiesToLLVM();
}
void mlirRegisterSlicePipelinesSliceFinalizeBodiesToLLVM(void) {
  mlirRegisterSliceCodegenSliceFinalizeBodiesToLLVM();
}
MlirPass mlirCreateSlicePipelinesSliceFinishSpmd(void) {
  return mlirCreateSliceSliceFinishSpmd();
}
void mlirRegisterSlicePipelinesSliceFinishSpmd(void) {
  mlirRegisterSliceSliceFinishSpmd();
}
MlirPass mlirCreateSlicePipelinesSliceForwardMPIBuffers(void) {
  return mlirCreateSliceSliceForwardMPIBuffers();
}
void mlirRegisterSlicePipelinesSliceForwardMPIBuffers(void) {
  mlirRegisterSliceSliceForwardMPIBuffers();
}
MlirPass mlirCreateSlicePipelinesSliceLowerShardToMPI(void) {
  return mlirCreateSliceSliceLowerShardToMPI();
}
void mlirRegisterSlicePipelinesSliceLowerShardToMPI(void) {
  mlirRegisterSliceSliceLowerShardToMPI();
}

#ifdef __cplusplus
}
#endif
