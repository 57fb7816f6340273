//===- Spec.h - A slice spec and its resolution -----------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The spec of a TensorFlow / NumPy strided slice (begin, end, strides and
// the five masks), spread over an input rank (`buildDenseSpec`) and resolved
// against an input shape (`resolveStridedSlice`, with TensorFlow core's
// accept/reject rules, docs/semantics.md). The per-dimension formulas it
// applies are in DimArithmetic.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_SPEC_H
#define SLICE_SEMANTICS_SPEC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace slice {

/// A value that is either a known int64 or unknown (a run-time value).
using MaybeInt = std::optional<int64_t>;

/// The largest number of entries a sparse spec may have: one bit per entry
/// in the 64-bit masks.
constexpr unsigned kMaxSpecEntries = 64;

/// The five bit masks of tf.strided_slice. Bit i refers to entry i.
struct SliceMasks {
  uint64_t begin = 0;
  uint64_t end = 0;
  uint64_t ellipsis = 0;
  uint64_t newAxis = 0;
  uint64_t shrinkAxis = 0;

  bool operator==(const SliceMasks &other) const {
    return begin == other.begin && end == other.end &&
           ellipsis == other.ellipsis && newAxis == other.newAxis &&
           shrinkAxis == other.shrinkAxis;
  }
};

/// Whether bit `index` of `mask` is set (false for index >= 64).
inline bool isMaskBitSet(uint64_t mask, unsigned index) {
  return index < 64 && ((mask >> index) & 1u);
}

/// What one entry of a sparse spec is. When several mask bits are set on one
/// entry, ellipsis beats new axis, and new axis beats shrink (TensorFlow).
enum class EntryKind { Range, Shrink, NewAxis, Ellipsis };

/// Returns the kind of entry `index` under `masks`.
EntryKind classifyEntry(const SliceMasks &masks, unsigned index);

/// A TF-style sparse spec: `x[spec_0, ..., spec_{n-1}]` encoded as three
/// equally long lists and five masks.
struct SparseSliceSpec {
  llvm::SmallVector<MaybeInt> begin;
  llvm::SmallVector<MaybeInt> end;
  llvm::SmallVector<MaybeInt> strides;
  SliceMasks masks;
  /// TFLite's offset mode: the end of every range entry whose end is not
  /// masked is an extent relative to the entry's start (see
  /// `resolveDimRange`).
  bool offset = false;
};

/// How one input dimension is indexed, apart from the values.
struct DimFlags {
  /// The begin / end is masked: the fullest range for the stride's sign.
  bool beginMasked = true;
  bool endMasked = true;
  /// The dimension is indexed by the single index `begin` and removed.
  bool shrink = false;
  /// Offset mode: `end` is an extent relative to the start, and the window
  /// must lie inside the dimension (never set together with `endMasked` or
  /// `shrink`).
  bool offset = false;
};

/// One input dimension after the sparse spec has been spread over the input
/// rank; the values are still raw (not wrapped or clamped).
struct DenseDimSpec : DimFlags {
  /// The sparse entry this dimension comes from, or -1 when the (explicit or
  /// implicit) ellipsis fills it.
  int64_t entry = -1;
  MaybeInt begin = 0;
  MaybeInt end = 0;
  MaybeInt stride = 1;
};

/// Marks a result dimension that is a new unit axis.
constexpr int64_t kNewAxis = -1;

/// The sparse spec spread over the input rank.
struct DenseSliceSpec {
  /// One entry per input dimension.
  llvm::SmallVector<DenseDimSpec> dims;
  /// One entry per result dimension: the input dimension it comes from, or
  /// kNewAxis. Shrunk input dimensions do not appear.
  llvm::SmallVector<int64_t> resultToInput;
  /// For each new axis in the result, the sparse entry that made it.
  llvm::SmallVector<int64_t> newAxisEntries;
};

/// Spreads `spec` over an input of rank `rank` and checks everything that
/// does not depend on the dimension sizes: equal list lengths, at most
/// kMaxSpecEntries entries, no mask bit at or beyond the spec length, at most
/// one ellipsis bit, no more range/shrink entries than input dimensions, no
/// known zero stride on a range or shrink entry and no known negative stride
/// on a shrink entry. Returns std::nullopt and sets `error` on failure.
std::optional<DenseSliceSpec> buildDenseSpec(const SparseSliceSpec &spec,
                                             unsigned rank, std::string &error);

/// One input dimension of a resolved slice.
struct ResolvedDim {
  /// The sparse entry it comes from, or -1 for an ellipsis-filled dimension.
  int64_t entry = -1;
  bool shrink = false;
  /// Whether the selected elements lie inside the dimension (see
  /// `dimRangeInBounds`): true for every plain range, unknown for a shrink
  /// index or offset window that needs a run-time check. Never known false
  /// (that is an error).
  std::optional<bool> inBounds = true;
  /// Whether the entry's stride is valid (see `strideIsValid`): unknown for
  /// a dynamic stride, which needs a run-time check. Never known false.
  std::optional<bool> strideValid = true;
  /// The range provably selects the whole dimension in order (start 0,
  /// stride 1, size = dim), also when the dimension size is unknown.
  bool full = false;
  /// Effective start, exclusive end, stride and element count; `end` is
  /// -1 when a negative stride runs to the front. A shrunk dimension has
  /// size 1 and stride 1.
  MaybeInt start;
  MaybeInt end;
  MaybeInt stride;
  MaybeInt size;
};

