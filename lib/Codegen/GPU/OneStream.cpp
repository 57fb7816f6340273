//===- OneStream.cpp - One stream per call of a host function -------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-gpu-one-stream` (Passes.td): after `gpu-async-region`, the GPU
// work of a host function on one stream made at its entry, waited for once
// before each return, instead of a stream and a synchronization per block
// (per step of a loop).
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEGPUONESTREAM
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;

namespace {

/// Whether the host code of `func` (outside gpu ops and kernels) may
/// observe device work in flight: a call (its GPU work runs on a stream of
/// its own) or an op that reads or writes memory.
bool hostMayObserveDevice(func::FuncOp func) {
  WalkResult result = func.walk([](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()))
      return WalkResult::skip();
    if (isa<CallOpInterface>(op))
      return WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::advance();
    if (effects.hasEffect<MemoryEffects::Read>() ||
        effects.hasEffect<MemoryEffects::Write>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

struct OneStream : slice::impl::SliceGPUOneStreamBase<OneStream> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<gpu::WaitOp> waits;
    func.walk([&](gpu::WaitOp wait) { waits.push_back(wait); });
    if (waits.empty() || func.isExternal() || hostMayObserveDevice(func))
      return;
    OpBuilder builder(func.getBody());
    Type token = builder.getType<gpu::AsyncTokenType>();
    Value stream =
        gpu::WaitOp::create(builder, func.getLoc(), token, ValueRange())
            .getAsyncToken();
    for (gpu::WaitOp wait : waits) {
      if (Value result = wait.getAsyncToken())
        result.replaceAllUsesWith(stream);
      wait.erase();
    }
    func.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      gpu::WaitOp::create(builder, ret.getLoc(), Type(), ValueRange(stream));
    });
  }
};

} // namespace
