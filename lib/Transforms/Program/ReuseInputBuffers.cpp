//===- ReuseInputBuffers.cpp - Element-wise results into dead inputs ------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Upstream's element-wise fusion gives every fused linalg.generic a
// tensor.empty init, so one-shot-bufferize allocates each result. Where an
// input of the same type dies at the op and its buffer may be written (a
// temporary, or a view of an argument the caller donates), the result can
// take that buffer instead: no allocation, no pages to fault in. An
// element-wise op reads each element before it writes it, so one-shot's
// analysis accepts the in-place write wherever nothing else reads the
// buffer later, and copies otherwise.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/Passes.h"
#include "Slice/Transforms/Transforms.h"
#include "Slice/Utils/ChangeListener.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEREUSEINPUTBUFFERS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// Whether writing into the buffer of `value` is allowed and loses nothing
/// but `value` itself: a fresh temporary (a tensor.empty, written by DPS ops
/// and inserts), or a view of (or) a function argument its caller lets the
/// function write into (not marked `bufferization.writable = false`).
/// `argumentView` tells which: whether the buffer is an argument's, and
/// if so `sparseView` whether the view skips elements of its rows (a step
/// other than 1 or -1 along the last dimension, or a slice.strided view).
static bool isWritableBuffer(Value value, bool &argumentView,
                             bool &sparseView) {
  argumentView = sparseView = false;
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto function = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp());
      if (!function || arg.getOwner() != &function.getBody().front())
        return false;
      auto writable = function.getArgAttrOfType<BoolAttr>(
          arg.getArgNumber(),
          bufferization::BufferizationDialect::kWritableAttrName);
      argumentView = true;
      return !writable || writable.getValue();
    }
    Operation *def = value.getDefiningOp();
    if (isa<tensor::EmptyOp>(def))
      return true;
    if (auto slice = dyn_cast<tensor::ExtractSliceOp>(def)) {
      ArrayRef<int64_t> strides = slice.getStaticStrides();
      sparseView |=
          !strides.empty() && strides.back() != 1 && strides.back() != -1;
      value = slice.getSource();
      continue;
    }
    if (auto slice = dyn_cast<StridedOp>(def)) {
      sparseView = true;
      value = slice.getSource();
      continue;
    }
    // A chain's or a concat's buffer (--slice-bufferize-chains): a fresh
    // one, or an argument's that the chain writes.
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(def)) {
      if (!toTensor.getWritable())
        return false;
      Value buffer = toTensor.getBuffer();
      while (auto view = buffer.getDefiningOp<memref::SubViewOp>())
        buffer = view.getSource();
      if (buffer.getDefiningOp<memref::AllocOp>())
        return true;
      auto toBuffer = buffer.getDefiningOp<bufferization::ToBufferOp>();
      if (!toBuffer || toBuffer.getReadOnly())
        return false;
      value = toBuffer.getTensor();
      continue;
    }
    // What is inserted into a buffer leaves it that buffer.
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(def)) {
      value = insert.getDest();
      continue;
    }
    auto dps = dyn_cast<DestinationStyleOpInterface>(def);
    if (!dps || !dps.hasPureTensorSemantics())
      return false;
    value = dps.getTiedOpOperand(cast<OpResult>(value))->get();
  }
}

/// Whether `result` goes only into a part of a fresh tensor (a concat's
/// operand after --slice-decompose-concats): empty-tensor elimination then
/// computes it in that part of the final buffer, which reusing an input's
/// buffer would turn into a write there and a copy.
static bool isInsertedIntoFresh(Value result) {
  if (!result.hasOneUse())
    return false;
  auto insert = dyn_cast<tensor::InsertSliceOp>(*result.getUsers().begin());
  if (!insert || insert.getSource() != result)
    return false;
  Value dest = insert.getDest();
  while (auto inner = dest.getDefiningOp<tensor::InsertSliceOp>())
    dest = inner.getDest();
  return dest.getDefiningOp<tensor::EmptyOp>() != nullptr;
}

/// Whether a reduction reads `result`.
static bool feedsReduction(Value result) {
  return llvm::any_of(result.getUsers(), [](Operation *user) {
    if (isa<linalg::ReduceOp, linalg::SoftmaxOp>(user))
      return true;
    auto generic = dyn_cast<linalg::GenericOp>(user);
    return generic && generic.getNumReductionLoops() != 0;
  });
}

