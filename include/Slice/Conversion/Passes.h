//===- Passes.h - Conversions out of the slice dialect ----------*- C++ -*-===//
//
// Declares and registers the conversion passes; one header per conversion
// holds its C++ entry points.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CONVERSION_PASSES_H
#define SLICE_CONVERSION_PASSES_H

#include "Slice/Conversion/SliceToLinalg/SliceToLinalg.h"
#include "Slice/Conversion/SliceToTensor/SliceToTensor.h"
#include "Slice/Conversion/SliceToTosa/SliceToTosa.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
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
