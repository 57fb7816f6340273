//===- BufferRoots.h - The buffers views are views of -----------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Internal to SliceCodegen's GPU passes that join copies
// (--slice-batch-copies, --slice-copies-to-gpu's merge-copies): the buffer
// a view views, and whether nothing else can alias it.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CODEGEN_GPU_BUFFERROOTS_H
#define SLICE_LIB_CODEGEN_GPU_BUFFERROOTS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace slice {
namespace detail {

/// The buffer `view` is a view of, through view-like ops.
inline Value rootOf(Value view) {
  while (auto viewLike = view.getDefiningOp<ViewLikeOpInterface>())
    view = viewLike.getViewSource();
  return view;
}

/// A buffer this function allocated: nothing else aliases it.
inline bool isAllocation(Value root) {
  return root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>() ||
         root.getDefiningOp<gpu::AllocOp>();
}

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CODEGEN_GPU_BUFFERROOTS_H
