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

/// A slice.strided or slice.strided_update, through the spec interface.
static SliceSpecOpInterface specOf(MlirOperation op) {
  return cast<SliceSpecOpInterface>(unwrap(op));
}

/// A slice.strided_axes or slice.strided_axes_update, through the axes
/// spec interface.
static SliceAxesSpecOpInterface axesOf(MlirOperation op) {
  return cast<SliceAxesSpecOpInterface>(unwrap(op));
}

/// The accessors below are one line each; these define them, with the
/// full C name spelled out so that it can be found by search.
///
/// `bool Fn(MlirOperation)`: whether the operation is an `OpTy`.
#define SLICE_CAPI_ISA(Fn, OpTy)                                               \
  bool Fn(MlirOperation op) { return isa<OpTy>(unwrap(op)); }
/// `MlirValue Fn(MlirOperation)`: the operand `Getter` of an `OpTy`.
#define SLICE_CAPI_OPERAND(Fn, OpTy, Getter)                                   \
  MlirValue Fn(MlirOperation op) {                                             \
    return wrap(cast<OpTy>(unwrap(op)).Getter());                              \
  }
/// `int64_t Fn(MlirOperation, intptr_t)`: entry `pos` of a static list,
/// read through the interface view `Of`.
#define SLICE_CAPI_STATIC_ENTRY(Fn, Of, Getter)                                \
  int64_t Fn(MlirOperation op, intptr_t pos) { return Of(op).Getter()[pos]; }
/// The count (`CountFn`) and the values (`ValueFn`) of a dynamic list, read
/// through the interface view `Of`.
#define SLICE_CAPI_DYNAMIC_LIST(CountFn, ValueFn, Of, Getter)                  \
  intptr_t CountFn(MlirOperation op) { return Of(op).Getter().size(); }        \
  MlirValue ValueFn(MlirOperation op, intptr_t pos) {                          \
    return wrap(Of(op).Getter()[pos]);                                         \
  }

/// The result type `infer` gives a ranked source type, or a null type with
/// the reason passed to `callback` (when there is one).
static MlirType
inferFromC(MlirType sourceType, MlirStringCallback callback, void *userData,
           function_ref<std::optional<RankedTensorType>(RankedTensorType,
                                                        std::string &)>
               infer) {
  std::string error;
  std::optional<RankedTensorType> result;
  if (auto source = dyn_cast<RankedTensorType>(unwrap(sourceType)))
    result = infer(source, error);
  else
    error = "the source type must be a ranked tensor";
  if (result)
    return wrap(Type(*result));
  if (callback)
    callback(wrap(StringRef(error)), userData);
  return MlirType{nullptr};
}

MlirType mlirSliceStridedInferResultType(
    MlirType sourceType, intptr_t numEntries, const int64_t *staticBegin,
    const int64_t *staticEnd, const int64_t *staticStrides,
    MlirSliceMasks masks, bool offset, MlirStringCallback callback,
    void *userData) {
  SparseSliceSpec spec;
  spec.begin = maybeInts(numEntries, staticBegin);
  spec.end = maybeInts(numEntries, staticEnd);
  spec.strides = maybeInts(numEntries, staticStrides);
  spec.masks = toMasks(masks);
  spec.offset = offset;
  return inferFromC(sourceType, callback, userData,
                    [&](RankedTensorType source, std::string &error) {
                      return StridedOp::inferResultType(source, spec, error);
                    });
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

/// A slice.strided(_update) creation call: its entries, masks and offset.
struct CallSpec {
  MixedSpec entries;
  SliceMasks masks;
  bool offset = false;
};

/// `entries` with the masks and the offset of a C creation call.
static FailureOr<CallSpec> withMasks(FailureOr<MixedSpec> entries,
                                     MlirSliceMasks masks, bool offset) {
  if (failed(entries))
    return failure();
  return CallSpec{*entries, toMasks(masks), offset};
}

/// The static call spec written in Python notation, or failure with a
/// diagnostic naming `name`.
static FailureOr<CallSpec> pythonSpec(Location location, StringRef name,
                                      MlirStringRef text) {
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
  return CallSpec{MixedSpec{entries(spec->begin), entries(spec->end),
                            entries(spec->strides)},
                  spec->masks, spec->offset};
}

/// Builds the op with the inferring builder; an invalid spec still builds
/// an op, which the verifier reports (the diagnostic) before it is erased.
static MlirOperation createStrided(Location loc, Value source,
                                   FailureOr<CallSpec> call) {
  if (failed(call) || !checkRanked(loc, "slice.strided", source))
    return MlirOperation{nullptr};
  OpBuilder builder(loc.getContext());
  const MixedSpec &spec = call->entries;
  auto op = StridedOp::create(builder, loc, source, spec.begin, spec.end,
                              spec.strides, call->masks, call->offset);
  return verifiedOrNull(op);
}

/// As createStrided, for slice.strided_update.
static MlirOperation createUpdate(Location loc, Value value, Value dest,
                                  FailureOr<CallSpec> call) {
  StringRef name = "slice.strided_update";
  if (failed(call) || !checkRanked(loc, name, dest, "dest") ||
      !checkRanked(loc, name, value, "value"))
    return MlirOperation{nullptr};
  OpBuilder builder(loc.getContext());
  const MixedSpec &spec = call->entries;
  auto op =
      StridedUpdateOp::create(builder, loc, value, dest, spec.begin, spec.end,
                              spec.strides, call->masks, call->offset);
  return verifiedOrNull(op);
}

MlirOperation mlirSliceStridedOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset) {
  return createStrided(
      unwrap(loc), unwrap(source),
      withMasks(mixedSpec(unwrap(loc), "slice.strided", numEntries, staticBegin,
                          staticEnd, staticStrides, numDynamicBegin,
                          dynamicBegin, numDynamicEnd, dynamicEnd,
                          numDynamicStrides, dynamicStrides),
                masks, offset));
}

