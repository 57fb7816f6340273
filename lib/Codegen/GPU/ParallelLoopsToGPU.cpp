//===- ParallelLoopsToGPU.cpp - Element-wise loops as GPU kernels --------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-parallel-loops-to-gpu`: the parallel loops of element-wise ops
// mapped as the copy kernels are (CopiesToGPU.cpp): a 1-D grid of blocks of
// `block-size` threads over the row-major iteration space, so that
// consecutive threads take consecutive innermost iterations. A thread takes
// one iteration, or, where the body allows it and the innermost trip count
// is a multiple of the vector's lanes, `lanes` consecutive ones with the
// body's ops on vectors: each memref it reads or writes is accessed by one
// vector (reversed by a shuffle for a stride of -1) where its layout puts
// the lanes on a vector boundary, element by element elsewhere.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Lanes.h"
#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"
#include "ThreadGrid.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPARALLELLOOPSTOGPU
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

/// Whether `loop` is one this pass maps: no mapping yet, no reductions, and
/// not nested in another parallel loop or a launch.
static bool isUnmappedElementwiseLoop(scf::ParallelOp loop) {
  return !loop->hasAttr(gpu::getMappingAttrName()) &&
         loop.getInitVals().empty() &&
         !loop->getParentOfType<scf::ParallelOp>() &&
         !loop->getParentOfType<gpu::LaunchOp>();
}

namespace {
/// A memref that the loop body reads or writes at exactly the loop's
/// induction variables, as a vector kernel accesses it: a 1-D view of its
/// buffer, the position of its element 0 and its strides, and where its
/// runs of lanes lie (decided on the host, uniform over the kernel).
struct LaneMemRef {
  Value flat;
  Value offset;
  SmallVector<OpFoldResult> strides;
  int64_t alignment = 0;
  OpFoldResult vector, reverse;
};

/// The loop's iteration space and what a thread of either kernel needs.
struct ElementwiseLoop {
  scf::ParallelOp loop;
  SmallVector<Value> counts;
  /// Lanes per thread for the vector kernel (1: no vector kernel).
  int64_t lanes = 1;
  llvm::MapVector<Value, LaneMemRef> memrefs;
};
} // namespace

/// Whether `indices` are exactly the induction variables of `loop`, in
/// order.
static bool isIdentityAccess(scf::ParallelOp loop, ValueRange indices) {
  return llvm::equal(indices, loop.getInductionVars());
}

/// The lanes a thread can take of `loop`'s innermost dimension with vector
/// ops: `vectorBytes` over the widest element it loads or stores, or 1 when
/// the body is not a sequence of identity loads and stores and element-wise
/// ops on scalars (the loops of element-wise linalg ops after
/// --convert-linalg-to-parallel-loops).
static int64_t getVectorLanes(scf::ParallelOp loop, int64_t vectorBytes) {
  if (!llvm::all_of(loop.getLowerBound(), isZeroInteger) ||
      !llvm::all_of(loop.getStep(), isOneInteger))
    return 1;
  auto isScalar = [](Type type) { return type.isIntOrIndexOrFloat(); };
  int64_t widest = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    Value memref;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (!isIdentityAccess(loop, load.getIndices()))
        return 1;
      memref = load.getMemRef();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!isIdentityAccess(loop, store.getIndices()) ||
          llvm::is_contained(loop.getInductionVars(), store.getValue()))
        return 1;
      memref = store.getMemRef();
    } else {
      // Element-wise ops on scalars that an iteration variable does not
      // feed directly: each becomes one op on vectors.
      if (op.getNumRegions() || !isMemoryEffectFree(&op) ||
          !op.hasTrait<OpTrait::Elementwise>() ||
          !op.hasTrait<OpTrait::Vectorizable>() ||
          !llvm::all_of(op.getOperandTypes(), isScalar) ||
          !llvm::all_of(op.getResultTypes(), isScalar) ||
          llvm::any_of(op.getOperands(), [&](Value operand) {
            return llvm::is_contained(loop.getInductionVars(), operand);
          }))
        return 1;
      continue;
    }
    auto type = cast<MemRefType>(memref.getType());
    int64_t bytes = vectorElementBytes(type.getElementType());
    if (!bytes || !type.isStrided() ||
        llvm::is_contained(loop.getInductionVars(), memref))
      return 1;
    widest = std::max(widest, bytes);
  }
  return widest && widest < vectorBytes ? vectorBytes / widest : 1;
}

