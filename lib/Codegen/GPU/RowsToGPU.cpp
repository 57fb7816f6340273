//===- RowsToGPU.cpp - A block of threads per row -------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-rows-to-gpu` (Passes.td): the loops over rows that
// `--slice-fuse-rows` makes (softmax, layer norm, a row sum) as one kernel
// launch, a block of threads per row. On the GPU route a reduction over
// rows was one thread per row, looping serially along it and storing its
// running total to global memory every step, each op its own launch with
// its intermediates in global memory. Here the threads of a block stride
// along the row together (a warp reads consecutive elements), partial
// results meet in shared memory, and the row's maximum or sum stays in a
// register of every thread for the ops after it.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Reductions.h"
#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEROWSTOGPU
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

static bool isZeroD(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() == 0;
}

/// Whether `op`, in a loop over rows, is one the kernel computes: on
/// buffers, at most one loop; with one loop, each memref operand 1-D
/// through the identity or 0-d, and either all-parallel with 1-D results
/// or a reduction into one 0-d result by a combiner.
static bool isRowStep(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() > 1 ||
      op.hasIndexSemantics())
    return false;
  if (op.getNumLoops() == 0)
    return llvm::all_of(op->getOperands(), [](Value value) {
      return !isa<MemRefType>(value.getType()) || isZeroD(value);
    });
  MLIRContext *context = op.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, context);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!(type.getRank() == 1 && map == identity) &&
        !(type.getRank() == 0 && map.getNumResults() == 0))
      return false;
  }
  if (op.getNumReductionLoops() == 0)
    return llvm::all_of(op.getDpsInits(),
                        [](Value init) { return !isZeroD(init); });
  std::optional<SmallVector<Operation *>> combiners = rowCombiners(op);
  return combiners && combiners->size() == 1 &&
         isZeroD(op.getDpsInits().front()) &&
         getCombinerNeutral(combiners->front()) &&
         isa<FloatType, IntegerType>(
             getElementTypeOrSelf(op.getDpsInits().front()));
}

/// Whether `loop` is a loop over rows the kernel takes: from 0 by 1, no
/// results, a body of pure ops (views, sizes, constants) and row steps, at
/// least one reduction among them.
static bool isRowLoop(scf::ForOp loop) {
  if (!isConstantIntValue(loop.getLowerBound(), 0) ||
      !isConstantIntValue(loop.getStep(), 1) || loop.getNumResults() != 0 ||
      loop->getParentOfType<gpu::LaunchOp>())
    return false;
  bool reduces = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (isMemoryEffectFree(&op) && op.getNumRegions() == 0)
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || !isRowStep(generic))
      return false;
    reduces |= generic.getNumReductionLoops() != 0;
  }
  return reduces;
}

/// The buffers allocated before `loop` that only it uses (and frees after):
/// the row buffers `--slice-fuse-rows` shrank. A 0-d one becomes a
/// register; the values of a 1-D one are computed where they are read.
static SmallVector<memref::AllocOp> getLoopBuffers(scf::ForOp loop) {
  SmallVector<memref::AllocOp> registers;
  llvm::SetVector<Value> used;
  loop.walk([&](linalg::GenericOp op) {
    for (Value operand : op->getOperands())
      if (isa<MemRefType>(operand.getType()))
        used.insert(operand);
  });
  for (Value value : used) {
    auto alloc = value.getDefiningOp<memref::AllocOp>();
    if (!alloc)
      continue;
    bool onlyHere = llvm::all_of(alloc->getUsers(), [&](Operation *user) {
      return isa<memref::DeallocOp>(user) || loop->isAncestor(user);
    });
    if (onlyHere)
      registers.push_back(alloc);
  }
  return registers;
}

namespace {
/// Emits the steps of a row inside the launch.
struct RowEmitter {
  RowEmitter(OpBuilder &b, Location loc, Value thread, Value threads,
             Value slot, Value rowSlot, int64_t threadsPerRow,
             int64_t rowsPerBlock, IRMapping &mapping)
      : b(b), loc(loc), thread(thread), threads(threads), slot(slot),
        rowSlot(rowSlot), threadsPerRow(threadsPerRow),
        rowsPerBlock(rowsPerBlock), mapping(mapping) {}

