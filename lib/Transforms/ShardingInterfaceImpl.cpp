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
//===----------------------------------------------------------------------===//

#include "Slice/Transforms/ShardingInterfaceImpl.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/Utils/NormalForm.h"
#include "Slice/Utils/SliceArith.h"

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
  /// (masked begin and end, stride 1, or filled by the ellipsis), so the
  /// op itself slices a shard right.
  SmallVector<bool> wholeOnShards;

  unsigned numLoops() const { return sourceRank + resultRank; }
  unsigned resultLoop(unsigned pos) const { return sourceRank + pos; }
};

std::optional<LoopLayout> getLoopLayout(StridedOp op) {
  std::string error;
  std::optional<ResolvedSlice> resolved = op.resolve(error);
  if (!resolved)
    return std::nullopt;
  LoopLayout layout;
  layout.sourceRank = resolved->dims.size();
  layout.resultRank = resolved->resultToInput.size();
  layout.wholeIn.assign(layout.sourceRank, -1);
  SliceMasks masks = op.getMasks();
  ArrayRef<int64_t> strides = op.getStaticStrides();
  for (const ResolvedDim &dim : resolved->dims)
    layout.wholeOnShards.push_back(
        dim.full && !dim.shrink &&
        (dim.entry < 0 ||
         (isMaskBitSet(masks.begin, dim.entry) &&
          isMaskBitSet(masks.end, dim.entry) && strides[dim.entry] == 1)));
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
  /// Where this process's shard of a dimension of `size` split over `axes`
  /// starts, and its size: an even split (the shard dialect's without
  /// explicit offsets), or an error naming `what` dimension `dim` of `op`.
  FailureOr<std::pair<OpFoldResult, int64_t>>
  evenShard(Operation *op, ArithIndexBuilder &arith, ArrayRef<GridAxis> axes,
            int64_t size, StringRef what, unsigned dim) const {
    int64_t shards = count(axes);
    if (ShapedType::isDynamic(size))
      return op->emitOpError()
             << "has " << what << " dimension " << dim
             << " of dynamic size split over " << shards
             << " processes; only static sizes are partitioned yet";
    if (size % shards != 0)
      return op->emitOpError()
             << "has " << what << " dimension " << dim << " of size " << size
             << " split over " << shards
             << " processes, which is uneven; only even splits are "
                "partitioned yet";
    int64_t shardSize = size / shards;
    return std::make_pair(
        arith.mul(index(arith, axes), arith.constant(shardSize)), shardSize);
  }
};

/// Why a sharding cannot be partitioned here, or an empty string.
std::string unsupportedSharding(const Sharding &sharding) {
  if (!sharding)
    return "";
  if (!sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty())
    return "halo sizes";
  if (!sharding.getStaticShardedDimsOffsets().empty() ||
      !sharding.getDynamicShardedDimsOffsets().empty())
    return "explicit shard offsets (sharded_dims_offsets)";
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
                                ArrayRef<int64_t> shape,
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
  if (llvm::is_contained(shape, 0))
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
        builder, loc, RankedTensorType::get(shape, elementType), block);
  return block;
}

