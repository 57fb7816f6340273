//===- ParallelElementwise.cpp - Element-wise loops on threads ------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-parallel-elementwise` (Passes.td): the element-wise linalg ops on
// buffers whose result holds at least parallel-bytes run their outermost
// loop in chunks on threads (scf.parallel, for --convert-scf-to-openmp), as
// the copies do past the same threshold; smaller ones stay on the calling
// thread. Row reductions (the outermost loop parallel, indexing the
// result) are taken too, measured by the bytes they read. The choice is
// made at run time, on the op's sizes. Each
// chunk calls a function of its own holding the op, so that LLVM's loop
// vectorizer sees its loops outside the OpenMP region.
//
//===----------------------------------------------------------------------===//

#include "../Utils/Reductions.h"
#include "../Utils/StridedMemRef.h"
#include "../Utils/ViewOverlap.h"
#include "CopyRuns.h"
#include "Slice/Codegen/Passes.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEPARALLELELEMENTWISE
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::detail;

using mlir::slice::kNoAliasPointerArgs;

/// Whether `op` computes each element of its one result on its own: all
/// loops parallel, the result indexed by the identity, no linalg.index
/// (whose values chunks would shift).
static bool isElementwiseOnBuffers(linalg::GenericOp op) {
  return op.hasPureBufferSemantics() && op.getNumLoops() > 0 &&
         op.getNumLoops() == op.getNumParallelLoops() &&
         op.getNumDpsInits() == 1 &&
         op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() &&
         op.getBody()->getOps<linalg::IndexOp>().empty() &&
         !op->getParentOfType<scf::ParallelOp>();
}

/// Whether `op` reduces over inner loops into one result whose elements
/// the outermost (parallel) loop keeps apart: rows of it may run on
/// different threads. No input may view the result's buffer.
static bool isRowReductionOnBuffers(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() < 2 ||
      op.getNumDpsInits() != 1 ||
      op.getIteratorTypesArray().front() != utils::IteratorType::parallel ||
      op.getNumParallelLoops() == op.getNumLoops() ||
      !op.getBody()->getOps<linalg::IndexOp>().empty() ||
      op->getParentOfType<scf::ParallelOp>())
    return false;
  AffineMap initMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!initMap.isProjectedPermutation() || initMap.getNumResults() == 0 ||
      initMap.getResult(0) != getAffineDimExpr(0, op.getContext()))
    return false;
  return readsApartFromWrites(op, /*inPlace=*/false);
}

/// The values `op`'s body uses from outside it: constants (cloned into a
/// chunk's function) and others (passed to it).
static void getCaptured(linalg::GenericOp op, SmallVectorImpl<Value> &constants,
                        SmallVectorImpl<Value> &others) {
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  for (Value value : captured) {
    if (matchPattern(value, m_Constant()))
      constants.push_back(value);
    else
      others.push_back(value);
  }
}

/// Whether `op`'s init is a fresh allocation none of its inputs reads: it
/// may then be declared `noalias` in the chunk's function, which spares
/// LLVM's loop vectorizer run-time overlap checks it cannot always build
/// (with a row reversal it built none and left the loop scalar).
static bool initIsFreshAndApart(linalg::GenericOp op) {
  Value root = getRootBuffer(op.getDpsInits().front());
  if (!root.getDefiningOp<memref::AllocOp>())
    return false;
  return llvm::none_of(op.getDpsInputs(), [&](Value input) {
    return isa<MemRefType>(input.getType()) && getRootBuffer(input) == root;
  });
}

/// A private function that runs `op` on operands of `types` (its own, then
/// the non-constant values its body uses from outside): each thread's chunk
/// calls it. Compiled apart (`noinline`), its loops get LLVM's loop
/// vectorizer, which gave up on the same loops inside the OpenMP region's
/// outlined body.
static func::FuncOp outlineChunk(linalg::GenericOp op, TypeRange types,
                                 SymbolTable &symbols) {
  auto parent = op->getParentOfType<func::FuncOp>();
  OpBuilder builder(op.getContext());
  auto function = func::FuncOp::create(builder, op.getLoc(),
                                       (parent.getName() + "__chunk").str(),
                                       builder.getFunctionType(types, {}));
  function.setPrivate();
  function->setAttr("passthrough",
                    builder.getArrayAttr({builder.getStringAttr("noinline")}));
  if (initIsFreshAndApart(op)) {
    // The init's pointers in the function's LLVM signature, where each
    // memref becomes (allocated, aligned, offset, sizes, strides):
    // --slice-finalize-to-llvm declares them noalias.
    int64_t position = 0;
    unsigned init = op.getDpsInitOperand(0)->getOperandNumber();
    for (Type type : types.take_front(init)) {
      auto memref = dyn_cast<MemRefType>(type);
      position += memref ? 3 + 2 * memref.getRank() : 1;
    }
    function->setAttr(kNoAliasPointerArgs,
                      builder.getDenseI64ArrayAttr({position, position + 1}));
  }
  symbols.insert(function, std::next(Block::iterator(parent)));
  Block *entry = function.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  SmallVector<Value> constants, others;
  getCaptured(op, constants, others);
  IRMapping mapping;
  unsigned numOperands = op->getNumOperands();
  mapping.map(op->getOperands(), entry->getArguments().take_front(numOperands));
  mapping.map(others, entry->getArguments().drop_front(numOperands));
  for (Value constant : constants)
    mapping.map(constant,
                builder.clone(*constant.getDefiningOp())
                    ->getResult(cast<OpResult>(constant).getResultNumber()));
  builder.clone(*op, mapping);
  func::ReturnOp::create(builder, op.getLoc());
  return function;
}

