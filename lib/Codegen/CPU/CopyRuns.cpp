//===- CopyRuns.cpp - The loops of one run of a copy ----------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CopyRuns.h"
#include "../Utils/StridedMemRef.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

Value mlir::slice::detail::addScaled(OpBuilder &b, Location loc, Value base,
                                     Value index, OpFoldResult scale) {
  ArithIndexBuilder arith(b, loc);
  return arith.materialize(arith.add(base, arith.mul(index, scale)));
}

void mlir::slice::detail::emitFor(
    OpBuilder &b, Location loc, Value lb, Value ub, Value step,
    llvm::function_ref<void(OpBuilder &, Location, Value)> body) {
  scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{},
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange) {
        body(nested, nestedLoc, iv);
        scf::YieldOp::create(nested, nestedLoc);
      });
}

//===----------------------------------------------------------------------===//
// Run emitters
//===----------------------------------------------------------------------===//

/// Loads the vector of `lanes` elements that starts at element `j` of a run.
using VectorLoadFn =
    llvm::function_ref<Value(OpBuilder &, Location, Value /*j*/)>;

/// Copies elements [lb, ub) of a run one at a time, whatever the strides.
static void emitScalarLoop(OpBuilder &b, Location loc, const RunContext &ctx,
                           Value sourceStart, Value targetStart, Value lb,
                           Value ub) {
  Value sourceStride =
      getValueOrCreateConstantIndexOp(b, loc, ctx.sourceStride);
  Value targetStride =
      getValueOrCreateConstantIndexOp(b, loc, ctx.targetStride);
  emitFor(b, loc, lb, ub, arith::ConstantIndexOp::create(b, loc, 1),
          [&](OpBuilder &nested, Location nestedLoc, Value j) {
            Value from =
                addScaled(nested, nestedLoc, sourceStart, j, sourceStride);
            Value to =
                addScaled(nested, nestedLoc, targetStart, j, targetStride);
            Value element =
                memref::LoadOp::create(nested, nestedLoc, ctx.source, from);
            memref::StoreOp::create(nested, nestedLoc, element, ctx.target, to);
          });
}

/// The page size the non-temporal main loop spreads its vectors over.
static constexpr int64_t kPageBytes = 4096;

