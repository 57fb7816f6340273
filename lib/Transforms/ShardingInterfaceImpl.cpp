//===- ShardingInterfaceImpl.cpp - slice ops on sharded tensors -----------===//
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
// same way stays local; every other sharded source dimension is gathered:
// each process writes the result elements its shard holds into zeros, and
// a bitwise-or all_reduce over those grid axes assembles them (bits, not
// floats, so -0.0 and NaN payloads survive). A result dimension sharded
// otherwise then keeps the process's own part.
//
// Over 800 lines, in one anonymous namespace: the shard geometry, the slice
// model and the update model share it. It is split by role (geometry,
// communication plan, slice model, update model) with the point-to-point
// exchange that replaces the gather (issue 38), whose plan is the part
// that changes.
//
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/ShardingInterfaceImpl.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Utils/SliceView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::shard;

namespace {

/// The model's loops (see the file comment).
struct LoopLayout {
  unsigned sourceRank = 0;
  unsigned resultRank = 0;
  /// Per source dimension: the result dimension that shows it whole (every
  /// element, in order), or -1.
  SmallVector<int64_t> wholeIn;
  /// Per source dimension: its entry keeps it whole on any shard of it
  /// (`keepsShardsWhole`), so the op itself slices a shard right.
  SmallVector<bool> wholeOnShards;

  unsigned numLoops() const { return sourceRank + resultRank; }
  unsigned resultLoop(unsigned pos) const { return sourceRank + pos; }
};

/// Whether resolved dimension `dim` of a spec takes every element of any
/// shard of its dimension, in order, so that the op itself slices a shard
/// right: filled by the ellipsis; or a range that spans the dimension,
/// since clamping makes it span any part of it too; or in offset mode,
/// whose windows are checked and not clamped, masked at both ends with
/// stride 1.
bool keepsShardsWhole(const ResolvedDim &dim, SliceMasks masks,
                      ArrayRef<int64_t> strides, bool offsetMode) {
  if (!dim.full || dim.shrink)
    return false;
  if (dim.entry < 0 || !offsetMode)
    return true;
  return isMaskBitSet(masks.begin, dim.entry) &&
         isMaskBitSet(masks.end, dim.entry) && strides[dim.entry] == 1;
}

std::optional<LoopLayout> getLoopLayout(StridedOp op) {
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved)
    return std::nullopt;
  LoopLayout layout;
  layout.sourceRank = resolved->dims.size();
  layout.resultRank = resolved->resultToInput.size();
  layout.wholeIn.assign(layout.sourceRank, -1);
  for (const ResolvedDim &dim : resolved->dims)
    layout.wholeOnShards.push_back(keepsShardsWhole(
        dim, op.getMasks(), op.getStaticStrides(), op.getOffset()));
  for (auto [pos, input] : llvm::enumerate(resolved->resultToInput))
    if (input >= 0 && resolved->dims[input].full &&
        !resolved->dims[input].shrink)
      layout.wholeIn[input] = pos;
  return layout;
}

ArrayRef<GridAxis> splitAxesOf(const Sharding &sharding, int64_t dim) {
  if (!sharding || dim < 0 ||
      dim >= static_cast<int64_t>(sharding.getSplitAxes().size()))
    return {};
  return sharding.getSplitAxes()[dim].asArrayRef();
}

/// The explicit offsets (sharded_dims_offsets) at which `sharding` splits
/// dimension `dim`, one per shard and the end; empty for an even split. The
/// shard dialect lists them dimension by dimension, `shards + 1` entries
/// per split dimension (`unsupportedSharding` has checked that each is
/// split over one grid axis and that the offsets are static).
SmallVector<int64_t> explicitOffsetsOf(const Sharding &sharding, int64_t dim,
                                       ArrayRef<int64_t> gridShape) {
  ArrayRef<int64_t> all =
      sharding ? sharding.getStaticShardedDimsOffsets() : ArrayRef<int64_t>();
  if (all.empty() || splitAxesOf(sharding, dim).empty())
    return {};
  size_t pos = 0;
  for (int64_t before = 0; before < dim; ++before) {
    ArrayRef<GridAxis> axes = splitAxesOf(sharding, before);
    if (!axes.empty())
      pos += collectiveProcessGroupSize(axes, gridShape) + 1;
  }
  size_t count =
      collectiveProcessGroupSize(splitAxesOf(sharding, dim), gridShape) + 1;
  if (pos + count > all.size())
    return {};
  return llvm::to_vector(all.slice(pos, count));
}

/// Whether `a` splits its dimension `aDim` as `b` splits `bDim`: over the
/// same grid axes at the same offsets.
bool sameSplit(const Sharding &a, int64_t aDim, const Sharding &b, int64_t bDim,
               ArrayRef<int64_t> gridShape) {
  return splitAxesOf(a, aDim) == splitAxesOf(b, bDim) &&
         explicitOffsetsOf(a, aDim, gridShape) ==
             explicitOffsetsOf(b, bDim, gridShape);
}

/// This process's shard of one dimension: where it starts, its size, and
/// the largest size any process's shard of it has (a static bound).
struct ShardSpan {
  OpFoldResult offset;
  OpFoldResult size;
  int64_t maxSize;
  /// The size of the whole dimension.
  OpFoldResult globalSize;
};

/// What partitioning one slice needs: the grid and this process's place
/// in it.
struct ShardContext {
  mutable GridOp grid;
  SmallVector<Value> processIndex;

