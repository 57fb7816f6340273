//===- BlockTransposes.cpp - Transposes in cache-sized blocks -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-block-transposes` (Passes.td): an element-wise op on buffers
// that reads an input across its rows (`x[::2, ::-1].T` copied: the
// innermost loop walks the input's outer dimension) runs in square blocks
// of the two loops involved, so that the rows of the input a block reads
// stay in cache while the block's writes go out whole. As one loop nest,
// each element read is a cache line fetched from memory.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Reductions.h"
#include "../Utils/ViewOverlap.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEBLOCKTRANSPOSES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// The side of a block: 32 f32 rows of 128 bytes read, 32 written, 8 KiB
/// in all, well inside L1.
static constexpr int64_t kBlock = 32;

/// Whether `op` reads `input` across its rows: the innermost loop moves
/// it along a dimension other than its last (a transposed read).
static bool readsAcross(linalg::LinalgOp op, OpOperand &input, unsigned inner) {
  auto type = dyn_cast<MemRefType>(input.get().getType());
  AffineMap map = op.getMatchingIndexingMap(&input);
  if (!type || type.getRank() < 2 || !map.isProjectedPermutation())
    return false;
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return last && last.getPosition() != inner &&
         llvm::any_of(map.getResults(), [&](AffineExpr expr) {
           return cast<AffineDimExpr>(expr).getPosition() == inner;
         });
}

/// For an element-wise op on buffers whose innermost loop moves some input
/// along a dimension other than its last (a transposed read), the loop
/// that moves that input along its last dimension.
static std::optional<unsigned> acrossLoop(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  if (!op.hasPureBufferSemantics() || numLoops < 2 ||
      op.getNumParallelLoops() != numLoops || op.getNumDpsInits() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      op.hasIndexSemantics())
    return std::nullopt;
  // Blocks change the order elements are written in: no input may view
  // elements of the result other than the one it computes.
  if (!readsApartFromWrites(op, /*inPlace=*/true))
    return std::nullopt;
  unsigned inner = numLoops - 1;
  for (OpOperand *input : op.getDpsInputOperands())
    if (readsAcross(op, *input, inner))
      return cast<AffineDimExpr>(
                 op.getMatchingIndexingMap(input).getResults().back())
          .getPosition();
  return std::nullopt;
}

/// Prefetches, for each input `op` reads across its rows, the lines the
/// next block along `across` will read: a block reads kBlock rows of the
/// input at once, each a stream of its own, more than the hardware
/// prefetchers follow, so that each line would otherwise wait on memory
/// (tanh(relu(x[a:b:-3, c:d:-3]).T) copied: 3.1 ms, NumPy 3.2). One
/// prefetch a cache line of each row, the line's elements apart at the
/// row's inner stride.
static void prefetchNextBlock(OpBuilder &b, Location loc, linalg::LinalgOp op,
                              unsigned inner, unsigned across,
                              ArrayRef<Value> starts, ArrayRef<Value> sizes,
                              OpFoldResult acrossSize) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value side = arith::ConstantIndexOp::create(b, loc, kBlock);
  Value next = arith::AddIOp::create(b, loc, starts[across], side);
  Value count = arith::MinSIOp::create(
      b, loc, side,
      arith::SubIOp::create(
          b, loc, getValueOrCreateConstantIndexOp(b, loc, acrossSize), next));
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!readsAcross(op, *input, inner))
      continue;
    auto type = cast<MemRefType>(input->get().getType());
    int64_t lineElements = std::max<int64_t>(
        1, 64 * 8 / std::max<int64_t>(8, type.getElementTypeBitWidth()));
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      continue;
    Value stride =
        ShapedType::isDynamic(strides.back())
            ? memref::ExtractStridedMetadataOp::create(b, loc, input->get())
                  .getStrides()
                  .back()
            : arith::ConstantIndexOp::create(b, loc, strides.back())
                  .getResult();
    // Elements of a row a line apart: lineElements / |stride|, at least 1.
    Value magnitude = arith::MaxSIOp::create(
        b, loc, stride, arith::SubIOp::create(b, loc, zero, stride));
    Value step = arith::MaxSIOp::create(
        b, loc, one,
        arith::DivSIOp::create(
            b, loc, arith::ConstantIndexOp::create(b, loc, lineElements),
            arith::MaxSIOp::create(b, loc, magnitude, one)));
    AffineMap map = op.getMatchingIndexingMap(input);
    scf::ForOp::create(
        b, loc, zero, sizes[inner], one, ValueRange{},
        [&](OpBuilder &rb, Location rl, Value row, ValueRange) {
          scf::ForOp::create(
              rb, rl, zero, count, step, ValueRange{},
              [&](OpBuilder &cb, Location cl, Value column, ValueRange) {
                SmallVector<Value> indices;
                for (AffineExpr expr : map.getResults()) {
                  unsigned loop = cast<AffineDimExpr>(expr).getPosition();
                  if (loop == inner)
                    indices.push_back(
                        arith::AddIOp::create(cb, cl, starts[inner], row));
                  else if (loop == across)
                    indices.push_back(
                        arith::AddIOp::create(cb, cl, next, column));
                  else
                    indices.push_back(starts[loop]);
                }
                memref::PrefetchOp::create(cb, cl, input->get(), indices,
                                           /*isWrite=*/false,
                                           /*localityHint=*/3,
                                           /*isDataCache=*/true);
                scf::YieldOp::create(cb, cl);
              });
          scf::YieldOp::create(rb, rl);
        });
  }
}