/// Copies a run into a contiguous target with vector stores:
///   [0, head)                   scalar, until the target is aligned to a
///                               vector (non-temporal stores only);
///   [head, unrolledEnd)         `unroll` vectors per iteration (with
///                               non-temporal stores, one in each of
///                               `unroll` consecutive pages);
///   [unrolledEnd, vectorEnd)    one vector per iteration;
///   [vectorEnd, size)           scalar.
///
/// With `reserveLast`, the vector loops leave at least the run's last element
/// to the scalar loop: a vector load that reads past the last element it
/// uses (a wide load of a gather) then stays within the run's elements.
static void emitVectorRun(OpBuilder &b, Location loc, const RunContext &ctx,
                          Value sourceStart, Value targetStart,
                          bool nontemporal, VectorLoadFn loadVector,
                          bool reserveLast = false) {
  int64_t vectorBytes = ctx.lanes * ctx.elementBytes;
  Value size = getValueOrCreateConstantIndexOp(b, loc, ctx.size);
  Value head = arith::ConstantIndexOp::create(b, loc, 0);
  if (nontemporal) {
    // Elements before the first target address aligned to a whole vector.
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ctx.target);
    Value address =
        addScaled(b, loc, base, targetStart, b.getIndexAttr(ctx.elementBytes));
    Value mask = arith::ConstantIndexOp::create(b, loc, vectorBytes - 1);
    Value misalignment = arith::AndIOp::create(b, loc, address, mask);
    Value headBytes = arith::AndIOp::create(
        b, loc,
        arith::SubIOp::create(
            b, loc, arith::ConstantIndexOp::create(b, loc, vectorBytes),
            misalignment),
        mask);
    head = arith::MinUIOp::create(
        b, loc,
        arith::DivUIOp::create(
            b, loc, headBytes,
            arith::ConstantIndexOp::create(b, loc, ctx.elementBytes)),
        size);
    emitScalarLoop(b, loc, ctx, sourceStart, targetStart,
                   arith::ConstantIndexOp::create(b, loc, 0), head);
  }

  Value rest = b.createOrFold<arith::SubIOp>(loc, size, head);
  if (reserveLast) {
    ArithIndexBuilder arith(b, loc);
    rest = arith.materialize(
        arith.max(arith.sub(rest, b.getIndexAttr(1)), b.getIndexAttr(0)));
  }
  auto roundDown = [&](int64_t multiple) {
    Value step = arith::ConstantIndexOp::create(b, loc, multiple);
    Value whole = b.createOrFold<arith::DivUIOp>(loc, rest, step);
    return addScaled(b, loc, head, whole, step);
  };
  Value vectorEnd = roundDown(ctx.lanes);

  llvm::MaybeAlign alignment;
  if (nontemporal)
    alignment = llvm::Align(vectorBytes);
  auto storeVector = [&](OpBuilder &nested, Location nestedLoc, Value j) {
    Value vector = loadVector(nested, nestedLoc, j);
    vector::StoreOp::create(
        nested, nestedLoc, vector, ctx.target,
        nested.createOrFold<arith::AddIOp>(nestedLoc, targetStart, j),
        nontemporal, alignment);
  };
  // The main loop moves `unroll` vectors an iteration: consecutive ones
  // for cached stores; with non-temporal stores, one in each of `unroll`
  // consecutive pages (as glibc's large memcpy does), which keeps several
  // DRAM pages and write-combining buffers busy at once.
  int64_t pageElements =
      std::max<int64_t>(ctx.lanes, kPageBytes / ctx.elementBytes);
  int64_t spread = nontemporal ? pageElements : ctx.lanes;
  int64_t block =
      nontemporal ? pageElements * ctx.unroll : ctx.lanes * ctx.unroll;
  Value unrolledEnd = roundDown(block);
  auto storeSpread = [&](OpBuilder &nested, Location nestedLoc, Value j) {
    for (int64_t u = 0; u < ctx.unroll; ++u)
      storeVector(
          nested, nestedLoc,
          nested.createOrFold<arith::AddIOp>(
              nestedLoc, j,
              arith::ConstantIndexOp::create(nested, nestedLoc, u * spread)));
  };
  if (nontemporal) {
    emitFor(
        b, loc, head, unrolledEnd,
        arith::ConstantIndexOp::create(b, loc, block),
        [&](OpBuilder &nested, Location nestedLoc, Value page) {
          emitFor(
              nested, nestedLoc, page,
              nested.createOrFold<arith::AddIOp>(
                  nestedLoc, page,
                  arith::ConstantIndexOp::create(nested, nestedLoc, spread)),
              arith::ConstantIndexOp::create(nested, nestedLoc, ctx.lanes),
              storeSpread);
        });
  } else {
    emitFor(b, loc, head, unrolledEnd,
            arith::ConstantIndexOp::create(b, loc, block), storeSpread);
  }
  emitFor(b, loc, unrolledEnd, vectorEnd,
          arith::ConstantIndexOp::create(b, loc, ctx.lanes), storeVector);
  emitScalarLoop(b, loc, ctx, sourceStart, targetStart, vectorEnd, size);
}

/// Runs at least this long (in bytes, when known) go to `memcpy`, whose
/// call costs more than a short vector loop.
static constexpr int64_t kMemcpyRunBytes = 256;

/// Whether a contiguous run of `ctx` is moved by `memcpy`: the memrefs are
/// in the default memory space and the run is not known to be short.
static bool useMemcpy(const RunContext &ctx) {
  if (!ctx.pointerIndexBits)
    return false;
  auto sourceType = cast<MemRefType>(ctx.source.getType());
  auto targetType = cast<MemRefType>(ctx.target.getType());
  if (sourceType.getMemorySpace() || targetType.getMemorySpace())
    return false;
  std::optional<int64_t> size = getConstantIntValue(ctx.size);
  if (!size)
    return true;
  // Elements, not bytes: a run of 2^62 elements is a valid type, and its
  // byte count overflows int64.
  return ctx.elementBytes > 0 &&
         *size >= (kMemcpyRunBytes + ctx.elementBytes - 1) / ctx.elementBytes;
}

