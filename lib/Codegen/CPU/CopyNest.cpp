//===- CopyNest.cpp - A copy as loops around its runs ---------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `lowerCopyToRunLoops` (CopyLowering.h): the copy is flattened first, both
// memrefs becoming 1-D views of their base buffers and every access
// `offset + sum(index * stride)`, so negative strides need no special
// layout. Dimensions of size 1 go, and neighbours that are contiguous in
// both memrefs merge, so that `x[a:b, :]` is one run and `x[::-1, :]` one
// run per row. The outer dimensions become loops (the outermost parallel
// for large copies) around the runs, whose loops CopyRuns.cpp emits; the
// thresholds come from the options or the machine the copy runs on.
//
//===----------------------------------------------------------------------===//

#include "../Utils/StridedMemRef.h"
#include "CopyRuns.h"
#include "MachineCache.h"
#include "Slice/Codegen/CopyLowering.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

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
  /// the last-level cache, where glibc's memcpy switches.
  OpFoldResult nontemporal;
  /// A gather that touches this many bytes or more comes from memory and
  /// loads scalars rather than shuffling whole vectors: three quarters of
  /// the last-level cache, where the two cross over (docs/lowering.md).
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
  FailureOr<FlatCopy> copy = flattenCopyAt(rewriter, op, source, target);
  if (failed(copy) || copy->empty)
    return success(succeeded(copy));
  Location loc = op->getLoc();
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
    int64_t elementBytes = std::max<int64_t>(1, ctx.elementBytes);
    ArithIndexBuilder arith(b, l);
    OpFoldResult chunk = arith.min(
        arith.max(
            arith.divTrunc(arith.add(single.size,
                                     arith.constant(kParallelChunkPieces - 1)),
                           arith.constant(kParallelChunkPieces)),
            arith.constant(
                std::max<int64_t>(1, kMinParallelChunkBytes / elementBytes))),
        arith.constant(
            std::max<int64_t>(1, kMaxParallelChunkBytes / elementBytes)));
    Value size = getValueOrCreateConstantIndexOp(b, l, single.size);
    Value chunkSize = arith.materialize(chunk);
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