/// The flat view, metadata and lane layouts of every memref `loop`
/// accesses, computed before it; fails for a layout that is not strided.
static LogicalResult prepareMemRefs(OpBuilder &b, Location loc,
                                    ElementwiseLoop &info) {
  for (Operation &op : info.loop.getBody()->without_terminator()) {
    Value memref;
    if (auto load = dyn_cast<memref::LoadOp>(op))
      memref = load.getMemRef();
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      memref = store.getMemRef();
    else
      continue;
    if (info.memrefs.contains(memref))
      continue;
    FailureOr<StridedMetadata> metadata = getStridedMetadata(b, loc, memref);
    if (failed(metadata))
      return failure();
    LaneMemRef lanes;
    lanes.flat = flatView(b, loc, *metadata);
    lanes.offset = getValueOrCreateConstantIndexOp(b, loc, metadata->offset);
    lanes.strides = metadata->strides;
    lanes.alignment =
        info.lanes *
        vectorElementBytes(cast<MemRefType>(memref.getType()).getElementType());
    OpFoldResult buffer = isAlignedBuffer(
        b, loc, lanes.flat, isFreshAllocation(memref), lanes.alignment);
    ArithIndexBuilder arith(b, loc);
    lanes.vector = arith.logicalAnd(
        buffer, lanesHaveLayout(b, loc, metadata->offset, lanes.strides,
                                info.lanes, LaneLayout::Vector));
    lanes.reverse = arith.logicalAnd(
        buffer, lanesHaveLayout(b, loc, metadata->offset, lanes.strides,
                                info.lanes, LaneLayout::Reverse));
    info.memrefs.insert({memref, lanes});
  }
  return success();
}

/// The row-major multi-index of `element` in the iteration space.
static SmallVector<Value> delinearize(OpBuilder &b, Location loc,
                                      ArrayRef<Value> counts, Value element) {
  SmallVector<Value> indices(counts.size());
  Value rest = element;
  for (int64_t d = (int64_t)counts.size() - 1; d >= 0; --d) {
    indices[d] = rest;
    if (d > 0) {
      indices[d] = b.createOrFold<arith::RemUIOp>(loc, rest, counts[d]);
      rest = b.createOrFold<arith::DivUIOp>(loc, rest, counts[d]);
    }
  }
  return indices;
}

/// `thenFn` or `elseFn`'s value, by `cond`: straight-line when `cond` is
/// known, an `scf.if` yielding it otherwise.
static Value selectValue(OpBuilder &b, Location loc, OpFoldResult cond,
                         function_ref<Value(OpBuilder &, Location)> thenFn,
                         function_ref<Value(OpBuilder &, Location)> elseFn) {
  if (std::optional<bool> known = getConstantBool(cond))
    return *known ? thenFn(b, loc) : elseFn(b, loc);
  // The result type comes from the yields.
  auto ifOp = scf::IfOp::create(
      b, loc, cast<Value>(cond),
      [&](OpBuilder &nb, Location nl) {
        scf::YieldOp::create(nb, nl, thenFn(nb, nl));
      },
      [&](OpBuilder &nb, Location nl) {
        scf::YieldOp::create(nb, nl, elseFn(nb, nl));
      });
  return ifOp.getResult(0);
}