/// The address of element `index` of the 1-D view `memref` as an LLVM
/// pointer: the aligned pointer as an index
/// (`memref.extract_aligned_pointer_as_index`), plus the byte offset, cast
/// to a pointer. `useMemcpy` has checked that an index is as wide as a
/// pointer, so the integer holds the whole address; the pointer made by
/// `inttoptr` may alias anything (LLVM gives it no provenance), which costs
/// nothing for the opaque `memcpy` call.
static Value elementPointer(OpBuilder &b, Location loc, const RunContext &ctx,
                            Value memref, Value index) {
  int64_t elementBytes = ctx.elementBytes;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = addScaled(b, loc, base, index, b.getIndexAttr(elementBytes));
  Value integer = arith::IndexCastOp::create(
      b, loc, b.getIntegerType(ctx.pointerIndexBits), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), integer);
}

/// Copies a run contiguous in both memrefs with one `memcpy` (the LLVM
/// intrinsic, which the C library's tuned routine implements).
static void emitMemcpyRun(OpBuilder &b, Location loc, const RunContext &ctx,
                          Value sourceStart, Value targetStart) {
  Value bytes = b.createOrFold<arith::MulIOp>(
      loc, getValueOrCreateConstantIndexOp(b, loc, ctx.size),
      arith::ConstantIndexOp::create(b, loc, ctx.elementBytes));
  LLVM::MemcpyOp::create(
      b, loc, elementPointer(b, loc, ctx, ctx.target, targetStart),
      elementPointer(b, loc, ctx, ctx.source, sourceStart),
      arith::IndexCastOp::create(b, loc, b.getI64Type(), bytes),
      /*isVolatile=*/false);
}

bool mlir::slice::detail::mayLoadWide(OpFoldResult stride) {
  std::optional<int64_t> known = getConstantIntValue(stride);
  return !known || (*known >= 2 && *known <= kMaxWideStride);
}

Value mlir::slice::detail::loadLanePositions(OpBuilder &b, Location loc,
                                             Value flat, VectorType type,
                                             Value first, int64_t count,
                                             ArrayRef<int64_t> positions) {
  int64_t lanes = type.getNumElements();
  auto load = [&](int64_t i) -> Value {
    return vector::LoadOp::create(
        b, loc, type, flat,
        b.createOrFold<arith::AddIOp>(
            loc, first, arith::ConstantIndexOp::create(b, loc, i * lanes)));
  };
  Value loaded = load(0);
  if (count == 1) {
    if (llvm::equal(positions, llvm::seq<int64_t>(lanes)))
      return loaded;
    return vector::ShuffleOp::create(b, loc, loaded, loaded, positions);
  }
  SmallVector<int64_t> mask(lanes);
  for (int64_t m = 0; m < lanes; ++m)
    mask[m] = positions[m] < 2 * lanes ? positions[m]
                                       : vector::ShuffleOp::kPoisonIndex;
  Value gathered =
      vector::ShuffleOp::create(b, loc, loaded, load(1), mask).getResult();
  for (int64_t i = 2; i < count; ++i) {
    for (int64_t m = 0; m < lanes; ++m) {
      int64_t position = positions[m];
      if (position < i * lanes)
        mask[m] = m;
      else if (position < (i + 1) * lanes)
        mask[m] = lanes + position - i * lanes;
      else
        mask[m] = vector::ShuffleOp::kPoisonIndex;
    }
    gathered =
        vector::ShuffleOp::create(b, loc, gathered, load(i), mask).getResult();
  }
  return gathered;
}

/// Elements first, first + k, ..., first + (lanes - 1) k of the 1-D source
/// as one vector (`loadLanePositions`).
static Value loadEveryKth(OpBuilder &b, Location loc, const RunContext &ctx,
                          VectorType vectorType, Value first, int64_t k) {
  SmallVector<int64_t> positions;
  for (int64_t m = 0; m < ctx.lanes; ++m)
    positions.push_back(m * k);
  return loadLanePositions(b, loc, ctx.source, vectorType, first, k, positions);
}

//===----------------------------------------------------------------------===//
// Paths into a contiguous target
//===----------------------------------------------------------------------===//