  int64_t count(ArrayRef<GridAxis> axes) const {
    return collectiveProcessGroupSize(axes, grid.getShape());
  }
  /// The linear index of this process's shard along `axes` (the first
  /// axis major, as the shard dialect numbers shards).
  OpFoldResult index(ArithIndexBuilder &arith, ArrayRef<GridAxis> axes) const {
    OpFoldResult linear = arith.constant(0);
    for (GridAxis axis : axes)
      linear =
          arith.add(arith.mul(linear, arith.constant(grid.getShape()[axis])),
                    processIndex[axis]);
    return linear;
  }
  /// This process's shard of dimension `dim` (of static `size`) of the
  /// `what` tensor of `op` under `sharding`: at the sharding's explicit
  /// offsets, or an even split (the shard dialect's without offsets); an
  /// error when neither applies.
  FailureOr<ShardSpan> span(Operation *op, ArithIndexBuilder &arith,
                            const Sharding &sharding, unsigned dim,
                            int64_t size, StringRef what,
                            Value local = {}) const {
    ArrayRef<GridAxis> axes = splitAxesOf(sharding, dim);
    int64_t shards = count(axes);
    SmallVector<int64_t> offsets =
        explicitOffsetsOf(sharding, dim, grid.getShape());
    // The explicit offsets say how big the whole is.
    if (ShapedType::isDynamic(size) && !offsets.empty())
      size = offsets.back();
    if (ShapedType::isDynamic(size)) {
      if (!local)
        return op->emitOpError()
               << "has " << what << " dimension " << dim
               << " of dynamic size split over " << shards
               << " processes; only a source's or a dest's dynamic sizes "
                  "are partitioned yet";
      return exchangedSpan(arith, local, dim, axes);
    }
    if (offsets.empty()) {
      if (size % shards != 0)
        return op->emitOpError()
               << "has " << what << " dimension " << dim << " of size " << size
               << " split over " << shards
               << " processes, which is uneven; an uneven split needs its "
                  "shard offsets (sharded_dims_offsets)";
      int64_t shardSize = size / shards;
      return ShardSpan{arith.mul(index(arith, axes), arith.constant(shardSize)),
                       arith.constant(shardSize), shardSize,
                       arith.constant(size)};
    }
    if (offsets.front() != 0 || offsets.back() != size)
      return op->emitOpError()
             << "has " << what << " dimension " << dim << " of size " << size
             << " split at offsets [" << llvm::interleaved(offsets)
             << "], which do not span it";
    // This process's offsets, chosen by its index.
    OpFoldResult shard = index(arith, axes);
    OpFoldResult start = arith.constant(offsets[0]);
    OpFoldResult end = arith.constant(offsets[1]);
    int64_t maxSize = offsets[1] - offsets[0];
    for (int64_t i = 1; i < shards; ++i) {
      OpFoldResult here = arith.equal(shard, arith.constant(i));
      start = arith.select(here, arith.constant(offsets[i]), start);
      end = arith.select(here, arith.constant(offsets[i + 1]), end);
      maxSize = std::max(maxSize, offsets[i + 1] - offsets[i]);
    }
    return ShardSpan{start, arith.sub(end, start), maxSize,
                     arith.constant(size)};
  }

  /// The shard of a dimension of run-time size that this process holds
  /// `local`'s part of: the processes along `axes` tell each other their
  /// sizes (one all_reduce of a vector of them), and each shard starts
  /// where the ones before it end.
  ShardSpan exchangedSpan(ArithIndexBuilder &arith, Value local, unsigned dim,
                          ArrayRef<GridAxis> axes) const {
    OpBuilder &builder = arith.getBuilder();
    Location loc = local.getLoc();
    int64_t shards = count(axes);
    Type i64 = builder.getI64Type();
    OpFoldResult mine = tensor::getMixedSize(builder, loc, local, dim);
    OpFoldResult position = index(arith, axes);
    Value zeros = arith::ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(RankedTensorType::get({shards}, i64),
                               builder.getI64IntegerAttr(0)));
    Value entry =
        arith::IndexCastOp::create(builder, loc, i64, arith.materialize(mine));
    Value table = tensor::InsertOp::create(builder, loc, entry, zeros,
                                           arith.materialize(position));
    SmallVector<GridAxis> sorted = llvm::to_vector(axes);
    llvm::sort(sorted);
    table = AllReduceOp::create(builder, loc, table, grid.getSymName(), sorted,
                                ReductionKind::Sum);
    OpFoldResult start = arith.constant(0), total = arith.constant(0);
    for (int64_t i = 0; i < shards; ++i) {
      Value at = arith::ConstantIndexOp::create(builder, loc, i);
      OpFoldResult size = getAsOpFoldResult(arith::IndexCastOp::create(
          builder, loc, builder.getIndexType(),
          tensor::ExtractOp::create(builder, loc, table, at)));
      start = arith.add(
          start, arith.select(arith.lessThan(arith.constant(i), position), size,
                              arith.constant(0)));
      total = arith.add(total, size);
    }
    return ShardSpan{start, mine, ShapedType::kDynamic, total};
  }
};

/// Why a sharding cannot be partitioned here, or an empty string.
std::string unsupportedSharding(const Sharding &sharding) {
  if (!sharding)
    return "";
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty())
    return "halo sizes";
  if (!sharding.getDynamicShardedDimsOffsets().empty())
    return "shard offsets known at run time only";
  if (!sharding.getStaticShardedDimsOffsets().empty())
    for (const GridAxesAttr &axes : sharding.getSplitAxes())
      if (axes.size() > 1)
        return "shard offsets (sharded_dims_offsets) of a dimension split "
               "over more than one grid axis";
  return "";
}

