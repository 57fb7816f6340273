//===- ElideTemporaries.cpp - Compute into views, read from views ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-elide-temporaries` (Passes.td). One-shot-bufferize decides in
// place or not from SSA use-def chains: it cannot tell row `i - 1` of a
// buffer from row `i`, nor `x[::2]` from `x[1::2]`, so a loop body
// `t[i] = f(t[i-1], t[i])` copies the row it reads into a temporary, and
// `x[::2] = f(x[1::2])` computes into one and copies it into the window.
// On buffers the views are explicit: what one-shot could not prove, the
// subviews' offsets, sizes and strides do (ViewOverlap.h), and the two
// temporaries go.
//
//===----------------------------------------------------------------------===//

#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEELIDETEMPORARIES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// Whether `op` is before `other`, both in one block.
static bool isBeforeInBlock(Operation *op, Operation *other) {
  return op->getBlock() == other->getBlock() && op->isBeforeInBlock(other);
}

/// Whether `op` is element-wise on buffers: all loops parallel, so that
/// each element of a result is computed from the elements of the inputs
/// its indexing maps pair it with, in any order.
static bool isElementwise(linalg::LinalgOp op) {
  return op.hasPureBufferSemantics() &&
         op.getNumParallelLoops() == op.getNumLoops();
}

/// Whether the input `input` of `op` may be read while `op` writes `init`
/// instead of a buffer of its own: it views no element of `target`, or it
/// is `target` itself, read through `init`'s indexing map (each element is
/// read before it is written, by the iteration that writes it).
static bool canReadWhileWriting(linalg::LinalgOp op, OpOperand *input,
                                OpOperand *init, Value target) {
  if (!isa<BaseMemRefType>(input->get().getType()))
    return true;
  switch (compareViews(input->get(), target)) {
  case ViewOverlap::Disjoint:
    return true;
  case ViewOverlap::Same:
    return op.getMatchingIndexingMap(input) == op.getMatchingIndexingMap(init);
  case ViewOverlap::May:
    return false;
  }
  llvm_unreachable("unknown overlap");
}

/// Erases `alloc` and its deallocations when nothing else uses it.
static void eraseIfDead(memref::AllocOp alloc) {
  if (!llvm::all_of(alloc->getUsers(), [](Operation *user) {
        return isa<memref::DeallocOp>(user);
      }))
    return;
  for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
    user->erase();
  alloc->erase();
}

/// Whether `use` reads its memref and nothing else: a linalg input, a
/// copy's source, a load.
static bool isPlainRead(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user))
    return linalgOp.hasPureBufferSemantics() && linalgOp.isDpsInput(&use);
  if (std::optional<BufferCopy> copy = getBufferCopy(user))
    return use.get() == copy->source && use.get() != copy->target;
  return isa<memref::LoadOp>(user);
}

/// The subview of `target` that `view` (a subview of a buffer of
/// `target`'s shape) is of that buffer, built at `builder`'s point.
static Value rebuildView(OpBuilder &builder, memref::SubViewOp view,
                         Value target) {
  auto targetType = cast<MemRefType>(target.getType());
  MemRefType type = memref::SubViewOp::inferRankReducedResultType(
      view.getType().getShape(), targetType, view.getStaticOffsets(),
      view.getStaticSizes(), view.getStaticStrides());
  return memref::SubViewOp::create(builder, view.getLoc(), type, target,
                                   view.getMixedOffsets(), view.getMixedSizes(),
                                   view.getMixedStrides());
}