namespace {
/// A way to copy the runs of a nest into a contiguous target: the copy
/// nest asks `emitContiguousTargetRun`, which picks one by the source
/// stride.
class RunPath {
public:
  virtual ~RunPath() = default;
  /// Emits the runs of `nest` this way, with non-temporal stores where
  /// `streaming`.
  virtual void emit(OpBuilder &b, Location loc, const RunContext &ctx,
                    RunNestFn nest, bool streaming) const = 0;
};

/// The vector type of a run's vectors.
static VectorType vectorTypeOf(const RunContext &ctx) {
  return VectorType::get(
      {ctx.lanes}, cast<MemRefType>(ctx.source.getType()).getElementType());
}

/// Runs moved a vector at a time (`emitVectorRun`), each vector loaded by
/// `load`.
class VectorPath : public RunPath {
public:
  void emit(OpBuilder &b, Location loc, const RunContext &ctx, RunNestFn nest,
            bool streaming) const override {
    emitVectors(b, loc, ctx, nest, streaming, ctx.sourceStride);
  }

protected:
  /// The vector of the `ctx.lanes` elements from element `j` on of the run
  /// that starts at `sourceStart`, the source stride being `stride`.
  virtual Value load(OpBuilder &b, Location loc, const RunContext &ctx,
                     Value sourceStart, Value j, OpFoldResult stride) const = 0;
  /// Whether a load reads past the last element it uses: the vector loops
  /// then leave the run's last element to the scalar loop.
  virtual bool readsPastLast() const { return false; }

  void emitVectors(OpBuilder &b, Location loc, const RunContext &ctx,
                   RunNestFn nest, bool streaming, OpFoldResult stride) const {
    nest(b, loc,
         [&](OpBuilder &rb, Location rl, Value sourceStart, Value targetStart) {
           emitVectorRun(
               rb, rl, ctx, sourceStart, targetStart, streaming,
               [&](OpBuilder &lb, Location ll, Value j) {
                 return load(lb, ll, ctx, sourceStart, j, stride);
               },
               readsPastLast());
         });
  }
};

/// Source stride 1: `memcpy` where it is worth a call (not for streaming
/// stores, unless the run is the whole copy), else vector loads.
class ContiguousPath : public VectorPath {
public:
  void emit(OpBuilder &b, Location loc, const RunContext &ctx, RunNestFn nest,
            bool streaming) const override {
    if ((streaming && !ctx.wholeCopy) || !useMemcpy(ctx))
      return VectorPath::emit(b, loc, ctx, nest, streaming);
    nest(b, loc,
         [&](OpBuilder &rb, Location rl, Value sourceStart, Value targetStart) {
           emitMemcpyRun(rb, rl, ctx, sourceStart, targetStart);
         });
  }

protected:
  Value load(OpBuilder &b, Location loc, const RunContext &ctx,
             Value sourceStart, Value j, OpFoldResult) const override {
    return vector::LoadOp::create(
        b, loc, vectorTypeOf(ctx), ctx.source,
        b.createOrFold<arith::AddIOp>(loc, sourceStart, j));
  }
};

/// Source stride -1: vector loads, reversed by a shuffle.
class ReversedPath : public VectorPath {
protected:
  Value load(OpBuilder &b, Location loc, const RunContext &ctx,
             Value sourceStart, Value j, OpFoldResult) const override {
    // Elements j .. j + lanes - 1 of the run sit at sourceStart - j down to
    // sourceStart - j - lanes + 1.
    Value first = arith::SubIOp::create(
        b, loc, sourceStart,
        b.createOrFold<arith::AddIOp>(
            loc, j, arith::ConstantIndexOp::create(b, loc, ctx.lanes - 1)));
    Value loaded =
        vector::LoadOp::create(b, loc, vectorTypeOf(ctx), ctx.source, first);
    auto reverse =
        llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(ctx.lanes)));
    return vector::ShuffleOp::create(b, loc, loaded, loaded, reverse);
  }
};

/// A small source stride k: k contiguous vectors loaded and their every
/// k-th lane put together by k - 1 two-vector shuffles (`loadEveryKth`)
/// rather than `lanes` scalar loads and inserts.
class ShuffleGatherPath : public VectorPath {
public:
  explicit ShuffleGatherPath(int64_t k) : k(k) {}

protected:
  Value load(OpBuilder &b, Location loc, const RunContext &ctx,
             Value sourceStart, Value j, OpFoldResult) const override {
    return loadEveryKth(b, loc, ctx, vectorTypeOf(ctx),
                        addScaled(b, loc, sourceStart, j, b.getIndexAttr(k)),
                        k);
  }
  /// The loads read up to k - 1 elements past the last one they use.
  bool readsPastLast() const override { return true; }

private:
  int64_t k;
};