/// The body of one thread of the vector kernel: `info.lanes` consecutive
/// iterations of the innermost dimension from chunk `chunk`, the body's
/// element-wise ops on vectors, values from outside the loop broadcast.
static void emitVectorChunk(OpBuilder &b, Location loc, ElementwiseLoop &info,
                            Value chunk) {
  Value element = b.createOrFold<arith::MulIOp>(
      loc, chunk, arith::ConstantIndexOp::create(b, loc, info.lanes));
  SmallVector<Value> indices = delinearize(b, loc, info.counts, element);
  // Each memref's position of the first lane.
  llvm::DenseMap<Value, Value> positions;
  for (const auto &[memref, lanes] : info.memrefs) {
    Value position = lanes.offset;
    for (auto [index, stride] : llvm::zip(indices, lanes.strides))
      position = b.createOrFold<arith::AddIOp>(
          loc, position,
          b.createOrFold<arith::MulIOp>(
              loc, index, getValueOrCreateConstantIndexOp(b, loc, stride)));
    positions[memref] = position;
  }

  // Loop-varying values as vectors; the others stay scalars, cloned.
  IRMapping scalars;
  llvm::DenseMap<Value, Value> vectors;
  auto vectorTypeOf = [&](Type scalar) {
    return VectorType::get({info.lanes}, scalar);
  };
  auto asVector = [&](Value value) -> Value {
    if (Value vector = vectors.lookup(value))
      return vector;
    return vector::BroadcastOp::create(b, loc, vectorTypeOf(value.getType()),
                                       scalars.lookupOrDefault(value));
  };
  // What an access needs: the memref's lanes, this thread's position in
  // it, its alignment and its innermost stride.
  struct LaneAccess {
    const LaneMemRef &lanes;
    Value position;
    llvm::MaybeAlign alignment;
    OpFoldResult stride;
  };
  auto accessOf = [&](Value memref) {
    const LaneMemRef &lanes = info.memrefs.find(memref)->second;
    return LaneAccess{lanes, positions.lookup(memref),
                      llvm::MaybeAlign(lanes.alignment), lanes.strides.back()};
  };
  for (Operation &op : info.loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      LaneAccess access = accessOf(load.getMemRef());
      VectorType type = vectorTypeOf(load.getType());
      auto read = [&](LaneLayout layout) {
        return [&, layout](OpBuilder &rb, Location rl) {
          return loadLanes(rb, rl, layout, access.lanes.flat, access.position,
                           access.stride, type, access.alignment);
        };
      };
      vectors[load.getResult()] =
          selectValue(b, loc, access.lanes.vector, read(LaneLayout::Vector),
                      [&](OpBuilder &rb, Location rl) {
                        return selectValue(rb, rl, access.lanes.reverse,
                                           read(LaneLayout::Reverse),
                                           read(LaneLayout::Strided));
                      });
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      LaneAccess access = accessOf(store.getMemRef());
      Value value = asVector(store.getValue());
      auto write = [&](LaneLayout layout) {
        return [&, layout](OpBuilder &wb, Location wl) {
          storeLanes(wb, wl, layout, value, access.lanes.flat, access.position,
                     access.stride, access.alignment);
        };
      };
      emitIf(b, loc, access.lanes.vector, write(LaneLayout::Vector),
             [&](OpBuilder &wb, Location wl) {
               emitIf(wb, wl, access.lanes.reverse, write(LaneLayout::Reverse),
                      write(LaneLayout::Strided));
             });
      continue;
    }
    bool varying = llvm::any_of(op.getOperands(), [&](Value operand) {
      return vectors.contains(operand);
    });
    if (!varying) {
      b.clone(op, scalars);
      continue;
    }
    OperationState state(op.getLoc(), op.getName());
    for (Value operand : op.getOperands())
      state.addOperands(asVector(operand));
    for (Type type : op.getResultTypes())
      state.addTypes(vectorTypeOf(type));
    state.addAttributes(op.getAttrs());
    Operation *vectorOp = b.create(state);
    for (auto [result, vector] :
         llvm::zip(op.getResults(), vectorOp->getResults()))
      vectors[result] = vector;
  }
}

/// The body of one thread of the scalar kernel: iteration `element`.
static void emitScalarIteration(OpBuilder &b, Location loc,
                                ElementwiseLoop &info, Value element) {
  scf::ParallelOp loop = info.loop;
  SmallVector<Value> indices = delinearize(b, loc, info.counts, element);
  IRMapping mapping;
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value iv = b.createOrFold<arith::AddIOp>(
        loc, loop.getLowerBound()[d],
        b.createOrFold<arith::MulIOp>(loc, index, loop.getStep()[d]));
    mapping.map(loop.getInductionVars()[d], iv);
  }
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
}

/// The loop's iteration space prepared on the host: its iterations, and
/// whether a thread takes a chunk of lanes (`wholeVectors`) or one.
struct PreparedLoop {
  ElementwiseLoop info;
  OpFoldResult total, wholeVectors;
  /// What the threads of a group's kernel take: chunks or iterations.
  Value items;
};

