//===- SliceCanonicalize.cpp - Folders and canonicalizations --------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The folders of slice.strided (tensor.cast sources, identity slices, small
// constants) and the canonicalization patterns of both slice ops: the axes
// form becomes slice.strided, constant index operands become static
// entries, result types become as static as inferable, and a slice of a
// slice becomes one slice. Every decision about what a spec means is the
// semantics library's (resolveStridedSlice, composeSlices, mapAxesToDims).
//
// Everything here is cheap and terminates: each pattern either removes an
// op or strictly increases what is static.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/Support/Debug.h"

#include <limits>

#define DEBUG_TYPE "slice-canonicalize"

using namespace mlir;
using namespace mlir::slice;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The bits of one element in a DenseElementsAttr's raw buffer, or 0 when
/// elements are not whole bytes (i1 is bit-packed).
static unsigned rawElementBytes(Type elementType) {
  unsigned bits = 0;
  if (auto complex = dyn_cast<ComplexType>(elementType)) {
    Type part = complex.getElementType();
    if (!part.isIntOrFloat())
      return 0;
    bits = 2 * part.getIntOrFloatBitWidth();
  } else if (elementType.isIndex()) {
    bits = IndexType::kInternalStorageBitWidth;
  } else if (elementType.isIntOrFloat()) {
    bits = elementType.getIntOrFloatBitWidth();
  }
  return bits % 8 == 0 && bits > 1 ? bits / 8 : 0;
}

DenseElementsAttr mlir::slice::sliceConstant(StridedOp op,
                                             DenseElementsAttr source,
                                             int64_t maxElements) {
  RankedTensorType resultType = op.getResultType();
  if (!source || !resultType.hasStaticShape())
    return {};
  if (source.isSplat())
    return DenseElementsAttr::get(resultType,
                                  source.getSplatValue<Attribute>());
  std::optional<int64_t> elements = checkedProduct(resultType.getShape());
  if (!elements || (maxElements >= 0 && *elements > maxElements))
    return {};
  RankedTensorType sourceType = op.getSourceType();
  if (!sourceType.hasStaticShape())
    return {};
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved)
    return {};

  ArrayRef<int64_t> shape = sourceType.getShape();
  if (unsigned bytes = rawElementBytes(sourceType.getElementType())) {
    ArrayRef<char> raw = source.getRawData();
    SmallVector<char> data;
    data.reserve(*elements * bytes);
    if (!forEachSelectedIndex(*resolved, shape, [&](int64_t flat) {
          data.append(raw.begin() + flat * bytes,
                      raw.begin() + (flat + 1) * bytes);
        }))
      return {};
    return DenseElementsAttr::getFromRawBuffer(resultType, data);
  }
  // Bit-packed element types go through attributes.
  auto values = source.getValues<Attribute>();
  SmallVector<Attribute> selected;
  selected.reserve(*elements);
  if (!forEachSelectedIndex(*resolved, shape, [&](int64_t flat) {
        selected.push_back(values[flat]);
      }))
    return {};
  return DenseElementsAttr::get(resultType, selected);
}

DenseElementsAttr mlir::slice::updateConstant(StridedUpdateOp op,
                                              DenseElementsAttr dest,
                                              DenseElementsAttr value,
                                              int64_t maxElements) {
  RankedTensorType destType = op.getDestType();
  if (!dest || !value || !destType.hasStaticShape() ||
      !op.getValueType().hasStaticShape())
    return {};
  // A splat written into a splat of the same element changes nothing.
  if (dest.isSplat() && value.isSplat() &&
      dest.getSplatValue<Attribute>() == value.getSplatValue<Attribute>())
    return dest;
  std::optional<int64_t> elements = checkedProduct(destType.getShape());
  if (!elements || (maxElements >= 0 && *elements > maxElements))
    return {};
  std::string error;
  std::optional<ResolvedSlice> resolved = resolveStridedSlice(
      op.getSparseSpec(), toMaybeInts(destType.getShape()), error);
  if (!resolved)
    return {};
  ArrayRef<int64_t> valueShape = op.getValueType().getShape();
  std::optional<SmallVector<UpdateDimMatch>> matches =
      matchUpdateValue(toMaybeInts(valueShape), resolved->resultShape, error);
  if (!matches)
    return {};
  SmallVector<Attribute> result(dest.getValues<Attribute>());
  auto values = value.getValues<Attribute>();
  bool enumerated =
      forEachUpdatedIndex(*resolved, destType.getShape(), valueShape, *matches,
                          [&](int64_t destIndex, int64_t valueIndex) {
                            result[destIndex] = values[valueIndex];
                          });
  if (!enumerated)
    return {};
  return DenseElementsAttr::get(destType, result);
}

