//===- TFToSlice.cpp - TensorFlow and TFLite slicing ops to slice ---------===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The TensorFlow (`tf`) and TFLite (`tfl`) front doors. slice.strided means
// TensorFlow's StridedSlice exactly, so most of the work is reading the
// operands; tf.Slice and TFLite's kernels differ where noted.
//
//===----------------------------------------------------------------------===//

#include "FrontDoor.h"

#include "Slice/Conversion/FrameworksToSlice/FrameworksToSlice.h"
#include "Slice/IR/SliceOps.h"
#include "Slice/Semantics/Spec.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::slice;
using namespace mlir::slice::frontdoor;

/// The five masks of a StridedSlice-like op (TF: i64 attributes, TFLite:
/// i32 ones, read as unsigned 32-bit).
static std::optional<SliceMasks> getMasks(Operation *op, bool tflite) {
  SliceMasks masks;
  for (auto [name, field] :
       {std::pair(StringRef("begin_mask"), &masks.begin),
        std::pair(StringRef("end_mask"), &masks.end),
        std::pair(StringRef("ellipsis_mask"), &masks.ellipsis),
        std::pair(StringRef("new_axis_mask"), &masks.newAxis),
        std::pair(StringRef("shrink_axis_mask"), &masks.shrinkAxis)}) {
    std::optional<int64_t> value = getIntAttr(op, name, 0);
    if (!value)
      return std::nullopt;
    *field = tflite ? uint64_t(uint32_t(*value)) : uint64_t(*value);
  }
  return masks;
}

/// begin, end and strides of a StridedSlice-like op from operands
/// `first`, `first + 1` and `first + 2`, or the reason they are not usable.
static FailureOr<MixedSliceSpec> getSpecOperands(OpBuilder &builder,
                                                 Operation *op, bool tflite,
                                                 unsigned first,
                                                 std::string &why) {
  std::optional<SliceMasks> masks = getMasks(op, tflite);
  if (!masks) {
    why = "a mask attribute is not an integer";
    return failure();
  }
  MixedSliceSpec spec;
  spec.masks = *masks;
  if (failed(getIndexOperands(builder, op, first, {"begin", "end", "strides"},
                              {&spec.begin, &spec.end, &spec.strides}, why)))
    return failure();
  return spec;
}

/// TFLite's kernel clamps a shrink index into its dimension (after wrapping
/// a negative one once) where TensorFlow raises; a masked begin on a shrink
/// entry is the first element. Rewrites the begins of `spec` that way.
static void clampShrinkIndices(OpBuilder &builder, Location loc,
                               TypedValue<RankedTensorType> input,
                               MixedSliceSpec &spec, bool offset) {
  std::string error;
  std::optional<DenseSliceSpec> dense = buildDenseSpec(
      getStaticSpec(spec, offset), input.getType().getRank(), error);
  if (!dense)
    return; // The slice's verifier reports it.
  ArithIndexBuilder math(builder, loc);
  for (auto [d, dim] : llvm::enumerate(dense->dims)) {
    if (!dim.shrink || dim.entry < 0)
      continue;
    auto entry = static_cast<unsigned>(dim.entry);
    OpFoldResult index = spec.begin[entry];
    if (isMaskBitSet(spec.masks.begin, entry)) {
      index = math.constant(0);
      spec.masks.begin &= ~(uint64_t(1) << entry);
    }
    OpFoldResult size = tensor::getMixedSize(builder, loc, input, d);
    spec.begin[entry] =
        clampIndex(math, wrapIndex(math, index, size), math.constant(0),
                   math.sub(size, math.constant(1)));
  }
}

/// tf.StridedSlice / tfl.strided_slice: slice.strided with the same spec.
static LogicalResult
convertStridedSlice(Operation *op, PatternRewriter &rewriter, bool tflite) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 4, input)))
    return failure();
  RollbackBuilder rollback(op);
  OpBuilder &builder = rollback.builder;
  std::string why;
  FailureOr<MixedSliceSpec> spec =
      getSpecOperands(builder, op, tflite, /*first=*/1, why);
  if (failed(spec))
    return refuse(rewriter, op, why);
  std::optional<int64_t> offset = getIntAttr(op, "offset", 0);
  if (!offset)
    return refuse(rewriter, op, "'offset' is not a boolean");
  if (tflite)
    clampShrinkIndices(builder, op->getLoc(), input, *spec, *offset);
  return finishWithSlice(rewriter, op, rollback, input, *spec, *offset);
}

