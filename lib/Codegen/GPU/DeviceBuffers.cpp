//===- DeviceBuffers.cpp - The GPU pipeline's buffers in device memory ----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// `--slice-device-buffers`: after bufferization, the buffers of host
// functions live in device memory (gpu.alloc / gpu.dealloc), temporaries are
// freed before their block returns, and constants get a device copy.
//
//===----------------------------------------------------------------------===//

#include "Slice/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace slice {
#define GEN_PASS_DEF_SLICEDEVICEBUFFERS
#include "Slice/Codegen/Passes.h.inc"
} // namespace slice
} // namespace mlir

using namespace mlir;
using namespace mlir::slice;

/// Whether the buffer `value` (or a view of it) may outlive the block that
/// made it: it reaches a terminator, a call, a store, or an op that is
/// neither a view, a copy, nor inside a kernel-to-be (a parallel loop).
static bool mayEscape(Value value) {
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ViewLikeOpInterface, memref::CastOp, memref::ReinterpretCastOp>(
              user)) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      if (isa<memref::CopyOp, linalg::CopyOp, memref::DeallocOp, gpu::MemcpyOp,
              gpu::MemsetOp, memref::ExtractStridedMetadataOp,
              memref::ExtractAlignedPointerAsIndexOp, memref::DimOp>(user))
        continue;
      if (auto generic = dyn_cast<linalg::LinalgOp>(user);
          generic && generic.hasPureBufferSemantics())
        continue;
      return true;
    }
  }
  return false;
}

namespace {
struct SliceDeviceBuffersPass
    : mlir::slice::impl::SliceDeviceBuffersBase<SliceDeviceBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    IRRewriter rewriter(&getContext());
    bool failedAccess = false;
    function.walk([&](Operation *op) {
      if (!isa<memref::LoadOp, memref::StoreOp>(op) ||
          op->getParentOfType<scf::ParallelOp>() ||
          op->getParentOfType<gpu::LaunchOp>())
        return;
      Value memref =
          isa<memref::LoadOp>(op) ? op->getOperand(0) : op->getOperand(1);
      // Stack buffers stay on the host; everything else is device memory.
      Operation *def = memref.getDefiningOp();
      while (def && isa<ViewLikeOpInterface>(def))
        def = cast<ViewLikeOpInterface>(def).getViewSource().getDefiningOp();
      if (def && isa<memref::AllocaOp>(def))
        return;
      op->emitError() << "'" << op->getName()
                      << "' reads or writes the device buffer " << memref
                      << " on the host; the GPU pipeline runs element "
                         "accesses only in kernels";
      failedAccess = true;
    });
    if (failedAccess)
      return signalPassFailure();

    SmallVector<Value> fresh;
    function.walk([&](memref::GetGlobalOp global) {
      // A constant tensor's data is host memory: give it a device copy.
      if (global->use_empty())
        return;
      rewriter.setInsertionPointAfter(global);
      auto type = cast<MemRefType>(global.getType());
      auto alloc = gpu::AllocOp::create(
          rewriter, global.getLoc(), type, /*asyncToken=*/Type(), ValueRange{},
          ValueRange{}, ValueRange{}, /*hostShared=*/false);
      rewriter.replaceAllUsesWith(global, alloc.getMemref());
      gpu::MemcpyOp::create(rewriter, global.getLoc(), TypeRange{},
                            ValueRange{}, alloc.getMemref(), global);
      fresh.push_back(alloc.getMemref());
    });
    function.walk([&](memref::AllocOp alloc) {
      rewriter.setInsertionPoint(alloc);
      auto device = rewriter.replaceOpWithNewOp<gpu::AllocOp>(
          alloc, alloc.getType(), /*asyncToken=*/Type(), ValueRange{},
          alloc.getDynamicSizes(), alloc.getSymbolOperands(),
          /*hostShared=*/false);
      fresh.push_back(device.getMemref());
    });
    function.walk([&](memref::DeallocOp dealloc) {
      rewriter.setInsertionPoint(dealloc);
      rewriter.replaceOpWithNewOp<gpu::DeallocOp>(
          dealloc, /*asyncToken=*/Type(), ValueRange{}, dealloc.getMemref());
    });

    // Temporaries: buffers that nothing takes out of their block and that
    // no dealloc frees are freed before the block returns, or ends a step
    // of a loop or a branch (one made in each step of a loop would
    // otherwise stay allocated until the process ends).
    for (Value buffer : fresh) {
      Block *block = buffer.getParentBlock();
      Operation *terminator = block->getTerminator();
      bool hostBlock =
          isa<func::ReturnOp>(terminator) ||
          (isa<scf::YieldOp, scf::ConditionOp>(terminator) &&
           isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::IndexSwitchOp>(
               terminator->getParentOp()));
      if (!hostBlock || mayEscape(buffer) ||
          llvm::any_of(buffer.getUsers(), [](Operation *user) {
            return isa<gpu::DeallocOp>(user);
          }))
        continue;
      rewriter.setInsertionPoint(terminator);
      gpu::DeallocOp::create(rewriter, buffer.getLoc(), Type(), ValueRange{},
                             buffer);
    }
  }
};
} // namespace