/// Any source stride: scalar loads put together into a vector. On x86 they
/// beat vector.gather, whose instructions are slow on many cores.
class ScalarGatherPath : public VectorPath {
public:
  void emit(OpBuilder &b, Location loc, const RunContext &ctx, RunNestFn nest,
            bool streaming) const override {
    // The stride as a value once, outside the nest.
    emitVectors(b, loc, ctx, nest, streaming,
                getValueOrCreateConstantIndexOp(b, loc, ctx.sourceStride));
  }

protected:
  Value load(OpBuilder &b, Location loc, const RunContext &ctx,
             Value sourceStart, Value j, OpFoldResult stride) const override {
    Value step = cast<Value>(stride);
    Value next = addScaled(b, loc, sourceStart, j, step);
    SmallVector<Value> elements;
    for (int64_t lane = 0; lane < ctx.lanes; ++lane) {
      if (lane)
        next = b.createOrFold<arith::AddIOp>(loc, next, step);
      elements.push_back(memref::LoadOp::create(b, loc, ctx.source, next));
    }
    return vector::FromElementsOp::create(b, loc, vectorTypeOf(ctx), elements);
  }
};

/// Any other source stride: shuffles for 2 to kMaxWideStride (a switch when
/// the stride is known only at run time), scalar loads beyond.
class GatherPath : public RunPath {
public:
  void emit(OpBuilder &b, Location loc, const RunContext &ctx, RunNestFn nest,
            bool streaming) const override {
    std::optional<int64_t> known = getConstantIntValue(ctx.sourceStride);
    if (known) {
      if (*known >= 2 && *known <= kMaxWideStride)
        return ShuffleGatherPath(*known).emit(b, loc, ctx, nest, streaming);
      return ScalarGatherPath().emit(b, loc, ctx, nest, streaming);
    }
    SmallVector<int64_t> cases =
        llvm::to_vector(llvm::seq<int64_t>(2, kMaxWideStride + 1));
    auto select = scf::IndexSwitchOp::create(b, loc, TypeRange{},
                                             cast<Value>(ctx.sourceStride),
                                             cases, cases.size());
    auto fill = [&](Region &region, const RunPath &path) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&region.emplaceBlock());
      path.emit(b, loc, ctx, nest, streaming);
      scf::YieldOp::create(b, loc);
    };
    for (auto [k, region] : llvm::zip(cases, select.getCaseRegions()))
      fill(region, ShuffleGatherPath(k));
    fill(select.getDefaultRegion(), ScalarGatherPath());
  }
};
} // namespace

/// Emits `path` with non-temporal stores where `nontemporal` holds.
static void emitStreamingOrNot(OpBuilder &b, Location loc, const RunPath &path,
                               const RunContext &ctx, RunNestFn nest,
                               OpFoldResult nontemporal) {
  emitIf(
      b, loc, nontemporal,
      [&](OpBuilder &nb, Location nl) {
        path.emit(nb, nl, ctx, nest, /*streaming=*/true);
      },
      [&](OpBuilder &nb, Location nl) {
        path.emit(nb, nl, ctx, nest, /*streaming=*/false);
      });
}

/// The runs of `nest` with a contiguous target, by the source stride: 1
/// and -1 stream where `nontemporal` says; a gather streams on several
/// threads only (they share the memory bandwidth, and streaming saves the
/// read for ownership), and on one thread shuffles whole vectors only while
/// its source is in the caches (docs/lowering.md).
static void emitContiguousTargetRun(OpBuilder &b, Location loc,
                                    const RunContext &ctx, RunNestFn nest,
                                    OpFoldResult nontemporal) {
  ContiguousPath contiguous;
  ReversedPath reversed;
  GatherPath gather;
  ScalarGatherPath scalarGather;
  auto anyGather = [&](OpBuilder &nb, Location nl) {
    if (ctx.parallel)
      return emitStreamingOrNot(nb, nl, gather, ctx, nest, nontemporal);
    if (!mayLoadWide(ctx.sourceStride))
      return scalarGather.emit(nb, nl, ctx, nest, /*streaming=*/false);
    emitIf(
        nb, nl, ctx.pastCache,
        [&](OpBuilder &sb, Location sl) {
          scalarGather.emit(sb, sl, ctx, nest, /*streaming=*/false);
        },
        [&](OpBuilder &gb, Location gl) {
          gather.emit(gb, gl, ctx, nest, /*streaming=*/false);
        });
  };
  OpFoldResult isOne =
      ArithIndexBuilder(b, loc).equal(ctx.sourceStride, b.getIndexAttr(1));
  emitIf(
      b, loc, isOne,
      [&](OpBuilder &nb, Location nl) {
        emitStreamingOrNot(nb, nl, contiguous, ctx, nest, nontemporal);
      },
      [&](OpBuilder &nb, Location nl) {
        emitIf(
            nb, nl,
            ArithIndexBuilder(nb, nl).equal(ctx.sourceStride,
                                            nb.getIndexAttr(-1)),
            [&](OpBuilder &rb, Location rl) {
              emitStreamingOrNot(rb, rl, reversed, ctx, nest, nontemporal);
            },
            anyGather);
      });
}

