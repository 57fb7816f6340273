//===- ParallelLoopsToGPU.cpp - Element-wise loops as GPU kernels --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-parallel-loops-to-gpu`: the parallel loops of element-wise ops
// mapped as the copy kernels are (CopiesToGPU.cpp): a 1-D grid of blocks of
// `block-size` threads over the row-major iteration space, one iteration
// per thread, so that consecutive threads take consecutive innermost
// iterations.
//
//===----------------------------------------------------------------------===//

#include "CopyUtils.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Utils/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPARALLELLOOPSTOGPU
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// Whether `loop` is one this pass maps: no mapping yet, no reductions, and
/// not nested in another parallel loop or a launch.
static bool isUnmappedElementwiseLoop(scf::ParallelOp loop) {
  return !loop->hasAttr(gpu::getMappingAttrName()) &&
         loop.getInitVals().empty() &&
         !loop->getParentOfType<scf::ParallelOp>() &&
         !loop->getParentOfType<gpu::LaunchOp>();
}

/// Replaces `loop` by the block/thread nest over its iteration space.
static void mapToBlocksOfThreads(scf::ParallelOp loop, int64_t blockSize) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  ArithIndexBuilder arith(b, loc);
  // The trip count of each dimension, and their product.
  SmallVector<Value> counts;
  OpFoldResult total = b.getIndexAttr(1);
  for (auto [lower, upper, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    // ceil(span / step) for the positive steps of scf.parallel, 0 for an
    // empty span.
    OpFoldResult span = arith.max(arith.sub(upper, lower), arith.constant(0));
    OpFoldResult count = arith.divTrunc(
        arith.add(span, arith.sub(step, arith.constant(1))), step);
    counts.push_back(getValueOrCreateConstantIndexOp(b, loc, count));
    total = arith.mul(total, count);
  }
  Value elements = getValueOrCreateConstantIndexOp(b, loc, total);
  auto emitNest = [&](OpBuilder &nb, Location nl) {
    emitBlocksOfThreads(
        nb, nl, elements, blockSize,
        [&](OpBuilder &ib, Location il, Value element) {
          // Row-major delinearization of the element.
          IRMapping mapping;
          Value rest = element;
          for (int64_t d = (int64_t)counts.size() - 1; d >= 0; --d) {
            Value index = rest;
            if (d > 0) {
              index = ib.createOrFold<arith::RemUIOp>(il, rest, counts[d]);
              rest = ib.createOrFold<arith::DivUIOp>(il, rest, counts[d]);
            }
            Value iv = ib.createOrFold<arith::AddIOp>(
                il, loop.getLowerBound()[d],
                ib.createOrFold<arith::MulIOp>(il, index, loop.getStep()[d]));
            mapping.map(loop.getInductionVars()[d], iv);
          }
          for (Operation &op : loop.getBody()->without_terminator())
            ib.clone(op, mapping);
        });
  };
  // A grid of no blocks is a launch error: an empty loop launches nothing.
  OpFoldResult nonEmpty =
      arith.logicalNot(arith.equal(total, arith.constant(0)));
  if (getConstantBool(nonEmpty) == false) {
    loop.erase();
    return;
  }
  emitIf(b, loc, nonEmpty, emitNest, [](OpBuilder &, Location) {});
  loop.erase();
}

namespace {
struct SliceParallelLoopsToGPUPass
    : mlir::slice::impl::SliceParallelLoopsToGPUBase<
          SliceParallelLoopsToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      mlir::emitError(getOperation().getLoc())
          << "slice-parallel-loops-to-gpu: block-size must be 1 to 1024, got "
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isUnmappedElementwiseLoop(loop))
        loops.push_back(loop);
    });
    for (scf::ParallelOp loop : loops)
      mapToBlocksOfThreads(loop, blockSize);
  }
};
} // namespace
