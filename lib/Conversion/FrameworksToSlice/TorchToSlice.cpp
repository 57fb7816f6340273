//===- TorchToSlice.cpp - torch-mlir slicing ops to slice -----------------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The torch-mlir front door. torch ops work on `!torch.vtensor` values and
// `!torch.int` scalars; the conversion reads builtin tensors through
// `torch_c.from_builtin_tensor` (or adds a `torch_c.to_builtin_tensor`),
// hands results on through `torch_c.from_builtin_tensor`, and folds the
// pairs of boundary casts that meet, so a function whose slicing ops all
// convert holds no torch op.
//
//===----------------------------------------------------------------------===//

#include "FrontDoor.h"

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::frontdoor;

//===----------------------------------------------------------------------===//
// torch's types
//===----------------------------------------------------------------------===//

RankedTensorType frontdoor::getBuiltinTensorType(Type type) {
  if (auto ranked = dyn_cast<RankedTensorType>(type))
    return ranked;
  auto opaque = dyn_cast<OpaqueType>(type);
  if (!opaque || opaque.getDialectNamespace() != "torch")
    return {};
  StringRef data = opaque.getTypeData().trim();
  if (!data.consume_front("vtensor<[") || !data.consume_back(">"))
    return {};
  auto [shapeText, elementText] = data.split("],");
  SmallVector<int64_t> shape;
  if (!shapeText.trim().empty()) {
    SmallVector<StringRef> sizes;
    shapeText.split(sizes, ',');
    for (StringRef size : sizes) {
      size = size.trim();
      int64_t value;
      if (size == "?")
        shape.push_back(ShapedType::kDynamic);
      else if (!size.getAsInteger(10, value) && value >= 0)
        shape.push_back(value);
      else
        return {};
    }
  }
  elementText = elementText.trim();
  MLIRContext *context = type.getContext();
  Type element;
  unsigned width;
  if ((elementText.starts_with("si") || elementText.starts_with("ui")) &&
      !elementText.drop_front(2).getAsInteger(10, width))
    element = IntegerType::get(context, width);
  else
    element = parseType(elementText, context, nullptr,
                        /*isKnownNullTerminated=*/false);
  // torch's complex dtypes (complex32 is complex<f16>) are builtin complex
  // types in torch-mlir.
  auto complex = dyn_cast_or_null<ComplexType>(element);
  if (!element || (!element.isIntOrIndexOrFloat() &&
                   !(complex && isa<FloatType>(complex.getElementType()))))
    return {};
  return RankedTensorType::get(shape, element);
}

Value frontdoor::fromBuiltinTensor(OpBuilder &builder, Location loc,
                                   Value value, Type torchType) {
  return createNamed(builder, loc, "torch_c.from_builtin_tensor", value,
                     torchType);
}

/// `value` (a vtensor or a builtin tensor) as a builtin tensor.
static Value toBuiltin(OpBuilder &builder, Location loc, Value value) {
  if (isa<RankedTensorType>(value.getType()))
    return value;
  Operation *def = value.getDefiningOp();
  if (def && def->getName().getStringRef() == "torch_c.from_builtin_tensor" &&
      def->getNumOperands() == 1 &&
      isa<RankedTensorType>(def->getOperand(0).getType()))
    return def->getOperand(0);
  RankedTensorType type = getBuiltinTensorType(value.getType());
  if (!type)
    return {};
  return createNamed(builder, loc, "torch_c.to_builtin_tensor", value, type);
}

/// `value` (a !torch.int, a builtin integer or index) as an index.
static OpFoldResult getTorchIndex(OpBuilder &builder, Location loc,
                                  Value value) {
  if (std::optional<int64_t> constant = getConstantInt(value))
    return builder.getIndexAttr(*constant);
  Operation *def = value.getDefiningOp();
  if (def && def->getName().getStringRef() == "torch_c.from_i64" &&
      def->getNumOperands() == 1)
    value = def->getOperand(0);
  if (auto opaque = dyn_cast<OpaqueType>(value.getType());
      opaque && opaque.getDialectNamespace() == "torch" &&
      opaque.getTypeData() == "int")
    value = createNamed(builder, loc, "torch_c.to_i64", value,
                        builder.getI64Type());
  FailureOr<OpFoldResult> index = getScalarIndex(builder, loc, value);
  if (failed(index))
    return {};
  return *index;
}

