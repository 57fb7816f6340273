//===- ShardExchange.h - The communication plan of a sharded slice -*- C++ -*-//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceTransforms: the point-to-point plan that gives each
// process its part of a slice of a sharded tensor (docs/sharding.md). For
// each pair of processes the semantics library's `exchangeBlock` says, in
// closed form, which elements the sender's shard holds of the receiver's
// part, as a strided block; the sender packs exactly those and the
// receiver puts them in place. The pairs meet in the rounds of
// `exchangePartner`, so blocking sends cannot deadlock.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_SHARDING_SHARDEXCHANGE_H
#define SLICE_LIB_TRANSFORMS_SHARDING_SHARDEXCHANGE_H

#include "ShardGeometry.h"

namespace mlir {
namespace slice {
namespace sharding {

/// A window of indices `[begin, end)` of one dimension.
struct IndexWindow {
  OpFoldResult begin;
  OpFoldResult end;
};

/// The window of one dimension that the process at a place in the grid
/// (one index per grid axis) holds or needs.
using WindowOf =
    std::function<IndexWindow(ArithIndexBuilder &, ArrayRef<OpFoldResult>)>;

/// One dimension of an exchange: the result's elements `j` in
/// `[0, count)` are the source's `start + stride * j`; each process holds
/// the source indices `held` says (in its local shard from the window's
/// begin) and needs the result indices `needed` says.
struct ExchangeDim {
  OpFoldResult start, stride, count;
  WindowOf held;
  WindowOf needed;
};

/// The window of a dimension that every process holds whole, of `size`.
WindowOf wholeWindow(OpFoldResult size);
/// Each process's shard of a dimension split as `shards` says.
WindowOf shardWindow(const ShardContext &context, DimShards shards);

/// This process's part of the result (`needed` of each dimension), from
/// its shard `local` of the source and those of the processes that differ
/// from it along `groupAxes` only: each pair exchanges exactly the
/// elements the receiver needs of the sender's shard, nothing else moves.
/// Empty `groupAxes`: a local slice. `needsAny`, if given, says whether
/// the process at a place needs anything at all (its part of a split new
/// axis of the result may be empty); one that does not receives nothing.
using NeedsAny =
    std::function<OpFoldResult(ArithIndexBuilder &, ArrayRef<OpFoldResult>)>;
FailureOr<Value> exchangeParts(OpBuilder &builder, Location loc, Operation *op,
                               const ShardContext &context,
                               ArithIndexBuilder &arith, Value local,
                               ArrayRef<ExchangeDim> dims,
                               SmallVector<GridAxis> groupAxes,
                               NeedsAny needsAny = {});

} // namespace sharding
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_SHARDING_SHARDEXCHANGE_H
