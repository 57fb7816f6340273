//===- ShardGeometry.h - Where the shards of a slice lie --------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceTransforms: what the ShardingInterface models of
// slice.strided (ShardingSliceModel.cpp) and slice.strided_update
// (ShardingUpdateModel.cpp) share: where each process's shard of a
// dimension lies, the checks of a sharding, the annotations and the
// partition of replicated ops (docs/sharding.md). The communication plan
// built on it is ShardExchange.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_SHARDING_SHARDGEOMETRY_H
#define SLICE_LIB_TRANSFORMS_SHARDING_SHARDGEOMETRY_H
#include "Slice/Transforms/ShardingInterfaceImpl.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "Slice/Utils/NormalForm.h"
#include "Slice/Utils/SliceView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace slice {
namespace sharding {
using namespace ::mlir::shard;

/// Whether resolved dimension `dim` of a spec takes every element of any
/// shard of its dimension, in order, so that the op itself slices a shard
/// right: filled by the ellipsis; or a range that spans the dimension,
/// since clamping makes it span any part of it too; or in offset mode,
/// whose windows are checked and not clamped, masked at both ends with
/// stride 1.
bool keepsShardsWhole(const ResolvedDim &dim, SliceMasks masks,
                      ArrayRef<int64_t> strides, bool offsetMode);

/// The loops of a slice op's sharding model: one per dimension of the
/// tensor sliced (slice.strided's source, slice.strided_update's dest),
/// then one per dimension of the slice (the result, or the value written).
struct SliceLoops {
  unsigned tensorRank = 0;
  unsigned sliceRank = 0;
  /// Per tensor dimension: its entry keeps it whole on any shard of it
  /// (`keepsShardsWhole`), so the op itself slices a shard right.
  SmallVector<bool> wholeOnShards;

  SliceLoops(const ResolvedSlice &resolved, SliceSpecOpInterface op,
             unsigned sliceRank);

  unsigned numLoops() const { return tensorRank + sliceRank; }
  /// The loop of slice dimension `pos`.
  unsigned sliceLoop(unsigned pos) const { return tensorRank + pos; }
  /// The indexing maps of the tensor, of the slice, and of a scalar
  /// operand (an index).
  AffineMap tensorMap(MLIRContext *context) const;
  AffineMap sliceMap(MLIRContext *context) const;
  AffineMap scalarMap(MLIRContext *context) const;
};

ArrayRef<GridAxis> splitAxesOf(const Sharding &sharding, int64_t dim);

/// The explicit offsets (sharded_dims_offsets) at which `sharding` splits
/// dimension `dim`, one per shard and the end; empty for an even split. The
/// shard dialect lists them dimension by dimension, `shards + 1` entries
/// per split dimension (`unsupportedSharding` has checked that each is
/// split over one grid axis and that the offsets are static).
SmallVector<int64_t> explicitOffsetsOf(const Sharding &sharding, int64_t dim,
                                       ArrayRef<int64_t> gridShape);

/// Whether `a` splits its dimension `aDim` as `b` splits `bDim`: over the
/// same grid axes at the same offsets.
bool sameSplit(const Sharding &a, int64_t aDim, const Sharding &b, int64_t bDim,
               ArrayRef<int64_t> gridShape);

/// One process's shard of one dimension: where it starts and its size.
struct ShardSpan {
  OpFoldResult offset;
  OpFoldResult size;
  /// The size of the whole dimension.
  OpFoldResult globalSize;
};

/// Where every shard of one dimension lies: the shard with index `k` (of
/// `count`, along `axes`) holds `[k evenSize, (k + 1) evenSize)` in an
/// even split, else `[bounds[k], bounds[k + 1])`.
struct DimShards {
  SmallVector<GridAxis> axes;
  int64_t count = 1;
  std::optional<int64_t> evenSize;
  SmallVector<OpFoldResult> bounds;
  OpFoldResult globalSize;

  /// The shard with index `shard` (a chain of selects of the bounds
  /// unless the split is even).
  ShardSpan at(ArithIndexBuilder &arith, OpFoldResult shard) const {
    if (evenSize)
      return ShardSpan{arith.mul(shard, arith.constant(*evenSize)),
                       arith.constant(*evenSize), globalSize};
    OpFoldResult start = bounds[0], end = bounds[1];
    for (int64_t i = 1; i < count; ++i) {
      OpFoldResult here = arith.equal(shard, arith.constant(i));
      start = arith.select(here, bounds[i], start);
      end = arith.select(here, bounds[i + 1], end);
    }
    return ShardSpan{start, arith.sub(end, start), globalSize};
  }
};

/// What partitioning one slice needs: the grid and this process's place
/// in it.
struct ShardContext {
  mutable GridOp grid;
  SmallVector<Value> processIndex;

