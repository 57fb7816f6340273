//===- Slice.cpp - C API of the slice dialect -----------------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Thin wrappers: every rule is the semantics library's and every op is
// built by its C++ builder, so the C API accepts, rejects and infers
// exactly what C++ does.
//
//===----------------------------------------------------------------------===//

#include "Slice-c/Slice.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include <array>

using namespace mlir;
using namespace mlir::slice;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Slice, slice, SliceDialect)

void mlirSliceRegisterDialect(MlirDialectRegistry registry) {
  registerSliceDialect(*unwrap(registry));
}

void mlirSliceRegisterPipelineDependencies(MlirDialectRegistry registry) {
  registerPipelineDependencies(*unwrap(registry));
}

void mlirSliceRegisterPasses(void) {
  registerSlicePasses();
  registerSliceCodegenPasses();
  registerSliceConversionPasses();
}

void mlirSliceRegisterPipelines(void) { registerSlicePipelines(); }

int64_t mlirSliceDynamicEntry(void) { return ShapedType::kDynamic; }

static SliceMasks toMasks(MlirSliceMasks masks) {
  SliceMasks result;
  result.begin = masks.begin;
  result.end = masks.end;
  result.ellipsis = masks.ellipsis;
  result.newAxis = masks.newAxis;
  result.shrinkAxis = masks.shrinkAxis;
  return result;
}

static MlirSliceMasks fromMasks(const SliceMasks &masks) {
  return {masks.begin, masks.end, masks.ellipsis, masks.newAxis,
          masks.shrinkAxis};
}

static SmallVector<MaybeInt> maybeInts(intptr_t n, const int64_t *values) {
  return toMaybeInts(ArrayRef<int64_t>(values, n));
}

MlirType mlirSliceStridedInferResultType(
    MlirType sourceType, intptr_t numEntries, const int64_t *staticBegin,
    const int64_t *staticEnd, const int64_t *staticStrides,
    MlirSliceMasks masks, bool offset, MlirStringCallback callback,
    void *userData) {
  auto report = [&](StringRef message) {
    if (callback)
      callback(wrap(message), userData);
    return MlirType{nullptr};
  };
  auto source = dyn_cast<RankedTensorType>(unwrap(sourceType));
  if (!source)
    return report("the source type must be a ranked tensor");
  SparseSliceSpec spec;
  spec.begin = maybeInts(numEntries, staticBegin);
  spec.end = maybeInts(numEntries, staticEnd);
  spec.strides = maybeInts(numEntries, staticStrides);
  spec.masks = toMasks(masks);
  spec.offset = offset;
  std::string error;
  std::optional<RankedTensorType> result =
      StridedOp::inferResultType(source, spec, error);
  if (!result)
    return report(error);
  return wrap(Type(*result));
}

/// Merges static entries with the dynamic values, in spec order. A value
/// that is the constant INT64_MIN, which no static list can hold, is passed
/// to the builders as an attribute: they turn it into the static entry that
/// selects the same, where there is one.
static FailureOr<SmallVector<OpFoldResult>>
mixedEntries(Location loc, StringRef op, StringRef list, intptr_t numEntries,
             const int64_t *statics, intptr_t numDynamic,
             const MlirValue *dynamics) {
  SmallVector<OpFoldResult> result;
  Builder builder(loc.getContext());
  intptr_t next = 0;
  for (intptr_t i = 0; i < numEntries; ++i) {
    if (!ShapedType::isDynamic(statics[i])) {
      result.push_back(builder.getI64IntegerAttr(statics[i]));
      continue;
    }
    if (next == numDynamic) {
      emitError(loc) << op << ": " << list << " entry " << i
                     << " is dynamic but only " << numDynamic
                     << " dynamic values were given";
      return failure();
    }
    Value value = unwrap(dynamics[next++]);
    if (!value || !value.getType().isIndex()) {
      emitError(loc) << op << ": dynamic " << list << " value " << next - 1
                     << " must be of type index";
      return failure();
    }
    if (getConstantIntValue(value) == ShapedType::kDynamic)
      result.push_back(getAsOpFoldResult(value));
    else
      result.push_back(value);
  }
  if (next != numDynamic) {
    emitError(loc) << op << ": " << numDynamic << " dynamic " << list
                   << " values for " << next << " dynamic entries";
    return failure();
  }
  return result;
}

