//===- ShardWindow.h - The part of a range in a window ----------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Which elements of a strided range fall in a window of its dimension, and
// the communication plan of a slice of a sharded tensor built on it: what
// one process sends another, along one dimension, and in which round of a
// pairwise exchange (docs/sharding.md).
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
  // ceil(a / magnitude): truncation rounds a negative quotient up already;
  // (a - 1) / magnitude + 1 cannot overflow where a + magnitude - 1 can.
  auto ceilDiv = [&](typename Arith::Value a) {
    return arith.select(
        arith.lessThan(zero, a),
        arith.add(arith.divTrunc(arith.sub(a, one), magnitude), one),
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

/// What one process (the sender) sends another (the receiver) along one
/// dimension of a slice: the result indices `j` that lie in the receiver's
/// part of the result, `[resultBegin, resultEnd)`, and whose source element
/// `start + stride * j` lies in the sender's shard of the source,
/// `[sourceBegin, sourceEnd)`. They are contiguous: `count` of them, the
/// first at `sourceOffset` in the sender's shard (then every `stride`),
/// landing at `resultOffset` in the receiver's part. An empty block has
/// both offsets 0. A dimension the sender holds whole is the window
/// `[0, size)`; one the receiver needs whole is `[0, count)`.
template <typename V> struct ExchangeBlock {
  V count;
  V sourceOffset;
  V resultOffset;
};

template <typename Arith>
ExchangeBlock<typename Arith::Value> exchangeBlock(
    Arith &arith, typename Arith::Value start, typename Arith::Value stride,
    typename Arith::Value count, typename Arith::Value sourceBegin,
    typename Arith::Value sourceEnd, typename Arith::Value resultBegin,
    typename Arith::Value resultEnd) {
  IndexRun<typename Arith::Value> run =
      runInWindow(arith, start, stride, count, sourceBegin, sourceEnd);
  auto zero = arith.constant(0);
  auto lo = arith.max(run.lo, resultBegin);
  auto hi = arith.min(run.hi, resultEnd);
  auto nonEmpty = arith.lessThan(lo, hi);
  auto sourceOffset =
      arith.sub(arith.add(start, arith.mul(stride, lo)), sourceBegin);
  return {arith.select(nonEmpty, arith.sub(hi, lo), zero),
          arith.select(nonEmpty, sourceOffset, zero),
          arith.select(nonEmpty, arith.sub(lo, resultBegin), zero)};
}

/// The rounds of a pairwise exchange among `processes`: one fewer, or as
/// many when they are odd (one process sits each round out).
inline int64_t exchangeRounds(int64_t processes) {
  return processes + (processes % 2) - 1;
}

/// The partner of process `self` in round `round` (both from 0) of a
/// pairwise exchange among `processes`, by the circle method: every round
/// pairs the processes off, disjointly, and the `exchangeRounds` rounds
/// pair every two of them exactly once. So blocking sends ordered within
/// each pair (the lower index sends first) cannot deadlock. A process
/// without a partner in a round gets `processes`.
template <typename Arith>
typename Arith::Value exchangePartner(Arith &arith, typename Arith::Value self,
                                      typename Arith::Value round,
                                      int64_t processes) {
  // m players on a circle and one in the middle (index m): in round t,
  // i and j pair when i + j = t (mod m); the one with 2 i = t (mod m)
  // pairs with the middle.
  int64_t m = exchangeRounds(processes);
  auto zero = arith.constant(0);
  auto mod = arith.constant(m);
  // (x mod m) of an x in [0, 2 m).
  auto reduce = [&](typename Arith::Value x) {
    return arith.select(arith.lessThan(x, mod), x, arith.sub(x, mod));
  };
  auto onCircle = reduce(arith.sub(arith.add(round, mod), self));
  // The i with 2 i = t (mod m): t / 2 for an even t, else (t + m) / 2.
  auto two = arith.constant(2);
  auto half = arith.divTrunc(round, two);
  auto even = arith.equal(arith.sub(arith.sub(round, half), half), zero);
  auto middlesPartner =
      arith.select(even, half, arith.divTrunc(arith.add(round, mod), two));
  auto partner =
      arith.select(arith.equal(self, mod), middlesPartner,
                   arith.select(arith.equal(onCircle, self), mod, onCircle));
  return partner;
}

} // namespace slice
} // namespace mlir

#endif // SLICE_SEMANTICS_SHARDWINDOW_H