//===----------------------------------------------------------------------===//
// Strided and reversed targets
//===----------------------------------------------------------------------===//

/// The largest target stride (in elements, either sign) whose runs store a
/// loaded vector lane by lane rather than element by element.
static constexpr int64_t kMaxScatterStride = 4;

/// The bytes of the vectors whose lanes are stored one by one in a parallel
/// copy. 16 lanes of f32 keep 16 target addresses live in the loop: in the
/// OpenMP body LLVM spilled and reloaded them on every iteration, and four
/// fit (y[:, ::2] = v of 64 MiB on two threads of the EPYC: 1.54 ms with
/// 16 lanes, 1.40 with 4, in one process). On one thread 16 lanes stay
/// ahead (0.019 against 0.021 ms at 1 MiB, 2.75 against 2.80 ms at 64).
static constexpr int64_t kScatterBytes = 16;

/// Copies the runs of `nest`, whose target is strided (neither 1 nor -1), from
/// a source of stride 1 or -1: for a target stride up to kMaxScatterStride,
/// vectors loaded (and reversed for -1) as into a contiguous target, their
/// lanes stored one by one; otherwise, and for any other source stride, element
/// by element.
static void emitStridedTargetRun(OpBuilder &b, Location loc,
                                 const RunContext &runs, RunNestFn nest) {
  // On threads, a vector of kScatterBytes at a time: each lane's target
  // address is an induction variable of its own once LLVM reduces their
  // strength, and in the outlined parallel body more than the registers
  // hold spill in the loop.
  RunContext ctx = runs;
  if (ctx.parallel)
    ctx.lanes = std::clamp<int64_t>(
        kScatterBytes / std::max<int64_t>(1, ctx.elementBytes), 1, ctx.lanes);
  Type elementType = cast<MemRefType>(ctx.source.getType()).getElementType();
  auto vectorType = VectorType::get({ctx.lanes}, elementType);
  Value size = getValueOrCreateConstantIndexOp(b, loc, ctx.size);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value lanes = arith::ConstantIndexOp::create(b, loc, ctx.lanes);
  Value vectorEnd = b.createOrFold<arith::MulIOp>(
      loc, b.createOrFold<arith::DivUIOp>(loc, size, lanes), lanes);
  Value targetStride =
      getValueOrCreateConstantIndexOp(b, loc, ctx.targetStride);
  auto scatter = [&](bool reversed) {
    return [&, reversed](OpBuilder &nb, Location nl) {
      nest(
          nb, nl,
          [&](OpBuilder &rb, Location rl, Value sourceStart,
              Value targetStart) {
            emitFor(
                rb, rl, zero, vectorEnd, lanes,
                [&](OpBuilder &lb, Location ll, Value j) {
                  Value first =
                      reversed
                          ? arith::SubIOp::create(
                                lb, ll, sourceStart,
                                lb.createOrFold<arith::AddIOp>(
                                    ll, j,
                                    arith::ConstantIndexOp::create(
                                        lb, ll, ctx.lanes - 1)))
                          : lb.createOrFold<arith::AddIOp>(ll, sourceStart, j);
                  Value vector = vector::LoadOp::create(lb, ll, vectorType,
                                                        ctx.source, first);
                  Value to = addScaled(lb, ll, targetStart, j, targetStride);
                  for (int64_t lane = 0; lane < ctx.lanes; ++lane) {
                    if (lane)
                      to = lb.createOrFold<arith::AddIOp>(ll, to, targetStride);
                    Value element = vector::ExtractOp::create(
                        lb, ll, vector, reversed ? ctx.lanes - 1 - lane : lane);
                    memref::StoreOp::create(lb, ll, element, ctx.target, to);
                  }
                });
            emitScalarLoop(rb, rl, ctx, sourceStart, targetStart, vectorEnd,
                           size);
          });
    };
  };
  auto scalar = [&](OpBuilder &nb, Location nl) {
    nest(nb, nl,
         [&](OpBuilder &rb, Location rl, Value sourceStart, Value targetStart) {
           emitScalarLoop(rb, rl, ctx, sourceStart, targetStart, zero, size);
         });
  };
  // Lanes stored one by one pay a shuffle each: that wins over scalar loads
  // while a vector's lanes land in a few cache lines.
  ArithIndexBuilder arith(b, loc);
  OpFoldResult narrow = arith.logicalAnd(
      arith.lessThan(b.getIndexAttr(-kMaxScatterStride - 1), ctx.targetStride),
      arith.lessThan(ctx.targetStride, b.getIndexAttr(kMaxScatterStride + 1)));
  emitIf(
      b, loc, narrow,
      [&](OpBuilder &wb, Location wl) {
        emitIf(wb, wl,
               ArithIndexBuilder(wb, wl).equal(ctx.sourceStride,
                                               wb.getIndexAttr(1)),
               scatter(/*reversed=*/false), [&](OpBuilder &nb, Location nl) {
                 emitIf(nb, nl,
                        ArithIndexBuilder(nb, nl).equal(ctx.sourceStride,
                                                        nb.getIndexAttr(-1)),
                        scatter(/*reversed=*/true), scalar);
               });
      },
      scalar);
}

