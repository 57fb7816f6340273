//===- FuseRows.cpp - Ops that share their row loop, one row at a time ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-fuse-rows` (Passes.td): softmax on buffers is four loop nests
// over the whole input (the row maxima, exp(x - max), the row sums, the
// division), each streaming the matrix through memory. Run one row at a
// time, the row stays in cache from the first op to the last: the input is
// read once and the result written once. Upstream's element-wise fusion
// stops at the reduction; this pass fuses what follows it on the outer
// loop they share.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Reductions.h"
#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFUSEROWS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

namespace {
/// How an operand of a row-fusable op uses the outer loop.
enum class RowUse {
  /// Its first dimension is the outer loop, which indexes nothing else.
  Indexed,
  /// The outer loop indexes none of its dimensions (a broadcast, a scalar).
  Invariant,
  /// Anything else.
  Other
};
} // namespace

static RowUse getRowUse(linalg::LinalgOp op, OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  AffineExpr row = getAffineDimExpr(0, op.getContext());
  if (!map.isFunctionOfDim(0))
    return RowUse::Invariant;
  if (map.getNumResults() == 0 || map.getResult(0) != row)
    return RowUse::Other;
  for (AffineExpr expr : map.getResults().drop_front())
    if (expr.isFunctionOfDim(0))
      return RowUse::Other;
  return RowUse::Indexed;
}

/// Whether `op`, on one row, is a step `--slice-rows-to-gpu` runs: at most
/// one loop left, each memref operand read through the identity of the
/// loops left or not indexed by them, a reduction by one combiner.
static bool isKernelStep(linalg::LinalgOp op) {
  if (op.getNumLoops() > 2)
    return false;
  unsigned inner = op.getNumLoops() - 1;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    ArrayRef<AffineExpr> rest =
        op.getMatchingIndexingMap(&operand).getResults();
    if (getRowUse(op, operand) == RowUse::Indexed)
      rest = rest.drop_front();
    if (!rest.empty() &&
        !(inner == 1 && rest.size() == 1 &&
          rest.front() == getAffineDimExpr(1, op.getContext())))
      return false;
  }
  if (op.getNumReductionLoops() == 0)
    return true;
  std::optional<SmallVector<Operation *>> combiners = rowCombiners(op);
  return combiners && combiners->size() == 1;
}

/// Whether `op` may run one row (iteration of its outer loop) at a time:
/// on buffers, the outer loop parallel, each memref operand indexed by it
/// in its first dimension or not at all, no linalg.index.
static bool isRowOp(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() < 1 ||
      op.getIteratorTypesArray().front() != utils::IteratorType::parallel ||
      op.hasIndexSemantics() || op->getNumRegions() != 1)
    return false;
  bool indexed = false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    RowUse use = getRowUse(op, operand);
    if (use == RowUse::Other)
      return false;
    indexed |= use == RowUse::Indexed;
  }
  return indexed;
}

/// The operand dimension that gives `op`'s outer loop its extent.
static std::pair<Value, int64_t> getRowExtent(linalg::LinalgOp op) {
  for (OpOperand &operand : op->getOpOperands())
    if (isa<MemRefType>(operand.get().getType()) &&
        getRowUse(op, operand) == RowUse::Indexed)
      return {operand.get(), 0};
  return {Value(), 0};
}

static bool haveSameRows(linalg::LinalgOp a, linalg::LinalgOp b) {
  auto [valueA, dimA] = getRowExtent(a);
  auto [valueB, dimB] = getRowExtent(b);
  if (!valueA || !valueB)
    return false;
  int64_t sizeA = cast<MemRefType>(valueA.getType()).getDimSize(dimA);
  int64_t sizeB = cast<MemRefType>(valueB.getType()).getDimSize(dimB);
  if (!ShapedType::isDynamic(sizeA) && !ShapedType::isDynamic(sizeB))
    return sizeA == sizeB;
  FailureOr<bool> equal = ValueBoundsConstraintSet::areEqual(
      ValueBoundsConstraintSet::Variable(valueA, dimA),
      ValueBoundsConstraintSet::Variable(valueB, dimB));
  return succeeded(equal) && *equal;
}

/// The most ops one run fuses.
static constexpr size_t kMaxRunLength = 16;

/// Whether row `r` of `later` may run right after row `r` of `earlier`
/// (instead of after all rows of it): what one writes and the other
/// touches is apart, or the same buffer indexed by the row in both.
static bool mayInterleaveRows(linalg::LinalgOp earlier,
                              linalg::LinalgOp later) {
  auto conflicts = [](linalg::LinalgOp writer, linalg::LinalgOp other) {
    for (OpOperand &written : writer.getDpsInitsMutable()) {
      for (OpOperand &touched : other->getOpOperands()) {
        if (!isa<MemRefType>(touched.get().getType()) ||
            getRootBuffer(written.get()) != getRootBuffer(touched.get()))
          continue;
        ViewOverlap overlap = compareViews(written.get(), touched.get());
        if (overlap == ViewOverlap::Disjoint)
          continue;
        if (overlap == ViewOverlap::Same &&
            getRowUse(writer, written) == RowUse::Indexed &&
            getRowUse(other, touched) == RowUse::Indexed)
          continue;
        return true;
      }
    }
    return false;
  };
  return !conflicts(earlier, later) && !conflicts(later, earlier);
}

