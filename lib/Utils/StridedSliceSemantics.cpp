//===- StridedSliceSemantics.cpp - The rules of a strided slice -----------===//
//
// Validation and resolution of TF-style sparse slice specs. See the header
// and docs/semantics.md for the rules and where they come from.
//
//===----------------------------------------------------------------------===//

#include "Slice/Utils/StridedSliceSemantics.h"

#include "llvm/ADT/StringExtras.h"
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

MaybeInt KnownIntArith::select(std::optional<bool> cond, MaybeInt ifTrue,
                               MaybeInt ifFalse) const {
  if (cond)
    return *cond ? ifTrue : ifFalse;
  if (ifTrue && ifFalse && *ifTrue == *ifFalse)
    return ifTrue;
  return std::nullopt;
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
  return dense;
}

//===----------------------------------------------------------------------===//
// Resolution
//===----------------------------------------------------------------------===//

std::optional<ResolvedSlice>
mlir::slice::resolveStridedSlice(const SparseSliceSpec &spec,
                                 llvm::ArrayRef<MaybeInt> shape,
                                 std::string &error) {
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(spec, shape.size(), error);
  if (!dense)
    return std::nullopt;

  KnownIntArith arith;
  ResolvedSlice resolved;
  resolved.dims.reserve(shape.size());
  for (auto [index, dimSpec] : llvm::enumerate(dense->dims)) {
    MaybeInt dimSize = shape[index];
    DimRange<MaybeInt> range = resolveDimRange(
        arith, dimSpec.begin, dimSpec.end, dimSpec.stride, dimSize,
        dimSpec.beginMasked, dimSpec.endMasked, dimSpec.shrink);
    if (dimSpec.shrink && range.start && dimSize &&
        (*range.start < 0 || *range.start >= *dimSize)) {
      llvm::raw_string_ostream os(error);
      os << "shrink index " << formatMaybe(dimSpec.begin) << " of entry "
         << dimSpec.entry << " (shrink_axis_mask bit " << dimSpec.entry
         << ") is out of range [-" << *dimSize << ", " << *dimSize
         << ") for dimension " << index << " of size " << *dimSize;
      return std::nullopt;
    }
    ResolvedDim dim;
    dim.entry = dimSpec.entry;
    dim.shrink = dimSpec.shrink;
    dim.start = range.start;
    dim.end = range.end;
    dim.stride = range.stride;
    dim.size = range.size;
    resolved.dims.push_back(dim);
  }
  resolved.resultToInput = dense->resultToInput;
  for (int64_t input : resolved.resultToInput)
    resolved.resultShape.push_back(
        input == kNewAxis ? MaybeInt(1) : resolved.dims[input].size);
  return resolved;
}
