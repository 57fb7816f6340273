//===- SliceOps.cpp - slice dialect ops -----------------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Builders, type inference, verification and shape reification of the slice
// ops. Every rule comes from the semantics library
// (Slice/Semantics/Semantics.h); this file only translates between
// the op's attributes and the library's spec. The custom syntax lives in
// SliceOpsSyntax.cpp.
//
//===----------------------------------------------------------------------===//

#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::slice;

static_assert(ShapedType::kDynamic == std::numeric_limits<int64_t>::min(),
              "static INT64_MIN entries are reserved for dynamic values");

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Splits `values` into static entries and dynamic operands. A constant
/// INT64_MIN cannot be a static entry (it marks dynamic ones), so it is
/// materialized as an SSA constant.
static void dispatchEntries(OpBuilder &builder, Location loc,
                            ArrayRef<OpFoldResult> values,
                            SmallVectorImpl<Value> &dynamicValues,
                            SmallVectorImpl<int64_t> &staticValues) {
  for (OpFoldResult value : values) {
    std::optional<int64_t> constant = getConstantIntValue(value);
    if (auto attr = dyn_cast<Attribute>(value);
        attr && constant && !ShapedType::isDynamic(*constant)) {
      staticValues.push_back(*constant);
      continue;
    }
    Value dynamicValue = getValueOrCreateConstantIndexOp(builder, loc, value);
    dynamicValues.push_back(dynamicValue);
    staticValues.push_back(ShapedType::kDynamic);
  }
}

//===----------------------------------------------------------------------===//
// StridedOp
//===----------------------------------------------------------------------===//

void StridedOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "slice");
}

/// The value of an entry given as an attribute (a builder's static entry),
/// INT64_MIN included; unknown for an SSA value, even a constant one.
static MaybeInt attributeValue(OpFoldResult value) {
  if (isa<Attribute>(value))
    return getConstantIntValue(value);
  return std::nullopt;
}

SparseSliceSpec mlir::slice::getStaticSpec(const MixedSliceSpec &spec,
                                           bool offset) {
  auto known = [](ArrayRef<OpFoldResult> values) {
    return llvm::map_to_vector(values, attributeValue);
  };
  SparseSliceSpec sparse;
  sparse.begin = known(spec.begin);
  sparse.end = known(spec.end);
  sparse.strides = known(spec.strides);
  sparse.masks = spec.masks;
  sparse.offset = offset;
  return sparse;
}

/// INT64_MIN cannot be a static entry: a begin or end attribute of INT64_MIN
/// (ONNX's "to the front") becomes the static value, or the end mask bit,
/// that selects the same elements (the semantics library's
/// replaceMinIndices); where there is none it stays, and dispatchEntries
/// makes it an SSA constant.
static void replaceMinAttributes(Builder &builder, RankedTensorType sourceType,
                                 SmallVectorImpl<OpFoldResult> &begin,
                                 SmallVectorImpl<OpFoldResult> &end,
                                 ArrayRef<OpFoldResult> strides,
                                 SliceMasks &masks, bool offset) {
  auto isMin = [](OpFoldResult value) {
    return attributeValue(value) == std::numeric_limits<int64_t>::min();
  };
  if (!llvm::any_of(begin, isMin) && !llvm::any_of(end, isMin))
    return;
  SparseSliceSpec spec;
  spec.begin = llvm::map_to_vector(begin, attributeValue);
  spec.end = llvm::map_to_vector(end, attributeValue);
  spec.strides = llvm::map_to_vector(strides, attributeValue);
  spec.masks = masks;
  spec.offset = offset;
  if (!replaceMinIndices(spec, toMaybeInts(sourceType.getShape())))
    return;
  for (auto [values, replaced] :
       {std::pair(&begin, &spec.begin), std::pair(&end, &spec.end)})
    for (auto [value, replacement] : llvm::zip_equal(*values, *replaced))
      if (isMin(value) && replacement != attributeValue(value))
        value = builder.getIndexAttr(*replacement);
  masks = spec.masks;
}