/// This process's part of `whole` under `sharding` (even splits of static
/// sizes), leaving alone the dimensions `keep` marks.
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
    auto shard =
        shards.evenShard(op, arith, axes, type.getDimSize(pos), what, pos);
    if (failed(shard))
      return failure();
    offsets.push_back(getAsOpFoldResult(arith.materialize(shard->first)));
    sizes.push_back(builder.getIndexAttr(shard->second));
    needsPart = true;
  }
  if (!needsPart)
    return whole;
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
    auto shard = shards.evenShard(op, arith, split, globalType.getDimSize(dim),
                                  what, dim);
    if (failed(shard))
      return failure();
    offsets.push_back(getAsOpFoldResult(arith.materialize(shard->first)));
  }
  if (axes.empty())
    return local;
  return assembleByBits(builder, loc, op, shards.grid, local,
                        globalType.getShape(), offsets,
                        tensor::getMixedSizes(builder, loc, local), axes);
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
  if (!sourceType.hasStaticShape())
    return op.emitOpError()
           << "has a sharded source of dynamic shape " << sourceType
           << "; only static shapes are partitioned yet";

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
    local &= loops->wholeOnShards[dim] && splitAxesOf(out, pos) == axes;
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

  // The global spec, on a stand-in for the whole source: the normal form's
  // values and run-time checks are the unpartitioned op's.
  SmallVector<OpFoldResult> sourceSizes =
      getAsIndexOpFoldResult(builder.getContext(), sourceType.getShape());
  Value whole =
      tensor::EmptyOp::create(builder, loc, sourceType.getShape(), elementType);
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
    if (!localResultType.hasStaticShape())
      return op.emitOpError() << "selects nothing into a result of dynamic "
                                 "local shape, which is not partitioned yet";
    return tensor::EmptyOp::create(builder, loc, localResultType.getShape(),
                                   elementType)
        .getResult();
  }

  // Per source dimension: the part of the slice this process holds, and
  // where it lands in the block of the result that the process assembles.
  unsigned rank = sourceType.getRank();
  SmallVector<OpFoldResult> fullSizes = view.getFullRankSizes();
  // The block of the result this process assembles, per source dimension:
  // the whole count of a gathered or unsharded one, the shard of an
  // aligned one.
  SmallVector<OpFoldResult> offsets, counts, strides, destOffsets, blockSizes;
  SmallVector<GridAxis> gatherAxes;
  SmallVector<bool> alignedResult(resultType.getRank(), false);
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
    auto shard = shards.evenShard(op, arith, axes, sourceType.getDimSize(dim),
                                  "source", dim);
    if (failed(shard))
      return failure();
    auto [shardOffset, shardSize] = *shard;
    bool aligned = resultPos >= 0 && loops->wholeIn[dim] == resultPos &&
                   splitAxesOf(out, resultPos) == axes;
    if (aligned) {
      alignedResult[resultPos] = true;
      offsets.push_back(arith.constant(0));
      counts.push_back(arith.constant(shardSize));
      strides.push_back(arith.constant(1));
      destOffsets.push_back(arith.constant(0));
      blockSizes.push_back(arith.constant(shardSize));
      continue;
    }
    // Gathered: the result indices j in [lo, hi) whose source index
    // start + stride * j lies in this process's shard.
    gatherAxes.append(axes.begin(), axes.end());
    OpFoldResult start = view.offsets[dim], stride = view.strides[dim];
    OpFoldResult count = fullSizes[dim];
    IndexRun<OpFoldResult> run =
        runInWindow(arith, start, stride, count, shardOffset,
                    arith.add(shardOffset, arith.constant(shardSize)));
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
    // time only is bounded by its source dimension, and the block is cut
    // to it after the exchange.
    SmallVector<int64_t> blockShape;
    bool bounded = false;
    for (auto [dim, size] : llvm::enumerate(blockSizes)) {
      std::optional<int64_t> known = getConstantIntValue(size);
      bounded |= !known;
      blockShape.push_back(known ? *known : sourceType.getDimSize(dim));
    }
    FailureOr<Value> assembled = assembleByBits(
        builder, loc, op, grid, block, blockShape, materialize(destOffsets),
        materialize(counts), gatherAxes);
    if (failed(assembled))
      return failure();
    block = *assembled;
    if (bounded) {
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

/// Annotates the result and the first `tensorOperands` operands (the
/// tensors) for an option: upstream's default also annotates the index
/// operands after them, with a sharding that names no grid and does not
/// verify (MLIR 22).
LogicalResult annotateTensors(Operation *op, OpBuilder &builder,
                              const ShardingOption &option,
                              unsigned tensorOperands) {
  FailureOr<std::vector<Sharding>> shardings =
      shard::detail::defaultGetShardingAnnotations(op, option);
  if (failed(shardings))
    return failure();
  maybeInsertTargetShardingAnnotation(shardings->back(), op->getResult(0),
                                      builder);
  for (unsigned operand = 0; operand < tensorOperands; ++operand) {
    OpBuilder::InsertionGuard guard(builder);
    maybeInsertSourceShardingAnnotation((*shardings)[operand],
                                        op->getOpOperand(operand), builder);
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
    return annotateTensors(op, builder, option, TensorOperands);
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
    // The annotations this option leads to carry split axes only: a halo
    // or explicit shard offsets would be resharded away by upstream code
    // that does not lower (MLIR 22), so they are refused here.
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
  for (const ResolvedDim &dim : resolved->dims)
    loops.destWhole.push_back(dim.full && !dim.shrink);
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
  if (!destType.hasStaticShape() || !valueType.hasStaticShape())
    return op.emitOpError() << "writes " << valueType << " into " << destType
                            << "; only static shapes are partitioned yet";
  std::optional<UpdateLoops> loops = getUpdateLoops(op);
  if (!loops)
    return op.emitOpError() << "has an invalid spec or value";
  for (unsigned dim = 0; dim < loops->destRank; ++dim)
    if (splitAxesOf(destSharding, dim) != splitAxesOf(resultSharding, dim))
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
      local &= splitAxesOf(valueSharding, valueDim) == axes;
    }
    local &= axes.empty() || loops->destWhole[dim];
  }
  for (unsigned dim = 0; dim < loops->valueRank; ++dim)
    local &= valueMatched[dim] || splitAxesOf(valueSharding, dim).empty();

  ArithIndexBuilder arith(builder, loc);
  Value value = operands[0], dest = operands[1];
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
