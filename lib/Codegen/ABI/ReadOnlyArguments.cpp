//===- ReadOnlyArguments.cpp - Value semantics at function boundaries -----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-read-only-arguments` (Passes.td): the tensor arguments of public
// functions become `bufferization.writable = false`, so that one-shot
// bufferization never writes into a caller's buffer.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEREADONLYARGUMENTS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceReadOnlyArgumentsPass
    : mlir::slice::impl::SliceReadOnlyArgumentsBase<
          SliceReadOnlyArgumentsPass> {
  void runOnOperation() override {
    StringRef writable = bufferization::BufferizationDialect::kWritableAttrName;
    BoolAttr readOnly = BoolAttr::get(&getContext(), false);
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isExternal() || !function.isPublic())
        continue;
      for (auto [index, type] : llvm::enumerate(function.getArgumentTypes()))
        if (isa<TensorType>(type) && !function.getArgAttr(index, writable))
          function.setArgAttr(index, writable, readOnly);
    }
    // Argument attributes only, valid as built: no analysis to invalidate
    // and nothing for the verifier to find.
    markAllAnalysesPreserved();
  }
};
} // namespace