namespace {
/// Mixed entries split into static lists and dynamic operands.
struct DispatchedSpec {
  SmallVector<Value> begin, end, strides;
  SmallVector<int64_t> staticBegin, staticEnd, staticStrides;
  SliceMasks masks;

  DispatchedSpec(OpBuilder &builder, Location loc,
                 ArrayRef<OpFoldResult> mixedBegin,
                 ArrayRef<OpFoldResult> mixedEnd,
                 ArrayRef<OpFoldResult> mixedStrides) {
    dispatchEntries(builder, loc, mixedBegin, begin, staticBegin);
    dispatchEntries(builder, loc, mixedEnd, end, staticEnd);
    dispatchEntries(builder, loc, mixedStrides, strides, staticStrides);
  }

  /// A slice.strided-style spec on a value of type `sourceType`: INT64_MIN
  /// begin and end attributes first become what selects the same there
  /// (replaceMinAttributes), which may change `givenMasks`.
  static DispatchedSpec forSource(OpBuilder &builder, Location loc,
                                  Type sourceType, ArrayRef<OpFoldResult> begin,
                                  ArrayRef<OpFoldResult> end,
                                  ArrayRef<OpFoldResult> strides,
                                  const SliceMasks &givenMasks, bool offset) {
    SmallVector<OpFoldResult> mixedBegin(begin), mixedEnd(end);
    SliceMasks masks = givenMasks;
    if (auto rankedType = dyn_cast<RankedTensorType>(sourceType))
      replaceMinAttributes(builder, rankedType, mixedBegin, mixedEnd, strides,
                           masks, offset);
    DispatchedSpec spec(builder, loc, mixedBegin, mixedEnd, strides);
    spec.masks = masks;
    return spec;
  }
};
} // namespace

void StridedOp::build(OpBuilder &builder, OperationState &state,
                      RankedTensorType resultType, Value source,
                      ArrayRef<OpFoldResult> begin, ArrayRef<OpFoldResult> end,
                      ArrayRef<OpFoldResult> strides, const SliceMasks &masks,
                      bool offset, ArrayRef<NamedAttribute> attrs) {
  auto spec =
      DispatchedSpec::forSource(builder, state.location, source.getType(),
                                begin, end, strides, masks, offset);
  build(builder, state, resultType, source, spec.begin, spec.end, spec.strides,
        spec.staticBegin, spec.staticEnd, spec.staticStrides, spec.masks.begin,
        spec.masks.end, spec.masks.ellipsis, spec.masks.newAxis,
        spec.masks.shrinkAxis, offset);
  state.addAttributes(attrs);
}

void StridedOp::build(OpBuilder &builder, OperationState &state, Value source,
                      ArrayRef<OpFoldResult> begin, ArrayRef<OpFoldResult> end,
                      ArrayRef<OpFoldResult> strides, const SliceMasks &masks,
                      bool offset, ArrayRef<NamedAttribute> attrs) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto spec = DispatchedSpec::forSource(builder, state.location, sourceType,
                                        begin, end, strides, masks, offset);
  std::string error;
  std::optional<RankedTensorType> resultType = inferResultType(
      sourceType,
      slice::detail::getSparseSpec(spec.staticBegin, spec.staticEnd,
                                   spec.staticStrides, spec.masks, offset),
      error);
  // An invalid spec still builds an op (typed like its source) so that the
  // verifier, not an assertion, reports what is wrong with it.
  build(builder, state, resultType ? *resultType : sourceType, source,
        spec.begin, spec.end, spec.strides, spec.staticBegin, spec.staticEnd,
        spec.staticStrides, spec.masks.begin, spec.masks.end,
        spec.masks.ellipsis, spec.masks.newAxis, spec.masks.shrinkAxis, offset);
  state.addAttributes(attrs);
}

