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

#ifndef SLICE_LIB_CODEGEN_ABI_ENTRYPOINTS_H
#define SLICE_LIB_CODEGEN_ABI_ENTRYPOINTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/DenseSet.h"

#include <atomic>

namespace mlir {
namespace slice {

/// The entry points of `module`: functions public, with a body, and called
/// (or otherwise referenced) by nothing in the module, so that only code
/// outside it calls them and sees their signatures. One walk of the module
/// finds every reference (asking `symbolKnownUseEmpty` per function walks
/// it once per function: quadratic, a minute at 10k slices); none is an
/// entry point when an op may reference symbols unknown to it.
inline SmallVector<func::FuncOp> getEntryPoints(ModuleOp module) {
  SmallVector<func::FuncOp> entryPoints;
  // The module's ops' references, each op's walked on a thread of the
  // context's pool (the walk visits every attribute and type of every op).
  SmallVector<Operation *> ops;
  for (Operation &op : *module.getBody())
    ops.push_back(&op);
  SmallVector<SmallVector<StringAttr, 0>> references(ops.size());
  std::atomic<bool> unknown = false;
  parallelFor(module.getContext(), 0, ops.size(), [&](size_t i) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(ops[i]);
    if (!uses) {
      unknown = true;
      return;
    }
    for (const SymbolTable::SymbolUse &use : *uses)
      references[i].push_back(use.getSymbolRef().getRootReference());
  });
  if (unknown)
    return entryPoints;
  llvm::DenseSet<StringAttr> referenced;
  for (ArrayRef<StringAttr> names : references)
    referenced.insert(names.begin(), names.end());
  for (auto function : module.getOps<func::FuncOp>())
    if (!function.isExternal() && function.isPublic() &&
        !referenced.contains(function.getSymNameAttr()))
      entryPoints.push_back(function);
  return entryPoints;
}

inline void retypeArguments(func::FuncOp function, ArrayRef<MemRefType> types) {
  Block &entry = function.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  SmallVector<Type> inputs(function.getArgumentTypes());
  for (auto [index, argument] : llvm::enumerate(entry.getArguments())) {
    MemRefType type = types[index];
    if (!type)
      continue;
    Type original = argument.getType();
    argument.setType(type);
    auto cast =
        memref::CastOp::create(builder, function.getLoc(), original, argument);
    argument.replaceAllUsesExcept(cast, cast);
    inputs[index] = type;
  }
  function.setFunctionType(
      builder.getFunctionType(inputs, function.getFunctionType().getResults()));
}

} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_ABI_ENTRYPOINTS_H
