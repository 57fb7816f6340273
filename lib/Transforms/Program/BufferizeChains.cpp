//===- BufferizeChains.cpp - Long insert chains and wide concats ----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-bufferize-chains` (Passes.td). One-shot-bufferize decides each
// in-place write by searching the reads and writes of every alias of the
// buffer written: a chain of N inserts into one tensor is one alias set of N
// values, and the analysis (and empty-tensor elimination, which follows the
// chain backwards from each insert) grows with N^3 (llvm-project #81959).
// A chain whose intermediate values each have one use, the next insert,
// is written in place by construction: this pass writes it on buffers
// itself, so that one-shot analyses only where the chain's buffer comes
// from (a `bufferization.to_buffer` of its root, in place or a copy, as
// one-shot decides) and what it reads. Wide concats likewise: one buffer,
// one part at a time.
//
//===----------------------------------------------------------------------===//

#include "PartAlong.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEBUFFERIZECHAINS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// The buffer type a `to_buffer` of `value` is given: the fully dynamic
/// layout, which every buffer of its shape casts to (one-shot-bufferize
/// casts, and canonicalization folds the casts into the views).
static MemRefType getAnyLayoutType(Value value) {
  return cast<MemRefType>(bufferization::getMemRefTypeWithFullyDynamicLayout(
      cast<TensorType>(value.getType())));
}

/// Whether a tensor of `type` holds no element whatever its run-time sizes.
static bool isStaticallyEmpty(ShapedType type) {
  return llvm::is_contained(type.getShape(), 0);
}

/// A fresh buffer of `type`'s shape (aligned as one-shot-bufferize aligns
/// its allocations), `dynamicSizes` its run-time sizes.
static Value allocate(OpBuilder &builder, Location loc, RankedTensorType type,
                      ValueRange dynamicSizes) {
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  return memref::AllocOp::create(builder, loc, memrefType, dynamicSizes,
                                 builder.getI64IntegerAttr(64));
}

/// The view `[offsets][sizes][strides]` of `buffer`, rank-reduced to
/// `shape`.
static Value buildView(OpBuilder &builder, Location loc, Value buffer,
                       ArrayRef<int64_t> shape, ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes,
                       ArrayRef<OpFoldResult> strides) {
  auto bufferType = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  SmallVector<Value> dynamic;
  dispatchIndexOpFoldResults(offsets, dynamic, staticOffsets);
  dispatchIndexOpFoldResults(sizes, dynamic, staticSizes);
  dispatchIndexOpFoldResults(strides, dynamic, staticStrides);
  MemRefType type = memref::SubViewOp::inferRankReducedResultType(
      shape, bufferType, staticOffsets, staticSizes, staticStrides);
  return memref::SubViewOp::create(builder, loc, type, buffer, offsets, sizes,
                                   strides);
}

/// The producer of `value` that may compute it straight into a view of a
/// chain's buffer: a destination-style op on tensors with one result, which
/// is `value`, used once (by the insert), and whose init is a
/// `tensor.empty` (nothing it computes depends on what the init holds).
static DestinationStyleOpInterface getElidableProducer(Value value) {
  auto producer = value.getDefiningOp<DestinationStyleOpInterface>();
  if (!producer || !isa<linalg::LinalgOp>(producer.getOperation()) ||
      !producer.hasPureTensorSemantics() || producer->getNumResults() != 1 ||
      !value.hasOneUse())
    return {};
  OpOperand *init = producer.getTiedOpOperand(cast<OpResult>(value));
  if (!init || !init->get().getDefiningOp<tensor::EmptyOp>())
    return {};
  return producer;
}