bool mlir::slice::isValidSlice(RankedTensorType sourceType,
                               const SparseSliceSpec &spec,
                               RankedTensorType resultType) {
  std::string error;
  std::optional<RankedTensorType> inferred =
      StridedOp::inferResultType(sourceType, spec, error);
  if (!inferred || inferred->getRank() != resultType.getRank() ||
      inferred->getElementType() != resultType.getElementType())
    return false;
  for (auto [expected, actual] :
       llvm::zip_equal(inferred->getShape(), resultType.getShape()))
    if (!ShapedType::isDynamic(actual) && actual != expected)
      return false;
  return true;
}

/// Checks the result type of a slice of `sourceType` against the type
/// inferred from `spec`: the same element type and rank, and every static
/// result dimension equal to the inferred one.
static LogicalResult verifyResultType(Operation *op,
                                      RankedTensorType sourceType,
                                      RankedTensorType resultType,
                                      const SparseSliceSpec &spec) {
  if (sourceType.getElementType() != resultType.getElementType())
    return op->emitOpError()
           << "result element type " << resultType.getElementType()
           << " differs from the source element type "
           << sourceType.getElementType();

  std::string error;
  std::optional<RankedTensorType> inferred =
      StridedOp::inferResultType(sourceType, spec, error);
  if (!inferred)
    return op->emitOpError() << error;

  if (inferred->getRank() != resultType.getRank())
    return op->emitOpError()
           << "result type " << resultType << " has rank "
           << resultType.getRank() << " but the slice of " << sourceType
           << " has rank " << inferred->getRank() << " (inferred " << *inferred
           << ")";
  for (auto [index, expected, actual] :
       llvm::enumerate(inferred->getShape(), resultType.getShape())) {
    // A result dimension may be less static than inferred, never more.
    if (ShapedType::isDynamic(actual) || expected == actual)
      continue;
    InFlightDiagnostic diag = op->emitOpError()
                              << "result dimension " << index << " is "
                              << actual << " but the slice ";
    if (ShapedType::isDynamic(expected))
      diag << "has a size known only at run time";
    else
      diag << "has size " << expected;
    return diag << " (inferred " << *inferred << ")";
  }
  return success();
}

LogicalResult StridedOp::verify() {
  return verifyResultType(*this, getSourceType(), getResultType(),
                          getSparseSpec());
}

LogicalResult
StridedOp::reifyResultShapes(OpBuilder &builder,
                             ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  // The structure comes from the masks; the values are the mixed entries,
  // so constant operands fold into the reified sizes.
  std::string error;
  std::optional<DenseSliceSpec> dense =
      buildDenseSpec(getSparseSpec(), getSourceType().getRank(), error);
  if (!dense)
    return failure();

  Location loc = getLoc();
  ArithIndexBuilder arith(builder, loc);
  SmallVector<OpFoldResult> mixedBegin = getMixedBegin();
  SmallVector<OpFoldResult> mixedEnd = getMixedEnd();
  SmallVector<OpFoldResult> mixedStrides = getMixedStrides();
  auto entryValue = [&](ArrayRef<OpFoldResult> mixed, int64_t entry,
                        int64_t fallback) -> OpFoldResult {
    if (entry < 0)
      return builder.getIndexAttr(fallback);
    return mixed[entry];
  };

  SmallVector<OpFoldResult> shape;
  ArrayRef<int64_t> resultShape = getResultType().getShape();
  for (auto [resultDim, inputDim] : llvm::enumerate(dense->resultToInput)) {
    if (!ShapedType::isDynamic(resultShape[resultDim])) {
      shape.push_back(builder.getIndexAttr(resultShape[resultDim]));
      continue;
    }
    if (inputDim == kNewAxis) {
      shape.push_back(builder.getIndexAttr(1));
      continue;
    }
    const DenseDimSpec &dimSpec = dense->dims[inputDim];
    OpFoldResult dimSize =
        tensor::getMixedSize(builder, loc, getSource(), inputDim);
    DimRange<OpFoldResult> range = resolveDimRange(
        arith, entryValue(mixedBegin, dimSpec.entry, 0),
        entryValue(mixedEnd, dimSpec.entry, 0),
        entryValue(mixedStrides, dimSpec.entry, 1), dimSize, dimSpec);
    shape.push_back(range.size);
  }
  reifiedReturnShapes.emplace_back(std::move(shape));
  return success();
}