namespace {
/// The operands every torch slicing op starts with: the builtin input and
/// its normalized constant `dim`.
struct TorchOperands {
  Value input;
  int64_t dim = 0;
};
} // namespace

/// Reads `self` (operand 0) and the constant `dim` (operand `dimIndex`).
static FailureOr<TorchOperands> getTorchOperands(Operation *op,
                                                 RollbackBuilder &rollback,
                                                 unsigned dimIndex,
                                                 std::string &why) {
  if (op->getNumResults() != 1 || op->getNumOperands() <= dimIndex) {
    why = "expects more operands";
    return failure();
  }
  TorchOperands operands;
  operands.input = toBuiltin(rollback.builder, op->getLoc(), op->getOperand(0));
  if (!operands.input) {
    why = "self is not a ranked tensor";
    return failure();
  }
  std::optional<int64_t> dim = getConstantInt(op->getOperand(dimIndex));
  if (!dim) {
    why = "dim is not a constant";
    return failure();
  }
  int64_t rank = cast<RankedTensorType>(operands.input.getType()).getRank();
  std::optional<SmallVector<int64_t>> dims = normalizeDims({*dim}, rank, why);
  if (!dims)
    return failure();
  operands.dim = dims->front();
  return operands;
}

/// The spec of `x[..., start:end:step]` on `dim` from torch operands
/// (`none` start or end: masked); the step must not be 0.
static FailureOr<MixedSliceSpec>
getRangeSpec(Operation *op, RollbackBuilder &rollback, int64_t dim, Value start,
             Value end, Value step, std::string &why) {
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  ArithIndexBuilder math(builder, loc);
  OpFoldResult first = math.constant(0), last = math.constant(0);
  bool noStart = isNone(start), noEnd = isNone(end);
  if (!noStart && !(first = getTorchIndex(builder, loc, start))) {
    why = "start is not an integer";
    return failure();
  }
  if (!noEnd && !(last = getTorchIndex(builder, loc, end))) {
    why = "end is not an integer";
    return failure();
  }
  OpFoldResult stride =
      step ? getTorchIndex(builder, loc, step) : math.constant(1);
  if (!stride) {
    why = "step is not an integer";
    return failure();
  }
  std::optional<int64_t> knownStride = getConstantIntValue(stride);
  if (knownStride == 0) {
    why = "step is 0, which the framework rejects";
    return failure();
  }
  if (!knownStride) {
    Checks checks(builder, loc, op->getName().getStringRef());
    checks.require(math.logicalNot(math.equal(stride, math.constant(0))),
                   "step is 0");
    checks.emit();
  }
  MixedSliceSpec spec = specOnDim(builder, dim, first, last, stride);
  if (noStart)
    spec.masks.begin |= uint64_t(1) << dim;
  if (noEnd)
    spec.masks.end |= uint64_t(1) << dim;
  return spec;
}