/// tf.StridedSliceGrad(shape, begin, end, strides, dy): `dy` written into
/// zeros of `shape` at the slice.
static LogicalResult convertStridedSliceGrad(Operation *op,
                                             PatternRewriter &rewriter) {
  if (op->getNumOperands() != 5 || op->getNumResults() != 1)
    return refuse(rewriter, op, "expects 5 operands and 1 result");
  RollbackBuilder rollback(op);
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  Value dy = op->getOperand(4);
  auto dyType = dyn_cast<RankedTensorType>(dy.getType());
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!dyType || !resultType)
    return refuse(rewriter, op, "dy or the result is not a ranked tensor");
  FailureOr<SmallVector<OpFoldResult>> shape =
      getIndexEntries(builder, loc, op->getOperand(0));
  if (failed(shape) || int64_t(shape->size()) != resultType.getRank())
    return refuse(rewriter, op,
                  "shape is not a 1-D integer tensor of the result's rank");
  // The zeros: static where `shape` or the result type says so.
  SmallVector<int64_t> sizes;
  SmallVector<Value> dynamicSizes;
  ArithIndexBuilder math(builder, loc);
  for (auto [d, size] : llvm::enumerate(*shape)) {
    std::optional<int64_t> known = getConstantIntValue(size);
    int64_t declared = resultType.getDimSize(d);
    if (known && !ShapedType::isDynamic(declared) && *known != declared)
      return refuse(rewriter, op,
                    "shape says " + Twine(*known) + " elements in dimension " +
                        Twine(d) + ", the result type " + Twine(declared));
    if (known && *known < 0)
      return refuse(rewriter, op,
                    "shape has the negative size " + Twine(*known));
    sizes.push_back(known ? *known : declared);
    if (ShapedType::isDynamic(sizes.back()))
      dynamicSizes.push_back(math.materialize(size));
  }
  auto zeroAttr =
      dyn_cast_or_null<TypedAttr>(builder.getZeroAttr(dyType.getElementType()));
  if (!zeroAttr)
    return refuse(rewriter, op, "its element type has no zero");
  Value zero = arith::ConstantOp::create(builder, loc, zeroAttr);
  Value zeros = tensor::SplatOp::create(
      builder, loc, zero, RankedTensorType::get(sizes, dyType.getElementType()),
      dynamicSizes);
  std::string why;
  FailureOr<MixedSliceSpec> spec =
      getSpecOperands(builder, op, /*tflite=*/false, /*first=*/1, why);
  if (failed(spec))
    return refuse(rewriter, op, why);
  return finishWithUpdate(rewriter, op, rollback, dy, zeros, *spec);
}

/// Whether `valueType` has exactly the shape of the slice `spec` of
/// `destType` selects where both are known (TensorFlow does not broadcast
/// an update's value).
static bool hasSliceShape(RankedTensorType valueType, RankedTensorType destType,
                          const MixedSliceSpec &spec) {
  std::string error;
  std::optional<RankedTensorType> sliceType =
      inferSliceType(destType, getStaticSpec(spec, false), error);
  if (!sliceType || sliceType->getRank() != valueType.getRank())
    return false;
  for (auto [a, b] : llvm::zip(sliceType->getShape(), valueType.getShape()))
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b)
      return false;
  return true;
}

/// tf.TensorStridedSliceUpdate(input, begin, end, strides, value).
static LogicalResult convertStridedSliceUpdate(Operation *op,
                                               PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 5, input)))
    return failure();
  Value value = op->getOperand(4);
  auto valueType = dyn_cast<RankedTensorType>(value.getType());
  if (!valueType)
    return refuse(rewriter, op, "value is not a ranked tensor");
  RollbackBuilder rollback(op);
  OpBuilder &builder = rollback.builder;
  std::string why;
  FailureOr<MixedSliceSpec> spec =
      getSpecOperands(builder, op, /*tflite=*/false, /*first=*/1, why);
  if (failed(spec))
    return refuse(rewriter, op, why);
  if (!hasSliceShape(valueType, input.getType(), *spec))
    return refuse(rewriter, op,
                  "value does not have the slice's shape (TensorFlow does not "
                  "broadcast it)");
  return finishWithUpdate(rewriter, op, rollback, value, input, *spec);
}

