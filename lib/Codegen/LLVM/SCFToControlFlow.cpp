//===- SCFToControlFlow.cpp - scf to cf, the last op first ----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-scf-to-cf` (Passes.td): upstream's lowering patterns of
// `--convert-scf-to-cf`, applied to the last op of a block first. Each
// lowering splits the block at its op and moves what follows into a new
// block, one op at a time (each op learns its new block); upstream's
// conversion driver lowers the first op first, which moves all the rest of
// the function each time: a body of thousands of loops took a minute.
// From the back, each split moves only the ops up to the next lowered op.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICESCFTOCONTROLFLOW
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {
struct SliceSCFToControlFlowPass
    : mlir::slice::impl::SliceSCFToControlFlowBase<SliceSCFToControlFlowPass> {
  void runOnOperation() override {
    // Post-order: an op after the ops it holds, and after the ops before
    // it. The driver takes the list from its back: the last op first, an
    // op before those it holds.
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op != getOperation() &&
          isa_and_nonnull<scf::SCFDialect>(op->getDialect()) &&
          !op->hasTrait<OpTrait::IsTerminator>())
        ops.push_back(op);
    });
    if (ops.empty())
      return markAllAnalysesPreserved();
    RewritePatternSet patterns(&getContext());
    populateSCFToControlFlowConversionPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
        .enableFolding(false)
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
    // What the patterns do not lower (upstream's pass fails on it too).
    WalkResult left = getOperation()->walk([&](Operation *op) {
      if (op == getOperation() ||
          !isa_and_nonnull<scf::SCFDialect>(op->getDialect()) ||
          op->hasTrait<OpTrait::IsTerminator>())
        return WalkResult::advance();
      op->emitOpError("has no lowering to the cf dialect here");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