//===----------------------------------------------------------------------===//
// StridedUpdateOp
//===----------------------------------------------------------------------===//

void StridedUpdateOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "updated");
}

void StridedUpdateOp::build(OpBuilder &builder, OperationState &state,
                            Value value, Value dest,
                            ArrayRef<OpFoldResult> begin,
                            ArrayRef<OpFoldResult> end,
                            ArrayRef<OpFoldResult> strides,
                            const SliceMasks &masks, bool offset,
                            ArrayRef<NamedAttribute> attrs) {
  auto spec = DispatchedSpec::forSource(builder, state.location, dest.getType(),
                                        begin, end, strides, masks, offset);
  build(builder, state, dest.getType(), value, dest, spec.begin, spec.end,
        spec.strides, spec.staticBegin, spec.staticEnd, spec.staticStrides,
        spec.masks.begin, spec.masks.end, spec.masks.ellipsis,
        spec.masks.newAxis, spec.masks.shrinkAxis, offset);
  state.addAttributes(attrs);
}

/// The checks of an update (slice.strided_update, slice.strided_axes_update)
/// beyond its index lists: one element type, a spec valid on `destType`, and
/// a value that fits the slice by the broadcasting rule (matchUpdateValue).
/// Reported on `op` when it is given.
static LogicalResult verifyUpdateValue(Operation *op,
                                       RankedTensorType valueType,
                                       RankedTensorType destType,
                                       const SparseSliceSpec &spec) {
  // Reports on `op` (types quoted as diagnostics quote them), then fails:
  // an empty InFlightDiagnostic would convert to success.
  auto fail = [&](auto &&...parts) -> LogicalResult {
    if (op) {
      InFlightDiagnostic diag = op->emitOpError();
      (diag << ... << parts);
    }
    return failure();
  };
  if (valueType.getElementType() != destType.getElementType())
    return fail("value element type ", valueType.getElementType(),
                " differs from the dest element type ",
                destType.getElementType());
  std::string error;
  std::optional<RankedTensorType> sliceType =
      StridedOp::inferResultType(destType, spec, error);
  if (!sliceType)
    return fail(error);
  if (!matchUpdateValue(toMaybeInts(valueType.getShape()),
                        toMaybeInts(sliceType->getShape()), error))
    return fail("value of type ", valueType, " does not fit the slice of type ",
                *sliceType, ": ", error);
  return success();
}

bool mlir::slice::isValidUpdate(RankedTensorType valueType,
                                RankedTensorType destType,
                                const SparseSliceSpec &spec) {
  return succeeded(verifyUpdateValue(nullptr, valueType, destType, spec));
}

LogicalResult StridedUpdateOp::verify() {
  return verifyUpdateValue(*this, getValueType(), getDestType(),
                           getSparseSpec());
}

//===----------------------------------------------------------------------===//
// StridedAxesOp
//===----------------------------------------------------------------------===//

void StridedAxesOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "slice");
}

