//===- StridedSliceSemantics.h - The rules of a strided slice ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The single source of truth for what a TensorFlow / NumPy strided slice
// means. Everything else in the project (the verifier, type inference,
// folders, the mask expansion and the lowerings) asks this library; nothing
// re-derives the rules.
//
// The library works in two steps:
//
//  1. `buildDenseSpec` resolves the sparse spec (begin/end/strides plus the
//     five masks, as tf.strided_slice takes them) against the input rank:
//     ellipsis expansion, new axes, shrink entries, the implicit trailing
//     ellipsis. It needs no values, only which entries are which.
//  2. `resolveDimRange` turns one dense dimension into its effective start,
//     end, stride and size: negative indices wrap once, out-of-range values
//     clamp like Python slices for either stride sign, masks give the fullest
//     range for the stride's sign. It is a template over an arithmetic
//     domain: `KnownIntArith` computes with known-or-unknown int64 values
//     (type inference, verification), and the MLIR side instantiates it with
//     a builder that emits `arith` ops for the unknown parts, so run-time code
//     and compile-time reasoning share one formula.
//
// `resolveStridedSlice` combines both with validation (TensorFlow core's
// accept/reject rules, see docs/semantics.md) for the common known-or-unknown
// case.
//
// Overflow: every value the formulas select stays within [-1, dim] or is a
// size in [0, dim], so no int64 input (INT64_MIN / INT64_MAX begin, end or
// stride) overflows. Branches that a select discards may wrap; the domains
// use two's complement wrapping like `arith` does, so that is harmless.
//
// The library depends on LLVM's ADT only; it knows nothing of the ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_STRIDEDSLICESEMANTICS_H
#define SLICE_UTILS_STRIDEDSLICESEMANTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <limits>
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

/// The effective range of one input dimension: elements start, start+stride,
/// ... (size of them). `end` is the exclusive bound the range runs to after
/// wrapping and clamping (-1 for a negative stride that runs to the front);
/// `interval` is `end - start`, the extent that reproduces `size` in offset
/// mode (see docs/normal-form.md).
template <typename V> struct DimRange {
  V start;
  V end;
  V stride;
  V size;
  V interval;
};

/// How many strides an interval spans: the range start, start + stride, ...
/// short of start + interval is non-empty when the interval runs in the
/// stride's direction, and then has `steps + 1` elements.
template <typename Arith> struct StepCount {
  typename Arith::Cond nonEmpty;
  typename Arith::Value steps;
};

/// Counts the steps of `stride` (whose sign is `positive`) in `interval`. A
/// `bounded` interval
/// (|interval| <= dim + 1, as clamping guarantees) takes the short formula;
/// an arbitrary int64 one (offset mode) one that cannot overflow. The only
/// division is by |stride|, which is never -1, so there is no INT64_MIN / -1
/// whatever the (possibly discarded) operands.
template <typename Arith>
StepCount<Arith> countSteps(Arith &arith, typename Arith::Value interval,
                            typename Arith::Value stride,
                            typename Arith::Cond positive, bool bounded) {
  auto zero = arith.constant(0);
  auto one = arith.constant(1);
  auto magnitude = arith.select(positive, stride, arith.sub(zero, stride));
  if (bounded) {
    auto directed = arith.select(positive, interval, arith.sub(zero, interval));
    return {arith.lessThan(zero, directed),
            arith.divTrunc(arith.sub(directed, one), magnitude)};
  }
  auto nonEmpty = arith.logicalOr(
      arith.logicalAnd(positive, arith.lessThan(zero, interval)),
      arith.logicalAnd(arith.logicalNot(positive),
                       arith.lessThan(interval, zero)));
  // |interval| - 1 for a non-empty interval, computed without negating it.
  auto reach = arith.select(positive, arith.sub(interval, one),
                            arith.sub(arith.constant(-1), interval));
  return {nonEmpty, arith.divTrunc(reach, magnitude)};
}