namespace {
/// Before:
///   %t = linalg.generic ... outs(%e0 : tensor<8xf32>)   // a temporary
///   %e = tensor.empty() : tensor<8xf32>
///   %r = linalg.generic ins(%t : ...) outs(%e : tensor<8xf32>) {...}
/// After:
///   %r = linalg.generic ins(%t : ...) outs(%t : tensor<8xf32>) {...}
struct ReuseDeadInputAsInit : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumLoops() != op.getNumParallelLoops())
      return rewriter.notifyMatchFailure(op, "not element-wise");
    OpOperand *init = op.getDpsInitOperand(0);
    if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
        op.payloadUsesValueFromOperand(init) ||
        !op.getMatchingIndexingMap(init).isIdentity())
      return rewriter.notifyMatchFailure(op, "the init is not fresh");
    if (isInsertedIntoFresh(op->getResult(0)))
      return rewriter.notifyMatchFailure(op, "the result has a place");
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      if (value.getType() != init->get().getType() ||
          !op.getMatchingIndexingMap(input).isIdentity())
        continue;
      if (llvm::any_of(value.getUsers(),
                       [&](Operation *user) { return user != op; }))
        continue;
      bool argumentView, sparseView;
      if (!isWritableBuffer(value, argumentView, sparseView))
        continue;
      // Into an argument's view only where that pays: a view that skips
      // elements of its rows would be written a sector at a time for a
      // fraction of it (and returned sparse), and a result a reduction
      // reads would be stored where, in a buffer of its own, the
      // reduction's loop would compute it where it reads it.
      if (argumentView && (sparseView || feedsReduction(op->getResult(0))))
        continue;
      rewriter.modifyOpInPlace(op, [&] { init->set(value); });
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no input dies here");
  }
};

/// Upstream's fusion also drops an init that the body does not read, the
/// destination a caller passed: `outs(%out)` of an argument marked
/// `bufferization.writable = true` becomes a tensor.empty, and the result
/// a fresh allocation that the caller, reading `%out`, never sees (and
/// leaks). A returned result whose init is fresh takes back a writable
/// argument of its type whose elements nothing in the function reads any
/// more (its sizes may be), the first such by position.
/// Before:
///   func.func @f(%x: tensor<8xf32>, %out: tensor<8xf32>
///   {bufferization.writable = true})
///     %e = tensor.empty() : tensor<8xf32>
///     %r = linalg.generic ins(%x : ...) outs(%e : tensor<8xf32>) {...}
///     return %r
/// After:
///     %r = linalg.generic ins(%x : ...) outs(%out : tensor<8xf32>) {...}
struct ReturnIntoDeadDestination : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    auto function = dyn_cast<func::FuncOp>(op->getParentOp());
    if (!function || !op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "not on tensors in a function");
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!init.get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(&init) ||
          !op.getMatchingIndexingMap(&init).isPermutation())
        continue;
      Value result = op.getTiedOpResult(&init);
      if (llvm::none_of(result.getUsers(), [](Operation *user) {
            return isa<func::ReturnOp>(user);
          }))
        continue;
      for (BlockArgument arg : function.getArguments()) {
        auto writable = function.getArgAttrOfType<BoolAttr>(
            arg.getArgNumber(),
            bufferization::BufferizationDialect::kWritableAttrName);
        // Its sizes may still be read (the fusion's tensor.empty takes
        // them from it), its elements not.
        if (!writable || !writable.getValue() ||
            arg.getType() != init.get().getType() ||
            llvm::any_of(arg.getUsers(), [](Operation *user) {
              return !isa<tensor::DimOp>(user);
            }))
          continue;
        rewriter.modifyOpInPlace(op, [&] { init.set(arg); });
        return success();
      }
    }
    return rewriter.notifyMatchFailure(op, "no returned result into a "
                                           "dead writable argument");
  }
};

struct SliceReuseInputBuffersPass
    : mlir::slice::impl::SliceReuseInputBuffersBase<
          SliceReuseInputBuffersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSliceReuseInputBuffersPatterns(patterns);
    slice::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateSliceReuseInputBuffersPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReuseDeadInputAsInit, ReturnIntoDeadDestination>(
      patterns.getContext());
}
