//===- EntryPoints.h - Functions called from outside the module -*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the passes that shape a module's calling convention agree an entry
// point is.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_ENTRYPOINTS_H
#define SLICE_LIB_TRANSFORMS_ENTRYPOINTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace slice {

/// Whether `function` is an entry point of `module`: public, with a body,
/// and called (or otherwise referenced) by nothing in the module, so that
/// only code outside it calls the function and sees its signature.
inline bool isEntryPoint(func::FuncOp function, Operation *module) {
  return !function.isExternal() && function.isPublic() &&
         SymbolTable::symbolKnownUseEmpty(function, module);
}

} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_ENTRYPOINTS_H
