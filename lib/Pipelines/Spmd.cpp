//===- Spmd.cpp - The pipelines' steps for sharded functions --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What `--slice-to-llvm="spmd=true"` adds (docs/sharding.md): the upstream
// passes that partition annotated functions and lower their collectives to
// MPI, around slice's own (lib/Transforms/Sharding/SpmdPasses.cpp).
//
//===----------------------------------------------------------------------===//

#include "PipelineStages.h"
#include "Slice/Compat/MPI.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Conversion/ShardToMPI/ShardToMPI.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::slice::detail::registerSpmdDependencies(DialectRegistry &registry) {
  registry.insert<DLTIDialect, mpi::MPIDialect, shard::ShardDialect>();
  slice::registerMPIMemoryEffects(registry);
}

void mlir::slice::detail::addSpmdPartitioning(OpPassManager &pm) {
  OpPassManager &fpm = pm.nest<func::FuncOp>();
  fpm.addPass(shard::createShardingPropagation());
  fpm.addPass(shard::createPartition());
  fpm.addPass(createSliceCanonicalize());
  fpm.addPass(createCSEPass());
  pm.addPass(createSliceLowerShardToMPI());
  pm.addPass(createConvertShardToMPIPass());
  pm.addPass(createSliceFinishSpmd());
}

void mlir::slice::detail::addSpmdBufferForwarding(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createSliceForwardMPIBuffers());
}
