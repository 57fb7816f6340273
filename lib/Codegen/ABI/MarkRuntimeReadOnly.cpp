//===- MarkRuntimeReadOnly.cpp - Read-only runner-utils arguments ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Tells one-shot bufferization that the runner-utils printers only read
// their tensor arguments (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEMARKRUNTIMEREADONLY
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceMarkRuntimeReadOnlyPass
    : mlir::slice::impl::SliceMarkRuntimeReadOnlyBase<
          SliceMarkRuntimeReadOnlyPass> {
  void runOnOperation() override {
    constexpr llvm::StringLiteral kAccess = "bufferization.access";
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isExternal() || !func.getName().starts_with("printMemref"))
        continue;
      for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<TensorType>(type) && !func.getArgAttr(index, kAccess))
          func.setArgAttr(index, kAccess,
                          StringAttr::get(&getContext(), "read"));
    }
    // Argument attributes only, valid as built: no analysis to invalidate
    // and nothing for the verifier to find.
    markAllAnalysesPreserved();
  }
};
} // namespace
