//===- FrontDoor.cpp - What the framework conversions share ---------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The helpers of FrontDoor.h that the front doors share; the passes are in
// Passes.cpp, torch's types in TorchToSlice.cpp.
//
//===----------------------------------------------------------------------===//

#include "FrontDoor.h"

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Axes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

#include <limits>

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::frontdoor;

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

void frontdoor::addConversion(RewritePatternSet &patterns,
                              ArrayRef<StringRef> names,
                              const ConvertFn &convert) {
  for (StringRef name : names)
    patterns.add<NamedOpPattern>(name, convert, patterns.getContext());
}

/// The dialects of the frameworks: an op of one of them is not a builtin
/// user of a constant.
static bool isFrameworkOp(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  return llvm::is_contained(
      {"tf", "tfl", "stablehlo", "mhlo", "onnx", "torch", "torch_c", "chlo"},
      dialect);
}

void frontdoor::addDeadOpCleanup(RewritePatternSet &patterns,
                                 ArrayRef<StringRef> names) {
  addConversion(patterns, names,
                [](Operation *op, PatternRewriter &rewriter) -> LogicalResult {
                  if (!op->use_empty())
                    return failure();
                  rewriter.eraseOp(op);
                  return success();
                });
  // A tensor constant whose readers are all builtin ops becomes
  // arith.constant, so that a converted function holds no framework op.
  addConversion(patterns, names,
                [](Operation *op, PatternRewriter &rewriter) -> LogicalResult {
                  auto value = op->getAttrOfType<ElementsAttr>("value");
                  if (op->getNumResults() != 1 || op->getNumOperands() != 0 ||
                      !value || op->use_empty() ||
                      value.getType() != op->getResult(0).getType() ||
                      llvm::any_of(op->getUsers(), isFrameworkOp))
                    return failure();
                  auto typed = dyn_cast<TypedAttr>(value);
                  if (!typed)
                    return failure();
                  rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, typed);
                  return success();
                });
}

LogicalResult frontdoor::refuse(PatternRewriter &rewriter, Operation *op,
                                const Twine &why) {
  return rewriter.notifyMatchFailure(op, "'" + op->getName().getStringRef() +
                                             "' stays: " + why);
}

//===----------------------------------------------------------------------===//
// Reading the framework's IR
//===----------------------------------------------------------------------===//

/// Whether `type` (or its elements) is an unsigned integer type (StableHLO's
/// ui8..ui64 indices).
static bool isUnsigned(Type type) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return integer && integer.isUnsigned();
}

/// An integer constant's value as int64_t: sign-extended for signless and
/// signed types, zero-extended for unsigned ones, where values of 2^63 and
/// more (ui64) become INT64_MAX: every front door clamps a start that
/// large to the same place.
static int64_t readInteger(const APInt &value, bool isUnsignedType) {
  if (!isUnsignedType)
    return value.getSExtValue();
  if (value.getActiveBits() > 63)
    return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(value.getZExtValue());
}

std::optional<SmallVector<int64_t>> frontdoor::getConstantInts(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  StringRef name = def->getName().getStringRef();
  if (name == "torch.prim.ListConstruct") {
    SmallVector<int64_t> values;
    for (Value operand : def->getOperands()) {
      std::optional<int64_t> element = getConstantInt(operand);
      if (!element)
        return std::nullopt;
      values.push_back(*element);
    }
    return values;
  }
  if (!llvm::is_contained({"tf.Const", "tfl.pseudo_const", "stablehlo.constant",
                           "mhlo.constant", "onnx.Constant", "arith.constant",
                           "torch.constant.int"},
                          name))
    return std::nullopt;
  Attribute attr = def->getAttr("value");
  if (auto integer = dyn_cast_or_null<IntegerAttr>(attr))
    return SmallVector<int64_t>{
        readInteger(integer.getValue(), isUnsigned(integer.getType()))};
  auto elements = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!elements)
    return std::nullopt;
  bool isUnsignedType = isUnsigned(elements.getElementType());
  return llvm::map_to_vector(elements.getValues<APInt>(), [&](const APInt &v) {
    return readInteger(v, isUnsignedType);
  });
}

