//===- DimArithmetic.h - One dimension of a slice ---------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The formulas for one dense dimension (start, end, stride, size, and the
// checks a dimension needs) as templates over an arithmetic domain:
// `KnownIntArith` computes with known-or-unknown int64 values (type
// inference, verification), and the MLIR side instantiates them with a
// builder that emits `arith` ops for the unknown parts
// (Slice/Semantics/Arith/SliceArith.h), so run-time code and compile-time
// reasoning share one formula.
//
// Overflow: every value the formulas select stays within [-1, dim] or is a
// size in [0, dim], so no int64 input (INT64_MIN / INT64_MAX begin, end or
// stride) overflows. Branches that a select discards may wrap; the domains
// use two's complement wrapping like `arith` does, so that is harmless.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_DIMARITHMETIC_H
#define SLICE_SEMANTICS_DIMARITHMETIC_H

#include "Slice/Semantics/Spec.h"

namespace mlir {
namespace slice {

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
  Value mul(Value lhs, Value rhs) const;
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

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_DIMARITHMETIC_H