  OpBuilder &b;
  Location loc;
  /// The thread's place among its row's threads (past any row's end for a
  /// thread without a row), and how many threads a row has (the stride of
  /// the loops along it).
  Value thread, threads;
  /// The thread's element of the shared buffer, and the element of its
  /// row's first thread: the threads of a row are `rowsPerBlock` apart.
  Value slot, rowSlot;
  int64_t threadsPerRow, rowsPerBlock;
  IRMapping &mapping;
  /// The current value of each register buffer.
  DenseMap<Value, Value> registers;
  /// The buffers of one row that every block would share (0-d: a
  /// register; 1-D: values only ever computed where they are read).
  llvm::SmallPtrSet<Value, 4> rowPrivate;
  /// Whether one of those had to go through memory.
  bool failed = false;
  /// A shared buffer of an element per thread, per element type.
  DenseMap<Type, Value> shared;

  /// Rows split across blocks (rowsToGPU's slabs): this block walks
  /// elements [slabBegin, slabBegin + slabLength) of its rows; null: the
  /// whole rows.
  Value slabBegin, slabLength;
  /// Where set, only the blocks where it holds (each row's first slab)
  /// store 0-d buffers in memory: the others hold the same values.
  Value firstSlab;
  /// The reductions' results per row and slab (`slabs` a row, row-major)
  /// in memory, and this block's slab and row. The reduction numbered
  /// `partialAt` stores this block's partial result there and ends the
  /// launch; those before it combine the partials the earlier launches
  /// stored instead of walking the row.
  SmallVector<Value> partials;
  Value slabs, slab, row;
  int64_t partialAt = -1;
  unsigned reductions = 0;
  bool stopped = false, finishing = false;

  /// A loop of this thread over its elements of a row of `n`: `body`
  /// gets the element's index and the carried values.
  scf::ForOp
  walkRow(OpBuilder &builder, Value n, ValueRange inits,
          function_ref<void(OpBuilder &, Location, Value, ValueRange)> body) {
    if (!slabBegin)
      return scf::ForOp::create(builder, loc, thread, n, threads, inits, body);
    // Counted from the slab's start, so that a thread past any row's end
    // (INT32_MAX) adds nothing that could wrap.
    Value left = arith::SubIOp::create(builder, loc, n, slabBegin);
    Value limit = arith::MinSIOp::create(builder, loc, left, slabLength);
    return scf::ForOp::create(
        builder, loc, thread, limit, threads, inits,
        [&](OpBuilder &lb, Location ll, Value k, ValueRange carried) {
          body(lb, ll, arith::AddIOp::create(lb, ll, slabBegin, k), carried);
        });
  }

  /// Whether this thread stores the block's 0-d results: thread 0 (of
  /// the first slab).
  Value storesResults(OpBuilder &builder) {
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        thread, zero);
    return firstSlab ? arith::AndIOp::create(builder, loc, first, firstSlab)
                     : first;
  }

  /// The value a 0-d operand holds now.
  Value read0d(Value buffer) {
    if (Value value = registers.lookup(buffer))
      return value;
    return memref::LoadOp::create(b, loc, mapping.lookupOrDefault(buffer));
  }

  /// Records `value` as what the 0-d `buffer` holds from now on; a buffer
  /// in memory is written by the block's thread 0.
  void write0d(Value buffer, Value value) {
    // Every thread holds the value; a buffer in memory gets it from thread
    // 0 too, which the other threads do not wait for.
    registers[buffer] = value;
    if (rowPrivate.contains(buffer))
      return;
    scf::IfOp::create(b, loc, storesResults(b),
                      [&](OpBuilder &tb, Location tl) {
                        memref::StoreOp::create(
                            tb, tl, value, mapping.lookupOrDefault(buffer));
                        scf::YieldOp::create(tb, tl);
                      });
  }

  /// The body of `op` on `args`, cloned at `builder`: its yielded values.
  SmallVector<Value> inlineBody(OpBuilder &builder, linalg::GenericOp op,
                                ValueRange args) {
    IRMapping body;
    body.map(op.getBody()->getArguments(), args);
    for (Operation &inner : op.getBody()->without_terminator())
      builder.clone(inner, body);
    return llvm::map_to_vector(
        op.getBody()->getTerminator()->getOperands(),
        [&](Value yielded) { return body.lookupOrDefault(yielded); });
  }