/// `producer` computing into `target` (a view of a chain's buffer, built
/// before it): its init becomes a tensor of the view, as empty-tensor
/// elimination makes it, so that one-shot writes the view in place. The
/// op keeps its place: nothing the chain writes comes between it and the
/// write it replaces, whose copy then copies the view onto itself and
/// folds away.
static void computeInto(OpBuilder &builder,
                        DestinationStyleOpInterface producer, Value target) {
  OpOperand &init = producer.getDpsInitsMutable()[0];
  init.set(bufferization::ToTensorOp::create(
      builder, producer.getLoc(), init.get().getType(), target,
      /*restrict=*/true, /*writable=*/true));
}

/// `value` written into `target` at `builder`'s point: one-shot copies it
/// there (nothing, when `value`'s producer computed it there).
static void writeInto(OpBuilder &builder, Location loc, Value value,
                      Value target) {
  bufferization::MaterializeInDestinationOp::create(
      builder, loc, /*result=*/Type(), value, target,
      /*restrict=*/builder.getUnitAttr(), /*writable=*/builder.getUnitAttr());
}

namespace {
/// A chain of inserts, each into the result of the one before, all in one
/// block, each result but the last used by the next insert only.
struct Chain {
  SmallVector<tensor::InsertSliceOp> inserts;
  Value root() { return inserts.front().getDest(); }
};

struct SliceBufferizeChainsPass
    : mlir::slice::impl::SliceBufferizeChainsBase<SliceBufferizeChainsPass> {
  using SliceBufferizeChainsBase::SliceBufferizeChainsBase;

  void runOnOperation() override {
    SmallVector<tensor::ConcatOp> concats;
    SmallVector<Chain> chains;
    getOperation()->walk([&](Operation *op) {
      if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
        if (concat.getInputs().size() >= minLength)
          concats.push_back(concat);
        return;
      }
      auto insert = dyn_cast<tensor::InsertSliceOp>(op);
      // A chain starts at an insert whose destination is not the one use of
      // an insert before it in the block.
      if (!insert || continuesChain(insert))
        return;
      Chain chain;
      chain.inserts.push_back(insert);
      while (Operation *next = getNextInsert(chain.inserts.back()))
        chain.inserts.push_back(cast<tensor::InsertSliceOp>(next));
      if (chain.inserts.size() >= minimumLength(chain.root()))
        chains.push_back(std::move(chain));
    });
    bool changed = !concats.empty() || !chains.empty();
    OpBuilder builder(&getContext());
    for (tensor::ConcatOp concat : concats)
      rewriteConcat(builder, concat);
    for (Chain &chain : chains)
      rewriteChain(builder, chain);
    // Then the values that many views read, those of the chains and
    // concats included.
    SmallVector<Value> sources;
    getOperation()->walk([&](Operation *op) {
      if (auto function = dyn_cast<FunctionOpInterface>(op)) {
        if (!function.isExternal())
          llvm::append_range(sources, function.getArguments());
        return;
      }
      if (op->getNumResults() == 1 && getElidableProducer(op->getResult(0)) &&
          isViewedOnly(op->getResult(0)))
        sources.push_back(op->getResult(0));
    });
    for (Value source : sources) {
      if (!isViewedOnly(source))
        continue;
      rewriteViews(builder, source);
      changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }

  /// Whether `value` has at least `minLength` uses and is only read: by
  /// writes into buffers, and by `tensor.extract_slice` ops whose slices
  /// are inputs of linalg ops and nothing else (a slice that reached a
  /// return or an op that aliases it would be a tensor that one-shot
  /// believes a buffer of its own, which a caller may write).
  bool isViewedOnly(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || value.getUses().empty())
      return false;
    unsigned uses = 0;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      auto write = dyn_cast<bufferization::MaterializeInDestinationOp>(user);
      if (write && isa<BaseMemRefType>(write.getDest().getType()) &&
          &use == &write.getSourceMutable()) {
        ++uses;
        continue;
      }
      auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
      if (!slice || !llvm::all_of(slice->getUses(), [](OpOperand &sliceUse) {
            auto reader = dyn_cast<linalg::LinalgOp>(sliceUse.getOwner());
            return reader && reader.isDpsInput(&sliceUse);
          }))
        return false;
      ++uses;
    }
    return uses >= minLength;
  }

  /// The value's views as views of one read-only buffer of it, and its
  /// writes into buffers as copies out of that buffer. One-shot decides
  /// each use of a tensor by looking at all the uses of its aliases: a
  /// tensor that a thousand slices read (the parts of a concat, the terms
  /// of a long sum, the value of a thousand updates) cost it a million
  /// looks; a buffer costs it nothing. A function argument is read through
  /// a `to_buffer read_only` of it; a value computed into a `tensor.empty`
  /// is computed into a fresh buffer instead. Nothing else uses the value,
  /// so nothing writes its buffer: the views are read-only tensors
  /// (`to_tensor restrict`, not writable), which one-shot copies before
  /// anything writes them.
  void rewriteViews(OpBuilder &builder, Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    Location loc = value.getLoc();
    Value buffer;
    auto producer = value.getDefiningOp<DestinationStyleOpInterface>();
    if (!producer) {
      builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
      buffer = bufferization::ToBufferOp::create(
          builder, loc, getAnyLayoutType(value), value, /*read_only=*/true);
    } else {
      if (!type.hasStaticShape())
        return;
      builder.setInsertionPoint(producer);
      buffer = allocate(builder, loc, type, /*dynamicSizes=*/{});
      computeInto(builder, producer, buffer);
    }
    for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
      Operation *user = use.getOwner();
      if (user == buffer.getDefiningOp())
        continue;
      builder.setInsertionPoint(user);
      if (auto write =
              dyn_cast<bufferization::MaterializeInDestinationOp>(user)) {
        memref::CopyOp::create(builder, write.getLoc(), buffer,
                               write.getDest());
        write->erase();
        continue;
      }
      auto slice = cast<tensor::ExtractSliceOp>(user);
      Value view =
          buildView(builder, slice.getLoc(), buffer, slice.getType().getShape(),
                    slice.getMixedOffsets(), slice.getMixedSizes(),
                    slice.getMixedStrides());
      slice.getResult().replaceAllUsesWith(bufferization::ToTensorOp::create(
          builder, slice.getLoc(), slice.getType(), view, /*restrict=*/true));
      slice->erase();
    }
    // The value's one use now: its write into the buffer it was computed
    // in (which folds away), which keeps its producer.
    if (producer) {
      builder.setInsertionPointAfter(producer);
      writeInto(builder, loc, value, buffer);
    }
  }

  /// The shortest chain on `root` written here. A loop's iteration
  /// argument cannot lend its buffer (one-shot does not know the chain's
  /// result to be that buffer, and gives each iteration a copy): its
  /// chains are left to one-shot up to kLoopFactor times as long, where
  /// its analysis costs more than a copy an iteration.
  unsigned minimumLength(Value root) {
    auto argument = dyn_cast<BlockArgument>(root);
    if (argument &&
        !isa<FunctionOpInterface>(argument.getOwner()->getParentOp()))
      return kLoopFactor * minLength;
    return minLength;
  }
  static constexpr unsigned kLoopFactor = 8;

  /// The insert that `insert`'s result is the destination of, when that is
  /// its only use and in its block.
  static Operation *getNextInsert(tensor::InsertSliceOp insert) {
    if (!insert.getResult().hasOneUse())
      return nullptr;
    OpOperand &use = *insert.getResult().getUses().begin();
    auto next = dyn_cast<tensor::InsertSliceOp>(use.getOwner());
    if (!next || &use != &next.getDestMutable() ||
        next->getBlock() != insert->getBlock())
      return nullptr;
    return next;
  }

  static bool continuesChain(tensor::InsertSliceOp insert) {
    auto previous = insert.getDest().getDefiningOp<tensor::InsertSliceOp>();
    return previous && getNextInsert(previous) == insert.getOperation();
  }

  /// The chain on one buffer of its own. A function argument used by the
  /// chain alone lends its buffer (a `to_buffer` of it: one-shot makes that
  /// a copy unless the argument may be written); anything else is copied
  /// into a fresh buffer where the first insert was (or computed there by
  /// its producer, or nothing when it is a `tensor.empty`). A buffer that
  /// another tensor of the function could share is never written: one-shot
  /// does not know that the chain's result lives in it. Each insert then
  /// writes its view of the buffer, or its value's producer computes into
  /// the view when nothing the chain writes comes between the two (the
  /// producer comes after the insert before, or the buffer starts empty),
  /// and the chain's result is a `to_tensor` of the buffer.
  void rewriteChain(OpBuilder &builder, Chain &chain) {
    tensor::InsertSliceOp first = chain.inserts.front();
    Location loc = first.getLoc();
    Value root = chain.root();
    auto type = cast<RankedTensorType>(root.getType());
    auto argument = dyn_cast<BlockArgument>(root);
    bool lent = argument && root.hasOneUse() &&
                isa<FunctionOpInterface>(argument.getOwner()->getParentOp()) &&
                argument.getOwner()->isEntryBlock();
    bool empty =
        !lent && root.getDefiningOp<tensor::EmptyOp>() && type.hasStaticShape();
    DestinationStyleOpInterface rootProducer =
        lent || empty || !type.hasStaticShape() ? nullptr
                                                : getElidableProducer(root);
    if (rootProducer && rootProducer->getBlock() != first->getBlock())
      rootProducer = nullptr;
    // The producers that compute into the buffer, and the earliest point
    // the buffer must exist at.
    SmallVector<DestinationStyleOpInterface> producers;
    Operation *at = rootProducer ? rootProducer.getOperation() : first;
    for (auto [i, insert] : llvm::enumerate(chain.inserts)) {
      DestinationStyleOpInterface producer =
          getElidableProducer(insert.getSource());
      Operation *after = i > 0 ? chain.inserts[i - 1].getOperation() : nullptr;
      bool elide =
          producer && producer->getBlock() == insert->getBlock() &&
          !isStaticallyEmpty(insert.getSourceType()) &&
          (after ? after->isBeforeInBlock(producer) : empty) &&
          llvm::all_of(insert->getOperands().drop_front(2), [&](Value value) {
            return definedBefore(value, producer);
          });
      producers.push_back(elide ? producer : nullptr);
      if (elide && producer->isBeforeInBlock(at))
        at = producer;
    }
    builder.setInsertionPoint(at);
    Value buffer;
    if (lent) {
      buffer = bufferization::ToBufferOp::create(builder, loc,
                                                 getAnyLayoutType(root), root);
    } else {
      buffer =
          allocate(builder, loc, type, getDynamicSizes(builder, loc, root));
      if (rootProducer) {
        builder.setInsertionPoint(rootProducer);
        computeInto(builder, rootProducer, buffer);
      }
      if (!empty) {
        builder.setInsertionPoint(first);
        writeInto(builder, loc, root, buffer);
      }
    }
    for (auto [insert, producer] : llvm::zip_equal(chain.inserts, producers)) {
      // Nothing to write (and no view to make: a subview's static offset
      // must be inside a dimension of size 0).
      if (isStaticallyEmpty(insert.getSourceType()))
        continue;
      builder.setInsertionPoint(producer ? producer.getOperation()
                                         : insert.getOperation());
      Value view =
          buildView(builder, insert.getLoc(), buffer,
                    insert.getSourceType().getShape(), insert.getMixedOffsets(),
                    insert.getMixedSizes(), insert.getMixedStrides());
      if (producer)
        computeInto(builder, producer, view);
      builder.setInsertionPoint(insert);
      writeInto(builder, insert.getLoc(), insert.getSource(), view);
    }
    tensor::InsertSliceOp last = chain.inserts.back();
    builder.setInsertionPoint(last);
    Value result = bufferization::ToTensorOp::create(
        builder, last.getLoc(), last.getType(), buffer, /*restrict=*/true,
        /*writable=*/true);
    last.getResult().replaceAllUsesWith(result);
    for (tensor::InsertSliceOp insert : llvm::reverse(chain.inserts))
      insert->erase();
  }

  /// The run-time sizes of `value`, at `builder`'s point.
  static SmallVector<Value> getDynamicSizes(OpBuilder &builder, Location loc,
                                            Value value) {
    SmallVector<Value> sizes;
    auto type = cast<RankedTensorType>(value.getType());
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(builder, loc, value, dim));
    return sizes;
  }

  /// Whether `value` is available before `op`: a block argument or the
  /// result of an op before it (or of an enclosing block).
  static bool definedBefore(Value value, Operation *op) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return value.getParentRegion()->isAncestor(op->getParentRegion());
    if (def->getBlock() == op->getBlock())
      return def->isBeforeInBlock(op);
    return def->getParentRegion()->isProperAncestor(op->getParentRegion());
  }

  /// A concat as one fresh buffer and one write per part. With a static
  /// shape the buffer is made before the first part's producer, and each
  /// producer computes its part into it; the parts are apart, so the order
  /// of their writes does not matter. With run-time sizes the buffer and
  /// the parts' copies are at the concat.
  void rewriteConcat(OpBuilder &builder, tensor::ConcatOp concat) {
    RankedTensorType type = concat.getResultType();
    Location loc = concat.getLoc();
    int64_t dim = concat.getDim();
    bool isStatic = llvm::all_of(concat.getInputs(), [](Value input) {
      return cast<RankedTensorType>(input.getType()).hasStaticShape();
    });
    Operation *at = concat;
    if (isStatic) {
      for (Value input : concat.getInputs())
        if (DestinationStyleOpInterface producer = getElidableProducer(input);
            producer && producer->getBlock() == concat->getBlock() &&
            producer->isBeforeInBlock(at))
          at = producer;
    }
    builder.setInsertionPoint(at);
    SmallVector<Value> dynamicSizes;
    if (!isStatic) {
      ReifiedRankedShapedTypeDims sizes;
      if (failed(reifyResultShapes(builder, concat, sizes)))
        return;
      for (auto [size, static_] : llvm::zip_equal(sizes[0], type.getShape()))
        if (ShapedType::isDynamic(static_))
          dynamicSizes.push_back(
              getValueOrCreateConstantIndexOp(builder, loc, size));
    }
    Value buffer = allocate(builder, loc, type, dynamicSizes);
    OpFoldResult offset = builder.getIndexAttr(0);
    for (Value input : concat.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      if (isStaticallyEmpty(inputType))
        continue;
      DestinationStyleOpInterface producer =
          isStatic ? getElidableProducer(input) : nullptr;
      if (producer && producer->getBlock() != concat->getBlock())
        producer = nullptr;
      builder.setInsertionPoint(producer ? producer.getOperation()
                                         : concat.getOperation());
      slice::detail::SliceParameters part =
          slice::detail::getPartAlong(builder, loc, input, dim, offset);
      Value view = buildView(builder, loc, buffer, inputType.getShape(),
                             part.offsets, part.sizes, part.strides);
      if (producer)
        computeInto(builder, producer, view);
      builder.setInsertionPoint(concat);
      writeInto(builder, loc, input, view);
      // The next part's offset, at the concat (where every size is).
      OpFoldResult size = isStatic
                              ? builder.getIndexAttr(inputType.getDimSize(dim))
                              : tensor::getMixedSize(builder, loc, input, dim);
      offset = ArithIndexBuilder(builder, loc).add(offset, size);
    }
    builder.setInsertionPoint(concat);
    Value result = bufferization::ToTensorOp::create(
        builder, loc, type, buffer, /*restrict=*/true, /*writable=*/true);
    concat.getResult().replaceAllUsesWith(result);
    concat->erase();
  }
};
} // namespace