static PreparedLoop prepareLoop(OpBuilder &b, Location loc,
                                scf::ParallelOp loop, int64_t vectorBytes) {
  ArithIndexBuilder arith(b, loc);
  PreparedLoop prepared;
  ElementwiseLoop &info = prepared.info;
  info.loop = loop;
  OpFoldResult total = b.getIndexAttr(1);
  for (auto [lower, upper, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    OpFoldResult span = arith.max(arith.sub(upper, lower), arith.constant(0));
    OpFoldResult count = arith.divTrunc(
        arith.add(span, arith.sub(step, arith.constant(1))), step);
    info.counts.push_back(getValueOrCreateConstantIndexOp(b, loc, count));
    total = arith.mul(total, count);
  }
  info.lanes = getVectorLanes(loop, vectorBytes);
  if (info.lanes > 1 && failed(prepareMemRefs(b, loc, info)))
    info.lanes = 1;
  prepared.wholeVectors = b.getBoolAttr(false);
  if (info.lanes > 1)
    prepared.wholeVectors =
        isMultipleOf(b, loc, info.counts.back(), info.lanes);
  prepared.total = total;
  return prepared;
}

/// Replaces `loop` by the block/thread nest over its iteration space: the
/// vector kernel where the innermost trip count is a multiple of the lanes
/// (checked on the host), the scalar one otherwise.
static void mapToBlocksOfThreads(scf::ParallelOp loop, int64_t blockSize,
                                 int64_t vectorBytes) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  ArithIndexBuilder arith(b, loc);
  PreparedLoop prepared = prepareLoop(b, loc, loop, vectorBytes);
  ElementwiseLoop &info = prepared.info;
  // A grid of no blocks is a launch error: an empty loop launches nothing.
  OpFoldResult nonEmpty =
      arith.logicalNot(arith.equal(prepared.total, arith.constant(0)));
  if (getConstantBool(nonEmpty) == false) {
    loop.erase();
    return;
  }
  Value elements = getValueOrCreateConstantIndexOp(b, loc, prepared.total);
  auto scalarKernel = [&](OpBuilder &kb, Location kl) {
    emitBlocksOfThreads(kb, kl, elements, blockSize,
                        [&](OpBuilder &ib, Location il, Value element) {
                          emitScalarIteration(ib, il, info, element);
                        });
  };
  OpFoldResult wholeVectors = prepared.wholeVectors;
  auto vectorKernel = [&](OpBuilder &kb, Location kl) {
    Value chunks = kb.createOrFold<arith::DivUIOp>(
        kl, elements, arith::ConstantIndexOp::create(kb, kl, info.lanes));
    emitBlocksOfThreads(kb, kl, chunks, blockSize,
                        [&](OpBuilder &ib, Location il, Value chunk) {
                          emitVectorChunk(ib, il, info, chunk);
                        });
  };
  emitIf(
      b, loc, nonEmpty,
      [&](OpBuilder &nb, Location nl) {
        emitIf(nb, nl, wholeVectors, vectorKernel, scalarKernel);
      },
      [](OpBuilder &, Location) {});
  loop.erase();
}

/// The memrefs `loop` reads and writes, or false when its body touches
/// memory other than by loads and stores.
static bool getAccesses(scf::ParallelOp loop, SmallVectorImpl<Value> &reads,
                        SmallVectorImpl<Value> &writes) {
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      reads.push_back(load.getMemRef());
      return WalkResult::advance();
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      writes.push_back(store.getMemRef());
      return WalkResult::advance();
    }
    return isMemoryEffectFree(op) ? WalkResult::advance()
                                  : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

namespace {
/// A loop of a group and what it touches.
struct GroupMember {
  scf::ParallelOp loop;
  SmallVector<Value> reads, writes;
};
} // namespace

/// Whether `a` and `b` may run in either order, or interleaved: what one
/// writes, the other neither reads nor writes (ViewOverlap.h).
static bool areIndependent(const GroupMember &a, const GroupMember &b) {
  auto apart = [](ArrayRef<Value> writes, const GroupMember &other) {
    for (Value written : writes)
      for (ArrayRef<Value> touched :
           {ArrayRef<Value>(other.reads), ArrayRef<Value>(other.writes)})
        for (Value value : touched)
          if (compareViews(written, value) != ViewOverlap::Disjoint)
            return false;
    return true;
  };
  return apart(a.writes, b) && apart(b.writes, a);
}

/// The most loops one launch takes.
static constexpr size_t kMaxGroupSize = 64;