/// The checks every partition makes (a static grid that exists, no
/// sharding this code does not partition yet: each named as `what`), and
/// this process's place in the grid.
FailureOr<ShardContext>
getShardContext(Operation *op,
                ArrayRef<std::pair<StringRef, Sharding>> shardings,
                SymbolTableCollection &symbols, OpBuilder &builder) {
  FlatSymbolRefAttr gridName;
  for (const auto &[what, sharding] : shardings) {
    if (!sharding)
      continue;
    gridName = gridName ? gridName : sharding.getGridAttr();
    std::string why = unsupportedSharding(sharding);
    if (!why.empty())
      return op->emitOpError() << "has a " << what << " sharding with " << why
                               << ", which is not partitioned yet";
  }
  GridOp grid = getGridOrNull(op, gridName, symbols);
  if (!grid)
    return op->emitOpError()
           << "is sharded on grid " << gridName << ", which does not exist";
  if (ShapedType::isDynamicShape(grid.getShape()))
    return op->emitOpError() << "is sharded on grid " << gridName
                             << " of dynamic shape; only static grids are "
                                "partitioned";
  ShardContext shards{grid, {}};
  for (Value index :
       ProcessMultiIndexOp::create(builder, op->getLoc(), grid).getResults())
    shards.processIndex.push_back(index);
  return shards;
}

/// Writes `part` (of `sizes`) at `offsets` into zeros of `shape` and
/// assembles the blocks of the processes along grid `axes` with a
/// bitwise-or all_reduce of their bits (the parts must be disjoint). Floats
/// travel as integers of their width, so -0.0 and NaN payloads arrive
/// intact.
FailureOr<Value> assembleByBits(OpBuilder &builder, Location loc, Operation *op,
                                GridOp grid, Value part,
                                ArrayRef<OpFoldResult> shape,
                                ArrayRef<OpFoldResult> offsets,
                                ArrayRef<OpFoldResult> sizes,
                                SmallVector<GridAxis> axes) {
  auto partType = cast<RankedTensorType>(part.getType());
  Type elementType = partType.getElementType();
  unsigned width =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  if (width == 0 || width % 8 != 0 || width > 64)
    return op->emitOpError() << "gathers elements of type " << elementType
                             << "; only integers and floats of 8 to 64 bits "
                                "are gathered";
  // Nothing to move (and no offset a slice of an empty tensor accepts).
  if (llvm::any_of(shape, [](OpFoldResult size) {
        return getConstantIntValue(size) == 0;
      }))
    return tensor::EmptyOp::create(builder, loc, shape, elementType)
        .getResult();
  llvm::sort(axes);
  Type bitsType = builder.getIntegerType(width);
  if (bitsType != elementType)
    part =
        arith::BitcastOp::create(builder, loc, partType.clone(bitsType), part);
  // Zeros written in place (a fill), not copied from a constant.
  Value zero = arith::ConstantOp::create(builder, loc, bitsType,
                                         builder.getIntegerAttr(bitsType, 0));
  Value zeros =
      linalg::FillOp::create(
          builder, loc, zero,
          tensor::EmptyOp::create(builder, loc, shape, bitsType).getResult())
          .getResult(0);
  SmallVector<OpFoldResult> ones(shape.size(), builder.getIndexAttr(1));
  Value block = tensor::InsertSliceOp::create(builder, loc, part, zeros,
                                              offsets, sizes, ones);
  block = AllReduceOp::create(builder, loc, block, grid.getSymName(), axes,
                              ReductionKind::BitwiseOr);
  if (bitsType != elementType)
    block = arith::BitcastOp::create(
        builder, loc,
        cast<RankedTensorType>(block.getType()).clone(elementType), block);
  return block;
}

