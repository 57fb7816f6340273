//===- SpmdPasses.cpp - Per-process code for sharded functions ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The passes `--slice-to-llvm="spmd=true"` runs besides upstream's
// (docs/sharding.md): the shard ops MLIR 22's convert-shard-to-mpi cannot
// lower, MPI transfers from and into views, and the check that nothing of
// the shard dialect is left. What MLIR 22's mpi dialect and shard-to-MPI
// lowering lack is patched in Slice/Compat (MPI.h, ShardToMPI.h).
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/MPI.h"
#include "Slice/Compat/ShardToMPI.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFINISHSPMD
#define GEN_PASS_DEF_SLICEFORWARDMPIBUFFERS
#define GEN_PASS_DEF_SLICELOWERSHARDTOMPI
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {

struct SliceLowerShardToMPIPass
    : mlir::slice::impl::SliceLowerShardToMPIBase<SliceLowerShardToMPIPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    slice::MPICommunicators comms;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      auto reduce = dyn_cast<shard::AllReduceOp>(op);
      auto type = reduce
                      ? dyn_cast<RankedTensorType>(reduce.getInput().getType())
                      : RankedTensorType();
      if (isa<shard::SendOp, shard::RecvOp>(op) ||
          (type && !type.hasStaticShape()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      LogicalResult lowered = isa<shard::AllReduceOp>(op)
                                  ? slice::lowerDynamicAllReduce(
                                        cast<shard::AllReduceOp>(op), symbols)
                                  : slice::lowerSendRecv(op, symbols, comms);
      if (failed(lowered))
        return signalPassFailure();
    }
  }
};

/// Whether `type` lays its elements out one after the other, row-major,
/// from its offset.
static bool isContiguous(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
    if (strides[dim] != expected)
      return false;
    if (dim == 0)
      break;
    if (type.isDynamicDim(dim))
      return false;
    expected *= type.getDimSize(dim);
  }
  return true;
}

/// Whether every op strictly between `first` and `last` (in one block)
/// is free of memory effects.
static bool onlyPureBetween(Operation *first, Operation *last) {
  if (first->getBlock() != last->getBlock() || !first->isBeforeInBlock(last))
    return false;
  for (Operation *op = first->getNextNode(); op != last; op = op->getNextNode())
    if (!isMemoryEffectFree(op))
      return false;
  return true;
}

/// The flat buffer of an mpi.send or mpi.recv, when it is a flat view of a
/// fresh buffer that one memref.copy fills (a send) or empties (a
/// receive), and at most a dealloc uses besides: the view, the buffer and
/// the copy.
struct StagedBuffer {
  memref::ReinterpretCastOp flat;
  memref::AllocOp buffer;
  memref::CopyOp copy;
};

static std::optional<StagedBuffer> getStagedBuffer(Value flatValue,
                                                   bool filled) {
  auto flat = flatValue.getDefiningOp<memref::ReinterpretCastOp>();
  if (!flat || !flat->hasOneUse())
    return std::nullopt;
  auto buffer = flat.getSource().getDefiningOp<memref::AllocOp>();
  if (!buffer)
    return std::nullopt;
  memref::CopyOp copy;
  for (Operation *user : buffer->getUsers()) {
    if (user == flat || isa<memref::DeallocOp>(user))
      continue;
    auto asCopy = dyn_cast<memref::CopyOp>(user);
    if (!asCopy || copy ||
        (filled ? asCopy.getTarget() : asCopy.getSource()) != buffer)
      return std::nullopt;
    copy = asCopy;
  }
  if (!copy)
    return std::nullopt;
  return StagedBuffer{flat, buffer, copy};
}

/// A flat view of the contiguous `view`, of `count` elements, at `at`.
static Value flatViewOf(OpBuilder &builder, Location loc, Value view,
                        OpFoldResult count) {
  auto meta = memref::ExtractStridedMetadataOp::create(builder, loc, view);
  auto type = cast<MemRefType>(view.getType());
  return memref::ReinterpretCastOp::create(
      builder, loc,
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      StridedLayoutAttr::get(builder.getContext(),
                                             ShapedType::kDynamic, {1})),
      meta.getBaseBuffer(), getAsOpFoldResult(meta.getOffset()),
      ArrayRef<OpFoldResult>{count},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(1)});
}

static void eraseStaged(StagedBuffer staged) {
  staged.copy.erase();
  staged.flat.erase();
  for (Operation *user : llvm::make_early_inc_range(staged.buffer->getUsers()))
    user->erase();
  staged.buffer.erase();
}

struct SliceForwardMPIBuffersPass
    : mlir::slice::impl::SliceForwardMPIBuffersBase<
          SliceForwardMPIBuffersPass> {
  void runOnOperation() override {
    DominanceInfo dominance(getOperation());
    SmallVector<Operation *> transfers;
    getOperation().walk([&](Operation *op) {
      if (isa<mpi::SendOp, mpi::RecvOp>(op))
        transfers.push_back(op);
    });
    for (Operation *op : transfers) {
      bool send = isa<mpi::SendOp>(op);
      std::optional<StagedBuffer> staged =
          getStagedBuffer(op->getOperand(0), /*filled=*/send);
      if (!staged)
        continue;
      Value view = send ? staged->copy.getSource() : staged->copy.getTarget();
      auto viewType = dyn_cast<MemRefType>(view.getType());
      if (!viewType || !isContiguous(viewType))
        continue;
      // A send reads the view where the copy did; a receive writes it
      // where the copy did, so the view must exist already.
      if (send ? !onlyPureBetween(staged->copy, op)
               : !onlyPureBetween(op, staged->copy))
        continue;
      if (!send && !dominance.properlyDominates(view, op)) {
        Operation *producer = view.getDefiningOp();
        if (!producer || !isMemoryEffectFree(producer) ||
            llvm::any_of(producer->getOperands(), [&](Value operand) {
              return !dominance.properlyDominates(operand, op);
            }))
          continue;
        producer->moveBefore(op);
      }
      OpBuilder builder(op);
      OpFoldResult count = staged->flat.getMixedSizes()[0];
      op->setOperand(0, flatViewOf(builder, op->getLoc(), view, count));
      eraseStaged(*staged);
    }
  }
};

struct SliceFinishSpmdPass
    : mlir::slice::impl::SliceFinishSpmdBase<SliceFinishSpmdPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<shard::GridOp> grids;
    WalkResult result =
        module.walk([&](Operation *op) {
          if (auto grid = dyn_cast<shard::GridOp>(op)) {
            grids.push_back(grid);
            return WalkResult::advance();
          }
          if (!isa<shard::ShardDialect>(op->getDialect()))
            return WalkResult::advance();
          op->emitOpError()
              << "is left after convert-shard-to-mpi: MLIR 22 lowers only "
                 "all_reduce, process indices, neighbors and shard shapes to "
                 "MPI, so this partitioned function cannot run (see "
                 "docs/sharding.md)";
          return WalkResult::interrupt();
        });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (shard::GridOp grid : grids)
      grid.erase();
    slice::setDefaultMPIImplementation(module);
  }
};

} // namespace
