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
// MPI, and the check that nothing of the shard dialect is left. What MLIR
// 22's mpi dialect and shard-to-MPI lowering lack is patched in
// Slice/Compat (MPI.h, ShardToMPI.h).
//
//===----------------------------------------------------------------------===//

#include "FrontEnd.h"
#include "Slice/Compat/MPI.h"
#include "Slice/Compat/ShardToMPI.h"
#include "Slice/Pipelines/Pipelines.h"

#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFINISHSPMD
#define GEN_PASS_DEF_SLICELOWERSHARDTOMPI
#include "Slice/Pipelines/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {

struct SliceLowerShardToMPIPass
    : mlir::slice::impl::SliceLowerShardToMPIBase<SliceLowerShardToMPIPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    slice::MPICommunicators comms;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      auto reduce = dyn_cast<shard::AllReduceOp>(op);
      auto type = reduce
                      ? dyn_cast<RankedTensorType>(reduce.getInput().getType())
                      : RankedTensorType();
      if (isa<shard::SendOp, shard::RecvOp>(op) ||
          (type && !type.hasStaticShape()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      LogicalResult lowered = isa<shard::AllReduceOp>(op)
                                  ? slice::lowerDynamicAllReduce(
                                        cast<shard::AllReduceOp>(op), symbols)
                                  : slice::lowerSendRecv(op, symbols, comms);
      if (failed(lowered))
        return signalPassFailure();
    }
  }
};

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
    slice::setDefaultMPIImplementation(module);
  }
};

} // namespace

void mlir::slice::detail::registerSpmdDependencies(DialectRegistry &registry) {
  registry.insert<DLTIDialect, mpi::MPIDialect, shard::ShardDialect>();
  slice::registerMPIMemoryEffects(registry);
}

void mlir::slice::detail::addSpmdPartitioning(OpPassManager &pm) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(shard::createShardingPropagation());
  fpm.addPass(shard::createPartition());
  fpm.addPass(createCanonicalizerPass());
  fpm.addPass(createCSEPass());
  pm.addPass(createSliceLowerShardToMPI());
  pm.addPass(createConvertShardToMPIPass());
  pm.addPass(createSliceFinishSpmd());
}
