//===- SliceInterfaces.cpp - The spec the slice ops share -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceInterfaces.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::slice;

SmallVector<MaybeInt> mlir::slice::toMaybeInts(ArrayRef<int64_t> values) {
  return llvm::map_to_vector(values, [](int64_t value) -> MaybeInt {
    if (ShapedType::isDynamic(value))
      return std::nullopt;
    return value;
  });
}

SmallVector<int64_t> mlir::slice::fromMaybeInts(ArrayRef<MaybeInt> values) {
  return llvm::map_to_vector(values, [](MaybeInt dim) -> int64_t {
    return dim ? *dim : ShapedType::kDynamic;
  });
}

std::optional<RankedTensorType>
mlir::slice::inferSliceType(RankedTensorType sourceType,
                            const SparseSliceSpec &spec, std::string &error) {
  std::optional<ResolvedSlice> resolved =
      resolveStridedSlice(spec, toMaybeInts(sourceType.getShape()), error);
  if (!resolved)
    return std::nullopt;
  return RankedTensorType::get(fromMaybeInts(resolved->resultShape),
                               sourceType.getElementType());
}

SparseSliceSpec mlir::slice::detail::getSparseSpec(ArrayRef<int64_t> begin,
                                                   ArrayRef<int64_t> end,
                                                   ArrayRef<int64_t> strides,
                                                   const SliceMasks &masks,
                                                   bool offset) {
  SparseSliceSpec spec;
  spec.begin = toMaybeInts(begin);
  spec.end = toMaybeInts(end);
  spec.strides = toMaybeInts(strides);
  spec.masks = masks;
  spec.offset = offset;
  return spec;
}

/// One SSA value per dynamic marker in each static list (upstream's check
/// for offsets, sizes and strides); that the lists have one length is the
/// semantics library's rule, checked with the spec.
static LogicalResult verifyIndexLists(
    Operation *op,
    ArrayRef<std::tuple<StringRef, ArrayRef<int64_t>, ValueRange>> lists) {
  for (auto [name, statics, values] : lists)
    if (failed(verifyListOfOperandsOrIntegers(op, name, statics.size(), statics,
                                              values)))
      return failure();
  return success();
}

LogicalResult mlir::slice::detail::verifySliceSpecOp(Operation *op) {
  auto spec = cast<SliceSpecOpInterface>(op);
  return verifyIndexLists(
      op, {{"begin", spec.getStaticBegin(), spec.getBegin()},
           {"end", spec.getStaticEnd(), spec.getEnd()},
           {"strides", spec.getStaticStrides(), spec.getStrides()}});
}

LogicalResult mlir::slice::detail::verifySliceAxesSpecOp(Operation *op) {
  auto axesOp = cast<SliceAxesSpecOpInterface>(op);
  if (!axesOp.getStaticStrides() && !axesOp.getStrides().empty())
    return op->emitOpError()
           << "has " << axesOp.getStrides().size()
           << " dynamic strides but no 'static_strides' to place them";
  if (failed(verifyIndexLists(
          op, {{"starts", axesOp.getStaticStarts(), axesOp.getStarts()},
               {"ends", axesOp.getStaticEnds(), axesOp.getEnds()},
               {"strides", axesOp.getEffectiveStaticStrides(),
                axesOp.getStrides()}})))
    return failure();
  std::string error;
  if (!axesOp.getSparseSpec(error))
    return op->emitOpError() << error;
  return success();
}

bool mlir::slice::hasNormalFormShape(SliceSpecOpInterface op) {
  SliceMasks masks = op.getMasks();
  return op.getOffset() && !masks.begin && !masks.end && !masks.ellipsis &&
         op.getNumEntries() ==
             op.getIndexedType().getRank() + llvm::popcount(masks.newAxis);
}

bool mlir::slice::detail::isNormalForm(Operation *operation) {
  auto op = cast<SliceSpecOpInterface>(operation);
  if (!hasNormalFormShape(op))
    return false;
  SliceMasks masks = op.getMasks();
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved)
    return false;
  ArrayRef<int64_t> begin = op.getStaticBegin(), end = op.getStaticEnd(),
                    strides = op.getStaticStrides();
  for (unsigned i = 0, e = op.getNumEntries(); i < e; ++i) {
    EntryKind kind = classifyEntry(masks, i);
    if (kind == EntryKind::NewAxis &&
        !(begin[i] == 0 && end[i] == 0 && strides[i] == 1))
      return false;
    if (kind == EntryKind::Shrink && strides[i] != 1)
      return false;
  }
  for (const ResolvedDim &dim : resolved->dims) {
    int64_t entry = dim.entry;
    // Every bounds check is known to pass: a dynamic shrink index or window
    // still needs the run-time check that normalization emits.
    if (entry < 0 || dim.inBounds != true)
      return false;
    bool staticEntry = !ShapedType::isDynamic(begin[entry]) &&
                       !ShapedType::isDynamic(end[entry]) &&
                       !ShapedType::isDynamic(strides[entry]);
    // A known start or shrink index is final: wrapped into the dimension,
    // not counted from the back.
    bool selects = dim.shrink || (dim.size && *dim.size > 0);
    if (!ShapedType::isDynamic(begin[entry]) && selects &&
        (!dim.start || begin[entry] != *dim.start))
      return false;
    if (!staticEntry || !dim.size || dim.shrink)
      continue;
    // Empty ranges are 0:0:1, a single element has stride 1, and a known
    // start lies inside the dimension.
    if (*dim.size == 0 &&
        !(begin[entry] == 0 && end[entry] == 0 && strides[entry] == 1))
      return false;
    if (*dim.size == 1 && strides[entry] != 1)
      return false;
    if (*dim.size > 0 && dim.inBounds != true)
      return false;
  }
  return true;
}

/// The library lays out the equivalent spec on the indexed tensor's rank;
/// the op's mixed values are carried over entry by entry.
std::optional<MixedSliceSpec>
mlir::slice::detail::getEquivalentStridedSpec(Operation *op) {
  auto axesOp = cast<SliceAxesSpecOpInterface>(op);
  std::string error;
  SmallVector<int64_t> sourceEntries;
  std::optional<SparseSliceSpec> spec = buildAxesSpec(
      axesOp.getEffectiveAxes(), toMaybeInts(axesOp.getStaticStarts()),
      toMaybeInts(axesOp.getStaticEnds()),
      toMaybeInts(axesOp.getEffectiveStaticStrides()),
      axesOp.getIndexedType().getRank(), error, &sourceEntries);
  if (!spec)
    return std::nullopt;
  Builder builder(op->getContext());
  SmallVector<OpFoldResult> starts = axesOp.getMixedStarts();
  SmallVector<OpFoldResult> ends = axesOp.getMixedEnds();
  SmallVector<OpFoldResult> strides = axesOp.getMixedStrides();
  MixedSliceSpec result;
  result.masks = spec->masks;
  for (auto [index, entry] : llvm::enumerate(sourceEntries)) {
    if (entry < 0) {
      result.begin.push_back(builder.getIndexAttr(*spec->begin[index]));
      result.end.push_back(builder.getIndexAttr(*spec->end[index]));
      result.strides.push_back(builder.getIndexAttr(*spec->strides[index]));
      continue;
    }
    result.begin.push_back(starts[entry]);
    result.end.push_back(ends[entry]);
    result.strides.push_back(strides[entry]);
  }
  return result;
}

#include "Slice/IR/SliceInterfaces.cpp.inc"
