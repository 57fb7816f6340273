//===- Spec.cpp - A slice spec and its resolution -------------------------===//
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

#include "Slice/Semantics/Spec.h"
#include "Slice/Semantics/DimArithmetic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

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
// Sizes
//===----------------------------------------------------------------------===//

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