/// The spec of `x[..., index]` on `dim` (PyTorch: index in [-n, n), an
/// error otherwise: a refusal when known, a run-time check naming the op).
static FailureOr<MixedSliceSpec>
getIndexSpec(Operation *op, RollbackBuilder &rollback, Value input, int64_t dim,
             Value indexValue, std::string &why) {
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  OpFoldResult index = getTorchIndex(builder, loc, indexValue);
  if (!index) {
    why = "index is not an integer";
    return failure();
  }
  ArithIndexBuilder math(builder, loc);
  OpFoldResult size = tensor::getMixedSize(builder, loc, input, dim);
  Checks checks(builder, loc, op->getName().getStringRef());
  checks.require(atLeast(math, index, math.sub(math.constant(0), size)),
                 "index is out of range");
  checks.require(math.lessThan(index, size), "index is out of range");
  if (!checks.failed().empty()) {
    why = checks.failed().str() + ", which the framework rejects";
    return failure();
  }
  checks.emit();
  // The end of a shrink entry is ignored; begin + 1 prints as `x[i]`.
  std::optional<int64_t> known = getConstantIntValue(index);
  MixedSliceSpec spec =
      specOnDim(builder, dim, index, math.constant(known ? *known + 1 : 0),
                math.constant(1));
  spec.masks.shrinkAxis = uint64_t(1) << dim;
  return spec;
}

/// aten.slice.Tensor(self, dim, start, end, step), aten.select.int(self,
/// dim, index) and their scatters, which take `src` after `self`: a slice,
/// or an update of `self` with `src`.
static LogicalResult convertSliceOrScatter(Operation *op,
                                           PatternRewriter &rewriter,
                                           bool select, bool scatter) {
  unsigned first = scatter ? 2 : 1;
  unsigned count = first + (select ? 2 : 4);
  if (op->getNumOperands() != count)
    return refuse(rewriter, op, "expects " + Twine(count) + " operands");
  RollbackBuilder rollback(op);
  std::string why;
  FailureOr<TorchOperands> operands =
      getTorchOperands(op, rollback, first, why);
  if (failed(operands))
    return refuse(rewriter, op, why);
  FailureOr<MixedSliceSpec> spec =
      select
          ? getIndexSpec(op, rollback, operands->input, operands->dim,
                         op->getOperand(first + 1), why)
          : getRangeSpec(op, rollback, operands->dim, op->getOperand(first + 1),
                         op->getOperand(first + 2), op->getOperand(first + 3),
                         why);
  if (failed(spec))
    return refuse(rewriter, op, why);
  if (!scatter)
    return finishWithSlice(rewriter, op, rollback, operands->input, *spec);
  Value src = toBuiltin(rollback.builder, op->getLoc(), op->getOperand(1));
  if (!src)
    return refuse(rewriter, op, "src is not a ranked tensor");
  return finishWithUpdate(rewriter, op, rollback, src, operands->input, *spec);
}

/// aten.narrow(self, dim, start, length): `length` elements from `start`
/// (wrapped once when negative); a window outside the input is an error.
static LogicalResult convertNarrow(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 4)
    return refuse(rewriter, op, "expects 4 operands");
  RollbackBuilder rollback(op);
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  std::string why;
  FailureOr<TorchOperands> operands = getTorchOperands(op, rollback, 1, why);
  if (failed(operands))
    return refuse(rewriter, op, why);
  OpFoldResult start = getTorchIndex(builder, loc, op->getOperand(2));
  OpFoldResult length = getTorchIndex(builder, loc, op->getOperand(3));
  if (!start || !length)
    return refuse(rewriter, op, "start or length is not an integer");
  ArithIndexBuilder math(builder, loc);
  OpFoldResult size =
      tensor::getMixedSize(builder, loc, operands->input, operands->dim);
  OpFoldResult first = wrapIndex(math, start, size);
  Checks checks(builder, loc, op->getName().getStringRef());
  checks.require(atLeast(math, length, math.constant(0)), "length is negative");
  checks.require(atLeast(math, first, math.constant(0)),
                 "start is out of range");
  checks.require(atMost(math, math.add(first, length), size),
                 "start + length exceeds the dimension");
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  MixedSliceSpec spec =
      specOnDim(builder, operands->dim, first, length, math.constant(1));
  return finishWithSlice(rewriter, op, rollback, operands->input, spec,
                         /*offset=*/true);
}