/// The number of elements start, start + stride, ... short of start +
/// `interval`: ceil(|interval| / |stride|) when the interval runs in the
/// stride's direction (`positive` is the stride's sign), else 0. `bounded`
/// as for `countSteps`. This is the size of an offset-mode window, and so of
/// every range entry of the normal form (docs/normal-form.md). Exact for
/// every int64 input but one: an interval of INT64_MIN with stride -1 spans
/// 2^63 elements and wraps, a window no dimension holds (`dimRangeInBounds`
/// rejects it first).
template <typename Arith>
typename Arith::Value
countElements(Arith &arith, typename Arith::Value interval,
              typename Arith::Value stride, typename Arith::Cond positive,
              bool bounded) {
  StepCount<Arith> steps =
      countSteps(arith, interval, stride, positive, bounded);
  return arith.select(steps.nonEmpty, arith.add(steps.steps, arith.constant(1)),
                      arith.constant(0));
}

/// The indices `j` in `[lo, hi)` of the range start, start + stride, ...
/// (`count` elements) whose element lies in the window
/// `[windowBegin, windowEnd)`: they are contiguous whatever the stride's
/// sign. Partitioning a slice of a sharded tensor asks it of each shard
/// (docs/sharding.md). `Arith` as for `resolveDimRange`; an empty run has
/// lo == hi, both within [0, count].
template <typename V> struct IndexRun {
  V lo;
  V hi;
};

template <typename Arith>
IndexRun<typename Arith::Value>
runInWindow(Arith &arith, typename Arith::Value start,
            typename Arith::Value stride, typename Arith::Value count,
            typename Arith::Value windowBegin,
            typename Arith::Value windowEnd) {
  auto zero = arith.constant(0);
  auto one = arith.constant(1);
  auto backward = arith.lessThan(stride, zero);
  // A zero stride (an error checked elsewhere) divides by 1, not by 0.
  auto magnitude =
      arith.max(arith.select(backward, arith.sub(zero, stride), stride), one);
  // ceil(a / magnitude): truncation rounds a negative quotient up already.
  auto ceilDiv = [&](typename Arith::Value a) {
    return arith.select(
        arith.lessThan(zero, a),
        arith.divTrunc(arith.add(a, arith.sub(magnitude, one)), magnitude),
        arith.divTrunc(a, magnitude));
  };
  // Forward: windowBegin <= start + |stride| j < windowEnd. Backward:
  // windowBegin <= start - |stride| j < windowEnd.
  auto lo = arith.select(backward,
                         ceilDiv(arith.add(arith.sub(start, windowEnd), one)),
                         ceilDiv(arith.sub(windowBegin, start)));
  auto hi = arith.select(backward,
                         ceilDiv(arith.add(arith.sub(start, windowBegin), one)),
                         ceilDiv(arith.sub(windowEnd, start)));
  lo = arith.min(arith.max(lo, zero), count);
  hi = arith.min(arith.max(hi, lo), count);
  return {lo, hi};
}

