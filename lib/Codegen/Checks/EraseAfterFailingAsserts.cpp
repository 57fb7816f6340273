//===- EraseAfterFailingAsserts.cpp - Code an assert never lets run -------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-erase-after-failing-asserts` (Passes.td): what follows a
// `cf.assert` of a constant false condition in its block is erased, so that
// the placeholder views behind checks known to fail meet no code whose
// static sizes contradict theirs (docs/reliability.md, finding 25).
//
//===----------------------------------------------------------------------===//

#include "PoisonSizes.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEERASEAFTERFAILINGASSERTS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// A value of `type` for uses that never run: of a shaped type, one with
/// its dynamic sizes 0 (a bufferizable tensor, a buffer the deallocation
/// passes own); ub.poison otherwise.
static Value buildUnreadValue(OpBuilder &builder, Location loc, Type type) {
  auto zeroSizes = [&](ShapedType shaped) {
    return slice::detail::zeroDynamicSizes(builder, loc, shaped);
  };
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor::EmptyOp::create(builder, loc, tensor, zeroSizes(tensor));
  if (auto memref = dyn_cast<MemRefType>(type)) {
    auto plain =
        MemRefType::get(memref.getShape(), memref.getElementType(),
                        MemRefLayoutAttrInterface(), memref.getMemorySpace());
    if (memref::CastOp::areCastCompatible(TypeRange{plain},
                                          TypeRange{memref})) {
      Value alloc =
          memref::AllocOp::create(builder, loc, plain, zeroSizes(plain));
      return plain == memref
                 ? alloc
                 : memref::CastOp::create(builder, loc, memref, alloc)
                       .getResult();
    }
  }
  return ub::PoisonOp::create(builder, loc, type);
}

/// Erases what follows `assert` in its block, up to the terminator.
static void eraseAfter(cf::AssertOp assert, RewriterBase &rewriter) {
  Block *block = assert->getBlock();
  Operation *end =
      block->mightHaveTerminator() ? block->getTerminator() : nullptr;
  SmallVector<Operation *> doomed;
  for (Operation *op = assert->getNextNode(); op && op != end;
       op = op->getNextNode())
    doomed.push_back(op);
  // Last first: the uses left are outside what is erased.
  for (Operation *op : llvm::reverse(doomed)) {
    for (Value result : op->getResults()) {
      if (result.use_empty())
        continue;
      rewriter.setInsertionPointAfter(assert);
      rewriter.replaceAllUsesWith(
          result, buildUnreadValue(rewriter, op->getLoc(), result.getType()));
    }
    rewriter.eraseOp(op);
  }
}

namespace {
struct SliceEraseAfterFailingAssertsPass
    : mlir::slice::impl::SliceEraseAfterFailingAssertsBase<
          SliceEraseAfterFailingAssertsPass> {
  void runOnOperation() override {
    SmallVector<cf::AssertOp> failing;
    getOperation()->walk<WalkOrder::PreOrder>([&](cf::AssertOp assert) {
      if (matchPattern(assert.getArg(), m_Zero()))
        failing.push_back(assert);
    });
    if (failing.empty())
      return markAllAnalysesPreserved();
    // Last first: an assert erased with what follows an earlier one has
    // been dealt with already.
    IRRewriter rewriter(&getContext());
    for (cf::AssertOp assert : llvm::reverse(failing))
      eraseAfter(assert, rewriter);
  }
};
} // namespace
