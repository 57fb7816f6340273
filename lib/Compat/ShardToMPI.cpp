//===- ShardToMPI.cpp - What MLIR 22's shard-to-MPI lacks -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Slice/Compat/ShardToMPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

/// The MPI reduction of a shard reduction kind, or std::nullopt.
static std::optional<mpi::MPI_ReductionOpEnum>
getMpiReduction(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return mpi::MPI_ReductionOpEnum::MPI_SUM;
  case shard::ReductionKind::Product:
    return mpi::MPI_ReductionOpEnum::MPI_PROD;
  case shard::ReductionKind::Min:
    return mpi::MPI_ReductionOpEnum::MPI_MIN;
  case shard::ReductionKind::Max:
    return mpi::MPI_ReductionOpEnum::MPI_MAX;
  case shard::ReductionKind::BitwiseAnd:
    return mpi::MPI_ReductionOpEnum::MPI_BAND;
  case shard::ReductionKind::BitwiseOr:
    return mpi::MPI_ReductionOpEnum::MPI_BOR;
  case shard::ReductionKind::BitwiseXor:
    return mpi::MPI_ReductionOpEnum::MPI_BXOR;
  default:
    return std::nullopt;
  }
}

/// The communicator of the processes that share this process's place on
/// every grid axis but `axes`: the world, or a split of it colored by the
/// other axes and keyed by `axes` (the first one major).
static Value getAxesComm(OpBuilder &builder, Location loc, shard::GridOp grid,
                         ArrayRef<shard::GridAxis> axes) {
  auto commType = mpi::CommType::get(builder.getContext());
  Value world = mpi::CommWorldOp::create(builder, loc, commType);
  if (axes.empty() || axes.size() >= grid.getShape().size())
    return world;
  ValueRange index =
      shard::ProcessMultiIndexOp::create(builder, loc, grid).getResults();
  auto linear = [&](function_ref<bool(shard::GridAxis)> take) {
    Value result = arith::ConstantIndexOp::create(builder, loc, 0);
    for (auto [axis, size] : llvm::enumerate(grid.getShape())) {
      if (!take(axis))
        continue;
      Value scaled = arith::MulIOp::create(
          builder, loc, result,
          arith::ConstantIndexOp::create(builder, loc, size));
      result = arith::AddIOp::create(builder, loc, scaled, index[axis]);
    }
    return arith::IndexCastOp::create(builder, loc, builder.getI32Type(),
                                      result)
        .getResult();
  };
  auto inAxes = [&](shard::GridAxis axis) {
    return llvm::is_contained(axes, axis);
  };
  Value color = linear([&](shard::GridAxis axis) { return !inAxes(axis); });
  Value key = linear(inAxes);
  return mpi::CommSplitOp::create(builder, loc, TypeRange{commType}, world,
                                  color, key)
      .getNewcomm();
}

/// A flat 1-D view of `buffer` (identity layout, `count` elements):
/// MLIR 22's MPIToLLVM counts the first dimension only.
static Value flatView(OpBuilder &builder, Location loc, Value buffer,
                      Value count) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  return memref::ReinterpretCastOp::create(
      builder, loc,
      MemRefType::get({ShapedType::kDynamic}, type.getElementType()), buffer,
      builder.getIndexAttr(0), ArrayRef<OpFoldResult>{count},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(1)});
}

/// The number of elements of `buffer`.
static Value countElements(OpBuilder &builder, Location loc, Value buffer) {
  Value count = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t dim = 0; dim < cast<MemRefType>(buffer.getType()).getRank();
       ++dim)
    count = arith::MulIOp::create(
        builder, loc, count, memref::DimOp::create(builder, loc, buffer, dim));
  return count;
}

LogicalResult
mlir::slice::lowerDynamicAllReduce(shard::AllReduceOp op,
                                   SymbolTableCollection &symbols) {
  auto inType = cast<RankedTensorType>(op.getInput().getType());
  auto outType = dyn_cast<RankedTensorType>(op.getResult().getType());
  shard::GridOp grid = shard::getGridOrNull(op, op.getGridAttr(), symbols);
  std::optional<mpi::MPI_ReductionOpEnum> reduction =
      getMpiReduction(op.getReduction());
  if (!outType || outType.getElementType() != inType.getElementType() ||
      !grid || ShapedType::isDynamicShape(grid.getShape()) || !reduction)
    return op.emitOpError()
           << "of run-time shape is lowered to MPI for a static grid, a "
              "result of the input's element type and a predefined MPI "
              "reduction only";
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Type elementType = inType.getElementType();
  // Nothing to reduce (and upstream folds a flat view of it to an
  // invalid static one).
  if (llvm::is_contained(inType.getShape(), 0)) {
    Value nothing = tensor::EmptyOp::create(
        builder, loc, tensor::getMixedSizes(builder, loc, op.getInput()),
        elementType);
    op.replaceAllUsesWith(
        tensor::CastOp::create(builder, loc, outType, nothing).getResult());
    op.erase();
    return success();
  }
  // MLIR 22's MPIToLLVM counts the first dimension only: MPI sees flat
  // views of the buffers, both of identity layout. (Not collapse_shape:
  // upstream canonicalizes a collapse of a dimension found to be 0 into
  // an invalid static one. Nor an expand_shape back: several run-time
  // sizes in one group crash expand-strided-metadata.)
  auto bufferType = MemRefType::get(inType.getShape(), elementType);
  Value send = bufferization::ToBufferOp::create(
      builder, loc, bufferType, op.getInput(), /*readOnly=*/true);
  SmallVector<Value> dynamicSizes;
  Value count = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t dim = 0; dim < inType.getRank(); ++dim) {
    Value size = memref::DimOp::create(builder, loc, send, dim);
    count = arith::MulIOp::create(builder, loc, count, size);
    if (inType.isDynamicDim(dim))
      dynamicSizes.push_back(size);
  }
  Value recv = memref::AllocOp::create(builder, loc, bufferType, dynamicSizes);
  auto flat = [&](Value buffer) {
    return flatView(builder, loc, buffer, count);
  };
  Value comm = getAxesComm(builder, loc, grid, op.getGridAxes());
  mpi::AllReduceOp::create(
      builder, loc, TypeRange(), flat(send), flat(recv),
      mpi::MPI_ReductionOpEnumAttr::get(builder.getContext(), *reduction),
      comm);
  Value result = bufferization::ToTensorOp::create(
      builder, loc, inType, recv, /*restrict=*/true, /*writable=*/true);
  if (result.getType() != outType)
    result = tensor::CastOp::create(builder, loc, outType, result);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

