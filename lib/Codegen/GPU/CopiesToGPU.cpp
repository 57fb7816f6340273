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
#include "BufferRoots.h"
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
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>

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

namespace {
/// A copy ready for its kernels: what they share, and the host's choice
/// between them (constants where the types decide).
struct PreparedCopy {
  KernelContext ctx;
  Value elementCount;
  OpFoldResult nonEmpty;
  /// The target's runs hold whole aligned vectors, at increasing or
  /// decreasing addresses; the source's are aligned vectors read forward
  /// or reversed.
  OpFoldResult targetVectors, targetReversed, sourceVectors, sourceReversed;
};
} // namespace

/// Prepares the copy `flat` from `source` to `target` at `b`'s insertion
/// point: its flat views, element count and kernel conditions.
static PreparedCopy prepareCopy(OpBuilder &b, Location loc, FlatCopy &flat,
                                Value source, Value target,
                                const GPUCopyOptions &options) {
  PreparedCopy prepared;
  KernelContext &ctx = prepared.ctx;
  ctx.elementType = cast<MemRefType>(source.getType()).getElementType();
  ctx.dims = std::move(flat.dims);
  if (ctx.dims.empty()) {
    // Every dimension has size 1: one element.
    OpFoldResult one = b.getIndexAttr(1);
    ctx.dims.push_back({one, one, one});
  }
  ctx.source = flatView(b, loc, flat.source);
  ctx.target = flatView(b, loc, flat.target);
  ctx.sourceOffset =
      getValueOrCreateConstantIndexOp(b, loc, flat.source.offset);
  ctx.targetOffset =
      getValueOrCreateConstantIndexOp(b, loc, flat.target.offset);
  ctx.vectorBytes = options.vectorBytes;
  ctx.blockSize = options.blockSize;
  int64_t elementBytes = vectorElementBytes(ctx.elementType);
  ctx.lanes = elementBytes && elementBytes < options.vectorBytes
                  ? options.vectorBytes / elementBytes
                  : 1;

  ArithIndexBuilder arith(b, loc);
  OpFoldResult elements = b.getIndexAttr(1);
  for (const CopyDim &dim : ctx.dims)
    elements = arith.mul(elements, dim.size);
  prepared.elementCount = getValueOrCreateConstantIndexOp(b, loc, elements);
  // A grid of no blocks is a launch error: an empty copy launches nothing.
  prepared.nonEmpty =
      getConstantIntValue(elements)
          ? OpFoldResult(b.getBoolAttr(*getConstantIntValue(elements) > 0))
          : OpFoldResult(
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      prepared.elementCount,
                                      arith::ConstantIndexOp::create(b, loc, 0))
                    .getResult());

  // Vectors need whole aligned vectors in every run of the target, at
  // increasing addresses (a dense copy) or decreasing ones (an update of a
  // window with innermost stride -1); the source then picks its kernel by
  // its innermost stride and alignment.
  prepared.targetVectors = prepared.targetReversed = b.getBoolAttr(false);
  prepared.sourceVectors = prepared.sourceReversed = b.getBoolAttr(false);
  if (ctx.lanes > 1) {
    OpFoldResult wholeVectors = arith.logicalAnd(
        isMultipleOf(b, loc, ctx.dims.back().size, ctx.lanes),
        isAlignedBuffer(b, loc, ctx.target, isFreshAllocation(target),
                        options.vectorBytes));
    prepared.targetVectors = arith.logicalAnd(
        wholeVectors, runsHaveLayout(b, loc, ctx, false, LaneLayout::Vector));
    prepared.targetReversed = arith.logicalAnd(
        wholeVectors, runsHaveLayout(b, loc, ctx, false, LaneLayout::Reverse));
    OpFoldResult sourceBuffer = isAlignedBuffer(
        b, loc, ctx.source, isFreshAllocation(source), options.vectorBytes);
    prepared.sourceVectors = arith.logicalAnd(
        runsHaveLayout(b, loc, ctx, true, LaneLayout::Vector), sourceBuffer);
    prepared.sourceReversed = arith.logicalAnd(
        runsHaveLayout(b, loc, ctx, true, LaneLayout::Reverse), sourceBuffer);
  }
  return prepared;
}