//===----------------------------------------------------------------------===//
// StridedOp folding
//===----------------------------------------------------------------------===//

/// The largest non-splat constant result the folder creates; bigger ones
/// are for `populateSliceConstantFoldPatterns` to decide.
static constexpr int64_t kMaxFoldedElements = 4096;

/// Whether the op selects its whole source unchanged.
static bool isIdentity(StridedOp op) {
  if (op.getSourceType() != op.getResultType())
    return false;
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved || resolved->resultToInput.size() != resolved->dims.size())
    return false;
  return llvm::all_of(resolved->dims,
                      [](const ResolvedDim &dim) { return dim.full; });
}

/// Whether `op` stays valid with its source replaced by a value of the more
/// static type `refined`: a spec that is fine on a `?` dimension (an index
/// out of range is then a run-time error) may be invalid on the known size,
/// and the result type must still be no more static than inferred.
static bool isValidOnRefinedSource(StridedOp op, RankedTensorType refined) {
  return isValidSlice(refined, op.getSparseSpec(), op.getResultType());
}

/// Whether `update` provably writes none of the elements `slice` reads
/// from it (both specs resolved on the update's dest type).
static bool writesNoneOf(StridedUpdateOp update, StridedOp slice) {
  SmallVector<MaybeInt> shape = toMaybeInts(update.getDestType().getShape());
  std::string error;
  std::optional<ResolvedSlice> written =
      resolveStridedSlice(update.getSparseSpec(), shape, error);
  std::optional<ResolvedSlice> read =
      resolveStridedSlice(slice.getSparseSpec(), shape, error);
  return written && read && areKnownDisjoint(*written, *read);
}

OpFoldResult StridedOp::fold(FoldAdaptor adaptor) {
  // slice(tensor.cast(x)) where the cast only erases static information
  // slices x directly, unless the spec is invalid on x's known shape
  // (upstream's ExtractSliceOpCastFolder guards the same way).
  if (auto castOp = getSource().getDefiningOp<tensor::CastOp>();
      castOp && tensor::canFoldIntoConsumerOp(castOp) &&
      isValidOnRefinedSource(
          *this, cast<RankedTensorType>(castOp.getSource().getType()))) {
    getSourceMutable().assign(castOp.getSource());
    return getResult();
  }
  if (isIdentity(*this))
    return getSource();
  // The slice of an update with the same spec is what it wrote, when the
  // value was written as it is (no broadcasting). Not when a check is left
  // to run time: the update, dead then, would take it along.
  if (auto update = getSource().getDefiningOp<StridedUpdateOp>();
      update && hasSameSpecAs(update) &&
      update.getValueType() == getResultType() && mlir::isSpeculatable(update))
    return update.getValue();
  // The slice of an update that writes none of its elements reads the
  // update's dest instead (likewise only for an update without run-time
  // checks).
  if (auto update = getSource().getDefiningOp<StridedUpdateOp>();
      update && mlir::isSpeculatable(update) && writesNoneOf(update, *this)) {
    getSourceMutable().assign(update.getDest());
    return getResult();
  }
  if (auto source = dyn_cast_if_present<DenseElementsAttr>(adaptor.getSource()))
    if (DenseElementsAttr folded =
            sliceConstant(*this, source, kMaxFoldedElements))
      return folded;
  return {};
}

//===----------------------------------------------------------------------===//
// StridedUpdateOp folding
//===----------------------------------------------------------------------===//