/// Resolves one dense dimension in the arithmetic domain `Arith`, which
/// provides `Value`, `Cond`, `constant(int64_t)`, `constantCond(bool)`, `add`,
/// `sub`, `divTrunc` (signed, truncating), `min`, `max` (signed), `lessThan`
/// (signed), `equal`, `select(Cond, Value, Value)`, `logicalAnd`,
/// `logicalOr` and `logicalNot`.
///
/// The rules, by `flags`:
///  - shrink: start = begin wrapped once, size 1, stride 1; whether that index
///    is in range is `dimRangeInBounds`;
///  - offset (TFLite): start = begin wrapped once (or the first element for
///    the stride's sign when masked), then ceil(end / stride) elements when
///    `end` runs in the stride's direction, else none; no clamping: whether
///    the window fits is `dimRangeInBounds`;
///  - otherwise a Python slice: begin and end wrap once and clamp to
///    [0, dim] (stride > 0) or [-1, dim - 1] (stride < 0); masked ends take
///    the fullest range for the stride's sign.
///
/// A zero stride is invalid (`strideIsValid`); the results are then
/// meaningless, but computing them never divides by zero in `KnownIntArith`
/// (unknown instead). The only division is by |stride|, so no INT64_MIN / -1
/// can occur for any input.
template <typename Arith>
DimRange<typename Arith::Value>
resolveDimRange(Arith &arith, typename Arith::Value begin,
                typename Arith::Value end, typename Arith::Value stride,
                typename Arith::Value dim, const DimFlags &flags) {
  using Value = typename Arith::Value;
  Value zero = arith.constant(0);
  Value one = arith.constant(1);
  Value minusOne = arith.constant(-1);
  // Negative indices count from the back, once.
  auto wrap = [&](Value x) {
    return arith.select(arith.lessThan(x, zero), arith.add(x, dim), x);
  };
  if (flags.shrink) {
    Value index = wrap(begin);
    return {index, arith.add(index, one), one, one, one};
  }

  auto positive = arith.lessThan(zero, stride);
  Value dimMinusOne = arith.sub(dim, one);
  // The first element for the stride's sign, where the begin is masked.
  auto first = [&] { return arith.select(positive, zero, dimMinusOne); };
  Value start, stop, interval;
  if (flags.offset) {
    start = flags.beginMasked ? first() : wrap(begin);
    interval = end;
    stop = arith.add(start, interval);
  } else {
    // Python slice clamping: [0, dim] for a positive stride, [-1, dim - 1]
    // for a negative one.
    Value low = arith.select(positive, zero, minusOne);
    Value high = arith.select(positive, dim, dimMinusOne);
    auto clamp = [&](Value x) {
      return arith.min(arith.max(wrap(x), low), high);
    };
    start = flags.beginMasked ? first() : clamp(begin);
    stop = flags.endMasked ? arith.select(positive, dim, minusOne) : clamp(end);
    // |stop - start| <= dim + 1: no overflow.
    interval = arith.sub(stop, start);
  }

  Value size = countElements(arith, interval, stride, positive,
                             /*bounded=*/!flags.offset);
  return {start, stop, stride, size, interval};
}

/// Whether the stride of a dimension indexed with `flags` is acceptable:
/// non-zero for a range, positive for a shrink entry.
template <typename Arith>
typename Arith::Cond strideIsValid(Arith &arith, typename Arith::Value stride,
                                   const DimFlags &flags) {
  auto zero = arith.constant(0);
  if (flags.shrink)
    return arith.lessThan(zero, stride);
  return arith.logicalNot(arith.equal(stride, zero));
}

/// Whether the elements `range` selects lie inside a dimension of size
/// `dim`. Always true for a plain range (clamping guarantees it); a shrink
/// index must be in [0, dim) after wrapping; an offset window must fit:
/// start in [0, dim) and the last element too, unless it is empty. Assumes a
/// valid stride.
template <typename Arith>
typename Arith::Cond
dimRangeInBounds(Arith &arith, const DimRange<typename Arith::Value> &range,
                 typename Arith::Value dim, const DimFlags &flags) {
  if (!flags.shrink && !flags.offset)
    return arith.constantCond(true);
  auto zero = arith.constant(0);
  auto one = arith.constant(1);
  auto startInside =
      arith.logicalAnd(arith.logicalNot(arith.lessThan(range.start, zero)),
                       arith.lessThan(range.start, dim));
  if (flags.shrink)
    return startInside;
  // The last element start + steps * stride stays inside iff steps <=
  // room / |stride|, where room is the distance from the start to the edge
  // the stride runs towards (overflow-free for any int64 input).
  auto positive = arith.lessThan(zero, range.stride);
  StepCount<Arith> steps =
      countSteps(arith, range.interval, range.stride, positive,
                 /*bounded=*/false);
  auto room = arith.select(
      positive, arith.sub(arith.sub(dim, one), range.start), range.start);
  auto magnitude =
      arith.select(positive, range.stride, arith.sub(zero, range.stride));
  auto fits = arith.logicalNot(
      arith.lessThan(arith.divTrunc(room, magnitude), steps.steps));
  return arith.logicalOr(arith.logicalNot(steps.nonEmpty),
                         arith.logicalAnd(startInside, fits));
}