/// aten.flip(self, dims): stride -1 on the constant `dims`.
static LogicalResult convertFlip(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return refuse(rewriter, op, "expects 2 operands and 1 result");
  RollbackBuilder rollback(op);
  Value input = toBuiltin(rollback.builder, op->getLoc(), op->getOperand(0));
  if (!input)
    return refuse(rewriter, op, "self is not a ranked tensor");
  std::optional<SmallVector<int64_t>> given =
      getConstantInts(op->getOperand(1));
  if (!given)
    return refuse(rewriter, op, "dims are not constant");
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  std::string why;
  std::optional<SmallVector<int64_t>> dims = normalizeDims(*given, rank, why);
  if (!dims)
    return refuse(rewriter, op, why);
  return finishWithSlice(rewriter, op, rollback, input,
                         reverseSpec(rollback.builder, *dims, rank));
}

/// torch_c.to_builtin_tensor(torch_c.from_builtin_tensor(x)) is x.
static LogicalResult foldBoundaryCasts(Operation *op,
                                       PatternRewriter &rewriter) {
  Operation *def =
      op->getNumOperands() == 1 ? op->getOperand(0).getDefiningOp() : nullptr;
  if (!def || def->getName().getStringRef() != "torch_c.from_builtin_tensor" ||
      def->getNumOperands() != 1 || op->getNumResults() != 1)
    return failure();
  Value source = def->getOperand(0);
  Type type = op->getResult(0).getType();
  if (!tensor::CastOp::areCastCompatible(source.getType(), type))
    return failure();
  rewriter.replaceOp(op, castTo(rewriter, op->getLoc(), source, type));
  return success();
}

/// The elements of a `torch.prim.ListConstruct` of ints, each a constant or
/// a run-time value; std::nullopt for any other list.
static std::optional<SmallVector<OpFoldResult>>
getTorchIndexList(OpBuilder &builder, Location loc, Value list) {
  Operation *def = list.getDefiningOp();
  if (!def || def->getName().getStringRef() != "torch.prim.ListConstruct")
    return std::nullopt;
  SmallVector<OpFoldResult> elements;
  for (Value element : def->getOperands()) {
    OpFoldResult index = getTorchIndex(builder, loc, element);
    if (!index)
      return std::nullopt;
    elements.push_back(index);
  }
  return elements;
}

namespace {
/// A torch split of a dimension of `dimSize` elements, by ATen's rules: how
/// many pieces it makes, and piece `i` for any `i` in [0, count).
struct TorchSplit {
  OpFoldResult count;
  bool shrink = false; // unbind: each piece an index
  std::function<SplitPiece(OpFoldResult)> piece;
};
} // namespace

