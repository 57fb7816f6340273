//===- ShardingUpdateModel.cpp - slice.strided_update, sharded ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// slice.strided_update's ShardingInterface model (docs/sharding.md): its
// dest and result share their loops, and the value has its own. Each
// process writes the part of the window its dest shard holds, in place:
// the op itself where dest's shards keep the window whole, else with the
// value elements that land there, which the processes holding them send
// it (ShardExchange.h). The dest never moves.
//
//===----------------------------------------------------------------------===//

#include "ShardExchange.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::sharding;

namespace {

/// slice.strided_update's loops: one per dest dimension, shared with the
/// result (an update's result is its dest, sharded the same), and one per
/// value dimension (the slice's loops are the value's).
struct UpdateLoops : SliceLoops {
  /// Per dest dimension taken whole: the value dimension of equal size
  /// written along it, or -1 (a stretched or missing one).
  SmallVector<int64_t> valueDimOf;

  UpdateLoops(const ResolvedSlice &resolved, StridedUpdateOp op,
              unsigned valueRank)
      : SliceLoops(resolved, op, valueRank), valueDimOf(tensorRank, -1) {}
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
  UpdateLoops loops(*resolved, op, matches->size());
  int64_t lead = static_cast<int64_t>(loops.sliceRank) -
                 static_cast<int64_t>(resolved->resultToInput.size());
  for (auto [index, match] : llvm::enumerate(*matches)) {
    int64_t pos = static_cast<int64_t>(index) - lead;
    if (pos < 0 || match != UpdateDimMatch::Equal)
      continue;
    int64_t input = resolved->resultToInput[pos];
    if (input >= 0 && resolved->dims[input].full &&
        !resolved->dims[input].shrink)
      loops.valueDimOf[input] = index;
  }
  return loops;
}

/// The update written on each process's dest shard: the part of the
/// window its shard holds, with the value elements that land there, which
/// the processes holding them send it (ShardExchange.h); the dest never
/// moves. `operands` are the partitioned ones: this process's shards of
/// the value and the dest (static global shapes), and the index operands.
FailureOr<Value> updateInPlace(StridedUpdateOp op, ArrayRef<Value> operands,
                               const Sharding &valueSharding,
                               const Sharding &destSharding,
                               const ShardContext &shards,
                               ArithIndexBuilder &arith, OpBuilder &builder) {
  Location loc = op.getLoc();
  Value value = operands[0], dest = operands[1];
  RankedTensorType destType = op.getDestType(), valueType = op.getValueType();
  unsigned rank = destType.getRank();

  FailureOr<GlobalSpec> global = globalSpec(
      builder, op, operands,
      getAsIndexOpFoldResult(builder.getContext(), destType.getShape()));
  if (failed(global))
    return failure();
  SliceView &view = global->view;
  NormalFormSpec *spec = &global->spec;
  RankedTensorType sliceType = op.getSliceType();
  SmallVector<OpFoldResult> counts = view.getFullRankSizes();

  // Per dest dimension: the indices of the slice that land in the shard
  // of the process at a place.
  SmallVector<WindowOf> destWindows;
  for (unsigned dim = 0; dim < rank; ++dim) {
    if (splitAxesOf(destSharding, dim).empty()) {
      destWindows.push_back(
          wholeWindow(arith.constant(destType.getDimSize(dim))));
      continue;
    }
    FailureOr<DimShards> split = shards.shardsOf(
        op, arith, destSharding, dim, destType.getDimSize(dim), "dest");
    if (failed(split))
      return failure();
    destWindows.push_back(shardWindow(shards, *split));
  }
  auto runOf = [&, counts](unsigned dim) -> WindowOf {
    WindowOf window = destWindows[dim];
    OpFoldResult start = view.offsets[dim], stride = view.strides[dim],
                 count = counts[dim];
    return [=](ArithIndexBuilder &arith, ArrayRef<OpFoldResult> place) {
      IndexWindow shard = window(arith, place);
      IndexRun<OpFoldResult> run =
          runInWindow(arith, start, stride, count, shard.begin, shard.end);
      return IndexWindow{run.lo, run.hi};
    };
  };

  // The value's dimensions: each process needs the elements written along
  // its runs (all of a stretched or missing one), from whoever holds them.
  int64_t lead = sliceType.getRank() - valueType.getRank();
  SmallVector<int64_t> destDimOf(sliceType.getRank(), -1);
  for (auto [dim, pos] : llvm::enumerate(view.layout.resultPositions))
    if (pos >= 0)
      destDimOf[pos] = dim;
  SmallVector<ExchangeDim> valueDims;
  SmallVector<GridAxis> groupAxes;
  for (int64_t dim = 0; dim < valueType.getRank(); ++dim) {
    int64_t size = valueType.getDimSize(dim);
    int64_t destDim = destDimOf[dim + lead];
    ExchangeDim exchanged{
        arith.constant(0), arith.constant(1), arith.constant(size),
        wholeWindow(arith.constant(size)), wholeWindow(arith.constant(size))};
    ArrayRef<GridAxis> axes = splitAxesOf(valueSharding, dim);
    if (!axes.empty()) {
      FailureOr<DimShards> split =
          shards.shardsOf(op, arith, valueSharding, dim, size, "value");
      if (failed(split))
        return failure();
      exchanged.held = shardWindow(shards, *split);
      groupAxes.append(axes.begin(), axes.end());
    }
    bool stretched = size == 1 && sliceType.getDimSize(dim + lead) != 1;
    if (destDim >= 0 && !stretched)
      exchanged.needed = runOf(destDim);
    valueDims.push_back(std::move(exchanged));
  }
  // A process whose shard the window misses along any dimension (a
  // shrunk one or one the value broadcasts along included) needs nothing.
  NeedsAny writesAny = [&](ArithIndexBuilder &arith,
                           ArrayRef<OpFoldResult> place) {
    OpFoldResult any = arith.constantCond(true);
    for (unsigned dim = 0; dim < rank; ++dim) {
      IndexWindow run = runOf(dim)(arith, place);
      any = arith.logicalAnd(any, arith.lessThan(run.begin, run.end));
    }
    return any;
  };
  FailureOr<Value> part = exchangeParts(builder, loc, op, shards, arith, value,
                                        valueDims, groupAxes, writesAny);
  if (failed(part))
    return failure();

  // This process's entries of the normal form: its runs, from its shard's
  // start; nothing to write when any of them is empty.
  SmallVector<OpFoldResult> place = shards.place();
  SmallVector<OpFoldResult> begin, end, strides;
  OpFoldResult writes = arith.constantCond(true);
  unsigned dim = 0;
  for (unsigned entry = 0; entry < spec->begin.size(); ++entry) {
    if (spec->masks.newAxis & (uint64_t(1) << entry)) {
      begin.push_back(spec->begin[entry]);
      end.push_back(spec->end[entry]);
      strides.push_back(spec->strides[entry]);
      continue;
    }
    IndexWindow shard = destWindows[dim](arith, place);
    IndexWindow run = runOf(dim)(arith, place);
    OpFoldResult count = arith.sub(run.end, run.begin);
    writes = arith.logicalAnd(writes, arith.lessThan(arith.constant(0), count));
    OpFoldResult stride = view.strides[dim];
    begin.push_back(arith.materialize(
        arith.sub(arith.add(view.offsets[dim], arith.mul(stride, run.begin)),
                  shard.begin)));
    bool shrink = spec->masks.shrinkAxis & (uint64_t(1) << entry);
    end.push_back(arith.materialize(shrink ? spec->end[entry]
                                           : arith.mul(stride, count)));
    strides.push_back(
        arith.materialize(shrink ? spec->strides[entry] : stride));
    ++dim;
  }
  auto destLocal = cast<RankedTensorType>(dest.getType());
  if (std::optional<bool> known = getConstantBool(writes); known && !*known)
    return dest;
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{destLocal},
                                arith.materializeCond(writes),
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(ifOp.thenBlock());
  Value updated =
      StridedUpdateOp::create(builder, loc, *part, dest, begin, end, strides,
                              spec->masks, /*offset=*/true);
  scf::YieldOp::create(builder, loc, updated);
  builder.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(builder, loc, dest);
  return ifOp.getResult(0);
}

/// The partitioned update on this process. Local when every sharded dest
/// dimension is written whole and the value is sharded the same way along
/// it (or broadcast along it); otherwise each process writes its part of
/// the window in place, with the value elements that land there
/// (`updateInPlace`).
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
  for (unsigned dim = 0; dim < loops->tensorRank; ++dim)
    if (!sameSplit(destSharding, dim, resultSharding, dim,
                   shards.grid.getShape()))
      return op.emitOpError()
             << "has a result sharded other than its dest along dimension "
             << dim << ", which is not partitioned yet";

