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

#ifdef __cplusplus
}
#endif
