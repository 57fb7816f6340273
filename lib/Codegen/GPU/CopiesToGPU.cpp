//===- CopiesToGPU.cpp - Copies of the GPU pipeline -----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-copies-to-gpu`: the copies that materialize slices as GPU-mapped
// parallel loops, one chunk of the target per thread (CopyLowering.h).
//
// The copy is flattened as for the CPU loops (Utils/StridedMemRef.h): both
// memrefs are 1-D views of their base buffers, and element `e` of the result,
// in row-major order, is `offset + sum(index_d(e) * stride_d)` in each. Thread
// `t` of block `b` handles chunk `c = b * blockSize + t`, the elements
// `[c * lanes, (c + 1) * lanes)` of the result; a warp therefore stores 32
// consecutive chunks when the target stride is +-1 (a slice's dense copy;
// an update of a reversed window), and loads them too when the source
// stride is +-1.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Lanes.h"
#include "../Utils/StridedMemRef.h"
#include "Slice/Codegen/CopyLowering.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "ThreadGrid.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICECOPIESTOGPU
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

namespace {
/// How one thread reads its chunk of the source (and writes it to the
/// target as the kernel's target layout says).
enum class ChunkAccess {
  /// One aligned vector load (source stride 1), one aligned vector store.
  Vector,
  /// One aligned vector load reversed by a shuffle (stride -1).
  Reverse,
  /// Scalar loads packed into one aligned vector store (any stride).
  Gather,
  /// One element: a scalar load and a scalar store.
  Scalar
};

/// What every kernel of one copy shares.
struct KernelContext {
  Value source, target;
  Value sourceOffset, targetOffset;
  SmallVector<CopyDim> dims;
  int64_t lanes, vectorBytes, blockSize;
  Type elementType;
};
} // namespace

/// Whether every vector of the source (`source`) or the target read in the
/// memory order `layout` lies on vector boundaries (lanesHaveLayout).
static OpFoldResult runsHaveLayout(OpBuilder &b, Location loc,
                                   const KernelContext &ctx, bool source,
                                   LaneLayout layout) {
  SmallVector<OpFoldResult> strides =
      llvm::map_to_vector(ctx.dims, [&](const CopyDim &dim) {
        return source ? dim.sourceStride : dim.targetStride;
      });
  return lanesHaveLayout(
      b, loc, getAsOpFoldResult(source ? ctx.sourceOffset : ctx.targetOffset),
      strides, ctx.lanes, layout);
}

/// The body of one thread: moves its chunk, the elements from `element`
/// on (one, or a vector's lanes), stored as `targetLayout` says (Vector or
/// Reverse; unused for Scalar).
static void emitChunk(OpBuilder &b, Location loc, const KernelContext &ctx,
                      ChunkAccess access, LaneLayout targetLayout,
                      Value element) {
  // Row-major multi-index of the element, innermost dimension first.
  Value source = ctx.sourceOffset, target = ctx.targetOffset;
  Value rest = element;
  // `position + index * stride`.
  auto step = [&](Value position, Value index, OpFoldResult stride) {
    return b.createOrFold<arith::AddIOp>(
        loc, position,
        b.createOrFold<arith::MulIOp>(
            loc, index, getValueOrCreateConstantIndexOp(b, loc, stride)));
  };
  for (int64_t d = ctx.dims.size() - 1; d >= 0; --d) {
    const CopyDim &dim = ctx.dims[d];
    Value index = rest;
    if (d > 0) {
      Value size = getValueOrCreateConstantIndexOp(b, loc, dim.size);
      index = b.createOrFold<arith::RemUIOp>(loc, rest, size);
      rest = b.createOrFold<arith::DivUIOp>(loc, rest, size);
    }
    source = step(source, index, dim.sourceStride);
    target = step(target, index, dim.targetStride);
  }

  if (access == ChunkAccess::Scalar) {
    Value value = memref::LoadOp::create(b, loc, ctx.source, source);
    memref::StoreOp::create(b, loc, value, ctx.target, target);
    return;
  }
  auto vectorType = VectorType::get({ctx.lanes}, ctx.elementType);
  llvm::MaybeAlign alignment(ctx.vectorBytes);
  LaneLayout layout = access == ChunkAccess::Vector    ? LaneLayout::Vector
                      : access == ChunkAccess::Reverse ? LaneLayout::Reverse
                                                       : LaneLayout::Strided;
  Value vector = loadLanes(b, loc, layout, ctx.source, source,
                           ctx.dims.back().sourceStride, vectorType, alignment);
  storeLanes(b, loc, targetLayout, vector, ctx.target, target,
             ctx.dims.back().targetStride, alignment);
}