  bool local = true;
  SmallVector<bool> valueMatched(loops->sliceRank, false);
  for (unsigned dim = 0; dim < loops->tensorRank; ++dim) {
    ArrayRef<GridAxis> axes = splitAxesOf(destSharding, dim);
    int64_t valueDim = loops->valueDimOf[dim];
    if (valueDim >= 0) {
      valueMatched[valueDim] = true;
      local &= sameSplit(valueSharding, valueDim, destSharding, dim,
                         shards.grid.getShape());
    }
    local &= axes.empty() || loops->wholeOnShards[dim];
  }
  for (unsigned dim = 0; dim < loops->sliceRank; ++dim)
    local &= valueMatched[dim] || splitAxesOf(valueSharding, dim).empty();

  ArithIndexBuilder arith(builder, loc);
  Value value = operands[0], dest = operands[1];
  if (!local && (!destType.hasStaticShape() || !valueType.hasStaticShape()))
    return op.emitOpError()
           << "writes " << valueType << " into " << destType
           << " across shards; only static shapes are partitioned yet";
  if (!local)
    return updateInPlace(op, operands, valueSharding, destSharding, shards,
                         arith, builder);
  IRMapping mapping;
  mapping.map(op.getValue(), value);
  mapping.map(op.getDest(), dest);
  for (auto [old, partitioned] :
       llvm::zip_equal(op->getOperands().drop_front(2), operands.drop_front(2)))
    mapping.map(old, partitioned);
  Operation *update = builder.clone(*op, mapping);
  update->getResult(0).setType(dest.getType());
  return update->getResult(0);
}

