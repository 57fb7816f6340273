//===- MPI.cpp - Patches of MLIR 22's mpi dialect -------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/MPI.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {
/// An MPI op that reads `Read` operands and writes `Write` operands (their
/// indices), and talks to other processes: it is never removed or moved
/// across another one (the default resource).
template <typename Op, unsigned Read, unsigned Write>
struct MpiBufferEffects : public MemoryEffectOpInterface::ExternalModel<
                              MpiBufferEffects<Op, Read, Write>, Op> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    if (Read < op->getNumOperands())
      effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(Read),
                           SideEffects::DefaultResource::get());
    if (Write < op->getNumOperands())
      effects.emplace_back(MemoryEffects::Write::get(),
                           &op->getOpOperand(Write),
                           SideEffects::DefaultResource::get());
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
  }
};

constexpr unsigned kNone = ~0u;
} // namespace

void mlir::slice::registerMPIMemoryEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<MpiBufferEffects<mpi::AllReduceOp, 0, 1>>(
        *context);
    mpi::SendOp::attachInterface<MpiBufferEffects<mpi::SendOp, 0, kNone>>(
        *context);
    mpi::RecvOp::attachInterface<MpiBufferEffects<mpi::RecvOp, kNone, 0>>(
        *context);
  });
}

void mlir::slice::setDefaultMPIImplementation(ModuleOp module) {
  MLIRContext *context = module.getContext();
  StringAttr key = StringAttr::get(context, "MPI:Implementation");
  if (succeeded(dlti::query(module, ArrayRef<StringRef>{key.getValue()},
                            /*emitError=*/false)))
    return;
  SmallVector<DataLayoutEntryInterface> entries;
  if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName))
    llvm::append_range(entries, map.getEntries());
  entries.push_back(
      DataLayoutEntryAttr::get(key, StringAttr::get(context, "MPICH")));
  module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(context, entries));
}