std::optional<int64_t> frontdoor::getConstantInt(Value value) {
  std::optional<SmallVector<int64_t>> values = getConstantInts(value);
  if (!values || values->size() != 1)
    return std::nullopt;
  return values->front();
}

bool frontdoor::isNone(Value value) {
  if (isa<NoneType>(value.getType()))
    return true;
  if (auto opaque = dyn_cast<OpaqueType>(value.getType()))
    if (opaque.getDialectNamespace() == "torch" &&
        opaque.getTypeData() == "none")
      return true;
  Operation *def = value.getDefiningOp();
  return def && llvm::is_contained({"torch.constant.none", "onnx.NoValue"},
                                   def->getName().getStringRef());
}

std::optional<int64_t> frontdoor::getIntAttr(Operation *op, StringRef name,
                                             int64_t defaultValue) {
  Attribute attr = op->getAttr(name);
  if (!attr)
    return defaultValue;
  if (auto boolean = dyn_cast<BoolAttr>(attr))
    return boolean.getValue() ? 1 : 0;
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().getSExtValue();
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> frontdoor::getIntListAttr(Operation *op,
                                                              StringRef name) {
  Attribute attr = op->getAttr(name);
  if (auto array = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    return SmallVector<int64_t>(array.asArrayRef());
  if (auto elements = dyn_cast_or_null<DenseIntElementsAttr>(attr))
    return llvm::map_to_vector(elements.getValues<APInt>(),
                               [](const APInt &v) { return v.getSExtValue(); });
  if (auto list = dyn_cast_or_null<ArrayAttr>(attr)) {
    SmallVector<int64_t> values;
    for (Attribute element : list) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer)
        return std::nullopt;
      values.push_back(integer.getValue().getSExtValue());
    }
    return values;
  }
  return std::nullopt;
}

/// `value` (an integer or index scalar) as an index value.
static Value castToIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// An element extracted from an index tensor of signed or unsigned
/// integers as the signless integer of the same bits, which arith reads.
/// No arith op takes them, and tensor.bitcast does not bufferize: a scalar
/// unrealized_conversion_cast, which the conversion to LLVM folds away
/// (both types are the same LLVM integer).
static Value toSignlessScalar(OpBuilder &builder, Location loc, Value element) {
  auto integer = dyn_cast<IntegerType>(element.getType());
  if (!integer || integer.isSignless())
    return element;
  Type signless = builder.getIntegerType(integer.getWidth());
  return UnrealizedConversionCastOp::create(builder, loc, signless, element)
      .getResult(0);
}

/// An element read from an index tensor as an index: zero-extended when
/// the tensor's elements are unsigned, where a ui64 value of 2^63 or more
/// (negative as an index) becomes INT64_MAX, as readInteger does.
static Value elementToIndex(OpBuilder &builder, Location loc, Value element,
                            bool isUnsignedType) {
  element = toSignlessScalar(builder, loc, element);
  if (!isUnsignedType)
    return castToIndex(builder, loc, element);
  Value index = arith::IndexCastUIOp::create(builder, loc,
                                             builder.getIndexType(), element);
  if (element.getType().getIntOrFloatBitWidth() < 64)
    return index;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value huge = arith::ConstantIndexOp::create(
      builder, loc, std::numeric_limits<int64_t>::max());
  Value wrapped = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                        index, zero);
  return arith::SelectOp::create(builder, loc, wrapped, huge, index);
}

FailureOr<SmallVector<OpFoldResult>>
frontdoor::getIndexEntries(OpBuilder &builder, Location loc, Value value) {
  if (std::optional<SmallVector<int64_t>> constants = getConstantInts(value))
    return llvm::map_to_vector(*constants, [&](int64_t v) -> OpFoldResult {
      return builder.getIndexAttr(v);
    });
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 1 || type.isDynamicDim(0) ||
      !type.getElementType().isIntOrIndex())
    return failure();
  bool isUnsignedType = isUnsigned(type);
  SmallVector<OpFoldResult> entries;
  for (int64_t i = 0; i < type.getDimSize(0); ++i) {
    Value position = arith::ConstantIndexOp::create(builder, loc, i);
    Value element = tensor::ExtractOp::create(builder, loc, value, position);
    entries.push_back(elementToIndex(builder, loc, element, isUnsignedType));
  }
  return entries;
}