  int64_t count(ArrayRef<GridAxis> axes) const {
    return collectiveProcessGroupSize(axes, grid.getShape());
  }
  /// The linear index along `axes` (the first axis major, as the shard
  /// dialect numbers shards) of the process at `place` in the grid (one
  /// index per grid axis), or of this process.
  OpFoldResult index(ArithIndexBuilder &arith, ArrayRef<GridAxis> axes,
                     ArrayRef<OpFoldResult> place = {}) const {
    OpFoldResult linear = arith.constant(0);
    for (GridAxis axis : axes)
      linear = arith.add(
          arith.mul(linear, arith.constant(grid.getShape()[axis])),
          place.empty() ? OpFoldResult(processIndex[axis]) : place[axis]);
    return linear;
  }
  /// This process's place in the grid.
  SmallVector<OpFoldResult> place() const {
    return getAsOpFoldResult(ValueRange(processIndex));
  }
  /// Where the shards of dimension `dim` (of static `size`) of the `what`
  /// tensor of `op` under `sharding` lie: at the sharding's explicit
  /// offsets, or an even split (the shard dialect's without offsets), or,
  /// for a dimension of run-time size whose shard here is `local`'s, as
  /// the processes tell each other (`exchangedShards`); an error when none
  /// applies.
  FailureOr<DimShards> shardsOf(Operation *op, ArithIndexBuilder &arith,
                                const Sharding &sharding, unsigned dim,
                                int64_t size, StringRef what,
                                Value local = {}) const;
  /// This process's shard of that dimension.
  FailureOr<ShardSpan> span(Operation *op, ArithIndexBuilder &arith,
                            const Sharding &sharding, unsigned dim,
                            int64_t size, StringRef what,
                            Value local = {}) const {
    FailureOr<DimShards> all =
        shardsOf(op, arith, sharding, dim, size, what, local);
    if (failed(all))
      return failure();
    return all->at(arith, index(arith, all->axes));
  }