  /// An element-wise step not run yet: its values are computed where they
  /// are read, and stored only where something after it may read them
  /// from memory. A row written by one step and read by the next never
  /// goes through memory, and its sectors are not counted twice.
  struct Deferred {
    linalg::GenericOp op;
    /// What its 0-d inputs held when it came.
    DenseMap<Value, Value> held;
    /// The deferred steps that wrote its 1-D inputs when it came.
    DenseMap<Value, std::shared_ptr<Deferred>> producers;
    /// The 1-D buffers it reads, through its producers too.
    SmallVector<Value> reads;
  };
  /// The deferred steps, in order, and the last of them to write each row.
  SmallVector<std::shared_ptr<Deferred>> pending;
  DenseMap<Value, std::shared_ptr<Deferred>> producerOf;

  /// Element `j` of the 1-D `buffer`: computed by its producer in
  /// `producers`, or loaded.
  Value elementAt(OpBuilder &builder, Value buffer, Value j,
                  const DenseMap<Value, std::shared_ptr<Deferred>> &producers) {
    if (std::shared_ptr<Deferred> producer = producers.lookup(buffer))
      return compute(builder, *producer, j).front();
    failed |= rowPrivate.contains(buffer);
    return memref::LoadOp::create(builder, loc, mapping.lookupOrDefault(buffer),
                                  j);
  }