/// Whether `value` (the op's `role` operand) is a ranked tensor, with a
/// diagnostic otherwise.
static bool checkRanked(Location loc, StringRef op, Value value,
                        StringRef role = "source") {
  if (value && isa<RankedTensorType>(value.getType()))
    return true;
  InFlightDiagnostic diag = emitError(loc) << op << ": the " << role
                                           << " must be a ranked tensor";
  if (value)
    diag << ", got " << value.getType();
  return false;
}

/// `op` when it verifies; otherwise it is erased (its diagnostic emitted)
/// and a null operation is returned.
static MlirOperation verifiedOrNull(Operation *op) {
  if (succeeded(verify(op, /*verifyRecursively=*/false)))
    return wrap(op);
  op->erase();
  return MlirOperation{nullptr};
}

/// Builds the op with the inferring builder; an invalid spec still builds
/// an op, which the verifier reports (the diagnostic) before it is erased.
static MlirOperation createStrided(Location loc, Value source,
                                   ArrayRef<OpFoldResult> begin,
                                   ArrayRef<OpFoldResult> end,
                                   ArrayRef<OpFoldResult> strides,
                                   const SliceMasks &masks, bool offset) {
  if (!checkRanked(loc, "slice.strided", source))
    return MlirOperation{nullptr};
  OpBuilder builder(loc.getContext());
  auto op = StridedOp::create(builder, loc, source, begin, end, strides, masks,
                              offset);
  return verifiedOrNull(op);
}

/// The spec of a slice.strided(_update) creation call as mixed entries.
struct MixedSpec {
  SmallVector<OpFoldResult> begin, end, strides;
};

/// The three lists of a creation call as mixed entries; `lists` names them
/// in diagnostics (the axes encoding says starts and ends).
static FailureOr<MixedSpec>
mixedSpec(Location location, StringRef name, intptr_t numEntries,
          const int64_t *staticBegin, const int64_t *staticEnd,
          const int64_t *staticStrides, intptr_t numDynamicBegin,
          const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
          const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
          const MlirValue *dynamicStrides,
          std::array<StringRef, 3> lists = {"begin", "end", "strides"}) {
  auto begin = mixedEntries(location, name, lists[0], numEntries, staticBegin,
                            numDynamicBegin, dynamicBegin);
  auto end = mixedEntries(location, name, lists[1], numEntries, staticEnd,
                          numDynamicEnd, dynamicEnd);
  auto strides = mixedEntries(location, name, lists[2], numEntries,
                              staticStrides, numDynamicStrides, dynamicStrides);
  if (failed(begin) || failed(end) || failed(strides))
    return failure();
  return MixedSpec{*begin, *end, *strides};
}

MlirOperation mlirSliceStridedOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset) {
  Location location = unwrap(loc);
  auto spec =
      mixedSpec(location, "slice.strided", numEntries, staticBegin, staticEnd,
                staticStrides, numDynamicBegin, dynamicBegin, numDynamicEnd,
                dynamicEnd, numDynamicStrides, dynamicStrides);
  if (failed(spec))
    return MlirOperation{nullptr};
  return createStrided(location, unwrap(source), spec->begin, spec->end,
                       spec->strides, toMasks(masks), offset);
}

/// The static spec written in Python notation, or failure with a
/// diagnostic naming `name`.
static FailureOr<std::pair<MixedSpec, SparseSliceSpec>>
pythonSpec(Location location, StringRef name, MlirStringRef text) {
  std::string error;
  std::optional<SparseSliceSpec> spec = parsePythonSlice(unwrap(text), error);
  if (!spec) {
    emitError(location) << name << ": cannot parse '" << unwrap(text)
                        << "': " << error;
    return failure();
  }
  Builder builder(location.getContext());
  auto entries = [&](ArrayRef<MaybeInt> values) {
    SmallVector<OpFoldResult> result;
    for (MaybeInt value : values)
      result.push_back(builder.getI64IntegerAttr(*value));
    return result;
  };
  return std::make_pair(MixedSpec{entries(spec->begin), entries(spec->end),
                                  entries(spec->strides)},
                        *spec);
}

MlirOperation mlirSliceStridedOpCreateFromPython(MlirLocation loc,
                                                 MlirValue source,
                                                 MlirStringRef text) {
  Location location = unwrap(loc);
  auto spec = pythonSpec(location, "slice.strided", text);
  if (failed(spec))
    return MlirOperation{nullptr};
  auto &[mixed, sparse] = *spec;
  return createStrided(location, unwrap(source), mixed.begin, mixed.end,
                       mixed.strides, sparse.masks, sparse.offset);
}