/// `op` on rows [start, start + count) of its outermost loop: every operand
/// that loop indexes is cut to those rows, and `chunk` (made on the first
/// call) is called on them.
static void callOnRows(OpBuilder &builder, Location loc, linalg::GenericOp op,
                       Value start, Value count, func::FuncOp &chunk,
                       SymbolTable &symbols) {
  OpFoldResult one = builder.getIndexAttr(1);
  SmallVector<Value> operands;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !map.isFunctionOfDim(0)) {
      operands.push_back(operand.get());
      continue;
    }
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      strides.push_back(one);
      if (expr.isFunctionOfDim(0)) {
        offsets.push_back(start);
        sizes.push_back(count);
        continue;
      }
      offsets.push_back(builder.getIndexAttr(0));
      sizes.push_back(memref::getMixedSize(builder, loc, operand.get(), dim));
    }
    operands.push_back(memref::SubViewOp::create(builder, loc, operand.get(),
                                                 offsets, sizes, strides));
  }
  SmallVector<Value> constants, others;
  getCaptured(op, constants, others);
  llvm::append_range(operands, others);
  if (!chunk)
    chunk = outlineChunk(op, ValueRange(operands).getTypes(), symbols);
  func::CallOp::create(builder, loc, chunk, operands);
}

/// Replaces `op` by a choice at run time: rows in chunks on threads when its
/// result holds at least `parallelBytes`, the op as it was otherwise.
static void parallelize(linalg::GenericOp op, int64_t parallelBytes,
                        SymbolTable &symbols) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  // The elements the op visits, a row of them for each step of its
  // outermost loop: its result's for an element-wise op, its widest
  // input's for a reduction (whose result is small).
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(builder, loc);
  int64_t elementBits = cast<MemRefType>(op.getDpsInits().front().getType())
                            .getElementTypeBitWidth();
  if (op.getNumParallelLoops() != op.getNumLoops())
    for (Value input : op.getDpsInputs())
      if (auto type = dyn_cast<MemRefType>(input.getType()))
        elementBits =
            std::max<int64_t>(elementBits, type.getElementTypeBitWidth());
  int64_t elementBytes = std::max<int64_t>(1, llvm::divideCeil(elementBits, 8));
  ArithIndexBuilder arith(builder, loc);
  OpFoldResult rows = ranges.front().size;
  OpFoldResult rowElements = builder.getIndexAttr(1);
  for (const Range &range : llvm::drop_begin(ranges))
    rowElements = arith.mul(rowElements, range.size);
  OpFoldResult rowBytes =
      arith.mul(rowElements, builder.getIndexAttr(elementBytes));
  Value bytes = arith.materialize(arith.mul(rows, rowBytes));
  Value enough = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::sge, bytes,
      arith::ConstantIndexOp::create(builder, loc, parallelBytes));
  auto choice = scf::IfOp::create(builder, loc, enough, /*withElse=*/true);

  // Chunks of a 64th of the rows, of 16 KiB to 1 MiB where rows allow
  // (the copies' chunks, CopyRuns.h).
  builder.setInsertionPointToStart(choice.thenBlock());
  ArithIndexBuilder inside(builder, loc);
  OpFoldResult safeRowBytes = inside.max(rowBytes, builder.getIndexAttr(1));
  OpFoldResult chunk = inside.divTrunc(
      inside.add(rows, builder.getIndexAttr(kParallelChunkPieces - 1)),
      builder.getIndexAttr(kParallelChunkPieces));
  chunk = inside.max(
      chunk, inside.divTrunc(
                 inside.add(builder.getIndexAttr(kMinParallelChunkBytes - 1),
                            safeRowBytes),
                 safeRowBytes));
  chunk = inside.min(
      chunk,
      inside.max(builder.getIndexAttr(1),
                 inside.divTrunc(builder.getIndexAttr(kMaxParallelChunkBytes),
                                 safeRowBytes)));
  Value step = inside.materialize(chunk);
  Value total = inside.materialize(rows);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  func::FuncOp chunkFunction;
  scf::ParallelOp::create(
      builder, loc, zero, total, step,
      [&](OpBuilder &nb, Location nl, ValueRange ivs) {
        Value start = ivs.front();
        Value count = arith::MinSIOp::create(
            nb, nl, step, arith::SubIOp::create(nb, nl, total, start));
        callOnRows(nb, nl, op, start, count, chunkFunction, symbols);
      });
  builder.setInsertionPointToStart(choice.elseBlock());
  builder.clone(*op);
  op.erase();
}

namespace {
struct SliceParallelElementwisePass
    : mlir::slice::impl::SliceParallelElementwiseBase<
          SliceParallelElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    if (parallelBytes < 0)
      return;
    // Reductions as the generic ops they stand for, which the rewrites
    // after this pass take too.
    SmallVector<linalg::ReduceOp> reduces;
    getOperation().walk([&](linalg::ReduceOp op) {
      if (op.hasPureBufferSemantics())
        reduces.push_back(op);
    });
    for (linalg::ReduceOp op : reduces)
      (void)namedAsGeneric(op);
    SmallVector<linalg::GenericOp> ops;
    getOperation().walk([&](linalg::GenericOp op) {
      if ((isElementwiseOnBuffers(op) || isRowReductionOnBuffers(op)) &&
          op->getParentOfType<func::FuncOp>())
        ops.push_back(op);
    });
    SymbolTable symbols(getOperation());
    for (linalg::GenericOp op : ops)
      parallelize(op, parallelBytes, symbols);
  }
};
} // namespace