  /// The arguments of `op`'s body at element `j` of the row (null for a
  /// 0-loop op): 0-d operands from `held` or what they hold now, 1-D ones
  /// through `producers`.
  SmallVector<Value>
  arguments(OpBuilder &builder, linalg::GenericOp op, Value j,
            const DenseMap<Value, Value> *held,
            const DenseMap<Value, std::shared_ptr<Deferred>> &producers) {
    SmallVector<Value> args;
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      if (op.isDpsInit(&operand) && !op.payloadUsesValueFromOperand(&operand)) {
        args.push_back(
            ub::PoisonOp::create(builder, loc, getElementTypeOrSelf(value)));
        continue;
      }
      if (!isa<MemRefType>(value.getType()))
        args.push_back(mapping.lookupOrDefault(value));
      else if (isZeroD(value))
        args.push_back(held && held->count(value) ? held->lookup(value)
                                                  : read0d(value));
      else
        args.push_back(elementAt(builder, value, j, producers));
    }
    return args;
  }

  SmallVector<Value> compute(OpBuilder &builder, Deferred &step, Value j) {
    return inlineBody(
        builder, step.op,
        arguments(builder, step.op, j, &step.held, step.producers));
  }

  /// Runs `step`: stores its values into its rows.
  void materialize(Deferred &step) {
    // With slabs, a step runs only at the end of the last launch: before
    // it, a launch would write what the next ones read again, and another
    // view of the row may read elements of another slab's block.
    if (rowPrivate.contains(step.op.getDpsInits().front()) ||
        (slabBegin && !finishing)) {
      failed = true;
      return;
    }
    Value n = rowLength(step.op);
    walkRow(b, n, ValueRange{},
            [&](OpBuilder &lb, Location ll, Value j, ValueRange) {
              for (auto [init, value] :
                   llvm::zip(step.op.getDpsInits(), compute(lb, step, j)))
                memref::StoreOp::create(lb, ll, value,
                                        mapping.lookupOrDefault(init), j);
              scf::YieldOp::create(lb, ll);
            });
  }

  static bool mayOverlap(Value a, Value b) {
    return getRootBuffer(a) == getRootBuffer(b) &&
           compareViews(a, b) != ViewOverlap::Disjoint;
  }

  /// Before `written` changes: the deferred steps that read it run now;
  /// those that wrote it are dropped when `overwrites` (every element is
  /// written again: nothing reads their values from memory any more).
  void beforeWrite(Value written, bool overwrites) {
    SmallVector<std::shared_ptr<Deferred>> kept;
    for (std::shared_ptr<Deferred> &step : pending) {
      Value init = step->op.getDpsInits().front();
      bool reads = llvm::any_of(
          step->reads, [&](Value read) { return mayOverlap(read, written); });
      if (reads ||
          (mayOverlap(init, written) &&
           (!overwrites || compareViews(init, written) != ViewOverlap::Same))) {
        materialize(*step);
      } else if (!mayOverlap(init, written)) {
        kept.push_back(step);
        continue;
      }
      if (producerOf.lookup(init) == step)
        producerOf.erase(init);
    }
    pending = std::move(kept);
  }

  /// Runs the steps still deferred, in order (those of a row buffer of
  /// the loop alone: nothing reads it after the loop). A launch that ended
  /// at its reduction runs none: the last launch computes them again.
  void finish() {
    finishing = true;
    for (std::shared_ptr<Deferred> &step : pending)
      if (!stopped && !rowPrivate.contains(step->op.getDpsInits().front()))
        materialize(*step);
    pending.clear();
    producerOf.clear();
  }

  /// Before `read` is loaded from memory: the deferred steps that may write
  /// it (through another view of the same elements) run now.
  void beforeRead(Value read) {
    if (producerOf.count(read) || !isa<MemRefType>(read.getType()) ||
        isZeroD(read))
      return;
    SmallVector<std::shared_ptr<Deferred>> kept;
    for (std::shared_ptr<Deferred> &step : pending) {
      Value init = step->op.getDpsInits().front();
      if (!mayOverlap(init, read)) {
        kept.push_back(step);
        continue;
      }
      materialize(*step);
      if (producerOf.lookup(init) == step)
        producerOf.erase(init);
    }
    pending = std::move(kept);
  }

  void emitPointwise(linalg::GenericOp op) {
    for (Value input : op.getDpsInputs())
      beforeRead(input);
    if (op.getNumLoops() == 0) {
      SmallVector<Value> results =
          inlineBody(b, op, arguments(b, op, {}, nullptr, producerOf));
      for (auto [init, result] : llvm::zip(op.getDpsInits(), results))
        write0d(init, result);
      return;
    }
    auto step = std::make_shared<Deferred>();
    step->op = op;
    for (Value input : op.getDpsInputs()) {
      if (isZeroD(input)) {
        step->held[input] = read0d(input);
      } else if (isa<MemRefType>(input.getType())) {
        step->reads.push_back(input);
        if (std::shared_ptr<Deferred> producer = producerOf.lookup(input)) {
          step->producers[input] = producer;
          llvm::append_range(step->reads, producer->reads);
        }
      }
    }
    for (Value init : op.getDpsInits())
      beforeWrite(init, /*overwrites=*/true);
    if (op.getNumDpsInits() != 1) {
      materialize(*step);
      return;
    }
    pending.push_back(step);
    producerOf[op.getDpsInits().front()] = step;
  }

  /// The length of the rows `op` (one loop) walks: from a 1-D operand
  /// that stays (a row buffer of the loop alone goes with it).
  Value rowLength(linalg::GenericOp op) {
    Value privateRow;
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || type.getRank() != 1)
        continue;
      if (!rowPrivate.contains(operand))
        return memref::DimOp::create(b, loc, mapping.lookupOrDefault(operand),
                                     0);
      privateRow = operand;
    }
    auto type = cast<MemRefType>(privateRow.getType());
    if (!type.isDynamicDim(0))
      return arith::ConstantIndexOp::create(b, loc, type.getDimSize(0));
    return privateRow.getDefiningOp<memref::AllocOp>().getDynamicSizes()[0];
  }

  /// `combiner(a, b)`, a clone of the reduction's combiner.
  Value combine(OpBuilder &builder, Operation *combiner, Value lhs, Value rhs) {
    Operation *clone = builder.clone(*combiner);
    clone->setOperands({lhs, rhs});
    return clone->getResult(0);
  }

  void emitReduction(linalg::GenericOp op) {
    int64_t number = reductions++;
    Operation *combiner = rowCombiners(op)->front();
    Value init = op.getDpsInits().front();
    Type element = getElementTypeOrSelf(init);
    Value neutral =
        arith::ConstantOp::create(b, loc, *getCombinerNeutral(combiner));
    if (slabBegin && number != partialAt) {
      // An earlier launch stored the row's partial results: their
      // combination, in slab order, is the row's result.
      Value first = arith::MulIOp::create(b, loc, row, slabs);
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      auto total = scf::ForOp::create(
          b, loc, zero, slabs, one, ValueRange{neutral},
          [&](OpBuilder &lb, Location ll, Value k, ValueRange carried) {
            Value at = arith::AddIOp::create(lb, ll, first, k);
            Value part = memref::LoadOp::create(lb, ll, partials[number], at);
            scf::YieldOp::create(lb, ll,
                                 combine(lb, combiner, carried.front(), part));
          });
      write0d(init, combine(b, combiner, total.getResult(0), read0d(init)));
      return;
    }
    for (Value input : op.getDpsInputs())
      beforeRead(input);
    // What the result starts from, read by every thread before the
    // barriers below: thread 0 stores the result over it, and a warp that
    // read it after that store would count the row twice.
    Value start = read0d(init);
    // Each thread's partial result over the elements it strides to.
    Value n = rowLength(op);
    BlockArgument accumulator =
        op.getMatchingBlockArgument(op.getDpsInitOperand(0));
    auto partial =
        walkRow(b, n, ValueRange{neutral},
                [&](OpBuilder &lb, Location ll, Value j, ValueRange carried) {
                  SmallVector<Value> args =
                      arguments(lb, op, j, nullptr, producerOf);
                  args[accumulator.getArgNumber()] = carried.front();
                  scf::YieldOp::create(lb, ll, inlineBody(lb, op, args));
                });
    // The block's partial results meet in shared memory, halving the
    // threads that combine each step.
    Value buffer = shared.lookup(element);
    memref::StoreOp::create(b, loc, partial.getResult(0), buffer, slot);
    gpu::BarrierOp::create(b, loc);
    for (int64_t half = threadsPerRow / 2; half >= 1; half /= 2) {
      Value halfValue = arith::ConstantIndexOp::create(b, loc, half);
      Value distance =
          arith::ConstantIndexOp::create(b, loc, half * rowsPerBlock);
      Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           thread, halfValue);
      scf::IfOp::create(b, loc, active, [&](OpBuilder &ib, Location il) {
        Value other = arith::AddIOp::create(ib, il, slot, distance);
        Value mine = memref::LoadOp::create(ib, il, buffer, slot);
        Value theirs = memref::LoadOp::create(ib, il, buffer, other);
        memref::StoreOp::create(ib, il, combine(ib, combiner, theirs, mine),
                                buffer, slot);
        scf::YieldOp::create(ib, il);
      });
      gpu::BarrierOp::create(b, loc);
    }
    Value total = memref::LoadOp::create(b, loc, buffer, rowSlot);
    if (slabBegin) {
      // This block's part of the row: stored for the next launch, which
      // is where the rest of the row's steps run.
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value first =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread, zero);
      Value at = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, row, slabs), slab);
      scf::IfOp::create(b, loc, first, [&](OpBuilder &tb, Location tl) {
        memref::StoreOp::create(tb, tl, total, partials[number], at);
        scf::YieldOp::create(tb, tl);
      });
      stopped = true;
      return;
    }
    // Every thread has read the total before the buffer is reused.
    gpu::BarrierOp::create(b, loc);
    write0d(init, combine(b, combiner, total, start));
  }
};
} // namespace

