//===- FrontDoor.h - What the framework conversions share ------*- C++ -*-===//
//
// Part of the slice project, under the Apache License v2.0 with LLVM
// Exceptions. See the LICENSE file for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Private to FrameworksToSlice/: reading framework constants and attributes
// by name, index arithmetic that folds what is known, run-time checks that
// name the framework op, and building slice ops after checking their spec
// (a refusal, never an invalid op).
//
//===----------------------------------------------------------------------===//

#ifndef SLICE_LIB_CONVERSION_FRAMEWORKSTOSLICE_FRONTDOOR_H
#define SLICE_LIB_CONVERSION_FRAMEWORKSTOSLICE_FRONTDOOR_H

#include "Slice/IR/SliceInterfaces.h"
#include "Slice/Semantics/Arith/SliceArith.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

#include <functional>

namespace mlir {
namespace slice {
namespace frontdoor {

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Converts one framework op; fails through `refuse` with the reason.
using ConvertFn =
    std::function<LogicalResult(Operation *op, PatternRewriter &rewriter)>;

/// A pattern rooted at the op named `name` (registered or not).
class NamedOpPattern : public RewritePattern {
public:
  NamedOpPattern(StringRef name, ConvertFn convert, MLIRContext *context)
      : RewritePattern(name, /*benefit=*/1, context),
        convert(std::move(convert)) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    return convert(op, rewriter);
  }

private:
  ConvertFn convert;
};

/// Adds `convert` for each of `names`.
void addConversion(RewritePatternSet &patterns, ArrayRef<StringRef> names,
                   const ConvertFn &convert);

/// Adds the cleanup of dead framework constants and boundary casts named
/// `names` (an unregistered op counts as having side effects, so nothing
/// else erases them).
void addDeadOpCleanup(RewritePatternSet &patterns, ArrayRef<StringRef> names);

/// Fails the match with "'<op>' stays: <why>", which the passes report as
/// a remark under `report-refusals`.
LogicalResult refuse(PatternRewriter &rewriter, Operation *op,
                     const Twine &why);

//===----------------------------------------------------------------------===//
// Reading the framework's IR
//===----------------------------------------------------------------------===//

/// The integers a framework constant holds: the `value` of tf.Const,
/// tfl.pseudo_const, stablehlo.constant, mhlo.constant, onnx.Constant or
/// arith.constant (integer tensor or scalar), a torch.constant.int, or a
/// torch.prim.ListConstruct of such.
std::optional<SmallVector<int64_t>> getConstantInts(Value value);

/// The single integer of a constant `value`, if it holds exactly one.
std::optional<int64_t> getConstantInt(Value value);

/// Whether `value` is a framework `none` (torch.constant.none,
/// onnx.NoValue, a value of NoneType or !torch.none).
bool isNone(Value value);

/// An integer attribute of `op` (an IntegerAttr of any width, or a
/// BoolAttr), `defaultValue` when absent, std::nullopt when of another
/// kind.
std::optional<int64_t> getIntAttr(Operation *op, StringRef name,
                                  int64_t defaultValue);

/// An attribute list of integers: `array<i64: ...>`, a dense integer
/// elements attribute or an array of integer attributes.
std::optional<SmallVector<int64_t>> getIntListAttr(Operation *op,
                                                   StringRef name);

/// The entries of the 1-D integer tensor `value` as index values:
/// attributes for a constant, `tensor.extract` + `arith.index_cast` of each
/// element otherwise (its length must be static).
FailureOr<SmallVector<OpFoldResult>> getIndexEntries(OpBuilder &builder,
                                                     Location loc, Value value);

/// The entries of the 1-D index tensors `first`, `first + 1`, ... of `op`,
/// one per list of `lists` (getIndexEntries), or failure with `why` saying
/// which (`names`) is not a 1-D integer tensor of static length.
LogicalResult getIndexOperands(OpBuilder &builder, Operation *op,
                               unsigned first, ArrayRef<StringRef> names,
                               ArrayRef<SmallVector<OpFoldResult> *> lists,
                               std::string &why);

/// One index from a 0-D or single-element integer tensor, an integer or an
/// index value (constant: an attribute).
FailureOr<OpFoldResult> getScalarIndex(OpBuilder &builder, Location loc,
                                       Value value);

/// `dims` with negative entries counted from the back, or std::nullopt
/// (with `error`) for one outside [-rank, rank) or one named twice.
std::optional<SmallVector<int64_t>>
normalizeDims(ArrayRef<int64_t> dims, int64_t rank, std::string &error);

//===----------------------------------------------------------------------===//
// Index arithmetic (ArithIndexBuilder: constants fold, conditions are
// BoolAttrs when known)
//===----------------------------------------------------------------------===//

/// max(lo, min(value, hi)).
OpFoldResult clampIndex(ArithIndexBuilder &math, OpFoldResult value,
                        OpFoldResult lo, OpFoldResult hi);

/// `value < 0 ? value + size : value` (a negative index wrapped once).
OpFoldResult wrapIndex(ArithIndexBuilder &math, OpFoldResult value,
                       OpFoldResult size);

/// `a >= b` and `a <= b`.
OpFoldResult atLeast(ArithIndexBuilder &math, OpFoldResult a, OpFoldResult b);
OpFoldResult atMost(ArithIndexBuilder &math, OpFoldResult a, OpFoldResult b);

/// Collects the run-time checks a framework op needs and emits each as a
/// `cf.assert` whose message names the op. A check that folds to true is
/// dropped; one that folds to false is a compile-time failure (the op is
/// refused instead: the framework rejects it too).
class Checks {
public:
  Checks(OpBuilder &builder, Location loc, StringRef opName)
      : builder(builder), loc(loc), opName(opName.str()) {}

