//===- NormalForm.h - The normal form of slice.strided ----------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The explicit per-dimension normal form of slice.strided (see
// docs/normal-form.md) as plain values, and the rewrites into it. The view
// a normal-form spec denotes is in SliceView.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_NORMALFORM_H
#define SLICE_UTILS_NORMALFORM_H

#include "Slice/IR/SliceOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace slice {

/// A spec in normal form: offset mode, one entry per input dimension plus
/// one per new axis, only shrink and new-axis mask bits.
struct NormalFormSpec {
  SmallVector<OpFoldResult> begin, end, strides;
  SliceMasks masks;
  /// The number of elements of each entry (1 for a shrink entry or a new
  /// axis), when the one who built the spec counted them already
  /// (emitNormalFormSpec does, from the clamped range); empty otherwise, and
  /// computeSliceView counts them from the extents.
  SmallVector<OpFoldResult> sizes;
};

/// Emits, before the current insertion point, the arith ops that compute the
/// normal form of the spec of `op` (a slice or an update) on an indexed
/// tensor whose dimension sizes are `sourceSizes`, and a `cf.assert` for
/// every check only run time can make (a zero or, on a shrink entry,
/// negative stride, a shrink index or offset window out of range), its
/// message naming the op. Fails for an op the verifier rejects. The spec is
/// one the op stays valid with (the semantics library checks it): for an
/// update, one under which the value still fits (a size the value is
/// checked against at run time stays dynamic).
FailureOr<NormalFormSpec>
emitNormalFormSpec(OpBuilder &builder, Location loc, SliceSpecOpInterface op,
                   ArrayRef<OpFoldResult> sourceSizes);

/// Why `emitNormalFormSpec` / `normalizeStridedOp` fail on `op`, as a
/// phrase for a diagnostic: the semantics library's reason to reject the
/// spec (a verified op has a normal form).
std::string explainNormalFormFailure(SliceSpecOpInterface op);

/// Rewrites `op` into the normal form, emitting the arith ops and run-time
/// checks before it. Returns the op in normal form (`op` itself when it
/// already is), or failure for an invalid op, in which case nothing is
/// built and the IR is unchanged. When `spec` is given, it receives the
/// spec the new op was built from, sizes included (left as it is when `op`
/// already is in normal form).
FailureOr<StridedOp> normalizeStridedOp(RewriterBase &rewriter, StridedOp op,
                                        NormalFormSpec *spec = nullptr);

/// The same for `slice.strided_update`: its spec becomes the normal form of
/// the slice it writes (offset mode, one entry per dimension, the checks
/// emitted before it, naming slice.strided_update). Returns `op` itself
/// when that slice already is in normal form.
FailureOr<StridedUpdateOp> normalizeStridedUpdateOp(RewriterBase &rewriter,
                                                    StridedUpdateOp op);

/// The spec of an op that `isNormalForm()`, as it stands.
NormalFormSpec getNormalFormSpec(SliceSpecOpInterface op);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_NORMALFORM_H
