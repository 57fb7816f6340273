//===- NormalForm.h - The normal form and the view it denotes ---*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The explicit per-dimension normal form of slice.strided (see
// docs/normal-form.md) as plain values, and the upstream view (offsets,
// sizes, strides per input dimension, dropped dimensions, new axes) that a
// normal-form spec denotes. The conversion to tensor.extract_slice and the
// bufferization of slice.strided into memref.subview both build from these,
// so the two routes produce the same views.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_NORMALFORM_H
#define SLICE_UTILS_NORMALFORM_H

#include "Slice/IR/SliceOps.h"

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
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
/// normal form of `op` on a source whose dimension sizes are `sourceSizes`,
/// and a `cf.assert` for every check only run time can make (a zero or, on a
/// shrink entry, negative stride, a shrink index or offset window out of
/// range). The checks' messages start with `opName` (the op whose spec
/// it is: slice.strided_update lowers through the slice it writes). Fails
/// for an op the verifier rejects.
/// For the slice an update writes, `valueType` is the update's value type:
/// the spec is then one under which the value still fits (a size the value
/// is checked against at run time stays dynamic).
FailureOr<NormalFormSpec> emitNormalFormSpec(OpBuilder &builder, Location loc,
                                             StridedOp op,
                                             ArrayRef<OpFoldResult> sourceSizes,
                                             StringRef opName = "slice.strided",
                                             RankedTensorType valueType = {});

/// Why `emitNormalFormSpec` / `normalizeStridedOp` fail on `op`, as a
/// phrase for a diagnostic: the semantics library's reason to reject the
/// spec (a verified op has a normal form).
std::string explainNormalFormFailure(StridedOp op);

/// Rewrites `op` into the normal form, emitting the arith ops and run-time
/// checks before it. Returns the op in normal form (`op` itself when it
/// already is), or failure for an invalid op, in which case nothing is
/// built and the IR is unchanged.
/// `opName` starts the checks' messages, as for emitNormalFormSpec. When
/// `spec` is given, it receives the spec the new op was built from, sizes
/// included (left as it is when `op` already is in normal form).
FailureOr<StridedOp> normalizeStridedOp(RewriterBase &rewriter, StridedOp op,
                                        StringRef opName = "slice.strided",
                                        NormalFormSpec *spec = nullptr);

/// The same for `slice.strided_update`: its spec becomes the normal form of
/// the slice it writes (offset mode, one entry per dimension, the checks
/// emitted before it, naming slice.strided_update). Returns `op` itself
/// when that slice already is in normal form.
FailureOr<StridedUpdateOp> normalizeStridedUpdateOp(RewriterBase &rewriter,
                                                    StridedUpdateOp op);

/// The spec of an op that `isNormalForm()`, as it stands.
NormalFormSpec getNormalFormSpec(StridedOp op);

/// The static structure of the view of a normal-form spec: where each
/// input dimension lands in the result and how new axes are re-inserted.
/// It depends on the masks only, so a buffer type can be predicted from it
/// without building IR.
struct SliceViewLayout {
  /// Per input dimension: the spec entry that slices it.
  SmallVector<unsigned> entries;
  /// Per input dimension: its result position, or -1 when it is shrunk
  /// (size 1, dropped by a rank-reducing slice).
  SmallVector<int64_t> resultPositions;
  /// How the new axes expand the kept dimensions into the result: each new
  /// axis joins the group of the next kept dimension, trailing ones the
  /// last group; empty when no dimension is kept (a rank-0 expansion).
  SmallVector<ReassociationIndices> reassociation;
  unsigned resultRank = 0;

  /// Whether an expand_shape must re-insert new axes.
  bool hasNewAxes() const;
  /// The result positions of the kept dimensions, in order.
  SmallVector<int64_t> getKeptResultPositions() const;
  /// How a view that keeps every input dimension collapses into the
  /// rank-reduced one: each shrunk dimension joins the group of the next
  /// kept dimension (the last kept one when none follows).
  SmallVector<ReassociationIndices> getShrinkCollapseGroups() const;
};

/// The layout of a normal-form spec of `numEntries` entries under `masks`.
SliceViewLayout getSliceViewLayout(const SliceMasks &masks,
                                   unsigned numEntries);

/// What a normal-form spec selects, in the terms of tensor.extract_slice /
/// memref.subview followed by an expand_shape for the new axes.
struct SliceView {
  SliceViewLayout layout;
  /// One entry per input dimension.
  SmallVector<OpFoldResult> offsets, sizes, strides;
  /// The shape after the rank-reducing slice (kept dimensions only) and
  /// the full result shape, static where the result type says so.
  SmallVector<OpFoldResult> reducedSizes, resultSizes;
  /// The slice is known to select nothing (or to be unreachable: its
  /// assert fails): some size is known to be 0, the source has a static
  /// 0-size dimension, a static offset lies outside its static
  /// dimension, which only an empty range or a failing shrink index has,
  /// or the known sizes multiply past INT64_MAX, which only a failing
  /// offset-mode window has (the result's dynamic sizes are then 0).
  /// Such a view is not expressible as a slice (upstream rejects a static
  /// offset outside the dimension even for size 0), and the result is a
  /// fresh empty value.
  bool knownEmpty = false;

  /// The static shape of `reducedSizes` / `resultSizes`.
  SmallVector<int64_t> getReducedShape() const;
  SmallVector<int64_t> getResultShape() const;

  /// Whether a rank-reducing slice would be ambiguous: it drops a unit
  /// dimension next to a kept dimension of size 1. Once bufferized with
  /// unknown strides, upstream's expand-strided-metadata cannot tell which
  /// one was dropped and drops the wrong one
  /// (test/Regression/fuzz-ambiguous-unit-dims*.mlir). Such a view keeps
  /// every dimension (getFullRankSizes) and collapses the shrunk ones
  /// (SliceViewLayout::getShrinkCollapseGroups).
  bool isAmbiguousRankReduction() const;
  /// Per input dimension, the size of the view that keeps every dimension:
  /// 1 for a shrunk one, the reduced size for a kept one.
  SmallVector<OpFoldResult> getFullRankSizes() const;
};

/// Computes the view of the normal-form `spec` on a source of shape
/// `sourceShape` for a result of type `resultType`, emitting the size
/// arithmetic (the semantics library's `countElements`) for dynamic entries
/// whose size `spec.sizes` does not give. Sizes the result type knows are
/// taken from it.
SliceView computeSliceView(OpBuilder &builder, Location loc,
                           const NormalFormSpec &spec,
                           ArrayRef<int64_t> sourceShape,
                           RankedTensorType resultType);

} // namespace slice
} // namespace mlir

#endif // SLICE_UTILS_NORMALFORM_H