OpFoldResult StridedUpdateOp::fold(FoldAdaptor adaptor) {
  // The folds below drop this op (or the update before it): not while a
  // check is left to run time (a stride that may be 0, a value size only
  // run time matches), which must still stop the program when it fails.
  std::string error;
  std::optional<ResolvedSlice> resolved = resolveStridedSlice(
      getSparseSpec(), toMaybeInts(getDestType().getShape()), error);
  // (mlir::isSpeculatable: our ConditionallySpeculatable says Speculatable
  // exactly when no check is left to run time.)
  bool speculatable = mlir::isSpeculatable(*this);
  // Writing the whole of dest with a value of dest's type: the value.
  if (speculatable && resolved && getValueType() == getDestType() &&
      resolved->resultToInput.size() == resolved->dims.size() &&
      llvm::all_of(resolved->dims,
                   [](const ResolvedDim &dim) { return dim.full; }))
    return getValue();
  // Writing nothing (a slice known to be empty): dest.
  if (speculatable && resolved &&
      llvm::is_contained(resolved->resultShape, MaybeInt(0)))
    return getDest();
  // Writing back what the same spec reads from dest: dest. The value's
  // sizes are the slice's by construction; the spec's own checks must not
  // be left to run time.
  if (auto slice = getValue().getDefiningOp<StridedOp>();
      slice && slice.getSource() == getDest() && slice.hasSameSpecAs(*this) &&
      resolved && !resolved->needsRunTimeChecks())
    return getDest();
  // An update of an update with the same spec overwrites every element the
  // first one wrote: the first one's dest is updated instead.
  if (auto inner = getDest().getDefiningOp<StridedUpdateOp>();
      inner && inner.hasSameSpecAs(*this) && mlir::isSpeculatable(inner)) {
    getDestMutable().assign(inner.getDest());
    return getResult();
  }
  if (DenseElementsAttr folded = updateConstant(
          *this, dyn_cast_if_present<DenseElementsAttr>(adaptor.getDest()),
          dyn_cast_if_present<DenseElementsAttr>(adaptor.getValue()),
          kMaxFoldedElements))
    return folded;
  return {};
}

//===----------------------------------------------------------------------===//
// StridedOp canonicalization
//===----------------------------------------------------------------------===//

/// Whether `op` stays valid with `spec` in place of its own: the spec
/// resolves, and an update's value still fits the slice.
static bool isValidSpec(SliceSpecOpInterface op, const SparseSliceSpec &spec) {
  std::string error;
  std::optional<RankedTensorType> sliceType =
      inferSliceType(op.getIndexedType(), spec, error);
  Value value = op.getWrittenValue();
  return sliceType &&
         (!value ||
          matchUpdateValue(
              toMaybeInts(cast<RankedTensorType>(value.getType()).getShape()),
              toMaybeInts(sliceType->getShape()), error));
}

/// Replaces `op` by the same op with the given spec.
static void replaceWithSpec(PatternRewriter &rewriter, SliceSpecOpInterface op,
                            ArrayRef<OpFoldResult> begin,
                            ArrayRef<OpFoldResult> end,
                            ArrayRef<OpFoldResult> strides,
                            const SliceMasks &masks) {
  if (auto update = dyn_cast<StridedUpdateOp>(op.getOperation())) {
    rewriter.replaceOpWithNewOp<StridedUpdateOp>(
        update, update.getValue(), update.getDest(), begin, end, strides, masks,
        update.getOffset());
    return;
  }
  auto slice = cast<StridedOp>(op.getOperation());
  rewriter.replaceOpWithNewOp<StridedOp>(slice, slice.getResultType(),
                                         slice.getSource(), begin, end, strides,
                                         masks, slice.getOffset());
}