/// This process's part of `whole` under `sharding` (static sizes), leaving
/// alone the dimensions `keep` marks.
FailureOr<Value> extractShard(OpBuilder &builder, Location loc, Operation *op,
                              const ShardContext &shards,
                              ArithIndexBuilder &arith, Value whole,
                              const Sharding &sharding, ArrayRef<bool> keep,
                              StringRef what) {
  auto type = cast<RankedTensorType>(whole.getType());
  SmallVector<OpFoldResult> offsets, sizes;
  bool needsPart = false;
  for (unsigned pos = 0; pos < type.getRank(); ++pos) {
    ArrayRef<GridAxis> axes = splitAxesOf(sharding, pos);
    if (axes.empty() || (pos < keep.size() && keep[pos])) {
      offsets.push_back(builder.getIndexAttr(0));
      sizes.push_back(tensor::getMixedSize(builder, loc, whole, pos));
      continue;
    }
    FailureOr<ShardSpan> shard =
        shards.span(op, arith, sharding, pos, type.getDimSize(pos), what);
    if (failed(shard))
      return failure();
    offsets.push_back(getAsOpFoldResult(arith.materialize(shard->offset)));
    sizes.push_back(getAsOpFoldResult(arith.materialize(shard->size)));
    needsPart = true;
  }
  if (!needsPart)
    return whole;
  // A part of nothing is nothing (and upstream rejects any static offset
  // into a dimension of size 0).
  if (llvm::is_contained(type.getShape(), 0))
    return tensor::EmptyOp::create(builder, loc, sizes, type.getElementType())
        .getResult();
  SmallVector<OpFoldResult> ones(type.getRank(), builder.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(builder, loc, whole, offsets, sizes,
                                        ones)
      .getResult();
}

/// The whole tensor of `globalType` on every process, from the shards of
/// it under `sharding` (`local` is this process's).
FailureOr<Value> gatherWhole(OpBuilder &builder, Location loc, Operation *op,
                             const ShardContext &shards,
                             ArithIndexBuilder &arith, Value local,
                             RankedTensorType globalType,
                             const Sharding &sharding, StringRef what) {
  SmallVector<GridAxis> axes;
  SmallVector<OpFoldResult> offsets;
  for (unsigned dim = 0; dim < globalType.getRank(); ++dim) {
    ArrayRef<GridAxis> split = splitAxesOf(sharding, dim);
    axes.append(split.begin(), split.end());
    if (split.empty()) {
      offsets.push_back(builder.getIndexAttr(0));
      continue;
    }
    FailureOr<ShardSpan> shard =
        shards.span(op, arith, sharding, dim, globalType.getDimSize(dim), what);
    if (failed(shard))
      return failure();
    offsets.push_back(getAsOpFoldResult(arith.materialize(shard->offset)));
  }
  if (axes.empty())
    return local;
  return assembleByBits(
      builder, loc, op, shards.grid, local,
      getAsIndexOpFoldResult(builder.getContext(), globalType.getShape()),
      offsets, tensor::getMixedSizes(builder, loc, local), axes);
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

  // This process's shard of each split source dimension, and the sizes of
  // the whole source (which the processes tell each other where neither
  // the type nor the shard offsets say them).
  SmallVector<std::optional<ShardSpan>> sourceSpans(rank);
  SmallVector<OpFoldResult> sourceSizes;
  for (unsigned dim = 0; dim < rank; ++dim) {
    if (splitAxesOf(in, dim).empty()) {
      sourceSizes.push_back(
          tensor::getMixedSize(builder, loc, operands[0], dim));
      continue;
    }
    FailureOr<ShardSpan> shard = shards.span(
        op, arith, in, dim, sourceType.getDimSize(dim), "source", operands[0]);
    if (failed(shard))
      return failure();
    sourceSpans[dim] = *shard;
    sourceSizes.push_back(shard->globalSize);
  }

  // The global spec, on a stand-in for the whole source: the normal form's
  // values and run-time checks are the unpartitioned op's.
  Value whole = tensor::EmptyOp::create(builder, loc, sourceSizes, elementType);
  IRMapping mapping;
  mapping.map(op.getSource(), whole);
  for (auto [old, partitioned] :
       llvm::zip_equal(op->getOperands().drop_front(), operands.drop_front()))
    mapping.map(old, partitioned);
  auto global = cast<StridedOp>(builder.clone(*op, mapping));
  FailureOr<NormalFormSpec> spec =
      emitNormalFormSpec(builder, loc, global, sourceSizes);
  global.erase();
  if (failed(spec))
    return op.emitOpError() << explainNormalFormFailure(op);
  SliceView view =
      computeSliceView(builder, loc, *spec, sourceType.getShape(), resultType);
  if (whole.use_empty())
    whole.getDefiningOp()->erase();

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

  // Per source dimension: the part of the slice this process holds, and
  // where it lands in the block of the result that the process assembles.
  SmallVector<OpFoldResult> fullSizes = view.getFullRankSizes();
  // The block of the result this process assembles, per source dimension:
  // the whole count of a gathered or unsharded one, the shard of an
  // aligned one.
  SmallVector<OpFoldResult> offsets, counts, strides, destOffsets, blockSizes;
  SmallVector<GridAxis> gatherAxes;
  SmallVector<bool> alignedResult(resultType.getRank(), false);
  // A static bound of each block size: the source dimension, or the
  // largest shard of an aligned one.
  SmallVector<int64_t> blockBounds = llvm::to_vector(sourceType.getShape());
  for (unsigned dim = 0; dim < rank; ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(in, dim);
    int64_t resultPos = view.layout.resultPositions[dim];
    if (axes.empty()) {
      offsets.push_back(view.offsets[dim]);
      counts.push_back(fullSizes[dim]);
      strides.push_back(view.strides[dim]);
      destOffsets.push_back(arith.constant(0));
      blockSizes.push_back(fullSizes[dim]);
      continue;
    }
    std::optional<ShardSpan> &shard = sourceSpans[dim];
    OpFoldResult shardOffset = shard->offset, shardSize = shard->size;
    bool aligned = resultPos >= 0 && loops->wholeIn[dim] == resultPos &&
                   sameSplit(out, resultPos, in, dim, grid.getShape());
    if (aligned) {
      alignedResult[resultPos] = true;
      offsets.push_back(arith.constant(0));
      counts.push_back(shardSize);
      strides.push_back(arith.constant(1));
      destOffsets.push_back(arith.constant(0));
      blockSizes.push_back(shardSize);
      blockBounds[dim] = shard->maxSize;
      continue;
    }
    // Gathered: the result indices j in [lo, hi) whose source index
    // start + stride * j lies in this process's shard.
    gatherAxes.append(axes.begin(), axes.end());
    OpFoldResult start = view.offsets[dim], stride = view.strides[dim];
    OpFoldResult count = fullSizes[dim];
    IndexRun<OpFoldResult> run =
        runInWindow(arith, start, stride, count, shardOffset,
                    arith.add(shardOffset, shardSize));
    OpFoldResult lo = run.lo, hi = run.hi;
    OpFoldResult localCount = arith.sub(hi, lo);
    OpFoldResult localOffset =
        arith.sub(arith.add(start, arith.mul(stride, lo)), shardOffset);
    // An empty part may start anywhere; keep it inside the shard.
    localOffset = arith.select(arith.lessThan(arith.constant(0), localCount),
                               localOffset, arith.constant(0));
    offsets.push_back(localOffset);
    counts.push_back(localCount);
    strides.push_back(stride);
    destOffsets.push_back(lo);
    blockSizes.push_back(count);
  }

  auto materialize = [&](ArrayRef<OpFoldResult> values) {
    SmallVector<OpFoldResult> result;
    for (OpFoldResult value : values)
      result.push_back(getAsOpFoldResult(arith.materialize(value)));
    return result;
  };
  SmallVector<int64_t> partShape;
  for (OpFoldResult count : counts)
    partShape.push_back(
        getConstantIntValue(count).value_or(ShapedType::kDynamic));
  Value block = tensor::ExtractSliceOp::create(
      builder, loc, RankedTensorType::get(partShape, elementType), operands[0],
      materialize(offsets), materialize(counts), materialize(strides));

  if (!gatherAxes.empty()) {
    // MLIR 22's all_reduce moves static shapes only: a count known at run
    // time only is bounded by its source dimension (by the largest shard
    // of an aligned one), and the block is cut to it after the exchange.
    // A source of run-time size has no such bound: its block is of
    // run-time size (slice-lower-dynamic-all-reduce lowers it).
    SmallVector<OpFoldResult> blockShape;
    bool bounded = false, exact = false;
    for (auto [dim, size] : llvm::enumerate(blockSizes)) {
      std::optional<int64_t> known = getConstantIntValue(size);
      bounded |= !known;
      exact |= !known && ShapedType::isDynamic(blockBounds[dim]);
      blockShape.push_back(
          builder.getIndexAttr(known ? *known : blockBounds[dim]));
    }
    if (exact)
      blockShape = materialize(blockSizes);
    FailureOr<Value> assembled = assembleByBits(
        builder, loc, op, grid, block, blockShape, materialize(destOffsets),
        materialize(counts), gatherAxes);
    if (failed(assembled))
      return failure();
    block = *assembled;
    if (bounded && !exact) {
      SmallVector<OpFoldResult> zeroOffsets(rank, builder.getIndexAttr(0));
      SmallVector<OpFoldResult> ones(rank, builder.getIndexAttr(1));
      block = tensor::ExtractSliceOp::create(builder, loc, block, zeroOffsets,
                                             materialize(blockSizes), ones);
    }
  }

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

  // Result dimensions sharded other than their source: this process's part.
  FailureOr<Value> part = extractShard(builder, loc, op, shards, arith, result,
                                       out, alignedResult, "result");
  if (failed(part))
    return failure();
  result = *part;
  if (result.getType() != localResultType)
    result = tensor::CastOp::create(builder, loc, localResultType, result);
  return result;
}

/// Two tensor dimensions an op ties together (the same elements, so the
/// same split): (tensor, dimension) each, the operands numbered first and
/// the result last.
using TensorDim = std::pair<unsigned, int64_t>;
using DimTie = std::pair<TensorDim, TensorDim>;

/// `chosen` (split axes only, as upstream builds annotations from an
/// option) with the explicit shard offsets its dimensions take: a
/// dimension annotated with the same axes before keeps its own offsets,
/// another takes those of a dimension tied to it. Without this an uneven
/// split would be resharded to an even one, which MLIR 22 cannot do.
Sharding withOffsets(const Sharding &chosen, unsigned tensor,
                     ArrayRef<Sharding> existing, ArrayRef<DimTie> ties,
                     ArrayRef<int64_t> gridShape, ShapedType type) {
  if (!chosen || !type)
    return chosen;
  auto sameAxes = [&](const Sharding &other, int64_t otherDim, int64_t dim) {
    return other && !splitAxesOf(other, otherDim).empty() &&
           splitAxesOf(other, otherDim) == splitAxesOf(chosen, dim);
  };
  SmallVector<SmallVector<int64_t>> tables;
  bool anyExplicit = false;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (splitAxesOf(chosen, dim).empty())
      continue;
    std::optional<SmallVector<int64_t>> table;
    if (sameAxes(existing[tensor], dim, dim))
      table = explicitOffsetsOf(existing[tensor], dim, gridShape);
    for (const auto &[a, b] : ties) {
      if (table)
        break;
      for (auto [self, peer] : {std::pair(a, b), std::pair(b, a)})
        if (self == TensorDim(tensor, dim) &&
            sameAxes(existing[peer.first], peer.second, dim))
          table =
              explicitOffsetsOf(existing[peer.first], peer.second, gridShape);
    }
    tables.push_back(table.value_or(SmallVector<int64_t>()));
    anyExplicit |= !tables.back().empty();
  }
  if (!anyExplicit)
    return chosen;
  // The shard dialect lists offsets for every split dimension or none:
  // an even split among explicit ones gets its offsets written out.
  SmallVector<int64_t> all;
  unsigned next = 0;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(chosen, dim);
    if (axes.empty())
      continue;
    SmallVector<int64_t> &table = tables[next++];
    if (table.empty()) {
      int64_t size = type.getDimSize(dim);
      int64_t shards = collectiveProcessGroupSize(axes, gridShape);
      if (ShapedType::isDynamic(size) || size % shards != 0 || axes.size() > 1)
        return chosen;
      for (int64_t i = 0; i <= shards; ++i)
        table.push_back(i * (size / shards));
    }
    llvm::append_range(all, table);
  }
  return Sharding::get(chosen.getGridAttr(), chosen.getSplitAxes(), {}, all);
}

