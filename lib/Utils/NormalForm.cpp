//===- NormalForm.cpp - The normal form of a slice, computed -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Computes the normal form of docs/normal-form.md and rewrites slice ops
// into it: offset
// mode, no ellipsis / begin / end masks, one entry per input dimension (and
// per new axis) with the final start, extent and stride. The values come
// from the semantics library's `resolveDimRange`, run over ArithIndexBuilder
// so that known values fold and unknown ones become arith ops; the checks
// only run time can make come from `strideIsValid` and `dimRangeInBounds`
// and become cf.assert ops.
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/NormalForm.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Utils/SliceView.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::slice;

namespace {
/// The values of one entry of the normal-form spec (which entries shrink
/// or are new axes, getNormalFormMasks says).
struct NormalEntry {
  OpFoldResult begin, end, stride, size;
};
} // namespace

/// Emits `cf.assert(cond, message)` unless `cond` is known true. Returns
/// whether `cond` is known false (the op would always fail).
static bool emitCheck(ArithIndexBuilder &arith, OpBuilder &builder,
                      Location loc, OpFoldResult cond, const Twine &message) {
  std::optional<bool> known = getConstantBool(cond);
  if (known == true)
    return false;
  cf::AssertOp::create(builder, loc, arith.materializeCond(cond),
                       message.str());
  return known == false;
}

/// The masks of the normal form of `dense`: one entry per input dimension
/// and new axis in result order (shrunk dimensions before the next
/// surviving one), only shrink and new-axis bits.
static SliceMasks getNormalFormMasks(const DenseSliceSpec &dense) {
  SliceMasks masks;
  unsigned numEntries = 0;
  layoutEntries(
      dense.resultToInput, dense.dims.size(),
      [&](size_t input) {
        if (dense.dims[input].shrink)
          masks.shrinkAxis |= uint64_t(1) << numEntries;
        ++numEntries;
      },
      [&](size_t) { masks.newAxis |= uint64_t(1) << numEntries++; });
  return masks;
}

/// The spec the verifier sees in `spec`: static entries known, SSA values
/// unknown (even constant ones).
static SparseSliceSpec toSparseSpec(const NormalFormSpec &spec) {
  return getStaticSpec({spec.begin, spec.end, spec.strides, spec.masks},
                       /*offset=*/true);
}