/// The arithmetic domain of known-or-unknown int64 values. An operation on
/// an unknown operand is unknown, except a select whose condition is known
/// or whose two arms are the same known value. Arithmetic wraps.
class KnownIntArith {
public:
  using Value = MaybeInt;
  using Cond = std::optional<bool>;

  Value constant(int64_t value) const { return value; }
  Cond constantCond(bool value) const { return value; }
  Value add(Value lhs, Value rhs) const;
  Value sub(Value lhs, Value rhs) const;
  /// Unknown for a zero divisor and for INT64_MIN / -1.
  Value divTrunc(Value lhs, Value rhs) const;
  Value min(Value lhs, Value rhs) const;
  Value max(Value lhs, Value rhs) const;
  Cond lessThan(Value lhs, Value rhs) const;
  Cond equal(Value lhs, Value rhs) const;
  Value select(Cond cond, Value ifTrue, Value ifFalse) const;
  /// Three-valued logic: known when the known operands decide it.
  Cond logicalAnd(Cond lhs, Cond rhs) const;
  Cond logicalOr(Cond lhs, Cond rhs) const;
  Cond logicalNot(Cond value) const;
};

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

//===----------------------------------------------------------------------===//
// The axes encoding (Paddle, ONNX)
//===----------------------------------------------------------------------===//

/// Maps the `axes` of an axes-encoded slice onto an input of rank `rank`:
/// element d of the result is the axes entry that slices input dimension d,
/// or -1 when no entry names it. Negative axes count from the back. Returns
/// std::nullopt and sets `error` for an axis outside [-rank, rank) or one
/// that names a dimension twice.
std::optional<llvm::SmallVector<int64_t>>
mapAxesToDims(llvm::ArrayRef<int64_t> axes, unsigned rank, std::string &error);

/// The TF sparse spec that means the same as the axes-encoded slice
/// `axes`/`starts`/`ends`/`strides` (NumPy slicing along the named axes,
/// other axes whole): one entry per input dimension up to the last named
/// one, unnamed ones `:`. Checks what `mapAxesToDims` checks, equal list
/// lengths and known zero strides. When `sourceEntries` is given, it
/// receives for each spec entry the axes entry it comes from (-1 for `:`),
/// so that callers can carry SSA values over.
std::optional<SparseSliceSpec>
buildAxesSpec(llvm::ArrayRef<int64_t> axes, llvm::ArrayRef<MaybeInt> starts,
              llvm::ArrayRef<MaybeInt> ends, llvm::ArrayRef<MaybeInt> strides,
              unsigned rank, std::string &error,
              llvm::SmallVectorImpl<int64_t> *sourceEntries = nullptr);

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// Composes two resolved slices: `first` resolved on some input, `second`
/// resolved on `first`'s result. Returns a static sparse spec (no offset
/// mode, no ellipsis) that selects, on the same input, exactly the elements
/// of applying `first` then `second`, or std::nullopt when that is not
/// expressible with the values known: some start, stride or size that the
/// composition needs is unknown, a window or index needs a run-time bounds
/// check, the composed stride overflows int64, or `second` empties a new
/// axis of `first` (a new axis always has size 1).
/// When it returns std::nullopt and `reason` is given, `reason` says why.
std::optional<SparseSliceSpec> composeSlices(const ResolvedSlice &first,
                                             const ResolvedSlice &second,
                                             std::string *reason = nullptr);