/// Annotates the result and the first `tensorOperands` operands (the
/// tensors) for an option, keeping the explicit shard offsets of the
/// annotations already there (see `withOffsets`). Upstream's default also
/// annotates the index operands after them, with a sharding that names
/// no grid and does not verify (MLIR 22).
LogicalResult annotateTensors(Operation *op, OpBuilder &builder,
                              const ShardingOption &option,
                              unsigned tensorOperands, ArrayRef<DimTie> ties) {
  FailureOr<std::vector<Sharding>> shardings =
      shard::detail::defaultGetShardingAnnotations(op, option);
  if (failed(shardings))
    return failure();
  std::vector<Sharding> existing;
  SmallVector<ShapedType> types;
  auto record = [&](FailureOr<std::pair<bool, Sharding>> sharding, Value v) {
    existing.push_back(succeeded(sharding) ? sharding->second : Sharding());
    types.push_back(dyn_cast<ShapedType>(v.getType()));
  };
  for (unsigned operand = 0; operand < tensorOperands; ++operand)
    record(getSharding(op->getOpOperand(operand)), op->getOperand(operand));
  record(getSharding(op->getOpResult(0)), op->getResult(0));
  SymbolTableCollection symbols;
  GridOp grid = getGridOrNull(op, option.grid, symbols);
  ArrayRef<int64_t> gridShape = grid ? grid.getShape() : ArrayRef<int64_t>();
  auto annotation = [&](unsigned tensor, const Sharding &chosen) {
    if (!grid || ShapedType::isDynamicShape(gridShape))
      return chosen;
    return withOffsets(chosen, tensor, existing, ties, gridShape,
                       types[tensor]);
  };
  maybeInsertTargetShardingAnnotation(
      annotation(tensorOperands, shardings->back()), op->getOpResult(0),
      builder);
  for (unsigned operand = 0; operand < tensorOperands; ++operand) {
    OpBuilder::InsertionGuard guard(builder);
    maybeInsertSourceShardingAnnotation(
        annotation(operand, (*shardings)[operand]), op->getOpOperand(operand),
        builder);
  }
  return success();
}

