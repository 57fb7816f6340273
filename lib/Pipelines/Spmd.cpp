//===- Spmd.cpp - Per-process code for sharded functions ------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What `--slice-to-llvm="spmd=true"` adds (docs/sharding.md): the upstream
// passes that partition annotated functions and lower their collectives to
// MPI, the check that nothing of the shard dialect is left, and the memory
// effects of the MPI ops that move buffers, without which the ownership-
// based deallocation rejects them ("ops with unknown memory side effects
// are not supported").
//
//===----------------------------------------------------------------------===//

#include "FrontEnd.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFINISHSPMD
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

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

struct SliceFinishSpmdPass
    : mlir::slice::impl::SliceFinishSpmdBase<SliceFinishSpmdPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<shard::GridOp> grids;
    WalkResult result =
        module.walk([&](Operation *op) {
          if (auto grid = dyn_cast<shard::GridOp>(op)) {
            grids.push_back(grid);
            return WalkResult::advance();
          }
          if (!isa<shard::ShardDialect>(op->getDialect()))
            return WalkResult::advance();
          op->emitOpError()
              << "is left after convert-shard-to-mpi: MLIR 22 lowers only "
                 "all_reduce, process indices, neighbors and shard shapes to "
                 "MPI, so this partitioned function cannot run (see "
                 "docs/sharding.md)";
          return WalkResult::interrupt();
        });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (shard::GridOp grid : grids)
      grid.erase();
    // MPIToLLVM picks the MPI ABI from the module's DLTI entry
    // "MPI:Implementation" and, in MLIR 22, reports an error where there
    // is none (before defaulting to MPICH): say MPICH unless the module
    // says otherwise.
    MLIRContext *context = &getContext();
    StringAttr key = StringAttr::get(context, "MPI:Implementation");
    if (failed(dlti::query(module, ArrayRef<StringRef>{key.getValue()},
                           /*emitError=*/false))) {
      SmallVector<DataLayoutEntryInterface> entries;
      if (auto map = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName))
        llvm::append_range(entries, map.getEntries());
      entries.push_back(
          DataLayoutEntryAttr::get(key, StringAttr::get(context, "MPICH")));
      module->setAttr(DLTIDialect::kMapAttrName,
                      MapAttr::get(context, entries));
    }
  }
};

} // namespace

void mlir::slice::detail::registerSpmdDependencies(DialectRegistry &registry) {
  registry.insert<DLTIDialect, mpi::MPIDialect, shard::ShardDialect>();
  registry.addExtension(+[](MLIRContext *context, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<MpiBufferEffects<mpi::AllReduceOp, 0, 1>>(
        *context);
    mpi::SendOp::attachInterface<MpiBufferEffects<mpi::SendOp, 0, kNone>>(
        *context);
    mpi::RecvOp::attachInterface<MpiBufferEffects<mpi::RecvOp, kNone, 0>>(
        *context);
  });
}

void mlir::slice::detail::addSpmdPartitioning(OpPassManager &pm) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(shard::createShardingPropagation());
  fpm.addPass(shard::createPartition());
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createCSEPass());
  pm.addPass(createConvertShardToMPIPass());
  pm.addPass(createSliceFinishSpmd());
}