// A reversed target (stride -1) is walked from its other end, which makes
// it contiguous and negates the source stride: `y[::-1] = v` loads vectors
// of `v` and reverses them before the store, and a reversed source into a
// reversed target is one contiguous copy.
void mlir::slice::detail::emitRun(OpBuilder &b, Location loc,
                                  const RunContext &ctx, RunNestFn nest,
                                  OpFoldResult nontemporal) {
  auto scalar = [&](OpBuilder &nb, Location nl) {
    Value size = getValueOrCreateConstantIndexOp(nb, nl, ctx.size);
    nest(nb, nl,
         [&](OpBuilder &rb, Location rl, Value sourceStart, Value targetStart) {
           emitScalarLoop(rb, rl, ctx, sourceStart, targetStart,
                          arith::ConstantIndexOp::create(rb, rl, 0), size);
         });
  };
  if (ctx.elementBytes == 0)
    return scalar(b, loc);
  auto contiguousTarget = [&](OpBuilder &nb, Location nl, RunContext unit,
                              RunNestFn unitNest) {
    unit.targetStride = nb.getIndexAttr(1);
    emitContiguousTargetRun(nb, nl, unit, unitNest, nontemporal);
  };
  auto reversedTarget = [&](OpBuilder &nb, Location nl) {
    ArithIndexBuilder arith(nb, nl);
    Value last = arith.materialize(arith.sub(ctx.size, nb.getIndexAttr(1)));
    RunContext flipped = ctx;
    flipped.sourceStride = arith.sub(nb.getIndexAttr(0), ctx.sourceStride);
    // Each run walked from its other end.
    auto flippedNest = [&](OpBuilder &fb, Location fl, RunBodyFn body) {
      nest(fb, fl,
           [&](OpBuilder &rb, Location rl, Value sourceStart,
               Value targetStart) {
             Value from =
                 addScaled(rb, rl, sourceStart, last, ctx.sourceStride);
             Value to = rb.createOrFold<arith::SubIOp>(rl, targetStart, last);
             body(rb, rl, from, to);
           });
    };
    contiguousTarget(nb, nl, flipped, flippedNest);
  };
  emitIf(
      b, loc,
      ArithIndexBuilder(b, loc).equal(ctx.targetStride, b.getIndexAttr(1)),
      [&](OpBuilder &nb, Location nl) { contiguousTarget(nb, nl, ctx, nest); },
      [&](OpBuilder &nb, Location nl) {
        emitIf(nb, nl,
               ArithIndexBuilder(nb, nl).equal(ctx.targetStride,
                                               nb.getIndexAttr(-1)),
               reversedTarget, [&](OpBuilder &sb, Location sl) {
                 emitStridedTargetRun(sb, sl, ctx, nest);
               });
      });
}