/// Emits `kernel(access, targetLayout)` for the access the conditions of
/// `prepared` choose: an `scf.if` tree where they are run-time values.
static void emitChosenKernel(
    OpBuilder &b, Location loc, const PreparedCopy &prepared,
    llvm::function_ref<void(OpBuilder &, Location, ChunkAccess, LaneLayout)>
        kernel) {
  auto one = [&](ChunkAccess access, LaneLayout targetLayout) {
    return [&, access, targetLayout](OpBuilder &kb, Location kl) {
      kernel(kb, kl, access, targetLayout);
    };
  };
  // The vector kernels for one target layout, chosen by the source's.
  auto vectorKernels = [&](LaneLayout targetLayout) {
    return [&, targetLayout](OpBuilder &vb, Location vl) {
      emitIf(vb, vl, prepared.sourceVectors,
             one(ChunkAccess::Vector, targetLayout),
             [&](OpBuilder &rb, Location rl) {
               emitIf(rb, rl, prepared.sourceReversed,
                      one(ChunkAccess::Reverse, targetLayout),
                      one(ChunkAccess::Gather, targetLayout));
             });
    };
  };
  emitIf(b, loc, prepared.targetVectors, vectorKernels(LaneLayout::Vector),
         [&](OpBuilder &tb, Location tl) {
           emitIf(tb, tl, prepared.targetReversed,
                  vectorKernels(LaneLayout::Reverse),
                  one(ChunkAccess::Scalar, LaneLayout::Vector));
         });
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
  PreparedCopy prepared =
      prepareCopy(rewriter, loc, *copy, source, target, options);
  emitIf(
      rewriter, loc, prepared.nonEmpty,
      [&](OpBuilder &b, Location l) {
        emitChosenKernel(b, l, prepared,
                         [&](OpBuilder &kb, Location kl, ChunkAccess access,
                             LaneLayout targetLayout) {
                           emitKernel(kb, kl, prepared.ctx, access,
                                      targetLayout, prepared.elementCount);
                         });
      },
      [](OpBuilder &, Location) {});
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Runs of independent copies in one grid
//===----------------------------------------------------------------------===//

namespace {
/// The elements a copy writes, as a box of the buffer it writes: per
/// dimension of the buffer, the first and last index.
struct Box {
  Value root;
  SmallVector<int64_t> low, high;

  bool disjoint(const Box &other) const {
    for (auto [l, h, ol, oh] :
         llvm::zip_equal(low, high, other.low, other.high))
      if (h < ol || oh < l)
        return true;
    return false;
  }
};
} // namespace

/// The box `view` covers in the buffer it views, when its type and the
/// buffer's tell it exactly: static shapes and strides, the buffer's
/// layout the identity, one dimension of the view per dimension of the
/// buffer, each stride a multiple of the buffer's, every index in bounds.
static std::optional<Box> boxOf(Value view) {
  // A subview of the buffer itself, rank-reducing or not: its static
  // offsets, sizes and strides are the box.
  if (auto subview = view.getDefiningOp<memref::SubViewOp>();
      subview && rootOf(view) == subview.getSource() &&
      subview.getSourceType().getLayout().isIdentity() &&
      subview.getSourceType().hasStaticShape()) {
    ArrayRef<int64_t> offsets = subview.getStaticOffsets(),
                      sizes = subview.getStaticSizes(),
                      strides = subview.getStaticStrides();
    MemRefType rootType = subview.getSourceType();
    if (llvm::any_of(llvm::concat<const int64_t>(offsets, sizes, strides),
                     ShapedType::isDynamic))
      return std::nullopt;
    Box box{subview.getSource(), {}, {}};
    for (int64_t d = 0, e = rootType.getRank(); d < e; ++d) {
      if (sizes[d] == 0)
        return std::nullopt;
      int64_t low = offsets[d], high = offsets[d];
      (strides[d] < 0 ? low : high) += strides[d] * (sizes[d] - 1);
      if (low < 0 || high >= rootType.getDimSize(d))
        return std::nullopt;
      box.low.push_back(low);
      box.high.push_back(high);
    }
    return box;
  }
  auto type = dyn_cast<MemRefType>(view.getType());
  Value root = rootOf(view);
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!type || !rootType || !type.hasStaticShape() ||
      !rootType.hasStaticShape() || !rootType.getLayout().isIdentity() ||
      type.getRank() != rootType.getRank() || type.getNumElements() == 0)
    return std::nullopt;
  SmallVector<int64_t> strides, rootStrides;
  int64_t offset, rootOffset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      failed(rootType.getStridesAndOffset(rootStrides, rootOffset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  Box box{root, {}, {}};
  int64_t rest = offset;
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    int64_t unit = rootStrides[d];
    if (unit <= 0 || rest < 0)
      return std::nullopt;
    int64_t start = rest / unit, size = type.getDimSize(d);
    rest %= unit;
    int64_t low = start, high = start;
    if (size > 1) {
      if (strides[d] % unit)
        return std::nullopt;
      int64_t span = (strides[d] / unit) * (size - 1);
      (span < 0 ? low : high) += span;
    }
    if (low < 0 || high >= rootType.getDimSize(d))
      return std::nullopt;
    box.low.push_back(low);
    box.high.push_back(high);
  }
  if (rest != 0)
    return std::nullopt;
  return box;
}

/// The box `copy` writes, when it can share a grid with other copies: it
/// runs loops (classifyCopy), writes a box of a buffer this function
/// allocated, and reads a view of another buffer that cannot alias it (an
/// argument of the function or another allocation).
static std::optional<Box> mergeableTarget(memref::CopyOp copy) {
  CopyAction action = classifyCopy(copy.getSource(), copy.getTarget());
  if (action != CopyAction::Lower && action != CopyAction::Memcpy)
    return std::nullopt;
  std::optional<Box> box = boxOf(copy.getTarget());
  if (!box || !isAllocation(box->root))
    return std::nullopt;
  Value sourceRoot = rootOf(copy.getSource());
  if (sourceRoot == box->root)
    return std::nullopt;
  auto argument = dyn_cast<BlockArgument>(sourceRoot);
  bool entryArgument =
      argument && argument.getOwner()->isEntryBlock() &&
      isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
  if (!entryArgument && !isAllocation(sourceRoot) &&
      !sourceRoot.getDefiningOp<memref::GetGlobalOp>())
    return std::nullopt;
  return box;
}

/// Replaces the copies of `run` (disjoint boxes of one buffer, sources
/// that do not alias it) by one grid: each copy gets the blocks its own
/// kernel would launch, consecutive, and a block runs the kernel of the
/// copy its index falls in (its choice of kernel as the copy's own).
static void mergeCopies(ArrayRef<memref::CopyOp> run,
                        const GPUCopyOptions &options) {
  memref::CopyOp last = run.back();
  OpBuilder b(last);
  Location loc = last.getLoc();
  SmallVector<PreparedCopy> parts;
  SmallVector<Value> starts; // the first block of each part, and the end
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  starts.push_back(zero);
  for (memref::CopyOp copy : run) {
    FailureOr<FlatCopy> flat =
        flattenCopy(b, loc, copy.getSource(), copy.getTarget());
    assert(succeeded(flat) && !flat->empty && "a copy classifyCopy lowers");
    parts.push_back(prepareCopy(b, loc, *flat, copy.getSource(),
                                copy.getTarget(), options));
    const PreparedCopy &part = parts.back();
    // The copy's own kernel moves a vector per thread, or an element.
    ArithIndexBuilder arith(b, loc);
    OpFoldResult perThread =
        part.ctx.lanes > 1
            ? arith.select(
                  arith.logicalOr(part.targetVectors, part.targetReversed),
                  arith.constant(part.ctx.lanes), arith.constant(1))
            : arith.constant(1);
    Value chunks = b.createOrFold<arith::DivUIOp>(loc, part.elementCount,
                                                  arith.materialize(perThread));
    starts.push_back(b.createOrFold<arith::AddIOp>(
        loc, starts.back(), blocksFor(b, loc, chunks, options.blockSize)));
  }

  // Part `i`'s kernel in block `local` of its own grid.
  auto emitPart = [&](OpBuilder &pb, Location pl, const PreparedCopy &part,
                      Value local, Value thread) {
    emitChosenKernel(
        pb, pl, part,
        [&](OpBuilder &kb, Location kl, ChunkAccess access,
            LaneLayout targetLayout) {
          int64_t perThread =
              access == ChunkAccess::Scalar ? 1 : part.ctx.lanes;
          Value chunks = kb.createOrFold<arith::DivUIOp>(
              kl, part.elementCount,
              arith::ConstantIndexOp::create(kb, kl, perThread));
          emitItemOfBlock(
              kb, kl, local, thread, chunks, part.ctx.blockSize,
              [&](OpBuilder &ib, Location il, Value chunk) {
                Value element = ib.createOrFold<arith::MulIOp>(
                    il, chunk,
                    arith::ConstantIndexOp::create(ib, il, perThread));
                emitChunk(ib, il, part.ctx, access, targetLayout, element);
              });
        });
  };
  // Block `block` runs the part whose blocks hold it: parts `i` on.
  std::function<void(OpBuilder &, Location, size_t, Value, Value)> dispatch =
      [&](OpBuilder &db, Location dl, size_t i, Value block, Value thread) {
        auto here = [&, i](OpBuilder &hb, Location hl) {
          emitPart(hb, hl, parts[i],
                   hb.createOrFold<arith::SubIOp>(hl, block, starts[i]),
                   thread);
        };
        if (i + 1 == parts.size())
          return here(db, dl);
        Value inside = arith::CmpIOp::create(db, dl, arith::CmpIPredicate::ult,
                                             block, starts[i + 1]);
        emitIf(db, dl, inside, here, [&, i](OpBuilder &nb, Location nl) {
          dispatch(nb, nl, i + 1, block, thread);
        });
      };
  Value total = starts.back();
  std::optional<int64_t> knownTotal = getConstantIntValue(total);
  OpFoldResult nonEmpty =
      knownTotal
          ? OpFoldResult(b.getBoolAttr(*knownTotal > 0))
          : OpFoldResult(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                               total, zero)
                             .getResult());
  emitIf(
      b, loc, nonEmpty,
      [&](OpBuilder &gb, Location gl) {
        emitBlockGrid(
            gb, gl, total, options.blockSize,
            [&](OpBuilder &tb, Location tl, Value block, Value thread) {
              dispatch(tb, tl, 0, block, thread);
            });
      },
      [](OpBuilder &, Location) {});
  for (memref::CopyOp copy : run)
    copy.erase();
}

