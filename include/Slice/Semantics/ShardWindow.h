//===- ShardWindow.h - The part of a range in a window ----------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Which elements of a strided range fall in a window of its dimension:
// partitioning a slice of a sharded tensor asks it of each shard
// (docs/sharding.md).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_SEMANTICS_SHARDWINDOW_H
#define SLICE_SEMANTICS_SHARDWINDOW_H

namespace mlir {
namespace slice {

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

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_SHARDWINDOW_H
