//===- SliceView.cpp - The view a normal-form slice denotes ---------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Turns a normal-form spec into the offsets, sizes and strides of an upstream
// slice (tensor.extract_slice or memref.subview), the dimensions a
// rank-reducing slice drops, and the reassociation that re-inserts the new
// axes. The element counts come from the semantics library.
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/SliceView.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::slice;

SmallVector<int64_t> SliceView::getReducedShape() const {
  return llvm::to_vector(llvm::map_range(reducedSizes, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  }));
}

SmallVector<int64_t> SliceView::getResultShape() const {
  return llvm::to_vector(llvm::map_range(resultSizes, [](OpFoldResult size) {
    return getConstantIntValue(size).value_or(ShapedType::kDynamic);
  }));
}

bool SliceViewLayout::hasNewAxes() const {
  return resultRank !=
         llvm::count_if(resultPositions, [](int64_t pos) { return pos >= 0; });
}

SmallVector<int64_t> SliceViewLayout::getKeptResultPositions() const {
  return llvm::to_vector(llvm::make_filter_range(
      resultPositions, [](int64_t pos) { return pos >= 0; }));
}

SmallVector<ReassociationIndices>
SliceViewLayout::getShrinkCollapseGroups() const {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (auto [dim, pos] : llvm::enumerate(resultPositions)) {
    pending.push_back(dim);
    if (pos >= 0) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return groups;
}

bool SliceView::isAmbiguousRankReduction() const {
  // A dynamic kept size may fold to 1 later (a tensor.cast to a static type
  // folds into the slice's sizes), which makes the reduction ambiguous
  // after the fact (test/Regression/frontdoor-ambiguous-after-cast.mlir).
  return llvm::is_contained(layout.resultPositions, -1) &&
         llvm::any_of(getReducedShape(), [](int64_t size) {
           return size == 1 || ShapedType::isDynamic(size);
         });
}

SmallVector<OpFoldResult> SliceView::getFullRankSizes() const {
  SmallVector<OpFoldResult> fullSizes;
  unsigned kept = 0;
  for (auto [size, pos] : llvm::zip_equal(sizes, layout.resultPositions))
    fullSizes.push_back(pos < 0 ? size : reducedSizes[kept++]);
  return fullSizes;
}

SliceViewLayout mlir::slice::getSliceViewLayout(const SliceMasks &masks,
                                                unsigned numEntries) {
  SliceViewLayout layout;
  ReassociationIndices pending;
  for (unsigned i = 0; i < numEntries; ++i) {
    if (isMaskBitSet(masks.newAxis, i)) {
      pending.push_back(layout.resultRank++);
      continue;
    }
    layout.entries.push_back(i);
    if (isMaskBitSet(masks.shrinkAxis, i)) {
      layout.resultPositions.push_back(-1);
      continue;
    }
    layout.resultPositions.push_back(layout.resultRank);
    pending.push_back(layout.resultRank++);
    layout.reassociation.push_back(pending);
    pending.clear();
  }
  if (!layout.reassociation.empty())
    layout.reassociation.back().append(pending.begin(), pending.end());
  return layout;
}

/// The stride an upstream view gets for a normal-form `stride`: never
/// INT64_MIN, which upstream's folders take for the dynamic marker once it
/// is a constant (and crash on). A stride of magnitude 2^63 - 1 or more
/// selects at most one element of any dimension, whose start the offset
/// gives, so INT64_MIN + 1 selects the same; a stride only known at run
/// time is clamped by an arith.maxsi, which folds with it should it become
/// a constant later (after inlining, say).
///
/// Likewise a known stride whose step in elements of a row-major buffer,
/// stride x `rowStride` (the product of the inner sizes, where all are
/// static), leaves int64 or is INT64_MIN: two elements that far apart need
/// more than (|stride| + 1) x `rowStride` elements, which no tensor holds, so
/// the range selects at most one element and stride 1 selects the same.
/// Upstream's expand-strided-metadata would otherwise fold the step into
/// a static stride equal to the dynamic marker (docs/reliability.md,
/// finding 21).
static OpFoldResult getViewStride(ArithIndexBuilder &arith, OpFoldResult stride,
                                  std::optional<int64_t> rowStride) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  std::optional<int64_t> known = getConstantIntValue(stride);
  if (known) {
    if (*known == kMin)
      return arith.constant(kMin + 1);
    int64_t step;
    if (rowStride &&
        (llvm::MulOverflow(*known, *rowStride, step) || step == kMin))
      return arith.constant(1);
    return stride;
  }
  return arith.max(stride, arith.constant(kMin + 1));
}

/// The stride of a row-major buffer's dimension whose inner dimensions have
/// the sizes `innerShape`: their product, unless one is dynamic or it
/// leaves int64 (then the tensor is empty).
static std::optional<int64_t> getRowStride(ArrayRef<int64_t> innerShape) {
  return checkedProduct(innerShape);
}

