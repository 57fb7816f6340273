//===- PipelineStages.h - The stages the pipelines share --------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_PIPELINES_PIPELINESTAGES_H
#define SLICE_LIB_PIPELINES_PIPELINESTAGES_H

#include "Slice/Pipelines/Pipelines.h"

namespace mlir {
namespace slice {
namespace detail {

/// Slice-level simplification, inlining, slices as views or copies,
/// elementwise ops as linalg, and one-shot-bufferize with function
/// boundaries: tensors in, buffers out, nothing target-specific yet. With
/// `denseArguments`, function arguments are identity-layout buffers
/// (`--slice-dense-arguments`) instead of fully dynamic ones. Unless
/// `writableArguments`, the tensor arguments of public functions are
/// read-only (`--slice-read-only-arguments`). Chains of at least
/// `minChainLength` inserts, and concats of as many operands, are written
/// on buffers before one-shot (`--slice-bufferize-chains`; 0: never).
void addSliceFrontEnd(OpPassManager &pm, SliceLowering slices,
                      bool viaBufferization, bool writableArguments,
                      unsigned minChainLength, bool denseArguments = false);

/// `--slice-to-buffers` without its check of the context: the front end,
/// deallocation (unless `options.deallocate` is false) and the
/// bufferization ops lowered to memref.
void addSliceToBuffers(OpPassManager &pm, const SliceToBuffersOptions &options);

/// `spmd=true`: sharding propagation and partitioning of every function,
/// the collectives lowered to MPI, and the check that nothing else of the
/// shard dialect is left (Spmd.cpp).
void addSpmdPartitioning(OpPassManager &pm);

/// spmd=true, after bufferization: MPI sends from and receives into
/// contiguous views directly (--slice-forward-mpi-buffers).
void addSpmdBufferForwarding(OpPassManager &pm);

/// The dialects and MPI ops' memory effects `spmd=true` needs.
void registerSpmdDependencies(DialectRegistry &registry);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_PIPELINES_PIPELINESTAGES_H
