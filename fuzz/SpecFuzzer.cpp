//===- SpecFuzzer.cpp - Structured fuzzing of slice ops -------------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// libFuzzer target: the input bytes choose a well-typed slice (a source
// shape and element type, and a spec in either encoding: TF's begin / end /
// strides with five masks, or Paddle's axes / starts / ends / strides) whose
// entries are static attributes, SSA constants or function arguments, and
// whose values lean towards the extremes (INT64_MIN / INT64_MAX, the
// dimension size and its neighbours, 0, 2^62 dims, rank 0 and 16).
//
// The op is built through the C++ API (the inferring builders), then:
//   1. the verifier accepts it exactly when the semantics library accepts
//      the spec the op states (a rejection must come with a diagnostic);
//   2. an accepted op's result type is the semantics library's shape;
//   3. after canonicalize, with SSA constants folded, the returned type is
//      the semantics library's shape for the known values (every static
//      dimension right, and no dimension left dynamic that the values fix);
//   4. as the input picks, the same spec written into the source
//      (slice.strided_update / slice.strided_axes_update) by a value of the
//      slice's type or one that broadcasts to it must verify too;
//   5. FuzzCommon's checks: print/parse round trip, canonicalize and
//      --slice-normalize stay valid, --slice-to-llvm (or, as the input
//      picks, --slice-to-nvvm with PTX output) lowers it completely.
// Any failed check aborts with the module; any sanitizer report is a crash.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Semantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <limits>

using namespace mlir;
using namespace mlir::slice;
using slice_fuzz::DiagnosticCollector;
using slice_fuzz::fail;

namespace {

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

/// How an entry reaches the op.
enum class EntryForm { Static, Constant, Argument };

struct Entry {
  int64_t value;
  EntryForm form;
};

/// Draws the module's ingredients from the fuzzer's bytes.
class Generator {
public:
  explicit Generator(FuzzedDataProvider &data) : data(data) {}

  /// A dimension size (ShapedType::kDynamic for `?`).
  int64_t dim() {
    switch (data.ConsumeIntegralInRange<int>(0, 11)) {
    case 0:
      return ShapedType::kDynamic;
    case 1:
      return 0;
    case 2:
      return int64_t(1) << 62;
    case 3:
      return data.ConsumeIntegralInRange<int64_t>(0, int64_t(1) << 62);
    case 4:
      return int64_t(1) << data.ConsumeIntegralInRange<int>(31, 40);
    default:
      return data.ConsumeIntegralInRange<int64_t>(1, 9);
    }
  }

  /// An entry value near `dim` (a size, or `?`) or at the int64 extremes.
  int64_t value(int64_t dim) {
    int64_t size = ShapedType::isDynamic(dim) ? 5 : dim;
    switch (data.ConsumeIntegralInRange<int>(0, 15)) {
    case 0:
      return kMin;
    case 1:
      return kMax;
    case 2:
      return kMin + 1;
    case 3:
      return kMax - 1;
    case 4:
      return size;
    case 5:
      return -size;
    case 6:
      return size + 1;
    case 7:
      return -size - 1;
    case 8:
      return size - 1;
    case 9:
      return data.ConsumeIntegral<int64_t>();
    case 10:
      return int64_t(1) << 62;
    default:
      return data.ConsumeIntegralInRange<int64_t>(-4, 4);
    }
  }

  /// A stride: mostly small and non-zero, sometimes 0 or extreme.
  int64_t stride(int64_t dim) {
    switch (data.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return 0;
    case 1:
      return value(dim);
    default: {
      int64_t magnitude = data.ConsumeIntegralInRange<int64_t>(1, 3);
      return data.ConsumeBool() ? magnitude : -magnitude;
    }
    }
  }

  EntryForm form() {
    switch (data.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      return EntryForm::Constant;
    case 1:
      return EntryForm::Argument;
    default:
      return EntryForm::Static;
    }
  }

  /// A mask over `entries` entries; rarely with bits past the end.
  uint64_t mask(unsigned entries, int sparsity) {
    uint64_t bits = data.ConsumeIntegral<uint64_t>();
    if (data.ConsumeIntegralInRange<int>(0, 31) == 0)
      return bits;
    if (data.ConsumeIntegralInRange<int>(0, sparsity) != 0)
      bits &= data.ConsumeIntegral<uint64_t>();
    return entries >= 64 ? bits : bits & ((uint64_t(1) << entries) - 1);
  }