/// Whether a static `offset` on a dimension whose inner dimensions have the
/// sizes `innerShape` lies past INT64_MAX elements in a row-major buffer of
/// any tensor of that type (dynamic inner sizes count as 1, the smallest a
/// non-empty tensor has). No tensor holds such an index, so it can only be
/// a shrink index or window start on a dynamic dimension whose run-time
/// check fails. Upstream would fold `offset * stride` into a wrapped,
/// negative offset once the strides are known (the GPU pipeline's dense
/// arguments make them so): the view is kept empty instead.
static bool isBeyondAnyBuffer(int64_t offset, ArrayRef<int64_t> innerShape) {
  int64_t elements = offset;
  for (int64_t size : innerShape)
    if (!ShapedType::isDynamic(size) && size > 0 &&
        llvm::MulOverflow(elements, size, elements))
      return true;
  return false;
}

/// Whether the known values of `sizes` (none negative) multiply past
/// INT64_MAX (checkedProduct, the semantics library's count).
static bool isUncountable(ArrayRef<OpFoldResult> sizes) {
  SmallVector<int64_t> known;
  for (OpFoldResult size : sizes)
    if (std::optional<int64_t> value = getConstantIntValue(size))
      known.push_back(*value);
  return !checkedProduct(known);
}

SliceView mlir::slice::computeSliceView(OpBuilder &builder, Location loc,
                                        const NormalFormSpec &spec,
                                        ArrayRef<int64_t> sourceShape,
                                        RankedTensorType resultType) {
  ArithIndexBuilder arith(builder, loc);
  OpFoldResult zero = builder.getIndexAttr(0);
  OpFoldResult one = builder.getIndexAttr(1);
  SliceView view;
  view.layout = getSliceViewLayout(spec.masks, spec.begin.size());
  view.resultSizes.assign(view.layout.resultRank, one);
  for (auto [entry, resultPos] :
       llvm::zip_equal(view.layout.entries, view.layout.resultPositions)) {
    // A static offset outside a static dimension (a 0-size one included)
    // belongs to an empty range or to a shrink index whose assert fails.
    // A known negative offset (INT64_MIN included, which upstream must not
    // see) can only be such a failing index, whatever the dimension.
    size_t dim = view.offsets.size();
    int64_t dimSize = sourceShape[dim];
    std::optional<int64_t> offset = getConstantIntValue(spec.begin[entry]);
    if ((offset && *offset < 0) ||
        (!ShapedType::isDynamic(dimSize) &&
         (dimSize == 0 || (offset && *offset >= dimSize))) ||
        (offset && isBeyondAnyBuffer(*offset, sourceShape.drop_front(dim + 1))))
      view.knownEmpty = true;
    view.offsets.push_back(spec.begin[entry]);
    if (resultPos < 0) {
      view.sizes.push_back(one);
      view.strides.push_back(one);
      continue;
    }
    OpFoldResult size;
    if (!resultType.isDynamicDim(resultPos)) {
      size = builder.getIndexAttr(resultType.getDimSize(resultPos));
    } else if (!spec.sizes.empty()) {
      size = spec.sizes[entry];
    } else {
      OpFoldResult stride = spec.strides[entry];
      size = countElements(arith, spec.end[entry], stride,
                           arith.lessThan(zero, stride), /*bounded=*/false);
    }
    // The one size countElements wraps, 2^63 (an offset window of extent
    // INT64_MIN and stride -1), fails its bounds assert: an unreachable
    // view, kept empty so that no negative size reaches a type.
    std::optional<int64_t> knownSize = getConstantIntValue(size);
    if (knownSize && *knownSize < 0)
      size = builder.getIndexAttr(0);
    if (knownSize && *knownSize <= 0)
      view.knownEmpty = true;
    view.sizes.push_back(size);
    view.strides.push_back(
        getViewStride(arith, spec.strides[entry],
                      getRowStride(sourceShape.drop_front(dim + 1))));
    view.reducedSizes.push_back(size);
    view.resultSizes[resultPos] = size;
  }
  // Known sizes that multiply past INT64_MAX (only a dynamic result
  // dimension can hold such a size: the verifier counts the static ones)
  // belong to a window no tensor holds, whose assert fails: an unreachable
  // view, kept empty, since upstream would otherwise carry a type of more
  // elements than int64 counts into folds, copies and constants.
  if (!view.knownEmpty && isUncountable(view.resultSizes)) {
    view.knownEmpty = true;
    for (auto [pos, size] : llvm::enumerate(view.resultSizes))
      if (resultType.isDynamicDim(pos))
        size = zero;
  }
  return view;
}