/// The steps of `loop`'s body, emitted into `launch` by `emitter`; false
/// when a row buffer the threads share would be written.
static bool emitRows(RowEmitter &emitter, scf::ForOp loop,
                     ArrayRef<memref::AllocOp> loopBuffers, IRMapping &mapping,
                     ArrayRef<Type> sharedTypes, gpu::LaunchOp launch) {
  OpBuilder &b = emitter.b;
  Location loc = emitter.loc;
  for (auto [type, attribution] :
       llvm::zip(sharedTypes, launch.getWorkgroupAttributions()))
    emitter.shared[cast<MemRefType>(type).getElementType()] = attribution;
  for (memref::AllocOp alloc : loopBuffers) {
    emitter.rowPrivate.insert(alloc);
    if (alloc.getType().getRank() == 0)
      emitter.registers[alloc] =
          ub::PoisonOp::create(b, loc, alloc.getType().getElementType());
  }
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (emitter.stopped)
      break;
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic) {
      // The size of a row buffer that goes with the loop: what it was
      // allocated with.
      auto dim = dyn_cast<memref::DimOp>(op);
      auto alloc = dim ? dim.getSource().getDefiningOp<memref::AllocOp>()
                       : memref::AllocOp();
      std::optional<int64_t> index =
          dim ? dim.getConstantIndex() : std::nullopt;
      if (alloc && index && llvm::is_contained(loopBuffers, alloc)) {
        MemRefType type = alloc.getType();
        Value size =
            type.isDynamicDim(*index)
                ? alloc.getDynamicSizes()[type.getDynamicDimIndex(*index)]
                : arith::ConstantIndexOp::create(b, loc,
                                                 type.getDimSize(*index))
                      .getResult();
        mapping.map(dim.getResult(), size);
        continue;
      }
      b.clone(op, mapping);
      continue;
    }
    if (generic.getNumReductionLoops() != 0)
      emitter.emitReduction(generic);
    else
      emitter.emitPointwise(generic);
  }
  emitter.finish();
  // A row buffer the threads share would have been written: the loop
  // stays as it was.
  return !emitter.failed;
}

