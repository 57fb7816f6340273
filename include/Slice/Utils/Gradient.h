//===- Gradient.h - The gradient of slice.strided ---------------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The builder an autodiff pass calls for each slice.strided it
// differentiates (docs/guide.md).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_GRADIENT_H
#define SLICE_UTILS_GRADIENT_H

#include "Slice/IR/SliceOps.h"

namespace mlir {
namespace slice {

/// The gradient of `slice` (TensorFlow's StridedSliceGrad, MindSpore's
/// StridedSliceGrad, Paddle's strided_slice_grad): `dy`, the gradient of its
/// result, written into zeros of its source's type (dynamic sizes read from
/// its source) with its spec, i.e. NumPy's `g = zeros(x.shape); g[spec] =
/// dy`. Emitted before the insertion point as `tensor.splat` of a zero and
/// a slice.strided_update; an autodiff pass calls it for each slice it
/// differentiates, with the accumulated gradient of the slice's result. `dy`
/// has the slice's result shape (or broadcasts to it, as an update's value
/// may). Fails, emitting nothing, when `dy` does not fit the slice or the
/// element type has no zero attribute.
FailureOr<Value> buildStridedSliceGradient(OpBuilder &builder, Location loc,
                                           StridedOp slice, Value dy);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_GRADIENT_H
