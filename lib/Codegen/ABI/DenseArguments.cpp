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
      SmallVector<MemRefType> denseTypes;
      for (Type argumentType : function.getArgumentTypes()) {
        auto type = dyn_cast<MemRefType>(argumentType);
        MemRefType dense;
        if (type && !type.getLayout().isIdentity())
          dense = MemRefType::get(type.getShape(), type.getElementType(),
                                  MemRefLayoutAttrInterface(),
                                  type.getMemorySpace());
        denseTypes.push_back(
            dense && memref::CastOp::areCastCompatible(dense, type)
                ? dense
                : MemRefType());
      }
      slice::retypeArguments(function, denseTypes);
    }
  }
};
} // namespace
