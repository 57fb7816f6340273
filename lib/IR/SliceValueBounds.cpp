//===- SliceValueBounds.cpp - ValueBoundsOpInterface of the slice ops -----===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// What the sizes of a slice's result are, for upstream's value-bounds
// analysis (padding, allocation hoisting, affine reification): in terms of
// the source's dimensions and the spec's values, from the semantics
// library's dense spec. A dimension gets an equality where the size is a
// closed form (a whole dimension, `x[::2]`, `x[b:]` with b known inside the
// dimension, an offset-mode window) and bounds otherwise: never negative,
// never more than the source's dimension over the stride, and for a range
// whose end is provably not before its begin (in the stride's direction) at
// most ceil((end - begin) / stride) whatever the begin, `x[%b:%b + 4]` at
// most 4. Python's wrapping and clamping only shrink such a range, which
// test/Semantics checks exhaustively on small dimensions.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"

#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::slice;

using ComparisonOperator = ValueBoundsConstraintSet::ComparisonOperator;
using Variable = ValueBoundsConstraintSet::Variable;

/// Adds what is known of dimension `dim` of `result`, the slice `spec` of
/// `source`.
static void populateSliceDimBounds(Value result, int64_t dim, Value source,
                                   const MixedSliceSpec &spec, bool offset,
                                   ValueBoundsConstraintSet &cstr) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  std::string error;
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(getStaticSpec(spec, offset), sourceType.getRank(), error);
  if (!dense || dim >= static_cast<int64_t>(dense->resultToInput.size()))
    return;
  int64_t input = dense->resultToInput[dim];
  if (input == kNewAxis) {
    cstr.bound(result)[dim] == 1;
    return;
  }
  const DenseDimSpec &entry = dense->dims[input];
  AffineExpr size = cstr.getExpr(source, input);
  // A dimension the ellipsis fills (or no entry names) is whole.
  if (entry.entry < 0) {
    cstr.bound(result)[dim] == size;
    return;
  }
  cstr.bound(result)[dim] >= 0;
  cstr.bound(result)[dim] <= size;
  // A constant stride counts, even an SSA one (bounds may rely on what
  // the verifier does not).
  std::optional<int64_t> knownStride =
      getConstantIntValue(spec.strides[entry.entry]);
  if (!knownStride || *knownStride == 0)
    return;
  int64_t stride = *knownStride;
  uint64_t step = llvm::AbsoluteValue(stride);
  // INT64_MIN's magnitude has no int64: such a stride selects one element.
  if (step > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    cstr.bound(result)[dim] <= 1;
    return;
  }
  auto steps = [&](AffineExpr span) {
    return span.ceilDiv(static_cast<int64_t>(step));
  };
  cstr.bound(result)[dim] <= steps(size);
  OpFoldResult begin = spec.begin[entry.entry], end = spec.end[entry.entry];
  // A fact about the spec's values, proven in a constraint set of its own
  // (this one is being populated, and asking it would come back here).
  auto holds = [&](Variable lhs, ComparisonOperator cmp, Variable rhs) {
    return ValueBoundsConstraintSet::compare(lhs, cmp, rhs);
  };
  Builder builder(result.getContext());
  OpFoldResult zero = builder.getIndexAttr(0);

  if (entry.offset) {
    // A window of ceil(extent / stride) elements from its start, when the
    // extent runs in the stride's direction (its check keeps it inside).
    if (!entry.endMasked &&
        holds(end, stride > 0 ? ComparisonOperator::GE : ComparisonOperator::LE,
              zero))
      cstr.bound(result)[dim] ==
          steps(stride > 0 ? cstr.getExpr(end) : -cstr.getExpr(end));
    return;
  }
  if (entry.beginMasked && entry.endMasked) {
    cstr.bound(result)[dim] == steps(size);
    return;
  }
  AffineExpr first = cstr.getExpr(begin), last = cstr.getExpr(end);
  if (stride > 0) {
    if (!entry.beginMasked && !entry.endMasked &&
        holds(end, ComparisonOperator::GE, begin))
      cstr.bound(result)[dim] <= steps(last - first);
    if (entry.beginMasked && holds(end, ComparisonOperator::GE, zero))
      cstr.bound(result)[dim] <= steps(last);
    if (entry.endMasked && holds(begin, ComparisonOperator::GE, zero) &&
        holds(begin, ComparisonOperator::LE, Variable(source, input)))
      cstr.bound(result)[dim] == steps(size - first);
    return;
  }
  if (!entry.beginMasked && !entry.endMasked &&
      holds(begin, ComparisonOperator::GE, end))
    cstr.bound(result)[dim] <= steps(first - last);
  if (entry.endMasked && holds(begin, ComparisonOperator::GE, zero) &&
      holds(begin, ComparisonOperator::LT, Variable(source, input)))
    cstr.bound(result)[dim] == steps(first + 1);
}

void StridedOp::populateBoundsForShapedValueDim(
    Value value, int64_t dim, ValueBoundsConstraintSet &cstr) {
  MixedSliceSpec spec{getMixedBegin(), getMixedEnd(), getMixedStrides(),
                      getMasks()};
  populateSliceDimBounds(value, dim, getSource(), spec, getOffset(), cstr);
}

void StridedAxesOp::populateBoundsForShapedValueDim(
    Value value, int64_t dim, ValueBoundsConstraintSet &cstr) {
  if (std::optional<MixedSliceSpec> spec = getEquivalentStridedSpec())
    populateSliceDimBounds(value, dim, getSource(), *spec, /*offset=*/false,
                           cstr);
}

// An update's result is its dest, rewritten.
void StridedUpdateOp::populateBoundsForShapedValueDim(
    Value value, int64_t dim, ValueBoundsConstraintSet &cstr) {
  cstr.bound(value)[dim] == cstr.getExpr(getDest(), dim);
}

void StridedAxesUpdateOp::populateBoundsForShapedValueDim(
    Value value, int64_t dim, ValueBoundsConstraintSet &cstr) {
  cstr.bound(value)[dim] == cstr.getExpr(getDest(), dim);
}
