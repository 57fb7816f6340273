//===- ProtectViewReads.cpp - Subset insertions read through views --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// One-shot-bufferize (MLIR 22) lets a subset insertion (linalg.copy,
// tensor.insert_slice, ...) write in place when its source "originates from
// the subset it inserts into". It decides that by following every alias of
// the source backwards, views included, so a copy of `y[::-1]` into the
// buffer of `y` counts as a copy of `y` onto itself: the copy then
// overwrites what the reversed view still reads (docs/reliability.md has a
// reproducer of upstream ops alone).
//
// The rewrite here gives each such insertion a source the analysis judges
// soundly: the elements move through an element-wise linalg.generic, whose
// in-place check follows equivalent buffers only. Insertions whose source
// reaches no candidate subset through a view are left alone.
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/ProtectViewReads.h"
#include "Slice/Transforms/Passes.h"
#include "Slice/Utils/ChangeListener.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/ParallelCombiningOpInterface.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPROTECTVIEWREADS
#include "Slice/Transforms/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using bufferization::AliasingOpOperand;
using bufferization::BufferRelation;

/// Whether `insertion.isEquivalentSubset(value, ...)` may be asked. An
/// insertion that is a SubsetOpInterface (tensor.insert_slice) compares its
/// slice with that of a subset extraction `value`, and upstream's
/// comparison of two slices of different ranks reads past the shorter one
/// (a crash in MLIR 22's ValueBoundsConstraintSet::areEquivalentSlices,
/// found by the program fuzzer: new axes on a slice that is later
/// concatenated). Such subsets are never equivalent (equivalent buffers
/// have one type), so they are not compared. Other insertions (linalg.copy:
/// the whole destination) compare values, not slices.
static bool mayCompareSubsets(SubsetInsertionOpInterface insertion,
                              Value value) {
  auto extraction = value.getDefiningOp<SubsetOpInterface>();
  if (!extraction || !isa<SubsetOpInterface>(insertion.getOperation()))
    return true;
  auto container =
      dyn_cast<ShapedType>(extraction.getTensorContainer().getType());
  auto dest =
      dyn_cast<ShapedType>(insertion.getDestinationOperand().get().getType());
  return container && dest && container.hasRank() && dest.hasRank() &&
         container.getRank() == dest.getRank();
}

/// Whether one-shot-bufferize may take `insertion`'s source for a read of
/// the very subset it writes while the source actually reads that buffer
/// through a view (a non-equivalent alias): some value behind a view on the
/// source's reverse use-def chain may be judged an equivalent subset.
/// Values that surely are one (the same value as the insertion's own
/// subset) end the search, as they end upstream's.
static bool mayMatchThroughView(SubsetInsertionOpInterface insertion,
                                const bufferization::AnalysisState &state) {
  auto sameValue = [](Value a, Value b) { return a == b; };
  auto anyValue = [](Value, Value) { return true; };
  // (value, whether a view lies between it and the source)
  SmallVector<std::pair<Value, bool>> worklist = {
      {insertion.getSourceOperand().get(), false}};
  // The values seen before a view and behind one.
  DenseSet<Value> visited[2];
  while (!worklist.empty()) {
    auto [value, behindView] = worklist.pop_back_val();
    if (!visited[behindView].insert(value).second)
      continue;
    auto result = dyn_cast<OpResult>(value);
    if (!result || !isa<TensorType>(value.getType()))
      continue;
    if (behindView && mayCompareSubsets(insertion, value) &&
        insertion.isEquivalentSubset(value, anyValue))
      return true;
    if (!behindView && insertion.isEquivalentSubset(value, sameValue))
      continue;
    if (!state.getOptions().dynCastBufferizableOp(value))
      continue;
    for (const AliasingOpOperand &alias : state.getAliasingOpOperands(value))
      worklist.push_back(
          {alias.opOperand->get(),
           behindView || alias.relation != BufferRelation::Equivalent});
  }
  return false;
}

/// An element-wise copy of `source` into `dest` (tensors of one shape).
static Value createElementwiseCopy(OpBuilder &builder, Location loc,
                                   Value source, Value dest) {
  auto type = cast<RankedTensorType>(dest.getType());
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(type.getRank(), builder.getContext());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto copy = linalg::GenericOp::create(
      builder, loc, TypeRange{type}, ValueRange{source}, ValueRange{dest},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [](OpBuilder &b, Location l, ValueRange args) {
        linalg::YieldOp::create(b, l, args[0]);
      });
  return copy.getResult(0);
}

namespace {
/// Before:
///   %v = tensor.extract_slice %y[7] [8] [-1]
///   %r = linalg.copy ins(%v) outs(%e)      // %e may become %y's buffer
/// After:
///   %r = linalg.generic {identity maps} ins(%v) outs(%e) { yield %in }
///
/// Other insertions keep their op; their source is copied element-wise into
/// the subset they insert into, which is then inserted unchanged:
///   %d = tensor.extract_slice %t[...]
///   %c = linalg.generic {identity maps} ins(%v) outs(%d) { yield %in }
///   tensor.insert_slice %c into %t[...]
struct ProtectViewRead : OpInterfaceRewritePattern<SubsetInsertionOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(SubsetInsertionOpInterface insertion,
                                PatternRewriter &rewriter) const override {
    Value source = insertion.getSourceOperand().get();
    auto sourceType = dyn_cast<RankedTensorType>(source.getType());
    if (!sourceType)
      return rewriter.notifyMatchFailure(insertion, "no ranked tensor source");
    bufferization::BufferizationOptions options;
    bufferization::AnalysisState state(options);
    if (!mayMatchThroughView(insertion, state))
      return rewriter.notifyMatchFailure(insertion,
                                         "no subset reached through a view");
    Location loc = insertion.getLoc();
    if (auto copy = dyn_cast<linalg::CopyOp>(insertion.getOperation())) {
      if (!copy.hasPureTensorSemantics() ||
          copy.getOutputs()[0].getType() != sourceType)
        return rewriter.notifyMatchFailure(copy, "not a copy of one type");
      rewriter.replaceOp(copy, createElementwiseCopy(rewriter, loc, source,
                                                     copy.getOutputs()[0]));
      return success();
    }
    // A parallel insertion sits in its loop's terminator, which holds
    // nothing else: the subset and the copy go before that terminator.
    if (isa<InParallelOpInterface>(insertion->getParentOp()))
      rewriter.setInsertionPoint(insertion->getParentOp());
    else
      rewriter.setInsertionPoint(insertion);
    Value subset = insertion.buildSubsetExtraction(rewriter, loc);
    if (!subset || subset.getType() != sourceType)
      return rewriter.notifyMatchFailure(insertion,
                                         "no subset of the source's type");
    Value copied = createElementwiseCopy(rewriter, loc, source, subset);
    rewriter.modifyOpInPlace(insertion,
                             [&] { insertion.getSourceOperand().set(copied); });
    return success();
  }
};

struct SliceProtectViewReadsPass
    : mlir::slice::impl::SliceProtectViewReadsBase<SliceProtectViewReadsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSliceProtectViewReadsPatterns(patterns);
    slice::ChangeListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    if (!listener.changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

void mlir::slice::populateSliceProtectViewReadsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ProtectViewRead>(patterns.getContext());
}
