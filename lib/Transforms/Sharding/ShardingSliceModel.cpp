//===- ShardingSliceModel.cpp - slice.strided on sharded tensors ----------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided's ShardingInterface model (docs/sharding.md).
//
// Loops: one per source dimension and one per result dimension, so that
// each side can keep whatever sharding it is annotated with (partition
// moves what differs: no resharding is left to upstream, whose all_gather
// and all_to_all do not lower to MPI in MLIR 22). A side without an
// annotation takes the other side's sharding of every dimension taken
// whole (every element, in order), which then stays local, and is
// replicated along the others.
//
// Partition: each process slices its own shard with the spec's formula
// (the global normal form) restricted to the indices it holds. A source
// dimension sharded and taken whole into a result dimension sharded the
// same way stays local; along every other sharded source dimension the
// processes exchange, point to point, exactly the elements each needs of
// the others' shards for its part of the result (ShardExchange.h): no
// zero fill, no full-size temporary, no all_reduce.
//
//===----------------------------------------------------------------------===//

#include "ShardExchange.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::sharding;

namespace {

/// The model's loops (see the file comment): the source's, then the
/// result's.
struct LoopLayout : SliceLoops {
  /// Per source dimension: the result dimension that shows it whole (every
  /// element, in order), or -1.
  SmallVector<int64_t> wholeIn;

  LoopLayout(const ResolvedSlice &resolved, StridedOp op)
      : SliceLoops(resolved, op, resolved.resultToInput.size()),
        wholeIn(tensorRank, -1) {}
};

std::optional<LoopLayout> getLoopLayout(StridedOp op) {
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved)
    return std::nullopt;
  LoopLayout layout(*resolved, op);
  for (auto [pos, input] : llvm::enumerate(resolved->resultToInput))
    if (input >= 0 && resolved->dims[input].full &&
        !resolved->dims[input].shrink)
      layout.wholeIn[input] = pos;
  return layout;
}

/// Where each source shard overlaps the result (IMEX's split of a
/// sub-range): for each result dimension of a sliced source dimension
/// split over one grid axis, with a static spec, source split and a
/// positive stride, the result indices before each shard's start (and the
/// count last). A result split there is built with nothing moved. Empty
/// where none is derivable.
struct OverlapSplit {
  int64_t resultPos;
  int64_t sourceDim;
  /// The offsets, or empty where they are those of an even split.
  SmallVector<int64_t> offsets;
};

SmallVector<OverlapSplit> overlapSplits(StridedOp op, const Sharding &in,
                                        ArrayRef<int64_t> gridShape) {
  SmallVector<OverlapSplit> splits;
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!in || !resolved)
    return splits;
  KnownIntArith arith;
  for (auto [pos, dim] : llvm::enumerate(resolved->resultToInput)) {
    if (dim < 0)
      continue;
    const ResolvedDim &range = resolved->dims[dim];
    ArrayRef<GridAxis> axes = splitAxesOf(in, dim);
    int64_t size = op.getSourceType().getDimSize(dim);
    if (axes.size() != 1 || range.full || range.shrink || !range.start ||
        !range.stride || !range.size || *range.stride <= 0 ||
        ShapedType::isDynamic(size))
      continue;
    int64_t shards = gridShape[axes[0]];
    SmallVector<int64_t> bounds = explicitOffsetsOf(in, dim, gridShape);
    if (bounds.empty()) {
      if (size % shards != 0)
        continue;
      for (int64_t k = 0; k <= shards; ++k)
        bounds.push_back(k * (size / shards));
    }
    SmallVector<int64_t> table;
    bool even = *range.size % shards == 0;
    for (auto [k, bound] : llvm::enumerate(bounds)) {
      table.push_back(*runInWindow(arith, *range.start, *range.stride,
                                   *range.size, int64_t(0), bound)
                           .hi);
      even &= table.back() == static_cast<int64_t>(k) * (*range.size / shards);
    }
    if (even)
      table.clear();
    splits.push_back({static_cast<int64_t>(pos), dim, std::move(table)});
  }
  return splits;
}

/// Whether every user of the slice's result is a slice of it, whose model
/// partitions any split at explicit offsets (upstream's resharding of an
/// uneven split crashes MLIR 22, and a function result keeps its
/// replicated convention).
bool feedsSlicesOnly(StridedOp op) {
  Value result = op.getResult();
  return !result.use_empty() &&
         llvm::all_of(result.getUses(), [](OpOperand &use) {
           auto slice = dyn_cast<StridedOp>(use.getOwner());
           return slice && use.getOperandNumber() == 0;
         });
}