struct StridedUpdateOpShardingModel
    : public SliceShardingModel<StridedUpdateOpShardingModel, StridedUpdateOp,
                                2> {
  static constexpr StringLiteral kInvalid = "an invalid spec or value";
  static constexpr std::array<StringLiteral, 3> kRoles = {"value", "dest",
                                                          "result"};

  static std::optional<UpdateLoops> getLoops(StridedUpdateOp op) {
    return getUpdateLoops(op);
  }

  /// Each dest dimension and the result's, and a value dimension written
  /// along a whole dest dimension and both of those.
  static SmallVector<DimTie> tiedDims(StridedUpdateOp op) {
    SmallVector<DimTie> ties;
    std::optional<UpdateLoops> loops = getUpdateLoops(op);
    if (!loops)
      return ties;
    for (unsigned dim = 0; dim < loops->tensorRank; ++dim) {
      ties.push_back({{1, dim}, {2, dim}});
      if (int64_t valueDim = loops->valueDimOf[dim]; valueDim >= 0) {
        ties.push_back({{0, valueDim}, {1, dim}});
        ties.push_back({{0, valueDim}, {2, dim}});
      }
    }
    return ties;
  }

  /// An update derives no offsets of its own.
  static SmallVector<DerivedTable>
  derivedTables(StridedUpdateOp, ArrayRef<Sharding>, ArrayRef<int64_t>) {
    return {};
  }

  /// The dest and the result are sharded alike (the dest's annotation
  /// first); the value keeps its own annotation, or takes the dest's split
  /// of the dimensions it is written along whole.
  static FailureOr<ShardingOption> shardingOption(StridedUpdateOp,
                                                  const UpdateLoops &loops,
                                                  ArrayRef<Sharding> tensors) {
    Sharding value = tensors[0], dest = tensors[1], result = tensors[2];
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
    ShardingOption option(ShardingArray(loops.numLoops()), grid);
    for (unsigned dim = 0; dim < loops.tensorRank; ++dim) {
      int64_t valueDim = loops.valueDimOf[dim];
      if (destSide)
        llvm::append_range(option.shardingArray[dim],
                           splitAxesOf(destSide, dim));
      else if (valueDim >= 0)
        llvm::append_range(option.shardingArray[dim],
                           splitAxesOf(value, valueDim));
      if (!value && valueDim >= 0)
        llvm::append_range(option.shardingArray[loops.sliceLoop(valueDim)],
                           option.shardingArray[dim]);
    }
    if (value)
      for (unsigned dim = 0; dim < loops.sliceRank; ++dim)
        llvm::append_range(option.shardingArray[loops.sliceLoop(dim)],
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

void mlir::slice::sharding::attachStridedUpdateOpShardingModel(
    MLIRContext *context) {
  StridedUpdateOp::attachInterface<StridedUpdateOpShardingModel>(*context);
}