namespace {
/// Replaces constant index operands by static entries, except constants the
/// verifier would reject as static values (a zero stride, a non-positive
/// shrink stride, an out-of-range shrink index or offset window): those stay
/// operands and fail at run time, so that folding never turns valid IR (say,
/// dead code) into invalid IR. INT64_MIN cannot be a static entry; as a
/// begin or end (ONNX's "to the front") it becomes the static value or end
/// mask bit that selects the same elements, where there is one
/// (replaceMinIndices).
/// (One pattern for both ops, added by the dialect's canonicalization.)
struct FoldConstantOperands : OpInterfaceRewritePattern<SliceSpecOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(SliceSpecOpInterface op,
                                PatternRewriter &rewriter) const override {
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    SmallVector<OpFoldResult> lists[3] = {op.getMixedBegin(), op.getMixedEnd(),
                                          op.getMixedStrides()};
    SparseSliceSpec spec = op.getSparseSpec();
    SmallVector<MaybeInt> *specLists[3] = {&spec.begin, &spec.end,
                                           &spec.strides};
    SmallVector<MaybeInt> shape = toMaybeInts(op.getIndexedType().getShape());
    bool changed = false;
    for (auto [mixed, specList] : llvm::zip_equal(lists, specLists)) {
      for (auto [index, value] : llvm::enumerate(mixed)) {
        auto ssaValue = dyn_cast<Value>(value);
        if (!ssaValue)
          continue;
        std::optional<int64_t> constant = getConstantIntValue(ssaValue);
        if (!constant || *constant == kMin)
          continue;
        // Keep the constant only if the spec stays valid with it.
        (*specList)[index] = *constant;
        if (!isValidSpec(op, spec)) {
          (*specList)[index] = std::nullopt;
          continue;
        }
        mixed[index] = rewriter.getIndexAttr(*constant);
        changed = true;
      }
    }

    // INT64_MIN begins and ends, with every other entry as known as now.
    SparseSliceSpec withMin = spec;
    for (auto [mixed, specList] : {std::pair(&lists[0], &withMin.begin),
                                   std::pair(&lists[1], &withMin.end)})
      for (auto [index, value] : llvm::enumerate(*mixed))
        if (isa<Value>(value) && getConstantIntValue(value) == kMin)
          (*specList)[index] = kMin;
    if (replaceMinIndices(withMin, shape) && isValidSpec(op, withMin)) {
      for (auto [mixed, specList] : {std::pair(&lists[0], &withMin.begin),
                                     std::pair(&lists[1], &withMin.end)})
        for (auto [index, value] : llvm::enumerate(*mixed))
          if (isa<Value>(value) && getConstantIntValue(value) == kMin &&
              (*specList)[index] != kMin) {
            (*mixed)[index] = rewriter.getIndexAttr(*(*specList)[index]);
            changed = true;
          }
      spec.masks = withMin.masks;
    }

    if (!changed)
      return rewriter.notifyMatchFailure(op, "no foldable constant operand");
    replaceWithSpec(rewriter, op, lists[0], lists[1], lists[2], spec.masks);
    return success();
  }
};

/// Gives the op its inferred result type where that is more static, with a
/// tensor.cast back to the old type for the users.
struct RefineResultType : OpRewritePattern<StridedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedOp op,
                                PatternRewriter &rewriter) const override {
    std::string error;
    std::optional<RankedTensorType> inferred = StridedOp::inferResultType(
        op.getSourceType(), op.getSparseSpec(), error);
    if (!inferred || *inferred == op.getResultType())
      return rewriter.notifyMatchFailure(op, "the result type is precise");
    auto refined = StridedOp::create(
        rewriter, op.getLoc(), *inferred, op.getSource(), op.getMixedBegin(),
        op.getMixedEnd(), op.getMixedStrides(), op.getMasks(), op.getOffset());
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, op.getResultType(),
                                                refined);
    return success();
  }
};

/// slice(slice(x)) -> slice(x) when one spec expresses the composition
/// (composeSlices says when).
struct ComposeSlices : OpRewritePattern<StridedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getSource().getDefiningOp<StridedOp>();
    if (!producer)
      return rewriter.notifyMatchFailure(op, "the source is not a slice");
    std::string error;
    std::optional<ResolvedSlice> inner = producer.resolve(error);
    std::optional<ResolvedSlice> outer = op.resolve(error);
    if (!inner || !outer)
      return rewriter.notifyMatchFailure(op, "invalid slice");
    std::string reason;
    std::optional<SparseSliceSpec> composed =
        composeSlices(*inner, *outer, &reason);
    if (!composed)
      return rewriter.notifyMatchFailure(op, reason);
    if (!isValidSlice(producer.getSourceType(), *composed, op.getResultType()))
      return rewriter.notifyMatchFailure(
          op, "the composed slice infers an incompatible type");
    auto toAttrs = [&](ArrayRef<MaybeInt> values) {
      return llvm::map_to_vector(values, [&](MaybeInt value) -> OpFoldResult {
        return rewriter.getIndexAttr(*value);
      });
    };
    rewriter.replaceOpWithNewOp<StridedOp>(
        op, op.getResultType(), producer.getSource(), toAttrs(composed->begin),
        toAttrs(composed->end), toAttrs(composed->strides), composed->masks);
    return success();
  }
};
/// A tensor.cast that says a dynamic dimension of a tensor.extract_slice is
/// empty becomes a tensor.empty. Upstream's cast folding
/// (TensorCastExtractSlice) would make the size static 0 in the slice and
/// keep its offset, which upstream's verifier rejects for a negative stride
/// ("runs out-of-bounds": it checks offset + (size - 1) * stride even for
/// size 0), so a slice lowered with a run-time size and cast to an empty
/// type (what framework ops with static result types do) would not verify.
/// The benefit beats upstream's pattern.
struct EmptyCastOfExtractSlice : OpRewritePattern<tensor::CastOp> {
  EmptyCastOfExtractSlice(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(tensor::CastOp op,
                                PatternRewriter &rewriter) const override {
    auto slice = op.getSource().getDefiningOp<tensor::ExtractSliceOp>();
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!slice || !type || type.getRank() != slice.getType().getRank())
      return failure();
    bool emptied = false;
    for (auto [to, from] :
         llvm::zip_equal(type.getShape(), slice.getType().getShape()))
      emptied |= to == 0 && ShapedType::isDynamic(from);
    if (!emptied)
      return failure();
    SmallVector<Value> dynamicSizes;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, op.getLoc(), op.getSource(), d));
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type, dynamicSizes);
    return success();
  }
};
/// Whether a slice of `sourceType` with `sizes` selects nothing: a size
/// known 0, or a source dimension of static size 0.
static bool selectsNothing(ShapedType sourceType,
                           ArrayRef<OpFoldResult> sizes) {
  return llvm::is_contained(sourceType.getShape(), 0) ||
         llvm::any_of(sizes, [](OpFoldResult size) {
           return isConstantIntValue(size, 0);
         });
}

