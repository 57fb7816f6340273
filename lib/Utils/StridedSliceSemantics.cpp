//===- StridedSliceSemantics.cpp - The rules of a strided slice -----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Validation and resolution of TF-style sparse slice specs. See the header
// and docs/semantics.md for the rules and where they come from.
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/StridedSliceSemantics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <numeric>

using namespace mlir::slice;
using llvm::SmallVector;

static std::string formatMaybe(MaybeInt value) {
  return value ? std::to_string(*value) : std::string("<dynamic>");
}

EntryKind mlir::slice::classifyEntry(const SliceMasks &masks, unsigned index) {
  if (isMaskBitSet(masks.ellipsis, index))
    return EntryKind::Ellipsis;
  if (isMaskBitSet(masks.newAxis, index))
    return EntryKind::NewAxis;
  if (isMaskBitSet(masks.shrinkAxis, index))
    return EntryKind::Shrink;
  return EntryKind::Range;
}

//===----------------------------------------------------------------------===//
// KnownIntArith
//===----------------------------------------------------------------------===//

static int64_t wrapAdd(int64_t lhs, int64_t rhs) {
  return static_cast<int64_t>(static_cast<uint64_t>(lhs) +
                              static_cast<uint64_t>(rhs));
}

static int64_t wrapSub(int64_t lhs, int64_t rhs) {
  return static_cast<int64_t>(static_cast<uint64_t>(lhs) -
                              static_cast<uint64_t>(rhs));
}

MaybeInt KnownIntArith::add(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return wrapAdd(*lhs, *rhs);
}

MaybeInt KnownIntArith::sub(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return wrapSub(*lhs, *rhs);
}

MaybeInt KnownIntArith::divTrunc(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs || *rhs == 0)
    return std::nullopt;
  if (*lhs == std::numeric_limits<int64_t>::min() && *rhs == -1)
    return std::nullopt;
  return *lhs / *rhs;
}

MaybeInt KnownIntArith::min(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return std::min(*lhs, *rhs);
}

MaybeInt KnownIntArith::max(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return std::max(*lhs, *rhs);
}

std::optional<bool> KnownIntArith::lessThan(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return *lhs < *rhs;
}

std::optional<bool> KnownIntArith::equal(MaybeInt lhs, MaybeInt rhs) const {
  if (!lhs || !rhs)
    return std::nullopt;
  return *lhs == *rhs;
}