/// The value of the partitioned slice on this process.
FailureOr<Value> partitionSlice(StridedOp op, ArrayRef<Value> operands,
                                const Sharding &in, const Sharding &out,
                                SymbolTableCollection &symbols,
                                OpBuilder &builder) {
  Location loc = op.getLoc();
  RankedTensorType sourceType = op.getSourceType();
  RankedTensorType resultType = op.getResultType();
  Type elementType = sourceType.getElementType();
  FailureOr<ShardContext> context =
      getShardContext(op, {{"source", in}, {"result", out}}, symbols, builder);
  if (failed(context))
    return failure();
  ShardContext &shards = *context;
  GridOp grid = shards.grid;

  std::optional<LoopLayout> loops = getLoopLayout(op);
  if (!loops)
    return op.emitOpError() << "has an invalid spec";
  RankedTensorType localResultType =
      cast<RankedTensorType>(shardType(resultType, grid, out));

  // Purely local, with entries that mean the same on a shard: the op
  // itself on the shard, so that the pipeline's slices=view|copy holds.
  bool local = true;
  SmallVector<bool> resultCarried(resultType.getRank(), false);
  for (unsigned dim = 0; dim < sourceType.getRank(); ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(in, dim);
    if (axes.empty())
      continue;
    int64_t pos = loops->wholeIn[dim];
    local &= loops->wholeOnShards[dim] &&
             sameSplit(out, pos, in, dim, grid.getShape());
    if (pos >= 0)
      resultCarried[pos] = true;
  }
  for (unsigned pos = 0; pos < resultType.getRank(); ++pos)
    local &= resultCarried[pos] || splitAxesOf(out, pos).empty();
  if (local) {
    IRMapping mapping;
    for (auto [old, partitioned] : llvm::zip_equal(op->getOperands(), operands))
      mapping.map(old, partitioned);
    Operation *slice = builder.clone(*op, mapping);
    slice->getResult(0).setType(localResultType);
    return slice->getResult(0);
  }

  ArithIndexBuilder arith(builder, loc);
  unsigned rank = sourceType.getRank();

  // Where the shards of each split source dimension lie, and the sizes of
  // the whole source (which the processes tell each other where neither
  // the type nor the shard offsets say them).
  SmallVector<std::optional<DimShards>> sourceShards(rank);
  SmallVector<OpFoldResult> sourceSizes;
  for (unsigned dim = 0; dim < rank; ++dim) {
    if (splitAxesOf(in, dim).empty()) {
      sourceSizes.push_back(
          tensor::getMixedSize(builder, loc, operands[0], dim));
      continue;
    }
    FailureOr<DimShards> split = shards.shardsOf(
        op, arith, in, dim, sourceType.getDimSize(dim), "source", operands[0]);
    if (failed(split))
      return failure();
    sourceShards[dim] = *split;
    sourceSizes.push_back(split->globalSize);
  }

  FailureOr<GlobalSpec> global = globalSpec(builder, op, operands, sourceSizes);
  if (failed(global))
    return failure();
  SliceView &view = global->view;

  if (view.knownEmpty) {
    if (localResultType.hasStaticShape())
      return tensor::EmptyOp::create(builder, loc, localResultType.getShape(),
                                     elementType)
          .getResult();
    // This process's part of nothing: run-time sizes (0 where dynamic) or
    // uneven shards.
    FailureOr<Value> part = extractShard(
        builder, loc, op, shards, arith,
        tensor::EmptyOp::create(builder, loc, view.resultSizes, elementType),
        out, {}, "result");
    if (failed(part))
      return failure();
    return tensor::CastOp::create(builder, loc, localResultType, *part)
        .getResult();
  }

  // The plan, per source dimension (docs/sharding.md): which source
  // indices each process holds, which result indices it needs. Aligned:
  // split alike on both sides and taken whole, so each process needs just
  // its own shard. Gathered: split and sliced, or split otherwise in the
  // result; the processes along its grid axes exchange what the others
  // need. Unsharded: every process holds it whole.
  SmallVector<OpFoldResult> fullSizes = view.getFullRankSizes();
  SmallVector<ExchangeDim> dims;
  SmallVector<GridAxis> groupAxes;
  SmallVector<bool> carried(resultType.getRank(), false);
  for (unsigned dim = 0; dim < rank; ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(in, dim);
    int64_t resultPos = view.layout.resultPositions[dim];
    if (resultPos >= 0)
      carried[resultPos] = true;
    bool aligned = !axes.empty() && resultPos >= 0 &&
                   loops->wholeIn[dim] == resultPos &&
                   sameSplit(out, resultPos, in, dim, grid.getShape());
    if (aligned) {
      OpFoldResult size = tensor::getMixedSize(builder, loc, operands[0], dim);
      dims.push_back({arith.constant(0), arith.constant(1), size,
                      wholeWindow(size), wholeWindow(size)});
      continue;
    }
    ExchangeDim exchanged{view.offsets[dim],
                          view.strides[dim],
                          fullSizes[dim],
                          {},
                          wholeWindow(fullSizes[dim])};
    if (axes.empty()) {
      exchanged.held =
          wholeWindow(tensor::getMixedSize(builder, loc, operands[0], dim));
    } else {
      exchanged.held = shardWindow(shards, *sourceShards[dim]);
      groupAxes.append(axes.begin(), axes.end());
    }
    // A result dimension split here needs only each process's part.
    if (resultPos >= 0 && !splitAxesOf(out, resultPos).empty()) {
      FailureOr<DimShards> split =
          shards.shardsOf(op, arith, out, resultPos,
                          resultType.getDimSize(resultPos), "result");
      if (failed(split))
        return failure();
      exchanged.needed = shardWindow(shards, *split);
    }
    dims.push_back(std::move(exchanged));
  }
  // A new axis split in the result: a process whose part of it is empty
  // needs nothing.
  SmallVector<DimShards> newAxes;
  for (unsigned pos = 0; pos < resultType.getRank(); ++pos) {
    if (carried[pos] || splitAxesOf(out, pos).empty())
      continue;
    FailureOr<DimShards> split = shards.shardsOf(
        op, arith, out, pos, resultType.getDimSize(pos), "result");
    if (failed(split))
      return failure();
    newAxes.push_back(*split);
  }
  NeedsAny needsAny;
  if (!newAxes.empty())
    needsAny = [&](ArithIndexBuilder &arith, ArrayRef<OpFoldResult> place) {
      OpFoldResult any = arith.constantCond(true);
      for (const DimShards &split : newAxes) {
        ShardSpan part =
            split.at(arith, shards.index(arith, split.axes, place));
        any =
            arith.logicalAnd(any, arith.lessThan(arith.constant(0), part.size));
      }
      return any;
    };
  FailureOr<Value> exchanged = exchangeParts(
      builder, loc, op, shards, arith, operands[0], dims, groupAxes, needsAny);
  if (failed(exchanged))
    return failure();
  Value block = *exchanged;

  // From one entry per source dimension to the result's dimensions: the
  // shrunk ones collapsed away, the new axes expanded in.
  Value result = block;
  auto blockType = cast<RankedTensorType>(block.getType());
  SmallVector<int64_t> keptShape;
  for (auto [dim, pos] : llvm::enumerate(view.layout.resultPositions))
    if (pos >= 0)
      keptShape.push_back(blockType.getDimSize(dim));
  if (keptShape.size() != rank)
    result = tensor::CollapseShapeOp::create(
        builder, loc, RankedTensorType::get(keptShape, elementType), result,
        view.layout.getShrinkCollapseGroups());
  if (view.layout.hasNewAxes()) {
    SmallVector<int64_t> expandedShape(view.layout.resultRank, 1);
    SmallVector<OpFoldResult> expandedSizes(view.layout.resultRank,
                                            builder.getIndexAttr(1));
    SmallVector<OpFoldResult> keptSizes =
        tensor::getMixedSizes(builder, loc, result);
    unsigned kept = 0;
    for (int64_t pos : view.layout.resultPositions) {
      if (pos < 0)
        continue;
      expandedShape[pos] = keptShape[kept];
      expandedSizes[pos] = keptSizes[kept++];
    }
    result = tensor::ExpandShapeOp::create(
        builder, loc, RankedTensorType::get(expandedShape, elementType), result,
        view.layout.reassociation, expandedSizes);
  }

  // New axes split in the result: this process's part.
  FailureOr<Value> part = extractShard(builder, loc, op, shards, arith, result,
                                       out, carried, "result");
  if (failed(part))
    return failure();
  result = *part;
  if (result.getType() != localResultType)
    result = tensor::CastOp::create(builder, loc, localResultType, result);
  return result;
}