  FuzzedDataProvider &data;
};

/// The spec as the op states it (static entries known, the rest unknown) and
/// as its values are (SSA constants known too).
struct Specs {
  SmallVector<MaybeInt> stated, known;
  /// Static entries of INT64_MIN, which the builders turn into the static
  /// entry that selects the same, or else into an SSA constant.
  SmallVector<bool> staticMin;
  bool hasArgument = false;
  bool hasMinConstant = false;
};

/// The module being built: func @slice(%x, %a0, %a1, ...) returning the
/// slice, with the arguments added as entries need them.
class ModuleBuilder {
public:
  ModuleBuilder(MLIRContext &context, RankedTensorType sourceType)
      : builder(&context), loc(builder.getUnknownLoc()) {
    module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    function = func::FuncOp::create(builder, loc, "slice",
                                    builder.getFunctionType({sourceType}, {}));
    Block *body = function.addEntryBlock();
    builder.setInsertionPointToStart(body);
  }

  Value source() { return function.getArgument(0); }

  /// `entry` as an OpFoldResult, recording what the op and the values say.
  OpFoldResult add(const Entry &entry, Specs &specs) {
    specs.staticMin.push_back(entry.form == EntryForm::Static &&
                              entry.value == kMin);
    switch (entry.form) {
    case EntryForm::Static:
      // INT64_MIN (the dynamic marker): see stateMinEntries.
      specs.stated.push_back(entry.value == kMin ? MaybeInt()
                                                 : MaybeInt(entry.value));
      specs.known.push_back(entry.value);
      specs.hasMinConstant |= entry.value == kMin;
      return builder.getI64IntegerAttr(entry.value);
    case EntryForm::Constant:
      specs.stated.push_back(std::nullopt);
      specs.known.push_back(entry.value);
      specs.hasMinConstant |= entry.value == kMin;
      return arith::ConstantIndexOp::create(builder, loc, entry.value)
          .getResult();
    case EntryForm::Argument: {
      specs.stated.push_back(std::nullopt);
      specs.known.push_back(std::nullopt);
      specs.hasArgument = true;
      Block &body = function.getBody().front();
      return body.addArgument(builder.getIndexType(), loc);
    }
    }
    return {};
  }

  /// Returns `result` from the function and fixes the function's type.
  void finish(Value result) {
    func::ReturnOp::create(builder, loc, result);
    Block &body = function.getBody().front();
    function.setType(
        builder.getFunctionType(body.getArgumentTypes(), {result.getType()}));
  }