/// As createStrided, for slice.strided_update.
static MlirOperation createUpdate(Location loc, Value value, Value dest,
                                  const MixedSpec &spec,
                                  const SliceMasks &masks, bool offset) {
  StringRef name = "slice.strided_update";
  if (!checkRanked(loc, name, dest, "dest") ||
      !checkRanked(loc, name, value, "value"))
    return MlirOperation{nullptr};
  OpBuilder builder(loc.getContext());
  auto op = StridedUpdateOp::create(builder, loc, value, dest, spec.begin,
                                    spec.end, spec.strides, masks, offset);
  return verifiedOrNull(op);
}

MlirOperation mlirSliceStridedUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset) {
  Location location = unwrap(loc);
  auto spec =
      mixedSpec(location, "slice.strided_update", numEntries, staticBegin,
                staticEnd, staticStrides, numDynamicBegin, dynamicBegin,
                numDynamicEnd, dynamicEnd, numDynamicStrides, dynamicStrides);
  if (failed(spec))
    return MlirOperation{nullptr};
  return createUpdate(location, unwrap(value), unwrap(dest), *spec,
                      toMasks(masks), offset);
}

MlirOperation mlirSliceStridedUpdateOpCreateFromPython(MlirLocation loc,
                                                       MlirValue value,
                                                       MlirValue dest,
                                                       MlirStringRef text) {
  Location location = unwrap(loc);
  auto spec = pythonSpec(location, "slice.strided_update", text);
  if (failed(spec))
    return MlirOperation{nullptr};
  auto &[mixed, sparse] = *spec;
  return createUpdate(location, unwrap(value), unwrap(dest), mixed,
                      sparse.masks, sparse.offset);
}

bool mlirOperationIsASliceStridedUpdateOp(MlirOperation op) {
  return isa<StridedUpdateOp>(unwrap(op));
}

MlirValue mlirSliceStridedUpdateOpGetValue(MlirOperation op) {
  return wrap(cast<StridedUpdateOp>(unwrap(op)).getValue());
}

MlirValue mlirSliceStridedUpdateOpGetDest(MlirOperation op) {
  return wrap(cast<StridedUpdateOp>(unwrap(op)).getDest());
}

/// A slice.strided or slice.strided_update, through the spec interface.
static SliceSpecOpInterface specOf(MlirOperation op) {
  return cast<SliceSpecOpInterface>(unwrap(op));
}

bool mlirOperationIsASliceStridedOp(MlirOperation op) {
  return isa<StridedOp>(unwrap(op));
}

MlirValue mlirSliceStridedOpGetSource(MlirOperation op) {
  return wrap(cast<StridedOp>(unwrap(op)).getSource());
}

intptr_t mlirSliceStridedOpGetNumEntries(MlirOperation op) {
  return specOf(op).getNumEntries();
}

int64_t mlirSliceStridedOpGetStaticBegin(MlirOperation op, intptr_t pos) {
  return specOf(op).getStaticBegin()[pos];
}

int64_t mlirSliceStridedOpGetStaticEnd(MlirOperation op, intptr_t pos) {
  return specOf(op).getStaticEnd()[pos];
}

int64_t mlirSliceStridedOpGetStaticStride(MlirOperation op, intptr_t pos) {
  return specOf(op).getStaticStrides()[pos];
}

MlirSliceMasks mlirSliceStridedOpGetMasks(MlirOperation op) {
  return fromMasks(specOf(op).getMasks());
}

bool mlirSliceStridedOpGetOffset(MlirOperation op) {
  return specOf(op).getOffset();
}

intptr_t mlirSliceStridedOpGetNumDynamicBegin(MlirOperation op) {
  return specOf(op).getBegin().size();
}

MlirValue mlirSliceStridedOpGetDynamicBegin(MlirOperation op, intptr_t pos) {
  return wrap(specOf(op).getBegin()[pos]);
}

intptr_t mlirSliceStridedOpGetNumDynamicEnd(MlirOperation op) {
  return specOf(op).getEnd().size();
}

MlirValue mlirSliceStridedOpGetDynamicEnd(MlirOperation op, intptr_t pos) {
  return wrap(specOf(op).getEnd()[pos]);
}