/// Starts and ends of INT64_MIN become the static value that selects the
/// same elements on the named axis of `sourceType`, where there is one (the
/// axes encoding has no masks); then the entries are dispatched.
static DispatchedSpec
dispatchAxesSpec(OpBuilder &builder, Location loc, RankedTensorType sourceType,
                 ArrayRef<int64_t> axes, ArrayRef<OpFoldResult> starts,
                 ArrayRef<OpFoldResult> ends, ArrayRef<OpFoldResult> strides) {
  SmallVector<OpFoldResult> mixedStarts(starts), mixedEnds(ends);
  std::string error;
  if (std::optional<SmallVector<int64_t>> dims =
          mapAxesToDims(axes, sourceType.getRank(), error)) {
    ArrayRef<int64_t> shape = sourceType.getShape();
    for (auto [dim, entry] : llvm::enumerate(*dims)) {
      if (entry < 0 || static_cast<size_t>(entry) >= strides.size())
        continue;
      MaybeInt size =
          ShapedType::isDynamic(shape[dim]) ? MaybeInt() : MaybeInt(shape[dim]);
      MaybeInt equivalent =
          staticEquivalentOfMinIndex(attributeValue(strides[entry]), size);
      for (SmallVector<OpFoldResult> *values : {&mixedStarts, &mixedEnds})
        if (equivalent && static_cast<size_t>(entry) < values->size() &&
            attributeValue((*values)[entry]) ==
                std::numeric_limits<int64_t>::min())
          (*values)[entry] = builder.getIndexAttr(*equivalent);
    }
  }
  return DispatchedSpec(builder, loc, mixedStarts, mixedEnds, strides);
}

/// The axes and strides an axes op's builder was given, or the defaults.
static std::pair<SmallVector<int64_t>, SmallVector<OpFoldResult>>
withDefaults(Builder &builder, size_t numEntries,
             std::optional<ArrayRef<int64_t>> axes,
             std::optional<ArrayRef<OpFoldResult>> strides) {
  SmallVector<int64_t> allAxes =
      axes ? llvm::to_vector(*axes)
           : llvm::to_vector(llvm::seq<int64_t>(0, numEntries));
  SmallVector<OpFoldResult> allStrides =
      strides ? llvm::to_vector(*strides)
              : SmallVector<OpFoldResult>(numEntries, builder.getIndexAttr(1));
  return {allAxes, allStrides};
}

namespace {
/// What the generated builders of the axes ops take after the entries'
/// operands: the dynamic strides and the attributes, absent where the op
/// has the defaults.
struct AxesAttrs {
  ValueRange strides;
  DenseI64ArrayAttr axes, starts, ends, staticStrides;

  static AxesAttrs of(Builder &builder, const DispatchedSpec &spec,
                      std::optional<ArrayRef<int64_t>> axes, bool hasStrides) {
    return {hasStrides ? ValueRange(spec.strides) : ValueRange(),
            axes ? builder.getDenseI64ArrayAttr(*axes) : DenseI64ArrayAttr(),
            builder.getDenseI64ArrayAttr(spec.staticBegin),
            builder.getDenseI64ArrayAttr(spec.staticEnd),
            hasStrides ? builder.getDenseI64ArrayAttr(spec.staticStrides)
                       : DenseI64ArrayAttr()};
  }
};
} // namespace

void StridedAxesOp::build(OpBuilder &builder, OperationState &state,
                          Value source, std::optional<ArrayRef<int64_t>> axes,
                          ArrayRef<OpFoldResult> starts,
                          ArrayRef<OpFoldResult> ends,
                          std::optional<ArrayRef<OpFoldResult>> strides,
                          ArrayRef<NamedAttribute> attrs) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  auto [allAxes, allStrides] =
      withDefaults(builder, starts.size(), axes, strides);
  DispatchedSpec spec = dispatchAxesSpec(builder, state.location, sourceType,
                                         allAxes, starts, ends, allStrides);
  std::string error;
  std::optional<SparseSliceSpec> sparse = buildAxesSpec(
      allAxes, toMaybeInts(spec.staticBegin), toMaybeInts(spec.staticEnd),
      toMaybeInts(spec.staticStrides), sourceType.getRank(), error);
  std::optional<RankedTensorType> resultType;
  if (sparse)
    resultType = StridedOp::inferResultType(sourceType, *sparse, error);
  // As for slice.strided: an invalid spec is the verifier's to report.
  AxesAttrs axesAttrs = AxesAttrs::of(builder, spec, axes, strides.has_value());
  build(builder, state, resultType ? *resultType : sourceType, source,
        spec.begin, spec.end, axesAttrs.strides, axesAttrs.axes,
        axesAttrs.starts, axesAttrs.ends, axesAttrs.staticStrides);
  state.addAttributes(attrs);
}