MaybeInt KnownIntArith::select(std::optional<bool> cond, MaybeInt ifTrue,
                               MaybeInt ifFalse) const {
  if (cond)
    return *cond ? ifTrue : ifFalse;
  if (ifTrue && ifFalse && *ifTrue == *ifFalse)
    return ifTrue;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalAnd(std::optional<bool> lhs,
                                              std::optional<bool> rhs) const {
  if ((lhs && !*lhs) || (rhs && !*rhs))
    return false;
  if (lhs && rhs)
    return true;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalOr(std::optional<bool> lhs,
                                             std::optional<bool> rhs) const {
  if ((lhs && *lhs) || (rhs && *rhs))
    return true;
  if (lhs && rhs)
    return false;
  return std::nullopt;
}

std::optional<bool> KnownIntArith::logicalNot(std::optional<bool> value) const {
  if (!value)
    return std::nullopt;
  return !*value;
}

//===----------------------------------------------------------------------===//
// Dense spec
//===----------------------------------------------------------------------===//

/// Returns the lowest set bit of `mask` at or above `limit`.
static std::optional<unsigned> firstBitAtOrAbove(uint64_t mask,
                                                 unsigned limit) {
  for (unsigned bit = limit; bit < 64; ++bit)
    if (isMaskBitSet(mask, bit))
      return bit;
  return std::nullopt;
}

std::optional<DenseSliceSpec>
mlir::slice::buildDenseSpec(const SparseSliceSpec &spec, unsigned rank,
                            std::string &error) {
  llvm::raw_string_ostream os(error);
  size_t numEntries = spec.begin.size();
  if (spec.end.size() != numEntries || spec.strides.size() != numEntries) {
    os << "begin, end and strides must have the same length, but have "
       << spec.begin.size() << ", " << spec.end.size() << " and "
       << spec.strides.size() << " entries";
    return std::nullopt;
  }
  if (numEntries > kMaxSpecEntries) {
    os << "the spec has " << numEntries << " entries; at most "
       << kMaxSpecEntries << " fit the 64-bit masks";
    return std::nullopt;
  }
  const std::pair<const char *, uint64_t> namedMasks[] = {
      {"begin_mask", spec.masks.begin},
      {"end_mask", spec.masks.end},
      {"ellipsis_mask", spec.masks.ellipsis},
      {"new_axis_mask", spec.masks.newAxis},
      {"shrink_axis_mask", spec.masks.shrinkAxis}};
  for (auto [name, mask] : namedMasks) {
    if (std::optional<unsigned> bit = firstBitAtOrAbove(mask, numEntries)) {
      os << name << " has bit " << *bit << " set, but the spec has only "
         << numEntries << " entries";
      return std::nullopt;
    }
  }

  // Find the ellipsis (at most one) and count the entries that consume an
  // input dimension; the ellipsis covers the rest.
  std::optional<unsigned> ellipsis;
  unsigned consumedTotal = 0;
  for (unsigned i = 0; i < numEntries; ++i) {
    EntryKind kind = classifyEntry(spec.masks, i);
    if (kind == EntryKind::Ellipsis) {
      if (ellipsis) {
        os << "ellipsis_mask has more than one bit set (entries " << *ellipsis
           << " and " << i << "); a slice can have only one ellipsis";
        return std::nullopt;
      }
      ellipsis = i;
      continue;
    }
    if (kind == EntryKind::NewAxis)
      continue;
    ++consumedTotal;
    MaybeInt stride = spec.strides[i];
    if (stride && *stride == 0) {
      os << "stride of entry " << i << " is 0";
      if (kind == EntryKind::Shrink)
        os << " (a shrink_axis_mask entry needs a positive stride)";
      return std::nullopt;
    }
    if (kind == EntryKind::Shrink && stride && *stride < 0) {
      os << "entry " << i << " shrinks (shrink_axis_mask bit " << i
         << ") but its stride is " << *stride
         << "; a shrink entry needs a positive stride";
      return std::nullopt;
    }
  }
  if (consumedTotal > rank) {
    os << "the spec indexes " << consumedTotal
       << " input dimensions (range and shrink entries), but the input has "
          "rank "
       << rank;
    return std::nullopt;
  }

  DenseSliceSpec dense;
  dense.dims.reserve(rank);
  auto fillEllipsis = [&](unsigned count) {
    for (unsigned k = 0; k < count; ++k) {
      dense.resultToInput.push_back(dense.dims.size());
      dense.dims.push_back(DenseDimSpec());
    }
  };
  for (unsigned i = 0; i < numEntries; ++i) {
    switch (classifyEntry(spec.masks, i)) {
    case EntryKind::Ellipsis:
      fillEllipsis(rank - consumedTotal);
      break;
    case EntryKind::NewAxis:
      dense.resultToInput.push_back(kNewAxis);
      dense.newAxisEntries.push_back(i);
      break;
    case EntryKind::Shrink:
    case EntryKind::Range: {
      DenseDimSpec dim;
      dim.entry = i;
      dim.begin = spec.begin[i];
      dim.end = spec.end[i];
      dim.stride = spec.strides[i];
      dim.shrink = isMaskBitSet(spec.masks.shrinkAxis, i);
      // A shrink entry takes its begin value whatever the masks say.
      dim.beginMasked = !dim.shrink && isMaskBitSet(spec.masks.begin, i);
      dim.endMasked = !dim.shrink && isMaskBitSet(spec.masks.end, i);
      dim.offset = spec.offset && !dim.shrink && !dim.endMasked;
      if (!dim.shrink)
        dense.resultToInput.push_back(dense.dims.size());
      dense.dims.push_back(dim);
      break;
    }
    }
  }
  // Without an explicit ellipsis, one is implied after the last entry.
  if (!ellipsis)
    fillEllipsis(rank - consumedTotal);
  // The normal form (docs/normal-form.md), which every lowering goes
  // through, spells each input dimension and new axis as one entry of a
  // spec, and a spec's 64-bit masks hold 64.
  size_t normalEntries = dense.dims.size() + dense.newAxisEntries.size();
  if (normalEntries > kMaxSpecEntries) {
    os << "the slice needs " << normalEntries << " entries in normal form ("
       << dense.dims.size() << " input dimensions and "
       << dense.newAxisEntries.size() << " new axes), more than the "
       << kMaxSpecEntries << " a spec holds";
    return std::nullopt;
  }
  return dense;
}

//===----------------------------------------------------------------------===//
// Resolution
//===----------------------------------------------------------------------===//

/// Whether the known sizes of `shape` multiply to a count int64 holds;
/// otherwise `error` names `what` ("input", "result") and the sizes.
static bool countsInInt64(llvm::ArrayRef<MaybeInt> shape, llvm::StringRef what,
                          std::string &error) {
  SmallVector<int64_t> knownSizes;
  for (MaybeInt size : shape)
    if (size)
      knownSizes.push_back(*size);
  if (checkedProduct(knownSizes))
    return true;
  llvm::raw_string_ostream os(error);
  os << "the " << what << "'s sizes ";
  llvm::interleave(
      shape, os,
      [&](MaybeInt size) {
        if (size)
          os << *size;
        else
          os << "?";
      },
      "x");
  os << " multiply to more elements than int64 counts";
  return false;
}

std::optional<ResolvedSlice>
mlir::slice::resolveStridedSlice(const SparseSliceSpec &spec,
                                 llvm::ArrayRef<MaybeInt> shape,
                                 std::string &error) {
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(spec, shape.size(), error);
  if (!dense)
    return std::nullopt;
  // No buffer holds more elements than int64 counts, and the lowerings
  // count them (flattening, strides, copy sizes) in int64.
  if (!countsInInt64(shape, "input", error))
    return std::nullopt;

  KnownIntArith arith;
  ResolvedSlice resolved;
  resolved.dims.reserve(shape.size());
  for (auto [index, dimSpec] : llvm::enumerate(dense->dims)) {
    MaybeInt dimSize = shape[index];
    DimRange<MaybeInt> range = resolveDimRange(
        arith, dimSpec.begin, dimSpec.end, dimSpec.stride, dimSize, dimSpec);
    std::optional<bool> inBounds =
        dimRangeInBounds(arith, range, dimSize, dimSpec);
    if (inBounds == false) {
      llvm::raw_string_ostream os(error);
      if (dimSpec.shrink) {
        os << "shrink index " << formatMaybe(dimSpec.begin) << " of entry "
           << dimSpec.entry << " (shrink_axis_mask bit " << dimSpec.entry
           << ") is out of range [-" << formatMaybe(dimSize) << ", "
           << formatMaybe(dimSize) << ") for dimension " << index << " of size "
           << formatMaybe(dimSize);
      } else {
        // Some of these may be unknown when the window is known to leave
        // the dimension anyway (a start before the front, say).
        os << "entry " << dimSpec.entry << " (offset mode) selects "
           << formatMaybe(range.size) << " elements from index "
           << formatMaybe(range.start) << " with stride "
           << formatMaybe(range.stride) << ", which leaves dimension " << index
           << " of size " << formatMaybe(dimSize) << " (begin "
           << formatMaybe(dimSpec.begin) << ", extent "
           << formatMaybe(dimSpec.end) << ")";
      }
      return std::nullopt;
    }
    ResolvedDim dim;
    dim.entry = dimSpec.entry;
    dim.shrink = dimSpec.shrink;
    dim.inBounds = inBounds;
    dim.strideValid = strideIsValid(arith, dimSpec.stride, dimSpec);
    dim.start = range.start;
    dim.end = range.end;
    dim.stride = range.stride;
    dim.size = range.size;
    // A range on an empty dimension clamps to nothing, and a window on one
    // fits only when empty: 0 elements whatever the unknowns (an empty
    // input's other sizes may multiply past INT64_MAX, and the result's
    // count needs this 0).
    if (!dimSpec.shrink && dimSize == 0)
      dim.size = 0;
    bool ordered = !dim.shrink && dim.stride == 1 && dim.start == 0;
    dim.full = ordered && (dimSize ? dim.size == dimSize
                                   : dimSpec.endMasked && inBounds == true);
    resolved.dims.push_back(dim);
  }
  resolved.resultToInput = dense->resultToInput;
  for (int64_t input : resolved.resultToInput)
    resolved.resultShape.push_back(
        input == kNewAxis ? MaybeInt(1) : resolved.dims[input].size);
  // Nor does a result: sizes known to multiply past INT64_MAX belong to
  // windows no tensor can hold (their checks fail at run time), and no
  // lowering could count the elements of their views.
  if (!countsInInt64(resolved.resultShape, "result", error))
    return std::nullopt;
  return resolved;
}

bool ResolvedSlice::needsRunTimeChecks() const {
  return llvm::any_of(dims, [](const ResolvedDim &dim) {
    return dim.inBounds != true || dim.strideValid != true;
  });
}

bool mlir::slice::forEachSelectedIndex(const ResolvedSlice &slice,
                                       llvm::ArrayRef<int64_t> shape,
                                       llvm::function_ref<void(int64_t)> fn) {
  size_t rank = shape.size();
  for (const ResolvedDim &dim : slice.dims)
    if (!dim.start || !dim.stride || !dim.size)
      return false;
  for (const ResolvedDim &dim : slice.dims)
    if (*dim.size == 0)
      return true;
  // The input's row-major strides; an input too large to index in int64
  // cannot be enumerated.
  if (!checkedProduct(shape))
    return false;
  SmallVector<int64_t> inputStrides(rank, 1);
  for (size_t d = rank; d-- > 1;)
    inputStrides[d - 1] = inputStrides[d] * shape[d];
  // An odometer over the input dimensions: new axes do not change the
  // order, and shrunk dimensions have size 1.
  SmallVector<int64_t> position(rank, 0);
  while (true) {
    int64_t flat = 0;
    for (size_t d = 0; d < rank; ++d)
      flat += (*slice.dims[d].start + position[d] * *slice.dims[d].stride) *
              inputStrides[d];
    fn(flat);
    size_t d = rank;
    while (true) {
      if (d == 0)
        return true;
      --d;
      if (++position[d] < *slice.dims[d].size)
        break;
      position[d] = 0;
    }
  }
}

bool mlir::slice::forEachUpdatedIndex(
    const ResolvedSlice &slice, llvm::ArrayRef<int64_t> destShape,
    llvm::ArrayRef<int64_t> valueShape, llvm::ArrayRef<UpdateDimMatch> matches,
    llvm::function_ref<void(int64_t, int64_t)> fn) {
  if (matches.size() != valueShape.size() ||
      !llvm::all_of(slice.resultShape,
                    [](MaybeInt size) { return size.has_value(); }))
    return false;
  SmallVector<int64_t> sliceShape;
  for (MaybeInt size : slice.resultShape)
    sliceShape.push_back(*size);
  // The value's row-major strides over the slice's dimensions, 0 where a
  // value dimension is stretched or missing.
  SmallVector<int64_t> valueStrides(sliceShape.size(), 0);
  int64_t stride = 1;
  for (size_t index = valueShape.size(); index-- > 0;) {
    int64_t sliceDim = int64_t(index) - int64_t(valueShape.size()) +
                       int64_t(sliceShape.size());
    if (sliceDim >= 0 && matches[index] != UpdateDimMatch::Stretched)
      valueStrides[sliceDim] = stride;
    stride *= valueShape[index];
  }
  SmallVector<int64_t> position(sliceShape.size(), 0);
  return forEachSelectedIndex(slice, destShape, [&](int64_t flat) {
    int64_t valueIndex = 0;
    for (auto [at, valueStride] : llvm::zip_equal(position, valueStrides))
      valueIndex += at * valueStride;
    fn(flat, valueIndex);
    // The slice's odometer, in the order the indices come.
    for (size_t d = position.size(); d-- > 0;) {
      if (++position[d] < sliceShape[d])
        break;
      position[d] = 0;
    }
  });
}

namespace {
/// The indices `first, first + step, ...` (`count` of them, step > 0) of
/// one dimension.
struct Progression {
  int64_t first, step, count;

  /// The same indices in increasing order, or std::nullopt when a value of
  /// `dim` is unknown.
  static std::optional<Progression> of(const ResolvedDim &dim) {
    if (!dim.start || !dim.stride || !dim.size || *dim.stride == 0)
      return std::nullopt;
    int64_t count = *dim.size, step = *dim.stride, first = *dim.start;
    if (count > 0 && step < 0) {
      // The indices lie inside the dimension, so the last one is too.
      first += (count - 1) * step;
      step = -step;
    }
    return Progression{first, step, count};
  }
  int64_t last() const { return first + (count - 1) * step; }
  bool contains(int64_t index) const {
    return index >= first && index <= last() && (index - first) % step == 0;
  }
};
} // namespace

/// Whether two progressions of indices inside one dimension share none.
static bool areDisjoint(const Progression &a, const Progression &b) {
  if (a.count == 0 || b.count == 0)
    return true;
  if (a.last() < b.first || b.last() < a.first)
    return true;
  // Enumerate the shorter one when that is cheap; otherwise a common index
  // needs first_a - first_b to be a multiple of gcd(step_a, step_b).
  constexpr int64_t kMaxEnumerated = 4096;
  const Progression &shorter = a.count <= b.count ? a : b;
  const Progression &longer = a.count <= b.count ? b : a;
  if (shorter.count <= kMaxEnumerated) {
    for (int64_t i = 0; i < shorter.count; ++i)
      if (longer.contains(shorter.first + i * shorter.step))
        return false;
    return true;
  }
  return (a.first - b.first) % std::gcd(a.step, b.step) != 0;
}

/// The smallest and largest index a dimension's range can select, as far
/// as they are known: a known start bounds the range from below for a
/// positive stride (from above for a negative one) even when its size is
/// unknown.
static std::pair<MaybeInt, MaybeInt> indexBounds(const ResolvedDim &dim) {
  if (std::optional<Progression> progression = Progression::of(dim))
    return {progression->first, progression->last()};
  if (!dim.start || !dim.stride)
    return {std::nullopt, std::nullopt};
  if (*dim.stride > 0)
    return {dim.start, std::nullopt};
  return {std::nullopt, dim.start};
}

bool mlir::slice::areKnownDisjoint(const ResolvedSlice &a,
                                   const ResolvedSlice &b) {
  if (a.dims.size() != b.dims.size())
    return false;
  auto selectsNothing = [](const ResolvedSlice &slice) {
    return llvm::any_of(slice.dims, [](const ResolvedDim &dim) {
      return dim.size && *dim.size == 0;
    });
  };
  if (selectsNothing(a) || selectsNothing(b))
    return true;
  for (auto [dimA, dimB] : llvm::zip_equal(a.dims, b.dims)) {
    std::optional<Progression> pa = Progression::of(dimA);
    std::optional<Progression> pb = Progression::of(dimB);
    if (pa && pb && areDisjoint(*pa, *pb))
      return true;
    auto [lowA, highA] = indexBounds(dimA);
    auto [lowB, highB] = indexBounds(dimB);
    if ((highA && lowB && *highA < *lowB) || (highB && lowA && *highB < *lowA))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// INT64_MIN
//===----------------------------------------------------------------------===//

MaybeInt mlir::slice::staticEquivalentOfMinIndex(MaybeInt stride,
                                                 MaybeInt dim) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  // Wrapped once, INT64_MIN + d and INT64_MIN + 1 + d are both below 0 for
  // d < INT64_MAX, so both clamp to the front for either sign (0 or -1).
  // For a positive stride the front is 0, which INT64_MIN + 1 + INT64_MAX
  // = 0 also reaches.
  if ((stride && *stride > 0) || (dim && *dim < kMax))
    return kMin + 1;
  return std::nullopt;
}

bool mlir::slice::replaceMinIndices(SparseSliceSpec &spec,
                                    llvm::ArrayRef<MaybeInt> shape) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  std::string error;
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(spec, shape.size(), error);
  if (!dense)
    return false;
  // Each entry's input dimension (-1 for entries that consume none).
  SmallVector<int64_t> entryDims(spec.begin.size(), -1);
  for (auto [dim, flags] : llvm::enumerate(dense->dims))
    if (flags.entry >= 0)
      entryDims[flags.entry] = dim;

  bool changed = false;
  auto replace = [&](MaybeInt &value, MaybeInt by) {
    if (value != kMin || !by)
      return;
    value = by;
    changed = true;
  };
  for (unsigned i = 0, e = spec.begin.size(); i < e; ++i) {
    EntryKind kind = classifyEntry(spec.masks, i);
    if (kind == EntryKind::Ellipsis || kind == EntryKind::NewAxis) {
      // Their values are ignored.
      replace(spec.begin[i], 0);
      replace(spec.end[i], 0);
      continue;
    }
    if (kind == EntryKind::Shrink) {
      // The end is ignored; an index of INT64_MIN is out of range of every
      // dimension and stays for the verifier or the run-time check.
      replace(spec.end[i], 0);
      continue;
    }
    bool beginMasked = isMaskBitSet(spec.masks.begin, i);
    bool endMasked = isMaskBitSet(spec.masks.end, i);
    if (beginMasked)
      replace(spec.begin[i], 0);
    if (endMasked)
      replace(spec.end[i], 0);
    // In offset mode the end is an extent and the begin is not clamped.
    if (spec.offset)
      continue;
    MaybeInt dim = entryDims[i] >= 0 ? shape[entryDims[i]] : MaybeInt();
    MaybeInt stride = spec.strides[i];
    replace(spec.begin[i], staticEquivalentOfMinIndex(stride, dim));
    if (spec.end[i] == kMin && !staticEquivalentOfMinIndex(stride, dim) &&
        stride && *stride < 0) {
      // A range to the front: exactly the end mask for a negative stride.
      spec.masks.end |= uint64_t(1) << i;
      spec.end[i] = 0;
      changed = true;
      continue;
    }
    replace(spec.end[i], staticEquivalentOfMinIndex(stride, dim));
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Axes encoding
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>>
mlir::slice::mapAxesToDims(llvm::ArrayRef<int64_t> axes, unsigned rank,
                           std::string &error) {
  llvm::raw_string_ostream os(error);
  SmallVector<int64_t> entryOfDim(rank, -1);
  int64_t signedRank = rank;
  for (auto [entry, axis] : llvm::enumerate(axes)) {
    if (axis < -signedRank || axis >= signedRank) {
      os << "axis " << axis << " of entry " << entry << " is out of range [-"
         << rank << ", " << rank << ") for an input of rank " << rank;
      return std::nullopt;
    }
    int64_t dim = axis < 0 ? axis + signedRank : axis;
    if (entryOfDim[dim] >= 0) {
      os << "axis " << axis << " of entry " << entry << " names dimension "
         << dim << ", which entry " << entryOfDim[dim]
         << " already slices (axis " << axes[entryOfDim[dim]] << ")";
      return std::nullopt;
    }
    entryOfDim[dim] = entry;
  }
  return entryOfDim;
}

std::optional<SparseSliceSpec> mlir::slice::buildAxesSpec(
    llvm::ArrayRef<int64_t> axes, llvm::ArrayRef<MaybeInt> starts,
    llvm::ArrayRef<MaybeInt> ends, llvm::ArrayRef<MaybeInt> strides,
    unsigned rank, std::string &error,
    llvm::SmallVectorImpl<int64_t> *sourceEntries) {
  llvm::raw_string_ostream os(error);
  size_t numEntries = axes.size();
  if (starts.size() != numEntries || ends.size() != numEntries ||
      strides.size() != numEntries) {
    os << "axes, starts, ends and strides must have the same length, but have "
       << axes.size() << ", " << starts.size() << ", " << ends.size() << " and "
       << strides.size() << " entries";
    return std::nullopt;
  }
  std::optional<SmallVector<int64_t>> entryOfDim =
      mapAxesToDims(axes, rank, error);
  if (!entryOfDim)
    return std::nullopt;
  for (auto [entry, stride] : llvm::enumerate(strides)) {
    if (stride && *stride == 0) {
      os << "stride of entry " << entry << " (axis " << axes[entry] << ") is 0";
      return std::nullopt;
    }
  }

  // One entry per dimension up to the last named one; the implicit
  // trailing ellipsis covers the rest.
  SparseSliceSpec spec;
  int64_t lastNamed = -1;
  for (auto [dim, entry] : llvm::enumerate(*entryOfDim))
    if (entry >= 0)
      lastNamed = dim;
  for (int64_t dim = 0; dim <= lastNamed; ++dim) {
    int64_t entry = (*entryOfDim)[dim];
    if (sourceEntries)
      sourceEntries->push_back(entry);
    if (entry < 0) {
      spec.masks.begin |= uint64_t(1) << dim;
      spec.masks.end |= uint64_t(1) << dim;
      spec.begin.push_back(0);
      spec.end.push_back(0);
      spec.strides.push_back(1);
      continue;
    }
    spec.begin.push_back(starts[entry]);
    spec.end.push_back(ends[entry]);
    spec.strides.push_back(strides[entry]);
  }
  return spec;
}

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

namespace {
/// What the composition does with one input dimension or new axis.
struct ComposedEntry {
  enum class Kind { Full, Range, Shrink, NewAxis } kind = Kind::Full;
  int64_t start = 0;
  int64_t stride = 1;
  int64_t size = 0;

  static ComposedEntry range(int64_t start, int64_t stride, int64_t size) {
    if (size == 0)
      return {Kind::Range, 0, 1, 0};
    return {Kind::Range, start, size == 1 ? 1 : stride, size};
  }
};
} // namespace

/// The known start, stride and size of a bounds-safe range, if all known.
static bool knownRange(const ResolvedDim &dim, int64_t &start, int64_t &stride,
                       int64_t &size) {
  if (dim.inBounds != true || !dim.start || !dim.stride || !dim.size)
    return false;
  start = *dim.start;
  stride = *dim.stride;
  size = *dim.size;
  return true;
}

/// Composes `second` (a range or shrink of a result dimension of `first`)
/// with `first` (a range of input dimension). Returns false when a needed
/// value is unknown or the stride overflows.
static bool composeDim(const ResolvedDim &first, const ResolvedDim &second,
                       ComposedEntry &result, std::string &why) {
  why = "a value it needs is unknown";
  if (second.inBounds != true || first.inBounds != true) {
    why = "a bounds check is left for run time";
    return false;
  }
  if (second.full) {
    if (first.full) {
      result = {};
      return true;
    }
    int64_t start, stride, size;
    if (!knownRange(first, start, stride, size))
      return false;
    result = ComposedEntry::range(start, stride, size);
    return true;
  }
  if (second.shrink) {
    if (!second.start)
      return false;
    int64_t index = *second.start;
    if (!first.full) {
      if (!first.start || !first.stride)
        return false;
      // A valid index into the first slice's result: in range, no overflow.
      index = *first.start + index * *first.stride;
    }
    result = {ComposedEntry::Kind::Shrink, index, 1, 1};
    return true;
  }
  int64_t start, stride, size;
  if (!knownRange(second, start, stride, size))
    return false;
  if (size == 0 || first.full) {
    result = ComposedEntry::range(start, stride, size);
    return true;
  }
  int64_t firstStart, firstStride, firstSize;
  if (!knownRange(first, firstStart, firstStride, firstSize))
    return false;
  int64_t composedStride = 1;
  if (size > 1 &&
      __builtin_mul_overflow(firstStride, stride, &composedStride)) {
    why = "the composed stride overflows int64";
    return false;
  }
  result = ComposedEntry::range(firstStart + start * firstStride,
                                composedStride, size);
  return true;
}

/// Appends `entry` to `spec` as a static TF entry.
static void appendEntry(SparseSliceSpec &spec, const ComposedEntry &entry) {
  uint64_t bit = uint64_t(1) << spec.begin.size();
  int64_t begin = 0, end = 0, stride = 1;
  switch (entry.kind) {
  case ComposedEntry::Kind::Full:
    spec.masks.begin |= bit;
    spec.masks.end |= bit;
    break;
  case ComposedEntry::Kind::NewAxis:
    spec.masks.newAxis |= bit;
    break;
  case ComposedEntry::Kind::Shrink:
    spec.masks.shrinkAxis |= bit;
    begin = entry.start;
    end = entry.start + 1;
    break;
  case ComposedEntry::Kind::Range: {
    if (entry.size == 0)
      break;
    begin = entry.start;
    stride = entry.stride;
    // The end one stride past the last element. When that is below the
    // front or beyond int64, the masked end (which clamps to the edge the
    // stride runs towards) selects the same elements.
    int64_t span;
    bool overflow = __builtin_mul_overflow(entry.size, entry.stride, &span) ||
                    __builtin_add_overflow(entry.start, span, &end);
    if (overflow || end < 0) {
      spec.masks.end |= bit;
      end = 0;
    }
    break;
  }
  }
  spec.begin.push_back(begin);
  spec.end.push_back(end);
  spec.strides.push_back(stride);
}

std::optional<SparseSliceSpec>
mlir::slice::composeSlices(const ResolvedSlice &first,
                           const ResolvedSlice &second, std::string *reason) {
  std::string why;
  auto decline = [&](const llvm::Twine &message) {
    if (reason)
      *reason = message.str();
    return std::nullopt;
  };
  if (second.dims.size() != first.resultToInput.size())
    return decline("the second slice is not over the first one's result");

  // What becomes of each input dimension, and of each new axis of `first`
  // (indexed by its result position); std::nullopt drops the new axis.
  size_t rank = first.dims.size();
  SmallVector<ComposedEntry> inputEntries(rank);
  SmallVector<std::optional<ComposedEntry>> firstNewAxes(
      first.resultToInput.size());
  for (size_t d = 0; d < rank; ++d) {
    const ResolvedDim &dim = first.dims[d];
    if (!dim.shrink)
      continue;
    if (!dim.start || dim.inBounds != true)
      return decline("input dimension " + llvm::Twine(d) +
                     " has a shrink index that is unknown or not yet "
                     "checked");
    inputEntries[d] = {ComposedEntry::Kind::Shrink, *dim.start, 1, 1};
  }
  for (auto [j, input] : llvm::enumerate(first.resultToInput)) {
    const ResolvedDim &outer = second.dims[j];
    if (input != kNewAxis) {
      if (!composeDim(first.dims[input], outer, inputEntries[input], why))
        return decline("input dimension " + llvm::Twine(input) +
                       " cannot be composed: " + why);
      continue;
    }
    // `second` indexes a new unit axis of `first`.
    if (outer.shrink)
      continue;
    if (outer.inBounds != true || !(outer.full || outer.size == 1))
      return decline("the second slice gives new axis " + llvm::Twine(j) +
                     " of the first a size other than 1");
    firstNewAxes[j] = ComposedEntry{ComposedEntry::Kind::NewAxis};
  }

  size_t numEntries =
      rank + llvm::count(second.resultToInput, kNewAxis) +
      llvm::count_if(firstNewAxes, [](const auto &entry) { return entry; });
  if (numEntries > kMaxSpecEntries)
    return decline("the composed spec would have " + llvm::Twine(numEntries) +
                   " entries");

  // Entries in result order; shrunk input dimensions go in input order
  // before the next surviving one. A position that shows no input
  // dimension is a new axis of `second` or one of `first` that it keeps.
  SparseSliceSpec spec;
  SmallVector<int64_t> resultInputs;
  for (int64_t j : second.resultToInput)
    resultInputs.push_back(j == kNewAxis ? kNewAxis : first.resultToInput[j]);
  layoutEntries(
      resultInputs, rank,
      [&](size_t input) { appendEntry(spec, inputEntries[input]); },
      [&](size_t position) {
        int64_t j = second.resultToInput[position];
        appendEntry(spec, j == kNewAxis
                              ? ComposedEntry{ComposedEntry::Kind::NewAxis}
                              : *firstNewAxes[j]);
      });
  // Trailing whole dimensions are what the implicit ellipsis covers anyway.
  while (!spec.begin.empty()) {
    uint64_t bit = uint64_t(1) << (spec.begin.size() - 1);
    bool whole = (spec.masks.begin & bit) && (spec.masks.end & bit) &&
                 spec.strides.back() == 1;
    if (!whole)
      break;
    spec.masks.begin &= ~bit;
    spec.masks.end &= ~bit;
    spec.begin.pop_back();
    spec.end.pop_back();
    spec.strides.pop_back();
  }
  return spec;
}

//===----------------------------------------------------------------------===//
// Python notation
//===----------------------------------------------------------------------===//

std::optional<SparseSliceSpec>
mlir::slice::parsePythonSlice(llvm::StringRef text, std::string &error) {
  SparseSliceSpec spec;
  if (text.trim().empty())
    return spec;
  llvm::SmallVector<llvm::StringRef> entries;
  text.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  if (entries.size() > kMaxSpecEntries) {
    error = "a slice has at most " + std::to_string(kMaxSpecEntries) +
            " entries, got " + std::to_string(entries.size());
    return std::nullopt;
  }
  auto fail = [&](size_t index, llvm::StringRef entry, llvm::StringRef why) {
    error = ("entry " + llvm::Twine(index) + " '" + entry.trim() + "': " + why)
                .str();
    return std::nullopt;
  };
  auto parseInt = [](llvm::StringRef part, int64_t &value) {
    part = part.trim();
    bool negative = part.consume_front("-");
    if (!negative)
      part.consume_front("+");
    uint64_t magnitude;
    if (part.empty() || part.getAsInteger(10, magnitude))
      return false;
    if (negative ? magnitude > uint64_t(1) << 63
                 : magnitude > uint64_t(INT64_MAX))
      return false;
    value = negative ? int64_t(0 - magnitude) : int64_t(magnitude);
    return true;
  };
  for (auto [index, entry] : llvm::enumerate(entries)) {
    llvm::StringRef trimmed = entry.trim();
    uint64_t bit = uint64_t(1) << index;
    int64_t begin = 0, end = 0, stride = 1;
    if (trimmed == "...") {
      if (spec.masks.ellipsis)
        return fail(index, entry, "a second ellipsis");
      spec.masks.ellipsis |= bit;
    } else if (trimmed == "newaxis" || trimmed == "None") {
      spec.masks.newAxis |= bit;
    } else if (!trimmed.contains(':')) {
      if (!parseInt(trimmed, begin))
        return fail(index, entry,
                    "not an int64 index, a range, '...' or "
                    "'newaxis'");
      end = shrinkIndexEnd(begin);
      spec.masks.shrinkAxis |= bit;
    } else {
      llvm::SmallVector<llvm::StringRef> parts;
      trimmed.split(parts, ':');
      if (parts.size() > 3)
        return fail(index, entry, "more than two ':'");
      if (parts[0].trim().empty())
        spec.masks.begin |= bit;
      else if (!parseInt(parts[0], begin))
        return fail(index, entry, "the begin is not an int64");
      if (parts[1].trim().empty())
        spec.masks.end |= bit;
      else if (!parseInt(parts[1], end))
        return fail(index, entry, "the end is not an int64");
      if (parts.size() == 3 && !parts[2].trim().empty() &&
          !parseInt(parts[2], stride))
        return fail(index, entry, "the stride is not an int64");
    }
    spec.begin.push_back(begin);
    spec.end.push_back(end);
    spec.strides.push_back(stride);
  }
  return spec;
}

std::optional<int64_t>
mlir::slice::checkedProduct(llvm::ArrayRef<int64_t> values) {
  if (llvm::any_of(values, [](int64_t value) { return value < 0; }))
    return std::nullopt;
  // A 0 anywhere makes the product 0, whatever comes before it.
  if (llvm::is_contained(values, 0))
    return 0;
  int64_t product = 1;
  for (int64_t value : values)
    if (llvm::MulOverflow(product, value, product))
      return std::nullopt;
  return product;
}

std::optional<llvm::SmallVector<UpdateDimMatch>>
mlir::slice::matchUpdateValue(llvm::ArrayRef<MaybeInt> value,
                              llvm::ArrayRef<MaybeInt> slice,
                              std::string &error) {
  llvm::raw_string_ostream os(error);
  size_t leading =
      value.size() > slice.size() ? value.size() - slice.size() : 0;
  llvm::SmallVector<UpdateDimMatch> matches;
  for (auto [index, size] : llvm::enumerate(value)) {
    if (index < leading) {
      // NumPy drops leading value dimensions of size 1 (`a[:] = [[1, 2]]`
      // on a 2-element a).
      if (size && *size != 1) {
        os << "value dimension " << index << " has size " << *size
           << " and lines up with no slice dimension (the value has rank "
           << value.size() << ", the slice " << slice.size()
           << "): it must have size 1";
        return std::nullopt;
      }
      matches.push_back(size ? UpdateDimMatch::Dropped
                             : UpdateDimMatch::CheckedAtRunTime);
      continue;
    }
    size_t sliceDim = index - value.size() + slice.size();
    MaybeInt target = slice[sliceDim];
    if (size && target && *size == *target) {
      matches.push_back(UpdateDimMatch::Equal);
    } else if (size == 1) {
      matches.push_back(UpdateDimMatch::Stretched);
    } else if (size && target) {
      os << "value dimension " << index << " has size " << *size
         << " but slice dimension " << sliceDim << " has size " << *target
         << " (the value broadcasts only from size 1)";
      return std::nullopt;
    } else {
      matches.push_back(UpdateDimMatch::CheckedAtRunTime);
    }
  }
  return matches;
}