/// tf.Slice / tfl.slice(input, begin, size): `size` elements from `begin`
/// in each dimension, -1 to the end. Neither wraps nor clamps: a window
/// outside the input is an error (a refusal when known, a run-time check
/// naming the op otherwise). An offset-mode slice keeps the result static
/// for constant sizes.
static LogicalResult convertSlice(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 3, input)))
    return failure();
  RollbackBuilder rollback(op);
  SmallVector<OpFoldResult> begin, size;
  if (failed(getIndexOperands(rewriter, rollback, op, 1, {"begin", "size"},
                              {&begin, &size})))
    return failure();
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  if (int64_t(begin.size()) != input.getType().getRank() ||
      size.size() != begin.size())
    return refuse(rewriter, op, "begin and size do not match the input's rank");
  ArithIndexBuilder math(builder, loc);
  Checks checks(builder, loc, op->getName().getStringRef());
  MixedSliceSpec spec;
  for (auto [d, first, count] : llvm::enumerate(begin, size)) {
    OpFoldResult dim =
        tensor::getMixedSize(math.getBuilder(), op->getLoc(), input, d);
    std::string where = "dimension " + std::to_string(d);
    checks.require(atLeast(math, first, math.constant(0)),
                   "begin of " + where + " is negative");
    spec.begin.push_back(first);
    spec.strides.push_back(math.constant(1));
    if (getConstantIntValue(count) == -1) {
      checks.require(atMost(math, first, dim),
                     "begin of " + where + " is past its end");
      spec.end.push_back(math.constant(0));
      spec.masks.end |= uint64_t(1) << d;
      continue;
    }
    checks.require(atLeast(math, count, math.constant(-1)),
                   "size of " + where + " is below -1");
    OpFoldResult extent =
        getConstantIntValue(count)
            ? count
            : math.select(math.equal(count, math.constant(-1)),
                          math.sub(dim, first), count);
    checks.require(atMost(math, math.add(first, extent), dim),
                   "the window of " + where + " leaves the input");
    spec.end.push_back(extent);
  }
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  return finishWithSlice(rewriter, op, rollback, input, spec, true);
}

/// tf.ReverseV2 / tfl.reverse_v2(tensor, axis): stride -1 on the named
/// dimensions.
static LogicalResult convertReverse(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input;
  if (failed(getRankedInput(rewriter, op, 2, input)))
    return failure();
  RollbackBuilder rollback(op);
  std::optional<SmallVector<int64_t>> axes = getConstantInts(op->getOperand(1));
  if (!axes)
    return refuse(rewriter, op, "the axes are not constant");
  std::string why;
  std::optional<SmallVector<int64_t>> dims =
      normalizeDims(*axes, input.getType().getRank(), why);
  if (!dims)
    return refuse(rewriter, op, why);
  return finishWithSlice(
      rewriter, op, rollback, input,
      reverseSpec(rollback.builder, *dims, input.getType().getRank()));
}

/// The ranked input of a split, operand `index` of `op`.
static TypedValue<RankedTensorType> getSplitInput(Operation *op,
                                                  unsigned index) {
  if (op->getNumOperands() <= index)
    return {};
  return dyn_cast<TypedValue<RankedTensorType>>(op->getOperand(index));
}

/// tf.Split / tfl.split(split_dim, value): as many equal pieces as the op
/// has results; a dimension they do not divide is an error.
static LogicalResult convertSplit(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input = getSplitInput(op, 1);
  if (!input || op->getNumResults() == 0)
    return refuse(rewriter, op, "value is not a ranked tensor");
  std::string why;
  FailureOr<int64_t> dim =
      getSplitDim(op->getOperand(0), input.getType().getRank(), why);
  if (failed(dim))
    return refuse(rewriter, op, why);
  RollbackBuilder rollback(op);
  Location loc = op->getLoc();
  ArithIndexBuilder math(rollback.builder, loc);
  Checks checks(rollback.builder, loc, op->getName().getStringRef());
  int64_t count = op->getNumResults();
  OpFoldResult dimSize =
      tensor::getMixedSize(rollback.builder, loc, input, *dim);
  OpFoldResult size = math.divTrunc(dimSize, math.constant(count));
  checks.require(math.equal(math.mul(size, math.constant(count)), dimSize),
                 "dimension " + Twine(*dim) + " does not split in " +
                     Twine(count) + " equal pieces");
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  SmallVector<OpFoldResult> sizes(count, size);
  return finishWithPieces(rewriter, op, rollback, input, *dim,
                          piecesOfSizes(math, sizes), /*shrink=*/false);
}

