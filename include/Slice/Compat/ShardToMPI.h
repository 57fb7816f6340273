//===- ShardToMPI.h - What MLIR 22's shard-to-MPI lacks ---------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR 22's convert-shard-to-mpi lowers shard.all_reduce of static shapes
// only, and its MPIToLLVM counts the first dimension of a buffer only
// (fixed upstream by llvm-project pull request 178870, after 22). The
// partitioned slices of run-time sizes all-reduce such tensors, so
// --slice-to-llvm="spmd=true" lowers those itself
// (slice-lower-dynamic-all-reduce). Drop this when upstream lowers them.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_COMPAT_SHARDTOMPI_H
#define SLICE_COMPAT_SHARDTOMPI_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace slice {

/// Lowers `op`, an all_reduce of a tensor of run-time shape, to
/// mpi.allreduce of flat views of its input's buffer and a fresh one, on
/// the communicator of its grid axes. Emits an error and fails for what
/// it does not handle: a run-time grid, another result element type, a
/// reduction MPI does not predefine.
LogicalResult lowerDynamicAllReduce(shard::AllReduceOp op,
                                    SymbolTableCollection &symbols);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_SHARDTOMPI_H
