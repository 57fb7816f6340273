//===- Slice.cpp - C API of the slice dialect -----------------------------===//

#include "Slice-c/Slice.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/InitSlice.h"
#include "Slice/Utils/StridedSliceSemantics.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

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
  SmallVector<MaybeInt> result;
  for (intptr_t i = 0; i < n; ++i)
    result.push_back(ShapedType::isDynamic(values[i]) ? MaybeInt()
                                                      : MaybeInt(values[i]));
  return result;
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

/// Merges static entries with the dynamic values, in spec order.
static FailureOr<SmallVector<OpFoldResult>>
mixedEntries(Location loc, StringRef list, intptr_t numEntries,
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
      emitError(loc) << "slice.strided: " << list << " entry " << i
                     << " is dynamic but only " << numDynamic
                     << " dynamic values were given";
      return failure();
    }
    result.push_back(unwrap(dynamics[next++]));
  }
  if (next != numDynamic) {
    emitError(loc) << "slice.strided: " << numDynamic << " dynamic " << list
                   << " values for " << next << " dynamic entries";
    return failure();
  }
  return result;
}

/// Builds the op with the inferring builder; an invalid spec still builds
/// an op, which the verifier reports (the diagnostic) before it is erased.
static MlirOperation createStrided(Location loc, Value source,
                                   ArrayRef<OpFoldResult> begin,
                                   ArrayRef<OpFoldResult> end,
                                   ArrayRef<OpFoldResult> strides,
                                   const SliceMasks &masks, bool offset) {
  if (!isa<RankedTensorType>(source.getType())) {
    emitError(loc) << "slice.strided: the source must be a ranked tensor, "
                      "got "
                   << source.getType();
    return MlirOperation{nullptr};
  }
  OpBuilder builder(loc.getContext());
  auto op = StridedOp::create(builder, loc, source, begin, end, strides,
                              masks, offset);
  if (failed(op.verify())) {
    op->erase();
    return MlirOperation{nullptr};
  }
  return wrap(op.getOperation());
}

MlirOperation mlirSliceStridedOpCreate(
    MlirLocation loc, MlirValue source, intptr_t numEntries,
    const int64_t *staticBegin, const int64_t *staticEnd,
    const int64_t *staticStrides, intptr_t numDynamicBegin,
    const MlirValue *dynamicBegin, intptr_t numDynamicEnd,
    const MlirValue *dynamicEnd, intptr_t numDynamicStrides,
    const MlirValue *dynamicStrides, MlirSliceMasks masks, bool offset) {
  Location location = unwrap(loc);
  auto begin = mixedEntries(location, "begin", numEntries, staticBegin,
                            numDynamicBegin, dynamicBegin);
  auto end = mixedEntries(location, "end", numEntries, staticEnd,
                          numDynamicEnd, dynamicEnd);
  auto strides = mixedEntries(location, "strides", numEntries, staticStrides,
                              numDynamicStrides, dynamicStrides);
  if (failed(begin) || failed(end) || failed(strides))
    return MlirOperation{nullptr};
  return createStrided(location, unwrap(source), *begin, *end, *strides,
                       toMasks(masks), offset);
}

MlirOperation mlirSliceStridedOpCreateFromPython(MlirLocation loc,
                                                 MlirValue source,
                                                 MlirStringRef text) {
  Location location = unwrap(loc);
  std::string error;
  std::optional<SparseSliceSpec> spec =
      parsePythonSlice(unwrap(text), error);
  if (!spec) {
    emitError(location) << "slice.strided: cannot parse '" << unwrap(text)
                        << "': " << error;
    return MlirOperation{nullptr};
  }
  Builder builder(location.getContext());
  auto entries = [&](ArrayRef<MaybeInt> values) {
    SmallVector<OpFoldResult> result;
    for (MaybeInt value : values)
      result.push_back(builder.getI64IntegerAttr(*value));
    return result;
  };
  return createStrided(location, unwrap(source), entries(spec->begin),
                       entries(spec->end), entries(spec->strides),
                       spec->masks, spec->offset);
}

bool mlirOperationIsASliceStridedOp(MlirOperation op) {
  return isa<StridedOp>(unwrap(op));
}

MlirValue mlirSliceStridedOpGetSource(MlirOperation op) {
  return wrap(cast<StridedOp>(unwrap(op)).getSource());
}

intptr_t mlirSliceStridedOpGetNumEntries(MlirOperation op) {
  return cast<StridedOp>(unwrap(op)).getNumEntries();
}

int64_t mlirSliceStridedOpGetStaticBegin(MlirOperation op, intptr_t pos) {
  return cast<StridedOp>(unwrap(op)).getStaticBegin()[pos];
}

int64_t mlirSliceStridedOpGetStaticEnd(MlirOperation op, intptr_t pos) {
  return cast<StridedOp>(unwrap(op)).getStaticEnd()[pos];
}

int64_t mlirSliceStridedOpGetStaticStride(MlirOperation op, intptr_t pos) {
  return cast<StridedOp>(unwrap(op)).getStaticStrides()[pos];
}

MlirSliceMasks mlirSliceStridedOpGetMasks(MlirOperation op) {
  return fromMasks(cast<StridedOp>(unwrap(op)).getMasks());
}

bool mlirSliceStridedOpGetOffset(MlirOperation op) {
  return cast<StridedOp>(unwrap(op)).getOffset();
}
