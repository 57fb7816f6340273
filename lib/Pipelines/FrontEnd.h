//===- FrontEnd.h - What the CPU and GPU pipelines share --------*- C++ -*-===//

#ifndef SLICE_LIB_PIPELINES_FRONTEND_H
#define SLICE_LIB_PIPELINES_FRONTEND_H

#include "Slice/Pipelines/Pipelines.h"

namespace mlir {
namespace slice {
namespace detail {

/// Slice-level simplification, inlining, slices as views or copies,
/// elementwise ops as linalg, and one-shot-bufferize with function
/// boundaries: tensors in, buffers out, nothing target-specific yet. With
/// `denseArguments`, function arguments are identity-layout buffers
/// (`--slice-dense-arguments`) instead of fully dynamic ones. Unless
/// `writableArguments`, the tensor arguments of public functions are
/// read-only (`--slice-read-only-arguments`).
void addSliceFrontEnd(OpPassManager &pm, SliceLowering slices,
                      bool viaBufferization, bool writableArguments,
                      bool denseArguments = false);

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_PIPELINES_FRONTEND_H