MlirOperation mlirSliceStridedOpCreateFromPython(MlirLocation loc,
                                                 MlirValue source,
                                                 MlirStringRef text) {
  return createStrided(unwrap(loc), unwrap(source),
                       pythonSpec(unwrap(loc), "slice.strided", text));
}

MlirOperation mlirSliceStridedUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset) {
  Location location = unwrap(loc);
  return createUpdate(
      location, unwrap(value), unwrap(dest),
      withMasks(mixedSpec(location, "slice.strided_update", numEntries,
                          staticBegin, staticEnd, staticStrides,
                          numDynamicBegin, dynamicBegin, numDynamicEnd,
                          dynamicEnd, numDynamicStrides, dynamicStrides),
                masks, offset));
}

MlirOperation mlirSliceStridedUpdateOpCreateFromPython(MlirLocation loc,
                                                       MlirValue value,
                                                       MlirValue dest,
                                                       MlirStringRef text) {
  Location location = unwrap(loc);
  return createUpdate(location, unwrap(value), unwrap(dest),
                      pythonSpec(location, "slice.strided_update", text));
}

SLICE_CAPI_ISA(mlirOperationIsASliceStridedUpdateOp, StridedUpdateOp)
SLICE_CAPI_OPERAND(mlirSliceStridedUpdateOpGetValue, StridedUpdateOp, getValue)
SLICE_CAPI_OPERAND(mlirSliceStridedUpdateOpGetDest, StridedUpdateOp, getDest)

SLICE_CAPI_ISA(mlirOperationIsASliceStridedOp, StridedOp)
SLICE_CAPI_OPERAND(mlirSliceStridedOpGetSource, StridedOp, getSource)

intptr_t mlirSliceStridedOpGetNumEntries(MlirOperation op) {
  return specOf(op).getNumEntries();
}

SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedOpGetStaticBegin, specOf,
                        getStaticBegin)
SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedOpGetStaticEnd, specOf, getStaticEnd)
SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedOpGetStaticStride, specOf,
                        getStaticStrides)

MlirSliceMasks mlirSliceStridedOpGetMasks(MlirOperation op) {
  return fromMasks(specOf(op).getMasks());
}

bool mlirSliceStridedOpGetOffset(MlirOperation op) {
  return specOf(op).getOffset();
}

SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedOpGetNumDynamicBegin,
                        mlirSliceStridedOpGetDynamicBegin, specOf, getBegin)
SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedOpGetNumDynamicEnd,
                        mlirSliceStridedOpGetDynamicEnd, specOf, getEnd)
SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedOpGetNumDynamicStrides,
                        mlirSliceStridedOpGetDynamicStride, specOf, getStrides)

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
  AxesDefaults defaults(numEntries, axes, staticStrides);
  return inferFromC(sourceType, callback, userData,
                    [&](RankedTensorType source,
                        std::string &error) -> std::optional<RankedTensorType> {
                      std::optional<SparseSliceSpec> spec = buildAxesSpec(
                          defaults.axes, maybeInts(numEntries, staticStarts),
                          maybeInts(numEntries, staticEnds),
                          toMaybeInts(defaults.strides), source.getRank(),
                          error);
                      if (!spec)
                        return std::nullopt;
                      return StridedOp::inferResultType(source, *spec, error);
                    });
}

namespace {
/// An axes-encoded creation call: its entries, and the axes and strides the
/// builders take as optional (absent where the caller passed NULL).
struct AxesCall {
  MixedSpec entries;
  std::optional<ArrayRef<int64_t>> axes;
  bool hasStrides = false;

  std::optional<ArrayRef<OpFoldResult>> strides() const {
    if (!hasStrides)
      return std::nullopt;
    return ArrayRef<OpFoldResult>(entries.strides);
  }
};
} // namespace

