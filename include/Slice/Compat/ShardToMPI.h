//===- ShardToMPI.h - What MLIR 22's shard-to-MPI lacks ---------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// MLIR 22's convert-shard-to-mpi lowers shard.all_reduce of static shapes
// only, and no shard.send or shard.recv; its MPIToLLVM counts the first
// dimension of a buffer only (fixed upstream by llvm-project pull request
// 178870, after 22). The partitioned slices exchange their parts with
// send and recv, and all-reduce the shard sizes of a source of run-time
// size, so --slice-to-llvm="spmd=true" lowers those itself
// (slice-lower-shard-to-mpi). Drop this when upstream lowers them.
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

/// The communicator of the processes that share a process's place on every
/// grid axis but some: made once per function, at its start (an
/// MPI_Comm_split is collective, so every process must make it, while a
/// send may run on some only). MLIR 22's mpi dialect frees no
/// communicator: each call of the function makes one more.
class MPICommunicators {
public:
  Value get(shard::GridOp grid, ArrayRef<shard::GridAxis> axes,
            Operation *user);

private:
  llvm::DenseMap<std::pair<Operation *, std::pair<Operation *, uint64_t>>,
                 Value>
      comms;
};

/// Lowers `op`, a shard.send or shard.recv with its peer named (at run
/// time or not), to a blocking mpi.send or mpi.recv of a flat view of the
/// buffer, on the communicator of its grid axes. The caller orders the
/// sends and receives so that they cannot deadlock (the partition's
/// exchange rounds do). Emits an error and fails on a run-time grid or an
/// unnamed source.
LogicalResult lowerSendRecv(Operation *op, SymbolTableCollection &symbols,
                            MPICommunicators &comms);

} // namespace slice
} // namespace mlir

#endif // SLICE_COMPAT_SHARDTOMPI_H
