//===- Passes.h - Conversions out of the slice dialect ----------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Declares and registers the conversion passes; one header per conversion
// holds its C++ entry points.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_PASSES_H
#define SLICE_CONVERSION_PASSES_H

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/Conversion/SliceToLinalg/SliceToLinalg.h"
#include "Slice/Conversion/SliceToTensor/SliceToTensor.h"
#include "Slice/Conversion/SliceToTosa/SliceToTosa.h"
#include "Slice/Conversion/TosaToSlice/TosaToSlice.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Slice/Conversion/Passes.h.inc"

} // namespace slice
} // namespace mlir

#endif // SLICE_CONVERSION_PASSES_H