/// The split `split` (aten.split.Tensor, split_with_sizes, chunk,
/// unbind.int, tensor_split.sections) of a dimension of `dimSize`
/// elements, its sizes constants or run-time values, with the checks its
/// operands need; failure with `why` for an op that is not one.
static FailureOr<TorchSplit> getTorchSplit(Operation *split,
                                           ArithIndexBuilder &math,
                                           Checks &checks, OpFoldResult dimSize,
                                           std::string &why) {
  StringRef name = split->getName().getStringRef();
  OpBuilder &builder = math.getBuilder();
  Location loc = split->getLoc();
  OpFoldResult zero = math.constant(0), one = math.constant(1);
  TorchSplit result;
  if (name == "torch.aten.unbind.int") {
    result.shrink = true;
    result.count = dimSize;
    result.piece = [one](OpFoldResult i) { return SplitPiece{i, one}; };
    return result;
  }
  if (name == "torch.aten.split_with_sizes") {
    std::optional<SmallVector<OpFoldResult>> sizes =
        getTorchIndexList(builder, loc, split->getOperand(1));
    if (!sizes) {
      why = "split_sizes is not a list of integers";
      return failure();
    }
    OpFoldResult total = zero;
    for (OpFoldResult size : *sizes) {
      checks.require(math.logicalNot(math.lessThan(size, zero)),
                     "a negative size in split_sizes");
      total = math.add(total, size);
    }
    checks.require(math.equal(total, dimSize),
                   "split_sizes do not add up to the dimension");
    result.count = math.constant(sizes->size());
    SmallVector<SplitPiece> pieces = piecesOfSizes(math, *sizes);
    result.piece = [pieces, &math](OpFoldResult i) {
      if (std::optional<int64_t> known = getConstantIntValue(i))
        return pieces[*known];
      // A run-time index: the piece picked by selects.
      SplitPiece picked = pieces.front();
      for (size_t k = 1; k < pieces.size(); ++k) {
        OpFoldResult is = math.equal(i, math.constant(k));
        picked = {math.select(is, pieces[k].begin, picked.begin),
                  math.select(is, pieces[k].size, picked.size)};
      }
      return picked;
    };
    return result;
  }
  OpFoldResult given = getTorchIndex(builder, loc, split->getOperand(1));
  if (!given) {
    why = "the number of pieces or their size is not an integer";
    return failure();
  }
  auto positive = [&](StringRef what) {
    checks.require(math.lessThan(zero, given), what + " is not positive");
    // Sizes for the pieces' arithmetic when the check fails.
    return math.max(given, one);
  };
  auto ofSize = [&math, dimSize](OpFoldResult size) {
    return [&math, dimSize, size](OpFoldResult i) {
      OpFoldResult begin = math.mul(i, size);
      return SplitPiece{begin, math.min(size, math.sub(dimSize, begin))};
    };
  };
  if (name == "torch.aten.split.Tensor") {
    // Pieces of split_size, the last what is left; an empty dimension is
    // one empty piece.
    OpFoldResult size = positive("split_size");
    result.count = math.max(ceilDiv(math, dimSize, size), one);
    result.piece = ofSize(size);
    return result;
  }
  if (name == "torch.aten.chunk") {
    // ATen: pieces of ceil(size / chunks), as many as that makes (fewer
    // than chunks when they divide unevenly); an empty dimension is
    // `chunks` empty pieces.
    OpFoldResult chunks = positive("chunks");
    OpFoldResult size = ceilDiv(math, dimSize, chunks);
    result.count = math.select(math.equal(dimSize, zero), chunks,
                               ceilDiv(math, dimSize, math.max(size, one)));
    result.piece = ofSize(size);
    return result;
  }
  if (name == "torch.aten.tensor_split.sections") {
    // NumPy's array_split: the first (size % sections) pieces one longer.
    OpFoldResult sections = positive("sections");
    OpFoldResult base = math.divTrunc(dimSize, sections);
    OpFoldResult longer = math.sub(dimSize, math.mul(base, sections));
    result.count = sections;
    result.piece = [&math, base, longer, one](OpFoldResult i) {
      return SplitPiece{
          math.add(math.mul(i, base), math.min(i, longer)),
          math.select(math.lessThan(i, longer), math.add(base, one), base)};
    };
    return result;
  }
  why = "its list does not come from a split";
  return failure();
}

/// The split whose list `list` is, with its input and dimension, or
/// failure with `why`.
static FailureOr<std::pair<Operation *, TorchOperands>>
getSplitOfList(Value list, RollbackBuilder &rollback, std::string &why) {
  Operation *split = list.getDefiningOp();
  StringRef name = split ? split->getName().getStringRef() : StringRef();
  if (!llvm::is_contained({StringRef("torch.aten.split.Tensor"),
                           StringRef("torch.aten.chunk"),
                           StringRef("torch.aten.split_with_sizes"),
                           StringRef("torch.aten.unbind.int"),
                           StringRef("torch.aten.tensor_split.sections")},
                          name)) {
    why = "its list does not come from a split";
    return failure();
  }
  unsigned dimIndex = name == "torch.aten.unbind.int" ? 1 : 2;
  FailureOr<TorchOperands> operands =
      getTorchOperands(split, rollback, dimIndex, why);
  if (failed(operands))
    return failure();
  return std::make_pair(split, *operands);
}