intptr_t mlirSliceStridedOpGetNumDynamicStrides(MlirOperation op) {
  return specOf(op).getStrides().size();
}

MlirValue mlirSliceStridedOpGetDynamicStride(MlirOperation op, intptr_t pos) {
  return wrap(specOf(op).getStrides()[pos]);
}

//===----------------------------------------------------------------------===//
// slice.strided_axes
//===----------------------------------------------------------------------===//

namespace {
/// The axes and static strides of an axes-encoded call, with the defaults
/// where the caller passed NULL.
struct AxesDefaults {
  SmallVector<int64_t> axes, strides;
  AxesDefaults(intptr_t numEntries, const int64_t *givenAxes,
               const int64_t *givenStrides)
      : axes(givenAxes ? SmallVector<int64_t>(givenAxes, givenAxes + numEntries)
                       : llvm::to_vector(llvm::seq<int64_t>(0, numEntries))),
        strides(givenStrides ? SmallVector<int64_t>(givenStrides,
                                                    givenStrides + numEntries)
                             : SmallVector<int64_t>(numEntries, 1)) {}
};
} // namespace

MlirType mlirSliceStridedAxesInferResultType(
    MlirType sourceType, intptr_t numEntries, const int64_t *axes,
    const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, MlirStringCallback callback, void *userData) {
  auto report = [&](StringRef message) {
    if (callback)
      callback(wrap(message), userData);
    return MlirType{nullptr};
  };
  auto source = dyn_cast<RankedTensorType>(unwrap(sourceType));
  if (!source)
    return report("the source type must be a ranked tensor");
  std::string error;
  AxesDefaults defaults(numEntries, axes, staticStrides);
  std::optional<SparseSliceSpec> spec =
      buildAxesSpec(defaults.axes, maybeInts(numEntries, staticStarts),
                    maybeInts(numEntries, staticEnds),
                    toMaybeInts(defaults.strides), source.getRank(), error);
  std::optional<RankedTensorType> result;
  if (spec)
    result = StridedOp::inferResultType(source, *spec, error);
  if (!result)
    return report(error);
  return wrap(Type(*result));
}

/// The entries of an axes-encoded creation call (starts, ends, strides);
/// NULL `staticStrides` are all 1, and then there must be no dynamic ones.
static FailureOr<MixedSpec>
axesEntries(Location location, StringRef name, intptr_t numEntries,
            const int64_t *staticStarts, const int64_t *staticEnds,
            const int64_t *staticStrides, intptr_t numDynamicStarts,
            const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
            const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
            const MlirValue *dynamicStrides) {
  if (!staticStrides && numDynamicStrides) {
    emitError(location) << name << ": " << numDynamicStrides
                        << " dynamic strides given without static strides "
                           "to place them";
    return failure();
  }
  AxesDefaults defaults(numEntries, nullptr, staticStrides);
  return mixedSpec(location, name, numEntries, staticStarts, staticEnds,
                   defaults.strides.data(), numDynamicStarts, dynamicStarts,
                   numDynamicEnds, dynamicEnds, numDynamicStrides,
                   dynamicStrides, {"starts", "ends", "strides"});
}

/// The builders' optional axes and strides from a C call's pointers.
static std::optional<ArrayRef<int64_t>> optionalAxes(intptr_t numEntries,
                                                     const int64_t *axes) {
  if (!axes)
    return std::nullopt;
  return ArrayRef<int64_t>(axes, numEntries);
}
static std::optional<ArrayRef<OpFoldResult>>
optionalStrides(const int64_t *staticStrides, const MixedSpec &entries) {
  if (!staticStrides)
    return std::nullopt;
  return ArrayRef<OpFoldResult>(entries.strides);
}

MlirOperation mlirSliceStridedAxesOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *axes, const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, intptr_t numDynamicStarts,
    const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
    const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides) {
  Location location = unwrap(loc);
  StringRef name = "slice.strided_axes";
  auto entries = axesEntries(location, name, numEntries, staticStarts,
                             staticEnds, staticStrides, numDynamicStarts,
                             dynamicStarts, numDynamicEnds, dynamicEnds,
                             numDynamicStrides, dynamicStrides);
  if (failed(entries) || !checkRanked(location, name, unwrap(source)))
    return MlirOperation{nullptr};
  OpBuilder builder(location.getContext());
  auto op = StridedAxesOp::create(
      builder, location, unwrap(source), optionalAxes(numEntries, axes),
      entries->begin, entries->end, optionalStrides(staticStrides, *entries));
  return verifiedOrNull(op);
}

MlirOperation mlirSliceStridedAxesUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *axes, const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, intptr_t numDynamicStarts,
    const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
    const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides) {
  Location location = unwrap(loc);
  StringRef name = "slice.strided_axes_update";
  auto entries = axesEntries(location, name, numEntries, staticStarts,
                             staticEnds, staticStrides, numDynamicStarts,
                             dynamicStarts, numDynamicEnds, dynamicEnds,
                             numDynamicStrides, dynamicStrides);
  if (failed(entries) || !checkRanked(location, name, unwrap(value)) ||
      !checkRanked(location, name, unwrap(dest)))
    return MlirOperation{nullptr};
  OpBuilder builder(location.getContext());
  auto op = StridedAxesUpdateOp::create(
      builder, location, unwrap(value), unwrap(dest),
      optionalAxes(numEntries, axes), entries->begin, entries->end,
      optionalStrides(staticStrides, *entries));
  return verifiedOrNull(op);
}

bool mlirOperationIsASliceStridedAxesUpdateOp(MlirOperation op) {
  return isa<StridedAxesUpdateOp>(unwrap(op));
}

MlirValue mlirSliceStridedAxesUpdateOpGetValue(MlirOperation op) {
  return wrap(cast<StridedAxesUpdateOp>(unwrap(op)).getValue());
}

MlirValue mlirSliceStridedAxesUpdateOpGetDest(MlirOperation op) {
  return wrap(cast<StridedAxesUpdateOp>(unwrap(op)).getDest());
}

/// A slice.strided_axes or slice.strided_axes_update, through the axes
/// spec interface.
static SliceAxesSpecOpInterface axesOf(MlirOperation op) {
  return cast<SliceAxesSpecOpInterface>(unwrap(op));
}

bool mlirOperationIsASliceStridedAxesOp(MlirOperation op) {
  return isa<StridedAxesOp>(unwrap(op));
}

MlirValue mlirSliceStridedAxesOpGetSource(MlirOperation op) {
  return wrap(cast<StridedAxesOp>(unwrap(op)).getSource());
}

intptr_t mlirSliceStridedAxesOpGetNumEntries(MlirOperation op) {
  return axesOf(op).getNumEntries();
}

bool mlirSliceStridedAxesOpHasAxes(MlirOperation op) {
  return !!axesOf(op).getAxes();
}

bool mlirSliceStridedAxesOpHasStrides(MlirOperation op) {
  return !!axesOf(op).getStaticStrides();
}

int64_t mlirSliceStridedAxesOpGetAxis(MlirOperation op, intptr_t pos) {
  return axesOf(op).getEffectiveAxes()[pos];
}

int64_t mlirSliceStridedAxesOpGetStaticStart(MlirOperation op, intptr_t pos) {
  return axesOf(op).getStaticStarts()[pos];
}

int64_t mlirSliceStridedAxesOpGetStaticEnd(MlirOperation op, intptr_t pos) {
  return axesOf(op).getStaticEnds()[pos];
}

int64_t mlirSliceStridedAxesOpGetStaticStride(MlirOperation op, intptr_t pos) {
  return axesOf(op).getEffectiveStaticStrides()[pos];
}

intptr_t mlirSliceStridedAxesOpGetNumDynamicStarts(MlirOperation op) {
  return axesOf(op).getStarts().size();
}

MlirValue mlirSliceStridedAxesOpGetDynamicStart(MlirOperation op,
                                                intptr_t pos) {
  return wrap(axesOf(op).getStarts()[pos]);
}

intptr_t mlirSliceStridedAxesOpGetNumDynamicEnds(MlirOperation op) {
  return axesOf(op).getEnds().size();
}

MlirValue mlirSliceStridedAxesOpGetDynamicEnd(MlirOperation op, intptr_t pos) {
  return wrap(axesOf(op).getEnds()[pos]);
}

intptr_t mlirSliceStridedAxesOpGetNumDynamicStrides(MlirOperation op) {
  return axesOf(op).getStrides().size();
}

MlirValue mlirSliceStridedAxesOpGetDynamicStride(MlirOperation op,
                                                 intptr_t pos) {
  return wrap(axesOf(op).getStrides()[pos]);
}
