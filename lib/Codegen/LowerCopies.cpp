//===- LowerCopies.cpp - Memref copies as vectorized run loops ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-lower-copies`: the copies that materialize slices, lowered to
// loops that move whole runs (CopyLowering.h). Upstream lowers a copy out of
// a non-contiguous view to the runtime's `memrefCopy`, one element per
// `memcpy` call, about 18 times slower than NumPy on reversed rows.
//
// The copy is flattened first: both memrefs become 1-D views of their base
// buffers and every access is `offset + sum(index * stride)`, so negative
// strides need no special layout. Dimensions of size 1 go, and neighbours
// that are contiguous in both memrefs merge, so that `x[a:b, :]` is one run
// and `x[::-1, :]` one run per row.
//
//===----------------------------------------------------------------------===//

#include "CopyUtils.h"
#include "MachineCache.h"
#include "Slice/Codegen/CopyLowering.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICELOWERCOPIES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

namespace {
/// What the loops of one run (the innermost dimension) need.
struct RunContext {
  /// 1-D identity views of the two base buffers.
  Value source, target;
  /// Bytes of one element; 0 when the element type has no vector form.
  int64_t elementBytes;
  /// Elements per vector access, and vector accesses per unrolled iteration.
  int64_t lanes, unroll;
  OpFoldResult size, sourceStride, targetStride;
  /// The width of `index`, when it is the width of a pointer (the data
  /// layout says both); 0 otherwise, and then no run goes to `memcpy`.
  unsigned pointerIndexBits = 0;
  /// The run is the whole copy (or a thread's chunk of it): contiguous in
  /// both memrefs, it goes to `memcpy` even above the non-temporal
  /// threshold, since the C library picks its own strategy for one block
  /// from the machine's cache sizes.
  bool wholeCopy = false;
  /// The run is copied by one of several threads (a chunk of an
  /// scf.parallel): gathers stream their stores only then (see
  /// emitContiguousTargetRun).
  bool parallel = false;
  /// The bytes the copy touches, those it writes and the span it reads
  /// (|source stride| times as many, up to kMaxWideStride), are at least
  /// three quarters of the machine's last-level cache (whatever the options
  /// say; MachineThresholds): its source comes from memory rather than from
  /// the caches. Only a copy whose runs may load whole vectors and shuffle
  /// (see mayLoadWide) asks; for any other, false.
  OpFoldResult pastCache;
};

/// Loads the vector of `lanes` elements that starts at element `j` of a run.
using VectorLoadFn =
    llvm::function_ref<Value(OpBuilder &, Location, Value /*j*/)>;

/// Emits the loops of one run that starts at these elements of the source
/// and the target.
using RunBodyFn = llvm::function_ref<void(
    OpBuilder &, Location, Value /*sourceStart*/, Value /*targetStart*/)>;

/// Emits the loops around the runs of a copy (those of its outer
/// dimensions, or none for a single run) and, at their innermost point,
/// the body of each run. The choice of a run's loops, which depends only
/// on the strides, the sizes and the non-temporal decision, is made once,
/// outside the nest: each choice gets a nest of its own (loop unswitching,
/// which llc does not do). Inside the nest it would be made again for
/// every run, and the addresses of every choice's loops would be live
/// across the whole nest: LLVM keeps each as an induction variable of the
/// outer loops, dozens of them spilled to the stack and updated per run.
using RunNestFn = llvm::function_ref<void(OpBuilder &, Location, RunBodyFn)>;
} // namespace

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

/// `base + index * scale` on index values, folded where known.
static Value addScaled(OpBuilder &b, Location loc, Value base, Value index,
                       OpFoldResult scale) {
  ArithIndexBuilder arith(b, loc);
  return arith.materialize(arith.add(base, arith.mul(index, scale)));
}

/// Emits `for (iv = lb; iv < ub; iv += step) body(iv)`.
static void
emitFor(OpBuilder &b, Location loc, Value lb, Value ub, Value step,
        llvm::function_ref<void(OpBuilder &, Location, Value)> body) {
  scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{},
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange) {
        body(nested, nestedLoc, iv);
        scf::YieldOp::create(nested, nestedLoc);
      });
}

//===----------------------------------------------------------------------===//
// Runs
//===----------------------------------------------------------------------===//

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

/// The bytes of a run each thread copies at a time, when one run is split
/// across threads.
static constexpr int64_t kParallelChunkBytes = 1 << 20;

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
  // DRAM pages and write-combining buffers busy at once: 20-25% faster than
  // consecutive vectors on this machine.
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

/// The largest source stride whose gathers load whole vectors and shuffle
/// (`loadEveryKth`); beyond it, a vector's elements lie in more cache lines
/// than the shuffles are worth.
static constexpr int64_t kMaxWideStride = 8;

/// Whether a run of source stride `stride` may load whole vectors and
/// shuffle: a stride known to be beyond 2 .. kMaxWideStride never does.
static bool mayLoadWide(OpFoldResult stride) {
  std::optional<int64_t> known = getConstantIntValue(stride);
  return !known || (*known >= 2 && *known <= kMaxWideStride);
}