/// A row-sized buffer for `alloc` when every use of it is an operand of
/// `group` indexed by the row, or a deallocation after the group: the
/// rows never meet, so one row's worth of memory holds them in turn.
static bool isRowPrivate(memref::AllocOp alloc,
                         ArrayRef<linalg::LinalgOp> group) {
  Operation *last = group.back();
  for (OpOperand &use : alloc->getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::DeallocOp>(user)) {
      if (user->getBlock() != last->getBlock() || !last->isBeforeInBlock(user))
        return false;
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (!linalgOp || !llvm::is_contained(group, linalgOp) ||
        getRowUse(linalgOp, use) != RowUse::Indexed)
      return false;
  }
  return true;
}

/// `op` on one row: the row views of its indexed operands (or their
/// row-sized buffers; one view of each buffer a row, in `rowViews`), the
/// outer loop dropped from its maps.
static void emitRowOp(OpBuilder &b, linalg::LinalgOp op, Value row,
                      const DenseMap<Value, Value> &rowBuffers,
                      DenseMap<Value, Value> &rowViews) {
  Location loc = op.getLoc();
  SmallVector<Value> operands;
  SmallVector<AffineMap> maps;
  llvm::SmallBitVector outer(op.getNumLoops());
  outer.set(0);
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    Value value = operand.get();
    if (isa<MemRefType>(value.getType()) &&
        getRowUse(op, operand) == RowUse::Indexed) {
      map = map.dropResult(0);
      // One view a row of each buffer, whatever casts it is seen through.
      while (auto cast = value.getDefiningOp<memref::CastOp>())
        value = cast.getSource();
      if (Value buffer = rowBuffers.lookup(value)) {
        value = buffer;
      } else if (Value view = rowViews.lookup(value)) {
        value = view;
      } else {
        Value whole = value;
        auto type = cast<MemRefType>(value.getType());
        SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
        offsets[0] = row;
        SmallVector<OpFoldResult> sizes = memref::getMixedSizes(b, loc, value);
        sizes[0] = b.getIndexAttr(1);
        SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
        MemRefType rowType = memref::SubViewOp::inferRankReducedResultType(
            type.getShape().drop_front(), type, offsets, sizes, strides);
        value = memref::SubViewOp::create(b, loc, rowType, value, offsets,
                                          sizes, strides);
        rowViews[whole] = value;
      }
    }
    operands.push_back(value);
    maps.push_back(compressDims(map, outer));
  }
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  iterators.erase(iterators.begin());
  unsigned numInputs = op.getNumDpsInputs();
  auto rowOp = linalg::GenericOp::create(
      b, loc, TypeRange{}, ArrayRef(operands).take_front(numInputs),
      ArrayRef(operands).drop_front(numInputs), maps, iterators);
  IRMapping mapping;
  op->getRegion(0).cloneInto(&rowOp.getRegion(), mapping);
}

/// Replaces `group` (consecutive ops, `between` the pure ops among them)
/// by one loop over their rows.
static void fuseRows(ArrayRef<linalg::LinalgOp> group,
                     ArrayRef<Operation *> between) {
  Operation *first = group.front();
  for (Operation *op : between)
    op->moveBefore(first);
  OpBuilder b(first);
  Location loc = first->getLoc();

  // Buffers only the group uses, row by row: one row of each.
  DenseMap<Value, Value> rowBuffers;
  SmallVector<memref::AllocOp> privatized;
  for (linalg::LinalgOp op : group) {
    for (OpOperand &operand : op->getOpOperands()) {
      auto alloc = operand.get().getDefiningOp<memref::AllocOp>();
      if (!alloc || rowBuffers.count(alloc) || !isRowPrivate(alloc, group))
        continue;
      MemRefType type = alloc.getType();
      auto rowType =
          MemRefType::get(type.getShape().drop_front(), type.getElementType());
      SmallVector<Value> sizes;
      auto dynamicSizes = alloc.getDynamicSizes();
      unsigned next = ShapedType::isDynamic(type.getDimSize(0)) ? 1 : 0;
      for (int64_t size : type.getShape().drop_front())
        if (ShapedType::isDynamic(size))
          sizes.push_back(dynamicSizes[next++]);
      rowBuffers[alloc] = memref::AllocOp::create(b, loc, rowType, sizes,
                                                  alloc.getAlignmentAttr());
      privatized.push_back(alloc);
    }
  }

  // The number of rows, from a buffer that stays.
  OpFoldResult rows;
  for (linalg::LinalgOp op : group) {
    auto [value, dim] = getRowExtent(op);
    int64_t size = cast<MemRefType>(value.getType()).getDimSize(dim);
    if (!ShapedType::isDynamic(size)) {
      rows = b.getIndexAttr(size);
      break;
    }
    if (!rowBuffers.count(value)) {
      rows = memref::DimOp::create(b, loc, value, dim).getResult();
      break;
    }
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, getValueOrCreateConstantIndexOp(b, loc, rows), one);
  {
    OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
    DenseMap<Value, Value> rowViews;
    for (linalg::LinalgOp op : group)
      emitRowOp(inner, op, loop.getInductionVar(), rowBuffers, rowViews);
  }
  for (linalg::LinalgOp op : group)
    op->erase();
  // The row buffers are freed where the buffers they stand for were.
  for (memref::AllocOp alloc : privatized) {
    Value rowBuffer = rowBuffers.lookup(alloc);
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
      OpBuilder at(user);
      memref::DeallocOp::create(at, user->getLoc(), rowBuffer);
      user->erase();
    }
    alloc->erase();
  }
}