/// tf.SplitV / tfl.split_v(value, size_splits, split_dim): pieces of the
/// given sizes, one of which may be -1 (what the others leave); they must
/// add up to the dimension.
static LogicalResult convertSplitV(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input = getSplitInput(op, 0);
  if (!input || op->getNumOperands() != 3)
    return refuse(rewriter, op, "value is not a ranked tensor");
  std::string why;
  FailureOr<int64_t> dim =
      getSplitDim(op->getOperand(2), input.getType().getRank(), why);
  if (failed(dim))
    return refuse(rewriter, op, why);
  RollbackBuilder rollback(op);
  Location loc = op->getLoc();
  FailureOr<SmallVector<OpFoldResult>> given =
      getIndexEntries(rollback.builder, loc, op->getOperand(1));
  if (failed(given))
    return refuse(rewriter, op,
                  "size_splits is not a 1-D integer tensor of static length");
  ArithIndexBuilder math(rollback.builder, loc);
  Checks checks(rollback.builder, loc, op->getName().getStringRef());
  OpFoldResult zero = math.constant(0), one = math.constant(1),
               minusOne = math.constant(-1);
  OpFoldResult known = zero, inferred = zero;
  for (OpFoldResult size : *given) {
    checks.require(atLeast(math, size, minusOne),
                   "a size below -1 in size_splits");
    OpFoldResult isInferred = math.equal(size, minusOne);
    known = math.add(known, math.select(isInferred, zero, size));
    inferred = math.add(inferred, math.select(isInferred, one, zero));
  }
  checks.require(atMost(math, inferred, one),
                 "more than one -1 in size_splits");
  OpFoldResult dimSize =
      tensor::getMixedSize(rollback.builder, loc, input, *dim);
  OpFoldResult rest = math.sub(dimSize, known);
  OpFoldResult none = math.equal(inferred, zero);
  checks.require(math.logicalOr(math.logicalAnd(none, math.equal(rest, zero)),
                                math.logicalAnd(math.logicalNot(none),
                                                atLeast(math, rest, zero))),
                 "size_splits do not add up to dimension " + Twine(*dim));
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  SmallVector<OpFoldResult> sizes;
  for (OpFoldResult size : *given)
    sizes.push_back(math.select(math.equal(size, minusOne), rest, size));
  return finishWithPieces(rewriter, op, rollback, input, *dim,
                          piecesOfSizes(math, sizes), /*shrink=*/false);
}

/// tf.Unpack / tfl.unpack(value) {num, axis}: each index of `axis` with
/// the dimension dropped; the dimension must have `num` (the results).
static LogicalResult convertUnpack(Operation *op, PatternRewriter &rewriter) {
  TypedValue<RankedTensorType> input = getSplitInput(op, 0);
  if (!input || op->getNumOperands() != 1)
    return refuse(rewriter, op, "value is not a ranked tensor");
  std::string why;
  FailureOr<int64_t> axis =
      getAxisAttr(op, "axis", input.getType().getRank(), why);
  if (failed(axis))
    return refuse(rewriter, op, why);
  int64_t dim = *axis;
  RollbackBuilder rollback(op);
  Location loc = op->getLoc();
  ArithIndexBuilder math(rollback.builder, loc);
  Checks checks(rollback.builder, loc, op->getName().getStringRef());
  int64_t count = op->getNumResults();
  checks.require(
      math.equal(tensor::getMixedSize(rollback.builder, loc, input, dim),
                 math.constant(count)),
      "dimension " + Twine(dim) + " does not have " + Twine(count) +
          " elements");
  if (failed(checks.refuseOrEmit(rewriter, op)))
    return failure();
  SmallVector<SplitPiece> pieces;
  for (int64_t i = 0; i < count; ++i)
    pieces.push_back({math.constant(i), math.constant(1)});
  return finishWithPieces(rewriter, op, rollback, input, dim, pieces,
                          /*shrink=*/true);
}