  OpBuilder builder;
  Location loc;
  OwningOpRef<ModuleOp> module;
  func::FuncOp function;
};

/// What the builders make of static INT64_MIN begins and ends: the static
/// value (or end mask bit) that selects the same, where the semantics
/// library's replaceMinIndices finds one; an SSA constant otherwise.
/// (A static stride of INT64_MIN is known to the builder while it decides,
/// then becomes an SSA constant too.)
void stateMinEntries(SparseSliceSpec &stated, const Specs &begin,
                     const Specs &end, const Specs &strides,
                     ArrayRef<MaybeInt> shape) {
  for (auto [values, specs] :
       {std::pair(&stated.begin, &begin), std::pair(&stated.end, &end),
        std::pair(&stated.strides, &strides)})
    for (auto [index, isMin] : llvm::enumerate(specs->staticMin))
      if (isMin)
        (*values)[index] = kMin;
  replaceMinIndices(stated, shape);
  for (SmallVector<MaybeInt> *values :
       {&stated.begin, &stated.end, &stated.strides})
    for (MaybeInt &value : *values)
      if (value == kMin)
        value = std::nullopt;
}

SmallVector<MaybeInt> shapeOf(RankedTensorType type) {
  SmallVector<MaybeInt> shape;
  for (int64_t dim : type.getShape())
    shape.push_back(ShapedType::isDynamic(dim) ? MaybeInt() : MaybeInt(dim));
  return shape;
}

std::string describe(ArrayRef<MaybeInt> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "[";
  llvm::interleaveComma(shape, os, [&](MaybeInt dim) {
    if (dim)
      os << *dim;
    else
      os << "?";
  });
  os << "]";
  return text;
}

std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Check 2: `type` is exactly `shape` (unknown sizes dynamic).
void checkShape(RankedTensorType type, ArrayRef<MaybeInt> shape,
                const DiagnosticCollector &diags, Operation *module) {
  bool same = type.getRank() == static_cast<int64_t>(shape.size());
  for (auto [dim, expected] : llvm::zip(type.getShape(), shape))
    same &= expected ? dim == *expected : ShapedType::isDynamic(dim);
  if (!same)
    fail("the op's result type differs from the semantics library's shape " +
             describe(shape),
         diags, module);
}

/// Check 3: after canonicalize, the returned value's type (before any
/// tensor.cast back to the function's type) has every static dimension of
/// `shape` and, when `exact`, no dynamic dimension `shape` knows.
void checkCanonicalized(ModuleOp module, ArrayRef<MaybeInt> shape, bool exact,
                        DiagnosticCollector &diags) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  pm.addPass(createCanonicalizerPass());
  if (failed(pm.run(*copy)))
    fail("canonicalize failed on a verified module", diags, module);
  auto function = cast<func::FuncOp>(copy->getBody()->front());
  Value result = function.getBody().front().getTerminator()->getOperand(0);
  while (auto cast = result.getDefiningOp<tensor::CastOp>())
    result = cast.getSource();
  auto type = cast<RankedTensorType>(result.getType());
  bool sound = type.getRank() == static_cast<int64_t>(shape.size());
  bool precise = true;
  for (auto [dim, expected] : llvm::zip(type.getShape(), shape)) {
    if (!ShapedType::isDynamic(dim))
      sound &= expected && dim == *expected;
    else
      precise &= !expected;
  }
  if (!sound)
    fail("after canonicalize the result type " + llvm::Twine(typeString(type)) +
             " disagrees with the semantics library's " + describe(shape),
         diags, *copy);
  if (exact && !precise)
    fail("after canonicalize the result type " + llvm::Twine(typeString(type)) +
             " is less static than the constants make it: " + describe(shape),
         diags, *copy);
}