/// Elements first, first + k, ..., first + (lanes - 1) k of the 1-D source
/// as one vector: the k vectors from `first` on, and k - 1 shuffles, each
/// taking the lanes the vector before it has gathered and adding those of
/// the next loaded vector.
static Value loadEveryKth(OpBuilder &b, Location loc, const RunContext &ctx,
                          VectorType vectorType, Value first, int64_t k) {
  int64_t lanes = ctx.lanes;
  auto load = [&](int64_t i) -> Value {
    return vector::LoadOp::create(
        b, loc, vectorType, ctx.source,
        b.createOrFold<arith::AddIOp>(
            loc, first, arith::ConstantIndexOp::create(b, loc, i * lanes)));
  };
  // Lane m of the result is element m k from `first`: lane (m k) % lanes
  // of loaded vector (m k) / lanes.
  SmallVector<int64_t> mask(lanes);
  for (int64_t m = 0; m < lanes; ++m)
    mask[m] = m * k < 2 * lanes ? m * k : vector::ShuffleOp::kPoisonIndex;
  Value gathered =
      vector::ShuffleOp::create(b, loc, load(0), load(1), mask).getResult();
  for (int64_t i = 2; i < k; ++i) {
    for (int64_t m = 0; m < lanes; ++m) {
      int64_t position = m * k;
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

/// The runs of `nest` with a contiguous target, by the source stride: 1
/// copies with memcpy or vectors, -1 loads vectors and reverses them, 2 to
/// kMaxWideStride loads whole vectors and shuffles (below the machine's
/// cache threshold, on one thread), anything else packs scalar loads into
/// vectors.
static void emitContiguousTargetRun(OpBuilder &b, Location loc,
                                    const RunContext &ctx, RunNestFn nest,
                                    OpFoldResult nontemporal) {
  Type elementType = cast<MemRefType>(ctx.source.getType()).getElementType();
  auto vectorType = VectorType::get({ctx.lanes}, elementType);
  using PathFn = std::function<void(OpBuilder &, Location)>;

  // A run of vectors, each loaded from element j of the run by `load`.
  using LoadFn =
      std::function<Value(OpBuilder &, Location, Value sourceStart, Value j)>;
  auto vectorPath = [&](bool streaming, LoadFn load,
                        bool reserveLast = false) -> PathFn {
    return [&, streaming, load, reserveLast](OpBuilder &nb, Location nl) {
      nest(nb, nl,
           [&](OpBuilder &rb, Location rl, Value sourceStart,
               Value targetStart) {
             emitVectorRun(
                 rb, rl, ctx, sourceStart, targetStart, streaming,
                 [&](OpBuilder &lb, Location ll, Value j) -> Value {
                   return load(lb, ll, sourceStart, j);
                 },
                 reserveLast);
           });
    };
  };
  auto contiguous = [&](bool streaming) -> PathFn {
    if ((!streaming || ctx.wholeCopy) && useMemcpy(ctx))
      return [&](OpBuilder &nb, Location nl) {
        nest(nb, nl,
             [&](OpBuilder &rb, Location rl, Value sourceStart,
                 Value targetStart) {
               emitMemcpyRun(rb, rl, ctx, sourceStart, targetStart);
             });
      };
    return vectorPath(
        streaming,
        [&](OpBuilder &lb, Location ll, Value sourceStart, Value j) -> Value {
          return vector::LoadOp::create(
              lb, ll, vectorType, ctx.source,
              lb.createOrFold<arith::AddIOp>(ll, sourceStart, j));
        });
  };
  auto reversed = [&](bool streaming) -> PathFn {
    auto reverse =
        llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(ctx.lanes)));
    return vectorPath(
        streaming,
        [&, reverse](OpBuilder &lb, Location ll, Value sourceStart,
                     Value j) -> Value {
          // Elements j .. j + lanes - 1 of the run sit at sourceStart - j down
          // to sourceStart - j - lanes + 1.
          Value first = arith::SubIOp::create(
              lb, ll, sourceStart,
              lb.createOrFold<arith::AddIOp>(
                  ll, j,
                  arith::ConstantIndexOp::create(lb, ll, ctx.lanes - 1)));
          Value loaded =
              vector::LoadOp::create(lb, ll, vectorType, ctx.source, first);
          return vector::ShuffleOp::create(lb, ll, loaded, loaded, reverse);
        });
  };
  // Scalar loads put together into a vector: on x86 they beat
  // vector.gather, whose instructions are slow on many cores.
  auto strided = [&](bool streaming) -> PathFn {
    return [&, streaming](OpBuilder &nb, Location nl) {
      Value sourceStride =
          getValueOrCreateConstantIndexOp(nb, nl, ctx.sourceStride);
      vectorPath(
          streaming,
          [&, sourceStride](OpBuilder &lb, Location ll, Value sourceStart,
                            Value j) -> Value {
            Value next = addScaled(lb, ll, sourceStart, j, sourceStride);
            SmallVector<Value> elements;
            for (int64_t lane = 0; lane < ctx.lanes; ++lane) {
              if (lane)
                next = lb.createOrFold<arith::AddIOp>(ll, next, sourceStride);
              elements.push_back(
                  memref::LoadOp::create(lb, ll, ctx.source, next));
            }
            return vector::FromElementsOp::create(lb, ll, vectorType, elements);
          })(nb, nl);
    };
  };
  // A small stride k: k contiguous vectors loaded and their every k-th
  // lane put together by k - 1 two-vector shuffles (one vpermt2ps each
  // with AVX-512) rather than `lanes` scalar loads and inserts. The loads
  // read up to k - 1 elements past the last one they use, so the vector
  // loops leave the run's last element to the scalar loop.
  auto wide = [&](int64_t k, bool streaming) -> PathFn {
    return vectorPath(
        streaming,
        [&, k](OpBuilder &lb, Location ll, Value sourceStart,
               Value j) -> Value {
          return loadEveryKth(
              lb, ll, ctx, vectorType,
              addScaled(lb, ll, sourceStart, j, lb.getIndexAttr(k)), k);
        },
        /*reserveLast=*/true);
  };
  // Any other stride: shuffles for 2 to kMaxWideStride (a switch when the
  // stride is known only at run time), scalar loads beyond.
  auto gather = [&](bool streaming) -> PathFn {
    return [&, streaming](OpBuilder &nb, Location nl) {
      std::optional<int64_t> known = getConstantIntValue(ctx.sourceStride);
      if (known)
        return *known >= 2 && *known <= kMaxWideStride
                   ? wide(*known, streaming)(nb, nl)
                   : strided(streaming)(nb, nl);
      SmallVector<int64_t> cases =
          llvm::to_vector(llvm::seq<int64_t>(2, kMaxWideStride + 1));
      auto select = scf::IndexSwitchOp::create(nb, nl, TypeRange{},
                                               cast<Value>(ctx.sourceStride),
                                               cases, cases.size());
      auto fill = [&](Region &region, const PathFn &emit) {
        OpBuilder::InsertionGuard guard(nb);
        nb.setInsertionPointToStart(&region.emplaceBlock());
        emit(nb, nl);
        scf::YieldOp::create(nb, nl);
      };
      for (auto [k, region] : llvm::zip(cases, select.getCaseRegions()))
        fill(region, wide(k, streaming));
      fill(select.getDefaultRegion(), strided(streaming));
    };
  };

  // Each path with non-temporal stores or without, as `nontemporal` says.
  auto streamingOrNot = [&](std::function<PathFn(bool)> path) -> PathFn {
    return [&, path](OpBuilder &nb, Location nl) {
      emitIf(nb, nl, nontemporal, path(true), path(false));
    };
  };
  // A gather's time is that of reading its input (every cache line, for a
  // half to a seventh of its bytes). On one thread, streaming its stores
  // slowed those reads down (x[:, ::2] of 512 MiB: 30.5 ms against 26.0 ms
  // with ordinary stores); on two, which share the memory bandwidth, the
  // read for ownership the streaming stores save is worth more (12.9 GB/s
  // against 9.3). Measured on the machine of docs/performance.md.
  // On one thread, whole vectors and shuffles win while the source is in
  // the caches (x[:, ::2] of 1 MiB: 18-21 us against 37-42 with scalar
  // loads) and lose when it comes from memory (512 MiB: a median of 29.4-32.7
  // ms against 26.6-28.7, interleaved; 64 MiB: 3.8-5.4 against 3.5-4.6), so
  // they stop where the bytes the copy touches reach three quarters of the
  // machine's last-level cache.
  PathFn anyGather =
      ctx.parallel ? streamingOrNot(gather)
      : !mayLoadWide(ctx.sourceStride)
          ? strided(/*streaming=*/false)
          : PathFn([&](OpBuilder &nb, Location nl) {
              emitIf(nb, nl, ctx.pastCache, strided(/*streaming=*/false),
                     gather(/*streaming=*/false));
            });
  OpFoldResult isOne =
      ArithIndexBuilder(b, loc).equal(ctx.sourceStride, b.getIndexAttr(1));
  emitIf(b, loc, isOne, streamingOrNot(contiguous),
         [&](OpBuilder &nb, Location nl) {
           emitIf(nb, nl,
                  ArithIndexBuilder(nb, nl).equal(ctx.sourceStride,
                                                  nb.getIndexAttr(-1)),
                  streamingOrNot(reversed), anyGather);
         });
}

/// The largest target stride (in elements, either sign) whose runs store a
/// loaded vector lane by lane rather than element by element.
static constexpr int64_t kMaxScatterStride = 4;

/// Copies the runs of `nest`, whose target is strided (neither 1 nor -1), from
/// a source of stride 1 or -1: for a target stride up to kMaxScatterStride,
/// vectors loaded (and reversed for -1) as into a contiguous target, their
/// lanes stored one by one; otherwise, and for any other source stride, element
/// by element.
static void emitStridedTargetRun(OpBuilder &b, Location loc,
                                 const RunContext &ctx, RunNestFn nest) {
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
  // while a vector's lanes land in a few cache lines (y[:, ::2] = v, 64 MiB:
  // 3.7 ms against 5.5 ms) and loses beyond (y[::7] = v: 3.3 ms against
  // 2.4 ms), on the machine of docs/performance.md.
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

/// Copies the runs of `nest`, choosing their loops from the strides (at
/// run time for strides known only then) and `nontemporal`, once for all
/// of them (see `RunNestFn`). A reversed target (stride
/// -1) is walked from its other end, which makes it contiguous and negates
/// the source stride: `y[::-1] = v` loads vectors of `v` and reverses them
/// before the store, and a reversed source into a reversed target is one
/// contiguous copy.
static void emitRun(OpBuilder &b, Location loc, const RunContext &ctx,
                    RunNestFn nest, OpFoldResult nontemporal) {
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

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

/// Whether every dimension of `dims` is contiguous with the next inner one
/// in both memrefs (known now or at run time). `flattenDims` has merged
/// the dimensions known to be, so this is false when everything is static.
static OpFoldResult wholeCopyIsOneRun(OpBuilder &b, Location loc,
                                      ArrayRef<CopyDim> dims) {
  if (dims.size() < 2)
    return b.getBoolAttr(false);
  Value all;
  for (auto [outer, inner] : llvm::zip(dims.drop_back(), dims.drop_front())) {
    for (auto [outerStride, innerStride] :
         {std::make_pair(outer.sourceStride, inner.sourceStride),
          std::make_pair(outer.targetStride, inner.targetStride)}) {
      OpFoldResult span =
          ArithIndexBuilder(b, loc).mul(innerStride, inner.size);
      std::optional<int64_t> knownOuter = getConstantIntValue(outerStride);
      std::optional<int64_t> knownSpan = getConstantIntValue(span);
      if (knownOuter && knownSpan) {
        if (*knownOuter != *knownSpan)
          return b.getBoolAttr(false);
        continue;
      }
      Value equal = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          getValueOrCreateConstantIndexOp(b, loc, outerStride),
          getValueOrCreateConstantIndexOp(b, loc, span));
      all = all ? arith::AndIOp::create(b, loc, all, equal).getResult() : equal;
    }
  }
  if (!all)
    return b.getBoolAttr(true);
  return all;
}

/// The bytes the copy moves, folded when known.
static OpFoldResult copyBytes(OpBuilder &b, Location loc,
                              ArrayRef<CopyDim> dims, int64_t elementBytes) {
  OpFoldResult bytes = b.getIndexAttr(elementBytes);
  for (const CopyDim &dim : dims)
    bytes = ArithIndexBuilder(b, loc).mul(bytes, dim.size);
  return bytes;
}

/// Whether `bytes` is at least `threshold` (known now or at run time).
static OpFoldResult atLeast(OpBuilder &b, Location loc, OpFoldResult bytes,
                            OpFoldResult threshold) {
  std::optional<int64_t> known = getConstantIntValue(bytes);
  std::optional<int64_t> knownThreshold = getConstantIntValue(threshold);
  if (known && knownThreshold)
    return b.getBoolAttr(*known >= *knownThreshold);
  return arith::CmpIOp::create(
             b, loc, arith::CmpIPredicate::sge,
             getValueOrCreateConstantIndexOp(b, loc, bytes),
             getValueOrCreateConstantIndexOp(b, loc, threshold))
      .getResult();
}

/// Whether the copy moves at least `threshold` bytes (known now or at run
/// time); never for a negative threshold or an element type without a
/// vector form (`elementBytes` 0).
static OpFoldResult atLeastBytes(OpBuilder &b, Location loc,
                                 ArrayRef<CopyDim> dims, int64_t elementBytes,
                                 int64_t threshold) {
  if (threshold < 0 || elementBytes == 0)
    return b.getBoolAttr(false);
  return atLeast(b, loc, copyBytes(b, loc, dims, elementBytes),
                 b.getIndexAttr(threshold));
}

/// Copies below this size never look the machine's thresholds up: no cache
/// is that small, and they skip the call.
static constexpr int64_t kMinMachineThresholdBytes = 1 << 20;

namespace {
/// The thresholds a copy takes from the machine it runs on.
struct MachineThresholds {
  /// Copies of this many bytes or more store non-temporally: a quarter of
  /// the last-level cache, where glibc's memcpy switches (its tunable
  /// glibc.cpu.x86_non_temporal_threshold reads 127 MiB beside a 508 MiB
  /// L3 on an AMD EPYC).
  OpFoldResult nontemporal;
  /// A gather that touches this many bytes or more comes from memory and
  /// loads scalars rather than shuffling whole vectors: three quarters of
  /// the last-level cache, where the two cross over on the machine of
  /// docs/performance.md (x[:, ::2] at about 24 MiB touched beside a 32 MiB
  /// L3; docs/lowering.md).
  OpFoldResult pastCache;
};
} // namespace

/// The machine's thresholds, each at least 1 MiB, for comparisons with at
/// most `largest` bytes: looked up (at run time, by the function that
/// emitLastLevelCacheBytes adds to the module of `op`) only where `largest`
/// is 1 MiB or more, a threshold no copy reaches otherwise. Where the module
/// cannot hold that function, the fallback cache size. Only the thresholds
/// asked for (`nontemporal`, `pastCache`) are computed; the others are null.
static MachineThresholds
machineThresholdsFor(OpBuilder &b, Location loc, Operation *op,
                     OpFoldResult largest, bool nontemporal, bool pastCache) {
  int64_t never = std::numeric_limits<int64_t>::max();
  OpFoldResult big =
      atLeast(b, loc, largest, b.getIndexAttr(kMinMachineThresholdBytes));
  std::optional<bool> knownBig = getConstantBool(big);
  if (knownBig == false)
    return {nontemporal ? b.getIndexAttr(never) : OpFoldResult(),
            pastCache ? b.getIndexAttr(never) : OpFoldResult()};
  auto lookup = [&](OpBuilder &nb, Location nl) -> Value {
    auto module = op->getParentOfType<ModuleOp>();
    Value cache = module ? emitLastLevelCacheBytes(nb, nl, module) : Value();
    return cache ? cache
                 : arith::ConstantIndexOp::create(nb, nl,
                                                  kFallbackLastLevelCacheBytes)
                       .getResult();
  };
  // The cache size, or (copies below 1 MiB) a size no copy reaches.
  Value cache = knownBig == true
                    ? lookup(b, loc)
                    : scf::IfOp::create(
                          b, loc, cast<Value>(big),
                          [&](OpBuilder &nb, Location nl) {
                            scf::YieldOp::create(nb, nl, lookup(nb, nl));
                          },
                          [&](OpBuilder &nb, Location nl) {
                            scf::YieldOp::create(
                                nb, nl,
                                arith::ConstantIndexOp::create(nb, nl, never)
                                    .getResult());
                          })
                          .getResult(0);
  ArithIndexBuilder arith(b, loc);
  OpFoldResult quarter = arith.divTrunc(cache, b.getIndexAttr(4));
  OpFoldResult atLeastMin = b.getIndexAttr(kMinMachineThresholdBytes);
  MachineThresholds thresholds;
  if (nontemporal)
    thresholds.nontemporal = arith.max(quarter, atLeastMin);
  if (pastCache)
    thresholds.pastCache =
        arith.max(arith.mul(quarter, b.getIndexAttr(3)), atLeastMin);
  return thresholds;
}

LogicalResult
mlir::slice::checkCopyLoweringOptions(const CopyLoweringOptions &options,
                                      std::string &reason) {
  if (options.nontemporalBytes < kNontemporalFromMachine) {
    reason = ("nontemporal-bytes must be a size, -1 (never) or -2 (the "
              "machine's threshold), got " +
              Twine(options.nontemporalBytes))
                 .str();
    return failure();
  }
  if (options.vectorBytes >= 16 && llvm::isPowerOf2_64(options.vectorBytes) &&
      options.unroll >= 1)
    return success();
  reason = ("vector-bytes must be a power of two of at least 16 and unroll "
            "at least 1, got vector-bytes=" +
            Twine(options.vectorBytes) + " unroll=" + Twine(options.unroll))
               .str();
  return failure();
}

LogicalResult
mlir::slice::lowerCopyToRunLoops(RewriterBase &rewriter, Operation *op,
                                 Value source, Value target,
                                 const CopyLoweringOptions &options) {
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  auto targetType = dyn_cast<MemRefType>(target.getType());
  if (!sourceType || !targetType)
    return rewriter.notifyMatchFailure(op, "unranked memref");
  if (!sourceType.isStrided() || !targetType.isStrided())
    return rewriter.notifyMatchFailure(op, "non-strided layout");
  std::string reason;
  if (failed(checkCopyLoweringOptions(options, reason)))
    return rewriter.notifyMatchFailure(op, reason);

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  FailureOr<FlatCopy> copy = flattenCopy(rewriter, loc, source, target);
  if (failed(copy))
    return rewriter.notifyMatchFailure(op, "non-strided layout");
  if (copy->empty) {
    rewriter.eraseOp(op);
    return success();
  }
  ArrayRef<CopyDim> dims = copy->dims;

  Type elementType = sourceType.getElementType();
  RunContext ctx;
  ctx.source = flatView(rewriter, loc, copy->source);
  ctx.target = flatView(rewriter, loc, copy->target);
  ctx.elementBytes = vectorElementBytes(elementType);
  if (ctx.elementBytes > options.vectorBytes / 2)
    ctx.elementBytes = 0;
  ctx.lanes = ctx.elementBytes ? options.vectorBytes / ctx.elementBytes : 1;
  ctx.unroll = options.unroll;
  DataLayout layout = DataLayout::closest(op);
  unsigned indexBits = layout.getTypeSizeInBits(rewriter.getIndexType());
  if (indexBits ==
      layout.getTypeSizeInBits(LLVM::LLVMPointerType::get(op->getContext())))
    ctx.pointerIndexBits = indexBits;
  Value sourceOffset =
      getValueOrCreateConstantIndexOp(rewriter, loc, copy->source.offset);
  Value targetOffset =
      getValueOrCreateConstantIndexOp(rewriter, loc, copy->target.offset);

  if (dims.empty()) {
    // Every dimension has size 1: one element.
    Value element =
        memref::LoadOp::create(rewriter, loc, ctx.source, sourceOffset);
    memref::StoreOp::create(rewriter, loc, element, ctx.target, targetOffset);
    rewriter.eraseOp(op);
    return success();
  }

  // Non-temporal stores from the copy's bytes on, by default the machine's
  // threshold. Whether a gather's source comes from memory rather than
  // the caches is a matter of the bytes it touches: those it writes and
  // the span it reads, |stride| times as many; that is asked of the
  // machine only for a copy that may gather with shuffles, in either
  // direction (a reversed target negates the source stride). The machine
  // is asked once for both.
  OpFoldResult bytes = copyBytes(rewriter, loc, dims, ctx.elementBytes);
  OpFoldResult innerStride = dims.back().sourceStride;
  ArithIndexBuilder arith(rewriter, loc);
  OpFoldResult negated = arith.sub(rewriter.getIndexAttr(0), innerStride);
  OpFoldResult touched;
  if (ctx.elementBytes != 0 &&
      (mayLoadWide(innerStride) || mayLoadWide(negated))) {
    OpFoldResult strideMagnitude = arith.min(
        arith.max(innerStride, negated), rewriter.getIndexAttr(kMaxWideStride));
    touched =
        arith.mul(bytes, arith.add(strideMagnitude, rewriter.getIndexAttr(1)));
  }
  bool fromMachine = options.nontemporalBytes == kNontemporalFromMachine &&
                     ctx.elementBytes != 0;
  MachineThresholds machine;
  if (fromMachine || touched)
    machine = machineThresholdsFor(rewriter, loc, op, touched ? touched : bytes,
                                   fromMachine,
                                   /*pastCache=*/bool(touched));
  OpFoldResult nontemporal =
      fromMachine ? atLeast(rewriter, loc, bytes, machine.nontemporal)
      : options.nontemporalBytes < 0 || ctx.elementBytes == 0
          ? OpFoldResult(rewriter.getBoolAttr(false))
          : atLeast(rewriter, loc, bytes,
                    rewriter.getIndexAttr(options.nontemporalBytes));
  ctx.pastCache = touched ? atLeast(rewriter, loc, touched, machine.pastCache)
                          : OpFoldResult(rewriter.getBoolAttr(false));
  ctx.size = dims.back().size;
  ctx.sourceStride = dims.back().sourceStride;
  ctx.targetStride = dims.back().targetStride;

  // Non-temporal stores are weakly ordered: fence them before the buffer is
  // handed on. LLVM's seq_cst fence is a locked instruction or mfence on
  // x86, either of which drains the write-combining buffers. Threads of a
  // parallel copy need no fence of their own: the barrier that ends the
  // parallel loop is made of locked instructions too.
  auto fenceNontemporal = [&](OpBuilder &b, Location l) {
    emitIf(
        b, l, nontemporal,
        [](OpBuilder &nb, Location nl) {
          LLVM::FenceOp::create(nb, nl, LLVM::AtomicOrdering::seq_cst);
        },
        [](OpBuilder &, Location) {});
  };

  // The outer dimensions as a loop nest around the runs; with `parallel`,
  // the outermost loop is an scf.parallel.
  std::function<void(OpBuilder &, Location, size_t, Value, Value, bool,
                     RunBodyFn)>
      emitDims = [&](OpBuilder &b, Location l, size_t dim, Value sourceStart,
                     Value targetStart, bool parallel, RunBodyFn run) {
        if (dim + 1 == dims.size())
          return run(b, l, sourceStart, targetStart);
        const CopyDim &outer = dims[dim];
        Value sourceStride =
            getValueOrCreateConstantIndexOp(b, l, outer.sourceStride);
        Value targetStride =
            getValueOrCreateConstantIndexOp(b, l, outer.targetStride);
        auto body = [&](OpBuilder &nb, Location nl, Value i) {
          emitDims(nb, nl, dim + 1,
                   addScaled(nb, nl, sourceStart, i, sourceStride),
                   addScaled(nb, nl, targetStart, i, targetStride),
                   /*parallel=*/false, run);
        };
        Value zero = arith::ConstantIndexOp::create(b, l, 0),
              one = arith::ConstantIndexOp::create(b, l, 1);
        Value size = getValueOrCreateConstantIndexOp(b, l, outer.size);
        if (!parallel)
          return emitFor(b, l, zero, size, one, body);
        scf::ParallelOp::create(
            b, l, zero, size, one,
            [&](OpBuilder &nb, Location nl, ValueRange ivs) {
              body(nb, nl, ivs.front());
            });
      };

  // One run: with `parallel`, cut into chunks copied in parallel.
  auto emitSingleRun = [&](OpBuilder &b, Location l, bool parallel) {
    RunContext single = ctx;
    single.wholeCopy = true;
    single.parallel = parallel;
    single.size = b.getIndexAttr(1);
    for (const CopyDim &dim : dims)
      single.size = ArithIndexBuilder(b, l).mul(single.size, dim.size);
    if (!parallel)
      return emitRun(
          b, l, single,
          [&](OpBuilder &rb, Location rl, RunBodyFn run) {
            run(rb, rl, sourceOffset, targetOffset);
          },
          nontemporal);
    int64_t chunk = std::max<int64_t>(
        1, kParallelChunkBytes / std::max<int64_t>(1, ctx.elementBytes));
    Value size = getValueOrCreateConstantIndexOp(b, l, single.size);
    Value chunkSize = arith::ConstantIndexOp::create(b, l, chunk);
    Value zero = arith::ConstantIndexOp::create(b, l, 0);
    scf::ParallelOp::create(
        b, l, zero, size, chunkSize,
        [&](OpBuilder &nb, Location nl, ValueRange ivs) {
          Value start = ivs.front();
          RunContext piece = single;
          piece.size = OpFoldResult(arith::MinSIOp::create(
              nb, nl, chunkSize, arith::SubIOp::create(nb, nl, size, start)));
          Value sourceStart =
              addScaled(nb, nl, sourceOffset, start, ctx.sourceStride);
          Value targetStart =
              addScaled(nb, nl, targetOffset, start, ctx.targetStride);
          emitRun(
              nb, nl, piece,
              [&](OpBuilder &rb, Location rl, RunBodyFn run) {
                run(rb, rl, sourceStart, targetStart);
              },
              nontemporal);
        });
  };

  // Dimensions that may be contiguous in both memrefs but are not known to
  // be (dynamic layouts, e.g. function arguments) are checked at run time:
  // when the whole copy is one run, it is copied as one.
  OpFoldResult wholeRun = wholeCopyIsOneRun(rewriter, loc, dims);
  auto emitCopy = [&](OpBuilder &b, Location l, bool parallel) {
    if (dims.size() == 1)
      return emitSingleRun(b, l, parallel);
    emitIf(
        b, l, wholeRun,
        [&](OpBuilder &nb, Location nl) { emitSingleRun(nb, nl, parallel); },
        [&](OpBuilder &nb, Location nl) {
          RunContext runs = ctx;
          runs.parallel = parallel;
          emitRun(
              nb, nl, runs,
              [&](OpBuilder &rb, Location rl, RunBodyFn run) {
                emitDims(rb, rl, 0, sourceOffset, targetOffset, parallel, run);
              },
              nontemporal);
        });
  };
  emitIf(
      rewriter, loc,
      atLeastBytes(rewriter, loc, dims, ctx.elementBytes,
                   options.parallelBytes),
      [&](OpBuilder &b, Location l) { emitCopy(b, l, /*parallel=*/true); },
      [&](OpBuilder &b, Location l) { emitCopy(b, l, /*parallel=*/false); });

  fenceNontemporal(rewriter, loc);
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// Patterns and pass
//===----------------------------------------------------------------------===//

/// The options for a copy into `target`: no non-temporal stores into a
/// buffer allocated just before. Its pages are faulted in (and zeroed) by
/// the copy itself, and streaming stores into freshly zeroed pages measured
/// 25% slower than cached ones.
static CopyLoweringOptions optionsForTarget(Value target,
                                            CopyLoweringOptions options) {
  if (isFreshAllocation(target))
    options.nontemporalBytes = kNontemporalNever;
  return options;
}

/// Rewrites a copy by `classifyCopy`, lowering it with `lower`.
static LogicalResult
rewriteCopy(RewriterBase &rewriter, Operation *op, Value source, Value target,
            llvm::function_ref<LogicalResult(RewriterBase &)> lower) {
  switch (classifyCopy(source, target)) {
  case CopyAction::Leave:
    return rewriter.notifyMatchFailure(op, "unranked or non-strided memref");
  case CopyAction::Erase:
    rewriter.eraseOp(op);
    return success();
  case CopyAction::Memcpy:
    if (isa<memref::CopyOp>(op))
      return rewriter.notifyMatchFailure(op, "already a memcpy");
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<memref::CopyOp>(op, source, target);
    return success();
  case CopyAction::Lower:
    return lower(rewriter);
  }
  llvm_unreachable("unknown copy action");
}

/// Lowers the copy `op` in place (memref.copy, and linalg.copy on buffers,
/// which linalg-to-loops would turn into scalar loops): `classifyCopy`,
/// then the run loops.
static LogicalResult lowerCopyInPlace(RewriterBase &rewriter, Operation *op,
                                      Value source, Value target,
                                      const CopyLoweringOptions &options) {
  return rewriteCopy(rewriter, op, source, target, [&](RewriterBase &r) {
    return lowerCopyToRunLoops(r, op, source, target,
                               optionsForTarget(target, options));
  });
}

namespace {
struct SliceLowerCopiesPass
    : mlir::slice::impl::SliceLowerCopiesBase<SliceLowerCopiesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // The copy functions are cleaned up with the canonicalization patterns
    // of the dialects the lowering emits.
    // (Folders run whatever the patterns.)
    RewritePatternSet patterns(context);
    SmallVector<Dialect *> dialects;
    for (StringRef name : {arith::ArithDialect::getDialectNamespace(),
                           LLVM::LLVMDialect::getDialectNamespace(),
                           memref::MemRefDialect::getDialectNamespace(),
                           scf::SCFDialect::getDialectNamespace(),
                           vector::VectorDialect::getDialectNamespace()}) {
      // Loaded: they are the pass's dependent dialects.
      Dialect *dialect = context->getLoadedDialect(name);
      if (!dialect)
        continue;
      dialect->getCanonicalizationPatterns(patterns);
      dialects.push_back(dialect);
    }
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (llvm::is_contained(dialects, &op.getDialect()))
        op.getCanonicalizationPatterns(patterns, context);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    CopyLoweringOptions options;
    options.vectorBytes = vectorBytes;
    options.unroll = unroll;
    options.nontemporalBytes = nontemporalBytes;
    options.parallelBytes = parallelBytes;
    ModuleOp module = getOperation();
    std::string reason;
    if (failed(checkCopyLoweringOptions(options, reason))) {
      module.emitError() << "slice-lower-copies: " << reason;
      return signalPassFailure();
    }

    if (!outline) {
      RewritePatternSet patterns(&getContext());
      populateSliceCopyLoweringPatterns(patterns, options);
      walkAndApplyPatterns(module, std::move(patterns));
      return;
    }

    SmallVector<std::pair<Operation *, BufferCopy>> copies;
    module.walk([&](Operation *op) {
      if (std::optional<BufferCopy> copy = getBufferCopy(op))
        copies.push_back({op, *copy});
    });
    // A module without copies is left as it was: nothing to verify again.
    if (copies.empty())
      return markAllAnalysesPreserved();

    // Each pair of memref types gets one copy function, called by every
    // copy between them: a module with many dynamic copies compiles one
    // set of run loops, not one per copy. Copies into a buffer allocated
    // just before get their own (optionsForTarget).
    SymbolTable symbols(module);
    DenseMap<std::tuple<Type, Type, unsigned>, func::FuncOp> copyFunctions;
    IRRewriter rewriter(&getContext());
    for (const auto &[copyOp, copy] : copies) {
      Operation *op = copyOp;
      Value source = copy.source, target = copy.target;
      (void)rewriteCopy(rewriter, op, source, target, [&](RewriterBase &r) {
        bool fresh = isFreshAllocation(target);
        func::FuncOp &callee = copyFunctions[{
            source.getType(), target.getType(), unsigned(fresh)}];
        if (!callee) {
          callee = buildCopyFunction(r, op->getLoc(),
                                     cast<MemRefType>(source.getType()),
                                     cast<MemRefType>(target.getType()),
                                     optionsForTarget(target, options));
          symbols.insert(callee);
        }
        r.setInsertionPoint(op);
        r.replaceOpWithNewOp<func::CallOp>(op, callee,
                                           ValueRange{source, target});
        return success();
      });
    }
  }

  /// Builds `func.func private @__slice_copy(%source, %target)` holding the
  /// run loops of a copy between the two types, at the end of the module.
  func::FuncOp buildCopyFunction(RewriterBase &rewriter, Location loc,
                                 MemRefType sourceType, MemRefType targetType,
                                 const CopyLoweringOptions &options) {
    ModuleOp module = getOperation();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(module.getBody());
    auto function = func::FuncOp::create(
        rewriter, loc, "__slice_copy",
        rewriter.getFunctionType({sourceType, targetType}, {}));
    function.setPrivate();
    // Internal linkage: modules compiled apart link without clashes.
    function->setAttr(
        "llvm.linkage",
        LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal));
    Block *entry = function.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);
    auto copy = memref::CopyOp::create(rewriter, loc, entry->getArgument(0),
                                       entry->getArgument(1));
    func::ReturnOp::create(rewriter, loc);
    // The types are ranked and strided, which is all the lowering needs.
    (void)lowerCopyToRunLoops(rewriter, copy, copy.getSource(),
                              copy.getTarget(), options);
    // The lowering materializes every constant it might need and folds
    // little: clean the function up now, since later passes of the
    // pipeline do not canonicalize.
    (void)applyPatternsGreedily(function, canonicalization);
    return function;
  }

  /// The canonicalization patterns of the emitted dialects (initialize).
  FrozenRewritePatternSet canonicalization;
};
} // namespace

void mlir::slice::populateSliceCopyLoweringPatterns(
    RewritePatternSet &patterns, const CopyLoweringOptions &options) {
  patterns.add<BufferCopyPattern<memref::CopyOp, CopyLoweringOptions>,
               BufferCopyPattern<linalg::CopyOp, CopyLoweringOptions>>(
      patterns.getContext(), options, lowerCopyInPlace);
}