struct StridedOpShardingModel
    : public SliceShardingModel<StridedOpShardingModel, StridedOp, 1> {
  static constexpr StringLiteral kInvalid = "an invalid spec";
  static constexpr std::array<StringLiteral, 2> kRoles = {"source", "result"};

  static std::optional<LoopLayout> getLoops(StridedOp op) {
    return getLoopLayout(op);
  }

  /// A source dimension taken whole and the result dimension showing it.
  static SmallVector<DimTie> tiedDims(StridedOp op) {
    SmallVector<DimTie> ties;
    if (std::optional<LoopLayout> layout = getLoopLayout(op))
      for (auto [dim, pos] : llvm::enumerate(layout->wholeIn))
        if (pos >= 0)
          ties.push_back({{0, dim}, {1, pos}});
    return ties;
  }

  /// The result split where the source shards overlap it (see
  /// `overlapSplits`), where that is uneven.
  static SmallVector<DerivedTable> derivedTables(StridedOp op,
                                                 ArrayRef<Sharding> existing,
                                                 ArrayRef<int64_t> gridShape) {
    SmallVector<DerivedTable> tables;
    // Only for a result the option split so (never over an annotation).
    if (existing[1] || !feedsSlicesOnly(op))
      return tables;
    for (OverlapSplit &split : overlapSplits(op, existing[0], gridShape))
      if (!split.offsets.empty())
        tables.push_back({{1, split.resultPos}, std::move(split.offsets)});
    return tables;
  }

  /// Each side keeps the sharding it is annotated with (partition moves
  /// what differs); an unannotated side takes the other's sharding of
  /// every dimension taken whole, and is replicated along the rest.
  static FailureOr<ShardingOption> shardingOption(StridedOp slice,
                                                  const LoopLayout &loops,
                                                  ArrayRef<Sharding> tensors) {
    Sharding in = tensors[0], out = tensors[1];
    if (in && out && in.getGridAttr() != out.getGridAttr())
      out = Sharding();
    if (!in && !out)
      return ShardingOption::makeEmpty();
    ShardingOption option(ShardingArray(loops.numLoops()),
                          in ? in.getGridAttr() : out.getGridAttr());
    for (unsigned dim = 0; dim < loops.tensorRank; ++dim) {
      int64_t pos = loops.wholeIn[dim];
      ArrayRef<GridAxis> source = splitAxesOf(in, dim);
      ArrayRef<GridAxis> result = splitAxesOf(out, pos);
      llvm::append_range(option.shardingArray[dim], in ? source : result);
      if (pos >= 0)
        llvm::append_range(option.shardingArray[loops.sliceLoop(pos)],
                           out ? result : source);
    }
    if (out)
      for (unsigned pos = 0; pos < loops.sliceRank; ++pos)
        if (!llvm::is_contained(loops.wholeIn, static_cast<int64_t>(pos)))
          llvm::append_range(option.shardingArray[loops.sliceLoop(pos)],
                             splitAxesOf(out, pos));
    // An unannotated result that only slices consume keeps a sliced
    // dimension split where the source shards overlap it: nothing moves.
    SymbolTableCollection symbols;
    GridOp grid =
        in ? getGridOrNull(slice, in.getGridAttr(), symbols) : GridOp();
    if (!out && grid && !ShapedType::isDynamicShape(grid.getShape()) &&
        feedsSlicesOnly(slice))
      for (const OverlapSplit &split :
           overlapSplits(slice, in, grid.getShape()))
        llvm::append_range(
            option.shardingArray[loops.sliceLoop(split.resultPos)],
            splitAxesOf(in, split.sourceDim));
    removeTrailingEmptySubArray(option.shardingArray);
    return option;
  }

  static FailureOr<Value> partitionLocal(StridedOp op, ArrayRef<Value> operands,
                                         ArrayRef<Sharding> operandShardings,
                                         const Sharding &result,
                                         SymbolTableCollection &symbols,
                                         OpBuilder &builder) {
    return partitionSlice(op, operands, operandShardings[0], result, symbols,
                          builder);
  }
};
} // namespace

void mlir::slice::sharding::attachStridedOpShardingModel(MLIRContext *context) {
  StridedOp::attachInterface<StridedOpShardingModel>(*context);
}