/// Emits the block/thread nest of `scf.parallel` loops that moves the whole
/// copy with `access`, preceded on the host by its grid size.
static void emitKernel(OpBuilder &b, Location loc, const KernelContext &ctx,
                       ChunkAccess access, LaneLayout targetLayout,
                       Value elements) {
  int64_t perThread = access == ChunkAccess::Scalar ? 1 : ctx.lanes;
  Value chunks = b.createOrFold<arith::DivUIOp>(
      loc, elements, arith::ConstantIndexOp::create(b, loc, perThread));
  emitBlocksOfThreads(b, loc, chunks, ctx.blockSize,
                      [&](OpBuilder &ib, Location il, Value chunk) {
                        Value element = ib.createOrFold<arith::MulIOp>(
                            il, chunk,
                            arith::ConstantIndexOp::create(ib, il, perThread));
                        emitChunk(ib, il, ctx, access, targetLayout, element);
                      });
}

LogicalResult mlir::slice::checkGPUCopyOptions(const GPUCopyOptions &options,
                                               std::string &reason) {
  if (options.blockSize >= 1 && options.blockSize <= 1024 &&
      llvm::is_contained({4, 8, 16}, options.vectorBytes))
    return success();
  reason =
      ("block-size must be 1 to 1024 and vector-bytes 4, 8 or 16, got "
       "block-size=" +
       Twine(options.blockSize) + " vector-bytes=" + Twine(options.vectorBytes))
          .str();
  return failure();
}