/// A tensor.extract_slice that selects nothing (a size known 0, or a
/// source dimension of static size 0) becomes a tensor.empty. Upstream's
/// folders make such sizes and source types static as they learn them
/// (say, a run-time size that folds to 0 after CSE), and its verifiers then
/// reject a static offset on a dimension of size 0 ("offset 0 is
/// out-of-bounds: 0 >= 0"), which an empty slice of an empty dimension
/// naturally has. Nothing is read, so nothing is lost.
struct EmptyExtractSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  EmptyExtractSlice(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    if (!selectsNothing(op.getSourceType(), sizes))
      return failure();
    llvm::SmallBitVector dropped = op.getDroppedDims();
    SmallVector<Value> dynamicSizes;
    unsigned resultDim = 0;
    for (auto [d, size] : llvm::enumerate(sizes)) {
      if (dropped.test(d))
        continue;
      if (op.getType().isDynamicDim(resultDim++))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, op.getLoc(), size));
    }
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, op.getType(),
                                                 dynamicSizes);
    return success();
  }
};

/// The buffer form of EmptyExtractSlice: a memref.subview that selects
/// nothing becomes a memref.reinterpret_cast of its source to the subview's
/// type with offset 0 (the verifiers take any offset there; nothing is
/// ever read through it). Upstream's folders make a run-time 0 static on
/// buffers too, after bufferization (a memref.cast folded into the
/// subview), where the subview's verifier then rejects its offset on the
/// empty dimension.
struct EmptySubView : OpRewritePattern<memref::SubViewOp> {
  EmptySubView(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(memref::SubViewOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    if (!selectsNothing(op.getSourceType(), sizes))
      return failure();
    MemRefType type = op.getType();
    auto [strides, offset] = type.getStridesAndOffset();
    auto fixed = [&](int64_t value, int64_t fallback) -> OpFoldResult {
      return rewriter.getIndexAttr(ShapedType::isDynamic(value) ? fallback
                                                                : value);
    };
    llvm::SmallBitVector dropped = op.getDroppedDims();
    SmallVector<OpFoldResult> resultSizes, resultStrides;
    for (auto [d, size] : llvm::enumerate(sizes))
      if (!dropped.test(d))
        resultSizes.push_back(size);
    for (int64_t stride : strides)
      resultStrides.push_back(fixed(stride, 1));
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, type, op.getSource(), fixed(offset, 0), resultSizes, resultStrides);
    return success();
  }
};
} // namespace

void mlir::slice::populateEmptyExtractSlicePatterns(
    RewritePatternSet &patterns) {
  patterns.add<EmptyCastOfExtractSlice, EmptyExtractSlice, EmptySubView>(
      patterns.getContext());
}

void SliceDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  results.add<FoldConstantOperands>(getContext());
  populateEmptyExtractSlicePatterns(results);
}

void StridedOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<RefineResultType, ComposeSlices>(context);
}

namespace {
/// update(tensor.cast(v) into tensor.cast(d)), where the casts only erase
/// static information, updates d with v and casts the result back, as
/// tensor.insert_slice folds its casts: unless the op is invalid on the
/// more static types (a static index out of range of d's known size, a
/// value that no longer fits the slice), where the casts that make it so
/// stay. (The op is no DestinationStyleOpInterface: upstream's tensor
/// canonicalization folds casts into those unchecked.)
struct FoldCastsIntoUpdate : OpRewritePattern<StridedUpdateOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedUpdateOp op,
                                PatternRewriter &rewriter) const override {
    auto castSource = [](Value operand) -> Value {
      auto castOp = operand.getDefiningOp<tensor::CastOp>();
      if (!castOp || !tensor::canFoldIntoConsumerOp(castOp))
        return operand;
      return castOp.getSource();
    };
    Value value = castSource(op.getValue());
    Value dest = castSource(op.getDest());
    // Both casts folded, else the dest's alone, else the value's.
    SmallVector<std::pair<Value, Value>, 3> candidates;
    if (value != op.getValue() && dest != op.getDest())
      candidates.push_back({value, dest});
    if (dest != op.getDest())
      candidates.push_back({op.getValue(), dest});
    if (value != op.getValue())
      candidates.push_back({value, op.getDest()});
    SparseSliceSpec spec = op.getSparseSpec();
    for (auto [newValue, newDest] : candidates) {
      if (!isValidUpdate(cast<RankedTensorType>(newValue.getType()),
                         cast<RankedTensorType>(newDest.getType()), spec))
        continue;
      Value refined = StridedUpdateOp::create(
          rewriter, op.getLoc(), newValue, newDest, op.getMixedBegin(),
          op.getMixedEnd(), op.getMixedStrides(), op.getMasks(),
          op.getOffset());
      if (refined.getType() != op.getType())
        refined = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(),
                                         refined);
      rewriter.replaceOp(op, refined);
      return success();
    }
    return rewriter.notifyMatchFailure(
        op, "no cast that the op stays valid without");
  }
};
} // namespace

void StridedUpdateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<FoldCastsIntoUpdate>(context);
}

//===----------------------------------------------------------------------===//
// StridedAxesOp canonicalization
//===----------------------------------------------------------------------===//

/// Replaces the axes op `op` by the `StridedOpT` of its equivalent spec,
/// whose leading operands (and result type) are `leading`, built where
/// `op` is.
template <typename StridedOpT, typename AxesOpT, typename... Leading>
static FailureOr<StridedOpT>
replaceWithStrided(RewriterBase &rewriter, AxesOpT op, Leading... leading) {
  std::optional<MixedSliceSpec> spec = op.getEquivalentStridedSpec();
  if (!spec)
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  return rewriter.replaceOpWithNewOp<StridedOpT>(
      op, leading..., spec->begin, spec->end, spec->strides, spec->masks);
}

FailureOr<StridedOp> mlir::slice::convertAxesToStrided(RewriterBase &rewriter,
                                                       StridedAxesOp op) {
  return replaceWithStrided<StridedOp>(rewriter, op, op.getResultType(),
                                       op.getSource());
}

FailureOr<StridedUpdateOp>
mlir::slice::convertAxesUpdateToStrided(RewriterBase &rewriter,
                                        StridedAxesUpdateOp op) {
  return replaceWithStrided<StridedUpdateOp>(rewriter, op, op.getValue(),
                                             op.getDest());
}

namespace {
struct AxesToStrided : OpRewritePattern<StridedAxesOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedAxesOp op,
                                PatternRewriter &rewriter) const override {
    return convertAxesToStrided(rewriter, op);
  }
};

struct AxesUpdateToStrided : OpRewritePattern<StridedAxesUpdateOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(StridedAxesUpdateOp op,
                                PatternRewriter &rewriter) const override {
    return convertAxesUpdateToStrided(rewriter, op);
  }
};
} // namespace

void StridedAxesOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<AxesToStrided>(context);
}

void StridedAxesUpdateOp::getCanonicalizationPatterns(
    RewritePatternSet &results, MLIRContext *context) {
  results.add<AxesUpdateToStrided>(context);
}