/// The entries of an axes-encoded creation call (starts, ends, strides);
/// NULL `staticStrides` are all 1, and then there must be no dynamic ones.
static FailureOr<AxesCall>
axesCall(Location location, StringRef name, intptr_t numEntries,
         const int64_t *axes, const int64_t *staticStarts,
         const int64_t *staticEnds, const int64_t *staticStrides,
         intptr_t numDynamicStarts, const MlirValue *dynamicStarts,
         intptr_t numDynamicEnds, const MlirValue *dynamicEnds,
         intptr_t numDynamicStrides, const MlirValue *dynamicStrides) {
  if (!staticStrides && numDynamicStrides) {
    emitError(location) << name << ": " << numDynamicStrides
                        << " dynamic strides given without static strides "
                           "to place them";
    return failure();
  }
  AxesDefaults defaults(numEntries, nullptr, staticStrides);
  auto entries =
      mixedSpec(location, name, numEntries, staticStarts, staticEnds,
                defaults.strides.data(), numDynamicStarts, dynamicStarts,
                numDynamicEnds, dynamicEnds, numDynamicStrides, dynamicStrides,
                {"starts", "ends", "strides"});
  if (failed(entries))
    return failure();
  AxesCall call{*entries, std::nullopt, staticStrides != nullptr};
  if (axes)
    call.axes = ArrayRef<int64_t>(axes, numEntries);
  return call;
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
  auto call =
      axesCall(location, name, numEntries, axes, staticStarts, staticEnds,
               staticStrides, numDynamicStarts, dynamicStarts, numDynamicEnds,
               dynamicEnds, numDynamicStrides, dynamicStrides);
  if (failed(call) || !checkRanked(location, name, unwrap(source)))
    return MlirOperation{nullptr};
  OpBuilder builder(location.getContext());
  return verifiedOrNull(StridedAxesOp::create(
      builder, location, unwrap(source), call->axes, call->entries.begin,
      call->entries.end, call->strides()));
}

MlirOperation mlirSliceStridedAxesUpdateOpCreate(
    MlirLocation loc, MlirValue value, MlirValue dest, intptr_t numEntries,
    const int64_t *axes, const int64_t *staticStarts, const int64_t *staticEnds,
    const int64_t *staticStrides, intptr_t numDynamicStarts,
    const MlirValue *dynamicStarts, intptr_t numDynamicEnds,
    const MlirValue *dynamicEnds, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides) {
  StringRef name = "slice.strided_axes_update";
  FailureOr<AxesCall> call =
      axesCall(unwrap(loc), name, numEntries, axes, staticStarts, staticEnds,
               staticStrides, numDynamicStarts, dynamicStarts, numDynamicEnds,
               dynamicEnds, numDynamicStrides, dynamicStrides);
  if (failed(call) || !checkRanked(unwrap(loc), name, unwrap(value)) ||
      !checkRanked(unwrap(loc), name, unwrap(dest)))
    return MlirOperation{nullptr};
  OpBuilder builder(unwrap(loc)->getContext());
  return verifiedOrNull(StridedAxesUpdateOp::create(
      builder, unwrap(loc), unwrap(value), unwrap(dest), call->axes,
      call->entries.begin, call->entries.end, call->strides()));
}

SLICE_CAPI_ISA(mlirOperationIsASliceStridedAxesUpdateOp, StridedAxesUpdateOp)
SLICE_CAPI_OPERAND(mlirSliceStridedAxesUpdateOpGetValue, StridedAxesUpdateOp,
                   getValue)
SLICE_CAPI_OPERAND(mlirSliceStridedAxesUpdateOpGetDest, StridedAxesUpdateOp,
                   getDest)

SLICE_CAPI_ISA(mlirOperationIsASliceStridedAxesOp, StridedAxesOp)
SLICE_CAPI_OPERAND(mlirSliceStridedAxesOpGetSource, StridedAxesOp, getSource)

intptr_t mlirSliceStridedAxesOpGetNumEntries(MlirOperation op) {
  return axesOf(op).getNumEntries();
}

bool mlirSliceStridedAxesOpHasAxes(MlirOperation op) {
  return !!axesOf(op).getAxes();
}

bool mlirSliceStridedAxesOpHasStrides(MlirOperation op) {
  return !!axesOf(op).getStaticStrides();
}

SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedAxesOpGetAxis, axesOf, getEffectiveAxes)

SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedAxesOpGetStaticStart, axesOf,
                        getStaticStarts)
SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedAxesOpGetStaticEnd, axesOf,
                        getStaticEnds)
SLICE_CAPI_STATIC_ENTRY(mlirSliceStridedAxesOpGetStaticStride, axesOf,
                        getEffectiveStaticStrides)

SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedAxesOpGetNumDynamicStarts,
                        mlirSliceStridedAxesOpGetDynamicStart, axesOf,
                        getStarts)
SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedAxesOpGetNumDynamicEnds,
                        mlirSliceStridedAxesOpGetDynamicEnd, axesOf, getEnds)
SLICE_CAPI_DYNAMIC_LIST(mlirSliceStridedAxesOpGetNumDynamicStrides,
                        mlirSliceStridedAxesOpGetDynamicStride, axesOf,
                        getStrides)