  /// Requires `condition` (a BoolAttr when known); the message is
  /// "<op>: <what>".
  void require(OpFoldResult condition, const Twine &what);
  /// The first check known to fail, or empty.
  StringRef failed() const { return failure; }
  /// Emits the unknown checks; call once the op converts.
  void emit();
  /// Refuses `op` for the first check known to fail, or emits the checks.
  LogicalResult refuseOrEmit(PatternRewriter &rewriter, Operation *op);

private:
  OpBuilder &builder;
  Location loc;
  std::string opName;
  std::string failure;
  SmallVector<std::pair<Value, std::string>> pending;
};

//===----------------------------------------------------------------------===//
// Building slice ops
//===----------------------------------------------------------------------===//

/// A slice.strided of `source` with `spec`, or failure with the verifier's
/// reason in `why` (nothing is built then).
FailureOr<Value> buildSlice(OpBuilder &builder, Location loc, Value source,
                            const MixedSliceSpec &spec, bool offset,
                            std::string &why);

/// A slice.strided_update of `value` into `dest` with `spec`, or failure
/// with the reason in `why`.
FailureOr<Value> buildUpdate(OpBuilder &builder, Location loc, Value value,
                             Value dest, const MixedSliceSpec &spec,
                             bool offset, std::string &why);

/// The spec of `x[:, ..., :, <entry>]` with `entry` on dimension `dim`:
/// every earlier dimension whole (begin and end masks).
MixedSliceSpec specOnDim(OpBuilder &builder, int64_t dim, OpFoldResult begin,
                         OpFoldResult end, OpFoldResult stride);

/// The spec that reverses dimensions `dims` (normalized) of a rank-`rank`
/// tensor.
MixedSliceSpec reverseSpec(OpBuilder &builder, ArrayRef<int64_t> dims,
                           int64_t rank);

/// `type` as MLIR prints it, for refusal reasons.
std::string typeString(Type type);

/// `value` with type `type`: itself, or a tensor.cast to it.
Value castTo(OpBuilder &builder, Location loc, Value value, Type type);

/// An OpBuilder before `op` that remembers what it creates: a conversion
/// that fails halfway (a refusal) erases it again, since a failing pattern
/// must leave the IR as it was; one that succeeds hands it to the
/// rewriter's listener (`commit`).
class RollbackBuilder : public OpBuilder::Listener {
public:
  explicit RollbackBuilder(Operation *op);
  ~RollbackBuilder() override;
  RollbackBuilder(const RollbackBuilder &) = delete;
  RollbackBuilder &operator=(const RollbackBuilder &) = delete;

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;
  /// Keeps what was built and tells `rewriter`'s listener about it.
  void commit(PatternRewriter &rewriter);