/// Whether a group is worth a loop: a reduction and something else that
/// computes (a fill alone computes nothing).
static bool isWorthFusing(ArrayRef<linalg::LinalgOp> group, bool lone) {
  auto reduces = [](linalg::LinalgOp op) {
    return op.getNumReductionLoops() > 0;
  };
  auto computes = [](linalg::LinalgOp op) { return !isa<linalg::FillOp>(op); };
  return llvm::any_of(group, reduces) &&
         llvm::count_if(group, computes) >= (lone ? 1 : 2);
}

namespace {
struct FuseRows : public slice::impl::SliceFuseRowsBase<FuseRows> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    SliceFuseRowsBase::getDependentDialects(registry);
    affine::registerValueBoundsOpInterfaceExternalModels(registry);
    arith::registerValueBoundsOpInterfaceExternalModels(registry);
    memref::registerValueBoundsOpInterfaceExternalModels(registry);
    scf::registerValueBoundsOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    // For the GPU: a copy between buffers joins a run as the linalg.copy
    // it is (the copy of a fill that bufferization makes for a second
    // reduction into one initial value).
    SmallVector<linalg::CopyOp> madeCopies;
    if (lone) {
      getOperation().walk([&](memref::CopyOp copy) {
        auto source = dyn_cast<MemRefType>(copy.getSource().getType());
        auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
        if (!source || !target || source.getRank() == 0 ||
            source.getShape() != target.getShape() ||
            source.hasStaticShape() != target.hasStaticShape())
          return;
        OpBuilder b(copy);
        madeCopies.push_back(linalg::CopyOp::create(
            b, copy.getLoc(), copy.getSource(), copy.getTarget()));
        copy->erase();
      });
    }
    DenseSet<Operation *> fused;
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks) {
      // The run so far, the pure ops between its ops, and those after its
      // last op (between only if another op joins).
      // Fused once the block is scanned: fusing erases the deallocations
      // of the buffers it shrinks, which the scan may be about to visit.
      SmallVector<linalg::LinalgOp> group;
      SmallVector<Operation *> between, pending;
      SmallVector<
          std::pair<SmallVector<linalg::LinalgOp>, SmallVector<Operation *>>>
          runs;
      auto finish = [&] {
        if (group.size() >= (lone ? 1 : 2) && isWorthFusing(group, lone))
          runs.push_back({group, between});
        group.clear();
        between.clear();
        pending.clear();
      };
      for (Operation &op : *block) {
        auto linalgOp = dyn_cast<linalg::LinalgOp>(&op);
        if (linalgOp && isRowOp(linalgOp) &&
            (!lone || isKernelStep(linalgOp))) {
          // A run is checked op against op: bounded, so that a body of
          // thousands of row ops costs linear time (a 1024-way concat's
          // parts took 21 s); a longer run gains no more reuse of a row.
          bool fits = !group.empty() && group.size() < kMaxRunLength &&
                      haveSameRows(group.front(), linalgOp) &&
                      llvm::all_of(
                          group,
                          [&](linalg::LinalgOp earlier) {
                            return mayInterleaveRows(earlier, linalgOp);
                          });
          if (!fits)
            finish();
          llvm::append_range(between, pending);
          pending.clear();
          group.push_back(linalgOp);
          continue;
        }
        // Pure ops, and allocations (of a buffer for a later op of the
        // run: moving one up only lengthens its life), go before the loop.
        bool pure = isMemoryEffectFree(&op) && op.getNumRegions() == 0 &&
                    !op.hasTrait<OpTrait::IsTerminator>();
        if (!group.empty() && (pure || isa<memref::AllocOp>(op))) {
          pending.push_back(&op);
          continue;
        }
        finish();
      }
      finish();
      for (auto &[run, pure] : runs) {
        for (linalg::LinalgOp op : run)
          fused.insert(op);
        fuseRows(run, pure);
      }
    }
    // The copies no run took are memref.copy again.
    for (linalg::CopyOp copy : madeCopies) {
      if (fused.contains(copy))
        continue;
      OpBuilder b(copy);
      memref::CopyOp::create(b, copy.getLoc(), copy.getInputs().front(),
                             copy.getOutputs().front());
      copy->erase();
    }
    if (madeCopies.empty() && fused.empty())
      markAllAnalysesPreserved();
  }
};
} // namespace