/// Runs `op` in blocks of kBlock x kBlock of the loops `across` and the
/// innermost one, each other loop one step at a time: a copy of `op` on
/// subviews of its operands per block.
static void block(linalg::LinalgOp op, unsigned across) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  unsigned numLoops = op.getNumLoops();
  unsigned inner = numLoops - 1;
  SmallVector<Range> ranges = op.createLoopRanges(b, loc);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value side = arith::ConstantIndexOp::create(b, loc, kBlock);
  SmallVector<Value> starts(numLoops), sizes(numLoops);
  // The other loops outermost, in their order, then the blocks of the
  // innermost loop (the input's rows: read in order), then those of
  // `across` (the result's rows).
  SmallVector<unsigned> order;
  for (unsigned loop = 0; loop < numLoops; ++loop)
    if (loop != across && loop != inner)
      order.push_back(loop);
  order.push_back(inner);
  order.push_back(across);
  std::function<void(OpBuilder &, unsigned)> nest = [&](OpBuilder &nb,
                                                        unsigned depth) {
    if (depth == numLoops) {
      SmallVector<Value> operands;
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        if (!type) {
          operands.push_back(operand.get());
          continue;
        }
        AffineMap map = op.getMatchingIndexingMap(&operand);
        SmallVector<OpFoldResult> offsets, subSizes, strides;
        for (AffineExpr expr : map.getResults()) {
          unsigned position = cast<AffineDimExpr>(expr).getPosition();
          offsets.push_back(starts[position]);
          subSizes.push_back(sizes[position]);
          strides.push_back(nb.getIndexAttr(1));
        }
        operands.push_back(memref::SubViewOp::create(
            nb, loc, operand.get(), offsets, subSizes, strides));
      }
      prefetchNextBlock(nb, loc, op, inner, across, starts, sizes,
                        ranges[across].size);
      Operation *copy = nb.clone(*op);
      copy->setOperands(operands);
      return;
    }
    unsigned loop = order[depth];
    Value size = getValueOrCreateConstantIndexOp(nb, loc, ranges[loop].size);
    bool blocked = loop == across || loop == inner;
    Value step = blocked ? side : one;
    auto forOp = scf::ForOp::create(nb, loc, zero, size, step);
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointToStart(forOp.getBody());
    starts[loop] = forOp.getInductionVar();
    sizes[loop] = blocked
                      ? arith::MinSIOp::create(
                            nb, loc, side,
                            arith::SubIOp::create(nb, loc, size, starts[loop]))
                            .getResult()
                      : one;
    nest(nb, depth + 1);
  };
  nest(b, 0);
  op->erase();
}

namespace {
struct SliceBlockTransposesPass
    : mlir::slice::impl::SliceBlockTransposesBase<SliceBlockTransposesPass> {
  void runOnOperation() override {
    SmallVector<linalg::TransposeOp> transposes;
    getOperation()->walk([&](linalg::TransposeOp op) {
      if (op.hasPureBufferSemantics())
        transposes.push_back(op);
    });
    for (linalg::TransposeOp op : transposes)
      (void)namedAsGeneric(op);
    SmallVector<std::pair<linalg::LinalgOp, unsigned>> ops;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (std::optional<unsigned> across = acrossLoop(op))
        ops.push_back({op, *across});
    });
    for (auto [op, across] : ops)
      block(op, across);
    if (transposes.empty() && ops.empty())
      markAllAnalysesPreserved();
  }
};
} // namespace