  OpBuilder builder;

private:
  SmallVector<Operation *> created;
  bool committed = false;
};

/// The builtin tensor type of a value of `type`: itself for a ranked
/// tensor; for torch's `!torch.vtensor<[d0,d1,...],dtype>` (`?` a dynamic
/// size) the ranked tensor of its shape, every integer dtype (`si*`,
/// `ui*`, `i1`) signless as torch-mlir's backend type conversion makes it
/// (`!torch.vtensor<[6],ui8>` <-> `tensor<6xi8>`), floats and complex
/// dtypes as they are; null for anything else (an unranked
/// `vtensor<*,f32>` included). TorchToSlice.cpp, with torch's other types.
RankedTensorType getBuiltinTensorType(Type type);

/// The builtin tensor `value` handed on as `torchType` (a
/// `!torch.vtensor`), through torch_c.from_builtin_tensor.
Value fromBuiltinTensor(OpBuilder &builder, Location loc, Value value,
                        Type torchType);

/// Creates the op `name` (registered or not) with one operand and one
/// result.
Value createNamed(OpBuilder &builder, Location loc, StringRef name,
                  Value operand, Type resultType);

/// Replaces `op`'s single result by `value`, cast to the result's type (a
/// tensor.cast, and torch_c.from_builtin_tensor for a torch value tensor),
/// and commits what `rollback` built; refuses (erasing it) when the result
/// type does not match `value`'s.
LogicalResult finish(PatternRewriter &rewriter, Operation *op,
                     RollbackBuilder &rollback, Value value);

/// One piece of a split along a dimension: `size` elements from `begin`
/// (offset mode), or the index `begin` alone when the split shrinks.
struct SplitPiece {
  OpFoldResult begin, size;
};

/// Replaces each result of `op` by its piece of `source` along `dim` (a
/// slice.strided view, shrinking `dim` when `shrink`: unbind, unpack),
/// each handed on as `finish` does; refuses when the pieces do not match
/// the results in number or type.
LogicalResult finishWithPieces(PatternRewriter &rewriter, Operation *op,
                               RollbackBuilder &rollback, Value source,
                               int64_t dim, ArrayRef<SplitPiece> pieces,
                               bool shrink);

/// The pieces of a dimension of size `dimSize` split in `count` pieces
/// of `size` elements but the last, which gets what is left (torch's
/// split and chunk, ONNX's Split by `num_outputs`): piece i starts at
/// i * size, min(size, dimSize - i * size) long. The caller checks that
/// the last piece is not empty.
SmallVector<SplitPiece> piecesOfSize(ArithIndexBuilder &math,
                                     OpFoldResult dimSize, OpFoldResult size,
                                     int64_t count);

/// The dimension a split runs along: the constant `value` (a 0-D or
/// single-element tensor, an integer) in [-rank, rank), counted from the
/// back when negative; failure with `why` otherwise.
FailureOr<int64_t> getSplitDim(Value value, int64_t rank, std::string &why);

/// The integer attribute `name` of `op` (default 0) as a dimension of a
/// rank-`rank` input, counted from the back when negative; failure with
/// `why` when it is not in [-rank, rank).
FailureOr<int64_t> getAxisAttr(Operation *op, StringRef name, int64_t rank,
                               std::string &why);

/// `a / b` rounded up, for a >= 0 and b > 0.
OpFoldResult ceilDiv(ArithIndexBuilder &math, OpFoldResult a, OpFoldResult b);

/// The pieces of the sizes `sizes`, one after the other.
SmallVector<SplitPiece> piecesOfSizes(ArithIndexBuilder &math,
                                      ArrayRef<OpFoldResult> sizes);

/// Builds the slice.strided of `source` with `spec` and finishes `op` with
/// it, or refuses with the verifier's reason.
LogicalResult finishWithSlice(PatternRewriter &rewriter, Operation *op,
                              RollbackBuilder &rollback, Value source,
                              const MixedSliceSpec &spec, bool offset = false);

/// Builds the slice.strided_update of `value` into `dest` with `spec` and
/// finishes `op` with it, or refuses with the reason.
LogicalResult finishWithUpdate(PatternRewriter &rewriter, Operation *op,
                               RollbackBuilder &rollback, Value value,
                               Value dest, const MixedSliceSpec &spec,
                               bool offset = false);

/// Checks that `op` has `numOperands` operands (at least that many when
/// `orMore`) and one result, and that operand 0 is a ranked tensor; sets
/// `input` to it or refuses.
LogicalResult getRankedInput(PatternRewriter &rewriter, Operation *op,
                             unsigned numOperands,
                             TypedValue<RankedTensorType> &input,
                             bool orMore = false);

/// As getIndexOperands (built with `rollback`), refusing `op` with the
/// reason.
LogicalResult getIndexOperands(PatternRewriter &rewriter,
                               RollbackBuilder &rollback, Operation *op,
                               unsigned first, ArrayRef<StringRef> names,
                               ArrayRef<SmallVector<OpFoldResult> *> lists);

/// dynamic_update_slice of XLA, TFLite and StableHLO: `update` written into
/// `operand` at `starts`, each clamped to [0, dim - size] (never wrapped);
/// finishes or refuses `op`.
LogicalResult convertClampedUpdate(Operation *op, PatternRewriter &rewriter,
                                   RollbackBuilder &rollback, Value operand,
                                   Value update, ArrayRef<OpFoldResult> starts);

} // namespace frontdoor
} // namespace slice
} // namespace mlir

#endif // SLICE_LIB_CONVERSION_FRAMEWORKSTOSLICE_FRONTDOOR_H