/// Keeps as SSA values the extent and stride of the entries whose static
/// values alone would make the normal form of `op` fail to verify, as
/// canonicalization keeps such constants operands: an offset-mode window
/// whose extent and stride are known but whose size fits no tensor (known
/// sizes multiplying past INT64_MAX) can only fail its run-time check, and
/// `op`'s result type leaves that size dynamic. For the spec of an update
/// whose value has type `valueType`, the value must also still fit the
/// slice: a size checked against the value at run time (the value's 3 rows
/// into `[0:%c4]`) stays dynamic too. The largest known sizes are demoted
/// first, one at a time, until the spec verifies; a spec that verifies as
/// built is left alone.
static void keepUnverifiableSizesDynamic(OpBuilder &builder, Location loc,
                                         SliceSpecOpInterface op,
                                         NormalFormSpec &spec) {
  RankedTensorType sourceType = op.getIndexedType();
  RankedTensorType resultType = op.getSliceType();
  RankedTensorType valueType;
  if (Value value = op.getWrittenValue())
    valueType = cast<RankedTensorType>(value.getType());
  auto verifies = [&] {
    SparseSliceSpec sparse = toSparseSpec(spec);
    if (!isValidSlice(sourceType, sparse, resultType))
      return false;
    if (!valueType)
      return true;
    std::string error;
    std::optional<RankedTensorType> sliceType =
        inferSliceType(sourceType, sparse, error);
    return sliceType &&
           matchUpdateValue(toMaybeInts(valueType.getShape()),
                            toMaybeInts(sliceType->getShape()), error);
  };
  if (verifies())
    return;
  // The entries of kept dimensions that the result type leaves dynamic
  // (a static result size must stay known), with the magnitude of the
  // size their static extent and stride give.
  SliceViewLayout layout = getSliceViewLayout(spec.masks, spec.begin.size());
  SmallVector<std::pair<uint64_t, unsigned>> candidates;
  for (auto [entry, pos] :
       llvm::zip_equal(layout.entries, layout.resultPositions)) {
    if (pos < 0 || !resultType.isDynamicDim(pos))
      continue;
    std::optional<int64_t> extent = getConstantIntValue(spec.end[entry]);
    std::optional<int64_t> stride = getConstantIntValue(spec.strides[entry]);
    uint64_t size =
        extent && stride && *stride != 0
            ? llvm::AbsoluteValue(*extent) / llvm::AbsoluteValue(*stride)
            : 0;
    candidates.push_back({size, entry});
  }
  // Largest first, first entry first among equals.
  llvm::sort(candidates, [](auto a, auto b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  for (auto [size, entry] : candidates) {
    OpFoldResult &end = spec.end[entry], &stride = spec.strides[entry];
    if (isa<Value>(end) && isa<Value>(stride))
      continue;
    end = getValueOrCreateConstantIndexOp(builder, loc, end);
    stride = getValueOrCreateConstantIndexOp(builder, loc, stride);
    if (verifies())
      return;
  }
}

/// The dense spec of `op`, when it has a normal form of at most
/// kMaxSpecEntries entries: the semantics library's verdict, asked before
/// anything is emitted. Sets `error` otherwise.
static std::optional<DenseSliceSpec>
getNormalFormDims(SliceSpecOpInterface op, unsigned rank, std::string &error) {
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(op.getSparseSpec(), rank, error);
  if (!dense)
    return std::nullopt;
  size_t numEntries = dense->dims.size() + dense->newAxisEntries.size();
  if (numEntries > kMaxSpecEntries) {
    error = "its normal form would have " + std::to_string(numEntries) +
            " entries, more than " + std::to_string(kMaxSpecEntries);
    return std::nullopt;
  }
  return dense;
}

/// Whether `op` passes its verifier's checks of the spec, as the semantics
/// library makes them: a valid op has a valid normal form.
static bool isValidSpecOp(SliceSpecOpInterface op) {
  if (Value value = op.getWrittenValue())
    return isValidUpdate(cast<RankedTensorType>(value.getType()),
                         op.getIndexedType(), op.getSparseSpec());
  RankedTensorType sliceType = op.getSliceType();
  return sliceType &&
         isValidSlice(op.getIndexedType(), op.getSparseSpec(), sliceType);
}

std::string mlir::slice::explainNormalFormFailure(SliceSpecOpInterface op) {
  // The semantics library rejects what has no normal form (a normal form
  // of more than 64 entries included), so a verified op always has one.
  std::string error;
  if (!getNormalFormDims(op, op.getIndexedType().getRank(), error))
    return error;
  return "its normal form does not verify";
}

NormalFormSpec mlir::slice::getNormalFormSpec(SliceSpecOpInterface op) {
  return {op.getMixedBegin(), op.getMixedEnd(), op.getMixedStrides(),
          op.getMasks(), /*sizes=*/{}};
}

FailureOr<NormalFormSpec>
mlir::slice::emitNormalFormSpec(OpBuilder &builder, Location loc,
                                SliceSpecOpInterface op,
                                ArrayRef<OpFoldResult> sourceSizes) {
  std::string error;
  std::optional<DenseSliceSpec> dense =
      getNormalFormDims(op, sourceSizes.size(), error);
  if (!dense)
    return failure();
  StringRef opName = op->getName().getStringRef();

  ArithIndexBuilder arith(builder, loc);
  SmallVector<OpFoldResult> mixedBegin = op.getMixedBegin();
  SmallVector<OpFoldResult> mixedEnd = op.getMixedEnd();
  SmallVector<OpFoldResult> mixedStrides = op.getMixedStrides();
  OpFoldResult zero = builder.getIndexAttr(0);
  OpFoldResult one = builder.getIndexAttr(1);
  auto entryValue = [&](ArrayRef<OpFoldResult> mixed, int64_t entry,
                        OpFoldResult fallback) {
    return entry < 0 ? fallback : mixed[entry];
  };
  // A value the verifier would reject as static stays an SSA value: the
  // assert ahead of the op fails at run time instead.
  auto keepDynamic = [&](OpFoldResult value) -> OpFoldResult {
    return getValueOrCreateConstantIndexOp(builder, loc, value);
  };

  SmallVector<NormalEntry> inputEntries;
  for (auto [dim, flags] : llvm::enumerate(dense->dims)) {
    OpFoldResult begin = entryValue(mixedBegin, flags.entry, zero);
    OpFoldResult end = entryValue(mixedEnd, flags.entry, zero);
    OpFoldResult stride = entryValue(mixedStrides, flags.entry, one);
    OpFoldResult dimSize = sourceSizes[dim];
    std::string where = (opName + ": entry " + Twine(flags.entry) +
                         " (input dimension " + Twine(dim) + ")")
                            .str();

    // The stride first: the size arithmetic divides by it.
    bool badStride =
        emitCheck(arith, builder, loc, strideIsValid(arith, stride, flags),
                  where + (flags.shrink ? " shrinks with a non-positive stride"
                                        : " has stride 0"));
    // A stride known to fail the check never reaches the view: the assert
    // stops the program first. The view gets stride 1, so that no later
    // folding gives it a zero stride that no layout (and no copy of a
    // returned view) can express; an SSA 1, since a static 1 may make
    // the window larger than any tensor (an offset-mode extent of
    // INT64_MAX on a dimension of 7-element rows).
    if (badStride)
      stride = keepDynamic(one);
    DimRange<OpFoldResult> range =
        resolveDimRange(arith, begin, end, stride, dimSize, flags);
    bool outOfBounds = emitCheck(
        arith, builder, loc, dimRangeInBounds(arith, range, dimSize, flags),
        where + (flags.shrink ? ": the shrink index is out of range"
                              : ": the offset-mode window leaves the "
                                "dimension"));
    OpFoldResult start = outOfBounds ? keepDynamic(range.start) : range.start;

    NormalEntry entry;
    if (flags.shrink) {
      // The end the parser pairs with an index (`x[b]` is b:b+1, 0 when b
      // is dynamic); a shrink entry ignores it.
      std::optional<int64_t> index = getConstantIntValue(start);
      OpFoldResult shrinkEnd =
          index && isa<Attribute>(start) && *index != INT64_MAX
              ? builder.getIndexAttr(*index + 1)
              : zero;
      entry = {start, shrinkEnd, one, one};
    } else if (isConstantIntValue(range.size, 0)) {
      entry = {zero, zero, one, zero};
    } else if (isConstantIntValue(range.size, 1)) {
      entry = {start, one, one, one};
    } else {
      entry = {start, range.interval, stride, range.size};
    }
    inputEntries.push_back(entry);
  }

  // Entries in result order; shrunk dimensions go before the next
  // surviving one.
  NormalFormSpec spec;
  spec.masks = getNormalFormMasks(*dense);
  auto append = [&](const NormalEntry &entry) {
    spec.begin.push_back(entry.begin);
    spec.end.push_back(entry.end);
    spec.strides.push_back(entry.stride);
    spec.sizes.push_back(entry.size);
  };
  layoutEntries(
      dense->resultToInput, inputEntries.size(),
      [&](size_t input) { append(inputEntries[input]); },
      [&](size_t) { append({zero, zero, one, one}); });
  keepUnverifiableSizesDynamic(builder, loc, op, spec);
  return spec;
}

/// Rewrites `op` into its normal form with `build`, emitting the values
/// and checks before it through `rewriter`, once the semantics library has
/// said that the op is valid and its normal form exists: a pattern that
/// fails leaves the IR as it was, without a notification. Only what the new
/// op and the spec's sizes (where `keepSizes`) use of the values computed
/// on the way is kept.
static FailureOr<Operation *> replaceWithNormalForm(
    RewriterBase &rewriter, SliceSpecOpInterface op, bool keepSizes,
    function_ref<Operation *(OpBuilder &, const NormalFormSpec &)> build) {
  std::string error;
  if (!getNormalFormDims(op, op.getIndexedType().getRank(), error) ||
      !isValidSpecOp(op))
    return failure();
  Location loc = op->getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Operation *before = op->getPrevNode();
  auto emitted = [&] {
    Block::iterator first =
        before ? std::next(before->getIterator()) : op->getBlock()->begin();
    return llvm::make_range(first, op->getIterator());
  };
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(rewriter, loc, op.getIndexed());
  FailureOr<NormalFormSpec> spec =
      emitNormalFormSpec(rewriter, loc, op, sourceSizes);
  if (failed(spec)) {
    // Unreachable for an op that verifies; the IR is left as it was.
    SmallVector<Operation *> built =
        llvm::to_vector(llvm::make_pointer_range(emitted()));
    for (Operation *dead : llvm::reverse(built))
      rewriter.eraseOp(dead);
    return failure();
  }
  Operation *normal = build(rewriter, *spec);
  // The semantics' formulas compute every part of a range; whatever the
  // new op does not need (a discarded arm, a comparison replaced by its
  // inverse) would otherwise reach the IR for canonicalization to remove.
  llvm::SmallPtrSet<Operation *, 8> kept = {normal};
  if (keepSizes)
    for (OpFoldResult size : spec->sizes)
      if (auto value = dyn_cast<Value>(size))
        if (Operation *def = value.getDefiningOp())
          kept.insert(def);
  SmallVector<Operation *> built =
      llvm::to_vector(llvm::make_pointer_range(emitted()));
  for (Operation *candidate : llvm::reverse(built))
    if (!kept.contains(candidate) && isOpTriviallyDead(candidate))
      rewriter.eraseOp(candidate);
  rewriter.replaceOp(op, normal->getResults());
  return normal;
}

FailureOr<StridedOp> mlir::slice::normalizeStridedOp(RewriterBase &rewriter,
                                                     StridedOp op,
                                                     NormalFormSpec *specOut) {
  if (op.isNormalForm())
    return op;
  FailureOr<Operation *> normal = replaceWithNormalForm(
      rewriter, op, /*keepSizes=*/specOut != nullptr,
      [&](OpBuilder &builder, const NormalFormSpec &spec) {
        if (specOut)
          *specOut = spec;
        return StridedOp::create(builder, op.getLoc(), op.getResultType(),
                                 op.getSource(), spec.begin, spec.end,
                                 spec.strides, spec.masks, /*offset=*/true);
      });
  if (failed(normal))
    return failure();
  return cast<StridedOp>(*normal);
}

FailureOr<StridedUpdateOp>
mlir::slice::normalizeStridedUpdateOp(RewriterBase &rewriter,
                                      StridedUpdateOp op) {
  if (op.isNormalForm())
    return op;
  FailureOr<Operation *> normal = replaceWithNormalForm(
      rewriter, op, /*keepSizes=*/false,
      [&](OpBuilder &builder, const NormalFormSpec &spec) {
        return StridedUpdateOp::create(
            builder, op.getLoc(), op.getValue(), op.getDest(), spec.begin,
            spec.end, spec.strides, spec.masks, /*offset=*/true);
      });
  if (failed(normal))
    return failure();
  return cast<StridedUpdateOp>(*normal);
}