/// `%t = alloc; W(..., outs(%t)); copy %t -> %v`, where W writes every
/// element of %t without reading it: W writes %v instead, at the copy.
/// The inputs of W must be apart from %v (or %v itself, element-wise), and
/// nothing between W and the copy may write what W reads. Reads of %t
/// after the copy (directly or through subviews of %t: the mirrored half
/// of `concat([t, t[:, ::-1]])`) read %v then, when nothing writes %v
/// until the last of them.
static bool computeIntoTarget(Operation *copy, Value temp, Value target) {
  auto alloc = temp.getDefiningOp<memref::AllocOp>();
  if (!alloc || getRootBuffer(target) == temp ||
      temp.getType() != alloc.getType())
    return false;
  linalg::LinalgOp writer;
  OpOperand *init = nullptr;
  for (OpOperand &use : temp.getUses()) {
    Operation *user = use.getOwner();
    if (user == copy || isa<memref::DeallocOp>(user))
      continue;
    // The last op to write the temporary (an earlier one fills what it
    // reads in place).
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (linalgOp && linalgOp.isDpsInit(&use) &&
        (!writer || isBeforeInBlock(writer, linalgOp))) {
      writer = linalgOp;
      init = &use;
    }
  }
  if (!writer || !isBeforeInBlock(writer, copy) || !isElementwise(writer) ||
      !writer.getMatchingIndexingMap(init).isPermutation() ||
      writer.payloadUsesValueFromOperand(init))
    return false;
  // What else uses the temporary comes before the writer (what fills the
  // values the writer reads in place), is the writer's input, or reads it
  // after the copy, directly or through a subview.
  SmallVector<OpOperand *> lateReads;
  SmallVector<memref::SubViewOp> lateViews;
  Operation *last = copy;
  auto isLateRead = [&](OpOperand &use) {
    if (!isBeforeInBlock(copy, use.getOwner()) || !isPlainRead(use))
      return false;
    if (last->isBeforeInBlock(use.getOwner()))
      last = use.getOwner();
    return true;
  };
  for (OpOperand &use : temp.getUses()) {
    Operation *user = use.getOwner();
    if (user == copy || user == writer || isa<memref::DeallocOp>(user))
      continue;
    if (isBeforeInBlock(user, writer)) {
      // A view made before the writer is read before it, or by it.
      for (Value result : user->getResults())
        for (Operation *reader : result.getUsers())
          if (reader != writer.getOperation() &&
              !isBeforeInBlock(reader, writer))
            return false;
      continue;
    }
    if (auto view = dyn_cast<memref::SubViewOp>(user);
        view && view->getBlock() == copy->getBlock() &&
        llvm::all_of(view->getUses(), isLateRead)) {
      lateViews.push_back(view);
      continue;
    }
    if (!isLateRead(use))
      return false;
    lateReads.push_back(&use);
  }
  if (llvm::count(writer->getOperands(), temp) !=
      1 + llvm::count(writer.getDpsInputs(), temp))
    return false;
  for (OpOperand &operand : writer->getOpOperands()) {
    if (&operand == init || operand.get() == temp)
      continue;
    if (writer.isDpsInit(&operand)) {
      if (compareViews(operand.get(), target) != ViewOverlap::Disjoint)
        return false;
    } else if (!canReadWhileWriting(writer, &operand, init, target)) {
      return false;
    }
  }
  // The writer moves down to the copy: what it reads must not change on
  // the way. The late reads then find its values in the target.
  for (Operation *op = writer->getNextNode(); op != copy;
       op = op->getNextNode()) {
    for (Value input : writer.getDpsInputs())
      if (isa<BaseMemRefType>(input.getType()) && mayWriteInto(op, input))
        return false;
  }
  for (Operation *op = copy->getNextNode(); op && !last->isBeforeInBlock(op);
       op = op->getNextNode())
    if (mayWriteInto(op, target))
      return false;
  writer->moveBefore(copy);
  init->set(target);
  for (OpOperand *read : lateReads)
    read->set(target);
  for (memref::SubViewOp view : lateViews) {
    // Where both the target (defined before the copy) and the view's
    // offsets, sizes and strides (defined before the view, maybe after the
    // copy) are defined: the later of the two.
    OpBuilder builder(view->isBeforeInBlock(copy) ? copy : view.getOperation());
    Value rebuilt = rebuildView(builder, view, target);
    view.getResult().replaceAllUsesWith(rebuilt);
    view->erase();
  }
  copy->erase();
  eraseIfDead(alloc);
  return true;
}

