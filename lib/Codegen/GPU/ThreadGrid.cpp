//===- ThreadGrid.cpp - Grids of blocks of threads ------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ThreadGrid.h"
#include "../Utils/StridedMemRef.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace mlir {
namespace slice {
namespace detail {

Value blocksFor(OpBuilder &b, Location loc, Value count, int64_t blockSize) {
  // (count + blockSize - 1) / blockSize: counts stay below 2^62.
  return b.createOrFold<arith::DivUIOp>(
      loc,
      b.createOrFold<arith::AddIOp>(
          loc, count, arith::ConstantIndexOp::create(b, loc, blockSize - 1)),
      arith::ConstantIndexOp::create(b, loc, blockSize));
}

void emitBlockGrid(
    OpBuilder &b, Location loc, Value blocks, int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value, Value)> body) {
  Value size = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0),
        one = arith::ConstantIndexOp::create(b, loc, 1);
  MLIRContext *context = b.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, context);
  auto mapTo = [&](gpu::Processor processor) {
    return gpu::ParallelLoopDimMappingAttr::get(context, processor, identity,
                                                identity);
  };
  auto grid = scf::ParallelOp::create(
      b, loc, zero, blocks, one,
      [&](OpBuilder &gb, Location gl, ValueRange blockIds) {
        auto threads = scf::ParallelOp::create(
            gb, gl, zero, size, one,
            [&](OpBuilder &tb, Location tl, ValueRange threadIds) {
              body(tb, tl, blockIds.front(), threadIds.front());
            });
        (void)gpu::setMappingAttr(threads, {mapTo(gpu::Processor::ThreadX)});
      });
  (void)gpu::setMappingAttr(grid, {mapTo(gpu::Processor::BlockX)});
}

void emitItemOfBlock(
    OpBuilder &b, Location loc, Value block, Value thread, Value count,
    int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value)> body) {
  Value size = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value item = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, block, size), thread);
  Value inside =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, item, count);
  scf::IfOp::create(b, loc, inside, [&](OpBuilder &ib, Location il) {
    body(ib, il, item);
    scf::YieldOp::create(ib, il);
  });
}

void emitBlocksOfThreads(
    OpBuilder &b, Location loc, Value count, int64_t blockSize,
    llvm::function_ref<void(OpBuilder &, Location, Value)> body) {
  emitBlockGrid(b, loc, blocksFor(b, loc, count, blockSize), blockSize,
                [&](OpBuilder &tb, Location tl, Value block, Value thread) {
                  emitItemOfBlock(tb, tl, block, thread, count, blockSize,
                                  body);
                });
}

} // namespace detail
} // namespace slice
} // namespace mlir