LogicalResult
frontdoor::getIndexOperands(OpBuilder &builder, Operation *op, unsigned first,
                            ArrayRef<StringRef> names,
                            ArrayRef<SmallVector<OpFoldResult> *> lists,
                            std::string &why) {
  for (auto [i, name, list] : llvm::enumerate(names, lists)) {
    FailureOr<SmallVector<OpFoldResult>> entries =
        getIndexEntries(builder, op->getLoc(), op->getOperand(first + i));
    if (failed(entries)) {
      why = (name + " is not a 1-D integer tensor of static length").str();
      return failure();
    }
    *list = std::move(*entries);
  }
  return success();
}

LogicalResult
frontdoor::getIndexOperands(PatternRewriter &rewriter,
                            RollbackBuilder &rollback, Operation *op,
                            unsigned first, ArrayRef<StringRef> names,
                            ArrayRef<SmallVector<OpFoldResult> *> lists) {
  std::string why;
  if (failed(getIndexOperands(rollback.builder, op, first, names, lists, why)))
    return refuse(rewriter, op, why);
  return success();
}

FailureOr<OpFoldResult> frontdoor::getScalarIndex(OpBuilder &builder,
                                                  Location loc, Value value) {
  if (std::optional<int64_t> constant = getConstantInt(value))
    return OpFoldResult(builder.getIndexAttr(*constant));
  Type type = value.getType();
  if (type.isIndex() || type.isSignlessInteger())
    return OpFoldResult(castToIndex(builder, loc, value));
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape() ||
      tensorType.getNumElements() != 1 ||
      !tensorType.getElementType().isIntOrIndex())
    return failure();
  bool isUnsignedType = isUnsigned(tensorType);
  SmallVector<Value> zeros(tensorType.getRank(),
                           arith::ConstantIndexOp::create(builder, loc, 0));
  Value element = tensor::ExtractOp::create(builder, loc, value, zeros);
  return OpFoldResult(elementToIndex(builder, loc, element, isUnsignedType));
}

std::optional<SmallVector<int64_t>>
frontdoor::normalizeDims(ArrayRef<int64_t> dims, int64_t rank,
                         std::string &error) {
  // The axes rule of the semantics library (negative axes count from the
  // back; one out of range or named twice is an error).
  std::optional<SmallVector<int64_t>> entryOfDim =
      mapAxesToDims(dims, static_cast<unsigned>(rank), error);
  if (!entryOfDim)
    return std::nullopt;
  SmallVector<int64_t> normalized(dims.size());
  for (auto [d, entry] : llvm::enumerate(*entryOfDim))
    if (entry >= 0)
      normalized[entry] = d;
  return normalized;
}

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

OpFoldResult frontdoor::clampIndex(ArithIndexBuilder &math, OpFoldResult value,
                                   OpFoldResult lo, OpFoldResult hi) {
  return math.max(lo, math.min(value, hi));
}

OpFoldResult frontdoor::wrapIndex(ArithIndexBuilder &math, OpFoldResult value,
                                  OpFoldResult size) {
  if (std::optional<int64_t> known = getConstantIntValue(value);
      known && *known >= 0)
    return value;
  return math.select(math.lessThan(value, math.constant(0)),
                     math.add(value, size), value);
}

OpFoldResult frontdoor::atLeast(ArithIndexBuilder &math, OpFoldResult a,
                                OpFoldResult b) {
  return math.logicalNot(math.lessThan(a, b));
}