/// Whether `value` views a transposed buffer (`--slice-columns-to-rows`):
/// its rows are columns in memory.
static bool viewsTransposed(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<memref::TransposeOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

/// How many rows a block takes: one, or (when the rows are columns of
/// transposed buffers) as many as fill a 32-byte sector, so that the
/// threads of a warp that read one element each of neighbouring rows read
/// whole sectors.
static int64_t getRowsPerBlock(scf::ForOp loop, int64_t blockSize) {
  int64_t rows = 1;
  loop.walk([&](linalg::GenericOp op) {
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || type.getRank() != 1 || !viewsTransposed(operand) ||
          !type.getElementType().isIntOrFloat())
        continue;
      int64_t bytes = std::max<int64_t>(
          1, type.getElementType().getIntOrFloatBitWidth() / 8);
      rows = std::max(rows, int64_t(llvm::PowerOf2Ceil(32 / bytes)));
    }
  });
  return std::min(rows, blockSize);
}

/// The length of the rows `loop` walks (its longest 1-D operand) when it
/// is known.
static std::optional<int64_t> getStaticRowLength(scf::ForOp loop) {
  int64_t length = 0;
  WalkResult walk = loop.walk([&](linalg::GenericOp op) {
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || type.getRank() != 1)
        continue;
      if (type.isDynamicDim(0))
        return WalkResult::interrupt();
      length = std::max(length, type.getDimSize(0));
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return length;
}

/// The threads of a block: `blockSize`, or more (up to 1,024) where each
/// of a row's threads would load more than 32 of its `rowsPerBlock` rows'
/// elements a pass (rows of a known length only).
static int64_t getBlockThreads(scf::ForOp loop, int64_t blockSize,
                               int64_t rowsPerBlock) {
  std::optional<int64_t> length = getStaticRowLength(loop);
  if (!length)
    return blockSize;
  int64_t perRow = llvm::PowerOf2Ceil(llvm::divideCeil(*length, 32));
  int64_t most = std::max<int64_t>(blockSize, 1024);
  return std::min(most, std::max(blockSize, perRow * rowsPerBlock));
}

/// The reductions of `loop`'s body, in order.
static SmallVector<linalg::GenericOp> getReductions(scf::ForOp loop) {
  SmallVector<linalg::GenericOp> reductions;
  for (auto op : loop.getBody()->getOps<linalg::GenericOp>())
    if (op.getNumReductionLoops() != 0)
      reductions.push_back(op);
  return reductions;
}

/// Whether `loop`'s rows may be split across blocks, a launch for each
/// reduction (up to it) and one more (everything): each 0-d buffer in
/// memory is written in the body before anything reads it, so that each
/// launch computes what it holds rather than reading what another launch
/// stored. (The rows in memory are written only at the end of the last
/// launch, or the emitter gives up: RowEmitter::materialize.)
static bool canSplitRows(scf::ForOp loop,
                         ArrayRef<memref::AllocOp> loopBuffers) {
  auto isPrivate = [&](Value value) {
    auto alloc = value.getDefiningOp<memref::AllocOp>();
    return alloc && llvm::is_contained(loopBuffers, alloc);
  };
  llvm::SmallPtrSet<Value, 4> written;
  for (auto op : loop.getBody()->getOps<linalg::GenericOp>()) {
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      bool reads =
          !op.isDpsInit(&operand) || op.payloadUsesValueFromOperand(&operand);
      if (type && type.getRank() == 0 && reads && !isPrivate(operand.get()) &&
          !written.contains(operand.get()))
        return false;
    }
    for (Value init : op.getDpsInits())
      if (!isPrivate(init) && cast<MemRefType>(init.getType()).getRank() == 0)
        written.insert(init);
  }
  return true;
}