/// The most bytes of buffer descriptors one launch passes its kernel:
/// PTX before 8.1 allows 4352 bytes of parameters, and the sizes, offsets
/// and scalars a kernel also takes need some of them.
static constexpr int64_t kMaxParameterBytes = 3072;

/// The bytes of the descriptors of the distinct buffers that `group` and
/// `member` touch (a strided memref's: two pointers, an offset, and a
/// size and a stride per dimension).
static int64_t parameterBytes(ArrayRef<GroupMember> group,
                              const GroupMember &member) {
  llvm::SmallPtrSet<void *, 16> seen;
  int64_t bytes = 0;
  auto add = [&](Value buffer) {
    if (!seen.insert(buffer.getAsOpaquePointer()).second)
      return;
    auto type = dyn_cast<MemRefType>(buffer.getType());
    bytes += 8 * (3 + 2 * (type ? type.getRank() : 0));
  };
  for (const GroupMember &m : group) {
    llvm::for_each(m.reads, add);
    llvm::for_each(m.writes, add);
  }
  llvm::for_each(member.reads, add);
  llvm::for_each(member.writes, add);
  return bytes;
}

/// Groups of consecutive element-wise loops of one block, with only pure
/// ops between them, each independent of the others: the halves of a
/// concat's consumer (`--slice-split-concat-consumers`), the four slices
/// of YOLO's Focus.
static SmallVector<SmallVector<GroupMember>>
getLoopGroups(ArrayRef<scf::ParallelOp> loops) {
  SmallVector<SmallVector<GroupMember>> groups;
  for (scf::ParallelOp loop : loops) {
    GroupMember member{loop, {}, {}};
    bool known = getAccesses(loop, member.reads, member.writes);
    bool joins = known && !groups.empty() && !groups.back().empty();
    if (joins) {
      scf::ParallelOp last = groups.back().back().loop;
      joins =
          last->getBlock() == loop->getBlock() && last->isBeforeInBlock(loop);
      for (Operation *op = last->getNextNode(); joins && op != loop;
           op = op->getNextNode())
        joins = isMemoryEffectFree(op) && op->getNumRegions() == 0;
      // Each loop is checked against each other: bounded, so that a
      // thousand loops (a wide concat's parts) cost linear time, in
      // launches of kMaxGroupSize loops. And the buffers a launch passes
      // must fit the kernel's parameter space (4 KiB: a 64-way concat's
      // parts in one launch needed 11 KiB, which ptxas refused).
      joins =
          joins && groups.back().size() < kMaxGroupSize &&
          parameterBytes(groups.back(), member) <= kMaxParameterBytes &&
          llvm::all_of(
              groups.back(),
              [&](const GroupMember &m) { return areIndependent(m, member); });
    }
    if (joins) {
      groups.back().push_back(std::move(member));
      continue;
    }
    groups.emplace_back();
    groups.back().push_back(std::move(member));
    // A loop whose accesses are unknown starts no group.
    if (!known)
      groups.emplace_back();
  }
  llvm::erase_if(groups, [](const SmallVector<GroupMember> &group) {
    return group.empty();
  });
  return groups;
}

/// The thread of a group's kernel that takes `item` of `prepared`.
static void emitItem(OpBuilder &b, Location loc, PreparedLoop &prepared,
                     Value item) {
  emitIf(
      b, loc, prepared.wholeVectors,
      [&](OpBuilder &vb, Location vl) {
        emitVectorChunk(vb, vl, prepared.info, item);
      },
      [&](OpBuilder &sb, Location sl) {
        emitScalarIteration(sb, sl, prepared.info, item);
      });
}

