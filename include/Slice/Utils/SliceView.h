//===- SliceView.h - The view a normal-form slice denotes -------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The offsets, sizes and strides of the upstream slice (tensor.extract_slice
// or memref.subview) that a normal-form spec denotes, the dimensions a
// rank-reducing slice drops and the reassociation that re-inserts new axes:
// what the conversions, the bufferization model and the copy lowering
// build their views from.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_UTILS_SLICEVIEW_H
#define SLICE_UTILS_SLICEVIEW_H

#include "Slice/Utils/NormalForm.h"

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

namespace mlir {
namespace slice {

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
  /// dimension next to a kept dimension of size 1, or of a dynamic size
  /// (which upstream's cast folding may make 1 later). Once bufferized with
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

#endif // SLICE_UTILS_SLICEVIEW_H