/// A slice resolved against an input shape: the dense form.
struct ResolvedSlice {
  /// One entry per input dimension.
  llvm::SmallVector<ResolvedDim> dims;
  /// One entry per result dimension: the input dimension or kNewAxis.
  llvm::SmallVector<int64_t> resultToInput;
  /// The result shape (unknown where not computable).
  llvm::SmallVector<MaybeInt> resultShape;

  /// Whether some check is left to run time: a stride or an index window
  /// that only run-time values decide. The normal form emits an assert for
  /// each such check (and for no other), so a slice without one cannot
  /// stop the program.
  bool needsRunTimeChecks() const;
};

/// Lays out the entries of a spec over `rank` input dimensions in result
/// order. `resultInputs` holds, per result position, the input dimension it
/// shows, or a negative value for a position that shows none (a new axis).
/// Calls `emitInput(d)` for every input dimension in input order, placing
/// the ones no position shows (shrunk dimensions) just before the next one
/// shown, or at the end, and `emitOther(position)` for the other positions.
/// Normalization and slice composition build their specs this way.
template <typename EmitInput, typename EmitOther>
void layoutEntries(llvm::ArrayRef<int64_t> resultInputs, size_t rank,
                   EmitInput emitInput, EmitOther emitOther) {
  size_t next = 0;
  for (auto [position, input] : llvm::enumerate(resultInputs)) {
    if (input < 0) {
      emitOther(position);
      continue;
    }
    for (; next <= static_cast<size_t>(input); ++next)
      emitInput(next);
  }
  for (; next < rank; ++next)
    emitInput(next);
}

/// Validates `spec` on an input of shape `shape` (unknown dims allowed) and
/// resolves it. On top of `buildDenseSpec`'s checks this rejects a known
/// shrink index outside [-n, n) on a known dimension of size n and a known
/// offset window that leaves its dimension. Returns
/// std::nullopt and sets `error` (a sentence naming the entry, the mask bit
/// and the values involved) on failure.
std::optional<ResolvedSlice> resolveStridedSlice(const SparseSliceSpec &spec,
                                                 llvm::ArrayRef<MaybeInt> shape,
                                                 std::string &error);

/// Calls `fn` with the row-major flat index into an input of shape `shape`
/// of every element `slice` selects, in the (row-major) order of the
/// result. Returns false, calling nothing, when a size, start or stride is
/// unknown.
bool forEachSelectedIndex(const ResolvedSlice &slice,
                          llvm::ArrayRef<int64_t> shape,
                          llvm::function_ref<void(int64_t)> fn);

/// Whether two slices resolved against one input provably select no common
/// element: one of them selects nothing, or in some input dimension the two
/// arithmetic progressions of indices (both with known start, stride and
/// size) share no index. False when that cannot be shown.
bool areKnownDisjoint(const ResolvedSlice &a, const ResolvedSlice &b);

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

/// The product of the sizes `values` (each >= 0), or std::nullopt when it
/// does not fit in int64 (or a value is negative, such as
/// ShapedType::kDynamic). Element counts and strides of types as large as
/// tensor<4611686018427387904x4xf32> overflow; every such product in the
/// project goes through here.
std::optional<int64_t> checkedProduct(llvm::ArrayRef<int64_t> values);

//===----------------------------------------------------------------------===//
// INT64_MIN
//===----------------------------------------------------------------------===//

/// INT64_MIN cannot be a static entry of an MLIR op (it is
/// ShapedType::kDynamic), but ONNX exporters write it as the end of a range
/// that runs to the front ("to INT64_MIN with step -1"). Returns the static
/// value that selects exactly what a begin or end of INT64_MIN selects on a
/// (non offset-mode) range entry with stride `stride` over a dimension of
/// size `dim`: INT64_MIN + 1 when the stride is known positive (both clamp
/// to 0 on any dimension) or the dimension is known smaller than INT64_MAX
/// (both wrap below 0 and clamp to the front); std::nullopt otherwise (on a
/// dimension of INT64_MAX a negative stride tells them apart).
MaybeInt staticEquivalentOfMinIndex(MaybeInt stride, MaybeInt dim);

/// Replaces the known INT64_MIN begin and end values of `spec` on an input
/// of shape `shape` by static values that select the same elements: those
/// of `staticEquivalentOfMinIndex`, else, for the end of an entry with a
/// known negative stride, the end mask bit (a range to the front); a value
/// that a mask bit or the entry's kind ignores becomes 0. Entries in offset
/// mode (an end that is an extent, a begin that is not clamped) and entries
/// with no static equivalent keep INT64_MIN. Changes nothing in a spec that
/// `buildDenseSpec` rejects. Returns whether anything changed.
bool replaceMinIndices(SparseSliceSpec &spec, llvm::ArrayRef<MaybeInt> shape);

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_SPEC_H
