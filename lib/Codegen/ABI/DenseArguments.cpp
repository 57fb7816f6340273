//===- DenseArguments.cpp - Identity layouts for entry-point arguments ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-dense-arguments` (Passes.td): the memref arguments of functions
// called only from outside the module become identity-layout memrefs, cast
// back to their old fully dynamic type for the body.
//
//===----------------------------------------------------------------------===//

#include "EntryPoints.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEDENSEARGUMENTS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceDenseArgumentsPass
    : mlir::slice::impl::SliceDenseArgumentsBase<SliceDenseArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (func::FuncOp function : slice::getEntryPoints(module)) {
      Block &entry = function.getBody().front();
      OpBuilder builder = OpBuilder::atBlockBegin(&entry);
      SmallVector<Type> inputs(function.getArgumentTypes());
      for (auto [index, argument] : llvm::enumerate(entry.getArguments())) {
        auto type = dyn_cast<MemRefType>(argument.getType());
        if (!type || type.getLayout().isIdentity())
          continue;
        auto dense =
            MemRefType::get(type.getShape(), type.getElementType(),
                            MemRefLayoutAttrInterface(), type.getMemorySpace());
        if (!memref::CastOp::areCastCompatible(dense, type))
          continue;
        argument.setType(dense);
        auto cast =
            memref::CastOp::create(builder, function.getLoc(), type, argument);
        argument.replaceAllUsesExcept(cast, cast);
        inputs[index] = dense;
      }
      function.setFunctionType(builder.getFunctionType(
          inputs, function.getFunctionType().getResults()));
    }
  }
};
} // namespace