/// What both partition methods do: an op whose tensors are all replicated
/// is cloned as it is; otherwise `local` builds this process's result.
LogicalResult partitionWith(Operation &op, ArrayRef<Value> partitionedOperands,
                            ArrayRef<Sharding> operandShardings,
                            ArrayRef<Sharding> resultShardings,
                            IRMapping &partitionMap,
                            SymbolTableCollection &symbolTable,
                            OpBuilder &builder,
                            function_ref<FailureOr<Value>()> local) {
  auto replicated = [](const Sharding &sharding) {
    return !sharding || isFullReplication(sharding);
  };
  if (llvm::all_of(operandShardings, replicated) &&
      llvm::all_of(resultShardings, replicated)) {
    partitionFullyReplicatedOperation(op, partitionedOperands, operandShardings,
                                      resultShardings, partitionMap,
                                      symbolTable, builder);
    return success();
  }
  FailureOr<Value> result = local();
  if (failed(result))
    return failure();
  partitionMap.map(op.getResult(0), *result);
  return success();
}

/// What the two models share: parallel loops (`Derived::countLoops`),
/// annotations of the tensors only, and the partition of replicated ops as
/// they are; `Derived::partitionLocal` builds this process's result
/// otherwise.
template <typename Derived, typename OpTy, unsigned TensorOperands>
struct SliceShardingModel
    : public ShardingInterface::ExternalModel<Derived, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    std::optional<unsigned> loops = Derived::countLoops(cast<OpTy>(op));
    if (!loops)
      return {};
    return SmallVector<utils::IteratorType>(*loops,
                                            utils::IteratorType::parallel);
  }

  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &builder,
                                       const ShardingOption &option) const {
    return annotateTensors(op, builder, option, TensorOperands,
                           Derived::tiedDims(cast<OpTy>(op)));
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    return partitionWith(
        *op, partitionedOperands, operandShardings, resultShardings,
        partitionMap, symbolTable, builder, [&] {
          return Derived::partitionLocal(
              cast<OpTy>(op), partitionedOperands, operandShardings,
              resultShardings.empty() ? Sharding() : resultShardings[0],
              symbolTable, builder);
        });
  }
};