/// Replaces the independent loops of `group` by one grid whose blocks
/// take the loops in turn (block `b` of `k` loops with as many blocks each
/// runs loop `b % k`, so that loops that read the same input read it at
/// the same time) or one after another: one launch, each sector the loops
/// share read once.
static void mapGroupToBlocksOfThreads(ArrayRef<GroupMember> group,
                                      int64_t blockSize, int64_t vectorBytes) {
  scf::ParallelOp last = group.back().loop;
  OpBuilder b(last);
  Location loc = last.getLoc();
  ArithIndexBuilder arith(b, loc);
  SmallVector<PreparedLoop> prepared;
  SmallVector<Value> blocks;
  for (const GroupMember &member : group) {
    PreparedLoop &loop =
        prepared.emplace_back(prepareLoop(b, loc, member.loop, vectorBytes));
    OpFoldResult items = loop.total;
    if (loop.info.lanes > 1)
      items = arith.select(
          loop.wholeVectors,
          arith.divTrunc(loop.total, arith.constant(loop.info.lanes)),
          loop.total);
    loop.items = getValueOrCreateConstantIndexOp(b, loc, items);
    blocks.push_back(blocksFor(b, loc, loop.items, blockSize));
  }
  int64_t loops = group.size();
  bool interleave = llvm::all_of(blocks, [&](Value count) {
    return isEqualConstantIntOrValue(count, blocks.front());
  });
  // The first block of each loop, and the grid.
  SmallVector<OpFoldResult> starts;
  OpFoldResult grid = arith.constant(0);
  for (Value count : blocks) {
    starts.push_back(grid);
    grid = arith.add(grid, count);
  }
  OpFoldResult nonEmpty =
      arith.logicalNot(arith.equal(grid, arith.constant(0)));
  Value gridValue = getValueOrCreateConstantIndexOp(b, loc, grid);
  auto kernel = [&](OpBuilder &kb, Location kl) {
    emitBlockGrid(
        kb, kl, gridValue, blockSize,
        [&](OpBuilder &tb, Location tl, Value block, Value thread) {
          ArithIndexBuilder at(tb, tl);
          // Which loop the block runs, and its block of that loop.
          Value which, local;
          if (interleave) {
            Value count = arith::ConstantIndexOp::create(tb, tl, loops);
            which = arith::RemUIOp::create(tb, tl, block, count);
            local = arith::DivUIOp::create(tb, tl, block, count);
          } else {
            OpFoldResult index = at.constant(0), first = at.constant(0);
            for (int64_t k = 1; k < loops; ++k) {
              OpFoldResult after = at.logicalNot(at.lessThan(block, starts[k]));
              index = at.select(after, at.constant(k), index);
              first = at.select(after, starts[k], first);
            }
            which = getValueOrCreateConstantIndexOp(tb, tl, index);
            local =
                getValueOrCreateConstantIndexOp(tb, tl, at.sub(block, first));
          }
          // A chain of uniform branches (a switch becomes a jump table,
          // brx.idx, which buys nothing for a few cases).
          std::function<void(OpBuilder &, int64_t)> emitFrom =
              [&](OpBuilder &cb, int64_t k) {
                auto run = [&](OpBuilder &rb, Location rl) {
                  emitItemOfBlock(rb, rl, local, thread, prepared[k].items,
                                  blockSize,
                                  [&](OpBuilder &ib, Location il, Value item) {
                                    emitItem(ib, il, prepared[k], item);
                                  });
                };
                if (k + 1 == loops) {
                  run(cb, tl);
                  return;
                }
                Value isK = arith::CmpIOp::create(
                    cb, tl, arith::CmpIPredicate::eq, which,
                    arith::ConstantIndexOp::create(cb, tl, k));
                emitIf(cb, tl, isK, run,
                       [&](OpBuilder &eb, Location) { emitFrom(eb, k + 1); });
              };
          emitFrom(tb, 0);
        });
  };
  emitIf(b, loc, nonEmpty, kernel, [](OpBuilder &, Location) {});
  for (const GroupMember &member : group)
    member.loop->erase();
}

namespace {
struct SliceParallelLoopsToGPUPass
    : mlir::slice::impl::SliceParallelLoopsToGPUBase<
          SliceParallelLoopsToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024 ||
        !llvm::is_contained({1, 4, 8, 16}, vectorBytes)) {
      mlir::emitError(getOperation().getLoc())
          << "slice-parallel-loops-to-gpu: block-size must be 1 to 1024 and "
             "vector-bytes 1, 4, 8 or 16, got block-size="
          << static_cast<int64_t>(blockSize)
          << " vector-bytes=" << static_cast<int64_t>(vectorBytes);
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (isUnmappedElementwiseLoop(loop))
        loops.push_back(loop);
    });
    for (ArrayRef<GroupMember> group : getLoopGroups(loops)) {
      if (group.size() == 1)
        mapToBlocksOfThreads(group.front().loop, blockSize, vectorBytes);
      else
        mapGroupToBlocksOfThreads(group, blockSize, vectorBytes);
    }
  }
};
} // namespace
