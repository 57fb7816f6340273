//===- PartAlong.h - A part of a tensor along one dimension -----*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The slice of a concat's part: what --slice-split-concat-consumers reads
// of each operand, and where --slice-bufferize-chains writes each part.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_TRANSFORMS_PROGRAM_PARTALONG_H
#define SLICE_LIB_TRANSFORMS_PROGRAM_PARTALONG_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace slice {
namespace detail {

/// The offsets, sizes and strides of a slice.
struct SliceParameters {
  SmallVector<OpFoldResult> offsets, sizes, strides;
};

/// The part of `value`'s shape from `offset` along `dim`, `size` long (the
/// whole dimension when null), whole along the others, unit strides; the
/// run-time sizes read at `builder`'s point.
inline SliceParameters getPartAlong(OpBuilder &builder, Location loc,
                                    Value value, int64_t dim,
                                    OpFoldResult offset,
                                    OpFoldResult size = {}) {
  auto type = cast<RankedTensorType>(value.getType());
  SliceParameters part;
  part.offsets.assign(type.getRank(), builder.getIndexAttr(0));
  part.sizes = tensor::getMixedSizes(builder, loc, value);
  part.strides.assign(type.getRank(), builder.getIndexAttr(1));
  part.offsets[dim] = offset;
  if (size)
    part.sizes[dim] = size;
  return part;
}

} // namespace detail
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_TRANSFORMS_PROGRAM_PARTALONG_H