  /// The shards of a dimension of run-time size that this process holds
  /// `local`'s part of: the processes along `axes` tell each other their
  /// sizes (one all_reduce of a vector of them), and each shard starts
  /// where the ones before it end.
  DimShards exchangedShards(ArithIndexBuilder &arith, Value local, unsigned dim,
                            ArrayRef<GridAxis> axes) const;
};

/// Two tensor dimensions an op ties together (the same elements, so the
/// same split): (tensor, dimension) each, the operands numbered first and
/// the result last.
using TensorDim = std::pair<unsigned, int64_t>;
using DimTie = std::pair<TensorDim, TensorDim>;

/// Why a sharding cannot be partitioned here, or an empty string.
std::string unsupportedSharding(const Sharding &sharding);

/// The checks every partition makes (a static grid that exists, no
/// sharding this code does not partition yet: each named as `what`), and
/// this process's place in the grid.
FailureOr<ShardContext>
getShardContext(Operation *op,
                ArrayRef<std::pair<StringRef, Sharding>> shardings,
                SymbolTableCollection &symbols, OpBuilder &builder);

/// The normal form of the spec of `op` (a slice or an update) on the whole
/// of the tensor it indexes, and its view.
struct GlobalSpec {
  NormalFormSpec spec;
  SliceView view;
};

/// The spec of `op` on the whole of the tensor it indexes, of `sizes`: the
/// normal form of the global spec, so
/// that its values and run-time checks are the unpartitioned op's. The op
/// is cloned onto stand-ins for its tensors (the whole indexed tensor;
/// another of static type, an update's value, of that type) and the
/// partitioned index `operands`, its normal form emitted, and the clone
/// and unused stand-ins dropped. Fails, with the op's error, on a spec it
/// has no normal form for.
FailureOr<GlobalSpec> globalSpec(OpBuilder &builder, SliceSpecOpInterface op,
                                 ArrayRef<Value> operands,
                                 ArrayRef<OpFoldResult> sizes);

/// This process's part of `whole` under `sharding` (static sizes), leaving
/// alone the dimensions `keep` marks.
FailureOr<Value> extractShard(OpBuilder &builder, Location loc, Operation *op,
                              const ShardContext &shards,
                              ArithIndexBuilder &arith, Value whole,
                              const Sharding &sharding, ArrayRef<bool> keep,
                              StringRef what);

/// `chosen` (split axes only, as upstream builds annotations from an
/// option) with the explicit shard offsets its dimensions take: a
/// dimension annotated with the same axes before keeps its own offsets,
/// another takes those of a dimension tied to it. Without this an uneven
/// split would be resharded to an even one, which MLIR 22 cannot do.
/// Explicit shard offsets an op derives for one of its tensor dimensions
/// (the slice's result split where the source shards overlap it).
using DerivedTable = std::pair<TensorDim, SmallVector<int64_t>>;

Sharding withOffsets(const Sharding &chosen, unsigned tensor,
                     ArrayRef<Sharding> existing, ArrayRef<DimTie> ties,
                     ArrayRef<int64_t> gridShape, ShapedType type,
                     ArrayRef<DerivedTable> derived = {});

/// Annotates the result and the first `tensorOperands` operands (the
/// tensors) for an option, keeping the explicit shard offsets of the
/// annotations already there (see `withOffsets`). Upstream's default also
/// annotates the index operands after them, with a sharding that names
/// no grid and does not verify (MLIR 22).
LogicalResult
annotateTensors(Operation *op, OpBuilder &builder, const ShardingOption &option,
                unsigned tensorOperands, ArrayRef<DimTie> ties,
                function_ref<SmallVector<DerivedTable>(ArrayRef<Sharding>,
                                                       ArrayRef<int64_t>)>
                    derive = {});

/// What both partition methods do: an op whose tensors are all replicated
/// is cloned as it is; otherwise `local` builds this process's result.
inline LogicalResult
partitionWith(Operation &op, ArrayRef<Value> partitionedOperands,
              ArrayRef<Sharding> operandShardings,
              ArrayRef<Sharding> resultShardings, IRMapping &partitionMap,
              SymbolTableCollection &symbolTable, OpBuilder &builder,
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

/// What the two models share: parallel loops (`Derived::getLoops`, a
/// SliceLoops), the indexing maps, the checks of the annotations, the
/// annotations of the tensors only, and the partition of replicated ops as
/// they are. `Derived::shardingOption` chooses the loops' sharding, and
/// `Derived::partitionLocal` builds this process's result otherwise.
/// slice.strided reads the tensor and gives the slice; slice.strided_update
/// reads the slice (its value) and the tensor (its dest), and gives the
/// tensor.
template <typename Derived, typename OpTy, unsigned TensorOperands>
struct SliceShardingModel
    : public ShardingInterface::ExternalModel<Derived, OpTy> {
  static constexpr bool kWrites = TensorOperands == 2;

  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    auto loops = Derived::getLoops(cast<OpTy>(op));
    if (!loops)
      return {};
    return SmallVector<utils::IteratorType>(loops->numLoops(),
                                            utils::IteratorType::parallel);
  }

  /// The index operands are scalars: no dimensions.
  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto loops = Derived::getLoops(cast<OpTy>(op));
    if (!loops)
      return {};
    MLIRContext *context = op->getContext();
    AffineMap tensor = loops->tensorMap(context);
    AffineMap slice = loops->sliceMap(context);
    SmallVector<AffineMap> maps;
    if (kWrites)
      maps.push_back(slice);
    maps.push_back(tensor);
    maps.append(op->getNumOperands() - TensorOperands,
                loops->scalarMap(context));
    maps.push_back(kWrites ? tensor : slice);
    return maps;
  }

  /// The tensors' shardings (operands, then the result; none where absent)
  /// to `Derived::shardingOption`, after refusing what the partition cannot
  /// do, before upstream reshards the op to what its annotations carry.
  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    auto typed = cast<OpTy>(op);
    auto loops = Derived::getLoops(typed);
    if (!loops)
      return typed.emitOpError()
             << "has " << Derived::kInvalid << " and is not sharded";
    SmallVector<Sharding, 3> tensors;
    for (unsigned i = 0; i <= TensorOperands; ++i) {
      ArrayRef<Sharding> list =
          i < TensorOperands ? operandShardings : resultShardings;
      unsigned pos = i < TensorOperands ? i : 0;
      tensors.push_back(pos < list.size() ? list[pos] : Sharding());
      std::string why = unsupportedSharding(tensors.back());
      if (!why.empty())
        return typed.emitOpError()
               << "has a " << Derived::kRoles[i] << " sharding with " << why
               << ", which is not partitioned yet";
    }
    return Derived::shardingOption(typed, *loops, tensors);
  }

  LogicalResult addShardingAnnotations(Operation *op, OpBuilder &builder,
                                       const ShardingOption &option) const {
    return annotateTensors(
        op, builder, option, TensorOperands, Derived::tiedDims(cast<OpTy>(op)),
        [&](ArrayRef<Sharding> existing, ArrayRef<int64_t> gridShape) {
          return Derived::derivedTables(cast<OpTy>(op), existing, gridShape);
        });
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

/// Attach the models (ShardingSliceModel.cpp, ShardingUpdateModel.cpp).
void attachStridedOpShardingModel(MLIRContext *context);
void attachStridedUpdateOpShardingModel(MLIRContext *context);

} // namespace sharding
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_SHARDING_SHARDGEOMETRY_H