/// torch.prim.ListUnpack (one result per piece) or aten.__getitem__.t (the
/// piece at a constant or run-time index, negative from the back) of the
/// list a split makes (aten.split.Tensor, split_with_sizes, chunk,
/// unbind.int, tensor_split.sections, each with ATen's rules): each
/// result a slice of the split's input; the split goes once nothing else
/// reads its list.
static LogicalResult convertSplitPieces(Operation *op,
                                        PatternRewriter &rewriter) {
  bool unpack = op->getName().getStringRef() == "torch.prim.ListUnpack";
  if (op->getNumOperands() != (unpack ? 1 : 2))
    return refuse(rewriter, op, "expects other operands");
  RollbackBuilder rollback(op);
  std::string why;
  auto found = getSplitOfList(op->getOperand(0), rollback, why);
  if (failed(found))
    return refuse(rewriter, op, why);
  auto [split, operands] = *found;
  Location loc = op->getLoc();
  ArithIndexBuilder math(rollback.builder, loc);
  Checks checks(rollback.builder, loc, split->getName().getStringRef());
  OpFoldResult dimSize =
      tensor::getMixedSize(rollback.builder, loc, operands.input, operands.dim);
  FailureOr<TorchSplit> splitOf =
      getTorchSplit(split, math, checks, dimSize, why);
  if (failed(splitOf))
    return refuse(rewriter, op, why);
  SmallVector<SplitPiece> pieces;
  if (unpack) {
    int64_t count = op->getNumResults();
    checks.require(math.equal(splitOf->count, math.constant(count)),
                   "the input splits in another number of pieces than " +
                       Twine(count));
    for (int64_t i = 0; i < count; ++i)
      pieces.push_back(splitOf->piece(math.constant(i)));
  } else {
    OpFoldResult index =
        getTorchIndex(rollback.builder, loc, op->getOperand(1));
    if (!index)
      return refuse(rewriter, op, "the index is not an integer");
    // Python's list indexing: from the back when negative.
    OpFoldResult zero = math.constant(0);
    OpFoldResult at = math.select(math.lessThan(index, zero),
                                  math.add(index, splitOf->count), index);
    checks.require(math.logicalAnd(math.lessThan(at, splitOf->count),
                                   math.logicalNot(math.lessThan(at, zero))),
                   "list index out of range");
    // In range for the arithmetic when the check fails.
    at = math.max(math.min(at, math.sub(splitOf->count, math.constant(1))),
                  zero);
    pieces.push_back(splitOf->piece(at));
  }
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  if (failed(finishWithPieces(rewriter, op, rollback, operands.input,
                              operands.dim, pieces, splitOf->shrink)))
    return failure();
  if (split->use_empty())
    rewriter.eraseOp(split);
  return success();
}

void mlir::slice::populateTorchToSlicePatterns(RewritePatternSet &patterns) {
  for (auto [name, select, scatter] :
       {std::tuple("torch.aten.slice.Tensor", false, false),
        std::tuple("torch.aten.slice_scatter", false, true),
        std::tuple("torch.aten.select.int", true, false),
        std::tuple("torch.aten.select_scatter", true, true)})
    addConversion(patterns, {name},
                  [select = select, scatter = scatter](
                      Operation *op, PatternRewriter &rewriter) {
                    return convertSliceOrScatter(op, rewriter, select, scatter);
                  });
  addConversion(patterns, {"torch.aten.narrow"}, convertNarrow);
  addConversion(patterns, {"torch.aten.flip"}, convertFlip);
  addConversion(patterns, {"torch.prim.ListUnpack", "torch.aten.__getitem__.t"},
                convertSplitPieces);
  addConversion(patterns, {"torch_c.to_builtin_tensor"}, foldBoundaryCasts);
  addDeadOpCleanup(patterns, {"torch.constant.int", "torch.constant.none",
                              "torch.constant.bool", "torch.prim.ListConstruct",
                              "torch_c.from_i64", "torch_c.to_i64",
                              "torch_c.from_builtin_tensor",
                              "torch_c.to_builtin_tensor"});
}
