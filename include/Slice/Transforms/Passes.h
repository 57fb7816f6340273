//===- Passes.h - slice-level transformations -------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes that rewrite slice ops into slice ops (Passes.td); the rewrites
// behind them, for pipelines that want them without the passes, are in
// Transforms.h and Slice/Utils/NormalForm.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_PASSES_H
#define SLICE_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Slice/Transforms/Passes.h.inc"

} // namespace slice
} // namespace mlir

#endif // SLICE_TRANSFORMS_PASSES_H