struct StridedOpShardingModel
    : public SliceShardingModel<StridedOpShardingModel, StridedOp, 1> {
  static std::optional<unsigned> countLoops(StridedOp op) {
    std::optional<LoopLayout> layout = getLoopLayout(op);
    return layout ? std::optional<unsigned>(layout->numLoops()) : std::nullopt;
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

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    std::optional<LoopLayout> layout = getLoopLayout(cast<StridedOp>(op));
    if (!layout)
      return {};
    MLIRContext *context = op->getContext();
    unsigned numLoops = layout->numLoops();
    SmallVector<AffineMap> maps;
    maps.push_back(AffineMap::getMultiDimMapWithTargets(
        numLoops, llvm::to_vector(llvm::seq<unsigned>(0, layout->sourceRank)),
        context));
    // The index operands are scalars: no dimensions.
    for (unsigned i = 1; i < op->getNumOperands(); ++i)
      maps.push_back(AffineMap::get(numLoops, 0, context));
    maps.push_back(AffineMap::getMultiDimMapWithTargets(
        numLoops,
        llvm::to_vector(llvm::seq<unsigned>(layout->sourceRank, numLoops)),
        context));
    return maps;
  }

  /// Each side keeps the sharding it is annotated with (partition moves
  /// what differs); an unannotated side takes the other's sharding of
  /// every dimension taken whole, and is replicated along the rest.
  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    auto slice = cast<StridedOp>(op);
    std::optional<LoopLayout> layout = getLoopLayout(slice);
    if (!layout)
      return slice.emitOpError() << "has an invalid spec and is not sharded";
    Sharding in = operandShardings.empty() ? Sharding() : operandShardings[0];
    Sharding out = resultShardings.empty() ? Sharding() : resultShardings[0];
    // What the partition cannot do is refused here, before upstream
    // reshards it to what its annotations carry.
    for (const Sharding *sharding : {&in, &out}) {
      std::string why = unsupportedSharding(*sharding);
      if (!why.empty())
        return slice.emitOpError()
               << "has a " << (sharding == &in ? "source" : "result")
               << " sharding with " << why << ", which is not partitioned yet";
    }
    if (in && out && in.getGridAttr() != out.getGridAttr())
      out = Sharding();
    if (!in && !out)
      return ShardingOption::makeEmpty();
    ShardingOption option(ShardingArray(layout->numLoops()),
                          in ? in.getGridAttr() : out.getGridAttr());
    for (unsigned dim = 0; dim < layout->sourceRank; ++dim) {
      int64_t pos = layout->wholeIn[dim];
      ArrayRef<GridAxis> source = splitAxesOf(in, dim);
      ArrayRef<GridAxis> result = splitAxesOf(out, pos);
      llvm::append_range(option.shardingArray[dim], in ? source : result);
      if (pos >= 0)
        llvm::append_range(option.shardingArray[layout->resultLoop(pos)],
                           out ? result : source);
    }
    if (out)
      for (unsigned pos = 0; pos < layout->resultRank; ++pos)
        if (!llvm::is_contained(layout->wholeIn, static_cast<int64_t>(pos)))
          llvm::append_range(option.shardingArray[layout->resultLoop(pos)],
                             splitAxesOf(out, pos));
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

/// slice.strided_update's loops: one per dest dimension, shared with the
/// result (an update's result is its dest, sharded the same), and one per
/// value dimension.
struct UpdateLoops {
  unsigned destRank = 0;
  unsigned valueRank = 0;
  /// Per dest dimension: taken whole by the slice written.
  SmallVector<bool> destWhole;
  /// Per dest dimension: written whole on any shard of it
  /// (`keepsShardsWhole`), so the op itself updates a shard right.
  SmallVector<bool> wholeOnShards;
  /// Per dest dimension taken whole: the value dimension of equal size
  /// written along it, or -1 (a stretched or missing one).
  SmallVector<int64_t> valueDimOf;

  unsigned numLoops() const { return destRank + valueRank; }
};

std::optional<UpdateLoops> getUpdateLoops(StridedUpdateOp op) {
  std::string error;
  std::optional<ResolvedSlice> resolved = resolveStridedSlice(
      op.getSparseSpec(), toMaybeInts(op.getDestType().getShape()), error);
  if (!resolved)
    return std::nullopt;
  std::optional<SmallVector<UpdateDimMatch>> matches = matchUpdateValue(
      toMaybeInts(op.getValueType().getShape()), resolved->resultShape, error);
  if (!matches)
    return std::nullopt;
  UpdateLoops loops;
  loops.destRank = resolved->dims.size();
  loops.valueRank = matches->size();
  loops.valueDimOf.assign(loops.destRank, -1);
  for (const ResolvedDim &dim : resolved->dims) {
    loops.destWhole.push_back(dim.full && !dim.shrink);
    loops.wholeOnShards.push_back(keepsShardsWhole(
        dim, op.getMasks(), op.getStaticStrides(), op.getOffset()));
  }
  int64_t lead = static_cast<int64_t>(loops.valueRank) -
                 static_cast<int64_t>(resolved->resultToInput.size());
  for (auto [index, match] : llvm::enumerate(*matches)) {
    int64_t pos = static_cast<int64_t>(index) - lead;
    if (pos < 0 || match != UpdateDimMatch::Equal)
      continue;
    int64_t input = resolved->resultToInput[pos];
    if (input >= 0 && loops.destWhole[input])
      loops.valueDimOf[input] = index;
  }
  return loops;
}

/// The partitioned update on this process. Local when every sharded dest
/// dimension is written whole and the value is sharded the same way along
/// it (or broadcast along it); otherwise the value and the dest are
/// gathered whole, the update is made on every process, and each keeps
/// its shard.
FailureOr<Value> partitionUpdate(StridedUpdateOp op, ArrayRef<Value> operands,
                                 const Sharding &valueSharding,
                                 const Sharding &destSharding,
                                 const Sharding &resultSharding,
                                 SymbolTableCollection &symbols,
                                 OpBuilder &builder) {
  Location loc = op.getLoc();
  FailureOr<ShardContext> context =
      getShardContext(op,
                      {{"value", valueSharding},
                       {"dest", destSharding},
                       {"result", resultSharding}},
                      symbols, builder);
  if (failed(context))
    return failure();
  ShardContext &shards = *context;
  RankedTensorType destType = op.getDestType(), valueType = op.getValueType();
  std::optional<UpdateLoops> loops = getUpdateLoops(op);
  if (!loops)
    return op.emitOpError() << "has an invalid spec or value";
  for (unsigned dim = 0; dim < loops->destRank; ++dim)
    if (!sameSplit(destSharding, dim, resultSharding, dim,
                   shards.grid.getShape()))
      return op.emitOpError()
             << "has a result sharded other than its dest along dimension "
             << dim << ", which is not partitioned yet";

  bool local = true;
  SmallVector<bool> valueMatched(loops->valueRank, false);
  for (unsigned dim = 0; dim < loops->destRank; ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(destSharding, dim);
    int64_t valueDim = loops->valueDimOf[dim];
    if (valueDim >= 0) {
      valueMatched[valueDim] = true;
      local &= sameSplit(valueSharding, valueDim, destSharding, dim,
                         shards.grid.getShape());
    }
    local &= axes.empty() || loops->wholeOnShards[dim];
  }
  for (unsigned dim = 0; dim < loops->valueRank; ++dim)
    local &= valueMatched[dim] || splitAxesOf(valueSharding, dim).empty();

  ArithIndexBuilder arith(builder, loc);
  Value value = operands[0], dest = operands[1];
  if (!local && (!destType.hasStaticShape() || !valueType.hasStaticShape()))
    return op.emitOpError()
           << "writes " << valueType << " into " << destType
           << " across shards; only static shapes are gathered yet";
  if (!local) {
    FailureOr<Value> wholeValue =
        gatherWhole(builder, loc, op, shards, arith, value, valueType,
                    valueSharding, "value");
    if (failed(wholeValue))
      return failure();
    FailureOr<Value> wholeDest = gatherWhole(
        builder, loc, op, shards, arith, dest, destType, destSharding, "dest");
    if (failed(wholeDest))
      return failure();
    value = *wholeValue;
    dest = *wholeDest;
  }
  IRMapping mapping;
  mapping.map(op.getValue(), value);
  mapping.map(op.getDest(), dest);
  for (auto [old, partitioned] :
       llvm::zip_equal(op->getOperands().drop_front(2), operands.drop_front(2)))
    mapping.map(old, partitioned);
  Operation *update = builder.clone(*op, mapping);
  update->getResult(0).setType(dest.getType());
  if (local)
    return update->getResult(0);
  return extractShard(builder, loc, op, shards, arith, update->getResult(0),
                      resultSharding, {}, "result");
}

struct StridedUpdateOpShardingModel
    : public SliceShardingModel<StridedUpdateOpShardingModel, StridedUpdateOp,
                                2> {
  static std::optional<unsigned> countLoops(StridedUpdateOp op) {
    std::optional<UpdateLoops> loops = getUpdateLoops(op);
    return loops ? std::optional<unsigned>(loops->numLoops()) : std::nullopt;
  }

  /// Each dest dimension and the result's, and a value dimension written
  /// along a whole dest dimension and both of those.
  static SmallVector<DimTie> tiedDims(StridedUpdateOp op) {
    SmallVector<DimTie> ties;
    std::optional<UpdateLoops> loops = getUpdateLoops(op);
    if (!loops)
      return ties;
    for (unsigned dim = 0; dim < loops->destRank; ++dim) {
      ties.push_back({{1, dim}, {2, dim}});
      if (int64_t valueDim = loops->valueDimOf[dim]; valueDim >= 0) {
        ties.push_back({{0, valueDim}, {1, dim}});
        ties.push_back({{0, valueDim}, {2, dim}});
      }
    }
    return ties;
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    std::optional<UpdateLoops> loops =
        getUpdateLoops(cast<StridedUpdateOp>(op));
    if (!loops)
      return {};
    MLIRContext *context = op->getContext();
    unsigned numLoops = loops->numLoops();
    AffineMap dest = AffineMap::getMultiDimMapWithTargets(
        numLoops, llvm::to_vector(llvm::seq<unsigned>(0, loops->destRank)),
        context);
    SmallVector<AffineMap> maps;
    maps.push_back(AffineMap::getMultiDimMapWithTargets(
        numLoops,
        llvm::to_vector(llvm::seq<unsigned>(loops->destRank, numLoops)),
        context));
    maps.push_back(dest);
    for (unsigned i = 2; i < op->getNumOperands(); ++i)
      maps.push_back(AffineMap::get(numLoops, 0, context));
    maps.push_back(dest);
    return maps;
  }

  /// The dest and the result are sharded alike (the dest's annotation
  /// first); the value keeps its own annotation, or takes the dest's split
  /// of the dimensions it is written along whole.
  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    auto update = cast<StridedUpdateOp>(op);
    std::optional<UpdateLoops> loops = getUpdateLoops(update);
    if (!loops)
      return update.emitOpError()
             << "has an invalid spec or value and is not sharded";
    Sharding value =
        operandShardings.size() > 0 ? operandShardings[0] : Sharding();
    Sharding dest =
        operandShardings.size() > 1 ? operandShardings[1] : Sharding();
    Sharding result = resultShardings.empty() ? Sharding() : resultShardings[0];
    for (auto [what, sharding] :
         {std::pair<StringRef, Sharding>{"value", value},
          {"dest", dest},
          {"result", result}}) {
      std::string why = unsupportedSharding(sharding);
      if (!why.empty())
        return update.emitOpError() << "has a " << what << " sharding with "
                                    << why << ", which is not partitioned yet";
    }
    Sharding destSide = dest ? dest : result;
    FlatSymbolRefAttr grid = destSide ? destSide.getGridAttr()
                             : value  ? value.getGridAttr()
                                      : FlatSymbolRefAttr();
    if (!grid)
      return ShardingOption::makeEmpty();
    if (value && value.getGridAttr() != grid)
      value = Sharding();
    if (destSide && destSide.getGridAttr() != grid)
      destSide = Sharding();
    ShardingOption option(ShardingArray(loops->numLoops()), grid);
    for (unsigned dim = 0; dim < loops->destRank; ++dim) {
      int64_t valueDim = loops->valueDimOf[dim];
      if (destSide)
        llvm::append_range(option.shardingArray[dim],
                           splitAxesOf(destSide, dim));
      else if (valueDim >= 0)
        llvm::append_range(option.shardingArray[dim],
                           splitAxesOf(value, valueDim));
      if (!value && valueDim >= 0)
        llvm::append_range(option.shardingArray[loops->destRank + valueDim],
                           option.shardingArray[dim]);
    }
    if (value)
      for (unsigned dim = 0; dim < loops->valueRank; ++dim)
        llvm::append_range(option.shardingArray[loops->destRank + dim],
                           splitAxesOf(value, dim));
    removeTrailingEmptySubArray(option.shardingArray);
    return option;
  }

  static FailureOr<Value>
  partitionLocal(StridedUpdateOp op, ArrayRef<Value> operands,
                 ArrayRef<Sharding> operandShardings, const Sharding &result,
                 SymbolTableCollection &symbols, OpBuilder &builder) {
    return partitionUpdate(op, operands, operandShardings[0],
                           operandShardings[1], result, symbols, builder);
  }
};

} // namespace

void mlir::slice::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, SliceDialect *) {
    StridedOp::attachInterface<StridedOpShardingModel>(*context);
    StridedUpdateOp::attachInterface<StridedUpdateOpShardingModel>(*context);
  });
}