/// The product of the sizes `values` (each >= 0), or std::nullopt when it
/// does not fit in int64 (or a value is negative, such as
/// ShapedType::kDynamic). Element counts and strides of types as large as
/// tensor<4611686018427387904x4xf32> overflow; every such product in the
/// project goes through here.
std::optional<int64_t> checkedProduct(llvm::ArrayRef<int64_t> values);

//===----------------------------------------------------------------------===//
// Updates (x[spec] = value)
//===----------------------------------------------------------------------===//

/// How one dimension of the value of an update meets the slice it is
/// written into.
enum class UpdateDimMatch {
  /// The sizes are known equal.
  Equal,
  /// The value's size is a static 1, stretched to the slice's (NumPy
  /// broadcasting; also when the slice's size is unknown).
  Stretched,
  /// A leading value dimension beyond the slice's rank, of static size 1:
  /// dropped.
  Dropped,
  /// Some size is unknown: the value's must equal the slice's (1 for a
  /// leading dimension beyond the slice's rank) at run time. A dynamic
  /// value dimension is never stretched.
  CheckedAtRunTime,
};

/// How the value of shape `value` is written into a slice of shape `slice`
/// by `x[spec] = value`: NumPy's assignment broadcasting, aligned from the
/// back, with one rule for the unknown: a value dimension of static size 1
/// stretches to any slice size, and a dynamic one must equal the slice's at
/// run time. Returns one match per value dimension, or std::nullopt and
/// sets `error` (naming the value dimension, its size and the slice's) when
/// the known sizes cannot match.
std::optional<llvm::SmallVector<UpdateDimMatch>>
matchUpdateValue(llvm::ArrayRef<MaybeInt> value, llvm::ArrayRef<MaybeInt> slice,
                 std::string &error);

/// Calls `fn(destIndex, valueIndex)` for every element an update writes:
/// the row-major flat index into a dest of shape `destShape` of each
/// element `slice` selects, in the slice's order, and the flat index of the
/// element of a value of shape `valueShape` written there (`matches` from
/// matchUpdateValue: stretched and missing dimensions repeat the value).
/// Returns false, calling nothing, when a size, start or stride is unknown.
bool forEachUpdatedIndex(const ResolvedSlice &slice,
                         llvm::ArrayRef<int64_t> destShape,
                         llvm::ArrayRef<int64_t> valueShape,
                         llvm::ArrayRef<UpdateDimMatch> matches,
                         llvm::function_ref<void(int64_t, int64_t)> fn);

//===----------------------------------------------------------------------===//
// Python notation
//===----------------------------------------------------------------------===//

/// The end TensorFlow's Python front end pairs with a shrink index `begin`
/// (`x[b]` is `b:b+1` with the shrink bit; the end is not used): b + 1, or
/// 0 where b + 1 does not exist. Both parsers of Python notation (this
/// library's and slice.strided's custom syntax) encode indices with it.
inline int64_t shrinkIndexEnd(int64_t begin) {
  return begin == std::numeric_limits<int64_t>::max() ? 0 : begin + 1;
}

/// Parses a slice in Python / NumPy notation, the inside of `x[...]`, into a
/// sparse spec: comma-separated entries, each `...`, `newaxis` (or `None`),
/// an integer index (a shrink entry), or `begin:end` / `begin:end:stride`
/// with every part optional (a missing begin or end sets its mask bit; a
/// missing stride is 1). Integers are decimal int64, with an optional sign.
/// An empty text is the spec of no entries (`x[()]`). Returns std::nullopt
/// and sets `error` (naming the entry and the text) for anything else, more
/// than one ellipsis, or more than 64 entries. Whether the spec is valid
/// for an input (a zero stride, say) is for `resolveStridedSlice` or the
/// op's verifier to say.
std::optional<SparseSliceSpec> parsePythonSlice(llvm::StringRef text,
                                                std::string &error);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_STRIDEDSLICESEMANTICS_H