/// Replaces `loop` by a launch of blocks of `blockSize` threads (or more,
/// getBlockThreads), a block per row, or per group of neighbouring rows
/// when they are columns. Rows too long for one block (more than 64
/// elements a thread) are split across blocks, a slab of the row each,
/// where the body allows (canSplitRows): then each reduction's launch
/// stores the partial results of the slabs, and the next launch combines
/// them and goes on, so that a thread loads at most 32 elements a launch.
static bool rowsToGPU(scf::ForOp loop, int64_t blockSize, bool split = true) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  SmallVector<memref::AllocOp> loopBuffers = getLoopBuffers(loop);
  int64_t requestedBlockSize = blockSize;
  int64_t rowsPerBlock = getRowsPerBlock(loop, blockSize);
  blockSize = getBlockThreads(loop, blockSize, rowsPerBlock);
  int64_t threadsPerRow = blockSize / rowsPerBlock;
  int64_t slabCount = 1, slabLength = 0;
  std::optional<int64_t> length = getStaticRowLength(loop);
  if (split && length && *length > 64 * threadsPerRow &&
      canSplitRows(loop, loopBuffers)) {
    // Slabs of at most 32 elements a thread, starting on a sector.
    slabLength = llvm::alignTo(
        llvm::divideCeil(*length,
                         llvm::divideCeil(*length, 32 * threadsPerRow)),
        32);
    slabCount = llvm::divideCeil(*length, slabLength);
  }
  // One shared buffer per element type a reduction combines.
  SmallVector<Type> sharedTypes;
  loop.walk([&](linalg::GenericOp op) {
    if (op.getNumReductionLoops() == 0)
      return;
    Type element = getElementTypeOrSelf(op.getDpsInits().front());
    auto type = MemRefType::get(
        {blockSize}, element, AffineMap(),
        gpu::AddressSpaceAttr::get(
            b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace()));
    if (!llvm::is_contained(sharedTypes, type))
      sharedTypes.push_back(type);
  });

  // No rows, no launch (a grid of no blocks is a launch error).
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value rows = loop.getUpperBound();
  Value any =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, rows, zero);
  auto guard = scf::IfOp::create(b, loc, any, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guard.thenBlock());
  Value blockSizeValue = arith::ConstantIndexOp::create(b, loc, blockSize);
  Value blocks = rows;
  if (rowsPerBlock != 1) {
    Value last = arith::ConstantIndexOp::create(b, loc, rowsPerBlock - 1);
    Value per = arith::ConstantIndexOp::create(b, loc, rowsPerBlock);
    blocks = b.createOrFold<arith::DivUIOp>(
        loc, b.createOrFold<arith::AddIOp>(loc, rows, last), per);
  }
  // With slabs: each reduction's partial results, a row's slabs side by
  // side.
  SmallVector<linalg::GenericOp> reductions = getReductions(loop);
  SmallVector<Value> partials;
  if (slabCount > 1) {
    Value size = b.createOrFold<arith::MulIOp>(
        loc, rows, arith::ConstantIndexOp::create(b, loc, slabCount));
    for (linalg::GenericOp reduction : reductions)
      partials.push_back(memref::AllocOp::create(
          b, loc,
          MemRefType::get({ShapedType::kDynamic},
                          getElementTypeOrSelf(reduction.getDpsInits()[0])),
          ValueRange{size}));
  }
  // The launch that runs the body up to the reduction numbered
  // `partialAt`, or all of it (-1).
  auto emitLaunch = [&](int64_t partialAt) {
    Value slabsValue = arith::ConstantIndexOp::create(b, loc, slabCount);
    auto launch =
        gpu::LaunchOp::create(b, loc, blocks, slabsValue, one, blockSizeValue,
                              one, one, nullptr, nullptr, {}, sharedTypes);
    Block &body = launch.getBody().front();
    OpBuilder::InsertionGuard atLaunch(b);
    b.setInsertionPointToStart(&body);
    IRMapping mapping;
    Value thread = launch.getThreadIds().x;
    std::optional<RowEmitter> emitter;
    if (rowsPerBlock == 1) {
      mapping.map(loop.getInductionVar(), launch.getBlockIds().x);
      Value first = arith::ConstantIndexOp::create(b, loc, 0);
      emitter.emplace(b, loc, thread, launch.getBlockSize().x, thread, first,
                      blockSize, 1, mapping);
    } else {
      // Thread t takes row t % rowsPerBlock of its block's rows and, with
      // the others of that row, every (blockSize / rowsPerBlock)-th element
      // of it. A thread past the last row walks no elements (its place along
      // the row is past any end) and reads the last row's 0-d values; it
      // still meets the barriers.
      Value per = arith::ConstantIndexOp::create(b, loc, rowsPerBlock);
      Value rowSlot = arith::RemUIOp::create(b, loc, thread, per);
      Value place = arith::DivUIOp::create(b, loc, thread, per);
      Value row = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, per),
          rowSlot);
      Value valid =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows);
      Value lastRow = arith::SubIOp::create(b, loc, rows, one);
      mapping.map(loop.getInductionVar(),
                  arith::SelectOp::create(b, loc, valid, row, lastRow));
      Value nowhere = arith::ConstantIndexOp::create(
          b, loc, std::numeric_limits<int32_t>::max());
      Value lane = arith::SelectOp::create(b, loc, valid, place, nowhere);
      Value stride = arith::ConstantIndexOp::create(b, loc, threadsPerRow);
      emitter.emplace(b, loc, lane, stride, thread, rowSlot, threadsPerRow,
                      rowsPerBlock, mapping);
    }
    if (slabCount > 1) {
      Value slab = launch.getBlockIds().y;
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      emitter->slabs = arith::ConstantIndexOp::create(b, loc, slabCount);
      emitter->slab = slab;
      emitter->slabLength = arith::ConstantIndexOp::create(b, loc, slabLength);
      emitter->slabBegin =
          arith::MulIOp::create(b, loc, slab, emitter->slabLength);
      emitter->firstSlab =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, slab, zero);
      emitter->partials = partials;
      emitter->partialAt = partialAt;
      emitter->row = mapping.lookup(loop.getInductionVar());
    }
    bool emitted =
        emitRows(*emitter, loop, loopBuffers, mapping, sharedTypes, launch);
    gpu::TerminatorOp::create(b, loc);
    return emitted;
  };
  bool emitted = true;
  if (slabCount > 1)
    for (int64_t number = 0, e = reductions.size(); number < e; ++number)
      emitted = emitted && emitLaunch(number);
  emitted = emitted && emitLaunch(-1);
  if (!emitted) {
    guard->erase();
    // Split rows that the emitter could not keep apart: one block a row.
    return slabCount > 1 &&
           rowsToGPU(loop, requestedBlockSize, /*split=*/false);
  }
  for (Value buffer : partials)
    memref::DeallocOp::create(b, loc, buffer);
  loop->erase();
  for (memref::AllocOp alloc : loopBuffers) {
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      user->erase();
    alloc->erase();
  }
  return true;
}

namespace {
struct RowsToGPU : public slice::impl::SliceRowsToGPUBase<RowsToGPU> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 2 || !llvm::isPowerOf2_64(blockSize)) {
      getOperation().emitError()
          << "slice-rows-to-gpu: block-size must be a power of two of at "
             "least 2, not "
          << blockSize;
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (isRowLoop(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      rowsToGPU(loop, blockSize);
  }
};
} // namespace
