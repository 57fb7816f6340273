//===- ThreadGrid.h - Grids of blocks of threads ----------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen's GPU passes: the 1-D grids of blocks of threads
// (scf.parallel loops mapped to block_x and thread_x) that copies and
// element-wise kernels run on.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_GPU_THREADGRID_H
#define SLICE_LIB_CODEGEN_GPU_THREADGRID_H

#include "mlir/IR/Builders.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
namespace slice {
namespace detail {

/// Emits a 1-D grid of `blocks` blocks of `blockSize` threads (two
/// `scf.parallel` loops mapped to block_x and thread_x): `body` runs for
/// each (block, thread).
void emitBlockGrid(
    OpBuilder &b, Location loc, Value blocks, int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value, Value)> body);

/// `ceil(count / blockSize)`: the blocks that cover `count` items.
Value blocksFor(OpBuilder &b, Location loc, Value count, int64_t blockSize);

/// Emits the 1-D grid of blocks of `blockSize` threads over `count` items
/// (two `scf.parallel` loops mapped to block_x and thread_x): `body` runs
/// for item `block * blockSize + thread`, guarded by `item < count`.
void emitBlocksOfThreads(
    OpBuilder &b, Location loc, Value count, int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value)> body);

/// In a block of `blockSize` threads, `body` for item `block * blockSize +
/// thread` when it is below `count`.
void emitItemOfBlock(
    OpBuilder &b, Location loc, Value block, Value thread, Value count,
    int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value)> body);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_GPU_THREADGRID_H