/// Adds to the function the write of `sliceOp`'s spec into its source
/// (slice.strided_update, or slice.strided_axes_update for the axes
/// encoding) by a new argument of the slice's type, or of one that
/// broadcasts to it (leading dimensions dropped, sizes made a static 1),
/// and returns it beside the slice. The spec verified, so the update must.
void addUpdate(ModuleBuilder &mb, Operation *sliceOp, FuzzedDataProvider &data,
               DiagnosticCollector &diags) {
  auto sliceType = cast<RankedTensorType>(sliceOp->getResult(0).getType());
  ArrayRef<int64_t> sliceShape = sliceType.getShape();
  size_t dropped =
      data.ConsumeIntegralInRange<int>(0, 3) == 0
          ? data.ConsumeIntegralInRange<size_t>(0, sliceShape.size())
          : 0;
  SmallVector<int64_t> valueShape;
  for (int64_t size : sliceShape.drop_front(dropped))
    valueShape.push_back(data.ConsumeIntegralInRange<int>(0, 3) == 0 ? 1
                                                                     : size);
  Block &body = mb.function.getBody().front();
  Value value = body.addArgument(
      RankedTensorType::get(valueShape, sliceType.getElementType()), mb.loc);
  Operation *terminator = body.getTerminator();
  mb.builder.setInsertionPoint(terminator);
  Value updated;
  if (auto slice = dyn_cast<StridedOp>(sliceOp))
    updated = StridedUpdateOp::create(
        mb.builder, mb.loc, value, slice.getSource(), slice.getMixedBegin(),
        slice.getMixedEnd(), slice.getMixedStrides(), slice.getMasks(),
        slice.getOffset());
  else if (auto axes = dyn_cast<StridedAxesOp>(sliceOp))
    updated = StridedAxesUpdateOp::create(
        mb.builder, mb.loc, value, axes.getSource(), axes.getAxes(),
        axes.getMixedStarts(), axes.getMixedEnds(),
        axes.getStaticStrides()
            ? std::optional<ArrayRef<OpFoldResult>>(axes.getMixedStrides())
            : std::nullopt);
  else
    return;
  terminator->insertOperands(terminator->getNumOperands(), updated);
  mb.function.setType(mb.builder.getFunctionType(
      body.getArgumentTypes(), terminator->getOperandTypes()));
  if (failed(mlir::verify(*mb.module)))
    fail("the update with the spec of a verified slice is rejected", diags,
         *mb.module);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  Generator gen(data);
  std::unique_ptr<MLIRContext> context = slice_fuzz::makeContext();
  DiagnosticCollector diags(*context);

  // The source: rank 0 to 16, mostly small.
  unsigned rank = data.ConsumeIntegralInRange<int>(0, 7) == 0
                      ? data.ConsumeIntegralInRange<unsigned>(0, 16)
                      : data.ConsumeIntegralInRange<unsigned>(0, 4);
  SmallVector<int64_t> sourceShape;
  for (unsigned i = 0; i < rank; ++i)
    sourceShape.push_back(gen.dim());
  Type elementTypes[] = {
      Float32Type::get(context.get()), IntegerType::get(context.get(), 8),
      IntegerType::get(context.get(), 1), Float64Type::get(context.get()),
      IndexType::get(context.get())};
  Type elementType = elementTypes[data.ConsumeIntegralInRange<int>(0, 4)];
  auto sourceType = RankedTensorType::get(sourceShape, elementType);
  SmallVector<MaybeInt> shape = shapeOf(sourceType);
  auto dimOf = [&](uint64_t entry) {
    return rank == 0 ? int64_t(1) : sourceShape[entry % rank];
  };

  bool axesEncoding = data.ConsumeIntegralInRange<int>(0, 3) == 0;
  bool lowerAsCopies = data.ConsumeBool();
  ModuleBuilder mb(*context, sourceType);
  Specs begin, end, strides;
  SparseSliceSpec stated, known;
  std::string error;
  std::optional<SparseSliceSpec> statedSpec, knownSpec;
  Value result;

  if (!axesEncoding) {
    // TF: up to rank + 4 entries, rarely up to 64 (the most masks hold).
    unsigned entries =
        data.ConsumeIntegralInRange<int>(0, 15) == 0
            ? data.ConsumeIntegralInRange<unsigned>(0, kMaxSpecEntries)
            : data.ConsumeIntegralInRange<unsigned>(0, rank + 4);
    SliceMasks masks;
    masks.begin = gen.mask(entries, 1);
    masks.end = gen.mask(entries, 1);
    masks.ellipsis = gen.mask(entries, 8);
    masks.newAxis = gen.mask(entries, 4);
    masks.shrinkAxis = gen.mask(entries, 4);
    bool offset = data.ConsumeIntegralInRange<int>(0, 7) == 0;
    SmallVector<OpFoldResult> b, e, s;
    for (unsigned i = 0; i < entries; ++i) {
      int64_t dim = dimOf(i);
      b.push_back(mb.add({gen.value(dim), gen.form()}, begin));
      e.push_back(mb.add({gen.value(dim), gen.form()}, end));
      s.push_back(mb.add({gen.stride(dim), gen.form()}, strides));
    }
    auto op = StridedOp::create(mb.builder, mb.loc, mb.source(), b, e, s, masks,
                                offset);
    result = op.getResult();
    for (auto [spec, which] : {std::pair(&stated, &Specs::stated),
                               std::pair(&known, &Specs::known)}) {
      spec->begin = begin.*which;
      spec->end = end.*which;
      spec->strides = strides.*which;
      spec->masks = masks;
      spec->offset = offset;
    }
    stateMinEntries(stated, begin, end, strides, shape);
    statedSpec = stated;
    knownSpec = known;
  } else {
    // Paddle / ONNX: axes in [-rank - 1, rank], sometimes repeated.
    unsigned entries = data.ConsumeIntegralInRange<unsigned>(0, rank + 1);
    SmallVector<int64_t> axes;
    SmallVector<OpFoldResult> b, e, s;
    for (unsigned i = 0; i < entries; ++i) {
      int64_t axis = data.ConsumeIntegralInRange<int64_t>(-int64_t(rank) - 1,
                                                          int64_t(rank));
      if (data.ConsumeIntegralInRange<int>(0, 31) == 0)
        axis = data.ConsumeBool() ? kMin : kMax;
      axes.push_back(axis);
      int64_t dim = dimOf(static_cast<uint64_t>(axis));
      b.push_back(mb.add({gen.value(dim), gen.form()}, begin));
      e.push_back(mb.add({gen.value(dim), gen.form()}, end));
      s.push_back(mb.add({gen.stride(dim), gen.form()}, strides));
    }
    // As an importer writes it: axes left out where they are the default
    // [0, 1, ...], strides where all are a static 1 (the same spec, and
    // the same decoding of earlier inputs).
    bool defaultAxes = llvm::equal(axes, llvm::seq<int64_t>(0, entries));
    bool unitStrides = llvm::all_of(s, [](OpFoldResult stride) {
      return isConstantIntValue(stride, 1) && isa<Attribute>(stride);
    });
    auto op = StridedAxesOp::create(
        mb.builder, mb.loc, mb.source(),
        defaultAxes ? std::nullopt : std::optional<ArrayRef<int64_t>>(axes), b,
        e,
        unitStrides ? std::nullopt : std::optional<ArrayRef<OpFoldResult>>(s));
    result = op.getResult();
    // Static INT64_MIN starts and ends: the builder's per-axis equivalent.
    std::string ignoredError;
    if (std::optional<SmallVector<int64_t>> dims =
            mapAxesToDims(axes, rank, ignoredError))
      for (auto [dim, entry] : llvm::enumerate(*dims)) {
        if (entry < 0)
          continue;
        MaybeInt stride =
            strides.staticMin[entry] ? MaybeInt(kMin) : strides.stated[entry];
        MaybeInt equivalent = staticEquivalentOfMinIndex(stride, shape[dim]);
        for (Specs *specs : {&begin, &end})
          if (specs->staticMin[entry] && equivalent)
            specs->stated[entry] = equivalent;
      }
    statedSpec = buildAxesSpec(axes, begin.stated, end.stated, strides.stated,
                               rank, error);
    std::string ignored;
    knownSpec = buildAxesSpec(axes, begin.known, end.known, strides.known, rank,
                              ignored);
  }
  mb.finish(result);

  // 1. The verifier and the semantics library agree.
  std::optional<ResolvedSlice> resolved;
  if (statedSpec)
    resolved = resolveStridedSlice(*statedSpec, shape, error);
  bool verified = succeeded(mlir::verify(*mb.module));
  if (verified != resolved.has_value())
    fail(llvm::Twine("the verifier ") + (verified ? "accepts" : "rejects") +
             " a spec the semantics library " +
             (resolved ? "accepts" : "rejects (" + error + ")"),
         diags, *mb.module);
  if (!verified) {
    if (diags.empty() ||
        (!StringRef(diags.errors()).contains("'slice.strided")))
      fail("a rejected op without a diagnostic naming it", diags, *mb.module);
    return 0;
  }

  // 2. The built type is the library's shape.
  checkShape(cast<RankedTensorType>(result.getType()), resolved->resultShape,
             diags, *mb.module);

  // 3. Constants folded: the shape the known values give.
  if (knownSpec) {
    std::string knownError;
    std::optional<ResolvedSlice> knownSlice =
        resolveStridedSlice(*knownSpec, shape, knownError);
    if (knownSlice)
      checkCanonicalized(*mb.module, knownSlice->resultShape,
                         /*exact=*/!begin.hasMinConstant &&
                             !end.hasMinConstant && !strides.hasMinConstant,
                         diags);
  }

  // 4. Round trip, normal form, lowering.
  // The last byte left picks the pipeline (an input made before the GPU
  // pipeline was fuzzed keeps its meaning, and the CPU pipeline).
  slice_fuzz::Lowering lowering;
  lowering.copies = lowerAsCopies;
  lowering.gpu = data.ConsumeBool();
  // The byte after it (none in older inputs) adds the write of the same spec.
  if (data.ConsumeBool())
    addUpdate(mb, result.getDefiningOp(), data, diags);
  slice_fuzz::checkAcceptedModule(*mb.module, diags, lowering);
  return 0;
}
