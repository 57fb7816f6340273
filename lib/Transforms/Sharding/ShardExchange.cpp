//===- ShardExchange.cpp - The communication plan of a sharded slice ------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ShardExchange.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::sharding;

WindowOf mlir::slice::sharding::wholeWindow(OpFoldResult size) {
  return [size](ArithIndexBuilder &arith, ArrayRef<OpFoldResult>) {
    return IndexWindow{arith.constant(0), size};
  };
}

WindowOf mlir::slice::sharding::shardWindow(const ShardContext &context,
                                            DimShards shards) {
  return [&context, shards](ArithIndexBuilder &arith,
                            ArrayRef<OpFoldResult> place) {
    ShardSpan span = shards.at(arith, context.index(arith, shards.axes, place));
    return IndexWindow{span.offset, arith.add(span.offset, span.size)};
  };
}

/// The most rounds emitted one after the other rather than as a loop.
static constexpr int64_t kUnrolledRounds = 7;

namespace {
/// One strided block of a pair's exchange, per dimension.
struct StridedBlock {
  SmallVector<OpFoldResult> counts, sourceOffsets, strides, resultOffsets;
  /// Whether it has any element.
  OpFoldResult nonEmpty;
};

/// Builds the exchange of one slice (see `exchangeParts`).
class Exchange {
public:
  Exchange(OpBuilder &builder, Location loc, const ShardContext &context,
           ArithIndexBuilder &arith, Value local, ArrayRef<ExchangeDim> dims,
           const NeedsAny &needsAny)
      : builder(builder), loc(loc), context(context), arith(arith),
        local(local), dims(dims), needsAny(needsAny),
        elementType(cast<RankedTensorType>(local.getType()).getElementType()) {}

  /// What the process at `sender` sends the one at `receiver`.
  StridedBlock blockBetween(ArrayRef<OpFoldResult> sender,
                            ArrayRef<OpFoldResult> receiver) {
    StridedBlock block;
    block.nonEmpty =
        needsAny ? needsAny(arith, receiver) : arith.constantCond(true);
    for (const ExchangeDim &dim : dims) {
      IndexWindow held = dim.held(arith, sender);
      IndexWindow needed = dim.needed(arith, receiver);
      ExchangeBlock<OpFoldResult> part =
          exchangeBlock(arith, dim.start, dim.stride, dim.count, held.begin,
                        held.end, needed.begin, needed.end);
      block.counts.push_back(materialized(part.count));
      block.sourceOffsets.push_back(materialized(part.sourceOffset));
      block.strides.push_back(materialized(dim.stride));
      block.resultOffsets.push_back(materialized(part.resultOffset));
      block.nonEmpty = arith.logicalAnd(
          block.nonEmpty, arith.lessThan(arith.constant(0), part.count));
    }
    return block;
  }

  /// The elements of `block` in this process's shard, packed.
  Value pack(const StridedBlock &block) {
    return tensor::ExtractSliceOp::create(builder, loc, typeOf(block.counts),
                                          local, block.sourceOffsets,
                                          block.counts, block.strides);
  }

  /// `part` (of `block`) put in place in `into`.
  Value place(Value part, const StridedBlock &block, Value into) {
    SmallVector<OpFoldResult> ones(dims.size(), builder.getIndexAttr(1));
    return tensor::InsertSliceOp::create(
        builder, loc, part, into, block.resultOffsets, block.counts, ones);
  }

  RankedTensorType typeOf(ArrayRef<OpFoldResult> sizes) {
    SmallVector<int64_t> shape;
    for (OpFoldResult size : sizes)
      shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
    return RankedTensorType::get(shape, elementType);
  }

  OpFoldResult materialized(OpFoldResult value) {
    return getAsOpFoldResult(arith.materialize(value));
  }