namespace mlir {
namespace slice {
namespace frontdoor {
LogicalResult convertClampedUpdate(Operation *op, PatternRewriter &rewriter,
                                   RollbackBuilder &rollback, Value operand,
                                   Value update,
                                   ArrayRef<OpFoldResult> starts) {
  OpBuilder &builder = rollback.builder;
  Location loc = op->getLoc();
  auto operandType = dyn_cast<RankedTensorType>(operand.getType());
  auto updateType = dyn_cast<RankedTensorType>(update.getType());
  if (!operandType || !updateType ||
      updateType.getRank() != operandType.getRank() ||
      int64_t(starts.size()) != operandType.getRank())
    return refuse(rewriter, op,
                  "operand, update and start indices are not of one rank");
  ArithIndexBuilder math(builder, loc);
  MixedSliceSpec spec;
  for (auto [d, start] : llvm::enumerate(starts)) {
    OpFoldResult size =
        tensor::getMixedSize(math.getBuilder(), op->getLoc(), update, d);
    spec.begin.push_back(
        clampIndex(math, start, math.constant(0),
                   math.sub(tensor::getMixedSize(math.getBuilder(),
                                                 op->getLoc(), operand, d),
                            size)));
    spec.end.push_back(size);
    spec.strides.push_back(math.constant(1));
  }
  return finishWithUpdate(rewriter, op, rollback, update, operand, spec, true);
}
} // namespace frontdoor
} // namespace slice
} // namespace mlir

/// tfl.dynamic_update_slice(operand, update, start_indices).
static LogicalResult convertTFLDynamicUpdateSlice(Operation *op,
                                                  PatternRewriter &rewriter) {
  if (op->getNumOperands() != 3 || op->getNumResults() != 1)
    return refuse(rewriter, op, "expects 3 operands and 1 result");
  RollbackBuilder rollback(op);
  FailureOr<SmallVector<OpFoldResult>> starts =
      getIndexEntries(rollback.builder, op->getLoc(), op->getOperand(2));
  if (failed(starts))
    return refuse(rewriter, op,
                  "start_indices is not a 1-D integer tensor of static length");
  return convertClampedUpdate(op, rewriter, rollback, op->getOperand(0),
                              op->getOperand(1), *starts);
}

void mlir::slice::populateTFToSlicePatterns(RewritePatternSet &patterns) {
  addConversion(patterns, {"tf.StridedSlice"},
                [](Operation *op, PatternRewriter &rewriter) {
                  return convertStridedSlice(op, rewriter, /*tflite=*/false);
                });
  addConversion(patterns, {"tf.StridedSliceGrad"}, convertStridedSliceGrad);
  addConversion(patterns, {"tf.TensorStridedSliceUpdate"},
                convertStridedSliceUpdate);
  addConversion(patterns, {"tf.Slice"}, convertSlice);
  addConversion(patterns, {"tf.ReverseV2"}, convertReverse);
  addConversion(patterns, {"tf.Split"}, convertSplit);
  addConversion(patterns, {"tf.SplitV"}, convertSplitV);
  addConversion(patterns, {"tf.Unpack"}, convertUnpack);
  addDeadOpCleanup(patterns, {"tf.Const"});
}

void mlir::slice::populateTFLToSlicePatterns(RewritePatternSet &patterns) {
  addConversion(patterns, {"tfl.strided_slice"},
                [](Operation *op, PatternRewriter &rewriter) {
                  return convertStridedSlice(op, rewriter, /*tflite=*/true);
                });
  addConversion(patterns, {"tfl.slice"}, convertSlice);
  addConversion(patterns, {"tfl.reverse_v2"}, convertReverse);
  addConversion(patterns, {"tfl.split"}, convertSplit);
  addConversion(patterns, {"tfl.split_v"}, convertSplitV);
  addConversion(patterns, {"tfl.unpack"}, convertUnpack);
  addConversion(patterns, {"tfl.dynamic_update_slice"},
                convertTFLDynamicUpdateSlice);
  addDeadOpCleanup(patterns, {"tfl.pseudo_const"});
}
