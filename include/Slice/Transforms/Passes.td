//===- Passes.td - slice-level transformations -------------*- tablegen -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Passes that rewrite slice ops into other slice ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_TRANSFORMS_PASSES_TD
#define SLICE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SliceNormalize : Pass<"slice-normalize"> {
  let summary = "Rewrite every slice op into the explicit per-dimension "
                "normal form the lowerings consume";
  let description = [{
    Rewrites every `slice.strided_axes` into `slice.strided` (and every
    `slice.strided_axes_update` into `slice.strided_update`), and every
    `slice.strided` and `slice.strided_update` into its normal form
    (docs/normal-form.md; an update takes the normal form of the slice it
    writes): offset
    mode, no ellipsis, begin or end mask bits, one entry per input dimension
    (plus one per new axis) holding the final start, the extent and the
    stride. Static values are computed now; for dynamic dimensions and
    operands the wrap / clamp / size arithmetic is emitted as `arith` ops
    by the semantics library, folding whatever is known.

    What only run time can check (a dynamic stride of 0, a shrink index or
    an offset-mode window out of bounds) becomes a `cf.assert` with a
    message naming the op and the entry, ahead of the slice, so that the
    normal form's values can be trusted by the lowerings.

    Ops already in normal form are left alone: the pass is idempotent.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SliceFoldConstants : Pass<"slice-fold-constants"> {
  let summary = "Fold slices of constants, whatever their size";
  let description = [{
    Replaces every `slice.strided` of a constant (`arith.constant` with a
    dense value) by the constant it computes. The folder run by
    canonicalize only folds splats and results of up to 4096 elements, so
    that big constants are not duplicated by default; this pass folds up to
    `max-elements` elements (any size when negative).
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"-1",
           "The largest result to fold, in elements (negative: no limit)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // SLICE_TRANSFORMS_PASSES_TD