/// Groups the copies of each block of `root` into runs that share one grid
/// (at most `most` copies each): consecutive copies, with only ops free of
/// memory effects between them, into disjoint boxes of one buffer.
static void mergeCopyRuns(Operation *root, const GPUCopyOptions &options,
                          int64_t most) {
  if (most < 2)
    return;
  SmallVector<Block *> blocks;
  root->walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks) {
    SmallVector<memref::CopyOp> run;
    SmallVector<Box> boxes;
    auto flush = [&] {
      if (run.size() > 1)
        mergeCopies(run, options);
      run.clear();
      boxes.clear();
    };
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      auto copy = dyn_cast<memref::CopyOp>(&op);
      std::optional<Box> box = copy ? mergeableTarget(copy) : std::nullopt;
      if (!box) {
        if (!isMemoryEffectFree(&op))
          flush();
        continue;
      }
      if (static_cast<int64_t>(run.size()) == most ||
          (!boxes.empty() && boxes.front().root != box->root) ||
          llvm::any_of(boxes,
                       [&](const Box &seen) { return !seen.disjoint(*box); }))
        flush();
      run.push_back(copy);
      boxes.push_back(*box);
    }
    flush();
  }
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
    mergeCopyRuns(getOperation(), options, mergeCopies);
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