LogicalResult StridedAxesOp::verify() {
  // SliceAxesSpecOpInterface has checked the spec.
  std::string error;
  return verifyResultType(*this, getSourceType(), getResultType(),
                          *getSparseSpec(error));
}

//===----------------------------------------------------------------------===//
// StridedAxesUpdateOp
//===----------------------------------------------------------------------===//

void StridedAxesUpdateOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "updated");
}

void StridedAxesUpdateOp::build(OpBuilder &builder, OperationState &state,
                                Value value, Value dest,
                                std::optional<ArrayRef<int64_t>> axes,
                                ArrayRef<OpFoldResult> starts,
                                ArrayRef<OpFoldResult> ends,
                                std::optional<ArrayRef<OpFoldResult>> strides,
                                ArrayRef<NamedAttribute> attrs) {
  auto [allAxes, allStrides] =
      withDefaults(builder, starts.size(), axes, strides);
  DispatchedSpec spec = dispatchAxesSpec(builder, state.location,
                                         cast<RankedTensorType>(dest.getType()),
                                         allAxes, starts, ends, allStrides);
  AxesAttrs axesAttrs = AxesAttrs::of(builder, spec, axes, strides.has_value());
  build(builder, state, dest.getType(), value, dest, spec.begin, spec.end,
        axesAttrs.strides, axesAttrs.axes, axesAttrs.starts, axesAttrs.ends,
        axesAttrs.staticStrides);
  state.addAttributes(attrs);
}

LogicalResult StridedAxesUpdateOp::verify() {
  // SliceAxesSpecOpInterface has checked the spec.
  std::string error;
  return verifyUpdateValue(*this, getValueType(), getDestType(),
                           *getSparseSpec(error));
}

//===----------------------------------------------------------------------===//
// Speculation
//===----------------------------------------------------------------------===//

/// Speculatable exactly when the lowering emits no run-time check (no
/// cf.assert can stop the program): the semantics library decides every
/// check of the slice of `sliced` that `spec` selects from the types and
/// static entries, and, for an update writing a value of `valueType`, every
/// value dimension matches the slice's statically.
static Speculation::Speculatability
speculatabilityOf(const std::optional<SparseSliceSpec> &spec,
                  RankedTensorType sliced, RankedTensorType valueType = {}) {
  if (!spec)
    return Speculation::NotSpeculatable;
  std::string error;
  std::optional<ResolvedSlice> resolved =
      resolveStridedSlice(*spec, toMaybeInts(sliced.getShape()), error);
  if (!resolved || resolved->needsRunTimeChecks())
    return Speculation::NotSpeculatable;
  if (!valueType)
    return Speculation::Speculatable;
  std::optional<SmallVector<UpdateDimMatch>> matches = matchUpdateValue(
      toMaybeInts(valueType.getShape()), resolved->resultShape, error);
  if (!matches ||
      llvm::is_contained(*matches, UpdateDimMatch::CheckedAtRunTime))
    return Speculation::NotSpeculatable;
  return Speculation::Speculatable;
}

Speculation::Speculatability StridedOp::getSpeculatability() {
  return speculatabilityOf(getSparseSpec(), getSourceType());
}

Speculation::Speculatability StridedUpdateOp::getSpeculatability() {
  return speculatabilityOf(getSparseSpec(), getDestType(), getValueType());
}

Speculation::Speculatability StridedAxesOp::getSpeculatability() {
  std::string error;
  return speculatabilityOf(getSparseSpec(error), getSourceType());
}

Speculation::Speculatability StridedAxesUpdateOp::getSpeculatability() {
  std::string error;
  return speculatabilityOf(getSparseSpec(error), getDestType(), getValueType());
}

#define GET_OP_CLASSES
#include "Slice/IR/SliceOps.cpp.inc"