  /// `then()` if `cond`, else `otherwise()` (each building at the
  /// builder's insertion point), as one scf.if yielding a `type`.
  Value ifThenElse(OpFoldResult cond, Type type, function_ref<Value()> then,
                   function_ref<Value()> otherwise) {
    if (std::optional<bool> known = getConstantBool(cond))
      return *known ? then() : otherwise();
    auto ifOp = scf::IfOp::create(builder, loc, TypeRange{type},
                                  arith.materializeCond(cond),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(builder);
    for (auto [region, body] : {std::pair(&ifOp.getThenRegion(), then),
                                std::pair(&ifOp.getElseRegion(), otherwise)}) {
      builder.setInsertionPointToEnd(&region->front());
      Value yielded = body();
      scf::YieldOp::create(builder, loc, yielded);
    }
    return ifOp.getResult(0);
  }

  /// `then()` if `cond` (building at the builder's insertion point).
  void ifThen(OpFoldResult cond, function_ref<void()> then) {
    if (std::optional<bool> known = getConstantBool(cond)) {
      if (*known)
        then();
      return;
    }
    auto ifOp = scf::IfOp::create(builder, loc, TypeRange{},
                                  arith.materializeCond(cond),
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(ifOp.thenBlock());
    then();
  }

  OpBuilder &builder;
  Location loc;
  const ShardContext &context;
  ArithIndexBuilder &arith;
  Value local;
  ArrayRef<ExchangeDim> dims;
  const NeedsAny &needsAny;
  Type elementType;
};
} // namespace

FailureOr<Value> mlir::slice::sharding::exchangeParts(
    OpBuilder &builder, Location loc, Operation *op,
    const ShardContext &context, ArithIndexBuilder &arith, Value local,
    ArrayRef<ExchangeDim> dims, SmallVector<GridAxis> groupAxes,
    NeedsAny needsAny) {
  Exchange exchange(builder, loc, context, arith, local, dims, needsAny);
  llvm::sort(groupAxes);
  int64_t processes = context.count(groupAxes);
  Type elementType = exchange.elementType;
  unsigned width =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  if (processes > 1 && (width == 0 || width % 8 != 0 || width > 64))
    return op->emitOpError() << "moves elements of type " << elementType
                             << " between processes; only integers and "
                                "floats of 8 to 64 bits are moved";

  // This process's part, and the elements of it its own shard holds.
  SmallVector<OpFoldResult> me = context.place();
  SmallVector<OpFoldResult> partSizes;
  for (const ExchangeDim &dim : dims) {
    IndexWindow needed = dim.needed(arith, me);
    partSizes.push_back(
        exchange.materialized(arith.sub(needed.end, needed.begin)));
  }
  RankedTensorType partType = exchange.typeOf(partSizes);
  // Nothing to fill, or nothing to take it from (and no offset a slice of
  // an empty tensor accepts).
  if (llvm::is_contained(partType.getShape(), 0) ||
      llvm::is_contained(cast<RankedTensorType>(local.getType()).getShape(), 0))
    return tensor::EmptyOp::create(builder, loc, partSizes, elementType)
        .getResult();
  StridedBlock own = exchange.blockBetween(me, me);
  // Alone along the group, the process's shard holds all of its part.
  if (processes <= 1) {
    Value packed = exchange.pack(own);
    if (packed.getType() != partType)
      packed = tensor::CastOp::create(builder, loc, partType, packed);
    return packed;
  }
  Value part =
      tensor::EmptyOp::create(builder, loc, partSizes, elementType).getResult();
  part = exchange.ifThenElse(
      own.nonEmpty, partType,
      [&]() -> Value { return exchange.place(exchange.pack(own), own, part); },
      [&]() -> Value { return part; });

  // The rounds of the pairwise exchange: unrolled for a few processes
  // (each round's partner then folds to a select of constants, and to a
  // constant on a known process), else one loop iteration each.
  OpFoldResult self = context.index(arith, groupAxes);
  int64_t rounds = exchangeRounds(processes);
  SmallVector<OpFoldResult> placed = me;
  for (OpFoldResult &index : placed)
    index = exchange.materialized(index);
  self = exchange.materialized(self);
  auto exchangeRound = [&](ArithIndexBuilder &inner, OpFoldResult round,
                           Value acc) -> Value {
    Exchange inLoop(builder, loc, context, inner, local, dims, needsAny);
    ArrayRef<OpFoldResult> me = placed;
    OpFoldResult partner = exchangePartner(inner, self, round, processes);
    Value updated = inLoop.ifThenElse(
        inner.lessThan(partner, inner.constant(processes)), partType,
        [&]() -> Value {
          // The partner's place: this one's, but its index along the group.
          SmallVector<OpFoldResult> there = llvm::to_vector(me);
          OpFoldResult rest = partner;
          for (GridAxis axis : llvm::reverse(groupAxes)) {
            OpFoldResult size = inner.constant(context.grid.getShape()[axis]);
            OpFoldResult quotient = inner.divTrunc(rest, size);
            there[axis] = inner.sub(rest, inner.mul(quotient, size));
            rest = quotient;
          }
          SmallVector<Value> partnerIndex;
          SmallVector<int64_t> dynamicIndex(groupAxes.size(),
                                            ShapedType::kDynamic);
          for (GridAxis axis : groupAxes)
            partnerIndex.push_back(inner.materialize(there[axis]));
          StridedBlock out = inLoop.blockBetween(me, there);
          StridedBlock in = inLoop.blockBetween(there, me);
          StringRef gridName = context.grid.getSymName();
          auto send = [&] {
            inLoop.ifThen(out.nonEmpty, [&] {
              Value packed = inLoop.pack(out);
              SendOp::create(builder, loc, packed.getType(), gridName,
                             groupAxes, packed, dynamicIndex, partnerIndex);
            });
          };
          auto receive = [&](Value into) {
            return inLoop.ifThenElse(
                in.nonEmpty, partType,
                [&]() -> Value {
                  Value buffer = tensor::EmptyOp::create(builder, loc,
                                                         in.counts, elementType)
                                     .getResult();
                  Value received = RecvOp::create(
                      builder, loc, buffer.getType(), gridName, groupAxes,
                      buffer, builder.getDenseI64ArrayAttr(dynamicIndex),
                      partnerIndex);
                  return inLoop.place(received, in, into);
                },
                [&]() -> Value { return into; });
          };
          // Within the pair the lower index sends first.
          return inLoop.ifThenElse(
              inner.lessThan(self, partner), partType,
              [&]() -> Value {
                send();
                return receive(acc);
              },
              [&]() -> Value {
                Value received = receive(acc);
                send();
                return received;
              });
        },
        [&]() -> Value { return acc; });
    return updated;
  };
  if (rounds <= kUnrolledRounds) {
    for (int64_t round = 0; round < rounds; ++round)
      part = exchangeRound(arith, arith.constant(round), part);
    return part;
  }
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value count = arith::ConstantIndexOp::create(builder, loc, rounds);
  auto loop = scf::ForOp::create(builder, loc, zero, count, one, part);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(loop.getBody());
  // The builder's cached constants do not dominate the loop's body.
  ArithIndexBuilder inner(builder, loc);
  scf::YieldOp::create(builder, loc,
                       exchangeRound(inner,
                                     getAsOpFoldResult(loop.getInductionVar()),
                                     loop.getRegionIterArgs()[0]));
  return loop.getResult(0);
}
