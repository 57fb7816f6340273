//===- ForwardArgumentViews.cpp - Returned views of arguments stay views --===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-forward-argument-views` (Passes.td): the `bufferization.clone`
// that ownership-based deallocation puts on a view of an argument returned
// from an entry point is dropped; the caller gets the view.
//
//===----------------------------------------------------------------------===//

#include "EntryPoints.h"
#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEFORWARDARGUMENTVIEWS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

/// Whether `value` is an argument of `entry` or a view of one through
/// view-like ops (subview, cast, reshapes, reinterpret_cast, ...).
static bool isViewOfArgument(Value value, Block *entry) {
  while (true) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return argument.getOwner() == entry;
    auto view = value.getDefiningOp<ViewLikeOpInterface>();
    if (!view || view.getViewDest() != value)
      return false;
    value = view.getViewSource();
  }
}

/// Whether the only uses of `clone`'s result are the function's return and
/// the retained lists of deallocations (which only keep what aliases it
/// alive: nothing the function owns aliases an argument).
static bool isOnlyReturned(bufferization::CloneOp clone) {
  return llvm::all_of(clone->getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<func::ReturnOp>(user))
      return true;
    auto dealloc = dyn_cast<bufferization::DeallocOp>(user);
    return dealloc && use.getOperandNumber() >=
                          dealloc.getRetained().getBeginOperandIndex();
  });
}

namespace {
struct SliceForwardArgumentViewsPass
    : mlir::slice::impl::SliceForwardArgumentViewsBase<
          SliceForwardArgumentViewsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool changed = false;
    for (func::FuncOp function : slice::getEntryPoints(module)) {
      Block *entry = &function.getBody().front();
      SmallVector<bufferization::CloneOp> clones;
      function.walk([&](bufferization::CloneOp clone) {
        if (clone.getInput().getType() == clone.getType() &&
            isViewOfArgument(clone.getInput(), entry) && isOnlyReturned(clone))
          clones.push_back(clone);
      });
      for (bufferization::CloneOp clone : clones) {
        clone.getOutput().replaceAllUsesWith(clone.getInput());
        clone.erase();
      }
      changed |= !clones.empty();
    }
    // Nothing to verify again (the pass manager skips it).
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