LogicalResult mlir::slice::lowerCopyToGPULoops(RewriterBase &rewriter,
                                               Operation *op, Value source,
                                               Value target,
                                               const GPUCopyOptions &options) {
  std::string reason;
  if (failed(checkGPUCopyOptions(options, reason)))
    return rewriter.notifyMatchFailure(op, reason);
  // A contiguous copy (Memcpy) gets the same kernel as any other.
  CopyAction action;
  if (std::optional<LogicalResult> settled =
          settleCopy(rewriter, op, source, target, action))
    return *settled;

  OpBuilder::InsertionGuard guard(rewriter);
  FailureOr<FlatCopy> copy = flattenCopyAt(rewriter, op, source, target);
  if (failed(copy) || copy->empty)
    return success(succeeded(copy));
  Location loc = op->getLoc();

  KernelContext ctx;
  ctx.elementType = cast<MemRefType>(source.getType()).getElementType();
  ctx.dims = std::move(copy->dims);
  if (ctx.dims.empty()) {
    // Every dimension has size 1: one element.
    OpFoldResult one = rewriter.getIndexAttr(1);
    ctx.dims.push_back({one, one, one});
  }
  ctx.source = flatView(rewriter, loc, copy->source);
  ctx.target = flatView(rewriter, loc, copy->target);
  ctx.sourceOffset =
      getValueOrCreateConstantIndexOp(rewriter, loc, copy->source.offset);
  ctx.targetOffset =
      getValueOrCreateConstantIndexOp(rewriter, loc, copy->target.offset);
  ctx.vectorBytes = options.vectorBytes;
  ctx.blockSize = options.blockSize;
  int64_t elementBytes = vectorElementBytes(ctx.elementType);
  ctx.lanes = elementBytes && elementBytes < options.vectorBytes
                  ? options.vectorBytes / elementBytes
                  : 1;

  OpFoldResult elements = rewriter.getIndexAttr(1);
  for (const CopyDim &dim : ctx.dims)
    elements = ArithIndexBuilder(rewriter, loc).mul(elements, dim.size);
  Value elementCount = getValueOrCreateConstantIndexOp(rewriter, loc, elements);

  // Vectors need whole aligned vectors in every run of the target, at
  // increasing addresses (a dense copy) or decreasing ones (an update of a
  // window with innermost stride -1); the source then picks its kernel by
  // its innermost stride and alignment.
  OpFoldResult targetVectors = rewriter.getBoolAttr(false);
  OpFoldResult targetReversed = rewriter.getBoolAttr(false);
  OpFoldResult sourceVectors = rewriter.getBoolAttr(false);
  OpFoldResult sourceReversed = rewriter.getBoolAttr(false);
  if (ctx.lanes > 1) {
    ArithIndexBuilder arith(rewriter, loc);
    OpFoldResult wholeVectors = arith.logicalAnd(
        isMultipleOf(rewriter, loc, ctx.dims.back().size, ctx.lanes),
        isAlignedBuffer(rewriter, loc, ctx.target, isFreshAllocation(target),
                        options.vectorBytes));
    targetVectors =
        arith.logicalAnd(wholeVectors, runsHaveLayout(rewriter, loc, ctx, false,
                                                      LaneLayout::Vector));
    targetReversed =
        arith.logicalAnd(wholeVectors, runsHaveLayout(rewriter, loc, ctx, false,
                                                      LaneLayout::Reverse));
    OpFoldResult sourceBuffer =
        isAlignedBuffer(rewriter, loc, ctx.source, isFreshAllocation(source),
                        options.vectorBytes);
    sourceVectors = ArithIndexBuilder(rewriter, loc)
                        .logicalAnd(runsHaveLayout(rewriter, loc, ctx, true,
                                                   LaneLayout::Vector),
                                    sourceBuffer);
    sourceReversed = ArithIndexBuilder(rewriter, loc)
                         .logicalAnd(runsHaveLayout(rewriter, loc, ctx, true,
                                                    LaneLayout::Reverse),
                                     sourceBuffer);
  }

  auto kernel = [&](ChunkAccess access,
                    LaneLayout targetLayout = LaneLayout::Vector) {
    return [&, access, targetLayout](OpBuilder &b, Location l) {
      emitKernel(b, l, ctx, access, targetLayout, elementCount);
    };
  };
  // The vector kernels for one target layout, chosen by the source's.
  auto vectorKernels = [&](LaneLayout targetLayout) {
    return [&, targetLayout](OpBuilder &vb, Location vl) {
      emitIf(vb, vl, sourceVectors, kernel(ChunkAccess::Vector, targetLayout),
             [&](OpBuilder &rb, Location rl) {
               emitIf(rb, rl, sourceReversed,
                      kernel(ChunkAccess::Reverse, targetLayout),
                      kernel(ChunkAccess::Gather, targetLayout));
             });
    };
  };
  auto none = [](OpBuilder &, Location) {};
  // A grid of no blocks is a launch error: an empty copy launches nothing.
  OpFoldResult nonEmpty =
      getConstantIntValue(elements)
          ? OpFoldResult(
                rewriter.getBoolAttr(*getConstantIntValue(elements) > 0))
          : OpFoldResult(arith::CmpIOp::create(
                             rewriter, loc, arith::CmpIPredicate::ne,
                             elementCount,
                             arith::ConstantIndexOp::create(rewriter, loc, 0))
                             .getResult());
  emitIf(
      rewriter, loc, nonEmpty,
      [&](OpBuilder &b, Location l) {
        emitIf(b, l, targetVectors, vectorKernels(LaneLayout::Vector),
               [&](OpBuilder &tb, Location tl) {
                 emitIf(tb, tl, targetReversed,
                        vectorKernels(LaneLayout::Reverse),
                        kernel(ChunkAccess::Scalar));
               });
      },
      none);
  rewriter.eraseOp(op);
  return success();
}

namespace {
struct SliceCopiesToGPUPass
    : mlir::slice::impl::SliceCopiesToGPUBase<SliceCopiesToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    GPUCopyOptions options;
    options.blockSize = blockSize;
    options.vectorBytes = vectorBytes;
    std::string reason;
    if (failed(checkGPUCopyOptions(options, reason))) {
      mlir::emitError(getOperation().getLoc())
          << "slice-copies-to-gpu: " << reason;
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateSliceCopyToGPUPatterns(patterns, options);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace

void mlir::slice::populateSliceCopyToGPUPatterns(
    RewritePatternSet &patterns, const GPUCopyOptions &options) {
  addBufferCopyPatterns(patterns, options, lowerCopyToGPULoops);
}