/// The rank, in the communicator of `axes` (getAxesComm), of the process
/// whose in-group multi-index is `peer`.
static Value getPeerRank(OpBuilder &builder, Location loc, shard::GridOp grid,
                         ArrayRef<shard::GridAxis> axes,
                         ArrayRef<int64_t> staticPeer, ValueRange dynamicPeer) {
  SmallVector<OpFoldResult> peer =
      getMixedValues(staticPeer, dynamicPeer, builder.getContext());
  Value linear = arith::ConstantIndexOp::create(builder, loc, 0);
  // The communicator keys its processes by their indices along `axes` in
  // grid order, the first major.
  SmallVector<std::pair<shard::GridAxis, OpFoldResult>> sorted;
  for (auto [axis, index] : llvm::zip_equal(axes, peer))
    sorted.push_back({axis, index});
  llvm::sort(sorted, llvm::less_first());
  for (auto [axis, index] : sorted) {
    Value size =
        arith::ConstantIndexOp::create(builder, loc, grid.getShape()[axis]);
    linear = arith::AddIOp::create(
        builder, loc, arith::MulIOp::create(builder, loc, linear, size),
        getValueOrCreateConstantIndexOp(builder, loc, index));
  }
  return arith::IndexCastOp::create(builder, loc, builder.getI32Type(), linear);
}

Value mlir::slice::MPICommunicators::get(shard::GridOp grid,
                                         ArrayRef<shard::GridAxis> axes,
                                         Operation *user) {
  // At the start of the function: MPI_Comm_split is collective over the
  // world, and the user may run on some processes only (a send in an
  // scf.if).
  Operation *function =
      user->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  uint64_t mask = 0;
  for (shard::GridAxis axis : axes)
    mask |= uint64_t(1) << axis;
  Value &comm = comms[{function, {grid, mask}}];
  if (!comm) {
    OpBuilder builder(user->getContext());
    builder.setInsertionPointToStart(&function->getRegion(0).front());
    comm = getAxesComm(builder, user->getLoc(), grid, axes);
  }
  return comm;
}

LogicalResult mlir::slice::lowerSendRecv(Operation *op,
                                         SymbolTableCollection &symbols,
                                         MPICommunicators &comms) {
  auto send = dyn_cast<shard::SendOp>(op);
  auto recv = dyn_cast<shard::RecvOp>(op);
  if (!send && !recv)
    return op->emitOpError() << "is not a shard.send or shard.recv";
  FlatSymbolRefAttr gridName = send ? send.getGridAttr() : recv.getGridAttr();
  shard::GridOp grid = shard::getGridOrNull(op, gridName, symbols);
  if (!grid || ShapedType::isDynamicShape(grid.getShape()) ||
      (recv && !recv.getSource()) ||
      !op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>())
    return op->emitOpError() << "is lowered to MPI for a static grid and a "
                                "named peer only";
  OpBuilder builder(op);
  Location loc = op->getLoc();
  ArrayRef<shard::GridAxis> axes =
      send ? send.getGridAxes() : recv.getGridAxes();
  Value comm = comms.get(grid, axes, op);
  Value tag = arith::ConstantIntOp::create(builder, loc, 0, 32);
  Value input = op->getOperand(0);
  auto type = cast<RankedTensorType>(input.getType());
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
  if (send) {
    Value peer = getPeerRank(builder, loc, grid, axes, send.getDestination(),
                             send.getDestinationDynamic());
    Value buffer = bufferization::ToBufferOp::create(builder, loc, bufferType,
                                                     input, /*readOnly=*/true);
    mpi::SendOp::create(
        builder, loc, TypeRange(),
        flatView(builder, loc, buffer, countElements(builder, loc, buffer)),
        tag, peer, comm);
    // The op's result is its input (nothing reads it but to order).
    send.replaceAllUsesWith(input);
    send.erase();
    return success();
  }
  Value peer = getPeerRank(builder, loc, grid, axes, *recv.getSource(),
                           recv.getSourceDynamic());
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(builder, loc, input, dim));
  Value buffer =
      memref::AllocOp::create(builder, loc, bufferType, dynamicSizes);
  mpi::RecvOp::create(
      builder, loc, TypeRange(),
      flatView(builder, loc, buffer, countElements(builder, loc, buffer)), tag,
      peer, comm);
  Value result = bufferization::ToTensorOp::create(
      builder, loc, type, buffer, /*restrict=*/true, /*writable=*/true);
  if (result.getType() != recv.getType())
    result = tensor::CastOp::create(builder, loc, recv.getType(), result);
  recv.replaceAllUsesWith(result);
  recv.erase();
  return success();
}
