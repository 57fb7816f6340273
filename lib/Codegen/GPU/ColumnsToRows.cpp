//===- ColumnsToRows.cpp - Column reductions as rows of transposed views --===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-columns-to-rows` (Passes.td): on the GPU route a reduction over
// the outer dimension of a matrix (`y.sum(0)`, the means of
// `y - y.mean(0)`) kept its reduction loop outside its parallel one: a
// host loop of one launch per row, each adding a row into the column sums
// in global memory. The same ops over transposed views (`memref.transpose`,
// no copy) have the columns as their outer, parallel loop, which
// `--slice-fuse-rows` and `--slice-rows-to-gpu` turn into one launch whose
// blocks own columns.
//
//===----------------------------------------------------------------------===//

#include "../Utils/StridedMemRef.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECOLUMNSTOROWS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice::detail;

/// Whether `op` is a 2-loop op on buffers whose memref operands are read
/// through projected permutations (no linalg.index, one region).
static bool isPlain2D(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() != 2 ||
      op.hasIndexSemantics() || op->getNumRegions() != 1)
    return false;
  return llvm::all_of(op->getOpOperands(), [&](OpOperand &operand) {
    return !isa<MemRefType>(operand.get().getType()) ||
           op.getMatchingIndexingMap(&operand).isProjectedPermutation();
  });
}

/// A reduction over the outer loop only: `(d0, d1)` reduction, parallel.
static bool isColumnReduction(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return isPlain2D(op) && iterators[0] == utils::IteratorType::reduction &&
         iterators[1] == utils::IteratorType::parallel;
}

/// Whether `op` reads one of `columns` (buffers of one value per column)
/// broadcast down the rows: an element-wise consumer of column results.
static bool readsColumns(linalg::LinalgOp op,
                         const llvm::SmallPtrSetImpl<Value> &columns) {
  if (!isPlain2D(op) || op.getNumReductionLoops() != 0)
    return false;
  AffineMap column = AffineMap::get(2, 0, getAffineDimExpr(1, op.getContext()));
  return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *operand) {
    return op.getMatchingIndexingMap(operand) == column &&
           columns.contains(getRootBuffer(operand->get()));
  });
}

/// `op` with its loops swapped and each 2-D operand read through its
/// transposed view: the columns become the outer loop, each operand's
/// first dimension where it was indexed by rows and columns in order.
static void transposeLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                           DenseMap<Value, Value> &transposes,
                           DominanceInfo &dominance) {
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return;
    generic = *generalized;
  }
  FailureOr<linalg::GenericOp> swapped =
      linalg::interchangeGenericOp(rewriter, generic, ArrayRef<unsigned>{1, 0});
  if (failed(swapped))
    return;
  generic = *swapped;
  MLIRContext *context = rewriter.getContext();
  AffineMap swap =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, context);
  AffineMap identity = AffineMap::getMultiDimIdentityMap(2, context);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap &map = maps[operand.getOperandNumber()];
    if (map != swap)
      continue;
    // A row-major operand, now read (column, row): its transposed view
    // (one per buffer, where it serves every op after it), read through
    // the identity.
    Value &transposed = transposes[operand.get()];
    if (!transposed || !dominance.properlyDominates(transposed, generic)) {
      rewriter.setInsertionPoint(generic);
      transposed = memref::TransposeOp::create(
          rewriter, generic.getLoc(), operand.get(), AffineMapAttr::get(swap));
    }
    rewriter.modifyOpInPlace(generic, [&] { operand.set(transposed); });
    map = identity;
  }
  rewriter.modifyOpInPlace(generic, [&] {
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
}

namespace {
struct ColumnsToRows
    : public slice::impl::SliceColumnsToRowsBase<ColumnsToRows> {
  using Base::Base;

  void runOnOperation() override {
    // The column reductions, then (in order) the element-wise ops that read
    // their results broadcast, and the 1-D ops in between (a mean from a
    // sum), whose results are column results too.
    llvm::SmallPtrSet<Value, 8> columns;
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (isColumnReduction(op)) {
        ops.push_back(op);
        for (Value init : op.getDpsInits())
          columns.insert(getRootBuffer(init));
        return;
      }
      if (op.hasPureBufferSemantics() && op.getNumLoops() == 1 &&
          llvm::any_of(op.getDpsInputs(), [&](Value input) {
            return columns.contains(getRootBuffer(input));
          })) {
        for (Value init : op.getDpsInits())
          columns.insert(getRootBuffer(init));
        return;
      }
      if (readsColumns(op, columns))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    DenseMap<Value, Value> transposes;
    DominanceInfo dominance(getOperation());
    for (linalg::LinalgOp op : ops)
      transposeLoops(rewriter, op, transposes, dominance);
  }
};
} // namespace
