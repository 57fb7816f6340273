//===- Passes.h - slice codegen passes --------------------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The codegen passes (Passes.td) and their options structs, which are also
// the options of the C++ entry points in CopyLowering.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_CODEGEN_PASSES_H
#define SLICE_CODEGEN_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace slice {

#define GEN_PASS_DECL
#include "Slice/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Slice/Codegen/Passes.h.inc"

/// The pattern of `--slice-refine-poison-tensors`: `ub.poison` of a ranked
/// tensor type becomes a `tensor.empty` (dynamic sizes 0).
void populateRefinePoisonTensorsPatterns(RewritePatternSet &patterns);

/// What `--slice-assert-to-stderr` does, for a pass that runs it as one of
/// its steps (`--slice-finalize-to-llvm`): every `cf.assert` of `module`
/// becomes a call of the internal check function, which it defines.
/// Returns whether the module had any; fails, with a diagnostic, where a
/// symbol of the module has a name the lowering needs for something else.
FailureOr<bool> lowerAssertsToStderr(ModuleOp module);

/// A function attribute (dense i64 array) that --slice-parallel-elementwise
/// sets on a chunk's function: the positions, in its LLVM signature, of the
/// pointer arguments no other argument aliases, which
/// --slice-finalize-to-llvm declares `noalias`.
constexpr llvm::StringLiteral kNoAliasPointerArgs = "slice.noalias_pointers";

} // namespace slice
} // namespace mlir

#endif // SLICE_CODEGEN_PASSES_H
