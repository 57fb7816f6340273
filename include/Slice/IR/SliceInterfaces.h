//===- SliceInterfaces.h - The spec the slice ops share ---------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The op interfaces of the two spec encodings (SliceInterfaces.td) and the
// translation between an op's static lists and the semantics library's
// known-or-unknown values.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_IR_SLICEINTERFACES_H
#define SLICE_IR_SLICEINTERFACES_H

#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir {
namespace slice {

/// Static values (a shape, or a spec's static entries) for the semantics
/// library: ShapedType::kDynamic becomes unknown. Dynamic entries stay
/// unknown even when their SSA value is a constant: the verifier must not
/// depend on producers, or folding a value in dead code (a stride that
/// becomes 0) would make valid IR invalid.
SmallVector<MaybeInt> toMaybeInts(ArrayRef<int64_t> values);

/// The other way: unknown becomes ShapedType::kDynamic.
SmallVector<int64_t> fromMaybeInts(ArrayRef<MaybeInt> values);

/// A TensorFlow spec with its entries as static values or SSA values.
struct MixedSliceSpec {
  SmallVector<OpFoldResult> begin, end, strides;
  SliceMasks masks;
};

/// The most precise type of the slice `spec` selects from a tensor of type
/// `sourceType`, or std::nullopt with `error` set when the spec is invalid
/// there.
std::optional<RankedTensorType> inferSliceType(RankedTensorType sourceType,
                                               const SparseSliceSpec &spec,
                                               std::string &error);

namespace detail {
/// The spec the static lists of an op state (dynamic entries unknown).
SparseSliceSpec getSparseSpec(ArrayRef<int64_t> begin, ArrayRef<int64_t> end,
                              ArrayRef<int64_t> strides,
                              const SliceMasks &masks, bool offset);
/// The checks every op with a TensorFlow spec makes: one SSA value per
/// dynamic marker in each list.
LogicalResult verifySliceSpecOp(Operation *op);
/// SliceSpecOpInterface::isNormalForm.
bool isNormalForm(Operation *op);
/// The checks every op with an axes spec makes: the index lists, as above,
/// and axes the semantics library accepts.
LogicalResult verifySliceAxesSpecOp(Operation *op);
/// SliceAxesSpecOpInterface::getEquivalentStridedSpec.
std::optional<MixedSliceSpec> getEquivalentStridedSpec(Operation *op);
} // namespace detail

} // namespace slice
} // namespace mlir

#include "Slice/IR/SliceInterfaces.h.inc"

namespace mlir {
namespace slice {
/// Whether the spec of `op` has the normal form's shape: offset mode, no
/// begin, end or ellipsis mask bits, one entry per input dimension and new
/// axis. What normalization gives every valid op; `isNormalForm` also asks
/// for known values with nothing left to check at run time.
bool hasNormalFormShape(SliceSpecOpInterface op);
} // namespace slice
} // namespace mlir

#endif // SLICE_IR_SLICEINTERFACES_H
