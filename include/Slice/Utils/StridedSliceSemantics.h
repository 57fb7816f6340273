//===- StridedSliceSemantics.h - The rules of a strided slice ---*- C++ -*-===//
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
};

/// One input dimension after the sparse spec has been spread over the input
/// rank; the values are still raw (not wrapped or clamped).
struct DenseDimSpec {
  /// The sparse entry this dimension comes from, or -1 when the (explicit or
  /// implicit) ellipsis fills it.
  int64_t entry = -1;
  MaybeInt begin = 0;
  MaybeInt end = 0;
  MaybeInt stride = 1;
  bool beginMasked = true;
  bool endMasked = true;
  bool shrink = false;
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
/// wrapping and clamping (-1 for a negative stride that runs to the front).
template <typename V> struct DimRange {
  V start;
  V end;
  V stride;
  V size;
};

/// Resolves one dense dimension in the arithmetic domain `Arith`, which
/// provides `Value`, `Cond`, `constant(int64_t)`, `add`, `sub`, `divTrunc`
/// (signed, truncating), `min`, `max` (signed), `lessThan` (signed) and
/// `select(Cond, Value, Value)`.
///
/// A shrink dimension yields start = wrapped begin, size 1, stride 1; whether
/// that index is in range is for the caller to check (statically in
/// `resolveStridedSlice`, at run time in the lowering).
template <typename Arith>
DimRange<typename Arith::Value>
resolveDimRange(Arith &arith, typename Arith::Value begin,
                typename Arith::Value end, typename Arith::Value stride,
                typename Arith::Value dim, bool beginMasked, bool endMasked,
                bool shrink) {
  using Value = typename Arith::Value;
  Value zero = arith.constant(0);
  Value one = arith.constant(1);
  Value minusOne = arith.constant(-1);
  // Negative indices count from the back, once.
  auto wrap = [&](Value x) {
    return arith.select(arith.lessThan(x, zero), arith.add(x, dim), x);
  };
  if (shrink) {
    Value index = wrap(begin);
    return {index, arith.add(index, one), one, one};
  }

  auto positive = arith.lessThan(zero, stride);
  Value dimMinusOne = arith.sub(dim, one);
  // Python slice clamping: [0, dim] for a positive stride, [-1, dim - 1] for
  // a negative one.
  Value low = arith.select(positive, zero, minusOne);
  Value high = arith.select(positive, dim, dimMinusOne);
  auto clamp = [&](Value x) {
    return arith.min(arith.max(wrap(x), low), high);
  };
  Value start =
      beginMasked ? arith.select(positive, zero, dimMinusOne) : clamp(begin);
  Value stop = endMasked ? arith.select(positive, dim, minusOne) : clamp(end);

  // size = ceil((stop - start) / stride) when the interval runs in the
  // stride's direction, else 0. |stop - start| <= dim, so nothing overflows.
  Value interval = arith.sub(stop, start);
  Value directed = arith.select(positive, interval, arith.sub(zero, interval));
  Value step = arith.select(positive, one, minusOne);
  Value count =
      arith.add(arith.divTrunc(arith.sub(interval, step), stride), one);
  Value size = arith.select(arith.lessThan(zero, directed), count, zero);
  return {start, stop, stride, size};
}

/// The arithmetic domain of known-or-unknown int64 values. An operation on
/// an unknown operand is unknown, except a select whose condition is known
/// or whose two arms are the same known value. Arithmetic wraps.
class KnownIntArith {
public:
  using Value = MaybeInt;
  using Cond = std::optional<bool>;

  Value constant(int64_t value) const { return value; }
  Value add(Value lhs, Value rhs) const;
  Value sub(Value lhs, Value rhs) const;
  /// Unknown for a zero divisor and for INT64_MIN / -1.
  Value divTrunc(Value lhs, Value rhs) const;
  Value min(Value lhs, Value rhs) const;
  Value max(Value lhs, Value rhs) const;
  Cond lessThan(Value lhs, Value rhs) const;
  Value select(Cond cond, Value ifTrue, Value ifFalse) const;
};

/// One input dimension of a resolved slice.
struct ResolvedDim {
  /// The sparse entry it comes from, or -1 for an ellipsis-filled dimension.
  int64_t entry = -1;
  bool shrink = false;
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
};

/// Validates `spec` on an input of shape `shape` (unknown dims allowed) and
/// resolves it. On top of `buildDenseSpec`'s checks this rejects a known
/// shrink index outside [-n, n) on a known dimension of size n. Returns
/// std::nullopt and sets `error` (a sentence naming the entry, the mask bit
/// and the values involved) on failure.
std::optional<ResolvedSlice> resolveStridedSlice(const SparseSliceSpec &spec,
                                                 llvm::ArrayRef<MaybeInt> shape,
                                                 std::string &error);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_STRIDEDSLICESEMANTICS_H