/// `%a = alloc; copy %s -> %a; readers of %a`: the readers read %s, when
/// nothing writes %s until the last of them, except that last reader when
/// it writes %s itself element-wise.
static bool readFromSource(Operation *copy, Value source, Value temp) {
  auto alloc = temp.getDefiningOp<memref::AllocOp>();
  if (!alloc || getRootBuffer(source) == temp)
    return false;
  SmallVector<OpOperand *> reads;
  Operation *last = copy;
  for (OpOperand &use : temp.getUses()) {
    Operation *user = use.getOwner();
    if (user == copy || isa<memref::DeallocOp>(user))
      continue;
    if (!isBeforeInBlock(copy, user))
      return false;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    bool isRead = (linalgOp && linalgOp.hasPureBufferSemantics() &&
                   linalgOp.isDpsInput(&use)) ||
                  (isa<memref::CopyOp>(user) && use.getOperandNumber() == 0) ||
                  isa<memref::LoadOp>(user);
    if (!isRead)
      return false;
    reads.push_back(&use);
    if (last->isBeforeInBlock(user))
      last = user;
  }
  if (reads.empty())
    return false;
  // The last reader may write the source itself, element by element, as it
  // reads it.
  auto allowed = [&](Operation *writer, Value written) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(writer);
    if (writer != last || !linalgOp || !isElementwise(linalgOp) ||
        compareViews(written, source) != ViewOverlap::Same)
      return false;
    for (OpOperand &init : linalgOp.getDpsInitsMutable()) {
      if (init.get() != written)
        continue;
      AffineMap map = linalgOp.getMatchingIndexingMap(&init);
      return llvm::all_of(linalgOp.getDpsInputOperands(), [&](OpOperand *in) {
        return in->get() != temp || linalgOp.getMatchingIndexingMap(in) == map;
      });
    }
    return false;
  };
  for (Operation *op = copy->getNextNode();; op = op->getNextNode()) {
    if (mayWriteInto(op, source, allowed))
      return false;
    if (op == last)
      break;
  }
  for (OpOperand *read : reads)
    read->set(source);
  copy->erase();
  eraseIfDead(alloc);
  return true;
}

namespace {
struct ElideTemporaries
    : public slice::impl::SliceElideTemporariesBase<ElideTemporaries> {
  void getDependentDialects(DialectRegistry &registry) const override {
    SliceElideTemporariesBase::getDependentDialects(registry);
    // What the value bounds of subview offsets are made of.
    affine::registerValueBoundsOpInterfaceExternalModels(registry);
    arith::registerValueBoundsOpInterfaceExternalModels(registry);
    memref::registerValueBoundsOpInterfaceExternalModels(registry);
    scf::registerValueBoundsOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    // Each rewrite erases a copy; what one leaves may let the other apply.
    // A rewrite may change the source of a copy later in the list (the
    // late reads of a temporary read its target): each copy is looked at
    // as it is when its turn comes.
    auto copies = [&] {
      SmallVector<Operation *> found;
      getOperation().walk([&](Operation *op) {
        if (getBufferCopy(op))
          found.push_back(op);
      });
      return found;
    };
    bool changed = true, any = false;
    while (changed) {
      changed = false;
      for (Operation *op : copies())
        if (std::optional<BufferCopy> copy = getBufferCopy(op))
          changed |= computeIntoTarget(op, copy->source, copy->target);
      for (Operation *op : copies())
        if (std::optional<BufferCopy> copy = getBufferCopy(op))
          changed |= readFromSource(op, copy->source, copy->target);
      any |= changed;
    }
    if (!any)
      markAllAnalysesPreserved();
  }
};
} // namespace
