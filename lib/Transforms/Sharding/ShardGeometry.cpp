//===- ShardGeometry.cpp - Where the shards of a slice lie ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ShardGeometry.h"

#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::sharding;

namespace mlir {
namespace slice {
namespace sharding {

bool keepsShardsWhole(const ResolvedDim &dim, SliceMasks masks,
                      ArrayRef<int64_t> strides, bool offsetMode) {
  if (!dim.full || dim.shrink)
    return false;
  if (dim.entry < 0 || !offsetMode)
    return true;
  return isMaskBitSet(masks.begin, dim.entry) &&
         isMaskBitSet(masks.end, dim.entry) && strides[dim.entry] == 1;
}

SliceLoops::SliceLoops(const ResolvedSlice &resolved, SliceSpecOpInterface op,
                       unsigned sliceRank)
    : tensorRank(resolved.dims.size()), sliceRank(sliceRank) {
  for (const ResolvedDim &dim : resolved.dims)
    wholeOnShards.push_back(keepsShardsWhole(
        dim, op.getMasks(), op.getStaticStrides(), op.getOffset()));
}

AffineMap SliceLoops::tensorMap(MLIRContext *context) const {
  return AffineMap::getMultiDimMapWithTargets(
      numLoops(), llvm::to_vector(llvm::seq<unsigned>(0, tensorRank)), context);
}

AffineMap SliceLoops::sliceMap(MLIRContext *context) const {
  return AffineMap::getMultiDimMapWithTargets(
      numLoops(), llvm::to_vector(llvm::seq<unsigned>(tensorRank, numLoops())),
      context);
}

AffineMap SliceLoops::scalarMap(MLIRContext *context) const {
  return AffineMap::get(numLoops(), 0, context);
}

ArrayRef<GridAxis> splitAxesOf(const Sharding &sharding, int64_t dim) {
  if (!sharding || dim < 0 ||
      dim >= static_cast<int64_t>(sharding.getSplitAxes().size()))
    return {};
  return sharding.getSplitAxes()[dim].asArrayRef();
}

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

bool sameSplit(const Sharding &a, int64_t aDim, const Sharding &b, int64_t bDim,
               ArrayRef<int64_t> gridShape) {
  return splitAxesOf(a, aDim) == splitAxesOf(b, bDim) &&
         explicitOffsetsOf(a, aDim, gridShape) ==
             explicitOffsetsOf(b, bDim, gridShape);
}

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

FailureOr<DimShards> ShardContext::shardsOf(Operation *op,
                                            ArithIndexBuilder &arith,
                                            const Sharding &sharding,
                                            unsigned dim, int64_t size,
                                            StringRef what, Value local) const {
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
    return exchangedShards(arith, local, dim, axes);
  }
  DimShards all;
  all.axes = llvm::to_vector(axes);
  all.count = shards;
  all.globalSize = arith.constant(size);
  if (offsets.empty()) {
    if (size % shards != 0)
      return op->emitOpError()
             << "has " << what << " dimension " << dim << " of size " << size
             << " split over " << shards
             << " processes, which is uneven; an uneven split needs its "
                "shard offsets (sharded_dims_offsets)";
    all.evenSize = size / shards;
    return all;
  }
  if (offsets.front() != 0 || offsets.back() != size)
    return op->emitOpError()
           << "has " << what << " dimension " << dim << " of size " << size
           << " split at offsets [" << llvm::interleaved(offsets)
           << "], which do not span it";
  for (int64_t offset : offsets)
    all.bounds.push_back(arith.constant(offset));
  return all;
}

DimShards ShardContext::exchangedShards(ArithIndexBuilder &arith, Value local,
                                        unsigned dim,
                                        ArrayRef<GridAxis> axes) const {
  OpBuilder &builder = arith.getBuilder();
  Location loc = local.getLoc();
  int64_t shards = count(axes);
  Type i64 = builder.getI64Type();
  OpFoldResult mine = tensor::getMixedSize(builder, loc, local, dim);
  Value zeros = arith::ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(RankedTensorType::get({shards}, i64),
                             builder.getI64IntegerAttr(0)));
  Value entry =
      arith::IndexCastOp::create(builder, loc, i64, arith.materialize(mine));
  Value table = tensor::InsertOp::create(builder, loc, entry, zeros,
                                         arith.materialize(index(arith, axes)));
  SmallVector<GridAxis> sorted = llvm::to_vector(axes);
  llvm::sort(sorted);
  table = AllReduceOp::create(builder, loc, table, grid.getSymName(), sorted,
                              ReductionKind::Sum);
  DimShards all;
  all.axes = llvm::to_vector(axes);
  all.count = shards;
  all.bounds.push_back(arith.constant(0));
  for (int64_t i = 0; i < shards; ++i) {
    Value at = arith::ConstantIndexOp::create(builder, loc, i);
    OpFoldResult size = getAsOpFoldResult(arith::IndexCastOp::create(
        builder, loc, builder.getIndexType(),
        tensor::ExtractOp::create(builder, loc, table, at)));
    all.bounds.push_back(arith.add(all.bounds.back(), size));
  }
  all.globalSize = all.bounds.back();
  return all;
}

FailureOr<GlobalSpec> globalSpec(OpBuilder &builder, SliceSpecOpInterface op,
                                 ArrayRef<Value> operands,
                                 ArrayRef<OpFoldResult> sizes) {
  Location loc = op.getLoc();
  auto indexedType = cast<RankedTensorType>(op.getIndexed().getType());
  IRMapping mapping;
  SmallVector<Value> standIns;
  for (auto [old, partitioned] : llvm::zip_equal(op->getOperands(), operands)) {
    auto type = dyn_cast<RankedTensorType>(old.getType());
    if (!type) {
      mapping.map(old, partitioned);
      continue;
    }
    Value standIn =
        old == op.getIndexed()
            ? tensor::EmptyOp::create(builder, loc, sizes,
                                      type.getElementType())
            : (type.hasStaticShape()
                   ? tensor::EmptyOp::create(builder, loc, type.getShape(),
                                             type.getElementType())
                   : partitioned);
    if (standIn != partitioned)
      standIns.push_back(standIn);
    mapping.map(old, standIn);
  }
  Operation *global = builder.clone(*op, mapping);
  FailureOr<NormalFormSpec> spec = emitNormalFormSpec(
      builder, loc, cast<SliceSpecOpInterface>(global), sizes);
  global->erase();
  for (Value standIn : standIns)
    if (standIn.use_empty())
      standIn.getDefiningOp()->erase();
  if (failed(spec))
    return op->emitOpError() << explainNormalFormFailure(op);
  SliceView view = computeSliceView(builder, loc, *spec, indexedType.getShape(),
                                    op.getSliceType());
  return GlobalSpec{std::move(*spec), std::move(view)};
}

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

Sharding withOffsets(const Sharding &chosen, unsigned tensor,
                     ArrayRef<Sharding> existing, ArrayRef<DimTie> ties,
                     ArrayRef<int64_t> gridShape, ShapedType type,
                     ArrayRef<DerivedTable> derived) {
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
    // The op's own offsets first, then an annotation already there, then
    // a tied dimension's.
    std::optional<SmallVector<int64_t>> table;
    for (const auto &[at, derivedTable] : derived)
      if (at == TensorDim(tensor, dim))
        table = derivedTable;
    if (!table && sameAxes(existing[tensor], dim, dim))
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

LogicalResult
annotateTensors(Operation *op, OpBuilder &builder, const ShardingOption &option,
                unsigned tensorOperands, ArrayRef<DimTie> ties,
                function_ref<SmallVector<DerivedTable>(ArrayRef<Sharding>,
                                                       ArrayRef<int64_t>)>
                    derive) {
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
  SmallVector<DerivedTable> derived;
  if (derive && grid && !ShapedType::isDynamicShape(gridShape))
    derived = derive(existing, gridShape);
  auto annotation = [&](unsigned tensor, const Sharding &chosen) {
    if (!grid || ShapedType::isDynamicShape(gridShape))
      return chosen;
    return withOffsets(chosen, tensor, existing, ties, gridShape, types[tensor],
                       derived);
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
} // namespace sharding
} // namespace slice
} // namespace mlir
