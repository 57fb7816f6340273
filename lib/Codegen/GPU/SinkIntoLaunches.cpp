//===- SinkIntoLaunches.cpp - Index computations into gpu.launch bodies ---===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-sink-into-launches` (Passes.td): upstream's
// `--gpu-launch-sink-index-computations`, the same ops sunk in the same
// order, with the uses inside each launch rewritten by one walk of its
// body. Upstream rewrites them with `replaceAllUsesInRegionWith`, which
// visits every use of the value in the function: a constant that all N
// launches use is visited N times per launch, O(N^2) (27 of 37 s of a
// chain of 4096 slice_scatter through `--slice-to-nvvm`).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICESINKINTOLAUNCHES
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {

/// Upstream's choice (KernelOutlining.cpp): constants and the ops of index
/// computations, none with side effects.
bool isLikelyAnIndexComputation(Operation *op) {
  return matchPattern(op, m_Constant()) ||
         isa<memref::DimOp, arith::SelectOp, arith::CmpIOp>(op);
}

/// Appends `op` to `sunk` after the ops its operands need, when all of
/// them are available in the launch (already used there, or sunk too);
/// the order upstream's `extractBeneficiaryOps` gives.
bool collect(Operation *op, const SetVector<Value> &usedAbove,
             SetVector<Operation *> &sunk, DenseSet<Value> &available) {
  if (sunk.contains(op))
    return true;
  if (!isLikelyAnIndexComputation(op))
    return false;
  for (Value operand : op->getOperands()) {
    if (available.contains(operand))
      continue;
    Operation *def = operand.getDefiningOp();
    if ((!def || !collect(def, usedAbove, sunk, available)) &&
        !usedAbove.contains(operand))
      return false;
  }
  sunk.insert(op);
  available.insert(op->result_begin(), op->result_end());
  return true;
}

void sinkInto(gpu::LaunchOp launch) {
  Region &body = launch.getBody();
  SetVector<Value> usedAbove;
  getUsedValuesDefinedAbove(body, usedAbove);
  SetVector<Operation *> sunk;
  DenseSet<Value> available;
  for (Value value : usedAbove)
    if (Operation *def = value.getDefiningOp())
      collect(def, usedAbove, sunk, available);
  if (sunk.empty())
    return;

  IRMapping map;
  OpBuilder builder(body);
  SmallPtrSet<Operation *, 16> clones;
  for (Operation *op : sunk)
    clones.insert(builder.clone(*op, map));
  // Every use in the body of a sunk op's result, in one walk (the clones'
  // own operands are mapped already).
  body.walk([&](Operation *op) {
    if (clones.contains(op))
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (Value clone = map.lookupOrNull(operand.get()))
        operand.set(clone);
  });
}

struct SliceSinkIntoLaunchesPass
    : mlir::slice::impl::SliceSinkIntoLaunchesBase<SliceSinkIntoLaunchesPass> {
  void runOnOperation() override {
    getOperation()->walk([](gpu::LaunchOp launch) { sinkInto(launch); });
  }
};

} // namespace
