//===- ParallelElementwise.cpp - Element-wise loops on threads ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-parallel-elementwise` (Passes.td): the element-wise linalg ops on
// buffers whose result holds at least parallel-bytes run their outermost
// loop in chunks on threads (scf.parallel, for --convert-scf-to-openmp), as
// the copies do past the same threshold; smaller ones stay on the calling
// thread. The choice is made at run time, on the result's sizes.
//
//===----------------------------------------------------------------------===//

#include "CopyRuns.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPARALLELELEMENTWISE
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// Whether `op` computes each element of its one result on its own: all
/// loops parallel, the result indexed by the identity, no linalg.index
/// (whose values chunks would shift).
static bool isElementwiseOnBuffers(linalg::GenericOp op) {
  return op.hasPureBufferSemantics() && op.getNumLoops() > 0 &&
         op.getNumLoops() == op.getNumParallelLoops() &&
         op.getNumDpsInits() == 1 &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() &&
         op.getBody()->getOps<linalg::IndexOp>().empty() &&
         !op->getParentOfType<scf::ParallelOp>();
}

/// `op` on rows [start, start + count) of its outermost loop: every operand
/// that loop indexes is cut to those rows.
static void cloneOnRows(OpBuilder &builder, Location loc, linalg::GenericOp op,
                        Value start, Value count) {
  IRMapping mapping;
  OpFoldResult one = builder.getIndexAttr(1);
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !map.isFunctionOfDim(0))
      continue;
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      strides.push_back(one);
      if (expr.isFunctionOfDim(0)) {
        offsets.push_back(start);
        sizes.push_back(count);
        continue;
      }
      offsets.push_back(builder.getIndexAttr(0));
      sizes.push_back(memref::getMixedSize(builder, loc, operand.get(), dim));
    }
    mapping.map(operand.get(),
                memref::SubViewOp::create(builder, loc, operand.get(), offsets,
                                          sizes, strides)
                    .getResult());
  }
  builder.clone(*op, mapping);
}

/// Replaces `op` by a choice at run time: rows in chunks on threads when its
/// result holds at least `parallelBytes`, the op as it was otherwise.
static void parallelize(linalg::GenericOp op, int64_t parallelBytes) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value result = op.getDpsInits().front();
  auto type = cast<MemRefType>(result.getType());
  int64_t elementBytes =
      std::max<int64_t>(1, llvm::divideCeil(type.getElementTypeBitWidth(), 8));
  ArithIndexBuilder arith(builder, loc);
  OpFoldResult rows = memref::getMixedSize(builder, loc, result, 0);
  OpFoldResult rowElements = builder.getIndexAttr(1);
  for (int64_t dim = 1; dim < type.getRank(); ++dim)
    rowElements =
        arith.mul(rowElements, memref::getMixedSize(builder, loc, result, dim));
  OpFoldResult rowBytes =
      arith.mul(rowElements, builder.getIndexAttr(elementBytes));
  Value bytes = arith.materialize(arith.mul(rows, rowBytes));
  Value enough = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::sge, bytes,
      arith::ConstantIndexOp::create(builder, loc, parallelBytes));
  auto choice = scf::IfOp::create(builder, loc, enough, /*withElse=*/true);

  // Chunks of a 64th of the rows, of 16 KiB to 1 MiB where rows allow
  // (the copies' chunks, CopyRuns.h).
  builder.setInsertionPointToStart(choice.thenBlock());
  ArithIndexBuilder inside(builder, loc);
  OpFoldResult safeRowBytes = inside.max(rowBytes, builder.getIndexAttr(1));
  OpFoldResult chunk = inside.divTrunc(
      inside.add(rows, builder.getIndexAttr(kParallelChunkPieces - 1)),
      builder.getIndexAttr(kParallelChunkPieces));
  chunk = inside.max(
      chunk, inside.divTrunc(
                 inside.add(builder.getIndexAttr(kMinParallelChunkBytes - 1),
                            safeRowBytes),
                 safeRowBytes));
  chunk = inside.min(
      chunk,
      inside.max(builder.getIndexAttr(1),
                 inside.divTrunc(builder.getIndexAttr(kMaxParallelChunkBytes),
                                 safeRowBytes)));
  Value step = inside.materialize(chunk);
  Value total = inside.materialize(rows);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  scf::ParallelOp::create(builder, loc, zero, total, step,
                          [&](OpBuilder &nb, Location nl, ValueRange ivs) {
                            Value start = ivs.front();
                            Value count = arith::MinSIOp::create(
                                nb, nl, step,
                                arith::SubIOp::create(nb, nl, total, start));
                            cloneOnRows(nb, nl, op, start, count);
                          });
  builder.setInsertionPointToStart(choice.elseBlock());
  builder.clone(*op);
  op.erase();
}

namespace {
struct SliceParallelElementwisePass
    : mlir::slice::impl::SliceParallelElementwiseBase<
          SliceParallelElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    if (parallelBytes < 0)
      return;
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if (isElementwiseOnBuffers(op))
        ops.push_back(op);
    });
    for (linalg::GenericOp op : ops)
      parallelize(op, parallelBytes);
  }
};
} // namespace
