//===- Compose.cpp - A slice of a slice -----------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Composition of two resolved slices into one static spec.
//
//===----------------------------------------------------------------------===//

#include "Slice/Semantics/Compose.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir::slice;
using llvm::SmallVector;

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