OpFoldResult frontdoor::atMost(ArithIndexBuilder &math, OpFoldResult a,
                               OpFoldResult b) {
  return math.logicalNot(math.lessThan(b, a));
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

void Checks::require(OpFoldResult condition, const Twine &what) {
  if (std::optional<bool> known = getConstantBool(condition)) {
    if (!*known && failure.empty())
      failure = what.str();
    return;
  }
  pending.emplace_back(cast<Value>(condition), (opName + ": " + what).str());
}

void Checks::emit() {
  for (auto &[condition, message] : pending)
    cf::AssertOp::create(builder, loc, condition, message);
  pending.clear();
}

LogicalResult Checks::refuseOrEmit(PatternRewriter &rewriter, Operation *op) {
  if (!failure.empty())
    return refuse(rewriter, op,
                  Twine(failure) + ", which the framework rejects");
  emit();
  return success();
}

//===----------------------------------------------------------------------===//
// Building slice ops
//===----------------------------------------------------------------------===//

FailureOr<Value> frontdoor::buildSlice(OpBuilder &builder, Location loc,
                                       Value source, const MixedSliceSpec &spec,
                                       bool offset, std::string &why) {
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  if (!sourceType) {
    why = "the input is not a ranked tensor";
    return failure();
  }
  if (!inferSliceType(sourceType, getStaticSpec(spec, offset), why))
    return failure();
  return StridedOp::create(builder, loc, source, spec.begin, spec.end,
                           spec.strides, spec.masks, offset)
      .getResult();
}

FailureOr<Value> frontdoor::buildUpdate(OpBuilder &builder, Location loc,
                                        Value value, Value dest,
                                        const MixedSliceSpec &spec, bool offset,
                                        std::string &why) {
  auto valueType = dyn_cast<RankedTensorType>(value.getType());
  auto destType = dyn_cast<RankedTensorType>(dest.getType());
  if (!valueType || !destType) {
    why = "an operand is not a ranked tensor";
    return failure();
  }
  SparseSliceSpec sparse = getStaticSpec(spec, offset);
  if (!inferSliceType(destType, sparse, why))
    return failure();
  if (!isValidUpdate(valueType, destType, sparse)) {
    why = "the update of type " + typeString(valueType) +
          " does not fit the slice of " + typeString(destType);
    return failure();
  }
  return StridedUpdateOp::create(builder, loc, value, dest, spec.begin,
                                 spec.end, spec.strides, spec.masks, offset)
      .getResult();
}

MixedSliceSpec frontdoor::specOnDim(OpBuilder &builder, int64_t dim,
                                    OpFoldResult begin, OpFoldResult end,
                                    OpFoldResult stride) {
  MixedSliceSpec spec;
  spec.begin.assign(dim, builder.getIndexAttr(0));
  spec.end.assign(dim, builder.getIndexAttr(0));
  spec.strides.assign(dim, builder.getIndexAttr(1));
  spec.begin.push_back(begin);
  spec.end.push_back(end);
  spec.strides.push_back(stride);
  spec.masks.begin = spec.masks.end = (uint64_t(1) << dim) - 1;
  return spec;
}

MixedSliceSpec frontdoor::reverseSpec(OpBuilder &builder,
                                      ArrayRef<int64_t> dims, int64_t rank) {
  MixedSliceSpec spec;
  for (int64_t d = 0; d < rank; ++d) {
    spec.begin.push_back(builder.getIndexAttr(0));
    spec.end.push_back(builder.getIndexAttr(0));
    spec.strides.push_back(
        builder.getIndexAttr(llvm::is_contained(dims, d) ? -1 : 1));
  }
  spec.masks.begin = spec.masks.end =
      rank >= 64 ? ~uint64_t(0) : (uint64_t(1) << rank) - 1;
  return spec;
}

std::string frontdoor::typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

Value frontdoor::castTo(OpBuilder &builder, Location loc, Value value,
                        Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

RollbackBuilder::RollbackBuilder(Operation *op) : builder(op) {
  builder.setListener(this);
}

RollbackBuilder::~RollbackBuilder() {
  if (committed)
    return;
  for (Operation *op : llvm::reverse(created))
    op->erase();
}

void RollbackBuilder::notifyOperationInserted(
    Operation *op, OpBuilder::InsertPoint /*previous*/) {
  created.push_back(op);
}

void RollbackBuilder::commit(PatternRewriter &rewriter) {
  committed = true;
  if (OpBuilder::Listener *listener = rewriter.getListener())
    for (Operation *op : created)
      listener->notifyOperationInserted(op, /*previous=*/{});
}

Value frontdoor::createNamed(OpBuilder &builder, Location loc, StringRef name,
                             Value operand, Type resultType) {
  OperationState state(loc, name);
  state.addOperands(operand);
  state.addTypes(resultType);
  return builder.create(state)->getResult(0);
}

/// `value` handed on as a value of `resultType` (a cast, or a torch value
/// tensor through torch_c.from_builtin_tensor), or failure with `why`.
static FailureOr<Value> handOn(OpBuilder &builder, Location loc, Value value,
                               Type resultType, std::string &why) {
  // A torch value tensor is handed on through torch_c.from_builtin_tensor
  // (TorchToSlice.cpp).
  RankedTensorType torchBuiltin =
      isa<TensorType>(resultType) ? nullptr : getBuiltinTensorType(resultType);
  auto valueType = cast<RankedTensorType>(value.getType());
  // An unsigned dtype is signless storage behind torch's casts, but a
  // function may also hand its vtensor `tensor<...xui8>`: the slice keeps
  // the integer type its input had, of the dtype's width.
  if (torchBuiltin && torchBuiltin.getElementType().isSignlessInteger() &&
      valueType.getElementType().isInteger(
          torchBuiltin.getElementType().getIntOrFloatBitWidth()))
    torchBuiltin = torchBuiltin.clone(valueType.getElementType());
  Type target = torchBuiltin ? torchBuiltin : resultType;
  auto tensorType = dyn_cast<TensorType>(target);
  if (!tensorType ||
      tensorType.getElementType() != valueType.getElementType() ||
      !tensor::CastOp::areCastCompatible(valueType, target)) {
    why = "its result type " + typeString(resultType) + " is not the slice's " +
          typeString(valueType);
    return failure();
  }
  Value result = castTo(builder, loc, value, target);
  if (torchBuiltin)
    result = fromBuiltinTensor(builder, loc, result, resultType);
  return result;
}

LogicalResult frontdoor::finish(PatternRewriter &rewriter, Operation *op,
                                RollbackBuilder &rollback, Value value) {
  std::string why;
  FailureOr<Value> result = handOn(rollback.builder, op->getLoc(), value,
                                   op->getResult(0).getType(), why);
  if (failed(result))
    return refuse(rewriter, op, why);
  rollback.commit(rewriter);
  rewriter.replaceOp(op, *result);
  return success();
}

FailureOr<int64_t> frontdoor::getSplitDim(Value value, int64_t rank,
                                          std::string &why) {
  std::optional<int64_t> dim = getConstantInt(value);
  if (!dim) {
    why = "the split dimension is not a constant";
    return failure();
  }
  if (*dim < -rank || *dim >= rank) {
    why = "the split dimension " + std::to_string(*dim) + " is outside [-" +
          std::to_string(rank) + ", " + std::to_string(rank) + ")";
    return failure();
  }
  return *dim < 0 ? *dim + rank : *dim;
}

FailureOr<int64_t> frontdoor::getAxisAttr(Operation *op, StringRef name,
                                          int64_t rank, std::string &why) {
  std::optional<int64_t> axis = getIntAttr(op, name, 0);
  if (!axis || *axis < -rank || *axis >= rank) {
    why = (name + " is not in [-rank, rank)").str();
    return failure();
  }
  return *axis < 0 ? *axis + rank : *axis;
}

OpFoldResult frontdoor::ceilDiv(ArithIndexBuilder &math, OpFoldResult a,
                                OpFoldResult b) {
  return math.divTrunc(math.sub(math.add(a, b), math.constant(1)), b);
}

SmallVector<SplitPiece> frontdoor::piecesOfSize(ArithIndexBuilder &math,
                                                OpFoldResult dimSize,
                                                OpFoldResult size,
                                                int64_t count) {
  SmallVector<SplitPiece> pieces;
  for (int64_t i = 0; i < count; ++i) {
    OpFoldResult begin = math.mul(math.constant(i), size);
    OpFoldResult extent =
        i + 1 < count ? size : math.min(size, math.sub(dimSize, begin));
    pieces.push_back({begin, extent});
  }
  return pieces;
}

SmallVector<SplitPiece> frontdoor::piecesOfSizes(ArithIndexBuilder &math,
                                                 ArrayRef<OpFoldResult> sizes) {
  SmallVector<SplitPiece> pieces;
  OpFoldResult begin = math.constant(0);
  for (OpFoldResult size : sizes) {
    pieces.push_back({begin, size});
    begin = math.add(begin, size);
  }
  return pieces;
}

LogicalResult frontdoor::finishWithPieces(
    PatternRewriter &rewriter, Operation *op, RollbackBuilder &rollback,
    Value source, int64_t dim, ArrayRef<SplitPiece> pieces, bool shrink) {
  if (pieces.size() != op->getNumResults())
    return refuse(rewriter, op,
                  "it has " + Twine(op->getNumResults()) + " results for " +
                      Twine(pieces.size()) + " pieces");
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  SmallVector<Value> results;
  for (auto [piece, result] : llvm::zip_equal(pieces, op->getResults())) {
    MixedSliceSpec spec = specOnDim(
        builder, dim, piece.begin,
        shrink ? builder.getIndexAttr(1) : piece.size, builder.getIndexAttr(1));
    if (shrink)
      spec.masks.shrinkAxis = uint64_t(1) << dim;
    std::string why;
    FailureOr<Value> slice =
        buildSlice(builder, loc, source, spec, /*offset=*/true, why);
    FailureOr<Value> handed = failure();
    if (succeeded(slice))
      handed = handOn(builder, loc, *slice, result.getType(), why);
    if (failed(handed))
      return refuse(rewriter, op,
                    "piece " + Twine(results.size()) + ": " + why);
    results.push_back(*handed);
  }
  rollback.commit(rewriter);
  rewriter.replaceOp(op, results);
  return success();
}

LogicalResult
frontdoor::finishWithSlice(PatternRewriter &rewriter, Operation *op,
                           RollbackBuilder &rollback, Value source,
                           const MixedSliceSpec &spec, bool offset) {
  std::string why;
  FailureOr<Value> slice =
      buildSlice(rollback.builder, op->getLoc(), source, spec, offset, why);
  if (failed(slice))
    return refuse(rewriter, op, why);
  return finish(rewriter, op, rollback, *slice);
}

LogicalResult
frontdoor::finishWithUpdate(PatternRewriter &rewriter, Operation *op,
                            RollbackBuilder &rollback, Value value, Value dest,
                            const MixedSliceSpec &spec, bool offset) {
  std::string why;
  FailureOr<Value> update = buildUpdate(rollback.builder, op->getLoc(), value,
                                        dest, spec, offset, why);
  if (failed(update))
    return refuse(rewriter, op, why);
  return finish(rewriter, op, rollback, *update);
}

LogicalResult frontdoor::getRankedInput(PatternRewriter &rewriter,
                                        Operation *op, unsigned numOperands,
                                        TypedValue<RankedTensorType> &input,
                                        bool orMore) {
  unsigned given = op->getNumOperands();
  if (op->getNumResults() != 1 || given < numOperands ||
      (!orMore && given != numOperands))
    return refuse(rewriter, op,
                  "expects " + Twine(orMore ? "at least " : "") +
                      Twine(numOperands) + " operands and 1 result");
  input = dyn_cast<TypedValue<RankedTensorType>>(op->getOperand(0));
  if (!input)
    return refuse(rewriter, op, "the input is not a ranked tensor");
  return success();
}
